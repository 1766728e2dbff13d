"""A learned second opinion beside the irreversible rules (issue 37): labels the word
lists never met.

The rules (:mod:`._irreversible`) are reviewed like code and say why; they miss about
one irreversible label in six written by someone who never saw them. This scorer is a
logistic regression over a label's character n-grams (1 to 5 letters, each word read with
a space on each side), trained by ``scripts/irreversible_learner.py`` on every labelled
row of ``tests/data/`` but the newest two passes, plus the short strings of the gettext
catalogs installed here as a background of ordinary labels (the ones the rules pass), so
that ``Sekunden`` or ``A4×6`` does not read as a payment. Its weights are data
(``data/irreversible_learned.json``), scored here with the standard library.

It can only add a flag, never lift one: with ``--irreversible-learner``
(``Policy(irreversible_learner=True)``) the policy asks it about a press the rules
passed, and a label it scores at :data:`THRESHOLD` or more needs a person's yes like any
irreversible press (``--allow-irreversible LABEL``). It is off by default: on this
repository's own real programs it asked about ``Replace All``, ``Sign out``, ``Submit``
and ``Reset``, which the rules pass on purpose. It reads the label alone: a dialog's yes
stays the rules' job, and a label that is a way out (``Cancel``, ``Keep``) or a generic
yes (``OK``, ``Continue``) is not scored at all. Beside it, where it is on, a generic yes
to a question the rules did not read as an act asks too (:func:`doubt_in`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from typing import Final

from ._irreversible import is_assent, is_refusal

__all__ = ["MAX_WORDS", "THRESHOLD", "Learned", "doubt", "doubt_in", "ngrams", "score", "weights"]

#: A label scored at this or more is flagged. Fixed on pass 8 before any set it is
#: measured on was counted (``scripts/irreversible_learner.py`` says which).
THRESHOLD: Final = 0.8
#: Longer labels are not scored: it learned from labels, not from sentences.
MAX_WORDS: Final = 8
MAX_CHARS: Final = 64
#: The shortest and longest n-gram.
MIN_N: Final = 1
MAX_N: Final = 5
_DIGITS: Final = re.compile(r"\d+([.,]\d+)*")


@dataclasses.dataclass(frozen=True, slots=True)
class Learned:
    """The weights: ``bias`` and a weight per n-gram (an n-gram not listed weighs 0)."""

    bias: float
    weight: Mapping[str, float]
    about: str = ""


def normalise(label: str) -> str:
    """NFKC, case folded, every run of digits one ``0`` (amounts, counts and dates
    alike)."""
    return _DIGITS.sub("0", unicodedata.normalize("NFKC", label).casefold())


def ngrams(label: str) -> Iterator[str]:
    """The character n-grams of ``label`` (normalised), word by word, each word with a
    space on both sides; a word shorter than n gives itself once (scikit-learn's
    ``char_wb``, so training and scoring read alike)."""
    for word in normalise(label).split():
        padded = f" {word} "
        for n in range(MIN_N, MAX_N + 1):
            if len(padded) <= n:
                yield padded
                break
            for i in range(len(padded) - n + 1):
                yield padded[i : i + n]


def features(label: str) -> dict[str, float]:
    """Each n-gram of ``label`` at ``1 + log(count)``, the vector scaled to length 1 over
    all of the label's n-grams (known to the weights or not)."""
    counts: dict[str, int] = {}
    for gram in ngrams(label):
        counts[gram] = counts.get(gram, 0) + 1
    values = {g: 1.0 + math.log(c) for g, c in counts.items()}
    length = math.sqrt(sum(v * v for v in values.values())) or 1.0
    return {g: v / length for g, v in values.items()}


@functools.cache
def weights() -> Learned:
    """The shipped weights (read once)."""
    path = resources.files(__package__).joinpath("data").joinpath("irreversible_learned.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return Learned(bias=float(data["bias"]), weight=data["weight"], about=str(data["about"]))


def score(label: str, learned: Learned | None = None) -> float:
    """How likely pressing ``label`` cannot be undone, 0 to 1."""
    learned = learned or weights()
    z = learned.bias + sum(v * learned.weight.get(g, 0.0) for g, v in features(label).items())
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


#: A question mark in any script (Latin, full-width, Arabic, Greek's ``;``).
_QUESTION: Final = re.compile("[?\uff1f\u061f\u037e]")


def doubt_in(label: str, texts: Sequence[str]) -> str | None:
    """The second opinion on a dialog's generic yes (``OK``, ``Yes``, ``Continue``,
    which :func:`doubt` does not score): a yes to a question (``texts``: its dialog's)
    that the rules did not read as an act asks too, whatever the question's words (decided
    after issue 37's fourth fresh pass: a dialog says what happens in words no list
    holds). A yes under a statement with no question (``Saved.``) is not asked about."""
    if not is_assent(label):
        return None
    asked = next((t for t in texts if _QUESTION.search(t)), None)
    if asked is None:
        return None
    said = " ".join(asked.split())
    return (
        f"{label!r} answers the question {said[:80]!r}, which the rules could not read as "
        "harmless or not: with a person to answer, a yes to a question asks first"
    )


def doubt(label: str, learned: Learned | None = None, threshold: float = THRESHOLD) -> str | None:
    """Why pressing ``label``, which the rules passed, may not be undone: its score when
    at :data:`THRESHOLD` or more, else None. A generic yes or a way out is not scored
    (what it does is its dialog's, read by the rules), nor a label longer than
    :data:`MAX_WORDS` words or :data:`MAX_CHARS` characters, nor one with no letter."""
    text = label.strip()
    if not any(c.isalpha() for c in text) or len(text) > MAX_CHARS:
        return None
    if len(text.split()) > MAX_WORDS or is_assent(text) or is_refusal(text):
        return None
    p = score(text, learned)
    if p < threshold:
        return None
    return (
        f"{label!r} may be irreversible: the learned second opinion scores it {p:.2f} "
        f"(flagged from {threshold}); the rules did not flag it"
    )
