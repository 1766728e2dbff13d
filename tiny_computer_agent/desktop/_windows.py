"""The top-level windows of an X display: titles, boxes, stacking order, focus.

Why: OCR sees pixels, not windows, so two dialogs that both say "OK" look alike to
it. The window manager knows better, and tells any client through EWMH properties on
the root window::

    _NET_CLIENT_LIST_STACKING   the managed windows, bottom-most first
    _NET_CLIENT_LIST            the same, in mapping order (an older manager's only list)
    _NET_ACTIVE_WINDOW          the focused one
    _NET_WM_NAME, _NET_WM_WINDOW_TYPE, _NET_FRAME_EXTENTS   per window
    _GTK_FRAME_EXTENTS          per window: the shadow a window that draws its own frame
                                paints round itself; it takes no input, so the box
                                leaves it out
                                (a dock's or the desktop's type: listed last, with its
                                Window.layer, so a click on a panel is judged by it)
    WM_CLASS                    per window: the program's name for it (the policy tells
                                a terminal by it; the owner's /proc/PID/comm too)
    /proc/PID/fd                per window: whether the owner holds a pseudo-terminal's
                                master side (Window.pty: a terminal, whatever its name)
    WM_TRANSIENT_FOR            per window: the window it is a dialog of (a dialog of
                                the same program joins its owner's --window scope by it)
    the owner's pid             per window, from the X server (X-Resource, ._xres): the
                                process holding the connection, not the client's own
                                _NET_WM_PID, which it may forge or leave out (read only
                                where the server has no X-Resource)

With no EWMH window manager (a bare Xvfb) the root's mapped children that carry a
``WM_NAME`` are the windows, in the server's stacking order.

A window manager lists only the windows it manages. A window that bypasses it
(``override_redirect``: menus, tooltips, and launchers such as dmenu and rofi, which take
the keyboard while they are shown) is a child of the root above all the others: those
that carry a ``WM_CLASS`` are listed first, marked ``override`` (the policy sends no keys
while a launcher among them is shown).

:class:`XWindows` keeps one python-xlib connection (python-xlib comes with pyautogui,
the ``desktop`` extra; imported on first use) and answers :meth:`XWindows.windows`
top-most first, as :class:`~tiny_computer_agent._elements.Window` values whose
boxes are screen (root) pixels, the window manager's frame included. It never raises
for the world: no Xlib, no display, a refused connection or a lost server give an empty
tuple and one logged note; a window that closes while it is being read (BadWindow) is
left out. Requests go one at a time under a lock, so the look-ahead thread and the
loop can share one connection.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from .._actions import chord_parts
from .._elements import Window
from ._xres import ClientPids

if TYPE_CHECKING:
    from Xlib.display import Display

__all__ = ["XWindows"]

log = logging.getLogger(__name__)

_ATOMS: Final = (
    "_NET_CLIENT_LIST_STACKING",
    "_NET_CLIENT_LIST",
    "_NET_ACTIVE_WINDOW",
    "_NET_SUPPORTING_WM_CHECK",
    "_NET_WM_NAME",
    "_NET_WM_PID",
    "_NET_WM_WINDOW_TYPE",
    "_NET_WM_WINDOW_TYPE_DESKTOP",
    "_NET_WM_WINDOW_TYPE_DOCK",
    "_NET_FRAME_EXTENTS",
    "_GTK_FRAME_EXTENTS",
    "UTF8_STRING",
    "WM_NAME",
)
#: Window types that are part of the desktop, not a program's window, and the
#: :attr:`Window.layer` each is listed with (after the programs' windows: the first
#: window listed stays the one in front, while a click on a panel is judged by the panel).
_LAYERS: Final = {"_NET_WM_WINDOW_TYPE_DOCK": "dock", "_NET_WM_WINDOW_TYPE_DESKTOP": "desktop"}
#: A frame's top band this tall or taller (pixels) holds a title; a thinner one is a
#: border (openbox draws a 1 px border round an undecorated window).
TITLE_BAR_MIN: Final = 10
#: Longs asked for per property read: a title up to 1 KiB comes in one round trip.
_SIZEHINT: Final = 256


class XWindows:
    """The top-level windows of X ``display`` (None: ``$DISPLAY``); see the module doc.

    Connects on first use; :meth:`close` drops the connection (a later call connects
    again). Once a connection could not be made at all, every call answers "none"
    without trying again, so a machine without X pays for the attempt once.
    """

    def __init__(self, display: str | None = None) -> None:
        self.display = display
        self._lock = threading.Lock()
        self._conn: Display | None = None
        self._atoms: dict[str, int] = {}
        self._pids: ClientPids | None = None
        self._hidden: tuple[Window, ...] = ()
        self._ptys: dict[int, bool] = {}  # process -> holds a pty, for one listing
        self._unavailable = ""

    @property
    def unavailable(self) -> str:
        """Why windows cannot be listed here ("" while they can, or before the first try)."""
        return self._unavailable

    @property
    def server_pids(self) -> bool:
        """Whether the windows' processes come from the X server (X-Resource), not from
        the programs' own claims (False too before the first connection)."""
        return self._pids is not None and self._pids.present

    def windows(self) -> tuple[Window, ...]:
        """The viewable top-level windows, top-most first (empty when unknown)."""
        with self._lock:
            shown, hidden = self._guarded(self._list, ([], []))
            self._hidden = tuple(hidden)
            return tuple(shown)

    def hidden(self) -> tuple[Window, ...]:
        """The windows the window manager listed, at the last :meth:`windows`, but did
        not show (minimised, on another workspace): the scope reads them to tell which
        program a name names (:attr:`Observation.hidden_windows`)."""
        with self._lock:
            return self._hidden

    def active(self) -> int:
        """The X id of the focused top-level window (0: none, or unknown)."""
        with self._lock:
            return int(self._guarded(self._active, 0))

    def focus_unlisted(self, listed: Iterable[int]) -> int:
        """The window X's keyboard focus is in (``XGetInputFocus``: where typed keys go)
        when neither it nor any window it lies in is one of ``listed`` (top-level ids),
        else 0. 0 too when X names no window (``None``, ``PointerRoot``, the root: keys
        then go where the pointer is) or cannot be asked. A passive query: the focused
        window is not disturbed. GNOME Shell's overview takes the keys this way: its
        search has the focus in a window of the shell's own that no listing shows."""
        ids = set(listed)
        with self._lock:
            return int(self._guarded(lambda conn: _unlisted_focus(conn, ids), 0))

    def chord_held(self, chord: str) -> bool:
        """Whether another X client holds ``chord`` (a normalised chord: ``alt+Return``,
        ``F12``, ``ctrl+t``) as a passive grab on the root window: a global shortcut of a
        window manager (i3's alt+Return, openbox's super+e), a drop-down terminal
        (Guake's F12, Tilda's F1) or a hotkey daemon (xbindkeys, sxhkd). X gives such a
        chord to that client, not to the focused window. Told by trying to grab it: X
        answers ``BadAccess`` when another client holds it, and a grab this makes is let
        go at once. A passive grab does nothing until the key is pressed: no focus moves
        (unlike the keyboard grab tried and taken back at stop 63). False where it
        cannot be told: no display, a key X has no keycode for."""
        with self._lock:
            return bool(self._guarded(lambda conn: _held(conn, chord), False))

    def focus(self, window_id: int) -> bool:
        """Ask for window ``window_id`` to be raised and focused: an EWMH
        ``_NET_ACTIVE_WINDOW`` message (source 2, as a pager or a person asks: window
        managers honour it where they refuse an application's own request), plus
        ``XRaiseWindow``, and with no window manager ``XSetInputFocus`` too. False when
        the window is gone or there is no display; whether it came to the top is for
        :meth:`windows` to tell."""
        with self._lock:
            return bool(self._guarded(lambda conn: self._activate(conn, window_id), False))

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            self._drop()

    def _guarded(self, read: Any, empty: Any) -> Any:
        """``read(conn)``, or ``empty`` when there is no display or it went away."""
        conn = self._connection()
        if conn is None:
            return empty
        from Xlib import error as xerror

        try:
            return read(conn)
        except (xerror.ConnectionClosedError, OSError) as exc:
            log.warning("lost the X display while listing windows (%s); no windows listed", exc)
            self._drop()
            return empty

    def _connection(self) -> Display | None:
        if self._conn is not None or self._unavailable:
            return self._conn
        try:
            import Xlib.display  # noqa: F401 - checks the extra is there
        except ImportError:
            self._give_up(
                "python-xlib is not installed (pip install 'tiny-computer-agent[desktop]')"
            )
            return None
        with warnings.catch_warnings():
            # python-xlib reads the authority file without closing it, and leaks its
            # socket when the file is missing: both closed by the collector, here
            warnings.simplefilter("ignore", ResourceWarning)
            conn, why = _open(self.display)
        if conn is None:
            self._give_up(why)
            return None
        self._conn = conn
        self._atoms = {name: conn.intern_atom(name) for name in _ATOMS}
        self._pids = ClientPids(conn)
        return conn

    def _give_up(self, why: str) -> None:
        self._unavailable = why
        log.warning("window listing is off: %s", why)

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # closing a connection to a server that died raises
                log.debug("closing the X connection failed", exc_info=True)

    def _list(self, conn: Display) -> tuple[list[Window], list[Window]]:
        """The windows shown, top-most first, and those a window manager lists but does
        not show (none without a manager: unmapped children of the root are no one's)."""
        root = conn.screen().root
        self._ptys = {}
        ids, managed = self._stacking(root)
        out = self._unmanaged(conn, root)
        hidden: list[Window] = []
        listed = {w.id for w in out}
        for wid in reversed(ids):  # bottom-most first on the wire; top-most first here
            read = None if wid in listed else self._read(conn, root, wid, named=not managed,
                                                         unshown=managed)  # fmt: skip
            if read is not None:
                (out if read[1] else hidden).append(read[0])
        # the desktop's docks and its own window last (Window.layer): the first listed
        # stays the program's window in front
        return [w for w in out if not w.layer] + [w for w in out if w.layer], hidden

    def _unmanaged(self, conn: Display, root: Any) -> list[Window]:
        """The root's viewable ``override_redirect`` children that carry a ``WM_CLASS``
        (a launcher, a menu), top-most first: above every managed window. One wholly
        off the screen is left out: no one sees it nor clicks it, and GNOME Shell keeps
        a 1×1 window of its own at (-200, -200) on top of every X11 session, which
        read as a launcher over every window refused all typing."""
        from Xlib import error as xerror

        geometry = root.get_geometry()
        screen = (0, 0, int(geometry.width), int(geometry.height))
        found = []
        for child in reversed(root.query_tree().children):
            try:
                if not child.get_attributes().override_redirect or not _wm_class(child):
                    continue
            except xerror.XError:  # it closed while read
                continue
            read = self._read(conn, root, child.id, named=False)  # shown only
            if read is not None and _meets(read[0].box, screen):
                found.append(read[0])
        return found

    def _stacking(self, root: Any) -> tuple[list[int], bool]:
        """The candidate window ids, bottom-most first, and whether a window manager
        listed them (else they are the root's children, in the server's order)."""
        for name in ("_NET_CLIENT_LIST_STACKING", "_NET_CLIENT_LIST"):
            ids = _cardinals(root, self._atoms[name])
            if ids:
                return ids, True
        return [child.id for child in root.query_tree().children], False

    def _read(
        self, conn: Display, root: Any, wid: int, *, named: bool, unshown: bool = False
    ) -> tuple[Window, bool] | None:
        """One window and whether it is shown, or None when it is not one a person sees
        or it vanished; ``named``: only a window with a title counts (no manager vouches
        for it); ``unshown``: a window that is not shown counts too (a manager lists it:
        minimised, on another workspace), unless it is part of the desktop."""
        from Xlib import X, Xatom
        from Xlib import error as xerror

        window = conn.create_resource_object("window", wid)
        try:
            attributes = window.get_attributes()
            shown = attributes.map_state == X.IsViewable
            if not (shown or unshown):
                return None
            types = _cardinals(window, self._atoms["_NET_WM_WINDOW_TYPE"])
            layer = next((v for t, v in _LAYERS.items() if self._atoms[t] in types), "")
            title = self._title(window)
            if title is None and named and not layer:
                return None
            box, bar = self._box(root, window)
            pid = _cardinals(window, self._atoms["_NET_WM_PID"])
            wm_class = _wm_class(window)
            owner = _cardinals(window, Xatom.WM_TRANSIENT_FOR)
            override = bool(attributes.override_redirect)
        except xerror.XError as exc:  # BadWindow, BadDrawable: it closed while read
            log.debug("window 0x%x vanished while it was read: %s", wid, exc)
            return None
        if not shown and layer:
            return None
        pid_ = self._owner(wid, pid)
        vouching = self._pids is not None and self._pids.present  # X-Resource answers
        window = Window(
            title=title or "", box=box, id=wid, pid=pid_, title_bar=bar,
            wm_class=wm_class, process=process_name(pid_), pty=self._holds_pty(pid_),
            remote=vouching and pid_ is None and not override and not layer,
            transient_for=owner[0] if owner else 0, override=override, layer=layer,
        )  # fmt: skip
        return window, shown

    def _holds_pty(self, pid: int | None) -> bool:
        """:func:`holds_pty`, read once per process in a listing (a browser's windows
        share one process, and its open files may number a thousand)."""
        if pid is None:
            return False
        if pid not in self._ptys:
            self._ptys[pid] = holds_pty(pid)
        return self._ptys[pid]

    def _owner(self, wid: int, claimed: list[int]) -> int | None:
        """Window ``wid``'s process: the X server's word where it gives one (X-Resource,
        :mod:`._xres`), else the client's own ``_NET_WM_PID`` (``claimed``) unless that
        is a kernel thread's (a sandbox's namespaced pid: Flatpak's 2 is ``kthreadd``)."""
        if self._pids is not None and self._pids.present:
            return self._pids.pid(wid)  # None: not a local client; its claim is not proof
        pid = claimed[0] if claimed else None
        return None if pid is None or _kernel_thread(pid) else pid

    def _title(self, window: Any) -> str | None:
        """``_NET_WM_NAME`` (UTF-8), else ``WM_NAME``; None when it has neither."""
        prop = window.get_full_property(
            self._atoms["_NET_WM_NAME"], self._atoms["UTF8_STRING"], _SIZEHINT
        )
        if prop is not None and prop.value:
            return _text(prop.value, "utf-8")
        prop = window.get_full_property(self._atoms["WM_NAME"], 0, _SIZEHINT)  # AnyPropertyType
        if prop is None or prop.format != 8:
            return None
        # STRING is Latin-1; COMPOUND_TEXT of plain ASCII reads the same
        utf8 = prop.property_type == self._atoms["UTF8_STRING"]
        return _text(prop.value, "utf-8" if utf8 else "latin-1")

    def _box(
        self, root: Any, window: Any
    ) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int] | None]:
        """The window in root pixels, widened by the manager's frame where it says, and
        the frame's top band when it is tall enough to be a title bar."""
        geometry = window.get_geometry()
        origin = root.translate_coords(window, 0, 0)
        left, top = int(origin.x), int(origin.y)
        right, bottom = left + int(geometry.width), top + int(geometry.height)
        shadow = _cardinals(window, self._atoms["_GTK_FRAME_EXTENTS"])
        if len(shadow) == 4 and left + shadow[0] < right - shadow[1]:
            # a window that draws its own frame (GTK's client-side decorations) paints a
            # shadow round it that takes no input: a click there reaches the window
            # below, so the box is the window inside it
            left, right = left + shadow[0], right - shadow[1]
            if top + shadow[2] < bottom - shadow[3]:
                top, bottom = top + shadow[2], bottom - shadow[3]
        extents = _cardinals(window, self._atoms["_NET_FRAME_EXTENTS"])
        if len(extents) != 4:  # left, right, top, bottom
            return (left, top, right, bottom), None
        inner_top = top
        left, right, top, bottom = (
            left - extents[0], right + extents[1], top - extents[2], bottom + extents[3]
        )  # fmt: skip
        bar = (left, top, right, inner_top) if extents[2] >= TITLE_BAR_MIN else None
        return (left, top, right, bottom), bar

    def _activate(self, conn: Display, wid: int) -> bool:
        from Xlib import X
        from Xlib import error as xerror
        from Xlib.protocol import event

        root = conn.screen().root
        window = conn.create_resource_object("window", wid)
        caught = xerror.CatchError()
        message = event.ClientMessage(
            window=window,
            client_type=self._atoms["_NET_ACTIVE_WINDOW"],
            data=(32, [2, X.CurrentTime, 0, 0, 0]),
        )
        mask = X.SubstructureRedirectMask | X.SubstructureNotifyMask
        root.send_event(message, event_mask=mask, onerror=caught)
        window.raise_window(onerror=caught)
        if not _cardinals(root, self._atoms["_NET_SUPPORTING_WM_CHECK"]):
            window.set_input_focus(X.RevertToParent, X.CurrentTime, onerror=caught)
        conn.sync()  # the errors, if any, arrive now
        if caught.get_error() is not None:
            log.debug("focusing window 0x%x failed: %s", wid, caught.get_error())
        return caught.get_error() is None

    def _active(self, conn: Display) -> int:
        ids = _cardinals(conn.screen().root, self._atoms["_NET_ACTIVE_WINDOW"])
        return ids[0] if ids else 0


def _open(name: str | None) -> tuple[Display | None, str]:
    """A connection to X display ``name``, or None and why not."""
    from Xlib import display as xdisplay
    from Xlib import error as xerror

    try:
        return xdisplay.Display(name), ""
    except xerror.XauthError as exc:
        return None, f"no X authority file ({exc}); export XAUTHORITY=<the file the server uses>"
    except (xerror.DisplayError, OSError) as exc:
        return None, f"cannot connect to the X display {name or ''!r}: {exc}"


def _cardinals(window: Any, atom: int) -> list[int]:
    """A 32-bit list property (CARDINAL, WINDOW, ATOM) as ints; empty when unset."""
    prop = window.get_full_property(atom, 0, _SIZEHINT)  # 0 is X.AnyPropertyType
    if prop is None or prop.format != 32:
        return []
    return [int(v) for v in prop.value]


def _wm_class(window: Any) -> tuple[str, ...]:
    """``WM_CLASS``: the instance and class names a program gives its windows
    (``("xterm", "XTerm")``); empty when unset."""
    from Xlib import Xatom

    prop = window.get_full_property(Xatom.WM_CLASS, 0, _SIZEHINT)  # AnyPropertyType
    if prop is None or prop.format != 8:
        return ()
    text = _text(prop.value, "latin-1")  # STRING: Latin-1
    return tuple(name for name in text.split("\0") if name)[:2]


#: The keysyms whose modifier bit stands for a chord's modifier name (as XTest's fake
#: presses of pyautogui set it: the bit of the row the key is in, read from the server).
_MODIFIER_KEYSYMS: Final[Mapping[str, tuple[str, ...]]] = {
    "alt": ("Alt_L", "Alt_R", "Meta_L"),
    "super": ("Super_L", "Super_R"),
}
#: A chord's last part as an X keysym name where the two differ (a single character is
#: its Latin-1 keysym).
_KEYSYM_NAMES: Final[Mapping[str, str]] = {"+": "plus", " ": "space"}


def _held(conn: Display, chord: str) -> bool:
    """:meth:`XWindows.chord_held` on ``conn``: the chord with the keyboard's lock bits
    (Caps Lock, Num Lock) as they stand now, since a press carries them."""
    from Xlib import XK, X
    from Xlib import error as xerror

    *mods, key = chord_parts(chord)
    name = _KEYSYM_NAMES.get(key, key)
    keysym = XK.string_to_keysym(name) or (ord(name) if len(name) == 1 else 0)
    keycode = conn.keysym_to_keycode(keysym) if keysym else 0
    if not keycode:
        return False
    bits = _modifier_bits(conn)
    mask = 0
    for mod in mods:
        if mod not in bits:
            return False  # a modifier this keyboard lacks: nothing could be pressed
        mask |= bits[mod]
    root = conn.screen().root
    mask |= root.query_pointer().mask & (X.LockMask | bits.get("num", 0))
    caught = xerror.CatchError(xerror.BadAccess)
    root.grab_key(keycode, mask, False, X.GrabModeAsync, X.GrabModeAsync, onerror=caught)
    conn.sync()
    if caught.get_error() is not None:
        return True
    root.ungrab_key(keycode, mask)
    conn.sync()
    return False


def _modifier_bits(conn: Display) -> dict[str, int]:
    """The modifier mask of ``ctrl``, ``shift``, ``alt``, ``super`` and Num Lock
    (``num``) on this server (alt and super are whichever of Mod1-Mod5 hold their keys)."""
    from Xlib import XK, X

    bits = {"ctrl": X.ControlMask, "shift": X.ShiftMask}
    wanted = {**_MODIFIER_KEYSYMS, "num": ("Num_Lock",)}
    codes = {
        name: {conn.keysym_to_keycode(XK.string_to_keysym(k)) for k in keysyms} - {0}
        for name, keysyms in wanted.items()
    }
    for row, keycodes in enumerate(conn.get_modifier_mapping()):
        for name, mine in codes.items():
            if row >= 3 and name not in bits and mine & set(keycodes):
                bits[name] = 1 << row
    return bits


def _unlisted_focus(conn: Display, listed: set[int]) -> int:
    """:meth:`XWindows.focus_unlisted` on ``conn``: up from the focused window towards
    the root; a window manager's frame (the root's child a program's window lies in) may
    hold the focus itself, so it counts for the window it frames."""
    from Xlib import error as xerror

    root = conn.screen().root
    focus = conn.get_input_focus().focus
    if not hasattr(focus, "id") or focus.id in (0, 1, root.id):  # None, PointerRoot
        return 0
    try:
        top = _top_of(focus, root.id, listed)
        if top is None:
            return 0
        frames = {_top_of(conn.create_resource_object("window", w), root.id, set()) for w in listed}
    except xerror.XError:  # it closed while read: nothing to say
        return 0
    return 0 if top in frames else int(focus.id)


def _top_of(window: Any, root: int, listed: set[int]) -> int | None:
    """The root's child ``window`` lies in (itself, when it is one), or None when it or
    a window it lies in is ``listed``."""
    for _ in range(_MAX_DEPTH):
        if window.id in listed:
            return None
        parent = window.query_tree().parent
        if not hasattr(parent, "id") or parent.id in (0, root):
            return int(window.id)
        window = parent
    return None


#: How far up from the focused window to look for a listed one.
_MAX_DEPTH: Final = 32


def _meets(box: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> bool:
    """Whether two boxes (left, top, right, bottom) share a pixel."""
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


def process_name(pid: int | None) -> str:
    """The short name of process ``pid`` (``/proc/PID/comm``), or "" when unknown (no
    pid, not Linux, the process is gone, or it belongs to another machine's client)."""
    if not pid:
        return ""
    try:
        with open(f"/proc/{int(pid)}/comm", encoding="utf-8", errors="replace") as comm:
            return comm.read().strip()
    except OSError:
        return ""


def holds_pty(pid: int | None) -> bool:
    """Whether process ``pid`` holds a pseudo-terminal's master side: one of its open
    files is ``/dev/ptmx`` (or a BSD-style ``/dev/pty??``), as a terminal emulator's is,
    whatever its class, title and name say. False when unknown (no pid, another user's
    process, not Linux)."""
    if not pid:
        return False
    folder = f"/proc/{int(pid)}/fd"
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    for name in names:
        try:
            target = os.readlink(f"{folder}/{name}")
        except OSError:  # closed while read
            continue
        if target in ("/dev/ptmx", "/dev/pts/ptmx") or target.startswith("/dev/pty"):
            return True
    return False


#: ``PF_KTHREAD`` in ``/proc/PID/stat``'s flags: the process is one of the kernel's.
_PF_KTHREAD: Final = 0x00200000


def _kernel_thread(pid: int) -> bool:
    """Whether ``pid`` on this machine is a kernel thread (no window's owner can be)."""
    try:
        with open(f"/proc/{int(pid)}/stat", encoding="utf-8", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[-1].split()
        return bool(int(fields[6]) & _PF_KTHREAD)  # the 9th field; the 3rd after ")"
    except (OSError, ValueError, IndexError):
        return False


def _text(value: bytes | str | Sequence[int], encoding: str) -> str:
    if isinstance(value, str):
        return value
    return bytes(value).decode(encoding, errors="replace")
