"""Traces and scoring: record without pixels, replay offline, score brains, list changes."""

from __future__ import annotations

from ._framework import ROOT, Transcript, capability, namespace


@capability(
    "trace-record-replay",
    "A run recorded without pixels, replayed against another brain",
    "A trace keeps each frame's element index and the menu shown, never pixels; it saves "
    "atomically, loads strictly, renders as text, and replays any brain offline.",
    shows=[
        "record",
        "Trace",
        "Trace.save",
        "Trace.to_dict",
        "Trace.to_json",
        "Trace.from_dict",
        "Trace.render",
        "Trace.frames",
        "Trace.brain_name",
        "TraceStep",
        "TraceStep.of",
        "TraceStep.to_dict",
        "TraceStep.to_step",
        "TraceStep.allowed",
        "load_trace",
        "replay",
        "replay_frames",
        "ReplayedFrame",
        "Expected",
        "Expected.matches",
        "Expected.describe",
        "Expected.describe_of",
        "Expected.to_dict",
        "Expected.types_right",
    ],
)
def trace_record_replay() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import tempfile, pathlib
        screen = tca.ScriptedScreen.of_labels(["File", "Don't Save", "Cancel", "Save"], ["Saved"])
        brain = tca.PlannerBrain()
        ep = tca.run_episode("click 'Save'", screen=screen, brain=brain, verify_text="Saved")
        trace = tca.record(ep, brain=brain, expected="Save", task="save-demo")
        path = trace.save(pathlib.Path(tempfile.mkdtemp()) / "save-demo.json")
        print(path.name, len(path.read_bytes()), "bytes;", "pixels" in trace.to_json(), "| brain:", trace.brain_name)
        again = tca.load_trace(path)
        print(again.render())
        print(tca.Trace.from_dict(again.to_dict()).to_dict() == again.to_dict(), len(again.frames))
        first = again.frames[0]
        print(first.allowed, tca.TraceStep.of(first.to_step()).to_dict() == first.to_dict())
        exp = again.expected
        print(exp.describe(), exp.matches("save."), exp.to_dict(), tca.Expected.describe_of(("Terminal",), "denied-widget"))
        field = tca.Expected(labels=("Name",), text="Ada Lovelace")
        print("typed 'ada  lovelace':", field.types_right("ada  lovelace"), "| typed 'Ada':", field.types_right("Ada"))
        for frame in tca.replay_frames(again, tca.FirstItemBrain(), limit=1):
            print("first-item on frame", frame.step.index, "->", frame.outcome.action.describe())
        print([d.action.describe() for d in tca.replay(again, tca.PlannerBrain())])
        print(isinstance(tca.replay_frames(again, brain)[0], tca.ReplayedFrame))
        """,
        ns,
    )
    return t


@capability(
    "scoreboard",
    "Which brain is right, and how often: the scoreboard",
    "Every scenario through every brain, a fresh brain per task; a verdict per decision, with "
    "'allowed by the harness' a separate axis; text, JSON and CSV.",
    shows=[
        "benchmark",
        "score_path",
        "score_trace",
        "score_recorded",
        "select_brains",
        "load_traces",
        "Scoreboard",
        "Scoreboard.render",
        "Scoreboard.tally",
        "Scoreboard.accuracy",
        "Scoreboard.cell",
        "Scoreboard.confusions",
        "Scoreboard.to_dict",
        "Scoreboard.to_json",
        "Scoreboard.to_csv",
        "Scoreboard.write_json",
        "Scoreboard.write_csv",
        "Scoreboard.from_dict",
        "load_scoreboard",
        "Verdict",
        "Verdict.of",
        "Verdict.to_dict",
        "VERDICTS",
        "Judgement",
        "Judgement.describe",
    ],
)
def scoreboard() -> Transcript:
    t, ns = Transcript(), namespace()
    ns["RUNS"] = ROOT / "runs"
    t.python(
        """
        import tempfile, pathlib
        traces = tca.load_traces(RUNS)
        board = tca.benchmark(traces, tca.select_brains("planner,first-item,oracle"))
        print(board.render())
        print(tca.VERDICTS, "| brains on offer:", ",".join(tca.brain_specs()))
        print("planner", board.tally("planner"), f"{board.accuracy('planner'):.0%}",
              "| confusions:", len(board.confusions()))
        cell = board.cell(traces[0].task, "planner")
        print(cell.describe(), "|", sorted(cell.to_dict())[:6])
        out = pathlib.Path(tempfile.mkdtemp())
        board.write_json(out / "sb.json"); board.write_csv(out / "sb.csv")
        print(tca.load_scoreboard(out / "sb.json") == board, tca.Scoreboard.from_dict(board.to_dict()) == board,
              board.to_csv().splitlines()[0], len(board.to_json()) > 0)
        same = tca.score_path(RUNS, tca.select_brains("planner"))
        one = tca.score_trace(traces[0], tca.PlannerBrain())
        print(same.tally("planner"), one.verdict, tca.score_recorded(traces[0]).verdict,
              isinstance(one, tca.Judgement), tca.Verdict.of(one, task="t", brain="b", digest="d", step=1).task)
        """,
        ns,
    )
    return t


@capability(
    "decision-changes",
    "A behaviour change shows up as a listed decision change",
    "Each decision has a stable digest of (brain and settings, menu, goal, decision); "
    "comparing two scoreboards lists exactly which decisions changed.",
    shows=["decision_digest", "compare_scoreboards", "DecisionChange", "DecisionChange.describe"],
)
def decision_changes() -> Transcript:
    t, ns = Transcript(), namespace()
    ns["RUNS"] = ROOT / "runs"
    t.python(
        """
        traces = tca.load_traces(RUNS)
        before = tca.benchmark(traces, {"brain": lambda tr: tca.PlannerBrain()})
        after = tca.benchmark(traces, {"brain": lambda tr: tca.FirstItemBrain()})  # "a prompt change"
        changes = tca.compare_scoreboards(before, after)
        print(len(changes), "of", len(before.verdicts), "decisions changed:")
        for change in changes:
            print(" ", change.describe(), isinstance(change, tca.DecisionChange))
        print("unchanged:", tca.compare_scoreboards(before, before))
        menu = ["1. Save", "2. Cancel"]
        print(tca.decision_digest({"name": "planner", "settings": {}}, menu, "click Save", None)[:16])
        """,
        ns,
    )
    return t


@capability(
    "cli-traces",
    "The command line records, scores and compares",
    "--trace records a run, --expected scores it at once, --score prints the scoreboard of a "
    "directory of traces; exit 1 when --min-accuracy is not met, 2 for a bad trace.",
    shows=[],
)
def cli_traces() -> Transcript:
    import tempfile
    from pathlib import Path

    t = Transcript()
    tmp = Path(tempfile.mkdtemp())
    t.shell(
        "--image",
        "example",
        "--verify-text",
        "Saved",
        "--trace",
        str(tmp / "run.json"),
        "--expected",
        "Save",
        "click 'Save'",
    )
    t.shell(
        "--score",
        "runs",
        "--brains",
        "planner,first-item",
        "--scoreboard-json",
        str(tmp / "sb.json"),
    )
    t.shell("--score", "runs", "--brains", "first-item", "--min-accuracy", "0.9")
    (tmp / "bad.json").write_text('{"format": "tiny-computer-agent/trace", "schema_version": 9}')
    t.shell("--score", str(tmp / "bad.json"), "--brains", "planner")
    codes = [b.code for b in t.blocks]
    if codes != [0, 0, 1, 2]:
        raise RuntimeError(f"exit codes {codes}, expected [0, 0, 1, 2]")
    return t
