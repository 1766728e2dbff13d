"""A Tesseract-based index of a frame, the baseline bench.py's ``steps`` section
compares ours with (issue 14).

Debian's ``tesseract`` (package ``tesseract-ocr``, English data ``tesseract-ocr-eng``)
runs as a subprocess, the way an agent built on it would: ``--psm 11`` (sparse text:
as much text as possible, in no particular order, which suits a screen better than the
page layouts) and TSV output, the only one that gives boxes. Each word is an element,
and so is each line Tesseract groups words into (its block, paragraph and line
numbers), so a two-word button such as "Don't Save" can be found as one line; counting
both is generous to Tesseract, never to us.
"""

from __future__ import annotations

import dataclasses
import io
import shutil
import subprocess
import time
from collections.abc import Sequence
from typing import Any

#: The command, the frame on stdin (PNG) and the TSV on stdout.
TESSERACT_ARGV = ("tesseract", "stdin", "stdout", "--psm", "11", "tsv")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class TextBox:
    """One word or line Tesseract read; ``box`` is (left, top, right, bottom) in frame pixels."""

    label: str
    box: tuple[int, int, int, int]

    @property
    def center(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2, (y0 + y1) / 2)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class TesseractIndex:
    """What one run of Tesseract found on a frame, and how long the run took (the
    subprocess alone: the PNG is encoded before the clock starts)."""

    words: tuple[TextBox, ...]
    lines: tuple[TextBox, ...]
    seconds: float

    @property
    def elements(self) -> tuple[TextBox, ...]:
        return (*self.words, *self.lines)


def missing() -> str:
    """Why Tesseract cannot run here ("" when it can), with the command that mends it."""
    if shutil.which("tesseract") is None:
        return (
            "tesseract is not installed; install it with: sudo apt-get install -y "
            "tesseract-ocr tesseract-ocr-eng (or: sudo bash scripts/install-system-deps.sh)"
        )
    return ""


def png_bytes(image: Any) -> bytes:
    """``image`` (PIL) as PNG, what Tesseract reads from stdin."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def tesseract_index(image: Any, *, timeout: float = 60) -> TesseractIndex:
    """Run Tesseract on ``image`` (a PIL image) and index its words and lines."""
    data = png_bytes(image)
    t0 = time.perf_counter()
    done = subprocess.run(
        TESSERACT_ARGV, input=data, capture_output=True, check=False, timeout=timeout
    )
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(TESSERACT_ARGV)} exited {done.returncode}: "
            f"{done.stderr.decode(errors='replace').strip()[-400:]}"
        )
    words, lines = parse_tsv(done.stdout.decode("utf-8", errors="replace"))
    return TesseractIndex(words=words, lines=lines, seconds=seconds)


def parse_tsv(text: str) -> tuple[tuple[TextBox, ...], tuple[TextBox, ...]]:
    """Tesseract's TSV as (words, lines): level-5 rows with text are words; the words
    of one (page, block, paragraph, line) joined by spaces, with their boxes' union,
    are a line."""
    rows = [line.split("\t") for line in text.splitlines()]
    if not rows or rows[0][:1] != ["level"]:
        raise ValueError(f"not Tesseract TSV (no header row): {text[:120]!r}")
    header = rows[0]
    words: list[TextBox] = []
    grouped: dict[tuple[str, ...], list[TextBox]] = {}
    for row in rows[1:]:
        if len(row) != len(header):
            continue  # a word that is a lone tab or newline splits its row; nothing to read
        field = dict(zip(header, row, strict=True))
        label = field["text"].strip()
        if field["level"] != "5" or not label:
            continue
        left, top = int(field["left"]), int(field["top"])
        word = TextBox(
            label=label, box=(left, top, left + int(field["width"]), top + int(field["height"]))
        )
        words.append(word)
        key = tuple(field[k] for k in ("page_num", "block_num", "par_num", "line_num"))
        grouped.setdefault(key, []).append(word)
    lines = [_line(members) for members in grouped.values() if len(members) > 1]
    return tuple(words), tuple(lines)


def _line(words: Sequence[TextBox]) -> TextBox:
    ordered = sorted(words, key=lambda w: w.box[0])
    return TextBox(
        label=" ".join(w.label for w in ordered),
        box=(
            min(w.box[0] for w in ordered),
            min(w.box[1] for w in ordered),
            max(w.box[2] for w in ordered),
            max(w.box[3] for w in ordered),
        ),
    )
