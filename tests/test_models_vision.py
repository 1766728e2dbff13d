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
from tiny_computer_agent.brains.models import VisionBrain, annotate
from tiny_computer_agent.brains.models._vision import BOX_COLOR, POINTER_COLOR

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


def test_a_zoomed_crop_magnifies_numbers_and_rules_in_screen_pixels() -> None:
    from PIL import Image

    from tiny_computer_agent import Element, FrameMapping, Observation, ScriptedBrain
    from tiny_computer_agent.brains.models import zoomed_crop
    from tiny_computer_agent.brains.models._vision import _RULER

    image = Image.new("RGB", (400, 300), (240, 240, 240))
    mapping = FrameMapping(left=1000, top=50, scale_x=2.0, scale_y=2.0)  # a halved frame
    obs = Observation.of(
        [Element(label="Tiny", box=(100, 100, 120, 108))], size=(400, 300), mapping=mapping,
        image=image,
    )  # fmt: skip
    menu = build_menu(obs)
    out = zoomed_crop(image, menu, (100, 100, 120, 108))
    # 24 px margin (at least) around the box, 48 px sideways, magnified 3x, plus the rulers
    assert out.size == ((120 + 48 - 52) * 3 + _RULER, (108 + 24 - 76) * 3 + _RULER)
    left, top = 52, 76
    assert out.getpixel((_RULER + (100 - left) * 3, _RULER + (104 - top) * 3)) == BOX_COLOR
    assert mapping.to_screen(left, top) == (1104, 202)  # what the rulers count from
    with pytest.raises(ValueError, match="factor"):
        zoomed_crop(image, menu, (100, 100, 120, 108), factor=9)
    # after a zoom step the brain is told the picture is magnified around its target
    zoomed = run_episode(
        "zoom", screen=ScriptedScreen(frames=(obs,)),
        brain=ScriptedBrain.of([{"verb": "zoom", "target": "Tiny"}]),
    )  # fmt: skip
    brain = VisionBrain(model="unused")
    note = brain.prompt("click 'Tiny'", menu, zoomed.steps[:1])[1]["content"][1]["text"]
    assert "magnified 3x around 'Tiny'" in note
    assert "magnified" not in brain.prompt("x", menu, ())[1]["content"][1]["text"]
