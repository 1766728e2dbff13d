"""Waiting without a brain: watch the screen (or one area of it) until a condition holds.

:func:`watch` carries out a ``wait_for`` action. No brain is asked anything while it
runs: it polls a cheap signature of the watched area every :attr:`Watch.poll`
seconds and reads the screen only when that signature changed and the condition needs
text; then it reads only what changed (the box around the pixels that differ from the
last grab), and the whole screen only once that was not enough and the screen held
still (or every 2 s while it keeps changing). It wakes on

* ``text``: the given text is visible (already visible at the start counts);
* ``change``: the watched area changed and then held still for :attr:`Watch.quiet`
  seconds (a spinner that keeps moving does not count; a change since the frame the
  brain last saw does);
* ``still``: the watched area held still for :attr:`Watch.quiet` seconds;

or gives up at the deadline (``timeout``), saying whether anything changed. A region
watch (``wait_for`` with a target) polls only that element's area, so a clock
elsewhere does not wake it.

The signature comes from the screen when it has one (``signature(region=None)``, as
:class:`~tiny_computer_agent.desktop.DesktopScreen` does); a screen without one (a
scripted or replayed one) is captured at every poll, and the labels and boxes of the
elements in the watched area are what is compared, starting from the brain's frame.

A change since the frame the brain saw counts: when the screen's own record says the
whole screen moved since then, a region watch compares that area's pixels in the
brain's frame with a fresh grab (no OCR, so the wait is not blind for the second a
read takes), and a text wait reads the screen once at the start.

Between windows (:func:`between`, the loop's, before any decision): an action that
closed its program's window often leaves a gap before the next one (a chain of dialogs,
a wizard's next page, a Save As leaving for its dialog). When the frame after an action
shows no window of the program acted on (:func:`gap`), the harness watches the screen,
no brain calls, until a window of it is there, or the screen held still for
:data:`GAP_STILL` seconds with none (the program is done), or :data:`GAP_SECONDS` passed.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable
from typing import Any, Final

from ._contracts import Screen
from ._elements import Observation, Window, screen_box

__all__ = [
    "BETWEEN",
    "GAP_SECONDS",
    "GAP_STILL",
    "WAKE_REASONS",
    "Gap",
    "WaitResult",
    "Watch",
    "between",
    "elements_in_region",
    "gap",
    "watch",
]

#: What ends a wait.
WAKE_REASONS: Final = ("text", "change", "still", "timeout")

Region = tuple[int, int, int, int]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Watch:
    """What to wait for: ``until`` (text, change or still), the ``text``, the
    ``region`` to watch in screen pixels (None: the whole screen), the ``deadline`` in
    seconds, how long the area must hold still (``quiet``) and how often to look
    (``poll``)."""

    until: str
    text: str | None = None
    region: Region | None = None
    deadline: float = 60.0
    quiet: float = 0.3
    poll: float = 0.1

    def __post_init__(self) -> None:
        if self.until not in WAKE_REASONS[:3]:
            raise ValueError(f"until must be one of {WAKE_REASONS[:3]}, got {self.until!r}")
        if (self.until == "text") != bool(self.text):
            raise ValueError("give text exactly when until is 'text'")
        if not 0 < self.poll <= self.quiet <= self.deadline:
            raise ValueError(
                f"a watch needs 0 < poll <= quiet <= deadline, got poll={self.poll}, "
                f"quiet={self.quiet}, deadline={self.deadline}"
            )


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class WaitResult:
    """How a wait ended: ``woke`` (one of :data:`WAKE_REASONS`), whether the watched
    area ``changed`` at all, the ``seconds`` it took, signature ``polls``, screen
    ``looks`` (captures with indexing), ``reads`` of only what changed (a text wait),
    and the last observation it looked at (None when it never looked)."""

    woke: str
    changed: bool
    seconds: float
    polls: int
    looks: int
    reads: int = 0
    observation: Observation | None = None

    def describe(self, watch_: Watch) -> str:
        took = f"after {self.seconds:.2f}s"
        if self.woke == "text":
            return f"{watch_.text!r} is visible {took}"
        if self.woke == "change":
            return f"the {'area' if watch_.region else 'screen'} changed and held still {took}"
        if self.woke == "still":
            return f"the {'area' if watch_.region else 'screen'} held still {took}"
        what = {"text": f"{watch_.text!r} did not appear", "change": "no change held still"}
        moved = "; it kept changing" if self.changed else "; nothing changed"
        return f"{what.get(watch_.until, 'it never held still')} within {watch_.deadline:g}s{moved}"


@dataclasses.dataclass(slots=True)
class _Looker:
    """The screen as a wait sees it: a cheap signature of the watched area, and a look
    (a capture with indexing) when the condition needs one. A screen with no signature
    of its own is captured at every poll, and those captures are the looks."""

    screen: Screen
    region: Region | None
    looks: int = 0
    latest: Observation | None = None

    def signature(self) -> bytes:
        own = getattr(self.screen, "signature", None)
        if callable(own):
            return bytes(own() if self.region is None else own(region=self.region))
        return self.index_signature(self.look())

    def index_signature(self, obs: Observation) -> bytes:
        """What a screen with no signature of its own is compared by: the labels and boxes
        of the elements in the watched area."""
        return repr(elements_in_region(obs, self.region)).encode()

    @property
    def signs(self) -> bool:
        """Whether the screen has a signature of its own (else each poll is a capture)."""
        return callable(getattr(self.screen, "signature", None))

    def look(self) -> Observation:
        self.looks += 1
        self.latest = self.screen.capture()
        return self.latest

    def fresh(self) -> Observation:
        """The latest look if the signature poll just made one, else a new look."""
        if self.signs or self.latest is None:
            return self.look()
        return self.latest


#: Around the pixels that changed, how much more a text wait reads (frame pixels): a
#: line's height above and below, and more sideways, so a changed word is read with
#: the words of its line.
_PAD_Y: Final = 24
_PAD_X: Final = 160


@dataclasses.dataclass(slots=True)
class _ChangeReader:
    """Reads only what changed: the box around the pixels that differ from the last
    grab, cropped and indexed alone (a new dialog in a tenth of the time of the whole
    screen; a ticking clock in a few milliseconds). Needs a screen that can ``grab()``
    the frame the brain sees and has a ``detector``, and the brain's frame's pixels."""

    screen: Any
    previous: Any
    reads: int = 0

    @classmethod
    def of(cls, screen: Screen, seen: Observation) -> _ChangeReader | None:
        usable = callable(getattr(screen, "grab", None)) and hasattr(screen, "detector")
        return cls(screen, seen.image) if usable and seen.image is not None else None

    def shows(self, text: str) -> bool:
        """Whether ``text`` is in what changed since the last call (or the brain's frame)."""
        from PIL import ImageChops

        from .perception import observe

        image, _ = self.screen.grab()
        previous, self.previous = self.previous, image
        if image.size != previous.size:
            return False
        box = ImageChops.difference(image.convert("RGB"), previous.convert("RGB")).getbbox()
        if box is None:
            return False
        w, h = image.size
        crop = image.crop((max(0, box[0] - _PAD_X), max(0, box[1] - _PAD_Y),
                           min(w, box[2] + _PAD_X), min(h, box[3] + _PAD_Y)))  # fmt: skip
        self.reads += 1
        return observe(crop, detector=self.screen.detector).shows(text)


def elements_in_region(obs: Observation, region: Region | None) -> tuple[tuple[str, Region], ...]:
    """The labels and screen boxes of the elements inside ``region`` (all when None)."""
    out = []
    for e in obs.elements:
        box = screen_box(obs.mapping, e.box)
        if region is None or _meets(box, region):
            out.append((e.key, box))
    return tuple(out)


def _meets(a: Region, b: Region) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


def _moved_since(screen: Screen, seen: Observation, now: bytes | None) -> bool:
    """Whether the whole screen changed since ``seen`` was captured from it (False when
    the screen keeps no record of that); ``now`` is its whole signature if already
    taken."""
    before = getattr(screen, "last_signature", b"")
    own = getattr(screen, "signature", None)
    if getattr(screen, "last", None) is not seen or not before or not callable(own):
        return False
    return (bytes(own()) if now is None else now) != before


def _region_pixels_moved(screen: Screen, seen: Observation, region: Region) -> bool | None:
    """Whether ``region`` looks different now than in ``seen``'s image, compared pixel
    by pixel on one fresh grab (no OCR); None when the screen cannot be grabbed or
    ``seen`` has no pixels to compare with."""
    grab = getattr(screen, "grab", None)
    if seen.image is None or not callable(grab):
        return None
    image, mapping = grab()
    if image.size != seen.image.size or mapping != seen.mapping:
        return None
    x0, y0 = seen.mapping.to_frame(region[0], region[1])
    x1, y1 = seen.mapping.to_frame(region[2], region[3])
    box = (int(x0), int(y0), max(int(x0) + 1, round(x1)), max(int(y0) + 1, round(y1)))
    return bool(image.crop(box).tobytes() != seen.image.crop(box).tobytes())


def watch(
    screen: Screen,
    seen: Observation,
    what: Watch,
    *,
    check: Callable[[], None] = lambda: None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> WaitResult:
    """Wait on ``screen`` for ``what``; ``seen`` is the frame the brain last saw (a
    change since it counts). ``check`` runs before every poll (the kill switch: it
    raises to stop the wait)."""
    wait = _Wait(screen=screen, seen=seen, what=what, clock=clock)
    ended = wait.opening()
    while ended is None:
        check()
        ended = wait.poll()
        if ended is None:
            sleep(what.poll)
    return ended


@dataclasses.dataclass(slots=True)
class _Wait:
    """One wait's state; :meth:`opening` and then :meth:`poll` until one returns."""

    screen: Screen
    seen: Observation
    what: Watch
    clock: Callable[[], float]
    eye: _Looker = dataclasses.field(init=False)
    reader: _ChangeReader | None = dataclasses.field(init=False)
    start: float = dataclasses.field(init=False)
    last: bytes = b""
    last_change: float = 0.0
    last_read: float = 0.0
    polls: int = 0
    changed: bool = False
    dirty: bool = False  # the signature changed since the text was last looked for
    unread: bool = False  # what changed did not show the text: read the whole screen

    def __post_init__(self) -> None:
        self.eye = _Looker(self.screen, self.what.region)
        self.reader = (
            _ChangeReader.of(self.screen, self.seen) if self.what.until == "text" else None
        )
        self.start = self.last_change = self.last_read = self.clock()

    def woke(self, reason: str, seconds: float | None = None) -> WaitResult:
        return WaitResult(
            woke=reason,
            changed=self.changed,
            seconds=self.clock() - self.start if seconds is None else seconds,
            polls=self.polls,
            looks=self.eye.looks,
            reads=0 if self.reader is None else self.reader.reads,
            observation=self.eye.latest,
        )

    def text_in(self, obs: Observation) -> bool:
        return obs.shows(self.what.text or "")

    def opening(self) -> WaitResult | None:
        """Before the first poll: text already there, or a change since the brain's frame."""
        what, eye = self.what, self.eye
        if what.until == "text" and self.text_in(self.seen):
            return self.woke("text", 0.0)
        # the baseline: the screen now; for a screen that only has captures, the brain's
        # frame itself, so a change since it counts at the first poll
        self.last = eye.signature() if eye.signs else eye.index_signature(self.seen)
        whole = self.last if eye.signs and what.region is None else None
        if not _moved_since(self.screen, self.seen, whole):
            return None
        self.changed = True  # the whole screen moved since the brain's frame
        if what.until == "text":
            # what changed since the brain's frame, read alone (the reader starts from
            # that frame), or, without a reader, the whole screen
            if self.reader.shows(what.text or "") if self.reader else self.text_in(eye.look()):
                return self.woke("text")
            self.unread = self.reader is not None
        elif what.region is not None:
            # did the watched area move? Its own pixels say it at once; reading the
            # screen (OCR) takes a second, and a change during it would be seen late
            moved = _region_pixels_moved(self.screen, self.seen, what.region)
            if moved is None:
                inside = functools.partial(elements_in_region, region=what.region)
                moved = inside(eye.look()) != inside(self.seen)
            self.changed = moved
        return None

    def poll(self) -> WaitResult | None:
        current, now = self.eye.signature(), self.clock()
        self.polls += 1
        if current != self.last:
            self.last, self.last_change, self.changed, self.dirty = current, now, True, True
        elapsed, still = now - self.start, now - self.last_change >= self.what.quiet
        if self.what.until == "text":
            if self.text_appeared(now):
                return self.woke("text")
        elif self.what.until == "change" and self.changed and still:
            return self.woke("change", elapsed)
        elif self.what.until == "still" and still:
            return self.woke("still", elapsed)
        return self.woke("timeout", elapsed) if elapsed >= self.what.deadline else None

    def text_appeared(self, now: float) -> bool:
        if self.dirty:
            self.dirty = False
            if self.reader is None:
                return self.text_in(self.eye.fresh())
            if self.reader.shows(self.what.text or ""):
                return True
            self.unread = True
        if self.unread and _read_whole(now, self.last_change, self.last_read, self.what):
            # what changed did not show it: a word may have changed beside the rest of
            # its line, so the whole screen is read once it holds still (or every 2 s)
            self.unread, self.last_read = False, now
            return self.text_in(self.eye.look())
        return False


#: A text wait reads the whole screen at least this often while it keeps changing.
_WHOLE_EVERY: Final = 2.0


def _read_whole(now: float, last_change: float, last_read: float, what: Watch) -> bool:
    return now - last_change >= what.quiet or now - last_read >= _WHOLE_EVERY


#: Between windows: the longest the harness waits for a window of the program acted on
#: (the policy's ``max_wait_seconds`` caps it too), and how long a screen showing none
#: must hold still to count as settled (a program that ended; a dialog of a loaded
#: machine's program takes a second or two to come).
GAP_SECONDS: Final = 10.0
GAP_STILL: Final = 2.0
#: How the note on a frame that a wait between windows ended on begins.
BETWEEN: Final = "between windows"


def _same_program(a: Window, b: Window) -> bool:
    """Whether two windows are one program's: its process, its name, or its class."""
    return (
        (a.pid is not None and a.pid == b.pid)
        or (bool(a.process) and a.process == b.process)
        or (bool(a.wm_class) and a.wm_class == b.wm_class)
    )


def gap(before: Observation, after: Observation, acted: Window | None = None) -> str:
    """Why ``after``, the frame after an action on ``before``, looks like the moment
    between two windows ("" when it does not): no window is listed though one was, or
    none of the program ``acted`` on (default: ``before``'s top-most window) is, nor a
    new one; or the index holds nothing but grid cells where text was read before (a
    window mapped but not yet painted)."""
    if before.windows and not after.windows:
        return "no window is on screen (one was before the action)"
    if before.windows and not _program_shown(before, after, acted):
        program = acted if acted is not None else before.windows[0]
        name = program.process or (program.wm_class[-1] if program.wm_class else program.title)
        return f"no window of {name!r} (acted on) is on screen"
    readable = any(e.source != "grid" for e in before.elements)
    if readable and all(e.source == "grid" for e in after.elements):
        return "nothing on screen can be read (it could before)"
    return ""


def _program_shown(before: Observation, after: Observation, acted: Window | None) -> bool:
    """Whether ``after`` lists a window of the program acted on, or a new window (the
    next one, whoever's it is); True when nothing tells one program from another."""
    program = acted if acted is not None else before.windows[0]
    if not (program.pid or program.process or program.wm_class):
        return True
    if any(_same_program(program, w) for w in after.windows):
        return True
    return bool({w.id for w in after.windows} - {w.id for w in before.windows})


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Gap:
    """How a wait between windows ended: ``woke`` ("window": one of the program is
    there; "still": the screen held still with none; "timeout"), the ``seconds`` it took,
    the ``looks`` (captures with indexing), and the ``observation`` to decide on."""

    woke: str
    seconds: float
    looks: int
    observation: Observation
    why: str

    def describe(self) -> str:
        how = {
            "window": "a window came",
            "still": f"the screen held still {GAP_STILL:g}s with none",
            "timeout": "none came",
        }[self.woke]
        return (
            f"{BETWEEN} ({self.why}): waited {self.seconds:.2f}s, no brain calls, "
            f"{self.looks} looks; {how}"
        )


def between(
    screen: Screen,
    before: Observation,
    after: Observation,
    *,
    acted: Window | None = None,
    deadline: float = GAP_SECONDS,
    check: Callable[[], None] = lambda: None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Gap | None:
    """None when ``after`` (the frame after an action on ``before``) is no :func:`gap`;
    else watch ``screen`` (no brain calls) until a window of the program comes, the
    screen holds still :data:`GAP_STILL` seconds, or ``deadline`` passes, looking again
    after each change that held still. ``check`` runs at every poll (the kill switch)."""
    why = gap(before, after, acted)
    if not why:
        return None
    start, current, looks, woke = clock(), after, 0, "timeout"
    while gap(before, current, acted):
        left = deadline - (clock() - start)
        if left <= 0:
            break
        quiet = min(0.3, left)
        what = Watch(until="change", deadline=min(GAP_STILL, left), quiet=quiet, poll=quiet / 3)
        waited = watch(screen, current, what, check=check, clock=clock, sleep=sleep)
        if waited.woke == "timeout" and not waited.changed:
            woke = "still" if left > GAP_STILL else "timeout"
            break
        if waited.observation is not None and waited.woke == "change":
            current = waited.observation  # a screen with no signature: its last capture
        else:
            current, looks = screen.capture(), looks + 1
        looks += waited.looks
    else:
        woke = "window"
    return Gap(woke=woke, seconds=clock() - start, looks=looks, observation=current, why=why)
