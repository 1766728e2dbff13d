"""The same HTTP over a Unix socket: the server for ``serve(unix_socket=PATH)`` and the
connection for ``RemoteScreen(..., unix_socket=PATH)`` (standard library only).

The socket is created mode 0600 (under a umask of 0177, so it is never reachable by
anyone else, not even for the moment between bind and chmod), and a closed server
removes it, unless another file has taken its place since. Requests are the ``--serve``
endpoints, word for word; only the transport differs. Used by the CLI's warm engine.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import socket
import socketserver
import threading
import time
import urllib.request
from typing import Any, Final, cast

from ._server import _Handler, _Server

__all__ = ["MAX_SOCKET_PATH", "UnixConnection", "UnixHTTPHandler", "UnixServer", "bind_unix"]

#: The longest socket path every platform's sockaddr_un takes (108 bytes with the NUL on
#: Linux, 104 on macOS): a longer one is refused before binding, with the fix.
MAX_SOCKET_PATH: Final = 103
#: The longest a closing server waits for the requests it is answering to finish.
DRAIN_SECONDS: Final = 60.0


class _UnixRequestHandler(_Handler):
    """A ``--serve`` request handler for a peer that has no address: the log says
    ``local`` where it would say the client's IP."""

    def setup(self) -> None:
        self.client_address = ("local", 0)
        cast(UnixServer, self.server).begun()
        try:
            super().setup()
        except BaseException:  # finish() will not run
            cast(UnixServer, self.server).ended()
            raise

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            cast(UnixServer, self.server).ended()


class UnixServer(_Server):
    """``--serve``'s threading HTTP server, bound to a Unix socket path. Closing it
    lets the requests it is answering finish (:data:`DRAIN_SECONDS` at most), so a
    client is never cut off mid-answer by a server that stops."""

    address_family = socket.AF_UNIX
    _inode: int = 0
    _answering: int = 0
    _drained: threading.Condition | None = None

    def begun(self) -> None:
        with self._condition():
            self._answering += 1

    def ended(self) -> None:
        drained = self._condition()
        with drained:
            self._answering -= 1
            drained.notify_all()

    def _condition(self) -> threading.Condition:
        if self._drained is None:
            self._drained = threading.Condition()
        return self._drained

    def server_bind(self) -> None:
        socketserver.TCPServer.server_bind(self)  # no host name to look up
        self.server_name, self.server_port = "localhost", 0
        self._inode = os.stat(self.server_address).st_ino  # type: ignore[arg-type]

    def server_close(self) -> None:
        """Close, and remove the socket file when it is still the one bound here."""
        super().server_close()
        path = cast(str, self.server_address)
        with contextlib.suppress(OSError):
            if os.lstat(path).st_ino == self._inode:
                os.unlink(path)
        time.sleep(0.05)  # a connection accepted just before the close reaches its handler
        drained = self._condition()
        with drained:
            drained.wait_for(lambda: self._answering <= 0, timeout=DRAIN_SECONDS)


def bind_unix(path: str) -> UnixServer:
    """A server bound to ``path`` (mode 0600; ValueError for a path the platform cannot
    bind, OSError when it cannot be bound, e.g. a file is there)."""
    if not hasattr(socket, "AF_UNIX"):
        raise ValueError("this platform has no Unix sockets")
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise ValueError(
            f"the socket path {path} is longer than {MAX_SOCKET_PATH} bytes, more than a "
            "Unix socket takes; point TINY_COMPUTER_AGENT_HOME at a shorter folder"
        )
    old = os.umask(0o177)
    try:
        server = UnixServer(cast(Any, path), _UnixRequestHandler)
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    return server


class UnixConnection(http.client.HTTPConnection):
    """An HTTP connection to a Unix socket path (the host is only the Host header)."""

    def __init__(self, host: str, *, socket_path: str, **kwargs: Any) -> None:
        super().__init__(host, **kwargs)
        self.socket_path = socket_path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            sock.connect(self.socket_path)
        except OSError:
            sock.close()
            raise
        self.sock = sock


class UnixHTTPHandler(urllib.request.HTTPHandler):
    """urllib's http:// handler, connecting to ``socket_path`` whatever the URL's host."""

    def __init__(self, socket_path: str) -> None:
        super().__init__()
        self.socket_path = socket_path

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(UnixConnection, req, socket_path=self.socket_path)  # type: ignore[arg-type]
