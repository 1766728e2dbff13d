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
from tiny_computer_agent.procedures._meaning import values_in
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
