"""A menu entry that opens a terminal, named in any language or by an installed
terminal's brand (issue 37): tiny_computer_agent/_terminal_names.py."""

from __future__ import annotations

import gettext
import json
from importlib import resources
from pathlib import Path

import pytest

from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._terminal_names import installed_terminal_names, names_terminal

SIZE = (1280, 800)
NAUTILUS = Window(title="Downloads", box=(0, 0, *SIZE), id=9, wm_class=("org.gnome.Nautilus",),
                  process="nautilus")  # fmt: skip
FIREFOX = Window(title="Sign in - Mozilla Firefox", box=(0, 0, *SIZE), id=8,
                 wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip


def _shipped() -> dict[str, list[str]]:
    path = resources.files("tiny_computer_agent").joinpath("data/terminal_names.json")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "label",
    [
        "ЭМУЛЯТОР ТЕРМИНАЛА",  # a shipped label, in capitals
        "Открыть терминал в этой папке",  # a shipped word inside another phrase
        "在这里打开终端",  # Chinese: the word anywhere, no spaces between words
        "端末をここで開く",
        "Konsola",
        "Open in Terrninal",  # OCR's rn for m
    ],
)
def test_an_entry_named_in_another_language_names_a_terminal(label: str) -> None:
    assert names_terminal(label, ()) is not None


@pytest.mark.parametrize(
    "label",
    [
        "Päätepiste",  # Finnish "endpoint" starts with pääte, a terminal's name
        "कन्सोलिडेसन",  # Nepali "consolidation" holds कन्सोल (console) once marks drop
        "Termină",  # Romanian "finish", and 'termina' is 'it ends' (Terminå is left out)
        "終端のバックスラッシュ",  # Japanese "trailing backslash" (終端 is left out)
        "Save changes",
        "Determinal",
        "Open in Kitty",  # kitty is not installed in this scene
    ],
)
def test_words_that_only_look_like_a_terminal_name_none(label: str) -> None:
    assert names_terminal(label, ()) is None


def test_an_installed_terminal_is_named_by_its_brand_as_a_word() -> None:
    installed = ("kitty", "WezTerm", "st")
    assert names_terminal("Open in Kitty", installed) == "kitty"
    assert names_terminal("Open WezTerm here", installed) == "WezTerm"
    assert names_terminal("Kittycat photos", installed) is None  # a word of its own only
    assert names_terminal("1st place", installed) is None  # fewer than 4 letters: no word
    assert names_terminal("st", installed) == "st"  # but the whole label still is


def test_the_data_file_says_where_it_came_from_and_reads_back() -> None:
    data = _shipped()
    assert "terminal_names.py" in data["about"]
    assert {"gnome-terminal", "xfce4-terminal", "konsole"} <= set(data["sources"])
    assert len(data["labels"]) > 500 and len(data["words"]) > 50
    missed = [label for label in data["labels"] if names_terminal(label, ()) is None]
    assert missed == []


def test_english_labels_of_this_machines_programs_raise_no_false_alarm() -> None:
    """Every English string the installed programs' catalogs hold (their labels,
    titles and messages) that does not speak of a terminal, a console or a shell."""
    checked, alarms = 0, []
    for mo in sorted(Path("/usr/share/locale").glob("*/LC_MESSAGES/*.mo"))[:400]:
        with mo.open("rb") as fp:
            catalog = gettext.GNUTranslations(fp)._catalog  # type: ignore[attr-defined]
        for key in catalog:
            msgid = key[0] if isinstance(key, tuple) else key
            if not isinstance(msgid, str) or len(msgid) > 40:
                continue
            low = msgid.lower()
            if any(w in low for w in ("termin", "console", "konsol", "shell", "tty")):
                continue
            checked += 1
            if names_terminal(msgid, ()) is not None:
                alarms.append(msgid)
    if not checked:
        pytest.skip("no gettext catalogs under /usr/share/locale on this machine")
    assert alarms == []


def _desktop(folder: Path, name: str, body: str) -> None:
    apps = folder / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    (apps / name).write_text(body, encoding="utf-8")


def test_installed_terminals_are_read_from_the_xdg_menus(tmp_path: Path) -> None:
    data = tmp_path / "share"
    kitty = (
        "[Desktop Entry]\nName=kitty\nName[ru]=Китти\nGenericName=Terminal emulator\n"
        "Exec=kitty\nCategories=System;TerminalEmulator;\n"
    )
    _desktop(data, "kitty.desktop", kitty)
    # no category, but it starts a terminal emulator
    _desktop(data, "wez.desktop", "[Desktop Entry]\nName=WezTerm\nExec=/opt/bin/wezterm start\n")
    _desktop(data, "gedit.desktop", "[Desktop Entry]\nName=Text Editor\nExec=gedit %U\n")
    _desktop(data, "broken.desktop", "this is [not an entry\n\x00")
    (data / "applications" / "sub").mkdir()
    _desktop(data / "applications" / "sub", "foot.desktop",
             "[Desktop Entry]\nName=Foot\nExec=foot\nCategories=TerminalEmulator;\n")  # fmt: skip
    environ = {"XDG_DATA_HOME": str(tmp_path / "home"), "XDG_DATA_DIRS": str(data)}
    names = installed_terminal_names(environ)
    assert {"kitty", "Китти", "Terminal emulator", "WezTerm", "Foot"} <= set(names)
    assert "Text Editor" not in names


def _menu(entry: str, under: Window = NAUTILUS) -> Observation:
    item = Element(label=entry, box=(610, 310, 810, 336), kind="menuitem", window=under.id)
    return Observation.of([item], size=SIZE, windows=[under])


def _check(policy: Policy, entry: str, under: Window = NAUTILUS) -> None:
    policy.check(Action.make("click", target=entry), _menu(entry, under))


def test_the_policy_refuses_a_click_on_an_entry_that_opens_a_terminal() -> None:
    policy = Policy(installed_terminals=("kitty",))
    with pytest.raises(PolicyRefusal) as refused:
        _check(policy, "Open in Kitty")
    assert refused.value.rule == "denied-widget"
    assert "--allow-widget 'Open in Kitty'" in str(refused.value)
    with pytest.raises(PolicyRefusal):
        _check(policy, "在这里打开终端")
    _check(Policy(installed_terminals=()), "Open in Kitty")  # not installed: nothing opens
    allowed = Policy(installed_terminals=("kitty",), allow_widgets=("Open in Kitty",))
    _check(allowed, "Open in Kitty")


def test_a_page_that_says_terminal_in_another_language_is_no_terminal_entry() -> None:
    """A page cannot start a program; Japanese pages say 端末 for a phone."""
    _check(Policy(installed_terminals=()), "この端末を登録する", FIREFOX)
    with pytest.raises(PolicyRefusal):
        _check(Policy(installed_terminals=()), "この端末を登録する")
