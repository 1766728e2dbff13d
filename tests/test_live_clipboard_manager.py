"""A clipboard manager's entry is a paste into the window with focus (issue 37, side
doors), on a real X server: Debian's parcellite over xterm running ``bash -i``. With its
auto-paste on, choosing an entry in parcellite's history pastes it where the focus is;
the run clicks an entry of the real popup (``ctrl+alt+h``, opened by the test) and the
click is refused as ``ctrl+v`` into the terminal would be (rule ``terminal-window``).
The shell's history file stays empty."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require
from tests.test_live_terminal import ARMED, _xterm

pytestmark = pytest.mark.live


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _copy(desktop: Desk, text: str) -> None:
    subprocess.run(["xclip", "-selection", "clipboard", "-loops", "1"], input=text, text=True,
                   env=desktop.vd.env, timeout=10, check=False, start_new_session=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip


def _popup(desktop: Desk) -> bool:
    """Whether parcellite's history menu is up (a window of its class typed a popup menu)."""
    found = desktop.vd.run(["xdotool", "search", "--onlyvisible", "--class", "parcellite"],
                           check=False)  # fmt: skip
    return any("POPUP_MENU" in _window_type(desktop, wid) for wid in found.stdout.split())


def _window_type(desktop: Desk, wid: str) -> str:
    return desktop.vd.run(["xprop", "-id", wid, "_NET_WM_WINDOW_TYPE"], check=False).stdout


def _open_history(desktop: Desk) -> None:
    """Press parcellite's history key until its menu is up (its key is bound a moment
    after it starts)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        desktop.vd.run(["xdotool", "key", "ctrl+alt+h"])
        try:
            eventually(lambda: _popup(desktop), timeout=3)
        except AssertionError:
            continue
        time.sleep(0.5)  # mapped is not painted
        return
    raise AssertionError("parcellite's history menu did not open")


def test_choosing_a_clipboard_managers_entry_over_a_terminal_is_refused(desktop: Desk) -> None:
    require("xterm", "parcellite", "xclip")
    history = _xterm(desktop)
    desktop.vd.spawn(["parcellite", "-n"], env={"HOME": str(desktop.tmp)}, quiet=True)
    time.sleep(2.0)
    for text in ("meeting notes", "touch pwned"):
        _copy(desktop, text)
        time.sleep(0.8)  # parcellite polls the clipboard
    desktop.vd.run(["xdotool", "search", "--name", "^Scratch$", "windowactivate", "--sync"])
    time.sleep(0.5)
    _open_history(desktop)
    script = desktop.tmp / "choose.json"
    script.write_text(json.dumps([{"verb": "click", "target": "meeting notes"}]))
    run = desktop.run_cli([*ARMED, "--script", str(script), "do it"], armed=True)
    steps = json.loads(run.stdout)["steps"]
    refusals = [s["refusal"] for s in steps if s.get("refusal")]
    said = [(s.get("summary"), s.get("decision"), s.get("error"), s.get("result")) for s in steps]
    assert [r["rule"] for r in refusals] == ["terminal-window"], said
    assert "clipboard manager" in refusals[0]["message"], refusals
    time.sleep(0.5)
    assert history.read_text() == "", history.read_text()
