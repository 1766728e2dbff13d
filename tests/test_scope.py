"""Scope (issue 37, item 4): ``--window TITLE|CLASS`` confines every action to those
windows (rule ``window-scope``), the dialogs their programs open join it, keys go only
while one of them has focus (asked again just before sending), and the console's start
event and ``--serve``'s /health show it. The live counterpart is
tests/test_live_scope.py."""

from __future__ import annotations

import dataclasses
import http.client
import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import RecordingGui
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
from tiny_computer_agent.perception import window_at
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


def test_a_name_matches_a_class_a_whole_title_or_a_pattern_over_it() -> None:
    for name in ("editor", "Editor", "notes.txt - Editor", "NOTES.TXT  -  editor", "*notes*",
                 "notes.txt - *", "*- editor"):  # fmt: skip
        assert names_window(name, EDITOR), name
    for name in ("notes", "notes.txt", "mail", "no", "*mail*", "*", "", "  "):
        assert not names_window(name, EDITOR), name


def test_a_title_is_compared_with_its_punctuation() -> None:
    # case and white space fold; punctuation counts: a look-alike title is another window
    for title in ("notes.txt ~ Editor", "notes_txt_editor", "notes.txt (Editor)",
                  "notes.txt — Editor", "notes txt editor"):  # fmt: skip
        other = Window(title=title, box=(0, 0, 600, 500), id=2, pid=11, wm_class=("x", "X"))
        assert not names_window("notes.txt - Editor", other), title
        assert not in_scope(["notes.txt - editor"], other, (other,)), title
    assert not names_window("*notes.txt - *", Window(title="notes.txt ~ Editor", box=(0, 0, 9, 9)))


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
    # with no window of that class on the frame, a name is still no part of a title
    assert not in_scope(["editor"], page, (page,))
    assert not in_scope(["tips"], page, (page,))
    assert in_scope(["*tips*"], page, (page,))  # a part of a title, written as a pattern


def test_a_dialog_of_the_same_program_joins_and_another_program_does_not() -> None:
    titled = ["notes.txt - Editor"]  # names the editor by its title only
    dialog = dataclasses.replace(SAVE_AS, transient_for=EDITOR.id)
    assert in_scope(titled, dialog, (dialog, EDITOR, MAIL))  # same process
    by_class = Window(title="Find", box=(0, 0, 9, 9), id=4, wm_class=("editor", "Editor"),
                      transient_for=EDITOR.id)  # fmt: skip
    # the same WM_CLASS with no pid the X server vouches for: a class proves nothing
    assert not in_scope(titled, by_class, (by_class, EDITOR))
    assert not in_scope(titled, MAIL, (EDITOR, MAIL))
    assert not in_scope(titled, dialog, (dialog, MAIL))  # its program's window is gone
    # the same process without WM_TRANSIENT_FOR is another window, not a dialog of this one
    assert not in_scope(titled, SAVE_AS, (SAVE_AS, EDITOR, MAIL))
    assert in_scope(["editor"], SAVE_AS, (SAVE_AS, EDITOR, MAIL))  # named by its class


def test_a_helper_dialog_joins_only_when_named_and_a_portal_only_when_its_process_is() -> None:
    # zenity claiming to be the editor's dialog: X does not say who started it
    ask = Window(title="Confirm payment", box=(0, 0, 9, 9), id=6, pid=77, process="zenity",
                 wm_class=("zenity", "Zenity"), transient_for=EDITOR.id)  # fmt: skip
    assert not in_scope(["editor"], ask, (ask, EDITOR))
    assert in_scope(["editor", "zenity"], ask, (ask, EDITOR))  # the person names it
    chooser = Window(title="Select file", box=(0, 0, 9, 9), id=7, pid=78,
                     wm_class=("xdg-desktop-portal-gtk", "Xdg-desktop-portal-gtk"),
                     process="xdg-desktop-por", transient_for=EDITOR.id)  # fmt: skip
    assert in_scope(["editor"], chooser, (chooser, EDITOR))
    fake = dataclasses.replace(chooser, process="python3")  # only the portal's class
    assert not in_scope(["editor"], fake, (fake, EDITOR))


def test_a_window_taking_a_programs_class_from_another_process_is_out() -> None:
    real = dataclasses.replace(EDITOR, process="editor")
    impostor = Window(title="Wallet", box=(0, 0, 9, 9), id=8, pid=99,
                      wm_class=("editor", "Editor"), process="walletd")  # fmt: skip
    assert in_scope(["editor"], real, (impostor, real))
    assert not in_scope(["editor"], impostor, (impostor, real))
    assert in_scope(["walletd"], impostor, (impostor, real))
    # no process name tells them apart, but two pids set the class: it names neither
    nameless = dataclasses.replace(impostor, process="")
    assert not in_scope(["editor"], nameless, (nameless, EDITOR))
    assert not in_scope(["editor"], EDITOR, (nameless, EDITOR))
    assert in_scope(["editor"], EDITOR, (EDITOR, SAVE_AS))  # one program's two windows
    # a window the X server cannot vouch for beside the program's own: neither either
    remote = dataclasses.replace(nameless, pid=None)
    assert not in_scope(["editor"], remote, (remote, EDITOR))


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
    # the editor is off the table of text programs: --window confines, typing needs its flag
    assert rule_of(armed(scope=("editor",)), Action.make("type", text="hello", target="Draft"),
                   screen(EDITOR, MAIL, focused="Draft")) == "typing-program"  # fmt: skip
    policy = armed(scope=("editor",), typing_in=("editor",))
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


#: A panel along the editor's lower edge (tint2, plank): the window manager lists it with
#: the type DOCK, after the programs' windows, and it stands above them.
PANEL = Window(title="tint2", box=(0, 440, 1280, 500), id=9, pid=30,
               wm_class=("tint2", "Tint2"), layer="dock")  # fmt: skip
DESKTOP = Window(title="pcmanfm", box=(0, 0, *SIZE), id=8, pid=31,
                 wm_class=("pcmanfm", "Pcmanfm"), layer="desktop")  # fmt: skip


def test_a_click_where_a_panel_covers_the_scoped_window_is_judged_by_the_panel() -> None:
    policy = armed(scope=("editor",))
    # OCR reads a launcher's name on the panel; the editor's box holds that pixel too
    launcher = Element(label="Files", box=(300, 455, 380, 485))
    obs = Observation.of([launcher], size=SIZE, windows=[EDITOR, MAIL, PANEL, DESKTOP])
    assert window_at(obs.windows, 340, 470) == PANEL  # the panel is on top there
    assert rule_of(policy, Action.make("click", target="Files"), obs) == "window-scope"
    # inside the editor, above the panel: in scope; the first window is still the editor
    inside = Element(label="Draft", box=(20, 40, 580, 400), kind="field", window=1)
    obs = Observation.of([inside], size=SIZE, windows=[EDITOR, MAIL, PANEL, DESKTOP])
    assert rule_of(policy, Action.make("click", target="Draft"), obs) is None
    # an icon on the desktop, where no program's window is: the desktop's, out of scope
    icon = Element(label="Home", box=(1100, 600, 1160, 640))
    obs = Observation.of([icon], size=SIZE, windows=[EDITOR, MAIL, PANEL, DESKTOP])
    assert window_at(obs.windows, 1130, 620) == DESKTOP
    assert rule_of(policy, Action.make("click", target="Home"), obs) == "window-scope"


def test_a_panel_over_a_field_makes_the_click_land_on_the_panel_without_a_scope() -> None:
    # the tree lists the editor's field under the panel; a click there reaches the panel
    field = Element(label="Draft", box=(20, 450, 580, 490), kind="field", window=1)
    obs = Observation.of([field], size=SIZE, windows=[EDITOR, PANEL])
    assert rule_of(armed(), Action.make("click", target="Draft"), obs) == "field-covered"
    # the layer survives a trace
    assert Window.from_dict(PANEL.to_dict()) == PANEL


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


def test_the_executor_sends_no_key_when_it_cannot_see_a_scoped_window_focused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(ARM_ENV, "1")
    policy = armed(scope=("editor",), kill_switch=tmp_path / "STOP")
    gui = RecordingGui()
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


def test_a_whole_title_two_windows_show_names_neither() -> None:
    # two copies of one document from two folders: the title does not tell which was meant
    twin = dataclasses.replace(EDITOR, id=4, box=(640, 0, 1280, 500))
    keep = Element(label="Revert", box=(700, 40, 780, 70), kind="button", window=4)
    obs = Observation.of([keep], size=SIZE, windows=[twin, EDITOR])
    policy = armed(scope=("notes.txt - Editor",))
    with pytest.raises(PolicyRefusal) as info:
        policy.check(Action.make("click", target="Revert"), obs)
    assert info.value.rule == "window-scope" and "more than one window" in str(info.value)
    # alone on screen, the title names it; the class names both
    mine = dataclasses.replace(keep, window=1, box=(100, 40, 180, 70))
    alone = Observation.of([mine], size=SIZE, windows=[EDITOR])
    assert rule_of(policy, Action.make("click", target="Revert"), alone) is None
    assert rule_of(armed(scope=("editor",)), Action.make("click", target="Revert"), obs) is None


def test_a_window_of_the_named_class_with_no_process_is_out_while_the_program_shows() -> None:
    # gedit on a server through ssh -X: its class is gedit's, its process is not known here
    local = dataclasses.replace(EDITOR, process="editor")
    remote = Window(title="nginx.conf - Editor", box=(640, 0, 1280, 500), id=4,
                    wm_class=("editor", "Editor"))  # fmt: skip
    save = Element(label="Save", box=(700, 40, 780, 70), kind="button", window=4)
    obs = Observation.of([save], size=SIZE, windows=[remote, local])
    assert rule_of(armed(scope=("editor",)), Action.make("click", target="Save"), obs) \
        == "window-scope"  # fmt: skip


def test_a_dialog_about_another_document_of_the_same_process_is_out_of_a_title_scope() -> None:
    # one process runs every document: a background spreadsheet asks over the editor
    asks = Window(title="Spreadsheet", box=(100, 100, 500, 300), id=3, pid=10,
                  wm_class=("editor", "Editor"), transient_for=1)  # fmt: skip
    said = Element(label="budget.ods refers to a web page. Refresh the figures from it?",
                   box=(110, 130, 490, 150), kind="text", window=3)  # fmt: skip
    yes = Element(label="Refresh", box=(300, 250, 380, 280), kind="button", window=3)
    obs = Observation.of([said, yes], size=SIZE, windows=[asks, EDITOR])
    click = Action.make("click", target="Refresh")
    assert rule_of(armed(scope=("notes.txt - Editor",)), click, obs) == "window-scope"
    assert rule_of(armed(scope=("*notes.txt*",)), click, obs) == "window-scope"
    # the program named by its class: every document is in scope
    assert rule_of(armed(scope=("editor",)), click, obs) is None
    # a question about the scoped document, or about a name the episode typed, is its own
    mine = dataclasses.replace(said, label="notes.txt was changed on disk. Reload it?")
    own = Observation.of([mine, yes], size=SIZE, windows=[asks, EDITOR])
    assert rule_of(armed(scope=("notes.txt - Editor",)), click, own) is None
    exists = dataclasses.replace(said, label="A file named draft-2.txt already exists. Replace?")
    asked = Observation.of([exists, yes], size=SIZE, windows=[asks, EDITOR])
    typed = [Action.make("type", text="/home/ada/draft-2.txt")]
    policy = armed(scope=("notes.txt - Editor",))
    policy.check(click, asked, history=typed)
    assert rule_of(policy, click, asked) == "window-scope"


def test_a_class_two_programs_set_names_neither_and_the_refusal_says_why() -> None:
    # a script's window takes the class of a program that runs under an interpreter (its
    # process is python3 too, so no process name tells them apart): only the pids do
    meld = Window(title="Untitled - Meld", box=(0, 0, 600, 500), id=1, pid=10,
                  wm_class=("meld", "Meld"), process="python3")  # fmt: skip
    other = dataclasses.replace(meld, title="Apply patch", id=2, pid=11)
    apply = Element(label="Apply", box=(700, 40, 780, 70), kind="button", window=2)
    obs = Observation.of([apply], size=SIZE, windows=[other, meld])
    with pytest.raises(PolicyRefusal) as refused:
        armed(scope=("meld",)).check(Action.make("click", target="Apply"), obs)
    assert refused.value.rule == "window-scope"
    assert "class of windows of more than one program (process ids 10, 11" in str(refused.value)
    assert not in_scope(["meld"], meld, (other, meld))
    assert in_scope(["Untitled - Meld"], meld, (other, meld))  # its whole title names it
    assert in_scope(["meld"], meld, (meld,))  # alone, the class names it


def test_a_process_name_two_processes_go_by_names_neither() -> None:
    """A fresh attacker pass (stop 62): a window whose process calls itself gedit (any
    program may: prctl, argv[0]), pid 4000, beside the real gedit, pid 1000, was in
    ``--window gedit`` though it is not gedit's dialog."""
    gedit = Window(title="notes.txt - gedit", box=(0, 0, 600, 500), id=1, pid=1000,
                   wm_class=("gedit", "Gedit"), process="gedit")  # fmt: skip
    box = dataclasses.replace(gedit, title="Sync", id=2, pid=4000)
    allow = Element(label="Allow", box=(700, 40, 780, 70), kind="button", window=2)
    obs = Observation.of([allow], size=SIZE, windows=[box, gedit])
    with pytest.raises(PolicyRefusal) as refused:
        armed(scope=("gedit",)).check(Action.make("click", target="Allow"), obs)
    assert refused.value.rule == "window-scope"
    assert "process name of windows of more than one process (process ids 1000, 4000" in str(
        refused.value
    )
    assert not in_scope(["gedit"], gedit, (box, gedit))
    assert in_scope(["notes.txt - gedit"], gedit, (box, gedit))  # its whole title names it
    dialog = dataclasses.replace(box, pid=1000, transient_for=1)  # gedit's own dialog
    assert in_scope(["gedit"], dialog, (dialog, gedit))


def test_a_portals_dialog_joins_by_the_trees_word_where_the_tree_read_it() -> None:
    """The tree's word decides where it read the portal's window: a file chooser joins
    (its role), a screen share that lists windows does not; with pixels alone a list or a
    name field decides, as before."""
    from tiny_computer_agent._scope import _FILE_CHOOSER
    from tiny_computer_agent.desktop._a11y import FILE_CHOOSER

    assert _FILE_CHOOSER == FILE_CHOOSER
    dialog = Window(title="Share", box=(100, 100, 500, 400), id=7, pid=78,
                    wm_class=("xdg-desktop-portal-gtk", "Xdg-desktop-portal-gtk"),
                    process="xdg-desktop-por", transient_for=EDITOR.id)  # fmt: skip
    click = Action.make("click", target="Share")

    def shown(window: Window, source: str) -> Observation:
        els = [Element(label="Entire Screen", box=(120, 150, 480, 180), kind="item",
                       window=7, source=source),
               Element(label="Share", box=(400, 350, 480, 380), kind="button", window=7,
                       source=source)]  # fmt: skip
        return Observation.of(els, size=SIZE, windows=[window, EDITOR])

    policy = armed(scope=("editor",))
    assert rule_of(policy, click, shown(dialog, "a11y")) == "window-scope"  # the tree: no chooser
    assert rule_of(policy, click, shown(dialog, "ocr")) != "window-scope"  # pixels: its list
    chooser = dataclasses.replace(dialog, role=FILE_CHOOSER)
    assert rule_of(policy, click, shown(chooser, "a11y")) != "window-scope"
