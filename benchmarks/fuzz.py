"""Fuzz every boundary an outsider's input crosses, and print what was tried and found.

    python benchmarks/fuzz.py                   # 100,000 cases, seed 0 (what make fuzz runs)
    python benchmarks/fuzz.py --cases 500000 --seed 7
    python benchmarks/fuzz.py --targets reply,trace --cases 20000

The targets (model replies, actions, --script, trace and scoreboard files, scoring
mode, CLI flags, images) and what counts as a crash are in ``tests/fuzzing.py``. The
same seed makes the same inputs. Prints a table (target, cases, crashes, seconds, the
slowest case), then each distinct crash with its input and traceback; exits 1 if
anything crashed, 0 if nothing did. Writes the same as the page
``docs/benchmarks/fuzz.md`` (``--out DIR`` elsewhere), with the date, the machine, the
command and the commit above it; a run of some targets only (``--targets``) prints and
writes no page.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import _pages  # noqa: E402
from tests import fuzzing  # noqa: E402 - the shared targets, importable from the repo root


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100_000, help="total cases (default 100000)")
    parser.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    parser.add_argument(
        "--targets",
        help="comma-separated targets (default: all): "
        + ", ".join(t.name for t in fuzzing.TARGETS),
    )
    parser.add_argument("--show", type=int, default=3, help="crashes shown per target")
    _pages.add_out_argument(parser)
    args = parser.parse_args(argv)
    started = time.time()
    command = _pages.command_line("benchmarks/fuzz.py", argv)
    names = args.targets.split(",") if args.targets else None
    unknown = sorted(set(names or ()) - {t.name for t in fuzzing.TARGETS})
    if unknown:
        parser.error(f"unknown target {unknown[0]!r}")
    logging.disable(logging.CRITICAL)  # the OCR's warnings on blank images are not findings
    with tempfile.TemporaryDirectory(prefix="tca-fuzz-home-") as home:
        os.environ["TINY_COMPUTER_AGENT_HOME"] = home  # no real kill-switch file applies
        os.environ.pop("TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT", None)
        tallies = fuzzing.run_suite(args.cases, args.seed, names, on_done=_progress)
    summary = f"{args.cases:,} cases requested, seed {args.seed}"
    print(f"fuzz: {summary}")
    print(fuzzing.table(tallies))
    crashes = [c for t in tallies for c in _distinct(t.crashes)[: args.show]]
    for crash in crashes:
        print("\n" + crash.describe())
    if names is None:  # the page is the whole suite's
        found = sum(len(t.crashes) for t in tallies)
        body = [
            f"{summary}: {sum(t.cases for t in tallies):,} tried, {found} crashed "
            f"({'none' if not found else 'see below'}). Seconds are each target's wall time; "
            "the slowest is its slowest single case.",
            "```text\n" + fuzzing.table(tallies) + "\n```",
        ]
        if crashes:
            body += ["## Crashes (one per distinct traceback)"]
            body += ["```text\n" + crash.describe().strip() + "\n```" for crash in crashes]
        about = (fuzzing.__doc__ or "").strip()
        body += ["## What is fuzzed (tests/fuzzing.py)", "```text\n" + about + "\n```"]
        title = "fuzz: every boundary an outsider's input crosses"
        _pages.write_page(args.out, "fuzz.md", title, command, "\n\n".join(body), started=started)
    return 1 if any(t.crashes for t in tallies) else 0


def _progress(tally: fuzzing.Tally) -> None:
    print(
        f"  {tally.target}: {tally.cases:,} cases, {len(tally.crashes)} crashes, "
        f"{tally.seconds:.1f} s",
        file=sys.stderr,
        flush=True,
    )


def _distinct(crashes: list[fuzzing.Crash]) -> list[fuzzing.Crash]:
    """One crash per (exception type, last line of its traceback)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for crash in crashes:
        lines = crash.trace.strip().splitlines()
        key = (crash.error.split(":")[0], lines[-3] if len(lines) >= 3 else crash.error)
        if key not in seen:
            seen.add(key)
            out.append(crash)
    return out


if __name__ == "__main__":
    sys.exit(main())
