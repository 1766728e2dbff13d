"""Detectors: a :class:`~tiny_computer_agent._perception.Frame` to labelled elements.

    GridDetector   numbered cells; stdlib only; for screens with no text (blind)
    OcrDetector    RapidOCR on onnxruntime with the models inside its wheel (``ocr`` extra)
    IncrementalOcr the same OCR, re-reading only the regions that changed since its last frame
    AutoDetector   OCR when it finds text, else the grid, with a warning that says so
    ImageDetector  adapts a detector written for the old ``detect(image)`` contract

Every detector is given a Frame: the (maybe downscaled) image plus its mapping, the
monitor, the capture time and the windows. Ours still accept a bare image, with a
DeprecationWarning, for a deprecation period. The harness never guesses which
contract a third-party detector follows: one written for ``detect(image)`` is wrapped
once, ``ImageDetector(inner=MyDetector())``, and is then handed ``frame.image``.

The detectors' names (``--detector auto|ocr|ocr-full|grid``) live in the registry,
:mod:`tiny_computer_agent.registry`, which imports nothing heavy until one runs.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from ._contracts import Detection, Detector
from ._perception import Element, Frame, as_frame

__all__ = [
    "AutoDetector",
    "GridDetector",
    "ImageDetector",
    "IncrementalOcr",
    "OcrDetector",
]

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class GridDetector:
    """Numbers ``cols`` x ``rows`` cells ("cell 1".."cell N"), reading order.

    A grid cell is not something seen: the policy refuses a real click on one unless
    ``--allow-grid`` is given. A frame smaller than the grid (under 4 x 3 pixels) gets
    one cell per pixel it has; an empty frame gets none.
    """

    cols: int = 4
    rows: int = 3

    def detect(self, frame: Frame) -> Detection:
        w, h = as_frame(frame).size
        cols, rows = max(0, min(self.cols, w)), max(0, min(self.rows, h))
        cells = []
        for r in range(rows):
            for c in range(cols):
                n = r * cols + c + 1
                box = (
                    c * w // cols,
                    r * h // rows,
                    (c + 1) * w // cols - 1,
                    (r + 1) * h // rows - 1,
                )
                cells.append(
                    Element(label=f"cell {n}", box=box, source="grid", confidence=0.0, id=n)
                )
        return Detection(elements=tuple(cells))


# The OCR detectors live in their own modules (heavy imports); re-exported here.
from ._incremental import IncrementalOcr  # noqa: E402
from ._ocr import OcrDetector  # noqa: E402


@dataclasses.dataclass(kw_only=True, slots=True)
class AutoDetector:
    """OCR first (re-reading only what changed since the last frame); when OCR finds no
    text, the grid, with a note naming the risk."""

    ocr: Detector = dataclasses.field(default_factory=IncrementalOcr)
    grid: Detector = dataclasses.field(default_factory=GridDetector)

    def detect(self, frame: Frame) -> Detection:
        frame = as_frame(frame)
        found = self.ocr.detect(frame)
        if found.elements:
            return found
        cells = self.grid.detect(frame)
        note = (
            "no text was found on screen, so the index is "
            f"{len(cells.elements)} grid cells and the brain is choosing blind"
        )
        log.warning(note)
        return Detection(elements=cells.elements, notes=(*found.notes, note))


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ImageDetector:
    """A detector written for the old ``detect(image)`` contract, given ``frame.image``
    (the downscaled picture) and nothing else of the frame."""

    inner: Any

    def detect(self, frame: Frame) -> Detection:
        found: Detection = self.inner.detect(as_frame(frame).image)
        return found
