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

Long tasks:

* A brain is shown a bounded :class:`~tiny_computer_agent._history.History` (the
  latest steps and a ledger of the rest), so a decision costs the same at step 60 as
  at step 2; the episode keeps every step.
* ``wait_for`` and ``zoom`` are the harness's own: it watches the screen
  (:func:`~tiny_computer_agent._waiting.watch`, no brain calls while waiting) or reads
  a magnified crop again, in a dry run too, since looking is not input.
* A *passive* step (a zoom, a wait that saw nothing change) leaves the screen as it
  was: the next step looks at the same frame, with a note saying so, instead of
  capturing again.
* A decision with a ``batch`` is checked by the policy as a whole before its first
  action, then carried out in order with one look afterwards.
"""

from __future__ import annotations

import dataclasses
import logging
import time
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal

from ._actions import VERB_TABLE, Action
from ._asking import Asker, settle
from ._contracts import (
    ActionResult,
    Brain,
    Decision,
    ErrorKind,
    Executor,
    Refusal,
    Screen,
    Step,
    StepError,
)
from ._elements import Element, Observation, Window, normalize_label, without_shortcut
from ._errors import (
    ActionError,
    BrainError,
    GoalUnreachable,
    MissingExtra,
    PolicyRefusal,
    ScreenUnavailable,
    TargetError,
    Unsure,
)
from ._events import Gate, Listener, RunEvent
from ._executors import DryRunExecutor, carry_out
from ._history import HISTORY_WINDOW, History, Ledger
from ._menu import DEFAULT_MENU_SIZE, Menu, build_menu
from ._policy import Policy
from ._waiting import GAP_SECONDS, Watch, between, watch
from ._wheel import scroll_spot, spot_near
from .brains import split_goal

__all__ = [
    "FRAME_STANDS",
    "OUTCOMES",
    "Episode",
    "Outcome",
    "history_feedback",
    "ledger_lines",
    "merge_readings",
    "render_step",
    "run_episode",
]

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
        what = " + ".join(a.describe() for a in step.decision.actions)
        batch = f" (a batch of {len(step.decision.actions)})" if step.decision.batch else ""
        lines.append(f"  decided: {what}{batch}{extra}")
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
    listeners: tuple[Listener, ...] = ()
    gate: Gate | None = None
    asker: Asker | None = None
    steps: list[Step] = dataclasses.field(default_factory=list)
    visible_at_start: bool = False
    #: the actions carried out so far, in order (the policy's history)
    actions: list[Action] = dataclasses.field(default_factory=list)
    ledger: Ledger = dataclasses.field(default_factory=Ledger)
    #: the frame the next step looks at instead of capturing (after a passive step)
    reuse: Observation | None = None

    def record(self, step: Step) -> None:
        self.steps.append(step)
        self.actions.extend(step.performed)
        self.ledger.add(step)
        if self.on_step is not None:
            self.on_step(step)
        self.emit(RunEvent(kind="step", index=step.index, step=step))

    def emit(self, event: RunEvent) -> None:
        for listener in self.listeners:
            listener(event)

    def history(self) -> History:
        """What the brain is shown: the latest steps, and the ledger of the rest."""
        shown = tuple(self.steps[-HISTORY_WINDOW:])
        earlier = len(self.steps) > len(shown)
        return History(
            steps=shown,
            total=len(self.steps),
            acted=len(self.actions),
            ledger=self.ledger.lines() if earlier else (),
        )

    def end(self, outcome: Outcome, reason: str, final: Observation | None = None) -> Episode:
        log.info("episode ended: %s (%s)", outcome, reason)
        episode = Episode(
            goal=self.goal,
            steps=tuple(self.steps),
            outcome=outcome,
            reason=reason,
            verify_text=self.verify_text,
            dry_run=not self.policy.real_input,
            final=final,
        )
        self.emit(RunEvent(kind="end", episode=episode))
        return episode

    def settings(self) -> dict[str, Any]:
        """What the start event says about how this run is set up."""
        return {
            "verify_text": self.verify_text,
            "menu_size": self.menu_size,
            "max_steps": self.policy.max_steps,
            "max_wait_seconds": self.policy.max_wait_seconds,
            "dry_run": not self.policy.real_input,
            "scope": list(self.policy.scope),
            "typing_in": list(self.policy.typing_in),
            "brain": type(self.brain).__name__,
            "executor": type(self.executor).__name__,
        }

    def verified(self, obs: Observation) -> bool:
        acted = bool(self.actions)
        return bool(self.verify_text) and acted and obs.shows(self.verify_text or "")

    def repeats_without_progress(self, obs: Observation, decision: Decision) -> bool:
        """The brain chose what it chose last time, that was carried out (well or not),
        and the screen is as it was then: doing it again would change nothing."""
        last = next((s for s in reversed(self.steps) if s.decision is not None), None)
        return (
            last is not None
            and last.result is not None
            and last.observation is not None
            and last.decision is not None
            and last.observation.signature() == obs.signature()
            and last.decision.to_dict()["action"] == decision.to_dict()["action"]
            and last.decision.batch == decision.batch
        )

    def look(self) -> Observation:
        """The frame for this step: the one a passive step left standing, or a capture;
        after an action that left no window of its program on screen, the one the wait
        between windows ended on (:func:`~._waiting.between`, no brain calls)."""
        if self.reuse is not None:
            obs, self.reuse = self.reuse, None
            return obs
        return self.bridged(self.screen.capture())

    def bridged(self, obs: Observation) -> Observation:
        """``obs``, or when the real action before it closed its program's window and
        the next is not up yet, the frame once it came (or the screen settled)."""
        last = self.steps[-1] if self.steps else None
        if (
            last is None
            or not last.acted
            or last.result is None
            or last.result.dry_run
            or last.observation is None
            or last.decision is None
            or VERB_TABLE[last.decision.action.verb].harness
        ):
            return obs
        waited = between(
            self.screen,
            last.observation,
            obs,
            acted=_acted_window(last.observation, last.decision.action),
            deadline=min(GAP_SECONDS, self.policy.max_wait_seconds),
            check=self.policy.check_kill_switch,
        )
        if waited is None:
            return obs
        log.info("%s", waited.describe())
        found = waited.observation
        return dataclasses.replace(found, notes=(*found.notes, waited.describe()))


def _acted_window(obs: Observation, action: Action) -> Window | None:
    """The window of the element ``action`` was aimed at, when ``obs`` lists it."""
    element = next((e for e in obs.elements if e.id == action.target_id), None)
    if element is None or not element.window:
        return None
    return next((w for w in obs.windows if w.id == element.window), None)


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
    listeners: Sequence[Listener] = (),
    gate: Gate | None = None,
    asker: Asker | None = None,
) -> Episode:
    """Run one episode and return it. Nothing is clicked unless ``executor`` is a real
    executor *and* ``policy`` was armed (default: a dry run). ``listeners`` hear each event,
    ``gate`` may hold an action (``_events``), ``asker`` is asked when the brain is unsure."""
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
        listeners=tuple(listeners),
        gate=gate,
        asker=asker,
    )
    run.ledger = Ledger.for_goal(split_goal(run.goal))
    run.emit(RunEvent(kind="start", goal=run.goal, settings=run.settings()))
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
        obs = run.look()
    except ScreenUnavailable as exc:
        run.record(Step(index=index, observation=None, error=_error("no-screen", exc)))
        return run.end("no-screen", str(exc))
    except PolicyRefusal as exc:  # the kill switch, while waiting between windows
        run.record(Step(index=index, observation=None, refusal=_refusal(exc)))
        return run.end("refused", str(exc))
    timings["observe"] = time.perf_counter() - t0
    if index == 1 and run.verify_text:
        run.visible_at_start = obs.shows(run.verify_text)
    if run.verified(obs) and not run.visible_at_start:
        return run.end("verified", f"{run.verify_text!r} is visible after step {index - 1}", obs)
    menu = build_menu(obs, run.goal, run.menu_size)
    base = Step(index=index, observation=obs, menu=menu.lines(), timings=timings)
    run.emit(RunEvent(kind="observe", index=index, observation=obs, menu=base.menu))
    t0 = time.perf_counter()
    try:
        decision, obs, base = _decide_patiently(run, obs, menu, base)
    except _Unreachable as late:
        run.record(dataclasses.replace(late.step, error=_error("goal-unreachable", late.exc)))
        return run.end("unreachable", str(late.exc), late.step.observation)
    except PolicyRefusal as exc:  # the kill switch, while watching for a late answer
        run.record(dataclasses.replace(base, refusal=_refusal(exc)))
        return run.end("refused", str(exc))
    except (BrainError, ActionError) as exc:  # an invalid action from a brain is its error
        run.record(dataclasses.replace(base, error=_error("brain-error", exc)))
        return run.end("brain-error", str(exc), obs)
    timings["decide"] = time.perf_counter() - t0
    step = dataclasses.replace(base, decision=decision)
    run.emit(RunEvent(kind="decide", index=index, decision=decision))
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


#: After a real click, how long the loop watches for the program's answer before it takes
#: a brain's "nothing here for the goal" as the last word: a drop-down still opening on a
#: busy machine answers after the settle saw the click's own redraw.
LATE_SECONDS: Final = 2.0


@dataclasses.dataclass
class _Unreachable(Exception):
    """The brain found the goal out of reach on ``step``'s frame (the latest looked at)."""

    exc: GoalUnreachable
    step: Step


def _decide_patiently(
    run: _Run, obs: Observation, menu: Menu, base: Step
) -> tuple[Decision, Observation, Step]:
    """The brain's decision on ``obs``; when it finds the goal out of reach right after a
    real click, once more on the frame the program's late answer brings (watched up to
    :data:`LATE_SECONDS`, no brain calls), if the screen changed in that time."""
    try:
        return _decide(run, menu), obs, base
    except GoalUnreachable as exc:
        later = _late_answer(run, obs)
        if later is None:
            raise _Unreachable(exc, base) from exc
    menu = build_menu(later, run.goal, run.menu_size)
    base = dataclasses.replace(base, observation=later, menu=menu.lines())
    run.emit(RunEvent(kind="observe", index=base.index, observation=later, menu=base.menu))
    try:
        return _decide(run, menu), later, base
    except GoalUnreachable as exc:
        raise _Unreachable(exc, base) from exc


def _late_answer(run: _Run, obs: Observation) -> Observation | None:
    """The frame after ``obs`` once the screen changed, when the step before was a real
    click, or one with only looks since that moved nothing (a seek that found nothing to
    scroll): None for a dry run, another verb, or a screen that held still."""
    last = next((s for s in reversed(run.steps) if not _looked_only(s)), None)
    if (
        last is None
        or not last.acted
        or last.result is None
        or last.result.dry_run
        or last.decision is None
        or last.decision.action.verb != "click"
    ):
        return None
    deadline = min(LATE_SECONDS, run.policy.max_wait_seconds)
    if deadline <= 0:
        return None
    quiet = min(0.3, deadline)
    what = Watch(until="change", deadline=deadline, quiet=quiet, poll=quiet / 3)
    waited = watch(run.screen, obs, what, check=run.policy.check_kill_switch)
    if waited.woke != "change":
        return None
    later = waited.observation or run.screen.capture()
    note = f"the brain found nothing for the goal; {waited.describe(what)}, so it looked again"
    log.info("%s", note)
    return dataclasses.replace(later, notes=(*later.notes, note))


def _looked_only(step: Step) -> bool:
    """A step of the harness's own looking that left the screen as it was."""
    done = step.decision.action if step.decision is not None else None
    return (
        done is not None
        and VERB_TABLE[done.verb].harness
        and step.result is not None
        and step.result.passive
    )


def _decide(run: _Run, menu: Menu) -> Decision:
    """The brain's decision; when it is unsure, the candidate the person chose (the
    brain's give-up when there is no one to ask, or the person chose none)."""
    try:
        return run.brain.decide(run.goal, menu, run.history())
    except Unsure as exc:
        return settle(exc, run.asker)


def _act(run: _Run, step: Step, obs: Observation, decision: Decision) -> Episode | None:
    action = decision.action
    targets: list[tuple[Action, tuple[Element, ...]]] = []
    history = list(run.actions)
    try:  # a batch is judged as a whole before its first action
        for member in decision.actions:
            batch = history[len(run.actions) :]  # carried out after obs, before member
            targets.append((member, run.policy.check(member, obs, history=history, batch=batch)))
            history.append(member)
    except PolicyRefusal as exc:
        refusal = _refusal(exc)
        run.emit(RunEvent(kind="verdict", index=step.index, decision=decision, refusal=refusal))
        run.record(dataclasses.replace(step, refusal=refusal))
        return run.end("refused", f"{exc.rule}: {exc}", obs)
    except TargetError as exc:
        run.record(dataclasses.replace(step, error=_error("target-not-found", exc)))
        return None
    if not _pass_gate(run, step, decision, targets, obs):
        return None
    t0 = time.perf_counter()
    try:
        run.policy.check_kill_switch()  # a Stop pressed while the gate held the action
        if VERB_TABLE[action.verb].harness:
            result = _LOOKS[action.verb](run, obs, action)
        else:
            result = carry_out(run.executor, decision.actions, obs)
    except TargetError as exc:
        run.record(dataclasses.replace(step, error=_error("target-not-found", exc)))
        return None
    except PolicyRefusal as exc:
        run.record(dataclasses.replace(step, refusal=_refusal(exc)))
        return run.end("refused", f"{exc.rule}: {exc}", obs)
    except ScreenUnavailable as exc:
        run.record(dataclasses.replace(step, error=_error("no-screen", exc)))
        return run.end("no-screen", str(exc), obs)
    if result.dry_run and (held := _held(run, action, targets, obs)):
        note = f"; with real input this needs a person's yes (irreversible: {held})"
        result = dataclasses.replace(result, description=result.description + note)
    timings = {**step.timings, "act": time.perf_counter() - t0}
    if result.settle_seconds is not None:  # how long it settled, or waited
        timings["wait" if result.woke else "settle"] = result.settle_seconds
    error = None if result.ok else _error("action-failed", result.error or "the action failed")
    if result.passive and run.reuse is None:
        run.reuse = _standing(obs, f"step {step.index} ({action.describe()}) changed nothing")
    run.record(dataclasses.replace(step, result=result, error=error, timings=timings))
    return None


def _held(
    run: _Run,
    action: Action,
    targets: Sequence[tuple[Action, tuple[Element, ...]]],
    obs: Observation | None = None,
) -> str:
    """Why the first irreversible member of the decision would wait for a person's yes
    (``obs``: the frame, where a generic yes's dialog is read)."""
    if VERB_TABLE[action.verb].harness:  # looking needs no yes
        return ""
    policy = run.policy
    return next((why for a, els in targets if (why := policy.irreversible(a, els, obs))), "")


def _pass_gate(
    run: _Run,
    step: Step,
    decision: Decision,
    targets: Sequence[tuple[Action, tuple[Element, ...]]],
    obs: Observation | None = None,
) -> bool:
    """Say the verdict, then ask the gate; False (recorded) when the person took control."""
    held = _held(run, decision.action, targets, obs)
    run.emit(RunEvent(kind="verdict", index=step.index, decision=decision, held=held))
    if run.gate is None or run.gate(step.index):
        return True
    why = (
        "the person took control before this action, so it was not done; the next step "
        "looks at the screen again"
    )
    run.reuse = None  # the person may have changed the screen: capture it again
    run.record(dataclasses.replace(step, error=_error("taken-over", why)))
    return False


def _wait_for(run: _Run, obs: Observation, action: Action) -> ActionResult:
    """``wait_for``: watch the screen, no brain calls, until the condition or the deadline."""
    region = None
    if action.target:
        element = obs.resolve(action.target, action.target_id)
        x0, y0 = obs.mapping.to_screen(element.box[0], element.box[1])
        x1, y1 = obs.mapping.to_screen(element.box[2], element.box[3])
        region = (x0, y0, max(x1, x0 + 1), max(y1, y0 + 1))
    deadline = run.policy.wait_deadline(action)
    what = Watch(
        until=action.until or "change",
        text=action.text,
        region=region,
        deadline=deadline,
        quiet=min(0.3, deadline),
        poll=min(0.1, deadline),
    )
    waited = watch(run.screen, obs, what, check=run.policy.check_kill_switch)
    capped = ""
    if action.seconds is not None and action.seconds > deadline:
        capped = f" (the policy caps a wait at {deadline:g}s; {action.seconds:g}s was asked)"
    said = waited.describe(what)
    ok = waited.woke != "timeout"
    return ActionResult(
        ok=ok,
        description=(
            f"{'woke' if ok else 'gave up'}: {said}{capped}; {waited.polls} polls, "
            f"{waited.reads} reads of what changed, {waited.looks} looks, no brain calls"
        ),
        dry_run=not run.policy.real_input,
        error="" if ok else said + capped,
        settle_seconds=round(waited.seconds, 4),
        passive=not waited.changed,
        woke=waited.woke,
    )


#: A zoomed re-reading replaces an element when their boxes overlap this much (of the
#: smaller box) and it is more confident.
_ZOOM_OVERLAP: Final = 0.5


def _zoom(run: _Run, obs: Observation, action: Action) -> ActionResult:
    """``zoom``: read the text around the target again, magnified; the screen is unchanged,
    so the next step looks at this frame with the better readings in it."""
    element = obs.resolve(action.target or "", action.target_id)
    dry = not run.policy.real_input
    fetch = getattr(run.screen, "pixels", None)  # a screen that sends pixels when asked
    if obs.image is None and callable(fetch):
        obs = fetch(obs)
    if obs.image is None:
        return ActionResult(
            ok=False,
            description=f"zoom on {element.label!r}: nothing to magnify",
            dry_run=dry,
            error="this frame has no pixels (a replayed or scripted screen); zoom needs a live "
            "screen or an image",
            passive=True,
        )
    try:
        from .perception import reread

        found = reread(obs.image, element.box)
    except MissingExtra as exc:
        return ActionResult(
            ok=False, description="zoom: no OCR", dry_run=dry, error=str(exc), passive=True
        )
    merged, changed = merge_readings(obs, found)
    said = ", ".join(f"{e.label!r} ({e.confidence:.2f})" for e in changed) or "nothing new"
    note = f"zoomed on {element.label!r} and read again: {said}"
    run.reuse = _standing(merged, note)
    return ActionResult(ok=True, description=note, dry_run=dry, passive=True)


#: How the note on a frame that a passive step left standing begins.
FRAME_STANDS: Final = "the last frame stands: "


def _standing(obs: Observation, why: str) -> Observation:
    """``obs`` noted as the frame that stands for the next step (one such note at most)."""
    notes = [n for n in obs.notes if not n.startswith(FRAME_STANDS)]
    return dataclasses.replace(obs, notes=(*notes, f"{FRAME_STANDS}{why}; not captured again"))


def merge_readings(obs: Observation, found: Sequence[Element]) -> tuple[Observation, list[Element]]:
    """``obs`` with each reading in ``found`` put in place of the elements it overlaps,
    where it is more confident than all of them (a new reading that overlaps nothing is
    added); returns the new observation and the readings taken."""
    elements = list(obs.elements)
    taken = []
    for new in found:
        over = [e for e in elements if _overlap(e.box, new.box) >= _ZOOM_OVERLAP]
        if over and max(e.confidence for e in over) >= new.confidence:
            continue
        elements = [e for e in elements if e not in over]
        elements.append(new)
        taken.append(new)
    if not taken:
        return obs, []
    merged = Observation.of(
        elements,
        size=obs.size,
        mapping=obs.mapping,
        prose=obs.prose,
        notes=obs.notes,
        image=obs.image,
        windows=obs.windows,
    )
    return merged, taken


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """The intersection of two boxes over the smaller one's area (0 to 1)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])) or 1
    return w * h / smaller


#: How a ``seek`` scrolls: notches per scroll, and the most scrolls down (then up to
#: twice as many back up, past where it started).
SEEK_NOTCHES: Final = 3
SEEK_SCROLLS: Final = 6


def _seek(run: _Run, obs: Observation, action: Action) -> ActionResult:
    """``seek``: look for a label that is not on screen by scrolling the area under the
    target (with none, the top-most window's list, see :func:`~._wheel.scroll_spot`):
    down up to :data:`SEEK_SCROLLS` times, then back up, looking after each scroll, with
    no brain calls. It stops where the label shows (that frame stands for the next step)
    or where a scroll changed nothing (the end of the list). The wheel turns only over
    something that scrolls: with no target and nothing on screen that scrolls, it gives
    up without turning it (a wheel over a drawing, a spin box or a slider changes it).
    Each scroll is real input, checked by the policy like any action (a target that does
    not scroll is refused, rule ``wheel-target``); a dry run cannot scroll, so it says
    where it would and finds nothing."""
    want = action.text or ""
    where = _seek_where(action, obs)
    if where is None:
        dry = not run.policy.real_input
        why = (
            f"{'a dry run does not scroll, and ' if dry else ''}nothing on screen scrolls "
            "(no list, text view or page in the top-most window), so the wheel was not turned"
        )
        return _sought(want, [], why, ok=False, dry=dry, passive=True)
    first = Action.make("scroll", direction="down", amount=SEEK_NOTCHES, **where)
    (under,) = run.policy.check(first, obs, history=run.actions)  # a dry run says a refusal too
    if not run.policy.real_input:
        over = f"; it would scroll over {where['target']!r}"
        why = "a dry run does not scroll, so nothing new can come into view"
        return ActionResult(
            ok=False,
            description=f"seek {want!r}: {why}{over}",
            dry_run=True,
            error=why,
            passive=True,
        )
    current, moves, over = obs, list[str](), where["target"]
    for direction, budget in (("down", SEEK_SCROLLS), ("up", 2 * SEEK_SCROLLS)):
        for _ in range(budget):
            run.policy.check_kill_switch()
            scroll = Action.make("scroll", direction=direction, amount=SEEK_NOTCHES, **where)
            run.policy.check(scroll, current, history=run.actions)
            done = carry_out(run.executor, (scroll,), current)
            if not done.ok:
                return _sought(want, moves, done.error or "a scroll failed", ok=False)
            moves.append(f"{direction} over {over!r}" if over else direction)
            over = ""
            after = run.screen.capture()
            still = after.signature() == current.signature()
            current = _caught_up(run, after) if still else after  # the tree may be late
            if still and not _shows_label(current, want):
                moves[-1] += " (nothing moved)"
                break
            if _shows_label(current, want):
                current = _caught_up(run, current)
                run.reuse = _standing(current, f"seek found {want!r}")
                return _sought(want, moves, "", ok=True)
            there = where if still else _next_spot(action, current, under)
            if there is None:
                run.reuse = None
                return _sought(want, moves, "nothing that scrolls is left there", ok=False)
            where = there
    run.reuse = None  # the screen moved: the next step looks again
    return _sought(want, moves, f"{want!r} never came into view", ok=False)


def _seek_where(action: Action, obs: Observation) -> dict[str, Any] | None:
    """Where ``seek`` turns the wheel first: over its target, else over the top-most
    window's list (None: nothing on screen scrolls)."""
    if action.target:
        return {"target": action.target, "target_id": action.target_id}
    spot = scroll_spot(obs, ("down", SEEK_NOTCHES))  # clear of what the turn brings in
    return None if spot is None else {"target": spot.label, "target_id": spot.id}


def _next_spot(action: Action, current: Observation, under: Element) -> dict[str, Any] | None:
    """Where a seek's next scroll turns the wheel, on the frame its last one left: with
    no target, the top-most window's list (an untargeted scroll, :func:`~._wheel.
    scroll_spot`); else what scrolls at the place the first scroll turned it, in the
    same window (:func:`~._wheel.spot_near`), or None when nothing there scrolls now."""
    if not action.target:  # none where no value control can catch it: give up, unturned
        return {} if scroll_spot(current) is not None else None
    near = spot_near(current, under.center, under.window)
    return None if near is None else {"target": near.label, "target_id": near.id}


#: How often, and how far apart, a seek looks again at a still page whose accessibility
#: tree placed what it found (Chromium's tree can lag a scroll by a frame or more).
TREE_LOOKS: Final = 3
TREE_PAUSE: Final = 0.15


def _caught_up(run: _Run, found: Observation) -> Observation:
    """``found``, or a later look at the same pixels once the accessibility tree stopped
    moving: a box the tree placed right after a scroll may be where it was a scroll ago
    (a click there missed the box). Pixels alone need no second look. The screen reads
    the tree again under a still frame and indexes anew only when it moved."""
    current = found
    if not any(e.source == "a11y" for e in current.elements):
        return current
    for _ in range(TREE_LOOKS):
        time.sleep(TREE_PAUSE)
        again = run.screen.capture()
        if again is current:
            break
        current = again
    return current


def _shows_label(obs: Observation, label: str) -> bool:
    """Whether an element's label is ``label`` once normalised (a label, not prose), or
    is it with a shortcut shown after it ("Load ... Ctrl+F")."""
    want = normalize_label(label)
    return any(want in (e.key, normalize_label(without_shortcut(e.label))) for e in obs.elements)


def _sought(
    want: str,
    moves: Sequence[str],
    error: str,
    *,
    ok: bool,
    dry: bool = False,
    passive: bool = False,
) -> ActionResult:
    said = ", ".join(moves) or "no scroll"
    found = "found it" if ok else f"gave up: {error}"
    return ActionResult(
        ok=ok,
        description=f"seek {want!r}: scrolled {said}; {found}; no brain calls",
        dry_run=dry,
        error=error,
        passive=passive,
    )


#: The harness's own verbs (``VerbSpec.harness``): how the loop carries each out.
_LOOKS: Final[Mapping[str, Callable[[_Run, Observation, Action], ActionResult]]] = {
    "wait_for": _wait_for,
    "zoom": _zoom,
    "seek": _seek,
}


def _refusal(exc: PolicyRefusal) -> Refusal:
    return Refusal(rule=exc.rule, message=str(exc))


def _error(kind: ErrorKind, cause: Exception | str) -> StepError:
    return StepError(kind=kind, message=str(cause))


#: Verbs whose real effect shows on screen: one that left the index as it was is worth
#: saying beside a claim of done (a click on a button that does nothing now).
_SHOWS: Final = frozenset({"click", "type", "key", "drag"})


def _finish_on_done(run: _Run, obs: Observation, decision: Decision) -> Episode:
    claim = decision.action.reason or "the brain said it is done"
    if not run.verify_text:
        return run.end("claimed", f"{claim} (a claim: nothing was verified{_idle(run, obs)})", obs)
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


def _idle(run: _Run, obs: Observation) -> str:
    """ "; and the screen did not change after <the last action>" when the last real
    action that shows on screen left the index as it was, else ""."""
    last = next((s for s in reversed(run.steps) if s.acted), None)
    if last is None or last.result is None or last.result.dry_run or last.decision is None:
        return ""
    before, done = last.observation, last.decision.actions
    if before is None or not any(a.verb in _SHOWS for a in done):
        return ""
    if before.signature() != obs.signature():
        return ""
    return f"; and the screen did not change after {done[-1].describe()}"


def history_feedback(history: Sequence[Step], current: Observation | None = None) -> list[str]:
    """Short lines describing earlier steps for a brain, failures called out plainly.

    ``current`` is the frame the brain is looking at now: an action after which the
    screen stayed the same is reported as such, and a passive step (a zoom, a wait that
    saw nothing change) says the frame it left stands. Given a bounded
    :class:`~tiny_computer_agent._history.History`, only its steps are read (the ledger
    of the earlier ones is :func:`ledger_lines`).
    """
    lines = []
    for i, step in enumerate(history):
        if step.decision is None:
            continue
        what = " + ".join(a.describe() for a in step.decision.actions)
        if step.error or step.refusal:
            lines.append(f"{what}: FAILED ({step.error or step.refusal})")
            continue
        if step.result is not None and step.result.passive:
            lines.append(f"{what}: {step.result.description} (the screen is the same frame)")
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


def ledger_lines(history: Sequence[Step]) -> list[str]:
    """What a brain is told of the steps before ``history``'s (empty when it shows them
    all): how many, then the harness's ledger."""
    if not isinstance(history, History) or not history.earlier:
        return []
    head = f"{history.earlier} earlier steps ({history.acted} actions in all), summed up:"
    return [head, *history.ledger]
