from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tiny_computer_agent import (
    BrainError,
    Element,
    FirstItemBrain,
    GoalUnreachable,
    Observation,
    OracleBrain,
    PlannerBrain,
    ScriptedBrain,
    ScriptedScreen,
    Window,
    build_menu,
    run_episode,
    split_goal,
)
from tiny_computer_agent._actions import ActionError
from tiny_computer_agent._elements import without_shortcut
from tiny_computer_agent.brains._goals import _parts

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
        PlannerBrain().decide("click Print", MENU, ())  # a description: nothing to seek
    assert "'Print'" in str(err.value) and "'Zoom In'" in str(err.value)


def test_planner_seeks_a_quoted_label_once_before_giving_up() -> None:
    seek = PlannerBrain().decide("click 'Print'", MENU, ())
    assert seek.action.describe() == "look for 'Print' by scrolling" and seek.choice is None
    assert "not on screen" in seek.note
    screen = ScriptedScreen(frames=(MENU.observation,))
    episode = run_episode("click 'Print'", screen=screen, brain=PlannerBrain())
    assert episode.outcome == "unreachable"  # a dry run cannot scroll: seek, then give up
    assert [s.decision.action.verb for s in episode.steps if s.decision] == ["seek"]
    assert "dry run does not scroll" in (episode.steps[0].result.error or "")


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


# -- kinds, windows and the whole index (issue 10) ----------------------------------------


def _el(label: str, x: int, y: int, **known: Any) -> Element:
    return Element(label=label, box=(x, y, x + 60, y + 20), **known)


def _done(goal: str, *frames: Observation) -> list[str]:
    """The actions the planner took on ``goal`` over a scripted run of ``frames``."""
    ep = run_episode(goal, screen=ScriptedScreen(frames=frames), brain=PlannerBrain())
    return [s.decision.action.describe() for s in ep.steps if s.decision]


def _decide(goal: str, *elements: Element, windows: Sequence[Window] = (), limit: int = 12):
    obs = Observation.of(elements, size=(1000, 800), windows=windows)
    return PlannerBrain().decide(goal, build_menu(obs, goal, limit), ())


def test_the_planner_finds_a_key_the_capped_menu_left_out() -> None:
    keys = [_el(k, 40 * (i % 4), 40 * (i // 4), kind="key") for i, k in enumerate("789456123")]
    decision = _decide("click '3' then click '÷'", *keys, _el("÷", 200, 0, kind="key"), limit=3)
    assert decision.action.target == "3" and decision.choice is None  # found off the menu
    divide = _decide("click '÷'", *keys, _el("÷", 200, 0, kind="key"), limit=3)
    assert (divide.action.target, divide.choice) == ("÷", None)


def test_a_key_spelled_as_quoted_beats_one_whose_marks_normalise_away() -> None:
    # xcalc: "1/x" (read by OCR with a multiplication sign) and "1" are both "1" once marks go
    keys = (_el("1/×", 0, 0, kind="key"), _el("1", 0, 200, kind="key"))
    assert _decide("click '1'", *keys).action.target_id == 2
    assert _decide("click '1/×'", *keys).action.target_id == 1
    with pytest.raises(BrainError, match="several entries equally"):
        _decide("click '1'", _el("1/×", 0, 0, kind="key"), _el("1/÷", 0, 200, kind="key"))


def test_a_label_with_another_number_is_no_looser_match() -> None:
    rows = (_el("Row 3", 0, 0, kind="item"), _el("Row 34", 0, 30, kind="item"))
    with pytest.raises(GoalUnreachable, match="'row 33'"):
        _decide("click row 33", *rows)  # unquoted: nothing to seek, and no guess
    assert _decide("click 'Row 3'", *rows).action.target_id == 1
    assert _decide("click the row 34 button", *rows).action.target_id == 2
    assert _decide("click save", _el("Save 2 files", 0, 0)).action.target_id == 1  # no number


def test_a_whole_word_of_a_label_beats_the_start_of_a_word() -> None:
    # Tk's rolodex: "Add" is the button "Add   Ctrl+A", not the "Address:" beside it
    address = (_el("Address:", 0, 0, kind="text"), _el("Address:", 80, 0, kind="field"))
    add = _el("Add Ctrl+A", 0, 40, kind="button")
    assert _decide("click Add", *address, add).action.target_id == 3
    saved, save_as = _el("Saved", 0, 0), _el("Save As...", 0, 40)
    assert _decide("click Save", saved, save_as).action.target_id == 2
    # a part of a word still counts when no label holds the goal's word whole
    assert _decide("click Add", *address).action.target_id in (1, 2)


def test_a_control_the_tree_calls_disabled_is_not_clicked_typed_into_or_ticked() -> None:
    apply = _el("Apply", 0, 0, kind="button", state={"disabled"})
    name = _el("Name", 0, 40, kind="field", value="", state={"disabled"})
    box = _el("Subscribe", 0, 80, kind="check", state={"disabled"})
    for goal in ("click 'Apply'", "click Apply", "type 'x' into 'Name'", "tick 'Subscribe'"):
        with pytest.raises(GoalUnreachable, match="is disabled"):
            _decide(goal, apply, name, box)  # no seek: scrolling will not find another
    ticked = _el("Subscribe", 0, 80, kind="check", state={"disabled", "checked"})
    assert _decide("tick 'Subscribe'", ticked).action.verb == "wait"  # already as wanted


@pytest.mark.parametrize(
    ("goal", "parts"),
    [
        (
            "select 'Porto' from the 'City' list",
            ["open the 'City' list to choose 'Porto'", "choose 'Porto'"],
        ),
        (
            "choose Faro in the City drop-down then click OK",
            ["open the City list to choose Faro", "choose Faro", "click OK"],
        ),
        (
            "pick 'Porto' from 'City' in the 'Trip' dialog",  # the choices open in their own
            ["open the 'City' list to choose 'Porto' in the 'Trip' dialog", "choose 'Porto'"],
        ),
        ("select 'OK' in the 'Second' dialog", ["select 'OK' in the 'Second' dialog"]),
        ("select 'Lisbon' in the list", ["select 'Lisbon' in the list"]),  # no list named
        ("select all in the editor", ["select all in the editor"]),  # no list word, no quotes
    ],
)
def test_a_choice_in_a_named_list_is_two_parts(goal: str, parts: list[str]) -> None:
    assert _parts(goal) == parts


def test_a_choice_opens_its_drop_down_unless_the_choice_shows_already() -> None:
    label, drop = _el("City", 0, 0, kind="text"), _el("City", 80, 0, kind="field", value="")
    goal = "select 'Porto' from the 'City' list then click 'OK'"
    first = _decide(goal, label, drop, _el("OK", 0, 40, kind="button"))
    assert (first.action.verb, first.action.target_id) == ("click", 2)  # the field, not its label
    assert "opening 'City' to show 'Porto'" in first.note and not first.batch
    rows = (_el("Lisbon", 80, 20, kind="item"), _el("Porto", 80, 40, kind="item"))
    listed = _decide(goal, label, drop, *rows)
    assert listed.action.verb == "wait" and "'Porto' is on screen already" in listed.note
    # the whole run: open the drop-down, its choices show, choose, OK
    ok = _el("OK", 0, 200, kind="button")
    closed = Observation.of((label, drop, ok), size=(1000, 800))
    shown = Observation.of((label, drop, *rows, ok), size=(1000, 800))
    chosen = Observation.of((label, _el("City", 80, 0, kind="field", value="Porto"), ok),
                            size=(1000, 800))  # fmt: skip
    assert _done(goal, closed, shown, chosen, chosen) == [
        "click 'City'",
        "click 'Porto'",
        "click 'OK'",
        "done (every part of the goal was done)",
    ]


def test_a_drop_down_that_shows_its_choice_is_opened_through_the_label_beside_it() -> None:
    # a web page's <select> from pixels: "City", then a button showing "Lisbon"
    label = _el("City", 0, 0, kind="text")
    shows = Element(label="Lisbon", box=(70, 2, 140, 22), kind="button")
    far = Element(label="Send", box=(400, 2, 460, 22), kind="button")
    first = _decide("select 'Porto' from the 'City' list", label, far, shows)
    assert first.action.target == "Lisbon"
    assert "the 'Lisbon' box that 'City' names" in first.note
    under = Element(label="Lisbon", box=(0, 24, 70, 44), kind="button")  # a label above it
    assert _decide("choose Porto in the City list", label, under).action.target == "Lisbon"
    alone = _decide("choose Porto in the City list", label, far)  # nothing it names: the label
    assert alone.action.target == "City"


def test_a_quoted_label_shown_with_its_shortcut_is_clicked_without_a_seek() -> None:
    # Tk's menus and buttons show shortcuts after their labels
    entries = (
        _el("Load ... Ctrl+F", 0, 0, kind="button"),
        _el("Exit Ctrl+Q", 0, 30, kind="button"),
    )
    decision = _decide("click 'Load ...'", *entries)
    assert (decision.action.verb, decision.action.target) == ("click", "Load ... Ctrl+F")
    assert without_shortcut("Help  F1") == "Help" and without_shortcut("Save as") == "Save as"
    assert without_shortcut("Quit Alt+Shift+Q") == "Quit"
    assert _decide("click 'Load'", _el("Loader", 0, 0)).action.verb == "seek"  # no shortcut


def test_an_ordinal_picks_one_of_the_fields_a_label_names() -> None:
    # Tk's rolodex from pixels: three fields under one "Address:", numbered after the first
    fields = [
        _el(name, 80, 30 * i, kind="field", value="")
        for i, name in enumerate(("Address:", "Address: (2)", "Address: (3)"))
    ]
    label = _el("Address:", 0, 0, kind="text")
    for goal, want in [
        ("type 'London' into the second Address field", "Address: (2)"),
        ("type 'London' into the 3rd 'Address' field", "Address: (3)"),
        ("type 'London' into the first Address field", "Address:"),
        ("type 'London' into the Address field", "Address:"),
    ]:
        assert _decide(goal, label, *fields).action.target == want, goal
    with pytest.raises(GoalUnreachable):  # no fourth: no guess at the third
        _decide("type 'x' into the fourth Address field", label, *fields)


def test_a_button_beats_a_title_and_a_sentence_that_repeat_its_label() -> None:
    title = _el("Delete", 0, 0, kind="title")
    prose = _el("Delete", 0, 40, kind="text")
    button = _el("Delete", 0, 80, kind="button")
    assert _decide("click 'Delete'", title, prose, button).action.target_id == 3
    with pytest.raises(BrainError, match="several entries equally"):
        _decide("click 'Delete'", _el("Delete", 0, 0), _el("Delete", 0, 80))  # kinds unknown
    # no border seen: text in the window may be a flat button, a title never is
    assert _decide("click 'Delete'", title, prose).action.target_id == 2


def test_typing_into_a_field_picks_the_field_not_its_label() -> None:
    label = _el("Street", 0, 0, kind="text")
    field = _el("Street", 80, 0, kind="field", value="")
    decision = _decide("type '1 Main St' into the 'Street' field", label, field)
    assert (decision.action.verb, decision.action.target_id) == ("type", 2)


def test_a_quoted_field_label_with_to_in_it_is_not_cut_as_a_purpose_clause() -> None:
    # "... to' field" once lost "to connect to' field" as if it said why ("click Save to
    # keep my work"), and the rest picked the window's title "Connect"
    title = _el("Connect", 300, 0, kind="title")
    field = _el("Name of the server you want to connect to", 80, 40, kind="field", value="")
    goal = "type 'files.example.org' into the 'Name of the server you want to connect to' field"
    decision = _decide(goal, title, field)
    assert (decision.action.verb, decision.action.target_id) == ("type", 2)


def test_two_labels_the_goal_tells_apart_are_not_typed_into_one_field() -> None:
    # Tk's form demo has one "Name:" field; "First name" and "Last name" both name it
    # only in part, so neither part may take it (it once got "AdaLovelace", and "done")
    label = _el("Name:", 0, 0, kind="text")
    field = _el("Name:", 80, 0, kind="field", value="")
    goal = "type 'Ada' into the 'First name' field then type 'Lovelace' into the 'Last name' field"
    with pytest.raises(GoalUnreachable, match="another part of the goal names it too"):
        _decide(goal, label, field)
    # one part naming it in part is still the field; so are two parts naming it exactly
    one = _decide("type 'Ada' into the 'First name' field then click 'OK'", label, field)
    assert (one.action.verb, one.action.target_id) == ("type", 2)
    twice = _decide("type 'Ada' into 'Name:' then type 'B' into 'Name:'", label, field)
    assert [a.target_id for a in (twice.action, *twice.batch)] == [2, 2]


def test_a_label_is_never_a_longer_window_title() -> None:
    # GTK's save dialog titled "Save report" has OK, not Save: clicking the title was
    # taken as 'Save' after the seek for it found nothing, and the goal called done
    title = _el("Save report", 300, 0, kind="title")
    ok = _el("OK", 300, 200, kind="button")
    assert _decide("click 'Save'", title, ok).action.verb == "seek"  # below the fold?
    frame = Observation.of((title, ok), size=(1000, 800))
    episode = run_episode(
        "click 'Save'", screen=ScriptedScreen(frames=(frame,)), brain=PlannerBrain()
    )
    assert episode.outcome == "unreachable", episode.reason  # not a click on the title
    assert [s.decision.action.verb for s in episode.steps if s.decision] == ["seek"]
    assert _decide("click 'Save report'", title, ok).action.target_id == 1  # all of it
    # unquoted too: "click Save" on zenity's save dialog clicked its title and was "done"
    with pytest.raises(GoalUnreachable, match="found nothing like it"):
        _decide("click Save", title, ok)
    assert _decide("click save report", title, ok).action.target_id == 1


def test_a_window_clause_picks_the_ok_of_that_window() -> None:
    first = Window(title="First", box=(0, 0, 400, 300), id=11)
    second = Window(title="Second", box=(500, 0, 900, 300), id=22)
    oks = (
        _el("OK", 100, 200, kind="button", window=11),
        _el("OK", 600, 200, kind="button", window=22),
    )
    decision = _decide("click 'OK' in the 'Second' dialog", *oks, windows=(first, second))
    assert decision.action.target_id == 2 and decision.action.target == "OK"
    with pytest.raises(BrainError, match="several entries equally"):
        _decide("click 'OK'", *oks, windows=(first, second))
    with pytest.raises(GoalUnreachable, match=r"no window is titled 'Third'.*'First', 'Second'"):
        _decide("click 'OK' in the 'Third' window", *oks, windows=(first, second))
    # 'Second' lies under 'First' and shows no OK: raise it first (not a part of the goal)
    raised = _decide("click 'OK' in the 'Second' dialog", oks[0], windows=(first, second))
    assert raised.action.describe() == "focus window 'Second'" and "under another" in raised.note


def test_tick_clicks_the_box_unless_it_already_shows_the_state_wanted() -> None:
    box = _el("Subscribe", 0, 0, kind="check")
    ticked = _el("Newsletter", 0, 40, kind="check", state={"checked"})
    assert _decide("tick 'Subscribe'", box, ticked).action.describe() == "click 'Subscribe'"
    same = _decide("tick 'Newsletter'", box, ticked)
    assert same.action.verb == "wait" and "already ticked" in same.note
    assert _decide("untick 'Newsletter'", box, ticked).action.target == "Newsletter"
    assert _decide("check for updates", _el("Check for updates", 0, 0)).action.verb == "click"


# -- settings: a control given a value, whatever its kind ----------------------------------


@pytest.mark.parametrize(
    ("goal", "parts"),
    [
        (
            "type 3 into Quantity, tick Gift wrap, then click OK",
            ["type 3 into Quantity", "tick Gift wrap", "click OK"],
        ),
        ("click 'Yes, delete it'", ["click 'Yes, delete it'"]),  # a quoted comma
        ("type hello, world into Notes", ["type hello, world into Notes"]),  # no verb after it
        ("click Save, close", ["click Save", "close"]),
    ],
)
def test_a_comma_before_a_steps_verb_splits_a_goal(goal: str, parts: list[str]) -> None:
    assert split_goal(goal) == parts


@pytest.mark.parametrize(
    ("goal", "parts"),
    [
        ("set Quantity to 3", ["set Quantity to 3", "choose 3 if Quantity opened a list"]),
        (
            "choose Blue as the Colour, then click OK",
            ["choose Blue as the Colour", "choose Blue if Colour opened a list", "click OK"],
        ),
        (
            "fill in Full name with Ann Lee",
            ["fill in Full name with Ann Lee", "choose Ann Lee if Full name opened a list"],
        ),
        ("enter 3 in Quantity", ["enter 3 in Quantity", "choose 3 if Quantity opened a list"]),
        ("enter 'Ada' in Name", ["enter 'Ada' in Name"]),  # typing, as before
        ("choose 'Save as PDF'", ["choose 'Save as PDF'"]),  # a quote is never split
        ("switch to the Settings tab", ["switch to the Settings tab"]),
    ],
)
def test_a_setting_is_two_parts(goal: str, parts: list[str]) -> None:
    assert _parts(goal) == parts


def test_a_setting_types_into_a_field_ticks_a_box_and_opens_a_drop_down() -> None:
    quantity = (_el("Quantity", 0, 0, kind="text"), _el("Quantity", 80, 0, kind="field", value="1"))
    typed = _decide("set Quantity to 3", *quantity).action
    assert (typed.verb, typed.text, typed.target_id) == ("type", "3", 2)
    wrap = _el("Gift wrap", 0, 40, kind="check")
    assert _decide("set Gift wrap to yes", wrap).action.describe() == "click 'Gift wrap'"
    assert _decide("set Gift wrap to off", wrap).action.verb == "wait"  # already as wanted
    with pytest.raises(GoalUnreachable, match="set on or off, not to 'blue'"):
        _decide("set Gift wrap to blue", wrap)
    # from pixels: the label names the drop-down beside it, which shows its choice
    colour = _el("Colour", 0, 80, kind="text")
    shows = Element(label="Red", box=(70, 82, 200, 102), kind="button", state={"expandable"})
    opened = _decide("choose Blue as the Colour", colour, shows)
    assert opened.action.describe() == "click 'Red'"
    assert "opening 'Red' to choose 'Blue'" in opened.note and not opened.batch
    # from the tree: a combo box is a field named by its label, not editable
    combo = _el("Colour", 80, 80, kind="field", value="Red", state={"expandable"})
    assert _decide("set the Colour to Blue", colour, combo).action.describe() == "click 'Colour'"
    entry = _el("Colour", 80, 80, kind="field", value="Red", state={"expandable", "editable"})
    assert _decide("set the Colour to Blue", colour, entry).action.verb == "type"


def test_a_settings_choice_is_clicked_only_when_its_first_part_opened_a_list() -> None:
    colour = _el("Colour", 0, 0, kind="text")
    shut = Element(label="Red", box=(70, 2, 200, 22), kind="button", state={"expandable"})
    ok = _el("OK", 0, 200, kind="button")
    rows = (_el("Green", 70, 30, kind="item"), _el("Blue", 70, 60, kind="item"))
    chosen = Element(label="Blue", box=(70, 2, 200, 22), kind="button", state={"expandable"})
    frames = [
        Observation.of(f, size=(1000, 800))
        for f in ((colour, shut, ok), (colour, shut, *rows, ok), (colour, chosen, ok))
    ]
    assert _done("choose Blue as the Colour then click OK", *frames, frames[-1]) == [
        "click 'Red'",
        "click 'Blue'",
        "click 'OK'",
        "done (every part of the goal was done)",
    ]
    # a field took the value typed: its second part has nothing to choose, and no "3" key
    # on screen is clicked for it
    field = (_el("Quantity", 0, 0, kind="text"), _el("Quantity", 80, 0, kind="field", value="1"))
    key = _el("3", 0, 100, kind="key")
    typed = (field[0], _el("Quantity", 80, 0, kind="field", value="3"), key, ok)
    frames = [Observation.of(f, size=(1000, 800)) for f in ((*field, key, ok), typed, typed, typed)]
    screen = ScriptedScreen(frames=tuple(frames))
    ep = run_episode("set Quantity to 3, then click OK", screen=screen, brain=PlannerBrain())
    done = [s.decision.action.describe() for s in ep.steps if s.decision]
    assert done[:3] == ["type '3' into 'Quantity'", "wait 0.1s", "click 'OK'"]
    assert "nothing to choose" in ep.steps[1].decision.note


def test_text_is_never_typed_into_a_check_box() -> None:
    boxes = (_el("Quantity", 0, 0, kind="text"), _el("Gift wrap", 0, 40, kind="check"))
    with pytest.raises(GoalUnreachable, match=r"'Gift wrap' .* is a check box: it only ticks"):
        _decide("type 3 into Gift wrap", *boxes)
    assert _decide("type 3 into Quantity", *boxes).action.target_id == 1


def test_a_setting_named_by_text_with_nothing_beside_it_is_refused() -> None:
    # yad's slider: "Volume" and its value "40" are text, the slider no control found
    volume = (_el("Volume", 0, 0, kind="text"), _el("40", 400, 0, kind="text"))
    with pytest.raises(GoalUnreachable, match=r"'Volume' .* is text, and no field"):
        _decide("set Volume to 70", *volume)


@pytest.mark.parametrize(
    ("goal", "parts"),
    [
        ("open File > Save As", ["open File", "Save As"]),
        ("choose Edit > Preferences then click OK", ["choose Edit", "Preferences", "click OK"]),
        ("click 'Next >'", ["click 'Next >'"]),
        ("open File -> Quit", ["open File", "Quit"]),
    ],
)
def test_a_menu_path_is_one_part_a_level(goal: str, parts: list[str]) -> None:
    assert split_goal(goal) == parts


def test_a_state_asked_for_in_other_words_ticks_or_leaves_a_box_as_it_is() -> None:
    box = _el("Enable notifications", 0, 0, kind="check")
    ticked = _el("Enable notifications", 0, 0, kind="check", state={"checked"})
    for goal in ("turn notifications on", "make sure notifications are enabled"):
        assert _decide(goal, box).action.describe() == "click 'Enable notifications'"
        assert _decide(goal, ticked).action.verb == "wait"  # already so: a click would undo it
    for goal in ("turn notifications off", "ensure that the notifications are off"):
        assert _decide(goal, ticked).action.describe() == "click 'Enable notifications'"
        assert _decide(goal, box).action.verb == "wait"
    name = (_el("Username", 0, 40, kind="text"), _el("Username", 90, 40, kind="field", value="ann"))
    typed = _decide("replace the username with bob", *name).action
    assert (typed.verb, typed.text, typed.target_id) == ("type", "bob", 2)
