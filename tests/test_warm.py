"""The background warm-up before step 1: it builds the one shared OCR engine on its own
thread, the first index waits for it, a model brain loads once, and a warm-up that
fails changes nothing but the log."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import (
    AutoDetector,
    GridDetector,
    ImageScreen,
    OcrDetector,
    PlannerBrain,
    ScreenUnavailable,
    example_frames,
    run_episode,
)
from tiny_computer_agent._elements import Frame
from tiny_computer_agent.brains.models import _runtime as runtime_module
from tiny_computer_agent.brains.models._runtime import TorchRuntime, default_threads
from tiny_computer_agent.perception import _ocr as ocr
from tiny_computer_agent.perception._warm import (
    AfterWarmup,
    Warmup,
    ocr_settings,
    start_warmup,
    warm_ocr,
)

from .test_cli import run


def _settings(score: float) -> tuple[tuple[str, Any], ...]:
    """Settings no other test uses, so this test's engine is built here (the engines
    are process-wide, one per settings)."""
    return (("Global.text_score", score),)


def test_the_warm_up_builds_the_shared_engine_on_its_own_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = _settings(0.5001)
    built_on: list[str] = []
    real = ocr.load_ocr_engine

    def spy(overrides: tuple[tuple[str, Any], ...] = ()) -> Any:
        built_on.append(threading.current_thread().name)
        return real(overrides)

    monkeypatch.setattr(ocr, "load_ocr_engine", spy)
    detector = OcrDetector(engine_params=settings)
    started = time.perf_counter()
    warmup = start_warmup(detector=detector)
    assert time.perf_counter() - started < 0.5, "start_warmup must not build the engine itself"
    assert warmup.parts == ("ocr",)
    assert warmup.wait(timeout=120) and warmup.failures == {}
    assert built_on == ["tca-warmup"]
    engine = real(settings)
    assert engine.text_det is not None and engine.text_rec is not None  # sessions made
    guarded = warmup.guard(detector)
    assert isinstance(guarded, AfterWarmup)
    found = guarded.detect(Frame.of(example_frames()[0]))
    assert "Save" in {e.label for e in found.elements}
    assert real(settings) is engine  # the first index used the warmed engine


def test_an_engine_without_loaders_is_warmed_by_reading_one_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[int, ...]] = []

    def engine(image: Any, **kwargs: Any) -> None:  # an OCR engine with no _load_*_model
        seen.append(image.shape)

    monkeypatch.setattr(ocr, "load_ocr_engine", lambda overrides=(): engine)
    warm_ocr()
    assert seen == [(48, 120, 3)]


def test_the_first_index_waits_for_the_warm_up() -> None:
    warmup = Warmup(parts=("ocr",))
    seen: list[str] = []

    class Recorder:
        def detect(self, frame: Any) -> Any:
            seen.append("detect")
            return GridDetector().detect(frame)

    guarded = warmup.guard(Recorder())
    thread = threading.Thread(target=guarded.detect, args=(Frame.of(example_frames()[0]),))
    thread.start()
    time.sleep(0.2)
    assert seen == [], "the index ran before the warm-up had finished"
    warmup.run({"ocr": lambda: seen.append("warmed")})
    thread.join(5)
    assert seen == ["warmed", "detect"]


def test_a_failing_warm_up_does_not_raise_and_the_first_use_reports_the_usual_error(
    tmp_path: Path,
) -> None:
    broken = OcrDetector(engine_params=(("Det.model_path", str(tmp_path / "missing.onnx")),))
    warmup = start_warmup(detector=broken)
    assert warmup.wait(timeout=120)
    assert "missing.onnx" in warmup.failures["ocr"]
    screen = ImageScreen.of(example_frames(), detector=warmup.guard(broken))
    episode = run_episode("click 'Save'", screen=screen, brain=PlannerBrain())
    assert episode.outcome == "no-screen" and "OCR engine failed" in episode.reason
    assert "missing.onnx" in episode.reason and "--no-ocr" in episode.reason
    with pytest.raises(ScreenUnavailable, match=r"missing\.onnx"):
        warmup.guard(broken).detect(Frame.of(example_frames()[0]))


def test_a_brain_whose_warm_up_raises_still_decides() -> None:
    class Brain(PlannerBrain):
        def warm(self) -> None:
            raise RuntimeError("no weights here")

    warmup = start_warmup(brain=Brain())
    assert warmup.wait(timeout=5) and warmup.parts == ("brain",)
    assert warmup.failures == {"brain": "RuntimeError: no weights here"}


def test_nothing_to_warm_for_the_grid_and_the_detector_is_left_as_it_is() -> None:
    grid = GridDetector()
    warmup = start_warmup(detector=grid, brain=PlannerBrain())
    assert warmup.parts == () and warmup.wait(timeout=0)
    assert warmup.guard(grid) is grid  # ImageScreen still sees a GridDetector
    assert ocr_settings(grid) is None and ocr_settings(None) is None


def test_the_ocr_inside_the_auto_detector_is_found() -> None:
    settings = _settings(0.5002)
    auto = AutoDetector()
    assert ocr_settings(auto) == ()
    assert ocr_settings(OcrDetector(engine_params=settings)) == settings


class _SlowRuntime(TorchRuntime):
    """Weights that take a while to load, counted; no torch model in them."""

    loads = 0
    warm_runs = 0

    def _load(self, dtype: Any) -> Any:
        type(self).loads += 1
        time.sleep(0.3)
        return object()

    def _warm_up(self, weights: Any) -> None:
        type(self).warm_runs += 1


class _NoTorch:
    """Just what TorchRuntime asks of torch before it loads weights."""

    float32 = "float32"

    class cuda:  # torch's name
        @staticmethod
        def is_available() -> bool:
            return False

    @staticmethod
    def set_num_threads(n: int) -> None:
        pass


def test_a_decision_during_the_brain_warm_up_waits_and_the_weights_load_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runtime_module, "require_torch", lambda purpose: (_NoTorch, None))
    runtime = _SlowRuntime(threads=1)
    thread = threading.Thread(target=runtime.warm)
    thread.start()
    time.sleep(0.05)
    weights = runtime.loaded("a test")  # waits for the warm-up's load
    thread.join(5)
    assert (_SlowRuntime.loads, _SlowRuntime.warm_runs) == (1, 1)
    assert runtime.loaded("a test") is weights
    runtime.warm()  # already warm: nothing happens
    assert _SlowRuntime.loads == 1


def test_torch_threads_default_to_half_the_cores_unless_omp_num_threads_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for cores, want in ((1, 1), (2, 1), (4, 2), (16, 4)):
        monkeypatch.setattr("os.sched_getaffinity", lambda pid, n=cores: set(range(n)))
        assert default_threads({}) == want
    assert default_threads({"OMP_NUM_THREADS": "3"}) == 3
    assert default_threads({"OMP_NUM_THREADS": "lots"}) == 4  # not a count: 16 cores // 2, capped


def test_the_cli_warms_the_engine_its_screen_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiny_computer_agent.cli._run as cli_run

    started: list[Warmup] = []

    def spy(**kwargs: Any) -> Warmup:
        started.append(start_warmup(**kwargs))
        return started[-1]

    monkeypatch.setattr(cli_run, "start_warmup", spy)
    code, _, err = run("--image", "example", "--verify-text", "Saved", "click 'Save'")
    assert code == 0, err
    assert [w.parts for w in started] == [("ocr",)] and started[0].failures == {}
    run("--image", "example", "--no-ocr", "click cell 1")
    assert started[-1].parts == ()  # --no-ocr: no engine is built
