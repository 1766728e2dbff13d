"""The wheel is input too (issue 37): it turns only over something that scrolls.

A wheel over a list scrolls it; over a spin box, a slider, a zoomable map, a volume
control or a drawing it changes a value or the view. So a ``scroll`` with a target is
refused (rule ``wheel-target``, in a dry run too) unless the target scrolls, and a
``scroll`` or a ``seek`` with no target turns the wheel only over :func:`scroll_spot`
(the pointer is moved there first), never wherever the pointer happens to be: a
``scroll`` with no target where nothing on screen scrolls is refused, and a ``seek``
gives up, rather than turning the wheel blind.

What scrolls (:func:`scrollable`), judged from the index alone:

    rows        a list's, a tree's or a table's rows (kinds :data:`ROW_KINDS`)
    text view   a field taller than one line (:data:`ONE_LINE`): a text
                area, not an entry or a spin box
    page        plain text or links standing in a column of three or more lines that
                share a left edge, packed one under the next and of like height (a
                document, a page, a list read by OCR; not a map's place names or a
                chart's axis, which share an edge but stand far apart)

Anything else (a button, a slider, a field one line tall, an icon, text alone on a
drawing) does not, and neither does a cell of the grid (the index of a screen where
nothing was read: a blank moment between two windows, whose cells stand in columns).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation
from ._errors import PolicyRefusal

__all__ = ["ONE_LINE", "ROW_KINDS", "scroll_spot", "scrollable", "spot_near", "wheel_refusal"]

#: A field this many frame pixels tall or less holds one line of text; a taller one is a
#: text area (a text view: it scrolls, and Tab and Return are text there).
ONE_LINE: Final = 48

#: Kinds a scrolling list, tree or table is made of.
ROW_KINDS: Final = frozenset({"item", "cell"})
#: Kinds that scroll as lines of a page when they stand in a column (``""``: OCR text).
_LINE_KINDS: Final = frozenset({"", "text", "link"})
#: How far apart (pixels) the left edges of a column's lines may be.
_SLACK: Final = 6
#: How many lines make a column.
_LINES: Final = 3
#: The widest gap (in line heights) between two lines of one column: a list's rows may
#: stand apart (a settings list's tall rows), a map's place names stand much further.
_PACKED: Final = 3
#: How much taller one line of a column may be than another.
_LIKE: Final = 1.6
#: How far (frame pixels) from where a seek first turned the wheel its next scroll may
#: find what scrolls there (the gap between two rows).
_NEAR: Final = 40


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


def spot_near(observation: Observation, point: tuple[float, float], window: int) -> Element | None:
    """What scrolls at frame ``point`` in ``window`` (0: any) once the frame moved (a
    seek's next scroll, where its first turned the wheel): the smallest scrolling
    element holding the point, else the nearest within :data:`_NEAR` pixels; None when
    nothing there scrolls now."""
    x, y = point

    def away(e: Element) -> float:
        x0, y0, x1, y1 = e.box
        return math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))

    near = [
        e
        for e in observation.elements
        if (not window or not e.window or e.window == window)
        and away(e) <= _NEAR
        and scrollable(e, observation)
    ]
    return min(near, key=lambda e: (away(e), _area(e)), default=None)


def _area(element: Element) -> int:
    x0, y0, x1, y1 = element.box
    return (x1 - x0) * (y1 - y0)


def wheel_refusal(
    action: Action, elements: Sequence[Element], observation: Observation
) -> PolicyRefusal | None:
    """Rule ``wheel-target``: a ``scroll`` aimed at something that does not scroll, or
    with no target where nothing on screen scrolls (it would turn wherever the pointer
    is: over the slider just clicked, a map, a terminal)."""
    if action.verb == "scroll" and not elements:
        return PolicyRefusal(
            f"{action.describe()} is refused: it names no target, and nothing on screen "
            "scrolls (no list, text view or page in the top-most window), so the wheel "
            "would turn wherever the pointer is: over a slider, a spin box or a map it "
            "changes a value. Scroll over a list's row, a text view or a page's text",
            rule="wheel-target",
        )
    if action.verb != "scroll" or scrollable(elements[0], observation):
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
    """The lines standing in a column with ``element``: left edges within
    :data:`_SLACK` pixels, one under the next with no wider gap than :data:`_PACKED`
    line heights and of like height (:data:`_LIKE`), three or more; else none. Labels
    that merely share a left edge (a map's place names, a chart's axis, a few labels
    beside a slider) stand far apart or in other sizes: a page's lines and a list's rows
    are packed."""
    aligned = sorted(
        (e for e in texts if abs(e.box[0] - element.box[0]) <= _SLACK), key=lambda e: e.box[1]
    )
    run: list[Element] = []
    for line in aligned:
        if run and not _follows(run[-1], line):
            if element in run:
                break
            run = []
        run.append(line)
    return run if element in run and len(run) >= _LINES else []


def _follows(above: Element, below: Element) -> bool:
    """Whether ``below`` is the next line of a page or list after ``above``."""
    low, high = sorted((_height(above), _height(below)))
    gap = below.box[1] - above.box[3]
    return low * _LIKE >= high and gap <= _PACKED * high


def _height(element: Element) -> int:
    return max(1, element.box[3] - element.box[1])


def _longest_column(texts: Sequence[Element]) -> list[Element]:
    """The most text lines standing in one column (:func:`_column_of`: a list's rows,
    a page's lines), if three or more."""
    best: list[Element] = []
    for anchor in texts:
        column = _column_of(anchor, texts)
        if len(column) > len(best):
            best = column
    return best
