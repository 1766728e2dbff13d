"""Real OCR (RapidOCR, models from its wheel) on the built-in example desktop."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tiny_computer_agent import (
    EXAMPLE_BUTTONS,
    AutoDetector,
    GridDetector,
    ImageScreen,
    OcrDetector,
    example_frames,
)
from tiny_computer_agent._elements import Element, Frame
from tiny_computer_agent.perception._ocr import _Word, better_reading, reread, split_line


@pytest.fixture(scope="module")
def before_detection():  # type: ignore[no-untyped-def]
    return OcrDetector().detect(Frame.of(example_frames()[0]))


def test_ocr_finds_each_button_inside_its_drawn_rectangle(before_detection) -> None:  # type: ignore[no-untyped-def]
    by_label = {e.label: e for e in before_detection.elements}
    for label, (x0, y0, x1, y1) in EXAMPLE_BUTTONS.items():
        element = by_label[label]
        cx, cy = element.center
        assert x0 < cx < x1 and y0 < cy < y1, (label, element.box)
        assert element.source == "ocr" and element.confidence > 0.8


def test_ocr_keeps_prose_off_the_index_but_visible(before_detection) -> None:  # type: ignore[no-untyped-def]
    labels = [e.label for e in before_detection.elements]
    assert all(len(label) <= 60 for label in labels)
    long_prose = OcrDetector(max_length=10).detect(Frame.of(example_frames()[0]))
    assert any("notes.txt" in p for p in long_prose.prose)


def test_a_line_of_up_to_sixty_characters_is_a_label_and_a_longer_one_prose() -> None:
    # Tk's widget demo opens a demo from a line of its text: "9. A simple user interface
    # for viewing images" (45 characters) was prose, off the index, and could not be clicked
    link = Element(label="9. A simple user interface for viewing images", box=(0, 0, 300, 20))
    sentence = Element(label="Each of the numbered lines below describes a demonstration;",
                       box=(0, 30, 500, 50))  # fmt: skip
    longer = Element(label=sentence.label + " click one", box=(0, 60, 560, 80))
    found = OcrDetector().sort_pieces([link, sentence, longer])
    assert [e.label for e in found.elements] == [link.label, sentence.label]
    assert found.prose == (longer.label,)


def test_one_line_spanning_several_widgets_is_split_at_the_gap() -> None:
    words = [
        _Word("Save", 100, 140),
        _Word("Cancel", 200, 260),
        _Word("Don't", 320, 370),
        _Word("Save", 376, 420),
    ]
    pieces = split_line("Save Cancel Don't Save", (100, 10, 420, 30), words)
    assert [p[0] for p in pieces] == ["Save", "Cancel", "Don't Save"]
    assert pieces[1][1] == (200, 10, 260, 30)


def test_a_plain_sentence_is_not_split() -> None:
    words = [_Word("Save", 0, 40), _Word("changes", 46, 120), _Word("now", 126, 160)]
    assert split_line("Save changes now", (0, 0, 160, 20), words) == [
        ("Save changes now", (0, 0, 160, 20))
    ]


def test_an_evenly_spaced_row_of_words_is_a_menu_bar_split_at_every_gap() -> None:
    """Mousepad's bar, as OCR boxes it (20 px line, gaps of 14-20 px: 0.7-1.0 lines)."""
    words = [_Word("File", 10, 36), _Word("Edit", 50, 78), _Word("Search", 96, 146),
             _Word("View", 166, 200), _Word("Help", 214, 246)]  # fmt: skip
    pieces = split_line("File Edit Search View Help", (10, 0, 246, 20), words)
    assert [p[0] for p in pieces] == ["File", "Edit", "Search", "View", "Help"]
    assert pieces[2][1] == (96, 0, 146, 20)


def test_a_row_with_one_sentence_gap_is_split_only_at_the_wide_ones() -> None:
    """One gap of a space (0.2 lines) says it is words of a label: the row rule is off,
    a gap of 0.7 lines does not split, one of 2 does."""
    words = [_Word("Keep", 0, 40), _Word("both", 44, 80), _Word("Cancel", 94, 144)]
    assert [p[0] for p in split_line("Keep both Cancel", (0, 0, 144, 20), words)] == [
        "Keep both Cancel"
    ]
    words = [_Word("Keep", 0, 40), _Word("both", 44, 80), _Word("Cancel", 120, 170)]
    assert [p[0] for p in split_line("Keep both Cancel", (0, 0, 170, 20), words)] == [
        "Keep both",
        "Cancel",
    ]


def test_a_menu_bars_words_are_split_however_tightly_a_toolkit_packs_them() -> None:
    """A Qt bar, 0.3 line heights between words (a sentence's spacing): its words are
    a menu bar's, so each is its own piece; a title or a sentence with such gaps is not
    split."""
    labels = ("File", "Edit", "View", "Search", "Help")
    x, words = 0, []
    for label in labels:
        words.append(_Word(label, x, x + 10 * len(label)))
        x += 10 * len(label) + 6
    pieces = split_line(" ".join(labels), (0, 0, x - 6, 20), words)
    assert [p[0] for p in pieces] == list(labels)
    for line in ("Save File As", "edit the file and view it", "Open Recent Files Now"):
        spaced = [_Word(w, 30 * i, 30 * i + 24) for i, w in enumerate(line.split())]
        assert split_line(line, (0, 0, 30 * len(spaced), 20), spaced) == [
            (line, (0, 0, 30 * len(spaced), 20))
        ], line


def test_two_words_far_apart_but_under_the_split_gap_stay_one_label() -> None:
    words = [_Word("Save", 0, 40), _Word("As", 52, 70)]  # 0.6 lines: a wide font's space
    assert split_line("Save As", (0, 0, 70, 20), words) == [("Save As", (0, 0, 70, 20))]


def test_auto_detector_falls_back_to_the_grid_and_says_so() -> None:
    from PIL import Image

    blank = Image.new("RGB", (640, 400), (40, 40, 40))
    found = AutoDetector().detect(Frame.of(blank))
    assert len(found.elements) == 12 and all(e.source == "grid" for e in found.elements)
    assert "choosing blind" in found.notes[-1]


def test_grid_numbers_cells_in_reading_order() -> None:
    from PIL import Image

    cells = GridDetector(cols=2, rows=2).detect(Frame.of(Image.new("RGB", (200, 100)))).elements
    assert [c.label for c in cells] == ["cell 1", "cell 2", "cell 3", "cell 4"]
    assert cells[3].box == (100, 50, 199, 99)


def test_downscaled_frames_map_back_to_the_original_pixels() -> None:
    screen = ImageScreen.of(example_frames()[:1], max_width=640)
    obs = screen.capture()
    assert obs.size == (640, 400)
    save = obs.find("Save")
    x, y = obs.mapping.to_screen(*save.center)
    x0, y0, x1, y1 = EXAMPLE_BUTTONS["Save"]
    assert x0 < x < x1 and y0 < y < y1


def test_round_icons_are_not_read_as_a_letter() -> None:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (1280, 800), (58, 80, 107))
    d = ImageDraw.Draw(img)
    for i in range(6):  # round yellow icons, no text: OCR alone reads "0" at ~0.6
        d.rounded_rectangle((120 + i * 180, 300, 220 + i * 180, 400), 18, fill=(200, 210, 90))
    assert OcrDetector().detect(Frame.of(img)).elements == ()


def test_an_ocr_engine_that_fails_is_a_clear_error_and_a_failed_step(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tiny_computer_agent import ScreenUnavailable

    broken = OcrDetector(engine_params=(("Det.model_path", str(tmp_path / "missing.onnx")),))
    with pytest.raises(ScreenUnavailable) as err:
        broken.detect(Frame.of(example_frames()[0]))
    assert "OCR engine failed" in str(err.value) and "--no-ocr" in str(err.value)
    assert "missing.onnx" in str(err.value)
    from tiny_computer_agent import PlannerBrain, run_episode

    screen = ImageScreen.of(example_frames(), detector=broken)
    episode = run_episode("click 'Save'", screen=screen, brain=PlannerBrain())
    assert episode.outcome == "no-screen" and "OCR engine failed" in episode.reason


# -- zoom to read (reread) --------------------------------------------------------------


def _small_text(text: str, at: tuple[int, int], px: int = 9) -> tuple[object, tuple[int, ...]]:
    """A light 320x120 image with ``text`` in ``px`` DejaVu Sans at ``at``, and its ink box."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype("DejaVuSans.ttf", px)
    img = Image.new("RGB", (320, 120), (236, 236, 236))
    d = ImageDraw.Draw(img)
    d.text(at, text, font=font, fill=(20, 20, 20))
    return img, d.textbbox(at, text, font=font)


@pytest.mark.parametrize(
    ("box", "factor", "names"),
    [
        ((10, 10, 60, 30), 1.5, "factor 1.5"),
        ((10, 10, 60, 30), 5, "factor 5"),
        ((10, 10, 10, 30), 3.0, "box (10, 10, 10, 30)"),
        ((300, 10, 330, 30), 3.0, "inside the 320x120 image"),
        ((-1, 10, 60, 30), 3.0, "box (-1, 10, 60, 30)"),
    ],
)
def test_reread_refuses_a_bad_factor_or_box_naming_it(
    box: tuple[int, int, int, int], factor: float, names: str
) -> None:
    from PIL import Image

    with pytest.raises(ValueError, match=re.escape(names)):
        reread(Image.new("RGB", (320, 120)), box, factor=factor)


def test_reread_maps_what_it_reads_back_to_frame_pixels() -> None:
    img, (x0, y0, x1, y1) = _small_text("Export", (4, 50))  # near the left edge: clipped
    found = reread(img, (x0 - 1, y0 - 2, x1 + 1, y1 + 2), factor=3)
    export = [e for e in found if e.key == "export"]
    assert len(export) == 1, found
    ex0, ey0, ex1, ey1 = export[0].box
    assert all(isinstance(v, int) for v in export[0].box)
    slack = y1 - y0  # the detector's box is the ink grown by about half a line each way
    assert ex0 <= x0 and ex1 >= x1 and ey0 <= y0 and ey1 >= y1, (export[0].box, (x0, y0, x1, y1))
    assert ex1 <= x1 + slack and ey0 >= y0 - slack and ey1 <= y1 + slack, export[0].box
    assert ex0 == 0  # grown past the image's left edge, clipped to it
    assert export[0].source == "ocr" and 0.5 < export[0].confidence <= 1


def test_the_surer_re_read_wins_only_over_its_own_box() -> None:
    original = Element(label="Edlit", box=(100, 10, 130, 26), confidence=0.93)
    surer = Element(label="Edit", box=(101, 12, 129, 24), confidence=0.99)
    assert better_reading(original, [surer]) == [surer]
    assert better_reading(original, [dataclasses.replace(surer, confidence=0.9)]) == [original]
    neighbour = Element(label="art Edit", box=(80, 12, 129, 24), confidence=0.99)
    assert better_reading(original, [neighbour]) == [original]  # took in the margin
    elsewhere = Element(label="Copy", box=(200, 12, 230, 24), confidence=1.0)
    assert better_reading(original, [elsewhere]) == [original]


@dataclasses.dataclass
class FakeRecogniser:
    """Stands in for RapidOCR's recogniser: reads a box as its width, records batches."""

    rec_image_shape: tuple[int, int, int] = (3, 48, 320)
    rec_batch_num: int = 6
    batches: list[list[int]] = dataclasses.field(default_factory=list)

    def __call__(self, args):  # type: ignore[no-untyped-def]
        from rapidocr.ch_ppocr_rec.typings import TextRecOutput

        widths = [img.shape[1] for img in args.img]
        self.batches.append(widths)
        txts = tuple(f"w{w}" for w in widths)
        return TextRecOutput(args.img, txts, [0.99] * len(widths), ((),) * len(widths), 0.0)


def test_readings_are_batched_by_width_kept_in_place_and_remembered() -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("rapidocr")
    from rapidocr.ch_ppocr_rec.typings import TextRecInput

    from tiny_computer_agent.perception._ocr import _RememberedReadings

    widths = [2000, 90, 300, 310, 460, 120, 150, 200, 250]  # one sentence, eight buttons
    boxes = [np.full((48, w, 3), w % 251, dtype=np.uint8) for w in widths]
    inner = FakeRecogniser()
    remembered = _RememberedReadings(inner)
    out = remembered(TextRecInput(img=boxes, return_word_box=True))
    assert out.txts == tuple(f"w{w}" for w in widths)  # each reading in its box's place
    assert [2000] in inner.batches  # the sentence pads nobody else's box
    for batch in inner.batches:
        assert len(batch) <= 6
        padded = [max(320, w) for w in batch]
        assert max(padded) <= 1.5 * min(padded), batch
    assert sorted(w for b in inner.batches for w in b) == sorted(widths)
    asked = len(inner.batches)
    again = remembered(TextRecInput(img=boxes[::-1], return_word_box=True))
    assert again.txts == tuple(f"w{w}" for w in widths[::-1])
    assert len(inner.batches) == asked and remembered.hits == len(widths)  # all remembered
