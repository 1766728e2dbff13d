"""Presses by key where the focus is not known (issue 37, the fourth pass): Return and
space press whatever has focus, so after a Tab in the same batch, or with no focus in
the index, a press is judged against every control of the window (rule
``irreversible``); in a text view tabs and newlines stay text. The bypass corpus's
``focus-moved`` and ``no-focus`` families run the same through the real loop."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    ScriptedBrain,
    ScriptedScreen,
    Window,
    run_episode,
)
from tiny_computer_agent._presses import pressed_by

SIZE = (1280, 800)
SHOP = Window(
    title="Checkout - Firefox", box=(0, 0, *SIZE), id=7, wm_class=("Navigator", "firefox")
)


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def el(label: str, box: tuple[int, int, int, int], kind: str = "", *state: str) -> Element:
    return Element(label=label, box=box, kind=kind, state=frozenset(state), window=7)


CARD = el("Card number", (100, 100, 400, 130), "field", "focused")
PAY = el("Pay $49.99", (300, 200, 500, 230), "button")
CANCEL = el("Cancel", (100, 200, 200, 230), "button")
FORM = Observation.of([CARD, CANCEL, PAY], size=SIZE, windows=[SHOP])
#: the same form with nothing irreversible on it
HARMLESS = Observation.of([CARD, CANCEL, el("Next", (300, 200, 500, 230), "button")],
                          size=SIZE, windows=[SHOP])  # fmt: skip
#: a window of a program that is no browser (in a browser's page, keys with no focus
#: known are refused before: rule typing-program, tests/test_pages.py)
DIALOG = dataclasses.replace(SHOP, title="Delete files", wm_class=("yad", "Yad"))
#: a dialog read by OCR alone: no kinds, no focus
OCR = Observation.of(
    [el("Permanently delete 3 files?", (100, 100, 600, 120)), el("Cancel", (100, 200, 200, 230)),
     el("Delete", (300, 200, 400, 230))], size=SIZE, windows=[DIALOG],
)  # fmt: skip
NOTES = el("Notes", (100, 300, 700, 600), "field", "focused")  # a text view


def key(chord: str) -> Action:
    return Action.make("key", keys=chord)


def type_(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


def refusal(action: Action, obs: Observation, batch: Sequence[Action] = ()) -> str | None:
    try:
        armed().check(action, obs, history=batch, batch=batch)
    except PolicyRefusal as exc:
        assert exc.rule == "irreversible", exc
        return str(exc)
    return None


@pytest.mark.parametrize("press", ["Return", "space", "shift+Return", "shift+space"])
@pytest.mark.parametrize("moves", [["Tab"], ["shift+Tab"], ["Tab", "Tab"]])
def test_a_press_after_a_tab_in_the_batch_is_judged_against_every_control(
    moves: list[str], press: str
) -> None:
    batch = [key(k) for k in moves]
    said = refusal(key(press), FORM, batch)
    assert said is not None and "may press 'Pay $49.99'" in said, said
    assert "moved the focus" in said and "click the control you mean by its label" in said
    assert refusal(key(press), HARMLESS, batch) is None  # nothing irreversible to press
    if press in ("space", "shift+space"):
        assert refusal(key(press), FORM) is None  # no Tab: the focused field takes a space


def test_return_in_a_one_line_field_may_press_the_default_button() -> None:
    said = refusal(key("Return"), FORM)
    assert said is not None and "presses the window's default button" in said, said
    assert refusal(key("Return"), HARMLESS) is None
    assert refusal(type_("4111\n", "Card number"), FORM) is not None  # a typed newline too
    assert refusal(type_("4111", "Card number"), FORM) is None


@pytest.mark.parametrize("typed", ["4111\t ", "4111\t\n", "4111\tx y", "\t ", "a\t\tb\n"])
def test_a_tab_typed_into_a_one_line_field_moves_the_focus_on(typed: str) -> None:
    said = refusal(type_(typed, "Card number"), FORM)
    assert said is not None and "the Tab typed before it" in said, said
    assert refusal(type_(typed, "Card number"), HARMLESS) is None


def test_tabs_and_newlines_stay_text_in_a_text_view() -> None:
    obs = Observation.of([NOTES, PAY], size=SIZE, windows=[SHOP])
    for typed in ("two\nlines\tand a tab", "a\t b\n c", "\t\n \n"):
        assert refusal(type_(typed, "Notes"), obs) is None
        assert refusal(type_(typed), obs) is None  # the focused text view
    assert refusal(key("Return"), obs) is None
    assert refusal(key("Return"), obs, [key("Tab")]) is not None  # a Tab left the view


def test_with_no_focus_in_the_index_return_may_press_any_button_of_the_window() -> None:
    for press in (key("Return"), key("space"), type_("\n"), type_("ok then\n")):
        said = refusal(press, OCR)
        assert said is not None and "may press '" in said, (press, said)  # the question too
        assert "the focus is not known" in said
    other = Window(title="Notes", box=(0, 0, 600, 800), id=9, wm_class=("gedit", "Gedit"))
    behind = Observation.of(
        [Element(label="Notes", box=(10, 10, 300, 30), window=9), *OCR.elements],
        size=SIZE, windows=[other, SHOP],
    )  # fmt: skip
    assert refusal(key("Return"), behind) is None  # keys go to the window in front


def test_a_focused_button_is_pressed_itself_and_the_frame_holds_without_a_batch() -> None:
    focused_cancel = Observation.of(
        [el("Cancel", (100, 200, 200, 230), "button", "focused"), PAY], size=SIZE, windows=[SHOP]
    )
    assert refusal(key("Return"), focused_cancel) is None  # Cancel is pressed, not Pay
    assert refusal(key("Return"), focused_cancel, [key("Tab")]) is not None


def test_after_a_newline_mid_batch_a_press_lands_on_what_the_frame_does_not_show() -> None:
    said = refusal(key("Return"), HARMLESS, [type_("x\n", "Card number")])
    assert said is not None and "presses what the frame does not show" in said, said
    assert "in a step of its own" in said
    # a click on a field keeps the focus known: the field's default button
    assert refusal(key("Return"), HARMLESS, [Action.make("click", target="Card number")]) is None


def test_pressed_by_says_where_a_press_lands() -> None:
    (press,) = pressed_by(key("Return"), FORM, ())
    labels = [e.label for e in press.elements]
    # the field itself too: its kind is OCR's guess, not the tree's, and may be a button's
    assert not press.known and labels == ["Card number", "Cancel", "Pay $49.99"]
    tree = Observation.of([dataclasses.replace(CARD, source="a11y"), CANCEL, PAY], size=SIZE,
                          windows=[SHOP])  # fmt: skip
    (press,) = pressed_by(key("Return"), tree, ())
    assert [e.label for e in press.elements] == ["Cancel", "Pay $49.99"]  # the tree's field
    (press,) = pressed_by(key("space"), FORM, (), [key("Tab")])
    assert "moved the focus" in press.reason and "Pay $49.99" in [e.label for e in press.elements]
    assert pressed_by(key("space"), FORM, ()) == ()  # a space typed into the field
    assert pressed_by(key("Tab"), FORM, ()) == ()
    presses = pressed_by(type_("a b\tc d\n", "Card number"), FORM, FORM.elements[:1])
    assert [p.keys for p in presses] == ["the space typed (6)", "the newline typed (8)"]


def test_an_approve_yes_lets_the_press_go() -> None:
    asked: list[Element | None] = []

    def yes(action: Action, element: Element | None, obs: Observation) -> bool:
        asked.append(element)
        return True

    armed(approve=yes).check(key("Return"), FORM, history=[key("Tab")], batch=[key("Tab")])
    assert [e.label if e else None for e in asked] == ["Pay $49.99"]


def test_through_the_loop_a_tab_return_batch_is_refused_before_its_first_key() -> None:
    brain = ScriptedBrain.of([[{"verb": "key", "keys": "Tab"}, {"verb": "key", "keys": "Return"}]])
    sent: list[Action] = []

    class Recorder:
        def execute(self, action: Action, observation: Observation) -> Any:
            sent.append(action)
            raise AssertionError("nothing may be carried out")

    ep = run_episode("pay", screen=ScriptedScreen(frames=(FORM,)), brain=brain,
                     executor=Recorder(), policy=armed())  # fmt: skip
    assert sent == [] and ep.outcome == "refused", ep.render()
    refusal_ = ep.steps[0].refusal
    assert refusal_ is not None and refusal_.rule == "irreversible"
    # a dry run says so without refusing
    dry = run_episode("pay", screen=ScriptedScreen(frames=(FORM,)), brain=brain,
                      policy=Policy(max_steps=2))  # fmt: skip
    assert dry.steps[0].refusal is None, dry.render()


def test_the_remote_desk_judges_a_press_after_its_own_tab_without_a_new_look() -> None:
    from tiny_computer_agent.remote._server import _Desk

    class Keys:
        def __init__(self) -> None:
            self.sent: list[Action] = []

        def execute(self, action: Action, observation: Observation) -> Any:
            from tiny_computer_agent import ActionResult

            self.sent.append(action)
            return ActionResult(ok=True, description=action.describe(), dry_run=False)

    keys = Keys()
    desk = _Desk(screen=ScriptedScreen(frames=(FORM,)), policy=armed(), executor=keys)
    desk.observe()
    desk.act((key("Tab"),))  # a client's Tab, then its Return on the same look
    with pytest.raises(PolicyRefusal) as err:
        desk.act((key("space"),))
    assert err.value.rule == "irreversible" and keys.sent == [key("Tab")]
    desk.observe()  # a new look may not show where the Tab went (no visible change), and
    with pytest.raises(PolicyRefusal):  # OCR's controls say no order to predict it by
        desk.act((key("space"),))
    desk.act((Action.make("click", target="Card number"), key("space")))  # a click: known


def test_a_documents_lines_are_not_what_return_presses() -> None:
    """An editor's lines are read as a list's rows with no focus shown: Return adds a
    line, it does not press "buy milk"; a row that shows it is selected is pressed."""
    lines = [el(t, (100, 100 + 30 * i, 400, 125 + 30 * i), "item")
             for i, t in enumerate(["Shopping", "eggs", "buy milk"])]  # fmt: skip
    editor = Observation.of(lines, size=SIZE, windows=[DIALOG])
    assert refusal(key("Return"), editor) is None
    chosen = [*lines[:2], el("Delete account", (100, 160, 400, 185), "item", "selected")]
    listing = Observation.of(chosen, size=SIZE, windows=[DIALOG])
    assert "Delete account" in (refusal(key("Return"), listing) or "")
