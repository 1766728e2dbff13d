"""The README is a front door that cannot go stale: short, and every output block it shows
is what its command prints now (``scripts/readme_blocks.py --write`` refreshes them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import load_file_module

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_LINES = 250


rb = load_file_module(ROOT / "scripts" / "readme_blocks.py", "readme_blocks")


def test_the_readme_fits_on_a_few_screens() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines; move detail to docs/"


def test_the_readme_shows_the_demo_and_keeps_the_safety_essentials() -> None:
    text = README.read_text(encoding="utf-8")
    commands = [b.command for b in rb.blocks(README)]
    assert "tiny-computer-agent --image example --verify-text Saved \"click 'Save'\"" in commands
    assert "make demo" in text and "make test" in text and ".ci/run" in text
    assert "--real-input" in text and "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1" in text
    assert "Dry run by default" in text


@pytest.mark.parametrize("name", rb.FILES)
def test_every_marked_block_is_what_its_command_prints(name: str, tmp_path: Path) -> None:
    path = ROOT / name
    assert rb.blocks(path), f"{name} has no marked output block"
    drifted = rb.check(path, tmp_path)
    assert not drifted, (
        "output drifted; run: python scripts/readme_blocks.py --write\n" + "\n".join(drifted)
    )


def test_a_drifted_block_fails_with_a_diff_and_write_refreshes_it(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "Intro.\n\n<!-- output: tiny-computer-agent --version -->\n```text\n"
        "tiny-computer-agent 0.0.0-stale\n```\n\nAfter.\n",
        encoding="utf-8",
    )
    (tmp_path / "a").mkdir()
    drifted = rb.check(page, tmp_path / "a")
    assert len(drifted) == 1 and "-tiny-computer-agent 0.0.0-stale" in drifted[0]
    (tmp_path / "b").mkdir()
    assert rb.write(page, tmp_path / "b") == 1
    text = page.read_text(encoding="utf-8")
    assert text.startswith("Intro.\n\n<!-- output:") and text.endswith("```\n\nAfter.\n")
    assert "stale" not in text
    (tmp_path / "c").mkdir()
    assert rb.check(page, tmp_path / "c") == []


def test_only_durations_and_pids_may_differ() -> None:
    assert rb.normalise("took 0.42 s, then 12 ms, pid 4711") == rb.normalise(
        "took 1.5 s, then 3 ms, pid 99"
    )
    assert rb.normalise("chose 'Save' at (820, 456)") != rb.normalise("chose 'Save' at (1, 2)")
    assert rb.normalise("7/12 58%") != rb.normalise("8/12 66%")


def test_a_block_runs_only_the_agent() -> None:
    with pytest.raises(ValueError, match="must run tiny-computer-agent"):
        rb.argv("rm -rf /tmp/x")
    assert rb.argv("tiny-computer-agent --score runs")[1:] == [
        "-m", "tiny_computer_agent", "--score", "runs",
    ]  # fmt: skip
