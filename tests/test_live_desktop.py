"""Capture on a real X server (Xvfb): OCR finds real widgets at their real pixels,
offset monitors and downscaled frames map back exactly, settle waits for real changes,
and a display that dies mid-run is a clear error. In-process: capture only (no pyautogui)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, desk, require
from tiny_computer_agent import ScreenUnavailable, ScriptedBrain, run_episode
from tiny_computer_agent.desktop import DesktopScreen, Settle
from tiny_computer_agent.perception._detectors import OcrDetector

pytestmark = pytest.mark.live


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


@pytest.fixture
def two_monitors(tmp_path: Path) -> Iterator[Desk]:
    # one 2560x800 screen split by xrandr: monitor 2 is offset in x *and* y
    yield from desk(
        tmp_path, size=(2560, 800), monitors=[(1280, 800, 0, 0), (1280, 600, 1280, 200)]
    )


def test_ocr_finds_tk_buttons_at_the_pixels_tk_drew_them(desktop: Desk) -> None:
    app = desktop.app()
    screen = DesktopScreen(display=desktop.display, detector=OcrDetector())
    try:
        obs = screen.capture()
    finally:
        screen.close()
    assert obs.size == desktop.vd.size
    for name in ("Save", "Cancel", "Don't Save"):
        element = obs.find(name)
        point = obs.mapping.to_screen(*element.center)
        assert app.contains(name, point), (name, point, app.geometry[name])


def test_a_downscaled_frame_maps_back_to_the_exact_screen_pixel(desktop: Desk) -> None:
    app = desktop.app()
    screen = DesktopScreen(display=desktop.display, max_width=960, detector=OcrDetector())
    try:
        obs = screen.capture()
    finally:
        screen.close()
    width, height = desktop.vd.size  # 1280x800 on Xvfb; the session's size in session mode
    assert obs.size == (960, round(height * 960 / width))
    assert obs.mapping.scale_x == pytest.approx(width / 960)
    point = obs.mapping.to_screen(*obs.find("Save").center)
    assert app.contains("Save", point), (point, app.geometry["Save"])


def test_an_offset_second_monitor_maps_correctly(two_monitors: Desk) -> None:
    app = two_monitors.app(at=(1500, 350))
    screen = DesktopScreen(display=two_monitors.display, monitor=2, detector=OcrDetector())
    try:
        listed = screen.monitors()
        obs = screen.capture()
    finally:
        screen.close()
    assert [(m.left, m.top, m.width, m.height) for m in listed[1:]] == [
        (0, 0, 1280, 800),
        (1280, 200, 1280, 600),
    ]
    assert (obs.mapping.left, obs.mapping.top, obs.size) == (1280, 200, (1280, 600))
    element = obs.find("Save")
    assert element.box[0] < 1280  # frame pixels are monitor-local...
    point = obs.mapping.to_screen(*element.center)
    assert app.contains("Save", point), (point, app.geometry["Save"])  # ...screen ones global


def test_a_real_click_on_the_offset_monitor_lands(two_monitors: Desk) -> None:
    app = two_monitors.app(at=(1500, 350))
    argv = ["--live", "--monitor", "2", "--real-input", "--verify-text", "Saved", "click 'Save'"]
    run = two_monitors.run_agent(argv, armed=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert app.events() == [{"event": "click", "button": "Save"}]


def test_a_wrong_monitor_number_lists_the_valid_ones(desktop: Desk) -> None:
    screen = DesktopScreen(display=desktop.display, monitor=7)
    with pytest.raises(ScreenUnavailable, match=r"no monitor 7.*0: all monitors.*1: monitor 1"):
        screen.capture()


def test_a_display_that_dies_mid_run_ends_the_episode_cleanly(desktop: Desk) -> None:
    require("Xvfb")  # it stops the display, so it needs a private one
    desktop.app()
    screen = DesktopScreen(display=desktop.display, detector=OcrDetector())
    first = screen.capture()
    assert first.shows("Save")
    desktop.vd.close()  # Xvfb, the window manager and the app are gone
    with pytest.raises(ScreenUnavailable, match="display may have gone away"):
        screen.capture()
    brain = ScriptedBrain.of([{"verb": "click", "target": "Save"}])
    episode = run_episode("click 'Save'", screen=screen, brain=brain)
    assert episode.outcome == "no-screen"
    assert "display may have gone away" in episode.reason
    screen.close()


def test_settle_waits_for_a_change_and_returns_fast_when_nothing_changes(desktop: Desk) -> None:
    require("xdotool")
    app = desktop.app()
    screen = DesktopScreen(display=desktop.display)
    settle = Settle()
    try:
        before = screen.signature()
        x0, y0, x1, y1 = app.rect("Save")
        desktop.vd.run(
            ["xdotool", "mousemove", str((x0 + x1) // 2), str((y0 + y1) // 2), "click", "1"]
        )
        changed = settle.wait(screen.signature, before)
        assert changed.state == "changed"
        assert changed.seconds < 1.0
        desktop.vd.run(["xdotool", "mousemove", "1000", "700"])  # leaving Save un-hovers it
        settle.wait(screen.signature, screen.signature())
        before = screen.signature()
        desktop.vd.run(["xdotool", "mousemove", "1100", "720"])  # empty desktop: no change
        start = time.monotonic()
        still = settle.wait(screen.signature, before)
        assert still.state == "unchanged"
        assert time.monotonic() - start < settle.appear + 0.3
        before = screen.signature()
        desktop.vd.run(["xdotool", "key", "ctrl+o"])  # a dialog 0.7 s later, no feedback before
        slow = settle.wait(screen.signature, before)
        assert slow.state == "changed"
        assert slow.seconds >= 0.7
        assert {"event": "dialog"} in app.events()
    finally:
        screen.close()


class CountingDetector:
    """The real OCR detector, counting how often it runs."""

    def __init__(self) -> None:
        self.ocr = OcrDetector()
        self.runs = 0

    def detect(self, image):  # type: ignore[no-untyped-def]
        self.runs += 1
        return self.ocr.detect(image)


def test_an_unchanged_screen_is_not_read_twice_and_a_change_is_never_missed(
    desktop: Desk,
) -> None:
    desktop.app()
    detector = CountingDetector()
    screen = DesktopScreen(display=desktop.display, detector=detector)
    try:
        first = screen.capture()
        again = screen.capture()  # not one pixel changed: the same index, no OCR
        assert again is first and detector.runs == 1
        desktop.app(("Proceed",), title="Second", at=(700, 450), prompt="Another window")
        changed = screen.capture()
        assert changed is not first and detector.runs == 2
        assert changed.shows("Proceed") and not first.shows("Proceed")
    finally:
        screen.close()
