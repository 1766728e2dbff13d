"""Session logs on the real loop: what events.jsonl says, the PNG frames beside it, that
a crash leaves a log that still reads and converts, and the CLI's flags and errors.

Frames come from :class:`ImageScreen` over the example desktop's PNG files with the
grid detector (no OCR, so the file stays fast); a secret is shown on a real picture.
"""

from __future__ import annotations

import io
import json
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import (
    Element,
    GridDetector,
    ImageScreen,
    Observation,
    PlannerBrain,
    ScriptedBrain,
    ScriptedScreen,
    Trace,
    run_episode,
    save_example,
    score_recorded,
)
from tiny_computer_agent.cli import EXIT_OK, EXIT_USAGE, main
from tiny_computer_agent.records import (
    SessionError,
    SessionLog,
    default_session_folder,
    list_sessions,
    load_session,
    session_to_trace,
)
from tiny_computer_agent.records._schema import TraceReader

PIL = pytest.importorskip("PIL.Image")
ROOT = Path(__file__).resolve().parent.parent
CLICK_CELL = json.dumps([{"verb": "click", "target": "cell 5"}])


@pytest.fixture
def pngs(tmp_path: Path) -> list[Path]:
    """The example desktop as two PNG files: the Save dialog, then the saved document."""
    return save_example(tmp_path / "frames-in")


def _screen(pngs: Sequence[Path]) -> ImageScreen:
    return ImageScreen.of(pngs, detector=GridDetector())


def _cli(argv: Sequence[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _lines(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _grid_run(folder: Path, pngs: Sequence[Path], **create: Any) -> Any:
    brain = ScriptedBrain.of([{"verb": "click", "target": "cell 5"}])
    with SessionLog.create(folder, **create) as session:
        return run_episode("click cell 5", screen=_screen(pngs), brain=brain, listeners=[session])


# -- what the log says ----------------------------------------------------------------


def test_events_come_in_run_order_without_pixels_and_steps_read_as_trace_steps(
    tmp_path: Path, pngs: list[Path]
) -> None:
    folder = tmp_path / "s"
    episode = _grid_run(folder, pngs)
    events = _lines(folder)
    kinds = [e["kind"] for e in events]
    assert kinds == ["start", "observe", "decide", "verdict", "step", "observe", "decide",
                     "step", "end"]  # fmt: skip
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert all(isinstance(e["t"], float) for e in events)
    start, observe, decide, verdict, step = events[:5]
    assert start["goal"] == "click cell 5" and start["settings"]["dry_run"] is True
    assert observe["menu"][0].startswith("1. cell") and observe["frame"] == "frames/step-001.png"
    assert observe["observation"]["size"] == [1280, 800] and "image" not in observe["observation"]
    assert decide["decision"]["action"] == {"verb": "click", "target": "cell 5"}
    assert verdict == {**verdict, "allowed": True, "refusal": None, "held": ""}
    # a step event is a trace step: the strict trace reader takes it as it is
    read = TraceReader("events.jsonl").step(step["step"], "step")
    assert read.decision is not None and read.result is not None and read.allowed is True
    assert read.result.description.startswith("dry run, nothing touched: would click 'cell 5'")
    end = events[-1]
    assert end["outcome"] == episode.outcome == "claimed" and end["steps"] == 2
    meta = json.loads((folder / "session.json").read_text())
    assert meta["format"] == "tiny-computer-agent/session" and meta["outcome"] == "claimed"
    assert (
        meta["goal"] == "click cell 5" and meta["steps"] == 2 and meta["ended"] >= meta["started"]
    )


def test_frames_are_the_pictures_each_step_saw_and_every_file_is_private(
    tmp_path: Path, pngs: list[Path]
) -> None:
    folder = tmp_path / "s"
    _grid_run(folder, pngs)
    before, after = (PIL.open(p).convert("RGB") for p in pngs)
    step1 = PIL.open(folder / "frames/step-001.png").convert("RGB")
    step2 = PIL.open(folder / "frames/step-002.png").convert("RGB")
    assert step1.tobytes() == before.tobytes()  # the "before" of action 1
    assert step2.tobytes() == after.tobytes()  # its "after", and what step 2 looked at
    end = _lines(folder)[-1]
    assert end["frame"] == "frames/step-002.png"  # the final frame is step 2's: not written twice
    assert sorted(p.name for p in (folder / "frames").iterdir()) == ["step-001.png", "step-002.png"]
    assert _mode(folder) == _mode(folder / "frames") == 0o700
    for path in (folder / "events.jsonl", folder / "session.json", *folder.glob("frames/*")):
        assert _mode(path) == 0o600, path
    assert load_session(folder).frames == (
        folder / "frames/step-001.png",
        folder / "frames/step-002.png",
    )


def test_a_passive_step_names_the_same_frame_file_instead_of_writing_it_again(
    tmp_path: Path, pngs: list[Path]
) -> None:
    brain = ScriptedBrain.of(
        [{"verb": "wait_for", "seconds": 0.3}, {"verb": "click", "target": "cell 5"}]
    )
    folder = tmp_path / "s"
    with SessionLog.create(folder) as session:
        ep = run_episode("wait, then click cell 5", screen=_screen(pngs[:1]), brain=brain,
                         listeners=[session], verify_text="nothing")  # fmt: skip
    assert ep.steps[0].result is not None and ep.steps[0].result.passive
    frames = [e["frame"] for e in _lines(folder) if e["kind"] == "observe"]
    assert frames[:2] == ["frames/step-001.png", "frames/step-001.png"]
    assert not (folder / "frames/step-002.png").exists()


def test_no_frames_writes_events_only(tmp_path: Path, pngs: list[Path]) -> None:
    folder = tmp_path / "s"
    _grid_run(folder, pngs, frames=False)
    assert list((folder / "frames").iterdir()) == []
    assert {e.get("frame") for e in _lines(folder) if e["kind"] == "observe"} == {None}
    assert json.loads((folder / "session.json").read_text())["frames"] is False


# -- secrets ----------------------------------------------------------------------------

SECRET = "Zebra4512"


class _ShowsSecret:
    """A real Screen: a white picture with a black bar where a field shows the secret,
    and the element index a detector would make of it."""

    def __init__(self, prose: Sequence[str] = (), *, as_value: bool = False) -> None:
        self.image = PIL.new("RGB", (400, 200), "white")
        self.image.paste((200, 0, 0), (50, 50, 250, 90))  # the field's text, in red
        self.prose = tuple(prose)
        self.as_value = as_value  # the fused index: a field named Code holding the secret

    def capture(self) -> Observation:
        field = (
            Element(label="Code", box=(50, 50, 250, 90), kind="field", value=SECRET)
            if self.as_value
            else Element(label=f"Password {SECRET}", box=(50, 50, 250, 90))
        )
        elements = [field, Element(label="Log in", box=(50, 120, 150, 150))]
        return Observation.of(elements, size=(400, 200), image=self.image, prose=self.prose)


@pytest.mark.parametrize("as_value", [False, True], ids=["in-a-label", "in-a-fields-value"])
def test_a_secret_read_off_the_screen_is_in_no_event_and_is_painted_over_in_the_frame(
    tmp_path: Path, as_value: bool
) -> None:
    folder = tmp_path / "s"
    brain = ScriptedBrain.of(
        [{"verb": "type", "target": "Log in", "text": "<secret>PASS</secret>"}]
    )
    with SessionLog.create(folder, secrets={"PASS": SECRET}) as session:
        run_episode(f"log in; the field says {SECRET}", screen=_ShowsSecret(as_value=as_value),
                    brain=brain, listeners=[session], verify_text=SECRET)  # fmt: skip
    for name in ("events.jsonl", "session.json"):
        raw = (folder / name).read_bytes()
        assert SECRET.encode() not in raw, name
        assert b"<secret>PASS</secret>" in raw, name  # redacted, not dropped
    frame = PIL.open(folder / "frames/step-001.png").convert("RGB")
    assert frame.getpixel((150, 70)) == (0, 0, 0)  # the field holding the secret: painted
    assert frame.getpixel((100, 135)) == (255, 255, 255)  # the rest as it was


def test_a_secret_in_prose_cannot_be_masked_so_that_frame_is_not_kept(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    brain = ScriptedBrain.of([{"verb": "click", "target": "Log in"}])
    screen = _ShowsSecret(prose=(f"your code is {SECRET}",))
    with SessionLog.create(folder, secrets={"PASS": SECRET}) as session:
        run_episode("click 'Log in'", screen=screen, brain=brain, listeners=[session])
    observe = next(e for e in _lines(folder) if e["kind"] == "observe")
    assert observe["frame"] is None and "cannot be masked" in observe["frame_error"]
    assert list((folder / "frames").iterdir()) == []
    assert SECRET.encode() not in (folder / "events.jsonl").read_bytes()


# -- a frame that cannot be written never stops the run ---------------------------------


def test_a_frame_that_fails_to_write_is_a_note_in_its_event_and_the_run_goes_on(
    tmp_path: Path, pngs: list[Path], caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "s"
    session = SessionLog.create(folder)
    (folder / "frames").rmdir()  # now no frame can be written
    brain = ScriptedBrain.of([{"verb": "click", "target": "cell 5"}])
    with session:
        ep = run_episode("click cell 5", screen=_screen(pngs), brain=brain, listeners=[session])
    assert ep.outcome == "claimed" and len(ep.steps) == 2
    observes = [e for e in _lines(folder) if e["kind"] == "observe"]
    assert [e["frame"] for e in observes] == [None, None]
    assert all("FileNotFoundError" in e["frame_error"] for e in observes)
    warnings = [r for r in caplog.records if "not written" in r.getMessage()]
    assert len(warnings) == 1  # once, not per frame
    assert load_session(folder).outcome == "claimed"


def test_a_screen_without_pictures_logs_events_with_the_reason_for_no_frame(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    screen = ScriptedScreen.of_labels(["File", "Save"], ["Saved"])
    with SessionLog.create(folder) as session:
        run_episode("click 'Save'", screen=screen, brain=PlannerBrain(), listeners=[session])
    observe = next(e for e in _lines(folder) if e["kind"] == "observe")
    assert observe["frame"] is None and "no picture" in observe["frame_error"]


def test_without_pillow_frames_are_off_with_one_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)
    monkeypatch.setitem(sys.modules, "PIL.Image", None)
    session = SessionLog.create(tmp_path / "s")
    session.close()
    assert session.frames is False
    meta = json.loads((tmp_path / "s/session.json").read_text())
    assert (
        meta["frames"] is False and "pip install 'tiny-computer-agent[ocr]'" in meta["frames_note"]
    )
    assert any("needs Pillow" in r.getMessage() for r in caplog.records)


# -- a crash leaves a readable log ------------------------------------------------------


def _slow_script(n: int) -> str:
    """``n`` waits on a still screen (each gives up after its deadline): a slow run."""
    return json.dumps([{"verb": "wait_for", "seconds": 0.4 + i / 10} for i in range(n)])


def _wait_for_steps(folder: Path, count: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and proc.poll() is None:
        path = folder / "events.jsonl"
        if path.exists() and path.read_text().count('"kind":"step"') >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"the run never logged {count} steps (exit {proc.poll()})")


def _slow_cli_run(folder: Path, png: Path) -> subprocess.Popen[str]:
    """The CLI in a subprocess, logging a run of twenty slow waits into ``folder``."""
    code = "import sys; from tiny_computer_agent.cli import main; sys.exit(main(sys.argv[1:]))"
    argv = ["--image", str(png), "--no-ocr", "--max-steps", "20", "--session", str(folder),
            "--script", _slow_script(20), "wait and wait"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", code, *argv], env=env, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip


def test_a_run_killed_mid_way_leaves_a_log_that_loads_lists_and_converts(
    tmp_path: Path, pngs: list[Path], _state_home: Path
) -> None:
    folder = tmp_path / "killed"
    with _slow_cli_run(folder, pngs[0]) as proc:
        try:
            _wait_for_steps(folder, 3, proc)
        finally:
            os.kill(proc.pid, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    session = load_session(folder)
    assert session.outcome is None and len(session.steps) >= 3
    assert json.loads((folder / "session.json").read_text())["ended"] is None
    trace = session_to_trace(folder)
    assert trace.outcome == "interrupted" and "no end event" in trace.reason
    assert len(trace.steps) == len(session.steps)
    assert [s.outcome for s in list_sessions(tmp_path)] == [None]


def _finished(tmp_path: Path, pngs: list[Path]) -> Path:
    folder = tmp_path / "done"
    _grid_run(folder, pngs)
    return folder


def test_a_last_line_cut_short_is_tolerated_and_reported(tmp_path: Path, pngs: list[Path]) -> None:
    folder = _finished(tmp_path, pngs)
    whole = (folder / "events.jsonl").read_bytes()
    lines = whole.splitlines(keepends=True)
    cut = b"".join(lines[:-1]) + lines[-1][:25]  # the end event half written
    (folder / "events.jsonl").write_bytes(cut)
    session = load_session(folder)
    assert session.truncated and session.outcome is None
    assert len(session.events) == len(lines) - 1
    trace = session_to_trace(folder)
    assert trace.outcome == "interrupted" and "cut short" in trace.reason


def test_a_bad_line_anywhere_else_is_an_error_naming_the_file_and_line(
    tmp_path: Path, pngs: list[Path]
) -> None:
    folder = _finished(tmp_path, pngs)
    lines = (folder / "events.jsonl").read_text().splitlines(keepends=True)
    (folder / "events.jsonl").write_text(lines[0] + "garbage\n" + "".join(lines[2:]))
    with pytest.raises(SessionError, match=r"events\.jsonl: line 2 is not JSON"):
        load_session(folder)
    code, _, err = _cli(["--session-trace", str(folder), "--trace", str(tmp_path / "t.json")])
    assert code == EXIT_USAGE and "line 2 is not JSON" in err
    lines[3] = lines[3].replace('"seq":4', '"seq":9')
    (folder / "events.jsonl").write_text("".join(lines))
    with pytest.raises(SessionError, match="line 4 has seq 9, expected 4"):
        load_session(folder)


def test_a_folder_that_is_not_a_session_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match="no such session folder"):
        load_session(tmp_path / "missing")
    with pytest.raises(SessionError, match="is not a session"):
        load_session(tmp_path)


# -- the command line -------------------------------------------------------------------


def test_cli_session_then_convert_then_score(tmp_path: Path, pngs: list[Path]) -> None:
    folder = tmp_path / "run"
    images = ["--image", str(pngs[0]), "--image", str(pngs[1]), "--no-ocr"]
    code, out, err = _cli(
        [*images, "--script", CLICK_CELL, "--session", str(folder), "click cell 5"]
    )
    assert code == 1 and "outcome: claimed" in out, err  # a claim, nothing verified
    assert f"session: logging this run into {folder}" in err
    meta = json.loads((folder / "session.json").read_text())
    assert meta["brain"]["name"] == "scripted" and meta["metadata"]["source"] == "image replay"
    trace_path = tmp_path / "run.json"
    code, out, err = _cli(["--session-trace", str(folder), "--trace", str(trace_path),
                           "--expected", "cell 5"])  # fmt: skip
    assert code == EXIT_OK, err
    assert "verdict: correct: chose 'cell 5'" in out and "no pixels" in err
    trace = Trace.from_dict(json.loads(trace_path.read_text()))
    assert trace.outcome == "claimed" and trace.expected is not None
    assert score_recorded(trace).verdict == "correct"
    code, out, err = _cli(["--score", str(trace_path), "--brains", "first-item,oracle"])
    assert code == EXIT_OK, err
    task_row = next(line for line in out.splitlines() if line.startswith("run "))
    assert task_row.split() == ["run", "-", "incorrect", "+", "correct"]  # judged, both ways


def test_cli_lists_sessions_under_the_state_dir_and_a_given_root(
    tmp_path: Path, pngs: list[Path], _state_home: Path
) -> None:
    code, _, err = _cli(["--sessions"])
    assert code == EXIT_OK and "no sessions under" in err
    first = default_session_folder("click cell 5")
    assert first.parent == _state_home / "sessions"
    _grid_run(first, pngs)
    second = default_session_folder("click cell 5")
    assert second != first and not second.exists()
    SessionLog.create(second).close()  # began, never ended
    (_state_home / "sessions" / "stray").mkdir()  # not a session: not listed
    code, out, _ = _cli(["--sessions"])
    assert code == EXIT_OK
    rows = out.splitlines()
    assert rows[0].split() == ["FOLDER", "STARTED", "STEPS", "OUTCOME", "GOAL"]
    assert first.name in rows[1] and "claimed" in rows[1] and "click cell 5" in rows[1]
    assert second.name in rows[2] and "no end" in rows[2]
    assert len(rows) == 3
    code, out, _ = _cli(["--sessions", str(_state_home / "sessions"), "--json"])
    assert [r["outcome"] for r in json.loads(out)] == ["claimed", None]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sessions", "{tmp}/missing"], "no such folder"),
        (["--session-trace", "{tmp}/missing", "--trace", "{tmp}/t.json"], "no such session"),
        (["--session-trace", "{tmp}", "--trace", "{tmp}/t.json"], "is not a session"),
        (["--session-trace", "{tmp}"], "needs --trace OUT.json"),
        (["--sessions", "--session-trace", "{tmp}"], "one at a time"),
        (["click", "--sessions"], "take no GOAL"),
        (["--image", "example", "--no-frames", "x"], "--no-frames belongs to a session log"),
        (["--image", "example", "--session", "{tmp}/file/sub", "x"], "not a folder you can write"),
        (["--image", "example", "--session", "{tmp}/file", "x"], "not a folder"),
        (["--image", "example", "--session", "{tmp}", "x"], "not empty"),
        (["--image", "example", "--session", "{tmp}/new", "click Save \udcff"], "not valid text"),
        (["--image", "example", "--session", "{tmp}/\ud800", "x"], "holds a lone surrogate"),
    ],
)
def test_cli_bad_input_is_a_usage_error_with_the_reason(
    tmp_path: Path, argv: list[str], message: str
) -> None:
    (tmp_path / "file").write_text("not a folder")
    code, out, err = _cli([a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == EXIT_USAGE, out + err
    assert message in err and "Traceback" not in err
    assert out == ""


def test_a_goal_that_is_not_text_is_logged_as_a_json_escape(
    tmp_path: Path, pngs: list[Path]
) -> None:
    folder = tmp_path / "s"
    brain = ScriptedBrain.of([{"verb": "click", "target": "cell 5"}])
    with SessionLog.create(folder) as session:  # a library caller; the CLI refuses the goal
        run_episode("click cell 5 \udcff", screen=_screen(pngs), brain=brain, listeners=[session])
    for name in ("events.jsonl", "session.json"):
        assert "click cell 5 \\udcff" in (folder / name).read_text(encoding="utf-8")  # UTF-8
    assert _lines(folder)[0]["goal"] == "click cell 5 \udcff"  # JSON's escape: as given


def test_a_session_folder_is_never_overwritten(tmp_path: Path, pngs: list[Path]) -> None:
    folder = _finished(tmp_path, pngs)
    before = (folder / "events.jsonl").read_bytes()
    with pytest.raises(SessionError, match="never overwritten"):
        SessionLog.create(folder)
    assert (folder / "events.jsonl").read_bytes() == before


@pytest.mark.skipif(os.name != "posix", reason="owners and modes are POSIX's")
def test_a_premade_folder_must_be_empty_own_and_written_by_no_one_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loose = tmp_path / "loose"
    loose.mkdir()
    loose.chmod(0o777)  # anyone could add a file or a link to it
    with pytest.raises(SessionError, match=r"group or by others \(mode 0777\).*chmod go-w"):
        SessionLog.create(loose)
    assert list(loose.iterdir()) == []  # nothing was written into it
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    if os.geteuid() == 0:  # as root: really another user's folder
        os.chown(theirs, 65534, 65534)
    else:
        me = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: me + 1)
    with pytest.raises(SessionError, match="belongs to another user"):
        SessionLog.create(theirs)
    monkeypatch.undo()
    assert list(theirs.iterdir()) == []
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o755)
    SessionLog.create(mine).close()  # an empty folder of one's own is taken, made private
    assert _mode(mine) == 0o700 and (mine / "events.jsonl").is_file()


def test_sessions_are_never_followed_out_of_their_root_by_a_link(
    tmp_path: Path, pngs: list[Path]
) -> None:
    root, outside = tmp_path / "sessions", tmp_path / "outside"
    _grid_run(root / "inside", pngs)
    _grid_run(outside / "elsewhere", pngs)
    (root / "link-out").symlink_to(outside / "elsewhere")
    (root / "link-in").symlink_to(root / "inside")
    assert sorted(s.folder.name for s in list_sessions(root)) == ["inside", "link-in"]
    copy = root / "copy"
    copy.mkdir()
    (copy / "session.json").symlink_to(outside / "elsewhere" / "session.json")
    (copy / "events.jsonl").write_bytes(b"")
    with pytest.raises(SessionError, match=r"symbolic link.*not followed"):
        load_session(copy)


def test_events_after_close_are_ignored_and_close_is_idempotent(
    tmp_path: Path, pngs: list[Path]
) -> None:
    folder = tmp_path / "s"
    session = SessionLog.create(folder)
    session.close()
    session.close()
    run_episode("click cell 5", screen=_screen(pngs), brain=PlannerBrain(), listeners=[session])
    assert (folder / "events.jsonl").read_bytes() == b""
    assert json.loads((folder / "session.json").read_text())["closed"] > 0


def _settings_of(events: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    return next(e for e in events if e["kind"] == "start")["settings"]


def test_sigterm_ends_the_run_with_an_end_event(tmp_path: Path, pngs: list[Path]) -> None:
    folder = tmp_path / "termed"
    with _slow_cli_run(folder, pngs[0]) as proc:
        try:
            _wait_for_steps(folder, 1, proc)
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
        finally:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143
    session = load_session(folder)
    assert session.outcome == "interrupted" and not session.truncated
    assert _settings_of(session.events)["max_steps"] == 20
    assert json.loads((folder / "session.json").read_text())["outcome"] == "interrupted"
