"""The incremental index on real programs: at every step of a sequence of real actions
(a dialog opens, moves, is answered; text is typed; a second dialog takes a name), the
index kept by re-reading only what changed holds the same words at the same places as
a whole read of the same frame.

"The same words" allows one difference on purpose: OCR groups words into lines by what
its detector sees around them, so a whole read and a crop can cut "Edit View Insert"
into different pieces (two whole reads of one unchanged area differ the same way), and
a word cut out with a box a pixel wider can read one letter apart ("Moditied" in a
whole read where the crop read "Modified"). Each sure word (read at 0.9 or surer) of
either index must be in the other, within a few pixels, read alike. The programs' own
reports prove the actions happened.
"""

from __future__ import annotations

import difflib
import json
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually
from tiny_computer_agent import Element, Frame, IncrementalOcr, OcrDetector, normalize_label
from tiny_computer_agent.desktop import DesktopScreen
from tiny_computer_agent.perception._incremental import IndexUpdate

pytestmark = pytest.mark.live

#: A word's centre is estimated from its share of its piece's characters: this far
#: apart (pixels) across, and this far down, two readings are the same word.
ACROSS, DOWN = 14, 6
SURE = 0.9


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _words(elements: Sequence[Element]) -> list[tuple[str, float, float, float]]:
    """(word, centre x, centre y, confidence) for every word of every piece."""
    out = []
    for e in elements:
        tokens = e.label.split()
        chars = max(1, len(e.label))
        x0, y0, x1, y1 = e.box
        at = 0
        for token in tokens:
            start = e.label.index(token, at)
            at = start + len(token)
            cx = x0 + (x1 - x0) * (start + len(token) / 2) / chars
            if len(normalize_label(token)) >= 2:
                out.append((normalize_label(token), cx, (y0 + y1) / 2, e.confidence))
    return out


def _missing(sure: Sequence[Element], other: Sequence[Element]) -> list[str]:
    """The sure words of ``sure`` that ``other`` does not hold at about the same place."""
    theirs = _words(other)
    return [
        f"{word!r} at ({x:.0f}, {y:.0f})"
        for word, x, y, conf in _words(sure)
        if conf >= SURE and not any(_same(word, x, y, w) for w in theirs)
    ]


def _same(word: str, x: float, y: float, other: tuple[str, float, float, float]) -> bool:
    """The same word at about the same place; read alike (the harness's own fuzzy
    rule, ratio >= 0.8) counts, since two crops of one word can read one letter apart."""
    near = abs(x - other[1]) <= ACROSS and abs(y - other[2]) <= DOWN
    return near and difflib.SequenceMatcher(None, word, other[0]).ratio() >= 0.8


def _still(screen: DesktopScreen, hold: float = 0.4, timeout: float = 8.0) -> Any:
    """The frame once the screen has held still for ``hold`` seconds."""
    deadline = time.monotonic() + timeout
    last, since = screen.signature(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = screen.signature()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= hold:
            break
    return screen.grab()[0]


def _both(
    screen: DesktopScreen, inc: IncrementalOcr, whole: OcrDetector, when: str
) -> tuple[list[Element], IndexUpdate]:
    """The still frame's incremental index and what it did; AssertionError when a sure
    word of it or of a whole read of the frame is missing from the other."""
    frame = Frame.of(_still(screen))
    kept = inc.detect(frame).elements
    update = inc.last_update
    assert update is not None
    full = whole.detect(frame).elements
    lost, extra = _missing(full, kept), _missing(kept, full)
    assert not lost and not extra, (
        f"{when}: the incremental index ({update.kind}, {update.regions}) lacks {lost} and "
        f"a whole read lacks {extra}; incremental {[e.label for e in kept]}, whole "
        f"{[e.label for e in full]}"
    )
    return list(kept), update


def _point(found: Sequence[Element], label: str) -> tuple[int, int]:
    hits = [e for e in found if e.key == normalize_label(label)]
    assert hits, f"{label!r} is not in the index: {[e.label for e in found]}"
    x, y = hits[0].center
    return round(x), round(y)


def test_the_incremental_index_holds_what_a_whole_read_holds_at_every_step(
    desktop: Desk,
) -> None:
    vd = desktop.vd
    app = desktop.app(extras=True, textbox=True)
    screen = DesktopScreen(display=desktop.display)
    inc, whole = IncrementalOcr(), OcrDetector()
    updates: list[str] = []

    def look(step: str) -> list[Element]:
        kept, update = _both(screen, inc, whole, f"after {step}")
        updates.append(update.kind)
        return kept

    def xdo(*args: str) -> None:
        vd.run(["xdotool", *args])

    look("the program starting")
    text = "A file named report.txt already exists. Replace it?"
    question = desktop.zenity("--question", "--title", "Replace file", "--text", text)
    look("a dialog opening")
    wid = vd.run(["xdotool", "search", "--name", "^Replace file$"]).stdout.split()[0]
    xdo("windowmove", wid, "640", "420")
    seen = look("the dialog moving")
    x0, y0, x1, y1 = app.rect("textbox")
    xdo("mousemove", str((x0 + x1) // 2), str((y0 + y1) // 2), "click", "1")
    xdo("key", "ctrl+End")
    xdo("type", "--delay", "30", " and a second line")
    look("typing into the text box")
    eventually(lambda: "second line" in app.text(timeout=0), "the text box's report")
    x, y = _point(seen, "Yes")
    xdo("mousemove", str(x), str(y), "click", "1")
    assert question.wait(timeout=10) == 0  # zenity's own answer: Yes
    look("the dialog closing")
    rename = vd.spawn(["zenity", "--entry", "--title", "Rename", "--text", "New name:"],
                      stdout=subprocess.PIPE)  # fmt: skip
    desktop.wait_window("Rename")
    look("a second dialog opening")
    xdo("type", "--delay", "30", "drafts")
    look("a name typed into the second dialog")
    xdo("key", "Return")
    out, _ = rename.communicate(timeout=10)
    assert out.strip() == "drafts"
    look("the second dialog closing")
    screen.close()
    assert updates[0] == "full"
    assert updates.count("regions") >= 4, updates  # the partial path ran on real frames


#: A Tk list of 80 rows in a 14-row box; prints its box's screen rectangle, then the
#: row under each click.
LIST_APP = """
import tkinter as tk
root = tk.Tk(); root.title("Cities"); root.geometry("+80+60")
box = tk.Listbox(root, height=14, width=28, font=("DejaVu Sans", 13))
for i in range(1, 81):
    box.insert("end", f"Row {i:02d} city number {i * 7 % 97}")
box.pack(padx=20, pady=20)
box.bind("<<ListboxSelect>>", lambda e: print("picked", box.get(box.curselection()[0]), flush=True))
def report():
    print(box.winfo_rootx(), box.winfo_rooty(), box.winfo_width(), box.winfo_height(), flush=True)
root.after(400, report); root.mainloop()
"""


def test_a_scrolled_list_is_kept_moved_and_matches_a_whole_read(desktop: Desk) -> None:
    """A real Tk list scrolled by the mouse wheel: the rows that moved are kept (moved),
    only the uncovered rows are read, and the index still holds what a whole read holds;
    then a row found that way is clicked and the list reports it."""
    vd = desktop.vd
    proc = vd.spawn([sys.executable, "-c", LIST_APP], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    x, y, w, h = (int(v) for v in proc.stdout.readline().split())
    screen = DesktopScreen(display=desktop.display)
    inc, whole = IncrementalOcr(), OcrDetector()
    inc.detect(Frame.of(_still(screen)))
    vd.run(["xdotool", "mousemove", str(x + w // 2), str(y + h // 2)])
    scrolled = []
    for turns in ("1", "1", "2"):  # a turn moves 5 of the 14 rows, two turns 10
        vd.run(["xdotool", "click", "--repeat", turns, "--delay", "40", "5"])
        kept, update = _both(screen, inc, whole, f"after {turns} wheel turn(s)")
        scrolled.append(update.scrolls)
    assert all(scrolled), scrolled  # every wheel turn was seen as a scroll
    target = next(e for e in kept if e.label.startswith("Row 3"))  # rows 21-34 show
    cx, cy = (round(v) for v in target.center)
    vd.run(["xdotool", "mousemove", str(cx), str(cy), "click", "1"])
    line = proc.stdout.readline().split()
    assert line[:3] == ["picked", *target.label.split()[:2]], (line, target.label)
    screen.close()


#: A Tk window whose Export button opens a dialog 0.3 s after the click (a program
#: doing a little work first); it prints "ready", then each dialog it opens.
LATE_APP = """
import tkinter as tk
root = tk.Tk(); root.title("Report"); root.geometry("360x160+120+120")
def dialog():
    top = tk.Toplevel(root); top.title("Exported"); top.geometry("300x120+520+200")
    tk.Label(top, text="Export finished", font=("DejaVu Sans", 14)).pack(pady=30)
    print("dialog", flush=True)
tk.Button(root, text="Export", font=("DejaVu Sans", 14),
          command=lambda: root.after(300, dialog)).pack(pady=40)
root.after(400, lambda: print("ready", flush=True)); root.mainloop()
"""

LATE_PROBE = """
import json
from tiny_computer_agent import Action, Policy
from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor

screen = DesktopScreen()
executor = RealInputExecutor(policy=Policy().armed(flag=True), screen=screen)
result = executor.execute(Action.make("click", target="Export"), screen.capture())
seen = screen.capture()
print(json.dumps({"settle": result.settle_seconds, "shows": seen.shows("Export finished")}))
"""


def test_a_dialog_that_comes_after_the_buttons_redraw_is_in_the_next_look(
    desktop: Desk,
) -> None:
    """The button redraws itself at once; its dialog comes 0.3 s later. The settle waits
    for it (the still-timer does not run from the button's own redraw), so the look after
    the click shows the dialog, and the program's report says it opened once."""
    app = desktop.vd.spawn([sys.executable, "-c", LATE_APP], stdout=subprocess.PIPE)
    assert app.stdout is not None and app.stdout.readline().strip() == "ready"
    probe = subprocess.run(
        [sys.executable, "-c", LATE_PROBE], capture_output=True, text=True, timeout=120,
        env=desktop.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1"), check=False,
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr
    answer = json.loads(probe.stdout.splitlines()[-1])
    assert answer["shows"], answer  # the look after the click has the dialog in it
    assert answer["settle"] >= 0.3, answer
    assert app.stdout.readline().strip() == "dialog"
