"""--trace, --expected, and scoring mode (--score): traces in, a scoreboard out."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from .._actions import printable, shown
from .._contracts import Brain
from .._loop import Episode
from ._base import (
    EXIT_FAILED,
    EXIT_OK,
    UsageError,
    brain_options,
    check_path_chars,
    detector_name,
    fail,
)
from ._desktop import live_description

if TYPE_CHECKING:
    from ..records import BrainFactory


_SCORE_ONLY: Final = ("scoreboard_json", "scoreboard_csv", "compare", "min_accuracy")


def check_record_args(args: argparse.Namespace) -> None:
    for name in _SCORE_ONLY:
        if getattr(args, name) is not None:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} belongs to scoring mode; add --score DIR_OR_FILE")
    if args.trace is not None:
        check_output_path("--trace", args.trace)


def check_output_path(flag: str, value: str) -> None:
    """UsageError unless ``value`` is a path the system accepts, in a directory that
    exists (checked before the run, so a run is never lost to a bad output path)."""
    check_path_chars(flag, value)
    try:
        folder_exists = Path(value).parent.is_dir()
    except (OSError, ValueError):  # a name too long for the file system
        folder_exists = False
    if not folder_exists:
        raise UsageError(f"{flag} {shown(value)}: the directory it would go in does not exist")
    from ..records import check_save_target

    try:
        check_save_target(value)  # a symlink, device, FIFO or folder: refused now, not after
    except OSError as exc:
        raise UsageError(f"{flag} {shown(value)}: {exc}") from exc


def _name(path: str, *, stem: bool = False) -> str:
    """A file's name (or stem) as text a trace can hold (:func:`printable`)."""
    return printable(Path(path).stem if stem else Path(path).name)


def _trace_metadata(args: argparse.Namespace) -> dict[str, str]:
    images = list(args.image or [])
    detector = detector_name(args)
    if args.live:
        return {"source": "live desktop", "screen": live_description(args), "detector": detector}
    note = "frames are a fixed replay: the frame after an action is the next image given"
    if images and all(i == "example" for i in images):
        screen = "the built-in example desktop (tiny_computer_agent._example)"
        return {"source": "synthetic", "screen": screen, "detector": detector, "note": note}
    names = ", ".join("example" if i == "example" else _name(i) for i in images)
    screen = f"image files: {names}"
    return {"source": "image replay", "screen": screen, "detector": detector, "note": note}


def record_run(
    episode: Episode,
    brain: Brain,
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    *,
    secrets: Mapping[str, str],
) -> None:
    """--trace: save the run as a trace; --expected: print its verdict straight away.
    ``secrets`` (--secret) are redacted from the trace, even one read off the screen."""
    if args.trace is None and not args.expected:
        return
    from .._errors import TraceError
    from ..records import record, score_recorded

    try:
        trace = record(
            episode,
            brain=brain,
            expected=args.expected or None,
            menu_size=args.menu_size,
            task=_name(args.trace, stem=True) if args.trace else None,
            metadata=_trace_metadata(args),
            secrets=secrets,
        )
    except TraceError as exc:
        raise UsageError(f"--trace/--expected: {exc}") from exc
    if args.trace is not None:
        try:
            trace.save(args.trace)
        except OSError as exc:
            raise UsageError(f"--trace {args.trace!r}: cannot write it ({exc})") from exc
        print(f"trace: wrote {printable(args.trace)} (no pixels)", file=err)
    if args.expected:
        verdict = f"verdict: {score_recorded(trace).describe()}"
        print(verdict, file=err if args.json else out)


def score_factories(args: argparse.Namespace) -> dict[str, BrainFactory]:
    """--brains as a {name: factory} table from the registry (a fresh brain per task; a
    model brain is built once, so its weights load once); scripted needs --script."""
    from ..registry import select_brains

    options = brain_options(args)
    if "scripted" in args.brains.split(",") and options.script is None:
        raise UsageError("--brains scripted needs --script FILE|JSON")
    try:
        return select_brains(args.brains, options=options)
    except ValueError as exc:
        raise UsageError(f"--brains: {exc}") from exc


def _check_score_args(args: argparse.Namespace) -> None:
    if args.goal:
        raise UsageError("--score takes no GOAL: each trace carries its own goal")
    if args.image or args.trace:
        raise UsageError("--score replays traces; --image and --trace belong to a live run")
    if args.min_accuracy is not None and not 0.0 <= args.min_accuracy <= 1.0:
        raise UsageError(
            f"--min-accuracy is a fraction from 0 to 1 (e.g. 0.9), got {args.min_accuracy:g}"
        )
    for flag in ("--scoreboard-json", "--scoreboard-csv"):
        value = getattr(args, flag[2:].replace("-", "_"))
        if value is not None:
            check_output_path(flag, value)


def run_score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Scoring mode: every trace through every brain; print (and save) the scoreboard."""
    from .._errors import BrainError, TraceError
    from ..records import compare_scoreboards, load_scoreboard, score_path

    _check_score_args(args)
    factories = score_factories(args)
    try:
        old = load_scoreboard(args.compare) if args.compare else None
        board = score_path(args.score, factories)
    except TraceError as exc:
        raise UsageError(str(exc)) from exc
    except BrainError as exc:  # a brain its options cannot build (e.g. a refused --base-url)
        raise UsageError(f"--brains: {exc}") from exc
    try:
        if args.scoreboard_json:
            board.write_json(args.scoreboard_json)
        if args.scoreboard_csv:
            board.write_csv(args.scoreboard_csv)
    except OSError as exc:
        raise UsageError(f"cannot write the scoreboard: {exc}") from exc
    print(board.to_json() if args.json else board.render(), file=out, end="" if args.json else "\n")
    if old is not None:
        changes = compare_scoreboards(old, board)
        lines = [f"decisions changed since {args.compare}: {len(changes)}"]
        lines.extend(f"  {change.describe()}" for change in changes)
        print("\n".join(lines), file=err if args.json else out)
    if args.min_accuracy is not None:
        below = [b for b in board.brains if board.accuracy(b) < args.min_accuracy]
        if below:
            scores = ", ".join(f"{b} {board.accuracy(b):.2f}" for b in below)
            fail(err, f"below --min-accuracy {args.min_accuracy:g}: {scores}")
            return EXIT_FAILED
    return EXIT_OK
