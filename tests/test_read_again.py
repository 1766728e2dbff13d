"""A target read with its last word cut on the look the brain saw, and whole on the
look just before acting (a Tk dialog still painting: "File nam", then "File name:"), is
the same element: the real executor acts on it by its new label. Anything looser is
still a vanished target (tiny_computer_agent.desktop._inputs.read_again)."""

from __future__ import annotations

import pytest

from tiny_computer_agent import Action, Element, Observation
from tiny_computer_agent.desktop._inputs import read_again

FIELD = (300, 400, 600, 430)


def _seen(*elements: tuple[str, str, tuple[int, int, int, int]]) -> Observation:
    return Observation.of(
        [Element(label=label, kind=kind, box=box) for label, kind, box in elements],
        size=(1280, 800),
    )


def _typed_into(label: str) -> Action:
    return Action(verb="type", target=label, text="/tmp/x/notes.txt")


def test_a_label_read_whole_in_the_same_place_is_the_same_target() -> None:
    before = _seen(("File nam", "field", FIELD), ("Open", "button", (620, 400, 700, 430)))
    fresh = _seen(
        ("File name:", "field", (301, 400, 601, 431)), ("Open", "button", (620, 400, 700, 430))
    )
    again = read_again(_typed_into("File nam"), before, fresh)
    assert again is not None
    assert again.target == "File name:" and again.text == "/tmp/x/notes.txt"
    assert again.target_id == fresh.find("File name:").id


def test_a_label_cut_on_the_second_look_is_the_same_target_too() -> None:
    before = _seen(("Location", "field", FIELD))
    fresh = _seen(("Locatio", "field", FIELD))
    again = read_again(_typed_into("Location"), before, fresh)
    assert again is not None and again.target == "Locatio"


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        ("Save", "Save As", "a new word is another control"),
        ("Del", "Delete all", "more than two letters added"),
        ("Pay", "Payment", "more than two letters added"),
        ("File nam", "Folder name", "not the same beginning"),
        ("OK", "OKAY", "two letters are too short to extend"),
    ],
)
def test_a_label_that_changed_more_than_a_cut_word_is_not_taken(
    old: str, new: str, why: str
) -> None:
    before = _seen((old, "button", FIELD))
    fresh = _seen((new, "button", FIELD))
    assert read_again(Action(verb="click", target=old), before, fresh) is None, why


def test_another_place_another_kind_or_two_candidates_are_not_taken() -> None:
    before = _seen(("File nam", "field", FIELD))
    moved = _seen(("File name:", "field", (300, 500, 600, 530)))
    other_kind = _seen(("File name:", "text", FIELD))
    two = _seen(("File name:", "field", FIELD), ("File names", "field", (310, 400, 610, 430)))
    for fresh in (moved, other_kind, two):
        assert read_again(_typed_into("File nam"), before, fresh) is None


def test_a_drag_or_an_untargeted_action_is_never_retargeted() -> None:
    before = _seen(("File nam", "field", FIELD))
    fresh = _seen(("File name:", "field", FIELD))
    assert read_again(Action(verb="type", text="x"), before, fresh) is None
    drag = Action(verb="drag", target="File nam", to="File nam")
    assert read_again(drag, before, fresh) is None
