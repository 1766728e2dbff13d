from __future__ import annotations

import json

import pytest

from tiny_computer_agent import MAX_SCROLL, MAX_TEXT_LENGTH, Action, ActionError, normalize_keys


@pytest.mark.parametrize(
    ("data", "line"),
    [
        ({"verb": "click", "target": "Save"}, "click 'Save'"),
        ({"verb": "click", "target": "Save", "clicks": 2}, "double-click 'Save'"),
        ({"verb": "click", "target": "Save", "button": "right"}, "right-click 'Save'"),
        ({"verb": "type", "text": "hello", "target": "Name"}, "type 'hello' into 'Name'"),
        ({"verb": "key", "keys": "Ctrl+S"}, "key ctrl+s"),
        ({"verb": "scroll", "direction": "down", "amount": 3}, "scroll down x3"),
        ({"verb": "drag", "target": "a.txt", "to": "Trash"}, "drag 'a.txt' to 'Trash'"),
        ({"verb": "move", "target": "Help"}, "move to 'Help'"),
        ({"verb": "wait", "seconds": 1.5}, "wait 1.5s"),
        ({"verb": "done"}, "done"),
        ({"verb": "done", "reason": "saved"}, "done (saved)"),
    ],
)
def test_every_verb_builds_describes_and_round_trips(data: dict[str, object], line: str) -> None:
    action = Action.from_dict(data)
    assert action.describe() == line
    again = Action.from_dict(action.to_dict())
    assert again == action
    assert Action.from_json(json.dumps(action.to_dict())) == action


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({"verb": "teleport"}, ["verb", "teleport", "click"]),
        ({"verb": "click"}, ["target", "click"]),
        ({"verb": "click", "target": "Save", "x": 10}, ["'x'", "10", "button"]),
        ({"verb": "type", "text": "a" * (MAX_TEXT_LENGTH + 1)}, ["text", str(MAX_TEXT_LENGTH)]),
        ({"verb": "key", "keys": "ctrl+hyperspace"}, ["hyperspace", "Return"]),
        ({"verb": "scroll", "direction": "down", "amount": 0}, ["amount", "0", str(MAX_SCROLL)]),
        ({"verb": "scroll", "direction": "sideways"}, ["direction", "sideways", "up"]),
        ({"verb": "click", "target": "Save", "button": "fourth"}, ["button", "fourth", "left"]),
        ({"verb": "click", "target": "Save", "clicks": 3}, ["clicks", "3"]),
        ({"verb": "wait", "seconds": 0}, ["seconds", "0"]),
        ({"verb": "wait", "seconds": 3600}, ["seconds", "3600"]),
        ({"verb": "drag", "target": "a"}, ["to"]),
        ({"verb": "click", "target": "   "}, ["target"]),
        ({"verb": "key", "keys": "s+ctrl"}, ["s+ctrl", "modifiers"]),
    ],
)
def test_invalid_actions_name_the_field_the_value_and_what_is_allowed(
    data: dict[str, object], names: list[str]
) -> None:
    with pytest.raises(ActionError) as err:
        Action.from_dict(data)
    for name in names:
        assert name in str(err.value)


def test_direct_construction_is_validated_too() -> None:
    with pytest.raises(ActionError, match="amount"):
        Action(verb="scroll", direction="up", amount=MAX_SCROLL + 1)
    with pytest.raises(ActionError, match="target"):
        Action(verb="click")


def test_malformed_json_names_line_and_column() -> None:
    with pytest.raises(ActionError, match="line 1 column"):
        Action.from_json('{"verb": "click", ')


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("enter", "Return"),
        ("Return", "Return"),
        ("esc", "Escape"),
        ("pgdn", "Page_Down"),
        ("Page_Down", "Page_Down"),
        ("del", "Delete"),
        ("Ctrl+S", "ctrl+s"),
        ("shift+ctrl+t", "ctrl+shift+t"),
        ("alt+Tab", "alt+Tab"),
        ("control+alt+del", "ctrl+alt+Delete"),
        ("f5", "F5"),
        ("cmd+q", "super+q"),
    ],
)
def test_key_names_and_aliases_normalise(given: str, canonical: str) -> None:
    assert normalize_keys(given) == canonical


@pytest.mark.parametrize("bad", ["", "ctrl+", "ctrl+alt", "ctrl+ctrl+s", "F25", "foo"])
def test_bad_chords_are_refused(bad: str) -> None:
    with pytest.raises(ActionError):
        normalize_keys(bad)
