"""--tasks: a task list over a pool of --serve desktops (locally, or on --cluster).

    tiny-computer-agent --tasks tasks.jsonl --desktops http://a:8765,http://b:8765 \\
        --token-file token --out runs/ [--brain planner] [--cluster tcp://host:8786]

Exit codes (also in --help): 0 every task verified, 1 some were not, 2 bad usage or a
bad task list, 3 no desktop reachable (at the start, or none left before the list was
done), 130 Ctrl-C and 143 SIGTERM (the finished traces are kept; run again to resume).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Final, TextIO

from .._actions import shown
from .._errors import MissingExtra
from ._base import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_NO_SCREEN,
    EXIT_OK,
    EXIT_TERMINATED,
    UsageError,
    brain_options,
)

if TYPE_CHECKING:
    from ..remote import PoolReport, Task

#: Flags of a single run that mean nothing to a task list (each task has its own goal,
#: verify text and expected labels; the desktops have their own screens and policies).
_NOT_WITH_TASKS: Final = (
    ("goal", "a GOAL (each task has its own goal)"),
    ("verify_text", "--verify-text (each task has its own verify_text)"),
    ("expected", "--expected (each task has its own expected labels)"),
    ("image", "--image (the desktops are --serve screens)"),
    ("live", "--live (the desktops are --serve screens)"),
    ("real_input", "--real-input (arm each desktop's --serve instead)"),
    ("remote", "--remote (name the desktops with --desktops)"),
    ("serve", "--serve"),
    ("trace", "--trace (each task's trace goes to --out DIR/<id>.json)"),
    ("score", "--score (score the traces afterwards: --score DIR/<id>.json)"),
    ("console", "--console (a console watches one run)"),
    ("session", "--session (a session log records one run; each task has its trace)"),
)


def check_pool_args(args: argparse.Namespace) -> bool:
    """True for a task list (--tasks); UsageError naming the fix when --tasks,
    --desktops, --out and --cluster do not go together."""
    if not args.tasks:
        for flag in ("desktops", "out", "cluster"):
            if getattr(args, flag) is not None:
                raise UsageError(f"--{flag} belongs to --tasks FILE (a task list)")
        return False
    for name, what in _NOT_WITH_TASKS:
        if getattr(args, name, None):
            raise UsageError(f"--tasks runs a task list: drop {what}")
    for flag in ("desktops", "token_file", "out"):
        if not getattr(args, flag):
            name = "--" + flag.replace("_", "-")
            raise UsageError(f"--tasks needs {name} (see --help: 'many desktops')")
    if args.max_steps < 1:
        raise UsageError(f"--max-steps must be at least 1, got {args.max_steps}")
    if args.menu_size < 1:
        raise UsageError(f"--menu-size must be at least 1, got {args.menu_size}")
    return True


def desktop_urls(value: str) -> tuple[str, ...]:
    """--desktops URL,URL...: each an http(s) address, none twice."""
    from ..remote import check_url

    urls: list[str] = []
    for item in (part.strip() for part in value.split(",")):
        if not item:
            raise UsageError(f"--desktops {shown(value)} has an empty entry; separate URLs by ','")
        try:
            url = check_url(item)
        except ValueError as exc:
            raise UsageError(str(exc).replace("--remote ", "--desktops ")) from exc
        if url in urls:
            raise UsageError(f"--desktops names {url} twice; one episode runs on each at a time")
        urls.append(url)
    return tuple(urls)


def _out_dir(value: str) -> Path:
    out = Path(value)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        raise UsageError(f"--out {shown(value)}: cannot make that folder ({exc})") from exc
    return out


def _check_brain(args: argparse.Namespace, tasks: tuple[Task, ...]) -> None:
    from ..registry import brain_specs

    if args.brain == "auto":  # each task has its own goal; a pool uses one brain for all
        args.brain = "planner"
    if args.brain == "scripted" and not args.script:
        raise UsageError("--brain scripted needs --script FILE|JSON (every task gets it)")
    if args.brain == "oracle" and (bare := [t.id for t in tasks if not t.expected]):
        raise UsageError(f"--brain oracle needs each task's expected labels; {bare[0]} has none")
    if args.brain not in brain_specs():
        raise UsageError(f"--brain {args.brain!r} is not a brain")


def _cluster_available(address: str) -> None:
    try:
        import distributed  # noqa: F401
    except ImportError as exc:
        raise UsageError(
            str(MissingExtra("distributed", "cluster", f"--cluster {address}"))
        ) from exc


class _Stops:
    """SIGTERM stops the pool the way Ctrl-C does; the exit code says which it was."""

    terminated = False

    def _on_sigterm(self, signum: int, frame: FrameType | None) -> None:
        self.terminated = True
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGTERM, self._on_sigterm)
        try:
            yield
        finally:
            signal.signal(signal.SIGTERM, previous)


def run_pool(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """--tasks: run the list, print the scoreboard, return the exit code."""
    from ..remote import RemoteRunner, load_tasks, read_token_file, run_tasks

    check_pool_args(args)
    desktops = desktop_urls(args.desktops)
    tasks = load_tasks(args.tasks, max_steps=args.max_steps)
    _check_brain(args, tasks)
    options = dataclasses.replace(brain_options(args), expected=())
    runner = RemoteRunner(token=read_token_file(args.token_file), brain=args.brain,
                          options=options, menu_size=args.menu_size)  # fmt: skip
    if args.cluster:
        _cluster_available(args.cluster)
    folder = _out_dir(args.out)
    engine = args.cluster or f"{len(desktops)} local worker processes"
    print(f"tasks: {len(tasks)} from {args.tasks} over {len(desktops)} desktops ({engine})",
          file=err)  # fmt: skip
    stops = _Stops()
    with stops.installed():
        report = run_tasks(tasks, desktops, runner=runner, out=folder, cluster=args.cluster,
                           notify=lambda line: print(line, file=err, flush=True))  # fmt: skip
    print(
        report.to_json() if args.json else report.render(), file=out, end="" if args.json else "\n"
    )
    print(f"scoreboard: wrote {folder / 'scoreboard.json'}; traces: {folder}/<task id>.json",
          file=err)  # fmt: skip
    return _exit_code(report, stops)


def _exit_code(report: PoolReport, stops: _Stops) -> int:
    if not report.complete:
        return EXIT_TERMINATED if stops.terminated else EXIT_INTERRUPTED
    if report.no_desktop:
        return EXIT_NO_SCREEN
    return EXIT_OK if report.all_verified else EXIT_FAILED
