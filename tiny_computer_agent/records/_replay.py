"""Replay: any brain over a trace's frames, offline. The frames are the fixture, the
brain is the only variable, and nothing is captured or clicked."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .._contracts import Brain, Decision, Step
from .._errors import BrainError, TraceError
from .._menu import Menu, build_menu
from ._schema import Trace, TraceStep

__all__ = ["ReplayedFrame", "decisions_equal", "rebuild_menu", "replay", "replay_frames"]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ReplayedFrame:
    """One frame of a replay: the recorded step, the menu rebuilt from it, and what the
    brain made of it (a Decision, or the BrainError it raised)."""

    step: TraceStep
    menu: Menu
    outcome: Decision | BrainError


def rebuild_menu(trace: Trace, step: TraceStep) -> Menu:
    """The menu ``step`` showed, rebuilt with the trace's goal and menu size.

    TraceError when this harness builds a different menu from the recorded one (the
    menu rules changed since it was recorded): the replay would not be the same test.
    """
    if step.frame is None:
        raise TraceError(f"{trace.source}: step {step.index} has no frame to build a menu from")
    menu = build_menu(step.frame, trace.goal, trace.menu_size)
    if menu.lines() != step.menu:
        position = trace.steps.index(step) if step in trace.steps else step.index - 1
        raise TraceError(
            f"{trace.source}: field 'steps[{position}].menu' is not the menu this "
            f"harness builds from that frame (menu size {trace.menu_size}); the menu rules "
            "changed since it was recorded, so record the trace again"
        )
    return menu


def replay_frames(trace: Trace, brain: Brain, *, limit: int | None = None) -> list[ReplayedFrame]:
    """Run ``brain`` over the trace's frames in order (at most ``limit`` of them).

    The brain sees the recorded history (what really happened before each frame), so
    every frame poses the question it posed in the recorded run. BrainError (including
    GoalUnreachable) is an answer and is returned; any other exception is a bug and
    propagates.
    """
    replayed: list[ReplayedFrame] = []
    history: list[Step] = []
    for step in trace.steps:
        if limit is not None and len(replayed) >= limit:
            break
        if step.frame is not None:
            menu = rebuild_menu(trace, step)
            outcome: Decision | BrainError
            try:
                outcome = brain.decide(trace.goal, menu, tuple(history))
            except BrainError as exc:
                outcome = exc
            replayed.append(ReplayedFrame(step=step, menu=menu, outcome=outcome))
        history.append(step.to_step())
    return replayed


def replay(trace: Trace, brain: Brain) -> list[Decision | BrainError]:
    """``brain``'s decision (or BrainError) on every frame of ``trace``; nothing is
    captured or clicked. The same brain on the same trace gives the same decisions."""
    return [r.outcome for r in replay_frames(trace, brain)]


def decisions_equal(a: Sequence[Decision | BrainError], b: Sequence[Decision | BrainError]) -> bool:
    """Whether two replays chose the same actions (errors compare by type and message)."""

    def key(o: Decision | BrainError) -> object:
        if isinstance(o, BrainError):
            return (type(o).__name__, str(o))
        return o.action.to_dict()

    return [key(x) for x in a] == [key(y) for y in b]
