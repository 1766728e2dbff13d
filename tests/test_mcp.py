"""The MCP server, driven by the SDK's own client: ``ClientSession`` over stdio, with
``python -m tiny_computer_agent --mcp ...`` spawned as a subprocess, as an MCP client
such as Claude Desktop starts it. The live test observes a real Tk window on a private
Xvfb and clicks by number, armed; the Tk program's own report proves the click."""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually
from tiny_computer_agent import ARM_ENV, VERBS
from tiny_computer_agent.cli import main

pytest.importorskip("mcp", reason="the MCP SDK: pip install 'tiny-computer-agent[mcp]'")

import anyio  # the SDK brings it
from mcp import ClientSession, MCPError, StdioServerParameters, stdio_client, types
from mcp.client.session import ClientRequestContext

ROOT = Path(__file__).resolve().parents[1]
#: The longest one test's conversation with its server may take (it starts an OCR engine).
DEADLINE = 120.0

Conversation = Callable[[ClientSession], Awaitable[None]]
#: A client's answer to the server's elicitation (None: a client that declares none).
Elicit = Callable[[ClientRequestContext, types.ElicitRequestParams], Awaitable[types.ElicitResult]]


@contextlib.asynccontextmanager
async def _connected(
    flags: list[str], log: Path, env: Mapping[str, str], elicit: Elicit | None = None
) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "tiny_computer_agent", "--mcp", *flags],
        env=dict(env),
        cwd=str(ROOT),
    )
    with log.open("w", encoding="utf-8") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(
                read, write, read_timeout_seconds=DEADLINE, elicitation_callback=elicit
            ) as session,
        ):
            await session.initialize()
            yield session


def converse(
    tmp_path: Path,
    flags: list[str],
    talk: Conversation,
    env: Mapping[str, str] | None = None,
    elicit: Elicit | None = None,
) -> str:
    """Run ``talk`` against a server started with ``flags`` (by a client that answers
    elicitations with ``elicit``); returns the server's stderr."""
    log = tmp_path / "server-stderr.txt"

    async def run() -> None:
        with anyio.fail_after(DEADLINE):
            async with _connected(flags, log, env or os.environ, elicit) as session:
                await talk(session)

    try:
        anyio.run(run)
    except BaseException:
        print(log.read_text(encoding="utf-8") if log.exists() else "(no server log)")
        raise
    return log.read_text(encoding="utf-8")


def text_of(result: types.CallToolResult) -> str:
    return "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))


async def call(session: ClientSession, name: str, **arguments: Any) -> types.CallToolResult:
    result = await session.call_tool(name, arguments)
    assert isinstance(result, types.CallToolResult)
    return result


def test_the_tools_are_listed_with_their_schemas(tmp_path: Path) -> None:
    async def talk(session: ClientSession) -> None:
        listed = await session.list_tools()
        tools = {t.name: t for t in listed.tools}
        assert list(tools) == ["observe", "act", "wait_for", "verify", "frames", "doctor"]
        act = tools["act"].input_schema
        assert act["required"] == ["verb"]
        assert act["additionalProperties"] is False
        offered = set(VERBS) - {"wait_for", "zoom", "seek", "done"}
        assert set(act["properties"]["verb"]["enum"]) == offered
        assert act["properties"]["target"]["type"] == ["integer", "string"]
        assert tools["verify"].input_schema["required"] == ["text"]
        assert tools["observe"].annotations is not None
        assert tools["observe"].annotations.read_only_hint is True
        assert tools["act"].annotations is not None
        assert tools["act"].annotations.read_only_hint is False
        assert tools["doctor"].meta == {"tiny-computer-agent/tools-version": "2"}
        frames = tools["frames"].input_schema
        assert frames["additionalProperties"] is False and "required" not in frames
        assert frames["properties"]["relative_to"]["enum"] == ["act", "now"]
        assert frames["properties"]["limit"]["maximum"] == 8

    converse(tmp_path, ["--image", "example"], talk)


def test_observe_then_a_dry_run_click_by_number_touches_nothing(tmp_path: Path) -> None:
    async def talk(session: ClientSession) -> None:
        seen = await call(session, "observe", image=True)
        assert not seen.is_error, text_of(seen)
        menu = text_of(seen)
        assert "a dry run: act touches nothing" in menu
        save = next(line for line in menu.splitlines() if line.endswith("[button] Save"))
        number = int(save.split(".")[0])
        images = [c for c in seen.content if isinstance(c, types.ImageContent)]
        assert len(images) == 1 and images[0].mime_type == "image/png"
        assert base64.b64decode(images[0].data).startswith(b"\x89PNG")
        entries = seen.structured_content["entries"]  # type: ignore[index]
        assert entries[number - 1]["label"] == "Save"
        assert entries[number - 1]["kind"] == "button"
        done = await call(session, "act", verb="click", target=number)
        assert not done.is_error, text_of(done)
        assert "dry run, nothing was clicked or typed" in text_of(done)
        assert "would click 'Save' at (" in text_of(done)
        assert done.structured_content == {
            "ok": True, "dry_run": True, "result": done.structured_content["result"]  # type: ignore[index]
        }  # fmt: skip
        # the replay's next frame is the saved editor; verify reads it
        saved = await call(session, "verify", text="Saved")
        assert saved.structured_content == {"visible": True}, text_of(saved)

    log = converse(tmp_path, ["--image", "example"], talk)
    assert "mcp: a dry run" in log
    assert "mcp 'act' verb='click' ok" in log  # one line per call, never typed text


def test_a_denied_target_is_refused_with_the_rule(tmp_path: Path) -> None:
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (800, 400), (245, 245, 245))
    draw, font = ImageDraw.Draw(image), ImageFont.load_default(size=28)
    for x0, label in ((80, "Open Terminal"), (480, "Cancel")):
        draw.rectangle((x0, 160, x0 + 260, 230), fill=(220, 220, 220), outline=(60, 60, 60))
        draw.text((x0 + 20, 178), label, font=font, fill=(0, 0, 0))
    image.save(tmp_path / "launcher.png")

    async def talk(session: ClientSession) -> None:
        assert "Open Terminal" in text_of(await call(session, "observe"))
        refused = await call(session, "act", verb="click", target="Open Terminal")
        assert refused.is_error
        assert text_of(refused).startswith("refused by denied-widget: ")
        assert "is a denied widget (matches 'terminal')" in text_of(refused)
        assert refused.structured_content == {"ok": False, "rule": "denied-widget"}
        typed = await call(session, "act", verb="type", text="sudo reboot")
        assert typed.is_error and text_of(typed).startswith("refused by denied-text: ")
        # a refusal ends nothing: the server answers the next call
        assert not (await call(session, "act", verb="click", target="Cancel")).is_error

    log = converse(tmp_path, ["--image", str(tmp_path / "launcher.png")], talk)
    assert "refused=denied-widget" in log
    assert "sudo" not in log  # typed text never reaches the log


def test_malformed_calls_are_error_results_and_the_server_keeps_serving(tmp_path: Path) -> None:
    async def talk(session: ClientSession) -> None:
        await call(session, "observe")
        cases = {
            "unknown verb 'explode'": ("act", {"verb": "explode", "target": 1}),
            "choice 99 is not on the menu; choose a number from 1 to 12": (
                "act", {"verb": "click", "target": 99}),
            "act: unknown argument 'policy'": ("act", {"verb": "click", "target": 1,
                                                        "policy": {"real_input": True}}),
            "act: the argument 'verb' is required": ("act", {"target": 1}),
            "verify: text must be string, got 5": ("verify", {"text": 5}),
            "wait_for is not offered: use the wait_for tool": ("act", {"verb": "wait_for"}),
            "there is no tool 'shell'": ("shell", {"command": "ls"}),
            "type: missing field 'text'": ("act", {"verb": "type"}),
        }  # fmt: skip
        for expected, (name, arguments) in cases.items():
            result = await call(session, name, **arguments)
            assert result.is_error, (name, arguments, text_of(result))
            assert expected in text_of(result), text_of(result)
        still = await call(session, "observe")  # the replay's second frame: the saved editor
        assert not still.is_error and "Saved notes.txt" in text_of(still)
        clicked = await call(session, "act", verb="click", target="File")
        assert not clicked.is_error, text_of(clicked)
        after = await call(session, "act", verb="click", target=3)  # numbers are stale now
        assert after.is_error and "call observe again" in text_of(after)

    converse(tmp_path, ["--image", "example"], talk)


def test_wait_for_doctor_and_the_session_log(tmp_path: Path) -> None:
    session_dir = tmp_path / "session"

    async def talk(session: ClientSession) -> None:
        await call(session, "observe")
        waited = await call(session, "wait_for", until="still", seconds=2)
        assert not waited.is_error and text_of(waited).startswith("woke: "), text_of(waited)
        gone = await call(session, "wait_for", text="Nowhere to be seen", seconds=0.5)
        assert not gone.is_error  # a timeout is an answer, not a failure
        assert gone.structured_content["woke"] == "timeout"  # type: ignore[index]
        doctor = text_of(await call(session, "doctor"))
        assert "MCP tools version 2" in doctor and "kill switch: touch " in doctor
        await call(session, "act", verb="click", target="Save")

    converse(tmp_path, ["--image", "example", "--session", str(session_dir)], talk)
    events = (session_dir / "events.jsonl").read_text(encoding="utf-8")
    kinds = [line.split('"kind":"')[1].split('"')[0] for line in events.splitlines()]
    assert kinds[0] == "start" and kinds.count("observe") >= 1
    assert kinds[-3:] == ["decide", "verdict", "step"]


def images_of(result: types.CallToolResult) -> list[bytes]:
    return [base64.b64decode(c.data) for c in result.content if isinstance(c, types.ImageContent)]


def test_frames_of_a_replay_and_bad_frames_arguments(tmp_path: Path) -> None:
    async def talk(session: ClientSession) -> None:
        seen = await call(session, "observe", image=True)
        (observed,) = images_of(seen)
        shown = await call(session, "frames")  # no act yet: the last ten seconds
        assert not shown.is_error, text_of(shown)
        assert "keeps no frame ring" in text_of(shown)
        data = shown.structured_content
        assert data is not None and data["relative_to"] == "now" and data["ring"] is False
        assert images_of(shown) == [observed]  # a replay: the frame last observed
        captions = [c.text for c in shown.content if isinstance(c, types.TextContent)]
        assert captions[1].startswith("frame 1 of 1: ") and "s from when this call" in captions[1]
        early = await call(session, "frames", relative_to="act")
        assert early.is_error and "no act was done yet" in text_of(early)
        await call(session, "act", verb="click", target="Save")
        after = await call(session, "frames")
        assert not after.is_error and after.structured_content["relative_to"] == "act"  # type: ignore[index]
        assert len(images_of(after)) == 1
        cases = {
            "since (2) comes after until (1); swap them": {"since": 2, "until": 1},
            "limit must be from 1 to 8, got 0": {"limit": 0},
            "limit must be from 1 to 8, got 9": {"limit": 9},
            "relative_to must be act or now, got 'later'": {"relative_to": "later"},
            "frames: since must be number, got 'soon'": {"since": "soon"},
            "frames: unknown argument 'region'": {"region": [0, 0, 9, 9]},
            "since and until must be seconds a float can hold": {"since": -(10**400)},
        }
        for expected, arguments in cases.items():
            bad = await call(session, "frames", **arguments)
            assert bad.is_error and expected in text_of(bad), (arguments, text_of(bad))
        assert not (await call(session, "verify", text="Saved")).is_error  # still serving

    converse(tmp_path, ["--image", "example"], talk)


def test_the_session_events_are_resources(tmp_path: Path) -> None:
    folder = tmp_path / "session"

    async def talk(session: ClientSession) -> None:
        listed = await session.list_resources()
        assert [r.uri for r in listed.resources] == ["session://current/events"]
        assert listed.resources[0].mime_type == "application/json"
        templates = await session.list_resource_templates()
        assert [t.uri_template for t in templates.resource_templates] == [
            "session://current/events/{seq}"
        ]
        await call(session, "observe")
        await call(session, "act", verb="click", target="Save")
        read = await session.read_resource("session://current/events")
        (content,) = read.contents
        assert isinstance(content, types.TextResourceContents)
        events = json.loads(content.text)
        on_disk = [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]
        assert events == on_disk
        assert [e["kind"] for e in events] == ["start", "observe", "decide", "verdict", "step"]
        assert events[2]["decision"]["action"]["target"] == "Save"
        one = await session.read_resource("session://current/events/2")
        assert json.loads(one.contents[0].text) == events[1]  # type: ignore[union-attr]
        for uri, said in (
            ("session://current/events/99", "no event '99' in this session"),
            ("session://elsewhere", "no resource 'session://elsewhere'"),
        ):
            with pytest.raises(MCPError) as missing:
                await session.read_resource(uri)
            assert missing.value.code == -32002 and said in missing.value.message

    converse(tmp_path, ["--image", "example", "--session", str(folder)], talk)

    async def without(session: ClientSession) -> None:
        assert (await session.list_resources()).resources == []
        with pytest.raises(MCPError) as missing:
            await session.read_resource("session://current/events")
        assert "start it with --session DIR" in missing.value.message

    converse(tmp_path, ["--image", "example"], without)


def test_the_cli_checks_the_mcp_flags_before_anything_runs() -> None:
    cases = {
        ("--mcp",): "add --live, --image PATH",
        ("--mcp", "--image", "example", "click 'Save'"): "--mcp takes no GOAL",
        ("--mcp", "--image", "example", "--real-input"): "--real-input belongs to a live run",
        ("--mcp", "--image", "example", "--port", "9"): "--port and --bind belong to --mcp-http",
        ("--mcp-http", "--image", "example"): "--mcp-http needs --token-file F",
        ("--mcp", "--mcp-http", "--image", "example"): "pick one",
        ("--mcp", "--remote", "http://127.0.0.1:1", "--token-file", "t", "--live"): "--remote",
        ("--mcp", "--image", "example", "--serve"): "--serve belongs to a run, not to --mcp",
    }
    for argv, expected in cases.items():
        err = io.StringIO()
        assert main(list(argv), out=io.StringIO(), err=err) == 2, argv
        assert expected in err.getvalue(), (argv, err.getvalue())


def test_without_the_sdk_the_error_names_the_extra(tmp_path: Path) -> None:
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text(
        "import importlib.abc, sys\n"
        "class B(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'mcp':\n"
        "            raise ImportError('blocked')\n"
        "sys.meta_path.insert(0, B())\n",
        encoding="utf-8",
    )
    import subprocess

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    proc = subprocess.run(
        [sys.executable, "-m", "tiny_computer_agent", "--mcp", "--image", "example"],
        capture_output=True, text=True, timeout=60, env=env, cwd=ROOT, check=False,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr
    assert "pip install 'tiny-computer-agent[mcp]'" in proc.stderr


# -- live: a real Tk window on a private Xvfb, clicked for real through the client ---------


@pytest.fixture
def desktop(tmp_path: Path) -> Any:
    yield from desk(tmp_path)


@pytest.mark.live
def test_live_armed_click_by_number_is_proved_by_the_app(desktop: Desk, tmp_path: Path) -> None:
    app = desktop.app(("Don't Save", "Cancel", "Save"))
    env = desktop.env(**{ARM_ENV: "1"})

    async def talk(session: ClientSession) -> None:
        seen = await call(session, "observe")
        menu = text_of(seen)
        assert "ARMED: act clicks and types" in menu, menu
        number = next(
            e["number"]
            for e in seen.structured_content["entries"]  # type: ignore[index]
            if e["label"] == "Save"
        )
        done = await call(session, "act", verb="click", target=number)
        assert not done.is_error, text_of(done)
        assert text_of(done).startswith("done for real: ")
        assert done.structured_content["dry_run"] is False  # type: ignore[index]
        shown = await call(session, "wait_for", text="Saved", seconds=10)
        assert not shown.is_error and shown.structured_content["woke"] == "text", text_of(shown)  # type: ignore[index]
        # the frames from just before the click until the screen settled
        went = await call(session, "frames")
        assert not went.is_error and went.structured_content["ring"] is True, text_of(went)  # type: ignore[index]
        filmed.append(images_of(went))

    filmed: list[list[bytes]] = []
    converse(tmp_path, ["--live", "--real-input"], talk, env=env)
    eventually(lambda: app.events() == [{"event": "click", "button": "Save"}], timeout=5)
    assert "Saved - notes.txt" in desktop.window_titles()
    (pngs,) = filmed
    assert len(pngs) >= 2, "the frame before the click and one after it"
    first, last = (reads(png) for png in (pngs[0], pngs[-1]))
    assert first.shows("Modified") and not first.shows("Saved notes.txt")
    assert last.shows("Saved notes.txt")


def reads(png: bytes) -> Any:
    """What the project's own OCR reads in a PNG (an Observation)."""
    from PIL import Image

    from tiny_computer_agent import ImageScreen

    return ImageScreen.of([Image.open(io.BytesIO(png)).convert("RGB")]).capture()


def _account(desktop: Desk) -> Any:
    return desktop.app(("Cancel", "Delete account"), title="Account", prompt="Account settings")


def _verdicts(folder: Path) -> list[dict[str, Any]]:
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return [e for e in map(json.loads, lines) if e["kind"] == "verdict"]


@pytest.mark.live
def test_live_an_irreversible_press_goes_through_on_the_persons_yes(
    desktop: Desk, tmp_path: Path
) -> None:
    app, folder = _account(desktop), tmp_path / "session"
    asked: list[types.ElicitRequestParams] = []

    async def accept(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult:
        asked.append(params)
        return types.ElicitResult(action="accept", content={"press": True})

    async def talk(session: ClientSession) -> None:
        seen = await call(session, "observe")
        number = next(
            e["number"]
            for e in seen.structured_content["entries"]  # type: ignore[index]
            if e["label"] == "Delete account"
        )
        done = await call(session, "act", verb="click", target=number)
        assert not done.is_error, text_of(done)
        assert text_of(done).startswith("done for real: ")
        assert "(the person said yes through the client)" in text_of(done)
        assert done.structured_content["answer"] == "accept"  # type: ignore[index]

    flags = ["--live", "--real-input", "--session", str(folder)]
    converse(tmp_path, flags, talk, env=desktop.env(**{ARM_ENV: "1"}), elicit=accept)
    eventually(lambda: app.events() == [{"event": "click", "button": "Delete account"}], timeout=5)
    assert "Delete account done - notes.txt" in desktop.window_titles()
    (question,) = asked  # asked once, about this press
    assert isinstance(question, types.ElicitRequestFormParams)
    assert "click 'Delete account'" in question.message and "Cancel" in question.message
    assert question.requested_schema["required"] == ["press"]
    assert _verdicts(folder)[-1]["answer"] == "accept" and _verdicts(folder)[-1]["allowed"]


@pytest.mark.live
def test_live_an_irreversible_press_is_refused_without_a_yes(desktop: Desk, tmp_path: Path) -> None:
    app = _account(desktop)
    replies: list[types.CallToolResult] = []

    async def decline(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult:
        return types.ElicitResult(action="decline")

    async def talk(session: ClientSession) -> None:
        await call(session, "observe")
        replies.append(await call(session, "act", verb="click", target="Delete account"))

    env = desktop.env(**{ARM_ENV: "1"})
    for name, elicit in (("declines", decline), ("cannot-ask", None)):
        flags = ["--live", "--real-input", "--session", str(tmp_path / name)]
        converse(tmp_path, flags, talk, env=env, elicit=elicit)
    declined, unasked = replies
    for reply, answer in ((declined, "decline"), (unasked, "unsupported")):
        assert reply.is_error and text_of(reply).startswith("refused by irreversible: ")
        assert reply.structured_content == {"ok": False, "rule": "irreversible", "answer": answer}
    assert "the person declined through the client" in text_of(declined)
    assert "this client cannot ask a person" in text_of(unasked)
    assert _verdicts(tmp_path / "declines")[-1]["answer"] == "decline"
    assert _verdicts(tmp_path / "cannot-ask")[-1]["answer"] == "unsupported"
    assert app.events() == []  # the program's own report: nothing was pressed
    assert "Account" in desktop.window_titles()


@pytest.mark.live
def test_live_unarmed_server_touches_nothing(desktop: Desk, tmp_path: Path) -> None:
    app = desktop.app(("Don't Save", "Cancel", "Save"))

    async def talk(session: ClientSession) -> None:
        await call(session, "observe")
        done = await call(session, "act", verb="click", target="Save")
        assert "dry run, nothing was clicked or typed" in text_of(done)

    # the environment variable alone does not arm a server started without --real-input
    converse(tmp_path, ["--live"], talk, env=desktop.env(**{ARM_ENV: "1"}))
    assert app.events() == []
    assert "Editor - notes.txt" in desktop.window_titles()


def test_over_http_the_token_is_required_and_the_tools_answer(tmp_path: Path) -> None:
    import subprocess
    import urllib.error
    import urllib.request

    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    token_file, log = tmp_path / "token", tmp_path / "server-stderr.txt"
    argv = ["--mcp-http", "--image", "example", "--port", "0", "--token-file", str(token_file)]
    with log.open("w", encoding="utf-8") as errlog:
        server = subprocess.Popen(
            [sys.executable, "-m", "tiny_computer_agent", *argv],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errlog, cwd=ROOT,
        )  # fmt: skip
    try:

        def served() -> str | None:
            lines = log.read_text(encoding="utf-8").splitlines()
            return next((ln.split("serving on ")[1] for ln in lines if "serving on " in ln), None)

        url = eventually(served, "the server's URL", timeout=60)
        request = urllib.request.Request(url, data=b"{}", method="POST")
        with pytest.raises(urllib.error.HTTPError) as denied:
            urllib.request.urlopen(request, timeout=10)  # no token
        assert denied.value.code == 401
        token = token_file.read_text(encoding="utf-8").strip()

        async def run() -> str:
            headers = {"Authorization": f"Bearer {token}"}
            with anyio.fail_after(DEADLINE):
                async with (
                    httpx2.AsyncClient(headers=headers, timeout=DEADLINE) as http,
                    streamable_http_client(url, http_client=http) as (read, write),
                    ClientSession(read, write) as session,
                ):
                    await session.initialize()
                    assert len((await session.list_tools()).tools) == 6
                    return text_of(await call(session, "observe"))

        assert "[button] Save" in anyio.run(run)
    finally:
        server.terminate()
        code = server.wait(timeout=30)
    assert code == 0, log.read_text(encoding="utf-8")
