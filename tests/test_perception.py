from __future__ import annotations

import dataclasses

import pytest

from tiny_computer_agent import (
    AmbiguousTarget,
    Element,
    FrameMapping,
    Observation,
    TargetError,
    Window,
    normalize_label,
    reading_order,
)


def el(label: str, x: int, y: int, w: int = 80, h: int = 30, source: str = "ocr") -> Element:
    return Element(label=label, box=(x, y, x + w, y + h), source=source)


def test_labels_compare_on_their_alphanumeric_core() -> None:
    assert normalize_label("Don't  Save.") == normalize_label("DontSave") == "dontsave"
    assert normalize_label("Ｓａｖｅ") == "save"  # full-width OCR output folds too


def test_find_prefers_exact_then_containment_and_forgives_ocr_spacing() -> None:
    obs = Observation.of([el("Don't Save", 10, 10), el("Save", 200, 10)], size=(400, 100))
    assert obs.find("Save.").label == "Save"
    assert obs.find("dont save").label == "Don't Save"
    assert obs.find("Don'tSave").label == "Don't Save"


def test_two_equal_matches_are_reported_not_resolved() -> None:
    obs = Observation.of([el("Save", 10, 10), el("Save", 200, 10)], size=(400, 100))
    with pytest.raises(AmbiguousTarget, match="2 elements"):
        obs.find("Save")
    # the menu's pick (an element id) settles it
    assert obs.resolve("Save", element_id=2).box[0] == 200


def test_missing_label_lists_what_is_on_screen() -> None:
    obs = Observation.of([el("OK", 10, 10)], size=(400, 100))
    with pytest.raises(TargetError, match="'OK'"):
        obs.find("Delete everything")


def test_single_letters_do_not_match_inside_words() -> None:
    obs = Observation.of([el("a", 10, 10)], size=(400, 100))
    with pytest.raises(TargetError):
        obs.find("Save")


def test_reading_order_is_rows_then_left_to_right() -> None:
    els = [el("C", 300, 52), el("A", 10, 50), el("B", 150, 48), el("D", 10, 200)]
    assert [e.label for e in reading_order(els)] == ["A", "B", "C", "D"]
    obs = Observation.of(els, size=(400, 300))
    assert [e.id for e in obs.elements] == [1, 2, 3, 4]


def test_mapping_is_exact_both_ways() -> None:
    m = FrameMapping(left=1280, top=0, scale_x=2.0, scale_y=2.0)
    assert m.to_screen(100, 50) == (1480, 100)
    assert m.to_frame(1480, 100) == (100.0, 50.0)


def test_summary_is_capped_and_text_lists_labels_then_prose() -> None:
    obs = Observation.of(
        [el(f"Button {i}", i * 90, 10) for i in range(40)], size=(4000, 100), prose=["A sentence."]
    )
    assert len(obs.summary(100)) == 100
    assert obs.text().splitlines()[-1] == "A sentence."
    assert obs.shows("a sentence") and obs.shows("button 7") and not obs.shows("Cancel")


def test_round_trip_keeps_everything_but_pixels() -> None:
    obs = Observation.of(
        [el("Save", 10, 10)],
        size=(640, 400),
        mapping=FrameMapping(scale_x=2, scale_y=2),
        prose=["Save changes?"],
        notes=["a note"],
        image=object(),
    )
    data = obs.to_dict()
    assert "image" not in data
    back = Observation.from_dict(data)
    assert back == obs and back.image is None
    assert back.signature() == obs.signature()


def test_bad_elements_are_refused() -> None:
    with pytest.raises(ValueError, match="negative size"):
        Element(label="x", box=(10, 10, 5, 5))
    with pytest.raises(ValueError, match="source"):
        Element(label="x", box=(0, 0, 5, 5), source="telepathy")


def test_acting_needs_the_exact_label_never_a_neighbour() -> None:
    obs = Observation.of([el("Don't Save", 10, 10), el("Save As", 200, 10)], size=(400, 100))
    with pytest.raises(TargetError) as err:
        obs.find("Save")  # a brain ranks loosely; the harness never clicks a look-alike
    assert "closest" in str(err.value) and "Don't Save" in str(err.value)
    assert [e.label for _, e in obs.matches("Save")] == ["Save As", "Don't Save"]
    # an element id from the menu only stands if that element still has the label
    with pytest.raises(TargetError):
        obs.resolve("Save", element_id=1)


def test_symbol_labels_are_targets_and_every_dash_is_minus() -> None:
    assert normalize_label("−") == normalize_label("–") == normalize_label("-") == "-"
    assert [normalize_label(s) for s in ("×", "÷", "=", "←", "✓", " + ")] == [
        "×", "÷", "=", "←", "✓", "+",
    ]  # fmt: skip
    assert normalize_label("+ 1") == "1"  # a letter or digit wins: symbols are dropped
    assert normalize_label("  ") == ""
    keypad = Observation.of([el("×", 10, 10, 30), el("÷", 50, 10, 30)], size=(100, 50))
    assert keypad.find("÷").box[0] == 50


def test_an_element_says_what_it_is_and_refuses_what_it_cannot_be() -> None:
    box = Element(label="Subscribe", box=(0, 0, 9, 9), kind="check", state={"checked"})
    assert box.checked and box.state == frozenset({"checked"})
    assert not Element(label="Subscribe", box=(0, 0, 9, 9), kind="check").checked
    with pytest.raises(ValueError, match="kind 'gizmo'"):
        Element(label="x", box=(0, 0, 1, 1), kind="gizmo")
    with pytest.raises(ValueError, match="ticked"):
        Element(label="x", box=(0, 0, 1, 1), state=frozenset({"ticked"}))
    again = Element.from_dict(box.to_dict())
    assert (again.kind, again.state, again.value) == ("check", frozenset({"checked"}), None)


def test_elements_are_grouped_by_window_top_most_first_with_stable_uids() -> None:
    front = Window(title="Replace file?", box=(300, 0, 600, 200), id=7)
    back = Window(title="Editor", box=(0, 0, 800, 600), id=3)
    ok_back = dataclasses.replace(el("OK", 10, 10), window=3, kind="button")
    ok_front = dataclasses.replace(el("OK", 400, 150), window=7, kind="button")
    stray = el("clock", 700, 5)
    obs = Observation.of([ok_back, stray, ok_front], size=(800, 600), windows=[front, back])
    assert [(e.label, e.window) for e in obs.elements] == [("OK", 7), ("OK", 3), ("clock", 0)]
    assert obs.window(obs.elements[0]) == front and obs.window(obs.elements[2]) is None
    assert len({e.uid for e in obs.elements}) == 3
    moved = dataclasses.replace(ok_front, box=(410, 160, 490, 190))
    later = Observation.of([moved, ok_back], size=(800, 600), windows=[front, back])
    assert later.elements[0].uid == obs.elements[0].uid  # the same control, moved


def test_a_field_goes_by_the_text_in_it_when_no_label_is_that_text() -> None:
    placeholder = Element(label="Name", box=(80, 10, 300, 30), kind="field", value="Full name")
    obs = Observation.of([el("Name", 10, 10, 60), placeholder], size=(400, 100))
    assert obs.find("Full name").kind == "field"  # the grey placeholder names it
    assert obs.resolve("Full name", element_id=2).kind == "field"
    assert obs.find("Name").kind == "field"  # the field, not the label beside it
    assert Observation.of([el("Name", 10, 10, 60)], size=(400, 100)).find("Name").kind == ""
    twins = Observation.of([el("OK", 10, 10), el("OK", 200, 10)], size=(400, 100))
    with pytest.raises(AmbiguousTarget):
        twins.find("OK")  # no control among them: still refused
    plain = Observation.of([el("Full name", 10, 10, 60)], size=(400, 100))
    assert plain.find("Full name").kind == ""
    with pytest.raises(TargetError):
        Observation.of([el("Full name", 10, 10, 60, source="ocr")], size=(400, 100)).find("Age")
