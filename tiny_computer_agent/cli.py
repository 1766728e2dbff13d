"""The command line: ``tiny-computer-agent [options] GOAL``.

Exit codes (distinct, documented in ``--help``):

    0  verified success: the harness saw the --verify-text after acting
    1  the run ended without verified success (a claim, a refusal, a stuck loop...)
    2  bad usage or bad input (a flag, a script, a goal)
    3  no screen to look at (missing image, no display, a missing extra to read it)

A refused ``--real-input`` (the environment variable is not set) exits 1 with the fix.
``--doctor`` exits 0 when READY, 1 when a required check failed; ``--calibrate`` exits
0 when capture, mapping and input agree on every monitor, 1 on a mismatch, 3 with no
display.

Scoring mode (``--score DIR_OR_FILE --brains planner,first-item``) has its own codes:

    0  the scoreboard was made (every trace replayed through every brain)
    1  a brain scored below --min-accuracy
    2  bad usage or a bad trace (the file and field are named; no scoreboard is shown)

Data goes to stdout, diagnostics to stderr.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO

from . import __version__
from .brains import FirstItemBrain, OracleBrain, PlannerBrain, ScriptedBrain
from .contracts import Brain, Screen, Step
from .detectors import GridDetector
from .errors import ActionError, MissingExtra, PolicyRefusal, ScreenUnavailable, TinyAgentError
from .loop import Episode, render_step, run_episode
from .menu import DEFAULT_MENU_SIZE
from .policy import Policy

if TYPE_CHECKING:
    from .scoring import BrainFactory

__all__ = ["EXIT_FAILED", "EXIT_NO_SCREEN", "EXIT_OK", "EXIT_USAGE", "build_parser", "main"]

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_NO_SCREEN: Final = 3

#: Brains selectable with --brain (weightless ones; model brains are added by name).
BRAIN_CHOICES: Final = ("planner", "first-item", "oracle", "scripted")
#: Model brains (tiny_computer_agent.models; weights load on the first decision).
MODEL_BRAIN_CHOICES: Final = ("text", "vlm", "embed", "openai")

_EPILOG: Final = """\
exit codes:
  0  verified success: the harness saw --verify-text after acting
  1  the run ended without verified success
  2  bad usage or bad input
  3  no screen to look at
with --score: 0 scored, 1 a brain below --min-accuracy, 2 bad usage or a bad trace
with --doctor: 0 READY, 1 a required check failed
with --calibrate: 0 capture, mapping and input agree, 1 a mismatch, 3 no display

examples:
  tiny-computer-agent --image example --verify-text Saved "click 'Save'"
  tiny-computer-agent --live --verify-text Saved "click 'Save'"          (dry run)
  TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1 tiny-computer-agent --live --real-input \
      --verify-text Saved "click 'Save'"
  tiny-computer-agent --doctor
  tiny-computer-agent --image example --trace run.json --expected Save "click 'Save'"
  tiny-computer-agent --score runs/ --brains planner,first-item,oracle --min-accuracy 0.5
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
    think.add_argument(
        "--brain",
        choices=(*BRAIN_CHOICES, *MODEL_BRAIN_CHOICES),
        default="planner",
        help="default: planner; text, vlm, embed and openai run a model (see --model)",
    )
    _add_model_arguments(p)
    think.add_argument(
        "--script",
        metavar="FILE|JSON",
        help="a fixed list of actions (JSON), validated exactly like a model's answer",
    )
    think.add_argument(
        "--expected",
        action="append",
        metavar="LABEL",
        help="the right target: the oracle's answer, and the run is scored against it",
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
    _add_trace_arguments(p)
    _add_desktop_arguments(p)
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return p


def _add_trace_arguments(p: argparse.ArgumentParser) -> None:
    rec = p.add_argument_group("record and score (traces hold no pixels)")
    rec.add_argument("--trace", metavar="FILE", help="record the run to FILE (JSON trace)")
    rec.add_argument(
        "--score",
        action="append",
        metavar="DIR_OR_FILE",
        help="scoring mode: replay these traces through --brains and print the scoreboard",
    )
    rec.add_argument(
        "--brains",
        metavar="NAMES",
        default="planner,first-item,oracle",
        help="comma-separated brains to score (default: planner,first-item,oracle)",
    )
    rec.add_argument("--scoreboard-json", metavar="FILE", help="also write the scoreboard as JSON")
    rec.add_argument("--scoreboard-csv", metavar="FILE", help="also write one CSV row per decision")
    rec.add_argument(
        "--compare", metavar="OLD.json", help="list decisions changed since a saved scoreboard"
    )
    rec.add_argument(
        "--min-accuracy",
        type=float,
        metavar="X",
        help="exit 1 when any brain's accuracy is below X (a fraction, e.g. 0.9)",
    )


def _add_model_arguments(p: argparse.ArgumentParser) -> None:
    models = p.add_argument_group(
        "model brains (--brain text|vlm|embed|openai; the 'vision' extra)"
    )
    models.add_argument(
        "--model",
        metavar="ID|PATH",
        help="hub id, model directory, .gguf file, or 'smollm2' (bundled); default per brain",
    )
    models.add_argument(
        "--text-mode",
        choices=("generate", "rank"),
        help="text brain: write a reply (default) or rank the menu numbers (clicks only)",
    )
    models.add_argument("--device", metavar="DEV", help="cpu, cuda, cuda:1 (default: cuda if any)")
    models.add_argument(
        "--threads", type=int, metavar="N", help="CPU threads (default: cores, <=8)"
    )
    models.add_argument(
        "--base-url",
        metavar="URL",
        help="openai: server URL (default: Ollama's 127.0.0.1:11434/v1)",
    )
    models.add_argument(
        "--allow-remote",
        action="store_true",
        help="openai: allow a server that is not on this machine (the screen is sent to it)",
    )


def _model_settings(args: argparse.Namespace) -> dict[str, Any]:
    if args.threads is not None and args.threads < 1:
        raise UsageError(f"--threads must be at least 1, got {args.threads}")
    return {
        "model": args.model,
        "device": args.device,
        "threads": args.threads,
        "base_url": args.base_url,
        "allow_remote": args.allow_remote,
        "mode": args.text_mode,
    }


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
    if args.brain in MODEL_BRAIN_CHOICES:
        from .errors import BrainError
        from .models import make_model_brain

        try:
            brain: Brain = make_model_brain(args.brain, **_model_settings(args))
        except (BrainError, ValueError) as exc:
            raise UsageError(str(exc)) from exc
        return brain
    return PlannerBrain()


def make_screen(args: argparse.Namespace) -> Screen:
    """The screen the flags ask for: the live desktop, or replayed images."""
    from .screens import ImageScreen

    if args.live:
        return make_desktop_screen(args)
    if not args.image:
        raise UsageError("nothing to look at: pass --image PATH (or --image example), or --live")
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
    if args.score:
        return run_score(args, out, err)
    if args.doctor or args.calibrate:
        return run_desktop_tool(args, out, err)
    _check_args(args)
    _check_record_args(args)
    _check_desktop_args(args)
    brain = make_brain(args)
    policy = make_policy(args)
    screen = make_screen(args)
    executor = make_executor(args, policy, screen)
    print(f"kill switch: create {policy.kill_switch} to stop at the next step", file=err)

    def stream(step: Step) -> None:
        if not args.json:
            print("\n".join(render_step(step)), file=out, flush=True)

    episode = run_episode(
        args.goal,
        screen=screen,
        brain=brain,
        executor=executor,
        policy=policy,
        verify_text=args.verify_text,
        menu_size=args.menu_size,
        on_step=stream,
    )
    if hasattr(screen, "close"):
        screen.close()
    code = report(episode, args, out, err)
    record_run(episode, brain, args, out, err)
    return code


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


# -- recording and scoring (traces: tiny_computer_agent.trace, scoring) ----------------

_SCORE_ONLY: Final = ("scoreboard_json", "scoreboard_csv", "compare", "min_accuracy")


def _check_record_args(args: argparse.Namespace) -> None:
    for name in _SCORE_ONLY:
        if getattr(args, name) is not None:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} belongs to scoring mode; add --score DIR_OR_FILE")
    if args.trace is not None and not Path(args.trace).parent.is_dir():
        raise UsageError(f"--trace {args.trace!r}: the directory it would go in does not exist")


def _trace_metadata(args: argparse.Namespace) -> dict[str, str]:
    images = list(args.image or [])
    detector = "grid" if args.no_ocr else "auto (OCR, else grid)"
    if args.live:
        return {"source": "live desktop", "screen": _live_description(args), "detector": detector}
    note = "frames are a fixed replay: the frame after an action is the next image given"
    if images and all(i == "example" for i in images):
        screen = "the built-in example desktop (tiny_computer_agent.example)"
        return {"source": "synthetic", "screen": screen, "detector": detector, "note": note}
    names = ", ".join("example" if i == "example" else Path(i).name for i in images)
    screen = f"image files: {names}"
    return {"source": "image replay", "screen": screen, "detector": detector, "note": note}


def record_run(
    episode: Episode, brain: Brain, args: argparse.Namespace, out: TextIO, err: TextIO
) -> None:
    """--trace: save the run as a trace; --expected: print its verdict straight away."""
    if args.trace is None and not args.expected:
        return
    from .errors import TraceError
    from .scoring import score_recorded
    from .trace import record

    try:
        trace = record(
            episode,
            brain=brain,
            expected=args.expected or None,
            menu_size=args.menu_size,
            task=Path(args.trace).stem if args.trace else None,
            metadata=_trace_metadata(args),
        )
    except TraceError as exc:
        raise UsageError(f"--trace/--expected: {exc}") from exc
    if args.trace is not None:
        try:
            trace.save(args.trace)
        except OSError as exc:
            raise UsageError(f"--trace {args.trace!r}: cannot write it ({exc})") from exc
        print(f"trace: wrote {args.trace} (no pixels)", file=err)
    if args.expected:
        verdict = f"verdict: {score_recorded(trace).describe()}"
        print(verdict, file=err if args.json else out)


def score_factories(args: argparse.Namespace) -> dict[str, BrainFactory]:
    """--brains as a {name: factory} table (a fresh brain per task; a model brain is built
    once, so its weights load once); scripted needs --script."""
    from .models import brain_factories
    from .scoring import select_brains

    script = args.script
    extra: dict[str, BrainFactory] = dict(brain_factories(**_model_settings(args)))
    if script:
        extra["scripted"] = lambda trace: load_script(script)
    if "scripted" in args.brains.split(",") and not script:
        raise UsageError("--brains scripted needs --script FILE|JSON")
    try:
        return select_brains(args.brains, extra=extra)
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
        if value is not None and not Path(value).parent.is_dir():
            raise UsageError(f"{flag} {value!r}: the directory it would go in does not exist")


def run_score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Scoring mode: every trace through every brain; print (and save) the scoreboard."""
    from .errors import TraceError
    from .scoring import compare_scoreboards, load_scoreboard, score_path

    _check_score_args(args)
    factories = score_factories(args)
    try:
        old = load_scoreboard(args.compare) if args.compare else None
        board = score_path(args.score, factories)
    except TraceError as exc:
        raise UsageError(str(exc)) from exc
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
            _fail(err, f"below --min-accuracy {args.min_accuracy:g}: {scores}")
            return EXIT_FAILED
    return EXIT_OK


# -- the live desktop (tiny_computer_agent.desktop) --------------------------------------


def _add_desktop_arguments(p: argparse.ArgumentParser) -> None:
    live = p.add_argument_group("the live desktop (the 'desktop' extra)")
    live.add_argument(
        "--live", action="store_true", help="look at the real screen (a dry run unless armed)"
    )
    live.add_argument(
        "--real-input",
        action="store_true",
        help="click and type for real; also needs TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1",
    )
    live.add_argument(
        "--allow-grid", action="store_true", help="allow real clicks on numbered grid cells"
    )
    live.add_argument(
        "--monitor",
        type=int,
        metavar="N",
        help="1..N one monitor, 0 all of them together (default: the primary)",
    )
    live.add_argument(
        "--scale",
        type=float,
        metavar="F",
        help="HiDPI factor: captured pixels per pointer unit (default: measured)",
    )
    live.add_argument(
        "--calibrate", action="store_true", help="check capture, mapping and input agree"
    )
    live.add_argument("--doctor", action="store_true", help="check what this machine can do")


def _check_desktop_args(args: argparse.Namespace) -> None:
    if not args.live:
        for flag in ("real_input", "allow_grid", "monitor", "scale"):
            if getattr(args, flag) not in (None, False):
                name = "--" + flag.replace("_", "-")
                raise UsageError(f"{name} belongs to a live run; add --live")
    if args.live and args.image:
        raise UsageError("--live looks at the real screen; drop --image (or drop --live)")
    if args.monitor is not None and args.monitor < 0:
        raise UsageError(f"--monitor must be 0 or more, got {args.monitor}")
    if args.scale is not None and not 0.25 <= args.scale <= 8:
        raise UsageError(f"--scale is a HiDPI factor from 0.25 to 8 (e.g. 2), got {args.scale:g}")


def _live_description(args: argparse.Namespace) -> str:
    import os

    monitor = "the primary monitor" if args.monitor is None else f"monitor {args.monitor}"
    return f"X display {os.environ.get('DISPLAY', '?')}, {monitor}"


def make_policy(args: argparse.Namespace) -> Policy:
    """The run's policy; armed only by --real-input *and* the environment variable."""
    policy = Policy(max_steps=args.max_steps, allow_grid=args.allow_grid)
    return policy.armed(flag=True) if args.real_input else policy


def make_desktop_screen(args: argparse.Namespace) -> Screen:
    """The real screen (opened now, so a missing display fails before anything runs)."""
    from .desktop import DesktopScreen
    from .detectors import AutoDetector

    screen = DesktopScreen(
        monitor=args.monitor,
        max_width=args.max_width,
        scale=args.scale,
        detector=GridDetector() if args.no_ocr else AutoDetector(),
    )
    screen.open()
    return screen


def make_executor(args: argparse.Namespace, policy: Policy, screen: Screen) -> Any:
    """A real executor for an armed policy on the live screen, else None (the dry run)."""
    if not policy.real_input:
        return None
    from .desktop import DesktopScreen, RealInputExecutor

    return RealInputExecutor(
        policy=policy, screen=screen if isinstance(screen, DesktopScreen) else None
    )


def run_desktop_tool(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """--doctor or --calibrate; the exit code is documented in the module docstring."""
    if args.goal:
        raise UsageError("--doctor and --calibrate take no GOAL")
    if args.doctor:
        from .desktop import doctor, render_doctor
        from .desktop.doctor import ready

        checks = doctor(policy=Policy(max_steps=args.max_steps))
        print(render_doctor(checks), file=out)
        return EXIT_OK if ready(checks) else EXIT_FAILED
    _check_desktop_args(argparse.Namespace(**{**vars(args), "live": True}))
    from .desktop import calibrate

    monitors = None if args.monitor is None else [args.monitor]
    result = calibrate(monitors=monitors, max_width=args.max_width, scale=args.scale)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.render(), file=out)
    return EXIT_OK if result.ok else EXIT_FAILED


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
