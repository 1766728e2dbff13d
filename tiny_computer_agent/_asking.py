"""Asking a person when a brain is unsure, instead of guessing.

A brain whose best choice is below the confidence it acts on raises
:class:`~tiny_computer_agent._errors.Unsure` with its candidates (:class:`Choices`).
The loop hands them to its ``asker`` (anything with ``who`` and ``choose``: the
:class:`Asker` protocol) and acts on the answer, which is recorded on the decision
(:class:`~tiny_computer_agent._contracts.Asked`). With no asker, or when the person
chooses none, the step gives up and its message names the candidates.

    TerminalAsker   a prompt on stderr that reads a number from stdin (the CLI's, when
                    stdin is a terminal)
    Console         the console's page (``tiny_computer_agent.console``)
    ScriptedAsker   answers given in advance, for tests and demos
    Guess           no one: act on the brain's own best anyway (``--unsure guess``)

An MCP client that supports elicitation is one more asker: ``who`` and ``choose``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import Final, Protocol, TextIO, runtime_checkable

from ._contracts import Asked, Decision
from ._errors import GoalUnreachable, Unsure

__all__ = ["Asker", "Choices", "Guess", "ScriptedAsker", "TerminalAsker", "settle"]

log = logging.getLogger(__name__)

#: How many candidates a person is shown (the best first).
MAX_OPTIONS: Final = 3


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Choices:
    """What an unsure brain would ask: the ``part`` of the goal it was deciding, its
    candidate ``options`` best first with their ``probabilities``, the probability
    that ``nothing`` on the menu fits, and the ``threshold`` it acts above."""

    part: str
    options: tuple[Decision, ...]
    probabilities: tuple[float, ...]
    nothing: float = 0.0
    threshold: float = 0.0

    def __post_init__(self) -> None:
        if not self.options or len(self.options) != len(self.probabilities):
            raise ValueError("Choices needs at least one option and one probability for each")

    def lines(self) -> tuple[str, ...]:
        """The options as a person reads them: ``click 'Cancel' (41%)``."""
        return tuple(
            f"{d.action.describe()} ({100 * p:.0f}%)"
            for d, p in zip(self.options, self.probabilities, strict=True)
        )

    def question(self) -> str:
        """The question put to the person."""
        return (
            f"Not sure what {self.part!r} means on this screen (best "
            f"{100 * self.probabilities[0]:.0f}%, below the {100 * self.threshold:.0f}% it "
            "acts on). Which did you mean?"
        )

    def named(self) -> str:
        """The candidates in a give-up message: ``'Cancel' 41%, 'Close' 33%; nothing 20%``."""
        best = ", ".join(
            f"{d.action.target or d.action.describe()!r} {100 * p:.0f}%"
            for d, p in zip(self.options, self.probabilities, strict=True)
        )
        return f"{best}; nothing fits {100 * self.nothing:.0f}%"


@runtime_checkable
class Asker(Protocol):
    """A person the loop can ask. ``choose`` shows ``question`` and the numbered
    ``options`` and returns the number chosen (1 to ``len(options)``), or None for none
    of them (or no answer: the time ran out, the input closed). ``who`` names the
    channel in the trace."""

    who: str

    def choose(self, question: str, options: Sequence[str]) -> int | None: ...


class TerminalAsker:
    """Ask on a terminal: the question and numbered options on ``err``, a number read
    from ``stdin`` (0 or an empty line: none of them). A reply that is not a number in
    range is asked again, up to ``tries`` times."""

    who = "terminal"

    def __init__(self, stdin: TextIO, err: TextIO, *, tries: int = 3) -> None:
        self.stdin, self.err, self.tries = stdin, err, tries

    def choose(self, question: str, options: Sequence[str]) -> int | None:
        print(f"\n{question}", file=self.err)
        for number, option in enumerate(options, 1):
            print(f"  {number}. {option}", file=self.err)
        print("  0. none of these (give up)", file=self.err)
        for _ in range(self.tries):
            print(f"type a number (0-{len(options)}): ", end="", file=self.err, flush=True)
            line = self.stdin.readline()
            if not line:  # the input closed
                return None
            reply = line.strip()
            if reply in ("", "0"):
                return None
            if reply.isdigit() and 1 <= int(reply) <= len(options):
                return int(reply)
            print(f"{reply!r} is not a number from 0 to {len(options)}", file=self.err)
        return None


class ScriptedAsker:
    """Answers given in advance, one per question (None: none of them); ``questions``
    keeps what was asked. Raises ValueError when asked more often than scripted."""

    who = "scripted"

    def __init__(self, answers: Sequence[int | None]) -> None:
        self.answers = list(answers)
        self.questions: list[tuple[str, tuple[str, ...]]] = []

    def choose(self, question: str, options: Sequence[str]) -> int | None:
        if len(self.questions) >= len(self.answers):
            raise ValueError(
                f"asked {len(self.questions) + 1} questions, {len(self.answers)} scripted"
            )
        self.questions.append((question, tuple(options)))
        return self.answers[len(self.questions) - 1]


class Guess:
    """No one to ask, and the brain's own best is acted on anyway (``--unsure guess``):
    its first candidate, or a give-up when "nothing fits" was likelier (:func:`settle`)."""

    who = "guess"

    def choose(self, question: str, options: Sequence[str]) -> int | None:
        return 1


def settle(unsure: Unsure, asker: Asker | None) -> Decision:
    """The candidate a person chose, as the decision (its ``asked`` says so); the
    ``unsure`` give-up again when there is no one to ask, or GoalUnreachable when the
    person chose none of them. A :class:`Guess` takes the brain's best, unrecorded."""
    if asker is None:
        raise unsure
    choices = unsure.choices
    if isinstance(asker, Guess):
        if choices.nothing > choices.probabilities[0]:
            raise unsure
        best = choices.options[0]
        return dataclasses.replace(best, note=f"{best.note}; guessed below the threshold")
    shown = choices.lines()[:MAX_OPTIONS]
    question = choices.question()
    answer = asker.choose(question, shown)
    log.info("asked (%s) %r: answer %s", asker.who, choices.part, answer)
    if answer is None or not 1 <= answer <= len(shown):
        raise GoalUnreachable(
            f"the person ({asker.who}) chose none of {', '.join(shown)} for {choices.part!r}",
            reply=choices.part,
        ) from unsure
    chosen = choices.options[answer - 1]
    asked = Asked(who=asker.who, question=question, options=shown, answer=answer)
    note = f"{chosen.note}; asked ({asker.who}): chose {answer}".lstrip("; ")
    return dataclasses.replace(chosen, asked=asked, note=note)
