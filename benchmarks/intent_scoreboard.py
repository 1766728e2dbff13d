"""Every brain on runs/ and on the held-out free-form sets, per domain (issue 11).

    python benchmarks/intent_scoreboard.py [--brains planner,embed,intent,intent-torch]
        [--threads 1] [--cases DIR] [--out DIR]

Prints the tables and writes them as the page ``docs/benchmarks/intent.md`` (``--out
DIR`` elsewhere), with the date, the machine, the command and the commit above them
(with ``--cases`` other than the held-out sets it only prints).

For each brain: runs/ (the recorded scenarios), the held-out case files in
benchmarks/intent/heldout/ overall and per domain, how often it gave up when nothing
fit (and how often its give-ups were right: give-up precision), how many held-out
choices were right but refused by the default policy (counted apart: neither right nor
wrong; the refusal says the flag that allows it), the median time
of one decision on a new goal and screen ("median ms") and of the same decision again
("again ms": the next step of a task, its goal and the screen's labels seen). A fresh
brain per scenario file set, one process, side by side. ``intent-torch`` is the intent
brain with MiniLM on torch (``IntentBrain(runtime="torch")``) instead of numpy, the
same weights: its row shows what the numpy runtime saves.
For a brain that says how sure it is (the intent brain: a calibrated confidence per
decision, its temperature and threshold fitted on the synthetic dev split, never on
these cases), precision and coverage: with asking on, the brain acts only at or above
a confidence and asks (or, with no one to ask, gives up naming its candidates) below
it; coverage is the share of cases it acts on, precision the share of those it got
right (right but refused counts as right: the brain chose well). The plain accuracy
above is the brain forced to choose every time. The curve gives several thresholds and
the point at the shipped one (``confidence.json`` beside the adapter).
The held-out sets were written before the intent brain was trained and are never
trained on (train_intent fails when a held-out goal or a near copy is in its data).
``--cases benchmarks/intent/dev`` scores the hand-written dev cases instead, the set
that recipes may be chosen by (``scripts/intent_dev_cases.py``).
``--writer NAME`` adds the cross-writer dev accuracy of each intent brain: generated
menus whose goals are that writer's phrasings
(``tiny_computer_agent/brains/models/intent/writers/NAME.json``), which its adapter was
not trained on (its card says which writers it was), near copies of another writer's
phrasing of the same concept left out; the number that tracks new wording.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

from tiny_computer_agent._contracts import Brain, Decision, Step, sees_pixels
from tiny_computer_agent._errors import GoalUnreachable
from tiny_computer_agent._menu import Menu
from tiny_computer_agent.records import load_traces, scoring_policy
from tiny_computer_agent.records._judging import score_trace
from tiny_computer_agent.registry import BrainOptions, make_brain

ROOT = Path(__file__).resolve().parents[1]
HELDOUT = ROOT / "benchmarks" / "intent" / "heldout"
RUNS = ROOT / "runs"
#: The confidences the precision/coverage curve is read at (beside the shipped one).
CURVE = (0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)


def _brain(name: str, threads: int) -> Brain:
    """The brain ``name`` from the registry, or the intent brain on torch; an intent
    brain is forced to choose every time (its confidence is read, not acted on). The
    registry's ``intent`` is the intent brain inside a ProcedureBrain; its one-step
    decisions are scored here, its choice of procedures by
    benchmarks/procedures_scoreboard.py."""
    from tiny_computer_agent.brains.models import IntentBrain

    if name == "intent-torch":
        return IntentBrain(threads=threads, runtime="torch", name="intent-torch", unsure_below=0)
    brain = make_brain(name, BrainOptions(threads=threads))
    inner = getattr(brain, "fallback", None)
    brain = inner if isinstance(inner, IntentBrain) else brain
    return dataclasses.replace(brain, unsure_below=0) if isinstance(brain, IntentBrain) else brain


def _shipped_threshold(brain: Brain) -> float | None:
    """The threshold shipped with an intent brain's adapter, None for other brains."""
    from tiny_computer_agent.brains.models import IntentBrain

    if not isinstance(brain, IntentBrain):
        return None
    return dataclasses.replace(brain, unsure_below=None).calibration().threshold


class _Sure:
    """A brain whose last decision's confidence is kept (None when it gives none)."""

    def __init__(self, brain: Brain) -> None:
        self.brain, self.last = brain, None
        self.name = getattr(brain, "name", type(brain).__name__)
        self.sees_pixels = sees_pixels(brain)
        self.settings = getattr(brain, "settings", dict)

    def decide(self, goal: str, menu: Menu, history: list[Step]) -> Decision:
        self.last = None
        try:
            decision = self.brain.decide(goal, menu, history)
        except GoalUnreachable as exc:
            self.last = exc.confidence
            raise
        self.last = decision.confidence
        return decision


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Row:
    """One scenario's verdict for one brain. ``again``: the same scenario decided a
    second time, as the next step of a task does with the same goal on a screen whose
    labels it has seen; ``refused``: the expected choice, refused by the default policy
    (its deny list names password widgets): counted apart, neither right nor wrong."""

    domain: str
    passed: bool
    expected_give_up: bool
    gave_up: bool
    took: float
    again: float
    refused: bool
    confidence: float | None


def _score(brain_name: str, traces: list, threads: int) -> list[Row]:
    """A :class:`Row` per scenario."""
    brain = _Sure(_brain(brain_name, threads))
    rows = []
    for trace in traces:
        start = time.perf_counter()
        verdict = score_trace(trace, brain, policy=scoring_policy())
        took = time.perf_counter() - start
        sure, why = brain.last, verdict.error or ""
        score_trace(trace, brain, policy=scoring_policy())
        again = time.perf_counter() - start - took
        rows.append(
            Row(
                domain=trace.metadata.get("domain", "runs"),
                passed=verdict.passed,
                expected_give_up=trace.expected is not None and trace.expected.give_up,
                gave_up=verdict.verdict == "no-decision" and "GoalUnreachable" in why,
                took=took,
                again=again,
                refused=verdict.verdict == "refused" and verdict.matched,
                confidence=sure,
            )
        )
    return rows


def _at(rows: list[Row], threshold: float) -> tuple[str, str]:
    """(precision, coverage) of the decisions at or above ``threshold`` (a decision
    without a confidence, a quoted label the planner read, is acted on)."""
    acted = [r for r in rows if r.confidence is None or r.confidence >= threshold]
    right = sum(r.passed or r.refused for r in acted)
    return _pct(right, len(acted)), _pct(len(acted), len(rows))


def _pct(right: int, total: int) -> str:
    return f"{100 * right / total:.0f}%" if total else "-"


def _summary(
    name: str,
    *,
    label: str,
    on_runs: list[Row],
    rows: list[Row],
    domains: list[str],
    shipped: float | None,
) -> dict:
    """One brain's line of the table (and its per-domain figures under ``per``)."""
    times = [r.took for r in rows[1:]]  # the first decision loads the model
    again = [r.again for r in rows[1:]]
    nothing = [r for r in rows if r.expected_give_up]
    gave_up = [r for r in rows if r.gave_up]
    per = {d: [r for r in rows if r.domain == d] for d in domains}
    right = sum(r.passed for r in rows)
    refused = sum(r.refused for r in rows)
    at = "-" if shipped is None else "{} / {} at {:.2f}".format(*_at(rows, shipped), shipped)
    return {
        "brain": name,
        "runs": f"{sum(r.passed for r in on_runs)}/{len(on_runs)}",
        label: f"{_pct(right, len(rows))} ({right}/{len(rows)})",
        "right but refused": refused,
        "wrong": len(rows) - right - refused,
        "nothing fits": _pct(sum(r.passed for r in nothing), len(nothing)),
        "give-up precision": _pct(sum(r.expected_give_up for r in gave_up), len(gave_up)),
        "worst domain": min(
            (f"{d} {_pct(sum(r.passed for r in v), len(v))}" for d, v in per.items()),
            key=lambda s: int(s.rsplit(" ", 1)[1].rstrip("%")),
        ),
        "precision / coverage at its threshold": at,
        "median ms": f"{1000 * statistics.median(times):.1f}",
        "again ms": f"{1000 * statistics.median(again):.1f}",
        "per": {d: _pct(sum(r.passed for r in v), len(v)) for d, v in per.items()},
    }


def _curve_lines(curves: list[tuple[str, float, list[Row]]], label: str) -> list[str]:
    """The precision/coverage curve of each brain that says how sure it is."""
    if not curves:
        return []
    lines = [
        "",
        f"Precision / coverage on {label} (act at or above the confidence, ask below it):",
        "",
        "| confidence at least | " + " | ".join(n for n, _, _ in curves) + " |",
        "|" + "---|" * (len(curves) + 1),
    ]
    points = sorted({*CURVE, *(t for _, t, _ in curves)})
    for t in points:
        shipped = [n for n, at, _ in curves if at == t]
        name = f"{t:.2f}" + (f" (shipped: {', '.join(shipped)})" if shipped else "")
        cells = (" / ".join(_at(rows, t)) for _, _, rows in curves)
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def _cross_writer_lines(names: list[str], args: argparse.Namespace) -> list[str]:
    """Each intent brain on decisions asked in ``args.writer``'s phrasings."""
    import json

    from tiny_computer_agent.brains.models import IntentBrain
    from tiny_computer_agent.brains.models._intent_data import load_inventory
    from tiny_computer_agent.brains.models._intent_wording import plan_wording
    from tiny_computer_agent.brains.models.train_intent import cross_writer

    inventory = load_inventory()
    cells, found = [], {}
    for name in names:
        brain = _brain(name, args.threads)
        if not isinstance(brain, IntentBrain):
            continue
        card = json.loads((brain.adapter / "card.json").read_text())
        trained = card.get("wording", {}).get("writers_trained", ["w1"])
        if args.writer in trained:
            raise ValueError(f"--writer {args.writer}: {name} was trained on it ({trained})")
        plan = plan_wording(inventory, writers=",".join(trained[1:]), holdout=args.writer)
        found = cross_writer(brain, inventory, plan, args.writer_decisions, seed=2)
        cells.append(f"{name} {100 * found['accuracy']:.0f}%")
    return (
        [
            "",
            f"Cross-writer dev: {found['decisions']} menus asked in writer {args.writer}'s "
            f"{found['phrasings']} phrasings ({found['near_copies_left_out']} near copies of "
            f"other writers' left out), never trained on: " + ", ".join(cells),
        ]
        if cells
        else []
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--brains", default="planner,embed,intent,intent-torch")
    p.add_argument("--threads", type=int, default=1, help="torch threads for model brains")
    p.add_argument("--cases", type=Path, default=HELDOUT, help="case files (the held-out)")
    sys.path.insert(0, str(ROOT))
    from benchmarks import _pages

    p.add_argument("--writer", default="", help="also score intent brains on this writer")
    p.add_argument("--writer-decisions", type=int, default=2000, help="cross-writer menus")
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
    table, curves = [], []
    for name in args.brains.split(","):
        shipped = _shipped_threshold(_brain(name, args.threads))  # fails early on a bad name
        on_runs = _score(name, runs, args.threads)
        rows = _score(name, heldout, args.threads)
        table.append(
            _summary(
                name, label=label, on_runs=on_runs, rows=rows, domains=domains, shipped=shipped
            )
        )
        if shipped is not None:
            curves.append((name, shipped, rows))
    heads = [
        "brain",
        "runs",
        label,
        "right but refused",
        "wrong",
        "nothing fits",
        "give-up precision",
        "worst domain",
        "precision / coverage at its threshold",
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
    lines.extend(_curve_lines(curves, label))
    if args.writer:
        try:
            lines.extend(_cross_writer_lines(args.brains.split(","), args))
        except ValueError as exc:
            p.error(str(exc))
    print("\n".join(lines))
    about = (__doc__ or "").split("\n\n", 2)[-1]
    body = "\n".join(lines) + "\n\n## How it is measured\n\n```text\n" + about.strip() + "\n```"
    title = f"intent: every brain on runs/ and the {label} free-form cases, per domain"
    if args.cases == HELDOUT:  # the page is the held-out board; other cases only print
        _pages.write_page(args.out, "intent.md", title, command, body, started=started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
