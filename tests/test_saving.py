"""Saving never replaces what is not a regular file, and what it writes is private.

write_atomic is the one writer of traces, scoreboards and calibrations. os.replace
swaps whatever sits at the path for the new file -- as root, a device node too
(``--trace /dev/null`` would have replaced /dev/null) -- so the writer refuses a
symlink, a device, a FIFO, a socket or a directory before writing anything.
"""

from __future__ import annotations

import io
import json
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tiny_computer_agent.cli import main
from tiny_computer_agent.records import load_trace, write_atomic
from tiny_computer_agent.records._jsonio import NotARegularFile

RUNS = Path(__file__).resolve().parent.parent / "runs"


def _leftovers(folder: Path) -> list[str]:
    """Temp files a refused save would have left behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_new_file_is_private_and_an_existing_one_keeps_its_mode(tmp_path: Path) -> None:
    new = write_atomic(tmp_path / "new.json", "{}")
    assert stat.S_IMODE(new.stat().st_mode) == 0o600
    shared = tmp_path / "shared.json"
    shared.write_text("old")
    shared.chmod(0o644)
    write_atomic(shared, "new")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o644  # the person's choice stays
    assert shared.read_text() == "new"
    chosen = write_atomic(tmp_path / "chosen.json", "{}", mode=0o640)
    assert stat.S_IMODE(chosen.stat().st_mode) == 0o640


def _refused(path: Path, kind: str) -> NotARegularFile:
    with pytest.raises(NotARegularFile) as info:
        write_atomic(path, "must not land anywhere")
    message = str(info.value)
    assert str(path) in message and kind in message, message
    assert "Choose a regular file path" in message
    assert isinstance(info.value, OSError)  # every caller already maps OSError on save
    assert _leftovers(path.parent) == []
    return info.value


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _refused(fifo, "FIFO")  # and it never blocks: the writer never opens the target
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_symlink_is_refused_and_neither_it_nor_its_target_is_replaced(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "trace.json"
    link.symlink_to(target)
    _refused(link, "symbolic link")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "keep me"


def test_a_dangling_symlink_is_refused_and_nothing_is_created_through_it(tmp_path: Path) -> None:
    link = tmp_path / "trace.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    _refused(link, "symbolic link")
    assert not (tmp_path / "elsewhere.json").exists()


def test_a_directory_is_refused_and_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "out.json"
    folder.mkdir()
    (folder / "inside").write_text("x")
    _refused(folder, "directory")
    assert (folder / "inside").read_text() == "x"


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.bind(str(path))
        _refused(path, "socket")
        assert stat.S_ISSOCK(os.lstat(path).st_mode)


@pytest.fixture
def char_device(tmp_path: Path) -> Iterator[Path]:
    """A character device with /dev/null's numbers (1, 3), made in tmp_path."""
    path = tmp_path / "null"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError) as exc:
        reason = f"cannot create a device node here (mknod needs root/CAP_MKNOD): {exc}"
        print(reason)
        pytest.skip(reason)
    yield path


def test_a_device_node_like_dev_null_is_refused_and_survives(char_device: Path) -> None:
    _refused(char_device, "character device")
    st = os.lstat(char_device)
    assert stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 3)


def test_a_trace_and_a_scoreboard_refuse_too(tmp_path: Path) -> None:
    from tiny_computer_agent.records import Scoreboard

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    trace = load_trace(RUNS / "example-save.json")
    with pytest.raises(NotARegularFile):
        trace.save(fifo)
    board = Scoreboard(verdicts=(), brains=(), tasks=())
    for write in (board.write_json, board.write_csv):
        with pytest.raises(NotARegularFile):
            write(fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def _cli(argv: list[str], cwd: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    os.chdir(cwd)
    try:
        code = main(argv, out=out, err=err)
    finally:
        os.chdir(old)
    return code, out.getvalue() + err.getvalue()


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(os.mkfifo, id="fifo"),
        pytest.param(lambda p: p.symlink_to(p.parent / "real.json"), id="symlink"),
        pytest.param(lambda p: p.mkdir(), id="directory"),
    ],
)
def test_the_cli_says_why_it_did_not_save_and_exits_2(
    tmp_path: Path, make: Callable[[Path], object]
) -> None:
    target = tmp_path / "out.json"
    make(target)
    code, text = _cli(
        ["--score", str(RUNS / "example-save.json"), "--brains", "planner",
         "--scoreboard-json", str(target)],
        tmp_path,
    )  # fmt: skip
    assert code == 2, text
    # refused before scoring, naming the flag
    assert "--scoreboard-json" in text and "regular file" in text, text
    assert not (tmp_path / "real.json").exists()
    code, text = _cli(["--image", "example", "--no-ocr", "--trace", str(target), "x"], tmp_path)
    assert code == 2, text
    assert "--trace '" in text and "regular file" in text, text
    assert "step 1" not in text  # before the run, not after it


def test_a_trace_written_by_the_cli_is_not_world_readable(tmp_path: Path) -> None:
    target = tmp_path / "run.json"
    _cli(["--image", "example", "--no-ocr", "--trace", str(target), "x"], tmp_path)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_a_path_from_argv_bytes_that_were_not_utf8_is_saved_and_named_as_escapes(
    tmp_path: Path,
) -> None:
    argv = ["--image", "example", "--no-ocr", "--trace", "run\udcff.json", "click cell 6"]
    code, text = _cli(argv, tmp_path)  # how Python hands over the name's byte 0xff
    assert code == 1 and "trace: wrote run\\udcff.json" in text, text
    saved = tmp_path / "run\udcff.json"
    assert b"run\xff.json" in {os.fsencode(p.name) for p in tmp_path.iterdir()}
    assert json.loads(saved.read_text())["task"] == "run\\udcff"  # a trace holds text
    code, text = _cli([*argv[:4], "\ud800.json", "x"], tmp_path)  # argv cannot make this
    assert code == 2 and "holds a lone surrogate, which no file name can" in text, text


def test_a_bad_target_can_be_checked_before_a_run(tmp_path: Path) -> None:
    from tiny_computer_agent.records._jsonio import check_save_target

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(NotARegularFile, match="FIFO"):
        check_save_target(fifo)
    check_save_target(tmp_path / "new.json")  # nothing there: fine
    (tmp_path / "old.json").write_text("{}")
    check_save_target(tmp_path / "old.json")  # a regular file: fine
