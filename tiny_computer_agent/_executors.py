"""Executors: turn a validated action into input. The default touches nothing.

:func:`screen_points` is the one place a label becomes a screen pixel: the element's
centre in frame pixels, mapped through the observation's exact frame-to-screen
mapping. Every executor, dry or real, uses it, so a dry run reports the very pixel a
real run would hit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ._actions import Action
from ._contracts import ActionResult, Executor
from ._elements import Element, Observation
from ._errors import TargetError
from ._wheel import ONE_LINE, scroll_spot, turn_of, wheel_point

__all__ = ["DryRunExecutor", "carry_out", "combine_results", "screen_points"]

_DRY = "dry run, nothing touched: would "


def screen_points(action: Action, observation: Observation) -> tuple[tuple[int, int], ...]:
    """The screen pixels ``action`` would touch (none for key, wait and done).

    Raises TargetError when a target does not resolve to exactly one element. A
    ``scroll`` with no target turns the wheel over :func:`~._wheel.scroll_spot` (the
    top-most window's list), never wherever the pointer happens to be: TargetError when
    nothing on screen scrolls. A scroll turns at :func:`~._wheel.wheel_point`, a pixel
    of its element no value control can catch, not at its centre.
    """
    if action.verb == "scroll" and action.target is None:
        spot = scroll_spot(observation, turn_of(action))
        if spot is None:
            raise TargetError(
                f"{action.describe()}: no target, and nothing on screen scrolls (no list, "
                "text view or page in the top-most window); the wheel is not turned over "
                "whatever the pointer is on. Name a list's row or a text view as the target"
            )
        return (observation.mapping.to_screen(*_wheel_at(spot, observation, action)),)
    points = []
    for label, element_id in ((action.target, action.target_id), (action.to, action.to_id)):
        if label is None:
            continue
        element = observation.resolve(label, element_id)
        if action.verb == "scroll":
            at = _wheel_at(element, observation, action)
        else:
            at = _typing_point(element) if action.verb == "type" else element.center
        points.append(observation.mapping.to_screen(*at))
    return tuple(points)


def _wheel_at(element: Element, observation: Observation, action: Action) -> tuple[float, float]:
    """Where a wheel over ``element`` turns (:func:`~._wheel.wheel_point`); TargetError
    when no pixel of it is clear of a value control (the policy refuses that first)."""
    at = wheel_point(element, observation, turn_of(action))
    if at is None:
        raise TargetError(
            f"the wheel is not turned over {element.label!r}: no pixel of it is clear of "
            "a value control (a slider, a spin box, a drop-down) or it does not scroll"
        )
    return at


def _typing_point(element: Element) -> tuple[float, float]:
    """Where typing into ``element`` clicks: a one-line field near its left end, one
    field-height in (at most its middle), where its text is; its middle may be a spin
    box's "-" button (GTK's spin button is one box in the tree, buttons and all), or a
    combo box's arrow. Anything else at its centre."""
    x0, y0, _, y1 = element.box
    cx, cy = element.center
    if element.kind != "field" or y1 - y0 > ONE_LINE:
        return cx, cy
    return min(cx, x0 + (y1 - y0)), cy


def held_text(element: Element) -> str:
    """What a one-line text field shows ("" for an empty one, a text area, or any other
    kind): the text that typing into it replaces."""
    one_line = element.box[3] - element.box[1] <= ONE_LINE
    text = element.value or ""
    return text if element.kind == "field" and one_line and "\n" not in text else ""


def replaced_text(action: Action, observation: Observation) -> str:
    """The text ``action`` replaces: a ``type`` into a one-line field puts its text in
    place of what the field shows (:func:`held_text`), as filling in a form does, so
    "type 800 into Pitch" leaves 800 there, not 400800. To add to a field's text, click
    it and type with no target. "" when nothing is replaced."""
    if action.verb != "type" or action.target is None:
        return ""
    try:
        return held_text(observation.resolve(action.target, action.target_id))
    except TargetError:  # screen_points says so
        return ""


def selects_field(action: Action, observation: Observation) -> bool:
    """Whether a ``type`` selects its target's text first, to replace it: its target is
    a one-line field, whatever text the frame saw there. The frame may be older than the
    field's text: GTK's Save As fills its name field after the dialog is drawn, and a
    single click then put the caret inside the old name ("notereport.txts.txt")."""
    if action.verb != "type" or action.target is None:
        return False
    try:
        element = observation.resolve(action.target, action.target_id)
    except TargetError:
        return False
    one_line = element.box[3] - element.box[1] <= ONE_LINE
    return element.kind == "field" and one_line and "\n" not in (element.value or "")


def describe_at(action: Action, points: tuple[tuple[int, int], ...], replaces: str = "") -> str:
    """``click 'Save' at (812, 540)``: the action and the pixels it resolves to, and the
    text a ``type`` replaces (:func:`replaced_text`)."""
    said = action.describe() + (f" in place of {replaces!r}" if replaces else "")
    if not points:
        return said
    where = " -> ".join(f"({x}, {y})" for x, y in points)
    return f"{said} at {where}"


@dataclasses.dataclass(kw_only=True, slots=True)
class DryRunExecutor:
    """Resolves every target to the pixel it would hit and touches nothing.

    ``log`` keeps every result, so tests and demos can assert on what would have happened.
    It holds no secrets: typed text is described with its ``<secret>NAME</secret>``
    placeholders, never expanded.
    """

    log: list[ActionResult] = dataclasses.field(default_factory=list)

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        points = screen_points(action, observation)
        result = ActionResult(
            ok=True,
            description=_DRY + describe_at(action, points, replaced_text(action, observation)),
            points=points,
            dry_run=True,
        )
        self.log.append(result)
        return result


def carry_out(executor: Executor, actions: Sequence[Action], obs: Observation) -> ActionResult:
    """One action through ``executor.execute``; a batch through the executor's own
    ``execute_batch`` (one settle at the end), else one action at a time, stopping at
    the first that fails."""
    if len(actions) == 1:
        return executor.execute(actions[0], obs)
    own = getattr(executor, "execute_batch", None)
    if callable(own):
        result: ActionResult = own(tuple(actions), obs)
        return result
    results = []
    for action in actions:
        results.append(executor.execute(action, obs))
        if not results[-1].ok:
            break
    return combine_results(results, len(actions))


def combine_results(results: Sequence[ActionResult], planned: int) -> ActionResult:
    """One result for a batch: ok only when all ``planned`` actions were done and ok;
    the descriptions and points in order; the first error; the last settle."""
    if not results:
        raise ValueError("a batch result needs at least one action's result")
    done = len(results)
    error = next((r.error for r in results if r.error), "")
    if done < planned and not error:
        error = f"the batch stopped after {done} of {planned} actions"
    return ActionResult(
        ok=done == planned and all(r.ok for r in results),
        description=_joined([r.description for r in results]),
        points=tuple(p for r in results for p in r.points),
        dry_run=all(r.dry_run for r in results),
        error=error,
        settle_seconds=results[-1].settle_seconds,
    )


def _joined(descriptions: Sequence[str]) -> str:
    """``would type 'bob'; then key Return``: a shared dry-run prefix said once."""
    first, *rest = descriptions
    if first.startswith(_DRY):
        rest = [d.removeprefix(_DRY) for d in rest]
    return "; then ".join([first, *rest])
