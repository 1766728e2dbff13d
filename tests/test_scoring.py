"""Scoring: verdicts on both axes, the scoreboard, fresh brains, digests, and the CLI."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tiny_computer_agent import (
    Action,
    BrainError,
    Decision,
    FirstItemBrain,
    PlannerBrain,
    ScriptedBrain,
    ScriptedScreen,
    TraceError,
    run_episode,
    state_dir,
)
from tiny_computer_agent.cli import main
from tiny_computer_agent.records import (
    VERDICTS,
    BrainFactory,
    Expected,
    Scoreboard,
    Trace,
    benchmark,
    compare_scoreboards,
    decision_digest,
    judge,
    load_scoreboard,
    load_traces,
    record,
    score_path,
    score_recorded,
    score_trace,
)
from tiny_computer_agent.registry import select_brains

from .helpers import dialog

BRAIN_FACTORIES = select_brains("planner,first-item,oracle")

RUNS = Path(__file__).resolve().parent.parent / "runs"


def scenario(
    labels: list[str],
    goal: str,
    expected: Expected | str,
    *,
    task: str | None = None,
    brain: ScriptedBrain | PlannerBrain | None = None,
) -> Trace:
    """Record a one-frame run of the real loop and make it a scenario."""
    brain = brain or PlannerBrain()
    episode = run_episode(goal, screen=ScriptedScreen(frames=(dialog(*labels),)), brain=brain)
    return record(episode, brain=brain, expected=expected, task=task)


SAVE = ["File", "Edit", "Don't Save", "Cancel", "Save"]
TERMINAL = Expected(labels=("Terminal",), refusal="denied-widget")


# -- verdicts ----------------------------------------------------------------------------


def test_correct_and_incorrect() -> None:
    trace = scenario(SAVE, "click 'Save'", "Save")
    right = score_trace(trace, PlannerBrain())
    assert (right.verdict, right.passed, right.matched, right.allowed) == (
        "correct", True, True, True,
    )  # fmt: skip
    wrong = score_trace(trace, FirstItemBrain())
    assert (wrong.verdict, wrong.passed, wrong.chose) == ("incorrect", False, "File")
    assert wrong.describe() == "incorrect: chose 'File', expected 'Save' [FAIL]"


def test_no_decision_when_the_brain_gives_up_or_babbles() -> None:
    trace = scenario(SAVE, "click 'Save'", "Save")
    gave_up = score_trace(scenario(SAVE, "click Help", "Help"), PlannerBrain())
    assert gave_up.verdict == "no-decision" and gave_up.chose is None
    assert gave_up.error is not None and gave_up.error.startswith("GoalUnreachable")
    babble = score_trace(trace, ScriptedBrain.of(["hmm, not sure"]))
    assert (babble.verdict, babble.passed, babble.allowed) == ("no-decision", False, None)


def test_text_is_compared_normalised_so_ocr_spacing_is_forgiven() -> None:
    trace = scenario(["DontSave", "Cancel", "Save"], "click DontSave", "Don't  Save.")
    assert score_trace(trace, PlannerBrain()).verdict == "correct"


def test_a_refused_choice_is_flagged_never_a_clean_success() -> None:
    # the goal asks for a denied widget and the scenario says it is the right target
    trace = scenario(["Files", "Terminal", "Settings"], "open the Terminal", "Terminal")
    v = score_trace(trace, PlannerBrain())
    assert (v.verdict, v.matched, v.allowed, v.rule, v.passed) == (
        "refused", True, False, "denied-widget", False,
    )  # fmt: skip
    assert "the right choice, but the harness would not carry it out" in v.describe()


def test_an_expected_refusal_passes_only_when_the_policy_refuses_that_choice() -> None:
    trace = scenario(["Files", "Terminal", "Settings"], "open the Terminal", TERMINAL)
    assert trace.outcome == "refused"
    recorded = score_recorded(trace)
    assert (recorded.verdict, recorded.passed, recorded.rule) == ("refused", True, "denied-widget")
    replayed = score_trace(trace, PlannerBrain())
    assert (replayed.verdict, replayed.passed) == ("refused", True)
    elsewhere = score_trace(trace, FirstItemBrain())
    assert (elsewhere.verdict, elsewhere.passed, elsewhere.allowed) == ("incorrect", False, True)
    other_rule = Expected(labels=("Terminal",), refusal="denied-text")
    frame = trace.frames[0].frame
    assert frame is not None
    decision = Decision(action=Action.make("click", target="Terminal", target_id=2))
    assert not judge(decision, frame=frame, expected=other_rule).passed
    assert judge(decision, frame=frame, expected=Expected(refusal="any")).passed


def test_scoring_ignores_the_kill_switch_of_live_runs() -> None:
    trace = scenario(SAVE, "click 'Save'", "Save")
    stop = state_dir() / "STOP"
    stop.parent.mkdir(parents=True, exist_ok=True)
    stop.touch()
    assert score_trace(trace, PlannerBrain()).verdict == "correct"


def test_a_trace_without_an_expected_answer_is_not_a_scenario() -> None:
    brain = PlannerBrain()
    episode = run_episode("click Save", screen=ScriptedScreen.of_labels(["Save"]), brain=brain)
    trace = record(episode, brain=brain)
    with pytest.raises(TraceError, match="field 'expected' is missing"):
        score_trace(trace, brain)


# -- the scoreboard --------------------------------------------------------------------


def suite() -> list[Trace]:
    return [
        scenario(SAVE, "click 'Save'", "Save", task="save"),
        # the planner matches words, not meaning: nothing on screen says "close" or "saving"
        scenario(SAVE, "close without saving", "Don't Save", task="dont-save"),
        scenario(["Files", "Terminal"], "open the Terminal", TERMINAL, task="terminal"),
    ]


def test_every_scenario_through_every_brain() -> None:
    board = benchmark(suite(), BRAIN_FACTORIES)
    assert board.brains == ("planner", "first-item", "oracle")
    assert board.tasks == ("save", "dont-save", "terminal")
    assert len(board.verdicts) == 9 and {v.verdict for v in board.verdicts} <= set(VERDICTS)
    assert board.tally("planner") == (2, 3) and board.tally("first-item") == (0, 3)
    assert board.tally("oracle") == (3, 3) and board.tally() == (5, 9)
    cell = board.cell("terminal", "oracle")
    assert cell is not None and cell.verdict == "refused" and cell.passed
    confusions = [c.describe() for c in board.confusions()]
    assert confusions[:2] == [
        'planner: chose nothing (no decision) instead of "Don\'t Save" (dont-save)',
        "first-item: chose 'File' instead of 'Save' (save)",
    ]  # grouped by brain, in column order


def test_render_json_and_csv() -> None:
    board = benchmark(suite(), BRAIN_FACTORIES)
    text = board.render()
    assert "task" in text and "+ correct" in text and "- incorrect" in text
    assert "+ refused" in text and "2/3 67%" in text and "overall: 5/9 56%" in text
    assert "confusions:" in text
    assert Scoreboard.from_dict(json.loads(board.to_json())) == board
    assert json.loads(board.to_json())["accuracy"]["per_brain"]["oracle"]["accuracy"] == 1.0
    rows = list(csv.DictReader(io.StringIO(board.to_csv())))
    assert len(rows) == 9
    assert rows[0]["task"] == "save" and rows[0]["verdict"] == "correct"
    assert rows[0]["passed"] == "true" and len(rows[0]["digest"]) == 64


def test_each_task_gets_a_fresh_brain() -> None:
    traces = [scenario(SAVE, "click 'Save'", "Save", task=f"t{i}") for i in range(3)]
    made: list[str] = []

    def counted(trace: Trace) -> ScriptedBrain:
        made.append(trace.task)
        return ScriptedBrain.of(['{"verb": "click", "choice": 5}'])  # plays once, then "done"

    shared = counted(traces[0])
    made.clear()
    factories: dict[str, BrainFactory] = {"fresh": counted, "shared": lambda t: shared}
    board = benchmark(traces, factories)
    assert made == ["t0", "t1", "t2"]
    assert board.tally("fresh") == (3, 3)
    assert board.tally("shared") == (1, 3)  # state leaked: the shared brain had finished


def test_bad_suites_make_no_scoreboard(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="no traces"):
        benchmark([], BRAIN_FACTORIES)
    twice = [scenario(SAVE, "click 'Save'", "Save", task="same")] * 2
    with pytest.raises(TraceError, match="already the task of"):
        benchmark(twice, BRAIN_FACTORIES)
    with pytest.raises(TraceError, match="holds no traces"):
        score_path(tmp_path, BRAIN_FACTORIES)


def test_select_brains_reads_the_factory_table() -> None:
    assert list(select_brains("planner, oracle")) == ["planner", "oracle"]
    with pytest.raises(ValueError, match="unknown brain 'gpt'"):
        select_brains("planner,gpt")
    with pytest.raises(ValueError, match="no brains"):
        select_brains(" , ")


# -- digests and regressions -------------------------------------------------------------


def test_a_digest_is_stable_and_covers_brain_menu_goal_and_decision() -> None:
    brain = {"name": "planner", "settings": {}}
    click = Decision(action=Action.make("click", target="Save"), reply="whatever")
    base = decision_digest(brain, ["1. Save"], "click Save", click)
    assert base == decision_digest(brain, ["1. Save"], "click Save", click.action.to_dict())
    assert len(base) == 64
    others = [
        decision_digest(
            {"name": "planner", "settings": {"t": 1}}, ["1. Save"], "click Save", click
        ),
        decision_digest(brain, ["1. Save", "2. Cancel"], "click Save", click),
        decision_digest(brain, ["1. Save"], "save it", click),
        decision_digest(brain, ["1. Save"], "click Save", BrainError("no")),
    ]
    assert len({base, *others}) == 5


class Contrary:
    """A 'planner' whose behaviour changed: it clicks Cancel wherever Cancel is shown."""

    name = "planner"

    def settings(self) -> dict[str, object]:
        return {}

    def decide(self, goal: str, menu: object, history: object) -> Decision:
        return PlannerBrain().decide(goal.replace("Save", "Cancel"), menu, ())  # type: ignore[arg-type]


def test_changing_one_brain_shows_up_as_exactly_that_decision_change(tmp_path: Path) -> None:
    traces = suite()
    old = benchmark(traces, BRAIN_FACTORIES)
    old.write_json(tmp_path / "old.json")
    new = benchmark(traces, {**BRAIN_FACTORIES, "planner": lambda t: Contrary()})
    assert compare_scoreboards(load_scoreboard(tmp_path / "old.json"), old) == ()
    changes = compare_scoreboards(load_scoreboard(tmp_path / "old.json"), new)
    assert [(c.task, c.brain, c.kind) for c in changes] == [("save", "planner", "changed")]
    assert changes[0].describe() == (
        "changed: planner on save: chose 'Save' -> 'Cancel' (correct -> incorrect)"
    )
    fewer = benchmark(traces, select_brains("planner,oracle"))
    kinds = {c.kind for c in compare_scoreboards(old, fewer)}
    assert kinds == {"removed"}


def test_a_bad_saved_scoreboard_is_a_trace_error(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "tiny-computer-agent/scoreboard", "schema_version": 1}))
    with pytest.raises(TraceError, match=f"{path}: field 'verdicts' is missing"):
        load_scoreboard(path)


def test_a_hostile_scoreboard_is_a_trace_error() -> None:
    board = json.loads(benchmark(load_traces(RUNS), select_brains("planner")).to_json())
    deep: object = 1
    for _ in range(5000):
        deep = [deep]
    cases = [
        {**board, "schema_version": deep},  # repr() of it raised RecursionError
        {**board, "verdicts": [{**board["verdicts"][0], "action": {"verb": deep}}]},
        {**board, "verdicts": [{**board["verdicts"][0], "digest": "\udfff"}]},
        {**board, "verdicts": [{**board["verdicts"][0], "step": 10**5000}]},
    ]
    for data in cases:
        with pytest.raises(TraceError) as caught:
            Scoreboard.from_dict(data, source="sb.json")
        assert str(caught.value).startswith("sb.json: ") and len(str(caught.value)) < 400


# -- the command line ------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_records_a_trace_and_prints_its_verdict(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    code, out, err = run(
        "--image", "example", "--verify-text", "Saved", "--trace", str(path),
        "--expected", "Save", "click 'Save'",
    )  # fmt: skip
    assert code == 0, err
    assert "verdict: correct: chose 'Save' [pass]" in out and "trace: wrote" in err
    trace = score_path(path, BRAIN_FACTORIES)
    assert trace.tasks == ("save",) and trace.tally("planner") == (1, 1)
    data = json.loads(path.read_text())
    assert data["metadata"]["source"] == "synthetic"
    assert "image" not in json.dumps(data["steps"][0]["frame"])


def test_cli_score_mode_prints_the_scoreboard_and_writes_files(tmp_path: Path) -> None:
    sb, table = tmp_path / "sb.json", tmp_path / "sb.csv"
    code, out, err = run(
        "--score", str(RUNS), "--brains", "planner,first-item,oracle",
        "--scoreboard-json", str(sb), "--scoreboard-csv", str(table),
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith("task") and "accuracy" in out and "example-save" in out
    assert load_scoreboard(sb).brains == ("planner", "first-item", "oracle")
    assert table.read_text().startswith("task,brain,step,verdict")
    code, out, _ = run("--score", str(RUNS), "--compare", str(sb))
    assert code == 0 and f"decisions changed since {sb}: 0" in out


def test_cli_lists_a_changed_decision_against_a_saved_scoreboard(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    assert run("--score", str(RUNS), "--brains", "planner", "--scoreboard-json", str(old))[0] == 0
    script = '[{"verb": "click", "target": "Cancel"}]'
    data = json.loads(old.read_text())
    data["brains"] = ["scripted"]
    for v in data["verdicts"]:
        v["brain"] = "scripted"
    old.write_text(json.dumps(data))
    code, out, _ = run("--score", str(RUNS), "--brains", "scripted", "--script", script,
                       "--compare", str(old))  # fmt: skip
    assert code == 0
    assert "changed: scripted on example-save: chose 'Save' -> 'Cancel'" in out


def test_cli_min_accuracy_decides_exit_1(tmp_path: Path) -> None:
    code, _, err = run("--score", str(RUNS), "--brains", "first-item", "--min-accuracy", "0.5")
    assert code == 1 and "below --min-accuracy 0.5: first-item 0.00" in err
    assert run("--score", str(RUNS), "--brains", "oracle", "--min-accuracy", "1")[0] == 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--score", "RUNS", "--brains", "gpt"], "unknown brain 'gpt'"),
        (["--score", "RUNS", "--brains", "scripted"], "--brains scripted needs --script"),
        (["--score", "RUNS", "--min-accuracy", "90"], "a fraction from 0 to 1"),
        (["--score", "RUNS", "click Save"], "--score takes no GOAL"),
        (["--score", "RUNS", "--compare", "MISSING"], "cannot read the scoreboard"),
        (["--image", "example", "--min-accuracy", "0.5", "click Save"], "belongs to scoring"),
        (["--score", "MISSING"], "no such trace file or directory"),
        # paths the system refuses (a NUL byte raised ValueError; a long name, OSError)
        (["--score", "RUNS", "--compare", "a\x00b"], "not a path the system accepts"),
        (["--score", "RUNS", "--scoreboard-csv", "a\x00b"], "cannot hold a NUL byte"),
        (["--score", "RUNS", "--scoreboard-json", "/" + "d" * 300 + "/s.json"], "does not exist"),
        (["--score", "RUNS", "--compare", "/" + "d" * 5000], "cannot read the scoreboard"),
        (["--image", "example", "--trace", "a\x00b", "click Save"], "cannot hold a NUL byte"),
        (["--image", "example", "--trace", "/" + "d" * 300 + "/t.json", "x"], "does not exist"),
    ],
)
def test_cli_bad_usage_exits_2(tmp_path: Path, argv: list[str], words: str) -> None:
    swap = {"RUNS": str(RUNS), "MISSING": str(tmp_path / "missing.json")}
    code, out, err = run(*(swap.get(a, a) for a in argv))
    assert code == 2 and words in err and out == ""
    assert "Traceback" not in err and err.count("\n") == 1


def test_cli_a_bad_trace_exits_2_with_no_partial_scoreboard(tmp_path: Path) -> None:
    for source in sorted(RUNS.glob("*.json")):
        (tmp_path / source.name).write_text(source.read_text())
    data = json.loads((RUNS / "example-save.json").read_text())
    data["expected"] = None
    (tmp_path / "zz-no-answer.json").write_text(json.dumps(data))
    code, out, err = run("--score", str(tmp_path))
    assert code == 2 and out == ""
    assert "zz-no-answer.json: field 'expected' is missing" in err
    (tmp_path / "zz-no-answer.json").write_text('{"format": "tiny-computer-agent/trace", ')
    code, out, err = run("--score", str(tmp_path))
    assert code == 2 and out == "" and "zz-no-answer.json: malformed JSON" in err


def test_cli_a_run_that_saw_no_frame_cannot_be_recorded(tmp_path: Path) -> None:
    stop = state_dir() / "STOP"
    stop.parent.mkdir(parents=True, exist_ok=True)
    stop.touch()
    trace = tmp_path / "t.json"
    code, _, err = run("--image", "example", "--trace", str(trace), "click 'Save'")
    assert code == 2 and "saw no frame" in err and "Traceback" not in err
    assert not trace.exists()
