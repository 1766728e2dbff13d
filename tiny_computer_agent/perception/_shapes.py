"""Widget shapes from pixels: the control rectangles found in a frame.

For toolkits that offer no accessibility tree (Tk, X Toolkit, a remote frame) the pixels
still show what is a control: a button is a bordered box of button size, a text field a
wide, short box with a light inside, a check box a small square, a radio a small circle,
a keypad a grid of same-size buttons. :func:`detect_shapes` finds them; giving each OCR
piece to the control that holds it is :mod:`._fusion`'s job, and reading a control's own
crop again is :mod:`._crop_reader`'s.

How shapes are found: every pixel that differs from a neighbour by more than
:data:`EDGE_STEP` grey levels is an edge; the flat regions between edges (4-connected,
labelled by OpenCV, which RapidOCR 3.10 brings with the ``ocr`` extra) are the insides of
things. An inside of control size that fills most of its bounding box, walled by edges
(it is its own region, not the background), is a control; its size, shape, brightness and
neighbours say which kind. A ticked box or a chosen radio has ink inside its wall.

Neither function touches the screen or the OCR engine: both are pure, so they can be
tested on drawn frames and wired into any detector (the lead's ``--detector auto``).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import Any, Final

from .._elements import box_within
from .._errors import MissingExtra

__all__ = ["Shape", "detect_shapes"]

#: What a shape may be; the same words as :data:`~tiny_computer_agent._elements.KINDS`.
SHAPE_KINDS: Final = ("button", "field", "check", "radio", "key", "list")

Box = tuple[int, int, int, int]

#: Two neighbouring pixels this many grey levels apart are an edge. Measured borders:
#: Tk's relief 38-54 levels from its grey, GTK's field border 40-50, X Toolkit's black
#: lines 200+; GTK's button gradient changes 1 level a row, anti-aliased text far more.
EDGE_STEP: Final = 12

#: Insides (the flat region within the border) a control may have, in frame pixels.
BUTTON_HEIGHT: Final = (10, 64)
BUTTON_WIDTH: Final = (12, 420)
FIELD_WIDTH: Final = (40, 900)
#: A one-line field may be wider than a list (GTK's save dialog's name entry on a
#: 1280-px screen is ~1,025 px).
FIELD_MAX_WIDTH: Final = 1400
#: A button's inside is at most this many times wider than tall ("Don't Save" in Tk is
#: 3-4); openbox's title bars (9-12) and xmessage's message line (9) are wider.
BUTTON_ASPECT: Final = 7
#: A list's inside (a Tk Listbox, a tree view seen in pixels): light and walled like a
#: field, taller than a one-line field, at most this tall.
LIST_HEIGHT: Final = (45, 720)
#: How far apart two light parts of one list may lie: a selected row's band between them.
LIST_GAP: Final = 40
#: A check box's or radio's inside: square, this many pixels a side.
TICK_SIDE: Final = (6, 22)

#: The border between an inside and the shape's outer edge, added back to the box.
BORDER: Final = 2


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Shape:
    """One control found in the pixels.

    ``box`` is (left, top, right, bottom) in frame pixels, border included; ``kind`` one
    of :data:`SHAPE_KINDS`; ``state`` holds ``"checked"`` for a check box with ink in it
    or a radio with its dot, ``"expandable"`` for a wide button or sunken field that
    ends in an arrow (a drop-down, see :func:`_arrow_at_end`); ``filled`` says whether a
    field or button holds ink (text).
    """

    box: Box
    kind: str
    state: frozenset[str] = frozenset()
    filled: bool = False

    def __post_init__(self) -> None:
        if self.kind not in SHAPE_KINDS:
            raise ValueError(f"shape kind {self.kind!r} is not one of {SHAPE_KINDS}")
        x0, y0, x1, y1 = self.box
        if x1 < x0 or y1 < y0:
            raise ValueError(f"shape box {self.box} has negative size")


def _numpy() -> tuple[Any, Any]:
    """numpy and OpenCV, imported when shapes are first looked for."""
    try:
        import numpy
    except ImportError as exc:
        raise MissingExtra("numpy", "ocr", "finding widget shapes") from exc
    try:
        import cv2
    except ImportError as exc:
        raise MissingExtra("cv2", "ocr", "finding widget shapes") from exc
    return numpy, cv2


def _edges(grey: Any) -> Any:
    """Pixels that differ from a right or lower neighbour by more than EDGE_STEP; both
    pixels of such a pair are marked, so a one-pixel border is a closed wall."""
    np, _ = _numpy()
    g = grey.astype(np.int16)
    across = np.abs(g[:, 1:] - g[:, :-1]) > EDGE_STEP
    down = np.abs(g[1:, :] - g[:-1, :]) > EDGE_STEP
    edge = np.zeros(g.shape, dtype=bool)
    edge[:, 1:] |= across
    edge[:, :-1] |= across
    edge[1:, :] |= down
    edge[:-1, :] |= down
    return edge


def detect_shapes(image: Any) -> tuple[Shape, ...]:
    """The controls in ``image`` (a PIL image or an (h, w, 3) RGB uint8 array): buttons,
    text fields, check boxes, radios, keypad keys and lists, top to bottom, left to
    right.

    Never raises on odd input: an empty, tiny or uniform frame has no shapes."""
    np, cv2 = _numpy()
    rgb = np.asarray(
        image if not hasattr(image, "mode") or image.mode == "RGB" else image.convert("RGB")
    )
    if rgb.ndim != 3 or rgb.shape[0] < 8 or rgb.shape[1] < 8:
        return ()
    grey = cv2.cvtColor(np.ascontiguousarray(rgb[:, :, :3]), cv2.COLOR_RGB2GRAY)
    edge = _edges(grey)
    flat = (~edge).view(np.uint8)
    _, regions, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    ticks, rings = _rings(np, cv2, edge, grey)
    ticks = [_radio_state(np, grey, edge, t) for t in ticks]
    ticks += _square_insides(np, stats, regions, grey, edge, rings=ticks)
    controls = _controls(np, stats, grey, edge)
    controls, lists = _unlisted(controls, _lists(np, stats, grey, edge), regions)
    # a ring button found also as a flat inside is that inside's control (its box
    # measured better); a ring button is added where the inside was split
    # (a list's own outline is no button)
    found = [*controls, *lists]
    rings = [r for r in rings if not any(_overlap(r.box, c.box) > 0.5 for c in found)]
    controls = [c for c in controls if not _focus_ring(np, grey, c, ticks)]
    controls = [_lit_row(np, grey, edge, c, ticks) for c in controls]
    controls = [_spin_field(np, grey, c, controls) for c in controls]
    ticks = [
        t
        for t in ticks
        if not any(_leads_field(t, c) for c in controls) or _spaced(np, edge, t.box)
    ]
    shapes = (*_keypads(_distinct(controls + rings + ticks)), *lists)
    return tuple(sorted(shapes, key=lambda s: (s.box[1], s.box[0])))


#: A check box found by its flat inside is ticked when the inside is this dark (ttk's
#: default theme fills a ticked box dark blue-grey and an unticked one light grey).
TICKED_FILL: Final = 128


def _radio_state(np: Any, grey: Any, edge: Any, t: Shape) -> Shape:
    """``t``, a radio's state read at its centre: chosen when the centre differs from the
    fill just inside its ring (a dot, dark on white or white on blue) or is as dark as
    ttk's chosen diamond (:data:`TICKED_FILL`). Ink anywhere in the box said so before,
    and a diamond's corners, outside its border but inside its box, read as ink: every
    ttk radio was chosen."""
    if t.kind != "radio":
        return t
    x0, y0, x1, y1 = t.box
    if x1 - x0 < 7 or y1 - y0 < 7:
        return t
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    centre = float(np.median(grey[cy - 1 : cy + 2, cx - 1 : cx + 2]))
    rim = float(np.median([grey[cy, x0 + 2], grey[cy, x1 - 3], grey[y0 + 2, cx], grey[y1 - 3, cx]]))
    chosen = abs(centre - rim) >= EDGE_STEP or centre < TICKED_FILL
    return dataclasses.replace(t, state=frozenset({"checked"}) if chosen else frozenset())


def _square_insides(
    np: Any, stats: Any, regions: Any, grey: Any, edge: Any, *, rings: Sequence[Shape]
) -> list[Shape]:
    """Check boxes and radios found by their inside where no ring was (ttk's default
    theme sets its box or diamond 2 px from a labelframe's wall, and their edges touch):
    a small region in a square, walled all round, whose grey differs from what lies
    just outside its wall (a letter's hole has the colour around the letter), with a
    relief as ttk draws it (sunken; raised when half-ticked: a dot or a bullet has
    none). One that fills its square is a check box; one that fills half to nine tenths
    of it and is the same upside down and mirrored (a diamond, a circle; not a scroll
    bar's arrow) is a radio."""
    h, w = grey.shape
    x, y, bw, bh, area = (stats[1:, i] for i in range(5))
    lo, hi = TICK_SIDE[0] - 2, TICK_SIDE[1] - 2
    fill = area / np.maximum(1, bw * bh)
    ok = (
        (bw >= lo) & (bw <= hi) & (bh >= lo) & (bh <= hi) & (np.abs(bw - bh) <= 1)
        & (fill >= 0.45) & ((fill <= 0.9) | (area == bw * bh))
        & (x > 3) & (y > 3) & (x + bw < w - 3) & (y + bh < h - 3)
    )  # fmt: skip
    out: list[Shape] = []
    for i in np.flatnonzero(ok):
        inside = (int(x[i]), int(y[i]), int(x[i] + bw[i]), int(y[i] + bh[i]))
        if not _walled(np, edge, inside):
            continue
        box = _wall(edge, inside)
        if any(_overlap(box, r.box) > 0.3 for r in rings):
            continue
        within = float(np.median(grey[inside[1] : inside[3], inside[0] : inside[2]]))
        cy, cx = (box[1] + box[3]) // 2, (box[0] + box[2]) // 2
        outside = float(
            np.median([grey[max(0, box[1] - 2), cx], grey[min(h - 1, box[3] + 1), cx],
                       grey[cy, max(0, box[0] - 2)], grey[cy, min(w - 1, box[2] + 1)]])
        )  # fmt: skip
        if abs(within - outside) < EDGE_STEP:
            continue  # a letter's hole, or a gap between lines
        if not _relief_at_middle(np, grey, inside, within):
            continue  # a dot, a bullet, a mark in a key: no relief
        state = frozenset({"checked"}) if within < TICKED_FILL else frozenset()
        kind = "check" if area[i] == bw[i] * bh[i] else "radio"
        if kind == "radio":
            mask = regions[inside[1] : inside[3], inside[0] : inside[2]] == i + 1
            if min((mask == mask[::-1]).mean(), (mask == mask[:, ::-1]).mean()) < 0.9:
                continue  # an arrow, a blob
        out.append(Shape(box=box, kind=kind, state=state))
    return out


#: Edge-free columns right of a check box or radio at a control's left end that set it
#: apart from a letter ("O" of "Open" touches its "p" within 1-2 px; Tk and GTK leave
#: 4 or more between a box and its label).
TICK_SPACE: Final = 3


#: The inside of a row lit under the pointer is at least this light (Tk: 236 on 217).
LIT: Final = 230


def _lit_row(np: Any, grey: Any, edge: Any, c: Shape, ticks: Sequence[Shape]) -> Shape:
    """``c``, or a field when it is a "button" that is a check box's or radio's row lit
    under the pointer: light, walled by colour alone (not raised), a box set apart at
    its left end (a short row is too narrow or holds its text too near the middle to
    read as a field). :func:`fuse` settles it by the text, as it does a lit field."""
    row = dataclasses.replace(c, kind="field")
    leading = [t for t in ticks if _leads_field(t, row)] if c.kind == "button" else []
    if not leading:
        return c
    x0, y0, x1, y1 = c.box
    inside = (x0 + 2, y0 + 2, x1 - 2, y1 - 2)
    if inside[2] - inside[0] < 4 or inside[3] - inside[1] < 4:
        return c
    light = float(np.median(grey[inside[1] : inside[3], inside[0] : inside[2]])) >= LIT
    if not light or _raised(np, grey, inside):
        return c
    return row if any(_spaced(np, edge, t.box) for t in leading) else c


#: Of a dotted line's neighbouring pixels, at least this share differ by an edge's step.
DOTTED: Final = 0.3


def _focus_ring(np: Any, grey: Any, c: Shape, ticks: Sequence[Shape]) -> bool:
    """Whether ``c`` is the dotted focus ring GTK draws round a check box's or radio's
    row once the keyboard was used (the box at its left end, its label in it): no
    control of its own, though it walls a light row as a field's border does. A
    control's border is a solid line; a focused button's ring lies inside the button
    and holds no box, so it stays."""
    if not any(_leads(t.box, c.box) for t in ticks):
        return False
    x0, y0, x1, y1 = c.box
    qx = (x1 - x0) // 4

    def dotted(rows: Sequence[int]) -> bool:
        steps = [np.abs(np.diff(grey[r, x0 + qx : x1 - qx].astype(int))) > EDGE_STEP for r in rows]
        return max(float(step.mean()) for step in steps) >= DOTTED

    return dotted((y0, y0 + 1)) and dotted((y1 - 1, y1 - 2))


def _leads_field(t: Shape, c: Shape) -> bool:
    """A check box or radio at the left end of a field (a button may lead with an icon)."""
    return c.kind == "field" and _leads(t.box, c.box)


def _spaced(np: Any, edge: Any, box: Box) -> bool:
    """Whether nothing is drawn in the :data:`TICK_SPACE` columns right of ``box``'s
    ring (its outer pixels lie one outside ``box``)."""
    _, y0, x1, y1 = box
    return not bool(edge[y0:y1, x1 + 2 : x1 + 2 + TICK_SPACE].any())


def _wall(edge: Any, box: Box) -> Box:
    """``box`` (an inside) grown through the wall of edge pixels around it, measured
    outward from the middle of each side (at most 3 pixels: touching buttons share
    their walls)."""
    x0, y0, x1, y1 = box
    h, w = edge.shape
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2

    def out(x: int, y: int, dx: int, dy: int) -> int:
        n = 0
        while n < 3 and 0 <= x + dx * (n + 1) < w and 0 <= y + dy * (n + 1) < h:
            if not edge[y + dy * (n + 1), x + dx * (n + 1)]:
                break
            n += 1
        return n

    return (
        x0 - out(x0, cy, -1, 0),
        y0 - out(cx, y0, 0, -1),
        x1 + out(x1 - 1, cy, 1, 0),
        y1 + out(cx, y1 - 1, 0, 1),
    )


def _controls(np: Any, stats: Any, grey: Any, edge: Any) -> list[Shape]:
    """Buttons and fields: flat insides of control size that fill most of their box
    and are walled off from what is around them."""
    h, w = grey.shape
    x, y, bw, bh, area = (stats[1:, i] for i in range(5))
    fill = area / np.maximum(1, bw * bh)
    small = (bw <= TICK_SIDE[1] + 2) & (bh <= TICK_SIDE[1] + 2)
    ok = (
        (bh >= BUTTON_HEIGHT[0]) & (bh <= BUTTON_HEIGHT[1])
        & (bw >= BUTTON_WIDTH[0]) & (bw <= FIELD_MAX_WIDTH)
        & (fill >= 0.45) & ~small
        & (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h)
    )  # fmt: skip
    out: list[Shape] = []
    for i in np.flatnonzero(ok):
        inside = (int(x[i]), int(y[i]), int(x[i] + bw[i]), int(y[i] + bh[i]))
        shape = _control(np, inside, grey, edge)
        if shape is not None and all(o.box != shape.box for o in out):  # a caret's halves
            out.append(shape)
    return out


def _walled(np: Any, edge: Any, inside: Box) -> bool:
    """Whether edges wall ``inside`` along the middle half of each side (a rounded end,
    as X Toolkit's oval buttons have, leaves the bounding box's corners outside)."""
    x0, y0, x1, y1 = inside
    qx, qy = (x1 - x0) // 4, (y1 - y0) // 4
    ring = np.concatenate(
        (edge[y0 - 1, x0 + qx : x1 - qx], edge[y1, x0 + qx : x1 - qx],
         edge[y0 + qy : y1 - qy, x0 - 1], edge[y0 + qy : y1 - qy, x1])
    )  # fmt: skip
    return bool(ring.mean() >= 0.8)


#: A wall this many grey levels lighter at the top than at the bottom is a raised
#: relief: a button (Tk's, lit light under the pointer, is as light as a field); a
#: field's wall is sunken (Tk: dark at the top) or even (GTK, a web page).
RAISED: Final = 40


def _walls(np: Any, grey: Any, inside: Box, within: float, cols: slice) -> tuple[float, float]:
    """The grey of the walls above and below ``inside``, read along ``cols``: each is the
    one of the two rows next to the inside (an edge marks both sides of a step) least
    like the inside (``within``)."""
    y0, y1, h = inside[1], inside[3], grey.shape[0]

    def wall(rows: Sequence[int]) -> float:
        seen = [float(np.median(grey[r, cols])) for r in rows if 0 <= r < h]
        return max(seen, key=lambda v: abs(v - within), default=within)

    return wall((y0 - 1, y0 - 2)), wall((y1, y1 + 1))


def _raised(np: Any, grey: Any, inside: Box) -> bool:
    """Whether the wall above ``inside`` is :data:`RAISED` levels lighter than the one
    below it along the middle half, and no darker than the inside (a highlight, not a
    shadow)."""
    x0, y0, x1, y1 = inside
    qx = (x1 - x0) // 4
    within = float(np.median(grey[y0:y1, x0:x1]))
    top, bottom = _walls(np, grey, inside, within, slice(x0 + qx, x1 - qx))
    return top - bottom >= RAISED and top >= within


#: The grey levels a sunken box's inside may be from the window around it.
SAME_GREY: Final = 12


def _sunken(np: Any, grey: Any, inside: Box) -> bool:
    """Whether ``inside`` is sunk into a window of its own grey (Tk's sunken relief): a
    thin wall above it :data:`RAISED` levels darker than the one below it along the
    middle half, the wall above darker than the window beyond it and the wall below
    lighter, and the inside the window's grey (a band under a title bar, or a chosen
    row under a darker one, is no such box)."""
    x0, y0, x1, y1 = inside
    qx = (x1 - x0) // 4
    cols = slice(x0 + qx, x1 - qx)
    within = float(np.median(grey[y0:y1, x0:x1]))
    top, bottom = _walls(np, grey, inside, within, cols)
    if bottom - top < RAISED or y0 < 5 or y1 + 4 >= grey.shape[0]:
        return False
    above, below = float(np.median(grey[y0 - 5, cols])), float(np.median(grey[y1 + 4, cols]))
    same = abs(above - within) <= SAME_GREY and abs(below - within) <= SAME_GREY
    if not (same and top < above - SAME_GREY and bottom > below + SAME_GREY / 2):
        return False
    # a wall is a line: dark all along (the lower edges of a row of letters are not)
    rows = grey[y0 - 2 : y0, cols]
    return bool((rows.min(axis=0) < above - SAME_GREY).mean() >= 0.9)


def _light(np: Any, grey: Any, inside: Box, box: Box, lighter: int = 6) -> bool:
    """Whether ``inside`` is near white and ``lighter`` grey levels lighter than what lies
    above and below its walls (``box``): a list's inside, not a dialog's own grey. A
    field asks for 0: a web page's text box is as white as the page around it."""
    x0, y0, x1, y1 = inside
    within = float(np.median(grey[y0:y1, x0:x1]))
    bx0, by0, bx1, by1 = box
    around = np.concatenate(
        (grey[max(0, by0 - 3), bx0:bx1], grey[min(grey.shape[0] - 1, by1 + 2), bx0:bx1])
    )
    return within >= 235 and within >= float(np.median(around)) + lighter


def _control(np: Any, inside: Box, grey: Any, edge: Any) -> Shape | None:
    """The button or field whose inside is ``inside``, or None when its wall is open."""
    x0, y0, x1, y1 = inside
    if not _walled(np, edge, inside):
        return None
    box = _wall(edge, inside)
    pad = 2
    core = edge[y0 + pad : y1 - pad, x0 + pad : x1 - pad]
    ink = int(core.sum()) > 3 * (y1 - y0)
    wide = (x1 - x0) >= 2.5 * (y1 - y0) and (x1 - x0) >= FIELD_WIDTH[0]
    # a field is lighter than what is around it; on a page as white as it (a web form's
    # text box) it must be empty or hold text from its left end (xmessage's white
    # buttons on white hold a label in their middle)
    light = _light(np, grey, inside, box) or (
        _light(np, grey, inside, box, lighter=0) and (not ink or _from_left(np, core))
    )
    if (
        wide
        and light
        and (y1 - y0) <= 44
        and not (ink and _centred(np, core))
        and not _raised(np, grey, inside)
    ):
        whole = _through_cursor(edge, inside)
        if whole != inside:  # the rest of the field: its text, left of the caret
            inside, box = whole, _wall(edge, whole)
            ink = True
        return Shape(box=box, kind="field", filled=ink)
    if wide and (y1 - y0) <= 44 and _sunken(np, grey, inside):
        # a box sunk into a window of its own grey: a read-only entry, or ttk's
        # read-only combo box (its arrow beside it), whose choice is its value (shown
        # selected: the band splits the inside as a caret does)
        whole = _through_cursor(edge, inside)
        if whole != inside:
            box, ink = _wall(edge, whole), True
        bx0, by0, bx1, by1 = box
        own = edge[by0 + BORDER + pad : by1 - BORDER - pad, bx0 + BORDER + pad : bx1 - BORDER - pad]
        state = frozenset({"expandable"}) if _arrow_at_end(np, own, by1 - by0) else frozenset()
        return Shape(box=box, kind="field", filled=ink, state=state)
    if (x1 - x0) > BUTTON_WIDTH[1] or (x1 - x0) > BUTTON_ASPECT * (y1 - y0):
        return None  # a title bar, a status line or a message frame, not a button
    arrow = wide and _arrow_at_end(np, core, y1 - y0)
    state = frozenset({"expandable"}) if arrow else frozenset()
    return Shape(box=box, kind="button", filled=ink, state=state)


def _arrow_at_end(np: Any, core: Any, height: int) -> bool:
    """Whether the ink in a button's ``core`` ends in a mark no wider than the button
    is tall, near its right end and set well apart from any ink before it: a drop-down's
    arrow (GTK's combo box, a web page's select) after its choice. A button's label
    is centred, and the gaps between its words are narrower."""
    columns = np.flatnonzero(core.any(axis=0))
    if columns.size == 0:
        return False
    gaps = np.flatnonzero(np.diff(columns) > 1)
    start = int(columns[gaps[-1] + 1]) if gaps.size else int(columns[0])
    end = int(columns[-1])
    before = int(columns[gaps[-1]]) if gaps.size else -height
    return (
        end - start < 0.8 * height
        and core.shape[1] - 1 - end <= 0.6 * height
        and start - before >= 0.5 * height
    )


#: A list: its shape, the light insides it is made of, and their region numbers.
_List = tuple[Shape, list[Box], set[int]]


def _unlisted(
    controls: list[Shape], lists: list[_List], regions: Any
) -> tuple[list[Shape], list[Shape]]:
    """(controls, lists): a light box with a control standing on its own light surface
    (a dialog's white body with its buttons) is no list; a window's buttons over a list
    stand on the window's own background, so they do not count. The pieces of a list
    (its rows around a chosen one, the chosen row's band) are no fields or buttons."""
    kept = [
        (s, parts)
        for s, parts, numbers in lists
        if not any(
            box_within(c.box, s.box) and not _a_part(c, parts, s) and _on(regions, c.box, numbers)
            for c in controls
        )
    ]
    pieces = [c for c in controls if any(_a_part(c, parts, s) for s, parts in kept)]
    return [c for c in controls if c not in pieces], [s for s, _ in kept]


def _on(regions: Any, box: Box, numbers: set[int]) -> bool:
    """Whether a pixel 3 pixels outside the middle of a side of ``box`` lies in one of
    the flat regions ``numbers`` (what the control stands on)."""
    h, w = regions.shape
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    around = ((x0 - 3, cy), (x1 + 3, cy), (cx, y0 - 3), (cx, y1 + 3))
    return any(0 <= x < w and 0 <= y < h and int(regions[y, x]) in numbers for x, y in around)


def _lists(np: Any, stats: Any, grey: Any, edge: Any) -> list[_List]:
    """Lists, each with the insides it is made of: light walled insides as wide as a field,
    joined when one lies under another between the same side walls, the walls running on
    through the band between them (a selected row's band splits a Tk Listbox's white in
    two); one taller than a one-line field (:data:`LIST_HEIGHT`), or joined, is a list.
    Two fields of a form, one under the other, have no wall through the gap."""
    h, w = grey.shape
    x, y, bw, bh, area = (stats[1:, i] for i in range(5))
    fill = area / np.maximum(1, bw * bh)
    ok = (
        (bw >= FIELD_WIDTH[0]) & (bw <= FIELD_WIDTH[1])
        & (bh >= BUTTON_HEIGHT[0]) & (bh <= LIST_HEIGHT[1]) & (fill >= 0.45)
        & (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h)
    )  # fmt: skip
    pieces: dict[Box, int] = {}  # inside -> its region's number
    for i in np.flatnonzero(ok):
        inside = (int(x[i]), int(y[i]), int(x[i] + bw[i]), int(y[i] + bh[i]))
        if (
            _walled(np, edge, inside)
            and _light(np, grey, inside, _wall(edge, inside))
            and not _raised(np, grey, inside)  # a key lit under the pointer
        ):
            pieces[inside] = int(i) + 1
    groups: list[list[Box]] = []
    for piece in sorted(pieces, key=lambda b: (b[1], b[0])):
        home = next((g for g in groups if _continues(edge, g[-1], piece)), None)
        if home is None:
            groups.append([piece])
        else:
            home.append(piece)
    lists = []
    for g in groups:
        inside = (g[0][0], g[0][1], g[-1][2], g[-1][3])
        grown = _banded(np, grey, edge, inside)
        if len(g) > 1 or grown != inside or inside[3] - inside[1] >= LIST_HEIGHT[0]:
            shape = Shape(box=_wall(edge, grown), kind="list", filled=True)
            lists.append((shape, g, {pieces[b] for b in g}))
    return lists


def _banded(np: Any, grey: Any, edge: Any, inside: Box) -> Box:
    """``inside`` grown up and down through a chosen row's band at a list's top or
    bottom: as far as both side walls run on (at most :data:`LIST_GAP`), kept when what
    it takes in holds rows of mostly flat pixels that are not light (a selection's
    colour; a field's own wall has no flat row, the white of a key below is light)."""
    x0, y0, x1, y1 = inside
    h = edge.shape[0]

    def walls(y: int) -> bool:
        return bool(edge[y, x0 - 1]) and bool(edge[y, x1])

    def banded(a: int, b: int) -> bool:
        flat = edge[a:b, x0:x1].mean(axis=1) < 0.5
        if b - a <= 3 or not flat.any():
            return False
        return float(np.median(grey[a:b, x0:x1][flat])) < 235

    top = y0
    while top > max(1, y0 - LIST_GAP) and walls(top - 1):
        top -= 1
    bottom = y1
    while bottom < min(h - 1, y1 + LIST_GAP) and walls(bottom):
        bottom += 1
    return (x0, top if banded(top, y0) else y0, x1, bottom if banded(y1, bottom) else y1)


def _continues(edge: Any, above: Box, below: Box) -> bool:
    """Whether ``below`` is the same list as ``above``: the same side walls (within 3
    pixels), at most :data:`LIST_GAP` under it, both walls edged all the way down, and
    a band between them (a row of mostly flat pixels: a selected row's colour), not
    just a border (two keys of a keypad column, one under the other)."""
    ax0, _, ax1, ay1 = above
    bx0, by0, bx1, _ = below
    if abs(ax0 - bx0) > 3 or abs(ax1 - bx1) > 3 or not 0 <= by0 - ay1 <= LIST_GAP:
        return False
    left, right = min(ax0, bx0), max(ax1, bx1)
    gap = edge[ay1:by0]
    walls = bool(gap[:, left - 1].all() and gap[:, right].all())
    return walls and bool((gap[:, left:right].mean(axis=1) < 0.5).any())


def _a_part(c: Shape, parts: Sequence[Box], whole: Shape) -> bool:
    """Whether control ``c`` is a piece of list ``whole``, not a control: one of its
    light ``parts`` (walls added), or a band from wall to wall (its chosen row)."""
    if any(
        _overlap(c.box, p) > 0.9 and 0.6 * _area(p) <= _size(c) <= 1.5 * _area(p) for p in parts
    ):
        return True
    x0, _, x1, _ = whole.box
    return box_within(c.box, whole.box) and c.box[0] - x0 <= 4 and x1 - c.box[2] <= 4


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def _through_cursor(edge: Any, inside: Box) -> Box:
    """A field's ``inside`` grown left and right along its top and bottom walls, through
    a text cursor. The caret is a bar of edge pixels from wall to wall that splits the
    inside in two flat regions: typing "Marigold" into a Tk entry left only the part
    right of the caret as the field, so its text fell outside. The growth follows the
    walls to where they end (the field's corners) and is kept only when there is text on
    one side of the bar; a wall between two empty fields is left alone."""
    x0, y0, x1, y1 = inside
    w = edge.shape[1]

    def walls(x: int) -> bool:
        return bool(edge[y0 - 1, x]) and bool(edge[y1, x])

    left, right = x0, x1
    while left > 1 and walls(left - 1):
        left -= 1
    while right < w - 1 and walls(right):
        right += 1
    core = edge[y0 + 2 : y1 - 2]
    own = bool(core[:, x0 + 2 : x1 - 2].any())
    # what lies past the walls' own corners (4 px) joins when it, or the part found, holds
    # text: a caret splits a field with text in it; two empty fields share a wall
    grown_left = left < x0 - 4 and (own or bool(core[:, left + 4 : x0 - 4].any()))
    grown_right = right > x1 + 4 and (own or bool(core[:, x1 + 4 : right - 4].any()))
    return (left + 1 if grown_left else x0, y0, right - 1 if grown_right else x1, y1)


def _margins(np: Any, core: Any) -> tuple[int, int] | None:
    """The blank columns left and right of the ink in ``core`` (None: no ink)."""
    columns = np.flatnonzero(core.any(axis=0))
    if columns.size == 0:
        return None
    return int(columns[0]), core.shape[1] - 1 - int(columns[-1])


def _from_left(np: Any, core: Any) -> bool:
    """Whether the ink inside a box starts near its left end and stops well short of
    its right end, as a field's text does."""
    margins = _margins(np, core)
    return margins is not None and margins[0] <= 8 and margins[1] >= max(16, 2 * margins[0])


def _centred(np: Any, core: Any) -> bool:
    """Whether the ink inside a light box sits in its middle, clear of its left end, as
    a button's label does (a field's text starts at its left end): a white button in a
    light dialog is not a filled text field. A field whose text fills it end to end,
    both margins equal, is taken for a button: the rarer mistake."""
    margins = _margins(np, core)
    if margins is None:
        return False
    width, (left, right) = core.shape[1], margins
    return bool(left >= max(8, 0.06 * width) and abs(left - right) <= 0.12 * width)


def _rings(np: Any, cv2: Any, edge: Any, grey: Any) -> tuple[list[Shape], list[Shape]]:
    """(check boxes and radios, ring buttons): closed rings of edge pixels. A tick or a
    dot that touches a small ring, or a label that touches a button's wall (X Toolkit's
    oval buttons in a bitmap font; a hovered one's thicker wall), split the flat inside
    but not the ring, so these are found as edge, not as inside."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(edge.view(np.uint8), connectivity=8)
    x, y, bw, bh = (stats[1:, i] for i in range(4))
    lo, hi = TICK_SIDE[0] + 2, TICK_SIDE[1] + 2  # the ring's outside pixels are marked too
    side = np.maximum(bw, bh)
    ok = (
        (bw >= lo) & (bh >= lo) & (bw <= hi) & (bh <= hi)
        & (np.abs(bw - bh) <= np.maximum(1, side // 8))
    )  # fmt: skip
    ticks: list[Shape] = []
    for i in np.flatnonzero(ok):
        x0, y0, x1, y1 = int(x[i]), int(y[i]), int(x[i] + bw[i]), int(y[i] + bh[i])
        own = labels[y0:y1, x0:x1] == i + 1
        shape = _tick(np, own, edge[y0:y1, x0:x1], (x0, y0, x1, y1))
        if shape is not None:
            ticks.append(shape)
    return ticks, _ring_buttons(np, labels, stats[1:], ok, grey=grey, edge=edge)


def _trimmed(np: Any, own: Any, box: Box) -> Box:
    """``box`` cut down to where the ring's straight top and bottom walls run, on a side
    where the ring's own component reaches more than its height past them: a label's
    letters that touch a focused field's ring (Tk's black focus ring and "(Hz)" before
    it) are not the field. A rounded end reaches half its height past them, and stays."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    cols = np.flatnonzero(own[0] & own[-1])
    if len(cols) == 0:
        return box
    left, right = x0 + int(cols[0]), x0 + int(cols[-1]) + 1
    return (left if left - x0 > h else x0, y0, right if x1 - right > h else x1, y1)


def _ring_buttons(
    np: Any, labels: Any, stats: Any, small: Any, *, grey: Any, edge: Any
) -> list[Shape]:
    """Edge rings of button size: the ring holds the middle of all four sides of its
    box (checked at four points for every component first: a word's bounding box
    seldom has ink at all four) and most of their middle halves."""
    x, y, bw, bh = (stats[:, i] for i in range(4))
    cx, cy = x + bw // 2, y + bh // 2
    first = (
        ~small
        & (bh >= BUTTON_HEIGHT[0]) & (bh <= BUTTON_HEIGHT[1] + 2)
        & (bw >= BUTTON_WIDTH[0]) & (bw <= BUTTON_ASPECT * bh)
    )  # fmt: skip
    idx = np.flatnonzero(first)
    mine = idx + 1
    sides = (
        (labels[y[idx], cx[idx]] == mine)
        & (labels[y[idx] + bh[idx] - 1, cx[idx]] == mine)
        & (labels[cy[idx], x[idx]] == mine)
        & (labels[cy[idx], x[idx] + bw[idx] - 1] == mine)
    )
    out: list[Shape] = []
    for i in idx[sides]:
        x0, y0, x1, y1 = int(x[i]), int(y[i]), int(x[i] + bw[i]), int(y[i] + bh[i])
        own = labels[y0:y1, x0:x1] == i + 1
        qx, qy = (x1 - x0) // 4, (y1 - y0) // 4
        wall = np.concatenate((own[0, qx:-qx], own[-1, qx:-qx], own[qy:-qy, 0], own[qy:-qy, -1]))
        hollow = 1.0 - float(own[3:-3, 3:-3].mean()) if own.shape[0] > 6 else 0.0
        if wall.mean() >= 0.8 and hollow >= 0.3:
            ink = hollow < 0.97
            cut = _trimmed(np, own, (x0, y0, x1, y1))
            if cut != (x0, y0, x1, y1):  # a control of its own, read as a flat one is
                inside = (cut[0] + 2, cut[1] + 2, cut[2] - 2, cut[3] - 2)
                shape = _control(np, inside, grey, edge)
                if shape is not None:
                    out.append(dataclasses.replace(shape, filled=ink))
                continue
            out.append(Shape(box=(x0 + 1, y0 + 1, x1 - 1, y1 - 1), kind="button", filled=ink))
    return out


def _thickness(np: Any, rows: Any) -> int:
    """The ring's wall: the thinnest run of ring pixels met first from the left in
    ``rows`` (a tick or a dot that touches the ring lengthens some rows' runs, not all)."""
    runs = []
    for row in rows:
        first = int(np.argmax(row))
        if row[first] and not row[first:].all():
            runs.append(int(np.argmin(row[first:])))
    return min(runs, default=0)


def _tick(np: Any, own: Any, edge: Any, box: Box) -> Shape | None:
    """A check box (straight sides), a radio (round), or None (a letter, a blob)."""
    n, m = own.shape
    sides = np.array([own[0].mean(), own[-1].mean(), own[:, 0].mean(), own[:, -1].mean()])
    thick = _thickness(np, own[n // 4 : n - n // 4])
    if thick < 1 or thick * 2 + 2 > min(n, m):  # no hole: a blob or a thick letter
        return None
    core = edge[thick + 1 : n - thick - 1, thick + 1 : m - thick - 1]
    if core.size == 0:
        return None
    hole = 1.0 - float(edge[thick:-thick, thick:-thick].mean())
    state = frozenset({"checked"}) if core.mean() > 0.12 else frozenset()
    x0, y0, x1, y1 = box
    inner = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
    corners = own[0, 0] or own[0, -1] or own[-1, 0] or own[-1, -1]
    if sides.min() >= 0.7 and (hole > 0.3 or state):
        return Shape(box=inner, kind="check", state=state)
    if sides.max() <= 0.6 and sides.min() > 0 and not corners and (hole > 0.3 or state):
        return Shape(box=inner, kind="radio", state=state)
    return None


def _overlap(a: Box, b: Box) -> float:
    """The share of the smaller box that the two boxes have in common."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / max(1, small)


def _distinct(shapes: Sequence[Shape]) -> list[Shape]:
    """Shapes without duplicates: a check box or radio wins over a button found on the
    same pixels; a button holding two or more other controls is a group frame, gone;
    a ring inside a control is a letter's hole, one inside a ring its dot or tick."""
    controls = [s for s in shapes if s.kind not in ("check", "radio")]
    # a frame holding a column of boxes (ttk's labelframe between two separators) is a
    # group, not a button: its boxes stay
    controls = [c for c in controls if not _boxes_in_a_column(c, shapes)]
    # a ring inside a button or field is a letter's hole ("O", "A"), not a check box;
    # one at a field's left end may be a check box whose row the pointer lights up (Tk's
    # active background, walled like a field): kept, for :func:`fuse` to tell by the text
    ticks = [
        s
        for s in shapes
        if s.kind in ("check", "radio")
        and all(not box_within(s.box, c.box) or _leads_field(s, c) for c in controls)
    ]
    # a radio's dot or a GTK box's tick has its own ring: the outer ring is the control
    ticks = [t for t in ticks if not any(o is not t and box_within(t.box, o.box) for o in ticks)]
    out = list(ticks)
    for s in shapes:
        if s.kind in ("check", "radio"):
            continue
        if any(_overlap(s.box, t.box) > 0.5 and _size(s) < 2 * _size(t) for t in ticks):
            continue
        entry = _spin_entry(s, shapes)
        held = sum(_overlap(entry.box, o.box) > 0.9 and _size(o) < _size(entry) for o in shapes)
        if held >= 2:
            continue
        out.append(entry)
    return sorted(_headers(out), key=lambda s: (s.box[1], s.box[0]))


def _spin_field(np: Any, grey: Any, c: Shape, controls: Sequence[Shape]) -> Shape:
    """``c``, or a field when it is a light "button" with two square buttons of its
    height in a row touching its right end: a spin box's entry, its "-" and "+" (GTK's
    spin button in a narrow form is too short for its shape to say field)."""
    if c.kind != "button":
        return c

    def next_square(a: Shape) -> Shape | None:
        return next(
            (
                b
                for b in controls
                if b.kind == "button"
                and _square(b.box)
                and abs(b.box[0] - a.box[2]) <= 4
                and abs(b.box[1] - a.box[1]) <= 2
                and abs(b.box[3] - a.box[3]) <= 2
            ),
            None,
        )

    first = next_square(c)
    if first is None or next_square(first) is None:
        return c
    x0, y0, x1, y1 = c.box
    inside = (x0 + BORDER + 1, y0 + BORDER + 1, x1 - BORDER - 1, y1 - BORDER - 1)
    return dataclasses.replace(c, kind="field") if _light(np, grey, inside, c.box) else c


def _spin_entry(s: Shape, shapes: Sequence[Shape]) -> Shape:
    """``s``, or the entry part of it when it is a field whose right end holds buttons
    of its own height (GTK's spin button: an entry, then "-" and "+"); the dividers
    between them read as a caret, so the field had grown over its buttons
    (:func:`_through_cursor`) and would be dropped as a frame holding two controls."""
    if s.kind != "field":
        return s
    x0, y0, x1, y1 = s.box
    buttons = [
        o
        for o in shapes
        if o.kind == "button"
        and o.box != s.box
        and box_within(o.box, (x0, y0 - 2, x1 + 2, y1 + 2))
        and abs(o.box[1] - y0) <= 2
        and abs(o.box[3] - y1) <= 2
    ]
    if not buttons:
        return s
    left = min(o.box[0] for o in buttons)
    # the buttons end the field, and they are its smaller part
    if x1 - max(o.box[2] for o in buttons) > 4 or left - x0 < (x1 - x0) / 3:
        return s
    return dataclasses.replace(s, box=(x0, y0, left + BORDER, y1))


def _relief_at_middle(np: Any, grey: Any, inside: Box, within: float) -> bool:
    """Whether a small box or diamond has a relief, raised or sunken: the wall above its
    inside at least :data:`RAISED` grey levels from the wall below, read at its middle
    column (a diamond's top and bottom are points). A dot or a bullet has none."""
    cx = (inside[0] + inside[2]) // 2
    top, bottom = _walls(np, grey, inside, within, slice(cx, cx + 1))
    return abs(top - bottom) >= RAISED


def _boxes_in_a_column(c: Shape, shapes: Sequence[Shape]) -> bool:
    """Whether ``c`` holds two or more check boxes or radios one under another at its
    left end (left edges within 3 px, a box's height or more apart): a group's frame.
    A word's letter holes lie side by side; a key's "÷" is in its middle."""
    inside = [s for s in shapes if s.kind in ("check", "radio") and box_within(s.box, c.box)]
    for a, b in itertools.combinations(inside, 2):
        side = max(a.box[3] - a.box[1], b.box[3] - b.box[1])
        near_wall = a.box[0] - c.box[0] <= 3 * side  # boxes start a group's rows
        if near_wall and abs(a.box[0] - b.box[0]) <= 3 and abs(a.box[1] - b.box[1]) >= side:
            return True
    return False


def _headers(shapes: Sequence[Shape]) -> list[Shape]:
    """A light box that shares a side wall with a button of its height is a cell of a
    row of buttons (a list's column headers, GTK's "Use | Fruit"), not a text field."""
    buttons = [s for s in shapes if s.kind == "button"]

    def header(f: Shape) -> bool:
        return any(
            abs(b.box[1] - f.box[1]) <= 2
            and abs(b.box[3] - f.box[3]) <= 2
            and (
                abs(b.box[2] - f.box[0]) <= 4
                # a square button right of a field is a spin box's "-" (see _spin_entry)
                or (abs(f.box[2] - b.box[0]) <= 4 and not _square(b.box))
            )
            for b in buttons
        )

    return [
        dataclasses.replace(s, kind="button") if s.kind == "field" and header(s) else s
        for s in shapes
    ]


def _square(box: Box) -> bool:
    """Whether ``box`` is about as wide as it is tall (at most 1.3 times either way)."""
    w, h = box[2] - box[0], box[3] - box[1]
    return max(w, h) <= 1.3 * min(w, h)


def _leads(tick: Box, control: Box) -> bool:
    """Whether a ring or square at ``tick`` sits at the left end of ``control``, in its
    middle row, as a check box in a lit row does (or a letter that starts its text)."""
    side = max(tick[2] - tick[0], tick[3] - tick[1])
    middle = abs((tick[1] + tick[3]) - (control[1] + control[3])) / 2
    left_third = tick[2] - control[0] <= (control[2] - control[0]) / 3  # not a key's "÷"
    return (
        box_within(tick, control)
        and tick[0] - control[0] <= 2 * side
        and middle <= side / 2
        and left_third
    )


def _size(s: Shape) -> int:
    return _area(s.box)


def _keypads(shapes: Sequence[Shape]) -> tuple[Shape, ...]:
    """Buttons in a grid are keypad keys: a button with a neighbour of its size (within
    3 pixels) one step away across on its row, and one a step away down or up its
    column (a step is its own width or height, within a quarter), with six such in all.
    A row of buttons above a keypad, aligned with its first column, is not one of it:
    its step down to the keys is longer than a key."""
    buttons = [s for s in shapes if s.kind == "button"]
    keys = [s for s in buttons if _in_grid(s, buttons)]
    if len(keys) < 6:
        return tuple(shapes)
    chosen = {id(s) for s in keys}
    return tuple(dataclasses.replace(s, kind="key") if id(s) in chosen else s for s in shapes)


def _in_grid(s: Shape, buttons: Sequence[Shape]) -> bool:
    x0, y0, x1, y1 = s.box
    w, h = x1 - x0, y1 - y0
    across = down = False
    for o in buttons:
        if o is s or abs(o.box[2] - o.box[0] - w) > 3 or abs(o.box[3] - o.box[1] - h) > 3:
            continue
        dx, dy = abs(o.box[0] - x0), abs(o.box[1] - y0)
        across |= dy <= 3 and 0.75 * w <= dx <= 1.25 * w
        down |= dx <= 3 and 0.75 * h <= dy <= 1.25 * h
    return across and down
