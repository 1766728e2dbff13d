"""Weightless baselines: a first-item brain, an oracle and a scripted brain.

Every brain answers ``decide(goal, menu, history) -> Decision`` and chooses only from
the menu. These three are for scoring (a floor and a ceiling), tests and users' own
tests; :func:`brain_identity` names a brain and its settings in traces and scoreboards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from .._actions import (
    Action,
    check_batch,
    shown,
)
from .._contracts import Brain, Decision, Step
from .._elements import normalize_label
from .._errors import ActionError, GoalUnreachable
from .._history import actions_done
from .._menu import Menu, parse_decision

__all__ = ["FirstItemBrain", "OracleBrain", "ScriptedBrain", "brain_identity"]


def brain_identity(brain: Brain) -> dict[str, Any]:
    """A brain's name and settings, for traces and decision digests."""
    settings = getattr(brain, "settings", None)
    return {
        "name": str(getattr(brain, "name", type(brain).__name__)),
        "settings": dict(settings()) if callable(settings) else {},
    }


@dataclasses.dataclass(kw_only=True, slots=True)
class FirstItemBrain:
    """A baseline: always clicks entry 1, then says done. Any brain must beat it."""

    #: decides from the menu's text: a remote screen need not fetch every frame's pixels
    sees_pixels: ClassVar[bool] = False

    name: str = "first-item"

    def settings(self) -> dict[str, Any]:
        return {}

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        if actions_done(history):
            return Decision(action=Action.make("done", reason="clicked the first item"))
        if not menu.entries:
            raise GoalUnreachable("the menu is empty, so there is no first item to click")
        e = menu.entries[0]
        return Decision(action=Action.make("click", target=e.label, target_id=e.id), choice=1)


@dataclasses.dataclass(kw_only=True, slots=True)
class OracleBrain:
    """Always the expected answer (for scoring): clicks the first expected label on the
    menu, then says done."""

    #: decides from the menu's text: a remote screen need not fetch every frame's pixels
    sees_pixels: ClassVar[bool] = False

    expected: tuple[str, ...]
    name: str = "oracle"

    def settings(self) -> dict[str, Any]:
        return {"expected": list(self.expected)}

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        if actions_done(history):
            return Decision(action=Action.make("done", reason="the expected target was clicked"))
        # exact normalised labels only: an oracle that guessed would score a wrong answer
        wanted = {normalize_label(label) for label in self.expected}
        for number, e in enumerate(menu.entries, 1):
            if e.key in wanted:
                return Decision(
                    action=Action.make("click", target=e.label, target_id=e.id), choice=number
                )
        raise GoalUnreachable(f"none of the expected labels {list(self.expected)} is on the menu")


@dataclasses.dataclass(kw_only=True, slots=True)
class ScriptedBrain:
    """Plays a fixed list exactly once, then says done.

    Items are :class:`Action` objects, action mappings (validated now, like
    ``--script``), lists of them (a batch, checked now by
    :func:`~tiny_computer_agent._actions.check_batch`), or raw reply strings (read by
    :func:`parse_decision` against the menu at decision time, exactly like a model's
    answer).
    """

    #: decides from the menu's text: a remote screen need not fetch every frame's pixels
    sees_pixels: ClassVar[bool] = False

    items: tuple[Action | tuple[Action, ...] | str, ...]
    name: str = "scripted"
    played: int = 0

    @classmethod
    def of(cls, items: Iterable[Action | Mapping[str, Any] | Sequence[Any] | str]) -> ScriptedBrain:
        """Build from actions, dicts, lists of them (batches) or replies; a bad item raises
        ActionError naming it."""
        built: list[Action | tuple[Action, ...] | str] = []
        for i, item in enumerate(items, 1):
            if isinstance(item, (Action, str)):
                built.append(item)
            elif isinstance(item, Mapping):
                built.append(_scripted_action(item, f"script item {i}"))
            elif isinstance(item, (list, tuple)):
                actions = [
                    _scripted_action(a, f"script item {i}.{j}") for j, a in enumerate(item, 1)
                ]
                try:
                    built.append(check_batch(actions))
                except ActionError as exc:
                    raise ActionError(f"script item {i}: {exc}") from exc
            else:
                raise ActionError(
                    f"script item {i}: an action object, a list of them (a batch) or a reply "
                    f"string, not {type(item).__name__} ({shown(item)})"
                )
        return cls(items=tuple(built))

    def settings(self) -> dict[str, Any]:
        return {"items": [_scripted_dict(i) for i in self.items]}

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        if self.played >= len(self.items):
            return Decision(action=Action.make("done", reason="the script has finished"))
        item = self.items[self.played]
        self.played += 1
        if isinstance(item, str):
            return parse_decision(item, menu)
        if isinstance(item, tuple):
            first, *rest = item
            return Decision(action=first, reply=str(_scripted_dict(item)), batch=tuple(rest))
        return Decision(action=item, reply=str(item.to_dict()))


def _scripted_action(item: object, where: str) -> Action:
    if isinstance(item, Action):
        return item
    if not isinstance(item, Mapping):
        raise ActionError(f"{where}: an action object, not {type(item).__name__} ({shown(item)})")
    try:
        return Action.from_dict(item)
    except ActionError as exc:
        raise ActionError(f"{where}: {exc}") from exc


def _scripted_dict(item: Action | tuple[Action, ...] | str) -> Any:
    if isinstance(item, tuple):
        return [a.to_dict() for a in item]
    return item if isinstance(item, str) else item.to_dict()
