"""A terminal known by its accessibility role (issue 37, item 2): a window whose tree
shows AT-SPI's ``terminal`` (VTE, konsole) is a terminal, whatever its class, process
and title say, and nothing typed, pressed, pasted or clicked reaches it."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import ARM_ENV, Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._policy import terminal_reason
from tiny_computer_agent.desktop._a11y import WINDOW_ROLES, with_window_roles
from tiny_computer_agent.records._schema import TraceReader

from .test_a11y import SHOWN, FakeBus, FakeObject, _backend

SIZE = (1280, 800)
TERMINAL_ROLE, FRAME, FILLER, MENU_BAR = 60, 23, 20, 34
#: an IDE with a terminal pane: no class, process or title says "terminal"
IDE = Window(title="main.py - Geany", box=(0, 0, *SIZE), id=7, wm_class=("geany", "Geany"))
IDE_TERMINAL = Window(
    title=IDE.title, box=IDE.box, id=IDE.id, wm_class=IDE.wm_class, role="terminal"
)


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def rule_of(policy: Policy, action: Action, obs: Observation) -> str | None:
    try:
        policy.check(action, obs)
    except PolicyRefusal as exc:
        return exc.rule
    return None


def on_screen(win: Window, *elements: Element) -> Observation:
    return Observation.of(elements, size=SIZE, windows=[win])


def field(window: int = 7, *, focused: bool = False) -> Element:
    state = {"focused", "editable"} if focused else {"editable"}
    return Element(label="Find", box=(100, 100, 400, 130), kind="field", state=state, window=window)


def test_the_terminal_role_is_a_terminals_reason() -> None:
    assert terminal_reason(IDE) is None
    why = terminal_reason(IDE_TERMINAL)
    assert why is not None and "terminal" in why and "accessibility" in why


CASES = [
    (Action.make("type", text="ls", target="Find"), (field(),)),
    (Action.make("type", text="ls"), (field(focused=True),)),
    (Action.make("type", text="ls"), ()),
    (Action.make("key", keys="Return"), ()),
    (Action.make("key", keys="ctrl+v"), (field(focused=True),)),
    (Action.make("click", target="Find"), (field(),)),
    (Action.make("click", target="Find", button="middle"), (field(),)),
]


@pytest.mark.parametrize(("action", "elements"), CASES, ids=[a.describe() for a, _ in CASES])
def test_input_that_reaches_a_window_with_a_terminal_is_refused(
    action: Action, elements: tuple[Element, ...]
) -> None:
    assert rule_of(armed(), action, on_screen(IDE_TERMINAL, *elements)) == "terminal-window"


def test_the_same_window_without_the_role_takes_the_same_input() -> None:
    """The control: what the role refuses above passes in the same window without it
    (a targeted field, a focused one, a click), so the role is what refused. Geany is
    not on the table of text programs (it may show a terminal pane, as here): the person
    allows it (--allow-typing-in geany), and the role still refuses behind that."""
    allowed = armed(typing_in=("geany", "main.py"))  # its document is code: named too
    for action, elements in CASES[:2] + CASES[5:6]:
        assert rule_of(allowed, action, on_screen(IDE, *elements)) is None, action.describe()
    for action, elements in CASES:
        assert rule_of(allowed, action, on_screen(IDE_TERMINAL, *elements)) == "terminal-window"
    typed = CASES[0]
    assert rule_of(armed(), typed[0], on_screen(IDE, *typed[1])) == "typing-program"


def test_focusing_a_window_with_a_terminal_is_refused_in_a_dry_run_too() -> None:
    focus = Action.make("focus", window="main.py - Geany")
    assert rule_of(Policy(), focus, on_screen(IDE_TERMINAL)) == "terminal-window"
    assert rule_of(Policy(), focus, on_screen(IDE)) is None


def _ide(terminal_bits: set[int]) -> dict[str, FakeObject]:
    """A frame holding a menu bar and a terminal pane (AT-SPI's role 60), as geany's
    or gnome-terminal's tree reads."""
    return {
        "/root": FakeObject(75, "geany", children=["/w"]),
        "/w": FakeObject(FRAME, "main.py - Geany", (0, 0, 800, 600), children=["/f"]),
        "/f": FakeObject(FILLER, "", (0, 0, 800, 600), children=["/m", "/t"]),
        "/m": FakeObject(MENU_BAR, "", (0, 0, 800, 20)),
        "/t": FakeObject(TERMINAL_ROLE, "", (0, 400, 800, 200), bits=terminal_bits),
    }


def test_the_walk_marks_the_window_a_shown_terminal_lies_in() -> None:
    assert WINDOW_ROLES[TERMINAL_ROLE] == "terminal"
    snap = _backend(FakeBus(_ide(set(SHOWN)))).snapshot()
    assert [w.role for w in snap.windows] == ["terminal"]
    assert not any(n.role == TERMINAL_ROLE for n in snap.nodes)  # a container, not offered
    hidden = _backend(FakeBus(_ide({24}))).snapshot()  # a terminal tab not shown
    assert [w.role for w in hidden.windows] == [""]


def test_x_windows_take_the_role_of_the_tree_window_with_their_id() -> None:
    tree = (Window(title=IDE.title, box=IDE.box, id=7, pid=1, role="terminal"),)
    other = Window(title="Other", box=(0, 0, 9, 9), id=8)
    got = with_window_roles((IDE, other), tree)
    assert [w.role for w in got] == ["terminal", ""]
    assert with_window_roles((IDE,), (Window(title="x", box=IDE.box, role="terminal"),)) == (
        IDE,
    )  # an unmatched tree window (id 0) gives no role


def test_the_role_survives_a_round_trip_and_a_trace() -> None:
    data: dict[str, Any] = IDE_TERMINAL.to_dict()
    assert data["role"] == "terminal" and "role" not in IDE.to_dict()
    assert Window.from_dict(data) == IDE_TERMINAL
    assert TraceReader("trace.json").window(data, "frame.windows[0]") == IDE_TERMINAL
