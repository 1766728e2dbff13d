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

A whole title that two windows show (no dialogs: two copies of one document, two
browser windows on one page) names neither: the person named one window and the title
does not tell which; a pattern or the class names them both.

**What a name names** (:func:`names_window`), compared exactly but for case and runs of
white space (punctuation counts: ``notes.txt - gedit`` names neither ``notes.txt ~
gedit`` nor ``notes_txt_gedit``): a window's ``WM_CLASS`` (instance or class) or its
process name, as a whole; or its whole title. Not a part of a title: a web page, a
mail's subject or a document's name sets a title, so ``--window notes`` must not take in
a browser on a page "Lecture notes". A part of a title is named only as a pattern the
person writes: a name holding ``*`` matches the whole title with ``*`` standing for any
text (``--window '*notes.txt*'``); it must hold a letter or a digit. A name that is the
class or process of a window on the frame matches by class or process only (a window
titled ``gedit`` is not gedit while gedit is there); a name that is the process of a
window on the frame matches only windows of that process (any program may set the class
``gedit``: a window of class ``gedit`` from the process ``walletd`` is out while gedit's
own process shows, and so is one of that class whose process is not known, another
machine's client through ``ssh -X``); a class that windows of two programs set (two
process ids, or one and a window with none) names neither (:func:`_two_programs`): the
person meant one, and the class does not say which. The process ids are the X server's
(:mod:`.desktop._xres`), not the ``_NET_WM_PID`` a client writes about itself. The
windows a name is judged against include those a window manager lists but does not show
(:func:`known_windows`): any X client may minimise another's window, and the program's
own window, minimised, still says which process the name is, so a window dressed as it
alone on screen stays out. An impostor alone while the program is not running at all,
its class and its process name both the named program's, is a limit of a scope judged
frame by frame. A title or a pattern takes in one program's windows only
(:func:`_title_programs`): the program whose process is a word of it (``'*gedit'`` is
gedit's windows, not a browser's page "How to uninstall gedit", nor a script's box
titled ``notes.txt - gedit`` that sets the class ``gedit``); else the program whose
class is a word of it, when one program's windows alone set that class; else the one
program whose windows it matches; matching two programs' windows and naming neither, it
takes in none (the refusal says so), since a page or a mail sets any title.

**Which windows join the scope**: a dialog of a window in scope (X's
``WM_TRANSIENT_FOR``, :attr:`Window.transient_for`) when it belongs to the same program,
that is it shares the process id, both known (:func:`same_program`: a window with no
process id, or a claimed one the X server denies, is no program's dialog); or
when it is the desktop portal's (its class *and* its process say ``xdg-desktop-portal``)
and a file chooser (it shows a list of files or a name field: a permission the portal
asks, to share the screen or the camera, may name any window its parent, and joins no
scope); and a dialog of such a dialog. Another dialog helper
(:data:`DIALOG_HELPERS`: zenity, yad, kdialog...) joins only when the person names it
(``--window zenity``): any script can start one with a ``WM_TRANSIENT_FOR`` claiming the
editor, and X does not say who opened it. A dialog that sets its owner's class from
another process is an impostor: no name takes it in by that class. A ``WM_TRANSIENT_FOR``
from any other program is only a claim and joins nothing (a browser window claiming to be
the editor's dialog stays out). Other windows of the same process do not join either: a
browser's web apps and its tabs share one process, as an office suite's documents do,
so ``--window Calendar`` (a web app's title) is that window, not the browser's next one.
To take in every window of a program, name its class (``--window libreoffice``). Nor
does every dialog of a window named by its title join: one whose sentence names a file
no scoped title and no typed text names asks about another document the same process
holds (:func:`other_document`).

**A scope confines; it allows nothing.** A program off the table of text programs still
takes typed text only with ``--allow-typing-in`` (:mod:`._text_programs`), and no flag
makes a terminal, a shell or a run dialog a place to type or click (rule
``terminal-window``): ``--window xterm`` leaves every action there refused.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window, normalize_label
from ._errors import PolicyRefusal
from .perception import find_window, window_at

__all__ = [
    "DIALOG_HELPERS",
    "POINTER_VERBS",
    "focus_refusal",
    "in_scope",
    "name_problem",
    "names_window",
    "scope_refusal",
]

#: Verbs that move the pointer onto an element (each target is judged).
POINTER_VERBS: Final = frozenset({"click", "drag", "move", "scroll"})
#: Verbs whose keys go to the window with focus.
KEY_VERBS: Final = frozenset({"key", "type"})
#: Programs that draw dialogs for other programs (a portal's file chooser, a script's
#: question). Only the portal's joins the scope of the window it says it is a dialog of
#: (:func:`portal_dialog`); the rest join only when named, and take no secret
#: (:mod:`._secrets`).
#: Known by ``WM_CLASS`` or process, case-folded, also by the last part of a dotted name;
#: any name starting ``xdg-desktop-portal`` counts (the kernel cuts a process name to
#: ``xdg-desktop-por``).
DIALOG_HELPERS: Final = frozenset({
    "xdg-desktop-portal", "xdg-desktop-portal-gtk", "xdg-desktop-portal-gnome",
    "xdg-desktop-portal-kde", "xdg-desktop-portal-lxqt", "xdg-desktop-portal-xapp",
    "xdg-desktop-por", "zenity", "yad", "kdialog", "xdialog", "gxmessage", "xmessage",
})  # fmt: skip
_PORTAL: Final = "xdg-desktop-por"
#: What marks a name as a pattern over the whole title.
_ANY: Final = "*"


def _core(text: str) -> str:
    """The letters and digits of ``text``, case-folded (a pattern's piece)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text).casefold() if ch.isalnum())


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a window (blank; a pattern with no letter or digit,
    which would match every title), or None."""
    if not normalize_label(name):
        return "it is blank"
    if _ANY in name and not _core(name):
        return "a pattern needs a letter or a digit (a bare '*' would be every window)"
    return None


def _fold(text: str) -> str:
    """``text`` compatibility-normalised, case-folded, its runs of white space one space:
    how a name and a title are compared. Punctuation stays: ``notes.txt - gedit`` is not
    ``notes.txt ~ gedit`` nor ``notes_txt_gedit``."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _pattern(name: str) -> re.Pattern[str]:
    """``name`` holding ``*`` as a match over a title's :func:`_fold`."""
    return re.compile(".*".join(re.escape(_fold(piece)) for piece in name.split(_ANY)))


def names_window(name: str, window: Window) -> bool:
    """Whether ``name`` (from ``--window``) names ``window``: its class or process as a
    whole, its whole title, or (a name holding ``*``) a pattern over its whole title."""
    if name_problem(name) is not None:
        return False
    title = _fold(window.title)
    if _ANY in name:
        return bool(title) and _pattern(name).fullmatch(title) is not None
    return by_program(name, window) or _fold(name) == title


def by_program(name: str, window: Window) -> bool:
    """Whether ``name`` is ``window``'s ``WM_CLASS`` (instance or class) or process name."""
    want = _fold(name)
    own = {_fold(c) for c in (*window.wm_class, window.process) if c}
    return bool(want) and _ANY not in name and want in own


def by_process(name: str, window: Window) -> bool:
    """Whether ``name`` is ``window``'s process name."""
    return bool(window.process) and _ANY not in name and _fold(name) == _fold(window.process)


def _names(name: str, window: Window, windows: Sequence[Window]) -> bool:
    """:func:`names_window`, except that a name some window on the frame has as its class
    or process matches by class or process only, and a name some window has as its
    process matches only windows of that process (a window that sets the class
    ``gedit`` from a process ``walletd`` is no gedit while gedit's own process shows)."""
    every = (window, *windows)
    if any(by_process(name, w) for w in every):
        # not a window of that class with no process: another machine's client (ssh -X)
        # sets the class and no process shows; and not when two process ids go by that
        # process name: any program may name its process (prctl, argv[0])
        return by_process(name, window) and not _two_processes(name, every)
    if any(by_program(name, w) for w in every):
        return by_program(name, window) and not _two_programs(name, every)
    if not names_window(name, window):
        return False
    if _ANY not in name and _twins(name, every):
        return False  # a whole title that two windows show names neither
    return _program(window) in _title_programs(name, every)


def _two_programs(name: str, windows: Sequence[Window]) -> bool:
    """Whether the class ``name`` is set by windows of two programs (two process ids, or
    a process id and a window the X server cannot vouch for): any program may set any
    class, so the name does not tell which one the person meant, and names neither."""
    owners = {w.id: w.pid for w in windows if by_program(name, w)}
    return len(set(owners.values())) > 1


def _two_processes(name: str, windows: Sequence[Window]) -> bool:
    """Whether windows of two process ids have the process name ``name``: a process
    names itself (``prctl``, ``argv[0]``), so the name does not tell which one the
    person meant, and names neither (a real gedit, and a box whose process calls
    itself gedit)."""
    return len({w.pid for w in windows if by_process(name, w)}) > 1


def _twins(name: str, windows: Sequence[Window]) -> bool:
    """Whether the whole title ``name`` is shown by two or more windows that are no
    dialogs (two copies of ``report.odt`` from two folders, two browser windows on one
    page): the person named one window, and the title does not tell which."""
    seen = {w.id for w in windows if not w.transient_for and names_window(name, w)}
    return len(seen) > 1


def _program(window: Window) -> str:
    """What tells ``window``'s program from another's: its process, else its class."""
    return _fold(window.process) or _class_of(window)


def _title_programs(name: str, windows: Sequence[Window]) -> frozenset[str]:
    """The programs (:func:`_program`) a title or a pattern ``name`` may take in among
    ``windows``: the program whose process is a word of ``name`` (``*gedit``,
    ``notes.txt - gedit``: gedit's windows, not a browser's page that says gedit, nor a
    script's box that sets the class ``gedit``); else the program whose class is a word
    of it, when windows of one program only set that class (any program may set any
    class: :func:`_two_programs`); else the one program whose windows it matches. When it
    matches windows of two programs and names neither, it takes in none (a page or a
    mail may set any title)."""
    said = {_fold(w) for w in re.findall(r"\w[\w.+-]*", name)}
    by_process = frozenset(_program(w) for w in windows if w.process and _fold(w.process) in said)
    if by_process:
        return by_process
    by_class = [w for w in windows if said & {_fold(c) for c in (*w.wm_class, _class_of(w)) if c}]
    if len({w.pid for w in by_class}) == 1:
        return frozenset(_program(w) for w in by_class)
    matched = frozenset(_program(w) for w in windows if names_window(name, w))
    return matched if len(matched) == 1 else frozenset()


def known_windows(observation: Observation) -> tuple[Window, ...]:
    """The windows shown, then those a window manager lists but does not show
    (minimised, on another workspace): what the scope reads to tell which program a
    name names. A program's own window that was minimised still says which process is
    the named program, so a window dressed as it is not taken for it."""
    return (*observation.windows, *observation.hidden_windows)


def in_scope(names: Sequence[str], window: Window, windows: Sequence[Window]) -> bool:
    """Whether ``window`` is in the scope ``names`` set: named, or a dialog (of a dialog)
    of a window in scope on the same frame (``windows``) by its own program or a dialog
    helper (see the module's notes)."""
    return _in_scope(names, window, windows, frozenset({window.id}))


def _in_scope(
    names: Sequence[str], window: Window, windows: Sequence[Window], seen: frozenset[int]
) -> bool:
    if not names:
        return True
    owner = window.transient_for  # a dialog joins the scope of the window it is for
    parent = next((w for w in windows if w.id == owner), None) if owner else None
    if parent is not None and _impostor(window, parent):
        return False
    if any(_names(n, window, windows) for n in names):
        return True
    if not owner or owner in seen:
        return False
    if parent is None or not (same_program(window, parent) or portal_dialog(window)):
        return False
    return _in_scope(names, parent, windows, seen | {owner})


def _impostor(dialog: Window, owner: Window) -> bool:
    """A dialog that takes its owner's ``WM_CLASS`` class from another process (both
    known, and different): a program's own dialog comes from its process, so this is
    some other program dressed as it, and no name takes it in by that class."""
    mine = _class_of(dialog)
    same = mine == _class_of(owner) and not portal_dialog(dialog)
    return bool(mine) and same and not same_program(dialog, owner)


def same_program(window: Window, other: Window) -> bool:
    """Whether two windows belong to one program: the same process id, both known. The
    window lister asks the X server which process holds each window's connection
    (:mod:`.desktop._xres`), so a window with no pid is one the server cannot vouch for
    (another machine's client, or a server without X-Resource) and is no program's
    dialog: a class proves nothing, since any program may set the class ``Gedit``."""
    return window.pid is not None and other.pid is not None and window.pid == other.pid


def _class_of(window: Window) -> str:
    return window.wm_class[-1].strip().casefold() if window.wm_class else ""


def portal_dialog(window: Window) -> bool:
    """Whether ``window`` is a desktop portal's dialog: its ``WM_CLASS`` and its process
    both say ``xdg-desktop-portal`` (a process that only takes the portal's class, a
    ``python3`` say, is not the session's portal)."""
    names = [n.strip().casefold().rsplit(".", 1)[-1] for n in window.wm_class]
    process = window.process.strip().casefold()
    return process.startswith(_PORTAL) and any(n.startswith(_PORTAL) for n in names)


def dialog_helper(window: Window) -> bool:
    """Whether ``window``'s program draws dialogs for others (:data:`DIALOG_HELPERS`)."""
    for name in (*window.wm_class, window.process):
        folded = name.strip().casefold()
        if folded.startswith(_PORTAL) or {folded, folded.rsplit(".", 1)[-1]} & DIALOG_HELPERS:
            return True
    return False


def scope_refusal(
    names: Sequence[str],
    action: Action,
    observation: Observation,
    elements: Sequence[Element],
    history: Sequence[Action] = (),
) -> PolicyRefusal | None:
    """Rule ``window-scope`` for ``action`` on ``observation`` (``elements``: its
    resolved targets; ``history``: the episode's actions, whose typed file names a
    dialog may name), or None when it stays inside the scope (or there is none)."""
    if not names:
        return None
    windows = known_windows(observation)
    if action.verb == "focus":
        reached: list[tuple[str, Window | None]] = [
            ("raise", find_window(observation.windows, action.window or ""))  # TargetError
        ]
    elif action.verb in POINTER_VERBS and elements:
        reached = [("point at", _pointed(e, observation)) for e in elements]
    elif action.verb == "type" and elements:
        reached = [("type into", _holding(elements[0], observation))]
    elif action.verb in KEY_VERBS or action.verb == "scroll":
        reached = [("send to", _with_focus(observation))]
    else:
        return None
    for how, window in reached:
        if window is None or not in_scope(names, window, windows):
            return _refusal(names, action, how, window, windows, hidden=observation.hidden_windows)
        if _portal_asks(names, window, observation):
            return _portal_refusal(names, action, window)
        typed = " ".join(a.text or "" for a in history if a.verb == "type")
        if (other := other_document(names, window, observation, typed)) is not None:
            return _document_refusal(names, action, window, other)
    return None


#: A document's file name in a sentence: a word, a dot and an ending of letters
#: (``invoice.odt``, ``Q3 report.xlsx`` is read from ``report.xlsx``).
_FILE_NAME: Final = re.compile(r"[^\W_][\w-]*\.[^\W\d_][^\W_]{1,4}\b")
#: A sentence names a document when it has this many words or more (a file chooser's
#: list shows names alone).
_SENTENCE: Final = 3


def other_document(
    names: Sequence[str], window: Window, observation: Observation, typed: str = ""
) -> str | None:
    """The file name a dialog's sentence names when the dialog joined the scope only as
    the dialog of a window named by its title or a pattern (not by its program), and
    neither a scoped window's title nor the text the episode ``typed`` (a name given to
    Save As) names that file: a program that runs every document in one process (an
    office suite) raises a background document's question ("invoice.odt has links to
    external data. Update them?") over the window in front. None otherwise."""
    windows = observation.windows
    if not window.transient_for or any(_names(n, window, windows) for n in names):
        return None
    owner, seen = window, {window.id}
    while owner.transient_for and owner.transient_for not in seen:
        parent = next((w for w in windows if w.id == owner.transient_for), None)
        if parent is None:
            return None
        seen.add(parent.id)
        owner = parent
        named = [n for n in names if _names(n, owner, windows)]
        if named:
            break
    else:
        return None
    if any(by_program(n, owner) for n in named):
        return None  # the whole program is in scope: any of its documents
    said = [window.title] + [
        e.label
        for e in observation.elements
        if e.kind in ("", "text") and observation.window(e) == window
    ]
    titles = _fold(" ".join([owner.title, *named, typed]))
    for text in said:
        if len(text.split()) < _SENTENCE:
            continue
        for found in _FILE_NAME.finditer(text):
            if _fold(found.group(0)) not in titles:
                return found.group(0)
    return None


def _document_refusal(
    names: Sequence[str], action: Action, window: Window, document: str
) -> PolicyRefusal:
    scope = ", ".join(repr(n) for n in names)
    return PolicyRefusal(
        f"{action.describe()} is refused: the dialog {window.title!r} speaks of "
        f"{document!r}, a document no window in scope shows (--window {scope} names a "
        "window by its title): a program that runs every document in one process asks "
        "another document's question over the window in front. Let the person answer it, "
        f"or name that document's window or the program (--window '*{document}*')",
        rule="window-scope",
    )


#: Kinds that make a portal's dialog a file chooser: its list of files, its name field.
_CHOOSER_KINDS: Final = frozenset({"item", "cell", "field"})
#: The role the accessibility tree gives a window that shows a file chooser
#: (``desktop._a11y.FILE_CHOOSER``; this module imports nothing of the desktop's).
_FILE_CHOOSER: Final = "file chooser"


def _portal_asks(names: Sequence[str], window: Window, observation: Observation) -> bool:
    """Whether ``window`` is a desktop portal's dialog that joined the scope as a dialog
    of a window in it (no name takes it in by itself), and shows no file chooser's parts
    (a list of files, a name field): a permission the portal asks for whatever program
    named the scoped window its parent (share the screen, the camera, remote control).
    Only a file chooser joins a scope so. Where the accessibility tree read the window,
    its word decides: it joins when the tree shows a file chooser in it
    (:attr:`Window.role`), and asks otherwise, whatever lists it shows (a screen share
    lists the windows to share). Where it did not, a list or a name field decides."""
    if not portal_dialog(window) or any(_names(n, window, observation.windows) for n in names):
        return False
    if window.role == _FILE_CHOOSER:
        return False
    mine = [e for e in observation.elements if observation.window(e) == window]
    if any(e.source == "a11y" for e in mine):
        return True  # the tree read it and shows no file chooser
    return not any(e.kind in _CHOOSER_KINDS for e in mine)


def _portal_refusal(names: Sequence[str], action: Action, window: Window) -> PolicyRefusal:
    scope = ", ".join(repr(n) for n in names)
    return PolicyRefusal(
        f"{action.describe()} is refused: the window {window.title!r} is the desktop "
        "portal's, and not a file chooser: a permission the portal asks for another "
        "program (any program may name a window in scope as its parent), which joins no "
        f"scope (--window {scope}). Let the person answer it, or name it: "
        "--window xdg-desktop-portal",
        rule="window-scope",
    )


def focus_refusal(
    names: Sequence[str],
    action: Action,
    active: int,
    windows: Sequence[Window],
    hidden: Sequence[Window] = (),
) -> PolicyRefusal | None:
    """The executor's last check before keys or text go out: the X server's focused
    window (``active``, an X id; 0 unknown; ``windows`` shown, ``hidden`` listed but not
    shown) must be in scope."""
    if not names or action.verb not in KEY_VERBS:
        return None
    window = next((w for w in windows if w.id == active), None) if active else None
    known = (*windows, *hidden)
    if window is not None and in_scope(names, window, known):
        return None
    moment = "just before sending, "
    return _refusal(names, action, "send to", window, known, moment=moment, hidden=hidden)


def _holding(element: Element, observation: Observation) -> Window | None:
    if "shell" in element.state:  # the desktop shell draws it: in no program's window
        return None
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


def _pointed(element: Element, observation: Observation) -> Window | None:
    """The window a press on ``element`` reaches, as the scope judges it; None (out of
    any scope) when that cannot be known: the element names a window the frame does not
    list (a dock, a desktop's toast, a popup the lister leaves out), or its middle lies
    outside its own window with no listed window there (the desktop's icons), or the
    desktop shell draws it itself (state ``shell``: GNOME Shell's top bar, a
    notification)."""
    own = observation.window(element)
    if (element.window and own is None) or "shell" in element.state:
        return None
    point = observation.mapping.to_screen(*element.center)
    if own is not None:
        x0, y0, x1, y1 = own.box
        inside = x0 <= point[0] < x1 and y0 <= point[1] < y1
        return own if inside else window_at(observation.windows, *point)
    return window_at(observation.windows, *point)


def _with_focus(observation: Observation) -> Window | None:
    """The window keys go to, as the frame shows it: the focused element's, else the
    window in front."""
    focused = next((e for e in observation.elements if "focused" in e.state), None)
    if focused is not None and (window := _holding(focused, observation)) is not None:
        return window
    return observation.windows[0] if observation.windows else None


def _refusal(
    names: Sequence[str],
    action: Action,
    how: str,
    window: Window | None,
    windows: Sequence[Window],
    *,
    moment: str = "",
    hidden: Sequence[Window] = (),
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
        f"again with another --window"
        f"{_not_shown(names, window, windows, hidden) or _unmatched(names, windows)}",
        rule="window-scope",
    )


def _not_shown(
    names: Sequence[str], window: Window | None, windows: Sequence[Window], hidden: Sequence[Window]
) -> str:
    """A hint when a window the scope names is not shown (``hidden``) and the one acted
    on is another program's that only looks like it."""
    if window is None or any(_names(n, window, windows) for n in names):
        return ""
    gone = next((w for w in hidden if any(_names(n, w, windows) for n in names)), None)
    if gone is None:
        return ""
    return (
        f". The window it names, {gone.title!r} (process {gone.process or 'unknown'}), is not "
        "shown (minimised or on another workspace), and the one here is another program's: "
        "show that window again"
    )


def _unmatched(names: Sequence[str], windows: Sequence[Window]) -> str:
    """A hint when no window on the frame is named: a name is a class, a process or a
    whole title, and a part of a title is written as a pattern."""
    if any(_names(n, w, windows) for n in names for w in windows):
        return ""
    for split, match, what in (
        (_two_processes, by_process, "process name of windows of more than one process"),
        (_two_programs, by_program, "class of windows of more than one program"),
    ):
        name = next((n for n in names if split(n, windows)), None)
        if name is not None:
            pids = sorted({str(w.pid or "none") for w in windows if match(name, w)})
            return (
                f". {name!r} is the {what} (process ids {', '.join(pids)}; any program may "
                "set its class and name its process), so it names none of them: close the "
                "other, or name the window by its whole title"
            )
    twin = next((n for n in names if _ANY not in n and _twins(n, windows)), None)
    if twin is not None:
        return (
            f". {twin!r} is the whole title of more than one window, so it names none "
            "of them (the title does not tell which one was meant): close the other, or "
            "name the program (--window CLASS)"
        )
    shared = sorted({_program(w) for n in names for w in windows if names_window(n, w)})
    if len(shared) > 1:
        return (
            f". It matches the titles of windows of more than one program ({', '.join(shared)}) "
            "and names none of them, so it takes in none (a web page or a mail may set any "
            "title): name the program (--window CLASS) or put its name in the pattern"
        )
    word = next((n.strip() for n in names if _ANY not in n), "")
    example = f" (--window '*{word}*')" if word and "'" not in word else ""
    return (
        ". No window on screen is named by it: a name is a window's WM_CLASS, its process "
        f"or its whole title; a part of a title is written as a pattern with *{example}"
    )
