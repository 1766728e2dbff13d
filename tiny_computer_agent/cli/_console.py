"""--console: the run watched and steered from a browser (tiny_computer_agent.console).

The console is made before the policy (the policy is built *with* its approve and halt:
an armed policy cannot be changed afterwards), starts serving just before the run, and
prints exactly one line with its URL to stderr::

    console: http://127.0.0.1:PORT/?token=...

It closes when the run ends, or with --console-stay when the person presses Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ._base import UsageError

if TYPE_CHECKING:
    from .._asking import Asker
    from .._events import Listener
    from ..console import Console

#: flags that only mean something with --console
_CONSOLE_ONLY = ("console_port", "console_paused", "console_stay", "console_traces")


#: the modes that run no episode, so there is nothing for a console to show
_NOT_A_RUN = {
    "score": "--score",
    "doctor": "--doctor",
    "calibrate": "--calibrate",
    "session_trace": "--session-trace",
    "serve": "--serve",
}


def check_console_args(args: argparse.Namespace) -> None:
    """UsageError for a console flag without --console, or --console without a run."""
    if args.console:
        modes = [flag for name, flag in _NOT_A_RUN.items() if getattr(args, name, None)]
        if getattr(args, "sessions", None) is not None:
            modes.append("--sessions")
        if modes:
            raise UsageError(
                f"--console watches a run, and {modes[0]} runs none; drop --console (or "
                "use --console --console-stay with a run to browse past sessions)"
            )
    if not args.console:
        for flag in _CONSOLE_ONLY:
            if getattr(args, flag) not in (None, False):
                name = "--" + flag.replace("_", "-")
                raise UsageError(f"{name} belongs to the console; add --console")
        return
    if args.console_port is not None and not 0 <= args.console_port <= 65535:
        raise UsageError(
            f"--console-port must be 1 to 65535 (or 0 for any free port), got {args.console_port}"
        )
    if args.console_traces is not None and not Path(args.console_traces).is_dir():
        raise UsageError(
            f"--console-traces {args.console_traces}: no such folder; give a folder of traces "
            "made with --trace"
        )


def make_console(args: argparse.Namespace) -> Console | None:
    """The console --console asks for, not serving yet (None without the flag)."""
    check_console_args(args)
    if not args.console:
        return None
    from ..console import Console

    return Console(
        port=args.console_port or 0,
        paused=args.console_paused,
        traces=None if args.console_traces is None else Path(args.console_traces),
    )


def policy_hooks(console: Console | None) -> dict[str, Any]:
    """make_policy's approve and halt: the console's, or none."""
    return {} if console is None else {"approve": console.approve, "halt": console.halt}


def make_asker(
    args: argparse.Namespace,
    console: Console | None,
    err: TextIO,
    stdin: TextIO | None = None,
    environ: Mapping[str, str] | None = None,
) -> Asker | None:
    """Who answers when the brain is unsure (--unsure): the console's page, else a
    terminal (stdin a TTY); :class:`Guess` with ``guess``; None to give up. By default
    it asks when someone can answer (a console, or a terminal not under CI or pytest);
    --unsure ask with no one to ask is a usage error."""
    from .._asking import Guess, TerminalAsker
    from ._engine import starts_by_itself

    mode = getattr(args, "unsure", None)
    stdin = sys.stdin if stdin is None else stdin
    if mode == "guess":
        return Guess()
    if mode == "give-up":
        return None
    if console is not None:
        return console
    interactive = stdin is not None and stdin.isatty()
    if mode == "ask" and interactive:
        return TerminalAsker(stdin, err)
    if mode == "ask":
        raise UsageError(
            "--unsure ask needs a person to ask: run it at a terminal (stdin a TTY) or add "
            "--console"
        )
    why_not = starts_by_itself(os.environ if environ is None else environ, stdin)
    return TerminalAsker(stdin, err) if not why_not else None


def run_listeners(console: Console | None) -> list[Listener]:
    return [] if console is None else [console.hear]


def start_console(console: Console | None, err: TextIO) -> None:
    """Serve, and print the one line with the URL (UsageError when the port is taken)."""
    if console is None:
        return
    try:
        console.start()
    except OSError as exc:
        raise UsageError(
            f"--console-port {console.port}: cannot listen on {console.host}:{console.port} "
            f"({exc.strerror or exc}); choose another port, or 0 for any free one"
        ) from exc
    print(f"console: {console.url}", file=err, flush=True)


def end_console(console: Console | None, args: argparse.Namespace, *, after_run: bool) -> None:
    """Close the console; the run's ``finally`` leaves it open for --console-stay."""
    if console is None or (args.console_stay and not after_run):
        return
    console.close()


def stay_with_console(console: Console | None, args: argparse.Namespace, err: TextIO) -> None:
    """--console-stay: keep the page (and the past sessions) up until Ctrl-C or SIGTERM."""
    if console is None or not args.console_stay:
        return
    print("console: the run ended; the page stays up until Ctrl-C", file=err, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        console.close()
