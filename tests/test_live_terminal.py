"""A real terminal takes nothing, armed (issue 37): Debian's xterm running ``bash -i``
whose history file is a temp file written after every command. Typed shell commands,
launcher chords, the paste chords and a middle click on the prompt are each refused by a
named rule, through the CLI with ``--real-input`` and the environment variable set; the
history file stays empty. Then xdotool types one command itself, which shows the shell
was listening and writing its history all along.

The window is titled ``Scratch`` (``xterm -T``), so no deny list of labels or titles
sees a terminal: what refuses is the window's class (``XTerm``) and its process.
"""

from __future__ import annotations

import json
import shlex
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require

pytestmark = pytest.mark.live

#: bash's start: in the test's folder (a command that ran would leave its file there), a
#: prompt, and its history written after every command
_RC = "cd {}\nPS1='READY> '\nshopt -s histappend\nPROMPT_COMMAND='history -a'\n"
ARMED = ["--live", "--real-input", "--json", "--brain", "scripted", "--max-steps", "3"]


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _xterm(desktop: Desk) -> Path:
    require("xterm")
    history = desktop.tmp / "history"
    history.touch()
    rc = desktop.tmp / "bashrc"
    rc.write_text(_RC.format(shlex.quote(str(desktop.tmp))))  # its files land in tmp
    env = {"HISTFILE": str(history), "HISTSIZE": "100", "HISTFILESIZE": "100"}
    desktop.vd.spawn(
        ["xterm", "-T", "Scratch", "-geometry", "80x20+100+100", "-fa", "DejaVu Sans Mono",
         "-fs", "14", "-e", "bash", "--rcfile", str(rc), "-i"],
        env=env,
    )  # fmt: skip
    desktop.wait_window("Scratch")
    return history


def _steps(desktop: Desk, name: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps of an armed run of the scripted ``actions``."""
    script = desktop.tmp / f"{name}.json"
    script.write_text(json.dumps(actions))
    run = desktop.run_cli([*ARMED, "--script", str(script), "do it"], armed=True)
    try:
        return list(json.loads(run.stdout)["steps"])
    except json.JSONDecodeError:
        raise AssertionError(f"no JSON episode:\n{run.stdout}\n{run.stderr}") from None


def _run(desktop: Desk, name: str, actions: list[dict[str, Any]]) -> list[str]:
    steps = _steps(desktop, name, actions)
    rules = [s["refusal"]["rule"] for s in steps if s.get("refusal")]
    errors = [s["error"] for s in steps if s.get("error")]
    return rules or [f"no refusal; errors: {errors}"]


ATTEMPTS = [
    ("shell", [{"verb": "type", "text": "touch pwned\n"}], "terminal-window"),
    # the text is screened first, as a shell reads it (quotes and ${IFS} taken out)
    ("quoted-rm", [{"verb": "type", "text": "r''m -rf ~/nothing"}], "denied-text"),
    ("ifs-rm", [{"verb": "type", "text": "rm${IFS}-rf${IFS}~/nothing"}], "denied-text"),
    ("sudo", [{"verb": "type", "text": "s'u'do -i"}], "denied-text"),
    ("harmless-words", [{"verb": "type", "text": "ls -la"}], "terminal-window"),
    ("return", [{"verb": "key", "keys": "Return"}], "terminal-window"),
    ("history", [{"verb": "key", "keys": "Up"}], "terminal-window"),
    ("launcher", [{"verb": "key", "keys": "super+a"}], "key-not-allowed"),
    ("run-dialog", [{"verb": "key", "keys": "alt+F2"}], "denied-key"),
    ("alt-space", [{"verb": "key", "keys": "alt+space"}], "key-not-allowed"),
    ("paste", [{"verb": "key", "keys": "ctrl+shift+v"}], "terminal-window"),
    ("shift-insert", [{"verb": "key", "keys": "shift+Insert"}], "terminal-window"),
    # OCR reads the title the window manager draws, not xterm's bitmap-font prompt: the
    # middle click goes to the xterm's window all the same
    ("middle-click", [{"verb": "click", "target": "Scratch", "button": "middle"}],
     "terminal-window"),
]  # fmt: skip


def test_a_real_xterm_takes_no_command_key_or_paste(desktop: Desk) -> None:
    history = _xterm(desktop)
    desktop.vd.run(["xdotool", "search", "--name", "^Scratch$", "windowactivate", "--sync"])
    time.sleep(1.0)  # bash prints its prompt
    for name, actions, rule in ATTEMPTS:
        assert _run(desktop, name, actions) == [rule], name
    time.sleep(0.5)
    assert history.read_text() == "", history.read_text()  # no command reached the shell
    assert not (desktop.tmp / "pwned").exists()
    # the control: the same shell records a command that really is typed into it
    desktop.vd.run(["xdotool", "type", "--delay", "20", "echo listening"])
    desktop.vd.run(["xdotool", "key", "Return"])
    eventually(lambda: "echo listening" in history.read_text(), timeout=10)


#: A terminal dressed as an editor: Debian's xterm binary copied to ``gedit`` (its
#: process name), with gedit's class and a document's title. Nothing but the pty its
#: process holds tells it from gedit, which is on the table of text programs.
DRESSED = [
    ("shell", [{"verb": "type", "text": "touch pwned\n"}]),
    ("harmless-words", [{"verb": "type", "text": "ls -la"}]),
    ("targeted", [{"verb": "type", "text": "ls -la", "target": "notes.txt - gedit"}]),
    ("return", [{"verb": "key", "keys": "Return"}]),
    ("paste", [{"verb": "key", "keys": "ctrl+v"}]),
]


def test_a_terminal_dressed_as_gedit_is_known_by_its_pty(desktop: Desk) -> None:
    require("xterm")
    fake = desktop.tmp / "bin" / "gedit"
    fake.parent.mkdir()
    fake.write_bytes(Path(shutil.which("xterm") or "xterm").read_bytes())
    fake.chmod(0o755)
    history = desktop.tmp / "history"
    history.touch()
    rc = desktop.tmp / "bashrc"
    rc.write_text(_RC.format(shlex.quote(str(desktop.tmp))))  # its files land in tmp
    env = {"HISTFILE": str(history), "HISTSIZE": "100", "HISTFILESIZE": "100"}
    title = "notes.txt - gedit"
    desktop.vd.spawn(
        [str(fake), "-class", "Gedit", "-name", "gedit", "-T", title, "-geometry",
         "80x20+100+100", "-fa", "DejaVu Sans Mono", "-fs", "14", "-e", "bash", "--rcfile",
         str(rc), "-i"],
        env=env,
    )  # fmt: skip
    desktop.wait_window(title)
    desktop.vd.run(["xdotool", "search", "--name", f"^{title}$", "windowactivate", "--sync"])
    time.sleep(1.0)
    for name, actions in DRESSED:
        refusals = [s["refusal"] for s in _steps(desktop, name, actions) if s.get("refusal")]
        assert [r["rule"] for r in refusals] == ["terminal-window"], (name, refusals)
        assert "pseudo-terminal" in refusals[0]["message"], (name, refusals)
    time.sleep(0.5)
    assert history.read_text() == "", history.read_text()
    assert not (desktop.tmp / "pwned").exists()
    desktop.vd.run(["xdotool", "type", "--delay", "20", "echo listening"])
    desktop.vd.run(["xdotool", "key", "Return"])
    eventually(lambda: "echo listening" in history.read_text(), timeout=10)
