"""The command line: ``tiny-computer-agent [options] GOAL``.

Exit codes (distinct, documented in ``--help``):

    0  verified success: the harness saw the --verify-text after acting
    1  the run ended without verified success (a claim, a refusal, a stuck loop...)
    2  bad usage or bad input (a flag, a script, a goal)
    3  no screen to look at (missing image, no display, a missing extra to read it)

Data goes to stdout, diagnostics to stderr.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, NoReturn, TextIO

from . import __version__
from .brains import FirstItemBrain, OracleBrain, PlannerBrain, ScriptedBrain
from .contracts import Brain, Screen, Step
from .detectors import GridDetector
from .errors import ActionError, MissingExtra, PolicyRefusal, ScreenUnavailable, TinyAgentError
from .loop import Episode, render_step, run_episode
from .menu import DEFAULT_MENU_SIZE
from .policy import Policy

__all__ = ["EXIT_FAILED", "EXIT_NO_SCREEN", "EXIT_OK", "EXIT_USAGE", "build_parser", "main"]

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_NO_SCREEN: Final = 3

#: Brains selectable with --brain (weightless ones; model brains are added by name).
BRAIN_CHOICES: Final = ("planner", "first-item", "oracle", "scripted")

_EPILOG: Final = """\
exit codes:
  0  verified success: the harness saw --verify-text after acting
  1  the run ended without verified success
  2  bad usage or bad input
  3  no screen to look at

examples:
  tiny-computer-agent --image example --verify-text Saved "click 'Save'"
  tiny-computer-agent --image shot.png --no-ocr --script '[{"verb": "click", "target": "cell 5"}]'
"""


class UsageError(TinyAgentError):
    """Bad command-line input; exits 2."""


class _Parser(argparse.ArgumentParser):
    """Raises UsageError instead of exiting, so main() owns every exit code and stream."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (separate from :func:`main` so docs and tests can use it)."""
    p = _Parser(
        prog="tiny-computer-agent",
        description="Drive a computer by looking at the screen and choosing from a short "
        "numbered menu, with a tiny local brain. A dry run unless armed.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("goal", nargs="?", help="what to do, e.g. \"click 'Save'\"")
    src = p.add_argument_group("what to look at")
    src.add_argument(
        "--image",
        action="append",
        metavar="PATH|example",
        help="replay a screenshot (repeat for a sequence); 'example' is the built-in desktop",
    )
    src.add_argument(
        "--no-ocr", action="store_true", help="index the screen as a numbered grid, not OCR"
    )
    src.add_argument(
        "--max-width", type=int, metavar="PX", help="downscale frames to this width for the brain"
    )
    think = p.add_argument_group("how to decide")
    think.add_argument("--brain", choices=BRAIN_CHOICES, default="planner", help="default: planner")
    think.add_argument(
        "--script",
        metavar="FILE|JSON",
        help="a fixed list of actions (JSON), validated exactly like a model's answer",
    )
    think.add_argument(
        "--expected", action="append", metavar="LABEL", help="the right target (for --brain oracle)"
    )
    think.add_argument(
        "--menu-size", type=int, default=DEFAULT_MENU_SIZE, metavar="N", help="entries shown"
    )
    run = p.add_argument_group("how to run")
    run.add_argument(
        "--verify-text", metavar="TEXT", help="success = this text visible after acting"
    )
    run.add_argument("--max-steps", type=int, default=8, metavar="N", help="hard step budget")
    run.add_argument("--json", action="store_true", help="print the episode as JSON on stdout")
    run.add_argument("-v", "--verbose", action="store_true", help="log what the harness does")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return p


def _fail(stream: TextIO, message: str) -> None:
    print(f"tiny-computer-agent: {message}", file=stream)


def load_script(value: str) -> ScriptedBrain:
    """Read --script (a file or inline JSON) into a validated ScriptedBrain."""
    path = Path(value)
    source = f"--script {value!r}"
    text = value
    if not value.lstrip().startswith(("[", "{")):
        if not path.is_file():
            raise UsageError(f"{source}: no such file, and not inline JSON (which starts with '[')")
        text, source = path.read_text(encoding="utf-8"), f"--script file {str(path)!r}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{source}: bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    items = [data] if isinstance(data, dict) else data
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise UsageError(f"{source}: expected a JSON list of action objects")
    try:
        return ScriptedBrain.of(items)
    except ActionError as exc:
        raise UsageError(f"{source}: {exc}") from exc


def make_brain(args: argparse.Namespace) -> Brain:
    """The brain the flags ask for."""
    if args.script:
        return load_script(args.script)
    if args.brain == "scripted":
        raise UsageError("--brain scripted needs --script FILE|JSON")
    if args.brain == "oracle":
        if not args.expected:
            raise UsageError("--brain oracle needs --expected LABEL (the right answer)")
        return OracleBrain(expected=tuple(args.expected))
    if args.brain == "first-item":
        return FirstItemBrain()
    return PlannerBrain()


def make_screen(args: argparse.Namespace) -> Screen:
    """The screen the flags ask for (a replayed image for now)."""
    from .screens import ImageScreen

    if not args.image:
        raise UsageError("nothing to look at: pass --image PATH (or --image example)")
    detector = GridDetector() if args.no_ocr else None
    frames: list[Any] = []
    for item in args.image:
        if item == "example":
            from .example import example_frames

            frames.extend(example_frames())
        else:
            frames.append(item)
    return ImageScreen.of(frames, detector=detector, max_width=args.max_width)


def _check_args(args: argparse.Namespace) -> None:
    if not args.goal or not args.goal.strip():
        raise UsageError("the goal is empty; say what to do, e.g. \"click 'Save'\"")
    if args.max_steps < 1:
        raise UsageError(f"--max-steps must be at least 1, got {args.max_steps}")
    if args.menu_size < 1:
        raise UsageError(f"--menu-size must be at least 1, got {args.menu_size}")
    if args.max_width is not None and args.max_width < 64:
        raise UsageError(f"--max-width must be at least 64 pixels, got {args.max_width}")


def run_from_args(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run one episode as the parsed flags say; return the exit code."""
    _check_args(args)
    brain = make_brain(args)
    screen = make_screen(args)
    policy = Policy(max_steps=args.max_steps)
    print(f"kill switch: create {policy.kill_switch} to stop at the next step", file=err)

    def stream(step: Step) -> None:
        if not args.json:
            print("\n".join(render_step(step)), file=out, flush=True)

    episode = run_episode(
        args.goal,
        screen=screen,
        brain=brain,
        policy=policy,
        verify_text=args.verify_text,
        menu_size=args.menu_size,
        on_step=stream,
    )
    return report(episode, args, out, err)


def report(episode: Episode, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the episode's end (or JSON) and map its outcome to an exit code."""
    if args.json:
        print(json.dumps(episode.to_dict(), indent=2), file=out)
    else:
        mode = "dry run: nothing was clicked or typed" if episode.dry_run else "real input"
        print(f"outcome: {episode.outcome} - {episode.reason} ({mode})", file=out)
        if episode.dry_run and args.image and len(episode.steps) > 0:
            print(
                "note: --image replays recorded frames; the frame after an action is the "
                "next image given, not the application's reaction",
                file=err,
            )
    if episode.outcome == "no-screen":
        _fail(err, episode.reason)
        return EXIT_NO_SCREEN
    return EXIT_OK if episode.success else EXIT_FAILED


def main(
    argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Entry point: parse ``argv`` and run; returns the exit code (never raises for bad input)."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        _fail(err, str(exc))
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version print and exit 0
        return int(exc.code) if isinstance(exc.code, int) else EXIT_OK
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        stream=err,
    )
    try:
        return run_from_args(args, out, err)
    except UsageError as exc:
        _fail(err, str(exc))
        return EXIT_USAGE
    except (ScreenUnavailable, MissingExtra) as exc:
        _fail(err, str(exc))
        return EXIT_NO_SCREEN
    except PolicyRefusal as exc:
        _fail(err, f"refused by {exc.rule}: {exc}")
        return EXIT_FAILED
