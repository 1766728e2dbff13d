"""``--teach NAME``: record what a person does once, and write it as a procedure."""

from __future__ import annotations

import argparse
import re
from typing import Final, TextIO

from .._actions import is_text
from ..procedures import ProcedureError, Shown, load_library, save, teach, user_folder
from ._base import EXIT_FAILED, EXIT_OK, UsageError, make_detector

#: The longest a recording may run (seconds), and how long it runs unless told.
MAX_TEACH_SECONDS: Final = 3600.0
DEFAULT_TEACH_SECONDS: Final = 120.0
_NAME: Final = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")


def add_teach_arguments(p: argparse.ArgumentParser) -> None:
    teach_group = p.add_argument_group(
        "teach a procedure by showing it once (X11, the 'desktop' extra)"
    )
    teach_group.add_argument(
        "--teach",
        metavar="NAME",
        help="record what you do on this desktop (clicks, keys, typing; nothing is pressed "
        "for you) and write it as the procedure NAME in your procedures folder, each step "
        "naming the element you used, not its pixels; stop with ctrl+shift+F12, Ctrl-C or "
        "--teach-seconds. 0 written, 1 nothing could be written, 2 bad usage, 3 no display",
    )
    teach_group.add_argument(
        "--example-goal",
        metavar="GOAL",
        help="--teach: a goal that asks for this task in the words of the values you will "
        "type (\"send 'Alice' to the order form\"); typed text it holds becomes a parameter",
    )
    teach_group.add_argument(
        "--teach-seconds",
        type=float,
        default=DEFAULT_TEACH_SECONDS,
        metavar="SECONDS",
        help="--teach: stop recording after this long (default: %(default)g)",
    )


def check_teach_args(args: argparse.Namespace) -> bool:
    """Whether the flags ask to teach; UsageError for a bad name, time or goal."""
    if args.teach is None:
        if args.example_goal is not None:
            raise UsageError("--example-goal belongs to --teach NAME")
        return False
    if args.goal:
        raise UsageError("--teach takes no GOAL; give the goal's words with --example-goal")
    if not _NAME.match(args.teach):
        raise UsageError(
            f"--teach {args.teach!r}: a procedure's name is lower-case letters, digits and "
            "dashes (fill-order)"
        )
    if not 0 < args.teach_seconds <= MAX_TEACH_SECONDS:
        raise UsageError(
            f"--teach-seconds must be more than 0 and at most {MAX_TEACH_SECONDS:g}, got "
            f"{args.teach_seconds:g}"
        )
    if args.example_goal is not None and not (
        args.example_goal.strip() and is_text(args.example_goal)
    ):
        raise UsageError("--example-goal is empty or not text; say the goal in plain words")
    taken = load_library().named(args.teach)
    if taken is not None:
        raise UsageError(
            f"--teach {args.teach!r}: that name is taken ({taken.source}: {taken.path}); choose "
            "another, or delete that file to teach it again"
        )
    return True


def run_teach(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Record until the stop chord, the time limit or Ctrl-C; write the procedure."""
    from ..desktop import STOP_CHORD, DesktopScreen, InputRecorder, watch

    screen = DesktopScreen(
        monitor=args.monitor,
        max_width=args.max_width,
        scale=args.scale,
        detector=make_detector(args),
        ring=None,
        index_ahead=False,
    )
    recorder = InputRecorder()
    try:
        screen.open()
        recorder.start()
    except BaseException:
        recorder.stop()
        screen.close()
        raise
    print(
        f"teaching {args.teach!r}, recording: do the task now; press {STOP_CHORD} (or "
        f"Ctrl-C) when done, or it stops after {args.teach_seconds:g}s",
        file=err,
        flush=True,
    )
    try:
        shown = watch(
            screen,
            recorder,
            seconds=args.teach_seconds,
            on_event=lambda e: print(f"  seen: {e.describe()}", file=err, flush=True),
        )
    finally:
        screen.close()
    print(f"recording ended ({shown.ended}); read the screen before each of "
          f"{len(shown.events)} events", file=err)  # fmt: skip
    events = [
        Shown(what=e.what, before=obs, at=e.at, point=e.point, button=e.button or "left",
              keys=e.keys, text=e.text, direction=e.direction)
        for e, obs in shown.events
    ]  # fmt: skip
    try:
        taught = teach(events, shown.after, name=args.teach, example_goal=args.example_goal or "")
    except ProcedureError as exc:
        print(f"tiny-computer-agent: nothing written: {exc}", file=err)
        return EXIT_FAILED
    path = save(taught, user_folder())
    for warning in taught.warnings:
        print(f"note: {warning}", file=err)
    print(f"wrote {path}", file=out)
    for step in taught.procedure.steps:
        print(f"  {step.number}. {step.describe()}", file=out)
    print(f"  asked for by: {', '.join(repr(e) for e in taught.procedure.examples)}", file=out)
    return EXIT_OK
