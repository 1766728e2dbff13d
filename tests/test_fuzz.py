"""The fuzz suite, bounded for ``make test``: 20,000 seeded cases over every boundary an
outsider's input crosses (replies, actions, scripts, traces, scoreboards, scoring, CLI
flags, images), and not one may end in an exception that is not the project's own.

``make fuzz`` runs the same targets with 100,000 cases or more (``benchmarks/fuzz.py``);
the targets and what a crash is are in ``tests/fuzzing.py``.
"""

from __future__ import annotations

import logging
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from . import fuzzing
from .helpers import assert_generated_page

#: The bounded run's size: at least 20,000 cases, in about 25 s on two shared cores.
TOTAL = 20_000
PLAN = dict((t.name, (t, n)) for t, n in fuzzing.plan(TOTAL))


@pytest.fixture(autouse=True)
def _quiet_logs() -> Iterator[None]:
    """The OCR and the grid fallback log warnings on every blank image; not findings."""
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def test_the_bounded_run_tries_at_least_20000_cases_on_every_target() -> None:
    assert sum(n for _, n in PLAN.values()) >= 20_000
    assert {name for name, (_, n) in PLAN.items() if n > 0} == {t.name for t in fuzzing.TARGETS}


@pytest.mark.parametrize("name", list(PLAN))
def test_no_input_crashes(name: str) -> None:
    target, cases = PLAN[name]
    tally = fuzzing.run_target(target, cases, seed=0)
    shown = "\n\n".join(crash.describe() for crash in tally.crashes[:5])
    assert not tally.crashes, f"{len(tally.crashes)} of {tally.cases} inputs crashed:\n{shown}"
    # hypothesis may stop early when it has tried everything a strategy can make
    assert tally.cases >= (cases * 0.9 if target.strategy is not None else cases)


def test_a_crash_is_recorded_with_its_input_and_traceback() -> None:
    def call(case: object) -> None:
        if case == "bad":
            raise KeyError(case)
        if case == "usage":
            raise SystemExit(2)
        raise fuzzing.TinyAgentError("refused")

    tally = fuzzing.Tally("demo")
    for case in ("ok", "bad", "usage"):
        tally.call(call, case)
    assert tally.cases == 3 and len(tally.crashes) == 1
    crash = tally.crashes[0]
    assert crash.error == "KeyError: \"'bad'\"" and crash.case == "'bad'" and crash.raw == "bad"
    assert "raise KeyError(case)" in crash.describe()


def test_a_call_that_does_not_return_is_a_crash_not_a_hang() -> None:
    import threading
    import time

    held = threading.Event()

    def call(case: object) -> None:
        with fuzzing.deadline(0.2):
            try:
                held.wait(10)  # a run waiting for a person who never comes
            except Exception:  # the code under test may catch its own errors
                time.sleep(10)

    tally = fuzzing.Tally("demo")
    start = time.perf_counter()
    tally.call(call, "wait")
    assert time.perf_counter() - start < 5
    assert [c.error for c in tally.crashes] == ["Hung: 'the call did not return within 0.2 s'"]


def test_no_fuzzed_command_line_waits_for_a_person() -> None:
    flags = {flag for flag, _ in fuzzing.cli_flags()}
    assert {"--console-paused", "--console-stay", "--serve"}.isdisjoint(flags)
    assert {"--console", "--image", "--brain"} <= flags  # the rest are fuzzed


def test_show_never_fails_and_stays_short() -> None:
    for value in (10**5000, fuzzing.deep_list(5000), "x" * 10_000, b"y" * 10_000):
        assert len(fuzzing.show(value)) < 500


def test_the_same_seed_makes_the_same_inputs() -> None:
    import random

    for target in fuzzing.TARGETS:
        if target.strategy is None and target.name != "image-ocr":
            a = [target.make(random.Random("1:x")) for _ in range(5)]
            b = [target.make(random.Random("1:x")) for _ in range(5)]
            assert fuzzing.show(a) == fuzzing.show(b), target.name


def test_the_fuzz_command_writes_its_page_and_a_run_of_some_targets_writes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from benchmarks import fuzz

    monkeypatch.setenv("TINY_COMPUTER_AGENT_HOME", str(tmp_path / "home"))  # fuzz sets its own
    monkeypatch.delenv("TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT", raising=False)
    argv = ["--cases", "40", "--out", str(tmp_path / "all")]
    assert fuzz.main(argv) == 0
    page = tmp_path / "all" / "fuzz.md"
    text = assert_generated_page(page, shlex.join(["python", "benchmarks/fuzz.py", *argv]))
    assert "40 cases requested, seed 0" in text and " 0 crashed" in text
    assert all(f"\n{t.name} " in text for t in fuzzing.TARGETS)
    assert fuzz.main(["--cases", "5", "--targets", "goal", "--out", str(tmp_path / "one")]) == 0
    assert not (tmp_path / "one").exists()
