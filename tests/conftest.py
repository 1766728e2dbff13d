"""Shared fixtures. Every test gets its own state directory, so no test can see a real
kill-switch file or leave one behind."""

from __future__ import annotations

import os
import signal
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import is_platform_skip
from tiny_computer_agent import ScriptedScreen

from .helpers import dialog


@pytest.fixture(autouse=True)
def _state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "state"
    monkeypatch.setenv("TINY_COMPUTER_AGENT_HOME", str(home))
    monkeypatch.delenv("TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT", raising=False)
    return home


#: tests that left Ctrl-C's handler changed, one line each (every xdist worker appends;
#: the controller prints them at the end): a test that stops a run by SIGINT once hung
#: in CI, and the handler an earlier test had left is the likeliest cause
_SIGINT_LEAKS = Path(__file__).resolve().parents[1] / "build" / "test-sigint-leaks.txt"


@pytest.fixture(autouse=True)
def _sigint_kept(request: pytest.FixtureRequest) -> Generator[None, None, None]:
    """Ctrl-C's handler put back after every test, and a test that changed it named."""
    before = signal.getsignal(signal.SIGINT)
    yield
    after = signal.getsignal(signal.SIGINT)
    if after is not before:
        signal.signal(signal.SIGINT, before)
        _SIGINT_LEAKS.parent.mkdir(parents=True, exist_ok=True)
        with _SIGINT_LEAKS.open("a", encoding="utf-8") as out:
            out.write(f"{request.node.nodeid}: left SIGINT's handler as {after!r}\n")


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller, or no xdist
        _SIGINT_LEAKS.unlink(missing_ok=True)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _SIGINT_LEAKS.exists():
        terminalreporter.section("tests that left Ctrl-C's handler changed (put back)")
        terminalreporter.write(_SIGINT_LEAKS.read_text(encoding="utf-8"))


@pytest.fixture
def save_dialog() -> ScriptedScreen:
    """Before: a Save dialog. After: the dialog gone and "Saved" in the status bar."""
    return ScriptedScreen(
        frames=(dialog("File", "Edit", "Don't Save", "Cancel", "Save"), dialog("File", "Saved"))
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, Any, None]:
    """In CI (CI=true) a skipped live test is a failure: CI must really drive a desktop.

    Outside CI a live test may skip (no Xvfb), and -ra prints the reason. The one
    exception: with TCA_LIVE_DESKTOP=session (the Windows runner) a test that needs a
    Linux-only program skips with a documented platform reason (see devsupport/xdesktop.py).
    """
    outcome = yield
    report = outcome.get_result()
    if report.skipped and item.get_closest_marker("live") and os.environ.get("CI") == "true":
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        if is_platform_skip(str(reason)):
            return
        report.outcome = "failed"
        report.longrepr = f"a live test skipped in CI (CI=true), which is a failure: {reason}"
