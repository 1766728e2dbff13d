"""Shells nobody listed, known by their structure (issue 37, fifth pass).

A window title that reads as a shell's (a path, a prompt, a command line, an
interpreter's name) is a terminal even under ``--allow-typing-in '*'``; an input whose
label says it takes code, a query or a script is a shell's input wherever it is; a table
program's console window and a smaller unnamed pane beside its named document take no
keys; a shell or an interpreter behind a table program's class is off the table; keys
that recall or run a line go only to programs on the table or named. See
``tiny_computer_agent/_pages.py`` and ``tiny_computer_agent/_text_programs.py``."""

from __future__ import annotations

import pytest

from tiny_computer_agent import Action, Element, Observation, Window
from tiny_computer_agent._pages import code_input, shell_title
from tiny_computer_agent._text_programs import interpreter, text_program

from .helpers import armed, rule_of

SIZE = (1280, 800)


def win(title: str, cls: str = "someapp", process: str = "someapp", wid: int = 9) -> Window:
    return Window(title=title, box=(0, 40, 1280, 800), id=wid, pid=wid * 10,
                  wm_class=(cls, cls.capitalize()), process=process)  # fmt: skip


def field(label: str, box: tuple[int, int, int, int], *state: str, window: int = 9) -> Element:
    return Element(label=label, box=box, kind="field", state=frozenset({"editable", *state}),
                   window=window, source="a11y")  # fmt: skip


def screen(window: Window, *elements: Element) -> Observation:
    return Observation.of(elements, size=SIZE, windows=[window])


TYPE = Action.make("type", text="ls")
SURFACE = field("", (0, 100, 1280, 780), "focused")

SHELL_TITLES = [
    "/srv/www", "~", "~/work \u2014 dash", "redis>", "lua5.4", "btop", "pg_dump -Fc shop",
    "rsync -av src dst", "ops@vm]:/tmp", "PS C:\\Temp>", "node app.js",
]  # fmt: skip
PROGRAM_TITLES = [
    "Untitled - MyApp", "Inbox (3) - Mailspring", "Budget 2026.ods", "Settings",
    "report.pdf \u2014 Foliate", "Notes - Obsidian", "Spotify Premium", "Map of Paris",
]  # fmt: skip


@pytest.mark.parametrize("title", SHELL_TITLES)
def test_a_title_that_reads_as_a_shells_is_a_terminal_whatever_is_allowed(title: str) -> None:
    assert shell_title(title) is not None
    obs = screen(win(title), SURFACE)
    assert rule_of(armed(typing_in=("*",)), TYPE, obs) == "terminal-window"
    assert rule_of(armed(typing_in=(title,)), TYPE, obs) == "terminal-window"


@pytest.mark.parametrize("title", PROGRAM_TITLES)
def test_a_programs_title_stays_a_program_under_the_star(title: str) -> None:
    assert shell_title(title) is None
    assert rule_of(armed(typing_in=("*",)), TYPE, screen(win(title), SURFACE)) is None


PAGE = win("Admin - Chromium", "chromium", "chromium", wid=5)


@pytest.mark.parametrize("label", ["SQL editor", "Run query", "JavaScript",
                                   "Code cell 4", "eval", "bash"])  # fmt: skip
def test_an_input_that_takes_code_takes_no_keys(label: str) -> None:
    target = field(label, (100, 300, 900, 340), "focused", window=5)
    obs = screen(PAGE, target)
    assert code_input(target) is not None
    assert rule_of(armed(), Action.make("type", text="x", target=label), obs) == "terminal-window"
    assert rule_of(armed(), TYPE, obs) == "terminal-window"  # the focus shows it
    assert rule_of(armed(), Action.make("key", keys="ctrl+v"), obs) == "terminal-window"
    assert rule_of(armed(typing_in=("*",)), TYPE, obs) == "terminal-window"


@pytest.mark.parametrize("label", ["Search query", "Postal code", "Verification code",
                                   "Enter a prompt", "Subject", "Description"])  # fmt: skip
def test_form_fields_still_take_text(label: str) -> None:
    target = field(label, (100, 300, 900, 340), "focused", window=5)
    assert code_input(target) is None
    assert (
        rule_of(armed(), Action.make("type", text="x", target=label), screen(PAGE, target)) is None
    )


EDITOR = win("notes.txt - gedit", "gedit", "gedit", wid=6)
DOC = field("Document", (0, 100, 1280, 560), window=6)


def test_an_unnamed_pane_beside_a_named_document_takes_no_keys() -> None:
    pane = field("", (0, 580, 1280, 780), "focused", window=6)
    assert rule_of(armed(), TYPE, screen(EDITOR, DOC, pane)) == "typing-program"
    # the document itself, unnamed, takes text; so does one beside a smaller named bar
    doc = field("", (0, 100, 1280, 700), "focused", window=6)
    assert rule_of(armed(), TYPE, screen(EDITOR, doc)) is None
    assert (
        rule_of(armed(), TYPE, screen(EDITOR, doc, field("Find", (0, 720, 600, 750), window=6)))
        is None
    )


def test_a_table_programs_console_window_takes_no_keys() -> None:
    console = win("Browser Console", "thunderbird", "thunderbird", wid=7)
    line = field("Input", (0, 700, 1280, 740), "focused", window=7)
    assert rule_of(armed(), TYPE, screen(console, line)) == "terminal-window"
    compose = win("Write: Re: Console order", "thunderbird", "thunderbird", wid=7)
    assert (
        rule_of(
            armed(),
            TYPE,
            screen(compose, field("Message body", (0, 200, 1280, 780), "focused", window=7)),
        )
        is None
    )


def test_an_interpreter_behind_a_table_programs_class_is_off_the_table() -> None:
    for process in ("ruby", "python3.11", "node", "perl"):
        fake = win("Untitled", "gedit", process)
        assert interpreter(process) and text_program(fake) is None, process
        assert (
            rule_of(armed(), TYPE, screen(fake, field("Text", (0, 100, 1280, 780), "focused")))
            == "typing-program"
        )
    assert text_program(win("Untitled", "gedit", "gedit")) == "gedit"


@pytest.mark.parametrize("chord", ["Up", "Down", "ctrl+o", "ctrl+p", "ctrl+h"])
def test_keys_that_recall_or_run_a_line_go_only_to_known_programs(chord: str) -> None:
    keys = Action.make("key", keys=chord)
    assert rule_of(armed(), keys, screen(win("mystery"))) == "typing-program"
    assert rule_of(armed(), keys, Observation.of([], size=SIZE, windows=[])) == "typing-program"
    assert rule_of(armed(typing_in=("someapp",)), keys, screen(win("mystery"))) is None
    assert rule_of(armed(), keys, screen(EDITOR, DOC)) is None
