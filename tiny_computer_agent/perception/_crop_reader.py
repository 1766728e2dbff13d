"""Reading one control's own crop again: the ``read`` callback that fusion asks for.

:func:`crop_reader` returns a reader that cuts a control's box out of the frame (inset
past its wall), enlarges it, OCRs it alone and maps the pieces back to frame pixels. A
crop whose only ink is a dot, a bar or two stacked bars (a calculator's ".", "-", "=")
is read from its ink, since the OCR model names such a lone mark wrongly.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from .._elements import Element
from ._fusion import READ_INSET, READ_MARGIN, Reader
from ._shapes import Box, _numpy

__all__ = ["crop_reader"]


def crop_reader(
    image: Any, *, factor: float = 3.0, engine_params: tuple[tuple[str, Any], ...] = ()
) -> Reader:
    """A ``read`` for :func:`fuse`: OCR of exactly one control's inside in ``image`` (a
    PIL image), its wall cut off, on a margin of the inside's own colour, magnified
    ``factor`` times; pieces come back in ``image``'s pixels. Unlike
    :func:`~tiny_computer_agent.perception._ocr.reread`, whose margin takes in the neighbours (a
    button's re-read in a row of touching buttons read "TWwoT"), nothing around the
    control is read. Loads the OCR engine (the ``ocr`` extra) on first use."""
    from PIL import Image

    from ._ocr import _pieces, _read, load_ocr_engine

    def read(box: Box) -> list[Element]:
        x0, y0, x1, y1 = (
            box[0] + READ_INSET,
            box[1] + READ_INSET,
            box[2] - READ_INSET,
            box[3] - READ_INSET,
        )
        if x1 - x0 < 4 or y1 - y0 < 4:
            return []
        crop = image.crop((x0, y0, x1, y1)).convert("RGB")
        m = READ_MARGIN
        canvas = Image.new("RGB", (crop.width + 2 * m, crop.height + 2 * m), _fill_colour(crop))
        canvas.paste(crop, (m, m))
        big = canvas.resize(
            (round(canvas.width * factor), round(canvas.height * factor)), Image.Resampling.LANCZOS
        )
        if (mark := _mark(crop)) is not None:
            name, (a, b, c, d) = mark
            where = (x0 + a, y0 + b, x0 + c, y0 + d)
            return [Element(label=name, box=where, confidence=MARK_CONFIDENCE)]
        pieces = _pieces(_read(load_ocr_engine(engine_params), big, text_score=0.5))
        return [_placed(e, (x0 - m, y0 - m), factor) for e in pieces if e.label.strip()]

    return read


#: How sure a mark read from its ink's shape (:func:`_mark`) is said to be.
MARK_CONFIDENCE: Final = 0.9
#: A pixel this many grey levels from the crop's background is ink.
INK_STEP: Final = 60


def _mark(crop: Any) -> tuple[str, Box] | None:
    """``"."``, ``"-"`` or ``"="`` and where its ink is, when all the ink in ``crop``
    (a control's inside) is one small dot, one flat bar or two stacked flat bars; None
    for anything else. The OCR model, shown such a mark alone, names some glyph with
    confidence (xcalc's "." read "+" at 0.93 at one crop, its "-" as "1"), while the
    shape of the ink says plainly which of these it is."""
    np, cv2 = _numpy()
    grey = np.asarray(crop.convert("L"), dtype=np.int16)
    ink = (np.abs(grey - int(np.median(grey))) > INK_STEP).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    blobs = [tuple(int(v) for v in stats[i][:5]) for i in range(1, count)]
    if not blobs or len(blobs) > 2:
        return None
    side = max(3, grey.shape[0] // 6)  # a dot is at most this wide and tall, and solid
    dots = [b for b in blobs if b[2] <= side and b[3] <= side and b[4] >= 0.5 * b[2] * b[3]]
    bars = [b for b in blobs if b[3] <= max(3, b[2] // 3) and b[2] > side]
    if len(blobs) == 1 and dots:
        name = "."
    elif len(blobs) == 1 and bars:
        name = "-"
    elif len(bars) == 2 and abs(bars[0][2] - bars[1][2]) <= 2 and bars[0][1] != bars[1][1]:
        name = "="
    else:
        return None
    x0, y0 = min(b[0] for b in blobs), min(b[1] for b in blobs)
    x1, y1 = max(b[0] + b[2] for b in blobs), max(b[1] + b[3] for b in blobs)
    return name, (x0, y0, x1, y1)


def _fill_colour(crop: Any) -> tuple[int, int, int]:
    """The commonest colour on a crop's outer rows and columns (its background)."""
    np, _ = _numpy()
    a = np.asarray(crop)
    rim = np.concatenate((a[0], a[-1], a[:, 0], a[:, -1]))
    colours, counts = np.unique(rim, axis=0, return_counts=True)
    r, g, b = (int(v) for v in colours[int(np.argmax(counts))])
    return r, g, b


def _placed(e: Element, origin: tuple[int, int], factor: float) -> Element:
    ox, oy = origin
    x0, y0, x1, y1 = e.box
    box = (
        ox + round(x0 / factor),
        oy + round(y0 / factor),
        ox + round(x1 / factor),
        oy + round(y1 / factor),
    )
    return dataclasses.replace(e, box=box)
