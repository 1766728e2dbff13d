"""Typing into a browser's page or a program the person named (issue 37): by what the
keys go into, not by the program.

A browser is on the table of text programs (:mod:`._text_programs`), but a page decides
what typed keys do: a form takes them as text, and so does a terminal drawn in a page
(a web SSH, a cloud shell, a container's exec), a notebook's cell that runs code, a
browser's own console, or another machine's desktop (a remote desktop or a VM console
drawn on a canvas), where they run commands. No list of such pages can hold (anyone can
serve one), so with real input, in a window of :data:`~._text_programs.PAGE_PROGRAMS`
(not a dialog of it), typed text, a paste, a drop, an editing key and a press by key
(Return, space) pass only when what they go into is known:

    field     text, a paste, a drop and an editing key go only into a field the index
              knows is one (the tree's or the shapes' ``field``/``cell``, or
              ``editable``) and that has a name (a letter or digit in its label, not a
              prompt): the brain's target, else the element the index shows focused in
              the page. An unnamed field is not a form's field the index can tell: it
              is what a terminal emulator, a code cell, a console's line or a remote
              canvas's input catcher looks like in the tree. Text read in the pixels
              (OCR's text, of no kind) is not a field either, unless it labels a field
              right of it or under it (a form's label, which the pixels keep apart).
    control   a press by key (Return, space) also onto a named control the index shows
              focused (a button, a link, a check box...).
    earlier   with no target and no focus shown in the page (the pixels show none),
              the keys go where the episode's last focus-moving action put them: a
              named field it typed into or clicked (still on the frame, in that
              window), through editing keys and untargeted text that keep the focus;
              or the browser's own find or address bar after its chord (ctrl+f,
              ctrl+l, alt+d, F6). Anything else (Tab, Return, a click on text, nothing)
              leaves the focus unknown: refused.
    shell     untargeted keys (text, a paste, an editing key or a press, with no target)
              in a page that shows a shell's prompt or a long listing
              (:data:`SHELL_LINES`: ``user@host:~$``, ``PS C:\\>``, ``>>>``, ``In [1]:``,
              a notebook's ``[ ]:``, ``drwxr-xr-x  5 ada ...``) are refused as a
              terminal's (rule ``terminal-window``): with no target the harness cannot
              tell the page's form field from the shell's line. Typing aimed at a
              named field stays allowed (a tutorial's search box beside its example).

Rule ``typing-program`` refuses the first three; ``--allow-typing-in NAME`` naming the
window (its page title, or the browser) lifts them, and so does ``'*'``. The ``shell``
check is lifted by nothing, ``'*'`` included: a flag allows a program, never a shell.

**A program off the table** (decided for issue 37's fifth pass). A program takes text
only because the person named it (``--allow-typing-in NAME``, or ``'*'``): an IDE, a
file manager, an editor with a terminal pane, a console the harness cannot name. The
person allowed the program, not a shell it may hold, so in its windows (not a table
program's, nor a dialog of one: :func:`~._text_programs.table_program`):

    shell     as in a page: untargeted keys in a window that shows a shell's line
              (:data:`SHELL_LINES`; ``Last login: ...`` too) are ``terminal-window``,
              whatever is allowed (``'*'`` too);
    pane      text, a paste, a drop or a press by key into an input the index shows
              with no name (the target, or the element it shows focused) is refused
              (``typing-program``): an IDE's or a file manager's terminal pane looks so
              in the tree. ``'*'`` lifts it. Text read in the pixels (a program with
              no accessibility tree: Tk, Motif) and no focus shown stay allowed, as
              before: that is what a named program shows; a prompt aimed at is
              ``terminal-window`` (the policy's prompt patterns).

``--allow-widget LABEL`` lifts the deny list of widget names only: a field whose label
names a shell, a console or a REPL is never a place to type
(:func:`~._side_doors.console_field`).

**Shells nobody listed, by structure** (decided after issue 37's fifth pass): ``'*'``
allows programs, never shells. Whatever is allowed:

    title     a program off the table whose window title reads as a shell's
              (:func:`shell_title`: a path, ``user@host`` before a path, a prompt, a
              command line, an interpreter's or a terminal program's name first) is
              ``terminal-window``. A page title or a tool titled so pays the cost.
    code      text, a paste or a press into an input whose label says it takes code,
              a query or a script (:func:`code_input`: ``SQL``, ``query``,
              ``JavaScript``, ``eval``, ``code cell``, a shell's name; a
              search box and a form's ``Postal code`` aside) is ``terminal-window``, in
              any window.
    table     in a program on the table (no page): a window titled as its console or
              developer tools is ``terminal-window``; an unnamed input smaller than a
              named one beside it (a plugin's terminal pane under the document) is
              ``typing-program``.

**Shapes, whatever is allowed** (decided after issue 37's sixth pass):

    display   keys into an input that covers its window and is no editable text (a VM
              console's, a remote desktop's, an emulator's display) reach another
              machine: ``terminal-window``. Naming such a program allows its own forms
              (a connection dialog), never the machine inside it.
    launcher  a window with no title (or override-redirect) and no owner that holds
              exactly one one-line input is a launcher's or a run prompt's shape:
              ``terminal-window``, in any program off the table.
    run       an input with a button beside or below it whose first word runs
              (``Run``, ``Execute``, ``\u25b6``) is a console's line: ``terminal-window``.
    chord     untargeted keys in a program off the table after a chord (not an
              editing one) may go to a pane the chord opened: ``typing-program``.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window
from ._errors import PolicyRefusal, TargetError
from ._presses import tabbed_to
from ._scope import in_scope, known_windows
from ._side_doors import scheme_refusal
from ._text_programs import (
    ANY_PROGRAM,
    browser_window,
    interpreter,
    page_program,
    remote_program,
    table_program,
    types_text,
)
from ._wheel import ONE_LINE
from .perception import skeleton, window_at, words

__all__ = ["SHELL_LINES", "SHELL_TITLES", "code_input", "page_refusal", "shell_title"]

#: Lines a shell, a REPL or a notebook shows (searched in a label's lower-case text):
#: a prompt ``user@host:~$`` (also ``[user@host ~]$``, ``user@host ~ %``), a path's
#: prompt (``~ $``, ``/app #``), PowerShell's and cmd's (``PS C:\\>``, ``PS /home>``,
#: ``C:\\Users>``), Python's ``>>>``, IPython's ``In [1]:``, a notebook's ``[ ]:``, and
#: a long listing's line (``drwxr-xr-x 5 ...``), a shell's default prompt (``bash-5.2$``,
#: ``sh-5.1#``), a prompt theme's arrow and directory (``\u279c  proj git:(main)``,
#: ``\u276f src``) and the banner a login prints into a terminal (``Last login: ...``).
SHELL_LINES: Final = tuple(
    re.compile(pattern)
    for pattern in (
        r"[\w.+-]+@[\w.-]+(?::|\s)\s*[~/][^\s]*\s*[\])]?\s*[$#%>\u276f]\s*$",
        r"^[~/][^\s]*\s*[$#%>\u276f]\s*$",
        r"^ps\s+(?:[a-z]:)?[\\/][^>]*>\s*$",
        r"^[a-z]:\\[^>]*>\s*$",
        r"^(?:>>>|\.\.\.)(?:\s|$)",
        r"^in\s*\[\s*\d*\s*\]\s*(?::|$)",  # IPython's In [1]:, a notebook cell's In [3]
        r"^\[[\s\d*]*\]\s*:\s*$",
        r"^[-dlcbps][r-][w-][xsS-][r-][w-][xsS-][r-][w-][xtT-][.+@]?\s+\d+\s",
        r"^[\w.-]*sh-\d+(?:\.\d+)*[$#]\s*$",
        r"^[\u279c\u276f]\s+[\w.~/-]+(?:\s+git:\([^)]*\))?\s*\u2717?\s*$",
        r"^last login:\s",
        r"^>\s*\(",  # a Lisp REPL's echo: > (gimp-image-list), Script-Fu's console
        # a REPL's prompt: irb(main):001>, iex(1)>, postgres=#, mysql>, ghci> (a word
        # and > alone only for a REPL's name: a wizard's "Next>" is no prompt)
        r"^(?:[a-z][\w.-]*\([\w.:]*\)(?::\d+)?|[a-z][\w.-]*=|(?:irb|pry|iex|ghci|mysql|"
        r"mariadb|sqlite|psql|redis|mongo|julia|scala|lua|node|deno|sbcl|guile|racket|ocaml|"
        r"erl|utop|clj|user|cqlsh|hive|spark-sql|duckdb|clickhouse)[\w.-]*)[>#]\s*$",
    )
)
#: A window title that reads as a shell's (issue 37, fifth pass), for a program off the
#: table, whatever is allowed: a folder's path alone or with one word after it (``~``,
#: ``/var/log``, ``~/src - zsh``), ``user@host`` before a path (``[ops@vm]:/tmp``), a
#: prompt (one word ending in ``$ # % >``: ``redis>``), and a command line: a lower-case
#: program word and then an option (``pg_dump -Fc shop``, ``rsync -av src dst``).
#: Searched in the title as written (lower case matters).
SHELL_TITLES: Final = tuple(
    re.compile(pattern)
    for pattern in (
        r"^[~/](?:[^\s]*/)?\.?[^\s/.]*/?(?:\s+[-\u2013\u2014:|]\s+[\w.-]+)?\s*$",
        r"[\w.+-]+@[\w.-]+\]?\s*:\s*[~/]",
        r"^\S+\s*[$#%>\u276f]\s*$",
        r"^[a-z][\w.+-]*(?:\s+[^\s-]\S*)*\s+--?[A-Za-z]",
    )
)
#: Programs that run in a terminal and take keys as commands: a title that starts with
#: one of these, or a shell's or an interpreter's name (:data:`~._text_programs.INTERPRETERS`),
#: alone or before its arguments (``btop``, ``lua5.4``, ``node app.js``), is a shell's.
_TERMINAL_RUNNERS: Final = frozenset({
    "htop", "btop", "top", "vi", "vim", "nvim", "nano", "micro", "emacs", "ranger", "nnn",
    "lf", "mc", "less", "man", "tmux", "screen", "ssh", "mosh", "docker", "kubectl",
    "podman", "sudo", "su", "watch", "tail", "journalctl", "git", "make", "gdb", "lldb",
})  # fmt: skip
#: A title's separator between a document's name and its program's (``x - App``): a
#: title so made is a program's, whatever word it starts with (``top 10 - Player``).
_TITLE_PARTS: Final = re.compile(r"\s[-\u2013\u2014|]\s")
#: Words of a label that say the input takes code, a query or a command to run (issue 37,
#: fifth pass): a database's or a devtools console's line, a notebook's code cell, a
#: terminal widget's name, a shell's (the console words themselves are
#: :func:`~._side_doors.console_field`'s; a script to run is its command field, which
#: ``--allow-widget`` may lift). ``code`` alone is a form's (a postal code, a one-time
#: code): it counts only beside a word of the kind (``code cell``).
_CODE_WORDS: Final = frozenset({
    "query", "sql", "javascript", "js", "repl", "eval", "vte", "pty", "tty",
    "bash", "zsh", "sh", "ksh", "tcsh", "pwsh", "powershell", "ipython", "psql",
    "sqlite3", "irb", "ghci", "mongosh",
})  # fmt: skip
_CODE_BESIDE: Final = frozenset({"cell", "editor", "snippet", "block", "run", "execute"})
_FORM_WORDS: Final = frozenset({"search", "find", "filter"})
#: A part of a table program's window title (between `` - `` separators) that names
#: its console or developer tools (``Browser Console``, ``DevTools``): a mail
#: program's or an office suite's own JavaScript or macro console.
_CONSOLE_TITLE: Final = re.compile(
    r"^(?:\w+\s)?(?:console|developer tools|devtools|toolbox|scratchpad)$"
)
#: Chords that put the focus in the browser's own find or address bar.
_BAR_CHORDS: Final = frozenset({"ctrl+f", "ctrl+l", "alt+d", "F6"})
#: Keys that leave the focus where it is: editing, the caret, selecting, copying,
#: undoing, pasting (a single character types: it keeps it too).
_KEEP_FOCUS: Final = frozenset({
    "BackSpace", "Delete", "Insert", "Left", "Right", "Up", "Down", "Home", "End",
    "ctrl+BackSpace", "ctrl+Delete", "ctrl+a", "ctrl+c", "ctrl+x", "ctrl+v", "ctrl+z",
    "ctrl+y", "ctrl+shift+z", "shift+Insert", "ctrl+shift+v", "shift+Left", "shift+Right",
    "shift+Home", "shift+End", "ctrl+Left", "ctrl+Right", "ctrl+shift+Left",
    "ctrl+shift+Right",
})  # fmt: skip
#: Kinds of control a press by key (Return, space) may press when the index shows it
#: focused and named.
_CONTROLS: Final = frozenset(
    {"button", "field", "check", "radio", "link", "item", "menuitem", "tab", "cell", "slider"}
)
#: What the last focus-moving action left focused: the browser's own bar.
_BAR: Final = "bar"


def shell_line(label: str) -> str | None:
    """The pattern of :data:`SHELL_LINES` ``label`` matches (a shell's line), or None."""
    for text in dict.fromkeys((label.strip().casefold(), skeleton(label).strip())):
        for pattern in SHELL_LINES:
            if text and pattern.search(text):
                return pattern.pattern
    return None


def shell_title(title: str) -> str | None:
    """Why a window title reads as a shell's (:data:`SHELL_TITLES`, a shell's line, a
    program that runs in a terminal or an interpreter first), or None."""
    text = title.strip()
    first = text.split(maxsplit=1)[0] if text else ""
    program = interpreter(first) or first in _TERMINAL_RUNNERS
    if program and first == first.lower() and not _TITLE_PARTS.search(text):
        return f"it starts with {first!r}, a shell's, an interpreter's or a terminal program's"
    for pattern in SHELL_TITLES:
        if text and pattern.search(text):
            return f"it matches {pattern.pattern!r}"
    line = shell_line(text)
    return None if line is None else f"it matches {line!r}"


def code_input(element: Element) -> str | None:
    """Why ``element`` is an input that takes code, a query or a command (its label's
    words: :data:`_CODE_WORDS`, or ``code`` beside a word of the kind; a shell's or an
    interpreter's name), or None. A search box is a form's (``Search query``)."""
    if not _takes_text(element):
        return None  # a file's icon, a button: the irreversible and side-door rules'
    said = set(words(skeleton(element.label)).split())
    if not said or said & _FORM_WORDS:
        return None
    found = said & _CODE_WORDS
    if not found and "code" in said and said & _CODE_BESIDE:
        found = {"code"}
    if not found:
        return None
    word = sorted(found)[0]
    return f"its label {element.label!r} says it takes code, a query or a command ({word!r})"


def _in_window(element: Element, window: Window, observation: Observation) -> bool:
    """Whether ``element`` lies in ``window``: its own window, else the top-most window
    under its middle."""
    if element.window:
        return element.window == window.id
    under = window_at(observation.windows, *observation.mapping.to_screen(*element.center))
    return under is not None and under.id == window.id


def _named(element: Element) -> bool:
    return any(c.isalnum() for c in element.label) and shell_line(element.label) is None


def _takes_text(element: Element) -> bool:
    return element.kind in ("field", "cell") or "editable" in element.state


def _field_beside(label: Element, observation: Observation) -> Element | None:
    """The field a text read in the pixels labels: right of it on its row (within 12 of
    its heights), else right under it, in its window (a form's label, which the pixels
    keep apart from its box)."""
    if label.source == "a11y" or label.kind not in ("", "text"):
        return None
    x0, y0, x1, y1 = label.box
    h, mid = max(1, y1 - y0), (y0 + y1) / 2
    fields = [e for e in observation.elements if _takes_text(e) and e.window == label.window]
    right = [e for e in fields if e.box[1] <= mid <= e.box[3] and x1 - h <= e.box[0] <= x1 + 12 * h]
    below = [e for e in fields if y1 - 2 <= e.box[1] <= y1 + 2 * h and abs(e.box[0] - x0) <= 3 * h]
    if right:
        return min(right, key=lambda e: e.box[0])
    return min(below, key=lambda e: e.box[1]) if below else None


def _known_input(element: Element, observation: Observation, *, press: bool) -> str | None:
    """Why ``element`` is not what page keys may go into (None: it is). ``press``: a
    press by key, which may press any named control. Text read in the pixels that
    labels a field beside it is that field, named by the text."""
    beside = _field_beside(element, observation)
    if beside is not None and _named(element):
        return None
    takes_text = _takes_text(element)
    if not takes_text and not (press and element.kind in _CONTROLS):
        kind = f"a {element.kind}" if element.kind else "text read in the pixels"
        return f"{element.label!r} is {kind}, not a field the index knows"
    if not _named(element):
        return (
            f"it has no name (its label is {element.label!r}), as the input of a terminal, "
            "a code cell or a remote desktop drawn in a page has none"
        )
    return None


def _scheme_typed(action: Action, window: Window) -> PolicyRefusal | None:
    """Rule ``terminal-window``: a browser's window takes no address whose scheme is not
    the web's, typed as one word into any of its fields (its address bar by any label,
    in any language): ``javascript:`` runs in the page, ``steam://``, ``vscode://``,
    ``apt:`` hand the link to a program."""
    text = (action.text or "").strip() if action.verb == "type" else ""
    if not text or any(c.isspace() for c in text) or not browser_window(window):
        return None
    return scheme_refusal(action, skeleton(text), f"it goes into the browser {window.title!r}")


def _bar_refusal(action: Action, history: Sequence[Action]) -> PolicyRefusal | None:
    """Text into the browser's own bar after its chord (ctrl+l): the bar holds what was
    typed since the chord and this text together (``java`` then ``script:...``), and takes
    no scheme but the web's, as a targeted address bar does (:mod:`._side_doors`)."""
    typed = []
    for earlier in reversed(history):
        if earlier.verb == "key" and (earlier.keys or "") in _BAR_CHORDS:
            break
        if earlier.verb == "type" and earlier.target is None:
            typed.append(earlier.text or "")
        elif earlier.verb == "key" and len(earlier.keys or "") == 1:
            typed.append(earlier.keys or "")
    bar = "".join(reversed(typed)) + (action.text or "" if action.verb == "type" else "")
    where = f"the browser's bar (opened by its chord) would hold {bar[:40]!r}"
    return scheme_refusal(action, skeleton(bar), where)


def _focus_from(
    history: Sequence[Action], observation: Observation, window: Window
) -> Element | str | None:
    """Where the episode's last focus-moving action left the keys in ``window``: the
    element it typed into or clicked (still on the frame, in that window), ``"bar"``
    after a chord that opens the browser's own bar, None when that is not known. Tabs
    after it move it on to the control :func:`~._presses.tabbed_to` predicts."""
    tabs = 0
    for earlier in reversed(history):
        if earlier.verb in ("wait_for", "zoom", "move", "scroll"):
            continue
        if earlier.verb == "type" and earlier.target is None:
            continue  # untargeted text keeps the focus
        if earlier.verb == "key":
            keys = earlier.keys or ""
            if keys in _BAR_CHORDS:
                return _BAR
            if keys in ("Tab", "shift+Tab"):
                tabs += 1 if keys == "Tab" else -1
                continue
            if keys in _KEEP_FOCUS or (len(keys) == 1 and keys.isprintable()):
                continue
            return None
        if earlier.verb in ("type", "click") and earlier.target is not None:
            try:
                element = observation.resolve(earlier.target, earlier.target_id)
            except TargetError:
                return None
            moved = tabbed_to(observation, element, tabs) if tabs else element
            return moved if moved and _in_window(moved, window, observation) else None
        return None
    return None


def _shell_shown(window: Window, observation: Observation) -> Element | None:
    return next(
        (
            e
            for e in observation.elements
            if shell_line(e.label) and _in_window(e, window, observation)
        ),
        None,
    )


def page_refusal(
    action: Action,
    context: str,
    window: Window | None,
    element: Element | None,
    *,
    targeted: bool,
    observation: Observation,
    history: Sequence[Action] = (),
    typing_in: Sequence[str] = (),
) -> PolicyRefusal | None:
    """The refusal of typing into a browser's page or a program off the table (see the
    module's notes), or None: ``action`` lands (``context``) on ``element`` (the target
    when ``targeted``, else the focused one; None: no focus shown) in ``window``;
    ``history``: the episode's actions so far."""
    if window is None or not types_text(action, context):
        return None
    if (shaped := _shape_refusal(action, window, element, observation)) is not None:
        return shaped
    if (scheme := _scheme_typed(action, window)) is not None:
        return scheme
    page = page_program(window)
    if not page and table_program(window, observation.windows):
        return _table_refusal(action, window, element, observation)
    held = _held_refusal(
        action, window, element, observation, page=page, targeted=targeted, history=history
    )
    if held is not None:
        return held
    what = "is a browser's" if page else "takes text only because --allow-typing-in names it"
    where = f"{action.describe()} is refused: the window {window.title!r} {what}"
    unseen = _unseen_refusal(where, window, observation, page=page, targeted=targeted)
    if unseen is not None:
        return unseen
    if ANY_PROGRAM in typing_in or (
        page and typing_in and in_scope(typing_in, window, known_windows(observation))
    ):
        return None
    if not page:  # a program the person named: only an unnamed input the index shows
        return _pane_refused(where, element, window, observation)
    press = action.verb == "key" and context not in ("field", "paste")
    if element is None or not _in_window(element, window, observation):
        focus = _focus_from(history, observation, window) if not targeted else None
        if focus == _BAR:
            return _bar_refusal(action, history)
        if focus is None or isinstance(focus, str):
            return _page_refused(where, "the index shows no focus in it", window, page=page)
        element = focus
    why = _known_input(element, observation, press=press)
    return None if why is None else _page_refused(where, why, window, page=page)


def _unseen_refusal(
    where: str, window: Window, observation: Observation, *, page: bool, targeted: bool
) -> PolicyRefusal | None:
    """Whatever is allowed (``'*'`` too): a program off the table whose title reads as a
    shell's, and, with no target, a window that shows a shell's line. (Keys with no
    target where the index shows no focus still go to a program the person named: a Tk
    program shows no focus to the index, and its dialogs take a name and Return so.)"""
    if not page and (why := shell_title(window.title)) is not None:
        return PolicyRefusal(
            f"{where}, and its title reads as a shell's ({why}): --allow-typing-in allows "
            "a program, never a shell ('*' too). Close it, or act in another window",
            rule="terminal-window",
        )
    if targeted:
        return None
    if (shown := _shell_shown(window, observation)) is not None:
        return PolicyRefusal(
            f"{where}, and it shows a shell's line {shown.label!r} (matches "
            f"{shell_line(shown.label)!r}): with no target the keys may go to the shell. "
            "Type into a named field (type 'x' into 'Search')",
            rule="terminal-window",
        )
    return None


def _table_refusal(
    action: Action, window: Window, element: Element | None, observation: Observation
) -> PolicyRefusal | None:
    """In a window of a program on the table (no browser's page): refused when the
    window is its console (:data:`_CONSOLE_TITLE`), or the keys go into an unnamed input
    smaller than a named one beside it (a plugin's terminal pane under the document)."""
    where = f"{action.describe()} is refused: the window {window.title!r}"
    parts = re.split(r"\s+[-\u2013\u2014:|]\s+", window.title.strip().casefold())
    if any(_CONSOLE_TITLE.search(part) for part in parts):
        return PolicyRefusal(
            f"{where} is its program's console or developer tools: what is typed there "
            "runs as code, and no flag allows it",
            rule="terminal-window",
        )
    if element is None or not _in_window(element, window, observation):
        return None
    if not _takes_text(element) or _named(element):
        return None
    area = _area(element)
    if not any(
        e is not element
        and _takes_text(e)
        and _named(e)
        and _area(e) > area
        and _in_window(e, window, observation)
        for e in observation.elements
    ):
        return None
    return PolicyRefusal(
        f"{where} shows an input with a name beside the one the keys go into, which has "
        f"none (its label is {element.label!r}) and is smaller: a pane the program's "
        "plugin draws (a terminal, a console), not its document. Type into a named field",
        rule="typing-program",
    )


def _shape_refusal(
    action: Action, window: Window, element: Element | None, observation: Observation
) -> PolicyRefusal | None:
    """An input whose label says it takes code, a launcher by its shape, an input with a
    Run button beside it: in any window, whatever is allowed."""
    if element is not None and (why := code_input(element)) is not None:
        return PolicyRefusal(
            f"{action.describe()} is refused: {why}; what goes in there runs, as in a "
            "shell, and no flag allows it",
            rule="terminal-window",
        )
    if (launcher := _launcher_input(window, observation)) is not None:
        return PolicyRefusal(
            f"{action.describe()} is refused: the window {window.title!r} (class "
            f"{'/'.join(window.wm_class) or '?'}) has no title and is no dialog, and holds "
            f"one one-line input, {launcher.label!r}: a launcher's or a run prompt's shape "
            "(rofi, dmenu, a search-and-run popup), where a typed word and Return start a "
            "program. No flag allows typing there ('*' allows programs, never a launcher); "
            "close it (Escape) and type into the program's own window",
            rule="terminal-window",
        )
    if element is not None and (run := _run_beside(element, observation)) is not None:
        return PolicyRefusal(
            f"{action.describe()} is refused: the input {element.label!r} has the button "
            f"{run.label!r} beside or below it, which runs what the input holds: a "
            "console's, a notebook cell's or a macro editor's line, where text is code. No "
            "flag allows typing there (the harness never writes code that runs); type into "
            "a form's field, or let the person run it",
            rule="terminal-window",
        )
    return None


def _held_refusal(
    action: Action,
    window: Window,
    element: Element | None,
    observation: Observation,
    *,
    page: bool,
    targeted: bool,
    history: Sequence[Action],
) -> PolicyRefusal | None:
    """Untargeted keys after a chord in a program off the table, another machine's
    display: in a page or a program the person named, whatever is allowed. A dialog
    (a window transient for another: the Find dialog ctrl+f or ctrl+r opened) is no
    pane; its own fields are judged like any window's."""
    dialog = bool(window.transient_for)
    if not page and not targeted and not dialog and (chord := _pane_chord(history)):
        return PolicyRefusal(
            f"{action.describe()} is refused: it has no target, and the episode's last "
            f"key before it, {chord}, may have opened a pane of {window.title!r} (a "
            "terminal, a console: an IDE's chord does) that the frame does not show yet; "
            "in a program off the table of text programs, keys after a chord go only into "
            "the field named: type 'x' into 'Name' (or wait for a frame that shows it)",
            rule="typing-program",
        )
    if (display := _display_refusal(action, window, element, observation)) is not None:
        return display
    if remote_program(window) and not dialog and not _tree_field(element, window, observation):
        return PolicyRefusal(
            f"{action.describe()} is refused: the window {window.title!r} is a VM "
            "console's or a remote desktop's, and the keys go into no field its "
            "accessibility tree names ("
            + ("no focus is shown" if element is None else f"{element.label!r} is not one")
            + "), so they reach the machine inside, whose screen is only pixels here. "
            "Naming the program allows its own forms, never the machine inside: run the "
            "agent inside that machine instead",
            rule="terminal-window",
        )
    return None


def _tree_field(element: Element | None, window: Window, observation: Observation) -> bool:
    """Whether ``element`` is a named text input the accessibility tree shows in
    ``window`` (a remote program's own form), not text read in its pixels."""
    if element is None or element.source != "a11y" or not _in_window(element, window, observation):
        return False
    return element.kind == "field" and _named(element)


def _launcher_input(window: Window, observation: Observation) -> Element | None:
    """The one input of a window shaped as a launcher (issue 37, sixth pass): no title
    (or one that bypasses the window manager) and no owner (not a dialog), holding
    exactly one text input, one line tall; a result list may stand under it. None for
    any other window (a titled program, a dialog, a form of two fields or more, a
    program on the table of text programs)."""
    if (window.title.strip() and not window.override) or window.transient_for:
        return None
    if table_program(window, observation.windows):
        return None  # a text program's untitled window: its form (gnome-text-editor's)
    inputs = [
        e for e in observation.elements
        if _takes_text(e) and _in_window(e, window, observation)
    ]  # fmt: skip
    if len(inputs) != 1 or inputs[0].box[3] - inputs[0].box[1] > ONE_LINE:
        return None
    return inputs[0]


#: The first word of a button that runs what an input beside it holds (a console's
#: Run, a notebook's Run cell, a macro editor's Execute), in the languages the rules read.
_RUN_WORDS: Final = frozenset({
    "run", "execute", "exec", "eval", "evaluate", "\u25b6", "\u25b7", "ausfuhren",
    "executer", "ejecutar", "executar", "esegui", "uitvoeren", "uruchom", "выполнить",
    "запустить", "运行", "執行", "执行", "実行", "실행", "spustit", "futtatas", "calistir",
})  # fmt: skip


def _run_beside(element: Element, observation: Observation) -> Element | None:
    """A button right of ``element`` on its row, or just under it or just above it (a
    script editor's tool bar) across its width, whose label's first word runs
    (:data:`_RUN_WORDS`): the input is a console's line or a script's editor."""
    if not _takes_text(element):
        return None
    x0, y0, x1, y1 = element.box
    for e in observation.elements:
        if e is element or e.kind != "button" or e.window != element.window:
            continue
        said = words(skeleton(e.label)).split() or e.label.casefold().split()
        if not said or said[0] not in _RUN_WORDS:
            continue
        row = e.box[1] < y1 and e.box[3] > y0 and x1 - 10 <= e.box[0] <= x1 + 400
        under = y1 - 5 <= e.box[1] <= y1 + 120 and e.box[0] < x1 and e.box[2] > x0
        above = y0 - 60 <= e.box[3] <= y0 + 5 and e.box[0] < x1 and e.box[2] > x0
        if row or under or above:
            return e
    return None


#: Chords that leave an off-table program's focus where it was (editing, the caret).
#: Chords that open no pane: editing keys, saving, finding, and moving the caret or the view.
_KEEPING_CHORDS: Final = _KEEP_FOCUS | {
    "ctrl+s", "ctrl+f", "ctrl+Home", "ctrl+End", "ctrl+Up", "ctrl+Down", "ctrl+shift+Home",
    "ctrl+shift+End", "ctrl+shift+Up", "ctrl+shift+Down", "ctrl+Page_Up", "ctrl+Page_Down",
}  # fmt: skip


def _pane_chord(history: Sequence[Action]) -> str | None:
    """The chord the episode's last keys-moving action pressed (``ctrl+shift+i``,
    ``ctrl+```), when nothing aimed at a field since: the focus may be in a pane it
    opened. None for editing chords and for text aimed at a field after it."""
    for earlier in reversed(history):
        if earlier.verb in ("wait_for", "zoom", "move", "scroll"):
            continue
        if earlier.verb == "type" and earlier.target is None:
            continue
        if earlier.verb == "key":
            keys = earlier.keys or ""
            if "+" in keys and keys not in _KEEPING_CHORDS and not keys.startswith("shift+"):
                return repr(keys)
            if keys in _KEEP_FOCUS or len(keys) == 1:
                continue
        return None
    return None


def _display_refusal(
    action: Action, window: Window, element: Element | None, observation: Observation
) -> PolicyRefusal | None:
    """Keys into another machine's display (issue 37, sixth pass): the input they go
    into covers its window (:data:`_DISPLAY_SHARE` of it or more) and the accessibility
    tree says it is no editable text, as a VM console's, a remote desktop's or an
    emulator's key catcher is. The keys reach whatever runs in there, a shell included,
    so naming the program allows its own forms (a connection dialog, its settings),
    never the machine inside."""
    if element is None or element.source != "a11y" or "editable" in element.state:
        return None  # pixels cannot tell a display from a document: only the tree can
    if element.kind not in ("field", "cell"):
        return None
    if not _in_window(element, window, observation):
        return None
    x0, y0, x1, y1 = window.box
    whole = max(0, x1 - x0) * max(0, y1 - y0)
    if whole == 0 or _area(element) < _DISPLAY_SHARE * whole:
        return None
    return PolicyRefusal(
        f"{action.describe()} is refused: the keys go into {element.label!r}, an input "
        f"that covers the window {window.title!r} and is no editable text: a VM "
        "console's, a remote desktop's or an emulator's display, where keys reach "
        "another machine and its shell. Naming its program (--allow-typing-in) allows "
        "the program's own forms (a connection dialog, its settings), never the machine "
        "inside, and no flag allows that: run the agent inside that machine instead",
        rule="terminal-window",
    )


#: How much of its window an input covers to be a display that catches every key.
_DISPLAY_SHARE: Final = 0.8


def _area(element: Element) -> int:
    x0, y0, x1, y1 = element.box
    return max(0, x1 - x0) * max(0, y1 - y0)


def _pane_refused(
    where: str, element: Element | None, window: Window, observation: Observation
) -> PolicyRefusal | None:
    """In a program the person named: refused when the keys go into an input the index
    shows in ``window`` with no name (a terminal pane's); None otherwise."""
    if element is None or not _in_window(element, window, observation):
        return None
    if not _takes_text(element) or _named(element):
        return None
    why = (
        f"it has no name (its label is {element.label!r}), as a terminal pane's or a "
        "console's input has none"
    )
    return _page_refused(where, why, window, page=False)


def _page_refused(where: str, why: str, window: Window, *, page: bool) -> PolicyRefusal:
    title = shlex.quote(window.title) if window.title.strip() else "'*'"
    if page:
        held = (
            "a page decides what keys do there (a form's field, or a terminal, a "
            "notebook or another machine's desktop drawn in it)"
        )
        fix = f"if this page may take them, run again with --allow-typing-in {title}"
    else:
        held = (
            "the person allowed the program, not a terminal pane, a console or a "
            "command line it may hold"
        )
        fix = "if any unnamed input may take them, run again with --allow-typing-in '*'"
    return PolicyRefusal(
        f"{where}, and {held}, so text, pastes and presses by key go only into a field "
        f"the index shows and names: {why}. Type into a named field (type 'x' into "
        f"'Search'), or, {fix}",
        rule="typing-program",
    )
