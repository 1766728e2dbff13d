"""Detectors see a Frame; one observe() indexes replays and the live screen alike."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tiny_computer_agent import GridDetector, ImageScreen, example_frames
from tiny_computer_agent._contracts import Detection, Detector
from tiny_computer_agent._elements import Frame, FrameMapping, Window
from tiny_computer_agent.desktop import DesktopScreen, Monitor, frame_mapping
from tiny_computer_agent.perception._detectors import AutoDetector, ImageDetector
from tiny_computer_agent.perception._frames import SizedImage, make_frame, observe


class Recording:
    """A grid detector that keeps every frame it was given."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []

    def detect(self, frame: Frame) -> Detection:
        self.frames.append(frame)
        return GridDetector().detect(frame)


def test_a_frame_is_a_frozen_keyword_only_value() -> None:
    frame = Frame(
        image=SizedImage((200, 100)),
        monitor=(0, 0, 200, 100),
        captured_at=1.5,
        windows=(Window(title="Editor", box=(0, 0, 199, 99), id=7),),
    )
    assert frame.size == (200, 100) and frame.mapping == FrameMapping()
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.captured_at = 2.0  # type: ignore[misc]
    with pytest.raises(TypeError):
        Frame(SizedImage((1, 1)), FrameMapping(), (0, 0, 1, 1), 0.0)  # type: ignore[call-arg]
    assert not hasattr(frame, "__dict__")


def test_detect_on_a_bare_image_still_works_but_is_deprecated() -> None:
    image = SizedImage((200, 100))
    with pytest.warns(DeprecationWarning, match=r"detect\(Frame.of\(image\)\)"):
        old = GridDetector(cols=2, rows=2).detect(image)  # type: ignore[arg-type]
    assert old == GridDetector(cols=2, rows=2).detect(Frame.of(image))
    with pytest.warns(DeprecationWarning):
        AutoDetector(ocr=GridDetector(), grid=GridDetector()).detect(image)  # type: ignore[arg-type]


def test_a_detector_written_for_images_is_adapted_by_wrapping_it() -> None:
    seen: list[Any] = []

    class OldStyle:
        def detect(self, image: Any) -> Detection:
            seen.append(image)
            return GridDetector().detect(Frame.of(image))

    wrapped: Detector = ImageDetector(inner=OldStyle())
    obs = ImageScreen.of([SizedImage((400, 200))], detector=wrapped).capture()
    assert seen == [SizedImage((400, 200))] and len(obs.elements) == 12


def test_a_replay_hands_the_detector_its_whole_geometry() -> None:
    detector = Recording()
    obs = ImageScreen.of(example_frames()[:1], detector=detector, max_width=640).capture()
    (frame,) = detector.frames
    assert frame.size == obs.size == (640, 400)
    assert frame.monitor == (0, 0, 1280, 800) and frame.windows == ()
    assert frame.mapping == obs.mapping == FrameMapping(scale_x=2.0, scale_y=2.0)
    assert frame.captured_at > 0 and obs.image is frame.image


def test_a_replay_scales_both_axes_by_the_width_as_it_always_did() -> None:
    from PIL import Image

    obs = observe(Image.new("RGB", (1366, 768)), detector=GridDetector(), max_width=640)
    assert obs.size == (640, 360)  # 768 / 2.134375 = 359.8
    assert obs.mapping == FrameMapping(scale_x=1366 / 640, scale_y=1366 / 640)


def test_a_size_only_image_is_never_resized_nor_kept() -> None:
    frame = make_frame(SizedImage((1280, 800)), max_width=640)
    assert frame.size == (1280, 800) and frame.mapping == FrameMapping()
    obs = observe(SizedImage((1280, 800)), detector=GridDetector(), max_width=640)
    assert obs.image is None and obs.size == (1280, 800)


@dataclasses.dataclass
class FakeCapture:
    """A capture backend showing one fixed image; counts its grabs."""

    image: Any
    name: str = "fake"
    grabs: int = 0

    def monitors(self) -> tuple[Monitor, ...]:
        return ()

    def grab(self, monitor: Monitor) -> Any:
        self.grabs += 1
        return self.image

    def signature(self, monitor: Monitor) -> bytes:
        return b"still"

    def close(self) -> None:
        pass


def test_the_live_screen_hands_the_detector_its_monitor_and_mapping() -> None:
    from PIL import Image

    monitor = Monitor(index=2, left=1280, top=200, width=1440, height=900)
    detector = Recording()
    screen = DesktopScreen(max_width=960, detector=detector)
    screen._capture, screen._monitor = FakeCapture(Image.new("RGB", (2880, 1800))), monitor
    obs = screen.capture()
    (frame,) = detector.frames
    assert frame.monitor == (1280, 200, 1440, 900) and frame.size == obs.size == (960, 600)
    assert obs.mapping == frame.mapping == frame_mapping(monitor, (2880, 1800), (960, 600))
    assert obs.mapping.to_screen(960, 600) == (1280 + 1440, 200 + 900)
    assert screen.capture() is obs and len(detector.frames) == 1  # same pixels: no re-read
    image, mapping = screen.grab()
    assert image.size == (960, 600) and mapping == obs.mapping


@pytest.mark.parametrize("size", [(0, 5), (5, 0), (0, 0)])
def test_an_image_with_no_pixels_is_no_screen(size: tuple[int, int]) -> None:
    from PIL import Image

    from tiny_computer_agent import ScreenUnavailable

    # a 0-wide image divided by zero in the mapping; a 0-high one gave an empty index
    with pytest.raises(ScreenUnavailable, match="nothing to look at"):
        ImageScreen.of([Image.new("RGB", size)], detector=GridDetector()).capture()


@dataclasses.dataclass
class FakeTree:
    """An accessibility backend whose "Accept" box moves down by ``lag`` pixels on each
    read: Chromium's tree catching up with a scroll the pixels already show."""

    top: int = 60
    lag: int = 40
    reads: int = 0

    def snapshot(self, screen: Any = None) -> Any:
        from tiny_computer_agent.desktop._a11y import A11yNode, A11ySnapshot

        self.reads += 1
        self.top += self.lag
        top = self.top
        return A11ySnapshot(
            nodes=(A11yNode(label="Accept", kind="button", box=(40, top, 140, top + 30)),)
        )


def test_a_still_frame_is_indexed_again_when_the_tree_moved_under_it() -> None:
    from PIL import Image

    screen = DesktopScreen(detector=Recording(), list_windows=False)
    screen._capture = FakeCapture(Image.new("RGB", (640, 400)))
    screen._monitor = Monitor(index=1, left=0, top=0, width=640, height=400)
    tree = FakeTree()
    screen._tree, screen._tree_checked = tree, True  # type: ignore[assignment]
    first = screen.capture()
    again = screen.capture()  # not one pixel changed, but the tree did
    assert again is not first and tree.reads == 2
    boxes = [[e.box for e in f.accessible] for f in screen.detector.frames]  # type: ignore[attr-defined]
    assert boxes == [[(40, 100, 140, 130)], [(40, 140, 140, 170)]]
    tree.lag = 0  # caught up: the next read says what the last one did
    assert screen.capture() is again and tree.reads == 3
