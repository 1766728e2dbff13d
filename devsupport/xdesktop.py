"""Live desktops for the tests, the gallery and scripts/: a private Xvfb, real Tk and GTK
windows, all stopped by PID.

Run as a script, this module is the Tk test application (``python xdesktop.py app
CONFIG_JSON``, see :data:`TK_APP`): a window whose buttons write JSON lines to a marker
file and change the window title, and which prints its widgets' real geometry (read from
Tk) as one JSON line on stdout once it is mapped.

pytest is imported only by the functions that skip (:func:`require`, :func:`desk`), so
the gallery and scripts/ use the rest without it.

pyautogui binds to the display it first sees for the life of a process, so every
real-input case runs in a subprocess (:func:`run_agent`) with that desktop's DISPLAY;
in-process tests only capture (mss takes the display per connection).

``TCA_LIVE_DESKTOP`` picks the desktop: ``xvfb`` (the default) starts a private Xvfb
with openbox per test; ``session`` uses the desktop this process already has, as it is
(the Windows CI runner's). Session mode never uses the programs that build or poke a
private X desktop (:data:`LINUX_ONLY`): a test that needs one skips with a reason that
starts with :data:`PLATFORM_SKIP`, the one skip the CI rule in conftest accepts.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop

ROOT = Path(__file__).resolve().parent.parent
#: This file; run as ``python TK_APP app CONFIG_JSON`` it is the Tk test application.
TK_APP = Path(__file__).resolve()

APT_HINT = "install them with: sudo bash scripts/install-system-deps.sh"

LIVE_DESKTOP_MODES = ("xvfb", "session")
MODE = os.environ.get("TCA_LIVE_DESKTOP") or "xvfb"
if MODE not in LIVE_DESKTOP_MODES:
    raise ValueError(
        f"TCA_LIVE_DESKTOP={MODE!r} is not a live-desktop mode; use one of {LIVE_DESKTOP_MODES} "
        "(xvfb: a private Xvfb per test; session: the desktop this process already has)"
    )
SESSION = MODE == "session"
#: The programs that build or drive a private X desktop; session mode never uses them.
#: A window whose pixels (sampled) hold more distinct byte values than this is painted:
#: a background alone holds its colour's few.
_PAINTED_BYTES = 8
LINUX_ONLY = ("Xvfb", "openbox", "xprop", "xrandr", "xdotool", "zenity")
#: How a documented platform skip's reason starts (conftest lets only these pass in CI).
PLATFORM_SKIP = "platform skip (TCA_LIVE_DESKTOP=session): "


def is_platform_skip(reason: str) -> bool:
    """True for a documented session-mode platform skip (see :func:`require`)."""
    return SESSION and PLATFORM_SKIP in reason


def eventually(
    check: Callable[[], Any], what: str = "", *, timeout: float = 30.0, poll: float = 0.05
) -> Any:
    """``check()``'s first truthy value, asked every ``poll`` seconds; AssertionError
    naming ``what`` when none came within ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(poll)
    raise AssertionError(f"{what or check}: not seen within {timeout:g}s")


def require(*programs: str, modules: Sequence[str] = ()) -> None:
    """Skip (outside CI; a failure in CI, see conftest) unless these are installed.

    In session mode a Linux-only program is a documented platform skip instead.
    """
    import pytest

    linux_only = [p for p in programs if p in LINUX_ONLY]
    if SESSION and linux_only:
        pytest.skip(
            f"{PLATFORM_SKIP}needs {', '.join(linux_only)}, which build or drive a private "
            "X desktop; session mode uses the current desktop as it is"
        )
    missing = [p for p in programs if shutil.which(p) is None]
    for module in modules:
        try:
            __import__(module)
        except ImportError:
            missing.append(f"python module {module}")
    if missing:
        pytest.skip(f"live desktop test needs {', '.join(missing)}; {APT_HINT}")


@dataclasses.dataclass
class App:
    """A running Tk test app: its process, marker file, widget geometry and title.

    ``program`` is the name a run passes to type into it for real (``--allow-typing-in``,
    ``Policy(typing_in=...)``): the title it was started with, since its class (``Tk``)
    is every Tk program's. A press of one of its buttons retitles it.
    """

    proc: subprocess.Popen[str]
    marker: Path
    geometry: dict[str, list[int]]
    program: str = ""

    def events(self) -> list[dict[str, Any]]:
        if not self.marker.exists():
            return []
        return [json.loads(line) for line in self.marker.read_text().splitlines() if line]

    def rect(self, name: str) -> tuple[int, int, int, int]:
        x, y, w, h = self.geometry[name]
        return x, y, x + w, y + h

    def contains(self, name: str, point: Sequence[int]) -> bool:
        x0, y0, x1, y1 = self.rect(name)
        return x0 <= point[0] < x1 and y0 <= point[1] < y1

    def text(self, timeout: float = 2.0) -> str:
        """What the app's text box holds now (``textbox=True``), as the app reports it.

        The app writes the box's content to its marker on start and whenever it
        changes (polled every 100 ms); this waits ``timeout`` for the last change to
        be reported, then returns the newest report.
        """
        time.sleep(timeout)
        texts = [e["text"] for e in self.events() if e.get("event") == "text"]
        assert texts, "the app reported no text box (was it started with textbox=True?)"
        return str(texts[-1])


class SessionDesktop(VirtualDesktop):
    """The desktop this process already has (``TCA_LIVE_DESKTOP=session``), as it is.

    A :class:`VirtualDesktop` that starts nothing: ``spawn``, ``stop`` and ``close`` are
    the library's (``close`` stops only what was spawned, by PID); ``run`` of a
    Linux-only program is a platform skip.
    """

    def __init__(self) -> None:
        super().__init__()
        self.display = os.environ.get("DISPLAY", "")
        self.env = dict(os.environ)
        screen = DesktopScreen(display=self.display or None)
        try:
            monitor = screen.open()
        finally:
            screen.close()
        self.size = (monitor.width, monitor.height)

    def __enter__(self) -> SessionDesktop:
        return self  # already there: nothing to start

    def run(self, argv: Sequence[str], *, check: bool = True) -> subprocess.CompletedProcess[str]:
        require(argv[0])
        return super().run(argv, check=check)


@dataclasses.dataclass
class Desk:
    """A VirtualDesktop (or the session's desktop) plus helpers to start apps and run the
    agent on it."""

    vd: VirtualDesktop
    tmp: Path

    @property
    def display(self) -> str:
        return self.vd.display

    def app(
        self,
        buttons: Sequence[str] = ("Don't Save", "Cancel", "Save"),
        *,
        title: str = "Editor - notes.txt",
        at: tuple[int, int] = (200, 150),
        prompt: str = "Save changes to notes.txt before closing?",
        extras: bool = False,
        name: str = "app",
        textbox: bool = False,
        rows: bool = False,
    ) -> App:
        marker = self.tmp / f"{name}-events.jsonl"
        config = {"buttons": list(buttons), "title": title, "at": list(at), "prompt": prompt,
                  "extras": extras, "marker": str(marker), "textbox": textbox,
                  "rows": rows}  # fmt: skip
        proc = self.vd.spawn(
            [sys.executable, str(TK_APP), "app", json.dumps(config)],
            stdout=subprocess.PIPE,
            env=self.env(),
        )
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, "the Tk test app printed no geometry (did it start?)"
        return App(proc=proc, marker=marker, geometry=json.loads(line)["geometry"], program=title)

    def zenity(self, *args: str) -> subprocess.Popen[str]:
        proc = self.vd.spawn(["zenity", *args], quiet=True)
        self.wait_window(args[args.index("--title") + 1])
        return proc

    def session_bus(self) -> str:
        """Start a private D-Bus session bus on this desktop (stopped with it, by PID),
        put its address in the desktop's environment, and return it."""
        bus = self.vd.spawn(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE
        )
        assert bus.stdout is not None
        address = bus.stdout.readline().strip()
        assert address.startswith("unix:"), f"dbus-daemon printed {address!r}"
        self.vd.env["DBUS_SESSION_BUS_ADDRESS"] = address
        return address

    def accessibility_registry(self, launcher: Path) -> None:
        """A private session bus and AT-SPI registry on this desktop (started by
        ``launcher``, the at-spi bus launcher), waited for until it answers: the
        programs started after it and the agent meet on one bus and read one tree."""
        from tiny_computer_agent.desktop._atspi import AtspiBackend

        self.session_bus()
        self.vd.spawn([str(launcher), "--launch-immediately"], quiet=True)
        backend = AtspiBackend(environ=self.vd.env)
        try:
            eventually(backend.available, "the AT-SPI registry", timeout=15)
        finally:
            backend.close()

    def wait_window(self, title: str, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"],
                                check=False)  # fmt: skip
            if found.stdout.strip():
                self._painted(int(found.stdout.split()[0]))
                time.sleep(0.3)  # mapped is not painted
                return
            time.sleep(0.05)
        raise AssertionError(f"no window titled {title!r} appeared within {timeout}s")

    def _painted(self, wid: int, timeout: float = 5.0) -> None:
        """Wait (at most ``timeout``) until window ``wid`` shows more than a background:
        mapped is not painted, and a GTK file chooser on a busy machine takes seconds (a
        run that looked first saw an empty screen). Read with ``xwd`` (x11-apps); when it
        cannot read the window, return at once."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shot = subprocess.run(["xwd", "-silent", "-id", str(wid)], env=self.vd.env,
                                  capture_output=True, check=False)  # fmt: skip
            pixels = shot.stdout[len(shot.stdout) // 5 :]  # past the header and colours
            if shot.returncode or not pixels:
                return
            if len(set(pixels[:: max(1, len(pixels) // 4096)])) > _PAINTED_BYTES:
                return
            time.sleep(0.1)

    def window_titles(self) -> list[str]:
        if SESSION:
            return _session_titles()
        found = self.vd.run(["xdotool", "search", "--onlyvisible", "--name", "."], check=False)
        titles = []
        for wid in found.stdout.split():
            name = self.vd.run(["xdotool", "getwindowname", wid], check=False).stdout.strip()
            titles.append(name)
        return titles

    def env(self, **extra: str) -> dict[str, str]:
        env = dict(self.vd.env)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(
            os.pathsep
        )
        env["TINY_COMPUTER_AGENT_HOME"] = str(self.tmp / "state")
        env.pop("TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT", None)
        env.update(extra)
        return env

    def run_cli(
        self,
        argv: Sequence[str],
        *,
        armed: bool = False,
        env: Mapping[str, str] | None = None,
        unset: Sequence[str] = (),
        timeout: float = 120,
    ) -> subprocess.CompletedProcess[str]:
        """Like :meth:`run_agent`, with the environment adjusted (``env`` added, ``unset``
        removed) and stdin from /dev/null, so nothing can wait for a person's answer."""
        code = (
            f"import sys; from tiny_computer_agent.cli import main; sys.exit(main({list(argv)!r}))"
        )
        full = self.env(**({"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"} if armed else {}))
        full.update(env or {})
        for name in unset:
            full.pop(name, None)
        return subprocess.run(
            [sys.executable, "-c", code],
            check=False,
            env=full,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.tmp,
        )

    def spawn_cli(self, argv: Sequence[str], *, armed: bool = False) -> subprocess.Popen[str]:
        """The CLI started in the background on this display (stdout piped, stdin from
        /dev/null), for a test that acts on the desktop while the run goes on; stopped by
        its PID when the desktop closes."""
        code = (
            f"import sys; from tiny_computer_agent.cli import main; sys.exit(main({list(argv)!r}))"
        )
        extra = {"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"} if armed else {}
        return self.vd.spawn(
            [sys.executable, "-c", code], env=self.env(**extra), stdout=subprocess.PIPE
        )

    def run_agent(
        self, argv: Sequence[str], *, armed: bool = False, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        """``tiny_computer_agent.cli.main(argv)`` in a subprocess on this display."""
        code = (
            f"import sys; from tiny_computer_agent.cli import main; sys.exit(main({list(argv)!r}))"
        )
        extra = {"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"} if armed else {}
        return subprocess.run(
            [sys.executable, "-c", code],
            check=False,
            env=self.env(**extra),
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.tmp,
        )


def desk(
    tmp_path: Path,
    *,
    size: tuple[int, int] = (1280, 800),
    window_manager: bool = True,
    monitors: Sequence[tuple[int, int, int, int]] = (),
) -> Iterator[Desk]:
    """Start a private desktop (skips with the reason when Xvfb and friends are missing);
    in session mode, the current desktop (``size`` is whatever it is)."""
    import pytest

    if SESSION:
        if monitors:
            pytest.skip(
                f"{PLATFORM_SKIP}logical monitors are made with xrandr --setmonitor on a "
                "private Xvfb; session mode uses the current desktop as it is"
            )
        require(modules=("tkinter", "mss", "PIL"))
        session = SessionDesktop()
        try:
            yield Desk(vd=session, tmp=tmp_path)
        finally:
            session.close()
        return
    programs = ["Xvfb", "xdotool", *(["openbox", "xprop"] if window_manager else [])]
    require(*programs, *(["xrandr"] if monitors else []), modules=("tkinter", "mss", "PIL"))
    with VirtualDesktop(size=size, window_manager=window_manager, monitors=monitors) as vd:
        yield Desk(vd=vd, tmp=tmp_path)


def _session_titles() -> list[str]:
    """The visible windows' titles on the session desktop (pygetwindow: Windows, macOS)."""
    import pytest

    try:
        import pygetwindow  # a dependency of pyautogui
    except (ImportError, NotImplementedError) as exc:  # it raises NotImplementedError on Linux
        pytest.skip(f"{PLATFORM_SKIP}reading window titles needs xdotool or pygetwindow ({exc})")
    return [str(t) for t in pygetwindow.getAllTitles()]


# -- the Tk test application (runs in its own process) ----------------------------------


def _app(config: dict[str, Any]) -> None:
    import tkinter as tk

    marker = Path(config["marker"])

    def say(**event: Any) -> None:
        with marker.open("a") as fh:
            fh.write(json.dumps(event) + "\n")

    root = tk.Tk()
    root.title(config["title"])
    root.geometry("+{}+{}".format(*config["at"]))
    font = ("DejaVu Sans", 14)
    tk.Label(root, text=config["prompt"], font=font).pack(padx=24, pady=(20, 12))
    row = tk.Frame(root)
    row.pack(padx=24, pady=(0, 12))
    widgets: dict[str, tk.Widget] = {}
    status = tk.Label(root, text="Modified", font=font)

    def pressed(name: str) -> None:
        say(event="click", button=name)
        done = f"{name}d" if name.endswith("e") else f"{name} done"
        root.title(f"{done} - notes.txt")
        status.configure(text=f"{done} notes.txt")

    for name in config["buttons"]:
        b = tk.Button(row, text=name, font=font, command=lambda n=name: pressed(n))
        b.pack(side="left", padx=8)
        widgets[name] = b
    if config["extras"]:
        _extras(root, widgets, say, font)
    if config.get("textbox"):
        _textbox(root, widgets, say, font)
    if config.get("rows"):
        _rows(root, widgets, font)
    status.pack(pady=(8, 16))
    widgets["status"] = status

    def slow_dialog() -> None:  # ctrl+o: a dialog that takes 0.7 s to appear
        top = tk.Toplevel(root)
        top.title("Details")
        tk.Label(top, text="Details of notes.txt", font=font).pack(padx=40, pady=40)
        say(event="dialog")

    root.bind_all("<Control-o>", lambda e: root.after(700, slow_dialog))

    def report() -> None:
        root.update_idletasks()
        geo = {n: [w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()]
               for n, w in widgets.items()}  # fmt: skip
        print(json.dumps({"geometry": geo}), flush=True)

    root.after(500, report)
    root.mainloop()


def _extras(root: Any, widgets: dict[str, Any], say: Any, font: Any) -> None:
    """Widgets for every verb: double/right click, typing, keys, scroll, drag, hover."""
    import tkinter as tk

    frame = tk.Frame(root)
    frame.pack(padx=24, pady=8)
    opener = tk.Label(frame, text="Open", font=font, relief="raised", padx=10)
    opener.bind("<Double-Button-1>", lambda e: say(event="double", button="Open"))
    options = tk.Label(frame, text="Options", font=font, relief="raised", padx=10)
    options.bind("<Button-3>", lambda e: say(event="right", button="Options"))
    hover = tk.Label(frame, text="Hover", font=font, padx=10)
    hover.bind("<Enter>", lambda e: say(event="hover"))
    for w in (opener, options, hover):
        w.pack(side="left", padx=14)
    entry = tk.Entry(root, font=font, width=24)
    entry.insert(0, "Notes")
    entry.pack(pady=8)
    entry.bind("<Return>", lambda e: say(event="entry", text=entry.get()))
    drag = tk.Label(root, text="Drag", font=font, bg="#ffe9a8", padx=10)
    drop = tk.Label(root, text="Trash", font=font, bg="#c8e6ff", padx=30, pady=10)
    drag.pack(side="left", padx=30, pady=12)
    drop.pack(side="right", padx=30, pady=12)

    def released(e: Any) -> None:
        x, y = drop.winfo_rootx(), drop.winfo_rooty()
        inside = x <= e.x_root < x + drop.winfo_width() and y <= e.y_root < y + drop.winfo_height()
        say(event="drop", inside=inside)

    drag.bind("<ButtonRelease-1>", released)
    root.bind_all("<Control-s>", lambda e: say(event="ctrl-s"))
    root.bind_all("<Button-4>", lambda e: say(event="scroll", direction="up"))
    root.bind_all("<Button-5>", lambda e: say(event="scroll", direction="down"))
    widgets.update(Open=opener, Options=options, Hover=hover, entry=entry, Drag=drag, Trash=drop)


def _rows(root: Any, widgets: dict[str, Any], font: Any) -> None:
    """A Tk list of eight rows, three shown: something the wheel may turn over (issue 37);
    its scrolls reach the app's wheel log like any other (``extras``)."""
    import tkinter as tk

    rows = tk.Listbox(root, font=font, height=3, width=12, activestyle="none")
    for n in range(1, 9):
        rows.insert("end", f"Row {n}")
    rows.pack(pady=4)
    widgets["rows"] = rows


def _textbox(root: Any, widgets: dict[str, Any], say: Any, font: Any) -> None:
    """A multi-line Tk text box holding "Draft", focused; its content is reported to
    the marker (``{"event": "text", "text": ...}``) on start and on every change."""
    import tkinter as tk

    box = tk.Text(root, font=font, width=30, height=3)
    box.insert("1.0", "Draft")
    box.pack(padx=24, pady=8)
    box.focus_force()
    last: list[str | None] = [None]

    def poll() -> None:
        content = box.get("1.0", "end-1c")
        if content != last[0]:
            last[0] = content
            say(event="text", text=content)
        root.after(100, poll)

    root.after(100, poll)
    widgets["textbox"] = box


# -- the frame ring: a widget beside a clock, and a toast that comes and goes ----------

#: A 520x320 Tk window: "Alpha" (renamed "Omega" on order), a clock that ticks every
#: 100 ms beside it (when ``config["clock"]``, until ordered to stop), and a "Toast:
#: saved" banner shown for 300 ms on order. It prints its widgets' real geometry once
#: mapped and takes orders from a trigger file (polled every 10 ms), so the caller, not a
#: timer, decides when the screen changes. Used by the live ring test and the gallery.
RING_APP = r"""
import json, sys, time, tkinter as tk
from pathlib import Path

config = json.loads(sys.argv[1])
trigger = Path(config["trigger"])
root = tk.Tk()
root.title("Ring demo")
root.geometry("520x320+200+150")
font = ("DejaVu Sans", 16)
target = tk.Label(root, text="Alpha", font=font, width=10, relief="groove")
target.place(x=30, y=30)
clock = tk.Label(root, text="", font=font, width=12)
clock.place(x=280, y=30)
toast = tk.Label(root, text="Toast: saved", font=("DejaVu Sans", 28), bg="#ffe9a8", padx=20)
ticking = [None]

def tick():
    clock.configure(text=f"{time.time():.1f}"[-7:])
    ticking[0] = root.after(100, tick)

def poll():
    if trigger.exists():
        order = trigger.read_text()
        trigger.unlink()
        if order == "rename":
            target.configure(text="Omega")
        elif order == "stop" and ticking[0] is not None:
            root.after_cancel(ticking[0])
        elif order == "toast":
            toast.place(x=120, y=200)
            root.after(300, toast.place_forget)
    root.after(10, poll)

def report():
    root.update_idletasks()
    geometry = {name: [w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()]
                for name, w in (("target", target), ("clock", clock), ("window", root))}
    print(json.dumps({"geometry": geometry}), flush=True)

if config["clock"]:
    tick()
poll()
root.after(500, report)
root.mainloop()
"""


@dataclasses.dataclass
class TriggeredApp:
    """A running Tk app that printed its widgets' geometry and takes orders from a
    trigger file (:data:`RING_APP`, :data:`PATIENCE_APP`)."""

    proc: subprocess.Popen[str]
    geometry: dict[str, list[int]]
    trigger: Path

    def rect(self, name: str) -> tuple[int, int, int, int]:
        x, y, w, h = self.geometry[name]
        return x, y, x + w, y + h

    def _send(self, order: str) -> None:
        """Written whole, then renamed, so the app never reads half an order."""
        part = self.trigger.with_suffix(".part")
        part.write_text(order)
        os.replace(part, self.trigger)


def _start_triggered(
    vd: VirtualDesktop,
    folder: Path,
    name: str,
    source: str,
    *,
    config: Mapping[str, Any],
    env: Mapping[str, str] | None,
) -> tuple[subprocess.Popen[str], dict[str, list[int]]]:
    """Run Tk ``source`` as ``folder/<name>.py`` with ``config`` (JSON) on ``vd``; its
    process (stopped by PID when the desktop closes) and the geometry it printed."""
    script = folder / f"{name}.py"
    script.write_text(source)
    argv = [sys.executable, str(script), json.dumps(dict(config))]
    proc = vd.spawn(argv, stdout=subprocess.PIPE, env=env)
    line = proc.stdout.readline() if proc.stdout is not None else ""
    assert line, f"the Tk {name} printed no geometry (did it start?)"
    time.sleep(0.3)  # mapped is not painted
    return proc, json.loads(line)["geometry"]


@dataclasses.dataclass
class RingApp(TriggeredApp):
    """A running :data:`RING_APP`."""

    def order(self, what: str) -> None:
        """``rename``, ``stop`` or ``toast``."""
        self._send(what)


def start_ring_app(
    vd: VirtualDesktop, folder: Path, *, clock: bool, env: Mapping[str, str] | None = None
) -> RingApp:
    """Start :data:`RING_APP` on ``vd`` (files in ``folder``)."""
    trigger = folder / "ring-order"
    config = {"trigger": str(trigger), "clock": clock}
    proc, geometry = _start_triggered(vd, folder, "ring_app", RING_APP, config=config, env=env)
    return RingApp(proc=proc, geometry=geometry, trigger=trigger)


# -- patience: a delayed change with a clock beside it, and the loop run in a subprocess ---

#: A Tk window with a status label (``config["status"]``) and, when asked, a clock that
#: ticks every 100 ms beside it. It takes orders from a trigger file (JSON, polled every
#: 10 ms): ``{"text": T, "after": S}`` sets the status to T after S seconds, and at that
#: moment appends ``{"text": T, "at": time.time()}`` to the changes file, so the program
#: itself says when its screen changed. It prints its widgets' geometry once mapped.
PATIENCE_APP = r"""
import json, sys, time, tkinter as tk
from pathlib import Path

config = json.loads(sys.argv[1])
trigger, changes = Path(config["trigger"]), Path(config["changes"])
root = tk.Tk()
root.title(config["title"])
root.geometry("640x200+200+150")
font = ("DejaVu Sans", 18)
tk.Label(root, text="Export of report.pdf", font=font).place(x=30, y=20)
status = tk.Label(root, text=config["status"], font=font, width=12, anchor="w")
status.place(x=30, y=90)
clock = tk.Label(root, text="", font=font, width=10)
clock.place(x=400, y=90)

ticks = open(config["ticks"], "a", buffering=1)

def tick():
    clock.configure(text=f"{time.time():.1f}"[-7:])
    root.update_idletasks()
    ticks.write(f"{time.time():.4f}\n")
    root.after(100, tick)

def change(text):
    status.configure(text=text)
    root.update_idletasks()
    with changes.open("a") as fh:
        fh.write(json.dumps({"text": text, "at": time.time()}) + "\n")

def poll():
    if trigger.exists():
        order = json.loads(trigger.read_text())
        trigger.unlink()
        root.after(int(order["after"] * 1000), lambda: change(order["text"]))
    root.after(10, poll)

def report():
    root.update_idletasks()
    geometry = {name: [w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()]
                for name, w in (("status", status), ("clock", clock), ("window", root))}
    print(json.dumps({"geometry": geometry}), flush=True)

if config["clock"]:
    tick()
poll()
root.after(500, report)
root.mainloop()
"""


@dataclasses.dataclass
class PatienceApp(TriggeredApp):
    """A running :data:`PATIENCE_APP`, with the file where it records its changes."""

    changes: Path
    ticks: Path

    def longest_pause(self, start: float, end: float) -> float:
        """The longest time (seconds) the clock went without redrawing between
        ``start`` and ``end`` (``time.time()``): a loaded machine can stall the app."""
        moments = [start, *(float(t) for t in self.ticks.read_text().split()), end]
        inside = sorted(t for t in moments if start <= t <= end)
        return max((b - a for a, b in itertools.pairwise(inside)), default=end - start)

    def change(self, text: str, after: float) -> None:
        """Tell the app to show ``text`` as its status ``after`` seconds from now (its
        own timer)."""
        self._send(json.dumps({"text": text, "after": after}))

    def changed_at(self, text: str, timeout: float = 10.0) -> float:
        """When (``time.time()``, the app's own record) the status last became ``text``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.changes.exists():
                seen = [json.loads(line) for line in self.changes.read_text().splitlines()]
                times = [float(c["at"]) for c in seen if c["text"] == text]
                if times:
                    return times[-1]
            time.sleep(0.05)
        raise AssertionError(f"the app never reported its status becoming {text!r}")


def start_patience_app(
    vd: VirtualDesktop,
    folder: Path,
    *,
    status: str = "Working",
    clock: bool = True,
    title: str = "Export",
    env: Mapping[str, str] | None = None,
) -> PatienceApp:
    """Start :data:`PATIENCE_APP` on ``vd`` (files in ``folder``)."""
    trigger, changes = folder / "patience-order", folder / "patience-changes.jsonl"
    ticks = folder / "patience-ticks.txt"
    config = {"trigger": str(trigger), "changes": str(changes), "ticks": str(ticks),
              "status": status, "clock": clock, "title": title}  # fmt: skip
    proc, geometry = _start_triggered(
        vd, folder, "patience_app", PATIENCE_APP, config=config, env=env
    )
    return PatienceApp(proc=proc, geometry=geometry, trigger=trigger, changes=changes, ticks=ticks)


#: The loop in a subprocess (pyautogui binds one display per process), with a brain
#: and a screen that count: every ``decide`` call and every capture is timed
#: (``time.time()``). Config (JSON, argv[1]): goal, brain (``planner``, ``scripted``
#: with ``items``, or ``scripted-model`` with ``replies``), max_steps, armed. It
#: captures once to load the OCR, prints ``ready``, runs the episode, and prints one
#: JSON line: calls ([start, end] per decision), captures, prompts (characters of the
#: user message per model request), and the episode.
COUNTED_DRIVER = r"""
import json, sys, time
from tiny_computer_agent import PlannerBrain, Policy, ScriptedBrain, run_episode
from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor
from tiny_computer_agent.brains.models import ScriptedModelBrain

config = json.loads(sys.argv[1])
if config["brain"] == "planner":
    inner = PlannerBrain()
elif config["brain"] == "scripted":
    inner = ScriptedBrain.of(config["items"])
else:
    inner = ScriptedModelBrain(replies=tuple(config["replies"]))
calls, captures = [], []

class Counted:
    name = inner.name
    def settings(self):
        return inner.settings()
    def decide(self, goal, menu, history):
        start = time.time()
        try:
            return inner.decide(goal, menu, history)
        finally:
            calls.append([start, time.time()])

class CountedScreen(DesktopScreen):
    def capture(self):
        captures.append(time.time())
        return super().capture()

screen = CountedScreen()
screen.capture()  # the OCR model loads now, not during the episode
captures.clear()
policy = Policy(max_steps=config["max_steps"])
if config["armed"]:
    policy = policy.armed(flag=True)
executor = RealInputExecutor(policy=policy, screen=screen) if config["armed"] else None
print("ready", flush=True)
episode = run_episode(config["goal"], screen=screen, brain=Counted(), executor=executor,
                      policy=policy)
requests = getattr(inner, "requests", [])
prompts = [len(r[-1]["content"]) for r in requests]
print(json.dumps({"calls": calls, "captures": captures, "prompts": prompts,
                  "episode": episode.to_dict()}), flush=True)
"""


def start_counted(
    d: Desk,
    goal: str,
    *,
    brain: str = "planner",
    max_steps: int = 8,
    armed: bool = True,
    **brain_config: Any,
) -> subprocess.Popen[str]:
    """:data:`COUNTED_DRIVER` started on ``d``'s display (armed: real input); returns
    once it printed ``ready`` (its screen open, its OCR loaded)."""
    config = {"goal": goal, "brain": brain, "max_steps": max_steps, "armed": armed,
              **brain_config}  # fmt: skip
    extra = {"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"} if armed else {}
    proc = d.vd.spawn([sys.executable, "-c", COUNTED_DRIVER, json.dumps(config)],
                      stdout=subprocess.PIPE, env=d.env(**extra))  # fmt: skip
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip() == "ready", f"the counted driver did not start (printed {line!r})"
    return proc


def finish_counted(d: Desk, proc: subprocess.Popen[str], timeout: float = 300) -> dict[str, Any]:
    """What a :func:`start_counted` driver printed when its episode ended."""
    try:
        out, _ = proc.communicate(timeout=timeout)  # the episode is long: read as it comes
    except subprocess.TimeoutExpired:
        d.vd.stop(proc)
        raise AssertionError(f"the counted driver did not finish within {timeout:g}s") from None
    assert proc.returncode == 0, f"the counted driver failed ({proc.returncode}):\n{out}"
    report: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return report


class WatchSpy(DesktopScreen):
    """A desktop screen that times its looks (captures with OCR: ``looks``, pairs of
    ``time.time()``) and its region signatures (``region_polls``), and calls
    ``on_region_poll(n)`` before the n-th region signature (1 is the first)."""

    def __init__(self, display: str, on_region_poll: Any = None) -> None:
        super().__init__(display=display)
        self.on_region_poll = on_region_poll
        self.looks: list[tuple[float, float]] = []
        self.region_polls: list[float] = []

    def capture(self) -> Any:
        start = time.time()
        try:
            return super().capture()
        finally:
            self.looks.append((start, time.time()))

    def signature(self, region: Any = None) -> bytes:
        if region is not None:
            if self.on_region_poll is not None:
                self.on_region_poll(len(self.region_polls) + 1)
            self.region_polls.append(time.time())
        return DesktopScreen.signature(self, region)


class TimedPlanner:
    """The planner, with the moment each decision was asked for (``calls``), and
    ``on_wait()`` called when it decides to wait."""

    name = "planner"

    def __init__(self, on_wait: Any = None) -> None:
        from tiny_computer_agent import PlannerBrain

        self.inner, self.on_wait = PlannerBrain(), on_wait
        self.calls: list[float] = []

    def settings(self) -> dict[str, Any]:
        return {}

    def decide(self, goal: str, menu: Any, history: Any) -> Any:
        self.calls.append(time.time())
        decision = self.inner.decide(goal, menu, history)
        if decision.action.verb == "wait_for" and self.on_wait is not None:
            self.on_wait()
        return decision


def run_timed(goal: str, screen: Any, brain: Any) -> tuple[Any, list[float]]:
    """A dry episode in this process; returns it and when (``time.time()``) each step
    was recorded (a wait's step is recorded the moment the wait ends)."""
    from tiny_computer_agent import run_episode

    ended: list[float] = []
    episode = run_episode(
        goal, screen=screen, brain=brain, on_step=lambda step: ended.append(time.time())
    )
    return episode, ended


if __name__ == "__main__":
    if sys.argv[1:2] == ["app"]:
        _app(json.loads(sys.argv[2]))
