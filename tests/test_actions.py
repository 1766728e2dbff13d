from __future__ import annotations

import dataclasses
import json

import pytest

from tiny_computer_agent import (
    MAX_SCROLL,
    MAX_TEXT_LENGTH,
    VERBS,
    Action,
    ActionError,
    BrainError,
    build_menu,
    normalize_keys,
    parse_decision,
)
from tiny_computer_agent._actions import VERB_TABLE, VerbSpec

from .helpers import dialog


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


def test_the_verb_table_is_the_vocabulary() -> None:
    assert tuple(VERB_TABLE) == VERBS
    names = {f.name for f in dataclasses.fields(Action)}
    for verb, spec in VERB_TABLE.items():
        assert spec.name == verb
        assert set(spec.fields) <= names, f"{verb} names a field Action lacks"
        assert not set(spec.required) & set(spec.optional)
    assert [v for v, s in VERB_TABLE.items() if s.needs_target] == [
        "click", "drag", "move", "zoom",
    ]  # fmt: skip
    assert [v for v, s in VERB_TABLE.items() if s.takes_target] == [
        "click", "type", "scroll", "drag", "move", "wait_for", "zoom", "seek",
    ]  # fmt: skip
    assert [v for v, s in VERB_TABLE.items() if not s.settles] == [
        "wait", "wait_for", "zoom", "seek", "done",
    ]  # fmt: skip
    assert [v for v, s in VERB_TABLE.items() if s.harness] == ["wait_for", "zoom", "seek"]
    assert [v for v, s in VERB_TABLE.items() if not s.advances] == ["seek", "focus"]


def test_a_field_that_belongs_to_another_verb_is_named_with_its_owner() -> None:
    with pytest.raises(ActionError, match="'button' belongs to click only"):
        Action(verb="key", keys="a", button="right")
    with pytest.raises(ActionError, match="'amount' belongs to scroll only"):
        Action(verb="move", target="Help", amount=3)


def test_a_new_verb_is_one_table_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    # the recipe in the actions docstring: validation, describe() and the reply reader
    # pick the verb up from its table line alone
    spec = VerbSpec(
        name="hover",
        required=("target",),
        optional=("target_id",),
        settles=True,
        check=lambda a: None,
        describe=lambda a: f"hover over {a.target!r}",
    )
    monkeypatch.setitem(VERB_TABLE, "hover", spec)
    action = Action.make("hover", target="Help")
    assert action.describe() == "hover over 'Help'"
    assert Action.from_dict(action.to_dict()) == action
    with pytest.raises(ActionError, match="hover: missing field 'target'"):
        Action.make("hover")
    decision = parse_decision('{"verb": "hover", "choice": 2}', build_menu(dialog("Save", "Help")))
    assert decision.action == Action.make("hover", target="Help", target_id=2)
    with pytest.raises(BrainError, match="hover needs a menu number"):
        parse_decision('{"verb": "hover"}', build_menu(dialog("Save", "Help")))


# Issue 12, item 4: what a reply or a file can carry is an ActionError, never another
# exception. str.isdigit() and int() accept superscripts and other scripts' digits.
@pytest.mark.parametrize(
    "fields",
    [
        {"verb": "key", "keys": "F²"},
        {"verb": "key", "keys": "F" + "1" * 5000},
        {"verb": "key", "keys": "F٣"},
        {"verb": "click", "target": "Save", "clicks": "²"},
        {"verb": "click", "target": "Save", "clicks": "1" * 5000},
        {"verb": "click", "target": "Save", "clicks": 10**5000},
        {"verb": "click", "target": "Save", "target_id": "５"},
        {"verb": "scroll", "direction": "up", "amount": "³"},
        {"verb": "scroll", "direction": "up", "amount": -(10**5000)},
        {"verb": "wait", "seconds": 10**400},
        {"verb": "wait", "seconds": "1e999"},
        {"verb": "wait", "seconds": float("nan")},
        {"verb": "click", "target": "Save", None: 1},
        {"verb": "click", "target": "Save", 1: 2, "x": 3},
        {"verb": "type", "text": [[[[[[1]]]]]]},
        {"verb": 10**5000},
        {"verb": "type", "text": "\ud800"},  # a lone surrogate: no file can hold it
        {"verb": "click", "target": "Save\udfff"},
        {"verb": "click", "target": "Save", "target_id": 2**40},
    ],
)
def test_hostile_values_are_action_errors(fields: dict[object, object]) -> None:
    with pytest.raises(ActionError) as caught:
        Action.from_dict(fields)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 300  # a 5,000-digit value is not pasted back


@pytest.mark.parametrize(
    "text",
    [
        '{"verb": "click", "target": "Save", "clicks": ' + "1" * 5000 + "}",
        '{"verb": "click", "a": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "[" * 5000,
    ],
)
def test_hostile_json_is_an_action_error(text: str) -> None:
    with pytest.raises(ActionError):
        Action.from_json(text)


def test_whole_numbers_are_ascii_digits_and_f_keys_are_canonical() -> None:
    assert Action.make("click", target="Save", clicks=" 2 ").clicks == 2
    assert Action.make("scroll", direction="up", amount="+3").amount == 3
    assert normalize_keys("f12") == "F12"
    assert normalize_keys("F01") == "F1"
    with pytest.raises(ActionError, match="at most 100"):
        normalize_keys("ctrl+" * 30 + "s")
