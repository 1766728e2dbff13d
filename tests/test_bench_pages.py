"""The benchmark pages (benchmarks/_pages.py): what their header says about the run, the
commit marked ``-dirty`` by changes other than the pages, and the intent scoreboard's
page. Each generator's own page is checked beside its benchmark (test_bench_steps.py,
test_bench_controls.py, test_fuzz.py); none writes into the checkout here."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest

from benchmarks import _pages

from .helpers import assert_generated_page


def test_the_machine_names_cores_memory_cpu_python_and_os() -> None:
    found = _pages.machine()
    assert set(found) == {"machine", "Python", "OS"}
    assert " cores, " in found["machine"] and " GiB, " in found["machine"]
    assert found["Python"][0].isdigit() and "kernel" in found["OS"]


def test_the_command_is_what_a_person_types() -> None:
    assert _pages.command_line("benchmarks/bench.py", ["steps", "--repeat", "2"]) == (
        "python benchmarks/bench.py steps --repeat 2"
    )
    assert _pages.command_line("-m benchmarks._controls", ["--out", "a b"]) == (
        "python -m benchmarks._controls --out 'a b'"
    )


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=repo, check=True, capture_output=True,
    )  # fmt: skip


def test_the_commit_is_dirty_for_any_change_but_the_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    (repo / "docs" / "benchmarks").mkdir(parents=True)
    (repo / "code.py").write_text("x = 1\n")
    (repo / "docs" / "benchmarks" / "fuzz.md").write_text("old\n")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "one")
    monkeypatch.setattr(_pages, "ROOT", repo)
    head = _pages.commit()
    assert len(head) >= 7 and not head.endswith("-dirty")
    (repo / "docs" / "benchmarks" / "fuzz.md").write_text("new\n")  # a page rewritten
    (repo / "build" / "pages").mkdir(parents=True)
    (repo / "build" / "pages" / "bench-steps.md").write_text("a page elsewhere\n")
    assert _pages.commit(Path("build/pages")) == head
    (repo / "code.py").write_text("x = 2\n")
    assert _pages.commit(Path("build/pages")) == head + "-dirty"
    _git(repo, "checkout", "code.py")
    (repo / "new.py").write_text("")  # untracked counts too
    assert _pages.commit(tmp_path / "elsewhere") == head + "-dirty"


def test_a_page_is_written_whole_with_its_header(tmp_path: Path) -> None:
    command = "python benchmarks/some.py --out x"
    path = _pages.write_page(tmp_path / "x", "some.md", "some: a title", command, "body\n",
                             started=0.0)  # fmt: skip
    text = assert_generated_page(path, command)
    assert text.endswith("\n\nbody\n") and "| date | 1970-01-01 00:00 UTC" in text
    assert [p.name for p in path.parent.iterdir()] == ["some.md"]


def test_the_intent_scoreboard_writes_its_page(tmp_path: Path) -> None:
    from benchmarks import intent_scoreboard

    argv = ["--brains", "planner", "--out", str(tmp_path)]
    assert intent_scoreboard.main(argv) == 0
    page = tmp_path / "intent.md"
    text = assert_generated_page(
        page, shlex.join(["python", "benchmarks/intent_scoreboard.py", *argv])
    )
    assert "| brain | runs | held-out |" in text and "\n| planner | " in text
    assert "| domain | planner |" in text
