"""What RapidOCR's recogniser costs at other input shapes, and what it then reads (issue 14).

RapidOCR pads every recognition batch to at least 48x320 pixels, so a short word ("OK")
is read in an input as wide as a sentence. This reads every frame of
benchmarks/controls/ whole, one engine per variant, interleaved frame by frame, each
engine's reading cache emptied before each read, and prints per variant: the median and
total time of a whole read, and how many of the strings read differ from the stock
engine's (a set per frame; which are better is not judged here: the controls benchmark's
hit rate is, ``python -m benchmarks._controls --rec-width N``).

Variants: ``320`` (stock), any other least width (``--widths 160,96``), and with
``--int8`` onnxruntime's dynamic int8 quantization of the recogniser and of the detector
(needs ``pip install onnx``; the models are written to a temporary folder).

Run: ``python scripts/time_rec_width.py [--widths 160,96] [--int8] [--rounds 2]``
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tiny_computer_agent.perception._ocr import load_ocr_engine

ROOT = Path(__file__).resolve().parents[1]
FRAMES = sorted((ROOT / "benchmarks" / "controls").glob("*.png"))


def int8_variants(folder: Path) -> dict[str, tuple[tuple[str, Any], ...]]:
    """The wheel's detector and recogniser quantized to int8 (weights), in ``folder``."""
    import rapidocr
    from onnxruntime.quantization import QuantType, quantize_dynamic

    models = Path(rapidocr.__file__).parent / "models"
    out: dict[str, tuple[tuple[str, Any], ...]] = {}
    for part, key in (("rec", "Rec.model_path"), ("det", "Det.model_path")):
        (source,) = models.glob(f"*_{part}_*.onnx")
        target = folder / f"{part}_int8.onnx"
        quantize_dynamic(source, target, weight_type=QuantType.QUInt8)
        out[f"{part} int8"] = ((key, str(target)),)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--widths", default="160,96", help="least widths to try beside 320")
    parser.add_argument("--int8", action="store_true", help="also dynamic int8 models")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    import numpy as np
    from PIL import Image

    variants: dict[str, tuple[tuple[str, Any], ...]] = {"320": ()}
    for width in (int(w) for w in args.widths.split(",") if w):
        variants[str(width)] = (("Rec.rec_img_shape", (3, 48, width)),)
    with tempfile.TemporaryDirectory() as tmp:
        if args.int8:
            variants |= int8_variants(Path(tmp))
        engines = {name: load_ocr_engine(v) for name, v in variants.items()}
        frames = [np.array(Image.open(p).convert("RGB")) for p in FRAMES]
        for engine in engines.values():
            engine(frames[0])  # the first run of a model is slower than the rest
        seconds: dict[str, list[float]] = {name: [] for name in engines}
        read: dict[str, list[set[str]]] = {name: [] for name in engines}
        for round_ in range(args.rounds):
            for frame in frames:
                for name, engine in engines.items():
                    getattr(engine.text_rec, "_seen", {}).clear()
                    t0 = time.perf_counter()
                    out = engine(frame)
                    seconds[name].append(time.perf_counter() - t0)
                    if round_ == 0:
                        read[name].append(set(out.txts or ()))
    print(f"{len(FRAMES)} frames x {args.rounds} rounds, whole reads, interleaved\n")
    print("| variant | median ms | total s | ratio to 320 (total) | strings unlike 320's |")
    print("|---|---:|---:|---:|---:|")
    base = sum(seconds["320"])
    for name in engines:
        unlike = sum(len(a ^ b) for a, b in zip(read["320"], read[name], strict=True))
        print(
            f"| {name} | {statistics.median(seconds[name]) * 1000:.0f} | "
            f"{sum(seconds[name]):.1f} | {sum(seconds[name]) / base:.2f} | {unlike} |"
        )


if __name__ == "__main__":
    main()
