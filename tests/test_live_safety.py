"""Safety under attack, on a real X server: real Tk windows, real input through the CLI
(``--real-input`` and ``TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1``), and the apps' own
reports of what happened to them (issue 12).

Every real-input run is a subprocess with stdin from /dev/null (:meth:`Desk.run_cli`):
pyautogui binds to one display per process, and no run can wait for a person's yes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import App, Desk, desk, require
from tiny_computer_agent.desktop import VirtualDesktop, make_dummy_xauthority
from tiny_computer_agent.desktop._xvfb import accepts_without_authority

pytestmark = pytest.mark.live

ARMED = ["--live", "--real-input", "--json"]


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _episode(run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    try:
        episode: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"no JSON episode:\n{run.stdout}\n{run.stderr}") from None
    return episode


def _refusals(episode: dict[str, Any]) -> list[str]:
    return [s["refusal"]["rule"] for s in episode["steps"] if s.get("refusal")]


def _script(desktop: Desk, name: str, actions: list[dict[str, Any]]) -> str:
    path = desktop.tmp / f"{name}.json"
    path.write_text(json.dumps(actions))
    return str(path)


def _notes(desktop: Desk) -> App:
    app = desktop.app(("Close",), title="Notes", prompt="Write your notes", textbox=True)
    assert app.text(timeout=0.5) == "Draft"
    return app


# -- item 1: a BackSpace inside typed text ---------------------------------------------------


def test_the_backspace_attack_is_refused_on_a_real_text_box(desktop: Desk) -> None:
    app = _notes(desktop)
    attack = _script(desktop, "attack", [
        {"verb": "type", "text": "sudx\bo rx\bm -rf ~\n", "target": "Draft"},
    ])  # fmt: skip
    # the program may take text (--allow-typing-in): what refuses is the text itself
    typing = ["--allow-typing-in", app.program]
    run = desktop.run_cli(
        [*ARMED, *typing, "--brain", "scripted", "--script", attack, "notes"], armed=True
    )
    rules = _refusals(_episode(run))
    assert rules and rules[0] in {"control-text", "denied-text", "denied-sequence"}, run.stdout
    after = app.text()
    assert "sudo" not in after and "sudx" not in after, after
    assert after == "Draft"  # nothing typed, no Enter pressed
    # the same box does take real typing: the refusal above is what kept it clean
    harmless = _script(desktop, "harmless", [{"verb": "type", "text": "hello", "target": "Draft"}])
    # ...once the person names the program: a Tk program is on no table of text programs
    plain = [*ARMED, "--brain", "scripted", "--script", harmless, "notes"]
    run = desktop.run_cli(plain, armed=True)
    assert _refusals(_episode(run)) == ["typing-program"], run.stdout
    assert f"--allow-typing-in {app.program}" in run.stdout + run.stderr, run.stdout
    assert app.text() == "Draft"
    run = desktop.run_cli(
        [*ARMED, *typing, "--brain", "scripted", "--script", harmless, "notes"], armed=True
    )
    assert _refusals(_episode(run)) == [], run.stdout
    assert "hello" in app.text()


# -- item 15: an irreversible button needs a person's yes ------------------------------------


def test_an_irreversible_button_is_refused_then_pressed_with_allow_irreversible(
    desktop: Desk,
) -> None:
    app = desktop.app(("Delete account", "Cancel"), title="Account",
                      prompt="Close your account for good?")  # fmt: skip
    run = desktop.run_cli([*ARMED, "click 'Delete account'"], armed=True)
    assert _refusals(_episode(run)) == ["irreversible"], run.stdout + run.stderr
    time.sleep(0.5)
    assert app.events() == []  # the app's own record: nothing was pressed
    run = desktop.run_cli(
        [*ARMED, "--allow-irreversible", "Delete account", "--verify-text",
         "Delete account done", "click 'Delete account'"],
        armed=True,
    )  # fmt: skip
    episode = _episode(run)
    assert _refusals(episode) == [], run.stdout + run.stderr
    assert app.events() == [{"event": "click", "button": "Delete account"}]
    assert episode["outcome"] == "verified", run.stdout


# -- item 13: a pointer resting in a screen corner -------------------------------------------


def _pointer(desktop: Desk) -> tuple[int, int]:
    out = desktop.vd.run(["xdotool", "getmouselocation", "--shell"]).stdout
    where = dict(line.split("=", 1) for line in out.split())
    return int(where["X"]), int(where["Y"])


def test_a_pointer_resting_in_a_corner_at_start_does_not_stop_the_run(desktop: Desk) -> None:
    app = desktop.app()
    desktop.vd.run(["xdotool", "mousemove", "0", "0"])
    assert _pointer(desktop) == (0, 0)
    run = desktop.run_cli(["--live", "--real-input", "--verify-text", "Saved", "click 'Save'"],
                          armed=True)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "rests in the screen corner (0, 0)" in run.stderr
    assert app.events() == [{"event": "click", "button": "Save"}]


def test_a_move_into_a_corner_during_the_run_stops_it(desktop: Desk) -> None:
    app = desktop.app()
    cancel = app.rect("Cancel")
    script = _script(desktop, "corner", [
        {"verb": "move", "target": "Cancel"},
        {"verb": "wait", "seconds": 5},
        {"verb": "click", "target": "Save"},
    ])  # fmt: skip
    argv = [*ARMED, "--brain", "scripted", "--script", script, "--max-steps", "5", "save"]
    proc = desktop.spawn_cli(argv, armed=True)
    deadline = time.monotonic() + 60
    while not app.contains("Cancel", _pointer(desktop)):  # the move step has been done...
        assert proc.poll() is None, "the run ended before moving to Cancel"
        assert time.monotonic() < deadline, f"the pointer never reached Cancel {cancel}"
        time.sleep(0.05)
    desktop.vd.run(["xdotool", "mousemove", "0", "0"])  # ...and now the person slams it
    out, _ = proc.communicate(timeout=60)
    episode = json.loads(out)
    assert _refusals(episode) == ["kill-switch"], out
    assert app.events() == []  # Save was never clicked


# -- item 14: Xvfb without an authority file -------------------------------------------------


def test_without_an_authority_file_an_open_xvfb_just_works(desktop: Desk) -> None:
    app = desktop.app()
    home = desktop.tmp / "empty-home"
    home.mkdir()
    run = desktop.run_cli(
        ["--live", "--real-input", "--verify-text", "Saved", "click 'Save'"],
        armed=True,
        env={"HOME": str(home)},
        unset=("XAUTHORITY",),
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "using a private dummy authority file" in run.stderr
    assert run.stderr.count("dummy authority file") == 1  # said once
    assert app.events() == [{"event": "click", "button": "Save"}]
    written = desktop.tmp / "state" / "Xauthority"
    assert written.is_file() and written.stat().st_mode & 0o777 == 0o600
    assert not (home / ".Xauthority").exists()  # nothing written into the person's home


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[Desk]:
    """An Xvfb started with ``-auth FILE``: access control on."""
    require("Xvfb", "xdotool", modules=("tkinter", "mss", "PIL"))
    cookie = make_dummy_xauthority(tmp_path / "server-auth")
    with VirtualDesktop(auth=cookie) as vd:
        yield Desk(vd=vd, tmp=tmp_path)


def test_the_probe_tells_an_open_display_from_one_that_needs_authority(
    desktop: Desk, guarded: Desk
) -> None:
    assert accepts_without_authority(desktop.display) is True
    assert accepts_without_authority(guarded.display) is False


LOAD_PYAUTOGUI = """
from tiny_computer_agent._errors import ScreenUnavailable
from tiny_computer_agent.desktop._inputs import load_pyautogui
try:
    load_pyautogui()
    print("loaded")
except ScreenUnavailable as exc:
    print(exc)
"""


def test_where_authority_is_required_the_clear_error_stays(guarded: Desk) -> None:
    home = guarded.tmp / "empty-home"
    home.mkdir()
    env = guarded.env(HOME=str(home))
    env.pop("XAUTHORITY")
    probe = subprocess.run(
        [sys.executable, "-c", LOAD_PYAUTOGUI], env=env, capture_output=True, text=True,
        timeout=60, check=False,
    )  # fmt: skip
    said = probe.stdout
    assert "refused a connection without authority" in said, probe.stdout + probe.stderr
    assert "Export XAUTHORITY" in said
    assert not (guarded.tmp / "state" / "Xauthority").exists()
    # through the CLI the screen fails first (capture needs the display too): exit 3, no
    # traceback
    run = guarded.run_cli(["--live", "--real-input", "click 'Save'"], armed=True,
                          env={"HOME": str(home)}, unset=("XAUTHORITY",))  # fmt: skip
    assert run.returncode == 3, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
