"""Typing into a browser's page (issue 37): by what the keys go into, not by the program.

A browser is on the table of text programs, but a page may be a terminal, a notebook,
a console or another machine's desktop: text, pastes, drops and presses by key go only
into a field the index knows and names (the target, the focus it shows, else the field
the episode's last focus-moving action left focused); with no target, a page showing a
shell's line is a terminal. A suite's part off the table (a macro IDE) is not its word
processor. See ``tiny_computer_agent/_pages.py``."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from tiny_computer_agent import Action, Element, Observation, PolicyRefusal, Window
from tiny_computer_agent._pages import shell_line
from tiny_computer_agent._text_programs import page_program, text_program

from .helpers import armed

SIZE = (1280, 800)
PAGE = Window(title="Fleet console - Chromium", box=(0, 40, 1280, 800), id=5, pid=50,
              wm_class=("chromium", "Chromium"), process="chromium")  # fmt: skip
EDITOR = Window(title="todo.txt - gedit", box=(0, 40, 1280, 800), id=6, pid=60,
                wm_class=("gedit", "Gedit"), process="gedit")  # fmt: skip


def el(label: str, box: tuple[int, int, int, int], kind: str = "", *state: str,
       window: int = 5, source: str = "a11y") -> Element:  # fmt: skip
    return Element(label=label, box=box, kind=kind, state=frozenset(state), window=window,
                   source=source)  # fmt: skip


#: an unnamed editable over the whole page: a terminal emulator's or a canvas's input
SURFACE = el("", (0, 100, 1280, 780), "field", "focused", "editable")
PROMPT = el("ops@bastion:/srv/app$", (10, 700, 400, 720), source="ocr")
LISTING = el("-rw-r--r-- 1 ops ops 220 Jan 2 09:14 .profile", (10, 660, 600, 680), source="ocr")
ICON = el("Trash", (20, 120, 90, 140), source="ocr")  # a desktop drawn in the page
SEARCH = el("Search the docs", (300, 110, 900, 140), "field", "editable")
SUBMIT = el("Show results", (300, 200, 450, 230), "button")


def page(*elements: Element, windows: Sequence[Window] = (PAGE,)) -> Observation:
    return Observation.of(elements, size=SIZE, windows=list(windows))


def type_(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


def key(chord: str) -> Action:
    return Action.make("key", keys=chord)


def click(target: str) -> Action:
    return Action.make("click", target=target)


def rule(
    action: Action, obs: Observation, history: Sequence[Action] = (), **policy: object
) -> str | None:
    try:
        armed(**policy).check(action, obs, history=history)
    except PolicyRefusal as exc:
        return exc.rule
    return None


def test_a_terminal_drawn_in_a_page_takes_no_keys() -> None:
    """With no target, a page that shows a shell's prompt or a listing is a terminal;
    its unnamed input takes nothing, prompt shown or not."""
    for shown in (PROMPT, LISTING):
        obs = page(shown, SURFACE)
        for action in (type_("uptime\n"), type_("uptime"), key("Return"), key("ctrl+v")):
            assert rule(action, obs) == "terminal-window", (shown.label, action.describe())
    bare = page(SURFACE)
    for action in (type_("uptime\n"), key("Return"), key("ctrl+v"), key("BackSpace"), key("q")):
        assert rule(action, bare) == "typing-program", action.describe()


def test_a_desktop_drawn_in_a_page_takes_no_keys_nor_drops() -> None:
    """A remote desktop's page: no field the index knows, only text read in the pixels."""
    obs = page(ICON)
    assert rule(type_("whoami\n"), obs) == "typing-program"  # no focus in the page
    assert rule(type_("whoami", "Trash"), obs) == "typing-program"  # text, not a field
    assert rule(type_("whoami\n"), obs, [click("Trash")]) == "typing-program"
    assert rule(key("Return"), obs, [click("Trash")]) == "typing-program"
    left = dataclasses.replace(EDITOR, box=(640, 40, 1280, 800))
    words = el("draft.sh", (700, 200, 800, 220), "item", window=6)
    both = page(ICON, words, windows=(left, dataclasses.replace(PAGE, box=(0, 40, 640, 800))))
    assert rule(Action.make("drag", target="draft.sh", to="Trash"), both) == "typing-program"


def test_a_code_cell_or_a_console_line_with_no_name_takes_no_text() -> None:
    cell = el("", (90, 300, 1200, 420), "field", "focused", "editable")
    for beside in ("[7]:", "In [7]:", ">>>"):
        obs = page(el(beside, (20, 300, 80, 330), source="ocr"), cell)
        assert rule(type_("print(1)"), obs) == "terminal-window", beside
    assert rule(type_("print(1)"), page(cell)) == "typing-program"
    assert rule(key("ctrl+v"), page(cell)) == "typing-program"


def test_forms_search_boxes_and_the_browsers_own_bars_still_take_text() -> None:
    form = page(SEARCH, SUBMIT)
    assert rule(type_("tables", "Search the docs"), form) is None
    focused = dataclasses.replace(SEARCH, state=frozenset({"focused", "editable"}))
    assert rule(type_("tables"), page(focused, SUBMIT)) is None
    # the frame shows no focus: the keys go where the last targeted action left them
    assert rule(key("Return"), form, [type_("tables", "Search the docs")]) is None
    assert rule(type_("tables"), form, [click("Search the docs"), key("ctrl+a")]) is None
    assert rule(type_("tables"), form, [key("ctrl+f")]) is None  # the find bar
    assert rule(key("Return"), form, [key("ctrl+l"), type_("example.org")]) is None
    # a Tab or a click on a button leaves the focus unknown
    assert rule(type_("tables"), form, [click("Search the docs"), key("Tab")]) == "typing-program"
    assert rule(type_("tables"), form, [click("Show results")]) == "typing-program"
    # Return on a focused button the index names presses that button
    pressed = dataclasses.replace(SUBMIT, state=frozenset({"focused"}))
    assert rule(key("Return"), page(SEARCH, pressed)) is None
    # a field the pixels found, named by the text left of it
    shaped = el("Email", (300, 300, 700, 330), "field", source="shape")
    assert rule(type_("ada@example.org", "Email"), page(shaped)) is None
    # the pixels keep a form's label apart from its box: the label names the box
    label = el("City", (200, 400, 260, 420), "text", source="ocr")
    box = el("", (280, 395, 600, 425), "field", source="shape")
    assert rule(type_("Lisbon", "City"), page(label, box)) is None
    assert rule(type_("Lisbon", "City"), page(label)) == "typing-program"  # no box beside


def test_a_named_field_on_a_page_that_shows_a_prompt_may_be_typed_into() -> None:
    """A tutorial's page shows a prompt in its example; its search box is still a form's."""
    obs = page(PROMPT, SEARCH)
    assert rule(type_("ssh keys", "Search the docs"), obs) is None
    assert rule(type_("ssh keys"), obs, [click("Search the docs")]) == "terminal-window"


def test_what_lifts_the_page_rule() -> None:
    """Naming the page (or the browser) with --allow-typing-in lifts the rule for its
    unnamed fields; '*' lifts it for any field; a page that shows a shell stays a
    terminal whatever is allowed; --window lifts nothing."""
    assert rule(type_("notes"), page(SURFACE), typing_in=("Fleet console - Chromium",)) is None
    assert rule(type_("notes"), page(SURFACE), typing_in=("chromium",)) is None
    assert rule(type_("notes"), page(SURFACE), scope=("chromium",)) == "typing-program"
    shell = page(PROMPT, SURFACE)
    assert rule(type_("ls"), shell, typing_in=("chromium",)) == "terminal-window"
    assert rule(type_("ls"), shell, typing_in=("*",)) == "terminal-window"
    assert rule(type_("notes"), page(SURFACE), typing_in=("*",)) is None
    with pytest.raises(PolicyRefusal, match=r"--allow-typing-in 'Fleet console - Chromium'"):
        armed().check(type_("ls"), page(ICON))


def test_only_a_browsers_own_window_is_a_page() -> None:
    assert page_program(PAGE)
    assert not page_program(EDITOR)
    chooser = dataclasses.replace(PAGE, id=8, title="Save File", transient_for=5)
    assert not page_program(chooser)  # its dialog: the ordinary rules
    obs = page(el("", (100, 100, 600, 130), "field", "focused", window=8),
               windows=(chooser, PAGE))  # fmt: skip
    assert rule(type_("report.pdf"), obs) is None
    # gedit's unnamed document is gedit's: no page rule there
    doc = el("", (0, 100, 1280, 780), "field", "focused", "editable", window=6)
    assert rule(type_("milk\n"), page(doc, windows=(EDITOR,))) is None


def test_a_suites_part_off_the_table_is_not_its_word_processor() -> None:
    writer = Window(title="letter.odt - LibreOffice Writer", box=(0, 40, 1280, 800), id=3,
                    pid=30, wm_class=("libreoffice", "libreoffice-writer"),
                    process="soffice.bin")  # fmt: skip
    ide = dataclasses.replace(writer, id=4, title="Standard - LibreOffice Basic",
                              wm_class=("libreoffice", "libreoffice-basicide"))  # fmt: skip
    assert text_program(writer) == "libreoffice-writer"
    assert text_program(ide) is None
    code = el("Module1", (0, 100, 1280, 780), "field", "focused", "editable", window=4)
    for windows in ((ide,), (ide, writer)):  # the same process as Writer does not lift it
        assert rule(type_("Sub Main\n"), page(code, windows=windows)) == "typing-program"
    assert rule(type_("Sub Main\n"), page(code, windows=(ide,)),
                typing_in=("libreoffice-basicide",)) is None  # fmt: skip
    # names that only extend the process's are the program itself
    brave = Window(title="x", box=(0, 0, 10, 10), wm_class=("brave-browser", "Brave-browser"),
                   process="brave")  # fmt: skip
    assert text_program(brave) is not None


@pytest.mark.parametrize(
    "line",
    ["ops@bastion:/srv/app$", "[ops@bastion ~]#", "ops@bastion ~ %", "~/src $", "/srv #",
     "PS C:\\Users\\ops>", "PS /home/ops>", "C:\\Windows\\system32>", ">>> import os",
     "In [12]:", "[ ]:", "drwxr-xr-x  5 ops ops 4096 Jan  2 09:14 src"],
)  # fmt: skip
def test_shell_lines(line: str) -> None:
    assert shell_line(line) is not None


@pytest.mark.parametrize(
    "label",
    ["Next >", "$", "Price: $5", "#general", "Home > Docs > Install", "Email", "ops@example.org",
     "Step 2 of 3", "drwxr-xr-x is a mode", "In stock"],
)  # fmt: skip
def test_not_shell_lines(label: str) -> None:
    assert shell_line(label) is None
