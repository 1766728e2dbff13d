"""Servers that cannot be held (issue 37, item 6): the console and ``--serve`` on
127.0.0.1, attacked on the wire with raw sockets. Slow clients are dropped at their
deadline and their threads freed, connections past the cap get a quick 503, a bad
Content-Length or query is a 400/413 at once, JSON nested too deep is a 400 (never a
traceback), and requests without the token cannot spend the driver's rate budget.
Every loop here is bounded in count and in time."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tiny_computer_agent import Policy, ScriptedScreen
from tiny_computer_agent._serving import ServerLimits
from tiny_computer_agent.console import Console
from tiny_computer_agent.records import MAX_JSON_DEPTH, JSONTooDeep, json_depth, loads_json
from tiny_computer_agent.remote import RemoteServer, serve

from .helpers import dialog

TOKEN = "limits-test-token-0123456789abcdef"
DEADLINE = 1.0  # request_seconds of every server here: a slow client is gone after it


@pytest.fixture
def console() -> Iterator[Console]:
    with Console(paused=True, request_seconds=DEADLINE) as c:
        yield c


def remote(**kw: Any) -> RemoteServer:
    screen = ScriptedScreen(frames=(dialog("File", "Save"),))
    return serve(screen=screen, policy=Policy(), token=TOKEN, **kw).start()


@pytest.fixture
def server() -> Iterator[RemoteServer]:
    with remote(request_seconds=DEADLINE) as s:
        yield s


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/", 1)[0])


def exchange(port: int, request: bytes, timeout: float = 5.0) -> tuple[int, bytes, float]:
    """Send ``request`` raw on 127.0.0.1: the answer's status, the whole reply, and the
    seconds its first bytes took."""
    t0 = time.monotonic()
    first = 0.0
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        reply = b""
        for _ in range(1000):  # bounded: the server closes after one answer
            chunk = sock.recv(65536)
            if not chunk:
                break
            first = first or time.monotonic() - t0
            reply += chunk
    status = int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/") else 0
    return status, reply, first


def console_post(console: Console, path: str, length: str, body: bytes = b"") -> bytes:
    return (
        f"POST {path} HTTP/1.0\r\nHost: 127.0.0.1:{console.port}\r\n"
        f"X-Console-Token: {console.token}\r\nContent-Length: {length}\r\n\r\n"
    ).encode() + body


def remote_post(path: str, length: str, body: bytes = b"", token: str = TOKEN) -> bytes:
    return (
        f"POST {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode() + body


def get(port: int, path: str, headers: str = "") -> tuple[int, bytes, float]:
    return exchange(port, f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode())


def handler_threads() -> int:
    """Threads running a request (socketserver names them after their target)."""
    return sum("process_request_thread" in t.name for t in threading.enumerate())


# -- slow clients -------------------------------------------------------------------------


def connect(port: int, start: bytes, clients: int) -> list[socket.socket]:
    """``clients`` connections to 127.0.0.1:``port``, each having sent ``start``."""
    socks = [socket.create_connection(("127.0.0.1", port), timeout=2) for _ in range(clients)]
    for sock in socks:
        sock.sendall(start)
        sock.setblocking(False)
    return socks


def drip(socks: list[socket.socket], seconds: float) -> list[float]:
    """One byte every 0.3 s on each of ``socks`` (never the end of a request); when
    the server closed each one, in seconds from now (``seconds``: still open at the
    end). The sockets are closed after."""
    clients = len(socks)
    closed: dict[int, float] = {}
    t0 = time.monotonic()
    try:
        while len(closed) < clients and time.monotonic() - t0 < seconds:
            for i, sock in enumerate(socks):
                if i not in closed and _gone(sock):
                    closed[i] = time.monotonic() - t0
            time.sleep(0.3)
    finally:
        for sock in socks:
            sock.close()
    return [closed.get(i, seconds) for i in range(clients)]


def _gone(sock: socket.socket) -> bool:
    """One more byte of a header that never ends; True once the server has hung up."""
    try:
        sock.send(b"a")
        sock.recv(4096)  # b"": closed (an answer would end it too)
        return True
    except BlockingIOError:
        return False  # nothing to read yet: still held open by the server
    except OSError:  # reset or broken pipe: closed
        return True


def slow_clients_are_dropped(port: int, start: bytes, real: Callable[[], int]) -> None:
    """A dozen slow clients: a real request gets through while they drip, each is
    dropped by its deadline, and no handler thread outlives it."""
    before = handler_threads()
    t0 = time.monotonic()
    socks = connect(port, start, 12)
    result: list[list[float]] = []
    dripping = threading.Thread(target=lambda: result.append(drip(socks, 6.0)))
    dripping.start()
    while handler_threads() < before + 12 and time.monotonic() - t0 < DEADLINE / 2:
        time.sleep(0.02)
    assert handler_threads() >= before + 12  # they really hold a thread each
    assert real() == 200  # a real request still gets through meanwhile
    dripping.join(timeout=10)
    (closed,) = result
    assert max(closed) <= DEADLINE + 1.0, closed  # none held past its deadline, plus a beat
    deadline = time.monotonic() + 3
    while handler_threads() > before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert handler_threads() <= before  # every thread is free again
    assert real() == 200


def test_a_dozen_slow_clients_hold_no_console_thread_past_the_deadline(console: Console) -> None:
    start = b"GET /state HTTP/1.0\r\nX-Slow: "  # before any token is seen
    slow_clients_are_dropped(
        console.port, start, lambda: get(console.port, f"/state?token={console.token}")[0]
    )


def test_a_dozen_slow_clients_hold_no_serve_thread_past_the_deadline(
    server: RemoteServer,
) -> None:
    port = port_of(server.url)
    start = b"GET /health HTTP/1.0\r\nX-Slow: "
    slow_clients_are_dropped(port, start, lambda: get(port, "/health")[0])


def test_a_body_sent_a_byte_at_a_time_is_dropped_at_the_deadline(server: RemoteServer) -> None:
    port = port_of(server.url)
    start = remote_post("/action", "60000", b"{")  # headers complete, the body drips
    (closed,) = drip(connect(port, start, 1), 6.0)
    assert closed <= DEADLINE + 1.0


def test_connections_past_the_cap_get_a_quick_503_then_the_cap_frees_up() -> None:
    with Console(paused=True, request_seconds=DEADLINE, max_connections=2) as console:
        idle = [socket.create_connection(("127.0.0.1", console.port)) for _ in range(2)]
        try:
            time.sleep(0.2)
            status, reply, seconds = get(console.port, f"/state?token={console.token}")
            assert status == 503 and b"Retry-After: 1" in reply and seconds < 1.0
            assert console._server is not None and console._server.refused >= 1
            time.sleep(DEADLINE + 0.5)  # the idle ones are dropped at their deadline
            assert get(console.port, f"/state?token={console.token}")[0] == 200
        finally:
            for sock in idle:
                sock.close()


def test_limits_are_checked() -> None:
    with pytest.raises(ValueError, match="deadlines must be positive"):
        ServerLimits(request_seconds=0)
    with pytest.raises(ValueError, match="at least 1"):
        ServerLimits(max_connections=0)
    with pytest.raises(ValueError, match="at least 1"):
        serve(screen=ScriptedScreen.of_labels(["a"]), policy=Policy(), token=TOKEN,
              max_connections=0)  # fmt: skip


# -- Content-Length, the query, the JSON --------------------------------------------------


@pytest.mark.parametrize(
    ("length", "status"),
    [("-1", 400), ("abc", 400), ("+5", 400), ("1e3", 400), ("999999", 413)],
)
def test_a_bad_content_length_on_the_console_is_refused_at_once(
    console: Console, length: str, status: int
) -> None:
    got, reply, seconds = exchange(console.port, console_post(console, "/answer/1", length))
    assert got == status and seconds < 2.0, reply
    assert get(console.port, f"/state?token={console.token}")[0] == 200  # nothing is held


@pytest.mark.parametrize(
    ("length", "status"),
    [("-1", 400), ("abc", 400), ("+5", 400), ("12, 13", 400), ("999999", 413)],
)
def test_a_bad_content_length_on_serve_is_refused_at_once(
    server: RemoteServer, length: str, status: int
) -> None:
    got, reply, seconds = exchange(port_of(server.url), remote_post("/action", length))
    assert got == status and seconds < 2.0, reply


def test_a_body_of_64_kib_of_brackets_is_a_400_on_both_servers(
    console: Console, server: RemoteServer, caplog: pytest.LogCaptureFixture
) -> None:
    deep = b"[" * (64 * 1024 - 1)
    with caplog.at_level(logging.DEBUG):
        status, reply, _ = exchange(
            console.port, console_post(console, "/answer/1", str(len(deep)), deep)
        )
        assert status == 400 and b"JSON body" in reply
        status, reply, _ = exchange(
            port_of(server.url), remote_post("/action", str(len(deep)), deep)
        )
        assert status == 400 and b"nests lists or objects" in reply
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_too_many_query_fields_are_a_400_not_a_500(
    console: Console, server: RemoteServer, caplog: pytest.LogCaptureFixture
) -> None:
    fields = "&".join(f"f{i}=1" for i in range(9))
    with caplog.at_level(logging.DEBUG):
        status, reply, _ = get(
            port_of(server.url), f"/signature?{fields}", f"Authorization: Bearer {TOKEN}\r\n"
        )
        assert status == 400 and b"more than 8 fields" in reply
        status, reply, _ = get(console.port, f"/state?token={console.token}&{fields}")
        assert status == 400 and b"more than 8 fields" in reply
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    assert get(port_of(server.url), "/signature?region=0,0,9,9&frame=1",
               f"Authorization: Bearer {TOKEN}\r\n")[0] == 200  # fmt: skip


# -- the rate limit counts the token's requests ---------------------------------------------


def test_requests_without_the_token_cannot_spend_the_drivers_rate(server: RemoteServer) -> None:
    port = port_of(server.url)
    strangers = [get(port, "/observe")[0] for _ in range(40)]
    strangers += [get(port, "/health", "Authorization: Bearer wrong\r\n")[0] for _ in range(5)]
    assert 429 in strangers and set(strangers) <= {401, 429}  # limited, apart
    status, reply, _ = get(port, "/health", f"Authorization: Bearer {TOKEN}\r\n")
    assert status == 200 and json.loads(reply.split(b"\r\n\r\n", 1)[1])["max_connections"] == 32


# -- the shared JSON helper -------------------------------------------------------------------


def test_json_depth_counts_without_parsing_and_skips_strings() -> None:
    assert json_depth('{"a": "[[[[", "b": [[1]]}') == 3
    assert json_depth(r'["\"[[[", {}]') == 2
    assert json_depth(b"[" * 100_000) == 100_000  # no recursion, no stack
    assert json_depth(json.dumps([[["x"]]]).encode("utf-16")) == 3  # as json.loads decodes
    assert json_depth('"' + "\\" * 1000 + "[[") == 0  # an unclosed string swallows the rest
    ok = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert loads_json(ok) is not None
    with pytest.raises(JSONTooDeep, match=f"401 levels deep; at most {MAX_JSON_DEPTH}"):
        loads_json("[" + ok + "]")
    t0 = time.monotonic()
    with pytest.raises(ValueError):
        loads_json(b'"' + b'\\"' * 500_000)  # unclosed: one pass, not one per quote
    assert time.monotonic() - t0 < 2.0
