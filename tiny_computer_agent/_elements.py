"""Perception values: what the harness saw, as labelled elements at real pixels.

An :class:`Observation` is a frame's element index: every piece of text or widget
with a label, a box in *frame* pixels and the exact :class:`FrameMapping` back to
*screen* pixels (the frame a brain sees may be downscaled, or cut from a monitor
that is not at 0,0). Labels are compared on their normalised alphanumeric core, so
OCR's lost spaces ("DontSave") and a model's punctuation ("Save.") still match.

A :class:`Frame` is what a detector is given: the (maybe downscaled) image with its
mapping, the monitor it was cut from, when it was captured and, when known, the
top-level :class:`Window` list. :func:`tiny_computer_agent.perception._frames.observe` builds one
and turns it into an Observation.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import re
import time
import unicodedata
import warnings
from collections.abc import Iterable, Mapping
from typing import Any, Final

from ._errors import AmbiguousTarget, TargetError

__all__ = [
    "SOURCES",
    "Element",
    "Frame",
    "FrameMapping",
    "KINDS",
    "Observation",
    "STATES",
    "Window",
    "as_frame",
    "image_size",
    "normalize_label",
    "reading_order",
]

#: Where an element came from: OCR text, a numbered grid cell, the accessibility tree,
#: a script, a control shape found in the pixels (its label from OCR), or the window
#: manager (a window's title, in the title bar it draws).
SOURCES: Final = ("ocr", "grid", "a11y", "scripted", "shape", "window")

#: What an element is. ``""`` is unknown: plain OCR text, which may be a control or not.
KINDS: Final = (
    "", "button", "field", "check", "radio", "link", "item", "menuitem", "tab",
    "slider", "title", "text", "icon", "key", "cell",
)  # fmt: skip

#: The state flags an element may carry; an unticked check box simply lacks "checked".
#: ``expandable``: a click shows a list of choices (a drop-down), typing into it does not
#: replace its value. ``shell``: drawn by the desktop shell itself in no X window (GNOME
#: Shell's top bar, its overview and search), as the accessibility tree reads it.
STATES: Final = (
    "checked", "selected", "focused", "disabled", "editable", "expanded", "pressed",
    "expandable", "shell",
)  # fmt: skip

# Dashes a keypad or toolbar may draw for "minus"; all are the key "-".
_DASHES: Final = str.maketrans(dict.fromkeys("\u2212\u2013\u2014\u2010\u2011\ufe63\uff0d", "-"))

_SUMMARY_CHARS: Final = 1200


def normalize_label(text: str) -> str:
    """The alphanumeric core of a label: ``"Don't  Save."`` -> ``"dontsave"``.

    A label with no letter or digit at all keeps its symbols (without spaces), so a
    keypad's or toolbar's ``+``, ``×``, ``÷``, ``=``, ``←`` or ``✓`` is a target too;
    every dash is ``-`` (a keypad's minus may be drawn as ``−`` or ``–``).
    """
    folded = unicodedata.normalize("NFKD", text).casefold()
    core = "".join(ch for ch in folded if ch.isalnum())
    if core:
        return core
    return "".join(ch for ch in folded.translate(_DASHES) if not ch.isspace() and ch.isprintable())


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class FrameMapping:
    """Frame pixel -> screen pixel: ``screen = offset + frame * scale``.

    ``scale`` is screen pixels per frame pixel (2.0 when the frame was halved).
    """

    left: int = 0
    top: int = 0
    scale_x: float = 1.0
    scale_y: float = 1.0

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """The screen pixel under frame point (x, y), rounded to the nearest pixel."""
        return (
            self.left + round(x * self.scale_x),
            self.top + round(y * self.scale_y),
        )

    def to_frame(self, x: float, y: float) -> tuple[float, float]:
        """The frame point that maps to screen pixel (x, y)."""
        return ((x - self.left) / self.scale_x, (y - self.top) / self.scale_y)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FrameMapping:
        return cls(
            left=int(data.get("left", 0)),
            top=int(data.get("top", 0)),
            scale_x=float(data.get("scale_x", 1.0)),
            scale_y=float(data.get("scale_y", 1.0)),
        )


def image_size(image: Any) -> tuple[int, int]:
    """The (width, height) of a PIL image or anything with a ``size`` pair."""
    w, h = image.size
    return int(w), int(h)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Window:
    """A top-level window; ``box`` is (left, top, right, bottom) in screen pixels.

    ``title_bar``: the band above the window's contents where the window manager draws
    its title (screen pixels), when a manager frames the window; None for a window it
    does not frame or one that draws its own title (a GTK header bar).

    ``wm_class``: the program's own name for its windows (X ``WM_CLASS``: instance and
    class, ``("xterm", "XTerm")``), and ``process``: the name of the process that owns it
    (``/proc/PID/comm``); empty when unknown. ``role``: what the accessibility tree says
    the window is when it says more than "a window": ``terminal`` when a terminal's text
    area (AT-SPI's role ``terminal``: VTE, konsole) is shown in it. The policy tells a
    terminal by all three.

    ``pty``: the owner process holds a pseudo-terminal's master side (``/dev/ptmx`` open
    among ``/proc/PID/fd``): a terminal emulator does, whatever it calls itself (an
    ``xterm`` copied to ``gedit`` and started with ``-class Gedit``), and so does a
    program with a terminal inside it (Geany's Terminal tab). A pty a child process
    holds (an IDE's pty host) is not seen so.

    ``remote``: the X server vouches for its clients' processes (X-Resource) and names
    none on this machine for this window's: a client over TCP, or forwarded from another
    machine (``ssh -X``). Nothing it holds can be looked at (no pty to find), so its class
    and title are only its own claims: an xterm over TCP may call itself gedit.

    ``transient_for``: the X id of the window this one is a dialog of (X
    ``WM_TRANSIENT_FOR``; 0 when it is none's): a dialog of the same program (or a
    portal's) joins its owner's ``--window`` scope by it. ``override``: the window
    bypasses the window manager (X
    ``override_redirect``: a menu, a tooltip, or a launcher such as dmenu or rofi that
    takes the keyboard while it is shown). ``layer``: ``dock`` (a panel, a dock, a task
    bar) or ``desktop`` (the window that draws the desktop's icons), the parts of the
    desktop a window manager keeps apart from programs (EWMH ``_NET_WM_WINDOW_TYPE``);
    "" for a program's window. They are listed after the programs' windows, so the first
    window listed is still the one in front, and :func:`~.perception.window_at` puts a
    dock above every program's window (a click on a panel that overlaps an editor lands
    on the panel) and the desktop below them all."""

    title: str
    box: tuple[int, int, int, int]
    id: int = 0
    pid: int | None = None
    title_bar: tuple[int, int, int, int] | None = None
    wm_class: tuple[str, ...] = ()
    process: str = ""
    role: str = ""
    pty: bool = False
    remote: bool = False
    transient_for: int = 0
    override: bool = False
    layer: str = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "title": self.title, "box": list(self.box)}
        if self.pid is not None:
            data["pid"] = self.pid
        if self.title_bar is not None:
            data["title_bar"] = list(self.title_bar)
        if self.wm_class:
            data["wm_class"] = list(self.wm_class)
        if self.process:
            data["process"] = self.process
        if self.role:
            data["role"] = self.role
        if self.pty:
            data["pty"] = True
        if self.remote:
            data["remote"] = True
        if self.transient_for:
            data["transient_for"] = self.transient_for
        if self.override:
            data["override"] = True
        if self.layer:
            data["layer"] = self.layer
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Window:
        box = _four(data["box"], "window box")
        pid = data.get("pid")
        bar = data.get("title_bar")
        return cls(
            title=str(data.get("title", "")),
            box=box,
            id=int(data.get("id", 0)),
            pid=None if pid is None else int(pid),
            title_bar=None if bar is None else _four(bar, "window title_bar"),
            wm_class=tuple(str(c) for c in data.get("wm_class", ())),
            process=str(data.get("process", "")),
            role=str(data.get("role", "")),
            pty=bool(data.get("pty", False)),
            remote=bool(data.get("remote", False)),
            transient_for=int(data.get("transient_for", 0)),
            override=bool(data.get("override", False)),
            layer=str(data.get("layer", "")),
        )


def _four(value: Any, what: str) -> tuple[int, int, int, int]:
    box = tuple(int(v) for v in value)
    if len(box) != 4:
        raise ValueError(f"{what} must have 4 numbers, got {value!r}")
    return (box[0], box[1], box[2], box[3])


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Frame:
    """What a detector sees: one captured image and where it sits on the screen.

    ``image`` is the picture the brain is shown (a PIL image, maybe downscaled; a
    size-only :class:`~tiny_computer_agent.perception._frames.SizedImage` when Pillow is missing);
    ``mapping`` takes its pixels back to screen pixels; ``monitor`` is the captured
    rectangle ``(left, top, width, height)`` in screen (pointer) coordinates;
    ``captured_at`` is a ``time.time()``; ``windows`` are the top-level windows, or
    empty when unknown; ``accessible`` are the controls the accessibility tree offered
    when the frame was captured (``source="a11y"``, in frame pixels; empty when there
    is no tree, as for a screenshot file): a detector may fuse them with what it sees.
    """

    image: Any = dataclasses.field(repr=False)
    mapping: FrameMapping = FrameMapping()
    monitor: tuple[int, int, int, int]
    captured_at: float
    windows: tuple[Window, ...] = ()
    accessible: tuple[Element, ...] = ()

    @classmethod
    def of(cls, image: Any, *, captured_at: float | None = None) -> Frame:
        """A frame for an image that *is* the whole screen: identity mapping, now."""
        w, h = image_size(image)
        return cls(
            image=image,
            monitor=(0, 0, w, h),
            captured_at=time.time() if captured_at is None else captured_at,
        )

    @property
    def size(self) -> tuple[int, int]:
        """The (width, height) of the image, in frame pixels."""
        return image_size(self.image)


def as_frame(given: Any) -> Frame:
    """``given`` if it is a Frame; a bare image wrapped by :meth:`Frame.of`, with a
    DeprecationWarning (``detect(image)`` is kept for a deprecation period)."""
    if isinstance(given, Frame):
        return given
    warnings.warn(
        "detect(image) is deprecated: pass a Frame, e.g. detect(Frame.of(image)) "
        "(from tiny_computer_agent import Frame)",
        DeprecationWarning,
        stacklevel=3,
    )
    return Frame.of(given)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Element:
    """One labelled thing on screen; ``box`` is (left, top, right, bottom) in frame pixels.

    What it is, where it lives and how it stands, when a detector knows: ``kind`` (one
    of :data:`KINDS`; ``""`` for plain OCR text), ``window`` (the X id of its top-level
    window; 0 when unknown), ``state`` (flags from :data:`STATES`), ``value`` (a text
    field's text, a slider's value) and ``uid``, the same string for the same control
    from frame to frame (``id`` is only its number on this frame's menu).
    """

    label: str
    box: tuple[int, int, int, int]
    source: str = "ocr"
    confidence: float = 1.0
    id: int = 0
    kind: str = ""
    window: int = 0
    state: frozenset[str] = frozenset()
    value: str | None = None
    uid: str = ""

    def __post_init__(self) -> None:
        x0, y0, x1, y1 = self.box
        if x1 < x0 or y1 < y0:
            raise ValueError(f"element {self.label!r}: box {self.box} has negative size")
        if self.source not in SOURCES:
            raise ValueError(f"element {self.label!r}: source {self.source!r} not in {SOURCES}")
        if self.kind not in KINDS:
            raise ValueError(f"element {self.label!r}: kind {self.kind!r} not in {KINDS[1:]}")
        unknown = sorted(set(self.state) - set(STATES))
        if unknown:
            raise ValueError(f"element {self.label!r}: state {unknown} not in {STATES}")
        # a set or list from a caller becomes a frozenset, so elements stay hashable
        object.__setattr__(self, "state", frozenset(self.state))

    @property
    def center(self) -> tuple[float, float]:
        """The middle of the box, in frame pixels."""
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    @property
    def key(self) -> str:
        """The normalised label used for every comparison."""
        return normalize_label(self.label)

    @property
    def checked(self) -> bool:
        return "checked" in self.state

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        return x0 <= x <= x1 and y0 <= y <= y1

    def to_dict(self) -> dict[str, Any]:
        """The element as JSON; the issue-10 fields only when set, so OCR-only traces
        stay as small as they were."""
        data: dict[str, Any] = {
            "id": self.id,
            "label": self.label,
            "box": list(self.box),
            "source": self.source,
            "confidence": round(self.confidence, 4),
        }
        if self.kind:
            data["kind"] = self.kind
        if self.window:
            data["window"] = self.window
        if self.state:
            data["state"] = sorted(self.state)
        if self.value is not None:
            data["value"] = self.value
        if self.uid:
            data["uid"] = self.uid
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Element:
        box = tuple(int(v) for v in data["box"])
        if len(box) != 4:
            raise ValueError(f"element box must have 4 numbers, got {data['box']!r}")
        state = data.get("state", ())
        if isinstance(state, str) or not isinstance(state, Iterable):
            raise ValueError(f"element state must be a list of flags, got {state!r}")
        value = data.get("value")
        return cls(
            label=str(data["label"]),
            box=(box[0], box[1], box[2], box[3]),
            source=str(data.get("source", "ocr")),
            confidence=float(data.get("confidence", 1.0)),
            id=int(data.get("id", 0)),
            kind=str(data.get("kind", "")),
            window=int(data.get("window", 0)),
            state=frozenset(str(f) for f in state),
            value=None if value is None else str(value),
            uid=str(data.get("uid", "")),
        )


def screen_box(mapping: FrameMapping, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Frame box ``box`` in screen pixels through ``mapping``."""
    return (*mapping.to_screen(box[0], box[1]), *mapping.to_screen(box[2], box[3]))


def box_within(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    """Whether the box ``inner`` lies wholly inside ``outer`` (edges may touch); boxes
    are (left, top, right, bottom)."""
    return (
        outer[0] <= inner[0] and outer[1] <= inner[1]
        and inner[2] <= outer[2] and inner[3] <= outer[3]
    )  # fmt: skip


def reading_order(elements: Iterable[Element]) -> list[Element]:
    """Top-to-bottom in rows, left-to-right within a row (rows overlap vertically)."""
    rows: list[list[Element]] = []
    for el in sorted(elements, key=lambda e: (e.center[1], e.box[0])):
        if rows:
            row = rows[-1]
            top = min(e.box[1] for e in row)
            bottom = max(e.box[3] for e in row)
            height = max(1, bottom - top)
            if abs(el.center[1] - (top + bottom) / 2) <= height / 2:
                row.append(el)
                continue
        rows.append([el])
    return [el for row in rows for el in sorted(row, key=lambda e: e.box[0])]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Observation:
    """One frame's element index.

    ``prose`` is text read on screen but kept out of the index (dialog sentences): the
    verifier sees it, the menu does not. ``windows`` are the top-level windows, top-most
    first, when known. ``image`` (a PIL image or None) is never serialised.
    ``scrollbars`` are the boxes of the scroll bars the accessibility tree shows (frame
    pixels): never offered, they are where the wheel turns over what they scroll
    (:func:`~tiny_computer_agent._wheel.wheel_point`). ``hidden_windows`` are the
    programs' top-level windows a window manager lists but does not show (minimised, on
    another workspace): never targets; the scope (``--window``) reads them to tell which
    program a name names, so a window dressed as a program whose own window was just
    minimised is not taken for it (:mod:`~tiny_computer_agent._scope`).
    """

    elements: tuple[Element, ...]
    size: tuple[int, int]
    mapping: FrameMapping = FrameMapping()
    prose: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    image: Any = dataclasses.field(default=None, compare=False, repr=False)
    windows: tuple[Window, ...] = ()
    scrollbars: tuple[tuple[int, int, int, int], ...] = ()
    hidden_windows: tuple[Window, ...] = ()

    @classmethod
    def of(
        cls,
        elements: Iterable[Element],
        *,
        size: tuple[int, int],
        mapping: FrameMapping | None = None,
        prose: Iterable[str] = (),
        notes: Iterable[str] = (),
        image: Any = None,
        windows: Iterable[Window] = (),
        scrollbars: Iterable[tuple[int, int, int, int]] = (),
    ) -> Observation:
        """Build an observation, numbering the elements in reading order (ids 1..N).

        Elements are grouped by window, top-most (focused) window first, in reading
        order within each; elements of no known window come last. Each element without
        a ``uid`` gets one from its window, kind and label (and its rank among equals).
        """
        stack = tuple(windows)
        rank = {w.id: i for i, w in enumerate(stack)}
        groups: dict[int, list[Element]] = {}
        for e in elements:
            groups.setdefault(rank.get(e.window, len(stack)), []).append(e)
        ordered = [e for r in sorted(groups) for e in reading_order(groups[r])]
        return cls(
            elements=_numbered(ordered),
            size=size,
            mapping=mapping or FrameMapping(),
            prose=tuple(prose),
            notes=tuple(notes),
            image=image,
            windows=stack,
            scrollbars=tuple(scrollbars),
        )

    def window(self, element: Element) -> Window | None:
        """The window ``element`` belongs to, when known."""
        return next((w for w in self.windows if w.id and w.id == element.window), None)

    def text(self) -> str:
        """Every label in reading order, then the prose, one per line."""
        return "\n".join([*(e.label for e in self.elements), *self.prose])

    def shows(self, text: str) -> bool:
        """Whether ``text`` is visible: its normalised core appears in some label, the
        prose, or a field's value (text typed into a field is its value, not a label)."""
        want = normalize_label(text)
        return bool(want) and (
            any(want in e.key for e in self.elements)
            or any(want in normalize_label(p) for p in self.prose)
            or any(e.value and want in normalize_label(e.value) for e in self.elements)
        )

    def summary(self, limit: int = _SUMMARY_CHARS) -> str:
        """A one-line digest for a model or a log, capped at ``limit`` characters."""
        labels = " | ".join(e.label for e in self.elements)
        head = f"{len(self.elements)} elements on a {self.size[0]}x{self.size[1]} frame: "
        line = head + labels
        return line if len(line) <= limit else line[: max(0, limit - 1)] + "…"

    def element(self, element_id: int) -> Element:
        for e in self.elements:
            if e.id == element_id:
                return e
        raise TargetError(f"no element with id {element_id} on this frame")

    def resolve(self, label: str, element_id: int | None = None) -> Element:
        """The element an action means: element ``element_id`` when it still carries
        that label (the menu's pick among same-labelled elements), else :meth:`find`."""
        if element_id is not None:
            want = normalize_label(label)
            for e in self.elements:
                if e.id == element_id and want in (e.key, _field_text(e)):
                    return e
        return self.find(label)

    def find(self, label: str) -> Element:
        """The one element whose label *is* ``label`` once normalised ("Save." is "Save",
        "DontSave" is "Don't Save"), for acting on; when none is, the one text field
        whose text is (a field shows "Full name" in grey until typed into). Of a control
        and text that share a label (a field and the label beside it), the control.

        Nothing looser: "Save" never resolves to "Don't Save" or "Save As", so a target
        that has gone is an error, not a click on its neighbour (brains rank loosely with
        :meth:`matches`; the harness acts only on exact labels). Two elements with the
        label raise :class:`AmbiguousTarget`; none raises :class:`TargetError` naming what
        is on screen and the closest labels.
        """
        want = normalize_label(label)
        exact = [e for e in self.elements if want and e.key == want]
        if not exact:  # a field goes by the text in it too (a grey placeholder, its value)
            exact = [e for e in self.elements if want and _field_text(e) == want]
        controls = [e for e in exact if e.kind not in _NOT_CONTROLS]
        if len(exact) > 1 and len(controls) == 1:  # a field and the label that names it
            return controls[0]
        if len(exact) > 1:
            where = ", ".join(f"#{e.id} {e.label!r} at {e.box}" for e in exact)
            raise AmbiguousTarget(f"{label!r} matches {len(exact)} elements equally: {where}")
        if exact:
            return exact[0]
        near = [repr(e.label) for _, e in self.matches(label)[:3]]
        seen = ", ".join(repr(e.label) for e in self.elements[:12]) or "nothing"
        hint = f" (closest: {', '.join(near)}; name the label exactly)" if near else ""
        raise TargetError(f"no element is labelled {label!r}{hint}; on screen: {seen}")

    def matches(self, label: str) -> list[tuple[float, Element]]:
        """Elements that match ``label``, best first, with a score in (0, 3]."""
        want = normalize_label(label)
        if not want:
            return []
        scored = [(match_score(want, e.key), e) for e in self.elements]
        return sorted(((s, e) for s, e in scored if s > 0), key=lambda se: (-se[0], se[1].id))

    def signature(self) -> str:
        """A digest of labels and boxes: equal signatures mean an unchanged index."""
        h = hashlib.sha256()
        for e in self.elements:
            h.update(f"{e.key}|{e.box}|{e.source}|{e.kind}|{sorted(e.state)}|{e.value};".encode())
        for p in self.prose:
            h.update(f"{normalize_label(p)};".encode())
        h.update(repr(self.size).encode())
        return h.hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {
            "size": list(self.size),
            "mapping": self.mapping.to_dict(),
            "elements": [e.to_dict() for e in self.elements],
            "prose": list(self.prose),
            "notes": list(self.notes),
            **({"windows": [w.to_dict() for w in self.windows]} if self.windows else {}),
            **({"scrollbars": [list(b) for b in self.scrollbars]} if self.scrollbars else {}),
            **(
                {"hidden_windows": [w.to_dict() for w in self.hidden_windows]}
                if self.hidden_windows
                else {}
            ),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        w, h = (int(v) for v in data["size"])
        return cls(
            elements=tuple(Element.from_dict(e) for e in data["elements"]),
            size=(w, h),
            mapping=FrameMapping.from_dict(data.get("mapping", {})),
            prose=tuple(str(p) for p in data.get("prose", ())),
            notes=tuple(str(n) for n in data.get("notes", ())),
            windows=tuple(Window.from_dict(w) for w in data.get("windows", ())),
            scrollbars=tuple(
                (int(b[0]), int(b[1]), int(b[2]), int(b[3])) for b in data.get("scrollbars", ())
            ),
            hidden_windows=tuple(Window.from_dict(w) for w in data.get("hidden_windows", ())),
        )


def _numbered(ordered: Iterable[Element]) -> tuple[Element, ...]:
    """``ordered`` numbered 1..N, each given a ``uid`` when it has none: its window,
    kind, label and its rank among elements alike in all three (the second "OK" of one
    window is ``…:ok:2``), which stays the same while the control stays on screen."""
    seen: dict[tuple[int, str, str], int] = {}
    out = []
    for i, e in enumerate(ordered, 1):
        uid = e.uid
        if not uid:
            like = (e.window, e.kind, e.key)
            seen[like] = seen.get(like, 0) + 1
            uid = f"{e.window:x}:{e.kind or 'text'}:{e.key}:{seen[like]}"
        out.append(dataclasses.replace(e, id=i, uid=uid))
    return tuple(out)


#: Kinds that are read, not acted on (plus unknown): a control of the same label wins.
_NOT_CONTROLS: Final = frozenset({"", "text", "title"})


def _field_text(e: Element) -> str:
    """A text field's text, normalised ("" for anything else, or a field with none)."""
    return normalize_label(e.value) if e.kind == "field" and e.value else ""


#: A keyboard shortcut shown after a menu entry's or a button's label ("Load ...
#: Ctrl+F", "Add   Ctrl+A", "Help F1").
_SHORTCUT: Final = re.compile(
    r"\s+(?:(?:ctrl|control|alt|shift|meta|super|cmd|win)\s*[+-]\s*)+\S+$|\s+F\d{1,2}$",
    re.I,
)


def without_shortcut(label: str) -> str:
    """``label`` without a keyboard shortcut shown after it: "Load ... Ctrl+F" is the
    entry "Load ..." as a goal quotes it."""
    return _SHORTCUT.sub("", label.strip())


def match_score(want: str, have: str) -> float:
    """Score how well normalised label ``have`` matches normalised query ``want``.

    3 exact, 2 one contains the other (scaled by how much of it is covered), up to 1
    for a close fuzzy match (ratio >= 0.8), 0 otherwise.
    """
    if not want or not have:
        return 0.0
    if want == have:
        return 3.0
    if want in have or have in want:
        short, long_ = sorted((want, have), key=len)
        coverage = len(short) / len(long_)
        if len(short) < 3 and coverage < 0.5:
            return 0.0  # "a" inside "save" is a coincidence, not a match
        return 1.0 + coverage
    ratio = difflib.SequenceMatcher(None, want, have).ratio()
    return ratio if ratio >= 0.8 else 0.0
