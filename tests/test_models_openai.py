"""The OpenAI-compatible brain against servers on 127.0.0.1: a small standard-library
server (the protocol: replies, timeouts, HTTP 500, malformed bodies), and a real
llama.cpp server serving the SmolLM2 GGUF when llama-cpp-python[server] is installed."""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import (
    BrainError,
    ImageScreen,
    ScriptedScreen,
    build_menu,
    example_frames,
    run_episode,
)
from tiny_computer_agent.brains.models import OpenAIBrain, is_loopback, resolve_model

from .helpers import dialog
from .model_fixtures import SMOLLM2_MENU, SMOLLM2_REPLIES, RecordingExecutor

pytestmark = pytest.mark.model

MENU = build_menu(dialog(*SMOLLM2_MENU))
Responder = Callable[[dict[str, Any]], tuple[int, bytes, float]]


def completion(content: str) -> bytes:
    body = {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
    return json.dumps(body).encode()


class FakeServer:
    """A chat-completions server on 127.0.0.1 answering from a queue of responders."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.responders: list[Responder] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers["Content-Length"])
                body = json.loads(self.rfile.read(length))
                outer.requests.append({"path": self.path, "body": body})
                respond = outer.responders[min(len(outer.requests), len(outer.responders)) - 1]
                status, data, delay = respond(body)
                time.sleep(delay)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (the timeout test)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def answer(self, *responders: Responder) -> FakeServer:
        self.requests.clear()
        self.responders = list(responders)
        return self

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def reply(content: str, delay: float = 0.0) -> Responder:
    return lambda body: (200, completion(content), delay)


@pytest.fixture(scope="module")
def server() -> Iterator[FakeServer]:
    s = FakeServer()
    yield s
    s.close()


def test_a_reply_becomes_a_decision_with_the_chat_completions_shape(server: FakeServer) -> None:
    server.answer(reply('{"verb": "click", "choice": 3}'))
    brain = OpenAIBrain(base_url=server.url, model="smollm2", api_key="local")
    decision = brain.decide("save the document", MENU, ())
    assert decision.action.describe() == "click 'Save'"
    (sent,) = server.requests
    assert sent["path"] == "/v1/chat/completions"
    assert sent["body"]["model"] == "smollm2" and sent["body"]["temperature"] == 0
    assert [m["role"] for m in sent["body"]["messages"]] == ["system", "user"]
    assert "3. Save" in sent["body"]["messages"][1]["content"]


def test_garbage_from_the_server_is_retried_then_refused_in_the_loop(server: FakeServer) -> None:
    server.answer(reply(SMOLLM2_REPLIES["llama-server-no-choice"]))
    executor = RecordingExecutor()
    screen = ScriptedScreen.of_labels(SMOLLM2_MENU)
    brain = OpenAIBrain(base_url=server.url)
    episode = run_episode("save the document", screen=screen, brain=brain, executor=executor)
    assert episode.outcome == "brain-error" and executor.actions == []
    assert len(server.requests) == 2
    retry = server.requests[1]["body"]["messages"]
    assert retry[-2]["role"] == "assistant" and "could not be used" in retry[-1]["content"]


def test_a_second_usable_reply_is_taken(server: FakeServer) -> None:
    server.answer(reply("1. File\n2. Edit\n3. Save"), reply('{"choice": 3}'))
    decision = OpenAIBrain(base_url=server.url).decide("save the document", MENU, ())
    assert decision.action.target == "Save" and "repeats the menu" in decision.note


@pytest.mark.parametrize(
    ("responder", "message"),
    [
        (lambda body: (500, b'{"error": "model crashed"}', 0.0), "HTTP 500"),
        (lambda body: (200, b"<html>not json</html>", 0.0), "not JSON"),
        (lambda body: (200, b'{"choices": []}', 0.0), "chat-completions shape"),
        (lambda body: (200, b'{"object": "error"}', 0.0), "chat-completions shape"),
    ],
)
def test_server_failures_are_brain_errors(
    server: FakeServer, responder: Responder, message: str
) -> None:
    server.answer(responder)
    with pytest.raises(BrainError, match=message):
        OpenAIBrain(base_url=server.url).decide("save the document", MENU, ())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"[" * 100_000, "nests lists or objects 100000 levels deep"),
        (b'{"choices": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nests lists or objects 5001"),
        (completion("x").replace(b'"x"', b"[" * 3000 + b"]" * 3000), "refused unparsed"),
    ],
)
def test_a_deeply_nested_reply_is_a_brain_error_not_a_recursion_error(
    server: FakeServer, data: bytes, message: str
) -> None:
    server.answer(lambda body: (200, data, 0.0))
    with pytest.raises(BrainError, match=message):
        OpenAIBrain(base_url=server.url).decide("save the document", MENU, ())


def test_an_oversized_reply_is_a_brain_error(server: FakeServer) -> None:
    server.answer(reply("x" * 5000))
    with pytest.raises(BrainError, match=r"larger than 1024 bytes \(max_reply_bytes\)"):
        OpenAIBrain(base_url=server.url, max_reply_bytes=1024).decide("save", MENU, ())


def test_a_deeply_nested_reply_in_a_run_is_a_brain_error_step(server: FakeServer) -> None:
    server.answer(lambda body: (200, b"[" * 100_000, 0.0))
    screen = ScriptedScreen.of_labels(SMOLLM2_MENU)
    episode = run_episode(
        "save the document", screen=screen, brain=OpenAIBrain(base_url=server.url),
        executor=RecordingExecutor(),
    )  # fmt: skip
    assert episode.outcome == "brain-error" and "levels deep" in episode.reason


def test_a_slow_server_times_out_as_a_brain_error(server: FakeServer) -> None:
    server.answer(reply('{"choice": 3}', delay=1.0))
    with pytest.raises(BrainError, match=r"did not answer within 0\.2 s"):
        OpenAIBrain(base_url=server.url, timeout=0.2).decide("save the document", MENU, ())


def test_nothing_listening_names_the_fix() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    brain = OpenAIBrain(base_url=f"http://127.0.0.1:{port}/v1", timeout=5)
    with pytest.raises(BrainError, match="nothing answered") as err:
        brain.decide("save the document", MENU, ())
    assert "ollama serve" in str(err.value)


@pytest.mark.parametrize(
    "url", ["http://192.168.1.20:11434/v1", "https://api.example.com/v1", "http://10.0.0.1/v1"]
)
def test_a_remote_host_is_refused_unless_allowed(url: str) -> None:
    with pytest.raises(BrainError, match="--allow-remote") as err:
        OpenAIBrain(base_url=url)
    assert "not this machine" in str(err.value)
    assert OpenAIBrain(base_url=url, allow_remote=True).base_url == url


def test_loopback_hosts() -> None:
    assert all(is_loopback(h) for h in ("localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"))
    assert not any(is_loopback(h) for h in ("example.com", "0.0.0.0", "192.168.0.2"))
    with pytest.raises(BrainError, match="not an http"):
        OpenAIBrain(base_url="file:///etc/passwd")


def test_vision_sends_the_numbered_screenshot_as_a_data_url(server: FakeServer) -> None:
    server.answer(reply('{"verb": "click", "choice": 3}'))
    obs = ImageScreen.of(example_frames()).capture()
    menu = build_menu(obs, "click 'Save'")
    brain = OpenAIBrain(base_url=server.url, vision=True)
    brain.decide("click 'Save'", menu, ())
    user = server.requests[0]["body"]["messages"][1]["content"]
    assert user[0]["type"] == "image_url" and user[1]["type"] == "text"
    url = user[0]["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    assert base64.b64decode(url.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(BrainError, match="no image"):
        brain.decide("click 'Save'", MENU, ())


# -- a real llama.cpp server ---------------------------------------------------------


def _llama_python() -> str:
    """A Python with llama-cpp-python[server]: $TCA_LLAMA_PYTHON, else this one."""
    python = os.environ.get("TCA_LLAMA_PYTHON", sys.executable)
    probe = [python, "-c", "import llama_cpp.server"]
    found = subprocess.run(probe, check=False, capture_output=True)
    if shutil.which(python) is None or found.returncode:
        why = (
            "llama-cpp-python[server] is not installed (no wheel on PyPI for this platform; "
            "`make test` builds it, 6-9 min the first time), or set TCA_LLAMA_PYTHON to a "
            "Python that has it"
        )
        if os.environ.get("CI") == "true":  # CI installs it with make test: never skip there
            pytest.fail(why)
        pytest.skip(why)
    return python


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    python = _llama_python()
    gguf = resolve_model("smollm2").path
    assert gguf is not None
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with Path(log).open("wb") as sink:
        proc = subprocess.Popen(
            [python, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", "smollm2",
             "--host", "127.0.0.1", "--port", str(port), "--n_threads", "2", "--n_ctx", "2048"],
            stdout=sink, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/models", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"the llama.cpp server exited: {log.read_text()[-2000:]}")
                time.sleep(0.5)
        else:
            pytest.fail("the llama.cpp server did not start within 120 s")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_real_llama_cpp_server_with_smollm2(llama_server: str) -> None:
    executor = RecordingExecutor()
    brain = OpenAIBrain(base_url=llama_server, model="smollm2", timeout=120, json_mode=True)
    screen = ScriptedScreen.of_labels(SMOLLM2_MENU, ["File", "Saved"])
    episode = run_episode(
        "save the document", screen=screen, brain=brain, executor=executor, verify_text="Saved"
    )
    first = episode.steps[0]
    if first.decision is None:
        assert episode.outcome == "brain-error" and executor.actions == []
    else:
        assert first.decision.action.verb in ("click", "done", "key", "type", "scroll")
        assert all(a.target in SMOLLM2_MENU for a in executor.actions if a.target)
