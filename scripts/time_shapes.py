"""Time widget-shape detection on real 1280x800 frames, and print a table.

    python scripts/time_shapes.py              # 30 repeats per frame
    python scripts/time_shapes.py --repeats 100

Starts a private Xvfb (1280x800, openbox), opens one program at a time (the Tk form of
tests/shapes_form_app.py, zenity --forms, zenity --list --checklist, xmessage with four
buttons, xcalc), grabs the whole screen once it is painted, and times on that frame:
``detect_shapes`` (median and 90th percentile over the repeats, after one warm call)
and ``fuse`` given that frame's OCR elements (OCR itself is not timed here). Needs the
ocr and desktop extras and the programs (scripts/install-system-deps.sh); a program
that is missing is left out of the table with a note.
"""

from __future__ import annotations

import argparse
import functools
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tiny_computer_agent import Frame, OcrDetector  # noqa: E402
from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop  # noqa: E402
from tiny_computer_agent.perception._fusion import fuse  # noqa: E402
from tiny_computer_agent.perception._shapes import detect_shapes  # noqa: E402

PROGRAMS = {
    "tk form": [sys.executable, str(ROOT / "tests" / "shapes_form_app.py")],
    "zenity forms": ["zenity", "--forms", "--title", "Address", "--text", "Where?",
                     "--add-entry", "Street", "--add-entry", "City"],
    "zenity checklist": ["zenity", "--list", "--checklist", "--title", "Pick", "--column",
                         "Use", "--column", "Fruit", "TRUE", "Apple", "FALSE", "Banana"],
    "xmessage": ["xmessage", "-buttons", "One,Two,Three,Four", "Pick a number"],
    "xcalc": ["xcalc"],
}  # fmt: skip


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered) * 1000, ordered[int(0.9 * (len(ordered) - 1))] * 1000


def _time(call: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args(argv)
    print(f"{'frame':18} {'shapes':>6} {'detect ms':>9} {'p90':>6} {'fuse ms':>8}")
    with VirtualDesktop(size=(1280, 800), window_manager=True) as vd:
        screen = DesktopScreen(display=vd.display)
        for name, argv_ in PROGRAMS.items():
            if shutil.which(argv_[0]) is None:
                print(f"{name:18} (not installed: {argv_[0]})")
                continue
            proc = vd.spawn(argv_, quiet=True, stdout=subprocess.DEVNULL)
            time.sleep(2.5)  # started and painted
            image = screen.grab()[0]
            vd.stop(proc)
            ocr = OcrDetector().detect(Frame.of(image)).elements
            shapes = detect_shapes(image)  # warm
            med, p90 = _ms(_time(functools.partial(detect_shapes, image), args.repeats))
            fmed, _ = _ms(_time(functools.partial(fuse, ocr, shapes), args.repeats))
            size = f"{image.width}x{image.height}"
            print(f"{name:18} {len(shapes):6} {med:9.1f} {p90:6.1f} {fmed:8.2f}  ({size})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
