"""A cross-encoder that reads the goal with each of the intent brain's best few entries.

The intent brain embeds the goal and every label apart (a bi-encoder): quick, and the
label vectors are cached, but the goal's words never meet the label's. The re-ranker
reads them together, one MiniLM pass per pair::

    [CLS] goal [SEP] label | kind: the screen's title or question [SEP]

(the second segment token type 1), and scores the pair ``scale * cos(mean of the goal's
tokens, mean of the label's tokens) + bias``; "nothing fits" scores ``nothing + w . g``,
``g`` the goal's pooled vector averaged over the pairs. A residual head adds the
bi-encoder's own scores, times a learned weight, so that it learns what to change rather
than the whole ranking. Only the bi-encoder's top ``k`` entries are read again (``k`` is
in ``rerank.json``); the others cannot be chosen.

It lives in an adapter's ``rerank/`` folder (none ships: measured, none has done better
than the brain without it): a LoRA adapter of the stock MiniLM (peft's files), its head
(``head.safetensors``) and ``rerank.json``. It runs on the
numpy MiniLM (:mod:`._minilm_np`), the LoRA merged into its own copy of the weights.
It is trained by ``scripts/intent_rerank.py`` and joined to an adapter by
``train_intent --rerank DIR``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from ..._errors import BrainError

__all__ = [
    "RERANK",
    "RERANK_FILES",
    "Reranker",
    "context_of",
    "reranked",
    "top_k",
]

#: The folder, inside an adapter's, of the re-ranker.
RERANK: Final = "rerank"
RERANK_FILES: Final = (
    "adapter_config.json",
    "adapter_model.safetensors",
    "head.safetensors",
    "rerank.json",
)
#: The weights a re-ranker's head holds (a residual head also ``base``).
_HEAD: Final = frozenset({"scale", "bias", "nothing", "nothing_goal"})
#: Tokens read of the goal, the label and the context after it.
GOAL_TOKENS, LABEL_TOKENS, CONTEXT_TOKENS = 32, 24, 16


def top_k(scores: Sequence[float], k: int) -> list[int]:
    """The indexes of the ``k`` best scores, best first (ties: the earlier entry)."""
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))[:k]


def context_of(entries: Sequence[tuple[str, str]], label: str, kind: str) -> str:
    """A little context for ``label``: its kind and the screen's first title or question
    (a title, text, or a label ending in '?') other than itself."""
    prose = [t for t, k in entries if t != label and (k in ("title", "text") or t.endswith("?"))]
    return f"{kind or 'entry'}" + (f": {prose[0]}" if prose else "")


def reranked(scores: Sequence[float], picked: Sequence[int], row: Sequence[float]) -> list[float]:
    """Every entry's score once the re-ranker's ``row`` (one logit per ``picked``
    entry, then nothing fits) replaced the top ones': the others score below all of
    them, in the bi-encoder's order, so that they can be listed but never chosen."""
    floor = min(row[: len(picked)], default=0.0) - 20.0
    out = [0.0] * len(scores)
    read = set(picked)
    rest = [i for i in top_k(scores, len(scores)) if i not in read]
    for rank, i in enumerate(rest):
        out[i] = floor - rank
    for slot, i in enumerate(picked):
        out[i] = row[slot]
    return out


class Reranker:
    """The re-ranker in ``folder`` on the numpy MiniLM: ``base`` is the stock model's
    weights (``read_safetensors``), ``heads`` its attention heads."""

    def __init__(self, folder: Path, base: dict[str, Any], tokenizer: Any, heads: int) -> None:
        import numpy as np

        from ._minilm_np import Encoder, merge_lora, read_safetensors

        missing = [n for n in RERANK_FILES if not (folder / n).is_file()]
        if missing:
            raise BrainError(f"intent re-ranker: missing {', '.join(missing)} in {folder}")
        try:
            about = json.loads((folder / "rerank.json").read_text(encoding="utf-8"))
            config = json.loads((folder / "adapter_config.json").read_text(encoding="utf-8"))
            self.k = int(about["k"])
        except (ValueError, KeyError, TypeError) as exc:
            raise BrainError(f"intent re-ranker in {folder}: a bad rerank.json ({exc})") from exc
        lora = read_safetensors(folder / "adapter_model.safetensors")
        self.np, self.tokenizer = np, tokenizer
        self.encoder = Encoder(merge_lora(base, lora, config), tokenizer, heads)
        head = read_safetensors(folder / "head.safetensors")
        if lacking := sorted(_HEAD - set(head)):
            raise BrainError(
                f"intent re-ranker in {folder}: head.safetensors lacks {', '.join(lacking)}; "
                "it is not a re-ranker's head (train one with scripts/intent_rerank.py)"
            )
        self.head = {k: np.asarray(v, dtype=np.float32) for k, v in head.items()}

    def _ids(self, text: str, limit: int) -> list[int]:
        ids: list[int] = self.tokenizer.encode(text)[1:-1][:limit]
        return ids

    def row(
        self, goal: str, pairs: Sequence[tuple[str, str]], base: Sequence[float]
    ) -> list[float]:
        """One logit per ``(label, context)`` pair, then nothing fits. ``base`` holds the
        bi-encoder's scores of the same entries, then of nothing fits: a residual head
        (one with a ``base`` weight) adds them, weighed, to its own."""
        np, tok, h = self.np, self.tokenizer, self.head
        g = self._ids(goal, GOAL_TOKENS)
        rows, types, spans = [], [], []
        for label, context in pairs:
            lab, ctx = self._ids(label, LABEL_TOKENS), self._ids(context, CONTEXT_TOKENS)
            a, b = [tok.cls, *g, tok.sep], [*lab, tok.ids["|"], *ctx, tok.sep]
            rows.append(a + b)
            types.append([0] * len(a) + [1] * len(b))
            spans.append((len(a), len(a) + len(lab)))
        hidden = self.encoder.forward(rows, types)
        starts = np.cumsum([0] + [len(r) for r in rows])
        out, goals = [], []
        for j, (lo, hi) in enumerate(spans):
            x = hidden[starts[j] : starts[j + 1]]
            gv, lv = x[1 : 1 + len(g)].mean(0), x[lo:hi].mean(0)
            gv = gv / max(float(np.linalg.norm(gv)), 1e-12)
            lv = lv / max(float(np.linalg.norm(lv)), 1e-12)
            out.append(float(h["scale"] * (gv @ lv) + h["bias"]))
            goals.append(gv)
        pooled = np.mean(goals, axis=0)
        out.append(float(h["nothing"] + pooled @ h["nothing_goal"]))
        if "base" in h:  # the bi-encoder's scores underneath, weighed
            weight = float(h["base"])
            out = [
                v + weight * b for v, b in zip(out, [*base[: len(pairs)], base[-1]], strict=True)
            ]
        return out
