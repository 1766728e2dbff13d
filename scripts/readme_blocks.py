"""The README's output blocks, checked against the commands that print them, or refreshed.

A block is checked when an HTML comment just above its fence names the command:

    <!-- output: tiny-computer-agent --image example --verify-text Saved "click 'Save'" -->
    ```text
    ...what the command prints...
    ```

Each command runs as ``python -m tiny_computer_agent ...`` with this interpreter, stdout
and stderr together in the order printed, in a scratch folder (``runs`` there is this
repository's ``runs/``) with a private state dir, the blocks of one file one after
another in that folder (so a block may read what an earlier one wrote). The state dir is
shown as the default one (``~/.local/state/tiny-computer-agent``). Comparing, durations
(``0.42 s``, ``12 ms``) and pids are the only things that may differ.

    python scripts/readme_blocks.py            check; exit 1 with a diff when a block drifted
    python scripts/readme_blocks.py --write    rewrite the blocks from the live output

``tests/test_readme.py`` runs the check.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the files whose marked blocks are checked (relative to the repository)
FILES = ("README.md", "docs/guides/first-run.md")
PROGRAM = "tiny-computer-agent"
#: how the state dir is shown: where it is when $TINY_COMPUTER_AGENT_HOME is not set
SHOWN_HOME = "~/.local/state/tiny-computer-agent"
#: the state-dir and arming variables (tiny_computer_agent.HOME_ENV and ARM_ENV)
HOME_ENV = "TINY_COMPUTER_AGENT_HOME"
ARM_ENV = "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT"
TIMEOUT = 300

BLOCK = re.compile(r"<!-- output: (?P<command>.+?) -->\n```text\n(?P<text>.*?)\n?```", re.DOTALL)
DURATION = re.compile(r"\b\d+(?:\.\d+)?(?:\s?(?:ms|s|sec|min|seconds?))\b")
PID = re.compile(r"\b(pid|PID)[ =:]?\d+\b")


@dataclasses.dataclass(frozen=True)
class Block:
    """One marked block: its file, the command, what the file shows, and where."""

    path: Path
    command: str
    text: str
    start: int
    end: int

    @property
    def where(self) -> str:
        line = self.path.read_text(encoding="utf-8").count("\n", 0, self.start) + 1
        return f"{shown_path(self.path)}:{line}"


def shown_path(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def blocks(path: Path) -> list[Block]:
    """The marked blocks of ``path``, in order."""
    text = path.read_text(encoding="utf-8")
    return [
        Block(path, m["command"].strip(), m["text"], m.start("text"), m.end("text"))
        for m in BLOCK.finditer(text)
    ]


def argv(command: str) -> list[str]:
    """The command as this interpreter runs it (only ``tiny-computer-agent ...``)."""
    words = shlex.split(command)
    if not words or words[0] != PROGRAM:
        raise ValueError(f"a checked block must run {PROGRAM}, not {command!r}")
    return [sys.executable, "-m", "tiny_computer_agent", *words[1:]]


@dataclasses.dataclass
class Sandbox:
    """A scratch folder to run in (with ``runs`` linked) and a private state dir."""

    folder: Path
    home: Path

    def run(self, command: str) -> str:
        """What ``command`` prints (stdout and stderr, in order), with the sandbox's paths
        shown as a reader's would be."""
        env = {k: v for k, v in os.environ.items() if k != ARM_ENV}
        env.update({HOME_ENV: str(self.home), "PYTHONUNBUFFERED": "1", "COLUMNS": "100"})
        done = subprocess.run(
            argv(command),
            cwd=self.folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
            timeout=TIMEOUT,
        )
        return self.shown(done.stdout)

    def shown(self, output: str) -> str:
        output = output.replace(str(self.home), SHOWN_HOME)
        output = output.replace(str(self.folder) + os.sep, "").replace(str(self.folder), ".")
        return "\n".join(line.rstrip() for line in output.rstrip().splitlines())


def sandbox(scratch: Path) -> Sandbox:
    """A sandbox under ``scratch`` (an empty folder the caller removes)."""
    folder, home = scratch / "work", scratch / "state"
    folder.mkdir()
    home.mkdir(mode=0o700)
    (folder / "runs").symlink_to(ROOT / "runs", target_is_directory=True)
    return Sandbox(folder, home)


def normalise(text: str) -> str:
    """What may differ between two runs: durations and pids."""
    text = DURATION.sub("<time>", text)
    return PID.sub(r"\1 <pid>", text).rstrip()


def diff(block: Block, live: str) -> str:
    """A unified diff from what the file shows to what the command prints ('' if alike
    once durations and pids are set aside)."""
    if normalise(block.text) == normalise(live):
        return ""
    return "".join(
        difflib.unified_diff(
            (block.text.rstrip() + "\n").splitlines(keepends=True),
            (live + "\n").splitlines(keepends=True),
            fromfile=f"{block.where} (shown)",
            tofile=f"{block.command} (printed now)",
        )
    )


def check(path: Path, scratch: Path) -> list[str]:
    """Run every block of ``path`` in one sandbox; the diffs of those that drifted."""
    box = sandbox(scratch)
    return [d for b in blocks(path) if (d := diff(b, box.run(b.command)))]


def write(path: Path, scratch: Path) -> int:
    """Rewrite every block of ``path`` from the live output; how many changed."""
    box = sandbox(scratch)
    text = path.read_text(encoding="utf-8")
    changed, pieces, at = 0, [], 0
    for b in blocks(path):
        live = box.run(b.command)
        changed += live != b.text.rstrip()
        pieces += [text[at : b.start], live + "\n"]
        at = b.end
    pieces.append(text[at:])
    new = "".join(pieces)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return changed


def main(argv_: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description="Check the README's marked output blocks against the commands, or "
        "rewrite them (--write). Exit codes: 0 all current (or written), 1 a block drifted."
    )
    p.add_argument("--write", action="store_true", help="rewrite the blocks from the output")
    p.add_argument(
        "files", nargs="*", type=Path, help=f"files to check (default: {', '.join(FILES)})"
    )
    args = p.parse_args(argv_)
    files = [f.resolve() for f in args.files] or [ROOT / f for f in FILES]
    drifted = 0
    for path in files:
        with tempfile.TemporaryDirectory(prefix="tca-readme-") as scratch:
            if args.write:
                n = write(path, Path(scratch))
                print(f"{shown_path(path)}: {n} block(s) rewritten")
                continue
            for d in check(path, Path(scratch)):
                drifted += 1
                print(d)
    if not args.write:
        print(f"{drifted} block(s) drifted" if drifted else "every block is current")
    return 1 if drifted else 0


if __name__ == "__main__":
    sys.exit(main())
