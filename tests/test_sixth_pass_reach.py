"""Typing judged by the structure of what it reaches (issue 37, sixth pass), with examples
of our own: another machine's display in a program the person named, a launcher known
by its shape, an input beside a Run button, untargeted keys after a chord in a program
off the table, a mail program's chat box, Paste items in any language, buttons that run.
See ``tiny_computer_agent/_pages.py``, ``_presses.py`` and ``_side_doors.py``."""

from __future__ import annotations

import pytest

from tests.helpers import armed
from tiny_computer_agent import Action, Element, Observation, PolicyRefusal, Window
from tiny_computer_agent._side_doors import code_yes

SIZE = (1920, 1080)
#: a remote-console program the person names with --allow-typing-in (not on any table)
VIEWER = Window(title="lab-vm-3 (running)", box=(0, 40, 1920, 1040), id=7, pid=70,
                wm_class=("labconsole", "LabConsole"), process="labconsole")  # fmt: skip
#: an untitled, undecorated popup of a program nobody listed
POPUP = Window(title="", box=(600, 300, 1300, 700), id=8, pid=80,
               wm_class=("quickpick", "Quickpick"), process="quickpick")  # fmt: skip
PAGE = Window(title="Admin tools — Mozilla Firefox", box=(0, 40, 1920, 1040), id=9, pid=90,
              wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip
MAILER = Window(title="Inbox - Evolution", box=(0, 40, 1920, 1040), id=10, pid=100,
                wm_class=("evolution", "Evolution"), process="evolution")  # fmt: skip
STUDIO = Window(title="notebook.py - Codelab", box=(0, 40, 1920, 1040), id=11, pid=110,
                wm_class=("codelab", "Codelab"), process="codelab")  # fmt: skip
MENU = Window(title="", box=(300, 300, 560, 420), id=12, pid=120, override=True)
TERM = Window(title="me@box: ~", box=(0, 40, 1920, 1040), id=13, pid=130,
              wm_class=("xterm", "XTerm"), process="xterm")  # fmt: skip


def el(label: str, box: tuple[int, int, int, int], kind: str, *state: str,
       window: int) -> Element:  # fmt: skip
    """An element as the accessibility tree gives it (states come only from the tree)."""
    return Element(label=label, box=box, kind=kind, state=frozenset(state), window=window,
                   source="a11y")  # fmt: skip


def frame(*elements: Element, windows: list[Window]) -> Observation:
    return Observation.of(list(elements), size=SIZE, windows=windows)


def refusal(action: Action, observation: Observation, history: tuple[Action, ...] = (),
            **policy: object) -> PolicyRefusal | None:  # fmt: skip
    try:
        armed(**policy).check(action, observation, history=history)
    except PolicyRefusal as exc:
        return exc
    return None


def type_(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


def test_keys_into_another_machines_display_are_refused_even_when_its_program_is_named() -> None:
    display = el("Guest screen", (0, 40, 1920, 1040), "field", "focused", window=7)
    shown = frame(display, windows=[VIEWER])
    for action in (type_("ls -l"), Action.make("key", keys="Return")):
        said = refusal(action, shown, typing_in=("labconsole",))
        assert said is not None and said.rule == "terminal-window", said
        assert "another machine" in str(said) and "own forms" in str(said)
    # its own form (a connection dialog's field) is what naming it allows
    host = el("Host name", (700, 400, 1200, 440), "field", "focused", "editable", window=7)
    assert (
        refusal(type_("lab-vm-3"), frame(host, windows=[VIEWER]), typing_in=("labconsole",)) is None
    )
    # an editable document that fills a named program's window is a document
    doc = el("Notes", (0, 40, 1920, 1040), "field", "focused", "editable", window=7)
    assert refusal(type_("hello"), frame(doc, windows=[VIEWER]), typing_in=("labconsole",)) is None


def test_a_launcher_is_known_by_its_shape_whatever_is_allowed() -> None:
    box = el("Search apps", (620, 320, 1280, 360), "field", "focused", "editable", window=8)
    row = el("Files", (620, 380, 1280, 410), "item", window=8)
    for allowed in (("*",), ("quickpick",)):
        said = refusal(type_("notes\n", "Search apps"), frame(box, row, windows=[POPUP]),
                       typing_in=allowed)  # fmt: skip
        assert said is not None and said.rule == "terminal-window", said
        assert "launcher" in str(said) and "Escape" in str(said)
    # the same program's window with a title, or with two fields, is a form
    titled = Window(title="New contact - Quickpick", box=POPUP.box, id=8, pid=80,
                    wm_class=POPUP.wm_class, process=POPUP.process)  # fmt: skip
    assert (
        refusal(type_("Ada", "Search apps"), frame(box, windows=[titled]), typing_in=("*",)) is None
    )
    second = el("Last name", (620, 420, 1280, 460), "field", "editable", window=8)
    assert refusal(type_("Ada", "Search apps"), frame(box, second, windows=[POPUP]),
                   typing_in=("*",)) is None  # fmt: skip


def test_an_input_with_a_run_button_beside_or_below_it_is_a_console() -> None:
    line = el("Expression", (100, 600, 1700, 640), "field", "focused", "editable", window=9)
    for run in ("Run", "Execute query", "▶ Run"):
        beside = el(run, (1720, 600, 1850, 640), "button", window=9)
        said = refusal(type_("drop database x", "Expression"), frame(line, beside, windows=[PAGE]))
        assert said is not None and said.rule == "terminal-window", (run, said)
    area = el("Script body", (100, 200, 1700, 800), "field", "editable", window=11)
    under = el("Run", (1500, 820, 1650, 860), "button", window=11)
    said = refusal(type_("import os", "Script body"), frame(area, under, windows=[STUDIO]),
                   typing_in=("*",))  # fmt: skip
    assert said is not None and said.rule == "terminal-window"
    # a form's Save beside a field, and a Run button far from it, leave it a field
    save = el("Save", (1720, 600, 1850, 640), "button", window=9)
    assert refusal(type_("Ada", "Expression"), frame(line, save, windows=[PAGE])) is None
    far = el("Run", (100, 950, 200, 990), "button", window=9)
    assert refusal(type_("Ada", "Expression"), frame(line, far, windows=[PAGE])) is None


def test_untargeted_keys_after_a_chord_in_a_program_off_the_table_are_refused() -> None:
    editor = el("main.py", (300, 60, 1900, 690), "field", "focused", "editable", window=11)
    shown = frame(editor, windows=[STUDIO])
    chord = Action.make("key", keys="ctrl+shift+t")
    said = refusal(type_("make deploy"), shown, (chord,), typing_in=("*",),
                   allow_keys=("ctrl+shift+t",))  # fmt: skip
    assert said is not None and said.rule == "typing-program" and "ctrl+shift+t" in str(said)
    # aimed at the field, or after an editing chord, the keys go where they are told
    code = ("*", "notebook.py")  # any program, and the code file the window edits
    assert refusal(type_("x = 1", "main.py"), shown, (chord,), typing_in=code) is None
    copy = Action.make("key", keys="ctrl+c")
    assert refusal(type_("x = 1"), shown, (copy,), typing_in=code) is None
    # a chord that moves the caret opens nothing (a Tk editor's ctrl+End, then Return)
    end = Action.make("key", keys="ctrl+End")
    assert refusal(Action.make("key", keys="Return"), shown, (end,), typing_in=("*",)) is None
    # a dialog the chord opened (NEdit's Replace/Find by ctrl+r) is no pane: its field
    find = Window(title="Replace/Find", box=(500, 300, 1100, 600), id=12, transient_for=11,
                  wm_class=STUDIO.wm_class, process=STUDIO.process)  # fmt: skip
    box = el("String to Find", (520, 360, 1080, 390), "field", "focused", "editable", window=12)
    replace = Action.make("key", keys="ctrl+r")
    opened = frame(editor, box, windows=[find, STUDIO])
    assert refusal(type_("cat"), opened, (replace,), typing_in=("*",),
                   allow_keys=("ctrl+r",)) is None  # fmt: skip


def test_return_in_a_mail_programs_chat_box_is_a_blind_send() -> None:
    chat = el("Message #team", (400, 900, 1500, 980), "field", "focused", "editable", window=10)
    shown = frame(chat, windows=[MAILER])
    said = refusal(type_("see you\n", "Message #team"), shown)
    assert said is not None and said.rule == "irreversible" and "chat" in str(said)
    assert refusal(type_("see you", "Message #team"), shown) is None  # no newline: no send
    # a message's body (under its To and Subject, or filling the window) takes a new line
    to = el("To", (100, 100, 1800, 140), "field", "editable", window=10)
    assert refusal(type_("line\n", "Message #team"), frame(to, chat, windows=[MAILER])) is None
    body = el("Body", (0, 200, 1920, 1000), "field", "focused", "editable", window=10)
    assert refusal(type_("line\n", "Body"), frame(body, windows=[MAILER])) is None


@pytest.mark.parametrize(
    "label",
    ["Plak", "Вставити", "Enganxa", "Alglui", "Itsatsi", "ペースト", "Pegar\tCtrl+Shift+V",
     "Insert from clipboard", "Whatever   Ctrl+V"],
)  # fmt: skip
def test_a_paste_item_in_any_language_over_a_terminal_is_a_paste(label: str) -> None:
    item = el(label, (310, 320, 550, 350), "menuitem", window=12)
    said = refusal(Action.make("click", target=label), frame(item, windows=[MENU, TERM]))
    assert said is not None and "pastes the clipboard" in str(said), said


def test_an_item_that_pastes_nothing_is_not_a_paste() -> None:
    for label in ("Copy", "Select All", "Copy to clipboard"):
        item = el(label, (310, 320, 550, 350), "menuitem", window=12)
        assert (
            refusal(Action.make("click", target=label), frame(item, windows=[MENU, TERM])) is None
        )


@pytest.mark.parametrize("label", ["Run Backup Now", "Execute Task", "Launch job template",
                                   "nightly.sh"])  # fmt: skip
def test_a_button_that_runs_by_its_own_label_is_refused(label: str) -> None:
    button = el(label, (700, 600, 900, 640), "button", window=9)
    assert code_yes(button, frame(button, windows=[PAGE])) is not None
    said = refusal(Action.make("click", target=label), frame(button, windows=[PAGE]))
    assert said is not None and said.rule == "terminal-window" and "--allow-widget" in str(said)
    plain = el("Runtime settings", (700, 600, 900, 640), "button", window=9)
    assert code_yes(plain, frame(plain, windows=[PAGE])) is None


@pytest.mark.parametrize(
    ("question", "runs"),
    [
        (["Do you want to save", "/home/me/sketch.py before closing?"], False),  # IDLE's
        # a path wrapped at a word of running ("/tmp/p", "open-gw0/...") is a path's part
        (
            ["Do you want to save", "/tmp/p", "open-gw0/run_all", "_dir/sketch.py", "closing?"],
            False,
        ),
        (["Save notes.txt before closing?", "Then open run.sh?"], True),
        (["Save changes to build.sh before closing?"], False),
        (["Möchten Sie deploy.py vor dem Schließen speichern?"], False),
        (["Save setup.sh and open it now?"], True),  # a word that runs: still refused
        (["Do you want to run setup.sh?"], True),
        (["Save the macro in report.xlsm?"], True),  # macros run, whatever saves them
    ],
)
def test_a_yes_that_saves_a_code_file_is_not_a_yes_that_runs_it(
    question: list[str], runs: bool
) -> None:
    """A dialog that names a file that runs (a .py, a .sh) asks to run it, unless it asks
    to save it and says no word of running: then its yes saves the file."""
    editor = Window(title="sketch.py - Editor", box=(0, 40, 1920, 1040), id=20, pid=200,
                    wm_class=("editor", "Editor"), process="editor")  # fmt: skip
    dialog = Window(title="Save On Close", box=(700, 400, 1220, 640), id=21, pid=200,
                    wm_class=("editor", "Editor"), process="editor", transient_for=20)  # fmt: skip
    said = [el(t, (720, 440 + 30 * i, 1200, 466 + 30 * i), "text", window=21)
            for i, t in enumerate(question)]  # fmt: skip
    yes = el("Yes", (760, 580, 860, 620), "button", window=21)
    no = el("No", (880, 580, 980, 620), "button", window=21)
    seen = frame(*said, yes, no, windows=[dialog, editor])
    assert (code_yes(yes, seen) is not None) is runs, code_yes(yes, seen)
