"""Built-in procedures on real programs of different toolkits (issue 36), third part,
each proved by the program's own effect: what it printed, the title a page's own script
wrote, a file's name on disk.

The same harness as tests/test_live_procedures.py (the real CLI in a subprocess, real
input on a private Xvfb, the default brain, every program seen from pixels). The
programs:

- zenity's form with a combo box (GTK 3) and a ``<select>`` on a page in Chromium (its
  own widgets): choose an option from a drop-down;
- Xfe, a file manager of the FOX toolkit: rename a file (PCManFM, GTK 2, is in
  tests/test_live_procedures.py).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, require
from tests.test_live_controls import _browse, _titled
from tests.test_live_procedures import NOTES, _agent, _played, d
from tests.test_live_procedures_more import _printed

__all__ = ["d"]  # the fixture, shared with tests/test_live_procedures.py

pytestmark = pytest.mark.live


# -- choose an option from a drop-down -------------------------------------------------


def _paint_form(d: Desk) -> subprocess.Popen[str]:
    """zenity's form with an entry and a combo box 'Colour'; it prints both on OK."""
    require("zenity")
    proc = d.vd.spawn(["zenity", "--forms", "--title", "Paint", "--text", "Pick a colour",
                       "--add-entry", "Name", "--add-combo", "Colour",
                       "--combo-values", "Red|Green|Blue|Yellow"],
                      stdout=subprocess.PIPE)  # fmt: skip
    d.wait_window("Paint")
    return proc


def test_an_option_is_chosen_in_a_zenity_combo_box(d: Desk) -> None:
    """GTK 3: the closed combo box is a wide button beside its label 'Colour'; its list
    is a window of its own, mapped after the click. zenity prints the value on OK."""
    proc = _paint_form(d)
    episode = _agent(d, "choose 'Blue' from 'Colour' and click 'OK'")
    assert _printed(proc, episode) == (0, "|Blue"), episode["log"]
    assert _played(episode, "choose-option"), episode["log"]


_SELECT = """<!doctype html><html><head><meta charset=utf-8><title>Paint</title>
<style>body{font:16px sans-serif;margin:40px} label{display:block;margin:14px 0}
input,select{margin-left:8px;font:inherit}</style>
</head><body><h1>Paint</h1>
<label>Name <input id=n size=20></label>
<label>Colour <select id=c onchange="document.title = 'Colour ' + c.value">
<option>Red</option><option>Green</option><option>Blue</option><option>Yellow</option>
</select></label>
</body></html>
"""


def test_an_option_is_chosen_in_a_select_in_chromium(d: Desk, tmp_path: Path) -> None:
    """Chromium's own ``<select>``: the page's script titles the window with the value
    when it changes."""
    _browse(d, tmp_path, _SELECT, "Paint", named="Colour")
    episode = _agent(d, "choose Blue from the Colour drop-down")
    _titled(d, "Colour Blue", episode)
    assert _played(episode, "choose-option"), episode["log"]


# -- rename a file -------------------------------------------------------------------------


def _xfe(d: Desk, folder: Path) -> subprocess.Popen[str]:
    """Xfe (FOX toolkit) on ``folder``, its warning for root turned off in its own
    settings file (CI runs as root)."""
    require("xfe")
    config = d.tmp / "config"
    (config / "xfe").mkdir(parents=True, exist_ok=True)
    (config / "xfe" / "xferc").write_text("[OPTIONS]\nroot_warn=0\n", encoding="utf-8")
    env = {"HOME": str(d.tmp), "XDG_CONFIG_HOME": str(config)}
    proc = d.vd.spawn(["xfe", "--panel", "1", str(folder)], env=env, quiet=True)
    d.wait_window(f"Xfe.* - {folder}")
    return proc


def test_a_file_is_renamed_in_xfe(d: Desk) -> None:
    """FOX: F2 opens Xfe's Rename dialog with the name in its field; the folder on disk
    is the proof."""
    folder = d.tmp / "folder"
    folder.mkdir()
    (folder / "notes.txt").write_text(NOTES, encoding="utf-8")
    (folder / "other.txt").write_text("x", encoding="utf-8")
    _xfe(d, folder)
    episode = _agent(d, "rename 'notes.txt' to 'report.txt'")
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["other.txt", "report.txt"], episode["log"]
    assert (folder / "report.txt").read_text(encoding="utf-8") == NOTES
    assert _played(episode, "rename-file"), episode["log"]
