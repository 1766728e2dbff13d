"""Controls named by kind, order and place when the goal names no label (issue 35 item 5):
"the text box", "the second checkbox", "the button at the bottom", "the search field"."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import (
    Element,
    GoalUnreachable,
    Observation,
    PlannerBrain,
    ScriptedScreen,
    build_menu,
    run_episode,
)
from tiny_computer_agent.brains._goals import _window_scope
from tiny_computer_agent.brains._references import refer


def _el(label: str, x: int, y: int, **known: Any) -> Element:
    return Element(label=label, box=(x, y, x + 60, y + 20), **known)


def _decide(goal: str, *elements: Element) -> tuple[str, str | None]:
    obs = Observation.of(elements, size=(1000, 800))
    action = PlannerBrain().decide(goal, build_menu(obs, goal), ()).action
    return action.verb, action.target


RENAME = (
    _el("Rename", 0, 0, kind="title"),
    _el("New name:", 0, 40, kind="text"),
    _el("New name:", 120, 40, kind="field", value="draft-6"),
    _el("OK", 0, 100, kind="button"),
)
BOXES = (
    _el("Email me", 0, 0, kind="check"),
    _el("Text me", 0, 40, kind="check"),
    _el("Call me", 0, 80, kind="check", state=frozenset({"checked"})),
    _el("OK", 0, 200, kind="button"),
)


def test_the_one_field_of_its_kind_is_the_text_box() -> None:
    assert _decide("type 'draft-7' into the text box", *RENAME) == ("type", "New name:")
    assert _decide("type 'x' in the input field", *RENAME) == ("type", "New name:")


def test_an_ordinal_and_a_side_pick_one_of_several() -> None:
    assert _decide("tick the second checkbox", *BOXES) == ("click", "Text me")
    assert _decide("tick the last check box", *BOXES) == ("wait", None)  # ticked already
    assert _decide("click the last check box", *BOXES) == ("click", "Call me")
    assert _decide("untick the last check box", *BOXES) == ("click", "Call me")
    assert _decide("click the button at the bottom", *BOXES) == ("click", "OK")
    with pytest.raises(GoalUnreachable, match="the fourth checkbox, and the screen shows 3"):
        _decide("tick the fourth checkbox", *BOXES)


def test_several_of_a_kind_and_nothing_to_tell_them_apart_is_no_guess() -> None:
    fields = (_el("Street", 0, 0, kind="field"), _el("City", 0, 40, kind="field"))
    with pytest.raises(GoalUnreachable, match=r"any of 2 text boxes .*'Street', 'City'.*say which"):
        _decide("type 'x' into the text box", *fields)
    assert refer("the checkbox", fields) is None  # no element of that kind: not this rule


def test_a_word_before_the_kind_narrows_it_and_a_search_box_is_a_field() -> None:
    fields = (
        _el("Name", 0, 0, kind="field"),
        _el("Search", 300, 0, kind="field", value=""),
        _el("Go", 400, 0, kind="button"),
    )
    assert _decide("type 'cats' in the search box", *fields) == ("type", "Search")
    assert _decide("type 'Ada' into the name field", *fields) == ("type", "Name")
    # "in the search box" names a field; a box is a window only when its title is quoted
    assert _window_scope("type 'cats' in the search box") == ("type 'cats' in the search box", None)
    assert _window_scope("click 'OK' in the 'Export' box") == ("click 'OK'", "Export")
    assert _window_scope("click OK in the Save dialog box") == ("click OK", "Save")


def test_a_label_on_screen_still_wins_over_a_kind_word() -> None:
    labelled = (_el("Button", 0, 0, kind="button"), _el("OK", 0, 40, kind="button"))
    assert _decide("click the button", *labelled) == ("click", "Button")


def test_text_typed_over_a_near_twin_is_seen_to_have_taken() -> None:
    # "draft-7" typed over "draft-6": an OCR slip's tolerance once called it the old text
    after = (*RENAME[:2], _el("New name:", 120, 40, kind="field", value="draft-7"), RENAME[3])
    frames = [Observation.of(f, size=(1000, 800)) for f in (RENAME, after, after)]
    ep = run_episode(
        "type 'draft-7' into the text box then click OK",
        screen=ScriptedScreen(frames=frames), brain=PlannerBrain(batch=False),
    )  # fmt: skip
    assert [s.decision.action.verb for s in ep.steps if s.decision] == ["type", "click", "done"]
