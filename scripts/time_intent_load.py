"""What it costs a fresh process to get the intent brain ready, on numpy and on torch
(issue 11): the time from the process's start to its first decision made, and the
process's peak memory.

Each round starts one fresh Python process per runtime (their order reversed every
other round); each imports the package, builds ``IntentBrain(threads=1,
runtime=...)``, loads it (``warm()``: weights, adapter, one tiny inference) and decides
one free-form goal. Prints medians over the rounds: the load (``warm()``), the first
decision after it, the whole process from launch to exit, and peak RSS (``os.wait4``).
Run: ``python scripts/time_intent_load.py [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
start = time.perf_counter()
from tiny_computer_agent import Observation, build_menu
from tiny_computer_agent._elements import Element
from tiny_computer_agent.brains.models import IntentBrain

labels = ("Don't Save", "Cancel", "Save")
elements = [Element(label=t, box=(10, 30 * i, 200, 30 * i + 24), source="ocr", kind="button")
            for i, t in enumerate(labels)]
menu = build_menu(Observation.of(elements, size=(400, 400)))
brain = IntentBrain(threads=1, runtime=sys.argv[1])
loading = time.perf_counter()
brain.warm()
loaded = time.perf_counter()
decision = brain.decide("forget my edits", menu, ())
decided = time.perf_counter()
print(json.dumps({"load": loaded - loading, "decide": decided - loaded,
                  "target": decision.action.target}))
"""


def _one(runtime: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, runtime], stdout=subprocess.PIPE, env=env, text=True
    )
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"the {runtime} child failed (status {status})")
    found = json.loads(out.strip().splitlines()[-1])
    if found["target"] != "Don't Save":
        raise SystemExit(f"the {runtime} child decided {found['target']!r}")
    return {"load": found["load"], "decide": found["decide"], "wall": wall,
            "peak": usage.ru_maxrss / 1024}  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    runtimes = ("numpy", "torch")
    found: dict[str, list[dict[str, float]]] = {r: [] for r in runtimes}
    for r in range(args.rounds):
        for runtime in runtimes[:: 1 if r % 2 == 0 else -1]:
            found[runtime].append(_one(runtime))
    print(f"a fresh process per runtime, {args.rounds} rounds interleaved; medians")
    print("| runtime | load (warm) | first decision | process, launch to exit | peak RSS |")
    print("|---|---:|---:|---:|---:|")
    for runtime in runtimes:
        runs = found[runtime]

        def med(key: str, runs: list[dict[str, float]] = runs) -> float:
            return statistics.median(run[key] for run in runs)

        print(f"| {runtime} | {med('load'):.2f} s | {1000 * med('decide'):.1f} ms | "
              f"{med('wall'):.2f} s | {med('peak'):.0f} MiB |")  # fmt: skip


if __name__ == "__main__":
    main()
