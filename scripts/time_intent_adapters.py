"""Two or more intent adapters timed side by side on the held-out decisions (issue 11).

Each adapter gets its own ``IntentBrain`` (numpy, one thread); every held-out case is
decided by each in turn, interleaved, so a busy machine slows them alike; the first
decision (which loads the model) is left out and the label caches start empty. Prints
the median milliseconds of one decision and how many were right. Run:
``python scripts/time_intent_adapters.py OLD_ADAPTER_DIR NEW_ADAPTER_DIR``
(the shipped adapter is ``tiny_computer_agent/brains/models/intent/adapter``; an older one can
be written out with ``git show REV:PATH > DIR/NAME`` for its five files).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from tiny_computer_agent.brains.models._intent import IntentBrain
from tiny_computer_agent.records import load_traces, scoring_policy
from tiny_computer_agent.records._judging import score_trace

HELDOUT = Path(__file__).resolve().parents[1] / "benchmarks" / "intent" / "heldout"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adapters", nargs="+", type=Path)
    args = parser.parse_args()
    traces = [t for f in sorted(HELDOUT.glob("*.json")) for t in load_traces(f)]
    brains = [IntentBrain(adapter=folder, threads=1) for folder in args.adapters]
    for brain in brains:  # the load is not a decision
        score_trace(traces[0], brain, policy=scoring_policy())
        brain._labels.clear()
        brain._goals.clear()
    took: list[list[float]] = [[] for _ in brains]
    right = [0 for _ in brains]
    for trace in traces:
        for i, brain in enumerate(brains):
            start = time.perf_counter()
            right[i] += score_trace(trace, brain, policy=scoring_policy()).passed
            took[i].append(time.perf_counter() - start)
    print("| adapter | median ms | right |")
    print("|---|---:|---:|")
    for folder, times, count in zip(args.adapters, took, right, strict=True):
        print(f"| {folder} | {1000 * statistics.median(times):.1f} | {count}/{len(traces)} |")


if __name__ == "__main__":
    main()
