"""The desktop record_controls.py stages its shots on, and what every shot shares.

:class:`Desk` is a private Xvfb with openbox and a private D-Bus session bus (so GTK
programs publish their AT-SPI tree), the programs it started (stopped by PID after each
shot), screen capture, and the window manager's view of the windows: stacking order,
frames, titles. :class:`Target` is one labelled control.

:meth:`Desk.context` is what the live desktop screen would have handed a detector with
this frame, read by the project's own code (not the truth readers): the top-level
windows (``XWindows``) and the accessibility tree's elements (``AtspiBackend``, the
same steps as ``DesktopScreen._read_tree``), so ``a11y`` and ``auto`` can be scored
offline.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import time
from collections.abc import Sequence
from typing import Any

Rect = tuple[int, int, int, int]
#: the private screen's size (one monitor at 0,0: screen pixels are frame pixels)
SCREEN = (1280, 800)
#: Element.from_dict's defaults, left out of the labels file
_ELEMENT_DEFAULTS: dict[str, Any] = {"id": 0, "confidence": 1.0, "source": "ocr"}
#: a top-level window as the window manager sees it: (client id, pid, frame rect, title,
#: client rect, the ids of every X window inside it and of the frames around it)
Win = tuple[int, int | None, Rect, str, Rect, frozenset[int]]


@dataclasses.dataclass(frozen=True)
class Target:
    """A control the toolkit reports: name, kind (one of KINDS), screen rect l,t,r,b."""

    name: str
    kind: str
    rect: Rect
    pid: int | None = None
    state: frozenset[str] = frozenset()
    value: str | None = None
    #: the X window (the window manager's client) it belongs to, when the toolkit says
    wid: int = 0


class Desk:
    """Xvfb + openbox + a session bus; apps started per shot and stopped after it."""

    def __init__(self) -> None:
        self.apps: list[subprocess.Popen[str]] = []
        self.vd: Any = None
        self.cap: Any = None
        self.xwindows: Any = None
        self.tree: Any = None

    def __enter__(self) -> Desk:
        from tiny_computer_agent.desktop import VirtualDesktop
        from tiny_computer_agent.desktop._capture import MssCapture

        self.vd = VirtualDesktop(size=SCREEN, window_manager=True).__enter__()
        try:
            bus = self.vd.spawn(
                ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                stdout=subprocess.PIPE,
            )
            address = bus.stdout.readline().strip()
            if not address:
                raise RuntimeError("dbus-daemon printed no address (is dbus installed?)")
            self.vd.env["DBUS_SESSION_BUS_ADDRESS"] = address
            self.vd.env.pop("NO_AT_BRIDGE", None)
            os.environ.update(DISPLAY=self.vd.display, XAUTHORITY=self.vd.env["XAUTHORITY"])
            self.cap = MssCapture(self.vd.display)
            self._open_context()
        except BaseException:
            self.vd.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop_apps()
        if self.cap is not None:
            self.cap.close()
        for reader in (self.xwindows, self.tree):
            if reader is not None:
                reader.close()
        self.vd.close()

    def _open_context(self) -> None:
        """Our own readers of windows and tree, kept for the whole run as DesktopScreen
        keeps them: XWindows finds the private Xvfb's cookie through ``XAUTHORITY``
        (set above), AtspiBackend the session bus through the environ it is given (the
        bus the truth reader's at-spi registry runs on)."""
        from tiny_computer_agent.desktop._atspi import AtspiBackend
        from tiny_computer_agent.desktop._windows import XWindows

        self.xwindows = XWindows(self.vd.display)
        self.tree = AtspiBackend(environ=self.env)

    def context(self) -> dict[str, Any]:
        """What DesktopScreen would give a detector now: the windows (top-most first)
        and the tree's elements, both in screen pixels, as compact JSON. Read right
        after the capture; the tree is empty for programs without one (Tk, X Toolkit).
        ``"complete": false`` when the snapshot hit its deadline."""
        from tiny_computer_agent._elements import FrameMapping
        from tiny_computer_agent.desktop._a11y import assign_window_ids, to_elements

        windows = self.xwindows.windows()
        snap = assign_window_ids(self.tree.snapshot(screen=(0, 0, *SCREEN)), windows)
        out: dict[str, Any] = {
            "windows": [w.to_dict() for w in windows],
            "accessible": [_compact(e.to_dict()) for e in to_elements(snap, FrameMapping())],
        }
        if not snap.complete:
            out["complete"] = False
            out["notes"] = list(snap.notes)
        return out

    @property
    def env(self) -> dict[str, str]:
        return dict(self.vd.env)

    def spawn(
        self, argv: Sequence[str], *, env: dict[str, str] | None = None, pipe: bool = False
    ) -> subprocess.Popen[str]:
        """Start a program of this shot (stopped by :meth:`stop_apps`)."""
        proc: subprocess.Popen[str] = self.vd.spawn(
            list(argv), env=env, stdout=subprocess.PIPE if pipe else None, quiet=not pipe
        )
        self.apps.append(proc)
        return proc

    def stop_apps(self) -> None:
        while self.apps:
            self.vd.stop(self.apps.pop())
        time.sleep(0.2)

    def run(self, argv: Sequence[str], check: bool = True) -> str:
        return str(self.vd.run(list(argv), check=check).stdout)

    def capture(self) -> Any:
        return self.cap.grab(self.cap.monitors()[0])

    def wait_still(self, timeout: float = 6.0, quiet: float = 0.5) -> None:
        """Until no pixel changed for ``quiet`` seconds (a caret's blink may never stop:
        then after ``timeout``)."""
        deadline = time.monotonic() + timeout
        last, since = b"", time.monotonic()
        while time.monotonic() < deadline:
            raw = self.cap.shot((0, 0, *SCREEN))
            sig = bytes(raw.data[::97])
            if sig != last:
                last, since = sig, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return
            time.sleep(0.05)

    def wait_window(self, pid: int | None = None, title: str = "", timeout: float = 10) -> Win:
        """The first managed window of ``pid`` (or titled ``title``), once mapped."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for win in self.stacking():
                if (pid is not None and win[1] == pid) or (title and win[3] == title):
                    return win
            time.sleep(0.1)
        raise RuntimeError(f"no window for pid {pid} / title {title!r} within {timeout}s")

    def stacking(self) -> list[Win]:
        """Managed top-level windows, bottom to top (``_NET_CLIENT_LIST_STACKING``)."""
        out = self.run(["xprop", "-root", "_NET_CLIENT_LIST_STACKING"], check=False)
        ids = [int(x, 16) for x in out.replace(",", " ").split() if x.startswith("0x")]
        wins = []
        for wid in ids:
            info = self._window(wid)
            if info is not None:
                wins.append(info)
        return wins

    def _window(self, wid: int) -> Win | None:
        props = self.run(
            [
                "xprop",
                "-id",
                hex(wid),
                "_NET_WM_PID",
                "_NET_FRAME_EXTENTS",
                "_NET_WM_NAME",
                "WM_NAME",
            ],
            check=False,
        )
        geo = self.run(["xwininfo", "-id", hex(wid)], check=False)
        nums = {k: int(v) for k, v in _xwininfo_fields(geo).items()}
        if "x" not in nums:
            return None
        pid = _prop_ints(props, "_NET_WM_PID")
        ext = _prop_ints(props, "_NET_FRAME_EXTENTS") or [0, 0, 0, 0]
        x, y, w, h = nums["x"], nums["y"], nums["w"], nums["h"]
        client = (x, y, x + w, y + h)
        frame = (x - ext[0], y - ext[2], x + w + ext[1], y + h + ext[3])
        title = _prop_text(props, "_NET_WM_NAME") or _prop_text(props, "WM_NAME")
        return wid, (pid[0] if pid else None), frame, title, client, self._family(wid)

    def _family(self, wid: int) -> frozenset[int]:
        """``wid``, the windows inside it, and its parents up to the root (the frames a
        reparenting window manager put around it), so a toolkit's own window id finds
        the client it belongs to."""
        tree = self.run(["xwininfo", "-tree", "-id", hex(wid)], check=False)
        ids = {int(m, 16) for m in re.findall(r"^\s*0x([0-9a-f]+) ", tree, re.M)} | {wid}
        for line in tree.splitlines():
            if "Parent window id:" in line and "(the root window)" not in line:
                ids |= self._family_up(int(line.split()[3], 16))
        return frozenset(ids)

    def _family_up(self, wid: int) -> set[int]:
        out = {wid}
        info = self.run(["xwininfo", "-children", "-id", hex(wid)], check=False)
        for line in info.splitlines():
            if "Parent window id:" in line and "(the root window)" not in line:
                out |= self._family_up(int(line.split()[3], 16))
        return out

    @staticmethod
    def covered(x: float, y: float, pid: int | None, stack: list[Win], wid: int = 0) -> bool:
        """Is point (x, y) of a control of window ``wid`` (else of program ``pid``) under
        a window above its own?"""
        inside = [i for i, w in enumerate(stack) if _contains(w[2], x, y)]
        own = [
            i
            for i in inside
            if (wid in stack[i][5] if wid else pid is not None and stack[i][1] == pid)
        ]
        if not inside:
            return False
        mine = own[-1] if own else inside[-1]
        return any(i > mine for i in inside)

    def click(self, x: float, y: float) -> None:
        self.run(["xdotool", "mousemove", str(round(x)), str(round(y)), "click", "1"])

    def move_window(self, wid: int, x: int, y: int) -> None:
        self.run(["xdotool", "windowmove", "--sync", hex(wid), str(x), str(y)], check=False)


def _compact(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if _ELEMENT_DEFAULTS.get(k, ...) != v}


def _contains(rect: Rect, x: float, y: float) -> bool:
    return rect[0] <= x < rect[2] and rect[1] <= y < rect[3]


def _xwininfo_fields(text: str) -> dict[str, str]:
    keys = {"Absolute upper-left X": "x", "Absolute upper-left Y": "y", "Width": "w", "Height": "h"}
    out = {}
    for line in text.splitlines():
        key, _, value = line.strip().partition(":")
        if key in keys:
            out[keys[key]] = value.strip()
    return out


def _prop_text(text: str, name: str) -> str:
    for line in text.splitlines():
        if line.startswith(name + "(") and " = " in line:
            value = line.split(" = ", 1)[1]
            return str(json.loads(value)) if value.startswith('"') else ""
    return ""


def _prop_ints(text: str, name: str) -> list[int]:
    for line in text.splitlines():
        if line.startswith(name + "(") and "=" in line:
            return [int(v) for v in line.split("=", 1)[1].replace(",", " ").split()]
    return []


def window_titles(desk: Desk) -> list[Target]:
    """Each managed window's title bar: openbox draws the title in the strip above the
    client (the frame's top extent)."""
    out = []
    for _wid, pid, frame, title, client, _ in desk.stacking():
        # openbox elides a title that does not fit (~9 px a character, ~90 px of buttons)
        fits = frame[2] - frame[0] >= 9 * len(title) + 90
        if title.strip() and fits and client[1] - frame[1] >= 10:
            out.append(Target(title, "title", (frame[0], frame[1], frame[2], client[1]), pid))
    return out


def field_names(labels: list[Target], fields: list[Target]) -> list[Target]:
    """Name each unnamed field by the toolkit's nearest label: on its row to its left,
    else just above it (overlapping it horizontally). Fields with no label are dropped."""
    out = []
    for f in fields:
        if f.name:
            out.append(f)
            continue
        cy = (f.rect[1] + f.rect[3]) / 2
        left = [
            lb
            for lb in labels
            if lb.rect[1] <= cy <= lb.rect[3]
            and lb.rect[2] <= f.rect[0] + 2
            and f.rect[0] - lb.rect[2] < 250
        ]
        above = [
            lb
            for lb in labels
            if lb.rect[3] <= f.rect[1] + 2
            and f.rect[1] - lb.rect[3] < 40
            and lb.rect[0] < f.rect[2]
            and lb.rect[2] > f.rect[0]
        ]
        if left:
            best = max(left, key=lambda lb: lb.rect[2])
        elif above:
            best = max(above, key=lambda lb: lb.rect[3])
        else:
            continue
        out.append(dataclasses.replace(f, name=best.name.strip().rstrip(":")))
    return out
