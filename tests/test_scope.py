"""Scope (issue 37, item 4): ``--window TITLE|CLASS`` confines every action to those
windows (rule ``window-scope``), the dialogs their programs open join it, keys go only
while one of them has focus (asked again just before sending), and the console's start
event and ``--serve``'s /health show it. The live counterpart is
tests/test_live_scope.py."""

from __future__ import annotations

import http.client
import io
import json
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    DryRunExecutor,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    ScriptedBrain,
    ScriptedScreen,
    Window,
    run_episode,
)
from tiny_computer_agent._scope import focus_refusal, in_scope, names_window
from tiny_computer_agent.desktop import RealInputExecutor
from tiny_computer_agent.remote import serve

SIZE = (1280, 800)
EDITOR = Window(title="notes.txt - Editor", box=(0, 0, 600, 500), id=1, pid=10,
                wm_class=("editor", "Editor"))  # fmt: skip
SAVE_AS = Window(title="Save As", box=(100, 100, 400, 300), id=3, pid=10,
                 wm_class=("editor", "Editor"))  # fmt: skip
MAIL = Window(title="Inbox - Mail", box=(640, 0, 1280, 500), id=2, pid=20,
              wm_class=("mail", "Mail"))  # fmt: skip


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def screen(*windows: Window, focused: str = "") -> Observation:
    elements = [
        Element(label="Draft", box=(20, 40, 580, 400), kind="field", window=1,
                state={"focused"} if focused == "Draft" else set()),
        Element(label="Send", box=(700, 40, 780, 70), kind="button", window=2),
        Element(label="To", box=(700, 100, 1000, 130), kind="field", window=2,
                state={"focused"} if focused == "To" else set()),
        Element(label="Keep", box=(150, 250, 230, 280), kind="button", window=3),
    ]  # fmt: skip
    shown = {w.id for w in windows}
    return Observation.of([e for e in elements if e.window in shown], size=SIZE, windows=windows)


def rule_of(policy: Policy, action: Action, obs: Observation) -> str | None:
    try:
        policy.check(action, obs)
    except PolicyRefusal as exc:
        return exc.rule
    return None


def test_a_name_matches_a_class_a_title_or_a_part_of_one() -> None:
    for name in ("editor", "Editor", "notes.txt - Editor", "notes"):
        assert names_window(name, EDITOR), name
    for name in ("mail", "no", "", "  "):
        assert not names_window(name, EDITOR), name


def test_a_name_that_is_a_programs_class_does_not_match_another_windows_title() -> None:
    # a web page sets its own title: "--window editor" is the editor, not this page
    page = Window(title="editor tips - Mozilla Firefox", box=(640, 0, 1280, 500), id=5,
                  pid=30, wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip
    assert not in_scope(["editor"], page, (EDITOR, page))
    assert in_scope(["editor"], EDITOR, (EDITOR, page))
    policy = armed(scope=("editor",))
    obs = Observation.of([Element(label="Buy", box=(700, 40, 780, 70), kind="button",
                                  window=5)], size=SIZE, windows=[page, EDITOR])  # fmt: skip
    assert rule_of(policy, Action.make("click", target="Buy"), obs) == "window-scope"
    # with no window of that class on the frame, a part of a title still names one
    assert in_scope(["tips"], page, (page,))


def test_a_dialog_of_the_same_program_joins_and_another_program_does_not() -> None:
    titled = ["notes.txt"]  # names the editor by its title only
    assert in_scope(titled, SAVE_AS, (SAVE_AS, EDITOR, MAIL))  # same process
    by_class = Window(title="Find", box=(0, 0, 9, 9), id=4, wm_class=("editor", "Editor"))
    assert in_scope(titled, by_class, (by_class, EDITOR))  # same WM_CLASS, no pid read
    assert not in_scope(titled, MAIL, (EDITOR, MAIL))
    assert not in_scope(titled, SAVE_AS, (SAVE_AS, MAIL))  # its program's window is gone


@pytest.mark.parametrize("policy", [Policy(scope=("editor",)), armed(scope=("editor",))],
                         ids=["dry-run", "armed"])  # fmt: skip
def test_pointer_and_keys_outside_the_scope_are_refused(policy: Policy) -> None:
    both = screen(EDITOR, MAIL)
    assert rule_of(policy, Action.make("click", target="Send"), both) == "window-scope"
    drag = Action.make("drag", target="Draft", to="Send")
    assert rule_of(policy, drag, both) == "window-scope"
    scroll = Action.make("scroll", direction="down", target="To")
    assert rule_of(policy, scroll, both) == "window-scope"
    assert rule_of(policy, Action.make("type", text="hi", target="To"), both) == "window-scope"
    mail_front = screen(MAIL, EDITOR)
    assert rule_of(policy, Action.make("key", keys="Tab"), mail_front) == "window-scope"
    assert rule_of(policy, Action.make("focus", window="Inbox - Mail"), both) == "window-scope"
    with pytest.raises(PolicyRefusal) as info:
        policy.check(Action.make("click", target="Send"), both)
    message = str(info.value)
    assert "'Inbox - Mail'" in message and "--window 'editor'" in message


def test_inside_the_scope_and_its_dialog_everything_passes() -> None:
    policy = armed(scope=("editor",))
    both = screen(EDITOR, MAIL, focused="Draft")
    for action in (Action.make("type", text="hello", target="Draft"),
                   Action.make("scroll", direction="down", target="Draft"),
                   Action.make("key", keys="Tab")):  # fmt: skip
        assert rule_of(policy, action, both) is None, action
    # the mail window is in front, but the focused field is the editor's
    assert rule_of(policy, Action.make("key", keys="Tab"), screen(MAIL, EDITOR, focused="Draft")) \
        is None  # fmt: skip
    with_dialog = screen(SAVE_AS, EDITOR, MAIL)
    assert rule_of(policy, Action.make("click", target="Keep"), with_dialog) is None
    assert rule_of(Policy(), Action.make("click", target="Send"), screen(EDITOR, MAIL)) is None


def test_keys_are_checked_again_against_the_servers_focus_just_before_sending() -> None:
    key = Action.make("key", keys="Tab")
    windows = (EDITOR, MAIL)
    assert focus_refusal(("editor",), key, EDITOR.id, windows) is None
    refused = focus_refusal(("editor",), key, MAIL.id, windows)
    assert refused is not None and refused.rule == "window-scope"
    assert "just before sending" in str(refused)
    unknown = focus_refusal(("editor",), key, 0, windows)
    assert unknown is not None and unknown.rule == "window-scope"
    assert focus_refusal((), key, MAIL.id, windows) is None
    assert focus_refusal(("editor",), Action.make("click", target="x"), MAIL.id, windows) is None


class Gui:
    """pyautogui's surface the executor uses, recording what reaches it."""

    class FailSafeException(Exception):
        pass

    FAILSAFE_POINTS: ClassVar[list[tuple[int, int]]] = [(0, 0)]
    KEYBOARD_KEYS: ClassVar[list[str]] = ["tab"]

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.FAILSAFE = True

    def position(self) -> tuple[int, int]:
        return (640, 400)

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **k: self.calls.append(name)


def test_the_executor_sends_no_key_when_it_cannot_see_a_scoped_window_focused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(ARM_ENV, "1")
    policy = armed(scope=("editor",), kill_switch=tmp_path / "STOP")
    gui = Gui()
    executor = RealInputExecutor(policy=policy, gui=gui)  # no screen: focus unknown
    with pytest.raises(PolicyRefusal) as info:
        executor.execute(Action.make("key", keys="Tab"), screen(EDITOR, focused="Draft"))
    assert info.value.rule == "window-scope" and "hotkey" not in gui.calls
    unscoped = RealInputExecutor(policy=armed(kill_switch=tmp_path / "STOP"), gui=gui)
    assert unscoped.execute(Action.make("key", keys="Tab"), screen(EDITOR)).ok
    assert "hotkey" in gui.calls


def test_the_start_event_carries_the_scope_and_the_episode_is_refused_by_it() -> None:
    seen: list[Any] = []
    ep = run_episode(
        "click 'Send'",
        screen=ScriptedScreen(frames=(screen(EDITOR, MAIL),)),
        brain=ScriptedBrain.of([Action.make("click", target="Send")]),
        policy=Policy(scope=("editor",)),
        listeners=[seen.append],
    )
    assert seen[0].kind == "start" and seen[0].settings["scope"] == ["editor"]
    assert ep.outcome == "refused" and ep.reason.startswith("window-scope"), ep.render()


def test_serve_pins_the_scope_shows_it_and_refuses_a_click_outside_it() -> None:
    token = "scope-test-token-0123456789abcdef"
    executor = DryRunExecutor()
    server = serve(screen=ScriptedScreen(frames=(screen(EDITOR, MAIL),)),
                   policy=Policy(scope=("editor",)), executor=executor, token=token,
                   log=io.StringIO()).start()  # fmt: skip
    host, port = server.url.removeprefix("http://").rsplit(":", 1)

    def ask(method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        data = None if body is None else json.dumps(body).encode()
        try:
            conn.request(
                method,
                path,
                body=data,
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            )
            reply = conn.getresponse()
            return reply.status, json.loads(reply.read() or b"null")
        finally:
            conn.close()

    try:
        assert ask("GET", "/health")[1]["scope"] == ["editor"]
        assert ask("GET", "/observe")[0] == 200
        status, body = ask("POST", "/action", {"actions": [{"verb": "click", "target": "Send"}]})
        assert status == 403 and body["rule"] == "window-scope", body
        widen = {"actions": [{"verb": "click", "target": "Send"}], "scope": []}
        assert ask("POST", "/action", widen)[0] == 400  # a client cannot loosen it
        status, _ = ask("POST", "/action", {"actions": [{"verb": "click", "target": "Draft"}]})
        assert status == 200 and len(executor.log) == 1
    finally:
        server.close()


def test_the_cli_reads_window_into_the_policy_and_refuses_a_blank_one() -> None:
    from tiny_computer_agent.cli._base import UsageError
    from tiny_computer_agent.cli._desktop import make_policy, window_scope
    from tiny_computer_agent.cli._parser import build_parser

    args = build_parser().parse_args(["--window", "gedit", "--window", "Save As", "x"])
    assert make_policy(args, io.StringIO()).scope == ("gedit", "Save As")
    blank = build_parser().parse_args(["--window", "  ", "x"])
    with pytest.raises(UsageError, match="--window '  ' names no window"):
        window_scope(blank)
