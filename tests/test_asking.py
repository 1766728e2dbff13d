"""Decisions that know when they are unsure (issue 35, item 1): the calibration (a
temperature and a threshold fitted on a dev split), the intent brain's Unsure, and the
loop asking a person through a scripted asker, a terminal prompt and the console."""

from __future__ import annotations

import dataclasses
import io
import json
import math
import random
import threading
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import pytest

from tiny_computer_agent import (
    Action,
    Decision,
    Element,
    GoalUnreachable,
    PolicyRefusal,
    ScriptedScreen,
    TraceError,
    Unsure,
    build_menu,
)
from tiny_computer_agent._asking import Guess, ScriptedAsker, TerminalAsker, settle
from tiny_computer_agent._contracts import Asked
from tiny_computer_agent._loop import run_episode
from tiny_computer_agent._policy import Policy
from tiny_computer_agent.brains.models._confidence import (
    CONFIDENCE_FILE,
    Calibration,
    choose_threshold,
    confidence,
    fit_temperature,
    load_calibration,
    precision_coverage,
    softmax,
)
from tiny_computer_agent.brains.models._intent import IntentBrain
from tiny_computer_agent.cli._base import UsageError
from tiny_computer_agent.cli._console import make_asker
from tiny_computer_agent.cli._parser import build_parser
from tiny_computer_agent.console import Console

# -- calibration: a scorer whose distribution is known ------------------------------------


def _sampled(true_t: float, count: int = 3000, seed: int = 0) -> list[tuple[list[float], int]]:
    """Logits of 6 entries and nothing-fits, and an answer drawn from softmax(z / true_t):
    a scorer whose probabilities are right exactly at ``true_t``."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        logits = [rng.gauss(0, 3) for _ in range(7)]
        probs = softmax(logits, true_t)
        out.append((logits, rng.choices(range(7), weights=probs)[0]))
    return out


@pytest.mark.parametrize("true_t", [0.5, 1.0, 2.5])
def test_the_temperature_fit_finds_the_scorers_own(true_t: float) -> None:
    fitted = fit_temperature(_sampled(true_t))
    assert abs(math.log(fitted / true_t)) < 0.12, fitted


def test_the_temperature_fit_can_fail_an_overconfident_scorer() -> None:
    """Logits twice as sharp as their truth: the fit must soften them (T ~ 2), so a
    brain left at T = 1 would claim more than it knows."""
    doubled = [([2 * v for v in logits], a) for logits, a in _sampled(1.0)]
    fitted = fit_temperature(doubled)
    assert 1.7 < fitted < 2.3
    right_at_1 = _mean_confidence(doubled, 1.0) - _accuracy(doubled)
    right_at_fit = _mean_confidence(doubled, fitted) - _accuracy(doubled)
    assert right_at_1 > 0.05 and abs(right_at_fit) < 0.03  # overconfident, then calibrated


def _mean_confidence(decisions: Sequence[tuple[list[float], int]], t: float) -> float:
    return sum(max(softmax(logits, t)) for logits, _ in decisions) / len(decisions)


def _accuracy(decisions: Sequence[tuple[list[float], int]]) -> float:
    return sum(logits.index(max(logits)) == a for logits, a in decisions) / len(decisions)


def test_the_threshold_is_the_lowest_confidence_precise_enough() -> None:
    points = [(0.9, True)] * 19 + [(0.9, False)] + [(0.5, True)] * 5 + [(0.5, False)] * 5
    assert precision_coverage(points, 0.5) == (0.8, 1.0)
    assert precision_coverage(points, 0.9) == (0.95, 20 / 30)
    assert choose_threshold(points, 0.95) == 0.9
    assert choose_threshold(points, 0.8) == 0.5
    assert choose_threshold(points, 0.99) == 1.0  # never precise enough: always ask


def test_confidence_margins_and_the_calibration_file(tmp_path: Path) -> None:
    sure = confidence([2.0, 1.0, -1.0], 0.0, 1.0)
    assert sure.chosen == 0 and sure.ranked[-1][0] == 2
    assert sure.runner_up == pytest.approx(sure.probability - sure.ranked[1][1])
    assert sure.over_nothing == pytest.approx(sure.probability - sure.nothing)
    assert load_calibration(tmp_path) is None
    shipped = Calibration(temperature=1.3, threshold=0.7, about={"dev_decisions": 10})
    (tmp_path / CONFIDENCE_FILE).write_text(json.dumps(shipped.to_dict()))
    assert load_calibration(tmp_path) == dataclasses.replace(shipped, temperature=1.3)
    (tmp_path / CONFIDENCE_FILE).write_text('{"temperature": -1, "threshold": 0.5}')
    with pytest.raises(ValueError, match="temperature must be > 0"):
        load_calibration(tmp_path)


def test_the_shipped_calibration_was_fitted_on_dev_for_these_weights() -> None:
    from tiny_computer_agent.brains.models._intent import ADAPTER_DIR

    found = load_calibration(ADAPTER_DIR)
    assert found is not None and 0 < found.threshold < 1
    card = json.loads((ADAPTER_DIR / "card.json").read_text())
    assert found.about["sha256"] == card["sha256"]  # retrain -> calibrate again
    assert "dev split" in found.about["fitted_on"]
    assert found.about["dev_precision"] >= found.about["target_precision"]


# -- the intent brain's Unsure, with a scripted scorer (no model) ---------------------------


@dataclasses.dataclass(kw_only=True)
class _Scored(IntentBrain):
    """The intent brain's decisions over scores given per label (and for nothing fits)."""

    table: dict[str, float] = dataclasses.field(default_factory=dict)
    nothing_score: float = 0.0

    def scores(self, goal: str, entries: Sequence[Element]) -> tuple[list[float], float]:
        return [self.table.get(e.label, -5.0) for e in entries], self.nothing_score


def _brain(tmp_path: Path, threshold: float = 0.8, **scores: float) -> _Scored:
    (tmp_path / CONFIDENCE_FILE).write_text(
        json.dumps(Calibration(temperature=1.0, threshold=threshold).to_dict())
    )
    table = {k.replace("_", " "): v for k, v in scores.items()}
    return _Scored(adapter=tmp_path, table=table, nothing_score=0.0)


def _screen() -> ScriptedScreen:
    return ScriptedScreen.of_labels(["Save", "Don't Save", "Cancel"], ["Saved"])


def test_a_sure_brain_acts_and_says_how_sure(tmp_path: Path) -> None:
    brain = _brain(tmp_path, Save=6.0, Cancel=1.0)
    episode = run_episode("keep my work", screen=_screen(), brain=brain, policy=Policy())
    decision = episode.steps[0].decision
    assert decision is not None and decision.action.target == "Save"
    assert decision.confidence is not None and decision.confidence > 0.9
    assert "confidence" in decision.to_dict() and decision.asked is None


def test_an_unsure_brain_with_no_one_to_ask_gives_up_naming_its_candidates(
    tmp_path: Path,
) -> None:
    brain = _brain(tmp_path, Save=2.0, Don_t_Save=1.8, Cancel=1.0)
    brain.table["Don't Save"] = brain.table.pop("Don t Save")
    episode = run_episode("close it", screen=_screen(), brain=brain, policy=Policy())
    assert episode.outcome == "unreachable"
    assert "not sure" in episode.reason and "'Save'" in episode.reason
    assert "Don't Save" in episode.reason and "nothing fits" in episode.reason
    assert episode.steps[0].error is not None
    assert episode.steps[0].error.kind == "goal-unreachable"


def test_an_unsure_brain_asks_and_the_answer_is_acted_on_and_recorded(tmp_path: Path) -> None:
    brain = _brain(tmp_path, Save=2.0, Cancel=1.9)
    asker = ScriptedAsker([2])
    episode = run_episode("close it", screen=_screen(), brain=brain, policy=Policy(), asker=asker)
    (question, options) = asker.questions[0]
    assert "'close it'" in question and options[0].startswith("click 'Save'")
    assert options[1].startswith("click 'Cancel'") and len(options) == 3
    decision = episode.steps[0].decision
    assert decision is not None and decision.action.target == "Cancel"  # the person's
    assert decision.asked == Asked(who="scripted", question=question, options=options, answer=2)
    again = Decision.from_dict(json.loads(json.dumps(decision.to_dict())))
    assert again.asked == decision.asked  # it is in the trace


def test_the_question_and_answer_survive_a_trace_file(tmp_path: Path) -> None:
    from tiny_computer_agent.records import load_trace, record

    brain = _brain(tmp_path, Save=2.0, Cancel=1.9)
    episode = run_episode("close it", screen=_screen(), brain=brain, asker=ScriptedAsker([2]))
    path = record(episode, brain=brain).save(tmp_path / "trace.json")
    step = load_trace(path).steps[0]
    assert step.decision is not None and step.decision.asked is not None
    assert step.decision.asked.answer == 2 and step.decision.asked.who == "scripted"
    assert step.decision.confidence == pytest.approx(episode.steps[0].decision.confidence, abs=1e-4)  # type: ignore[union-attr]
    broken = json.loads(path.read_text())
    broken["steps"][0]["decision"]["asked"]["answer"] = 7
    path.write_text(json.dumps(broken))
    with pytest.raises(TraceError, match=r"asked\.answer"):
        load_trace(path)


def test_a_person_who_chooses_none_ends_the_run_as_unreachable(tmp_path: Path) -> None:
    brain = _brain(tmp_path, Save=2.0, Cancel=1.9)
    episode = run_episode(
        "close it", screen=_screen(), brain=brain, policy=Policy(), asker=ScriptedAsker([None])
    )
    assert episode.outcome == "unreachable" and "chose none of" in episode.reason


def test_guess_takes_the_brains_best_but_never_over_nothing_fits(tmp_path: Path) -> None:
    brain = _brain(tmp_path, Save=2.0, Cancel=1.9)
    episode = run_episode("close it", screen=_screen(), brain=brain, asker=Guess())
    decision = episode.steps[0].decision
    assert decision is not None and decision.action.target == "Save" and decision.asked is None
    low = _brain(tmp_path, Save=-0.2)  # nothing fits likelier than Save, but not sure
    with pytest.raises(Unsure) as caught:
        low.decide("print it", build_menu(_screen().capture(), "print it"), ())
    with pytest.raises(GoalUnreachable):
        settle(caught.value, Guess())


def test_unsure_below_zero_never_asks(tmp_path: Path) -> None:
    brain = _brain(tmp_path, Save=2.0, Cancel=1.9)
    forced = dataclasses.replace(brain, unsure_below=0.0)
    episode = run_episode("close it", screen=_screen(), brain=forced)
    decision = episode.steps[0].decision
    assert decision is not None and decision.action.target == "Save"
    assert decision.confidence is not None and decision.confidence < 0.8


# -- the terminal prompt, and who asks on the command line ----------------------------------


class _FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_terminal_prompt_reads_a_number_and_asks_again_on_nonsense() -> None:
    err = io.StringIO()
    asker = TerminalAsker(_FakeTTY("seven\n9\n2\n"), err)
    assert asker.choose("Which did you mean?", ["click 'Save'", "click 'Cancel'"]) == 2
    shown = err.getvalue()
    assert "1. click 'Save'" in shown and "0. none of these" in shown
    assert "'seven' is not a number from 0 to 2" in shown
    assert TerminalAsker(_FakeTTY("0\n"), err).choose("?", ["a"]) is None
    assert TerminalAsker(_FakeTTY(""), err).choose("?", ["a"]) is None  # input closed
    assert TerminalAsker(_FakeTTY("x\ny\nz\n"), err).choose("?", ["a"]) is None


def test_the_command_line_asks_only_where_a_person_can_answer() -> None:
    parse = build_parser().parse_args
    err = io.StringIO()
    quiet: dict[str, str] = {}
    tty, pipe = _FakeTTY("1\n"), io.StringIO("1\n")
    asker = make_asker(parse(["goal"]), None, err, stdin=tty, environ=quiet)
    assert isinstance(asker, TerminalAsker)
    assert make_asker(parse(["goal"]), None, err, stdin=pipe, environ=quiet) is None
    assert make_asker(parse(["goal"]), None, err, stdin=tty, environ={"CI": "true"}) is None
    forced = make_asker(
        parse(["--unsure", "ask", "goal"]), None, err, stdin=tty, environ={"CI": "1"}
    )
    assert isinstance(forced, TerminalAsker)
    with pytest.raises(UsageError, match="--unsure ask needs a person"):
        make_asker(parse(["--unsure", "ask", "goal"]), None, err, stdin=pipe, environ=quiet)
    assert make_asker(parse(["--unsure", "give-up", "goal"]), None, err, stdin=tty) is None
    assert isinstance(make_asker(parse(["--unsure", "guess", "goal"]), None, err), Guess)
    with Console() as console:
        assert make_asker(parse(["goal"]), console, err, stdin=pipe, environ=quiet) is console


# -- the console: the same page that asks for a yes asks which one --------------------------


def _post(console: Console, path: str, body: object) -> tuple[int, dict]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{console.port}{path}",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"X-Console-Token": console.token},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _answer_when_asked(console: Console, body: dict) -> threading.Thread:
    def answer() -> None:
        for _ in range(200):
            pending = console.controls.pending()
            if pending:
                assert pending[0].choices[0].startswith("click 'Save' (52%)")
                assert pending[0].choices[1].startswith("click 'Cancel'")
                assert _post(console, f"/answer/{pending[0].ticket}", {"yes": True})[0] == 409
                assert _post(console, f"/answer/{pending[0].ticket}", body)[0] == 200
                return
            threading.Event().wait(0.05)

    thread = threading.Thread(target=answer)
    thread.start()
    return thread


@pytest.mark.parametrize(("body", "chosen"), [({"choice": 2}, 2), ({"choice": 0}, None)])
def test_the_console_asks_which_and_returns_the_persons_number(
    body: dict, chosen: int | None
) -> None:
    with Console(approve_timeout=10) as console:
        thread = _answer_when_asked(console, body)
        got = console.choose("Which did you mean?", ["click 'Save' (52%)", "click 'Cancel' (48%)"])
        thread.join()
    assert got == chosen
    assert not console.controls.pending()


def test_the_console_is_the_loops_asker(tmp_path: Path) -> None:
    brain = _brain(tmp_path, Save=2.0, Cancel=1.9)
    with Console(approve_timeout=10) as console:
        thread = _answer_when_asked(console, {"choice": 2})
        brain.table = {"Save": 0.1, "Cancel": 0.0}  # 52 % / 48 % of the two, nothing ~0
        brain.nothing_score = -9.0
        episode = run_episode("close it", screen=_screen(), brain=brain, asker=console)
        thread.join()
    decision = episode.steps[0].decision
    assert decision is not None and decision.action.target == "Cancel"
    assert decision.asked is not None and decision.asked.who == "console"


# -- item 7: a refused right answer says how to allow it ------------------------------------


def test_a_denied_widget_refusal_names_the_flag_and_the_flag_allows_exactly_it() -> None:
    screen = ScriptedScreen.of_labels(["Show password", "Password manager", "OK"])
    obs = screen.capture()
    click = Action.make("click", target="Show password")
    with pytest.raises(PolicyRefusal) as refused:
        Policy().check(click, obs)
    assert refused.value.rule == "denied-widget"
    assert "--allow-widget 'Show password'" in str(refused.value)
    assert "Policy(allow_widgets=('Show password',))" in str(refused.value)
    allowed = Policy(allow_widgets=("show password",))
    assert [e.label for e in allowed.check(click, obs)] == ["Show password"]
    with pytest.raises(PolicyRefusal, match="denied widget"):
        allowed.check(Action.make("click", target="Password manager"), obs)
    args = build_parser().parse_args(["--allow-widget", "Show password", "goal"])
    assert args.allow_widget == ["Show password"]
