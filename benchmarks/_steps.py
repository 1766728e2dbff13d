"""bench.py's ``steps`` section: whole loop steps on real programs (issue 14, item 6).

Four multi-step scenarios on a private 1280x800 Xvfb with openbox, each a real program
driven with real input by the CLI itself (``tiny_computer_agent.cli.main`` with
``--live --real-input --brain scripted --script ...``: its parser, warm-up, policy,
screen, default detector and executor, and :func:`~tiny_computer_agent.run_episode` as
it calls it), and each checked by the program's own output:

    dialog  a Tk report window: Export -> a modal "Export report" dialog: Yes -> an
            "Export finished" dialog: OK; the program prints that it exported
    form    a Tk sign-up form: type into "Full name" and "Email address" (placeholders
            inside the fields), Submit; the program prints what it got
    list    zenity --list: click the row "Blue", then OK; zenity prints "Blue"
    keypad  a Tk keypad whose keys read 0-9, Add, Sub, Mul, Div, Equals, Clear:
            4 7 Add 3 8 5 Equals; the program prints 47+385=432

The decision is not what is measured: a scripted brain names each target by its label.

Every episode runs in a fresh process (as a CLI run does) with a fresh program, screen
and detector, so nothing is reused from an earlier episode: not the index, not the
OCR engine, not remembered readings. Step 1 therefore builds the OCR engine and is
reported on its own; the warm steps are steps 2 and on. Each round runs every
scenario three times, the settle rule rotating first-to-last: our settle, and a fixed
0.8 s and 2.0 s sleep after each action (what peers do), with the same index.

The frames the loop indexed come back from each episode; right after it, Tesseract
indexes the same frames (:mod:`benchmarks._tesseract`), and both indexes are scored on
the step's target: a hit is an element with the target's normalised label whose centre
lies inside the target's true rectangle, which the Tk programs print (screen geometry
from ``winfo_rootx/rooty/width/height``). zenity prints none, so the list's targets are
left out of the hit rate (its steps are timed like the others).

Last, one CLI run (``tiny-computer-agent --live --real-input``, armed by the flag and
the environment variable) drives the keypad in a subprocess, and its peak RSS is read
from ``os.wait4``.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from benchmarks._tesseract import TesseractIndex, tesseract_index

ROOT = Path(__file__).resolve().parent.parent

Rect = tuple[int, int, int, int]

# -- the programs ----------------------------------------------------------------------

#: Shared by the Tk programs: JSON events on stdout, and each window's widget
#: rectangles (screen pixels) once the window manager has placed it.
_PRELUDE = r"""
import json, tkinter as tk
FONT = ("DejaVu Sans", 13)
def say(**event):
    print(json.dumps(event), flush=True)
def rect(w):
    x, y = w.winfo_rootx(), w.winfo_rooty()
    return [x, y, x + w.winfo_width(), y + w.winfo_height()]
def shown(window, widgets, what):
    def tell():
        window.update_idletasks()
        say(show=what, rects={name: rect(w) for name, w in widgets.items()})
    window.after(400, tell)
"""

_DIALOG_APP = (
    _PRELUDE
    + r"""
root = tk.Tk(); root.title("Quarterly report - draft"); root.geometry("+120+90")
tk.Label(root, text="Quarterly report (draft, 4 pages)", font=FONT).pack(padx=30, pady=(18, 4))
tk.Label(root, text="Last edited today at 09:41 by Dana", font=FONT).pack(padx=30, pady=4)
status = tk.Label(root, text="Not exported yet", font=FONT)
row = tk.Frame(root); row.pack(pady=16, padx=20)
main = {}
def dialog(title, text, buttons, where):
    top = tk.Toplevel(root); top.title(title); top.geometry(where); top.transient(root)
    tk.Label(top, text=text, font=FONT).pack(padx=30, pady=18)
    line = tk.Frame(top); line.pack(pady=(0, 16))
    widgets = {}
    for name in buttons:
        widgets[name] = tk.Button(line, text=name, font=FONT, width=6,
                                  command=lambda n=name, t=top: pressed(n, t))
        widgets[name].pack(side="left", padx=10)
    top.wait_visibility(); top.grab_set()
    shown(top, widgets, title)
def pressed(name, top=None):
    say(pressed=name)
    if top is not None:
        top.grab_release(); top.destroy()
    if name == "Export":
        dialog("Export report", "Export the report as a PDF file?", ("Yes", "No"), "+460+330")
    elif name == "Yes":
        dialog("Export finished", "Saved quarterly-report.pdf (4 pages)", ("OK",), "+440+360")
    elif name == "OK":
        status.configure(text="Exported to PDF")
        say(result="exported")
for name in ("Preview", "Export", "Share", "Close"):
    main[name] = tk.Button(row, text=name, font=FONT, command=lambda n=name: pressed(n))
    main[name].pack(side="left", padx=8)
status.pack(pady=(0, 16))
shown(root, main, "main")
root.mainloop()
"""
)

_FORM_APP = (
    _PRELUDE
    + r"""
root = tk.Tk(); root.title("Create account"); root.geometry("+200+120")
tk.Label(root, text="Create your account", font=("DejaVu Sans", 15)).pack(padx=40, pady=(20, 10))
fields = {}
def field(placeholder):
    entry = tk.Entry(root, font=FONT, width=30, fg="gray45")
    entry.insert(0, placeholder)
    def focus(event):
        if entry.cget("fg") == "gray45":
            entry.delete(0, "end"); entry.configure(fg="black")
    entry.bind("<FocusIn>", focus)
    entry.pack(padx=40, pady=8, ipady=4)
    fields[placeholder] = entry
field("Full name"); field("Email address")
tk.Label(root, text="We never share your address.", font=FONT).pack(padx=40, pady=6)
thanks = tk.Label(root, text="", font=FONT)
def submit():
    got = {k: ("" if e.cget("fg") == "gray45" else e.get()) for k, e in fields.items()}
    say(result=got)
    thanks.configure(text="Thanks, " + (got["Full name"] or "stranger"))
row = tk.Frame(root); row.pack(pady=12)
buttons = {name: tk.Button(row, text=name, font=FONT) for name in ("Cancel", "Submit")}
buttons["Submit"].configure(command=submit)
for b in buttons.values():
    b.pack(side="left", padx=10)
thanks.pack(pady=(0, 16))
shown(root, {**fields, **buttons}, "main")
root.mainloop()
"""
)

_KEYPAD_APP = (
    _PRELUDE
    + r"""
root = tk.Tk(); root.title("Keypad"); root.geometry("+240+80")
display = tk.Label(root, text="0", font=("DejaVu Sans", 20), anchor="e", width=16,
                   relief="sunken", bg="white")
display.grid(row=0, column=0, columnspan=4, padx=16, pady=16, sticky="we")
state = {"a": None, "op": None, "typed": ""}
OPS = {"Add": "+", "Sub": "-", "Mul": "*", "Div": "/"}
def press(name):
    if name.isdigit():
        state["typed"] = (state["typed"] + name).lstrip("0") or "0"
        display.configure(text=state["typed"])
    elif name in OPS:
        state["a"], state["op"], state["typed"] = int(state["typed"] or 0), name, ""
    elif name == "Clear":
        state.update(a=None, op=None, typed=""); display.configure(text="0")
    elif name == "Equals" and state["op"]:
        a, b, sign = state["a"], int(state["typed"] or 0), OPS[state["op"]]
        value = {"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else 0}[sign]
        display.configure(text=str(value)); state.update(a=None, op=None, typed=str(value))
        say(result=f"{a}{sign}{b}={value}")
keys = {}
LAYOUT = (("7", "8", "9", "Div"), ("4", "5", "6", "Mul"), ("1", "2", "3", "Sub"),
          ("0", "Clear", "Equals", "Add"))
for r, names in enumerate(LAYOUT, 1):
    for c, name in enumerate(names):
        keys[name] = tk.Button(root, text=name, font=FONT, width=6, height=2,
                               command=lambda n=name: press(n))
        keys[name].grid(row=r, column=c, padx=4, pady=4)
shown(root, keys, "main")
root.mainloop()
"""
)

_LIST_ARGV = (
    "zenity", "--list", "--title", "Pick a colour", "--text",
    "Which colour should the chart use?", "--column", "Colour",
    "Red", "Green", "Blue", "Yellow", "Purple", "Orange", "--width", "420", "--height", "380",
)  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Scenario:
    """One program, the script that drives it (a scripted brain's actions, by label),
    and the output that proves the script did what it should."""

    name: str
    argv: tuple[str, ...]
    title: str
    goal: str
    script: tuple[Mapping[str, Any], ...]
    expected: Any
    #: what the loop's verifier looks for once the script has run (--verify-text)
    verify: str | None = None
    #: True when the program prints its widgets' rectangles (the hit-rate set)
    rects: bool = True

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(str(item["target"]) for item in self.script)


def _tk(source: str) -> tuple[str, ...]:
    return (sys.executable, "-c", source)


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        name="dialog",
        argv=_tk(_DIALOG_APP),
        title="Quarterly report - draft",
        goal="export the report as PDF and close the dialogs",
        script=(
            {"verb": "click", "target": "Export"},
            {"verb": "click", "target": "Yes"},
            {"verb": "click", "target": "OK"},
        ),
        expected="exported",
        verify="Exported to PDF",
    ),
    Scenario(
        name="form",
        argv=_tk(_FORM_APP),
        title="Create account",
        goal="sign up as Ada Lovelace, ada@example.org",
        script=(
            {"verb": "type", "target": "Full name", "text": "Ada Lovelace"},
            {"verb": "type", "target": "Email address", "text": "ada@example.org"},
            {"verb": "click", "target": "Submit"},
        ),
        expected={"Full name": "Ada Lovelace", "Email address": "ada@example.org"},
        verify="Thanks, Ada Lovelace",
    ),
    Scenario(
        name="list",
        argv=_LIST_ARGV,
        title="Pick a colour",
        goal="pick Blue",
        script=({"verb": "click", "target": "Blue"}, {"verb": "click", "target": "OK"}),
        expected="Blue",
        rects=False,
    ),
    Scenario(
        name="keypad",
        argv=_tk(_KEYPAD_APP),
        title="Keypad",
        goal="add 47 and 385",
        script=tuple(
            {"verb": "click", "target": key} for key in ("4", "7", "Add", "3", "8", "5", "Equals")
        ),
        expected="47+385=432",
        verify="432",
    ),
)


class Program:
    """A scenario's program on the private desktop, its stdout read on a thread."""

    def __init__(self, vd: Any, scenario: Scenario) -> None:
        self.scenario = scenario
        self.vd = vd
        self.proc = vd.spawn(list(scenario.argv), stdout=subprocess.PIPE)
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for line in self.proc.stdout:
                self._queue.put(line.rstrip("\n"))
        except (OSError, ValueError):  # the stream was closed when the program stopped
            pass
        self._queue.put(None)

    def _take(self, timeout: float) -> bool:
        """Move one line to :attr:`lines` (False at the deadline or end of output)."""
        try:
            line = self._queue.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return False
        if line is None:
            self._queue.put(None)
            return False
        self.lines.append(line)
        return True

    def wait_until(self, done: Callable[[], bool], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not done():
            if not self._take(deadline - time.monotonic()):
                return done()
        return True

    def events(self) -> list[dict[str, Any]]:
        found = []
        for line in self.lines:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict):
                found.append(event)
        return found

    def rects(self) -> dict[str, Rect]:
        """Every widget's rectangle the program printed (the latest for each label)."""
        return {
            name: (int(r[0]), int(r[1]), int(r[2]), int(r[3]))
            for event in self.events()
            if "rects" in event
            for name, r in event["rects"].items()
        }

    def ready(self, timeout: float = 20) -> None:
        """Wait for the window: the Tk programs say so, zenity's is looked for by title."""
        if self.scenario.rects:
            if not self.wait_until(lambda: bool(self.rects()), timeout):
                raise RuntimeError(f"{self.scenario.name}: the program never showed its window")
            return
        found = self.vd.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--name", self.scenario.title],
            check=False,
        )
        if found.returncode != 0:
            raise RuntimeError(f"{self.scenario.name}: no window titled {self.scenario.title!r}")

    def outcome(self, timeout: float = 3) -> Any:
        """What the program reported: a Tk program's ``result`` event, zenity's stdout."""
        if self.scenario.rects:
            results = lambda: [e["result"] for e in self.events() if "result" in e]  # noqa: E731
            self.wait_until(lambda: bool(results()), timeout)
            return results()[-1] if results() else None
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        self.wait_until(lambda: False, 1)
        return self.lines[0].strip() if self.lines else None

    def stop(self) -> None:
        self.vd.stop(self.proc)


def wait_still(screen: Any, quiet: float = 0.3, timeout: float = 10) -> None:
    """Until the screen's signature held for ``quiet`` seconds (a window fully drawn)."""
    deadline = time.monotonic() + timeout
    last, since = screen.signature(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.03)
        now = screen.signature()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
    raise RuntimeError(f"the screen never held still for {quiet} s within {timeout} s")


# -- one episode, in a fresh process ---------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class FixedSleep:
    """A peer's settle: sleep ``seconds`` after every action, without looking.

    Duck-typed for :class:`~tiny_computer_agent.desktop.RealInputExecutor`'s ``settle``
    (``wait`` and the ``poll`` its focus wait uses). It never looks at the screen, so it
    ends as a timeout does, and it never starts indexing a changed frame early (any
    hook the executor passes, such as ``on_change``, is ignored): the index runs when
    the loop observes, as a peer's would."""

    seconds: float
    poll: float = 0.02

    def wait(self, signature: Callable[[], bytes], before: bytes, **_: Any) -> Any:
        from tiny_computer_agent.desktop._settle import SettleResult

        time.sleep(self.seconds)
        return SettleResult(state="timeout", seconds=self.seconds, polls=0)


#: The settle rules compared, by name: None is ours (the CLI's executor as it is).
SETTLES: dict[str, float | None] = {"ours": None, "sleep 0.8 s": 0.8, "sleep 2.0 s": 2.0}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class StepRecord:
    """One loop step as the episode recorded it, with the frame it indexed (PIL) and
    its index (normalised label and screen centre of each element)."""

    index: int
    target: str | None
    timings: Mapping[str, float]
    error: str
    frame: Any
    mapping: tuple[int, int, float, float]
    elements: tuple[tuple[str, float, float], ...]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class EpisodeRecord:
    scenario: str
    settle: str
    round: int
    outcome: str
    reason: str
    steps: tuple[StepRecord, ...]
    effect: Any = None
    rects: Mapping[str, Rect] = dataclasses.field(default_factory=dict)
    tesseract: tuple[TesseractIndex | None, ...] = ()

    @property
    def ok(self) -> bool:
        return self.effect == _SCENARIOS[self.scenario].expected


_SCENARIOS = {s.name: s for s in SCENARIOS}


def cli_argv(scenario: Scenario) -> list[str]:
    """The command line that runs ``scenario``'s script for real (after the program)."""
    return [
        "--live", "--real-input", "--brain", "scripted",
        "--script", json.dumps(list(scenario.script)),
        "--max-steps", str(len(scenario.script) + 1),  # the last step says done
        *(["--verify-text", scenario.verify] if scenario.verify else []),
        scenario.goal,
    ]  # fmt: skip


def run_episode_as_cli(scenario_name: str, settle: str) -> EpisodeRecord:
    """One episode run by the CLI itself: ``tiny_computer_agent.cli.main`` on
    :func:`cli_argv` (its parser, brain, warm-up, policy, screen, detector, executor,
    everything up to and after :func:`~tiny_computer_agent.run_episode`), so whatever
    the CLI does before and around the loop is measured as it is.

    The CLI's ``run_episode`` is wrapped for this call only, to keep the episode it
    returns (with the frames the loop indexed) and, when ``settle`` names a fixed
    sleep, to give the CLI's own executor that settle instead of ours. Runs in a fresh
    worker process: the display, arming variable and state directory come from the
    environment the parent set."""
    from tiny_computer_agent.cli import _run, main

    real = getattr(_run, "run_episode", None)
    if real is None:
        raise RuntimeError(
            "tiny_computer_agent.cli._run no longer calls run_episode by that name; "
            "update run_episode_as_cli in benchmarks/_steps.py to where the CLI runs the loop"
        )
    ran: list[Any] = []

    def watched(goal: str, **kwargs: Any) -> Any:
        sleep = SETTLES[settle]
        if sleep is not None:
            kwargs["executor"].settle = FixedSleep(seconds=sleep)
        ran.append(real(goal, **kwargs))
        return ran[-1]

    err = io.StringIO()
    _run.run_episode = watched
    try:
        code = main(cli_argv(_SCENARIOS[scenario_name]), out=io.StringIO(), err=err)
    finally:
        _run.run_episode = real
    if not ran:
        raise RuntimeError(f"the CLI ran no episode (exit {code}): {err.getvalue()[-800:]}")
    return _record(scenario_name, settle, ran[0])


def _record(scenario: str, settle: str, episode: Any) -> EpisodeRecord:
    """What the parent needs of an episode (picklable): timings, frames, indexes."""
    from tiny_computer_agent._elements import normalize_label

    steps = []
    for step in episode.steps:
        obs, action = step.observation, step.decision and step.decision.action
        m = obs.mapping if obs is not None else None
        # an element by its label, and a text field by its text too, as Observation.find
        # takes it (a field showing "Full name" in grey is that field)
        elements = () if obs is None else tuple(
            (normalize_label(text), *obs.mapping.to_screen(*e.center))
            for e in obs.elements
            for text in (e.label, *((e.value,) if e.kind == "field" and e.value else ()))
        )  # fmt: skip
        steps.append(
            StepRecord(
                index=step.index,
                target=None if not action or action.verb == "done" else action.target,
                timings=dict(step.timings),
                error=step.error.kind if step.error else step.refusal.rule if step.refusal else "",
                frame=None if obs is None else obs.image,
                mapping=(0, 0, 1.0, 1.0) if m is None else (m.left, m.top, m.scale_x, m.scale_y),
                elements=elements,
            )
        )
    return EpisodeRecord(
        scenario=scenario,
        settle=settle,
        round=0,
        outcome=episode.outcome,
        reason=episode.reason,
        steps=tuple(steps),
    )


def in_fresh_process(scenario: str, settle: str) -> EpisodeRecord:
    """:func:`run_episode_as_cli` in a new process (spawned: nothing inherited but the
    environment and ``sys.path``), as a CLI run is."""
    context = get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(run_episode_as_cli, scenario, settle).result(timeout=300)


def episode(vd: Any, watcher: Any, scenario: Scenario, settle: str, round_: int) -> EpisodeRecord:
    """Start the program, run the episode in a fresh process, read what the program
    reported, stop it; then index the episode's frames with Tesseract."""
    program = Program(vd, scenario)
    try:
        program.ready()
        wait_still(watcher)
        record = in_fresh_process(scenario.name, settle)
        effect = program.outcome()
        rects = program.rects()
    finally:
        program.stop()
    tesseract = tuple(
        None if step.frame is None else tesseract_index(step.frame) for step in record.steps
    )
    steps = tuple(dataclasses.replace(step, frame=None) for step in record.steps)  # ~3 MB each
    return dataclasses.replace(
        record, round=round_, effect=effect, rects=rects, tesseract=tesseract, steps=steps
    )


def rounds(vd: Any, count: int, say: Callable[[str], None]) -> list[EpisodeRecord]:
    """``count`` rounds; in each, every scenario under every settle rule, the rule that
    goes first rotating from scenario to scenario and round to round."""
    from tiny_computer_agent.desktop import DesktopScreen
    from tiny_computer_agent.registry import make_detector

    watcher = DesktopScreen(display=vd.display, detector=make_detector("grid"), ring=None)
    names = list(SETTLES)
    records = []
    try:
        for r in range(count):
            for s, scenario in enumerate(SCENARIOS):
                shift = (r * len(SCENARIOS) + s) % len(names)
                for settle in names[shift:] + names[:shift]:
                    record = episode(vd, watcher, scenario, settle, r + 1)
                    say(
                        f"round {r + 1}/{count} {scenario.name:6} {settle:11} "
                        f"{'ok  ' if record.ok else 'FAIL'} {record.outcome}: "
                        f"{record.reason[:70]} (got {record.effect!r})"
                    )
                    records.append(record)
    finally:
        watcher.close()
    return records


# -- the figures -----------------------------------------------------------------------


def p95(values: Sequence[float]) -> float:
    """The 95th percentile (inclusive; the value itself for a single one)."""
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def acting(records: Sequence[EpisodeRecord], settle: str) -> Iterator[StepRecord]:
    """Every step that acted (not the last, which says done) under ``settle``."""
    for record in records:
        if record.settle == settle:
            yield from (s for s in record.steps if "act" in s.timings)


def stage(step: StepRecord, name: str) -> float:
    t = step.timings
    settle = t.get("settle", 0.0)
    if name == "step":
        return t["observe"] + t["decide"] + t["act"]
    if name == "act":
        return t["act"] - settle  # the loop's "act" includes the settle
    if name == "settle":
        return settle
    return t[name]


def hit(elements: Sequence[tuple[str, float, float]], key: str, rect: Rect) -> bool:
    x0, y0, x1, y1 = rect
    return any(k == key and x0 <= x <= x1 and y0 <= y <= y1 for k, x, y in elements)


def tesseract_elements(
    index: TesseractIndex, mapping: tuple[int, int, float, float]
) -> list[tuple[str, float, float]]:
    """Tesseract's words and lines as (normalised label, screen centre), mapped from
    the frame to the screen exactly as our elements are."""
    from tiny_computer_agent._elements import normalize_label

    left, top, sx, sy = mapping
    return [
        (normalize_label(e.label), left + e.center[0] * sx, top + e.center[1] * sy)
        for e in index.elements
    ]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class HitRates:
    ours: int
    tesseract: int
    targets: int
    screens: int
    #: target label -> times not found, by each index
    missed: Mapping[str, int]
    tesseract_missed: Mapping[str, int]


def hit_rates(records: Sequence[EpisodeRecord]) -> HitRates:
    """Each acting step's target, on the frame that step indexed, in both indexes."""
    from tiny_computer_agent._elements import normalize_label

    ours = theirs = targets = 0
    screens: set[tuple[str, int]] = set()
    missed: dict[str, int] = {}
    tesseract_missed: dict[str, int] = {}
    for record in records:
        for step, found in zip(record.steps, record.tesseract, strict=True):
            rect = record.rects.get(step.target or "")
            if rect is None or found is None:
                continue
            key = normalize_label(step.target or "")
            targets += 1
            screens.add((record.scenario, step.index))
            mine = hit(step.elements, key, rect)
            its = hit(tesseract_elements(found, step.mapping), key, rect)
            ours, theirs = ours + mine, theirs + its
            for got, misses in ((mine, missed), (its, tesseract_missed)):
                if not got:
                    misses[key] = misses.get(key, 0) + 1
    return HitRates(
        ours=ours,
        tesseract=theirs,
        targets=targets,
        screens=len(screens),
        missed=missed,
        tesseract_missed=tesseract_missed,
    )


# -- peak memory of the CLI ------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class CliRun:
    code: int
    peak_mib: float
    seconds: float
    steps: tuple[Mapping[str, float], ...]
    effect: Any


#: Forks and execs the command in argv[2:], waits for it with ``os.wait4`` and writes
#: its exit code and peak RSS to the file argv[1]. The fork matters: Linux counts a
#: process's peak from the memory of the process it was forked from (a vfork or
#: posix_spawn from the benchmark, which holds frames, would count those too), so the
#: CLI is forked from this small interpreter (~10 MiB) instead.
_PEAK_WRAPPER = r"""
import json, os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
code = os.waitstatus_to_exitcode(status)
with open(sys.argv[1], "w") as report:
    json.dump({"code": code, "maxrss_kib": usage.ru_maxrss}, report)
sys.exit(code)
"""


def cli_live_run(vd: Any, scenario: Scenario, home: Path, launcher: Sequence[str] = ()) -> CliRun:
    """``tiny-computer-agent --live --real-input ... --json`` (armed by the flag and
    the environment variable) against ``scenario``'s program, in a subprocess; its peak
    RSS from ``os.wait4`` (that process alone: see :data:`_PEAK_WRAPPER`). ``launcher``
    replaces the installed command (an interpreter and its arguments before the CLI's)."""
    from tiny_computer_agent import ARM_ENV

    cli = Path(sys.executable).with_name("tiny-computer-agent")
    if not launcher and not cli.exists():
        raise RuntimeError(f"{cli} not found; install the package into this venv: make test")
    env = {**vd.env, ARM_ENV: "1", "TINY_COMPUTER_AGENT_HOME": str(home)}
    program = Program(vd, scenario)
    try:
        program.ready()
        report = home.parent / "cli-peak.json"
        argv = [*(launcher or [str(cli)]), *cli_argv(scenario)[:-1], "--json", scenario.goal]
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", _PEAK_WRAPPER, str(report), *argv],
                env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err, timeout=300,
                check=False,
            )  # fmt: skip
            seconds = time.perf_counter() - t0
            out.seek(0)
            err.seek(0)
            text, problem = out.read().decode(), err.read().decode()
        peak = json.loads(report.read_text())
        effect = program.outcome()
    finally:
        program.stop()
    try:
        steps = tuple(s["timings"] for s in json.loads(text)["steps"])
    except (ValueError, KeyError) as exc:
        raise RuntimeError(
            f"the CLI run printed no episode ({exc}); stderr: {problem[-600:]}"
        ) from exc
    return CliRun(
        code=peak["code"],
        peak_mib=peak["maxrss_kib"] / 1024,  # KiB on Linux
        seconds=seconds,
        steps=steps,
        effect=effect,
    )


# -- the table -------------------------------------------------------------------------

#: (metric, p50 or count, unit, note): bench.py makes each a Row.
Figure = tuple[str, float, str, str]


def _spread(values: Sequence[float], what: str) -> str:
    ms = p95(values) * 1000
    return f"p95 {ms:.{2 if ms < 1 else 0}f} ms; {len(values)} {what}"


def _warm(records: Sequence[EpisodeRecord], settle: str, scenario: str = "") -> list[StepRecord]:
    """Steps 2 and on that acted under ``settle`` (of one scenario, or of all)."""
    mine = [r for r in records if not scenario or r.scenario == scenario]
    return [s for s in acting(mine, settle) if s.index > 1]


def step_figures(records: Sequence[EpisodeRecord]) -> list[Figure]:
    """Warm steps stage by stage with our settle, step 1, and the warm step under each
    fixed sleep beside ours. (The look that finds the verify text ends the episode
    before a step is recorded, so it has no timings of its own.)"""
    warm = _warm(records, "ours")
    by = ", ".join(
        f"{s.name} {statistics.median(stage(x, 'step') for x in steps) * 1000:.0f}"
        for s in SCENARIOS
        if (steps := _warm(records, "ours", s.name))
    )
    rows: list[Figure] = []
    for name, label in (
        ("step", "warm step, our settle (observe+decide+act+settle)"),
        ("observe", "  observe: capture + index"),
        ("decide", "  decide: scripted brain + menu"),
        ("act", "  act: real input"),
        ("settle", "  settle: our rule"),
    ):
        values = [stage(s, name) for s in warm]
        note = _spread(values, "steps") + (f"; p50 ms by scenario: {by}" if name == "step" else "")
        rows.append((label, statistics.median(values), "s", note))
    first = [stage(s, "step") for s in acting(records, "ours") if s.index == 1]
    rows.append(("step 1, our settle (fresh process: builds the OCR engine)",
                 statistics.median(first), "s", _spread(first, "episodes")))  # fmt: skip
    ours = statistics.median(stage(s, "step") for s in warm)
    for settle in list(SETTLES)[1:]:
        steps = [stage(s, "step") for s in _warm(records, settle)]
        observe = statistics.median(stage(s, "observe") for s in _warm(records, settle))
        note = f"{_spread(steps, 'steps')}; its observe p50 {observe * 1000:.0f} ms"
        rows.append((f"warm step, fixed {settle} after each action", statistics.median(steps),
                     "s", note))  # fmt: skip
        rows.append((f"ours / {settle}, warm step p50", round(ours / statistics.median(steps), 2),
                     "x", "same programs, same index, interleaved"))  # fmt: skip
    return rows


def index_figures(records: Sequence[EpisodeRecord]) -> list[Figure]:
    """Index time per frame, ours (the loop's observe) against Tesseract on the very
    frames the loop indexed, and both indexes' target hit rates."""
    ours: list[float] = []
    theirs: list[float] = []
    for record in records:
        for step, found in zip(record.steps, record.tesseract, strict=True):
            if step.index > 1 and found is not None:  # step 1 also builds our engine
                ours.append(step.timings["observe"])
                theirs.append(found.seconds)
    rates = hit_rates(records)
    missed, theirs_missed = (
        ", ".join(f"{k} x{n}" for k, n in sorted(m.items())) or "none"
        for m in (rates.missed, rates.tesseract_missed)
    )
    where = f"{rates.targets} targets, one a frame ({rates.screens} distinct screens)"
    return [
        ("index per frame, ours (the loop's observe, warm)", statistics.median(ours), "s",
         _spread(ours, "frames, every settle rule")),
        ("index per frame, Tesseract 5 --psm 11 (same frames)", statistics.median(theirs), "s",
         _spread(theirs, "frames; subprocess, PNG on stdin, TSV out")),
        ("Tesseract / ours, index per frame (p50s)",
         round(statistics.median(theirs) / statistics.median(ours), 2), "x",
         f"mean ratio {statistics.fmean(theirs) / statistics.fmean(ours):.2f}"),
        ("target hit rate, ours", round(100 * rates.ours / rates.targets, 1), "%",
         f"{rates.ours}/{where}; ours missed {missed}"),
        ("target hit rate, Tesseract", round(100 * rates.tesseract / rates.targets, 1), "%",
         f"{rates.tesseract}/{rates.targets}; its words and lines both count; it missed "
         f"{theirs_missed}"),
    ]  # fmt: skip


def outcome_figures(records: Sequence[EpisodeRecord], cli: CliRun) -> list[Figure]:
    """How many episodes did what they should (the program's own output), per settle
    rule, and the CLI run's peak memory."""
    rows: list[Figure] = []
    for settle in SETTLES:
        mine = [r for r in records if r.settle == settle]
        per = ", ".join(
            f"{s.name} {sum(r.ok for r in mine if r.scenario == s.name)}/"
            f"{sum(r.scenario == s.name for r in mine)}"
            for s in SCENARIOS
        )
        failed = sorted({s.error for r in mine for s in r.steps if s.error})
        note = per + (f"; step errors: {', '.join(failed)}" if failed else "")
        rows.append((f"episodes that did what they should, {settle}",
                     sum(r.ok for r in mine), f"of {len(mine)}", note))  # fmt: skip
    total = lambda t: t["observe"] + t.get("decide", 0.0) + t.get("act", 0.0)  # noqa: E731
    warm = [total(t) for t in cli.steps[1:] if "act" in t]
    ok = "did what it should" if cli.effect == _SCENARIOS["keypad"].expected else "FAILED"
    rows.append(("peak memory, CLI live run (OCR only, the keypad)", round(cli.peak_mib), "MiB",
                 f"max RSS from os.wait4; exit {cli.code}, {ok}"))  # fmt: skip
    rows.append(("CLI live run: first step / warm step p50",
                 round(total(cli.steps[0]) / statistics.median(warm), 2), "x",
                 f"{total(cli.steps[0]) * 1000:.0f} ms / {statistics.median(warm) * 1000:.0f} ms; "
                 f"whole run {cli.seconds:.1f} s incl. start-up"))  # fmt: skip
    return rows


def measure(repeat: int) -> list[Figure]:
    """The section: ``repeat`` rounds on one private desktop, then the CLI run."""
    from benchmarks._tesseract import missing
    from tiny_computer_agent import ARM_ENV
    from tiny_computer_agent.desktop import VirtualDesktop

    if problem := missing():
        raise RuntimeError(problem)
    names = ("DISPLAY", "XAUTHORITY", ARM_ENV, "TINY_COMPUTER_AGENT_HOME")
    saved = {name: os.environ.get(name) for name in names}
    say = lambda line: print(f"  steps: {line}", file=sys.stderr, flush=True)  # noqa: E731
    try:
        with (
            tempfile.TemporaryDirectory(prefix="tca-bench-steps-") as tmp,
            VirtualDesktop(window_manager=True) as vd,
        ):
            # the workers inherit these: the private display, armed, state in a temp dir
            os.environ.update(DISPLAY=vd.display, XAUTHORITY=vd.env["XAUTHORITY"])
            os.environ.update({ARM_ENV: "1", "TINY_COMPUTER_AGENT_HOME": str(Path(tmp, "home"))})
            records = rounds(vd, repeat, say)
            cli = cli_live_run(vd, _SCENARIOS["keypad"], Path(tmp, "cli-home"))
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return [*step_figures(records), *index_figures(records), *outcome_figures(records, cli)]
