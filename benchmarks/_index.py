"""bench.py's ``index`` section: what one look costs, whole and incremental, on a real
desktop, side by side.

A private 1280x800 Xvfb with openbox holds a Tk editor window; a zenity question opens
over it and closes again, and then the pointer hovers a button (Tk highlights it). For
each change the section times, interleaved round by round on the same pair of frames:

* a whole read (``OcrDetector``, the engine's reading caches emptied first, as a fresh
  frame's text would be);
* the incremental index (``IncrementalOcr``) given the frame before, then the frame
  after, with its caches emptied (text never seen) and kept (text seen before: a
  dialog that comes back, a window that lost and regained focus);
* an unchanged frame.

That an incremental index holds a whole read's words is checked by the live tests
(tests/test_live_incremental.py), not here.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

Figure = tuple[str, float, str, str]

EDITOR = """
import tkinter as tk
root = tk.Tk(); root.title("Editor - notes.txt"); root.geometry("+200+150")
f = ("DejaVu Sans", 13)
tk.Label(root, text="Save changes to notes.txt before closing?", font=f).pack(padx=20, pady=12)
row = tk.Frame(root); row.pack(pady=6)
for name in ("Don't Save", "Cancel", "Save As", "Save"):
    tk.Button(row, text=name, font=f).pack(side="left", padx=6)
side = tk.Frame(root); side.pack(pady=6)
for word in ("Recent files", "Templates", "Autosave: on", "Word count: 231"):
    tk.Label(side, text=word, font=f).pack(side="left", padx=10)
root.after(400, lambda: print("ready", flush=True)); root.mainloop()
"""


def _forget_readings() -> None:
    """Empty the OCR engine's reading caches (recognised boxes and zoom re-reads)."""
    from tiny_computer_agent.perception import _ocr

    _ocr._ZOOMED.clear()
    for engine in _ocr._ENGINES.values():
        seen = getattr(engine.text_rec, "_seen", None)
        if seen is not None:
            seen.clear()


def _frames(vd: Any) -> dict[str, Any]:
    """The real frames: the editor, a dialog over it, and a button hovered."""
    from tiny_computer_agent.desktop import DesktopScreen

    os.environ.update(DISPLAY=vd.display, XAUTHORITY=vd.env["XAUTHORITY"])
    app = vd.spawn([sys.executable, "-c", EDITOR], stdout=subprocess.PIPE)
    assert app.stdout is not None and app.stdout.readline().strip() == "ready"
    screen = DesktopScreen(display=vd.display)
    time.sleep(0.5)
    frames = {"editor": screen.grab()[0]}
    text = "A file named report.txt already exists. Replace it?"
    dialog = vd.spawn(["zenity", "--question", "--title", "Replace file", "--text", text],
                      quiet=True)  # fmt: skip
    time.sleep(2.0)
    frames["dialog"] = screen.grab()[0]
    vd.stop(dialog)
    time.sleep(1.0)
    frames["closed"] = screen.grab()[0]
    screen.close()
    return frames


def _hover(vd: Any, frames: dict[str, Any]) -> Any:
    """The frame with the pointer over 'Cancel' (Tk's hover highlight)."""
    from tiny_computer_agent import Frame, OcrDetector
    from tiny_computer_agent.desktop import DesktopScreen

    found = OcrDetector().detect(Frame.of(frames["closed"])).elements
    cancel = next(e for e in found if e.label == "Cancel")
    x, y = (round(v) for v in cancel.center)
    vd.run(["xdotool", "mousemove", str(x), str(y)])
    time.sleep(0.5)
    screen = DesktopScreen(display=vd.display)
    try:
        return screen.grab()[0]
    finally:
        screen.close()


def _timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _incremental(before: Any, after: Any, *, cold: bool) -> tuple[float, Any]:
    """The time to index ``after`` given ``before``, and the index's update record."""
    from tiny_computer_agent import Frame, IncrementalOcr

    inc = IncrementalOcr()
    inc.detect(Frame.of(before))
    if cold:
        _forget_readings()
    seconds = _timed(lambda: inc.detect(Frame.of(after)))
    return seconds, inc.last_update


CHANGES = (
    ("a dialog opens", "closed", "dialog"),
    ("the dialog closes", "dialog", "closed"),
    ("a button is hovered", "closed", "hovered"),
)


def index_rows(repeat: int) -> list[Figure]:
    from tiny_computer_agent import Frame, IncrementalOcr, OcrDetector
    from tiny_computer_agent.desktop import VirtualDesktop

    with VirtualDesktop(window_manager=True) as vd:
        frames = _frames(vd)
        frames["hovered"] = _hover(vd, frames)
    whole = OcrDetector()
    whole.detect(Frame.of(frames["editor"]))  # the engine is built once, as in a live run
    times: dict[str, list[float]] = {}
    notes: dict[str, str] = {}
    for _ in range(repeat):
        for name, before, after in CHANGES:
            _forget_readings()
            times.setdefault(f"{name}: whole read", []).append(
                _timed(lambda a=after: whole.detect(Frame.of(frames[a])))
            )
            for cold in (True, False):
                key = f"{name}: incremental, {'new text' if cold else 'text seen before'}"
                seconds, update = _incremental(frames[before], frames[after], cold=cold)
                times.setdefault(key, []).append(seconds)
                notes[key] = (
                    f"{update.kind}; {len(update.regions)} region(s), {update.area:.1%} of "
                    f"the frame; {update.kept} kept, {update.read} read"
                    + (f"; {len(update.recoloured)} recoloured" if update.recoloured else "")
                )
        still = IncrementalOcr()
        still.detect(Frame.of(frames["dialog"]))
        times.setdefault("an unchanged frame: incremental", []).append(
            _timed(lambda i=still: i.detect(Frame.of(frames["dialog"].copy())))
        )
        notes["an unchanged frame: incremental"] = "not one pixel changed"
    return [
        (name, statistics.median(values), "s",
         f"{notes.get(name, '')}; {min(values) * 1000:.0f}-{max(values) * 1000:.0f} ms")
        for name, values in times.items()
    ]  # fmt: skip
