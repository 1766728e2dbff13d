"""Issue 37, sixth attacker pass: holes closed by structure, with examples of our own.

a dialog's Return      Return in a field of a dialog (transient, a dialog's role, a
                       dialog helper) whose buttons the frame does not show is blind;
                       a main window's path bar or a sheet's cell is no dialog
a name a shell runs    a Save As (or a title) naming a dotfile, a program's config,
                       a file under ~/.config, /etc, a bin folder: typing into a shell
a yes that runs        a dialog whose question asks to run (in several languages)
a program by ending    ``a.out``, ``.elf``, an architecture's ending opens as a program
a formula              a dotted function that calls out (``CALL.DLL(``)
the wheel              month and weekday names are a date wheel's values; lines inside
                       a drawing are its labels; a narrow tall field is a knob
a secret               a secret's name or hint field, a terminal program's prompt
"""

from __future__ import annotations

import pytest

from tests.helpers import armed, rule_of
from tiny_computer_agent import Action, Element, Observation, PolicyRefusal, Window
from tiny_computer_agent._side_doors import runs_later, runs_later_path
from tiny_computer_agent._wheel import scrollable, value_control

SIZE = (1920, 1080)
APP = Window(title="todo.md - Scribe", box=(0, 40, 1920, 1040), id=3, pid=30,
             wm_class=("gedit", "Gedit"), process="gedit")  # fmt: skip


def el(label: str, box: tuple[int, int, int, int], kind: str = "", *state: str,
       window: int = 9, source: str = "a11y") -> Element:  # fmt: skip
    return Element(label=label, box=box, kind=kind, state=frozenset(state), window=window,
                   source=source)  # fmt: skip


def frame(*elements: Element, windows: tuple[Window, ...]) -> Observation:
    return Observation.of(list(elements), size=SIZE, windows=list(windows))


def dialog(title: str = "Question", **kw: object) -> Window:
    return Window(
        title=title,
        box=(700, 300, 1300, 700),
        id=9,
        pid=30,
        wm_class=("gedit", "Gedit"),
        process="gedit",
        **kw,
    )  # type: ignore[arg-type]


# -- Return in a dialog's field ------------------------------------------------------------


@pytest.mark.parametrize(
    "window",
    [
        dialog(transient_for=3),
        dialog(role="dialog"),
        Window(title="Confirm", box=(700, 300, 1300, 700), id=9, wm_class=("yad", "Yad")),
    ],
)
def test_return_in_a_dialogs_field_with_no_button_shown_is_blind(window: Window) -> None:
    shown = frame(el("Sum", (720, 400, 1200, 430), "field", "focused", "editable"),
                  windows=(window, APP))  # fmt: skip
    key = Action.make("key", keys="Return")
    with pytest.raises(PolicyRefusal) as refused:
        armed().check(key, shown)
    assert refused.value.rule == "irreversible"
    assert "no button of that window" in str(refused.value)
    with_buttons = frame(*shown.elements, el("Apply", (1150, 640, 1280, 680), "button"),
                         windows=(window, APP))  # fmt: skip
    assert rule_of(armed(), key, with_buttons) is None  # its buttons are judged by label


def test_return_in_a_main_windows_path_bar_or_a_cell_is_no_dialogs() -> None:
    files = Window(title="Home", box=(0, 40, 1920, 1040), id=9, wm_class=("nemo", "Nemo"),
                   process="nemo")  # fmt: skip
    bar = frame(el("Path", (100, 80, 900, 110), "field", "focused", "editable"), windows=(files,))
    assert rule_of(armed(), Action.make("key", keys="Return"), bar) is None


# -- a name a shell or a program runs later ------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["~/.zshenv", "/home/bo/.xsessionrc", "~/.config/foot/foot.ini", "/etc/hosts",
     "~/.local/bin/git", "/usr/local/sbin/backup", "lircrc", "pam_env.conf", "ssh_config",
     "~/.local/share/applications/web.desktop", ".gdbinit"],
)  # fmt: skip
def test_a_path_a_shell_or_a_program_runs_later_is_named(path: str) -> None:
    assert runs_later_path(path) is not None


@pytest.mark.parametrize(
    "path", ["report.txt", "~/Documents/plan.odt", "src", "notes", "~", "Marc", ".5", "v1.0"]
)
def test_a_plain_documents_path_is_not(path: str) -> None:
    assert runs_later_path(path) is None


def save_as(name_field: str = "File name") -> Observation:
    window = dialog("Save File", transient_for=3)
    return frame(el(name_field, (720, 340, 1200, 370), "field", "focused", "editable"),
                 el("Save", (1180, 640, 1280, 680), "button"), windows=(window, APP))  # fmt: skip


def test_a_save_as_under_a_name_a_shell_runs_is_refused_and_says_how_to_allow_it() -> None:
    typed = Action.make("type", text="~/.zshenv", target="File name")
    with pytest.raises(PolicyRefusal) as refused:
        armed().check(typed, save_as())
    assert refused.value.rule == "terminal-window"
    assert "--allow-typing-in .zshenv" in str(refused.value)
    assert rule_of(armed(typing_in=(".zshenv",)), typed, save_as()) is None
    plain = Action.make("type", text="report.txt", target="File name")
    assert rule_of(armed(), plain, save_as()) is None


def test_a_title_naming_a_programs_config_is_typing_into_a_shell() -> None:
    for title in ("foot.ini (~/.config/foot) - Scribe", "lircrc - Scribe", ".gdbinit - Scribe"):
        window = Window(title=title, box=APP.box, id=3, wm_class=APP.wm_class, process="gedit")
        assert runs_later(window, frame(windows=(window,))) is not None, title
    assert runs_later(APP, frame(windows=(APP,))) is None


# -- opening a program, a formula ----------------------------------------------------------


@pytest.mark.parametrize("name", ["demo.out", "firmware.elf", "tool.aarch64"])
def test_return_on_a_program_by_its_ending_is_refused(name: str) -> None:
    files = Window(title="Builds", box=(0, 40, 1920, 1040), id=9, wm_class=("nemo", "Nemo"),
                   process="nemo")  # fmt: skip
    shown = frame(el(name, (300, 200, 900, 230), "item", "selected", "focused"), windows=(files,))
    assert rule_of(armed(), Action.make("key", keys="Return"), shown) == "irreversible"


def test_a_dotted_function_that_calls_out_is_a_formula_that_runs() -> None:
    calc = Window(title="sums.ods - LibreOffice Calc", box=(0, 40, 1920, 1040), id=9,
                  wm_class=("libreoffice", "libreoffice-calc"), process="soffice.bin")  # fmt: skip
    shown = frame(el("C7", (400, 300, 520, 320), "cell", "focused", "editable"), windows=(calc,))
    typed = Action.make("type", text='=CALL.DLL("user32")', target="C7")
    assert rule_of(armed(), typed, shown) == "irreversible"
    assert rule_of(armed(), Action.make("type", text="=SUM(A1:A6)", target="C7"), shown) is None


# -- the wheel -----------------------------------------------------------------------------


def column(*labels: str, x: int = 700) -> list[Element]:
    return [el(t, (x, 400 + 32 * i, x + 180, 430 + 32 * i), window=3, source="ocr")
            for i, t in enumerate(labels)]  # fmt: skip


def test_a_column_of_weekday_names_is_a_date_wheel_not_a_page() -> None:
    days = frame(*column("Tue", "Wednesday", "Thu"), windows=(APP,))
    assert not scrollable(days.elements[1], days)
    files = frame(*column("budget.ods", "letters", "photos", "taxes"), windows=(APP,))
    assert scrollable(files.elements[1], files)


def test_lines_inside_a_drawing_are_its_labels() -> None:
    marks = column("North", "Centre", "South")
    chart = el("Chart", (100, 100, 1800, 1000), "icon", window=3)
    drawn, plain = frame(*marks, chart, windows=(APP,)), frame(*marks, windows=(APP,))
    assert not scrollable(drawn.elements[1], drawn)
    assert scrollable(plain.elements[1], plain)


def test_a_narrow_tall_field_is_a_knob_and_a_wide_one_a_text_area() -> None:
    knob = el("Gain", (700, 400, 820, 520), "field", "editable", window=3)
    area = el("Notes", (300, 560, 1300, 900), "field", "editable", window=3)
    shown = frame(knob, area, windows=(APP,))
    knob, area = shown.elements
    assert not scrollable(knob, shown) and value_control(knob)
    assert scrollable(area, shown) and not value_control(area)
    assert rule_of(armed(), Action.make("scroll", target="Gain", direction="down"), shown) == (
        "wheel-target"
    )


# -- secrets -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "label", ["Key name", "Kennwort-Hinweis", "PIN to say aloud", "[sudo] Kennwort für bo",
              "getpass: Passphrase"],
)  # fmt: skip
def test_a_secrets_name_hint_or_a_terminal_prompt_takes_no_secret(label: str) -> None:
    site = Window(title="Settings — Mozilla Firefox", box=(0, 40, 1920, 1040), id=9,
                  wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip
    shown = frame(el(label, (600, 300, 1300, 340), "field", "editable"), windows=(site,))
    typed = Action.make("type", text="<secret>PW</secret>", target=label)
    secrets = {"PW": "s3cret-Value"}
    assert rule_of(armed(secrets=secrets), typed, shown) == "secret-target"
    assert rule_of(armed(secrets=secrets, secret_fields=(label,)), typed, shown) is None
    plain = frame(el("Passphrase", (600, 300, 1300, 340), "field", "editable"), windows=(site,))
    passes = Action.make("type", text="<secret>PW</secret>", target="Passphrase")
    assert rule_of(armed(secrets=secrets), passes, plain) is None


# -- a page's form whose button is scrolled away ---------------------------------------------

BROWSER = Window(title="Order — Mozilla Firefox", box=(0, 40, 1920, 1040), id=9,
                 wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip


@pytest.mark.parametrize(
    ("field", "button", "rule"),
    [
        ("Recipient", "Add Bcc", "irreversible"),  # adds a part to the form
        ("IBAN", "Scan IBAN", "irreversible"),  # acts on the field, first word not its own
        ("Coupon", "Add to order", None),  # the form's own button: judged by its label
        ("New tag", "Add tag", None),
        ("Search", "Search now", None),
    ],
)
def test_a_helper_button_beside_a_pages_field_is_not_its_forms_submit(
    field: str, button: str, rule: str | None
) -> None:
    shown = frame(
        el(field, (600, 300, 1300, 340), "field", "focused", "editable"),
        el(button, (600, 360, 760, 400), "button"),
        windows=(BROWSER,),
    )
    assert rule_of(armed(), Action.make("key", keys="Return"), shown) == rule
