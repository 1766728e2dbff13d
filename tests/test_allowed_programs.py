"""An allowance opens a program, not a shell inside it (issue 37).

``--allow-typing-in NAME`` lets a program off the table of text programs take text;
an IDE or a file manager may hold a terminal pane, so there (as in a browser's page)
text goes only into a field the index knows and names, and a window showing a shell's
line is a terminal with no target, whatever is allowed (``'*'`` too). ``--allow-widget
LABEL`` lifts the deny list of widget names, never a console's or a shell's input.
See ``tiny_computer_agent/_pages.py`` and ``tiny_computer_agent/_side_doors.py``."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tiny_computer_agent import Action, Element, Observation, PolicyRefusal, Window
from tiny_computer_agent._presses import web_browser

from .helpers import armed, rule_of

SIZE = (1280, 800)
IDE = Window(title="app.py - Geany", box=(0, 40, 1280, 800), id=9, pid=90,
             wm_class=("geany", "Geany"), process="geany")  # fmt: skip
EDITOR = Window(title="todo.txt - gedit", box=(0, 40, 1280, 800), id=6, pid=60,
                wm_class=("gedit", "Gedit"), process="gedit")  # fmt: skip
PAGE = Window(title="Shop - Chromium", box=(0, 40, 1280, 800), id=5, pid=50,
              wm_class=("chromium", "Chromium"), process="chromium")  # fmt: skip


def el(label: str, box: tuple[int, int, int, int], kind: str = "", *state: str,
       window: int = 9, source: str = "a11y") -> Element:  # fmt: skip
    return Element(label=label, box=box, kind=kind, state=frozenset(state), window=window,
                   source=source)  # fmt: skip


#: an unnamed focused input: the IDE's terminal pane looks so in the tree
PANE = el("", (0, 600, 1280, 780), "field", "focused", "editable")
DOCUMENT = el("app.py", (0, 100, 1280, 580), "field", "editable")
PROMPTS = ("dev@box:~/src$", "\u279c  src git:(dev)", "zsh-5.9$",
           "Last login: Tue Mar  3 10:00:01 2026 from 10.0.0.2")  # fmt: skip


def frame(*elements: Element, windows: Sequence[Window] = (IDE,)) -> Observation:
    return Observation.of(elements, size=SIZE, windows=list(windows))


def type_(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


def test_a_named_program_takes_text_only_in_a_named_field() -> None:
    named = armed(typing_in=("geany", "app.py"))  # the program, and the code file (._side_doors)
    assert rule_of(named, type_("make test"), frame(PANE, DOCUMENT)) == "typing-program"
    assert rule_of(named, type_("x = 1", "app.py"), frame(PANE, DOCUMENT)) is None
    by_pattern = armed(typing_in=("geany", "*.py"))
    assert rule_of(by_pattern, type_("x", "app.py"), frame(DOCUMENT)) is None
    # code: the program alone does not name the file (decided after the fourth fresh pass)
    program_only = armed(typing_in=("geany",))
    assert rule_of(program_only, type_("x", "app.py"), frame(DOCUMENT)) == "terminal-window"
    assert rule_of(armed(typing_in=("*", "app.py")), type_("make test"), frame(PANE)) is None
    assert rule_of(armed(), type_("x = 1", "app.py"), frame(DOCUMENT)) == "typing-program"


def test_a_named_program_showing_a_shell_line_is_a_terminal() -> None:
    for shown in PROMPTS:
        line = el(shown, (20, 740, 400, 770), source="ocr")
        for allowed in (("geany",), ("*",)):
            policy = armed(typing_in=allowed)
            assert rule_of(policy, type_("make test"), frame(PANE, line)) == "terminal-window"
        # aimed at the document by name: still the document's
        named = armed(typing_in=("geany", "app.py"))
        assert rule_of(named, type_("x", "app.py"), frame(DOCUMENT, line)) is None


def test_a_prompt_aimed_at_is_a_shell_wherever_it_stands() -> None:
    for shown in PROMPTS[1:3]:
        line = el(shown, (20, 740, 400, 770), "", "focused", source="ocr")
        for allowed in (("geany",), ("*",)):
            refused = rule_of(armed(typing_in=allowed), type_("make", shown), frame(line))
            assert refused == "terminal-window"
        unlisted = Observation.of([el(shown, (20, 40, 300, 70), window=0, source="ocr")], size=SIZE)
        assert rule_of(armed(typing_in=("*",)), type_("make", shown), unlisted) == "terminal-window"


def test_a_table_programs_document_is_not_confined() -> None:
    doc = el("", (0, 100, 1280, 780), "field", "focused", "editable", window=6)
    quoted = el("dev@box:~/src$", (20, 300, 300, 320), window=6, source="ocr")
    assert rule_of(armed(), type_("notes"), frame(doc, quoted, windows=(EDITOR,))) is None


def test_allowing_a_console_widget_does_not_make_it_a_place_to_type() -> None:
    for label in ("Console", "Terminal", "Python Shell", "REPL"):
        box = el(label, (0, 700, 1280, 780), "field", "focused", "editable", window=5)
        obs = frame(box, windows=(PAGE,))
        action = type_("print(1)", label)
        assert rule_of(armed(allow_widgets=(label,)), action, obs) == "terminal-window"
    search = el("Search the console docs", (0, 100, 600, 130), "field", "editable", window=5)
    obs = frame(search, windows=(PAGE,))
    allowed = armed(allow_widgets=("Search the console docs",))  # a search box: lifted
    assert rule_of(allowed, type_("logs", "Search the console docs"), obs) is None


def test_presses_know_browsers_by_the_one_table() -> None:
    assert web_browser(PAGE)
    assert web_browser(Window(title="x", box=(0, 0, 10, 10), id=3, wm_class=("Navigator", "")))
    assert not web_browser(IDE)


def test_a_window_the_x_server_cannot_vouch_for_is_no_program_on_the_table() -> None:
    """An xterm over TCP called itself gedit and ran what was typed (the sixth attacker
    pass): X-Resource names no process for a client over TCP or from another machine,
    so its class is only its claim, and no pty can be looked for (``Window.remote``)."""
    remote = Window(title="notes.txt - gedit", box=(0, 40, 1280, 800), id=7,
                    wm_class=("gedit", "Gedit"), remote=True)  # fmt: skip
    text = el("notes.txt", (0, 100, 1280, 580), "field", "focused", "editable", window=7)
    mine = el("todo.txt", (0, 100, 1280, 580), "field", "focused", "editable", window=6)
    keys = (Action.make("key", keys="ctrl+v"), Action.make("key", keys="Return"))
    for action in (type_("touch PWNED"), type_("touch PWNED", "notes.txt"), *keys):
        assert rule_of(armed(), action, frame(text, windows=(remote,))) == "typing-program"
    # the local gedit, whose process the server names, takes it
    assert rule_of(armed(), type_("x", "todo.txt"), frame(mine, windows=(EDITOR,))) is None
    with pytest.raises(PolicyRefusal, match="no process on this machine"):
        armed().check(type_("x", "notes.txt"), frame(text, windows=(remote,)))
    # the person's name takes it in, as it does any program off the table
    assert rule_of(armed(typing_in=("gedit",)), type_("x", "notes.txt"),
                   frame(text, windows=(remote,))) is None  # fmt: skip
    assert Window.from_dict(remote.to_dict()).remote
    # behind a relay the X server names (socat from TCP to the socket, xpra, waypipe)
    for relay in ("socat", "xpra", "waypipe", "x11docker"):
        relayed = Window(title="notes.txt - gedit", box=(0, 40, 1280, 800), id=7, pid=70,
                         wm_class=("gedit", "Gedit"), process=relay)  # fmt: skip
        assert rule_of(armed(), type_("x", "notes.txt"),
                       frame(text, windows=(relayed,))) == "typing-program"  # fmt: skip


def test_the_process_the_x_server_names_decides_not_the_class() -> None:
    """The seventh attacker pass dressed launchers (xlunch, onagre) as Mousepad: the class
    is on the table, the process the X server names is not."""
    doc = el("notes.txt", (0, 100, 1280, 580), "field", "focused", "editable", window=7)
    for process, rule in (("xlunch", "typing-program"), ("onagre", "typing-program"),
                          ("mousepad", None)):  # fmt: skip
        win = Window(title="Untitled 1 - Mousepad", box=(0, 40, 1280, 800), id=7, pid=77,
                     wm_class=("mousepad", "Mousepad"), process=process)  # fmt: skip
        assert rule_of(armed(), type_("sakura\n", "notes.txt"), frame(doc, windows=(win,))) == rule
    with pytest.raises(PolicyRefusal, match="names its process 'xlunch'"):
        win = Window(title="Untitled 1 - Mousepad", box=(0, 40, 1280, 800), id=7, pid=77,
                     wm_class=("mousepad", "Mousepad"), process="xlunch")  # fmt: skip
        armed().check(type_("x", "notes.txt"), frame(doc, windows=(win,)))
    # a suite's process, a browser's packaged name, a name the kernel cut: still on it
    for wm_class, process in ((("libreoffice-writer", "libreoffice-writer"), "soffice.bin"),
                              (("Navigator", "firefox-esr"), "firefox-esr"),
                              (("org.gnome.TextEditor",), "gnome-text-edit")):  # fmt: skip
        win = Window(title="doc", box=(0, 40, 1280, 800), id=7, pid=77, wm_class=wm_class,
                     process=process)  # fmt: skip
        assert rule_of(armed(), type_("x", "notes.txt"), frame(doc, windows=(win,))) is None
