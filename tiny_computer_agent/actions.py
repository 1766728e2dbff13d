"""The closed action vocabulary: eight verbs, each validated when it is built.

An :class:`Action` names *what* to do and *which* element to do it to (by label);
it never carries coordinates. Mapping a label to a pixel is the harness's job.

    click   target, button=left|right|middle, clicks=1|2
    type    text, target (optional: clicked first)
    key     keys: one key or a chord in xdotool names ("Return", "ctrl+s")
    scroll  direction=up|down|left|right, amount=1..MAX_SCROLL, target (optional)
    drag    target, to
    move    target
    wait    seconds in (0, MAX_WAIT_SECONDS]
    done    reason (optional)
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping
from typing import Any, Final

from .errors import ActionError

__all__ = [
    "BUTTONS",
    "KEY_ALIASES",
    "MAX_SCROLL",
    "MAX_TEXT_LENGTH",
    "MAX_WAIT_SECONDS",
    "MODIFIERS",
    "SCROLL_DIRECTIONS",
    "VERBS",
    "Action",
    "normalize_keys",
]

VERBS: Final = ("click", "type", "key", "scroll", "drag", "move", "wait", "done")
BUTTONS: Final = ("left", "right", "middle")
SCROLL_DIRECTIONS: Final = ("up", "down", "left", "right")
MAX_TEXT_LENGTH: Final = 500
MAX_LABEL_LENGTH: Final = 200
MAX_SCROLL: Final = 20
MAX_WAIT_SECONDS: Final = 10.0

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

_FIELDS: Final[Mapping[str, tuple[frozenset[str], frozenset[str]]]] = {
    # verb: (required fields, optional fields)
    "click": (frozenset({"target"}), frozenset({"button", "clicks", "target_id"})),
    "type": (frozenset({"text"}), frozenset({"target", "target_id"})),
    "key": (frozenset({"keys"}), frozenset()),
    "scroll": (frozenset({"direction"}), frozenset({"amount", "target", "target_id"})),
    "drag": (frozenset({"target", "to"}), frozenset({"target_id", "to_id"})),
    "move": (frozenset({"target"}), frozenset({"target_id"})),
    "wait": (frozenset({"seconds"}), frozenset()),
    "done": (frozenset(), frozenset({"reason"})),
}


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
    if upper.startswith("F") and upper[1:].isdigit() and 1 <= int(upper[1:]) <= 24:
        return upper
    raise ActionError(
        f"key: unknown key name {raw!r}; use a single character, F1-F24, one of "
        f"{', '.join(_NAMED_KEYS)}, or a modifier ({', '.join(MODIFIERS)})"
    )


def normalize_keys(keys: str) -> str:
    """Return the canonical chord for ``keys`` ("Ctrl+S" -> "ctrl+s", "enter" -> "Return").

    A chord is zero or more modifiers followed by exactly one key, joined by ``+``.
    """
    if not isinstance(keys, str) or not keys.strip():
        raise ActionError(f"key: keys must be a non-empty string such as 'ctrl+s', got {keys!r}")
    text = keys.strip()
    parts = ["+"] if text == "+" else [p for p in text.replace(" ", "").split("+")]
    if text.endswith("++"):  # "ctrl++" means ctrl and the plus key
        parts = [*text[:-2].split("+"), "+"]
    names = [_key_name(p) for p in parts]
    *mods, last = names
    if last in MODIFIERS and mods:
        raise ActionError(f"key: chord {keys!r} has no key after its modifiers")
    for mod in mods:
        if mod not in MODIFIERS:
            raise ActionError(
                f"key: in chord {keys!r}, {mod!r} is not a modifier; only the last part "
                f"may be a plain key, the others must be {', '.join(MODIFIERS)}"
            )
    if len(set(mods)) != len(mods):
        raise ActionError(f"key: chord {keys!r} repeats a modifier")
    ordered = sorted(mods, key=MODIFIERS.index)
    return "+".join([*ordered, last])


def _label(value: object, field: str, verb: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ActionError(
            f"{verb}: field {field!r} must be a non-empty label string, got {value!r}"
        )
    if len(value) > MAX_LABEL_LENGTH:
        raise ActionError(
            f"{verb}: field {field!r} is {len(value)} characters; at most {MAX_LABEL_LENGTH}"
        )
    return value.strip()


def _int_like(value: object, field: str, verb: str) -> int:
    if isinstance(value, bool):
        raise ActionError(f"{verb}: field {field!r} must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    raise ActionError(f"{verb}: field {field!r} must be a whole number, got {value!r}")


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
        if not isinstance(verb, str) or verb.strip().lower() not in VERBS:
            raise ActionError(f"verb: unknown verb {verb!r}; allowed: {', '.join(VERBS)}")
        verb = verb.strip().lower()
        fields = {k: v for k, v in data.items() if k not in ("verb", "action")}
        required, optional = _FIELDS[verb]
        missing = sorted(required - fields.keys())
        if missing:
            raise ActionError(
                f"{verb}: missing field {missing[0]!r}; {verb} needs {', '.join(sorted(required))}"
            )
        unexpected = sorted(fields.keys() - required - optional)
        if unexpected:
            allowed = sorted(required | optional) or ["(no fields)"]
            raise ActionError(
                f"{verb}: unexpected field {unexpected[0]!r}={fields[unexpected[0]]!r}; "
                f"{verb} takes {', '.join(allowed)}"
            )
        kwargs: dict[str, Any] = {"verb": verb}
        for name, value in fields.items():
            if name in ("target_id", "to_id") and value is None:
                kwargs[name] = None
            elif name in ("clicks", "amount", "target_id", "to_id"):
                kwargs[name] = _int_like(value, name, verb)
            elif name == "seconds":
                kwargs[name] = _seconds(value)
            else:
                kwargs[name] = value
        return cls(**kwargs)

    @classmethod
    def from_json(cls, text: str) -> Action:
        """Parse one action from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ActionError(
                f"action JSON is malformed at line {exc.lineno} column {exc.colno}: {exc.msg}"
            ) from exc
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """The action's own fields only (defaults left out), ready for JSON."""
        out: dict[str, Any] = {"verb": self.verb}
        required, optional = _FIELDS[self.verb]
        for name in sorted(required | optional):
            value = getattr(self, name)
            default = _DEFAULTS.get(name)
            if value is not None and value != default:
                out[name] = value
        return out

    def describe(self) -> str:
        """One line a person can read: ``click 'Save'``, ``key ctrl+s``."""
        v = self.verb
        if v == "click":
            kind = {1: "", 2: "double-"}[self.clicks]
            button = "" if self.button == "left" else f"{self.button}-"
            return f"{kind}{button}click {self.target!r}"
        if v == "type":
            where = f" into {self.target!r}" if self.target else ""
            return f"type {self.text!r}{where}"
        if v == "key":
            return f"key {self.keys}"
        if v == "scroll":
            where = f" over {self.target!r}" if self.target else ""
            return f"scroll {self.direction} x{self.amount}{where}"
        if v == "drag":
            return f"drag {self.target!r} to {self.to!r}"
        if v == "move":
            return f"move to {self.target!r}"
        if v == "wait":
            return f"wait {self.seconds:g}s"
        return f"done ({self.reason})" if self.reason else "done"

    @property
    def targets(self) -> tuple[str, ...]:
        """Every label this action refers to (drag has two)."""
        return tuple(t for t in (self.target, self.to) if t)


_DEFAULTS: Final[Mapping[str, object]] = {"button": "left", "clicks": 1, "amount": 1}


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ActionError(f"wait: field 'seconds' must be a number, got {value!r}")
    try:
        seconds = float(value)
    except ValueError:
        raise ActionError(f"wait: field 'seconds' must be a number, got {value!r}") from None
    return seconds


def _validate(a: Action) -> None:
    v = a.verb
    if v not in VERBS:
        raise ActionError(f"verb: unknown verb {v!r}; allowed: {', '.join(VERBS)}")
    required, optional = _FIELDS[v]
    allowed = required | optional
    for name in ("target", "text", "keys", "direction", "to", "seconds", "reason",
                 "target_id", "to_id"):  # fmt: skip
        value = getattr(a, name)
        if name in required and value is None:
            raise ActionError(f"{v}: missing field {name!r}")
        if value is not None and name not in allowed:
            raise ActionError(f"{v}: unexpected field {name!r}={value!r}")
    if v != "click" and (a.button != "left" or a.clicks != 1):
        raise ActionError(f"{v}: fields 'button' and 'clicks' belong to click only")
    if v != "scroll" and a.amount != 1:
        raise ActionError(f"{v}: field 'amount' belongs to scroll only")
    for name in ("target", "to"):
        value = getattr(a, name)
        if value is not None:
            object.__setattr__(a, name, _label(value, name, v))
    if v == "click":
        if a.button not in BUTTONS:
            raise ActionError(
                f"click: field 'button' is {a.button!r}; allowed: {', '.join(BUTTONS)}"
            )
        if a.clicks not in (1, 2):
            raise ActionError(f"click: field 'clicks' is {a.clicks!r}; allowed: 1 or 2")
    elif v == "type":
        if not isinstance(a.text, str) or not a.text:
            raise ActionError(f"type: field 'text' must be a non-empty string, got {a.text!r}")
        if len(a.text) > MAX_TEXT_LENGTH:
            raise ActionError(
                f"type: field 'text' is {len(a.text)} characters; at most {MAX_TEXT_LENGTH}"
            )
    elif v == "key":
        object.__setattr__(a, "keys", normalize_keys(a.keys or ""))
    elif v == "scroll":
        direction = a.direction.lower() if isinstance(a.direction, str) else a.direction
        if direction not in SCROLL_DIRECTIONS:
            raise ActionError(
                f"scroll: field 'direction' is {a.direction!r}; "
                f"allowed: {', '.join(SCROLL_DIRECTIONS)}"
            )
        object.__setattr__(a, "direction", direction)
        if isinstance(a.amount, bool) or not isinstance(a.amount, int):
            raise ActionError(f"scroll: field 'amount' must be a whole number, got {a.amount!r}")
        if not 1 <= a.amount <= MAX_SCROLL:
            raise ActionError(
                f"scroll: field 'amount' is {a.amount}; allowed: 1 to {MAX_SCROLL} notches"
            )
    elif v == "wait":
        s = a.seconds
        if not isinstance(s, (int, float)) or isinstance(s, bool) or not math.isfinite(s):
            raise ActionError(f"wait: field 'seconds' must be a number, got {s!r}")
        if not 0 < s <= MAX_WAIT_SECONDS:
            raise ActionError(
                f"wait: field 'seconds' is {s:g}; allowed: more than 0, at most "
                f"{MAX_WAIT_SECONDS:g}"
            )
    elif v == "done" and a.reason is not None:
        if not isinstance(a.reason, str):
            raise ActionError(f"done: field 'reason' must be a string, got {a.reason!r}")
        if len(a.reason) > MAX_TEXT_LENGTH:
            raise ActionError(f"done: field 'reason' is longer than {MAX_TEXT_LENGTH}")
    for name in ("target_id", "to_id"):
        value = getattr(a, name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ActionError(f"{v}: field {name!r} must be an element id, got {value!r}")
