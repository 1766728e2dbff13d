"""What a press by key reaches (issue 37): Return and space press whatever has focus.

The policy judges a press by key as a click on what it presses (rule ``irreversible``).
What that is, :func:`pressed_by` says from the frame and the actions of the same batch
carried out since it was taken:

    focused   the element the index shows focused, while that still holds: a button, a
              row, a menu item is pressed itself
    default   Return (or a typed newline) in a one-line field presses the window's
              default button (GTK's activates-default, a web form's implicit submission,
              a Qt dialog's default): the index does not say which, so it may be any
              button of that window
    unknown   the index shows no focus (a dialog read by OCR alone), or an earlier
              action of the same batch moved it (Tab, shift+Tab, a Tab typed into a
              one-line field): the press may land on any button of the window keys go to
    unseen    an earlier action of the same batch may have changed the screen (a click
              on what is not a field, a newline typed mid-batch): what the press lands
              on is not on the frame at all
    mnemonic  alt+LETTER presses the control of the window whose mnemonic is that letter
              (GTK ``_Delete``, Qt ``&Delete``, ``削除(D)``), and so does a letter typed
              while a menu is open (after F10 or alt+LETTER in the same batch, or with a
              menu item focused): every control whose label may hold it as a mnemonic
              (the marked letter, else any letter of the label: a mnemonic is not always
              drawn, nor in the tree)
    composer  Return in a field whose label or placeholder says it sends (a chat's box,
              :data:`~._irreversible_rules.COMPOSER_WORDS`) presses Send, and in a card's
              field (CVC) Pay, with no button on the frame: judged as that press

A control the shapes took for a field or a check box (not the tree's word) may be a
button: a key judges its label too.

Typed text presses too: a newline is a Return, and a space presses a focused button. A
text view (a field taller than one line, :data:`~._wheel.ONE_LINE`) takes tabs and
newlines as text, so nothing typed into one presses anything.

Pure functions of an :class:`~._elements.Observation` and actions; the policy decides.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window
from ._errors import TargetError
from ._irreversible import field_submits
from ._text_programs import mail_program
from ._wheel import ONE_LINE
from .perception import window_at

__all__ = ["PRESSING_KEYS", "Press", "has_mnemonic", "kind_is_known", "pressables", "pressed_by"]

#: Keys that press the focused control (GTK, Qt and the web alike); in a one-line field
#: Return and shift+Return press the window's default button instead.
PRESSING_KEYS: Final = frozenset({
    "Return", "space", "shift+Return", "ctrl+Return", "shift+space", "alt+Return",
    "ctrl+shift+Return", "alt+shift+Return",
})  # fmt: skip
#: Keys a text view takes as a new line (the others may send: ctrl+Return in a mail).
_NEW_LINE: Final = frozenset({"Return", "shift+Return"})
#: What a field that submits on Return presses (:func:`~._irreversible.field_submits`).
_IMPLIED: Final = {"sends": "Send", "pays": "Pay"}
#: Kinds whose controls open a menu or are in one: a letter typed there is a mnemonic.
_MENU_KINDS: Final = frozenset({"menuitem", "menu"})
#: Keys that leave the focus in the field that has it: editing, the caret by words,
#: selecting, copying, undoing, pasting (a single character types: it keeps it too).
_KEEP_FOCUS: Final = frozenset({
    "BackSpace", "Delete", "Insert", "ctrl+BackSpace", "ctrl+Delete", "ctrl+x", "ctrl+y",
    "ctrl+a", "ctrl+c", "ctrl+z", "ctrl+shift+z", "ctrl+v", "shift+Insert", "ctrl+shift+v",
    "shift+Left", "shift+Right", "shift+Home", "shift+End", "ctrl+Left", "ctrl+Right",
    "ctrl+shift+Left", "ctrl+shift+Right",
})  # fmt: skip
#: Kinds a key never presses into an irreversible act: a tick or a field's text is
#: undone as easily, a slider's value too; a title and the tree's text are labels.
_NOT_PRESSED: Final = frozenset({"check", "radio", "field", "slider", "title"})


@dataclasses.dataclass(frozen=True, slots=True)
class Press:
    """What a press by key may land on: ``elements`` (one, when it is known); ``keys``,
    what presses (``Return``, ``a newline typed``); ``reason``, when what it lands on is
    not known, why (``"the focus is not known"``); ``unseen``: it may land on something
    the frame does not show at all."""

    elements: tuple[Element, ...]
    keys: str
    reason: str = ""
    unseen: bool = False

    @property
    def known(self) -> bool:
        return not self.reason


@dataclasses.dataclass(frozen=True, slots=True)
class _Focus:
    """The element keys go to (None: not known) and, when the frame's focus no longer
    holds, why (``lost``); ``unseen``: the screen may have changed since the frame."""

    element: Element | None
    lost: str = ""
    unseen: bool = False


def pressed_by(
    action: Action,
    observation: Observation,
    elements: Sequence[Element],
    batch: Sequence[Action] = (),
    *,
    before: Action | None = None,
) -> tuple[Press, ...]:
    """What ``action`` (a key or typed text; ``elements``: its resolved targets) may
    press, each press in order (none when it presses nothing): judged on ``observation``
    after ``batch``, the actions of its batch carried out before it (see the module
    docstring); ``before``: the action carried out just before ``observation`` was taken
    (F10 there leaves a menu open)."""
    focus = _focus_after(observation, batch)
    openers = (*((before,) if before is not None else ()), *batch)
    letter = _mnemonic(action, focus, observation, openers)
    if letter is not None:
        return (_mnemonic_press(letter, action, focus, observation),)
    if action.verb == "key" and action.keys in PRESSING_KEYS:
        press = _key_press(action.keys, focus, observation)
        return () if press is None else (press,)
    if action.verb == "type" and action.text:
        if elements:
            focus = _Focus(elements[0], unseen=focus.unseen)
        return _text_presses(action.text, focus, observation)
    return ()


def _key_press(keys: str, focus: _Focus, observation: Observation) -> Press | None:
    element = focus.element
    if element is None or focus.unseen:
        return _anywhere(keys, focus, observation)
    if _takes_text(element):
        if keys in ("space", "shift+space"):
            # it types a space, unless the shapes took a button for a field
            return Press((element,), keys) if element.source == "shape" else None
        submits = _composer(keys, element, observation)
        if _text_view(element) and keys in _NEW_LINE:
            return submits  # a new line, or a chat's composer sends
        default = _default(keys, element, observation)
        if submits is None:
            return default
        return Press(
            default.elements + submits.elements, keys, f"{default.reason}; and {submits.reason}"
        )
    if _may_be_a_field(element) and keys not in ("space", "shift+space"):
        default = _default(keys, element, observation)
        return dataclasses.replace(default, elements=(element, *default.elements))
    return Press((element,), keys)


def _composer(keys: str, element: Element, observation: Observation) -> Press | None:
    """Return in a field that sends or pays with no button (its label says so): a press
    of that implied button; None for any other field, for shift+Return (a new line) and
    for Return in the body of a mail program's message (a new line too; its ctrl+Return
    sends)."""
    does = field_submits(element.label)
    if does is None or keys == "shift+Return":
        return None
    if keys in _NEW_LINE and _text_view(element) and mail_program(observation.window(element)):
        return None  # a new line there; ctrl+Return still sends
    implied = dataclasses.replace(element, label=_IMPLIED[does], kind="button", state=frozenset())
    what = "sends what it holds" if does == "sends" else "submits the payment"
    why = f"{keys} in the field {element.label!r} {what} with no button (a chat's box, a card)"
    return Press((implied,), keys, why)


def _text_presses(text: str, focus: _Focus, observation: Observation) -> tuple[Press, ...]:
    """Every press typing ``text`` makes (a newline, a space), judged by where each
    lands: a Tab typed into a one-line field moves the focus on, and after a newline
    (a Return: the form may be sent) the screen may have changed."""
    if focus.element is not None and _text_view(focus.element):
        if "\n" in text and field_submits(focus.element.label) is not None:
            press = _composer("Return", focus.element, observation)
            return () if press is None else (dataclasses.replace(press, keys="a newline typed"),)
        return ()
    found: list[Press] = []
    for i, char in enumerate(text):
        if char == "\t":
            focus = _Focus(None, f"the Tab typed before it (character {i + 1}) moved the focus",
                           focus.unseen)  # fmt: skip
        elif char in " \n":
            keys = "Return" if char == "\n" else "space"
            press = _key_press(keys, focus, observation)
            if press is not None:
                what = "newline" if char == "\n" else "space"
                found.append(dataclasses.replace(press, keys=f"the {what} typed ({i + 1})"))
            if char == "\n":
                focus = _Focus(None, f"the newline typed before it (character {i + 1}) may "
                               "have sent the form", unseen=True)  # fmt: skip
    return tuple(found)


def _anywhere(keys: str, focus: _Focus, observation: Observation) -> Press:
    why = focus.lost or "the focus is not known (the index shows no focused element)"
    window = _window_of(focus.element, observation) if focus.element else _front(observation)
    return Press(pressables(observation, window), keys, why, unseen=focus.unseen)


def _default(keys: str, element: Element, observation: Observation) -> Press:
    why = (
        f"in the one-line field {element.label!r} it presses the window's default "
        "button, which the index does not show"
    )
    return Press(pressables(observation, _window_of(element, observation)), keys, why)


def pressables(observation: Observation, window: Window | None) -> tuple[Element, ...]:
    """What a key may press in ``window`` (every window when None): buttons, links, menu
    items, tabs, text read in pixels (a control OCR cannot tell), and a list's row only
    when it shows it is selected: Return opens the selected row, and the other rows are
    a list's or a document's content (an editor's line "buy milk" is pressed by nothing)."""
    return tuple(
        e
        for e in observation.elements
        if e.source != "grid"
        and (e.kind not in _NOT_PRESSED or (e.kind in _GUESSED and not kind_is_known(e)))
        and not (e.kind == "text" and e.source == "a11y")
        and not (e.kind == "item" and not {"selected", "focused"} & e.state)
        and (window is None or _window_of(e, observation) == window)
    )


#: Kinds the shapes may give a button (``Pay $49.99`` read as a field, a check box).
_GUESSED: Final = frozenset({"check", "radio", "field"})
#: A check box or a radio button no wider or taller than this is a tick box, not a
#: button the shapes misread (a button holds its label).
_TICK_BOX: Final = 24


def kind_is_known(element: Element) -> bool:
    """Whether ``element``'s kind can be trusted not to be a button's: the accessibility
    tree said it, or it is a check box or radio button the size of a tick box. A field,
    check box or radio button the shapes or OCR guessed may be a button (``Pay $49.99``
    read as a field), so what pressing it does is judged by its label."""
    if element.source == "a11y":
        return True
    width, height = element.box[2] - element.box[0], element.box[3] - element.box[1]
    return element.kind in ("check", "radio") and max(width, height) <= _TICK_BOX


def _mnemonic(
    action: Action, focus: _Focus, observation: Observation, batch: Sequence[Action]
) -> str | None:
    """The letter ``action`` presses as a mnemonic, or None: alt+LETTER (alt+shift+LETTER),
    or a letter keyed or typed (untargeted) while a menu is open."""
    if action.verb == "key":
        mods, _, last = (action.keys or "").rpartition("+")
        if "alt" in mods.split("+") and set(mods.split("+")) <= {"alt", "shift"}:
            return last.lower() if len(last) == 1 and last.isalnum() else None
        plain = last if mods in ("", "shift") else ""
        if len(plain) == 1 and plain.isalnum() and _menu_open(focus, observation, batch):
            return plain.lower()
        return None
    if action.verb == "type" and not action.target and action.text:
        first = action.text[0]
        if first.isalnum() and _menu_open(focus, observation, batch):
            return first.lower()
    return None


def _menu_open(focus: _Focus, observation: Observation, batch: Sequence[Action]) -> bool:
    """Whether a menu has the keys: F10 (the menu bar) or alt+LETTER earlier in the batch,
    a menu item focused, or a menu shown in front (a window that bypasses the manager)."""
    for earlier in batch:
        keys = earlier.keys or ""
        if earlier.verb == "key" and (keys == "F10" or keys.startswith("alt+")):
            return True
    if focus.element is not None and focus.element.kind in _MENU_KINDS:
        return True
    front = _front(observation)
    return (
        front is not None
        and front.override
        and any(
            e.kind in _MENU_KINDS and _window_of(e, observation) == front
            for e in observation.elements
        )
    )


def _mnemonic_press(letter: str, action: Action, focus: _Focus, observation: Observation) -> Press:
    """Every control of the window keys go to whose label may have ``letter`` as its
    mnemonic (:func:`has_mnemonic`)."""
    window = _window_of(focus.element, observation) if focus.element else _front(observation)
    found = tuple(e for e in pressables(observation, window) if has_mnemonic(e.label, letter))
    said = action.keys if action.verb == "key" else f"typing {action.text[:1]!r} in a menu"  # type: ignore[index]
    why = f"{said} presses the control whose mnemonic is {letter!r}: any label holding it"
    return Press(found, said or "", why, unseen=focus.unseen)


def has_mnemonic(label: str, letter: str) -> bool:
    """Whether ``letter`` may be ``label``'s mnemonic: the letter marked (GTK ``_Delete``,
    Qt ``&Delete``, ``削除(D)``) when one is; else any letter of the label, and any
    letter at all for a label with no Latin letter (its mnemonic is not drawn)."""
    marked = re.findall(r"(?<![&_])[&_]([^\s&_])|\((\w)\)\s*$", label)
    if marked:
        return any(letter == (a or b).lower() for a, b in marked)
    letters = {
        c.lower() for c in unicodedata.normalize("NFKD", label) if c.isascii() and c.isalnum()
    }
    return not letters or letter in letters


def _focus_after(observation: Observation, batch: Sequence[Action]) -> _Focus:
    focus = _Focus(_focused(observation))
    for earlier in batch:
        focus = _next_focus(focus, earlier, observation)
    return focus


def _next_focus(focus: _Focus, action: Action, observation: Observation) -> _Focus:
    """Where the focus is after ``action`` (a member of a batch: a click first, then
    typing, Tab and shift+Tab, see :func:`~._actions.check_batch`)."""
    said = f"{action.describe()} before it in the same batch"
    if action.verb in ("click", "type") and action.target:
        try:
            target = observation.resolve(action.target, action.target_id)
        except TargetError:
            return _Focus(None, f"{said} went to what the frame cannot find", unseen=True)
        if action.verb == "click" and not (_takes_text(target) or _may_be_a_field(target)):
            return _Focus(None, f"{said} may have changed the screen", unseen=True)
        focus = _Focus(target, unseen=focus.unseen)
    if action.verb == "type":
        text = action.text or ""
        element = focus.element
        if element is not None and _text_view(element):
            return focus
        if "\n" in text:
            return _Focus(None, f"{said} typed a newline, a Return", unseen=True)
        if "\t" in text:
            return _Focus(None, f"{said} typed a Tab, which moved the focus", focus.unseen)
        return focus
    if action.verb == "key":
        keys = action.keys or ""
        plain = keys.removeprefix("shift+")
        typing = len(plain) == 1 and plain.isprintable() and plain != " "
        if not (typing or keys in _KEEP_FOCUS):
            return _Focus(None, f"{said} moved the focus", focus.unseen)
        if focus.element is None or _takes_text(focus.element):
            return focus  # an edit in the field that has the focus
        return _Focus(None, f"{said} may have moved it (a list's type-ahead)", focus.unseen)
    return focus


def _focused(observation: Observation) -> Element | None:
    return next((e for e in observation.elements if "focused" in e.state), None)


def _takes_text(element: Element) -> bool:
    return element.kind in ("field", "cell") or "editable" in element.state


def _text_view(element: Element) -> bool:
    """A field taller than one line: Tab and Return are text there."""
    return _takes_text(element) and element.box[3] - element.box[1] > ONE_LINE


def _may_be_a_field(element: Element) -> bool:
    """Text read in pixels (no kind, or ``text`` not from the tree), one line tall: OCR
    cannot tell a field's text from a button's label."""
    plain = element.kind == "" or (element.kind == "text" and element.source != "a11y")
    return plain and element.box[3] - element.box[1] <= ONE_LINE


def _window_of(element: Element | None, observation: Observation) -> Window | None:
    if element is None:
        return None
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


def _front(observation: Observation) -> Window | None:
    return observation.windows[0] if observation.windows else None
