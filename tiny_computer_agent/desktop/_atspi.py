"""Linux AT-SPI2 over D-Bus, in pure Python (``jeepney``): the accessibility backend.

Why jeepney and not pyatspi/PyGObject: pyatspi is Debian's system-Python package (it
cannot be imported from a virtualenv), and PyGObject from PyPI compiles against the
system's gobject-introspection; jeepney is one pure-Python wheel. It is also faster
here: the walk *pipelines* its calls (every query of one tree level is sent before the
first reply is read), so a dialog costs a handful of round trips, not one per question.

How a snapshot reads the tree (the D-Bus interfaces are at-spi2-core's xml/*.xml):

1. Find the accessibility bus: ``AT_SPI_BUS_ADDRESS``, else the X root window's
   ``AT_SPI_BUS`` property, else ``org.a11y.Bus.GetAddress`` on the session bus.
2. The registry's root (``org.a11y.atspi.Registry``) lists the programs; each
   program's children are its top-level windows.
3. Level by level, for every node: ``GetRole``, ``GetState``, ``Name``, ``GetChildren``
   and ``Component.GetExtents(screen)``. A node that is not SHOWING and VISIBLE is
   dropped with everything under it; a container is descended but not offered.
4. For offered nodes: the text of fields (``Text.GetText``), a slider's value
   (``Value.CurrentValue``), and for a nameless one its description, the name of what
   it is labelled by, or its text.

Bad input never raises out of :meth:`AtspiBackend.snapshot`: no bus, a program that
does not answer within ``call_timeout`` (it is then skipped for the rest of the
snapshot), an overall ``deadline`` (what was read is returned, ``complete=False``),
objects that vanish mid-read (a window closing), boxes that lie (zero or negative size,
off the screen, outside their window): each is skipped and noted once.
"""

from __future__ import annotations

import dataclasses
import os
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from .._elements import Window
from ._a11y import (
    CONTROL_KINDS,
    ROLE_KINDS,
    WINDOW_ROLES,
    A11yNode,
    A11ySnapshot,
    Availability,
    tidy,
)

__all__ = ["AtspiBackend", "kind_for", "state_for"]

_JEEPNEY_FIX: Final = "pip install 'tiny-computer-agent[desktop]' (it brings jeepney)"
_ACCESSIBLE: Final = "org.a11y.atspi.Accessible"
_REGISTRY: Final = ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root")

# AtspiStateType bit numbers (at-spi2-core atspi-constants.h)
_CHECKED, _EDITABLE, _EXPANDABLE, _EXPANDED, _FOCUSED, _PRESSED = 4, 7, 9, 10, 12, 20
_SELECTED, _SENSITIVE, _SHOWING, _VISIBLE, _ICONIFIED = 23, 24, 25, 30, 15
_INDETERMINATE, _CHECKABLE = 32, 41
#: AT-SPI state bit -> element state flag (``disabled`` is the absence of SENSITIVE)
_STATE_FLAGS: Final = {
    _CHECKED: "checked",
    _SELECTED: "selected",
    _FOCUSED: "focused",
    _EDITABLE: "editable",
    _EXPANDED: "expanded",
    _PRESSED: "pressed",
    _EXPANDABLE: "expandable",
}
#: controls whose children repeat them (a Chromium button's or link's text): not descended
_LEAF_ROLES: Final = frozenset({43, 62, 7, 44, 79, 40, 61, 88, 51, 52})
_CLIP_ROLES: Final = frozenset({49, 68})  # scroll pane, viewport: children outside are hidden
_TEXT_ROLE, _CELL_ROLE, _SLIDER_ROLE, _SPIN_ROLE = 61, 56, 51, 52
_COMBO_ROLE, _LIST_ITEM_ROLE, _SELECTABLE = 11, 32, 22
#: a combo box opens its choices when clicked, whether or not its toolkit says so
_DROP_DOWN: Final = {_COMBO_ROLE: frozenset({"expandable"})}
#: The character a web page's text says where an object sits in it (Chromium's label
#: "City" holds its select as "City \ufffc"; its select's text is that character alone)
_EMBEDDED: Final = "\ufffc"
_LABELLED_BY: Final = 2  # AtspiRelationType
_MAX_NODES: Final = 4000  # a tree larger than this is cut (a huge table): noted
_MAX_CHILDREN: Final = 400  # children read per node (a table of 10 000 rows): noted
_COORD_SCREEN: Final = 0


def state_for(bits: Iterable[int]) -> frozenset[str]:
    """Element state flags from a set of AT-SPI state numbers."""
    have = set(bits)
    flags = {flag for bit, flag in _STATE_FLAGS.items() if bit in have}
    if _SENSITIVE not in have:
        flags.add("disabled")
    return frozenset(flags)


def kind_for(role: int, bits: Iterable[int]) -> str | None:
    """The element kind of a role (None: a container, descended but not offered)."""
    kind = ROLE_KINDS.get(role)
    have = set(bits)
    if role == _TEXT_ROLE and _EDITABLE not in have:
        return "text"  # a read-only text view or selectable label
    if role == _CELL_ROLE and (_CHECKABLE in have or _CHECKED in have):
        return "check"  # a check-list's toggle cell
    return kind


def _is_gtk4(toolkit: Any, version: Any) -> bool:
    """GTK 4 (4.8 measured): children never SHOWING, window-relative "screen" extents."""
    if isinstance(toolkit, _Failure) or isinstance(version, _Failure):
        return False
    return str(toolkit[0][1]).lower() == "gtk" and str(version[0][1]).startswith("4.")


def _states(words: Any) -> set[int]:
    """The state numbers in GetState's two 32-bit words."""
    bits: set[int] = set()
    for index, word in enumerate(words[:2]):
        for bit in range(32):
            if int(word) >> bit & 1:
                bits.add(index * 32 + bit)
    return bits


@dataclasses.dataclass(slots=True, eq=False)  # compared and hashed by identity
class _Node:
    """A node being read: its reference, what was read so far, and its context.

    ``top`` is the top-level window it lies in (None: it is one); ``clip`` the nearest
    ancestor that hides what lies outside it (its window, a scroll pane, a viewport);
    ``parent`` the node it was read under.
    """

    bus: str
    path: str
    top: _Node | None
    clip: _Node | None
    parent: _Node | None = None
    role: int = 0
    bits: set[int] = dataclasses.field(default_factory=set)
    name: str = ""
    box: tuple[int, int, int, int] | None = None
    value: str | None = None


class _Failure:
    """A call that failed: a D-Bus error (its name) or no answer in time."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


_TIMEOUT: Final = _Failure("timeout")
#: what a reply of an unexpected D-Bus signature raises when it is read
_MALFORMED: Final = (ValueError, TypeError, IndexError, KeyError, AttributeError)
_VANISHED: Final = frozenset(
    {
        "org.freedesktop.DBus.Error.UnknownObject",
        "org.freedesktop.DBus.Error.ServiceUnknown",
        "org.freedesktop.DBus.Error.NoReply",
        "org.freedesktop.DBus.Error.UnknownMethod",  # an object gone, or no such interface
    }
)
_Call = tuple[str, str, str, str, str | None, tuple[Any, ...]]  # bus, path, iface, method, sig


class _Bus:
    """A jeepney connection to the accessibility bus that sends calls in batches."""

    def __init__(self, address: str, timeout: float) -> None:
        from jeepney.bus import get_bus
        from jeepney.bus_messages import message_bus
        from jeepney.io.blocking import DBusConnection, DBusConnectionBase, Proxy, prep_socket
        from jeepney.io.common import MessageFilters

        sock = prep_socket(get_bus(address), timeout=timeout)
        sock.settimeout(timeout)  # a bus that stops reading can no longer block a send
        conn = DBusConnection.__new__(DBusConnection)
        DBusConnectionBase.__init__(conn, sock)
        conn._filters = MessageFilters()
        conn.bus_proxy = Proxy(message_bus, conn, timeout=timeout)  # Hello, with a timeout
        conn.unique_name = conn.bus_proxy.Hello()[0]
        self.conn = conn

    def batch(self, calls: list[_Call], timeout: float) -> list[Any]:
        """Send every call, then read replies until all came or ``timeout`` passed.

        A reply's body for each call, or a :class:`_Failure` (a D-Bus error's name, or
        ``_TIMEOUT``). Late replies to an earlier batch are recognised and dropped.
        """
        from jeepney import DBusAddress, MessageType, new_method_call
        from jeepney.low_level import HeaderFields

        results: list[Any] = [_TIMEOUT] * len(calls)
        waiting: dict[int, int] = {}
        for index, (bus, path, iface, method, sig, body) in enumerate(calls):
            serial = next(self.conn.outgoing_serial)
            message = new_method_call(DBusAddress(path, bus, iface), method, sig, body)
            self.conn.send(message, serial=serial)
            waiting[serial] = index
        end = time.monotonic() + timeout
        while waiting:
            left = end - time.monotonic()
            if left <= 0:
                break
            try:
                reply = self.conn.receive(timeout=left)
            except TimeoutError:
                break
            serial = reply.header.fields.get(HeaderFields.reply_serial, -1)
            index_or_none = waiting.pop(serial, None)
            if index_or_none is None:
                continue  # a signal, or a late reply to an earlier batch
            if reply.header.message_type == MessageType.error:
                name = str(reply.header.fields.get(HeaderFields.error_name, "error"))
                results[index_or_none] = _Failure(name)
            else:
                results[index_or_none] = reply.body
        return results

    def close(self) -> None:
        self.conn.close()


def _bus_address(environ: Mapping[str, str], timeout: float) -> tuple[str | None, str]:
    """The accessibility bus's address, or (None, why there is none)."""
    if environ.get("AT_SPI_BUS_ADDRESS"):
        return environ["AT_SPI_BUS_ADDRESS"], ""
    from_x = _x_root_address(environ)
    if from_x:
        return from_x, ""
    session = environ.get("DBUS_SESSION_BUS_ADDRESS", "")
    if not session:
        return None, "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)"
    try:
        bus = _Bus(session, timeout)
    except Exception as exc:  # noqa: BLE001 - any failure to connect is a finding
        return None, f"the D-Bus session bus did not answer ({type(exc).__name__}: {exc})"
    try:
        (reply,) = bus.batch(
            [("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None, ())], timeout
        )
    finally:
        bus.close()
    if isinstance(reply, _Failure):
        return None, f"no accessibility bus on the session bus (org.a11y.Bus: {reply.name})"
    return str(reply[0]), ""


def _x_root_address(environ: Mapping[str, str]) -> str:
    """The ``AT_SPI_BUS`` property of the X root window ("" if none or no X).

    This is where libatspi itself looks first, after ``AT_SPI_BUS_ADDRESS``.
    """
    display = environ.get("DISPLAY", "")
    if not display:
        return ""
    with warnings.catch_warnings():
        # python-xlib leaks a socket and a file when the authority file is missing
        warnings.simplefilter("ignore", ResourceWarning)
        return _read_root_property(display)


def _read_root_property(display: str) -> str:
    try:
        from Xlib import X
        from Xlib.display import Display

        with_display = Display(display)
    except Exception:  # noqa: BLE001 - no python-xlib, or no X server: not this way
        return ""
    try:
        atom = with_display.intern_atom("AT_SPI_BUS", only_if_exists=True)
        if not atom:
            return ""
        prop = with_display.screen().root.get_property(atom, X.AnyPropertyType, 0, 4096)
        value = prop.value if prop is not None else b""
        return value.decode() if isinstance(value, bytes) else str(value)
    except Exception:  # noqa: BLE001
        return ""
    finally:
        with_display.close()


def _props(bus: str, path: str, iface: str, prop: str) -> _Call:
    return (bus, path, "org.freedesktop.DBus.Properties", "Get", "ss", (iface, prop))


def _node_calls(node: _Node) -> list[_Call]:
    """What is asked of every node: is it shown, what is it, what is under it."""
    bus, path = node.bus, node.path
    return [
        (bus, path, _ACCESSIBLE, "GetRole", None, ()),
        (bus, path, _ACCESSIBLE, "GetState", None, ()),
        (bus, path, _ACCESSIBLE, "GetChildren", None, ()),
    ]


def _place_calls(node: _Node) -> list[_Call]:
    """What is asked only of a shown window, clipping pane or control: name and box."""
    bus, path = node.bus, node.path
    return [
        _props(bus, path, _ACCESSIBLE, "Name"),
        (bus, path, "org.a11y.atspi.Component", "GetExtents", "u", (_COORD_SCREEN,)),
    ]


def _intersect(
    a: tuple[int, int, int, int], b: tuple[int, int, int, int] | None
) -> tuple[int, int, int, int] | None:
    if b is None:
        return a
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[2] > box[0] and box[3] > box[1] else None


class _Walk:
    """One snapshot's reading of the tree: level by level, every level one batch.

    A level's batch also carries the name and box questions for the shown nodes of the
    level before that need them (windows, clipping panes, controls), so containers cost
    three small calls and a walk costs one round trip per level of depth.
    """

    def __init__(
        self,
        bus: _Bus,
        *,
        deadline: float,
        call_timeout: float,
        screen: tuple[int, int, int, int] | None,
    ) -> None:
        self.bus = bus
        self.end = time.monotonic() + deadline
        self.deadline = deadline
        self.call_timeout = call_timeout
        self.screen = screen
        self.notes: dict[str, None] = {}  # ordered, each once
        self.counts: dict[str, int] = {}
        self.hung: set[str] = set()
        self.tops: list[_Node] = []
        self.offered: list[_Node] = []
        self.complete = True
        self.read = 0
        self.pids: dict[str, int] = {}
        self.gtk4: set[str] = set()  # programs that set no SHOWING and give no screen coords
        self.roles: dict[int, str] = {}  # id(top) -> what a node shown in it makes it

    def note(self, text: str) -> None:
        self.notes.setdefault(text, None)

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def batch(self, calls: list[_Call]) -> list[Any] | None:
        """The batch's results, or None when the deadline has passed."""
        left = self.end - time.monotonic()
        if left <= 0:
            self.complete = False
            return None
        results = self.bus.batch(calls, min(self.call_timeout, left))
        for call, result in zip(calls, results, strict=True):
            if result is _TIMEOUT and call[0] not in self.hung:
                self.hung.add(call[0])
                self.note(
                    f"program {call[0]} did not answer within {self.call_timeout:g} s; skipped"
                )
        return results

    def run(self) -> None:
        frontier, placing = self._top_levels(), list[_Node]()
        while frontier or placing:
            frontier = [n for n in frontier if n.bus not in self.hung]
            placing = [n for n in placing if n.bus not in self.hung]
            if self.read + len(frontier) > _MAX_NODES:
                self.note(f"the tree has more than {_MAX_NODES} nodes; read the first ones")
                frontier = frontier[: max(0, _MAX_NODES - self.read)]
            calls = [c for n in frontier for c in _node_calls(n)]
            results = self.batch(calls + [c for n in placing for c in _place_calls(n)])
            if results is None:
                return
            self.read += len(frontier)
            for i, node in enumerate(placing):
                at = len(calls) + 2 * i
                self._guarded(self._place, node, results[at : at + 2])
            placing, children = list[_Node](), list[_Node]()
            for i, node in enumerate(frontier):
                if self._guarded(self._take, node, results[3 * i : 3 * i + 3], children):
                    placing.append(node)
            frontier = children

    def _guarded(self, read: Callable[..., Any], node: _Node, *args: Any) -> Any:
        """``read(node, *args)``; a reply of the wrong shape skips the node (counted)."""
        try:
            return read(node, *args)
        except _MALFORMED:
            self.count("malformed")
            return None

    def _top_levels(self) -> list[_Node]:
        """The top-level windows of every program, as nodes to read."""
        root = [(*_REGISTRY, _ACCESSIBLE, "GetChildren", None, ())]
        results = self.batch(root)  # type: ignore[arg-type]
        if results is None or isinstance(results[0], _Failure):
            name = "timeout" if results is None else results[0].name
            self.note(f"the accessibility registry did not list programs ({name})")
            return []
        apps = [(str(b), str(p)) for b, p in results[0][0]]
        calls: list[_Call] = [
            call
            for b, p in apps
            for call in (
                (b, p, _ACCESSIBLE, "GetChildren", None, ()),
                _props(b, p, "org.a11y.atspi.Application", "ToolkitName"),
                _props(b, p, "org.a11y.atspi.Application", "Version"),
            )
        ]
        got = self.batch(calls) or [_TIMEOUT] * len(calls)
        for (bus, _), (children, toolkit, version) in zip(
            apps, zip(got[::3], got[1::3], got[2::3], strict=True), strict=True
        ):
            if isinstance(children, _Failure):
                continue  # a program that left, or hung (noted by batch)
            if _is_gtk4(toolkit, version):
                self.gtk4.add(bus)
            self.tops.extend(_Node(str(b), str(p), None, None) for b, p in children[0])
        self.pids = self._pids({bus for bus, _ in apps})
        return list(self.tops)

    def _pids(self, buses: set[str]) -> dict[str, int]:
        names = sorted(buses - self.hung)
        calls: list[_Call] = [
            (
                "org.freedesktop.DBus",
                "/org/freedesktop/DBus",
                "org.freedesktop.DBus",
                "GetConnectionUnixProcessID",
                "s",
                (name,),
            )
            for name in names
        ]
        got = self.batch(calls) or [_TIMEOUT] * len(calls)
        pairs = zip(names, got, strict=True)
        return {n: int(r[0]) for n, r in pairs if not isinstance(r, _Failure)}

    def _take(self, node: _Node, results: list[Any], children: list[_Node]) -> bool:
        """Record a node's role and state, add its children to read; True when its name
        and box are wanted (a shown window, clipping pane or control)."""
        role, state, refs = results
        if any(isinstance(r, _Failure) for r in results):
            if not any(r is _TIMEOUT for r in results):
                self.count("vanished")
            return False
        node.role, node.bits = int(role[0]), _states(state[0])
        showing = _SHOWING in node.bits or node.bus in self.gtk4
        if not showing or _VISIBLE not in node.bits or _ICONIFIED in node.bits:
            return False  # nor anything under it
        top = node if node.top is None else node.top
        if node.role in WINDOW_ROLES:
            self.roles.setdefault(id(top), WINDOW_ROLES[node.role])
        clip = node if node.top is None or node.role in _CLIP_ROLES else node.clip
        if node.role not in _LEAF_ROLES:
            if len(refs[0]) > _MAX_CHILDREN:
                self.note(f"an object has {len(refs[0])} children; read the first {_MAX_CHILDREN}")
            children.extend(
                _Node(str(b), str(p), top, clip, node) for b, p in refs[0][:_MAX_CHILDREN]
            )
        return clip is node or kind_for(node.role, node.bits) is not None

    def _place(self, node: _Node, results: list[Any]) -> None:
        """Record a node's name and box; a control with a box is offered."""
        name, extents = results
        if name is _TIMEOUT:
            return
        node.name = "" if isinstance(name, _Failure) else str(name[0][1])
        node.box = self._box(extents)
        if node.box is not None and node.top is not None and node.role not in _CLIP_ROLES:
            self.offered.append(node)

    def _box(self, extents: Any) -> tuple[int, int, int, int] | None:
        """A screen box from GetExtents, or None (and a count) when it lies."""
        if isinstance(extents, _Failure):
            return None  # no Component interface: nothing to point at
        x, y, w, h = (int(v) for v in extents[0])
        if w <= 0 or h <= 0:
            self.count("zero-size")
            return None
        box = (x, y, x + w, y + h)
        if self.screen is not None and _intersect(box, self.screen) is None:
            self.count("off-screen")
            return None
        return box

    def details(self) -> None:
        """Values of fields and sliders; names for nameless nodes (two batches)."""
        asks: list[tuple[_Node, str]] = []
        for node in self.offered:
            if node.role == _COMBO_ROLE and node.value is None:  # its name is its choice
                node.value, node.name = node.name, ""
            kind = kind_for(node.role, node.bits)
            field = kind == "field" and node.role != _PASSWORD_ROLE  # never read a password
            if field or (kind == "text" and not node.name):
                asks.append((node, "text"))
            elif kind == "slider" or node.role == _SPIN_ROLE:
                asks.append((node, "value"))
            if not node.name and kind != "text":
                asks += [(node, "description"), (node, "relations")]
            if not node.name and kind == "cell":
                asks.append((node, "actions"))  # GTK's unticked toggle cell says only this
        results = self.batch([_detail_call(node, what) for node, what in asks]) if asks else []
        labelled: list[tuple[_Node, tuple[str, str]]] = []
        for (node, what), result in zip(asks, results or [_TIMEOUT] * len(asks), strict=True):
            if isinstance(result, _Failure):
                continue
            if what == "relations":
                target = self._guarded(lambda _, r: _labelled_by(r[0]), node, result)
                if target is not None:
                    labelled.append((node, target))
            else:
                self._guarded(self._detail, node, what, result)
        self._label_names(labelled)

    def _detail(self, node: _Node, what: str, result: Any) -> None:
        if what == "value":
            number = float(result[0][1])
            node.value = f"{number:g}"
        elif what == "text":
            text = str(result[0])
            if kind_for(node.role, node.bits) == "text":
                node.name = text
            elif text and not text.strip(_EMBEDDED):
                node.value = None  # only objects (Chromium's select): its text cannot say
            else:
                node.value = text
        elif what == "description" and not node.name:
            node.name = str(result[0][1])
        elif what == "actions" and any(str(a[0]).lower() == "toggle" for a in result[0]):
            node.bits.add(_CHECKABLE)

    def _label_names(self, labelled: list[tuple[_Node, tuple[str, str]]]) -> None:
        labelled = [(n, t) for n, t in labelled if not n.name and t[0] not in self.hung]
        if not labelled:
            return
        calls = [_props(bus, path, _ACCESSIBLE, "Name") for _, (bus, path) in labelled]
        got = self.batch(calls) or [_TIMEOUT] * len(calls)
        for (node, _), result in zip(labelled, got, strict=True):
            if not isinstance(result, _Failure):
                self._guarded(self._detail, node, "description", result)

    def result(self, started: float) -> A11ySnapshot:
        shown = [top for top in self.tops if top.box is not None]
        windows = tuple(
            Window(
                title=" ".join(t.name.split()),
                box=t.box,
                pid=self.pids.get(t.bus),
                role=self.roles.get(id(t), ""),
            )
            for t in shown
            if t.box is not None
        )
        index = {id(top): i for i, top in enumerate(shown)}
        relative = tuple(i for i, top in enumerate(shown) if top.bus in self.gtk4)
        rows = _row_labels(self.offered)  # id(label) -> id(the row it shows)
        said = set(rows.values())  # rows their labels stand for
        made = (self._made(n, index, id(n) in rows) for n in self.offered if id(n) not in said)
        nodes = [m for m in made if m is not None]
        for what, number in self.counts.items():
            self.note(_COUNT_NOTES[what].format(n=number))
        if not self.complete:
            self.note(
                f"the snapshot's deadline of {self.deadline:g} s passed; "
                f"returned what was read ({self.read} objects)"
            )
        return A11ySnapshot(
            nodes=tidy(nodes),
            windows=windows,
            notes=tuple(self.notes),
            complete=self.complete,
            seconds=time.monotonic() - started,
            relative=relative,
        )

    def _made(self, node: _Node, windows: dict[int, int], row: bool = False) -> A11yNode | None:
        """The node as offered; ``row``: a label that shows a list row (kind ``item``)."""
        kind = "item" if row else kind_in(node)
        label = " ".join(node.name.replace(_EMBEDDED, " ").split())
        if kind is None or node.box is None or (not label and kind not in CONTROL_KINDS):
            return None
        box: tuple[int, int, int, int] | None = node.box
        clip = node.clip
        while clip is not None and box is not None:
            box = None if clip.box is None else _intersect(box, clip.box)
            clip = clip.clip
        if box is None:
            return None  # scrolled out of its pane, outside its window, or the window unread
        return A11yNode(
            label=label,
            kind=kind,
            box=box,
            state=state_for(node.bits) | _DROP_DOWN.get(node.role, frozenset()),
            value=node.value,
            window=windows.get(id(node.top), -1),
            uid=f"{node.bus}{node.path}",
            role=node.role,
        )


_PASSWORD_ROLE: Final = 40


def kind_in(node: _Node) -> str | None:
    """:func:`kind_for` with what the node's state adds: a table cell that can be
    selected is a row a person picks, an ``item`` (GTK's tree views, which say "table"
    for every list: zenity's --list, the file chooser's files); one that cannot (a web
    page's table) stays a ``cell``. A spreadsheet's cells are selectable too, and read
    as items: not told apart yet."""
    kind = kind_for(node.role, node.bits)
    if kind == "cell" and _SELECTABLE in node.bits:
        return "item"
    return kind


def _row_labels(offered: Sequence[_Node]) -> dict[int, int]:
    """Labels that show a list row, to the row they show (by ``id``): a list item (GTK's
    ``GtkListBoxRow``, the file chooser's places) whose name is a tooltip ("Open your
    personal folder") shows its label ("Home"); the label is the row a person sees, so
    it is offered as the ``item`` and the row is not offered again."""
    rows = {id(n) for n in offered if n.role == _LIST_ITEM_ROLE}
    out: dict[int, int] = {}
    taken: set[int] = set()
    for node in offered:
        if kind_for(node.role, node.bits) != "text" or not node.name.strip():
            continue
        up, depth = node.parent, 3
        while up is not None and depth > 0 and id(up) not in rows:
            up, depth = up.parent, depth - 1
        if up is not None and id(up) in rows and id(up) not in taken:
            taken.add(id(up))  # one label per row
            out[id(node)] = id(up)
    return out


_COUNT_NOTES: Final = {
    "vanished": "{n} objects vanished mid-snapshot (a window closed?); skipped",
    "zero-size": "{n} showing objects had a zero or negative size; skipped",
    "off-screen": "{n} showing objects lay off the screen; skipped",
    "malformed": "{n} answers had an unexpected shape; their objects were skipped",
}


def _detail_call(node: _Node, what: str) -> _Call:
    bus, path = node.bus, node.path
    if what == "text":
        return (bus, path, "org.a11y.atspi.Text", "GetText", "ii", (0, -1))
    if what == "value":
        return _props(bus, path, "org.a11y.atspi.Value", "CurrentValue")
    if what == "description":
        return _props(bus, path, _ACCESSIBLE, "Description")
    if what == "actions":
        return (bus, path, "org.a11y.atspi.Action", "GetActions", None, ())
    return (bus, path, _ACCESSIBLE, "GetRelationSet", None, ())


def _labelled_by(relations: Any) -> tuple[str, str] | None:
    """The first object a node is labelled by, from GetRelationSet's a(ua(so))."""
    for relation, targets in relations:
        if int(relation) == _LABELLED_BY and targets:
            return str(targets[0][0]), str(targets[0][1])
    return None


class AtspiBackend:
    """The AT-SPI2 backend: reads the accessibility tree of every program on the bus.

    ``deadline`` bounds one snapshot (default 0.5 s; what was read by then is
    returned with ``complete=False``), ``call_timeout`` bounds each batch of calls (a
    program that misses it is skipped for the rest of that snapshot). The connection to
    the bus is kept between snapshots and opened again after a failure.
    """

    name = "atspi"

    def __init__(
        self,
        *,
        environ: Mapping[str, str] | None = None,
        deadline: float = 0.5,
        call_timeout: float = 0.25,
    ) -> None:
        self._environ = dict(os.environ if environ is None else environ)
        self.deadline = deadline
        self.call_timeout = call_timeout
        self._bus: _Bus | None = None

    def _connect(self) -> tuple[_Bus | None, str]:
        """The open bus, or (None, why not) in one line."""
        if self._bus is not None:
            return self._bus, ""
        try:
            import jeepney  # noqa: F401
        except ImportError:
            return None, f"jeepney is not installed: {_JEEPNEY_FIX}"
        address, why = _bus_address(self._environ, self.call_timeout)
        if address is None:
            return None, why
        try:
            self._bus = _Bus(address, self.call_timeout)
        except Exception as exc:  # noqa: BLE001 - a dead or refusing bus is a finding
            return None, f"the accessibility bus at {address} did not answer ({exc})"
        return self._bus, ""

    def available(self) -> Availability:
        """Whether the registry answers, and how many programs it lists."""
        bus, why = self._connect()
        if bus is None:
            return Availability(ok=False, detail=why)
        root: _Call = (*_REGISTRY, _ACCESSIBLE, "GetChildren", None, ())
        try:
            (reply,) = bus.batch([root], self.call_timeout)
        except OSError as exc:
            self.close()
            return Availability(ok=False, detail=f"the accessibility bus broke ({exc})")
        if isinstance(reply, _Failure):
            return Availability(
                ok=False, detail=f"the at-spi registry did not answer ({reply.name})"
            )
        count = len(reply[0])
        return Availability(
            ok=True, detail=f"AT-SPI2: {count} program(s) registered", programs=count
        )

    def snapshot(
        self,
        *,
        deadline: float | None = None,
        screen: tuple[int, int, int, int] | None = None,
    ) -> A11ySnapshot:
        """Every showing control of every program (screen pixels); see the module doc.

        ``screen`` (left, top, right, bottom), when given, drops boxes wholly off it.
        """
        started = time.monotonic()
        bus, why = self._connect()
        if bus is None:
            return A11ySnapshot(notes=(why,), complete=False)
        walk = _Walk(
            bus,
            deadline=self.deadline if deadline is None else deadline,
            call_timeout=self.call_timeout,
            screen=screen,
        )
        try:
            walk.run()
            walk.details()
        except OSError as exc:  # the bus itself went away mid-snapshot
            self.close()
            walk.note(f"the accessibility bus broke mid-snapshot ({exc}); will reconnect")
            walk.complete = False
        return walk.result(started)

    def close(self) -> None:
        if self._bus is not None:
            bus, self._bus = self._bus, None
            bus.close()
