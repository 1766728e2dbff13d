"""Confirming a dialog's answer (:mod:`tiny_computer_agent.brains.models._intent_confirm`):
after a choice in a dialog's list or a value typed into its field, the intent brain
presses the dialog's one confirming button; never in a window with a menu bar, with no
way out shown, when the goal says to hold, or twice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.test_procedures import Done
from tiny_computer_agent import Observation, build_menu, run_episode
from tiny_computer_agent._actions import Action
from tiny_computer_agent._asking import Guess
from tiny_computer_agent._contracts import ActionResult, Decision, Step
from tiny_computer_agent._elements import Element
from tiny_computer_agent.brains.models._intent_confirm import confirm_answer


def _dialog(*buttons: str, window: int = 5, extra: tuple[Element, ...] = ()) -> Observation:
    title = Element(label="Pick a colour", box=(300, 200, 600, 220), kind="title", window=window)
    rows = [
        Element(label=c, box=(320, 260 + 30 * i, 500, 280 + 30 * i), kind="radio", window=window)
        for i, c in enumerate(("Red", "Green", "Blue"))
    ]
    keys = [
        Element(label=b, box=(400 + 90 * i, 400, 480 + 90 * i, 430), kind="button", window=window)
        for i, b in enumerate(buttons)
    ]
    return Observation.of([title, *rows, *keys, *extra], size=(1000, 700))


def _did(frame: Observation, label: str, verb: str = "click", text: str = "") -> Step:
    element = next(e for e in frame.elements if e.label == label)
    fields = {"text": text} if verb == "type" else {}
    action = Action.make(verb, target=label, target_id=element.id, **fields)
    return Step(
        index=1,
        observation=frame,
        decision=Decision(action=action, reply=label),
        result=ActionResult(ok=True, description=action.describe()),
    )


def test_a_choice_in_a_dialog_is_confirmed_with_its_one_confirming_button() -> None:
    frame = _dialog("Cancel", "OK")
    decision = confirm_answer("go with green", frame.elements, [_did(frame, "Green")])
    assert decision is not None and decision.action == Action.make(
        "click", target="OK", target_id=next(e.id for e in frame.elements if e.label == "OK")
    )
    assert "confirming it with 'OK'" in decision.note
    # a name typed into a prompt's one field: its Create confirms it
    field = Element(label="Name:", box=(320, 350, 600, 370), kind="field", window=5)
    prompt = _dialog("Cancel", "Create", extra=(field,))
    typed = _did(prompt, "Name:", "type", "roadtrip")
    found = confirm_answer("call it roadtrip", prompt.elements, [typed])
    assert found is not None and found.action.target == "Create"


@pytest.mark.parametrize(
    ("goal", "buttons", "why"),
    [
        ("pick green but don't press OK yet", ("Cancel", "OK"), "the goal holds"),
        ("go with green, without confirming", ("Cancel", "OK"), "the goal holds"),
        ("go with green", ("OK",), "no way out: not known to be a dialog"),
        ("go with green", ("Cancel", "OK", "Apply"), "two buttons confirm"),
        ("go with green", ("Cancel", "Help"), "none confirms"),
    ],
)
def test_no_confirming_press_where_it_is_not_clear(
    goal: str, buttons: tuple[str, ...], why: str
) -> None:
    frame = _dialog(*buttons)
    assert confirm_answer(goal, frame.elements, [_did(frame, "Green")]) is None, why


def test_no_confirming_press_in_a_main_window_after_a_button_or_twice() -> None:
    # an editor's window: a menu bar, a toolbar's Save and a Close; text typed into it
    bar = [
        Element(label=t, box=(10 + 60 * i, 30, 60 + 60 * i, 50), kind="menuitem", window=5)
        for i, t in enumerate(("File", "Edit", "View"))
    ]
    doc = Element(label="Document", box=(10, 120, 900, 600), kind="field", window=5)
    editor = _dialog("Close", "Save", extra=(*bar, doc))
    assert (
        confirm_answer("write hello", editor.elements, [_did(editor, "Document", "type", "hi")])
        is None
    )
    # the last thing done was a button, not an answer
    frame = _dialog("Cancel", "OK")
    assert confirm_answer("go with green", frame.elements, [_did(frame, "Cancel")]) is None
    # pressed once already and the dialog stayed up (a value it would not take)
    twice = [_did(frame, "Green"), _did(frame, "OK")]
    assert confirm_answer("go with green", frame.elements, twice) is None
    # the answered window is gone (the frame shows another one)
    assert confirm_answer("go with green", _dialog("Cancel", "OK", window=9).elements,
                          [_did(frame, "Green")]) is None  # fmt: skip


@pytest.fixture(scope="module")
def brain() -> Iterator[object]:
    from tiny_computer_agent.brains.models import IntentBrain

    found = IntentBrain(threads=1)
    yield found
    found.unload()


@pytest.mark.model
def test_the_brain_chooses_then_confirms_and_then_is_done(brain: object) -> None:
    """Through a whole episode: the choice, then OK, then done once the dialog is gone."""
    executor = Done()
    desk = Element(label="Home", box=(20, 20, 80, 40), kind="icon", window=2)
    chooser, gone = _dialog("Cancel", "OK"), Observation.of([desk], size=(1000, 700))

    class Screen:
        def capture(self) -> Observation:
            clicked = [a.target for a in executor.actions if a.verb == "click"]
            return gone if "OK" in clicked else chooser

    episode = run_episode(
        "go with green", screen=Screen(), brain=brain, executor=executor, asker=Guess()
    )
    assert [a.describe() for a in executor.actions] == ["click 'Green'", "click 'OK'"], (
        episode.reason
    )
    assert episode.outcome == "claimed", episode.reason
    assert build_menu(chooser).entries  # the chooser is what the brain read
