"""The vision brain on a tiny Idefics3 (SmolVLM's architecture) built here and loaded
like a downloaded model, and the numbered overlay it is shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiny_computer_agent import (
    BrainError,
    ImageScreen,
    ScriptedScreen,
    build_menu,
    example_frames,
    run_episode,
)
from tiny_computer_agent.models import VisionBrain, annotate
from tiny_computer_agent.models._vision import BOX_COLOR, POINTER_COLOR

from .model_fixtures import RecordingExecutor, build_tiny_idefics3

pytest.importorskip("torch", reason="the model tests need the 'vision' extra (make test)")
pytest.importorskip("transformers", reason="the model tests need the 'vision' extra")

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def tiny_idefics3(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_idefics3(tmp_path_factory.mktemp("tiny-idefics3"))


@pytest.fixture(scope="module")
def example_screen_frame() -> ImageScreen:
    return ImageScreen.of(example_frames())


def test_overlay_numbers_the_boxes_and_draws_the_pointer(
    example_screen_frame: ImageScreen,
) -> None:
    obs = example_screen_frame.capture()
    menu = build_menu(obs)
    save = next(e for e in menu.entries if e.label == "Save")
    pointer = (int(save.center[0]), int(save.box[3]) + 20)
    out = annotate(obs.image, menu, pointer=lambda: pointer)
    assert out.size == obs.image.size and out is not obs.image
    assert out.getpixel((save.box[0], int(save.center[1]))) == BOX_COLOR
    assert out.getpixel(pointer) == POINTER_COLOR
    assert obs.image.getpixel(pointer) != POINTER_COLOR  # the original is untouched


def test_tiny_idefics3_sees_the_numbered_screenshot_and_garbage_is_refused(
    tiny_idefics3: Path,
) -> None:
    brain = VisionBrain(model=str(tiny_idefics3), max_new_tokens=8, pointer=lambda: (10, 10))
    executor = RecordingExecutor()
    episode = run_episode(
        "click 'Save'", screen=ImageScreen.of(example_frames()), brain=brain, executor=executor
    )
    assert brain.is_loaded
    assert brain.last_image is not None and brain.last_image.getpixel((10, 10)) == POINTER_COLOR
    assert episode.outcome == "brain-error"  # random weights: unusable reply, retried, refused
    assert executor.actions == []


def test_vision_brain_without_a_screenshot_says_why(tiny_idefics3: Path) -> None:
    brain = VisionBrain(model=str(tiny_idefics3))
    menu = build_menu(ScriptedScreen.of_labels(["Save"]).capture())
    with pytest.raises(BrainError, match="needs the screenshot"):
        brain.decide("click 'Save'", menu, ())
    assert not brain.is_loaded  # nothing was loaded for a question it cannot answer
