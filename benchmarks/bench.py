"""Benchmarks, not timed tests: ``python benchmarks/bench.py [SECTION ...] [--repeat N]``.

Each section is a function registered with :func:`section`; it returns rows of
(metric, median, unit, note) and the script prints one table per section plus the
process's peak memory. Add a section by decorating a function in this file:

    @section("scoring", "replay every trace through every brain")
    def bench_scoring(repeat: int) -> list[Row]: ...

``--repeat`` defaults to each section's own count (5, or what its ``section(...,
repeat=N)`` says: a round of ``steps`` takes minutes). ``make bench`` runs ``steps``.

Each section also writes its page in ``docs/benchmarks/`` (``--out DIR`` elsewhere):
``steps.md`` and ``controls.md`` (the site's names for them), ``bench-SECTION.md`` for
the others: the table, with the date, the machine, the command and the commit above it
(benchmarks/_pages.py). ``make bench-pages`` regenerates every page.

Sections here:
    steps    whole loop steps on real programs (a dialog, a form, a list, a keypad) with
             real input, as the CLI runs them: p50 and p95 per stage and per step, our
             settle against fixed 0.8 s and 2.0 s sleeps, a Tesseract index on the same
             frames with both target hit rates, and a CLI run's peak memory
    desktop  capture, OCR (full and downscaled frames), decision, act and settle, on a
             private Xvfb desktop with a real Tk dialog
    index    one look, whole and incremental (new text and text seen before), as a
             zenity dialog opens and closes over a Tk window and a button is hovered
    ocr      RapidOCR's defaults against ocr.ENGINE_PARAMS: labels found, and time
    zoom     small Tk and xmessage labels read exactly without and with OcrDetector.zoom,
             and the OCR time zoom adds (there and on a normal dialog)
    scoring  scoring throughput (decisions per second) and a full replay of runs/
    patience wait_for's wake-up latency (a region watch beside a ticking clock, a text
             wait) on a real Tk program, and decision time and prompt size at step 5 vs
             step 60 of a long scripted run
    watch    SessionLog per observe event with a PNG frame vs frames off, start and end;
             Console.hear, the delay to an SSE reader and a frame's JPEG; remote desktop
             requests over loopback and a look with vs without pixels; 8 one-second
             tasks over 1, 2 and 4 desktops on the local process pool
    settle   how often settling returned before a late redraw's final frame, per quiet
             window (0.05-0.3 s), on a real Tk program (a dialog after 0-700 ms, a
             dialog painted in two steps, zenity, a 'Working...' label) clicked for
             real on a private Xvfb; the settle times, and a recommendation
    firststep the CLI's first step against its warm steps, with and without the background
             warm-up of the OCR engine and the model brain (tiny_computer_agent.perception._warm),
             and through a --serve kept up (with and without --no-idle-index), on a
             private Xvfb with real input, from each step's timings in --trace
    engine   a one-shot command's first step without the warm engine (--no-engine) and
             with it (--warm, kept up), against a warm step, real input on a private Xvfb
    threads  onnxruntime's intra-op threads (OCR), torch's threads (embed brain, a
             tiny Qwen2, SmolLM2-135M) and OpenBLAS's (the intent brain's numpy MiniLM),
             1 vs 2, idle and beside two busy cores
    load     what a fresh process pays before its first step: the OCR engine built and
             its first whole read; the intent brain loaded and its first decision, on
             numpy and on torch; each process's wall time and peak memory
    controls the recorded controls set (benchmarks/controls: real Tk, X Toolkit and GTK
             screenshots, targets from the toolkits, and the windows and accessibility
             tree the live screen gave with each): per detector (--detector NAME,
             repeatable: ocr-full (default), shapes, a11y, auto) the target hit rate,
             kind accuracy and median time per frame, per toolkit. Held out: measure on
             it, never tune on it
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclasses.dataclass(frozen=True)
class Row:
    metric: str
    value: float
    unit: str
    note: str = ""


@dataclasses.dataclass(frozen=True)
class Section:
    name: str
    description: str
    run: Callable[[int], list[Row]]
    repeat: int = 5


SECTIONS: dict[str, Section] = {}
#: options a section reads besides ``repeat`` (set by main from the command line)
OPTIONS: dict[str, Any] = {"detectors": ()}
#: extra Markdown a section adds to its page (below its table), by section name
DETAILS: dict[str, list[str]] = {}
#: the pages of sections not named bench-SECTION.md (the site links to these names)
PAGE_NAMES = {"steps": "steps.md", "controls": "controls.md"}
#: sections whose code (and docstring) is a module of their own
MODULES = {
    "steps": "_steps.py",
    "firststep": "_firststep.py",
    "engine": "_engine.py",
    "threads": "_threads.py",
    "settle": "_settle_bench.py",
    "index": "_index.py",
    "controls": "_controls.py",
    "load": "_load.py",
}


def section(
    name: str, description: str, *, repeat: int = 5
) -> Callable[[Callable[[int], list[Row]]], Callable[[int], list[Row]]]:
    """Register a benchmark section (a function of ``repeat`` returning rows); ``repeat``
    is its default when --repeat is not given."""

    def register(fn: Callable[[int], list[Row]]) -> Callable[[int], list[Row]]:
        SECTIONS[name] = Section(name, description, fn, repeat)
        return fn

    return register


def median_of(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median wall time of ``fn()`` over ``repeat`` runs (after one warm-up), and its last value."""
    value = fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), value


# -- the desktop ---------------------------------------------------------------------

_BENCH_APP = r"""
import json, tkinter as tk
root = tk.Tk(); root.title("Editor - notes.txt"); root.geometry("+180+120")
f = ("DejaVu Sans", 13)
menu = tk.Frame(root); menu.pack(fill="x")
for word in ("File", "Edit", "View", "Insert", "Format", "Tools", "Help"):
    tk.Label(menu, text=word, font=f).pack(side="left", padx=10)
tk.Label(root, text="Save changes to notes.txt before closing?", font=f).pack(padx=30, pady=16)
row = tk.Frame(root); row.pack(pady=6)
status = tk.Label(root, text="Modified", font=f)
def toggle():
    status.configure(text="Modified" if status.cget("text") != "Modified" else "Saved notes.txt")
for name in ("Don't Save", "Cancel", "Save As", "Save"):
    cmd = toggle if name == "Save" else None
    tk.Button(row, text=name, font=f, command=cmd).pack(side="left", padx=6)
side = tk.Frame(root); side.pack(pady=6)
for word in ("Recent files", "Templates", "Autosave: on", "Spelling", "Word count: 231"):
    tk.Label(side, text=word, font=f).pack(side="left", padx=10)
status.pack(pady=12)
root.after(400, lambda: print("ready", flush=True)); root.mainloop()
"""


@section("desktop", "one real step on a private 1280x800 Xvfb desktop, stage by stage")
def bench_desktop(repeat: int) -> list[Row]:
    from tiny_computer_agent import (
        ARM_ENV,
        Action,
        PlannerBrain,
        Policy,
        build_menu,
    )
    from tiny_computer_agent._elements import Frame
    from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor, VirtualDesktop
    from tiny_computer_agent.perception._detectors import OcrDetector

    rows: list[Row] = []
    with VirtualDesktop(window_manager=True) as vd:
        os.environ.update(DISPLAY=vd.display, XAUTHORITY=vd.env["XAUTHORITY"])
        app = vd.spawn([sys.executable, "-c", _BENCH_APP], stdout=subprocess.PIPE)
        assert app.stdout is not None and app.stdout.readline().strip() == "ready"
        detector = OcrDetector()
        screen = DesktopScreen(display=vd.display, detector=detector)
        t, (frame, _) = median_of(screen.grab, repeat)
        rows.append(
            Row("capture (mss grab + RGB image)", t, "s", f"{frame.size[0]}x{frame.size[1]}")
        )
        t, _ = median_of(screen.signature, repeat)
        rows.append(Row("frame signature (settle poll)", t, "s", "CRC-32 of every pixel"))
        t, found = median_of(lambda: detector.detect(Frame.of(frame)), repeat)
        rows.append(Row("OCR, full frame", t, "s", f"{len(found.elements)} elements"))
        for width in (960, 640):
            small = DesktopScreen(display=vd.display, detector=detector, max_width=width)
            small_frame = Frame.of(small.grab()[0])
            t, found = median_of(lambda f=small_frame: detector.detect(f), repeat)
            rows.append(
                Row(f"OCR, downscaled to {width} wide", t, "s", f"{len(found.elements)} elements")
            )
            small.close()
        obs = screen.capture()
        planner = PlannerBrain()
        t, _ = median_of(
            lambda: planner.decide("click 'Save'", build_menu(obs, "click 'Save'"), ()), repeat
        )
        rows.append(Row("decision (planner brain)", t, "s", ""))
        os.environ[ARM_ENV] = "1"  # on the bench's private Xvfb; the executor checks it too
        policy = Policy(max_steps=1).armed(flag=True)
        executor = RealInputExecutor(policy=policy, screen=screen)
        acts, settles = [], []
        for _ in range(repeat):
            obs = screen.capture()
            t0 = time.perf_counter()
            result = executor.execute(Action.make("click", target="Save"), obs)
            total = time.perf_counter() - t0
            acts.append(total - (result.settle_seconds or 0.0))
            settles.append(result.settle_seconds or 0.0)
        rows.append(
            Row("act (click, real input)", statistics.median(acts), "s", "pyautogui, PAUSE=0")
        )
        rows.append(
            Row(
                "settle after the click",
                statistics.median(settles),
                "s",
                "the status label changed, then 0.2 s still",
            )
        )
        # whole steps, each with the index the loop really makes (a fresh or incremental
        # one, never the previous episode's): the `steps` section (`make bench`)
        screen.close()
    return rows


# -- OCR settings ----------------------------------------------------------------------


@section("ocr", "RapidOCR defaults vs ocr.ENGINE_PARAMS on the example and a real Tk dialog")
def bench_ocr(repeat: int) -> list[Row]:
    import numpy as np
    from rapidocr import RapidOCR

    from tiny_computer_agent._elements import normalize_label
    from tiny_computer_agent._example import EXAMPLE_BUTTONS, example_frames
    from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop
    from tiny_computer_agent.perception._ocr import ENGINE_PARAMS

    frames: list[tuple[str, Any, list[str]]] = []
    before, after = example_frames()
    frames.append(("example dialog", before, [*EXAMPLE_BUTTONS, "Modified", "notes.txt - Editor"]))
    frames.append(("example saved", after, ["Saved notes.txt", "File", "Help"]))
    with VirtualDesktop(window_manager=True) as vd:
        app = vd.spawn([sys.executable, "-c", _BENCH_APP], stdout=subprocess.PIPE)
        assert app.stdout is not None and app.stdout.readline().strip() == "ready"
        screen = DesktopScreen(display=vd.display)
        tk_frame, _ = screen.grab()
        screen.close()
    tk_labels = [
        "Don't Save",
        "Cancel",
        "Save As",
        "Save",
        "Modified",
        "Recent files",
        "Templates",
        "File",
        "Help",
    ]
    frames.append(("Tk dialog on Xvfb", tk_frame, tk_labels))
    rows = []
    settings = {
        "rapidocr defaults": {"Global.log_level": "warning"},
        "ocr.ENGINE_PARAMS": dict(ENGINE_PARAMS),
    }
    for name, params in settings.items():
        engine = RapidOCR(params=params)
        for title, image, want in frames:
            arr = np.asarray(image.convert("RGB"))[:, :, ::-1].copy()
            t, result = median_of(lambda a=arr, e=engine: e(a, return_word_box=True), repeat)
            seen = " | ".join(normalize_label(x) for x in (result.txts or ()))
            hits = [w for w in want if normalize_label(w) in seen]
            missed = sorted(set(want) - set(hits))
            rows.append(
                Row(
                    f"{name}: {title}",
                    t,
                    "s",
                    f"{len(hits)}/{len(want)} labels" + (f", missed {missed}" if missed else ""),
                )
            )
    return rows


# -- zoom to read ----------------------------------------------------------------------

#: Toolbar words: the first row as Tk labels, the second as Tk buttons (xmessage: all buttons).
ZOOM_WORDS = (
    ("File", "Edit", "View", "Insert", "Format", "Tools", "Help", "Window", "Open", "Save",
     "Print", "Undo"),
    ("Redo", "Copy", "Paste", "Find", "Zoom", "Bold", "Italic", "Align", "Table", "Chart",
     "Share", "Export"),
)  # fmt: skip
ZOOM_TK_SIZES = (6, 7, 8, 9, 10)
ZOOM_XMESSAGE_SIZES = (8, 9, 10, 11)

_ZOOM_APP = r"""
import json, sys, tkinter as tk
family, px, rows = json.loads(sys.argv[1])
root = tk.Tk(); root.title("Toolbar"); root.geometry("+60+60")
font = (family, -px)
for r, words in enumerate(rows):
    row = tk.Frame(root); row.pack(anchor="w", padx=8, pady=6)
    for word in words:
        if r == 0:
            tk.Label(row, text=word, font=font).pack(side="left", padx=8)
        else:
            tk.Button(row, text=word, font=font, padx=3, pady=1).pack(side="left", padx=4)
root.after(400, lambda: print("ready", flush=True)); root.mainloop()
"""


def _wait_title(vd: Any, title: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"], check=False)
        if found.stdout.strip():
            time.sleep(0.4)  # mapped is not painted
            return
        time.sleep(0.05)
    raise RuntimeError(f"no window titled {title!r} appeared within {timeout}s")


def zoom_frames(vd: Any) -> list[tuple[str, Any, tuple[str, ...]]]:
    """(name, captured image, words drawn) for every small-text case on ``vd``."""
    import json
    import shutil

    cases: list[tuple[str, list[str]]] = []
    words = tuple(w for row in ZOOM_WORDS for w in row)
    for px in ZOOM_TK_SIZES:
        config = json.dumps(["DejaVu Sans", px, ZOOM_WORDS])
        cases.append((f"Tk DejaVu Sans {px} px", [sys.executable, "-c", _ZOOM_APP, config]))
    if shutil.which("xmessage"):
        for px in ZOOM_XMESSAGE_SIZES:
            font = f"-adobe-helvetica-medium-r-normal--{px}-*-*-*-*-*-iso8859-1"
            argv = ["xmessage", "-fn", font, "-geometry", "+60+60", "-buttons", ",".join(words)]
            cases.append((f"xmessage Helvetica {px} px", [*argv, "Toolbar"]))
    frames = []
    for name, argv in cases:
        proc = vd.spawn(argv, stdout=subprocess.PIPE)
        _wait_title(vd, "Toolbar" if argv[0] == sys.executable else "xmessage")
        frames.append((name, _grab(vd), words))
        vd.stop(proc)
    return frames


def exact_reads(found: Any, words: Sequence[str]) -> int:
    """How many of ``words`` some element reads exactly (normalised)."""
    from tiny_computer_agent._elements import normalize_label

    keys = {e.key for e in found.elements}
    return sum(normalize_label(w) in keys for w in words)


@section("zoom", "small Tk and xmessage text read without and with zoom (OcrDetector.zoom)")
def bench_zoom(repeat: int) -> list[Row]:
    from tiny_computer_agent._elements import Frame
    from tiny_computer_agent.desktop import VirtualDesktop
    from tiny_computer_agent.perception._ocr import OcrDetector

    plain, zoomed = OcrDetector(zoom=False), OcrDetector(zoom=True)
    rows: list[Row] = []
    totals = [0, 0, 0]
    added = []
    with VirtualDesktop(window_manager=True) as vd:
        frames = zoom_frames(vd)
        app = vd.spawn([sys.executable, "-c", _BENCH_APP], stdout=subprocess.PIPE)
        assert app.stdout is not None and app.stdout.readline().strip() == "ready"
        _wait_title(vd, "Editor - notes.txt")
        frames.append(("normal Tk dialog (13 px)", _grab(vd), ()))
    for name, image, words in frames:
        before, after = plain.detect(Frame.of(image)), zoomed.detect(Frame.of(image))
        t_plain, t_zoom, rereads = zoom_stage_time(zoomed, image, repeat)
        note = f"{rereads} re-reads; full pass {t_plain:.2f} s"
        if words:
            hits = (exact_reads(before, words), exact_reads(after, words))
            totals = [totals[0] + hits[0], totals[1] + hits[1], totals[2] + len(words)]
            added.append(t_zoom)
            note = f"exact {hits[0]}/{len(words)} -> {hits[1]}/{len(words)}; {note}"
        rows.append(Row(f"{name}: added OCR time", t_zoom, "s", note))
    n = totals[2]
    for label, hit in (("without zoom", totals[0]), ("with zoom", totals[1])):
        rows.append(Row(f"exact reads {label}", round(100 * hit / n, 1), "%", f"{hit}/{n} labels"))
    rows.append(Row("median added OCR time per small-text frame", statistics.median(added), "s",
                    f"over {len(added)} frames"))  # fmt: skip
    return rows


def zoom_stage_time(detector: Any, image: Any, repeat: int) -> tuple[float, float, int]:
    """Median times of the full pass and of the zoom stage alone (its re-reads), and
    how many re-reads it made: timed apart, so the stage's cost is not lost in the
    full pass's spread on a busy machine."""
    from tiny_computer_agent.perception import _ocr

    engine = _ocr.load_ocr_engine(detector.engine_params)
    t_full, pieces = median_of(
        lambda: _ocr._pieces(_ocr._read(engine, image, detector.zoom_floor)), repeat
    )
    t_zoom, _ = median_of(lambda: detector._zoomed(image, pieces), repeat)
    return t_full, t_zoom, len(detector._zoom_candidates(image, pieces))


def _grab(vd: Any) -> Any:
    from tiny_computer_agent.desktop import DesktopScreen

    screen = DesktopScreen(display=vd.display)
    try:
        return screen.grab()[0]
    finally:
        screen.close()


def _synthetic_frame(width: int = 12) -> Any:
    from tiny_computer_agent import Element, Observation

    labels = ["File", "Edit", "Terminal", "Don't Save", "Cancel", "Save", "Help"]
    labels += [f"Item {i}" for i in range(max(0, width - len(labels)))]
    elements = [
        Element(label=label, box=(40 + i * 90, 400, 120 + i * 90, 440), source="ocr")
        for i, label in enumerate(labels)
    ]
    return Observation.of(elements, size=(1280, 800))


def scoring_throughput(decisions: int = 10_000) -> float:
    """Judge and digest ``decisions`` synthetic decisions (right, wrong, refused, none)
    against a 12-entry menu; return decisions per second."""
    from tiny_computer_agent import Action, BrainError, Decision, Expected, build_menu
    from tiny_computer_agent.records import decision_digest, judge, scoring_policy

    frame = _synthetic_frame()
    menu = build_menu(frame, "click 'Save'")
    expected = Expected(labels=("Save",))
    policy = scoring_policy()
    identity = {"name": "synthetic", "settings": {}}
    outcomes: list[Any] = [
        Decision(action=Action.make("click", target=e.label, target_id=e.id), choice=n)
        for n, e in enumerate(menu.entries, 1)
    ]
    outcomes.append(BrainError("the reply was empty"))
    lines = menu.lines()
    start = time.perf_counter()
    for i in range(decisions):
        outcome = outcomes[i % len(outcomes)]
        judge(outcome, frame=frame, expected=expected, policy=policy)
        decision_digest(identity, lines, "click 'Save'", outcome)
    return decisions / (time.perf_counter() - start)


@section("scoring", "pure-stdlib scoring: synthetic decisions, and replaying runs/")
def bench_scoring(repeat: int) -> list[Row]:
    from tiny_computer_agent import benchmark, load_traces, select_brains

    speeds = [scoring_throughput(10_000) for _ in range(repeat)]
    traces = load_traces(ROOT / "runs")
    brains = select_brains("planner,first-item,oracle")
    t, board = median_of(lambda: benchmark(traces, brains), repeat)
    return [
        Row("scoring throughput", statistics.median(speeds), "decisions/s",
            "10,000 judged decisions (policy check, match, digest) per run"),
        Row(f"replay + score runs/ ({len(board.verdicts)} decisions)", t, "s",
            f"{len(traces)} traces x 3 weightless brains, menus rebuilt and checked"),
    ]  # fmt: skip


# -- patience: waiting without the brain, and long episodes ------------------------------


def _wake_latencies(repeat: int) -> list[Row]:
    """Wake-up latency on a real Tk program with a clock ticking beside its status: from
    the moment the program records its change (``time.time()``) to the moment the wait's
    step ends, ``repeat`` changes per kind."""
    import tempfile

    from devsupport.xdesktop import TimedPlanner, WatchSpy, run_timed, start_patience_app
    from tiny_computer_agent.desktop import VirtualDesktop

    kinds: dict[str, list[float]] = {"polling": [], "anytime": [], "text": []}
    looks: list[float] = []
    woke: dict[str, list[str]] = {k: [] for k in kinds}
    with VirtualDesktop(window_manager=True) as vd, tempfile.TemporaryDirectory() as tmp:
        app = start_patience_app(vd, Path(tmp))
        screen = WatchSpy(vd.display)
        screen.capture()  # load the OCR
        for i, kind in enumerate(k for _ in range(repeat) for k in kinds):
            app.change("Working", 0)
            time.sleep(0.5)
            after = 0.5 + (i * 0.37) % 1.0  # spread over 0.5-1.5 s, the same every run
            text = "Ready" if kind == "text" else "Finished"
            screen.region_polls, screen.looks = [], []

            def on_poll(n: int, after: float = after, kind: str = kind) -> None:
                if kind == "polling" and n == 2:  # once the watch's loop polls
                    app.change("Finished", after)

            screen.on_region_poll = on_poll
            brain = TimedPlanner(
                on_wait=None if kind == "polling" else lambda t=text, a=after: app.change(t, a)
            )
            goal = (
                "wait for 'Ready' (up to 60 seconds)"
                if kind == "text"
                else "wait for 'Working' to change (up to 60 seconds)"
            )
            episode, ended = run_timed(goal, screen, brain)
            result = episode.steps[0].result
            woke[kind].append(result.woke if result is not None and result.woke else "?")
            kinds[kind].append(ended[0] - app.changed_at(text))
            looks += [end - start for start, end in screen.looks]
        screen.close()
    look = statistics.median(looks)

    def spread(values: list[float], kind: str) -> str:
        how = ",".join(sorted(set(woke[kind])))
        return f"min {min(values):.2f} s, max {max(values):.2f} s, woke on {how}"

    return [
        Row("region watch, change while it polls", statistics.median(kinds["polling"]), "s",
            spread(kinds["polling"], "polling") + "; 0.3 s still + 0.1 s poll by design"),
        Row("region watch, change 0.5-1.5 s after deciding", statistics.median(kinds["anytime"]),
            "s", spread(kinds["anytime"], "anytime") + "; compares the area's pixels, no OCR"),
        Row("whole-screen text wait ('Ready')", statistics.median(kinds["text"]), "s",
            spread(kinds["text"], "text") + "; reads only the box of pixels that changed"),
        Row("one whole read of that screen (capture + OCR)", look, "s",
            f"{len(looks)} reads by the loop, 1280x800; the clock makes a capture read again"),
    ]  # fmt: skip


def _long_run_costs(repeat: int, clicks: int = 60) -> list[Row]:
    """A scripted model brain clicking ``clicks`` times on a scripted counter: decision
    time and prompt size at step 5 and at step 60 (no desktop)."""
    import json

    from tiny_computer_agent import Policy, run_episode
    from tiny_computer_agent._screens import ScriptedScreen
    from tiny_computer_agent.brains.models import ScriptedModelBrain

    frames = [["Counter", f"Count: {i}", "Add one"] for i in range(clicks + 2)]
    replies = [json.dumps({"verb": "click", "target": "Add one"})] * clicks
    replies.append(json.dumps({"verb": "done"}))
    early: list[float] = []
    late: list[float] = []
    walls: list[float] = []
    prompts: list[int] = []
    for _ in range(repeat):
        brain = ScriptedModelBrain(replies=tuple(replies))
        t0 = time.perf_counter()
        episode = run_episode(
            "click 'Add one' sixty times",
            screen=ScriptedScreen.of_labels(*frames),
            brain=brain,
            policy=Policy(max_steps=clicks + 10),
        )
        walls.append(time.perf_counter() - t0)
        early.append(episode.steps[4].timings["decide"])
        late.append(episode.steps[59].timings["decide"])
        prompts = [len(r[-1]["content"]) for r in brain.requests]
    return [
        Row("decision at step 5 (scripted model brain)", statistics.median(early), "s",
            f"prompt {prompts[4]} characters"),
        Row("decision at step 60", statistics.median(late), "s",
            f"prompt {prompts[59]} characters (8 steps shown + the ledger)"),
        Row("prompt characters, largest of the 61", max(prompts), "chars",
            f"smallest {min(prompts)} (step 1)"),
        Row(f"whole {clicks + 1}-step episode", statistics.median(walls), "s",
            "ScriptedScreen, dry run"),
    ]  # fmt: skip


@section("patience", "wait_for wake latency on a real Tk program; decisions at step 5 vs 60")
def bench_patience(repeat: int) -> list[Row]:
    return [*_wake_latencies(repeat), *_long_run_costs(repeat)]


# -- watching a run: session logs, the console, remote desktops, the task pool ------------

_WATCH_EVENTS = 20  # observe events per round (session log, console)


def _watch_observation(image: Any, count: int = 200) -> Any:
    """A look at ``image`` with ``count`` labelled elements (a busy screen's index)."""
    from tiny_computer_agent import Element, Observation

    elements = [
        Element(label=f"item {i}", box=(10 + (i % 20) * 60, 10 + (i // 20) * 30,
                                        60 + (i % 20) * 60, 35 + (i // 20) * 30), source="ocr")
        for i in range(count)
    ]  # fmt: skip
    return Observation.of(elements, size=image.size, image=image)


def _observe_events(looks: Sequence[Any], first: int, count: int) -> list[Any]:
    """``count`` observe events, alternating between ``looks`` (each a new picture)."""
    from tiny_computer_agent import RunEvent

    menu = tuple(f"{n}. item {n - 1}" for n in range(1, 13))
    return [
        RunEvent(kind="observe", index=i, observation=looks[i % len(looks)], menu=menu)
        for i in range(first, first + count)
    ]


def _timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _session_log_costs(repeat: int, tmp: Path, looks: Sequence[Any]) -> list[Row]:
    """Per observe event with a PNG frame vs frames off (two logs, the same events, in
    each round), and the start and the end of a session."""
    import dataclasses as dc

    from tiny_computer_agent import PlannerBrain, RunEvent, ScriptedScreen, run_episode
    from tiny_computer_agent.records import SessionLog

    episode = run_episode("click 'Save'", screen=ScriptedScreen.of_labels(["Save"], ["Saved"]),
                          brain=PlannerBrain(), verify_text="Saved")  # fmt: skip
    start = RunEvent(kind="start", goal="click 'Save'", settings={"brain": "planner"})
    on, off, starts, ends = [], [], [], []
    for r in range(repeat + 1):  # round 0 warms up (Pillow's PNG plugin, the folders)
        logs: dict[bool, Any] = {}
        for frames in (True, False):
            t0 = time.perf_counter()
            logs[frames] = SessionLog.create(tmp / f"session-{r}-{frames}", frames=frames)
            logs[frames](start)
            if frames:
                starts.append(time.perf_counter() - t0)
        with_frames, frames_off = logs[True], logs[False]
        events = _observe_events(looks, 1, _WATCH_EVENTS)
        a = [_timed(lambda e=e, log=with_frames: log(e)) for e in events]
        b = [_timed(lambda e=e, log=frames_off: log(e)) for e in events]
        on.append(statistics.median(a))
        off.append(statistics.median(b))
        last = events[-1].observation  # the end's final frame is the one last written
        end = RunEvent(kind="end", episode=dc.replace(episode, final=last))
        ends.append(_timed(lambda end=end, log=with_frames: (log(end), log.close())))
        frames_off.close()
    png = (tmp / "session-0-True" / "frames" / "step-001.png").stat().st_size
    on, off, starts, ends = on[1:], off[1:], starts[1:], ends[1:]
    size = "x".join(map(str, looks[0].size))
    return [
        Row("session log: observe event + PNG frame", statistics.median(on), "s",
            f"{size}, 200 elements, PNG {png // 1024} KB; median of {_WATCH_EVENTS} events"),
        Row("session log: observe event, frames off", statistics.median(off), "s",
            "the same events, to a second log, in the same rounds"),
        Row("session log: PNG frame / frames off", round(statistics.median(
            a / b for a, b in zip(on, off, strict=True)), 1), "x", "per round, then median"),
        Row("session log: start (folder, session.json, start event)", statistics.median(starts),
            "s", "fsync'd, in a tmp dir"),
        Row("session log: end (end event, session.json, close)", statistics.median(ends), "s",
            "fsync'd; its final frame was already written"),
    ]  # fmt: skip


def _sse_reader(url: str, got: dict[int, float], ready: Any) -> None:
    """Read the console's event stream; note when each observe event's data arrives."""
    import json
    import urllib.request

    kind = ""
    with urllib.request.urlopen(url, timeout=30) as resp:  # noqa: S310 (http://127.0.0.1)
        while line := resp.readline():
            if line.startswith(b"event: "):
                kind = line[7:].strip().decode()
            elif line.startswith(b"data: "):
                arrived = time.perf_counter()
                ready.set()
                if kind == "observe":
                    got[json.loads(line[6:])["index"]] = arrived


def _console_costs(repeat: int, tmp: Path, looks: Sequence[Any]) -> list[Row]:
    """Console.hear per observe event, the delay to an SSE reader on 127.0.0.1, and a
    frame's JPEG encoding (on the server's thread, when a page asks)."""
    import threading

    from tiny_computer_agent.console import Console
    from tiny_computer_agent.console._feed import encode_jpeg

    hears, delays = [], []
    with Console(kill_switch=tmp / "STOP", sessions=tmp) as console:
        got: dict[int, float] = {}
        ready = threading.Event()
        url = f"http://127.0.0.1:{console.port}/events?token={console.token}"
        reader = threading.Thread(target=_sse_reader, args=(url, got, ready), daemon=True)
        reader.start()
        if not ready.wait(10):
            raise RuntimeError(f"no SSE reader connected to {console.url} within 10 s")
        for r in range(repeat + 1):  # round 0 warms up
            sent: dict[int, float] = {}
            costs = []
            for event in _observe_events(looks, 1 + r * _WATCH_EVENTS, _WATCH_EVENTS):
                sent[event.index] = t0 = time.perf_counter()
                console.hear(event)
                costs.append(time.perf_counter() - t0)
                time.sleep(0.005)  # a step's worth of quiet: one event in flight at a time
            deadline = time.monotonic() + 10
            while not set(sent) <= set(got) and time.monotonic() < deadline:
                time.sleep(0.01)
            if not set(sent) <= set(got):
                raise RuntimeError(f"the SSE reader missed events {sorted(set(sent) - set(got))}")
            hears.append(statistics.median(costs))
            delays.append(statistics.median(got[i] - t for i, t in sent.items()))
    reader.join(10)
    t_jpeg, jpeg = median_of(lambda: encode_jpeg(looks[0].image), repeat)
    return [
        Row("console: hear(observe event)", statistics.median(hears[1:]), "s",
            f"200 elements; the frame is kept by reference; median of {_WATCH_EVENTS} events"),
        Row("console: event to an SSE reader on 127.0.0.1", statistics.median(delays[1:]), "s",
            "from hear() called to the reader's data line"),
        Row("console: JPEG encode of a frame", t_jpeg, "s",
            f"{looks[0].size[0]}x{looks[0].size[1]}, quality 82, {len(jpeg) // 1024} KB; "
            "on a server thread"),
    ]  # fmt: skip


def _remote_requests(repeat: int, token: str, calls_per_round: int = 30) -> list[Row]:
    """Loopback requests through RemoteScreen/RemoteExecutor to a scripted screen."""
    from tiny_computer_agent import Action, Policy, ScriptedScreen
    from tiny_computer_agent.remote import RemoteExecutor, RemoteScreen, serve

    screen = ScriptedScreen.of_labels(["File", "Save"])
    times: dict[str, list[float]] = {}
    with serve(screen=screen, policy=Policy(), token=token, rate=1000).start() as server:
        eyes = RemoteScreen(server.url, token=token)
        hands = RemoteExecutor(server.url, token=token)
        obs = eyes.capture()
        click = Action.make("click", target="Save")
        calls = {
            "remote: GET /health": eyes.health,
            "remote: GET /observe (scripted screen)": eyes.capture,
            "remote: POST /action (dry-run click)": lambda: hands.execute(click, obs),
        }
        for r in range(repeat + 1):  # round 0 warms up
            samples: dict[str, list[float]] = {name: [] for name in calls}
            for _ in range(calls_per_round):
                for name, call in calls.items():
                    samples[name].append(_timed(call))
            if r:
                for name, values in samples.items():
                    times.setdefault(name, []).append(statistics.median(values))
    note = f"median of {calls_per_round} calls a round, the three interleaved"
    return [Row(name, statistics.median(values), "s", note) for name, values in times.items()]


def _remote_looks(repeat: int, token: str, image: Any, looks_per_round: int = 4) -> list[Row]:
    """A look at a served image screen with its pixels (a PNG) and with images=False."""
    from tiny_computer_agent import GridDetector, ImageScreen, Policy
    from tiny_computer_agent.remote import RemoteScreen, serve

    screen = ImageScreen.of([image], detector=GridDetector())  # no OCR: the wire only
    pixels, bare = [], []
    with serve(screen=screen, policy=Policy(), token=token, rate=1000).start() as server:
        with_images = RemoteScreen(server.url, token=token)
        without = RemoteScreen(server.url, token=token, images=False)
        for r in range(repeat + 1):  # round 0 warms up (the server's detection)
            a = [_timed(with_images.capture) for _ in range(looks_per_round)]
            b = [_timed(without.capture) for _ in range(looks_per_round)]
            if r:
                pixels.append(statistics.median(a))
                bare.append(statistics.median(b))
        if with_images.last is None or with_images.last.image is None:
            raise RuntimeError("the look with images=True came back without pixels")
    size = "x".join(map(str, image.size))
    return [
        Row("remote: a look with pixels (/observe + PNG)", statistics.median(pixels), "s",
            f"ImageScreen {size}, grid detector; median of {looks_per_round} looks a round"),
        Row("remote: a look with images=False", statistics.median(bare), "s",
            "the same screen, GET /observe only"),
        Row("remote: pixels / images=False", round(statistics.median(
            a / b for a, b in zip(pixels, bare, strict=True)), 1), "x", "per round, then median"),
    ]  # fmt: skip


def _pool_scheduling(repeat: int, tmp: Path, tasks: int = 8, hold: float = 1.0) -> list[Row]:
    """``tasks`` scripted episodes of ``hold`` seconds over 1, 2 and 4 desktops on the
    local (spawned) process pool: wall time, and its ratio to 1 desktop in each round."""
    from benchmarks._watch import SleepyRunner
    from tiny_computer_agent.remote import Task, run_tasks

    rounds = max(1, min(repeat, 3))  # a round is ~16 s of sleeping, whatever --repeat says
    todo = [Task(id=f"t{i}", goal="click 'Save'", verify_text=f"Saved {i}")
            for i in range(1, tasks + 1)]  # fmt: skip
    walls: dict[int, list[float]] = {1: [], 2: [], 4: []}
    for r in range(rounds):
        for count, values in walls.items():
            desktops = [f"bench-desktop-{n}" for n in range(1, count + 1)]
            out = tmp / f"pool-{r}-{count}"
            t0 = time.perf_counter()
            report = run_tasks(todo, desktops, runner=SleepyRunner(hold=hold), out=out,
                               notify=lambda line: None)  # fmt: skip
            values.append(time.perf_counter() - t0)
            if report.verified != tasks:
                raise RuntimeError(f"{count} desktops verified {report.verified}/{tasks} tasks")
    rows = []
    for count, values in walls.items():
        ideal = tasks * hold / count
        name = f"pool: {tasks} tasks of {hold:g} s, {count} desktop" + "s" * (count > 1)
        note = f"wall incl. spawning workers; ideal {ideal:g} s; median of {rounds}"
        rows.append(Row(name, statistics.median(values), "s", note))
        if count > 1:
            ratio = statistics.median(v / one for v, one in zip(values, walls[1], strict=True))
            rows.append(Row(f"pool: {count} desktops / 1 desktop", round(ratio, 2), "x",
                            f"wall ratio per round; ideal {1 / count:g}"))  # fmt: skip
    return rows


@section("watch", "session log, console, remote desktop and task pool costs")
def bench_watch(repeat: int) -> list[Row]:
    import secrets
    import tempfile

    from tiny_computer_agent import example_frames

    before, after = example_frames()  # 1280x800; two pictures, so each event is a new frame
    looks = [_watch_observation(before), _watch_observation(after)]
    token = secrets.token_hex(16)
    home = os.environ.get("TINY_COMPUTER_AGENT_HOME")
    with tempfile.TemporaryDirectory(prefix="tca-bench-watch-") as name:
        tmp = Path(name)
        os.environ["TINY_COMPUTER_AGENT_HOME"] = str(tmp / "home")
        try:
            return [
                *_session_log_costs(repeat, tmp, looks),
                *_console_costs(repeat, tmp, looks),
                *_remote_requests(repeat, token),
                *_remote_looks(repeat, token, before),
                *_pool_scheduling(repeat, tmp),
            ]
        finally:
            if home is None:
                os.environ.pop("TINY_COMPUTER_AGENT_HOME", None)
            else:
                os.environ["TINY_COMPUTER_AGENT_HOME"] = home


@section("firststep", "the CLI's first step vs its warm steps, with and without the warm-up")
def bench_firststep(repeat: int) -> list[Row]:
    from benchmarks._firststep import firststep_rows

    return [Row(*r) for r in firststep_rows(repeat)]


@section("engine", "a one-shot command's first step without and with the warm engine")
def bench_engine(repeat: int) -> list[Row]:
    from benchmarks._engine import engine_rows

    return [Row(*r) for r in engine_rows(repeat)]


@section("threads", "onnxruntime, torch and OpenBLAS threads, 1 vs 2, idle and beside 2 busy cores")
def bench_threads(repeat: int) -> list[Row]:
    from benchmarks._threads import threads_rows

    return [Row(*r) for r in threads_rows(repeat, _BENCH_APP)]


@section("load", "a fresh process: the OCR engine, and the intent brain on numpy vs torch")
def bench_load(repeat: int) -> list[Row]:
    from benchmarks._load import load_rows

    return [Row(*r) for r in load_rows(repeat)]


@section("settle", "late redraws against the settle's quiet window, with real clicks", repeat=2)
def bench_settle(repeat: int) -> list[Row]:
    from benchmarks._settle_bench import settle_rows

    return [Row(*r) for r in settle_rows(repeat)]


@section("index", "one look, whole and incremental: a dialog opens and closes, a button hovered")
def bench_index(repeat: int) -> list[Row]:
    from benchmarks._index import index_rows

    return [Row(*r) for r in index_rows(repeat)]


@section("controls", "controls of real programs found per detector (held-out set)", repeat=1)
def bench_controls(repeat: int) -> list[Row]:
    from benchmarks._controls import DEFAULT_DETECTORS, controls_rows, grid, measure

    detectors = OPTIONS["detectors"] or DEFAULT_DETECTORS
    results = measure(detectors)
    shown = grid(results)
    print(shown + "\n", flush=True)
    DETAILS["controls"] = ["## Per detector and toolkit", shown]
    return [Row(*r) for r in controls_rows(results)]


@section(
    "steps",
    "whole steps on real programs as the CLI runs them; the median column is the p50, "
    "the p95 is in the note",
    repeat=2,
)
def bench_steps(repeat: int) -> list[Row]:
    from benchmarks._steps import measure

    return [Row(*figure) for figure in measure(repeat)]


def table(rows: Sequence[Row]) -> str:
    """The section's rows as a Markdown table."""
    width = max(len(r.metric) for r in rows)
    lines = [f"| {'metric'.ljust(width)} | median | note |"]
    lines.append(f"|{'-' * (width + 2)}|-------:|------|")
    for r in rows:
        digits = 2 if r.value < 0.001 else 1  # sub-millisecond costs keep two decimals
        value = f"{r.value * 1000:.{digits}f} ms" if r.unit == "s" else f"{r.value:g} {r.unit}"
        lines.append(f"| {r.metric.ljust(width)} | {value} | {r.note} |")
    return "\n".join(lines)


def render(section_: Section, rows: Sequence[Row], repeat: int) -> str:
    heading = f"## {section_.name}: {section_.description} (median of {repeat})"
    return heading + "\n\n" + table(rows)


def about(name: str) -> str:
    """What section ``name`` measures: its entry in this file's docstring, and the
    docstring of its own module (``benchmarks/_NAME.py``) when it has one."""
    import ast
    import re

    doc = __doc__ or ""
    entry = re.search(rf"^    {re.escape(name)}\s+(.*?)(?=^    \S|\Z)", doc, re.M | re.S)
    parts = [" ".join(entry.group(1).split())] if entry else []
    module = MODULES.get(name)
    if module is not None:
        tree = ast.parse((ROOT / "benchmarks" / module).read_text(encoding="utf-8"))
        parts.append(ast.get_docstring(tree) or "")
    return "\n\n".join(p for p in parts if p)


def page(section_: Section, rows: Sequence[Row], repeat: int, peak: float) -> str:
    """The body of the section's page: the table, then what the section measures."""
    parts = [
        f"{repeat} rounds (`--repeat {repeat}`): a figure is a median unless its row or "
        f"note says otherwise (a count, a rate, a p95, a ratio). This process's peak memory "
        f"(max RSS) when the section ended: {peak:.0f} MiB.",
        table(rows),
        *DETAILS.get(section_.name, ()),
    ]
    if text := about(section_.name):
        parts += ["## How it is measured", "```text\n" + text + "\n```"]
    return "\n\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    from benchmarks import _pages

    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "sections",
        nargs="*",
        choices=[[], *SECTIONS],
        metavar="SECTION",
        help=f"which to run (default: all): {', '.join(SECTIONS)}",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=None,
        help="runs per measurement (default: the section's own, 5; steps: 2 rounds)",
    )
    p.add_argument(
        "--detector",
        action="append",
        default=[],
        help="controls: a detector name from the registry, e.g. ocr-full, shapes, a11y, "
        "auto (repeatable; default ocr-full)",
    )
    _pages.add_out_argument(p)
    args = p.parse_args(argv)
    OPTIONS["detectors"] = tuple(args.detector)
    command = _pages.command_line("benchmarks/bench.py", argv)
    chosen = args.sections or list(SECTIONS)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {sys.platform}\n")
    for name in chosen:
        sec = SECTIONS[name]
        repeat = sec.repeat if args.repeat is None else args.repeat
        started = time.time()
        DETAILS.pop(name, None)
        rows = sec.run(repeat)
        print(render(sec, rows, repeat) + "\n", flush=True)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        body = page(sec, rows, repeat, peak)
        title = f"{name}: {sec.description}"
        page_name = PAGE_NAMES.get(name, f"bench-{name}.md")
        _pages.write_page(args.out, page_name, title, command, body, started=started)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory (max RSS of this process): {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
