"""A tiny Tk text editor for tests/test_live_procedures.py: ``python procedure_apps.py FILE``.

It opens FILE in a Text widget (the keyboard in the text, the caret at the start), and
has what a real editor has for the procedures to use: a File menu with Save (ctrl+s)
and Save As... (ctrl+shift+s, Tk's own file dialog from
``tkinter.filedialog.asksaveasfilename``), and a title that says the file's name, with
``*`` while it holds unsaved changes. Saving writes the text exactly as shown (no
newline added) and prints ``saved PATH``; the file on disk is the proof.
"""

from __future__ import annotations

import sys
import tkinter as tk
from pathlib import Path
from tkinter import filedialog

FONT = ("DejaVu Sans", 13)


def editor(path: Path) -> None:
    root = tk.Tk()
    root.geometry("720x480+120+80")
    text = tk.Text(root, font=FONT, undo=True, wrap="word")
    text.insert("1.0", path.read_text(encoding="utf-8") if path.exists() else "")
    text.edit_modified(False)
    text.mark_set("insert", "1.0")
    state = {"path": path}

    def retitle(*_: object) -> None:
        star = "*" if text.edit_modified() else ""
        root.title(f"{star}{state['path'].name} - Tk Editor")

    def save(*_: object) -> str:
        state["path"].write_text(text.get("1.0", "end-1c"), encoding="utf-8")
        text.edit_modified(False)
        retitle()
        print(f"saved {state['path']}", flush=True)
        return "break"

    def save_as(*_: object) -> str:
        chosen = filedialog.asksaveasfilename(
            parent=root,
            title="Save As",
            initialdir=str(state["path"].parent),
            initialfile=state["path"].name,
        )
        if chosen:
            state["path"] = Path(chosen)
            save()
        text.focus_set()
        return "break"

    bar = tk.Menu(root)
    menu = tk.Menu(bar, tearoff=False)
    menu.add_command(label="Save", accelerator="Ctrl+S", command=save)
    menu.add_command(label="Save As...", accelerator="Ctrl+Shift+S", command=save_as)
    bar.add_cascade(label="File", menu=menu)
    root.config(menu=bar)
    for seq in ("<Control-s>", "<Control-Key-S>", "<Control-Shift-Key-S>"):
        root.bind_all(seq, save_as if seq != "<Control-s>" else save)
    text.bind("<<Modified>>", retitle)
    text.pack(fill="both", expand=True, padx=8, pady=8)
    retitle()
    text.focus_force()
    root.mainloop()


if __name__ == "__main__":
    editor(Path(sys.argv[1]))
