"""Side doors (issue 37): clicks that put text or a command into a shell another way.

The terminal and typing rules judge keys and text by where they land. A few clicks put
text or keys somewhere without being keys or text themselves; with real input the
policy judges each as the typing it amounts to (:meth:`Policy._check_side_doors`):

    keyboard  a key of an on-screen keyboard (a window whose class, process or title
              names one: ``onboard``, ``florence``, ``xvkbd``, ``squeekboard``, an
              ``osk`` or ``*keyboard*`` part; a window showing a grid of one-letter
              keys, :data:`GRID_KEYS` one-character keys of any sort, or a ``key`` (the
              kind the shapes give a keypad's) only a keyboard has: Return, Tab, space,
              a modifier, a letter a calculator lacks). Such a window never takes the
              focus: its keys are typed into the window that has it. A click on a key
              is judged as that key typed with no target (``type 'r'``, ``key Return``,
              ``key ctrl`` for a modifier, which no allow list holds) on the frame
              without the keyboard: every rule of typing holds, so a key typed into a
              terminal is refused by ``terminal-window``.
    paste     a menu item or button whose label means paste (``Paste``, ``Paste
              Selection``, ``Einfügen``, ``Type clipboard``...): the clipboard's text goes
              to the window the menu belongs to, and, for a popup menu (``override``)
              or a dialog, to the window with focus under it. It is judged as the paste
              chord there: refused (``terminal-window``) where a terminal, a shell or a
              prompt is, and (``typing-program``) in a program that takes no pastes;
              with a focused element on the frame, every rule a ``ctrl+v`` there meets.
              An entry of a clipboard manager's window (:data:`CLIPBOARD_MANAGERS`:
              CopyQ, ClipIt, Diodon, Parcellite, xfce4-clipman...) is a paste too, into
              the window that has focus under it: with auto-paste on (an option of the
              program the frame cannot show) choosing an entry pastes it there.
    keys      a menu item or button that sends keys: a label that is a chord
              (``Ctrl+Alt+Del``, ``Insert Ctrl-Alt-Del``, ``Send Ctrl+Alt+F2``) or says
              keystrokes. A VM console or a remote desktop sends them to the machine
              inside, whose screen the policy cannot judge: the chord is judged by the
              deny list of chords (``denied-key``), and the window as a paste's.

Two more side doors are refused outright (rule ``terminal-window``), unless the person
names the exact label with ``--allow-widget LABEL`` (``Policy(allow_widgets=...)``):

    command field  text, a paste or a drop into a field whose label says it holds a
                   command to run: ``command``, ``exec``, ``execute``, ``shell`` anywhere
                   (``Use a custom command``, ``Command line to execute``); ``run``,
                   ``script``, ``launcher``, ``action``, ``program`` in a dialog (a
                   window that is another's, or titled settings, preferences, custom,
                   shortcut, action...). A search box (``Search commands``) is not one.
                   A file manager's "Open With" custom command, a desktop's custom
                   shortcut, a custom action: one Return or OK runs what was typed.
    run button     a button whose label is a run verb (``Run``, ``Execute``, ``Launch``,
                   ``Trust and Launch``, ``Run Anyway``) where its dialog names a file to
                   run (a quoted name, a script's or a program's file name, or the words
                   executable, script, program, launcher): a file manager's "Do you want
                   to run “install.sh”, or display its contents?".

Code that runs (issue 37's fifth pass; decided so, by structure):

    code yes       (:func:`code_yes`, ``terminal-window``, ``--allow-widget`` lifts it)
                   in a dialog (``transient_for``, ``override`` or a ``dialog`` role),
                   any press but a way out (:func:`~._irreversible.is_refusal`, the
                   irreversible rules' words in every language, unless the label holds a
                   word that runs: ``Open file``; and Display, Disable, Block...) where
                   the label or the dialog's texts name a file that runs (an ending of
                   :data:`RUNNABLE_ENDINGS`: the name says it in any language) or speak
                   of running code (macros, execute, launch, trust, install, add-ons,
                   ``xdg-open``, a scheme not the web's...); Return on it alike. A label
                   that says so itself (``All macros will be executed``): any kind.
    file that runs (:func:`opens_code`, ``irreversible``: a person's yes) a double
                   click or Return on an entry whose name ends as a file that runs
                   (also ``a.pdf.desktop``, ``photo.jpg .sh``); a single click on one in
                   a browser's window (a downloads panel opens it). The endings the
                   presses' own table holds stay its rule's.
    runs later     (:func:`runs_later`, ``terminal-window``) text, a paste or a drop into
                   a window whose title (its first part) or selected tab names a file a
                   shell or the session runs: shells' dotfiles, crontabs,
                   ``authorized_keys``, git hooks and config, build and task files,
                   ``*.sh``, ``*.service``, ``*.desktop``, ``*.rules``, anything in
                   ``.ssh``, ``.git``, ``autostart``, ``systemd``, ``cron*``,
                   ``profile.d``, ``udev``...; and, since issue 37's fourth fresh pass,
                   any file whose type is not data (:func:`code_name`: an ending not in
                   :data:`DATA_ENDINGS`, a build file's name). Typing there is typing
                   into a shell; only ``--allow-typing-in FILE`` (the name the refusal
                   prints, or a pattern: ``'*.py'``) lifts it.
    address bar    (:func:`address_refusal`) a browser's field labelled address, URL or
                   location takes no scheme but http(s) (``javascript:``, ``file:``,
                   ``ssh://``: ``terminal-window``), and no URL whose path names an act
                   (:data:`URL_ACTS`) without a person's yes (``irreversible``).

**The executor's last look** (:func:`pointer_refusal`): with a window list on the frame,
the desktop executor asks the X server for its window stack just before a press or a
wheel turn; when the top-most window under the point is one the frame did not list (it
was mapped after the look, or the list leaves it out: an override-redirect bubble), the
press is refused (rule ``unknown-window``): the click would land in a window nobody
judged. A frame with no window list is not compared (nothing says where input goes).

A field whose label names a shell, a console or a REPL (:data:`CONSOLE_WORDS`:
``Console``, ``Terminal``, ``Python Shell``, ``REPL``; not a search box) takes no text,
a paste or a drop (``terminal-window``), and ``--allow-widget`` does not lift it: it
lifts the deny list of widget names, never makes a shell a place to type (decided for
issue 37's fifth pass; a browser's devtools console runs what is typed in the page).

What does not hold: an on-screen keyboard that names nothing, shows fewer than
:data:`GRID_LETTERS` letters and no key only a keyboard has; labels in languages
:data:`PASTE_WORDS` (and, on a menu's item, :data:`PASTE_WORDS_MORE`) does not hold
(about a hundred since the sixth pass, with a paste chord shown as the item's
accelerator and "from clipboard" wordings); a bare run button (``Run``, ``Launch``:
one whose label runs with more words is refused by its label)
whose dialog names no file and speaks of running only in other languages' words; a
file that runs with no ending that says so; a startup file by another name; a URL that
acts by a word :data:`URL_ACTS` lacks; a window X does not list either (the real window
list leaves out override-redirect windows with no ``WM_CLASS``).
"""

from __future__ import annotations

import dataclasses
import fnmatch
import re
import shlex
import unicodedata
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window
from ._errors import ActionError, PolicyRefusal
from ._irreversible import dialog_texts, is_refusal
from ._presses import opens_a_program
from ._text_programs import browser_window, text_program
from ._wheel import ONE_LINE as _ONE_LINE
from .perception import skeleton, skeletons, window_at, words

__all__ = [
    "CONSOLE_WORDS",
    "GRID_KEYS",
    "GRID_LETTERS",
    "KEYBOARD_NAMES",
    "PASTE_WORDS",
    "PASTE_WORDS_MORE",
    "RUNNABLE_ENDINGS",
    "URL_ACTS",
    "SideDoor",
    "address_refusal",
    "code_yes",
    "clipboard_manager",
    "command_field",
    "console_field",
    "keyboard_window",
    "opens_code",
    "pointer_refusal",
    "run_button",
    "runnable",
    "runs_later",
    "runs_later_path",
    "side_door",
    "side_door_refusal",
]

#: Programs that are on-screen keyboards, by a part of their class or process name.
KEYBOARD_NAMES: Final = frozenset({
    "onboard", "florence", "xvkbd", "squeekboard", "kvkbd", "caribou", "maliit", "cellwriter",
    "wvkbd", "svkbd", "vkbd", "osk", "tabtip", "osk-sdl", "eekboard", "gok",
})  # fmt: skip
#: Clipboard managers, by a part of their class or process name: choosing an entry in
#: their history pastes it into the window with focus when their auto-paste is on.
CLIPBOARD_MANAGERS: Final = frozenset({
    "copyq", "clipit", "diodon", "parcellite", "clipman", "xfce4-clipman", "qlipper",
    "gpaste", "klipper", "glipper", "clipster", "greenclip", "clipmenu", "clipcat",
    "cliphist", "clipboard-indicator", "clipse", "ringboard", "parcellite-ng",
})  # fmt: skip
#: Parts of a name that make a window a keyboard when it also shows keys of one character
#: (a keyboard's settings program shows none).
_KEYBOARD_PARTS: Final = frozenset({"keyboard", "kbd", "keys"})
#: Titles of on-screen keyboards (searched in the title's words).
_KEYBOARD_TITLES: Final = re.compile(
    r"\b(?:on ?screen|virtual|touch|soft(?:ware)?|screen) keyboard\b|^(?:onboard|florence|xvkbd"
    r"|squeekboard|kvkbd|osk)$"
)
#: An unnamed window is an on-screen keyboard when it shows this many keys of one letter
#: (outside a-f, e, i and x, which a calculator shows) among five or more one-character keys.
GRID_LETTERS: Final = 4
#: A window is an on-screen keyboard by its shape alone when it shows this many keys of
#: one character, :data:`GRID_LETTERS` of them keys no calculator has (a calculator's are
#: digits, operators and hex letters).
GRID_KEYS: Final = 20
_NOT_KEYBOARD_LETTERS: Final = frozenset("abcdefix")
#: What a key's label presses when it is not one character (folded, in words).
_KEY_NAMES: Final = {
    "enter": "Return", "return": "Return", "\u23ce": "Return", "\u21b5": "Return",
    "\u21a9": "Return", "tab": "Tab", "\u21e5": "Tab", "backspace": "BackSpace",
    "bksp": "BackSpace", "\u232b": "BackSpace", "space": "space", "\u2423": "space",
    "esc": "Escape", "escape": "Escape", "del": "Delete", "delete": "Delete",
    "ctrl": "ctrl", "control": "ctrl", "alt": "alt", "altgr": "alt", "shift": "shift",
    "\u21e7": "shift", "super": "super", "win": "super", "meta": "super", "cmd": "super",
    "windows": "super", "ctl": "ctrl", "strg": "ctrl", "eingabe": "Return", "entree": "Return",
    "entrée": "Return", "intro": "Return", "invio": "Return", "ввод": "Return", "vvod": "Return",
    "enter↵": "Return", "⌤": "Return",
}  # fmt: skip
#: The first words of a label that means paste, in the sixteen languages the
#: irreversible rules read (folded; the skeleton of a Cyrillic word is part Latin, so
#: the label is compared as written too).
PASTE_WORDS: Final = frozenset({
    "paste", "einfugen", "coller", "pegar", "incolla", "colar", "plakken", "wklej",
    "vlozit", "klistra", "indsaet", "lim", "liitä", "liita", "yapistir", "вставить",
    "вставка", "粘贴", "貼上", "貼り付け", "붙여넣기", "επικολληση", "επικόλληση", "beillesztes",
    "beillesztés", "vložit", "lipire", "lipeste",
})  # fmt: skip
#: The word other desktops' translations use (issue 37, sixth pass): a Paste item in any
#: language over a terminal pastes into its shell. Compared as written, as its skeleton
#: and without accents (``Dán``: ``dan``). Many are plain words elsewhere (``Lima`` is a
#: city, ``Dan`` a name, ``Tempel`` a temple), so they count only on a menu's item (its
#: kind says so, or it is in a popup that bypasses the window manager).
PASTE_WORDS_MORE: Final = frozenset({
    "הדבק", "הדבקה", "لصق", "الصق", "چسباندن", "بچسبان", "چسپاں", "चिपकाएँ", "चिपकाएं",
    "चिपकाना", "চিপকাও", "আটকান", "চিকটবা", "चिकटवा", "ஒட்டு", "అతికించు",
    "ಅಂಟಿಸು", "ഒട്ടിക്കുക", "ચોંટાડો", "ਚੇਪੋ", "टाँस्नुहोस्", "අලවන්න", "วาง", "ວາງ",
    "ကူးထည့်", "បិទភ្ជាប់", "ለጥፍ", "ჩასმა", "տեղադրել", "փակցնել", "dan", "tempel", "tampal",
    "idikit", "i-paste", "вставити", "уставіць", "уставить", "поставяне", "постави",
    "вмъкване", "вмъкни", "залепи", "налепи", "убаци", "вметни", "nalepi", "zalepi",
    "zalijepi", "prilepi", "umetni", "vlozte", "iklijuoti", "ielimet", "kleebi",
    "lima", "itsatsi", "gludo", "ngjit", "ngjite", "greamaigh", "enganxa", "enganxar",
    "alglui", "plak", "plakke", "bandika", "yapisdir", "joylash", "буулгах", "қою",
    "кірістіру", "коюу", "чаптоо", "кую", "ябыштыру", "гузоштан", "wahhal", "afugen",
    "pegan", "zeliqine", "manna", "namathisela", "ncamathisela", "kleistra", "liimaa",
    "ペースト", "붙이기", "贴上", "黏贴",
})  # fmt: skip


def _forms(found: frozenset[str]) -> frozenset[str]:
    """``found`` as written, decomposed and without accents."""
    split = {unicodedata.normalize("NFKD", w) for w in found}
    return frozenset(
        {*found, *split, *("".join(c for c in w if not unicodedata.combining(c)) for w in split)}
    )


_PASTE_PLAIN: Final = _forms(PASTE_WORDS)
_PASTE_MENU: Final = _PASTE_PLAIN | _forms(PASTE_WORDS_MORE)
#: Kinds of a menu's entry (a popup that bypasses the window manager holds them too).
_MENU_KINDS: Final = frozenset({"item", "menuitem", "menu item", "menu"})
#: Words that say the clipboard is put in (a Paste item's other wording: ``Insert from
#: clipboard``, Kazakh's ``Тақтайшадан қою``, "from the clipboard").
_FROM_CLIPBOARD: Final = re.compile(
    r"\bfrom (?:the )?clipboard\b|\bclipboard contents?\b|тақтайшадан|буферден|из буфера"
    r"|з буфера|aus der zwischenablage|du presse-papiers|del portapapeles|dagli appunti"
    r"|da área de transferência|uit (?:het )?klembord|ze schowka|ze schránky"
)
#: A paste chord shown beside a menu item (its accelerator), however it is written.
_PASTE_CHORD: Final = re.compile(
    r"(?:ctrl|control|strg|ctl|\u2303|\u2318|cmd)\s*[+-]?\s*(?:shift\s*[+-]?\s*)?v\b"
    r"|\bshift\s*[+-]?\s*(?:ins|insert|einfg)\b|\u21e7\s*(?:ins|insert)\b"
)
_CLIPBOARD: Final = re.compile(
    r"\b(?:type|paste)\b.*\bclipboard\b|\bsend (?:the )?clipboard\b|\bclipboard\b.*\bkeystrokes?\b"
    r"|^(?:insert|type|send) (?:the )?(?:text|clipboard)\b"
    r"|\b(?:text|clipboard) from (?:the )?host\b"
)
_MODIFIER: Final = r"(?:ctrl|control|ctl|strg|alt|altgr|shift|super|win|windows|meta|cmd|hyper)"
_CHORD_LABEL: Final = re.compile(
    rf"^(?:(?:send|insert|type|press|inject|emulate|simulate)(?: key)? )?"
    rf"({_MODIFIER}(?: {_MODIFIER})* [a-z0-9]+)$"
)
_KEYSTROKES: Final = re.compile(r"\bkeystrokes?\b|\bsend keys? \w")


#: Words of a field's label that say it holds a command: anywhere, and in a dialog.
_COMMAND_WORDS: Final = frozenset(
    {"command", "cmd", "commandline", "exec", "execute", "executable", "shell"}
) | skeletons(  # the word for a command in other languages, and its common inflections
    "befehl", "befehls", "kommando", "kommandot", "kommandoen", "komento", "komennon",
    "příkaz", "příkazu", "príkaz", "polecenie", "polecenia", "opdracht", "comando",
    "comandi", "komut", "komutu", "parancs", "parancsot", "perintah", "naredba", "naredbu",
)  # fmt: skip
#: The same words in a dialog only: elsewhere they also mean an order or a team.
_DIALOG_COMMAND_WORDS: Final = frozenset(
    {"commands", "run", "script", "launcher", "action", "program"}
) | skeletons(
    "commande", "orden", "comanda", "comandă", "команда", "команду", "команды", "команди",
    "εντολή", "εντολής", "lệnh",
)  # fmt: skip
#: A command in a script without spaces between words: anywhere in the label.
_COMMAND_CJK: Final = ("コマンド", "命令", "명령")
_SEARCHING: Final = frozenset({"search", "find", "filter"})
#: Words of a field's label that name a shell, a console or a REPL (a browser's devtools
#: console, an IDE's terminal, a Python shell): no ``--allow-widget`` lifts them. A lone
#: ``shell`` counts only without another command word (``Shell command``: a command field).
CONSOLE_WORDS: Final = frozenset(
    {"console", "terminal", "konsole", "xterm", "repl", "powershell", "pwsh", "shell"}
)
_SETTINGS_TITLE: Final = re.compile(
    r"\b(?:settings|preferences|properties|options|configure|configuration|custom"
    r"|shortcuts?|actions?|launchers?|open with)\b"
)
#: A button that runs: its label's words (or a run verb and a file name: ``Run a.sh``).
_RUN_LABEL: Final = re.compile(
    r"^(?:(?:trust|allow|mark as executable) and )?(?:run|execute|launch)"
    r"(?: (?:anyway|it|now|in terminal|program|script|file))?$|^allow launching$"
)
_RUN_VERBS: Final = frozenset({"run", "execute", "launch"})
_FILE_NAME: Final = re.compile(
    r"\b[\w-]+\.(?:sh|bash|zsh|py|pl|rb|js|desktop|appimage|run|bin|exe|msi|bat|cmd|ps1"
    r"|jar|deb|rpm|command|x86_64|elf|out)\b"
)
#: What a run dialog's text says: a file to run (a quoted file name or path, a program's
#: file name, or the words executable, script, program, launcher).
_RUNS_A_FILE: Final = re.compile(
    r"[\"'\u201c\u201d\u2018\u2019\u00ab\u00bb][^\"'\u201c\u201d\u2018\u2019\u00ab\u00bb]*[./]"
    r"[^\"'\u201c\u201d\u2018\u2019\u00ab\u00bb]*[\"'\u201c\u201d\u2018\u2019\u00ab\u00bb]"
    rf"|{_FILE_NAME.pattern}|\b(?:executable|script|program|launcher)\b"
)
_NOT_PRESSED: Final = frozenset({"field", "cell", "check", "radio", "slider", "spin"})


@dataclasses.dataclass(frozen=True, slots=True)
class SideDoor:
    """What a click amounts to: ``kind`` (``keyboard``, ``paste``, ``keys``), the
    typing it is (``action``, with no target), the frame as that typing sees it (the
    keyboard or the menu left out), the windows it lands in (``paste``, ``keys``) and
    a sentence that says so."""

    kind: str
    action: Action
    observation: Observation
    windows: tuple[Window, ...]
    why: str


def side_door(
    action: Action, observation: Observation, elements: Sequence[Element]
) -> SideDoor | None:
    """The side door a left click on ``elements[0]`` opens, or None."""
    if action.verb != "click" or action.button != "left" or not elements:
        return None
    element = elements[0]
    own = _holding(element, observation)
    if own is not None and keyboard_window(own, observation):
        return _keyboard_door(element, own, observation)
    if own is not None and clipboard_manager(own):
        landing = tuple([w for w in observation.windows if w != own and not w.override][:1])
        why = f"a click on {element.label!r} in a clipboard manager pastes it where the focus is"
        paste = Action.make("key", keys="ctrl+v")
        return SideDoor("paste", paste, _without(observation, own), landing, why)
    if element.kind in _NOT_PRESSED:
        return None
    on_menu = element.kind in _MENU_KINDS or (own is not None and own.override)
    meaning = _sends(element.label, on_menu=on_menu)
    if meaning is None:
        return None
    kind, typed, what = meaning
    landing = _acted_on(own, observation)
    rest = _without(observation, own) if own is not None and own.override else observation
    why = f"a click on {element.label!r} {what}"
    return SideDoor(kind, typed, rest, landing, why)


def clipboard_manager(window: Window) -> bool:
    """Whether ``window`` is a clipboard manager's (:data:`CLIPBOARD_MANAGERS`), by its
    class or process name or a part of one (``xfce4-clipman-plugin``)."""
    for name in (*window.wm_class, window.process):
        folded = name.casefold()
        if folded in CLIPBOARD_MANAGERS or set(re.split(r"[-_.\s]+", folded)) & CLIPBOARD_MANAGERS:
            return True
    return False


def keyboard_window(window: Window, observation: Observation) -> bool:
    """Whether ``window`` is an on-screen keyboard: named so, or a grid of letter keys."""
    parts = {
        p
        for name in (*window.wm_class, window.process)
        for p in {name.casefold(), *re.split(r"[-_.\s]+", name.casefold())}
    }
    if parts & KEYBOARD_NAMES or _KEYBOARD_TITLES.search(words(skeleton(window.title))):
        return True
    keys = [
        e.label.strip()
        for e in observation.elements
        if e.window == window.id and len(e.label.strip()) == 1
    ]
    if parts & _KEYBOARD_PARTS and len(keys) >= 3:
        return True
    held = [e for e in observation.elements if e.window == window.id]
    if any(e.kind == "key" and _typing_key(e.label) for e in held):
        return True  # a key a calculator has not (Return, Tab, space, a modifier)
    if text_program(window) is not None:  # a web page's letter links are not a keyboard
        return False
    # a calculator's keys are digits, operators, a-f, e, i, x and π: a keyboard shows
    # GRID_LETTERS keys no calculator has (letters of any script, @ # $ & | ; ...)
    if len({k.casefold() for k in keys if _keyboard_only(k)}) < GRID_LETTERS:
        return False
    if len(keys) >= GRID_KEYS:  # a keyboard by its shape alone, whatever its name
        return True
    return len(keys) >= 5 and 2 * len(keys) >= len(held)  # keys are most of what it shows


#: What a key only a keyboard has presses (a calculator's keypad has digits, operators,
#: a-f and BackSpace, never these).
_TYPING_KEYS: Final = frozenset({"Return", "Tab", "space", "ctrl", "alt", "shift", "super"})


#: Symbols a keyboard has and a calculator has not (shell metacharacters among them).
_KEYBOARD_SYMBOLS: Final = frozenset("@#$&|;~`\"'<>?[]{}\\_:")
#: Letters a calculator shows as constants.
_CALCULATOR_LETTERS: Final = frozenset("πµ")


def _keyboard_only(key: str) -> bool:
    """Whether a one-character key is one no calculator has: a letter (any script; not
    a-f, e, i, x, π) or a symbol of :data:`_KEYBOARD_SYMBOLS`."""
    if key.isalpha():
        return key.casefold() not in _NOT_KEYBOARD_LETTERS | _CALCULATOR_LETTERS
    return key in _KEYBOARD_SYMBOLS


def _typing_key(label: str) -> bool:
    """Whether a key labelled ``label`` is one only a keyboard has."""
    text = label.strip()
    named = _KEY_NAMES.get(words(skeleton(text))) or _KEY_NAMES.get(text.casefold())
    # one letter alone proves nothing (a calculator's π); letters count together, by
    # GRID_LETTERS, in keyboard_window
    return named is not None and named in _TYPING_KEYS


def _keyboard_door(element: Element, own: Window, observation: Observation) -> SideDoor:
    label = element.label.strip()
    named = _KEY_NAMES.get(words(skeleton(label))) or _KEY_NAMES.get(label.casefold())
    if named is not None:
        typed = Action.make("key", keys=named)
    elif label:
        typed = Action.make("type", text=label)
    else:  # a key with no name may be any key: judged as the one that runs a line
        typed = Action.make("key", keys="Return")
    name = own.title or "/".join(own.wm_class) or own.process
    why = (
        f"{name!r} is an on-screen keyboard, so a click on its key {label!r} is "
        f"{typed.describe()} into the window that has focus"
    )
    return SideDoor("keyboard", typed, _without(observation, own), (), why)


def _plain(text: str) -> str:
    """``text`` without its accents (``Įklijuoti``: ``iklijuoti``)."""
    split = unicodedata.normalize("NFKD", text)
    return "".join(c for c in split if not unicodedata.combining(c))


def _means_paste(label: str, *, on_menu: bool = True) -> bool:
    """Whether a control's label says it pastes: one of its first three words is a
    paste word (:data:`PASTE_WORDS`; on a menu's item, :data:`PASTE_WORDS_MORE` too: as
    written, as its skeleton or without accents), it says it puts the clipboard in
    (:data:`_FROM_CLIPBOARD`), or it shows a paste chord as its accelerator (``Vložit
    Ctrl+Shift+V``)."""
    folded = label.strip().casefold()
    if _PASTE_CHORD.search(folded) or _FROM_CLIPBOARD.search(folded):
        return True
    found: set[str] = set()
    for text in (folded, words(skeleton(label)), _plain(folded)):
        found.update(text.replace("_", "").replace("&", "").split()[:3])
    table = _PASTE_MENU if on_menu else _PASTE_PLAIN
    return bool(found & table) or folded in table


def _sends(label: str, *, on_menu: bool = True) -> tuple[str, Action, str] | None:
    """(kind, the typing, what it does) when a label means paste or send keys
    (``on_menu``: the label is a menu's item, see :func:`_means_paste`)."""
    said = words(skeleton(label))
    paste = Action.make("key", keys="ctrl+v")
    if _means_paste(label, on_menu=on_menu) or _CLIPBOARD.search(said):
        return "paste", paste, "pastes the clipboard"
    chord = _CHORD_LABEL.match(said)
    if chord is not None:
        keys = "+".join(_KEY_NAMES.get(k, k) for k in chord.group(1).split(" "))
        try:
            typed = Action.make("key", keys=keys)
        except ActionError:  # not a chord after all ("Alt text")
            return None
        return "keys", typed, f"sends the keys {typed.keys} (a VM console, a remote desktop)"
    if _KEYSTROKES.search(said):
        return "keys", paste, "sends keystrokes (a VM console, a remote desktop)"
    return None


def _acted_on(own: Window | None, observation: Observation) -> tuple[Window, ...]:
    """Where a paste or keys from a menu in ``own`` go: ``own``, and for a popup or a
    dialog the window it is for and the window with focus under it."""
    if own is None:
        return tuple(observation.windows[:1])
    found = [own]
    if own.override or own.transient_for:
        found += [w for w in observation.windows if w.id == own.transient_for != own.id]
        under = next((w for w in observation.windows if not w.override and w != own), None)
        found += [under] if under is not None else []
    return tuple(dict.fromkeys(found))


def _without(observation: Observation, window: Window) -> Observation:
    """``observation`` with ``window`` and its elements left out."""
    return Observation.of(
        [e for e in observation.elements if _holding(e, observation) != window],
        size=observation.size,
        mapping=observation.mapping,
        prose=observation.prose,
        windows=[w for w in observation.windows if w != window],
    )


def _holding(element: Element, observation: Observation) -> Window | None:
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


# -- refused outright ----------------------------------------------------------------------


def side_door_refusal(
    action: Action,
    observation: Observation,
    elements: Sequence[Element],
    allowed: Sequence[str] = (),
    typing_in: Sequence[str] = (),
) -> PolicyRefusal | None:
    """Rule ``terminal-window`` for text into a command field or a press of a run
    button (see the module's notes); ``allowed``: labels the person named
    (``--allow-widget``); ``typing_in``: programs and files typing may go into
    (``--allow-typing-in``). Rule ``irreversible`` for a press that opens a file that
    runs and an address that acts (the policy asks a person)."""
    names = {_key(a) for a in allowed}
    for element in _typed_into(action, observation, elements):
        why = console_field(element)
        if why:
            return PolicyRefusal(
                f"{action.describe()} is refused: {element.label!r} is a shell, {why}; the "
                "harness never types into one, and --allow-widget does not make it a place "
                "to type (it lifts only the deny list of widget names)",
                rule="terminal-window",
            )
        why = command_field(element, observation)
        if why and _key(element.label) not in names:
            return _refused(action, element, why)
    if action.verb == "click" and elements and _key(elements[0].label) not in names:
        why = run_button(elements[0], observation)
        if why:
            return _refused(action, elements[0], why)
    return _runs_refusal(action, observation, elements, names) or _later_refusal(
        action, observation, elements, typing_in
    )


_PRESS_KEYS: Final = frozenset({"Return", "KP_Enter", "space"})


def _runs_refusal(
    action: Action, observation: Observation, elements: Sequence[Element], names: set[str]
) -> PolicyRefusal | None:
    """A press that says yes to running code, or opens a file that runs; text into a
    browser's address bar that runs code or acts."""
    if action.verb == "type" and action.text:
        for element in _typed_into(action, observation, elements):
            refusal = address_refusal(action, element, observation)
            if refusal is not None:
                return refusal
    if action.verb == "click" and action.button == "left":
        pressed = tuple(elements[:1])
    elif action.verb == "key" and action.keys in _PRESS_KEYS:
        pressed = tuple(e for e in observation.elements if "focused" in e.state)[:1]
    else:
        return None
    for element in pressed:
        if _key(element.label) in names:
            continue
        why = code_yes(element, observation)
        if why:
            return _refused(action, element, why)
        why = opens_code(action, element, observation)
        if why:
            return PolicyRefusal(
                f"{action.describe()} cannot be undone ({why}) and needs a person's yes, "
                "which was not given",
                rule="irreversible",
            )
    return None


def _later_refusal(
    action: Action,
    observation: Observation,
    elements: Sequence[Element],
    typing_in: Sequence[str],
) -> PolicyRefusal | None:
    """Text into a document a shell or the session runs later (:func:`runs_later`)."""
    keys = action.keys or ""
    pasting = action.verb == "key" and keys in ("ctrl+v", "shift+Insert", "ctrl+shift+v")
    if not (action.verb in ("type", "drag") or pasting or action.button == "middle"):
        return None
    into = _typed_into(action, observation, elements)
    windows = [_holding(e, observation) for e in into] or observation.windows[:1]
    named = _saved_as(action, into, observation)
    if named is not None and not file_named(named, typing_in):
        return PolicyRefusal(
            f"{action.describe()} is refused: it names {named!r} in a dialog that saves or "
            "names a file, a file a shell, the session or a program runs or reads commands "
            "from later (a dotfile, a configuration, autostart, a folder on the PATH), so "
            f"saving there is typing into a shell. If this is meant, name the file: "
            f"--allow-typing-in {shlex.quote(named)}",
            rule="terminal-window",
        )
    for window in filter(None, windows):
        name = runs_later(window, observation)
        if name is None or file_named(name, typing_in):
            continue
        return PolicyRefusal(
            f"{action.describe()} is refused: the window {window.title!r} edits {name!r}, a "
            "file a shell or the session runs later, so typing there is typing into a shell "
            f"(as a terminal's window is). If this is meant, name the file: "
            f"--allow-typing-in {shlex.quote(name)}",
            rule="terminal-window",
        )
    return None


#: What a dialog or a field that names a file says (a Save As, an export, a rename).
_NAMES_A_FILE: Final = re.compile(
    r"\b(?:save|export|rename|file\s*name|filename|name|path|location|folder|speichern"
    r"|enregistrer|guardar|salva)",
    re.IGNORECASE,
)


def _saved_as(action: Action, into: Sequence[Element], observation: Observation) -> str | None:
    """The file a shell or a program runs later (:func:`runs_later_path`) that text typed
    into a one-line field of a dialog naming a file (a Save As: a dialog, or a title or
    label that speaks of saving or a file's name) names, or None."""
    text = (action.text or "").strip() if action.verb == "type" else ""
    if not text or "\n" in text.rstrip("\n"):
        return None
    for element in into:
        if element.kind not in ("field", "") or element.box[3] - element.box[1] > _ONE_LINE:
            continue
        own = _holding(element, observation)
        if own is None or browser_window(own):
            continue
        dialog = own.transient_for or "dialog" in own.role.casefold()
        if dialog or _NAMES_A_FILE.search(f"{own.title} {element.label}"):
            return runs_later_path(text)
    return None


def _typed_into(
    action: Action, observation: Observation, elements: Sequence[Element]
) -> tuple[Element, ...]:
    """The elements text (typed, pasted, dropped) goes into, when it is text."""
    keys = action.keys or ""
    if action.verb == "drag":
        return tuple(elements[1:])
    pasting = action.verb == "key" and keys in ("ctrl+v", "shift+Insert", "ctrl+shift+v")
    if not (action.verb == "type" or pasting or action.button == "middle"):
        return ()
    if elements:
        return tuple(elements[:1])
    return tuple(e for e in observation.elements if "focused" in e.state)[:1]


def console_field(element: Element) -> str | None:
    """Why ``element`` is a shell's, a console's or a REPL's input by its label
    (:data:`CONSOLE_WORDS`), or None."""
    if element.kind not in ("field", "cell", "", "text") and "editable" not in element.state:
        return None
    said = set(words(skeleton(element.label)).split())
    if not said or said & _SEARCHING:
        return None
    found = said & CONSOLE_WORDS
    if found == {"shell"} and said & (_COMMAND_WORDS - {"shell"}):
        return None  # "Shell command": a command field (command_field)
    if not found:
        return None
    return f"its label names a shell, a console or a REPL ({sorted(found)[0]!r})"


def command_field(element: Element, observation: Observation) -> str | None:
    """Why ``element`` is a field that holds a command to run, or None."""
    if element.kind not in ("field", "", "text") and "editable" not in element.state:
        return None
    said = set(words(skeleton(element.label)).split())
    if not said or said & _SEARCHING:
        return None
    strong = said & _COMMAND_WORDS or {w for w in _COMMAND_CJK if w in element.label}
    weak = said & _DIALOG_COMMAND_WORDS
    if not strong and not (weak and _in_dialog(element, observation)):
        return None
    word = sorted(strong or weak)[0]
    return f"its label says it holds a command to run ({word!r}): what is typed there runs"


def _in_dialog(element: Element, observation: Observation) -> bool:
    own = _holding(element, observation)
    if own is None:
        return False
    title = words(skeleton(own.title))
    return bool(own.transient_for or own.override or _SETTINGS_TITLE.search(title))


def run_button(element: Element, observation: Observation) -> str | None:
    """Why pressing ``element`` runs a file as a program, or None."""
    said = words(skeleton(element.label))
    if element.kind in _NOT_PRESSED or said.split(" ")[0] not in _RUN_VERBS | {"trust", "allow"}:
        return None
    if not (_RUN_LABEL.match(said) or _FILE_NAME.search(element.label.casefold())):
        return None
    for text in (element.label, *dialog_texts(element, observation)):
        found = _RUNS_A_FILE.search(text.casefold())
        if found:
            return f"its dialog names what it runs ({found.group(0)!r}): it runs a program"
    return None


def _refused(action: Action, element: Element, why: str) -> PolicyRefusal:
    return PolicyRefusal(
        f"{action.describe()} is refused: {element.label!r} is a shell by a side door, "
        f"{why}; the harness never runs commands. If this is meant, name the label: "
        f"--allow-widget {shlex.quote(element.label)}",
        rule="terminal-window",
    )


def _key(label: str) -> str:
    return "".join(ch for ch in skeleton(label) if ch.isalnum())


# -- code that runs (issue 37's fifth pass) -------------------------------------------------

#: The ends of a file's name that open as a program, a script, an installer, a launcher or
#: a document that carries macros (a name may end so after another: ``a.pdf.desktop``).
RUNNABLE_ENDINGS: Final = frozenset({
    "sh", "bash", "zsh", "ksh", "csh", "fish", "run", "bin", "appimage", "desktop", "exe",
    "msi", "msix", "bat", "cmd", "com", "scr", "pif", "cpl", "ps1", "psm1", "vbs", "vbe",
    "wsf", "hta", "lnk", "reg", "jar", "py", "pyw", "pyz", "pyc", "pl", "rb", "command",
    "deb", "rpm", "flatpakref", "snap", "apk", "dmg", "pkg", "x86_64", "xlsm", "docm",
    "pptm", "xlam", "dotm", "xltm", "ahk", "applescript", "workflow", "out", "elf", "aarch64",
    "i386", "i686",
})  # fmt: skip
_ENDINGS: Final = "|".join(sorted(RUNNABLE_ENDINGS, key=len, reverse=True))
_RUNNABLE_NAME: Final = re.compile(rf"\.(?:{_ENDINGS})\s*$", re.IGNORECASE)
_RUNNABLE_IN_TEXT: Final = re.compile(rf"[\w-]\.(?:{_ENDINGS})(?![\w.-])", re.IGNORECASE)
#: What a dialog says when its yes runs code: macros (in the words of the languages that
#: spell them so), executing, launching, trusting, installing, add-ons, a program a link
#: hands off to (``xdg-open``, a scheme that is not the web's), a terminal.
_RUNS_CODE: Final = re.compile(
    r"\b(?:macro|makro|makra|makr|μακροεντολ|макрос)\w*|\bexecut(?:e|ed|es|able|ing|ion)\b"
    r"|\blaunch(?:er|ing|es)?\b|\b(?:un)?trust(?:ed)?\b|\bunknown (?:publisher|developer)\b"
    r"|\badd-?ons?\b|\badd extension\b|\binstall\w*|\bxdg-open\b|\bwith an application\b"
    r"|\bdownloaded from the internet\b|\bmake changes to your\b|\bscripts?\b|\bterminal\b"
    r"|\bactive content\b|\benable (?:content|editing)\b|\b(?:read and change|access) (?:all )?"
    r"your data\b|\brequires? your permission\b|\b(?!https?:)[a-z][a-z0-9+.-]*://"
    rf"|{_RUNNABLE_IN_TEXT.pattern}",
    re.IGNORECASE,
)
#: The verb run in a dialog's question or warning (``Run ActiveX control?``, ``¿Ejecutar
#: «instalar» ahora?``, ``Allow “Helper” to run...``): its yes runs it. Not read in the
#: button's own label (a ``Run`` under "The report is ready." names nothing that runs).
_RUN_VERB: Final = re.compile(
    r"\brun\b|\bejecut\w*|\bausf(?:ü|ue)hr\w*|\bexécut\w*|\besegu\w*|\bexecutar\b"
    r"|\buitvoer\w*|\buruchom\w*|\bspus[tť]\w*|\bзапуст\w*|\bвыполн\w*|実行|运行|執行",
    re.IGNORECASE,
)
#: A way out (:func:`~._irreversible.is_refusal`) unless it holds a word that runs:
#: ``Open file`` and ``Open link`` are not ways out, ``Display`` and ``Disable`` are.
_RUNS_WORDS: Final = frozenset(
    {"open", "run", "launch", "install", "add", "allow", "trust", "enable", "execute", "start"}
)
_KEEPS_WORDS: Final = frozenset({"display", "disable", "block", "deny", "view", "show", "help"})
_PRESSABLE: Final = frozenset({"button", "link", "menuitem", "icon", "", "key"})


def code_yes(element: Element, observation: Observation) -> str | None:
    """Why pressing ``element`` says yes to running code: its own label says so (``All
    macros will be executed``), or it is not a way out in a dialog whose text speaks of
    running code or names a file that runs (:data:`RUNNABLE_ENDINGS`), in any language.
    None otherwise."""
    if element.kind in ("field", "slider", "spin", "cell"):
        return None
    own_words = _RUNS_CODE.search(element.label)
    if own_words and len(words(skeleton(element.label)).split()) > _ANSWER_WORDS:
        return f"its label says it runs code ({own_words.group(0)!r})"
    if (why := _runs_by_label(element)) is not None:
        return why
    plain_text = element.kind == "text" and element.source != "a11y"
    if (element.kind not in _PRESSABLE and not plain_text) or _way_out(element.label):
        return None
    own = _holding(element, observation)
    if own is None or not (own.transient_for or own.override or "dialog" in own.role.casefold()):
        return None
    texts = dialog_texts(element, observation)
    if _saves_a_file(texts):  # the file it names is what is saved, not run
        texts = tuple(_RUNNABLE_IN_TEXT.sub(" ", t) for t in texts)
    for text, asks in ((element.label, False), *((t, True) for t in texts)):
        found = _RUNS_CODE.search(text) or (_RUN_VERB.search(text) if asks else None)
        if found:
            return f"its dialog speaks of running code ({found.group(0)!r}): its yes runs it"
    return None


#: A dialog's question that asks to save (IDLE's "Do you want to save sketch.py before
#: closing?"), in the languages the other tables read.
_SAVES: Final = re.compile(
    r"\bsav(?:e|es|ed|ing)\b|\bspeicher\w*|\bguard(?:ar|e|ado)\b|\benregistr\w*"
    r"|\bsalva(?:re|r)?\b|\bopslaan\b|\bzapis(?:z|a[cć])\b|\bсохран\w*|保存|儲存",
    re.IGNORECASE,
)


def _saves_a_file(texts: Sequence[str]) -> bool:
    """Whether a dialog's ``texts`` ask to save and say no word of running
    (:data:`_RUNS_WORDS`): a runnable file's name in them is the file saved (a yes saves
    ``sketch.py``, it does not run it). "Save setup.sh and open it?" still runs it."""
    said = {w.casefold() for t in texts for w in _plain_words(t)}
    return any(_SAVES.search(t) for t in texts) and not said & _RUNS_WORDS


def _plain_words(text: str) -> list[str]:
    """``text``'s words that stand alone, not a piece of a path or a name (``open`` in a
    wrapped ``/tmp/p`` | ``open-gw0/sketch.py`` is no word of running)."""
    kept = (piece.strip(".,;:!?\"'()[]«»“”‘’¿¡") for piece in text.split())
    return [w for w in kept if w.isalpha()]


_ANSWER_WORDS: Final = 3
#: The first word of a control that runs something when pressed (issue 37, sixth pass):
#: ``Run Now``, ``Run workflow``, ``Execute``, ``Launch`` (a job, a task, a command, a
#: program), in the languages the rules read.
_RUN_FIRST: Final = frozenset({
    "run", "execute", "exec", "launch", "ausfuhren", "starten", "executer", "lancer",
    "ejecutar", "executar", "esegui", "avvia", "uitvoeren", "uruchom", "spustit",
    "выполнить", "запустить", "运行", "执行", "執行", "実行", "실행",
})  # fmt: skip
_BUTTONS: Final = frozenset({"button", "menuitem", "link"})


def _runs_by_label(element: Element) -> str | None:
    """Why a button, menu item or link runs something by its own label: its first word
    is a run verb and more words follow (:data:`_RUN_FIRST`: ``Run workflow``, ``Run
    Now``; a bare ``Run`` is judged by its dialog's text), or it names a file
    that runs (``deploy.sh``: a macro pad's or a launcher's button). None otherwise."""
    if element.kind not in _BUTTONS:
        return None
    said = words(skeleton(element.label)).split() or element.label.casefold().split()
    if len(said) > 1 and said[0] in _RUN_FIRST:  # a bare Run is a dialog's yes: code_yes's
        return f"its label starts with {said[0]!r}: pressing it runs a command, a job or a program"
    if _RUNNABLE_NAME.search(element.label.strip().rstrip("\u2026.").strip()):
        return f"its label names a file that runs ({element.label!r}): pressing it runs it"
    return None


def _way_out(label: str) -> bool:
    said = set(words(skeleton(label)).split())
    if said & _KEEPS_WORDS:
        return True
    return is_refusal(label) and not said & _RUNS_WORDS


def runnable(label: str) -> str | None:
    """The ending of ``label`` that names a file which runs when opened, or None."""
    found = _RUNNABLE_NAME.search(label.strip())
    return None if found is None else found.group(0).strip()[1:]


def opens_code(action: Action, element: Element, observation: Observation) -> str | None:
    """Why ``action`` (a double click, Return on the focused entry, or a click on a
    browser's downloads-panel entry) opens a file that runs, or None."""
    ending = runnable(element.label)
    if ending is None or element.kind in ("field", "check", "radio", "slider", "spin"):
        return None
    by_rule = action.verb != "click" or (action.clicks or 1) > 1
    if by_rule and opens_a_program(element.label) is not None:
        return None  # the irreversible rule's own (:func:`._presses.opens_a_program`)
    what = f"its name ends in {ending!r}, so opening it runs it (a script or a program)"
    if action.verb == "key":
        return f"{action.keys} opens the focused entry: {what}"
    if (action.clicks or 1) > 1:
        return f"a double click opens it: {what}"
    own = _holding(element, observation)
    if own is not None and browser_window(own) and element.kind != "text":
        return f"a click on a browser's download entry opens it: {what}"
    return None


#: Names of files a shell or the session runs later (shells' dotfiles, crontabs, ssh's
#: keys and config, autostart and ``.desktop`` files, systemd units, git hooks and
#: config, sudoers, udev rules, build files, editors' task files, window managers' rc).
_STARTUP_NAME: Final = re.compile(
    r"^(?:\.(?:bash\w*|zsh\w*|z?profile|z?login|z?logout|kshrc|cshrc|tcshrc|mkshrc|xinitrc"
    r"|xsession\w*|xprofile|xresources|inputrc|pam_environment|gitconfig|gitattributes|npmrc"
    r"|pythonrc|envrc|exrc|vimrc|forward|procmailrc|muttrc|wgetrc|curlrc|config)|crontab\S*"
    r"|authorized_keys\d?|environment|sudoers\S*|rc\.local|g?makefile|justfile|rakefile"
    r"|package\.json|setup\.py|conftest\.py|(?:pre|post)-\w+|\w*commit-msg|update|user\.js"
    r"|launch\.json|tasks\.json|rc\.lua|init\.lua|init\.vim|config\.fish|profile"
    r"|\S+\.(?:sh|bash|zsh|fish|service|timer|socket|path|mount|desktop|rules|plist|ps1"
    r"|bat|cmd|command))$",
    re.IGNORECASE,
)
_STARTUP_DIR: Final = re.compile(
    r"(?:^|[/~])(?:\.ssh|\.git|hooks|autostart|systemd|cron[\w.]*|profile\.d|sudoers\.d|udev"
    r"|rules\.d|init\.d|environment\.d|\.vscode|\.config|etc|s?bin|\.local/bin"
    r"|\.local/share/applications)(?:/|$)",
    re.IGNORECASE,
)
#: Shapes of a name that is a program's own configuration, which may start commands (a
#: dotfile: ``.mailcap``, ``.pythonrc.py``; ``*rc``, ``*.conf``, ``*_config``, ``config``).
_CONFIG_NAME: Final = re.compile(
    r"^(?:\.[^\W\d][\w.+-]*|(?!src$)[a-z]{3,}rc|[\w.+-]+\.conf|[\w.+-]*[_.-]config|config)$"
)  # lower case, as such files are named: ``Marc`` is a name, ``lircrc`` a file
_TITLE_PARTS: Final = re.compile(r"\s+[-\u2013\u2014|]\s+")


def runs_later(window: Window, observation: Observation) -> str | None:
    """The file a shell or the session runs later that ``window``'s title (or its
    selected tab) names as the document typed into, or None. A browser's pages are not
    documents of this machine."""
    if browser_window(window):
        return None
    tabs = [
        e.label
        for e in observation.elements
        if e.window == window.id and e.kind == "tab" and "selected" in e.state
    ]
    for title in (window.title, *tabs):
        first = _TITLE_PARTS.split(title.strip().lstrip("*\u25cf\u2022 "), maxsplit=1)[0]
        name, _, rest = first.partition(" (")
        folder = f"{name.rsplit('/', 1)[0] if '/' in name else ''}/{rest.rstrip(')')}"
        base = runs_later_path(f"{folder}/{name.rstrip('/').rsplit('/', 1)[-1].strip()}")
        if base:
            return base
    return None


def runs_later_path(path: str) -> str | None:
    """The file name (its last part) when ``path`` names a file a shell, the session or
    a program runs or reads commands from later (:data:`_STARTUP_NAME`, a program's own
    configuration: a dotfile, ``*rc``, ``*.conf``; or a folder of them: ``~/.config``,
    ``/etc``, ``.ssh``, ``autostart``, a ``bin`` on the PATH), else None."""
    path = path.strip().strip("'\"")
    base = path.rstrip("/").rsplit("/", 1)[-1].strip()
    folder = path.rstrip("/").rsplit("/", 1)[0] if "/" in path.rstrip("/") else ""
    if not base or base in (".", "..", "~") or any(c.isspace() for c in base.strip()):
        return None
    if _STARTUP_NAME.match(base) or _CONFIG_NAME.match(base) or _STARTUP_DIR.search(folder + "/"):
        return base
    plain = "://" not in path and not any(c.isspace() for c in path)  # a path, no address
    return base if plain and code_name(base) else None


#: Endings of a document whose type is data: text, a document, a sheet, a picture. Any
#: other ending is code or configuration (``usercustomize.py``, ``build.rs``, ``*.pth``,
#: ``Taskfile.yml``, ``init.el``): something may run it later, by itself.
DATA_ENDINGS: Final = frozenset({
    "txt", "text", "md", "markdown", "rst", "adoc", "org", "odt", "ods", "odp", "odg", "fodt",
    "doc", "docx", "xls", "xlsx", "ppt", "pptx", "rtf", "csv", "tsv", "tex", "bib", "log",
    "pdf", "png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "eml", "ics",
    "vcf", "srt", "vtt", "epub", "abw", "wpd", "pages", "numbers", "key", "nfo", "me",
})  # fmt: skip
#: A name with no ending that is a build or task file (``Makefile``, ``Vagrantfile``,
#: ``Dockerfile``, ``Taskfile``, ``Procfile``, ``Jenkinsfile``).
_BUILD_FILE: Final = re.compile(r"^[A-Za-z][a-z]*file$")
_ENDING: Final = re.compile(r"(?<=[^.])\.([^\W\d_][^\W_]{0,9})$")


def code_name(base: str) -> bool:
    """Whether file name ``base`` is code or configuration by its type (decided after
    issue 37's fourth fresh pass: which files run later cannot be listed, so a document
    takes text by a type that says data, :data:`DATA_ENDINGS`): an ending that is not
    data's, or a build file's name with none. A name with no ending is a document
    (``notes``); a name with spaces is not read as a file at all."""
    found = _ENDING.search(base)
    if found is None:
        return bool(_BUILD_FILE.match(base))
    return found.group(1).casefold() not in DATA_ENDINGS


def file_named(name: str, typing_in: Sequence[str]) -> bool:
    """Whether ``--allow-typing-in`` names file ``name``: a name given whole, or a
    pattern with ``*`` (``'*.py'``; not a bare ``'*'``, which names programs)."""
    folded = name.strip().casefold()
    for given in typing_in:
        want = given.strip().casefold()
        if want == folded or (want not in ("", "*") and fnmatch.fnmatchcase(folded, want)):
            return True
    return False


#: A field of a browser's window that is its address bar, by its label.
_ADDRESS_LABEL: Final = re.compile(
    r"\b(?:address|url|location|enter address|search or enter|go to)\b", re.IGNORECASE
)
_SCHEME: Final = re.compile(r"^\s*([a-z][a-z0-9+.-]*):(?!$)", re.IGNORECASE)
#: What follows ``host:`` when it is a port (``localhost:8080/admin``), not a scheme.
_PORT: Final = re.compile(r"\d+(?:[/?#]|$)")
#: Schemes a browser runs itself, however the address goes on: after these a space
#: does not make the bar search (``javascript: fetch(…)`` runs in the page). After
#: another word, a space does (``python: lists`` is a search).
_OWN_SCHEMES: Final = frozenset({
    "javascript", "vbscript", "data", "file", "blob", "filesystem", "view-source", "about",
    "chrome", "chrome-extension", "chrome-untrusted", "edge", "brave", "opera", "vivaldi",
    "moz-extension", "resource", "livescript", "jar", "wyciwyg",
})  # fmt: skip
#: Words of a URL's path or query that name an act a visit does (an acting GET).
URL_ACTS: Final = frozenset({
    "pay", "payment", "transfer", "checkout", "order", "placeorder", "purchase", "buy",
    "delete", "remove", "unsubscribe", "destroy", "wipe", "withdraw", "sendmoney", "send",
    "erase", "terminate", "deactivate", "close-account", "closeaccount",
})  # fmt: skip


def scheme_refusal(action: Action, text: str, where: str) -> PolicyRefusal | None:
    """Rule ``terminal-window`` for ``text`` that is an address whose scheme is not the
    web's (``javascript:``, ``file:``, ``ssh://``: code in the page, or a program the link
    hands off to), or None. ``where``: where it goes, as the refusal says it."""
    # as the URL standard reads an address: every tab and newline removed, then the
    # C0 controls and spaces at its start ("java\tscript:" is "javascript:")
    text = re.sub(r"[\t\n\r]", "", text).lstrip("".join(map(chr, range(0x21))))
    scheme = _SCHEME.match(text)
    if scheme is None or scheme.group(1).casefold() in ("http", "https"):
        return None
    rest = text[scheme.end() :]
    own = scheme.group(1).casefold() in _OWN_SCHEMES  # a scheme whatever follows it
    if _PORT.match(rest) and not own:  # a host and its port ("javascript:1/" is no host)
        return None
    if rest[:1].isspace() and not own:
        return None  # a word and a colon, then words: the bar searches for them
    return PolicyRefusal(
        f"{action.describe()} is refused: {where}, and the {scheme.group(1)!r} scheme runs "
        "code in the page or hands the link to a program; the harness types only web "
        "addresses (http, https) there",
        rule="terminal-window",
    )


def address_refusal(
    action: Action, element: Element, observation: Observation
) -> PolicyRefusal | None:
    """Text typed into a browser's address bar: no scheme but the web's (``javascript:``,
    ``file:``, ``ssh://``: code in the page or a program the link hands off to, rule
    ``terminal-window``), and no URL whose path names an act (rule ``irreversible``)."""
    own = _holding(element, observation)
    text = action.text or ""
    if own is None or not browser_window(own) or not _ADDRESS_LABEL.search(element.label):
        return None
    refusal = scheme_refusal(action, text, f"{element.label!r} is a browser's address bar")
    if refusal is not None:
        return refusal
    path = re.sub(r"^\s*(?:https?://)?[^/?#\s]*", "", text, count=1, flags=re.IGNORECASE)
    acts = sorted(set(re.split(r"[^a-z-]+", path.casefold())) & URL_ACTS)
    acts = acts or sorted(set(re.split(r"[^a-z]+", path.casefold())) & URL_ACTS)
    if not acts:
        return None
    return PolicyRefusal(
        f"{action.describe()} cannot be undone: a visit to that address acts (its path says "
        f"{acts[0]!r}) and needs a person's yes, which was not given",
        rule="irreversible",
    )


# -- the executor's last look --------------------------------------------------------------


def pointer_refusal(
    point: tuple[int, int], seen: Sequence[Window], live: Sequence[Window]
) -> PolicyRefusal | None:
    """Rule ``unknown-window``: the X server's top-most window at ``point`` (``live``,
    top-most first) is none of the frame's windows (``seen``); None when it is one, when
    nothing is there, or when the frame lists no window."""
    if not seen:
        return None
    top = window_at(live, *point)
    if top is None or any(w.id == top.id for w in seen):
        return None
    name = top.title or "/".join(top.wm_class) or top.process or f"id {top.id:#x}"
    return PolicyRefusal(
        f"a press at {point} is refused: the window there ({name!r}) is unknown: the frame "
        "did not list it (it was mapped after the look, or the window list leaves it "
        "out), so nobody judged what the press would reach. Look again",
        rule="unknown-window",
    )
