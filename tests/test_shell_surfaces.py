"""What the desktop shell draws itself (issue 37): GNOME Shell's top bar, its overview
and the overview's search, read from the accessibility tree in no X window of their
own. The tree's window of a desktop shell's process that no X window matches marks its
controls ``shell``; the armed policy takes no keys while the shell shows a field of its
own, and a ``--window`` scope holds none of them. Live on the real GNOME Shell:
``tests/test_live_gnome_shell.py``."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tiny_computer_agent import ARM_ENV, Action, Element, Observation, Policy, PolicyRefusal
from tiny_computer_agent._elements import FrameMapping, Window
from tiny_computer_agent.desktop._a11y import A11yNode, A11ySnapshot, to_elements
from tiny_computer_agent.perception import assign_windows

SIZE = (1280, 800)
GEDIT = Window(title="notes.txt - gedit", box=(0, 0, *SIZE), id=7, wm_class=("gedit", "Gedit"),
               process="gedit", pid=40)  # fmt: skip


@pytest.fixture
def named(tmp_path: Path) -> Iterator[Callable[[str], int]]:
    """Start a process whose name (``/proc/PID/comm``) is the one given: a copy of
    ``sleep`` under that name; stopped by its PID at the end."""
    started: list[subprocess.Popen[bytes]] = []

    def start(name: str) -> int:
        folder = tmp_path / str(len(started))  # one copy per process: a running one is busy
        folder.mkdir()
        program = folder / name
        shutil.copy(shutil.which("sleep") or "/bin/sleep", program)
        proc = subprocess.Popen([str(program), "30"])
        started.append(proc)
        deadline = time.monotonic() + 5
        while Path(f"/proc/{proc.pid}/comm").read_text().strip() != name[:15]:
            assert time.monotonic() < deadline, "the named process did not start"
            time.sleep(0.01)
        return proc.pid

    yield start
    for proc in started:
        proc.kill()
        proc.wait()


def _snapshot(pid: int, matched: int = 0) -> A11ySnapshot:
    shell = Window(title="", box=(0, 0, *SIZE), id=matched, pid=pid)
    return A11ySnapshot(
        windows=(shell,),
        nodes=(
            A11yNode(label="Activities", kind="button", box=(0, 0, 114, 32), window=0),
            A11yNode(
                label="Type to search",
                kind="field",
                box=(510, 53, 800, 71),
                window=0,
                state=frozenset({"editable"}),
            ),
        ),
    )


def test_a_desktop_shells_own_controls_are_marked(named: Callable[[str], int]) -> None:
    elements = to_elements(_snapshot(named("gnome-shell")), FrameMapping())
    assert all("shell" in e.state and e.window == 0 for e in elements)
    # another program's window the X list did not match (Chromium's, at times): unmarked
    other = to_elements(_snapshot(named("chromium")), FrameMapping())
    assert not any("shell" in e.state for e in other)
    # a shell's window that an X window matched is a window like any other
    matched = to_elements(_snapshot(named("gnome-shell"), matched=0x400009), FrameMapping())
    assert not any("shell" in e.state for e in matched)


def test_the_shells_controls_stay_in_no_window() -> None:
    search = Element(label="Type to search", box=(510, 53, 800, 71), kind="field",
                     source="a11y", state={"editable", "shell"})  # fmt: skip
    plain = Element(label="Open", box=(510, 100, 600, 120), kind="button", source="a11y")
    kept = assign_windows([search, plain], [GEDIT], FrameMapping())
    assert [e.window for e in kept] == [0, GEDIT.id]  # the plain one lies in gedit


def _overview(*, search: bool = True) -> Observation:
    shell = {"shell", "editable"} if search else {"shell"}
    elements = [
        Element(label="Text", box=(20, 120, 1200, 780), kind="field", source="a11y",
                window=GEDIT.id, state={"editable", "focused"}),
        Element(label="Type to search", box=(510, 53, 800, 71), kind="field" if search else "",
                source="a11y", state=shell),
        Element(label="Power Off", box=(1100, 200, 1200, 230), kind="button", source="a11y",
                state={"shell"}),
    ]  # fmt: skip
    return Observation.of(elements, size=SIZE, windows=[GEDIT])


def _armed(**fields: object) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [
        Action.make("type", text="sakura"),
        Action.make("type", text="notes", target="Text"),  # the shell takes it all the same
        Action.make("type", text="sakura", target="Type to search"),
        Action.make("key", keys="Return"),
        Action.make("key", keys="ctrl+v"),
    ],
    ids=lambda a: a.describe(),
)
def test_no_keys_while_the_shell_shows_its_search(action: Action) -> None:
    with pytest.raises(PolicyRefusal) as refused:
        _armed(allow_keys=("ctrl+v",)).check(action, _overview())
    assert refused.value.rule == "terminal-window"
    assert "the desktop shell shows a text field of its own" in str(refused.value)


def test_escape_closes_it_and_without_a_search_typing_goes() -> None:
    _armed().check(Action.make("key", keys="Escape"), _overview())
    _armed().check(Action.make("type", text="notes", target="Text"), _overview(search=False))
    Policy().check(Action.make("type", text="sakura"), _overview())  # a dry run sends nothing


def test_a_scope_holds_none_of_the_shells_controls() -> None:
    with pytest.raises(PolicyRefusal) as refused:
        Policy(scope=("gedit",)).check(Action.make("click", target="Power Off"), _overview())
    assert refused.value.rule == "window-scope"
    Policy(scope=("gedit",)).check(Action.make("click", target="Text"), _overview())
