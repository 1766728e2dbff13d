"""The tools an MCP client sees: names, descriptions and JSON schemas (standard library).

The schemas are data, versioned by :data:`TOOLS_VERSION`; the SDK glue
(:mod:`._server`) turns each :class:`ToolSpec` into the SDK's ``Tool`` and the desk
(:mod:`._desk`) reads the arguments with :func:`read_arguments`, which refuses what a
schema does not allow (an unknown field, a wrong type) with a message naming the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from .._actions import BUTTONS, SCROLL_DIRECTIONS, VERB_TABLE, shown
from .._errors import ActionError
from .._waiting import WAKE_REASONS

__all__ = [
    "ACT_VERBS",
    "EVENTS_URI",
    "EVENT_TEMPLATE",
    "FRAME_ANCHORS",
    "MAX_FRAMES",
    "MAX_MENU",
    "RECENT_SECONDS",
    "TOOLS",
    "TOOLS_VERSION",
    "ToolSpec",
    "read_arguments",
]

#: Bumped whenever a tool, an argument or a reply's meaning changes (2: frames; act
#: asks the person through elicitation before an irreversible press).
TOOLS_VERSION: Final = "2"
#: The most entries ``observe`` shows (its ``limit``).
MAX_MENU: Final = 100
#: The most frames ``frames`` returns (its ``limit``): as many as the frame ring keeps.
MAX_FRAMES: Final = 8
#: What ``frames``' times count from: the start of the last act, or now.
FRAME_ANCHORS: Final = ("act", "now")
#: How far back ``frames`` looks by default from now: the frame ring's ten seconds.
RECENT_SECONDS: Final = 10.0
#: The session's events as one JSON array (a resource), and one event by its ``seq``.
EVENTS_URI: Final = "session://current/events"
EVENT_TEMPLATE: Final = "session://current/events/{seq}"
#: The verbs ``act`` takes: the vocabulary's input verbs. ``wait_for`` is its own tool;
#: ``zoom``, ``seek`` (the harness's looks) and ``done`` (an episode's end) are not offered.
ACT_VERBS: Final = tuple(
    name for name, spec in VERB_TABLE.items() if not spec.harness and name != "done"
)

_TARGET: Final = {
    "type": ["integer", "string"],
    "description": "a number on the last observe's menu, or an element's label ('Save')",
}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ToolSpec:
    """One tool: its ``name``, a one-line ``title``, the ``description`` a model reads,
    the JSON ``schema`` of its arguments, and whether it only looks (``read_only``)."""

    name: str
    title: str
    description: str
    schema: Mapping[str, Any]
    read_only: bool = True


def _object(properties: Mapping[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "properties": dict(properties),
        "additionalProperties": False,
    }
    if required:
        out["required"] = list(required)
    return out


_OBSERVE: Final = ToolSpec(
    name="observe",
    title="Look at the screen",
    description=(
        "Capture the screen and return its numbered menu: one line per element, with its "
        "kind ([button], [field] = value, [check] ☑/☐...) and, when several windows show, "
        "the window's title. act's numbers refer to the menu of the latest observe. "
        "image: true adds the frame as a PNG."
    ),
    schema=_object(
        {
            "image": {"type": "boolean", "default": False, "description": "add the PNG"},
            "goal": {"type": "string", "description": "rank a long menu by these words"},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_MENU,
                      "description": "entries shown (default: the server's --menu-size)"},
        }
    ),
)  # fmt: skip

_ACT: Final = ToolSpec(
    name="act",
    title="Do one action",
    description=(
        "Do one action on a menu entry: click, type text (into target, or where the focus "
        "is), key (a chord such as ctrl+s), scroll, drag (target to 'to'), move, wait, "
        "focus (a window by title). The server's policy judges it first (deny lists, "
        "irreversible targets, the kill switch) and a refusal names its rule. An armed "
        "server asks the person before a press that cannot be undone (MCP elicitation; "
        "refused when the client cannot ask or the person does not accept). A dry run "
        "(nothing touched) unless the server was armed where it runs. Call observe again "
        "afterwards: the screen may have changed and the menu numbers with it."
    ),
    schema=_object(
        {
            "verb": {"type": "string", "enum": list(ACT_VERBS)},
            "target": _TARGET,
            "text": {"type": "string", "description": "type: the text to type"},
            "keys": {"type": "string", "description": "key: a chord, e.g. ctrl+s, Return"},
            "direction": {"type": "string", "enum": list(SCROLL_DIRECTIONS)},
            "amount": {"type": "integer", "minimum": 1, "description": "scroll: notches"},
            "to": {**_TARGET, "description": "drag: where to drop (number or label)"},
            "button": {"type": "string", "enum": list(BUTTONS)},
            "clicks": {"type": "integer", "minimum": 1, "maximum": 3},
            "seconds": {"type": "number", "description": "wait: how long"},
            "window": {"type": "string", "description": "focus: the window's title"},
        },
        ("verb",),
    ),
    read_only=False,
)

_WAIT_FOR: Final = ToolSpec(
    name="wait_for",
    title="Wait for the screen",
    description=(
        "Watch the screen (or one menu entry's area: target) without acting, until text is "
        "visible (until: text), it changed and held still (change), or it held still "
        "(still); gives up after seconds (capped by the server's --max-wait)."
    ),
    schema=_object(
        {
            "until": {"type": "string", "enum": list(WAKE_REASONS[:3]),
                      "description": "default: text when text is given, else change"},
            "text": {"type": "string"},
            "seconds": {"type": "number", "exclusiveMinimum": 0, "description": "deadline"},
            "target": {**_TARGET, "description": "watch only this entry's area"},
        }
    ),
)  # fmt: skip

_VERIFY: Final = ToolSpec(
    name="verify",
    title="Is this text visible?",
    description="Capture the screen and say whether the text is visible (labels, prose, "
    "field values). It does not change act's menu numbers.",
    schema=_object({"text": {"type": "string", "minLength": 1}}, ("text",)),
)

_DOCTOR: Final = ToolSpec(
    name="doctor",
    title="What this server can do",
    description="The server's checks (display, capture, input, OCR; or the remote's "
    "health), whether it is armed or a dry run, and the kill-switch file.",
    schema=_object({}),
)

_FRAMES: Final = ToolSpec(
    name="frames",
    title="What the screen went through",
    description=(
        "The frames the screen showed between two times, from the server's frame ring (its "
        "last seconds, in memory): by default from just before the last act until its "
        "screen settled. since and until are seconds from the start of the last act "
        "(relative_to: act, the default once an act was done) or from now (relative_to: "
        "now, e.g. since: -5). The frame showing at since comes first; each frame is a PNG "
        "after a line with its time. A replay (--image) or a remote screen keeps no ring: "
        "it returns the frame last observed."
    ),
    schema=_object(
        {
            "since": {"type": "number",
                      "description": "seconds; default 0 (act) or -10 (now)"},
            "until": {"type": "number", "description": "seconds; default: when the act's "
                      "screen settled (act), or 0 (now); not before since"},
            "relative_to": {"type": "string", "enum": list(FRAME_ANCHORS)},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_FRAMES,
                      "description": "the most frames returned (default 8): the first, the "
                      "last and others evenly between"},
        }
    ),
)  # fmt: skip

#: Every tool, in the order ``tools/list`` shows them.
TOOLS: Final[tuple[ToolSpec, ...]] = (_OBSERVE, _ACT, _WAIT_FOR, _VERIFY, _FRAMES, _DOCTOR)

_JSON_TYPES: Final[Mapping[str, tuple[type, ...]]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
}


def read_arguments(spec: ToolSpec, arguments: Mapping[str, Any] | None) -> dict[str, Any]:
    """``arguments`` checked against ``spec``'s schema (fields, types, required fields);
    ActionError naming the field and what it takes otherwise. Values are checked further
    where they are used (an Action's own validation, the menu's lookup)."""
    given = dict(arguments or {})
    properties: Mapping[str, Any] = spec.schema["properties"]
    unknown = sorted(set(given) - set(properties), key=shown)
    if unknown:
        takes = ", ".join(properties) or "no arguments"
        raise ActionError(f"{spec.name}: unknown argument {shown(unknown[0])}; it takes {takes}")
    for name in spec.schema.get("required", ()):
        if name not in given:
            raise ActionError(f"{spec.name}: the argument {name!r} is required")
    for name, value in given.items():
        kinds = properties[name].get("type", "string")
        kinds = [kinds] if isinstance(kinds, str) else kinds
        ok = any(
            isinstance(value, _JSON_TYPES[k]) and (k == "boolean" or not isinstance(value, bool))
            for k in kinds
        )
        if not ok:
            raise ActionError(
                f"{spec.name}: {name} must be {' or '.join(kinds)}, got {shown(value)}"
            )
    return given
