"""The loop's side of safety: the policy sees the episode's history, dry runs say what
would need a person's yes, and an interrupt keeps the steps so far."""

from __future__ import annotations

import dataclasses

from tiny_computer_agent import (
    Action,
    ActionResult,
    DryRunExecutor,
    Observation,
    Policy,
    ScriptedBrain,
    ScriptedScreen,
    run_episode,
)


def field_and_button(*labels: str) -> ScriptedScreen:
    return ScriptedScreen.of_labels(("Name", *labels))


def test_a_denied_command_typed_in_two_pieces_is_refused_at_the_second() -> None:
    brain = ScriptedBrain.of(
        [
            {"verb": "type", "text": "su", "target": "Name"},
            {"verb": "type", "text": "do reboot\n", "target": "Name"},
        ]
    )
    ep = run_episode("type it", screen=field_and_button(), brain=brain, policy=Policy())
    assert ep.outcome == "refused"
    assert ep.steps[0].acted  # "su" alone is harmless
    refusal = ep.steps[1].refusal
    assert refusal is not None and refusal.rule == "denied-sequence"


def test_the_same_pieces_in_two_episodes_are_judged_apart() -> None:
    # history is per episode: a fresh run does not remember the last one's "su"
    screen = field_and_button()
    first = ScriptedBrain.of([{"verb": "type", "text": "su", "target": "Name"}])
    assert run_episode("type", screen=screen, brain=first).outcome == "claimed"
    second = ScriptedBrain.of([{"verb": "type", "text": "do it", "target": "Name"}])
    assert run_episode("type", screen=screen, brain=second).outcome == "claimed"


def test_a_dry_run_says_which_action_would_need_a_yes() -> None:
    brain = ScriptedBrain.of([{"verb": "click", "target": "Delete account"}])
    executor = DryRunExecutor()
    ep = run_episode(
        "click it", screen=field_and_button("Delete account"), brain=brain, executor=executor
    )
    result = ep.steps[0].result
    assert result is not None and result.dry_run
    assert "needs a person's yes" in result.description
    assert "Delete account" in result.description
    # an ordinary button carries no such note
    brain = ScriptedBrain.of([{"verb": "click", "target": "OK"}])
    ep = run_episode("click it", screen=field_and_button("OK"), brain=brain)
    assert ep.steps[0].result is not None
    assert "yes" not in ep.steps[0].result.description


@dataclasses.dataclass
class _InterruptedAt:
    """An executor that is interrupted (Ctrl-C) on its n-th action."""

    n: int
    done: int = 0

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.done += 1
        if self.done == self.n:
            raise KeyboardInterrupt
        return DryRunExecutor().execute(action, observation)


def test_an_interrupt_ends_the_episode_and_keeps_the_steps_before_it() -> None:
    brain = ScriptedBrain.of(
        [{"verb": "click", "target": "One"}, {"verb": "click", "target": "Two"}]
    )
    ep = run_episode(
        "click both",
        screen=ScriptedScreen.of_labels(("One", "Two")),
        brain=brain,
        executor=_InterruptedAt(n=2),
    )
    assert ep.outcome == "interrupted"
    assert "step 2" in ep.reason
    assert len(ep.steps) == 1 and ep.steps[0].acted


def test_the_policy_judges_a_secret_as_typed_and_never_shows_its_value() -> None:
    policy = Policy(secrets={"TOKEN": "x; sudo reboot"})
    brain = ScriptedBrain.of([{"verb": "type", "text": "<secret>TOKEN</secret>", "target": "Name"}])
    ep = run_episode("type it", screen=field_and_button(), brain=brain, policy=policy)
    refusal = ep.steps[0].refusal
    assert refusal is not None and refusal.rule == "denied-text"
    assert "x; sudo reboot" not in refusal.message and "<secret>TOKEN</secret>" in refusal.message
    # an ordinary secret passes, and the step shows only its placeholder
    policy = Policy(secrets={"TOKEN": "hunter-two"})
    ep = run_episode("type it", screen=field_and_button(), brain=brain, policy=policy)
    assert ep.outcome == "claimed"
    assert "hunter-two" not in str(ep.to_dict())
