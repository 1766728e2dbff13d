"""Controls named by kind, order and place when a goal names no label.

"type 'draft-7' into the text box", "tick the second checkbox", "click the button at the
bottom", "type 'cats' in the search field": the goal says what *kind* of control, maybe
which one of them (an ordinal, a side of the window, a word of its label), and no label
the screen shows. :func:`refer` finds it among the elements of that kind in reading
order, or says why not: none of that kind, or several that the goal does not tell apart
(never a guess).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from .._elements import Element, normalize_label
from .._errors import GoalUnreachable

__all__ = ["Unclear", "refer"]


class Unclear(GoalUnreachable):
    """The goal names a kind of control, and the screen does not settle which one."""


#: The words a goal uses for a kind of control, and the element kinds they mean.
KIND_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "text box": ("field",), "textbox": ("field",), "text field": ("field",),
    "text entry": ("field",), "entry": ("field",), "field": ("field",),
    "input": ("field",), "input box": ("field",), "input field": ("field",),
    "search box": ("field",), "search field": ("field",), "search bar": ("field",),
    "text area": ("field",), "document": ("field",),
    "checkbox": ("check",), "check box": ("check",), "tick box": ("check",),
    "toggle": ("check",), "switch": ("check",),
    "radio": ("radio",), "radio button": ("radio",), "option button": ("radio",),
    "button": ("button",), "link": ("link",), "tab": ("tab",),
    "drop-down": ("field", "button"), "dropdown": ("field", "button"),
    "combo box": ("field", "button"), "combobox": ("field", "button"),
}  # fmt: skip
#: Kind words that also name a state ("the search box": a field whose label says search).
_QUALIFIED: Final = {"search box": "search", "search field": "search", "search bar": "search"}
_ORDINALS: Final = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
_SIDES: Final = ("top", "bottom", "left", "right")
_NOUNS: Final = "|".join(sorted((re.escape(w) for w in KIND_WORDS), key=len, reverse=True))
_REFERENCE: Final = re.compile(
    rf"^(?:the\s+)?(?:(?P<nth>{'|'.join(_ORDINALS)}|only)\s+)?(?P<words>[\w'-]+(?:\s+[\w'-]+)*?\s+)?"
    rf"(?P<noun>{_NOUNS})s?(?:\s+(?:at|on|in)\s+the\s+(?P<side>{'|'.join(_SIDES)})"
    rf"(?:\s+of\s+the\s+(?:window|dialog|screen))?)?$",
    re.I,
)
#: Words before a kind word that say nothing about which control it is.
_FILLER: Final = frozenset({"text", "input", "main", "big", "empty", "one", "single"})


def refer(phrase: str, elements: Sequence[Element]) -> Element | None:
    """The element ``phrase`` names by kind (None when ``phrase`` names no kind, or no
    element is of it); GoalUnreachable when several fit and the goal does not say which,
    or an ordinal asks for more than there are."""
    m = _REFERENCE.match(" ".join(phrase.split()))
    if not m:
        return None
    noun = m["noun"].lower()
    kinds = KIND_WORDS[noun]
    found = [e for e in elements if e.kind in kinds and _fits(e, noun)]
    if (says := _QUALIFIED.get(noun)) and len(found) > 1:
        found = [e for e in found if says in _named(e)] or found
    words = [w for w in normalize_label(m["words"] or "").split() if w not in _FILLER]
    if words:
        found = [e for e in found if all(w in _named(e) for w in words)]
    if (side := m["side"]) and found:
        return _at_side(found, side.lower())
    return _nth(found, (m["nth"] or "").lower(), noun, phrase)


def _fits(e: Element, noun: str) -> bool:
    """A drop-down is a field or button that opens; a button is not a drop-down."""
    if noun in ("drop-down", "dropdown", "combo box", "combobox"):
        return "expandable" in e.state
    return not (e.kind == "button" and "expandable" in e.state)  # "the button": no drop-down


def _named(e: Element) -> str:
    return f"{normalize_label(e.label)} {normalize_label(e.value or '')}"


def _at_side(found: Sequence[Element], side: str) -> Element:
    def centre(e: Element) -> tuple[float, float]:
        x0, y0, x1, y1 = e.box
        return (x0 + x1) / 2, (y0 + y1) / 2

    pick = {
        "top": lambda e: centre(e)[1], "bottom": lambda e: -centre(e)[1],
        "left": lambda e: centre(e)[0], "right": lambda e: -centre(e)[0],
    }[side]  # fmt: skip
    return min(found, key=pick)


def _nth(found: Sequence[Element], nth: str, noun: str, phrase: str) -> Element | None:
    if not found:
        return None
    if nth in _ORDINALS:
        n = _ORDINALS[nth]
        if n > len(found):
            raise Unclear(
                f"{phrase!r} asks for the {nth} {noun}, and the screen shows {len(found)}"
            )
        return found[n - 1] if n > 0 else found[-1]
    if len(found) == 1:
        return found[0]
    listed = ", ".join(repr(e.label) for e in found[:6])
    raise Unclear(
        f"{phrase!r} could be any of {len(found)} {_plural(noun)} ({listed}); say which: its "
        f"label in quotes, or 'the first {noun}', 'the {noun} at the bottom'"
    )


def _plural(noun: str) -> str:
    return noun + ("es" if noun.endswith(("x", "s", "ch")) else "s")
