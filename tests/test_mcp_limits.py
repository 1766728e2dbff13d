"""--mcp-http under slow and silent clients (issue 37): every request arrives whole within
its deadline or its connection is closed, and a whole request is answered meanwhile.

The sixth attacker pass held twelve connections open for 20 s by sending a header line
every half second, and 300 silent ones; uvicorn has no deadline of its own. Here the
server runs in a child process with a 1.5 s deadline on loopback."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from devsupport.xdesktop import eventually

pytest.importorskip("mcp", reason="the MCP SDK: pip install 'tiny-computer-agent[mcp]'")

ROOT = Path(__file__).resolve().parents[1]
SECONDS = 1.5
SERVER = f"""
import sys
from tiny_computer_agent import Observation, Policy, ScriptedScreen
from tiny_computer_agent._serving import ServerLimits
from tiny_computer_agent.mcp import McpDesk, serve_http

desk = McpDesk(screen=ScriptedScreen(frames=[Observation.of([], size=(800, 600))]),
               policy=Policy())
serve_http(desk, token="a-token-of-thirty-two-characters", port=0,
           ready=lambda url: print("serving on " + url, file=sys.stderr, flush=True),
           limits=ServerLimits(request_seconds={SECONDS}, max_connections=64))
"""


def _closed(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (end of file or a reset), without waiting."""
    sock.setblocking(False)
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_slow_and_silent_clients_are_closed_at_the_deadline(tmp_path: Path) -> None:
    log = tmp_path / "server-stderr.txt"
    with log.open("w", encoding="utf-8") as errlog:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER], cwd=ROOT, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=errlog,
        )  # fmt: skip
    clients: list[socket.socket] = []
    try:

        def served() -> str | None:
            lines = log.read_text(encoding="utf-8").splitlines()
            return next((ln.split("serving on ")[1] for ln in lines if "serving on " in ln), None)

        url = eventually(served, "the server's URL", timeout=60)
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        dripping = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(12)]
        silent = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(20)]
        body = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(4)]
        clients = [*dripping, *silent, *body]
        for sock in dripping:
            sock.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        for sock in body:  # a whole head, then a body that never comes
            sock.sendall(b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        started = time.monotonic()
        answered = False
        while time.monotonic() - started < SECONDS + 10:
            for sock in dripping:
                if not _closed(sock):
                    with contextlib.suppress(OSError):
                        sock.sendall(b"X-Drip: 1\r\n")
            if not answered:  # a whole request is answered while the others are held
                with socket.create_connection(("127.0.0.1", port), timeout=5) as whole:
                    whole.sendall(b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
                    answered = whole.recv(64).startswith(b"HTTP/1.1 401")
            if all(_closed(sock) for sock in clients):
                break
            time.sleep(0.3)
        took = time.monotonic() - started
        assert answered
        assert all(_closed(sock) for sock in clients), [_closed(s) for s in clients]
        assert took < SECONDS + 5, took  # closed at the deadline, not whenever
        assert server.poll() is None, log.read_text(encoding="utf-8")  # still serving
    finally:
        for sock in clients:
            sock.close()
        server.terminate()
        server.wait(timeout=30)
