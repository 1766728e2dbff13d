"""Debian's GNOME Shell on a private Xvfb (issue 37): the desktop shell that draws its
top bar, its overview and the overview's search in no X window of its own.

While the overview is shown its search takes every typed key, whatever X's focus and
``_NET_ACTIVE_WINDOW`` say (seen here: with both on l3afpad, a typed word went into the
search, where Return starts the program). The accessibility tree reads the shell's
surfaces under its own process; they are marked ``shell`` and the armed policy refuses
keys and text while the shell shows a field of its own (rule ``terminal-window``). With
the overview closed the same typing goes into l3afpad, the control.

The shell needs a system bus (a private one is started) and, where ``/run/systemd/seats``
exists without a logind to answer, a mount namespace that hides it (so root is needed);
it then does without logind, as on a machine without systemd.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require

pytestmark = pytest.mark.live

BUS_NAMES = ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE", "GTK_MODULES")
LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
SEATS = Path("/run/systemd/seats")


def _shell_argv() -> list[str]:
    argv = ["gnome-shell", "--x11", "--replace"]
    if not SEATS.exists():
        return argv
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip(f"GNOME Shell asks logind when {SEATS} exists; hiding it needs root")
    hidden = f"mount -t tmpfs none {SEATS.parent} && exec {' '.join(argv)}"
    return ["unshare", "-m", "sh", "-c", hidden]


@pytest.fixture
def gnome(tmp_path: Path) -> Iterator[Desk]:
    require("Xvfb", "xdotool", "dbus-daemon", "gnome-shell", "l3afpad")
    if not LAUNCHER.exists():
        pytest.skip(f"the tree needs {LAUNCHER}; apt-get install at-spi2-core")
    argv = _shell_argv()
    steps = desk(tmp_path, window_manager=False)
    d = next(steps)
    try:
        for name in BUS_NAMES:
            d.vd.env.pop(name, None)
        system = tmp_path / "system_bus"
        d.vd.spawn(["dbus-daemon", "--system", "--nopidfile", "--nofork",
                    f"--address=unix:path={system}"], quiet=True)  # fmt: skip
        eventually(system.exists, "the private system bus", timeout=10)
        d.vd.env["DBUS_SYSTEM_BUS_ADDRESS"] = f"unix:path={system}"
        d.accessibility_registry(LAUNCHER)
        d.vd.spawn(argv, quiet=True)
        time.sleep(8)
        d.vd.spawn(["l3afpad"], quiet=True)
        d.wait_window(r"\(Untitled\)", timeout=30)  # a pattern: its parentheses escaped
        eventually(lambda: _shell(d, "Activities"), "GNOME Shell's top bar in the tree", timeout=60)
        yield d
    finally:
        steps.close()


def _look(d: Desk) -> list[dict[str, Any]]:
    """The elements of one dry-run look (its trace), as the agent indexed them."""
    trace = d.tmp / f"look-{time.monotonic_ns()}.json"
    d.run_agent(["--live", "--max-steps", "1", "--trace", str(trace), "wait 0.1 seconds"])
    if not trace.exists():
        return []
    steps = json.loads(trace.read_text(encoding="utf-8"))["steps"]
    return steps[0]["frame"]["elements"] if steps else []


def _shell(d: Desk, label: str) -> dict[str, Any] | None:
    return next(
        (e for e in _look(d) if e["label"] == label and "shell" in e.get("state", [])), None
    )


def _overview(d: Desk, shown: bool) -> None:
    """Show or close the overview (the Activities button is checked while it shows)."""
    for _ in range(3):
        button = _shell(d, "Activities")
        assert button is not None, "GNOME Shell's Activities button is not in the tree"
        if ("checked" in button.get("state", [])) == shown:
            return
        d.vd.run(["xdotool", "key", "super" if shown else "Escape"])
        time.sleep(1.5)
    raise AssertionError(f"the overview did not {'show' if shown else 'close'}")


def _fields(d: Desk) -> list[dict[str, Any]]:
    return [e for e in _look(d) if e.get("kind") == "field"]


def test_the_overview_search_takes_no_typing(gnome: Desk) -> None:
    _overview(gnome, shown=True)
    searches = [e for e in _fields(gnome) if "shell" in e.get("state", [])]
    assert searches, "the overview's search is not in the tree"
    run = gnome.run_agent(["--live", "--real-input", "--max-steps", "2", "type 'sakura'"],
                          armed=True)  # fmt: skip
    assert "REFUSED by terminal-window" in run.stdout, run.stdout + run.stderr
    assert "the desktop shell shows a text field of its own" in run.stdout
    assert not any(e.get("value") for e in _fields(gnome)), "something was typed"


def test_with_the_overview_closed_typing_reaches_the_program(gnome: Desk) -> None:
    """The control: the same typing goes into l3afpad once the overview is closed."""
    _overview(gnome, shown=False)
    run = gnome.run_agent(["--live", "--real-input", "--max-steps", "2", "type 'sakura'"],
                          armed=True)  # fmt: skip
    assert "did type 'sakura'" in run.stdout, run.stdout + run.stderr
    typed = eventually(
        lambda: next((e for e in _fields(gnome) if e.get("value") == "sakura"), None),
        "the typed word in a field",
        timeout=10,
    )
    assert "shell" not in typed.get("state", [])  # it is l3afpad's, not the search
