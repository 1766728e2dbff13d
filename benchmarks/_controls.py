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

Each shot is handed over as the live desktop screen would hand it: a ``Frame`` with the
shot's recorded ``context`` (the top-level windows and our own accessibility reader's
elements, taken right after the capture; see scripts/record_controls.py), so the
``a11y`` and ``auto`` detectors read the tree the program had. Labels recorded before
the context was kept still load (no windows, no tree). GTK's truth comes from the same
AT-SPI tree, so ``a11y`` on GTK is partly right by construction; Tk and X Toolkit have
no tree.

A variant is any detector name in the registry (``--detector NAME``, repeatable:
``ocr-full`` (the default), ``shapes``, ``a11y``, ``auto``, ...;
``tiny_computer_agent.registry.detector_specs``), or any factory of a callable
frame -> elements added to :data:`VARIANTS`. A fresh detector is built for every shot
(outside the clock; OCR engines are cached process-wide, so this is cheap): the
registry's ``ocr``, and the OCR inside ``shapes`` and ``auto``, re-read only what
changed since their last frame, and would otherwise be timed on the difference between
two unrelated screenshots.

    python benchmarks/bench.py controls [--detector ocr-full --detector NAME ...]
    python -m benchmarks._controls [--detector NAME ...] [--labels FILE] [--misses]
        [--rec-width N]
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
    from tiny_computer_agent._elements import Element, Frame, Window

#: frame -> elements in the frame's pixels
Detect = Callable[["Frame"], Sequence["Element"]]
#: a factory of a fresh Detect (called once per shot)
MakeDetect = Callable[[], Detect]
#: extra variants by name, beside the registry's detectors
VARIANTS: dict[str, MakeDetect] = {}


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
    #: what the live screen gave with this frame: top-level windows, top-most first,
    #: and the accessibility tree's elements, both in screen pixels (empty when the
    #: labels predate the context, or the program has no tree)
    windows: tuple[Window, ...] = ()
    accessible: tuple[Element, ...] = ()


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
    return [_shot(path.parent, s) for s in data["shots"]]


def _shot(folder: Path, s: dict[str, Any]) -> Shot:
    from tiny_computer_agent._elements import Element, Window

    context = s.get("context", {})
    return Shot(
        file=folder / s["file"],
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
        windows=tuple(Window.from_dict(w) for w in context.get("windows", ())),
        accessible=tuple(Element.from_dict(e) for e in context.get("accessible", ())),
    )


def shot_frame(shot: Shot, image: Any) -> Frame:
    """``image`` as the desktop screen would have framed it: with the shot's windows
    and tree (one monitor at 0,0, so screen pixels are frame pixels)."""
    from tiny_computer_agent.perception._frames import make_frame

    return make_frame(image, windows=shot.windows, accessible=shot.accessible)


def found(target: Target, elements: Sequence[Element]) -> Element | None:
    """The element that finds ``target``: same normalized label, centre inside its rect;
    of several, one of the right kind first."""
    from tiny_computer_agent._elements import normalize_label

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


def detect_fn(name: str) -> MakeDetect:
    """A variant by name: one of :data:`VARIANTS`, else a factory that builds the
    registry detector ``name`` afresh (each call is a detector that has seen nothing)."""
    if name in VARIANTS:
        return VARIANTS[name]
    from tiny_computer_agent.registry import make_detector

    def make() -> Detect:
        detector = make_detector(name)
        return lambda frame: detector.detect(frame).elements

    return make


def run(make: MakeDetect, shots: Sequence[Shot]) -> dict[str, Tally]:
    """Score a fresh ``make()`` on every shot: a tally per toolkit and ``all``. Only
    ``detect`` is timed (not building the detector, nor the frame)."""
    from PIL import Image

    from tiny_computer_agent.perception._frames import make_frame

    tallies: dict[str, Tally] = {"all": Tally()}
    make()(make_frame(Image.new("RGB", (64, 32), "white")))  # engines before the clock
    for shot in shots:
        with Image.open(shot.file) as im:
            frame = shot_frame(shot, im.convert("RGB"))
        detect = make()
        t0 = time.perf_counter()
        elements = detect(frame)
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
    return f"command: `{command}`\ncommit: {_commit()}\n\n" + grid(results)


def grid(results: dict[str, dict[str, Tally]]) -> str:
    """The markdown table alone: a row per detector and toolkit (then all)."""
    lines = [
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
        help="a registry detector name, e.g. ocr-full, shapes, a11y, auto (repeatable; "
        f"default: {' '.join(DEFAULT_DETECTORS)})",
    )
    p.add_argument("--labels", type=Path, default=LABELS)
    p.add_argument("--misses", action="store_true", help="list the targets each missed")
    p.add_argument(
        "--rec-width",
        type=int,
        default=None,
        help="the recogniser's least input width in pixels (RapidOCR pads to 320; a trial)",
    )
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.rec_width:
        from tiny_computer_agent.perception import _ocr

        _ocr.ENGINE_PARAMS["Rec.rec_img_shape"] = (3, 48, args.rec_width)
    results = measure(args.detector or DEFAULT_DETECTORS, args.labels)
    command = "python -m benchmarks._controls " + " ".join(argv or sys.argv[1:])
    print(table(results, command.strip()))
    if args.misses:
        for name, tallies in results.items():
            print(f"\n{name} missed:\n  " + "\n  ".join(tallies["all"].misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
