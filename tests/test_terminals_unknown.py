"""Terminals, shells and launchers the first tables did not know (issue 37, third pass):
by class and process (PuTTY, xst, a remote session, a modal editor), by a title that only
a terminal shows when the program is otherwise unknown (``~``, ``kitty``, ``htop``), by a
role however it is spelt, by a shell's prompt in the label aimed at, and an
override-redirect launcher (dmenu, rofi) that takes the keyboard while it is shown; and a
dialog that joins ``--window``'s scope by ``WM_TRANSIENT_FOR``."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    Window,
)
from tiny_computer_agent._policy import prompt_reason, terminal_reason
from tiny_computer_agent._scope import in_scope

SIZE = (1280, 800)


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def win(title: str, *wm_class: str, process: str = "", wid: int = 7, **more: Any) -> Window:
    return Window(title=title, box=(0, 0, *SIZE), id=wid, wm_class=wm_class, process=process,
                  **more)  # fmt: skip


@pytest.mark.parametrize(
    "window",
    [
        win("host - PuTTY", "putty", "Putty"), win("xst", "xst"), win("", "evilvte"),
        win("", process="konsole.bin"), win("", process="dmenu_run"), win("", process="sudo"),
        win("", process="busybox"), win("notes.txt (~) - GVIM", "gvim", "Gvim"),
        win("host - Remmina", "org.remmina.Remmina"), win("", "lxqt-panel"),
        win("", "cairo-dock"), win("nwg-drawer", "nwg-drawer"), win("Budgie Run Dialog"),
        win("Whisker Menu", "wrapper-2.0"), win("*shell* - GNU Emacs", "emacs", "Emacs"),
        win("~"), win("/home/ada"), win("~/src"), win("kitty"), win("Tilix: Default"),
        win("Guake!"), win("htop"), win("vim notes.txt"), win("IPython: ~"),
        win("Выполнить"), win("Ausführen"),  # Run, titled in Cyrillic and in German
        *(win("main.py - Code", "code", role=r) for r in ("Terminal", "ROLE_TERMINAL",
                                                           "terminal emulator", "console")),
    ],
)  # fmt: skip
def test_a_terminal_the_first_tables_missed_is_known(window: Window) -> None:
    assert terminal_reason(window) is not None


@pytest.mark.parametrize(
    "window",
    [
        win("Vim tips - Mozilla Firefox", "Navigator", "firefox"),
        win("htop - Wikipedia", "Navigator", "firefox"),
        win("~/notes.txt - gedit", "gedit", "Gedit"),
        win("Kitty cat pictures"), win("Top stories"), win("Python tutorial"),
        win("notes.txt - GNU Emacs", "emacs", "Emacs"), win("Stack Overflow", "chromium"),
        win("Panel settings", "xfce4-settings-manager"),
    ],
)  # fmt: skip
def test_a_known_program_titled_like_a_terminal_is_not_one(window: Window) -> None:
    assert terminal_reason(window) is None


@pytest.mark.parametrize(
    "label", ["user@host:~$", "root@srv:/etc#", "ada@box ~ %", "$", "~/src $", "PS C:\\Users>"]
)
def test_a_prompt_is_a_shell_wherever_it_is(label: str) -> None:
    prompt = Element(label=label, box=(600, 600, 800, 620), kind="text")
    assert prompt_reason(prompt) is not None
    obs = Observation.of([prompt], size=SIZE, windows=[win("notes - gedit", "gedit")])
    with pytest.raises(PolicyRefusal) as refused:
        armed().check(Action.make("type", text="ls", target=label), obs)
    assert refused.value.rule == "terminal-window"
    armed().check(Action.make("click", target=label), obs)  # looking at a tutorial's text


@pytest.mark.parametrize("label", ["Price: $5", "Email ada@example.com", "Total $", "C: drive"])
def test_text_that_is_not_a_prompt_is_not_one(label: str) -> None:
    assert prompt_reason(Element(label=label, box=(0, 0, 10, 10))) is None


DMENU = Window(title="", box=(0, 0, SIZE[0], 20), id=90, wm_class=("dmenu", "dmenu"),
               override=True)  # fmt: skip
EDITOR = win("notes.txt - gedit", "gedit", "Gedit", process="gedit", wid=3)
NAME = Element(label="Name", box=(100, 100, 400, 130), kind="field", window=3,
               state=frozenset({"focused"}))  # fmt: skip


@pytest.mark.parametrize(
    "action",
    [
        Action.make("type", text="kitty"), Action.make("type", text="x", target="Name"),
        Action.make("key", keys="Return"), Action.make("key", keys="BackSpace"),
        Action.make("click", target="Name", button="middle"),
    ],
)  # fmt: skip
def test_keys_go_to_an_override_redirect_launcher_on_top(action: Action) -> None:
    obs = Observation.of([NAME], size=SIZE, windows=[DMENU, EDITOR])
    with pytest.raises(PolicyRefusal) as refused:
        armed().check(action, obs)
    assert refused.value.rule == "terminal-window" and "takes the keyboard" in str(refused.value)


def test_escape_closes_it_and_a_menu_on_top_takes_nothing() -> None:
    obs = Observation.of([NAME], size=SIZE, windows=[DMENU, EDITOR])
    armed().check(Action.make("key", keys="Escape"), obs)
    menu = dataclasses.replace(DMENU, wm_class=("gedit", "Gedit"), box=(100, 130, 300, 300))
    menu_obs = Observation.of([NAME], size=SIZE, windows=[menu, EDITOR])
    armed().check(Action.make("type", text="hello", target="Name"), menu_obs)
    assert Window.from_dict(DMENU.to_dict()) == DMENU


GEDIT = win("notes.txt - gedit", "gedit", "Gedit", process="gedit", wid=21, pid=100)
XTERM = win("xterm", "xterm", "XTerm", process="xterm", wid=22, pid=200)


def _dialog(wid: int, owner: int) -> Window:
    # the portal's: its class and its process (cut to 15 letters by the kernel) say so
    return Window(title="Save As", box=(300, 200, 900, 600), id=wid, pid=300 + wid,
                  wm_class=("xdg-desktop-portal-gtk",), process="xdg-desktop-por",
                  transient_for=owner)  # fmt: skip


def test_a_dialog_joins_the_scope_of_the_window_it_is_for() -> None:
    portal, nested = _dialog(50, 21), _dialog(51, 50)
    windows = [nested, portal, GEDIT, XTERM]
    assert in_scope(["gedit"], portal, windows)
    assert in_scope(["gedit"], nested, windows)  # a dialog of the dialog
    for stray in (_dialog(52, 22), _dialog(53, 53), _dialog(54, 4242)):
        assert not in_scope(["gedit"], stray, [stray, *windows])
    loop = [_dialog(55, 56), _dialog(56, 55)]
    assert not in_scope(["gedit"], loop[0], [*loop, *windows])
    assert Window.from_dict(portal.to_dict()) == portal


def test_a_click_in_the_dialog_passes_the_scope_and_one_in_a_stray_window_does_not() -> None:
    portal = _dialog(50, 21)
    save = Element(label="Save", box=(700, 540, 800, 570), kind="button", window=50)
    name = Element(label="Name", box=(320, 220, 880, 250), kind="field", window=50)
    obs = Observation.of([name, save], size=SIZE, windows=[portal, GEDIT, XTERM])
    armed(scope=("gedit",)).check(Action.make("click", target="Save"), obs)
    # the portal asking a permission for some program (no files, no name field) is out
    share = dataclasses.replace(save, label="Share")
    asks = dataclasses.replace(portal, title="Screen Share")
    obs = Observation.of([share], size=SIZE, windows=[asks, GEDIT, XTERM])
    with pytest.raises(PolicyRefusal) as refused:
        armed(scope=("gedit",)).check(Action.make("click", target="Share"), obs)
    assert refused.value.rule == "window-scope" and "file chooser" in str(refused.value)
    obs = Observation.of([name, save], size=SIZE, windows=[portal, GEDIT, XTERM])
    stray = dataclasses.replace(portal, transient_for=22)
    obs = Observation.of([save], size=SIZE, windows=[stray, GEDIT, XTERM])
    with pytest.raises(PolicyRefusal) as refused:
        armed(scope=("gedit",)).check(Action.make("click", target="Save"), obs)
    assert refused.value.rule == "window-scope"


def test_blind_keys_with_no_window_list_and_a_prompt_on_screen_are_refused() -> None:
    prompt = Element(label="user@host:~$ rm -r ~", box=(10, 700, 300, 720))
    obs = Observation.of([prompt], size=SIZE)
    for action in (Action.make("key", keys="Return"), Action.make("key", keys="BackSpace")):
        with pytest.raises(PolicyRefusal) as refused:
            armed().check(action, obs)
        assert refused.value.rule == "terminal-window" and "no window is listed" in str(
            refused.value
        )
    armed().check(Action.make("key", keys="Left"), obs)  # moves the caret, types nothing
    plain = Observation.of([Element(label="Meeting notes", box=(10, 10, 200, 30))], size=SIZE)
    with pytest.raises(PolicyRefusal) as refused:  # no window: the program is unknown
        armed().check(Action.make("key", keys="Return"), plain)
    assert refused.value.rule == "typing-program"
    armed(typing_in=("*",)).check(Action.make("key", keys="Return"), plain)


@pytest.mark.parametrize("mode", ["run:", "drun:", "ssh:", "window:"])
def test_a_launchers_mode_prompt_is_one(mode: str) -> None:
    assert prompt_reason(Element(label=mode, box=(0, 0, 10, 10), kind="field")) is not None
