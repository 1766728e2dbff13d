"""Every error the harness raises on purpose, in one tree.

    TinyAgentError                 base of everything below
    ├── ActionError                an action failed validation (verb, field, value)
    ├── BrainError                 a brain's reply could not be used
    │   └── GoalUnreachable        a brain looked and found nothing that fits the goal
    │       └── Unsure             a brain is not sure enough to choose: it names its
    │                              candidates (the loop asks a person, else gives up)
    ├── PolicyRefusal              the policy refused an action (names the rule)
    ├── TargetError                a target label could not be resolved to one element
    │   └── AmbiguousTarget        two elements match the label equally well
    ├── ScreenUnavailable          there is no screen to look at (exit code 3)
    ├── MissingExtra               an optional dependency is not installed
    ├── TraceError                 a trace or scenario file is malformed
    ├── SessionError               a session folder cannot be written or read back
    └── TokenFileError             a remote desktop's token file cannot be used

Errors caused by the world or by a model (a bad reply, a vanished target, a refused
action) are recorded on the step of an episode and never escape the loop as a
traceback. Bugs in the library itself are not caught: they propagate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._asking import Choices

__all__ = [
    "ActionError",
    "AmbiguousTarget",
    "BrainError",
    "GoalUnreachable",
    "MissingExtra",
    "PolicyRefusal",
    "ScreenUnavailable",
    "SessionError",
    "TargetError",
    "TinyAgentError",
    "TokenFileError",
    "TraceError",
    "Unsure",
]


class TinyAgentError(Exception):
    """Base class of every error the harness raises deliberately."""


class ActionError(TinyAgentError, ValueError):
    """An action failed validation before anything could touch the machine."""


class BrainError(TinyAgentError):
    """A brain produced no usable decision (unparseable, echoed, off-menu...)."""

    def __init__(self, message: str, *, reply: str = "") -> None:
        super().__init__(message)
        self.reply = reply


class GoalUnreachable(BrainError):
    """The brain looked for what the goal asks and did not find it on screen.

    ``confidence``: how sure the brain is that nothing fits (a calibrated probability),
    when it can say."""

    def __init__(self, message: str, *, reply: str = "", confidence: float | None = None) -> None:
        super().__init__(message, reply=reply)
        self.confidence = confidence


class Unsure(GoalUnreachable):
    """The brain's best choice is below the confidence it acts on: ``choices`` are its
    candidates, best first (a :class:`~tiny_computer_agent._asking.Choices`). The loop
    asks a person when one is present (an ``asker``) and acts on the answer; without one
    this is a give-up that names the candidates."""

    def __init__(self, message: str, *, choices: Choices, confidence: float | None = None) -> None:
        super().__init__(message, reply=choices.part, confidence=confidence)
        self.choices = choices


class PolicyRefusal(TinyAgentError):
    """The policy refused an action; ``rule`` names the rule that refused it."""

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class TargetError(TinyAgentError):
    """A target label does not resolve to an element of the observation."""


class AmbiguousTarget(TargetError):
    """Two or more elements match a label equally well; nothing is guessed."""


class ScreenUnavailable(TinyAgentError):
    """No screen can be captured (no display, no file, capture failed)."""


class MissingExtra(TinyAgentError, ImportError):
    """An optional dependency is missing; the message names the extra to install."""

    def __init__(self, module: str, extra: str, purpose: str) -> None:
        super().__init__(
            f"{purpose} needs the Python module {module!r}, which is not installed. "
            f"Install it with: pip install 'tiny-computer-agent[{extra}]'"
        )
        self.module = module
        self.extra = extra


class TraceError(TinyAgentError, ValueError):
    """A trace, scenario or scoreboard file is malformed; names the file and field."""


class SessionError(TinyAgentError):
    """A folder is not a session, cannot be read or written, or holds a bad line."""


class TokenFileError(TinyAgentError, ValueError):
    """A token file cannot be used: missing, readable by others, empty, or not a token.
    The message names the file and the fix (exit code 2 on the command line)."""
