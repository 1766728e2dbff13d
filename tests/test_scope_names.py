"""What ``--window NAME`` names and which windows join it (issue 37, item 4): a name is a
window's class or process as a whole, or its whole title (a part of a title only as a
pattern with ``*``); a window joins as a dialog only when it is a dialog of a window in
scope *and* belongs to the same program (same process, or same ``WM_CLASS`` class) or to
a program that draws dialogs for others (a portal); the rest of a process's windows stay
out; and the scope confines without allowing anything (typing, a terminal). See
tiny_computer_agent/_scope.py and docs/guides/allow-lists.md."""

from __future__ import annotations

import dataclasses
import io

import pytest

from tests.helpers import armed, rule_of
from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._scope import in_scope, name_problem, names_window

SIZE = (1280, 800)
LEFT, RIGHT = (0, 0, 640, 800), (640, 0, 1280, 800)
PAD = Window(title="plan.txt - Padtool", box=LEFT, id=1, pid=100,
             wm_class=("padtool", "Padtool"), process="padtool")  # fmt: skip


def browser(title: str, wid: int = 2, pid: int = 200) -> Window:
    """A browser's window on a page titled ``title`` (the browser adds its own name)."""
    return Window(title=f"{title} — Webby", box=RIGHT, id=wid, pid=pid,
                  wm_class=("Navigator", "webby"), process="webby")  # fmt: skip


def frame(*windows: Window) -> Observation:
    """A link in each window, labelled by its id (``w1``, ``w2``...)."""
    elements = [
        Element(label=f"w{w.id}", box=(w.box[0] + 50, 300, w.box[0] + 200, 330), kind="link",
                window=w.id)
        for w in windows
    ]  # fmt: skip
    return Observation.of(elements, size=SIZE, windows=windows)


def click(wid: int) -> Action:
    return Action.make("click", target=f"w{wid}")


def test_a_name_is_never_a_part_of_another_programs_title() -> None:
    page = browser("Padtool review and plan.txt notes")
    # the program named is absent: a page holding its name in its title is not it
    assert not in_scope(["padtool"], page, [page])
    assert rule_of(Policy(scope=("padtool",)), click(2), frame(page)) == "window-scope"
    # a word of the scoped window's title names neither it nor the page
    for name in ("plan", "plan.txt", "notes"):
        assert not names_window(name, PAD) and not names_window(name, page), name
        assert rule_of(Policy(scope=(name,)), click(2), frame(page, PAD)) == "window-scope"
    # the whole title, or a pattern the person wrote, does
    assert names_window("plan.txt - Padtool", PAD) and not names_window("plan.txt - Padtool", page)
    assert rule_of(Policy(scope=("plan.txt - *",)), click(1), frame(page, PAD)) is None
    assert rule_of(Policy(scope=("plan.txt - *",)), click(2), frame(page, PAD)) == "window-scope"
    # a pattern that matches two programs' windows and names neither takes in none
    # (issue 37, sixth pass: a page sets any title); naming the program picks its own
    both, webby = Policy(scope=("*plan.txt*",)), Policy(scope=("*plan.txt* — Webby",))
    for wid in (1, 2):
        assert rule_of(both, click(wid), frame(page, PAD)) == "window-scope"
    assert rule_of(both, click(1), frame(PAD)) is None
    assert rule_of(webby, click(2), frame(page, PAD)) is None
    assert rule_of(webby, click(1), frame(page, PAD)) == "window-scope"
    assert rule_of(Policy(scope=("*Padtool",)), click(1), frame(page, PAD)) is None


def test_a_refusal_says_when_no_window_is_named_and_how_to_name_a_part() -> None:
    with pytest.raises(PolicyRefusal) as refused:
        Policy(scope=("plan",)).check(click(2), frame(browser("Plan B"), PAD))
    assert "No window on screen is named by it" in str(refused.value)
    assert "--window '*plan*'" in str(refused.value)
    with pytest.raises(PolicyRefusal) as named:
        Policy(scope=("padtool",)).check(click(2), frame(browser("Plan B"), PAD))
    assert "No window on screen" not in str(named.value)


def test_a_pattern_needs_a_letter_and_the_cli_says_so() -> None:
    from tiny_computer_agent.cli._base import UsageError
    from tiny_computer_agent.cli._desktop import window_scope
    from tiny_computer_agent.cli._parser import build_parser

    assert name_problem("*") and name_problem("* - *") and name_problem("  ")
    assert name_problem("*plan*") is None and name_problem("gedit") is None
    assert not names_window("*", PAD) and not names_window("**", PAD)
    with pytest.raises(UsageError, match=r"--window '\*' names no window \(a pattern needs"):
        window_scope(build_parser().parse_args(["--window", "*", "x"]))
    text = io.StringIO()
    build_parser().print_help(text)
    flat = " ".join(text.getvalue().split())
    assert "a part of a title only as a pattern with *" in flat
    assert "typing into a program off the table of text programs still needs" in flat


def test_a_dialog_claim_from_another_program_does_not_join() -> None:
    for other in (browser("Bank", wid=3), dataclasses.replace(browser("Bank", wid=3), pid=None),
                  Window(title="Chat", box=RIGHT, id=3, pid=300, wm_class=("chatty", "Chatty"))):
        claim = dataclasses.replace(other, transient_for=PAD.id)
        assert not in_scope(["padtool"], claim, [claim, PAD]), other
        obs = frame(claim, PAD)
        assert rule_of(armed(scope=("padtool",)), click(3), obs) == "window-scope"
        assert rule_of(armed(scope=("padtool",)), Action.make("key", keys="Tab"), obs) \
            == "window-scope"  # fmt: skip


def test_a_dialog_of_the_same_program_or_a_portal_joins() -> None:
    base = Window(title="Save As", box=(100, 100, 500, 400), id=3, transient_for=PAD.id)
    same_pid = dataclasses.replace(base, pid=PAD.pid, wm_class=("dlg", "Dlg"))
    portal = dataclasses.replace(base, pid=900, wm_class=("xdg-desktop-portal-gtk",),
                                 process="xdg-desktop-por")  # fmt: skip
    # the program's class with no pid the X server vouches for is no program's dialog
    same_class = dataclasses.replace(base, wm_class=("savedialog", "PADTOOL"))
    assert not in_scope(["padtool"], same_class, [same_class, PAD])
    assert not in_scope(["plan.txt - Padtool"], same_class, [same_class, PAD])
    for dialog in (same_pid, portal):
        assert in_scope(["padtool"], dialog, [dialog, PAD]), dialog
        assert in_scope(["plan.txt - Padtool"], dialog, [dialog, PAD]), dialog
        nested = dataclasses.replace(dialog, id=4, transient_for=3)
        assert in_scope(["padtool"], nested, [nested, dialog, PAD])  # a dialog of the dialog
        # not a dialog of the scoped window: nothing joins
        stray = dataclasses.replace(dialog, transient_for=0)
        assert not in_scope(["plan.txt - Padtool"], stray, [stray, PAD]), stray


def test_other_windows_of_the_same_process_stay_out_unless_the_program_is_named() -> None:
    app = Window(title="Mailbox", box=LEFT, id=5, pid=200, wm_class=("crx_mail", "Crx_mail"),
                 process="webby")  # fmt: skip
    bank = browser("Bank", wid=6, pid=200)  # the browser that hosts the web app
    obs = frame(bank, app)
    assert rule_of(Policy(scope=("Mailbox",)), click(5), obs) is None
    assert rule_of(Policy(scope=("Mailbox",)), click(6), obs) == "window-scope"
    # another document window of one office-like process, named by its title
    doc = Window(title="sheet.ods - Padtool", box=RIGHT, id=7, pid=100,
                 wm_class=("padtool", "Padtool"), process="padtool")  # fmt: skip
    both = frame(doc, PAD)
    assert rule_of(Policy(scope=("plan.txt - Padtool",)), click(7), both) == "window-scope"
    assert rule_of(Policy(scope=("padtool",)), click(7), both) is None  # the program, named


def test_the_scope_allows_no_typing_and_no_terminal() -> None:
    field = Element(label="Body", box=(50, 100, 600, 700), kind="field", window=1,
                    state={"focused", "editable"})  # fmt: skip
    obs = Observation.of([field], size=SIZE, windows=[PAD])
    typed = Action.make("type", text="hello", target="Body")
    assert rule_of(armed(scope=("padtool",)), typed, obs) == "typing-program"
    assert rule_of(armed(scope=("padtool",), typing_in=("padtool",)), typed, obs) is None
    term = dataclasses.replace(PAD, title="plan.txt", wm_class=("xterm", "XTerm"),
                               process="xterm")  # fmt: skip
    on_term = Observation.of([field], size=SIZE, windows=[term])
    for policy in (armed(scope=("plan.txt",)), armed(scope=("xterm",), typing_in=("xterm",))):
        with pytest.raises(PolicyRefusal) as refused:
            policy.check(Action.make("type", text="ls\n"), on_term)
        assert refused.value.rule == "terminal-window"
        assert "no flag allows it" in str(refused.value)
