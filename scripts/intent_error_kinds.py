"""What kinds of error intent adapters make on the held-out sets, as counts only (issue 11).

Reading the held-out cases to decide what to change next would tune the recipe to them;
this prints no goal and no label, only how many decisions fell into each kind, overall
and per domain, for each adapter given:

    pass         the decision was right
    wrong        it picked another entry where one fits
    kept going   it picked an entry where nothing fits (it should have given up)
    gave up      it gave up where an entry fits
    refused      it picked the right entry, but typed the wrong text or the default
                 policy refused it (a password field)

Run: ``python scripts/intent_error_kinds.py ADAPTER_DIR [ADAPTER_DIR ...]`` (the shipped
adapter is ``tiny_computer_agent/brains/models/intent/adapter``).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from tiny_computer_agent._contracts import Brain
from tiny_computer_agent.brains.models._intent import IntentBrain
from tiny_computer_agent.records import Trace, load_traces, scoring_policy
from tiny_computer_agent.records._judging import score_trace

HELDOUT = Path(__file__).resolve().parents[1] / "benchmarks" / "intent" / "heldout"
KINDS = ("pass", "wrong", "kept going", "gave up", "refused")


def kind_of(trace: Trace, brain: Brain) -> str:
    """The kind (one of :data:`KINDS`) of ``brain``'s decision on ``trace``."""
    verdict = score_trace(trace, brain, policy=scoring_policy())
    if verdict.passed:
        return "pass"
    if not verdict.expected and not verdict.expected_refusal:
        return "kept going"
    if verdict.chose is None:
        return "gave up"
    return "refused" if verdict.matched else "wrong"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adapters", nargs="+", type=Path)
    parser.add_argument("--heldout", type=Path, default=HELDOUT, help="case files")
    args = parser.parse_args()
    files = sorted(args.heldout.glob("*.json"))
    for folder in args.adapters:
        brain = IntentBrain(adapter=folder, threads=1, unsure_below=0)  # forced, as scored
        per: dict[str, Counter[str]] = {}
        for f in files:
            for trace in load_traces(f):
                domain = str(trace.metadata.get("domain", f.stem))
                per.setdefault(domain, Counter())[kind_of(trace, brain)] += 1
        brain.unload()
        print(f"\n{folder}\n")
        print("| domain | " + " | ".join(KINDS) + " |")
        print("|---|" + "---:|" * len(KINDS))
        total: Counter[str] = sum(per.values(), Counter())
        for name, counts in [*sorted(per.items()), ("**all**", total)]:
            print(f"| {name} | " + " | ".join(str(counts[k]) for k in KINDS) + " |")


if __name__ == "__main__":
    main()
