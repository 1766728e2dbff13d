"""A procedure taught by showing once (issue 36, item 3), on a real Xvfb with openbox.

The test is the person: while ``--teach`` records (the real CLI, in its own process,
listening through the X server's RECORD extension), it clicks and types into a real Tk
form with xdotool, real input the form handles as it would a person's. Then it moves
and resizes the form's window, and runs the taught procedure, armed, with another
value; the form's own printout says which value reached it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually
from tests.episodes import episode_of

pytestmark = pytest.mark.live

TITLE = "Guest list"
#: A Tk form: a field labelled "Guest name" and a button "Add guest" that prints
#: ``added NAME`` with what the field holds; it prints its widgets' screen boxes first.
FORM = r"""
import json, tkinter as tk
root = tk.Tk()
root.title("Guest list")
root.geometry("480x200+140+110")
font = ("DejaVu Sans", 14)
tk.Label(root, text="Guest name", font=font).grid(row=0, column=0, padx=16, pady=28, sticky="w")
entry = tk.Entry(root, font=font, width=16)
entry.grid(row=0, column=1, padx=8)
button = tk.Button(root, text="Add guest", font=font,
                   command=lambda: print("added " + entry.get(), flush=True))
button.grid(row=1, column=1, pady=8, sticky="e")

def report():
    root.update_idletasks()
    boxes = {n: [w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()]
             for n, w in (("entry", entry), ("button", button))}
    print(json.dumps(boxes), flush=True)

root.after(500, report)
root.mainloop()
"""


class Form:
    """The running form: its widgets' boxes and every line it printed since."""

    def __init__(self, d: Desk) -> None:
        script = d.tmp / "guest_form.py"
        script.write_text(FORM, encoding="utf-8")
        self.proc = d.vd.spawn([sys.executable, str(script)], stdout=subprocess.PIPE)
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        assert first, "the form printed nothing (did Tk start?)"
        self.boxes: dict[str, list[int]] = json.loads(first)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        d.wait_window(TITLE)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.strip())

    def middle(self, name: str) -> tuple[int, int]:
        x, y, w, h = self.boxes[name]
        return x + w // 2, y + h // 2


@pytest.fixture
def d(tmp_path: Path) -> Iterator[Desk]:
    steps = desk(tmp_path)
    d = next(steps)
    try:
        for name in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS"):
            d.vd.env.pop(name, None)
        yield d
    finally:
        steps.close()


def _teach(d: Desk, argv: list[str]) -> tuple[subprocess.Popen[str], Path]:
    """``--teach`` started in the background; returns once it is recording. Its
    diagnostics go to a file the test reads."""
    said = d.tmp / "teach-stderr.txt"
    code = (
        f"import sys; sys.stderr = open({str(said)!r}, 'w', buffering=1); "
        f"from tiny_computer_agent.cli import main; sys.exit(main({argv!r}))"
    )
    proc = d.vd.spawn([sys.executable, "-c", code], env=d.env(), stdout=subprocess.PIPE)
    eventually(lambda: said.exists() and "recording" in said.read_text(), "--teach recording",
               timeout=60)  # fmt: skip
    return proc, said


def _person(d: Desk, *steps: list[str]) -> None:
    """Real input, as a person gives it: one xdotool command at a time, with pauses."""
    for argv in steps:
        d.vd.run(["xdotool", *argv])
        time.sleep(1.0)


def _replay(d: Desk, goal: str) -> dict[str, Any]:
    """The CLI on ``goal``, armed, allowed to type into the form (by its title: its class,
    ``Tk``, is every Tk program's), as JSON with a log of its steps
    (:func:`tests.episodes.episode_of`)."""
    argv = ["--live", "--real-input", "--json", "--max-steps", "8", "--allow-typing-in", TITLE,
            goal]  # fmt: skip
    return episode_of(d.run_cli(argv, armed=True, timeout=150))


def test_a_form_taught_once_replays_with_another_name_after_its_window_moved(d: Desk) -> None:
    form = Form(d)
    teacher, said = _teach(d, ["--teach", "add-guest", "--teach-seconds", "90",
                               "--example-goal", "add 'Alice' to the guest list"])  # fmt: skip
    entry, button = form.middle("entry"), form.middle("button")
    _person(
        d,
        ["mousemove", str(entry[0]), str(entry[1]), "click", "1"],
        ["type", "--delay", "80", "Alice"],
        ["mousemove", str(button[0]), str(button[1]), "click", "1"],
        ["key", "ctrl+shift+F12"],
    )
    out, _ = teacher.communicate(timeout=120)
    path = d.tmp / "state" / "procedures" / "add-guest.json"
    log = said.read_text()
    print(out, log, path.read_text() if path.exists() else "", sep="\n")
    assert teacher.returncode == 0, f"{out}\n{log}"
    assert "added Alice" in form.lines, form.lines  # the person's own run reached the form
    taught = json.loads(path.read_text(encoding="utf-8"))
    assert str(path) in out, out
    # steps by label and kind, not pixels; the typed name is a parameter
    assert taught["examples"] == ["add {guest_name} to the guest list"], taught
    assert taught["parameters"] == {
        "guest_name": {"type": "text", "description": "taught with 'Alice'"}
    }
    steps = [(s["do"], s.get("target"), s.get("text")) for s in taught["steps"]]
    assert steps == [
        ("type", {"label": "Guest name", "kind": "field"}, "{guest_name}"),
        ("click", {"label": "Add guest", "kind": "button"}, None),
    ], json.dumps(taught, indent=2)
    assert taught["preconditions"] == [{"window": TITLE}], taught
    assert "Alice" not in json.dumps(taught["steps"]), taught  # the value is the parameter's

    wid = d.vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{TITLE}$"]).stdout.split()[0]
    was = d.vd.run(["xdotool", "getwindowgeometry", wid]).stdout
    d.vd.run(["xdotool", "windowsize", wid, "620", "300"])
    d.vd.run(["xdotool", "windowmove", wid, "560", "380"])
    now = eventually(
        lambda: (g := d.vd.run(["xdotool", "getwindowgeometry", wid]).stdout) != was and g,
        "the form's window moved and resized",
        timeout=5,
    )
    assert "620x300" in now, now
    time.sleep(0.5)  # mapped is not painted

    episode = _replay(d, "add 'Bob' to the guest list")
    seen = f"the form printing 'added Bob'\n{episode['log']}"
    eventually(lambda: "added Bob" in form.lines, seen, timeout=10)
    played = [(s.get("decision") or {}).get("reply", "") for s in episode["steps"]]
    assert [r for r in played if r.startswith("procedure add-guest step")], episode["log"]
    assert form.lines == ["added Alice", "added Bob"], (form.lines, episode["log"])


def test_a_click_on_nothing_named_writes_nothing_and_says_where(d: Desk) -> None:
    """The desktop's empty background has no label: teaching does not guess a step there.
    The recording ends by its time limit (no stop chord)."""
    Form(d)
    teacher, said = _teach(d, ["--teach", "nowhere", "--teach-seconds", "5"])
    _person(d, ["mousemove", "1100", "700", "click", "1"])
    out, _ = teacher.communicate(timeout=120)
    log = said.read_text()
    assert teacher.returncode == 1, f"{out}\n{log}"
    assert "recording ended (time)" in log, log
    assert "nothing written" in log and "click at (1100, 700)" in log, log
    assert "was on nothing the screen's index names" in log, log
    assert not (d.tmp / "state" / "procedures" / "nowhere.json").exists()
