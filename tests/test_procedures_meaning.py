"""Choosing a procedure from plain words (issue 36, item 4): the values read from a goal
by type, a choice by meaning played through the real loop, a precondition that keeps a
procedure from starting, and the intent brain from the registry choosing with MiniLM."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from tests.test_procedures import ASK, EDIT, SAVE_AS, SAVED, TYPED, Done, _el, _screen
from tiny_computer_agent import FirstItemBrain, Policy, ScriptedScreen, run_episode
from tiny_computer_agent.procedures import Library, ProcedureBrain, load_library, parse
from tiny_computer_agent.procedures._meaning import _acts, _passed_over, values_in
from tiny_computer_agent.registry import make_brain

BUILT_IN = {p.name: p for p in load_library(plugins=False).procedures}


@pytest.mark.parametrize(
    ("goal", "name", "values"),
    [
        ("write it out to a new file, draft2.md", "save-as", {"name": "draft2.md"}),
        ("change holiday.jpg's name to beach.jpg", "rename-file",
         {"old": "holiday.jpg", "new": "beach.jpg"}),
        ("make it b.txt, from a.txt", "rename-file", {"old": "a.txt", "new": "b.txt"}),
        ("swap every colour for color and save", "find-and-replace",
         {"old": "colour", "new": "color"}),
        ("replace the word teh with the everywhere and save", "find-and-replace",
         {"old": "teh", "new": "the"}),
        ("put one more line saying see you soon at the end, then save", "append-line",
         {"text": "see you soon"}),
        ("in the file chooser go to /etc/hosts", "open-path", {"path": "/etc/hosts"}),
        ("tick both Bold and Italic", "tick-boxes", {"item1": "Bold", "item2": "Italic"}),
        ("fill in Name with Ada and City with London", "fill-form",
         {"field1": "Name", "value1": "Ada", "field2": "City", "value2": "London"}),
        ("swap 'a b' for 'c d'", "find-and-replace", {"old": "a b", "new": "c d"}),
        ("add walk the dog at the end and save", "append-line", {"text": "walk the dog"}),
        # a word of place ends the text only before a place, not before its own words
        ("add a last line saying call Sam on Friday, then save", "append-line",
         {"text": "call Sam on Friday"}),
        ("write a line reading remember to call mum and save", "append-line",
         {"text": "remember to call mum"}),
        ("add a line saying meet at noon on a new line and save", "append-line",
         {"text": "meet at noon"}),
        # the run right after the act, not a longer run of how the goal asks
        ("can you add milk to the end of this list, then save", "append-line",
         {"text": "milk"}),
        ("would you kindly jot feed the cat at the bottom and save it", "append-line",
         {"text": "feed the cat"}),
    ],
)  # fmt: skip
def test_values_are_read_from_plain_words_by_type(
    goal: str, name: str, values: dict[str, str]
) -> None:
    assert values_in(goal, BUILT_IN[name]) == values


@pytest.mark.parametrize(
    ("goal", "name"),
    [
        ("give the report its final name", "save-as"),  # no file name
        ("rename the spreadsheet", "rename-file"),
        ("save it as report", "save-as"),  # a name with no extension is not taken unquoted
        ("open the settings", "open-path"),  # no path
        ("save as 'a.txt' and 'b.txt'", "save-as"),  # a quoted value left over
    ],
)
def test_a_goal_that_gives_no_value_for_a_required_parameter_gives_none(
    goal: str, name: str
) -> None:
    assert values_in(goal, BUILT_IN[name]) is None


@pytest.mark.parametrize(
    ("goal", "passed"),
    [
        # save-as is a little nearer, but no file is named; the two texts are joined
        ("turn every cat into dog in this file and save it", 1),
        # append-line's value is only the words left over ("work"): nothing passed over
        ("save my work", 0),
    ],
)
def test_a_nearer_procedure_the_goal_gives_no_value_is_passed_over(goal: str, passed: int) -> None:
    """Only for a procedure whose values have a shape of their own (quoted, a file name,
    a path, two texts joined): else none is chosen, as before."""
    names = ("save-as", "find-and-replace", "append-line")
    ranked = [(0.43 - i / 100, BUILT_IN[n], n) for i, n in enumerate(names)]
    if passed == 0:
        ranked = [ranked[0], ranked[2]]
    assert _passed_over(goal, ranked) == passed


def _words(text: str) -> set[str]:
    return set(re.findall(r"[\w.]+", text.lower())) - {"the", "a", "this", "it"}


def _embed(texts: Sequence[str]) -> Any:
    """A toy sentence embedding: the words hashed into 256 buckets (shared words count)."""
    out = np.zeros((len(texts), 256), dtype=np.float32)
    for row, text in enumerate(texts):
        for word in _words(text):
            out[row, sum(map(ord, word)) % 256] += 1.0
    return out


def _meaning_brain(**kw: Any) -> ProcedureBrain:
    library = Library(procedures=(parse(SAVE_AS, source="test"),))
    return ProcedureBrain(library=library, fallback=FirstItemBrain(), embed=_embed, **kw)


def test_a_procedure_chosen_by_meaning_plays_through_the_loop() -> None:
    brain = _meaning_brain(min_similarity=0.2, min_margin=0.0)
    goal = "keep a copy of this named report.txt"  # no pattern, too few shared words
    found, why = brain.choose(goal)
    assert found is not None and found.how == "meaning", why
    assert dict(found.values) == {"name": "report.txt"}
    executor = Done()
    screen = ScriptedScreen(frames=(EDIT, ASK, TYPED, SAVED))
    episode = run_episode(goal, screen=screen, brain=brain, executor=executor)
    assert episode.outcome == "claimed", episode.reason
    assert [a.describe() for a in executor.actions] == [
        "key ctrl+shift+s", "type 'report.txt' into 'File name:'", "key Return",
    ]  # fmt: skip
    first = episode.steps[0].decision
    assert first is not None and "(meaning; name='report.txt')" in first.note


def test_by_meaning_a_goal_must_say_one_of_the_procedures_acts() -> None:
    """A procedure that names its ``acts`` is chosen by meaning only for a goal that says
    one of them, in any inflected form; near in every other way (its file name, its
    words), a goal asking for another act starts nothing and the fallback decides."""
    library = Library(procedures=(parse({**SAVE_AS, "acts": ["keep", "copy"]}, source="test"),))
    brain = ProcedureBrain(library=library, fallback=FirstItemBrain(), embed=_embed,
                           min_similarity=0.2, min_margin=0.0)  # fmt: skip
    for goal in ("keep a copy of this named report.txt", "keeps this one as report.txt",
                 "copied it as report.txt, keeping this"):  # fmt: skip
        found, why = brain.choose(goal)
        assert found is not None and found.procedure.name == "save-as", (goal, why)
    for goal in ("trash this one named report.txt", "print this as report.txt"):
        found, why = brain.choose(goal)
        assert found is None, (goal, why)
    # without acts, meaning alone decides: the same goal is taken
    plain = ProcedureBrain(library=Library(procedures=(parse(SAVE_AS, source="test"),)),
                           fallback=FirstItemBrain(), embed=_embed, min_similarity=0.2,
                           min_margin=0.0)  # fmt: skip
    assert plain.matches("print this as report.txt") is not None
    # as written, a pattern needs no act word of the list: "save as" is the example
    assert brain.matches("save as report.txt") is not None


def test_every_built_in_example_says_one_of_its_procedures_acts() -> None:
    """An example its own procedure's acts do not say could never be chosen by meaning
    in other words ("pick the file {path}" with open-path's acts lacking "pick")."""
    from tiny_computer_agent.procedures._meaning import says_act

    for procedure in BUILT_IN.values():
        assert procedure.acts, procedure.name
        silent = [e for e in procedure.examples if not says_act(e, procedure)]
        assert not silent, (procedure.name, silent)


def test_the_built_in_procedures_start_for_no_goal_that_asks_for_another_act() -> None:
    """The new-user trials' goals that started a procedure by meaning (a file named, a
    word shared) and did harm or nothing: "wrap long lines please" typed "wrap long" into
    a document and saved it."""
    brain = make_brain("intent", None)
    assert isinstance(brain, ProcedureBrain)
    for goal in ("wrap long lines please", "trash junk.log", "no, leave the old one alone",
                 "show me the properties of photo.png"):  # fmt: skip
        found, why = brain.choose(goal)
        assert found is None, (goal, found, why)


def test_below_the_threshold_the_fallback_decides_and_says_why() -> None:
    brain = _meaning_brain(min_similarity=0.99)
    episode = run_episode(
        "keep a copy of this named report.txt",
        screen=ScriptedScreen(frames=(EDIT,)),
        brain=brain,
        executor=Done(),
        policy=Policy(max_steps=1),
    )
    first = episode.steps[0].decision
    assert first is not None and first.action.target == "File"  # FirstItemBrain's click
    assert first.note.startswith("no procedure (nearest 'save-as'")


def test_a_procedure_whose_precondition_fails_on_screen_is_not_started() -> None:
    data = {**SAVE_AS, "preconditions": [{"window": "any"}, {"shows": "Report draft"}]}
    library = Library(procedures=(parse(data, source="test"),))
    brain = ProcedureBrain(
        library=library, fallback=FirstItemBrain(), embed=_embed, min_similarity=0.2
    )
    screen = ScriptedScreen(frames=(EDIT,))
    episode = run_episode("keep a copy of this named report.txt", screen=screen, brain=brain,
                          executor=Done(), policy=Policy(max_steps=1))  # fmt: skip
    first = episode.steps[0].decision
    assert first is not None and first.action.target == "File", first
    assert "not started: its precondition that 'Report draft' is visible does not hold" in (
        first.note
    )
    shown = _screen("*notes.txt - Editor", _el("File"), _el("Report draft", y=200))
    episode = run_episode("keep a copy of this named report.txt",
                          screen=ScriptedScreen(frames=(shown,)), brain=brain, executor=Done(),
                          policy=Policy(max_steps=1))  # fmt: skip
    first = episode.steps[0].decision
    assert first is not None and first.reply == "procedure save-as step 1"


def test_the_registrys_intent_brain_chooses_by_meaning_with_minilm() -> None:
    brain = make_brain("intent", None)
    assert isinstance(brain, ProcedureBrain) and brain.embed is not None
    found, why = brain.choose("swap every colour for color and save")
    assert found is not None and found.procedure.name == "find-and-replace", why
    assert dict(found.values) == {"old": "colour", "new": "color"}
    for other in ("click the OK button", "click 'Save'", "open 'Settings'", "press 'Rename'"):
        assert brain.choose(other)[0] is None, other  # an act no procedure says; no path


def test_a_goal_that_leads_with_an_act_a_procedure_only_ends_with_is_not_that_procedures() -> None:
    """A dialog's answer that says saving is not append-line's or find-and-replace's,
    which only end "... and save"; a goal that ends with saving still is theirs."""
    brain = make_brain("intent", None)
    assert isinstance(brain, ProcedureBrain)
    assert _acts("save the changes before closing", leading=True) == {"save"}
    assert _acts("add buy eggs as a new last line and save", leading=True) == set()
    assert _acts("tick Apple and Plum, then click OK", leading=True) == {"tick"}
    for answer in (
        "keep the edits: save them before closing the window",
        "sure, I'd like to save what I changed",
        "no, don't save the draft",
    ):
        assert brain.choose(answer)[0] is None, (answer, brain.choose(answer)[1])
    for goal, name in (
        ("add buy eggs as a new last line and save", "append-line"),
        ("change 2025 to 2026 throughout the text and save", "find-and-replace"),
    ):
        found, why = brain.choose(goal)
        assert found is not None and found.procedure.name == name, why


# -- labels read by their place: a form's pairs, a drop-down's option, a list, a button ----


@pytest.mark.parametrize(
    ("goal", "name", "values"),
    [
        ("put Ada in the name box and ada@x.org in the email box, then hit OK", "fill-form",
         {"field1": "name", "value1": "Ada", "field2": "email", "value2": "ada@x.org",
          "button": "OK"}),
        ("enter Ada as the name and Lisbon as the city and click Save", "fill-form",
         {"field1": "name", "value1": "Ada", "field2": "city", "value2": "Lisbon",
          "button": "Save"}),
        ("set the Title to Dr and the Surname to Who", "fill-form",
         {"field1": "Title", "value1": "Dr", "field2": "Surname", "value2": "Who"}),
        ("Name: Ada, City: Lisbon", "fill-form",
         {"field1": "Name", "value1": "Ada", "field2": "City", "value2": "Lisbon"}),
        ("pick Blue for the colour and press OK", "choose-option",
         {"option": "Blue", "control": "colour", "button": "OK"}),
        ("change the colour drop-down to Blue", "choose-option",
         {"control": "colour", "option": "Blue"}),
        ("mark Banana and Plum as well, then click OK", "tick-boxes",
         {"item1": "Banana", "item2": "Plum", "button": "OK"}),
        ("tick Apple, Banana and Cherry, then click the OK button", "tick-boxes",
         {"item1": "Apple", "item2": "Banana", "item3": "Cherry", "button": "OK"}),
    ],
)  # fmt: skip
def test_labels_are_read_by_their_place(goal: str, name: str, values: dict[str, str]) -> None:
    """Which side of a joining word is the field is read from the procedure's own
    examples ("{field1}={value1}", "choose {option} from {control}"); the button is what
    the last click names; a list is items with only commas or "and" between them."""
    assert values_in(goal, BUILT_IN[name]) == values


@pytest.mark.parametrize(
    ("goal", "name"),
    [
        ("show the hidden files", "tick-boxes"),  # no list: "the" between its words
        ("go to the next page", "choose-option"),  # the first word is how it asks
        ("sign in as guest", "choose-option"),
        ("set the Title to Dr and the Surname to Who", "choose-option"),  # two pairs, one box
        ("save it as ada@x.org", "save-as"),  # an address is not a file name
    ],
)
def test_words_that_only_look_like_labels_give_none(goal: str, name: str) -> None:
    assert values_in(goal, BUILT_IN[name]) is None


def test_values_read_by_their_place_are_masked_only_when_the_goal_shares_a_word() -> None:
    """Masked, "change the font size to 14" would look like any drop-down's goal; it
    shares no word with choose-option's texts, so its words stay. A click said as "hit"
    is the click the examples say, and what it clicks is no act."""
    from tiny_computer_agent.procedures import _meaning

    meaning = _meaning.Meaning(embed=_embed, procedures=tuple(BUILT_IN.values()))
    meaning.ranked("warm up")
    form, box = BUILT_IN["fill-form"], BUILT_IN["choose-option"]
    goal = "put Ada in the name box and ada@x.org in the email box, then hit OK"
    masked = "put words in the Name box and words in the Name box, then hit Name"
    assert _meaning._masked(goal, form, meaning._said(form)) == masked
    goal = "change the font size to 14"
    assert _meaning._masked(goal, box, meaning._said(box)) == goal
    assert _meaning._acts("enter Ada as the name and click Save") == {"click"}
    assert _meaning._acts("pick Blue and press OK, then save") == {"click", "save"}


def test_a_nearer_drop_down_given_no_value_is_passed_over_for_a_form_given_pairs() -> None:
    """The goal is nearest choose-option's "set the {control} drop-down to {option}",
    but its two pairs are one form's, not one drop-down's."""
    brain = make_brain("intent", None)
    assert isinstance(brain, ProcedureBrain)
    found, why = brain.choose("set the Title to Dr and the Surname to Who")
    assert found is not None and found.procedure.name == "fill-form", why
    assert dict(found.values) == {"field1": "Title", "value1": "Dr", "field2": "Surname",
                                  "value2": "Who"}  # fmt: skip
