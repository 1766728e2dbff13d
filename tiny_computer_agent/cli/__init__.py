"""The command line: ``tiny-computer-agent [options] GOAL``.

Exit codes (distinct, documented in ``--help``):

    0  verified success: the harness saw the --verify-text after acting
    1  the run ended without verified success (a claim, a refusal, a stuck loop...)
    2  bad usage or bad input (a flag, a script, a goal)
    3  no screen to look at (missing image, no display, a missing extra to read it)
  130  interrupted by Ctrl-C (143: by SIGTERM); the steps so far are printed and kept
       in --trace

A refused ``--real-input`` (the environment variable is not set) exits 1 with the fix.
``--doctor`` exits 0 when READY, 1 when a required check failed; ``--calibrate`` exits
0 when capture, mapping and input agree on every monitor, 1 on a mismatch, 3 with no
display.

Scoring mode (``--score DIR_OR_FILE --brains planner,first-item``) has its own codes:

    0  the scoreboard was made (every trace replayed through every brain)
    1  a brain scored below --min-accuracy
    2  bad usage or a bad trace (the file and field are named; no scoreboard is shown)

``--serve`` exits 0 when stopped by Ctrl-C or SIGTERM, 1 when its address cannot be
used, 2 on bad usage or a bad token file, 3 with no screen. ``--tasks`` exits 0 when
every task was verified, 1 when some were not, 2 on a bad task list, 3 when no desktop
answered (130/143 stopped; the same command resumes). ``--sessions`` and
``--session-trace`` exit 0, or 2 for a bad folder or session. ``--mcp`` and ``--mcp-http``
exit 0 when the client closed the connection (or Ctrl-C, SIGTERM), 1 when the address
cannot be used (HTTP), 2 on bad usage, 3 with no screen or without the 'mcp' extra.

Data goes to stdout, diagnostics to stderr.

The package, by stage:

    _base.py    exit codes, UsageError, the brain and detector the flags ask for
    _parser.py  build_parser(): every flag, grouped as --help shows them
    _run.py     main() and one episode: screen, brain, policy, executor, report
    _score.py   --trace, --expected and scoring mode (--score)
    _desktop.py --live, --real-input, --doctor, --calibrate
    _sandbox.py --sandbox GOAL -- PROGRAM: one program alone on a nested X server
    _sessions.py --session, --no-frames, --sessions, --session-trace
    _console.py --console and its flags: the web console of one run
    _remote.py  --serve, --remote, --token-file: a desktop driven over HTTP
    _engine.py  --warm, --engine-stop, --no-engine: the warm engine a --live run looks through
    _pool.py    --tasks, --desktops, --cluster: a task list over many desktops
    _mcp.py     --mcp, --mcp-http: the screen as tools for an MCP client
"""

from __future__ import annotations

from ._base import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_NO_SCREEN,
    EXIT_OK,
    EXIT_TERMINATED,
    EXIT_USAGE,
)
from ._parser import build_parser
from ._run import main

__all__ = [
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_NO_SCREEN",
    "EXIT_OK",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "build_parser",
    "main",
]
