"""The policy: the one home of every limit, allow list and deny list.

Every action passes :meth:`Policy.check` before an executor sees it. A refusal raises
:class:`~tiny_computer_agent._errors.PolicyRefusal` naming the rule:

    kill-switch      the kill-switch file exists (a dangling symlink counts; its path is
                     printed at every run start, :meth:`Policy.prepare_kill_switch` makes
                     its folder)
    step-budget      the episode has used its hard step budget
    denied-text      typed text contains a denied fragment (sudo, rm with -r and -f,
                     | sh, chmod -R 777, password...), also after its backspaces
    control-text     typed text holds a control character (\\b, \\r, ESC, DEL...): a
                     BackSpace or an Enter is a ``key`` action, not text
    denied-key       a key chord is denied (ctrl+alt+t, super, super+r, alt+F2...),
                     also with modifiers added (super+shift+r); ``--allow-key`` does
                     not lift it
    key-not-allowed  a key chord is not on the allow list :data:`ALLOWED_KEYS` (nor in
                     ``allow_keys``, from ``--allow-key CHORD``); a typed newline is a
                     Return and needs Return to be allowed
    denied-widget    a target's label, or the title of a window to focus, names a denied
                     widget (terminal, konsole, wallet, bank...); a target outside a
                     browser's page names a terminal in any language, as its package or
                     this machine's menus call it (:mod:`._terminal_names`: "终端",
                     "Open in Kitty" where kitty is installed); or, with real input,
                     typing with no target while a denied widget is on screen (the keys
                     go to whatever has focus)
    denied-sequence  the action completes a denied fragment across the episode's earlier
                     actions (``history=``): ``type "su"`` then ``type "do reboot"``
    terminal-window  with real input, typing, a key, a paste, a click, a drag or a
                     wheel turn would reach a terminal, a shell or a run dialog, known by
                     its window's class or process (:data:`TERMINAL_PROGRAMS`), its title
                     (:data:`TERMINAL_TITLES`: ``user@host: ~``; of a program otherwise
                     unknown, :data:`TERMINAL_TITLES_UNKNOWN`: ``~``, ``htop``) or its
                     accessibility role (``Window.role``: the tree shows a ``terminal``
                     in it) or the pseudo-terminal its process holds (``Window.pty``,
                     lifted only by naming the program: ``--allow-typing-in NAME``);
                     text, keys or a drop aimed at a shell's prompt
                     (:data:`PROMPT_LABELS`); any key but Escape while a launcher that
                     bypasses the window manager (``Window.override``: dmenu, rofi) is
                     on top, or while the desktop shell shows a field of its own (state
                     ``shell``: GNOME Shell's overview search); ``focus`` on such a
                     window is refused in a dry run too;
                     side doors (:mod:`._side_doors`): text into a field that holds a
                     command, a run dialog's Run, a dialog's yes that runs code, text
                     into a file a shell runs later (``.bashrc``, a crontab), a scheme
                     not the web's in the address bar, and a click on an on-screen
                     keyboard's key, a Paste or a send-keys menu item, a clipboard
                     manager's entry, judged as the typing it is
    typing-program   with real input, text, a paste (a chord, a middle click, a drop), an
                     editing key or a press by key (Return, space...) would reach a
                     program that is not on the table of text programs nor named by
                     ``typing_in`` (``--allow-typing-in``; ``scope`` allows nothing), or
                     an unknown one (:mod:`._text_programs`); in a browser's page, into
                     anything but a field the index knows and names (:mod:`._pages`;
                     with no target, a page showing a shell's line is ``terminal-window``);
                     in a program only ``typing_in`` allows, into an unnamed input the
                     index shows (unless ``'*'``; a shell's line shown: as in a page)
    typing-target    with real input, text, an editing key or a paste would not go into
                     a field: the target (or the focused element) is a button, a label...
                     (:data:`TYPING_KINDS`); untargeted text with neither a focused field
                     nor a known program in front; a paste (ctrl+v, shift+Insert, a
                     middle click) into anything but a field the index knows is one
    blind-click      real input aimed at a numbered grid cell, not at something seen
    irreversible     with real input, the target means something that cannot be undone
                     (Delete account, Pay, Send, shift+Delete..., or a generic yes whose
                     dialog says such an act: ``OK`` under "Delete 3 files?") and the
                     person neither
                     allowed it (``allow_irreversible``) nor said yes (``approve``); a
                     press by key (Return, space, a typed newline) where the focus is not
                     known may press any control of the window (:mod:`._presses`); a
                     file that runs, opened, and an address whose path acts
                     (:mod:`._side_doors`)
    wheel-target     a scroll aimed at something that does not scroll (a spin box, a
                     slider, a drawing: :mod:`._wheel`), or with no target where nothing
                     on screen scrolls, in a dry run too
    window-scope     with ``scope`` (``--window TITLE|CLASS``), an action would reach a
                     window outside it (:mod:`._scope`), in a dry run too
    focus-moved      (the real executor, just before sending) X's focused window is not
                     the one a key, text or paste was judged against: a dialog mapped
                     after the look, focus that follows the pointer; or X's keyboard
                     focus is in a window no listing shows (GNOME Shell's overview and
                     its search, a launcher drawn outside the window manager)
    global-key       (the real executor, just before sending) another program holds the
                     chord as a global shortcut (a passive grab on X's root window: a
                     window manager's alt+Return, ratpoison's ctrl+t, Guake's F12), so X
                     would give it to that program, not to the focused window; lifted
                     per chord by ``allow_global_keys`` (``--allow-global-key``) only
    field-covered    another window is top-most at the pixel a click, a drag's end, a
                     wheel turn or typing's click would land on, not the target's own:
                     on the frame (an element the accessibility tree lists under a
                     window that covers it, or outside its window's box), in a dry run
                     too; and, with real input, asked of the X server just before a
                     click (:mod:`.desktop._inputs`)
    secret-target    a ``--secret`` typed where it may show or leave the machine: with
                     no target, with other text, or into a field that is not a password,
                     PIN, passphrase, token or key field nor named by ``secret_fields``
                     (``--secret-field``), in a dry run too (:mod:`._secrets`)
    arming           real input was asked for without both deliberate acts
    unknown-window   (the desktop executor, just before a press or a wheel turn) the
                     X server's top-most window at the point is one the frame did not
                     list (:func:`._side_doors.pointer_refusal`)

**How text is judged.** Typed text, labels and the lists are compared by their skeleton
(:mod:`._normalize`): compatibility-normalised, case-folded, invisible characters and
accents removed, look-alike letters mapped to ASCII by Unicode's confusables data,
whitespace collapsed; labels (read by OCR) also fold OCR's confusions (``rn``/``m``,
``I``/``l``/``1``, ``0``/``o``), so ``Terrninal``, ``TerminaI`` and a Cyrillic ``Теrminal``
are all ``terminal``. A denied text fragment matches where it stands as a word of its
own (``sudo`` in ``sudo -i``, not in ``sudoku``; ``pseudo`` never holds it); a fragment
of five or more letters also matches with the spaces and punctuation taken out
(``pass word``). A fragment written ``re:PATTERN`` is a regular expression searched in
the lower-case skeleton (``rm`` with both ``r`` and ``f`` flags in any order or
spelling). A widget matches anywhere in a label's letters and digits.

**Sequences.** ``check(action, observation, history=...)`` stays pure: ``history`` is
the actions already performed in this episode, in order. From it the policy simulates
what a focused text field or a terminal's line would have received (typed text; keys
one by one; BackSpace, Delete, arrows, Home/End and the shell's ctrl+h/a/e/b/f/d/u/k/w)
and also keeps the raw stream of everything inserted, nothing removed (in case an edit
key did not edit). The action that makes a denied fragment appear in either, in the
last :data:`SEQUENCE_WINDOW` characters, is refused. Clicks do not start a fresh buffer:
the harness cannot see where focus lands (a click on a button can leave a terminal
focused), so the window runs across the whole episode; the cost is a rare refusal when
a fragment is split across two fields.

**Irreversible actions.** :data:`IRREVERSIBLE` lists what cannot be undone; an entry
matches a target's label on word boundaries (``Delete account`` yes, ``Deleted items``
no), and an entry written ``=WORD`` only a label that is just that (a button called
``Send``, not ``Sender`` or ``Send to back``). A label the list does not name is judged
by what pressing it does (:mod:`._irreversible`, issue 37: paying, buying, sending money,
deleting, publishing, in eight languages: ``Pay $49.99``, ``Yes, delete``,
``3 Dateien löschen``), then, with ``irreversible_learner``, for a label the rules pass,
by a learned second opinion (:mod:`._irreversible_learned`), which can only add a flag.
:meth:`Policy.irreversible` says what matched; with real input such an action is
refused unless one of ``allow_irreversible`` has the same letters and digits as the label
and presses are left (``--allow-irreversible 'Delete account'`` allows one press in the
episode, ``'Send*3'`` three, ``'OK@Files'`` one in that window or its dialogs, named as
``scope`` names one, which a generic yes must name; earlier presses are counted in
``history``), or
``approve(action, element, observation)`` returns True. Dry runs never refuse for it.

**Keys and typing by what they reach** (issue 37). Keys are an allow list:
:data:`ALLOWED_KEYS` names each chord input may send and its context (``window``: any
window but a terminal; ``field``: where typed text may go; ``paste``: only a field the
index shows), and a single character types. With real input each action is judged by
where it lands: its target, else the focused element the index shows, else the window
in front; nothing lands in a terminal, text only in a field. The deny lists stay, as a
second line.

**Looking is not input.** ``wait_for`` and ``zoom`` (the harness's own verbs) pass only
the kill switch and need their target on screen; the deny lists judge input. A wait
lasts at most ``max_wait_seconds`` (:meth:`Policy.wait_deadline`), whatever it asks for,
and the kill switch is checked at every poll while it waits.

**Batches.** Each action of a batch is checked, with the ones before it as history,
before the first of them is carried out: one refusal refuses the whole batch.

**Secrets.** ``secrets`` (``{name: value}``, from ``--secret NAME``) are what a typed
``<secret>NAME</secret>`` placeholder becomes at the moment of typing
(:mod:`._secrets`); the policy judges the text as it will be typed, and a refusal's
message shows the placeholder, never the value. A secret goes only, alone and by name,
into a password, PIN, passphrase, token or key field (rule ``secret-target``).

Real input needs two deliberate acts: the ``--real-input`` flag and the environment
variable ``TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1``, both given to :meth:`Policy.armed`,
the only way to an armed policy: ``real_input`` is not a constructor argument, and
``dataclasses.replace`` cannot set it (a copy made by ``replace`` is a dry run again).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import os
import re
import shlex
import threading
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final, TypeAlias

from ._actions import MAX_WAIT_FOR_SECONDS, VERB_TABLE, Action, normalize_keys
from ._channels import channel_refusal, runs_typed
from ._elements import Element, Observation, Window, normalize_label
from ._errors import ActionError, PolicyRefusal, TargetError
from ._executors import screen_points
from ._irreversible import (
    PRESS_VERBS,
    Allowed,
    allowances,
    classify,
    classify_in,
    dialog_texts,
    how_to_allow,
    may_answer,
    presses_left,
)
from ._irreversible_learned import doubt as learned_doubt
from ._irreversible_learned import doubt_in as learned_doubt_in
from ._menu_bar import menu_bar
from ._pages import page_refusal, shell_line
from ._presses import PRESSING_KEYS, kind_is_known, opens_a_program, pressed_by
from ._scope import POINTER_VERBS, dialog_helper, in_scope, known_windows, scope_refusal
from ._secrets import expand_secrets, redact, secret_refusal
from ._side_doors import side_door, side_door_refusal
from ._terminal_names import installed_terminal_names, names_terminal
from ._text_programs import page_program, program_refusal
from ._wheel import scroll_spot, turn_of, wheel_refusal
from .perception import (
    control_characters,
    find_window,
    ocr_skeleton,
    skeleton,
    skeletons,
    squeeze,
    window_at,
    words,
)

__all__ = [
    "ALLOWED_KEYS",
    "ARM_ENV",
    "DENIED_CHORDS",
    "DENIED_TEXT",
    "DENIED_WIDGETS",
    "DEFAULT_MAX_WAIT_SECONDS",
    "DEFAULT_WAIT_SECONDS",
    "HOME_ENV",
    "IRREVERSIBLE",
    "IRREVERSIBLE_CHORDS",
    "SEQUENCE_WINDOW",
    "LAUNCHER_PARTS",
    "PROMPT_LABELS",
    "TERMINAL_PROGRAMS",
    "TERMINAL_TITLES",
    "TERMINAL_TITLES_UNKNOWN",
    "TYPING_KINDS",
    "YES_HOLDS_SECONDS",
    "Approve",
    "Policy",
    "asked_once",
    "focused_element",
    "key_context",
    "prompt_reason",
    "state_dir",
    "terminal_reason",
    "text_around",
]

ARM_ENV: Final = "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT"
HOME_ENV: Final = "TINY_COMPUTER_AGENT_HOME"

#: One command's arguments: up to the next ; & | or line end.
_ARGS: Final = r"[^;&|\n]*"

DENIED_TEXT: Final = (
    "sudo", "su -", "su root", "rm -rf", "rm -fr", "password", "passwd", "mkfs",
    "dd if=", "chmod 777", ":(){", "| sh", "|sh", "| bash", "shutdown", "reboot",
    "poweroff", "format c:", "gnome-terminal", "xterm", "konsole", "powershell", "cmd.exe",
    # rm with a recursive and a force flag, in any order or spelling (-rf, -r -f, -vfR...)
    rf"re:\brm\b(?={_ARGS}\s-(?:-recursive\b|[a-z]*r))(?={_ARGS}\s-(?:-force\b|[a-z]*f)){_ARGS}",
    # a pipe into a shell or an interpreter: |bash, | zsh, |/bin/sh, | sudo sh, | python3
    r"re:\|\s*(?:sudo\s+)?(?:\S*/)?(?:(?:ba|da|z|k|c|tc|fi|a)?sh|python[\d.]*|perl|ruby)\b",
    r"re:(?:<|\$)\(\s*(?:curl|wget)\b",  # sh <(curl ...), $(wget ...)
    rf"re:\bchmod\b{_ARGS}\s(?:0?777|[ugoa]*\+rwx)\b",  # chmod -R 777, chmod 0777 /
    rf"re:\bdd\b{_ARGS}\b(?:if|of)\s*=",  # dd if=/dev/zero, dd of=/dev/sda
    r"re::\s*\(\s*\)\s*\{",  # the fork bomb, spaced out
    r"re:\binit\s+[06]\b",
    rf"re:\b(?:rd|rmdir|del|erase)\b{_ARGS}\s/[sq]\b",  # Windows: rd /s /q, del /s
    rf"re:\bremove-item\b{_ARGS}\s-recurse",
    # the second audit (issue 37): another way up; code handed to a shell or an
    # interpreter (-c, -e, a here-string, eval); removing, wiping, killing without rm -rf
    r"re:\b(?:doas|run0|pkexec)\b",
    r"re:\b(?:(?:ba|da|z|k|c|tc|fi|a)?sh|python[\d.]*|perl|ruby|node(?:js)?|php|lua|tclsh)"
    r"\s+-\w*[ce]\b",
    r"re:\bbusybox\b", r"re:<<<", r"re:\beval\s+[$\"'`(]", r"re:\$'[^']*\\[0-7xu]",
    rf"re:\bfind\b{_ARGS}\s-(?:delete|exec|execdir|ok)\b", rf"re:\bxargs\b{_ARGS}\brm\b",
    r"re:\b(?:shred|wipefs|truncate)\s+-", rf"re:\bch(?:own|grp)\b{_ARGS}\s-[a-z]*r",
    r"re:\bkill\s+(?:-\w+\s+)?-1\b", r"re:\b(?:pkill|killall|telinit)\b", r"re:^\s*halt\b",
    r"re:\b(?:systemctl|loginctl)\s+(?:halt|poweroff|reboot|kexec|terminate-|kill-)",
    r"re:\bcrontab\s+-\w*r", rf"re:\bgit\s+clean\b{_ARGS}\s-\w*f",
    rf"re:\brsync\b{_ARGS}\s--delete", rf"re:\bmv\b{_ARGS}\s/dev/null\b", r"re:>\s*~/\.",
    r"re:/proc/sysrq-trigger", r"re:(\w+)\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1",
    rf"re:\bchmod\b{_ARGS}\s0{{3,4}}\b",  # chmod -R 000 ~: nothing can be read
    # the fifth pass (issue 37): a download written over a dotfile the shell reads
    # (curl -o ~/.profile, wget -O ~/.bashrc, tee ~/.zshrc), a block device written raw,
    # history rewritten for everyone, the home folder served, a command split by $IFS
    rf"re:\b(?:curl|wget)\b{_ARGS}\s(?:-o|-O|--output(?:-document)?)[\s=]*~/\.",
    r"re:\btee\b(?:\s+-\w+)*\s+~/\.", r"re:>\s*/dev/(?:sd|hd|vd|xvd|nvme|mmcblk|disk)",
    rf"re:\bgit\s+push\b{_ARGS}\s(?:-\w*f\b|--force\b|\+\w)",
    r"re:\bpython[\d.]*\s+-m\s+(?:http\.server|simplehttpserver)\b", r"re:\bifs\s*=",
    # the sixth pass (issue 37), typed into an xterm over TCP dressed as gedit: a shell
    # handed out by a network tool, awk, vim or tar; the home folder copied away; a
    # dotfile moved, unlinked, linked or zeroed; the disk filled; a new shell in place
    rf"re:\b(?:nc|ncat|netcat)\b{_ARGS}\s(?:-\w*[ec]\b|--(?:sh-|lua-)?exec\b)",
    r"re:\b[gm]?awk\b.*\bsystem\s*\(", rf"re:\b(?:n?vim?|ex)\b{_ARGS}\s(?:-c\s*|\+)['\"]?:?!",
    r"re:--checkpoint-action\s*=\s*exec", rf"re:\b(?:scp|rsync)\b{_ARGS}\s~/?\s+\S+:",
    rf"re:\b(?:mv|unlink|ln)\b{_ARGS}\s~/\.", r"re:\bcp\s+/dev/(?:zero|null|u?random)\b",
    r"re:\bfallocate\s+-", r"re:\b(?:setsid|exec)\s+(?:-\w+\s+)*(?:ba|da|z|k|c|tc|fi)?sh\b",
    r"re:\bscript\s+-\w*c", rf"re:\brsync\b{_ARGS}\s--(?:del\b|remove-source-files)",
    r"re:\b(?:xdg-open|gio\s+open|gtk-launch|exo-open)\b.*\.desktop\b",
)  # fmt: skip
DENIED_WIDGETS: Final = (
    "terminal", "console", "konsole", "xterm", "gnome-terminal", "powershell", "cmd.exe",
    "command prompt", "alacritty", "urxvt", "guake", "tilix",
    "keychain", "keyring", "wallet", "password", "passwd", "bank", "keepass", "bitwarden",
    "1password", "lastpass", "authenticator", "seed phrase", "private key",
)  # fmt: skip
DENIED_CHORDS: Final = (
    "ctrl+alt+t", "ctrl+alt+Delete", "ctrl+shift+Escape", "ctrl+alt+BackSpace",
    "super+l", *(f"ctrl+alt+F{n}" for n in range(1, 13)),
    # launchers and run dialogs: from there one typed word opens a terminal
    "super", "super+t", "super+r", "super+x", "super+Return", "alt+F1", "alt+F2",
    "ctrl+Escape",
)  # fmt: skip
#: Which keys and chords input may send, and where (issue 37): an allow list, judged by
#: what a key reaches. A chord missing here is refused (rule ``key-not-allowed``) unless
#: ``allow_keys`` (``--allow-key CHORD``) names it; a single character (``a``, ``shift+a``,
#: ``|``) types, so it is a ``field`` key. The contexts:
#:
#:     window  moves focus, selects or asks the application (navigation, form keys and
#:             the common document chords): any window but a terminal, shell or run dialog
#:     field   changes text: where typed text may go (see :data:`TYPING_KINDS`)
#:     paste   inserts the clipboard, unseen: only into a field the index shows (a typed
#:             target, or the focused field), never a terminal
#:
#: Left out on purpose: alt+letter (a dialog's mnemonic presses its button, Delete or Send
#: included, with no target to judge), alt+Tab and super (focus lands on what no one
#: looked at), F-keys but F2 (rename), F5 (reload) and F10 (the menu bar).
ALLOWED_KEYS: Final[Mapping[str, str]] = {
    **dict.fromkeys((
        "Tab", "shift+Tab", "Up", "Down", "Left", "Right", "Home", "End", "Page_Up",
        "Page_Down", "Escape", "space", "Return", "F2", "F5", "F10",
        "shift+Up", "shift+Down", "shift+Left", "shift+Right", "shift+Home", "shift+End",
        "ctrl+Left", "ctrl+Right", "ctrl+Home", "ctrl+End", "ctrl+shift+Left",
        "ctrl+shift+Right", "ctrl+shift+Home", "ctrl+shift+End",
        "ctrl+a", "ctrl+c", "ctrl+z", "ctrl+shift+z",
        "ctrl+s", "ctrl+o", "ctrl+n", "ctrl+f", "ctrl+h", "ctrl+p", "ctrl+w", "ctrl+l",
        "ctrl+shift+s",
        "ctrl+r",  # Find and Replace (mousepad, NEdit); a browser's reload, as F5
        "alt+Down",  # opens a focused drop-down's list (GTK, Qt, a browser's <select>)
        "shift+Delete",  # deletes for good: passes here, then needs a yes (irreversible)
    ), "window"),
    **dict.fromkeys((
        "BackSpace", "Delete", "Insert", "ctrl+BackSpace", "ctrl+Delete", "ctrl+x", "ctrl+y",
        "shift+Return", "shift+space",
    ), "field"),
    **dict.fromkeys(("ctrl+v", "shift+Insert", "ctrl+shift+v"), "paste"),
}  # fmt: skip
#: Element kinds typed text may go into: a field, a table cell, and ``""`` (plain OCR
#: text, which may be a field OCR cannot tell; so is ``text`` read in the pixels, while
#: the accessibility tree's ``text`` is a label); anything marked ``editable`` too.
TYPING_KINDS: Final = ("field", "cell", "")
#: Programs whose windows take no input from the harness: terminals, shells and run
#: dialogs, by their X ``WM_CLASS`` or their process name (compared case-folded, also by
#: the last part of a dotted name: ``org.wezfurlong.wezterm``). Any name holding ``term``
#: or ``rxvt`` counts too (``qterminal``, ``mlterm``, ``Eterm``), and any with a part
#: ``runner`` or ``launcher`` (``lxqt-runner``); Terminal, iTerm, cmd, PowerShell and
#: Windows Terminal are here for later backends.
TERMINAL_PROGRAMS: Final = (
    "xterm", "uxterm", "gnome-terminal", "gnome-terminal-server", "konsole",
    "xfce4-terminal", "alacritty", "kitty", "tilix", "terminator", "urxvt", "rxvt", "st",
    "st-256color", "wezterm", "wezterm-gui", "foot", "footclient", "lxterminal",
    "mate-terminal", "sakura", "terminology", "guake", "tilda", "yakuake", "ghostty", "kgx",
    "console", "ptyxis", "blackbox", "hyper", "contour", "zutty", "rio", "eterm", "mlterm",
    "terminal", "iterm", "iterm2", "cmd", "cmd.exe", "conhost", "powershell", "pwsh",
    "windowsterminal", "wt", "openconsole",
    # shells and multiplexers, as the process that owns a window
    "sh", "bash", "zsh", "fish", "dash", "ksh", "tcsh", "csh", "nu", "tmux", "screen",
    "xonsh", "elvish", "ipython", "ipython3", "ssh", "mosh", "mosh-client", "tabby",
    "warp", "ptyxis-agent",
    # run dialogs and launchers: one typed word and Return starts a program; a desktop
    # shell or panel hosts its own (the overview's search, a menu's search box)
    "krunner", "rofi", "dmenu", "ulauncher", "albert", "synapse", "xfce4-appfinder",
    "gmrun", "grun", "wofi", "fuzzel", "bemenu", "kickoff", "jgmenu", "kupfer", "cerebro",
    "tofi", "xfrun4", "gnome-shell", "plasmashell", "xfce4-panel", "lxpanel", "mate-panel",
    "budgie-panel", "cinnamon", "budgie-run-dialog", "gnome-do", "walker", "anyrun",
    "wingpanel", "lattedock", "plank", "docky", "whiskermenu", "wrapper-2.0", "wrapper-1.0",
    # terminals and shells the first tables missed (issue 37, third pass)
    "putty", "pterm", "xst", "evilvte", "kermit", "havoc", "wayst", "sudo", "su", "doas",
    "login", "busybox", "ash", "mksh", "yash", "oksh", "pdksh", "posh", "osh", "ion", "gdb",
    "lldb",
    # modal editors: typed keys are commands, and ":!" runs a shell
    "vi", "vim", "gvim", "nvim", "nvim-qt", "neovide", "vimr", "goneovim",
    # remote sessions: the keys go to another machine's desktop, which the policy cannot see
    "remmina", "vncviewer", "xtightvncviewer", "xfreerdp", "wlfreerdp", "rdesktop",
    "virt-viewer", "remote-viewer", "vinagre", "krdc", "gnome-connections", "x2goclient",
)  # fmt: skip
#: The parts of a program's name (split at ``-``, ``_``, ``.``) that make it a launcher,
#: a panel or a dock that hosts one (``lxqt-runner``, ``cairo-dock``, ``nwg-drawer``).
LAUNCHER_PARTS: Final = frozenset(
    {"runner", "launcher", "launchy", "panel", "dock", "drawer", "wrapper"}
)
#: Run verbs and command nouns in the languages the irreversible rules read (and a few
#: more), for a run dialog's title: a script's zenity or yad box titled in its language.
RUN_VERBS: Final = (
    "run", "execute", "ausführen", "exécuter", "lancer", "ejecutar", "executar", "esegui",
    "eseguire", "uitvoeren", "uruchom", "uruchomić", "wykonaj", "kör", "kør", "kjør",
    "suorita", "spustit", "spustiť", "çalıştır", "futtatása", "futtat", "выполнить",
    "виконати", "запустить", "запуск", "εκτέλεση", "jalankan", "chạy", "rulează",
    "rulare", "executa", "izvrši", "pokreni",
)  # fmt: skip
#: Windows' Run dialog's title in its languages (a window titled that alone)
WINDOWS_RUN_TITLES: Final = (
    "ausführen", "exécuter", "ejecutar", "executar", "esegui", "uitvoeren", "uruchom",
    "uruchamianie", "kör", "kør", "kjør", "suorita", "spustit", "spustiť", "çalıştır",
    "futtatás", "выполнить", "виконати", "εκτέλεση", "izvrši", "pokreni", "rulare",
    "jalankan", "chạy",
)  # fmt: skip
COMMAND_NOUNS: Final = (
    "command", "befehl", "kommando", "commande", "orden", "comando", "comandă", "comanda",
    "opdracht", "polecenie", "komento", "příkaz", "príkaz", "komut", "komutu", "parancs",
    "команду", "команда", "команди", "εντολής", "εντολή", "perintah", "lệnh", "naredbu",
    "naredba",
)  # fmt: skip
#: Window titles a terminal, shell or run dialog shows (searched in the title's
#: skeleton): gnome-terminal's default ``user@host: ~``, a prompt ``user@host:~$``, a
#: terminal's name, a run dialog's.
TERMINAL_TITLES: Final = (
    r"[\w.+-]+@[\w.-]+\s*:",
    r"[\w.+-]+@[\w.-]+\s+[~/]",
    r"\b(?:terminal|konsole|xterm|uxterm|urxvt|rxvt|powershell|pwsh|tmux)\b",
    r"\b(?:command prompt|cmd\.exe|windows terminal|bash|zsh)\b",
    r"^run(?: application| command| a command)?$",
    r"\bapplication finder\b",
    r"^[\w.+-]+@[\w.-]+$",  # root@localhost
    r"^(?:ssh|mosh|sh|fish|dash|ksh|tcsh|nu|xonsh)(?::|\s|$)",  # fish /home/ada, ssh a@b
    r"^(?:mingw(?:32|64)|msys2?|ucrt64|clang64)\s*:",  # Git Bash
    r"^(?:console|shell)$",
    r"\b(?:idle|python|ipython|jupyter) (?:shell|console)\b",
    r"^python \d+(?:\.\d+)*(?: \(\d+-bit\))?$",  # Python's console on Windows
    # run dialogs: GNOME's "Enter a Command", and Windows' Run in other languages
    r"^(?:enter|execute|run) (?:a )?(?:command|program)$",
    r"^(?:ausfuhren|executer|ejecutar|executar|esegui|uitvoeren|uruchom|выполнить)$",
    r"^(?:运行|執行|ファイル名を指定して実行|실행)$",
    r"\brun dialog\b", r"^alt\+f2$", r"\b(?:whisker menu|gnome do|application launcher)\b",
    r"\*(?:e?shell|term|ansi-term|vterm|terminal|eat|async shell command)\*",  # emacs
)  # fmt: skip
#: Titles that name a terminal only on a window whose program is unknown (no class, no
#: process): a path alone (``~``, ``/home/ada``: a shell's working directory), a
#: terminal's own name (``kitty``, ``Tilix: Default``), a program that runs in one
#: (``htop``, ``vim notes.txt``, ``IPython: ~``). A known program's title is its
#: document's (a web page may be titled "Vim tips").
TERMINAL_TITLES_UNKNOWN: Final = (
    r"^[~/][^\s]*$",
    r"^(?:alacritty|kitty|foot|footclient|st|xst|wezterm|tilix|terminator|guake|yakuake|tilda"
    r"|sakura|terminology|ghostty|putty|termite|hyper|tabby|warp|rio|contour|mlterm|kgx)"
    r"(?:$|\s*[!:])",
    r"^(?:htop|btop|vim?|nvim|nano|ranger|nnn|ipython\d?|python\d?(?:\.\d+)*|irb|psql"
    r"|mysql|sqlite3|gdb|lldb)(?:$|:|\s+-|\s+\S*[./~])",  # then ":", an option or a file
)
#: A shell's prompt in a label (``user@host:~$``, ``root@srv:/etc#``, ``PS C:\>``): text,
#: keys and pastes aimed at it reach a shell, whatever window it is in (or none).
PROMPT_LABELS: Final = (
    r"[\w.+-]+@[\w.-]+:?\s?[~/][^\s]*(?:\s\([^)]*\))?\s?[$#%>]",  # fish: ~/s/shop (main)>
    # zsh's default (host%, host#) and a router's or switch's (core-sw01#): a name with
    # a letter (not 100%, not C#)
    r"^(?=[\w.-]*[a-z][\w.-]*[a-z0-9])[\w.-]{2,}[%#]\s*$",
    r"^(?:[~/][^\s]*\s)?[$#%\u276f]\s*$",
    r"^(?:ps )?[a-z]:\\[^\n]*>",
    r"^(?:drun|run|ssh|combi|window|filebrowser)\s*:\s*$",  # rofi's and dmenu's modes
    r"^[\w.-]*sh-\d+(?:\.\d+)*[$#]\s*$",  # a shell's default prompt: bash-5.2$, sh-5.1#
    r"^[\u279c\u276f]\s+[\w.~/-]+(?:\s+git:\([^)]*\))?\s*\u2717?\s*$",  # a theme's: \u279c  proj
)
IRREVERSIBLE: Final = (
    # deleting for good; a lone Delete or Remove is the yes of "Delete this account?"
    "=delete", "=remove", "delete permanently", "permanently delete", "delete forever",
    "delete account", "delete my account", "delete your account", "delete this account",
    "remove account", "remove this account", "close account", "close my account",
    "deactivate account", "delete file", "delete files", "delete this file",
    "delete folder", "delete message", "delete messages", "delete this message",
    "delete conversation", "delete all", "delete everything", "erase", "wipe", "destroy",
    "format disk", "format drive", "format volume", "format partition", "format device",
    "uninstall", "empty trash", "empty the trash", "empty bin", "empty recycle bin",
    "discard all", "factory reset", "reset to factory", "factory data reset", "revoke",
    "sign out of everything", "sign out of all devices", "sign out everywhere",
    "log out of all devices", "log out everywhere",
    # paying and sending: once sent, it is gone
    "=purchase", "purchase now", "complete purchase", "confirm purchase", "=buy", "buy now",
    "=pay", "pay now", "confirm payment", "make payment", "submit payment", "place order",
    "place your order", "confirm order", "=transfer", "transfer money", "transfer funds",
    "confirm transfer", "send money", "send payment", "=send", "send now", "send message",
    "send email",
)  # fmt: skip
IRREVERSIBLE_CHORDS: Final = ("shift+Delete",)  # deletes without the trash
DEFAULT_MAX_STEPS: Final = 8
#: A ``wait_for`` with no deadline of its own waits this long; none waits longer than
#: the policy's ``max_wait_seconds`` (the CLI's --max-wait).
DEFAULT_WAIT_SECONDS: Final = 60.0
DEFAULT_MAX_WAIT_SECONDS: Final = 300.0
#: How many characters of what a field received the sequence rule looks back over.
SEQUENCE_WINDOW: Final = 200

#: Asked before an irreversible action with real input: True is the person's yes.
Approve: TypeAlias = Callable[[Action, Element | None, Observation], bool]
#: How long a person's yes also answers the executor's second check of the same action.
YES_HOLDS_SECONDS: Final = 5.0


def asked_once(ask: Approve, *, clock: Callable[[], float] = time.monotonic) -> Approve:
    """``ask``, asked once per action. When the screen moved between looking and
    acting, the executor checks the action again on a fresh frame; a yes given within
    :data:`YES_HOLDS_SECONDS` answers that second check too, once."""
    said_yes: dict[tuple[str, str], float] = {}
    lock = threading.Lock()

    def once(action: Action, element: Element | None, observation: Observation) -> bool:
        key = (action.describe(), "" if element is None else element.label)
        with lock:
            when = said_yes.pop(key, None)
        if when is not None and clock() - when < YES_HOLDS_SECONDS:
            return True
        if not ask(action, element, observation):
            return False
        with lock:
            said_yes[key] = clock()
        return True

    return once


def text_around(element: Element, observation: Observation, count: int = 8) -> list[Element]:
    """The ``count`` elements nearest ``element`` (itself included), nearest first: the
    screen a person is shown before saying yes to an irreversible action."""
    cx, cy = element.center
    return sorted(observation.elements, key=lambda e: math.dist(e.center, (cx, cy)))[:count]


_CONTROL_NAMES: Final[Mapping[str, str]] = {
    "\b": "BackSpace (\\b)", "\r": "carriage return (\\r)", "\x1b": "Escape (\\x1b)",
    "\x7f": "DEL (\\x7f)", "\x15": "ctrl+u (\\x15)", "\x17": "ctrl+w (\\x17)",
}  # fmt: skip


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where the harness keeps state: ``$TINY_COMPUTER_AGENT_HOME``, else the XDG state dir."""
    env = os.environ if environ is None else environ
    if env.get(HOME_ENV):
        return Path(env[HOME_ENV]).expanduser()
    base = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base).expanduser() / "tiny-computer-agent"


@dataclasses.dataclass(frozen=True, slots=True)
class _Fragment:
    """One denied text fragment, compiled: a pattern over the skeleton, and for a word of
    five or more letters also its letters (matched with spaces and punctuation out)."""

    name: str
    pattern: re.Pattern[str]
    core: str = ""

    @classmethod
    def of(cls, entry: str) -> _Fragment:
        if entry.startswith("re:"):
            return cls(entry, re.compile(entry[3:]))
        skel = skeleton(entry)
        if not skel:
            raise ValueError(f"denied text fragment {entry!r} is empty once normalised")
        left = r"(?<!\w)" if skel[0].isalnum() else ""
        right = r"(?!\w)" if skel[-1].isalnum() else ""
        core = squeeze(skel)
        word_like = core == skel.replace(" ", "") and len(core) >= 5
        return cls(entry, re.compile(left + re.escape(skel) + right), core if word_like else "")

    def count(self, skel: str, core: str) -> int:
        """How often it occurs in a skeleton (``core``: the skeleton's letters)."""
        found = sum(1 for _ in self.pattern.finditer(skel))
        return found + (core.count(self.core) if self.core else 0)

    def describe(self, skel: str) -> str:
        """The fragment, as a refusal names it; a pattern by what it matched."""
        if not self.name.startswith("re:"):
            return f"the denied fragment {self.name!r}"
        match = self.pattern.search(skel)
        shown = match.group() if match else self.name
        return f"{shown.strip()!r}, which a deny pattern forbids ({self.name})"


@dataclasses.dataclass(frozen=True, slots=True)
class _Irreversible:
    name: str
    words: str
    whole: bool  # "=send": the label must be just this

    @classmethod
    def of(cls, entry: str) -> _Irreversible:
        whole = entry.startswith("=")
        text = words(ocr_skeleton(entry[1:] if whole else entry))
        if not text:
            raise ValueError(f"irreversible entry {entry!r} is empty once normalised")
        return cls(entry, text, whole)

    def matches(self, label_words: str) -> bool:
        if self.whole:
            return label_words == self.words
        return f" {self.words} " in f" {label_words} "


@dataclasses.dataclass(frozen=True, slots=True)
class _Compiled:
    """The lists, normalised once: check() runs before every action and for every
    scored decision."""

    text: tuple[_Fragment, ...]
    widgets: tuple[tuple[str, str], ...]  # (entry, its letters and digits, OCR-folded)
    chords: frozenset[str]
    irreversible: tuple[_Irreversible, ...]
    irreversible_chords: frozenset[str]
    allowed: Allowed  # label key -> (window, presses) (--allow-irreversible LABEL*N@WINDOW)

    @classmethod
    def of(cls, policy: Policy) -> _Compiled:
        return _compile(
            text=policy.denied_text,
            widgets=policy.denied_widgets,
            chords=policy.denied_chords,
            irreversible=policy.irreversible_labels,
            irreversible_chords=policy.irreversible_chords,
            allowed=policy.allow_irreversible,
        )


@functools.lru_cache(maxsize=32)  # a policy is made per scored decision: compile once
def _compile(
    *,
    text: tuple[str, ...],
    widgets: tuple[str, ...],
    chords: tuple[str, ...],
    irreversible: tuple[str, ...],
    irreversible_chords: tuple[str, ...],
    allowed: tuple[str, ...],
) -> _Compiled:
    def chord(keys: str) -> str:
        return skeleton(normalize_keys(keys))

    return _Compiled(
        text=tuple(_Fragment.of(f) for f in text),
        widgets=tuple((w, _widget_key(w)) for w in widgets),
        chords=frozenset(chord(c) for c in chords),
        irreversible=tuple(_Irreversible.of(e) for e in irreversible),
        irreversible_chords=frozenset(chord(c) for c in irreversible_chords),
        allowed=allowances(allowed),
    )


@functools.lru_cache(maxsize=32)
def _chords(chords: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(normalize_keys(c) for c in chords)


def _widget_key(label: str) -> str:
    return squeeze(ocr_skeleton(label))


# -- what a focused field would have received ---------------------------------------------

#: Keys that edit, by their normalised chord: GUI fields and the shell's (readline) keys.
_EDIT_KEYS: Final[Mapping[str, str]] = {
    "BackSpace": "backspace", "ctrl+h": "backspace", "Delete": "delete", "ctrl+d": "delete",
    "Left": "left", "ctrl+b": "left", "Right": "right", "ctrl+f": "right",
    "Home": "home", "ctrl+a": "home", "End": "end", "ctrl+e": "end",
    "ctrl+u": "kill_start", "ctrl+k": "kill_end", "ctrl+w": "kill_word",
    "ctrl+BackSpace": "kill_word", "alt+BackSpace": "kill_word",
}  # fmt: skip
_INSERT_KEYS: Final[Mapping[str, str]] = {"Return": "\n", "Tab": "\t", "space": " "}
#: Control characters inside typed text, as what they do when typed.
_TYPED_CONTROLS: Final[Mapping[str, str]] = {
    "\b": "backspace", "\x7f": "backspace", "\x15": "kill_start", "\x17": "kill_word",
}  # fmt: skip
_SPLIT_CONTROLS: Final = re.compile("([\x00-\x08\x0b-\x1f\x7f-\x9f])")
_KEEP: Final = 4 * SEQUENCE_WINDOW


def _key_text(keys: str) -> str | None:
    """The text a key chord inserts (``shift+a`` -> ``A``), or None."""
    shifted = keys.startswith("shift+")
    key = keys[len("shift+") :] if shifted else keys
    if key in _INSERT_KEYS:
        return _INSERT_KEYS[key]
    if len(key) == 1:
        return key.upper() if shifted else key
    return None


@dataclasses.dataclass(slots=True)
class _Field:
    """A focused text field or a terminal line: ``text`` with a cursor, as edited, and
    ``raw``, every character ever inserted with nothing removed."""

    text: str = ""
    cursor: int = 0
    raw: str = ""

    def apply(self, action: Action) -> None:
        if action.verb == "type" and action.text:
            self.type(action.text)
        elif action.verb == "key" and action.keys:
            inserted = _key_text(action.keys)
            if inserted is not None:
                self.insert(inserted)
            elif action.keys in _EDIT_KEYS:
                getattr(self, _EDIT_KEYS[action.keys])()

    def type(self, text: str) -> None:
        """Text as a field receives it: \\b and DEL erase, \\r is Enter, other controls
        do nothing."""
        for part in _SPLIT_CONTROLS.split(text):
            if part == "\r":
                self.insert("\n")
            elif part in _TYPED_CONTROLS:
                getattr(self, _TYPED_CONTROLS[part])()
            elif part and not _SPLIT_CONTROLS.fullmatch(part):
                self.insert(part)

    def views(self) -> tuple[str, str]:
        """Up to :data:`SEQUENCE_WINDOW` characters each side of the cursor, and the last
        ones of ``raw``; cut at whitespace, so no word is judged by a part of it."""
        start, end = self.cursor - SEQUENCE_WINDOW, self.cursor + SEQUENCE_WINDOW
        return _window(self.text, start, end), _window(self.raw, len(self.raw) - SEQUENCE_WINDOW)

    def insert(self, chars: str) -> None:
        self._set(self.text[: self.cursor] + chars + self.text[self.cursor :], len(chars))
        self.raw = (self.raw + chars)[-_KEEP:]

    def _set(self, text: str, move: int) -> None:
        self.cursor = max(0, min(len(text), self.cursor + move))
        drop = max(0, min(len(text) - _KEEP, self.cursor - SEQUENCE_WINDOW))
        self.text, self.cursor = text[drop:], self.cursor - drop

    def _line_start(self) -> int:
        return self.text.rfind("\n", 0, self.cursor) + 1

    def _line_end(self) -> int:
        end = self.text.find("\n", self.cursor)
        return len(self.text) if end < 0 else end

    def backspace(self) -> None:
        if self.cursor:
            self._set(self.text[: self.cursor - 1] + self.text[self.cursor :], -1)

    def delete(self) -> None:
        self._set(self.text[: self.cursor] + self.text[self.cursor + 1 :], 0)

    def left(self) -> None:
        self.cursor = max(0, self.cursor - 1)

    def right(self) -> None:
        self.cursor = min(len(self.text), self.cursor + 1)

    def home(self) -> None:
        self.cursor = self._line_start()

    def end(self) -> None:
        self.cursor = self._line_end()

    def kill_start(self) -> None:
        start = self._line_start()
        self._set(self.text[:start] + self.text[self.cursor :], start - self.cursor)

    def kill_end(self) -> None:
        self._set(self.text[: self.cursor] + self.text[self._line_end() :], 0)

    def kill_word(self) -> None:
        head = self.text[: self.cursor]
        cut = len(head.rstrip()) - len(head.rstrip().split(" ")[-1].split("\n")[-1])
        self._set(head[:cut] + self.text[self.cursor :], cut - self.cursor)


def _window(text: str, start: int, end: int | None = None) -> str:
    """``text[start:end]``, with a word cut at either edge left out."""
    if end is not None and end < len(text):
        cut = max(text.rfind(" ", 0, end), text.rfind("\n", 0, end))
        text = text[: cut if cut > start else end]
    if start > 0:
        found = [i for i in (text.find(" ", start), text.find("\n", start)) if i >= 0]
        text = text[min(found) if found else start :]
    return text


def _received(history: Sequence[Action]) -> _Field:
    field = _Field()
    for action in history:
        field.apply(action)
    return field


def _types_blind(action: Action) -> bool:
    """Keys with no target that change a field's text: typed text, a key that inserts
    (a character, Return, Tab, space) or erases (BackSpace, Delete, ctrl+u...)."""
    if action.verb == "type":
        return action.target is None
    keys = action.keys or ""
    erases = _EDIT_KEYS.get(keys) not in (None, "left", "right", "home", "end")
    return action.verb == "key" and (_key_text(keys) is not None or erases)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Policy:
    """Limits that stand in front of every action. Frozen: arm with :meth:`armed`.

    ``allow_irreversible``: labels the person allowed (same letters and digits as the
    target's label, after normalising). ``approve``: asked for a yes before an
    irreversible action with real input (the CLI passes a prompt on a terminal).
    """

    max_steps: int = DEFAULT_MAX_STEPS
    max_wait_seconds: float = DEFAULT_MAX_WAIT_SECONDS
    denied_text: tuple[str, ...] = DENIED_TEXT
    denied_widgets: tuple[str, ...] = DENIED_WIDGETS
    denied_chords: tuple[str, ...] = DENIED_CHORDS
    irreversible_labels: tuple[str, ...] = IRREVERSIBLE
    irreversible_chords: tuple[str, ...] = IRREVERSIBLE_CHORDS
    kill_switch: Path = dataclasses.field(default_factory=lambda: state_dir() / "STOP")
    allow_grid: bool = False
    allow_irreversible: tuple[str, ...] = ()
    #: target labels the person allowed although the denied widgets name them
    #: (``--allow-widget LABEL``: "Show password"); exact labels, never a window to focus
    #: or typing with no target
    allow_widgets: tuple[str, ...] = ()
    #: the names menus give the terminals installed here (their ``.desktop`` entries'
    #: names in every language); None: read from this machine's menus when first needed
    #: (:func:`~._terminal_names.installed_terminal_names`)
    installed_terminals: tuple[str, ...] | None = dataclasses.field(default=None, repr=False)
    #: chords the person allowed beyond :data:`ALLOWED_KEYS` (``--allow-key``): sent to
    #: any window but a terminal; the deny list (``denied_chords``) still holds
    allow_keys: tuple[str, ...] = ()
    #: chords the person allowed although another program holds them as a global
    #: shortcut (``--allow-global-key``: a window manager's alt+F4, its workspace keys):
    #: allowed as ``allow_keys`` are, and sent where the real executor finds the chord
    #: held (rule ``global-key``); the person's word that it is meant for that program
    allow_global_keys: tuple[str, ...] = ()
    #: windows every action is confined to (``--window TITLE|CLASS``, :mod:`._scope`);
    #: empty: any window. It confines only: it allows no typing nor anything refused
    scope: tuple[str, ...] = ()
    #: programs that may take text beyond the table of text programs
    #: (``--allow-typing-in NAME``): a WM_CLASS, process or whole title (``*``: a
    #: pattern), matched as ``scope``'s names are; ``"*"`` alone means any program
    typing_in: tuple[str, ...] = ()
    approve: Approve | None = dataclasses.field(default=None, compare=False, repr=False)
    #: a second kill switch, asked with the file before every action: a reason to stop
    #: (a console's Stop button), or None to go on
    halt: Callable[[], str | None] | None = dataclasses.field(
        default=None, compare=False, repr=False
    )
    secrets: Mapping[str, str] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    #: field labels a secret may be typed into beyond a password, PIN, token or key field
    #: (``--secret-field LABEL``; rule ``secret-target``, :mod:`._secrets`)
    secret_fields: tuple[str, ...] = ()
    #: where each bound secret may go, ``NAME@WINDOW`` (``--secret NAME@WINDOW``: a class,
    #: process, whole title or pattern, as ``scope`` names windows; :mod:`._secrets`)
    secret_places: tuple[str, ...] = ()
    #: ask the learned second opinion (:mod:`._irreversible_learned`) about a press the
    #: rules passed; a label it scores high needs a yes like any irreversible press
    #: (``--irreversible-learner``; off by default: it asks about ``Replace All``)
    irreversible_learner: bool = False
    #: set only by :meth:`armed`; not a constructor argument, not settable by replace()
    real_input: bool = dataclasses.field(default=False, init=False)
    _lists: _Compiled = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, got {self.max_steps}")
        if not 0 < self.max_wait_seconds <= MAX_WAIT_FOR_SECONDS:
            raise ValueError(
                f"max_wait_seconds must be more than 0 and at most {MAX_WAIT_FOR_SECONDS:g}, "
                f"got {self.max_wait_seconds}"
            )
        object.__setattr__(self, "denied_chords", _chords(self.denied_chords))
        object.__setattr__(self, "irreversible_chords", _chords(self.irreversible_chords))
        object.__setattr__(self, "allow_global_keys", _chords(self.allow_global_keys))
        keys = dict.fromkeys((*_chords(self.allow_keys), *self.allow_global_keys))
        object.__setattr__(self, "allow_keys", tuple(keys))
        object.__setattr__(self, "_lists", _Compiled.of(self))

    def armed(self, *, flag: bool, environ: Mapping[str, str] | None = None) -> Policy:
        """A copy allowed to drive real input, if and only if both deliberate acts were made.

        ``flag`` is the ``--real-input`` flag; the environment must also set
        ``TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1``. Otherwise PolicyRefusal (rule ``arming``).
        """
        env = os.environ if environ is None else environ
        if not flag:
            raise PolicyRefusal(
                "real input was not requested: pass --real-input (and set "
                f"{ARM_ENV}=1) to let the harness click and type",
                rule="arming",
            )
        if env.get(ARM_ENV) != "1":
            raise PolicyRefusal(
                f"--real-input was given but {ARM_ENV} is not set to 1; real input takes "
                f"two deliberate acts. Run again with {ARM_ENV}=1 in the environment, or "
                "drop --real-input for a dry run",
                rule="arming",
            )
        copy = dataclasses.replace(self)
        object.__setattr__(copy, "real_input", True)
        return copy

    def check_kill_switch(self) -> None:
        if os.path.lexists(self.kill_switch):  # a dangling symlink is a switch too
            raise PolicyRefusal(
                f"the kill-switch file {self.kill_switch} exists, so nothing more is done; "
                "delete it to run again",
                rule="kill-switch",
            )
        stop = self.halt() if self.halt is not None else None
        if stop:
            raise PolicyRefusal(f"stopped: {stop}; nothing more is done", rule="kill-switch")

    def prepare_kill_switch(self) -> Path:
        """Make the kill switch's folder (private: mode 0700), so ``touch PATH`` works;
        return the path to create to stop a run."""
        self.kill_switch.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        return self.kill_switch

    def check_budget(self, steps_taken: int) -> None:
        if steps_taken >= self.max_steps:
            raise PolicyRefusal(
                f"the step budget of {self.max_steps} is used up; raise it with --max-steps",
                rule="step-budget",
            )

    def wait_deadline(self, action: Action) -> float:
        """How long a ``wait_for`` may wait: its own deadline (else
        :data:`DEFAULT_WAIT_SECONDS`), capped at ``max_wait_seconds``."""
        asked = action.seconds if action.seconds is not None else DEFAULT_WAIT_SECONDS
        return min(asked, self.max_wait_seconds)

    def check(
        self,
        action: Action,
        observation: Observation,
        *,
        history: Sequence[Action] = (),
        batch: Sequence[Action] = (),
    ) -> tuple[Element, ...]:
        """Refuse ``action`` if any rule forbids it; return the elements it targets.

        ``history``: the actions already performed in this episode, in order (the
        sequence rule judges what they and ``action`` typed together). ``batch``: the
        actions of ``action``'s batch before it, carried out after ``observation`` was
        taken (they end ``history`` too): after a Tab among them the focus the frame
        shows no longer holds (:mod:`._presses`). Pure: the same arguments give the same
        answer (``approve``, asked only with real input, aside).
        """
        if not self.secrets:
            return self._check(action, observation, history, batch)
        try:
            elements = self._check(
                _with_secrets(action, self.secrets),
                observation,
                tuple(_with_secrets(a, self.secrets) for a in history),
                tuple(_with_secrets(a, self.secrets) for a in batch),
            )
        except PolicyRefusal as exc:  # the message quotes typed text: put placeholders back
            raise PolicyRefusal(redact(str(exc), self.secrets), rule=exc.rule) from None
        refusal = secret_refusal(
            action,
            elements,
            self.secrets,
            self.secret_fields,
            observation=observation,
            places=self.secret_places,
        )
        if refusal is not None:  # where a secret may go (:mod:`._secrets`)
            raise refusal
        return elements

    def _check(
        self,
        action: Action,
        observation: Observation,
        history: Sequence[Action],
        batch: Sequence[Action] = (),
    ) -> tuple[Element, ...]:
        self.check_kill_switch()
        if VERB_TABLE[action.verb].harness:  # looking (waiting, zooming) is not input
            return self._targets(action, observation)
        observation = _vouched(observation, self.typing_in)
        if history and action.verb in ("type", "key"):
            self._check_sequence(action, history)
        if action.verb == "type" and action.text:
            self._check_text(action.text)
        if action.verb == "key" and _denied_chord(action.keys or "", self._lists.chords):
            raise PolicyRefusal(
                f"the key chord {action.keys} is denied (it can open a terminal or a "
                "launcher, lock or leave the session)",
                rule="denied-key",
            )
        self._check_key_allowed(action)
        for label in action.targets:  # what the brain named, before it is even resolved
            self._check_widget(label, target=True)
        if action.verb == "focus":
            self._check_window(action.window or "", observation)
        elements = self._targets(action, observation)
        for e in elements:
            self._check_widget(e.label, target=True)
            if action.verb not in ("move", "scroll"):
                self._check_terminal_entry(e, observation)
        for refusal in (
            covered_refusal(action, observation, elements),
            scope_refusal(self.scope, action, observation, elements, history),
            wheel_refusal(action, elements, observation),
        ):
            if refusal is not None:
                raise refusal
        if self.real_input:
            self._check_real(action, observation, elements, history, batch)
        return elements

    def irreversible(
        self,
        action: Action,
        elements: Sequence[Element] = (),
        observation: Observation | None = None,
    ) -> str | None:
        """What makes ``action`` irreversible (``"'Delete account' matches 'delete
        account'"``), or None. ``elements``: the targets :meth:`check` returned (without
        them the labels the action names are judged). ``observation``: the frame, so a
        generic yes (``OK``) is read with its dialog's text."""
        found = self._irreversible(action, elements, observation)
        return None if not found else found[0][2]

    # -- the rules ---------------------------------------------------------------------

    def _check_text(self, text: str) -> None:
        field = _Field()
        field.type(text)
        as_typed = field.text
        views = {text: ""}
        views.setdefault(as_typed, "as typed, with its backspaces")
        views.setdefault(_as_the_shell_reads(as_typed), "as a shell reads it")
        for view, how in views.items():
            skel = skeleton(view)
            core = squeeze(skel)
            for fragment in self._lists.text:
                if fragment.count(skel, core):
                    shown = f" ({how}: {view!r})" if how else ""
                    raise PolicyRefusal(
                        f"typing {text!r} is refused{shown}: it contains {fragment.describe(skel)}",
                        rule="denied-text",
                    )
        controls = control_characters(text)
        if controls:
            names = ", ".join(_CONTROL_NAMES.get(c, repr(c)) for c in controls)
            raise PolicyRefusal(
                f"typing {text!r} is refused: it holds the control character(s) {names}. "
                "A BackSpace, Enter or Escape is a key action (key BackSpace, key Return), "
                "not text; type only the text itself",
                rule="control-text",
            )

    def _check_widget(self, label: str, *, target: bool = False) -> None:
        """Refuse a denied widget; a ``target`` whose exact label (its letters and
        digits) the person allowed (``allow_widgets``) passes, and a refused one says so."""
        key = _widget_key(label)
        if target and key in {_widget_key(w) for w in self.allow_widgets}:
            return
        for widget, widget_key in self._lists.widgets:
            if widget_key in key:
                how = (
                    f" unless you allow this label: --allow-widget {shlex.quote(label)} "
                    f"(Policy(allow_widgets=({label!r},)))"
                    if target
                    else ""
                )
                raise PolicyRefusal(
                    f"the target {label!r} is a denied widget (matches {widget!r}); the "
                    f"harness never operates it{how}",
                    rule="denied-widget",
                )

    def _check_terminal_entry(self, element: Element, observation: Observation) -> None:
        """A menu entry, an icon or a button that names a terminal in any language
        (:mod:`._terminal_names`) is a denied widget too, outside a browser's page: the
        denied widget ``terminal`` in every language (a list without it drops this too)."""
        if not any(key == _widget_key("terminal") for _, key in self._lists.widgets):
            return
        window = _window_holding(element, observation)
        if window is not None and page_program(window):
            return
        if _widget_key(element.label) in {_widget_key(w) for w in self.allow_widgets}:
            return
        installed = self.installed_terminals
        found = names_terminal(
            element.label, installed_terminal_names() if installed is None else installed
        )
        if found is not None:
            label = element.label
            raise PolicyRefusal(
                f"the target {label!r} would open a terminal: {found!r} is what a "
                "terminal's menu entry is called (its package's name for it, in any "
                "language, or an installed terminal's name); the harness never opens one. "
                f"If this entry does something else, allow this label: --allow-widget "
                f"{shlex.quote(label)} (Policy(allow_widgets=({label!r},)))",
                rule="denied-widget",
            )

    def _check_window(self, named: str, observation: Observation) -> None:
        """``focus``: the window must be on this frame (TargetError: a failed step), and
        neither its name nor its title may hold a denied widget (a terminal's window)."""
        self._check_widget(named)
        window = find_window(observation.windows, named)
        self._check_widget(window.title)
        why = terminal_reason(window)
        if why:
            raise PolicyRefusal(
                f"focusing the window {window.title!r} is refused: {why}; the harness never "
                "acts in a terminal, a shell or a run dialog",
                rule="terminal-window",
            )

    def _check_sequence(self, action: Action, history: Sequence[Action]) -> None:
        """Refuse the action that makes a denied fragment appear in what a field would
        hold, more often than before it and than in the action's own text (a fragment
        the action holds by itself is denied-text's)."""
        before, alone = _received(history), _received((action,))
        after = dataclasses.replace(before)
        after.apply(action)
        own = skeleton(alone.text)
        for old, new in zip(before.views(), after.views(), strict=True):
            old_skel, new_skel = skeleton(old), skeleton(new)
            old_core, new_core = squeeze(old_skel), squeeze(new_skel)
            for fragment in self._lists.text:
                added = fragment.count(new_skel, new_core) - fragment.count(old_skel, old_core)
                if added > fragment.count(own, squeeze(own)):
                    raise PolicyRefusal(
                        f"{action.describe()} is refused: after what this episode already "
                        f"typed and pressed, a focused field or terminal would hold "
                        f"{new[-60:]!r}, which contains {fragment.describe(new_skel)}",
                        rule="denied-sequence",
                    )

    def _check_real(
        self,
        action: Action,
        observation: Observation,
        elements: tuple[Element, ...],
        history: Sequence[Action] = (),
        batch: Sequence[Action] = (),
    ) -> None:
        """The rules only real input needs: what has focus, blind clicks, irreversibles."""
        if _types_blind(action):
            allowed = {_widget_key(w) for w in self.allow_widgets}
            for e in observation.elements:
                key = _widget_key(e.label)
                if key in allowed:  # the person named it: keys may reach it
                    continue
                for widget, widget_key in self._lists.widgets:
                    if widget_key in key:
                        raise PolicyRefusal(
                            f"{action.describe()} is refused: it names no target, so the "
                            "keys go to whatever has focus, and that may be "
                            f"{e.label!r} (a denied widget, matches {widget!r}), which is "
                            "on screen. Type into a named field (type with a target), "
                            "close it first, or, if keys may reach it, allow it: "
                            f"--allow-widget {shlex.quote(e.label)}",
                            rule="denied-widget",
                        )
        if not self.allow_grid:
            for e in elements:
                if e.source == "grid":
                    raise PolicyRefusal(
                        f"{e.label!r} is a numbered grid cell, not something seen on screen; "
                        "a click there is blind. Pass --allow-grid to permit it",
                        rule="blind-click",
                    )
        self._check_reach(action, observation, elements, history)
        self._check_side_doors(action, observation, elements, history, batch)
        self._check_irreversible(action, observation, elements, history, batch)

    def _check_key_allowed(self, action: Action) -> None:
        """``key``: the chord must be in :data:`ALLOWED_KEYS` or ``allow_keys``; a typed
        newline is a Return and passes only where Return would."""
        if action.verb == "type" and action.text and "\n" in action.text:
            chord, shown = "Return", f"{action.describe()} holds a newline, which presses Return"
        elif action.verb == "key" and action.keys:
            chord, shown = action.keys, f"the key chord {action.keys}"
        else:
            return
        if key_context(chord, self.allow_keys) is None:
            raise PolicyRefusal(
                f"{shown}, which is not on the allow list of keys (ALLOWED_KEYS: navigation, "
                "form, editing and common document keys). To send it anyway, run again "
                f"with --allow-key {shlex.quote(chord)}",
                rule="key-not-allowed",
            )

    def _check_reach(
        self,
        action: Action,
        observation: Observation,
        elements: tuple[Element, ...],
        history: Sequence[Action] = (),
    ) -> None:
        """Real input lands only outside terminals, and text only in fields: judged by
        the window and element the action reaches (each target of a drag). A launcher
        that bypasses the window manager (dmenu, rofi: ``Window.override``) takes the
        keyboard while it is shown: keys and text go to it, whatever they aim at."""
        top = observation.windows[0] if observation.windows else None
        keys = action.verb == "type" or action.button in _PASTE_BUTTONS
        keys = keys or (action.verb == "key" and action.keys != "Escape")  # Escape closes it
        if keys and top is not None and top.override and (why := terminal_reason(top)):
            name = top.title or " ".join(top.wm_class) or top.process
            raise PolicyRefusal(
                f"{action.describe()} is refused: {name!r} is shown "
                f"above every window and takes the keyboard while it is, and {why}; the "
                "harness never types or presses keys there. Close it (Escape), or wait",
                rule="terminal-window",
            )
        shell = next((e for e in observation.elements if _shell_field(e)), None)
        if keys and shell is not None:
            raise PolicyRefusal(
                f"{action.describe()} is refused: the desktop shell shows a text field of "
                f"its own ({shell.label!r}: its overview's or a menu's search), and while "
                "it is shown it takes the keys, whatever window has focus; a word and "
                "Return there start a program. Close it (Escape), or wait",
                rule="terminal-window",
            )
        if not observation.windows and _types_blind(action):  # no window says where keys go
            shown = next((e for e in observation.elements if prompt_reason(e)), None)
            if shown is not None:
                raise PolicyRefusal(
                    f"{action.describe()} is refused: no window is listed, so its keys go to "
                    f"whatever has focus, and {prompt_reason(shown)}, on screen. Type into a "
                    "named field, or close the shell first",
                    rule="terminal-window",
                )
        for i in range(max(1, len(elements))):
            reach = _reach(action, observation, elements[i : i + 1], self.allow_keys)
            refusal = None if reach is None else _reach_refusal(action, reach, observation)
            if refusal is None and reach is not None and (i or action.verb != "drag"):
                refusal = program_refusal(  # a drag drops at its second end
                    action, reach.context, reach.window, observation.windows,
                    typing_in=self.typing_in,
                    above=top if top is not None and top.override else None,
                ) or page_refusal(  # a browser's page: by what the keys go into
                    action, reach.context, reach.window, reach.element,
                    targeted=reach.targeted, observation=observation, history=history,
                    typing_in=self.typing_in,
                ) or channel_refusal(  # a named program's own command line
                    action, reach.window, observation, allow_keys=self.allow_keys
                )  # fmt: skip
            if refusal is not None:
                raise refusal

    def _check_side_doors(
        self,
        action: Action,
        observation: Observation,
        elements: tuple[Element, ...],
        history: Sequence[Action] = (),
        batch: Sequence[Action] = (),
    ) -> None:
        """A click that types, pastes or sends keys by a side door is judged as that
        typing; text into a command field and a run button's press are refused
        (:mod:`._side_doors`)."""
        refusal = side_door_refusal(
            action, observation, elements, self.allow_widgets, self.typing_in
        )
        asked = refusal is not None and refusal.rule == "irreversible" and self.approve
        if refusal is not None and not (asked and self._approved(action, elements, observation)):
            raise refusal
        door = side_door(action, observation, elements)
        if door is None:
            return
        try:
            if door.kind == "keyboard":  # every rule of typing, where the focus is
                self._check(door.action, door.observation, history, batch)
                return
            keys = door.action.keys or ""
            if door.kind == "keys" and _denied_chord(keys, self._lists.chords):
                raise PolicyRefusal(f"the chord {keys} is denied", rule="denied-key")
            for window in door.windows:
                refusal = _sent_refusal(door.action, window, observation) or program_refusal(
                    door.action, "paste", window, observation.windows,
                    typing_in=self.typing_in,
                )  # fmt: skip
                if refusal is not None:
                    raise refusal
            if door.kind == "paste" and focused_element(door.observation) is not None:
                self._check_reach(door.action, door.observation, (), history)  # a page's field
        except PolicyRefusal as exc:
            raise PolicyRefusal(
                f"{action.describe()} is refused: {door.why}; judged so: {exc}", rule=exc.rule
            ) from None

    def _approved(
        self, action: Action, elements: Sequence[Element], observation: Observation
    ) -> bool:
        """A person's yes to ``action`` (``approve``), asked once."""
        element = elements[0] if elements else None
        return self.approve is not None and bool(self.approve(action, element, observation))

    def _check_irreversible(
        self,
        action: Action,
        observation: Observation,
        elements: tuple[Element, ...],
        history: Sequence[Action] = (),
        batch: Sequence[Action] = (),
    ) -> None:
        """An allowance (``--allow-irreversible LABEL*N``) covers N clicks in the
        episode, counted in ``history`` (a double click is two); past them, only a
        person's yes. Return or space presses the focused button, so it is judged as a
        click on it, and never by an allowance: the history cannot tell later which
        button a key pressed, so a key's press could not be counted. Where the focus is
        not known, a press by key is judged as a click on any control of the window
        (:mod:`._presses`)."""
        found = self._irreversible(action, elements, observation)
        by_key = self._pressed_by_key(action, observation, elements, batch, history)
        target = elements[0] if elements else None
        window = _window_holding(target, observation) if target is not None else None
        runs = runs_typed(action, target, window, observation, history)  # ._channels
        if not found and not by_key and not runs:
            return
        pressed = [  # a yes (OK) is irreversible by its dialog, which history lacks
            label
            for earlier in history
            if earlier.verb in PRESS_VERBS
            for label in _pressed_labels(earlier, self._irreversible(earlier, ()))
            for _ in range(max(1, earlier.clicks or 1))
        ]
        allowed = self._lists.allowed
        presses = max(1, action.clicks or 1)
        pending = (
            runs
            + by_key
            + [
                item
                for item in found
                if presses_left(item[0], allowed, pressed, _lands_in(item[1], observation))
                < presses
            ]
        )
        if not pending:
            return
        label, element, why = pending[0]
        if self.approve is not None and self.approve(action, element, observation):
            return
        fix = (
            "Only a person's yes lets it run (say yes in the console); a named program "
            "takes text, not commands"
            if runs
            else _fix(
                by_key, label, allowed, pressed, presses, element=element, observation=observation
            )
        )
        raise PolicyRefusal(
            f"{action.describe()} cannot be undone ({why}) and needs a person's yes, which "
            f"was not given. {fix}",
            rule="irreversible",
        )

    def _pressed_by_key(
        self,
        action: Action,
        observation: Observation,
        elements: Sequence[Element],
        batch: Sequence[Action],
        history: Sequence[Action] = (),
    ) -> list[tuple[str, Element | None, str]]:
        """Every (label, element, why) a press by key (Return, space, a typed newline)
        may land on that cannot be undone: the focused control, else any control of
        the window (:func:`~._presses.pressed_by`). A press past what the frame shows (an
        earlier action of the batch may have changed the screen) is judged unseen."""
        found: list[tuple[str, Element | None, str]] = []
        before = history[-1] if history and not batch else None  # F10: a menu is open
        earlier = history[: len(history) - len(batch)]
        for press in pressed_by(action, observation, elements, batch, before=before,
                                earlier=earlier):  # fmt: skip
            if press.unseen:
                return [("", None, f"{press.keys} presses what the frame does not show: "
                         f"{press.reason}")]  # fmt: skip
            if press.blind:  # no label says what it does: an icon, a hidden form, F5
                if not self._named_command(press.keys, observation):
                    found.append((press.keys, None, press.blind))
                continue
            for element in press.elements:
                label = element.label
                # the learner is not asked here: what a key presses is a guess already
                why = label.strip() and self._irreversible_label(
                    label, element, observation, learner=False
                )
                if not why:
                    continue
                if not press.known:
                    why = f"{press.keys} may press {element.label!r}: {why}; {press.reason}"
                found.append((element.label, element, why))
        return found

    def _named_command(self, keys: str, observation: Observation) -> bool:
        """Whether the person named both chord ``keys`` (``--allow-key``) and the program
        it reaches (``--allow-typing-in NAME``, not ``'*'``), and the chord is a
        program's command (ctrl+r, F5), not a press of a control (Return, space):
        NEdit's ctrl+r is Replace, and only the person knows what their program binds.
        ``--allow-key`` alone never lifts it (F9 allowed for one program is not a send
        in the mail program)."""
        try:
            chord = normalize_keys(keys)
        except ActionError:  # a typed newline's description, not a chord
            return False
        names = [n for n in self.typing_in if n.strip() != "*"]
        focused = next((e for e in observation.elements if "focused" in e.state), None)
        window = observation.window(focused) if focused else None
        window = window or (observation.windows[0] if observation.windows else None)
        if chord not in self.allow_keys or chord in PRESSING_KEYS or window is None:
            return False
        return bool(names) and in_scope(names, window, known_windows(observation))

    def _irreversible(
        self, action: Action, elements: Sequence[Element], observation: Observation | None = None
    ) -> list[tuple[str, Element | None, str]]:
        """Every (label, element, why) that makes ``action`` irreversible (``observation``:
        the frame, where a generic yes's dialog is read)."""
        found: list[tuple[str, Element | None, str]] = []
        if action.verb == "key" and skeleton(action.keys or "") in self._lists.irreversible_chords:
            found.append((action.keys or "", None, f"the chord {action.keys} deletes for good"))
        for i, named in enumerate(action.targets):  # judged by what is clicked, if resolved
            element = elements[i] if i < len(elements) else None
            label = named if element is None else element.label
            why = self._irreversible_label(label, element, observation)
            if not why and (action.clicks or 1) > 1 and action.verb == "click":
                why = _opens_a_program(label, element)  # a double click opens a file
            why = why or self._shown_around(label, element, observation)
            if why:
                found.append((label, element, why))
        return found

    def _shown_around(
        self, label: str, element: Element | None, observation: Observation | None
    ) -> str | None:
        """Why a press of a control its label does not flag cannot be undone, by what
        the screen shows with it: its tooltip (a glyph's), the text drawn inside it, the
        drop-down choice it applies, the box of words it sends (a glyph at its end)."""
        tip = tooltip_of(element, observation)
        if tip is not None and (said := self._irreversible_label(tip.label, None)):
            return f"its tooltip {tip.label!r} says what it does: {said}"
        for drawn in drawn_on(element, observation):
            if said := self._irreversible_label(drawn.label, None):
                return f"it draws {drawn.label!r}, whatever its name says: {said}"
        choice = choice_applied(element, observation)
        meaning = classify(choice.value or "") if choice is not None else None
        if choice is not None and meaning is not None:
            return (
                f"{label!r} applies the choice {choice.value!r} of {choice.label!r} beside "
                f"it, and {meaning.describe()}"
            )
        box = composer_of(element, observation)
        if box is not None:
            return (
                f"{label!r} is a glyph at the end of {box.label!r}, which holds text: a "
                "composer's send arrow sends what it holds"
            )
        return None

    def _irreversible_label(
        self,
        label: str,
        element: Element | None,
        observation: Observation | None = None,
        *,
        learner: bool = True,
    ) -> str | None:
        """Why pressing ``label`` cannot be undone, or None; an invisible character
        (a zero-width space, a word joiner) is read both as nothing and as a space. A
        generic yes (``OK``, ``Continue``) means what its dialog says: with the frame
        (``observation``) it is read with the dialog's text (:func:`dialog_texts`). What
        the rules pass, the learned second opinion judges (``learner``; not a numbered
        grid cell, nor a text or a title: they are read, not pressed)."""
        spaced = "".join(" " if unicodedata.category(c) == "Cf" else c for c in label)
        for variant in dict.fromkeys((label, spaced)):
            label_words = words(ocr_skeleton(variant))
            entry = next((e for e in self._lists.irreversible if e.matches(label_words)), None)
            if entry is not None:
                return f"{label!r} matches {entry.name!r}"
        if element is not None and element.kind in _UNDONE_BY_A_CLICK and kind_is_known(element):
            return None  # a box ticked or a field typed into is undone as easily (the
            # tree's word; a kind the shapes guessed may be a button: Pay read as a field)
        texts = dialog_texts(element, observation) if element and observation else ()
        headings = not (  # a main window is judged only when there is text to answer
            texts
            and element is not None
            and observation is not None
            and _in_a_main_window(element, observation)
        )
        meaning = classify_in(label, texts, headings=headings) or classify_in(
            spaced, texts, headings=headings
        )  # what it does
        if meaning is not None:
            return meaning.describe()
        read = element is not None and (element.source == "grid" or element.kind in _READ_KINDS)
        if not learner or not self.irreversible_learner or read:
            return None
        return learned_doubt(label) or learned_doubt_in(label, texts)

    @staticmethod
    def _targets(action: Action, observation: Observation) -> tuple[Element, ...]:
        if action.verb == "scroll" and action.target is None:  # over the list, not the pointer
            spot = scroll_spot(observation, turn_of(action))  # none: rule wheel-target
            return () if spot is None else (spot,)
        pairs = ((action.target, action.target_id), (action.to, action.to_id))
        found = []
        for label, element_id in pairs:
            if label is None:
                continue
            found.append(observation.resolve(label, element_id))  # TargetError: a failed step
        return tuple(found)


def _in_a_main_window(element: Element, observation: Observation) -> bool:
    """Whether ``element`` is in a program's main window: one with a menu bar
    (:func:`menu_bar`), not a dialog's (transient) nor a popup's (override-redirect).
    There a short text is a document's line as often as a heading ("the cat sat" in an
    editor, under the Search menu NEdit opened), so a button other than a generic yes
    answers only a question or a warning there, not a heading."""
    window = next((w for w in observation.windows if w.id == element.window), None)
    if window is None or window.transient_for or window.override:
        return False
    return bool(menu_bar([e for e in observation.elements if e.window == window.id]))


#: How far (frame pixels) from a control a tooltip stands: a toolkit draws it just under
#: or beside the pointer, a page's title attribute alike.
_TIP_GAP: Final = 40


def tooltip_of(element: Element | None, observation: Observation | None) -> Element | None:
    """The tooltip of a control whose label is only a glyph (an icon read as ``🗑``, ``⇪``,
    ``…``): the nearest text within :data:`_TIP_GAP` of it, in a window that bypasses the
    window manager (a toolkit's tooltip) or its own. What the glyph does is said there
    ("Delete for everyone"), so a click on it is judged by those words. None for a
    control its label names, or when no text stands that near."""
    if element is None or observation is None or any(c.isalnum() for c in element.label):
        return None
    x0, y0, x1, y1 = element.box

    def gap(e: Element) -> float:
        ex0, ey0, ex1, ey1 = e.box
        return math.hypot(max(ex0 - x1, x0 - ex1, 0), max(ey0 - y1, y0 - ey1, 0))

    texts = [
        e
        for e in observation.elements
        if e is not element
        and e.kind in ("", "text")
        and any(c.isalpha() for c in e.label)
        and gap(e) <= _TIP_GAP
    ]
    return min(texts, key=gap, default=None)


#: How far (frame pixels) right of a field its send arrow may stand.
_SEND_GAP: Final = 60


def composer_of(element: Element | None, observation: Observation | None) -> Element | None:
    """The field a glyph-only control sends (``➤``, ``↑``, ``▷``: a chat's, a mail's or
    a comment box's arrow): a field on its row that holds text, ending at most
    :data:`_SEND_GAP` left of it. A press of that arrow sends what the field holds, as
    its Send would, so it is judged as Send is. None for a labelled control, a glyph
    with no such field beside it, or one beside a field with no words in it (nothing to
    send; a spin box's stepper beside its number)."""
    if element is None or observation is None or element.kind in _UNDONE_BY_A_CLICK:
        return None
    if not element.label.strip() or any(c.isalnum() for c in element.label):
        return None
    # words, not a spin box's number
    return _field_before(element, observation, lambda e: any(c.isalpha() for c in e.value or ""))


def _field_before(
    element: Element, observation: Observation, holds: Callable[[Element], bool]
) -> Element | None:
    """The first field on ``element``'s row (its middle height) that ends at most
    :data:`_SEND_GAP` left of it and ``holds`` what is asked of it."""
    x0, y0, _, y1 = element.box
    mid = (y0 + y1) / 2
    return next(
        (
            e
            for e in observation.elements
            if e is not element
            and e.kind == "field"
            and e.box[1] <= mid <= e.box[3]
            and 0 <= x0 - e.box[2] <= _SEND_GAP
            and holds(e)
        ),
        None,
    )


#: Kinds of control that draw what they do as one label (:func:`drawn_on`).
_DRAWS_ITS_NAME: Final = frozenset({"button", "link", "menuitem", "icon", "key"})


def drawn_on(element: Element | None, observation: Observation | None) -> list[Element]:
    """The text OCR read inside a control's box, other than its name: what the control
    draws (a page's button named "Submit" that draws "Pay $300.00"). A person reads the
    drawing, so a press is judged by it too. Only for what is pressed as a whole (a
    button, a link, a menu's entry, an icon, a key; not a list's row holding several
    texts, which a click selects)."""
    if element is None or observation is None or element.kind not in _DRAWS_ITS_NAME:
        return []
    x0, y0, x1, y1 = element.box
    own = normalize_label(element.label)
    return [
        e
        for e in observation.elements
        if e is not element
        and e.source == "ocr"
        and normalize_label(e.label) != own
        and x0 <= e.center[0] <= x1
        and y0 <= e.center[1] <= y1
    ]


def choice_applied(element: Element | None, observation: Observation | None) -> Element | None:
    """The drop-down whose choice a short button applies (a list's "Bulk actions" set to
    "Delete permanently", then Apply; "With selected: Drop", then Go): a field that is a
    choice (its tree says it drops down, or it is not editable) holding a value, on the
    button's row, ending at most :data:`_SEND_GAP` left of it. The button does what the
    choice says, so it is judged by it. None for a long label or a way out."""
    if element is None or observation is None or element.kind in _UNDONE_BY_A_CLICK:
        return None
    if not may_answer(element.label):
        return None
    return _field_before(element, observation, _a_choice)


def _a_choice(field: Element) -> bool:
    """Whether ``field`` is a choice holding a value: its tree says it drops down, or it
    is not editable."""
    chosen = bool((field.value or "").strip())
    return chosen and ("expandable" in field.state or "editable" not in field.state)


#: Kinds of element that are read, not pressed: the learned second opinion leaves them.
_READ_KINDS: Final = ("text", "title")


def _pressed_labels(
    action: Action, found: Sequence[tuple[str, Element | None, str]]
) -> tuple[str, ...]:
    """The labels an earlier press counts against allowances: what made it irreversible,
    and every target it named: its dialog is not in the history, so every press of
    ``OK``, ``Replace`` or ``Format`` counts against ``--allow-irreversible`` of it,
    whatever the dialog said then."""
    once = {normalize_label(label): label for label in (*(f[0] for f in found), *action.targets)}
    return tuple(once.values())  # one press, one count, however its label was written


def _lands_in(element: Element | None, observation: Observation) -> Callable[[str], bool]:
    """Whether a press of ``element`` lands in the window an allowance names
    (``--allow-irreversible 'Delete@Files'``): that window or a dialog of it, named as
    ``--window`` names one (:func:`~._scope.in_scope`); a press whose window is not
    known lands in none."""
    window = _window_holding(element, observation) if element is not None else None

    def here(name: str) -> bool:
        return window is not None and in_scope((name,), window, known_windows(observation))

    return here


def _fix(
    by_key: Sequence[object], label: str, allowed: Allowed, pressed: Sequence[str],
    presses: int, *, element: Element | None, observation: Observation,
) -> str:  # fmt: skip
    """The end of an irreversible refusal: how a person allows this press."""
    if by_key and not label:
        return (
            "Press it in a step of its own, after a look (or click the control by its "
            "label), or say yes in the console"
        )
    if by_key:
        return (
            "A press by key is never covered by --allow-irreversible (it cannot be counted); "
            "click the control you mean by its label instead (a click is judged by what it "
            "presses), say yes in the console, or, for a program's own chord (ctrl+r, F5) you "
            "know is harmless there, name it with --allow-key CHORD together with the "
            "program, --allow-typing-in NAME (the chord alone is never enough)"
        )
    window = _window_holding(element, observation) if element is not None else None
    where = (window.title or " ".join(window.wm_class[-1:])) if window is not None else ""
    end = how_to_allow(label, allowed, pressed, _lands_in(element, observation), where)
    return f"A double click is {presses} presses. {end}" if presses > 1 else end


def _opens_a_program(label: str, element: Element | None) -> str | None:
    """Why a double click on ``label`` runs a program (a file whose name ends as a
    script's or a program's, :func:`~._presses.opens_a_program`), or None; not in a field
    or the tree's text, where it selects a word."""
    if element is not None and element.kind in ("field", "check", "radio", "slider"):
        return None
    if element is not None and element.kind == "text" and element.source == "a11y":
        return None
    runs = opens_a_program(label)
    return None if runs is None else f"a double click opens {label!r}: {runs}"


#: Kinds whose press the classifier does not judge: a tick or a field's text is undone
#: by another click ("Send anonymous usage statistics" is a check box, not a send).
_UNDONE_BY_A_CLICK: Final = frozenset({"check", "radio", "field"})


def _with_secrets(action: Action, secrets: Mapping[str, str]) -> Action:
    """``action`` with the placeholders of known secrets expanded, as it will be typed
    (an unknown name stays a placeholder: the executor refuses to type it)."""
    if action.verb != "type" or not action.text:
        return action
    text = expand_secrets(action.text, secrets, keep_unknown=True)
    return action if text == action.text else dataclasses.replace(action, text=text)


# -- keys and typing by what they reach (issue 37) ------------------------------------------

_TITLE_PATTERNS: Final = tuple(re.compile(p) for p in TERMINAL_TITLES)


def _spellings(vocabulary: Sequence[str]) -> str:
    """An alternation of ``vocabulary`` as a title's skeleton or its case-folded text
    may spell each word: a skeleton depends on case (a capital Cyrillic ``В`` looks like
    ``B``, its small letter like nothing Latin)."""
    forms = skeletons(*vocabulary) | {word.casefold() for word in vocabulary}
    return "|".join(map(re.escape, sorted(forms)))


#: Windows' Run dialog (Wine's too), titled by its verb alone, in its languages.
_RUN_ALONE: Final = (re.compile(rf"^(?:{_spellings(WINDOWS_RUN_TITLES)})$"),)
#: A run dialog a script builds (zenity, yad, kdialog) in its own language: a run verb and
#: a command noun, in any order ("Befehl ausführen", "Parancs futtatása", "コマンドを実行").
#: Only for a dialog helper's window or an unknown program's: a web page may be titled
#: "How to run a command".
_RUN_TITLES: Final = tuple(
    re.compile(p)
    for p in (
        rf"^(?=.*\b(?:{_spellings(RUN_VERBS)})\b)(?=.*\b(?:{_spellings(COMMAND_NOUNS)})\b)",
        "(?:{0}).*(?:{1})|(?:{1}).*(?:{0})".format(
            "|".join(sorted({skeleton(w) for w in ("コマンド", "命令", "指令", "명령")})),
            "|".join(sorted({skeleton(w) for w in ("実行", "运行", "執行", "执行", "실행")})),
        ),
    )
)
_UNKNOWN_TITLE_PATTERNS: Final = tuple(re.compile(p) for p in TERMINAL_TITLES_UNKNOWN)
_PROMPT_PATTERNS: Final = tuple(re.compile(p) for p in PROMPT_LABELS)
_PROGRAMS: Final = frozenset(TERMINAL_PROGRAMS)
#: Mouse buttons that insert text: X pastes the primary selection on a middle click.
_PASTE_BUTTONS: Final = ("middle",)


def key_context(keys: str, allowed: Sequence[str] = ()) -> str | None:
    """Where chord ``keys`` (normalised) may go: ``window``, ``field`` or ``paste`` (see
    :data:`ALLOWED_KEYS`), or None when it is not allowed at all. ``allowed``: chords the
    person allowed (``--allow-key``): any window but a terminal."""
    if keys in allowed:
        return "window"
    if keys in ALLOWED_KEYS:
        return ALLOWED_KEYS[keys]
    plain = keys[len("shift+") :] if keys.startswith("shift+") else keys
    return "field" if len(plain) == 1 and plain.isprintable() else None


def terminal_reason(window: Window) -> str | None:
    """Why ``window`` is a terminal, a shell or a run dialog ("its class 'XTerm'"), or
    None. Known by its ``WM_CLASS``, its process name, its accessibility role (a window
    the tree shows a terminal in: ``role="terminal"``) and its title (the title's
    skeleton, so look-alike letters do not hide it)."""
    if _terminal_role(window.role):
        return f"its accessibility tree shows a terminal in it (role {window.role!r})"
    if window.pty and not window.transient_for:  # its dialogs are its own GTK/Qt windows
        return (
            "its process holds a pseudo-terminal (/dev/ptmx), as a terminal does whatever "
            "it calls itself (or a program with a terminal inside it: name such a program "
            "with --allow-typing-in NAME when its keys go to a document)"
        )
    for what, name in (*(("class", c) for c in window.wm_class), ("process", window.process)):
        if _terminal_program(name):
            return f"its {what} {name!r} is a terminal's, a shell's or a run dialog's"
    # by its skeleton (look-alike letters), and as written, lower case: the skeleton of
    # a title in Cyrillic is part Latin, so a pattern in Cyrillic matches it only so
    titles = {skeleton(window.title), window.title.casefold()} - {""}
    unknown = not window.wm_class and not window.process
    run = _RUN_ALONE + (_RUN_TITLES if unknown or dialog_helper(window) else ())
    for pattern in _TITLE_PATTERNS + (_UNKNOWN_TITLE_PATTERNS if unknown else ()) + run:
        if any(pattern.search(title) for title in titles):
            return f"its title {window.title!r} is a terminal's (matches {pattern.pattern!r})"
    return None


def _vouched(observation: Observation, typing_in: Sequence[str]) -> Observation:
    """``observation`` with the pseudo-terminal of each window the person named
    (``--allow-typing-in NAME``, not ``'*'``) no longer counting (``Window.pty``):
    Geany holds one for its Terminal tab, and its editor takes the keys. A terminal by
    its class, title or accessibility role is one still."""
    names = [n for n in typing_in if n.strip() != "*"]
    if not names or not any(w.pty for w in observation.windows):
        return observation
    known = known_windows(observation)
    windows = [
        dataclasses.replace(w, pty=False) if w.pty and in_scope(names, w, known) else w
        for w in observation.windows
    ]
    return dataclasses.replace(observation, windows=tuple(windows))


def _terminal_role(role: str) -> bool:
    """An accessibility role that is a terminal's (``terminal``, ``ROLE_TERMINAL``,
    ``terminal emulator``, ``console``), however it is spelt."""
    folded = role.casefold().replace("_", " ")
    return "terminal" in folded or folded.strip() == "console"


def prompt_reason(element: Element) -> str | None:
    """Why ``element`` shows a shell's prompt, or None (:data:`PROMPT_LABELS`): its label,
    or the line of its value a cursor stands on (:func:`_value_line`: a console pane
    with no name whose text is ``>>> ``)."""
    for what, text in (("label", element.label), ("last line", _value_line(element))):
        said = skeleton(text).strip()
        for pattern in _PROMPT_PATTERNS:
            if said and pattern.search(said):
                return f"its {what} {text!r} is a shell's prompt (matches {pattern.pattern!r})"
    return None


def _value_line(element: Element) -> str:
    """The last line of ``element``'s value that holds anything: where a console's
    cursor waits (``>>> ``, ``$ ``, ``In [3]:``), and where typed text goes on."""
    lines = [line for line in (element.value or "").splitlines() if line.strip()]
    return lines[-1] if lines else ""


#: What a shell drops from a word before running it (quotes, backslashes: ``s\\udo``,
#: ``r''m``), and the dashes it never sees but a look-alike (``rm —rf``).
_SHELL_QUOTES: Final = re.compile(r"[\"'\\`]")
_DASHES: Final = re.compile("[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]")


def _as_the_shell_reads(text: str) -> str:
    """``text`` with the quotes and backslashes a shell removes taken out, ``${IFS}``
    as a space and look-alike dashes as ``-``: the command a shell would run."""
    text = re.sub(r"\$\{?IFS\}?", " ", text)
    return _DASHES.sub("-", _SHELL_QUOTES.sub("", text))


def _denied_chord(keys: str, denied: frozenset[str]) -> bool:
    """Whether ``keys`` is a denied chord, also with modifiers added to it: ``super+r``
    denies ``super+shift+r`` (a bare modifier, ``super``, denies only itself)."""
    *mods, last = [*keys[:-2].split("+"), "+"] if keys.endswith("++") else keys.split("+")
    return any(
        skeleton("+".join((*kept, last))) in denied
        for n in range(len(mods) + 1)
        for kept in itertools.combinations(mods, n)
    )


def _terminal_program(name: str) -> bool:
    folded = name.strip().casefold()
    if not folded:
        return False
    first = re.split(r"[\s:]", folded, maxsplit=1)[0]  # "tmux: server", "bash -i"
    last = folded.rsplit(".", 1)[-1]  # org.wezfurlong.wezterm
    parts = set(re.split(r"[-_.\s]", folded))  # lxqt-runner, io.elementary.launcher
    return (
        bool({folded, first, last} & _PROGRAMS)
        or bool(parts & _PROGRAMS)  # konsole.bin, dmenu_run
        or "term" in folded
        or "rxvt" in folded
        or bool(parts & LAUNCHER_PARTS)
        or {"run", "dialog"} <= parts
    )


def _sent_refusal(action: Action, window: Window, observation: Observation) -> PolicyRefusal | None:
    """Rule ``terminal-window`` for a paste or keys a click sends to ``window``: a
    terminal by its window, or a shell's prompt shown in it."""
    why = terminal_reason(window)
    shown = (e for e in observation.elements if _window_holding(e, observation) == window)
    why = why or next(filter(None, map(prompt_reason, shown)), None)
    if why is None:
        return None
    return PolicyRefusal(
        f"{action.describe()} would reach the window {window.title!r}, and {why}; the "
        "harness never types, presses keys or pastes into a shell",
        rule="terminal-window",
    )


def covered_refusal(
    action: Action, observation: Observation, elements: Sequence[Element]
) -> PolicyRefusal | None:
    """Rule ``field-covered`` on the frame: each pixel ``action`` would touch
    (:func:`~._executors.screen_points`) lies in its target's own window, when the
    element names one the frame lists. Another window on top there (the accessibility
    tree lists what a window covers, and a box outside its window) would take the
    press, the drop or the wheel, judged by nobody; no window there at all is left to
    the executor's look at the X server."""
    if action.verb not in (*POINTER_VERBS, "type") or not observation.windows or not elements:
        return None
    try:
        points = screen_points(action, observation)
    except TargetError:
        return None  # the executor's step fails and says so
    for element, point in zip(elements, points, strict=False):
        own = observation.window(element)
        top = window_at(observation.windows, *point)
        if own is None or top is None or top.id == own.id:
            continue
        return PolicyRefusal(
            f"{action.describe()} is refused: {element.label!r} belongs to the window "
            f"{own.title or own.id!r}, but at {point}, where the input would land, the "
            f"window on top is {top.title or top.id!r}: it would take the input, and "
            "nobody judged that. Nothing was done. Bring the target's window forward (a "
            "focus action) and look again",
            rule="field-covered",
        )
    return None


def _shell_field(element: Element) -> bool:
    """A text field the desktop shell draws itself (state ``shell``): its search."""
    return "shell" in element.state and (element.kind == "field" or "editable" in element.state)


def _window_holding(element: Element, observation: Observation) -> Window | None:
    """The top-level window ``element`` lies in: its own (``element.window``) when
    listed, else the top-most window whose box holds its middle; none for what the
    desktop shell draws itself (state ``shell``)."""
    if "shell" in element.state:
        return None
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


def focused_element(observation: Observation) -> Element | None:
    """The element the index shows focused (an accessibility tree or a focus ring
    says so), or None."""
    return next((e for e in observation.elements if "focused" in e.state), None)


def _takes_text(element: Element, *, unseen: bool = False) -> bool:
    """Whether typed text may go into ``element``; ``unseen`` (a paste): only a field
    the index knows is one."""
    if "editable" in element.state:
        return True
    kinds = tuple(k for k in TYPING_KINDS if k) if unseen else TYPING_KINDS
    if element.kind == "text" and element.source != "a11y":
        return "" in kinds  # text read in pixels: a field's text, or not; OCR cannot tell
    return element.kind in kinds


def _kind_named(element: Element) -> str:
    return f"a {element.kind}" if element.kind else "text whose kind is unknown"


@dataclasses.dataclass(frozen=True, slots=True)
class _Reach:
    """Where an input action lands: ``context`` (``window``, ``field``, ``paste``; ""
    for input that is not keys or text), the element it goes into (a target, else the
    focused one) and that element's window (else the window in front)."""

    context: str
    element: Element | None
    window: Window | None
    targeted: bool


def _reach(
    action: Action, observation: Observation, elements: Sequence[Element], allowed: Sequence[str]
) -> _Reach | None:
    """Where ``action`` lands, or None when it is not input (looking, waiting, a pointer
    move, done) or a key no context allows (``key-not-allowed`` refused it already)."""
    verb = action.verb
    if verb == "type":
        context = "field"
    elif verb == "key":
        context = key_context(action.keys or "", allowed) or ""
        if not context:
            return None
    elif verb == "click" and action.button in _PASTE_BUTTONS:
        context = "paste"
    elif verb in ("click", "drag", "scroll"):
        context = ""
    else:
        return None
    if elements:
        return _Reach(context, elements[0], _window_holding(elements[0], observation), True)
    if verb == "scroll":  # no target and nothing scrolls: wheel-target refused it
        return None
    focused = focused_element(observation)
    if focused is not None:
        return _Reach(context, focused, _window_holding(focused, observation), False)
    front = observation.windows[0] if observation.windows else None
    return _Reach(context, None, front, False)


def _prompt_in(window: Window | None, observation: Observation) -> Element | None:
    """An element of ``window`` that shows a shell's prompt (:func:`prompt_reason`), or
    None: keys with no known focus could go to that shell."""
    if window is None:
        return None
    shown = (e for e in observation.elements if _window_holding(e, observation) == window)
    return next((e for e in shown if _shell_said(e)), None)


def _shell_said(element: Element) -> str | None:
    """Why ``element`` shows a shell's or an interpreter's line: a prompt
    (:func:`prompt_reason`), or a line a shell or a REPL prints (``>>>``, ``In [1]:``)."""
    if (why := prompt_reason(element)) is not None:
        return why
    for what, text in (("label", element.label), ("last line", _value_line(element))):
        if text and (line := shell_line(text)) is not None:
            return f"its {what} {text!r} is a shell's line ({line!r})"
    return None


def _title(window: Window | None) -> str:
    if window is None:
        return "in front"
    return window.title or " ".join(window.wm_class) or window.process or f"{window.id:#x}"


def _reach_refusal(action: Action, reach: _Reach, observation: Observation) -> PolicyRefusal | None:
    """The refusal for input that lands in a terminal or in what takes no text; keys
    with no known focus in a window that shows a shell's prompt (a terminal pane)."""
    where = action.describe()
    typing = action.verb in ("type", "key", "drag") or reach.context == "paste"  # a drop pastes
    if typing and reach.element is not None and (why := _shell_said(reach.element)):
        return PolicyRefusal(
            f"{where} is refused: it would reach {reach.element.label!r}, and {why}; the "
            "harness never types, presses keys or pastes into a shell",
            rule="terminal-window",
        )
    if typing and reach.element is None and (shown := _prompt_in(reach.window, observation)):
        return PolicyRefusal(
            f"{where} is refused: no target and no focused element, so it goes to whatever "
            f"has focus in the window {_title(reach.window)!r}, which shows "
            f"{shown.label!r}, and {_shell_said(shown)} (a terminal pane inside "
            "the program); the harness never types, presses keys or pastes into a shell. "
            "Aim at a named field",
            rule="terminal-window",
        )
    if reach.window is not None and (why := terminal_reason(reach.window)):
        return PolicyRefusal(
            f"{where} is refused: it would reach the window {reach.window.title!r}, and "
            f"{why}; the harness never types, presses keys, pastes or clicks there, and no "
            "flag allows it (not --window, --allow-typing-in nor --allow-key). Close it, or "
            "act in another window",
            rule="terminal-window",
        )
    if reach.context not in ("field", "paste"):
        return None
    keys = action.keys if action.verb == "key" and reach.context == "field" else None
    return _text_target_refusal(where, reach, keys)


def _text_target_refusal(
    where: str, reach: _Reach, keys: str | None = None
) -> PolicyRefusal | None:
    """Text, an editing key or a paste: only into a field (see :data:`TYPING_KINDS`).
    An editing key (``keys``) on something else may be meant for it (Delete on a file
    selected in a file manager): the refusal says how the person allows that key."""
    unseen = reach.context == "paste"
    element = reach.element
    if element is not None and _takes_text(element, unseen=unseen):
        return None
    if element is not None:
        held = "the focused element" if not reach.targeted else "the target"
        fix = "name a field as the target" if reach.targeted else "click a field first"
        if keys:
            return PolicyRefusal(
                f"{where} is refused: {held} {element.label!r} is {_kind_named(element)}, "
                f"not a text field, and {keys} is an editing key, which goes only into one; "
                f"if it is meant for {element.label!r} itself (Delete on a file selected in "
                f"a file manager), allow the key: --allow-key {keys}",
                rule="typing-target",
            )
        return PolicyRefusal(
            f"{where} is refused: {held} {element.label!r} is {_kind_named(element)}, not a "
            f"text field, so the {'paste' if unseen else 'text'} would not go into a field; "
            f"{fix} (type 'x' into 'Name')",
            rule="typing-target",
        )
    if not unseen and reach.window is not None and (reach.window.wm_class or reach.window.process):
        return None  # a known program's window is in front, and it is not a terminal
    what = (
        "a paste goes only into a field the index shows focused (the clipboard's text is "
        "not seen; --allow-key CHORD lifts this for a chord)"
        if unseen
        else "with no target, the text goes to whatever has focus, and neither a focused "
        "field nor the program in front is known"
    )
    return PolicyRefusal(
        f"{where} is refused: {what}. Type into a named field instead (type 'x' into 'Name')",
        rule="typing-target",
    )
