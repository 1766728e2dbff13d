"""The focus verb: built and checked like every verb, judged by the policy on the window's
title, recorded by the dry run; raising a real window is in test_live_windows.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiny_computer_agent._actions import Action
from tiny_computer_agent._elements import Element, Observation, Window
from tiny_computer_agent._errors import ActionError, AmbiguousTarget, PolicyRefusal, TargetError
from tiny_computer_agent._executors import DryRunExecutor
from tiny_computer_agent._policy import Policy

FIRST = Window(title="First", box=(100, 100, 500, 400), id=0x400008)
SECOND = Window(title="Replace file?", box=(300, 150, 700, 450), id=0xC00008)
SHELL = Window(title="root@box: ~ - Terminal", box=(0, 0, 800, 600), id=0x600001)


def _obs(*windows: Window) -> Observation:
    return Observation.of(
        [Element(label="OK", box=(150, 300, 190, 320), window=FIRST.id)],
        size=(1280, 800),
        windows=windows,
    )


def test_focus_names_a_window_by_title_or_id() -> None:
    action = Action.make("focus", window="  Replace file? ")
    assert action.window == "Replace file?" and action.describe() == "focus window 'Replace file?'"
    assert Action.from_dict(action.to_dict()) == action
    assert Action.make("focus", window=0xC00008).window == "0xc00008"
    assert action.targets == ()  # a window is not an element on the menu


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({}, "missing field 'window'"),
        ({"window": ""}, "non-empty label"),
        ({"window": True}, "non-empty label"),
        ({"window": "x" * 201}, "at most 200"),
        ({"window": "First", "target": "OK"}, "unexpected field 'target'"),
    ],
)
def test_a_bad_focus_is_refused_when_it_is_built(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ActionError, match=message):
        Action.make("focus", **fields)


def test_the_policy_lets_a_listed_window_be_focused() -> None:
    obs = _obs(SECOND, FIRST)
    assert Policy().check(Action.make("focus", window="first"), obs) == ()
    assert Policy().check(Action.make("focus", window=str(SECOND.id)), obs) == ()


def test_the_policy_refuses_a_window_whose_title_is_denied() -> None:
    obs = _obs(SHELL, FIRST)
    with pytest.raises(PolicyRefusal, match="denied widget") as named:
        Policy().check(Action.make("focus", window="Terminal"), obs)
    assert named.value.rule == "denied-widget"
    with pytest.raises(PolicyRefusal, match=r"'root@box: ~ - Terminal'.*denied widget"):
        Policy().check(Action.make("focus", window=hex(SHELL.id)), obs)  # by id: the title


def test_a_window_not_on_the_frame_is_a_failed_step_not_a_guess() -> None:
    with pytest.raises(TargetError, match="no window is titled 'Save as'"):
        Policy().check(Action.make("focus", window="Save as"), _obs(SECOND, FIRST))
    with pytest.raises(TargetError, match="no windows are known"):
        Policy().check(Action.make("focus", window="First"), _obs())
    twins = (FIRST, Window(title="First", box=(0, 0, 5, 5), id=9))
    with pytest.raises(AmbiguousTarget):
        Policy().check(Action.make("focus", window="First"), _obs(*twins))


def test_the_dry_run_records_a_focus_and_touches_nothing(tmp_path: Path) -> None:
    dry = DryRunExecutor()
    result = dry.execute(Action.make("focus", window="First"), _obs(SECOND, FIRST))
    assert result.ok and result.dry_run and result.points == ()
    assert result.description == "dry run, nothing touched: would focus window 'First'"
    assert dry.log == [result]
