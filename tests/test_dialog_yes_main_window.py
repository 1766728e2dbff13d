"""A program's main window is no dialog: a short text there is a document's line as often
as a heading, so a button other than a generic yes does not answer it. NEdit read from
pixels showed "the cat sat" beside the Search menu it opened; "** sat" is Turkish for
"sell **", and the menu's Replace... (and the bar's File) were refused as paying."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    Window,
)
from tiny_computer_agent._irreversible import classify_in

SIZE = (1280, 800)
EDITOR = Window(title="pets.txt - /home/me/", box=(0, 0, 1280, 800), id=7)
ASKING = Window(title="Question", box=(300, 200, 900, 500), id=8, transient_for=7)


def armed() -> Policy:
    return Policy().armed(flag=True, environ={ARM_ENV: "1"})


def _el(label: str, x: int, y: int, window: int = 7, kind: str = "") -> Element:
    return Element(label=label, box=(x, y, x + 90, y + 20), kind=kind, window=window)


def _frame(*, bar: bool, kind: str = "") -> Observation:
    menus = [_el(n, 10 + 70 * i, 30, kind=kind) for i, n in enumerate(("File", "Edit", "Search"))]
    items = [_el("Find...", 150, 60), _el("Replace...", 150, 84), _el("the cat sat", 20, 110)]
    return Observation.of([*(menus if bar else []), *items], size=SIZE, windows=[EDITOR])


def test_a_heading_is_still_answered_in_a_dialog_but_not_in_a_main_window() -> None:
    assert classify_in("Replace...", ["the cat sat"]) is not None  # a heading, in a dialog
    assert classify_in("Replace...", ["the cat sat"], headings=False) is None
    # a question or a generic yes still counts anywhere
    assert classify_in("Replace...", ["Sell 3 shares?"], headings=False) is not None
    assert classify_in("OK", ["delete 3 files"], headings=False) is not None


@pytest.mark.parametrize("kind", ["", "menuitem"])
@pytest.mark.parametrize("target", ["File", "Replace..."])
def test_a_menu_in_a_window_with_a_menu_bar_answers_no_line_of_its_document(
    target: str, kind: str
) -> None:
    armed().check(Action.make("click", target=target), _frame(bar=True, kind=kind))


def test_without_a_menu_bar_the_short_text_is_still_read_as_a_heading() -> None:
    with pytest.raises(PolicyRefusal, match="sat"):
        armed().check(Action.make("click", target="Replace..."), _frame(bar=False))


def test_a_dialog_over_the_main_window_is_still_a_dialog() -> None:
    frame: Any = Observation.of(
        [
            *(_el(n, 10 + 70 * i, 30) for i, n in enumerate(("File", "Edit", "Search"))),
            _el("Delete 3 files", 320, 240, window=8),
            _el("Apply", 700, 450, window=8, kind="button"),
        ],
        size=SIZE,
        windows=[ASKING, EDITOR],
    )
    with pytest.raises(PolicyRefusal, match="Delete 3 files"):
        armed().check(Action.make("click", target="Apply"), frame)
