"""The documentation site: its generated parts are the real thing, and nothing is left out.

``make docs`` (part of ``make test``) builds the site with ``--strict``, which fails on a
broken link; these tests hold what the build cannot see: that the CLI reference is
``--help`` itself, and that every page is reachable from the navigation."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import load_file_module

yaml = pytest.importorskip("yaml", reason="the 'docs' extra (MkDocs) brings PyYAML")

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


hooks = load_file_module(DOCS / "_hooks.py", "docs_hooks")


def _config() -> dict[str, Any]:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert isinstance(config, dict)
    return config


def _live_help() -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tiny_computer_agent", "--help"],
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "100"},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.rstrip()


def test_the_cli_reference_is_the_help_text_itself() -> None:
    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    assert hooks.HELP_MARKER in page, "the CLI reference must be generated, not written"
    help_ = _live_help()
    rendered = hooks.render(page)
    assert hooks.HELP_MARKER not in rendered
    assert "```text\n" + help_ + "\n```" in rendered
    assert "usage: tiny-computer-agent" in help_ and "exit codes:" in help_


def test_the_exit_codes_page_quotes_the_help_texts_exit_codes() -> None:
    page = (DOCS / "reference" / "exit-codes.md").read_text(encoding="utf-8")
    assert hooks.EXIT_CODES_MARKER in page
    rendered = hooks.render(page)
    codes = hooks.exit_codes_text(_live_help())
    assert codes.startswith("exit codes:") and "examples:" not in codes
    assert "with --score:" in codes
    assert "```text\n" + codes + "\n```" in rendered


def test_every_page_is_in_the_navigation_and_every_entry_is_a_page() -> None:
    nav = _config()["nav"]
    listed = hooks._listed(nav)
    added = {path for entry in hooks.extra_benchmark_pages(nav) for path in entry.values()}
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    unlisted = sorted(pages - listed - added)
    assert not unlisted, f"pages missing from mkdocs.yml's nav: {unlisted}"
    assert all(path.startswith("benchmarks/") for path in added)
    missing = sorted(listed - pages)
    assert not missing, f"nav entries with no page in docs/: {missing}"


def test_a_new_benchmark_page_joins_the_benchmarks_section(tmp_path: Path) -> None:
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "index.md").write_text("# Benchmarks\n", encoding="utf-8")
    (tmp_path / "benchmarks" / "zoom.md").write_text("*Generated*\n\n# Zoom\n", encoding="utf-8")
    nav = [{"Benchmarks": ["benchmarks/index.md"]}]
    assert hooks.extra_benchmark_pages(nav, tmp_path) == [{"Zoom": "benchmarks/zoom.md"}]


def test_the_gallery_page_shows_only_committed_pictures() -> None:
    page = (DOCS / "gallery.md").read_text(encoding="utf-8")
    shown = re.findall(r"\]\(gallery/([^)]+\.png)\)", page)
    assert shown, "docs/gallery.md shows no picture; run: python -m showcase --card"
    missing = [name for name in shown if not (hooks.GALLERY / name).is_file()]
    assert not missing, f"pictures the gallery page shows but gallery/ lacks: {missing}"


def test_the_readmes_links_into_docs_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?:docs|gallery)/[^)#]+)", readme)
    assert links
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, f"README.md links to missing files: {missing}"
