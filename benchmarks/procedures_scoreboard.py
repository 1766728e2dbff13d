"""Choosing a procedure from plain words: the right one, its values, and "none" (issue 36).

    python benchmarks/procedures_scoreboard.py [--cases FILE] [--fit] [--threads 1] [--out DIR]

Each case is a goal, the procedure it asks for (null: none; the brain decides one step
at a time) and the values it gives. The goal is matched as the intent brain's
procedures match it (:class:`~tiny_computer_agent.procedures.ProcedureBrain` with the
intent brain's embeddings): by pattern, in other words, then by meaning
(:mod:`tiny_computer_agent.procedures._meaning`). A case is right when the procedure
is (or none is, for null) and every value is exactly the one written.

With the held-out set (the default, ``benchmarks/procedures/heldout.json``, written
before the chooser and never tuned on) it prints the table and writes the page
``docs/benchmarks/procedures.md`` (``--out DIR`` elsewhere); with other cases
(``--cases benchmarks/procedures/tuning.json``) it only prints. ``--fit`` prints, for
the cases given, the accuracy at each threshold and margin: the chooser's
``MIN_SIMILARITY`` and ``MIN_MARGIN`` were chosen so on the tuning set.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import _pages  # noqa: E402
from tiny_computer_agent.procedures import Match, ProcedureBrain, load_library  # noqa: E402

HELDOUT = Path("benchmarks") / "procedures" / "heldout.json"
#: The second held-out set: another writer, who read nothing of the repository (its
#: ``about`` says how it was used).
FRESH = Path("benchmarks") / "procedures" / "fresh.json"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Row:
    goal: str
    expected: str | None
    values: dict[str, str]
    got: str | None
    got_values: dict[str, str]
    how: str

    @property
    def right_choice(self) -> bool:
        return self.got == self.expected

    @property
    def right(self) -> bool:
        return self.right_choice and all(
            self.got_values.get(k) == v for k, v in self.values.items()
        )


def _brain(threads: int, **meaning: float) -> ProcedureBrain:
    from tiny_computer_agent.brains.models import IntentBrain

    intent = IntentBrain(threads=threads)
    return ProcedureBrain(name="intent", fallback=intent, embed=intent.label_vectors, **meaning)


def score(cases: list[dict[str, Any]], brain: ProcedureBrain) -> list[Row]:
    rows = []
    for case in cases:
        found: Match | None = brain.matches(case["goal"])
        rows.append(
            Row(
                goal=case["goal"],
                expected=case["procedure"],
                values=dict(case["values"]),
                got=found.procedure.name if found else None,
                got_values=dict(found.values) if found else {},
                how=found.how if found else "",
            )
        )
    return rows


def table(rows: list[Row], column: str = "held-out") -> str:
    asks = [r for r in rows if r.expected]
    none = [r for r in rows if not r.expected]
    chose = [r for r in rows if r.got]
    measures = [
        ("right procedure (goals that ask for one)", [r for r in asks if r.right_choice], asks),
        ("right procedure and every value", [r for r in asks if r.right], asks),
        ('right "no procedure" (goals that ask for none)', [r for r in none if not r.got], none),
        ("a chosen procedure was the right one", [r for r in chose if r.right_choice], chose),
        ("every case right", [r for r in rows if r.right], rows),
    ]
    lines = [f"| measure | {column} |", "|---|---|"]
    for said, part, total in measures:
        share = f"{100 * len(part) / max(1, len(total)):.0f}%"
        lines.append(f"| {said} | {len(part)}/{len(total)} ({share}) |")
    return "\n".join(lines)


def detail(rows: list[Row]) -> str:
    lines = ["| goal | expected | chosen (how) | values | right |", "|---|---|---|---|---|"]
    for r in rows:
        values = ", ".join(f"{k}={v}" for k, v in r.got_values.items())
        how = f"{r.got} ({r.how})" if r.got else "none"
        mark = "yes" if r.right else "**no**"
        lines.append(f"| {r.goal} | {r.expected or 'none'} | {how} | {values} | {mark} |")
    return "\n".join(lines)


def fit(cases: list[dict[str, Any]], threads: int) -> None:
    """Accuracy over a grid of thresholds and margins, on ``cases``."""
    for sim in (0.25, 0.30, 0.35, 0.40, 0.45, 0.50):
        for margin in (0.0, 0.03, 0.05, 0.08, 0.10):
            rows = score(cases, _brain(threads, min_similarity=sim, min_margin=margin))
            right = sum(r.right for r in rows)
            print(f"similarity {sim:.2f} margin {margin:.2f}: {right}/{len(rows)} right")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--cases", type=Path, default=HELDOUT, help=f"default: {HELDOUT}")
    parser.add_argument("--fit", action="store_true", help="the accuracy per threshold")
    parser.add_argument("--threads", type=int, default=1)
    _pages.add_out_argument(parser)
    args = parser.parse_args(argv)
    started = time.time()
    path = args.cases if args.cases.is_absolute() else ROOT / args.cases
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    if args.fit:
        fit(cases, args.threads)
        return 0
    rows = score(cases, _brain(args.threads))
    print(table(rows, path.stem))
    print(detail(rows))
    if path != ROOT / HELDOUT:
        return 0
    command = _pages.command_line("benchmarks/procedures_scoreboard.py", argv)
    names = ", ".join(p.name for p in load_library(plugins=False).procedures)
    body = [
        f"The held-out plain-word goals `{HELDOUT.as_posix()}`: {len(rows)} goals, "
        f"{sum(1 for r in rows if r.expected)} that ask for a built-in procedure "
        f"({names}) and {sum(1 for r in rows if not r.expected)} that ask for none "
        "(single clicks, unrelated tasks, a procedure's task without its values). They "
        "were written before the chooser and never tuned on; its threshold, margin and "
        "value rules were fitted on `benchmarks/procedures/tuning.json`. A goal is matched "
        "as `--brain intent` matches it: by pattern, in other words, then by meaning "
        "(how: pattern, words, meaning). Right: the procedure (or none) and every value "
        "exactly as written. Seen twice: a first run (threshold 0.30, margin 0.03, no rule "
        "on acts) scored 31 of 44; then a bug outside this set (quoted single clicks, "
        "`click 'Save'`, chosen as `open-path`) brought the rule that a goal naming an act "
        "no example of a procedure names is not that procedure's and that a quoted value "
        "must fit its type, and the threshold and margin were fitted again on the tuning "
        "set (margin 0.03 to 0). The misses of the first run were seen before that refit, "
        "so the numbers below are less clean than a first look.",
        table(rows),
        detail(rows),
        "How plain words pick a procedure: [the guide](../guides/procedures.md).",
    ]
    fresh = json.loads((ROOT / FRESH).read_text(encoding="utf-8"))
    later = score(fresh["cases"], _brain(args.threads))
    wrong = [r for r in later if not r.right]
    body += [
        f"## A second held-out set: `{FRESH.as_posix()}`",
        fresh["about"],
        table(later, FRESH.stem),
        f"Its {len(wrong)} cases not right:",
        detail(wrong),
    ]
    title = "procedures: choosing one from plain words"
    _pages.write_page(args.out, "procedures.md", title, command, "\n\n".join(body), started=started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
