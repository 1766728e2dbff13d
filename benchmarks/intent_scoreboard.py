"""Every brain on runs/ and on the held-out free-form sets, per domain (issue 11).

    python benchmarks/intent_scoreboard.py [--brains planner,embed,intent,intent-torch]
        [--threads 1] [--cases DIR] [--out DIR]

Prints the tables and writes them as the page ``docs/benchmarks/intent.md`` (``--out
DIR`` elsewhere), with the date, the machine, the command and the commit above them
(with ``--cases`` other than the held-out sets it only prints).

For each brain: runs/ (the recorded scenarios), the held-out case files in
benchmarks/intent/heldout/ overall and per domain, how often it gave up when nothing
fit (and how often its give-ups were right: give-up precision), how many held-out
choices were right but refused by the default policy (they count as wrong), the median time
of one decision on a new goal and screen ("median ms") and of the same decision again
("again ms": the next step of a task, its goal and the screen's labels seen). A fresh
brain per scenario file set, one process, side by side. ``intent-torch`` is the intent
brain with MiniLM on torch (``IntentBrain(runtime="torch")``) instead of numpy, the
same weights: its row shows what the numpy runtime saves.
The held-out sets were written before the intent brain was trained and are never
trained on (train_intent fails when a held-out goal or a near copy is in its data).
``--cases benchmarks/intent/dev`` scores the hand-written dev cases instead, the set
that recipes may be chosen by (``scripts/intent_dev_cases.py``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from tiny_computer_agent._contracts import Brain
from tiny_computer_agent.records import load_traces, scoring_policy
from tiny_computer_agent.records._judging import score_trace
from tiny_computer_agent.registry import BrainOptions, make_brain

ROOT = Path(__file__).resolve().parents[1]
HELDOUT = ROOT / "benchmarks" / "intent" / "heldout"
RUNS = ROOT / "runs"


def _brain(name: str, threads: int) -> Brain:
    """The brain ``name`` from the registry, or the intent brain on torch."""
    if name == "intent-torch":
        from tiny_computer_agent.brains.models import IntentBrain

        return IntentBrain(threads=threads, runtime="torch", name="intent-torch")
    return make_brain(name, BrainOptions(threads=threads))


def _score(
    brain_name: str, traces: list, threads: int
) -> list[tuple[str, bool, bool, bool, float, float, bool]]:
    """(domain, passed, expected give-up, gave up, seconds, seconds again, right but
    refused) per scenario: "again" decides the same scenario a second time, as the next
    step of a task does with the same goal on a screen whose labels it has seen; "right
    but refused" is the expected choice that the default policy refused (its deny list
    names password widgets), which does not pass."""
    brain = _brain(brain_name, threads)
    rows = []
    for trace in traces:
        start = time.perf_counter()
        verdict = score_trace(trace, brain, policy=scoring_policy())
        took = time.perf_counter() - start
        score_trace(trace, brain, policy=scoring_policy())
        again = time.perf_counter() - start - took
        gave_up = verdict.verdict == "no-decision" and "GoalUnreachable" in (verdict.error or "")
        expected_give_up = trace.expected is not None and trace.expected.give_up
        domain = trace.metadata.get("domain", "runs")
        refused = verdict.verdict == "refused" and verdict.matched
        rows.append((domain, verdict.passed, expected_give_up, gave_up, took, again, refused))
    return rows


def _pct(right: int, total: int) -> str:
    return f"{100 * right / total:.0f}%" if total else "-"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--brains", default="planner,embed,intent,intent-torch")
    p.add_argument("--threads", type=int, default=1, help="torch threads for model brains")
    p.add_argument("--cases", type=Path, default=HELDOUT, help="case files (the held-out)")
    sys.path.insert(0, str(ROOT))
    from benchmarks import _pages

    _pages.add_out_argument(p)
    args = p.parse_args(argv)
    started = time.time()
    command = _pages.command_line("benchmarks/intent_scoreboard.py", argv)
    runs = list(load_traces(RUNS))
    heldout = [t for f in sorted(args.cases.glob("*.json")) for t in load_traces(f)]
    if not heldout:
        p.error(f"--cases {args.cases}: no case files (*.json) there")
    label = "held-out" if args.cases == HELDOUT else args.cases.name
    domains = sorted({t.metadata["domain"] for t in heldout})
    table = []
    for name in args.brains.split(","):
        _brain(name, args.threads)  # fail early on a bad name
        on_runs = _score(name, runs, args.threads)
        rows = _score(name, heldout, args.threads)
        times = [r[4] for r in rows[1:]]  # the first decision loads the model
        again = [r[5] for r in rows[1:]]
        nothing = [r for r in rows if r[2]]
        gave_up = [r for r in rows if r[3]]
        per = {d: [r for r in rows if r[0] == d] for d in domains}
        right = sum(r[1] for r in rows)
        table.append(
            {
                "brain": name,
                "runs": f"{sum(r[1] for r in on_runs)}/{len(on_runs)}",
                label: f"{_pct(right, len(rows))} ({right}/{len(rows)})",
                "right but refused": sum(r[6] for r in rows),
                "nothing fits": _pct(sum(r[1] for r in nothing), len(nothing)),
                "give-up precision": _pct(sum(r[2] for r in gave_up), len(gave_up)),
                "worst domain": min(
                    (f"{d} {_pct(sum(r[1] for r in v), len(v))}" for d, v in per.items()),
                    key=lambda s: int(s.rsplit(" ", 1)[1].rstrip("%")),
                ),
                "median ms": f"{1000 * statistics.median(times):.1f}",
                "again ms": f"{1000 * statistics.median(again):.1f}",
                "per": {d: _pct(sum(r[1] for r in v), len(v)) for d, v in per.items()},
            }
        )
    heads = [
        "brain",
        "runs",
        label,
        "right but refused",
        "nothing fits",
        "give-up precision",
        "worst domain",
        "median ms",
        "again ms",
    ]
    lines = [
        f"{label}: {len(heldout)} cases over {len(domains)} domains "
        f"({sum(1 for t in heldout if t.expected and t.expected.give_up)} where nothing fits); "
        f"runs/: {len(runs)} scenarios",
        "",
        "| " + " | ".join(heads) + " |",
        "|" + "---|" * len(heads),
        *("| " + " | ".join(str(row[h]) for h in heads) + " |" for row in table),
        "",
        "| domain | " + " | ".join(r["brain"] for r in table) + " |",
        "|" + "---|" * (len(table) + 1),
    ]
    for d in domains:
        count = sum(1 for t in heldout if t.metadata["domain"] == d)
        lines.append(f"| {d} ({count}) | " + " | ".join(r["per"][d] for r in table) + " |")
    print("\n".join(lines))
    about = (__doc__ or "").split("\n\n", 2)[-1]
    body = "\n".join(lines) + "\n\n## How it is measured\n\n```text\n" + about.strip() + "\n```"
    title = f"intent: every brain on runs/ and the {label} free-form cases, per domain"
    if args.cases == HELDOUT:  # the page is the held-out board; other cases only print
        _pages.write_page(args.out, "intent.md", title, command, body, started=started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
