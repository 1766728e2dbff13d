"""The pieces of bench.py's ``steps`` section that can break without a desktop: the
scenarios' command lines (read by the CLI's own parser and brain factory), the
Tesseract TSV reader, the hit rule and the fixed-sleep settle; and one real Tesseract
run (a live test: the baseline must be installed where the benchmark runs)."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path

import pytest

from benchmarks import _steps, _tesseract, bench
from devsupport.xdesktop import require
from tiny_computer_agent import ScriptedBrain
from tiny_computer_agent._elements import normalize_label
from tiny_computer_agent.cli._base import make_brain
from tiny_computer_agent.cli._parser import build_parser

from .helpers import assert_generated_page

TSV = (
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
    "1\t1\t0\t0\t0\t0\t0\t0\t640\t480\t-1\t\n"
    "5\t1\t1\t1\t1\t1\t10\t20\t40\t16\t91.5\tDon't\n"
    "5\t1\t1\t1\t1\t2\t56\t20\t34\t16\t90.1\tSave\n"
    "5\t1\t2\t1\t1\t1\t200\t20\t50\t16\t95.0\tCancel\n"
    "5\t1\t3\t1\t1\t1\t300\t20\t10\t16\t12.0\t \n"
)


@pytest.mark.parametrize("scenario", _steps.SCENARIOS, ids=lambda s: s.name)
def test_each_scenario_is_a_command_line_the_cli_accepts(scenario: _steps.Scenario) -> None:
    args = build_parser().parse_args(_steps.cli_argv(scenario))
    assert args.live and args.real_input and args.goal == scenario.goal
    brain = make_brain(args)
    assert isinstance(brain, ScriptedBrain) and len(brain.items) == len(scenario.script)
    assert args.max_steps == len(scenario.script) + 1  # room for the step that says done
    assert all(normalize_label(t) for t in scenario.targets), "a target needs a letter or digit"


def test_the_section_is_registered_with_its_own_default_and_make_bench_runs_it() -> None:
    assert bench.SECTIONS["steps"].repeat == 2
    makefile = (_steps.ROOT / "Makefile").read_text()
    assert "$(BIN)/python benchmarks/bench.py steps\n" in makefile


def test_tesseract_tsv_gives_words_and_the_lines_they_make() -> None:
    words, lines = _tesseract.parse_tsv(TSV)
    assert [w.label for w in words] == ["Don't", "Save", "Cancel"]
    assert [(line.label, line.box) for line in lines] == [("Don't Save", (10, 20, 90, 36))]
    with pytest.raises(ValueError, match="not Tesseract TSV"):
        _tesseract.parse_tsv("Save\n")


def test_a_hit_is_the_right_label_with_its_centre_inside_the_true_rectangle() -> None:
    rect = (100, 100, 200, 140)
    assert _steps.hit([("save", 150.0, 120.0)], "save", rect)
    assert not _steps.hit([("save", 250.0, 120.0)], "save", rect)  # elsewhere
    assert not _steps.hit([("saveas", 150.0, 120.0)], "save", rect)  # another label


def test_a_fixed_sleep_sleeps_and_never_looks() -> None:
    def signature() -> bytes:
        raise AssertionError("a fixed sleep must not look at the screen")

    t0 = time.monotonic()
    result = _steps.FixedSleep(seconds=0.05).wait(signature, b"before", on_change=signature)
    assert time.monotonic() - t0 >= 0.05
    assert (result.state, result.seconds) == ("timeout", 0.05)


@pytest.mark.live
def test_tesseract_reads_a_button_label_where_it_is() -> None:
    require("tesseract")
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (320, 120), "white")
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 20)
    ImageDraw.Draw(image).text((110, 45), "Export", fill="black", font=font)
    found = _tesseract.tesseract_index(image)
    assert found.seconds > 0
    assert any(
        normalize_label(e.label) == "export" and 100 < e.center[0] < 200 and 40 < e.center[1] < 80
        for e in found.elements
    ), found


def test_hit_rates_score_both_indexes_on_the_step_target_and_name_what_each_missed() -> None:
    save = _tesseract.TextBox(label="Save", box=(400, 400, 440, 420))  # far from the button
    step = _steps.StepRecord(
        index=1,
        target="Save",
        timings={"observe": 0.3, "decide": 0.0, "act": 0.25, "settle": 0.2},
        error="",
        frame=None,
        mapping=(0, 0, 1.0, 1.0),
        elements=(("save", 150.0, 120.0),),
    )
    record = _steps.EpisodeRecord(
        scenario="dialog",
        settle="ours",
        round=1,
        outcome="claimed",
        reason="",
        steps=(step,),
        rects={"Save": (100, 100, 200, 140)},
        tesseract=(_tesseract.TesseractIndex(words=(save,), lines=(), seconds=0.3),),
    )
    rates = _steps.hit_rates([record])
    assert (rates.ours, rates.tesseract, rates.targets) == (1, 0, 1)
    assert (dict(rates.missed), dict(rates.tesseract_missed)) == ({}, {"save": 1})
    assert _steps.stage(step, "act") == pytest.approx(0.05)  # the loop's act holds the settle


def test_each_section_writes_its_page_with_the_run_above_its_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def run(repeat: int) -> list[bench.Row]:
        return [bench.Row("a cost", 0.0123, "s", "a note"), bench.Row("a ratio", 1.5, "x")]

    monkeypatch.setitem(bench.SECTIONS, "fake", bench.Section("fake", "a fake section", run, 3))
    argv = ["fake", "--out", str(tmp_path)]
    assert bench.main(argv) == 0
    page = tmp_path / "bench-fake.md"
    text = assert_generated_page(page, shlex.join(["python", "benchmarks/bench.py", *argv]))
    assert "# fake: a fake section" in text and "3 rounds (`--repeat 3`)" in text
    assert "| a cost  | 12.3 ms | a note |" in text and "| 1.5 x |" in text
    assert [p.name for p in tmp_path.iterdir()] == ["bench-fake.md"]  # no temp file left


def test_a_sections_page_says_what_it_measures() -> None:
    assert set(bench.MODULES) <= set(bench.SECTIONS)
    for module in bench.MODULES.values():
        assert (_steps.ROOT / "benchmarks" / module).is_file(), module
    text = bench.about("steps")
    assert text.startswith("whole loop steps on real programs") and "Tesseract" in text
    assert "bench.py's ``load`` section" in bench.about("load")
    assert bench.about("scoring").startswith("scoring throughput")


def test_make_bench_pages_runs_every_section_and_every_other_page() -> None:
    makefile = (_steps.ROOT / "Makefile").read_text()
    recipe = makefile.split("\nbench-pages:", 1)[1].split("\n\n", 1)[0].replace("\\\n", " ")
    commands = [line.strip() for line in recipe.splitlines()[1:]]
    ran = {
        word
        for line in commands
        if "benchmarks/bench.py" in line
        for word in line.split("bench.py", 1)[1].split()
        if not word.startswith("-")
    }
    assert set(bench.SECTIONS) <= ran, set(bench.SECTIONS) - ran
    assert any(re.search(r"benchmarks/fuzz.py --cases 100000$", line) for line in commands)
    # every other generator of a page (a script that writes through benchmarks/_pages.py)
    for script in sorted((_steps.ROOT / "benchmarks").glob("[!_]*.py")):
        if script.name != "bench.py" and "_pages.write_page(" in script.read_text():
            assert any(f"benchmarks/{script.name}" in line for line in commands), script.name
