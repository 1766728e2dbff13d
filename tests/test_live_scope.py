"""Scope (issue 37, item 4), on a real X server under openbox: two real Tk programs
(written here), each a window with one big button that logs its presses. With
``--window`` naming one, an armed click on the other window's button is refused
(``window-scope``) and that program's own log shows nothing happened, while a click in
the scoped window is done and logged. A real panel (tint2) over the scoped window's lower
edge: a click on its clock is the panel's, refused by the scope, and with no scope the
panel's own command runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require

pytestmark = pytest.mark.live

ARMED = ["--live", "--real-input", "--json", "--max-steps", "2", "--brain", "scripted"]

#: One window titled argv[2] at x = argv[3], with WM_CLASS argv[4] and one button
#: labelled argv[5] that logs its presses to argv[1].
PROGRAM = r"""
import json, sys, tkinter as tk
log_path, title, x, klass, label = sys.argv[1:6]
root = tk.Tk(className=klass)
root.title(title)
root.geometry(f"520x320+{x}+80")
log = open(log_path, "a", buffering=1)
press = lambda: log.write(json.dumps({"event": "pressed", "button": label}) + "\n")
tk.Label(root, text=title, font=("DejaVu Sans", 18)).pack(pady=20)
tk.Button(root, text=label, font=("DejaVu Sans", 24), width=8, command=press).pack(pady=30)
root.after(600, lambda: print("ready", flush=True))
root.mainloop()
"""


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


class Pad:
    """One running program: its log of presses."""

    def __init__(self, desktop: Desk, title: str, x: int, klass: str, label: str) -> None:
        program = desktop.tmp / "pad.py"
        program.write_text(PROGRAM)
        self.log = desktop.tmp / f"{klass}.jsonl"
        proc = desktop.vd.spawn(
            [sys.executable, str(program), str(self.log), title, str(x), klass, label],
            stdout=subprocess.PIPE,
            env=desktop.env(),
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        desktop.wait_window(title)

    def presses(self) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        return [json.loads(x) for x in self.log.read_text().splitlines() if x]


def _run(desktop: Desk, target: str, *scope: str) -> dict[str, Any]:
    script = desktop.tmp / f"click-{target}.json"
    script.write_text(json.dumps([{"verb": "click", "target": target}]))
    windows = [arg for name in scope for arg in ("--window", name)]
    run = desktop.run_cli([*ARMED, "--script", str(script), *windows, "press"], armed=True)
    try:
        episode: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"no JSON episode:\n{run.stdout}\n{run.stderr}") from None
    return episode


def test_a_click_outside_the_window_scope_is_refused_and_inside_it_works(desktop: Desk) -> None:
    left = Pad(desktop, "Ledger pad", 40, "ledgerpad", "Alpha")
    right = Pad(desktop, "Mailer pad", 640, "mailerpad", "Bravo")
    refused = _run(desktop, "Bravo", "Ledger pad")
    rules = [s["refusal"]["rule"] for s in refused["steps"] if s.get("refusal")]
    assert rules == ["window-scope"], refused
    assert "'Mailer pad'" in refused["reason"] and "--window 'Ledger pad'" in refused["reason"]
    done = _run(desktop, "Alpha", "Ledger pad")
    assert not [s for s in done["steps"] if s.get("refusal")], done
    assert eventually(left.presses, "the scoped window's press", timeout=5) == [
        {"event": "pressed", "button": "Alpha"}
    ]
    assert right.presses() == []  # the other program's own log: nothing happened there
    by_class = _run(desktop, "Bravo", "ledgerpad")  # the scope named by WM_CLASS
    assert by_class["reason"].startswith("window-scope"), by_class
    assert right.presses() == []


#: A real panel (tint2) along the screen's bottom, above the programs' windows, whose one
#: item is a clock that reads "Agenda" and, clicked, runs a command: the panel's own
#: effect, a file written.
PANEL = """
panel_items = C
panel_position = bottom center horizontal
panel_size = 100% 48
panel_layer = top
strut_policy = none
time1_format = Agenda
time1_font = DejaVu Sans 20
clock_font_color = #ffffff 100
clock_lclick_command = touch {clicked}
"""

#: A window whose lower edge runs under the panel: the clock's pixels lie in its box.
TALL = r"""
import sys, tkinter as tk
root = tk.Tk(className="ledgerpad")
root.title("Ledger pad")
root.geometry("1200x640+40+140")
tk.Label(root, text="Ledger pad", font=("DejaVu Sans", 18)).pack(pady=20)
root.after(600, lambda: print("ready", flush=True))
root.mainloop()
"""


def test_a_click_on_a_panel_over_the_scoped_window_is_judged_by_the_panel(desktop: Desk) -> None:
    require("tint2")
    clicked = desktop.tmp / "clicked"
    config = desktop.tmp / "tint2rc"
    config.write_text(PANEL.format(clicked=clicked))
    desktop.vd.spawn(["tint2", "-c", str(config)], env=desktop.env())
    program = desktop.tmp / "tall.py"
    program.write_text(TALL)
    proc = desktop.vd.spawn([sys.executable, str(program)], stdout=subprocess.PIPE,
                            env=desktop.env())  # fmt: skip
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    desktop.wait_window("Ledger pad")
    refused = _run(desktop, "Agenda", "Ledger pad")
    rules = [s["refusal"]["rule"] for s in refused["steps"] if s.get("refusal")]
    assert rules == ["window-scope"], refused
    assert "'tint2'" in refused["reason"], refused["reason"]
    time.sleep(1)
    assert not clicked.exists()  # the panel ran nothing
    # the same click with no scope reaches the panel: its command runs
    done = _run(desktop, "Agenda")
    assert not [s for s in done["steps"] if s.get("refusal")], done
    assert eventually(clicked.exists, "the panel's clock command", timeout=5)


def test_a_box_dressed_as_a_program_whose_window_was_minimised_stays_out(desktop: Desk) -> None:
    """Any X client may minimise another's window and show a box of its own class in its
    place. Real Mousepad, minimised (openbox unmaps it), and zenity started with
    Mousepad's class and title: the only window on screen says it is Mousepad. The window
    list keeps the minimised one (``hidden_windows``), whose process says which program
    ``--window mousepad`` is, so an armed click on the box is refused, and zenity's own
    exit code shows nothing was pressed. Shown again, Mousepad itself is in scope."""
    require("mousepad", "zenity")
    desktop.vd.spawn(["mousepad", str(desktop.tmp / "ledger.txt")])
    eventually(lambda: _window_ids(desktop, "mousepad"), "Mousepad's window", timeout=15)
    time.sleep(1.0)  # mapped is not painted
    (own,) = _window_ids(desktop, "mousepad")
    desktop.vd.run(["xdotool", "windowminimize", own])
    title = "ledger.txt - Mousepad"
    box = desktop.vd.spawn(["zenity", "--question", "--class=Mousepad", "--name=mousepad",
                            "--title", title, "--text", "Allow access to your files?",
                            "--ok-label", "Allow", "--cancel-label", "Deny"])  # fmt: skip
    desktop.wait_window(title)
    trace = desktop.tmp / "trace.json"
    run = desktop.run_cli([*QUOTED, "--trace", str(trace), "click 'Allow'"], armed=True)
    episode = json.loads(run.stdout or "{}")
    assert episode.get("reason", "").startswith("window-scope"), run.stderr[-3000:]
    assert "is not shown (minimised or on another workspace)" in episode["reason"], episode
    assert box.poll() is None  # zenity's own answer: nothing pressed Allow (exit 0)
    frame = json.loads(trace.read_text())["steps"][0]["frame"]
    assert [w["process"] for w in frame["windows"] if w.get("wm_class")] == ["zenity"]
    assert "mousepad" in [w["process"] for w in frame["hidden_windows"]], frame
    box.kill()
    desktop.vd.run(["xdotool", "windowactivate", "--sync", own])
    time.sleep(0.5)
    shown = desktop.run_cli([*QUOTED, "click 'File'"], armed=True)
    done = json.loads(shown.stdout or "{}")
    assert not [s for s in done["steps"] if s.get("refusal")], done


#: An armed run of a quoted goal, its brain the planner, confined to Mousepad.
QUOTED = ["--live", "--real-input", "--json", "--max-steps", "2", "--window", "mousepad"]


def _window_ids(desktop: Desk, klass: str) -> list[str]:
    """The ids of the visible windows of class ``klass`` (xdotool's search)."""
    found = desktop.vd.run(
        ["xdotool", "search", "--onlyvisible", "--class", f"^{klass}$"], check=False
    )
    return found.stdout.split()
