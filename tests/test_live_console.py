"""The console in a real browser: headless Chromium (Selenium) drives a real episode with
real input on a private Xvfb desktop through the page (issue 13).

The run is the CLI (``--live --real-input --console --console-paused``) in its own
process on the private display; the browser is headless and outside that display; the
proof of what was pressed is the Tk program's own report (its marker file), not the
agent's word.
"""

from __future__ import annotations

import json
import signal
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.browser import BROWSER_PROGRAMS, chromium
from devsupport.xdesktop import App, Desk, desk, eventually, require

pytestmark = pytest.mark.live

SCRIPT = [
    {"verb": "click", "target": "Save"},
    {"verb": "click", "target": "Delete account"},
    {"verb": "click", "target": "Save"},
    {"verb": "click", "target": "Save"},
]


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    require(*BROWSER_PROGRAMS, modules=("selenium",))
    yield from desk(tmp_path)


def start_run(desktop: Desk, script: list[dict[str, Any]]) -> tuple[Any, str]:
    """The armed CLI with a paused console on the desktop; its process and console URL
    (stderr goes to the same pipe as stdout, so the URL line can be read)."""
    argv = ["--live", "--real-input", "--console", "--console-paused", "--console-stay",
            "--max-steps", "6",
            "--brain", "scripted", "--script", json.dumps(script), "account settings"]  # fmt: skip
    code = (
        "import os, sys; os.dup2(1, 2); from tiny_computer_agent.cli import main; "
        f"sys.exit(main({argv!r}))"
    )
    proc = desktop.vd.spawn(
        [sys.executable, "-c", code],
        env=desktop.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1"),
        stdout=-1,  # subprocess.PIPE
    )
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if line.startswith("console: http://"):
            return proc, line.split(" ", 1)[1].strip()
    raise AssertionError("the run printed no console URL:\n" + "".join(seen))


def clicks(app: App) -> list[str]:
    return [e["button"] for e in app.events() if e.get("event") == "click"]


def replay_the_session(page: Any) -> None:
    """The past-sessions page lists the run just made and replays it frame by frame."""
    from selenium.webdriver.common.keys import Keys

    page.find_element("link text", "past sessions").click()
    link = eventually(lambda: page.find_elements("css selector", "#list a"), "the session list")
    assert "account settings" in link[0].text and "refused" in link[0].text
    link[0].click()
    where = lambda: page.find_element("id", "where").text  # noqa: E731
    eventually(lambda: where().startswith("step 1 (1 of 4)"), "the replay's first frame")
    image = "const i = document.querySelector('#replay img'); return i.complete && i.naturalWidth"
    eventually(lambda: page.execute_script(image) == 1280, "the recorded frame")
    assert page.find_elements("css selector", "#replay .box.n")
    page.find_element("tag name", "body").send_keys(Keys.ARROW_RIGHT)
    eventually(lambda: where().startswith("step 2"), "the next frame")
    assert "click 'Delete account'" in page.find_element("id", "text").text
    page.find_element("link text", "scoreboard").click()
    eventually(lambda: "--console-traces" in page.page_source, "the scoreboard's hint")


def test_a_real_episode_through_the_console_in_a_real_browser(desktop: Desk) -> None:
    app = desktop.app(("Save", "Delete account"), title="Account", prompt="Account settings")
    proc, url = start_run(desktop, SCRIPT)
    port = url.split(":")[2].split("/")[0]
    with pytest.raises(urllib.error.HTTPError) as refused:  # the token guards it
        urllib.request.urlopen(f"http://127.0.0.1:{port}/state", timeout=5)
    assert refused.value.code == 403
    with chromium(desktop.tmp / "chrome") as page:
        page.get(url)
        body = page.find_element("tag name", "body")
        state = lambda: body.get_attribute("data-state")  # noqa: E731
        # read in one script: the page redraws the frame and its boxes on every poll, so
        # an element found a moment earlier may already be gone (a stale reference)
        frame = lambda: int(page.execute_script(  # noqa: E731
            "const i = document.querySelector('#live img'); return i && i.dataset.frame") or 0)
        # the live frame, with the element boxes and their menu numbers over it
        eventually(lambda: frame() >= 1 and state() == "paused", "the first frame, paused")
        boxes = "return [...document.querySelectorAll('#live .box.n')].map(b => b.title)"
        labels = set(page.execute_script(boxes))
        assert {"Save", "Delete account"} <= labels, labels
        # the frame's number is set with its src; the picture itself decodes after it
        width = "return document.querySelector('#live img').naturalWidth"
        eventually(lambda: page.execute_script(width) > 0, "the frame's picture decoded")
        time.sleep(0.5)
        assert clicks(app) == []  # paused: nothing pressed
        # resume, then pause with the keyboard: step 1 is done, step 2 will be held
        page.find_element("id", "b-resume").click()
        eventually(lambda: state() == "running", "running")
        # a pause before step 1's gate would hold step 1 instead (a busy machine's race)
        eventually(lambda: clicks(app) == ["Save"], "step 1's click")
        body.send_keys("p")
        eventually(lambda: state() == "paused", "paused by the p key")
        # the irreversible action waits for a yes, with the label and the screen around it
        ask = eventually(lambda: page.find_element("id", "ask").is_displayed()
                    and page.find_element("id", "ask"), "the approval dialog")  # fmt: skip
        assert "click 'Delete account'" in ask.text and "Save" in ask.text
        crop = "const i = document.querySelector('#ask-img'); return i.complete && i.naturalWidth"
        eventually(lambda: page.execute_script(crop), "the screen around the target")
        assert clicks(app) == ["Save"]
        first = frame()
        page.find_element("id", "yes").click()
        eventually(lambda: not page.find_element("id", "ask").is_displayed(), "the dialog closes")
        time.sleep(0.5)
        assert clicks(app) == ["Save"]  # approved, but still paused
        body.send_keys("s")  # one step: the approved click, and no more
        eventually(lambda: clicks(app) == ["Save", "Delete account"], "the approved click")
        eventually(lambda: frame() > first, "a newer live frame")
        eventually(lambda: "holding step 3" in page.find_element("id", "state").text, "step 3 held")
        page.save_screenshot(str(desktop.tmp / "console.png"))
        body.send_keys("x")  # stop
        eventually(lambda: state() == "ended", "the run's end on the page")
        log = page.find_element("id", "log").text
        replay_the_session(page)  # --console-stay: the page stays up after the run
    proc.send_signal(signal.SIGINT)  # what ends --console-stay
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 1, out
    assert "outcome: refused - kill-switch: stopped: the Stop button in the console" in out
    assert "approved: Delete account" in log and "outcome: refused" in log
    assert clicks(app) == ["Save", "Delete account"]  # the program's own report
    assert (desktop.tmp / "console.png").stat().st_size > 10_000
