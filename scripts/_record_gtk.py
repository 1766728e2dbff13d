"""GTK shots for record_controls.py: zenity and yad dialogs, named by their AT-SPI tree.

Truth is the accessibility tree GTK publishes (names, roles, states, screen extents),
read by :data:`READER`, a few lines run under Debian's ``/usr/bin/python3`` with
``gir1.2-atspi-2.0`` (a different Python from the project's venv; only recording uses
it). A node counts when it is SHOWING and VISIBLE; its rectangle is clipped to the
scrolled area it sits in. Roles become kinds through :data:`ROLES`; a list row whose
first cell is an unnamed toggle is a check (or radio) box named by the row's text,
placed on the box, since that is what has to be clicked.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scripts._record_desk import Desk, Target, field_names
from scripts._record_tk import run_tk

READER = r"""
import gi, json
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi
S = Atspi.StateType
CLIPS = {"scroll pane", "viewport"}
def inter(a, b):
    return [max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])]
def walk(node, pid, clip, row, out, depth=0):
    try:
        role, st = node.get_role_name(), node.get_state_set()
        if depth and not (st.contains(S.SHOWING) and st.contains(S.VISIBLE)): return
        e = node.get_extents(Atspi.CoordType.SCREEN)
        rect = [e.x, e.y, e.x + e.width, e.y + e.height]
    except Exception:
        return
    vis = inter(rect, clip)
    states = [n for n, s in (("checked", S.CHECKED), ("selected", S.SELECTED),
              ("focused", S.FOCUSED), ("editable", S.EDITABLE), ("disabled", None))
              if (s is not None and st.contains(s)) or (s is None and not st.contains(S.ENABLED))]
    item = {"pid": pid, "role": role, "name": node.get_name() or "", "rect": vis,
            "full": rect, "states": states, "depth": depth, "parent": row}
    if st.contains(S.EDITABLE) and role != "password text":
        try: item["value"] = node.get_text_iface().get_text(0, -1)
        except Exception: pass
    out.append(item)
    me = len(out) - 1
    if role in CLIPS: clip = inter(clip, rect)
    for i in range(min(node.get_child_count(), 400)):
        walk(node.get_child_at_index(i), pid, clip, me, out, depth + 1)
desk = Atspi.get_desktop(0)
out = []
for i in range(desk.get_child_count()):
    app = desk.get_child_at_index(i)
    walk(app, app.get_process_id(), [-10**6, -10**6, 10**6, 10**6], -1, out)
print(json.dumps(out))
"""

ROLES = {
    "push button": "button", "toggle button": "button", "combo box": "button",
    "check box": "check", "radio button": "radio", "text": "field",
    "password text": "field", "entry": "field", "spin button": "field",
    "slider": "slider", "page tab": "tab", "menu item": "menuitem", "link": "link",
    "list item": "item", "label": "text",
}  # fmt: skip


def read_tree(desk: Desk) -> list[dict[str, Any]]:
    """Every showing AT-SPI node of every application on the desk's session bus."""
    done = subprocess.run(
        ["/usr/bin/python3", "-c", READER],
        env=desk.env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the AT-SPI reader failed: {done.stderr[-800:]}")
    nodes: list[dict[str, Any]] = json.loads(done.stdout)
    return nodes


def wait_tree(
    desk: Desk, pids: Sequence[int], timeout: float = 20, want: str = "push button"
) -> list[dict[str, Any]]:
    """The tree once each pid shows a ``want`` (a role or a name) and two reads 0.5 s
    apart agree."""
    deadline, last = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        nodes = read_tree(desk)
        ready = all(
            any(n["pid"] == p and want in (n["role"], n["name"]) for n in nodes) for p in pids
        )
        shape = [(n["role"], n["name"], n["rect"]) for n in nodes]
        if ready and shape == last:
            return nodes
        last = shape if ready else None
        time.sleep(0.5)
    raise RuntimeError(f"no stable AT-SPI tree for pids {list(pids)} in {timeout}s")


def _ancestor(nodes: list[dict[str, Any]], i: int, roles: Sequence[str]) -> int:
    """The index of node ``i``'s nearest ancestor with one of ``roles`` (-1: none)."""
    i = nodes[i]["parent"]
    while i >= 0 and nodes[i]["role"] not in roles:
        i = nodes[i]["parent"]
    return i


def _rows(nodes: list[dict[str, Any]], toggle: str) -> list[Target]:
    """Table cells grouped into rows: a toggle (unnamed first cell) becomes ``toggle``,
    named by the row's first text; otherwise the row's first named cell is an item."""
    rows: dict[tuple[int, int], list[dict[str, Any]]] = {}
    parents = {n["parent"] for n in nodes if n["role"] == "table cell"}
    for i, n in enumerate(nodes):
        r = n["rect"]
        if (
            n["role"] == "table cell" and r[3] - r[1] > 4 and r[2] - r[0] >= 3 and i not in parents
        ):  # leaf cells only (not a row's container)
            table = _ancestor(nodes, i, ("table", "tree table", "tree"))
            rows.setdefault((table, n["full"][1]), []).append(n)
    out = []
    for cells in rows.values():
        cells.sort(key=lambda c: c["full"][0])
        named = [c for c in cells if c["name"].strip()]
        if not named:
            continue
        first, text = cells[0], named[0]
        if toggle and not first["name"].strip():
            out.append(
                Target(
                    text["name"],
                    toggle,
                    tuple(first["rect"]),
                    first["pid"],
                    frozenset(s for s in first["states"] if s == "checked"),
                )
            )
        else:
            out.append(
                Target(
                    text["name"],
                    "item",
                    tuple(text["rect"]),
                    text["pid"],
                    frozenset(s for s in text["states"] if s == "selected"),
                )
            )
    return out


def gtk_targets(nodes: list[dict[str, Any]], toggle: str = "") -> list[Target]:
    """Targets from the tree: controls by role, short labels as text, list rows, and
    each unnamed field or slider named by its nearest label."""
    labels, fields, out = [], [], []
    for i, node in enumerate(nodes):
        n = node
        kind = ROLES.get(n["role"], "")
        r = n["rect"]
        row = _ancestor(nodes, i, ("list item",)) if kind == "text" else -1
        if row >= 0 and not nodes[row]["name"].strip():  # a list row shown by its label
            kind, r = "item", nodes[row]["rect"]
        if n["role"] == "combo box":  # a drop-down: named by its label, showing a value
            n = {**n, "value": n["name"], "name": ""}
            kind = "field"
        if not kind or r[2] - r[0] < 3 or r[3] - r[1] < 3:
            continue
        name = " ".join(n["name"].split())
        state = frozenset(s for s in n["states"] if s != "focused" or kind == "field")
        target = Target(name, kind, tuple(r), n["pid"], state, n.get("value"))
        if kind == "text":
            if name and len(name) <= 30:
                labels.append(target)
        elif kind in ("field", "slider"):
            fields.append(Target("", kind, tuple(r), n["pid"], state, n.get("value")))
        elif name:
            out.append(target)
    return out + labels + field_names(labels, fields) + _rows(nodes, toggle)


def gtk_shot(
    *argvs: Sequence[str], toggle: str = "", moves: Sequence[tuple[int, int]] = (), under: str = ""
) -> Any:
    """Programs ``argvs`` (zenity, yad), optionally over a Tk program ``under``; their
    windows moved to ``moves`` in order; targets from the AT-SPI tree (and Tk's)."""

    def stage(desk: Desk) -> list[Target]:
        base = run_tk(desk, under) if under else []
        procs = []
        for argv in argvs:
            procs.append(desk.spawn(list(argv)))
            win = desk.wait_window(pid=procs[-1].pid)
            if len(procs) <= len(moves):
                desk.move_window(win[0], *moves[len(procs) - 1])
        time.sleep(0.5)
        nodes = wait_tree(desk, [p.pid for p in procs])
        return base + gtk_targets(nodes, toggle)

    return stage


FILES = Path(tempfile.gettempdir()) / "tca-record-files"


def _files_dir() -> str:
    """A folder with known files for the file chooser (the same names every run)."""
    FILES.mkdir(exist_ok=True)
    for name in ("budget-2026.ods", "holiday.jpg", "letter.txt", "notes.md", "report.pdf"):
        (FILES / name).write_text("x\n")
    (FILES / "photos").mkdir(exist_ok=True)
    return str(FILES) + "/"


def _chooser(desk: Desk) -> list[Target]:
    folder = _files_dir()
    proc = desk.spawn(
        ["zenity", "--file-selection", "--title", "Open a document", "--filename", folder]
    )
    desk.wait_window(pid=proc.pid)
    time.sleep(1.0)
    return gtk_targets(wait_tree(desk, [proc.pid], want="report.pdf"))


def _with_files(stage: Any) -> Any:
    """``stage``, after the chooser's folder of known files exists (for a yad file field)."""

    def run(desk: Desk) -> list[Target]:
        _files_dir()
        targets: list[Target] = stage(desk)
        return targets

    return run


_Z = "zenity"
_UNDER_TK = """
root.title("Orders - Tk"); root.geometry("+80+60")
f = ("DejaVu Sans", 12)
for i, w in enumerate(["Open", "Refresh", "Export", "Delete"]):
    tk.Button(root, text=w, font=f).grid(row=0, column=i, padx=4, pady=6)
lb = tk.Listbox(root, font=f, height=12, width=40)
for k in range(1, 13): lb.insert("end", "Order %04d  shipped" % (1000 + 7 * k))
lb.grid(row=1, column=0, columnspan=4, padx=8, pady=8)
"""

#: (name, split, toolkit, program, stage)
GTK_SHOTS = [
    (
        "gtk-zenity-question",
        "main",
        "gtk",
        "zenity --question",
        gtk_shot(
            [
                _Z,
                "--question",
                "--title",
                "Replace file?",
                "--text",
                "A file named notes.txt already exists. Replace it?",
            ]
        ),
    ),
    (
        "gtk-zenity-question-extra",
        "main",
        "gtk",
        "zenity --question (3 buttons)",
        gtk_shot(
            [
                _Z,
                "--question",
                "--title",
                "Updates",
                "--text",
                "3 updates are ready.",
                "--ok-label",
                "Install",
                "--cancel-label",
                "Not now",
                "--extra-button",
                "Details",
            ],
            moves=[(140, 90)],
        ),
    ),
    (
        "gtk-zenity-forms",
        "main",
        "gtk",
        "zenity --forms",
        gtk_shot(
            [
                _Z,
                "--forms",
                "--title",
                "Address",
                "--text",
                "Where should we ship?",
                "--add-entry",
                "Street",
                "--add-entry",
                "City",
                "--add-entry",
                "Postcode",
                "--add-password",
                "PIN",
            ],
            moves=[(600, 300)],
        ),
    ),
    (
        "gtk-zenity-forms-combo",
        "main",
        "gtk",
        "zenity --forms (combo)",
        gtk_shot(
            [
                _Z,
                "--forms",
                "--title",
                "Sign up",
                "--add-entry",
                "Full name",
                "--add-entry",
                "Email",
                "--add-combo",
                "Country",
                "--combo-values",
                "Portugal|Spain|France",
                "--width",
                "420",
            ],
            moves=[(90, 380)],
        ),
    ),
    (
        "gtk-zenity-checklist",
        "main",
        "gtk",
        "zenity --list --checklist",
        gtk_shot(
            [
                _Z,
                "--list",
                "--checklist",
                "--title",
                "Groceries",
                "--height",
                "330",
                "--column",
                "Buy",
                "--column",
                "Item",
                "TRUE",
                "Apples",
                "FALSE",
                "Pears",
                "TRUE",
                "Bread",
                "FALSE",
                "Cheese",
                "FALSE",
                "Olive oil",
            ],
            toggle="check",
        ),
    ),
    (
        "gtk-zenity-radiolist",
        "main",
        "gtk",
        "zenity --list --radiolist",
        gtk_shot(
            [
                _Z,
                "--list",
                "--radiolist",
                "--title",
                "Shirt size",
                "--height",
                "300",
                "--column",
                "Pick",
                "--column",
                "Size",
                "FALSE",
                "Small",
                "TRUE",
                "Medium",
                "FALSE",
                "Large",
                "FALSE",
                "Extra large",
            ],
            toggle="radio",
            moves=[(760, 120)],
        ),
    ),
    (
        "gtk-zenity-list",
        "main",
        "gtk",
        "zenity --list",
        gtk_shot(
            [
                _Z,
                "--list",
                "--title",
                "Printers",
                "--height",
                "320",
                "--width",
                "420",
                "--column",
                "Printer",
                "--column",
                "Status",
                "Office laser",
                "Ready",
                "Colour inkjet",
                "Out of paper",
                "Label printer",
                "Offline",
            ],
            moves=[(300, 200)],
        ),
    ),
    (
        "gtk-zenity-entry",
        "main",
        "gtk",
        "zenity --entry",
        gtk_shot(
            [
                _Z,
                "--entry",
                "--title",
                "Rename",
                "--text",
                "New name:",
                "--entry-text",
                "holiday-2026.jpg",
            ],
            moves=[(820, 520)],
        ),
    ),
    (
        "gtk-zenity-scale",
        "main",
        "gtk",
        "zenity --scale",
        gtk_shot(
            [_Z, "--scale", "--title", "Volume", "--text", "Volume", "--value", "40"],
            moves=[(200, 500)],
        ),
    ),
    ("gtk-zenity-file", "main", "gtk", "zenity --file-selection", _chooser),
    (
        "gtk-zenity-two-dialogs",
        "main",
        "gtk",
        "two zenity dialogs, same OK",
        gtk_shot(
            [_Z, "--info", "--title", "Printer", "--text", "The printer is out of paper."],
            [_Z, "--info", "--title", "Backup", "--text", "The backup finished."],
            moves=[(520, 330), (380, 220)],
        ),
    ),
    (
        "gtk-zenity-over-tk",
        "main",
        "gtk",
        "zenity over a Tk window",
        gtk_shot(
            [
                _Z,
                "--question",
                "--title",
                "Delete order?",
                "--text",
                "Delete order 1007?",
                "--ok-label",
                "Delete",
                "--cancel-label",
                "Keep",
            ],
            moves=[(260, 200)],
            under=_UNDER_TK,
        ),
    ),
    (
        "gtk-yad-form",
        "main",
        "gtk",
        "yad --form",
        gtk_shot(
            [
                "yad",
                "--form",
                "--title",
                "Newsletter",
                "--field",
                "Name",
                "--field",
                "Email",
                "--field",
                "Subscribe:CHK",
                "--field",
                "Format:CB",
                "Ann",
                "",
                "TRUE",
                "HTML!Plain text",
                "--button",
                "Save:0",
                "--button",
                "Cancel:1",
                "--width",
                "380",
            ],
            moves=[(480, 150)],
        ),
    ),
    (
        "gtk-yad-checklist",
        "main",
        "gtk",
        "yad --list --checklist",
        gtk_shot(
            [
                "yad",
                "--list",
                "--checklist",
                "--title",
                "Packages",
                "--width",
                "360",
                "--height",
                "300",
                "--column",
                "Install:CHK",
                "--column",
                "Package",
                "TRUE",
                "vim",
                "FALSE",
                "emacs",
                "TRUE",
                "git",
                "FALSE",
                "htop",
            ],
            toggle="check",
            moves=[(100, 120)],
        ),
    ),
    (
        "gtk-yad-buttons",
        "main",
        "gtk",
        "yad (many buttons)",
        gtk_shot(
            [
                "yad",
                "--text",
                "Choose how to continue",
                "--title",
                "Conflict",
                "--button",
                "Keep both:2",
                "--button",
                "Skip:1",
                "--button",
                "Replace:0",
                "--button",
                "Cancel:3",
            ],
            moves=[(650, 450)],
        ),
    ),
    # held out: other programs and states
    (
        "gtk-zenity-password",
        "holdout",
        "gtk",
        "zenity --password --username",
        gtk_shot([_Z, "--password", "--username", "--title", "Log in"], moves=[(330, 330)]),
    ),
    (
        "gtk-zenity-calendar",
        "holdout",
        "gtk",
        "zenity --calendar",
        gtk_shot(
            [
                _Z,
                "--calendar",
                "--title",
                "Pick a date",
                "--day",
                "14",
                "--month",
                "3",
                "--year",
                "2026",
            ],
            moves=[(700, 200)],
        ),
    ),
    (
        "gtk-yad-form2",
        "holdout",
        "gtk",
        "yad --form (checks, spin)",
        gtk_shot(
            [
                "yad",
                "--form",
                "--title",
                "Backup",
                "--field",
                "Folder",
                "--field",
                "Compress:CHK",
                "--field",
                "Encrypt:CHK",
                "--field",
                "Keep days:NUM",
                "/home/ann",
                "FALSE",
                "TRUE",
                "7!1..30!1",
                "--button",
                "Start:0",
                "--button",
                "Close:1",
            ],
            moves=[(150, 260)],
        ),
    ),
    (
        "gtk-zenity-multiple",
        "holdout",
        "gtk",
        "zenity --list --multiple",
        gtk_shot(
            [
                _Z,
                "--list",
                "--multiple",
                "--title",
                "Recipients",
                "--height",
                "280",
                "--column",
                "Name",
                "Ann",
                "Ben",
                "Chloe",
                "Dev",
            ],
            moves=[(880, 300)],
        ),
    ),
    # fresh (recorded 2026-12-01): programs, dialogs, fields and states in neither split
    (
        "gtk-yad-radiolist",
        "fresh",
        "gtk",
        "yad --list --radiolist (4 columns)",
        gtk_shot(
            [
                "yad",
                "--list",
                "--radiolist",
                "--title",
                "Restore a backup",
                "--width",
                "540",
                "--height",
                "300",
                "--column",
                "Use:RD",
                "--column",
                "Snapshot",
                "--column",
                "Size",
                "--column",
                "Taken",
                "FALSE",
                "Nightly",
                "2.1 GB",
                "2026-11-30",
                "TRUE",
                "Weekly",
                "14.8 GB",
                "2026-11-24",
                "FALSE",
                "Monthly",
                "51.0 GB",
                "2026-11-01",
                "FALSE",
                "Before upgrade",
                "9.3 GB",
                "2026-10-17",
                "--button",
                "Restore:0",
                "--button",
                "Cancel:1",
            ],
            toggle="radio",
            moves=[(380, 170)],
        ),
    ),
    (
        "gtk-yad-form-fields",
        "fresh",
        "gtk",
        "yad --form (combo, file, read-only)",
        _with_files(
            gtk_shot(
                [
                    "yad",
                    "--form",
                    "--title",
                    "Export report",
                    "--width",
                    "470",
                    "--field",
                    "Report title",
                    "--field",
                    "Template:CB",
                    "--field",
                    "Attach file:FL",
                    "--field",
                    "Created by:RO",
                    "Q4 sales by region",
                    "Summary!^Detailed!Compact",
                    str(FILES / "report.pdf"),
                    "ann@example.org",
                    "--button",
                    "Export:0",
                    "--button",
                    "Cancel:1",
                ],
                moves=[(120, 110)],
            )
        ),
    ),
    (
        "gtk-zenity-forms-wifi",
        "fresh",
        "gtk",
        "zenity --forms (entry, combo, password)",
        gtk_shot(
            [
                _Z,
                "--forms",
                "--title",
                "Hidden network",
                "--text",
                "Connect to a hidden Wi-Fi network",
                "--add-entry",
                "Network name",
                "--add-combo",
                "Security",
                "--combo-values",
                "None|WPA2 Personal|WPA3 Personal",
                "--add-password",
                "Password",
                "--ok-label",
                "Connect",
                "--cancel-label",
                "Back",
            ],
            moves=[(720, 90)],
        ),
    ),
    (
        "gtk-zenity-entry-extra",
        "fresh",
        "gtk",
        "zenity --entry (prefilled, extra button)",
        gtk_shot(
            [
                _Z,
                "--entry",
                "--title",
                "Save as",
                "--text",
                "File name:",
                "--entry-text",
                "minutes-2026-12-01.odt",
                "--ok-label",
                "Save",
                "--extra-button",
                "Save a copy",
                "--width",
                "460",
            ],
            moves=[(110, 540)],
        ),
    ),
    (
        "gtk-zenity-question-long",
        "fresh",
        "gtk",
        "zenity --question (long text)",
        gtk_shot(
            [
                _Z,
                "--question",
                "--title",
                "Erase disk?",
                "--text",
                "Erasing the disk removes every partition on it, including the three\n"
                "partitions of the system that is running now. Files on them cannot be\n"
                "recovered afterwards. Make sure you have a backup before you continue.",
                "--ok-label",
                "Erase disk",
                "--cancel-label",
                "Go back",
            ],
            moves=[(330, 420)],
        ),
    ),
    (
        "gtk-zenity-error-over-entry",
        "fresh",
        "gtk",
        "zenity --error over zenity --entry",
        gtk_shot(
            [
                _Z,
                "--entry",
                "--title",
                "Proxy",
                "--text",
                "Proxy host and port:",
                "--entry-text",
                "proxy.example.org:3128",
                "--width",
                "420",
            ],
            [
                _Z,
                "--error",
                "--title",
                "Connection failed",
                "--text",
                "Could not reach the proxy.",
            ],
            moves=[(300, 260), (600, 345)],
        ),
    ),
]
