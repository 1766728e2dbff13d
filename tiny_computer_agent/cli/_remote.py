"""--serve, --remote, --token-file, --bind, --port, and --doctor --remote."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Final, TextIO

from .._contracts import Screen
from .._policy import Approve, Policy
from .._secrets import load_secrets, secret_places
from ..brains.models import is_loopback
from ._base import EXIT_FAILED, EXIT_OK, UsageError, fail
from ._desktop import (
    allowed_keys,
    check_desktop_args,
    learner_on,
    make_executor,
    typing_programs,
    window_scope,
)

if TYPE_CHECKING:
    from .._loop import Episode
    from ..remote import RemoteExecutor, RemoteScreen

#: The port --serve listens on without --port.
DEFAULT_PORT: Final = 8765


def check_remote_args(args: argparse.Namespace) -> str:
    """The remote flags belong together (UsageError naming the fix otherwise); returns
    ``serve``, ``remote`` or an empty string."""
    for flag in ("bind", "port"):
        if getattr(args, flag) is not None and not args.serve:
            raise UsageError(f"--{flag} belongs to --serve (the machine being driven)")
    if args.no_idle_index and not args.serve:
        raise UsageError("--no-idle-index belongs to --serve (the machine being driven)")
    if args.serve and args.remote:
        raise UsageError("--serve serves this machine and --remote drives another; pick one")
    if (args.serve or args.remote) and not args.token_file:
        raise UsageError(
            "--serve and --remote need --token-file F, the shared token (--serve creates F "
            "when it is missing; copy it to the driving machine)"
        )
    if args.token_file and not (args.serve or args.remote):
        raise UsageError("--token-file belongs to --serve or --remote")
    if args.remote and (args.live or args.image):
        raise UsageError("--remote looks at the remote desktop; drop --live and --image")
    if args.remote and args.real_input:
        raise UsageError(
            "--real-input arms the machine that acts: pass it to --serve there (with "
            "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1); a driver cannot arm a remote"
        )
    if args.serve and args.goal:
        raise UsageError("--serve takes no GOAL; the driving side (--remote) has the goal")
    if args.port is not None and not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 (any free port) to 65535, got {args.port}")
    return "serve" if args.serve else "remote" if args.remote else ""


def _token(args: argparse.Namespace) -> str:
    from ..remote import read_token_file

    return read_token_file(args.token_file)


def make_remote_screen(args: argparse.Namespace, err: TextIO, *, images: bool) -> RemoteScreen:
    """The remote desktop as a screen, asked once for its health (a remote that is not
    there fails here, before the run: exit 3). ``images``: fetch every frame's pixels
    (for a brain that looks at them, a session log or the console), not only a zoom's."""
    from ..remote import RemoteScreen

    try:
        screen = RemoteScreen(args.remote, token=_token(args), images=images)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    health = screen.health()
    mode = "ARMED: it clicks and types" if health.get("armed") else "a dry run there"
    print(f"remote: {screen.url} ({mode}; its own policy checks every action)", file=err)
    return screen


def make_remote_executor(args: argparse.Namespace) -> RemoteExecutor:
    from ..remote import RemoteExecutor

    try:
        return RemoteExecutor(args.remote, token=_token(args))
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def remote_episode(episode: Episode) -> Episode:
    """The episode with ``dry_run`` as the remote said: real input if it did any."""
    real = any(s.result is not None and not s.result.dry_run for s in episode.steps)
    return dataclasses.replace(episode, dry_run=not real) if real else episode


def serving_token(path: str, err: TextIO) -> str:
    """The token in ``path``, or a new one written there when there is no file."""
    from ..remote import read_token_file, write_token_file

    if Path(path).exists():
        return read_token_file(path)
    token = write_token_file(path)
    print(f"wrote a new token to {path} (mode 0600); copy it to the driving machine", file=err)
    return token


def serving_policy(args: argparse.Namespace, *, approve: Approve | None = None) -> Policy:
    """This machine's policy: its own lists and limits, armed only by its own two acts.
    Irreversible targets pass only with --allow-irreversible given here, or a person's
    yes through ``approve`` (an MCP server asks through its client; --serve asks no one)."""
    policy = Policy(
        approve=approve,
        max_wait_seconds=args.max_wait,
        allow_grid=args.allow_grid,
        allow_irreversible=tuple(args.allow_irreversible or ()),
        irreversible_learner=learner_on(args, person=False),  # 'auto': a client may not answer
        allow_keys=allowed_keys(args),
        allow_global_keys=allowed_keys(args, "allow_global_key"),
        scope=window_scope(args),
        typing_in=typing_programs(args),
        secrets=load_secrets(args.secret or ()),
        secret_fields=tuple(getattr(args, "secret_field", None) or ()),
        secret_places=secret_places(args.secret or ()),
    )
    return policy.armed(flag=True) if args.real_input else policy


def run_serve(
    args: argparse.Namespace, err: TextIO, make_screen: Callable[[argparse.Namespace], Screen]
) -> int:
    """--serve: answer a driver until Ctrl-C or SIGTERM (exit 0); 1 when the address
    cannot be used."""
    from ..remote import serve

    check_desktop_args(args)
    token = serving_token(args.token_file, err)
    policy = serving_policy(args)
    screen = make_screen(args)
    executor = make_executor(args, policy, screen)
    host = args.bind or "127.0.0.1"
    port = DEFAULT_PORT if args.port is None else args.port
    try:
        server = serve(screen=screen, policy=policy, executor=executor, host=host, port=port,
                       token=token, log=err, keep_current=not args.no_idle_index)  # fmt: skip
    except OSError as exc:
        _close(screen)
        fail(err, f"cannot listen on {host}:{port} ({exc.strerror or exc}); choose another "
                  "--port, or a --bind address this machine has")  # fmt: skip
        return EXIT_FAILED
    if not is_loopback(host):
        print(f"warning: listening on {host}, beyond this machine: anyone who can reach it "
              "and holds the token can drive this screen", file=err)  # fmt: skip
    armed = "ARMED: actions are clicked and typed here" if policy.real_input else "a dry run"
    print(f"mode: {armed}; this machine's policy checks every action", file=err)
    print(f"kill switch: touch {policy.prepare_kill_switch()} to refuse every action", file=err)
    print(f"serving on {server.url}", file=err, flush=True)
    with _stopped_by_sigterm():
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", file=err)
        finally:
            server.close()
            _close(screen)
    return EXIT_OK


def _close(screen: Screen) -> None:
    closer = getattr(screen, "close", None)
    if callable(closer):
        closer()


@contextlib.contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    """SIGTERM stops the server the way Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_remote_doctor(args: argparse.Namespace, out: TextIO) -> int:
    """--doctor --remote URL --token-file F: 0 when the remote can be driven, else 1."""
    from ..remote import check_remote

    checks = check_remote(args.remote, token_file=args.token_file)
    print("\n".join(c.render() for c in checks), file=out)
    failed = [c.name for c in checks if c.required and c.status == "fail"]
    if failed:
        print(f"NOT READY to drive {args.remote}: {', '.join(failed)} failed (fixes above)",
              file=out)  # fmt: skip
        return EXIT_FAILED
    print(f"READY: this machine can drive the remote desktop at {args.remote}", file=out)
    return EXIT_OK
