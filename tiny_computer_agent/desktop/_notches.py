"""A wheel turn watched a notch at a time (issue 37): scrolling, or a value changed?

Where the wheel turns is chosen from one look (:func:`~.._wheel.wheel_point`): a pixel
of a list, a page or a text view that no value control on the frame can catch. But the
content moves under a still pointer as it scrolls, and what it brings is not on the
frame: a spin box just below the view, a slider in a row scrolled into view. GTK, Qt and
Tk give the next notch to whatever is under the pointer then, and it changes a value.

So a turn of several notches over content (not over a scroll bar, which stays still
while the content moves beside it) is sent one notch at a time, and after each the
area that scrolls (:func:`~.._wheel.swept_area`) is looked at again once it stopped
moving:

    moved as a block  it scrolled (:func:`~..perception.scroll_shift`;
                      or its lines changed from top to bottom, :func:`_all_new`: it
                      scrolled by whole rows past any match): the next notch
    the same          nothing more to scroll (the end of the list): the turn stops
    changed in place  something under the pointer took the notch (a value, a zoom):
                      one notch the other way turns it back, and the turn stops
                      with :class:`TargetError` saying so

A look needs the screen's raw pixels (:meth:`DesktopScreen._region_shot`, at the
screen's own resolution: a downscaled frame would blur a scroll of a fractional number
of its pixels into a change) and numpy (the ``ocr`` extra's); without either, or for an
area too low to tell a scroll (:data:`~..perception.SCROLL_MIN_HEIGHT`),
the notches are sent as before, in one turn.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Final

from .._errors import TargetError
from ._ring import RAW_MODES

log = logging.getLogger(__name__)

#: How long a look waits for the area to stop moving after a notch, and how often it
#: looks (seconds): a program repaints a scroll in a frame or two.
STILL_WITHIN: Final = 0.6
LOOK_EVERY: Final = 0.04

#: The share of the area's height the changed rows must span for a notch that matched
#: no shift to count as a scroll (by whole rows, or further than the area is tall).
ALL_NEW: Final = 0.6

Box = tuple[int, int, int, int]


def watched_turn(gui: Any, screen: Any, sign: int, notches: int, area: Box) -> int:
    """Turn the wheel ``notches`` notches (``sign``: +1 up, -1 down) at the pointer, a
    notch at a time, looking at ``area`` (screen pixels) after each; the number of
    notches that scrolled. TargetError when one changed something in place (turned
    back first)."""
    import numpy as np

    from ..perception import scroll_shift

    before = _still(screen, area, np)
    for done in range(notches):
        gui.scroll(sign)
        after = _still(screen, area, np)
        if np.array_equal(after, before):
            log.info("the wheel's notch %d moved nothing: the end of what scrolls", done + 1)
            return done
        whole = (0, 0, after.shape[1], after.shape[0])
        if not scroll_shift(before, after, whole) and not _all_new(before, after, np):
            gui.scroll(-sign)  # turn back what took it
            raise TargetError(
                f"the wheel's notch {done + 1} of {notches} changed something under the "
                "pointer in place instead of scrolling (a value control the content "
                "brought there, a zoom): it was turned back one notch and the turn stopped"
            )
        before = after
    return notches


def _all_new(before: Any, after: Any, np: Any) -> bool:
    """Whether what changed spans most of the area's height (:data:`ALL_NEW`): a notch
    that scrolled by whole rows further than any row can be matched (Tk's list box
    moves five rows a notch; rows "Row 1".."Row 3" become "Row 6".."Row 8", each in the
    place of another) changes lines from top to bottom, where a value control that took
    the notch changes only its own few lines."""
    changed = np.flatnonzero((before != after).any(axis=(1, 2)))
    if not changed.size:
        return False
    return bool(changed[-1] - changed[0] + 1 >= ALL_NEW * before.shape[0])


def _still(screen: Any, area: Box, np: Any) -> Any:
    """The pixels of ``area`` once two looks in a row agree (or :data:`STILL_WITHIN`
    passed), as an array."""
    deadline = time.monotonic() + STILL_WITHIN
    last = _look(screen, area, np)
    while time.monotonic() < deadline:
        time.sleep(LOOK_EVERY)
        now = _look(screen, area, np)
        if np.array_equal(now, last):
            return now
        last = now
    return last


def _look(screen: Any, area: Box, np: Any) -> Any:
    shot = screen._region_shot(area)
    channels = RAW_MODES[shot.mode]
    return np.frombuffer(bytes(shot.data), np.uint8).reshape(shot.height, shot.width, channels)


def can_watch(screen: Any, area: Box | None) -> bool:
    """Whether a turn over ``area`` (screen pixels) can be watched here: a screen that
    shoots regions, numpy, and an area tall enough to tell a scroll."""
    from ..perception import SCROLL_MIN_HEIGHT

    if area is None or area[3] - area[1] < SCROLL_MIN_HEIGHT or area[2] <= area[0]:
        return False
    if screen is None or not callable(getattr(screen, "_region_shot", None)):
        return False
    try:
        import numpy  # noqa: F401 - the ocr extra's
    except ImportError:
        return False
    return True
