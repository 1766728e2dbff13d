"""A remote desktop: drive another machine's screen over HTTP, standard library only.

On the machine being driven, ``tiny-computer-agent --serve`` (or :func:`serve`) answers
``GET /health``, ``GET /observe`` (the element index from that machine's detectors:
OCR or a grid; there is no accessibility tree yet), ``GET /screenshot`` (PNG, with the
frame mapping), ``GET /signature`` and ``POST /action`` (checked by that machine's own
policy, which nothing a client sends can loosen). A bearer token is required (a token
file, mode 0600), the server listens on loopback unless told ``--bind``, and request
size and rate are limited; every request is logged on one line.

On the driving side, :class:`RemoteScreen` and :class:`RemoteExecutor` plug into the
same loop (``--remote URL --token-file F``).

    _tokens.py  read_token_file, write_token_file, TokenFileError
    _wire.py    the endpoints' headers, error kinds and statuses, shared by both sides
    _server.py  serve() -> RemoteServer (http.server.ThreadingHTTPServer)
    _client.py  RemoteScreen, RemoteExecutor (urllib.request)
    _unix.py    the same HTTP over a Unix socket (serve(unix_socket=...)): the warm engine
    _doctor.py  check_remote(): the doctor's checks of a remote
    _pool.py    a task list over many desktops: load_tasks, run_tasks, RemoteRunner
"""

from __future__ import annotations

from ._client import RemoteExecutor, RemoteScreen, check_url
from ._doctor import check_remote
from ._pool import (
    POOL_OUTCOMES,
    PoolReport,
    RemoteRunner,
    Runner,
    Task,
    TaskResult,
    load_tasks,
    run_tasks,
)
from ._server import RemoteServer, serve
from ._tokens import TokenFileError, read_token_file, write_token_file

__all__ = [
    "POOL_OUTCOMES",
    "PoolReport",
    "RemoteExecutor",
    "RemoteRunner",
    "RemoteScreen",
    "RemoteServer",
    "Runner",
    "Task",
    "TaskResult",
    "TokenFileError",
    "check_remote",
    "check_url",
    "load_tasks",
    "read_token_file",
    "run_tasks",
    "serve",
    "write_token_file",
]
