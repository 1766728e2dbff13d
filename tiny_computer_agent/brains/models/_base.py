"""The model brain: a prompt from the numbered menu, a reply read leniently, one retry.

    ModelBrain.decide(goal, menu, history)
        prompt()   system rules with placeholders (never a worked example: a weak model
                   echoes examples back), the goal, the menu, what already happened
        complete() the backend's reply (transformers, an OpenAI-compatible server...)
        read()     menu.parse_decision (prose that merely mentions a label is not a
                   choice)
        on a refused reply: one corrective retry that says exactly what was wrong,
        then BrainError -- never a guess, never a blind click

Backends implement :meth:`ModelBrain.complete`. :class:`ScriptedModelBrain` is the
fake: its "model" is a list of replies, and it records every prompt it was shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final

from ..._contracts import Decision, Step
from ..._errors import BrainError, GoalUnreachable
from ..._loop import FRAME_STANDS, history_feedback, ledger_lines
from ..._menu import Menu, parse_decision

__all__ = [
    "HISTORY_LINES",
    "Message",
    "ModelBrain",
    "ScriptedModelBrain",
    "corrective_message",
    "menu_prompt",
]

#: One chat message: ``{"role": "system"|"user"|"assistant", "content": str}``.
Message = dict[str, Any]

#: How many earlier steps a model is told about (the most recent ones).
HISTORY_LINES: Final = 6

SYSTEM_PROMPT: Final = """\
You operate a computer for a person. You see their goal and a numbered menu of what \
is on the screen now. Choose the ONE next action.
Reply with exactly one JSON object and nothing else, in this shape:
{"verb": "<verb>", "choice": <menu number>}
<verb> is one of: click, type, key, scroll, done.
For type, add "text": "<the text to type>". For key, give "keys": "<key or chord>" \
and no choice. For scroll, add "direction": "<up or down>". Say done when the goal \
is already achieved.
Choose only numbers that are on the menu. Never give coordinates. Do not repeat the menu."""


def menu_prompt(goal: str, menu: Menu, history: Sequence[Step], limit: int = HISTORY_LINES) -> str:
    """The user message: the goal, the menu, and the last ``limit`` steps, with failed
    and no-effect steps called out (see :func:`~tiny_computer_agent._loop.history_feedback`);
    in a long episode, the harness's ledger of the steps before those. Its size does not
    grow with the episode's length."""
    parts = [f"Goal: {goal}", "", "On the screen now:", menu.render()]
    notes = [n for n in menu.observation.notes if n.startswith(FRAME_STANDS)]
    parts += notes
    lines = history_feedback(history, menu.observation)[-limit:] if limit > 0 else []
    earlier = ledger_lines(history) if limit > 0 else []
    if earlier:
        parts += ["", *earlier]
    if lines:
        parts += ["", "Steps so far:" if not earlier else "Latest steps:"]
        parts += [f"- {line}" for line in lines]
    parts += ["", "Your JSON object:"]
    return "\n".join(parts)


def corrective_message(error: BrainError, menu: Menu) -> str:
    """What the retry says: the exact reason the reply was refused, and the shape wanted."""
    n = len(menu.entries)
    return (
        f"Your reply could not be used: {error} "
        "Reply again with exactly one JSON object and nothing else, in this shape: "
        f'{{"verb": "click", "choice": <a number from 1 to {n}>}}. '
        "Do not repeat the menu or explain."
    )


@dataclasses.dataclass(kw_only=True)
class ModelBrain:
    """Base of every brain that asks a model in words. Subclasses implement
    :meth:`complete` (and may extend :meth:`prompt`).

    ``retries`` is the number of corrective retries (default 1); ``history_lines`` how
    many earlier steps the model is told about.
    """

    model: str = ""
    max_new_tokens: int = 48
    retries: int = 1
    history_lines: int = HISTORY_LINES
    name: str = "model"

    def settings(self) -> dict[str, Any]:
        """What identifies this brain's decisions (for traces and decision digests)."""
        return {
            "model": self.model,
            "max_new_tokens": self.max_new_tokens,
            "retries": self.retries,
        }

    def prompt(self, goal: str, menu: Menu, history: Sequence[Step]) -> list[Message]:
        """The first request: system rules, then the goal, menu and history."""
        return [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": menu_prompt(goal, menu, history, self.history_lines)},
        ]

    def complete(self, messages: Sequence[Message], menu: Menu) -> str:
        """The model's raw reply to ``messages`` (the menu is there for backends that draw
        it, such as the vision brain). BrainError when the backend fails."""
        raise NotImplementedError

    def read(self, reply: str, menu: Menu) -> Decision:
        """The reply as a decision, or BrainError saying what is wrong with it."""
        return parse_decision(reply, menu)

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        if not menu.entries:
            raise GoalUnreachable("the menu is empty: nothing was found on screen to choose from")
        messages = self.prompt(goal, menu, history)
        reply = self.complete(messages, menu)
        try:
            return self.read(reply, menu)
        except BrainError as exc:
            if self.retries < 1:
                raise BrainError(f"the reply could not be used: {exc}", reply=reply) from exc
            first = error = exc
        for attempt in range(1, self.retries + 1):
            messages = [
                *messages,
                {"role": "assistant", "content": reply},
                {"role": "user", "content": corrective_message(error, menu)},
            ]
            reply = self.complete(messages, menu)
            try:
                decision = self.read(reply, menu)
            except BrainError as exc:
                error = exc
                continue
            note = f"retry {attempt}: the earlier reply was refused ({first})"
            return dataclasses.replace(
                decision, note="; ".join(n for n in (decision.note, note) if n)
            )
        raise BrainError(
            f"no usable reply after {self.retries} corrective "
            f"{'retry' if self.retries == 1 else 'retries'}: first {first}; last {error}",
            reply=reply,
        )


@dataclasses.dataclass(kw_only=True)
class ScriptedModelBrain(ModelBrain):
    """A model brain whose model is a list of replies, played in order (the last one
    repeats). Every request it was sent is kept in ``requests``, so tests and demos can
    see the prompts, the corrective retry and the history the real brains send."""

    replies: tuple[str, ...] = ()
    requests: list[list[Message]] = dataclasses.field(default_factory=list)
    name: str = "scripted-model"

    def __post_init__(self) -> None:
        if not self.replies:
            raise ValueError("a ScriptedModelBrain needs at least one reply")

    def settings(self) -> dict[str, Any]:
        return {**ModelBrain.settings(self), "replies": list(self.replies)}

    def complete(self, messages: Sequence[Message], menu: Menu) -> str:
        self.requests.append(list(messages))
        return self.replies[min(len(self.requests), len(self.replies)) - 1]
