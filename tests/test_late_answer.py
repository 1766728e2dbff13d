"""A program that answers a real click late (a drop-down still opening on a busy machine)
is given time: when the brain finds nothing for the goal right after a real click, the
loop watches the screen (no brain calls, tiny_computer_agent._loop.LATE_SECONDS) and asks
once more on the frame the answer brought. A dry run, or a screen that holds still, ends
unreachable as before."""

from __future__ import annotations

import dataclasses
import time

import tiny_computer_agent as tca
from tiny_computer_agent import Element, Observation

GOAL = "choose Faro in the City drop-down"


def form(*options: str) -> Observation:
    elements = [
        Element(label="City", box=(400, 300, 600, 330), kind="button"),
        Element(label="Lisbon", box=(610, 300, 700, 330)),
    ]
    for i, option in enumerate(options):
        top = 340 + 30 * i
        elements.append(Element(label=option, box=(400, top, 600, top + 28), kind="item"))
    return Observation.of(elements, size=(1280, 800))


@dataclasses.dataclass
class LateList:
    """The form; after a click on City, ``late`` more captures show it closed, then its
    list stands open (``late=None``: it never opens)."""

    late: int | None
    opened: bool = False
    left: int = 0
    captures: int = 0

    def capture(self) -> Observation:
        self.captures += 1
        if not self.opened or self.late is None:
            return form()
        if self.left:
            self.left -= 1
            return form()
        return form("Porto", "Faro")

    def clicked(self, target: str | None) -> None:
        if target == "City" and not self.opened:
            self.opened, self.left = True, self.late or 0


@dataclasses.dataclass
class Pressing:
    screen: LateList
    dry_run: bool = False
    done: list[str] = dataclasses.field(default_factory=list)

    def execute(self, action: tca.Action, observation: Observation) -> tca.ActionResult:
        if action.verb == "click":
            self.screen.clicked(action.target)
        self.done.append(action.describe())
        return tca.ActionResult(ok=True, description=action.describe(), dry_run=self.dry_run)


def run(screen: LateList, *, dry_run: bool = False) -> tuple[tca.Episode, list[str]]:
    executor = Pressing(screen, dry_run=dry_run)
    episode = tca.run_episode(
        GOAL,
        screen=screen,
        brain=tca.PlannerBrain(),
        executor=executor,
        policy=tca.Policy(max_steps=6),
    )
    return episode, executor.done


def test_a_list_that_opens_late_is_waited_for_and_its_option_clicked() -> None:
    episode, done = run(LateList(late=2))
    assert done == ["click 'City'", "click 'Faro'"], episode.render()
    assert "looked again" in episode.render(), episode.render()


def test_a_list_that_never_opens_ends_unreachable_after_the_wait() -> None:
    started = time.monotonic()
    episode, done = run(LateList(late=None))
    assert episode.outcome == "unreachable" and done == ["click 'City'"], episode.render()
    assert "Faro" in episode.reason
    assert time.monotonic() - started < tca.Policy().max_wait_seconds + 5


def test_a_dry_run_does_not_wait_for_what_it_never_pressed() -> None:
    started = time.monotonic()
    episode, _ = run(LateList(late=2), dry_run=True)
    assert episode.outcome == "unreachable", episode.render()
    assert time.monotonic() - started < 1.5


def test_a_quoted_choice_looked_for_by_a_seek_is_waited_for_too() -> None:
    """A quoted choice not on screen is first sought (nothing scrolls: a look that moved
    nothing); the give-up after it still waits for the click's late answer."""
    screen = LateList(late=3)
    executor = Pressing(screen)
    episode = tca.run_episode(
        "select 'Faro' from the 'City' list",
        screen=screen,
        brain=tca.PlannerBrain(),
        executor=executor,
        policy=tca.Policy(max_steps=6),
    )
    assert executor.done == ["click 'City'", "click 'Faro'"], episode.render()
    assert "seek" in episode.render() and "looked again" in episode.render(), episode.render()
