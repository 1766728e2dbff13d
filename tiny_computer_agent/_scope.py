"""Scope (issue 37): ``--window TITLE|CLASS`` confines every action to those windows.

The policy's ``scope`` holds the names given; empty, nothing is confined. Rule
``window-scope`` refuses, in a dry run too:

    pointer  a click, drag, move or scroll aimed at an element in a window out of scope
             (each end of a drag); a scroll with no target turns the wheel over the
             top-most window's list (:func:`~._wheel.scroll_spot`): judged by that window
    keys     a key or typed text while the window with focus is out of scope: on the
             frame, the focused element's window, else the window in front (typing
             with a target: the target's window, which the click focuses). With real
             input the desktop executor asks the X server again just before sending
             (:func:`focus_refusal`), since focus can move between the look and the key
    focus    raising a window out of scope

A window is in scope when a name matches it (:func:`names_window`): its ``WM_CLASS``
(instance or class) or process name, compared like labels; its title; or a part of its
title of three or more letters. A name that is the class or process of a window on the
frame matches by class or process only (a web page sets its own title). A window those
programs open joins the scope: on the same frame, it shares the process id or the
``WM_CLASS`` of a window a name matched (a dialog, a second document window), or it is a
dialog of a window in scope by X's ``WM_TRANSIENT_FOR`` (:attr:`Window.transient_for`: a
file chooser or a portal's dialog another process draws for it), or a dialog of such a
dialog.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window, normalize_label
from ._errors import PolicyRefusal
from .perception import find_window, window_at

__all__ = ["POINTER_VERBS", "focus_refusal", "in_scope", "names_window", "scope_refusal"]

#: Verbs that move the pointer onto an element (each target is judged).
POINTER_VERBS: Final = frozenset({"click", "drag", "move", "scroll"})
#: Verbs whose keys go to the window with focus.
KEY_VERBS: Final = frozenset({"key", "type"})
#: A name this long or longer may match a part of a title.
_MIN_PART: Final = 3


def names_window(name: str, window: Window) -> bool:
    """Whether ``name`` (from ``--window``) names ``window`` by class, process or title."""
    want = normalize_label(name)
    if not want:
        return False
    own = {normalize_label(c) for c in (*window.wm_class, window.process) if c}
    title = normalize_label(window.title)
    return want in own or want == title or (len(want) >= _MIN_PART and want in title)


def by_program(name: str, window: Window) -> bool:
    """Whether ``name`` is ``window``'s ``WM_CLASS`` (instance or class) or process name."""
    want = normalize_label(name)
    own = {normalize_label(c) for c in (*window.wm_class, window.process) if c}
    return bool(want) and want in own


def _names(name: str, window: Window, windows: Sequence[Window]) -> bool:
    """:func:`names_window`, except that a name some window on the frame has as its class
    or process matches by class or process only: a web page sets its own title, so
    ``--window gedit`` must not take in Firefox showing a page titled "gedit tips"."""
    if any(by_program(name, w) for w in (window, *windows)):
        return by_program(name, window)
    return names_window(name, window)


def in_scope(names: Sequence[str], window: Window, windows: Sequence[Window]) -> bool:
    """Whether ``window`` is in the scope ``names`` set, directly or by joining a window
    on the same frame (``windows``) that a name matched (same process or ``WM_CLASS``)."""
    return _in_scope(names, window, windows, frozenset())


def _in_scope(
    names: Sequence[str], window: Window, windows: Sequence[Window], seen: frozenset[int]
) -> bool:
    if not names or any(_names(n, window, windows) for n in names):
        return True
    named = [w for w in windows if any(_names(n, w, windows) for n in names)]
    if any(
        (window.pid is not None and window.pid == w.pid)
        or (bool(window.wm_class) and window.wm_class == w.wm_class)
        for w in named
    ):
        return True
    owner = window.transient_for  # a dialog joins the scope of the window it is for
    if not owner or owner in seen or owner == window.id:
        return False
    parent = next((w for w in windows if w.id == owner), None)
    return parent is not None and _in_scope(names, parent, windows, seen | {owner})


def scope_refusal(
    names: Sequence[str], action: Action, observation: Observation, elements: Sequence[Element]
) -> PolicyRefusal | None:
    """Rule ``window-scope`` for ``action`` on ``observation`` (``elements``: its
    resolved targets), or None when it stays inside the scope (or there is none)."""
    if not names:
        return None
    windows = observation.windows
    if action.verb == "focus":
        reached: list[tuple[str, Window | None]] = [
            ("raise", find_window(windows, action.window or ""))  # TargetError: a failed step
        ]
    elif action.verb in POINTER_VERBS and elements:
        reached = [("point at", _holding(e, observation)) for e in elements]
    elif action.verb == "type" and elements:
        reached = [("type into", _holding(elements[0], observation))]
    elif action.verb in KEY_VERBS or action.verb == "scroll":
        reached = [("send to", _with_focus(observation))]
    else:
        return None
    for how, window in reached:
        if window is None or not in_scope(names, window, windows):
            return _refusal(names, action, how, window)
    return None


def focus_refusal(
    names: Sequence[str], action: Action, active: int, windows: Sequence[Window]
) -> PolicyRefusal | None:
    """The executor's last check before keys or text go out: the X server's focused
    window (``active``, an X id; 0 unknown) must be in scope."""
    if not names or action.verb not in KEY_VERBS:
        return None
    window = next((w for w in windows if w.id == active), None) if active else None
    if window is not None and in_scope(names, window, windows):
        return None
    return _refusal(names, action, "send to", window, moment="just before sending, ")


def _holding(element: Element, observation: Observation) -> Window | None:
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


def _with_focus(observation: Observation) -> Window | None:
    """The window keys go to, as the frame shows it: the focused element's, else the
    window in front."""
    focused = next((e for e in observation.elements if "focused" in e.state), None)
    if focused is not None and (window := _holding(focused, observation)) is not None:
        return window
    return observation.windows[0] if observation.windows else None


def _refusal(
    names: Sequence[str], action: Action, how: str, window: Window | None, moment: str = ""
) -> PolicyRefusal:
    scope = ", ".join(repr(n) for n in names)
    if window is None:
        where = "a window the harness cannot name (no window is listed there)"
    else:
        where = f"the window {window.title!r}" + (
            f" ({window.wm_class[-1]})" if window.wm_class else ""
        )
    return PolicyRefusal(
        f"{action.describe()} is refused: {moment}it would {how} {where}, which is outside "
        f"the scope --window {scope}. Act in those windows (or a dialog they open), or run "
        "again with another --window",
        rule="window-scope",
    )
