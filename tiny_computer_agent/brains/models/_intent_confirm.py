"""Confirming a dialog's answer: what a person does after choosing in a dialog's list,
ticking its box or typing a value into its field ("go with green" on a chooser, "call
it roadtrip" on a name prompt): they press the dialog's OK. Until then the dialog has
been answered on screen only; the program has not been told.

When every part of the goal is done, the last step chose an item, a radio button, a
check box or a cell, or typed into a field, and that control's window is still up and
reads as a dialog, the brain clicks the dialog's confirming button, once. A window reads
as a dialog when it shows a way out (:data:`WAYS_OUT`: Cancel, Close, No), exactly one
button that confirms (:data:`CONFIRMS`: OK, Save, Create...), and no menu bar (an
editor's main window with a Save button on its toolbar is not one). A goal that names
the button to press has pressed it as one of its parts; a goal that says not to confirm
(:data:`HOLD`: "…but don't press OK yet", "without saving") is left as it is. The
policy judges the press as any other: an OK under a question that names an
irreversible act is refused unless allowed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ..._actions import Action
from ..._contracts import Decision, Step
from ..._elements import Element, normalize_label
from ._intent_menus import menu_bar

__all__ = ["ANSWERS", "CONFIRMS", "HOLD", "WAYS_OUT", "confirm_answer"]

#: Buttons that confirm a dialog's answer (normalized labels), the likeliest first.
CONFIRMS: Final = (
    "ok", "okay", "done", "apply", "save", "create", "select", "choose", "confirm",
    "accept", "rename", "open", "add", "insert", "set",
)  # fmt: skip
#: Buttons that leave a dialog as it was: one of them shows it is a dialog.
WAYS_OUT: Final = frozenset(("cancel", "close", "no"))
#: The kinds of control whose choice or value a dialog's confirming button sends.
ANSWERS: Final = frozenset(("field", "item", "radio", "check", "cell"))
#: A goal that says not to confirm, or to leave the dialog up.
HOLD: Final = re.compile(
    r"(?i)\b(?:don'?t|do\s+not|not\s+yet|without|never|no\s+need\s+to|leave\s+(?:it|the)"
    r"\s+(?:\w+\s+)?(?:open|up))\b"
)


def confirm_answer(
    goal: str, entries: Sequence[Element], history: Sequence[Step]
) -> Decision | None:
    """The click on the confirming button of the dialog the last step answered (see the
    module's docstring); None when there is none to press."""
    if HOLD.search(goal):
        return None
    answered = _last_answer(history)
    if answered is None:
        return None
    window = [e for e in entries if e.window == answered.window]
    if not window or menu_bar(window):
        return None
    buttons = {normalize_label(e.label): e for e in window if e.kind == "button"}
    confirms = [buttons[c] for c in CONFIRMS if c in buttons]
    if len(confirms) != 1 or not WAYS_OUT & buttons.keys():
        return None
    button = confirms[0]
    pressed = {normalize_label(a.target or "") for s in history for a in s.performed}
    if normalize_label(button.label) in pressed:
        return None  # pressed once already: the dialog stayed up for a reason of its own
    return Decision(
        action=Action.make("click", target=button.label, target_id=button.id),
        choice=entries.index(button) + 1,
        reply="confirm",
        note=(
            f"every part of the goal was done in a dialog ({answered.label!r}): "
            f"confirming it with {button.label!r}"
        ),
    )


def _last_answer(history: Sequence[Step]) -> Element | None:
    """The control the last step that did something chose or typed into, when it is one
    whose answer a dialog's button sends (:data:`ANSWERS`), as that step saw it."""
    for step in reversed(history):
        if not step.performed:
            continue
        action = step.performed[-1]
        seen = step.observation.elements if step.observation is not None else ()
        same = [e for e in seen if action.target_id and e.id == action.target_id]
        if action.verb not in ("click", "type") or not same or same[0].kind not in ANSWERS:
            return None
        return same[0]
    return None
