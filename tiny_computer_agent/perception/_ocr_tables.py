"""RapidOCR's model table, read in a fraction of the time its import takes for it.

Importing RapidOCR 3.10 reads ``default_models.yaml`` (85 KB: every engine's models and
every language's routes) twice through OmegaConf, once for the model resolver and once
for ``InferSession.model_info``. Building OmegaConf's nodes for it is about 1 s of the
1.4 s the import takes, and the import is on the path of a one-shot CLI's first step
(issue 14). While :func:`quick_tables` is active, that one file is parsed once by libyaml
and handed to both readers as one OmegaConf tree holding only what an onnxruntime
engine reads: the routes, the language table and the ``onnxruntime`` models. Every
other file, and the same file outside the import, loads as OmegaConf always loads it.

The tree it gives is equal, key for key, to the same parts of the whole file
(tests/test_ocr_tables.py). An engine that asks for another backend (an
``engine_type`` among its settings) gets the whole table back first (:func:`whole_table`).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

log = logging.getLogger(__name__)

#: What an onnxruntime engine reads from ``default_models.yaml``.
KEPT: Final = ("model_routes", "lang_mapping", "onnxruntime")
TABLE: Final = "default_models.yaml"

_LOCK: Final = threading.Lock()


def _ours(path: Any) -> bool:
    """True for RapidOCR's own model table (and no other file of that name)."""
    try:
        p = Path(path)
    except TypeError:  # OmegaConf.load also takes an open file
        return False
    return p.name == TABLE and p.parent.name == "rapidocr"


@contextlib.contextmanager
def quick_tables() -> Iterator[None]:
    """Serve RapidOCR's model table from one libyaml parse while the block runs.

    Without libyaml or OmegaConf's ``load`` (another version) the block runs unchanged."""
    try:
        import yaml
        from omegaconf import OmegaConf

        loader = yaml.CSafeLoader
    except (ImportError, AttributeError):
        yield
        return
    kept = OmegaConf.__dict__["load"]  # the staticmethod itself, put back as it was
    original = OmegaConf.load
    made: dict[str, Any] = {}

    def load(file_: Any) -> Any:
        if not _ours(file_):
            return original(file_)
        if "tree" not in made:
            with open(file_, encoding="utf-8") as f:
                whole = yaml.load(f, Loader=loader)  # noqa: S506 - CSafeLoader is safe
            made["tree"] = OmegaConf.create({k: whole[k] for k in KEPT if k in whole})
        return made["tree"]

    with _LOCK:
        OmegaConf.load = staticmethod(load)  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            OmegaConf.load = kept  # type: ignore[method-assign]


def other_backend(params: dict[str, Any]) -> bool:
    """True when ``params`` name an engine type other than onnxruntime."""
    for key, value in params.items():
        if key.endswith("engine_type"):
            name = str(getattr(value, "value", value)).lower()
            if name != "onnxruntime":
                return True
    return False


def whole_table() -> None:
    """Give RapidOCR's sessions the whole model table, as its import would have."""
    from omegaconf import OmegaConf
    from rapidocr.inference_engine import base

    if set(base.InferSession.model_info.keys()) <= set(KEPT):
        log.info("another OCR backend was asked for: loading RapidOCR's whole model table")
        base.InferSession.model_info = OmegaConf.load(base.MODEL_URL_PATH)
