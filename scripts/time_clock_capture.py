"""What a ticking clock costs a capture: a screen is read again when it changed while it
was read, so an index is never a blend of two frames. With a clock that ticks every
second on the screen, does a capture now read two or three times (the README said so
before the index became incremental)?

On a private 1280x800 Xvfb with openbox, one DesktopScreen with the default detector
(its engine warm), in each round and each mode (interleaved, their order reversed every
other round): a new Tk program with words never shown (the firststep bench's program),
then, 1.5 s later, one timed ``capture()``; the reads are counted from the screen's own
log line. Modes:

    still      an analog xclock (it redraws once a minute)
    ticking    xclock -digital -update 1 (the seconds change every second)

Run: ``python scripts/time_clock_capture.py [--rounds 9]`` (needs Xvfb, openbox and
xclock: Debian's x11-apps).
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._firststep import PAUSE, _Programs  # noqa: E402
from tiny_computer_agent import registry  # noqa: E402
from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop  # noqa: E402

CLOCKS = {"still": ["xclock"], "ticking": ["xclock", "-digital", "-update", "1"]}


class _Reads(logging.Handler):
    """Counts the screen's "reading it again" lines."""

    def __init__(self) -> None:
        super().__init__()
        self.again = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "changed while it was read" in record.getMessage():
            self.again += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    reads = _Reads()
    screen_log = logging.getLogger("tiny_computer_agent.desktop._screen")
    screen_log.addHandler(reads)
    screen_log.setLevel(logging.INFO)
    times: dict[str, list[float]] = {mode: [] for mode in CLOCKS}
    counts: dict[str, list[int]] = {mode: [] for mode in CLOCKS}
    with VirtualDesktop(size=(1280, 800), window_manager=True) as vd:
        os.environ.update(vd.env)  # as a CLI run there has it: the window list reads X
        programs = _Programs(vd)
        screen = DesktopScreen(display=vd.display, detector=registry.make_detector("auto"))
        programs.open()
        screen.capture()  # the engine built and the desktop read once
        modes = list(CLOCKS)
        for round_ in range(args.rounds):
            for mode in modes if round_ % 2 == 0 else modes[::-1]:
                clock = vd.spawn([*CLOCKS[mode], "-geometry", "+1000+20"])
                programs.open()
                time.sleep(PAUSE)
                before = reads.again
                t0 = time.perf_counter()
                screen.capture()
                times[mode].append(time.perf_counter() - t0)
                counts[mode].append(1 + reads.again - before)
                vd.stop(clock)
        screen.close()
    print("| clock | capture, median | p90 | reads a capture (mean, most) | read more than once |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for mode in CLOCKS:
        ordered = sorted(times[mode])
        p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
        again = sum(c > 1 for c in counts[mode])
        print(f"| {mode} | {1000 * statistics.median(ordered):,.0f} ms | {1000 * p90:,.0f} ms "
              f"| {statistics.mean(counts[mode]):.2f}, {max(counts[mode])} "
              f"| {again} of {len(counts[mode])} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
