"""How long one accessibility snapshot takes, on real GTK dialogs (and Chromium).

Starts a private Xvfb with openbox, a private D-Bus session bus and the AT-SPI2
registry (at-spi-bus-launcher), opens one program at a time, and times
``AtspiBackend.snapshot()`` REPEATS times after one warm-up; prints the median, the
90th percentile and what the snapshot found. Everything it starts is stopped by PID.

    .venv/bin/python scripts/a11y_timing.py            # zenity dialogs
    .venv/bin/python scripts/a11y_timing.py --chromium # and a page in Chromium

Not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tiny_computer_agent.desktop import VirtualDesktop
from tiny_computer_agent.desktop._atspi import AtspiBackend

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
DIALOGS = {
    "zenity question": ["zenity", "--question", "--title", "T", "--text", "Replace the file?"],
    "zenity forms (3 fields)": [
        "zenity", "--forms", "--title", "T", "--text", "Where?",
        "--add-entry", "Street", "--add-entry", "City", "--add-password", "PIN",
    ],
    "zenity checklist (3 rows)": [
        "zenity", "--list", "--checklist", "--title", "T", "--column", "Use",
        "--column", "Fruit", "TRUE", "Apple", "FALSE", "Banana", "FALSE", "Cherry",
    ],
}  # fmt: skip
PAGE = """<!doctype html><title>Signup</title><h1>Sign up</h1><form>
<label for=n>Name</label> <input id=n value=Ada><br>
<label><input type=checkbox checked> Subscribe</label><br>
<a href=#t>Terms of use</a><br><button type=button>Send</button></form>"""


def _time(backend: AtspiBackend, repeats: int) -> tuple[list[float], int, int]:
    backend.snapshot()  # warm-up
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        snap = backend.snapshot()
        times.append((time.perf_counter() - started) * 1000)
    return times, len(snap.nodes), len(snap.windows)


def _wait_for(backend: AtspiBackend, windows: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(backend.snapshot().windows) >= windows:
            time.sleep(0.5)  # let the program finish building its tree
            return
        time.sleep(0.1)
    raise SystemExit(f"no accessible window appeared within {timeout:g} s")


def _measure(desk: VirtualDesktop, name: str, argv: list[str], env: dict[str, str], n: int) -> None:
    proc = desk.spawn(argv, quiet=True, env=env)
    backend = AtspiBackend(environ=desk.env)
    try:
        _wait_for(backend, 1)
        times, nodes, windows = _time(backend, n)
    finally:
        backend.close()
        desk.stop(proc)
    p90 = statistics.quantiles(times, n=10)[-1]
    print(
        f"{name:<28} median {statistics.median(times):6.1f} ms   p90 {p90:6.1f} ms   "
        f"({nodes} elements, {windows} window(s), {n} snapshots)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--chromium", action="store_true", help="also time a page in Chromium")
    args = parser.parse_args(argv)
    with VirtualDesktop(window_manager=True) as desk, tempfile.TemporaryDirectory() as tmp:
        bus = desk.spawn(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE
        )
        assert bus.stdout is not None
        desk.env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        for name in ("AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"):
            desk.env.pop(name, None)
        desk.spawn([LAUNCHER, "--launch-immediately"], quiet=True)
        for name, command in DIALOGS.items():
            _measure(desk, name, command, {}, args.repeats)
        if args.chromium:
            page = Path(tmp) / "signup.html"
            page.write_text(PAGE)
            command = [
                "chromium", "--no-sandbox", "--force-renderer-accessibility", "--disable-gpu",
                "--no-first-run", "--disable-extensions", f"--user-data-dir={tmp}/profile",
                "--window-size=900,700", page.as_uri(),
            ]  # fmt: skip
            env = {"ACCESSIBILITY_ENABLED": "1"}
            _measure(desk, "chromium (browser + page)", command, env, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
