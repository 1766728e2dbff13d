"""Time what building the OCR engine costs a fresh process, and what its first full read
holds in memory (issue 14: the one-shot CLI's first step pays both).

Each round starts fresh interpreters, interleaved (their order reversed every other
round), that import numpy, OpenCV and onnxruntime first (untimed: any OCR process pays
them), then time ``load_ocr_engine()`` (RapidOCR's import and the engine, its sessions
made) and one whole read of a frame:

    quick tables   as shipped: RapidOCR's model table read once by libyaml
                   (tiny_computer_agent.perception._ocr_tables)
    omegaconf      the same with quick_tables() replaced by a block that does nothing

and reports medians, and the process's peak resident memory (VmHWM) after the engine and
after the read. Run: ``python scripts/time_engine_load.py [--rounds 5] [--frame PNG]``
(the default frame is the example dialog).
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
import contextlib, json, sys, time
import numpy, cv2, onnxruntime
from PIL import Image
if sys.argv[1] == "omegaconf":
    import tiny_computer_agent.perception._ocr as ocr
    ocr.quick_tables = contextlib.nullcontext
from tiny_computer_agent.perception._ocr import load_ocr_engine

def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM"):
            return int(line.split()[1]) / 1024

t0 = time.perf_counter()
engine = load_ocr_engine()
engine._load_det_model()
built = time.perf_counter() - t0
after_engine = peak()
image = numpy.asarray(Image.open(sys.argv[2]).convert("RGB"))[:, :, ::-1].copy()
t0 = time.perf_counter()
found = engine(image, return_word_box=True)
read = time.perf_counter() - t0
print(json.dumps({"engine": built, "read": read, "mib_engine": after_engine,
                  "mib_read": peak(), "words": len(found.txts or ())}))
"""

MODES = ("quick tables", "omegaconf")


def _default_frame() -> Path:
    from tiny_computer_agent._example import example_frames

    path = ROOT / "build" / "engine-load-frame.png"
    path.parent.mkdir(exist_ok=True)
    example_frames()[0].save(path)
    return path


def _run(mode: str, frame: Path) -> dict[str, float]:
    argv = [sys.executable, "-c", CHILD, mode.split(maxsplit=1)[0], str(frame)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--frame", type=Path, help="a screenshot (default: the example)")
    args = parser.parse_args()
    frame = args.frame or _default_frame()
    runs: dict[str, list[dict[str, float]]] = {m: [] for m in MODES}
    for r in range(args.rounds):
        for mode in MODES[:: 1 if r % 2 == 0 else -1]:
            runs[mode].append(_run(mode, frame))
    med = statistics.median
    print(f"{frame.name}, {args.rounds} rounds, interleaved; medians")
    print("| RapidOCR's table | engine built | first whole read | peak MiB: engine | read |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for mode, got in runs.items():
        m = {k: med(g[k] for g in got) for k in ("engine", "read", "mib_engine", "mib_read")}
        print(f"| {mode} | {m['engine'] * 1e3:.0f} ms | {m['read'] * 1e3:.0f} ms "
              f"| {m['mib_engine']:.0f} | {m['mib_read']:.0f} |")  # fmt: skip
    built = {mode: med(g["engine"] for g in got) for mode, got in runs.items()}
    ratio = built["omegaconf"] / built["quick tables"]
    print(f"omegaconf / quick tables, engine built: {ratio:.2f}x")


if __name__ == "__main__":
    main()
