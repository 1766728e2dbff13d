"""X Toolkit shots for record_controls.py: xmessage and xcalc, each proved by clicks.

An Athena widget is an X window, so each control's rectangle is the X server's
(``xwininfo -tree``), and its name is the program's own resource: xmessage's
``-buttons`` list, xcalc's app-defaults labels (row by row, five keys a row, in the
order the keys are created). A name is kept only when a real click on the centre of
its rectangle did what that name says: xmessage printed that button's label, or
xcalc's display (read back through its PRIMARY selection, which a click on the
display sets) shows the expected result of a key sequence. A failed xmessage proof,
or an xcalc digit that does not prove, stops the recording.
"""

from __future__ import annotations

import re
import select
import time
from typing import Any

from scripts._record_desk import Desk, Rect, Target

_CHILD = re.compile(r"^(\s*)0x([0-9a-f]+) .*?\s(\d+)x(\d+)[+-]-?\d+[+-]-?\d+\s+\+(-?\d+)\+(-?\d+)")


def window_tree(desk: Desk, wid: int) -> list[tuple[int, int, Rect]]:
    """Every descendant window of ``wid``: (depth, id, screen rect), in xwininfo's order."""
    out = []
    for line in desk.run(["xwininfo", "-tree", "-id", hex(wid)]).splitlines():
        m = _CHILD.match(line)
        if m:
            indent, wid_, w, h, x, y = m.groups()
            x_, y_ = int(x), int(y)
            out.append((len(indent), int(wid_, 16), (x_, y_, x_ + int(w), y_ + int(h))))
    return out


def _children(tree: list[tuple[int, int, Rect]], depth: int) -> list[Rect]:
    return [rect for d, _, rect in tree if d == depth]


def _centre(rect: Rect) -> tuple[float, float]:
    return (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2


# -- xmessage ----------------------------------------------------------------------


def _xmessage(desk: Desk, argv: list[str], buttons: list[str]) -> tuple[Any, int, list[Rect]]:
    proc = desk.spawn(["xmessage", "-print", *argv, "-buttons", ",".join(buttons)], pipe=True)
    wid = desk.wait_window(title="xmessage")[0]
    time.sleep(0.3)
    tree = window_tree(desk, wid)
    form_depth = min(d for d, _, _ in tree) + 3  # shell child: the form; its children
    kids = _children(tree, form_depth)
    bottom = max(r[1] for r in kids)
    row = sorted((r for r in kids if abs(r[1] - bottom) <= 3), key=lambda r: r[0])
    if len(row) != len(buttons):
        raise RuntimeError(
            f"xmessage: found {len(row)} buttons in the bottom row, expected {buttons}"
        )
    return proc, wid, row


def _printed(proc: Any, timeout: float = 3.0) -> str:
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    return proc.stdout.readline().strip() if ready else ""


def xmessage_shot(argv: list[str], buttons: list[str]) -> Any:
    """xmessage with ``buttons``: each button clicked once in its own run first (it must
    print its label), then a last run left open for the shot, at the same geometry."""

    def stage(desk: Desk) -> list[Target]:
        rects: list[Rect] = []
        for i, name in enumerate(buttons):
            proc, _, row = _xmessage(desk, argv, buttons)
            if rects and row != rects:
                raise RuntimeError(f"xmessage moved its buttons between runs: {rects} {row}")
            rects = row
            desk.click(*_centre(row[i]))
            said = _printed(proc)
            if said != name:
                raise RuntimeError(f"xmessage: clicking {name!r} at {row[i]} printed {said!r}")
            desk.stop_apps()
        _, _, row = _xmessage(desk, argv, buttons)
        if row != rects:
            raise RuntimeError(f"xmessage moved its buttons: {rects} then {row}")
        return [Target(name, "button", rect) for name, rect in zip(buttons, row, strict=True)]

    return stage


# -- xcalc -------------------------------------------------------------------------

#: xcalc's TI keypad, row by row, as its app-defaults label it (symbol-font keys
#: decoded: the root, pi and the division sign).
XCALC_KEYS: tuple[str, ...] = (
    "1/x", "x²", "√", "CE/C", "AC",
    "INV", "sin", "cos", "tan", "DRG",
    "e", "EE", "log", "ln", "y^x",
    "not", "and", "or", "xor", "trunc",
    "π", "x!", "(", ")", "base",
    "shl", "D", "E", "F", "shr",
    "mod", "A", "B", "C", "÷",
    "STO", "7", "8", "9", "*",
    "RCL", "4", "5", "6", "-",
    "SUM", "1", "2", "3", "+",
    "EXC", "0", ".", "+/-", "=",
)  # fmt: skip

#: Key sequences and what the display must read after them (a prefix for long numbers).
XCALC_CHECKS: tuple[tuple[str, str], ...] = (
    *((f"CE/C {d}", d) for d in "0123456789"),
    ("7 CE/C", "0"),
    ("CE/C 7 + 2 =", "9"),
    ("CE/C 7 - 2 =", "5"),
    ("CE/C 7 * 2 =", "14"),
    ("CE/C 8 \u00f7 2 =", "4"),
    ("CE/C 1 . 5", "1.5"),
    ("CE/C 3 +/-", "-3"),
    ("CE/C 3 x\u00b2", "9"),
    ("CE/C 4 1/x", "0.25"),
    ("CE/C 4 x!", "24"),
    ("CE/C 9 \u221a", "3"),
    ("CE/C 2 y^x 3 =", "8"),
    ("CE/C 1 0 0 log", "2"),
    ("CE/C 1 ln", "0"),
    ("CE/C e", "2.718"),
    ("CE/C \u03c0", "3.14"),
    ("CE/C 0 cos", "1"),
    ("CE/C 4 5 tan", "1"),
    ("CE/C 3 0 sin", "0.5"),
    ("CE/C ( 2 + 3 ) * 4 =", "20"),
    ("CE/C 2 . 7 trunc", "2"),
    ("CE/C 7 mod 3 =", "1"),
    ("CE/C 5 STO CE/C RCL", "5"),
)


def _xcalc_layout(desk: Desk, wid: int) -> tuple[dict[str, Rect], Rect]:
    """The keys by name and the display's rectangle, from the X window tree."""
    tree = window_tree(desk, wid)
    top = min(d for d, _, _ in tree)
    kids = _children(tree, top + 3)
    bevel = max(kids, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))  # the display's frame
    keys = [r for r in kids if r != bevel]
    keys.sort(key=lambda r: (r[1], r[0]))
    if len(keys) != len(XCALC_KEYS):
        raise RuntimeError(f"xcalc: {len(keys)} key windows, expected {len(XCALC_KEYS)}")
    lcd = max((r for d, _, r in tree if d == top + 9), key=lambda r: r[2] - r[0])
    return dict(zip(XCALC_KEYS, keys, strict=True)), lcd


def _xcalc_reads(desk: Desk, keys: dict[str, Rect], lcd: Rect, sequence: str) -> str:
    for name in sequence.split():
        desk.click(*_centre(keys[name]))
        time.sleep(0.05)
    desk.click(*_centre(lcd))
    time.sleep(0.1)
    shown = desk.run(["xclip", "-o", "-selection", "primary"], check=False).strip()
    desk.click(*_centre(lcd))  # the click toggles the selection; leave it off
    return shown


def xcalc_shot(argv: list[str]) -> Any:
    """xcalc: keys from its window tree, each kept only when a check it takes part in
    reads right; a digit or CE/C that proves nothing stops the recording."""

    def stage(desk: Desk) -> list[Target]:
        desk.spawn(["xcalc", *argv])
        wid = desk.wait_window(title="Calculator")[0]
        time.sleep(0.4)
        keys, lcd = _xcalc_layout(desk, wid)
        proved: set[str] = set()
        for sequence, want in XCALC_CHECKS:
            shown = _xcalc_reads(desk, keys, lcd, sequence)
            if shown.lstrip().startswith(want):
                proved.update(sequence.split())
        missing = set("0123456789") | {"CE/C"}
        if not missing <= proved:
            raise RuntimeError(f"xcalc: keys not proved by clicks: {sorted(missing - proved)}")
        _xcalc_reads(desk, keys, lcd, "CE/C")
        return [Target(name, "key", keys[name]) for name in XCALC_KEYS if name in proved]

    return stage


#: (name, split, toolkit, program, stage)
XT_SHOTS = [
    (
        "xt-xmessage-save",
        "main",
        "xt",
        "xmessage",
        xmessage_shot(
            ["-geometry", "+700+300", "Save the file before closing?"], ["Yes", "No", "Maybe later"]
        ),
    ),
    (
        "xt-xmessage-large",
        "main",
        "xt",
        "xmessage (10x20 font)",
        xmessage_shot(
            ["-fn", "10x20", "-geometry", "+180+420", "The disk is almost full."],
            ["Retry", "Ignore", "Abort", "Help"],
        ),
    ),
    (
        "xt-xmessage-small",
        "main",
        "xt",
        "xmessage (6x12 font)",
        xmessage_shot(
            ["-fn", "6x12", "-geometry", "+900+150", "Install 3 updates now?"],
            ["Install", "Later", "Details"],
        ),
    ),
    ("xt-xcalc", "main", "xt", "xcalc", xcalc_shot(["-geometry", "+300+100"])),
    (
        "xt-xcalc-large",
        "main",
        "xt",
        "xcalc (large, 10x20 font)",
        xcalc_shot(["-geometry", "330x560+760+110", "-xrm", "XCalc*Font: 10x20"]),
    ),
    (
        "xt-xmessage-print",
        "holdout",
        "xt",
        "xmessage (9x15 font)",
        xmessage_shot(
            ["-fn", "9x15", "-geometry", "+420+260", "Print 2 copies?"],
            ["Print", "Preview", "Cancel"],
        ),
    ),
    (
        "xt-xcalc-small",
        "holdout",
        "xt",
        "xcalc (small)",
        xcalc_shot(["-geometry", "220x380+90+300", "-xrm", "XCalc*Font: 6x12"]),
    ),
    # fresh (recorded 2026-12-01): other fonts, colours, buttons and places
    (
        "xt-xmessage-bold",
        "fresh",
        "xt",
        "xmessage (8x13bold font)",
        xmessage_shot(
            ["-fn", "8x13bold", "-geometry", "+560+540", "The connection to the server was lost."],
            ["Reconnect", "Work offline", "Quit"],
        ),
    ),
    (
        "xt-xmessage-huge",
        "fresh",
        "xt",
        "xmessage (12x24 font, yellow, five buttons)",
        xmessage_shot(
            [
                "-fn",
                "12x24",
                "-bg",
                "lightyellow",
                "-geometry",
                "+40+90",
                "report.pdf has changed on disk.",
            ],
            ["Overwrite", "Keep", "Compare", "Cancel", "Help"],
        ),
    ),
]
