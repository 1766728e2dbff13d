"""Looking in the menus: what a person does when the control a goal asks for is not on
screen ("wrap long lines", "show line numbers", "make a new folder").

When nothing on the screen fits a part of the goal (or the brain is unsure of the best
entry and would ask or give up), no dialog's buttons are up, and the window shows a menu
bar, the intent brain opens its menus one at a time, the likeliest first by its own
score of each menu's name, and reads each. An item that fits clearly
(:data:`SEARCH_MARGIN` over "nothing fits") is clicked as any decision is, or asked
about when it is not sure; a menu that shows fewer than :data:`MIN_ITEMS` new entries is
read again once, :data:`WAIT_SECONDS` later; otherwise the next menu is opened (a click
on a menu bar's entry while another menu is open switches to it). While a menu opened to
look is read, every item of the frame is weighed, not only the menu's likeliest by the
goal's words (the intent brain's ``_every_item``). When every menu was read, Escape
closes the last one and the brain says it looked in every menu and found nothing.
Opening a menu is a click on a menu bar's entry, which changes nothing but what is
shown. (Going back to the item that fitted best when none fitted clearly was tried and
left out: on probes of Mousepad, three of four such items were wrong, "Menubar" for
"order a large pizza" among them.)

The menu bar is :func:`~tiny_computer_agent._menu_bar.menu_bar`'s (the tree's menu
entries, or a row of menu bar words read by OCR).

The steps that only look are marked in their decision's ``reply`` (:data:`MARK`, then
the look so far as JSON: :func:`reply_for`), so the brain tells a menu opened to look
from a part of the goal done, and knows every menu it opened even when the look is
longer than the history it is shown.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Final

from ..._actions import Action
from ..._contracts import Decision, Step
from ..._elements import Element, normalize_label
from ..._menu_bar import MIN_ENTRIES, MIN_KNOWN, menu_bar

__all__ = [
    "MARK",
    "Look",
    "MIN_ENTRIES",
    "MIN_ITEMS",
    "MIN_KNOWN",
    "SEARCH_MARGIN",
    "WAIT_SECONDS",
    "dialog_over",
    "looking",
    "menu_bar",
    "next_look",
    "reply_for",
]

#: How a step that opens a menu to look in it begins its decision's ``reply``.
MARK: Final = "look in the menus for "
#: In a menu opened to look, an item is taken only when it scores this much over
#: "nothing fits" (the brain's logits): an item that barely fits ("Find" for "show the
#: status bar", 0.1 over) sends the look on to the next menu, where the answer may be.
#: Set by hand from the live trials (Word Wrap was 4.4 over), not fitted.
SEARCH_MARGIN: Final = 2.0
#: A menu just opened with fewer new entries than this is looked at again, once.
MIN_ITEMS: Final = 3
#: How long that second look waits, in seconds.
WAIT_SECONDS: Final = 1.0


@dataclasses.dataclass(frozen=True)
class Look:
    """A look in the menus for ``part`` of the goal, so far: the menus ``opened``, in
    order."""

    part: str = ""
    opened: tuple[str, ...] = ()


#: Where the look's state starts in a look's reply.
_STATE: Final = ' {"opened":'


def looking(history: Sequence[Step]) -> Look:
    """The look in the menus the last step was a step of (an empty :class:`Look` when it
    was not one): each such step's reply carries it (:func:`reply_for`), so a look
    longer than the history the brain is shown still knows every menu it opened."""
    decision = history[-1].decision if history else None
    reply = decision.reply if decision is not None else ""
    at = reply.rfind(_STATE)
    if not reply.startswith(MARK) or at < len(MARK):
        return Look()
    try:
        opened = json.loads(reply[at + 1 :])["opened"]
    except (ValueError, TypeError, KeyError):
        return Look()
    if not isinstance(opened, list) or not all(isinstance(n, str) for n in opened):
        return Look()
    return Look(reply[len(MARK) : at], tuple(opened))


def reply_for(look: Look) -> str:
    """The reply of a step of ``look``: :data:`MARK`, the part, then the look as JSON
    (a menu's name may hold a space: "Go To")."""
    state = json.dumps({"opened": list(look.opened)}, ensure_ascii=False, separators=(",", ":"))
    return f"{MARK}{look.part} {state}"


def next_look(
    look: Look,
    bar: Sequence[Element],
    history: Sequence[Step],
    entries: Sequence[Element] = (),
) -> Decision | None:
    """The next step of ``look``: once, a wait when the menu just opened shows fewer
    than :data:`MIN_ITEMS` new entries (``entries``: this frame's; a toolkit fills the
    tree of a menu after drawing it); else open the first menu of ``bar`` (the likeliest
    first, by the brain's score of its name) not opened yet, or, when every one was
    opened, Escape to close the last; None when there is nothing left to do (no bar, or
    every menu read and closed)."""
    last = history[-1].decision if history else None
    just = last is not None and last.reply.startswith(MARK) and last.action.verb == "click"
    if just and last is not None and _thin(entries, history[-1]):
        return Decision(
            action=Action.make("wait", seconds=WAIT_SECONDS),
            reply=reply_for(look),
            note=f"the {last.action.target!r} menu shows few items yet: looking again",
        )
    seen = {normalize_label(o) for o in look.opened}
    left = [e for e in bar if normalize_label(e.label) not in seen]
    if left:
        pick = left[0]
        said = ", ".join(repr(e.label) for e in left if e is not pick)
        return Decision(
            action=Action.make("click", target=pick.label, target_id=pick.id),
            choice=pick.id or None,
            reply=reply_for(dataclasses.replace(look, opened=(*look.opened, pick.label))),
            note=f"nothing on screen fits {look.part!r}: opening the {pick.label!r} menu "
            "to look" + (f" (then {said})" if said else ""),
        )
    clicked = [s.decision.action.verb for s in history[-2:] if s.decision is not None]
    if look.opened and last is not None and last.reply.startswith(MARK) and "click" in clicked:
        return Decision(
            action=Action.make("key", keys="Escape"),
            reply=reply_for(look),
            note=f"no menu holds what {look.part!r} asks for: closing the last one",
        )
    return None


def dialog_over(entries: Sequence[Element], bar: Sequence[Element]) -> bool:
    """Whether a window other than the bar's shows buttons: a dialog is up, and the
    answer is its (a click on the bar behind a modal dialog goes nowhere)."""
    window = bar[0].window if bar else 0
    return any(e.kind == "button" and e.window and e.window != window for e in entries)


def _thin(entries: Sequence[Element], before: Step) -> bool:
    """Whether ``entries`` hold fewer than :data:`MIN_ITEMS` labels the frame of
    ``before`` (the step that opened a menu) did not."""
    seen = before.observation.elements if before.observation is not None else ()
    old = {normalize_label(e.label) for e in seen}
    new = {normalize_label(e.label) for e in entries} - old - {""}
    return len(new) < MIN_ITEMS
