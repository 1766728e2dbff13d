"""OCR on RapidOCR (onnxruntime), using only the models that ship inside its wheel.

The engine is loaded once per process and reused. One OCR line that spans several
widgets ("Save    Cancel") is split into separate elements at their own pixels where
the word boxes show a gap wider than a space. Lines too long or too uncertain to be a
control (dialog prose) are kept as *prose*: visible to the verifier, not on the menu.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import logging
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

from .._contracts import Detection
from .._elements import Element, Frame, as_frame, image_size, normalize_label
from .._errors import MissingExtra, ScreenUnavailable
from .._menu_bar import menu_words
from ._ocr_tables import other_backend, quick_tables, whole_table

__all__ = ["OcrDetector", "load_ocr_engine", "reread"]

log = logging.getLogger(__name__)

_ENGINES: dict[tuple[tuple[str, Any], ...], Any] = {}
_ENGINE_LOCK: Final = threading.Lock()

#: Unsure text is re-read up to this many times ``zoom_height`` tall: xmessage's 10-11 px
#: lines (up to ~28 px boxes) gain from it; GTK's icons read as glyphs are caught by the
#: letters rule of :func:`_worth_zooming` (measured with benchmarks/bench.py zoom).
_UNSURE_HEIGHT: Final = 1.6

#: A gap between two words wider than this many line heights separates two controls.
SPLIT_GAP: Final = 0.8
#: A line of three words or more whose every gap is wider than this many line heights is
#: a row of one-word controls (a menu bar): split at every gap. Measured on real bars:
#: Mousepad's (GTK 3) gaps are 0.68-1.0 line heights, IDLE's (Tk) 0.41-0.56; a sentence's
#: 0.04-0.3, and a label's two words alike.
ROW_GAP: Final = 0.4

#: Pixels of context added around a re-read box, beyond half its height.
ZOOM_MARGIN: Final = 4
#: The magnifications :func:`reread` accepts (smallest, largest).
ZOOM_FACTORS: Final = (2.0, 4.0)


#: RapidOCR settings for screens (measured in benchmarks/bench.py, section "ocr"):
#: ``score_mode: slow`` scores a detected box on its polygon, not its bounding box; the
#: default ("fast") dropped a lone Tk "Save" button on a dark desktop. ``limit_type:
#: max`` at 960 stops the detector from upscaling (the default "min 736" upscales every
#: frame, so a downscaled frame was not faster). Screen text is never upside down, so
#: the angle classifier is off.
def _ocr_threads() -> int:
    """onnxruntime's threads for OCR: the cores this process may use, 1 to 4.

    Measured with ``benchmarks/bench.py threads`` on 2 cores (medians, interleaved): 2
    threads read a dialog 1.14-1.65x faster than 1 at load 3 or less, 0.73-1.04x at
    load 5-8 beside other jobs; RapidOCR's own default (-1, onnxruntime's choice) timed
    like 2. Pinning it to the cores this process may use keeps that choice where the
    process is confined to fewer cores than the machine has. Above 4 is not measured."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(4, cores))


ENGINE_PARAMS: Final = {
    "EngineConfig.onnxruntime.intra_op_num_threads": _ocr_threads(),
    # "error": a crop with no text in it (a closed dialog's area) is a normal answer, not
    # a warning worth printing on every step; the engine's failures raise anyway
    "Global.log_level": "error",
    "Global.use_cls": False,
    "Det.score_mode": "slow",
    "Det.limit_type": "max",
    "Det.limit_side_len": 960,
}


def _engine_failed(exc: BaseException) -> ScreenUnavailable:
    return ScreenUnavailable(
        f"the OCR engine failed to load or run ({type(exc).__name__}: {exc}); reinstall it "
        "with: pip install --force-reinstall 'tiny-computer-agent[ocr]', or run with "
        "--no-ocr for a numbered grid"
    )


def load_ocr_engine(overrides: tuple[tuple[str, Any], ...] = ()) -> Any:
    """The process-wide RapidOCR engine for these settings (:data:`ENGINE_PARAMS` plus
    ``overrides``), created on first use, with the models from the wheel by default."""
    with _ENGINE_LOCK:
        if overrides not in _ENGINES:
            params = {**ENGINE_PARAMS, **dict(overrides)}
            try:
                with quick_tables():
                    from rapidocr import RapidOCR
            except ImportError as exc:
                raise MissingExtra("rapidocr", "ocr", "reading text on screen (OCR)") from exc
            try:
                if other_backend(params):
                    whole_table()
                engine = RapidOCR(params=params)
            except Exception as exc:  # any failure of the engine is the world's
                raise _engine_failed(exc) from exc
            _ENGINES[overrides] = _remember_readings(engine)
        return _ENGINES[overrides]


#: Text boxes whose reading is remembered, per engine (least recently used goes first).
RECOGNITION_CACHE: Final = 4096


class _RememberedReadings:
    """Stands in for RapidOCR's recogniser: a text box whose pixels were read before (the
    same bytes, the same shape) is not read again. A toolbar, a title or a dialog's
    buttons come back in every changed region around them and in a window that moved;
    recognition is most of OCR's time on text-dense screens (issue 14: 83-85 %).

    Called as the recogniser is, with a ``TextRecInput``; returns a ``TextRecOutput``
    with every box in its place. Boxes not seen before are recognised in batches of
    like width (:meth:`_batches`). Padding can change a reading: over the 35 frames of
    benchmarks/controls/ and one Tk dialog, 3 read differently in these batches than in
    RapidOCR's own (one better, one worse, one icon's junk)."""

    def __init__(self, inner: Any, size: int = RECOGNITION_CACHE) -> None:
        self.inner = inner
        self.size = size
        self.hits = 0
        self.misses = 0
        self._seen: dict[bytes, tuple[str, float, Any]] = {}
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # the engine reads the recogniser's settings

    def __call__(self, args: Any) -> Any:
        import numpy as np
        from rapidocr.ch_ppocr_rec.typings import TextRecInput, TextRecOutput

        images = [args.img] if isinstance(args.img, np.ndarray) else list(args.img)
        keys = [_pixels_key(img, bool(args.return_word_box)) for img in images]
        with self._lock:
            missing = [i for i, k in enumerate(keys) if k not in self._seen]
        for group in self._batches([images[i] for i in missing]):
            asked = TextRecInput(
                img=[images[missing[j]] for j in group], return_word_box=args.return_word_box
            )
            fresh = self.inner(asked)
            with self._lock:
                for j, txt, score, words in zip(
                    group, fresh.txts, fresh.scores, fresh.word_results, strict=True
                ):
                    self._seen[keys[missing[j]]] = (txt, score, words)
                while len(self._seen) > self.size:
                    del self._seen[next(iter(self._seen))]
        with self._lock:
            self.hits += len(images) - len(missing)
            self.misses += len(missing)
            found = [self._seen.get(k) or ("", 0.0, None) for k in keys]
        txts, scores, words = zip(*found, strict=True) if found else ((), (), ())
        return TextRecOutput(images, tuple(txts), list(scores), tuple(words), 0.0)

    def _batches(self, images: Sequence[Any]) -> list[list[int]]:
        """``images`` (by index) in batches that pad little. The recogniser pads every
        box of a batch to the widest one's shape (and to at least its input's
        width-to-height ratio), so one long sentence batched with three buttons cost
        four sentences: a new dialog's text took 600 ms to recognise. Boxes go by width
        (as the recogniser sorts them), and a batch closes at the recogniser's batch
        size or at a box more than :data:`PAD_SLACK` times as wide as its first."""
        shape = getattr(self.inner, "rec_image_shape", None) or (3, 48, 320)
        least = shape[2] / shape[1]
        size = max(1, int(getattr(self.inner, "rec_batch_num", 6) or 6))
        ratio = [max(least, img.shape[1] / max(1, img.shape[0])) for img in images]
        batches: list[list[int]] = []
        for i in sorted(range(len(images)), key=ratio.__getitem__):
            last = batches[-1] if batches else None
            if last is None or len(last) >= size or ratio[i] > PAD_SLACK * ratio[last[0]]:
                batches.append([i])
            else:
                last.append(i)
        return batches


#: A recognition batch takes boxes up to this many times as wide as its narrowest.
PAD_SLACK: Final = 1.5


def _pixels_key(image: Any, words: bool) -> bytes:
    h = hashlib.blake2b(image.tobytes(), digest_size=16)
    h.update(repr((image.shape, str(image.dtype), words)).encode())
    return h.digest()


def _remember_readings(engine: Any) -> Any:
    """``engine`` with its recogniser behind :class:`_RememberedReadings`, when this
    RapidOCR has the recogniser where 3.x keeps it; else ``engine`` as it is."""
    load = getattr(engine, "_load_rec_model", None)
    if load is None or not hasattr(engine, "text_rec"):
        log.info("this RapidOCR keeps its recogniser elsewhere: readings are not cached")
        return engine
    try:
        engine.text_rec = _RememberedReadings(load())
    except Exception as exc:  # any failure of the engine is the world's
        raise _engine_failed(exc) from exc
    return engine


@dataclasses.dataclass(frozen=True, slots=True)
class _Word:
    text: str
    x0: int
    x1: int


def _box(points: Any) -> tuple[int, int, int, int]:
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return int(min(xs)), int(min(ys)), round(max(xs)), round(max(ys))


def split_line(
    text: str, box: tuple[int, int, int, int], words: Sequence[_Word]
) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Split one OCR line into controls wherever the gap between words is wide: wider
    than :data:`SPLIT_GAP` line heights, or, in a line of three words or more none of
    whose gaps is a sentence's, than :data:`ROW_GAP` (a menu bar's row of words)."""
    x0, y0, x1, y1 = box
    if len(words) < 2:
        return [(text, box)]
    height = max(1, y1 - y0)
    gaps = [b.x0 - a.x1 for a, b in itertools.pairwise(words)]
    # a row of one-word controls is spaced evenly and wider than any sentence is
    split = ROW_GAP if len(words) >= 3 and min(gaps) > ROW_GAP * height else SPLIT_GAP
    if menu_words([w.text for w in words]):
        split = -1.0  # a menu bar's words, however tightly a toolkit packs them
    groups: list[list[_Word]] = [[words[0]]]
    for word in words[1:]:
        if word.x0 - groups[-1][-1].x1 > split * height:
            groups.append([word])
        else:
            groups[-1].append(word)
    if len(groups) == 1:
        return [(text, box)]
    return [
        (" ".join(w.text for w in g), (max(x0, g[0].x0), y0, min(x1, g[-1].x1), y1)) for g in groups
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class _Line:
    """One OCR line as the engine returned it, in the pixels of the image it was given."""

    text: str
    box: tuple[int, int, int, int]
    score: float
    words: tuple[_Word, ...]


def _read(engine: Any, image: Any, text_score: float) -> list[_Line]:
    """The engine's lines for a PIL image, down to confidence ``text_score``."""

    rgb = rgb_array(image)
    try:  # RapidOCR loads its model files lazily: a missing or broken one fails here
        result = engine(rgb[:, :, ::-1].copy(), return_word_box=True, text_score=text_score)
    except Exception as exc:  # the engine's failure, reported with its fix
        raise _engine_failed(exc) from exc
    boxes = result.boxes if result.boxes is not None else ()
    word_results = getattr(result, "word_results", None) or [()] * len(boxes)
    lines = []
    for points, text, score, words in zip(
        boxes, result.txts or (), result.scores or (), word_results, strict=False
    ):
        parsed = [_Word(str(w[0]), *_box(w[2])[0::2]) for w in words if len(w) >= 3]
        lines.append(_Line(str(text), _box(points), float(score), tuple(parsed)))
    return lines


def _pieces(lines: Sequence[_Line]) -> list[Element]:
    """Every line split into controls (:func:`split_line`), unfiltered."""
    return [
        Element(label=raw.strip(), box=box, source="ocr", confidence=line.score)
        for line in lines
        for raw, box in split_line(line.text, line.box, sorted(line.words, key=lambda w: w.x0))
    ]


def _zoom_region(
    box: tuple[int, int, int, int], size: tuple[int, int]
) -> tuple[int, int, int, int]:
    """``box`` grown by a margin the text detector needs, clipped to an image of ``size``."""
    x0, y0, x1, y1 = box
    w, h = size
    if not (0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h):
        raise ValueError(
            f"box {box} must be (left, top, right, bottom) with left < right and top < "
            f"bottom, inside the {w}x{h} image; pass an element's box in frame pixels"
        )
    margin = (y1 - y0) // 2 + ZOOM_MARGIN
    return max(0, x0 - margin), max(0, y0 - margin), min(w, x1 + margin), min(h, y1 + margin)


def _map_back(element: Element, region: tuple[int, int, int, int], factor: float) -> Element:
    """``element`` from a crop of ``region`` magnified ``factor`` times, in frame pixels."""
    left, top, right, bottom = region
    x0, y0, x1, y1 = element.box

    def at(v: float, origin: int, low: int, high: int) -> int:
        return min(high, max(low, origin + round(v / factor)))

    box = (
        at(x0, left, left, right),
        at(y0, top, top, bottom),
        at(x1, left, left, right),
        at(y1, top, top, bottom),
    )
    return dataclasses.replace(element, box=box)


def reread(
    image: Any,
    box: tuple[int, int, int, int],
    *,
    factor: float = 3.0,
    engine_params: tuple[tuple[str, Any], ...] = (),
) -> tuple[Element, ...]:
    """Read the text in ``box`` (frame pixels) again, magnified ``factor`` times.

    The box plus a margin (half its height and :data:`ZOOM_MARGIN` pixels, clipped to
    the image) is cut from ``image`` (a PIL image), enlarged with a Lanczos filter and
    read by the same engine (:func:`load_ocr_engine` with ``engine_params``). Returns
    every element found there, split like the full pass, unfiltered, with its
    confidence and its box mapped back to ``image``'s pixels.
    """
    if not ZOOM_FACTORS[0] <= factor <= ZOOM_FACTORS[1]:
        raise ValueError(
            f"factor {factor!r} is outside {ZOOM_FACTORS[0]:g}..{ZOOM_FACTORS[1]:g}; "
            "pass factor=2, 3 or 4 (3 suits 6-9 px text)"
        )
    from PIL import Image

    region = _snapped(_zoom_region(box, image_size(image)), image_size(image))
    crop = image.crop(region)
    key = (_pixels_key(rgb_array(crop), False), factor, engine_params)
    with _ZOOM_LOCK:
        pieces = _ZOOMED.get(key)
    if pieces is None:
        big = crop.resize(
            (round(crop.width * factor), round(crop.height * factor)), Image.Resampling.LANCZOS
        )
        pieces = tuple(_pieces(_read(load_ocr_engine(engine_params), big, text_score=0.0)))
        with _ZOOM_LOCK:
            _ZOOMED[key] = pieces
            while len(_ZOOMED) > RECOGNITION_CACHE // 8:
                del _ZOOMED[next(iter(_ZOOMED))]
    return tuple(_map_back(e, region, factor) for e in pieces)


#: Re-reads remembered by the pixels of the area read (at most RECOGNITION_CACHE / 8):
#: a title bar that is read again after its window lost and regained focus costs nothing.
_ZOOMED: dict[tuple[bytes, float, tuple[tuple[str, Any], ...]], tuple[Element, ...]] = {}
_ZOOM_LOCK: Final = threading.Lock()

#: Re-read areas are snapped out to this grid, so a box found a pixel higher or lower in
#: the next frame reads the same pixels (and :data:`_ZOOMED` remembers it).
ZOOM_GRID: Final = 8


def _snapped(region: tuple[int, int, int, int], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """``region`` grown out to multiples of :data:`ZOOM_GRID`, clipped to ``size``."""
    g = ZOOM_GRID
    x0, y0, x1, y1 = region
    return (x0 // g * g, y0 // g * g, min(size[0], -(-x1 // g) * g), min(size[1], -(-y1 // g) * g))


def rgb_array(image: Any) -> Any:
    """A PIL image's pixels as an (h, w, 3) uint8 array (converted only when not RGB)."""
    import numpy as np

    return np.asarray(image if image.mode == "RGB" else image.convert("RGB"))


def _covers(outer: tuple[int, int, int, int], inner: tuple[int, int, int, int]) -> bool:
    """Whether ``inner`` overlaps ``outer`` by half its area and stays within ``outer``
    grown by a quarter of its height (a re-read that reaches further has taken in a
    neighbour from the margin: "art Share" for "Share" beside "Chart")."""
    w = min(inner[2], outer[2]) - max(inner[0], outer[0])
    h = min(inner[3], outer[3]) - max(inner[1], outer[1])
    area = max(1, (inner[2] - inner[0]) * (inner[3] - inner[1]))
    slack = (outer[3] - outer[1]) // 4
    within = inner[0] >= outer[0] - slack and inner[2] <= outer[2] + slack
    return w > 0 and h > 0 and 2 * w * h >= area and within


def better_reading(original: Element, rereads: Sequence[Element]) -> list[Element]:
    """The re-read pieces over ``original`` if every one is surer than it, else it."""
    over = [e for e in rereads if e.label and _covers(original.box, e.box)]
    if over and min(e.confidence for e in over) > original.confidence:
        return over
    return [original]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class OcrDetector:
    """RapidOCR text lines as elements, with widget splitting and prose filters.

    With ``zoom`` on, up to ``zoom_max`` pieces per frame that are shorter than
    ``zoom_height`` pixels, or less sure than ``zoom_confidence`` (even ones under
    ``min_confidence``, down to ``zoom_floor``) while not much taller and reading as
    letters, are read again, magnified ``zoom_factor`` times (:func:`reread`), and the
    surer reading is kept.
    """

    min_confidence: float = 0.5
    #: a one-character label needs more: round icons read as "0" or "O" at 0.55-0.7
    min_confidence_single: float = 0.85
    min_length: int = 1
    #: RapidOCR settings on top of ENGINE_PARAMS, e.g. (("Det.model_path", "det.onnx"),)
    engine_params: tuple[tuple[str, Any], ...] = ()
    #: a longer line is prose, off the index (a dialog's sentence); a link or a demo's
    #: line in a text view runs to 45-55 ("9. A simple user interface for viewing images")
    max_length: int = 60
    #: Zoom thresholds, measured on Xvfb (benchmarks/bench.py, section "zoom", and every
    #: piece of its Tk and xmessage toolbars re-read): 6-8 px Tk text gives pieces 11-17
    #: px high, where 9 of 42 were misread; 13-14 px dialog text gives 26-31 px and
    #: openbox titles 18-19 px, all read at 0.96 or surer, so a normal dialog has nothing
    #: to re-read. Each re-read costs about 50 ms (2 cores), hence the cap per frame.
    zoom: bool = True
    zoom_height: int = 18
    zoom_confidence: float = 0.9
    #: the engine's own floor while zooming: a line read at 0.3-0.5 is re-read, not lost
    zoom_floor: float = 0.3
    zoom_factor: float = 3.0
    zoom_max: int = 8

    def detect(self, frame: Frame) -> Detection:
        return self.sort_pieces(self.read_pieces(as_frame(frame).image))

    def read_pieces(
        self, image: Any, skip: Callable[[Element], bool] | None = None
    ) -> list[Element]:
        """Every piece of text read in ``image`` (a PIL image), split into controls and
        zoomed, before the filters: what :meth:`sort_pieces` turns into a Detection.
        Pieces keep their boxes, prose included, so an index can be patched region by
        region (:class:`~tiny_computer_agent.perception._incremental.IncrementalOcr`); ``skip``
        drops pieces before they are zoomed (ones that index already holds)."""
        engine = load_ocr_engine(self.engine_params)
        floor = min(self.min_confidence, self.zoom_floor) if self.zoom else self.min_confidence
        pieces = _pieces(_read(engine, image, text_score=floor))
        if skip is not None:
            pieces = [p for p in pieces if not skip(p)]
        return self._zoomed(image, pieces) if self.zoom else pieces

    def sort_pieces(self, pieces: Sequence[Element]) -> Detection:
        """The elements among ``pieces`` (sure enough, long enough) and the prose (too
        long to be a control by itself; its pieces are kept too, for a detector that
        sees controls to find a long control label among them)."""
        elements: list[Element] = []
        prose: list[Element] = []
        for piece in pieces:
            core = normalize_label(piece.label)
            least = self.min_confidence_single if len(core) == 1 else self.min_confidence
            if piece.confidence < least or len(core) < self.min_length:
                continue
            if len(piece.label) > self.max_length:
                prose.append(piece)
                continue
            elements.append(piece)
        return Detection(
            elements=tuple(elements),
            prose=tuple(p.label for p in prose),
            prose_pieces=tuple(prose),
        )

    def _zoomed(self, image: Any, pieces: list[Element]) -> list[Element]:
        """``pieces`` with the small or unsure ones replaced by a surer re-read."""
        chosen = set(self._zoom_candidates(image, pieces))
        out: list[Element] = []
        for i, piece in enumerate(pieces):
            if i not in chosen:
                out.append(piece)
                continue
            found = reread(
                image, piece.box, factor=self.zoom_factor, engine_params=self.engine_params
            )
            out.extend(better_reading(piece, found))
        return out

    def _zoom_candidates(self, image: Any, pieces: Sequence[Element]) -> list[int]:
        """Which ``pieces`` zoom re-reads: the small or unsure ones inside ``image``,
        least sure first, at most ``zoom_max``."""
        w, h = image_size(image)
        small = [
            i
            for i, p in enumerate(pieces)
            if _worth_zooming(p, self)
            and 0 <= p.box[0] < p.box[2] <= w
            and 0 <= p.box[1] < p.box[3] <= h
        ]
        return sorted(small, key=lambda i: pieces[i].confidence)[: self.zoom_max]


def _worth_zooming(piece: Element, d: OcrDetector) -> bool:
    """Small text; or unsure text not much taller than small that reads as letters.
    Magnifying text that is already large does not help, and an icon that OCR reads as
    glyphs ("□口网" at 0.44) gains nothing from it: on two GTK dialogs, four such re-reads
    added 0.6 s and read nothing."""
    height = piece.box[3] - piece.box[1]
    if height < d.zoom_height:
        return True
    letters = sum(ch.isascii() and ch.isalnum() for ch in piece.label)
    return (
        piece.confidence < d.zoom_confidence
        and height < d.zoom_height * _UNSURE_HEIGHT
        and letters * 2 >= len(piece.label.replace(" ", ""))
    )
