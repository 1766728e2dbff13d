"""RapidOCR's model table read once by libyaml while it imports
(tiny_computer_agent.perception._ocr_tables).

What the quick table gives must be what the whole file says for every part an
onnxruntime engine reads; any other file must load as OmegaConf loads it; OmegaConf must
be left as it was found; and another backend must get the whole table back. The import
is checked in a fresh process, because the test process imported RapidOCR long ago.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("rapidocr")
from omegaconf import OmegaConf

from tiny_computer_agent.perception._ocr_tables import (
    KEPT,
    TABLE,
    other_backend,
    quick_tables,
)


def table_path() -> Path:
    import rapidocr

    return Path(rapidocr.__file__).parent / TABLE


def test_the_quick_table_equals_the_same_parts_of_the_whole_file() -> None:
    whole = OmegaConf.to_container(OmegaConf.load(table_path()))
    assert isinstance(whole, dict)
    with quick_tables():
        quick = OmegaConf.to_container(OmegaConf.load(table_path()))
    assert quick == {k: whole[k] for k in KEPT}
    assert set(whole) - set(KEPT), "the whole file has other backends the quick one drops"


def test_other_files_load_as_omegaconf_loads_them_and_load_is_put_back(
    tmp_path: Path,
) -> None:
    before = OmegaConf.__dict__["load"]
    other = tmp_path / TABLE  # the same name, not RapidOCR's folder
    other.write_text("onnxruntime: 1\nopenvino: 2\nvalue: ${onnxruntime}\n")
    with quick_tables():
        loaded = OmegaConf.load(other)
        assert OmegaConf.__dict__["load"] is not before
    assert OmegaConf.__dict__["load"] is before
    assert loaded.value == 1 and loaded.openvino == 2


def test_load_is_put_back_when_the_block_raises() -> None:
    before = OmegaConf.__dict__["load"]
    with pytest.raises(RuntimeError, match="inside"), quick_tables():
        raise RuntimeError("inside")
    assert OmegaConf.__dict__["load"] is before


def test_other_backend_reads_every_engine_type_setting() -> None:
    from rapidocr import EngineType

    assert not other_backend({})
    assert not other_backend({"Det.engine_type": EngineType.ONNXRUNTIME})
    assert not other_backend({"Rec.engine_type": "onnxruntime", "Global.use_cls": False})
    assert other_backend({"Rec.engine_type": EngineType.OPENVINO})
    assert other_backend({"Det.engine_type": "torch"})


FRESH = """
import json
from omegaconf import OmegaConf
from tiny_computer_agent.perception._ocr import load_ocr_engine
from tiny_computer_agent.perception._ocr_tables import whole_table
engine = load_ocr_engine()
from rapidocr.inference_engine import base
from rapidocr.utils import model_resolver
quick_keys = sorted(base.InferSession.model_info.keys())
routes = OmegaConf.to_container(model_resolver._MODEL_CONFIG["model_routes"])
whole_table()
print(json.dumps({
    "quick": quick_keys,
    "whole": sorted(base.InferSession.model_info.keys()),
    "routes": routes,
    "load_restored": OmegaConf.__dict__["load"].__func__.__module__,
}))
"""


def test_a_fresh_import_reads_the_quick_table_and_whole_table_restores_it() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FRESH], capture_output=True, text=True, timeout=120, check=True
    )
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    whole = OmegaConf.to_container(OmegaConf.load(table_path()))
    assert isinstance(whole, dict)
    assert seen["quick"] == sorted(KEPT)
    assert seen["whole"] == sorted(whole)
    assert seen["routes"] == whole["model_routes"]
    assert seen["load_restored"] == "omegaconf.omegaconf"
