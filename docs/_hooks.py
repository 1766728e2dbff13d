"""MkDocs hooks: the parts of the site that are generated at build time, so they cannot drift.

- ``<!-- cli-help -->`` in a page becomes ``tiny-computer-agent --help`` as the installed
  command prints it (run with the interpreter that runs MkDocs, at 100 columns).
- ``<!-- cli-exit-codes -->`` becomes the "exit codes:" part of that help text.
- A page a benchmark command writes into ``docs/benchmarks/`` that the navigation does not
  list yet is added to the Benchmarks section, after the listed ones, under its title.
- The gallery's pictures live in ``gallery/`` at the repository's root (``make gallery``
  writes them there); they are added to the site as ``gallery/<id>.png``, beside
  ``gallery.md``, without a copy in ``docs/``.

MkDocs loads this file by path (``hooks:`` in ``mkdocs.yml``); ``tests/test_docs.py``
imports it the same way.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
BENCHMARKS = "benchmarks"
GALLERY = ROOT / "gallery"
HELP_MARKER = "<!-- cli-help -->"
EXIT_CODES_MARKER = "<!-- cli-exit-codes -->"
#: the width the help text is wrapped at, whatever the terminal that builds the site
COLUMNS = "100"


def help_text() -> str:
    """``python -m tiny_computer_agent --help``, run with this interpreter, at 100 columns."""
    env = {**os.environ, "COLUMNS": COLUMNS}
    done = subprocess.run(
        [sys.executable, "-m", "tiny_computer_agent", "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    if done.returncode != 0:
        raise RuntimeError(f"tiny-computer-agent --help failed ({done.returncode}): {done.stderr}")
    return done.stdout.rstrip()


def exit_codes_text(help_: str) -> str:
    """The help text's "exit codes:" part, up to the next part ("examples:")."""
    lines = help_.splitlines()
    try:
        start = lines.index("exit codes:")
    except ValueError as exc:
        raise RuntimeError("--help has no 'exit codes:' part") from exc
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i] and not lines[i][0].isspace()
         and lines[i].endswith(":") and not lines[i].startswith("with ")),
        len(lines),
    )  # fmt: skip
    return "\n".join(lines[start:end]).rstrip()


def _fenced(text: str) -> str:
    return "```text\n" + text + "\n```"


def render(markdown: str) -> str:
    """``markdown`` with every marker replaced by the text it stands for."""
    if HELP_MARKER not in markdown and EXIT_CODES_MARKER not in markdown:
        return markdown
    help_ = help_text()
    markdown = markdown.replace(HELP_MARKER, _fenced(help_))
    return markdown.replace(EXIT_CODES_MARKER, _fenced(exit_codes_text(help_)))


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return render(markdown)


def on_files(files: Any, config: Any, **kwargs: Any) -> Any:
    """Add ``gallery/*.png`` from the repository's root to the site as ``gallery/*.png``."""
    from mkdocs.structure.files import File

    for picture in sorted(GALLERY.glob("*.png")):
        uri = f"gallery/{picture.name}"
        if files.get_file_from_path(uri) is None:
            files.append(File.generated(config, uri, abs_src_path=str(picture)))
    return files


def _listed(nav: Any) -> set[str]:
    """Every page path a navigation (or a part of one) lists."""
    if isinstance(nav, str):
        return {nav}
    if isinstance(nav, dict):
        return set().union(*(_listed(v) for v in nav.values()))
    if isinstance(nav, list):
        return set().union(*(_listed(v) for v in nav))
    return set()


def _title(page: Path) -> str:
    heading = next(
        (line[2:].strip() for line in page.read_text(encoding="utf-8").splitlines()
         if line.startswith("# ")),
        page.stem,
    )  # fmt: skip
    return heading or page.stem


def extra_benchmark_pages(nav: list[Any], docs: Path = DOCS) -> list[dict[str, str]]:
    """Pages in ``docs/benchmarks/`` the navigation does not list, as navigation entries."""
    listed = _listed(nav)
    return [
        {_title(page): f"{BENCHMARKS}/{page.name}"}
        for page in sorted((docs / BENCHMARKS).glob("*.md"))
        if f"{BENCHMARKS}/{page.name}" not in listed
    ]


def on_config(config: Any, **kwargs: Any) -> Any:
    nav = config.get("nav")
    if not nav:
        return config
    extra = extra_benchmark_pages(nav, Path(config["docs_dir"]))
    for entry in nav:
        if isinstance(entry, dict) and isinstance(entry.get("Benchmarks"), list):
            entry["Benchmarks"].extend(extra)
    return config
