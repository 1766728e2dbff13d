"""Real input on pyautogui: the one executor that touches the machine.

:class:`RealInputExecutor` refuses to exist unless the policy was armed by both
deliberate acts (``--real-input`` and ``TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1``), and
checks the kill switch before every action. Pixels come only from
:func:`~tiny_computer_agent._executors.screen_points`; a label that resolves to no
element, or to several, is a TargetError, never a guessed pixel. If the screen changed
between the observation and the action, the target is looked up again on a fresh
frame, and an action whose target vanished fails instead of clicking where it was.

pyautogui settings, chosen deliberately:

* ``PAUSE = 0``: pyautogui sleeps 0.1 s after every call by default. We wait only as
  long as the screen needs, with :class:`~tiny_computer_agent.desktop._settle.Settle`.
* ``FAILSAFE = True`` (its default), kept as a person's second kill switch: move the
  pointer into a screen corner during a run and the next action is refused (rule
  ``kill-switch``). A pointer that was already resting in a corner when the run began,
  or that the harness itself put there, is not that signal: it is moved 20 px inward
  (said once in the log) and the run goes on.

Typed text is the action's text with its ``<secret>NAME</secret>`` placeholders
expanded (:mod:`~tiny_computer_agent._secrets`) at the moment of typing; every
description, error and log line shows the placeholder. Text with control characters
(other than newline and tab) is refused (rule ``control-text``): a BackSpace inside
typed text could hide what the policy judged, and a key is a ``key`` action.

Keys and text go where the frame said (issue 37). The policy judges a key, typed text or
a paste against one window (:func:`judged_window`): the target's, else the focused
element's, else the one in front. X sends them to the window with the keyboard focus,
which can have moved since the look (a dialog mapped, focus that follows the pointer).
So, just before sending, the executor asks the X server which window has focus (the
window manager's ``_NET_ACTIVE_WINDOW``, the query ``--window`` uses) and refuses unless
it is that window (rule ``focus-moved``; a menu or launcher that bypasses the window
manager, judged as the window in front, takes the keys while it is still on top; when
such a popup has closed since the look, a field's completion list say, the key is
judged again on a fresh look). X's own keyboard focus (``XGetInputFocus``, a passive
query) must lie in a listed window too: GNOME Shell's overview takes the keys in a window
of its own that no listing shows while the manager names no active window. A
click (``type``'s click that places the caret, and every ``click``: single, double,
right or middle) is made only where the X server's top-most window at that pixel is the
target's window (rule ``field-covered``): a window over the field would take the press,
and the focus with it. Where X cannot be asked (no
DesktopScreen, no window list, a window manager that names no focused window) or the
frame lists no window to judge by, these checks say nothing and input goes as it did
before them; a ``--window`` scope still refuses keys while the focus is unknown. The
dry run cannot ask X: it never refuses by these rules.

pyautogui connects to ``$DISPLAY`` when it is first imported and keeps that display
for the life of the process: one process drives one display.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import logging
import os
import shlex
import sys
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

from .._actions import VERB_TABLE, Action, check_batch, chord_parts
from .._contracts import ActionResult
from .._elements import Element, Observation, Window, screen_box
from .._errors import ActionError, MissingExtra, PolicyRefusal, ScreenUnavailable, TargetError
from .._executors import describe_at, replaced_text, screen_points, selects_field
from .._policy import ARM_ENV, Policy, focused_element, state_dir
from .._scope import focus_refusal
from .._secrets import SECRET_PATTERN, expand_secrets, redact
from .._side_doors import pointer_refusal
from .._wheel import swept_area
from ..perception import find_window, window_at
from ._capture import no_display_reason
from ._notches import can_watch, watched_turn
from ._screen import DesktopScreen
from ._settle import Settle, SettleResult
from ._windows import XWindows
from ._xvfb import accepts_without_authority, make_dummy_xauthority

__all__ = [
    "PYAUTOGUI_KEYS",
    "RealInputExecutor",
    "control_characters",
    "corner_of",
    "load_pyautogui",
    "nudge_from_corner",
    "pyautogui_keys",
]

log = logging.getLogger(__name__)

#: xdotool key names (the vocabulary's) -> pyautogui key names; others pass through.
PYAUTOGUI_KEYS: Final[Mapping[str, str]] = {
    "Return": "enter",
    "Escape": "esc",
    "Tab": "tab",
    "BackSpace": "backspace",
    "Delete": "delete",
    "Insert": "insert",
    "Home": "home",
    "End": "end",
    "Page_Up": "pageup",
    "Page_Down": "pagedown",
    "Left": "left",
    "Right": "right",
    "Up": "up",
    "Down": "down",
    "space": "space",
    "Menu": "apps",
    "Print": "printscreen",
    "Pause": "pause",
    "Caps_Lock": "capslock",
    "ctrl": "ctrl",
    "alt": "alt",
    "shift": "shift",
    "super": "win",
}

_XAUTH_FIX: Final = (
    "python-xlib (used by pyautogui) needs an X authority file and found none: XAUTHORITY "
    "is unset and ~/.Xauthority does not exist. Export XAUTHORITY=<your X session's "
    "authority file>; for an Xvfb started without -auth any file with one entry works "
    "(tiny_computer_agent.desktop.make_dummy_xauthority(path) writes one)"
)


def pyautogui_keys(chord: str) -> list[str]:
    """A normalised chord (``"ctrl+shift+Page_Up"``) as pyautogui key names."""
    out = []
    for part in chord_parts(chord):
        if part in PYAUTOGUI_KEYS:
            out.append(PYAUTOGUI_KEYS[part])
        elif len(part) > 1 and part[0] == "F" and part[1:].isdigit():
            out.append(part.lower())
        else:
            out.append(part)
    return out


def load_pyautogui(environ: Mapping[str, str] | None = None) -> Any:
    """Import pyautogui (PAUSE 0, FAILSAFE on) or raise an error that names the fix."""
    env = os.environ if environ is None else environ
    if "pyautogui" not in sys.modules and sys.platform.startswith("linux"):
        reason = no_display_reason(dict(env))
        if reason is not None:
            raise ScreenUnavailable(
                f"real input needs a display: {reason}. Set DISPLAY to a running X server "
                "or start Xvfb, and install the extra: pip install 'tiny-computer-agent[desktop]'"
            )
        if not env.get("XAUTHORITY") and not (Path.home() / ".Xauthority").exists():
            _without_authority(env.get("DISPLAY", ""))
    noise = io.StringIO()
    try:
        with contextlib.redirect_stdout(noise):  # python-xlib prints auth warnings
            import pyautogui
    except ImportError as exc:
        raise MissingExtra("pyautogui", "desktop", "real input (clicks and keys)") from exc
    except Exception as exc:  # python-xlib: XauthError, DisplayConnectionError, KeyError
        raise ScreenUnavailable(
            f"pyautogui could not connect to the display {env.get('DISPLAY', '')!r} "
            f"({type(exc).__name__}: {exc}); check DISPLAY and XAUTHORITY"
        ) from exc
    if noise.getvalue().strip():
        log.debug("pyautogui import said: %s", noise.getvalue().strip())
    pyautogui.PAUSE = 0
    pyautogui.FAILSAFE = True
    return pyautogui


def _without_authority(display: str) -> None:
    """No authority file: if ``display`` lets any local client in (an Xvfb started
    without ``-auth``), write a private dummy one and point XAUTHORITY at it for this
    process; else ScreenUnavailable naming the fix."""
    verdict = accepts_without_authority(display)
    if not verdict:
        why = (
            f"the display {display} refused a connection without authority, so it needs "
            "the real file. "
            if verdict is False
            else ""
        )
        raise ScreenUnavailable(why + _XAUTH_FIX)
    folder = state_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = make_dummy_xauthority(folder / "Xauthority")
    except OSError as exc:
        raise ScreenUnavailable(
            f"{_XAUTH_FIX}. (The display {display} needs no authority, but writing a dummy "
            f"file in {folder} failed: {exc.strerror or exc})"
        ) from exc
    os.environ["XAUTHORITY"] = str(path)
    log.warning(
        "no X authority file (XAUTHORITY unset, no ~/.Xauthority), and the display %s "
        "accepts clients without one: using a private dummy authority file, %s",
        display,
        path,
    )


def _display_errors() -> tuple[type[BaseException], ...]:
    errors: list[type[BaseException]] = [OSError]
    with contextlib.suppress(ImportError):
        from Xlib import error as xerror

        errors += [xerror.DisplayError, xerror.ConnectionClosedError]
    return tuple(errors)


#: How far a pointer resting in a corner is moved inward, diagonally, before acting.
CORNER_NUDGE: Final = 20


def corner_of(gui: Any) -> tuple[int, int] | None:
    """The pointer's position when it is on one of pyautogui's fail-safe points (the
    screen's corners), else None."""
    x, y = gui.position()
    point = (int(x), int(y))
    return point if point in {(int(p[0]), int(p[1])) for p in gui.FAILSAFE_POINTS} else None


def nudge_from_corner(gui: Any, corner: tuple[int, int]) -> tuple[int, int]:
    """Move the pointer from ``corner`` :data:`CORNER_NUDGE` px diagonally inward, with
    the fail-safe off for that one move (pyautogui checks the pointer *before* every
    call, so a pointer resting in a corner fails the first call otherwise); return
    where it now is. For code that drives pyautogui itself (the calibration too)."""
    xs = [int(p[0]) for p in gui.FAILSAFE_POINTS]
    ys = [int(p[1]) for p in gui.FAILSAFE_POINTS]
    x = corner[0] + (CORNER_NUDGE if corner[0] == min(xs) else -CORNER_NUDGE)
    y = corner[1] + (CORNER_NUDGE if corner[1] == min(ys) else -CORNER_NUDGE)
    failsafe = gui.FAILSAFE
    gui.FAILSAFE = False
    try:
        gui.moveTo(x, y)
    finally:
        gui.FAILSAFE = failsafe
    return x, y


#: X's numbers for the buttons a click action names.
_BUTTONS: Final = {"left": 1, "middle": 2, "right": 3}


def click(
    gui: Any, x: int, y: int, *, clicks: int = 1, interval: float = 0.0, button: str = "left"
) -> None:
    """Click at (x, y): on X, each press and its release reach the server together.

    pyautogui's X backend waits for a round trip between a press and its release. On a
    busy machine this process can then wait its turn for the CPU, so the release comes
    half a second later; a GTK drop-down opened by the press takes so late a release
    for a choice and picks the entry under the pointer (seen under ``make test``). So
    the move, the press and the release are sent through XTest, as pyautogui sends
    them, and flushed at once. Any other backend (another OS, a stand-in) clicks with
    ``gui.click``; the fail-safe corner is checked first either way."""
    xtest = getattr(getattr(gui, "platformModule", None), "fake_input", None)
    display = getattr(getattr(gui, "platformModule", None), "_display", None)
    if xtest is None or display is None or button not in _BUTTONS:
        gui.click(x, y, clicks=clicks, interval=interval, button=button)
        return
    from Xlib import X  # pyautogui's X backend has imported it already

    gui.failSafeCheck()
    xtest(display, X.MotionNotify, x=int(x), y=int(y))
    for n in range(clicks):
        if n:
            display.sync()
            time.sleep(interval)
        xtest(display, X.ButtonPress, _BUTTONS[button])
        xtest(display, X.ButtonRelease, _BUTTONS[button])
    display.sync()


def read_again(action: Action, before: Observation, fresh: Observation) -> Action | None:
    """``action`` aimed at what ``fresh`` reads whole where ``before`` read it cut: a
    dialog still painting, or OCR reading a label's last letters only on a second look
    ("File nam", then "File name:"). The element must be of the same kind and in the same
    place (boxes overlapping by half), the one label must begin the other, and what the
    longer adds must be at most two letters or digits with no space: a word cut short, not
    another control ("Save" is never taken for "Save As"). None when that is not so, or
    when more than one element of ``fresh`` fits."""
    if action.verb == "drag" or not action.target:
        return None
    try:
        old = before.resolve(action.target, action.target_id)
    except TargetError:
        return None
    fits = [e for e in fresh.elements if e.kind == old.kind and _same_place(old.box, e.box)]
    fits = [e for e in fits if _word_cut(old.label, e.label)]
    if len(fits) != 1:
        return None
    return dataclasses.replace(action, target=fits[0].label, target_id=fits[0].id)


def _same_place(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether two boxes overlap by at least half of the larger one."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    larger = max((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w > 0 and h > 0 and 2 * w * h >= larger


def _word_cut(one: str, other: str) -> bool:
    """Whether one label is the other with its last word cut by at most two letters or
    digits (trailing punctuation aside): "File nam" and "File name:", not "Save" and
    "Save As", and not a label and itself."""
    a, b = sorted((one.strip().casefold(), other.strip().casefold()), key=len)
    a = a.rstrip(":.…")
    if len(a) < 3 or a == b or not b.startswith(a):
        return False
    added = b[len(a) :]
    return not any(ch.isspace() for ch in added) and sum(ch.isalnum() for ch in added) <= 2


def judged_window(action: Action, observation: Observation) -> Window | None:
    """The window the policy judges ``action``'s keys, text or press against, as it
    does (``_policy._reach``): its target's window, else the focused element's, else
    the window in front. None when ``observation`` lists no window, the target is not
    on it, or its element lies in no listed window: then nothing is known to check."""
    if not observation.windows:
        return None
    element: Element | None = None
    if action.targets:
        with contextlib.suppress(TargetError):
            element = observation.resolve(action.target or "", action.target_id)
        if element is None:
            return None
    else:
        element = focused_element(observation)
        if element is None:
            return observation.windows[0]
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


def _named(window: Window | None, wid: int = 0) -> str:
    """A window as a refusal names it."""
    if window is None:
        return f"a window the window list does not hold (X id 0x{wid:x})" if wid else "no window"
    shown = window.title or " ".join(window.wm_class) or window.process or f"0x{window.id:x}"
    return f"{shown!r}" + (f" ({window.wm_class[-1]})" if window.wm_class and window.title else "")


def control_characters(text: str) -> list[str]:
    """The control characters in ``text`` that typing must not carry (all but \\n, \\t)."""
    return [ch for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\n\t"]


#: Around a clicked element's text, this many of its heights (plus 4 pixels) still count
#: as the control: a button's border and padding, a focus ring, a pressed relief. A
#: change there is the control's own feedback, not the program's answer.
FEEDBACK_MARGIN: Final = 1.0
#: Seconds between the notches of a turn over a scroll bar (``_do_scroll``).
NOTCH_PAUSE: Final = 0.1


def _on_a_bar(point: tuple[int, int], observation: Observation) -> bool:
    """Whether screen ``point`` is on one of the frame's scroll bars
    (:attr:`Observation.scrollbars`)."""
    x, y = point
    bars = (screen_box(observation.mapping, b) for b in observation.scrollbars)
    return any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in bars)


def _swept_on_screen(action: Action, observation: Observation) -> tuple[int, int, int, int] | None:
    """What a ``scroll`` scrolls (:func:`~.._wheel.swept_area`) in screen pixels."""
    area = swept_area(action, observation)
    return None if area is None else screen_box(observation.mapping, area)


@dataclasses.dataclass(kw_only=True, slots=True)
class RealInputExecutor:
    """Clicks, types and presses for real; see the module docstring.

    ``screen`` (the DesktopScreen the loop observes) lets the executor settle on the
    same monitor and notice a screen that changed before acting; without it, actions
    still work but nothing is settled (``settle_seconds`` is None). ``gui`` is the
    input module (None: pyautogui, imported now); tests pass a recording fake.
    The policy's ``secrets`` (``{name: value}``) are what ``<secret>NAME</secret>``
    types, so the policy always judges the text this executor types; they are never
    shown (not in results, errors or the log).
    """

    policy: Policy
    screen: DesktopScreen | None = None
    settle: Settle = dataclasses.field(default_factory=Settle)
    drag_seconds: float = 0.25
    double_click_interval: float = 0.05
    #: after clicking a field and before typing into it: keys sent in the same instant
    #: as the click were seen to land before the field had focus ("Noretes" for " more",
    #: "da Lovelace" for "Ada Lovelace" in a batch on a loaded machine). Keys wait at
    #: least this long, and then until the program has drawn its answer to the click
    #: (a caret, a focus ring), for at most ``focus_wait`` in all
    focus_seconds: float = 0.1
    focus_wait: float = 0.6
    #: between typed characters; 0 let a loaded X server drop keystrokes
    type_interval: float = 0.01
    log: list[ActionResult] = dataclasses.field(default_factory=list)
    gui: Any = None
    _errors: tuple[type[BaseException], ...] = ()
    #: where the harness last put the pointer (a click, move, scroll, drag or nudge)
    _last_put: tuple[int, int] | None = dataclasses.field(default=None, init=False)
    #: the corner the pointer rested in when the run began, until it first leaves it
    _resting: tuple[int, int] | None = dataclasses.field(default=None, init=False)
    _told_corner: bool = dataclasses.field(default=False, init=False)
    #: the window the policy judged the action in hand against (:func:`judged_window`)
    _judged: Window | None = dataclasses.field(default=None, init=False)
    #: the frame the action in hand is done on (a scroll's bars and what it scrolls)
    _frame: Observation | None = dataclasses.field(default=None, init=False)

    def __post_init__(self) -> None:
        if not self.policy.real_input or os.environ.get(ARM_ENV) != "1":
            raise PolicyRefusal(
                "RealInputExecutor needs both deliberate acts: a policy armed with "
                f"Policy().armed(flag=True) (the --real-input flag) and {ARM_ENV}=1 in "
                "this process's environment",
                rule="arming",
            )
        display = self.screen.display if self.screen is not None else None
        if display and display != os.environ.get("DISPLAY"):
            raise ValueError(
                f"the screen captures display {display!r} but pyautogui drives $DISPLAY="
                f"{os.environ.get('DISPLAY')!r}; run the process with DISPLAY={display}"
            )
        if self.gui is None:
            self.gui = load_pyautogui()
        self._errors = _display_errors()
        with contextlib.suppress(*self._errors):
            self._resting = corner_of(self.gui)

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        """Do ``action`` for real (TargetError, PolicyRefusal, ScreenUnavailable: see the loop)."""
        self.policy.check_kill_switch()
        if VERB_TABLE[action.verb].harness:
            raise ActionError(
                f"{action.verb} is the harness's own (it looks, it does not press): "
                "run_episode carries it out, not an executor"
            )
        return self._carry_out((action,), observation, settles=VERB_TABLE[action.verb].settles)

    def execute_batch(self, actions: Sequence[Action], observation: Observation) -> ActionResult:
        """Do a batch for real (the loop's policy checked it as a whole): every target is
        found on ``observation`` (looked up again if the screen changed since) and every
        action preflighted before the first is done; then they are done in order, the kill
        switch checked before each, with one settle after the last."""
        return self._carry_out(check_batch(actions), observation, settles=True)

    def _carry_out(
        self, actions: Sequence[Action], observation: Observation, *, settles: bool
    ) -> ActionResult:
        """Check and resolve all of ``actions`` before doing the first, then do them in
        order, and settle once after the last when ``settles``."""
        self.policy.check_kill_switch()
        checked = []
        for aimed in actions:
            self._refuse_control_text(aimed)
            now, observation = self._current(aimed, observation)
            checked.append(now)
        actions = checked
        points = [screen_points(action, observation) for action in actions]
        replaces = [replaced_text(action, observation) for action in actions]
        said = "; then ".join(map(describe_at, actions, points, replaces))
        flat = tuple(p for ps in points for p in ps)
        problem = next((p for p in map(self._unsupported, actions) if p), "")
        if problem:
            what = actions[0].describe() if len(actions) == 1 else f"batch not started: {said}"
            return self._record(
                ActionResult(ok=False, description=what, points=flat, dry_run=False, error=problem)
            )
        before = self._signature() if settles else b""
        answered = self._answered(actions[-1], observation) if before else None
        for i, (action, where) in enumerate(zip(actions, points, strict=True)):
            self.policy.check_kill_switch()
            keys_follow = action.verb == "click" and i + 1 < len(actions)
            self._judged = judged_window(action, observation)
            self._frame = observation
            if action.verb == "click" and where and action.targets:  # every press
                self._refuse_covered(action, where[0])
            clicked = self._signature() if keys_follow else b""
            self._refuse_unknown_window(action, where, observation)
            self._guarded(action, where, select=selects_field(action, observation))
            if keys_follow:  # let the click land before the keys
                self._await_focus(clicked)
        settled = self._settle(before, answered) if before else None
        how = "" if settled is None else f"; screen {settled.state} after {settled.seconds:.2f}s"
        return self._record(
            ActionResult(
                ok=True,
                description="did " + said + how,
                points=flat,
                dry_run=False,
                settle_seconds=None if settled is None else round(settled.seconds, 4),
            )
        )

    def _guarded(
        self, action: Action, points: Sequence[tuple[int, int]], *, select: bool = False
    ) -> None:
        """The corner check, then the action (``select``: a ``type`` selects the text in
        its field first, to replace it); pyautogui's and the display's failures become
        the loop's errors (with no secret in them)."""
        try:
            self._clear_corner()
            if select and action.verb == "type":
                self._do_type(action, points, select=True)
            else:
                self._perform(action, points)
        except self.gui.FailSafeException as exc:
            raise PolicyRefusal(
                "the pointer is in a screen corner, pyautogui's fail-safe: nothing more is "
                "done. Move the pointer away from the corner to run again",
                rule="kill-switch",
            ) from exc
        except self._errors as exc:
            raise ScreenUnavailable(
                redact(
                    f"real input failed ({type(exc).__name__}: {exc}); the display may have "
                    "gone away",
                    self.policy.secrets,
                )
            ) from exc
        if points:
            self._last_put = (int(points[-1][0]), int(points[-1][1]))

    def _refuse_control_text(self, action: Action) -> None:
        """Rule ``control-text``: typed text carries no BackSpace, Enter (\\r), Escape...

        The policy judges text as a string; a BackSpace typed inside it would edit what
        lands on screen into something the policy never saw (``sudx\\bo``). The
        expanded secrets are checked too, and never named.
        """
        if action.verb != "type" or not action.text:
            return
        found = control_characters(action.text)
        where = ""
        if not found:
            used = {m.group(1) for m in SECRET_PATTERN.finditer(action.text)}
            names = sorted(n for n in used if control_characters(self.policy.secrets.get(n, "")))
            where = f" (in the secret {names[0]})" if names else ""
            if not names:
                return
        shown = "".join(sorted({repr(ch)[1:-1] for ch in found}))
        raise PolicyRefusal(
            f"the text to type holds control characters{where}{' ' + shown if shown else ''}: "
            "a BackSpace or Enter is a `key` action, not text; nothing was typed",
            rule="control-text",
        )

    def _clear_corner(self) -> None:
        """Before acting: a pointer in a corner is the person's stop signal, unless it was
        resting there when the run began or the harness put it there; then it is moved
        20 px inward (fail-safe off for that one move) and the run goes on."""
        corner = corner_of(self.gui)
        if corner is None:
            self._resting = None  # it left: a later return to a corner is a signal
            return
        if corner not in (self._resting, self._last_put):
            raise self.gui.FailSafeException("the pointer was moved into a screen corner")
        moved = nudge_from_corner(self.gui, corner)
        if not self._told_corner:
            log.warning(
                "the pointer rests in the screen corner %s (pyautogui's fail-safe point); "
                "moved it to %s. Moving it into a corner during the run stops it",
                corner,
                moved,
            )
            self._told_corner = True
        self._resting, self._last_put = None, moved

    def _record(self, result: ActionResult) -> ActionResult:
        """Log ``result``, with any secret value put back as its placeholder."""
        result = dataclasses.replace(
            result,
            description=redact(result.description, self.policy.secrets),
            error=redact(result.error, self.policy.secrets),
        )
        self.log.append(result)
        return result

    def _signature(self) -> bytes:
        return self.screen.signature() if self.screen is not None else b""

    def _await_focus(self, before: bytes) -> None:
        """After a click that keys follow: wait ``focus_seconds``, then until the screen
        differs from ``before`` (the program took the click), ``focus_wait`` at most."""
        deadline = time.monotonic() + self.focus_wait
        time.sleep(self.focus_seconds)
        while before and self._signature() == before and time.monotonic() < deadline:
            time.sleep(self.settle.poll)

    def _settle(
        self, before: bytes, answered: Callable[[], bool] | None = None
    ) -> SettleResult | None:
        if self.screen is None:
            return None
        ahead = getattr(self.screen, "look_ahead", None)
        return self.settle.wait(self.screen.signature, before, on_change=ahead, answered=answered)

    def _answered(self, action: Action, observation: Observation) -> Callable[[], bool] | None:
        """For a click on an element, whether the screen has since changed outside it
        (grown by :data:`FEEDBACK_MARGIN` to the control's border): a test the settle asks, so
        the button's own press redraw is not taken for the program's answer. None for
        other actions, or a screen that cannot tell."""
        outside = getattr(self.screen, "signature_outside", None)
        if action.verb != "click" or outside is None or not action.targets:
            return None
        try:
            element = observation.resolve(action.target or "", action.target_id)
        except TargetError:
            return None
        x0, y0, x1, y1 = element.box
        left, top = observation.mapping.to_screen(x0, y0)
        right, bottom = observation.mapping.to_screen(x1, y1)
        m = round(FEEDBACK_MARGIN * (bottom - top)) + 4
        box = (left - m, top - m, right + m, bottom + m)
        base = outside(box)  # the frame before the click (the last signature taken)
        return (lambda: outside(box) != base) if base else None

    def _current(self, action: Action, observation: Observation) -> tuple[Action, Observation]:
        """The action and the observation to act on: a fresh observation when the screen
        changed since ``observation``, and the action retargeted when its element was read
        with its last word cut and now reads whole (:func:`read_again`)."""
        screen = self.screen
        # ``observation`` may be the screen's last one or made from it (a zoom's better
        # readings); either way the screen's last signature says whether it still holds
        aimed = bool(action.targets) or action.verb == "scroll"  # an untargeted one too
        if not aimed or screen is None or screen.last is None:
            return action, observation
        if screen.signature() == screen.last_signature:
            return action, observation
        log.info("the screen changed since it was observed; looking for the target again")
        fresh = screen.capture()
        try:
            self.policy.check(action, fresh)
        except TargetError as exc:
            again = read_again(action, observation, fresh)
            if again is None:
                raise TargetError(
                    f"the target vanished between observing and acting (nothing was done): {exc}"
                ) from exc
            log.info("the target reads %r now, in the same place", again.target)
            self.policy.check(again, fresh)
            return again, fresh
        return action, fresh

    def _supported(self, name: str) -> bool:
        mapping = getattr(getattr(self.gui, "platformModule", None), "keyboardMapping", None)
        if isinstance(mapping, Mapping):
            return mapping.get(name) is not None
        return name in self.gui.KEYBOARD_KEYS

    def _unsupported(self, action: Action) -> str:
        """Why this system cannot do ``action`` (empty when it can)."""
        check = self._PREFLIGHT.get(action.verb)
        return check(self, action) if check else ""

    def _cannot_type(self, action: Action) -> str:
        text = action.text or ""
        try:
            expand_secrets(text, self.policy.secrets)  # every named secret was given
        except ActionError as exc:
            return str(exc)
        bad = sorted({ch for ch in SECRET_PATTERN.sub("", text) if not self._supported(ch)})
        if bad:
            return (
                f"cannot type {''.join(bad)!r}: the keyboard backend has no key for it; "
                "type only characters on the keyboard layout"
            )
        for name in sorted({m.group(1) for m in SECRET_PATTERN.finditer(text)}):
            if not all(self._supported(ch) for ch in self.policy.secrets[name]):
                return (
                    f"cannot type the secret {name}: it holds a character the keyboard "
                    "backend has no key for (which one is not shown)"
                )
        return ""

    def _cannot_press(self, action: Action) -> str:
        missing = [k for k in pyautogui_keys(action.keys or "") if not self._supported(k)]
        if missing:
            return f"cannot press {action.keys}: no key named {missing[0]!r} on this system"
        return ""

    #: verbs whose input this system may lack -> the check that says so ("" when it can)
    _PREFLIGHT: ClassVar[Mapping[str, Callable[[RealInputExecutor, Action], str]]] = {
        "type": _cannot_type,
        "key": _cannot_press,
    }

    def _perform(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        """Dispatch to ``_do_<verb>``: one method per verb of the vocabulary."""
        getattr(self, f"_do_{action.verb}")(action, points)

    def _do_click(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        interval = self.double_click_interval if action.clicks == 2 else 0.0
        x, y = points[0]
        click(self.gui, x, y, clicks=action.clicks, interval=interval, button=action.button)

    def _do_type(
        self, action: Action, points: Sequence[tuple[int, int]], *, select: bool = False
    ) -> None:
        """Click the field (three times with ``select``: Tk, GTK, Qt and a browser select
        a one-line field's whole text so, and typed text replaces a selection), then
        type."""
        if points:
            self._refuse_covered(action, points[0])
            clicked = self._signature()
            clicks = 3 if select else 1
            click(self.gui, *points[0], clicks=clicks, interval=self.double_click_interval)
            self._await_focus(clicked)
        self._focus_in_scope(action)
        self._refuse_moved_focus(action, clicked=bool(points))
        self.gui.write(
            expand_secrets(action.text or "", self.policy.secrets), interval=self.type_interval
        )

    def _do_key(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        self._focus_in_scope(action)
        self._refuse_moved_focus(action)
        self._refuse_held_chord(action)
        self.gui.hotkey(*pyautogui_keys(action.keys or ""))

    def _refuse_held_chord(self, action: Action) -> None:
        """Rule ``global-key``: another program holds the chord as a global shortcut
        (:meth:`XWindows.chord_held`), so X would give it to that program, whatever
        window has focus: i3's alt+Return starts a terminal, ratpoison's and stumpwm's
        ctrl+t wait for a command key, Guake's F12 and Tilda's F1 drop a terminal down.
        ``--allow-key`` named the chord for the focused program; only
        ``--allow-global-key`` says it is meant for the one that holds it."""
        chord = action.keys or ""
        xwindows = None if self.screen is None else self.screen._xwindows
        if xwindows is None or chord in self.policy.allow_global_keys:
            return
        if xwindows.chord_held(chord):
            raise PolicyRefusal(
                f"{action.describe()} is refused: just before sending, the X server says "
                f"another program holds {chord} as a global shortcut (a window manager, a "
                "drop-down terminal or a hotkey daemon), so the chord would go to that "
                "program, not to the focused window; such shortcuts start terminals and "
                "command prompts. Nothing was sent. If the chord is meant for that program "
                f"(a window manager's own action), run again with --allow-global-key "
                f"{shlex.quote(chord)}",
                rule="global-key",
            )

    def _focus_in_scope(self, action: Action) -> None:
        """With a scope (``--window``), keys and text go only while a window in it has
        focus, asked of the X server just before they are sent (rule ``window-scope``):
        focus may have moved since the frame the policy judged."""
        if not self.policy.scope:
            return
        active, windows, hidden = 0, tuple[Window, ...](), tuple[Window, ...]()
        if self.screen is not None and (listing := self.screen._xwindows) is not None:
            active, windows, hidden = listing.active(), listing.windows(), listing.hidden()
        refusal = focus_refusal(self.policy.scope, action, active, windows, hidden)
        if refusal is not None:
            raise refusal

    def _refuse_moved_focus(self, action: Action, *, clicked: bool = False) -> None:
        """Rule ``focus-moved``: keys and text go only while the X server's focused
        window is the one the policy judged them against (``_judged``), asked just
        before they are sent. Silent where that cannot be known (see the module doc):
        no X connection, no judged window, or no focused window named (0). After the
        click of ``clicked`` typing the window manager gets up to ``focus_wait`` to
        move the focus there."""
        judged, xwindows = self._judged, None if self.screen is None else self.screen._xwindows
        if self.screen is None or xwindows is None or judged is None or not judged.id:
            return
        deadline = time.monotonic() + (self.focus_wait if clicked else 0.0)
        self._refuse_unlisted_focus(action, xwindows, deadline, clicked=clicked)
        active = xwindows.active()
        while active not in (0, judged.id) and time.monotonic() < deadline:
            time.sleep(self.settle.poll)
            active = xwindows.active()
        if not active or active == judged.id:
            return
        windows = self.screen._list_windows()
        if judged.override and windows and windows[0].id == judged.id:
            return  # a menu or launcher over every window takes the keys while shown
        closed = judged.override and judged.id not in {w.id for w in windows}
        if closed and self._judged_again(action, active):
            return  # the popup closed; a fresh look judged the key against the focus
        now = next((w for w in windows if w.id == active), None)
        done = "the field was clicked, nothing was typed" if clicked else "nothing was sent"
        raise PolicyRefusal(
            f"{action.describe()} is refused: just before sending, the X server says the "
            f"keyboard focus is on {_named(now, active)}, not on {_named(judged)}, the window "
            "the frame showed and the policy judged this input against (the focus moved "
            f"after the look: a window appeared, or focus follows the pointer); {done}. "
            "Look again, and bring the window forward (a focus action) or aim the typing "
            "at a field of the window that has focus",
            rule="focus-moved",
        )

    def _refuse_unlisted_focus(
        self, action: Action, xwindows: XWindows, deadline: float, *, clicked: bool
    ) -> None:
        """Rule ``focus-moved`` too: X's keyboard focus is in a window that no listing
        shows, nor any window it lies in (:meth:`XWindows.focus_unlisted`): a desktop
        shell's overview or search (GNOME Shell's takes the keys in a window of its own
        while ``_NET_ACTIVE_WINDOW`` says 0), a launcher no listing shows. The keys
        would go there, whatever the frame showed in front."""
        assert self.screen is not None
        screen = self.screen
        unlisted = xwindows.focus_unlisted(w.id for w in screen._list_windows())
        while unlisted and time.monotonic() < deadline:
            time.sleep(self.settle.poll)
            unlisted = xwindows.focus_unlisted(w.id for w in screen._list_windows())
        if not unlisted:
            return
        done = "the field was clicked, nothing was typed" if clicked else "nothing was sent"
        raise PolicyRefusal(
            f"{action.describe()} is refused: just before sending, the X server says the "
            f"keyboard focus is in the window {unlisted:#x}, which no window listing shows "
            "(a desktop shell's overview or search, a launcher drawn outside the window "
            f"manager), so the keys would go there, where a typed word starts a program; "
            f"{done}. Close it (Escape) and look again",
            rule="focus-moved",
        )

    def _judged_again(self, action: Action, active: int) -> bool:
        """The popup the frame showed in front (an override-redirect window: a text
        field's completion list, a tooltip) closed between the look and the key. As a
        target is found again on a changed screen (``_current``), the key is judged again
        on a fresh look: True when the policy allows it there (its own refusal is raised
        otherwise) and the window it is judged against now is the focused one."""
        if self.screen is None:
            return False
        log.info("the popup the keys were judged against closed; looking again")
        fresh = self.screen.capture()
        self.policy.check(action, fresh)
        now = judged_window(action, fresh)
        if now is None or now.id != active:
            return False
        self._judged = now
        return True

    def _refuse_covered(self, action: Action, point: tuple[int, int]) -> None:
        """Rule ``field-covered``: a click (any button or count, or the one that places
        typing's caret) is made only where the X server's top-most window at ``point`` is
        the target's window; silent
        where that cannot be known (no window list, no judged window)."""
        judged = self._judged
        windows = () if self.screen is None else self.screen._list_windows()
        if judged is None or not judged.id or not windows:
            return
        top = window_at(windows, *point)
        if top is not None and top.id == judged.id:
            return
        raise PolicyRefusal(
            f"{action.describe()} is refused: it would click at {point}, and the X "
            f"server's top-most window there is {_named(top)}, not {_named(judged)}, the "
            "target's window: the click (and any keys after it) would go there. Nothing "
            "was done. Bring the target's window forward (a focus action), or aim at a "
            "field that nothing covers",
            rule="field-covered",
        )

    def _refuse_unknown_window(
        self, action: Action, points: Sequence[tuple[int, int]], observation: Observation
    ) -> None:
        """Rule ``unknown-window`` (:func:`~.._side_doors.pointer_refusal`): a press or a
        wheel turn lands only in a window the frame listed, asked of X just before (a
        ``type``'s click: ``field-covered``, in ``_do_type``)."""
        if action.verb not in ("click", "drag", "scroll") or self.screen is None:
            return
        live = self.screen._list_windows() if observation.windows and points else ()
        for point in points:
            refusal = pointer_refusal(point, observation.windows, live)
            if refusal is not None:
                raise refusal

    def _do_scroll(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        if points:
            self.gui.moveTo(*points[0])
        sign = 1 if action.direction in ("up", "right") else -1
        if action.direction not in ("up", "down"):
            self.gui.hscroll(sign * action.amount)
        elif points and self._frame is not None and _on_a_bar(points[0], self._frame):
            # GTK's scroll bar scrolls less for notches that come close together (two
            # rows for three notches at once, five with a pause: measured on zenity's
            # list): one at a time, as a hand turns it
            for notch in range(action.amount):
                time.sleep(NOTCH_PAUSE if notch else 0.0)
                self.gui.scroll(sign)
        elif action.amount > 1 and (swept := self._swept(action)) and can_watch(self.screen, swept):
            watched_turn(self.gui, self.screen, sign, action.amount, swept)
        else:
            self.gui.scroll(sign * action.amount)

    def _swept(self, action: Action) -> tuple[int, int, int, int] | None:
        return None if self._frame is None else _swept_on_screen(action, self._frame)

    def _do_drag(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        self._drag(points[0], points[1])

    def _do_move(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        self.gui.moveTo(*points[0])

    def _do_wait(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        time.sleep(action.seconds or 0.0)

    def _do_focus(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        """Raise the named window through the screen's X connection and wait (up to
        ``focus_wait``) until it is the top-most; TargetError when it is not there or
        stays covered (a window manager that refuses), so the step says so."""
        if self.screen is None:
            raise TargetError("focus needs a DesktopScreen to find windows; none was given")
        window = find_window(self.screen._list_windows(), action.window or "")
        if not self.screen._raise_window(window.id):
            raise TargetError(f"the window {window.title!r} could not be raised (it closed?)")
        deadline = time.monotonic() + self.focus_wait
        while True:
            stack = self.screen._list_windows()
            if stack and stack[0].id == window.id:
                return
            if time.monotonic() >= deadline:
                top = repr(stack[0].title) if stack else "no window"
                raise TargetError(f"asked to raise {window.title!r}, but {top} stays on top")
            time.sleep(self.settle.poll)

    def _do_done(self, action: Action, points: Sequence[tuple[int, int]]) -> None:
        """Nothing to do: the loop ends the episode."""

    def _drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 10) -> None:
        gui = self.gui
        gui.moveTo(*start)
        gui.mouseDown(button="left")
        try:
            for i in range(1, steps + 1):
                x = start[0] + (end[0] - start[0]) * i / steps
                y = start[1] + (end[1] - start[1]) * i / steps
                gui.moveTo(round(x), round(y))
                time.sleep(self.drag_seconds / steps)
        finally:
            gui.mouseUp(button="left")
