"""scripts/intent_rerank.py (issue 35): the cross-encoder that re-ranks the intent brain's
top-k, run end to end on a toy budget so that the pipeline cannot rot: the generator and
leak check of train_intent, the shipped brain's candidates, training, the dev curve and
its checkpoints, and the held-out scoring by the scoreboard's own code."""

from __future__ import annotations

import json
import shutil
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
    cases = tmp_path / "cases"  # a writer's screens: half the menus; another's chooses
    (cases / "wx").mkdir(parents=True)
    (cases / "wy").mkdir()
    (cases / "wx" / "a.json").write_text(json.dumps(_cases("wx")))
    (cases / "wy" / "a.json").write_text(json.dumps(_cases("wy")))
    toy = ["--out", str(out), "--examples", "40", "--dev", "12", "--menus", "16", "--batch", "4"]
    toy += ["--eval-every", "8", "--k", "3", "--rank", "2", "--heldout", str(one)]
    toy += ["--writers-dir", str(writers), "--writers", "all", "--holdout-writer", "wb"]
    toy += ["--cases", str(cases / "wx"), "--case-dev", str(cases / "wy")]
    assert rerank.main(toy) == 3  # train_intent's leak check
    assert rerank.main([*toy, "--case-dev", str(cases / "wx"), "--drop-writer-leaks"]) == 2
    assert rerank.main([*toy, "--drop-writer-leaks"]) == 0
    curve = json.loads((out / "curve.json").read_text())
    assert [p["menus"] for p in curve] == [8, 16]
    assert all(0 <= p[s] <= 1 for p in curve for s in ("dev", "cross_writer", "cases"))
    chosen = rerank.best(curve)  # by the written dev cases
    assert chosen["cases"] == max(p["cases"] for p in curve)
    found = json.loads((out / f"ckpt-{chosen['menus']:06d}" / "heldout.json").read_text())
    board = {row["brain"]: row for row in found["heldout"]}
    cases_in_file = len(read_cases(first))
    assert board["rerank"]["held-out"].endswith(f"/{cases_in_file})")
    assert {row["brain"] for row in found["case_dev"]} == {"rerank", "shipped"}
    # the scoreboard's code, run here, gives the shipped brain what train_intent gives it
    shipped = train_intent.evaluate(ADAPTER_DIR, [one], threads=1)["overall"]
    assert board["shipped"]["held-out"].endswith(f"({shipped['right']}/{cases_in_file})")
    assert found["timing"]["pipeline_ms"] > 0 and found["lora_bytes"] > 0
    # the quick dev accuracy of the curve is what the package's brain decides with the
    # checkpoint as its re-ranker (numpy, no torch), and its logits are torch's
    from tiny_computer_agent.brains.models._intent_data import generate, load_inventory

    ckpt = out / f"ckpt-{chosen['menus']:06d}"
    loaded, brain = rerank.load_reranker(ckpt, "minilm"), rerank.pipeline(ckpt, "minilm")
    dev = generate(load_inventory(), 12, 1, split="dev")  # the script's: --dev 12, seed 0 + 1
    menus = rerank.dev_menus(brain, dev, 3, "dev")
    assert round(rerank.accuracy(loaded, menus, 3), 4) == chosen["dev"]
    decisions = train_intent._decisions(brain, dev)
    right = sum(max(range(len(s)), key=s.__getitem__) == a for s, a in decisions)
    assert round(right / len(dev), 4) == chosen["dev"]
    on_numpy = brain._loaded_reranker()
    for goal, pairs, _, _, base in menus[:4]:
        torch_row = loaded.row(goal, pairs, 3, base)
        torch_row = [*torch_row[: len(pairs)], torch_row[-1]]
        assert on_numpy.row(goal, pairs, base) == pytest.approx(torch_row, abs=1e-4)
    # a run stopped at a checkpoint goes on from it: its weights, its menus, its curve
    resumed = rerank.new_reranker("minilm", 2, 5)  # another seed: other weights at first
    from_ckpt = rerank.load_reranker(out / "ckpt-000008", "minilm")
    goal, pairs, _, _, base = menus[0]
    resumed.model.eval()
    assert resumed.row(goal, pairs, 3, base) != pytest.approx(
        from_ckpt.row(goal, pairs, 3, base), abs=1e-4
    )
    assert rerank.resumed(resumed, out / "ckpt-000008") == (8, curve[:1])
    for goal, pairs, _, _, base in menus[:2]:
        assert resumed.row(goal, pairs, 3, base) == pytest.approx(
            from_ckpt.row(goal, pairs, 3, base), abs=1e-4
        )
    on = [*toy, "--drop-writer-leaks", "--no-eval", "--resume", str(out / "ckpt-000008")]
    assert rerank.main([*on[: on.index("--menus") + 1], "24", *on[on.index("--menus") + 2 :]]) == 0
    again = json.loads((out / "curve.json").read_text())
    assert [p["menus"] for p in again] == [8, 16, 24] and again[0] == curve[0]
    # a residual head starts from the shipped brain's own ranking: its scores underneath
    residual = tmp_path / "residual"
    at = toy.index("--out") + 1
    flags = [*toy[:at], str(residual), *toy[at + 1 :], "--drop-writer-leaks", "--no-eval"]
    assert rerank.main([*flags, "--residual"]) == 0
    ckpt = residual / "ckpt-000016"
    assert json.loads((ckpt / "rerank.json").read_text())["residual"] is True
    loaded, brain = rerank.load_reranker(ckpt, "minilm"), rerank.pipeline(ckpt, "minilm")
    assert hasattr(loaded.head, "base")
    for goal, pairs, _, _, base in menus[:4]:
        torch_row = loaded.row(goal, pairs, 3, base)
        torch_row = [*torch_row[: len(pairs)], torch_row[-1]]
        assert brain._loaded_reranker().row(goal, pairs, base) == pytest.approx(torch_row, abs=1e-4)


def _cases(writer: str) -> dict[str, Any]:
    """A few written decisions in the held-out format (none copies a held-out goal)."""
    screens = {
        "wx": [
            ("make the writing bigger on screen", ["Zoom In", "Zoom Out", "Print"], "Zoom In"),
            ("get rid of this draft for good", ["Keep", "Delete Draft", "Send"], "Delete Draft"),
            ("order me a pizza", ["Bold", "Italic", "Underline"], None),
        ],
        "wy": [
            ("go to the page after this one", ["Previous", "Next", "Home"], "Next"),
            ("I want that smaller", ["Zoom In", "Zoom Out", "Fit"], "Zoom Out"),
        ],
    }[writer]
    return {
        "domain": "editing",
        "provenance": f"toy cases by {writer}",
        "cases": [
            {
                "id": f"{writer}-{i}",
                "goal": goal,
                "screen": [["Document - Editor", "title"], *([b, "button"] for b in buttons)],
                "prose": [],
                "history": [],
                "answer": [answer] if answer else [],
                "verb": "click",
                "text": None,
            }
            for i, (goal, buttons, answer) in enumerate(screens)
        ],
    }


def _toy_reranker(folder: Path, **head: float) -> Path:
    """A residual re-ranker checkpoint (rank 2, k 3) with its head's values set."""
    torch = pytest.importorskip("torch", reason="building a checkpoint needs the 'intent' extra")
    pytest.importorskip("peft", reason="building a checkpoint needs the 'intent' extra")
    rerank = _script()
    made = rerank.new_reranker("minilm", 2, 0, residual=True)
    with torch.no_grad():
        for name, value in head.items():
            getattr(made.head, name).fill_(value)
    rerank.save(made, folder, {"k": 3, "rank": 2, "residual": True, "model": "minilm"})
    return folder


@pytest.mark.model
def test_an_adapter_with_a_reranker_decides_by_it(tmp_path: Path) -> None:
    """The shipped adapter with a re-ranker in its ``rerank/``: a head that adds nothing
    of its own leaves the top three as the bi-encoder scored them, and ranks the rest
    below them in the same order; a head that favours nothing fits makes the brain give
    up where it chose before. ``train_intent --rerank`` joins a checkpoint to an adapter."""
    from tiny_computer_agent import GoalUnreachable, Observation, build_menu
    from tiny_computer_agent._elements import Element
    from tiny_computer_agent.brains.models import IntentBrain
    from tiny_computer_agent.brains.models._intent import adapter_status
    from tiny_computer_agent.brains.models._intent_rerank import RERANK, top_k

    adapter = tmp_path / "adapter"
    shutil.copytree(ADAPTER_DIR, adapter, ignore=shutil.ignore_patterns(RERANK))
    labels = ("Save", "Don't Save", "Cancel", "Help", "Print", "Close")
    frame = Observation.of(
        [Element(label=t, box=(10, 40 * i, 90, 40 * i + 30)) for i, t in enumerate(labels)],
        size=(400, 400),
    )
    goal = "keep my work"
    plain, nothing = IntentBrain(adapter=adapter, threads=1, unsure_below=0).scores(
        goal, frame.elements
    )
    _toy_reranker(adapter / RERANK, scale=0.0, bias=0.0, nothing=0.0, base=1.0)
    assert "a re-ranker" in adapter_status(adapter)[1]
    scores, again = IntentBrain(adapter=adapter, threads=1, unsure_below=0).scores(
        goal, frame.elements
    )
    top = top_k(plain, 3)
    assert [scores[i] for i in top] == pytest.approx([plain[i] for i in top], abs=1e-3)
    assert again == pytest.approx(nothing, abs=1e-3)
    rest = [i for i in top_k(plain, len(plain)) if i not in top]
    assert max(scores[i] for i in rest) < min(scores[i] for i in top)
    assert top_k(scores, len(scores)) == [*top, *rest]
    chose = IntentBrain(adapter=adapter, threads=1, unsure_below=0).decide(
        goal, build_menu(frame), ()
    )
    _toy_reranker(adapter / RERANK, scale=0.0, bias=0.0, nothing=100.0, base=1.0)
    with pytest.raises(GoalUnreachable):
        IntentBrain(adapter=adapter, threads=1, unsure_below=0).decide(goal, build_menu(frame), ())
    off = IntentBrain(adapter=adapter, threads=1, unsure_below=0, rerank=False)
    assert off.decide(goal, build_menu(frame), ()).choice == chose.choice
    # train_intent --rerank: the checkpoint joins the adapter, the card names it, the
    # confidence is fitted again; a folder that is not a checkpoint changes nothing
    one = tmp_path / "heldout"
    one.mkdir()
    (one / "a.json").write_text(sorted(HELDOUT.glob("*.json"))[0].read_text())
    ckpt = _toy_reranker(tmp_path / "ckpt", scale=0.0, bias=0.0, nothing=0.0, base=1.0)
    before = json.loads((adapter / "card.json").read_text())
    flags = ["--out", str(adapter), "--heldout", str(one), "--dev", "40", "--threads", "1"]
    assert train_intent.main([*flags, "--rerank", str(tmp_path / "heldout")]) == 2
    assert train_intent.main([*flags, "--rerank", str(ckpt)]) == 0
    card = json.loads((adapter / "card.json").read_text())
    assert card["rerank"]["k"] == 3 and card["sha256"] != before["sha256"]
    assert card["heldout"]["overall"]["cases"] == len(read_cases(one / "a.json"))
    assert json.loads((adapter / "confidence.json").read_text())["dev_decisions"] == 40
    # a head that is not a re-ranker's is named, not a KeyError at the first decision
    from safetensors.numpy import load_file, save_file

    from tiny_computer_agent._errors import BrainError

    head = load_file(str(adapter / RERANK / "head.safetensors"))
    save_file(
        {k: v for k, v in head.items() if k != "scale"}, str(adapter / RERANK / "head.safetensors")
    )
    with pytest.raises(BrainError, match="lacks scale"):
        IntentBrain(adapter=adapter, threads=1, unsure_below=0).scores(goal, frame.elements)
    (adapter / RERANK / "head.safetensors").unlink()
    ok, why = adapter_status(adapter)
    assert not ok and "head.safetensors" in why


@pytest.mark.model
def test_the_listwise_design_trains_on_written_cases_and_decides(tmp_path: Path) -> None:
    """scripts/intent_listwise.py on a toy budget: the goal and the whole menu in one pass,
    over the shipped brain's scores; its curve holds the three dev samples, its best
    checkpoint is scored beside the shipped brain, and the brain it makes decides."""
    pytest.importorskip("torch", reason="training needs the 'intent' extra (make test)")
    pytest.importorskip("peft", reason="training needs the 'intent' extra (make test)")
    listwise = load_file_module(ROOT / "scripts" / "intent_listwise.py", "intent_listwise")
    one = tmp_path / "heldout"
    one.mkdir()
    (one / "a.json").write_text(sorted(HELDOUT.glob("*.json"))[0].read_text())
    cases = tmp_path / "cases"
    for writer in ("wx", "wy"):
        (cases / writer).mkdir(parents=True)
        (cases / writer / "a.json").write_text(json.dumps(_cases(writer)))
    out = tmp_path / "out"
    toy = ["--out", str(out), "--examples", "40", "--dev", "12", "--menus", "8", "--batch", "4"]
    toy += ["--eval-every", "4", "--rank", "2", "--heldout", str(one), "--residual"]
    toy += ["--cases", str(cases / "wx"), "--case-dev", str(cases / "wy")]
    assert listwise.main(toy) == 0
    curve = json.loads((out / "curve.json").read_text())
    assert [p["menus"] for p in curve] == [4, 8]
    assert all(0 <= p["dev"] <= 1 and 0 <= p["cases"] <= 1 for p in curve)
    chosen = listwise.rr.best(curve)
    ckpt = out / f"ckpt-{chosen['menus']:06d}"
    found = json.loads((ckpt / "heldout.json").read_text())
    assert {row["brain"] for row in found["heldout"]} == {"listwise", "shipped"}
    model = listwise.load(ckpt, "minilm")
    assert hasattr(model.head, "base")
    from tiny_computer_agent import Observation, build_menu
    from tiny_computer_agent._elements import Element

    labels = ("Zoom In", "Zoom Out", "Print")
    frame = Observation.of(
        [Element(label=t, box=(10, 40 * i, 90, 40 * i + 30)) for i, t in enumerate(labels)],
        size=(400, 400),
    )
    brain = listwise.ListwiseBrain(model, threads=1, unsure_below=0, runtime="numpy")
    scores, _ = brain.scores("make it bigger", frame.elements)
    assert len(scores) == 3 and all(s == s for s in scores)  # a score per entry, no NaN
    assert brain.decide("make it bigger", build_menu(frame), ()).choice in (1, 2, 3)
