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
    TargetError,
    Window,
    run_episode,
)
from tiny_computer_agent._executors import DryRunExecutor
from tiny_computer_agent._wheel import scroll_spot, scrollable, spot_near

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


# -- an untargeted scroll turns the wheel over the list, never wherever the pointer is ------


def test_an_untargeted_scroll_turns_over_the_top_windows_list_or_is_refused() -> None:
    down = Action.make("scroll", direction="down")
    for policy in (Policy(), armed()):
        (spot,) = policy.check(down, screen(*DRAWING, *LINES))
        assert spot.label == "Line 2"  # the middle line, not the slider the pointer was on
        with pytest.raises(PolicyRefusal, match="nothing on screen scrolls") as info:
            policy.check(down, screen(*DRAWING))
        assert info.value.rule == "wheel-target"
    dry = DryRunExecutor().execute(down, screen(*DRAWING, *LINES))
    assert dry.points == ((610, 170),), dry  # over 'Line 2''s first letter, first
    with pytest.raises(TargetError, match="nothing on screen scrolls"):
        DryRunExecutor().execute(down, screen(*DRAWING))


def test_with_a_scope_an_untargeted_scroll_is_judged_by_the_window_it_turns_over() -> None:
    mine = Window(title="Notes", box=(0, 0, 600, 800), id=3, wm_class=("gedit", "Gedit"))
    theirs = Window(title="Mail", box=(600, 0, 1280, 800), id=5, wm_class=("mail", "Mail"))
    rows = [Element(label=f"Mail {n}", box=(700, 100 + 30 * n, 900, 120 + 30 * n), kind="item",
                    window=5) for n in range(4)]  # fmt: skip
    name = Element(label="Name", box=(20, 100, 300, 130), kind="field", window=3)
    down = Action.make("scroll", direction="down")
    front_theirs = Observation.of([name, *rows], size=SIZE, windows=[theirs, mine])
    front_mine = Observation.of([name, *rows], size=SIZE, windows=[mine, theirs])
    for obs, rule in ((front_theirs, "window-scope"), (front_mine, "wheel-target")):
        with pytest.raises(PolicyRefusal) as info:
            Policy(scope=("gedit",)).check(down, obs)
        assert info.value.rule == rule


def test_the_real_executor_sends_no_wheel_where_nothing_scrolls(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    from tests.bypass_corpus import RecordingGui
    from tiny_computer_agent.desktop import RealInputExecutor

    monkeypatch.setenv(ARM_ENV, "1")
    gui = RecordingGui()
    executor = RealInputExecutor(policy=armed(kill_switch=tmp_path / "STOP"), gui=gui)
    with pytest.raises(TargetError):
        executor.execute(Action.make("scroll", direction="down"), screen(*DRAWING))
    assert gui.calls == []
    executor.execute(Action.make("scroll", direction="down"), screen(*DRAWING, *LINES))
    assert [c[0] for c in gui.calls] == ["moveTo", "scroll"]
    assert gui.calls[0][1] == (610, 170)


# -- labels that only share a left edge are no page -----------------------------------------


@pytest.mark.parametrize(
    ("boxes", "scrolls"),
    [
        pytest.param([(500, 100, 560, 120), (502, 300, 570, 320), (498, 600, 560, 620)], False,
                     id="a-maps-place-names"),
        pytest.param([(40, 100, 70, 120), (40, 300, 60, 320), (40, 500, 50, 520)], False,
                     id="a-charts-axis"),
        pytest.param([(300, 100, 600, 180), (302, 190, 350, 204), (299, 210, 340, 224)], False,
                     id="a-heading-over-two-labels"),
        pytest.param([(100, 100, 300, 120), (100, 130, 280, 150), (101, 160, 250, 180)], True,
                     id="a-pages-lines"),
        pytest.param([(100, 100, 300, 117), (100, 150, 280, 167), (101, 200, 250, 217)], True,
                     id="a-settings-lists-tall-rows"),
    ],
)  # fmt: skip
def test_a_column_is_lines_packed_one_under_the_next(
    boxes: list[tuple[int, int, int, int]], scrolls: bool
) -> None:
    obs = screen(*(el(f"Label {n}", box) for n, box in enumerate(boxes)))
    assert all(scrollable(e, obs) is scrolls for e in obs.elements)
    assert (scroll_spot(obs) is not None) is scrolls


def test_spot_near_finds_what_scrolls_where_the_wheel_turned() -> None:
    obs = screen(*DRAWING, *LINES, NOTES)
    near = spot_near(obs, (650, 175), 7)
    assert near is not None and near.label == "Line 2"
    between = spot_near(obs, (650, 185), 7)  # in the gap between two lines
    assert between is not None and between.label in ("Line 2", "Line 3")
    inside = spot_near(obs, (200, 200), 7)
    assert inside is not None and inside.label == "Notes"
    assert spot_near(obs, (850, 655), 7) is None  # the Refresh button: nothing scrolls there


class Scrolling(Recorder):
    """A screen whose frame changes at every look (a counter), its elements stay."""

    def __init__(self, obs: Observation) -> None:
        super().__init__(obs)
        self.looks = 0

    def capture(self) -> Observation:
        self.looks += 1
        tick = el(f"tick {self.looks}", (1100, 700, 1180, 720))
        return Observation.of([*self.obs.elements, tick], size=SIZE, windows=self.obs.windows)


def test_a_targeted_seek_keeps_turning_over_its_target_not_the_top_windows_list() -> None:
    world = Scrolling(screen(*LINES, NOTES))
    seek = Action.make("seek", text="Lighthouse", target="Notes")
    run_episode("find it", screen=world, brain=ScriptedBrain.of([seek]), executor=world,
                policy=armed(max_steps=2))  # fmt: skip
    scrolls = [a for a in world.actions if a.verb == "scroll"]
    assert len(scrolls) > 2 and {a.target for a in scrolls} == {"Notes"}, scrolls
