"""Widget shapes fused with OCR on real programs of three toolkits, on a private Xvfb.

Tk: the truth is Tk's own geometry of every widget (tests/shapes_form_app.py prints it).
GTK (zenity) and X Toolkit (xmessage, xcalc): what must hold, proven by the program's
own answer where it gives one: a click on a fused box makes zenity print what was typed
and ticked, xmessage exit with the number of the button, xcalc show the digits.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require
from tiny_computer_agent import Element, Frame, OcrDetector, normalize_label
from tiny_computer_agent.desktop import DesktopScreen
from tiny_computer_agent.perception._crop_reader import crop_reader
from tiny_computer_agent.perception._fusion import fuse
from tiny_computer_agent.perception._shapes import detect_shapes

pytestmark = pytest.mark.live

FORM_APP = Path(__file__).resolve().parent / "shapes_form_app.py"
#: How far (pixels) a fused box may lie from the widget's own rectangle.
SLACK = 4


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _look(d: Desk, read: bool = False) -> tuple[list[Element], list[Element]]:
    """(OCR alone, fused) for the screen as it is now."""
    image = DesktopScreen(display=d.display).grab()[0]
    ocr = list(OcrDetector().detect(Frame.of(image)).elements)
    fused = fuse(ocr, detect_shapes(image), read=crop_reader(image) if read else None)
    return ocr, list(fused)


def _one(found: Sequence[Element], kind: str, label: str) -> Element:
    hits = [e for e in found if e.kind == kind and e.key == normalize_label(label)]
    assert len(hits) == 1, f"{kind} {label!r}: {hits} in {[(e.kind, e.label) for e in found]}"
    return hits[0]


def _close(box: Sequence[int], rect: Sequence[int], slack: int = SLACK) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(box, rect, strict=True))


def _click(d: Desk, e: Element) -> None:
    x, y = (round(v) for v in e.center)
    d.vd.run(["xdotool", "mousemove", str(x), str(y), "click", "1"])


def _form(d: Desk) -> dict[str, list[int]]:
    proc = d.vd.spawn([sys.executable, str(FORM_APP)], stdout=subprocess.PIPE, env=d.env())
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, "the Tk form printed no geometry (did it start?)"
    d.wait_window("Shapes form")
    geometry: dict[str, list[int]] = json.loads(line)["geometry"]
    return geometry


def _rect(geometry: dict[str, list[int]], name: str) -> tuple[int, int, int, int]:
    x, y, w, h = geometry[name]
    return x, y, x + w, y + h


def test_tk_form_fields_checks_radios_buttons_and_keys_match_tks_own_geometry(
    desktop: Desk,
) -> None:
    geo = _form(desktop)
    _, found = _look(desktop)
    for name, value in (("Name", ""), ("Street", ""), ("City", "Lisbon")):
        field = _one(found, "field", name)
        assert field.value == value, field
        assert _close(field.box, _rect(geo, f"field:{name}")), (field, _rect(geo, f"field:{name}"))
    for kind, name, on in (
        ("check", "Subscribe", True),
        ("check", "Remember me", False),
        ("radio", "Small", False),
        ("radio", "Large", True),
    ):
        tick = _one(found, kind, name)
        x0, y0, x1, y1 = _rect(geo, f"{kind}:{name}")
        assert tick.checked is on, tick
        # the indicator: inside the widget, at its left end, before the text
        assert x0 <= tick.box[0] and tick.box[2] <= x0 + 30 and y0 <= tick.box[1] <= y1, (
            tick,
            (x0, y0, x1, y1),
        )
    for name in ("One", "Two", "Three", "Four"):
        button = _one(found, "button", name)
        assert _close(button.box, _rect(geo, f"button:{name}")), (button, geo[f"button:{name}"])
    for key in "123456789":
        e = _one(found, "key", key)
        assert _close(e.box, _rect(geo, f"key:{key}")), (e, geo[f"key:{key}"])


@pytest.mark.parametrize(
    ("kind", "name"),
    [("check", "Remember me"), ("radio", "Small"), ("button", "Two"), ("key", "5")],
)
def test_a_tk_control_lit_under_the_pointer_keeps_its_kind_and_label(
    desktop: Desk, kind: str, name: str
) -> None:
    """Tk lights the widget under the pointer (its active background, as light as a
    field), where the pointer rests after every click: a lit check box or radio row was
    read as a field named by the line above it, a lit button as a field."""
    geo = _form(desktop)
    x0, y0, x1, y1 = _rect(geo, f"{kind}:{name}")
    desktop.vd.run(["xdotool", "mousemove", str((x0 + x1) // 2), str((y0 + y1) // 2)])
    time.sleep(0.3)
    _, found = _look(desktop)
    e = _one(found, kind, name)
    assert x0 - SLACK <= e.box[0] and e.box[2] <= x1 + SLACK, (e, (x0, y0, x1, y1))
    assert not [f for f in found if f.kind == "field" and f.contains(*e.center)], found


def test_zenity_form_fields_are_named_by_their_labels_and_take_typed_text(
    desktop: Desk,
) -> None:
    require("zenity")
    proc = desktop.vd.spawn(
        ["zenity", "--forms", "--title", "Address", "--text", "Where do you live?",
         "--add-entry", "Street", "--add-entry", "City"],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    desktop.wait_window("Address")
    _, found = _look(desktop)
    street, city = _one(found, "field", "Street"), _one(found, "field", "City")
    assert street.value == "" and city.value == ""
    assert street.box[1] < city.box[1]
    for field, text in ((city, "Lisbon"), (street, "Rua Augusta")):  # the form's order reversed
        _click(desktop, field)
        desktop.vd.run(["xdotool", "type", "--delay", "30", text])
    _click(desktop, _one(found, "button", "OK"))
    out, _ = proc.communicate(timeout=15)
    assert out.strip() == "Rua Augusta|Lisbon", out


def test_zenity_checklist_boxes_sit_left_of_their_text_and_a_click_ticks_one(
    desktop: Desk,
) -> None:
    require("zenity")
    proc = desktop.vd.spawn(
        ["zenity", "--list", "--checklist", "--title", "Pick", "--column", "Use",
         "--column", "Fruit", "TRUE", "Apple", "FALSE", "Banana", "FALSE", "Cherry"],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    desktop.wait_window("Pick")
    ocr, found = _look(desktop)
    for name, on in (("Apple", True), ("Banana", False), ("Cherry", False)):
        box = _one(found, "check", name)
        text = [e for e in ocr if e.key == normalize_label(name)]
        assert text and box.box[2] <= text[0].box[0], (box, text)
        assert box.checked is on, box
    _click(desktop, _one(found, "check", "Banana"))
    _click(desktop, _one(found, "button", "OK"))
    out, _ = proc.communicate(timeout=15)
    assert out.strip() == "Apple|Banana", out


#: A scalable core font (Type1, in Xvfb's default font path) that OCR reads well.
HELVETICA = "-adobe-helvetica-medium-r-normal--14-*-*-*-p-*-iso8859-1"


@pytest.mark.parametrize("font", [None, HELVETICA], ids=["default-font", "helvetica"])
def test_xmessage_buttons_read_as_one_line_are_four_buttons_and_each_is_clickable(
    desktop: Desk, font: str | None
) -> None:
    """Four oval buttons with no room between them: four button elements on one row,
    each one's box the button xmessage reports pressing (its exit code, 101 + index).
    In helvetica they are named One..Four too; xmessage's default bitmap font is read
    by OCR as "Tho" for "Two" (an OCR limit, not the shapes'), so there only the boxes
    count."""
    require("xmessage")
    names = ("One", "Two", "Three", "Four")
    for i, name in enumerate(names):
        desktop.vd.run(["xdotool", "mousemove", "0", "0"])  # no button is hovered
        argv = ["xmessage", *(["-fn", font] if font else []), "-buttons", ",".join(names)]
        proc = desktop.vd.spawn([*argv, "Pick a number"])
        desktop.wait_window("xmessage")
        ocr, found = _look(desktop)
        buttons = _bottom_row([e for e in found if e.kind == "button"])
        assert len(buttons) == 4, (buttons, [e.label for e in ocr])
        assert all(a.box[2] <= b.box[0] + 2 for a, b in itertools.pairwise(buttons)), buttons
        if font:
            assert [b.label for b in buttons] == list(names), [e.label for e in ocr]
        _click(desktop, buttons[i])
        assert proc.wait(timeout=10) == 101 + i, f"clicked {name}: {buttons[i]}"
        time.sleep(0.3)


def _bottom_row(elements: Sequence[Element]) -> list[Element]:
    """The elements on the lowest row (centres within 5 pixels of the lowest), left to
    right."""
    if not elements:
        return []
    low = max(e.center[1] for e in elements)
    return sorted((e for e in elements if low - e.center[1] <= 5), key=lambda e: e.box[0])


def test_xcalc_keys_are_keys_and_clicking_them_enters_the_digits(desktop: Desk) -> None:
    require("xcalc")
    desktop.vd.spawn(["xcalc"], quiet=True)
    desktop.wait_window("Calculator")
    _, found = _look(desktop, read=True)
    keys = {e.label: e for e in found if e.kind == "key"}
    digits = [d for d in "0123456789" if d in keys]
    assert len(digits) >= 9, sorted(keys)
    assert len(keys) >= 30, sorted(keys)
    for d in "258":
        _click(desktop, keys[d])
        time.sleep(0.2)

    def shows() -> Any:
        ocr, _ = _look(desktop)
        return any(e.key == "258" for e in ocr)

    eventually(shows, "xcalc showing 258 after its keys were clicked", timeout=10, poll=0.5)
