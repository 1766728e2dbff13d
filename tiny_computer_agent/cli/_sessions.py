"""--session, --no-frames, --sessions and --session-trace: session logs on the command line.

    --session DIR          log this run into DIR (new or empty): events.jsonl, PNG frames
    --no-frames            ... without the PNG frames
    --sessions [ROOT]      list the sessions under ROOT (default: the state dir's sessions)
    --session-trace DIR    convert a session into a pixel-free trace (--trace OUT.json)

With ``--console`` a run keeps a session in a new folder under the state dir unless
``--session`` names one. Exit codes of the two tools: 0 done, 2 bad usage, a bad root
or a bad session (the file and line are named).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .._actions import shown
from .._contracts import Brain
from .._policy import Policy
from ._base import EXIT_OK, UsageError, check_path_chars

if TYPE_CHECKING:
    from ..records import SessionLog, SessionSummary

__all__ = ["check_session_args", "open_session", "run_session_tool"]


def _wants_session(args: argparse.Namespace) -> bool:
    return bool(args.session) or bool(getattr(args, "console", False))


def check_session_args(args: argparse.Namespace) -> None:
    """UsageError before the run for a --session folder that cannot be a session (not
    empty, not a folder, nowhere writable), or --no-frames with no session to leave
    frames out of."""
    if args.no_frames and not _wants_session(args):
        raise UsageError("--no-frames belongs to a session log; add --session DIR (or --console)")
    if not args.session:
        return
    value = args.session
    check_path_chars("--session", value)
    folder = Path(value)
    try:
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise UsageError(f"--session {value}: it exists and is not a folder; choose a new path")
        if folder.is_dir() and any(folder.iterdir()):
            raise UsageError(
                f"--session {value}: the folder is not empty; sessions are append-only and "
                "never overwritten, so choose a new or empty folder"
            )
        parent = next(p for p in (folder, *folder.parents) if p.exists())
    except OSError as exc:
        raise UsageError(f"--session {value}: cannot use it ({exc.strerror or exc})") from exc
    if not (parent.is_dir() and os.access(parent, os.W_OK | os.X_OK)):
        raise UsageError(
            f"--session {value}: {parent} is not a folder you can write; choose one you can, "
            "e.g. --session /tmp/my-session"
        )


def open_session(
    args: argparse.Namespace, policy: Policy, *, brain: Brain | None = None
) -> SessionLog | None:
    """The run's session log: --session DIR, else a new folder under the state dir with
    --console, else None. Secrets (--secret) are redacted from it; UsageError when the
    folder cannot be made (nothing has run yet)."""
    if not _wants_session(args):
        return None
    from ..brains import brain_identity
    from ..records import SessionError, SessionLog, default_session_folder
    from ._score import _trace_metadata

    folder = Path(args.session) if args.session else default_session_folder(args.goal or "run")
    try:
        return SessionLog.create(
            folder,
            frames=not args.no_frames,
            secrets=policy.secrets,
            metadata=_trace_metadata(args),
            brain=None if brain is None else brain_identity(brain),
        )
    except SessionError as exc:
        raise UsageError(f"--session: {exc}") from exc


def run_session_tool(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """--sessions [ROOT] (list) or --session-trace DIR (convert); returns the exit code."""
    if args.goal:
        raise UsageError("--sessions and --session-trace take no GOAL")
    if args.sessions is not None and args.session_trace:
        raise UsageError("--sessions lists and --session-trace converts; use one at a time")
    if args.session or args.no_frames or args.score:
        raise UsageError("--session, --no-frames and --score belong to a run, not this tool")
    if args.sessions is not None:
        return _list(args, out, err)
    return _convert(args, out, err)


def _started(summary: SessionSummary) -> str:
    if not summary.started:
        return "?"
    when = datetime.datetime.fromtimestamp(summary.started, datetime.timezone.utc)
    return when.strftime("%Y-%m-%d %H:%M:%SZ")


def _list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..records import SessionError, list_sessions

    root = Path(args.sessions) if args.sessions else None
    if root is not None and not root.is_dir():
        raise UsageError(f"--sessions {args.sessions}: no such folder; pass a folder of sessions")
    try:
        sessions = list_sessions(root)
    except SessionError as exc:
        raise UsageError(f"--sessions: {exc}") from exc
    if args.json:
        rows = [
            {
                "folder": str(s.folder),
                "started": s.started,
                "goal": s.goal,
                "steps": s.steps,
                "outcome": s.outcome,
                "problem": s.problem,
            }
            for s in sessions
        ]
        print(json.dumps(rows, indent=2, ensure_ascii=False), file=out)
        return EXIT_OK
    if not sessions:
        from .._policy import state_dir

        where = root if root is not None else state_dir() / "sessions"
        print(f"no sessions under {where}", file=err)
        return EXIT_OK
    print(_table(sessions), file=out)
    return EXIT_OK


def _table(sessions: tuple[SessionSummary, ...]) -> str:
    rows = [("FOLDER", "STARTED", "STEPS", "OUTCOME", "GOAL")]
    rows += [
        (s.folder.name, _started(s), str(s.steps), shown(s.describe(), 40)[1:-1], s.goal[:60])
        for s in sessions
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(r[:4], widths, strict=True)) + "  " + r[4]
        for r in rows
    )


def _convert(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..records import SessionError, score_recorded, session_to_trace
    from ._score import check_output_path

    if not args.trace:
        raise UsageError("--session-trace DIR needs --trace OUT.json (where to write the trace)")
    check_output_path("--trace", args.trace)
    try:
        trace = session_to_trace(args.session_trace, expected=tuple(args.expected or ()) or None)
    except SessionError as exc:
        raise UsageError(f"--session-trace: {exc}") from exc
    try:
        trace.save(args.trace)
    except OSError as exc:
        raise UsageError(f"--trace {args.trace!r}: cannot write it ({exc})") from exc
    print(
        f"trace: wrote {args.trace} (steps: {len(trace.steps)}, outcome: {trace.outcome}; "
        "no pixels)",
        file=err,
    )
    if args.expected:
        print(f"verdict: {score_recorded(trace).describe()}", file=out)
    return EXIT_OK
