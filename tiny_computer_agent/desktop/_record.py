"""What a person does on X11, seen through the X server's RECORD extension, with the
screen as it was just before each thing they did.

    InputRecorder   the device events (buttons, keys) the server handles, from every
                    client and every device, in a thread (python-xlib, imported lazily)
    InputEvent      one thing done: a click, a key chord, a character typed, a scroll
                    or a drag, in the harness's closed vocabulary of keys
    watch()         records until the stop chord (:data:`STOP_CHORD`), a time limit or
                    Ctrl-C, grabbing the screen whenever it changes, then indexes the
                    frame grabbed last before each event with the screen's own
                    perception (detector, window list, accessibility tree): a
                    :class:`Demonstration`

Nothing is pressed or moved here: the recorder only listens. The frames are indexed
after the recording ends, in the order they were grabbed (the same incremental reading
a run does), so a slow OCR never makes the person wait.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .._actions import normalize_keys
from .._elements import Element, Observation, Window
from .._errors import ActionError, MissingExtra, ScreenUnavailable
from ..perception import observe
from ._capture import monitor_box, sampled_signature
from ._ring import RawFrame

if TYPE_CHECKING:
    from ._screen import DesktopScreen

__all__ = ["STOP_CHORD", "Demonstration", "InputEvent", "InputRecorder", "watch"]

log = logging.getLogger(__name__)

#: The chord that ends a recording (not recorded itself). The program in front gets it
#: too, as it gets every key: no program here binds it.
STOP_CHORD: Final = "ctrl+shift+F12"
#: A press and release further apart than this (pixels) is a drag, not a click.
DRAG_DISTANCE: Final = 8
#: How often the screen is compared while recording (seconds).
POLL_SECONDS: Final = 0.05
_MODIFIER_KEYSYMS: Final = {
    "Control_L": "ctrl", "Control_R": "ctrl", "Shift_L": "shift", "Shift_R": "shift",
    "Alt_L": "alt", "Alt_R": "alt", "Meta_L": "alt", "Meta_R": "alt",
    "Super_L": "super", "Super_R": "super", "Hyper_L": "super", "Hyper_R": "super",
    "ISO_Level3_Shift": "", "Mode_switch": "", "Caps_Lock": "", "Num_Lock": "",
}  # fmt: skip
_BUTTONS: Final = {1: "left", 2: "middle", 3: "right"}
_SCROLLS: Final = {4: "up", 5: "down", 6: "left", 7: "right"}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class InputEvent:
    """One thing the person did, seen at ``at`` (``time.time()``).

    ``what``: ``click`` (``button``, ``clicks`` 1, at ``point``), ``key`` (``keys``, a
    chord in the harness's vocabulary), ``char`` (``text``, one character typed with no
    modifier but shift), ``scroll`` (``direction``, at ``point``), ``drag`` (from
    ``point`` to ``to``) or ``unknown`` (``keys`` says which key: one the vocabulary
    has no name for). ``point`` is in screen pixels, as the pointer takes them."""

    what: str
    at: float
    point: tuple[int, int] = (0, 0)
    to: tuple[int, int] = (0, 0)
    button: str = ""
    keys: str = ""
    text: str = ""
    direction: str = ""

    def describe(self) -> str:
        return {
            "click": f"{self.button} click at {self.point}",
            "key": f"key {self.keys}",
            "char": f"typed {self.text!r}",
            "scroll": f"scroll {self.direction} at {self.point}",
            "drag": f"drag from {self.point} to {self.to}",
        }.get(self.what, f"a key the harness has no name for ({self.keys})")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Demonstration:
    """What was done, each event with the index of the screen just before it; the
    screen after the last one; and why the recording ended (``chord``, ``time``,
    ``interrupted``)."""

    events: tuple[tuple[InputEvent, Observation], ...]
    after: Observation
    ended: str


class InputRecorder:
    """The device events of ``display`` (None: $DISPLAY) through RECORD, in a thread.

    :meth:`start` connects (MissingExtra without python-xlib, ScreenUnavailable without
    a display or without RECORD); :meth:`drain` hands over the events seen since the
    last call; ``chord_seen`` is set when the person pressed :data:`STOP_CHORD`;
    :meth:`stop` ends the recording and closes the connections."""

    def __init__(self, display: str | None = None, *, stop_chord: str = STOP_CHORD) -> None:
        self.display = display
        self.stop_chord = normalize_keys(stop_chord)
        self.chord_seen = threading.Event()
        self._events: list[InputEvent] = []
        self._lock = threading.Lock()
        self._mods: set[str] = set()
        self._pressed: tuple[float, tuple[int, int], str] | None = None
        self._names: dict[int, str] = {}
        self._control: Any = None
        self._data: Any = None
        self._context: Any = None
        self._thread: threading.Thread | None = None

    @property
    def started(self) -> bool:
        return self._thread is not None

    def start(self) -> None:
        try:
            from Xlib import XK, X, display
            from Xlib.ext import record
        except ImportError as exc:
            raise MissingExtra("Xlib", "desktop", "recording what a person does (--teach)") from exc
        try:
            self._control = display.Display(self.display)
            self._data = display.Display(self.display)
        except Exception as exc:  # Xlib raises several kinds for a display it cannot open
            self.stop()
            raise ScreenUnavailable(
                f"cannot open the X display {self.display or '$DISPLAY'}: {exc} (check DISPLAY, "
                "and XAUTHORITY: the file the server uses)"
            ) from exc
        if not self._control.has_extension("RECORD"):
            self.stop()
            raise ScreenUnavailable(
                "the X server has no RECORD extension, which teaching listens through; "
                'Xorg: Load "record" in the Module section; Xvfb: start it with +extension RECORD'
            )
        self._names = _keysym_names(XK)
        self._context = self._data.record_create_context(
            0,
            [record.AllClients],
            [{"core_requests": (0, 0), "core_replies": (0, 0), "ext_requests": (0, 0, 0, 0),
              "ext_replies": (0, 0, 0, 0), "delivered_events": (0, 0),
              "device_events": (X.KeyPress, X.ButtonRelease), "errors": (0, 0),
              "client_started": False, "client_died": False}],
        )  # fmt: skip
        self._thread = threading.Thread(target=self._listen, name="tca-record", daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        try:
            self._data.record_enable_context(self._context, self._on_reply)
        except Exception:  # the connection closed under it: stop() was called
            log.debug("the recording connection ended", exc_info=True)

    def _on_reply(self, reply: Any) -> None:
        from Xlib.ext import record
        from Xlib.protocol import rq

        if reply.category != record.FromServer or reply.client_swapped or not reply.data:
            return
        data = reply.data
        while data:
            event, data = rq.EventField(None).parse_binary_value(
                data, self._data.display, None, None
            )
            self._on_event(event)

    def _on_event(self, event: Any) -> None:
        from Xlib import X

        at, point = time.time(), (int(event.root_x), int(event.root_y))
        if event.type in (X.KeyPress, X.KeyRelease):
            self._on_key(event.detail, pressed=event.type == X.KeyPress, at=at)
        elif event.type == X.ButtonPress and event.detail in _SCROLLS:
            self._add(
                InputEvent(what="scroll", at=at, point=point, direction=_SCROLLS[event.detail])
            )
        elif event.type == X.ButtonPress and event.detail in _BUTTONS:
            self._pressed = (at, point, _BUTTONS[event.detail])
        elif event.type == X.ButtonRelease and self._pressed is not None:
            start, where, button = self._pressed
            self._pressed = None
            far = max(abs(where[0] - point[0]), abs(where[1] - point[1])) > DRAG_DISTANCE
            what = "drag" if far else "click"
            self._add(InputEvent(what=what, at=start, point=where, to=point, button=button))

    def _keysym(self, keycode: int, index: int) -> tuple[str, str]:
        """The key's name and the character it types (``""`` for none) at ``index``."""
        from Xlib import XK

        keysym = self._control.keycode_to_keysym(keycode, index) or self._control.keycode_to_keysym(
            keycode, 0
        )
        char = XK.keysym_to_string(keysym) or ""
        return self._names.get(keysym, f"0x{keysym:x}"), char if char.isprintable() else ""

    def _on_key(self, keycode: int, *, pressed: bool, at: float) -> None:
        name, _ = self._keysym(keycode, 0)
        if name in _MODIFIER_KEYSYMS:
            mod = _MODIFIER_KEYSYMS[name]
            if mod:
                (self._mods.add if pressed else self._mods.discard)(mod)
            return
        if not pressed:
            return
        typed = self._keysym(keycode, 1 if "shift" in self._mods else 0)[1]
        if typed and not self._mods - {"shift"} and (len(typed) == 1 or typed == " "):
            self._add(InputEvent(what="char", at=at, text=typed))
            return
        try:
            chord = normalize_keys("+".join([*sorted(self._mods), _key_word(name)]))
        except ActionError:
            self._add(InputEvent(what="unknown", at=at, keys=name))
            return
        if chord == self.stop_chord:
            self.chord_seen.set()
            return
        self._add(InputEvent(what="key", at=at, keys=chord))

    def _add(self, event: InputEvent) -> None:
        with self._lock:
            self._events.append(event)

    def drain(self) -> list[InputEvent]:
        with self._lock:
            events, self._events = self._events, []
        return sorted(events, key=lambda e: e.at)

    def stop(self) -> None:
        """End the recording (idempotent) and close both connections."""
        control, self._control = self._control, None
        if control is not None and self._context is not None:
            try:
                control.record_disable_context(self._context)
                control.flush()
            except Exception:  # the display went away: nothing left to stop
                log.debug("disabling the recording failed", exc_info=True)
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        if control is not None:
            control.close()
        data, self._data, context, self._context = self._data, None, self._context, None
        if data is not None:
            if context is not None:
                try:
                    data.record_free_context(context)
                except Exception:  # the server may be gone
                    log.debug("freeing the recording context failed", exc_info=True)
            data.close()


def _keysym_names(xk: Any) -> dict[int, str]:
    """Each keysym's name, the one the harness's vocabulary knows where a keysym has
    several (F12 is also called L2)."""
    names: dict[int, str] = {}
    for attr in sorted(n for n in dir(xk) if n.startswith("XK_")):
        value, name = getattr(xk, attr), attr[3:]
        if value not in names or (_known(name) and not _known(names[value])):
            names[value] = name
    return names


def _known(name: str) -> bool:
    try:
        normalize_keys(name)
    except ActionError:
        return False
    return True


def _key_word(name: str) -> str:
    """An X keysym name as the harness's key vocabulary spells it ("comma" is ",",
    "KP_Enter" is Return, "ISO_Left_Tab" is Tab)."""
    words = {"KP_Enter": "Return", "ISO_Left_Tab": "Tab", "Prior": "Page_Up", "Next": "Page_Down"}
    if name in words:
        return words[name]
    from Xlib import XK

    char = XK.keysym_to_string(XK.string_to_keysym(name)) or ""
    return char if len(char) == 1 and char.isprintable() and not char.isspace() else name


@dataclasses.dataclass(slots=True)
class _Shot:
    """One grab of the monitor: when, its pixels, and the windows (and the tree's
    controls) read right after it."""

    at: float
    signature: bytes
    frame: RawFrame
    windows: tuple[Window, ...]
    tree: tuple[Element, ...]


def watch(
    screen: DesktopScreen,
    recorder: InputRecorder,
    *,
    seconds: float,
    on_event: Callable[[InputEvent], None] | None = None,
) -> Demonstration:
    """Record until the stop chord, ``seconds``, or Ctrl-C; then index the screen as it
    was before each event (see the module's docstring). ``on_event`` hears each event
    as it is seen. ``recorder`` is started here unless it was, and stopped before this
    returns."""
    if not recorder.started:
        recorder.start()
    shots: list[_Shot] = [_grab(screen)]
    pinned: list[tuple[InputEvent, _Shot]] = []
    ended, deadline = "time", time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            shot = _grab(screen, shots[-1])
            if shot is not shots[-1]:
                shots.append(shot)
            _pin(recorder.drain(), shots, pinned, on_event)
            if recorder.chord_seen.is_set():
                ended = "chord"
                break
            keep = {id(s) for _, s in pinned} | {id(shots[-1])}
            shots = [s for s in shots if id(s) in keep]
            time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        ended = "interrupted"
    finally:
        recorder.stop()
    _pin(recorder.drain(), shots, pinned, on_event)
    while ended == "interrupted" and pinned and pinned[-1][0].keys == "ctrl+c":
        pinned.pop()  # the Ctrl-C that stopped it, pressed in the terminal
    return _indexed(screen, pinned, _settled(screen, shots[-1]), ended)


def _pin(
    events: list[InputEvent],
    shots: list[_Shot],
    pinned: list[tuple[InputEvent, _Shot]],
    on_event: Callable[[InputEvent], None] | None,
) -> None:
    """Each event with the last frame grabbed before it."""
    for event in events:
        before = [s for s in shots if s.at <= event.at] or shots[:1]
        pinned.append((event, before[-1]))
        if on_event is not None:
            on_event(event)


def _grab(screen: DesktopScreen, last: _Shot | None = None) -> _Shot:
    """The monitor now: ``last`` itself when not one sampled pixel changed."""
    capture, monitor = screen._connect()
    at = time.time()
    frame = capture.shot(monitor_box(monitor))
    signature = sampled_signature(frame)
    if last is not None and signature == last.signature:
        return last
    windows = screen._list_windows()
    return _Shot(at, signature, frame, windows, screen._read_tree(windows, monitor))


def _settled(
    screen: DesktopScreen, last: _Shot, *, still: float = 0.6, limit: float = 3.0
) -> _Shot:
    """The screen after the last event, once it held still for ``still`` seconds."""
    end, since, shot = time.monotonic() + limit, time.monotonic(), last
    while time.monotonic() < end and time.monotonic() - since < still:
        time.sleep(POLL_SECONDS)
        now = _grab(screen, shot)
        if now is not shot:
            shot, since = now, time.monotonic()
    return shot


def _indexed(
    screen: DesktopScreen, pinned: list[tuple[InputEvent, _Shot]], after: _Shot, ended: str
) -> Demonstration:
    """Each distinct frame indexed once, in the order it was grabbed."""
    _, monitor = screen._connect()
    seen: dict[int, Observation] = {}
    for shot in sorted(
        {id(s): s for _, s in [*pinned, (None, after)]}.values(), key=lambda s: s.at
    ):
        seen[id(shot)] = observe(
            shot.frame.image(),
            detector=screen.detector,
            max_width=screen.max_width,
            monitor=(monitor.left, monitor.top, monitor.width, monitor.height),
            mapping=screen._mapping(monitor),
            captured_at=shot.at,
            windows=shot.windows,
            accessible=shot.tree,
        )
    events = tuple((event, seen[id(shot)]) for event, shot in pinned)
    return Demonstration(events=events, after=seen[id(after)], ended=ended)
