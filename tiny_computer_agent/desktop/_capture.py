"""Capture backends: one monitor's pixels as a PIL image, plus a cheap frame signature.

    MssCapture      mss (XCB on Linux; also macOS and Windows): every monitor, ~7 ms a frame
    PillowCapture   Pillow's ImageGrab: the whole screen as one monitor (the fallback)

:func:`open_capture` picks one late (``"auto"`` tries mss, then Pillow) and imports its
library only inside the branch that uses it.

Monitor numbers follow mss: ``0`` is the union of every monitor, ``1..N`` are the
monitors themselves. Coordinates are the pointer's (what the input backend takes).

Besides whole monitors, a backend grabs any rectangle of the screen as a
:class:`~tiny_computer_agent.desktop._ring.RawFrame` (:meth:`Capture.shot`), the raw
pixels the signatures are computed from and the frame ring keeps:

    sampled_signature(frame)  the cheap whole-monitor signature (a CRC-32 of every pixel)
    exact_signature(frame)    every pixel: for a small region, where sampling one pixel
                              in 64 would miss a changed letter
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import sys
import zlib
from typing import TYPE_CHECKING, Any, Final, Protocol

from .._errors import MissingExtra, ScreenUnavailable
from ._ring import RawFrame

if TYPE_CHECKING:
    from PIL import Image

__all__ = [
    "CAPTURE_BACKENDS",
    "Box",
    "Capture",
    "Monitor",
    "MssCapture",
    "PillowCapture",
    "exact_signature",
    "monitor_box",
    "no_display_reason",
    "open_capture",
    "sampled_signature",
]

log = logging.getLogger(__name__)

CAPTURE_BACKENDS: Final = ("auto", "mss", "pillow")

#: A rectangle of the screen: (left, top, right, bottom) in pointer coordinates.
Box = tuple[int, int, int, int]

#: Signature sampling: one pixel every this many pixels, on every this many rows.
_SAMPLE_STEP: Final = 8

_FIX: Final = (
    "set DISPLAY to a running X server (e.g. DISPLAY=:0), or start a virtual one "
    "(Xvfb :99 -screen 0 1280x800x24 & export DISPLAY=:99), and install the extra: "
    "pip install 'tiny-computer-agent[desktop]'. Without a desktop, replay a screenshot "
    "instead: --image PATH (or --image example)"
)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Monitor:
    """A rectangle of the screen, in pointer coordinates; ``index`` as in mss."""

    index: int
    left: int
    top: int
    width: int
    height: int
    primary: bool = False

    def describe(self) -> str:
        what = "all monitors" if self.index == 0 else f"monitor {self.index}"
        star = ", primary" if self.primary else ""
        return f"{self.index}: {what} {self.width}x{self.height}+{self.left}+{self.top}{star}"


def no_display_reason(environ: dict[str, str] | None = None) -> str | None:
    """Why there is certainly no X display to capture (Linux only), or None."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux") or env.get("DISPLAY"):
        return None
    if env.get("WAYLAND_DISPLAY"):
        return (
            "this is a Wayland session without DISPLAY; the harness needs X11 (XWayland): "
            "export DISPLAY=:0 if XWayland runs, or log in to an X11 session"
        )
    return "DISPLAY is not set, so there is no X server to look at"


class Capture(Protocol):
    """What :class:`~tiny_computer_agent.desktop.DesktopScreen` needs from a backend."""

    name: str

    def monitors(self) -> tuple[Monitor, ...]: ...

    def grab(self, monitor: Monitor) -> Image.Image: ...

    def signature(self, monitor: Monitor) -> bytes: ...

    def shot(self, box: Box) -> RawFrame:
        """The raw pixels of ``box`` (already inside the screen), as grabbed."""
        ...

    def close(self) -> None: ...


def monitor_box(monitor: Monitor) -> Box:
    """``monitor`` as (left, top, right, bottom), right and bottom excluded."""
    return monitor.left, monitor.top, monitor.left + monitor.width, monitor.top + monitor.height


def _monitor_error(index: int, monitors: tuple[Monitor, ...]) -> ScreenUnavailable:
    valid = "; ".join(m.describe() for m in monitors)
    return ScreenUnavailable(f"there is no monitor {index}; choose --monitor from: {valid}")


def pick_monitor(monitors: tuple[Monitor, ...], index: int | None) -> Monitor:
    """Monitor ``index``; None means the primary one (else monitor 1)."""
    if index is None:
        primary = [m for m in monitors if m.primary and m.index > 0]
        real = [m for m in monitors if m.index > 0]
        return (primary or real or list(monitors))[0]
    for m in monitors:
        if m.index == index:
            return m
    raise _monitor_error(index, monitors)


def _sampled_digest(raw: bytes | bytearray | memoryview, width: int, height: int) -> bytes:
    """A digest of a grid of BGRA samples (every 8th pixel of every 8th row): the whole-
    monitor signature until it was found blind between its samples; the settle
    benchmark's replays still model it (benchmarks/_settle_bench.py)."""
    view = raw if not isinstance(raw, memoryview) else raw.tobytes()
    stride = width * 4
    h = hashlib.blake2b(digest_size=16)
    for y in range(0, height, _SAMPLE_STEP):
        h.update(view[y * stride : (y + 1) * stride : 4 * _SAMPLE_STEP])  # blue channel
        h.update(view[y * stride + 1 : (y + 1) * stride : 4 * _SAMPLE_STEP])  # green
    return h.digest()


def sampled_signature(frame: RawFrame) -> bytes:
    """The whole-monitor signature of ``frame``: a CRC-32 of every pixel and the size.

    About 1 ms on 1280x800, as cheap as the grid of samples (every 8th pixel of every
    8th row) it replaced, which was blind between its samples: a clock's tenths digit
    flipped three times in a row without touching one, and a wait took the screen for
    still (a live test caught it). A CRC is no defence against a forger, only a cheap
    test of "did any pixel change", which is all a settle or a wait asks."""
    size = f"{frame.width}x{frame.height}:{frame.mode}".encode()
    return zlib.crc32(frame.data).to_bytes(4, "big") + size


def exact_signature(frame: RawFrame) -> bytes:
    """A digest of every pixel of ``frame``: blind to nothing, costly only when large."""
    return hashlib.blake2b(frame.data, digest_size=16).digest()


class MssCapture:
    """Capture with mss; one connection per instance (mss is not thread-safe)."""

    name = "mss"

    def __init__(self, display: str | None = None) -> None:
        try:
            import mss
        except ImportError as exc:
            raise MissingExtra("mss", "desktop", "capturing the screen") from exc
        factory = getattr(mss, "MSS", None) or mss.mss  # mss 10 renamed the factory
        kwargs = {"display": display} if display and sys.platform.startswith("linux") else {}
        try:
            self._sct: Any = factory(**kwargs)
            self._monitors = self._read_monitors()
        except Exception as exc:
            raise ScreenUnavailable(
                f"cannot connect to the display {display or os.environ.get('DISPLAY', '')!r} "
                f"({type(exc).__name__}: {exc}); if it is running, it may require an X "
                "authority file: export XAUTHORITY=<the file its server was started with>. "
                f"Otherwise {_FIX}"
            ) from exc

    def _read_monitors(self) -> tuple[Monitor, ...]:
        return tuple(
            Monitor(
                index=i,
                left=int(m["left"]),
                top=int(m["top"]),
                width=int(m["width"]),
                height=int(m["height"]),
                primary=bool(m.get("is_primary", False)),
            )
            for i, m in enumerate(self._sct.monitors)
        )

    def monitors(self) -> tuple[Monitor, ...]:
        return self._monitors

    def _raw(self, box: Box, what: str) -> Any:
        left, top, right, bottom = box
        region = {"left": left, "top": top, "width": right - left, "height": bottom - top}
        try:
            return self._sct.grab(region)
        except Exception as exc:  # mss raises ScreenShotError, XError, even AssertionError
            raise ScreenUnavailable(
                f"capturing {what} failed ({type(exc).__name__}: {exc}); the "
                f"display may have gone away. {_FIX}"
            ) from exc

    def grab(self, monitor: Monitor) -> Image.Image:
        from PIL import Image

        shot = self._raw(monitor_box(monitor), monitor.describe())
        return Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")

    def signature(self, monitor: Monitor) -> bytes:
        return sampled_signature(self.shot(monitor_box(monitor), monitor.describe()))

    def shot(self, box: Box, what: str = "") -> RawFrame:
        shot = self._raw(box, what or f"the region {box}")
        # mss hands over a fresh bytearray per grab: kept as it is, without a copy
        return RawFrame(data=shot.raw, width=shot.width, height=shot.height, mode="BGRA")

    def close(self) -> None:
        try:
            self._sct.close()
        except Exception:  # closing a connection to a display that died raises
            log.debug("closing the mss connection failed", exc_info=True)


class PillowCapture:
    """Capture with Pillow's ImageGrab; sees the whole screen as monitor 1 (and 0)."""

    name = "pillow"

    def __init__(self, display: str | None = None) -> None:
        try:
            from PIL import ImageGrab
        except ImportError as exc:
            raise MissingExtra("PIL", "desktop", "capturing the screen") from exc
        self._grab = ImageGrab.grab
        self._display = display
        first = self._whole()
        w, h = first.size
        self._monitors = (
            Monitor(index=0, left=0, top=0, width=w, height=h),
            Monitor(index=1, left=0, top=0, width=w, height=h, primary=True),
        )

    def _whole(self) -> Image.Image:
        kwargs: dict[str, Any] = {}
        if self._display and sys.platform.startswith("linux"):
            kwargs["xdisplay"] = self._display
        try:
            return self._grab(**kwargs).convert("RGB")
        except Exception as exc:
            raise ScreenUnavailable(
                f"Pillow could not capture the screen ({type(exc).__name__}: {exc}); {_FIX}"
            ) from exc

    def monitors(self) -> tuple[Monitor, ...]:
        return self._monitors

    def grab(self, monitor: Monitor) -> Image.Image:
        return self._whole().crop(monitor_box(monitor))

    def signature(self, monitor: Monitor) -> bytes:
        return sampled_signature(RawFrame.of_image(self.grab(monitor)))

    def shot(self, box: Box) -> RawFrame:
        """ImageGrab grabs the whole X screen anyway: a region is a crop of it."""
        return RawFrame.of_image(self._whole().crop(box))

    def close(self) -> None:
        """Nothing to release."""


def open_capture(backend: str = "auto", *, display: str | None = None) -> Capture:
    """Open the capture backend called ``backend`` (one of :data:`CAPTURE_BACKENDS`).

    Raises ScreenUnavailable (no display: the message names the fix) or MissingExtra.
    """
    if backend not in CAPTURE_BACKENDS:
        raise ValueError(f"unknown capture backend {backend!r}; choose from {CAPTURE_BACKENDS}")
    if display is None:
        reason = no_display_reason()
        if reason is not None:
            raise ScreenUnavailable(f"{reason}. {_FIX}")
    if backend == "mss":
        return MssCapture(display)
    if backend == "pillow":
        return PillowCapture(display)
    try:
        return MssCapture(display)
    except MissingExtra:
        return PillowCapture(display)
