"""Re-index only what changed: OCR of the changed regions of a frame, the rest kept.

After an action that made progress the frame is never pixel-identical, yet most of it
is: a dialog opened (0.64 % of the frame in issue 14's measurement) and a full re-read
cost 1,478 ms against 38 ms for the changed rectangle. :class:`IncrementalOcr` keeps
the last frame's pixels and pieces of text (with their boxes, prose included) and, for
a new frame of the same size:

1. compares the two in tiles of :attr:`IncrementalOcr.tile` pixels (numpy, a few ms);
2. joins touching changed tiles into rectangles, grows them to every old piece of text
   whose line they reach (a line is read whole, never half), merges them where they
   meet, and treats a rectangle whose rows moved as a scroll (its pieces move with it);
3. keeps the pieces of a rectangle whose text only changed colour (a hover or press
   highlight: :func:`same_text`) and reads each other rectangle alone
   (:meth:`~tiny_computer_agent.perception._ocr.OcrDetector.read_pieces` on the crop), dropping
   the old pieces inside it and keeping every piece outside;
4. reads the whole frame when nothing was kept, the size changed, or the changed area
   passes :attr:`IncrementalOcr.full_above` of the frame (one read is then cheaper).

Text boxes read before are not recognised again (the engine remembers readings by their
pixels, :class:`~tiny_computer_agent.perception._ocr._RememberedReadings`). A piece is read with
the engine's detector at the crop's own scale, so grouping of words into lines can
differ from a whole-frame read, which groups differently between two reads of the same
unchanged area too; tests/test_incremental.py checks, on real programs, that both
indexes hold the same words at the same places.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
import time
from collections.abc import Sequence
from typing import Any, Final

from .._contracts import Detection
from .._elements import Element, Frame, as_frame, box_within, image_size
from ._ocr import OcrDetector, _snapped, rgb_array

__all__ = ["IncrementalOcr", "IndexUpdate", "changed_regions", "same_text", "scroll_shift"]

Box = tuple[int, int, int, int]

#: Frame sizes remembered at once (the last frame of each).
MEMORIES: Final = 4

#: How an index was made: a whole read, nothing changed, or the changed regions read.
UPDATE_KINDS: Final = ("full", "unchanged", "regions")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class IndexUpdate:
    """What the last :meth:`IncrementalOcr.detect` did: ``kind`` (one of
    :data:`UPDATE_KINDS`), the ``regions`` read (frame pixels), the share of the frame
    they cover, the pieces kept and read, the seconds it took, the changed areas found
    scrolled, each with its shift in pixels (negative: the content moved up), and those
    that only changed colour (:func:`same_text`: kept, not read)."""

    kind: str
    regions: tuple[Box, ...] = ()
    area: float = 0.0
    kept: int = 0
    read: int = 0
    seconds: float = 0.0
    why: str = ""
    scrolls: tuple[tuple[Box, int], ...] = ()
    recoloured: tuple[Box, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class _Memory:
    pixels: Any  # the last frame, an (h, w, 3) uint8 array
    pieces: tuple[Element, ...]


def _difference(old: Any, new: Any) -> Any:
    """Where two (h, w, 3) frames differ, as an (h, 3w) boolean array (a byte per channel:
    comparing 2-D is ~40x faster than reducing the channel axis of a 3-D comparison)."""
    h, w = new.shape[:2]
    return old.reshape(h, w * 3) != new.reshape(h, w * 3)


def _changed_tiles(diff: Any, tile: int) -> Any:
    """A boolean (rows, cols) grid: which ``tile``-sized squares of ``diff`` changed."""
    import numpy as np

    h, w3 = diff.shape
    rows, cols = -(-h // tile), -(-w3 // (3 * tile))
    if (rows * tile, cols * 3 * tile) != (h, w3):
        padded = np.zeros((rows * tile, cols * 3 * tile), dtype=bool)
        padded[:h, :w3] = diff
        diff = padded
    banded = diff.reshape(rows, tile, cols * 3 * tile).any(axis=1)
    return banded.reshape(rows, cols, 3 * tile).any(axis=2)


def _tile_groups(grid: Any) -> list[Box]:
    """Bounding boxes, in tile units (left, top, right, bottom; right/bottom exclusive),
    of the 8-connected groups of changed tiles."""
    rows, cols = grid.shape
    seen: set[tuple[int, int]] = set()
    boxes: list[Box] = []
    for r0, c0 in zip(*grid.nonzero(), strict=True):
        if (int(r0), int(c0)) in seen:
            continue
        stack = [(int(r0), int(c0))]
        seen.add(stack[0])
        left, top, right, bottom = int(c0), int(r0), int(c0) + 1, int(r0) + 1
        while stack:
            r, c = stack.pop()
            left, top = min(left, c), min(top, r)
            right, bottom = max(right, c + 1), max(bottom, r + 1)
            for rr in range(max(0, r - 1), min(rows, r + 2)):
                for cc in range(max(0, c - 1), min(cols, c + 2)):
                    if grid[rr, cc] and (rr, cc) not in seen:
                        seen.add((rr, cc))
                        stack.append((rr, cc))
        boxes.append((left, top, right, bottom))
    return boxes


def _tight(diff: Any, group: Box, tile: int) -> Box:
    """The smallest pixel box holding every changed pixel of a tile group."""
    h, w3 = diff.shape
    top, bottom = group[1] * tile, min(h, group[3] * tile)
    left, right = group[0] * tile * 3, min(w3, group[2] * tile * 3)
    part = diff[top:bottom, left:right]
    ys = part.any(axis=1).nonzero()[0]
    xs = part.any(axis=0).nonzero()[0]
    return (
        (left + int(xs[0])) // 3,
        top + int(ys[0]),
        (left + int(xs[-1])) // 3 + 1,
        top + int(ys[-1]) + 1,
    )


def _overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share some area (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _grow(box: Box, by: int, size: tuple[int, int]) -> Box:
    w, h = size
    return (max(0, box[0] - by), max(0, box[1] - by), min(w, box[2] + by), min(h, box[3] + by))


def _core(box: Box) -> Box:
    """The part of an OCR box that is its text: a quarter of its height off the top and
    the bottom, 2 pixels off each side. OCR boxes spill a few pixels onto the next line
    (a title bar's change must not pull the menu bar under it into a re-read)."""
    x0, y0, x1, y1 = box
    dy = max(1, (y1 - y0) // 4)
    return (x0 + 2, y0 + dy, max(x0 + 2, x1 - 2), max(y0 + dy, y1 - dy))


def _reach(box: Box) -> Box:
    """A piece's text (:func:`_core`) and one line height either side of it on its line:
    a change there may continue the line ("Save" becoming "Save As"), so it is re-read."""
    x0, y0, x1, y1 = _core(box)
    h = box[3] - box[1]
    return (x0 - h, y0, x1 + h, y1)


def _whole_lines(
    regions: list[Box], pieces: Sequence[Element], margin: int, size: tuple[int, int]
) -> list[Box]:
    """``regions`` grown to every piece whose line (:func:`_reach`) they overlap, so a
    line is read whole or not at all, then merged where their reading crops (grown by
    ``margin``) would overlap, so nothing is read twice; until nothing changes."""
    while True:
        merged: list[Box] = []
        for region in regions:
            region = _cover(region, pieces)  # noqa: PLW2901 - growing is the point
            reach = _grow(region, margin, size)
            near = [m for m in merged if _overlap(_grow(m, margin, size), reach)]
            for m in near:
                merged.remove(m)
            merged.append(functools.reduce(_union, near, region))
        if merged == regions:
            return merged
        regions = merged


def _cover(region: Box, pieces: Sequence[Element]) -> Box:
    """``region`` grown to the whole box of every piece whose line it reaches."""
    for piece in pieces:
        if _overlap(region, _reach(piece.box)):
            region = _union(region, piece.box)
    return region


def changed_regions(
    old: Any, new: Any, pieces: Sequence[Element] = (), *, tile: int = 16, margin: int = 6
) -> list[Box]:
    """The rectangles (frame pixels) of ``new`` to read again: the changed pixels of
    each group of touching ``tile``-sized squares where it differs from ``old`` (two
    (h, w, 3) uint8 arrays of one size), grown to every piece of ``pieces`` whose text
    they overlap and merged where crops grown by ``margin`` would overlap. Empty when
    nothing changed. A piece whose text overlaps no region is untouched by the change."""
    diff = _difference(old, new)
    if not diff.any():
        return []
    h, w = new.shape[:2]
    tight = [_tight(diff, group, tile) for group in _tile_groups(_changed_tiles(diff, tile))]
    return _whole_lines(tight, pieces, margin, (w, h))


#: A changed area this tall or taller is checked for a scroll. At the best shift, the
#: rows that are not blank and whose source lies in the area (the rest was uncovered)
#: must be at least SCROLL_EVIDENCE of the area's rows that are not blank, and
#: SCROLL_AGREE of them must equal their source exactly.
SCROLL_MIN_HEIGHT: Final = 40
SCROLL_EVIDENCE: Final = 0.2
SCROLL_AGREE: Final = 0.9


def scroll_shift(old: Any, new: Any, region: Box) -> int:
    """How far the content of ``region`` moved down (negative: up) between two frames,
    or 0 when it did not scroll.

    Each row of ``new`` in the region that is not a single colour (blank rows match
    anywhere and prove nothing) is looked up among the rows of ``old`` there by its
    bytes; every match votes for its shift, weighted 1/matches (the six equal rows of a
    thick line vote mostly for the true shift). The winner must then explain the rows
    it moves exactly (:data:`SCROLL_AGREE`, :data:`SCROLL_EVIDENCE`)."""
    x0, y0, x1, y1 = region
    if y1 - y0 < SCROLL_MIN_HEIGHT:
        return 0
    rows_at: dict[bytes, list[int]] = {}
    for y in range(y0, y1):
        row = old[y, x0:x1]
        if (row != row[0]).any():
            rows_at.setdefault(row.tobytes(), []).append(y)
    votes: dict[int, float] = {}
    inked = [y for y in range(y0, y1) if (new[y, x0:x1] != new[y, x0]).any()]
    for y in inked:
        found = rows_at.get(new[y, x0:x1].tobytes(), ())
        for before in found:
            votes[y - before] = votes.get(y - before, 0.0) + 1 / len(found)
    if len(inked) < 4 or not votes:
        return 0
    dy = max(votes.items(), key=lambda kv: (kv[1], -abs(kv[0])))[0]
    if not dy:
        return 0
    moved = [y for y in inked if y0 <= y - dy < y1]
    if len(moved) < max(4, SCROLL_EVIDENCE * len(inked)):
        return 0  # too little of the area would have moved to tell
    agree = sum(bool((new[y, x0:x1] == old[y - dy, x0:x1]).all()) for y in moved)
    return dy if agree >= SCROLL_AGREE * len(moved) else 0


def _scrolled(memory: _Memory, scrolls: Sequence[tuple[Box, int]]) -> _Memory:
    """``memory`` as if each scrolled area had already moved: its rows shifted, its
    pieces moved with them (a piece moved partly out of the area is forgotten and its
    place painted over, so it is read again), and the strip the scroll uncovered painted
    over too. Painting is a single colour, which only an area with no text can match."""
    pixels = memory.pixels.copy()
    pieces = list(memory.pieces)
    for (x0, y0, x1, y1), dy in scrolls:
        inside = [p for p in pieces if box_within(p.box, (x0, y0, x1, y1))]
        pieces = [p for p in pieces if p not in inside]
        src0, src1 = max(y0, y0 - dy), min(y1, y1 - dy)
        pixels[y0:y1, x0:x1] = 0
        pixels[src0 + dy : src1 + dy, x0:x1] = memory.pixels[src0:src1, x0:x1]
        for piece in inside:
            moved = _moved(piece, 0, dy)
            if box_within(moved.box, (x0, y0, x1, y1)):
                pieces.append(moved)
            else:
                bx0, by0, bx1, by1 = moved.box
                pixels[max(y0, by0) : min(y1, by1), max(x0, bx0) : min(x1, bx1)] = 0
    return _Memory(pixels=pixels, pieces=tuple(pieces))


def _recoloured(memory: _Memory, pixels: Any, region: Box) -> bool:
    x0, y0, x1, y1 = region
    return same_text(memory.pixels[y0:y1, x0:x1], pixels[y0:y1, x0:x1])


def _luma(pixels: Any) -> Any:
    """Integer luminance (0-255) of an (h, w, 3) uint8 array."""
    r, g, b = (pixels[..., i].astype("int32") for i in range(3))
    return (r * 299 + g * 587 + b * 114) // 1000


def _otsu(luma: Any) -> int:
    """The threshold that best splits ``luma`` in two (Otsu's method)."""
    import numpy as np

    hist = np.bincount(luma.ravel(), minlength=256).astype(np.float64)
    levels = np.arange(256)
    w0 = np.cumsum(hist)
    w1 = w0[-1] - w0
    m0 = np.cumsum(hist * levels)
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (m0[-1] * w0 / w0[-1] - m0) ** 2 / (w0 * w1)
    between[~np.isfinite(between)] = 0
    return int(np.argmax(between))


def _ink(pixels: Any) -> Any:
    """The text's pixels: the smaller side of the region's best light/dark split (dark
    text on a light button, light text on a blue title bar alike)."""
    luma = _luma(pixels)
    dark = luma <= _otsu(luma)
    return dark if 2 * int(dark.sum()) <= dark.size else ~dark


def _next_to(mask: Any) -> Any:
    """``mask`` grown by one pixel in every direction."""
    import numpy as np

    h, w = mask.shape
    padded = np.pad(mask, 1)
    grown = np.zeros_like(mask)
    for dy in range(3):
        for dx in range(3):
            grown |= padded[dy : dy + h, dx : dx + w]
    return grown


#: Ink that may differ between two readings of the same text in new colours: this share
#: of all the ink, and only on the edge of ink they share (anti-aliasing).
RECOLOUR_SLACK: Final = 0.03


def same_text(old: Any, new: Any) -> bool:
    """Whether two crops ((h, w, 3) arrays of one region) show the same text in other
    colours: a Tk button's hover or press highlight passes, and so does light text on
    blue turned dark on grey when drawn flat; openbox's title bar losing focus did not
    (its gradient splits differently), so it is read again. Their ink (:func:`_ink`)
    must match but for a few anti-aliased edge pixels; one changed character ("231" ->
    "237") puts ink where there was none nearby."""
    a, b = _ink(old), _ink(new)
    differ = a ^ b
    if int(differ.sum()) > RECOLOUR_SLACK * max(1, int((a | b).sum())):
        return False
    return not (differ & ~_next_to(a & b)).any()


def _area(boxes: Sequence[Box]) -> int:
    return sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)


def _moved(piece: Element, dx: int, dy: int) -> Element:
    x0, y0, x1, y1 = piece.box
    return dataclasses.replace(piece, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy))


@dataclasses.dataclass(kw_only=True, slots=True)
class IncrementalOcr:
    """OCR that re-reads only the changed regions of each new frame (module docstring).

    ``ocr`` does the reading and the filtering; ``tile`` is the comparison's grain in
    pixels; ``margin`` grows each changed region (text a few pixels from a change is read
    with it); above ``full_above`` of the frame changed, the whole frame is read;
    ``recolour`` keeps text that only changed colour (:func:`same_text`) without reading
    it. :attr:`last_update` says what the last call did. Safe to call from two threads (one
    read at a time).
    """

    ocr: OcrDetector = dataclasses.field(default_factory=OcrDetector)
    tile: int = 16
    margin: int = 6
    full_above: float = 0.5
    #: keep the pieces of a region whose text only changed colour (:func:`same_text`)
    recolour: bool = True
    last_update: IndexUpdate | None = None
    #: the last frame of each of the last few sizes: a wait that reads small crops
    #: through the screen's detector does not make the next whole frame a first one
    _memories: dict[tuple[int, ...], _Memory] = dataclasses.field(default_factory=dict)
    _lock: threading.Lock = dataclasses.field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        if not 4 <= self.tile <= 256:
            raise ValueError(f"tile must be 4..256 pixels, got {self.tile}")
        if not 0 < self.full_above <= 1:
            raise ValueError(f"full_above is a share of the frame in (0, 1], got {self.full_above}")

    def detect(self, frame: Frame) -> Detection:

        image = as_frame(frame).image
        pixels = rgb_array(image)
        with self._lock:
            t0 = time.perf_counter()
            pieces, update = self._update(image, pixels)
            self._memories.pop(pixels.shape, None)
            self._memories[pixels.shape] = _Memory(pixels=pixels, pieces=tuple(pieces))
            while len(self._memories) > MEMORIES:
                del self._memories[next(iter(self._memories))]
            self.last_update = dataclasses.replace(update, seconds=time.perf_counter() - t0)
        ordered = sorted(pieces, key=lambda p: (p.box[1], p.box[0]))
        return self.ocr.sort_pieces(ordered)

    def forget(self) -> None:
        """Drop the remembered frames: the next call reads the whole frame."""
        with self._lock:
            self._memories.clear()

    def _update(self, image: Any, pixels: Any) -> tuple[list[Element], IndexUpdate]:
        memory = self._memories.get(pixels.shape)
        if memory is None:
            why = "the frame size changed" if self._memories else "first frame"
            return self._full(image, why)
        regions = changed_regions(
            memory.pixels, pixels, memory.pieces, tile=self.tile, margin=self.margin
        )
        if not regions:
            return list(memory.pieces), IndexUpdate(kind="unchanged", kept=len(memory.pieces))
        scrolls = tuple((r, dy) for r in regions if (dy := scroll_shift(memory.pixels, pixels, r)))
        if scrolls:  # what scrolled is kept, moved; only what it uncovered is read
            memory = _scrolled(memory, scrolls)
            regions = changed_regions(
                memory.pixels, pixels, memory.pieces, tile=self.tile, margin=self.margin
            )
        w, h = image_size(image)
        share = _area(regions) / max(1, w * h)
        if share > self.full_above:
            return self._full(image, f"{share:.0%} of the frame changed")
        recoloured = [r for r in regions if self.recolour and _recoloured(memory, pixels, r)]
        regions = [r for r in regions if r not in recoloured]
        kept = [p for p in memory.pieces if not any(_overlap(_reach(p.box), r) for r in regions)]
        read = [piece for region in regions for piece in self._read(image, region, kept)]
        update = IndexUpdate(
            kind="regions" if regions else "unchanged",
            regions=tuple(regions),
            area=share,
            kept=len(kept),
            read=len(read),
            scrolls=scrolls,
            recoloured=tuple(recoloured),
        )
        return [*kept, *read], update

    def _full(self, image: Any, why: str) -> tuple[list[Element], IndexUpdate]:
        pieces = self.ocr.read_pieces(image)
        w, h = image_size(image)
        return pieces, IndexUpdate(
            kind="full", regions=((0, 0, w, h),), area=1.0, read=len(pieces), why=why
        )

    def _read(self, image: Any, region: Box, kept: Sequence[Element]) -> list[Element]:
        """The pieces read in ``region``, in frame pixels.

        The crop is the region grown by the margin (text right at a crop's edge is read
        poorly) and snapped out to the zoom grid (a snapped crop reads the same pixels
        as the last time). A piece centred outside the region lies in the margin, on
        pixels that did not change: it is kept from before or was never there, so it is
        dropped, before zooming when it overlaps a ``kept`` piece."""
        crop = _snapped(_grow(region, self.margin, image_size(image)), image_size(image))
        boxes = [k.box for k in kept]

        def outside(piece: Element) -> bool:
            moved = _moved(piece, crop[0], crop[1])
            x, y = moved.center
            inside = region[0] <= x < region[2] and region[1] <= y < region[3]
            return not inside or any(_overlap(_core(moved.box), b) for b in boxes)

        pieces = self.ocr.read_pieces(image.crop(crop), skip=outside)
        return [_moved(p, crop[0], crop[1]) for p in pieces]
