"""Top-level windows on a real X server: two real zenity dialogs under openbox are listed
with their titles, frames and stacking order; the OCR elements of a real capture learn
which dialog they are in; a window that closes mid-query is left out; with no window
manager the root's children are listed. In-process: python-xlib only (no pyautogui).

The boxes are checked against xwininfo and xprop, separate programs reading the same
server; the stacking order against what xdotool did.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import SESSION, Desk, desk, eventually, require
from tiny_computer_agent._contracts import Detection
from tiny_computer_agent._elements import Frame, Window
from tiny_computer_agent.desktop import DesktopScreen
from tiny_computer_agent.desktop._windows import XWindows
from tiny_computer_agent.perception._detectors import FusedDetector, OcrDetector
from tiny_computer_agent.perception._windows import assign_windows, find_window

pytestmark = pytest.mark.live


def _desk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **kwargs: bool) -> Iterator[Desk]:
    if SESSION:
        require("zenity")  # a documented platform skip: these tests build their own X
    require("zenity", "xwininfo", "xprop")
    for d in desk(tmp_path, **kwargs):  # type: ignore[arg-type]
        # python-xlib (unlike mss) needs an authority file to connect at all
        monkeypatch.setenv("XAUTHORITY", d.vd.env["XAUTHORITY"])
        yield d


@pytest.fixture
def desktop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Desk]:
    yield from _desk(tmp_path, monkeypatch)


@pytest.fixture
def bare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Desk]:
    yield from _desk(tmp_path, monkeypatch, window_manager=False)


def _two_dialogs(desktop: Desk) -> tuple[int, int]:
    """'First' at (100, 100) and 'Second' at (600, 300), each with an OK button, Second
    opened last (on top); their X ids."""
    desktop.zenity("--info", "--title", "First", "--text", "one")
    desktop.zenity(
        "--question", "--title", "Second", "--text", "two",
        "--ok-label", "OK", "--cancel-label", "Cancel",
    )  # fmt: skip
    ids = []
    for title, (x, y) in (("First", (100, 100)), ("Second", (600, 300))):
        wid = _xid(desktop, title)
        desktop.vd.run(["xdotool", "windowmove", "--sync", str(wid), str(x), str(y)])
        ids.append(wid)
    desktop.vd.run(["xdotool", "windowactivate", "--sync", str(ids[1])])
    return ids[0], ids[1]


def _xid(desktop: Desk, title: str) -> int:
    found = desktop.vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"])
    return int(found.stdout.split()[0])


def _xwininfo_box(desktop: Desk, wid: int) -> tuple[int, int, int, int]:
    """The window's frame in root pixels, read by xwininfo and xprop."""
    info = desktop.vd.run(["xwininfo", "-id", str(wid)]).stdout
    x, y, w, h = (
        int(re.search(rf"{key}:\s+(-?\d+)", info).group(1))  # type: ignore[union-attr]
        for key in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height")
    )
    prop = desktop.vd.run(["xprop", "-id", str(wid), "_NET_FRAME_EXTENTS"]).stdout
    left, right, top, bottom = (int(v) for v in re.findall(r"\d+", prop.split("=")[1]))
    return x - left, y - top, x + w + right, y + h + bottom


def _title_bar(desktop: Desk, wid: int) -> tuple[int, int, int, int]:
    """The frame's band above the window's contents, read by xwininfo and xprop."""
    left, top, right, _ = _xwininfo_box(desktop, wid)
    info = desktop.vd.run(["xwininfo", "-id", str(wid)]).stdout
    inner = int(re.search(r"Absolute upper-left Y:\s+(-?\d+)", info).group(1))  # type: ignore[union-attr]
    return left, top, right, inner


def _listed(xw: XWindows, want: list[str]) -> tuple[Window, ...]:
    """The listing once it names exactly ``want`` (top-most first); the window manager
    restacks a moment after xdotool returns."""
    return eventually(  # type: ignore[no-any-return]
        lambda: (ws := xw.windows()) and [w.title for w in ws] == want and ws,
        f"windows listed as {want}",
        timeout=10,
    )


def test_two_dialogs_are_listed_with_titles_frames_pids_and_stacking(desktop: Desk) -> None:
    first, second = _two_dialogs(desktop)
    xw = XWindows(desktop.display)
    try:
        listed = _listed(xw, ["Second", "First"])
        assert [w.id for w in listed] == [second, first]
        assert xw.active() == second
        for window in listed:
            assert window.box == _xwininfo_box(desktop, window.id), window
            assert window.title_bar == _title_bar(desktop, window.id), window
            assert window.pid is not None and window.pid in {p.pid for p in desktop.vd.procs}
        assert listed[1].box[:2] == (100, 100)  # xdotool moved the frame's corner there
        desktop.vd.run(["xdotool", "windowactivate", "--sync", str(first)])
        assert [w.id for w in _listed(xw, ["First", "Second"])] == [first, second]
        assert xw.active() == first
    finally:
        xw.close()


class Keeping:
    """OCR that keeps the frames it was given (their windows are what is checked)."""

    def __init__(self) -> None:
        self.ocr = OcrDetector()
        self.frames: list[Frame] = []

    def detect(self, frame: Frame) -> Detection:
        self.frames.append(frame)
        return self.ocr.detect(frame)


def test_each_ok_of_two_dialogs_is_given_its_own_window(desktop: Desk) -> None:
    first, second = _two_dialogs(desktop)
    xw = XWindows(desktop.display)
    try:
        _listed(xw, ["Second", "First"])
    finally:
        xw.close()
    keeping = Keeping()
    screen = DesktopScreen(display=desktop.display, max_width=960, detector=keeping)
    try:
        obs = screen.capture()
    finally:
        screen.close()
    frame = keeping.frames[-1]
    assert [w.title for w in frame.windows] == ["Second", "First"]
    elements = assign_windows(obs.elements, frame.windows, obs.mapping)
    oks = {e.window for e in elements if e.key == "ok"}
    assert oks == {first, second}, [(e.label, e.box, e.window) for e in elements]
    titles = {e.key: e.window for e in elements if e.key in ("first", "second")}
    assert titles == {"first": first, "second": second}  # title bars are in the frames
    assert find_window(frame.windows, "second").id == second


def test_the_fused_index_takes_titles_from_the_manager_and_reads_no_title_bar(
    desktop: Desk,
) -> None:
    first, second = _two_dialogs(desktop)
    xw = XWindows(desktop.display)
    try:
        listed = _listed(xw, ["Second", "First"])
    finally:
        xw.close()
    screen = DesktopScreen(display=desktop.display, max_width=960, detector=FusedDetector())
    try:
        obs = screen.capture()
    finally:
        screen.close()
    titles = [(e.label, e.window) for e in obs.elements if e.source == "window"]
    assert titles == [("Second", second), ("First", first)]
    bars = [w.title_bar for w in listed if w.title_bar is not None]
    assert len(bars) == 2
    for e in obs.elements:
        x, y = obs.mapping.to_screen(*e.center)
        in_bar = any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for b in bars)
        assert e.source == "window" or not in_bar, f"{e.label!r} was read in a title bar"
    assert sum(e.key == "ok" for e in obs.elements) == 2  # each dialog's contents still read


def test_a_window_that_closes_while_it_is_listed_is_left_out(
    desktop: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    desktop.zenity("--info", "--title", "First", "--text", "one")
    going = desktop.vd.procs[-1]
    desktop.zenity("--info", "--title", "Second", "--text", "two")
    xw = XWindows(desktop.display)
    real = XWindows._stacking

    def closing_midway(self: XWindows, root: object) -> tuple[list[int], bool]:
        ids, managed = real(self, root)
        desktop.vd.stop(going)  # type: ignore[arg-type]
        eventually(lambda: "First" not in desktop.window_titles(), "First closed")
        return ids, managed

    try:
        _listed(xw, ["Second", "First"])
        monkeypatch.setattr(XWindows, "_stacking", closing_midway)
        assert [w.title for w in xw.windows()] == ["Second"]
        monkeypatch.undo()
        assert [w.title for w in xw.windows()] == ["Second"]  # the connection still works
    finally:
        xw.close()


def test_without_a_window_manager_the_named_root_children_are_listed(bare: Desk) -> None:
    bare.zenity("--info", "--title", "Alone", "--text", "no manager here")
    xw = XWindows(bare.display)
    try:
        (alone,) = _listed(xw, ["Alone"])
        assert alone.id == _xid(bare, "Alone") and alone.box == _bare_box(bare, alone.id)
        assert alone.title_bar is None  # no manager draws one
    finally:
        xw.close()


def _bare_box(desktop: Desk, wid: int) -> tuple[int, int, int, int]:
    info = desktop.vd.run(["xwininfo", "-id", str(wid)]).stdout
    x, y, w, h = (
        int(re.search(rf"{key}:\s+(-?\d+)", info).group(1))  # type: ignore[union-attr]
        for key in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height")
    )
    return x, y, x + w, y + h


def test_the_screen_notes_once_when_no_authority_lets_it_list(
    desktop: Desk, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("XAUTHORITY", str(tmp_path / "absent"))
    desktop.zenity("--info", "--title", "First", "--text", "one")
    screen = DesktopScreen(display=desktop.display, detector=OcrDetector())
    try:
        with caplog.at_level("WARNING"):
            assert screen.capture().shows("one")  # the capture itself still works
            assert screen._list_windows() == () and screen._list_windows() == ()
    finally:
        screen.close()
    notes = [r.getMessage() for r in caplog.records if "window listing is off" in r.getMessage()]
    assert len(notes) == 1 and "XAUTHORITY" in notes[0], notes


def test_focus_raises_a_window_with_no_window_manager(bare: Desk) -> None:
    bare.zenity("--info", "--title", "Lower", "--text", "one")
    bare.zenity("--info", "--title", "Upper", "--text", "two")
    xw = XWindows(bare.display)
    try:
        lower, _ = _listed(xw, ["Upper", "Lower"])[::-1]
        assert xw.focus(lower.id)
        _listed(xw, ["Lower", "Upper"])
        assert not xw.focus(0x7FFFFFF)  # no such window: False, not an error
    finally:
        xw.close()


def test_the_doctor_says_whether_windows_can_be_listed(
    desktop: Desk, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tiny_computer_agent.desktop._doctor import _windows

    desktop.zenity("--info", "--title", "First", "--text", "one")
    env = {"DISPLAY": desktop.display}
    found = _windows(env, True)
    assert found is not None and found.status == "ok", found
    assert found.detail == "1 top-level window(s) listed: 'First'; processes from the X server"
    # a server without X-Resource: the processes are the programs' claims, and it says so
    from tiny_computer_agent.desktop import _xres

    with monkeypatch.context() as patched:
        patched.setattr(_xres, "EXTENSION", "NO-SUCH-EXTENSION")
        claimed = _windows(env, True)
    assert claimed is not None and claimed.status == "warn", claimed
    assert "no X-Resource" in claimed.detail and "X-Resource" in claimed.fix
    monkeypatch.setenv("XAUTHORITY", str(tmp_path / "absent"))
    refused = _windows(env, True)
    assert refused is not None and refused.status == "warn" and "XAUTHORITY" in refused.fix
    assert _windows({}, True) is None  # no X display: nothing to say
