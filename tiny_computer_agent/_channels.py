"""A named program's own command line (issue 37, decided after its third fresh pass).

``--allow-typing-in NAME`` lets text reach a program off the table of text programs: an
IDE, a chat program, a database browser, an editor the table leaves out. The person
allowed the program's documents and forms, not the ways the program runs commands, and
those ways share a few shapes across programs, whatever each one names them:

    command line   typed text any line of which starts as a command does (a slash and a
                   word: a chat program's ``/exec``, an editor's ``/s``; ``>``: an
                   IDE's quick open turned command palette; ``:`` and a letter, or
                   ``!``: a modal editor's command line and its shell filter) is refused
                   (rule ``typing-program``), in a window of a program off the table
                   (:func:`channel_refusal`). A path (``/home/ada``: a second slash in
                   its first word), a comment (``//``, ``/*``), a smiley (``:)``) pass.
    meta escape    ``Escape`` in a program whose keymap makes it a prefix to commands
                   (:data:`META_ESCAPE`: Emacs reads ``Escape !`` as ``M-!``, its shell
                   command; a vi reads what follows as commands) is refused (rule
                   ``key-not-allowed``) unless ``--allow-key Escape`` names it.
    run after text a press on a control that runs (its label a run verb in one of the
                   languages of :data:`RUN_WORDS`, or no word at all: an icon, a ``▶``)
                   in a window of a program off the table, once the episode has typed or
                   pasted, runs what was typed (an IDE's Run, a database browser's
                   Execute): it needs a person's yes like an irreversible press
                   (:func:`runs_typed`).

Costs, accepted: a named program takes no line that starts with ``/word``, ``>`` or
``:word`` (a chat's ``/me``, a quoted reply); a video player's ``▶`` after a search was
typed in it asks first. Not held: a program's command line that starts otherwise (a
word: a REPL's ``exec``; ``M-x`` bound to another key), a run control named in words no
list here holds, code typed into a document that the program runs later by itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window
from ._errors import PolicyRefusal
from ._text_programs import page_program, program_names, table_program
from .perception import skeleton

__all__ = ["META_ESCAPE", "RUN_WORDS", "channel_refusal", "command_line", "runs_typed"]

#: Programs whose keymap makes ``Escape`` a prefix to commands: Emacs and its kin read
#: it as Meta (``Escape x`` is ``M-x``, ``Escape !`` a shell command); vi and its kin
#: leave insert mode, and what follows is commands (``:!``, ``!!``).
META_ESCAPE: Final = frozenset({
    "emacs", "emacs-gtk", "emacs-x11", "emacs-lucid", "emacs-pgtk", "xemacs", "remacs", "mg",
    "jove", "zile", "jed", "xjed", "lem", "uemacs", "gvim", "vim", "nvim", "nvim-qt",
    "neovide", "goneovim", "gnvim", "vimr", "kak", "kakoune", "helix", "hx", "vis", "nvi",
    "elvis", "vile", "xvile",
})  # fmt: skip
#: The first word of a control that runs what was typed (``Run``, ``Execute query``,
#: ``Debug file``), in the languages the irreversible rules read and a few more.
RUN_WORDS: Final = frozenset(skeleton(w) for w in (
    "run", "execute", "exec", "evaluate", "eval", "debug", "build", "compile",
    "ausführen", "exécuter", "ejecutar", "esegui", "eseguire", "executar", "uitvoeren",
    "wykonaj", "uruchom", "spustit", "futtatás", "çalıştır", "выполнить", "запустить",
    "运行", "执行", "運行", "執行", "実行", "실행",
))  # fmt: skip
#: Words that run only when they stand alone (``Start``, ``Go``, ``Play``; not ``Go to
#: line``, ``Start page``).
_ALONE: Final = frozenset(
    {"start", "launch", "go", "play", "starten", "lancer", "iniciar", "avvia"}
)
#: Kinds that are not pressed to run anything (a field, a list's row, a box to tick).
_NOT_RUN: Final = frozenset({"field", "cell", "item", "check", "radio", "slider", "spin", "title"})
#: A line that starts as a program's command: a slash and a word (not a path: no second
#: slash in that word), ``>``, ``:`` and a letter or ``!``, or ``!``.
_COMMAND_LINE: Final = re.compile(r"^\s*(?:/[^\W\d_][\w-]*(?=\s|$)|>|:[^\W\d_!]|:!|!)")
#: Keys and clicks that put text in: typing, and the paste chords and buttons.
_PASTES: Final = frozenset({"ctrl+v", "ctrl+shift+v", "shift+Insert"})


def command_line(text: str) -> str | None:
    """The first line of ``text`` that starts as a program's command, or None."""
    return next((line for line in text.splitlines() if _COMMAND_LINE.match(line)), None)


def _named_only(window: Window | None, windows: Sequence[Window]) -> bool:
    """Whether ``window`` is a program off the table (not a browser's page): it takes
    text only because the person named it."""
    return window is not None and not page_program(window) and not table_program(window, windows)


def channel_refusal(
    action: Action, window: Window | None, observation: Observation, *, allow_keys: Sequence[str]
) -> PolicyRefusal | None:
    """Rule ``typing-program`` for text that starts a command line, ``key-not-allowed``
    for a meta escape (see the module's notes), in ``window``, the window the keys
    reach; None for anything else."""
    if not _named_only(window, observation.windows):
        return None
    assert window is not None
    name = window.title or " ".join(window.wm_class) or window.process
    if action.verb == "type" and (line := command_line(action.text or "")) is not None:
        return PolicyRefusal(
            f"{action.describe()} is refused: the line {line.strip()[:40]!r} starts as a "
            f"command does (a slash and a word, '>', ':', '!'), and {name!r} is a program "
            "off the table of text programs: --allow-typing-in allows its documents and "
            "forms, not its command line (a chat's /exec, an IDE's palette, an editor's :!)",
            rule="typing-program",
        )
    escape = action.verb == "key" and action.keys == "Escape"
    if escape and "Escape" not in allow_keys and program_names(window) & META_ESCAPE:
        return PolicyRefusal(
            f"{action.describe()} is refused: in {name!r} Escape is a prefix to commands "
            "(Emacs reads 'Escape !' as a shell command; a vi leaves insert mode), so what "
            "is typed next would be commands. If it is meant, run again with --allow-key "
            "Escape (ctrl+g quits a prompt in Emacs)",
            rule="key-not-allowed",
        )
    return None


def _typed(history: Sequence[Action]) -> bool:
    """Whether the episode has put text in: typed it, or pasted it."""
    return any(
        (a.verb == "type" and a.text)
        or (a.verb == "key" and a.keys in _PASTES)
        or (a.verb == "click" and a.button == "middle")
        for a in history
    )


def _runs(element: Element) -> bool:
    """Whether ``element`` is a control that runs: a control with no word at all (an
    icon, a ``▶``), or one whose first word is a run verb (:data:`RUN_WORDS`; an icon's
    name read by its words), or that is one alone (:data:`_ALONE`)."""
    if element.kind in _NOT_RUN:
        return False
    said = re.findall(r"[^\W_]+", skeleton(element.label).casefold())
    if not said:
        return True
    first = said[0]  # a script with no spaces runs on: 运行代码
    runs = first in RUN_WORDS or any(first.startswith(w) for w in RUN_WORDS if not w.isascii())
    return runs or (len(said) == 1 and first in _ALONE)


def runs_typed(
    action: Action,
    element: Element | None,
    window: Window | None,
    observation: Observation,
    history: Sequence[Action],
) -> list[tuple[str, Element | None, str]]:
    """The (label, element, why) of a press on ``element`` (in ``window``) that runs
    what the episode typed, in a window of a program off the table (see the module's
    notes); empty otherwise."""
    if action.verb != "click" or action.button == "middle" or element is None:
        return []
    if not _typed(history) or not _runs(element):
        return []
    if not _named_only(window, observation.windows):
        return []
    assert window is not None
    what = repr(element.label) if element.label.strip() else "a control with no label"
    why = (
        f"{what} may run what was typed in {window.title or window.process!r}, a program "
        "off the table of text programs (an IDE's Run, a database browser's Execute)"
    )
    return [(element.label, element, why)]
