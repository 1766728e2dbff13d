"""Distractors from real programs' labels, for the intent brain's training menus
(``train_intent --distractors FILE``; off in the shipped recipe).

Issue 35 measured where the brain loses: new words on the inventory's own labels and
screens score 77 %, hand-written cases with their own labels and screens 46-61 %. The
generator's menus hold only the inventory's labels, about 3,000 strings; a real screen
holds many more the brain has never seen beside a goal. This adds, to a ``share`` of
training menus, one to four labels that real programs write (a file of strings, such as
``scripts/ui_strings.py`` reads from gettext catalogs), as wrong answers.

A real label may mean what the goal asks ("Discard" beside "don't save it"), and then it
is no wrong answer. So a string may stand beside a concept only when the base model's
cosine to every one of the concept's labels is below :data:`MAX_COSINE`, and never when
it is one of the inventory's labels (those have concepts of their own). The filter is
computed once, before training; nothing here runs when the brain decides."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from ..._elements import normalize_label
from ._intent_data import Inventory

#: a string at least this close (cosine of the base model's mean-pooled embeddings) to
#: one of a concept's labels may mean the same: it never stands beside that concept
MAX_COSINE: Final = 0.5
#: the kinds a distractor is shown as, drawn (OCR often does not know the kind)
_KINDS: Final = ("button", "button", "menuitem", "", "text", "item")
_MAX_STRINGS: Final = 100_000


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Distractors:
    """Label strings and, by concept id, which of them may stand beside that concept;
    ``share``: the share of training menus that get one to four of them."""

    strings: tuple[str, ...]
    allowed: Mapping[str, tuple[int, ...]]
    share: float = 0.5
    source: str = ""

    def about(self) -> dict[str, object]:
        """What the model card says of them."""
        counts = sorted(len(v) for v in self.allowed.values())
        return {
            "distractors": len(self.strings),
            "distractor_share": self.share,
            "distractor_source": self.source,
            "distractors_per_concept_median": counts[len(counts) // 2] if counts else 0,
        }

    def add(
        self, controls: list[tuple[str, str]], concept: str, rng: random.Random
    ) -> list[tuple[str, str]]:
        """``controls`` with, for ``share`` of calls, one to four distractors allowed
        beside ``concept`` put in at random places (none that is already there)."""
        pool = self.allowed.get(concept, ())
        if not pool or rng.random() >= self.share:
            return controls
        seen = {normalize_label(label) for label, _ in controls}
        out = list(controls)
        for i in rng.sample(pool, min(len(pool), rng.randint(1, 4))):
            label = self.strings[i]
            if normalize_label(label) not in seen:
                seen.add(normalize_label(label))
                out.insert(rng.randrange(len(out) + 1), (label, rng.choice(_KINDS)))
        return out


def read_strings(path: Path) -> tuple[tuple[str, ...], str]:
    """The strings of a distractor file (``{"source": ..., "strings": [...]}`` or a bare
    list), and its source; ValueError says what is wrong with it."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"--distractors {path}: not a readable JSON file ({exc})") from exc
    items = data.get("strings") if isinstance(data, dict) else data
    if not isinstance(items, list) or not all(isinstance(s, str) for s in items):
        raise ValueError(
            f'--distractors {path}: give {{"strings": ["Label", ...]}} or a list of strings'
        )
    strings = tuple(dict.fromkeys(s.strip() for s in items if s.strip()))
    if not strings or len(strings) > _MAX_STRINGS:
        raise ValueError(f"--distractors {path}: {len(strings)} strings; give 1 to {_MAX_STRINGS}")
    source = str(data.get("source", "")) if isinstance(data, dict) else ""
    return strings, source or str(path)


def build(
    inventory: Inventory,
    strings: Sequence[str],
    embed: Callable[[Sequence[str]], Any],
    *,
    share: float = 0.5,
    source: str = "",
) -> Distractors:
    """:class:`Distractors` of ``strings`` for ``inventory``: the inventory's own labels
    taken out, and by concept the strings whose cosine (``embed`` gives unit rows, numpy)
    to each of its labels is below :data:`MAX_COSINE`."""
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"--distractor-share {share}: give a share between 0 and 1")
    known = {normalize_label(label) for c in inventory.concepts for label in c.labels}
    kept = tuple(s for s in strings if normalize_label(s) not in known)
    labels = sorted({label for c in inventory.concepts for label in c.labels})
    row = {label: i for i, label in enumerate(labels)}
    theirs, ours = embed(kept), embed(labels)
    closest = ours @ theirs.T  # labels x strings
    allowed: dict[str, tuple[int, ...]] = {}
    for concept in inventory.concepts:
        near = closest[[row[label] for label in concept.labels]].max(axis=0)
        allowed[concept.id] = tuple(int(i) for i in (near < MAX_COSINE).nonzero()[0])
    return Distractors(strings=kept, allowed=allowed, share=share, source=source)


def base_embedder(model: str = "minilm", threads: int = 1) -> Callable[[Sequence[str]], Any]:
    """The base model's embeddings on numpy (unit rows), as the brain reads labels."""
    from ._minilm_np import Encoder, WordPiece, model_folder, read_safetensors, set_blas_threads

    set_blas_threads(threads)
    folder = model_folder(model)
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    encoder = Encoder(
        read_safetensors(folder / "model.safetensors"),
        WordPiece.from_file(folder / "vocab.txt", 64),
        int(config.get("num_attention_heads", 12)),
    )

    def embed(texts: Sequence[str]) -> Any:
        import numpy as np

        parts = [encoder.embed(texts[i : i + 256]) for i in range(0, len(texts), 256)]
        return np.concatenate(parts) if parts else encoder.embed([])

    return embed
