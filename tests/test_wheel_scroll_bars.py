"""The wheel turns over the scroll bar the accessibility tree shows (issue 37): the
pointer stays on the bar while the content moves beside it, so no value control the
content holds or brings can come under it. See :func:`tiny_computer_agent._wheel.
scroll_bar_point`; the live half is in ``tests/test_live_controls.py`` (zenity's list).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.helpers import armed, rule_of
from tests.test_wheel_value_controls import DOWN, SIZE, WIN, el, rows_holding
from tiny_computer_agent import Action, Element, Observation, PolicyRefusal, TargetError, Window
from tiny_computer_agent._elements import FrameMapping
from tiny_computer_agent._wheel import scroll_spot, wheel_point
from tiny_computer_agent.desktop._a11y import (
    SCROLL_BAR,
    A11yNode,
    A11ySnapshot,
    scrollbar_boxes,
    to_elements,
)
from tiny_computer_agent.records._schema import TraceReader

#: the list's bar: at its right edge, as tall as its rows
BAR = (1402, 100, 1414, 450)


def screen(*elements: Element, bars: tuple[tuple[int, int, int, int], ...] = (BAR,),
           windows: tuple[Window, ...] = (WIN,)) -> Observation:  # fmt: skip
    return Observation.of(elements, size=SIZE, windows=windows, scrollbars=bars)


def test_a_list_whose_every_row_holds_a_slider_is_wheeled_over_its_bar() -> None:
    rows = rows_holding("slider")
    with_bar, without = screen(*rows), screen(*rows, bars=())
    assert scroll_spot(without) is None  # no pixel of it is clear of the sliders
    spot = scroll_spot(with_bar, ("down", 3))
    assert spot is not None
    assert wheel_point(spot, with_bar, ("down", 3)) == (1408.0, 275.0)
    assert rule_of(armed(), DOWN, with_bar) is None
    assert rule_of(armed(), DOWN, without) == "wheel-target"


def test_a_bar_beside_something_else_or_lying_or_covered_is_not_used() -> None:
    rows = [el(f"Row {i}", (200, 100 + 60 * i, 700, 150 + 60 * i), "item") for i in range(6)]
    row = rows[2]
    for bars in (
        ((1402, 100, 1414, 450),),  # far right of the rows: another pane's
        ((702, 600, 714, 900),),  # beside nothing of the list
        ((200, 452, 700, 464),),  # horizontal
        ((150, 100, 162, 450),),  # left of the rows
    ):
        obs = screen(*rows, bars=bars)
        assert wheel_point(row, obs, ("down", 3)) == wheel_point(row, screen(*rows, bars=()),
                                                                 ("down", 3)), bars  # fmt: skip
    near = ((702, 100, 714, 450),)
    assert wheel_point(row, screen(*rows, bars=near), ("down", 3)) == (708.0, 275.0)
    # a turn sideways is not a vertical bar's
    assert wheel_point(row, screen(*rows, bars=near), ("right", 3)) != (708.0, 275.0)
    # another window over the bar: the wheel would go to it
    over = Window(title="Chat", box=(690, 200, 900, 400), id=4, wm_class=("chat", "Chat"))
    covered = screen(*rows, bars=near, windows=(over, WIN))
    assert wheel_point(row, covered, ("down", 3)) != (708.0, 275.0)


def test_a_pages_bar_stands_at_its_windows_edge_however_far_its_lines_end() -> None:
    lines = [el(f"Line {i} of the article", (200, 100 + 30 * i, 700, 124 + 30 * i))
             for i in range(8)]  # fmt: skip
    page = screen(*lines, bars=((1586, 60, 1598, 990),))
    assert wheel_point(page.elements[3], page, ("down", 3)) == (1592.0, 525.0)


def test_a_text_that_does_not_scroll_is_not_scrolled_by_a_bar_beside_it() -> None:
    button = el("Apply", (200, 100, 300, 130), "button")
    assert wheel_point(button, screen(button, bars=((302, 90, 314, 140),))) is None


def test_the_bars_travel_with_the_frame_and_its_trace() -> None:
    obs = screen(el("Row 0", (200, 100, 1400, 150), "item"))
    again = Observation.from_dict(obs.to_dict())
    assert again.scrollbars == (BAR,)
    read = TraceReader("trace.json").frame(obs.to_dict(), "frame")
    assert read.scrollbars == (BAR,)
    bad = {**obs.to_dict(), "scrollbars": [[10, 10, 5]]}
    with pytest.raises(ValueError, match=r"frame\.scrollbars\[0\]"):
        TraceReader("trace.json").frame(bad, "frame")
    assert "scrollbars" not in screen(el("Row 0", (200, 100, 1400, 150), "item"),
                                      bars=()).to_dict()  # fmt: skip


def test_a_snapshots_scroll_bars_are_no_elements_but_boxes() -> None:
    bar = A11yNode(label="Name", kind=SCROLL_BAR, box=(782, 301, 788, 553), window=0, role=48)
    row = A11yNode(label="Row 1", kind="item", box=(496, 302, 786, 323), window=0, role=56)
    snap = A11ySnapshot(nodes=(bar, row), windows=(dataclasses.replace(WIN, id=9),))
    assert [e.label for e in to_elements(snap, FrameMapping())] == ["Row 1"]
    half = FrameMapping(scale_x=2.0, scale_y=2.0)
    assert scrollbar_boxes(snap, half) == ((391, 150, 394, 276),)


def test_the_real_executor_turns_over_a_bar_a_notch_at_a_time(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """GTK's scroll bar scrolls less for notches sent close together (measured: two rows
    for three at once, five with a pause), so over a bar they go one by one."""
    from tests.bypass_corpus import RecordingGui
    from tiny_computer_agent import ARM_ENV
    from tiny_computer_agent.desktop import RealInputExecutor, _inputs

    monkeypatch.setenv(ARM_ENV, "1")
    monkeypatch.setattr(_inputs, "NOTCH_PAUSE", 0.0)
    rows = rows_holding("slider")
    down = Action.make("scroll", direction="down", amount=3)
    for bars, calls in (((BAR,), [("scroll", (-1,))] * 3), ((), None)):
        gui = RecordingGui()
        executor = RealInputExecutor(policy=armed(kill_switch=tmp_path / "STOP"), gui=gui)
        if calls is None:  # no bar, and no pixel of the list clear of its sliders
            with pytest.raises((PolicyRefusal, TargetError)):
                executor.execute(down, screen(*rows, bars=bars))
            assert gui.calls == []
            continue
        executor.execute(down, screen(*rows, bars=bars))
        assert gui.calls[0] == ("moveTo", (1408, 275), {})
        assert [c[:2] for c in gui.calls[1:]] == calls
