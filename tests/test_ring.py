"""The frame ring's bounds (count, bytes, age; oldest dropped first), its time windows,
and how DesktopScreen feeds it and grabs regions, on a fake capture backend: no display.

Time windows: ``frames(since, until)`` and ``signatures(since, until)`` include both
ends; ``between(t0, t1)`` excludes both (the frames between two observations, without
the two themselves)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tiny_computer_agent import GridDetector
from tiny_computer_agent.desktop import DesktopScreen, FrameRing, Monitor, RawFrame
from tiny_computer_agent.desktop._capture import Box, exact_signature, sampled_signature

MONITOR = Monitor(index=1, left=100, top=50, width=64, height=48, primary=True)


def raw(shade: int, width: int = 4, height: int = 2) -> RawFrame:
    """A uniform BGRA frame, ``width * height * 4`` bytes."""
    return RawFrame(data=bytes([shade, shade, shade, 255]) * (width * height), width=width,
                    height=height)  # fmt: skip


def sig(n: int) -> bytes:
    return n.to_bytes(2, "big")


# -- the bounds -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field_name", "value"),
    [("max_frames", 0), ("max_frames", 2.5), ("max_bytes", -1), ("max_signatures", 0),
     ("max_frames", True), ("seconds", 0), ("seconds", -3.0), ("seconds", 7200)],
)  # fmt: skip
def test_a_bad_bound_is_refused_and_named(field_name: str, value: Any) -> None:
    with pytest.raises(ValueError, match=field_name):
        FrameRing(**{field_name: value})


def test_the_count_bound_drops_the_oldest_frame_first() -> None:
    ring = FrameRing(max_frames=3)
    for i in range(5):
        ring.add(float(i), sig(i), raw(i))
    assert len(ring) == 3
    assert [f.t for f in ring.frames()] == [2.0, 3.0, 4.0]
    assert [f.signature for f in ring.frames()] == [sig(2), sig(3), sig(4)]
    assert len(ring.signatures()) == 5  # signatures are bounded separately


def test_the_byte_bound_drops_the_oldest_frames_until_the_rest_fit() -> None:
    one = raw(0).nbytes  # 32 bytes
    ring = FrameRing(max_frames=100, max_bytes=one * 5 // 2)
    for i in range(4):
        ring.add(float(i), sig(i), raw(i))
    assert [f.t for f in ring.frames()] == [2.0, 3.0]
    assert ring.nbytes == 2 * one
    big = raw(9, width=8, height=4)  # 128 bytes: more than the ring may hold at all
    ring.add(4.0, sig(4), big)
    assert [f.t for f in ring.frames()] == [2.0, 3.0]  # not kept, and nothing evicted for it
    assert ring.signatures()[-1] == (4.0, sig(4))  # its signature is


def test_the_age_bound_counts_back_from_the_newest_entry() -> None:
    ring = FrameRing(seconds=1.0)
    for t in (0.0, 0.5, 0.75, 1.0):
        ring.add(t, sig(int(t * 100)), raw(1))
    ring.add(1.75, sig(175), None)  # a signature alone also ages the frames out
    assert [f.t for f in ring.frames()] == [0.75, 1.0]  # exactly `seconds` old is kept
    assert [t for t, _ in ring.signatures()] == [0.75, 1.0, 1.75]
    assert ring.nbytes == 2 * raw(1).nbytes


def test_the_signature_bound() -> None:
    ring = FrameRing(max_signatures=3)
    for i in range(6):
        ring.add(float(i), sig(i))
    assert ring.signatures() == ((3.0, sig(3)), (4.0, sig(4)), (5.0, sig(5)))
    assert ring.last_signature == sig(5) and len(ring) == 0


def test_windows_include_their_ends_and_between_excludes_them() -> None:
    ring = FrameRing()
    for t in (1.0, 2.0, 3.0, 4.0):
        ring.add(t, sig(int(t)), raw(int(t)))
    assert [f.t for f in ring.frames(since=2.0, until=3.0)] == [2.0, 3.0]
    assert [f.t for f in ring.frames(since=2.5)] == [3.0, 4.0]
    assert [f.t for f in ring.frames(until=1.0)] == [1.0]
    assert [t for t, _ in ring.signatures(2.0, 3.0)] == [2.0, 3.0]
    assert [f.t for f in ring.between(1.0, 4.0)] == [2.0, 3.0]
    assert ring.between(2.0, 2.0) == ()
    with pytest.raises(ValueError, match=r"t0 <= t1.*t0=3.0, t1=1.0"):
        ring.between(3.0, 1.0)


def test_clear_empties_everything() -> None:
    ring = FrameRing()
    ring.add(1.0, sig(1), raw(1))
    ring.clear()
    assert (len(ring), ring.nbytes, ring.signatures(), ring.last_signature) == (0, 0, (), b"")


# -- raw frames -------------------------------------------------------------------------


def test_a_raw_frame_becomes_an_rgb_image_only_when_read() -> None:
    bgra = RawFrame(data=bytes([10, 20, 30, 255, 1, 2, 3, 0]), width=2, height=1)
    image = bgra.image()
    assert image.mode == "RGB" and image.size == (2, 1)
    assert [image.getpixel((0, 0)), image.getpixel((1, 0))] == [(30, 20, 10), (3, 2, 1)]
    rgb = RawFrame.of_image(image)
    assert (rgb.mode, rgb.nbytes, rgb.image().tobytes()) == ("RGB", 6, image.tobytes())


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"data": b"\0" * 7, "width": 2, "height": 1}, "holds 8 bytes; got 7"),
     ({"data": b"", "width": 0, "height": 1}, "needs pixels"),
     ({"data": b"\0" * 8, "width": 2, "height": 1, "mode": "RGBX"}, "unknown raw frame mode")],
)  # fmt: skip
def test_a_raw_frame_that_does_not_add_up_is_refused(kwargs: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RawFrame(**kwargs)


# -- DesktopScreen on a fake backend ----------------------------------------------------


@dataclass
class Canvas:
    """A fake capture backend: a BGRA screen the test paints on, grabbed by box."""

    width: int = 100 + 64
    height: int = 50 + 48
    pixels: bytearray = field(default_factory=bytearray)
    shots: list[Box] = field(default_factory=list)
    name: str = "canvas"

    def __post_init__(self) -> None:
        self.pixels = bytearray(b"\x00\x00\x00\xff" * (self.width * self.height))

    def paint(self, x: int, y: int, shade: int) -> None:
        i = (y * self.width + x) * 4
        self.pixels[i : i + 3] = bytes([shade] * 3)

    def monitors(self) -> tuple[Monitor, ...]:
        return (MONITOR,)

    def shot(self, box: Box) -> RawFrame:
        self.shots.append(box)
        left, top, right, bottom = box
        rows = [self.pixels[(y * self.width + left) * 4 : (y * self.width + right) * 4]
                for y in range(top, bottom)]  # fmt: skip
        return RawFrame(data=bytearray(b"".join(rows)), width=right - left, height=bottom - top)

    def grab(self, monitor: Monitor) -> Any:
        return self.shot((100, 50, 164, 98)).image()

    def signature(self, monitor: Monitor) -> bytes:
        return sampled_signature(self.shot((100, 50, 164, 98)))

    def close(self) -> None:
        pass


def on_canvas(**kwargs: Any) -> tuple[DesktopScreen, Canvas]:
    canvas = Canvas()
    screen = DesktopScreen(detector=GridDetector(), **kwargs)
    screen._capture, screen._monitor = canvas, MONITOR  # type: ignore[assignment]
    return screen, canvas


def test_the_screen_records_every_signature_and_a_frame_only_when_it_changed() -> None:
    screen, canvas = on_canvas()
    ring = screen.ring
    assert ring is not None
    first = screen.signature()
    screen.signature()
    canvas.paint(100, 50, 200)  # a sampled pixel (the grid starts at the corner)
    changed = screen.signature()
    screen.signature()
    assert first != changed
    assert [s for _, s in ring.signatures()] == [first, first, changed, changed]
    assert [f.signature for f in screen.recent()] == [first, changed]
    assert screen.recent()[1].image.getpixel((0, 0)) == (200, 200, 200)
    assert screen.recent()[0].image.getpixel((0, 0)) == (0, 0, 0)  # kept as it was then
    assert screen.recent(since=ring.signatures()[2][0]) == screen.recent()[1:]


def test_capture_keeps_its_frame_at_the_observations_time() -> None:
    screen, _ = on_canvas()
    screen.capture()
    (kept,) = screen.recent()
    assert kept.t == screen.last_captured_at
    assert kept.image.size == (64, 48)
    first = screen.last_captured_at
    screen.capture()  # the same pixels: the index is reused, no second frame is kept
    assert len(screen.recent()) == 1 and screen.last_captured_at > first


def test_without_a_ring_nothing_is_kept() -> None:
    screen, _ = on_canvas(ring=None)
    screen.signature()
    screen.capture()
    assert screen.recent() == ()


def test_a_region_is_clipped_to_the_monitor_and_grabbed_alone() -> None:
    screen, canvas = on_canvas()
    before = screen.signature((90, 40, 110, 60))  # sticks out left and above
    assert canvas.shots[-1] == (100, 50, 110, 60)
    canvas.paint(150, 90, 255)  # elsewhere: the region does not see it
    assert screen.signature((90, 40, 110, 60)) == before
    whole = screen.signature()
    canvas.paint(105, 55, 255)  # one pixel inside (off the old signature's sample grid)
    after = screen.signature((90, 40, 110, 60))
    changed = screen.signature()
    assert changed != whole  # the whole signature sees every pixel too
    assert after != before
    assert after == exact_signature(canvas.shot((100, 50, 110, 60)))
    assert screen.ring is not None
    assert [s for _, s in screen.ring.signatures()] == [whole, changed]  # regions stay out


@pytest.mark.parametrize(
    ("region", "message"),
    [((10, 10, 10, 20), r"region \(10, 10, 10, 20\) is empty.*right > left"),
     ((120, 80, 110, 90), "is empty"),
     ((0, 0, 100, 50), r"lies outside monitor 1: monitor 1 64x48\+100\+50.*\(100, 50, 164, 98\)"),
     ((164, 60, 200, 70), "lies outside"),
     ((1.5, 0, 200, 70), "four whole numbers")],
)  # fmt: skip
def test_an_empty_or_outside_region_is_refused_with_the_monitor_named(
    region: Any, message: str
) -> None:
    screen, canvas = on_canvas()
    with pytest.raises(ValueError, match=message):
        screen.signature(region)
    assert canvas.shots == []
