"""The accessibility tree as elements: what a toolkit says its controls are.

A toolkit that speaks an accessibility protocol names its controls, says what they are
(a button, a text field, a check box) and how they stand (checked, disabled, focused),
and where they are on the screen. That is what OCR cannot see: the box of an empty
field, the tick of a check box, the border between two buttons whose words OCR reads as
one line. This module is the backend-neutral half:

    AccessibilityBackend  the Protocol one platform backend implements
    A11yNode, A11ySnapshot  what a snapshot read (screen pixels) and what went wrong
    Availability          whether a backend can read a tree here, and why not
    ROLE_KINDS            AT-SPI role -> element kind (one table, read by the backend)
    WINDOW_ROLES          AT-SPI roles that make the window they are shown in one
                          (a terminal), and with_window_roles() to give X windows them
    tidy()                nameless controls named by their neighbours; repeated text dropped
    to_elements()         a snapshot -> Elements in frame pixels, clipped to the frame
    assign_window_ids()   give the snapshot's windows the X ids of matching windows
    open_accessibility()  the backend for this platform

Backends: Linux AT-SPI2 over D-Bus (``_atspi.py``, pure Python on ``jeepney``), tested
live with GTK 3 (zenity), GTK 4 (4.8, whose window-relative boxes
:func:`assign_window_ids` moves onto the screen) and Chromium (started with
``ACCESSIBILITY_ENABLED=1`` and ``--force-renderer-accessibility``). Tk implements no
accessibility protocol on X11: its windows are not in the tree. Qt 5 (Debian's PyQt5
5.15) did not register here even with ``QT_ACCESSIBILITY=1``; Firefox was not tried.
**Windows UI Automation and macOS AX are not implemented
and not tested**: on those platforms :func:`open_accessibility` returns a backend whose
``available()`` says so, and whose snapshot is empty. A new platform is one file with a
class that satisfies :class:`AccessibilityBackend`, and one branch in
:func:`open_accessibility`.

The lead's fusion (``_detectors.py``) decides how to merge these elements with OCR; this
module does not call it. Nothing here raises into the loop for a bad tree: a snapshot
notes each kind of failure once (``A11ySnapshot.notes``) and returns what it could read.
"""

from __future__ import annotations

import bisect
import dataclasses
import sys
from collections.abc import Mapping, Sequence
from typing import Final, Protocol, runtime_checkable

from .._elements import Element, FrameMapping, Window, box_within
from ._windows import process_name

__all__ = [
    "ROLE_KINDS",
    "A11yNode",
    "A11ySnapshot",
    "AccessibilityBackend",
    "Availability",
    "UnavailableBackend",
    "WINDOW_ROLES",
    "FILE_CHOOSER",
    "SCROLL_BAR",
    "adopt_popup_items",
    "assign_window_ids",
    "name_by_neighbours",
    "tidy",
    "open_accessibility",
    "scrollbar_boxes",
    "to_elements",
    "with_window_roles",
]

#: A scroll bar's kind in a snapshot. It is no element (the menu never offers it): its box
#: is where the wheel turns over what it scrolls (:func:`scrollbar_boxes`,
#: :attr:`~tiny_computer_agent._elements.Observation.scrollbars`), a pixel that no value
#: control can come under, since the content moves beside it.
SCROLL_BAR: Final = "scrollbar"
#: The role a window that shows a file chooser gets (:data:`WINDOW_ROLES`).
FILE_CHOOSER: Final = "file chooser"

#: AT-SPI role number (``AtspiRole``, at-spi2-core's atspi-constants.h) -> element kind.
#: A role missing here is a container (filler, panel, scroll pane, table, frame...): the
#: snapshot descends into it but does not offer it. Frames and dialogs become
#: :attr:`A11ySnapshot.windows`, not elements: their extents are the whole window, and a
#: click there hits nothing in particular (OCR reads the title the window manager draws).
ROLE_KINDS: Final[Mapping[int, str]] = {
    43: "button",  # push button
    62: "button",  # toggle button
    129: "button",  # push button menu
    11: "field",  # combo box: named by its label, its choice the value (see _atspi)
    61: "field",  # text (only when editable; else "text", see kind_for)
    79: "field",  # entry
    40: "field",  # password text
    52: "field",  # spin button
    7: "check",  # check box
    44: "radio",  # radio button
    88: "link",  # link
    32: "item",  # list item
    91: "item",  # tree item
    56: "cell",  # table cell ("check" when checkable, "item" when selectable: kind_in)
    35: "menuitem",  # menu item
    8: "menuitem",  # check menu item
    45: "menuitem",  # radio menu item
    33: "menuitem",  # menu (a menu bar's "File")
    37: "tab",  # page tab
    51: "slider",  # slider
    104: "title",  # title bar (client-side decorations)
    29: "text",  # label
    116: "text",  # static
    83: "text",  # heading
    73: "text",  # paragraph
    81: "text",  # caption
    10: "text",  # column header
    57: "text",  # table column header
    47: "text",  # row header
    58: "text",  # table row header
    64: "text",  # tool tip
    26: "icon",  # icon
    27: "icon",  # image
    13: "icon",  # desktop icon
    48: SCROLL_BAR,  # scroll bar: never offered; where the wheel turns (scrollbar_boxes)
}

#: AT-SPI roles that say what the window they are shown in is: a window that shows a
#: terminal's text area (VTE in gnome-terminal, xfce4-terminal, tilix, terminator;
#: konsole) is a terminal, whatever its class or title (:attr:`Window.role`; the policy's
#: ``terminal-window`` rule); one that shows GTK's file chooser is a file chooser (a
#: portal's dialog joins a scope only as one: ``_scope``). The node itself is a
#: container: it is not offered.
WINDOW_ROLES: Final[Mapping[int, str]] = {60: "terminal", 19: FILE_CHOOSER}

#: Kinds offered even with no label (fusion can name them from OCR or a nearby label).
CONTROL_KINDS: Final = frozenset(
    {"button", "field", "check", "radio", "link", "item", "cell", "menuitem", "tab", "slider",
     SCROLL_BAR}
)  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Availability:
    """Whether a backend can read a tree on this machine; ``detail`` says why not.

    Truthy when it can, so ``if backend.available():`` reads naturally.
    """

    ok: bool
    detail: str
    #: How many programs the tree lists, when the backend can say.
    programs: int | None = None

    def __bool__(self) -> bool:
        return self.ok


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class A11yNode:
    """One control the tree offers; ``box`` is (left, top, right, bottom) in SCREEN pixels.

    ``window`` indexes :attr:`A11ySnapshot.windows` (-1: none). ``uid`` names the same
    object across snapshots while its program runs (the backend's object reference).
    ``role`` is the toolkit's role number, kept for debugging and for fusion rules.
    """

    label: str
    kind: str
    box: tuple[int, int, int, int]
    state: frozenset[str] = frozenset()
    value: str | None = None
    window: int = -1
    uid: str = ""
    role: int = 0


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class A11ySnapshot:
    """What one snapshot read: nodes and top-level windows (screen pixels), and notes.

    ``windows`` are the showing top-level frames and dialogs, each a :class:`Window`
    with its title, extents and program id (``pid``); ``id`` is 0 because the tree does
    not know X window ids: :func:`assign_window_ids` matches them. ``notes`` say, once
    each, what went wrong (a program that did not answer, objects that vanished, boxes
    that lied); ``complete`` is False when the deadline cut the walk short.

    ``relative`` lists the windows (indexes into ``windows``) whose toolkit cannot give
    screen coordinates (GTK 4 on X11 says so and reports window-relative ones): their
    boxes, and their nodes' boxes, are relative to the window's top-left corner until
    :func:`assign_window_ids` moves them onto the screen.
    """

    nodes: tuple[A11yNode, ...] = ()
    windows: tuple[Window, ...] = ()
    notes: tuple[str, ...] = ()
    complete: bool = True
    seconds: float = 0.0
    relative: tuple[int, ...] = ()


@runtime_checkable
class AccessibilityBackend(Protocol):
    """One platform's accessibility API. Implemented: Linux AT-SPI2 only.

    ``available()`` never raises: it answers with an :class:`Availability` whose detail
    is one line for the doctor. ``snapshot()`` never raises for anything the desktop or
    a program did (no bus, a hung or lying tree, a window closing mid-read): it returns
    what it read, with notes. ``close()`` releases connections; calling it twice is fine.
    """

    name: str

    def available(self) -> Availability: ...

    def snapshot(
        self,
        *,
        deadline: float | None = None,
        screen: tuple[int, int, int, int] | None = None,
    ) -> A11ySnapshot: ...

    def close(self) -> None: ...


class UnavailableBackend:
    """The backend of a platform with none: always unavailable, always empty.

    Windows UI Automation and macOS AX would go here; they are not implemented.
    """

    def __init__(self, name: str, detail: str) -> None:
        self.name = name
        self._detail = detail

    def available(self) -> Availability:
        return Availability(ok=False, detail=self._detail)

    def snapshot(
        self,
        *,
        deadline: float | None = None,
        screen: tuple[int, int, int, int] | None = None,
    ) -> A11ySnapshot:
        return A11ySnapshot(notes=(self._detail,))

    def close(self) -> None:
        return None


def open_accessibility(
    *, environ: Mapping[str, str] | None = None, platform: str | None = None
) -> AccessibilityBackend:
    """The accessibility backend for this platform (AT-SPI2 on Linux and the BSDs).

    Imports nothing third-party: the AT-SPI backend imports ``jeepney`` on first use,
    and reports a missing one through ``available()``.
    """
    plat = sys.platform if platform is None else platform
    if plat.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        from ._atspi import AtspiBackend

        return AtspiBackend(environ=environ)
    if plat == "win32":
        what = "Windows UI Automation is not implemented (planned; not tested)"
    elif plat == "darwin":
        what = "macOS AX (the Accessibility API) is not implemented (planned; not tested)"
    else:
        what = f"no accessibility backend for platform {plat!r}"
    return UnavailableBackend(plat, what)


def to_elements(
    snapshot: A11ySnapshot,
    mapping: FrameMapping,
    frame_size: tuple[int, int] | None = None,
) -> list[Element]:
    """The snapshot's nodes as ``source="a11y"`` Elements in frame pixels.

    ``frame = (screen - offset) / scale`` (the inverse of ``mapping.to_screen``); boxes
    are clipped to the frame when its size is given, and a node wholly outside it (on
    another monitor) is left out. ``window`` is the X id :func:`assign_window_ids` gave
    the node's window (0 when unmatched); a node of an unmatched window of a desktop
    shell's process (:data:`DESKTOP_SHELLS`) is marked ``shell``. ``id`` is left 0: the
    menu numbers elements.
    """
    out: list[Element] = []
    shells = _shell_windows(snapshot.windows)
    for node in snapshot.nodes:
        box = _frame_box(node.box, mapping, frame_size)
        if box is None or node.kind == SCROLL_BAR:
            continue
        window = snapshot.windows[node.window].id if 0 <= node.window < len(snapshot.windows) else 0
        out.append(
            Element(
                label=node.label,
                box=box,
                source="a11y",
                kind=node.kind,
                window=window,
                state=(node.state | {"shell"}) if node.window in shells else node.state,
                value=node.value,
                uid=node.uid,
            )
        )
    return out


#: Desktop shells that draw their own surfaces (a top bar, an overview and its search,
#: menus) in no X window of their own: a compositing window manager's process.
DESKTOP_SHELLS: Final = frozenset({"gnome-shell", "cinnamon", "gala", "budgie-wm", "muffin"})


def _shell_windows(windows: Sequence[Window]) -> frozenset[int]:
    """The snapshot's windows (indexes) that no X window matched and whose process is a
    desktop shell (:data:`DESKTOP_SHELLS`): its nodes are marked ``shell``."""
    return frozenset(
        i
        for i, w in enumerate(windows)
        if not w.id and w.pid is not None and process_name(w.pid) in DESKTOP_SHELLS
    )


def scrollbar_boxes(
    snapshot: A11ySnapshot,
    mapping: FrameMapping,
    frame_size: tuple[int, int] | None = None,
) -> tuple[tuple[int, int, int, int], ...]:
    """The snapshot's scroll bars (:data:`SCROLL_BAR`) as boxes in frame pixels, clipped
    as :func:`to_elements` clips elements."""
    boxes = (_frame_box(n.box, mapping, frame_size) for n in snapshot.nodes if n.kind == SCROLL_BAR)
    return tuple(b for b in boxes if b is not None)


def _frame_box(
    box: tuple[int, int, int, int],
    mapping: FrameMapping,
    frame_size: tuple[int, int] | None,
) -> tuple[int, int, int, int] | None:
    x0, y0 = mapping.to_frame(box[0], box[1])
    x1, y1 = mapping.to_frame(box[2], box[3])
    left, top, right, bottom = round(x0), round(y0), round(x1), round(y1)
    if frame_size is not None:
        width, height = frame_size
        left, top = max(0, left), max(0, top)
        right, bottom = min(width, right), min(height, bottom)
    if right <= left or bottom <= top:
        return None
    return (left, top, right, bottom)


#: AT-SPI roles of a menu's items: menu item, check and radio menu items, a submenu.
_MENU_ITEM_ROLES: Final = frozenset({35, 8, 45, 33})


def adopt_popup_items(snapshot: A11ySnapshot, windows: Sequence[Window]) -> A11ySnapshot:
    """The snapshot with each menu item that an open popup menu draws given that popup's
    window. GTK keeps a popup's items in its main window's tree (under the menu bar),
    while X draws them in an override-redirect window of their own; read as the main
    window's, they lay under another window and were left out as covered, so an opened
    menu showed nothing of itself (found when the intent brain opened Mousepad's View
    menu to look in it). Only a menu item wholly inside an override-redirect window
    (``windows``: the X list, top-most first) is moved, to a window added for it."""
    popups = [w for w in windows if w.override and w.id]
    if not popups:
        return snapshot
    added: dict[int, int] = {}
    out_windows = list(snapshot.windows)
    nodes = []
    for node in snapshot.nodes:
        popup = next((w for w in popups if box_within(node.box, w.box)), None)
        if popup is None or node.role not in _MENU_ITEM_ROLES:
            nodes.append(node)
            continue
        if popup.id not in added:
            added[popup.id] = len(out_windows)
            out_windows.append(popup)
        nodes.append(dataclasses.replace(node, window=added[popup.id]))
    return dataclasses.replace(snapshot, windows=tuple(out_windows), nodes=tuple(nodes))


def assign_window_ids(
    snapshot: A11ySnapshot,
    windows: Sequence[Window],
    clients: Mapping[int, tuple[int, int, int, int]] | None = None,
) -> A11ySnapshot:
    """The snapshot with each of its windows given the id of the X window it is.

    AT-SPI does not know X window ids, so a window is matched by what both sides know:
    the same title (when both have one), the same program (``pid``, when both know it)
    and the most overlap of boxes (screen pixels; a window manager's frame makes the X
    box a little larger than the toolkit's). Each X window is given at most once; an
    unmatched window keeps id 0. A window in ``snapshot.relative`` is matched by title,
    program and a frame that can hold it, and then it and its nodes are moved onto the
    screen: to the X window's client area when ``clients`` (X id -> client box, without
    the manager's frame) says where it is; else it is taken to sit at the bottom of the
    frame, centred across, which is a guess (openbox's 5-pixel bottom handle makes it 4
    pixels low).
    """
    taken: set[int] = set()
    matched: list[Window] = []
    shifts: dict[int, tuple[int, int]] = {}
    for index, mine in enumerate(snapshot.windows):
        relative = index in snapshot.relative
        scored = [
            (_window_score(mine, theirs, relative=relative), theirs)
            for theirs in windows
            if theirs.id and theirs.id not in taken
        ]
        score, best = max(scored, key=lambda pair: pair[0], default=(0.0, None))
        if best is None or score <= 0.0:
            matched.append(mine)
            continue
        taken.add(best.id)
        if relative:
            client = (clients or {}).get(best.id)
            shifts[index] = (
                (client[0] - mine.box[0], client[1] - mine.box[1])
                if client is not None
                else _client_origin(mine.box, best.box)
            )
        matched.append(
            dataclasses.replace(mine, id=best.id, box=_moved(mine.box, shifts.get(index)))
        )
    nodes = tuple(
        dataclasses.replace(n, box=_moved(n.box, shifts[n.window])) if n.window in shifts else n
        for n in snapshot.nodes
    )
    kept = tuple(i for i in snapshot.relative if i not in shifts)
    return dataclasses.replace(snapshot, windows=tuple(matched), nodes=nodes, relative=kept)


def _window_score(mine: Window, theirs: Window, *, relative: bool = False) -> float:
    """0 when they cannot be the same window; else overlap plus agreement bonuses."""
    if mine.pid is not None and theirs.pid is not None and mine.pid != theirs.pid:
        return 0.0
    if mine.title and theirs.title and mine.title != theirs.title:
        return 0.0
    if relative:  # its box says only its size: the frame must hold it
        fits = (
            _size(theirs.box)[0] >= _size(mine.box)[0]
            and _size(theirs.box)[1] >= _size(mine.box)[1]
        )
        overlap = 0.5 if fits else 0.0
    else:
        overlap = _overlap(mine.box, theirs.box)
    if overlap <= 0.0:
        return 0.0
    bonus = (mine.title == theirs.title and bool(mine.title)) + (
        mine.pid is not None and mine.pid == theirs.pid
    )
    return overlap + bonus


def _size(box: tuple[int, int, int, int]) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def _client_origin(
    client: tuple[int, int, int, int], frame: tuple[int, int, int, int]
) -> tuple[int, int]:
    """Where a client area of this size sits in this window-manager frame (see above)."""
    width, height = _size(client)
    border = max(0, (_size(frame)[0] - width) // 2)
    return frame[0] + border - client[0], frame[3] - border - height - client[1]


def _moved(
    box: tuple[int, int, int, int], shift: tuple[int, int] | None
) -> tuple[int, int, int, int]:
    if shift is None:
        return box
    dx, dy = shift
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """Intersection over the smaller box's area (0..1)."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return width * height / smaller if smaller > 0 else 0.0


def with_window_roles(
    windows: Sequence[Window], tree_windows: Sequence[Window]
) -> tuple[Window, ...]:
    """``windows`` (X windows) with the role the tree's window of the same X id has
    (:data:`WINDOW_ROLES`; a snapshot's windows get X ids from :func:`assign_window_ids`)."""
    roles = {w.id: w.role for w in tree_windows if w.id and w.role}
    return tuple(
        dataclasses.replace(w, role=roles[w.id]) if w.id in roles and not w.role else w
        for w in windows
    )


#: How far (screen pixels) a nameless control looks for its label.
_LABEL_REACH: Final = {"beside": 250, "above": 40}


def name_by_neighbours(nodes: Sequence[A11yNode]) -> tuple[A11yNode, ...]:
    """Nameless controls take the label a person reads as theirs; the rest unchanged.

    Many dialogs never tie a label to its control (zenity's forms do not): a field,
    slider or drop-down takes the nearest text on its row to its left, else the nearest
    just above it; a check box or radio takes the nearest text (or named cell) on its row
    to its right, as in a check list. Only nodes of the same window are considered.
    """
    named = [n for n in nodes if n.label and n.kind in ("text", "cell", "item")]
    out = []
    for node in nodes:
        if node.label or node.kind not in ("field", "slider", "button", "check", "radio"):
            out.append(node)
            continue
        mates = [n for n in named if n.window == node.window and n is not node]
        label = _neighbour_label(node, mates)
        out.append(dataclasses.replace(node, label=label) if label else node)
    return tuple(out)


def _neighbour_label(node: A11yNode, mates: Sequence[A11yNode]) -> str:
    left, top, right, bottom = node.box
    middle = (top + bottom) / 2
    row = [m for m in mates if m.box[1] <= middle <= m.box[3]]
    if node.kind in ("check", "radio"):
        after = [m for m in row if right - 2 <= m.box[0] <= right + _LABEL_REACH["beside"]]
        return min(after, key=lambda m: m.box[0]).label if after else ""
    before = [m for m in row if left - _LABEL_REACH["beside"] <= m.box[2] <= left + 2]
    if before:
        return max(before, key=lambda m: m.box[2]).label
    above = [
        m
        for m in mates
        if top - _LABEL_REACH["above"] <= m.box[3] <= top + 2
        and m.box[0] < right
        and m.box[2] > left
    ]
    return max(above, key=lambda m: m.box[3]).label if above else ""


def tidy(nodes: Sequence[A11yNode]) -> tuple[A11yNode, ...]:
    """Nameless controls named (:func:`name_by_neighbours`), then repeats dropped.

    Web pages say things twice: a label and the static text inside it, a heading and
    its text, a link and its text. A text node is dropped when another node with the
    same label covers most of it and is a control, or is text with a tighter box. GTK 3
    says each entry of an open drop-down twice (its menu's item and the popup's, in one
    place): a control is dropped when an earlier one of its kind and label covers it,
    and so is one that holds two or more of its kind (:func:`_frames`).
    """
    named = name_by_neighbours(nodes)
    frames = _frames(named)
    named = tuple(n for n in named if id(n) not in frames)
    return tuple(n for i, n in enumerate(named) if not _repeats(i, named))


def _frames(nodes: Sequence[A11yNode]) -> set[int]:
    """The ``id`` of each control whose box holds two or more others of its kind: a
    menu's or list's frame that says it is one of its entries (GTK 3's open combo box
    has two such "menu items", each named after its last entry, each as tall as several
    entries), not an entry a click can choose. Each is compared only with the nodes of
    its kind whose tops lie within its own (a page's thousand links, not a million
    pairs)."""
    by_kind: dict[str, list[A11yNode]] = {}
    for node in nodes:
        if node.kind != "text":
            by_kind.setdefault(node.kind, []).append(node)
    out: set[int] = set()
    for same in by_kind.values():
        same.sort(key=lambda n: n.box[1])
        tops = [n.box[1] for n in same]
        for node in same:
            near = same[
                bisect.bisect_left(tops, node.box[1]) : bisect.bisect_right(tops, node.box[3])
            ]
            held = sum(
                n is not node and n.box != node.box and box_within(n.box, node.box) for n in near
            )
            if held >= 2:
                out.add(id(node))
    return out


def _repeats(index: int, nodes: Sequence[A11yNode]) -> bool:
    """Whether ``nodes[index]`` is text that another node already says (see tidy)."""
    node = nodes[index]
    if not node.label:
        return False
    if node.kind != "text":  # one control in one place, whichever window tells it
        return any(
            n.kind == node.kind and n.label == node.label and _overlap(node.box, n.box) >= 0.8
            for n in nodes[:index]
        )
    area = _area(node.box)
    for at, other in enumerate(nodes):
        if at == index or other.label != node.label or other.window != node.window:
            continue
        if _overlap(node.box, other.box) < 0.8:
            continue
        if other.kind != "text":
            return True
        other_area = _area(other.box)
        if other_area < area or (other_area == area and at < index):
            return True
    return False


def _area(box: tuple[int, int, int, int]) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])
