"""A terminal known by the pseudo-terminal its process holds (issue 37, item 2): an
xterm copied to ``gedit`` and started with gedit's class and a document's title says
nothing of a terminal in its class, process or title, but it holds ``/dev/ptmx`` open,
as every terminal emulator does. The desktop's window reader notes that
(``Window.pty``), and the policy counts such a window as a terminal."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

import pytest

from tiny_computer_agent import ARM_ENV, Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._policy import terminal_reason
from tiny_computer_agent.desktop._windows import holds_pty
from tiny_computer_agent.records._schema import TraceReader

SIZE = (1280, 800)
GEDIT = Window(
    title="notes.txt - gedit", box=(0, 0, *SIZE), id=7, pid=4242, wm_class=("gedit", "Gedit"),
    process="gedit",
)  # fmt: skip
DRESSED = Window(
    title=GEDIT.title, box=GEDIT.box, id=7, pid=4242, wm_class=GEDIT.wm_class,
    process="gedit", pty=True,
)  # fmt: skip
DOC = Element(label="notes.txt", box=(0, 60, 1280, 800), kind="field", window=7,
              state={"focused", "editable"})  # fmt: skip


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def rule_of(policy: Policy, action: Action, window: Window) -> str | None:
    try:
        policy.check(action, Observation.of([DOC], size=SIZE, windows=[window]))
    except PolicyRefusal as exc:
        return exc.rule
    return None


ACTIONS = [
    Action.make("type", text="ls -la"),
    Action.make("type", text="python3 -m venv ~/.v && ls -la ~\n", target="notes.txt"),
    Action.make("key", keys="Return"),
    Action.make("key", keys="ctrl+v"),
    Action.make("click", target="notes.txt", button="middle"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=[a.describe() for a in ACTIONS])
def test_input_into_a_window_whose_process_holds_a_pty_is_refused(action: Action) -> None:
    assert rule_of(armed(), action, DRESSED) == "terminal-window"


def test_the_same_window_without_a_pty_takes_it() -> None:
    """The control: gedit is on the table of text programs, so the pty is what refused."""
    for action in ACTIONS[:3]:
        assert rule_of(armed(), action, GEDIT) is None, action.describe()


def test_the_reason_says_what_was_seen_and_how_to_allow_a_program_with_a_terminal_inside() -> None:
    assert terminal_reason(GEDIT) is None
    why = terminal_reason(DRESSED)
    assert why is not None and "pseudo-terminal" in why and "--allow-typing-in" in why


def test_a_dialog_of_a_program_holding_a_pty_is_its_own_window() -> None:
    """Geany holds a pty for its Terminal tab; its Save As dialog (a transient window)
    takes the keys, not the terminal."""
    dialog = Window(
        title="Save File", box=(300, 200, 900, 600), id=9, pid=4242,
        wm_class=("geany", "Geany"), process="geany", pty=True, transient_for=7,
    )  # fmt: skip
    assert terminal_reason(dialog) is None


def test_naming_the_program_vouches_for_its_pty_but_a_star_does_not() -> None:
    typed = ACTIONS[0]
    assert rule_of(armed(typing_in=("gedit",)), typed, DRESSED) is None
    assert rule_of(armed(typing_in=("*",)), typed, DRESSED) == "terminal-window"
    assert rule_of(armed(typing_in=("mousepad",)), typed, DRESSED) == "terminal-window"
    role = Window(title=GEDIT.title, box=GEDIT.box, id=7, wm_class=GEDIT.wm_class,
                  process="gedit", pty=True, role="terminal")  # fmt: skip
    assert rule_of(armed(typing_in=("gedit",)), typed, role) == "terminal-window"


def test_the_pty_survives_a_round_trip_and_a_trace() -> None:
    data = DRESSED.to_dict()
    assert data["pty"] is True and "pty" not in GEDIT.to_dict()
    assert Window.from_dict(data) == DRESSED
    assert TraceReader("trace.json").window(data, "frame.windows[0]") == DRESSED


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_holds_pty_reads_a_real_process_open_files() -> None:
    """A process that opened a pty pair holds /dev/ptmx; one that did not, does not."""
    code = "import os, sys, time; m, s = os.openpty(); print('ready', flush=True); time.sleep(30)"
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    plain = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        assert holds_pty(holder.pid)
        assert not holds_pty(plain.pid)
        assert not holds_pty(None) and not holds_pty(0)
    finally:
        for proc in (holder, plain):
            proc.kill()
            proc.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    time.sleep(0.1)
    assert not holds_pty(holder.pid)  # gone: unknown, not a terminal
