"""bench.py's ``settle`` section: can the settle's 0.2 s "still" window shrink (issue 14, item 2)?

A settle that returns a little early costs the loop only an incremental re-read (the
screen indexes ahead while settling), but one that returns *before a late dialog even
appears* lets the loop decide on a stale screen. This section measures how often that
happens for each quiet window, on a private 1280x800 Xvfb with openbox, with real input
through :class:`~tiny_computer_agent.desktop.RealInputExecutor` (its own settle, the
screen's default detector indexing ahead), on a real Tk program whose "Export" button
reacts late in the ways real programs do:

    dialog D ms   the handler opens a Toplevel dialog after D ms (D = 0, 100, 250, 400, 700)
    two paints    the dialog window is mapped empty at once, then its text and its buttons
                  are drawn in two paints 150-300 ms apart (a fresh draw per round)
    zenity        the handler starts ``zenity --info``: a real process start
    working       the handler shows "Working..." in the window, works 600 ms on the UI
                  thread, then shows the result

The click moves the pointer onto the button, so its hover highlight is the first thing
that changes, as it is in a real loop; a late dialog then comes after a still gap.

Each round runs every program behaviour with every quiet window (0.05, 0.1, 0.15, 0.2,
0.3 s), in the same order every round. A trial is a **miss** when the frame at the
settle's end (an exact digest of every pixel) differs from the frame 1.5 s later.

Every trial also records the timeline of whole-screen signatures the settle polled and
then, every 20 ms, the polls until the 1.5 s check. Replaying :meth:`Settle.wait` on
those timelines with each quiet window gives five times the samples of the live
trials for the same programs (the replay sees only the sampled signature, as the
settle does); both are reported, beside each behaviour's first and last change and
its longest still gap.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import itertools
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from tiny_computer_agent.desktop import DesktopScreen, Settle

#: (metric, value, unit, note): one row of bench.py's table.
Result = tuple[str, float, str, str]

QUIETS = (0.05, 0.1, 0.15, 0.2, 0.3)
LATER = 1.5  # seconds after the settle's end: the frame then is the final one
POLL = 0.02  # the timeline's poll after the settle, as the settle's own
KEEP = 0.2  # the default today
STEP = 8  # the settle signature's sample step (desktop._capture)

#: (name, the program's mode command for round r): the late behaviours, in trial order.
SCENARIOS: tuple[tuple[str, Any], ...] = (
    *((f"dialog {d} ms", lambda r, d=d: f"mode dialog {d} 0") for d in (0, 100, 250, 400, 700)),
    ("two paints", lambda r: "mode paints {} {}".format(*_paint_gaps(r))),
    ("zenity", lambda r: "mode zenity 0 0"),
    ("working", lambda r: "mode working 600 0"),
)

_PROGRAM = r"""
import os, subprocess, sys, time, tkinter as tk
FONT = ("DejaVu Sans", 13)
root = tk.Tk(); root.title("Quarterly report"); root.geometry("+120+100")
tk.Label(root, text="Quarterly report: 12 pages, 3 charts", font=FONT).pack(padx=40, pady=(24, 10))
button = tk.Button(root, text="Export", font=FONT); button.pack(pady=10)
status = tk.Label(root, text="Ready", font=FONT, width=34); status.pack(pady=(10, 24))
mode, undo, buf = ["dialog", 0, 0], [], [b""]
def window(size=""):
    top = tk.Toplevel(root); top.title("Export report"); top.geometry(size + "+560+320")
    top.transient(root); undo.append(top.destroy); return top
def text(top):
    tk.Label(top, text="Export 12 pages to report.pdf?", font=FONT).pack(padx=24, pady=(20, 10))
def buttons(top):
    row = tk.Frame(top); row.pack(pady=(0, 16))
    for name in ("Cancel", "Export"):
        tk.Button(row, text=name, font=FONT).pack(side="left", padx=8)
def whole():
    top = window(); text(top); buttons(top)
def go():
    kind, a, b = mode
    if kind == "dialog":
        root.after(a, whole)
    elif kind == "paints":
        top = window("400x150")
        root.after(a, lambda: text(top)); root.after(a + b, lambda: buttons(top))
    elif kind == "zenity":
        p = subprocess.Popen(["zenity", "--info", "--title=Export report",
                              "--text=Exported 12 pages to report.pdf"], stderr=subprocess.DEVNULL)
        undo.append(lambda: (p.terminate(), p.wait()))
    elif kind == "working":
        status.configure(text="Working\u2026"); root.update_idletasks()
        time.sleep(a / 1000)  # the work, on the UI thread, as many programs do it
        status.configure(text="Exported 12 pages to report.pdf")
button.configure(command=go)
def command(words):
    if words[0] == "mode":
        mode[:] = [words[1], int(words[2]), int(words[3])]
    elif words[0] == "reset":
        while undo:
            undo.pop()()
        status.configure(text="Ready")
    print("ok", flush=True)
def readable(fd, mask):
    chunk = os.read(fd, 4096)
    if not chunk:
        root.destroy(); return
    buf[0] += chunk
    while b"\n" in buf[0]:
        line, buf[0] = buf[0].split(b"\n", 1)
        command(line.decode().split())
root.tk.createfilehandler(sys.stdin.fileno(), tk.READABLE, readable)
def ready():
    x, y = button.winfo_rootx(), button.winfo_rooty()
    print("ready", x, y, x + button.winfo_width(), y + button.winfo_height(), flush=True)
root.after(500, ready); root.mainloop()
"""


def _paint_gaps(round_: int) -> tuple[int, int]:
    """The two-paint dialog's gaps (ms) in round ``round_``: 150-300 ms each, the same
    for every quiet window within the round."""
    rng = random.Random(1400 + round_)  # noqa: S311 (a fixed draw, not a secret)
    return rng.randint(150, 300), rng.randint(150, 300)


def outside_digest(data: bytes | bytearray, width: int, height: int, box: Sequence[int]) -> bytes:
    """The settle's sampled grid (BGRA, every 8th pixel of every 8th row, blue and green)
    with the samples inside ``box`` left out: blind to the clicked control's own redraw."""
    left, top, right, bottom = box
    skip = range(-(-left // STEP), -(-right // STEP))  # sample columns inside the box
    h = hashlib.blake2b(digest_size=16)
    stride = width * 4
    for y in range(0, height, STEP):
        for channel in (0, 1):
            row = data[y * stride + channel : (y + 1) * stride : 4 * STEP]
            if top <= y < bottom:
                row = row[: skip.start] + row[skip.stop :]
            h.update(row)
    return h.digest()


class TimedScreen(DesktopScreen):
    """The desktop screen, noting every whole-monitor signature it takes while
    :attr:`timeline` is a list: (monotonic time, signature, the signature without the
    samples inside :attr:`control`)."""

    timeline: list[tuple[float, bytes, bytes]] | None = None
    control: Sequence[int] = (0, 0, 0, 0)

    def signature(self, region: Any = None) -> bytes:
        sig = super().signature(region)
        shot = self._shot  # the frame behind sig (set by every whole-monitor signature)
        if region is None and self.timeline is not None and shot is not None:
            frame = shot[2]
            if frame.mode != "BGRA":
                raise RuntimeError(f"the settle bench reads mss's BGRA frames, got {frame.mode}")
            rest = outside_digest(frame.data, frame.width, frame.height, self.control)
            self.timeline.append((time.monotonic(), sig, rest))
        return sig

    def exact(self) -> bytes:
        """A digest of every pixel of the monitor now."""
        m = self.open()
        return super().signature((m.left, m.top, m.left + m.width, m.top + m.height))

    def wait_still(self, still: float = 0.3, limit: float = 5.0) -> None:
        """Return once the screen held still for ``still`` seconds (``limit`` at most)."""
        deadline = time.monotonic() + limit
        last, since = self.signature(), time.monotonic()
        while time.monotonic() - since < still and time.monotonic() < deadline:
            time.sleep(POLL)
            now = self.signature()
            if now != last:
                last, since = now, time.monotonic()


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Trial:
    """One click, its settle with ``quiet``, and what the screen did until 1.5 s later."""

    scenario: str
    quiet: float
    state: str
    seconds: float
    miss: bool
    #: (seconds since the settle began, sampled signature, the same without the clicked
    #: control), from before the click to the check 1.5 s after the settle's end
    timeline: tuple[tuple[float, bytes, bytes], ...]


class Program:
    """The Tk program on ``env``'s display, told what to do over its stdin."""

    def __init__(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _PROGRAM],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        words = self._reply().split()
        if words[:1] != ["ready"]:
            raise RuntimeError("the settle benchmark's Tk program did not start; see its stderr")
        #: the Export button's rectangle on the screen (left, top, right, bottom)
        self.button = tuple(int(w) for w in words[1:5])

    def _reply(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def tell(self, line: str) -> None:
        """Send one command and wait for the program to have carried it out."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        if self._reply() != "ok":
            raise RuntimeError(f"the Tk program did not answer {line!r}; see its stderr")

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


def run_trial(
    program: Program, screen: TimedScreen, executor: Any, scenario: str, away: tuple[int, int]
) -> Trial:
    """Click Export with ``executor`` (its settle is the one measured), then poll until
    1.5 s after the settle's end; put the program and the pointer back afterwards."""
    from tiny_computer_agent import Action

    obs = screen.capture()  # the screen is still: the index is fresh, the click waits for none
    screen.timeline = []
    result = executor.execute(Action.make("click", target="Export"), obs)
    end = time.monotonic()
    at_end = screen.exact()
    while time.monotonic() < end + LATER:
        time.sleep(POLL)
        screen.signature()
    miss = screen.exact() != at_end
    timeline, screen.timeline = screen.timeline, None
    begun = end - (result.settle_seconds or 0.0)
    program.tell("reset")
    executor.gui.moveTo(*away)
    screen.wait_still()
    state = result.description.rsplit("screen ", 1)[-1].split(" ", 1)[0]
    return Trial(
        scenario=scenario,
        quiet=executor.settle.quiet,
        state=state,
        seconds=result.settle_seconds or 0.0,
        miss=miss,
        timeline=tuple((t - begun, sig, rest) for t, sig, rest in timeline),
    )


@contextlib.contextmanager
def _desktop() -> Iterator[tuple[TimedScreen, Program, dict[str, str]]]:
    """A private Xvfb with openbox, the Tk program on it, and an armed process."""
    from tiny_computer_agent import ARM_ENV
    from tiny_computer_agent.desktop import VirtualDesktop

    saved = {k: os.environ.get(k) for k in ("DISPLAY", "XAUTHORITY", ARM_ENV)}
    with VirtualDesktop(window_manager=True) as vd:
        os.environ.update(DISPLAY=vd.display, XAUTHORITY=vd.env["XAUTHORITY"])
        os.environ[ARM_ENV] = "1"  # on the bench's private Xvfb; the executor checks it too
        program = Program({**os.environ, **vd.env})
        screen = TimedScreen(display=vd.display)
        left, top, right, bottom = program.button
        screen.control = (left - 4, top - 4, right + 4, bottom + 4)  # its focus ring too
        try:
            yield screen, program, dict(vd.env)
        finally:
            screen.close()
            program.stop()
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def measure(repeat: int) -> list[Trial]:
    """Every scenario with every quiet window, ``repeat`` rounds in the same order."""
    from tiny_computer_agent import Policy
    from tiny_computer_agent.desktop import RealInputExecutor

    trials = []
    with _desktop() as (screen, program, _env):
        policy = Policy().armed(flag=True)
        executors = {
            q: RealInputExecutor(policy=policy, screen=screen, settle=Settle(quiet=q))
            for q in QUIETS
        }
        away = (40, 760)
        executors[KEEP].gui.moveTo(*away)
        screen.wait_still()
        for round_ in range(repeat):
            for name, mode in SCENARIOS:
                program.tell(mode(round_))
                for q in QUIETS:
                    trials.append(run_trial(program, screen, executors[q], name, away))
    return trials


Timeline = Sequence[tuple[float, bytes, bytes]]


def replay(timeline: Timeline, quiet: float, *, column: int = 1) -> tuple[bool, float]:
    """(missed, seconds) of :meth:`Settle.wait` with ``quiet`` on a recorded timeline.

    The first entry (taken before the click) is ``before``; each later poll sees what
    the recorded poll saw, at its time. Missed when a change was recorded after the
    replayed settle returned. ``column`` 1 is the settle's signature; 2 leaves out the
    clicked control (its hover and press redraw), a rule the settle does not have."""
    polls = [(t, sig if column == 1 else rest) for t, sig, rest in timeline[1:]]
    before, final = (e[1] if column == 1 else e[2] for e in (timeline[0], timeline[-1]))
    at = [-1]

    def signature() -> bytes:
        at[0] += 1
        return polls[min(at[0], len(polls) - 1)][1]

    def clock() -> float:
        i = at[0]
        if i < 0:
            return 0.0
        return polls[i][0] if i < len(polls) else polls[-1][0] + (i - len(polls) + 1) * POLL

    settled = Settle(quiet=quiet).wait(signature, before, clock=clock,
                                       sleep=lambda _s: None)  # fmt: skip
    seen = polls[min(at[0], len(polls) - 1)][1]
    return seen != final, settled.seconds


def shape(timeline: Timeline) -> tuple[float, float, float]:
    """(first change, last change, longest still gap between them), in seconds since
    the settle began, from a trial's timeline."""
    changes = [b[0] for a, b in itertools.pairwise(timeline) if a[1] != b[1]]
    if not changes:
        return 0.0, 0.0, 0.0
    gaps = [b - a for a, b in itertools.pairwise(changes)]
    return changes[0], changes[-1], max(gaps, default=0.0)


def _missed_by(trials: Sequence[Trial], missed: Sequence[bool]) -> str:
    """ "dialog 250 ms 2/2, ..." for the scenarios with a miss, or "none"."""
    counts: dict[str, list[int]] = {}
    for trial, miss in zip(trials, missed, strict=True):
        seen = counts.setdefault(trial.scenario, [0, 0])
        seen[0] += miss
        seen[1] += 1
    said = [f"{name} {m}/{n}" for name, (m, n) in counts.items() if m]
    return ", ".join(said) or "none"


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def quiet_rows(trials: Sequence[Trial]) -> tuple[list[Result], dict[float, dict[str, int]]]:
    """Per quiet window: live misses, settle time, replayed misses (as the settle is, and
    ignoring the clicked control); and each window's live + replayed misses per behaviour."""
    rows: list[Result] = []
    misses: dict[float, dict[str, int]] = {}
    for q in QUIETS:
        mine = [t for t in trials if t.quiet == q]
        live = [t.miss for t in mine]
        states = {s: sum(t.state == s for t in mine) for s in ("unchanged", "timeout")}
        seconds = [t.seconds for t in mine]
        rows.append((f"quiet {q:g} s: misses (live)", sum(live), f"of {len(mine)}",
                     _missed_by(mine, live)))  # fmt: skip
        rows.append((f"quiet {q:g} s: settle time (live)", statistics.median(seconds), "s",
                     f"p95 {_p95(seconds) * 1000:.0f} ms; unchanged {states['unchanged']}, "
                     f"timeout {states['timeout']}"))  # fmt: skip
        counts = misses[q] = {name: 0 for name, _ in SCENARIOS}
        for t, miss in zip(mine, live, strict=True):
            counts[t.scenario] += miss
        for column, how in ((1, "replayed"), (2, "replayed, control's redraw ignored")):
            replayed = [replay(t.timeline, q, column=column) for t in trials]
            gone = [m for m, _ in replayed]
            took = statistics.median(s for _, s in replayed)
            note = f"settle {took * 1000:.0f} ms median; " + _missed_by(trials, gone)
            rows.append((f"quiet {q:g} s: misses ({how})", sum(gone), f"of {len(trials)}", note))
            for t, miss in zip(trials, gone, strict=True):
                counts[t.scenario] += miss * (column == 1)
    return rows, misses


def verdict(misses: dict[float, dict[str, int]]) -> Result:
    """The smallest window with no miss (live or replayed); else the default, noting the
    smallest window that misses nothing the default catches."""
    clean = [q for q in QUIETS if not any(misses[q].values())]
    if clean and min(clean) < KEEP:
        return ("recommended quiet window", min(clean), "s", "the smallest with no miss")
    kept = misses[KEEP]
    same = [q for q in QUIETS if q < KEEP and all(misses[q][n] <= kept[n] for n in kept)]
    note = (f"{min(clean):g} s is the smallest with no miss" if clean
            else "every window missed a late redraw") + (
        f"; {min(same):g} s missed nothing {KEEP:g} s caught" if same
        else "; every smaller window missed more (live + replayed)")  # fmt: skip
    return ("recommended quiet window (keep)", KEEP, "s", note)


def settle_rows(repeat: int) -> list[Result]:
    """The section's rows: per quiet window, then per behaviour, then the verdict."""
    trials = measure(repeat)
    rows, misses = quiet_rows(trials)
    for name, _ in SCENARIOS:
        shapes = [shape(t.timeline) for t in trials if t.scenario == name]
        first, last, gap = (statistics.median(s[i] for s in shapes) for i in range(3))
        rows.append((f"{name}: last change after the click", last, "s",
                     f"first change {first * 1000:.0f} ms, longest still gap between "
                     f"{gap * 1000:.0f} ms (medians of {len(shapes)} timelines)"))  # fmt: skip
    rows.append(verdict(misses))
    return rows
