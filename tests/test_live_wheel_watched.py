"""A wheel turn watched a notch at a time (issue 37), on a real X server: a real Tk
program (written here) whose text scrolls, with a spin box inside the text below the
fold, where no look before the turn can see it. The text scrolls it under the still
pointer, and the next notch would change its value: the turn looks after every notch,
sees a change in place instead of a scroll, turns that notch back and stops. The
program's own log is the proof: the text moved, and the spin box ends where it began.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually

pytestmark = pytest.mark.live

ARMED = ["--live", "--real-input", "--json", "--max-steps", "2"]

#: The program: a text of 40 lines, 10 shown, that scrolls three lines a notch, with a
#: spin box as wide as the text at the start of line 12 (below the fold); it logs the
#: text's first line after each notch the text takes, and the spin box's value after
#: each notch the spin box takes.
PROGRAM = r"""
import json, sys, tkinter as tk
log = open(sys.argv[1], "a", buffering=1)
def say(**event): log.write(json.dumps(event) + "\n")
root = tk.Tk(className="ledgernotes")
root.title("Ledger notes")
root.geometry("+60+60")
text = tk.Text(root, width=36, height=10, font=("DejaVu Sans", 15), borderwidth=0,
               highlightthickness=0, wrap="none")
for n in range(1, 41):
    text.insert("end", f"Item {n} of the ledger\n")
value = tk.IntVar(value=5)
spin = tk.Spinbox(text, from_=0, to=99, textvariable=value, width=30,
                  font=("DejaVu Sans", 15))
text.window_create("12.0", window=spin)
text.configure(state="disabled")
text.pack(padx=16, pady=16)
def turned(step):
    value.set(value.get() + step)
    say(event="spin", value=value.get())
    return "break"
spin.bind("<Button-4>", lambda e: turned(1))
spin.bind("<Button-5>", lambda e: turned(-1))
def wheel(lines):
    text.yview_scroll(lines, "units")
    root.after(60, lambda: say(event="text", top=text.index("@0,0")))
    return "break"
text.bind("<Button-4>", lambda e: wheel(-3))
text.bind("<Button-5>", lambda e: wheel(3))
root.after(500, lambda: print("ready", flush=True))
root.mainloop()
"""


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _events(log: Path, kind: str) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    events = [json.loads(x) for x in log.read_text().splitlines() if x]
    return [e for e in events if e["event"] == kind]


def test_a_spin_box_the_text_brings_under_the_pointer_is_turned_back(desktop: Desk) -> None:
    program = desktop.tmp / "ledger.py"
    program.write_text(PROGRAM)
    log = desktop.tmp / "ledger.jsonl"
    proc = desktop.vd.spawn([sys.executable, str(program), str(log)], stdout=subprocess.PIPE,
                            env=desktop.env())  # fmt: skip
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    desktop.wait_window("Ledger notes")
    desktop.vd.run(["xdotool", "mousemove", "5", "5"])
    run = desktop.run_cli([*ARMED, "click 'Item 39'"], armed=True)
    try:
        episode = json.loads(run.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"no JSON episode:\n{run.stdout}\n{run.stderr}") from None
    seek = episode["steps"][0]
    assert seek["decision"]["action"]["verb"] == "seek", run.stdout
    said = json.dumps(seek.get("result") or seek.get("error"))
    scrolled = eventually(lambda: _events(log, "text"), "the text scrolled", timeout=5)
    assert scrolled[-1]["top"] != "1.0", scrolled  # the text really moved
    spins = _events(log, "spin")
    assert spins, f"the spin box never came under the pointer: {said}\n{scrolled}"
    assert spins[-1]["value"] == 5, spins  # turned back: the value it began with
    assert len(spins) == 2, spins  # one notch took it, one turned it back
    assert "changed something under the pointer" in said, said
