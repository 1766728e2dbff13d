"""The command line's side of safety: signals keep the partial trace, secrets and
irreversible targets are flags, and bad input anywhere is exit 2, never a traceback."""

from __future__ import annotations

import io
import json
import os
import signal
from collections.abc import Sequence
from pathlib import Path

import pytest

from tiny_computer_agent import Decision, PlannerBrain, Step
from tiny_computer_agent import registry as registry_module
from tiny_computer_agent._menu import Menu
from tiny_computer_agent.cli import main
from tiny_computer_agent.registry import BrainSpec, register_brain


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


class _TerminatedOnSecondDecision:
    """Clicks like the planner, and is sent SIGTERM while making its second decision."""

    name = "sigterm-test"

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        self.calls += 1
        if self.calls == 2:
            os.kill(os.getpid(), signal.SIGTERM)  # the handler raises right here
        return PlannerBrain().decide("click 'Save'", menu, history)

    def settings(self) -> dict[str, object]:
        return {}


@pytest.fixture
def sigterm_brain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry_module, "_registered_brains", {})
    build = lambda o: _TerminatedOnSecondDecision()  # noqa: E731
    register_brain(BrainSpec(name="sigterm-test", summary="test", build=build))


@pytest.mark.usefixtures("sigterm_brain")
def test_sigterm_mid_run_exits_143_and_keeps_the_steps_so_far(tmp_path: Path) -> None:
    trace = tmp_path / "run.json"
    before = signal.getsignal(signal.SIGTERM)
    code, out, _ = run(
        "--image", "example", "--image", "example", "--brain", "sigterm-test",
        "--trace", str(trace), "--max-steps", "3", "click 'Save'",
    )  # fmt: skip
    assert code == 143
    assert "outcome: interrupted" in out
    saved = json.loads(trace.read_text(encoding="utf-8"))
    assert saved["outcome"] == "interrupted" and len(saved["steps"]) == 1
    assert signal.getsignal(signal.SIGTERM) == before  # the handler is put back


def test_a_secret_whose_variable_is_unset_is_bad_usage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TCA_TEST_TOKEN", raising=False)
    code, _, err = run(
        "--image", "example", "--secret", "TCA_TEST_TOKEN",
        "type '<secret>TCA_TEST_TOKEN</secret>' into 'Name'",
    )  # fmt: skip
    assert code == 2
    assert "TCA_TEST_TOKEN" in err and "Traceback" not in err


def test_the_run_prints_a_kill_switch_path_that_can_be_touched(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "state" / "nested"
    monkeypatch.setenv("TINY_COMPUTER_AGENT_HOME", str(home))
    code, _, err = run("--image", "example", "click 'Save'")
    assert code in (0, 1)
    assert f"touch {home / 'STOP'}" in err
    assert home.is_dir()  # so the printed `touch` works
    assert (home.stat().st_mode & 0o777) == 0o700


def test_a_fifo_as_trace_is_refused_before_the_run(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out, err = run("--image", "example", "--trace", str(fifo), "click 'Save'")
    assert code == 2 and "FIFO" in err
    assert "step 1" not in out  # refused before anything ran
    assert fifo.is_fifo()


def test_a_secret_read_off_the_screen_is_not_in_the_trace(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # the example desktop shows "Meeting notes"; pretend that is the secret's value
    monkeypatch.setenv("TCA_TEST_TOKEN", "Meeting notes")
    trace = tmp_path / "run.json"
    code, _, _ = run(
        "--image", "example", "--secret", "TCA_TEST_TOKEN", "--trace", str(trace),
        "click 'Save'",
    )  # fmt: skip
    assert code in (0, 1)
    text = trace.read_text(encoding="utf-8")
    assert "Meeting notes" not in text and "<secret>TCA_TEST_TOKEN</secret>" in text
    assert (trace.stat().st_mode & 0o777) == 0o600
