"""The remote desktop API, fast: a real server on 127.0.0.1 in a thread, over a scripted
or replayed screen and a dry-run executor, driven by the real loop through RemoteScreen
and RemoteExecutor, and by raw HTTP where the wire itself is the point."""

from __future__ import annotations

import http.client
import io
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import (
    Action,
    DryRunExecutor,
    ImageScreen,
    PlannerBrain,
    Policy,
    PolicyRefusal,
    ScreenUnavailable,
    ScriptedBrain,
    ScriptedScreen,
    TargetError,
    run_episode,
)
from tiny_computer_agent._contracts import sees_pixels
from tiny_computer_agent.cli import main
from tiny_computer_agent.remote import (
    RemoteExecutor,
    RemoteScreen,
    RemoteServer,
    TokenFileError,
    read_token_file,
    serve,
    write_token_file,
)

from .helpers import dialog

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "remote-test-token-0123456789abcdef"
CLICK_SAVE = {"verb": "click", "target": "Save"}


class Served:
    """A server in a background thread, its log, and its dry-run executor's log."""

    def __init__(self, screen: Any, policy: Policy | None = None, **kw: Any) -> None:
        self.log = io.StringIO()
        self.executor = DryRunExecutor()
        self.server: RemoteServer = serve(
            screen=screen, policy=policy or Policy(), executor=self.executor, token=TOKEN,
            log=self.log, **kw,
        ).start()  # fmt: skip
        self.url = self.server.url

    def screen(self, **kw: Any) -> RemoteScreen:
        return RemoteScreen(self.url, token=TOKEN, **kw)

    def executor_(self, **kw: Any) -> RemoteExecutor:
        return RemoteExecutor(self.url, token=TOKEN, **kw)

    def raw(
        self, method: str, path: str, body: bytes | None = None, token: str | None = TOKEN
    ) -> tuple[int, dict[str, str], bytes]:
        host, port = self.url.removeprefix("http://").rsplit(":", 1)
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        try:
            conn.request(method, path, body=body, headers=headers)
            reply = conn.getresponse()
            return reply.status, dict(reply.headers), reply.read()
        finally:
            conn.close()


@pytest.fixture
def served(request: pytest.FixtureRequest) -> Iterator[Any]:
    """``served(screen, policy=..., **serve_kwargs)``; every server is closed after."""
    made: list[Served] = []

    def make(screen: Any, policy: Policy | None = None, **kw: Any) -> Served:
        made.append(Served(screen, policy, **kw))
        return made[-1]

    yield make
    for s in made:
        s.server.close()


def save_screen() -> ScriptedScreen:
    return ScriptedScreen(
        frames=(dialog("File", "Edit", "Don't Save", "Cancel", "Save"), dialog("File", "Saved"))
    )


# -- the loop through a real server --------------------------------------------------------


def test_an_episode_runs_through_the_server_and_every_request_is_logged(served: Any) -> None:
    s = served(save_screen())
    brain = ScriptedBrain.of([CLICK_SAVE])
    episode = run_episode(
        "click Save", screen=s.screen(), brain=brain, executor=s.executor_(), verify_text="Saved"
    )
    assert episode.outcome == "verified", episode.render()
    step = episode.steps[0]
    assert step.result is not None and step.result.dry_run  # the server is not armed
    assert step.result.points == ((800, 420),)  # the server resolved 'Save' on its frame
    assert [r.points for r in s.executor.log] == [((800, 420),)]
    lines = s.log.getvalue().splitlines()
    assert any(re.search(r" 127\.0\.0\.1 GET /observe 200 \d+ms frame=1$", ln) for ln in lines)
    assert any(ln.endswith("POST /action 200 " + ln.split()[-2] + " verbs=click") for ln in lines)
    assert TOKEN not in s.log.getvalue()


def test_typed_text_and_the_token_never_reach_the_log(served: Any) -> None:
    s = served(ScriptedScreen(frames=(dialog("Name", "OK"),)))
    result = s.executor_().execute(
        Action.make("type", text="my very private note", target="Name"), dialog("Name", "OK")
    )
    assert result.ok and "would type" in result.description
    log = s.log.getvalue()
    assert "verbs=type" in log and "private" not in log and TOKEN not in log


# -- authentication, limits, bad input ------------------------------------------------------


def test_every_endpoint_needs_the_token_and_health_says_only_hello_without_it(
    served: Any,
) -> None:
    s = served(save_screen())
    for method, path in (("GET", "/observe"), ("GET", "/screenshot"), ("GET", "/signature"),
                         ("POST", "/action")):  # fmt: skip
        status, headers, body = s.raw(method, path, b"{}" if method == "POST" else None, None)
        assert status == 401, (path, body)
        assert headers["WWW-Authenticate"].startswith("Bearer")
        assert s.raw(method, path, b"{}" if method == "POST" else None, "wrong" * 8)[0] == 401
    status, _, body = s.raw("GET", "/health", token=None)
    assert status == 200 and json.loads(body) == {"ok": True, "service": "tiny-computer-agent"}
    assert s.raw("GET", "/health", token="not-the-token-at-all")[0] == 401
    full = json.loads(s.raw("GET", "/health")[2])
    assert full["armed"] is False and "no accessibility tree" in full["index"]
    assert s.executor.log == []  # nothing unauthorised reached the executor
    wrong = RemoteScreen(s.url, token="not-the-token-at-all")
    with pytest.raises(ScreenUnavailable, match=r"401.*token file --serve wrote"):
        wrong.capture()


def test_a_body_over_the_limit_is_refused_unread_with_413(served: Any) -> None:
    s = served(save_screen(), max_body=1024)
    big = json.dumps({"actions": [{"verb": "type", "text": "x" * 400}] * 5}).encode()
    status, _, body = s.raw("POST", "/action", big)
    assert status == 413 and b"at most 1,024" in body
    assert s.executor.log == []
    assert s.raw("GET", "/health")[0] == 200  # the server still answers


def test_more_requests_than_the_rate_get_429_with_retry_after(served: Any) -> None:
    s = served(save_screen(), rate=2.0)
    answers = [s.raw("GET", "/health") for _ in range(4)]
    limited = [h for status, h, _ in answers if status == 429]
    assert limited, [a[0] for a in answers]
    assert int(limited[0]["Retry-After"]) >= 1
    t0 = time.monotonic()
    assert s.screen().health()["ok"]  # the client waits a 429 out once, then asks again
    assert time.monotonic() - t0 >= 0.9


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe", "not JSON"),
        (b'{"actions": [{"verb": "click", "target": "Save"}], "policy": {}}', "'policy'"),
        (b'{"actions": [{"verb": "click", "target": "Save"}], "allow_irreversible": ["x"]}',
         "allow_irreversible"),
        (b'{"actions": []}', "holds 0 actions"),
        (b'{"actions": [{"verb": "format_disk"}]}', "unknown verb"),
        (b'{"actions": [{"verb": "wait_for", "until": "change"}]}', "driving side"),
        (b'{"actions": {"verb": "click"}}', "JSON list"),
        (b"[1, 2]", "JSON object"),
        (b'{"actions": [{"verb": "type", "text": "a", "seconds": NaN}]}', "not JSON"),
    ],
)  # fmt: skip
def test_malformed_action_bodies_are_400_and_name_the_problem(
    served: Any, body: bytes, said: str
) -> None:
    s = served(save_screen())
    status, _, reply = s.raw("POST", "/action", body)
    assert status == 400, reply
    data = json.loads(reply)
    assert data["error"] == "bad-request" and said in data["message"], data
    assert s.executor.log == []


def test_unknown_paths_methods_and_regions_are_refused_clearly(served: Any) -> None:
    s = served(save_screen())
    assert s.raw("GET", "/nothing")[0] == 404
    assert s.raw("GET", "/action")[0] == 405
    assert s.raw("DELETE", "/observe")[0] == 405
    status, _, body = s.raw("GET", "/signature?region=1,2")
    assert status == 400 and b"four whole numbers" in body
    assert s.raw("GET", "/signature?region=0,0,40,40")[0] == 200


# -- the server's own policy ----------------------------------------------------------------


def test_the_servers_policy_refuses_what_the_clients_policy_allows(served: Any) -> None:
    strict = Policy(denied_text=("hello",))
    s = served(ScriptedScreen(frames=(dialog("Name", "OK"),)), policy=strict)
    brain = ScriptedBrain.of([{"verb": "type", "text": "hello world", "target": "Name"}])
    episode = run_episode("greet", screen=s.screen(), brain=brain, executor=s.executor_())
    assert episode.outcome == "refused", episode.render()
    refusal = episode.steps[0].refusal
    assert refusal is not None and refusal.rule == "denied-text"
    assert f"the remote desktop at {s.url} refused it (denied-text)" in refusal.message
    assert s.executor.log == []  # the remote performed nothing
    assert "refused=denied-text" in s.log.getvalue()


def test_the_server_refuses_a_denied_widget_sent_straight_to_it(served: Any) -> None:
    s = served(ScriptedScreen(frames=(dialog("Terminal", "OK"),)))
    executor = s.executor_()
    with pytest.raises(PolicyRefusal, match="remote desktop") as caught:
        executor.execute(Action.make("click", target="Terminal"), dialog("Terminal", "OK"))
    assert caught.value.rule == "denied-widget"
    with pytest.raises(TargetError, match="did not find the target"):
        executor.execute(Action.make("click", target="Gone"), dialog("Terminal", "OK"))
    assert s.executor.log == []


def test_the_server_keeps_its_own_history_for_the_sequence_rule(served: Any) -> None:
    s = served(ScriptedScreen(frames=(dialog("Name", "OK"),)))
    executor, obs = s.executor_(), dialog("Name", "OK")
    assert executor.execute(Action.make("type", text="su"), obs).ok
    with pytest.raises(PolicyRefusal) as caught:  # a fresh client cannot reset it either
        s.executor_().execute(Action.make("type", text="do reboot"), obs)
    assert caught.value.rule == "denied-sequence"
    assert len(s.executor.log) == 1


def test_a_secret_lives_on_the_server_and_is_judged_there(served: Any) -> None:
    s = served(
        ScriptedScreen(frames=(dialog("PIN", "OK"),)),
        policy=Policy(secrets={"CMD": "sudo reboot", "PIN": "4711"}),
    )
    executor, obs = s.executor_(), dialog("PIN", "OK")  # a secret goes into its field only
    typed = executor.execute(Action.make("type", text="<secret>PIN</secret>", target="PIN"), obs)
    assert typed.ok and "<secret>PIN</secret>" in typed.description
    with pytest.raises(PolicyRefusal) as caught:  # the value is judged, the name is shown
        executor.execute(Action.make("type", text="<secret>CMD</secret>"), obs)
    assert caught.value.rule == "denied-text"
    said = str(caught.value)  # it may name the denied fragment ('sudo'), never the value
    assert "sudo reboot" not in said and "<secret>CMD</secret>" in said, said
    assert "4711" not in s.log.getvalue() and "sudo" not in s.log.getvalue()


def test_the_servers_kill_switch_refuses_every_action(served: Any, tmp_path: Path) -> None:
    stop = tmp_path / "server-STOP"
    s = served(save_screen(), policy=Policy(kill_switch=stop))
    stop.touch()
    with pytest.raises(PolicyRefusal) as caught:
        s.executor_().execute(Action.make("click", target="Save"), dialog("Save"))
    assert caught.value.rule == "kill-switch" and str(stop) in str(caught.value)


# -- pixels, mapping, waiting ---------------------------------------------------------------


def test_screenshots_come_with_the_frame_mapping_and_match_the_index(served: Any) -> None:
    pil = pytest.importorskip("PIL.Image")
    from tiny_computer_agent import GridDetector

    image = pil.new("RGB", (640, 400), "white")
    s = served(ImageScreen.of([image], detector=GridDetector(), max_width=320))
    screen = s.screen()
    obs = screen.capture()
    assert obs.image is not None and obs.image.size == obs.size == (320, 200)
    assert obs.mapping.scale_x == 2.0  # a frame pixel is two screen pixels there
    status, headers, _ = s.raw("GET", "/screenshot")
    assert status == 200 and headers["Content-Type"] == "image/png"
    assert json.loads(headers["X-Frame-Mapping"]) == obs.mapping.to_dict()
    status, _, body = s.raw("GET", f"/screenshot?frame={screen.frame + 5}")
    assert status == 409 and json.loads(body)["error"] == "stale-frame"
    cell = obs.elements[0]
    result = s.executor_().execute(Action.make("click", target=cell.label), obs)
    assert result.points == (obs.mapping.to_screen(*cell.center),)


def _screenshots(s: Served) -> int:
    return s.log.getvalue().count("GET /screenshot")


def test_a_brain_that_reads_only_the_menu_costs_no_pixels_until_a_zoom(served: Any) -> None:
    pil = pytest.importorskip("PIL.Image")
    pytest.importorskip("rapidocr")
    from tiny_computer_agent import example_frames

    s = served(ImageScreen.of(example_frames()))
    brain = PlannerBrain()
    assert sees_pixels(brain) is False and sees_pixels(ScriptedBrain.of([CLICK_SAVE])) is False
    screen = s.screen(images=sees_pixels(brain))
    episode = run_episode("click 'Save'", screen=screen, brain=brain, executor=s.executor_(),
                          verify_text="Saved")  # fmt: skip
    assert episode.outcome == "verified", episode.render()
    assert _screenshots(s) == 0 and episode.steps[0].observation.image is None
    # a zoom needs the frame's pixels: fetched then, for that frame only
    zoom = run_episode("zoom on 'Save'", screen=screen, brain=PlannerBrain(),
                       executor=s.executor_(), policy=Policy(max_steps=1))  # fmt: skip
    result = zoom.steps[0].result
    assert result is not None and result.ok and "read again" in result.description, zoom.render()
    assert _screenshots(s) == 1
    # a screen made to fetch them does so on every look, as before
    eager = s.screen()
    assert isinstance(eager.capture().image, pil.Image) and _screenshots(s) == 2
    assert eager.pixels(eager.last) is eager.last and _screenshots(s) == 2


def test_which_brains_look_at_pixels() -> None:
    from tiny_computer_agent.brains.models import OpenAIBrain

    class Plain:  # a brain of the user's that says nothing: taken to look at them
        def decide(self, goal: str, menu: Any, history: Any) -> Any: ...

    assert sees_pixels(Plain()) is True
    assert sees_pixels(OpenAIBrain(vision=True)) and not sees_pixels(OpenAIBrain())


def test_wait_for_polls_the_servers_signature_until_the_text_appears(served: Any) -> None:
    before = dialog("File", "Loading")
    s = served(ScriptedScreen(frames=(before, before, before, dialog("File", "Ready"))))
    brain = ScriptedBrain.of([{"verb": "wait_for", "text": "Ready", "seconds": 5}])
    episode = run_episode("wait", screen=s.screen(), brain=brain, executor=s.executor_())
    result = episode.steps[0].result
    assert result is not None and result.ok and result.woke == "text", episode.render()
    assert "GET /signature 200" in s.log.getvalue()
    assert s.executor.log == []  # waiting is the driving side's own: no /action


# -- keeping the index current between requests ---------------------------------------------


class Changing:
    """A screen the test changes: ``now`` picks the frame, ``moving`` makes every
    signature new (a video); it counts its signatures and captures."""

    def __init__(self, *frames: Any) -> None:
        self.frames, self.now, self.moving = list(frames), 0, False
        self.signatures = self.captures = 0

    def signature(self, region: Any = None) -> bytes:
        self.signatures += 1
        return f"{self.now}:{self.signatures if self.moving else ''}".encode()

    def capture(self) -> Any:
        self.captures += 1
        return self.frames[self.now]


def _until(what: Any, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if what():
            return True
        time.sleep(0.02)
    return False


def test_a_kept_server_indexes_each_settled_screen_and_never_the_drivers_frame(
    served: Any,
) -> None:
    screen = Changing(dialog("File", "Save"), dialog("File", "Saved"))
    s = served(screen, keep_current=True)
    assert _until(lambda: screen.captures == 1), "the first still screen was not indexed"
    screen.now = 1
    assert _until(lambda: screen.captures == 2), "the changed screen was not indexed"
    time.sleep(0.5)
    assert screen.captures == 2  # a screen that did not change is not read again
    status, _, body = s.raw("GET", "/health")
    assert status == 200 and json.loads(body)["keeps_index_current"] is True
    assert json.loads(body)["idle_looks"] == 2
    # the keeper's looks are the screen's own cache: the driver's first frame is still 1
    status, _, body = s.raw("GET", "/observe")
    assert status == 200 and json.loads(body)["frame"] == 1
    labels = [e["label"] for e in json.loads(body)["observation"]["elements"]]
    assert "Saved" in labels


def test_a_kept_server_leaves_the_screen_to_a_driver_at_work(served: Any) -> None:
    screen = Changing(dialog("File", "Save"), dialog("File", "Saved"))
    s = served(screen, keep_current=True)
    assert _until(lambda: screen.captures == 1)
    screen.now = 1  # the screen changes while a driver polls it, as a settle does
    end = time.monotonic() + 1.5
    while time.monotonic() < end:
        assert s.raw("GET", "/signature")[0] == 200
        time.sleep(0.2)
    assert screen.captures == 1  # the driver reads what it needs itself
    assert _until(lambda: screen.captures == 2), "not read once the driver went quiet"


def test_a_screen_that_never_holds_still_is_never_indexed_and_close_stops_the_watch(
    served: Any,
) -> None:
    screen = Changing(dialog("File", "Playing"))
    screen.moving = True
    s = served(screen, keep_current=True)
    assert _until(lambda: screen.signatures >= 8)
    assert screen.captures == 0
    s.server.close()
    seen = screen.signatures
    time.sleep(0.4)
    assert screen.signatures == seen


def test_a_server_not_asked_to_keep_its_index_only_reads_when_asked(served: Any) -> None:
    screen = Changing(dialog("File", "Save"))
    s = served(screen)
    time.sleep(0.5)
    assert screen.signatures == screen.captures == 0
    status, _, body = s.raw("GET", "/health")
    assert status == 200 and json.loads(body)["keeps_index_current"] is False


# -- a remote that dies, talks garbage, or is slow -------------------------------------------


def test_a_remote_that_dies_mid_episode_is_a_no_screen_step_with_the_reason(served: Any) -> None:
    s = served(ScriptedScreen.of_labels(["File", "Save", "Cancel"]))
    brain = ScriptedBrain.of([CLICK_SAVE, {"verb": "click", "target": "Cancel"}])

    def kill_after_first(step: Any) -> None:
        if step.index == 1:
            s.server.close()

    episode = run_episode(
        "save", screen=s.screen(), brain=brain, executor=s.executor_(), on_step=kill_after_first
    )
    assert episode.outcome == "no-screen", episode.render()
    last = episode.steps[-1]
    assert last.index == 2 and last.error is not None and last.error.kind == "no-screen"
    assert s.url in last.error.message and "cannot be reached" in last.error.message
    assert "--serve" in last.error.message


class _Garbage(BaseHTTPRequestHandler):
    body = b"<html>hello</html>"
    delay = 0.0

    def do_GET(self) -> None:
        time.sleep(self.delay)
        try:
            self.send_response(200)
            self.send_header("Content-Length", str(len(self.body)))
            self.end_headers()
            self.wfile.write(self.body)
        except OSError:
            pass

    do_POST = do_GET

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def impostor() -> Iterator[Any]:
    """A real HTTP server that is not ours: ``impostor(body=..., delay=...)`` -> URL."""
    servers: list[ThreadingHTTPServer] = []

    def make(body: bytes = _Garbage.body, delay: float = 0.0) -> str:
        handler = type("H", (_Garbage,), {"body": body, "delay": delay})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield make
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"<html>hello</html>", "not a JSON object: '<html>hello</html>'"),
        (b'{"frame": 1, "observation": {"size": "big"}}', "not an observation"),
        (b'{"frame": true, "observation": {}}', "not an observation"),
    ],
)
def test_a_remote_that_answers_garbage_is_a_no_screen_step(
    impostor: Any, body: bytes, said: str
) -> None:
    url = impostor(body=body)
    brain = ScriptedBrain.of([CLICK_SAVE])
    screen = RemoteScreen(url, token=TOKEN)
    episode = run_episode("save", screen=screen, brain=brain)
    assert episode.outcome == "no-screen"
    error = episode.steps[0].error
    assert error is not None and error.kind == "no-screen"
    assert url in error.message and said in error.message, error.message


def test_garbage_from_post_action_fails_the_step_not_the_loop(impostor: Any) -> None:
    executor = RemoteExecutor(impostor(body=b'{"result": "done!"}'), token=TOKEN)
    with pytest.raises(ScreenUnavailable, match="not a result"):
        executor.execute(Action.make("click", target="Save"), dialog("Save"))


def test_a_slow_remote_is_a_timeout_that_names_the_url_and_the_wait(impostor: Any) -> None:
    url = impostor(delay=1.5)
    screen = RemoteScreen(url, token=TOKEN, timeout=0.3)
    t0 = time.monotonic()
    episode = run_episode("save", screen=screen, brain=ScriptedBrain.of([CLICK_SAVE]))
    assert time.monotonic() - t0 < 1.2
    error = episode.steps[0].error
    assert error is not None and error.kind == "no-screen"
    assert f"{url} did not answer GET /observe within 0.3 s" in error.message
    executor = RemoteExecutor(url, token=TOKEN, timeout=0.3)
    with pytest.raises(ScreenUnavailable, match="may or may not have been done"):
        executor.execute(Action.make("click", target="Save"), dialog("Save"))


def test_bad_urls_are_refused_before_anything_is_sent() -> None:
    for url in ("ftp://host/x", "http://", "http://user@host:1", "http://h:1/?q=1", "http://a b"):
        with pytest.raises(ValueError, match="--remote"):
            RemoteScreen(url, token=TOKEN)
    with pytest.raises(ValueError, match="token"):
        RemoteExecutor("http://127.0.0.1:1", token="")


# -- token files -----------------------------------------------------------------------------


def test_token_files_are_private_new_and_refused_when_loose(tmp_path: Path) -> None:
    path = tmp_path / "token"
    token = write_token_file(path)
    assert os.stat(path).st_mode & 0o777 == 0o600 and len(token) >= 40
    assert read_token_file(path) == token
    with pytest.raises(TokenFileError, match="never overwritten"):
        write_token_file(path)
    path.chmod(0o644)
    with pytest.raises(TokenFileError, match=f"mode 0644.*chmod 600 {re.escape(str(path))}"):
        read_token_file(path)
    empty = tmp_path / "empty"
    empty.write_text("\n")
    empty.chmod(0o600)
    with pytest.raises(TokenFileError, match="is empty"):
        read_token_file(empty)
    short = tmp_path / "short"
    short.write_text("abc\n")
    short.chmod(0o600)
    with pytest.raises(TokenFileError, match="3 characters; at least 16"):
        read_token_file(short)
    with pytest.raises(TokenFileError, match="does not exist"):
        read_token_file(tmp_path / "missing")


# -- the command line -----------------------------------------------------------------------


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_remote_flags_refuse_bad_combinations_with_exit_2(tmp_path: Path) -> None:
    token = tmp_path / "token"
    write_token_file(token)
    cases = [
        (["--remote", "http://127.0.0.1:9", "go"], "need --token-file"),
        (["--bind", "0.0.0.0", "--image", "example", "go"], "--bind belongs to --serve"),
        (["--remote", "http://127.0.0.1:9", "--token-file", str(token), "--live", "go"],
         "drop --live"),
        (["--remote", "http://127.0.0.1:9", "--token-file", str(token), "--real-input", "go"],
         "pass it to --serve there"),
        (["--serve", "--remote", "http://x:1", "--token-file", str(token)], "pick one"),
        (["--no-idle-index", "--image", "example", "go"], "--no-idle-index belongs to --serve"),
        (["--serve", "--image", "example", "--token-file", str(token), "go"], "takes no GOAL"),
        (["--serve", "--image", "example", "--token-file", str(token), "--port", "70000"],
         "--port must be"),
        (["--remote", "ftp://x", "--token-file", str(token), "go"], "not an http(s) URL"),
    ]  # fmt: skip
    for argv, said in cases:
        code, _, err = _cli(*argv)
        assert code == 2 and said in err, (argv, err)
    token.chmod(0o640)
    code, _, err = _cli("--remote", "http://127.0.0.1:9", "--token-file", str(token), "go")
    assert code == 2 and "chmod 600" in err


def test_a_remote_that_is_not_there_exits_3_naming_it(tmp_path: Path) -> None:
    token = tmp_path / "token"
    write_token_file(token)
    code, _, err = _cli("--remote", "http://127.0.0.1:9", "--token-file", str(token), "go")
    assert code == 3 and "http://127.0.0.1:9 cannot be reached" in err, err
    code, out, _ = _cli("--doctor", "--remote", "http://127.0.0.1:9", "--token-file", str(token))
    assert code == 1 and "fail  remote" in out and "NOT READY" in out, out


def test_serve_and_remote_from_the_command_line(tmp_path: Path) -> None:
    token = tmp_path / "token"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TINY_COMPUTER_AGENT_HOME": str(tmp_path)}
    server = subprocess.Popen(
        [sys.executable, "-m", "tiny_computer_agent", "--serve", "--image", "example",
         "--no-ocr", "--port", "0", "--token-file", str(token)],
        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    try:
        url = _serving_url(server)
        assert os.stat(token).st_mode & 0o777 == 0o600
        script = json.dumps([{"verb": "click", "target": "cell 5"}])
        code, out, err = _cli("--remote", url, "--token-file", str(token), "--script", script, "x")
        assert code == 1 and "would click 'cell 5' at" in out, out + err
        assert f"remote: {url} (a dry run there" in err
        code, out, _ = _cli("--doctor", "--remote", url, "--token-file", str(token))
        assert code == 0 and "READY" in out and "no accessibility tree" in out, out
        again = subprocess.run(
            [sys.executable, "-m", "tiny_computer_agent", "--serve", "--image", "example",
             "--no-ocr", "--port", url.rsplit(":", 1)[1], "--token-file", str(token)],
            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=False,
        )  # fmt: skip
        assert again.returncode == 1 and "cannot listen on" in again.stderr
    finally:
        server.terminate()
        _, log = server.communicate(timeout=20)
    assert server.returncode == 0, log
    assert "POST /action 200" in log and "verbs=click" in log
    assert read_token_file(token) not in log


def test_the_cli_fetches_every_frames_pixels_only_for_a_brain_or_a_log_that_keeps_them(
    served: Any, tmp_path: Path
) -> None:
    token = tmp_path / "token"
    token.write_text(TOKEN + "\n")
    token.chmod(0o600)
    script = ("--script", json.dumps([CLICK_SAVE]), "--verify-text", "Saved")
    for log, fetched in ((), 0), (("--session", str(tmp_path / "log")), 1):
        s = served(save_screen())  # no pixels there: one 404, and it asks no more
        code, out, err = _cli("--remote", s.url, "--token-file", str(token), *script, *log, "x")
        assert code == 0 and "would click 'Save'" in out, out + err
        assert "GET /observe" in s.log.getvalue() and _screenshots(s) == fetched, s.log.getvalue()


def _serving_url(proc: subprocess.Popen[str]) -> str:
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith("serving on "):
            return line.split()[-1]
    raise AssertionError("--serve printed no 'serving on' line:\n" + "".join(seen))
