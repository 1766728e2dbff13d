"""The warm engine (issue 38, item 3): a background process per user and display that
keeps the OCR engine and the screen's index warm on a Unix socket in the state folder.
Fast tests: the socket transport, the stale and refused cases, the rule for starting
by itself, the flags. Live tests: the engine on a private Xvfb with a real Tk program,
a one-shot run that looks through it (and one that acts for real), --no-engine, the
idle exit. Every engine a test starts is ended by its PID in a fixture."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, desk, eventually
from tiny_computer_agent import Policy, ScriptedScreen
from tiny_computer_agent.cli import main
from tiny_computer_agent.cli._engine import EnginePaths, starts_by_itself
from tiny_computer_agent.remote import RemoteScreen, serve

from .helpers import dialog

TOKEN = "engine-test-token-0123456789abcdef"


@pytest.fixture
def short_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A state folder with a short path (a Unix socket path holds ~100 bytes)."""
    home = Path(tempfile.mkdtemp(prefix="tca-"))
    monkeypatch.setenv("TINY_COMPUTER_AGENT_HOME", str(home))
    try:
        yield home
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# -- fast -----------------------------------------------------------------------------


def test_the_serve_endpoints_answer_over_a_private_unix_socket(short_home: Path) -> None:
    path = str(short_home / "e.sock")
    screen = ScriptedScreen(frames=(dialog("File", "Save"),))
    server = serve(screen=screen, policy=Policy(), token=TOKEN, unix_socket=path).start()
    try:
        assert server.url == f"unix:{path}"
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        client = RemoteScreen("http://engine", token=TOKEN, timeout=5, unix_socket=path)
        assert [e.label for e in client.capture().elements] == ["File", "Save"]
        assert client.health()["keeps_index_current"] is False
    finally:
        server.close()
    assert not os.path.lexists(path)  # the socket goes with the server


def test_the_engine_never_starts_by_itself_in_tests_ci_or_pipes() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert starts_by_itself({}, Tty()) == ""
    assert starts_by_itself({"CI": "true"}, Tty()) == "CI is set"
    assert starts_by_itself({"CI": "false"}, Tty()) == ""
    assert starts_by_itself({"PYTEST_CURRENT_TEST": "x"}, Tty()) == "under pytest"
    assert starts_by_itself({}, io.StringIO()) == "stdin is not a terminal"
    assert starts_by_itself({}, None) == "stdin is not a terminal"
    assert "PYTEST_CURRENT_TEST" in os.environ  # so no run in this suite starts one


def test_a_display_names_its_files() -> None:
    paths = EnginePaths.of(Path("/s"), ":99")
    assert (paths.socket, paths.meta) == (Path("/s/engine-99.sock"), Path("/s/engine-99.json"))
    assert EnginePaths.of(Path("/s"), "localhost:10.0").socket.name == "engine-localhost_10.0.sock"
    assert EnginePaths.of(Path("/s"), "").socket.name == "engine-default.sock"


def _stale_run(monkeypatch: pytest.MonkeyPatch, home: Path) -> str:
    """A --live run on a display that is not there: the engine line comes first."""
    monkeypatch.setenv("DISPLAY", ":987")
    code, _, err = _cli("--live", "click 'Save'")
    assert code == 3, err  # no screen: the run itself still needs a display
    return err


def test_a_socket_that_does_not_answer_is_stale_and_the_run_works_in_process(
    short_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    short_home.chmod(0o700)
    sock = short_home / "engine-987.sock"
    sock.write_text("not a socket")
    err = _stale_run(monkeypatch, short_home)
    assert "engine: stale (" in err and "engine-987.json" in err
    assert "working in-process" in err
    sock.unlink()  # now a real socket nobody listens on, with its metadata
    with socket.socket(socket.AF_UNIX) as dead:
        dead.bind(str(sock))
    os.chmod(sock, 0o600)
    settings = {"detector": "auto", "monitor": None, "max_width": None, "scale": None}
    meta = {"pid": 1, "version": _version(), "token": TOKEN, "display": ":987",
            "settings": settings}  # fmt: skip
    fd = os.open(short_home / "engine-987.json", os.O_WRONLY | os.O_CREAT, 0o600)
    with os.fdopen(fd, "w") as fh:
        json.dump(meta, fh)
    err = _stale_run(monkeypatch, short_home)
    assert "engine: stale (its socket did not answer within 1.5 s" in err, err
    assert "working in-process" in err and "engine: warm" not in err


def _version() -> str:
    from tiny_computer_agent import __version__

    return __version__


def test_a_group_writable_state_folder_is_refused(
    short_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    short_home.chmod(0o775)
    monkeypatch.setenv("DISPLAY", ":987")
    code, _, err = _cli("--warm")
    assert code == 1, err
    assert "engine: refused" in err and f"chmod go-w {short_home}" in err
    assert not list(short_home.glob("engine-*"))  # nothing was started or written
    err = _stale_run(monkeypatch, short_home)
    assert "engine: refused (" in err and "working in-process" in err


def test_no_engine_is_looked_for_with_no_engine(
    short_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    err = _stale_run(monkeypatch, short_home)
    assert "engine: none, working in-process" in err
    monkeypatch.setenv("DISPLAY", ":987")
    code, _, err = _cli("--live", "--no-engine", "click 'Save'")
    assert code == 3 and "engine:" not in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--warm", "--engine-stop"], "pick one"),
        (["--warm", "click 'Save'"], "takes no a GOAL"),
        (["--warm", "--image", "example"], "takes no --image"),
        (["--warm", "--no-engine"], "--no-engine turns the engine off"),
        (["--warm", "--engine-idle", "0"], "--engine-idle must be a positive"),
        (["--warm", "--engine-idle", "nan"], "--engine-idle must be a positive"),
    ],
)
def test_engine_flags_that_do_not_belong_together_exit_2(argv: list[str], says: str) -> None:
    code, _, err = _cli(*argv)
    assert code == 2 and says in err, err


# -- live -----------------------------------------------------------------------------


@dataclasses.dataclass
class Engines:
    """A private Xvfb, a state folder with a short path, and the engines started there."""

    desk: Desk
    home: Path
    pids: list[int] = dataclasses.field(default_factory=list)

    def run(self, *argv: str, armed: bool = False) -> subprocess.CompletedProcess[str]:
        env = {"TINY_COMPUTER_AGENT_HOME": str(self.home)}  # not Desk.env()'s own folder
        return self.desk.run_cli(argv, armed=armed, env=env, timeout=180)

    def warm(self, *flags: str) -> int:
        done = self.run("--warm", *flags)
        assert done.returncode == 0, done.stderr
        pid = int(done.stderr.split("engine: warm, pid ")[1].split()[0])
        self.pids.append(pid)
        return pid

    @property
    def socket(self) -> Path:
        return self.home / f"engine-{self.desk.display.lstrip(':')}.sock"


@pytest.fixture
def engines(tmp_path: Path) -> Iterator[Engines]:
    """Every engine started in a test is ended by its PID afterwards (from what --warm
    said and from its metadata)."""
    home = Path(tempfile.mkdtemp(prefix="tca-"))
    try:
        for d in desk(tmp_path):
            found = Engines(desk=d, home=home)
            try:
                yield found
            finally:
                for meta in home.glob("engine-*.json"):
                    with contextlib.suppress(ValueError, OSError, KeyError):
                        found.pids.append(int(json.loads(meta.read_text())["pid"]))
                for pid in found.pids:
                    _end(pid)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _end(pid: int) -> None:
    """SIGTERM, then SIGKILL after 10 s; bounded."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(pid):
            time.sleep(0.1)
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """The process runs (a zombie no one has reaped yet does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(OSError):
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    return True


@pytest.mark.live
def test_a_one_shot_run_looks_through_the_warm_engine_and_acts_itself(engines: Engines) -> None:
    app = engines.desk.app(("Don't Save", "Cancel", "Save"))
    pid = engines.warm("--engine-idle", "120")
    info = os.lstat(engines.socket)
    assert stat.S_ISSOCK(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o600
    dry = engines.run("--live", "click 'Save'")
    assert f"engine: warm, pid {pid}" in dry.stderr, dry.stderr
    assert "decided: click 'Save'" in dry.stdout and "dry run" in dry.stdout
    assert app.events() == []  # a dry run stays a dry run
    real = engines.run(
        "--live", "--real-input", "--verify-text", "Saved", "click 'Save'", armed=True
    )
    assert real.returncode == 0, real.stdout + real.stderr
    assert f"engine: warm, pid {pid}" in real.stderr
    clicks = [e for e in app.events() if e.get("event") == "click"]
    assert clicks == [{"event": "click", "button": "Save"}]  # the program's own word
    alone = engines.run("--live", "--no-engine", "click 'Save'")
    assert "engine:" not in alone.stderr and "decided: click 'Save'" in alone.stdout
    stopped = engines.run("--engine-stop")
    assert f"engine: stopped, pid {pid}" in stopped.stderr, stopped.stderr
    assert not os.path.lexists(engines.socket) and not _alive(pid)


@pytest.mark.live
def test_the_engine_exits_after_its_idle_time_and_leaves_no_socket(engines: Engines) -> None:
    engines.desk.app(("Cancel", "Save"))
    # 2 s may pass before its first look is done: that look is still answered (--warm
    # exits 0), as a request in flight always is, and then it goes
    pid = engines.warm("--engine-idle", "2")
    eventually(lambda: not _alive(pid), "the idle engine exits", timeout=30, poll=0.2)
    assert not os.path.lexists(engines.socket)
    after = engines.run("--live", "click 'Save'")
    assert "engine: none, working in-process" in after.stderr, after.stderr
