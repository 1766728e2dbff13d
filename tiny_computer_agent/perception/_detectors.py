"""Detectors: a :class:`~tiny_computer_agent._elements.Frame` to labelled elements.

    GridDetector   numbered cells; stdlib only; for screens with no text (blind)
    OcrDetector    RapidOCR on onnxruntime with the models inside its wheel (``ocr`` extra)
    IncrementalOcr the same OCR, re-reading only the regions that changed since its last frame
    FusedDetector  the accessibility tree where it speaks, OCR and control shapes for the
                   rest (``--detector auto``)
    AutoDetector   OCR when it finds text, else the grid, with a warning that says so
    ImageDetector  adapts a detector written for the old ``detect(image)`` contract

Every detector is given a Frame: the (maybe downscaled) image plus its mapping, the
monitor, the capture time and the windows. Ours still accept a bare image, with a
DeprecationWarning, for a deprecation period. The harness never guesses which
contract a third-party detector follows: one written for ``detect(image)`` is wrapped
once, ``ImageDetector(inner=MyDetector())``, and is then handed ``frame.image``.

The detectors' names (``--detector auto|ocr|ocr-full|shapes|a11y|grid``) live in the registry,
:mod:`tiny_computer_agent.registry`, which imports nothing heavy until one runs.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any, Final

from .._contracts import Detection, Detector
from .._elements import (
    Element,
    Frame,
    as_frame,
    match_score,
    normalize_label,
    reading_order,
)
from ._windows import uncovered, window_at

#: A box in frame pixels: left, top, right, bottom.
Box = tuple[int, int, int, int]

__all__ = [
    "AutoDetector",
    "FusedDetector",
    "GridDetector",
    "ImageDetector",
    "IncrementalOcr",
    "OcrDetector",
]

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class GridDetector:
    """Numbers ``cols`` x ``rows`` cells ("cell 1".."cell N"), reading order.

    A grid cell is not something seen: the policy refuses a real click on one unless
    ``--allow-grid`` is given. A frame smaller than the grid (under 4 x 3 pixels) gets
    one cell per pixel it has; an empty frame gets none.
    """

    cols: int = 4
    rows: int = 3

    def detect(self, frame: Frame) -> Detection:
        w, h = as_frame(frame).size
        cols, rows = max(0, min(self.cols, w)), max(0, min(self.rows, h))
        cells = []
        for r in range(rows):
            for c in range(cols):
                n = r * cols + c + 1
                box = (
                    c * w // cols,
                    r * h // rows,
                    (c + 1) * w // cols - 1,
                    (r + 1) * h // rows - 1,
                )
                cells.append(
                    Element(label=f"cell {n}", box=box, source="grid", confidence=0.0, id=n)
                )
        return Detection(elements=tuple(cells))


# The OCR detectors live in their own modules (heavy imports); re-exported here.
from ._incremental import IncrementalOcr  # noqa: E402
from ._ocr import OcrDetector  # noqa: E402


@dataclasses.dataclass(kw_only=True, slots=True)
class AutoDetector:
    """OCR first (re-reading only what changed since the last frame); when OCR finds no
    text, the grid, with a note naming the risk."""

    ocr: Detector = dataclasses.field(default_factory=IncrementalOcr)
    grid: Detector = dataclasses.field(default_factory=GridDetector)

    def detect(self, frame: Frame) -> Detection:
        frame = as_frame(frame)
        found = self.ocr.detect(frame)
        if found.elements:
            return found
        cells = self.grid.detect(frame)
        note = (
            "no text was found on screen, so the index is "
            f"{len(cells.elements)} grid cells and the brain is choosing blind"
        )
        log.warning(note)
        return Detection(elements=cells.elements, prose=found.prose, notes=(*found.notes, note))


@dataclasses.dataclass(kw_only=True, slots=True)
class FusedDetector:
    """``--detector auto``: one index from everything that sees controls.

    1. OCR reads the text (re-reading only what changed since the last frame).
    2. With ``shapes``, control shapes found in the pixels (bordered buttons, text
       fields, check boxes, radios, keypad keys; :mod:`~tiny_computer_agent.perception._shapes`)
       cut OCR lines at control borders and say what each element is; a control whose
       label was cut out of a longer line is read again alone.
    3. With ``accessibility``, the frame's accessibility elements (the desktop screen
       reads the tree as it captures; a screenshot file has none) are taken as they
       are: names, roles and states from the toolkit. A pixel element whose centre lies
       in one of them, or that holds one's centre, is dropped (the tree names it
       better); pixel elements where the tree says nothing stay (canvas text, Tk and
       X Toolkit programs, which have no tree). A tree element that another window
       covers is left out first: it does not name what the pixels there show.
       A nameless tree element is named by the text OCR reads inside it.
       With ``tree_first`` (the default), what the tree already names is not read
       again: OCR and shapes see the frame with each named tree element's box painted flat
       (where its window is visible), so a dialog the tree describes costs OCR only
       what the tree lacks (issue 14: recognition is most of a read's time). The
       observation keeps the real picture.
    4. With ``window_titles`` (the default), each window the window manager frames has
       its title taken from the manager (``source="window"``, kind ``title``, the title
       bar's box) and its title bar painted flat for OCR and shapes, as tree boxes are:
       OCR read every new window's title bar, and the title bar of the window that lost
       the focus, on every window change (issue 14: most of a new dialog's cost once
       the tree named its contents), and read it worse than the manager tells it.
       A title bar that a window above covers at its middle gives no title.
    5. Plain text in the band at a window's top that reads as the window's
       title (the frame's windows say which) is a ``title``: a toolkit's own header bar.
    6. Nothing at all: the grid, with a note that the brain is choosing blind.

    A part that cannot run (numpy or OpenCV missing for shapes) is skipped with one
    note, never raised; the others still index the frame.
    """

    ocr: Detector | None = dataclasses.field(default_factory=IncrementalOcr)
    grid: Detector = dataclasses.field(default_factory=GridDetector)
    shapes: bool = True
    accessibility: bool = True
    tree_first: bool = True
    window_titles: bool = True
    _said: set[str] = dataclasses.field(default_factory=set)

    def detect(self, frame: Frame) -> Detection:
        frame = as_frame(frame)
        # a tree element another window covers is not what the pixels there show
        shown = uncovered(frame.accessible, frame.windows, frame.mapping)
        tree = _round_toggles(frame, shown) if self.accessibility else ()
        seen = _masked(frame, tree=bool(tree) and self.tree_first, bars=self.window_titles)
        found = self.ocr.detect(seen) if self.ocr is not None else Detection(elements=())
        notes = list(found.notes)
        elements, prose = tuple(found.elements), found.prose
        if self.shapes and (elements or found.prose_pieces):
            elements, prose = self._with_shapes(seen, found, notes)
        elements = _titled(elements, frame)
        if tree:
            tree = _named_by_pixels(tree, elements)
            elements = (*tree, *(e for e in elements if not _told(e, tree)))
        if self.window_titles:
            elements = (*_bar_titles(frame), *elements)
        if elements:
            return Detection(elements=elements, prose=prose, notes=tuple(notes))
        cells = self.grid.detect(frame)
        note = (
            "no text or control was found on screen, so the index is "
            f"{len(cells.elements)} grid cells and the brain is choosing blind"
        )
        log.warning(note)
        return Detection(elements=cells.elements, prose=prose, notes=(*notes, note))

    def _with_shapes(
        self, frame: Frame, found: Detection, notes: list[str]
    ) -> tuple[tuple[Element, ...], tuple[str, ...]]:
        """The elements with control shapes, and the prose that no control took as its
        long label (with the shapes off: ``found``'s own)."""
        from .._errors import MissingExtra
        from ._crop_reader import crop_reader
        from ._fusion import fuse_with_prose
        from ._shapes import detect_shapes

        try:
            shapes = detect_shapes(frame.image)
            pieces = found.prose_pieces
            elements, used = fuse_with_prose(
                found.elements,
                shapes,
                read=crop_reader(frame.image),
                prose=pieces,
                window=_window_under(frame) if frame.windows else None,
            )
            if not pieces:
                return elements, found.prose
            return elements, tuple(p.label for p in pieces if id(p) not in used)
        except MissingExtra as exc:
            self._say_once(f"control shapes are off: {exc}", notes)
        except (TypeError, AttributeError, ValueError) as exc:  # not a picture (SizedImage)
            self._say_once(f"control shapes are off for this frame: {exc}", notes)
        return tuple(found.elements), found.prose

    def _say_once(self, note: str, notes: list[str]) -> None:
        if note not in self._said:
            self._said.add(note)
            log.warning(note)
            notes.append(note)


def _window_under(frame: Frame) -> Callable[[Box], int]:
    """The id of the top-most window at a frame box's centre (0: none, the desktop)."""
    m = frame.mapping

    def window(box: Box) -> int:
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        on_top = window_at(frame.windows, m.left + x * m.scale_x, m.top + y * m.scale_y)
        return on_top.id if on_top is not None else 0

    return window


#: A tree check box this small (a list's toggle cell, not a box with its label beside
#: it) is looked at in the pixels.
TOGGLE_SIDE: Final = 64


def _round_toggles(frame: Frame, tree: tuple[Element, ...]) -> tuple[Element, ...]:
    """``tree`` with its small check boxes that the pixels show round as ``radio``: a
    radio list's toggles (a tree view's toggle cells) tell the tree only that they can
    be checked, so they arrive as check boxes. Each is looked at alone (its box and 3
    pixels around it); one in which shapes find radios and no square is a radio. Without
    numpy, OpenCV or a picture, the tree stands as it is."""
    small = [
        e
        for e in tree
        if e.kind == "check"
        and e.box[2] - e.box[0] <= TOGGLE_SIDE
        and e.box[2] - e.box[0] <= 3 * (e.box[3] - e.box[1])
    ]
    if not small or not hasattr(frame.image, "crop"):
        return tree
    from .._errors import MissingExtra
    from ._shapes import detect_shapes

    w, h = frame.size
    round_ = set()
    try:
        for e in small:
            x0, y0, x1, y1 = e.box
            around = (max(0, x0 - 3), max(0, y0 - 3), min(w, x1 + 3), min(h, y1 + 3))
            crop = frame.image.crop(around)
            kinds = {s.kind for s in detect_shapes(crop)} & {"check", "radio"}
            if kinds == {"radio"}:
                round_.add(id(e))
    except MissingExtra:
        return tree
    return tuple(dataclasses.replace(e, kind="radio") if id(e) in round_ else e for e in tree)


def _masked(frame: Frame, *, tree: bool, bars: bool) -> Frame:
    """``frame`` with what is known without reading painted flat, so OCR does not read
    it: with ``tree``, the boxes of its named accessibility elements; with ``bars``, the
    title bars the window manager draws. Windows are painted bottom to top: each window
    first gets its own pixels back (a window above a painted box covers it again), then
    its boxes are painted; tree elements of no listed window go first. A frame with
    nothing to paint, or whose image cannot be copied (no Pillow), is returned as it is."""
    image = frame.image
    named = [e for e in frame.accessible if e.label] if tree else []  # OCR names a nameless one
    framed = bars and any(w.title_bar is not None for w in frame.windows)
    if not (named or framed) or not (hasattr(image, "copy") and hasattr(image, "paste")):
        return frame
    masked = image.copy()
    listed = {w.id for w in frame.windows}
    _paint(masked, [e.box for e in named if e.window not in listed])
    for w in reversed(frame.windows):  # bottom first
        mine = [e.box for e in named if e.window == w.id]
        box = _frame_box(frame, w.box)
        if box is not None:
            masked.paste(image.crop(box), box[:2])
        bar = _frame_box(frame, w.title_bar) if bars and w.title_bar is not None else None
        if bar is not None:
            mine.append((bar[0], bar[1], bar[2] - 1, bar[3] - 1))
        _paint(masked, mine)
    return dataclasses.replace(frame, image=masked)


def _bar_titles(frame: Frame) -> tuple[Element, ...]:
    """A ``title`` element for each window whose manager draws its title, as the
    manager tells it, at the title bar; none where a window above covers the bar's
    middle, or the bar is outside the frame."""
    out = []
    above: list[tuple[int, int, int, int]] = []
    for w in frame.windows:  # top-most first
        bar, title = w.title_bar, w.title.strip()
        if bar is not None and title:
            middle = ((bar[0] + bar[2]) / 2, (bar[1] + bar[3]) / 2)
            box = _frame_box(frame, bar)
            if box is not None and not any(_holds(a, middle) for a in above):
                out.append(Element(label=title, box=box, source="window", kind="title",
                                   window=w.id))  # fmt: skip
        above.append(w.box)
    return tuple(out)


def _holds(box: tuple[int, int, int, int], point: tuple[float, float]) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]


def _paint(image: Any, boxes: list[tuple[int, int, int, int]]) -> None:
    for x0, y0, x1, y1 in boxes:
        image.paste((128, 128, 128), (x0, y0, x1 + 1, y1 + 1))


def _frame_box(frame: Frame, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    """A screen box in this frame's pixels, clipped to the frame (None: outside it)."""
    w, h = frame.size
    x0, y0 = frame.mapping.to_frame(box[0], box[1])
    x1, y1 = frame.mapping.to_frame(box[2], box[3])
    left, top = max(0, round(x0)), max(0, round(y0))
    right, bottom = min(w, round(x1)), min(h, round(y1))
    return (left, top, right, bottom) if right > left and bottom > top else None


#: How far below a window's top edge (screen pixels) its title may be drawn: a window
#: manager's title bar, or a toolkit's own header bar.
TITLE_BAND: Final = 48


def _titled(elements: tuple[Element, ...], frame: Frame) -> tuple[Element, ...]:
    """``elements`` with kind ``title`` on plain text (kind ``""`` or ``text``) that reads
    as a window's title (all of it, or the part a title bar had room for) and sits in the
    band at that window's top: a goal's words repeated in a title are not its button."""
    if not frame.windows:
        return elements
    return tuple(
        dataclasses.replace(e, kind="title")
        if e.kind in ("", "text") and len(e.key) >= 2 and _in_title_band(e, frame)
        else e
        for e in elements
    )


def _in_title_band(e: Element, frame: Frame) -> bool:
    x, y = frame.mapping.to_screen(*e.center)
    for w in frame.windows:
        left, top, right, _ = w.box
        if left <= x <= right and top <= y <= top + TITLE_BAND:
            title = normalize_label(w.title)
            # the title, or the part of it a title bar had room for; text that says
            # more than the title ("Delete order 1007?" under "Delete order?") is not it
            near = match_score(e.key, title) >= 0.8 and len(e.key) <= len(title) + 2
            return bool(title) and (e.key in title or near)
    return False


def _named_by_pixels(tree: tuple[Element, ...], pixels: tuple[Element, ...]) -> tuple[Element, ...]:
    """``tree`` with each nameless control named by the text the pixels show inside it
    (GTK's file chooser gives its file names' cells no name; OCR reads them there)."""
    out = []
    for t in tree:
        inside = [] if t.label else [e for e in pixels if t.contains(*e.center)]
        label = " ".join(e.label for e in reading_order(inside))
        out.append(dataclasses.replace(t, label=label) if label else t)
    return tuple(out)


def _told(e: Element, tree: tuple[Element, ...]) -> bool:
    """Whether the tree already tells of pixel element ``e``: the centre of one is
    inside the other."""
    x, y = e.center
    return any(t.contains(x, y) or e.contains(*t.center) for t in tree)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ImageDetector:
    """A detector written for the old ``detect(image)`` contract, given ``frame.image``
    (the downscaled picture) and nothing else of the frame."""

    inner: Any

    def detect(self, frame: Frame) -> Detection:
        found: Detection = self.inner.detect(as_frame(frame).image)
        return found
