"""Widget shapes on drawn frames (edge cases and each kind alone) and fusion with OCR
pieces given by hand. The real programs are in tests/test_live_shapes.py."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from tiny_computer_agent import Element
from tiny_computer_agent.perception._crop_reader import crop_reader
from tiny_computer_agent.perception._fusion import fuse, fuse_with_prose
from tiny_computer_agent.perception._shapes import Shape, detect_shapes

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
ImageDraw = pytest.importorskip("PIL.ImageDraw")
pytest.importorskip("cv2")

GREY = (217, 217, 217)


def _canvas(w: int = 400, h: int = 300, colour: tuple[int, int, int] = GREY) -> Any:
    return Image.new("RGB", (w, h), colour)


def _button(d: Any, box: tuple[int, int, int, int]) -> None:
    """A Tk-like raised button: light top and left, dark bottom and right, 2 px."""
    x0, y0, x1, y1 = box
    d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=(120, 120, 120))
    d.rectangle((x0, y0, x1 - 3, y1 - 3), fill=(255, 255, 255))
    d.rectangle((x0 + 2, y0 + 2, x1 - 3, y1 - 3), fill=GREY)


def _near(a: Sequence[int], b: Sequence[int], tol: int = 3) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


@pytest.mark.parametrize(
    "image",
    [
        _canvas(),
        _canvas(colour=(0, 0, 0)),
        _canvas(5, 5),
        _canvas(1, 1),
        _canvas(0, 0),
    ],
    ids=["plain", "all-black", "tiny", "one-pixel", "empty"],
)
def test_a_frame_with_nothing_drawn_has_no_shapes(image: object) -> None:
    assert detect_shapes(image) == ()


def test_noise_is_not_a_control() -> None:
    rng = np.random.default_rng(7)
    noise = Image.fromarray(rng.integers(0, 256, (200, 300, 3), dtype=np.uint8))
    assert [s for s in detect_shapes(noise) if s.kind in ("button", "field", "key")] == []


def test_a_raised_button_is_found_at_its_box() -> None:
    image = _canvas()
    _button(ImageDraw.Draw(image), (40, 50, 130, 84))
    shapes = detect_shapes(image)
    assert [s.kind for s in shapes] == ["button"]
    assert _near(shapes[0].box, (40, 50, 130, 84)), shapes[0].box
    assert not shapes[0].filled


def test_a_grey_image_in_another_mode_is_read_too() -> None:
    image = _canvas()
    _button(ImageDraw.Draw(image), (40, 50, 130, 84))
    assert [s.kind for s in detect_shapes(image.convert("L"))] == ["button"]
    assert [s.kind for s in detect_shapes(np.asarray(image))] == ["button"]


def test_a_wide_light_box_is_a_field_and_ink_in_it_fills_it() -> None:
    image = _canvas()
    d = ImageDraw.Draw(image)
    d.rectangle((60, 40, 300, 66), fill=(255, 255, 255), outline=(130, 130, 130))
    d.rectangle((60, 100, 300, 126), fill=(255, 255, 255), outline=(130, 130, 130))
    d.text((70, 106), "Lisbon", fill=(0, 0, 0))
    shapes = detect_shapes(image)
    assert [(s.kind, s.filled) for s in shapes] == [("field", False), ("field", True)]
    assert _near(shapes[0].box, (60, 40, 301, 67))


def _relief(d: Any, box: tuple[int, int, int, int], top: int, bottom: int, inside: int) -> None:
    """A Tk-style 2 px relief: ``top`` grey on the top and left, ``bottom`` on the rest."""
    x0, y0, x1, y1 = box
    d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=(bottom,) * 3)
    d.rectangle((x0, y0, x1 - 3, y1 - 3), fill=(top,) * 3)
    d.rectangle((x0 + 2, y0 + 2, x1 - 3, y1 - 3), fill=(inside,) * 3)


def test_a_raised_button_lit_under_the_pointer_is_a_button_and_a_sunken_box_a_field() -> None:
    # Tk lights a button under the pointer as light as a field (236); its relief is
    # raised (light wall above, dark below), a field's is sunken or even
    image = _canvas()
    d = ImageDraw.Draw(image)
    _relief(d, (60, 40, 200, 70), top=255, bottom=142, inside=236)
    d.rectangle((66, 48, 78, 62), fill=(0, 0, 0))  # an icon, then the label: off centre
    d.text((84, 50), "See Variables", fill=(0, 0, 0))
    _relief(d, (60, 100, 300, 126), top=142, bottom=255, inside=255)
    d.text((66, 106), "Lisbon", fill=(0, 0, 0))
    assert [s.kind for s in detect_shapes(image)] == ["button", "field"]


def test_a_grey_box_sunk_into_its_window_is_a_field_and_a_grey_band_under_a_bar_not() -> None:
    # ttk's read-only combo box: the window's own grey inside a thin sunken wall (dark
    # above, light below), its arrow beside it; the value shown selected splits it
    image = _canvas(500, 300)
    d = ImageDraw.Draw(image)
    d.rectangle((60, 40, 300, 63), outline=(130, 130, 130))
    d.line((61, 63, 300, 63), fill=(255, 255, 255))
    d.line((300, 41, 300, 63), fill=(255, 255, 255))
    d.rectangle((282, 43, 297, 60), outline=(90, 90, 90))  # the arrow's button
    _relief(d, (60, 100, 300, 123), top=130, bottom=255, inside=217)
    d.rectangle((63, 103, 110, 120), fill=(70, 90, 120))  # the chosen value's band
    d.rectangle((0, 200, 499, 222), fill=(80, 110, 170))  # a title bar, the window under it
    found = [(s.kind, s.box) for s in detect_shapes(image) if s.kind == "field"]
    assert [kind for kind, _ in found] == ["field", "field"], found
    assert _near(found[0][1][:2], (60, 40)) and _near(found[1][1], (60, 100, 300, 123), 4), found


def test_letters_touching_a_focused_fields_ring_do_not_make_it_a_wide_button() -> None:
    # Tk's focused entry: a black 1 px focus ring, text filling it, and a label's last
    # letters set against it ("(Hz)" before "400800"), here joined to the ring by a line
    image = _canvas(500, 200)
    d = ImageDraw.Draw(image)
    d.rectangle((150, 40, 250, 63), fill=(255, 255, 255), outline=(0, 0, 0))
    for x in range(153, 247, 5):  # letters as tall as the field allows: no flat inside
        d.rectangle((x, 43, x + 1, 60), fill=(0, 0, 0))
    d.rectangle((122, 44, 126, 60), fill=(0, 0, 0))  # a letter's stem
    d.line((126, 52, 150, 52), fill=(0, 0, 0))  # touching the ring
    found = [(s.kind, s.box) for s in detect_shapes(image) if s.box[1] < 100]
    assert [kind for kind, _ in found] == ["field"], found  # a button from x=121 before
    assert _near(found[0][1], (150, 40, 251, 64)), found


def test_a_field_wider_than_a_list_is_still_a_field() -> None:
    image = _canvas(1280, 200)
    d = ImageDraw.Draw(image)
    d.rectangle((150, 40, 1180, 72), fill=(255, 255, 255), outline=(130, 130, 130))
    assert [s.kind for s in detect_shapes(image)] == ["field"]  # a save dialog's name


def test_a_caret_that_splits_a_field_does_not_cut_its_text_off() -> None:
    image = _canvas()
    d = ImageDraw.Draw(image)
    d.rectangle((60, 40, 300, 66), fill=(255, 255, 255), outline=(130, 130, 130))
    d.text((66, 47), "NotesMarigold", fill=(0, 0, 0))
    d.rectangle((150, 41, 151, 65), fill=(0, 0, 0))  # the caret, from wall to wall
    d.rectangle((60, 100, 140, 126), fill=(255, 255, 255), outline=(130, 130, 130))
    d.rectangle((140, 100, 300, 126), fill=(255, 255, 255), outline=(130, 130, 130))
    shapes = detect_shapes(image)
    fields = [s for s in shapes if s.kind == "field"]
    assert _near(fields[0].box, (60, 40, 301, 67)) and fields[0].filled  # one, whole
    # two empty fields sharing a wall stay two
    assert [
        _near(s.box, b)
        for s, b in zip(fields[1:], ((60, 100, 141, 127), (140, 100, 301, 127)), strict=True)
    ] == [True, True]


def _listbox(d: Any, box: tuple[int, int, int, int], rows: int, chosen: int | None) -> None:
    """A Tk-like Listbox: white inside a grey border, rows 20 px apart, one chosen row
    drawn as a grey band from wall to wall."""
    x0, y0, x1, _ = box
    d.rectangle(box, fill=(255, 255, 255), outline=(130, 130, 130))
    for i in range(rows):
        top = y0 + 2 + 20 * i
        if i == chosen:
            d.rectangle((x0 + 1, top, x1 - 1, top + 19), fill=(195, 195, 195))
        d.text((x0 + 4, top + 5), f"City {i}", fill=(0, 0, 0))


def test_a_list_box_is_a_list_and_a_chosen_row_does_not_split_it() -> None:
    image = _canvas(400, 400)
    d = ImageDraw.Draw(image)
    _listbox(d, (40, 30, 240, 175), rows=7, chosen=2)
    shapes = detect_shapes(image)
    assert [s.kind for s in shapes] == ["list"]  # not a field above the band and a list below
    assert _near(shapes[0].box, (40, 30, 241, 176))


def test_a_short_list_with_its_top_row_chosen_is_still_one_list() -> None:
    image = _canvas(400, 400)
    _listbox(ImageDraw.Draw(image), (40, 30, 240, 75), rows=2, chosen=0)
    assert [s.kind for s in detect_shapes(image)] == ["list"]


def test_a_white_dialog_body_with_buttons_in_it_is_no_list() -> None:
    image = _canvas(400, 400)
    d = ImageDraw.Draw(image)
    d.rectangle((40, 30, 340, 200), fill=(255, 255, 255), outline=(130, 130, 130))
    d.text((52, 50), "Save changes to notes.txt", fill=(0, 0, 0))
    d.text((52, 70), "before closing?", fill=(0, 0, 0))
    _button(d, (150, 150, 230, 180))
    _button(d, (240, 150, 320, 180))
    assert [s.kind for s in detect_shapes(image)] == ["button", "button"]


def test_fields_one_under_another_and_a_keypad_column_are_not_lists() -> None:
    image = _canvas(400, 400)
    d = ImageDraw.Draw(image)
    for top in (20, 54, 88):  # a form's fields, 8 px apart: no wall runs through the gaps
        d.rectangle((60, top, 300, top + 26), fill=(255, 255, 255), outline=(130, 130, 130))
    for top in range(150, 390, 40):  # white keys with black walls, 2 px apart
        d.rectangle((60, top, 120, top + 38), fill=(255, 255, 255), outline=(0, 0, 0))
    kinds = [s.kind for s in detect_shapes(image)]
    assert "list" not in kinds and kinds.count("field") == 3, kinds


def test_check_boxes_and_radios_with_and_without_ink() -> None:
    image = _canvas()
    d = ImageDraw.Draw(image)
    for x, ticked in ((40, True), (100, False)):
        d.rectangle((x, 40, x + 12, 52), fill=(255, 255, 255), outline=(130, 130, 130))
        if ticked:
            d.line((x + 3, 46, x + 5, 49, x + 10, 42), fill=(0, 0, 0), width=2)
    for x, chosen in ((160, True), (220, False)):
        d.ellipse((x, 40, x + 14, 54), fill=(255, 255, 255), outline=(130, 130, 130))
        if chosen:
            d.ellipse((x + 4, 44, x + 10, 50), fill=(0, 0, 0))
    found = [(s.kind, sorted(s.state), s.box[0]) for s in detect_shapes(image)]
    assert [(k, st) for k, st, _ in found] == [
        ("check", ["checked"]),
        ("check", []),
        ("radio", ["checked"]),
        ("radio", []),
    ], found
    lefts = [x for _, _, x in found]
    assert all(abs(x - want) <= 2 for x, want in zip(lefts, (40, 100, 160, 220), strict=True)), (
        found
    )


def test_a_flat_square_box_by_a_frames_wall_is_a_check_box_and_a_letters_hole_is_not() -> None:
    # ttk's default theme: a 10-px raised square, light grey inside (dark when ticked),
    # 2 px from a labelframe's wall, so its edges touch the wall's and no ring is found;
    # two such boxes one under another make the frame a group, not a button
    image = _canvas()
    d = ImageDraw.Draw(image)
    d.rectangle((30, 30, 200, 120), outline=(255, 255, 255))  # the frame's wall
    for y, fill in ((50, 183), (80, 74)):
        d.rectangle((33, y, 42, y + 9), fill=(130, 130, 130))
        d.rectangle((33, y, 41, y + 8), fill=(255, 255, 255))
        d.rectangle((34, y + 1, 41, y + 8), fill=(fill,) * 3)
    # a square as hollow as a letter's hole (the page's grey inside), by the wall too
    d.rectangle((32, 100, 41, 109), fill=GREY, outline=(0, 0, 0))
    shapes = detect_shapes(image)
    assert [(s.kind, sorted(s.state)) for s in shapes] == [("check", []), ("check", ["checked"])]


def _diamond(d: Any, x: int, y: int, fill: int) -> None:
    """ttk's default radio: an 11-px diamond, white above, dark below, ``fill`` inside."""
    d.polygon([(x + 5, y), (x + 10, y + 5), (x + 5, y + 10), (x, y + 5)], fill=(fill,) * 3,
              outline=(130, 130, 130))  # fmt: skip
    d.line([(x, y + 5), (x + 5, y), (x + 10, y + 5)], fill=(255, 255, 255))


def test_ttk_diamond_radios_are_radios_chosen_only_when_dark_and_an_arrow_is_not() -> None:
    image = _canvas()
    d = ImageDraw.Draw(image)
    d.line([(30, 20), (30, 140)], fill=(255, 255, 255))  # a labelframe's wall, 2 px away
    _diamond(d, 32, 40, 183)
    _diamond(d, 32, 70, 74)  # chosen: filled dark
    _diamond(d, 100, 40, 183)  # in the open: its ring is found, and it is not chosen
    d.polygon([(200, 50), (210, 50), (205, 42)], fill=(150, 150, 150), outline=(60, 60, 60))
    d.ellipse((32, 100, 41, 109), fill=(0, 0, 0))  # a bullet by the wall: no relief
    found = [(s.kind, sorted(s.state), s.box[0]) for s in detect_shapes(image)]
    assert [(k, st) for k, st, _ in sorted(found, key=lambda f: f[2])] == [
        ("radio", []), ("radio", ["checked"]), ("radio", []),
    ], found  # fmt: skip


def test_a_grid_of_same_size_buttons_is_a_keypad_and_a_row_above_it_is_not() -> None:
    image = _canvas(400, 400)
    d = ImageDraw.Draw(image)
    for i, x in enumerate((20, 90, 170)):  # a row of buttons, then a 3x3 pad below
        _button(d, (x, 20, x + 64 + 10 * i, 54))
    for row in range(3):
        for col in range(3):
            _button(d, (20 + 64 * col, 100 + 34 * row, 84 + 64 * col, 134 + 34 * row))
    kinds = [s.kind for s in detect_shapes(image)]
    assert kinds == ["button"] * 3 + ["key"] * 9, kinds


def test_a_shape_of_an_unknown_kind_or_negative_size_is_refused() -> None:
    with pytest.raises(ValueError, match="kind 'slider'"):
        Shape(box=(0, 0, 10, 10), kind="slider")
    with pytest.raises(ValueError, match="negative size"):
        Shape(box=(10, 0, 0, 10), kind="button")


# -- fuse -------------------------------------------------------------------------------


def _ocr(label: str, box: tuple[int, int, int, int], confidence: float = 0.95) -> Element:
    return Element(label=label, box=box, confidence=confidence)


def test_one_ocr_line_over_four_touching_buttons_becomes_four_buttons() -> None:
    edges = (100, 160, 220, 298, 360)  # One | Two | Three | Four, no space between
    shapes = [
        Shape(box=(a, 50, b, 80), kind="button", filled=True) for a, b in itertools.pairwise(edges)
    ]
    line = _ocr("One (Two Three)Four", (112, 56, 350, 74))
    got = fuse([line], shapes)
    assert [(e.label, e.kind, e.source) for e in got] == [
        ("One", "button", "shape"),
        ("Two", "button", "shape"),
        ("Three", "button", "shape"),
        ("Four", "button", "shape"),
    ]
    assert [e.box for e in got] == [s.box for s in shapes]


def test_a_letter_estimated_on_a_border_joins_its_word() -> None:
    # "One Two" over two buttons whose border (at 51-53) falls where the "T" is estimated
    shapes = [Shape(box=(0, 0, 51, 20), kind="button"), Shape(box=(53, 0, 100, 20), kind="button")]
    got = fuse([_ocr("One Two", (10, 4, 84, 16))], shapes)
    assert [(e.label, e.kind) for e in got] == [("One", "button"), ("Two", "button")]


def test_a_re_read_replaces_an_estimate_that_reads_otherwise() -> None:
    shapes = [Shape(box=(0, 0, 40, 20), kind="button"), Shape(box=(40, 0, 80, 20), kind="button")]
    asked: list[tuple[int, int, int, int]] = []

    def read(box: tuple[int, int, int, int]) -> list[Element]:
        asked.append(box)
        text = {0: "(Yes)", 40: "No,"}[box[0]]
        return [_ocr(text, (box[0] + 5, 4, box[2] - 5, 16), 0.99)]

    got = fuse([_ocr("YeNo", (5, 4, 75, 16))], shapes, read=read)
    assert asked == [(0, 0, 40, 20), (40, 0, 80, 20)]
    assert [e.label for e in got] == ["Yes", "No"]


def test_a_ragged_re_read_does_not_replace_a_clean_estimate() -> None:
    shapes = [Shape(box=(0, 0, 40, 20), kind="button"), Shape(box=(40, 0, 80, 20), kind="button")]

    def read(box: tuple[int, int, int, int]) -> list[Element]:
        text = {0: "One", 40: "-our"}[box[0]]  # a bitmap "Four" read alone
        return [_ocr(text, (box[0] + 5, 4, box[2] - 5, 16), 0.99)]

    got = fuse([_ocr("One Four", (5, 4, 75, 16), 0.9)], shapes, read=read)
    assert [e.label for e in got] == ["One", "Four"]


def test_fields_take_the_label_left_of_them_or_above_and_their_text_as_value() -> None:
    shapes = [
        Shape(box=(100, 10, 300, 36), kind="field"),
        Shape(box=(100, 50, 300, 76), kind="field", filled=True),
        Shape(box=(20, 120, 220, 146), kind="field"),
        Shape(box=(20, 180, 220, 206), kind="field", filled=True),  # OCR read nothing
    ]
    ocr = [
        _ocr("Street", (20, 14, 80, 32)),
        _ocr("City", (20, 54, 60, 72)),
        _ocr("Lisbon", (106, 54, 170, 72)),
        _ocr("Comment", (20, 96, 100, 114)),
        _ocr("far away", (600, 190, 680, 200)),
    ]
    fields = [e for e in fuse(ocr, shapes) if e.kind == "field"]
    assert [(e.label, e.value, e.box) for e in fields] == [
        ("Street", "", (100, 10, 300, 36)),
        ("City", "Lisbon", (100, 50, 300, 76)),
        ("Comment", "", (20, 120, 220, 146)),
        ("", None, (20, 180, 220, 206)),
    ]


def test_fields_that_share_one_label_are_numbered_after_the_first_in_reading_order() -> None:
    # Tk's rolodex: one "Address:" left of the first of three fields; a date in three
    # fields after one "Date:", the later ones a pixel higher than the first
    shapes = [
        Shape(box=(100, 10, 300, 33), kind="field"),
        Shape(box=(100, 37, 300, 60), kind="field"),
        Shape(box=(100, 64, 300, 87), kind="field"),
        Shape(box=(100, 120, 140, 143), kind="field"),
        Shape(box=(150, 119, 190, 142), kind="field"),
        Shape(box=(200, 119, 260, 142), kind="field"),
    ]
    ocr = [_ocr("Address:", (20, 12, 96, 31)), _ocr("Date:", (40, 122, 92, 140))]
    fields = [e for e in fuse(ocr, shapes) if e.kind == "field"]
    assert [(e.label, e.box[:2]) for e in fields] == [
        ("Address:", (100, 10)), ("Address: (2)", (100, 37)), ("Address: (3)", (100, 64)),
        ("Date:", (100, 120)), ("Date: (2)", (150, 119)), ("Date: (3)", (200, 119)),
    ]  # fmt: skip


def test_a_wide_button_with_no_text_beside_a_label_is_a_drop_down_field() -> None:
    # GTK's combo box with nothing chosen: a bare arrow in a wide button, "Country" left of it
    arrow = frozenset({"expandable"})
    shapes = [
        Shape(box=(184, 516, 354, 552), kind="button", state=arrow),
        Shape(box=(184, 600, 220, 636), kind="button", state=arrow),  # square: an icon's
        Shape(box=(400, 700, 570, 736), kind="button", state=arrow),  # nothing names it
        # no arrow: a blank stretch of a window between the widgets that wall it
        Shape(box=(184, 760, 354, 796), kind="button"),
    ]
    ocr = [
        _ocr("Country", (105, 522, 167, 546)),
        _ocr("Icon", (105, 606, 150, 630)),
        _ocr("Region", (105, 766, 170, 790)),
    ]
    made = [e for e in fuse(ocr, shapes) if e.kind != "text"]
    assert [(e.kind, e.label, e.value, e.box, e.state) for e in made] == [
        ("field", "Country", "", (184, 516, 354, 552), arrow),
    ]


def test_lines_stacked_at_one_left_edge_in_one_box_are_rows_not_a_button() -> None:
    # Chromium's open <select>: the choices on one grey panel with a border
    shapes = [
        Shape(box=(79, 321, 147, 372), kind="button"),
        Shape(box=(300, 321, 420, 372), kind="button"),  # two lines, centred: a button
    ]
    ocr = [
        _ocr("Porto", (85, 324, 130, 345)), _ocr("Faro", (85, 348, 122, 370)),
        _ocr("Save", (340, 324, 380, 345)), _ocr("all files", (322, 348, 398, 370)),
    ]  # fmt: skip
    made = sorted(fuse(ocr, shapes), key=lambda e: e.box)
    assert [(e.kind, e.label, e.box) for e in made] == [
        ("item", "Porto", (79, 324, 147, 345)),
        ("item", "Faro", (79, 348, 147, 370)),
        ("button", "Save all files", (300, 321, 420, 372)),
    ]


def test_words_far_apart_in_one_field_shaped_band_are_a_bar_not_a_field() -> None:
    # the built-in example's menu bar: a light band under the title bar has a field's
    # shape; OCR read its words as four pieces a third of a word apart or more
    band = Shape(box=(141, 106, 1139, 140), kind="field")
    title = _ocr("notes.txt - Editor", (147, 75, 331, 105))
    words = [
        _ocr("File", (147, 108, 192, 139)), _ocr("Edit", (239, 108, 287, 138)),
        _ocr("View", (325, 105, 386, 143)), _ocr("Help", (417, 107, 472, 142)),
    ]  # fmt: skip
    made = fuse([title, *words], [band])
    assert [(e.label, e.kind) for e in made if e.box[1] > 100] == [
        ("File", ""), ("Edit", ""), ("View", ""), ("Help", ""),
    ]  # fmt: skip
    assert not [e for e in made if e.kind == "field"]
    # text typed into a field is one piece, and two pieces are not yet a bar
    for held in ([_ocr("File Edit View Help", (147, 108, 472, 139))], words[:2]):
        fields = [e for e in fuse([title, *held], [band]) if e.kind == "field"]
        assert [e.value for e in fields] == [" ".join(w.label for w in held)]


def test_a_menu_bars_words_packed_close_in_a_field_shaped_band_are_a_bar() -> None:
    # JuffEd (Qt 5) read from pixels: its bar's words 8 px apart on a 22 px line (0.36
    # line heights, under BAR_GAP), OCR's slips "Eile" and "Iools" among them
    band = Shape(box=(446, 154, 834, 178), kind="field")
    labels = ("Eile", "Edit", "View", "Search", "Format", "Iools", "Help")
    x, words = 453, []
    for label in labels:
        words.append(_ocr(label, (x, 155, x + 9 * len(label), 177)))
        x += 9 * len(label) + 8
    made = fuse(words, [band])
    assert [e.label for e in made] == list(labels)
    assert not [e for e in made if e.kind == "field"]
    # the same gaps between words of a sentence typed into a field keep it one field
    typed = [_ocr(w, (453 + 60 * i, 155, 505 + 60 * i, 177)) for i, w in enumerate(
        ("buy", "more", "milk"))]  # fmt: skip
    assert [e.kind for e in fuse(typed, [band])] == ["field"]


def test_a_button_cut_out_of_the_middle_of_a_word_takes_its_re_read() -> None:
    # Tk's option menu: OCR reads "Colour: Red" as one line; the letters placed by
    # estimate put "r:" inside the button, and the re-read of the button alone is sure
    shapes = [Shape(box=(569, 386, 640, 415), kind="button", filled=True)]
    line = [_ocr("Colour: Red", (511, 388, 626, 411))]

    def read(box: tuple[int, int, int, int]) -> list[Element]:
        return [_ocr("Red", (578, 390, 612, 410), confidence=0.6)]

    made = [e for e in fuse(line, shapes, read=read) if e.kind == "button"]
    assert [e.label for e in made] == ["Red"]  # "r: Red" before


def test_a_dialog_over_a_window_names_none_of_its_fields_and_its_panel_is_no_button() -> None:
    # Tk's dialog over the rolodex: its sentence left of the fields it covers, its OK
    # button on a raised panel that reads "OK" too
    shapes = [
        Shape(box=(797, 339, 850, 362), kind="field"),  # the window's, its label hidden
        Shape(box=(482, 458, 799, 511), kind="button", filled=True),  # the dialog's panel
        Shape(box=(615, 469, 665, 500), kind="button"),
    ]
    ocr = [
        _ocr("This is a dummy file selection", (493, 342, 781, 364)),
        _ocr("OK", (628, 474, 652, 494)),
    ]

    def window(box: tuple[int, int, int, int]) -> int:  # the dialog spans x 482..799
        return 2 if 482 <= (box[0] + box[2]) / 2 < 799 else 1

    def read(box: tuple[int, int, int, int]) -> list[Element]:  # the panel alone reads OK
        return [_ocr("OK", (628, 474, 652, 494))]

    made = fuse(ocr, shapes, window=window, read=read)
    assert sorted((e.kind, e.label, e.box) for e in made) == [
        ("button", "OK", (615, 469, 665, 500)),
        ("field", "", (797, 339, 850, 362)),
        ("text", "This is a dummy file selection", (493, 342, 781, 364)),
    ]
    named = fuse(ocr, shapes)  # no windows known: the nearest text names it, as before
    assert ("field", "This is a dummy file selection") in [(e.kind, e.label) for e in named]


def test_a_label_whose_ocr_box_reaches_into_its_fields_wall_still_names_it() -> None:
    # a web form: "Name" set 5 px from its box, OCR's box of it 6 px wider than its ink;
    # the field below must not take "Name" from above instead of its own "City"
    fields = [
        Shape(box=(95, 241, 304, 264), kind="field"),
        Shape(box=(79, 276, 288, 299), kind="field"),
    ]
    ocr = [_ocr("Name", (37, 237, 100, 266)), _ocr("City", (37, 271, 85, 301))]
    got = [(e.label, e.box) for e in fuse(ocr, fields) if e.kind == "field"]
    assert got == [("Name", (95, 241, 304, 264)), ("City", (79, 276, 288, 299))]


def test_a_check_box_takes_the_text_on_its_right_and_keeps_its_own_box() -> None:
    shapes = [
        Shape(box=(20, 20, 32, 32), kind="check", state=frozenset({"checked"})),
        Shape(box=(20, 50, 32, 62), kind="check"),
        Shape(box=(20, 80, 32, 92), kind="radio", state=frozenset({"checked"})),
        Shape(box=(20, 110, 32, 122), kind="check"),
    ]
    ocr = [
        _ocr("Subscribe", (40, 18, 130, 34)),
        _ocr("M Remember me", (16, 48, 150, 64)),  # the box read as a letter
        _ocr("• Large", (18, 78, 90, 94)),
        _ocr("Title", (300, 20, 360, 34)),
        _ocr("I agree", (13, 106, 101, 126)),  # a web page's: the line's box over the box
    ]
    got = fuse(ocr, shapes)
    ticks = [(e.kind, e.label, e.box, e.checked) for e in got if e.kind != "text"]
    assert ticks == [
        ("check", "Subscribe", (20, 20, 32, 32), True),
        ("check", "Remember me", (20, 50, 32, 62), False),
        ("radio", "Large", (20, 80, 32, 92), True),
        ("check", "I agree", (20, 110, 32, 122), False),  # "I" is a word, not the box
    ]
    assert [e.label for e in got if e.kind == "text"] == ["Title"]  # labels are not listed twice


def test_a_long_line_is_a_check_boxs_label_and_a_sentence_stays_prose() -> None:
    # OCR keeps lines over 40 characters off the index as prose; a check box, a radio
    # or a button still takes one as its label, and a sentence names no field
    shapes = [
        Shape(box=(20, 60, 32, 72), kind="check"),
        Shape(box=(20, 90, 32, 102), kind="radio"),
        Shape(box=(20, 120, 400, 146), kind="button", filled=True),
        Shape(box=(20, 200, 300, 226), kind="field"),
    ]
    sentence = _ocr("Choose how this program behaves when it starts up.", (20, 20, 420, 36))
    check = _ocr("Send anonymous usage statistics to the developers", (40, 58, 420, 74))
    radio = _ocr("Start with an empty document and a blank page", (40, 88, 400, 104))
    button = _ocr("Restore the default settings for all the users", (40, 124, 380, 142))
    above = _ocr("Type the name of the server you want to reach:", (20, 176, 380, 192))
    prose = [sentence, check, radio, button, above]
    got, taken = fuse_with_prose([_ocr("Host", (310, 204, 350, 222))], shapes, read=None,
                                 prose=prose)  # fmt: skip
    assert [(e.kind, e.label) for e in got] == [
        ("check", "Send anonymous usage statistics to the developers"),
        ("radio", "Start with an empty document and a blank page"),
        ("button", "Restore the default settings for all the users"),
        ("field", ""),
        ("text", "Host"),
    ]
    assert taken == {id(check), id(radio), id(button)}
    assert not any(e.label for e in fuse([], shapes))  # without the prose: no labels


def test_a_long_line_partly_in_a_button_stays_prose_for_the_verifier() -> None:
    shapes = [Shape(box=(300, 10, 360, 40), kind="button")]
    line = _ocr("Your changes will be lost if you go on now  Go on", (10, 16, 355, 34))
    got, taken = fuse_with_prose([], shapes, read=None, prose=[line])
    assert [e.kind for e in got] == ["button"]
    assert got[0].label.endswith("Go on")  # letters placed by width: the cut is estimated
    assert taken == set()  # the rest of the line is still read as prose


def _lit_row(gap: int) -> Any:
    """A check box at the left end of its row, lit under the pointer (Tk's active
    background: light and walled, like a field), with "letters" ``gap`` px after it."""
    image = _canvas(400, 120)
    d = ImageDraw.Draw(image)
    d.rectangle((20, 40, 380, 64), fill=(236, 236, 236))
    d.rectangle((29, 46, 41, 58), fill=(255, 255, 255), outline=(130, 130, 130))
    for i in range(8):
        x = 41 + gap + 9 * i
        d.rectangle((x, 47, x + 5, 57), fill=(0, 0, 0))
    return image


def test_a_check_box_in_a_row_lit_under_the_pointer_is_a_check_box_not_a_field() -> None:
    image = _lit_row(gap=7)
    shapes = detect_shapes(image)
    assert [s.kind for s in shapes] == ["field", "check"]  # fuse tells which, by the text
    text = _ocr("Subscribe me", (46, 44, 120, 60))
    assert [(e.kind, e.label) for e in fuse([text], shapes)] == [("check", "Subscribe me")]
    # with no text to its right in the row, it is not a check box's row
    assert [e.kind for e in fuse([], shapes)] == ["field"]


def test_a_ring_that_touches_the_next_letter_at_a_fields_left_end_is_a_letter() -> None:
    shapes = detect_shapes(_lit_row(gap=2))  # the "O" of "Open", not a box before a label
    assert [s.kind for s in shapes] == ["field"]
    text = _ocr("Open a file", (40, 44, 120, 60))
    assert [(e.kind, e.value) for e in fuse([text], shapes)] == [("field", "Open a file")]


def test_a_ring_inside_a_word_is_a_letter_not_a_check_box() -> None:
    shapes = [Shape(box=(60, 22, 70, 32), kind="radio")]  # the "o" of "Hello"
    got = fuse([_ocr("Hello", (20, 18, 90, 36))], shapes)
    assert [(e.label, e.kind) for e in got] == [("Hello", "text")]


def test_text_in_no_control_is_text_and_a_button_with_no_text_is_left_out() -> None:
    shapes = [Shape(box=(200, 200, 260, 230), kind="button", filled=True)]
    got = fuse([_ocr("Hello", (20, 18, 90, 36))], shapes)
    assert [(e.label, e.kind, e.source) for e in got] == [("Hello", "text", "ocr")]


def test_a_lists_rows_are_items_named_by_their_first_column() -> None:
    cities = ("Oslo", "Rome", "Paris")
    rows = [_ocr(c, (14, 20 + 20 * i, 90, 36 + 20 * i)) for i, c in enumerate(cities)]
    beside = _ocr("4 stops", (120, 40, 180, 56))  # a second column
    over = _ocr("Delete order?", (60, 90, 150, 104))  # a dialog's title over the list
    heading = _ocr("Cities", (10, 0, 60, 14))
    lists = [Shape(box=(10, 16, 200, 120), kind="list", filled=True)]
    got = {e.label: e.kind for e in fuse([*rows, beside, over, heading], lists)}
    assert got == {"Oslo": "item", "Rome": "item", "Paris": "item", "4 stops": "text",
                   "Delete order?": "text", "Cities": "text"}  # fmt: skip


def test_one_line_or_prose_in_a_list_box_is_not_a_list() -> None:
    box = [Shape(box=(10, 16, 400, 120), kind="list", filled=True)]
    one = fuse([_ocr("Oslo", (14, 20, 90, 36))], box)
    prose = [
        _ocr("It was the best of times, it was the worst", (14, 20, 390, 36)),
        _ocr("of times, it was the age of wisdom", (14, 40, 300, 56)),
    ]
    assert [e.kind for e in one] == ["text"]
    assert [e.kind for e in fuse(prose, box)] == ["text", "text"]


def test_a_key_ocr_left_unread_is_read_alone_and_a_doubtful_lone_mark_is_dropped() -> None:
    keys = [Shape(box=(40 * i, 0, 40 * i + 40, 30), kind="key") for i in range(4)]
    said = {0: ("7", 0.99), 40: ("+", 0.9), 80: ("+", 0.51), 120: ("", 0.0)}
    asked: list[int] = []

    def read(box: tuple[int, int, int, int]) -> list[Element]:
        asked.append(box[0])
        text, confidence = said[box[0]]
        return [_ocr(text, (box[0] + 10, 5, box[2] - 10, 25), confidence)] if text else []

    got = fuse([_ocr("7", (10, 5, 30, 25))], keys, read=read)
    assert asked == [40, 80, 120]  # the key OCR read is not read again
    assert [(e.label, e.box[0]) for e in got] == [("7", 0), ("+", 40)]  # "+" at 0.51: a dot?


@pytest.mark.parametrize(
    ("marks", "name"),
    [
        ([(20, 14, 22, 16)], "."),
        ([(12, 14, 28, 15)], "-"),
        ([(12, 11, 28, 12), (12, 17, 28, 18)], "="),
        ([(12, 14, 28, 15), (19, 7, 20, 22)], None),  # a "+" is not a bar: OCR reads it
        ([(14, 8, 24, 20)], None),  # a solid block is no mark of these
    ],
    ids=["dot", "minus", "equals", "plus", "block"],
)
def test_a_key_drawn_as_a_dot_or_bars_is_named_by_its_inks_shape(
    marks: list[tuple[int, int, int, int]], name: str | None
) -> None:
    image = _canvas(48, 38, (255, 255, 255))
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, 47, 37), outline=(0, 0, 0))
    for box in marks:
        d.rectangle(box, fill=(0, 0, 0))
    read = crop_reader(image)
    if name is None:
        pytest.importorskip("rapidocr")  # then OCR reads it
        assert all(e.label not in (".", "-", "=") for e in read((0, 0, 48, 38)))
        return
    (got,) = read((0, 0, 48, 38))
    assert got.label == name and _near(got.box, (min(m[0] for m in marks), min(m[1] for m in marks),
                                                  max(m[2] for m in marks) + 1,
                                                  max(m[3] for m in marks) + 1))  # fmt: skip


def test_a_key_that_is_a_bracket_keeps_it() -> None:
    shapes = [Shape(box=(0, 0, 40, 30), kind="key"), Shape(box=(40, 0, 80, 30), kind="key")]
    got = fuse([_ocr("(", (15, 5, 22, 25)), _ocr(")", (58, 5, 65, 25))], shapes)
    assert [(e.label, e.kind) for e in got] == [("(", "key"), (")", "key")]


def test_fused_elements_keep_the_window_their_text_was_in() -> None:
    shapes = [
        Shape(box=(0, 0, 60, 30), kind="button"),
        Shape(box=(100, 0, 300, 30), kind="field"),
        Shape(box=(0, 50, 12, 62), kind="check"),
    ]
    ocr = [
        Element(label="OK", box=(20, 8, 40, 22), window=7),
        Element(label="Street", box=(62, 8, 95, 22), window=7),
        Element(label="Subscribe", box=(16, 48, 90, 64), window=9),
    ]
    got = {(e.kind, e.label): e.window for e in fuse(ocr, shapes)}
    assert got == {("button", "OK"): 7, ("field", "Street"): 7, ("text", "Street"): 7,
                   ("check", "Subscribe"): 9}  # fmt: skip


def test_nothing_in_nothing_out() -> None:
    assert fuse([], []) == ()
    assert fuse([], [Shape(box=(0, 0, 40, 30), kind="button")]) == ()


def _spin(d: Any, box: tuple[int, int, int, int]) -> None:
    """GTK's spin button: one white box, its right end two square buttons ("-", "+")
    behind light dividers, and a "1" at the entry's right end."""
    _, y0, x1, y1 = box
    side = y1 - y0
    d.rectangle(box, fill=(255, 255, 255), outline=(200, 200, 200))
    for x in (x1 - 2 * side, x1 - side):
        d.line((x, y0 + 1, x, y1 - 1), fill=(235, 235, 235))
    d.line((x1 - 2 * side - 14, y0 + 9, x1 - 2 * side - 14, y1 - 9), fill=(0, 0, 0), width=2)
    mid = (y0 + y1) // 2
    for cx in (x1 - int(1.5 * side), x1 - side // 2):
        d.line((cx - 6, mid, cx + 6, mid), fill=(60, 60, 60), width=2)
    d.line((x1 - side // 2, mid - 6, x1 - side // 2, mid + 6), fill=(60, 60, 60), width=2)


def test_a_spin_boxs_entry_is_a_field_beside_its_buttons_not_a_frame_round_them() -> None:
    image = _canvas(400, 120, colour=(245, 245, 245))
    _spin(ImageDraw.Draw(image), (100, 40, 270, 76))
    shapes = detect_shapes(image)
    assert [s.kind for s in shapes] == ["field", "button", "button"], shapes
    assert _near(shapes[0].box, (100, 40, 200, 77)), shapes[0].box
    assert shapes[1].box[0] >= 196 and shapes[2].box[0] >= 230


def test_a_wide_button_ending_in_an_arrow_is_expandable_and_a_centred_label_is_not() -> None:
    image = _canvas(400, 160)
    d = ImageDraw.Draw(image)
    _button(d, (40, 30, 220, 64))
    for i in range(4):  # the choice's letters, at the left end
        d.rectangle((56 + 9 * i, 40, 61 + 9 * i, 54), fill=(0, 0, 0))
    d.polygon([(196, 43), (208, 43), (202, 51)], fill=(0, 0, 0))  # the arrow
    _button(d, (40, 100, 220, 134))
    for i in range(7):  # a label in the middle
        d.rectangle((100 + 9 * i, 110, 105 + 9 * i, 124), fill=(0, 0, 0))
    shapes = detect_shapes(image)
    assert [(s.kind, s.state) for s in shapes] == [
        ("button", frozenset({"expandable"})),
        ("button", frozenset()),
    ]
    # the arrow OCR read as "1" is no part of the label
    texts = [_ocr("Red", (56, 38, 92, 56)), _ocr("1", (194, 40, 210, 54))]
    made = fuse(texts, shapes[:1])
    assert [(e.kind, e.label, e.state) for e in made] == [
        ("button", "Red", frozenset({"expandable"}))
    ]


def test_a_dotted_focus_ring_round_a_check_boxs_row_is_no_field() -> None:
    # GTK after keyboard use: a dotted ring round the ticked box and its label, the row
    # as light as the window around it
    image = _canvas(400, 120, colour=(245, 245, 245))
    d = ImageDraw.Draw(image)
    for x in range(20, 380, 3):
        d.point([(x, 40), (x, 66)], fill=(187, 187, 187))
    for y in range(40, 67, 3):
        d.point([(20, y), (379, y)], fill=(187, 187, 187))
    d.rectangle((28, 45, 44, 61), fill=(53, 132, 228), outline=(40, 100, 200))
    d.line((31, 53, 35, 57, 41, 48), fill=(255, 255, 255), width=2)
    for i in range(8):
        d.rectangle((48 + 9 * i, 47, 53 + 9 * i, 58), fill=(40, 40, 40))
    shapes = detect_shapes(image)
    assert [(s.kind, s.state) for s in shapes] == [("check", frozenset({"checked"}))], shapes


def test_a_lone_ten_or_one_on_a_button_is_a_plus_or_minus_unless_the_screen_is_chinese() -> None:
    shapes = [
        Shape(box=(200, 40, 236, 76), kind="button"),
        Shape(box=(240, 40, 276, 76), kind="button"),
        Shape(box=(100, 40, 196, 76), kind="field"),
    ]
    texts = [_ocr("十", (210, 48, 226, 68)), _ocr("一", (250, 55, 266, 60))]
    latin = [*texts, _ocr("Quantity", (10, 48, 90, 68))]
    assert [e.label for e in fuse(latin, shapes) if e.kind == "button"] == ["+", "-"]
    chinese = [*texts, _ocr("数量", (10, 48, 90, 68))]
    assert [e.label for e in fuse(chinese, shapes) if e.kind == "button"] == ["十", "一"]


def test_an_icon_read_as_one_chinese_character_is_no_text_on_a_latin_screen() -> None:
    # yad: a date field's calendar icon reads "菌"; GTK's path bar's arrow reads "回"
    shapes = [
        Shape(box=(100, 40, 270, 76), kind="field", filled=True),
        Shape(box=(300, 40, 336, 76), kind="button"),
        Shape(box=(340, 40, 420, 76), kind="button"),
    ]
    texts = [_ocr("菌", (245, 48, 262, 68)), _ocr("回", (308, 48, 326, 68)),
             _ocr("Home", (350, 48, 410, 68)), _ocr("Start date", (10, 48, 90, 68))]  # fmt: skip
    made = [(e.kind, e.label, e.value) for e in fuse(texts, shapes) if e.kind != "text"]
    assert made == [("field", "Start date", ""), ("button", "Home", None)]
    chinese = [*texts, _ocr("开始日期", (10, 90, 90, 110))]
    kept = [(e.kind, e.label, e.value) for e in fuse(chinese, shapes) if e.kind != "text"]
    assert ("button", "回", None) in kept and ("field", "Start date", "菌") in kept
