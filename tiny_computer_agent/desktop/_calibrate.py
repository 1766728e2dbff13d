"""The coordinate self-test: do capture, mapping and input agree, on every monitor?

For each monitor, :func:`calibrate`

1. moves the pointer to known points (inset corners and the centre) and reads it back;
2. shows two labelled targets ("Calibration Alpha", "Calibration Omega") in a tiny Tk
   process at known places, captures the monitor exactly as a run would (same
   ``max_width`` and ``scale``), finds them with OCR, and compares where the frame
   mapping sends them with where Tk says they are. From the two targets it *measures*
   the offset and scale, and reports them beside the ones in use;
3. moves the pointer to each mapped target and asks Tk which widget is under it.

Nothing is clicked. A mismatch (e.g. a wrong ``scale``) fails the monitor, and the
CLI exits non-zero. The last result is stored under the state directory for the doctor.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import logging
import math
import os
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from .._elements import FrameMapping
from .._errors import ScreenUnavailable, TargetError
from .._policy import state_dir
from ..perception import OcrDetector
from ..records import write_atomic
from ._capture import Monitor
from ._screen import DesktopScreen

__all__ = [
    "CALIBRATION_FILE",
    "TARGETS",
    "Calibration",
    "MonitorCalibration",
    "calibrate",
    "load_calibration",
    "save_calibration",
]

log = logging.getLogger(__name__)

CALIBRATION_FILE: Final = "calibration.json"
#: The two target labels and where they go, as fractions of the monitor.
TARGETS: Final = (("Calibration Alpha", 0.10, 0.15), ("Calibration Omega", 0.55, 0.70))
#: Largest distance (pointer px) between a mapped target and its true centre.
TOLERANCE_PX: Final = 8.0
#: Largest relative difference between the measured and the used scale.
SCALE_TOLERANCE: Final = 0.03

_TARGET_APP: Final = r"""
import json, sys, tkinter as tk
root = tk.Tk(); root.withdraw()
labels = {}
for text, x, y in json.loads(sys.argv[1]):
    top = tk.Toplevel(root); top.overrideredirect(True); top.geometry(f"+{x}+{y}")
    lab = tk.Label(top, text=text, font=("DejaVu Sans", 26), bg="white", fg="black",
                   padx=18, pady=12)
    lab.pack(); labels[text] = lab
def report():
    root.update_idletasks()
    geo = {t: [l.winfo_rootx(), l.winfo_rooty(), l.winfo_width(), l.winfo_height()]
           for t, l in labels.items()}
    print(json.dumps(geo), flush=True)
def serve():
    line = sys.stdin.readline().strip()
    if line in ("", "quit"):
        root.destroy(); return
    x, y = root.winfo_pointerxy()
    under = root.winfo_containing(x, y)
    name = next((t for t, l in labels.items() if l is under), None)
    print(json.dumps({"x": x, "y": y, "under": name}), flush=True)
    root.after(1, serve)
root.after(400, report); root.after(450, serve); root.mainloop()
"""


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class MonitorCalibration:
    """One monitor's result: the mapping in use, the one measured, and the errors."""

    monitor: int
    geometry: tuple[int, int, int, int]
    used: FrameMapping
    measured: FrameMapping | None
    target_error: float | None
    pointer_error: float | None
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def render(self) -> str:
        left, top, w, h = self.geometry
        head = f"monitor {self.monitor} {w}x{h}+{left}+{top}: {'ok' if self.ok else 'FAIL'}"
        u, m = self.used, self.measured
        parts = [f"offset used ({u.left}, {u.top}) scale used {u.scale_x:.3f}x{u.scale_y:.3f}"]
        if m is not None:
            parts.append(
                f"measured offset ({m.left}, {m.top}) scale {m.scale_x:.3f}x{m.scale_y:.3f}"
            )
        if self.target_error is not None:
            parts.append(f"target error {self.target_error:.1f} px")
        if self.pointer_error is not None:
            parts.append(f"pointer error {self.pointer_error:.0f} px")
        lines = [head, "  " + ", ".join(parts)]
        lines.extend(f"  problem: {p}" for p in self.problems)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "monitor": self.monitor,
            "geometry": list(self.geometry),
            "used": self.used.to_dict(),
            "measured": None if self.measured is None else self.measured.to_dict(),
            "target_error": self.target_error,
            "pointer_error": self.pointer_error,
            "problems": list(self.problems),
            "ok": self.ok,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MonitorCalibration:
        g = [int(v) for v in data["geometry"]]
        measured = data.get("measured")
        return cls(
            monitor=int(data["monitor"]),
            geometry=(g[0], g[1], g[2], g[3]),
            used=FrameMapping.from_dict(data["used"]),
            measured=None if measured is None else FrameMapping.from_dict(measured),
            target_error=data.get("target_error"),
            pointer_error=data.get("pointer_error"),
            problems=tuple(str(p) for p in data.get("problems", ())),
        )


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Calibration:
    """Every monitor's result; ``ok`` only when all of them agree."""

    monitors: tuple[MonitorCalibration, ...]
    display: str
    when: str
    settings: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return bool(self.monitors) and all(m.ok for m in self.monitors)

    def render(self) -> str:
        lines = [m.render() for m in self.monitors]
        verdict = "calibration: PASS" if self.ok else "calibration: FAIL"
        lines.append(f"{verdict} ({len(self.monitors)} monitor(s) on {self.display or '?'})")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "display": self.display,
            "when": self.when,
            "settings": dict(self.settings),
            "monitors": [m.to_dict() for m in self.monitors],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Calibration:
        return cls(
            monitors=tuple(MonitorCalibration.from_dict(m) for m in data["monitors"]),
            display=str(data.get("display", "")),
            when=str(data.get("when", "")),
            settings=dict(data.get("settings", {})),
        )


def save_calibration(result: Calibration, path: Path | None = None) -> Path:
    """Write the result atomically (temp file, then rename) under the state directory."""
    target = path or state_dir() / CALIBRATION_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    return write_atomic(target, json.dumps(result.to_dict(), indent=2), mode=0o600)


def load_calibration(path: Path | None = None) -> Calibration | None:
    """The last stored result, or None (no file, or a file this version cannot read)."""
    source = path or state_dir() / CALIBRATION_FILE
    try:
        return Calibration.from_dict(json.loads(source.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


class _Targets:
    """The Tk target process: shows labels, answers which label is under the pointer."""

    def __init__(self, monitor: Monitor, display: str | None) -> None:
        spots = [
            (
                text,
                monitor.left + round(fx * monitor.width),
                monitor.top + round(fy * monitor.height),
            )
            for text, fx, fy in TARGETS
        ]
        env = dict(os.environ, **({"DISPLAY": display} if display else {}))
        self.proc: subprocess.Popen[str] = subprocess.Popen(
            [sys.executable, "-c", _TARGET_APP, json.dumps(spots)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.geometry = self._read()

    def _read(self) -> dict[str, Any]:
        out, errors = self.proc.stdout, self.proc.stderr
        line = out.readline() if out is not None else ""
        if not line:
            err = errors.read().strip().splitlines() if errors is not None else []
            raise ScreenUnavailable(
                "the calibration target (a Tk window) did not start: "
                f"{err[-1] if err else 'no output'}; install Tk (apt-get install python3-tk)"
            )
        data: dict[str, Any] = json.loads(line)
        return data

    def under_pointer(self) -> dict[str, Any]:
        if self.proc.stdin is not None:
            self.proc.stdin.write("where\n")
            self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
        try:
            self.proc.wait(3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


def _centre(rect: Sequence[int]) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def _measure(
    found: Sequence[tuple[float, float]], truth: Sequence[tuple[float, float]]
) -> FrameMapping | None:
    (fa, fb), (ta, tb) = found, truth
    if abs(fb[0] - fa[0]) < 1 or abs(fb[1] - fa[1]) < 1:
        return None
    sx = (tb[0] - ta[0]) / (fb[0] - fa[0])
    sy = (tb[1] - ta[1]) / (fb[1] - fa[1])
    return FrameMapping(
        left=round(ta[0] - fa[0] * sx), top=round(ta[1] - fa[1] * sy), scale_x=sx, scale_y=sy
    )


def _pointer_points(monitor: Monitor) -> list[tuple[int, int]]:
    inset = 10  # never a corner pixel: pyautogui's fail-safe lives there
    x0, y0 = monitor.left + inset, monitor.top + inset
    x1 = monitor.left + monitor.width - 1 - inset
    y1 = monitor.top + monitor.height - 1 - inset
    return [
        (x0, y0),
        (x1, y0),
        (x0, y1),
        (x1, y1),
        (monitor.left + monitor.width // 2, monitor.top + monitor.height // 2),
    ]


def _check_pointer(monitor: Monitor, gui: Any | None, problems: list[str]) -> float | None:
    """Send the pointer to known points and read it back; the worst miss in pixels."""
    if gui is None:
        return None
    error = 0.0
    for x, y in _pointer_points(monitor):
        gui.moveTo(x, y)
        px, py = gui.position()
        error = max(error, math.hypot(px - x, py - y))
    if error > 1:
        problems.append(f"the pointer landed {error:.0f} px from where it was sent")
    return error


def _check_mapping(
    used: FrameMapping,
    found: Mapping[str, tuple[float, float]],
    truth: Mapping[str, tuple[float, float]],
    problems: list[str],
) -> tuple[float | None, FrameMapping | None]:
    """Where the mapping sends each found target against where it is drawn: the worst
    error, and the offset and scale measured from two targets."""
    if not found:
        return None, None
    errors = [
        math.hypot(*(a - b for a, b in zip(used.to_screen(*found[t]), truth[t], strict=True)))
        for t in found
    ]
    target_error = max(errors)
    if target_error > TOLERANCE_PX:
        problems.append(
            f"a target mapped {target_error:.0f} px away from where it is drawn "
            f"(tolerance {TOLERANCE_PX:g} px): capture and mapping disagree"
        )
    if len(found) != 2:
        return target_error, None
    measured = _measure(list(found.values()), [truth[t] for t in found])
    if measured is None:
        return target_error, None
    for axis, want, got in (
        ("x", used.scale_x, measured.scale_x),
        ("y", used.scale_y, measured.scale_y),
    ):
        if abs(got - want) > SCALE_TOLERANCE * want:
            problems.append(
                f"the {axis} scale in use is {want:.3f} but the screen measures "
                f"{got:.3f}: fix --scale (or leave it out to measure it)"
            )
    return target_error, measured


def _check_hover(
    used: FrameMapping, found: Mapping[str, tuple[float, float]], targets: _Targets, gui: Any
) -> list[str]:
    """Move the pointer to each mapped target and ask Tk which label is under it."""
    problems = []
    for text, point in found.items():
        gui.moveTo(*used.to_screen(*point))
        reply = targets.under_pointer()
        if reply.get("under") != text:
            problems.append(
                f"the pointer sent to the mapped {text!r} is over "
                f"{reply.get('under') or 'something else'} at ({reply['x']}, {reply['y']})"
            )
    return problems


def _check_monitor(screen: DesktopScreen, monitor: Monitor, gui: Any | None) -> MonitorCalibration:
    problems: list[str] = []
    pointer_error = _check_pointer(monitor, gui, problems)
    targets = _Targets(monitor, screen.display)
    try:
        time.sleep(0.2)  # let the labels paint
        obs = screen.capture()
        used = obs.mapping
        found: dict[str, tuple[float, float]] = {}
        for text, *_ in TARGETS:
            try:
                found[text] = obs.find(text).center
            except TargetError as exc:
                problems.append(f"OCR did not find the target {text!r}: {exc}")
        truth = {text: _centre(targets.geometry[text]) for text in found}
        target_error, measured = _check_mapping(used, found, truth, problems)
        if gui is not None:
            problems.extend(_check_hover(used, found, targets, gui))
    finally:
        targets.close()
    return MonitorCalibration(
        monitor=monitor.index,
        geometry=(monitor.left, monitor.top, monitor.width, monitor.height),
        used=used,
        measured=measured,
        target_error=None if target_error is None else round(target_error, 2),
        pointer_error=pointer_error,
        problems=tuple(problems),
    )


def calibrate(
    *,
    display: str | None = None,
    monitors: Sequence[int] | None = None,
    max_width: int | None = None,
    scale: float | None = None,
    pointer: bool = True,
    save: bool = True,
) -> Calibration:
    """Check every monitor (or ``monitors``); see the module docstring. Moves the
    pointer (``pointer=False`` skips that, and pyautogui), never clicks."""
    probe = DesktopScreen(display=display)
    try:
        every = probe.monitors()
    finally:
        probe.close()
    real = [m for m in every if m.index > 0] or list(every)
    chosen = real if monitors is None else [m for m in every if m.index in monitors]
    gui = None
    if pointer:
        from ._inputs import corner_of, load_pyautogui, nudge_from_corner

        gui = load_pyautogui()
    start = gui.position() if gui is not None else None
    if gui is not None and (corner := corner_of(gui)) is not None:
        nudge_from_corner(gui, corner)  # a pointer resting in a corner is not the fail-safe
    results = []
    try:
        for monitor in chosen:
            screen = DesktopScreen(
                monitor=monitor.index,
                max_width=max_width,
                scale=scale,
                display=display,
                detector=OcrDetector(),
            )
            try:
                results.append(_check_monitor(screen, monitor, gui))
            finally:
                screen.close()
    finally:
        if gui is not None and start is not None:
            gui.moveTo(*start)
    result = Calibration(
        monitors=tuple(results),
        display=display or os.environ.get("DISPLAY", ""),
        when=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        settings={"max_width": max_width, "scale": scale, "pointer": pointer},
    )
    if save:
        save_calibration(result)
    return result
