"""The four contracts of the loop, one method each, and the values that cross them.

    Screen.capture()                        -> Observation      (observe)
    Detector.detect(frame)                  -> Detection        (observe: a Frame to elements)
    Brain.decide(goal, menu, history)       -> Decision         (think)
    Executor.execute(action, observation)   -> ActionResult     (act)

A brain is shown the :class:`~tiny_computer_agent._menu.Menu` built from the
observation (``menu.observation`` is the whole frame), so the menu it saw is exactly
the menu a trace records.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, runtime_checkable

from ._actions import VERB_TABLE, Action, check_batch
from ._elements import Element, Frame, Observation

if TYPE_CHECKING:
    from ._menu import Menu

__all__ = [
    "ERROR_KINDS",
    "ActionResult",
    "Asked",
    "Brain",
    "Decision",
    "Detection",
    "Detector",
    "ErrorKind",
    "Executor",
    "Refusal",
    "Screen",
    "Step",
    "StepError",
]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Asked:
    """A question an unsure brain put to a person, and what they chose: ``options`` as
    they were shown, ``answer`` the number of the chosen one (from 1), ``who`` the
    channel that asked (``terminal``, ``console``, ``scripted``...)."""

    who: str
    question: str
    options: tuple[str, ...]
    answer: int

    def __post_init__(self) -> None:
        if not 1 <= self.answer <= len(self.options):
            raise ValueError(f"answer {self.answer} is not one of the {len(self.options)} options")

    def to_dict(self) -> dict[str, Any]:
        return {
            "who": self.who,
            "question": self.question,
            "options": list(self.options),
            "answer": self.answer,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Asked:
        return cls(
            who=str(data["who"]),
            question=str(data.get("question", "")),
            options=tuple(str(o) for o in data["options"]),
            answer=int(data["answer"]),
        )


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Decision:
    """What a brain chose: a validated action, the menu number, and its raw reply.

    ``batch`` holds the actions that follow ``action`` without a look at the screen in
    between (empty for one action): together they must pass
    :func:`~tiny_computer_agent._actions.check_batch` (ActionError otherwise).
    ``confidence``: the brain's calibrated probability that the choice is right, when
    it can say; ``asked``: the question a person answered to make this decision.
    """

    action: Action
    choice: int | None = None
    reply: str = ""
    note: str = ""
    batch: tuple[Action, ...] = ()
    confidence: float | None = None
    asked: Asked | None = None

    def __post_init__(self) -> None:
        if self.batch:
            check_batch(self.actions)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the decision, in order: ``action`` then the ``batch``."""
        return (self.action, *self.batch)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action.to_dict(),
            "choice": self.choice,
            "reply": self.reply,
            "note": self.note,
        }
        if self.batch:
            out["batch"] = [a.to_dict() for a in self.batch]
        if self.confidence is not None:
            out["confidence"] = round(self.confidence, 4)
        if self.asked is not None:
            out["asked"] = self.asked.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Decision:
        choice = data.get("choice")
        return cls(
            action=Action.from_dict(data["action"]),
            choice=None if choice is None else int(choice),
            reply=str(data.get("reply", "")),
            note=str(data.get("note", "")),
            batch=tuple(Action.from_dict(a) for a in data.get("batch", ())),
            confidence=None if data.get("confidence") is None else float(data["confidence"]),
            asked=None if data.get("asked") is None else Asked.from_dict(data["asked"]),
        )


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ActionResult:
    """What an executor did, or in a dry run would have done, and where.

    ``passive``: the action left the screen as it was (a zoom, a wait that saw nothing
    change), so the next step looks at the same frame instead of capturing again.
    ``woke``: what ended a ``wait_for`` (``text``, ``change``, ``still`` or ``timeout``).
    """

    ok: bool
    description: str
    points: tuple[tuple[int, int], ...] = ()
    dry_run: bool = True
    error: str = ""
    settle_seconds: float | None = None
    passive: bool = False
    woke: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": self.ok,
            "description": self.description,
            "points": [list(p) for p in self.points],
            "dry_run": self.dry_run,
            "error": self.error,
            "settle_seconds": self.settle_seconds,
        }
        if self.passive:
            out["passive"] = True
        if self.woke is not None:
            out["woke"] = self.woke
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ActionResult:
        settle = data.get("settle_seconds")
        return cls(
            ok=bool(data["ok"]),
            description=str(data.get("description", "")),
            points=tuple((int(p[0]), int(p[1])) for p in data.get("points", ())),
            dry_run=bool(data.get("dry_run", True)),
            error=str(data.get("error", "")),
            settle_seconds=None if settle is None else float(settle),
            passive=bool(data.get("passive", False)),
            woke=None if data.get("woke") is None else str(data["woke"]),
        )


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Detection:
    """Elements found in one image; ``prose`` is text read but kept off the menu (too
    long or too uncertain to be a control); ``notes`` are for a person (grid fallback).
    ``prose_pieces`` are the prose lines again with their boxes, when the detector
    knows them (OCR does): a detector that sees controls can then tell a control's long
    label ("Send anonymous usage statistics to the developers" beside a check box) from
    a sentence."""

    elements: tuple[Element, ...]
    prose: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    prose_pieces: tuple[Element, ...] = ()


#: Why a step failed, a closed set (:class:`StepError` ``kind``).
ErrorKind = Literal[
    "no-screen", "goal-unreachable", "brain-error", "no-progress", "target-not-found",
    "action-failed", "taken-over",
]  # fmt: skip
ERROR_KINDS: Final[tuple[ErrorKind, ...]] = typing.get_args(ErrorKind)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Refusal:
    """The policy refused an action: the rule (``denied-widget``...) and why."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class StepError:
    """A step failed for a reason of the world or the model: its kind and message."""

    kind: ErrorKind
    message: str

    def __post_init__(self) -> None:
        if self.kind not in ERROR_KINDS:
            raise ValueError(f"unknown step error kind {self.kind!r}; one of {ERROR_KINDS}")

    def __str__(self) -> str:
        return f"{self.kind.replace('-', ' ')}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Step:
    """One turn of the loop: what was seen, shown, decided, allowed and done.

    ``error`` is set when the step failed (a bad reply, a vanished target, a dead
    screen); ``refusal`` when the policy refused the action. Both are values with
    fields (a kind or rule, and a message), never text to be parsed back.
    """

    index: int
    observation: Observation | None
    menu: tuple[str, ...] = ()
    decision: Decision | None = None
    result: ActionResult | None = None
    refusal: Refusal | None = None
    error: StepError | None = None
    timings: Mapping[str, float] = dataclasses.field(default_factory=dict)

    @property
    def acted(self) -> bool:
        """Whether an action other than ``done`` was carried out (or simulated) cleanly."""
        return (
            self.result is not None
            and self.result.ok
            and self.decision is not None
            and self.decision.action.verb != "done"
        )

    @property
    def performed(self) -> tuple[Action, ...]:
        """The actions this step carried out (or simulated) that do a part of the goal:
        a batch counts each one; a ``seek`` (a look for the next action) does not."""
        if not self.acted or self.decision is None:
            return ()
        return tuple(a for a in self.decision.actions if VERB_TABLE[a.verb].advances)

    def to_dict(self) -> dict[str, Any]:
        obs = self.observation
        return {
            "index": self.index,
            "observation": None if obs is None else obs.to_dict(),
            "summary": "" if obs is None else obs.summary(),
            "menu": list(self.menu),
            "decision": None if self.decision is None else self.decision.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "refusal": None if self.refusal is None else self.refusal.to_dict(),
            "error": None if self.error is None else self.error.to_dict(),
            "timings": {k: round(v, 6) for k, v in self.timings.items()},
        }


@runtime_checkable
class Screen(Protocol):
    """Something that can be looked at: returns the current frame's element index."""

    def capture(self) -> Observation: ...


@runtime_checkable
class Detector(Protocol):
    """Turns a :class:`~tiny_computer_agent._elements.Frame` (the image, its mapping,
    the monitor, the capture time, the windows) into labelled elements.

    A detector written for the old ``detect(image)`` is wrapped in
    :class:`~tiny_computer_agent.perception._detectors.ImageDetector`.
    """

    def detect(self, frame: Frame) -> Detection: ...


@runtime_checkable
class Brain(Protocol):
    """Chooses the next action from the numbered menu. Raises BrainError when it can't.

    A brain that decides from the menu's text alone may say so with a class attribute
    ``sees_pixels = False`` (see :func:`sees_pixels`)."""

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision: ...


def sees_pixels(brain: object) -> bool:
    """Whether ``brain`` looks at the frame's pixels: False only when it says
    ``sees_pixels = False``. A screen on another machine
    (:class:`~tiny_computer_agent.remote.RemoteScreen`) then fetches a frame's pixels
    only when a step needs them (a zoom), not on every look."""
    return bool(getattr(brain, "sees_pixels", True))


@runtime_checkable
class Executor(Protocol):
    """Carries out (or, in a dry run, resolves without touching) a validated action."""

    def execute(self, action: Action, observation: Observation) -> ActionResult: ...
