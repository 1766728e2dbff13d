"""--sandbox on a real X server (issue 37, item 5): the CLI, armed, starts a program on a
private nested X server (Xephyr, since the outer desktop gives it a DISPLAY), drives it
to its verified effect, and ends it and the server by PID; on the outer desktop a
window that logs every click, key and wheel turn it gets, kept on top of everything
and focused, logs nothing.

The outer desktop is 1024x768 and the sandbox 1280x800, so a frame's size says which
display it was captured on. Both programs are one small Tk script (:data:`LOGGER`):
each writes every input event it gets, and what its clipboard held at start, to its own
log; the proof is their logs, not the agent's word.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require

pytestmark = pytest.mark.live

#: A Tk window that logs every click, key and wheel turn it gets (JSON lines), and its
#: clipboard at start; a "Save" button shows "Saved". argv: title, log, topmost (0/1).
LOGGER = r"""
import json, sys, tkinter as tk
title, log, topmost = sys.argv[1], sys.argv[2], sys.argv[3] == "1"

def say(**event):
    with open(log, "a") as fh:
        fh.write(json.dumps(event) + "\n")

root = tk.Tk()
root.title(title)
try:
    clipboard = root.clipboard_get()
except tk.TclError:
    clipboard = None
say(event="start", clipboard=clipboard)
for kind in ("<ButtonPress>", "<KeyPress>", "<MouseWheel>"):  # on every widget of it
    root.bind(kind, lambda e, k=kind: say(event=k, x=e.x_root, y=e.y_root, key=e.keysym))
font = ("DejaVu Sans", 16)
tk.Label(root, text=title + " window", font=font).pack(padx=40, pady=20)
status = tk.Label(root, text="Modified", font=font)
tk.Button(root, text="Save", font=font, command=lambda: status.configure(text="Saved")).pack()
status.pack(padx=40, pady=20)
if topmost:  # the whole outer screen, above everything, and focused
    root.attributes("-fullscreen", True)
    root.attributes("-topmost", True)
    def hold():
        root.lift()
        root.focus_force()
        root.after(200, hold)
    hold()
root.mainloop()
"""

SECRET = "rm -rf ~ # from the outer clipboard"
ARMED = ["--sandbox", "--real-input", "--json", "--brain", "scripted", "--max-steps", "4"]


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    require("Xephyr", "openbox", "xclip")
    yield from desk(tmp_path, size=(1024, 768))


def _outside(desktop: Desk) -> Path:
    """The outer logger: full screen, on top and focused."""
    script = desktop.tmp / "logger.py"
    script.write_text(LOGGER)
    log = desktop.tmp / "outside.jsonl"
    desktop.vd.spawn([sys.executable, str(script), "Outside", str(log), "1"])
    desktop.wait_window("Outside")
    eventually(log.exists, "the outer logger's start")
    return log


def _set_outer_clipboard(desktop: Desk, text: str) -> None:
    proc = subprocess.Popen(
        ["xclip", "-selection", "clipboard"],
        env=desktop.vd.env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    desktop.vd.procs.append(proc)  # xclip stays as the owner; stopped by PID with the desk
    assert proc.stdin is not None
    proc.stdin.write(text)
    proc.stdin.close()
    check = ["xclip", "-selection", "clipboard", "-o"]
    eventually(lambda: desktop.vd.run(check, check=False).stdout == text, "the outer clipboard")


def _inside(desktop: Desk) -> tuple[list[str], Path]:
    """The program for the sandbox (the same logger, not on top) and its log."""
    log = desktop.tmp / "inside.jsonl"
    return [sys.executable, str(desktop.tmp / "logger.py"), "Inside", str(log), "0"], log


def _events(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def _pids(stderr: str) -> list[int]:
    line = next(x for x in stderr.splitlines() if x.startswith("sandbox: pids "))
    return [int(p) for p in line.split()[2:] if p.isdigit()]


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return Path(f"/proc/{pid}/status").read_text().find("State:\tZ") >= 0


def _pointer(desktop: Desk) -> str:
    return desktop.vd.run(["xdotool", "getmouselocation"]).stdout.strip()


def test_sandbox_drives_its_program_and_nothing_outside(desktop: Desk) -> None:
    outer_log = _outside(desktop)
    _set_outer_clipboard(desktop, SECRET)
    pointer = _pointer(desktop)
    program, inner_log = _inside(desktop)
    script = [
        {"verb": "key", "keys": "Tab"},
        {"verb": "click", "target": "Save"},
    ]
    run = desktop.run_cli(
        [*ARMED, "--script", json.dumps(script), "--verify-text", "Saved", "save it",
         "--", *program],
        armed=True,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    episode = json.loads(run.stdout)
    assert episode["outcome"] == "verified" and not episode["dry_run"], run.stdout
    assert "(Xephyr, in a window on your display; openbox)" in run.stderr
    # the program inside got the key and the click, and its clipboard started empty
    inside = _events(inner_log)
    assert inside[0] == {"event": "start", "clipboard": None}, inside
    kinds = [e["event"] for e in inside[1:]]
    assert "<KeyPress>" in kinds and "<ButtonPress>" in kinds, inside
    assert any(e.get("key") == "Tab" for e in inside), inside
    # nothing reached the outer desktop: its window logged no input, its pointer is still
    time.sleep(0.5)
    outside = _events(outer_log)
    assert [e["event"] for e in outside] == ["start"], outside
    copied = desktop.vd.run(["xclip", "-selection", "clipboard", "-o"], check=False).stdout
    assert copied == SECRET  # the outer clipboard held text all along; inside, none
    assert _pointer(desktop) == pointer
    # the program, the window manager and the server are gone, by the PIDs it printed
    pids = _pids(run.stderr)
    assert len(pids) == 3, run.stderr
    eventually(lambda: all(_gone(p) for p in pids), "the sandbox's processes to end", timeout=10)
    assert "sandbox: the program and its display were stopped" in run.stderr
    # the control: the outer window does log a click that really reaches it
    desktop.vd.run(["xdotool", "mousemove", "500", "400", "click", "1"])
    eventually(lambda: len(_events(outer_log)) > 1, "the outer window's log of a real click")


def test_a_headless_sandbox_runs_for_a_user_with_no_x_authority_file(desktop: Desk) -> None:
    """No DISPLAY, no XAUTHORITY and no ~/.Xauthority (a container, a headless box, root on
    a server): the sandbox runs on Xvfb with its own authority file, from its first look
    for the program's window on (that look used to read the user's, and exit 3)."""
    home = desktop.tmp / "home"
    home.mkdir()
    (desktop.tmp / "logger.py").write_text(LOGGER)
    program, inner_log = _inside(desktop)
    script = [{"verb": "click", "target": "Save"}]
    run = desktop.run_cli(
        [*ARMED, "--script", json.dumps(script), "--verify-text", "Saved", "save it",
         "--", *program],
        armed=True,
        env={"HOME": str(home)},
        unset=["DISPLAY", "XAUTHORITY"],
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(run.stdout)["outcome"] == "verified", run.stdout
    assert "(Xvfb, headless; openbox)" in run.stderr
    assert "<ButtonPress>" in [e["event"] for e in _events(inner_log)]
    assert not (home / ".Xauthority").exists()


def test_ctrl_c_ends_the_sandbox_and_the_console_showed_it(desktop: Desk) -> None:
    """A paused run with a console: the console's frame is the sandbox's (1280x800, the
    outer screen is 1024x768); Ctrl-C exits 130 and the sandbox's PIDs are gone."""
    require(modules=("PIL",))
    outer_log = _outside(desktop)
    program, _ = _inside(desktop)
    argv = ["--sandbox", "--console", "--console-paused", "--max-steps", "3",
            "click 'Save'", "--", *program]  # fmt: skip
    code = (
        "import os, sys; os.dup2(1, 2); from tiny_computer_agent.cli import main; "
        f"sys.exit(main({argv!r}))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        env=desktop.env(),
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=desktop.tmp,
    )
    desktop.vd.procs.append(proc)  # stopped by PID if the test fails before it ends
    seen: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        seen.append(line)
        if line.startswith("console: http://"):
            break
    url = seen[-1].split(" ", 1)[1].strip()
    pids = _pids("".join(seen))
    base, token = url.split("/?token=")
    frame = eventually(lambda: _frame(base, token), "the console's first frame", timeout=60)
    from PIL import Image

    assert Image.open(io.BytesIO(frame)).size == (1280, 800)
    proc.send_signal(signal.SIGINT)
    rest, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, "".join(seen) + rest
    assert all(_gone(p) for p in pids), (pids, "".join(seen) + rest)
    assert _events(outer_log)[1:] == []


def _frame(base: str, token: str) -> bytes | None:
    for number in (0, 1):
        request = urllib.request.Request(
            f"{base}/frame/{number}", headers={"X-Console-Token": token}
        )
        with contextlib.suppress(OSError), urllib.request.urlopen(request, timeout=5) as reply:
            data: bytes = reply.read()
            if data:
                return data
    return None


def test_no_program_or_no_server_is_a_clear_usage_or_screen_error(desktop: Desk) -> None:
    """No '-- PROGRAM': 2; a program not found: 2; neither Xephyr nor Xvfb on PATH: 3,
    naming the packages."""
    run = desktop.run_cli(["--sandbox", "click 'Save'"])
    assert run.returncode == 2 and "--sandbox needs the program" in run.stderr, run.stderr
    run = desktop.run_cli(["--sandbox", "click 'Save'", "--", "no-such-program-tca"])
    assert run.returncode == 2 and "no program 'no-such-program-tca'" in run.stderr
    bare = desktop.tmp / "bin"
    bare.mkdir()
    os.symlink(sys.executable, bare / "python3")
    run = desktop.run_cli(
        ["--sandbox", "click 'Save'", "--", str(bare / "python3"), "-c", "pass"],
        env={"PATH": str(bare)},
    )
    assert run.returncode == 3, run.stderr
    assert "xserver-xephyr" in run.stderr and "xvfb" in run.stderr, run.stderr
