"""The model brain base on the real loop: prompts, the corrective retry, and replies
recorded from a real small model that must never reach the executor."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tiny_computer_agent import BrainError, ScriptedScreen, build_menu, run_episode
from tiny_computer_agent.brains.models import (
    MODEL_BRAINS,
    ScriptedModelBrain,
    TextBrain,
    make_model_brain,
    resolve_model,
    weights_status,
)
from tiny_computer_agent.registry import BrainOptions, select_brains

from .helpers import dialog
from .model_fixtures import SMOLLM2_MENU, SMOLLM2_PREFILLED, SMOLLM2_REPLIES, RecordingExecutor

pytestmark = pytest.mark.model

MENU = build_menu(dialog(*SMOLLM2_MENU))


def save_screen() -> ScriptedScreen:
    return ScriptedScreen.of_labels(SMOLLM2_MENU, ["File", "Saved"])


@pytest.mark.parametrize("name", sorted(SMOLLM2_REPLIES))
def test_recorded_garbage_never_reaches_the_executor(name: str) -> None:
    executor = RecordingExecutor()
    brain = ScriptedModelBrain(replies=(SMOLLM2_REPLIES[name],))
    episode = run_episode("save the document", screen=save_screen(), brain=brain, executor=executor)
    assert executor.actions == []
    assert episode.outcome == "brain-error"
    assert "after 1 corrective retry" in str(episode.steps[0].error)
    assert len(brain.requests) == 2  # the first try and exactly one retry


def test_a_well_formed_wrong_choice_is_carried_out_and_not_verified() -> None:
    executor = RecordingExecutor()
    brain = ScriptedModelBrain(replies=(SMOLLM2_PREFILLED, '{"verb": "done"}'))
    episode = run_episode(
        "save the document",
        screen=ScriptedScreen.of_labels(SMOLLM2_MENU),
        brain=brain,
        executor=executor,
        verify_text="Saved",
    )
    assert [a.describe() for a in executor.actions] == ["click 'File'"]
    assert episode.outcome == "not-verified" and not episode.success


def test_retry_tells_the_model_exactly_what_was_wrong() -> None:
    brain = ScriptedModelBrain(replies=('{"verb": "click", "choice": ', '{"choice": 3}'))
    decision = brain.decide("save the document", MENU, ())
    assert decision.action.describe() == "click 'Save'" and decision.choice == 3
    assert "retry 1" in decision.note and "cut off" in decision.note
    retry = brain.requests[1]
    assert [m["role"] for m in retry] == ["system", "user", "assistant", "user"]
    assert retry[2]["content"] == '{"verb": "click", "choice": '
    assert "cut off or malformed" in retry[3]["content"]
    assert "a number from 1 to 5" in retry[3]["content"]


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("", "empty"),
        ("1. File\n2. Edit\n3. Save\n4. Cancel\n5. Don't Save", "repeats the menu"),
        ('{"verb": "click", "choice": 3', "cut off"),
        ('{"verb": "click", "choice": 9}', "not on the menu"),
        ('{"verb": "click", "choice": "Print"}', "not on the menu"),
        ("I would not click Save here", "no JSON object"),
        ("\tPg\ufffd%Save\ufffd%", "no JSON object"),  # a tiny random model's real reply
    ],
)
def test_unusable_replies_are_refused_with_the_reason(reply: str, reason: str) -> None:
    brain = ScriptedModelBrain(replies=(reply,))
    with pytest.raises(BrainError, match=reason) as err:
        brain.decide("save the document", MENU, ())
    assert reason in brain.requests[1][-1]["content"]  # and the retry said so
    assert err.value.reply == reply


@pytest.mark.parametrize("reply", ["Save", "Save.", "'Save'", "click Save", "3", "#3"])
def test_a_bare_label_or_number_is_a_choice(reply: str) -> None:
    decision = ScriptedModelBrain(replies=(reply,)).decide("save the document", MENU, ())
    assert decision.action.describe() == "click 'Save'"


def test_no_retry_when_retries_is_zero() -> None:
    brain = ScriptedModelBrain(replies=("", '{"choice": 3}'), retries=0)
    with pytest.raises(BrainError, match="empty"):
        brain.decide("save the document", MENU, ())
    assert len(brain.requests) == 1


def test_a_denied_widget_chosen_by_a_model_is_refused_by_the_policy() -> None:
    executor = RecordingExecutor()
    screen = ScriptedScreen.of_labels(["File", "Terminal", "Save"])
    brain = ScriptedModelBrain(replies=('{"verb": "click", "choice": 2}',))
    episode = run_episode("save the document", screen=screen, brain=brain, executor=executor)
    assert executor.actions == []
    assert episode.outcome == "refused"
    assert episode.steps[0].refusal is not None
    assert episode.steps[0].refusal.rule == "denied-widget"


def test_prompt_has_placeholders_goal_menu_and_what_did_not_change() -> None:
    brain = ScriptedModelBrain(replies=('{"choice": 3}',))
    screen = ScriptedScreen.of_labels(SMOLLM2_MENU)  # the screen never changes
    run_episode("save the document", screen=screen, brain=brain, executor=RecordingExecutor())
    system, user = brain.requests[0]
    assert "<menu number>" in system["content"] and "<verb>" in system["content"]
    assert '"choice": 3' not in system["content"]  # no worked example to echo back
    assert "Goal: save the document" in user["content"]
    assert "3. Save" in user["content"]
    second_user = brain.requests[1][1]["content"]
    assert "click 'Save': done - you already tried this and the screen did NOT change" in (
        second_user
    )


def test_model_package_imports_the_standard_library_only() -> None:
    probe = (
        "import sys, json; before = set(sys.modules)\n"
        "import tiny_computer_agent.brains.models as m\n"
        "b = m.TextBrain(); m.EmbedBrain(); m.VisionBrain(); m.OpenAIBrain()\n"
        "new = {n.split('.')[0] for n in set(sys.modules) - before}\n"
        "print(json.dumps(sorted(n for n in new if n not in sys.stdlib_module_names"
        " and n != 'tiny_computer_agent')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == []


def test_constructing_a_brain_costs_nothing_and_names_it() -> None:
    brain = TextBrain(model="no/such-model", threads=2)
    assert not brain.is_loaded
    assert brain.settings()["model"] == "no/such-model"
    assert brain.settings()["threads"] == 2
    with pytest.raises(ValueError, match="threads"):
        TextBrain(threads=0)
    with pytest.raises(ValueError, match="mode"):
        TextBrain(mode="sample")


def test_weights_status_and_model_sources(tmp_path: Path) -> None:
    cached, where = weights_status("Qwen/Qwen2.5-0.5B-Instruct", {"HF_HUB_CACHE": str(tmp_path)})
    assert not cached and str(tmp_path) in where
    assert "huggingface-cli download Qwen/Qwen2.5-0.5B-Instruct" in where
    snap = tmp_path / "models--Qwen--Qwen2.5-0.5B-Instruct" / "snapshots" / "abc"
    snap.mkdir(parents=True)
    (snap / "config.json").write_text("{}")
    assert weights_status("Qwen/Qwen2.5-0.5B-Instruct", {"HF_HUB_CACHE": str(tmp_path)}) == (
        True,
        str(snap),
    )
    assert weights_status("smollm2")[0] and weights_status("minilm")[0]
    assert resolve_model("smollm2").kind == "gguf"
    with pytest.raises(BrainError, match="does not exist"):
        resolve_model(str(tmp_path / "missing.gguf"))
    with pytest.raises(BrainError, match=r"no config\.json"):
        resolve_model(str(tmp_path))


def test_model_brains_are_built_once_and_lazily_when_scored() -> None:
    table = select_brains(list(MODEL_BRAINS), options=BrainOptions(model="some/model", threads=1))
    assert set(table) == set(MODEL_BRAINS)
    first = table["text"](None)  # type: ignore[arg-type]
    assert first is table["text"](None)  # type: ignore[arg-type]
    assert first.settings()["model"] == "some/model"
    assert table["smollm2"](None).settings()["model"] == "smollm2"  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown model brain"):
        make_model_brain("gpt")
