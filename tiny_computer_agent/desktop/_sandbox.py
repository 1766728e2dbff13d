"""A sandboxed display: one program on a private nested X server the agent owns.

:class:`Sandbox` starts an X server of its own (Xephyr, a window on the display you are
on, so a person can watch, when there is one; Xvfb, headless, otherwise), a window
manager in it (openbox, when installed), then the program, and waits until the program
shows a window::

    with Sandbox(["mousepad", "notes.txt"]) as box:
        screen = DesktopScreen(display=box.display)  # sees the program, nothing else

An agent pointed at ``box.display`` (capture and input: see :meth:`Sandbox.agent_env`)
reaches the program and nothing else, by construction: its clicks, keys and pastes go to
a server on which only that program runs, and whose clipboard starts empty (a new
server's selections have no owner: nothing copied on your desktop can be pasted in it).
The program and its accessibility tree are cut off from your session bus
(``DBUS_SESSION_BUS_ADDRESS`` and ``AT_SPI_BUS_ADDRESS`` are not passed on), so the
agent's reader cannot list the controls of your other programs either.

Everything is started in its own process group and stopped by PID when the block ends,
however it ends (newest first: the program, the window manager, the server). The
server accepts any client of this machine, as :class:`VirtualDesktop`'s does: it
keeps the agent in, not other local users out.

Needs the system packages ``xserver-xephyr`` (to watch) or ``xvfb`` (headless), and
``openbox`` plus ``x11-utils`` for a window manager. Wayland has no nested X server of
its own: run it under XWayland (Xephyr then opens a window there), or run the whole
agent in a container or VM (the README says how).
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import Final

from .._elements import Window
from .._errors import ScreenUnavailable
from ._windows import XWindows
from ._xvfb import VirtualDesktop

__all__ = ["SANDBOX_SERVERS", "Sandbox", "choose_server"]

log = logging.getLogger(__name__)

#: The nested X servers a sandbox runs on, and the Debian/Ubuntu package of each.
SANDBOX_SERVERS: Final = {"Xephyr": "xserver-xephyr", "Xvfb": "xvfb"}

#: What the program and the agent are not given: the way to the desktop around them.
OUTSIDE: Final = ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "WAYLAND_DISPLAY")


def choose_server(environ: Mapping[str, str] | None = None) -> str:
    """``Xephyr`` when there is a display to show it on and it is installed, else
    ``Xvfb``; ScreenUnavailable naming the package to install when neither can run."""
    env = os.environ if environ is None else environ
    xephyr, xvfb = shutil.which("Xephyr") is not None, shutil.which("Xvfb") is not None
    if env.get("DISPLAY") and xephyr:
        return "Xephyr"
    if xvfb:
        if env.get("DISPLAY"):
            log.warning(
                "Xephyr is not installed, so the sandbox runs headless on Xvfb (watch it "
                "with --console); to watch it in a window: sudo apt-get install -y "
                "xserver-xephyr"
            )
        return "Xvfb"
    if xephyr:
        raise ScreenUnavailable(
            "--sandbox without a display to show Xephyr on needs Xvfb, which is not "
            "installed; install it with: sudo apt-get install -y xvfb"
        )
    raise ScreenUnavailable(
        "--sandbox needs a nested X server and neither Xephyr nor Xvfb is installed; "
        "install one with: sudo apt-get install -y xserver-xephyr (to watch the "
        "program in a window) or xvfb (headless)"
    )


class Sandbox(VirtualDesktop):
    """A program alone on a private nested X server; see the module doc.

    ``server``: ``Xephyr`` or ``Xvfb`` (None: :func:`choose_server`, now; it raises
    ScreenUnavailable when neither can run). ``window_timeout``:
    how long the program may take to show its first window. After ``__enter__``,
    ``display`` is the sandbox's display, ``app`` the program's process and ``window``
    the first window it showed.
    """

    def __init__(
        self,
        program: Sequence[str],
        *,
        size: tuple[int, int] = (1280, 800),
        server: str | None = None,
        window_timeout: float = 30.0,
        start_timeout: float = 10.0,
    ) -> None:
        if not program or not program[0]:
            raise ValueError("a sandbox needs a program to run (argv, e.g. ['xcalc'])")
        if server is not None and server not in SANDBOX_SERVERS:
            raise ValueError(f"server must be one of {tuple(SANDBOX_SERVERS)}, got {server!r}")
        super().__init__(size=size, start_timeout=start_timeout)
        self.program = tuple(program)
        self.server = choose_server() if server is None else server
        self.window_timeout = window_timeout
        self.manager = shutil.which("openbox") is not None and shutil.which("xprop") is not None
        self.app: subprocess.Popen[str] | None = None
        self.window: Window | None = None

    @property
    def pids(self) -> tuple[int, ...]:
        """The PIDs it started and has not stopped yet (server first)."""
        return tuple(p.pid for p in self.procs)

    def describe(self) -> str:
        """One line: what runs where (for the CLI's stderr and logs)."""
        watch = "in a window on your display" if self.server == "Xephyr" else "headless"
        manager = "openbox" if self.manager else "no window manager"
        name = os.path.basename(self.program[0])
        return (
            f"{name} on its own X display {self.display} ({self.server}, {watch}; {manager}); "
            "nothing else is reachable from it"
        )

    def agent_env(self) -> tuple[dict[str, str], tuple[str, ...]]:
        """What the agent's process must set (the sandbox's DISPLAY and XAUTHORITY) and
        unset (:data:`OUTSIDE`) so its capture, input and accessibility reader reach
        the sandbox and nothing else."""
        keep = {"DISPLAY": self.display, "XAUTHORITY": self.env["XAUTHORITY"]}
        return keep, OUTSIDE

    def server_argv(self, displayfd: int) -> list[str]:
        if self.server != "Xephyr":
            return super().server_argv(displayfd)
        w, h = self.size
        return [
            "Xephyr",
            "-displayfd",
            str(displayfd),
            "-nolisten",
            "tcp",
            "-noreset",
            "-no-host-grab",
            "-title",
            f"tiny-computer-agent sandbox: {os.path.basename(self.program[0])}",
            "-screen",
            f"{w}x{h}x{self.depth}",
        ]

    def __enter__(self) -> Sandbox:
        if shutil.which(self.server) is None:
            package = SANDBOX_SERVERS[self.server]
            raise ScreenUnavailable(
                f"the sandbox's server {self.server} is not installed; install it with: "
                f"sudo apt-get install -y {package}"
            )
        try:
            self._start()
            self._start_program()
        except BaseException:
            self.close()
            raise
        return self

    def _start(self) -> None:
        super()._start()  # the server alone: self.window_manager is False
        for name in OUTSIDE:
            self.env.pop(name, None)
        if self.manager:
            self.spawn(["openbox", "--sm-disable"], quiet=True)
            self._wait_for_window_manager()
        else:
            log.warning("openbox is not installed: the sandbox has no window manager")

    def _start_program(self) -> None:
        # its output is not the agent's: stdout may carry the run's JSON
        self.app = self.spawn(self.program, stdout=subprocess.DEVNULL)
        self.window = self._wait_for_window(self.app)

    def _wait_for_window(self, app: subprocess.Popen[str]) -> Window:
        windows = XWindows(self.display)
        deadline = time.monotonic() + self.window_timeout
        # python-xlib finds its authority in this process's XAUTHORITY: the sandbox's
        # file, not the user's (who may have none at all: a headless box, a container)
        before = os.environ.get("XAUTHORITY")
        os.environ["XAUTHORITY"] = self.env["XAUTHORITY"]
        try:
            return self._first_window(app, windows, deadline)
        finally:
            if before is None:
                os.environ.pop("XAUTHORITY", None)
            else:
                os.environ["XAUTHORITY"] = before

    def _first_window(
        self, app: subprocess.Popen[str], windows: XWindows, deadline: float
    ) -> Window:
        try:
            while time.monotonic() < deadline:
                shown = [w for w in windows.windows() if w.box[2] > w.box[0]]
                if shown:
                    return shown[0]
                if windows.unavailable:
                    raise ScreenUnavailable(
                        f"cannot watch the sandbox for the program's window: {windows.unavailable}"
                    )
                if app.poll() is not None:
                    raise ScreenUnavailable(
                        f"{self.program[0]} exited (code {app.returncode}) before it showed "
                        "a window in the sandbox"
                    )
                time.sleep(0.1)
        finally:
            windows.close()
        raise ScreenUnavailable(
            f"{self.program[0]} showed no window in the sandbox within {self.window_timeout:g}s"
        )
