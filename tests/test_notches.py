"""A wheel turn watched a notch at a time (``desktop/_notches.py``): on a stand-in
screen whose area scrolls as a block, changes in place, or holds still. The live half
(a Tk text that brings a spin box under the pointer) is ``tests/test_live_wheel_watched.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import TargetError
from tiny_computer_agent.desktop import _notches
from tiny_computer_agent.desktop._notches import can_watch, watched_turn
from tiny_computer_agent.desktop._ring import RawFrame

np = pytest.importorskip("numpy")

AREA = (0, 0, 40, 80)


class Page:
    """80 rows of 40 RGB pixels, each row its own pattern; a notch down moves them up
    ``step`` rows, until the end; at ``value_at`` notches a spin box is under the pointer
    and the next notch changes its digits in place."""

    def __init__(self, step: int = 10, value_at: int | None = None, end: int = 99) -> None:
        rows = np.arange(300, dtype=np.uint8).reshape(300, 1, 1)
        self.content = np.concatenate([rows, rows * 3 % 251, rows * 7 % 253], axis=2)
        self.content = np.repeat(self.content, 40, axis=1)
        self.content[:, ::5, :] = 255 - self.content[:, ::5, :]  # every row inked
        self.top, self.step, self.value_at, self.end = 0, step, value_at, end
        self.notches, self.value = 0, 0

    def scroll(self, clicks: int) -> None:
        if clicks < 0 and self.value_at is not None and self.notches >= self.value_at:
            self.value -= 1  # the spin box under the pointer takes it
            return
        if clicks > 0 and self.value_at is not None and self.notches >= self.value_at:
            self.value += 1
            return
        if clicks < 0 and self.notches < self.end:
            self.notches += 1
            self.top += self.step

    def _region_shot(self, area: tuple[int, int, int, int]) -> RawFrame:
        view = self.content[self.top : self.top + 80].copy()
        if self.value:
            view[40:50, 0:20] = 0  # the spin box's digits
        return RawFrame(data=view.tobytes(), width=40, height=80, mode="RGB")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_notches, "LOOK_EVERY", 0.0)


def test_a_turn_that_scrolls_sends_every_notch() -> None:
    page = Page()
    assert watched_turn(page, page, -1, 3, AREA) == 3
    assert page.top == 30


def test_a_turn_stops_where_nothing_moves_any_more() -> None:
    page = Page(end=1)
    assert watched_turn(page, page, -1, 3, AREA) == 1


def test_a_notch_that_changes_something_in_place_is_turned_back_and_stops_the_turn() -> None:
    page = Page(value_at=2)
    with pytest.raises(TargetError, match="notch 3 of 3 changed something under the pointer"):
        watched_turn(page, page, -1, 3, AREA)
    assert page.value == 0  # turned back
    assert page.top == 20  # the two notches that scrolled stay scrolled


def test_a_turn_is_watched_only_where_it_can_be() -> None:
    page = Page()
    assert can_watch(page, AREA)
    assert not can_watch(page, (0, 0, 40, 20))  # too low to tell a scroll
    assert not can_watch(page, None)
    assert not can_watch(object(), AREA)  # a screen that shoots no regions
    assert not can_watch(None, AREA)


def test_the_gui_gets_single_notches(monkeypatch: pytest.MonkeyPatch) -> None:
    page = Page()
    sent: list[Any] = []

    class Gui:
        def scroll(self, clicks: int) -> None:
            sent.append(clicks)
            page.scroll(clicks)

    watched_turn(Gui(), page, -1, 2, AREA)
    assert sent == [-1, -1]


def test_a_notch_that_scrolls_further_than_the_area_is_tall_is_a_scroll() -> None:
    page = Page(step=100)  # Tk's list box moves five rows a notch: nothing left to match
    assert watched_turn(page, page, -1, 2, AREA) == 2
    assert page.top == 200
