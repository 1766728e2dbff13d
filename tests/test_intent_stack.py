"""scripts/intent_stack.py (issue 35): a stacker over the shipped intent brain's scores,
and another sentence encoder beside it, run end to end on a few cases so that the
measurements in the brains guide can be run again: the features of each decision, the
stacker started at the shipped brain, leave-one-writer-out, the held-out scoring by the
scoreboard's own code, and an encoder folder with its Dense layers and prompts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import load_file_module

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tiny_computer_agent" / "brains" / "models" / "intent" / "cases"
DEV = ROOT / "benchmarks" / "intent" / "dev"


@pytest.fixture(scope="module")
def stack() -> Any:
    pytest.importorskip("torch", reason="the stacker trains on torch (the 'intent' extra)")
    return load_file_module(ROOT / "scripts" / "intent_stack.py", "intent_stack")


def _folders(tmp: Path) -> tuple[list[Path], Path]:
    """Two writers' cases (a file each) and a held-out folder of two dev files."""
    writers = []
    for writer, name in (("wa", "archives.json"), ("wb", "sign_in.json")):
        (tmp / writer).mkdir(parents=True)
        shutil.copy(CASES / writer / name, tmp / writer / name)
        writers.append(tmp / writer)
    (tmp / "dev").mkdir()
    for name in ("confirm.json", "files.json"):
        shutil.copy(DEV / name, tmp / "dev" / name)
    return writers, tmp / "dev"


def test_the_stacker_starts_at_the_shipped_brain_and_then_learns(
    stack: Any, tmp_path: Path
) -> None:
    writers, dev = _folders(tmp_path)
    out = tmp_path / "untrained.json"
    assert stack.main(["--train", *map(str, writers), "--heldout", str(dev), "--epochs", "0",
                       "--out", str(out)]) == 0  # fmt: skip
    found = json.loads(out.read_text())
    rows = found["held-out"]["dev"]
    # no training: the same decisions as the shipped brain, case for case
    assert rows["stacked"]["held-out"] == rows["shipped"]["held-out"], rows
    assert rows["stacked"]["nothing fits"] == rows["shipped"]["nothing fits"], rows
    assert 0 < found["train cases"] <= 60 + 78  # a case with earlier steps is left out
    out = tmp_path / "trained.json"
    assert stack.main(["--train", *map(str, writers), "--heldout", str(dev), "--epochs", "3",
                       "--cv", "--model", "mlp", "--out", str(out)]) == 0  # fmt: skip
    found = json.loads(out.read_text())
    left_out = found["leave one writer out"]
    assert set(left_out) == {"wa", "wb"}
    assert sum(w["cases"] for w in left_out.values()) == found["train cases"]
    assert all(0 <= w["stacked"] <= 1 and 0 <= w["shipped"] <= 1 for w in left_out.values())


def test_the_features_say_what_each_entry_is(stack: Any) -> None:
    pytest.importorskip("numpy")
    import numpy as np

    pairs = [("Delete", "button"), ("Keep", "button"), ("Delete the file?", "text")]
    each = [([3.0, 1.0, 2.0], 1.5), ([5.0, 1.0, 2.0], 2.5)]  # two members
    x, z = stack.features("don't delete it", pairs, each, np.asarray([0.9, 0.2, 0.8], np.float32))
    assert x.shape == (3, 18 + len(stack.KINDS)) and z.shape == (10,)
    assert x[0, 0] == 4.0 and x[0, 1] == 0.0 and x[0, 2] == 2.0  # mean, to the best, to nothing
    assert x[0, 3] == 1.0  # the members' spread
    assert list(x[:, 4]) == [1, 0, 0] and list(x[:, 6]) == [0, 1, 0]  # ranks 1 and 3
    assert x[0, 11] == 1.0 and x[1, 11] == 0.0  # the goal holds "delete", not "keep"
    assert list(x[:, 12]) == [0, 0, 1]  # the question is prose
    assert x[0, 15] == 0.0 and x[1, 15] == -3.0  # the negation times the gap to the best
    assert z[0] == 2.0 and z[1] == 2.0 and z[2] == 2.0 and z[6] == 1.0  # nothing, margins, "don't"


def test_an_encoder_folder_is_compared_blended_and_probed(stack: Any, tmp_path: Path) -> None:
    """The MiniLM wheel's own folder with an identity Dense layer and no prompts ranks as
    the package's stock MiniLM does: the comparison of another encoder is like for like.
    A head trained on its frozen vectors decides every case alone."""
    pytest.importorskip("transformers", reason="the encoder runs on transformers")
    import numpy as np
    from safetensors.numpy import save_file

    from tiny_computer_agent.brains.models._minilm_np import model_folder

    encoder = tmp_path / "encoder"
    shutil.copytree(model_folder("minilm"), encoder)
    (encoder / "2_Dense").mkdir()
    save_file(
        {"linear.weight": np.eye(384, dtype=np.float32)},
        str(encoder / "2_Dense" / "model.safetensors"),
    )
    writers, dev = _folders(tmp_path / "cases")
    out = tmp_path / "encoder.json"
    run = ["--train", str(writers[0]), "--heldout", str(dev), "--epochs", "0"]
    run += ["--encoder", str(encoder), "--threads", "1", "--probe", "2", "--out", str(out)]
    assert stack.main(run) == 0
    found = json.loads(out.read_text())
    shot = found["encoder"]["zero-shot"]["dev"]
    assert abs(shot["encoder top-1"] - shot["minilm top-1"]) <= 1 / shot["cases"], shot
    assert shot["encoder top-1"] <= shot["encoder top-3"]
    rows = found["held-out"]["dev"]
    assert set(rows) == {"shipped", "stacked", "blended", "probe"}, rows
    assert rows["probe"]["held-out"].endswith("/24)"), rows  # every case decided
    assert found["encoder"]["W"] in (0, 2, 4, 6, 8, 10, 12, 15, 20)
