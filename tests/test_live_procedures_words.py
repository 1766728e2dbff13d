"""Procedures chosen from plain words by the intent brain (issue 36, item 4), on real
programs, each proved by the program's own effect on disk.

The same harness as tests/test_live_procedures.py (the real CLI in a subprocess, real
input on a private Xvfb, every program seen from pixels), with ``--brain intent``: the
goals quote nothing and match no example as written, so the procedure is chosen by
meaning (the trace's note says ``by meaning``) and its values read from the words.

- save as in mousepad (GTK 3, GTK's file chooser);
- rename a file in PCManFM (GTK 2);
- find and replace in mousepad.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk
from tests.test_live_procedures import BUS_NAMES, NOTES, _eventually_file, _mousepad, _pcmanfm, d
from tests.test_live_procedures_more import REPLACED, TEXT, _changed_to

__all__ = ["d"]  # the fixture, shared with tests/test_live_procedures.py

pytestmark = pytest.mark.live


def _intent(d: Desk, goal: str, *, steps: int = 16) -> dict[str, Any]:
    """The CLI on ``goal`` with ``--brain intent``, armed, as JSON, with a log of its steps."""
    argv = ["--brain", "intent", "--live", "--real-input", "--json", "--max-steps", str(steps)]
    run = d.run_cli([*argv, goal], armed=True, unset=BUS_NAMES, timeout=240)
    try:
        episode: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        raise AssertionError(
            f"no episode JSON: {run.stdout[-2000:]}\n{run.stderr[-3000:]}"
        ) from None
    lines = [f"{episode['outcome']}: {episode['reason']}"]
    for step in episode["steps"]:
        decision, result = step.get("decision") or {}, step.get("result") or {}
        why = result.get("error") or step.get("error") or ""
        lines.append(
            f"  {step['index']}: {decision.get('reply')} {decision.get('action')} -> "
            f"{result.get('description')} {why} [{decision.get('note', '')[:160]}]"
        )
    episode["log"] = "\n".join(lines)
    print(episode["log"])  # shown with the failure (or with -rP)
    return episode


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
