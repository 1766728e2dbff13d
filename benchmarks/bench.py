"""Benchmarks, not timed tests: ``python benchmarks/bench.py [SECTION ...] [--repeat N]``.

Each section is a function registered with :func:`section`; it returns rows of
(metric, median, unit, note) and the script prints one table per section plus the
process's peak memory. Add a section by decorating a function in this file:

    @section("scoring", "replay every trace through every brain")
    def bench_scoring(repeat: int) -> list[Row]: ...

Sections here:
    desktop  capture, OCR (full and downscaled frames), decision, act, settle and the
             end-to-end step, on a private Xvfb desktop with a real Tk dialog
    ocr      RapidOCR's defaults against ocr.ENGINE_PARAMS: labels found, and time
    zoom     small Tk and xmessage labels read exactly without and with OcrDetector.zoom,
             and the OCR time zoom adds (there and on a normal dialog)
    scoring  scoring throughput (decisions per second) and a full replay of runs/
    patience wait_for's wake-up latency (a region watch beside a ticking clock, a text
             wait) on a real Tk program, and decision time and prompt size at step 5 vs
             step 60 of a long scripted run
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


SECTIONS: dict[str, Section] = {}


def section(
    name: str, description: str
) -> Callable[[Callable[[int], list[Row]]], Callable[[int], list[Row]]]:
    """Register a benchmark section (a function of ``repeat`` returning rows)."""

    def register(fn: Callable[[int], list[Row]]) -> Callable[[int], list[Row]]:
        SECTIONS[name] = Section(name, description, fn)
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
        ScriptedBrain,
        build_menu,
        run_episode,
    )
    from tiny_computer_agent._detectors import OcrDetector
    from tiny_computer_agent._perception import Frame
    from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor, VirtualDesktop

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
        rows.append(Row("frame signature (settle poll)", t, "s", "sampled grid digest"))
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
        acts, settles, steps = [], [], []
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
                "changed, then 0.2 s still",
            )
        )
        for _ in range(repeat):
            brain = ScriptedBrain.of([{"verb": "click", "target": "Save"}])
            episode = run_episode(
                "click 'Save'",
                screen=screen,
                brain=brain,
                executor=executor,
                policy=policy,
            )
            timings = episode.steps[0].timings  # "act" includes the settle
            steps.append(timings["observe"] + timings["decide"] + timings["act"])
        rows.append(
            Row(
                "end-to-end step (observe+decide+act+settle)",
                statistics.median(steps),
                "s",
                "one loop step, from the episode's own timings",
            )
        )
        screen.close()
    return rows


# -- OCR settings ----------------------------------------------------------------------


@section("ocr", "RapidOCR defaults vs ocr.ENGINE_PARAMS on the example and a real Tk dialog")
def bench_ocr(repeat: int) -> list[Row]:
    import numpy as np
    from rapidocr import RapidOCR

    from tiny_computer_agent._example import EXAMPLE_BUTTONS, example_frames
    from tiny_computer_agent._ocr import ENGINE_PARAMS
    from tiny_computer_agent._perception import normalize_label
    from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop

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
    from tiny_computer_agent._perception import normalize_label

    keys = {e.key for e in found.elements}
    return sum(normalize_label(w) in keys for w in words)


@section("zoom", "small Tk and xmessage text read without and with zoom (OcrDetector.zoom)")
def bench_zoom(repeat: int) -> list[Row]:
    from tiny_computer_agent._ocr import OcrDetector
    from tiny_computer_agent._perception import Frame
    from tiny_computer_agent.desktop import VirtualDesktop

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
    from tiny_computer_agent import _ocr

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
    from tiny_computer_agent.models import ScriptedModelBrain

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


def render(section_: Section, rows: Sequence[Row], repeat: int) -> str:
    width = max(len(r.metric) for r in rows)
    lines = [f"## {section_.name}: {section_.description} (median of {repeat})", ""]
    lines.append(f"| {'metric'.ljust(width)} | median | note |")
    lines.append(f"|{'-' * (width + 2)}|-------:|------|")
    for r in rows:
        value = f"{r.value * 1000:.1f} ms" if r.unit == "s" else f"{r.value:g} {r.unit}"
        lines.append(f"| {r.metric.ljust(width)} | {value} | {r.note} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
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
    p.add_argument("--repeat", type=int, default=5, help="runs per measurement (default 5)")
    args = p.parse_args(argv)
    chosen = args.sections or list(SECTIONS)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {sys.platform}\n")
    for name in chosen:
        sec = SECTIONS[name]
        print(render(sec, sec.run(args.repeat), args.repeat) + "\n", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory (max RSS of this process): {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
