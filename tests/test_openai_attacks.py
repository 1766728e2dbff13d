"""The OpenAI-compatible brain under attack (issue 12, items 2 and 3): proxies in the
environment, redirects, URLs that hide their host, names that resolve elsewhere, and
servers on 127.0.0.1 that answer with malformed HTTP, drip bytes, or stream without end.

Every server here is a real socket on 127.0.0.1, served by a thread of this test and
closed when the test ends; the malformed answers are written byte by byte."""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tiny_computer_agent import BrainError, build_menu
from tiny_computer_agent.brains.models import OpenAIBrain, is_loopback

from .helpers import dialog
from .model_fixtures import SMOLLM2_MENU

MENU = build_menu(dialog(*SMOLLM2_MENU))
GOAL = "save the document"
MB = 1024 * 1024

#: What a server does with an accepted connection, after reading the request.
Script = Callable[[socket.socket, threading.Event], None]


class RawServer:
    """A listening socket on 127.0.0.1; each connection gets a thread that reads the
    request (unless ``reads`` is False) and runs ``script`` on the socket."""

    def __init__(self, script: Script, *, reads: bool = True) -> None:
        self.script, self.reads = script, reads
        self.connections = 0
        self.requests: list[bytes] = []
        self.stop = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.05)
        self.threads: list[threading.Thread] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def port(self) -> int:
        port: int = self.listener.getsockname()[1]
        return port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            thread = threading.Thread(target=self._handle, args=(conn,), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _handle(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(10)
            try:
                if self.reads:
                    self.requests.append(read_request(conn))
                self.script(conn, self.stop)
            except OSError:
                pass  # the client hung up: what a refusing client does

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.listener.close()
        for thread in self.threads:
            thread.join(5)


def read_request(conn: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        body += conn.recv(65536)
    return head + b"\r\n\r\n" + body


@pytest.fixture
def serve() -> Iterator[Callable[..., RawServer]]:
    servers: list[RawServer] = []

    def start(script: Script, **options: Any) -> RawServer:
        servers.append(RawServer(script, **options))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def send(data: bytes) -> Script:
    return lambda conn, stop: conn.sendall(data)


def completion(content: str = '{"verb": "click", "choice": 3}') -> bytes:
    body = {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
    return json.dumps(body).encode()


def answer(body: bytes, status: str = "200 OK") -> Script:
    head = f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}"
    return send(f"{head}\r\nConnection: close\r\n\r\n".encode() + body)


def reset(prefix: bytes = b"") -> Script:
    """Send ``prefix``, then abort the connection with a TCP reset (SO_LINGER 0)."""

    def script(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(prefix)
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))

    return script


def drip(head: bytes, byte: bytes, every: float = 0.3, for_at_most: float = 8.0) -> Script:
    """Send ``head``, then one ``byte`` every ``every`` s (for at most ``for_at_most`` s,
    so that a client without a deadline still ends, only late)."""

    def script(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(head)
        end = time.monotonic() + for_at_most
        while time.monotonic() < end and not stop.wait(every):
            conn.sendall(byte)

    return script


def stream(head: bytes, piece: bytes, total: int) -> Script:
    """Send ``head``, then ``piece`` again and again, ``total`` bytes in all."""

    def script(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(head)
        for _ in range(total // len(piece)):
            if stop.is_set():
                return
            conn.sendall(piece)

    return script


def peak_memory(call: Callable[[], object]) -> tuple[int, BaseException | None]:
    """The peak of Python's allocations during ``call``, and what it raised."""
    tracemalloc.start()
    try:
        call()
    except BaseException as exc:  # returned to the test, which checks it
        return tracemalloc.get_traced_memory()[1], exc
    finally:
        tracemalloc.stop()
    return 0, None


# -- 1. no proxy ------------------------------------------------------------------------


def test_the_proxy_environment_is_never_consulted(
    serve: Callable[..., RawServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    server = serve(answer(completion()))
    with socket.create_server(("127.0.0.1", 0)) as proxy:
        address = f"http://127.0.0.1:{proxy.getsockname()[1]}"
        for name in ("http_proxy", "https_proxy", "all_proxy"):
            monkeypatch.setenv(name, address)
            monkeypatch.setenv(name.upper(), address)
        monkeypatch.delenv("no_proxy", raising=False)
        monkeypatch.delenv("NO_PROXY", raising=False)
        decision = OpenAIBrain(base_url=server.url, timeout=3).decide(GOAL, MENU, ())
        assert decision.action.describe() == "click 'Save'"
        assert server.connections == 1 and server.requests[0].startswith(b"POST /v1/chat/")
        proxy.setblocking(False)
        try:
            contacted, _ = proxy.accept()
        except BlockingIOError:
            return
        contacted.close()
        pytest.fail("the request went to the proxy from the environment")


# -- 2. no redirect ---------------------------------------------------------------------


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_an_error_naming_its_target_and_is_never_followed(
    serve: Callable[..., RawServer], status: int
) -> None:
    elsewhere = serve(answer(completion()))
    location = f"http://127.0.0.1:{elsewhere.port}/v1/chat/completions"
    head = f"HTTP/1.1 {status} Moved\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n"
    server = serve(send(head.encode()))
    brain = OpenAIBrain(base_url=server.url, api_key="secret-key", timeout=5)
    with pytest.raises(BrainError, match=rf"redirect \(HTTP {status}\)") as err:
        brain.decide(GOAL, MENU, ())
    assert location in str(err.value) and "never followed" in str(err.value)
    assert b"Bearer secret-key" in server.requests[0]
    assert elsewhere.connections == 0 and elsewhere.requests == []


# -- 3. the URL, the name, the address ---------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://evil.com\\@127.0.0.1/v1", "backslash"),
        ("http://evil.com\\@127.0.0.1:11434/v1", "backslash"),
        ("http://evil.com@127.0.0.1/v1", "user@"),
        ("http://user:password@127.0.0.1:11434/v1", "user@"),
        ("http://127.0.0.1@evil.com/v1", "user@"),
        ("http://127.0.0.1 /v1", "whitespace"),
        ("http://127.0.0.1:11434/v1\n", "whitespace"),
        ("http://127.0.0.1\t.evil.com/v1", "whitespace"),
        ("http://127.0.0.1\x00.evil.com/v1", "control character"),
        ("http://127.0.0.1\x7f/v1", "control character"),
        ("http://127。0。0。1/v1", "non-ASCII"),
        ("http://127.0.0.1:８０/v1", "non-ASCII"),
        ("http://127.0.0.1:abc/v1", "port must be a number from 1 to 65535"),
        ("http://127.0.0.1:99999/v1", "port must be a number from 1 to 65535"),
        ("http://127.0.0.1:-1/v1", "port must be a number from 1 to 65535"),
        ("http://127.0.0.1:+80/v1", "port must be a number from 1 to 65535"),
        ("http://127.0.0.1:0/v1", "port must be from 1 to 65535"),
        ("http://[::1/v1", "not a usable URL"),
        ("http://127.0.0.1:11434/v1?next=http://evil.com", "query"),
        ("http://127.0.0.1:11434/v1#frag", "fragment"),
        ("http://127.0.0.1%2e/v1", "unusable host"),
        ("ftp://127.0.0.1/v1", "not an http"),
    ],
)
def test_a_base_url_that_is_ambiguous_or_broken_is_refused_even_when_remote_is_allowed(
    url: str, message: str
) -> None:
    for allow_remote in (False, True):
        with pytest.raises(BrainError, match=message):
            OpenAIBrain(base_url=url, allow_remote=allow_remote)


def test_only_exact_localhost_and_loopback_literals_are_this_machine() -> None:
    mine = ("localhost", "LOCALHOST", "127.0.0.1", "127.9.9.9", "[::1]", "::ffff:127.0.0.1")
    assert all(is_loopback(host) for host in mine)
    names = ("evil.localhost", "localhost.", "localhost.evil.com", "127.0.0.1.nip.io")
    others = ("0.0.0.0", "::", "::ffff:10.0.0.1", "2130706433", "127.1", "0x7f.0.0.1")
    assert not any(is_loopback(host) for host in names + others)
    for host in names:
        with pytest.raises(BrainError, match="--allow-remote"):
            OpenAIBrain(base_url=f"http://{host}:11434/v1")
    assert OpenAIBrain(base_url="http://[::1]:11434/v1/").base_url == "http://[::1]:11434/v1"


def test_a_loopback_name_that_resolves_elsewhere_is_refused_before_connecting(
    serve: Callable[..., RawServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    server = serve(answer(completion()))
    real = socket.getaddrinfo
    lookups: list[str] = []

    def rebound(host: str, port: int, *args: Any, **kwargs: Any) -> Any:
        lookups.append(host)
        found = real("127.0.0.1", port, socket.AF_INET, socket.SOCK_STREAM)
        if len(lookups) == 1:
            return found  # the first answer is honest
        sockaddr = ("192.0.2.7", port)  # then the name moves (TEST-NET-1)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", sockaddr), *found]

    monkeypatch.setattr(socket, "getaddrinfo", rebound)
    brain = OpenAIBrain(base_url=f"http://localhost:{server.port}/v1", timeout=3)
    assert brain.decide(GOAL, MENU, ()).action.describe() == "click 'Save'"
    assert lookups == ["localhost"]  # one lookup per call: the address checked is the one used
    with pytest.raises(BrainError, match=r"resolves to 192\.0\.2\.7, which is not this machine"):
        brain.decide(GOAL, MENU, ())
    assert server.connections == 1
    brain.allow_remote = False
    brain.base_url = "http://evil.localhost/v1"  # fields changed after building: checked again
    with pytest.raises(BrainError, match="--allow-remote"):
        brain.decide(GOAL, MENU, ())


def test_https_is_spoken_as_tls(serve: Callable[..., RawServer]) -> None:
    server = serve(answer(completion()), reads=False)
    brain = OpenAIBrain(base_url=f"https://127.0.0.1:{server.port}/v1", timeout=5)
    with pytest.raises(BrainError, match=r"the connection to https://127\.0\.0\.1:\d+/v1/\S+ fail"):
        brain.decide(GOAL, MENU, ())


def test_bad_settings_are_refused() -> None:
    for timeout in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="timeout"):
            OpenAIBrain(timeout=timeout)
    with pytest.raises(ValueError, match="max_reply_bytes"):
        OpenAIBrain(max_reply_bytes=0)


# -- 4. malformed HTTP --------------------------------------------------------------------

OK = b"HTTP/1.1 200 OK\r\n"
CHUNKED = OK + b"Transfer-Encoding: chunked\r\n\r\n"


@pytest.mark.parametrize(
    ("script", "message"),
    [
        (send(b"HELLO WORLD\r\n\r\n"), r"malformed HTTP response \(BadStatusLine"),
        (send(b"HTTP/1.1 abc OK\r\n\r\n"), r"malformed HTTP response \(BadStatusLine"),
        (send(b"HTTP/9.9 200 OK\r\n\r\n"), r"malformed HTTP response \(UnknownProtocol"),
        (send(b""), "closed the connection without answering"),
        (send(OK + b"Content-Length: 100\r\n\r\n" + b'{"choices"'), "mid-reply: 10 of the 100"),
        (send(CHUNKED + b'40\r\n{"choices"'), r"malformed HTTP response \(IncompleteRead"),
        (send(CHUNKED + b"ZZ\r\nhello\r\n0\r\n\r\n"), r"malformed HTTP response \(IncompleteRead"),
        (send(b"HTTP/1.1 200 " + b"O" * 70_000 + b"\r\n\r\n"), r"\(LineTooLong"),
        (send(OK + b"X-Long: " + b"a" * 70_000 + b"\r\n\r\n"), r"\(LineTooLong"),
        (send(OK + b"X-Many: 1\r\n" * 101 + b"\r\n"), r"\(HTTPException: got more than 100"),
        (reset(), r"failed \(ConnectionResetError"),
        (reset(OK + b"Content-Length: 100\r\n\r\n{"), r"failed \(ConnectionResetError"),
    ],
    ids=[
        "bad-status-line", "status-not-a-number", "unknown-protocol", "closed-silently",
        "closed-mid-body", "closed-mid-chunk", "invalid-chunk-size", "status-line-too-long",
        "header-line-too-long", "too-many-headers", "reset", "reset-mid-body",
    ],
)  # fmt: skip
def test_a_malformed_http_response_is_a_brain_error_naming_the_url(
    serve: Callable[..., RawServer], script: Script, message: str
) -> None:
    server = serve(script)
    with pytest.raises(BrainError, match=message) as err:
        OpenAIBrain(base_url=server.url, timeout=5).decide(GOAL, MENU, ())
    assert f"{server.url}/chat/completions" in str(err.value)


def test_valid_chunked_and_close_delimited_replies_are_read(
    serve: Callable[..., RawServer],
) -> None:
    body = completion()
    half = len(body) // 2
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in (body[:half], body[half:]))
    for script in (
        send(CHUNKED + chunks + b"0\r\n\r\n"),
        send(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n" + body),
    ):
        brain = OpenAIBrain(base_url=serve(script).url, timeout=5)
        assert brain.decide(GOAL, MENU, ()).action.describe() == "click 'Save'"


# -- 5. a total deadline ------------------------------------------------------------------


@pytest.mark.parametrize(
    "script",
    [
        drip(OK + b"X-Drip: ", b"a"),  # the headers never end
        drip(OK + b"Content-Type: application/json\r\n\r\n", b" "),  # nor does the body
        drip(CHUNKED + b"100\r\n", b" "),  # nor does a chunk
    ],
    ids=["headers", "body", "chunk"],
)
def test_a_byte_dripping_server_is_cut_off_at_the_deadline(
    serve: Callable[..., RawServer], script: Script
) -> None:
    server = serve(script)
    brain = OpenAIBrain(base_url=server.url, timeout=1.0)
    started = time.monotonic()
    with pytest.raises(BrainError, match=r"did not answer within 1 s \(the budget of the whole"):
        brain.decide(GOAL, MENU, ())
    assert time.monotonic() - started < 1.0 + 1.0  # the budget, and slack for a busy machine


# -- 6. a body cap -------------------------------------------------------------------------

HUGE = 50 * MB
PIECE = b" " * 65536


@pytest.mark.parametrize(
    "head",
    [
        OK + b"Content-Type: application/json\r\n\r\n",  # ended by closing
        OK + b"Content-Length: %d\r\n\r\n" % HUGE,  # declared
    ],
    ids=["undeclared", "declared"],
)
def test_an_endless_body_is_cut_off_at_the_cap_in_bounded_memory(
    serve: Callable[..., RawServer], head: bytes
) -> None:
    server = serve(stream(head, PIECE, HUGE))
    brain = OpenAIBrain(base_url=server.url, timeout=20, max_reply_bytes=MB)
    peak, error = peak_memory(lambda: brain.decide(GOAL, MENU, ()))
    assert isinstance(error, BrainError), error
    assert "larger than 1048576 bytes (max_reply_bytes)" in str(error)
    assert peak < 4 * MB, f"{peak / MB:.1f} MB held for a 1 MB cap"


def test_an_endless_chunked_body_is_cut_off_at_the_default_cap(
    serve: Callable[..., RawServer],
) -> None:
    server = serve(stream(CHUNKED, b"%x\r\n%s\r\n" % (len(PIECE), PIECE), HUGE))
    brain = OpenAIBrain(base_url=server.url, timeout=20)
    assert brain.max_reply_bytes == 4 * MB
    peak, error = peak_memory(lambda: brain.decide(GOAL, MENU, ()))
    assert isinstance(error, BrainError), error
    assert f"larger than {4 * MB} bytes" in str(error)
    assert peak < 10 * MB, f"{peak / MB:.1f} MB held for a 4 MB cap"


def test_an_http_error_body_is_read_only_as_far_as_its_preview(
    serve: Callable[..., RawServer],
) -> None:
    head = b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain\r\n\r\nboom "
    server = serve(stream(head, b"x" * 65536, HUGE))
    brain = OpenAIBrain(base_url=server.url, timeout=20)
    peak, error = peak_memory(lambda: brain.decide(GOAL, MENU, ()))
    assert isinstance(error, BrainError), error
    assert "HTTP 500 Internal Server Error: boom xxx" in str(error)
    assert len(str(error)) < 400 and peak < MB, f"{peak / MB:.1f} MB held for a preview"
