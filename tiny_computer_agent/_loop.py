"""The loop: observe -> think -> act -> verify, one call per episode.

Success is what the harness can *see*: with ``verify_text`` the episode is
``verified`` only when that text is on screen after an action (and was not already
there at the start). A brain's ``done`` is a claim, and the episode says which of the
two it was. Errors caused by the world or the model end up on a step with a reason;
bugs in the library propagate.

Outcomes: verified, claimed (done, nothing to verify with), not-verified (done, text
not seen), refused, stuck (same action on an unchanged screen), budget, unreachable,
brain-error, no-screen, interrupted (Ctrl-C or SIGTERM: the steps so far are kept).

The policy judges each action together with the actions already carried out in the
episode (``history``), so a denied command typed in pieces is refused at the piece that
completes it. In a dry run, an action the policy would hold for a person's yes under
real input says so in its result.
"""

from __future__ import annotations

import dataclasses
import logging
import time
import typing
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

from ._actions import Action
from ._contracts import Brain, Decision, ErrorKind, Executor, Refusal, Screen, Step, StepError
from ._errors import (
    ActionError,
    BrainError,
    GoalUnreachable,
    PolicyRefusal,
    ScreenUnavailable,
    TargetError,
)
from ._executors import DryRunExecutor
from ._menu import DEFAULT_MENU_SIZE, build_menu
from ._perception import Observation
from ._policy import Policy

__all__ = ["OUTCOMES", "Episode", "Outcome", "history_feedback", "render_step", "run_episode"]

log = logging.getLogger(__name__)

#: How an episode ended, a closed set.
Outcome = Literal[
    "verified", "claimed", "not-verified", "refused", "stuck", "budget",
    "unreachable", "brain-error", "no-screen", "interrupted",
]  # fmt: skip
OUTCOMES: Final[tuple[Outcome, ...]] = typing.get_args(Outcome)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Episode:
    """A finished run: every step, how it ended, and why."""

    goal: str
    steps: tuple[Step, ...]
    outcome: Outcome
    reason: str
    verify_text: str | None = None
    dry_run: bool = True
    final: Observation | None = None

    @property
    def success(self) -> bool:
        """True only when the verifier saw success (never on a brain's word alone)."""
        return self.outcome == "verified"

    def to_dict(self) -> dict[str, Any]:
        return {
            "goal": self.goal,
            "outcome": self.outcome,
            "success": self.success,
            "reason": self.reason,
            "verify_text": self.verify_text,
            "dry_run": self.dry_run,
            "steps": [s.to_dict() for s in self.steps],
            "final": None if self.final is None else self.final.to_dict(),
        }

    def render(self) -> str:
        """The episode as a person reads it, one block per step."""
        mode = "dry run (nothing was clicked or typed)" if self.dry_run else "REAL INPUT"
        lines = [f"goal: {self.goal}", f"mode: {mode}"]
        for step in self.steps:
            lines.extend(render_step(step))
        lines.append(f"outcome: {self.outcome} - {self.reason}")
        return "\n".join(lines)


def render_step(step: Step) -> list[str]:
    """A step as a few indented lines (used by the CLI's streaming output too)."""
    lines = [f"step {step.index}:"]
    if step.observation is not None:
        lines.append(f"  saw: {step.observation.summary(160)}")
        lines.extend(f"  note: {n}" for n in step.observation.notes)
    if step.menu:
        lines.append("  menu: " + " | ".join(step.menu))
    if step.decision is not None:
        extra = f"  [{step.decision.note}]" if step.decision.note else ""
        lines.append(f"  decided: {step.decision.action.describe()}{extra}")
    if step.refusal:
        lines.append(f"  REFUSED by {step.refusal}")
    if step.result is not None:
        lines.append(f"  result: {step.result.description}")
    if step.error:
        lines.append(f"  failed: {step.error}")
    return lines


@dataclasses.dataclass(kw_only=True, slots=True)
class _Run:
    goal: str
    screen: Screen
    brain: Brain
    executor: Executor
    policy: Policy
    verify_text: str | None
    menu_size: int
    on_step: Callable[[Step], None] | None
    steps: list[Step] = dataclasses.field(default_factory=list)
    visible_at_start: bool = False

    def record(self, step: Step) -> None:
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step)

    def end(self, outcome: Outcome, reason: str, final: Observation | None = None) -> Episode:
        log.info("episode ended: %s (%s)", outcome, reason)
        return Episode(
            goal=self.goal,
            steps=tuple(self.steps),
            outcome=outcome,
            reason=reason,
            verify_text=self.verify_text,
            dry_run=not self.policy.real_input,
            final=final,
        )

    def verified(self, obs: Observation) -> bool:
        acted = any(s.acted for s in self.steps)
        return bool(self.verify_text) and acted and obs.shows(self.verify_text or "")

    def performed(self) -> tuple[Action, ...]:
        """The actions carried out (or simulated) so far, in order: the policy's history."""
        return tuple(s.decision.action for s in self.steps if s.acted and s.decision)

    def repeats_without_progress(self, obs: Observation, decision: Decision) -> bool:
        last = next((s for s in reversed(self.steps) if s.decision is not None), None)
        return (
            last is not None
            and last.acted
            and last.observation is not None
            and last.decision is not None
            and last.observation.signature() == obs.signature()
            and last.decision.action.to_dict() == decision.action.to_dict()
        )


def run_episode(
    goal: str,
    *,
    screen: Screen,
    brain: Brain,
    executor: Executor | None = None,
    policy: Policy | None = None,
    verify_text: str | None = None,
    menu_size: int = DEFAULT_MENU_SIZE,
    on_step: Callable[[Step], None] | None = None,
) -> Episode:
    """Run one episode and return it. Nothing is clicked unless ``executor`` is a real
    executor *and* ``policy`` was armed; the default executor is a dry run."""
    if not goal or not goal.strip():
        raise ValueError("the goal is empty; say what to do, e.g. \"click 'Save'\"")
    run = _Run(
        goal=goal.strip(),
        screen=screen,
        brain=brain,
        executor=executor if executor is not None else DryRunExecutor(),
        policy=policy if policy is not None else Policy(),
        verify_text=verify_text,
        menu_size=menu_size,
        on_step=on_step,
    )
    log.info("kill switch: %s (create this file to stop the run)", run.policy.kill_switch)
    index = 1
    while True:
        try:
            run.policy.check_budget(index - 1)  # the budget is the policy's, like every limit
        except PolicyRefusal as exc:
            budget = exc
            break
        try:
            ended = _one_step(run, index)
        except KeyboardInterrupt:  # Ctrl-C (the CLI turns SIGTERM into one too)
            return run.end(
                "interrupted",
                f"stopped by the person during step {index} (Ctrl-C or SIGTERM); the steps "
                "before it are kept",
            )
        if ended is not None:
            return ended
        index += 1
    try:
        final = run.screen.capture()
    except ScreenUnavailable as exc:
        return run.end("no-screen", f"the screen could not be read after the last step: {exc}")
    if run.verified(final):
        return run.end("verified", f"{run.verify_text!r} is visible after the last step", final)
    return run.end("budget", str(budget), final)


def _one_step(run: _Run, index: int) -> Episode | None:
    timings: dict[str, float] = {}
    try:
        run.policy.check_kill_switch()
    except PolicyRefusal as exc:
        run.record(Step(index=index, observation=None, refusal=_refusal(exc)))
        return run.end("refused", str(exc))
    t0 = time.perf_counter()
    try:
        obs = run.screen.capture()
    except ScreenUnavailable as exc:
        run.record(Step(index=index, observation=None, error=_error("no-screen", exc)))
        return run.end("no-screen", str(exc))
    timings["observe"] = time.perf_counter() - t0
    if index == 1 and run.verify_text:
        run.visible_at_start = obs.shows(run.verify_text)
    if run.verified(obs) and not run.visible_at_start:
        return run.end("verified", f"{run.verify_text!r} is visible after step {index - 1}", obs)
    menu = build_menu(obs, run.goal, run.menu_size)
    base = Step(index=index, observation=obs, menu=menu.lines(), timings=timings)
    t0 = time.perf_counter()
    try:
        decision = run.brain.decide(run.goal, menu, tuple(run.steps))
    except GoalUnreachable as exc:
        run.record(dataclasses.replace(base, error=_error("goal-unreachable", exc)))
        return run.end("unreachable", str(exc), obs)
    except (BrainError, ActionError) as exc:  # an invalid action from a brain is its error
        run.record(dataclasses.replace(base, error=_error("brain-error", exc)))
        return run.end("brain-error", str(exc), obs)
    timings["decide"] = time.perf_counter() - t0
    step = dataclasses.replace(base, decision=decision)
    if decision.action.verb == "done":
        run.record(step)
        return _finish_on_done(run, obs, decision)
    if run.repeats_without_progress(obs, decision):
        reason = (
            f"the brain chose {decision.action.describe()} again, but the last time "
            "the screen did not change; stopping instead of repeating it"
        )
        run.record(dataclasses.replace(step, error=_error("no-progress", reason)))
        return run.end("stuck", reason, obs)
    return _act(run, step, obs, decision)


def _act(run: _Run, step: Step, obs: Observation, decision: Decision) -> Episode | None:
    action = decision.action
    try:
        elements = run.policy.check(action, obs, history=run.performed())
    except PolicyRefusal as exc:
        run.record(dataclasses.replace(step, refusal=_refusal(exc)))
        return run.end("refused", f"{exc.rule}: {exc}", obs)
    except TargetError as exc:
        run.record(dataclasses.replace(step, error=_error("target-not-found", exc)))
        return None
    t0 = time.perf_counter()
    try:
        result = run.executor.execute(action, obs)
    except TargetError as exc:
        run.record(dataclasses.replace(step, error=_error("target-not-found", exc)))
        return None
    except PolicyRefusal as exc:
        run.record(dataclasses.replace(step, refusal=_refusal(exc)))
        return run.end("refused", f"{exc.rule}: {exc}", obs)
    except ScreenUnavailable as exc:
        run.record(dataclasses.replace(step, error=_error("no-screen", exc)))
        return run.end("no-screen", str(exc), obs)
    if result.dry_run and (why := run.policy.irreversible(action, elements)):
        note = f"; with real input this needs a person's yes (irreversible: {why})"
        result = dataclasses.replace(result, description=result.description + note)
    timings = {**step.timings, "act": time.perf_counter() - t0}
    if result.settle_seconds is not None:
        timings["settle"] = result.settle_seconds
    error = None if result.ok else _error("action-failed", result.error or "the action failed")
    run.record(dataclasses.replace(step, result=result, error=error, timings=timings))
    return None


def _refusal(exc: PolicyRefusal) -> Refusal:
    return Refusal(rule=exc.rule, message=str(exc))


def _error(kind: ErrorKind, cause: Exception | str) -> StepError:
    return StepError(kind=kind, message=str(cause))


def _finish_on_done(run: _Run, obs: Observation, decision: Decision) -> Episode:
    claim = decision.action.reason or "the brain said it is done"
    if not run.verify_text:
        return run.end("claimed", f"{claim} (a claim: nothing was verified)", obs)
    if run.verified(obs) and not run.visible_at_start:
        return run.end("verified", f"{run.verify_text!r} is visible; {claim}", obs)
    if run.visible_at_start:
        return run.end(
            "not-verified",
            f"{run.verify_text!r} was already visible before any action, so seeing it "
            "proves nothing; choose a verify text that only success shows",
            obs,
        )
    return run.end("not-verified", f"{claim}, but {run.verify_text!r} is not visible", obs)


def history_feedback(history: Sequence[Step], current: Observation | None = None) -> list[str]:
    """Short lines describing earlier steps for a brain, failures called out plainly.

    ``current`` is the frame the brain is looking at now: an action after which the
    screen stayed the same is reported as such.
    """
    lines = []
    for i, step in enumerate(history):
        if step.decision is None:
            continue
        what = step.decision.action.describe()
        if step.error or step.refusal:
            lines.append(f"{what}: FAILED ({step.error or step.refusal})")
            continue
        after = history[i + 1].observation if i + 1 < len(history) else current
        same = (
            after is not None
            and step.observation is not None
            and after.signature() == step.observation.signature()
        )
        note = " - you already tried this and the screen did NOT change" if same else ""
        lines.append(f"{what}: done{note}")
    return lines
