"""The desktop module without an X server: key names, mapping maths, settle logic, the
executor's arming and kill-switch checks (with a recording fake pyautogui), no display."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, TargetError
from tiny_computer_agent.cli import main
from tiny_computer_agent.desktop import (
    Monitor,
    RealInputExecutor,
    Settle,
    doctor,
    frame_mapping,
    pyautogui_keys,
    render_doctor,
)
from tiny_computer_agent.desktop._doctor import ready


@pytest.mark.parametrize(
    ("chord", "names"),
    [
        ("Return", ["enter"]),
        ("ctrl+s", ["ctrl", "s"]),
        ("ctrl+shift+Page_Up", ["ctrl", "shift", "pageup"]),
        ("super+F5", ["win", "f5"]),
        ("ctrl++", ["ctrl", "+"]),
        ("Escape", ["esc"]),
    ],
)
def test_xdotool_chords_become_pyautogui_names(chord: str, names: list[str]) -> None:
    assert pyautogui_keys(chord) == names


def test_frame_mapping_undoes_offset_downscale_and_hidpi() -> None:
    monitor = Monitor(index=2, left=1280, top=200, width=1440, height=900)
    # a Retina-style capture: 2880x1800 pixels for 1440x900 points, shown at 960x600
    mapping = frame_mapping(monitor, (2880, 1800), (960, 600))
    assert mapping.to_screen(0, 0) == (1280, 200)
    assert mapping.to_screen(960, 600) == (1280 + 1440, 200 + 900)
    assert mapping.to_screen(480, 300) == (1280 + 720, 200 + 450)
    wrong = frame_mapping(monitor, (2880, 1800), (960, 600), scale=1.0)
    assert wrong.to_screen(480, 300) != mapping.to_screen(480, 300)


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def _frames(*sigs: bytes) -> Any:
    it = iter(sigs)
    last = [sigs[-1]]

    def signature() -> bytes:
        last[0] = next(it, last[0])
        return last[0]

    return signature


def test_settle_returns_once_the_screen_changed_and_held_still() -> None:
    clock = _Clock()
    result = Settle().wait(_frames(b"a", b"b", b"c", b"c"), b"a", clock=clock, sleep=clock.sleep)
    assert result.state == "changed"
    assert 0.2 <= result.seconds < 0.4


def test_settle_gives_up_quickly_when_nothing_changes_and_bounds_an_animation() -> None:
    clock = _Clock()
    still = Settle().wait(_frames(b"a"), b"a", clock=clock, sleep=clock.sleep)
    assert still.state == "unchanged"
    assert still.seconds == pytest.approx(1.0, abs=0.05)
    counter = iter(range(10**6))
    clock = _Clock()
    busy = Settle().wait(
        lambda: bytes([next(counter) % 256]) * 2, b"", clock=clock, sleep=clock.sleep
    )
    assert busy.state == "timeout"
    assert busy.seconds == pytest.approx(5.0, abs=0.05)


class FakeGui:
    """Records pyautogui calls; enough of its surface for the executor."""

    class FailSafeException(Exception):
        pass

    KEYBOARD_KEYS: ClassVar[list[str]] = [
        *"abcdefghijklmnopqrstuvwxyz +",
        "enter",
        "ctrl",
        "s",
        "esc",
        "win",
    ]

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **k: self.calls.append((name, a, k))


def _obs() -> Observation:
    els = [
        Element(label=t, box=(100 + 200 * i, 100, 180 + 200 * i, 140))
        for i, t in enumerate(["Save", "Open", "Save As"])
    ]
    return Observation.of(els, size=(1280, 800))


def _executor(tmp_path: Path, gui: FakeGui) -> RealInputExecutor:
    policy = Policy(kill_switch=tmp_path / "STOP").armed(
        flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"}
    )
    return RealInputExecutor(policy=policy, gui=gui)


def test_the_executor_refuses_to_exist_unarmed() -> None:
    with pytest.raises(PolicyRefusal) as info:
        RealInputExecutor(policy=Policy())
    assert info.value.rule == "arming"
    assert "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT" in str(info.value)


def test_every_verb_becomes_the_right_pyautogui_calls(tmp_path: Path) -> None:
    gui = FakeGui()
    ex = _executor(tmp_path, gui)
    obs = _obs()
    for data in [
        {"verb": "click", "target": "Open", "clicks": 2},
        {"verb": "click", "target": "Open", "button": "right"},
        {"verb": "type", "text": "hi", "target": "Open"},
        {"verb": "key", "keys": "ctrl+s"},
        {"verb": "scroll", "direction": "down", "amount": 3, "target": "Open"},
        {"verb": "scroll", "direction": "left"},
        {"verb": "move", "target": "Open"},
    ]:
        result = ex.execute(Action.from_dict(data), obs)
        assert result.ok and not result.dry_run
    names = [(c[0], c[1]) for c in gui.calls]
    assert names == [
        ("click", (340, 120)), ("click", (340, 120)), ("click", (340, 120)), ("write", ("hi",)),
        ("hotkey", ("ctrl", "s")), ("moveTo", (340, 120)), ("scroll", (-3,)),
        ("hscroll", (-1,)), ("moveTo", (340, 120)),
    ]  # fmt: skip
    assert gui.calls[0][2] == {"clicks": 2, "interval": 0.05, "button": "left"}
    assert gui.calls[1][2]["button"] == "right"
    assert gui.calls[3][2] == {"interval": 0.01}  # keys paced so a loaded X server keeps them


def test_no_pixel_is_guessed_and_the_kill_switch_is_checked_every_time(tmp_path: Path) -> None:
    gui = FakeGui()
    ex = _executor(tmp_path, gui)
    with pytest.raises(TargetError):
        ex.execute(Action.make("click", target="Close"), _obs())  # not on screen
    with pytest.raises(TargetError):
        twins = Observation.of(
            [Element(label="OK", box=(0, 0, 40, 20)), Element(label="OK", box=(90, 0, 130, 20))],
            size=(200, 100),
        )
        ex.execute(Action.make("click", target="OK"), twins)  # two equally good: no guess
    ex.execute(Action.make("click", target="Save"), _obs())
    (tmp_path / "STOP").touch()
    with pytest.raises(PolicyRefusal) as info:
        ex.execute(Action.make("click", target="Save"), _obs())
    assert info.value.rule == "kill-switch"
    assert len(gui.calls) == 1


def test_unsupported_characters_fail_the_step_instead_of_vanishing(tmp_path: Path) -> None:
    gui = FakeGui()
    result = _executor(tmp_path, gui).execute(Action.make("type", text="héllo"), _obs())
    assert not result.ok
    assert "é" in result.error
    assert gui.calls == []


def test_live_without_a_display_exits_3_and_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    err = io.StringIO()
    assert main(["--live", "click 'Save'"], out=io.StringIO(), err=err) == 3
    text = err.getvalue()
    assert "DISPLAY" in text and "Xvfb" in text and "[desktop]" in text and "--image" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["--real-input", "--image", "example", "click 'Save'"],
        ["--monitor", "2", "--image", "example", "click 'Save'"],
        ["--live", "--image", "example", "click 'Save'"],
        ["--live", "--scale", "20", "click 'Save'"],
        ["--doctor", "click 'Save'"],
    ],
)
def test_desktop_flags_are_checked(argv: list[str]) -> None:
    err = io.StringIO()
    assert main(argv, out=io.StringIO(), err=err) == 2, err.getvalue()


def test_the_doctor_without_a_display_names_the_fix_and_what_still_works() -> None:
    checks = doctor(environ={})
    by = {c.name: c for c in checks}
    assert by["display"].status == "fail" and "Xvfb" in by["display"].fix
    assert by["capture"].status == "fail"
    assert not ready(checks)
    text = render_doctor(checks)
    assert "NOT READY" in text and "this machine can still" in text and "replay" in text


def test_importing_the_desktop_module_loads_only_the_standard_library() -> None:
    probe = (
        "import sys, json; before = set(sys.modules); import tiny_computer_agent.desktop; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "print(json.dumps(sorted(n for n in new if n not in sys.stdlib_module_names "
        "and n != 'tiny_computer_agent')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_every_verb_in_the_table_has_an_executor_method() -> None:
    from tiny_computer_agent._actions import VERB_TABLE

    missing = [v for v in VERB_TABLE if not callable(getattr(RealInputExecutor, f"_do_{v}", None))]
    assert missing == [], f"RealInputExecutor needs a _do_<verb> method for {missing}"


def test_only_settling_verbs_look_at_the_screen_before_acting(tmp_path: Path) -> None:
    looked: list[str] = []

    class Watching(RealInputExecutor):
        def _signature(self) -> bytes:
            looked.append("signature")
            return b""

    gui = FakeGui()
    ex = Watching(policy=_executor(tmp_path, gui).policy, gui=gui)
    ex.execute(Action.make("wait", seconds=0.01), _obs())
    ex.execute(Action.make("done"), _obs())
    assert looked == [] and gui.calls == []
    ex.execute(Action.make("key", keys="Return"), _obs())
    assert looked == ["signature"]
