"""Region signatures and the frame ring on a real X server (Xvfb) with a real Tk program:
a region over one widget ignores a clock ticking elsewhere in the same window, and a toast
that comes and goes during a settle is kept by the ring, though the frames before and
after the settle never show it.

The Tk program (:data:`devsupport.xdesktop.RING_APP`) is started and stopped by PID
through the desktop (``Desk.vd.spawn``); it prints its widgets' real geometry once mapped
and takes orders from a trigger file, so the test, not a timer, decides when the screen
changes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, RingApp, desk, require, start_ring_app
from tiny_computer_agent.desktop import DesktopScreen, Settle
from tiny_computer_agent.perception._frames import observe
from tiny_computer_agent.perception._ocr import OcrDetector

pytestmark = pytest.mark.live


def _start(desktop: Desk, *, clock: bool) -> RingApp:
    return start_ring_app(desktop.vd, desktop.tmp, clock=clock, env=desktop.env())


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def test_a_region_signature_ignores_a_clock_elsewhere_and_sees_its_widget_change(
    desktop: Desk,
) -> None:
    app = _start(desktop, clock=True)
    screen = DesktopScreen(display=desktop.display)
    target, clock = app.rect("target"), app.rect("clock")
    assert target[2] <= clock[0], (target, clock)  # side by side, not overlapping
    try:
        first = screen.signature(target)
        regions, clocks, wholes = [], set(), set()
        deadline = time.monotonic() + 1.2
        while time.monotonic() < deadline:
            regions.append(screen.signature(target))
            clocks.add(screen.signature(clock))
            wholes.add(screen.signature())
            time.sleep(0.03)
        assert len(clocks) >= 5, "the clock did not tick: this test would prove nothing"
        assert len(wholes) >= 5  # the whole-monitor signature sees the clock...
        assert set(regions) == {first}, f"{len(set(regions))} different region signatures"
        app.order("rename")  # ...the widget's region sees only its own text change
        deadline = time.monotonic() + 3.0
        while screen.signature(target) == first and time.monotonic() < deadline:
            time.sleep(0.02)
        assert screen.signature(target) != first, "the region did not see Alpha -> Omega"
    finally:
        screen.close()


def test_the_ring_keeps_a_toast_that_came_and_went_during_the_settle(desktop: Desk) -> None:
    require(modules=("rapidocr",))
    app = _start(desktop, clock=False)
    ocr = OcrDetector()
    screen = DesktopScreen(display=desktop.display, detector=ocr)
    # quiet outlasts the 300 ms toast, so the settle ends only after it is gone
    settle = Settle(quiet=0.5, appear=2.0, timeout=5.0)
    try:
        before = screen.capture()
        t_before = screen.last_captured_at
        assert before.shows("Alpha") and not before.shows("Toast"), before.summary()
        app.order("toast")
        result = settle.wait(screen.signature, screen.last_signature)
        after = screen.capture()
        t_after = screen.last_captured_at
    finally:
        screen.close()
    assert result.state == "changed", result
    assert not after.shows("Toast"), after.summary()
    assert screen.ring is not None and t_before is not None and t_after is not None
    between = screen.ring.between(t_before, t_after)
    assert between, "the ring kept no frame between the two captures"
    window = app.rect("window")
    seen = [observe(f.image.crop(window), detector=ocr) for f in between]
    assert any(o.shows("Toast") for o in seen), [o.summary() for o in seen]
    # the ring kept changes only: the settle polled many times, few frames were kept
    polls = screen.ring.signatures(t_before, t_after)
    assert len(polls) >= result.polls > len(between), (len(polls), result.polls, len(between))
