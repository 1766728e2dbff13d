"""Typing by program (issue 37, design A): text, pastes, drops, editing keys and presses
by key reach a window only when its program is on the table of text programs, or the
person named it (``--allow-typing-in NAME`` or ``'*'``; ``--window`` only confines); rule
``typing-program`` refuses the rest, real input only."""

from __future__ import annotations

import argparse
import dataclasses

import pytest

from tiny_computer_agent import (
    Action,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    Window,
)
from tiny_computer_agent._policy import TERMINAL_PROGRAMS, _terminal_program
from tiny_computer_agent._text_programs import TEXT_PROGRAMS, text_program, types_text
from tiny_computer_agent.cli._base import UsageError
from tiny_computer_agent.cli._desktop import make_policy
from tiny_computer_agent.cli._parser import build_parser
from tiny_computer_agent.cli._remote import serving_policy

from .helpers import armed, rule_of
from .test_terminals_unknown import win

SIZE = (1280, 800)


def field(label: str = "Name", *, window: int = 0) -> Element:
    return Element(label=label, box=(100, 100, 400, 130), kind="field", state={"focused"},
                   window=window)  # fmt: skip


def on(window: Window | None, *elements: Element) -> Observation:
    return Observation.of(elements or (field(),), size=SIZE, windows=[window] if window else [])


def type_(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


def key(chord: str) -> Action:
    return Action.make("key", keys=chord)


GEDIT = win("notes.txt - gedit", "gedit", "Gedit", process="gedit")
VBOX = win("Debian [Running] - Oracle VM VirtualBox", "VirtualBox Machine", "VirtualBoxVM",
           process="VirtualBoxVM")  # fmt: skip
#: a program no table names (not a VM console: those are judged apart, below)
STOCKR = win("Inventory - Stockr", "stockr", "Stockr", process="stockr")
NAMELESS = win("Untitled")
TEXT_INPUT = [type_("hello"), type_("hello", "Name"), key("Return"), key("space"),
              key("BackSpace"), key("ctrl+v"), key("x"),
              Action.make("click", target="Name", button="middle")]  # fmt: skip


@pytest.mark.parametrize(
    "window",
    [
        GEDIT,
        win("Untitled", "gnome-text-editor", "org.gnome.TextEditor", process="gnome-text-edit"),
        win(
            "Untitled 1 - LibreOffice Writer",
            "libreoffice",
            "libreoffice-writer",
            process="soffice.bin",
        ),
        win("Files", "org.gnome.Nautilus", process="nautilus"),
        win("Mozilla Firefox", "Navigator", "firefox-esr"),
        win("", process="gnome-text-edit"),  # only the process, cut to 15 characters
        win("Question", "zenity", "Zenity"),
    ],
    ids=lambda w: "/".join((*w.wm_class, w.process)),
)
def test_allowed_on_a_program_on_the_table(window: Window) -> None:
    assert text_program(window) is not None
    # a dialog helper's frame shows its button: Return in a dialog's field with no button
    # on the frame is blind (issue 37, sixth pass; tests/test_sixth_pass_structure.py)
    ok = Element(label="OK", box=(300, 200, 400, 230), kind="button")
    shown = on(window, field(), ok) if "zenity" in window.wm_class else on(window)
    for action in TEXT_INPUT:
        assert rule_of(armed(), action, shown) is None, action.describe()


@pytest.mark.parametrize("window", [STOCKR, NAMELESS, None], ids=["unknown-class", "nameless",
                                                                    "no-window-list"])  # fmt: skip
def test_refused_where_the_program_is_not_on_the_table(window: Window | None) -> None:
    for action in TEXT_INPUT:
        assert rule_of(armed(), action, on(window)) == "typing-program", action.describe()
        assert rule_of(Policy(), action, on(window)) is None  # a dry run sends nothing
        assert rule_of(armed(typing_in=("*",)), action, on(window)) is None


def test_navigation_keys_and_document_chords_stay_as_they_are() -> None:
    for chord in ("Tab", "shift+Tab", "Left", "Escape", "Page_Down", "ctrl+s", "ctrl+f"):
        assert rule_of(armed(), key(chord), on(VBOX)) is None, chord
    # keys that recall or run a shell's line are judged as text (issue 37, fifth pass)
    for chord in ("Up", "Down", "ctrl+o", "ctrl+p", "ctrl+h"):
        assert rule_of(armed(), key(chord), on(VBOX)) == "typing-program", chord
        assert rule_of(armed(typing_in=("*",)), key(chord), on(VBOX)) is None, chord
    assert rule_of(armed(), Action.make("click", target="Name"), on(VBOX)) is None


def test_presses_by_allowed_chords_count_as_typing() -> None:
    for chord in ("ctrl+Return", "alt+Return", "ctrl+m", "ctrl+j", "shift+space"):
        assert rule_of(armed(allow_keys=(chord,)), key(chord), on(VBOX)) == "typing-program"
        assert rule_of(armed(allow_keys=(chord,)), key(chord), on(GEDIT)) is None
    assert types_text(key("ctrl+Return"), "window") and not types_text(key("ctrl+s"), "window")


def test_allowed_by_typing_in_not_by_the_scope() -> None:
    for names in (("stockr",), ("Stockr",), ("*Stockr",)):  # a class, a pattern
        assert rule_of(armed(typing_in=names), type_("hi"), on(STOCKR)) is None, names
    # a part of a title is no name; --window confines a run and allows nothing
    assert rule_of(armed(typing_in=("Inventory",)), type_("hi"), on(STOCKR)) == "typing-program"
    assert rule_of(armed(scope=("stockr",)), type_("hi"), on(STOCKR)) == "typing-program"
    assert rule_of(armed(typing_in=("gedit",)), type_("hi"), on(STOCKR)) == "typing-program"
    assert rule_of(armed(typing_in=("Untitled",)), type_("hi"), on(NAMELESS)) is None


def test_a_vm_console_named_takes_text_only_in_a_field_its_tree_names() -> None:
    """Naming a VM console or a remote desktop allows its own forms (a field the
    accessibility tree names), never the machine inside: a field read in its pixels, or
    keys with no focus shown, go to the guest (the fresh attacker pass of stop 54: a
    guest's Run dialog, shown only in pixels)."""
    own = Element(label="Name", box=(100, 100, 400, 130), kind="field", source="a11y",
                  state={"focused"})  # fmt: skip
    for names in (("VirtualBoxVM",), ("virtualbox machine",), ("*VirtualBox",), ("*",)):
        policy = armed(typing_in=names)
        assert rule_of(policy, type_("hi"), on(VBOX, own)) is None, names
        assert rule_of(policy, type_("hi"), on(VBOX)) == "terminal-window", names  # pixels
        guest = on(VBOX, Element(label="Open:", box=(40, 580, 120, 600)))
        assert rule_of(policy, type_("format d:"), guest) == "terminal-window", names
    assert rule_of(armed(typing_in=("VirtualBox",)), type_("hi"), on(VBOX)) == "typing-program"


def test_a_dialog_takes_its_owners_program() -> None:
    owner = dataclasses.replace(GEDIT, id=7, pid=300)
    for dialog in (win("Save As", wid=8, transient_for=7), win("Replace", wid=8, pid=300)):
        obs = Observation.of([field(window=8)], size=SIZE, windows=[dialog, owner])
        assert rule_of(armed(), type_("notes.txt"), obs) is None, dialog
        unknown = dataclasses.replace(VBOX, id=7, pid=300)
        obs = Observation.of([field(window=8)], size=SIZE, windows=[dialog, unknown])
        assert rule_of(armed(), type_("notes.txt"), obs) == "typing-program"
        assert rule_of(armed(typing_in=("VirtualBoxVM",)), type_("x"), obs) is None


def test_a_drop_is_judged_where_it_lands() -> None:
    left = dataclasses.replace(GEDIT, box=(0, 0, 640, 800), id=1)
    right = dataclasses.replace(VBOX, box=(640, 0, 1280, 800), id=2)
    words = Element(label="words", box=(100, 100, 200, 120), window=1)
    box = Element(label="Input", box=(700, 100, 900, 120), kind="field", window=2)
    obs = Observation.of([words, box], size=SIZE, windows=[right, left])
    drag = Action.make("drag", target="words", to="Input")
    assert rule_of(armed(), drag, obs) == "typing-program"
    back = Action.make("drag", target="Input", to="words")  # out of it, into gedit
    assert rule_of(armed(), back, obs) is None


def test_a_launcher_shown_above_a_text_program_takes_its_keys() -> None:
    # beside the field, not over it (over it, the click that focuses the field would
    # land on the launcher: field-covered)
    over = dataclasses.replace(
        win("", "xlunch", process="xlunch", wid=9, override=True), box=(600, 0, 1000, 400)
    )
    obs = Observation.of([field(window=7)], size=SIZE, windows=[over, GEDIT])
    assert rule_of(armed(), type_("hi", "Name"), obs) == "typing-program"
    assert rule_of(armed(), key("Escape"), obs) is None  # closes it
    menu = dataclasses.replace(over, wm_class=("gedit", "Gedit"), process="gedit")
    obs = Observation.of([field(window=7)], size=SIZE, windows=[menu, GEDIT])
    assert rule_of(armed(), type_("hi", "Name"), obs) is None  # gedit's own menu


def test_terminals_stay_refused_whatever_is_allowed() -> None:
    xterm = win("xterm", "xterm", "XTerm", process="xterm")
    for policy in (armed(typing_in=("*",)), armed(typing_in=("xterm",)), armed(scope=("xterm",))):
        assert rule_of(policy, type_("ls"), on(xterm)) == "terminal-window"


def test_the_refusal_names_the_program_and_the_fix() -> None:
    with pytest.raises(PolicyRefusal) as err:
        armed().check(type_("hello", "Name"), on(VBOX))
    assert str(err.value) == (
        "type 'hello' into 'Name' is refused: it would reach the program of the window class "
        "'VirtualBox Machine/VirtualBoxVM', process 'VirtualBoxVM', title 'Debian [Running] - "
        "Oracle VM VirtualBox', and text, pastes and presses by key go only to programs on "
        "the table of text programs (editors, office, browsers, mail, file managers, dialogs, "
        "viewers). If this program may take them, run again with --allow-typing-in "
        "VirtualBoxVM (--window confines a run, it allows no typing)"
    )
    with pytest.raises(PolicyRefusal, match=r"no window is listed.*--allow-typing-in '\*'"):
        armed().check(type_("hello"), on(None))
    with pytest.raises(PolicyRefusal, match=r"no class and no process.*--allow-typing-in Untitled"):
        armed().check(type_("hello"), on(NAMELESS))


def test_the_fix_names_the_program_not_its_dialog_nor_every_tk_program() -> None:
    """A dialog's refusal names its owner's class (NEdit's Replace dialog is
    ``replaceDialog_popup``/``NEdit``); a default Tk window (``tk``/``Tk``, which every
    Tk program has) is named by its title."""
    nedit = win("notes.txt - NEdit", "nedit", "NEdit", wid=7)
    replace = win("Replace/Find (in notes.txt)", "replaceDialog_popup", "NEdit", wid=8,
                  transient_for=7)  # fmt: skip
    obs = Observation.of([field(window=8)], size=SIZE, windows=[replace, nedit])
    with pytest.raises(PolicyRefusal, match=r"--allow-typing-in NEdit \(--window"):
        armed().check(type_("dog"), obs)
    assert rule_of(armed(typing_in=("NEdit",)), type_("dog"), obs) is None
    tk = win("Guest list", "tk", "Tk", wid=5)
    with pytest.raises(PolicyRefusal, match=r"--allow-typing-in 'Guest list' \(--window"):
        armed().check(type_("Ada"), on(tk, field(window=5)))


def test_the_table_holds_no_shell_and_none_of_the_suites_own_programs() -> None:
    assert not TEXT_PROGRAMS & set(TERMINAL_PROGRAMS)
    assert not [name for name in TEXT_PROGRAMS if _terminal_program(name)]
    own = {"ledgerpad", "harbourmap", "notes", "tk", "python3", "python", "wish", "tcl"}
    assert not TEXT_PROGRAMS & own
    for shelled in (
        "vim",
        "emacs",
        "kate",
        "geany",
        "code",
        "dolphin",
        "qutebrowser",
        "virtualbox",
        "virtualboxvm",
        "qemu",
        "remmina",
        "nedit",
        "hexchat",
    ):
        assert shelled not in TEXT_PROGRAMS, shelled  # fmt: skip


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["click 'OK'", *argv])


def test_the_flag_reaches_every_policy_the_cli_builds() -> None:
    args = _args("--allow-typing-in", "VirtualBoxVM", "--allow-typing-in", "*")
    assert args.allow_typing_in == ["VirtualBoxVM", "*"]
    assert make_policy(args).typing_in == ("VirtualBoxVM", "*")
    serve = build_parser().parse_args(["--serve", "--live", "--allow-typing-in", "xed"])
    assert serving_policy(serve).typing_in == ("xed",)  # --serve, --mcp
    assert make_policy(_args()).typing_in == ()
    with pytest.raises(UsageError, match="names no program"):
        make_policy(_args("--allow-typing-in", " "))
    help_text = build_parser().format_help()
    assert "--allow-typing-in NAME" in help_text and "typing-program" in help_text
