"""A click's press and release reach the X server together (desktop._inputs.click).

pyautogui's X backend waits for a round trip between them; on a busy machine the
release then came half a second late, and a GTK drop-down took it for a choice (the
zenity drop-down test picked 'Lisbon' in 4 of 16 runs beside three busy loops, 0 of 16
with the press and release flushed together)."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent.desktop._inputs import click

pytest.importorskip("Xlib", reason="python-xlib comes with the desktop extra")
from Xlib import X


class Backend:
    """pyautogui's X backend as ``click`` uses it: XTest's fake_input and a display."""

    def __init__(self, calls: list[Any]) -> None:
        self.calls = calls
        self._display = self

    def fake_input(self, display: Any, kind: int, detail: int = 0, **at: int) -> None:
        assert display is self
        self.calls.append((kind, detail, at))

    def sync(self) -> None:
        self.calls.append("sync")


class Gui:
    def __init__(self) -> None:
        self.calls: list[Any] = []
        self.platformModule = Backend(self.calls)

    def failSafeCheck(self) -> None:  # pyautogui's name
        self.calls.append("fail-safe")

    def click(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("the X path sends its own events")


def test_a_click_moves_presses_and_releases_before_one_round_trip() -> None:
    gui = Gui()
    click(gui, 10, 20)
    assert gui.calls == [
        "fail-safe",
        (X.MotionNotify, 0, {"x": 10, "y": 20}),
        (X.ButtonPress, 1, {}),
        (X.ButtonRelease, 1, {}),
        "sync",
    ]


def test_a_double_right_click_keeps_each_press_with_its_release() -> None:
    gui = Gui()
    click(gui, 5, 6, clicks=2, interval=0.0, button="right")
    press, release = (X.ButtonPress, 3, {}), (X.ButtonRelease, 3, {})
    assert gui.calls[2:] == [press, release, "sync", press, release, "sync"]


def test_a_backend_without_xtest_clicks_through_pyautogui() -> None:
    seen: list[Any] = []

    class Plain:
        def click(self, *args: Any, **kwargs: Any) -> None:
            seen.append((args, kwargs))

    click(Plain(), 1, 2, clicks=1, interval=0.0, button="middle")
    assert seen == [((1, 2), {"clicks": 1, "interval": 0.0, "button": "middle"})]
