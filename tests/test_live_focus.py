"""The focus verb on a real desktop: a dialog covered by another one is raised through
openbox by the real executor (no pointer, no key), and the policy judges its title."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk
from tests.test_desktop import FakeGui
from tests.test_live_windows import _desk, _listed, _two_dialogs
from tiny_computer_agent._actions import Action
from tiny_computer_agent._errors import PolicyRefusal
from tiny_computer_agent._policy import ARM_ENV, Policy
from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor
from tiny_computer_agent.desktop._windows import XWindows
from tiny_computer_agent.perception._detectors import OcrDetector

pytestmark = pytest.mark.live


@pytest.fixture
def desktop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Desk]:
    yield from _desk(tmp_path, monkeypatch)


def test_focus_raises_a_covered_dialog_through_the_window_manager(
    desktop: Desk, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first, second = _two_dialogs(desktop)
    desktop.vd.run(["xdotool", "windowmove", "--sync", str(second), "100", "100"])  # covers
    monkeypatch.setenv(ARM_ENV, "1")
    monkeypatch.setenv("DISPLAY", desktop.display)
    policy = Policy(kill_switch=tmp_path / "STOP").armed(flag=True, environ={ARM_ENV: "1"})
    screen = DesktopScreen(display=desktop.display, detector=OcrDetector())
    gui = FakeGui()
    executor = RealInputExecutor(policy=policy, screen=screen, gui=gui)
    xw = XWindows(desktop.display)
    try:
        _listed(xw, ["Second", "First"])
        obs = screen.capture()
        action = Action.make("focus", window="first")
        policy.check(action, obs)
        result = executor.execute(action, obs)
        assert result.ok, result
        assert [w.id for w in xw.windows()] == [first, second] and xw.active() == first
        assert gui.calls == []  # no pointer or key was used
        with pytest.raises(PolicyRefusal):  # the policy judges titles like labels
            Policy(denied_widgets=("first",)).check(action, screen.capture())
    finally:
        xw.close()
        screen.close()
