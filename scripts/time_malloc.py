"""Peak memory and read time of whole OCR reads with glibc's mmap threshold left dynamic
(its default) or fixed (tiny_computer_agent._memory.return_big_buffers), issue 14.

Each round starts one fresh interpreter per setting, interleaved (the order reversed
every other round). Each builds the OCR engine, then reads whole frames: the example
dialog and the first ``--frames`` of ``benchmarks/controls`` (``--passes`` times over).
Reported per setting: medians over rounds of the process's peak resident memory
(VmHWM) after the engine and after the reads, its resident memory at the end, and the
median time of one whole read. ``--thresholds dynamic+arena`` also turns onnxruntime's
memory arena on (RapidOCR turns it off). Run: ``python scripts/time_malloc.py [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, statistics, sys, time
import numpy
from PIL import Image
from tiny_computer_agent._memory import return_big_buffers
from tiny_computer_agent.perception._ocr import load_ocr_engine

threshold, _, arena = sys.argv[1].partition("+")
if threshold != "dynamic":
    assert return_big_buffers(int(threshold) * 1024 * 1024)

def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) / 1024

params = (("EngineConfig.onnxruntime.enable_cpu_mem_arena", True),) if arena else ()
engine = load_ocr_engine(params)
engine._load_det_model()
after_engine = status("VmHWM")
times = []
for _ in range(int(sys.argv[2])):
    for path in sys.argv[3:]:
        image = numpy.asarray(Image.open(path).convert("RGB"))[:, :, ::-1].copy()
        start = time.perf_counter()
        engine(image, return_word_box=True)
        times.append(time.perf_counter() - start)
print(json.dumps({"engine": after_engine, "peak": status("VmHWM"), "end": status("VmRSS"),
                  "read": statistics.median(times)}))
"""


def _frames(count: int) -> list[Path]:
    from tiny_computer_agent._example import example_frames

    path = ROOT / "build" / "engine-load-frame.png"
    path.parent.mkdir(exist_ok=True)
    example_frames()[0].save(path)
    return [path, *sorted((ROOT / "benchmarks" / "controls").glob("*.png"))[:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--frames", type=int, default=6, help="frames of benchmarks/controls")
    parser.add_argument("--passes", type=int, default=2, help="times over the frames")
    parser.add_argument(
        "--thresholds",
        default="dynamic,4,8,16",
        help="'dynamic' or fixed MiB, comma-separated; '+arena' turns onnxruntime's arena on",
    )
    args = parser.parse_args()
    frames = [str(f) for f in _frames(args.frames)]
    modes = args.thresholds.split(",")
    runs: dict[str, list[dict[str, float]]] = {m: [] for m in modes}
    for round_ in range(args.rounds):
        for mode in modes if round_ % 2 == 0 else modes[::-1]:
            argv = [sys.executable, "-c", CHILD, mode, str(args.passes), *frames]
            done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=True)
            runs[mode].append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(
        f"{args.rounds} rounds, {len(frames)} frames x {args.passes} passes per process, "
        "medians over rounds"
    )
    print("| mmap threshold | peak after engine MiB | peak after reads MiB | RSS at end MiB "
          "| one read ms |")  # fmt: skip
    print("|---|---|---|---|---|")
    for mode, rows in runs.items():

        def med(key: str, rows: list[dict[str, float]] = rows) -> float:
            return statistics.median(r[key] for r in rows)

        threshold, _, arena = mode.partition("+")
        name = "dynamic (glibc default)" if threshold == "dynamic" else f"fixed {threshold} MiB"
        name += ", onnxruntime arena on" if arena else ""
        print(
            f"| {name} | {med('engine'):.0f} | {med('peak'):.0f} | {med('end'):.0f} "
            f"| {1000 * med('read'):.0f} |"
        )


if __name__ == "__main__":
    main()
