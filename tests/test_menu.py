"""The numbered menu and the lenient reader, fed the replies small models really send."""

from __future__ import annotations

import contextlib

import pytest

from tiny_computer_agent import (
    BrainError,
    Element,
    Observation,
    Window,
    build_menu,
    parse_decision,
)
from tiny_computer_agent._menu import Menu

from .helpers import dialog


@pytest.fixture
def menu() -> Menu:
    return build_menu(dialog("File", "Edit", "Don't Save", "Cancel", "Save"), "save the document")


def test_menu_renders_numbered_lines_in_reading_order(menu: Menu) -> None:
    assert menu.render() == "1. File\n2. Edit\n3. Don't Save\n4. Cancel\n5. Save"


@pytest.mark.parametrize("value", [5, "5", 5.0, "#5", "5.", "Save.", "save", " SAVE "])
def test_lookup_tolerates_what_small_models_send(menu: Menu, value: object) -> None:
    number, element = menu.lookup(value)
    assert (number, element.label) == (5, "Save")


@pytest.mark.parametrize("value", [0, 6, "7", 2.5, "Open", None, True, ""])
def test_lookup_refuses_what_is_not_on_the_menu(menu: Menu, value: object) -> None:
    with pytest.raises(BrainError):
        menu.lookup(value)


def test_menu_is_capped_and_keeps_what_the_goal_names() -> None:
    labels = [f"Item {i}" for i in range(30)] + ["Save"]
    obs = Observation.of(
        [Element(label=t, box=(10, 10 + 30 * i, 90, 35 + 30 * i)) for i, t in enumerate(labels)],
        size=(200, 1000),
    )
    menu = build_menu(obs, "click Save", limit=12)
    assert len(menu.entries) == 12 and menu.hidden == 19
    assert "Save" in [e.label for e in menu.entries]
    assert "19 less relevant items not shown" in menu.render()
    with pytest.raises(ValueError):
        build_menu(obs, "x", limit=0)


# Replies as small instruct models write them (shapes seen from 0.1-0.5B models).
GOOD_REPLIES = [
    ('{"verb": "click", "choice": 5}', "click", "Save", ""),
    ('{"choice": 5}', "click", "Save", ""),
    ("5", "click", "Save", ""),
    ("click 5", "click", "Save", ""),
    ("#5", "click", "Save", ""),
    ("Save.", "click", "Save", "bare label"),
    ("click Save", "click", "Save", "bare label"),
    ("`Don't Save`", "click", "Don't Save", "bare label"),
    ('```json\n{"verb": "click", "choice": "5"}\n```', "click", "Save", ""),
    (
        'Sure! To save the document I will click Save.\n{"verb":"click","choice":5.0}',
        "click",
        "Save",
        "",
    ),
    (
        '{"verb": "click", "choice": 1}\nActually no:\n{"verb": "click", "choice": 5}',
        "click",
        "Save",
        "",
    ),
    ("{'verb': 'click', 'choice': 5}", "click", "Save", ""),
    ('{"action": "click", "element": "#5"}', "click", "Save", ""),
    ('{"verb": "Save"}', "click", "Save", "label 'Save' was in the 'verb' field"),
    ('{"text": "Save"}', "click", "Save", "label 'Save' was in the 'text' field"),
    ('{"verb": "clik", "choice": 5}', "click", "Save", "garbled verb 'clik' read as 'click'"),
    ('{"verb": "cilck", "target": "Save"}', "click", "Save", "garbled verb"),
    ('{"verb": "select", "choice": 4}', "click", "Cancel", "verb 'select' read as 'click'"),
    ('{"verb": "click", "choice": 5, "double": true}', "click", "Save", ""),
]


@pytest.mark.parametrize(("reply", "verb", "label", "note"), GOOD_REPLIES)
def test_usable_replies_are_read(menu: Menu, reply: str, verb: str, label: str, note: str) -> None:
    decision = parse_decision(reply, menu)
    assert decision.action.verb == verb
    assert decision.action.target == label
    assert note in decision.note
    assert decision.reply == reply


def test_other_verbs_are_read(menu: Menu) -> None:
    d = parse_decision('{"verb": "key", "keys": "Ctrl+S"}', menu)
    assert d.action.keys == "ctrl+s"
    d = parse_decision('{"verb": "type", "text": "hello", "choice": 2}', menu)
    assert (d.action.text, d.action.target) == ("hello", "Edit")
    d = parse_decision('{"verb": "scroll", "direction": "down", "amount": 3}', menu)
    assert (d.action.direction, d.action.amount) == ("down", 3)
    d = parse_decision('{"verb": "drag", "choice": 1, "to": 2}', menu)
    assert (d.action.target, d.action.to) == ("File", "Edit")
    d = parse_decision('{"verb": "done", "reason": "it is saved"}', menu)
    assert d.action.verb == "done" and d.action.reason == "it is saved"
    d = parse_decision('{"verb": "press", "keys": "enter"}', menu)
    assert d.action.keys == "Return"


BAD_REPLIES = [
    ("", "empty"),
    ("   \n", "empty"),
    ("1. File\n2. Edit\n3. Don't Save\n4. Cancel\n5. Save", "repeats the menu"),
    ("The menu has File, Edit, Don't Save, Cancel and Save.", "repeats the menu"),
    ('{"verb": "click", "choice": 9}', "not on the menu"),
    ('{"verb": "click", "choice": "Open"}', "not on the menu"),
    ('{"verb": "click", "choice": ', "cut off"),
    ('{"verb": "click"', "cut off"),
    ("I think the best option is to save the file.", "no JSON"),
    ("Don't click Save", "no JSON"),  # mentions a label; is not a choice
    ("\tPg\ufffd%Save\ufffd%", "no JSON"),  # a tiny random VLM's real reply
    ("Save or Cancel", "no JSON"),
    ('{"verb": "teleport", "choice": 5}', "unknown verb"),
    ('{"verb": "click", "x": 812, "y": 454}', "needs a menu number"),
    ('{"verb": "key", "keys": "ctrl+hyperspace"}', "invalid"),
    ('{"verb": "type", "choice": 2}', "invalid"),
]


@pytest.mark.parametrize(("reply", "why"), BAD_REPLIES)
def test_unusable_replies_are_refused_with_the_reason(menu: Menu, reply: str, why: str) -> None:
    with pytest.raises(BrainError, match=why):
        parse_decision(reply, menu)


def test_ambiguous_garbled_verb_is_refused(menu: Menu) -> None:
    # "mo" is as close to "move" as to nothing useful; never guessed
    with pytest.raises(BrainError):
        parse_decision('{"verb": "xq", "choice": 5}', menu)


def test_same_label_twice_is_resolved_by_number_only() -> None:
    menu = build_menu(dialog("Save", "Cancel", "Save"))
    d = parse_decision('{"choice": 3}', menu)
    assert d.action.target == "Save" and d.action.target_id == 3
    with pytest.raises(BrainError, match="several"):
        parse_decision('{"choice": "Save"}', menu)


def test_every_field_of_every_verb_has_a_reader() -> None:
    from tiny_computer_agent._actions import VERB_TABLE
    from tiny_computer_agent._menu import _FIELD_READERS

    by_choice = {"target", "target_id", "to_id"}  # the menu number, or set with "to"
    for verb, spec in VERB_TABLE.items():
        unread = set(spec.fields) - set(_FIELD_READERS) - by_choice
        assert unread == set(), f"{verb}: no reply reader for {sorted(unread)}"


def test_drag_without_a_destination_says_so(menu: Menu) -> None:
    with pytest.raises(BrainError, match="drag needs a 'to' menu number"):
        parse_decision('{"verb": "drag", "choice": 1}', menu)
    d = parse_decision('{"verb": "wait"}', menu)
    assert d.action.seconds == 1.0


# Issue 12, items 4 and 10: a reply can hold anything; reading it ends in a Decision or a
# BrainError, in time linear in its length.
HOSTILE_REPLIES = [
    '{"verb": "click", "choice": ' + "9" * 5000 + "}",  # over int()'s 4,300 digits
    '{"a":' * 5000 + "1" + "}" * 5000,  # nesting past the recursion limit
    "[" * 7000 + "]" * 7000,
    "{[1]: 2}",  # a Python literal whose key cannot be hashed: TypeError
    "{{1}: 2}",
    "{" * 4000 + "}" * 4000,
    '{"verb": "wait", "seconds": 1e999}',
    '{"verb": "wait", "seconds": ' + "9" * 400 + "}",  # float() overflows
    '{"verb": "scroll", "direction": "up", "amount": "²"}',
    '{"verb": "key", "keys": "F²"}',
    '{"verb": "click", "choice": "٣"}',  # \d matches Arabic-Indic digits
    "click ²",
    "{'choice': " + "9" * 5000 + "}",
    '{"verb": ' + "[" * 990 + "]" * 990 + "}",
    '{"verb": "type", "choice": 1, "text": "\\ud800"}',  # JSON's escape of a lone surrogate
    "Save\udfff",
]


@pytest.mark.parametrize("reply", HOSTILE_REPLIES)
def test_hostile_replies_are_brain_errors(menu: Menu, reply: str) -> None:
    with pytest.raises(BrainError) as caught:
        parse_decision(reply, menu)
    assert len(str(caught.value)) < 400


def test_a_reply_over_the_cap_is_refused_unread(menu: Menu) -> None:
    from tiny_computer_agent._menu import MAX_REPLY_CHARS

    reply = "x" * MAX_REPLY_CHARS + '{"verb": "click", "choice": 5}'
    with pytest.raises(BrainError, match="at most 8,000 are read"):
        parse_decision(reply, menu)
    padded = " " * (MAX_REPLY_CHARS - 40) + '{"verb": "click", "choice": 5}'
    assert parse_decision(padded, menu).action.target == "Save"


@pytest.mark.parametrize(
    "pattern", ["{", "{ ", '{"a":', "{'a': ", "\n", "1. Save\n", "click" + " " * 50, "{}"]
)
def test_reading_a_reply_is_linear(menu: Menu, pattern: str) -> None:
    # a 32 KB reply of '{ ' took 20-47 s before; any reply under the cap now takes ms
    import time

    from tiny_computer_agent._menu import MAX_REPLY_CHARS

    reply = (pattern * (MAX_REPLY_CHARS // len(pattern) + 1))[:MAX_REPLY_CHARS]
    start = time.perf_counter()
    with contextlib.suppress(BrainError):
        parse_decision(reply, menu)
    assert time.perf_counter() - start < 1.0


def test_many_objects_still_read_the_last(menu: Menu) -> None:
    reply = "{ stray " * 200 + '{"verb": "click", "choice": 1}' * 50 + '{"choice": 5}'
    assert parse_decision(reply, menu).action.target == "Save"


def test_the_menu_says_what_each_entry_is_and_which_window_holds_it() -> None:
    dialog = Window(title="Replace file?", box=(0, 0, 300, 200), id=5)
    main = Window(title="Editor", box=(0, 0, 800, 600), id=2)
    obs = Observation.of(
        [
            Element(label="No", box=(10, 150, 60, 170), kind="button", window=5),
            Element(label="Street", box=(10, 300, 200, 320), kind="field", value="", window=2),
            Element(label="Subscribe", box=(10, 340, 24, 354), kind="check", window=2),
            Element(label="Dark", box=(10, 360, 24, 374), kind="radio", state={"checked"}),
            Element(label="Lisbon", box=(10, 380, 80, 394), kind="item"),
            Element(label="Theme", box=(10, 400, 80, 414), kind="text"),  # static: untagged
            Element(label="Red", box=(90, 400, 200, 414), kind="button", state={"expandable"}),
        ],
        size=(800, 600),
        windows=[dialog, main],
    )
    menu = build_menu(obs, "say no")
    assert menu.lines() == (
        "1. [button] No · Replace file?",
        '2. [field] Street = "" · Editor',
        "3. [check] Subscribe ☐ · Editor",
        "4. [radio] Dark ☑",
        "5. [item] Lisbon",
        "6. Theme",
        "7. [button] Red ▾",  # a drop-down showing its choice
    )
    assert menu.lookup("[button] No") == (1, obs.elements[0])  # copied with its kind
    with pytest.raises(BrainError, match="repeats the menu"):
        parse_decision('1. [button] No · Replace file?\n2. [field] Street = "" · Editor', menu)


def test_a_capped_menu_keeps_the_button_before_a_title_that_repeats_the_goal() -> None:
    title = Element(label="Delete", box=(0, 0, 60, 20), kind="title")
    filler = [Element(label=f"item {i}", box=(0, 30 + 20 * i, 50, 45 + 20 * i)) for i in range(5)]
    button = Element(label="Delete", box=(0, 200, 60, 220), kind="button")
    menu = build_menu(Observation.of([title, *filler, button], size=(100, 300)), "Delete", 1)
    assert menu.entries[0].kind == "button"


def test_a_capped_menu_keeps_named_entries_before_nameless_ones() -> None:
    # Chromium's toolbar icons read as radios with no label; they filled the menu's lines
    icons = [Element(label="", box=(20 * i, 0, 20 * i + 16, 16), kind="radio") for i in range(8)]
    form = [
        Element(label=name, box=(0, 40 + 30 * i, 80, 60 + 30 * i), kind=kind)
        for i, (name, kind) in enumerate([("Name", "text"), ("City", "text"), ("Send", "button")])
    ]
    menu = build_menu(Observation.of([*icons, *form], size=(400, 300)), "book a trip", 5)
    assert [e.label for e in menu.entries] == ["", "", "Name", "City", "Send"]


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        ('{"verb": "press", "target": "Cancel"}', "click 'Cancel'"),
        ('{"verb": "press", "target": 4}', "click 'Cancel'"),
        ('{"verb": "press", "target": "Return"}', "key Return"),
        ('{"verb": "press", "keys": "Delete"}', "key Delete"),
    ],
)
def test_press_on_a_menu_entry_presses_that_control_not_a_key(
    menu: Menu, reply: str, said: str
) -> None:
    """A fresh attacker pass (stop 54): "press" with a menu entry as its target meant the
    control; read as a key of the same name it went to whatever had focus (the Delete
    key on a selected file). A key name that is no entry is still a key."""
    assert parse_decision(reply, menu).action.describe() == said


def test_a_capped_menu_keeps_the_dialog_in_front_first() -> None:
    """AbiWord's "Save changes ... before closing?" over its document: the main window's
    one-word menu bar and toolbar labels had filled the menu and left out the dialog's
    three-word "Close Without Saving" (stop 63). A dialog transient for a window the
    frame lists keeps its own entries first; without it in front, nothing changes."""
    main = Window(title="*memo.txt", box=(0, 0, 1280, 800), id=7)
    question = Window(title="", box=(360, 330, 920, 510), id=9, transient_for=7)
    bar = [Element(label=w, box=(10 + 60 * i, 20, 60 + 60 * i, 40), kind="menuitem", window=7)
           for i, w in enumerate(("File", "Edit", "View", "Insert", "Format", "Tools", "Table",
                                  "RDF", "Documents", "Help", "New", "Open", "Print"))]  # fmt: skip
    asked = [
        Element(label="Save changes to document memo.txt before closing?", box=(430, 360, 900, 380),
                kind="text", window=9),
        *(Element(label=b, box=(560 + 100 * i, 465, 650 + 100 * i, 500), kind="button", window=9)
          for i, b in enumerate(("Close Without Saving", "Cancel", "Save"))),
    ]  # fmt: skip
    goal = "I don't need those changes"
    kept = build_menu(
        Observation.of([*bar, *asked], size=(1280, 800), windows=[question, main]), goal
    )
    assert [e.label for e in asked] == [e.label for e in kept.entries if e.window == 9]
    assert len(kept.entries) == 12
    alone = build_menu(Observation.of([*bar, *asked], size=(1280, 800), windows=[main]), goal)
    assert "Close Without Saving" not in [e.label for e in alone.entries]
