"""--sandbox [flags] GOAL -- PROGRAM [ARGS]: one program on a private nested X server.

The words after the first ``--`` that follows ``--sandbox`` are the program and its
arguments (:func:`split_program`, before argparse sees them, so they may look like
flags). The run starts the program in a :class:`~tiny_computer_agent.desktop.Sandbox`,
points this process's DISPLAY and XAUTHORITY at it (and drops the session bus) for the
run, so capture, input and the accessibility reader see that display only, and stops
the program and the server by PID when the run ends, on Ctrl-C (130) and on SIGTERM.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from types import FrameType
from typing import Final, TextIO

from .._actions import shown
from ._base import UsageError

_USAGE: Final = "tiny-computer-agent --sandbox [flags] GOAL -- PROGRAM [ARGS]"

#: Flags that run something other than one episode: a sandbox has no place in them.
_NOT_WITH: Final = (
    ("image", "--image"), ("remote", "--remote"), ("serve", "--serve"), ("mcp", "--mcp"),
    ("mcp_http", "--mcp-http"), ("tasks", "--tasks"), ("score", "--score"),
    ("doctor", "--doctor"), ("calibrate", "--calibrate"), ("session_trace", "--session-trace"),
    ("warm", "--warm"), ("engine_stop", "--engine-stop"), ("procedures", "--procedures"),
)  # fmt: skip


def split_program(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """The flags and goal, and the program: what follows the first ``--`` after
    ``--sandbox`` (no ``--sandbox`` before a ``--``: the arguments as they are)."""
    words = list(argv)
    if "--" not in words:
        return words, []
    cut = words.index("--")
    if "--sandbox" not in words[:cut]:
        return words, []
    return words[:cut], words[cut + 1 :]


def check_sandbox_args(args: argparse.Namespace, program: Sequence[str]) -> None:
    """A sandboxed run is a live run of one episode on the program's own display (no
    warm engine: it would outlive the display). UsageError for a missing program or a
    flag that runs something else."""
    args.program = list(program)
    if not args.sandbox:
        return
    if not program:
        raise UsageError(f"--sandbox needs the program to run after '--': {_USAGE}")
    for name, flag in _NOT_WITH:
        if getattr(args, name, None) not in (None, False, [], ""):
            raise UsageError(f"--sandbox runs one episode on its own display; drop {flag}")
    if args.sessions is not None:
        raise UsageError("--sandbox runs one episode on its own display; drop --sessions")
    if shutil.which(program[0]) is None:
        raise UsageError(
            f"--sandbox: no program {shown(program[0])} to run (not a path, nor a command "
            f"on PATH); {_USAGE}"
        )
    args.live, args.no_engine = True, True


@contextlib.contextmanager
def sandboxed(args: argparse.Namespace, err: TextIO) -> Iterator[None]:
    """The run's sandbox while the block runs (nothing without ``--sandbox``)."""
    if not getattr(args, "sandbox", False):
        yield
        return
    if "pyautogui" in sys.modules:  # it keeps the display it first saw: not the sandbox's
        raise UsageError(
            "--sandbox needs a fresh process: pyautogui is already bound to DISPLAY="
            f"{os.environ.get('DISPLAY', '')!r} in this one"
        )
    from ..desktop import Sandbox

    with _terminate_as_interrupt(), Sandbox(args.program) as box:
        print(f"sandbox: {box.describe()}", file=err)
        print(f"sandbox: pids {' '.join(str(p) for p in box.pids)} (stopped at the end)", file=err)
        set_vars, unset = box.agent_env()
        with _environment(set_vars, unset):
            yield
    print("sandbox: the program and its display were stopped", file=err)


@contextlib.contextmanager
def _environment(set_vars: Mapping[str, str], unset: Sequence[str]) -> Iterator[None]:
    """This process's environment with ``set_vars`` set and ``unset`` removed, put back
    as it was afterwards."""
    names = [*set_vars, *unset]
    before = {name: os.environ.get(name) for name in names}
    for name in unset:
        os.environ.pop(name, None)
    os.environ.update(set_vars)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM while the sandbox starts or stops ends it as Ctrl-C does, so the program
    and the server are still stopped (the run itself has its own handler)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
