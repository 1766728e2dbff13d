"""The wheel is input too (issue 37, item 2): ``scroll`` and ``seek`` turn it only over
something that scrolls (rule ``wheel-target``), and a seek with nothing to scroll gives
up without turning it. The live counterpart is tests/test_live_scroll_wheel.py."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    ActionResult,
    Element,
    Observation,
    PlannerBrain,
    Policy,
    PolicyRefusal,
    ScriptedBrain,
    Window,
    run_episode,
)
from tiny_computer_agent._wheel import scroll_spot, scrollable

SIZE = (1280, 800)
WINDOW = Window(title="Map viewer", box=(0, 0, 1000, 700), id=7, wm_class=("maps", "Maps"))


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def el(label: str, box: tuple[int, int, int, int], kind: str = "") -> Element:
    return Element(label=label, box=box, kind=kind, window=7)


def screen(*elements: Element) -> Observation:
    return Observation.of(elements, size=SIZE, windows=[WINDOW])


#: A window that is one drawing with a label on it, a zoom slider and a spin box.
DRAWING = (
    el("Harbour", (300, 300, 380, 320)),
    el("Zoom", (20, 600, 220, 620), kind="slider"),
    el("Year", (20, 640, 120, 668), kind="field"),
    el("Refresh", (800, 640, 900, 670), kind="button"),
)
#: A list read by OCR (a column of lines), a text view and a list's rows from a tree.
LINES = tuple(el(f"Line {n}", (600, 100 + 30 * n, 700, 120 + 30 * n)) for n in range(5))
NOTES = el("Notes", (20, 20, 500, 300), kind="field")
ROW = el("Inbox", (20, 20, 200, 40), kind="item")


@pytest.mark.parametrize(
    ("element", "obs", "scrolls"),
    [
        pytest.param(ROW, screen(ROW), True, id="a-list-row"),
        pytest.param(NOTES, screen(NOTES), True, id="a-text-view"),
        pytest.param(LINES[2], screen(*LINES), True, id="a-line-of-a-page"),
        pytest.param(DRAWING[0], screen(*DRAWING), False, id="a-label-on-a-drawing"),
        pytest.param(DRAWING[1], screen(*DRAWING), False, id="a-slider"),
        pytest.param(DRAWING[2], screen(*DRAWING), False, id="a-spin-box"),
        pytest.param(DRAWING[3], screen(*DRAWING), False, id="a-button"),
    ],
)
def test_what_scrolls(element: Element, obs: Observation, scrolls: bool) -> None:
    assert scrollable(obs.find(element.label), obs) is scrolls


def test_the_spot_is_the_middle_line_of_the_list_and_none_on_a_drawing() -> None:
    spot = scroll_spot(screen(*DRAWING, *LINES))
    assert spot is not None and spot.label == "Line 2"
    assert scroll_spot(screen(*DRAWING)) is None
    view = scroll_spot(screen(*DRAWING, NOTES))
    assert view is not None and view.label == "Notes"


@pytest.mark.parametrize("target", ["Harbour", "Zoom", "Year", "Refresh"])
def test_a_scroll_over_what_does_not_scroll_is_refused_in_a_dry_run_too(target: str) -> None:
    obs = screen(*DRAWING, *LINES)
    for policy in (Policy(), armed()):
        with pytest.raises(PolicyRefusal) as info:
            policy.check(Action.make("scroll", direction="down", target=target), obs)
        assert info.value.rule == "wheel-target"
        assert f"{target!r}" in str(info.value) and "does not scroll" in str(info.value)
    for fine in ("Line 3",):
        armed().check(Action.make("scroll", direction="down", target=fine), obs)


class Recorder:
    """A screen that never changes and an executor that records what reaches it."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.actions: list[Action] = []

    def capture(self) -> Observation:
        return self.obs

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.actions.append(action)
        return ActionResult(ok=True, description=action.describe(), dry_run=False)


def test_a_seek_with_nothing_that_scrolls_gives_up_without_turning_the_wheel() -> None:
    world = Recorder(screen(*DRAWING))
    ep = run_episode(
        "click 'Lighthouse'", screen=world, brain=PlannerBrain(), executor=world, policy=armed()
    )
    assert world.actions == []  # not one scroll over the drawing, the slider or the spin box
    seek = ep.steps[0]
    assert seek.decision is not None and seek.decision.action.verb == "seek"
    assert seek.result is not None and not seek.result.ok
    assert "nothing on screen scrolls" in (seek.result.error or ""), ep.render()
    assert ep.outcome == "unreachable", ep.render()


def test_a_seek_scrolls_over_the_list_not_over_the_drawing_beside_it() -> None:
    world = Recorder(screen(*DRAWING, *LINES))
    run_episode(
        "click 'Lighthouse'", screen=world, brain=PlannerBrain(), executor=world, policy=armed()
    )
    scrolls = [a for a in world.actions if a.verb == "scroll"]
    assert scrolls and scrolls[0].target == "Line 2", scrolls
    assert all(a.target in (None, "Line 2") for a in scrolls)  # the pointer stays on the list


def test_a_dry_run_seek_says_where_it_would_scroll_or_that_nothing_scrolls() -> None:
    for elements, said in ((LINES, "it would scroll over 'Line 2'"), ((), "nothing on screen")):
        world = Recorder(screen(*DRAWING, *elements))
        ep = run_episode(
            "click 'Lighthouse'", screen=world, brain=PlannerBrain(), policy=Policy(max_steps=2)
        )
        result = ep.steps[0].result
        assert result is not None and said in result.description, ep.render()
        assert world.actions == []


def test_a_seek_aimed_at_a_slider_is_refused_with_the_rule_in_a_dry_run() -> None:
    seek = Action.make("seek", text="Lighthouse", target="Zoom")
    world = Recorder(screen(*DRAWING, *LINES))
    ep = run_episode("find it", screen=world, brain=ScriptedBrain.of([seek]))
    assert ep.outcome == "refused" and ep.reason.startswith("wheel-target"), ep.render()
    assert world.actions == []
