"""The warm engine: --warm, --engine-stop, --engine-idle, --no-engine.

A one-shot ``--live`` run pays for building the OCR engine and reading the whole screen
in its first step. The engine is a background process per user and display that keeps
them warm: ``--serve``'s server (``remote.serve(unix_socket=...)``), answering on a Unix
socket in the state folder, reading the screen each time it settles. A ``--live`` run
that finds it OBSERVES through it (GET /observe: the index is usually ready) and says
``engine: warm, pid N`` on stderr; acting stays in the run's own process, through the
same policy and executor as without it (a dry run stays a dry run; real input still
needs --real-input and the environment variable).

    STATE/engine-DISPLAY.sock   the socket, mode 0600
    STATE/engine-DISPLAY.json   pid, version, display, detector settings, the token (0600)
    STATE/engine-DISPLAY.lock   held (flock) by the engine while it lives
    STATE/engine-DISPLAY.log    its stderr: start, one line per request, stop

STATE (``$TINY_COMPUTER_AGENT_HOME``, see ``state_dir()``) must belong to the user and
must not be group- or other-writable, or no engine is started or used ("refused").

When it starts: ``--warm`` starts one and returns once it has read the screen. A
``--live`` run starts one by itself only when a person runs it at a terminal (stdin is a
TTY) and neither ``CI`` nor pytest (``PYTEST_CURRENT_TEST``) is in the environment; so
scripts, pipes, cron jobs, CI and the test suite never start one unless they ask with
``--warm``. A run that starts one waits for it and uses it. ``--no-engine``: neither
use nor start one. An engine found stale (its socket does not answer /health within
:data:`ANSWER_SECONDS`, or its version, display or detector settings differ from the
run's) is not used: the run works in-process and says why. The engine exits after
``--engine-idle`` seconds without a request (default :data:`DEFAULT_IDLE`), removing
its socket; ``--engine-stop`` stops it now.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import math
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Final, TextIO, cast

from .._contracts import Screen
from .._errors import ScreenUnavailable
from .._policy import Policy, state_dir
from .._version import __version__
from ..remote import RemoteScreen
from ._base import EXIT_FAILED, EXIT_OK, UsageError, detector_name

#: Seconds without a request after which an engine exits (``--engine-idle``).
DEFAULT_IDLE: Final = 600.0
#: An engine whose socket does not answer GET /health within this is stale.
ANSWER_SECONDS: Final = 1.5
#: The longest a start waits for the new engine to answer, and --warm for its first look.
START_SECONDS: Final = 60.0
LOOK_SECONDS: Final = 300.0
#: The longest --engine-stop waits for the engine to let go of its lock.
STOP_SECONDS: Final = 15.0
#: How long a new engine tries to take the lock (another may be on its way out).
LOCK_SECONDS: Final = 3.0
#: The URL an engine is named by in messages (requests go to its socket).
ENGINE_URL: Final = "http://engine"


class Refused(Exception):
    """The state folder, or a file in it, cannot be trusted with an engine."""


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class EnginePaths:
    """The engine's files for one display, in the state folder."""

    folder: Path
    socket: Path
    meta: Path
    lock: Path
    log: Path

    @classmethod
    def of(cls, folder: Path, display: str) -> EnginePaths:
        key = re.sub(r"[^A-Za-z0-9.-]+", "_", display).strip("_") or "default"
        name = f"engine-{key}"
        return cls(folder=folder, socket=folder / f"{name}.sock", meta=folder / f"{name}.json",
                   lock=folder / f"{name}.lock", log=folder / f"{name}.log")  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Lookup:
    """What a run found: ``state`` is warm, none, stale or refused; ``why`` says why it
    is not warm; ``pid`` and ``token`` are the warm engine's."""

    state: str
    why: str = ""
    pid: int = 0
    token: str = dataclasses.field(default="", repr=False)


def display_name(environ: Mapping[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    return env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or ""


def engine_paths(environ: Mapping[str, str] | None = None) -> EnginePaths:
    return EnginePaths.of(state_dir(environ), display_name(environ))


def engine_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The flags that change what the engine's index holds; a run uses an engine only
    when they are the same."""
    return {"detector": detector_name(args), "monitor": args.monitor,
            "max_width": args.max_width, "scale": args.scale}  # fmt: skip


def _settings_flags(settings: Mapping[str, Any]) -> list[str]:
    flags = ["--detector", str(settings["detector"])]
    for name in ("monitor", "max_width", "scale"):
        if settings[name] is not None:
            flags += ["--" + name.replace("_", "-"), str(settings[name])]
    return flags


def check_folder(folder: Path, *, create: bool = False) -> None:
    """Refused unless ``folder`` belongs to this user and is not writable by the group
    or others (FileNotFoundError when it is missing and not ``create``)."""
    if create:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = os.stat(folder)
    if not stat.S_ISDIR(info.st_mode):
        raise Refused(f"{folder} is not a folder")
    if info.st_uid != os.getuid():
        raise Refused(f"{folder} belongs to uid {info.st_uid}, not to you (uid {os.getuid()})")
    if info.st_mode & 0o022:
        mode = oct(stat.S_IMODE(info.st_mode))[2:]
        raise Refused(
            f"{folder} is writable by the group or others (mode {mode}); run: chmod go-w {folder}"
        )


def _private_file(path: Path, kind: str) -> os.stat_result:
    """lstat of ``path``: Refused unless it is a ``kind`` (file, socket) of this user's
    that no one else can read or write."""
    info = os.lstat(path)
    test = stat.S_ISSOCK if kind == "socket" else stat.S_ISREG
    if not test(info.st_mode):
        raise Refused(f"{path} is not a {kind}")
    if info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise Refused(f"{path} is not private to you (owner uid {info.st_uid}, mode "
                      f"{oct(stat.S_IMODE(info.st_mode))[2:]}); remove it")  # fmt: skip
    return info


def _read_meta(paths: EnginePaths) -> dict[str, Any]:
    """The engine's metadata (Refused, or ValueError when it is not there or garbled)."""
    try:
        _private_file(paths.meta, "file")
        data = json.loads(paths.meta.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{paths.socket} is there without {paths.meta.name}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{paths.meta} cannot be read ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("pid"), int):
        raise ValueError(f"{paths.meta} is not an engine's metadata")
    return data


def _mismatch(meta: Mapping[str, Any], settings: Mapping[str, Any], display: str) -> str:
    if meta.get("version") != __version__:
        return f"it is version {meta.get('version')}, this is {__version__}"
    if meta.get("display") != display:
        return f"it reads display {meta.get('display')!r}, this run {display!r}"
    if meta.get("settings") != dict(settings):
        return f"it reads with {meta.get('settings')}, this run asks {dict(settings)}"
    return ""


def look(paths: EnginePaths, settings: Mapping[str, Any], display: str) -> Lookup:
    """Is there a warm engine for this display and these settings? Never raises for
    what is on disk or on the socket: that is a Lookup that says why not."""
    try:
        check_folder(paths.folder)
        if not os.path.lexists(paths.socket) and not os.path.lexists(paths.meta):
            return Lookup(state="none")
        if not os.path.lexists(paths.socket):
            return Lookup(state="stale", why=f"{paths.socket} is gone")
        meta = _read_meta(paths)
        _private_file(paths.socket, "socket")
    except FileNotFoundError:
        return Lookup(state="none")
    except Refused as exc:
        return Lookup(state="refused", why=str(exc))
    except (ValueError, OSError) as exc:
        return Lookup(state="stale", why=str(exc))
    why = _mismatch(meta, settings, display) or _answers(paths, str(meta.get("token", "")))
    if why:
        return Lookup(state="stale", why=why)
    return Lookup(state="warm", pid=int(meta["pid"]), token=str(meta["token"]))


def _answers(paths: EnginePaths, token: str) -> str:
    """Empty when the socket answers GET /health as an engine of this version would."""
    try:
        screen = RemoteScreen(ENGINE_URL, token=token or "-", timeout=ANSWER_SECONDS,
                              unix_socket=str(paths.socket))  # fmt: skip
        health = screen.health()
    except (ScreenUnavailable, ValueError) as exc:
        reason = "timed out" if "did not answer" in str(exc) else "no answer"
        return f"its socket did not answer within {ANSWER_SECONDS:g} s ({reason})"
    if health.get("version") != __version__:
        return f"it answers as version {health.get('version')}, this is {__version__}"
    return ""


class EngineScreen(RemoteScreen):
    """The engine's screen: looks go to the engine's socket. ``pid``: the engine's.
    ``local``: the screen real input settles on (opened by :func:`acting_screen`)."""

    def __init__(self, paths: EnginePaths, found: Lookup, *, images: bool = False) -> None:
        super().__init__(ENGINE_URL, token=found.token, timeout=LOOK_SECONDS, images=images,
                         unix_socket=str(paths.socket))  # fmt: skip
        self.pid = found.pid
        self.local: Screen | None = None

    def __repr__(self) -> str:
        return f"EngineScreen(pid={self.pid})"

    def close(self) -> None:
        super().close()
        closer = getattr(self.local, "close", None)
        if callable(closer):
            closer()


def acting_screen(args: argparse.Namespace, policy: Policy, screen: Screen) -> Screen:
    """The screen the executor settles on: with real input and an engine's looks, this
    process's own (nothing indexes it: a grid detector; closed with the engine screen),
    so an action settles here as it does without the engine; else ``screen``."""
    if isinstance(screen, EngineScreen) and policy.real_input:
        from ..registry import make_detector as build_detector
        from ._desktop import make_desktop_screen

        screen.local = make_desktop_screen(args, build_detector("grid"))
        return screen.local
    return screen


# -- starting, finding, stopping -------------------------------------------------------


def starts_by_itself(environ: Mapping[str, str], stdin: TextIO | None) -> str:
    """Empty when a run may start an engine by itself; else why not."""
    if environ.get("CI", "").lower() not in ("", "0", "false"):
        return "CI is set"
    if "PYTEST_CURRENT_TEST" in environ:
        return "under pytest"
    if stdin is None or not stdin.isatty():
        return "stdin is not a terminal"
    return ""


@contextlib.contextmanager
def _locked(path: Path, *, wait: float = 0.0) -> Iterator[bool]:
    """Hold ``path``'s flock while inside; True when it was taken within ``wait`` s."""
    import fcntl

    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    deadline = time.monotonic() + wait
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    yield False
                    return
                time.sleep(0.05)
        yield True
    finally:
        os.close(fd)


def spawn(paths: EnginePaths, settings: Mapping[str, Any], idle: float) -> int:
    """Start an engine in its own session, its output in the log; its pid."""
    import tiny_computer_agent

    argv = [sys.executable, "-m", "tiny_computer_agent", "--engine-serve", "--live",
            "--engine-idle", repr(idle), *_settings_flags(settings)]  # fmt: skip
    home = str(Path(tiny_computer_agent.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (home, env.get("PYTHONPATH", "")) if p)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
    fd = os.open(paths.log, flags, 0o600)
    try:
        return os.posix_spawn(
            sys.executable, argv, env, setsid=True,
            file_actions=[(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                          (os.POSIX_SPAWN_DUP2, fd, 1), (os.POSIX_SPAWN_DUP2, fd, 2)],
        )  # fmt: skip
    finally:
        os.close(fd)


def _reaped(pid: int) -> int | None:
    """The exit code of our child ``pid`` once it has ended, else None."""
    with contextlib.suppress(ChildProcessError):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
    return None


def start(paths: EnginePaths, settings: Mapping[str, Any], idle: float) -> Lookup:
    """Start an engine and wait until it answers (a Lookup saying why not, otherwise)."""
    display = display_name()
    pid = spawn(paths, settings, idle)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        found = look(paths, settings, display)
        if found.state == "warm":
            return found
        code = _reaped(pid)
        if code is not None:
            return Lookup(state="stale", why=f"the engine exited ({code}); see {paths.log}")
        time.sleep(0.05)
    return Lookup(state="stale", why=f"it did not answer within {START_SECONDS:g} s; see "
                                     f"{paths.log}")  # fmt: skip


def stop(paths: EnginePaths) -> str:
    """Stop the engine on this display (SIGTERM to the lock holder's pid); what was done."""
    import signal

    with _locked(paths.lock) as free:
        if free:
            for path in (paths.meta, paths.socket):
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
            return "engine: none running"
    try:
        pid = int(_read_meta(paths)["pid"])
    except (ValueError, Refused) as exc:
        return f"engine: one holds {paths.lock} but its pid is unknown ({exc})"
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_SECONDS
    with _locked(paths.lock, wait=STOP_SECONDS) as free:
        pass
    while free and _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)  # it let go of the lock: it is on its way out
    return f"engine: stopped, pid {pid}" if free else f"engine: pid {pid} did not stop"


def _running(pid: int) -> bool:
    """``pid`` runs (a zombie its parent has not reaped yet does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError):  # /proc: Linux only; elsewhere a zombie counts
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    return True


# -- the engine process ----------------------------------------------------------------


class _Stamped(io.TextIOBase):
    """The engine's log: lines pass through; ``last`` is when a request was last
    answered (the idle clock; a run's look-up, GET /health, counts, so a run that
    found the engine has a whole idle time before it could go). A request still being
    answered when the time is up is answered before the engine stops (the server
    drains on close)."""

    def __init__(self, out: TextIO) -> None:
        super().__init__()
        self.out, self.last = out, time.monotonic()

    def write(self, text: str) -> int:
        self.last = time.monotonic()
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()


def _write_meta(paths: EnginePaths, data: Mapping[str, Any]) -> None:
    """The metadata, mode 0600, written whole or not at all."""
    temporary = paths.meta.parent / f"{paths.meta.name}.tmp"
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(dict(data), fh)
    os.replace(temporary, paths.meta)


def _until_idle(clock: _Stamped, idle: float) -> None:
    """Return once no request came for ``idle`` seconds, or on Ctrl-C (or SIGTERM)."""
    with contextlib.suppress(KeyboardInterrupt):
        while time.monotonic() - clock.last < idle:
            time.sleep(min(1.0, idle / 4))


def serve_engine(
    args: argparse.Namespace, err: TextIO, make_screen: Callable[[argparse.Namespace], Screen]
) -> int:
    """--engine-serve (what :func:`spawn` runs): serve this display's screen on the
    socket until idle, SIGTERM or Ctrl-C; 0 also when another engine has the display."""
    from ..remote import serve
    from ._remote import _stopped_by_sigterm

    paths, idle = engine_paths(), args.engine_idle or DEFAULT_IDLE
    try:
        check_folder(paths.folder, create=True)
    except Refused as exc:
        print(f"engine: refused ({exc})", file=err)
        return EXIT_FAILED
    with _locked(paths.lock, wait=LOCK_SECONDS) as mine:
        if not mine:
            print(f"engine: another engine holds {paths.lock}; leaving it", file=err)
            return EXIT_OK
        with contextlib.suppress(FileNotFoundError):
            paths.socket.unlink()  # a dead engine's: no engine holds the lock
        screen, clock, token = make_screen(args), _Stamped(err), secrets.token_urlsafe(32)
        server = serve(screen=screen, policy=Policy(), token=token, log=cast(TextIO, clock),
                       keep_current=True, unix_socket=str(paths.socket))  # fmt: skip
        try:
            _write_meta(paths, {"pid": os.getpid(), "version": __version__, "token": token,
                                "display": display_name(), "settings": engine_settings(args),
                                "started": time.time(), "idle": idle})  # fmt: skip
            print(f"engine: serving on {paths.socket}, pid {os.getpid()}", file=err, flush=True)
            server.start()
            with _stopped_by_sigterm():
                _until_idle(clock, idle)
        finally:
            with contextlib.suppress(FileNotFoundError):
                paths.meta.unlink()
            server.close()  # removes the socket
            closer = getattr(screen, "close", None)
            if callable(closer):
                closer()
    print("engine: stopped", file=err, flush=True)
    return EXIT_OK


# -- the command line ------------------------------------------------------------------


def check_engine_args(args: argparse.Namespace) -> str:
    """``warm``, ``stop``, ``serve`` (the engine process itself) or empty; UsageError
    naming the fix for flags that do not belong together."""
    chosen = [flag for flag, on in (("--warm", args.warm), ("--engine-stop", args.engine_stop),
                                    ("--engine-serve", args.engine_serve)) if on]  # fmt: skip
    if len(chosen) > 1:
        raise UsageError(f"{' and '.join(chosen)} do different things; pick one")
    idle = args.engine_idle
    if idle is not None and not (math.isfinite(idle) and idle > 0):
        raise UsageError(f"--engine-idle must be a positive number of seconds, got {idle:g}")
    if args.no_engine and (chosen or idle is not None):
        raise UsageError("--no-engine turns the engine off; drop it, or drop the engine flags")
    if chosen:
        for flag in ("goal", "image", "serve", "remote"):
            if getattr(args, flag):
                name = "a GOAL" if flag == "goal" else f"--{flag}"
                raise UsageError(f"{chosen[0]} takes no {name}: it starts or stops the engine")
    return {"--warm": "warm", "--engine-stop": "stop", "--engine-serve": "serve"}.get(
        chosen[0] if chosen else "", ""
    )


def run_engine_tool(
    args: argparse.Namespace, err: TextIO, make_screen: Callable[[argparse.Namespace], Screen]
) -> int:
    """--warm (0 warm, 1 not started, 3 no screen), --engine-stop (0) or --engine-serve."""
    from ._base import fail
    from ._desktop import check_desktop_args

    kind = check_engine_args(args)
    check_desktop_args(argparse.Namespace(**{**vars(args), "live": True}))
    if not hasattr(os, "posix_spawn"):
        fail(err, "the warm engine needs a POSIX system (Unix sockets, posix_spawn)")
        return EXIT_FAILED
    if kind == "serve":
        return serve_engine(args, err, make_screen)
    paths = engine_paths()
    if kind == "stop":
        print(stop(paths), file=err)
        return EXIT_OK
    return _warm(args, paths, err)


def _warm(args: argparse.Namespace, paths: EnginePaths, err: TextIO) -> int:
    from ._base import EXIT_NO_SCREEN, fail

    settings, idle = engine_settings(args), args.engine_idle or DEFAULT_IDLE
    try:
        check_folder(paths.folder, create=True)
    except Refused as exc:
        fail(err, f"engine: refused ({exc})")
        return EXIT_FAILED
    found = look(paths, settings, display_name())
    if found.state == "stale":
        print(f"engine: replacing a stale one ({found.why})", file=err)
        stop(paths)
    if found.state != "warm":
        found = start(paths, settings, idle)
    if found.state != "warm":
        fail(err, f"engine: {found.state} ({found.why})")
        return EXIT_FAILED
    screen = EngineScreen(paths, found)
    try:
        screen.capture()  # its first look: the OCR engine built, the whole screen read
    except ScreenUnavailable as exc:
        fail(err, f"engine: pid {found.pid} cannot read the screen: {exc}")
        return EXIT_NO_SCREEN
    finally:
        screen.close()
    print(f"engine: warm, pid {found.pid} ({paths.socket}; it stops after {idle:g} s "
          "without a request, or with --engine-stop)", file=err)  # fmt: skip
    return EXIT_OK


def engine_screen(args: argparse.Namespace, err: TextIO) -> EngineScreen | None:
    """The warm engine's screen for a one-shot --live run, or None: work in-process.
    Starts one first when the run :func:`starts_by_itself`; one line on stderr says
    which."""
    if not args.live or args.no_engine or not hasattr(os, "posix_spawn"):
        return None
    paths, settings = engine_paths(), engine_settings(args)
    found = look(paths, settings, display_name())
    if found.state == "warm":
        print(f"engine: warm, pid {found.pid}", file=err)
        return EngineScreen(paths, found)
    if found.state != "refused" and not starts_by_itself(os.environ, sys.stdin):
        idle = args.engine_idle or DEFAULT_IDLE
        found = _start_for_run(paths, settings, idle, found)
        if found.state == "warm":
            print(f"engine: started, pid {found.pid} (later --live runs use it; it stops "
                  f"after {idle:g} s without a request; --engine-stop, --no-engine)",
                  file=err)  # fmt: skip
            return EngineScreen(paths, found)
    tail = f" ({found.why})" if found.why else ""
    print(f"engine: {found.state}{tail}, working in-process", file=err)
    return None


def _start_for_run(
    paths: EnginePaths, settings: Mapping[str, Any], idle: float, found: Lookup
) -> Lookup:
    """Start an engine for a run unless a live one (that does not fit) holds the lock."""
    try:
        check_folder(paths.folder, create=True)
    except (Refused, OSError) as exc:
        return Lookup(state="refused", why=str(exc))
    with _locked(paths.lock) as free:
        pass
    return start(paths, settings, idle) if free else found
