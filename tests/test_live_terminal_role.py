"""A terminal known only by its accessibility role (issue 37, item 2), live: a GTK 3
window titled ``Notes``, of instance ``notes``, run by ``python3``, whose only child is a
real VTE terminal running ``bash -i`` (VTE is the widget of gnome-terminal, tilix and
xfce4-terminal). No class, process or title says "terminal"; the tree does (AT-SPI's
role ``terminal``), on a private D-Bus session bus and AT-SPI2 registry.

Read live, the window's ``role`` is ``terminal`` and the policy refuses typing into it
(rule ``terminal-window``); through the CLI, armed, typed commands and Return are refused
and the shell's history file stays empty. The control: read without the tree, only the
pty its process holds says it is a terminal (without that, it is none), and xdotool's own
typing does reach the shell's history.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require
from tiny_computer_agent import ARM_ENV, Action, Policy, PolicyRefusal
from tiny_computer_agent._policy import terminal_reason
from tiny_computer_agent.desktop import DesktopScreen

pytestmark = pytest.mark.live

LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")

#: A GTK 3 window holding a VTE terminal that runs ``bash --rcfile RC -i``; argv: rc.
VTE_APP = """
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Vte", "2.91")
from gi.repository import GLib, Gtk, Vte

GLib.set_prgname("notes")
window = Gtk.Window(title="Notes")
window.set_default_size(700, 400)
terminal = Vte.Terminal()
terminal.spawn_async(Vte.PtyFlags.DEFAULT, None, ["/bin/bash", "--rcfile", sys.argv[1], "-i"],
                     None, GLib.SpawnFlags.DEFAULT, None, None, -1, None, None)
window.add(terminal)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
"""


@pytest.fixture
def a11y(tmp_path: Path) -> Iterator[Desk]:
    require("Xvfb", "xdotool", "dbus-daemon")
    if not LAUNCHER.exists():
        pytest.skip(f"live accessibility tests need {LAUNCHER}; apt-get install at-spi2-core")
    vte = "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('Vte', '2.91')"
    if subprocess.run(["/usr/bin/python3", "-c", vte], check=False).returncode:
        pytest.skip("needs VTE for the system Python: apt-get install python3-gi gir1.2-vte-2.91")
    steps = desk(tmp_path)
    d = next(steps)
    try:
        for name in ("AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE", "GTK_MODULES"):
            d.vd.env.pop(name, None)
        d.accessibility_registry(LAUNCHER)
        yield d
    finally:
        steps.close()


def _terminal(d: Desk) -> Path:
    history = d.tmp / "history"
    history.touch()
    rc = d.tmp / "bashrc"
    rc.write_text(
        f"HISTFILE={history}\nPS1='READY> '\nshopt -s histappend\nPROMPT_COMMAND='history -a'\n"
    )
    script = d.tmp / "vte_app.py"
    script.write_text(VTE_APP)
    d.vd.spawn(["/usr/bin/python3", str(script), str(rc)], quiet=True, env={"GIO_USE_VFS": "local"})
    d.wait_window("Notes")
    return history


def test_a_vte_terminal_is_known_by_its_role_and_takes_nothing(
    a11y: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = _terminal(a11y)
    monkeypatch.setenv("XAUTHORITY", a11y.vd.env["XAUTHORITY"])
    screen = DesktopScreen(display=a11y.display, environ=a11y.vd.env)
    blind = DesktopScreen(display=a11y.display, accessibility=False)
    try:

        def notes_role() -> str:
            windows = screen.capture().windows
            return next((w.role for w in windows if w.title == "Notes"), "")

        eventually(lambda: notes_role() == "terminal", "the window's role", timeout=30)
        seen = screen.capture()
        notes = next(w for w in blind.capture().windows if w.title == "Notes")
    finally:
        screen.close()
        blind.close()
    assert notes.wm_class[0] == "notes" and notes.role == ""
    # neither class, process nor title says it; read without the tree, the pty its
    # process holds does (stop 63), and without that the window is no terminal
    assert notes.pty and "pseudo-terminal" in (terminal_reason(notes) or "")
    assert terminal_reason(dataclasses.replace(notes, pty=False)) is None
    armed = Policy().armed(flag=True, environ={ARM_ENV: "1"})
    with pytest.raises(PolicyRefusal) as refused:
        armed.check(Action.make("type", text="ls"), seen)
    assert refused.value.rule == "terminal-window" and "role 'terminal'" in str(refused.value)
    # through the CLI, armed: typed commands and Return are refused; the shell got nothing
    for actions in ([{"verb": "type", "text": "touch pwned"}], [{"verb": "key", "keys": "Return"}]):
        run = a11y.run_cli(
            ["--live", "--real-input", "--json", "--brain", "scripted", "--max-steps", "2",
             "--script", json.dumps(actions), "do it"],
            armed=True,
        )  # fmt: skip
        steps = json.loads(run.stdout)["steps"]
        rules = [s["refusal"]["rule"] for s in steps if s.get("refusal")]
        assert rules == ["terminal-window"], run.stdout + run.stderr
    time.sleep(0.5)
    assert history.read_text() == "" and not (a11y.tmp / "pwned").exists()
    # the control: the shell was listening, and writes what really is typed into it
    a11y.vd.run(["xdotool", "search", "--name", "^Notes$", "windowactivate", "--sync"])
    a11y.vd.run(["xdotool", "type", "--delay", "20", "echo listening"])
    a11y.vd.run(["xdotool", "key", "Return"])
    eventually(lambda: "echo listening" in history.read_text(), "the shell's history", timeout=10)
