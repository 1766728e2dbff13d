"""A private X desktop: Xvfb on a free display, a window manager, logical monitors.

:class:`VirtualDesktop` is public so tests, benchmarks, recordings and users who want
to run the agent on a headless machine share one tested way to do it::

    with VirtualDesktop(size=(1280, 800), window_manager=True) as desk:
        app = desk.spawn(["zenity", "--info", "--text", "Hello"])
        screen = DesktopScreen(display=desk.display)

Xvfb picks the lowest free display itself (``-displayfd``), so parallel desktops
never race for a number. Every child runs in its own process group and is stopped by
its PID (SIGTERM, then SIGKILL), newest first, even when the body raised. Needs the
system packages ``xvfb``, plus ``openbox`` for a window manager and
``x11-xserver-utils`` (``xrandr``) for several monitors.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Final

from .._errors import ScreenUnavailable

__all__ = [
    "APT_PACKAGES",
    "VirtualDesktop",
    "accepts_without_authority",
    "make_dummy_xauthority",
    "stop_process",
]

#: The Debian/Ubuntu packages a live desktop run needs (see scripts/install-system-deps.sh).
APT_PACKAGES: Final = (
    "xvfb",
    "xdotool",
    "x11-utils",
    "x11-xserver-utils",
    "openbox",
    "zenity",
    "scrot",
    "xclip",
    "fonts-dejavu-core",
)

_APT_LINE: Final = "apt-get install -y --no-install-recommends " + " ".join(APT_PACKAGES)


def stop_process(proc: subprocess.Popen[bytes] | subprocess.Popen[str], timeout: float = 3) -> None:
    """Stop a child started with ``start_new_session=True`` and its whole process group
    (a child that leads no group of its own, or any child where there are no process
    groups, as on Windows, is stopped by itself)."""
    if proc.poll() is None:
        try:
            _signal(proc, force=False)
            proc.wait(timeout)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                _signal(proc, force=True)
            proc.wait()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()


def _signal(proc: subprocess.Popen[bytes] | subprocess.Popen[str], *, force: bool) -> None:
    if hasattr(os, "killpg"):
        try:
            os.killpg(proc.pid, signal.SIGKILL if force else signal.SIGTERM)
            return
        except ProcessLookupError:  # no group of that id: the child leads none; stop it
            if proc.poll() is not None:
                raise
    if force:
        proc.kill()
    else:
        proc.terminate()


def make_dummy_xauthority(path: str | Path) -> Path:
    """Write an X authority file with one unrelated entry (display 65535); return its path.

    You need one to drive a private Xvfb that was started without ``-auth`` (your own,
    or one in a container or CI job) with real input: python-xlib (under pyautogui)
    refuses to start without an authority file and prints a warning for an empty one,
    while such an Xvfb accepts any local client, so an entry for another display is
    enough. Point ``XAUTHORITY`` at the file before pyautogui is imported.
    :class:`VirtualDesktop` writes one for its own display (``desk.env["XAUTHORITY"]``).
    The file is written ``0600``.
    """

    def field(data: bytes) -> bytes:
        return struct.pack(">H", len(data)) + data

    entry = struct.pack(">H", 0xFFFF) + field(b"") + field(b"65535")
    entry += field(b"MIT-MAGIC-COOKIE-1") + field(bytes(16))
    out = Path(path)
    # never through a symlink, and never readable by others even for an instant
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(out, flags, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(entry)
    out.chmod(0o600)
    return out


#: ``:0``, ``:1.0``, ``unix:2``: a display on this machine's unix socket
_LOCAL_DISPLAY: Final = re.compile(r"(?:unix)?:(\d+)(?:\.\d+)?")


def _x_socket(display: str) -> socket.socket | None:
    """A connected unix socket to local X ``display`` (None: not a local display, or
    nothing listens). Linux servers also listen on the abstract name; try both."""
    match = _LOCAL_DISPLAY.fullmatch(display)
    if match is None or not hasattr(socket, "AF_UNIX"):
        return None
    path = f"/tmp/.X11-unix/X{match.group(1)}"  # noqa: S108 - X11's fixed socket folder
    for address in (path, "\0" + path):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.settimeout(2.0)
            sock.connect(address)
            return sock
        except OSError:
            sock.close()
    return None


def accepts_without_authority(display: str) -> bool | None:
    """Does X ``display`` accept a client that presents no authority at all?

    Sends the X11 connection setup with no authorization over the display's unix
    socket and reads the first byte of the answer: 1 (Success) is True; 0 (Failed) and
    2 (Authenticate) are False. None when it cannot tell: a remote or unparsable
    display, or no server answering. No X library is needed.
    """
    sock = _x_socket(display)
    if sock is None:
        return None
    # byte order "l" (little endian), protocol 11.0, empty auth name and data
    setup = struct.pack("<BxHHHHxx", ord("l"), 11, 0, 0, 0)
    try:
        with sock:
            sock.sendall(setup)
            first = sock.recv(1)
    except OSError:
        return None
    return None if not first else first[0] == 1


def _read_display(
    proc: subprocess.Popen[bytes], fd: int, timeout: float, server: str = "Xvfb"
) -> str:
    buf = b""
    deadline = time.monotonic() + timeout
    while not buf.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or proc.poll() is not None:
            stop_process(proc)
            raise ScreenUnavailable(f"{server} did not start within {timeout:g}s")
        ready, _, _ = select.select([fd], [], [], min(left, 0.1))
        if ready:
            chunk = os.read(fd, 64)
            if not chunk:
                break
            buf += chunk
    return ":" + buf.decode().strip()


class VirtualDesktop:
    """Xvfb (+ openbox, + logical monitors) as a context manager; see the module doc.

    ``monitors`` splits the one screen into logical monitors with ``xrandr
    --setmonitor``: a list of ``(width, height, left, top)``. ``auth`` starts Xvfb with
    ``-auth FILE`` (access control on: a client needs a cookie from that file, which
    ``env["XAUTHORITY"]`` then names); by default anyone local may connect.
    """

    def __init__(
        self,
        *,
        size: tuple[int, int] = (1280, 800),
        depth: int = 24,
        window_manager: bool = False,
        monitors: Sequence[tuple[int, int, int, int]] = (),
        start_timeout: float = 10.0,
        auth: str | Path | None = None,
    ) -> None:
        self.size = size
        self.depth = depth
        self.window_manager = window_manager
        self.monitors = tuple(monitors)
        self.start_timeout = start_timeout
        self.auth = None if auth is None else Path(auth)
        self.display = ""
        self.env: dict[str, str] = {}
        self.procs: list[subprocess.Popen[bytes] | subprocess.Popen[str]] = []
        self._tmp: tempfile.TemporaryDirectory[str] | None = None

    @staticmethod
    def missing_programs(*, window_manager: bool = False, monitors: bool = False) -> list[str]:
        """The programs this machine lacks for such a desktop (empty when all are there)."""
        need = ["Xvfb", *(["openbox", "xprop"] if window_manager else [])]
        need += ["xrandr"] if monitors else []
        return [p for p in need if shutil.which(p) is None]

    def __enter__(self) -> VirtualDesktop:
        missing = self.missing_programs(
            window_manager=self.window_manager, monitors=bool(self.monitors)
        )
        if missing:
            raise ScreenUnavailable(
                f"cannot start a virtual desktop: {', '.join(missing)} not installed; "
                f"install with: sudo {_APT_LINE}"
            )
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _start(self) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="tca-desktop-")
        read_fd, write_fd = os.pipe()
        argv = self.server_argv(write_fd)
        try:
            xvfb = subprocess.Popen(
                argv,
                pass_fds=(write_fd,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            self.procs.append(xvfb)
            os.close(write_fd)
            write_fd = -1
            self.display = _read_display(xvfb, read_fd, self.start_timeout, argv[0])
        finally:
            os.close(read_fd)
            if write_fd >= 0:
                os.close(write_fd)
        xauth = self.auth or make_dummy_xauthority(Path(self._tmp.name) / "Xauthority")
        self.env = {
            **os.environ,
            "DISPLAY": self.display,
            "XAUTHORITY": str(xauth),
            "XDG_SESSION_TYPE": "x11",
        }
        self.env.pop("WAYLAND_DISPLAY", None)
        for i, (mw, mh, left, top) in enumerate(self.monitors):
            # physical size in mm is required by xrandr; ~96 dpi
            geometry = f"{mw}/{round(mw * 0.264)}x{mh}/{round(mh * 0.264)}+{left}+{top}"
            self.run(
                ["xrandr", "--setmonitor", f"TCA-{i}", geometry, "screen" if i == 0 else "none"]
            )
        if self.window_manager:
            self.spawn(["openbox", "--sm-disable"], quiet=True)
            self._wait_for_window_manager()

    def server_argv(self, displayfd: int) -> list[str]:
        """The X server's command line; it writes its display number to ``displayfd``
        (a nested server overrides this: :class:`~tiny_computer_agent.desktop.Sandbox`)."""
        w, h = self.size
        return [
            "Xvfb",
            "-displayfd",
            str(displayfd),
            "-nolisten",
            "tcp",
            "-noreset",
            "-screen",
            "0",
            f"{w}x{h}x{self.depth}",
            *([] if self.auth is None else ["-auth", str(self.auth)]),
        ]

    def _wait_for_window_manager(self) -> None:
        """Until openbox manages windows: its check window is set early in its start, and a
        program mapped then could be left unmanaged and never shown (xcalc, 3 runs in 10);
        its client list is written once it manages them."""
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            probe = self.run(
                ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK", "_NET_CLIENT_LIST"], check=False
            )
            if "window id" in probe.stdout and "_NET_CLIENT_LIST(WINDOW)" in probe.stdout:
                return
            time.sleep(0.05)
        raise ScreenUnavailable(f"openbox did not become ready on {self.display}")

    def run(self, argv: Sequence[str], *, check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run a short command on this display and return it (output captured)."""
        return subprocess.run(
            list(argv), env=self.env, check=check, capture_output=True, text=True, timeout=30
        )

    def spawn(
        self,
        argv: Sequence[str],
        *,
        quiet: bool = False,
        env: Mapping[str, str] | None = None,
        stdout: int | None = None,
    ) -> subprocess.Popen[str]:
        """Start ``argv`` on this display in its own process group; stopped on close."""
        proc = subprocess.Popen(
            list(argv),
            env={**self.env, **(env or {})},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL if quiet else stdout,
            stderr=subprocess.DEVNULL if quiet else None,
            start_new_session=True,
            text=True,
        )
        self.procs.append(proc)
        return proc

    def stop(self, proc: subprocess.Popen[str]) -> None:
        """Stop one child now (by its PID and process group)."""
        stop_process(proc)
        if proc in self.procs:
            self.procs.remove(proc)

    def close(self) -> None:
        """Stop every child, newest first (apps, window manager, then Xvfb)."""
        while self.procs:
            stop_process(self.procs.pop())
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None
