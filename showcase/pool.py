"""Many desktops: a task list over a pool of --serve desktops, one episode on each at a time."""

from __future__ import annotations

from ._framework import Transcript, capability, namespace


@capability(
    "task-pool",
    "Many desktops: a task list over a pool of --serve desktops, in parallel",
    "Each desktop takes one task at a time from a queue; the brain runs in a worker process "
    "(a local pool, or a Dask cluster with --cluster); each trace is written as its episode "
    "ends, a rerun resumes, and a desktop that does not answer loses only its own tasks.",
    shows=[
        "remote.POOL_OUTCOMES",
        "remote.PoolReport",
        "remote.PoolReport.all_verified",
        "remote.PoolReport.no_desktop",
        "remote.PoolReport.outcomes",
        "remote.PoolReport.render",
        "remote.PoolReport.to_dict",
        "remote.PoolReport.to_json",
        "remote.PoolReport.verified",
        "remote.RemoteRunner",
        "remote.RemoteRunner.probe",
        "remote.Runner",
        "remote.Runner.probe",
        "remote.Task",
        "remote.Task.to_dict",
        "remote.TaskResult",
        "remote.TaskResult.of",
        "remote.TaskResult.to_dict",
        "remote.TaskResult.verified",
        "remote.load_tasks",
        "remote.run_tasks",
    ],
)
def task_pool() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import json, pathlib, tempfile
        from tiny_computer_agent import remote
        folder = pathlib.Path(tempfile.mkdtemp())
        token = remote.write_token_file(folder / "token")
        # two desktops, each a --serve over a dialog that says "Saved" after a click
        frames = [["File", "Save", "Cancel"], ["File", "Saved"]] * 8
        servers = [remote.serve(screen=tca.ScriptedScreen.of_labels(*frames),
                                policy=tca.Policy(), token=token).start() for _ in range(2)]
        desktops = [s.url for s in servers] + ["http://127.0.0.1:9"]  # the last is down
        (folder / "tasks.jsonl").write_text("".join(json.dumps(
            {"id": f"save-{i}", "goal": "click 'Save'", "verify_text": "Saved",
             "expected": ["Save"]}) + "\\n" for i in range(1, 5)))
        tasks = remote.load_tasks(folder / "tasks.jsonl")
        print(tasks[0].to_dict())
        runner = remote.RemoteRunner(token=token, brain="planner")  # runs in each worker
        print("probe:", runner.probe(desktops[-1])[:70])
        report = remote.run_tasks(tasks, desktops, runner=runner, out=folder / "runs")
        print(report.render())
        print(report.verified, report.all_verified, report.no_desktop, report.outcomes())
        print(sorted(p.name for p in (folder / "runs").iterdir()))
        """,
        ns,
    )
    t.python(
        """
        lines = []  # a rerun resumes: valid traces are not run again
        again = remote.run_tasks(tasks, desktops[:1], runner=runner, out=folder / "runs",
                                 notify=lines.append)
        print(*lines, sep="\\n")
        print(json.loads(again.to_json())["totals"], again.to_dict()["tasks"][0]["resumed"])
        print(remote.POOL_OUTCOMES[-2:], isinstance(runner, remote.Runner))
        """,
        ns,
    )
    t.python(
        """
        # a runner of your own: any picklable object with __call__(task, desktop) and probe()
        brain = tca.PlannerBrain()
        ep = tca.run_episode(tasks[0].goal, screen=tca.ScriptedScreen.of_labels(*frames[:2]),
                             brain=brain, verify_text=tasks[0].verify_text)
        result = remote.TaskResult.of(ep, task=tasks[0], desktop="mine", brain=brain,
                                      seconds=0.1, menu_size=12)
        print(result.verified, result.to_dict())
        for server in servers:
            server.close()
        """,
        ns,
    )
    return t
