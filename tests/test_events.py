"""Run events, the gate and Policy.halt, on the real loop with scripted screens and brains."""

from __future__ import annotations

import dataclasses

import pytest

from tiny_computer_agent import (
    EVENT_KINDS,
    Action,
    ActionResult,
    DryRunExecutor,
    Observation,
    PlannerBrain,
    Policy,
    RunEvent,
    ScriptedBrain,
    ScriptedScreen,
    run_episode,
)


def _kinds(events: list[RunEvent]) -> list[str]:
    return [f"{e.kind}{e.index or ''}" for e in events]


def test_listeners_hear_each_event_in_order_with_what_it_is_about() -> None:
    heard: list[RunEvent] = []
    screen = ScriptedScreen.of_labels(["Cancel", "Next"], ["Back", "Save"], ["Saved"])
    ep = run_episode(
        "click 'Next' then click 'Save'",
        screen=screen,
        brain=PlannerBrain(),
        verify_text="Saved",
        listeners=[heard.append],
    )
    assert ep.outcome == "verified", ep.render()
    assert _kinds(heard) == [
        "start", "observe1", "decide1", "verdict1", "step1",
        "observe2", "decide2", "verdict2", "step2", "end",
    ]  # fmt: skip
    start, observe, decide, verdict, step = heard[:5]
    assert start.goal == ep.goal and start.settings["verify_text"] == "Saved"
    assert start.settings["dry_run"] is True and start.settings["brain"] == "PlannerBrain"
    assert observe.observation is not None and "Next" in observe.observation.text()
    assert observe.menu == ep.steps[0].menu
    assert decide.decision == ep.steps[0].decision == verdict.decision
    assert verdict.refusal is None and verdict.held == ""
    assert step.step is ep.steps[0]
    assert heard[-1].episode is not None and heard[-1].episode.outcome == "verified"
    assert {e.kind for e in heard} == set(EVENT_KINDS)


def test_a_refusal_is_the_verdict_and_an_irreversible_target_is_said_to_be_held() -> None:
    heard: list[RunEvent] = []
    run_episode(
        "click 'Delete account'",
        screen=ScriptedScreen.of_labels(["Keep", "Delete account"], ["Gone"]),
        brain=PlannerBrain(),
        listeners=[heard.append],
    )
    verdict = next(e for e in heard if e.kind == "verdict")
    assert verdict.refusal is None and "delete account" in verdict.held.casefold(), verdict
    heard.clear()
    typed = ScriptedBrain.of([{"verb": "type", "text": "rm -rf /", "target": "Name"}])
    ep = run_episode(
        "type it", screen=ScriptedScreen.of_labels(["Name"]), brain=typed, listeners=[heard.append]
    )
    verdict = next(e for e in heard if e.kind == "verdict")
    assert ep.outcome == "refused" and verdict.refusal is not None
    assert verdict.refusal == ep.steps[-1].refusal
    assert _kinds(heard)[-2:] == ["step1", "end"]


def test_a_gate_that_says_the_person_took_control_skips_the_action_and_looks_again() -> None:
    executor = DryRunExecutor()
    asked: list[int] = []

    def gate(index: int) -> bool:
        asked.append(index)
        return index > 1  # the person held step 1 and worked on the screen meanwhile

    screen = ScriptedScreen.of_labels(["Save"], ["Save"], ["Saved"])
    ep = run_episode(
        "click 'Save'", screen=screen, brain=PlannerBrain(), executor=executor,
        verify_text="Saved", gate=gate,
    )  # fmt: skip
    assert ep.outcome == "verified", ep.render()
    assert asked == [1, 2]
    first = ep.steps[0]
    assert first.error is not None and first.error.kind == "taken-over"
    assert first.result is None and not first.acted
    assert len(executor.log) == 1  # only step 2's click was carried out
    assert ep.steps[1].observation is not first.observation  # step 2 looked again


def test_a_gate_that_takes_over_after_a_passive_step_still_looks_again() -> None:
    """A zoom leaves its frame standing; a person taking over after it voids that."""
    image_less = ScriptedScreen.of_labels(["Save"], ["Save"], ["Saved"])
    brain = ScriptedBrain.of(
        [{"verb": "zoom", "target": "Save"}, {"verb": "click", "target": "Save"},
         {"verb": "click", "target": "Save"}]
    )  # fmt: skip
    answers = iter([True, False, True])
    ep = run_episode(
        "click 'Save'", screen=image_less, brain=brain, verify_text="Saved",
        gate=lambda i: next(answers),
    )  # fmt: skip
    kinds = [s.error.kind if s.error else "" for s in ep.steps]
    assert kinds[:2] == ["action-failed", "taken-over"]
    assert ep.outcome == "verified", ep.render()


def test_halt_stops_before_the_next_step_and_before_each_action() -> None:
    executor = DryRunExecutor()
    policy = Policy(halt=lambda: "Stop was pressed" if len(executor.log) >= 2 else None)
    screen = ScriptedScreen.of_labels(["A"], ["B"], ["C"], ["D"])
    brain = ScriptedBrain.of([{"verb": "key", "keys": "Tab"}] * 4)
    ep = run_episode("tab along", screen=screen, brain=brain, executor=executor, policy=policy)
    assert ep.outcome == "refused", ep.render()
    assert "Stop was pressed" in ep.reason
    assert ep.steps[-1].refusal is not None and ep.steps[-1].refusal.rule == "kill-switch"
    assert sum(s.acted for s in ep.steps) == 2 == len(executor.log)


def test_a_listener_bug_is_ours_and_propagates() -> None:
    def broken(event: RunEvent) -> None:
        if event.kind == "decide":
            raise RuntimeError("a bug in a listener")

    with pytest.raises(RuntimeError, match="a bug in a listener"):
        run_episode(
            "click 'Save'",
            screen=ScriptedScreen.of_labels(["Save"]),
            brain=PlannerBrain(),
            listeners=[broken],
        )


def test_an_event_kind_outside_the_closed_set_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of start"):
        RunEvent(kind="paused")  # type: ignore[arg-type]


def test_halt_stops_a_batch_mid_way_in_an_executor_that_checks_before_each_action() -> None:
    """An executor that checks the kill switch before each action (as the real one
    does) stops a batch mid-way once halt starts answering."""
    done: list[Action] = []

    @dataclasses.dataclass
    class Checking(DryRunExecutor):
        def execute(self, action: Action, observation: Observation) -> ActionResult:
            policy.check_kill_switch()
            done.append(action)
            return DryRunExecutor.execute(self, action, observation)

    policy = Policy(halt=lambda: "Stop" if len(done) >= 1 else None)
    batch = [[{"verb": "type", "text": "x"}, {"verb": "key", "keys": "Tab"},
              {"verb": "type", "text": "y"}]]  # fmt: skip
    ep = run_episode(
        "fill it", screen=ScriptedScreen.of_labels(["Name"], ["Name"]),
        brain=ScriptedBrain.of(batch), executor=Checking(), policy=policy,
    )  # fmt: skip
    assert ep.outcome == "refused" and "Stop" in ep.reason, ep.render()
    assert [a.verb for a in done] == ["type"]  # the Tab and the second text were never sent


def test_a_stop_pressed_while_the_gate_holds_an_action_refuses_it_even_in_a_dry_run() -> None:
    executor, stopped = DryRunExecutor(), []

    def gate(index: int) -> bool:
        stopped.append("Stop was pressed while the action was held")
        return True  # the person pressed Stop, which also releases the hold

    ep = run_episode(
        "click 'Save'", screen=ScriptedScreen.of_labels(["Save"]), brain=PlannerBrain(),
        executor=executor, policy=Policy(halt=lambda: stopped[-1] if stopped else None),
        gate=gate,
    )  # fmt: skip
    assert ep.outcome == "refused" and "held" in ep.reason, ep.render()
    assert executor.log == []  # not even simulated
