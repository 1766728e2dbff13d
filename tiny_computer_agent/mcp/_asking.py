"""The irreversible gate's question, put to the person through the MCP client (stdlib).

With real input the policy refuses a press that cannot be undone (rule
``irreversible``) unless ``--allow-irreversible`` covers it or a person says yes
(:attr:`~tiny_computer_agent._policy.Policy.approve`). A server has no terminal to ask
on, so :class:`PersonGate` asks through the client that made the call: MCP's
elicitation, a form with one box to tick (:data:`PRESS_SCHEMA`). Only an explicit
accept with the box ticked is a yes; a decline, a cancel, an unticked box, no answer
within :data:`ASK_SECONDS` or a client that declared no form elicitation is a no, and
the policy refuses as it always did. The answer (one of :data:`ANSWERS`) is kept for
the session log.

The gate answers only the question the policy asks, for the action being judged:
nothing a client sends can allow anything else. A yes holds for the call it was given
in (the executor may check the same action again on a fresh frame), never for a later
call.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, TypeAlias

from .._actions import Action
from .._elements import Element, Observation
from .._policy import text_around

__all__ = ["ANSWERS", "ASK_SECONDS", "PRESS_SCHEMA", "Ask", "PersonGate", "answer_of"]

#: Puts the question to the person through the client; returns one of :data:`ANSWERS`.
Ask: TypeAlias = Callable[[str], str]

#: What the session log says the person answered: "accept" alone lets the press go.
ANSWERS: Final[Mapping[str, str]] = {
    "accept": "the person said yes through the client",
    "decline": "the person declined through the client",
    "cancel": "the person dismissed the question in the client",
    "unticked": "the person accepted the form without ticking 'press'",
    "unanswered": "the client gave no answer in time (or the question could not be sent)",
    "unsupported": "this client cannot ask a person: it declared no form elicitation",
}
#: How long a person has to answer.
ASK_SECONDS: Final = 120.0
#: The form the client shows: one required box, ticked only by a deliberate yes.
PRESS_SCHEMA: Final[Mapping[str, Any]] = {
    "type": "object",
    "properties": {
        "press": {
            "type": "boolean",
            "title": "Yes, press it",
            "description": "Tick to let this press through; it cannot be undone.",
        }
    },
    "required": ["press"],
}


def answer_of(action: str, content: Mapping[str, Any] | None) -> str:
    """An elicitation's result (its ``action`` and form ``content``) as one of ANSWERS."""
    if action == "accept":
        return "accept" if (content or {}).get("press") is True else "unticked"
    return action if action in ("decline", "cancel") else "unanswered"


def question(action: Action, element: Element | None, observation: Observation) -> str:
    """What the person reads: the press, why it cannot be undone, the text around it."""
    label = element.label if element is not None else (action.keys or action.describe())
    lines = [
        f"An MCP client asks this computer to {action.describe()}.",
        f"{label!r} looks like something that cannot be undone; nothing is pressed "
        "unless you tick the box and accept.",
    ]
    if element is not None:
        around = " | ".join(e.label for e in text_around(element, observation))
        lines.append(f"On screen around it: {around}")
    return "\n".join(lines)


class PersonGate:
    """``Policy.approve`` for an MCP server: :attr:`approve` asks through the ``ask``
    of the call under way (:meth:`asking`); :meth:`answer` says what came back."""

    def __init__(self) -> None:
        self._ask: Ask | None = None
        self._answer = ""
        self._yes: set[tuple[str, str]] = set()

    @contextlib.contextmanager
    def asking(self, ask: Ask | None) -> Iterator[None]:
        """For one tool call: questions go to ``ask`` (None: the client cannot be asked)."""
        self._ask, self._answer, self._yes = ask, "", set()
        try:
            yield
        finally:
            self._ask, self._yes = None, set()

    def answer(self) -> str:
        """The answer given since the last call of this method ("" when none was asked)."""
        said, self._answer = self._answer, ""
        return said

    def approve(self, action: Action, element: Element | None, observation: Observation) -> bool:
        key = (action.describe(), "" if element is None else element.label)
        if key in self._yes:  # the executor's second check of the action just allowed
            return True
        said = (
            "unsupported"
            if self._ask is None
            else self._ask(question(action, element, observation))
        )
        self._answer = said if said in ANSWERS else "unanswered"
        if self._answer != "accept":
            return False
        self._yes.add(key)
        return True
