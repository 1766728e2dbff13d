"""How sure the intent brain is of a decision, and below which confidence it asks.

Every decision's scores (the menu's entries and "nothing fits") become probabilities by
a softmax at a temperature ``T`` fitted on the synthetic dev split (phrasings and labels
the training never saw): the ``T`` that minimises the dev decisions' negative
log-likelihood. The confidence of a decision is the probability of what it chose; its
margins are to the runner-up and to "nothing fits". The threshold is the lowest
confidence whose dev decisions at or above it are right at least ``precision`` of the
time (95 %): below it the brain does not guess (:class:`~tiny_computer_agent.Unsure`).

Both numbers ship beside the adapter in ``confidence.json``
(``python -m tiny_computer_agent.brains.models.train_intent --calibrate-confidence``
writes it again for the weights there). Pure standard library: a decision's
arithmetic is a dozen exponentials.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

__all__ = [
    "CONFIDENCE_FILE",
    "Calibration",
    "Confidence",
    "choose_threshold",
    "confidence",
    "fit_temperature",
    "load_calibration",
    "precision_coverage",
]

CONFIDENCE_FILE: Final = "confidence.json"
#: The precision the shipped threshold is chosen for, on the synthetic dev split.
TARGET_PRECISION: Final = 0.95
#: A threshold must leave at least this share of dev decisions above it (else: 1.0).
MIN_COVERAGE: Final = 0.02
_T_RANGE: Final = (0.02, 50.0)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Confidence:
    """One decision's calibrated probabilities: ``ranked`` holds (entry index, or None
    for nothing fits, probability), the most likely first."""

    ranked: tuple[tuple[int | None, float], ...]

    @property
    def chosen(self) -> int | None:
        """The most likely entry's index, None when "nothing fits" is most likely."""
        return self.ranked[0][0]

    @property
    def probability(self) -> float:
        """The probability of the most likely choice: the decision's confidence."""
        return self.ranked[0][1]

    @property
    def runner_up(self) -> float:
        """How much more likely the choice is than the next one."""
        return self.ranked[0][1] - (self.ranked[1][1] if len(self.ranked) > 1 else 0.0)

    @property
    def nothing(self) -> float:
        """The probability that nothing on the menu fits."""
        return next(p for i, p in self.ranked if i is None)

    @property
    def over_nothing(self) -> float:
        """How much more likely the best entry is than "nothing fits" (negative: less)."""
        best = next((p for i, p in self.ranked if i is not None), 0.0)
        return best - self.nothing


def softmax(logits: Sequence[float], temperature: float) -> list[float]:
    """Probabilities of ``logits`` at ``temperature`` (minus infinity: 0)."""
    top = max(logits)
    weights = [math.exp((v - top) / temperature) if v > -math.inf else 0.0 for v in logits]
    total = sum(weights)
    return [w / total for w in weights]


def confidence(scores: Sequence[float], nothing: float, temperature: float) -> Confidence:
    """The calibrated probabilities of the entries' ``scores`` and of ``nothing`` fits."""
    probs = softmax([*scores, nothing], temperature)
    keyed: list[tuple[int | None, float]] = [(i, p) for i, p in enumerate(probs[:-1])]
    keyed.append((None, probs[-1]))
    return Confidence(ranked=tuple(sorted(keyed, key=lambda kp: -kp[1])))


def _nll(decisions: Sequence[tuple[Sequence[float], int]], temperature: float) -> float:
    """The mean negative log-likelihood of the right answers at ``temperature``."""
    total = 0.0
    for logits, answer in decisions:
        probs = softmax(logits, temperature)
        total -= math.log(max(probs[answer], 1e-12))
    return total / len(decisions)


def fit_temperature(decisions: Sequence[tuple[Sequence[float], int]]) -> float:
    """The temperature that makes ``decisions`` (logits with "nothing fits" last, and
    the index of the right one) most likely: a golden-section search on log T (the
    likelihood is smooth and has one minimum in T)."""
    if not decisions:
        raise ValueError("fit_temperature needs at least one decision")
    lo, hi = math.log(_T_RANGE[0]), math.log(_T_RANGE[1])
    ratio = (math.sqrt(5) - 1) / 2
    a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    fa, fb = _nll(decisions, math.exp(a)), _nll(decisions, math.exp(b))
    for _ in range(60):
        if fa <= fb:
            hi, b, fb = b, a, fa
            a = hi - ratio * (hi - lo)
            fa = _nll(decisions, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + ratio * (hi - lo)
            fb = _nll(decisions, math.exp(b))
    return math.exp((lo + hi) / 2)


def precision_coverage(
    points: Sequence[tuple[float, bool]], threshold: float
) -> tuple[float, float]:
    """(precision, coverage) of decisions with confidence at or above ``threshold``:
    the share of those that are right, and their share of all (precision 1.0 when none
    is covered)."""
    covered = [right for p, right in points if p >= threshold]
    precision = sum(covered) / len(covered) if covered else 1.0
    return precision, len(covered) / len(points) if points else 0.0


def choose_threshold(
    points: Sequence[tuple[float, bool]],
    precision: float = TARGET_PRECISION,
    min_coverage: float = MIN_COVERAGE,
) -> float:
    """The lowest confidence among ``points`` (confidence, right) whose decisions at or
    above it are right at least ``precision`` of the time, covering at least
    ``min_coverage`` of them; 1.0 (always ask) when none is."""
    for candidate in sorted({p for p, _ in points}):
        got, covered = precision_coverage(points, candidate)
        if covered < min_coverage:
            break
        if got >= precision:
            return candidate
    return 1.0


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Calibration:
    """The temperature and threshold that ship with an adapter, and the dev figures
    they were chosen on (``about``)."""

    temperature: float
    threshold: float
    about: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "tiny-computer-agent/intent-confidence",
            "temperature": round(self.temperature, 4),
            "threshold": round(self.threshold, 4),
            **self.about,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Calibration:
        known = ("format", "temperature", "threshold")
        about = {k: v for k, v in data.items() if k not in known}
        return cls(
            temperature=float(data["temperature"]), threshold=float(data["threshold"]), about=about
        )


def load_calibration(folder: Path) -> Calibration | None:
    """The calibration in ``folder`` (its ``confidence.json``), None when there is none;
    ValueError naming the file when it cannot be used."""
    path = folder / CONFIDENCE_FILE
    if not path.is_file():
        return None
    try:
        found = Calibration.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path} is not a confidence calibration ({exc}); write it again") from exc
    if not (found.temperature > 0 and 0.0 <= found.threshold <= 1.0):
        raise ValueError(f"{path}: temperature must be > 0 and threshold 0 to 1; write it again")
    return found
