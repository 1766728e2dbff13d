"""What a brain is told about the past: the last few steps, and a ledger of the rest.

A task of sixty steps must not cost more per decision at its end than at its start.
The loop keeps every step (the trace keeps everything), but a brain is given a
:class:`History`: the last :data:`HISTORY_WINDOW` steps, how many actions the whole
episode carried out, and the lines of a :class:`Ledger` that the harness writes from
the steps themselves, never from a brain's words:

    done    what was carried out, each distinct action once with a count
    facts   text that appeared after an action ("after click 'Save': 'Saved'")
    traps   actions that failed, were refused or changed nothing, and why
    left    the parts of the goal whose quoted labels no action has touched yet

Every part is bounded in entries and characters, and updated once per step, so
building a brain's history costs the same at step 60 as at step 2.
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Iterator, Sequence
from typing import Final, overload

from ._actions import QUOTED
from ._contracts import Step
from ._elements import Observation, normalize_label

__all__ = ["HISTORY_WINDOW", "History", "Ledger", "actions_done"]

#: How many of the latest steps a brain sees in full.
HISTORY_WINDOW: Final = 8
#: Bounds of the ledger: distinct actions listed, facts and traps kept, labels in one
#: fact, and characters in one line.
_DONE: Final = 8
_FACTS: Final = 6
_TRAPS: Final = 6
_FACT_LABELS: Final = 3
_LINE_CHARS: Final = 240


@dataclasses.dataclass(frozen=True, slots=True)
class History(Sequence[Step]):
    """The steps a brain is shown (the latest few) and what it is told of the rest.

    A sequence of :class:`~tiny_computer_agent._contracts.Step` like a plain tuple, so
    a brain written for ``tuple(history)`` still works; ``total`` counts the episode's
    steps so far, ``acted`` its actions carried out (each member of a batch counts),
    and ``ledger`` holds the harness's summary lines (empty while every step is shown).
    """

    steps: tuple[Step, ...] = ()
    total: int = 0
    acted: int = 0
    ledger: tuple[str, ...] = ()

    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Step, ...]: ...
    def __getitem__(self, index: int | slice) -> Step | tuple[Step, ...]:
        return self.steps[index]

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    @property
    def earlier(self) -> int:
        """How many steps happened before the ones shown."""
        return self.total - len(self.steps)


def actions_done(history: Sequence[Step]) -> int:
    """Actions carried out so far: ``history.acted`` for a :class:`History`, otherwise
    counted from the steps (each member of a batch counts)."""
    if isinstance(history, History):
        return history.acted
    return sum(len(s.performed) for s in history)


def _clip(line: str) -> str:
    return line if len(line) <= _LINE_CHARS else line[: _LINE_CHARS - 1] + "…"


@dataclasses.dataclass(kw_only=True, slots=True)
class Ledger:
    """The harness's running summary of an episode; see the module docstring.

    :meth:`add` takes each step as the loop records it (its observation is the frame
    the step's brain saw, which is also the frame after the step before it).
    """

    goal_parts: tuple[str, ...] = ()
    done: dict[str, int] = dataclasses.field(default_factory=dict)
    older: int = 0
    #: the latest fact per action (clicking '+1' sixty times is one fact, kept fresh)
    facts: dict[str, str] = dataclasses.field(default_factory=dict)
    traps: collections.deque[str] = dataclasses.field(
        default_factory=lambda: collections.deque(maxlen=_TRAPS)
    )
    touched: set[str] = dataclasses.field(default_factory=set)
    _last_acted: Step | None = None

    @classmethod
    def for_goal(cls, parts: Sequence[str]) -> Ledger:
        return cls(goal_parts=tuple(parts))

    def add(self, step: Step) -> None:
        """Take one recorded step into the ledger (constant work per step)."""
        if step.observation is not None and self._last_acted is not None:
            self._note_effect(self._last_acted, step.observation)
            self._last_acted = None
        decision = step.decision
        if decision is None:
            return
        what = " + ".join(a.describe() for a in decision.actions)
        if step.error or step.refusal:
            self.traps.append(_clip(f"{what}: {step.error or step.refusal}"))
            return
        if not step.performed:
            return
        self.done[what] = self.done.pop(what, 0) + 1  # most recent last
        if len(self.done) > _DONE:
            oldest = next(iter(self.done))
            self.older += self.done.pop(oldest)
        for action in step.performed:
            for value in (action.target, action.text, action.to):
                if value and len(self.touched) < 512:
                    self.touched.add(normalize_label(value))
        if step.result is not None and step.result.passive:
            return  # nothing on screen changed: no fact to learn from the next frame
        self._last_acted = step

    def _note_effect(self, step: Step, after: Observation) -> None:
        before = step.observation
        if before is None or step.decision is None:
            return
        what = step.decision.action.describe()
        if before.signature() == after.signature():
            self.traps.append(_clip(f"{what}: the screen did not change"))
            return
        seen = {e.key for e in before.elements}
        new = [e.label for e in after.elements if e.key and e.key not in seen]
        if new:
            shown = ", ".join(repr(label) for label in new[:_FACT_LABELS])
            more = f" and {len(new) - _FACT_LABELS} more" if len(new) > _FACT_LABELS else ""
            self.facts.pop(what, None)
            self.facts[what] = _clip(f"after {what}: {shown}{more} appeared")
            if len(self.facts) > _FACTS:
                del self.facts[next(iter(self.facts))]

    def left(self) -> list[str]:
        """Goal parts with quoted labels that no carried-out action has touched."""
        out = []
        for part in self.goal_parts:
            quoted = [normalize_label(q) for q in QUOTED.findall(part)]
            if quoted and not all(q in self.touched for q in quoted if q):
                out.append(part)
        return out

    def lines(self) -> tuple[str, ...]:
        """The ledger as a few bounded lines for a brain's prompt."""
        out = []
        if self.done:
            items = [f"{what} x{n}" if n > 1 else what for what, n in self.done.items()]
            earlier = f"{self.older} earlier actions; then " if self.older else ""
            out.append(_clip(f"done: {earlier}{'; '.join(items)}"))
        out += [f"fact: {fact}" for fact in self.facts.values()]
        out += [f"trap: {trap}" for trap in self.traps]
        left = self.left()
        if left:
            out.append(_clip(f"left: {'; '.join(left[:4])}"))
        return tuple(out)
