"""Scoreboard rows for every brain that runs here: accuracy, median decision time, peak memory.

    python benchmarks/model_scoreboard.py [--brains a,b,...] [--base-url URL] [PATH ...]

Each brain is scored in a fresh interpreter on the recorded scenarios (default ``runs/``)
with the same code as ``tiny-computer-agent --score``, so its peak memory (ru_maxrss,
torch and all) is its own. Decision time is per decision, *after* the weights are loaded
(the load is reported apart). Set HF_HUB_OFFLINE=1 to be sure nothing is downloaded.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BRAINS = "planner,first-item,embed,smollm2,smollm2-rank"


class Timed:
    """Delegates to a brain and times every decision."""

    def __init__(self, brain: Any, times: list[float]) -> None:
        self.brain, self.times = brain, times
        self.name = getattr(brain, "name", type(brain).__name__)

    def settings(self) -> dict[str, Any]:
        settings = getattr(self.brain, "settings", None)
        return dict(settings()) if callable(settings) else {}

    def decide(self, goal: str, menu: Any, history: Any) -> Any:
        loaded_before = getattr(self.brain, "load_seconds", None)
        start = time.perf_counter()
        try:
            return self.brain.decide(goal, menu, history)
        finally:
            spent = time.perf_counter() - start
            loaded_now = getattr(self.brain, "load_seconds", None)
            if loaded_before is None and loaded_now is not None:
                spent -= loaded_now  # this call loaded the weights: count the decision only
            self.times.append(spent)


def score_one(name: str, paths: Sequence[str], settings: dict[str, Any]) -> dict[str, Any]:
    from tiny_computer_agent.records import score_path
    from tiny_computer_agent.registry import BrainOptions, select_brains

    (factory,) = select_brains(name, options=BrainOptions(**settings)).values()
    times: list[float] = []
    built: list[Timed] = []

    def timed(trace: Any) -> Any:
        brain = factory(trace)
        if not built or built[-1].brain is not brain:
            built.append(Timed(brain, times))
        return built[-1]

    board = score_path(list(paths), {name: timed})
    passed, total = board.tally(name)
    loads = [b.brain.load_seconds for b in built if getattr(b.brain, "load_seconds", None)]
    verdicts: dict[str, int] = {}
    for v in board.verdicts:
        verdicts[v.verdict] = verdicts.get(v.verdict, 0) + 1
    return {
        "brain": name,
        "passed": passed,
        "total": total,
        "verdicts": verdicts,
        "median_ms": 1000 * statistics.median(times) if times else None,
        "load_s": sum(loads) if loads else None,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="*", default=[str(ROOT / "runs")])
    p.add_argument("--brains", default=DEFAULT_BRAINS)
    p.add_argument("--base-url", help="the openai brain's server")
    p.add_argument("--model", help="the text/openai brains' model")
    p.add_argument("--one", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    settings = {"base_url": args.base_url, "model": args.model}
    if args.one:
        print(json.dumps(score_one(args.one, args.paths, settings)))
        return 0
    rows = []
    for name in args.brains.split(","):
        cmd = [sys.executable, __file__, "--one", name, *args.paths]
        if args.base_url:
            cmd += ["--base-url", args.base_url]
        if args.model:
            cmd += ["--model", args.model]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False, env=os.environ)
        if proc.returncode:
            print(f"{name}: failed\n{proc.stderr[-2000:]}", file=sys.stderr)
            return 1
        rows.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    header = f"{'brain':14} {'accuracy':>14} {'median ms':>10} {'load s':>7} {'peak MB':>8}"
    header += "  verdicts"
    print(header)
    print("-" * len(header))
    for r in rows:
        acc = f"{r['passed']}/{r['total']} {100 * r['passed'] / r['total']:.0f}%"
        ms = "-" if r["median_ms"] is None else f"{r['median_ms']:.1f}"
        load = "-" if r["load_s"] is None else f"{r['load_s']:.1f}"
        verdicts = ", ".join(f"{k} {v}" for k, v in sorted(r["verdicts"].items()))
        print(f"{r['brain']:14} {acc:>14} {ms:>10} {load:>7} {r['peak_rss_mb']:>8.0f}  {verdicts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
