"""The real loop driven by scripted brains and screens; assertions are on the episode."""

from __future__ import annotations

from pathlib import Path

from tiny_computer_agent import (
    Action,
    ActionResult,
    BrainError,
    Decision,
    DryRunExecutor,
    Element,
    Observation,
    PlannerBrain,
    Policy,
    ScreenUnavailable,
    ScriptedBrain,
    ScriptedScreen,
    Step,
    StepError,
    Window,
    run_episode,
)
from tiny_computer_agent._menu import Menu

from .helpers import dialog


def test_verified_success_is_what_the_harness_sees(save_dialog: ScriptedScreen) -> None:
    executor = DryRunExecutor()
    ep = run_episode(
        "click 'Save'",
        screen=save_dialog,
        brain=PlannerBrain(),
        executor=executor,
        verify_text="Saved",
    )
    assert ep.success and ep.outcome == "verified"
    assert len(ep.steps) == 1
    step = ep.steps[0]
    assert step.decision is not None and step.decision.action.target == "Save"
    assert step.menu[-1] == "5. Save"
    # the dry run resolved the very pixel a real click would hit: the centre of Save
    assert executor.log[0].points == ((100 + 4 * 160 + 60, 420),)
    assert step.result is not None and step.result.dry_run
    assert {"observe", "decide", "act"} <= set(step.timings)


def test_done_without_a_verifier_is_only_a_claim(save_dialog: ScriptedScreen) -> None:
    ep = run_episode("click 'Save'", screen=save_dialog, brain=PlannerBrain())
    assert ep.outcome == "claimed" and not ep.success
    assert "a claim" in ep.reason


def test_done_when_the_text_is_not_visible_is_not_verified() -> None:
    screen = ScriptedScreen(frames=(dialog("Save", "Cancel"),))
    ep = run_episode("click 'Save'", screen=screen, brain=PlannerBrain(), verify_text="Saved")
    assert ep.outcome == "not-verified" and "not visible" in ep.reason
    assert not ep.success


def test_text_visible_before_acting_proves_nothing() -> None:
    screen = ScriptedScreen(frames=(dialog("Saved", "Save"),))
    brain = ScriptedBrain.of([{"verb": "click", "target": "Save"}])
    ep = run_episode("click 'Save'", screen=screen, brain=brain, verify_text="Saved")
    assert ep.outcome == "not-verified" and "already visible" in ep.reason


def test_no_progress_guard_stops_a_repeat_on_an_unchanged_screen() -> None:
    screen = ScriptedScreen(frames=(dialog("Save", "Cancel"),))
    brain = ScriptedBrain.of([{"verb": "click", "target": "Save"}] * 5)
    ep = run_episode("save", screen=screen, brain=brain, verify_text="Saved")
    assert ep.outcome == "stuck"
    assert len(ep.steps) == 2 and ep.steps[-1].result is None
    assert "did not change" in ep.reason


def test_step_budget_ends_the_run() -> None:
    frames = tuple(dialog(f"Next {i}") for i in range(10))
    brain = ScriptedBrain.of([{"verb": "key", "keys": "Tab"}] * 10)
    ep = run_episode(
        "tab around", screen=ScriptedScreen(frames=frames), brain=brain, policy=Policy(max_steps=3)
    )
    assert ep.outcome == "budget" and len(ep.steps) == 3


def test_kill_switch_stops_before_the_next_action(tmp_path: Path) -> None:
    switch = tmp_path / "STOP"
    seen: list[Step] = []

    def on_step(step: Step) -> None:
        seen.append(step)
        switch.touch()  # a person pulls the switch after the first step

    frames = tuple(dialog(f"Next {i}") for i in range(5))
    ep = run_episode(
        "tab",
        screen=ScriptedScreen(frames=frames),
        brain=ScriptedBrain.of([{"verb": "key", "keys": "Tab"}] * 5),
        policy=Policy(kill_switch=switch),
        on_step=on_step,
    )
    refusal = ep.steps[-1].refusal
    assert ep.outcome == "refused" and refusal is not None and refusal.rule == "kill-switch"
    assert len([s for s in ep.steps if s.result]) == 1
    assert seen == list(ep.steps)  # on_step streamed every step as it happened


def test_refused_action_ends_the_episode_and_clicks_nothing() -> None:
    executor = DryRunExecutor()
    screen = ScriptedScreen(frames=(dialog("Open Terminal", "OK"),))
    ep = run_episode(
        "click 'Open Terminal'", screen=screen, brain=PlannerBrain(), executor=executor
    )
    assert ep.outcome == "refused" and "denied-widget" in ep.reason
    assert executor.log == []


def test_broken_brain_is_a_failed_step_not_a_traceback(save_dialog: ScriptedScreen) -> None:
    ep = run_episode("save", screen=save_dialog, brain=ScriptedBrain.of(["I am not sure."]))
    assert ep.outcome == "brain-error"
    error = ep.steps[-1].error
    assert error is not None and error.kind == "brain-error" and "no JSON" in error.message


def test_unreachable_goal_says_what_it_looked_for(save_dialog: ScriptedScreen) -> None:
    ep = run_episode("click 'Print'", screen=save_dialog, brain=PlannerBrain())
    assert ep.outcome == "unreachable" and "'Print'" in ep.reason and "'Cancel'" in ep.reason


class DeadScreen:
    def capture(self) -> Observation:
        raise ScreenUnavailable("the display went away")


def test_dead_screen_is_a_failed_step() -> None:
    ep = run_episode("save", screen=DeadScreen(), brain=PlannerBrain())
    assert ep.outcome == "no-screen"
    assert ep.steps[0].error == StepError(kind="no-screen", message="the display went away")
    assert str(ep.steps[0].error) == "no screen: the display went away"


def test_vanished_target_is_a_failed_step_and_the_run_goes_on() -> None:
    screen = ScriptedScreen(frames=(dialog("Cancel"), dialog("Cancel", "Save"), dialog("Saved")))
    brain = ScriptedBrain.of(
        [{"verb": "click", "target": "Save"}, {"verb": "click", "target": "Save"}]
    )
    ep = run_episode("save", screen=screen, brain=brain, verify_text="Saved")
    assert ep.steps[0].error is not None and ep.steps[0].error.kind == "target-not-found"
    assert ep.success


class FailingExecutor:
    def execute(self, action: Action, observation: Observation) -> ActionResult:
        return ActionResult(ok=False, description="tried", error="the window refused focus")


def test_executor_failure_is_recorded_on_the_step(save_dialog: ScriptedScreen) -> None:
    ep = run_episode(
        "click 'Save'",
        screen=save_dialog,
        brain=PlannerBrain(),
        executor=FailingExecutor(),
        policy=Policy(max_steps=2),
    )
    assert ep.steps[0].error == StepError(kind="action-failed", message="the window refused focus")
    assert not ep.success


class EchoBrain:
    """Records what it was shown; answers from a fixed reply list."""

    def __init__(self) -> None:
        self.menus: list[Menu] = []

    def decide(self, goal: str, menu: Menu, history: object) -> Decision:
        self.menus.append(menu)
        raise BrainError("no idea")


def test_brain_is_shown_the_menu_built_from_the_frame(save_dialog: ScriptedScreen) -> None:
    brain = EchoBrain()
    ep = run_episode("save", screen=save_dialog, brain=brain)
    assert brain.menus[0].lines() == ep.steps[0].menu


def test_multi_step_goal_runs_in_order() -> None:
    frames = (dialog("Name", "OK"), dialog("Name", "OK"), dialog("Welcome, Ada"))
    ep = run_episode(
        "type 'Ada' into Name then click OK",
        screen=ScriptedScreen(frames=frames),
        brain=PlannerBrain(),
        verify_text="Welcome",
    )
    actions = [s.decision.action.describe() for s in ep.steps if s.decision]
    assert actions == ["type 'Ada' into 'Name'", "click 'OK'"]
    assert ep.success


def test_episode_serialises_to_json_and_renders() -> None:
    import json

    ep = run_episode(
        "click 'Save'",
        screen=ScriptedScreen(frames=(dialog("Save"), dialog("Saved"))),
        brain=PlannerBrain(),
        verify_text="Saved",
    )
    data = json.loads(json.dumps(ep.to_dict()))
    assert (
        data["outcome"] == "verified" and data["steps"][0]["decision"]["action"]["target"] == "Save"
    )
    text = ep.render()
    assert "dry run" in text and "click 'Save'" in text and "outcome: verified" in text


class ScrollingList:
    """A list of 30 rows, 8 in view (a column of OCR lines beside an OK button): a
    screen and an executor sharing one scroll offset, so a scroll really changes what
    the next capture shows."""

    def __init__(self) -> None:
        self.top = 0
        self.actions: list[Action] = []

    def capture(self) -> Observation:
        rows = [
            Element(label=f"Row {i}", box=(100, 100 + 30 * n, 220, 124 + 30 * n))
            for n, i in enumerate(range(self.top, self.top + 8))
        ]
        ok = Element(label="OK", box=(300, 400, 360, 430), kind="button")
        return Observation.of([*rows, ok], size=(1280, 800))

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.actions.append(action)
        if action.verb == "scroll":
            step = action.amount if action.direction == "down" else -action.amount
            self.top = max(0, min(22, self.top + step))
        return ActionResult(ok=True, description=action.describe(), dry_run=False)


def test_seek_scrolls_until_the_label_shows_then_the_planner_clicks_it() -> None:
    world = ScrollingList()
    armed = Policy().armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})
    ep = run_episode(
        "click 'Row 13'", screen=world, brain=PlannerBrain(), executor=world, policy=armed
    )
    verbs = [s.decision.action.verb for s in ep.steps if s.decision is not None]
    assert verbs[:2] == ["seek", "click"] and ep.steps[1].decision.action.target == "Row 13"
    assert [a.direction for a in world.actions if a.verb == "scroll"] == ["down"] * 2
    assert "scrolled down over 'Row 4', down; found it" in ep.steps[0].result.description


class LaggingPage:
    """A long web page whose accessibility tree places "I agree" where the page was one
    scroll ago (Chromium's lags the pixels): a screen that, like the desktop's, returns
    the same index while neither pixels nor tree moved, and an executor."""

    def __init__(self) -> None:
        self.offset = self.tree_offset = 0
        self.seen: dict[tuple[int, int], Observation] = {}
        self.actions: list[Action] = []

    def capture(self) -> Observation:
        key = (self.offset, self.tree_offset)
        if key not in self.seen:
            top = 900 - self.tree_offset
            box = Element(label="I agree", box=(40, top, 56, top + 16), kind="check",
                          source="a11y")  # fmt: skip
            shown = [box] if top < 780 else []
            first = self.offset // 30  # the page's text moves with a scroll
            lines = [_text(f"Paragraph {first + n}", 40, 20 + 30 * n) for n in range(3)]
            self.seen[key] = Observation.of([*shown, *lines], size=(900, 800))
        self.tree_offset = self.offset  # the tree catches up after this read
        return self.seen[key]

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.actions.append(action)
        if action.verb == "scroll":
            self.offset += 300 if action.direction == "down" else -300
        return ActionResult(ok=True, description=action.describe(), dry_run=False)


def _text(label: str, x: int, y: int) -> Element:
    return Element(label=label, box=(x, y, x + 80, y + 20), kind="text")


def test_a_seek_that_finds_a_box_the_tree_placed_looks_again_until_the_tree_holds_still() -> None:
    page = LaggingPage()
    armed = Policy().armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})
    ep = run_episode("tick 'I agree'", screen=page, brain=PlannerBrain(), executor=page,
                     policy=armed)  # fmt: skip
    click = next(s for s in ep.steps if s.decision and s.decision.action.verb == "click")
    ticked = click.observation.resolve("I agree", click.decision.action.target_id)
    # two scrolls: the page is 600 px down, so the box is at 900 - 600, not 900 - 300
    assert [a.direction for a in page.actions if a.verb == "scroll"] == ["down", "down"]
    assert ticked.box[1] == 300


def test_seek_turns_back_at_the_end_and_gives_up_where_the_label_never_shows() -> None:
    world = ScrollingList()
    world.top = 6
    armed = Policy().armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})
    ep = run_episode(
        "click 'Row 99'", screen=world, brain=PlannerBrain(), executor=world, policy=armed
    )
    assert ep.outcome == "unreachable" and "'Row 99'" in ep.reason
    moves = [a.direction for a in world.actions if a.verb == "scroll"]
    # 6 scrolls down (to the end, 22, and one that moved nothing), then up to the top
    assert moves == ["down"] * 6 + ["up"] * 9
    assert "never came into view" in (ep.steps[0].result.error or "")


def test_after_a_seek_that_found_nothing_a_row_with_another_number_is_not_taken() -> None:
    world = ScrollingList()  # rows 0..29; "Row 3" is on screen, "Row 33" never is
    armed = Policy().armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})
    ep = run_episode(
        "click 'Row 33'", screen=world, brain=PlannerBrain(), executor=world, policy=armed
    )
    assert ep.outcome == "unreachable" and "'Row 33'" in ep.reason, ep.render()
    assert [a.verb for a in world.actions if a.verb != "scroll"] == []  # Row 3 not clicked


class PointedList(ScrollingList):
    """A window with a list of rows stacked in a column (plain OCR text, as a list with
    no tree reads) beside a status line: the wheel scrolls the list only while the
    pointer is over it, as on a real desktop. The pointer starts elsewhere."""

    def __init__(self) -> None:
        super().__init__()
        self.over_list = False

    def capture(self) -> Observation:
        rows = [
            Element(label=f"Row {i}", box=(100, 100 + 30 * n, 220, 124 + 30 * n), window=7)
            for n, i in enumerate(range(self.top, self.top + 8))
        ]
        others = [
            Element(label="Pick a row", box=(300, 60, 420, 84), window=7),
            Element(label="OK", box=(300, 400, 360, 430), kind="button", window=7),
            Element(label="Other window", box=(900, 100, 1100, 124), window=9),
            Element(label="Line 2", box=(900, 130, 1000, 154), window=9),
            Element(label="Line 3", box=(900, 160, 1000, 184), window=9),
            Element(label="Line 4", box=(900, 190, 1000, 214), window=9),
        ]
        windows = (Window(title="Rows", box=(80, 40, 460, 460), id=7),
                   Window(title="Other", box=(880, 80, 1200, 300), id=9))  # fmt: skip
        return Observation.of([*rows, *others], size=(1280, 800), windows=windows)

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        if action.target is not None:
            self.over_list = action.target.startswith("Row ")
        if action.verb == "scroll" and not self.over_list:
            self.actions.append(action)
            return ActionResult(ok=True, description=action.describe(), dry_run=False)
        return super().execute(action, observation)


def test_seek_with_no_target_scrolls_over_the_middle_row_of_the_top_windows_list() -> None:
    world = PointedList()
    armed = Policy().armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})
    ep = run_episode(
        "click 'Row 13'", screen=world, brain=PlannerBrain(), executor=world, policy=armed
    )
    scrolls = [a for a in world.actions if a.verb == "scroll"]
    assert [a.target for a in scrolls] == ["Row 4", None], scrolls  # the middle of 8 rows
    assert ep.steps[1].decision is not None and ep.steps[1].decision.action.target == "Row 13"
    assert "scrolled down over 'Row 4', down; found it" in ep.steps[0].result.description


class FormWorld:
    """A form with a Street field and a Subscribe box; ``works`` says whether typing and
    ticking take effect, as a program that ignores input would not."""

    def __init__(self, works: bool) -> None:
        self.works, self.street, self.ticked = works, "", False

    def capture(self) -> Observation:
        state = {"checked"} if self.ticked else set()
        return Observation.of(
            [
                Element(label="Street", box=(10, 10, 60, 30)),
                Element(label="Street", box=(70, 10, 270, 30), kind="field", value=self.street),
                Element(label="Subscribe", box=(10, 50, 24, 64), kind="check", state=state),
                Element(label="OK", box=(10, 90, 60, 110), kind="button"),
            ],
            size=(300, 120),
        )

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        if self.works and action.verb == "type":
            self.street += action.text or ""
        if self.works and action.verb == "click" and action.target == "Subscribe":
            self.ticked = not self.ticked
        return ActionResult(ok=True, description=action.describe(), dry_run=False)


GOAL = "type 'Rua Augusta' into the 'Street' field then tick 'Subscribe' then click 'OK'"


def test_typing_into_a_field_and_ticking_a_box_are_checked_on_the_next_look() -> None:
    # the form lists no window, so its program is unknown: any program may take text here
    armed = Policy(typing_in=("*",)).armed(
        flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"}
    )
    world = FormWorld(works=True)
    ep = run_episode(GOAL, screen=world, brain=PlannerBrain(), executor=world, policy=armed)
    assert ep.outcome == "claimed" and world.street == "Rua Augusta" and world.ticked
    deaf = FormWorld(works=False)
    ep = run_episode(GOAL, screen=deaf, brain=PlannerBrain(), executor=deaf, policy=armed)
    assert ep.outcome == "unreachable" and "the text did not arrive" in ep.reason
    assert len([s for s in ep.steps if s.acted]) == 1  # it stopped at the first proof


def test_text_typed_over_a_field_that_kept_its_old_text_stops_the_run_and_says_so() -> None:
    # the form lists no window, so its program is unknown: any program may take text here
    armed = Policy(typing_in=("*",)).armed(
        flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"}
    )

    class Appends(FormWorld):  # X Toolkit's text: typing does not replace a selection
        def execute(self, action: Action, observation: Observation) -> ActionResult:
            if action.verb == "type":
                self.street += action.text or ""
            return ActionResult(ok=True, description=action.describe(), dry_run=False)

    world = Appends(works=True)
    world.street = "Rossio"
    ep = run_episode(GOAL, screen=world, brain=PlannerBrain(), executor=world, policy=armed)
    assert ep.outcome == "unreachable", ep.reason
    assert (
        "in place of 'Rossio', but it shows 'RossioRua Augusta': the old text stayed" in ep.reason
    )

    class Replaces(FormWorld):  # Tk, GTK, a browser: typed text replaces the selection
        def execute(self, action: Action, observation: Observation) -> ActionResult:
            if action.verb == "type":
                self.street = action.text or ""
            return super().execute(action, observation)

    world = Replaces(works=False)
    world.street = "Rossio"
    ep = run_episode(GOAL, screen=world, brain=PlannerBrain(), executor=world, policy=armed)
    assert "old text stayed" not in ep.reason and world.street == "Rua Augusta"


def test_a_claim_of_done_says_when_the_last_click_changed_nothing_on_screen() -> None:
    armed = Policy().armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})

    class Clicks:  # real input, as far as the loop can tell
        def execute(self, action: Action, observation: Observation) -> ActionResult:
            return ActionResult(ok=True, description=action.describe(), dry_run=False)

    dead = ScriptedScreen.of_labels(["Apply", "Cancel"])  # Apply does nothing
    ep = run_episode("click 'Apply'", screen=dead, brain=PlannerBrain(), executor=Clicks(),
                     policy=armed)  # fmt: skip
    assert ep.outcome == "claimed"
    assert ep.reason.endswith(
        "(a claim: nothing was verified; and the screen did not change after click 'Apply')"
    )
    live = ScriptedScreen.of_labels(["Apply", "Cancel"], ["Applied"])
    ep = run_episode("click 'Apply'", screen=live, brain=PlannerBrain(), executor=Clicks(),
                     policy=armed)  # fmt: skip
    assert ep.reason.endswith("(a claim: nothing was verified)")
    ep = run_episode(
        "click 'Apply'", screen=ScriptedScreen.of_labels(["Apply"]), brain=PlannerBrain()
    )
    assert "did not change" not in ep.reason  # a dry run changes nothing by design


def test_a_dry_run_does_not_blame_the_field_for_text_it_never_typed() -> None:
    class Unchanged(FormWorld):
        def execute(self, action: Action, observation: Observation) -> ActionResult:
            return ActionResult(ok=True, description=action.describe(), dry_run=True)

    world = Unchanged(works=False)
    ep = run_episode(GOAL, screen=world, brain=PlannerBrain(), executor=world)
    assert ep.outcome == "claimed", ep.reason
    assert "did not arrive" not in ep.reason and "still not ticked" not in ep.reason
    assert [s.decision.action.verb for s in ep.steps if s.acted and s.decision] == [
        "type", "click", "click",
    ]  # fmt: skip


def test_a_box_that_does_not_tick_stops_the_run_and_says_so() -> None:
    # the form lists no window, so its program is unknown: any program may take text here
    armed = Policy(typing_in=("*",)).armed(
        flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"}
    )

    class Stuck(FormWorld):
        def execute(self, action: Action, observation: Observation) -> ActionResult:
            if action.verb == "type":
                self.street += action.text or ""
            return ActionResult(ok=True, description=action.describe(), dry_run=False)

    world = Stuck(works=True)
    ep = run_episode(GOAL, screen=world, brain=PlannerBrain(), executor=world, policy=armed)
    assert ep.outcome == "unreachable"
    assert "clicked the 'Subscribe' box, but it is still not ticked" in ep.reason
