"""Time recognition batched by width against RapidOCR's own batches of 6 (issue 14).

RapidOCR pads every box of a recognition batch to the widest one, so a dialog's long
sentence batched with its buttons costs a sentence per button. ``_RememberedReadings``
batches boxes of like width (``tiny_computer_agent.perception._ocr.PAD_SLACK``). On every frame of
``benchmarks/controls/`` (real Tk, GTK and X Toolkit programs), its text boxes are found
once, then recognised both ways, interleaved, 5 rounds, readings forgotten before each:

    like width   as shipped (PAD_SLACK = 1.5)
    batches of 6 PAD_SLACK = inf: consecutive boxes by width, 6 at a time, as RapidOCR does

Prints the median recognition time per frame summed over the frames, the frames whose
few boxes gained most, and every frame whose readings differ. Run:
``python scripts/time_batches.py [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tiny_computer_agent.perception import _ocr  # noqa: E402

MODES = {"like width": 1.5, "batches of 6": float("inf")}


def _boxes(engine: object, path: Path) -> list[object]:
    """The text boxes' crops in ``path``, as the engine cuts them for recognition."""
    import numpy as np
    from PIL import Image

    image = np.asarray(Image.open(path).convert("RGB"))[:, :, ::-1].copy()
    crops, _ = engine.detect_and_crop(image, op_record={})  # type: ignore[attr-defined]
    return list(crops)


def main() -> None:
    from rapidocr.ch_ppocr_rec.typings import TextRecInput

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    engine = _ocr.load_ocr_engine()
    rec = engine.text_rec
    frames = sorted((ROOT / "benchmarks" / "controls").glob("*.png"))
    crops = {f.name: _boxes(engine, f) for f in frames}
    took: dict[str, dict[str, list[float]]] = {m: {} for m in MODES}
    read: dict[str, dict[str, tuple[str, ...]]] = {m: {} for m in MODES}
    for r in range(args.rounds):
        for mode in list(MODES)[:: 1 if r % 2 == 0 else -1]:
            _ocr.PAD_SLACK = MODES[mode]
            for name, boxes in crops.items():
                rec._seen.clear()
                t0 = time.perf_counter()
                out = rec(TextRecInput(img=boxes, return_word_box=True))
                took[mode].setdefault(name, []).append(time.perf_counter() - t0)
                read[mode][name] = tuple(out.txts)
    med = {m: {n: statistics.median(t) for n, t in took[m].items()} for m in MODES}
    total = {m: sum(med[m].values()) for m in MODES}
    print(f"{len(frames)} frames, {sum(len(c) for c in crops.values())} boxes, "
          f"{args.rounds} rounds, interleaved; recognition only, medians")  # fmt: skip
    print("| batches | recognition, all frames | slowest frame |")
    print("| --- | ---: | ---: |")
    for m in MODES:
        print(f"| {m} | {total[m]:.2f} s | {max(med[m].values()) * 1e3:.0f} ms |")
    print(f"batches of 6 / like width: {total['batches of 6'] / total['like width']:.2f}x")
    gain = sorted(crops, key=lambda n: med["like width"][n] / med["batches of 6"][n])[:5]
    for n in gain:
        print(f"  {n}: {len(crops[n])} boxes, {med['batches of 6'][n] * 1e3:.0f} -> "
              f"{med['like width'][n] * 1e3:.0f} ms")  # fmt: skip
    differ = [n for n in crops if read["like width"][n] != read["batches of 6"][n]]
    print(f"frames read differently: {len(differ)} of {len(frames)}")
    for n in differ:
        pairs = zip(read["batches of 6"][n], read["like width"][n], strict=True)
        print(f"  {n}: " + "; ".join(f"{a!r} -> {b!r}" for a, b in pairs if a != b))


if __name__ == "__main__":
    main()
