"""The frame ring: the last few seconds of the screen, in memory, bounded.

While an action runs and the screen settles, :class:`~tiny_computer_agent.desktop.DesktopScreen`
records every whole-monitor signature it computes, and the frame it grabbed whenever
that signature differs from the one before (and every frame :meth:`capture` reads). So
"what happened between these two observations" (a toast that came and went during the
settle) can be answered later from memory, without capturing again.

Bounds (each enforced on :meth:`FrameRing.add`, the oldest entry dropped first):

* ``max_frames`` frames and ``max_bytes`` bytes of pixels (a frame larger than
  ``max_bytes`` on its own is not kept; its signature is);
* ``max_signatures`` signatures;
* ``seconds`` of age, counted back from the newest entry's time, not from the wall
  clock: a ring that is no longer fed keeps its last seconds for a later question.

Frames are kept as grabbed (:class:`RawFrame`: raw bytes, size, pixel layout) and
become PIL images only when read. Times are ``time.time()``, like
``DesktopScreen.last_captured_at``. The ring is memory only: there is no session folder to
write it to yet. It is not thread-safe (neither is the capture it records).
"""

from __future__ import annotations

import collections
import dataclasses
import logging
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["RAW_MODES", "FrameRing", "RawFrame", "RingFrame"]

log = logging.getLogger(__name__)

#: Pixel layouts a RawFrame can hold, and their bytes per pixel: BGRA is mss's, RGB Pillow's.
RAW_MODES: Final = {"BGRA": 4, "RGB": 3}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class RawFrame:
    """Pixels as a backend grabbed them, uncompressed, rows top-down (see RAW_MODES)."""

    data: bytes | bytearray
    width: int
    height: int
    mode: str = "BGRA"

    def __post_init__(self) -> None:
        if self.mode not in RAW_MODES:
            raise ValueError(f"unknown raw frame mode {self.mode!r}; use one of {list(RAW_MODES)}")
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a raw frame needs pixels; got {self.width}x{self.height}")
        expected = self.width * self.height * RAW_MODES[self.mode]
        if len(self.data) != expected:
            raise ValueError(
                f"a {self.width}x{self.height} {self.mode} frame holds {expected} bytes; "
                f"got {len(self.data)}"
            )

    @property
    def nbytes(self) -> int:
        return len(self.data)

    def image(self) -> Image.Image:
        """The frame as an RGB PIL image (a conversion: call it when it is needed)."""
        from PIL import Image

        raw = "BGRX" if self.mode == "BGRA" else "RGB"
        return Image.frombytes("RGB", (self.width, self.height), bytes(self.data), "raw", raw)

    @classmethod
    def of_image(cls, image: Image.Image) -> RawFrame:
        """An RGB copy of a PIL image's pixels."""
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        return cls(data=rgb.tobytes(), width=rgb.width, height=rgb.height, mode="RGB")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class RingFrame:
    """One frame read back from the ring: when it was grabbed, its signature, its pixels."""

    t: float
    signature: bytes
    image: Image.Image


@dataclasses.dataclass(frozen=True, slots=True)
class _Kept:
    t: float
    signature: bytes
    frame: RawFrame


@dataclasses.dataclass(kw_only=True, slots=True)
class FrameRing:
    """The last ``seconds`` of (time, signature) pairs and a few frames; see the module."""

    max_frames: int = 8
    max_bytes: int = 48 * 2**20
    seconds: float = 10.0
    max_signatures: int = 4096
    _signatures: collections.deque[tuple[float, bytes]] = dataclasses.field(
        default_factory=collections.deque, init=False, repr=False
    )
    _frames: collections.deque[_Kept] = dataclasses.field(
        default_factory=collections.deque, init=False, repr=False
    )
    _nbytes: int = dataclasses.field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("max_frames", "max_bytes", "max_signatures"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1; got {value!r}")
        if not 0 < self.seconds <= 3600:
            raise ValueError(
                f"seconds must be more than 0 and at most 3600 (the ring is memory only); "
                f"got {self.seconds!r}"
            )

    def add(self, t: float, signature: bytes, frame: RawFrame | None = None) -> None:
        """Record the signature grabbed at ``t`` and, if given, its frame; then drop what is
        over a bound, oldest first."""
        self._signatures.append((t, signature))
        if frame is not None and frame.nbytes > self.max_bytes:
            log.debug("a %d-byte frame exceeds the ring's max_bytes; not kept", frame.nbytes)
        elif frame is not None:
            self._frames.append(_Kept(t, signature, frame))
            self._nbytes += frame.nbytes
        self._prune(t - self.seconds)

    def _prune(self, horizon: float) -> None:
        sigs, frames = self._signatures, self._frames
        while sigs and (sigs[0][0] < horizon or len(sigs) > self.max_signatures):
            sigs.popleft()
        while frames and (
            frames[0].t < horizon or len(frames) > self.max_frames or self._nbytes > self.max_bytes
        ):
            self._nbytes -= frames.popleft().frame.nbytes

    @property
    def last_signature(self) -> bytes:
        """The newest signature recorded (b"" when the ring is empty)."""
        return self._signatures[-1][1] if self._signatures else b""

    def signatures(
        self, since: float | None = None, until: float | None = None
    ) -> tuple[tuple[float, bytes], ...]:
        """(time, signature) pairs with ``since <= time <= until`` (None: no bound)."""
        return tuple(p for p in self._signatures if _within(p[0], since, until))

    def frames(
        self, since: float | None = None, until: float | None = None
    ) -> tuple[RingFrame, ...]:
        """The frames kept with ``since <= time <= until`` (None: no bound), oldest first,
        each converted to a PIL image now."""
        return tuple(_read(k) for k in self._frames if _within(k.t, since, until))

    def between(self, t0: float, t1: float) -> tuple[RingFrame, ...]:
        """The frames strictly between ``t0`` and ``t1`` (both ends excluded): what
        happened between two frames grabbed at those times, without the two themselves."""
        if t1 < t0:
            raise ValueError(f"between() needs t0 <= t1; got t0={t0!r}, t1={t1!r} (swap them)")
        return tuple(_read(k) for k in self._frames if t0 < k.t < t1)

    def clear(self) -> None:
        self._signatures.clear()
        self._frames.clear()
        self._nbytes = 0

    def __len__(self) -> int:
        """How many frames are kept (the signatures are counted by :meth:`signatures`)."""
        return len(self._frames)

    @property
    def nbytes(self) -> int:
        """The bytes of pixels kept."""
        return self._nbytes


def _within(t: float, since: float | None, until: float | None) -> bool:
    return (since is None or t >= since) and (until is None or t <= until)


def _read(kept: _Kept) -> RingFrame:
    return RingFrame(t=kept.t, signature=kept.signature, image=kept.frame.image())
