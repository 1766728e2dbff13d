"""The remote desktop API on a real X server: ``--serve --live --real-input`` in one
process on a private Xvfb, ``--remote`` in a second process with no DISPLAY at all, and
the Tk program's own report of what was clicked as the proof (issue 13, item 4)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, require
from tiny_computer_agent.desktop._xvfb import stop_process

pytestmark = pytest.mark.live

_MAIN = "import sys; from tiny_computer_agent.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


@dataclasses.dataclass
class Server:
    url: str
    token: Path
    log: list[str]


@pytest.fixture
def server(desktop: Desk) -> Iterator[Server]:
    """``--serve --live --real-input`` on the Xvfb, armed by its own environment; yields
    the URL it printed, its token file and its log lines (read as they come, so the pipe
    never fills). Stopped by its PID: SIGTERM, exit 0."""
    token = desktop.tmp / "token"
    proc = subprocess.Popen(
        [sys.executable, "-c", _MAIN, "--serve", "--live", "--real-input", "--port", "0",
         "--token-file", str(token)],
        env=desktop.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1"),
        stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=desktop.tmp,
        start_new_session=True,
    )  # fmt: skip
    try:
        url = _serving_url(proc)
        log: list[str] = []
        assert proc.stderr is not None
        threading.Thread(target=lambda: log.extend(proc.stderr or ()), daemon=True).start()
        yield Server(url=url, token=token, log=log)
        proc.terminate()
        assert proc.wait(timeout=15) == 0, log
    finally:
        stop_process(proc)


def _serving_url(proc: subprocess.Popen[str]) -> str:
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith("serving on "):
            assert any("ARMED" in s for s in seen), seen
            return line.split()[-1]
    raise AssertionError("--serve printed no 'serving on' line:\n" + "".join(seen))


def _drive(desktop: Desk, server: Server, *argv: str) -> dict[str, Any]:
    """``--remote URL`` in a second process with no DISPLAY, no X authority and no
    arming: whatever happens on the screen, the server did it."""
    env = desktop.env(TINY_COMPUTER_AGENT_HOME=str(desktop.tmp / "driver-state"))
    for name in ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    run = subprocess.run(
        [sys.executable, "-c", _MAIN, "--remote", server.url, "--token-file", str(server.token),
         "--json", *argv],
        env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=180,
        cwd=desktop.tmp, check=False,
    )  # fmt: skip
    try:
        episode: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"no JSON episode:\n{run.stdout}\n{run.stderr}") from None
    episode["exit"] = run.returncode
    episode["stderr"] = run.stderr
    return episode


def test_a_driver_without_a_display_clicks_a_real_app_through_serve(
    desktop: Desk, server: Server
) -> None:
    app = desktop.app(("Don't Save", "Cancel", "Save"))
    script = json.dumps([{"verb": "click", "target": "Save"}])
    episode = _drive(desktop, server, "--script", script, "--verify-text", "Saved", "save")
    assert episode["exit"] == 0, episode
    assert episode["outcome"] == "verified" and episode["dry_run"] is False, episode
    result = episode["steps"][0]["result"]
    assert result["dry_run"] is False and result["description"].startswith("did click 'Save'")
    assert f"remote: {server.url} (ARMED" in episode["stderr"]
    clicks = [e for e in app.events() if e.get("event") == "click"]
    assert clicks == [{"event": "click", "button": "Save"}]  # the program's own word
    (x, y) = result["points"][0]
    assert app.contains("Save", (x, y))
    assert any("POST /action 200" in line and "verbs=click" in line for line in server.log)


def test_the_servers_policy_refuses_what_the_driver_allowed_itself(
    desktop: Desk, server: Server
) -> None:
    app = desktop.app(("Delete account", "Cancel"), title="Account", prompt="Your account")
    script = json.dumps([{"verb": "click", "target": "Delete account"}])
    episode = _drive(
        desktop, server, "--script", script, "--allow-irreversible", "Delete account",
        "--verify-text", "Deleted", "delete the account",
    )  # fmt: skip
    assert episode["exit"] == 1 and episode["outcome"] == "refused", episode
    refusal = episode["steps"][0]["refusal"]
    assert refusal["rule"] == "irreversible", refusal
    assert f"the remote desktop at {server.url} refused it" in refusal["message"]
    assert [e for e in app.events() if e.get("event") == "click"] == []  # nothing pressed
    assert any("POST /action 403" in line and "refused=irreversible" in line for line in server.log)


def _get(server: Server, path: str) -> dict[str, Any]:
    token = server.token.read_text().strip()
    ask = urllib.request.Request(server.url + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(ask, timeout=60) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
    return answer


def test_the_server_reads_a_new_window_before_a_driver_asks(desktop: Desk, server: Server) -> None:
    """--serve keeps its index current: a GTK dialog opened while no driver is connected
    is indexed once it holds still, and the driver's first look finds its words."""
    require("zenity")
    eventually(lambda: _get(server, "/health")["idle_looks"] >= 1, "the first idle look")
    before = _get(server, "/health")["idle_looks"]
    desktop.zenity("--question", "--title", "Recycle bin", "--text", "Empty the recycle bin now?")
    eventually(lambda: _get(server, "/health")["idle_looks"] > before, "a look at the dialog")
    seen = _get(server, "/observe")["observation"]["elements"]
    words = " ".join(e["label"] for e in seen).lower()
    assert "recycle bin now" in words, words
