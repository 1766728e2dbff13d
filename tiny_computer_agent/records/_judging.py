"""Judging: which brain is right -- a verdict for one decision on one scenario.

Every scenario (a trace with an expected answer) is replayed through every brain, a
*fresh* brain per task, and its decision on the first frame gets a verdict:

    correct      the choice names an expected label and the policy allows it
    incorrect    a different choice (or one whose target is not on the frame)
    no-decision  the brain gave up or its reply could not be used (a BrainError)
    refused      the harness's policy refuses the choice

Whether the harness allows a choice is a separate axis from whether it was right:
``matched`` says the choice named an expected label, ``allowed``/``rule`` what the
policy said. A refused click is still the choice it was, flagged, and never passes as
a clean success -- unless the scenario expects that refusal (``expected.refusal``).

Each verdict carries a digest of (brain identity and settings, menu, goal, decision),
so :func:`~tiny_computer_agent.records.compare_scoreboards` lists exactly which
decisions changed between two runs. Everything here is standard library only.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal

from .._actions import Action
from .._contracts import Brain, Decision
from .._elements import Observation
from .._errors import BrainError, GoalUnreachable, PolicyRefusal, TargetError, TraceError
from .._policy import Policy
from ..brains import brain_identity
from ._replay import rebuild_menu, replay_frames
from ._schema import Expected, Trace, TraceStep

__all__ = [
    "VERDICTS",
    "BrainFactory",
    "Judgement",
    "Verdict",
    "VerdictKind",
    "chosen_text",
    "decision_digest",
    "judge",
    "score_recorded",
    "score_trace",
    "scoring_policy",
    "scored_verdicts",
]

#: A verdict, a closed set.
VerdictKind = Literal["correct", "incorrect", "no-decision", "refused"]
VERDICTS: Final[tuple[VerdictKind, ...]] = typing.get_args(VerdictKind)

#: Builds a fresh brain for one task (it may read the task, as the oracle does).
BrainFactory = Callable[[Trace], Brain]


def scoring_policy() -> Policy:
    """The harness's policy as it judges a decision offline.

    Scoring acts on nothing, so the kill switch (a file meant to stop live runs) does
    not apply: it points at a path that cannot exist. Every other rule is the default.
    """
    return Policy(kill_switch=Path(os.devnull) / "kill-switch-does-not-apply-when-scoring")


def decision_digest(
    identity: Mapping[str, Any],
    menu: Sequence[str],
    goal: str,
    outcome: Decision | BrainError | Mapping[str, Any] | None,
) -> str:
    """A stable sha256 of (brain identity and settings, menu lines, goal, decision).

    ``outcome`` is a Decision (its action counts, not the wording of the reply), a
    BrainError (its kind counts: "no decision"), or an action mapping.
    """
    if isinstance(outcome, Decision):
        decided: object = outcome.action.to_dict()
    elif isinstance(outcome, BrainError):
        decided = {"no-decision": type(outcome).__name__}
    elif outcome is None:
        decided = {"no-decision": "none"}
    else:
        decided = dict(outcome)
    payload = {"brain": dict(identity), "menu": list(menu), "goal": goal, "decision": decided}
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chosen_text(action: Action) -> str:
    """What a decision names, for matching and reports: its target, else its keys,
    text or verb (``done``)."""
    return action.target or action.keys or action.text or action.verb


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Judgement:
    """What one decision was worth: the verdict, whether it passed, and both axes --
    ``matched`` (the choice named an expected label) and ``allowed``/``rule`` (what the
    harness's policy said about it)."""

    verdict: VerdictKind
    passed: bool
    matched: bool = False
    chose: str | None = None
    action: Mapping[str, Any] | None = None
    expected: tuple[str, ...] = ()
    expected_refusal: str | None = None
    allowed: bool | None = None
    rule: str | None = None
    error: str | None = None

    def describe(self) -> str:
        """``correct: chose 'Save' [pass]``, ``refused: chose 'Save', refused by ...``."""
        wanted = Expected.describe_of(self.expected, self.expected_refusal)
        if self.chose is None:
            head = f"{self.verdict}: {self.error or 'no decision'}"
        else:
            head = f"{self.verdict}: chose {self.chose!r}"
        if self.rule:
            head += f", refused by the policy ({self.rule})"
        if self.verdict == "refused" and self.matched and not self.expected_refusal:
            head += " - the right choice, but the harness would not carry it out"
        elif not self.passed:
            head += f", expected {wanted}"
        return head + (" [pass]" if self.passed else " [FAIL]")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Verdict(Judgement):
    """One brain's judged decision on one task, with its decision digest."""

    task: str
    brain: str
    digest: str
    step: int = 1

    @classmethod
    def of(cls, judgement: Judgement, *, task: str, brain: str, digest: str, step: int) -> Verdict:
        own = {f.name: getattr(judgement, f.name) for f in dataclasses.fields(Judgement)}
        return cls(task=task, brain=brain, digest=digest, step=step, **own)

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "brain": self.brain,
            "step": self.step,
            "verdict": self.verdict,
            "passed": self.passed,
            "matched": self.matched,
            "chose": self.chose,
            "action": None if self.action is None else dict(self.action),
            "expected": list(self.expected),
            "expected_refusal": self.expected_refusal,
            "allowed": self.allowed,
            "rule": self.rule,
            "error": self.error,
            "digest": self.digest,
        }


def _passed(verdict: VerdictKind, matched: bool, rule: str | None, expected: Expected) -> bool:
    if expected.give_up:
        return False  # only giving up passes, and that is judged before a decision is
    if not expected.refusal:
        return verdict == "correct"
    rule_ok = expected.refusal in ("any", rule)
    return verdict == "refused" and rule_ok and (matched or not expected.labels)


def judge(
    outcome: Decision | BrainError,
    *,
    frame: Observation,
    expected: Expected,
    policy: Policy | None = None,
) -> Judgement:
    """Judge one decision (or BrainError) on ``frame`` against ``expected``. The policy
    checks the decision exactly as the loop would (default: :func:`scoring_policy`)."""
    if isinstance(outcome, BrainError):
        error = f"{type(outcome).__name__}: {outcome}"
        gave_up = expected.give_up and isinstance(outcome, GoalUnreachable)
        return dataclasses.replace(_judgement("no-decision", expected, error=error), passed=gave_up)
    action = outcome.action
    chose = chosen_text(action)
    matched = expected.matches(chose) and expected.types_right(action.text)
    try:
        (policy or scoring_policy()).check(action, frame)
    except PolicyRefusal as exc:
        return _judgement(
            "refused",
            expected,
            action=action,
            chose=chose,
            matched=matched,
            allowed=False,
            rule=exc.rule,
        )
    except TargetError as exc:
        error = f"target not found: {exc}"
        return _judgement(
            "incorrect", expected, action=action, chose=chose, matched=matched, error=error
        )
    verdict: VerdictKind = "correct" if matched else "incorrect"
    return _judgement(verdict, expected, action=action, chose=chose, matched=matched, allowed=True)


def _judgement(
    verdict: VerdictKind,
    expected: Expected,
    *,
    action: Action | None = None,
    chose: str | None = None,
    matched: bool = False,
    allowed: bool | None = None,
    rule: str | None = None,
    error: str | None = None,
) -> Judgement:
    return Judgement(
        verdict=verdict,
        passed=_passed(verdict, matched, rule, expected),
        matched=matched,
        chose=chose,
        action=None if action is None else action.to_dict(),
        expected=expected.labels,
        expected_refusal=expected.refusal,
        allowed=allowed,
        rule=rule,
        error=error,
    )


def _scenario(trace: Trace) -> tuple[Expected, TraceStep]:
    """The trace's expected answer and first frame; TraceError if it is not a scenario."""
    if trace.expected is None:
        raise TraceError(
            f"{trace.source}: field 'expected' is missing: a trace without an expected "
            'answer is not a scenario; add e.g. "expected": {"labels": ["Save"]}'
        )
    if not trace.frames:
        raise TraceError(f"{trace.source}: field 'steps' holds no frames to score")
    return trace.expected, trace.frames[0]


def score_trace(
    trace: Trace, brain: Brain, *, name: str | None = None, policy: Policy | None = None
) -> Verdict:
    """Replay ``brain`` on the scenario's first frame and judge its decision."""
    expected, _ = _scenario(trace)
    (frame,) = replay_frames(trace, brain, limit=1)
    identity = brain_identity(brain)
    judgement = judge(frame.outcome, frame=frame.menu.observation, expected=expected, policy=policy)
    return Verdict.of(
        judgement,
        task=trace.task,
        brain=name or str(identity["name"]),
        digest=decision_digest(identity, frame.menu.lines(), trace.goal, frame.outcome),
        step=frame.step.index,
    )


def score_recorded(trace: Trace) -> Verdict:
    """Judge what the *recorded* run did on its first frame, with the refusal the
    harness really made (no replay). TraceError if the trace has no expected answer."""
    expected, step = _scenario(trace)
    fields = _recorded_judgement(step, expected)
    digest = decision_digest(trace.brain, step.menu, trace.goal, fields.action)
    return Verdict.of(
        fields, task=trace.task, brain=trace.brain_name, digest=digest, step=step.index
    )


def _recorded_judgement(step: TraceStep, expected: Expected) -> Judgement:
    if step.decision is None:
        message = step.error.message if step.error else "no decision"
        gave_up = (
            expected.give_up and step.error is not None and step.error.kind == "goal-unreachable"
        )
        return dataclasses.replace(
            _judgement("no-decision", expected, error=message), passed=gave_up
        )
    action = step.decision.action
    chose = chosen_text(action)
    matched = expected.matches(chose) and expected.types_right(action.text)
    verdict: VerdictKind = "correct" if matched else "incorrect"
    allowed, rule, error = step.allowed, None, None
    if step.refusal is not None:
        verdict, allowed, rule = "refused", False, step.refusal.rule
    elif step.error is not None and step.error.kind == "target-not-found":
        verdict, allowed, error = "incorrect", None, str(step.error)
    return _judgement(
        verdict,
        expected,
        action=action,
        chose=chose,
        matched=matched,
        allowed=allowed,
        rule=rule,
        error=error,
    )


def _check_scenarios(traces: Sequence[Trace]) -> None:
    """Every trace is a scenario and names a task no other trace names."""
    if not traces:
        raise TraceError("there are no traces to score; pass a directory of trace files")
    seen: dict[str, str] = {}
    for trace in traces:
        _scenario(trace)
        if trace.task in seen:
            raise TraceError(
                f"{trace.source}: field 'task' is {trace.task!r}, already the task of "
                f"{seen[trace.task]}; give every scenario its own task name"
            )
        seen[trace.task] = trace.source


def scored_verdicts(
    traces: Sequence[Trace],
    factories: Mapping[str, BrainFactory],
    *,
    policy: Policy | None = None,
) -> tuple[Verdict, ...]:
    """Every scenario through every brain, each task with a fresh brain from its factory.

    Every trace is checked before any brain runs, so a bad one (no expected answer, a
    task named twice) raises TraceError and no verdict is made.
    """
    _check_scenarios(traces)
    if not factories:
        raise ValueError("no brains to score; pass at least one brain factory")
    for trace in traces:  # a menu this harness cannot rebuild fails before anything runs
        rebuild_menu(trace, trace.frames[0])
    return tuple(
        score_trace(trace, factory(trace), name=name, policy=policy)
        for trace in traces
        for name, factory in factories.items()
    )
