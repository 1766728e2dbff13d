"""What a capability is and makes, the registry it joins, and how it is drawn.

A capability is a function that *runs* something — a command line, a snippet of the
public API, a real desktop under Xvfb — and returns what it produced: a
:class:`Transcript` of real runs or a :class:`Screenshot` of a real frame. Nothing is
drawn by hand: a terminal picture is the real output of the code shown on it, and a
screen picture is a real capture with the element index and the click drawn over it.

This module imports no capability module; they import it (see ``showcase/__init__.py``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import shlex
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
WIDTH_CHARS = 118
MAX_LINES = 70


# ---------------------------------------------------------------- what a capability makes


@dataclasses.dataclass
class Block:
    """One thing that ran: a command or code, and what it printed."""

    command: str
    output: str
    kind: str = "shell"  # shell | python
    code: int | None = None


@dataclasses.dataclass
class Transcript:
    """A terminal-style record of real runs."""

    blocks: list[Block] = dataclasses.field(default_factory=list)

    def shell(self, *argv: str, env: dict[str, str] | None = None, timeout: float = 300) -> Block:
        """Run the real command line in a fresh interpreter; record output and exit code."""
        cmd = [sys.executable, "-m", "tiny_computer_agent", *argv]
        full_env = {**os.environ, **(env or {})}
        proc = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=full_env,
            cwd=ROOT,
            check=False,
        )
        shown_env = " ".join(f"{k}={v}" for k, v in (env or {}).items() if "HOME" not in k)
        line = " ".join(["tiny-computer-agent", *(shlex.quote(a) for a in argv)])
        block = Block(
            command=f"{shown_env} {line}".strip(),
            output=(proc.stderr + proc.stdout).rstrip(),
            code=proc.returncode,
        )
        self.blocks.append(block)
        return block

    def python(self, code: str, namespace: dict[str, Any]) -> str:
        """Execute ``code`` in ``namespace``; record the code and everything it printed."""
        source = textwrap.dedent(code).strip()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(source, "<showcase>", "exec"), namespace)
        self.blocks.append(Block(command=source, output=out.getvalue().rstrip(), kind="python"))
        return out.getvalue()


@dataclasses.dataclass
class Screenshot:
    """A real frame with the element index, the chosen target and the click drawn on it."""

    image: Any
    boxes: Sequence[tuple[str, tuple[int, int, int, int]]] = ()
    chosen: tuple[int, int, int, int] | None = None
    click: tuple[int, int] | None = None
    caption: str = ""


@dataclasses.dataclass(frozen=True)
class Capability:
    id: str
    title: str
    claim: str
    shows: tuple[str, ...]
    run: Callable[[], Transcript | Screenshot]
    needs: tuple[str, ...] = ()


REGISTRY: list[Capability] = []


class Skipped(Exception):
    """A capability that needs a Linux-only program, run elsewhere (the Windows runner).

    The script prints the reason and goes on, and keeps no picture for it. On Linux a
    skip is a failure: there every capability must run.
    """


def capability(
    id: str, title: str, claim: str, shows: Sequence[str], needs: Sequence[str] = ()
) -> Callable[[Callable[[], Transcript | Screenshot]], Callable[[], Transcript | Screenshot]]:
    def register(
        fn: Callable[[], Transcript | Screenshot],
    ) -> Callable[[], Transcript | Screenshot]:
        if any(c.id == id for c in REGISTRY):
            raise ValueError(f"capability id {id!r} is registered twice")
        REGISTRY.append(Capability(id, title, claim, tuple(shows), fn, tuple(needs)))
        return fn

    return register


def namespace() -> dict[str, Any]:
    """A fresh namespace for a snippet, with the package imported as a user would."""
    import tiny_computer_agent as tca

    return {"tca": tca, "__name__": "showcase"}


@contextlib.contextmanager
def private_state() -> Iterator[Path]:
    """Point all harness state (the kill switch...) at a temp dir while a capability runs,
    and the temp files its snippets make (``tempfile.mkdtemp()``, as a user would write
    it) inside that dir too, so a gallery run leaves nothing in the system's temp dir."""
    saved = {k: os.environ.get(k) for k in ("TINY_COMPUTER_AGENT_HOME", "TMPDIR")}
    saved_tempdir = tempfile.tempdir
    with tempfile.TemporaryDirectory(prefix="tca-showcase-") as tmp:
        scratch = Path(tmp) / "tmp"
        scratch.mkdir()
        os.environ["TINY_COMPUTER_AGENT_HOME"] = tmp
        os.environ["TMPDIR"] = str(scratch)  # and for the programs a snippet starts
        tempfile.tempdir = str(scratch)
        try:
            yield Path(tmp)
        finally:
            tempfile.tempdir = saved_tempdir
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


# ---------------------------------------------------------------- rendering


def _font(size: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(FONT, size) if Path(FONT).exists() else ImageFont.load_default(size)


def _wrap(text: str) -> list[str]:
    lines: list[str] = []
    for raw in text.splitlines() or [""]:
        lines.extend(textwrap.wrap(raw, WIDTH_CHARS, subsequent_indent="    ") or [""])
    return lines


def render_transcript(cap: Capability, transcript: Transcript, path: Path) -> None:
    from PIL import Image, ImageDraw

    colours = {
        "title": (255, 255, 255),
        "claim": (170, 190, 210),
        "cmd": (120, 220, 120),
        "py": (130, 180, 255),
        "out": (215, 215, 215),
        "code": (240, 200, 110),
    }
    rows: list[tuple[str, str]] = [("title", cap.title)]
    rows += [("claim", line) for line in _wrap(cap.claim)] + [("out", "")]
    for block in transcript.blocks:
        if block.kind == "shell":
            rows.extend(("cmd", line) for line in _wrap("$ " + block.command))
        else:
            rows.extend(("py", line) for line in _wrap(textwrap.indent(block.command, ">>> ")))
        out_lines = _wrap(block.output) if block.output else []
        if len(out_lines) > MAX_LINES:
            hidden = len(out_lines) - MAX_LINES
            out_lines = [*out_lines[:MAX_LINES], f"[... {hidden} more lines of real output]"]
        rows.extend(("out", line) for line in out_lines)
        if block.code is not None:
            rows.append(("code", f"[exit code {block.code}]"))
        rows.append(("out", ""))
    font, big = _font(15), _font(19)
    line_h, pad = 20, 18
    height = pad * 2 + line_h * len(rows) + 10
    img = Image.new("RGB", (WIDTH_CHARS * 9 + 2 * pad + 20, height), (24, 26, 33))
    d = ImageDraw.Draw(img)
    y = pad
    for kind, text in rows:
        d.text((pad, y), text, font=big if kind == "title" else font, fill=colours[kind])
        y += line_h + (6 if kind == "title" else 0)
    img.save(path, optimize=True)


def render_screenshot(cap: Capability, shot: Screenshot, path: Path) -> None:
    from PIL import ImageDraw

    img = shot.image.convert("RGB").copy()
    d = ImageDraw.Draw(img)
    font = _font(13)
    for i, (_label, box) in enumerate(shot.boxes, 1):
        d.rectangle(box, outline=(255, 170, 0), width=2)
        tag = f"{i}"
        d.rectangle((box[0], box[1] - 16, box[0] + 9 * len(tag) + 6, box[1]), fill=(255, 170, 0))
        d.text((box[0] + 3, box[1] - 16), tag, font=font, fill=(0, 0, 0))
    if shot.chosen:
        d.rectangle(shot.chosen, outline=(0, 230, 80), width=5)
    if shot.click:
        x, y = shot.click
        d.ellipse((x - 9, y - 9, x + 9, y + 9), outline=(255, 40, 40), width=3)
        d.line((x - 16, y, x + 16, y), fill=(255, 40, 40), width=2)
        d.line((x, y - 16, x, y + 16), fill=(255, 40, 40), width=2)
    band = 56
    from PIL import Image

    framed = Image.new("RGB", (img.width, img.height + band), (24, 26, 33))
    framed.paste(img, (0, band))
    fd = ImageDraw.Draw(framed)
    fd.text((14, 6), cap.title, font=_font(19), fill=(255, 255, 255))
    fd.text((14, 32), shot.caption or cap.claim, font=_font(14), fill=(170, 190, 210))
    framed.save(path, optimize=True)
