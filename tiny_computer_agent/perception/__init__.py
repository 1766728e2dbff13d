"""Perception: from pixels to the element index.

    image --_frames--> Frame --detector--> Detection --_frames.observe--> Observation

    _frames        a captured image to a Frame (downscale, mapping) and on to an Observation
    _detectors     the detectors by name: grid, OCR, incremental OCR, fused (tree + OCR +
                   shapes), a fixed image's elements
    _ocr           RapidOCR on onnxruntime with the models in its wheel; one line split
                   into the widgets it spans; prose kept apart from labels
    _ocr_tables    RapidOCR's model table, read without its slow import path
    _incremental   OCR of only the regions that changed since the last frame
    _shapes        control rectangles found in the pixels (buttons, fields, boxes, lists)
    _fusion        OCR's pieces given to the controls that hold them, labels to fields
    _crop_reader   reading a control's own crop again, enlarged
    _windows       which window each element is in, and which window a goal names
    _normalize     text reduced to what it looks like (for the policy's deny lists)
    _confusables   look-alike and invisible characters (generated)
    _warm          the OCR engine (and a model brain) warmed on a thread before step 1

The value types these produce (Element, Frame, Observation, Window) live one floor up,
in :mod:`tiny_computer_agent._elements`, because every layer speaks them. The rest of the
package imports perception only through the names below, never its private modules.
"""

from __future__ import annotations

from ._detectors import (
    AutoDetector,
    FusedDetector,
    GridDetector,
    ImageDetector,
    IncrementalOcr,
    OcrDetector,
)
from ._frames import MappingRule, SizedImage, make_frame, observe
from ._incremental import SCROLL_MIN_HEIGHT, scroll_shift
from ._normalize import control_characters, ocr_skeleton, skeleton, skeletons, squeeze, words
from ._ocr import load_ocr_engine, reread
from ._warm import EXIT_WAIT, start_warmup
from ._windows import assign_windows, find_window, window_at

__all__ = [
    "EXIT_WAIT",
    "AutoDetector",
    "FusedDetector",
    "GridDetector",
    "ImageDetector",
    "IncrementalOcr",
    "SCROLL_MIN_HEIGHT",
    "MappingRule",
    "OcrDetector",
    "SizedImage",
    "assign_windows",
    "control_characters",
    "find_window",
    "load_ocr_engine",
    "make_frame",
    "observe",
    "ocr_skeleton",
    "reread",
    "scroll_shift",
    "skeleton",
    "skeletons",
    "squeeze",
    "start_warmup",
    "window_at",
    "words",
]
