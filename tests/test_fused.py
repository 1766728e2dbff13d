"""The fused detector (``--detector auto``): the tree where it speaks, OCR and control
shapes for the rest, the grid when nothing is found."""

from __future__ import annotations

import dataclasses

import pytest

from tiny_computer_agent import (
    AutoDetector,
    Detection,
    Element,
    Frame,
    FusedDetector,
    GridDetector,
    MissingExtra,
)
from tiny_computer_agent._elements import FrameMapping
from tiny_computer_agent.perception._frames import make_frame, observe


@dataclasses.dataclass
class Reads:
    """A stand-in OCR: the same pieces for every frame."""

    pieces: tuple[Element, ...]

    def detect(self, frame: Frame) -> Detection:
        return Detection(elements=self.pieces, prose=("a sentence",))


def _el(label: str, box: tuple[int, int, int, int], **known: object) -> Element:
    return Element(label=label, box=box, **known)  # type: ignore[arg-type]


def _frame(accessible: tuple[Element, ...] = ()) -> Frame:
    pil = pytest.importorskip("PIL.Image")
    return dataclasses.replace(Frame.of(pil.new("RGB", (400, 300), "white")), accessible=accessible)


def test_the_tree_names_what_it_covers_and_ocr_keeps_the_rest() -> None:
    ocr = Reads((_el("Sve", (20, 20, 60, 40)), _el("canvas text", (200, 200, 300, 220))))
    tree = (_el("Save", (10, 10, 80, 50), source="a11y", kind="button"),)
    found = FusedDetector(ocr=ocr, shapes=False).detect(_frame(tree))
    assert [(e.label, e.kind) for e in found.elements] == [("Save", "button"), ("canvas text", "")]
    assert found.prose == ("a sentence",)
    no_tree = FusedDetector(ocr=ocr, shapes=False, accessibility=False).detect(_frame(tree))
    assert [e.label for e in no_tree.elements] == ["Sve", "canvas text"]


def test_a_nameless_tree_element_is_named_by_the_text_read_inside_it() -> None:
    ocr = Reads((_el("notes.txt", (120, 20, 180, 36)), _el("2 bytes", (300, 20, 350, 36))))
    tree = (
        _el("", (100, 16, 290, 40), source="a11y", kind="item"),  # GTK's file name cell
        _el("2 bytes", (295, 16, 360, 40), source="a11y", kind="item"),
    )
    found = FusedDetector(ocr=ocr, shapes=False).detect(_frame(tree))
    assert [(e.label, e.kind, e.source) for e in found.elements] == [
        ("notes.txt", "item", "a11y"), ("2 bytes", "item", "a11y"),
    ]  # fmt: skip


def test_nothing_found_is_the_grid_with_a_note() -> None:
    found = FusedDetector(ocr=Reads(()), grid=GridDetector(cols=2, rows=1)).detect(_frame())
    assert [e.label for e in found.elements] == ["cell 1", "cell 2"]
    assert any("choosing blind" in n for n in found.notes)
    assert found.prose == ("a sentence",)  # text too long for the menu still verifies


def test_shapes_that_cannot_run_are_skipped_once_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tiny_computer_agent.perception import _shapes

    def missing(image: object) -> tuple[()]:
        raise MissingExtra("numpy is not installed: pip install 'tiny-computer-agent[ocr]'")

    monkeypatch.setattr(_shapes, "detect_shapes", missing)
    fused = FusedDetector(ocr=Reads((_el("OK", (10, 10, 40, 30)),)))
    first, second = fused.detect(_frame()), fused.detect(_frame())
    assert [e.label for e in first.elements] == ["OK"]
    assert any("control shapes are off" in n for n in first.notes)
    assert not any("control shapes are off" in n for n in second.notes)  # said once


def test_the_trees_screen_pixels_become_frame_pixels_clipped_to_the_frame() -> None:
    pil = pytest.importorskip("PIL.Image")
    tree = (
        _el("OK", (1400, 100, 1480, 140), source="a11y", kind="button"),  # right monitor
        _el("Elsewhere", (0, 0, 50, 50), source="a11y", kind="button"),  # left of it
    )
    image = pil.new("RGB", (800, 600), "white")
    frame = make_frame(image, max_width=400, monitor=(1280, 0, 800, 600), accessible=tree)
    assert frame.mapping == FrameMapping(left=1280, top=0, scale_x=2.0, scale_y=2.0)
    assert [(e.label, e.box) for e in frame.accessible] == [("OK", (60, 50, 100, 70))]
    obs = observe(
        image, detector=FusedDetector(ocr=Reads(()), shapes=False), monitor=(1280, 0, 800, 600),
        accessible=tree,
    )  # fmt: skip
    assert [(e.label, e.kind, e.source) for e in obs.elements] == [("OK", "button", "a11y")]


def test_a_windows_title_in_its_top_band_is_a_title_and_the_same_words_below_are_not() -> None:
    from tiny_computer_agent import Window

    ocr = Reads((
        _el("Delete file?", (120, 104, 220, 120)),  # the title bar's text
        _el("Delete", (150, 250, 200, 270)),  # a button with the title's first word
        _el("Delete fil", (300, 10, 380, 26)),  # a title cut short, but in no window's band
    ))  # fmt: skip
    window = Window(title="Delete file?", box=(100, 100, 300, 290), id=7)
    frame = dataclasses.replace(_frame(), windows=(window,))
    found = FusedDetector(ocr=ocr, shapes=False).detect(frame)
    assert [(e.label, e.kind) for e in found.elements] == [
        ("Delete file?", "title"), ("Delete", ""), ("Delete fil", ""),
    ]  # fmt: skip


def test_text_that_says_more_than_the_title_is_not_the_title() -> None:
    from tiny_computer_agent import Window

    ocr = Reads((_el("Delete order 1007?", (120, 130, 260, 146)),))  # the question, high up
    window = Window(title="Delete order?", box=(100, 100, 300, 290), id=7)
    frame = dataclasses.replace(_frame(), windows=(window,))
    found = FusedDetector(ocr=ocr, shapes=False).detect(frame)
    assert [e.kind for e in found.elements] == [""]


def test_a_tree_toggle_drawn_round_is_a_radio_and_one_drawn_square_stays_a_check() -> None:
    pil = pytest.importorskip("PIL.Image")
    draw = pytest.importorskip("PIL.ImageDraw")
    pytest.importorskip("cv2")
    image = pil.new("RGB", (400, 300), (255, 255, 255))
    d = draw.Draw(image)
    d.ellipse((110, 22, 124, 36), outline=(80, 80, 80), width=2)  # GTK's radio toggle
    d.rectangle((110, 62, 124, 76), outline=(80, 80, 80), width=2)  # a check toggle
    tree = (
        _el("Small", (100, 19, 141, 40), source="a11y", kind="check"),
        _el("Apple", (100, 59, 141, 80), source="a11y", kind="check"),
        _el("Subscribe me", (100, 100, 300, 120), source="a11y", kind="check"),  # with text
    )
    frame = dataclasses.replace(Frame.of(image), accessible=tree)
    found = FusedDetector(ocr=Reads(()), shapes=False).detect(frame)
    assert [(e.label, e.kind) for e in found.elements] == [
        ("Small", "radio"), ("Apple", "check"), ("Subscribe me", "check"),
    ]  # fmt: skip


@dataclasses.dataclass
class Sees:
    """A stand-in OCR that keeps the picture it was given."""

    seen: list[object] = dataclasses.field(default_factory=list)

    def detect(self, frame: Frame) -> Detection:
        self.seen.append(frame.image)
        return Detection(elements=())


def test_what_the_tree_names_is_not_read_again_but_a_window_above_it_is() -> None:
    from tiny_computer_agent import Window

    pil = pytest.importorskip("PIL.Image")
    image = pil.new("RGB", (400, 300), (250, 250, 250))
    image.paste((0, 0, 0), (20, 60, 120, 90))  # the GTK dialog's button text
    image.paste((0, 0, 200), (100, 70, 200, 80))  # a Tk window above it, over its edge
    gtk = Window(title="Question", box=(0, 0, 250, 200), id=1)
    tk = Window(title="Tk", box=(100, 65, 300, 150), id=2)
    tree = (_el("Yes", (20, 60, 120, 90), source="a11y", kind="button", window=1),)
    frame = dataclasses.replace(Frame.of(image), windows=(tk, gtk), accessible=tree)
    ocr = Sees()
    found = FusedDetector(ocr=ocr, shapes=False).detect(frame)
    masked = ocr.seen[0]
    assert masked.getpixel((50, 75)) == (128, 128, 128)  # the tree's button: not read again
    assert masked.getpixel((150, 75)) == (0, 0, 200)  # the Tk window above: still read
    assert masked.getpixel((300, 250)) == (250, 250, 250)  # the rest as it was
    assert image.getpixel((50, 75)) == (0, 0, 0)  # the frame's own picture is untouched
    assert [e.label for e in found.elements] == ["Yes"]
    FusedDetector(ocr=ocr, shapes=False, tree_first=False).detect(frame)
    assert ocr.seen[1].getpixel((50, 75)) == (0, 0, 0)  # tree_first off: OCR reads it all


def test_a_managers_title_bar_is_its_title_and_is_not_read() -> None:
    from tiny_computer_agent import Window

    pil = pytest.importorskip("PIL.Image")
    image = pil.new("RGB", (400, 300), (250, 250, 250))
    image.paste((0, 0, 0), (10, 10, 190, 30))  # the editor's title bar, drawn by the manager
    image.paste((0, 0, 0), (120, 100, 380, 120))  # the dialog's title bar, above the editor
    image.paste((0, 0, 200), (20, 40, 90, 60))  # the editor's own text, below its bar
    editor = Window(title="Editor - notes.txt", box=(10, 10, 200, 200), id=1,
                    title_bar=(10, 10, 200, 30))  # fmt: skip
    dialog = Window(title=" Replace file? ", box=(120, 100, 380, 260), id=2,
                    title_bar=(120, 100, 380, 120))  # fmt: skip
    hidden = Window(
        title="Behind", box=(130, 150, 370, 250), id=3, title_bar=(130, 150, 370, 170)
    )  # fmt: skip  (under the dialog)
    frame = dataclasses.replace(Frame.of(image), windows=(dialog, hidden, editor))
    ocr = Sees()
    found = FusedDetector(ocr=ocr, shapes=False).detect(frame)
    masked = ocr.seen[0]
    assert masked.getpixel((100, 20)) == (128, 128, 128)  # the editor's bar: not read
    assert masked.getpixel((200, 110)) == (128, 128, 128)  # the dialog's bar: not read
    assert masked.getpixel((50, 50)) == (0, 0, 200)  # the window's contents: read
    assert masked.getpixel((100, 30)) == (250, 250, 250)  # the row below the bar is kept
    assert [(e.label, e.kind, e.source, e.window, e.box) for e in found.elements] == [
        ("Replace file?", "title", "window", 2, (120, 100, 380, 120)),
        ("Editor - notes.txt", "title", "window", 1, (10, 10, 200, 30)),
    ]  # "Behind": the dialog covers its bar's middle
    off = FusedDetector(ocr=ocr, shapes=False, window_titles=False).detect(frame)
    assert ocr.seen[1].getpixel((100, 20)) == (0, 0, 0)  # window_titles off: read as pixels
    assert off.elements == () or all(e.source != "window" for e in off.elements)


def test_a_window_without_a_managers_bar_keeps_its_title_read_from_pixels() -> None:
    from tiny_computer_agent import Window

    ocr = Reads((_el("Delete file?", (120, 104, 220, 120)),))  # a toolkit's own header bar
    window = Window(title="Delete file?", box=(100, 100, 300, 290), id=7)  # no title_bar
    frame = dataclasses.replace(_frame(), windows=(window,))
    found = FusedDetector(ocr=ocr, shapes=False).detect(frame)
    assert [(e.label, e.kind, e.source) for e in found.elements] == [
        ("Delete file?", "title", "ocr")
    ]


@dataclasses.dataclass
class ReadsProse:
    """A stand-in OCR that found only prose: lines too long to be controls by themselves."""

    lines: tuple[Element, ...]

    def detect(self, frame: Frame) -> Detection:
        return Detection(
            elements=(), prose=tuple(e.label for e in self.lines), prose_pieces=self.lines
        )


def test_a_check_box_whose_label_is_a_long_line_is_labelled_and_the_line_leaves_the_prose() -> None:
    pil = pytest.importorskip("PIL.Image")
    draw = pytest.importorskip("PIL.ImageDraw")
    pytest.importorskip("cv2")
    image = pil.new("RGB", (400, 300), (217, 217, 217))
    draw.Draw(image).rectangle((20, 60, 32, 72), fill="white", outline=(130, 130, 130))
    label = _el("Send anonymous usage statistics to the developers", (40, 58, 390, 74))
    sentence = _el("Choose how this program behaves when it starts up.", (20, 20, 390, 36))
    found = FusedDetector(ocr=ReadsProse((sentence, label))).detect(Frame.of(image))
    assert [(e.kind, e.label) for e in found.elements] == [("check", label.label)]
    assert found.prose == (sentence.label,)
    # without shapes the line stays prose, and a frame of prose alone is the grid
    # (with its prose)
    plain = FusedDetector(ocr=ReadsProse((sentence, label)), shapes=False).detect(Frame.of(image))
    assert all(e.source == "grid" for e in plain.elements)
    assert plain.prose == (sentence.label, label.label)  # the verifier still reads it


def test_the_ocr_only_grid_keeps_the_prose_for_the_verifier() -> None:
    saved = _el("Your document has been saved to the disk as notes.txt", (20, 20, 390, 36))
    found = AutoDetector(ocr=ReadsProse((saved,)), grid=GridDetector(cols=2, rows=1)).detect(
        _frame()
    )
    assert [e.label for e in found.elements] == ["cell 1", "cell 2"]
    assert found.prose == (saved.label,)
