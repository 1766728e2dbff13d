"""The wheel is input too (issue 37): it turns only over something that scrolls.

A wheel over a list scrolls it; over a spin box, a slider, a zoomable map, a volume
control or a drawing it changes a value or the view. So a ``scroll`` with a target is
refused (rule ``wheel-target``, in a dry run too) unless the target scrolls, and a
``seek`` with no target scrolls only over :func:`scroll_spot`, giving up when nothing
on screen scrolls rather than turning the wheel blind.

What scrolls (:func:`scrollable`), judged from the index alone:

    rows        a list's, a tree's or a table's rows (kinds :data:`ROW_KINDS`)
    text view   a field taller than one line (:data:`~._executors.ONE_LINE`): a text
                area, not an entry or a spin box
    page        plain text or links standing in a column of three or more lines that
                share a left edge (a document, a page, a list read by OCR)

Anything else (a button, a slider, a field one line tall, an icon, text alone on a
drawing) does not, and neither does a cell of the grid (the index of a screen where
nothing was read: a blank moment between two windows, whose cells stand in columns).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation
from ._errors import PolicyRefusal
from ._executors import ONE_LINE

__all__ = ["ROW_KINDS", "scroll_spot", "scrollable", "wheel_refusal"]

#: Kinds a scrolling list, tree or table is made of.
ROW_KINDS: Final = frozenset({"item", "cell"})
#: Kinds that scroll as lines of a page when they stand in a column (``""``: OCR text).
_LINE_KINDS: Final = frozenset({"", "text", "link"})
#: How far apart (pixels) the left edges of a column's lines may be.
_SLACK: Final = 6
#: How many lines make a column.
_LINES: Final = 3


def scrollable(element: Element, observation: Observation) -> bool:
    """Whether a wheel over ``element`` scrolls something (see the module docstring)."""
    if element.source == "grid":
        return False  # a cell of the blind grid: nothing is known to be under it
    if element.kind in ROW_KINDS:
        return True
    if element.kind == "field":
        return element.box[3] - element.box[1] > ONE_LINE
    if element.kind not in _LINE_KINDS:
        return False
    return element in _column_of(element, _lines(observation, element.window))


def scroll_spot(observation: Observation) -> Element | None:
    """Where a wheel with no target turns: the middle row of the top-most window's list
    (its rows; else the longest column of text lines; else its tallest text view). The
    pointer may be anywhere (over the desktop, where a window manager's wheel switches
    desktops; over a drawing or a slider), and a wheel scrolls only what is under it.
    None when nothing in that window scrolls."""
    top = observation.windows[0].id if observation.windows else None
    seen = [e for e in observation.elements if e.source != "grid"]  # never a blind cell
    mine = [e for e in seen if top is None or not e.window or e.window == top]
    rows = [e for e in mine if e.kind in ROW_KINDS]
    if not rows:
        rows = _longest_column([e for e in mine if e.kind in _LINE_KINDS])
    if not rows:
        views = [e for e in mine if e.kind == "field" and scrollable(e, observation)]
        return max(views, key=lambda e: e.box[3] - e.box[1], default=None)
    rows.sort(key=lambda e: e.center[1])
    return rows[len(rows) // 2]


def wheel_refusal(
    action: Action, elements: Sequence[Element], observation: Observation
) -> PolicyRefusal | None:
    """Rule ``wheel-target``: a ``scroll`` aimed at something that does not scroll."""
    if action.verb != "scroll" or not elements or scrollable(elements[0], observation):
        return None
    target = elements[0]
    what = f"a {target.kind}" if target.kind else "text standing alone"
    return PolicyRefusal(
        f"{action.describe()} is refused: the wheel would turn over {target.label!r}, "
        f"{what}, which does not scroll (over a spin box, a slider, a map or a drawing a "
        "wheel changes a value or the view). Scroll over a list's row, a text view or a "
        "page's text, or seek with no target: the harness then scrolls the top-most "
        "window's list",
        rule="wheel-target",
    )


def _lines(observation: Observation, window: int) -> list[Element]:
    return [
        e
        for e in observation.elements
        if e.kind in _LINE_KINDS and (not window or not e.window or e.window == window)
    ]


def _column_of(element: Element, texts: Sequence[Element]) -> list[Element]:
    column = [e for e in texts if abs(e.box[0] - element.box[0]) <= _SLACK]
    return column if len(column) >= _LINES else []


def _longest_column(texts: Sequence[Element]) -> list[Element]:
    """The most text lines whose left edges lie within :data:`_SLACK` pixels of one
    another (a list's rows), if three or more."""
    best: list[Element] = []
    for anchor in texts:
        column = _column_of(anchor, texts)
        if len(column) > len(best):
            best = column
    return best
