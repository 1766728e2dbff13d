"""Many desktops for real: two ``--serve --live --real-input`` processes, each on its own
private Xvfb with a Tk program, driven by ``--tasks`` from a process with no DISPLAY --
once with the local process pool, once on a Dask cluster started here (a ``dask
scheduler`` and two ``dask worker`` processes) -- and a run stopped by SIGTERM that a
rerun resumes. The programs' own reports of what was clicked are the proof: every task
pressed its button once, on the desktop the scoreboard names (issue 13, item 5)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from devsupport.xdesktop import App, Desk, desk
from tiny_computer_agent.desktop._xvfb import stop_process
from tiny_computer_agent.records import load_trace
from tiny_computer_agent.remote import write_token_file

pytestmark = pytest.mark.live

_MAIN = "import sys; from tiny_computer_agent.cli import main; sys.exit(main(sys.argv[1:]))"
#: Every task is "click 'NAME'", and the app then shows "NAME done notes.txt".
BUTTONS = ("Alpha", "Bravo", "Delta", "Kilo", "Lima", "Oscar", "Papa", "Romeo")


@dataclasses.dataclass
class Desktop:
    """One private Xvfb, its Tk program and its ``--serve`` process."""

    desk: Desk
    app: App
    url: str
    proc: subprocess.Popen[str]
    log: list[str]

    def clicks(self) -> list[str]:
        return [e["button"] for e in self.app.events() if e.get("event") == "click"]


@dataclasses.dataclass
class Pool:
    desktops: list[Desktop]
    token: Path
    tmp: Path

    def by_url(self) -> dict[str, Desktop]:
        return {d.url: d for d in self.desktops}

    def env(self) -> dict[str, str]:
        """The driver's environment: no display at all and no arming, so whatever
        happens on a screen, its own --serve did it."""
        env = self.desktops[0].desk.env(TINY_COMPUTER_AGENT_HOME=str(self.tmp / "driver-state"))
        for name in ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY"):
            env.pop(name, None)
        return env

    def argv(self, tasks: Path, out: Path, *extra: str) -> list[str]:
        urls = ",".join(d.url for d in self.desktops)
        return [sys.executable, "-c", _MAIN, "--tasks", str(tasks), "--desktops", urls,
                "--token-file", str(self.token), "--out", str(out), *extra]  # fmt: skip

    def run(self, tasks: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.argv(tasks, out, *extra), env=self.env(), cwd=self.tmp,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=300, check=False)  # fmt: skip


def _serve(d: Desk, token: Path) -> tuple[subprocess.Popen[str], str, list[str]]:
    proc = subprocess.Popen(
        [sys.executable, "-c", _MAIN, "--serve", "--live", "--real-input", "--port", "0",
         "--token-file", str(token)],
        env=d.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1"), stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True, cwd=d.tmp, start_new_session=True,
    )  # fmt: skip
    assert proc.stderr is not None
    seen: list[str] = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith("serving on "):
            assert any("ARMED" in s for s in seen), seen
            threading.Thread(target=lambda: seen.extend(proc.stderr or ()), daemon=True).start()
            return proc, line.split()[-1], seen
    stop_process(proc)
    raise AssertionError("--serve printed no 'serving on' line:\n" + "".join(seen))


@pytest.fixture
def pool(tmp_path: Path) -> Iterator[Pool]:
    """Two private desktops, each with the Tk program (all of BUTTONS) and an armed
    ``--serve``; one token file for both. Every process is stopped by its PID."""
    token = tmp_path / "token"
    write_token_file(token)
    with contextlib.ExitStack() as stack:
        desktops = []
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            d = stack.enter_context(contextlib.contextmanager(desk)(tmp_path / name))
            app = d.app(BUTTONS, prompt=f"Desktop {name.upper()}")
            proc, url, log = _serve(d, token)
            stack.callback(stop_process, proc)
            desktops.append(Desktop(desk=d, app=app, url=url, proc=proc, log=log))
        yield Pool(desktops=desktops, token=token, tmp=tmp_path)


def task_list(path: Path, buttons: Sequence[str]) -> Path:
    rows = [{"id": name.lower(), "goal": f"click '{name}'", "verify_text": f"{name} done",
             "expected": [name]} for name in buttons]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _check_run(pool: Pool, out: Path, buttons: Sequence[str], before: dict[str, int]) -> None:
    """Every task verified, and the program on the desktop the scoreboard names says its
    button was pressed exactly once in this run (and nothing else was)."""
    board = json.loads((out / "scoreboard.json").read_text())
    assert [t["outcome"] for t in board["tasks"]] == ["verified"] * len(buttons), board
    pressed: dict[str, list[str]] = {d.url: d.clicks()[before[d.url] :] for d in pool.desktops}
    for task, name in zip(board["tasks"], buttons, strict=True):
        assert pressed[task["desktop"]].count(name) == 1, (task, pressed)
        trace = load_trace(out / f"{name.lower()}.json")
        assert not trace.dry_run and trace.metadata["desktop"] == task["desktop"]
        assert task["verdict"].startswith("correct"), task
    assert sorted(n for names in pressed.values() for n in names) == sorted(buttons), pressed
    assert all(pressed.values()), f"one desktop did every task: {pressed}"


def _counts(pool: Pool) -> dict[str, int]:
    return {d.url: len(d.clicks()) for d in pool.desktops}


@contextlib.contextmanager
def dask_cluster(tmp: Path, env: dict[str, str]) -> Iterator[str]:
    """A ``dask scheduler`` and two single-threaded ``dask worker`` processes (no
    nanny), all stopped by PID; yields the scheduler's tcp:// address."""
    info = tmp / "scheduler.json"

    def start(*argv: str) -> subprocess.Popen[str]:
        quiet = subprocess.DEVNULL
        return subprocess.Popen([sys.executable, "-m", "dask", *argv], env=env, cwd=tmp,
                                stdin=quiet, stdout=quiet, stderr=quiet, start_new_session=True,
                                text=True)  # fmt: skip

    procs = [start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                   "--scheduler-file", str(info))]  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        for n in (1, 2):
            procs.append(start("worker", address, "--no-nanny", "--nthreads", "1",
                               "--no-dashboard", "--name", f"w{n}"))  # fmt: skip
        yield address
    finally:
        for proc in reversed(procs):
            stop_process(proc)


def _wait_workers(address: str, n: int) -> None:
    from distributed import Client

    with Client(address, timeout=60, set_as_default=False) as client:
        client.wait_for_workers(n, timeout=120)


def test_a_task_list_runs_over_two_served_desktops_locally_then_on_a_dask_cluster(
    pool: Pool,
) -> None:
    first, second = BUTTONS[:4], BUTTONS[4:]
    local = pool.run(task_list(pool.tmp / "local.jsonl", first), pool.tmp / "local")
    assert local.returncode == 0, local.stdout + local.stderr
    assert "4 of 4 verified (100%)" in local.stdout
    assert "over 2 desktops (2 local worker processes)" in local.stderr
    _check_run(pool, pool.tmp / "local", first, {d.url: 0 for d in pool.desktops})

    pytest.importorskip("distributed")  # the 'cluster' extra (in dev)
    before = _counts(pool)
    with dask_cluster(pool.tmp, pool.env()) as address:
        _wait_workers(address, 2)
        remote = pool.run(task_list(pool.tmp / "cluster.jsonl", second), pool.tmp / "cluster",
                          "--cluster", address)  # fmt: skip
    assert remote.returncode == 0, remote.stdout + remote.stderr
    assert json.loads((pool.tmp / "cluster" / "scoreboard.json").read_text())["engine"] == address
    _check_run(pool, pool.tmp / "cluster", second, before)


def test_a_run_stopped_by_sigterm_keeps_its_traces_and_a_rerun_resumes(pool: Pool) -> None:
    buttons = BUTTONS[:5]
    tasks, out = task_list(pool.tmp / "tasks.jsonl", buttons), pool.tmp / "runs"
    proc = subprocess.Popen(pool.argv(tasks, out), env=pool.env(), cwd=pool.tmp, text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)  # fmt: skip
    try:
        assert proc.stderr is not None
        lines = []
        for line in proc.stderr:
            lines.append(line)
            if " verified on http" in line:
                break
        assert lines and " verified on http" in lines[-1], "".join(lines)
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        stop_process(proc)
    assert proc.returncode == 143, "".join(lines) + stdout + stderr
    assert "stopped before the end: run the same command again to resume" in stdout
    done = sorted(p.stem for p in out.glob("*.json") if p.name != "scoreboard.json")
    assert 1 <= len(done) < len(buttons) and not list(out.glob(".*")), done
    board = json.loads((out / "scoreboard.json").read_text())
    assert board["complete"] is False and sorted(t["task"] for t in board["tasks"]) == done

    # an episode cut off mid-way may have pressed its button: start both programs afresh,
    # so the rerun's presses are all that their new reports hold
    for d in pool.desktops:
        d.desk.vd.stop(d.app.proc)
        d.app.marker.unlink(missing_ok=True)
        d.app = d.desk.app(BUTTONS, prompt="Desktop again")
    rerun = pool.run(tasks, out)
    assert rerun.returncode == 0, rerun.stdout + rerun.stderr
    for name in done:
        assert f"{name}: done before (verified), not run again" in rerun.stderr
    pressed = sorted(n for d in pool.desktops for n in d.clicks())
    assert pressed == sorted(b for b in buttons if b.lower() not in done), (pressed, done)
    final = json.loads((out / "scoreboard.json").read_text())
    assert final["complete"] and final["totals"]["verified"] == len(buttons)
    assert [t["resumed"] for t in final["tasks"]] == [b.lower() in done for b in buttons]


def test_a_desktop_that_dies_mid_run_fails_one_task_and_the_other_finishes_the_list(
    pool: Pool,
) -> None:
    # all eight: while b does its first task (its first look reads the whole screen),
    # a may finish several, and b must still find one left to take after it dies
    buttons = BUTTONS
    tasks, out = task_list(pool.tmp / "tasks.jsonl", buttons), pool.tmp / "runs"
    b = pool.desktops[1]
    proc = subprocess.Popen(pool.argv(tasks, out), env=pool.env(), cwd=pool.tmp, text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)  # fmt: skip
    try:
        assert proc.stderr is not None
        lines = []
        for line in proc.stderr:
            lines.append(line)
            if f"verified on {b.url}" in line:
                b.proc.kill()  # b's --serve dies; b gets its next task at about this moment
                break
        stdout, stderr = proc.communicate(timeout=240)
    finally:
        stop_process(proc)
    assert proc.returncode == 1, "".join(lines) + stdout + stderr
    board = json.loads((out / "scoreboard.json").read_text())
    outcomes = {t["task"]: (t["outcome"], t["desktop"]) for t in board["tasks"]}
    failed = [t for t in board["tasks"] if t["outcome"] != "verified"]
    assert len(failed) == 1 and failed[0]["outcome"] == "no-screen", outcomes
    assert failed[0]["desktop"] == b.url and b.url in failed[0]["reason"], failed
    assert board["desktops"][1]["state"] == "lost", board["desktops"]
    # every other task was pressed exactly once, on the desktop the scoreboard names
    for task in board["tasks"]:
        if task["outcome"] == "verified":
            on = pool.by_url()[task["desktop"]]
            assert on.clicks().count(task["task"].capitalize()) == 1, (task, on.clicks())
    assert f"lost {b.url}" in stdout
