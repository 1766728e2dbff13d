"""Keys and typing go only where the frame says (issue 37): with real input the executor
asks the X server, just before a key, typed text or a paste, which window has focus and
refuses (rule ``focus-moved``) unless it is the window the policy judged; a click that
places the caret is made only where the target's window is top-most (``field-covered``).
The X server here is a stand-in answering the executor's two queries (the focused
window, the window list) from a desktop that may differ from the frame."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import ARM_ENV, Action, Element, Observation, PolicyRefusal, Window
from tiny_computer_agent.desktop import RealInputExecutor
from tiny_computer_agent.desktop._inputs import judged_window

from .helpers import RecordingGui, armed, rule_of

SIZE = (1280, 800)
EDITOR = Window(title="notes.txt - Editor", box=(0, 40, 900, 700), id=0x10,
                wm_class=("editor", "Editor"), pid=10)  # fmt: skip
MAIL = Window(title="Inbox - Mail", box=(700, 40, 1280, 700), id=0x20,
              wm_class=("mail", "Mail"), pid=20)  # fmt: skip
#: a dialog the window manager mapped after the look: on the desktop, not on the frame
POPUP = Window(title="Empty the wastebasket?", box=(300, 200, 800, 500), id=0x30, pid=30)
#: a window over the left end of the editor's Find field
COVER = Window(title="Shop - Browser", box=(0, 40, 450, 600), id=0x40, pid=40)
#: a window over the middle of the editor's Find field
NOTE = Window(title="Reminder", box=(500, 40, 900, 200), id=0x60, pid=60)
MENU = Window(title="", box=(100, 60, 300, 300), id=0x50, pid=10, override=True,
              wm_class=("editor", "Editor"))  # fmt: skip


def frame(*windows: Window, focused: str = "Body") -> Observation:
    elements = [
        Element(label="Body", box=(20, 120, 880, 680), kind="field", window=EDITOR.id,
                state={"editable", "focused"} if focused == "Body" else {"editable"}),
        Element(label="Find", box=(400, 60, 880, 90), kind="field", window=EDITOR.id,
                state={"editable"}),
        Element(label="To", box=(950, 60, 1250, 90), kind="field", window=MAIL.id,
                state={"editable", "focused"} if focused == "To" else {"editable"}),
        Element(label="Copy", box=(120, 80, 280, 110), kind="menuitem", window=MENU.id),
    ]  # fmt: skip
    shown = {w.id for w in windows}
    return Observation.of([e for e in elements if e.window in shown], size=SIZE, windows=windows)


#: The key names the recording pyautogui says it has.
FOCUS_KEYS = (*"abcdefghijklmnopqrstuvwxyz ", "space", "tab", "ctrl", "v")


class XServer:
    """The executor's X queries: the focused window (``focus``, 0: none named) and the
    window list (``stack``, top-most first), as the desktop has them now."""

    def __init__(
        self, stack: tuple[Window, ...], focus: int, unlisted: int = 0, held: tuple[str, ...] = ()
    ) -> None:
        self.stack, self.focus = stack, focus
        #: X's input focus is in this window, which no listing shows (0: it is not)
        self.unlisted = unlisted
        #: chords another client holds as global shortcuts (passive grabs on the root)
        self.held = held
        self.chords: list[str] = []  # the chords asked about

    def chord_held(self, chord: str) -> bool:
        self.chords.append(chord)
        return chord in self.held

    def active(self) -> int:
        return self.focus

    def focus_unlisted(self, listed: Any) -> int:
        assert set(listed) == {w.id for w in self.stack}
        return self.unlisted


class Screen:
    """What the executor asks of its DesktopScreen: nothing changed since the look, and
    the X server (``None``: no window listing on this machine)."""

    display = None
    last = None
    last_signature = b""

    def __init__(self, x: XServer | None) -> None:
        self._xwindows = x
        #: what a fresh look sees (``capture``): the desktop as it is now
        self.fresh: Observation | None = None

    def capture(self) -> Observation:
        assert self.fresh is not None, "the executor looked again where it should not"
        return self.fresh

    def signature(self) -> bytes:
        return b""

    def _list_windows(self) -> tuple[Window, ...]:
        return () if self._xwindows is None else self._xwindows.stack


def executor(
    tmp_path: Path,
    x: XServer | None,
    gui: RecordingGui,
    fresh: Observation | None = None,
    **policy_fields: Any,
) -> RealInputExecutor:
    policy_fields.setdefault("allow_keys", ("ctrl+v",))
    policy = armed(kill_switch=tmp_path / "STOP", **policy_fields)
    screen: Any = Screen(x)
    screen.fresh = fresh
    return RealInputExecutor(policy=policy, gui=gui, screen=screen, focus_seconds=0.0,
                             focus_wait=0.0, type_interval=0.0)  # fmt: skip


@pytest.fixture(autouse=True)
def _armed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARM_ENV, "1")


def refused(ex: RealInputExecutor, action: Action | list[Action], obs: Observation) -> str:
    with pytest.raises(PolicyRefusal) as info:
        if isinstance(action, list):
            ex.execute_batch(action, obs)
        else:
            ex.execute(action, obs)
    return f"{info.value.rule}: {info.value}"


def test_the_window_judged_is_the_targets_else_the_focused_elements_else_the_front_one() -> None:
    both = frame(MAIL, EDITOR, focused="Body")
    assert judged_window(Action.make("type", text="x", target="To"), both) == MAIL
    assert judged_window(Action.make("key", keys="Tab"), both) == EDITOR  # focused, not front
    assert judged_window(Action.make("key", keys="Tab"), frame(MAIL, EDITOR, focused="")) == MAIL
    assert judged_window(Action.make("key", keys="Tab"), Observation.of([], size=SIZE)) is None


def test_a_key_is_refused_when_a_dialog_took_the_focus_after_the_look(tmp_path: Path) -> None:
    gui = RecordingGui(FOCUS_KEYS)
    x = XServer((POPUP, EDITOR), focus=POPUP.id)
    said = refused(executor(tmp_path, x, gui), Action.make("key", keys="space"), frame(EDITOR))
    assert said.startswith("focus-moved: ") and "Empty the wastebasket?" in said, said
    assert "notes.txt - Editor" in said and "nothing was sent" in said
    assert gui.calls == []
    x.focus = EDITOR.id  # the focus is where the frame says: the key goes
    assert executor(tmp_path, x, gui).execute(Action.make("key", keys="space"), frame(EDITOR)).ok
    assert gui.calls == ["hotkey"]


def test_keys_are_refused_while_the_focus_is_in_a_window_no_listing_shows(tmp_path: Path) -> None:
    """GNOME Shell's overview: the window manager names no active window (0), and X's
    input focus is in a window of the shell's own, where a typed word starts a program."""
    gui = RecordingGui(FOCUS_KEYS)
    x = XServer((EDITOR,), focus=0, unlisted=0x400008)
    typed = Action.make("type", text="sakura")
    said = refused(executor(tmp_path, x, gui), typed, frame(EDITOR))
    assert said.startswith("focus-moved: ") and "0x400008" in said and "nothing was sent" in said
    assert gui.calls == []
    x.unlisted = 0  # the overview closed: the focus is in the editor again
    assert executor(tmp_path, x, gui).execute(typed, frame(EDITOR)).ok
    assert gui.calls == ["write"]


def test_untargeted_text_follows_the_focused_element_not_the_front_window(tmp_path: Path) -> None:
    gui = RecordingGui(FOCUS_KEYS)
    obs = frame(MAIL, EDITOR, focused="Body")  # mail in front, the editor's body focused
    x = XServer((MAIL, EDITOR), focus=MAIL.id)
    said = refused(executor(tmp_path, x, gui), Action.make("type", text="hello"), obs)
    assert said.startswith("focus-moved: ") and "Inbox - Mail" in said, said
    assert "write" not in gui.calls
    x.focus = EDITOR.id
    assert executor(tmp_path, x, gui).execute(Action.make("type", text="hello"), obs).ok
    assert gui.calls == ["write"]


def test_typing_is_refused_when_the_focus_is_elsewhere_after_its_click(tmp_path: Path) -> None:
    """Focus that follows the pointer, or a window that grabs it: the click on the field
    was made (it is the target's, top-most there), the text is not typed."""
    gui = RecordingGui(FOCUS_KEYS)
    x = XServer((EDITOR, MAIL), focus=MAIL.id)
    said = refused(
        executor(tmp_path, x, gui), Action.make("type", text="hi", target="Find"), frame(EDITOR)
    )
    assert said.startswith("focus-moved: ") and "the field was clicked" in said, said
    assert gui.calls == ["click"]


def test_no_caret_click_lands_on_a_window_over_the_fields_left_end(tmp_path: Path) -> None:
    gui = RecordingGui(FOCUS_KEYS)
    x = XServer((COVER, EDITOR), focus=EDITOR.id)  # the frame did not show the cover
    ex = executor(tmp_path, x, gui)
    typing = Action.make("type", text="hi", target="Find")
    said = refused(ex, typing, frame(EDITOR))
    assert said.startswith("field-covered: ") and "Shop - Browser" in said, said
    x.stack = (NOTE, EDITOR)  # over the field's middle, where a batch's click and a
    batch = [Action.make("click", target="Find"), Action.make("type", text="hi")]
    assert refused(ex, batch, frame(EDITOR)).startswith("field-covered: ")
    paste = Action.make("click", target="Find", button="middle")  # middle click land
    assert refused(ex, paste, frame(EDITOR)).startswith("field-covered: ")
    assert gui.calls == []  # not one click, not one key
    x.stack = (EDITOR, COVER)  # nothing over the field: the same typing goes
    assert ex.execute(typing, frame(EDITOR)).ok and gui.calls == ["click", "write"]


def test_a_paste_chord_is_checked_like_any_key(tmp_path: Path) -> None:
    gui = RecordingGui(FOCUS_KEYS)
    x = XServer((POPUP, EDITOR), focus=POPUP.id)
    said = refused(executor(tmp_path, x, gui), Action.make("key", keys="ctrl+v"), frame(EDITOR))
    assert said.startswith("focus-moved: ") and gui.calls == []


def test_a_menu_over_every_window_takes_the_keys_while_it_is_shown(tmp_path: Path) -> None:
    """An override-redirect menu has the keyboard by a grab while X still names the
    editor focused: judged as the window in front, the key goes while it is on top."""
    gui = RecordingGui(FOCUS_KEYS)
    obs = frame(MENU, EDITOR, focused="")
    x = XServer((MENU, EDITOR), focus=EDITOR.id)
    assert executor(tmp_path, x, gui).execute(Action.make("key", keys="Tab"), obs).ok
    x.stack = (EDITOR, MENU)  # still shown, no longer in front: the key does not go
    assert refused(executor(tmp_path, x, gui), Action.make("key", keys="Tab"), obs).startswith(
        "focus-moved: "
    )
    assert gui.calls == ["hotkey"]


def test_a_key_judged_against_a_popup_that_closed_is_judged_again_on_a_fresh_look(
    tmp_path: Path,
) -> None:
    """A field's completion list (override-redirect, the program's own) closes by itself
    between the look and the Return meant for the field (GTK's file chooser, CI on
    2026-12-05). The executor looks again, as it does for a target on a changed screen:
    the key goes when the policy allows it on the fresh look and the window judged there
    has the focus; else it is refused, by the policy or as ``focus-moved``."""
    gui = RecordingGui(FOCUS_KEYS)
    obs = frame(MENU, EDITOR, focused="")
    x = XServer((EDITOR,), focus=EDITOR.id)  # the list closed; the editor has the focus
    now = frame(EDITOR, focused="")
    assert executor(tmp_path, x, gui, fresh=now).execute(Action.make("key", keys="Tab"), obs).ok
    assert gui.calls == ["hotkey"]
    x = XServer((MAIL, EDITOR), focus=MAIL.id)  # mail took the focus; the look shows editor
    said = refused(executor(tmp_path, x, gui, fresh=now), Action.make("key", keys="Tab"), obs)
    assert said.startswith("focus-moved: ") and "Inbox - Mail" in said, said
    shell = Window(title="user@host: ~", box=(0, 40, 900, 700), id=0x70, pid=70,
                   wm_class=("xterm", "XTerm"), process="bash")  # fmt: skip
    x = XServer((shell,), focus=shell.id)  # a terminal in front on the fresh look
    ex = executor(tmp_path, x, gui, fresh=frame(shell))
    said = refused(ex, Action.make("key", keys="Tab"), obs)
    assert said.startswith("terminal-window: "), said
    assert gui.calls == ["hotkey"]  # the first key only


@pytest.mark.parametrize(
    "x",
    [None, XServer((), focus=0), XServer((EDITOR, MAIL), focus=0)],
    ids=["no-window-listing", "nothing-listed", "no-focused-window-named"],
)
def test_where_x_cannot_say_input_goes_as_before(tmp_path: Path, x: XServer | None) -> None:
    gui = RecordingGui(FOCUS_KEYS)
    ex = executor(tmp_path, x, gui)
    assert ex.execute(Action.make("key", keys="Tab"), frame(EDITOR)).ok
    assert ex.execute(Action.make("type", text="hi", target="Body"), frame(EDITOR)).ok
    assert gui.calls == ["hotkey", "click", "write"]


def test_after_typings_click_the_window_manager_is_given_time_to_move_the_focus(
    tmp_path: Path,
) -> None:
    """A window manager slower than the click: the focus reaches the field's window a
    moment later, and the text goes; if it never does, it does not."""

    class Slow(XServer):
        def active(self) -> int:
            self.asked = getattr(self, "asked", 0) + 1
            return EDITOR.id if self.asked >= 3 else MAIL.id

    gui = RecordingGui(FOCUS_KEYS)
    ex = executor(tmp_path, Slow((EDITOR, MAIL), focus=0), gui)
    ex.focus_wait = 2.0
    assert ex.execute(Action.make("type", text="hi", target="Find"), frame(EDITOR)).ok
    assert gui.calls == ["click", "write"]
    ex = executor(tmp_path, XServer((EDITOR, MAIL), focus=MAIL.id), gui)
    ex.focus_wait = 0.1
    said = refused(ex, Action.make("type", text="hi", target="Find"), frame(EDITOR))
    assert said.startswith("focus-moved: ") and gui.calls == ["click", "write", "click"]


def test_every_click_kind_is_refused_where_another_window_covers_its_target(
    tmp_path: Path,
) -> None:
    gui = RecordingGui(FOCUS_KEYS)
    x = XServer((NOTE, EDITOR), focus=EDITOR.id)  # a window over the field's middle
    ex = executor(tmp_path, x, gui)
    for kind in ({}, {"clicks": 2}, {"button": "right"}):
        click = Action.make("click", target="Find", **kind)
        assert refused(ex, click, frame(EDITOR)).startswith("field-covered: "), kind
    assert gui.calls == []
    x.stack = (EDITOR, NOTE)  # nothing over it: the same clicks go
    assert ex.execute(Action.make("click", target="Find", clicks=2), frame(EDITOR)).ok
    assert gui.calls == ["click"]


def test_a_chord_another_program_holds_as_a_global_shortcut_is_not_sent(tmp_path: Path) -> None:
    """i3's alt+Return (a terminal), ratpoison's ctrl+t (then a command key): allowed by
    --allow-key for the focused program, they would go to the program holding them."""
    gui = RecordingGui((*FOCUS_KEYS, "alt", "enter", "f12"))
    x = XServer((EDITOR,), focus=EDITOR.id, held=("alt+Return", "F12"))
    ex = executor(tmp_path, x, gui, allow_keys=("ctrl+v", "alt+Return", "F12"))
    said = refused(ex, Action.make("key", keys="alt+Return"), frame(EDITOR))
    assert said.startswith("global-key: ") and "holds alt+Return" in said, said
    assert "--allow-global-key alt+Return" in said and "Nothing was sent" in said
    assert gui.calls == [] and x.chords == ["alt+Return"]
    assert ex.execute(Action.make("key", keys="space"), frame(EDITOR)).ok  # nobody holds it
    assert gui.calls == ["hotkey"]
    # the person's word that F12 is for the program that holds it (and only F12)
    ex = executor(tmp_path, x, gui, allow_global_keys=("F12",))
    assert ex.execute(Action.make("key", keys="F12"), frame(EDITOR)).ok
    assert refused(ex, Action.make("key", keys="alt+Return"), frame(EDITOR)).startswith(
        "global-key: "
    )  # --allow-global-key F12 lifted nothing else
    assert ex.policy.allow_keys == ("ctrl+v", "F12")  # a global key is an allowed key too
    assert rule_of(ex.policy, Action.make("key", keys="alt+Return"), frame(EDITOR)) == (
        "key-not-allowed"
    )


def test_x_naming_no_focused_window_is_told_nothing() -> None:
    """``XGetInputFocus`` answers None, PointerRoot (keys go where the pointer is) or the
    root: no window to name, so nothing is refused for it."""
    from types import SimpleNamespace

    from tiny_computer_agent.desktop._windows import _unlisted_focus

    root = SimpleNamespace(id=0x100)
    for focus in (0, 1, root):  # X.NONE, X.PointerRoot, the root window
        conn = SimpleNamespace(
            screen=lambda: SimpleNamespace(root=root),
            get_input_focus=lambda focus=focus: SimpleNamespace(focus=focus),
        )
        assert _unlisted_focus(conn, {0x400010}) == 0  # type: ignore[arg-type]
