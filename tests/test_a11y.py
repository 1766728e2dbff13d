"""The accessibility backend without a desktop: roles and states mapped, boxes converted
to frame pixels, windows matched, nameless controls named, and a tree that lies, hangs
or vanishes read by the real walk through a scripted bus (the live tests in
test_live_a11y.py read real GTK programs)."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pytest

from tiny_computer_agent._elements import FrameMapping, Window
from tiny_computer_agent.desktop import _atspi
from tiny_computer_agent.desktop._a11y import (
    A11yNode,
    A11ySnapshot,
    AccessibilityBackend,
    adopt_popup_items,
    assign_window_ids,
    name_by_neighbours,
    open_accessibility,
    tidy,
    to_elements,
)
from tiny_computer_agent.desktop._atspi import AtspiBackend, kind_for, state_for

SHOWN = {25, 30, 24}  # showing, visible, sensitive
APP = ":1.7"
DIALOG, FILLER, LABEL, ENTRY, BUTTON, CELL = 16, 20, 29, 61, 43, 56


def _words(bits: set[int]) -> list[int]:
    words = [0, 0]
    for bit in bits:
        words[bit // 32] |= 1 << (bit % 32)
    return words


@dataclasses.dataclass
class FakeObject:
    role: int
    name: str = ""
    box: tuple[int, int, int, int] = (0, 0, 10, 10)  # x, y, w, h as GetExtents says
    bits: set[int] = dataclasses.field(default_factory=lambda: set(SHOWN))
    children: list[str] = dataclasses.field(default_factory=list)
    text: str | None = None
    actions: tuple[str, ...] = ()
    props: dict[str, str] = dataclasses.field(default_factory=dict)


class FakeBus:
    """Answers AT-SPI calls from a dict of objects, like a bus would (see _Bus.batch)."""

    def __init__(self, objects: dict[str, FakeObject], *, hung: frozenset[str] = frozenset()):
        self.objects = objects
        self.hung = hung
        self.calls: list[tuple[Any, ...]] = []
        self.on_call: Any = None

    def batch(self, calls: list[Any], timeout: float) -> list[Any]:
        self.calls.extend(calls)
        if self.on_call is not None:
            self.on_call(self)
        out = [self._answer(*call) for call in calls]
        if any(r is _atspi._TIMEOUT for r in out):
            time.sleep(timeout)  # the real batch waits this long for a silent program
        return out

    def _answer(self, bus: str, path: str, iface: str, method: str, sig: Any, body: Any) -> Any:
        if bus in self.hung:
            return _atspi._TIMEOUT
        if method == "GetConnectionUnixProcessID":
            return (4242,)
        if (bus, path) == _atspi._REGISTRY:
            return ([(APP, "/root")],)
        obj = self.objects.get(path)
        if obj is None:
            return _atspi._Failure("org.freedesktop.DBus.Error.UnknownObject")
        return self._member(obj, iface, method, body)

    def _member(self, obj: FakeObject, iface: str, method: str, body: Any) -> Any:
        if method == "Get":
            value = {"Name": obj.name, "Description": "", **obj.props}.get(body[1])
            return _atspi._Failure("UnknownProperty") if value is None else (("s", value),)
        if method == "GetExtents":
            return (obj.box,)
        if method == "GetText" and obj.text is not None:
            return (obj.text,)
        if method == "GetActions":
            return ([(a, "", "") for a in obj.actions],)
        answers = {
            "GetRole": (obj.role,),
            "GetState": (_words(obj.bits),),
            "GetChildren": ([(APP, c) for c in obj.children],),
            "GetRelationSet": ([],),
        }
        if method in answers:
            return answers[method]
        return _atspi._Failure("org.freedesktop.DBus.Error.UnknownMethod")


def _dialog(**override: FakeObject) -> dict[str, FakeObject]:
    objects = {
        "/root": FakeObject(75, "zenity", children=["/d"]),
        "/d": FakeObject(DIALOG, "Address", (100, 100, 300, 200), children=["/f"]),
        "/f": FakeObject(FILLER, "", (100, 100, 300, 200), children=["/l", "/e", "/ok"]),
        "/l": FakeObject(LABEL, "Street", (110, 120, 50, 20)),
        "/e": FakeObject(ENTRY, "", (170, 118, 200, 24), bits=SHOWN | {7}, text="Rua Augusta"),
        "/ok": FakeObject(BUTTON, "OK", (320, 260, 60, 30), bits=SHOWN | {12}),
    }
    objects.update(override)
    return objects


def _backend(bus: FakeBus, **kwargs: Any) -> AtspiBackend:
    backend = AtspiBackend(environ={}, **kwargs)
    backend._bus = bus  # type: ignore[assignment]
    return backend


def test_a_dialog_reads_as_labelled_controls_with_state_and_value() -> None:
    snap = _backend(FakeBus(_dialog())).snapshot()
    assert snap.complete and snap.notes == ()
    assert snap.windows == (Window(title="Address", box=(100, 100, 400, 300), id=0, pid=4242),)
    got = {n.label: n for n in snap.nodes}
    assert set(got) == {"Street", "OK"}  # and the field takes its label's name
    field = next(n for n in snap.nodes if n.kind == "field")
    assert (field.label, field.value, field.box) == ("Street", "Rua Augusta", (170, 118, 370, 142))
    assert field.state == {"editable"}
    assert got["OK"].kind == "button" and got["OK"].state == {"focused"}
    assert all(n.window == 0 for n in snap.nodes)
    assert not any(n.kind == "" for n in snap.nodes)  # the filler was descended, not offered


def test_hidden_branches_lies_and_off_screen_boxes_are_skipped_and_counted() -> None:
    hidden = FakeObject(FILLER, "", (100, 100, 10, 10), bits={30}, children=["/ok"])
    objects = _dialog()
    objects["/f"].children = ["/l", "/e", "/zero", "/far", "/h"]
    objects["/zero"] = FakeObject(BUTTON, "Zero", (150, 150, 0, 30))
    objects["/far"] = FakeObject(BUTTON, "Far", (9000, 9000, 50, 20))
    objects["/h"] = hidden  # not SHOWING: OK under it is not read
    snap = _backend(FakeBus(objects)).snapshot(screen=(0, 0, 1280, 800))
    assert {n.label for n in snap.nodes} == {"Street"}
    assert "1 showing objects had a zero or negative size; skipped" in snap.notes
    assert "1 showing objects lay off the screen; skipped" in snap.notes


def test_a_control_outside_its_window_is_clipped_to_it() -> None:
    objects = _dialog()
    objects["/ok"].box = (350, 280, 100, 40)  # reaches past the window's right and bottom
    snap = _backend(FakeBus(objects)).snapshot()
    ok = next(n for n in snap.nodes if n.label == "OK")
    assert ok.box == (350, 280, 400, 300)


def test_an_object_that_vanishes_mid_snapshot_is_skipped_and_noted_once() -> None:
    bus = FakeBus(_dialog())

    def close_window(b: FakeBus) -> None:
        if len(b.calls) > 12:  # after the dialog level was asked: its content goes away
            b.objects.pop("/l", None)
            b.objects.pop("/e", None)

    bus.on_call = close_window
    snap = _backend(bus).snapshot()
    assert {n.label for n in snap.nodes} == {"OK"}
    assert snap.notes == ("2 objects vanished mid-snapshot (a window closed?); skipped",)


def test_a_program_that_does_not_answer_is_skipped_within_the_deadline() -> None:
    bus = FakeBus(_dialog(), hung=frozenset({APP}))
    started = time.monotonic()
    snap = _backend(bus, call_timeout=0.05).snapshot(deadline=0.5)
    assert time.monotonic() - started < 0.4
    assert snap.nodes == () and snap.windows == ()
    assert snap.notes == (f"program {APP} did not answer within 0.05 s; skipped",)


def test_the_deadline_returns_what_was_read_with_a_note() -> None:
    bus = FakeBus(_dialog())
    bus.on_call = lambda b: time.sleep(0.03)
    snap = _backend(bus).snapshot(deadline=0.05)
    assert not snap.complete
    assert any(n.startswith("the snapshot's deadline of 0.05 s passed") for n in snap.notes)


def test_a_checklist_toggle_cell_is_a_check_named_by_its_row() -> None:
    objects = _dialog()
    objects["/f"].children = ["/c1", "/t1", "/c2", "/t2"]
    objects["/c1"] = FakeObject(CELL, "", (110, 120, 30, 20), bits=SHOWN | {4, 41})
    objects["/t1"] = FakeObject(CELL, "Apple", (145, 120, 200, 20))
    objects["/c2"] = FakeObject(CELL, "", (110, 142, 30, 20), actions=("Toggle", "Activate"))
    objects["/t2"] = FakeObject(CELL, "Banana", (145, 142, 200, 20))
    snap = _backend(FakeBus(objects)).snapshot()
    checks = [(n.label, n.state) for n in snap.nodes if n.kind == "check"]
    assert checks == [("Apple", {"checked"}), ("Banana", frozenset())]
    assert [n.label for n in snap.nodes if n.kind == "cell"] == ["Apple", "Banana"]


def test_a_selectable_cell_is_a_row_and_a_plain_tables_cell_stays_a_cell() -> None:
    objects = _dialog()
    objects["/f"].children = ["/t1", "/t2"]
    objects["/t1"] = FakeObject(CELL, "Office laser", (110, 120, 200, 20), bits=SHOWN | {22})
    objects["/t2"] = FakeObject(CELL, "42", (110, 142, 200, 20))  # a web page's table
    snap = _backend(FakeBus(objects)).snapshot()
    assert [(n.label, n.kind) for n in snap.nodes] == [("Office laser", "item"), ("42", "cell")]


def test_a_list_row_is_offered_by_the_label_it_shows_not_its_tooltip() -> None:
    objects = _dialog()
    objects["/f"].children = ["/row", "/row2"]
    # the file chooser's places: a nameless-to-the-eye row whose name is a tooltip
    objects["/row"] = FakeObject(32, "Open your personal folder", (110, 120, 150, 36))
    objects["/row"].children = ["/box"]
    objects["/box"] = FakeObject(FILLER, "", (110, 120, 150, 36), children=["/icon", "/home"])
    objects["/icon"] = FakeObject(27, "", (112, 128, 16, 16))
    objects["/home"] = FakeObject(LABEL, "Home", (132, 128, 40, 20))
    objects["/row2"] = FakeObject(32, "Trash", (110, 160, 150, 36))  # no label under it
    snap = _backend(FakeBus(objects)).snapshot()
    assert sorted((n.label, n.kind) for n in snap.nodes) == [("Home", "item"), ("Trash", "item")]


def test_a_combo_box_is_a_field_named_by_its_label_with_its_choice_as_value() -> None:
    objects = _dialog()
    objects["/e"] = FakeObject(11, "Portugal", (170, 118, 200, 24))
    objects["/e"].props = {"Description": ""}
    snap = _backend(FakeBus(objects)).snapshot()
    combo = next(n for n in snap.nodes if n.box[0] == 170)
    assert (combo.kind, combo.value) == ("field", "Portugal")
    assert "expandable" in combo.state  # a click shows its choices; typing does not set it
    assert combo.label == "Street"  # the label beside it, as a text field's


def test_a_web_pages_embedded_object_character_is_no_text() -> None:
    # Chromium: the label "City" holds its select as U+FFFC, and the select's own text is
    # that character alone (its choice is not in its text): not "City ￼" nor a value "￼"
    objects = _dialog()
    objects["/l"] = FakeObject(LABEL, "City \ufffc", (110, 120, 50, 20))
    objects["/e"] = FakeObject(11, "City", (170, 118, 200, 24), text="\ufffc")
    snap = _backend(FakeBus(objects)).snapshot()
    label = next(n for n in snap.nodes if n.box[0] == 110)
    combo = next(n for n in snap.nodes if n.box[0] == 170)
    assert label.label == "City"
    assert (combo.kind, combo.value, combo.label) == ("field", None, "City")


def test_a_password_is_never_read() -> None:
    objects = _dialog()
    objects["/e"].role = 40  # password text
    bus = FakeBus(objects)
    snap = _backend(bus).snapshot()
    field = next(n for n in snap.nodes if n.kind == "field")
    assert field.value is None
    assert not any(c[3] == "GetText" and c[1] == "/e" for c in bus.calls)


@pytest.mark.parametrize(
    ("role", "bits", "kind"),
    [
        (43, set(), "button"),
        (61, {7}, "field"),
        (61, set(), "text"),  # a read-only text view
        (7, set(), "check"),
        (56, {41}, "check"),  # a checkable table cell
        (56, set(), "cell"),
        (37, set(), "tab"),
        (20, set(), None),  # filler: a container
        (23, set(), None),  # frame: becomes a window, not an element
    ],
)
def test_roles_map_to_kinds(role: int, bits: set[int], kind: str | None) -> None:
    assert kind_for(role, bits) == kind


def test_states_map_to_flags() -> None:
    assert state_for({4, 12, 24}) == {"checked", "focused"}
    assert state_for({7, 10}) == {"editable", "expanded", "disabled"}  # no SENSITIVE
    assert state_for({9, 24}) == {"expandable"}


def test_to_elements_converts_screen_to_frame_pixels_and_clips() -> None:
    snap = A11ySnapshot(
        nodes=(
            A11yNode(label="OK", kind="button", box=(1380, 300, 1480, 340), window=0, uid="u1"),
            A11yNode(label="Edge", kind="button", box=(1260, 0, 1300, 20), window=0),
            A11yNode(label="Other", kind="button", box=(10, 10, 50, 30), window=0),
        ),
        windows=(Window(title="Dialog", box=(1300, 200, 1600, 500), id=77),),
    )
    mapping = FrameMapping(left=1280, top=0, scale_x=2.0, scale_y=2.0)
    elements = to_elements(snap, mapping, frame_size=(640, 400))
    assert [(e.label, e.box) for e in elements] == [
        ("OK", (50, 150, 100, 170)),
        ("Edge", (0, 0, 10, 10)),
    ]
    ok = elements[0]
    assert (ok.source, ok.kind, ok.window, ok.uid) == ("a11y", "button", 77, "u1")


def test_windows_get_the_x_id_of_the_same_title_and_program() -> None:
    snap = A11ySnapshot(
        windows=(
            Window(title="Confirm", box=(544, 340, 738, 481), pid=10),
            Window(title="Confirm", box=(100, 100, 300, 200), pid=11),
            Window(title="Lonely", box=(0, 0, 50, 50), pid=12),
        )
    )
    xs = [
        Window(title="Confirm", box=(90, 75, 310, 210), id=0x500001, pid=11),  # framed
        Window(title="Confirm", box=(540, 315, 742, 485), id=0x400001, pid=10),
        Window(title="Other", box=(0, 0, 50, 50), id=0x600001, pid=12),
    ]
    ids = [w.id for w in assign_window_ids(snap, xs).windows]
    assert ids == [0x400001, 0x500001, 0]


def test_nameless_controls_take_the_label_beside_or_above_them_in_their_window() -> None:
    nodes = [
        A11yNode(label="Street", kind="text", box=(10, 10, 60, 30), window=0),
        A11yNode(label="", kind="field", box=(70, 8, 270, 32), window=0),
        A11yNode(label="Notes", kind="text", box=(10, 50, 60, 66), window=0),
        A11yNode(label="", kind="field", box=(10, 70, 270, 150), window=0),
        A11yNode(label="", kind="check", box=(10, 200, 26, 216), window=0),
        A11yNode(label="Subscribe", kind="text", box=(30, 200, 120, 216), window=0),
        A11yNode(label="", kind="field", box=(130, 200, 300, 216), window=1),  # other window
    ]
    labels = [n.label for n in name_by_neighbours(nodes)]
    assert labels == ["Street", "Street", "Notes", "Notes", "Subscribe", "Subscribe", ""]


def test_gtk4_windows_are_read_without_showing_and_moved_onto_the_screen() -> None:
    objects = _dialog()
    objects["/root"].props = {"ToolkitName": "GTK", "Version": "4.8.3"}
    for path in ("/d", "/f", "/l", "/e", "/ok"):  # GTK 4 on X11: window-relative extents
        x, y, w, h = objects[path].box
        objects[path].box = (x - 100, y - 100, w, h)
        if path != "/d":
            objects[path].bits -= {25}  # and no SHOWING on anything inside a window
    snap = _backend(FakeBus(objects)).snapshot()
    assert snap.relative == (0,)
    assert {n.label for n in snap.nodes} == {"Street", "OK"}
    frame = Window(title="Address", box=(99, 79, 401, 304), id=5, pid=4242)  # 1,1,20,5 frame
    exact = assign_window_ids(snap, [frame], clients={5: (100, 100, 400, 300)})
    assert exact.relative == () and exact.windows[0].box == (100, 100, 400, 300)
    ok = next(n for n in exact.nodes if n.label == "OK")
    assert ok.box == (320, 260, 380, 290)
    guessed = assign_window_ids(snap, [frame])  # centred across, on the frame's bottom
    assert guessed.windows[0].box == (100, 103, 400, 303)


def test_a_buttons_children_are_not_read() -> None:
    objects = _dialog()
    objects["/ok"].children = ["/ok-text"]
    objects["/ok-text"] = FakeObject(116, "OK", (330, 265, 20, 16))  # static text
    bus = FakeBus(objects)
    snap = _backend(bus).snapshot()
    assert [n.label for n in snap.nodes if n.label == "OK"] == ["OK"]
    assert not any(c[1] == "/ok-text" for c in bus.calls)
    assert not any(c[3] == "GetExtents" and c[1] == "/f" for c in bus.calls)  # a filler's box


def test_text_said_twice_is_kept_once() -> None:
    nodes = [
        A11yNode(label="Sign up", kind="text", box=(12, 164, 888, 203), window=0),  # heading
        A11yNode(label="Sign up", kind="text", box=(12, 164, 149, 203), window=0),  # its text
        A11yNode(label="Name", kind="text", box=(12, 223, 60, 243), window=0),  # a label
        A11yNode(label="Name", kind="text", box=(12, 223, 60, 243), window=0),  # its text
        A11yNode(label="Terms", kind="link", box=(12, 264, 114, 284), window=0),
        A11yNode(label="Terms", kind="text", box=(12, 264, 114, 284), window=0),
        A11yNode(label="Name", kind="text", box=(12, 223, 60, 243), window=1),  # elsewhere
    ]
    kept = tidy(nodes)
    assert kept == (nodes[1], nodes[2], nodes[4], nodes[6])


def test_a_drop_downs_entries_said_twice_in_one_place_are_kept_once() -> None:
    # GTK 3's open combo box: each entry in its menu and again in the popup's window
    nodes = [
        A11yNode(label="Porto", kind="menuitem", box=(584, 450, 752, 479), window=0),
        A11yNode(label="Faro", kind="menuitem", box=(584, 479, 752, 505), window=0),
        A11yNode(label="Porto", kind="menuitem", box=(584, 450, 752, 479), window=1),
        A11yNode(label="Faro", kind="menuitem", box=(584, 479, 752, 508), window=1),
        A11yNode(label="Faro", kind="menuitem", box=(584, 600, 752, 629), window=1),  # another
        A11yNode(label="Faro", kind="button", box=(584, 479, 752, 505), window=0),  # a kind apart
    ]
    assert tidy(nodes) == (nodes[0], nodes[1], nodes[4], nodes[5])


def test_a_menu_item_as_tall_as_several_entries_is_their_frame_not_an_entry() -> None:
    # GTK 3's open combo box (yad's form): two nameless "menu items" named after its last
    # entry, each holding the entries above it; three "Blue"s to choose from
    red, green, blue = (
        A11yNode(label=name, kind="menuitem", box=(606, 422 + 29 * i, 734, 451 + 29 * i))
        for i, name in enumerate(("Red", "Green", "Blue"))
    )
    frames = [
        A11yNode(label="Blue", kind="menuitem", box=(606, 418, 734, 498)),
        A11yNode(label="Blue", kind="menuitem", box=(606, 418, 734, 513)),
    ]
    assert tidy([red, *frames, green, blue]) == (red, green, blue)
    button = A11yNode(label="Send", kind="button", box=(600, 410, 740, 520))  # another kind
    assert tidy([red, green, button]) == (red, green, button)


def test_no_session_bus_is_unavailable_with_the_reason_and_an_empty_snapshot() -> None:
    backend = open_accessibility(environ={}, platform="linux")
    assert isinstance(backend, AccessibilityBackend)
    found = backend.available()
    assert not found
    assert found.detail == "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)"
    snap = backend.snapshot()
    assert snap.nodes == () and snap.notes == (found.detail,) and not snap.complete


def test_a_dead_session_bus_address_is_unavailable_not_an_error(tmp_path: Any) -> None:
    env = {"DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp_path}/no-such-socket"}
    found = AtspiBackend(environ=env).available()
    assert not found
    assert found.detail.startswith("the D-Bus session bus did not answer (FileNotFoundError")


@pytest.mark.parametrize(("platform", "words"), [("win32", "UI Automation"), ("darwin", "AX")])
def test_other_platforms_say_their_backend_is_not_implemented(platform: str, words: str) -> None:
    backend = open_accessibility(environ={}, platform=platform)
    found = backend.available()
    assert not found and words in found.detail and "not implemented" in found.detail
    assert backend.snapshot().nodes == ()


def test_the_doctor_says_the_tree_is_off_and_how_to_turn_it_on() -> None:
    from tiny_computer_agent.desktop._doctor import _accessibility

    check = _accessibility({})
    assert (check.status, check.required) == ("warn", False)
    assert check.detail == "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)"
    assert "at-spi2-core" in check.fix and "QT_ACCESSIBILITY=1" in check.fix
    assert "--force-renderer-accessibility" in check.fix


def test_the_doctor_warns_when_windows_are_open_and_no_program_is_on_the_bus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bus that answers with no program while X shows windows reads nothing: Chromium
    or a Qt program started without their switches (a new-user trial saw "ok: 0
    programs registered" beside an open browser)."""
    from tiny_computer_agent.desktop import _doctor
    from tiny_computer_agent.desktop._a11y import Availability

    class Empty:
        name = "atspi"

        def available(self) -> Availability:
            return Availability(ok=True, detail="AT-SPI2: 0 program(s) registered", programs=0)

        def close(self) -> None:
            pass

    monkeypatch.setattr("tiny_computer_agent.desktop._a11y.open_accessibility",
                        lambda environ=None: Empty())  # fmt: skip
    monkeypatch.setattr(_doctor, "_shown_windows", lambda env: 2)
    check = _doctor._accessibility({"DISPLAY": ":9"}, display_ok=True)
    assert check.status == "warn" and "2 window(s) are open" in check.detail, check
    assert "--force-renderer-accessibility" in check.fix and "QT_ACCESSIBILITY=1" in check.fix
    monkeypatch.setattr(_doctor, "_shown_windows", lambda env: 0)
    assert _doctor._accessibility({"DISPLAY": ":9"}, display_ok=True).status == "ok"


def test_an_answer_of_the_wrong_shape_skips_its_object_not_the_snapshot() -> None:
    bus = FakeBus(_dialog())
    answer = bus._answer

    def lying(bus_name: str, path: str, iface: str, method: str, sig: Any, body: Any) -> Any:
        if path == "/l" and method == "GetExtents":
            return ("not", "a", "box")  # a toolkit that answers with another signature
        return answer(bus_name, path, iface, method, sig, body)

    bus._answer = lying  # type: ignore[method-assign]
    snap = _backend(bus).snapshot()
    assert [(n.kind, n.label) for n in snap.nodes] == [("field", ""), ("button", "OK")]
    assert snap.notes == ("1 answers had an unexpected shape; their objects were skipped",)


def test_an_open_menus_items_belong_to_the_popup_window_that_draws_them() -> None:
    """GTK keeps a popup menu's items under its main window's menu bar in the tree; X
    draws them in an override-redirect window. Moved to that window, they are no longer
    read as covered by it; a main window's own control under the popup stays its own."""
    from tiny_computer_agent._elements import FrameMapping, Window
    from tiny_computer_agent.perception._windows import uncovered

    main = Window(title="notes.txt - Mousepad", box=(0, 0, 800, 600), id=11, pid=5)
    popup = Window(title="Mousepad", box=(100, 40, 300, 200), id=12, override=True)
    snap = A11ySnapshot(
        windows=(Window(title="notes.txt - Mousepad", box=(0, 0, 800, 600), pid=5),),
        nodes=(
            A11yNode(label="View", kind="menuitem", box=(100, 20, 140, 40), window=0, role=33),
            A11yNode(label="Statusbar", kind="menuitem", box=(100, 60, 300, 80), window=0, role=35),
            A11yNode(label="Word Wrap", kind="menuitem", box=(100, 90, 300, 110), window=0, role=8),
            A11yNode(label="Bold", kind="button", box=(120, 120, 160, 140), window=0, role=43),
        ),
    )  # fmt: skip
    windows = (popup, main)  # top-most first
    matched = assign_window_ids(snap, windows)
    elements = to_elements(adopt_popup_items(matched, windows), FrameMapping())
    seen = {e.label: e.window for e in uncovered(elements, windows, FrameMapping())}
    assert seen == {"View": 11, "Statusbar": 12, "Word Wrap": 12}, seen
    before = to_elements(matched, FrameMapping())
    assert {e.label for e in uncovered(before, windows, FrameMapping())} == {"View"}
    assert adopt_popup_items(matched, (main,)) is matched  # no popup: as it was
