"""From a captured image to an Observation, one way for replays and the live screen.

    image --downscale--> Frame (image, mapping, monitor, time, windows, accessible)
          --detector---> Detection --index (reading order, ids 1..N)--> Observation

:func:`observe` is that whole path; :class:`~tiny_computer_agent._screens.ImageScreen`
(replays) and :class:`~tiny_computer_agent.desktop.DesktopScreen` (the live screen)
both call it, so a replayed screenshot and a live capture are indexed identically.
Standard library only: the image is resized through its own ``resize`` method.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from .._elements import Element, Frame, FrameMapping, Observation, Window, image_size
from .._errors import ScreenUnavailable
from ._windows import assign_windows

if TYPE_CHECKING:
    from .._contracts import Detector

__all__ = ["MappingRule", "SizedImage", "downscale", "make_frame", "observe", "uniform_mapping"]

#: How a frame maps back to the screen: (captured size, frame size) -> FrameMapping.
MappingRule: TypeAlias = Callable[[tuple[int, int], tuple[int, int]], FrameMapping]


@dataclasses.dataclass(frozen=True, slots=True)
class SizedImage:
    """Stands in for an image when only its size is known (the grid without Pillow)."""

    size: tuple[int, int]


def downscale(image: Any, max_width: int | None) -> tuple[Any, float]:
    """Shrink ``image`` to at most ``max_width`` wide; return it and the scale undone later."""
    w, h = image_size(image)
    if not max_width or w <= max_width or isinstance(image, SizedImage):
        return image, 1.0
    scale = w / max_width
    return image.resize((max_width, max(1, round(h / scale)))), scale


def uniform_mapping(left: int = 0, top: int = 0) -> MappingRule:
    """One scale for both axes (captured width / frame width), offset by (left, top):
    a replayed screenshot, whose pixels are the screen's."""

    def rule(captured: tuple[int, int], frame: tuple[int, int]) -> FrameMapping:
        scale = captured[0] / frame[0]
        return FrameMapping(left=left, top=top, scale_x=scale, scale_y=scale)

    return rule


def make_frame(
    image: Any,
    *,
    max_width: int | None = None,
    monitor: tuple[int, int, int, int] | None = None,
    mapping: MappingRule | None = None,
    captured_at: float | None = None,
    windows: tuple[Window, ...] = (),
    accessible: Sequence[Element] = (),
) -> Frame:
    """``image`` downscaled to ``max_width`` and wrapped with its geometry.

    ``monitor`` (left, top, width, height) defaults to the image at (0, 0); ``mapping``
    to :func:`uniform_mapping` from the monitor's corner; ``captured_at`` to now.
    ``accessible``: the accessibility tree's elements in *screen* pixels; the frame
    holds them in its own pixels, clipped to it (one wholly outside is left out).
    ScreenUnavailable for an image with no pixels (0 wide or 0 high).
    """
    captured = image_size(image)
    if min(captured) < 1:
        raise ScreenUnavailable(
            f"the image is {captured[0]} x {captured[1]} pixels: there is nothing to look at"
        )
    left, top, width, height = monitor if monitor is not None else (0, 0, *captured)
    small, _ = downscale(image, max_width)
    rule = mapping if mapping is not None else uniform_mapping(left, top)
    size = image_size(small)
    to_frame = rule(captured, size)
    return Frame(
        image=small,
        mapping=to_frame,
        monitor=(left, top, width, height),
        captured_at=time.time() if captured_at is None else captured_at,
        windows=windows,
        accessible=tuple(_in_frame(accessible, to_frame, size)),
    )


def _in_frame(
    elements: Sequence[Element], mapping: FrameMapping, size: tuple[int, int]
) -> Iterator[Element]:
    """``elements`` (screen pixels) in frame pixels, clipped to a frame of ``size``."""
    for e in elements:
        box = _frame_box(e.box, mapping, size)
        if box is not None:
            yield dataclasses.replace(e, box=box)


def _frame_box(
    box: tuple[int, int, int, int], mapping: FrameMapping, size: tuple[int, int]
) -> tuple[int, int, int, int] | None:
    """Screen box ``box`` in frame pixels, clipped to a frame of ``size`` (None: outside)."""
    x0, y0 = mapping.to_frame(box[0], box[1])
    x1, y1 = mapping.to_frame(box[2], box[3])
    left, top = max(0, round(x0)), max(0, round(y0))
    right, bottom = min(size[0] - 1, round(x1)), min(size[1] - 1, round(y1))
    return (left, top, right, bottom) if right > left and bottom > top else None


def observe(
    image: Any,
    *,
    detector: Detector,
    max_width: int | None = None,
    monitor: tuple[int, int, int, int] | None = None,
    mapping: MappingRule | None = None,
    captured_at: float | None = None,
    windows: tuple[Window, ...] = (),
    accessible: Sequence[Element] = (),
    scrollbars: Sequence[tuple[int, int, int, int]] = (),
) -> Observation:
    """Downscale ``image``, run ``detector`` on the :class:`Frame` and index what it
    found (see :func:`make_frame` for the geometry arguments). ``scrollbars``: the
    accessibility tree's scroll bars in screen pixels, kept on the observation in frame
    pixels.

    The observation keeps the downscaled image for the brain (none for a
    :class:`SizedImage`).
    """
    frame = make_frame(
        image,
        max_width=max_width,
        monitor=monitor,
        mapping=mapping,
        captured_at=captured_at,
        windows=windows,
        accessible=accessible,
    )
    found = detector.detect(frame)
    return Observation.of(
        assign_windows(found.elements, frame.windows, frame.mapping),
        size=frame.size,
        mapping=frame.mapping,
        prose=found.prose,
        notes=found.notes,
        image=None if isinstance(frame.image, SizedImage) else frame.image,
        windows=frame.windows,
        scrollbars=_bars_in_frame(scrollbars, frame.mapping, frame.size),
    )


def _bars_in_frame(
    bars: Sequence[tuple[int, int, int, int]], mapping: FrameMapping, size: tuple[int, int]
) -> tuple[tuple[int, int, int, int], ...]:
    """Scroll bars' screen boxes in frame pixels, clipped to the frame (as elements are)."""
    boxes = (_frame_box(b, mapping, size) for b in bars)
    return tuple(b for b in boxes if b is not None)
