"""Screens you can replay: a scripted list of observations and image files.

    ScriptedScreen   fixed observations; the last one repeats forever
    ImageScreen      a still image or a sequence of image files (or PIL images), run
                     through a detector by :func:`~tiny_computer_agent.perception._frames.observe`;
                     the last frame repeats forever

Both are public fakes for tests, demos and replays. The real desktop is
:class:`tiny_computer_agent.desktop.DesktopScreen`.
"""

from __future__ import annotations

import dataclasses
import struct
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ._contracts import Detector
from ._elements import Element, Observation
from ._errors import MissingExtra, ScreenUnavailable
from .perception import FusedDetector, GridDetector, SizedImage, observe

__all__ = ["ImageScreen", "ScriptedScreen", "png_size"]


@dataclasses.dataclass(kw_only=True, slots=True)
class ScriptedScreen:
    """Plays fixed observations in order; the last one repeats forever."""

    frames: tuple[Observation, ...]
    shown: int = 0

    def __post_init__(self) -> None:
        if not self.frames:
            raise ValueError("a ScriptedScreen needs at least one observation")

    @classmethod
    def of_labels(
        cls, *frames: Sequence[str], size: tuple[int, int] = (1280, 800)
    ) -> ScriptedScreen:
        """Frames from label lists: each label a button laid out left to right, row by row."""
        built = []
        for labels in frames:
            elements = []
            for i, label in enumerate(labels):
                x, y = 40 + (i % 6) * 200, 40 + (i // 6) * 60
                elements.append(
                    Element(label=label, box=(x, y, x + 160, y + 36), source="scripted")
                )
            built.append(Observation.of(elements, size=size))
        return cls(frames=tuple(built))

    def capture(self) -> Observation:
        frame = self.frames[min(self.shown, len(self.frames) - 1)]
        self.shown += 1
        return frame


def png_size(path: Path) -> tuple[int, int] | None:
    """The (width, height) in a PNG file's header, read with the standard library."""
    try:
        with path.open("rb") as fh:
            head = fh.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    w, h = struct.unpack(">II", head[16:24])
    return int(w), int(h)


@dataclasses.dataclass(kw_only=True, slots=True)
class ImageScreen:
    """A still screenshot, or a sequence of them replayed one per capture.

    Each frame is detected once and cached. With ``max_width`` a frame is downscaled
    for the brain and the mapping scales every element back to the original pixels.
    """

    frames: tuple[Any, ...]
    detector: Detector = dataclasses.field(default_factory=FusedDetector)
    max_width: int | None = None
    shown: int = 0
    _cache: dict[int, Observation] = dataclasses.field(default_factory=dict)

    @classmethod
    def of(
        cls,
        frames: Iterable[str | Path | Any],
        *,
        detector: Detector | None = None,
        max_width: int | None = None,
    ) -> ImageScreen:
        """Build from paths and/or PIL images. A missing path raises ScreenUnavailable."""
        items = tuple(frames)
        if not items:
            raise ScreenUnavailable("no image was given; pass a PNG or JPEG file, or 'example'")
        for item in items:
            if isinstance(item, (str, Path)) and not _is_file(Path(item)):
                raise ScreenUnavailable(
                    f"the image {str(item)!r} does not exist; pass the path of a screenshot, "
                    "or 'example' for the built-in one"
                )
        return cls(
            frames=items,
            detector=detector if detector is not None else FusedDetector(),
            max_width=max_width,
        )

    def capture(self) -> Observation:
        index = min(self.shown, len(self.frames) - 1)
        self.shown += 1
        if index not in self._cache:
            image = self._load(self.frames[index])
            self._cache[index] = observe(image, detector=self.detector, max_width=self.max_width)
        return self._cache[index]

    def _load(self, frame: Any) -> Any:
        if not isinstance(frame, (str, Path)):
            return frame
        path = Path(frame)
        try:
            from PIL import Image
        except ImportError as exc:
            size = png_size(path) if isinstance(self.detector, GridDetector) else None
            if size is not None:
                return SizedImage(size)
            raise MissingExtra("PIL", "ocr", f"reading the image {str(path)!r}") from exc
        return _read_image(Image, path)


def _is_file(path: Path) -> bool:
    """``path.is_file()``, false for a name the system refuses (too long, a NUL byte)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _read_image(image_module: Any, path: Path) -> Any:
    """The image at ``path`` as RGB; ScreenUnavailable when Pillow cannot read it.

    A file's bytes are the outside world's: Pillow's decoders answer a corrupt file
    with whatever their format's code raises (OSError, ValueError, SyntaxError,
    struct.error, EOFError...), so every Exception from them means "unreadable". An
    image over Pillow's decompression-bomb limit (89 million pixels; a 4K screen is 8
    million) is refused before it is decoded, with its size.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", image_module.DecompressionBombWarning)
            with image_module.open(path) as img:
                img.load()
                return img.convert("RGB")
    except (image_module.DecompressionBombError, image_module.DecompressionBombWarning) as exc:
        raise ScreenUnavailable(
            f"{str(path)!r} is too large to be a screenshot ({exc}); pass a screenshot of "
            "at most 89 million pixels"
        ) from exc
    except MemoryError as exc:
        raise ScreenUnavailable(f"{str(path)!r} is too large to load into memory") from exc
    except Exception as exc:  # see the docstring: whatever the decoders raise
        raise ScreenUnavailable(
            f"{str(path)!r} is not an image Pillow can read ({type(exc).__name__}: {exc}); "
            "pass a PNG or JPEG screenshot"
        ) from exc
