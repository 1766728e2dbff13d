"""The command line, called the way a user calls it: main(argv) -> exit code."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tiny_computer_agent import EXAMPLE_BUTTONS
from tiny_computer_agent.cli import build_parser, main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_demo_clicks_save_inside_the_drawn_button_dry_run() -> None:
    code, out, err = run("--image", "example", "--verify-text", "Saved", "--json", "click 'Save'")
    assert code == 0, err
    episode = json.loads(out)
    first = episode["steps"][0]
    action = first["decision"]["action"]
    assert (action["verb"], action["target"]) == ("click", "Save")
    ((x, y),) = first["result"]["points"]
    x0, y0, x1, y1 = EXAMPLE_BUTTONS["Save"]
    assert x0 < x < x1 and y0 < y < y1
    assert first["result"]["dry_run"] is True and episode["dry_run"] is True
    assert episode["outcome"] == "verified"
    assert "kill switch" in err


def test_text_output_streams_each_step() -> None:
    code, out, _ = run("--image", "example", "--verify-text", "Saved", "click 'Save'")
    assert code == 0
    assert "step 1:" in out and "would click 'Save' at (8" in out
    assert "outcome: verified" in out and "nothing was clicked" in out


def test_run_without_verified_success_exits_1() -> None:
    code, out, _ = run("--image", "example", "click 'Save'")
    assert code == 1 and "outcome: claimed" in out


def test_script_runs_and_is_validated_like_a_model_answer(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps([{"verb": "click", "target": "Cancel"}]))
    code, out, _ = run("--image", "example", "--script", str(script), "cancel it")
    assert code == 1 and "would click 'Cancel'" in out
    code, out, _ = run(
        "--image", "example", "--script", '[{"verb": "key", "keys": "ctrl+s"}]', "save"
    )
    assert code == 1 and "key ctrl+s" in out


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["--image", "example", "--script", '[{"verb": "click",', "x"], 2, "line 1 column"),
        (
            ["--image", "example", "--script", '[{"verb": "click"}]', "x"],
            2,
            "script item 1: click: missing field 'target'",
        ),
        (["--image", "example", "--script", '[{"verb": "fly"}]', "x"], 2, "unknown verb 'fly'"),
        (["--image", "example", "--script", "nope.json", "x"], 2, "no such file"),
        (["--image", "example", "--brain", "genius", "x"], 2, "invalid choice: 'genius'"),
        (["--image", "example", ""], 2, "the goal is empty"),
        (["--image", "example"], 2, "the goal is empty"),
        (["--image", "example", "--max-steps", "0", "x"], 2, "--max-steps"),
        (["--image", "example", "--brain", "oracle", "x"], 2, "--expected"),
        (["click Save"], 2, "--image"),
        (["--image", "/nonexistent/shot.png", "x"], 3, "does not exist"),
    ],
)
def test_bad_input_gets_one_clear_line_and_a_documented_code(
    argv: list[str], code: int, message: str
) -> None:
    got, out, err = run(*argv)
    assert got == code
    assert "outcome" not in out  # nothing ran
    assert message in err
    assert "Traceback" not in err


def test_a_file_that_is_not_an_image_exits_3(tmp_path: Path) -> None:
    bogus = tmp_path / "shot.png"
    bogus.write_text("not an image")
    code, _, err = run("--image", str(bogus), "x")
    assert code == 3 and "not an image" in err


def test_no_ocr_indexes_a_grid_and_the_brain_can_pick_a_cell() -> None:
    code, out, _ = run(
        "--image",
        "example",
        "--no-ocr",
        "--script",
        '[{"verb": "click", "target": "cell 6"}]',
        "click cell 6",
    )
    assert code == 1 and "would click 'cell 6' at (480, 399)" in out


def test_help_documents_the_exit_codes() -> None:
    text = build_parser().format_help()
    for line in ("0  verified success", "1  the run ended", "2  bad usage", "3  no screen"):
        assert line in text


def test_module_entry_point_runs_in_a_fresh_interpreter() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tiny_computer_agent",
            "--image",
            "example",
            "--verify-text",
            "Saved",
            "click 'Save'",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "outcome: verified" in proc.stdout


# -- hostile input: an exit code and one clear line, never a traceback (issue 12) -------


def png_bytes(width: int, height: int) -> bytes:
    """A PNG that opens (header, one small IDAT, end) whatever size it claims."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (2, 5), (4, 3)])
def test_an_image_smaller_than_the_grid_gets_one_cell_per_pixel(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from PIL import Image

    shot = tmp_path / "tiny.png"
    Image.new("RGB", size).save(shot)
    code, out, err = run("--image", str(shot), "--no-ocr", "click cell 1")
    assert code == 1 and "Traceback" not in err  # not verified: nothing to verify with
    assert "cell 1" in out and f"cell {min(4, size[0]) * min(3, size[1]) + 1}" not in out


@pytest.mark.parametrize(("side", "pixels"), [(20000, "400000000"), (10000, "100000000")])
def test_an_image_over_the_decompression_bomb_limit_exits_3(
    tmp_path: Path, side: int, pixels: str
) -> None:
    # 20000 x 20000 raised Pillow's DecompressionBombError (a traceback); 10000 x 10000
    # only warned, then decoded 100 million pixels
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_bytes(side, side))
    code, _, err = run("--image", str(bomb), "--no-ocr", "x")
    assert code == 3 and "too large to be a screenshot" in err and pixels in err
    assert "Traceback" not in err


@pytest.mark.parametrize("label", ["", " ", "\t\n"])
def test_a_blank_expected_label_exits_2(label: str) -> None:
    code, out, err = run("--image", "example", "--no-ocr", "--expected", label, "click cell 1")
    assert code == 2 and "--expected" in err and "e.g. --expected Save" in err
    assert "outcome" not in out and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'[{"verb": "click", "target": "\xff"}]', "not UTF-8 text (byte 30 is 0xff)"),
        ('[{"verb": "click"}]'.encode("utf-16"), "not UTF-8"),
        (b'[{"verb": "click", "clicks": ' + b"1" * 5000 + b"}]", "not usable"),
        (b"[" * 100_000, "not usable"),
        (b"[" + b" " * (1024 * 1024) + b"]", "larger than 1024 KB"),
    ],
)
def test_a_bad_script_file_exits_2(tmp_path: Path, content: bytes, words: str) -> None:
    script = tmp_path / "script.json"
    script.write_bytes(content)
    code, _, err = run("--image", "example", "--no-ocr", "--script", str(script), "x")
    assert code == 2 and words in err and "Traceback" not in err


def test_a_script_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_bytes(b'\xef\xbb\xbf[{"verb": "click", "target": "cell 6"}]')
    code, out, _ = run("--image", "example", "--no-ocr", "--script", str(script), "x")
    assert code == 1 and "would click 'cell 6'" in out


@pytest.mark.parametrize("value", ["x" * 5000, "nul\x00byte", "[" * 100_000])
def test_a_script_path_the_system_refuses_exits_2(value: str) -> None:
    code, _, err = run("--image", "example", "--no-ocr", "--script", value, "x")
    assert code == 2 and "--script" in err and "Traceback" not in err and len(err) < 1000


@pytest.mark.parametrize("value", ["x" * 5000, "nul\x00byte"])
def test_an_image_path_the_system_refuses_exits_3(value: str) -> None:
    code, _, err = run("--image", value, "--no-ocr", "x")
    assert code == 3 and "does not exist" in err and "Traceback" not in err


class _InterruptedOnFirstDecision:
    """A brain that gets a real SIGINT (Ctrl-C) while it decides step 1."""

    name = "sigint-test"

    def decide(self, goal: str, menu: object, history: object) -> object:
        import os
        import signal

        os.kill(os.getpid(), signal.SIGINT)  # the default handler raises right here
        raise AssertionError("SIGINT did not interrupt")

    def settings(self) -> dict[str, object]:
        return {}


def test_sigint_during_step_1_with_a_trace_exits_130_with_what_it_has(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tiny_computer_agent import registry as registry_module
    from tiny_computer_agent.registry import BrainSpec, register_brain

    monkeypatch.setattr(registry_module, "_registered_brains", {})
    build = lambda o: _InterruptedOnFirstDecision()  # noqa: E731
    register_brain(BrainSpec(name="sigint-test", summary="test", build=build))
    trace = tmp_path / "run.json"
    code, out, err = run(
        "--image", "example", "--brain", "sigint-test", "--trace", str(trace), "click 'Save'"
    )
    assert code == 130, err
    assert "outcome: interrupted" in out and "during step 1" in out
    assert "nothing was recorded" in err and not trace.exists()
    assert "Traceback" not in err
