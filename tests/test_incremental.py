"""Incremental indexing: only the changed regions are read, and the index it keeps
equals a whole read of the new frame.

The bookkeeping (which regions, which pieces kept, dropped or read) is tested with a
stand-in reader that "reads" coloured blocks, so every frame's true index is known and a
seeded random walk of frames can compare the incremental index with a whole read at
every step. Its labels are colours, so the check that keeps text which only changed
colour is off there; that check is tested on drawn text. Real OCR on real programs is
tests/test_live_incremental.py.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")

from tiny_computer_agent import Element, Frame, IncrementalOcr  # noqa: E402
from tiny_computer_agent._contracts import Detection  # noqa: E402
from tiny_computer_agent.perception._incremental import (  # noqa: E402
    changed_regions,
    same_text,
    scroll_shift,
)

SIZE = (320, 200)


@dataclasses.dataclass
class BlockReader:
    """Reads a block of a known colour as its label, at its bounding box in the image
    it is given (a crop reads in crop pixels, as OCR does); counts the pixels read."""

    colours: dict[tuple[int, int, int], str]
    pixels_read: int = 0
    calls: int = 0

    def read_pieces(
        self, image: Any, skip: Callable[[Element], bool] | None = None
    ) -> list[Element]:
        self.calls += 1
        self.pixels_read += image.size[0] * image.size[1]
        arr = np.asarray(image.convert("RGB"))
        pieces = []
        for colour, label in self.colours.items():
            ys, xs = np.nonzero(np.all(arr == colour, axis=2))
            if len(xs):
                box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
                pieces.append(Element(label=label, box=box))
        return [p for p in pieces if skip is None or not skip(p)]

    def sort_pieces(self, pieces: Sequence[Element]) -> Detection:
        return Detection(elements=tuple(pieces))


def palette(count: int) -> dict[tuple[int, int, int], str]:
    return {(40 + 7 * i, 200 - 5 * i, 90 + 3 * i): f"block{i}" for i in range(count)}


def frame(blocks: dict[str, tuple[int, int, int, int]], colours: dict[Any, str]) -> Any:
    image = Image.new("RGB", SIZE, (250, 250, 250))
    by_label = {label: colour for colour, label in colours.items()}
    for label, box in blocks.items():
        image.paste(by_label[label], box)
    return image


def index(detection: Detection) -> set[tuple[str, tuple[int, int, int, int]]]:
    return {(e.label, e.box) for e in detection.elements}


def test_an_unchanged_frame_reads_nothing_and_keeps_the_index() -> None:
    colours = palette(2)
    reader = BlockReader(colours)
    inc = IncrementalOcr(ocr=reader, recolour=False)  # type: ignore[arg-type]
    image = frame({"block0": (10, 10, 60, 24), "block1": (200, 150, 260, 164)}, colours)
    first = inc.detect(Frame.of(image))
    assert inc.last_update is not None and inc.last_update.kind == "full"
    calls = reader.calls
    again = inc.detect(Frame.of(image.copy()))
    assert inc.last_update.kind == "unchanged" and reader.calls == calls
    assert (
        index(again)
        == index(first)
        == {
            ("block0", (10, 10, 60, 24)),
            ("block1", (200, 150, 260, 164)),
        }
    )


def test_a_new_block_is_read_alone_and_the_rest_is_kept() -> None:
    colours = palette(3)
    reader = BlockReader(colours)
    inc = IncrementalOcr(ocr=reader, recolour=False)  # type: ignore[arg-type]
    before = {"block0": (10, 10, 60, 24), "block1": (200, 150, 260, 164)}
    inc.detect(Frame.of(frame(before, colours)))
    reader.pixels_read = 0
    after = {**before, "block2": (120, 80, 170, 94)}
    found = inc.detect(Frame.of(frame(after, colours)))
    update = inc.last_update
    assert update is not None and update.kind == "regions"
    assert update.kept == 2 and update.read == 1
    assert index(found) == {(label, box) for label, box in after.items()}
    assert reader.pixels_read < SIZE[0] * SIZE[1] // 8  # a small crop, not the frame


def test_a_changed_block_is_read_whole_and_a_removed_one_dropped() -> None:
    colours = palette(3)
    reader = BlockReader(colours)
    inc = IncrementalOcr(ocr=reader, recolour=False)  # type: ignore[arg-type]
    inc.detect(Frame.of(frame({"block0": (10, 10, 90, 24), "block1": (200, 150, 260, 164)},
                              colours)))  # fmt: skip
    # block0 grows to the right (only its new part changes), block1 disappears
    found = inc.detect(Frame.of(frame({"block0": (10, 10, 140, 24)}, colours)))
    assert index(found) == {("block0", (10, 10, 140, 24))}


def test_a_spill_onto_the_next_line_does_not_pull_it_into_the_read() -> None:
    """A change just above a piece's box (in its top quarter) leaves it kept."""
    old = np.full((100, 200, 3), 250, dtype=np.uint8)
    new = old.copy()
    new[30:39, 20:120] = 0  # a title bar's text changes colour
    below = Element(label="menu", box=(20, 37, 120, 57))  # an OCR box spilling up 2 px
    assert changed_regions(old, new, [below]) == [(20, 30, 120, 39)]
    inside = Element(label="title", box=(18, 28, 124, 40))
    assert changed_regions(old, new, [below, inside]) == [(18, 28, 124, 40)]


def test_changes_far_apart_are_separate_regions_and_near_ones_merge() -> None:
    old = np.zeros((200, 300, 3), dtype=np.uint8)
    new = old.copy()
    new[10:20, 10:40] = 255
    new[150:160, 200:260] = 255
    assert changed_regions(old, new) == [(10, 10, 40, 20), (200, 150, 260, 160)]
    new[22:30, 10:40] = 255  # 2 px below the first change: their crops would overlap
    assert changed_regions(old, new)[0] == (10, 10, 40, 30)
    assert changed_regions(old, old.copy()) == []


def test_a_large_change_a_new_size_or_forget_reads_the_whole_frame() -> None:
    colours = palette(2)
    inc = IncrementalOcr(ocr=BlockReader(colours), full_above=0.5, recolour=False)  # type: ignore[arg-type]
    inc.detect(Frame.of(frame({"block0": (10, 10, 60, 24)}, colours)))
    inc.detect(Frame.of(frame({"block0": (0, 0, 300, 190)}, colours)))
    assert inc.last_update is not None and inc.last_update.kind == "full"
    assert "of the frame changed" in inc.last_update.why
    inc.detect(Frame.of(Image.new("RGB", (100, 100), (250, 250, 250))))
    assert inc.last_update.kind == "full" and "size" in inc.last_update.why
    inc.forget()
    inc.detect(Frame.of(Image.new("RGB", (100, 100), (250, 250, 250))))
    assert inc.last_update.kind == "full" and inc.last_update.why == "first frame"


@pytest.mark.parametrize("seed", range(12))
def test_the_incremental_index_equals_a_whole_read_at_every_step(seed: int) -> None:
    """A random walk of frames (blocks appear, move, grow, vanish, sit touching each
    other): after every frame the incremental index is the whole frame's index."""
    rng = random.Random(seed)
    colours = palette(8)
    labels = list(colours.values())
    reader = BlockReader(colours)
    whole = BlockReader(colours)
    inc = IncrementalOcr(ocr=reader, tile=rng.choice([8, 16, 32]), recolour=False)  # type: ignore[arg-type]
    blocks: dict[str, tuple[int, int, int, int]] = {}
    kinds = set()
    for _ in range(30):
        label = rng.choice(labels)
        if label in blocks and rng.random() < 0.3:
            del blocks[label]
        else:
            x, y = rng.randrange(0, SIZE[0] - 40), rng.randrange(0, SIZE[1] - 12)
            blocks[label] = (x, y, x + rng.randrange(8, 40), y + rng.randrange(6, 12))
        # overlapping blocks would hide each other: keep only blocks that do not overlap
        shown: dict[str, tuple[int, int, int, int]] = {}
        for name, box in blocks.items():
            if all(box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1]
                   for b in shown.values()):  # fmt: skip
                shown[name] = box
        blocks = shown
        image = frame(blocks, colours)
        found = inc.detect(Frame.of(image))
        assert inc.last_update is not None
        kinds.add(inc.last_update.kind)
        expected = whole.sort_pieces(whole.read_pieces(image))
        assert index(found) == index(expected), inc.last_update
    assert "regions" in kinds  # the walk did exercise the partial path
    assert reader.pixels_read < whole.pixels_read / 2


def test_reading_a_crop_between_frames_keeps_the_whole_frames_memory() -> None:
    """A wait reads small crops through the screen's detector; the next whole frame
    still diffs against the last whole frame."""
    colours = palette(2)
    reader = BlockReader(colours)
    inc = IncrementalOcr(ocr=reader, recolour=False)  # type: ignore[arg-type]
    image = frame({"block0": (10, 10, 60, 24)}, colours)
    inc.detect(Frame.of(image))
    inc.detect(Frame.of(image.crop((0, 0, 80, 40))))
    assert inc.last_update is not None and inc.last_update.why == "the frame size changed"
    inc.detect(Frame.of(image.copy()))
    assert inc.last_update.kind == "unchanged"


# -- indexing ahead: the frame seen while settling is indexed in the background ----------


@dataclasses.dataclass
class CountingGrid:
    """The grid, counting the frames it indexed."""

    runs: int = 0

    def detect(self, frame: Frame) -> Detection:
        from tiny_computer_agent import GridDetector

        self.runs += 1
        return GridDetector().detect(frame)


def _screen_on_canvas(**kwargs: Any) -> tuple[Any, Any, CountingGrid]:
    from tests.test_ring import MONITOR, Canvas
    from tiny_computer_agent.desktop import DesktopScreen

    canvas, counting = Canvas(), CountingGrid()
    screen = DesktopScreen(detector=counting, **kwargs)  # type: ignore[arg-type]
    screen._capture, screen._monitor = canvas, MONITOR
    return screen, canvas, counting


def test_a_frame_indexed_ahead_is_the_next_capture_when_it_held_still() -> None:
    screen, canvas, counting = _screen_on_canvas()
    screen.capture()
    canvas.paint(100, 50, 200)  # the action's effect, seen by a settle poll
    screen.signature()
    screen.look_ahead()
    seen = screen.capture()  # waits for the index ahead; not one pixel changed since
    assert counting.runs == 2 and seen is screen.last
    assert screen.capture() is seen and counting.runs == 2


def test_a_frame_that_changed_after_it_was_indexed_ahead_is_read_again() -> None:
    screen, canvas, counting = _screen_on_canvas()
    screen.capture()
    canvas.paint(100, 50, 200)
    screen.signature()
    screen.look_ahead()
    screen._finish_ahead()
    ahead = screen.last
    canvas.paint(110, 60, 90)  # the program drew again after the frame was indexed
    seen = screen.capture()
    assert counting.runs == 3 and seen is not ahead


def test_indexing_ahead_can_be_turned_off() -> None:
    screen, canvas, counting = _screen_on_canvas(index_ahead=False)
    screen.capture()
    canvas.paint(100, 50, 200)
    screen.signature()
    screen.look_ahead()
    assert screen._ahead is None and counting.runs == 1


def test_settling_announces_each_change_it_sees() -> None:
    from tiny_computer_agent.desktop import Settle

    frames = iter([b"a", b"b", b"b", b"c"] + [b"c"] * 50)
    changes: list[int] = []
    clock = iter(i * 0.05 for i in range(100))
    result = Settle(quiet=0.2).wait(
        lambda: next(frames),
        b"a",
        clock=lambda: next(clock),
        sleep=lambda _: None,
        on_change=lambda: changes.append(1),
    )
    assert result.state == "changed" and len(changes) == 2  # a->b, b->c


# -- scrolled content: kept, moved; only what the scroll uncovered is read ---------------


def _list_frame(first: int, colours: dict[Any, str]) -> tuple[Any, dict[str, Any]]:
    """A list of rows (blocks of varied widths every 20 px), scrolled to row ``first``."""
    labels = list(colours.values())
    blocks = {
        labels[first + i]: (20, 20 + 20 * i, 60 + 9 * ((first + i) % 5), 32 + 20 * i)
        for i in range(8)
    }
    return frame(blocks, colours), blocks


def test_a_scrolled_list_keeps_its_rows_moved_and_reads_only_the_new_row() -> None:
    colours = palette(12)
    reader = BlockReader(colours)
    inc = IncrementalOcr(ocr=reader, recolour=False)  # type: ignore[arg-type]
    inc.detect(Frame.of(_list_frame(0, colours)[0]))
    image, blocks = _list_frame(1, colours)  # one row down: everything moved up 20 px
    reader.pixels_read = 0
    found = inc.detect(Frame.of(image))
    update = inc.last_update
    assert update is not None and update.kind == "regions"
    assert [dy for _, dy in update.scrolls] == [-20]
    assert update.read == 1 and update.kept == 7
    assert index(found) == {(label, box) for label, box in blocks.items()}
    assert reader.pixels_read < 76 * 152 // 2  # the uncovered strip and its margin


def test_a_list_scrolled_back_and_far_still_equals_a_whole_read() -> None:
    colours = palette(12)
    inc = IncrementalOcr(ocr=BlockReader(colours), recolour=False)  # type: ignore[arg-type]
    for first in (0, 2, 1, 4, 3, 0):
        image, blocks = _list_frame(first, colours)
        found = inc.detect(Frame.of(image))
        assert index(found) == {(label, box) for label, box in blocks.items()}, first


def test_a_change_that_is_not_a_scroll_is_not_taken_for_one() -> None:
    old = np.full((120, 100, 3), 250, dtype=np.uint8)
    new = old.copy()
    for y in range(10, 110, 12):
        old[y : y + 6, 10 : 30 + y % 40] = 0
        new[y : y + 6, 50 : 60 + y % 30] = 0
    assert scroll_shift(old, new, (0, 0, 100, 120)) == 0
    shifted = np.full_like(old, 250)
    shifted[0:113] = old[7:120]
    assert scroll_shift(old, shifted, (0, 0, 100, 120)) == -7


# -- a click's own redraw is not the program's answer -------------------------------------


def _settle_on(changes: dict[int, bytes], answers: set[int], **limits: float) -> Any:
    """Settle over a scripted screen: poll i (every 20 ms) shows ``changes``' latest
    frame; ``answers`` are the polls whose change is outside the control clicked."""
    from tiny_computer_agent.desktop import Settle

    poll = iter(range(1000))
    now = [0]
    frame = [b"before"]

    def signature() -> bytes:
        now[0] = next(poll)
        frame[0] = changes.get(now[0], frame[0])
        return frame[0]

    return Settle(**limits).wait(
        signature,
        b"before",
        clock=lambda: now[0] * 0.02,
        sleep=lambda _: None,
        answered=lambda: any(i <= now[0] for i in answers),
    )


def test_a_dialog_after_the_buttons_own_redraw_is_waited_for() -> None:
    # the button redraws at once (poll 1); a dialog comes 0.4 s later (poll 20)
    result = _settle_on({1: b"pressed", 20: b"dialog"}, {20})
    assert result.state == "changed" and 0.58 <= result.seconds <= 0.62  # 0.4 + 0.2 still


def test_a_control_that_only_changes_itself_ends_the_wait_at_answer() -> None:
    result = _settle_on({1: b"ticked"}, set(), answer=0.6)
    assert result.state == "changed" and 0.58 <= result.seconds <= 0.62
    quick = _settle_on({1: b"dialog"}, {1})  # the answer is elsewhere at once
    assert quick.state == "changed" and quick.seconds <= 0.22


def test_the_signature_outside_a_region_ignores_changes_inside_it() -> None:
    screen, canvas, _ = _screen_on_canvas()
    screen.signature()
    box = (100, 50, 124, 66)  # a "button" in the monitor's corner (screen coordinates)
    base = screen.signature_outside(box)
    canvas.paint(108, 58, 200)  # the button's own redraw, on a sampled pixel
    screen.signature()
    assert screen.signature_outside(box) == base
    canvas.paint(140, 82, 90)  # something else: a dialog
    screen.signature()
    assert screen.signature_outside(box) != base


# -- text that only changed colour is kept, not read -------------------------------------

FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _text(label: str, bg: tuple[int, int, int], fg: tuple[int, int, int] = (0, 0, 0),
          x: int = 10) -> Any:  # fmt: skip
    from PIL import ImageDraw, ImageFont

    image = Image.new("RGB", (160, 30), bg)
    ImageDraw.Draw(image).text((x, 6), label, font=ImageFont.truetype(FONT_FILE, 14), fill=fg)
    return np.asarray(image)


@pytest.mark.parametrize(
    ("old", "new", "same"),
    [
        (("Save", (217, 217, 217)), ("Save", (236, 236, 236)), True),  # hover highlight
        (("Editor", (40, 70, 140), (255, 255, 255)), ("Editor", (220, 220, 220), (60, 60, 60)),
         True),  # a title bar losing focus: light on blue becomes dark on grey
        (("count: 231", (217, 217, 217)), ("count: 237", (217, 217, 217)), False),
        (("Save", (217, 217, 217)), ("Sane", (217, 217, 217)), False),
        (("Save", (217, 217, 217)), ("Saved", (217, 217, 217)), False),
        (("1.5", (217, 217, 217)), ("1,5", (217, 217, 217)), False),
        (("Save", (217, 217, 217)), ("Save", (217, 217, 217), (0, 0, 0), 11), False),  # moved
    ],
)  # fmt: skip
def test_same_text_tells_a_new_colour_from_new_text(
    old: tuple[Any, ...], new: tuple[Any, ...], same: bool
) -> None:
    pytest.importorskip("PIL.ImageFont")
    if not Path(FONT_FILE).is_file():
        pytest.skip(f"needs the DejaVu font ({FONT_FILE}): apt-get install fonts-dejavu-core")
    assert same_text(_text(*old), _text(*new)) is same


def test_a_highlighted_button_keeps_its_reading_without_ocr() -> None:
    """Real OCR on drawn buttons: a hover highlight on one is kept (no read), a changed
    label beside it is read."""
    pytest.importorskip("rapidocr")
    from PIL import ImageDraw, ImageFont

    font = ImageFont.truetype(FONT_FILE, 16)

    def screen(hover: bool, status: str) -> Any:
        image = Image.new("RGB", (640, 240), (214, 214, 214))
        d = ImageDraw.Draw(image)
        for x, label in ((40, "Cancel"), (200, "Save")):
            fill = (236, 236, 236) if hover and label == "Save" else (200, 200, 200)
            d.rectangle((x, 40, x + 120, 80), fill=fill, outline=(90, 90, 90))
            d.text((x + 24, 50), label, font=font, fill=(0, 0, 0))
        d.text((40, 170), status, font=font, fill=(0, 0, 0))
        return image

    inc = IncrementalOcr()
    first = inc.detect(Frame.of(screen(False, "Modified")))
    assert {"Cancel", "Save", "Modified"} <= {e.label for e in first.elements}
    hovered = inc.detect(Frame.of(screen(True, "Modified")))
    update = inc.last_update
    assert update is not None and update.kind == "unchanged" and len(update.recoloured) == 1
    assert {e.label for e in hovered.elements} == {e.label for e in first.elements}
    saved = inc.detect(Frame.of(screen(True, "Saved")))
    assert inc.last_update is not None and inc.last_update.kind == "regions"
    assert "Saved" in {e.label for e in saved.elements}
