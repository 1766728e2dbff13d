"""A window whose client connected over TCP, on a real X server (issue 37, sixth pass).

The attacker's pass started an xterm with ``DISPLAY=127.0.0.1:N`` and ``-class Gedit``:
X-Resource names no process for a client over TCP, so no pty could be looked for, and
the class it claimed put it on the table of text programs; typed text ran in its shell.
Here a private Xvfb listens on TCP (no ``-ac``: only this machine's own addresses may
connect), the same xterm connects through it and another through the unix socket, and
the project's own X reader lists the first as ``remote`` with no process, the second as
xterm holding a pty; the policy refuses text, a paste and Return into the first. Live
only: the point is what a real X server answers.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from devsupport.xdesktop import PLATFORM_SKIP, SESSION, eventually, require
from tiny_computer_agent import Action, Element, Observation
from tiny_computer_agent.desktop import VirtualDesktop
from tiny_computer_agent.desktop._windows import XWindows

from .helpers import armed, rule_of

pytestmark = pytest.mark.live


class _TcpDesktop(VirtualDesktop):
    """A private Xvfb that also listens on TCP (display N on port 6000+N)."""

    def server_argv(self, displayfd: int) -> list[str]:
        argv = super().server_argv(displayfd)
        at = argv.index("-nolisten")
        return [*argv[:at], "-listen", "tcp", *argv[at + 2 :]]


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch) -> Iterator[_TcpDesktop]:
    if SESSION:
        pytest.skip(f"{PLATFORM_SKIP}a client over TCP needs a private Xvfb listening on TCP")
    require("Xvfb", "openbox", "xprop", "xterm")
    with _TcpDesktop(window_manager=True) as vd:
        monkeypatch.setenv("XAUTHORITY", vd.env["XAUTHORITY"])
        yield vd


def _xterm(vd: _TcpDesktop, display: str, title: str) -> None:
    env = {**vd.env, "DISPLAY": display}
    vd.spawn(["xterm", "-name", "gedit", "-class", "Gedit", "-T", title, "-e", "sh"], env=env,
             quiet=True)  # fmt: skip


def test_a_client_over_tcp_is_listed_remote_and_takes_no_text(desktop: _TcpDesktop) -> None:
    assert shutil.which("xterm")
    number = desktop.display.lstrip(":").split(".")[0]
    _xterm(desktop, f"127.0.0.1:{number}", "notes.txt - gedit")  # over TCP
    _xterm(desktop, desktop.display, "todo.txt - gedit")  # through the unix socket
    reader = XWindows(desktop.display)
    try:

        def both() -> list | None:  # type: ignore[type-arg]
            listed = [w for w in reader.windows() if w.title.endswith("- gedit")]
            return listed if len(listed) == 2 else None

        windows = eventually(both, "both xterms listed", timeout=20)
    finally:
        reader.close()
    over_tcp = next(w for w in windows if w.title.startswith("notes.txt"))
    local = next(w for w in windows if w.title.startswith("todo.txt"))
    assert over_tcp.remote and over_tcp.process == "" and not over_tcp.pty, over_tcp
    assert over_tcp.wm_class == ("gedit", "Gedit")  # what it claims
    assert not local.remote and local.process == "xterm" and local.pty, local
    text = Element(label="notes.txt", box=_inside(over_tcp.box), kind="field",
                   state=frozenset({"focused", "editable"}), window=over_tcp.id)  # fmt: skip
    frame = Observation.of([text], size=desktop.size, windows=list(windows))
    keys = (Action.make("key", keys="ctrl+shift+v"), Action.make("key", keys="Return"))
    for action in (Action.make("type", text="touch PWNED", target="notes.txt"), *keys):
        assert rule_of(armed(), action, frame) == "typing-program", action


def _inside(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    left, top, right, bottom = box
    return (left + 10, top + 30, max(left + 20, right - 10), max(top + 40, bottom - 10))
