"""Warm the OCR engine (and a model brain) on a background thread before step 1.

A one-shot CLI run pays, inside its first step, for importing RapidOCR and building
its engine and onnxruntime's detection and recognition sessions (RapidOCR makes them on
first use), and a model brain pays for its weights in its first decision.
:func:`start_warmup` starts that work on one background thread as soon as the CLI knows
its detector and brain, the OCR engine first (step 1 needs it first)::

    warmup = start_warmup(detector=detector, brain=brain)
    screen = DesktopScreen(detector=warmup.guard(detector))   # the first index waits

Nothing runs twice and nothing races: the first index waits for the OCR part
(:meth:`Warmup.guard`), and a brain's first decision waits on the brain's own load lock
(:meth:`~tiny_computer_agent.brains.models._runtime.TorchRuntime.warm`). A warm-up that fails
changes nothing: it is logged (``-v``), and the first real use then works, or fails
with its usual clear error, exactly as without the warm-up.

What it buys was measured (``benchmarks/bench.py firststep``: the CLI as a
subprocess on Xvfb, with and without the warm-up, paired by round, 2 shared cores).
The engine alone: nothing measurable in a one-shot run (step 1 within +-0.2 s, the
wall +0.04 to +0.3 s). The CLI sets up in about 0.35 s before step 1 and building the
engine takes 1.2-1.5 s, most of it Python holding the GIL (RapidOCR's import alone
builds OmegaConf objects from its 1,600-line model table twice), so the two threads
mostly take turns. The embed brain warmed after the engine, beside the first index:
step 1 0.23-0.41 s faster on a quiet machine, up to 0.9 s slower when other work
loaded it (its imports hold the GIL the index needs between onnxruntime calls). It
pays most where a process waits anyway: ``--serve`` builds its engine before the
first request. Engines are process-wide
(:func:`~tiny_computer_agent.perception._ocr.load_ocr_engine` keeps one per setting; a brain
keeps its weights), so a long-lived process warms once. Standard library only until
the thread runs.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Final

from .._contracts import Brain, Detection, Detector
from .._elements import Frame

__all__ = ["AfterWarmup", "Warmup", "ocr_settings", "start_warmup", "warm_ocr"]

log = logging.getLogger(__name__)

#: The longest the first index waits for the warm-up (it goes ahead after that; the
#: engine's own lock still keeps it from building a second engine).
WAIT_LIMIT: Final = 300.0
#: The longest the CLI waits, at the end of a run that ended early, for a warm-up still
#: loading, so the process does not exit under a native library that is mid-load.
EXIT_WAIT: Final = 10.0
#: The word the OCR warm-up reads when RapidOCR has no loaders to call: one word, so
#: both detection and recognition run.
WARM_TEXT: Final = "Save"


@dataclasses.dataclass(eq=False)
class Warmup:
    """One background warm-up: which parts it does (``parts``: ``ocr``, ``brain``), how
    long each took (``seconds``) and why any failed (``failures``)."""

    parts: tuple[str, ...] = ()
    seconds: dict[str, float] = dataclasses.field(default_factory=dict)
    failures: dict[str, str] = dataclasses.field(default_factory=dict)
    _ready: dict[str, threading.Event] = dataclasses.field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._ready = {part: threading.Event() for part in self.parts}

    def wait(self, part: str | None = None, timeout: float | None = WAIT_LIMIT) -> bool:
        """Block until ``part`` (None: every part) has finished, ok or not, or
        ``timeout`` seconds passed; True when it finished."""
        events = [self._ready[part]] if part is not None else list(self._ready.values())
        deadline = None if timeout is None else time.monotonic() + timeout
        for event in events:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not event.wait(left):
                return False
        return True

    def guard(self, detector: Detector) -> Detector:
        """``detector`` made to wait for the OCR warm-up before it indexes (the same
        detector when this warm-up builds no OCR engine)."""
        return AfterWarmup(inner=detector, warmup=self) if "ocr" in self.parts else detector

    def run(self, jobs: dict[str, Callable[[], object]]) -> None:
        """Do ``jobs`` in order, each part marked ready when it ends, however it ends."""
        for part, job in jobs.items():
            start = time.perf_counter()
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - a warm-up never ends the run
                self.failures[part] = f"{type(exc).__name__}: {exc}"
                log.info("warming %s failed (%s); its first use will try again", part, exc)
            finally:
                self.seconds[part] = time.perf_counter() - start
                self._ready[part].set()
        log.info("warm-up done: %s", ", ".join(f"{p} {s:.2f} s" for p, s in self.seconds.items()))


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class AfterWarmup:
    """A detector that lets the OCR warm-up finish before each index (a no-op once it
    has): the first index neither builds a second engine nor runs beside the warm-up's
    own call."""

    inner: Detector
    warmup: Warmup

    def detect(self, frame: Frame) -> Detection:
        self.warmup.wait("ocr")
        return self.inner.detect(frame)


def ocr_settings(detector: Detector | None) -> tuple[tuple[str, Any], ...] | None:
    """The engine settings of the OCR detector inside ``detector`` (an OcrDetector, or
    one held as ``.ocr`` by the auto or incremental detector), or None when it reads no
    text with our engine (the grid, a plugin's detector)."""
    from ._ocr import OcrDetector

    for _ in range(4):  # auto -> incremental -> ocr, and a little room
        if isinstance(detector, OcrDetector):
            return detector.engine_params
        detector = getattr(detector, "ocr", None)
        if detector is None:
            return None
    return None


def warm_ocr(settings: tuple[tuple[str, Any], ...] = ()) -> None:
    """Build the process-wide engine for ``settings`` and make its detection and
    recognition sessions now (RapidOCR makes them on first use): with RapidOCR's own
    loaders when it has them (3.x; each under its own lock, and no inference, which
    the first index would wait for), else by reading one word."""
    from ._ocr import load_ocr_engine

    engine = load_ocr_engine(settings)
    loaders: list[Any] = [getattr(engine, n, None) for n in ("_load_det_model", "_load_rec_model")]
    if all(callable(load) for load in loaders):
        for load in loaders:
            load()
        return
    import numpy as np
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (120, 48), "white")
    ImageDraw.Draw(picture).text((12, 10), WARM_TEXT, fill="black", font=_font())
    found = engine(np.asarray(picture)[:, :, ::-1].copy(), return_word_box=True)
    log.debug("OCR warm-up read %r", getattr(found, "txts", None))


def _font() -> Any:
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=20)
    except TypeError:  # Pillow < 10.1: the small bitmap font, still read as text
        return ImageFont.load_default()


def start_warmup(*, detector: Detector | None = None, brain: Brain | None = None) -> Warmup:
    """Warm the OCR engine ``detector`` uses and ``brain`` (when it has a ``warm()``
    method: the torch brains) on a background thread, started now; the returned
    :class:`Warmup` says when each part is ready."""
    jobs: dict[str, Callable[[], object]] = {}
    settings = ocr_settings(detector)
    if settings is not None:
        jobs["ocr"] = lambda: warm_ocr(settings)
    warm_brain = getattr(brain, "warm", None)
    if callable(warm_brain):
        jobs["brain"] = warm_brain
    warmup = Warmup(parts=tuple(jobs))
    if jobs:
        threading.Thread(target=warmup.run, args=(jobs,), name="tca-warmup", daemon=True).start()
    return warmup
