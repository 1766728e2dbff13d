"""Record benchmarks/controls: real screenshots of real programs, with labelled targets.

    python scripts/record_controls.py [--out DIR] [--split main|holdout|fresh] [--only NAME ...]

Each shot starts real programs on a private 1280x800x24 Xvfb with openbox and a private
D-Bus session bus (for GTK's accessibility tree), waits until the screen is still,
captures a PNG and writes the targets the toolkit itself reports, never what one of
our detectors sees:

* **Tk** (our small Tk programs and Tk's own demos from Debian's ``tk8.6-doc``): the
  program walks its own widget tree and prints every control's class, text, state and
  ``winfo rootx/rooty/width/height`` (listbox rows from ``bbox``) as JSON.
* **GTK** (zenity, yad): the AT-SPI tree, read by a small reader run under Debian's
  ``/usr/bin/python3`` (``gir1.2-atspi-2.0``), names, roles, states and screen extents.
* **X Toolkit** (xmessage, xcalc): every Athena widget is an X window, so rectangles
  come from the X server (``xwininfo -tree``) and names from the program's own
  resources (xmessage's ``-buttons``, xcalc's app-defaults). Each is proved by a real
  click on its centre: xmessage prints the chosen button, xcalc's display (read back
  through its PRIMARY selection) shows the key's effect. A failed proof stops the run.
* **Window titles** from the window manager (``_NET_WM_NAME``, ``_NET_FRAME_EXTENTS``).

Each shot also keeps its ``context``: what the live desktop screen would have given a
detector with that frame, read right after the capture by the project's own code (not
by the truth readers above): ``windows`` (``XWindows``, top-most first) and
``accessible`` (our ``AtspiBackend`` snapshot as elements), both in screen pixels. Tk
and X Toolkit programs have no tree, so theirs is empty. Note that GTK's truth and
GTK's ``accessible`` come from the same AT-SPI tree (read by different code), so the
``a11y`` detector scores well on GTK partly by construction.

A field's name is its label: the toolkit's nearest label left of it (same row), or
else just above it. A target whose centre is covered by a window stacked above its
own is left out.

HELD-OUT RULE: this set is for measuring only. Nobody tunes a threshold, a rule or a
model on it; a detector that is changed after looking at a miss here must be measured
again on a set recorded afresh (``--split holdout`` into a folder its author never
sees). The labels file says so in its ``note``. The ``fresh`` split is such a set: 14
shots of programs, dialogs and states in neither other split, written on 2026-12-01
while that day's kind rules were made, by a helper that saw neither them nor any
detector's output on it, committed before them, recorded outside the repository, and
scored only once those rules were done (its context is recorded with the code of the
day, so it is recorded again then).

Needs: xvfb, openbox, xdotool, x11-utils, x11-apps (xcalc, xmessage), xclip, zenity,
yad, dbus, at-spi2-core, gir1.2-atspi-2.0, python3-gi, tk8.6-doc, fonts-dejavu-core.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts._record_desk import Desk, Target, window_titles  # noqa: E402
from scripts._record_gtk import GTK_SHOTS  # noqa: E402
from scripts._record_tk import TK_SHOTS  # noqa: E402
from scripts._record_xt import XT_SHOTS  # noqa: E402

NOTE = (
    "Recorded by scripts/record_controls.py. HELD OUT: for measuring only; nobody tunes "
    "thresholds, rules or models on these shots. Truth comes from the toolkits (Tk's "
    "winfo, GTK's AT-SPI tree, X windows of X Toolkit programs proved by real clicks, "
    "openbox's frame extents), never from our detectors."
)


@dataclasses.dataclass(frozen=True)
class Shot:
    """One screenshot: its file stem, split, toolkit, program and how to stage it."""

    name: str
    split: str
    toolkit: str
    program: str
    stage: Callable[[Desk], list[Target]]


def all_shots() -> list[Shot]:
    shots = [Shot(*spec) for spec in (*TK_SHOTS, *XT_SHOTS, *GTK_SHOTS)]
    names = [s.name for s in shots]
    if len(set(names)) != len(names):
        raise ValueError(f"duplicate shot names in {names}")
    return shots


def _visible(targets: list[Target], desk: Desk, size: tuple[int, int]) -> list[dict[str, Any]]:
    """Targets clipped to the screen, without those covered by a window above their own."""
    stack = desk.stacking()  # bottom -> top: (window id, pid, frame rect)
    out = []
    for t in targets:
        left, top, right, bottom = t.rect
        left, top = max(left, 0), max(top, 0)
        right, bottom = min(right, size[0]), min(bottom, size[1])
        if right - left < 3 or bottom - top < 3:
            continue
        if desk.covered((left + right) / 2, (top + bottom) / 2, t.pid, stack, t.wid):
            continue
        item: dict[str, Any] = {"name": t.name, "kind": t.kind, "rect": [left, top, right, bottom]}
        if t.state:
            item["state"] = sorted(t.state)
        if t.value is not None:
            item["value"] = t.value
        out.append(item)
    return out


def record_shot(shot: Shot, desk: Desk, out: Path) -> dict[str, Any]:
    """Stage ``shot``, capture it, and return its labels entry (PNG written to ``out``)."""
    try:
        targets = shot.stage(desk)
        desk.wait_still()
        image = desk.capture()
        context = desk.context()  # right after the grab, as the desktop screen reads it
        targets += window_titles(desk)
        labels = _visible(targets, desk, image.size)
    finally:
        desk.stop_apps()
    path = out / f"{shot.name}.png"
    image.save(path, optimize=True)
    return {
        "file": path.name,
        "program": shot.program,
        "toolkit": shot.toolkit,
        "split": shot.split,
        "size": list(image.size),
        "targets": labels,
        "context": context,
    }


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "controls")
    p.add_argument("--split", choices=("main", "holdout", "fresh"), default="main")
    p.add_argument(
        "--only",
        nargs="*",
        default=[],
        help="record only shots whose names start so (the rest keep their labels)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    shots = [s for s in all_shots() if s.split == args.split]
    if args.only:
        shots = [s for s in shots if any(s.name.startswith(o) for o in args.only)]
    args.out.mkdir(parents=True, exist_ok=True)
    labels_path = args.out / "labels.json"
    old = json.loads(labels_path.read_text()) if args.only and labels_path.exists() else {}
    entries = {e["file"]: e for e in old.get("shots", [])}
    with Desk() as desk:
        for shot in shots:
            t0 = time.monotonic()
            entry = record_shot(shot, desk, args.out)
            entries[entry["file"]] = entry
            print(
                f"{shot.name}: {len(entry['targets'])} targets ({time.monotonic() - t0:.1f} s)",
                file=sys.stderr,
            )
    data = {
        "note": NOTE,
        "split": args.split,
        "shots": sorted(entries.values(), key=lambda e: e["file"]),
    }
    labels_path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    total = sum(len(e["targets"]) for e in data["shots"])
    print(f"{len(data['shots'])} shots, {total} targets -> {labels_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
