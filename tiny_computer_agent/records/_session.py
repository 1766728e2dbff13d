"""Session logs: a run written as it happens, so a crash leaves a readable record.

A session is a folder (0700) holding files (0600)::

    session.json        metadata, written atomically at the start and again at the end:
                        format, version, goal, started, ended, outcome, steps, frames
    events.jsonl        one JSON object per line, appended and flushed per event:
                        {"seq": N, "t": <unix seconds>, "kind": "<event kind>", ...}
    frames/step-001.png the frame step 1 looked at (the "before" of action 1); step N's
                        frame is also the "after" of action N-1; ``final.png`` is the
                        end's frame. A step that looks at the same frame again (after a
                        passive step) names the same file instead of writing it twice.

:class:`SessionLog` is a run listener (``run_episode(..., listeners=[log])``); events
hold no pixels (the same values a trace keeps) and every string has the run's secrets
redacted exactly as a trace does. A PNG that cannot be written is noted in its event
(``"frame": null, "frame_error": "..."``) and the run goes on.

:func:`load_session` reads a folder back (a last line cut short by a crash is tolerated
and reported); :func:`session_to_trace` turns it into a pixel-free trace the scorer
takes; :func:`list_sessions` summarises the sessions under a root.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import logging
import os
import stat
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final

from .._actions import printable
from .._elements import Observation
from .._errors import SessionError, TraceError
from .._events import RunEvent
from .._policy import state_dir
from .._secrets import redact
from .._version import __version__
from ._jsonio import loads_json, read_json_file, write_atomic
from ._recording import _redacted, _slug
from ._schema import SCHEMA_VERSION, TRACE_FORMAT, Expected, Trace, TraceStep, without_pixels

if TYPE_CHECKING:
    from .._loop import Episode

__all__ = [
    "EVENTS_FILE",
    "FRAMES_DIR",
    "METADATA_FILE",
    "SESSION_FORMAT",
    "SESSION_VERSION",
    "Session",
    "SessionError",
    "SessionLog",
    "SessionSummary",
    "default_session_folder",
    "list_sessions",
    "load_session",
    "session_to_trace",
]

log = logging.getLogger(__name__)

SESSION_FORMAT: Final = "tiny-computer-agent/session"
SESSION_VERSION: Final = 1
METADATA_FILE: Final = "session.json"
EVENTS_FILE: Final = "events.jsonl"
FRAMES_DIR: Final = "frames"
#: The largest events.jsonl line read back (a step with hundreds of elements is ~100 KB).
_MAX_LINE_BYTES: Final = 8 * 1024 * 1024


def _now_iso(t: float) -> str:
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def default_session_folder(goal: str, root: Path | None = None) -> Path:
    """A new folder name under ``root`` (default ``state_dir()/"sessions"``): the UTC
    time and a slug of the goal, never an existing folder. Nothing is created."""
    base = Path(root) if root is not None else state_dir() / "sessions"
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    name = f"{stamp}-{_slug(goal)[:40]}"
    candidate, n = base / name, 1
    while candidate.exists():
        n += 1
        candidate = base / f"{name}-{n}"
    return candidate


# -- writing ---------------------------------------------------------------------------


def _check_premade(folder: Path) -> None:
    """SessionError unless ``folder`` (which exists) may take a session: a real folder
    (not a link), empty, the running user's own, and writable by no one else (on a
    POSIX system): nobody else can have put a file or a link in it, or add one later."""
    st = os.lstat(folder)
    if not stat.S_ISDIR(st.st_mode):
        raise SessionError(f"{folder} exists and is not a folder; choose a new path for --session")
    if os.name == "posix":
        me = os.geteuid()
        if st.st_uid != me:
            raise SessionError(
                f"{folder} belongs to another user (uid {st.st_uid}, not {me}), who could "
                "change what is written there; choose a new path for --session"
            )
        if st.st_mode & 0o022:
            raise SessionError(
                f"{folder} can be written by its group or by others (mode "
                f"{stat.S_IMODE(st.st_mode):04o}), who could add files or links to the "
                f"session; choose a new path for --session, or run `chmod go-w {folder}`"
            )
    if any(folder.iterdir()):
        raise SessionError(
            f"{folder} is not empty; sessions are append-only and never overwritten, "
            "so choose a new or empty folder for --session"
        )


def _make_folder(folder: Path) -> None:
    """Create ``folder`` (0700) and its frames folder, or SessionError saying why not:
    an existing folder must be empty and the user's own (:func:`_check_premade`),
    since a session is never overwritten nor written where others can write."""
    try:
        if folder.exists() or folder.is_symlink():
            _check_premade(folder)
        else:
            folder.parent.mkdir(parents=True, exist_ok=True)
            folder.mkdir(mode=0o700)  # not exist_ok: one made meanwhile is not ours
        os.chmod(folder, 0o700)
        (folder / FRAMES_DIR).mkdir(mode=0o700)
        os.chmod(folder / FRAMES_DIR, 0o700)
    except OSError as exc:
        raise SessionError(
            f"cannot create the session folder {folder} ({exc.strerror or exc}); choose a "
            "folder you can write, e.g. --session /tmp/my-session"
        ) from exc


def _pillow_missing() -> str:
    """Why frames cannot be written ('' when Pillow is there)."""
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        return (
            "frames are off: writing PNG frames needs Pillow "
            "(pip install 'tiny-computer-agent[ocr]'); the events are still logged"
        )
    return ""


@dataclasses.dataclass(kw_only=True, slots=True)
class _FrameWriter:
    """Writes each new frame once as a PNG (0600), masking secrets read off the screen."""

    folder: Path
    secrets: Mapping[str, str]
    enabled: bool
    last_image: Any = None
    last_name: str | None = None
    warned: bool = False

    def write(self, obs: Observation | None, name: str) -> dict[str, Any]:
        """The event's ``frame`` field (and ``frame_error`` when it failed)."""
        if not self.enabled or obs is None:
            return {"frame": None}
        if obs.image is not None and obs.image is self.last_image:
            return {"frame": self.last_name}
        try:
            rel = self._save(obs, name)
        except (OSError, ValueError, TypeError, ImportError, _NoPicture) as exc:
            why = f"{type(exc).__name__}: {exc}" if not isinstance(exc, _NoPicture) else str(exc)
            if not self.warned:
                log.warning("session frame %s not written (%s); the run goes on", name, why)
                self.warned = True
            return {"frame": None, "frame_error": why}
        self.last_image, self.last_name = obs.image, rel
        return {"frame": rel}

    def _save(self, obs: Observation, name: str) -> str:
        image = obs.image
        if image is None or not callable(getattr(image, "save", None)):
            raise _NoPicture("the observation has no picture to save")
        image = _masked(image, obs, self.secrets)
        rel = f"{FRAMES_DIR}/{name}"
        target = self.folder / rel
        tmp = target.with_name(f".{name}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "wb") as fh:
                image.save(fh, format="PNG", compress_level=1)
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return rel


class _NoPicture(Exception):
    """The observation carries no image (a scripted screen, a size-only stand-in)."""


def _masked(image: Any, obs: Observation, secrets: Mapping[str, str]) -> Any:
    """``image`` with every element whose label or value holds a secret painted over; _NoPicture
    when a secret is in the prose, which has no box to paint."""
    if not secrets:
        return image
    boxes = [
        e.box
        for e in obs.elements
        if any(redact(text, secrets) != text for text in (e.label, e.value or ""))
    ]  # a field's value is on screen too (typed text read back by the tree or OCR)
    if any(redact(p, secrets) != p for p in obs.prose):
        raise _NoPicture("the frame shows a secret where it cannot be masked, so it was not kept")
    if not boxes:
        return image
    from PIL import ImageDraw

    copy = image.copy()
    draw = ImageDraw.Draw(copy)
    for box in boxes:
        draw.rectangle(box, fill="black")
    return copy


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held off (delivered when the block ends) on the main thread,
    so the CLI's handlers, which raise, cannot stop a line between its number and its
    write: a run stopped there lost that line and the next was numbered past it (a
    damaged log). Elsewhere, and off POSIX, it holds nothing."""
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    before = mask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


class SessionLog:
    """An append-only session log of one run; a listener for ``run_episode``.

    ``SessionLog.create(folder)`` makes the folder (new or empty) and writes the
    metadata; each event is appended as one line and flushed; :meth:`close` (or the
    ``with`` block's end) rewrites the metadata with how the run ended.
    """

    def __init__(
        self,
        folder: Path,
        *,
        fd: int,
        frames: _FrameWriter,
        secrets: Mapping[str, str],
        meta: dict[str, Any],
    ) -> None:
        self.folder = folder
        self._fd: int | None = fd
        self._frames = frames
        self._secrets = dict(secrets)
        self._meta = meta
        self._seq = 0
        self._lock = threading.Lock()
        self._broken = ""

    @classmethod
    def create(
        cls,
        folder: Path | str,
        *,
        frames: bool = True,
        secrets: Mapping[str, str] | None = None,
        metadata: Mapping[str, str] | None = None,
        brain: Mapping[str, Any] | None = None,
    ) -> SessionLog:
        """Start a session in ``folder`` (created 0700; it must be new or empty).

        ``frames`` writes each frame as a PNG (off without Pillow, with one note);
        ``secrets`` (``{name: value}``) are redacted from every event and painted over
        in frames; ``metadata`` (text) and ``brain`` (its identity) are kept in
        ``session.json`` and carried into :func:`session_to_trace`. SessionError when the
        folder cannot be made or is not empty.
        """
        path = Path(folder)
        _make_folder(path)
        note = _pillow_missing() if frames else ""
        if note:
            log.warning("%s", note)
        started = time.time()
        meta: dict[str, Any] = {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "harness_version": __version__,
            "goal": "",
            "started": started,
            "started_utc": _now_iso(started),
            "ended": None,
            "outcome": None,
            "reason": "",
            "steps": 0,
            "frames": frames and not note,
            "frames_note": note,
            "metadata": dict(metadata or {}),
            "brain": dict(brain) if brain else None,
        }
        secret_map = dict(secrets or {})
        meta = _redacted(meta, secret_map)  # type: ignore[assignment]
        try:
            write_atomic(path / METADATA_FILE, _dumps(meta, indent=2) + "\n", mode=0o600)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_NOFOLLOW
            fd = os.open(path / EVENTS_FILE, flags, 0o600)
        except OSError as exc:
            raise SessionError(f"cannot write the session in {path} ({exc})") from exc
        writer = _FrameWriter(folder=path, secrets=secret_map, enabled=bool(meta["frames"]))
        return cls(path, fd=fd, frames=writer, secrets=secret_map, meta=meta)

    @property
    def frames(self) -> bool:
        """Whether frames are being written as PNG files."""
        return self._frames.enabled

    def __call__(self, event: RunEvent) -> None:
        """Append ``event`` as one line (and its frame as a PNG)."""
        with self._lock:
            if self._fd is None or self._broken:
                return
            fields = _PAYLOADS[event.kind](self, event)
            with _signals_held():  # a SIGTERM between the number and the line lost a line
                self._seq += 1
                line = {"seq": self._seq, "t": round(time.time(), 6), "kind": event.kind,
                        **fields}  # fmt: skip
                self._append(_redacted(line, self._secrets), sync=event.kind in ("start", "end"))
            if event.kind in ("start", "end"):
                self._note(event)

    def _append(self, line: object, *, sync: bool) -> None:
        data = (_dumps(line) + "\n").encode("utf-8")
        if self._fd is None:
            return
        try:
            os.write(self._fd, data)
            if sync:
                os.fsync(self._fd)
        except OSError as exc:  # a full disk: stop logging, never the run
            self._broken = str(exc)
            log.warning("session log %s stopped: %s; the run goes on", self.folder, exc)

    def _note(self, event: RunEvent) -> None:
        """Keep session.json current at the start and the end of the run."""
        if event.kind == "start":
            self._meta["goal"] = redact(event.goal, self._secrets)
            self._meta["settings"] = _redacted(_plain(event.settings), self._secrets)
        elif event.episode is not None:
            ended = time.time()
            self._meta.update(
                ended=ended,
                ended_utc=_now_iso(ended),
                outcome=event.episode.outcome,
                reason=redact(event.episode.reason, self._secrets),
                steps=len(event.episode.steps),
            )
        self._write_meta()

    def _write_meta(self) -> None:
        try:
            write_atomic(self.folder / METADATA_FILE, _dumps(self._meta, indent=2) + "\n")
        except OSError as exc:
            log.warning("session metadata %s not updated: %s", self.folder, exc)

    def close(self) -> None:
        """Finish the log (idempotent): the events file is synced and closed."""
        with self._lock:
            if self._fd is None:
                return
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                os.fsync(fd)
            os.close(fd)
            if self._meta.get("ended") is None:
                self._meta["closed"] = time.time()
                self._write_meta()

    def __enter__(self) -> SessionLog:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SessionLog({str(self.folder)!r}, frames={self.frames})"


def _dumps(value: object, indent: int | None = None) -> str:
    seps = (",", ": ") if indent else (",", ":")
    # a lone surrogate (a library caller's goal made from bytes that were not UTF-8) is
    # written as JSON's escape of it: the file stays UTF-8, the line loads back as given,
    # and the run goes on
    return printable(
        json.dumps(
            value, ensure_ascii=False, allow_nan=False, indent=indent, separators=seps, default=str
        )
    )


def _plain(value: Mapping[str, Any]) -> Any:
    """``value`` as plain JSON data (a setting that is not JSON becomes its text)."""
    return json.loads(_dumps(dict(value)))


def _obs_fields(log_: SessionLog, obs: Observation | None, name: str) -> dict[str, Any]:
    if obs is None:
        return {"observation": None, "frame": None}
    return {
        "summary": obs.summary(),
        "observation": without_pixels(obs).to_dict(),
        **log_._frames.write(obs, name),
    }


def _on_start(log_: SessionLog, event: RunEvent) -> dict[str, Any]:
    return {"goal": event.goal, "settings": _plain(event.settings), "version": __version__}


def _on_observe(log_: SessionLog, event: RunEvent) -> dict[str, Any]:
    fields = _obs_fields(log_, event.observation, f"step-{event.index:03d}.png")
    return {"index": event.index, **fields, "menu": list(event.menu)}


def _on_decide(log_: SessionLog, event: RunEvent) -> dict[str, Any]:
    decision = None if event.decision is None else event.decision.to_dict()
    return {"index": event.index, "decision": decision}


def _on_verdict(log_: SessionLog, event: RunEvent) -> dict[str, Any]:
    answer = {"answer": event.answer} if event.answer else {}  # a person was asked
    return {
        "index": event.index,
        "allowed": event.refusal is None,
        "refusal": None if event.refusal is None else event.refusal.to_dict(),
        "held": event.held,
        **answer,
    }


def _on_step(log_: SessionLog, event: RunEvent) -> dict[str, Any]:
    if event.step is None:
        return {"index": event.index, "step": None}
    from .._loop import render_step

    step = TraceStep.of(event.step)
    return {"index": step.index, "step": step.to_dict(), "text": render_step(event.step)}


def _on_end(log_: SessionLog, event: RunEvent) -> dict[str, Any]:
    episode: Episode | None = event.episode
    if episode is None:
        return {"outcome": None}
    return {
        "outcome": episode.outcome,
        "reason": episode.reason,
        "success": episode.success,
        "dry_run": episode.dry_run,
        "verify_text": episode.verify_text,
        "steps": len(episode.steps),
        **_obs_fields(log_, episode.final, "final.png"),
    }


_PAYLOADS: Final = {
    "start": _on_start,
    "observe": _on_observe,
    "decide": _on_decide,
    "verdict": _on_verdict,
    "step": _on_step,
    "end": _on_end,
}


# -- reading ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Session:
    """A session folder read back. ``outcome`` is None while the run is going on or
    when it crashed (no end event); ``truncated`` says the last line was cut short."""

    folder: Path
    goal: str
    outcome: str | None
    events: tuple[dict[str, Any], ...]
    frames: tuple[Path, ...]
    metadata: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    truncated: bool = False

    @property
    def steps(self) -> tuple[dict[str, Any], ...]:
        """The ``step`` events, in order."""
        return tuple(e for e in self.events if e.get("kind") == "step")

    @property
    def started(self) -> float:
        return float(self.metadata.get("started") or 0.0)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class SessionSummary:
    """One line of ``--sessions``: a folder, when it started, its goal, how far it got."""

    folder: Path
    started: float
    goal: str
    steps: int
    outcome: str | None
    problem: str = ""

    def describe(self) -> str:
        """``running or crashed``, an outcome, or what is wrong with the folder."""
        return self.problem or self.outcome or "no end (running, or crashed)"


def _not_a_link(path: Path) -> None:
    """SessionError when ``path`` is a symbolic link: a session's own files never are,
    so a link there was put by someone else and is not followed."""
    if path.is_symlink():
        raise SessionError(
            f"{path} is a symbolic link; a session writes its files itself and never as "
            "links, so it is not followed (remove the link, or load another session)"
        )


def _read_metadata(folder: Path) -> dict[str, Any]:
    if not folder.is_dir():
        raise SessionError(f"{folder}: no such session folder; list them with --sessions")
    path = folder / METADATA_FILE
    _not_a_link(path)
    if not path.is_file():
        raise SessionError(
            f"{folder} is not a session (it has no {METADATA_FILE}); a session folder is "
            "made by --session DIR or --console"
        )
    try:
        data = read_json_file(path, what="session metadata")
    except TraceError as exc:
        raise SessionError(str(exc)) from exc
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise SessionError(f"{path}: not session metadata (format is not {SESSION_FORMAT!r})")
    if data.get("version") != SESSION_VERSION:
        raise SessionError(
            f"{path}: session version {data.get('version')!r}; this harness reads version "
            f"{SESSION_VERSION} (upgrade tiny-computer-agent)"
        )
    return data


def _read_events(folder: Path) -> tuple[list[dict[str, Any]], bool]:
    """The events of ``folder``, and whether the last line was cut short (a crash)."""
    path = folder / EVENTS_FILE
    _not_a_link(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SessionError(f"{path}: cannot read the events ({exc.strerror or exc})") from exc
    lines = raw.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline, as every whole line does
    events: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        events.append(_parse_line(path, number, line))
    truncated = bool(tail.strip())
    if truncated:
        log.warning(
            "%s: the last line (%d) was cut short, as a crash leaves it", path, len(lines) + 1
        )
    return events, truncated


def _parse_line(path: Path, number: int, line: bytes) -> dict[str, Any]:
    def bad(why: str) -> SessionError:
        return SessionError(
            f"{path}: line {number} {why}; the session log is damaged (only a last line cut "
            "short by a crash is tolerated)"
        )

    if len(line) > _MAX_LINE_BYTES:
        raise bad(f"is longer than {_MAX_LINE_BYTES // (1024 * 1024)} MB")
    try:
        data = loads_json(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise bad(f"is not JSON ({str(exc)[:80]})") from exc
    if not isinstance(data, dict) or data.get("kind") not in _PAYLOADS:
        raise bad("is not an event (a JSON object with a known 'kind')")
    if not isinstance(data.get("seq"), int) or data["seq"] != number:
        raise bad(f"has seq {data.get('seq')!r}, expected {number} (lines lost or reordered)")
    return data


def load_session(folder: Path | str) -> Session:
    """Read the session in ``folder``. SessionError when it is not a session, cannot be
    read, or holds a bad line anywhere but at the very end (named by file and line)."""
    path = Path(folder)
    meta = _read_metadata(path)
    events, truncated = _read_events(path)
    ends = [e for e in events if e["kind"] == "end"]
    frames: list[Path] = []
    for event in events:
        name = event.get("frame")
        if isinstance(name, str) and (path / name) not in frames:
            frames.append(path / name)
    start = next((e for e in events if e["kind"] == "start"), {})
    return Session(
        folder=path,
        goal=str(start.get("goal") or meta.get("goal") or ""),
        outcome=str(ends[-1].get("outcome")) if ends else None,
        events=tuple(events),
        frames=tuple(frames),
        metadata=meta,
        truncated=truncated,
    )


def _summary(folder: Path) -> SessionSummary:
    try:
        meta = _read_metadata(folder)
        outcome: str | None
        if meta.get("outcome") is not None:  # ended: the metadata says it all
            steps, outcome = int(meta.get("steps") or 0), str(meta["outcome"])
        else:
            session = load_session(folder)
            steps, outcome = len(session.steps), session.outcome
        return SessionSummary(
            folder=folder,
            started=float(meta.get("started") or 0.0),
            goal=str(meta.get("goal") or ""),
            steps=steps,
            outcome=outcome,
        )
    except SessionError as exc:
        return SessionSummary(
            folder=folder, started=0.0, goal="", steps=0, outcome=None, problem=str(exc)
        )


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path``, every link in it followed, is still under ``root``."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def list_sessions(root: Path | None = None) -> tuple[SessionSummary, ...]:
    """A summary of every session folder under ``root`` (default
    ``state_dir()/"sessions"``; none yet: empty), oldest first; a damaged one is listed
    with its problem; a link that leads out of ``root`` is not followed (nor listed).
    SessionError when a given ``root`` is not a readable folder."""
    base = Path(root) if root is not None else state_dir() / "sessions"
    if root is None and not base.exists():
        return ()
    try:
        folders = sorted(
            p
            for p in base.iterdir()
            if p.is_dir() and (p / METADATA_FILE).exists() and _inside(p, base)
        )
    except OSError as exc:
        raise SessionError(
            f"{base}: cannot list sessions there ({exc.strerror or exc}); pass a folder "
            "that holds session folders"
        ) from exc
    return tuple(sorted((_summary(f) for f in folders), key=lambda s: (s.started, s.folder.name)))


def session_to_trace(
    folder: Path | str,
    *,
    expected: Expected | str | tuple[str, ...] | None = None,
    menu_size: int | None = None,
) -> Trace:
    """The session as a pixel-free trace the scorer accepts. A session that crashed
    (no end event) keeps the steps it has, with outcome ``interrupted``. SessionError
    when it is not a session, is damaged, or saw no frame."""
    session = load_session(folder)
    start = next((e for e in session.events if e["kind"] == "start"), None)
    if start is None:
        raise SessionError(f"{session.folder}: the session has no start event; nothing to convert")
    given = start.get("settings")
    settings: dict[str, Any] = given if isinstance(given, dict) else {}
    end = next((e for e in reversed(session.events) if e["kind"] == "end"), None)
    steps = [e.get("step") for e in session.steps]
    data = {
        "format": TRACE_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "task": _slug(session.folder.name),
        "goal": session.goal,
        "menu_size": menu_size if menu_size is not None else settings.get("menu_size", 12),
        "harness_version": str(start.get("version") or __version__),
        "brain": _brain_of(session.metadata, settings),
        "dry_run": settings.get("dry_run", True),
        "verify_text": settings.get("verify_text"),
        "expected": _expected_dict(expected),
        "metadata": _trace_metadata(session),
        "steps": steps,
        **_ending(session, end),
    }
    try:
        return Trace.from_dict(data, source=str(session.folder / EVENTS_FILE))
    except TraceError as exc:
        raise SessionError(f"the session cannot become a trace: {exc}") from exc


def _brain_of(meta: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, Any]:
    brain = meta.get("brain")
    if isinstance(brain, dict) and isinstance(brain.get("name"), str):
        return {"name": brain["name"], "settings": dict(brain.get("settings") or {})}
    return {"name": str(settings.get("brain") or "unknown"), "settings": {}}


def _expected_dict(expected: Expected | str | tuple[str, ...] | None) -> dict[str, Any] | None:
    if expected is None:
        return None
    if isinstance(expected, Expected):
        return expected.to_dict()
    labels = [expected] if isinstance(expected, str) else list(expected)
    return {"labels": labels, "refusal": None} if labels else None


def _trace_metadata(session: Session) -> dict[str, str]:
    given = session.metadata.get("metadata")
    meta = {str(k): str(v) for k, v in given.items()} if isinstance(given, dict) else {}
    meta.setdefault("source", "session")
    meta["session"] = session.folder.name
    return meta


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _ending(session: Session, end: dict[str, Any] | None) -> dict[str, Any]:
    if end is None:
        cut = " (its last line was cut short)" if session.truncated else ""
        return {
            "outcome": "interrupted",
            "reason": f"the session has no end event{cut}: the run crashed or was killed "
            f"after {_count(len(session.steps), 'recorded step')}",
            "final": None,
        }
    return {
        "outcome": end.get("outcome") or "",
        "reason": end.get("reason") or "",
        "final": end.get("observation"),
    }
