"""Keys judged by what they press (issue 37, the fifth pass): where a Tab moved the focus,
what a form's Return presses, the chords that are Return, a mnemonic the frame does not
show, a tooltip read with its control's label, and a pasted cell entered.

    Tab           moves the focus to the next control in order (the tree's, which is a
                  page's document order, and reading order agreeing): a press after
                  Tab(s) is judged as a click on that control; text after it goes into
                  it when it is a named field. Where the two orders disagree, or the
                  Tabs leave the window's controls, the focus is not known. After Tabs
                  just before the frame, the frame may not show the move: both the focus
                  it shows and the predicted one are judged
    a form        Return in a page's one-line field presses the form's default button:
                  a harmless button beside it that does not say it submits (Help, Max)
                  is not taken for it: blind, refused unless a person says yes
    ctrl+m/ctrl+j are Return wherever Return is judged, --allow-key or not
    alt+LETTER    with no control on the frame marking it or starting a word with it:
                  blind (a control the frame does not show)
    a tooltip     plain text just above or below the focused control is read with it
    a paste       into a cell, then a key that enters it: text the frame never showed,
                  blind unless the episode copied what it had typed itself
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.helpers import armed
from tests.test_presses_reach import CALC, SIZE, el, key, obs
from tests.test_presses_reach import FIREFOX as PAGE
from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._presses import tabbed_to

EDITOR = Window(title="notes.txt - gedit", box=(0, 40, 1920, 1040), id=7,
                wm_class=("gedit", "Gedit"), process="gedit")  # fmt: skip


def refused(
    action: Action,
    observation: Observation,
    *,
    history: Sequence[Action] = (),
    batch: Sequence[Action] = (),
    policy: Policy | None = None,
) -> str | None:
    """The rule an armed policy refuses ``action`` by, or None; ``batch`` ends history."""
    try:
        (policy or armed()).check(
            action, observation, history=(*history, *batch), batch=tuple(batch)
        )
    except PolicyRefusal as exc:
        return exc.rule
    return None


CARD = el("Card number", (300, 300, 900, 330), "field", "editable")
NAME = el("Name on card", (300, 360, 900, 390), "field", "editable")
PLACE = el("Place order", (300, 620, 500, 660), "button")
BACK = el("Back", (520, 620, 700, 660), "button")


def test_tab_moves_the_focus_to_the_next_control_when_both_orders_agree() -> None:
    form = obs(PAGE, CARD, NAME, PLACE, BACK)
    card, _, _, back = form.elements

    def label(moved: Element | None) -> str | None:
        return None if moved is None else moved.label

    assert label(tabbed_to(form, card, 1)) == "Name on card"
    assert label(tabbed_to(form, card, 2)) == "Place order"
    assert label(tabbed_to(form, back, -1)) == "Place order"
    assert tabbed_to(form, back, 1) is None  # off the page's controls: not known
    # a tree read as is lists Back before Place order, drawn to its left: the orders
    # disagree, so where the Tab goes is not known
    swapped = Observation(elements=(CARD, NAME, BACK, PLACE), size=SIZE, windows=(PAGE,))
    assert label(tabbed_to(swapped, NAME, 1)) is None
    assert label(tabbed_to(swapped, CARD, 1)) == "Name on card"
    assert tabbed_to(obs(PAGE, el("Card", CARD.box, "field", source="ocr")), card, 1) is None


@pytest.mark.parametrize("press", ["Return", "space"])
def test_a_press_after_a_tab_in_the_batch_is_judged_as_a_click_on_the_next_control(
    press: str,
) -> None:
    name = el("Name on card", NAME.box, "field", "editable", "focused")
    to_pay = obs(PAGE, CARD, name, PLACE, BACK)
    assert refused(key(press), to_pay, batch=[key("Tab")]) == "irreversible"  # Place order
    # shift+Tab from Name on card goes back to Card number: a field (space types)
    harmless = obs(PAGE, CARD, name, el("Next", (300, 420, 500, 460), "button"), PLACE)
    assert refused(key("space"), harmless, batch=[key("shift+Tab")]) is None
    # Tab from Card number (a click) reaches Name on card, not the form's Place order
    click = Action.make("click", target="Card number")
    assert refused(key("space"), to_pay, batch=[click, key("Tab")]) is None


@pytest.mark.parametrize("press", ["Return", "space"])
def test_a_press_after_a_tab_before_the_frame_is_judged_on_both_foci(press: str) -> None:
    """The frame after a Tab may show the focus where it was (no visible change)."""
    back = el("Back", (1080, 620, 1240, 660), "button", "focused")
    place = el("Place order", (860, 620, 1060, 660), "button")
    stale = obs(PAGE, CARD, NAME, back, place)  # the orders disagree: not known
    assert refused(key(press), stale, history=[key("Tab")]) == "irreversible"
    assert refused(key(press), stale) is None  # no Tab: Back is what it presses
    ordered = obs(PAGE, CARD, NAME, el("Back", BACK.box, "button", "focused"), PLACE)
    assert refused(key(press), ordered, history=[key("shift+Tab")]) == "irreversible"


def test_text_after_a_tab_goes_into_the_next_named_field_of_a_page() -> None:
    first = el("First name", (300, 300, 900, 330), "field", "editable")
    email = el("Email", (300, 360, 900, 390), "field", "editable")
    form = obs(PAGE, first, email)
    batch = [Action.make("click", target="First name"), Action.make("type", text="Ada"),
             key("Tab")]  # fmt: skip
    assert refused(Action.make("type", text="ada@example.org"), form, batch=batch) is None
    # past the last field the Tab leaves the page's controls: where the text goes is unknown
    again = [*batch, key("Tab")]
    assert refused(Action.make("type", text="x"), form, batch=again) == "typing-program"
    unnamed = obs(PAGE, first, el("", email.box, "field", "editable"))
    assert refused(Action.make("type", text="x"), unnamed, batch=batch) == "typing-program"


@pytest.mark.parametrize("beside", ["Help", "Max", "Preview", "Learn more", "Apply"])
def test_return_in_a_pages_field_beside_a_button_that_does_not_submit_is_blind(
    beside: str,
) -> None:
    field = el("Reference", (300, 400, 900, 430), "field", "editable", "focused")
    page = obs(PAGE, field, el(beside, (920, 400, 1000, 430), "button"))
    assert refused(key("Return"), page) == "irreversible"


@pytest.mark.parametrize(
    ("label", "button"),
    [("Search", "Search"), ("Email", "Continue"), ("Keresés", "Keresés indítása"),
     ("Destination", "Go"), ("Username", "Sign in")],
)  # fmt: skip
def test_return_in_a_pages_field_beside_its_submit_button_passes(label: str, button: str) -> None:
    field = el(label, (300, 400, 900, 430), "field", "editable", "focused")
    page = obs(PAGE, field, el(button, (920, 400, 1100, 430), "button"))
    assert refused(key("Return"), page) is None


@pytest.mark.parametrize("chord", ["ctrl+m", "ctrl+j"])
def test_ctrl_m_and_ctrl_j_are_return(chord: str) -> None:
    box = el("Message", (300, 900, 1500, 930), "field", "editable", "focused")
    chat = obs(PAGE, box)  # a page's one-line field with no button: its form is unseen
    assert refused(key("Return"), chat) == "irreversible"
    assert refused(key(chord), chat, policy=armed(allow_keys=(chord,))) == "irreversible"


def test_an_alt_letter_whose_control_the_frame_does_not_show_is_blind() -> None:
    menus = obs(EDITOR, el("File", (0, 40, 60, 60), "menuitem"), el("Edit", (60, 40, 120, 60),
                                                                    "menuitem"))  # fmt: skip
    policy = armed(allow_keys=("alt+p", "alt+d", "alt+f", "alt+e"))
    assert refused(key("alt+f"), menus, policy=policy) is None
    assert refused(key("alt+e"), menus, policy=policy) is None
    assert refused(key("alt+p"), menus, policy=policy) == "irreversible"  # no label holds p
    assert refused(key("alt+d"), menus, policy=policy) == "irreversible"  # Edit's d: no mark
    marked = obs(EDITOR, el("_Discard", (0, 40, 80, 60), "button"))
    assert refused(key("alt+d"), marked, policy=policy) is None


def test_a_tooltip_is_read_with_the_focused_controls_label() -> None:
    link = el("1-Click", (860, 620, 1060, 660), "link", "focused")
    tip = el("Tooltip: Buy with 1-Click", (860, 580, 1300, 610), source="ocr")
    assert refused(key("Return"), obs(PAGE, link)) is None
    assert refused(key("Return"), obs(PAGE, tip, link)) == "irreversible"
    far = el("Buy with 1-Click", (860, 300, 1300, 330), source="ocr")  # not its tooltip
    assert refused(key("Return"), obs(PAGE, far, link)) is None


def test_return_after_a_paste_into_a_cell_enters_text_the_frame_never_showed() -> None:
    cell = el("A1", (1000, 200, 1100, 220), "cell", "editable", "focused")
    sheet = obs(CALC, cell)
    pasted = [key("ctrl+a"), key("ctrl+c"), Action.make("click", target="A1"), key("ctrl+v")]
    assert refused(key("Return"), sheet, history=pasted) == "irreversible"
    assert refused(key("Tab"), sheet, history=pasted) == "irreversible"
    # the episode copied what it typed itself: it knows what the clipboard holds
    own = [Action.make("type", text="42", target="A1"), key("shift+Home"), key("ctrl+c"),
           Action.make("click", target="A1"), key("ctrl+v")]  # fmt: skip
    assert refused(key("Return"), sheet, history=own) is None
    assert refused(key("Return"), sheet) is None  # no paste: what was typed is judged
