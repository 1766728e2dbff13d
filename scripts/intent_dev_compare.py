"""Intent adapters side by side on one dev set: choose a training recipe by dev, never by
the held-out sets (issue 11).

Each run of ``python -m tiny_computer_agent.brains.models.train_intent`` calibrates on its own
dev decisions, so two recipes whose generators differ report dev accuracies on different
sets. This scores every adapter folder given on the same dev decisions, made by the
generator as it is in this checkout (``split="dev"``: wording held out of training), with
each adapter's calibrated head: right when the brain's best entry is the answer, or when
it would give up where nothing fits. Run:
``python scripts/intent_dev_compare.py ADAPTER_DIR [ADAPTER_DIR ...] [--decisions 2000]``
(``--inventory DIR --assent 0`` draws the dev set an older inventory and generator drew,
``--question-echoes`` the one ``train_intent --question-echoes`` draws;
``--runs`` scores them on runs/ instead)
(the shipped adapter is ``tiny_computer_agent/brains/models/intent/adapter``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tiny_computer_agent._elements import Element
from tiny_computer_agent.brains.models._intent import IntentBrain
from tiny_computer_agent.brains.models._intent_data import (
    ASSENT,
    INVENTORY_DIR,
    generate,
    load_inventory,
)
from tiny_computer_agent.brains.models.train_intent import DEV_DECISIONS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adapters", nargs="+", type=Path)
    parser.add_argument("--decisions", type=int, default=DEV_DECISIONS)
    parser.add_argument("--seed", type=int, default=1, help="train_intent's dev seed is 1")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--inventory", type=Path, default=INVENTORY_DIR, help="domain files")
    parser.add_argument(
        "--assent", type=float, default=ASSENT, help=f"share of assent decisions ({ASSENT})"
    )
    parser.add_argument(
        "--question-echoes",
        action="store_true",
        help="draw the dev set as train_intent --question-echoes does",
    )
    parser.add_argument(
        "--runs", action="store_true", help="also score each adapter on runs/ (recorded tasks)"
    )
    args = parser.parse_args()
    if args.runs:
        _runs(args.adapters, args.threads)
        return
    inventory = load_inventory(args.inventory)
    dev = generate(
        inventory,
        args.decisions,
        args.seed,
        split="dev",
        assent=args.assent,
        question_echoes=args.question_echoes,
    )
    print("| adapter | right | of | accuracy |")
    print("|---|---|---|---|")
    for folder in args.adapters:
        brain = IntentBrain(adapter=folder, threads=args.threads)
        right = 0
        for e in dev:
            entries = [Element(label=t, box=(0, 0, 1, 1), source="scripted", kind=k)
                       for t, k in e.entries]  # fmt: skip
            scores, nothing = brain.scores(e.goal, entries)
            best = max(range(len(scores)), key=lambda i: (scores[i], -i))
            right += (None if scores[best] < nothing else best) == e.answer
        print(f"| {folder} | {right} | {len(dev)} | {100 * right / len(dev):.2f} % |", flush=True)
        brain.unload()


def _runs(adapters: list[Path], threads: int) -> None:
    """Each adapter on the recorded scenarios of runs/, as ``--score`` judges them."""
    from tiny_computer_agent.records import load_traces, scoring_policy
    from tiny_computer_agent.records._judging import score_trace

    traces = load_traces(Path(__file__).resolve().parents[1] / "runs")
    print("| adapter | runs/ passed | failed: the goal, and the error or the pick |")
    print("|---|---|---|")
    for folder in adapters:
        brain = IntentBrain(adapter=folder, threads=threads)
        verdicts = [(t.goal, score_trace(t, brain, policy=scoring_policy())) for t in traces]
        passed = sum(v.passed for _, v in verdicts)
        failed = "; ".join(f"{g!r}: {v.error or v.chose}" for g, v in verdicts if not v.passed)
        print(f"| {folder} | {passed}/{len(traces)} | {failed} |", flush=True)
        brain.unload()


if __name__ == "__main__":
    main()
