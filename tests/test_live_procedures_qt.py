"""Built-in procedures on Qt programs (issue 36), each proved by the program's own effect
on disk, the same way as tests/test_live_procedures.py: the real CLI in a subprocess,
real input on a private Xvfb, the programs seen from pixels (no session bus).

- FeatherPad, a Qt 5 editor: save as and open a path through Qt's own file dialog, and
  a line added at the end. Not its find and replace (its Replace All is an icon with no
  text) nor its search (it highlights the match without selecting it, and nothing but
  the scrolled view shows it);
- PCManFM-Qt, the Qt 5 file manager (under its own session bus, which it needs to
  start): a file renamed.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, require
from tests.test_live_procedures import NOTES, _agent, _eventually_file, _played, d
from tests.test_live_procedures_more import _changed_to

__all__ = ["d"]  # the fixture, shared with tests/test_live_procedures.py

pytestmark = pytest.mark.live


def _qt_env(d: Desk) -> dict[str, str]:
    return {"HOME": str(d.tmp), "XDG_CONFIG_HOME": str(d.tmp / "config"),
            "QT_ACCESSIBILITY": "0", "QT_QPA_PLATFORMTHEME": ""}  # fmt: skip


def _featherpad(d: Desk, path: Path) -> subprocess.Popen[str]:
    require("featherpad")
    proc = d.vd.spawn(["featherpad", "--standalone", str(path)], env=_qt_env(d), quiet=True)
    d.wait_window(f".*{path.name}.*")
    return proc


def _pcmanfm_qt(d: Desk, folder: Path) -> subprocess.Popen[str]:
    require("pcmanfm-qt")
    # it needs a session bus to start at all; the agent still sees it from pixels
    argv = ["dbus-run-session", "pcmanfm-qt", str(folder)]
    proc = d.vd.spawn(argv, env=_qt_env(d), quiet=True)
    d.wait_window(f".*{folder.name}.*")
    return proc


def test_save_as_in_featherpad_through_qts_file_dialog(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _featherpad(d, notes)
    episode = _agent(d, "save as 'report.txt'")
    # FeatherPad ends a saved file with a newline when it has none
    assert _eventually_file(d.tmp / "report.txt") == NOTES + "\n", episode["log"]
    assert _played(episode, "save-as"), episode["log"]


def test_a_file_is_renamed_in_pcmanfm_qt(d: Desk) -> None:
    folder = d.tmp / "folder"
    folder.mkdir()
    (folder / "notes.txt").write_text(NOTES, encoding="utf-8")
    (folder / "other.txt").write_text("x", encoding="utf-8")
    _pcmanfm_qt(d, folder)
    episode = _agent(d, "rename 'notes.txt' to 'report.txt'")
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["other.txt", "report.txt"], episode["log"]
    assert (folder / "report.txt").read_text(encoding="utf-8") == NOTES
    assert _played(episode, "rename-file"), episode["log"]


def test_a_line_is_added_at_the_end_in_featherpad_and_saved(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _featherpad(d, notes)
    episode = _agent(d, "add a line 'buy milk' at the end and save")
    want = NOTES + "\nbuy milk\n"  # FeatherPad's final newline again
    assert _changed_to(notes, want) == want, episode["log"]
    assert _played(episode, "append-line"), episode["log"]


def test_a_path_is_opened_in_qts_file_dialog(d: Desk) -> None:
    """ctrl+o opens Qt's file dialog; FeatherPad shows the file opened in its title."""
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    target = d.tmp / "deep" / "inside" / "plan.txt"
    target.parent.mkdir(parents=True)
    target.write_text("the plan\n", encoding="utf-8")
    _featherpad(d, notes)
    d.vd.run(["xdotool", "key", "ctrl+o"])
    d.wait_window("Open file.*")
    episode = _agent(d, f"open '{target}'")
    d.wait_window(f".*{target.name}.*")
    assert _played(episode, "open-path"), episode["log"]
