"""The accessibility tree of real GTK programs (zenity) on a private Xvfb, with a private
D-Bus session bus and AT-SPI2 registry (at-spi-bus-launcher), all stopped by PID.

The proof is each program's own effect: zenity's exit code and what it prints after a
real click (xdotool) at the centre of the element the tree gave. Tk programs have no
AT-SPI support at all (Tk implements no accessibility protocol on X11): their windows
are absent from the tree, which one test pins down.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from devsupport.browser import socket_dir
from devsupport.xdesktop import Desk, desk, eventually, require
from tiny_computer_agent.desktop import DesktopScreen
from tiny_computer_agent.desktop._a11y import A11yNode, A11ySnapshot, assign_window_ids, to_elements
from tiny_computer_agent.desktop._atspi import AtspiBackend
from tiny_computer_agent.desktop._windows import XWindows

pytestmark = pytest.mark.live

LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")


_BARE_SESSION = """<!DOCTYPE busconfig PUBLIC
 "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


@pytest.fixture
def a11y(tmp_path: Path) -> Iterator[Desk]:
    """A desktop whose programs register with a private AT-SPI2 registry."""
    require("Xvfb", "xdotool", "zenity", "dbus-daemon")
    if not LAUNCHER.exists():
        pytest.skip(f"live accessibility tests need {LAUNCHER}; apt-get install at-spi2-core")
    steps = desk(tmp_path)
    d = next(steps)
    try:
        for name in ("AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE", "GTK_MODULES"):
            d.vd.env.pop(name, None)
        d.accessibility_registry(LAUNCHER)
        yield d
    finally:
        steps.close()


def _snap_until(
    backend: AtspiBackend, found: Callable[[A11ySnapshot], bool], what: str
) -> A11ySnapshot:
    def look() -> A11ySnapshot | None:
        snap = backend.snapshot()
        return snap if found(snap) else None

    result: A11ySnapshot = eventually(look, what, timeout=15)
    return result


def _node(snap: A11ySnapshot, kind: str, label: str) -> A11yNode | None:
    return next((n for n in snap.nodes if n.kind == kind and n.label == label), None)


def _click(d: Desk, node: A11yNode) -> None:
    x, y = (node.box[0] + node.box[2]) // 2, (node.box[1] + node.box[3]) // 2
    d.vd.run(["xdotool", "mousemove", str(x), str(y), "click", "1"])


def _zenity(d: Desk, *args: str) -> subprocess.Popen[str]:
    proc = d.vd.spawn(["zenity", *args], stdout=subprocess.PIPE)
    d.wait_window(args[args.index("--title") + 1])
    return proc


@pytest.mark.parametrize(("button", "code"), [("No", 1), ("Yes", 0)])
def test_a_question_dialogs_buttons_are_where_a_real_click_lands(
    a11y: Desk, button: str, code: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XAUTHORITY", a11y.vd.env["XAUTHORITY"])  # python-xlib needs one
    proc = _zenity(a11y, "--question", "--title", "Replace file", "--text", "Replace the file?")
    backend = AtspiBackend(environ=a11y.vd.env)
    screen = DesktopScreen(display=a11y.display)
    xwindows = XWindows(a11y.display)
    try:
        snap = _snap_until(backend, lambda s: _node(s, "button", button) is not None, button)
        image, mapping = screen.grab()
        snap = assign_window_ids(snap, xwindows.windows())
    finally:
        backend.close()
        screen.close()
        xwindows.close()
    assert [w.title for w in snap.windows] == ["Replace file"]
    assert snap.windows[0].pid == proc.pid and snap.windows[0].id != 0  # matched to X
    assert {n.label for n in snap.nodes if n.kind == "button"} == {"Yes", "No"}
    assert _node(snap, "text", "Replace the file?") is not None
    element = next(e for e in to_elements(snap, mapping, image.size) if e.label == button)
    assert (element.source, element.kind, element.window) == ("a11y", "button", snap.windows[0].id)
    x, y = mapping.to_screen(*element.center)
    a11y.vd.run(["xdotool", "mousemove", str(x), str(y), "click", "1"])
    assert proc.wait(10) == code  # zenity's own answer: the click hit that button


def test_a_form_gives_fields_named_by_their_labels_and_reads_typed_text_back(
    a11y: Desk,
) -> None:
    proc = _zenity(
        a11y, "--forms", "--title", "Address", "--text", "Where?",
        "--add-entry", "Street", "--add-entry", "City", "--add-password", "PIN",
    )  # fmt: skip
    backend = AtspiBackend(environ=a11y.vd.env)
    try:
        snap = _snap_until(backend, lambda s: _node(s, "field", "City") is not None, "City")
        fields = {n.label: n for n in snap.nodes if n.kind == "field"}
        assert set(fields) == {"Street", "City", "PIN"}
        assert all("editable" in f.state for f in fields.values())
        assert fields["Street"].value == "" and fields["PIN"].value is None  # never read
        _click(a11y, fields["City"])
        a11y.vd.run(["xdotool", "type", "--delay", "20", "Lisbon"])
        typed = _snap_until(
            backend, lambda s: getattr(_node(s, "field", "City"), "value", "") == "Lisbon", "typed"
        )
        city = _node(typed, "field", "City")
        assert city is not None and "focused" in city.state
        ok = _node(typed, "button", "OK")
        assert ok is not None
        _click(a11y, ok)
    finally:
        backend.close()
    out, _ = proc.communicate(timeout=10)
    assert (proc.returncode, out) == (0, "|Lisbon|\n")  # zenity prints Street|City|PIN


def test_a_checklist_gives_check_boxes_with_their_state_and_a_click_ticks_one(
    a11y: Desk,
) -> None:
    proc = _zenity(
        a11y, "--list", "--checklist", "--title", "Pick", "--column", "Use",
        "--column", "Fruit", "TRUE", "Apple", "FALSE", "Banana", "FALSE", "Cherry",
    )  # fmt: skip
    backend = AtspiBackend(environ=a11y.vd.env)
    try:
        snap = _snap_until(backend, lambda s: _node(s, "check", "Cherry") is not None, "checks")
        checks = {n.label: "checked" in n.state for n in snap.nodes if n.kind == "check"}
        assert checks == {"Apple": True, "Banana": False, "Cherry": False}
        assert {n.label for n in snap.nodes if n.kind == "item"} >= {"Apple", "Banana", "Cherry"}
        banana = _node(snap, "check", "Banana")
        assert banana is not None
        _click(a11y, banana)
        ticked = _snap_until(
            backend,
            lambda s: "checked" in getattr(_node(s, "check", "Banana"), "state", ()),
            "tick",
        )
        ok = _node(ticked, "button", "OK")
        assert ok is not None
        _click(a11y, ok)
    finally:
        backend.close()
    out, _ = proc.communicate(timeout=10)
    assert (proc.returncode, out) == (0, "Apple|Banana\n")


def test_a_program_that_stops_answering_is_skipped_within_the_deadline(a11y: Desk) -> None:
    proc = _zenity(a11y, "--question", "--title", "Frozen", "--text", "Still there?")
    backend = AtspiBackend(environ=a11y.vd.env, call_timeout=0.2)
    try:
        _snap_until(backend, lambda s: _node(s, "button", "Yes") is not None, "Yes")
        os.kill(proc.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            frozen = backend.snapshot(deadline=0.5)
            took = time.monotonic() - started
        finally:
            os.kill(proc.pid, signal.SIGCONT)
        assert took < 0.8, took
        assert frozen.nodes == ()
        assert any("did not answer within 0.2 s; skipped" in n for n in frozen.notes)
        again = backend.snapshot()  # the late replies are dropped; the program is back
        assert _node(again, "button", "Yes") is not None and again.notes == ()
    finally:
        backend.close()


def test_tk_windows_are_not_in_the_tree(a11y: Desk) -> None:
    require(modules=("tkinter",))
    a11y.app(title="Tk Editor")
    _zenity(a11y, "--info", "--title", "Beside", "--text", "GTK is here")
    backend = AtspiBackend(environ=a11y.vd.env)
    try:
        snap = _snap_until(backend, lambda s: bool(s.windows), "the zenity window")
    finally:
        backend.close()
    assert [w.title for w in snap.windows] == ["Beside"]  # the Tk window is not there
    assert not any(n.label in ("Save", "Cancel") for n in snap.nodes)


def test_a_session_bus_without_the_registry_is_unavailable_with_the_reason(
    tmp_path: Path,
) -> None:
    require("dbus-daemon")
    config = tmp_path / "session.conf"  # a session bus with no services to activate,
    config.write_text(_BARE_SESSION)  # as on a machine without at-spi2-core
    bus = subprocess.Popen(
        ["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert bus.stdout is not None
        env = {"DBUS_SESSION_BUS_ADDRESS": bus.stdout.readline().strip()}
        backend = AtspiBackend(environ=env)
        found = backend.available()
        assert not found
        assert found.detail == (
            "no accessibility bus on the session bus "
            "(org.a11y.Bus: org.freedesktop.DBus.Error.ServiceUnknown)"
        )
        snap = backend.snapshot()
        assert snap.nodes == () and snap.notes == (found.detail,)
    finally:
        os.killpg(bus.pid, signal.SIGTERM)
        bus.wait(5)
        if bus.stdout is not None:
            bus.stdout.close()


_PAGE = """<!doctype html><html><head><title>Signup</title></head><body>
<h1>Sign up</h1>
<form><label for=n>Name</label> <input id=n value="Ada"><br>
<label><input type=checkbox id=s checked> Subscribe</label><br>
<a href="#terms">Terms of use</a><br>
<button type=button onclick="document.title = ['Sent', n.value, s.checked].join(' ')"
>Send</button></form></body></html>
"""


def test_chromium_exposes_a_page_form_whose_controls_a_real_click_reaches(
    a11y: Desk, tmp_path: Path
) -> None:
    require("chromium")
    page = tmp_path / "signup.html"
    page.write_text(_PAGE)
    a11y.vd.spawn(
        [
            "chromium", "--no-sandbox", "--force-renderer-accessibility", "--disable-gpu",
            "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
            "--password-store=basic",  # no keyring prompt over the page
            f"--user-data-dir={tmp_path / 'profile'}", "--window-position=0,0",
            "--window-size=900,700", page.as_uri(),
        ],
        quiet=True,
        # else Chromium never loads its AT-SPI bridge; TMPDIR: its singleton socket's
        # folder, which a killed browser leaves behind, goes with tmp_path
        env={"ACCESSIBILITY_ENABLED": "1", "TMPDIR": str(socket_dir(tmp_path))},
    )  # fmt: skip
    backend = AtspiBackend(environ=a11y.vd.env)
    try:
        snap = _snap_until(backend, lambda s: _node(s, "button", "Send") is not None, "Send")
        name, box = _node(snap, "field", "Name"), _node(snap, "check", "Subscribe")
        assert name is not None and name.value == "Ada"
        assert box is not None and "checked" in box.state
        assert _node(snap, "link", "Terms of use") is not None
        assert [n.label for n in snap.nodes].count("Sign up") == 1  # heading and text: once
        _click(a11y, box)
        cleared = _snap_until(
            backend,
            lambda s: (
                "checked" not in getattr(_node(s, "check", "Subscribe"), "state", {"checked"})
            ),
            "the box unticked",
        )
        send = _node(cleared, "button", "Send")
        assert send is not None
        _click(a11y, send)
    finally:
        backend.close()
    a11y.wait_window("Sent Ada false - Chromium")  # the page's own script saw both clicks


_GTK4_APP = """
import gi
gi.require_version("Gtk", "4.0")
from gi.repository import Gtk

def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="GTK4 Form")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
    check = Gtk.CheckButton(label="Subscribe")
    save = Gtk.Button(label="Save")
    save.connect("clicked", lambda b: (print("saved", check.get_active(), flush=True), app.quit()))
    for widget in (Gtk.Label(label="A GTK 4 window"), check, save):
        box.append(widget)
    window.set_child(box)
    window.present()

app = Gtk.Application(application_id="org.example.tcaform")
app.connect("activate", activate)
app.run(None)
"""


def _client_box(d: Desk, title: str) -> tuple[int, tuple[int, int, int, int]]:
    """The X id and client area (no frame) of the window with this title, by xwininfo."""
    found = d.vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"])
    wid = int(found.stdout.split()[0])
    info = d.vd.run(["xwininfo", "-id", str(wid)]).stdout
    value = {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in info.splitlines())}
    left, top = int(value["Absolute upper-left X"]), int(value["Absolute upper-left Y"])
    return wid, (left, top, left + int(value["Width"]), top + int(value["Height"]))


def test_gtk4_controls_are_moved_onto_the_screen_where_a_real_click_lands(
    a11y: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    require("xwininfo")
    if subprocess.run(["/usr/bin/python3", "-c", "import gi; gi.require_version('Gtk', '4.0')"],
                      check=False, capture_output=True).returncode:  # fmt: skip
        pytest.skip("needs GTK 4 for the system Python: apt-get install python3-gi gir1.2-gtk-4.0")
    monkeypatch.setenv("XAUTHORITY", a11y.vd.env["XAUTHORITY"])
    script = tmp_path / "gtk4_form.py"
    script.write_text(_GTK4_APP)
    proc = a11y.vd.spawn(["/usr/bin/python3", str(script)], stdout=subprocess.PIPE)
    a11y.wait_window("GTK4 Form")
    backend = AtspiBackend(environ=a11y.vd.env)
    xwindows = XWindows(a11y.display)
    try:
        snap = _snap_until(backend, lambda s: _node(s, "button", "Save") is not None, "Save")
        assert snap.relative == (0,)  # GTK 4 gave window-relative boxes, and said so
        wid, client = _client_box(a11y, "GTK4 Form")
        placed = assign_window_ids(snap, xwindows.windows(), clients={wid: client})
    finally:
        backend.close()
        xwindows.close()
    assert placed.windows[0].id == wid and placed.windows[0].box == client
    check, save = _node(placed, "check", "Subscribe"), _node(placed, "button", "Save")
    assert check is not None and save is not None and "checked" not in check.state
    _click(a11y, check)
    _click(a11y, save)
    out, _ = proc.communicate(timeout=10)
    assert out == "saved True\n"  # both clicks landed on their controls


def test_the_tree_says_which_window_is_a_file_chooser_and_where_its_scroll_bar_is(
    a11y: Desk,
) -> None:
    """GTK's file chooser is named by the tree (a portal's dialog joins a scope only as
    one), a list dialog is not; the list's scroll bar is read, and offered as no element
    (issue 37)."""
    from tiny_computer_agent._elements import FrameMapping
    from tiny_computer_agent.desktop._a11y import FILE_CHOOSER, SCROLL_BAR, scrollbar_boxes

    rows = [f"Source {i}" for i in range(40)]
    chooser = _zenity(a11y, "--file-selection", "--title", "Pick one")
    listing = _zenity(a11y, "--list", "--title", "Share", "--text", "Select what to share",
                      "--column", "Source", *rows, "--height", "300")  # fmt: skip
    backend = AtspiBackend(environ=a11y.vd.env)
    try:
        snap = _snap_until(backend, lambda s: len(s.windows) == 2, "both windows in the tree")
    finally:
        backend.close()
        for proc in (chooser, listing):
            a11y.vd.stop(proc)
    roles = {w.title: w.role for w in snap.windows}
    assert roles == {"Pick one": FILE_CHOOSER, "Share": ""}, roles
    share = next(i for i, w in enumerate(snap.windows) if w.title == "Share")
    bars = [n for n in snap.nodes if n.kind == SCROLL_BAR and n.window == share]
    assert bars, [(n.kind, n.label) for n in snap.nodes if n.window == share]
    assert all(e.kind != SCROLL_BAR for e in to_elements(snap, FrameMapping()))
    assert set(scrollbar_boxes(snap, FrameMapping())) >= {n.box for n in bars}
