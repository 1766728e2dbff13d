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
    tabbed    a Tab (shift+Tab, a Tab typed into a one-line field) moves the focus to
              the next (previous) control Tab stops at in the window (:func:`tabbed_to`):
              where the index's order and reading order agree on it, the press is that
              control's, and text after it goes into it. After Tabs just before the
              frame (the previous step), the frame may not show the move (no visible
              change): the focus it shows and the predicted one are both judged
    unknown   the index shows no focus (a dialog read by OCR alone), or a Tab moved it
              where the orders disagree or past the window's controls: the press may
              land on any button of the window keys go to
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
button: a key judges its label too. A focused control's tooltip (plain text just above or
below it, across it) is read with its label (``1-Click`` under "Buy with 1-Click"), and
so is what follows the tooltip's caption colon. ``ctrl+m`` and ``ctrl+j`` (a carriage
return, a line feed: :data:`RETURN_ALIASES`) are Return wherever Return is judged.

Where no label can say what a press does, it is **blind** (``Press.blind``, the reason):
the policy refuses it under real input unless a person says yes (``--allow-irreversible``
never covers a press by key; ``--allow-key`` only lets the chord past the key rules):

    unnamed   the focused control's label has no letter or digit (an icon); Return in a
              one-line field of a web page when a button beside or below it (the
              form's own, one of which is the default) has none (a native dialog's
              Return presses its default button). Where the focus is not known, an icon
              among the window's controls is not enough (toolbars are full of them)
    hidden    Return in a one-line field of a web page (a browser's window, below its
              toolbar: the address bar is not a page's) with no button beside or below
              it on the frame that says it submits (a word that sends a form,
              :data:`_SUBMIT_WORDS`, or a word of the field's own label): the form's
              default is scrolled away, or the page's script submits it; a harmless
              button shown (``Help``, ``Max``, ``Apply``) is not taken for it, nor one
              whose first word is not the field's (``Scan card`` by ``Card number``).
              A native program's field (a rename, a path bar) is not a form; but
              Return in a dialog's field (``WM_TRANSIENT_FOR``, a dialog's role, a
              dialog helper: zenity, yad) when the frame shows no button of that
              dialog presses a default nothing shows
    pasted    a key that enters a cell (Return, Tab, an arrow) after a paste into it:
              the clipboard's text the frame never showed (a formula may be in it),
              unless the episode copied what it had typed itself
    mnemonic  alt+LETTER (a letter in an open menu) with no control on the frame that
              marks the letter or starts a word with it: a menu's item or a control the
              frame does not show
    chat      Return (or a newline typed) in a web page's text view with a button
              beside it: a chat's box sends on Return whatever its height, so it is a
              press of that button (a mail program's body and a document take Return as
              a new line: :data:`~._text_programs.MAIL_PROGRAMS`, native programs). A
              mail program's short text view with no To or Subject above it is its
              chat's box, which sends on Return (:func:`_mail_chat`, sixth pass); and
              Return, ctrl+Return or a newline in any field or text view of a chat
              program's own window (:data:`~._text_programs.CHAT_PROGRAMS`; not its
              dialogs, not a search box) sends, whatever the box is named
              (:func:`_chat_box`, after the fourth fresh pass)
    runs      Return (not space: a preview or a tick) on a selected file whose name ends
              as a script's, program's, launcher's or installer's (``.sh``, ``.AppImage``,
              ``.desktop``, ``.exe``, ``.py``: :func:`opens_a_program`) opens it, which
              runs it; the policy judges a double click on one the same. A name with no
              ending may be a program with its x bit set, but is far more often a
              folder: it is left to the other rules
    command   a key that is a program's command, not a press of a control: a function
              key but F1, F2 and F10 (help, rename, the menu bar) in a program off the
              table of text programs (an IDE: F5 runs, F9 builds, shift+F10 runs) or in
              an office suite's macro editor, and in a mail program (F9: send and
              receive); an IDE's Run or Build chord (ctrl+r, ctrl+b, ctrl+shift+b);
              ctrl+Return in a mail program (it sends, Send shown or not). In a text
              program F5 stays a reload
    formula   a spreadsheet formula that reaches the network or runs a program (a web
              function, a web address, a DDE link) typed into a cell, or entered in a
              field by a newline, a Tab or a key that commits it

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
from ._elements import Element, Observation, Window, reading_order
from ._errors import TargetError
from ._irreversible import field_submits
from ._scope import dialog_helper
from ._text_programs import browser_window, chat_program, mail_program, text_program
from ._wheel import ONE_LINE
from .perception import window_at

__all__ = [
    "PRESSING_KEYS",
    "RETURN_ALIASES",
    "Press",
    "has_mnemonic",
    "kind_is_known",
    "opens_a_program",
    "pressables",
    "pressed_by",
    "readable",
    "tabbed_to",
    "web_browser",
]

#: Keys that press the focused control (GTK, Qt and the web alike); in a one-line field
#: Return and shift+Return press the window's default button instead.
PRESSING_KEYS: Final = frozenset({
    "Return", "space", "shift+Return", "ctrl+Return", "shift+space", "alt+Return",
    "ctrl+shift+Return", "alt+shift+Return",
})  # fmt: skip
#: Chords a terminal line discipline and GTK/Qt/the web read as Return (a carriage
#: return, a line feed): judged as Return everywhere Return is judged.
RETURN_ALIASES: Final = frozenset({"ctrl+m", "ctrl+j", "ctrl+M", "ctrl+J"})
#: Tab and shift+Tab: each moves the focus to the next (previous) control.
_TABS: Final = {"Tab": 1, "shift+Tab": -1, "ISO_Left_Tab": -1}
#: Kinds Tab stops at (the tree's): fields, buttons, links, ticks, lists' rows and tabs.
_TAB_STOPS: Final = frozenset({
    "field", "cell", "button", "link", "check", "radio", "combo", "slider", "tab", "menuitem",
    "item", "spin", "toggle",
})  # fmt: skip
#: Chords that paste the clipboard, and those that fill it.
_PASTES: Final = frozenset({"ctrl+v", "shift+Insert", "ctrl+shift+v"})
_COPIES: Final = frozenset({"ctrl+c", "ctrl+x", "ctrl+Insert", "ctrl+shift+c"})
#: Words a form's own submit button says (a button beside or below a page's field that
#: says none, ``Help``, ``Max``, ``Preview``, is not taken for the form's default).
_SUBMIT_WORDS: Final = re.compile(
    r"\b(?:submit|send|search|find|go|ok|okay|enter|sign\s*(?:in|up|on)|log\s*(?:in|on)"
    r"|login|register|continue|next|save|post|subscribe|join|confirm|done|create|add|update"
    r"|reply|comment|publish|pay|buy|order|checkout|transfer|delete|remove"
    r"|suchen|senden|absenden|anmelden|weiter|speichern|buscar|enviar|siguiente|guardar"
    r"|rechercher|envoyer|suivant|enregistrer|connexion|cerca|invia|avanti|salva"
    r"|zoeken|verzenden|volgende|opslaan)\b",
    re.IGNORECASE,
)
#: Words after ``Add`` that still submit the form (``Add to cart``, ``Add it``).
_ADD_SUBMITS: Final = frozenset({"to", "it", "now", "this", "all", "and", "me"})
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

#: Kinds Return opens as a file: a list's row, an icon, a table's cell.
_OPENED: Final = frozenset({"item", "icon", "cell"})
#: The space bar: it ticks, presses a button, or types; it does not open a file.
_SPACES: Final = frozenset({"space", "shift+space"})
#: Endings of a file name that opening runs: scripts, programs (``a.out``, ``.elf``, an
#: architecture's ``.x86_64``), launchers, installers (a name with no ending may be a
#: program too, but is far more often a folder: left to the other rules).
_RUNNABLE: Final = re.compile(
    r"[^\s/\\]\.(?:sh|bash|zsh|ksh|csh|fish|run|bin|appimage|desktop|exe|msi|bat|cmd"
    r"|scr|ps1|vbs|jar|py|pyw|pl|rb|command|deb|rpm|flatpakref|snap|apk|x86_64|aarch64|i[36]86"
    r"|out|elf)(?![\w.])",
    re.IGNORECASE,
)
#: A spreadsheet formula: text that starts with ``=``, ``+``, ``-`` or ``@``; a quoted
#: start is an external reference (``='https://host/book.ods'#$Sheet1.A1``).
_FORMULA: Final = re.compile(r"\s*(?:=\s*|[+@-])[\w('\"]")
#: What makes entering a formula reach the network or run a program: a function that
#: fetches or calls out (``REGISTER.ID(``: a dotted variant too), a web address, a DDE
#: link (``cmd|' /c ...'!A0``).
_REACHES: Final = re.compile(
    r"\b(?:WEBSERVICE|IMPORT(?:XML|HTML|DATA|FEED|RANGE)|IMAGE|DDE|RTD|CALL|REGISTER"
    r"|EXEC|SHELL|STOCKHISTORY)(?:\.\w+)*\s*\(|[a-z][\w+.-]*://|\w\s*\|\s*'",
    re.IGNORECASE,
)
#: Keys that enter what was typed into a cell or a field: Return and the moves out of it.
_COMMITS: Final = PRESSING_KEYS | {"Tab", "shift+Tab", "Up", "Down", "Left", "Right"}
#: A function key with any modifiers (``F5``, ``ctrl+F5``, ``shift+F10``).
_FUNCTION_KEY: Final = re.compile(r"(?:[a-z_]+\+)*F\d{1,2}")
#: Function keys that give a program no command: help, rename, and the menu bar (a
#: letter typed after it is judged as a mnemonic).
_NO_COMMAND: Final = frozenset({"F1", "F2", "F10"})
#: Chords an IDE binds to Run and Build (Qt Creator's ctrl+r; Build: ctrl+b,
#: ctrl+shift+b; Arduino's upload ctrl+u; a cell's or a selection's run: ctrl+Return,
#: shift+Return): commands off the table of text programs.
_RUN_CHORDS: Final = frozenset({
    "ctrl+r", "ctrl+shift+r", "ctrl+b", "ctrl+shift+b", "ctrl+u", "ctrl+alt+n",
    "ctrl+Return", "shift+Return", "alt+Return", "ctrl+shift+Return",
})  # fmt: skip
#: Return chords that send the message a mail program composes, whatever has focus.
_MAIL_SENDS: Final = frozenset({"ctrl+Return", "ctrl+shift+Return"})
#: Windows of a text program that edit and run code (an office suite's macro editor).
_CODE_EDITORS: Final = frozenset({"libreoffice-basicide", "basicide"})
#: How far from a field (pixels) a button beside it or below it may stand, sideways.
_NEAR: Final = 2 * ONE_LINE
#: A browser's toolbar (address and search bar) lies within this of its window's top.
_TOOLBAR: Final = 3 * ONE_LINE
#: How far (pixels) above or below a focused control its tooltip may stand.
_TIP_GAP: Final = ONE_LINE // 2
#: Plain text (OCR) of at most this many words may be a button OCR cannot tell.
_BUTTON_WORDS: Final = 4


@dataclasses.dataclass(frozen=True, slots=True)
class Press:
    """What a press by key may land on: ``elements`` (one, when it is known); ``keys``,
    what presses (``Return``, ``a newline typed``); ``reason``, when what it lands on is
    not known, why (``"the focus is not known"``); ``unseen``: it may land on something
    the frame does not show at all; ``blind``: why no label can say what it does (a
    control whose label cannot be read, a form's button the frame does not show, a
    program's command key), so it is refused under real input unless a person says yes."""

    elements: tuple[Element, ...]
    keys: str
    reason: str = ""
    unseen: bool = False
    blind: str = ""

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
    earlier: Sequence[Action] = (),
) -> tuple[Press, ...]:
    """What ``action`` (a key or typed text; ``elements``: its resolved targets) may
    press, each press in order (none when it presses nothing): judged on ``observation``
    after ``batch``, the actions of its batch carried out before it (see the module
    docstring); ``before``: the action carried out just before ``observation`` was taken
    (F10 there leaves a menu open); ``earlier``: the episode's actions before the frame
    (Tabs just before it: the focus it shows may be stale, a paste into a cell)."""
    if action.verb == "key" and action.keys in RETURN_ALIASES:
        action = dataclasses.replace(action, keys="Return")  # ctrl+m, ctrl+j: a Return
    focus = _focus_after(observation, batch)
    openers = (*((before,) if before is not None else ()), *batch)
    letter = _mnemonic(action, focus, observation, openers)
    if letter is not None:
        return (_mnemonic_press(letter, action, focus, observation),)
    found: list[Press] = []
    for each in _tabbed_from(focus, observation, earlier, batch):
        found.extend(p for p in _presses_of(action, each, observation, elements, openers)
                     if p not in found)  # fmt: skip
    pasted = _paste_entered(action, focus, (*earlier, *batch))
    written = _written(earlier, batch)
    found = [_unwritten(p, written) if not p.known else p for p in found]
    return (*((pasted,) if pasted is not None else ()), *found)


def _written(earlier: Sequence[Action], batch: Sequence[Action]) -> tuple[str, ...]:
    """The lines the episode typed (folded), longest first."""
    lines = {
        line.strip().casefold()
        for a in (*earlier, *batch)
        if a.verb == "type"
        for line in (a.text or "").splitlines()
        if len(line.strip()) >= _WRITTEN_CHARS
    }
    return tuple(sorted(lines, key=len, reverse=True))


#: A typed line this long or longer, read back in pixels, is the episode's own text.
_WRITTEN_CHARS: Final = 4


def _unwritten(press: Press, written: Sequence[str]) -> Press:
    """``press`` (the focus not known) without the text read in pixels that is a line the
    episode typed itself (an editor's "buy milk", read with its caret as "buy milkl"):
    content it wrote into a field, not a control a key presses."""
    if not written:
        return press
    kept = tuple(
        e
        for e in press.elements
        if e.source == "a11y"
        or not any(e.label.strip().casefold().startswith(line) for line in written)
    )
    return dataclasses.replace(press, elements=kept)


def _presses_of(
    action: Action,
    focus: _Focus,
    observation: Observation,
    elements: Sequence[Element],
    openers: Sequence[Action],
) -> tuple[Press, ...]:
    if action.verb == "key" and action.keys:
        keys = action.keys
        press = _command_key(keys, focus, observation)
        if press is None and keys in PRESSING_KEYS:
            press = _key_press(keys, focus, observation)
        entered = _formula_entered(keys, focus, openers) if keys in _COMMITS else None
        return tuple(p for p in (entered, press) if p is not None)
    if action.verb == "type" and action.text:
        if elements:
            focus = _Focus(elements[0], unseen=focus.unseen)
        entered = _formula_entered(action.text, focus, (action,))
        return (*((entered,) if entered else ()), *_text_presses(action.text, focus, observation))
    return ()


def _tabbed_from(
    focus: _Focus, observation: Observation, earlier: Sequence[Action], batch: Sequence[Action]
) -> tuple[_Focus, ...]:
    """Where keys may go, given Tabs pressed just before the frame was taken (``earlier``
    ends with them, and ``batch`` is empty): the frame may not show the focus they
    moved, so both the focus it shows and the one they moved it to (:func:`tabbed_to`),
    or, where that cannot be told, the focus is not known."""
    steps = 0
    for action in reversed(earlier if not batch else ()):
        if action.verb in ("wait_for", "zoom", "move"):
            continue
        if action.verb != "key" or (action.keys or "") not in _TABS:
            break
        steps += _TABS[action.keys or ""]
    if not steps or focus.element is None:
        return (focus,)
    moved = tabbed_to(observation, focus.element, steps)
    if moved is None:
        why = "a Tab just before the frame moved the focus, where to the index cannot tell"
        return (_Focus(None, why, focus.unseen),)
    return (focus, _Focus(moved, unseen=focus.unseen))


def tabbed_to(observation: Observation, start: Element, steps: int) -> Element | None:
    """Where ``steps`` Tabs (negative: shift+Tabs) move the focus from ``start``: the
    next control Tab stops at in ``start``'s window (the tree's fields, buttons, links,
    ticks), both in the index's order (as given: :meth:`~._elements.Observation.of`
    numbers in reading order, a tree read as is keeps a page's document order) and in
    reading order (top to bottom, left to right); None when the two disagree, when
    ``start`` is not one of them, or when the Tabs leave the window's controls (a
    browser's toolbar, the next pane): then where they went is not known."""
    window = _window_of(start, observation)
    stops = [
        e
        for e in observation.elements
        if e.source == "a11y"
        and (e.kind in _TAB_STOPS or "editable" in e.state)
        and _window_of(e, observation) == window
    ]
    reading = reading_order(stops)
    found: list[Element | None] = []
    for order in (stops, reading):
        at = next((i for i, e in enumerate(order) if _same(e, start)), None)
        to = None if at is None else at + steps
        found.append(order[to] if to is not None and 0 <= to < len(order) else None)
    first, second = found
    return first if first is not None and first is second else None  # one element twice


def _same(one: Element, other: Element) -> bool:
    return one is other or (one.label, one.box, one.kind) == (other.label, other.box, other.kind)


def _paste_entered(action: Action, focus: _Focus, history: Sequence[Action]) -> Press | None:
    """A key that enters what a cell holds (Return, Tab, an arrow) after a paste into
    that cell: entering text the frame never showed (the clipboard's: a formula that
    reaches the network, :data:`_REACHES`, may be in it). Blind unless the episode
    filled the clipboard itself, copying what it had typed (a type before the copy,
    with no click between them)."""
    element = focus.element
    keys = action.keys or ""
    if action.verb != "key" or keys not in _COMMITS or element is None or element.kind != "cell":
        return None
    pasted = copied = own = False
    for earlier in reversed(history):
        chord = (earlier.keys or "") if earlier.verb == "key" else ""
        if not pasted:
            if earlier.verb == "click" or chord in _COMMITS:
                return None  # what the cell holds was entered, or the focus moved
            pasted = chord in _PASTES
        elif not copied:
            copied = chord in _COPIES
        elif earlier.verb == "type":
            own = True
            break
        elif earlier.verb == "click":
            break
    if not pasted or own:
        return None
    why = (
        f"{keys} enters what was pasted into the cell {element.label!r}: the clipboard's "
        "content, which the frame does not show and the episode did not type (a formula "
        "may reach the network)"
    )
    return Press((element,), keys, why, blind=why)


def _formula_entered(keys: str, focus: _Focus, typed: Sequence[Action]) -> Press | None:
    """A spreadsheet formula that reaches the network or runs a program (``=WEBSERVICE(``,
    a web address, a DDE link) typed into a cell (entering it is all but sure: a key, a
    click), or into any field and entered there: by a newline or Tab typed with it, or
    by a key that commits (``keys``) after the actions that typed it (``typed``).
    Entering it sends what it names, or runs what it calls, with no control to judge."""
    element = focus.element
    if element is None or not _takes_text(element):
        return None
    for action in typed:
        text = (action.text or "") if action.verb == "type" else ""
        formula, *after = re.split(r"[\n\t]", text, maxsplit=1)
        entered = bool(after) or keys != text or element.kind == "cell"
        if entered and _FORMULA.match(formula) and _REACHES.search(formula):
            why = (
                f"entering the formula typed into {element.label!r} reaches the network or "
                "runs a program (a web function, a web address, a DDE link)"
            )
            return Press((element,), "the text typed" if keys == text else keys, why, blind=why)
    return None


def _key_press(keys: str, focus: _Focus, observation: Observation) -> Press | None:
    element = focus.element
    if element is None or focus.unseen:
        return _anywhere(keys, focus, observation)
    if _takes_text(element):
        if keys in ("space", "shift+space"):
            # it types a space, unless the shapes took a button for a field
            return Press((element,), keys) if element.source == "shape" else None
        submits = _composer(keys, element, observation)
        if (chat := _chat_box(keys, element, observation)) is not None:
            return chat
        if _text_view(element) and keys in _NEW_LINE:
            # a new line, or a chat's composer sends (its label says so, or a button
            # stands beside it on a web page)
            return (
                submits
                or _sends_beside(keys, element, observation)
                or _mail_chat(keys, element, observation)
            )
        default = _default(keys, element, observation)
        if submits is None:
            return default
        return Press(
            default.elements + submits.elements, keys, f"{default.reason}; and {submits.reason}"
        )
    if _may_be_a_field(element) and keys not in ("space", "shift+space"):
        default = _default(keys, element, observation)
        return dataclasses.replace(default, elements=(element, *default.elements))
    press = _pressed_itself(keys, element)
    tips = _tips(element, observation)
    return dataclasses.replace(press, elements=press.elements + tips) if tips else press


def _tips(element: Element, observation: Observation) -> tuple[Element, ...]:
    """What is read with a focused control's label: a tooltip (plain text, not the
    tree's, just above or below it and across it), which says what it does where its
    own label (``1-Click``) does not: judged as a label of the press too, and what
    follows its caption's colon (``Tip: ...``) as a label of its own."""
    left, top, right, bottom = element.box
    found = [
        e
        for e in observation.elements
        if e is not element
        and e.source != "a11y"
        and e.kind in ("", "text", "tooltip")
        and e.box[0] < right
        and e.box[2] > left
        and (0 <= top - e.box[3] <= _TIP_GAP or 0 <= e.box[1] - bottom <= _TIP_GAP)
    ]
    said = [dataclasses.replace(e, label=e.label.partition(":")[2].strip()) for e in found]
    return (*found, *(e for e in said if readable(e.label)))


def _pressed_itself(keys: str, element: Element) -> Press:
    """A press of the focused control: judged by its label, unless that cannot be read
    (an icon: nothing says what it does) or it is a file whose opening runs it."""
    blind = ""
    undone = element.kind in _NOT_PRESSED and kind_is_known(element)  # a tick, a value
    if not readable(element.label) and not undone:
        what = element.kind or "control"
        blind = f"{keys} presses the focused {what}, whose label cannot be read (an icon)"
    elif (runs := _runs(keys, element)) is not None:
        blind = f"{keys} opens the selected {element.label!r}: {runs}"
    return Press((element,), keys, blind=blind)


def _runs(keys: str, element: Element) -> str | None:
    """Why ``keys`` on the row or icon ``element`` (a file) runs a program, or None."""
    if keys in _SPACES or element.kind not in _OPENED:
        return None
    return opens_a_program(element.label)


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
    view = focus.element
    chat = None if view is None else _chat_box("Return", view, observation)
    if chat is not None and "\n" in text:
        return (dataclasses.replace(chat, keys="a newline typed"),)
    if view is not None and _text_view(view):
        if "\n" not in text:
            return ()
        press = (
            _composer("Return", view, observation)
            or _sends_beside("Return", view, observation)
            or _mail_chat("Return", view, observation)
        )
        return () if press is None else (dataclasses.replace(press, keys="a newline typed"),)
    found: list[Press] = []
    for i, char in enumerate(text):
        if char == "\t":
            focus = _tab(focus, 1, observation) or _Focus(
                None, f"the Tab typed before it (character {i + 1}) moved the focus", focus.unseen
            )
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
    found = pressables(observation, window)
    runs = next((e for e in found if _runs(keys, e)), None)
    blind = "" if runs is None else f"{keys} may open {runs.label!r}: {_runs(keys, runs)}"
    return Press(found, keys, why, unseen=focus.unseen, blind=blind)


def _default(keys: str, element: Element, observation: Observation) -> Press:
    """Return in a one-line field: a press of the window's default button, which may be
    any button of the window. In a web page those beside or below the field are the
    form's own: one whose label cannot be read makes the press blind, and so does a
    field with none (the form's button is scrolled away, or the page's script submits
    it). A native dialog's Return presses its default button, not an icon near the field
    (a file chooser's new-folder icon under its Name field): every button of the window
    is judged by its label, as ever."""
    window = _window_of(element, observation)
    found = pressables(observation, window)
    why = (
        f"in the one-line field {element.label!r} it presses the window's default "
        "button, which the index does not show"
    )
    near = [e for e in found if e is not element and _may_submit(e) and _after(e, element)]
    unnamed = next((e for e in near if not readable(e.label)), None)
    page = _in_web_page(element, window, observation)
    blind = ""
    if unnamed is not None and page:
        blind = (
            f"{keys} in the field {element.label!r} may press the {unnamed.kind or 'control'} "
            "beside or below it, whose label cannot be read (an icon)"
        )
    elif not any(_submits(e, element) for e in near) and page:
        blind = (
            f"{keys} in the field {element.label!r} of a web page submits its form, whose "
            "button the frame does not show (scrolled away, or the page's script sends "
            "it): no button beside or below the field says it submits"
        )
    elif _dialog(window) and not any(e is not element for e in found):
        blind = (
            f"{keys} in the field {element.label!r} presses its window's default button, "
            "and the frame shows no button of that window at all (a dialog read without "
            "its buttons): what it does cannot be read"
        )
    return Press(found, keys, why, blind=blind)


def _dialog(window: Window | None) -> bool:
    """Whether ``window`` is a dialog (``WM_TRANSIENT_FOR``, a dialog's role, or a dialog
    helper's: zenity, kdialog, yad), whose Return presses its default button; a main
    window's field (a path bar, an address bar, a sheet's cell) is not a dialog's."""
    if window is None:
        return False
    role = "dialog" in window.role.casefold()
    return bool(window.transient_for) or role or dialog_helper(window)


def _submits(button: Element, field: Element) -> bool:
    """Whether ``button`` (beside or below ``field``) says it submits the field's form:
    a word that sends a form (:data:`_SUBMIT_WORDS`), or, as its first word, a word of
    the field's own label (``Search`` and ``Search``, ``Keresés`` and ``Keresés
    indítása``: the field's button; ``Scan card`` beside ``Card number`` acts on the
    field, it does not send the form). ``Add`` and a part the field does not name
    (``Add CC``) adds to the form."""
    words = {w.casefold() for w in re.findall(r"\w{3,}", field.label)}
    said = _SUBMIT_WORDS.search(button.label)
    if said and said.group(0).casefold() == "add":
        # ``Add``, ``Add to cart``, ``Add comment`` by a comment's field submit; ``Add
        # CC`` by a recipient's field adds a part to the form
        rest = [w.casefold() for w in re.findall(r"\w+", button.label[said.end() :])]
        return not rest or rest[0] in _ADD_SUBMITS or any(w in words for w in rest)
    if said:
        return True
    first = re.findall(r"\w{3,}", button.label)[:1]
    return any(w.casefold() in words for w in first)


def _sends_beside(keys: str, element: Element, observation: Observation) -> Press | None:
    """Return in a web page's text view: a chat's box sends on Return, whatever its
    height, with its Send button beside it; None (a new line) with no button there."""
    window = _window_of(element, observation)
    if window is None or not web_browser(window):
        return None
    beside = tuple(
        e for e in pressables(observation, window)
        if e is not element and _may_submit(e) and _beside(e, element)
    )  # fmt: skip
    if not beside:
        return None
    why = f"in the text view {element.label!r} of a web page it may send (a chat's box)"
    unnamed = next((e for e in beside if not readable(e.label)), None)
    blind = "" if unnamed is None else (
        f"{keys} {why}: it may press the {unnamed.kind or 'control'} beside it, whose label "
        "cannot be read (an icon)"
    )  # fmt: skip
    return Press(beside, keys, why, blind=blind)


#: Keys that send a chat program's box (shift+Return is a new line there).
_SENDS: Final = frozenset({"Return", "KP_Enter", "ISO_Enter", "ctrl+Return"})
#: A chat program's field that finds rather than sends.
_FINDS: Final = re.compile(r"\b(?:search|find|filter|jump to|go to)\b", re.IGNORECASE)


def _chat_box(keys: str, element: Element, observation: Observation) -> Press | None:
    """Return (not shift+Return) in a field or a text view of a chat program's window
    (:data:`~._text_programs.CHAT_PROGRAMS`; not a dialog of it, nor a search box): it
    sends what the box holds to a person or a room, whoever they are; a blind press
    (decided after issue 37's fourth fresh pass: the box may be named "Aa", "Input" or
    the room's name, so no label says it sends). None anywhere else."""
    window = _window_of(element, observation)
    if keys not in _SENDS or not chat_program(window):
        return None
    assert window is not None
    if window.transient_for and window.transient_for != window.id:
        return None  # a dialog of the chat program: its own form
    if _FINDS.search(element.label):
        return None
    said = (
        f"{keys} in {element.label or 'the text box'!r} of the chat program's window "
        f"{window.title!r} sends the message to whoever the conversation is with"
    )
    return _blind_send(keys, element, said)


def _blind_send(keys: str, element: Element, said: str) -> Press:
    """A blind press of ``keys`` in a box that sends on Return (``said``: why), with how
    to type a line there without sending it."""
    why = (
        f"{said}: to type a line there without sending it, type it with no newline; to "
        "send, let the person press Return"
    )
    return Press((element,), keys, why, blind=why)


def _mail_chat(keys: str, element: Element, observation: Observation) -> Press | None:
    """Return in a mail program's text view that is no message's body (issue 37, sixth
    pass): a body fills most of its window or has the message's one-line fields (To,
    Subject) above it; a short box with neither is a chat's (Thunderbird's chat, a
    room of a mail client's messenger), which sends on Return. A blind press: what it
    sends, to whom, the frame cannot say. None for a body, shift+Return, another program."""
    window = _window_of(element, observation)
    if keys == "shift+Return" or window is None or not mail_program(window):
        return None
    top, bottom = element.box[1], element.box[3]
    if bottom - top >= _BODY_SHARE * max(1, window.box[3] - window.box[1]):
        return None
    if any(
        e is not element
        and _takes_text(e)
        and not _text_view(e)
        and e.box[3] <= top
        and _window_of(e, observation) == window
        for e in observation.elements
    ):
        return None  # the message's header fields above its body
    said = (
        f"{keys} in the text view {element.label!r} of the mail program's window "
        f"{window.title!r}, short and with no message fields (To, Subject) above it, is a "
        "chat's box, which sends on Return"
    )
    return _blind_send(keys, element, said)


#: How much of its window's height a mail program's text view fills to be a message's body.
_BODY_SHARE: Final = 0.4


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
    blind = "" if any(_shows_mnemonic(e.label, letter) for e in found) else (
        f"{said} presses the control whose mnemonic is {letter!r}, and the frame shows "
        "none (no label marks it or starts a word with it): a menu's item or a control "
        "it does not show, which no label can judge"
    )  # fmt: skip
    return Press(found, said or "", why, unseen=focus.unseen, blind=blind)


def _shows_mnemonic(label: str, letter: str) -> bool:
    """Whether ``label`` shows ``letter`` as its mnemonic: marked (``_Delete``), else as
    a word's first letter (where toolkits put an unmarked one: ``File``, ``Save As``),
    or any letter for a label with no Latin letter (its mnemonic is not drawn)."""
    if re.search(r"(?<![&_])[&_]([^\s&_])|\((\w)\)\s*$", label):
        return has_mnemonic(label, letter)
    folded = unicodedata.normalize("NFKD", label)
    if not any(c.isascii() and c.isalpha() for c in folded):
        return True
    initials = {w[0].lower() for w in re.findall(r"[A-Za-z0-9]+", folded)}
    return letter in initials


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
            moved = _tab(focus, text.count("\t"), observation)
            return moved or _Focus(None, f"{said} typed a Tab, which moved the focus", focus.unseen)
        return focus
    if action.verb == "key":
        keys = action.keys or ""
        plain = keys.removeprefix("shift+")
        typing = len(plain) == 1 and plain.isprintable() and plain != " "
        moved = _tab(focus, _TABS.get(keys, 0), observation)
        if moved is not None:
            return moved
        if not (typing or keys in _KEEP_FOCUS):
            return _Focus(None, f"{said} moved the focus", focus.unseen)
        if focus.element is None or _takes_text(focus.element):
            return focus  # an edit in the field that has the focus
        return _Focus(None, f"{said} may have moved it (a list's type-ahead)", focus.unseen)
    return focus


def _tab(focus: _Focus, steps: int, observation: Observation) -> _Focus | None:
    """The focus after ``steps`` Tabs from a known one (:func:`tabbed_to`), or None."""
    if not steps or focus.element is None or focus.unseen:
        return None
    moved = tabbed_to(observation, focus.element, steps)
    return None if moved is None else _Focus(moved)


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


def readable(label: str) -> bool:
    """Whether ``label`` says anything: a letter or a digit (an icon's glyph does not)."""
    return any(unicodedata.category(c)[0] in "LN" for c in label)


def opens_a_program(label: str) -> str | None:
    """Why opening (Return, a double click) the file ``label`` names runs it, or None:
    its name ends as a script's, a program's, a launcher's or an installer's does."""
    found = _RUNNABLE.search(label.strip())
    if found is None:
        return None
    return f"its name ends in {found.group(0)[1:]!r}, so opening it runs it (a script or a program)"


def web_browser(window: Window) -> bool:
    """Whether ``window`` is a web browser's (``PAGE_PROGRAMS``, the one table of
    browsers: :func:`._text_programs.browser_window`): a page's form submits on Return
    with its button scrolled away, and a page's text view may send on Return (a chat's
    box)."""
    return browser_window(window)


def _in_web_page(element: Element, window: Window | None, observation: Observation) -> bool:
    """A field of a browser's page, not of its toolbar (the address bar)."""
    if window is None or not web_browser(window):
        return False
    _, top = observation.mapping.to_screen(element.box[0], element.box[1])
    return top - window.box[1] > _TOOLBAR


def _may_submit(element: Element) -> bool:
    """A control that may be a form's button: a button, or short text read in pixels."""
    if element.kind == "button":
        return True
    plain = element.kind == "" or (element.kind == "text" and element.source != "a11y")
    return plain and len(element.label.split()) <= _BUTTON_WORDS


def _beside(element: Element, field: Element) -> bool:
    """``element`` stands on ``field``'s row, at its right end or just past it."""
    left, top, right, bottom = field.box
    middle = (element.box[1] + element.box[3]) / 2
    return top <= middle <= bottom and (left + right) / 2 <= element.box[0] <= right + _NEAR


def _after(element: Element, field: Element) -> bool:
    """``element`` stands beside ``field`` or below it, in its column."""
    left, _, right, bottom = field.box
    below = element.box[1] >= bottom - 4
    column = element.box[0] <= right + _NEAR and element.box[2] >= left - _NEAR
    return _beside(element, field) or (below and column)


def _command_key(keys: str, focus: _Focus, observation: Observation) -> Press | None:
    """A key as a command of the program it reaches, not a press of a control: blind
    where it may run code or send (a function key, :func:`_command_reason`; an IDE's
    Run chord; a mail program's ctrl+Return), None where it does not."""
    window = _window_of(focus.element, observation) if focus.element else _front(observation)
    runs = keys in _RUN_CHORDS and window is not None and text_program(window) is None
    why: str | None = None
    if keys in _MAIL_SENDS and mail_program(window):
        why = f"{keys} in a mail program sends the message it composes"
    elif runs or (_FUNCTION_KEY.fullmatch(keys) and keys not in _NO_COMMAND):
        why = _command_reason(keys, window)
    return None if why is None else Press((), keys, why, blind=why)


def _command_reason(keys: str, window: Window | None) -> str | None:
    """Why function key ``keys`` in ``window`` may do what cannot be undone: an IDE, a
    macro editor or a program off the table of text programs binds Run, Debug and Build
    to function keys; a mail program, send and receive (its outbox goes out)."""
    if window is None:
        return f"{keys} goes to a window the frame does not name, whose program may run code by it"
    name = window.title or " ".join(window.wm_class) or window.process
    if mail_program(window):
        return f"{keys} in the mail program {name!r} may send what its outbox holds"
    classes = {c.casefold() for c in window.wm_class}
    if classes & _CODE_EDITORS or text_program(window) is None:
        return (
            f"{keys} in {name!r}, a program that is not on the table of text programs (an "
            "IDE, a macro editor), may run or build code: such programs bind Run and Build "
            "to function keys"
        )
    return None
