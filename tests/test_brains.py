from __future__ import annotations

import pytest

from tiny_computer_agent import (
    BrainError,
    FirstItemBrain,
    GoalUnreachable,
    OracleBrain,
    PlannerBrain,
    ScriptedBrain,
    build_menu,
    split_goal,
)
from tiny_computer_agent._actions import ActionError

from .helpers import dialog

MENU = build_menu(dialog("File", "Edit", "Don't Save", "Cancel", "Save", "Name", "Zoom In"))


@pytest.mark.parametrize(
    ("goal", "described"),
    [
        ("click 'Save'", "click 'Save'"),
        ("click Save to save the document", "click 'Save'"),
        ("Click the Save button", "click 'Save'"),
        ("save the document", "click 'Save'"),
        ('click "Don\'t Save"', 'click "Don\'t Save"'),
        ("dont save", 'click "Don\'t Save"'),
        ("don't save the changes", 'click "Don\'t Save"'),
        ("please save", "click 'Save'"),
        ("press ctrl+s", "key ctrl+s"),
        ("press Enter", "key Return"),
        ("type 'hello' into Name", "type 'hello' into 'Name'"),
        ("type hello", "type 'hello'"),
        ("enter 'Ada' in Name", "type 'Ada' into 'Name'"),
        ("write the file to disk", "click 'File'"),  # words, not typing: File is the match
        ("scroll down", "scroll down x3"),
        ("scroll up 2", "scroll up x2"),
        ("double-click File", "double-click 'File'"),
        ("right-click Edit", "right-click 'Edit'"),
        ("drag File to Edit", "drag 'File' to 'Edit'"),
        ("hover over Zoom In", "move to 'Zoom In'"),
        ("wait 2 seconds", "wait 2s"),
        ("click Cancle", "click 'Cancel'"),
    ],
)
def test_planner_reads_goals(goal: str, described: str) -> None:
    assert PlannerBrain().decide(goal, MENU, ()).action.describe() == described


def test_planner_gives_up_honestly() -> None:
    with pytest.raises(GoalUnreachable) as err:
        PlannerBrain().decide("click 'Print'", MENU, ())
    assert "'Print'" in str(err.value) and "'Zoom In'" in str(err.value)


def test_planner_refuses_to_guess_between_identical_labels() -> None:
    with pytest.raises(BrainError, match="not guessing"):
        PlannerBrain().decide("click Save", build_menu(dialog("Save", "Save")), ())


def test_split_goal_respects_quotes_and_apostrophes() -> None:
    assert split_goal("type 'rock and roll' into Name then click OK") == [
        "type 'rock and roll' into Name",
        "click OK",
    ]
    assert split_goal("click Don't Save and press Enter") == ["click Don't Save", "press Enter"]


def test_first_item_and_oracle_baselines() -> None:
    assert FirstItemBrain().decide("anything", MENU, ()).action.target == "File"
    oracle = OracleBrain(expected=("Cancel",))
    decision = oracle.decide("anything", MENU, ())
    assert decision.action.target == "Cancel" and decision.choice == 4
    with pytest.raises(GoalUnreachable):
        OracleBrain(expected=("Print",)).decide("x", MENU, ())
    with pytest.raises(GoalUnreachable):
        FirstItemBrain().decide("x", build_menu(dialog()), ())


def test_scripted_brain_plays_once_then_says_done() -> None:
    brain = ScriptedBrain.of([{"verb": "click", "target": "Save"}, '{"choice": 4}'])
    assert brain.decide("x", MENU, ()).action.target == "Save"
    assert brain.decide("x", MENU, ()).action.target == "Cancel"
    assert brain.decide("x", MENU, ()).action.verb == "done"


def test_scripted_brain_validates_items_up_front() -> None:
    with pytest.raises(ActionError, match="script item 2"):
        ScriptedBrain.of([{"verb": "done"}, {"verb": "click"}])


def test_oracle_never_settles_for_a_partial_match() -> None:
    menu = build_menu(dialog("Save", "Cancel"))
    with pytest.raises(GoalUnreachable):
        OracleBrain(expected=("Don't Save",)).decide("x", menu, ())


def test_planner_turns_an_unusable_label_into_a_brain_error() -> None:
    menu = build_menu(dialog("Save " + "x" * 250))
    with pytest.raises(BrainError, match="invalid"):
        PlannerBrain().decide("click Save", menu, ())


# Issue 12: a goal comes from the command line or a trace; reading it is a Decision or a
# BrainError, in bounded time.
@pytest.mark.parametrize(
    ("goal", "words"),
    [
        ("drag x" + " " * 5000 + "y", "at most 1,000"),  # 3.8 s of regex backtracking before
        ("click Save \udcff", "not valid text"),  # argv bytes that were not UTF-8
        ("scroll down " + "9" * 5000, "at most 1,000"),  # int() refused 5,000 digits
        ("scroll down " + "9" * 900, "invalid"),
        ("scroll down ٣", "invalid"),  # \d matches other scripts' digits
        ("wait " + "9" * 400, "invalid"),
    ],
)
def test_a_hostile_goal_is_a_brain_error(goal: str, words: str) -> None:
    import time

    start = time.perf_counter()
    with pytest.raises(BrainError, match=words):
        PlannerBrain().decide(goal, MENU, ())
    assert time.perf_counter() - start < 1.0


def test_a_script_item_that_is_no_action_is_named() -> None:
    with pytest.raises(ActionError, match="script item 2: an action object, a list of them"):
        ScriptedBrain.of([{"verb": "done"}, 7])  # type: ignore[list-item]
