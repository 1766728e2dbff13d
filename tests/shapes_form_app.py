"""A Tk form for tests/test_live_shapes.py, run as ``python shapes_form_app.py``.

Entry fields right of their labels (one empty, one filled), check buttons (one ticked),
radio buttons (one chosen), a row of buttons packed with no space between them, and a
keypad grid. Once mapped it prints one JSON line on stdout: every widget's real
geometry read from Tk (root x, root y, width, height) and the check/radio states, the
ground truth the test compares the shapes with.
"""

from __future__ import annotations

import json
import tkinter as tk

FONT = ("DejaVu Sans", 12)


def _form(root: tk.Tk, widgets: dict[str, tk.Widget]) -> None:
    form = tk.Frame(root)
    form.pack(padx=16, pady=(16, 8), anchor="w")
    for row, (name, text) in enumerate((("Name", ""), ("Street", ""), ("City", "Lisbon"))):
        label = tk.Label(form, text=name, font=FONT)
        label.grid(row=row, column=0, sticky="w", padx=(0, 10), pady=4)
        entry = tk.Entry(form, font=FONT, width=22)
        entry.insert(0, text)
        entry.grid(row=row, column=1, pady=4)
        widgets[f"label:{name}"] = label
        widgets[f"field:{name}"] = entry


def _choices(root: tk.Tk, widgets: dict[str, tk.Widget], keep: list[tk.Variable]) -> None:
    box = tk.Frame(root)
    box.pack(padx=16, pady=8, anchor="w")
    for name, on in (("Subscribe", 1), ("Remember me", 0)):
        var = tk.IntVar(value=on)
        keep.append(var)
        check = tk.Checkbutton(box, text=name, variable=var, font=FONT)
        check.pack(side="left", padx=(0, 20))
        widgets[f"check:{name}"] = check
    size = tk.StringVar(value="Large")
    keep.append(size)
    for name in ("Small", "Large"):
        radio = tk.Radiobutton(box, text=name, variable=size, value=name, font=FONT)
        radio.pack(side="left", padx=(0, 12))
        widgets[f"radio:{name}"] = radio


def _buttons(root: tk.Tk, widgets: dict[str, tk.Widget]) -> None:
    row = tk.Frame(root)
    row.pack(padx=16, pady=8, anchor="w")
    for name in ("One", "Two", "Three", "Four"):
        button = tk.Button(row, text=name, font=FONT)
        button.pack(side="left", padx=0)
        widgets[f"button:{name}"] = button
    pad = tk.Frame(root)
    pad.pack(padx=16, pady=(8, 16), anchor="w")
    for i, key in enumerate("789456123"):
        button = tk.Button(pad, text=key, font=FONT, width=3)
        button.grid(row=i // 3, column=i % 3)
        widgets[f"key:{key}"] = button


def main() -> None:
    root = tk.Tk()
    root.title("Shapes form")
    root.geometry("+120+90")
    widgets: dict[str, tk.Widget] = {}
    keep: list[tk.Variable] = []
    _form(root, widgets)
    _choices(root, widgets, keep)
    _buttons(root, widgets)

    def report() -> None:
        root.update_idletasks()
        geo = {
            n: [w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()]
            for n, w in widgets.items()
        }
        print(json.dumps({"geometry": geo}), flush=True)

    root.after(500, report)
    root.mainloop()


if __name__ == "__main__":
    main()
