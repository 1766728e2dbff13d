"""Which top-level window each element is in, and which window a goal names.

Why: two dialogs that both say "OK" are told apart only by their windows. OCR reads
visible pixels, so an OCR element always lies in the top-most window at its centre:
:func:`assign_windows` gives it that window's id. An element that already names its
window (the accessibility tree knows it) but whose centre another window covers is not
visible, so it is dropped: a person could not click it there (:func:`uncovered`). The
fused detector drops such tree elements before it fuses, so a covered element never
stands for the pixels of the window now over it, and a pixel element whose pixels did
not change belongs to whichever window is on top there now.

Geometry: elements are in *frame* pixels, windows in *screen* pixels (the
:class:`~tiny_computer_agent._elements.FrameMapping` converts); windows come
top-most first, as :attr:`Frame.windows` and :attr:`Observation.windows` hold them.

:func:`window_of` resolves "the 'Replace file?' dialog" (a title, compared like labels
are) or a window id to one :class:`Window`, for a planner or the ``focus`` verb.
Standard library only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Final

from .._elements import Element, FrameMapping, Observation, Window, normalize_label
from .._errors import AmbiguousTarget, TargetError

__all__ = ["assign_windows", "find_window", "uncovered", "window_at", "window_of"]

#: A query shorter than this (normalised) names a window only by its whole title.
_MIN_PART: Final = 3


def window_at(windows: Sequence[Window], x: float, y: float) -> Window | None:
    """The top-most of ``windows`` (top-most first) whose box holds screen point (x, y).

    The desktop's own parts are listed after the programs' windows
    (:attr:`Window.layer`) but do not stack there: a window that bypasses the window
    manager (a menu, a launcher) is above them all, then a dock or panel, then the
    programs' windows in their order, and the desktop's window under everything."""
    found = [w for w in windows if _holds(w, x, y)]
    return min(found, key=_layer, default=None)  # the first of the top-most layer


def _holds(window: Window, x: float, y: float) -> bool:
    left, top, right, bottom = window.box
    return left <= x < right and top <= y < bottom


def _layer(window: Window) -> int:
    """Where ``window`` stacks, top-most first: a window that bypasses the window
    manager, a dock, a program's window, the desktop (or a layer unknown)."""
    if window.layer:
        return 1 if window.layer == "dock" else 3
    return 0 if window.override else 2


def assign_windows(
    elements: Iterable[Element], windows: Sequence[Window], mapping: FrameMapping
) -> tuple[Element, ...]:
    """``elements`` (frame pixels) with ``window`` set to the id of the top-most window
    (``windows``: screen pixels, top-most first) that holds each one's centre.

    An element that already names a window keeps it, unless another listed window
    covers its centre: then it is hidden and left out. One the desktop shell draws
    itself (state ``shell``) is in no X window and stays so. An element of a window that is
    not listed, or whose centre is on no window (the desktop), is kept as it is. With
    no windows the elements come back unchanged.
    """
    if not windows:
        return tuple(elements)
    listed = {w.id for w in windows}
    out = []
    for element in elements:
        cx, cy = element.center
        on_top = window_at(
            windows, mapping.left + cx * mapping.scale_x, mapping.top + cy * mapping.scale_y
        )
        if on_top is None or "shell" in element.state:  # the shell's own: no X window
            out.append(element)
        elif not element.window:
            out.append(dataclasses.replace(element, window=on_top.id))
        elif element.window == on_top.id or element.window not in listed:
            out.append(element)
        # else: its own window is listed, and another one lies over its centre
    return tuple(out)


def uncovered(
    elements: Iterable[Element], windows: Sequence[Window], mapping: FrameMapping
) -> tuple[Element, ...]:
    """The ``elements`` a person can see: those that name no window, or a window that is
    not listed, or whose own window is the top-most at their centre. An element of a
    window that another one now covers is left out, so it cannot stand for what the
    pixels show there (two look-alike dialogs stacked: the lower one's OK lies under the
    upper one's, and the button seen is the upper one's)."""
    listed = {w.id for w in windows}
    out = []
    for element in elements:
        if not element.window or element.window not in listed:
            out.append(element)
            continue
        cx, cy = element.center
        x, y = mapping.left + cx * mapping.scale_x, mapping.top + cy * mapping.scale_y
        on_top = window_at(windows, x, y)
        if on_top is None or on_top.id == element.window:
            out.append(element)
    return tuple(out)


def window_of(observation: Observation, title_or_id: str | int) -> Window:
    """The one window of ``observation`` that ``title_or_id`` names; see :func:`find_window`."""
    return find_window(observation.windows, title_or_id)


def find_window(windows: Sequence[Window], title_or_id: str | int) -> Window:
    """The one window ``title_or_id`` names: an X id (an int, ``"12582920"`` or
    ``"0xc00008"``), else a title compared like labels are (``"replace file"`` names
    ``Replace file?``), else a part of a title of 3 or more letters (``"Replace"``
    names ``Replace file? - Files``).

    TargetError when none fits (naming the windows there are); AmbiguousTarget when
    two fit equally well (two dialogs with one title: name them by id).
    """
    wid = _as_id(title_or_id)
    if wid is not None:
        hit = [w for w in windows if w.id == wid]
        if hit:
            return hit[0]
        if isinstance(title_or_id, int):
            raise TargetError(f"no window has the id {wid} (0x{wid:x}); {_listing(windows)}")
    want = normalize_label(str(title_or_id))
    if not want:
        raise TargetError(f"{title_or_id!r} names no window: give a title or an id")
    exact = [w for w in windows if normalize_label(w.title) == want]
    part = [w for w in windows if len(want) >= _MIN_PART and want in normalize_label(w.title)]
    for found in (exact, part):
        if len(found) == 1:
            return found[0]
        if found:
            where = ", ".join(f"0x{w.id:x} {w.title!r} at {w.box}" for w in found)
            raise AmbiguousTarget(
                f"{title_or_id!r} names {len(found)} windows equally: {where}; name one by id"
            )
    raise TargetError(f"no window is titled {title_or_id!r}; {_listing(windows)}")


def _as_id(given: str | int) -> int | None:
    """``given`` as an X window id, when it is one (an int, decimal or 0x hex digits)."""
    if isinstance(given, int):
        return given
    text = given.strip().lower()
    try:
        if text.startswith("0x"):
            return int(text, 16)
        return int(text) if text.isdigit() else None
    except ValueError:
        return None


def _listing(windows: Sequence[Window]) -> str:
    if not windows:
        return "no windows are known on this frame"
    return "windows: " + ", ".join(repr(w.title) for w in windows[:12])
