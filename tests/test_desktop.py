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

from tiny_computer_agent import (
    Action,
    DryRunExecutor,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    TargetError,
)
from tiny_computer_agent._policy import ARM_ENV
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
    """Records pyautogui calls; enough of its surface for the executor. The pointer
    follows clicks and moves; ``position()`` and the fail-safe settings are not calls."""

    class FailSafeException(Exception):
        pass

    KEYBOARD_KEYS: ClassVar[list[str]] = [
        *"abcdefghijklmnopqrstuvwxyz0123456789 +\n\t",
        "enter",
        "ctrl",
        "s",
        "esc",
        "win",
    ]
    FAILSAFE_POINTS: ClassVar[list[tuple[int, int]]] = [(0, 0), (0, 799), (1279, 0), (1279, 799)]

    def __init__(self, pointer: tuple[int, int] = (640, 400)) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.pointer = pointer
        self.FAILSAFE = True
        self.failsafe_at: list[bool] = []  # FAILSAFE at each moveTo

    def position(self) -> tuple[int, int]:
        return self.pointer

    def _put(self, name: str, a: tuple[Any, ...], k: dict[str, Any]) -> None:
        self.calls.append((name, a, k))
        if len(a) >= 2:
            self.pointer = (a[0], a[1])

    def click(self, *a: Any, **k: Any) -> None:
        self._put("click", a, k)

    def moveTo(self, *a: Any, **k: Any) -> None:
        self.failsafe_at.append(self.FAILSAFE)
        self._put("moveTo", a, k)

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


@pytest.fixture
def armed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment act of arming, in this process (restored after the test)."""
    monkeypatch.setenv(ARM_ENV, "1")


def test_the_executor_refuses_to_exist_unarmed() -> None:
    with pytest.raises(PolicyRefusal) as info:
        RealInputExecutor(policy=Policy())
    assert info.value.rule == "arming"
    assert "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT" in str(info.value)


@pytest.mark.usefixtures("armed")
def test_every_verb_becomes_the_right_pyautogui_calls(tmp_path: Path) -> None:
    gui = FakeGui()
    ex = _executor(tmp_path, gui)
    inbox = Element(label="Inbox", box=(100, 300, 400, 340), kind="item")  # a list's row
    obs = Observation.of([*_obs().elements, inbox], size=(1280, 800))
    for data in [
        {"verb": "click", "target": "Open", "clicks": 2},
        {"verb": "click", "target": "Open", "button": "right"},
        {"verb": "type", "text": "hi", "target": "Open"},
        {"verb": "key", "keys": "ctrl+s"},
        {"verb": "scroll", "direction": "down", "amount": 3, "target": "Inbox"},
        {"verb": "scroll", "direction": "left", "target": "Inbox"},
        {"verb": "move", "target": "Open"},
    ]:
        result = ex.execute(Action.from_dict(data), obs)
        assert result.ok and not result.dry_run
    names = [(c[0], c[1]) for c in gui.calls]
    assert names == [
        ("click", (340, 120)), ("click", (340, 120)), ("click", (340, 120)), ("write", ("hi",)),
        ("hotkey", ("ctrl", "s")), ("moveTo", (116, 320)), ("scroll", (-3,)),
        ("moveTo", (116, 320)), ("hscroll", (-1,)), ("moveTo", (340, 120)),
    ]  # fmt: skip  # the wheel turns in the row, clear of any value control (_wheel)
    assert gui.calls[0][2] == {"clicks": 2, "interval": 0.05, "button": "left"}
    assert gui.calls[1][2]["button"] == "right"
    assert gui.calls[3][2] == {"interval": 0.01}  # keys paced so a loaded X server keeps them


@pytest.mark.usefixtures("armed")
def test_typing_into_a_one_line_field_selects_it_first_and_a_text_area_not(
    tmp_path: Path,
) -> None:
    els = [
        Element(label="Pitch", box=(100, 100, 200, 124), kind="field", value="400"),
        Element(label="Empty", box=(100, 200, 200, 224), kind="field", value=""),
        Element(label="Notes", box=(100, 300, 500, 500), kind="field", value="two\nlines"),
    ]
    obs = Observation.of(els, size=(1280, 800))
    gui = FakeGui()
    ex = _executor(tmp_path, gui)
    said = []
    for target in ("Pitch", "Empty", "Notes"):
        said.append(
            ex.execute(Action.from_dict({"verb": "type", "text": "8", "target": target}), obs)
        )
    clicks = [c[2]["clicks"] for c in gui.calls if c[0] == "click"]
    # a triple click selects a one-line field's text, even one the frame saw empty: a
    # dialog may fill it after the frame (GTK's Save As its name field)
    assert clicks == [3, 3, 1]
    assert "in place of '400'" in said[0].description
    assert "in place of" not in said[1].description + said[2].description
    dry = DryRunExecutor().execute(
        Action.from_dict({"verb": "type", "text": "8", "target": "Pitch"}), obs
    )
    assert dry.description.startswith(
        "dry run, nothing touched: would type '8' into 'Pitch' in place of '400' at"
    )
    # a one-line field is clicked one field-height in from its left end, where its text
    # is (GTK's spin button is one box in the tree, its "-" in its middle); a text area
    # at its middle
    points = [c[1] for c in gui.calls if c[0] == "click"]
    assert points == [(124, 112), (124, 212), (300, 400)]


@pytest.mark.usefixtures("armed")
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


@pytest.mark.usefixtures("armed")
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

    missing = [
        v
        for v, spec in VERB_TABLE.items()
        if not spec.harness and not callable(getattr(RealInputExecutor, f"_do_{v}", None))
    ]
    assert missing == [], f"RealInputExecutor needs a _do_<verb> method for {missing}"
    # the harness's own verbs (waiting, zooming) never reach an executor
    harness = [v for v, spec in VERB_TABLE.items() if spec.harness]
    assert harness and not any(hasattr(RealInputExecutor, f"_do_{v}") for v in harness)


@pytest.mark.usefixtures("armed")
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


# -- issue 12: arming, control text, secrets, the resting corner, X authority ----------


def test_an_armed_policy_alone_does_not_make_a_real_executor(tmp_path: Path) -> None:
    """One act is not two: a policy armed elsewhere (or copied) is refused in a process
    whose environment does not carry the variable."""
    policy = Policy(kill_switch=tmp_path / "STOP").armed(flag=True, environ={ARM_ENV: "1"})
    with pytest.raises(PolicyRefusal) as info:
        RealInputExecutor(policy=policy, gui=FakeGui())
    assert info.value.rule == "arming"
    assert ARM_ENV in str(info.value)


@pytest.mark.usefixtures("armed")
@pytest.mark.parametrize(
    "text", ["sudx\bo rx\bm -rf ~\n", "ok\r", "a\x1b:q!", "x\x7f", "del\x08", "\x85next"]
)
def test_control_characters_in_typed_text_are_refused(tmp_path: Path, text: str) -> None:
    gui = FakeGui()
    with pytest.raises(PolicyRefusal) as info:
        _executor(tmp_path, gui).execute(Action.make("type", text=text, target="Open"), _obs())
    assert info.value.rule == "control-text"
    assert "`key` action" in str(info.value)
    assert gui.calls == []  # not even the click that focuses the field


@pytest.mark.usefixtures("armed")
def test_newline_and_tab_are_still_text(tmp_path: Path) -> None:
    gui = FakeGui()
    result = _executor(tmp_path, gui).execute(Action.make("type", text="a\tb\n"), _obs())
    assert result.ok, result.error
    assert gui.calls[-1][:2] == ("write", ("a\tb\n",))


def _secret_executor(tmp_path: Path, gui: FakeGui, **secrets: str) -> RealInputExecutor:
    policy = Policy(kill_switch=tmp_path / "STOP", secrets=secrets).armed(
        flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"}
    )
    return RealInputExecutor(policy=policy, gui=gui)


@pytest.mark.usefixtures("armed")
def test_a_secret_is_typed_for_real_and_shown_nowhere(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    gui = FakeGui()
    ex = _secret_executor(tmp_path, gui, PW="hunter2")
    caplog.set_level("DEBUG")
    action = Action.make("type", text="<secret>PW</secret>\n", target="Open")
    result = ex.execute(action, _obs())
    assert result.ok, result.error
    assert gui.calls[-1][:2] == ("write", ("hunter2\n",))  # typed for real
    assert "<secret>PW</secret>" in result.description
    shown = [repr(ex), result.description, result.error, caplog.text, *map(repr, ex.log)]
    assert not [s for s in shown if "hunter2" in s]


@pytest.mark.usefixtures("armed")
def test_a_secret_that_was_not_given_fails_the_step_and_types_nothing(tmp_path: Path) -> None:
    gui = FakeGui()
    result = _secret_executor(tmp_path, gui, PW="hunter2").execute(
        Action.make("type", text="<secret>TOKEN</secret>"), _obs()
    )
    assert not result.ok
    assert "--secret TOKEN" in result.error
    assert gui.calls == []


@pytest.mark.usefixtures("armed")
def test_a_secret_the_keyboard_cannot_type_is_named_but_not_shown(tmp_path: Path) -> None:
    gui = FakeGui()
    result = _secret_executor(tmp_path, gui, PW="hünter2").execute(
        Action.make("type", text="<secret>PW</secret>"), _obs()
    )
    assert not result.ok
    assert "the secret PW" in result.error and "ü" not in result.error
    assert gui.calls == []


@pytest.mark.usefixtures("armed")
def test_control_characters_inside_a_secret_are_refused_without_showing_it(
    tmp_path: Path,
) -> None:
    gui = FakeGui()
    with pytest.raises(PolicyRefusal) as info:
        _secret_executor(tmp_path, gui, PW="zq\bw").execute(
            Action.make("type", text="<secret>PW</secret>"), _obs()
        )
    assert info.value.rule == "control-text"
    assert "the secret PW" in str(info.value) and "zq" not in str(info.value)
    assert gui.calls == []


@pytest.mark.usefixtures("armed")
def test_a_dry_run_shows_the_placeholder_never_the_value() -> None:
    from tiny_computer_agent._executors import DryRunExecutor

    result = DryRunExecutor().execute(
        Action.make("type", text="<secret>PW</secret>", target="Open"), _obs()
    )
    assert "would type '<secret>PW</secret>'" in result.description


@pytest.mark.usefixtures("armed")
def test_a_pointer_resting_in_a_corner_at_start_is_moved_out_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    gui = FakeGui(pointer=(0, 0))
    ex = _executor(tmp_path, gui)
    caplog.set_level("WARNING")
    result = ex.execute(Action.make("key", keys="ctrl+s"), _obs())
    assert result.ok
    assert gui.calls[0][:2] == ("moveTo", (20, 20))
    assert gui.failsafe_at == [False] and gui.FAILSAFE is True  # off for that move only
    assert gui.calls[1][:2] == ("hotkey", ("ctrl", "s"))
    assert caplog.text.count("rests in the screen corner") == 1
    gui.pointer = (1279, 799)  # a corner the harness did not leave it in: the person's signal
    with pytest.raises(PolicyRefusal) as info:
        ex.execute(Action.make("key", keys="ctrl+s"), _obs())
    assert info.value.rule == "kill-switch"
    assert len(gui.calls) == 2


@pytest.mark.usefixtures("armed")
def test_a_move_into_a_corner_during_the_run_stops_it(tmp_path: Path) -> None:
    gui = FakeGui()
    ex = _executor(tmp_path, gui)
    ex.execute(Action.make("click", target="Save"), _obs())
    gui.pointer = (0, 799)
    with pytest.raises(PolicyRefusal) as info:
        ex.execute(Action.make("click", target="Open"), _obs())
    assert info.value.rule == "kill-switch"
    assert [c[0] for c in gui.calls] == ["click"]


@pytest.mark.usefixtures("armed")
def test_returning_to_the_start_corner_after_leaving_it_is_a_signal(tmp_path: Path) -> None:
    gui = FakeGui(pointer=(1279, 0))
    ex = _executor(tmp_path, gui)
    ex.execute(Action.make("click", target="Save"), _obs())
    assert gui.calls[0][:2] == ("moveTo", (1259, 20))  # inward from the top-right corner
    gui.pointer = (1279, 0)
    with pytest.raises(PolicyRefusal) as info:
        ex.execute(Action.make("click", target="Save"), _obs())
    assert info.value.rule == "kill-switch"


@pytest.mark.usefixtures("armed")
def test_a_corner_the_harness_put_the_pointer_in_is_not_a_signal(tmp_path: Path) -> None:
    class CornerAtSave(FakeGui):
        # the centre of "Save" counts as a fail-safe point here, so the harness's own
        # click leaves the pointer "in a corner"
        FAILSAFE_POINTS: ClassVar[list[tuple[int, int]]] = [(140, 120), (1279, 799)]

    gui = CornerAtSave()
    ex = _executor(tmp_path, gui)
    ex.execute(Action.make("click", target="Save"), _obs())
    result = ex.execute(Action.make("key", keys="ctrl+s"), _obs())
    assert result.ok
    assert [c[:2] for c in gui.calls[1:]] == [("moveTo", (160, 140)), ("hotkey", ("ctrl", "s"))]


def test_no_authority_file_on_an_open_display_writes_a_private_dummy(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, _state_home: Path
) -> None:
    import os

    from tiny_computer_agent.desktop import _inputs

    monkeypatch.setenv("XAUTHORITY", "placeholder")  # so the test restores it
    monkeypatch.delenv("XAUTHORITY")
    monkeypatch.setattr(_inputs, "accepts_without_authority", lambda display: True)
    caplog.set_level("WARNING")
    _inputs._without_authority(":7")
    written = Path(os.environ["XAUTHORITY"])
    assert written == _state_home / "Xauthority"
    assert written.stat().st_mode & 0o777 == 0o600
    assert "dummy authority file" in caplog.text and ":7" in caplog.text


@pytest.mark.parametrize(("verdict", "said"), [(False, "refused a connection"), (None, "")])
def test_no_authority_file_on_a_guarded_display_keeps_the_clear_error(
    monkeypatch: pytest.MonkeyPatch, verdict: bool | None, said: str
) -> None:
    from tiny_computer_agent._errors import ScreenUnavailable
    from tiny_computer_agent.desktop import _inputs

    monkeypatch.setattr(_inputs, "accepts_without_authority", lambda display: verdict)
    with pytest.raises(ScreenUnavailable) as info:
        _inputs._without_authority(":7")
    assert said in str(info.value) and "Export XAUTHORITY" in str(info.value)


def test_the_authority_probe_needs_a_local_display() -> None:
    from tiny_computer_agent.desktop._xvfb import accepts_without_authority

    assert accepts_without_authority("remote.example:0") is None
    assert accepts_without_authority("") is None
    assert accepts_without_authority(":65000") is None  # nothing listens there


@pytest.mark.parametrize(
    ("verdict", "status", "said"),
    [(True, "ok", "private dummy file"), (False, "fail", "refuses"), (None, "warn", "asked")],
)
def test_the_doctor_says_which_authority_real_input_will_use(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, verdict: bool | None, status: str, said: str
) -> None:
    from tiny_computer_agent.desktop import _doctor

    monkeypatch.setenv("HOME", str(tmp_path))  # no ~/.Xauthority
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(_doctor, "accepts_without_authority", lambda display: verdict)
    check = _doctor._xauthority({"DISPLAY": ":7"}, display_ok=True)
    assert check is not None and check.status == status and said in check.detail
    assert check.required == (verdict is False)
    given = _doctor._xauthority({"DISPLAY": ":7", "XAUTHORITY": "/x/auth"}, display_ok=True)
    assert given is not None and given.status == "ok" and "/x/auth" in given.detail


@pytest.mark.usefixtures("armed")
def test_a_secret_typed_for_real_stays_out_of_the_episode_and_the_trace(tmp_path: Path) -> None:
    from tiny_computer_agent import ScriptedBrain, ScriptedScreen, run_episode
    from tiny_computer_agent.records import record

    secrets = {"PW": "hunter2"}
    gui = FakeGui()
    policy = Policy(  # no window is listed: any program may take the text
        kill_switch=tmp_path / "STOP", secrets=secrets, typing_in=("*",)
    ).armed(flag=True, environ={ARM_ENV: "1"})
    executor = RealInputExecutor(policy=policy, gui=gui)
    shown = [Element(label="hunter2", box=(100, 100, 180, 140)),
             Element(label="Open", box=(300, 100, 380, 140))]  # fmt: skip
    shows = Observation.of(shown, size=(1280, 800))  # the field shows what was typed
    field = Element(label="PIN", box=(100, 200, 400, 230), kind="field")  # a secret's field
    login = Observation.of([*_obs().elements, field], size=(1280, 800))
    brain = ScriptedBrain.of([{"verb": "type", "text": "<secret>PW</secret>", "target": "PIN"}])
    episode = run_episode(
        "sign in with <secret>PW</secret>",
        screen=ScriptedScreen(frames=(login, shows)),
        brain=brain,
        executor=executor,
        policy=policy,
    )
    assert ("write", ("hunter2",), {"interval": 0.01}) in gui.calls  # typed for real
    step = episode.steps[0]
    assert step.result is not None and step.result.ok
    assert "hunter2" not in step.result.description
    trace = record(episode, brain=brain, secrets=secrets)
    saved = trace.save(tmp_path / "trace.json").read_text()
    assert "hunter2" not in saved and "<secret>PW</secret>" in saved


@pytest.mark.parametrize("own_group", [True, False])
def test_stop_process_stops_a_child_whether_or_not_it_leads_its_own_group(own_group: bool) -> None:
    # a child that leads no group has no group of its id to signal: it was left running
    from tiny_computer_agent.desktop._xvfb import stop_process

    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                            start_new_session=own_group, stdout=subprocess.PIPE)  # fmt: skip
    stop_process(proc, timeout=5)
    assert proc.returncode is not None and proc.returncode < 0, proc.returncode
    assert proc.stdout is not None and proc.stdout.closed
