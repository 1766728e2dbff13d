"""Procedures chosen from plain words by the intent brain (issue 36, item 4), on real
programs of two toolkits each, each proved by the program's own effect: a file's name or
content on disk, the path a file dialog printed.

The same harness, programs and proofs as the quoted tests (tests/test_live_procedures.py,
_more.py, _third.py: the real CLI in a subprocess, real input on a private Xvfb, every
program seen from pixels), with ``--brain intent``: the goals were written as a user
would type them before they were first run, quote nothing and match no example as
written, so the procedure is chosen by meaning (the trace's note says ``meaning``) and
its values are read from the words.

- save-as: mousepad (GTK 3, GTK's file chooser); the Tk editor (Tk's file dialog);
- append-line: the Tk editor; mousepad;
- rename-file: PCManFM (GTK 2); Xfe (FOX);
- find-and-replace: mousepad; NEdit (Motif);
- open-path: GTK's file chooser (zenity); Tk's open dialog (wish).

fill-form, tick-boxes, choose-option and search-page: tests/test_live_procedures_words_forms.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk
from tests.episodes import episode_of
from tests.test_live_procedures import (
    BUS_NAMES,
    NOTES,
    TK_EDITOR,
    _eventually_file,
    _mousepad,
    _pcmanfm,
    _tk_editor,
    d,
)
from tests.test_live_procedures_more import (
    NEDIT,
    REPLACED,
    TEXT,
    TK_OPEN,
    _changed_to,
    _folders,
    _gtk_open,
    _nedit,
    _printed,
    _tk_open,
)
from tests.test_live_procedures_third import _xfe

__all__ = ["d"]  # the fixture, shared with tests/test_live_procedures.py

pytestmark = pytest.mark.live


def _intent(
    d: Desk, goal: str, *, steps: int = 16, typing_in: str = "", keys: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The CLI on ``goal`` with ``--brain intent``, armed, as JSON with a log of its
    steps (:func:`tests.episodes.episode_of`); ``typing_in``: a test program of the
    suite's own the run may type into (``--allow-typing-in``); ``keys``: its own chords
    the person names (``--allow-key``)."""
    argv = ["--brain", "intent", "--live", "--real-input", "--json", "--max-steps", str(steps)]
    argv += ["--allow-typing-in", typing_in] if typing_in else []
    argv += [arg for chord in keys for arg in ("--allow-key", chord)]
    return episode_of(d.run_cli([*argv, goal], armed=True, unset=BUS_NAMES, timeout=240))


def _by_meaning(episode: dict[str, Any], name: str) -> bool:
    """Whether the procedure ``name`` was played, chosen by meaning."""
    decisions = [s.get("decision") or {} for s in episode["steps"]]
    return any(
        str(x.get("reply", "")).startswith(f"procedure {name} ")
        and "(meaning;" in str(x.get("note", ""))
        for x in decisions
    )


def test_save_as_from_plain_words_in_mousepad(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _mousepad(d, notes)
    episode = _intent(d, "write it out to a new file, report.txt")
    assert _eventually_file(d.tmp / "report.txt") == NOTES, episode["log"]
    assert _by_meaning(episode, "save-as"), episode["log"]


def test_rename_from_plain_words_in_pcmanfm(d: Desk) -> None:
    folder = d.tmp / "folder"
    folder.mkdir()
    (folder / "notes.txt").write_text(NOTES, encoding="utf-8")
    (folder / "other.txt").write_text("x", encoding="utf-8")
    _pcmanfm(d, folder)
    episode = _intent(d, "the file notes.txt should be called report.txt")
    names = sorted(p.name for p in Path(folder).iterdir())
    assert names == ["other.txt", "report.txt"], episode["log"]
    assert (folder / "report.txt").read_text(encoding="utf-8") == NOTES
    assert _by_meaning(episode, "rename-file"), episode["log"]


def test_find_and_replace_from_plain_words_in_mousepad(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(TEXT, encoding="utf-8")
    _mousepad(d, notes)
    episode = _intent(d, "swap every cat for dog and save")
    assert _changed_to(notes, REPLACED) == REPLACED, episode["log"]
    assert _by_meaning(episode, "find-and-replace"), episode["log"]


def test_save_as_from_plain_words_in_a_tk_editor(d: Desk) -> None:
    """Tk's own file dialog (``asksaveasfilename``)."""
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _tk_editor(d, notes)
    episode = _intent(d, "put this document in a new file named summary.txt", typing_in=TK_EDITOR)
    assert _eventually_file(d.tmp / "summary.txt") == NOTES, episode["log"]
    assert _by_meaning(episode, "save-as"), episode["log"]


def test_a_line_is_added_from_plain_words_in_a_tk_editor(d: Desk) -> None:
    """The value has an article inside it ("feed the cat"), and is read whole."""
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _tk_editor(d, notes)
    goal = "put feed the cat on a new line at the bottom and save"
    episode = _intent(d, goal, typing_in=TK_EDITOR)
    lines = _eventually_file(notes).splitlines()
    assert lines == [*NOTES.splitlines(), "feed the cat"], episode["log"]
    assert _by_meaning(episode, "append-line"), episode["log"]


def test_a_line_is_added_from_plain_words_in_mousepad(d: Desk) -> None:
    notes = d.tmp / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    _mousepad(d, notes)
    episode = _intent(d, "add water plants to the end of the list and save it")
    lines = _eventually_file(notes).splitlines()
    assert lines == [*NOTES.splitlines(), "water plants"], episode["log"]
    assert _by_meaning(episode, "append-line"), episode["log"]


def test_rename_from_plain_words_in_xfe(d: Desk) -> None:
    """FOX: F2 opens Xfe's Rename dialog."""
    folder = d.tmp / "folder"
    folder.mkdir()
    (folder / "notes.txt").write_text(NOTES, encoding="utf-8")
    (folder / "other.txt").write_text("x", encoding="utf-8")
    _xfe(d, folder)
    episode = _intent(d, "notes.txt should now be named report.txt")
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["other.txt", "report.txt"], episode["log"]
    assert (folder / "report.txt").read_text(encoding="utf-8") == NOTES
    assert _by_meaning(episode, "rename-file"), episode["log"]


def test_find_and_replace_from_plain_words_in_nedit(d: Desk) -> None:
    """Motif. The goal is a little nearer save-as, which it names no file for: that is
    passed over for find-and-replace, whose two texts it joins with "into"."""
    notes = d.tmp / "notes.txt"
    notes.write_text(TEXT, encoding="utf-8")
    _nedit(d, notes)
    episode = _intent(d, "turn every cat into dog in this file and save it", typing_in=NEDIT)
    assert _changed_to(notes, REPLACED) == REPLACED, episode["log"]
    assert _by_meaning(episode, "find-and-replace"), episode["log"]


def test_a_path_is_opened_from_plain_words_in_gtks_file_chooser(d: Desk) -> None:
    """GTK 3 (zenity): zenity prints the file chosen."""
    start, target = _folders(d.tmp)
    proc = _gtk_open(d, start)
    episode = _intent(d, f"pick the file at {target}")
    assert _printed(proc, episode) == (0, str(target)), episode["log"]
    assert _by_meaning(episode, "open-path"), episode["log"]


def test_a_path_is_opened_from_plain_words_in_tks_file_dialog(d: Desk) -> None:
    """Tk (wish's ``tk_getOpenFile``): the script prints the file chosen."""
    start, target = _folders(d.tmp)
    proc = _tk_open(d, start)
    episode = _intent(d, f"load {target}", typing_in=TK_OPEN)
    assert _printed(proc, episode) == (0, str(target)), episode["log"]
    assert _by_meaning(episode, "open-path"), episode["log"]
