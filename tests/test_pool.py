"""Task lists over a pool of desktops: the task file, the scheduler, resume, the
scoreboard, the local process pool and a local Dask cluster.

The scheduler tests run the real loop, the real planner and real worker processes; the
desktops are scripted (:class:`ScriptedDesktops`, module-level so a spawned worker can
import it), each episode logging where and when it ran, so the test can hold the pool
to one episode per desktop at a time. The remote path (RemoteRunner over ``--serve``)
is tested against real servers in test_live_pool.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import signal
import subprocess
import sys
import threading
import time
import typing
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import PlannerBrain, ScriptedScreen, run_episode
from tiny_computer_agent._errors import TraceError
from tiny_computer_agent._loop import OUTCOMES
from tiny_computer_agent._policy import Policy
from tiny_computer_agent.remote import _pool as pool
from tiny_computer_agent.remote._pool import (
    POOL_OUTCOMES,
    SCOREBOARD_FILE,
    PoolReport,
    Task,
    TaskResult,
    load_tasks,
    run_tasks,
)

ROOT = Path(__file__).resolve().parent.parent


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ScriptedDesktops:
    """Desktops by name. ``ok-*``: a dialog of buttons; after any click it shows the
    task's verify text, unless the task's id starts with ``miss`` (then it shows
    nothing new). ``down``: never answers. ``dies``: answers the probe, then dies at
    its first episode's second look. Each episode appends {task, desktop, pid, start,
    end} to ``log`` and lasts at least ``hold`` seconds."""

    log: str
    hold: float = 0.3

    def __call__(self, task: Task, desktop: str) -> TaskResult:
        started = time.time()
        after = ["Cancel"] if task.id.startswith("miss") else [task.verify_text]
        screen = _DyingScreen(
            frames=ScriptedScreen.of_labels(["File", "Save", "Open", "Cancel"], after).frames,
            dies=desktop == "dies",
        )
        episode = run_episode(
            task.goal,
            screen=screen,
            brain=(brain := PlannerBrain()),
            policy=Policy(max_steps=task.max_steps),
            verify_text=task.verify_text,
        )
        time.sleep(max(0.0, self.hold - (time.time() - started)))
        with open(self.log, "a", encoding="utf-8") as fh:
            row = {"task": task.id, "desktop": desktop, "pid": os.getpid(),
                   "start": started, "end": time.time()}  # fmt: skip
            fh.write(json.dumps(row) + "\n")
        return TaskResult.of(episode, task=task, desktop=desktop, brain=brain,
                             seconds=time.time() - started, menu_size=12,
                             desktop_alive=desktop != "dies")  # fmt: skip

    def probe(self, desktop: str) -> str:
        return f"{desktop} does not answer (connection refused)" if desktop == "down" else ""


@dataclasses.dataclass(kw_only=True)
class _DyingScreen(ScriptedScreen):
    dies: bool = False

    def capture(self) -> Any:
        if self.dies and self.shown >= 1:
            from tiny_computer_agent._errors import ScreenUnavailable

            raise ScreenUnavailable("http://dies:8801 did not answer (connection reset)")
        return super().capture()


def tasks(n: int, *, prefix: str = "t") -> list[Task]:
    return [Task(id=f"{prefix}{i}", goal="click 'Save'", verify_text=f"Saved {i}")
            for i in range(1, n + 1)]  # fmt: skip


def episodes(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


# -- the task file --------------------------------------------------------------------


def test_a_task_list_reads_as_json_and_as_jsonl(tmp_path: Path) -> None:
    items = [
        {"id": "save-1", "goal": "click 'Save'", "verify_text": "Saved", "expected": ["Save"]},
        {"id": "open.2", "goal": " click 'Open' ", "verify_text": "Opened", "max_steps": 3},
    ]
    as_json = tmp_path / "tasks.json"
    as_json.write_text(json.dumps(items))
    as_jsonl = tmp_path / "tasks.jsonl"
    as_jsonl.write_text("\n".join(json.dumps(i) for i in items) + "\n\n")
    want = (
        Task(id="save-1", goal="click 'Save'", verify_text="Saved", expected=("Save",)),
        Task(id="open.2", goal="click 'Open'", verify_text="Opened", max_steps=3),
    )
    assert load_tasks(as_json) == want
    assert load_tasks(as_jsonl, max_steps=8) == want
    assert load_tasks(as_json, max_steps=5)[0].max_steps == 5  # the default for the rest


BAD_TASKS = [
    ([{"id": "a", "goal": "x"}], "task [0]: field 'verify_text' is missing"),
    ([{"id": "a", "goal": "", "verify_text": "v"}], "field 'goal' must be a non-empty string"),
    ([{"id": "a b", "goal": "g", "verify_text": "v"}], "field 'id' is 'a b': use letters"),
    ([{"id": "../x", "goal": "g", "verify_text": "v"}], "field 'id' is '../x'"),
    ([{"id": "scoreboard", "goal": "g", "verify_text": "v"}], "taken by the pool's scoreboard"),
    ([{"id": "a", "goal": "g", "verify_text": "v", "when": 1}], "field 'when' is not a field"),
    ([{"id": "a", "goal": "g", "verify_text": "v", "max_steps": 0}], "'max_steps' must be at"),
    ([{"id": "a", "goal": "g", "verify_text": "v", "expected": "Save"}], "must be a JSON list"),
    ([{"id": "a", "goal": "g", "verify_text": "v", "expected": ["--"]}], "needs a letter"),
    ([{"id": "A", "goal": "g", "verify_text": "v"}, {"id": "a", "goal": "g", "verify_text": "v"}],
     "task [1]: field 'id' 'a' is already the id of"),
    ([], "holds no tasks"),
    ({"tasks": []}, "a task list is a JSON list of task objects, got dict"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "message"), BAD_TASKS)
def test_a_bad_task_list_names_the_file_the_task_the_field_and_the_fix(
    tmp_path: Path, data: object, message: str
) -> None:
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TraceError) as caught:
        load_tasks(path)
    assert message in str(caught.value)
    assert str(path) in str(caught.value)


def test_jsonl_errors_name_the_line_and_a_json_file_of_lines_is_pointed_to_jsonl(
    tmp_path: Path,
) -> None:
    jsonl = tmp_path / "tasks.jsonl"
    jsonl.write_text('{"id": "a", "goal": "g", "verify_text": "v"}\n\n{"id": "b", "goal": \n')
    with pytest.raises(TraceError, match=r"tasks.jsonl line 3: not a JSON object"):
        load_tasks(jsonl)
    jsonl.write_text('{"id": "a", "goal": "g", "verify_text": "v"}\n{"id": "b"}\n')
    with pytest.raises(TraceError, match=r"line 2: field 'goal' is missing; each task is"):
        load_tasks(jsonl)
    lines = tmp_path / "tasks.json"
    lines.write_text('{"id": "a", "goal": "g", "verify_text": "v"}\n{"id": "b"}\n')
    with pytest.raises(TraceError, match=r"name the file \*\.jsonl"):
        load_tasks(lines)
    with pytest.raises(TraceError, match="cannot read the task list"):
        load_tasks(tmp_path / "missing.jsonl")


def test_the_pool_outcomes_are_the_loop_outcomes_and_its_own_two() -> None:
    assert (*OUTCOMES, "worker-error", "not-run") == POOL_OUTCOMES


# -- the local process pool ---------------------------------------------------------------


def _no_overlap_per_desktop(rows: list[dict[str, Any]]) -> None:
    for desktop in {r["desktop"] for r in rows}:
        spans = sorted((r["start"], r["end"]) for r in rows if r["desktop"] == desktop)
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert start >= end, f"two episodes at once on {desktop}: {spans}"


def test_the_local_pool_runs_one_episode_per_desktop_at_a_time_in_parallel(
    tmp_path: Path,
) -> None:
    log, out, lines = tmp_path / "episodes.jsonl", tmp_path / "out", []
    todo = [*tasks(5), Task(id="miss-1", goal="click 'Save'", verify_text="Saved 9")]
    report = run_tasks(todo, ["ok-a", "ok-b"], runner=ScriptedDesktops(log=str(log), hold=0.6),
                       out=out, notify=lines.append)  # fmt: skip
    rows = episodes(log)
    assert sorted(r["task"] for r in rows) == sorted(t.id for t in todo)
    _no_overlap_per_desktop(rows)
    # the two desktops worked at the same time, each from its own worker process
    a = [r for r in rows if r["desktop"] == "ok-a"]
    b = [r for r in rows if r["desktop"] == "ok-b"]
    assert a and b and {r["pid"] for r in rows}.isdisjoint({os.getpid()})
    # (some episode of one overlaps one of the other: a pool that ran them one at a time
    # never does; which ones is the machine's, as a busy machine starts a worker late)
    assert any(x["start"] < y["end"] and y["start"] < x["end"] for x in a for y in b)
    # results in the list's order; every trace written whole, each a real trace
    assert [r.task for r in report.results] == [t.id for t in todo]
    assert [r.outcome for r in report.results] == ["verified"] * 5 + ["not-verified"]
    assert report.verified == 5 and not report.all_verified and report.complete
    from tiny_computer_agent.records import load_trace

    for task in todo:
        trace = load_trace(out / f"{task.id}.json")
        assert (trace.task, trace.goal, trace.brain_name) == (task.id, task.goal, "planner")
        assert trace.metadata["desktop"] in ("ok-a", "ok-b")
    assert not list(out.glob(".*"))  # no temp file left behind
    board = json.loads((out / SCOREBOARD_FILE).read_text())
    assert board["totals"] == {"tasks": 6, "verified": 5,
                               "outcomes": {"verified": 5, "not-verified": 1}}  # fmt: skip
    assert [t["task"] for t in board["tasks"]] == [t.id for t in todo]
    assert any(line.startswith("miss-1: not-verified on ok-") for line in lines), lines


def test_a_desktop_that_is_down_or_dies_loses_only_its_task(tmp_path: Path) -> None:
    log, out, lines = tmp_path / "episodes.jsonl", tmp_path / "out", []
    report = run_tasks(tasks(4), ["down", "dies", "ok-a"], runner=ScriptedDesktops(log=str(log)),
                       out=out, notify=lines.append)  # fmt: skip
    rows = episodes(log)
    assert {r["desktop"] for r in rows} <= {"dies", "ok-a"}  # down was never used
    assert len([r for r in rows if r["desktop"] == "dies"]) == 1  # and dies only once
    by_task = {r.task: r for r in report.results}
    died = [r for r in report.results if r.desktop == "dies"]
    assert len(died) == 1 and died[0].outcome == "no-screen"
    assert "connection reset" in died[0].reason
    assert sum(r.outcome == "verified" for r in by_task.values()) == 3
    assert set(report.lost) == {"down", "dies"}
    assert "connection refused" in report.lost["down"]
    assert any(line.startswith("lost dies:") for line in lines), lines
    assert "lost down: down does not answer" in report.render()


def test_with_no_desktop_left_the_rest_is_not_run_and_says_why(tmp_path: Path) -> None:
    log = tmp_path / "episodes.jsonl"
    report = run_tasks(tasks(3), ["down", "dies"], runner=ScriptedDesktops(log=str(log)),
                       out=tmp_path / "out")  # fmt: skip
    outcomes = [r.outcome for r in report.results]
    assert outcomes.count("no-screen") == 1 and outcomes.count("not-run") == 2, outcomes
    assert report.no_desktop
    skipped = next(r for r in report.results if r.outcome == "not-run")
    assert "no desktop was left to run it" in skipped.reason and "connection" in skipped.reason


def test_a_rerun_resumes_skipping_valid_traces_and_reruns_the_rest(tmp_path: Path) -> None:
    log, out = tmp_path / "episodes.jsonl", tmp_path / "out"
    runner = ScriptedDesktops(log=str(log), hold=0.0)
    first = run_tasks(tasks(3), ["ok-a"], runner=runner, out=out)
    assert first.verified == 3
    (out / "t2.json").write_text('{"format": "tiny-computer-agent/trace", "schema')  # cut short
    changed = [
        *tasks(1),
        Task(id="t2", goal="click 'Save'", verify_text="Saved 2"),
        Task(id="t3", goal="click 'Open'", verify_text="Saved 3"),
        *tasks(1, prefix="n"),
    ]
    lines: list[str] = []
    second = run_tasks(changed, ["ok-a"], runner=runner, out=out, notify=lines.append)
    ran = [r["task"] for r in episodes(log)][3:]
    assert sorted(ran) == ["n1", "t2", "t3"], ran  # t1 is resumed, not run
    assert [r.resumed for r in second.results] == [True, False, False, False]
    assert second.results[0].outcome == "verified" and second.results[0].desktop == "ok-a"
    assert any("t1: done before (verified), not run again" in line for line in lines), lines
    assert any(line.startswith("t2: its trace is unreadable") for line in lines), lines
    assert any("t3: its goal or verify text changed" in line for line in lines), lines
    assert "resumed" in second.render()


def test_a_task_whose_desktop_died_is_run_again_on_resume(tmp_path: Path) -> None:
    log, out = tmp_path / "episodes.jsonl", tmp_path / "out"
    runner = ScriptedDesktops(log=str(log), hold=0.0)
    run_tasks(tasks(1), ["dies"], runner=runner, out=out)
    assert json.loads((out / "t1.json").read_text())["outcome"] == "no-screen"
    lines: list[str] = []
    again = run_tasks(tasks(1), ["ok-a"], runner=runner, out=out, notify=lines.append)
    assert again.results[0].outcome == "verified" and not again.results[0].resumed
    assert any("ended no-screen (the desktop or the run stopped" in line for line in lines)


INTERRUPTED = """
import sys
import faulthandler; faulthandler.dump_traceback_later(20, exit=True)
from tests.test_pool import ScriptedDesktops, tasks
from tiny_computer_agent.remote._pool import run_tasks

report = run_tasks(tasks(6), ["ok-a", "ok-b"], runner=ScriptedDesktops(log=sys.argv[1], hold=1.5),
                   out=sys.argv[2], notify=lambda line: print(line, flush=True))
print("complete" if report.complete else "stopped", flush=True)
"""


def test_ctrl_c_keeps_finished_traces_and_no_half_file_and_a_rerun_finishes(
    tmp_path: Path,
) -> None:
    log, out = tmp_path / "episodes.jsonl", tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-c", INTERRUPTED, str(log), str(out)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # the first finished episode
        assert ": verified on ok-" in first, first + proc.stderr.read() if proc.stderr else ""
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert stdout.rstrip().endswith("stopped"), stdout + stderr
    assert "Traceback" not in stderr, stderr
    written = sorted(p.name for p in out.glob("t*.json"))
    assert 1 <= len(written) < 6 and not list(out.glob(".*")), written
    board = json.loads((out / SCOREBOARD_FILE).read_text())
    assert board["complete"] is False and board["totals"]["tasks"] == len(written)
    rerun = run_tasks(tasks(6), ["ok-a", "ok-b"], runner=ScriptedDesktops(log=str(log), hold=0),
                      out=out)  # fmt: skip
    assert rerun.complete and rerun.verified == 6
    assert sum(r.resumed for r in rerun.results) == len(written)


class _CtrlCInSubmit:
    """An engine whose submit is hit by a Ctrl-C half-way, as a process pool's is
    while it spawns a worker; the probes answer at once."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def submit(self, fn: Any, /, *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if isinstance(args[0], str):  # a probe: the desktop answers
            future.set_result("")
            return future
        self.events.append(f"submit {args[0].id}")
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.3)
        self.events.append(f"submitted {args[0].id}")
        # the episode runs until the pool is stopped; should the Ctrl-C be lost, it fails
        # after a while, so the test fails (on the events) instead of hanging the suite
        lost = threading.Timer(30, future.set_exception, (TimeoutError("never stopped"),))
        lost.daemon = True
        lost.start()
        return future

    def close(self, *, abandon: bool) -> None:
        self.events.append(f"close abandon={abandon}")


def test_a_ctrl_c_waits_for_the_engine_to_finish_what_it_was_doing(tmp_path: Path) -> None:
    # raised inside a process pool's submit, it once left a worker the pool did not know
    # of, and the stopped run hung at exit after writing its scoreboard
    engine, said = _CtrlCInSubmit(), []
    scheduler = pool._Pool(runner=ScriptedDesktops(log=str(tmp_path / "log")), out=tmp_path,
                           say=said.append, results={})  # fmt: skip
    # Ctrl-C as a person's terminal has it, whatever an earlier test in this process left
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        assert pool._on_engine(scheduler, engine, ["ok-a", "ok-b"], tasks(3)) is False
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, before)
    assert engine.events == ["submit t1", "submitted t1", "close abandon=True"], engine.events
    assert said == ["stopped: the traces written so far are kept; run again to resume"]


# -- the scoreboard ---------------------------------------------------------------------


def test_the_scoreboard_renders_a_row_per_task_and_the_totals() -> None:
    results = (
        TaskResult(task="save", desktop="http://a:1", outcome="verified", reason="", steps=2,
                   seconds=1.25),
        TaskResult(task="open", desktop="", outcome="not-run", reason="no desktop"),
    )  # fmt: skip
    report = PoolReport(results=results, desktops=("http://a:1",), lost={"http://a:1": "gone"},
                        seconds=3.0)  # fmt: skip
    text = report.render().splitlines()
    assert text[0].split() == ["task", "outcome", "verified", "steps", "seconds", "desktop"]
    assert text[1].split() == ["save", "verified", "yes", "2", "1.2", "http://a:1"]
    assert text[2].split() == ["open", "not-run", "no", "0", "0.0", "-"]
    assert text[3] == "1 of 2 verified (50%); verified 1, not-run 1; 1 desktops, 3.0 s"
    assert text[4] == "lost http://a:1: gone"
    data = report.to_dict()
    assert data["desktops"] == [{"url": "http://a:1", "state": "lost", "why": "gone"}]
    assert typing.cast(list[Any], data["tasks"])[0]["verified"] is True


# -- a local Dask cluster -----------------------------------------------------------------


def test_a_local_dask_cluster_runs_the_list_one_episode_per_desktop(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")  # the 'cluster' extra (in dev)
    log, out = tmp_path / "episodes.jsonl", tmp_path / "out"
    # worker threads in this process, talking TCP (the live test runs worker processes)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=2, processes=False,
                                  protocol="tcp", dashboard_address=None) as cluster:  # fmt: skip
        report = run_tasks(tasks(4), ["ok-a", "ok-b"], runner=ScriptedDesktops(log=str(log)),
                           out=out, cluster=cluster.scheduler_address)  # fmt: skip
    assert report.verified == 4 and report.engine.startswith("tcp://")
    rows = episodes(log)
    assert {r["desktop"] for r in rows} == {"ok-a", "ok-b"}
    _no_overlap_per_desktop(rows)
    assert json.loads((out / SCOREBOARD_FILE).read_text())["totals"]["verified"] == 4


def test_a_cluster_that_does_not_answer_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(pool, "_CLUSTER_TIMEOUT", 1.0)
    from tiny_computer_agent._errors import ScreenUnavailable

    with pytest.raises(ScreenUnavailable, match=r"tcp://127.0.0.1:9 did not answer.*dask sch"):
        run_tasks(tasks(1), ["ok-a"], runner=ScriptedDesktops(log=str(tmp_path / "l")),
                  out=tmp_path / "out", cluster="tcp://127.0.0.1:9")  # fmt: skip


# -- the command line, over real --serve servers (scripted screens, in this process) -----


@pytest.fixture
def servers(tmp_path: Path) -> Any:
    """``servers(n, episodes)``: n real servers, each a dry run over a dialog that
    shows "Saved" after each click (its frames cycle before/after ``episodes`` times);
    the token file; every server is closed after."""
    from tiny_computer_agent.remote import serve, write_token_file

    token_file = tmp_path / "token"
    token = write_token_file(token_file)
    made: list[Any] = []

    def start(n: int, episodes: int = 4) -> tuple[list[str], Path]:
        before, after = ["File", "Save", "Cancel"], ["File", "Saved"]
        for _ in range(n):
            screen = ScriptedScreen.of_labels(*[before, after] * episodes)
            made.append(serve(screen=screen, policy=Policy(), token=token).start())
        return [s.url for s in made[-n:]], token_file

    yield start
    for server in made:
        server.close()


def task_file(path: Path, n: int) -> Path:
    rows = [{"id": f"save-{i}", "goal": "click 'Save'", "verify_text": "Saved",
             "expected": ["Save"]} for i in range(1, n + 1)]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def cli(*argv: str) -> tuple[int, str, str]:
    import io

    from tiny_computer_agent.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_cli_runs_a_task_list_over_two_served_desktops(tmp_path: Path, servers: Any) -> None:
    urls, token = servers(2)
    closed = "http://127.0.0.1:9"  # nothing listens there: lost at the start, not fatal
    tasks_path, out = task_file(tmp_path / "tasks.jsonl", 4), tmp_path / "runs"
    code, stdout, stderr = cli("--tasks", str(tasks_path), "--desktops", ",".join([*urls, closed]),
                               "--token-file", str(token), "--out", str(out))  # fmt: skip
    assert code == 0, stdout + stderr
    rows = [line.split() for line in stdout.splitlines()[1:5]]
    assert [r[:4] for r in rows] == [[f"save-{i}", "verified", "yes", "1"] for i in range(1, 5)]
    assert {r[5] for r in rows} == set(urls)  # both desktops took tasks
    assert "4 of 4 verified (100%)" in stdout and f"lost {closed}:" in stdout
    from tiny_computer_agent.records import load_trace

    trace = load_trace(out / "save-3.json")
    assert trace.expected is not None and trace.metadata["desktop"] in urls
    assert trace.dry_run  # the servers are not armed
    board = json.loads((out / "scoreboard.json").read_text())
    assert board["tasks"][0]["verdict"].startswith("correct"), board["tasks"][0]
    code, stdout, stderr = cli("--tasks", str(tasks_path), "--desktops", urls[0],
                               "--token-file", str(token), "--out", str(out), "--json")  # fmt: skip
    assert code == 0 and stderr.count("not run again") == 4, stderr
    assert [t["resumed"] for t in json.loads(stdout)["tasks"]] == [True] * 4
    code, stdout, stderr = cli("--score", str(out), "--brains", "planner,first-item")
    assert code == 0 and "planner" in stdout, stdout + stderr  # the scoreboard is skipped


def test_no_desktop_reachable_exits_3_and_the_scoreboard_says_why(
    tmp_path: Path, servers: Any
) -> None:
    _, token = servers(0)
    out = tmp_path / "runs"
    tasks_path = str(task_file(tmp_path / "t.jsonl", 2))
    code, stdout, stderr = cli("--tasks", tasks_path, "--desktops", "http://127.0.0.1:9",
                               "--token-file", str(token), "--out", str(out))  # fmt: skip
    assert code == 3, stdout + stderr
    board = json.loads((out / "scoreboard.json").read_text())
    assert [t["outcome"] for t in board["tasks"]] == ["not-run", "not-run"]
    assert "127.0.0.1:9" in board["tasks"][0]["reason"]


def test_a_wrong_token_loses_the_desktop_with_the_reason(tmp_path: Path, servers: Any) -> None:
    from tiny_computer_agent.remote import write_token_file

    urls, _ = servers(1)
    other = tmp_path / "other-token"
    write_token_file(other)
    tasks_path = str(task_file(tmp_path / "t.jsonl", 1))
    code, stdout, _ = cli("--tasks", tasks_path, "--desktops", urls[0], "--token-file", str(other),
                          "--out", str(tmp_path / "o"))  # fmt: skip
    assert code == 3 and "token" in stdout.split("lost ", 1)[1], stdout


USAGE = [
    (["--desktops", "http://a:1"], "--desktops belongs to --tasks FILE"),
    (["--out", "x"], "--out belongs to --tasks FILE"),
    (["--tasks", "T", "--out", "o", "--token-file", "K"], "--tasks needs --desktops"),
    (["--tasks", "T", "--desktops", "http://a:1", "--out", "o"], "--tasks needs --token-file"),
    (["--tasks", "T", "--desktops", "http://a:1", "--token-file", "K", "--out", "o", "go"],
     "drop a GOAL"),
    (["--tasks", "T", "--desktops", "http://a:1", "--token-file", "K", "--out", "o", "--live"],
     "drop --live"),
    (["--tasks", "T", "--desktops", "http://a:1", "--token-file", "K", "--out", "o", "--console"],
     "drop --console"),
    (["--tasks", "T", "--desktops", "ftp://a:1", "--token-file", "K", "--out", "o"],
     "--desktops 'ftp://a:1' is not an http(s) URL"),
    (["--tasks", "T", "--desktops", "http://a:1,http://a:1", "--token-file", "K", "--out", "o"],
     "names http://a:1 twice"),
    (["--tasks", "T", "--desktops", "http://a:1,", "--token-file", "K", "--out", "o"],
     "has an empty entry"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "message"), USAGE)
def test_task_list_usage_errors_exit_2_naming_the_fix(
    tmp_path: Path, argv: list[str], message: str
) -> None:
    code, _, stderr = cli(*argv)
    assert code == 2 and message in stderr, stderr


def test_a_bad_task_file_exits_2_naming_the_line_and_field(tmp_path: Path, servers: Any) -> None:
    urls, token = servers(1)
    bad = tmp_path / "tasks.jsonl"
    bad.write_text('{"id": "a", "goal": "g", "verify_text": "v"}\n{"id": "b", "goal": "g"}\n')
    code, _, stderr = cli("--tasks", str(bad), "--desktops", urls[0], "--token-file", str(token),
                          "--out", str(tmp_path / "o"))  # fmt: skip
    assert code == 2, stderr
    assert "tasks.jsonl line 2: field 'verify_text' is missing" in stderr
    assert not (tmp_path / "o").exists()  # nothing was started
