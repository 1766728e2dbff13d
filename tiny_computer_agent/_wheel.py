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
    text view   a field taller than one line (:data:`ONE_LINE`) and wider than
                :data:`_KNOB`: a text area, not an entry, a spin box or a knob read
                as a tall field
    page        plain text or links standing in a column of three or more lines that
                share a left edge, packed one under the next and of like height (a
                document, a page, a list read by OCR; not a map's place names or a
                chart's axis, which share an edge but stand far apart, nor lines
                inside a drawing's or a control's box, :data:`_DRAWINGS`: its labels)

Rows or lines that are mostly values (numbers, amounts, dates, times, month and weekday
names: a stepper, a mixer, a date wheel) are not scrolled either: the wheel changes them.

Anything else (a button, a slider, a field one line tall, an icon, text alone on a
drawing) does not, and neither does a cell of the grid (the index of a screen where
nothing was read: a blank moment between two windows, whose cells stand in columns).

**Where over it** (:func:`wheel_point`; :func:`~._executors.screen_points` moves the
pointer there, a targeted scroll too). Something that scrolls may hold a value control
or stand beside one: a settings row holds a slider, a cart's row a quantity spin box, a
scale's marks are read as a column of text beside its trough, a label and its number
input are read by OCR as one line. Where the accessibility tree shows the scroll bar of
what the element scrolls (:attr:`Observation.scrollbars`), the wheel turns over the bar
(:func:`scroll_bar_point`): the pointer stays still on it while the content moves
beside it, so nothing the content holds or brings can catch the wheel. Pixels alone show
no scroll bar, so there the wheel turns at a pixel of the element that no value control
(:func:`value_control`: a slider, a field one line tall, a drop-down) can catch:

    inside      the element's box, :data:`_INSET` pixels in from its left and at
                its middle height; a line of text only over its first letter, and
                only when it starts with a letter (a line's end may be an input's
                value; a line that is a number may be an input)
    clear       of every value control within :data:`_GRIP` of what the element
                scrolls (its list, its column of lines, the text view): of its box
                and its row band (its marks, its value beside it), both grown by
                :data:`_GRIP` (a toolkit's box may be the trough alone); and of its
                column band when it stands inside what scrolls (its middle within the
                height of what scrolls, its box over it however wide), since the
                content moves under a still pointer as it scrolls

    coming      of the column band of every value control the turn brings to the
                pointer: below a page's lines, a list or a text view (whose text may fit:
                it hands the wheel to the page around it) when it turns down (above,
                up; the row band of one to its right or left when it turns right or
                left), within :func:`notch_reach` a notch, or reaching a few pixels
                into its foot (:func:`_incoming`); GTK and Qt give the rest of a turn
                to the spin box that arrives under it

What the frame does not show (a spin box just below the fold) the forecast cannot
see. So with real input a turn of several notches over content is also watched a
notch at a time (:mod:`~.desktop._notches`, over :func:`swept_area`): a notch that
changes something in place instead of scrolling is turned back, and the turn stops.

No such pixel: a ``scroll`` at that element is refused (rule ``wheel-target``), an
untargeted scroll or a seek takes the next element that has one (rows from the middle
out, then a column's lines, then text views), and with none the scroll is refused and
the seek gives up. A list whose every row holds a slider is not scrolled by the wheel
at all, but over its scroll bar when the tree shows one.
"""

from __future__ import annotations

import calendar
import itertools
import math
import re
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window
from ._errors import PolicyRefusal, TargetError
from .perception import window_at

__all__ = [
    "NOTCH_REACH",
    "notch_reach",
    "ONE_LINE",
    "ROW_KINDS",
    "scroll_spot",
    "scrollable",
    "spot_near",
    "turn_of",
    "value_control",
    "wheel_point",
    "wheel_refusal",
]

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
#: How far (frame pixels) in from an element's left edge the wheel turns (at most half
#: its height: a line's first letter, a row's label).
_INSET: Final = 16
#: How far (frame pixels) outside its box a value control may still catch the wheel: its
#: marks, its value, its buttons (a toolkit may report the trough alone).
_GRIP: Final = 24
#: How far (frame pixels) one notch of the wheel may move a page or a list: GTK moves a
#: scrolled window by about its page's size to the power 2/3 (some 70 pixels for a view
#: 600 tall), Qt three lines, a browser 50 to 100 pixels. A value control that far below
#: a page's lines per notch (above, scrolling up) comes under the still pointer.
NOTCH_REACH: Final = 100
#: A value read as text: a label or a value that is, or ends in, a number, an amount, a
#: percentage, a date or a time ("2", "Guests 2", "Max bid $120", "40 %", "12:30",
#: "2026-12-05"): what a spin box, a stepper or a date wheel shows.
_VALUE_TEXT: Final = re.compile(
    r"(?:^|[\s:=(])[-+−]?[$€£¥]?\d[\d.,:/\-]*\s?"
    r"(?:%|[$€£¥×x°]|°\s?[cf]|px|pt|kb|mb|gb|tb|ms|s|sec|secs|min|mins|h|hr|hrs|d|days?|wk|"
    r"wks|mo|yrs?|am|pm|a\.m\.|p\.m\.|st|nd|rd|th|mg|g|kg|lbs?|oz|ml|l|km|mi|m|cm|mm|ft|"
    r"in|kwh|kw|w|v|pcs)?\)?$"
)
#: A field no wider than this (frame pixels) is a knob, a dial or a spin box read tall,
#: not a text area, however tall: a wheel over it changes its value.
_KNOB: Final = 4 * ONE_LINE
#: Kinds that are drawings or controls, never a page: text lines inside one's box are
#: its labels (a map's place names, a dial's marks), and the wheel zooms or turns it.
_DRAWINGS: Final = frozenset({"icon", "slider", "button", "key"})
#: Month and weekday names (English, and the C locale's :mod:`calendar`): what a date
#: wheel shows, values as a date's digits are.
_CALENDAR: Final = frozenset(
    n.casefold()
    for n in (
        *calendar.month_name, *calendar.month_abbr, *calendar.day_name, *calendar.day_abbr,
        # German, French, Spanish, Italian, Portuguese, Dutch: a date wheel's words
        "januar", "februar", "märz", "mai", "juni", "juli", "oktober", "dezember",
        "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
        "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre",
        "octobre", "novembre", "décembre", "lundi", "mardi", "mercredi", "jeudi",
        "vendredi", "samedi", "dimanche", "enero", "febrero", "marzo", "abril", "mayo",
        "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
        "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
        "gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio", "settembre",
        "ottobre", "dicembre", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì",
        "sabato", "domenica", "janeiro", "fevereiro", "março", "maio", "junho", "julho",
        "setembro", "outubro", "novembro", "dezembro", "segunda", "terça", "quarta",
        "quinta", "sexta", "januari", "februari", "maart", "mei", "augustus", "maandag",
        "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag",
    )
    if n
)  # fmt: skip
#: A counted row: a name, then a whole number at its end ("Item 3", "Row 12").
_COUNTED: Final = re.compile(r"^(\D*?)\s*(\d+)$")
#: How many rows of a counted list OCR may miss between two it read ("Row 18", then
#: "Row 20": the 19th was not read): :func:`_counted` still takes the rows for a count.
_SKIPPED: Final = 2
#: A stepper's button: its label is an arrow, a plus or a minus alone.
_STEPPER: Final = re.compile(r"^[▲▼△▽▴▾⏶⏷↑↓⌃⌄+−\-]$")


def scrollable(element: Element, observation: Observation) -> bool:
    """Whether a wheel over ``element`` scrolls something (see the module docstring)."""
    if element.source == "grid":
        return False  # a cell of the blind grid: nothing is known to be under it
    if element.kind in ROW_KINDS:
        return not _value_rows(_rows(observation, element.window))
    if element.kind == "field":
        return _text_view(element) and not valued(element)
    if element.kind not in _LINE_KINDS:
        return False
    column = _column_of(element, _lines(observation, element.window))
    return element in column and not _value_rows(column) and not _drawn_on(column, observation)


def _text_view(element: Element) -> bool:
    """A field taller than one line and wider than :data:`_KNOB`: a text area. A field
    as narrow as that (a knob, a dial, a spin box read tall) holds a value."""
    x0, y0, x1, y1 = element.box
    return y1 - y0 > ONE_LINE and x1 - x0 > _KNOB


def _drawn_on(column: Sequence[Element], observation: Observation) -> Element | None:
    """The drawing (an icon: a map, a picture, a chart; a slider, a button) whose box
    holds every line of ``column``: its labels (a map's place names, a dial's marks),
    which a wheel over them zooms or turns rather than scrolls. None when there is none."""
    x0, y0 = min(e.box[0] for e in column), min(e.box[1] for e in column)
    x1, y1 = max(e.box[2] for e in column), max(e.box[3] for e in column)
    window = column[0].window
    return next(
        (
            e
            for e in observation.elements
            if e.kind in _DRAWINGS
            and e not in column
            and (not window or not e.window or e.window == window)
            and e.box[0] <= x0 and e.box[1] <= y0 and e.box[2] >= x1 and e.box[3] >= y1
        ),
        None,
    )  # fmt: skip


def valued(element: Element) -> bool:
    """Whether ``element`` shows a value (:data:`_VALUE_TEXT`): its value, or its label,
    is or ends in a number, an amount, a date or a time, or is a month's or a weekday's
    name (:data:`_CALENDAR`: a date wheel's)."""
    texts = [" ".join(t.casefold().split()) for t in (element.value or "", element.label) if t]
    return any(_VALUE_TEXT.search(t) or t.rstrip(".") in _CALENDAR or _named_date(t) for t in texts)


def _named_date(text: str) -> bool:
    """Whether ``text`` is a date written with a month's or a weekday's name and a
    number, in three words or fewer ("mon, 12 jan", "12. märz")."""
    words = re.findall(r"[^\W\d_]+", text)
    return (
        any(ch.isdigit() for ch in text)
        and 0 < len(words) <= 2
        and len(text.split()) <= 3
        and all(w in _CALENDAR for w in words)
    )


def _value_rows(rows: Sequence[Element]) -> bool:
    """Whether ``rows`` are mostly values (half or more :func:`valued`): a mixer's
    levels, a stepper, a date wheel; the wheel changes them, it does not scroll them.
    Not a count (:func:`_counted`): "Item 1", "Item 2", "Item 3" number a list's rows."""
    numbered = [r for r in rows if valued(r)]
    return bool(rows) and 2 * len(numbered) >= len(rows) and not _counted(numbered)


def _counted(rows: Sequence[Element]) -> bool:
    """Whether ``rows`` (two or more) are one name counted on, top to bottom: the same
    text before a number that grows (or falls) from each row to the next, by one, or by
    up to :data:`_SKIPPED` more where OCR missed a row or two in between (half or more
    of the steps are by one)."""
    parts = [_COUNTED.match(" ".join(r.label.casefold().split())) for r in rows]
    if len(rows) < 2 or any(p is None for p in parts):
        return False
    ordered = sorted(zip(rows, parts, strict=True), key=lambda rp: rp[0].box[1])
    names = {p.group(1) for _, p in ordered if p is not None}
    numbers = [int(p.group(2)) for _, p in ordered if p is not None]
    steps = [b - a for a, b in itertools.pairwise(numbers)]
    sign = 1 if steps[0] > 0 else -1
    within = all(1 <= sign * s <= 1 + _SKIPPED for s in steps)
    return len(names) == 1 and within and 2 * sum(abs(s) == 1 for s in steps) >= len(steps)


def _rows(observation: Observation, window: int) -> list[Element]:
    return [
        e
        for e in observation.elements
        if e.kind in ROW_KINDS and e.source != "grid"
        and (not window or not e.window or e.window == window)
    ]  # fmt: skip


#: Which way a wheel turns and by how many notches (a ``scroll``'s direction and amount).
Turn = tuple[str, int]


def turn_of(action: Action) -> Turn | None:
    """A ``scroll``'s direction and notches; None for any other action."""
    return (action.direction or "down", action.amount) if action.verb == "scroll" else None


def scroll_spot(observation: Observation, turn: Turn | None = None) -> Element | None:
    """Where a wheel with no target turns: the top-most window's list (its rows from
    the middle one out; else the longest column of text lines; else its text views,
    tallest first), the first with a :func:`wheel_point`. The pointer may be anywhere
    (over the desktop, where a window manager's wheel switches desktops; over a drawing
    or a slider), and a wheel scrolls only what is under it. None when nothing in that
    window scrolls where no value control can catch the wheel."""
    top = observation.windows[0].id if observation.windows else None
    seen = [e for e in observation.elements if e.source != "grid"]  # never a blind cell
    mine = [e for e in seen if top is None or not e.window or e.window == top]
    candidates = []
    for rows in (
        [e for e in mine if e.kind in ROW_KINDS],
        _longest_column([e for e in mine if e.kind in _LINE_KINDS]),
    ):
        if _value_rows(rows):
            continue  # value rows: the wheel would change them
        rows.sort(key=lambda e: e.center[1])
        middle = len(rows) // 2
        candidates += [rows[i] for i in sorted(range(len(rows)), key=lambda i: abs(i - middle))]
    views = [e for e in mine if e.kind == "field" and scrollable(e, observation)]
    candidates += sorted(views, key=lambda e: -(e.box[3] - e.box[1]))
    return next((e for e in candidates if wheel_point(e, observation, turn) is not None), None)


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
        and wheel_point(e, observation) is not None
    ]
    return min(near, key=lambda e: (away(e), _area(e)), default=None)


def value_control(element: Element) -> bool:
    """Whether a wheel over ``element`` may change a value: a slider (a scale, a volume),
    a field one line tall (:data:`ONE_LINE`: a spin box, a number input, a combo box; the
    index cannot tell them from an entry) or a drop-down (``expandable``)."""
    if element.source == "grid":
        return False
    if element.kind == "slider" or "expandable" in element.state:
        return True
    if _STEPPER.match(element.label.strip()):
        return True  # a stepper's arrow, plus or minus: a number beside it
    if element.kind == "field":
        return not _text_view(element) or valued(element)
    return False


def wheel_point(
    element: Element, observation: Observation, turn: Turn | None = None
) -> tuple[float, float] | None:
    """The frame pixel a wheel over ``element`` turns at (see the module docstring), or
    None when no pixel of it is clear of the value controls in or beside what it
    scrolls (or when it does not scroll). ``turn``: the scroll's direction and notches,
    for the value controls it brings under the pointer (:func:`_incoming`)."""
    if not scrollable(element, observation):
        return None
    bar = scroll_bar_point(element, observation, turn)
    if bar is not None:
        return bar
    x0, y0, x1, y1 = element.box
    width, height = x1 - x0, y1 - y0
    inset = min(_INSET, height / 2, width / 2)
    y = (y0 + y1) / 2
    if element.kind in _LINE_KINDS:  # a line: over its first letter, never its end
        first = element.label.strip()[:1]
        xs = [x0 + inset] if first.isalpha() else []
    else:
        step = max(height, 2 * _INSET)
        xs = [x0 + inset + step * n for n in range(int((width - 2 * inset) // step) + 1)]
    zones = _zones(element, observation, turn)
    return next(((x, y) for x in xs if not any(_inside(z, x, y) for z in zones)), None)


#: How far (frame pixels) a scroll bar's middle may lie left of the right edge of what
#: it scrolls (GTK's overlay bar is drawn over the rows' right end), and right of a
#: list's or a text view's (a page's bar stands at its window's edge, however far
#: its column of text ends before it).
_BAR_INSIDE: Final = 24
_BAR_BESIDE: Final = 40


def scroll_bar_point(
    element: Element, observation: Observation, turn: Turn | None = None
) -> tuple[float, float] | None:
    """The middle of the scroll bar the accessibility tree shows for what ``element``
    scrolls (:attr:`Observation.scrollbars`), or None: a vertical bar (for a turn up or
    down) at that area's right edge (:data:`_BAR_INSIDE`, :data:`_BAR_BESIDE`; a page's
    anywhere right of its lines), beside at least half of it or it of at least half of
    the bar, the nearest such, in the element's window and on top there.
    The pointer on a scroll bar stays still while the content moves beside it, so no
    value control in the content can come under it (a spin box a list brings up, a
    slider in a row), and GTK and Qt scroll the view its bar belongs to."""
    if turn is not None and turn[0] in ("left", "right"):
        return None
    _, cy0, cx1, cy1 = _container(element, observation)
    mine = observation.window(element)
    found = []
    for bx0, by0, bx1, by1 in observation.scrollbars:
        middle = ((bx0 + bx1) / 2, (by0 + by1) / 2)
        beside = min(by1, cy1) - max(by0, cy0)
        if bx1 - bx0 >= by1 - by0 or beside < 0.5 * min(by1 - by0, cy1 - cy0):
            continue  # a horizontal bar, or one beside something else
        far = element.kind not in _LINE_KINDS and middle[0] > cx1 + _BAR_BESIDE
        if far or middle[0] < cx1 - _BAR_INSIDE:
            continue  # another pane's, or left of what scrolls
        if mine is not None and not _on_top(mine, middle, observation):
            continue
        found.append((middle[0] - cx1, middle))
    return min(found)[1] if found else None


def swept_area(action: Action, observation: Observation) -> tuple[int, int, int, int] | None:
    """The frame box of what a ``scroll`` turns the wheel over scrolls (its list, its
    column of lines, its text view: :func:`_container`), or None when it turns over
    nothing that scrolls or its target does not resolve. What a watched turn
    (:mod:`~.desktop._notches`) looks at between notches."""
    if action.verb != "scroll":
        return None
    try:
        spot = (
            scroll_spot(observation, turn_of(action))
            if action.target is None
            else observation.resolve(action.target, action.target_id)
        )
    except TargetError:
        return None
    if spot is None or not scrollable(spot, observation):
        return None
    return _container(spot, observation)


def _on_top(window: Window, point: tuple[float, float], observation: Observation) -> bool:
    """Whether ``window`` is the top-most window at frame ``point``."""
    at = window_at(observation.windows, *observation.mapping.to_screen(*point))
    return at is not None and at.id == window.id


def _zones(
    element: Element, observation: Observation, turn: Turn | None = None
) -> list[tuple[float, ...]]:
    """Where the wheel may reach a value control: each one's box, row band and (when
    it stands inside what scrolls, and so moves through the pointer as it scrolls)
    column band, grown by :data:`_GRIP`, for the value controls :func:`_catchers` finds;
    and the column band of each one the turn brings to the pointer (:func:`_incoming`)."""
    cx0, cy0, cx1, cy1 = _container(element, observation)
    g, far = _GRIP, math.inf
    across = turn is not None and turn[0] in ("left", "right")
    zones: list[tuple[float, ...]] = [
        (-far, v.box[1] - g, far, v.box[3] + g)  # it comes along the row
        if across
        else (v.box[0] - g, -far, v.box[2] + g, far)  # down or up its column
        for v in _incoming(element, observation, turn)
    ]
    for v in _catchers(element, observation):
        vx0, vy0, vx1, vy1 = v.box
        zones.append((-far, vy0 - g, far, vy1 + g))  # its row: its marks, its value
        my = (vy0 + vy1) / 2  # its middle in what scrolls, its box over it however wide:
        if cy0 <= my <= cy1 and vx0 <= cx1 and vx1 >= cx0:  # a header a few pixels into
            zones.append((vx0 - g, -far, vx1 + g, far))  # the list is not; it passes by
    return zones


def _incoming(element: Element, observation: Observation, turn: Turn | None) -> list[Element]:
    """The value controls of ``element``'s window a page or a list moves to the pointer
    as the wheel turns: below what scrolls when it turns down, above it when it turns
    up, within :data:`NOTCH_REACH` per notch. A list or a page may be one scrolled
    window with the spin boxes under it (a settings panel, a web form), and GTK and Qt
    give the rest of the turn to the control that arrives under the pointer. A text
    view whose text fits hands the wheel to the page around it, so it brings them too
    (decided after issue 37's fourth fresh pass)."""
    if turn is None:
        return []
    direction, notches = turn
    cx0, cy0, cx1, cy1 = _container(element, observation)
    reach = notches * notch_reach(_view_span(element, observation, direction))
    found = []
    for v in observation.elements:
        if not value_control(v) or (element.window and v.window not in (0, element.window)):
            continue
        gap = {
            "down": v.box[1] - cy1, "up": cy0 - v.box[3],
            "right": v.box[0] - cx1, "left": cx0 - v.box[2],
        }.get(direction, -math.inf)  # fmt: skip
        size = v.box[2] - v.box[0] if direction in ("left", "right") else v.box[3] - v.box[1]
        if -size / 2 <= gap <= reach:  # a few pixels into the column's foot comes too
            found.append(v)
    return found


def _view_span(element: Element, observation: Observation, direction: str) -> float:
    """How long (frame pixels) the view that scrolls may be, along the turn: what the
    index shows of it is a part (a column of lines, the rows read), the view may fill
    its window; so the window's height (width, for left and right), else the frame's."""
    across = direction in ("left", "right")
    own = observation.window(element)
    if own is None:
        return float(observation.size[0] if across else observation.size[1])
    x0, y0, x1, y1 = own.box
    scale = observation.mapping.scale_x if across else observation.mapping.scale_y
    return (x1 - x0 if across else y1 - y0) / (scale or 1.0)


def notch_reach(span: float) -> float:
    """How far one notch may move a view ``span`` frame pixels long: GTK moves a
    scrolled window by its page's size to the power 2/3 (about 158 pixels for a view
    2,000 tall, on a 4K screen), so :data:`NOTCH_REACH` or that grown by 30 % (a frame
    in device pixels at twice the scale moves 2^(1/3) as far), whichever is more."""
    return max(float(NOTCH_REACH), 1.3 * math.pow(max(span, 0.0), 2 / 3))


def _catchers(element: Element, observation: Observation) -> list[Element]:
    """The value controls of ``element``'s window within :data:`_GRIP` of what it
    scrolls (:func:`_container`); one further away stays where it is as it scrolls."""
    cx0, cy0, cx1, cy1 = _container(element, observation)
    g = _GRIP
    return [
        v
        for v in observation.elements
        if value_control(v)
        and (not element.window or v.window in (0, element.window))
        and not (v.box[2] + g < cx0 or v.box[0] - g > cx1)
        and not (v.box[3] + g < cy0 or v.box[1] - g > cy1)
    ]


def _container(element: Element, observation: Observation) -> tuple[int, int, int, int]:
    """The box of what a wheel over ``element`` scrolls: its list (every row of its
    window), its column of lines, or the text view itself."""
    window = element.window
    if element.kind in ROW_KINDS:
        group = _rows(observation, window)
    elif element.kind in _LINE_KINDS:
        group = _column_of(element, _lines(observation, window)) or [element]
    else:
        group = [element]
    return (
        min(e.box[0] for e in group),
        min(e.box[1] for e in group),
        max(e.box[2] for e in group),
        max(e.box[3] for e in group),
    )


def _inside(zone: tuple[float, ...], x: float, y: float) -> bool:
    return zone[0] <= x <= zone[2] and zone[1] <= y <= zone[3]


def _area(element: Element) -> int:
    x0, y0, x1, y1 = element.box
    return (x1 - x0) * (y1 - y0)


def wheel_refusal(
    action: Action, elements: Sequence[Element], observation: Observation
) -> PolicyRefusal | None:
    """Rule ``wheel-target``: a ``scroll`` aimed at something that does not scroll, or
    with no pixel clear of a value control (:func:`wheel_point`), or with no target
    where nothing on screen scrolls clear of one (it would turn wherever the pointer
    is: over the slider just clicked, a map, a terminal)."""
    turn = turn_of(action)
    if action.verb == "scroll" and not elements:
        return PolicyRefusal(
            f"{action.describe()} is refused: it names no target, and nothing on screen "
            "scrolls (no list, text view or page in the top-most window) at a pixel that "
            "no slider, spin box or drop-down can catch, so the wheel would turn over "
            "one, or wherever the pointer is. Scroll over a list's row, a text view or "
            "a page's text clear of value controls, or press Page_Down in the list",
            rule="wheel-target",
        )
    if action.verb != "scroll":
        return None
    target = elements[0]
    if scrollable(target, observation):
        if wheel_point(target, observation, turn) is not None:
            return None
        near = ", ".join(repr(v.label) for v in _catchers(target, observation)[:3])
        coming = ", ".join(repr(v.label) for v in _incoming(target, observation, turn)[:3])
        if near:
            why = (
                f"a value control ({near}) stands in its row or column, so the wheel could "
                "turn it (a slider, a spin box or a drop-down changes its value under it)"
            )
        elif coming and turn is not None:
            why = (
                f"{turn[1]} notches {turn[0]} would bring the value control {coming} under "
                "the pointer as the content moves, and the rest of the turn would change "
                "it; turn fewer notches, or over a line clear of its column"
            )
        else:
            why = (
                "it is a line that does not start with a letter (a number may be an input's value)"
            )
        return PolicyRefusal(
            f"{action.describe()} is refused: {target.label!r} scrolls, but {why}. "
            "Scroll over another row or line, clear of value controls, or press "
            "Page_Down in the list",
            rule="wheel-target",
        )
    what = _what_it_is(target, observation)
    return PolicyRefusal(
        f"{action.describe()} is refused: the wheel would turn over {target.label!r}, "
        f"{what}, which does not scroll (over a spin box, a slider, a map or a drawing a "
        "wheel changes a value or the view). Scroll over a list's row, a text view or a "
        "page's text, or seek with no target: the harness then scrolls the top-most "
        "window's list",
        rule="wheel-target",
    )


def _what_it_is(target: Element, observation: Observation) -> str:
    """What a target that does not scroll is, for a refusal to say."""
    if target.kind == "field" and target.box[3] - target.box[1] <= ONE_LINE:
        return "a field one line tall (an entry, a spin box, a number input)"
    if target.kind == "field":
        narrow = not _text_view(target)
        return "a field as narrow as a knob or a dial" if narrow else "a field showing a value"
    if target.kind not in _LINE_KINDS:
        return f"a {target.kind}"
    column = _column_of(target, _lines(observation, target.window))
    drawing = _drawn_on(column, observation) if column else None
    if drawing is not None:
        return f"a label inside {drawing.label!r} (a {drawing.kind}: a map, a picture, a control)"
    if column and _value_rows(column):
        return "one of a column of values (numbers, dates, months, weekdays: a picker)"
    return "text standing alone"


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
