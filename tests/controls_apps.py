"""Small Tk programs for tests/test_live_controls.py, run as ``python controls_apps.py NAME``.

Each one has no accessibility tree (Tk implements none on X11), so the agent sees it
through shapes and OCR only, and each proves what was done the way a real program
would: it prints its result on stdout and exits 0.

- ``form``: Name, Street and City entries right of their labels and a Submit button
  that prints ``name|street|city``.
- ``keypad``: a calculator (a display and a 4x4 grid of keys 0-9 + - * / = C) that
  prints its display when ``=`` is pressed, then exits.
- ``list``: a 40-row Listbox ("Row 1".."Row 40") with a scroll bar, 8 rows tall, and an
  OK button that prints the selected row.
- ``toppings``: themed (ttk) check buttons in ttk's default theme, laid out as Tk's own
  demo of themed widgets lays them out (a labelframe, a separator between two pairs;
  each box 2 px from the frame's wall), themed radio buttons (diamonds) for a size, and
  an OK button that prints the ticked ones and the size.
"""

from __future__ import annotations

import sys
import tkinter as tk

FONT = ("DejaVu Sans", 13)


def form(root: tk.Tk) -> None:
    root.title("Tk address")
    entries = []
    for row, name in enumerate(("Name", "Street", "City")):
        tk.Label(root, text=name, font=FONT).grid(row=row, column=0, sticky="w", padx=12, pady=6)
        entry = tk.Entry(root, font=FONT, width=22)
        entry.grid(row=row, column=1, padx=12, pady=6)
        entries.append(entry)

    def submit() -> None:
        print("|".join(e.get() for e in entries), flush=True)
        root.destroy()

    tk.Button(root, text="Submit", font=FONT, command=submit).grid(row=3, column=1, pady=10)


def keypad(root: tk.Tk) -> None:
    root.title("Tk keypad")
    shown = tk.StringVar(value="")
    display = tk.Label(root, textvariable=shown, font=FONT, anchor="e", width=16,
                       relief="sunken", bg="white")  # fmt: skip
    display.grid(row=0, column=0, columnspan=4, padx=8, pady=8, sticky="ew")

    def press(key: str) -> None:
        if key == "C":
            shown.set("")
        elif key == "=":
            try:
                value = eval(shown.get(), {"__builtins__": {}})  # digits and + - * / only
            except (SyntaxError, ZeroDivisionError, NameError):
                value = "error"
            print(value, flush=True)
            root.destroy()
        else:
            shown.set(shown.get() + key)

    for i, key in enumerate("789/456*123-C0=+"):
        tk.Button(root, text=key, font=FONT, width=3, command=lambda k=key: press(k)).grid(
            row=1 + i // 4, column=i % 4, padx=2, pady=2
        )


def listbox(root: tk.Tk) -> None:
    root.title("Tk rows")
    frame = tk.Frame(root)
    frame.pack(padx=12, pady=12)
    bar = tk.Scrollbar(frame)
    rows = tk.Listbox(frame, font=FONT, height=8, width=16, yscrollcommand=bar.set,
                      exportselection=False)  # fmt: skip
    bar.configure(command=rows.yview)
    for i in range(1, 41):
        rows.insert("end", f"Row {i}")
    rows.pack(side="left")
    bar.pack(side="right", fill="y")

    def ok() -> None:
        print("|".join(rows.get(i) for i in rows.curselection()), flush=True)
        root.destroy()

    tk.Button(root, text="OK", font=FONT, command=ok).pack(pady=(0, 12))


def toppings(root: tk.Tk) -> None:
    from tkinter import ttk

    root.title("Tk toppings")
    ttk.Style(root).theme_use("default")
    group = ttk.Labelframe(root, text="Toppings")
    group.pack(padx=12, pady=12)
    names = ("Cheese", "Tomato", "Basil", "Oregano")
    ticked = {name: tk.BooleanVar(value=name == "Basil") for name in names}
    for i, name in enumerate(names):
        if i == 2:
            ttk.Separator(group).pack(fill="x", pady=2)
        ttk.Checkbutton(group, text=name, variable=ticked[name]).pack(anchor="w")

    sizes = ttk.Labelframe(root, text="Size")
    sizes.pack(padx=12, pady=(0, 12), fill="x")
    size = tk.StringVar(value="Medium")
    for name in ("Small", "Medium", "Large"):
        ttk.Radiobutton(sizes, text=name, variable=size, value=name).pack(anchor="w")

    def ok() -> None:
        print("|".join([*(n for n in names if ticked[n].get()), size.get()]), flush=True)
        root.destroy()

    ttk.Button(root, text="OK", command=ok).pack(pady=(0, 12))


def trip(root: tk.Tk) -> None:
    """Two drop-downs: ttk's read-only combo box (grey, sunk into the window) and Tk's
    option menu (a raised button showing its choice)."""
    from tkinter import ttk

    root.title("Tk trip")
    ttk.Style(root).theme_use("default")
    frame = ttk.Frame(root, padding=10)
    frame.pack()
    city = ttk.Combobox(frame, values=("Lisbon", "Porto", "Faro"), state="readonly")
    ttk.Label(frame, text="City:").grid(row=0, column=0, sticky="w", pady=4)
    city.grid(row=0, column=1, sticky="w", pady=4)
    colour = tk.StringVar(value="Red")
    tk.Label(frame, text="Colour:").grid(row=1, column=0, sticky="w", pady=4)
    tk.OptionMenu(frame, colour, "Red", "Green", "Blue").grid(row=1, column=1, sticky="w")

    def ok() -> None:
        print(f"{city.get()}|{colour.get()}", flush=True)
        root.destroy()

    tk.Button(frame, text="OK", command=ok).grid(row=2, column=0, columnspan=2, pady=6)


PROGRAMS = {"form": form, "keypad": keypad, "list": listbox, "toppings": toppings, "trip": trip}

if __name__ == "__main__":
    main = tk.Tk()
    main.geometry("+300+200")
    PROGRAMS[sys.argv[1]](main)
    main.mainloop()
