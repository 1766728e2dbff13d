"""The built-in ``choose-option`` procedure through the real loop, on a scripted drop-down
whose list opens (or not) as the actions say: the click that shows no list is the
failure seen live on GTK's combo box, where the click's release now and then chooses the
item under the pointer and closes the list (tests/test_live_procedures_third.py drives
the real programs)."""

from __future__ import annotations

import dataclasses

from tiny_computer_agent import ActionResult, Element, Observation, Policy, Window, run_episode
from tiny_computer_agent._actions import Action
from tiny_computer_agent.registry import make_brain

PAINT = 7
OPTIONS = ("Red", "Green", "Blue", "Yellow")


@dataclasses.dataclass
class DropDown:
    """A form with the label 'Colour' and a closed drop-down drawn as a button showing
    its choice, beside it; ``opens`` says whether a click on the box shows the list (a
    click that does not leaves it focused, and alt+Down then shows it). OK retitles the
    window "Sent"."""

    opens: bool
    chosen: str = "Red"
    open: bool = False
    sent: bool = False
    actions: list[str] = dataclasses.field(default_factory=list)

    def capture(self) -> Observation:
        def el(label: str, box: tuple[int, int, int, int], kind: str,
               state: frozenset[str] = frozenset()) -> Element:  # fmt: skip
            return Element(label=label, box=box, source="scripted", kind=kind, window=PAINT,
                           state=state)  # fmt: skip

        shown = [
            el("Colour", (100, 100, 160, 124), "text"),
            el(self.chosen, (180, 98, 340, 126), "button", state=frozenset({"expandable"})),
            el("OK", (260, 300, 340, 330), "button"),
        ]
        if self.open:
            shown += [el(o, (180, 130 + 30 * i, 340, 156 + 30 * i), "item") for i, o in
                      enumerate(OPTIONS)]  # fmt: skip
        window = Window(title="Sent" if self.sent else "Paint", box=(0, 0, 640, 480), id=PAINT)
        return Observation.of(shown, size=(1280, 800), windows=[window])

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.actions.append(action.describe())
        if action.verb == "click" and action.target in OPTIONS and self.open:
            self.chosen, self.open = action.target, False
        elif action.verb == "click" and action.target == self.chosen and not self.open:
            self.open = self.opens
        elif action.verb == "key" and action.keys == "alt+Down":
            self.open = True
        elif action.verb == "click" and action.target == "OK":
            self.sent = True
        return ActionResult(ok=True, description=f"did {action.describe()}", dry_run=False)


def _choose(world: DropDown, goal: str) -> str:
    episode = run_episode(goal, screen=world, brain=make_brain("planner"), executor=world,
                          policy=Policy(max_wait_seconds=0.3))  # fmt: skip
    assert episode.outcome == "claimed", episode.reason
    return world.chosen


def test_the_box_beside_the_label_is_opened_and_the_option_clicked() -> None:
    world = DropDown(opens=True)
    assert _choose(world, "choose 'Blue' from 'Colour'") == "Blue"
    assert world.actions == ["click 'Red'", "click 'Blue'"]


def test_a_click_that_shows_no_list_is_followed_by_alt_down() -> None:
    world = DropDown(opens=False)
    assert _choose(world, "choose Blue from the Colour drop-down and click OK") == "Blue"
    assert world.actions == ["click 'Red'", "key alt+Down", "click 'Blue'", "click 'OK'"]
    assert world.sent
