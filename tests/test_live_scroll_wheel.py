"""The wheel is input too (issue 37, item 2), on a real X server: a real Tk program
(written here) with a drawing that logs every wheel event it gets beside a list that
scrolls. A seek for a label that is not there scrolls the list and sends the drawing
nothing; a scroll aimed at the drawing's label is refused (``wheel-target``) while one
over the list scrolls it; in a window that is only a drawing, a seek gives up without
turning the wheel. The program's own log is the proof.
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

ARMED = ["--live", "--real-input", "--json", "--max-steps", "3"]

#: The program: a canvas drawing (a harbour, its name written on it) that logs wheel
#: events, and, unless started with "drawing", a list of 60 rows that logs its own and
#: where it scrolled to. Prints "ready" with the canvas's and the list's screen boxes.
PROGRAM = r"""
import json, sys, tkinter as tk
log_path, mode = sys.argv[1], sys.argv[2]
root = tk.Tk(className="harbourmap")
root.title("Harbour map")
root.geometry("+40+40")
log = open(log_path, "a", buffering=1)
def say(**event): log.write(json.dumps(event) + "\n")
canvas = tk.Canvas(root, width=520, height=420, background="#d8ecf8", highlightthickness=0)
canvas.create_rectangle(60, 260, 460, 400, fill="#8a6d3b", outline="")
canvas.create_oval(200, 80, 320, 200, fill="#f0c040", outline="")
canvas.create_text(260, 230, text="Harbour", font=("DejaVu Sans", 22, "bold"))
canvas.pack(side="left")
for seq in ("<Button-4>", "<Button-5>", "<MouseWheel>"):
    canvas.bind(seq, lambda e, s=seq: say(event="wheel", widget="canvas", seq=s))
boxes = {}
if mode == "both":
    rows = tk.Listbox(root, width=16, height=12, font=("DejaVu Sans", 18), activestyle="none",
                      highlightthickness=0, borderwidth=0)
    for n in range(60):
        rows.insert("end", f"Item {n}")
    rows.pack(side="left", fill="y", padx=20)
    def listed(seq):
        root.after(50, lambda: say(event="wheel", widget="list", seq=seq, top=rows.nearest(0)))
    for seq in ("<Button-4>", "<Button-5>", "<MouseWheel>"):
        rows.bind(seq, lambda e, s=seq: listed(s), add="+")
def ready():
    root.update_idletasks()
    for name, w in (("canvas", canvas), *((("list", rows),) if mode == "both" else ())):
        boxes[name] = [w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()]
    print(json.dumps({"ready": boxes}), flush=True)
root.after(600, ready)
root.mainloop()
"""


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


class Harbour:
    def __init__(self, desktop: Desk, mode: str) -> None:
        program = desktop.tmp / "harbour.py"
        program.write_text(PROGRAM)
        self.log = desktop.tmp / f"harbour-{mode}.jsonl"
        self.proc = desktop.vd.spawn(
            [sys.executable, str(program), str(self.log), mode],
            stdout=subprocess.PIPE,
            env=desktop.env(),
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, "the Tk program printed nothing (did it start?)"
        self.boxes: dict[str, list[int]] = json.loads(line)["ready"]
        desktop.wait_window("Harbour map")

    def wheel(self, widget: str) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        events = [json.loads(x) for x in self.log.read_text().splitlines() if x]
        return [e for e in events if e["event"] == "wheel" and e["widget"] == widget]

    def middle(self, name: str) -> tuple[int, int]:
        x, y, w, h = self.boxes[name]
        return x + w // 2, y + h // 3


def _episode(run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    try:
        episode: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"no JSON episode:\n{run.stdout}\n{run.stderr}") from None
    return episode


def _pointer_over_the_drawing(desktop: Desk, app: Harbour) -> None:
    """Where a person left the pointer: over the drawing, where a blind wheel lands."""
    x, y = app.middle("canvas")
    desktop.vd.run(["xdotool", "mousemove", str(x), str(y)])


def test_a_seek_scrolls_the_list_and_sends_the_drawing_no_wheel_event(desktop: Desk) -> None:
    app = Harbour(desktop, "both")
    _pointer_over_the_drawing(desktop, app)
    run = desktop.run_cli([*ARMED, "click 'Lighthouse'"], armed=True)
    episode = _episode(run)
    seek = episode["steps"][0]
    assert seek["decision"]["action"]["verb"] == "seek", run.stdout
    said = seek["result"]["description"]
    assert "scrolled down over 'Item" in said, said  # aimed at the list's middle row
    assert app.wheel("canvas") == [], app.wheel("canvas")  # not one notch on the drawing
    scrolled = eventually(lambda: app.wheel("list"), "wheel events on the list", timeout=5)
    assert max(e["top"] for e in scrolled) > 0, scrolled  # the list really moved


def test_a_scroll_over_the_drawing_is_refused_and_one_over_the_list_works(desktop: Desk) -> None:
    app = Harbour(desktop, "both")
    script = desktop.tmp / "scrolls.json"
    script.write_text(json.dumps([
        {"verb": "scroll", "direction": "down", "amount": 3, "target": "Item 4"},
        {"verb": "scroll", "direction": "down", "amount": 3, "target": "Harbour"},
    ]))  # fmt: skip
    run = desktop.run_cli([*ARMED, "--brain", "scripted", "--script", str(script), "x"],
                          armed=True)  # fmt: skip
    episode = _episode(run)
    rules = [s["refusal"]["rule"] for s in episode["steps"] if s.get("refusal")]
    assert rules == ["wheel-target"], run.stdout
    assert "'Harbour'" in episode["reason"] and "does not scroll" in episode["reason"]
    assert eventually(lambda: app.wheel("list"), "wheel events on the list", timeout=5)
    assert app.wheel("canvas") == []


def test_in_a_window_that_is_one_drawing_a_seek_gives_up_unturned(desktop: Desk) -> None:
    app = Harbour(desktop, "drawing")
    _pointer_over_the_drawing(desktop, app)
    run = desktop.run_cli([*ARMED, "click 'Lighthouse'"], armed=True)
    episode = _episode(run)
    seek = episode["steps"][0]
    assert seek["decision"]["action"]["verb"] == "seek", run.stdout
    assert "nothing on screen scrolls" in seek["result"]["error"], run.stdout
    assert episode["outcome"] == "unreachable", run.stdout
    assert app.wheel("canvas") == []  # the old harness turned it nine times here


def test_an_untargeted_scroll_turns_over_the_list_not_where_the_pointer_rests(
    desktop: Desk,
) -> None:
    app = Harbour(desktop, "both")
    _pointer_over_the_drawing(desktop, app)  # a blind wheel would land on the drawing
    script = desktop.tmp / "untargeted.json"
    script.write_text(json.dumps([{"verb": "scroll", "direction": "down", "amount": 3}]))
    run = desktop.run_cli([*ARMED, "--brain", "scripted", "--script", str(script), "x"],
                          armed=True)  # fmt: skip
    episode = _episode(run)
    assert not any(s.get("refusal") for s in episode["steps"]), run.stdout
    assert eventually(lambda: app.wheel("list"), "wheel events on the list", timeout=5)
    assert app.wheel("canvas") == []


def test_in_a_window_that_is_one_drawing_an_untargeted_scroll_is_refused(desktop: Desk) -> None:
    app = Harbour(desktop, "drawing")
    _pointer_over_the_drawing(desktop, app)
    script = desktop.tmp / "untargeted.json"
    script.write_text(json.dumps([{"verb": "scroll", "direction": "up", "amount": 5}]))
    run = desktop.run_cli([*ARMED, "--brain", "scripted", "--script", str(script), "x"],
                          armed=True)  # fmt: skip
    episode = _episode(run)
    rules = [s["refusal"]["rule"] for s in episode["steps"] if s.get("refusal")]
    assert rules == ["wheel-target"], run.stdout
    assert "nothing on screen scrolls" in episode["reason"], run.stdout
    assert app.wheel("canvas") == []  # the old harness turned it five notches here
