"""scripts/intent_rerank.py (issue 35): the cross-encoder that re-ranks the intent brain's
top-k, run end to end on a toy budget so that the pipeline cannot rot: the generator and
leak check of train_intent, the shipped brain's candidates, training, the dev curve and
its checkpoints, and the held-out scoring by the scoreboard's own code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import load_file_module
from tiny_computer_agent.brains.models import train_intent
from tiny_computer_agent.brains.models._intent import ADAPTER_DIR
from tiny_computer_agent.records._cases import read_cases

ROOT = Path(__file__).resolve().parents[1]
HELDOUT = ROOT / "benchmarks" / "intent" / "heldout"


def test_train_intent_checks_the_heldout_sets_by_default() -> None:
    """Its default --heldout is the held-out folder (the leak check reads it)."""
    assert train_intent.HELDOUT_DIR == HELDOUT
    assert train_intent.HELDOUT_DIR.is_dir()


def _script() -> Any:
    return load_file_module(ROOT / "scripts" / "intent_rerank.py", "intent_rerank")


@pytest.mark.model
def test_the_reranker_trains_logs_a_dev_curve_and_scores_its_best_checkpoint(
    tmp_path: Path,
) -> None:
    pytest.importorskip("torch", reason="training needs the 'intent' extra (make test)")
    pytest.importorskip("peft", reason="training needs the 'intent' extra (make test)")
    from tests.wording_fixtures import write_writers

    rerank = _script()
    one = tmp_path / "heldout"  # one held-out file: the real scoring, on fewer cases
    one.mkdir()
    first = sorted(HELDOUT.glob("*.json"))[0]
    (one / "a.json").write_text(first.read_text())
    writers = write_writers(tmp_path / "writers")
    copied = read_cases(first)[0].goal  # a writer who copied a held-out goal
    (writers / "wc.json").write_text(
        json.dumps({"writer": "wc", "phrasings": {"files.delete": [copied, "bin {thing}"]}})
    )
    out = tmp_path / "out"
    toy = ["--out", str(out), "--examples", "40", "--dev", "12", "--menus", "16", "--batch", "4"]
    toy += ["--eval-every", "8", "--k", "3", "--rank", "2", "--heldout", str(one)]
    toy += ["--writers-dir", str(writers), "--writers", "all", "--holdout-writer", "wb"]
    assert rerank.main(toy) == 3  # train_intent's leak check
    assert rerank.main([*toy, "--drop-writer-leaks"]) == 0
    curve = json.loads((out / "curve.json").read_text())
    assert [p["menus"] for p in curve] == [8, 16]
    assert all(0 <= p["dev"] <= 1 and 0 <= p["cross_writer"] <= 1 for p in curve)
    chosen = rerank.best(curve)
    found = json.loads((out / f"ckpt-{chosen['menus']:06d}" / "heldout.json").read_text())
    board = {row["brain"]: row for row in found["heldout"]}
    cases = len(read_cases(first))
    assert board["rerank"]["held-out"].endswith(f"/{cases})")
    # the scoreboard's code, run here, gives the shipped brain what train_intent gives it
    shipped = train_intent.evaluate(ADAPTER_DIR, [one], threads=1)["overall"]
    assert board["shipped"]["held-out"].endswith(f"({shipped['right']}/{cases})")
    assert found["timing"]["pipeline_ms"] > 0 and found["lora_bytes"] > 0
    # the quick dev accuracy of the curve is what the re-ranking brain decides
    from tiny_computer_agent.brains.models._intent_data import generate, load_inventory

    loaded = rerank.load_reranker(out / f"ckpt-{chosen['menus']:06d}", "minilm")
    dev = generate(load_inventory(), 12, 1, split="dev")  # the script's: --dev 12, seed 0 + 1
    brain = rerank.RerankBrain(loaded, 3, threads=1, unsure_below=0, runtime="numpy")
    menus = rerank.dev_menus(brain, dev, 3, "dev")
    assert round(rerank.accuracy(loaded, menus, 3), 4) == chosen["dev"]
    decisions = train_intent._decisions(brain, dev)
    right = sum(max(range(len(s)), key=s.__getitem__) == a for s, a in decisions)
    assert round(right / len(dev), 4) == chosen["dev"]
    # it ports to the numpy MiniLM runtime: the same logits without torch
    on_numpy = rerank.NumpyReranker(out / f"ckpt-{chosen['menus']:06d}", "minilm")
    for goal, pairs, _, _ in menus[:4]:
        assert on_numpy.row(goal, pairs, 3) == pytest.approx(loaded.row(goal, pairs, 3), abs=1e-4)
    # a run stopped at a checkpoint goes on from it: its weights, its menus, its curve
    resumed = rerank.new_reranker("minilm", 2, 5)  # another seed: other weights at first
    from_ckpt = rerank.load_reranker(out / "ckpt-000008", "minilm")
    goal, pairs, _, _ = menus[0]
    resumed.model.eval()
    assert resumed.row(goal, pairs, 3) != pytest.approx(from_ckpt.row(goal, pairs, 3), abs=1e-4)
    assert rerank.resumed(resumed, out / "ckpt-000008") == (8, curve[:1])
    for goal, pairs, _, _ in menus[:2]:
        assert resumed.row(goal, pairs, 3) == pytest.approx(from_ckpt.row(goal, pairs, 3), abs=1e-4)
    on = [*toy, "--drop-writer-leaks", "--no-eval", "--resume", str(out / "ckpt-000008")]
    assert rerank.main([*on[: on.index("--menus") + 1], "24", *on[on.index("--menus") + 2 :]]) == 0
    again = json.loads((out / "curve.json").read_text())
    assert [p["menus"] for p in again] == [8, 16, 24] and again[0] == curve[0]
