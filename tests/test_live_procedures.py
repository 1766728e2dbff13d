"""Built-in procedures on real programs of different toolkits (issue 36), each proved by
the program's own effect on disk: the file it saved, under its new name, with the line
added.

Every run is the real CLI in a subprocess with real input on a private Xvfb
(``Desk.run_cli``), with the default brain (the registry's ``planner``, which plays a
procedure when the goal asks for one). The programs:

- a Tk editor (tests/procedure_apps.py: Tk's own file dialog from
  ``tkinter.filedialog.asksaveasfilename``), no accessibility tree;
- mousepad, a GTK 3 editor (GTK's file chooser), seen from pixels (no session bus), and
  zenity's save chooser (GTK's file chooser alone);
- xedit, the X Toolkit (Athena) editor of x11-apps: a Save button, no Save As;
- PCManFM, a GTK 2 file manager, seen from pixels.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, require
from tests.episodes import episode_of

pytestmark = pytest.mark.live

APPS = Path(__file__).resolve().parent / "procedure_apps.py"
NOTES = "Shopping\neggs\nbread"
BUS_NAMES = ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS")
LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
#: The Tk editor's windows end their titles so (``notes.txt - Tk Editor``): the name a
#: run passes to type into it (``--allow-typing-in``), since its class, ``Tk``, is every
#: Tk program's; its Save As dialog is its own window too
TK_EDITOR = "*Tk Editor"  # the whole title as a pattern: its file name comes first


@contextlib.contextmanager
def tree_desk(tmp_path: Path) -> Iterator[Desk]:
    """A desktop with a private session bus and AT-SPI registry: the programs it starts
    and the agent share one bus, so the agent reads their trees; skipped without the
    registry's launcher."""
    require("Xvfb", "xdotool", "dbus-daemon")
    if not LAUNCHER.exists():
        pytest.skip(f"the tree needs {LAUNCHER}; apt-get install at-spi2-core")
    steps = desk(tmp_path)
    d = next(steps)
    try:
        for name in (*BUS_NAMES, "NO_AT_BRIDGE", "GTK_MODULES"):
            d.vd.env.pop(name, None)
        d.accessibility_registry(LAUNCHER)
        yield d
    finally:
        steps.close()


@pytest.fixture
def d(tmp_path: Path) -> Iterator[Desk]:
    steps = desk(tmp_path)
    d = next(steps)
    try:
        for name in BUS_NAMES:
            d.vd.env.pop(name, None)
        d.vd.env["NO_AT_BRIDGE"] = "1"  # GTK programs: pixels only
        yield d
    finally:
        steps.close()


def _agent(
    d: Desk, goal: str, *, steps: int = 12, tree: bool = False, typing_in: str = "",
    keys: tuple[str, ...] = (),
) -> dict[str, Any]:  # fmt: skip
    """The CLI on ``goal`` with the default brain, armed, as JSON with a log of its steps
    (:func:`tests.episodes.episode_of`); with no session bus unless ``tree`` (then it
    reads the accessibility tree where a program offers one). ``typing_in``: a test
    program of the suite's own the run may type into (``--allow-typing-in``); ``keys``:
    its own chords the person names (``--allow-key``)."""
    allow = ["--allow-typing-in", typing_in] if typing_in else []
    allow += [arg for chord in keys for arg in ("--allow-key", chord)]
    argv = ["--live", "--real-input", "--json", "--max-steps", str(steps), *allow, goal]
    run = d.run_cli(argv, armed=True, unset=() if tree else BUS_NAMES, timeout=150)
    return episode_of(run)


def _played(episode: dict[str, Any], name: str) -> list[str]:
    """The replies of the steps the procedure ``name`` decided."""
    replies = [(s.get("decision") or {}).get("reply", "") for s in episode["steps"]]
    return [r for r in replies if r.startswith(f"procedure {name} ")]


def _eventually_file(path: Path, timeout: float = 5.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.stat().st_size:
            return path.read_text(encoding="utf-8")
        time.sleep(0.1)
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _tk_editor(d: Desk, path: Path) -> subprocess.Popen[str]:
    proc = d.vd.spawn([sys.executable, str(APPS), str(path)], stdout=subprocess.PIPE, env=d.env())
    d.wait_window(f"{path.name} - {TK_EDITOR}")
    return proc


def _mousepad(d: Desk, path: Path) -> subprocess.Popen[str]:
    require("mousepad")
    env = {"XDG_CONFIG_HOME": str(d.tmp / "config"), "HOME": str(d.tmp),
           "GSETTINGS_BACKEND": "memory"}  # fmt: skip
    proc = d.vd.spawn(["mousepad", "--disable-server", str(path)], env=env, quiet=True)
    d.wait_window(f"{path} - Mousepad")
    return proc


def _xedit(d: Desk, path: Path) -> subprocess.Popen[str]:
    require("xedit")
    proc = d.vd.spawn(["xedit", str(path)], quiet=True)
    d.wait_window("xedit")
    return proc


# -- save as ----------------------------------------------------------------------------


def test_save_as_in_a_tk_editor_through_tks_file_dialog(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _tk_editor(d, notes)
    episode = _agent(d, "save 'notes' as 'report.txt'", typing_in=TK_EDITOR)
    assert _eventually_file(d.tmp / "report.txt") == NOTES, episode["log"]
    assert _played(episode, "save-as"), episode["log"]
    assert episode["outcome"] == "claimed", episode["log"]


def test_save_as_in_mousepad_through_gtks_file_chooser(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _mousepad(d, notes)
    episode = _agent(d, "save the document as report.txt")
    assert _eventually_file(d.tmp / "report.txt") == NOTES, episode["log"]
    assert _played(episode, "save-as"), episode["log"]


def test_save_as_in_a_file_chooser_already_open_skips_opening_it(d: Desk) -> None:
    """zenity's save chooser is GTK's file chooser alone: the name field is on screen, so
    the procedure's first step (ctrl+shift+s) is not needed and is skipped; zenity prints
    the path chosen."""
    require("zenity")
    proc = d.vd.spawn(["zenity", "--file-selection", "--save", "--title", "Save notes",
                       f"--filename={d.tmp / 'notes.txt'}"], stdout=subprocess.PIPE)  # fmt: skip
    d.wait_window("Save notes")
    episode = _agent(d, "save as 'report.txt'")
    out, _ = proc.communicate(timeout=10)
    assert (proc.returncode, out.strip()) == (0, str(d.tmp / "report.txt")), episode["log"]
    assert _played(episode, "save-as")[0] == "procedure save-as step 2", episode["log"]


def test_save_as_in_mousepad_read_through_its_accessibility_tree(tmp_path: Path) -> None:
    """The same, with a private session bus and AT-SPI registry: mousepad and the agent
    on one bus, so the agent reads GTK's tree (the name field by its role and name)."""
    require("mousepad")
    with tree_desk(tmp_path) as d:
        notes = d.tmp / "notes.txt"
        notes.write_text(NOTES, encoding="utf-8")
        _mousepad(d, notes)
        episode = _agent(d, "save the document as report.txt", tree=True)
        assert _eventually_file(d.tmp / "report.txt") == NOTES, episode["log"]
        assert episode["tree"], episode["log"]


# -- a new line at the end -------------------------------------------------------------


def test_a_line_is_added_at_the_end_in_a_tk_editor_and_saved(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _tk_editor(d, notes)
    episode = _agent(d, "add a line 'buy milk' at the end and save", typing_in=TK_EDITOR)
    assert _eventually_file(notes).splitlines() == [*NOTES.splitlines(), "buy milk"], episode["log"]
    assert _played(episode, "append-line"), episode["log"]


def test_a_line_is_added_at_the_end_in_mousepad_and_saved(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _mousepad(d, notes)
    episode = _agent(d, "append 'buy milk' to the document and save")
    assert _eventually_file(notes).splitlines() == [*NOTES.splitlines(), "buy milk"], episode["log"]
    assert _played(episode, "append-line"), episode["log"]


def test_in_xedit_a_line_is_saved_or_the_run_stops_before_saving(d: Desk) -> None:
    """Honest either way, not yet working every time: xedit's typed line is often never
    read (the incremental OCR reads only the changed rectangle, the new line alone,
    63x14 px with no margin, where its text detector finds nothing, and never reads it
    again since its pixels do not change after). Then the procedure's check stops the
    run before saving and the file is as it was; when the line is read, it is saved.
    A run that saves anything else, or claims success with the file unchanged, fails."""
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _xedit(d, notes)
    episode = _agent(d, "add a line 'buy milk' at the end and save")
    lines = notes.read_text(encoding="utf-8").splitlines()
    unread = (
        "step 5 of 6 (press Return): its check failed: after it, not so that 'buy milk' is visible"
    )
    assert _played(episode, "append-line"), episode["log"]
    if episode["outcome"] == "unreachable" and unread in episode["reason"]:
        assert lines == NOTES.splitlines(), "the run stopped at the check, yet the file changed"
        return
    assert lines == [*NOTES.splitlines(), "buy milk"], episode["log"]


# -- rename a file -------------------------------------------------------------------------


def _pcmanfm(d: Desk, folder: Path) -> subprocess.Popen[str]:
    require("pcmanfm")
    env = {"XDG_CONFIG_HOME": str(d.tmp / "config"), "HOME": str(d.tmp),
           "GSETTINGS_BACKEND": "memory"}  # fmt: skip
    proc = d.vd.spawn(["pcmanfm", "--no-desktop", str(folder)], env=env, quiet=True)
    d.wait_window(folder.name)
    return proc


def test_a_file_is_renamed_in_pcmanfm(d: Desk) -> None:
    folder = d.tmp / "folder"
    folder.mkdir()
    (folder / "notes.txt").write_text(NOTES, encoding="utf-8")
    (folder / "other.txt").write_text("x", encoding="utf-8")
    _pcmanfm(d, folder)
    episode = _agent(d, "rename 'notes.txt' to 'report.txt'")
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["other.txt", "report.txt"], episode["log"]
    assert (folder / "report.txt").read_text(encoding="utf-8") == NOTES
    assert _played(episode, "rename-file"), episode["log"]
