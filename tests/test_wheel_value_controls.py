"""The wheel turns only where no value control can catch it (issue 37): a list row that
holds a slider or a spin box, a scale's marks read as a column of text, a label and its
number input read by OCR as one line. See :mod:`tiny_computer_agent._wheel`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import armed, rule_of
from tiny_computer_agent import (
    Action,
    ActionResult,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    ScriptedBrain,
    Window,
    run_episode,
)
from tiny_computer_agent._executors import DryRunExecutor
from tiny_computer_agent._wheel import scroll_spot, spot_near, value_control, wheel_point

SIZE = (1600, 1000)
WIN = Window(title="Preferences", box=(0, 0, 1600, 1000), id=9, wm_class=("prefs", "Prefs"))
DOWN = Action.make("scroll", direction="down", amount=3)


def el(label: str, box: tuple[int, int, int, int], kind: str = "", **kw: Any) -> Element:
    return Element(label=label, box=box, kind=kind, window=9, source=kw.pop("source", "a11y"), **kw)


def screen(*elements: Element) -> Observation:
    return Observation.of(elements, size=SIZE, windows=[WIN])


def rows_holding(kind: str, n: int = 6, every: int = 1) -> list[Element]:
    """A list of ``n`` rows 50 px tall; every ``every``-th holds a control of ``kind``
    (a slider, a one-line field) in its right half."""
    out = []
    for i in range(n):
        y = 100 + 60 * i
        out.append(el(f"Row {i}", (200, y, 1400, y + 50), "item"))
        if i % every == 0:
            out.append(el(f"Control {i}", (800, y + 12, 1300, y + 38), kind))
    return out


def _inside_no_value_control(obs: Observation, x: float, y: float) -> bool:
    return not any(value_control(v) and v.contains(x, y) for v in obs.elements)


@pytest.mark.parametrize("kind", ["slider", "field"])
def test_a_list_whose_every_row_holds_a_value_control_is_not_wheeled(kind: str) -> None:
    obs = screen(*rows_holding(kind))
    assert scroll_spot(obs) is None
    for policy in (Policy(), armed()):
        assert rule_of(policy, DOWN, obs) == "wheel-target"
        on_row = Action.make("scroll", direction="down", target="Row 2")
        with pytest.raises(PolicyRefusal, match="value control") as info:
            policy.check(on_row, obs)
        assert info.value.rule == "wheel-target" and "Control 2" in str(info.value)


def test_with_one_slider_row_the_wheel_turns_over_another_row_clear_of_its_column() -> None:
    obs = screen(*rows_holding("slider", n=7, every=7))  # only Row 0 holds one
    spot = scroll_spot(obs)
    assert spot is not None and spot.label != "Row 0"
    at = wheel_point(spot, obs)
    assert at is not None and spot.contains(*at)
    assert not 800 - 24 <= at[0] <= 1300 + 24  # not in the slider's column: rows pass it
    (point,) = DryRunExecutor().execute(DOWN, obs).points
    assert point == (round(at[0]), round(at[1]))
    assert _inside_no_value_control(obs, *point)


def test_a_targeted_scroll_turns_at_the_rows_clear_pixel_not_its_centre() -> None:
    obs = screen(*rows_holding("slider", n=7, every=7))
    on_row = Action.make("scroll", direction="down", target="Row 4")
    armed().check(on_row, obs)
    (point,) = DryRunExecutor().execute(on_row, obs).points
    row = obs.find("Row 4")
    assert row.contains(*point) and point[0] < 800 - 24 and point != row.center


def test_a_slider_far_from_the_list_does_not_stop_it() -> None:
    toolbar = el("Zoom", (200, 20, 1400, 44), "slider")  # a toolbar's slider above the list
    rows = [el(f"File {i}", (200, 200 + 40 * i, 1400, 236 + 40 * i), "item") for i in range(5)]
    obs = screen(toolbar, *rows)
    spot = scroll_spot(obs)
    assert spot is not None and spot.label == "File 2"
    assert rule_of(armed(), DOWN, obs) is None


def test_a_field_read_a_few_pixels_into_the_first_row_stops_only_its_row_band() -> None:
    header = el("Name", (200, 74, 1400, 102), "field", source="shape")  # a header, guessed
    rows = [el(f"File {i}", (200, 97 + 24 * i, 260, 119 + 24 * i), "item") for i in range(8)]
    obs = screen(header, *rows)
    spot = scroll_spot(obs)
    assert spot is not None and spot.label == "File 4"
    assert wheel_point(obs.find("File 0"), obs) is None  # in the field's row band
    assert rule_of(armed(), DOWN, obs) is None


def test_a_scales_marks_read_as_a_column_of_text_are_not_a_page() -> None:
    trough = el("Level", (700, 260, 760, 620), "slider")
    marks = [
        el(mark, (770, 260 + 80 * i, 850, 285 + 80 * i), source="ocr")
        for i, mark in enumerate(("Loud", "High", "Medium", "Low", "Quiet"))
    ]
    obs = screen(trough, *marks)
    assert scroll_spot(obs) is None
    for target in ("Medium", "Quiet"):
        scroll = Action.make("scroll", direction="up", target=target)
        assert rule_of(Policy(), scroll, obs) == "wheel-target"
        assert rule_of(armed(), scroll, obs) == "wheel-target"


def test_an_ocr_line_is_wheeled_over_its_first_letter_never_its_end() -> None:
    lines = [
        el(text, (400, 200 + 45 * i, 700, 235 + 45 * i), source="ocr")
        for i, text in enumerate(("Print settings", "Copies and pages", "Margin 10", "Paper"))
    ]
    obs = screen(*lines)
    scroll = Action.make("scroll", direction="up", target="Margin 10")
    (point,) = DryRunExecutor().execute(scroll, obs).points
    assert 400 < point[0] <= 416 and 290 <= point[1] <= 325  # over the M, not the 10


def test_a_column_of_numbers_is_not_wheeled() -> None:
    values = [
        el(text, (520, 200 + 45 * i, 600, 235 + 45 * i), source="ocr")
        for i, text in enumerate(("1", "10", "7", "-3"))
    ]
    obs = screen(*values)
    assert scroll_spot(obs) is None
    assert rule_of(Policy(), DOWN, obs) == "wheel-target"
    assert rule_of(Policy(), Action.make("scroll", direction="up", target="10"), obs) == (
        "wheel-target"
    )


def test_what_a_wheel_changes() -> None:
    assert value_control(el("Volume", (0, 0, 300, 20), "slider"))
    assert value_control(el("Copies", (0, 0, 80, 30), "field"))
    assert value_control(el("Theme", (0, 0, 200, 60), "button", state={"expandable"}))
    assert not value_control(el("Notes", (0, 0, 400, 300), "field"))  # a text area
    assert not value_control(el("OK", (0, 0, 80, 30), "button"))


def test_spot_near_skips_a_row_that_holds_a_slider() -> None:
    obs = screen(*rows_holding("slider", n=7, every=7))
    beside = spot_near(obs, (1000, 125), 9)  # Row 0, its slider under the point
    assert beside is not None and beside.label == "Row 1"  # the next row, 35 px away
    near = spot_near(obs, (1000, 245), 9)
    assert near is not None and near.label == "Row 2"


class Recorder:
    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.actions: list[Action] = []

    def capture(self) -> Observation:
        return self.obs

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.actions.append(action)
        return ActionResult(ok=True, description=action.describe(), dry_run=False)


def test_a_seek_over_rows_of_sliders_gives_up_without_turning_the_wheel() -> None:
    world = Recorder(screen(*rows_holding("slider")))
    seek = Action.make("seek", text="Reset")
    ep = run_episode("find Reset", screen=world, brain=ScriptedBrain.of([seek]), executor=world,
                     policy=armed(max_steps=2))  # fmt: skip
    assert world.actions == [], ep.render()


def test_the_real_executor_moves_the_pointer_clear_of_the_slider(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    from tests.bypass_corpus import RecordingGui
    from tiny_computer_agent import ARM_ENV
    from tiny_computer_agent.desktop import RealInputExecutor

    monkeypatch.setenv(ARM_ENV, "1")
    gui = RecordingGui()
    executor = RealInputExecutor(policy=armed(kill_switch=tmp_path / "STOP"), gui=gui)
    obs = screen(*rows_holding("slider", n=7, every=7))
    executor.execute(Action.make("scroll", direction="down", target="Row 3"), obs)
    assert [c[0] for c in gui.calls] == ["moveTo", "scroll"]
    assert _inside_no_value_control(obs, *gui.calls[0][1])
    assert obs.find("Row 3").contains(*gui.calls[0][1])


class Frames(Recorder):
    """A screen that shows its next frame after each action (the last one stays)."""

    def __init__(self, *frames: Observation) -> None:
        super().__init__(frames[0])
        self.frames = frames

    def capture(self) -> Observation:
        return self.frames[min(len(self.actions), len(self.frames) - 1)]


def test_a_seek_gives_up_when_its_next_frame_has_no_clear_spot_rather_than_refusing() -> None:
    plain = screen(*(el(f"Item {i}", (200, 100 + 60 * i, 1400, 150 + 60 * i), "item")
                     for i in range(6)))  # fmt: skip
    world = Frames(plain, screen(*rows_holding("slider")))
    ep = run_episode("find Reset", screen=world, brain=ScriptedBrain.of([Action.make(
        "seek", text="Reset")]), executor=world, policy=armed(max_steps=2))  # fmt: skip
    scrolls = [a for a in world.actions if a.verb == "scroll"]
    assert len(scrolls) == 1 and scrolls[0].target == "Item 3", ep.render()
    result = ep.steps[0].result
    assert result is not None, ep.render()
    assert "nothing that scrolls is left there" in (result.error or "")
    assert ep.outcome != "refused", ep.render()
