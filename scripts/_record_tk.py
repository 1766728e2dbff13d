"""Tk shots for record_controls.py: small Tk programs and Tk's own demos.

Truth comes from Tk: once the window has been idle a while, the program walks its
own widget tree (``winfo children``) and prints each mapped widget's class, text,
state and ``winfo rootx/rooty/width/height`` as one JSON line; a listbox adds its
visible rows (``bbox``). Tk's demos (Debian's tk8.6-doc) are sourced unchanged into a
Tcl interpreter, with the two helpers their ``widget`` launcher would define
(``positionWindow`` and ``addSeeDismiss``, the latter without its icons).
"""

from __future__ import annotations

import json
import select
import sys
import time
from pathlib import Path
from typing import Any

from scripts._record_desk import Desk, Target, field_names

DEMOS = Path("/usr/share/doc/tk8.6-doc/demos")

#: Run inside the Tk program: print the widget tree as JSON once, after ``delay`` ms.
DUMP = r"""
import json, tkinter as _tk
def _state(tk, c, cls):
    st = []
    try:
        if str(tk.call(c, "cget", "-state")) == "disabled": st.append("disabled")
    except _tk.TclError:
        if cls.startswith("T") and tk.call(c, "instate", "disabled"): st.append("disabled")
    if cls in ("Checkbutton", "Radiobutton"):
        var = str(tk.call(c, "cget", "-variable"))
        val = str(tk.call("set", "::" + var.lstrip(":"))) if var else ""
        want = tk.call(c, "cget", "-onvalue" if cls == "Checkbutton" else "-value")
        if var and val == str(want): st.append("checked")
    elif cls in ("TCheckbutton", "TRadiobutton") and tk.call(c, "instate", "selected"):
        st.append("checked")
    return st
def _rows(tk, c, x, y, w):
    rows, sel = [], {int(i) for i in tk.splitlist(tk.call(c, "curselection"))}
    bd = int(tk.call(c, "cget", "-borderwidth")) + int(tk.call(c, "cget", "-highlightthickness"))
    for i in range(int(tk.call(c, "size"))):
        box = tk.splitlist(tk.call(c, "bbox", i))
        if box:
            top, h = y + int(box[1]), int(box[3])
            rows.append({"text": str(tk.call(c, "get", i)),
                         "rect": [x + bd, top, x + w - bd, top + h],
                         "state": ["selected"] if i in sel else []})
    return rows
def _dump(tk):
    out = []
    def walk(w):
        for c in tk.splitlist(tk.call("winfo", "children", w)):
            if not int(tk.call("winfo", "ismapped", c)): continue
            cls = str(tk.call("winfo", "class", c))
            x, y = int(tk.call("winfo", "rootx", c)), int(tk.call("winfo", "rooty", c))
            w_, h_ = int(tk.call("winfo", "width", c)), int(tk.call("winfo", "height", c))
            item = {"path": str(c), "cls": cls, "rect": [x, y, x + w_, y + h_], "state": [],
                    "top": str(tk.call("winfo", "id", tk.call("winfo", "toplevel", c)))}
            try: item["text"] = str(tk.call(c, "cget", "-text"))
            except _tk.TclError: pass
            try: item["state"] = _state(tk, c, cls)
            except _tk.TclError: pass
            if cls in ("Entry", "TEntry", "Spinbox", "TSpinbox", "TCombobox"):
                item["value"] = str(tk.call(c, "get"))
            if cls == "Listbox": item["rows"] = _rows(tk, c, x, y, w_)
            out.append(item); walk(c)
    walk(".")
    print(json.dumps(out), flush=True)
"""

PRELUDE = "import tkinter as tk\nroot = tk.Tk()\n"
EPILOGUE = "\nroot.after({delay}, lambda: _dump(root.tk))\nroot.mainloop()\n"

#: The helpers Tk's ``widget`` launcher gives its demos (without the icons).
DEMO_STUBS = r"""
package require msgcat
namespace import ::msgcat::mc
set tk_demoDirectory {%(dir)s}
set widgetDemo 1
font create mainFont -family Helvetica -size 12
set font mainFont
proc positionWindow w { wm geometry $w +%(x)d+%(y)d }
proc addSeeDismiss {w show {vars {}} {extra {}}} {
    ttk::frame $w
    ttk::separator $w.sep
    grid $w.sep -columnspan 4 -row 0 -sticky ew -pady 2
    ttk::button $w.dismiss -text [mc "Dismiss"] -command [list destroy [winfo toplevel $w]]
    ttk::button $w.code -text [mc "See Code"]
    set buttons [list x $w.code $w.dismiss]
    if {[llength $vars]} {
        ttk::button $w.vars -text [mc "See Variables"]
        set buttons [linsert $buttons 1 $w.vars]
    }
    if {$extra ne ""} { set buttons [linsert $buttons 1 [uplevel 1 $extra]] }
    grid {*}$buttons -padx 4 -pady 4
    grid columnconfigure $w 0 -weight 1
    return $w
}
"""

_KINDS = {
    "Button": "button", "TButton": "button", "Menubutton": "button", "TMenubutton": "button",
    "Checkbutton": "check", "TCheckbutton": "check",
    "Radiobutton": "radio", "TRadiobutton": "radio",
    "Entry": "field", "TEntry": "field", "Spinbox": "field", "TSpinbox": "field",
    "TCombobox": "field", "Label": "text", "TLabel": "text",
}  # fmt: skip


def run_tk(desk: Desk, code: str, *, delay: int = 700, timeout: float = 15) -> list[Target]:
    """Run a Tk program (Python source that builds ``root``); its widgets as targets."""
    source = DUMP + PRELUDE + code + EPILOGUE.format(delay=delay)
    proc = desk.spawn([sys.executable, "-c", source], pipe=True)
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.2)
        if ready:
            line = proc.stdout.readline()
            if line.startswith("["):
                return tk_targets(json.loads(line), proc.pid)
        if proc.poll() is not None:
            break
    raise RuntimeError(f"the Tk program printed no widget tree:\n{code[:300]}")


def tk_targets(items: list[dict[str, Any]], pid: int | None) -> list[Target]:
    """Targets from Tk's widget dump: controls by class, short labels as text, listbox
    rows as items, and each entry named by its nearest label."""
    labels, fields, out = [], [], []
    for it in items:
        wid = int(it["top"], 16)
        kind = _KINDS.get(it["cls"], "")
        text = " ".join(str(it.get("text", "")).split())
        rect = tuple(it["rect"])
        state = frozenset(it.get("state", ()))
        for row in it.get("rows", ()):
            out.append(
                Target(
                    row["text"], "item", tuple(row["rect"]), pid, frozenset(row["state"]), wid=wid
                )
            )
        if kind == "field":
            fields.append(
                Target("", "field", rect, pid, state | {"editable"}, it.get("value"), wid)
            )
        elif kind == "text":
            if text and len(text) <= 30 and "\n" not in str(it.get("text", "")):
                labels.append(Target(text, "text", rect, pid, wid=wid))
        elif kind and text:
            if kind == "button" and ".keypad." in it["path"]:
                kind = "key"
            out.append(Target(text, kind, rect, pid, state, wid=wid))
    return out + labels + field_names(labels, fields)


def demo_shot(name: str, x: int, y: int) -> Any:
    """A stage function for Tk's demo ``name``.tcl, its window at (x, y)."""

    def stage(desk: Desk) -> list[Target]:
        stubs = DEMO_STUBS % {"dir": DEMOS, "x": x, "y": y}
        code = (
            f"root.withdraw()\nroot.tk.eval({stubs!r})\n"
            f"root.tk.eval('source {DEMOS / (name + '.tcl')}')\n"
        )
        return run_tk(desk, code, delay=1200)

    return stage


def program_shot(code: str) -> Any:
    def stage(desk: Desk) -> list[Target]:
        return run_tk(desk, code)

    return stage


# -- our Tk programs: forms, boxes, lists, tight rows, keypads ---------------------------

FORM_BESIDE = """
root.title({title!r}); root.geometry("+{x}+{y}")
f = ("{family}", {size})
for i, (label, value) in enumerate({fields!r}):
    tk.Label(root, text=label, font=f).grid(row=i, column=0, sticky="e", padx=6, pady=4)
    e = tk.Entry(root, font=f, width={width}); e.grid(row=i, column=1, padx=6, pady=4)
    e.insert(0, value)
row = tk.Frame(root); row.grid(row=99, column=0, columnspan=2, pady=8)
for b in {buttons!r}:
    tk.Button(row, text=b, font=f).pack(side="left", padx=5)
"""

FORM_BELOW = """
root.title({title!r}); root.geometry("+{x}+{y}")
f = ("{family}", {size})
for label, value in {fields!r}:
    tk.Label(root, text=label, font=f, anchor="w").pack(fill="x", padx=10, pady=(6, 0))
    e = tk.Entry(root, font=f, width={width}); e.pack(padx=10, pady=(0, 4), anchor="w")
    e.insert(0, value)
row = tk.Frame(root); row.pack(pady=8)
for b in {buttons!r}:
    tk.Button(row, text=b, font=f).pack(side="left", padx=5)
"""

BOXES = """
root.title({title!r}); root.geometry("+{x}+{y}")
f = ("{family}", {size})
tk.Label(root, text={heading!r}, font=f).pack(anchor="w", padx=10, pady=6)
keep = []
for i, text in enumerate({checks!r}):
    v = tk.IntVar(root, value=i % 2, name="check%d" % i); keep.append(v)
    tk.Checkbutton(root, text=text, variable=v, font=f).pack(anchor="w", padx=14)
choice = tk.StringVar(root, value={radios!r}[1], name="choice")
for text in {radios!r}:
    tk.Radiobutton(root, text=text, value=text, variable=choice, font=f).pack(anchor="w", padx=14)
row = tk.Frame(root); row.pack(pady=8)
for b in {buttons!r}:
    tk.Button(row, text=b, font=f).pack(side="left", padx=5)
"""

LISTBOX = """
root.title({title!r}); root.geometry("+{x}+{y}")
f = ("{family}", {size})
tk.Label(root, text={heading!r}, font=f).pack(anchor="w", padx=10, pady=6)
lb = tk.Listbox(root, font=f, height={rows}, exportselection=False)
for item in {items!r}:
    lb.insert("end", item)
lb.selection_set({selected}); lb.pack(padx=10, fill="x")
row = tk.Frame(root); row.pack(pady=8)
for b in {buttons!r}:
    tk.Button(row, text=b, font=f).pack(side="left", padx=5)
"""

TIGHT = """
root.title({title!r}); root.geometry("+{x}+{y}")
f = ("{family}", {size})
tk.Label(root, text={heading!r}, font=f).pack(padx=10, pady=8)
for words in {rows!r}:
    row = tk.Frame(root); row.pack(pady=2)
    for w in words:
        tk.Button(row, text=w, font=f, padx=0, bd=1).pack(side="left", padx=0)
"""

KEYPAD = """
root.title({title!r}); root.geometry("+{x}+{y}")
f = ("{family}", {size})
tk.Entry(root, font=f, justify="right", width=14).pack(padx=8, pady=8)
pad = tk.Frame(root, name="keypad"); pad.pack(padx=8, pady=4)
for r, keys in enumerate({keys!r}):
    for c, key in enumerate(keys):
        tk.Button(pad, text=key, font=f, width=2, padx={padx}, bd={bd}).grid(row=r, column=c)
"""


def _p(template: str, **kw: Any) -> Any:
    return program_shot(template.format(**kw))


_ADDRESS = [("Name", "Ada Lovelace"), ("Street", ""), ("City", "Lisbon"), ("Postcode", "")]
_LOGIN = [("User name:", "ada"), ("Password:", ""), ("Server", "mail.example.org")]
_OPS = [
    ["7", "8", "9", "\u00f7", "\u2190"],
    ["4", "5", "6", "\u00d7", "C"],
    ["1", "2", "3", "\u2212", "("],
    ["0", ".", "%", "+", "="],
]

#: (name, split, toolkit, program, stage)
TK_SHOTS = [
    (
        "tk-form-beside",
        "main",
        "tk",
        "tk form (labels left)",
        _p(
            FORM_BESIDE,
            title="Shipping address",
            x=120,
            y=90,
            family="DejaVu Sans",
            size=12,
            fields=_ADDRESS,
            width=24,
            buttons=["Cancel", "Save"],
        ),
    ),
    (
        "tk-form-beside-small",
        "main",
        "tk",
        "tk form (labels left, small)",
        _p(
            FORM_BESIDE,
            title="Account",
            x=640,
            y=380,
            family="DejaVu Sans",
            size=9,
            fields=_LOGIN,
            width=18,
            buttons=["Log in", "Help", "Quit"],
        ),
    ),
    (
        "tk-form-below",
        "main",
        "tk",
        "tk form (labels above)",
        _p(
            FORM_BELOW,
            title="New contact",
            x=420,
            y=60,
            family="DejaVu Serif",
            size=13,
            fields=[
                ("First name", "Grace"),
                ("Last name", ""),
                ("Phone", "555 0100"),
                ("Email", ""),
            ],
            width=26,
            buttons=["Discard", "Add contact"],
        ),
    ),
    (
        "tk-boxes",
        "main",
        "tk",
        "tk check and radio buttons",
        _p(
            BOXES,
            title="Preferences",
            x=200,
            y=150,
            family="DejaVu Sans",
            size=12,
            heading="Notifications",
            checks=["Email me", "Play a sound", "Show badges", "Daily digest"],
            radios=["Never", "Hourly", "Daily"],
            buttons=["Apply", "Close"],
        ),
    ),
    (
        "tk-boxes-large",
        "main",
        "tk",
        "tk check and radio buttons (large)",
        _p(
            BOXES,
            title="Print",
            x=700,
            y=80,
            family="DejaVu Sans Mono",
            size=15,
            heading="Options",
            checks=["Duplex", "Collate"],
            radios=["Portrait", "Landscape", "Auto"],
            buttons=["Print", "Cancel"],
        ),
    ),
    (
        "tk-listbox",
        "main",
        "tk",
        "tk listbox",
        _p(
            LISTBOX,
            title="Choose a city",
            x=300,
            y=200,
            family="DejaVu Sans",
            size=12,
            heading="Destination",
            rows=7,
            selected=2,
            items=[
                "Amsterdam",
                "Berlin",
                "Lisbon",
                "Madrid",
                "Oslo",
                "Paris",
                "Rome",
                "Vienna",
                "Warsaw",
            ],
            buttons=["OK", "Cancel"],
        ),
    ),
    (
        "tk-tight-row",
        "main",
        "tk",
        "tk tight button rows (padx=0, bd=1)",
        _p(
            TIGHT,
            title="Toolbar",
            x=150,
            y=300,
            family="DejaVu Sans",
            size=12,
            heading="Pick one",
            rows=[["One", "Two", "Three", "Four"], ["Cut", "Copy", "Paste", "Undo", "Redo"]],
        ),
    ),
    (
        "tk-tight-row-small",
        "main",
        "tk",
        "tk tight button rows (small)",
        _p(
            TIGHT,
            title="Format",
            x=760,
            y=500,
            family="DejaVu Sans",
            size=9,
            heading="Style",
            rows=[
                ["Bold", "Italic", "Underline", "Strike"],
                ["Left", "Center", "Right", "Justify"],
            ],
        ),
    ),
    (
        "tk-keypad",
        "main",
        "tk",
        "tk keypad",
        _p(
            KEYPAD,
            title="Calculator",
            x=500,
            y=200,
            family="DejaVu Sans",
            size=14,
            keys=_OPS,
            padx=4,
            bd=2,
        ),
    ),
    (
        "tk-keypad-small",
        "main",
        "tk",
        "tk keypad (tight, small)",
        _p(
            KEYPAD,
            title="Keys",
            x=90,
            y=420,
            family="DejaVu Sans Mono",
            size=10,
            keys=_OPS,
            padx=0,
            bd=1,
        ),
    ),
    ("tk-demo-form", "main", "tk", "Tk demo form.tcl", demo_shot("form", 260, 140)),
    ("tk-demo-check", "main", "tk", "Tk demo check.tcl", demo_shot("check", 520, 260)),
    ("tk-demo-radio", "main", "tk", "Tk demo radio.tcl", demo_shot("radio", 120, 120)),
    ("tk-demo-states", "main", "tk", "Tk demo states.tcl", demo_shot("states", 640, 90)),
    ("tk-demo-button", "main", "tk", "Tk demo button.tcl", demo_shot("button", 380, 330)),
    # held out: other programs and states
    (
        "tk-form-beside-serif",
        "holdout",
        "tk",
        "tk form (serif)",
        _p(
            FORM_BESIDE,
            title="Billing",
            x=560,
            y=140,
            family="DejaVu Serif",
            size=11,
            fields=[("Card holder", "A. Turing"), ("Card number", ""), ("Expiry", "09/29")],
            width=20,
            buttons=["Back", "Pay now"],
        ),
    ),
    (
        "tk-keypad-large",
        "holdout",
        "tk",
        "tk keypad (large)",
        _p(
            KEYPAD,
            title="Adder",
            x=820,
            y=120,
            family="DejaVu Sans",
            size=18,
            keys=[["1", "2", "3", "+"], ["4", "5", "6", "\u2212"], ["7", "8", "9", "="]],
            padx=2,
            bd=1,
        ),
    ),
    ("tk-demo-entry3", "holdout", "tk", "Tk demo entry3.tcl", demo_shot("entry3", 200, 100)),
    ("tk-demo-spin", "holdout", "tk", "Tk demo spin.tcl", demo_shot("spin", 600, 300)),
    ("tk-demo-ttkbut", "holdout", "tk", "Tk demo ttkbut.tcl", demo_shot("ttkbut", 150, 200)),
    # fresh (recorded 2026-12-01): programs, demos, fonts and states in neither split
    (
        "tk-form-below-mono",
        "fresh",
        "tk",
        "tk form (labels above, mono)",
        _p(
            FORM_BELOW,
            title="Project settings",
            x=90,
            y=70,
            family="DejaVu Sans Mono",
            size=11,
            fields=[
                ("Repository URL", "https://git.example.org/shop/app.git"),
                ("Branch", "release-4.2"),
                ("Build command", ""),
                ("Output folder", "dist/"),
            ],
            width=34,
            buttons=["Test connection", "Cancel", "Save"],
        ),
    ),
    (
        "tk-listbox-serif-small",
        "fresh",
        "tk",
        "tk listbox (serif, small, more rows than it shows)",
        _p(
            LISTBOX,
            title="Open recent",
            x=860,
            y=330,
            family="DejaVu Serif",
            size=10,
            heading="Recent documents",
            rows=5,
            selected=3,
            items=[
                "minutes-2026-11-27.odt",
                "budget-2027-draft.ods",
                "invoice-0481.pdf",
                "team-photo.png",
                "notes.md",
                "roadmap.txt",
                "old-logo.svg",
            ],
            buttons=["Open", "Remove from list", "Close"],
        ),
    ),
    ("tk-demo-msgbox", "fresh", "tk", "Tk demo msgbox.tcl", demo_shot("msgbox", 330, 110)),
    (
        "tk-demo-labelframe",
        "fresh",
        "tk",
        "Tk demo labelframe.tcl (disabled checks)",
        demo_shot("labelframe", 640, 420),
    ),
    ("tk-demo-puzzle", "fresh", "tk", "Tk demo puzzle.tcl", demo_shot("puzzle", 110, 380)),
    (
        "tk-demo-toolbar",
        "fresh",
        "tk",
        "Tk demo toolbar.tcl (flat toolbuttons)",
        demo_shot("toolbar", 480, 60),
    ),
]
