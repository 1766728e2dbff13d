"""--sandbox without a display: how the command line is split, what it refuses, which
server is chosen and with what command line, and the environment put back after the
run (tests/test_live_sandbox.py runs it for real)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tiny_computer_agent import ScreenUnavailable
from tiny_computer_agent.cli import main
from tiny_computer_agent.cli._sandbox import _environment, split_program
from tiny_computer_agent.desktop import Sandbox
from tiny_computer_agent.desktop._sandbox import OUTSIDE, choose_server


@pytest.mark.parametrize(
    ("argv", "flags", "program"),
    [
        (
            ["--sandbox", "go", "--", "xcalc", "-bw", "3"],
            ["--sandbox", "go"],
            ["xcalc", "-bw", "3"],
        ),
        (["--sandbox", "go", "--", "prog", "--", "x"], ["--sandbox", "go"], ["prog", "--", "x"]),
        (["--live", "--", "-odd goal"], ["--live", "--", "-odd goal"], []),  # no --sandbox
        (["go", "--", "--sandbox"], ["go", "--", "--sandbox"], []),  # after '--': a goal
        (["--sandbox", "go"], ["--sandbox", "go"], []),
    ],
)
def test_the_program_is_what_follows_the_first_dash_dash_after_sandbox(
    argv: list[str], flags: list[str], program: list[str]
) -> None:
    assert split_program(argv) == (flags, program)


def run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(argv, out=out, err=err), out.getvalue() + err.getvalue()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--sandbox", "go"], "needs the program to run after '--'"),
        (["--sandbox", "go", "--", "no-such-program-tca"], "no program 'no-such-program-tca'"),
        (["--sandbox", "--image", "example", "go", "--", "true"], "drop --image"),
        (["--sandbox", "--remote", "http://127.0.0.1:1", "go", "--", "true"], "drop --remote"),
        (["--sandbox", "--tasks", "t.json", "--", "true"], "drop --tasks"),
        (["--sandbox", "--sessions", "--", "true"], "drop --sessions"),
    ],
)
def test_a_sandbox_without_a_program_or_with_another_mode_is_a_usage_error(
    argv: list[str], says: str
) -> None:
    code, text = run(argv)
    assert code == 2 and says in text, text


def test_no_nested_server_installed_is_exit_3_naming_both_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no Xephyr, no Xvfb
    with pytest.raises(ScreenUnavailable, match=r"xserver-xephyr.*xvfb"):
        choose_server({"DISPLAY": ":0"})
    (tmp_path / "Xephyr").write_text("#!/bin/sh\n")
    (tmp_path / "Xephyr").chmod(0o755)
    assert choose_server({"DISPLAY": ":0"}) == "Xephyr"
    with pytest.raises(ScreenUnavailable, match="apt-get install -y xvfb"):
        choose_server({})  # no display to show Xephyr on: Xvfb is needed


def test_xephyr_is_started_so_it_never_grabs_and_says_what_it_shows() -> None:
    box = Sandbox(["/usr/bin/mousepad", "notes.txt"], server="Xephyr", size=(800, 600))
    argv = box.server_argv(7)
    assert argv[:3] == ["Xephyr", "-displayfd", "7"]
    assert "-no-host-grab" in argv and "-nolisten" in argv and "800x600x24" in argv
    assert argv[argv.index("-title") + 1] == "tiny-computer-agent sandbox: mousepad"
    headless = Sandbox(["xcalc"], server="Xvfb").server_argv(7)
    assert headless[:3] == ["Xvfb", "-displayfd", "7"]
    with pytest.raises(ValueError, match="needs a program"):
        Sandbox([])
    with pytest.raises(ValueError, match="server must be one of"):
        Sandbox(["xcalc"], server="Xnest")


def test_the_runs_environment_is_the_sandboxs_and_is_put_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
    monkeypatch.delenv("XAUTHORITY", raising=False)
    with _environment({"DISPLAY": ":7", "XAUTHORITY": "/tmp/x"}, OUTSIDE):
        assert os.environ["DISPLAY"] == ":7" and os.environ["XAUTHORITY"] == "/tmp/x"
        assert not any(name in os.environ for name in OUTSIDE)
    assert os.environ["DISPLAY"] == ":0" and "XAUTHORITY" not in os.environ
    assert os.environ["DBUS_SESSION_BUS_ADDRESS"] == "unix:path=/run/user/1000/bus"
