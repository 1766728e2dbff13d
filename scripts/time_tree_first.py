"""Time what a new dialog costs to index when the accessibility tree names it (issue 14
item 4, "accessibility first"): a Tk window, then a zenity question opening over it, on a
private Xvfb with a private session bus and AT-SPI registry. Each round indexes the Tk
window alone, then the frame with the dialog (its title, text and buttons new words each
time, so nothing is recognised from memory), with one fused detector kept across the two
looks (the incremental OCR reads only what changed), side by side:

    tree first             FusedDetector()              OCR skips what the tree names, and
                                                        the title bars (titles from the
                                                        window manager)
    tree first, bars read  ...(window_titles=False)     OCR reads the title bars
    read all               ...(tree_first=False)        OCR reads the dialog too
    read all, bars read    ...(tree_first=False, window_titles=False)

Prints the median and p90 of the second look, and what each index holds. Run:
``python scripts/time_tree_first.py [--rounds 9] [--profile [--profile-mode MODE]]
[--pad-slack X]`` (needs Xvfb, openbox, zenity,
dbus-daemon and at-spi2-core).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devsupport.xdesktop import Desk  # noqa: E402
from tiny_computer_agent import FusedDetector  # noqa: E402
from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop  # noqa: E402
from tiny_computer_agent.desktop._atspi import AtspiBackend  # noqa: E402

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"


def _bus(desk: Desk) -> None:
    desk.session_bus()
    desk.vd.spawn([LAUNCHER, "--launch-immediately"], quiet=True)
    backend = AtspiBackend(environ=desk.vd.env)
    deadline = time.monotonic() + 15
    while not backend.available() and time.monotonic() < deadline:
        time.sleep(0.2)
    backend.close()


WORDS = ("amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "harbor", "indigo",
         "juniper", "kestrel", "lagoon", "meadow", "nectar", "orchid", "pepper", "quartz",
         "raven", "saffron", "tundra", "umber", "violet", "willow", "yarrow", "zephyr")  # fmt: skip


def _words(rng: random.Random, n: int) -> str:
    """Words never shown before in this run, so no reading of them is remembered (the
    recognition cache would make a dialog seen before cost nothing)."""
    return " ".join(f"{rng.choice(WORDS)}{rng.randrange(100, 999)}" for _ in range(n))


#: The detectors compared, by name: FusedDetector's settings.
MODES: dict[str, dict[str, bool]] = {
    "tree first": {},
    "tree first, bars read": {"window_titles": False},
    "read all": {"tree_first": False},
    "read all, bars read": {"tree_first": False, "window_titles": False},
}


def _round(
    desk: Desk, mode: str, rng: random.Random, profile: cProfile.Profile | None = None
) -> tuple[float, int, int]:
    """(seconds of the look at the new dialog, elements, tree elements); ``profile``
    records that look."""
    screen = DesktopScreen(display=desk.display, environ=desk.vd.env,
                           detector=FusedDetector(**MODES[mode]))  # fmt: skip
    try:
        screen.capture()  # the Tk window alone: the whole frame is read
        text = f"A file named {_words(rng, 1)}.txt already exists. Replace it? {_words(rng, 3)}"
        labels = ("--ok-label", _words(rng, 1), "--cancel-label", _words(rng, 1))
        dialog = desk.zenity("--question", "--title", _words(rng, 2), "--text", text, *labels)
        t0 = time.perf_counter()
        if profile is not None:
            profile.enable()
        seen = screen.capture()
        took = time.perf_counter() - t0
        if profile is not None:
            profile.disable()
        if os.environ.get("SHOW"):
            print(mode, [(e.label, e.kind, e.source) for e in seen.elements])
        dialog.kill()
        dialog.wait()
        time.sleep(0.4)
    finally:
        screen.close()
    return took, len(seen.elements), sum(e.source == "a11y" for e in seen.elements)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--profile", action="store_true", help="then profile one more look")
    parser.add_argument("--profile-mode", choices=list(MODES), default="tree first",
                        help="the detector of the profiled look")  # fmt: skip
    parser.add_argument("--pad-slack", type=float,
                        help="recognition batches' width slack (inf: batches of 6)")  # fmt: skip
    args = parser.parse_args()
    if args.pad_slack is not None:
        from tiny_computer_agent.perception import _ocr

        _ocr.PAD_SLACK = args.pad_slack
    profile = cProfile.Profile() if args.profile else None
    with VirtualDesktop(window_manager=True) as vd, tempfile.TemporaryDirectory() as tmp:
        desk = Desk(vd=vd, tmp=Path(tmp))
        os.environ["XAUTHORITY"] = vd.env["XAUTHORITY"]
        _bus(desk)
        desk.app(("Don't Save", "Cancel", "Save"))
        times: dict[str, list[float]] = {m: [] for m in MODES}
        held: dict[str, tuple[int, int]] = {}
        rng = random.Random(7)  # noqa: S311 - fixed words for a repeatable run, not secrets
        for r in range(args.rounds):  # interleaved, so all see the same machine
            for mode in list(MODES)[:: 1 if r % 2 == 0 else -1]:
                took, n, tree = _round(desk, mode, rng)
                times[mode].append(took)
                held[mode] = (n, tree)
        if profile is not None:
            took, _, _ = _round(desk, args.profile_mode, rng, profile)
            print(f"profiled {args.profile_mode} look: {took * 1e3:.0f} ms (under the profiler)")
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
    print(f"a zenity question opening over a Tk window; {args.rounds} rounds, interleaved")
    print("| index | new dialog, median | p90 | elements (from the tree) |")
    print("| --- | ---: | ---: | ---: |")
    for mode in MODES:
        t = sorted(times[mode])
        p90 = t[min(len(t) - 1, int(0.9 * len(t)))]
        print(f"| {mode} | {statistics.median(t) * 1e3:.0f} ms | {p90 * 1e3:.0f} ms | "
              f"{held[mode][0]} ({held[mode][1]}) |")  # fmt: skip
    first = statistics.median(times["tree first"])
    for mode in list(MODES)[1:]:
        print(f"{mode} / tree first: {statistics.median(times[mode]) / first:.2f}x")


if __name__ == "__main__":
    main()
