"""bench.py's ``controls`` section: does an index find the controls of real programs?

The recorded set in benchmarks/controls/ (made by scripts/record_controls.py: real
screenshots of Tk, X Toolkit and GTK programs, each target's name, kind and rectangle
taken from the toolkit itself) is read by every detector variant, one frame at a time,
and scored per toolkit and overall:

* **hit rate**: targets with an element whose ``normalize_label`` equals the target's
  name (a field's name is its label) and whose box centre lies inside the target's
  rectangle;
* **kind accuracy**: of the targets hit, those whose element has the target's kind
  (unknown ``""`` counts wrong);
* **median ms** per frame of the detector's ``detect``.

HELD OUT: the set is for measuring only. Nobody tunes thresholds, rules or models on
it; a detector changed after looking at its misses here is measured again on a freshly
recorded split (``scripts/record_controls.py --split holdout --out DIR``, then
``--labels DIR/labels.json``).

A variant is any detector name in the registry (``--detector NAME``, repeatable;
``tiny_computer_agent.registry.detector_specs``), or any callable image -> elements
added to :data:`VARIANTS`. Each detector is built once and sees the shots in file
order; a stateful one (the registry's ``ocr``, which re-reads only what changed) would
reuse the previous shot, so the default is ``ocr-full``, a whole read of every frame.

    python benchmarks/bench.py controls [--detector ocr-full --detector NAME ...]
    python -m benchmarks._controls [--detector NAME ...] [--labels FILE] [--misses]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "benchmarks" / "controls" / "labels.json"
DEFAULT_DETECTORS = ("ocr-full",)

if TYPE_CHECKING:
    from tiny_computer_agent._perception import Element

#: image -> elements in the image's pixels
Detect = Callable[[Any], Sequence["Element"]]
#: extra variants by name, beside the registry's detectors (a factory of a Detect)
VARIANTS: dict[str, Callable[[], Detect]] = {}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Target:
    name: str
    kind: str
    rect: tuple[int, int, int, int]
    state: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Shot:
    file: Path
    program: str
    toolkit: str
    targets: tuple[Target, ...]


@dataclasses.dataclass(kw_only=True)
class Tally:
    """Counts for one detector on one toolkit (or all)."""

    targets: int = 0
    hits: int = 0
    kinds_right: int = 0
    times: list[float] = dataclasses.field(default_factory=list)
    misses: list[str] = dataclasses.field(default_factory=list)

    @property
    def hit_rate(self) -> float:
        return self.hits / self.targets if self.targets else 0.0

    @property
    def kind_accuracy(self) -> float:
        return self.kinds_right / self.hits if self.hits else 0.0


def load(path: Path = LABELS) -> list[Shot]:
    """The shots of a labels file (images beside it)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        Shot(
            file=path.parent / s["file"],
            program=s["program"],
            toolkit=s["toolkit"],
            targets=tuple(
                Target(
                    name=t["name"],
                    kind=t["kind"],
                    rect=tuple(t["rect"]),
                    state=tuple(t.get("state", ())),
                )
                for t in s["targets"]
            ),
        )
        for s in data["shots"]
    ]


def found(target: Target, elements: Sequence[Element]) -> Element | None:
    """The element that finds ``target``: same normalized label, centre inside its rect;
    of several, one of the right kind first."""
    from tiny_computer_agent._perception import normalize_label

    key = normalize_label(target.name)
    left, top, right, bottom = target.rect
    hits = []
    for e in elements:
        el, et, er, eb = e.box
        cx, cy = (el + er) / 2, (et + eb) / 2
        if left <= cx <= right and top <= cy <= bottom and normalize_label(e.label) == key:
            hits.append(e)
    hits.sort(key=lambda e: e.kind != target.kind)
    return hits[0] if hits else None


def score_shot(shot: Shot, elements: Sequence[Element], tally: Tally) -> None:
    for target in shot.targets:
        tally.targets += 1
        element = found(target, elements)
        if element is None:
            tally.misses.append(f"{shot.file.stem}: {target.kind} {target.name!r}")
            continue
        tally.hits += 1
        tally.kinds_right += element.kind == target.kind


def detect_fn(name: str) -> Detect:
    """A variant by name: one of :data:`VARIANTS`, else a registry detector run on
    ``Frame.of(image)``."""
    if name in VARIANTS:
        return VARIANTS[name]()
    from tiny_computer_agent._perception import Frame
    from tiny_computer_agent.registry import make_detector

    detector = make_detector(name)

    def detect(image: Any) -> Sequence[Element]:
        return detector.detect(Frame.of(image)).elements

    return detect


def run(detect: Detect, shots: Sequence[Shot]) -> dict[str, Tally]:
    """Score ``detect`` on every shot: a tally per toolkit and ``all``."""
    from PIL import Image

    tallies: dict[str, Tally] = {"all": Tally()}
    detect(Image.new("RGB", (64, 32), "white"))  # build engines before the clock runs
    for shot in shots:
        with Image.open(shot.file) as im:
            image = im.convert("RGB")
        t0 = time.perf_counter()
        elements = detect(image)
        elapsed = time.perf_counter() - t0
        for key in (shot.toolkit, "all"):
            tally = tallies.setdefault(key, Tally())
            tally.times.append(elapsed)
            score_shot(shot, elements, tally)
    return tallies


def _commit() -> str:
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip()

    dirty = git("status", "--porcelain", "--", "benchmarks", "tiny_computer_agent")
    return git("rev-parse", "--short", "HEAD") + (" (with uncommitted changes)" if dirty else "")


def table(results: dict[str, dict[str, Tally]], command: str) -> str:
    """A markdown table: detector x toolkit, with the command and commit above it."""
    lines = [
        f"command: `{command}`",
        f"commit: {_commit()}",
        "",
        "| detector | toolkit | shots | targets | hit rate | kind accuracy (of hits) "
        "| median ms/frame |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name, tallies in results.items():
        order = [*sorted(k for k in tallies if k != "all"), "all"]
        for key in order:
            t = tallies[key]
            ms = statistics.median(t.times) * 1000 if t.times else 0.0
            lines.append(
                f"| {name} | {key} | {len(t.times)} | {t.targets} | "
                f"{t.hits}/{t.targets} = {t.hit_rate:.1%} | "
                f"{t.kinds_right}/{t.hits} = {t.kind_accuracy:.1%} | {ms:.0f} |"
            )
    return "\n".join(lines)


def measure(detectors: Sequence[str], labels: Path = LABELS) -> dict[str, dict[str, Tally]]:
    shots = load(labels)
    return {name: run(detect_fn(name), shots) for name in detectors}


def controls_rows(results: dict[str, dict[str, Tally]]) -> list[tuple[str, float, str, str]]:
    """bench.py rows: per detector and toolkit, hit rate, kind accuracy, median time."""
    rows = []
    for name, tallies in results.items():
        for key, t in tallies.items():
            note = f"{t.hits}/{t.targets} targets, {len(t.times)} shots"
            rows.append((f"{name} {key}: hit rate", round(100 * t.hit_rate, 1), "%", note))
            rows.append(
                (
                    f"{name} {key}: kind accuracy",
                    round(100 * t.kind_accuracy, 1),
                    "%",
                    f"{t.kinds_right}/{t.hits} hits",
                )
            )
            if t.times:
                rows.append(
                    (f"{name} {key}: detect", statistics.median(t.times), "s", "median per frame")
                )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--detector",
        action="append",
        default=None,
        help=f"a registry detector name (repeatable; default: {DEFAULT_DETECTORS})",
    )
    p.add_argument("--labels", type=Path, default=LABELS)
    p.add_argument("--misses", action="store_true", help="list the targets each missed")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    results = measure(args.detector or DEFAULT_DETECTORS, args.labels)
    command = "python -m benchmarks._controls " + " ".join(argv or sys.argv[1:])
    print(table(results, command.strip()))
    if args.misses:
        for name, tallies in results.items():
            print(f"\n{name} missed:\n  " + "\n  ".join(tallies["all"].misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
