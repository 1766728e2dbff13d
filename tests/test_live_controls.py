"""The planner drives real programs' controls with quoted goals, to each program's own
effect: forms, lists, check lists, a file chooser, two same-labelled dialogs, a list
longer than its window and a keypad sum (issue 10, "Done when").

Every run is the real CLI in a subprocess with real input on a private Xvfb
(``Desk.run_cli``). The proof is what the program itself says: zenity prints what was
typed, chosen or ticked and exits 0 on OK; the Tk programs of tests/controls_apps.py
print their result; xcalc prints nothing, so there the proof is its display, read by
the harness (``--verify-text``).

GTK programs run twice: ``tree`` with a private D-Bus session bus and AT-SPI registry
(zenity and the agent on the same bus, so the agent reads the accessibility tree) and
``pixels`` with neither (zenity loads no accessibility bridge, the agent has no bus:
shapes and OCR only). Tk and X Toolkit programs have no tree at all.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.browser import socket_dir
from devsupport.xdesktop import Desk, desk, eventually, require
from tiny_computer_agent.desktop._atspi import AtspiBackend

pytestmark = pytest.mark.live

LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
APPS = Path(__file__).resolve().parent / "controls_apps.py"
#: What the agent's subprocess must not inherit when it is to see pixels only.
BUS_NAMES = ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS")


@pytest.fixture
def plain(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


@pytest.fixture(params=["tree", "pixels"])
def gtk(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Desk]:
    """A desktop for zenity: with a private session bus and AT-SPI registry (``tree``),
    or with none and GTK's accessibility bridge off (``pixels``)."""
    require("Xvfb", "xdotool", "zenity")
    tree = request.param == "tree"
    if tree:
        require("dbus-daemon")
        if not LAUNCHER.exists():
            pytest.skip(f"the tree variant needs {LAUNCHER}; apt-get install at-spi2-core")
    steps = desk(tmp_path)
    d = next(steps)
    try:
        for name in (*BUS_NAMES, "NO_AT_BRIDGE", "GTK_MODULES"):
            d.vd.env.pop(name, None)
        if tree:
            d.accessibility_registry(LAUNCHER)
        else:
            d.vd.env["NO_AT_BRIDGE"] = "1"  # zenity registers with no accessibility bus
        yield d
    finally:
        steps.close()


def _agent(
    d: Desk, goal: str, *, steps: int, verify: str | None = None, extra: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The CLI with the planner on ``goal``, armed, as JSON; in a desktop without a tree
    the agent gets no session bus either."""
    argv = ["--live", "--real-input", "--json", "--max-steps", str(steps), *extra]
    argv += ["--verify-text", verify] if verify else []
    unset = () if "DBUS_SESSION_BUS_ADDRESS" in d.vd.env else BUS_NAMES
    run = d.run_cli([*argv, goal], armed=True, unset=unset, timeout=90)
    try:
        episode: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        said = f"{run.stdout[-2000:]}\n{run.stderr[-3000:]}"
        raise AssertionError(f"no episode JSON: {said}") from None
    episode["log"] = _story(episode)
    first = (episode["steps"] or [{}])[0].get("observation") or {"elements": []}
    tree = any(e.get("source") == "a11y" for e in first["elements"])
    assert tree == ("DBUS_SESSION_BUS_ADDRESS" in d.vd.env), f"tree read: {tree}\n{run.stderr}"
    return episode


def _story(episode: dict[str, Any]) -> str:
    """One line a step (what was chosen, what came of it), for assertion messages."""
    lines = [f"{episode['outcome']}: {episode['reason']}"]
    for step in episode["steps"]:
        decision, result = step.get("decision") or {}, step.get("result") or {}
        action = decision.get("action")
        lines.append(f"  {step['index']}: {action} -> {result.get('description')} "
                     f"{result.get('error') or step.get('error') or ''}")  # fmt: skip
    return "\n".join(lines)


def _zenity(d: Desk, *args: str) -> subprocess.Popen[str]:
    proc = d.vd.spawn(["zenity", *args], stdout=subprocess.PIPE)
    d.wait_window(args[args.index("--title") + 1])
    return proc


def _tk(d: Desk, name: str, title: str) -> subprocess.Popen[str]:
    """A program of tests/controls_apps.py, its window titled ``title`` up. Its class,
    ``Tk``, is every Tk program's: a run types into it by its title (``--allow-typing-in``)."""
    proc = d.vd.spawn([sys.executable, str(APPS), name], stdout=subprocess.PIPE, env=d.env())
    d.wait_window(title)
    return proc


def _said(proc: subprocess.Popen[str], episode: dict[str, Any]) -> tuple[int, str]:
    """The program's exit code and stdout once it ended (AssertionError with the run's
    story when it did not end within 10 s)."""
    try:
        out, _ = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the program did not finish:\n{episode['log']}") from None
    return proc.returncode, out.strip()


# -- forms -----------------------------------------------------------------------------


def test_a_zenity_form_is_filled_field_by_field_and_sent(gtk: Desk) -> None:
    proc = _zenity(gtk, "--forms", "--title", "Address", "--text", "Where do you live?",
                   "--add-entry", "Street", "--add-entry", "City")  # fmt: skip
    goal = ("type 'Rua Augusta' into the 'Street' field then type 'Lisbon' into the "
            "'City' field then click 'OK'")  # fmt: skip
    episode = _agent(gtk, goal, steps=6)
    assert _said(proc, episode) == (0, "Rua Augusta|Lisbon"), episode["log"]


def test_themed_tk_check_boxes_and_radios_are_set_and_sent(plain: Desk) -> None:
    """ttk's default theme sets each box 2 px from its labelframe's wall (as Tk's own
    demo of themed widgets does): no ring is found around it, and the pair between the
    frame and a separator once read as one button, "Basil Oregano". Its radios are
    diamonds, once all read as chosen."""
    proc = _tk(plain, "toppings", "Tk toppings")
    goal = ("tick 'Tomato' then untick 'Basil' then tick 'Oregano' then tick 'Large' then "
            "click 'OK'")  # fmt: skip
    episode = _agent(plain, goal, steps=7)
    # a radio read as chosen when it is not would be left alone: the size is the proof
    assert _said(proc, episode) == (0, "Tomato|Oregano|Large"), episode["log"]


def test_a_tk_form_with_no_tree_is_filled_through_its_shapes(plain: Desk) -> None:
    title = "Tk address"
    proc = _tk(plain, "form", title)
    goal = ("type 'Rua Augusta' into the 'Street' field then type 'Lisbon' into the "
            "'City' field then click 'Submit'")  # fmt: skip
    episode = _agent(plain, goal, steps=6, extra=("--allow-typing-in", title))
    assert _said(proc, episode) == (0, "|Rua Augusta|Lisbon"), episode["log"]


#: Tk's demos (this and IXSET), run by wish, whose WM_CLASS is the script's name: they
#: are on no table of text programs, so a run that types into one names it
#: (``--allow-typing-in``), as a person would
ROLODEX = Path("/usr/share/tcltk/tk8.6/demos/rolodex")


def _rolodex(d: Desk) -> subprocess.Popen[str]:
    """Debian's Tk demo ``rolodex``, its window up; it prints to stderr, here its stdout."""
    require("wish")
    if not ROLODEX.exists():
        pytest.skip(f"{ROLODEX} is missing; apt-get install tk8.6-doc")
    proc = d.vd.spawn(["sh", "-c", 'exec wish "$0" 2>&1', str(ROLODEX)], stdout=subprocess.PIPE)
    d.wait_window("rolodex")
    return proc


def test_tks_own_rolodex_takes_an_address_on_two_lines_under_one_label(plain: Desk) -> None:
    """Debian's Tk demo ``rolodex``: three fields share one "Address:" label, and each
    button holds its shortcut ("Add   Ctrl+A"). "Address" means the first field, the
    second is "Address: (2)" (the goal says "the second Address field"), and "Add" is the
    button, not the start of "Address:". The demo prints the card on its stderr when
    Add is clicked: that is the proof."""
    proc = _rolodex(plain)
    goal = ("type 'Ada Lovelace' into Name then type '12 Main St' in the Address field then "
            "type 'London' into the second Address field then type '555-1234' in Work Phone then "
            "click Add")  # fmt: skip
    episode = _agent(plain, goal, steps=6, extra=("--allow-typing-in", ROLODEX.name))
    proc.terminate()
    card, _ = proc.communicate(timeout=10)
    lines = [line.rstrip() for line in card.splitlines()]
    assert lines[:4] == [
        "Name:        Ada Lovelace", "Address:     12 Main St", "             London", "",
    ], f"{card}\n{episode['log']}"  # fmt: skip
    assert "Work Phone:  555-1234" in lines, f"{card}\n{episode['log']}"


def test_a_menu_entry_shown_with_its_shortcut_opens_a_dialog_over_the_window(
    plain: Desk,
) -> None:
    """The rolodex's File menu: "Load ... Ctrl+F" is the entry 'Load ...' names (it
    scrolled to look for it first), and its dialog stands over the window's fields,
    whose labels it hides: the dialog's sentences named them, and its raised bottom
    panel read as a second "OK". The demo prints "dummy file name" when OK is clicked."""
    proc = _rolodex(plain)
    episode = _agent(plain, "click File then click 'Load ...' then click OK", steps=4)
    proc.terminate()
    said, _ = proc.communicate(timeout=10)
    assert "dummy file name" in said, f"{said}\n{episode['log']}"
    assert "seek" not in episode["log"] and episode["outcome"] == "claimed", episode["log"]


def test_a_gtk_menu_bar_read_from_pixels_alone_opens_the_menu_it_is_asked_for(
    plain: Desk,
) -> None:
    """Mousepad with no accessibility bridge: OCR reads its menu bar as one line
    ("File Edit Search View Document Help", gaps of 0.68-1.0 line heights, narrower than
    the 0.8 that splits two controls), so "Search" had nothing of its own to click. An
    evenly spaced row of words is now split at every gap (``ROW_GAP``): the Search menu
    opens, and its "Find and Replace" opens Mousepad's own dialog of that name."""
    require("mousepad", "xdotool")
    notes = plain.tmp / "notes.txt"
    notes.write_text("one line of text\n", encoding="utf-8")
    env = {"XDG_CONFIG_HOME": str(plain.tmp / "config"), "HOME": str(plain.tmp),
           "GSETTINGS_BACKEND": "memory", "NO_AT_BRIDGE": "1"}  # fmt: skip
    editor = plain.vd.spawn(["mousepad", "--disable-server", str(notes)], env=env, quiet=True)
    try:
        plain.wait_window(f"{notes} - Mousepad")
        goal = "click 'Search' then click 'Find and Replace'"
        episode = _agent(plain, goal, steps=4)
        plain.wait_window("Find and Replace", timeout=10)  # Mousepad's own dialog
        assert episode["outcome"] == "claimed", episode["log"]
    finally:
        editor.terminate()
        editor.wait(timeout=10)


IXSET = Path("/usr/share/tcltk/tk8.6/demos/ixset")


def test_values_in_tks_own_ixset_are_typed_over_and_the_x_server_takes_them(plain: Desk) -> None:
    """Debian's Tk demo ``ixset`` fills its fields from ``xset q`` (bell pitch 400,
    duration 100); Ok runs ``xset``. Typing into a field that holds text replaces the
    text (400 -> 800, not 400800): the X server's own settings are the proof."""
    require("wish", "xset")
    if not IXSET.exists():
        pytest.skip(f"{IXSET} is missing; apt-get install tk8.6-doc")
    plain.vd.spawn(["wish", str(IXSET)], quiet=True)
    plain.wait_window("ixset")
    goal = "type 800 into Pitch then type 30 into the Duration field then click Ok"
    episode = _agent(plain, goal, steps=5, extra=("--allow-typing-in", IXSET.name))
    bell = plain.vd.run(["xset", "q"]).stdout
    assert "bell pitch:  800" in bell and "bell duration:  30" in bell, f"{bell}\n{episode['log']}"


@pytest.mark.parametrize(
    "goal",
    ["select 'Porto' from the 'City' list", "choose Faro in the City drop-down"],
    ids=["quoted", "plain"],
)
def test_a_choice_is_made_in_a_zenity_drop_down(gtk: Desk, goal: str) -> None:
    """A drop-down shows its choices only once clicked: the planner opens it (the box,
    not its label), looks, then clicks the choice. From pixels, the closed box is a bare
    arrow in a wide button, found as a field by the label beside it."""
    proc = _zenity(gtk, "--forms", "--title", "Trip", "--text", "Where to?",
                   "--add-entry", "Name", "--add-combo", "City",
                   "--combo-values", "Lisbon|Porto|Faro")  # fmt: skip
    want = "Porto" if "Porto" in goal else "Faro"
    episode = _agent(gtk, f"type 'Ada' into the 'Name' field then {goal} then click OK", steps=6)
    assert _said(proc, episode) == (0, f"Ada|{want}"), episode["log"]


def test_choices_are_made_in_tks_read_only_combo_box_and_option_menu(plain: Desk) -> None:
    """No tree: ttk's read-only combo box is grey like its window, found by its sunken
    relief; the option menu is a button showing "Red", named "Colour" by its label;
    each opens a menu whose entries are rows."""
    proc = _tk(plain, "trip", "Tk trip")
    goal = ("select 'Porto' from the 'City' list then choose Green from the Colour menu "
            "then click 'OK'")  # fmt: skip
    episode = _agent(plain, goal, steps=7)
    assert _said(proc, episode) == (0, "Porto|Green"), episode["log"]


def test_a_yad_form_is_set_by_plain_words_spin_box_check_box_and_drop_down(gtk: Desk) -> None:
    """Words, no quotes, commas between steps: "set Quantity to 3" types over a spin
    box's entry (from pixels its "-" and "+" are square buttons at its right end; in the
    tree one box, its "-" in its middle), "choose Blue as the Colour" opens the combo box
    beside that label and clicks the choice (in the tree its popup's frames also say
    "Blue"); yad prints each field's value on OK."""
    proc = gtk.vd.spawn(
        ["yad", "--title", "Order", "--form", "--field=Quantity:NUM", "--field=Gift wrap:CHK",
         "--field=Express shipping:CHK", "--field=Colour:CB",
         "1", "FALSE", "FALSE", "Red!Green!Blue"],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    gtk.wait_window("Order")
    goal = "set Quantity to 3, tick Gift wrap, choose Blue as the Colour, then click OK"
    episode = _agent(gtk, goal, steps=8)
    assert _said(proc, episode) == (0, "3|TRUE|FALSE|Blue|"), episode["log"]


def test_tks_drop_downs_are_set_by_the_labels_beside_them(plain: Desk) -> None:
    """ "set City to Porto": ttk's read-only combo box, sunk into its window and ending in
    its arrow, takes no typing, so it is opened; Tk's option menu is a button showing
    "Red" with its mark at its right end, named "Colour" by its label."""
    proc = _tk(plain, "trip", "Tk trip")
    episode = _agent(plain, "set City to Porto, set the Colour to Green, then click OK", steps=8)
    assert _said(proc, episode) == (0, "Porto|Green"), episode["log"]


def test_a_zenity_entry_that_holds_a_draft_is_typed_over(gtk: Desk) -> None:
    proc = _zenity(gtk, "--entry", "--title", "Rename", "--text", "New name:",
                   "--entry-text", "draft-notes")  # fmt: skip
    episode = _agent(gtk, "type 'final report' into the 'New name' field then click OK", steps=4)
    assert _said(proc, episode) == (0, "final report"), episode["log"]


def test_fields_named_by_kind_and_order_when_the_goal_names_no_label(gtk: Desk) -> None:
    """No label in the goal (issue 35 item 5): "the text box" is the dialog's one entry,
    "the first/second text field" are a form's two entries in reading order."""
    proc = _zenity(gtk, "--entry", "--title", "Rename", "--text", "New name:",
                   "--entry-text", "draft-6")  # fmt: skip
    episode = _agent(gtk, "type 'draft-7' into the text box then click OK", steps=4)
    assert _said(proc, episode) == (0, "draft-7"), episode["log"]
    proc = _zenity(gtk, "--forms", "--title", "Address", "--text", "Where do you live?",
                   "--add-entry", "Street", "--add-entry", "City")  # fmt: skip
    goal = ("type 'Rua Augusta' into the first text field, type 'Lisbon' into the second "
            "text field, then click OK")  # fmt: skip
    episode = _agent(gtk, goal, steps=6)
    assert _said(proc, episode) == (0, "Rua Augusta|Lisbon"), episode["log"]


_PAGE = """<!doctype html><html><head><meta charset=utf-8><title>Sign up</title>
<style>body{font:16px sans-serif;margin:40px} label{display:block;margin:14px 0}</style>
</head><body><h1>Sign up</h1><form onsubmit="return false">
<label>Name <input id=n size=24></label>
<label>City <input id=c size=24></label>
<label><input type=checkbox id=s> Subscribe to the newsletter</label>
<button type=button onclick="document.title = ['Sent', n.value, c.value, s.checked].join(' ')"
>Send</button></form></body></html>
"""


def _browse(d: Desk, tmp_path: Path, html: str, title: str, named: str) -> None:
    """``html`` open in Chromium on the desk, its window up: with the tree when the desk
    has a session bus (Chromium's renderer accessibility on it, and the node ``named``
    on the bus before the agent looks), else from pixels alone."""
    require("chromium")
    page = tmp_path / "page.html"
    page.write_text(html)
    tree = "DBUS_SESSION_BUS_ADDRESS" in d.vd.env
    d.vd.spawn(
        [
            "chromium", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--disable-extensions", "--password-store=basic",
            f"--user-data-dir={tmp_path / 'profile'}", "--window-position=0,0",
            "--window-size=900,700", *(["--force-renderer-accessibility"] if tree else []),
            page.as_uri(),
        ],
        quiet=True,
        # TMPDIR: the singleton socket's folder, which a killed browser leaves behind
        env={
            "TMPDIR": str(socket_dir(tmp_path)),
            **({"ACCESSIBILITY_ENABLED": "1"} if tree else {}),
        },
    )  # fmt: skip
    d.wait_window(f"{title} - Chromium", timeout=40)
    if tree:
        backend = AtspiBackend(environ=d.vd.env)
        try:
            eventually(
                lambda: any(n.label == named for n in backend.snapshot().nodes),
                f"the page's {named!r} in the tree",
                timeout=30,
            )
        finally:
            backend.close()


def _titled(d: Desk, title: str, episode: dict[str, Any]) -> None:
    """Wait for the page's script to title its window ``title`` (the proof)."""
    try:
        d.wait_window(f"{title} - Chromium", timeout=10)
    except AssertionError as exc:
        raise AssertionError(f"{exc}; titles {d.window_titles()}\n{episode['log']}") from None


def test_a_web_form_in_chromium_is_filled_ticked_and_sent(gtk: Desk, tmp_path: Path) -> None:
    """A page's form in a real browser: with the tree (Chromium's renderer accessibility
    on the private bus) and from pixels alone. The page's own script is the proof: Send
    writes what it read into the window title."""
    _browse(gtk, tmp_path, _PAGE, "Sign up", named="Send")
    goal = ("type 'Grace' into the 'Name' field then type 'Lisbon' into the 'City' field "
            "then tick 'Subscribe to the newsletter' then click 'Send'")  # fmt: skip
    episode = _agent(gtk, goal, steps=8, extra=("--allow-irreversible", "Send"))
    _titled(gtk, "Sent Grace Lisbon true", episode)
    # the text went into the boxes themselves, not through a click on their labels (in
    # HTML a label's click focuses its box too, which would hide a field not seen)
    assert _chosen_kinds(episode) == ["field", "check", "button"], episode["log"]


_GATED = """<!doctype html><html><head><meta charset=utf-8><title>Gated</title>
<style>body{font:16px sans-serif;margin:40px} label{display:block;margin:14px 0}</style>
</head><body><h1>Gated</h1>
<label>Name <input id=n size=24 oninput="s.disabled = !n.value"></label>
<button type=button id=s disabled onclick="document.title = 'Sent ' + n.value">Send</button>
</body></html>
"""


@pytest.mark.parametrize("gtk", ["tree"], indirect=True)
def test_a_button_the_tree_calls_disabled_is_not_clicked_until_it_is_enabled(
    gtk: Desk, tmp_path: Path
) -> None:
    """The page's Send is disabled until Name holds text. Alone, "click Send" stops and
    says why (it clicked the dead button and called the goal done before); after the
    typing, the next look finds Send enabled and clicks it. Only the tree knows: from
    pixels a greyed button is still a button (README)."""
    _browse(gtk, tmp_path, _GATED, "Gated", named="Send")
    send = ("--allow-irreversible", "Send")
    alone = _agent(gtk, "click 'Send'", steps=3, extra=send)
    assert alone["outcome"] == "unreachable" and "is disabled" in alone["reason"], alone["log"]
    assert "Gated - Chromium" in gtk.window_titles(), alone["log"]
    episode = _agent(
        gtk, "type 'Grace' into the 'Name' field then click 'Send'", steps=5, extra=send
    )
    _titled(gtk, "Sent Grace", episode)


_TRIP = """<!doctype html><html><head><meta charset=utf-8><title>Trip</title>
<style>body{font:16px sans-serif;margin:40px} label{display:block;margin:14px 0}</style>
</head><body><h1>Trip</h1>
<label>Name <input id=n size=24></label>
<label>City <select id=c><option>Lisbon<option>Porto<option>Faro</select></label>
<button type=button onclick="document.title = ['Sent', n.value, c.value].join(' ')"
>Send</button></body></html>
"""


@pytest.mark.parametrize(
    "goal",
    [
        "type 'Ada' into the 'Name' field then select 'Porto' from the 'City' list "
        "then click 'Send'",
        "set Name to Ada, set the City to Porto, then click Send",
    ],
    ids=["quoted", "settings"],
)
def test_a_choice_is_made_in_a_web_pages_drop_down(gtk: Desk, tmp_path: Path, goal: str) -> None:
    """A ``<select>`` in Chromium. From pixels the closed box shows its choice
    ("Lisbon") as a button ending in an arrow, so "the 'City' list" is the control its
    label names, and the open list's choices, drawn on one grey panel, are its rows; in
    the tree it is a combo box (its label's text holds it as U+FFFC, no text)."""
    _browse(gtk, tmp_path, _TRIP, "Trip", named="Send")
    episode = _agent(gtk, goal, steps=9, extra=("--allow-irreversible", "Send"))
    _titled(gtk, "Sent Ada Porto", episode)


_TERMS = """<!doctype html><html><head><meta charset=utf-8><title>Terms</title>
<style>body{font:16px sans-serif;margin:40px}</style></head><body><h1>Terms</h1>
%s<label><input type=checkbox id=a> I agree</label><br>
<button type=button onclick="document.title = 'Accepted ' + a.checked">Accept</button>
</body></html>
"""


def test_a_box_below_the_fold_of_a_web_page_is_scrolled_to_ticked_and_sent(
    gtk: Desk, tmp_path: Path
) -> None:
    """Sixty paragraphs of terms, then "I agree" and Accept: the planner seeks the box
    (scrolling the page, looking after each scroll), ticks it and accepts. Its label
    keeps its "I" (a one-letter first word over a box was taken for the box read as a
    letter). Chromium's tree lags a scroll: a box it places right after one is where the
    page was a scroll ago (a clean-clone CI run once clicked beside the box), so a seek
    looks again until the tree holds still, and a still frame is indexed again when the
    tree under it moved."""
    rows = "".join(f"<p>Paragraph {i}: terms and conditions.</p>" for i in range(1, 60))
    _browse(gtk, tmp_path, _TERMS % rows, "Terms", named="Terms")
    goal = "tick 'I agree' then click 'Accept'"
    episode = _agent(gtk, goal, steps=6, extra=("--allow-irreversible", "Accept@*Terms*"))
    _titled(gtk, "Accepted true", episode)


def _chosen_kinds(episode: dict[str, Any]) -> list[str]:
    """The kind of the element each step's decision chose, from that step's own look."""
    kinds = []
    for step in episode["steps"]:
        action = (step.get("decision") or {}).get("action") or {}
        seen = (step.get("observation") or {}).get("elements", [])
        kinds += [e.get("kind", "") for e in seen if e.get("id") == action.get("target_id")]
    return kinds


# -- lists -----------------------------------------------------------------------------


def test_a_row_of_a_zenity_list_is_chosen_and_sent(gtk: Desk) -> None:
    proc = _zenity(gtk, "--list", "--title", "Cities", "--text", "Where to?",
                   "--column", "City", "Porto", "Lisbon", "Faro", "Braga",
                   "--width", "360", "--height", "320")  # fmt: skip
    episode = _agent(gtk, "click 'Lisbon' then click 'OK'", steps=4)
    assert _said(proc, episode) == (0, "Lisbon"), episode["log"]


def test_a_box_of_a_zenity_check_list_is_ticked_and_sent(gtk: Desk) -> None:
    proc = _zenity(gtk, "--list", "--checklist", "--title", "Fruit", "--text", "Pick some",
                   "--column", "Use", "--column", "Fruit",
                   "TRUE", "Apple", "FALSE", "Banana", "FALSE", "Cherry",
                   "--width", "360", "--height", "320")  # fmt: skip
    episode = _agent(gtk, "tick 'Banana' then click 'OK'", steps=4)
    assert _said(proc, episode) == (0, "Apple|Banana"), episode["log"]


def test_check_boxes_with_labels_too_long_for_a_line_of_the_menu_are_set_and_sent(
    gtk: Desk,
) -> None:
    """OCR keeps a line over 40 characters off the menu as prose; without a tree, a check
    box still takes it as its label (yad's form: GTK check buttons)."""
    require("yad")
    proc = gtk.vd.spawn(
        ["yad", "--form", "--title", "Privacy", "--text", "Choose what this program may do",
         "--field=Send anonymous usage statistics to the developers:CHK", "FALSE",
         "--field=Check for updates automatically every single day:CHK", "TRUE",
         "--field=Open the last document I was working on at startup:CHK", "FALSE"],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    gtk.wait_window("Privacy")
    goal = ("tick 'Send anonymous usage statistics to the developers' then untick "
            "'Check for updates automatically every single day' then click 'OK'")  # fmt: skip
    episode = _agent(gtk, goal, steps=5)
    assert _said(proc, episode) == (0, "TRUE|FALSE|FALSE|"), episode["log"]


@pytest.mark.parametrize("goal", ["click 'notes.txt' then click 'OK'", "double-click 'notes.txt'"])
def test_a_file_is_picked_in_the_gtk_file_chooser(gtk: Desk, tmp_path: Path, goal: str) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("notes.txt", "budget.csv", "letter.odt"):
        (folder / name).write_text(name)
    proc = _zenity(gtk, "--file-selection", "--title", "Pick a file",
                   f"--filename={folder}/")  # fmt: skip
    episode = _agent(gtk, goal, steps=4)
    assert _said(proc, episode) == (0, str(folder / "notes.txt")), episode["log"]


def test_a_file_is_named_in_the_gtk_save_dialog_through_its_wide_name_field(
    gtk: Desk, tmp_path: Path
) -> None:
    """zenity's save dialog fills the 1280-px screen: its name entry is over 1,000 px
    wide (once too wide to be a field, so the goal clicked the list's "Name" header and
    worked only because the entry had the focus)."""
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "notes.txt").write_text("notes")
    proc = _zenity(gtk, "--file-selection", "--save", "--title", "Save report",
                   f"--filename={folder}/")  # fmt: skip
    episode = _agent(gtk, "type 'report.txt' into the 'Name' field then click 'OK'", steps=4)
    assert _said(proc, episode) == (0, str(folder / "report.txt")), episode["log"]
    first = episode["steps"][0]
    target = first["decision"]["action"]["target_id"]
    kinds = [e.get("kind") for e in first["observation"]["elements"] if e["id"] == target]
    assert kinds == ["field"], episode["log"]


# -- two dialogs with the same button ---------------------------------------------------


def _dialog(d: Desk, title: str, at: str | None = None) -> subprocess.Popen[str]:
    """A zenity question titled ``title`` with an OK button; ``at`` moves it (xdotool)."""
    proc = _zenity(d, "--question", "--title", title, "--text", f"{title} question?",
                   "--ok-label", "OK", "--cancel-label", "Cancel",
                   "--width", "360", "--height", "140")  # fmt: skip
    if at is not None:
        wid = d.vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"]).stdout
        d.vd.run(["xdotool", "windowmove", wid.split()[0], *at.split()])
        time.sleep(0.3)
    return proc


def test_ok_in_the_named_dialog_of_two_is_clicked(gtk: Desk) -> None:
    first = _dialog(gtk, "First", at="120 120")
    second = _dialog(gtk, "Second", at="620 420")
    episode = _agent(gtk, "click 'OK' in the 'Second' dialog", steps=3)
    assert _said(second, episode) == (0, ""), episode["log"]
    assert first.poll() is None, f"the First dialog ended too:\n{episode['log']}"


def test_a_covered_dialog_is_raised_before_its_ok_is_clicked(gtk: Desk) -> None:
    second = _dialog(gtk, "Second", at="400 300")
    first = _dialog(gtk, "First", at="400 300")  # the same size, on top: Second is hidden
    episode = _agent(gtk, "click 'OK' in the 'Second' dialog", steps=4)
    verbs = [(s.get("decision") or {}).get("action", {}).get("verb") for s in episode["steps"]]
    assert _said(second, episode) == (0, ""), episode["log"]
    assert first.poll() is None, f"the First dialog ended too:\n{episode['log']}"
    assert verbs[:2] == ["focus", "click"], episode["log"]


# -- a label below the fold ---------------------------------------------------------------


def test_a_row_below_the_fold_of_a_zenity_list_is_scrolled_to_and_sent(gtk: Desk) -> None:
    rows = [f"Row {i}" for i in range(1, 41)]
    proc = _zenity(gtk, "--list", "--title", "Rows", "--text", "Pick a row",
                   "--column", "Name", *rows, "--width", "320", "--height", "360")  # fmt: skip
    gtk.vd.run(["xdotool", "mousemove", "5", "5"])  # the pointer is not over the list
    episode = _agent(gtk, "click 'Row 33' then click 'OK'", steps=5)
    assert _said(proc, episode) == (0, "Row 33"), episode["log"]
    assert "seek" in episode["log"], episode["log"]


def test_a_seek_turns_the_wheel_over_the_scroll_bar_the_tree_shows(gtk: Desk) -> None:
    """With the tree, the seek turns the wheel over zenity's scroll bar (the pointer stays
    still on it while the rows move beside it: nothing they hold can come under it); with
    pixels alone it turns over the rows, where it did before (issue 37)."""
    from tiny_computer_agent._elements import FrameMapping

    rows = [f"Row {i}" for i in range(1, 41)]
    proc = _zenity(gtk, "--list", "--title", "Rows", "--text", "Pick a row",
                   "--column", "Name", *rows, "--width", "320", "--height", "360")  # fmt: skip
    try:
        gtk.vd.run(["xdotool", "mousemove", "5", "5"])
        episode = _agent(gtk, "click 'Row 33'", steps=1)  # the seek, and no click after it
        assert "seek" in episode["log"] and "scrolled down" in episode["log"], episode["log"]
        shell = gtk.vd.run(["xdotool", "getmouselocation", "--shell"]).stdout
        at = dict(line.split("=", 1) for line in shell.split())
        x, y = int(at["X"]), int(at["Y"])
        frame = episode["steps"][0]["observation"]
        mapping = FrameMapping.from_dict(frame.get("mapping", {}))
        bars = [(*mapping.to_screen(b[0], b[1]), *mapping.to_screen(b[2], b[3]))
                for b in frame.get("scrollbars", [])]  # fmt: skip
        # GTK's overlay bar widens leftwards under the pointer: the later scrolls of the
        # seek turn at the middle of the wider bar the tree then shows
        on_bar = any(x0 - 12 <= x <= x1 + 1 and y0 <= y <= y1 for x0, y0, x1, y1 in bars)
        if "DBUS_SESSION_BUS_ADDRESS" in gtk.vd.env:
            assert bars, f"the tree showed no scroll bar: {frame.get('scrollbars')}"
            assert on_bar, f"the wheel turned at {(x, y)}, not on a bar of {bars}"
        else:
            assert not bars and not on_bar
    finally:
        gtk.vd.stop(proc)


def test_a_row_below_the_fold_of_a_tk_listbox_is_scrolled_to_and_sent(plain: Desk) -> None:
    proc = _tk(plain, "list", "Tk rows")
    plain.vd.run(["xdotool", "mousemove", "5", "5"])
    episode = _agent(plain, "click 'Row 33' then click 'OK'", steps=5)
    assert _said(proc, episode) == (0, "Row 33"), episode["log"]
    assert "seek" in episode["log"], episode["log"]


# -- a keypad sum ---------------------------------------------------------------------------

#: Two sums of 19: symbol keys drawn as a cross, and as a bar.
SUMS = [
    "click '1' then click '2' then click '+' then click '7' then click '='",
    "click '2' then click '5' then click '-' then click '6' then click '='",
]


@pytest.mark.parametrize("goal", SUMS, ids=["plus", "minus"])
def test_a_sum_on_a_tk_keypad(plain: Desk, goal: str) -> None:
    proc = _tk(plain, "keypad", "Tk keypad")
    episode = _agent(plain, goal, steps=7)
    assert _said(proc, episode) == (0, "19"), episode["log"]


@pytest.mark.parametrize("goal", SUMS, ids=["plus", "minus"])
def test_a_sum_on_xcalc_shows_in_its_display(plain: Desk, goal: str) -> None:
    """xcalc prints nothing: its display, read by the harness, is the proof (it showed
    0 before, and no key reads 19)."""
    require("xcalc")
    plain.vd.spawn(["xcalc"], quiet=True)
    plain.wait_window("Calculator")
    episode = _agent(plain, goal, steps=7, verify="19")
    assert episode["outcome"] == "verified", episode["log"]
