"""What keeps a standard-library HTTP server from being held: the limits the console and
``--serve`` share, in one place.

    ServerLimits       the numbers (connections, deadlines, body, query fields)
    BoundedHTTPServer  a ThreadingHTTPServer with at most ``max_connections`` handler
                       threads; a connection past them gets 503 at once, unread
    DeadlineHandler    a BaseHTTPRequestHandler whose request (line, headers, body) must
                       arrive within ``request_seconds``, each read waiting at most
                       ``read_seconds``; :meth:`~DeadlineHandler.read_body` checks the
                       Content-Length before reading a byte
    parse_query(path)  the query's fields, or RequestRefused (400) past the limit
    RequestRefused     a request refused before its handler ran: a status and why

A client that sends a byte now and then cannot hold a thread: the request's deadline
counts from when its connection is accepted, whatever arrives meanwhile. A dropped
request gets no answer; its connection is closed and its thread is free again.
"""

from __future__ import annotations

import dataclasses
import io
import logging
import math
import socket
import threading
import time
from email.message import Message
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Final, cast
from urllib.parse import parse_qs, urlsplit

__all__ = [
    "BoundedHTTPServer",
    "DeadlineHandler",
    "RequestRefused",
    "ServerLimits",
    "content_length",
    "parse_query",
]

log = logging.getLogger(__name__)

#: A refused body up to this size is read away after the 413 is sent (within the
#: request's deadline), so the client sees the answer rather than a reset connection; a
#: larger one is not read at all.
_DRAIN: Final = 4 * 1024 * 1024
_BUSY_BODY: Final = (
    b"503: the server is answering as many connections as it allows; retry in a second\n"
)
_BUSY_REPLY: Final = (
    b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Retry-After: 1\r\nConnection: close\r\nContent-Length: "
    + str(len(_BUSY_BODY)).encode()
    + b"\r\n\r\n"
    + _BUSY_BODY
)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ServerLimits:
    """The limits of one server. ``max_connections``: handler threads at once (one per
    connection); ``read_seconds``: the longest wait for any one read of a request;
    ``request_seconds``: the whole request (request line, headers, body), counted from
    when its connection is accepted; ``write_seconds``: the longest one reply (or one
    event of a stream) may take to send; ``max_body``: bytes of a body;
    ``max_query_fields``: fields of a query string."""

    max_connections: int = 32
    read_seconds: float = 10.0
    request_seconds: float = 15.0
    write_seconds: float = 60.0
    max_body: int = 64 * 1024
    max_query_fields: int = 8

    def __post_init__(self) -> None:
        seconds = (self.read_seconds, self.request_seconds, self.write_seconds)
        if not all(math.isfinite(s) and s > 0 for s in seconds):
            raise ValueError(f"server deadlines must be positive seconds, got {seconds}")
        if min(self.max_connections, self.max_body, self.max_query_fields) < 1:
            raise ValueError(
                "max_connections, max_body and max_query_fields must be at least 1, got "
                f"{self.max_connections}, {self.max_body} and {self.max_query_fields}"
            )


class RequestRefused(Exception):
    """A request refused before its endpoint ran: ``status`` (400, 411, 413), ``kind``
    (the remote API's error kind for it), the message the client is sent, and for a
    413 the ``size`` the body declared."""

    def __init__(self, status: HTTPStatus, kind: str, message: str, *, size: int = 0) -> None:
        super().__init__(message)
        self.status, self.kind, self.message, self.size = status, kind, message, size


def parse_query(path: str, max_fields: int) -> dict[str, list[str]]:
    """The fields of ``path``'s query; RequestRefused (400) past ``max_fields``."""
    try:
        return parse_qs(urlsplit(path).query, max_num_fields=max_fields)
    except ValueError as exc:  # "Max number of fields exceeded"
        raise RequestRefused(
            HTTPStatus.BAD_REQUEST,
            "bad-request",
            f"the query has more than {max_fields} fields ({exc}); send only the ones "
            "the endpoint takes",
        ) from exc


def content_length(headers: Message, cap: int) -> int:
    """The body's declared size; RequestRefused when it is chunked (411), not one whole
    number (400: negative, a sign, letters, two different values) or over ``cap``
    (413)."""
    if headers.get("Transfer-Encoding"):
        raise RequestRefused(
            HTTPStatus.LENGTH_REQUIRED,
            "length-required",
            "send the body with a Content-Length, not chunked",
        )
    given = {v.strip() for v in headers.get_all("Content-Length") or ()} or {"0"}
    text = next(iter(given)) or "0"
    if len(given) > 1 or not (text.isascii() and text.isdigit()) or len(text) > 18:
        shown = ", ".join(sorted(repr(v[:20]) for v in given))
        raise RequestRefused(
            HTTPStatus.BAD_REQUEST,
            "bad-request",
            f"Content-Length {shown} is not one whole number of bytes",
        )
    size = int(text)
    if size > cap:
        raise RequestRefused(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            "too-large",
            f"the body has {size:,} bytes; at most {cap:,}",
            size=size,
        )
    return size


class BoundedHTTPServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that runs at most ``limits.max_connections`` handler threads:
    a connection past them is answered 503 with ``Retry-After: 1`` at once, from the
    accepting thread, without reading its request, and closed."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64  # the listen backlog: a burst is accepted, not left to retry

    def __init__(
        self,
        address: Any,
        handler: type[DeadlineHandler],
        limits: ServerLimits | None = None,
    ) -> None:
        self.refused = 0  # connections turned away busy (for tests)
        self.apply(limits or ServerLimits())
        super().__init__(address, handler)

    def apply(self, limits: ServerLimits) -> None:
        """Serve by ``limits`` from now on (before serving: the threads already running
        are not counted against a new limit)."""
        self.limits = limits
        self._slots = threading.BoundedSemaphore(limits.max_connections)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            self._busy(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A handler's own failure (a bug): logged with its traceback, never printed."""
        log.error("the server failed on a request from %s", client_address, exc_info=True)

    def _busy(self, request: socket.socket) -> None:
        """503, then whatever of the request has already arrived is read away (closing a
        socket with unread data resets it, and the client might miss the answer)."""
        self.refused += 1
        end = time.monotonic() + 0.1  # the accepting thread spends at most this here
        try:
            request.settimeout(0.05)
            request.sendall(_BUSY_REPLY)
            request.shutdown(socket.SHUT_WR)
            for _ in range(16):
                request.settimeout(max(0.001, end - time.monotonic()))
                if not request.recv(64 * 1024) or time.monotonic() >= end:
                    break
        except OSError:
            pass  # gone, or silent: either way it is closed now
        finally:
            request.close()


class _DeadlineReader(io.RawIOBase):
    """The connection's receiving side: each read waits at most ``read_seconds`` and
    never past the request's deadline (TimeoutError then)."""

    def __init__(self, handler: DeadlineHandler) -> None:
        super().__init__()
        self._handler = handler

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        handler = self._handler
        limits = handler.limits
        left = handler.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"the request did not arrive within {limits.request_seconds:g} s")
        sock = handler.connection
        sock.settimeout(min(limits.read_seconds, left))
        try:
            return sock.recv_into(buffer)
        finally:
            sock.settimeout(limits.write_seconds)  # what the reply's writes wait


class DeadlineHandler(BaseHTTPRequestHandler):
    """A handler whose request must arrive in time (see :class:`ServerLimits`); a late
    one is dropped by :meth:`handle_one_request` (a TimeoutError, logged through
    ``log_error``) and its thread ends."""

    deadline = 0.0
    connection: socket.socket
    _unread = 0  # bytes of a refused body to read away once the answer is sent

    @property
    def limits(self) -> ServerLimits:
        return cast(BoundedHTTPServer, self.server).limits

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.limits.write_seconds)
        self.rfile.close()  # the socket's own reader: replaced by one with a deadline
        self.rfile = io.BufferedReader(_DeadlineReader(self), 64 * 1024)

    def handle_one_request(self) -> None:
        self.deadline = time.monotonic() + self.limits.request_seconds
        super().handle_one_request()

    def finish(self) -> None:
        """Read away a refused body (see :meth:`read_body`), then close as usual."""
        try:
            if self._unread:
                self.wfile.flush()
                self.rfile.read(self._unread)
        except (OSError, ValueError):
            pass  # the deadline passed, or the client went: closed either way
        finally:
            super().finish()

    def read_body(self, cap: int | None = None) -> bytes:
        """The request's body, by its checked Content-Length (:func:`content_length`,
        ``cap`` default ``limits.max_body``), read within the request's deadline
        (TimeoutError past it). The connection is closed after any refusal; a body
        refused as too large, when it is at most 4 MB, is read away after the answer."""
        try:
            size = content_length(self.headers, self.limits.max_body if cap is None else cap)
        except RequestRefused as refused:
            self.close_connection = True
            self._unread = refused.size if refused.size <= _DRAIN else 0
            raise
        return self.rfile.read(size) if size else b""
