"""The console's buttons as a thread-safe state machine the run's gate and halt read.

::

    running --pause--> paused --resume--> running
    running/paused --step--> stepping --(the gate lets one action through)--> paused
    any --take_control--> taken-over --hand_back--> running  (the held action is skipped)
    any --stop--> stopped  (final: halt() says why, the kill switch ends the run)

:meth:`Controls.gate` is the loop's gate: it returns at once while running, blocks while
paused or taken over, and returns False when the person took control meanwhile (the
loop skips that action and looks again). :meth:`Controls.ask` holds an irreversible
action until the person answers (:meth:`Controls.answer`), the time runs out (a
refusal) or the run is stopped (a refusal). :meth:`Controls.pick` holds a question
with ``choices`` (an unsure brain's candidates) the same way; its answer is a number.
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

__all__ = ["CONTROL_ACTIONS", "ControlState", "Controls", "Question"]

ControlState: TypeAlias = Literal["running", "paused", "stepping", "taken-over", "stopped"]

#: the requests the page may send, and the method each calls
CONTROL_ACTIONS: Final = ("pause", "resume", "step", "stop", "take", "hand-back")

#: how often a waiting gate looks at the kill-switch file
_POLL_SECONDS: Final = 0.25
#: the reason halt() gives after the Stop button
STOP_REASON: Final = "the Stop button in the console"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Question:
    """An irreversible action waiting for a person's yes, as the page shows it; or,
    with ``choices``, a question whose answer is the number of one of them."""

    ticket: int
    action: str
    label: str
    why: str
    around: tuple[str, ...] = ()
    box: tuple[int, int, int, int] | None = None
    frame: int = 0
    deadline: float = 0.0  # time.time() when it is refused unanswered
    choices: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "choices": list(self.choices),
            "ticket": self.ticket,
            "action": self.action,
            "label": self.label,
            "why": self.why,
            "around": list(self.around),
            "box": None if self.box is None else list(self.box),
            "frame": self.frame,
            "deadline": self.deadline,
        }


class Controls:
    """Pause, step, resume, stop, take control, and pending approvals, for one run.

    ``on_change`` is called (outside the lock) with :meth:`snapshot` after every change,
    so the console can tell the page. ``kill_switch``: a waiting gate lets the run go
    when this file appears, so the kill switch still ends a paused run.
    """

    def __init__(
        self,
        *,
        paused: bool = False,
        approve_timeout: float = 120.0,
        kill_switch: Path | None = None,
        on_change: Callable[[Mapping[str, Any]], None] | None = None,
    ) -> None:
        if not approve_timeout > 0:
            raise ValueError(f"approve_timeout must be more than 0 seconds, got {approve_timeout}")
        self._cond = threading.Condition()
        self._state: ControlState = "paused" if paused else "running"
        self._stop_reason = ""
        self._pending: dict[int, Question] = {}
        self._answers: dict[int, bool | int] = {}
        self._tickets = 0
        self._waiting_at = 0  # the step index a gate is holding, 0 when none
        self.approve_timeout = approve_timeout
        self.kill_switch = kill_switch
        self.on_change = on_change

    # -- the buttons -------------------------------------------------------------------

    @property
    def state(self) -> ControlState:
        with self._cond:
            return self._state

    def pause(self) -> ControlState:
        """Hold the next action until resume or step (a running action finishes)."""
        return self._move({"running": "paused", "stepping": "paused"})

    def resume(self) -> ControlState:
        """Go on without stopping (also hands control back after take_control)."""
        return self._move({"paused": "running", "stepping": "running", "taken-over": "running"})

    def step(self) -> ControlState:
        """Let exactly one more action through, then pause again."""
        return self._move({"running": "stepping", "paused": "stepping"})

    def take_control(self) -> ControlState:
        """Pause and leave the desktop to the person; the held action will be skipped."""
        return self._move(dict.fromkeys(("running", "paused", "stepping"), "taken-over"))

    def hand_back(self) -> ControlState:
        """The person is done: the run looks at the screen again and goes on."""
        return self._move({"taken-over": "running"})

    def stop(self, reason: str = STOP_REASON) -> ControlState:
        """End the run before its next action (final); pending questions are refused."""
        with self._cond:
            if self._state != "stopped":
                self._state, self._stop_reason = "stopped", reason
                for ticket in self._pending:
                    self._answers.setdefault(ticket, False)
            self._cond.notify_all()
        self._changed()
        return "stopped"

    def do(self, name: str) -> ControlState:
        """One of :data:`CONTROL_ACTIONS` by name (what the page sends); ValueError else."""
        table: dict[str, Callable[[], ControlState]] = {
            "pause": self.pause,
            "resume": self.resume,
            "step": self.step,
            "stop": self.stop,
            "take": self.take_control,
            "hand-back": self.hand_back,
        }
        if name not in table:
            raise ValueError(f"unknown control {name!r}; use one of {', '.join(CONTROL_ACTIONS)}")
        return table[name]()

    def _move(self, moves: Mapping[str, ControlState]) -> ControlState:
        with self._cond:
            self._state = moves.get(self._state, self._state)
            state = self._state
            self._cond.notify_all()
        self._changed()
        return state

    # -- what the run asks -------------------------------------------------------------

    def halt(self) -> str | None:
        """Policy.halt: why to stop, or None to go on."""
        with self._cond:
            return self._stop_reason or None

    def gate(self, index: int) -> bool:
        """The loop's gate before step ``index``'s action (see the module docstring)."""
        took_over = False
        with self._cond:
            self._waiting_at = index
        self._changed()
        try:
            with self._cond:
                while True:
                    if self._state == "stopped" or self._kill_switch_exists():
                        return True  # the kill switch and halt() end it, not the gate
                    if self._state == "running":
                        return not took_over
                    if self._state == "stepping":
                        self._state = "paused"
                        return not took_over
                    took_over = took_over or self._state == "taken-over"
                    self._cond.wait(_POLL_SECONDS)
        finally:
            with self._cond:
                self._waiting_at = 0
            self._changed()

    def _kill_switch_exists(self) -> bool:
        return self.kill_switch is not None and os.path.lexists(self.kill_switch)

    def ask(self, question: Question) -> bool:
        """Hold until the person answers ``question`` (its ticket from :meth:`ticket`);
        False when refused, unanswered within ``approve_timeout``, or stopped."""
        return self._hold(question) is True

    def pick(self, question: Question) -> int | None:
        """Hold a question with ``choices`` until the person picks one (its number, from
        1); None when they chose none, or as :meth:`ask` refuses."""
        found = self._hold(question)
        return None if isinstance(found, bool) else found

    def _hold(self, question: Question) -> bool | int:
        deadline = time.monotonic() + self.approve_timeout
        with self._cond:
            if self._state == "stopped":
                return False
            self._pending[question.ticket] = question
        self._changed()
        try:
            with self._cond:
                while question.ticket not in self._answers:
                    left = deadline - time.monotonic()
                    if left <= 0 or self._kill_switch_exists():
                        break
                    self._cond.wait(min(left, _POLL_SECONDS))
                return self._answers.pop(question.ticket, False)
        finally:
            with self._cond:
                self._pending.pop(question.ticket, None)
            self._changed()

    def ticket(self) -> int:
        """A fresh number for a :class:`Question`."""
        with self._cond:
            self._tickets += 1
            return self._tickets

    def answer(self, ticket: int, yes: bool | int) -> bool:
        """The person's answer to question ``ticket``: yes or no, or for a question with
        choices the number of one (0: none); False when nothing asks it so."""
        with self._cond:
            if ticket not in self._pending or ticket in self._answers:
                return False
            choices = self._pending[ticket].choices
            if choices and not (type(yes) is int and 0 <= yes <= len(choices)):
                return False
            if not choices and not isinstance(yes, bool):
                return False
            self._answers[ticket] = (yes or False) if choices else yes
            self._cond.notify_all()
        return True

    # -- what the page shows -----------------------------------------------------------

    def pending(self) -> tuple[Question, ...]:
        with self._cond:
            return tuple(self._pending.values())

    def snapshot(self) -> dict[str, Any]:
        """The state as the page shows it (JSON-ready)."""
        with self._cond:
            return {
                "state": self._state,
                "stop_reason": self._stop_reason,
                "holding": self._waiting_at,
                "pending": [q.to_dict() for q in self._pending.values()],
            }

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.snapshot())
