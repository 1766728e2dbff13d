"""--mcp and --mcp-http: the screen as tools for an MCP client (the 'mcp' extra).

The server looks at what a run would (--live, --image PATH|example, --remote URL) and
acts through the same policy and executor a run uses, built the way ``--serve`` builds
them (:func:`~._remote.serving_policy`; armed only by --real-input and the environment
variable, both where the server runs), except that an irreversible target, with real
input, is put to the person through the calling client's elicitation (a
:class:`~..mcp.PersonGate`), and refused without a yes unless --allow-irreversible
given here covers it. ``--session DIR`` logs every observe and act as a session, whose
events the client can read as resources. Exit codes: 0 the client closed the connection
(or Ctrl-C, SIGTERM), 1 the address cannot be used (--mcp-http), 2 bad usage, 3 no
screen or no 'mcp' extra.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TextIO

from .._contracts import Screen
from ._base import EXIT_FAILED, EXIT_OK, UsageError, fail
from ._desktop import check_desktop_args, make_executor
from ._remote import (
    _stopped_by_sigterm,
    check_remote_args,
    make_remote_executor,
    make_remote_screen,
    serving_policy,
    serving_token,
)
from ._sessions import check_session_args, open_session

if TYPE_CHECKING:
    from ..mcp import McpDesk

__all__ = ["DEFAULT_MCP_PORT", "check_mcp_args", "run_mcp"]

#: The port --mcp-http listens on without --port.
DEFAULT_MCP_PORT: Final = 8766

#: Flags of a run or another tool, which an MCP server does not take.
_NOT_HERE: Final = ("serve", "score", "doctor", "calibrate", "console", "tasks", "script",
                    "trace", "verify_text", "expected", "json")  # fmt: skip


def check_mcp_args(args: argparse.Namespace) -> bool:
    """Whether the flags ask for an MCP server (UsageError naming the fix when they do
    and something does not belong)."""
    http = bool(getattr(args, "mcp_http", False))
    if not (getattr(args, "mcp", False) or http):
        return False
    if args.mcp and http:
        raise UsageError("--mcp serves on stdin/stdout and --mcp-http over HTTP; pick one")
    if args.goal:
        raise UsageError("--mcp takes no GOAL: the client says what to do, a tool call at a time")
    for flag in _NOT_HERE:
        if getattr(args, flag, None) not in (None, False):
            raise UsageError(f"--{flag.replace('_', '-')} belongs to a run, not to --mcp")
    if args.sessions is not None or args.session_trace:
        raise UsageError("--sessions and --session-trace are tools of their own; drop --mcp")
    if not (args.live or args.image or args.remote):
        raise UsageError(
            "--mcp serves what a run would look at: add --live, --image PATH (or --image "
            "example), or --remote URL --token-file F"
        )
    if http and args.remote:
        raise UsageError(
            "--mcp-http's --token-file is its own; drive a remote with --mcp --remote URL"
        )
    if http and not args.token_file:
        raise UsageError(
            "--mcp-http needs --token-file F, the token a client sends as Authorization: "
            "Bearer (created, mode 0600, when F is missing)"
        )
    if not http and (args.port is not None or args.bind):
        raise UsageError("--port and --bind belong to --mcp-http (or --serve)")
    if args.port is not None and not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 (any free port) to 65535, got {args.port}")
    remote_only = {"port": None, "bind": None, "token_file": None if http else args.token_file}
    check_remote_args(argparse.Namespace(**{**vars(args), **remote_only}))
    check_desktop_args(args)
    check_session_args(args)
    return True


def run_mcp(
    args: argparse.Namespace, err: TextIO, make_screen: Callable[[argparse.Namespace], Screen]
) -> int:
    """Serve the tools until the client goes (stdio) or Ctrl-C / SIGTERM; the exit code."""
    from ..mcp import McpDesk, PersonGate, require_sdk

    require_sdk()  # before the screen: a missing extra fails first (exit 3)
    token = serving_token(args.token_file, err) if args.mcp_http else ""
    gate = PersonGate()  # before the policy: the policy is built with its approve
    policy = serving_policy(args, approve=gate.approve)
    screen = make_remote_screen(args, err, images=True) if args.remote else make_screen(args)
    executor = make_remote_executor(args) if args.remote else make_executor(args, policy, screen)
    session = open_session(args, policy) if args.session else None
    desk = McpDesk(screen=screen, policy=policy, executor=executor, menu_size=args.menu_size,
                   doctor=functools.partial(doctor_report, args), log=err, gate=gate,
                   listeners=() if session is None else (session,),
                   session=None if session is None else session.folder)  # fmt: skip
    armed = "ARMED: act clicks and types here" if policy.real_input else "a dry run"
    print(f"mcp: {armed}; this machine's policy judges every action", file=err)
    print(f"kill switch: touch {policy.prepare_kill_switch()} to refuse every action", file=err)
    if session is not None:
        print(f"session: logging every call into {session.folder}", file=err)
    try:
        with _stopped_by_sigterm():
            return _serve(desk, args, token, err)
    except KeyboardInterrupt:
        print("stopped", file=err)
        return EXIT_OK
    finally:
        if session is not None:
            session.close()
        closer = getattr(screen, "close", None)
        if callable(closer):
            closer()


def _serve(desk: McpDesk, args: argparse.Namespace, token: str, err: TextIO) -> int:
    from ..brains.models import is_loopback
    from ..mcp import serve_http, serve_stdio

    if not args.mcp_http:
        print("mcp: serving on stdin/stdout", file=err, flush=True)
        serve_stdio(desk)
        return EXIT_OK
    host = args.bind or "127.0.0.1"
    port = DEFAULT_MCP_PORT if args.port is None else args.port
    if not is_loopback(host):
        print(f"warning: listening on {host}, beyond this machine: anyone who can reach it "
              "and holds the token can drive this screen", file=err)  # fmt: skip

    def ready(url: str) -> None:
        print(f"mcp: serving on {url}", file=err, flush=True)

    try:
        serve_http(desk, token=token, host=host, port=port, ready=ready)
    except OSError as exc:
        fail(err, f"cannot listen on {host}:{port} ({exc.strerror or exc}); choose another "
                  "--port, or a --bind address this machine has")  # fmt: skip
        return EXIT_FAILED
    return EXIT_OK


def doctor_report(args: argparse.Namespace) -> str:
    """The doctor's checks of what the server looks at: the remote's, else this machine's."""
    if args.remote:
        from ..remote import check_remote

        checks = check_remote(args.remote, token_file=args.token_file)
        lines = [c.render() for c in checks]
        failed = [c.name for c in checks if c.required and c.status == "fail"]
        verdict = f"NOT READY: {', '.join(failed)} failed" if failed else "READY (the remote)"
        return "\n".join([*lines, verdict])
    from .._policy import Policy
    from ..desktop import doctor, ready, render_doctor

    checks = doctor(policy=Policy())
    live = " (needed by --live only)" if not args.live and not ready(checks) else ""
    return render_doctor(checks) + live
