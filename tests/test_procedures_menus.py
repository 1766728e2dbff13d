"""A procedure's key step taken from the window's menu bar (its ``menu`` route): the menu
is opened and the item clicked when the bar shows the menu, the next menu is tried when
one does not hold the item, and the key is pressed only when no menu does or there is no
bar. Played through the real loop (``run_episode``) on scripted screens."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tiny_computer_agent import (
    Action,
    ActionResult,
    Element,
    Observation,
    Policy,
    ScriptedScreen,
    Window,
    run_episode,
)
from tiny_computer_agent.procedures import (
    Library,
    MenuRoute,
    ProcedureBrain,
    ProcedureError,
    load_library,
    parse,
)

EDITOR, DIALOG = 11, 22
GOAL = "replace every cat with dog"

REPLACE: dict[str, Any] = {
    "format": 1,
    "name": "find-and-replace",
    "description": "Replace, the two texts.",
    "examples": ["replace every {old} with {new}"],
    "parameters": {"old": {"type": "text"}, "new": {"type": "text", "required": False}},
    "preconditions": [{"window": "any"}],
    "steps": [
        {"do": "key", "keys": "ctrl+r", "menu": {"in": ["Search", "Edit"], "item": "Replace"},
         "check": {"shows": "Replace with"}, "wait": 0.3},
        {"do": "type", "text": "{old}", "target": {"label": "Search for", "kind": "field"},
         "check": {"shows": "{old}"}, "wait": 0.3},
    ],
}  # fmt: skip


class Done:
    """A fake executor that says it did each action for real (the screen is scripted)."""

    def __init__(self) -> None:
        self.actions: list[Action] = []

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.actions.append(action)
        return ActionResult(ok=True, description=f"did {action.describe()}", dry_run=False)


def _el(label: str, kind: str = "menuitem", x: int = 10, y: int = 30, **kw: Any) -> Element:
    return Element(label=label, box=(x, y, x + 60, y + 20), source="scripted", kind=kind, **kw)


def _frame(*extra: Element, bar_kind: str = "menuitem", dialog: bool = False) -> Observation:
    bar = [_el(n, bar_kind, x=10 + 70 * i) for i, n in enumerate(("File", "Edit", "Search"))]
    doc = Element(label="the cat sat", box=(10, 100, 600, 400), kind="field", value="the cat sat")
    els = [*bar, doc, *extra]
    windows = [Window(title="pets.txt - Editor", box=(0, 0, 1280, 800), id=EDITOR)]
    if dialog:
        windows.insert(0, Window(title="Replace", box=(300, 200, 900, 500), id=DIALOG))
    placed = [
        Element(label=e.label, box=e.box, source="scripted", kind=e.kind, value=e.value,
                state=e.state, window=DIALOG if e.box[1] >= 220 and dialog else EDITOR)
        for e in els
    ]  # fmt: skip
    return Observation.of(placed, size=(1280, 800), windows=windows)


def _menu(*items: str, **kw: Any) -> list[Element]:
    return [_el(label, y=60 + 22 * i, **kw) for i, label in enumerate(items)]


BAR = _frame()
SEARCH = _frame(*_menu("Find...", "Find Next", "Replace...      Ctrl+H", "Go to Line..."))
EDIT = _frame(*_menu("Undo", "Redo", "Cut", "Copy", "Paste"))
WITH = _el("Replace with", "field", x=400, y=280)
ASKED = _frame(_el("Search for", "field", x=400, y=240), WITH, dialog=True)
TYPED = _frame(_el("Search for", "field", x=400, y=240, value="cat"), WITH, dialog=True)


def _play(*frames: Observation, procedure: dict[str, Any] = REPLACE) -> tuple[Any, Done]:
    executor = Done()
    brain = ProcedureBrain(library=Library(procedures=(parse(procedure, source="test"),)))
    episode = run_episode(GOAL, screen=ScriptedScreen(frames=frames), brain=brain,
                          executor=executor, policy=Policy(max_wait_seconds=0.3))  # fmt: skip
    return episode, executor


def _did(executor: Done) -> list[str]:
    return [a.describe() for a in executor.actions]


def test_the_command_is_taken_from_the_menu_bar_not_the_shortcut() -> None:
    episode, executor = _play(BAR, SEARCH, ASKED, TYPED)
    assert episode.outcome == "claimed", episode.reason
    assert _did(executor)[:2] == ["click 'Search'", "click 'Replace...      Ctrl+H'"]
    assert not any(a.verb == "key" for a in executor.actions)
    replies = [s.decision.reply for s in episode.steps if s.decision is not None]
    assert replies[:3] == [
        "procedure find-and-replace step 1 menu",
        "procedure find-and-replace step 1 item",
        "procedure find-and-replace step 2",
    ]
    opened = episode.steps[0].decision
    assert opened is not None and "shortcuts are not" in opened.note


def test_a_menu_without_the_item_is_read_again_then_the_next_is_opened() -> None:
    procedure = copy.deepcopy(REPLACE)
    procedure["steps"][0]["menu"]["in"] = ["Edit", "Search"]
    episode, executor = _play(BAR, EDIT, EDIT, SEARCH, ASKED, TYPED, procedure=procedure)
    assert episode.outcome == "claimed", episode.reason
    assert _did(executor)[:4] == [
        "click 'Edit'", "wait 3s", "click 'Search'", "click 'Replace...      Ctrl+H'",
    ]  # fmt: skip


def test_no_menu_holding_the_item_closes_the_last_and_presses_the_key() -> None:
    episode, executor = _play(BAR, EDIT, EDIT, EDIT, EDIT, BAR, ASKED, TYPED)
    assert episode.outcome == "claimed", episode.reason
    assert _did(executor)[:6] == [
        "click 'Search'", "wait 3s", "click 'Edit'", "wait 3s", "key Escape", "key ctrl+r",
    ]  # fmt: skip
    pressed = episode.steps[5].decision
    assert pressed is not None and "looked in 'Search', 'Edit'" in pressed.note


def test_with_no_menu_bar_the_key_is_pressed() -> None:
    words = _frame(bar_kind="button")  # a row of buttons is no menu bar
    episode, executor = _play(words, _frame(_el("Search for", "field", x=400, y=240), _el(
        "Replace with", "field", x=400, y=280), bar_kind="button", dialog=True))  # fmt: skip
    assert _did(executor)[0] == "key ctrl+r", episode.reason


def test_a_bar_read_by_ocr_as_plain_words_is_used_too() -> None:
    plain = _frame(bar_kind="")
    menu = _frame(*_menu("Find", "Replace…", kind=""), bar_kind="")
    episode, executor = _play(plain, menu, ASKED, TYPED)
    assert _did(executor)[:2] == ["click 'Search'", "click 'Replace…'"], episode.reason


def test_a_bar_word_with_an_ocr_slip_is_still_its_menu() -> None:
    slipped = _frame(bar_kind="")
    slipped = Observation.of(
        [
            e if e.label != "Search" else Element(label="Seerch", box=e.box, window=e.window)
            for e in slipped.elements
        ],
        size=(1280, 800),
        windows=slipped.windows,
    )
    episode, executor = _play(slipped, SEARCH, ASKED, TYPED)
    assert _did(executor)[:2] == ["click 'Seerch'", "click 'Replace...      Ctrl+H'"], episode


def test_a_disabled_item_is_not_clicked() -> None:
    off = _frame(*_menu("Find", "Replace...", state={"disabled"}))
    episode, executor = _play(BAR, off, off, EDIT, EDIT, EDIT, BAR, BAR)
    assert "click 'Replace...'" not in _did(executor)
    assert episode.outcome == "unreachable"
    assert "its check failed" in episode.reason


def test_a_dry_run_opens_no_menu_and_says_so() -> None:
    brain = ProcedureBrain(library=Library(procedures=(parse(REPLACE, source="test"),)))
    episode = run_episode(GOAL, screen=ScriptedScreen(frames=(BAR,)), brain=brain)
    assert episode.outcome == "unreachable"
    assert "a dry run opened no menu" in episode.reason
    assert "'Replace' in the 'Search' or 'Edit' menu" in episode.reason


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"do": "click", "target": {"label": "OK"}}, "a click step has a 'menu'"),
        ({"menu": {"in": "File"}}, "lacks 'in' or 'item'"),
        ({"menu": {"in": "File", "item": "{old}"}}, "names a parameter"),
        ({"menu": {"in": "File", "item": "Save", "at": 2}}, "unknown key 'at'"),
        ({"menu": {"in": [], "item": "Save"}}, "menu's 'in'"),
    ],
)
def test_a_bad_menu_route_is_refused_on_loading(change: dict[str, Any], says: str) -> None:
    procedure = copy.deepcopy(REPLACE)
    first = procedure["steps"][0]
    if "do" in change:
        first.pop("keys")
    first.update(change)
    with pytest.raises(ProcedureError, match=says):
        parse(procedure, where="p.json")


def test_the_built_in_save_as_and_replace_name_their_menus() -> None:
    by_name = {p.name: p for p in load_library().procedures}
    save = by_name["save-as"].steps[0].menu
    replace = by_name["find-and-replace"].steps[0].menu
    assert save == MenuRoute(menus=("File",), items=("Save As",))
    assert replace is not None and replace.menus[0] == "Search" and "Replace" in replace.items
