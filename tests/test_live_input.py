"""Real input on a real X server. Every real click runs in a subprocess (pyautogui binds
to one display per process); the app's own marker file proves what was pressed."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, desk, require
from tiny_computer_agent.cli import main

pytestmark = pytest.mark.live


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _in_process(desktop: Desk, monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> tuple[int, str]:
    """main(argv) in this process: capture only, never pyautogui."""
    monkeypatch.setenv("DISPLAY", desktop.display)
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, err=err)
    return code, out.getvalue() + err.getvalue()


def test_cli_real_click_is_proved_by_the_app(desktop: Desk) -> None:
    app = desktop.app()
    run = desktop.run_agent(
        ["--live", "--real-input", "--verify-text", "Saved", "click 'Save'"], armed=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "outcome: verified" in run.stdout
    assert "(real input)" in run.stdout
    assert app.events() == [{"event": "click", "button": "Save"}]  # the app's own marker
    assert "Saved - notes.txt" in desktop.window_titles()  # and its title changed


def test_live_without_real_input_leaves_the_app_untouched(
    desktop: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = desktop.app()
    code, text = _in_process(
        desktop, monkeypatch, ["--live", "--verify-text", "Saved", "click 'Save'"]
    )
    assert code == 1, text
    assert "would click 'Save' at (" in text
    point = json.loads("[" + text.split("would click 'Save' at (")[1].split(")")[0] + "]")
    assert app.contains("Save", point)  # a real index: the pixel it would have hit
    assert app.events() == []
    assert "Editor - notes.txt" in desktop.window_titles()


def test_real_input_without_the_environment_variable_is_refused(
    desktop: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = desktop.app()
    code, text = _in_process(desktop, monkeypatch, ["--live", "--real-input", "click 'Save'"])
    assert code == 1
    assert "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT" in text
    assert app.events() == []


def test_a_policy_denied_button_in_a_real_window_is_not_pressed(desktop: Desk) -> None:
    app = desktop.app(("Open Terminal", "Password Manager", "Cancel"), title="Launcher")
    run = desktop.run_agent(["--live", "--real-input", "click 'Open Terminal'"], armed=True)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "REFUSED by denied-widget" in run.stdout
    assert app.events() == []
    assert "Launcher" in desktop.window_titles()


def test_every_verb_reaches_the_app(desktop: Desk) -> None:
    app = desktop.app(("Save",), extras=True, rows=True, title="Verbs")
    script = [
        {"verb": "click", "target": "Open", "clicks": 2},
        {"verb": "click", "target": "Options", "button": "right"},
        {"verb": "move", "target": "Hover"},
        {"verb": "type", "text": " more", "target": "Notes"},
        {"verb": "key", "keys": "Return"},
        {"verb": "key", "keys": "ctrl+s"},
        {"verb": "scroll", "direction": "down", "amount": 2, "target": "Row 2"},
        {"verb": "drag", "target": "Drag", "to": "Trash"},
        {"verb": "wait", "seconds": 0.1},
    ]
    argv = ["--live", "--real-input", "--max-steps", "12", "--json", "--script",
            json.dumps(script), "--allow-typing-in", app.program,
            "exercise every verb"]  # fmt: skip
    run = desktop.run_agent(argv, armed=True)
    episode = json.loads(run.stdout)
    errors = [s["error"] for s in episode["steps"] if s["error"]]
    assert errors == [], errors
    events = app.events()
    kinds = [e["event"] for e in events]
    assert "double" in kinds
    assert {"event": "right", "button": "Options"} in events
    assert "hover" in kinds
    typed = [e["text"] for e in events if e["event"] == "entry"]
    assert typed and "more" in typed[0]
    assert "ctrl-s" in kinds
    assert kinds.count("scroll") >= 2
    assert {"event": "drop", "inside": True} in events
    settles = [s["result"]["settle_seconds"] for s in episode["steps"] if s["result"]]
    assert all(isinstance(v, float) for v in settles[:8])  # every screen-changing verb settled


def test_a_zenity_gtk_dialog_is_answered_by_a_real_click(desktop: Desk) -> None:
    require("zenity")
    dialog = desktop.zenity("--question", "--title", "Editor", "--text", "Save changes?",
                            "--ok-label", "Save", "--cancel-label", "Cancel")  # fmt: skip
    run = desktop.run_agent(["--live", "--real-input", "click 'Save'"], armed=True)
    assert "did click 'Save'" in run.stdout, run.stdout + run.stderr
    assert dialog.wait(10) == 0  # zenity's own exit code: 0 = the OK button ("Save")


VANISH_PROBE = r"""
import json, sys
from tiny_computer_agent import Action, Policy
from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor
from tiny_computer_agent._errors import TargetError

policy = Policy().armed(flag=True)
screen = DesktopScreen()
observed = screen.capture()
save = observed.find("Save")
print(json.dumps({"save": observed.mapping.to_screen(*save.center)}), flush=True)
sys.stdin.readline()  # the test closes the window now, between observing and acting
executor = RealInputExecutor(policy=policy, screen=screen)
try:
    result = executor.execute(Action.make("click", target="Save", target_id=save.id), observed)
    print(json.dumps({"clicked": result.description}), flush=True)
except TargetError as exc:
    print(json.dumps({"refused": str(exc)}), flush=True)
"""


def test_a_target_that_vanishes_before_the_click_is_not_clicked(desktop: Desk) -> None:
    import subprocess
    import sys

    # underneath: a look-alike dialog whose third button is "Wipe" where "Save" will be
    under = desktop.app(("Don't Save", "Cancel", "Wipe"), title="Under", name="under")
    over = desktop.app(title="Over", name="over")
    with subprocess.Popen(
        [sys.executable, "-c", VANISH_PROBE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True, env=desktop.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1"),
    ) as probe:  # fmt: skip
        assert probe.stdout is not None and probe.stdin is not None
        point = json.loads(probe.stdout.readline())["save"]
        assert over.contains("Save", point)
        assert under.contains("Wipe", point), "the look-alike must sit under Save to prove this"
        desktop.vd.stop(over.proc)  # Save is gone; a blind click there would press Wipe
        probe.stdin.write("go\n")
        probe.stdin.flush()
        answer = json.loads(probe.stdout.readline())
    assert "vanished between observing and acting" in answer.get("refused", ""), answer
    assert under.events() == [] and over.events() == []  # the apps' own record: no click
