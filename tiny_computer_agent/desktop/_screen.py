"""The real screen as a :class:`~tiny_computer_agent._contracts.Screen`.

``capture()`` grabs one monitor and hands it to
:func:`~tiny_computer_agent.perception._frames.observe` (the path replays take too), which
optionally downscales the frame for the brain (``max_width``), runs the detector on a
:class:`~tiny_computer_agent._elements.Frame` and returns an Observation whose
:class:`~tiny_computer_agent._elements.FrameMapping` takes a frame pixel back to
the exact pointer coordinate::

    pointer = monitor offset + frame pixel * (captured px / frame px) / scale

``scale`` is the HiDPI factor: captured pixels per pointer unit (2 on a Retina Mac,
where a 1440-point wide screen captures 2880 pixels wide). ``None`` measures it from
the capture (image width / monitor width), which is exact wherever the capture
backend reports the monitor in pointer units, as mss does. Give it explicitly only to
override that (the calibration proves whether it is right).

``signature()`` is the cheap whole-monitor digest settle polls; ``signature(region)``
digests one rectangle only (a window, a widget), so a watcher is not woken by a clock
elsewhere. Every whole-monitor signature, and the frame behind it whenever it changed,
goes into :attr:`DesktopScreen.ring` (a :class:`~tiny_computer_agent.desktop.FrameRing`,
memory only), and :meth:`DesktopScreen.recent` reads those frames back.

On X11 each indexed frame also carries the top-level windows (titles, boxes in screen
pixels, top-most first; see :mod:`~tiny_computer_agent.desktop._windows`), listed right
after the frame was grabbed, so an element can be told which dialog it is in. Where the
accessibility tree answers (AT-SPI2 on Linux; :mod:`~tiny_computer_agent.desktop._a11y`)
the frame also carries the controls it offers (``Frame.accessible``), read right after
the grab as well; the detector decides how to fuse them with what it sees. A desktop
without a tree is asked once, and says why once.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import logging
import sys
import threading
import time
from collections.abc import Mapping
from typing import Any

from .._contracts import Detector
from .._elements import Element, FrameMapping, Observation, Window
from .._errors import ScreenUnavailable
from ..perception import FusedDetector, MappingRule, make_frame, observe
from ._a11y import (
    AccessibilityBackend,
    adopt_popup_items,
    assign_window_ids,
    open_accessibility,
    scrollbar_boxes,
    to_elements,
    with_window_roles,
)
from ._capture import (
    Box,
    Capture,
    Monitor,
    exact_signature,
    monitor_box,
    open_capture,
    pick_monitor,
    sampled_signature,
)
from ._ring import FrameRing, RawFrame, RingFrame
from ._windows import XWindows

__all__ = ["DesktopScreen", "clip", "frame_mapping"]

log = logging.getLogger(__name__)


def frame_mapping(
    monitor: Monitor,
    captured: tuple[int, int],
    frame: tuple[int, int],
    scale: float | None = None,
) -> FrameMapping:
    """The exact frame-to-pointer mapping for a capture of ``monitor``.

    ``captured`` is the grabbed image's size, ``frame`` the (maybe downscaled) size the
    brain sees, ``scale`` the HiDPI factor (None: measured as captured / monitor size).
    """
    cw, ch = captured
    fw, fh = frame
    sx = scale if scale is not None else cw / monitor.width
    sy = scale if scale is not None else ch / monitor.height
    return FrameMapping(
        left=monitor.left,
        top=monitor.top,
        scale_x=cw / fw / sx,
        scale_y=ch / fh / sy,
    )


def _said(tree: tuple[Element, ...]) -> tuple[tuple[Any, ...], ...]:
    """What a read of the accessibility tree says, to compare two reads."""
    return tuple((e.label, e.box, e.kind, sorted(e.state), e.value, e.window) for e in tree)


@dataclasses.dataclass(kw_only=True, slots=True)
class DesktopScreen:
    """One monitor of the real desktop; see the module docstring.

    ``monitor``: mss numbering (0 = every monitor together, 1..N each one; None = the
    primary, else monitor 1). ``display``: an X display such as ``":99"`` (None: $DISPLAY).
    ``backend``: ``auto`` (mss, else Pillow), ``mss`` or ``pillow``.
    ``ring``: where whole-monitor signatures and changed frames are kept (None: nowhere).
    ``last_captured_at``: when the frame behind ``last`` was grabbed (``time.time()``).
    ``index_ahead``: index a changed frame in the background while an action settles
    (:meth:`look_ahead`). ``list_windows``: give each frame the top-level windows (X11
    only; elsewhere, or when they cannot be read, frames have none). ``accessibility``:
    give each frame the accessibility tree's controls, where a tree answers; ``environ``
    holds the session bus address it is found by (None: this process's environment).
    The capture backend, the window listing's X connection and the tree's bus open on
    first use; :meth:`close` releases them (the ring stays).
    """

    monitor: int | None = None
    max_width: int | None = None
    scale: float | None = None
    detector: Detector = dataclasses.field(default_factory=FusedDetector)
    display: str | None = None
    backend: str = "auto"
    retries: int = 3
    last: Observation | None = None
    last_signature: bytes = b""
    last_captured_at: float | None = None
    ring: FrameRing | None = dataclasses.field(default_factory=FrameRing)
    index_ahead: bool = True
    list_windows: bool = True
    accessibility: bool = True
    environ: Mapping[str, str] | None = None
    _frame_digest: bytes = b""
    _shot: tuple[float, bytes, RawFrame] | None = None
    _ahead: threading.Thread | None = None
    _capture: Capture | None = None
    _monitor: Monitor | None = None
    _xwindows: XWindows | None = None
    _tree: AccessibilityBackend | None = None
    _tree_checked: bool = False
    _tree_lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)
    _last_tree: tuple[Element, ...] = ()
    #: the tree's windows at its last read, with X ids: what they are (a terminal)
    _tree_windows: tuple[Window, ...] = ()
    #: the tree's scroll bars at its last read (screen pixels): where the wheel turns
    _tree_bars: tuple[tuple[int, int, int, int], ...] = ()

    def __post_init__(self) -> None:
        if self.scale is not None and not 0.25 <= self.scale <= 8:
            raise ValueError(f"scale must be between 0.25 and 8 (a HiDPI factor), got {self.scale}")
        if self.retries < 1:
            raise ValueError(f"retries must be at least 1, got {self.retries}")
        if self.max_width is not None and self.max_width < 64:
            raise ValueError(f"max_width must be at least 64 pixels, got {self.max_width}")
        if self.list_windows and sys.platform.startswith("linux"):
            self._xwindows = XWindows(self.display)  # connects on first use

    def open(self) -> Monitor:
        """Connect (once) and return the monitor this screen captures."""
        return self._connect()[1]

    def _connect(self) -> tuple[Capture, Monitor]:
        if self._capture is None or self._monitor is None:
            capture = open_capture(self.backend, display=self.display)
            try:
                monitor = pick_monitor(capture.monitors(), self.monitor)
            except ScreenUnavailable:
                capture.close()
                raise
            log.info("capturing %s with %s", monitor.describe(), capture.name)
            self._capture, self._monitor = capture, monitor
        return self._capture, self._monitor

    def monitors(self) -> tuple[Monitor, ...]:
        """Every monitor the backend sees (index 0 is all of them together)."""
        return self._connect()[0].monitors()

    def grab(self) -> tuple[Any, FrameMapping]:
        """The frame (downscaled, as the brain sees it) and its exact mapping."""
        capture, monitor = self._connect()
        frame = make_frame(
            capture.grab(monitor),
            max_width=self.max_width,
            monitor=(monitor.left, monitor.top, monitor.width, monitor.height),
            mapping=self._mapping(monitor),
        )
        return frame.image, frame.mapping

    def _observe(
        self,
        image: Any,
        monitor: Monitor,
        captured_at: float,
        tree: tuple[Element, ...] | None = None,
    ) -> Observation:
        """``image``, a capture of ``monitor`` grabbed at ``captured_at``, indexed by
        this screen's detector, with the top-level windows and the accessibility tree's
        controls read now (as soon after the grab as possible), or ``tree`` when it was
        just read."""
        windows = self._list_windows()
        if tree is None:
            tree = self._read_tree(windows, monitor)
        self._last_tree = tree
        windows = with_window_roles(windows, self._tree_windows)
        hidden = () if self._xwindows is None else self._xwindows.hidden()
        frame = observe(
            image,
            detector=self.detector,
            max_width=self.max_width,
            monitor=(monitor.left, monitor.top, monitor.width, monitor.height),
            mapping=self._mapping(monitor),
            captured_at=captured_at,
            windows=windows,
            accessible=tree,
            scrollbars=self._tree_bars if tree else (),
        )
        return dataclasses.replace(frame, hidden_windows=hidden) if hidden else frame

    def _read_tree(self, windows: tuple[Window, ...], monitor: Monitor) -> tuple[Element, ...]:
        """The accessibility tree's controls now, in screen pixels, each with the X id of
        its window; empty when ``accessibility`` is off or no tree answers here (asked
        once; why is logged once). Never raises: a bad tree is what it could read."""
        if not self.accessibility:
            return ()
        with self._tree_lock:
            if not self._tree_checked:
                self._tree_checked = True
                backend = open_accessibility(environ=self.environ)
                ready = backend.available()
                if ready:
                    self._tree = backend
                else:
                    backend.close()
                    log.info(
                        "no accessibility tree; controls come from the pixels: %s", ready.detail
                    )
            if self._tree is None:
                return ()
            box = monitor_box(monitor)
            snap = adopt_popup_items(
                assign_window_ids(self._tree.snapshot(screen=box), windows), windows
            )
            self._tree_windows = snap.windows
            self._tree_bars = scrollbar_boxes(snap, FrameMapping())
        for note in snap.notes:
            log.info("accessibility: %s", note)
        return tuple(to_elements(snap, FrameMapping()))

    def _list_windows(self) -> tuple[Window, ...]:
        """The top-level windows now, top-most first, boxes in screen pixels (empty when
        ``list_windows`` is off, off X11, or they cannot be read: logged once)."""
        return () if self._xwindows is None else self._xwindows.windows()

    def _raise_window(self, window_id: int) -> bool:
        """Ask the window manager to raise and focus window ``window_id`` (the ``focus``
        verb); False when it is gone or windows cannot be read here."""
        return self._xwindows is not None and self._xwindows.focus(window_id)

    def _mapping(self, monitor: Monitor) -> MappingRule:
        return functools.partial(frame_mapping, monitor, scale=self.scale)

    def capture(self) -> Observation:
        """Grab, detect, and index the monitor (ScreenUnavailable if the display is gone).

        If the screen changed while it was being read (a slow dialog appearing during
        OCR), it is read again, up to ``retries`` times, so an index is never a blend.
        A capture identical to the last one, pixel for pixel (an exact digest, not the
        sampled signature), reuses the last index instead of running OCR again.
        Each frame read goes into the ring at its ``captured_at``.
        """
        capture, monitor = self._connect()
        self._finish_ahead()
        for _ in range(self.retries):
            signature = capture.signature(monitor)
            image = capture.grab(monitor)
            captured_at = time.time()
            digest = hashlib.blake2b(image.tobytes(), digest_size=16).digest()
            tree: tuple[Element, ...] | None = None
            if self.last is not None and digest == self._frame_digest:
                # not one pixel changed since the last index: reuse it, skip the OCR,
                # unless the tree moved since (Chromium's lags a scroll's pixels)
                tree = () if self._tree is None else self._read_tree(self._list_windows(), monitor)
                if _said(tree) == _said(self._last_tree):
                    self._record(captured_at, signature, None)
                    self.last_signature, self.last_captured_at = signature, captured_at
                    return self.last
                log.info("the accessibility tree changed under a still frame; reading it again")
            self._record(captured_at, signature, RawFrame.of_image(image))
            seen = self._observe(image, monitor, captured_at, tree=tree)
            if capture.signature(monitor) == signature:
                break
            log.info("the screen changed while it was read; reading it again")
        self.last_signature, self.last_captured_at = signature, captured_at
        self._frame_digest = digest
        self.last = seen
        return self.last

    def signature(self, region: Box | None = None) -> bytes:
        """A cheap digest of the monitor's pixels now (for settle and staleness checks).

        ``region`` (left, top, right, bottom, in screen coordinates as the pointer takes
        them; clipped to the monitor) digests that rectangle only, every pixel of it.
        A region's signature compares only with signatures of the same region; it is not
        recorded in the ring. ValueError if the region is empty or off the monitor.
        """
        capture, monitor = self._connect()
        if region is not None:
            return exact_signature(capture.shot(clip(region, monitor)))
        frame = capture.shot(monitor_box(monitor))
        signature = sampled_signature(frame)
        self._shot = (time.time(), signature, frame)
        if self.ring is not None:
            changed = signature != self.ring.last_signature
            self._record(time.time(), signature, frame if changed else None)
        return signature

    def _region_shot(self, region: Box) -> RawFrame:
        """The raw pixels of ``region`` now (left, top, right, bottom in screen
        coordinates, clipped to the monitor): a watched wheel turn's look
        (:mod:`._notches`). Not recorded in the ring."""
        capture, monitor = self._connect()
        return capture.shot(clip(region, monitor))

    def signature_outside(self, region: Box) -> bytes:
        """The last whole-monitor :meth:`signature`'s frame digested with ``region``
        (left, top, right, bottom in screen coordinates) blanked: two of them differ only
        when something outside the region changed (a clicked button's own redraw does
        not count). No new grab; empty when no whole-monitor signature was taken yet."""
        if self._shot is None or self._monitor is None:
            return b""
        return sampled_signature(_blanked(self._shot[2], region, self._monitor))

    def look_ahead(self) -> None:
        """Start indexing the frame the last whole-monitor :meth:`signature` saw, in the
        background, unless ``index_ahead`` is off or one is already being indexed.

        Settling calls this whenever the screen changed, so the index of a frame that
        then holds still is ready, or nearly, when the loop captures it: :meth:`capture`
        waits for it, and reuses it when not one pixel changed since (else indexes the
        final frame, incrementally, against it)."""
        if not self.index_ahead or self._shot is None or self._monitor is None:
            return
        if self._ahead is not None and self._ahead.is_alive():
            return
        self._ahead = threading.Thread(
            target=self._index_shot,
            args=(self._shot, self._monitor),
            name="tca-index-ahead",
            daemon=True,
        )
        self._ahead.start()

    def _index_shot(self, shot: tuple[float, bytes, RawFrame], monitor: Monitor) -> None:
        captured_at, signature, raw = shot
        try:
            image = raw.image()
            seen = self._observe(image, monitor, captured_at)
        except Exception:  # the capture that follows reads again and reports any failure
            log.debug("indexing ahead failed; the next capture reads the frame", exc_info=True)
            return
        self.last, self.last_signature, self.last_captured_at = seen, signature, captured_at
        self._frame_digest = hashlib.blake2b(image.tobytes(), digest_size=16).digest()

    def _finish_ahead(self) -> None:
        """Wait for a frame being indexed ahead (its index is then :attr:`last`)."""
        if self._ahead is not None:
            self._ahead.join()
            self._ahead = None

    def _record(self, t: float, signature: bytes, frame: RawFrame | None) -> None:
        if self.ring is not None:
            self.ring.add(t, signature, frame)

    def recent(
        self, since: float | None = None, until: float | None = None
    ) -> tuple[RingFrame, ...]:
        """The frames the ring kept with ``since <= t <= until`` (``time.time()`` values,
        like :attr:`last_captured_at`; None: no bound), oldest first, as PIL images.

        Memory only (there is no session folder yet). For the frames strictly between two
        captures, read :attr:`last_captured_at` after each and call
        ``screen.ring.between(first, second)``.
        """
        return () if self.ring is None else self.ring.frames(since, until)

    def close(self) -> None:
        """Release the capture backend (the ring keeps what it holds)."""
        self._finish_ahead()
        if self._capture is not None:
            self._capture.close()
        if self._xwindows is not None:
            self._xwindows.close()  # a later capture connects again
        with self._tree_lock:
            if self._tree is not None:
                self._tree.close()
            self._tree, self._tree_checked = None, False
        self._capture = None
        self._monitor = None


def _blanked(frame: RawFrame, region: Box, monitor: Monitor) -> RawFrame:
    """A copy of ``frame`` (the whole of ``monitor``) with ``region`` painted black."""
    left, top, right, bottom = region
    x0, x1 = max(0, left - monitor.left), min(frame.width, right - monitor.left)
    y0, y1 = max(0, top - monitor.top), min(frame.height, bottom - monitor.top)
    data = bytearray(frame.data)
    px = 4 if frame.mode == "BGRA" else 3
    if x1 > x0:
        blank = bytes((x1 - x0) * px)
        for y in range(y0, y1):
            at = (y * frame.width + x0) * px
            data[at : at + len(blank)] = blank
    return RawFrame(data=data, width=frame.width, height=frame.height, mode=frame.mode)


def clip(region: Box, monitor: Monitor) -> Box:
    """``region`` (left, top, right, bottom) clipped to ``monitor``; ValueError, naming
    both, when nothing of it is left."""
    if len(region) != 4 or not all(isinstance(v, int) for v in region):
        raise ValueError(
            f"a region is four whole numbers (left, top, right, bottom) in screen "
            f"coordinates; got {region!r}"
        )
    left, top, right, bottom = region
    if right <= left or bottom <= top:
        raise ValueError(
            f"the region {region} is empty: give (left, top, right, bottom) with "
            "right > left and bottom > top"
        )
    m_left, m_top, m_right, m_bottom = monitor_box(monitor)
    box = (max(left, m_left), max(top, m_top), min(right, m_right), min(bottom, m_bottom))
    if box[2] <= box[0] or box[3] <= box[1]:
        raise ValueError(
            f"the region {region} lies outside monitor {monitor.describe()}; give a "
            f"rectangle that overlaps {monitor_box(monitor)} (left, top, right, bottom)"
        )
    return box
