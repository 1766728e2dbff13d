"""Time the top-level window listing (issue 10 item 2): ten zenity dialogs under openbox
on a private Xvfb, ``XWindows.windows()`` called 200 times; prints the median, p95 and
max. Run: ``python scripts/time_windows.py`` (needs Xvfb, openbox and zenity)."""

from __future__ import annotations

import os
import statistics
import time

from tiny_computer_agent.desktop import VirtualDesktop
from tiny_computer_agent.desktop._windows import XWindows

DIALOGS = 10
CALLS = 200


def main() -> None:
    with VirtualDesktop(window_manager=True) as vd:
        os.environ["XAUTHORITY"] = vd.env["XAUTHORITY"]  # python-xlib needs the cookie
        for i in range(DIALOGS):
            vd.spawn(["zenity", "--info", "--title", f"Window {i}", "--text", f"text {i}"],
                     quiet=True)  # fmt: skip
            time.sleep(0.6)
        time.sleep(2)
        listing = XWindows(vd.display)
        try:
            found = listing.windows()
            times = []
            for _ in range(CALLS):
                t0 = time.perf_counter()
                listing.windows()
                times.append(time.perf_counter() - t0)
        finally:
            listing.close()
    times.sort()
    median, p95 = statistics.median(times) * 1e3, times[int(0.95 * CALLS)] * 1e3
    print(f"{len(found)} windows listed; {CALLS} calls: median {median:.2f} ms, "
          f"p95 {p95:.2f} ms, max {times[-1] * 1e3:.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
