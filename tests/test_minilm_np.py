"""The intent brain on numpy (tiny_computer_agent/brains/models/_minilm_np.py): its tokenizer
against the ``tokenizers`` library, its vectors and scores against torch's for the same
weights, a decision in a process where torch cannot be imported, and bad files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tiny_computer_agent._errors import BrainError
from tiny_computer_agent.brains.models._intent import ADAPTER_DIR
from tiny_computer_agent.brains.models._intent_data import INVENTORY_DIR

np = pytest.importorskip("numpy", reason="the numpy runtime needs numpy (the 'ocr' extra)")
from tiny_computer_agent.brains.models._minilm_np import (  # noqa: E402
    WordPiece,
    merge_lora,
    model_folder,
    read_safetensors,
    set_blas_threads,
)

ROOT = Path(__file__).resolve().parents[1]
#: Odd text a screen or a user can give: accents, CJK, tabs, control and format
#: characters, a word longer than 100 characters, one with no word piece, punctuation.
ODD = (
    "Café naïve — “quoted” ½ 東京 tab\there",
    "x" * 120,
    "supercalifragilisticexpialidocious!!",
    "e-mail: a.b@c.com (ok?)",
    "zero\u200bwidth\x00nul\x07bell\ufffd",
    "ÀÉÎÕÜ ß ﬁ İstanbul",
    "‹ Back | Next ›  ★★★☆ 5/5 → €9.99",
    "🙂 emoji ✔ done",
    " ".join(["word"] * 90),  # past 64 tokens: truncated
)


def _minilm() -> Path:
    try:
        return model_folder("minilm")
    except BrainError as exc:
        pytest.skip(f"the MiniLM wheel is not installed ({exc})")


def _inventory_texts() -> list[str]:
    texts: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, str):
            texts.append(node)
        elif isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(INVENTORY_DIR.glob("*.json")):
        walk(json.loads(path.read_text()))
    return texts


def test_the_tokenizer_matches_the_tokenizers_library_on_the_inventory_and_odd_text() -> None:
    tokenizers = pytest.importorskip("tokenizers", reason="the reference tokenizer is missing")
    folder = _minilm()
    reference = tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json"))
    reference.enable_truncation(64)
    reference.no_padding()
    ours = WordPiece.from_file(folder / "vocab.txt", 64)
    texts = [*_inventory_texts(), *ODD]
    assert len(texts) > 10_000
    wrong = [t for t in texts if ours.encode(t) != reference.encode(t).ids]
    assert wrong == []
    assert len(ours.encode(ODD[-1])) == 64 and ours.encode("x" * 120)[1] == ours.unk


@pytest.mark.model
def test_vectors_and_scores_match_torchs_for_the_same_weights() -> None:
    pytest.importorskip("torch", reason="the torch runtime needs the 'intent' extra")
    pytest.importorskip("peft", reason="the torch runtime needs the 'intent' extra")
    _minilm()
    from tiny_computer_agent._elements import Element
    from tiny_computer_agent.brains.models import IntentBrain

    on_numpy, on_torch = IntentBrain(threads=1), IntentBrain(threads=1, runtime="torch")
    texts = [*_inventory_texts()[::97], *ODD]
    for adapted in (False, True):
        a = on_numpy._encode(on_numpy.loaded("test"), texts, adapted=adapted)
        b = on_torch._encode(on_torch.loaded("test"), texts, adapted=adapted)
        assert a.shape == b.shape == (len(texts), 384)
        assert float(np.abs(a - b).max()) < 1e-5
    labels = ("Save", "Don't Save", "Cancel", "Zoom In", "Zoom Out", "Friday", "OK")
    entries = [Element(label=t, box=(0, 0, 9, 9), source="ocr", kind="button") for t in labels]
    for goal in ("forget my edits", "make it bigger", "book the friday slot", "email bob"):
        (sa, na), (sb, nb) = on_numpy.scores(goal, entries), on_torch.scores(goal, entries)
        assert max(abs(x - y) for x, y in zip(sa, sb, strict=True)) < 1e-3
        assert abs(na - nb) < 1e-3
    assert on_numpy.settings()["runtime"] == "auto" and not on_numpy.on_torch
    assert on_torch.on_torch
    assert IntentBrain(device="cuda").on_torch  # a GPU goes through torch


_NO_TORCH = """
import importlib.abc, sys

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("torch", "transformers", "peft", "tokenizers"):
            raise ImportError(f"{name} is blocked in this test")
        return None

sys.meta_path.insert(0, Refuse())
from tiny_computer_agent import Observation, build_menu
from tiny_computer_agent._elements import Element
from tiny_computer_agent.brains.models import IntentBrain
from tiny_computer_agent.registry import intent_available

labels = ("Thursday", "Friday", "Saturday", "Cancel", "OK")
elements = [Element(label=t, box=(10, 30 * i, 200, 30 * i + 24), source="ocr", kind="button")
            for i, t in enumerate(labels)]
menu = build_menu(Observation.of(elements, size=(400, 400)))
brain = IntentBrain(threads=1, unsure_below=0)
decision = brain.decide("book the Friday slot", menu, ())
print(intent_available()[0], decision.action.verb, decision.action.target,
      [m for m in ("torch", "transformers", "peft") if m in sys.modules])
"""


@pytest.mark.model
def test_the_intent_brain_decides_in_a_process_where_torch_cannot_be_imported() -> None:
    _minilm()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_NO_TORCH)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "click", "Friday", "[]"]


def test_a_file_that_is_not_safetensors_is_refused_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "model.safetensors"
    bad.write_bytes(b"\xff" * 64)  # a header length far past the file
    with pytest.raises(BrainError, match=r"model\.safetensors is not a safetensors file"):
        read_safetensors(bad)
    header = json.dumps({"w": {"dtype": "F32", "shape": [4], "data_offsets": [0, 8]}}).encode()
    bad.write_bytes(len(header).to_bytes(8, "little") + header + b"\0" * 8)  # 2 floats, not 4
    with pytest.raises(BrainError, match="not a safetensors file"):
        read_safetensors(bad)
    header = json.dumps({"w": {"dtype": "BF16", "shape": [1], "data_offsets": [0, 2]}}).encode()
    bad.write_bytes(len(header).to_bytes(8, "little") + header + b"\0" * 2)
    with pytest.raises(BrainError, match="BF16"):
        read_safetensors(bad)


def test_safetensors_round_trip_and_lora_merges_as_w_plus_b_a_times_alpha_over_r(
    tmp_path: Path,
) -> None:
    rng = np.random.default_rng(0)
    w, a, b = (rng.standard_normal(s).astype(np.float32) for s in ((6, 4), (2, 4), (6, 2)))
    tensors = {"layer.dense.weight": w}
    header: dict[str, object] = {}
    blob = b""
    for name, array in tensors.items():
        header[name] = {"dtype": "F32", "shape": list(array.shape),
                        "data_offsets": [len(blob), len(blob) + array.nbytes]}  # fmt: skip
        blob += array.tobytes()
    raw = json.dumps(header).encode()
    path = tmp_path / "w.safetensors"
    path.write_bytes(len(raw).to_bytes(8, "little") + raw + blob)
    read = read_safetensors(path)
    assert np.array_equal(read["layer.dense.weight"], w)
    lora = {
        "base_model.model.layer.dense.lora_A.weight": a,
        "base_model.model.layer.dense.lora_B.weight": b,
    }
    merged = merge_lora(read, lora, {"lora_alpha": 8, "r": 2})
    assert np.allclose(merged["layer.dense.weight"], w + (b @ a) * 4.0)
    assert np.array_equal(read["layer.dense.weight"], w)  # the base is not changed
    with pytest.raises(BrainError, match="DoRA"):
        merge_lora(read, lora, {"lora_alpha": 8, "r": 2, "use_dora": True})
    with pytest.raises(BrainError, match="no matching weight"):
        merge_lora({}, lora, {"lora_alpha": 8, "r": 2})


def test_the_shipped_adapter_merges_into_every_encoder_layer() -> None:
    folder = _minilm()
    base = read_safetensors(folder / "model.safetensors")
    lora = read_safetensors(ADAPTER_DIR / "adapter_model.safetensors")
    config = json.loads((ADAPTER_DIR / "adapter_config.json").read_text())
    merged = merge_lora(base, lora, config)
    changed = {k for k in base if not np.array_equal(base[k], merged[k])}
    assert len(changed) == 6 * 6  # query, key, value and three dense layers in six layers
    assert all(k.startswith("encoder.layer.") and k.endswith(".weight") for k in changed)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/maps")
def test_blas_threads_are_set_in_the_openblas_numpy_loaded() -> None:
    import ctypes

    np.ones((64, 64)) @ np.ones((64, 64))  # OpenBLAS is loaded
    maps = Path("/proc/self/maps").read_text().splitlines()
    paths = {line.split()[-1] for line in maps if "openblas" in line.rsplit("/", 1)[-1].lower()}
    if not paths:
        pytest.skip("this numpy does not use OpenBLAS")
    getters = []
    for path in sorted(paths):  # numpy's, and any other package's
        lib = ctypes.CDLL(path)
        names = ("scipy_openblas_get_num_threads64_", "openblas_get_num_threads")
        getters += [getattr(lib, n) for n in names if hasattr(lib, n)][:1]
    before = getters[0]()
    try:
        assert set_blas_threads(1) and [g() for g in getters] == [1] * len(getters)
        # OpenBLAS does not go past the cores it started with
        two = min(2, os.cpu_count() or 1)
        assert set_blas_threads(2) and [g() for g in getters] == [two] * len(getters)
    finally:
        set_blas_threads(before)


def test_a_model_folder_without_the_numpy_runtimes_files_says_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(BrainError, match=r"lacks vocab\.txt, model\.safetensors"):
        model_folder(str(tmp_path))


@pytest.mark.model
def test_a_broken_adapter_config_is_a_brain_error_naming_the_file(tmp_path: Path) -> None:
    import shutil

    from tiny_computer_agent.brains.models import IntentBrain

    _minilm()
    adapter = tmp_path / "adapter"
    shutil.copytree(ADAPTER_DIR, adapter)
    (adapter / "adapter_config.json").write_text('{"r": 16,')  # cut short
    with pytest.raises(BrainError, match=r"adapter_config\.json could not be read as JSON"):
        IntentBrain(adapter=adapter).loaded("a test")


@pytest.mark.model
def test_the_embed_brain_gives_the_same_vectors_and_choices_on_numpy_as_on_torch() -> None:
    pytest.importorskip("torch", reason="the torch runtime needs the 'vision' extra")
    _minilm()
    from tiny_computer_agent import build_menu
    from tiny_computer_agent.brains.models import EmbedBrain

    from .helpers import dialog

    on_numpy, on_torch = EmbedBrain(threads=1), EmbedBrain(threads=1, runtime="torch")
    texts = ["save the document", "File", "Save", *ODD]
    a, b = on_numpy.embed(texts), on_torch.embed(texts)
    assert a.shape == b.shape == (len(texts), 384)
    assert float(np.abs(a - b).max()) < 1e-5
    menu = build_menu(dialog("Open", "Close", "Print", "Save As", "Help", "Quit"))
    for goal in ("print the page", "save it under a new name", "exit the program"):
        ours, theirs = on_numpy.scores(goal, menu.entries), on_torch.scores(goal, menu.entries)
        assert max(abs(x - y) for x, y in zip(ours, theirs, strict=True)) < 1e-5
    assert on_numpy.decide("print the page", menu, ()).action.target == "Print"
    assert not on_numpy.on_torch and on_torch.on_torch


def test_the_numpy_head_is_the_trained_heads_arithmetic(tmp_path: Path) -> None:
    """Head.scores (what decides) against make_head's forward (what trains), every term
    set, the context term included; and a head saved without it decides as before."""
    torch = pytest.importorskip("torch", reason="the trained head is a torch module")
    from safetensors.torch import save_file

    from tiny_computer_agent._elements import KINDS
    from tiny_computer_agent.brains.models._intent import load_head, make_head

    torch.manual_seed(3)
    head = make_head(torch, 8)
    with torch.no_grad():
        for p in head.parameters():
            p.add_(0.3 * torch.randn_like(p))
    goal = torch.nn.functional.normalize(torch.randn(1, 8), dim=-1)
    stock = torch.nn.functional.normalize(torch.randn(1, 8), dim=-1)
    labels = torch.randn(1, 5, 8)
    kinds, shared = torch.tensor([[1, 2, 0, 11, 1]]), torch.rand(1, 5)
    asked, mask = torch.rand(1, 5), torch.zeros(1, 5, dtype=torch.bool)
    with torch.no_grad():
        want = head(goal, labels, kinds, mask, overlap=shared, context=asked, stock_goal=stock)
    state = {k: v.detach().contiguous() for k, v in head.state_dict().items()}
    save_file(state, str(tmp_path / "head.safetensors"))
    about = {"format": "tiny-computer-agent/intent-head", "dim": 8, "kinds": list(KINDS)}
    (tmp_path / "head.json").write_text(json.dumps(about))
    scores, nothing = load_head(tmp_path).scores(
        goal[0].numpy(), labels[0].numpy(), kinds[0].tolist(), shared[0].tolist(),
        context=asked[0].tolist(), stock_goal=stock[0].numpy(),
    )  # fmt: skip
    assert [*scores, nothing] == pytest.approx(want[0].tolist(), abs=1e-4)
    del state["context"], state["context_goal"]  # a head trained before the context term
    save_file(state, str(tmp_path / "head.safetensors"))
    old, _ = load_head(tmp_path).scores(
        goal[0].numpy(), labels[0].numpy(), kinds[0].tolist(), shared[0].tolist(),
        context=asked[0].tolist(), stock_goal=stock[0].numpy(),
    )  # fmt: skip
    with torch.no_grad():
        plain = head(goal, labels, kinds, mask, overlap=shared, stock_goal=stock)
    assert old == pytest.approx(plain[0, :-1].tolist(), abs=1e-4)
