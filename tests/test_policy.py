from __future__ import annotations

from pathlib import Path

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    state_dir,
)

from .helpers import dialog


def refused(policy: Policy, action: Action, obs: Observation) -> str:
    with pytest.raises(PolicyRefusal) as err:
        policy.check(action, obs)
    return err.value.rule


@pytest.mark.parametrize(
    "text",
    [
        "sudo apt install x",
        "rm -rf /",
        "RM  -RF ~",
        "my password is hunter2",
        "Pass word",
        "mkfs.ext4",
    ],
)
def test_denied_text_is_refused(text: str) -> None:
    assert refused(Policy(), Action.make("type", text=text), dialog("Name")) == "denied-text"


def test_ordinary_text_passes() -> None:
    Policy().check(Action.make("type", text="hello world", target="Name"), dialog("Name"))


@pytest.mark.parametrize(
    "label",
    ["Open Terminal", "TERMINAL", "Key-chain Access", "Pass word Manager", "My Bank", "Wallet"],
)
def test_denied_widgets_are_refused_however_spelled(label: str) -> None:
    obs = dialog(label, "OK")
    assert refused(Policy(), Action.make("click", target=label), obs) == "denied-widget"


def test_denied_widget_is_refused_even_when_the_brain_names_it_loosely() -> None:
    obs = dialog("Launch terminal emulator")
    assert refused(Policy(), Action.make("click", target="terminal"), obs) == "denied-widget"


@pytest.mark.parametrize("keys", ["ctrl+alt+t", "Ctrl+Alt+Del", "ctrl+shift+esc", "ctrl+alt+F2"])
def test_denied_chords_are_refused(keys: str) -> None:
    assert refused(Policy(), Action.make("key", keys=keys), dialog("OK")) == "denied-key"


def test_kill_switch_is_checked_before_every_action(tmp_path: Path) -> None:
    switch = tmp_path / "STOP"
    policy = Policy(kill_switch=switch)
    policy.check(Action.make("key", keys="Return"), dialog("OK"))
    switch.touch()
    assert refused(policy, Action.make("key", keys="Return"), dialog("OK")) == "kill-switch"


def test_kill_switch_lives_in_the_state_dir_one_variable_moves(tmp_path: Path) -> None:
    assert state_dir({"TINY_COMPUTER_AGENT_HOME": str(tmp_path)}) == tmp_path
    assert Policy().kill_switch.parent == state_dir()


def test_step_budget() -> None:
    policy = Policy(max_steps=2)
    policy.check_budget(1)
    with pytest.raises(PolicyRefusal, match="--max-steps") as err:
        policy.check_budget(2)
    assert err.value.rule == "step-budget"


def grid_obs() -> Observation:
    cell = Element(label="cell 5", box=(0, 0, 100, 100), source="grid")
    return Observation.of([cell], size=(400, 300))


def test_blind_grid_click_is_planned_in_a_dry_run_but_refused_with_real_input() -> None:
    click = Action.make("click", target="cell 5")
    Policy().check(click, grid_obs())  # a dry run may plan it
    armed = Policy().armed(flag=True, environ={ARM_ENV: "1"})
    assert refused(armed, click, grid_obs()) == "blind-click"
    allowed = Policy(allow_grid=True).armed(flag=True, environ={ARM_ENV: "1"})
    allowed.check(click, grid_obs())


@pytest.mark.parametrize(
    ("flag", "env", "fragment"),
    [
        (False, {ARM_ENV: "1"}, "--real-input"),
        (True, {}, ARM_ENV),
        (True, {ARM_ENV: "yes"}, ARM_ENV),
    ],
)
def test_real_input_takes_two_deliberate_acts(
    flag: bool, env: dict[str, str], fragment: str
) -> None:
    with pytest.raises(PolicyRefusal, match=fragment) as err:
        Policy().armed(flag=flag, environ=env)
    assert err.value.rule == "arming"
    assert Policy().armed(flag=True, environ={ARM_ENV: "1"}).real_input


def test_policy_is_frozen() -> None:
    with pytest.raises(AttributeError):
        Policy().real_input = True  # type: ignore[misc]
