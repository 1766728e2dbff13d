"""No key but Escape and no text while another client holds the keyboard (issue 37):
a launcher X does not list, a window manager's prompt (ratpoison's after ``ctrl+t``) or
a desktop shell's overview drawn by the compositor (GNOME Shell's, reached by a click on
Activities) takes every key through an active grab, whatever window the frame shows
focused. With real input the executor asks the X server just before sending (rule
``keyboard-taken``). The X server here is a stand-in; ``test_live_keyboard_taken.py``
asks a real one, grabbed by a real client."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiny_computer_agent import ARM_ENV, Action

from .helpers import RecordingGui
from .test_focus_check import EDITOR, FOCUS_KEYS, XServer, executor, frame, refused

KEYS = (*FOCUS_KEYS, "\n", "enter", "return", "down", "escape", "esc")


class Grabbed(XServer):
    """The X server with another client's keyboard grab on (``taken``), or none."""

    def __init__(self, taken: bool) -> None:
        super().__init__((EDITOR,), focus=EDITOR.id)
        self.taken = taken
        self.asked = 0

    def keyboard_taken(self) -> bool:
        self.asked += 1
        return self.taken


@pytest.fixture(autouse=True)
def _armed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARM_ENV, "1")


BLOCKED = [
    Action.make("type", text="terminal\n"),
    Action.make("type", text="notes", target="Find"),
    Action.make("key", keys="Return"),
    Action.make("key", keys="Down"),
    Action.make("key", keys="ctrl+v"),
]


@pytest.mark.parametrize("action", BLOCKED, ids=[a.describe() for a in BLOCKED])
def test_keys_and_text_are_refused_while_another_client_holds_the_keyboard(
    tmp_path: Path, action: Action
) -> None:
    gui = RecordingGui(KEYS)
    x = Grabbed(taken=True)
    said = refused(executor(tmp_path, x, gui), action, frame(EDITOR))
    assert said.startswith("keyboard-taken: ") and "holds the keyboard" in said, said
    assert gui.calls == [] and x.asked == 1  # not even typing's click on the field


@pytest.mark.parametrize("action", BLOCKED, ids=[a.describe() for a in BLOCKED])
def test_the_same_input_goes_when_nobody_holds_it(tmp_path: Path, action: Action) -> None:
    """The control: the grab is what refused above."""
    gui = RecordingGui(KEYS)
    x = Grabbed(taken=False)
    assert executor(tmp_path, x, gui).execute(action, frame(EDITOR)).ok
    assert gui.calls and x.asked == 1


def test_escape_closes_what_holds_the_keyboard(tmp_path: Path) -> None:
    gui = RecordingGui(KEYS)
    x = Grabbed(taken=True)
    assert executor(tmp_path, x, gui).execute(Action.make("key", keys="Escape"), frame(EDITOR)).ok
    assert gui.calls == ["hotkey"] and x.asked == 0


def test_a_click_is_not_judged_by_the_keyboard(tmp_path: Path) -> None:
    gui = RecordingGui(KEYS)
    x = Grabbed(taken=True)
    assert executor(tmp_path, x, gui).execute(Action.make("click", target="Find"), frame(EDITOR)).ok
    assert x.asked == 0
