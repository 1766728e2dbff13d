"""OCR on RapidOCR (onnxruntime), using only the models that ship inside its wheel.

The engine is loaded once per process and reused. One OCR line that spans several
widgets ("Save    Cancel") is split into separate elements at their own pixels where
the word boxes show a gap wider than a space. Lines too long or too uncertain to be a
control (dialog prose) are kept as *prose*: visible to the verifier, not on the menu.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Sequence
from typing import Any, Final

from ._contracts import Detection
from ._errors import MissingExtra, ScreenUnavailable
from ._perception import Element, Frame, as_frame, normalize_label

__all__ = ["OcrDetector", "load_ocr_engine"]

log = logging.getLogger(__name__)

_ENGINES: dict[tuple[tuple[str, Any], ...], Any] = {}
_ENGINE_LOCK: Final = threading.Lock()

#: A gap between two words wider than this many line heights separates two controls.
SPLIT_GAP: Final = 0.8

#: RapidOCR settings for screens (measured in benchmarks/bench.py, section "ocr"):
#: ``score_mode: slow`` scores a detected box on its polygon, not its bounding box; the
#: default ("fast") dropped a lone Tk "Save" button on a dark desktop. ``limit_type:
#: max`` at 960 stops the detector from upscaling (the default "min 736" upscales every
#: frame, so a downscaled frame was not faster). Screen text is never upside down, so
#: the angle classifier is off.
ENGINE_PARAMS: Final = {
    "Global.log_level": "warning",
    "Global.use_cls": False,
    "Det.score_mode": "slow",
    "Det.limit_type": "max",
    "Det.limit_side_len": 960,
}


def _engine_failed(exc: BaseException) -> ScreenUnavailable:
    return ScreenUnavailable(
        f"the OCR engine failed to load or run ({type(exc).__name__}: {exc}); reinstall it "
        "with: pip install --force-reinstall 'tiny-computer-agent[ocr]', or run with "
        "--no-ocr for a numbered grid"
    )


def load_ocr_engine(overrides: tuple[tuple[str, Any], ...] = ()) -> Any:
    """The process-wide RapidOCR engine for these settings (:data:`ENGINE_PARAMS` plus
    ``overrides``), created on first use, with the models from the wheel by default."""
    with _ENGINE_LOCK:
        if overrides not in _ENGINES:
            try:
                from rapidocr import RapidOCR
            except ImportError as exc:
                raise MissingExtra("rapidocr", "ocr", "reading text on screen (OCR)") from exc
            try:
                _ENGINES[overrides] = RapidOCR(params={**ENGINE_PARAMS, **dict(overrides)})
            except Exception as exc:  # any failure of the engine is the world's
                raise _engine_failed(exc) from exc
        return _ENGINES[overrides]


@dataclasses.dataclass(frozen=True, slots=True)
class _Word:
    text: str
    x0: int
    x1: int


def _box(points: Any) -> tuple[int, int, int, int]:
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return int(min(xs)), int(min(ys)), round(max(xs)), round(max(ys))


def split_line(
    text: str, box: tuple[int, int, int, int], words: Sequence[_Word]
) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Split one OCR line into controls wherever the gap between words is wide."""
    x0, y0, x1, y1 = box
    if len(words) < 2:
        return [(text, box)]
    height = max(1, y1 - y0)
    groups: list[list[_Word]] = [[words[0]]]
    for word in words[1:]:
        if word.x0 - groups[-1][-1].x1 > SPLIT_GAP * height:
            groups.append([word])
        else:
            groups[-1].append(word)
    if len(groups) == 1:
        return [(text, box)]
    return [
        (" ".join(w.text for w in g), (max(x0, g[0].x0), y0, min(x1, g[-1].x1), y1)) for g in groups
    ]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class OcrDetector:
    """RapidOCR text lines as elements, with widget splitting and prose filters."""

    min_confidence: float = 0.5
    #: a one-character label needs more: round icons read as "0" or "O" at 0.55-0.7
    min_confidence_single: float = 0.85
    min_length: int = 1
    #: RapidOCR settings on top of ENGINE_PARAMS, e.g. (("Det.model_path", "det.onnx"),)
    engine_params: tuple[tuple[str, Any], ...] = ()
    max_length: int = 40

    def detect(self, frame: Frame) -> Detection:
        image = as_frame(frame).image
        engine = load_ocr_engine(self.engine_params)
        import numpy as np

        rgb = np.asarray(image.convert("RGB"))
        try:  # RapidOCR loads its model files lazily: a missing or broken one fails here
            result = engine(rgb[:, :, ::-1].copy(), return_word_box=True)
        except Exception as exc:  # the engine's failure, reported with its fix
            raise _engine_failed(exc) from exc
        elements: list[Element] = []
        prose: list[str] = []
        boxes = result.boxes if result.boxes is not None else ()
        word_results = getattr(result, "word_results", None) or [()] * len(boxes)
        for points, text, score, words in zip(
            boxes, result.txts or (), result.scores or (), word_results, strict=False
        ):
            line_box = _box(points)
            parsed = [_Word(str(w[0]), *_box(w[2])[0::2]) for w in words if len(w) >= 3]
            pieces = split_line(str(text), line_box, sorted(parsed, key=lambda w: w.x0))
            for raw, box in pieces:
                label = raw.strip()
                core = normalize_label(label)
                floor = self.min_confidence_single if len(core) == 1 else self.min_confidence
                if float(score) < floor or len(core) < self.min_length:
                    continue
                if len(label) > self.max_length:
                    prose.append(label)
                    continue
                elements.append(
                    Element(label=label, box=box, source="ocr", confidence=float(score))
                )
        return Detection(elements=tuple(elements), prose=tuple(prose))
