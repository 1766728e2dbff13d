"""What a run says while it happens, and the one place a person can hold it.

:func:`~tiny_computer_agent._loop.run_episode` calls each of its ``listeners`` with a
:class:`RunEvent` as the run goes, in this order::

    start                                  the goal and the run's settings
    observe -> decide -> verdict -> step   once per step (a step may end early: a
                                           refusal, an error or ``done`` skip the rest)
    end                                    the finished Episode

``verdict`` is the policy's judgement of the decision before anything is done
(``refusal`` None: allowed; ``held``: with real input the action waits for a person's
yes, see :attr:`Policy.approve`). ``step`` carries the recorded :class:`Step`, the
same object ``on_step`` receives. Listeners run on the loop's thread and must be quick;
a session log writes a line, a console puts the event on a queue.

``gate(index)`` is called after the verdict and before the action is carried out. It
may block (a paused console) and returns True to go on, or False when the person took
control meanwhile: the action is not done, the step is recorded with the error kind
``taken-over``, and the next step looks at the screen again. Stopping is not the gate's
job: :attr:`Policy.halt` is checked with the kill switch, before every action.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

from ._contracts import Decision, Refusal, Step
from ._elements import Observation

if TYPE_CHECKING:
    from ._loop import Episode

__all__ = ["EVENT_KINDS", "EventKind", "Gate", "Listener", "RunEvent"]

EventKind = Literal["start", "observe", "decide", "verdict", "step", "end"]
EVENT_KINDS: Final[tuple[EventKind, ...]] = typing.get_args(EventKind)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class RunEvent:
    """One thing that happened in a run; which fields are set depends on ``kind``.

    start: ``goal``, ``settings``. observe: ``index``, ``observation``, ``menu``.
    decide: ``index``, ``decision``. verdict: ``index``, ``decision``, ``refusal``,
    ``held``, ``answer``. step: ``index``, ``step``. end: ``episode``.

    ``answer``: what a person asked for a yes said (an MCP server's elicitation:
    "accept", "decline"...); empty when nobody was asked.
    """

    kind: EventKind
    index: int = 0
    goal: str = ""
    settings: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    observation: Observation | None = None
    menu: tuple[str, ...] = ()
    decision: Decision | None = None
    refusal: Refusal | None = None
    held: str = ""
    answer: str = ""
    step: Step | None = None
    episode: Episode | None = None

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise ValueError(f"event kind {self.kind!r} is not one of {', '.join(EVENT_KINDS)}")


#: Called with every event of a run, on the loop's thread.
Listener: TypeAlias = Callable[[RunEvent], None]
#: Called before each action: True goes on, False means the person took control.
Gate: TypeAlias = Callable[[int], bool]
