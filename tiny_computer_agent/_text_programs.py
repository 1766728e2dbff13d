"""Typing by program (issue 37, design A): text goes only to programs known to take it.

Real input's text (``type``), a paste (a paste chord, a middle click, a drop), an editing
key of context ``field`` and a press by key (Return, space, ctrl+Return...) reach a
window only when its program is one of :data:`TEXT_PROGRAMS` (programs whose windows
take text as documents and forms), or a name the person gave: ``--allow-typing-in NAME``
(the policy's ``typing_in``; ``"*"``: any program); ``--window`` confines a run and
allows nothing (:mod:`._scope`). Rule ``typing-program`` refuses the rest, an unknown
program included (a window with no class and no process, or no window listed at all).
Navigation keys (Tab, arrows, Escape...) and document chords (ctrl+s...) are not text:
they stay with the key rules.

A program is known by its X ``WM_CLASS`` (instance or class) or its process name,
case-folded: as written, without a ``.bin``/``.exe``/``-bin`` ending (``soffice.bin``),
by the last part of a reverse-DNS name (``org.gnome.TextEditor``: ``texteditor``; the
table names such programs in full too) and, for a process, as the kernel cuts its name
to 15 characters (``gnome-text-edit``). Names given by the person are matched as
``--window``'s are (:func:`~._scope.in_scope`: class, process, whole title or a ``*``
pattern over it). A dialog takes
its owner's program: a window of the same process as an allowed one, or a dialog of one
by X's ``WM_TRANSIENT_FOR`` (a file chooser a portal draws for it).

The table is an allow list, so it holds only programs whose windows take text as a
document or a form and that hold no shell. Left out on purpose, however common: every
terminal, shell and run dialog or launcher; modal and programmable editors (vim, emacs,
zathura, qutebrowser: a typed ``:`` or ``M-x`` runs commands); editors and IDEs with a
terminal pane or a command runner (kate, geany, code, NEdit's Shell menu, notepadqq);
file managers with a terminal panel or command line (dolphin, konqueror, krusader,
doublecmd, mc); chat programs that run commands (hexchat's ``/exec``); VM consoles and
remote desktops (VirtualBox, qemu, virt-viewer, remmina: the keys go to another machine).
The terminal, prompt and denied-text rules stay as a second line behind it.

Programs that hold other programs (decided for issue 37's fourth pass). A program's name
says what its window is only when the window cannot be something else inside it:

- **A browser** (:data:`PAGE_PROGRAMS`) shows pages from anywhere, and a page may be a
  form or a terminal, a cloud shell, a notebook, a console or another machine's desktop
  drawn on a canvas; no list of such pages can hold. So in a browser's own window (not
  its dialogs) text, pastes, drops and presses by key are judged by what they go into
  (:mod:`._pages`): only a field the index knows and names (the target, the focus it
  shows, else the field the episode's last focus-moving action left focused, or the
  browser's own find or address bar after its chord); an unnamed field, text read in
  the pixels or no known focus is refused (``typing-program``), and with no target a
  page showing a shell's line is a terminal (``terminal-window``). The title is not
  read for it: a page names itself.
- **A program off the table** (an IDE, a file manager with a terminal panel) takes text
  only because the person named it, and may hold a shell: an unnamed input the index
  shows there is refused unless ``'*'`` allows any, and a window showing a shell's line
  is a terminal with no target, whatever is allowed (:mod:`._pages`).
- **A shell or an interpreter's process** (:data:`INTERPRETERS`: ``python3``, ``node``,
  ``ruby``...) puts no window on the table by its class: a script sets any class it
  likes (issue 37, fifth pass). Keys that recall, edit or run a shell's line
  (:data:`LINE_KEYS`: Up, Down, ctrl+p/n/o/h/u/w/k) are judged as text: refused in a
  program off the table and not named, or an unknown one.
- **A client the X server cannot vouch for** (``Window.remote``: X-Resource names no
  process on this machine for it, a client over TCP or forwarded by ``ssh -X``), or one
  behind a relay the server names (:data:`RELAYS`: ``socat``, ``xpra``, ``waypipe``,
  ``x11docker``...), is on the table by no name: an xterm over TCP called itself gedit
  and ran what was typed (issue 37, sixth pass), and no pty can be looked for in
  another machine's process. Only a name the person gives takes it in.
- **The process decides** where the X server names one: a window whose class is on the
  table but whose process is not is on the table by no name (the seventh attacker pass
  dressed launchers, ``xlunch`` and ``onagre``, as Mousepad: a class is any client's to
  set, on its own window or another's). Every program of the table is listed by the
  process name it runs as (``soffice``, ``firefox-esr``, ``chrome``, ``msedge``...).
- **A suite's part** is known by that part: a window whose ``WM_CLASS`` names a part of
  a program its other names name (``libreoffice`` / ``libreoffice-basicide``) is on the
  table only if that part is, and sharing the suite's process does not lift it (a macro
  IDE is not the word processor).
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Final

from ._actions import Action
from ._elements import Window
from ._errors import PolicyRefusal
from ._scope import in_scope

__all__ = [
    "ANY_PROGRAM",
    "CHAT_PROGRAMS",
    "INTERPRETERS",
    "RELAYS",
    "LINE_KEYS",
    "MAIL_PROGRAMS",
    "PAGE_PROGRAMS",
    "REMOTE_PROGRAMS",
    "TEXT_PROGRAMS",
    "browser_window",
    "chat_program",
    "remote_program",
    "interpreter",
    "mail_program",
    "page_program",
    "program_names",
    "program_refusal",
    "table_program",
    "text_program",
    "types_text",
]

#: ``typing_in`` holding this allows typing into any program, even an unknown one.
ANY_PROGRAM: Final = "*"

#: Web browsers (not keyboard-driven ones with a command line: qutebrowser, vimb): their
#: windows show pages from anywhere, and a page decides what typed keys do (a form; or a
#: terminal, a notebook, another machine's desktop drawn in it). Typing there is judged
#: by what the keys go into (:func:`page_refusal`), not by the program alone.
PAGE_PROGRAMS: Final = frozenset({
    "firefox", "firefox-esr", "librewolf", "chromium", "chromium-browser", "google-chrome",
    "google-chrome-stable", "chrome", "brave-browser", "brave", "epiphany",
    "org.gnome.epiphany", "falkon", "org.kde.falkon", "midori", "vivaldi-stable",
    "microsoft-edge", "msedge", "opera", "vivaldi", "waterfox", "floorp", "zen",
    "navigator",  # Firefox's and SeaMonkey's WM_CLASS instance
})  # fmt: skip
#: VM consoles and remote desktops: their main window shows another machine, whose
#: shell the harness cannot see (the guest's screen is pixels). Named with
#: ``--allow-typing-in``, their own forms take text (a field the tree names); keys with
#: no such field go to the machine inside, and are refused (:mod:`._pages`).
REMOTE_PROGRAMS: Final = frozenset({
    "virtualbox machine", "virtualboxvm", "virtualbox", "virt-viewer", "remote-viewer",
    "virt-manager", "gnome-boxes", "org.gnome.boxes", "vmware", "vmplayer", "vmware-view",
    "qemu", "qemu-system-x86_64", "qemu-system-x86", "qemu-system-aarch64", "anydesk",
    "teamviewer", "rustdesk", "nxplayer", "nxplayer.bin", "wfica", "moonlight", "remmina",
    "org.remmina.remmina", "vinagre", "krdc", "org.kde.krdc", "xfreerdp", "wlfreerdp",
    "sdl-freerdp", "rdesktop", "vncviewer", "xtightvncviewer", "xvnc4viewer", "tigervnc",
    "x2goclient", "parsecd", "parsec", "looking-glass-client", "gnome-connections",
    "org.gnome.connections", "spicy", "realvnc", "vncviewer-realvnc", "nomachine",
    "chrome-remote-desktop", "dcv-viewer", "dcvviewer",
})  # fmt: skip
#: Programs whose windows take text as documents and forms (see the module's notes for
#: what is left out and why). Names as their ``WM_CLASS`` or process shows them.
TEXT_PROGRAMS: Final = frozenset({
    # text editors without a shell pane (plugins a person must first enable aside)
    "gedit", "org.gnome.gedit", "gnome-text-editor", "org.gnome.texteditor", "mousepad",
    "org.xfce.mousepad", "featherpad", "kwrite", "org.kde.kwrite", "pluma", "xed",
    "leafpad", "l3afpad", "xedit", "gnote", "org.gnome.gnote", "ghostwriter",
    "apostrophe", "org.gnome.gitlab.somas.apostrophe", "xournalpp",
    "com.github.xournalpp.xournalpp",
    # office suites and their parts
    "libreoffice", "soffice", "libreoffice-writer", "libreoffice-calc",
    "libreoffice-impress", "libreoffice-draw", "libreoffice-math", "libreoffice-base",
    "libreoffice-startcenter", "abiword", "gnumeric", "calligrawords", "calligrasheets",
    "calligrastage", "calligraflow", "onlyoffice-desktopeditors", "desktopeditors",
    # web browsers (rule for their pages: PAGE_PROGRAMS)
    *PAGE_PROGRAMS,
    # mail
    "thunderbird", "thunderbird-esr", "evolution", "org.gnome.evolution", "geary",
    "org.gnome.geary", "claws-mail", "sylpheed", "kmail", "kmail2", "org.kde.kmail2",
    "balsa",
    # file managers without a terminal panel or command line
    "nautilus", "org.gnome.nautilus", "thunar", "pcmanfm", "pcmanfm-qt", "nemo", "caja",
    "xfe", "spacefm",
    # dialog programs (scripts ask a person through them)
    "zenity", "yad", "kdialog", "xdialog", "gxmessage", "xmessage",
    # viewers
    "evince", "org.gnome.evince", "okular", "org.kde.okular", "atril", "xreader",
    "eog", "org.gnome.eog", "eom", "ristretto", "org.xfce.ristretto", "gthumb", "qpdfview",
    "mupdf", "loupe", "org.gnome.loupe", "papers", "org.gnome.papers",
    # drawing and images
    "gimp", "gimp-2.10", "gimp-3.0", "inkscape", "org.inkscape.inkscape", "krita",
    "mypaint", "pinta", "kolourpaint", "org.kde.kolourpaint",
    # calculators (not Qalculate: its command() runs a shell command, export() writes
    # a file; a calculator that runs what is typed is a console)
    "gnome-calculator", "org.gnome.calculator", "galculator", "kcalc", "org.kde.kcalc",
    "mate-calc", "speedcrunch", "xcalc",
    # everyday desktop programs with forms and search fields
    "gnome-control-center", "gnome-maps", "org.gnome.maps", "gnome-contacts",
    "org.gnome.contacts", "gnome-calendar", "org.gnome.calendar", "gnome-weather",
    "org.gnome.weather", "gnome-clocks", "org.gnome.clocks", "gnome-characters",
    "org.gnome.characters", "simple-scan", "org.gnome.simplescan", "baobab",
    "org.gnome.baobab", "file-roller", "org.gnome.fileroller", "engrampa",
})  # fmt: skip
#: Mail programs: the body of a message they compose takes Return as a new line (Send
#: is a button, or ctrl+Return), unlike a chat's box, where Return sends.
MAIL_PROGRAMS: Final = frozenset({
    "thunderbird", "thunderbird-esr", "evolution", "org.gnome.evolution", "geary",
    "org.gnome.geary", "claws-mail", "sylpheed", "kmail", "kmail2", "org.kde.kmail2",
    "balsa", "mutt", "betterbird",
})  # fmt: skip
#: Chat programs (issue 37, decided after the fourth fresh pass): Return in their text
#: box sends a message to a person or a room, whatever the box is named ("Aa", "Input",
#: a room's name), and no label says so. Names as class or process shows them.
CHAT_PROGRAMS: Final = frozenset({
    "pidgin", "gajim", "dino", "im.dino.dino", "psi", "psi-plus", "kaidan", "hexchat",
    "xchat", "konversation", "quassel", "quasselclient", "polari", "org.gnome.polari",
    "fractal", "org.gnome.fractal", "nheko", "element", "element-desktop", "signal",
    "signal-desktop", "telegram-desktop", "telegramdesktop", "org.telegram.desktop",
    "discord", "vesktop", "webcord", "armcord", "slack", "teams", "teams-for-linux",
    "mattermost", "mattermost-desktop", "rocket.chat", "rocketchat", "rocketchat-desktop",
    "zulip", "caprine", "ferdium", "franz", "rambox", "whatsapp-desktop", "whatsie", "wire",
    "wire-desktop", "session-desktop", "skype", "skypeforlinux", "jami", "jami-gnome",
    "qtox", "utox", "chatty", "sm.puri.chatty", "neochat", "org.kde.neochat", "ruqola",
    "schildichat", "cinny", "beeper", "gtkcord4", "dissent", "tokodon", "tuba",
    "dev.geopjr.tuba", "whalebird", "kdeconnect-sms", "thunderbird-chat",
})  # fmt: skip
#: Shells, interpreters and REPLs (issue 37, fifth pass): a window whose process is one
#: of these is not on the table by its class (a script may set any ``WM_CLASS``: a
#: script run by ``ruby`` may call its window ``gedit``), and a window title that names one
#: reads as a shell's (:mod:`._pages`). Names as their process shows them.
INTERPRETERS: Final = frozenset({
    "sh", "bash", "zsh", "fish", "dash", "ksh", "csh", "tcsh", "nu", "xonsh", "elvish",
    "python", "python2", "python3", "ipython", "ipython3", "pypy", "pypy3", "node",
    "nodejs", "deno", "bun", "ruby", "irb", "perl", "lua", "luajit", "php", "tclsh",
    "wish", "guile", "racket", "sbcl", "clisp", "ghci", "ocaml", "erl", "iex", "julia",
    "psql", "mysql", "mariadb", "sqlite3", "redis-cli", "mongo", "mongosh", "gjs",
    "osascript", "pwsh", "powershell",
})  # fmt: skip
#: Processes that carry other programs' X connections (issue 37, sixth pass): a window
#: the X server says one of these holds was drawn by a client behind it (over a socket
#: relay, an X proxy, a nested server, a container's or another machine's display), so
#: its class is only that client's claim, as over TCP (``Window.remote``). Names as
#: their process shows them.
RELAYS: Final = frozenset({
    "socat", "nc", "ncat", "netcat", "stunnel", "stunnel4", "xpra", "waypipe", "x11docker",
    "xephyr", "xnest", "xvnc", "x0vncserver", "nxproxy", "nxagent", "x2goagent",
    "x2goclient", "sshpass", "xwayland-satellite", "weston",
})  # fmt: skip
#: A name's endings that are not part of the program's name (``soffice.bin``).
_ENDINGS: Final = (".bin", ".exe", "-bin", ".real", ".py")
#: The kernel keeps a process name's first 15 characters (``/proc/PID/comm``).
_COMM: Final = 15
_BY_COMM: Final = frozenset(name[:_COMM] for name in TEXT_PROGRAMS)
#: Keys that press what has focus, or run a shell's line, beyond the ``field`` keys.
_PRESSING: Final = frozenset({"Return", "space", "KP_Enter", "ISO_Enter", "Linefeed"})
_ENTER_CHORDS: Final = frozenset({"ctrl+m", "ctrl+j"})  # Return and newline in a terminal
#: Keys that recall, edit or run a shell's line (readline's and a REPL's): the history
#: (Up, Down, ctrl+p/n), run and fetch the next (ctrl+o), erase (ctrl+h/u/w/k). In a
#: program on the table they are navigation and document chords; in a program off the
#: table and not named, or unknown, they may act on a command line: refused as text is.
LINE_KEYS: Final = frozenset({
    "Up", "Down", "ctrl+p", "ctrl+n", "ctrl+o", "ctrl+h", "ctrl+u", "ctrl+w", "ctrl+k",
})  # fmt: skip


def _variants(name: str) -> set[str]:
    folded = name.strip().casefold()
    if not folded:
        return set()
    found = {folded, folded.rsplit(".", 1)[-1]}
    for ending in _ENDINGS:
        if folded.endswith(ending) and len(folded) > len(ending):
            found.add(folded[: -len(ending)])
    return found


def _suite_parts(window: Window) -> list[str]:
    """The names of ``window``'s ``WM_CLASS`` that name a part of a program another of
    its names names (instance ``libreoffice``, class ``libreoffice-basicide``): the
    window is that part, and the part must be on the table itself."""
    names = (*window.wm_class, window.process)
    bases = {v for name in names for v in _variants(name)}
    return [
        name
        for name in window.wm_class
        if any(
            name.strip().casefold().startswith(base + "-")
            for base in bases
            if base != name.strip().casefold()
        )
    ]


def text_program(window: Window) -> str | None:
    """The name by which ``window``'s own program is on :data:`TEXT_PROGRAMS`, or None.
    A window whose class names a part of a suite (:func:`_suite_parts`) is known by
    that part only: a suite's macro IDE is not its word processor."""
    if interpreter(window.process):
        return None  # a shell or an interpreter: its class is whatever its script says
    if window.remote:
        return None  # over TCP or from another machine: its class is only its claim
    if window.process and not _process_listed(window.process):
        return None  # a process off the table (a relay's among them): the class is a claim
    parts = _suite_parts(window)
    if parts:
        return next((name for name in parts if _variants(name) & TEXT_PROGRAMS), None)
    for name in window.wm_class:
        if _variants(name) & TEXT_PROGRAMS:
            return name
    return window.process or None  # listed, when there is one (above)


def _claimed(window: Window) -> bool:
    """Whether ``window``'s class is on the table while the process the X server names
    is not (a shell's or an interpreter's too; a relay's refusal is worded before it)."""
    return bool(
        window.process
        and not _process_listed(window.process)
        and any(_variants(name) & TEXT_PROGRAMS for name in window.wm_class)
    )


def _process_listed(process: str) -> bool:
    """Whether process name ``process`` is a program of the table (the kernel cuts a
    name to 15 characters: ``gnome-text-edit``)."""
    names = _variants(process)
    return bool(names & TEXT_PROGRAMS or (len(process) == _COMM and names & _BY_COMM))


def interpreter(name: str) -> bool:
    """Whether process ``name`` is a shell, an interpreter or a REPL
    (:data:`INTERPRETERS`, also versioned: ``python3.12``)."""
    return any(
        v in INTERPRETERS or v.rstrip("0123456789.") in INTERPRETERS for v in _variants(name)
    )


def program_names(window: Window) -> set[str]:
    """Every name ``window``'s program goes by, folded: its classes and process, each
    also without a reverse-DNS prefix or a known ending (``org.gnome.gedit``: ``gedit``)."""
    return {n for name in (*window.wm_class, window.process) for n in _variants(name)}


def page_program(window: Window) -> bool:
    """Whether ``window`` shows a browser's page: its own program is one of
    :data:`PAGE_PROGRAMS` and it is no dialog (``WM_TRANSIENT_FOR``) of another window."""
    if window.transient_for and window.transient_for != window.id:
        return False
    name = text_program(window)
    return name is not None and bool(_variants(name) & PAGE_PROGRAMS)


def remote_program(window: Window) -> bool:
    """Whether ``window`` belongs to a VM console or a remote desktop
    (:data:`REMOTE_PROGRAMS`, by its class or process; ``qemu-system-*`` by its start)."""
    names = program_names(window)
    return bool(names & REMOTE_PROGRAMS) or any(n.startswith("qemu-system") for n in names)


def chat_program(window: Window | None) -> bool:
    """Whether ``window`` belongs to a chat program (:data:`CHAT_PROGRAMS`)."""
    return window is not None and bool(program_names(window) & CHAT_PROGRAMS)


def mail_program(window: Window | None) -> bool:
    """Whether ``window`` belongs to a mail program (:data:`MAIL_PROGRAMS`)."""
    if window is None:
        return False
    names = program_names(window)
    return bool(names & MAIL_PROGRAMS)


def types_text(action: Action, context: str) -> bool:
    """Whether ``action``, landing with ``context`` (``field``, ``paste``, ``window``;
    ``""``: not keys), puts text into a window or presses by key: text, a paste, a
    drop, an editing key, Return, space and chords on them (ctrl+Return)."""
    if action.verb in ("type", "drag") or context in ("field", "paste"):
        return True
    if action.verb != "key" or not action.keys:
        return False
    last = action.keys.rsplit("+", 1)[-1] if not action.keys.endswith("++") else "+"
    return last in _PRESSING or action.keys in _ENTER_CHORDS


def _allowed(
    window: Window, windows: Sequence[Window], names: Sequence[str], seen: frozenset[int]
) -> bool:
    """``window``'s program is on the table or named (``names``: ``typing_in``); or it
    is a window of the same process as such a window, or a dialog of one."""
    if text_program(window) is not None or (names and in_scope(names, window, windows)):
        return True
    if _suite_parts(window):  # a part of a suite off the table: its own class says so
        return False
    if window.pid is not None and any(
        w.pid == window.pid
        and (text_program(w) is not None or (names and in_scope(names, w, windows)))
        for w in windows
    ):
        return True
    owner = window.transient_for
    if not owner or owner in seen or owner == window.id:
        return False
    parent = next((w for w in windows if w.id == owner), None)
    return parent is not None and _allowed(parent, windows, names, seen | {owner})


def table_program(window: Window, windows: Sequence[Window]) -> bool:
    """Whether ``window`` takes text by the table alone, with no name the person gave:
    its program is on :data:`TEXT_PROGRAMS`, or it is a window of the same process as
    such a window, or a dialog of one (a program off the table takes text only because
    ``--allow-typing-in`` names it: :mod:`._pages` confines it)."""
    return _allowed(window, windows, (), frozenset())


def browser_window(window: Window) -> bool:
    """Whether ``window`` is a web browser's (:data:`PAGE_PROGRAMS`, by its class or
    process), its dialogs included (:func:`page_program` leaves those out)."""
    names = program_names(window)
    return bool(names & PAGE_PROGRAMS)


def _program_named(window: Window) -> str:
    """How a refusal names ``window``'s program: class, process, title."""
    parts = []
    if window.wm_class:
        parts.append(f"class {'/'.join(window.wm_class)!r}")
    if window.process:
        parts.append(f"process {window.process!r}")
    parts.append(f"title {window.title!r}")
    return ", ".join(parts)


#: Names a toolkit or runtime gives every program of its kind (a default Tk window is
#: ``tk``/``Tk``): allowing one allows them all, so a refusal suggests the title instead.
_GENERIC: Final = frozenset({"tk", "toplevel", "python", "python3", "java", "electron"})


def _fix_name(window: Window, windows: Sequence[Window] = ()) -> str:
    """The name a person passes to allow ``window``'s program: a dialog's owner's (the
    program, not its dialog), its ``WM_CLASS`` class (NEdit's main window and its dialogs
    share ``NEdit``), its instance, its process, else its title when those are a
    toolkit's names for every program (``Tk``)."""
    owner = next((w for w in windows if w.id == window.transient_for != window.id), None)
    if owner is not None:
        return _fix_name(owner, [w for w in windows if w.id != window.id])
    for name in (*reversed(window.wm_class), window.process):
        if name.strip() and name.strip().casefold() not in _GENERIC:
            return name
    return window.title if window.title.strip() else "NAME"


def program_refusal(
    action: Action,
    context: str,
    window: Window | None,
    windows: Sequence[Window],
    *,
    typing_in: Sequence[str],
    above: Window | None = None,
) -> PolicyRefusal | None:
    """Rule ``typing-program`` for ``action`` landing (``context``) in ``window`` (None:
    no window is listed there), or None when it puts no text there or the program may
    take it. ``above``: a window shown above every other that bypasses the window
    manager (a menu, a launcher: ``Window.override``); it takes the keyboard while it is
    shown, so typed text and keys are judged by its program too."""
    line_key = action.verb == "key" and action.keys in LINE_KEYS
    if not (types_text(action, context) or line_key) or ANY_PROGRAM in typing_in:
        return None
    names = tuple(typing_in)  # --window confines; it allows no typing (._scope)
    keyboard = action.verb in ("type", "key")
    if keyboard and above is not None and not _allowed(above, windows, names, frozenset()):
        return _refusal(action, above, windows, "shown above every window, it takes the keyboard")
    if window is not None and _allowed(window, windows, names, frozenset()):
        return None
    return _refusal(action, window, windows)


def _refusal(
    action: Action, window: Window | None, windows: Sequence[Window], how: str = ""
) -> PolicyRefusal:
    """The refusal of rule ``typing-program``: which program, and the exact fix."""
    if window is None:
        which = "no window is listed where it lands, so its program is unknown"
        fix = "--allow-typing-in '*' (any program, even one the harness cannot name)"
    elif window.remote or _variants(window.process) & RELAYS:
        which = (
            f"the X server names no process on this machine for the window "
            f"{_program_named(window)} but a relay, if any (a client over TCP, behind a "
            "proxy, or forwarded from another machine), "
            "so nothing says what it is: its class is only its own claim, and a terminal may "
            "make it" + (f" ({how})" if how else "")
        )
        name = shlex.quote(_fix_name(window, windows))
        fix = f"--allow-typing-in {name} (better: run the program on this machine)"
    elif _claimed(window):
        which = (
            f"the window {_program_named(window)} calls itself a program of the table by "
            f"its class, but the X server names its process {window.process!r}, which is "
            "not one (a class is any program's to set)" + (f" ({how})" if how else "")
        )
        name = shlex.quote(_fix_name(window, windows))
        fix = f"--allow-typing-in {name} (--window confines a run, it allows no typing)"
    elif not (window.wm_class or window.process):
        which = (
            f"the window ({_program_named(window)}) has no class and no process to know it "
            "by" + (f" ({how})" if how else "")
        )
        title = shlex.quote(_fix_name(window, windows))
        fix = f"--allow-typing-in {title} (its title), or --allow-typing-in '*'"
    else:
        which = f"it would reach the program of the window {_program_named(window)}" + (
            f" ({how})" if how else ""
        )
        name = shlex.quote(_fix_name(window, windows))
        fix = f"--allow-typing-in {name} (--window confines a run, it allows no typing)"
    return PolicyRefusal(
        f"{action.describe()} is refused: {which}, and text, pastes and presses by key go "
        "only to programs on the table of text programs (editors, office, browsers, mail, "
        f"file managers, dialogs, viewers). If this program may take them, run again with {fix}",
        rule="typing-program",
    )
