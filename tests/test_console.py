"""The web console through a real HTTP server on 127.0.0.1 (urllib as the browser): the
token, the event stream of a real run, and the buttons steering real ``run_episode``
runs in a thread. The browser itself is tests/test_live_console.py."""

from __future__ import annotations

import contextlib
import io
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import eventually
from tiny_computer_agent import (
    DryRunExecutor,
    Episode,
    ImageScreen,
    Policy,
    ScriptedBrain,
    ScriptedScreen,
    run_episode,
)
from tiny_computer_agent._example import example_frames
from tiny_computer_agent.cli import main
from tiny_computer_agent.console import Console, Controls
from tiny_computer_agent.console._feed import menu_numbers
from tiny_computer_agent.perception._detectors import GridDetector
from tiny_computer_agent.records import record
from tiny_computer_agent.records._session import SessionLog

Reply = tuple[int, dict[str, str], bytes]


def call(
    console: Console,
    path: str,
    *,
    method: str = "GET",
    token: str | None = "query",
    body: object = None,
    headers: dict[str, str] | None = None,
) -> Reply:
    """One request; ``token`` "query" or "header" sends the right token that way."""
    sep = "&" if "?" in path else "?"
    url = f"http://127.0.0.1:{console.port}{path}"
    sent = dict(headers or {})
    if token == "query":
        url += f"{sep}token={console.token}"
    elif token == "header":
        sent["X-Console-Token"] = console.token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def press(console: Console, name: str) -> str:
    status, _, body = call(console, f"/control/{name}", method="POST", token="header")
    assert status == 200, body
    return str(json.loads(body)["state"])


@pytest.fixture
def console() -> Iterator[Console]:
    with Console(paused=True) as c:
        yield c


class Run:
    """A real run_episode in a thread, steered by ``console``."""

    def __init__(self, console: Console, screen: Any, script: list[Any], armed: bool = False):
        policy = Policy(approve=console.approve, halt=console.halt)
        if armed:
            policy = policy.armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})
        self.executor = DryRunExecutor()
        self.episode: Episode | None = None
        self.thread = threading.Thread(
            target=self._run, args=(console, screen, ScriptedBrain.of(script), policy)
        )
        self.thread.start()

    def _run(self, console: Console, screen: Any, brain: Any, policy: Policy) -> None:
        self.episode = run_episode(
            "do the script",
            screen=screen,
            brain=brain,
            executor=self.executor,
            policy=policy,
            listeners=[console.hear],
            gate=console.gate,
        )

    def done(self, timeout: float = 10.0) -> Episode:
        self.thread.join(timeout)
        assert self.episode is not None, "the run did not end"
        return self.episode


def holding(console: Console, index: int) -> Callable[[], bool]:
    return lambda: console.controls.snapshot()["holding"] == index


def buttons() -> ScriptedScreen:
    return ScriptedScreen.of_labels(["File", "Open", "Save", "Close"])


CLICKS = [{"verb": "click", "target": t} for t in ("Open", "Save", "Close")]


# -- the token and the address --------------------------------------------------------


def test_a_missing_or_wrong_token_is_a_403_that_says_what_to_do(console: Console) -> None:
    for path in ("/", "/events", "/state", "/frame/1", "/sessions", "/nowhere"):
        status, _, body = call(console, path, token=None)
        assert status == 403 and b"needs its token" in body and b"?token=" in body, path
    status, _, body = call(console, "/state?token=wrong", token=None)
    assert status == 403 and b"wrong or missing token" in body
    status, headers, page = call(console, "/")
    assert status == 200 and b"<!doctype html>" in page
    cookie = headers["Set-Cookie"].split(";")[0]
    assert cookie == f"tca_console_{console.port}={console.token}"
    assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
    assert headers["X-Frame-Options"] == "DENY" and headers["Referrer-Policy"] == "no-referrer"
    assert console.token.encode() in page  # the page sends it back on each press
    status, _, state = call(console, "/state", token=None, headers={"Cookie": cookie})
    assert status == 200 and json.loads(state)["state"] == "paused"
    other_port = {"Cookie": f"tca_console_1={console.token}"}  # another console's cookie
    assert call(console, "/state", token=None, headers=other_port)[0] == 403


def test_a_button_needs_the_token_itself_not_only_the_cookie(console: Console) -> None:
    cookie = {"Cookie": f"tca_console_{console.port}={console.token}"}
    status, _, _ = call(console, "/control/resume", method="POST", token=None, headers=cookie)
    assert status == 403 and console.controls.state == "paused"
    assert press(console, "resume") == "running"


def test_another_host_name_is_refused_and_only_loopback_is_served(console: Console) -> None:
    status, _, body = call(console, "/state", headers={"Host": f"evil.example:{console.port}"})
    assert status == 403 and b"unknown host 'evil.example'" in body
    with pytest.raises(ValueError, match=r"not this machine's loopback.*allow_remote=True"):
        Console(host="0.0.0.0")
    assert Console(host="0.0.0.0", allow_remote=True).host == "0.0.0.0"
    assert console.url.startswith(f"http://127.0.0.1:{console.port}/?token=")
    with socket.socket() as s:  # nothing listens on the machine's other addresses
        s.settimeout(2)
        other = socket.gethostbyname(socket.gethostname())
        if other.startswith("127."):
            return
        assert s.connect_ex((other, console.port)) != 0


def test_bad_requests_get_clear_answers(console: Console) -> None:
    status, _, body = call(console, "/control/explode", method="POST", token="header")
    assert status == 400 and b"pause, resume, step, stop, take, hand-back" in body
    status, _, body = call(console, "/answer/9", method="POST", token="header", body={"yes": 1})
    assert status == 400 and b'{\\"yes\\": true}' in body
    status, _, body = call(console, "/answer/9", method="POST", token="header", body={"yes": True})
    assert status == 409 and b"not waiting" in body
    assert call(console, "/frame/x")[0] == 400
    assert call(console, "/frame/1?box=1,2")[0] == 400
    assert call(console, "/frame/77")[0] == 404
    status, _, body = call(console, "/nowhere")
    assert status == 404 and b"/nowhere" in body


# -- the stream of a real run -----------------------------------------------------------


def read_events(console: Console, until_kind: str = "end") -> list[tuple[str, dict[str, Any]]]:
    """The event stream as a browser reads it, up to the first ``until_kind``."""
    url = f"http://127.0.0.1:{console.port}/events?token={console.token}"
    got: list[tuple[str, dict[str, Any]]] = []
    with urllib.request.urlopen(url, timeout=10) as resp:
        assert resp.headers["Content-Type"] == "text/event-stream"
        kind = ""
        while True:
            line = resp.readline().decode().rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                got.append((kind, json.loads(line[6:])))
                if kind == until_kind:
                    return got


def test_the_stream_carries_a_real_run_with_its_frames_and_numbered_boxes() -> None:
    with Console() as console:
        screen = ImageScreen.of(example_frames(), detector=GridDetector())
        run = Run(console, screen, [{"verb": "click", "target": "cell 5"}])
        events = read_events(console)
        episode = run.done()
        kinds = [k for k, _ in events if k != "control"]
        assert kinds == ["start", "observe", "decide", "verdict", "step", "observe", "decide",
                         "step", "end"]  # fmt: skip
        observe = next(e for k, e in events if k == "observe")
        assert observe["size"] == [1280, 800] and observe["frame"] == 1
        assert [e["n"] for e in observe["elements"]] == list(range(1, 13))
        assert observe["elements"][4]["label"] == "cell 5"
        decide = next(e for k, e in events if k == "decide")
        assert decide["action"] == "click 'cell 5'" and decide["target"] == "cell 5"
        step = next(e for k, e in events if k == "step")
        assert any("would click 'cell 5'" in line for line in step["lines"])
        end = events[-1][1]
        assert end["outcome"] == episode.outcome and end["steps"] == 2
        status, headers, jpeg = call(console, "/frame/1")
        assert status == 200 and headers["Content-Type"] == "image/jpeg"
        from PIL import Image

        assert Image.open(io.BytesIO(jpeg)).size == (1280, 800)
        _, _, crop = call(console, "/frame/1?box=600,400,700,440")
        assert Image.open(io.BytesIO(crop)).size == (100 + 2 * 160, 40 + 160)
        # a page that joins late reads the run from the start
        assert [k for k, _ in read_events(console) if k != "control"] == kinds


def test_menu_numbers_follow_the_menu_even_when_labels_repeat() -> None:
    labels = ["OK", "Cancel", "OK", "Help"]
    assert menu_numbers(["1. OK", "2. OK", "3. Help"], labels) == {0: 1, 2: 2, 3: 3}
    assert menu_numbers(["1. Gone", "x"], labels) == {}
    tagged = ["1. [button] OK · First", '2. [field] Help = ""', "3. [check] OK ☑"]
    assert menu_numbers(tagged, labels) == {0: 1, 3: 2, 2: 3}
    assert menu_numbers(["1. [button] OK As"], labels) == {}  # "OK As" is not "OK"


# -- the buttons on a real run ----------------------------------------------------------


def test_paused_step_then_resume_lets_actions_through_one_at_a_time(console: Console) -> None:
    run = Run(console, buttons(), CLICKS)
    eventually(holding(console, 1))
    time.sleep(0.3)
    assert run.executor.log == [] and console.controls.state == "paused"
    assert press(console, "step") == "stepping"
    eventually(holding(console, 2))
    assert len(run.executor.log) == 1 and console.controls.state == "paused"
    time.sleep(0.3)
    assert len(run.executor.log) == 1  # one step, then held again
    press(console, "resume")
    episode = run.done()
    assert [r.description.split(" at ")[0][-12:] for r in run.executor.log] == [
        "click 'Open'", "click 'Save'", "lick 'Close'",
    ]  # fmt: skip
    assert episode.outcome == "claimed"


def test_pause_holds_a_running_run_at_its_next_action() -> None:
    with Console() as console:
        console.controls.pause()
        run = Run(console, buttons(), CLICKS)
        eventually(holding(console, 1))
        assert run.executor.log == []
        console.controls.resume()
        assert run.done().outcome == "claimed"


def test_take_control_skips_the_held_action_and_the_run_looks_again(console: Console) -> None:
    run = Run(console, buttons(), CLICKS)
    eventually(holding(console, 1))
    assert press(console, "take") == "taken-over"
    time.sleep(0.3)
    assert run.executor.log == [] and console.controls.state == "taken-over"
    assert press(console, "hand-back") == "running"
    episode = run.done()
    first = episode.steps[0]
    assert first.error is not None and first.error.kind == "taken-over"
    assert first.result is None  # 'Open' was skipped; the script's brain goes on to the next
    assert [r.description.split("'")[1] for r in run.executor.log] == ["Save", "Close"]
    assert episode.steps[1].observation is not None  # the next step looked again


def test_stop_ends_a_held_run_before_its_next_action(console: Console) -> None:
    run = Run(console, buttons(), CLICKS)
    eventually(holding(console, 1))
    started = time.monotonic()
    assert press(console, "stop") == "stopped"
    episode = run.done()
    assert time.monotonic() - started < 2
    assert episode.outcome == "refused" and "the Stop button in the console" in episode.reason
    # a dry run's executor does not check the switch, so the held action is simulated once
    assert len(run.executor.log) <= 1
    assert press(console, "resume") == "stopped"  # final


def test_closing_the_console_releases_a_paused_run() -> None:
    console = Console(paused=True).start()
    run = Run(console, buttons(), CLICKS)
    eventually(holding(console, 1))
    console.close()
    episode = run.done(timeout=5)
    assert episode.outcome == "refused" and "the console was closed" in episode.reason
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", console.port), 1):
        pass


def test_the_kill_switch_file_ends_a_paused_run(console: Console, _state_home: Path) -> None:
    run = Run(console, buttons(), CLICKS)
    eventually(holding(console, 1))
    _state_home.mkdir(parents=True, exist_ok=True)
    (_state_home / "STOP").touch()
    episode = run.done(timeout=5)
    assert episode.outcome == "refused" and "kill-switch file" in episode.reason


# -- approvals --------------------------------------------------------------------------


def delete_screen() -> ScriptedScreen:
    return ScriptedScreen.of_labels(["Account", "Cancel", "Delete account", "Help"])


DELETE = [{"verb": "click", "target": "Delete account"}]


def asked(console: Console) -> dict[str, Any]:
    def question() -> dict[str, Any] | None:
        body = call(console, "/state")[2]
        pending = json.loads(body)["pending"]
        return pending[0] if pending else None

    found: dict[str, Any] = eventually(question)
    return found


@pytest.mark.parametrize("yes", [True, False])
def test_an_irreversible_action_waits_for_the_page_yes(yes: bool) -> None:
    with Console() as console:
        run = Run(console, delete_screen(), DELETE, armed=True)
        question = asked(console)
        assert question["label"] == "Delete account" and question["action"] == (
            "click 'Delete account'"
        )
        assert question["around"][0] == "Delete account" and "Cancel" in question["around"]
        assert question["box"] is not None and question["deadline"] > time.time()
        time.sleep(0.3)
        assert run.executor.log == []  # held
        ticket = question["ticket"]
        status, _, body = call(
            console, f"/answer/{ticket}", method="POST", token="header", body={"yes": yes}
        )
        assert status == 200, body
        episode = run.done()
    if yes:
        assert "click 'Delete account'" in run.executor.log[0].description
    else:
        assert run.executor.log == [] and episode.outcome == "refused"
        assert episode.steps[0].refusal is not None
        assert episode.steps[0].refusal.rule == "irreversible"


def test_an_unanswered_question_is_refused_when_its_time_runs_out() -> None:
    with Console(approve_timeout=0.4) as console:
        run = Run(console, delete_screen(), DELETE, armed=True)
        episode = run.done()
        assert run.executor.log == [] and episode.outcome == "refused"
        assert console.controls.pending() == ()


def test_controls_refuse_a_bad_name_and_a_bad_timeout() -> None:
    with pytest.raises(ValueError, match="unknown control 'fly'; use one of pause"):
        Controls().do("fly")
    with pytest.raises(ValueError, match="approve_timeout must be more than 0"):
        Controls(approve_timeout=0)


# -- past sessions and the scoreboard ----------------------------------------------------


def test_the_sessions_page_replays_a_session_log_frame_by_frame(tmp_path: Path) -> None:
    root = tmp_path / "sessions"
    screen = ImageScreen.of(example_frames(), detector=GridDetector())
    with SessionLog.create(root / "first") as log:
        run_episode(
            "click cell 5",
            screen=screen,
            brain=ScriptedBrain.of([{"verb": "click", "target": "cell 5"}]),
            listeners=[log],
        )
    (root / "not-a-session").mkdir()
    with Console(sessions=root) as console:
        status, _, page = call(console, "/sessions")
        assert status == 200 and b"past sessions" in page
        listed = json.loads(call(console, "/session-list")[2])
        assert [s["name"] for s in listed["sessions"]] == ["first"]
        assert listed["sessions"][0]["goal"] == "click cell 5"
        loaded = json.loads(call(console, "/session/first")[2])
        frames = loaded["frames"]
        assert [f["index"] for f in frames] == [1, 2, "end"]
        assert frames[0]["frame"] == "step-001.png" and frames[0]["elements"][4]["n"] == 5
        assert any("would click 'cell 5'" in line for line in frames[0]["text"])
        status, _, png = call(console, "/session-frame/first/step-001.png")
        assert status == 200 and png.startswith(b"\x89PNG")
        for bad in ("/session-frame/first/..%2Fsession.json", "/session-frame/../x.png",
                    "/session/..", "/session/nope"):  # fmt: skip
            assert call(console, bad)[0] == 404, bad
        assert call(console, "/session/not-a-session")[0] == 422


def test_the_sessions_pages_never_follow_a_link_out_of_the_sessions_root(
    tmp_path: Path,
) -> None:
    root, outside = tmp_path / "sessions", tmp_path / "outside"
    screen = ImageScreen.of(example_frames(), detector=GridDetector())
    brain = ScriptedBrain.of([{"verb": "click", "target": "cell 5"}])
    with SessionLog.create(outside / "secret") as log:
        run_episode("click cell 5", screen=screen, brain=brain, listeners=[log])
    root.mkdir()
    (root / "out").symlink_to(outside / "secret")
    (root / "mine").mkdir()
    (root / "mine" / "frames").symlink_to(outside / "secret" / "frames")
    with Console(sessions=root) as console:
        listed = json.loads(call(console, "/session-list")[2])
        assert listed["sessions"] == []
        assert call(console, "/session/out")[0] == 404
        assert call(console, "/session-frame/out/step-001.png")[0] == 404
        assert call(console, "/session-frame/mine/step-001.png")[0] == 404


def test_the_scoreboard_page_scores_a_trace_folder(tmp_path: Path) -> None:
    traces = tmp_path / "traces"
    traces.mkdir()
    screen = ScriptedScreen.of_labels(["File", "Cancel", "Save"], ["Saved"])
    brain = ScriptedBrain.of([{"verb": "click", "target": "Save"}])
    episode = run_episode("click 'Save'", screen=screen, brain=brain, verify_text="Saved")
    record(episode, brain=brain, expected="Save").save(traces / "save.json")
    with Console(traces=traces) as console:
        status, _, page = call(console, "/scoreboard")
    assert status == 200
    text = page.decode()
    assert "planner" in text and "oracle" in text and "accuracy" in text and "1 traces" in text
    with Console() as console:
        assert b"--console-traces" in call(console, "/scoreboard")[2]


# -- the command line -------------------------------------------------------------------


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


SCRIPT = '[{"verb": "click", "target": "cell 5"}]'


def test_a_console_run_prints_one_url_line_and_closes_after_the_run() -> None:
    code, out, err = cli("--image", "example", "--no-ocr", "--console", "--brain", "scripted",
                         "--script", SCRIPT, "go")  # fmt: skip
    assert code == 1 and "outcome: claimed" in out
    urls = [line for line in err.splitlines() if "http://" in line]
    assert len(urls) == 1 and urls[0].startswith("console: http://127.0.0.1:")
    port = int(urls[0].split(":")[3].split("/")[0])
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
        raise AssertionError("the console still listens after the run")


def test_console_flags_are_checked() -> None:
    code, _, err = cli("--image", "example", "--console-port", "8080", "go")
    assert code == 2 and "--console-port belongs to the console; add --console" in err
    code, _, err = cli("--image", "example", "--console", "--console-port", "70000", "go")
    assert code == 2 and "--console-port must be 1 to 65535" in err
    code, _, err = cli("--image", "example", "--console", "--console-traces", "/nope", "go")
    assert code == 2 and "--console-traces /nope: no such folder" in err
    code, _, err = cli("--console", "--score", "runs")
    assert code == 2 and "--console watches a run, and --score runs none" in err
    code, _, err = cli("--console", "--doctor")
    assert code == 2 and "and --doctor runs none" in err


def test_an_error_quoting_undecodable_argv_bytes_prints_on_a_utf8_terminal() -> None:
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    argv = ["--image", "example", "--console", "--console-traces", "/nope\udcff", "go"]
    code = main(argv, out=io.StringIO(), err=err)
    said = err.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    assert code == 2 and "--console-traces /nope\\udcff: no such folder" in said


def test_a_taken_console_port_is_a_usage_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        code, _, err = cli("--image", "example", "--no-ocr", "--console", "--console-port", port,
                           "--brain", "scripted", "--script", SCRIPT, "go")  # fmt: skip
    assert code == 2 and f"--console-port {port}: cannot listen on 127.0.0.1:{port}" in err
