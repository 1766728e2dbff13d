"""Intent adapters on the hand-written dev cases (``benchmarks/intent/dev/``): choose a
recipe or a head setting by cases written like real use, never by the held-out sets.

The dev decisions that ``train_intent`` calibrates on are drawn from the intent inventory,
so they reward what fits the inventory's own words (the grown inventory and the synonym
table gained there and lost on the held-out sets: README). The dev cases were written by
hand, like the held-out sets and apart from them. Cases whose goal is a near copy (word
Jaccard >= 0.8) of a held-out goal or of a training phrasing are left out; only their
counts are printed, never a goal.

Run: ``python scripts/intent_dev_cases.py ADAPTER_DIR [ADAPTER_DIR ...]``, each adapter
scored as ``--score`` judges a case (the shipped adapter is
``tiny_computer_agent/brains/models/intent/adapter``); ``--grid OUT`` re-chooses the first
adapter's head settings (stock weight, nothing-fits offset, word-overlap weight) on the
dev cases and writes a copy of the adapter with the best ones to ``OUT``.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
from pathlib import Path

from tiny_computer_agent.brains.models._intent import IntentBrain
from tiny_computer_agent.brains.models._intent_data import all_phrasings, load_inventory
from tiny_computer_agent.brains.models.train_intent import (
    HELDOUT_DIR,
    heldout_goals,
    leaks,
    score_by_domain,
)
from tiny_computer_agent.records import load_traces
from tiny_computer_agent.records._schema import Trace

ROOT = Path(__file__).resolve().parents[1]
DEV_CASES = ROOT / "benchmarks" / "intent" / "dev"


def dev_traces(folder: Path) -> list[Trace]:
    """The dev cases as scenarios, without near copies of held-out or training goals."""
    traces = load_traces(folder)
    goals = [t.goal for t in traces]
    near_heldout = {g for g, _, _ in leaks(goals, heldout_goals(HELDOUT_DIR))}
    near_training = {g for g, _, _ in leaks(goals, list(all_phrasings(load_inventory())))}
    kept = [t for t in traces if t.goal not in near_heldout | near_training]
    print(
        f"{len(traces)} dev cases; left out: {len(near_heldout)} near a held-out goal, "
        f"{len(near_training - near_heldout)} near a training phrasing; {len(kept)} kept"
    )
    return kept


def total(per: dict[str, list[int]]) -> int:
    return sum(r for r, _ in per.values())


def grid(adapter: Path, traces: list[Trace], out: Path) -> None:
    from safetensors.numpy import load_file, save_file

    brain = IntentBrain(adapter=adapter, threads=2, unsure_below=0)  # forced, as scored
    brain.loaded("the dev cases")
    weights = brain._weights
    head = weights[3]
    shipped = (head.stock, 0.0, head.overlap)
    tried = []
    for stock in (0.0, 1.0, 2.0, 4.0):
        for offset in [o / 2 for o in range(-4, 5)]:
            for overlap in dict.fromkeys((head.overlap, 1.0, 2.0, 4.0)):
                brain._weights = (*weights[:3], dataclasses.replace(
                    head, stock=stock, nothing=head.nothing + offset, overlap=overlap
                ), *weights[4:])  # fmt: skip
                brain._goals.clear()  # goal vectors hold the stock one only when asked
                right = total(score_by_domain(brain, traces))
                far = abs(stock - shipped[0]) + abs(offset) + abs(overlap - shipped[2])
                tried.append((right, -far, stock, offset, overlap))
    tried.sort(reverse=True)
    print("| dev cases right | stock | nothing offset | overlap |")
    print("|---:|---:|---:|---:|")
    for right, _, stock, offset, overlap in tried[:8]:
        print(f"| {right} | {stock} | {offset:+} | {overlap:.4g} |")
    right, _, stock, offset, overlap = tried[0]
    at_shipped = next(t[0] for t in tried if t[2:] == shipped)
    print(f"shipped settings: {at_shipped} right; best: {right}")
    shutil.copytree(adapter, out, dirs_exist_ok=True)
    tensors = load_file(str(out / "head.safetensors"))
    tensors["stock"][...] = stock
    tensors["nothing"][...] = head.nothing + offset
    tensors["overlap"][...] = overlap
    save_file(tensors, str(out / "head.safetensors"))
    (out / "card.json").unlink(missing_ok=True)
    print(f"wrote {out} (without a card: its figures were for the shipped settings)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adapters", nargs="+", type=Path)
    parser.add_argument("--cases", type=Path, default=DEV_CASES, help="folder of case files")
    parser.add_argument("--grid", type=Path, help="re-choose the first adapter's settings")
    args = parser.parse_args()
    traces = dev_traces(args.cases)
    if args.grid:
        grid(args.adapters[0], traces, args.grid)
        return
    results = {}
    for folder in args.adapters:
        brain = IntentBrain(adapter=folder, threads=2, unsure_below=0)  # forced, as scored
        results[folder] = score_by_domain(brain, traces)
        brain.unload()
    domains = sorted({d for per in results.values() for d in per})
    print("| domain | " + " | ".join(str(f) for f in args.adapters) + " |")
    print("|---|" + "---:|" * len(args.adapters))
    for d in domains:
        cells = ["{}/{}".format(*results[f].get(d, [0, 0])) for f in args.adapters]
        print(f"| {d} | " + " | ".join(cells) + " |")
    cells = [f"**{total(results[f])}/{len(traces)}**" for f in args.adapters]
    print("| **all** | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
