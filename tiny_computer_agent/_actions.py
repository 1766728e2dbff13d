"""The closed action vocabulary: twelve verbs, each validated when it is built.

An :class:`Action` names *what* to do and *which* element to do it to (by label);
it never carries coordinates. Mapping a label to a pixel is the harness's job.

    click   target, button=left|right|middle, clicks=1|2
    type    text, target (optional: clicked first)
    key     keys: one key or a chord in xdotool names ("Return", "ctrl+s")
    scroll  direction=up|down|left|right, amount=1..MAX_SCROLL, target (optional)
    drag    target, to
    move    target
    wait    seconds in (0, MAX_WAIT_SECONDS]
    wait_for  text (optional: until it is visible), target (optional: watch only that
            element's area), until=text|change|still, seconds (optional deadline, capped
            by the policy); the harness watches, no brain is asked while it waits
    zoom    target: read the text around it again, magnified (the screen is unchanged)
    focus   window: raise and activate a top-level window, named by its title or X id
            (a dialog covered by another one is raised before acting in it)
    seek    text, target (optional: where to scroll): scroll to bring a label into view,
            down then back up, bounded; the harness looks after each scroll, no brain
            is asked; it is a look for the next action, not a part of the goal
    done    reason (optional)

A few actions in a row that are obviously sequential (focus a field, type, press
Return) may travel as one *batch* (:func:`check_batch`): checked as a whole before the
first of them is done, then done in order with one look at the screen afterwards.

Every verb is one :class:`VerbSpec` in :data:`VERB_TABLE`: its required and optional
fields (a verb needs an element on screen when ``target`` is required), whether the
real executor waits for the screen to settle after it, and two small functions that
check and describe it. Validation, :meth:`Action.describe`, the reply reader
(:mod:`._menu`), the planner (:mod:`._brains`) and the real-input executor all read this
one table; :data:`VERBS` is its keys.

Adding a verb: write its ``_check_<verb>`` and ``_describe_<verb>`` functions below and
add one ``VerbSpec`` line to :data:`VERB_TABLE` (reusing existing :class:`Action`
fields; a new field also needs an ``Action`` attribute and a reader in
``_menu._FIELD_READERS``), then give
:class:`~tiny_computer_agent.desktop._inputs.RealInputExecutor` a ``_do_<verb>`` method.
The reply reader and the dry run need nothing more; the planner understands the verb
in goals once it has a pattern in ``_brains._PATTERNS``.
"""

from __future__ import annotations

import dataclasses
import json
import re
import reprlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ._errors import ActionError

__all__ = [
    "BUTTONS",
    "KEY_ALIASES",
    "MAX_SCROLL",
    "MAX_TEXT_LENGTH",
    "MAX_BATCH",
    "MAX_WAIT_FOR_SECONDS",
    "MAX_WAIT_SECONDS",
    "MODIFIERS",
    "WAIT_UNTIL",
    "SCROLL_DIRECTIONS",
    "VERBS",
    "VERB_TABLE",
    "Action",
    "VerbSpec",
    "check_batch",
    "normalize_keys",
]

BUTTONS: Final = ("left", "right", "middle")
SCROLL_DIRECTIONS: Final = ("up", "down", "left", "right")
MAX_TEXT_LENGTH: Final = 500
MAX_LABEL_LENGTH: Final = 200
#: A chord is a few names ("ctrl+shift+Page_Down" is 20 characters); longer is not one.
MAX_KEYS_LENGTH: Final = 100
#: Whole numbers written as text ("2", "-3") have at most this many digits.
_MAX_DIGITS: Final = 18
MAX_SCROLL: Final = 20
MAX_WAIT_SECONDS: Final = 10.0
#: The longest deadline a ``wait_for`` may ask for (the policy caps it lower; an
#: installer can take many minutes, an hour is not a wait but a job).
MAX_WAIT_FOR_SECONDS: Final = 3600.0
#: What a ``wait_for`` waits until: given text is visible; the screen (or the target's
#: area) changed and then held still; or it holds still (already still counts).
WAIT_UNTIL: Final = ("text", "change", "still")
#: The most actions one batch may hold.
MAX_BATCH: Final = 5
#: Keys that move focus without submitting anything: the only keys a batch may press
#: before its last action (Return submits, so it can only end one).
_FOCUS_KEYS: Final = ("Tab", "shift+Tab")

MODIFIERS: Final = ("ctrl", "alt", "shift", "super")

_NAMED_KEYS: Final = (
    "Return", "Escape", "Tab", "BackSpace", "Delete", "Insert", "Home", "End",
    "Page_Up", "Page_Down", "Left", "Right", "Up", "Down", "space", "Menu",
    "Print", "Pause", "Caps_Lock",
)  # fmt: skip

#: Common spellings small models and people use, mapped to xdotool names.
KEY_ALIASES: Final[Mapping[str, str]] = {
    "enter": "Return", "return": "Return", "ret": "Return", "cr": "Return",
    "esc": "Escape", "escape": "Escape",
    "tab": "Tab",
    "backspace": "BackSpace", "bksp": "BackSpace", "back_space": "BackSpace",
    "del": "Delete", "delete": "Delete",
    "ins": "Insert", "insert": "Insert",
    "home": "Home", "end": "End",
    "pgup": "Page_Up", "pageup": "Page_Up", "page_up": "Page_Up", "prior": "Page_Up",
    "pgdn": "Page_Down", "pagedown": "Page_Down", "page_down": "Page_Down",
    "next": "Page_Down",
    "left": "Left", "right": "Right", "up": "Up", "down": "Down",
    "space": "space", "spacebar": "space",
    "menu": "Menu", "print": "Print", "prtsc": "Print", "pause": "Pause",
    "capslock": "Caps_Lock", "caps_lock": "Caps_Lock",
    "ctrl": "ctrl", "control": "ctrl", "ctl": "ctrl",
    "alt": "alt", "option": "alt",
    "shift": "shift",
    "super": "super", "win": "super", "windows": "super", "cmd": "super",
    "command": "super", "meta": "super",
}  # fmt: skip


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message: at most ``limit`` characters, and never an
    exception itself (``repr`` fails on an integer of over 4,300 digits and on a list
    nested a thousand deep; both can arrive in a reply or a file)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"{'-' if value < 0 else ''}an integer of about {digits} digits"
    short = reprlib.Repr()
    short.maxlevel, short.maxstring, short.maxother = 3, limit, limit
    try:
        text = short.repr(value)
    except (ValueError, RecursionError, MemoryError):
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def ascii_whole(text: str, max_digits: int = _MAX_DIGITS) -> int | None:
    """``text`` as an int when it is ASCII digits with an optional sign ("3", "-12",
    " +4 "), else None. ``str.isdigit`` and ``int()`` accept far more ("²", "٣", "５",
    5,000-digit strings that ``int()`` refuses): a number here is what a keyboard types."""
    core = text.strip()
    digits = core[1:] if core[:1] in ("+", "-") else core
    if not 0 < len(digits) <= max_digits or not digits.isascii() or not digits.isdecimal():
        return None
    return int(core)


def _key_name(raw: str) -> str:
    name = raw.strip()
    if not name:
        raise ActionError("key: an empty key name; give e.g. 'Return', 'ctrl+s'")
    alias = KEY_ALIASES.get(name.lower())
    if alias is not None:
        return alias
    if name in _NAMED_KEYS:
        return name
    if len(name) == 1 and name.isprintable():
        return name.lower() if name.isalpha() else name
    upper = name.upper()
    digits = upper[1:]  # ASCII only: "F²".isdigit() is true, and int("²") fails
    fkey = upper.startswith("F") and digits.isascii() and digits.isdecimal() and len(digits) <= 2
    if fkey and 1 <= int(digits) <= 24:
        return f"F{int(digits)}"
    raise ActionError(
        f"key: unknown key name {shown(raw)}; use a single character, F1-F24, one of "
        f"{', '.join(_NAMED_KEYS)}, or a modifier ({', '.join(MODIFIERS)})"
    )


def chord_parts(chord: str) -> list[str]:
    """A normalised chord's parts, its key last: ``"ctrl++"`` is ctrl and the plus key."""
    if chord == "+":
        return ["+"]
    if chord.endswith("++"):
        return [*chord[:-2].split("+"), "+"]
    return chord.split("+")


def normalize_keys(keys: str) -> str:
    """Return the canonical chord for ``keys`` ("Ctrl+S" -> "ctrl+s", "enter" -> "Return").

    A chord is zero or more modifiers followed by exactly one key, joined by ``+``.
    """
    if not isinstance(keys, str) or not keys.strip():
        raise ActionError(
            f"key: keys must be a non-empty string such as 'ctrl+s', got {shown(keys)}"
        )
    if len(keys) > MAX_KEYS_LENGTH:
        raise ActionError(
            f"key: keys is {len(keys)} characters; a chord such as 'ctrl+s' is at most "
            f"{MAX_KEYS_LENGTH}"
        )
    text = keys.strip()
    parts = ["+"] if text == "+" else [p for p in text.replace(" ", "").split("+")]
    if text.endswith("++"):  # "ctrl++" means ctrl and the plus key
        parts = [*text[:-2].split("+"), "+"]
    names = [_key_name(p) for p in parts]
    *mods, last = names
    if last in MODIFIERS and mods:
        raise ActionError(f"key: chord {shown(keys)} has no key after its modifiers")
    for mod in mods:
        if mod not in MODIFIERS:
            raise ActionError(
                f"key: in chord {shown(keys)}, {mod!r} is not a modifier; only the last part "
                f"may be a plain key, the others must be {', '.join(MODIFIERS)}"
            )
    if len(set(mods)) != len(mods):
        raise ActionError(f"key: chord {shown(keys)} repeats a modifier")
    ordered = sorted(mods, key=MODIFIERS.index)
    return "+".join([*ordered, last])


def _label(value: object, field: str, verb: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ActionError(
            f"{verb}: field {field!r} must be a non-empty label string, got {shown(value)}"
        )
    if len(value) > MAX_LABEL_LENGTH:
        raise ActionError(
            f"{verb}: field {field!r} is {len(value)} characters; at most {MAX_LABEL_LENGTH}"
        )
    return value.strip()


def _int_like(value: object, field: str, verb: str) -> int:
    """A whole number from an int, an integral float (2.0) or ASCII digits ("2")."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str):
        number = ascii_whole(value)
    if number is None:
        raise ActionError(
            f"{verb}: field {field!r} must be a whole number written with the digits 0-9, "
            f"got {shown(value)}"
        )
    return number


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Action:
    """One validated step of the vocabulary. Build with :meth:`make` or :meth:`from_dict`.

    ``target_id``/``to_id`` are set only by the harness (from the numbered menu) to say
    which of several same-labelled elements was meant; brains name labels.
    """

    verb: str
    target: str | None = None
    target_id: int | None = None
    button: str = "left"
    clicks: int = 1
    text: str | None = None
    keys: str | None = None
    direction: str | None = None
    amount: int = 1
    to: str | None = None
    to_id: int | None = None
    seconds: float | None = None
    until: str | None = None
    window: str | None = None
    reason: str | None = None

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def make(cls, verb: str, **fields: Any) -> Action:
        """Build an action from a verb and keyword fields, validating both."""
        return cls.from_dict({"verb": verb, **fields})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Build from a mapping such as ``{"verb": "click", "target": "Save"}``."""
        if not isinstance(data, Mapping):
            raise ActionError(f"an action must be a JSON object, got {type(data).__name__}")
        verb = data.get("verb", data.get("action"))
        if not isinstance(verb, str) or verb.strip().lower() not in VERB_TABLE:
            raise ActionError(f"verb: unknown verb {shown(verb)}; allowed: {', '.join(VERB_TABLE)}")
        verb = verb.strip().lower()
        fields = {k: v for k, v in data.items() if k not in ("verb", "action")}
        spec = VERB_TABLE[verb]
        required, optional = frozenset(spec.required), frozenset(spec.optional)
        missing = sorted(required - fields.keys())
        if missing:
            raise ActionError(
                f"{verb}: missing field {missing[0]!r}; {verb} needs {', '.join(sorted(required))}"
            )
        unexpected = sorted(fields.keys() - required - optional, key=shown)
        if unexpected:
            allowed = sorted(required | optional) or ["(no fields)"]
            raise ActionError(
                f"{verb}: unexpected field {shown(unexpected[0])}="
                f"{shown(fields[unexpected[0]])}; {verb} takes {', '.join(allowed)}"
            )
        kwargs: dict[str, Any] = {"verb": verb}
        for name, value in fields.items():
            coerce = _COERCE.get(name)
            kwargs[name] = value if coerce is None else coerce(value, name, verb)
        return cls(**kwargs)

    @classmethod
    def from_json(cls, text: str) -> Action:
        """Parse one action from JSON text."""
        if not isinstance(text, (str, bytes)):
            raise ActionError(f"action JSON must be text, got {type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ActionError(
                f"action JSON is malformed at line {exc.lineno} column {exc.colno}: {exc.msg}"
            ) from exc
        except (ValueError, RecursionError) as exc:  # 4,300+ digits; nested 1,000 deep
            raise ActionError(f"action JSON is not usable: {shown(str(exc), 120)}") from exc
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """The action's own fields only (defaults left out), ready for JSON."""
        out: dict[str, Any] = {"verb": self.verb}
        for name in sorted(VERB_TABLE[self.verb].fields):
            value = getattr(self, name)
            default = _DEFAULTS.get(name)
            if value is not None and value != default:
                out[name] = value
        return out

    def describe(self) -> str:
        """One line a person can read: ``click 'Save'``, ``key ctrl+s``."""
        return VERB_TABLE[self.verb].describe(self)

    @property
    def targets(self) -> tuple[str, ...]:
        """Every label this action refers to (drag has two)."""
        return tuple(t for t in (self.target, self.to) if t)


_DEFAULTS: Final[Mapping[str, object]] = {"button": "left", "clicks": 1, "amount": 1}

#: Fields that are None unless the verb takes them, in the order they are checked.
_NULLABLE: Final = tuple(
    sorted(
        (f.name for f in dataclasses.fields(Action) if f.name not in ("verb", *_DEFAULTS)),
        key=lambda name: name.endswith("_id"),
    )
)


def _seconds(value: object, field: str = "seconds", verb: str = "wait") -> float:
    bad = ActionError(f"{verb}: field {field!r} must be a number of seconds, got {shown(value)}")
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise bad
    if isinstance(value, str) and len(value) > 40:  # float() reads any length; no need
        raise bad
    try:
        return float(value)
    except (ValueError, OverflowError):  # "soon"; 10**400 is too big for a float
        raise bad from None


def _element_id(value: object, field: str, verb: str) -> int | None:
    return None if value is None else _int_like(value, field, verb)


#: How :meth:`Action.from_dict` reads a field that arrived as text or a float ("2", 2.0).
_COERCE: Final[Mapping[str, Callable[[object, str, str], object]]] = {
    "clicks": _int_like,
    "amount": _int_like,
    "target_id": _element_id,
    "to_id": _element_id,
    "seconds": _seconds,
    "until": lambda value, field, verb: value.strip().lower() if isinstance(value, str) else value,
}


# Per-verb checks: each gets an action whose fields are present and allowed, and whose
# labels are already cleaned, and raises ActionError naming the bad value.


def _check_click(a: Action) -> None:
    if a.button not in BUTTONS:
        raise ActionError(
            f"click: field 'button' is {shown(a.button)}; allowed: {', '.join(BUTTONS)}"
        )
    if a.clicks not in (1, 2):
        raise ActionError(f"click: field 'clicks' is {shown(a.clicks)}; allowed: 1 or 2")


def _check_type(a: Action) -> None:
    if not isinstance(a.text, str) or not a.text:
        raise ActionError(f"type: field 'text' must be a non-empty string, got {shown(a.text)}")
    if len(a.text) > MAX_TEXT_LENGTH:
        raise ActionError(
            f"type: field 'text' is {len(a.text)} characters; at most {MAX_TEXT_LENGTH}"
        )


def _check_key(a: Action) -> None:
    object.__setattr__(a, "keys", normalize_keys(a.keys or ""))


def _check_scroll(a: Action) -> None:
    direction = a.direction.lower() if isinstance(a.direction, str) else a.direction
    if direction not in SCROLL_DIRECTIONS:
        raise ActionError(
            f"scroll: field 'direction' is {shown(a.direction)}; "
            f"allowed: {', '.join(SCROLL_DIRECTIONS)}"
        )
    object.__setattr__(a, "direction", direction)
    if isinstance(a.amount, bool) or not isinstance(a.amount, int):
        raise ActionError(f"scroll: field 'amount' must be a whole number, got {shown(a.amount)}")
    if not 1 <= a.amount <= MAX_SCROLL:
        raise ActionError(
            f"scroll: field 'amount' is {shown(a.amount)}; allowed: 1 to {MAX_SCROLL} notches"
        )


def _check_labels_only(a: Action) -> None:
    """drag and move: their labels were checked with every other verb's."""


def _check_wait(a: Action) -> None:
    s = a.seconds
    if not isinstance(s, (int, float)) or isinstance(s, bool):
        raise ActionError(f"wait: field 'seconds' must be a number, got {shown(s)}")
    if not 0 < s <= MAX_WAIT_SECONDS:  # also refuses nan, inf and 10**400
        raise ActionError(
            f"wait: field 'seconds' is {shown(s)}; allowed: more than 0, "
            f"at most {MAX_WAIT_SECONDS:g}"
        )


def _check_wait_for(a: Action) -> None:
    until = a.until if a.until is not None else ("text" if a.text else "change")
    if until not in WAIT_UNTIL:
        raise ActionError(
            f"wait_for: field 'until' is {shown(a.until)}; allowed: {', '.join(WAIT_UNTIL)}"
        )
    object.__setattr__(a, "until", until)
    if (until == "text") != bool(a.text):
        raise ActionError(
            "wait_for: give 'text' (the text to wait for) with until='text', and only then; "
            f"got until={until!r} and text={shown(a.text)}"
        )
    if a.text is not None and (not isinstance(a.text, str) or len(a.text) > MAX_LABEL_LENGTH):
        raise ActionError(
            f"wait_for: field 'text' must be text of at most {MAX_LABEL_LENGTH} characters, "
            f"got {shown(a.text)}"
        )
    s = a.seconds
    if s is None:
        return
    if not isinstance(s, (int, float)) or isinstance(s, bool) or not 0 < s <= MAX_WAIT_FOR_SECONDS:
        raise ActionError(
            f"wait_for: field 'seconds' (the deadline) is {shown(s)}; allowed: more than 0, "
            f"at most {MAX_WAIT_FOR_SECONDS:g}"
        )


def _check_seek(a: Action) -> None:
    _label(a.text, "text", "seek")
    if a.target is not None:
        _label(a.target, "target", "seek")


def _describe_seek(a: Action) -> str:
    where = f" by scrolling {a.target!r}" if a.target else " by scrolling"
    return f"look for {a.text!r}{where}"


def _check_focus(a: Action) -> None:
    window: object = a.window
    if isinstance(window, int) and not isinstance(window, bool) and 0 < window < 2**32:
        window = f"0x{window:x}"  # an X id given as a number
    object.__setattr__(a, "window", _label(window, "window", "focus"))


def _check_done(a: Action) -> None:
    if a.reason is None:
        return
    if not isinstance(a.reason, str):
        raise ActionError(f"done: field 'reason' must be a string, got {shown(a.reason)}")
    if len(a.reason) > MAX_TEXT_LENGTH:
        raise ActionError(f"done: field 'reason' is longer than {MAX_TEXT_LENGTH}")


# Per-verb describers: one line a person can read.


def _describe_click(a: Action) -> str:
    kind = {1: "", 2: "double-"}[a.clicks]
    button = "" if a.button == "left" else f"{a.button}-"
    return f"{kind}{button}click {a.target!r}"


def _describe_type(a: Action) -> str:
    where = f" into {a.target!r}" if a.target else ""
    return f"type {a.text!r}{where}"


def _describe_key(a: Action) -> str:
    return f"key {a.keys}"


def _describe_scroll(a: Action) -> str:
    where = f" over {a.target!r}" if a.target else ""
    return f"scroll {a.direction} x{a.amount}{where}"


def _describe_drag(a: Action) -> str:
    return f"drag {a.target!r} to {a.to!r}"


def _describe_move(a: Action) -> str:
    return f"move to {a.target!r}"


def _describe_wait(a: Action) -> str:
    return f"wait {a.seconds:g}s"


def _describe_wait_for(a: Action) -> str:
    what = {"text": f"{a.text!r} to appear", "change": "a change", "still": "stillness"}
    where = f" in {a.target!r}" if a.target else ""
    limit = f" (up to {a.seconds:g}s)" if a.seconds is not None else ""
    return f"wait for {what[a.until or 'change']}{where}{limit}"


def _describe_zoom(a: Action) -> str:
    return f"zoom on {a.target!r}"


def _describe_focus(a: Action) -> str:
    return f"focus window {a.window!r}"


def _describe_done(a: Action) -> str:
    return f"done ({a.reason})" if a.reason else "done"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class VerbSpec:
    """One verb of the vocabulary, as every part of the harness sees it.

    ``required``/``optional`` name :class:`Action` fields (``target_id``/``to_id`` are
    the harness's, optional wherever their label is). ``settles``: the real executor
    waits for the screen to stop changing after it. ``harness``: the harness carries it
    out itself, by looking (waiting, zooming; seeking, whose scrolls go through the
    executor and the policy like any action), and no executor sees the verb itself.
    ``advances``: carrying it out is a part of the goal done (``seek`` and ``focus`` are
    not: they bring the next action's target into view, so a planner's count of the
    parts done skips them).
    ``check`` raises ActionError on a bad value; ``describe`` gives the line
    :meth:`Action.describe` returns.
    """

    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()
    settles: bool
    harness: bool = False
    advances: bool = True
    check: Callable[[Action], None]
    describe: Callable[[Action], str]

    @property
    def fields(self) -> tuple[str, ...]:
        """Every field the verb takes, required ones first."""
        return self.required + self.optional

    @property
    def needs_target(self) -> bool:
        """The verb acts on an element on screen and cannot do without one."""
        return "target" in self.required

    @property
    def takes_target(self) -> bool:
        """The verb may name an element on screen (``type`` and ``scroll`` clicks or
        points there first)."""
        return "target" in self.fields


def _table(*specs: VerbSpec) -> Mapping[str, VerbSpec]:
    return {spec.name: spec for spec in specs}


#: The vocabulary: one line per verb. See the module docstring to add one.
VERB_TABLE: Final[Mapping[str, VerbSpec]] = _table(
    VerbSpec(name="click", required=("target",), optional=("button", "clicks", "target_id"),
             settles=True, check=_check_click, describe=_describe_click),
    VerbSpec(name="type", required=("text",), optional=("target", "target_id"),
             settles=True, check=_check_type, describe=_describe_type),
    VerbSpec(name="key", required=("keys",),
             settles=True, check=_check_key, describe=_describe_key),
    VerbSpec(name="scroll", required=("direction",), optional=("amount", "target", "target_id"),
             settles=True, check=_check_scroll, describe=_describe_scroll),
    VerbSpec(name="drag", required=("target", "to"), optional=("target_id", "to_id"),
             settles=True, check=_check_labels_only, describe=_describe_drag),
    VerbSpec(name="move", required=("target",), optional=("target_id",),
             settles=True, check=_check_labels_only, describe=_describe_move),
    VerbSpec(name="wait", required=("seconds",),
             settles=False, check=_check_wait, describe=_describe_wait),
    VerbSpec(name="wait_for", required=(),
             optional=("text", "until", "seconds", "target", "target_id"),
             settles=False, harness=True, check=_check_wait_for, describe=_describe_wait_for),
    VerbSpec(name="zoom", required=("target",), optional=("target_id",),
             settles=False, harness=True, check=_check_labels_only, describe=_describe_zoom),
    VerbSpec(name="seek", required=("text",), optional=("target", "target_id"),
             settles=False, harness=True, advances=False, check=_check_seek,
             describe=_describe_seek),
    VerbSpec(name="focus", required=("window",),
             settles=True, advances=False, check=_check_focus, describe=_describe_focus),
    VerbSpec(name="done", required=(), optional=("reason",),
             settles=False, check=_check_done, describe=_describe_done),
)  # fmt: skip

VERBS: Final = tuple(VERB_TABLE)


def _validate(a: Action) -> None:
    spec = VERB_TABLE.get(a.verb) if isinstance(a.verb, str) else None
    if spec is None:
        raise ActionError(f"verb: unknown verb {shown(a.verb)}; allowed: {', '.join(VERB_TABLE)}")
    _check_fields(a, spec)
    for name in ("target", "to"):
        value = getattr(a, name)
        if value is not None:
            object.__setattr__(a, name, _label(value, name, a.verb))
    spec.check(a)
    for name in ("target_id", "to_id"):
        value = getattr(a, name)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or abs(value) > _MAX_ID
        ):
            raise ActionError(f"{a.verb}: field {name!r} must be an element id, got {shown(value)}")
    for name in _TEXT_FIELDS:
        value = getattr(a, name)
        if isinstance(value, str) and not is_text(value):
            raise ActionError(
                f"{a.verb}: field {name!r} is not valid text: it holds a lone surrogate "
                "(half of a UTF-16 pair), which no file or keyboard can carry"
            )


#: The fields that hold text, checked to be real Unicode (see :func:`is_text`).
_TEXT_FIELDS: Final = (
    "target", "to", "text", "keys", "reason", "button", "direction", "until", "window",
)  # fmt: skip
#: The largest element id (ids count the elements of one frame).
_MAX_ID: Final = 2**31


#: A quoted string in a goal ("click 'Save'", "name it “Q3”"): its quote marks stand apart
#: from words, so the apostrophes of "I don't want it, it's wrong" are not a quote.
QUOTED: Final = re.compile(r"(?<!\w)[\"'“‘«]([^\"'”’»]+)[\"'”’»](?!\w)")


def printable(text: str) -> str:
    """``text`` with each lone surrogate (argv bytes that were not UTF-8 come through as
    them; a reply may hold JSON's ``"\\ud800"``) shown as its escape, so that a UTF-8
    terminal, log or trace can hold it."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def is_text(value: str) -> bool:
    """Whether ``value`` is real Unicode text: JSON's ``"\\ud800"`` escapes and some
    decoders make strings with lone surrogates, which cannot be written as UTF-8."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_fields(a: Action, spec: VerbSpec) -> None:
    """Required fields are set; fields the verb does not take are unset or at their default."""
    v, required, allowed = a.verb, frozenset(spec.required), frozenset(spec.fields)
    for name in _NULLABLE:
        value = getattr(a, name)
        if name in required and value is None:
            raise ActionError(f"{v}: missing field {name!r}")
        if value is not None and name not in allowed:
            raise ActionError(f"{v}: unexpected field {name!r}={shown(value)}")
    for name, default in _DEFAULTS.items():
        if getattr(a, name) != default and name not in allowed:
            owners = " and ".join(s.name for s in VERB_TABLE.values() if name in s.fields)
            raise ActionError(f"{v}: field {name!r} belongs to {owners} only")


def check_batch(actions: Sequence[Action]) -> tuple[Action, ...]:
    """``actions`` as a batch, or ActionError saying why they must go one at a time.

    A batch is what a person does without looking in between: at most :data:`MAX_BATCH`
    clicks, typing and keys, where only the first may be a click (to focus a field),
    and a key before the last action only moves focus (Tab, shift+Tab). Anything
    whose effect the next action depends on (a second click, a Return mid-way, a
    scroll) is not obviously sequential, so it is not a batch.
    """
    batch = tuple(actions)
    if not 2 <= len(batch) <= MAX_BATCH:
        raise ActionError(f"a batch holds 2 to {MAX_BATCH} actions, got {len(batch)}")
    for i, a in enumerate(batch):
        if not isinstance(a, Action):
            raise ActionError(f"batch item {i + 1} is not an action: {shown(a)}")
        where = f"batch item {i + 1} ({a.describe()})"
        if a.verb not in ("click", "type", "key"):
            raise ActionError(f"{where}: only click, type and key go in a batch; do it alone")
        if a.verb == "click" and (i > 0 or a.clicks != 1 or a.button != "left"):
            raise ActionError(
                f"{where}: only the first action of a batch may click, once, with the left "
                "button (to focus a field); what a later click does depends on the screen"
            )
        if a.verb == "key" and i < len(batch) - 1 and a.keys not in _FOCUS_KEYS:
            raise ActionError(
                f"{where}: before the last action a batch may press only "
                f"{' or '.join(_FOCUS_KEYS)}; a key such as Return changes the screen"
            )
    return batch
