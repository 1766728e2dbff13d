"""main(): parse the flags, then run one episode (or a scoring or desktop tool)."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import signal
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from types import FrameType
from typing import Any, TextIO

from .._actions import MAX_WAIT_FOR_SECONDS, is_text
from .._contracts import Brain, Detector, Screen, Step, sees_pixels
from .._errors import MissingExtra, PolicyRefusal, ScreenUnavailable, TinyAgentError
from .._loop import Episode, render_step, run_episode
from .._memory import return_big_buffers
from .._policy import Policy
from ..perception import EXIT_WAIT, start_warmup
from ._base import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_NO_SCREEN,
    EXIT_OK,
    EXIT_TERMINATED,
    EXIT_USAGE,
    UsageError,
    fail,
    make_brain,
    make_detector,
)
from ._console import (
    check_console_args,
    end_console,
    make_asker,
    make_console,
    policy_hooks,
    run_listeners,
    start_console,
    stay_with_console,
)
from ._desktop import (
    check_desktop_args,
    make_desktop_screen,
    make_executor,
    make_policy,
    run_desktop_tool,
)
from ._engine import (
    EngineScreen,
    acting_screen,
    check_engine_args,
    engine_screen,
    run_engine_tool,
)
from ._mcp import check_mcp_args, run_mcp
from ._parser import build_parser
from ._pool import check_pool_args, run_pool
from ._procedures import run_procedures_list
from ._remote import (
    check_remote_args,
    make_remote_executor,
    make_remote_screen,
    remote_episode,
    run_serve,
)
from ._sandbox import check_sandbox_args, sandboxed, split_program
from ._score import check_record_args, record_run, run_score
from ._sessions import check_session_args, open_session, run_session_tool
from ._teach import check_teach_args, run_teach


class _Signals:
    """SIGTERM ends the run the way Ctrl-C does (the loop keeps the steps so far), and
    the exit code says which of the two it was."""

    terminated = False

    def _on_sigterm(self, signum: int, frame: FrameType | None) -> None:
        self.terminated = True
        raise KeyboardInterrupt

    @property
    def code(self) -> int:
        return EXIT_TERMINATED if self.terminated else EXIT_INTERRUPTED

    @contextlib.contextmanager
    def installed(self) -> Iterator[_Signals]:
        if threading.current_thread() is not threading.main_thread():
            yield self  # signal handlers can only be set from the main thread
            return
        previous = signal.signal(signal.SIGTERM, self._on_sigterm)
        try:
            yield self
        finally:
            signal.signal(signal.SIGTERM, previous)


def make_screen(args: argparse.Namespace, detector: Detector | None = None) -> Screen:
    """The screen the flags ask for: the live desktop, or replayed images; ``detector``
    None: the one the flags name."""
    from .._screens import ImageScreen

    if args.live:
        return make_desktop_screen(args, detector)
    if not args.image:
        raise UsageError("nothing to look at: pass --image PATH (or --image example), or --live")
    detector = detector if detector is not None else make_detector(args)
    frames: list[Any] = []
    for item in args.image:
        if item == "example":
            from .._example import example_frames

            frames.extend(example_frames())
        else:
            frames.append(item)
    return ImageScreen.of(frames, detector=detector, max_width=args.max_width)


def _check_args(args: argparse.Namespace) -> None:
    if not args.goal or not args.goal.strip():
        raise UsageError("the goal is empty; say what to do, e.g. \"click 'Save'\"")
    if not is_text(args.goal):  # no log, trace or prompt can hold it
        raise UsageError(
            "the goal is not valid text: it holds a lone surrogate (bytes that were not "
            "UTF-8, or a broken escape); say it again in plain text"
        )
    if args.max_steps < 1:
        raise UsageError(f"--max-steps must be at least 1, got {args.max_steps}")
    if not 0 < args.max_wait <= MAX_WAIT_FOR_SECONDS:  # also nan and inf
        raise UsageError(
            f"--max-wait must be more than 0 and at most {MAX_WAIT_FOR_SECONDS:g} seconds, "
            f"got {args.max_wait:g}"
        )
    if args.menu_size < 1:
        raise UsageError(f"--menu-size must be at least 1, got {args.menu_size}")
    if args.max_width is not None and args.max_width < 64:
        raise UsageError(f"--max-width must be at least 64 pixels, got {args.max_width}")


def run_from_args(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run one episode as the parsed flags say; return the exit code."""
    check_console_args(args)
    if check_mcp_args(args):
        return run_mcp(args, err, _served_screen)
    if check_remote_args(args) == "serve":
        return run_serve(args, err, _served_screen)
    if check_engine_args(args):
        return run_engine_tool(args, err, _served_screen)
    if args.score:
        return run_score(args, out, err)
    if args.doctor or args.calibrate:
        return run_desktop_tool(args, out, err)
    if args.sessions is not None or args.session_trace:
        return run_session_tool(args, out, err)
    if args.procedures:
        return run_procedures_list(args, out, err)
    if check_teach_args(args):
        return run_teach(args, out, err)
    _check_args(args)
    check_session_args(args)
    check_record_args(args)
    check_desktop_args(args)
    with sandboxed(args, err):
        return _run_one(args, out, err)


def _served_screen(args: argparse.Namespace) -> Screen:
    """--serve's screen, its OCR engine warming while the server starts (the first
    request's index waits for it; the engine then serves every request)."""
    detector = make_detector(args)
    return make_screen(args, start_warmup(detector=detector).guard(detector))


def _open_screen(
    args: argparse.Namespace,
    err: TextIO,
    engine: EngineScreen | None,
    pixels: bool,
    detector: Detector | None,
) -> Screen:
    """The run's screen: the engine's, the remote's, or this process's own (reading
    with ``detector``, which waits for the warm-up)."""
    if engine is not None:
        engine.images = pixels
        return engine
    if detector is None:
        return make_remote_screen(args, err, images=pixels)
    return make_screen(args, detector)


def _announce_kill_switch(policy: Policy, err: TextIO) -> None:
    try:
        kill_switch = policy.prepare_kill_switch()
    except OSError as exc:  # a read-only home: the switch still works if made another way
        kill_switch = policy.kill_switch
        logging.getLogger(__name__).warning("could not create %s: %s", kill_switch.parent, exc)
    print(f"kill switch: touch {kill_switch} to stop at the next step", file=err)


def _run_one(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The episode the flags describe, watched by a session log and a console if asked."""
    brain = make_brain(args, err)
    engine = None if args.remote else engine_screen(args, err)  # a warm engine's looks
    # a remote screen, or an engine, reads itself
    detector = None if args.remote or engine is not None else make_detector(args)
    warmup = start_warmup(detector=detector, brain=brain)  # while the CLI sets up
    console = make_console(args)  # before the policy: it asks the console for a yes
    asker = make_asker(args, console, err)  # who answers when the brain is unsure
    policy = make_policy(args, err, **policy_hooks(console))
    frames = bool(args.session) and not args.no_frames
    pixels = sees_pixels(brain) or frames or console is not None
    guarded = None if detector is None else warmup.guard(detector)
    screen = _open_screen(args, err, engine, pixels, guarded)
    executor = (
        make_remote_executor(args)
        if args.remote
        else make_executor(args, policy, acting_screen(args, policy, screen))
    )
    _announce_kill_switch(policy, err)

    def stream(step: Step) -> None:
        if not args.json:
            print("\n".join(render_step(step)), file=out, flush=True)

    session = open_session(args, policy, brain=brain)
    if session is not None:
        print(f"session: logging this run into {session.folder}", file=err)
    signals = _Signals()
    try:
        start_console(console, err)
        with signals.installed():
            episode = run_episode(
                args.goal,
                screen=screen,
                brain=brain,
                executor=executor,
                policy=policy,
                verify_text=args.verify_text,
                menu_size=args.menu_size,
                on_step=stream,
                listeners=[*([session] if session is not None else []), *run_listeners(console)],
                gate=None if console is None else console.gate,
                asker=asker,
            )
    finally:
        if session is not None:
            session.close()
        if hasattr(screen, "close"):
            screen.close()
        end_console(console, args, after_run=False)
        warmup.wait(timeout=EXIT_WAIT)  # a run that ended early: let a native load finish
    episode = remote_episode(episode) if args.remote else episode
    code = report(episode, args, out, err)
    _record(episode, brain, args, out, err, secrets=policy.secrets)
    stay_with_console(console, args, err)
    return signals.code if episode.outcome == "interrupted" else code


def _record(
    episode: Episode, brain: Brain, args: argparse.Namespace, out: TextIO, err: TextIO,
    *, secrets: Mapping[str, str],
) -> None:  # fmt: skip
    """--trace and --expected. A run stopped (Ctrl-C, SIGTERM) before its first step
    ended has no frame to record: that is said, and the run still exits 130 (or 143)
    with what it has, not as a usage error."""
    try:
        record_run(episode, brain, args, out, err, secrets=secrets)
    except UsageError as exc:
        if episode.outcome != "interrupted":
            raise
        print(f"note: nothing was recorded, the run was stopped first ({exc})", file=err)


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
        fail(err, episode.reason)
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
        argv, program = split_program(sys.argv[1:] if argv is None else argv)
        args = parser.parse_args(argv)
        check_sandbox_args(args, program)
    except UsageError as exc:
        fail(err, str(exc))
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version print and exit 0
        return int(exc.code) if isinstance(exc.code, int) else EXIT_OK
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        stream=err,
    )
    return_big_buffers()  # whole OCR reads otherwise leave the peak memory climbing
    try:
        return (run_pool if check_pool_args(args) else run_from_args)(args, out, err)
    except UsageError as exc:
        fail(err, str(exc))
        return EXIT_USAGE
    except (ScreenUnavailable, MissingExtra) as exc:
        fail(err, str(exc))
        return EXIT_NO_SCREEN
    except PolicyRefusal as exc:
        fail(err, f"refused by {exc.rule}: {exc}")
        return EXIT_FAILED
    except TinyAgentError as exc:  # bad input anywhere else: a script, a secret, a trace
        fail(err, str(exc))
        return EXIT_USAGE
    except OSError as exc:  # e.g. --trace names a folder that cannot be written
        fail(err, f"{exc}; nothing was overwritten (choose another path)")
        return EXIT_USAGE
    except KeyboardInterrupt:  # before or after the episode (the loop keeps its own)
        fail(err, "interrupted before the run started or while it was being saved")
        return EXIT_INTERRUPTED
