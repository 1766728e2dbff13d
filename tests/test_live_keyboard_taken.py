"""Keys go nowhere while another client holds the keyboard (issue 37), on a real X
server: l3afpad (GTK 2) with its File menu open. GTK takes the keyboard with an active
grab while a menu is up, so a letter typed then goes to the menu (a letter picks the item
it underlines), not to the document the frame shows, whatever window has focus. The run
clicks File itself, then types: the typing is refused by rule ``keyboard-taken``, asked
of the X server just before sending; Escape is let through and closes the menu, and the
same typing then reaches the document, which the program's own title shows (``*``)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require

pytestmark = pytest.mark.live

ARMED = ["--live", "--real-input", "--json", "--brain", "scripted", "--max-steps", "4"]


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _steps(desktop: Desk, name: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    script = desktop.tmp / f"{name}.json"
    script.write_text(json.dumps(actions))
    run = desktop.run_cli([*ARMED, "--script", str(script), "do it"], armed=True)
    try:
        return list(json.loads(run.stdout)["steps"])
    except (json.JSONDecodeError, KeyError):
        raise AssertionError(f"no JSON episode:\n{run.stdout}\n{run.stderr}") from None


def _titles(desktop: Desk) -> str:
    out = desktop.vd.run(["xdotool", "search", "--onlyvisible", "--name", "notes"])
    names = [
        desktop.vd.run(["xdotool", "getwindowname", wid]).stdout.strip()
        for wid in out.stdout.split()
    ]
    return " | ".join(names)


def test_typing_while_an_open_menu_holds_the_keyboard_is_refused(desktop: Desk) -> None:
    require("l3afpad")
    notes = desktop.tmp / "notes.txt"
    notes.write_text("first line\n", encoding="utf-8")
    desktop.vd.spawn(["l3afpad", str(notes)], env={"HOME": str(desktop.tmp)}, quiet=True)
    desktop.wait_window("notes.txt")
    time.sleep(1.0)
    steps = _steps(desktop, "menu-open", [
        {"verb": "click", "target": "File"},
        {"verb": "type", "text": "qhello"},
    ])  # fmt: skip
    refusals = [s["refusal"] for s in steps if s.get("refusal")]
    assert [r["rule"] for r in refusals] == ["keyboard-taken"], steps
    assert "holds the keyboard" in refusals[0]["message"]
    time.sleep(0.5)
    assert not _titles(desktop).startswith("*"), _titles(desktop)  # the document is as it was
    # Escape goes (it closes the menu); then the same text reaches the document
    steps = _steps(desktop, "closed", [
        {"verb": "key", "keys": "Escape"},
        {"verb": "type", "text": "hello"},
    ])  # fmt: skip
    assert not [s for s in steps if s.get("refusal")], steps
    eventually(lambda: _titles(desktop).startswith("*"), timeout=10)
