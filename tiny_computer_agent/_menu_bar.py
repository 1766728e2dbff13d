"""The window's menu bar, found on the element index: what a person reads as File, Edit,
View... across the top of a window. The intent brain looks in its menus for a control not
on screen; a procedure takes a command from it before trying the command's shortcut
(shortcuts differ from program to program; menu bars' words do not).

A menu bar is found on the index, not guessed from pixels alone: the top-most row of at
least :data:`MIN_ENTRIES` entries of a word or two, with no control of its window above
it (a title bar's text may be): the accessibility tree's ``menuitem``/``menu`` entries,
or, read by OCR as plain words, a row of which at least :data:`MIN_KNOWN` are the words
menu bars are made of (File, Edit, View...; an OCR slip such as "Eile" does not stop
the rest). A tab strip, a toolbar of icons, a row of buttons, or a page's row of links
under a browser's tabs is none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._elements import Element, normalize_label

__all__ = ["MENU_WORDS", "MIN_ENTRIES", "MIN_KNOWN", "menu_bar", "menu_words"]

#: The fewest entries a menu bar has.
MIN_ENTRIES: Final = 3
#: With no kind from the tree, how many of the row's words must be a menu bar's.
MIN_KNOWN: Final = 2
#: Words menu bars are made of (English; a row read with kinds needs none of them).
MENU_WORDS: Final = frozenset(
    ("file", "edit", "view", "search", "find", "go", "tools", "options", "settings",
     "help", "window", "windows", "format", "insert", "document", "documents", "project",
     "bookmarks", "history", "image", "layer", "select", "selection", "run", "build",
     "debug", "navigate", "preferences", "shell", "macro", "macros", "table", "text",
     "actions", "account", "message", "mailbox", "folder", "sort", "filter", "session",
     "terminal", "tabs", "tab", "code", "source", "refactor", "git", "query", "data")
)  # fmt: skip
#: Kinds OCR gives plain words (no tree): a menu bar read from pixels is of these (a
#: word at a window's top may be taken for its title).
_PLAIN: Final = frozenset(("", "text", "item", "title"))  # TEA's File read as a title
_MENU_KINDS: Final = frozenset(("menuitem", "menu")) | _PLAIN
_MAX_WORDS: Final = 2
_MAX_CHARS: Final = 24


def menu_bar(entries: Sequence[Element]) -> list[Element]:
    """The entries of the window's menu bar on the menu, left to right ([] when there is
    none; see the module's docstring)."""
    candidates = [e for e in entries if _menu_like(e)]
    if len(candidates) < MIN_ENTRIES:
        return []
    rows: list[list[Element]] = []
    for e in sorted(candidates, key=lambda e: (e.box[1] + e.box[3]) / 2):
        if rows and _same_row(rows[-1][0], e):
            rows[-1].append(e)
        else:
            rows.append([e])
    for row in rows:  # the top-most row that is a bar
        if len(row) < MIN_ENTRIES or not _bar(row):
            continue
        top = min(e.box[1] for e in row)
        if any(_above(e, top, row) for e in entries):
            return []  # something of the window sits above it: a toolbar, a tab strip
        return sorted(row, key=lambda e: e.box[0])
    return []


def _menu_like(e: Element) -> bool:
    words = e.label.split()
    return (
        e.kind in _MENU_KINDS
        and 0 < len(words) <= _MAX_WORDS
        and len(e.label) <= _MAX_CHARS
        and bool(normalize_label(e.label))
    )


def _bar(row: Sequence[Element]) -> bool:
    """A row read with the tree's menu kinds, or one of plain OCR words most menu bars
    are made of."""
    if all(e.kind in ("menuitem", "menu") for e in row):
        return True
    known = sum(1 for e in row if normalize_label(e.label) in MENU_WORDS)
    return all(e.kind in _PLAIN for e in row) and known >= MIN_KNOWN


def _same_row(first: Element, other: Element) -> bool:
    height = max(1, first.box[3] - first.box[1], other.box[3] - other.box[1])
    a = (first.box[1] + first.box[3]) / 2
    b = (other.box[1] + other.box[3]) / 2
    return abs(a - b) <= height / 2 and first.window == other.window


def _above(e: Element, top: int, row: Sequence[Element]) -> bool:
    """Whether ``e``, a control of the bar's window, sits wholly above the row: a
    browser's tabs and address field above a page's row of links. Plain text above is
    the title bar's, read by OCR."""
    return (
        e.kind not in _PLAIN | {"title"}
        and e.window == row[0].window
        and e not in row
        and e.box[3] <= top
    )


def menu_words(texts: Sequence[str]) -> bool:
    """Whether ``texts``, one line's words, are a menu bar's: :data:`MIN_ENTRIES`
    or more, each a capitalised word (or ``?``), at least half of them (and at least
    :data:`MIN_KNOWN`) the words menu bars are made of ("File Edit View
    Search Format Tools Help"; OCR's "Eile" and "Iools" aside). A sentence has words in
    small letters; a title rarely has two menu words."""
    if len(texts) < MIN_ENTRIES or not all(t == "?" or t[:1].isupper() for t in texts):
        return False
    known = sum(1 for t in texts if normalize_label(t) in MENU_WORDS)
    return known >= max(MIN_KNOWN, (len(texts) + 1) // 2)
