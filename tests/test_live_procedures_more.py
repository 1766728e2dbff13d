"""More built-in procedures on real programs of different toolkits (issue 36), each
proved by the program's own effect: the file it saved, what it printed, the title a
page's own script wrote, the text it selected (X's PRIMARY selection).

The same harness as tests/test_live_procedures.py (the real CLI in a subprocess, real
input on a private Xvfb, the default brain, every program seen from pixels). The
programs:

- mousepad, a GTK 3 editor, l3afpad, a GTK 2 one, and NEdit, a Motif editor: find and
  replace (from their menu bars);
- zenity's forms (GTK 3) and a page's form in Chromium (its own widgets): fill a form;
- zenity's check list and a page's check boxes in Chromium: tick boxes;
- GTK's file chooser (zenity) and Tk's open dialog (wish): open a path;
- Chromium's and mousepad's find bars: search a page.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, require
from tests.test_live_controls import _browse, _titled
from tests.test_live_procedures import _agent, _mousepad, _played, d

__all__ = ["d"]  # the fixture, shared with tests/test_live_procedures.py

pytestmark = pytest.mark.live

TEXT = "the cat sat\nthe cat ran\n"
#: The title of Tk's open dialog in :func:`_tk_open` (a script of the suite's own, run by
#: ``wish``): the name a run passes to type into it (``--allow-typing-in``)
TK_OPEN = "Open notes"
REPLACED = "the dog sat\nthe dog ran\n"
#: NEdit's class: NEdit is left off the table of text programs on purpose (its Shell menu
#: runs commands), so a person who uses it names it (``--allow-typing-in nedit``); its
#: tests do the same
NEDIT = "nedit"


def _nedit(d: Desk, path: Path) -> subprocess.Popen[str]:
    require("nedit")
    env = {"HOME": str(d.tmp), "XDG_CONFIG_HOME": str(d.tmp / "config")}
    proc = d.vd.spawn(["nedit", str(path)], env=env, quiet=True)
    d.wait_window(f"{path.name} - {path.parent}/")
    return proc


def _changed_to(path: Path, text: str, timeout: float = 5.0) -> str:
    """The file's text once it is ``text`` (or whatever it holds at the timeout)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and path.read_text(encoding="utf-8") != text:
        time.sleep(0.1)
    return path.read_text(encoding="utf-8")


# -- the programs, each started the same way for quoted and plain-word goals ------------


def _contact_form(d: Desk) -> subprocess.Popen[str]:
    """zenity's form (GTK 3), Name and Email; it prints them when OK is pressed."""
    require("zenity")
    proc = d.vd.spawn(["zenity", "--forms", "--title", "Contact", "--text", "Who are you?",
                       "--add-entry", "Name", "--add-entry", "Email"],
                      stdout=subprocess.PIPE)  # fmt: skip
    d.wait_window("Contact")
    return proc


def _fruit_list(d: Desk) -> subprocess.Popen[str]:
    """zenity's check list, 'Apple' ticked already; it prints the rows ticked on OK."""
    require("zenity")
    proc = d.vd.spawn(["zenity", "--list", "--checklist", "--title", "Fruit", "--text",
                       "Pick some", "--column", "Use", "--column", "Fruit",
                       "TRUE", "Apple", "FALSE", "Banana", "FALSE", "Cherry", "FALSE", "Plum",
                       "--width", "360", "--height", "360"], stdout=subprocess.PIPE)  # fmt: skip
    d.wait_window("Fruit")
    return proc


def _gtk_open(d: Desk, start: Path) -> subprocess.Popen[str]:
    """GTK's file chooser (zenity), in ``start``; it prints the file chosen."""
    require("zenity")
    proc = d.vd.spawn(["zenity", "--file-selection", "--title", "Open notes",
                       f"--filename={start}/"], stdout=subprocess.PIPE)  # fmt: skip
    d.wait_window("Open notes")
    return proc


def _tk_open(d: Desk, start: Path) -> subprocess.Popen[str]:
    """Tk's own open dialog (wish's ``tk_getOpenFile``), in ``start``; it prints the file
    chosen."""
    require("wish")
    script = f"wm withdraw .; puts [tk_getOpenFile -title {{{TK_OPEN}}} -initialdir {start}]; exit"
    (d.tmp / "open.tcl").write_text(script + "\n", encoding="utf-8")
    proc = d.vd.spawn(["wish", str(d.tmp / "open.tcl")], stdout=subprocess.PIPE)
    d.wait_window(TK_OPEN)
    return proc


def _zebra_in_mousepad(d: Desk) -> None:
    """mousepad on 79 lines, the only 'zebra' 55 lines down."""
    notes = d.tmp / "notes.txt"
    lines = [f"line {i}" for i in range(1, 80)]
    lines[54] = "the zebra line"
    notes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _mousepad(d, notes)


# -- find and replace -------------------------------------------------------------------


def test_find_and_replace_in_mousepad(d: Desk) -> None:
    """GTK 3: the Search menu's Find and Replace; 'Replace all in' ticked, Replace All
    does all."""
    notes = d.tmp / "notes.txt"
    notes.write_text(TEXT, encoding="utf-8")
    _mousepad(d, notes)
    episode = _agent(d, "replace every 'cat' with 'dog' and save", steps=16)
    assert _changed_to(notes, REPLACED) == REPLACED, episode["log"]
    assert _played(episode, "find-and-replace"), episode["log"]
    assert episode["outcome"] == "claimed", episode["log"]


def test_find_and_replace_in_nedit(d: Desk) -> None:
    """Motif, read from pixels: the Search menu's Replace... opens Replace/Find (NEdit's
    ctrl+r is off the key table: no --allow-key is given, so only the menu gets there);
    'Replace all in: Window' does all and closes it. The document's "the cat sat" is no
    question the menu's items answer ("sat" is Turkish for sell)."""
    notes = d.tmp / "notes.txt"
    notes.write_text(TEXT, encoding="utf-8")
    _nedit(d, notes)
    episode = _agent(d, "find and replace cat with dog and save", steps=16, typing_in=NEDIT)
    assert "procedure find-and-replace step 1 item" in str(episode["log"]), episode["log"]
    assert _changed_to(notes, REPLACED) == REPLACED, episode["log"]
    assert _played(episode, "find-and-replace"), episode["log"]
    assert episode["outcome"] == "claimed", episode["log"]


def test_find_and_replace_in_l3afpad_from_its_search_menu(d: Desk) -> None:
    """GTK 2, read from pixels: ctrl+r is not Replace in l3afpad, so the Search menu's
    Replace... opens it; 'Replace all at once' is ticked (a label the procedure knows by
    its start, "Replace all*"), Find and Replace does all, and the box that counts them
    ("2 strings replaced") is dismissed before ctrl+s can save."""
    require("l3afpad")
    notes = d.tmp / "notes.txt"
    notes.write_text(TEXT, encoding="utf-8")
    d.vd.spawn(["l3afpad", str(notes)], env={"HOME": str(d.tmp)}, quiet=True)
    d.wait_window("notes.txt")
    episode = _agent(d, "replace every 'cat' with 'dog' and save", steps=16)
    assert _changed_to(notes, REPLACED) == REPLACED, episode["log"]
    assert "procedure find-and-replace step 1 item" in str(episode["log"]), episode["log"]
    assert episode["outcome"] == "claimed", episode["log"]


# -- fill a form --------------------------------------------------------------------------


def _printed(proc: subprocess.Popen[str], episode: dict[str, object]) -> tuple[int, str]:
    try:
        out, _ = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the dialog is still open\n{episode['log']}") from None
    return proc.returncode, out.strip()


def test_a_zenity_form_is_filled_from_pairs_and_sent(d: Desk) -> None:
    """GTK 3: zenity's form prints what its fields held when OK is pressed."""
    proc = _contact_form(d)
    episode = _agent(d, "fill the form with name='Ada', email='ada@x.org' and click 'OK'")
    assert _printed(proc, episode) == (0, "Ada|ada@x.org"), episode["log"]
    assert _played(episode, "fill-form"), episode["log"]


_FORM = """<!doctype html><html><head><meta charset=utf-8><title>Contact</title>
<style>body{font:16px sans-serif;margin:40px} label{display:block;margin:14px 0}</style>
</head><body><h1>Contact</h1><form onsubmit="return false">
<label>Name <input id=n size=24></label>
<label>Email <input id=e size=24></label>
<label>City <input id=c size=24></label>
<button type=button onclick="document.title = ['Saved', n.value, e.value || '-', c.value].join(' ')"
>Save</button></form></body></html>
"""


def test_a_web_form_in_chromium_is_filled_from_pairs_and_sent(d: Desk, tmp_path: Path) -> None:
    """Chromium's own widgets: the page's script writes what the fields held into its
    title when Save is clicked; the field the goal does not name stays empty."""
    _browse(d, tmp_path, _FORM, "Contact", named="Save")
    goal = "fill the form with Name=Ada, City=Lisbon and click Save"
    episode = _agent(d, goal)
    _titled(d, "Saved Ada - Lisbon", episode)
    assert _played(episode, "fill-form"), episode["log"]


# -- open a path in a file dialog ---------------------------------------------------------


def _folders(tmp: Path) -> tuple[Path, Path]:
    """A file to open, three folders from where the dialog starts."""
    start, target = tmp / "start", tmp / "x" / "y" / "notes.txt"
    start.mkdir()
    (start / "other.txt").write_text("other", encoding="utf-8")
    target.parent.mkdir(parents=True)
    target.write_text(TEXT, encoding="utf-8")
    return start, target


def test_a_path_is_opened_in_gtks_file_chooser(d: Desk) -> None:
    """GTK 3: ctrl+L shows the chooser's Location field; zenity prints the file chosen."""
    start, target = _folders(d.tmp)
    proc = _gtk_open(d, start)
    episode = _agent(d, f"open '{target}'")
    assert _printed(proc, episode) == (0, str(target)), episode["log"]
    assert _played(episode, "open-path"), episode["log"]


def test_a_path_is_opened_in_tks_file_dialog(d: Desk) -> None:
    """Tk (wish, Tk's own open dialog): its File name field is on screen, so ctrl+L is not
    needed and is skipped; the script prints the file chosen."""
    start, target = _folders(d.tmp)
    proc = _tk_open(d, start)
    episode = _agent(d, f"open the file {target}", typing_in=TK_OPEN)
    assert _printed(proc, episode) == (0, str(target)), episode["log"]
    assert _played(episode, "open-path")[0] == "procedure open-path step 2", episode["log"]


# -- search a page --------------------------------------------------------------------------

_LONG = """<!doctype html><html><head><meta charset=utf-8><title>Guide</title>
<style>body{font:16px sans-serif;margin:40px} p{margin:0 0 3000px}</style>
<script>addEventListener('scroll', () => { if (scrollY > 1500) document.title = 'Scrolled'; });
</script></head><body><h1>Guide</h1><p>Start here.</p><p>The zebra section.</p>
<p>The end.</p></body></html>
"""


def test_a_page_is_searched_in_chromium(d: Desk, tmp_path: Path) -> None:
    """Chromium's find bar scrolls to the only match, 3000 px down: the page's script
    titles the window when it is scrolled there (nothing else scrolls it)."""
    _browse(d, tmp_path, _LONG, "Guide", named="Guide")
    episode = _agent(d, "search the page for 'zebra'")
    _titled(d, "Scrolled", episode)
    assert _played(episode, "search-page"), episode["log"]


def _primary(d: Desk) -> str:
    """The X PRIMARY selection: the text a program has selected."""
    require("xclip")
    got = d.vd.run(["xclip", "-o", "-selection", "primary"], check=False)
    return got.stdout


def test_a_document_is_searched_in_mousepad(d: Desk) -> None:
    """GTK 3: mousepad's find bar selects the first match, 55 lines down; the selection
    is X's PRIMARY, which xclip reads."""
    _zebra_in_mousepad(d)
    episode = _agent(d, "find zebra in the document")
    assert _primary(d) == "zebra", episode["log"]
    assert _played(episode, "search-page"), episode["log"]


# -- tick a list of boxes -------------------------------------------------------------------


def test_boxes_are_ticked_in_a_zenity_check_list(d: Desk) -> None:
    """GTK 3: a check list's rows; 'Apple' is ticked already, so its step is skipped (a
    click would clear it); zenity prints the rows ticked when OK is pressed."""
    proc = _fruit_list(d)
    episode = _agent(d, "tick 'Apple', 'Banana', 'Plum' and click 'OK'")
    assert _printed(proc, episode) == (0, "Apple|Banana|Plum"), episode["log"]
    assert "procedure tick-boxes step 1" not in _played(episode, "tick-boxes"), episode["log"]


_BOXES = """<!doctype html><html><head><meta charset=utf-8><title>Toppings</title>
<style>body{font:16px sans-serif;margin:40px} label{display:block;margin:14px 0}</style>
</head><body><h1>Toppings</h1>
<label><input type=checkbox id=a> Cheese</label>
<label><input type=checkbox id=b> Olives</label>
<label><input type=checkbox id=c> Basil</label>
<button type=button onclick="document.title = ['Order', a.checked, b.checked, c.checked].join(' ')"
>Order</button></body></html>
"""


def test_boxes_are_ticked_on_a_web_page_in_chromium(d: Desk, tmp_path: Path) -> None:
    """Chromium's own check boxes: the page's script titles the window with what is
    ticked when Order is clicked; the box the goal does not name stays clear."""
    _browse(d, tmp_path, _BOXES, "Toppings", named="Order")
    episode = _agent(d, "tick Cheese, Basil and click Order")
    _titled(d, "Order true false true", episode)
    assert _played(episode, "tick-boxes"), episode["log"]
