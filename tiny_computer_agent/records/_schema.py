"""The trace schema: Expected, TraceStep and Trace, and their strict reader.

A trace is one JSON object (``schema_version`` 4). It keeps what the harness *saw* and
*did*, never what the screen looked like: each frame's element index (labels, boxes,
sources, confidences, frame size, frame-to-screen mapping, prose), the menu shown, the
brain's decision (its action, menu choice and raw reply), whether the policy allowed it,
the result, the verifier's outcome, timings, and the versions of the harness and brain.
No pixels: :attr:`Observation.image` is never written.

    {"format": "tiny-computer-agent/trace", "schema_version": 4,
     "task": "example-save", "goal": "click 'Save'", "menu_size": 12,
     "harness_version": "0.1.0", "brain": {"name": "planner", "settings": {}},
     "dry_run": true, "verify_text": "Saved", "outcome": "verified", "reason": "...",
     "expected": {"labels": ["Save"], "refusal": null},   # a trace with this is a scenario
     "metadata": {"source": "synthetic", ...},
     "steps": [{"index": 1, "frame": {...}, "menu": ["1. File", ...], "decision": {...},
                "allowed": true, "refusal": null, "result": {...}, "error": null,
                "timings": {"observe": 0.01, "decide": 0.001}}],
     "final": {...}}

Version 3 added what long tasks need: a decision's ``batch`` (the actions after its
``action``, done without a look in between), a result's ``passive`` (the screen was
left as it was) and ``woke`` (what ended a ``wait_for``), and the verbs ``wait_for`` and
``zoom``. A version-2 trace has none of them and is read as it is (:func:`migrate_v2`);
a harness that reads only version 2 refuses a version-3 trace instead of dropping a
batch unread.

Version 4 added what an element *is*: its ``kind`` (button, field, check...), ``window``
(an X window id), ``state`` flags, ``value`` and ``uid``, each written only when set, and
a frame's ``windows`` (title, box, id). A version-3 trace has none and is read as it is
(:func:`migrate_v3`); its elements are of unknown kind, as they were.

A step's ``refusal`` is ``{"rule": ..., "message": ...}`` and its ``error`` is
``{"kind": ..., "message": ...}`` (a kind from :data:`~tiny_computer_agent._contracts.
ERROR_KINDS`). Version 1 wrote both as ``"rule: message"`` text; such a trace is
migrated as it is read (:func:`migrate_v1`), so old traces load unchanged.

Loading is strict: a truncated, malformed, oversized or unknown-version file, a missing
or mistyped field, or a trace with no frames raises :class:`TraceError` naming the file
and the field.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from .._actions import Action
from .._contracts import ERROR_KINDS, ActionResult, Asked, Decision, Refusal, Step, StepError
from .._elements import (
    KINDS,
    SOURCES,
    STATES,
    Element,
    FrameMapping,
    Observation,
    Window,
    normalize_label,
)
from .._errors import ActionError
from .._loop import OUTCOMES, render_step
from .._menu import DEFAULT_MENU_SIZE
from .._version import __version__
from .._waiting import WAKE_REASONS
from ._jsonio import FieldReader, short, write_atomic

__all__ = [
    "SCHEMA_VERSION",
    "TRACE_FORMAT",
    "Expected",
    "Trace",
    "TraceReader",
    "TraceStep",
    "migrate_v1",
    "migrate_v2",
]

SCHEMA_VERSION: Final = 4
TRACE_FORMAT: Final = "tiny-computer-agent/trace"
#: What else this harness writes as JSON beside traces: a folder of traces may hold
#: them (``--scoreboard-json``, the pool's ``scoreboard.json``), and loading skips them.
SCOREBOARD_FORMAT: Final = "tiny-computer-agent/scoreboard"
POOL_SCOREBOARD_FORMAT: Final = "tiny-computer-agent/pool-scoreboard"

_TOP_FIELDS: Final = frozenset(
    {
        "format", "schema_version", "task", "goal", "menu_size", "harness_version", "brain",
        "dry_run", "verify_text", "outcome", "reason", "expected", "metadata", "steps", "final",
    }
)  # fmt: skip
_STEP_FIELDS: Final = frozenset(
    {"index", "frame", "menu", "decision", "allowed", "refusal", "result", "error", "timings"}
)
_EXPECTED_FIELDS: Final = frozenset({"labels", "refusal", "give_up", "text"})

#: The largest pixel coordinate or frame side read (a screen is thousands of pixels; a
#: bigger number is corruption, and would overflow float arithmetic on boxes).
MAX_PIXELS: Final = 1_000_000
#: Frame-to-screen scales outside this range are not a real downscale or HiDPI factor.
_SCALES: Final = (0.001, 1000.0)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Expected:
    """The right answer on a scenario's first frame.

    ``labels``: the target(s) a correct decision names (any one; normalised text).
    ``refusal``: set when the policy must refuse the choice -- a rule name such as
    ``"denied-widget"``, or ``"any"``; ``labels`` then names the target to be refused.
    ``give_up``: nothing on the frame fits the goal; only a brain that gives up
    (``GoalUnreachable``) is right. ``text``: what a correct ``type`` decision types
    (compared on normalised text), when the answer is typing into a field.
    """

    labels: tuple[str, ...] = ()
    refusal: str | None = None
    give_up: bool = False
    text: str | None = None

    def __post_init__(self) -> None:
        if self.give_up and (self.labels or self.refusal or self.text):
            raise ValueError("an answer that gives up names no labels, refusal or text")
        if not self.labels and not self.refusal and not self.give_up:
            raise ValueError(
                "an expected answer needs labels (e.g. labels=('Save',)), a refusal "
                "(e.g. refusal='denied-widget') or give_up=True (nothing fits)"
            )
        for label in self.labels:
            if not normalize_label(label):
                raise ValueError(f"expected label {label!r} is blank: there is nothing to match")

    def matches(self, text: str) -> bool:
        """Whether ``text`` is one of the expected labels, on normalised text."""
        key = normalize_label(text)
        return bool(key) and any(key == normalize_label(label) for label in self.labels)

    def types_right(self, typed: str | None) -> bool:
        """Whether a decision that typed ``typed`` typed what is expected (always true
        when no text is expected)."""
        if self.text is None:
            return True
        return normalize_label(typed or "") == normalize_label(self.text)

    def describe(self) -> str:
        """``'Save'``, ``'Save' or 'OK'``, ``a refusal (denied-widget) of 'Terminal'``."""
        return self.describe_of(self.labels, self.refusal)

    @staticmethod
    def describe_of(labels: Sequence[str], refusal: str | None) -> str:
        said = " or ".join(repr(label) for label in labels)
        if not refusal:
            return said or "giving up (nothing fits)"
        return f"a refusal ({refusal})" + (f" of {said}" if said else "")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"labels": list(self.labels), "refusal": self.refusal}
        if self.give_up:
            data["give_up"] = True
        if self.text is not None:
            data["text"] = self.text
        return data


def without_pixels(observation: Observation) -> Observation:
    """The observation with its image dropped (what a trace keeps)."""
    return dataclasses.replace(observation, image=None)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class TraceStep:
    """One recorded turn of the loop (a :class:`Step` without pixels)."""

    index: int
    frame: Observation | None
    menu: tuple[str, ...] = ()
    decision: Decision | None = None
    refusal: Refusal | None = None
    result: ActionResult | None = None
    error: StepError | None = None
    timings: Mapping[str, float] = dataclasses.field(default_factory=dict)

    @property
    def allowed(self) -> bool | None:
        """True when the policy let the action through, False when it refused it, None
        when no check decided it (no decision, ``done``, a target that was not found)."""
        if self.refusal is not None:
            return False
        return True if self.result is not None else None

    @classmethod
    def of(cls, step: Step) -> TraceStep:
        return cls(
            index=step.index,
            frame=None if step.observation is None else without_pixels(step.observation),
            menu=tuple(step.menu),
            decision=step.decision,
            refusal=step.refusal,
            result=step.result,
            error=step.error,
            timings={k: round(v, 6) for k, v in step.timings.items()},
        )

    def to_step(self) -> Step:
        """The loop's Step again, for a brain's history during replay."""
        return Step(
            index=self.index,
            observation=self.frame,
            menu=self.menu,
            decision=self.decision,
            result=self.result,
            refusal=self.refusal,
            error=self.error,
            timings=dict(self.timings),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "frame": None if self.frame is None else self.frame.to_dict(),
            "menu": list(self.menu),
            "decision": None if self.decision is None else self.decision.to_dict(),
            "allowed": self.allowed,
            "refusal": None if self.refusal is None else self.refusal.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "error": None if self.error is None else self.error.to_dict(),
            "timings": dict(self.timings),
        }


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Trace:
    """A recorded run, without pixels. With ``expected`` it is a scenario.

    ``source`` is where it was loaded from (for error messages); it is not saved.
    """

    task: str
    goal: str
    steps: tuple[TraceStep, ...]
    menu_size: int = DEFAULT_MENU_SIZE
    harness_version: str = __version__
    brain: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    dry_run: bool = True
    verify_text: str | None = None
    outcome: str = ""
    reason: str = ""
    expected: Expected | None = None
    metadata: Mapping[str, str] = dataclasses.field(default_factory=dict)
    final: Observation | None = None
    source: str = dataclasses.field(default="<memory>", compare=False)

    @property
    def frames(self) -> tuple[TraceStep, ...]:
        """The steps that saw a frame (a step cut short by the kill switch saw none)."""
        return tuple(s for s in self.steps if s.frame is not None)

    @property
    def brain_name(self) -> str:
        return str(self.brain.get("name", "unknown"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": TRACE_FORMAT,
            "schema_version": SCHEMA_VERSION,
            "task": self.task,
            "goal": self.goal,
            "menu_size": self.menu_size,
            "harness_version": self.harness_version,
            "brain": dict(self.brain),
            "dry_run": self.dry_run,
            "verify_text": self.verify_text,
            "outcome": self.outcome,
            "reason": self.reason,
            "expected": None if self.expected is None else self.expected.to_dict(),
            "metadata": dict(self.metadata),
            "steps": [s.to_dict() for s in self.steps],
            "final": None if self.final is None else self.final.to_dict(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False, allow_nan=False) + "\n"

    @classmethod
    def from_dict(cls, data: object, *, source: str = "<memory>") -> Trace:
        """Build from parsed JSON, strictly; TraceError names ``source`` and the field."""
        return TraceReader(source).trace(data)

    def save(self, path: str | Path) -> Path:
        """Write the trace as JSON, atomically (a temp file, then ``os.replace``)."""
        return write_atomic(path, self.to_json())

    def render(self) -> str:
        """The trace as a person reads it: header, one block per step, the verifier."""
        where = self.metadata.get("source", "")
        settings = json.dumps(dict(self.brain.get("settings", {})), sort_keys=True)
        lines = [
            f"trace: {self.task}" + (f" ({where})" if where else ""),
            f"goal: {self.goal}",
            f"brain: {self.brain_name} {settings} - harness {self.harness_version} - "
            f"menu size {self.menu_size} - {'dry run' if self.dry_run else 'REAL INPUT'}",
        ]
        if self.expected is not None:
            lines.append(f"expected: {self.expected.describe()}")
        for step in self.steps:
            lines.extend(render_step(step.to_step()))
            if step.decision is not None and step.allowed is not None:
                lines.append("  policy: " + ("allowed" if step.allowed else "refused"))
        verify = f" (verify text {self.verify_text!r})" if self.verify_text else ""
        lines.append(f"verifier: {self.outcome} - {self.reason}{verify}")
        return "\n".join(lines)


# -- version 1 -------------------------------------------------------------------------

#: How version 1 wrote a step error's kind: as the start of its text.
_V1_ERROR_PREFIXES: Final = (
    ("no screen: ", "no-screen"),
    ("goal unreachable: ", "goal-unreachable"),
    ("brain error: ", "brain-error"),
    ("no progress: ", "no-progress"),
    ("target not found: ", "target-not-found"),
)


def _v1_error(text: str) -> dict[str, str]:
    for prefix, kind in _V1_ERROR_PREFIXES:
        if text.startswith(prefix):
            return {"kind": kind, "message": text[len(prefix) :]}
    return {"kind": "action-failed", "message": text}


def _v1_refusal(text: str) -> dict[str, str]:
    rule, _, message = text.partition(":")
    return {"rule": rule.strip(), "message": message.strip()}


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 trace (already a JSON object) as version 2: each step's ``refusal``
    and ``error`` text becomes fields. Values that are not text are left for the strict
    reader to name."""
    steps = data.get("steps")
    if not isinstance(steps, list):
        return {**data, "schema_version": 2}
    return {**data, "schema_version": 2, "steps": [_v1_step(s) for s in steps]}


def _v1_step(step: object) -> object:
    if not isinstance(step, dict):
        return step
    new = dict(step)
    if isinstance(new.get("refusal"), str):
        new["refusal"] = _v1_refusal(new["refusal"])
    if isinstance(new.get("error"), str):
        new["error"] = _v1_error(new["error"])
    return new


def migrate_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A version-2 trace as version 3: nothing to change (it has no batches, passive
    steps or waits), only the version."""
    return {**data, "schema_version": 3}


def migrate_v3(data: dict[str, Any]) -> dict[str, Any]:
    """A version-3 trace as version 4: nothing to change (its elements carry no kind,
    window or state, which read as unknown), only the version."""
    return {**data, "schema_version": 4}


#: Older schema versions this harness reads, each with its upgrade to the next.
_MIGRATIONS: Final = {1: migrate_v1, 2: migrate_v2, 3: migrate_v3}


# -- reading ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class TraceReader(FieldReader):
    """The strict reader of the loop's values and of a trace (see :class:`FieldReader`)."""

    def element(self, value: object, where: str) -> Element:
        data = self.obj(value, where)
        box = self.array(self.get(data, "box", where), f"{where}.box")
        nums = [self.pixel(v, f"{where}.box[{i}]") for i, v in enumerate(box)]
        if len(nums) != 4 or nums[2] < nums[0] or nums[3] < nums[1]:
            raise self.fail(f"{where}.box", f"must be [left, top, right, bottom], got {short(box)}")
        confidence = self.number(data.get("confidence", 1.0), f"{where}.confidence")
        if not 0.0 <= confidence <= 1.0:
            raise self.fail(f"{where}.confidence", f"must be from 0 to 1, got {confidence:g}")
        value = data.get("value")
        return Element(
            label=self.text(self.get(data, "label", where), f"{where}.label"),
            box=(nums[0], nums[1], nums[2], nums[3]),
            source=self.choice(data.get("source", "ocr"), f"{where}.source", SOURCES),
            confidence=round(confidence, 4),  # as saved: a loaded trace saves unchanged
            id=self.whole(self.get(data, "id", where), f"{where}.id", minimum=1),
            kind=self.choice(data.get("kind", ""), f"{where}.kind", KINDS),
            window=self.whole(data.get("window", 0), f"{where}.window", minimum=0),
            state=frozenset(
                self.choice(flag, f"{where}.state[{i}]", STATES)
                for i, flag in enumerate(self.array(data.get("state", []), f"{where}.state"))
            ),
            value=None if value is None else self.text(value, f"{where}.value"),
            uid=self.text(data.get("uid", ""), f"{where}.uid"),
        )

    def window(self, value: object, where: str) -> Window:
        data = self.obj(value, where)
        pid = data.get("pid")
        bar = data.get("title_bar")
        return Window(
            title=self.text(data.get("title", ""), f"{where}.title"),
            box=self.screen_box(self.get(data, "box", where), f"{where}.box"),
            id=self.whole(data.get("id", 0), f"{where}.id", minimum=0),
            pid=None if pid is None else self.whole(pid, f"{where}.pid", minimum=0),
            title_bar=None if bar is None else self.screen_box(bar, f"{where}.title_bar"),
            wm_class=self.texts(data.get("wm_class", []), f"{where}.wm_class"),
            process=self.text(data.get("process", ""), f"{where}.process"),
            role=self.text(data.get("role", ""), f"{where}.role"),
            pty=bool(data.get("pty", False)),
            transient_for=self.whole(
                data.get("transient_for", 0), f"{where}.transient_for", minimum=0
            ),
            override=bool(data.get("override", False)),
            layer=self.text(data.get("layer", ""), f"{where}.layer"),
        )

    def screen_box(self, value: object, where: str) -> tuple[int, int, int, int]:
        box = self.array(value, where)
        nums = [self.whole(v, f"{where}[{i}]") for i, v in enumerate(box)]
        if len(nums) != 4 or nums[2] < nums[0] or nums[3] < nums[1]:
            raise self.fail(where, f"must be [left, top, right, bottom], got {short(box)}")
        return (nums[0], nums[1], nums[2], nums[3])

    def pixel(self, value: object, where: str, minimum: int | None = None) -> int:
        """A pixel coordinate or size, at most :data:`MAX_PIXELS` by size."""
        return self.whole(value, where, minimum=minimum, maximum=MAX_PIXELS)

    def mapping(self, value: object, where: str) -> FrameMapping:
        data = self.obj(value, where)
        scales = [self.number(data.get(k, 1.0), f"{where}.{k}") for k in ("scale_x", "scale_y")]
        low, high = _SCALES
        if not all(low <= s <= high for s in scales):
            raise self.fail(where, f"must have scales from {low:g} to {high:g}, got {scales}")
        return FrameMapping(
            left=self.pixel(data.get("left", 0), f"{where}.left"),
            top=self.pixel(data.get("top", 0), f"{where}.top"),
            scale_x=scales[0],
            scale_y=scales[1],
        )

    def frame(self, value: object, where: str) -> Observation:
        data = self.obj(value, where)
        size = self.array(self.get(data, "size", where), f"{where}.size")
        dims = [self.pixel(v, f"{where}.size[{i}]", minimum=1) for i, v in enumerate(size)]
        if len(dims) != 2:
            raise self.fail(f"{where}.size", f"must be [width, height], got {short(size)}")
        raw = self.array(self.get(data, "elements", where), f"{where}.elements")
        elements = tuple(self.element(e, f"{where}.elements[{i}]") for i, e in enumerate(raw))
        ids = [e.id for e in elements]
        if len(set(ids)) != len(ids):
            raise self.fail(f"{where}.elements", f"repeats an element id: {short(ids)}")
        return Observation(
            elements=elements,
            size=(dims[0], dims[1]),
            mapping=self.mapping(data.get("mapping", {}), f"{where}.mapping"),
            prose=self.texts(data.get("prose", []), f"{where}.prose"),
            notes=self.texts(data.get("notes", []), f"{where}.notes"),
            windows=tuple(
                self.window(w, f"{where}.windows[{i}]")
                for i, w in enumerate(self.array(data.get("windows", []), f"{where}.windows"))
            ),
            scrollbars=tuple(
                self.screen_box(b, f"{where}.scrollbars[{i}]")
                for i, b in enumerate(self.array(data.get("scrollbars", []), f"{where}.scrollbars"))
            ),
            hidden_windows=tuple(
                self.window(w, f"{where}.hidden_windows[{i}]")
                for i, w in enumerate(
                    self.array(data.get("hidden_windows", []), f"{where}.hidden_windows")
                )
            ),
        )

    def decision(self, value: object, where: str) -> Decision:
        data = self.obj(value, where)
        action_data = self.plain(
            self.obj(self.get(data, "action", where), f"{where}.action"), f"{where}.action"
        )
        try:
            action = Action.from_dict(action_data)
        except ActionError as exc:
            raise self.fail(f"{where}.action", f"is not a valid action: {exc}") from exc
        choice, sure, asked = data.get("choice"), data.get("confidence"), data.get("asked")
        batch = []
        for i, item in enumerate(self.array(data.get("batch", []), f"{where}.batch")):
            at = f"{where}.batch[{i}]"
            try:
                batch.append(Action.from_dict(self.plain(self.obj(item, at), at)))
            except ActionError as exc:
                raise self.fail(at, f"is not a valid action: {exc}") from exc
        try:
            return Decision(
                action=action,
                choice=None if choice is None else self.whole(choice, f"{where}.choice", minimum=1),
                reply=self.text(data.get("reply", ""), f"{where}.reply"),
                note=self.text(data.get("note", ""), f"{where}.note"),
                batch=tuple(batch),
                confidence=None if sure is None else self.number(sure, f"{where}.confidence"),
                asked=None if asked is None else self.asked(asked, f"{where}.asked"),
            )
        except ActionError as exc:
            raise self.fail(f"{where}.batch", f"is not a batch: {exc}") from exc

    def asked(self, value: object, where: str) -> Asked:
        """The question a person answered for a decision (``Decision.asked``)."""
        data = self.obj(value, where)
        options = self.texts(self.get(data, "options", where), f"{where}.options")
        return Asked(
            who=self.text(self.get(data, "who", where), f"{where}.who"),
            question=self.text(data.get("question", ""), f"{where}.question"),
            options=options,
            answer=self.whole(
                self.get(data, "answer", where), f"{where}.answer", minimum=1, maximum=len(options)
            ),
        )

    def point(self, value: object, where: str) -> tuple[int, int]:
        pair = [self.pixel(v, f"{where}[{i}]") for i, v in enumerate(self.array(value, where))]
        if len(pair) != 2:
            raise self.fail(where, f"must be [x, y], got {short(value)}")
        return pair[0], pair[1]

    def result(self, value: object, where: str) -> ActionResult:
        data = self.obj(value, where)
        points = self.array(data.get("points", []), f"{where}.points")
        settle, woke = data.get("settle_seconds"), data.get("woke")
        return ActionResult(
            ok=self.flag(self.get(data, "ok", where), f"{where}.ok"),
            description=self.text(data.get("description", ""), f"{where}.description"),
            points=tuple(self.point(p, f"{where}.points[{i}]") for i, p in enumerate(points)),
            dry_run=self.flag(data.get("dry_run", True), f"{where}.dry_run"),
            error=self.text(data.get("error", ""), f"{where}.error"),
            settle_seconds=None if settle is None else self.number(settle, f"{where}.settle"),
            passive=self.flag(data.get("passive", False), f"{where}.passive"),
            woke=None if woke is None else self.choice(woke, f"{where}.woke", WAKE_REASONS),
        )

    def refusal(self, value: object, where: str) -> Refusal | None:
        if value is None:
            return None
        data = self.obj(value, where, frozenset({"rule", "message"}))
        return Refusal(
            rule=self.text(self.get(data, "rule", where), f"{where}.rule", empty=False),
            message=self.text(data.get("message", ""), f"{where}.message"),
        )

    def error(self, value: object, where: str) -> StepError | None:
        if value is None:
            return None
        data = self.obj(value, where, frozenset({"kind", "message"}))
        kind = self.choice(self.get(data, "kind", where), f"{where}.kind", ERROR_KINDS)
        message = self.text(data.get("message", ""), f"{where}.message")
        return StepError(kind=kind, message=message)  # type: ignore[arg-type]

    # -- values of the trace --

    def expected(self, value: object, where: str) -> Expected | None:
        if value is None:
            return None
        data = self.obj(value, where, _EXPECTED_FIELDS)
        labels = self.texts(data.get("labels", []), f"{where}.labels")
        refusal = self.opt_text(data.get("refusal"), f"{where}.refusal")
        give_up = self.flag(data.get("give_up", False), f"{where}.give_up")
        text = self.opt_text(data.get("text"), f"{where}.text")
        try:
            return Expected(labels=labels, refusal=refusal or None, give_up=give_up, text=text)
        except ValueError as exc:
            raise self.fail(where, f"is not an answer: {exc}") from exc

    def timings(self, value: object, where: str) -> dict[str, float]:
        data = self.obj(value, where)
        return {self.text(k, where): self.number(v, f"{where}.{k}") for k, v in data.items()}

    def step(self, value: object, where: str) -> TraceStep:
        data = self.obj(value, where, _STEP_FIELDS)
        frame = data.get("frame")
        decision, result = data.get("decision"), data.get("result")
        step = TraceStep(
            index=self.whole(self.get(data, "index", where), f"{where}.index", minimum=1),
            frame=None if frame is None else self.frame(frame, f"{where}.frame"),
            menu=self.texts(data.get("menu", []), f"{where}.menu"),
            decision=None if decision is None else self.decision(decision, f"{where}.decision"),
            refusal=self.refusal(data.get("refusal"), f"{where}.refusal"),
            result=None if result is None else self.result(result, f"{where}.result"),
            error=self.error(data.get("error"), f"{where}.error"),
            timings=self.timings(data.get("timings", {}), f"{where}.timings"),
        )
        allowed = data.get("allowed")
        if allowed is not None:
            self.flag(allowed, f"{where}.allowed")
        if allowed != step.allowed:
            raise self.fail(
                f"{where}.allowed",
                f"is {short(allowed)} but the step's refusal/result say {step.allowed}",
            )
        return step

    def upgraded(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` checked for the trace format and brought to :data:`SCHEMA_VERSION`."""
        fmt = self.get(data, "format", "")
        if fmt != TRACE_FORMAT:
            raise self.fail("format", f"is {short(fmt)}, not {TRACE_FORMAT!r}: not a trace")
        version = self.get(data, "schema_version", "")
        known = (*_MIGRATIONS, SCHEMA_VERSION)
        if isinstance(version, bool) or version not in known:
            raise self.fail(
                "schema_version",
                f"is {short(version)}; this harness reads versions "
                f"{', '.join(map(str, known))} (upgrade tiny-computer-agent, or record the "
                "trace again)",
            )
        while version != SCHEMA_VERSION:
            data = _MIGRATIONS[version](data)
            version = data["schema_version"]
        return data

    def trace(self, value: object) -> Trace:
        data = self.upgraded(self.obj(value, "", _TOP_FIELDS))
        raw_steps = self.array(self.get(data, "steps", ""), "steps")
        steps = tuple(self.step(s, f"steps[{i}]") for i, s in enumerate(raw_steps))
        if not any(s.frame is not None for s in steps):
            raise self.fail("steps", "holds no frames: there is nothing to replay")
        brain = self.plain(self.obj(self.get(data, "brain", ""), "brain"), "brain")
        self.text(self.get(brain, "name", "brain"), "brain.name", empty=False)
        self.obj(self.get(brain, "settings", "brain"), "brain.settings")
        metadata = self.obj(data.get("metadata", {}), "metadata")
        final = data.get("final")
        outcome = data.get("outcome", "")
        return Trace(
            task=self.text(self.get(data, "task", ""), "task", empty=False),
            goal=self.text(self.get(data, "goal", ""), "goal", empty=False),
            steps=steps,
            menu_size=self.whole(self.get(data, "menu_size", ""), "menu_size", minimum=1),
            harness_version=self.text(self.get(data, "harness_version", ""), "harness_version"),
            brain=brain,
            dry_run=self.flag(data.get("dry_run", True), "dry_run"),
            verify_text=self.opt_text(data.get("verify_text"), "verify_text"),
            outcome=self.choice(outcome, "outcome", ("", *OUTCOMES)),
            reason=self.text(data.get("reason", ""), "reason"),
            expected=self.expected(data.get("expected"), "expected"),
            metadata={
                self.text(k, "metadata"): self.text(v, f"metadata.{k}") for k, v in metadata.items()
            },
            final=None if final is None else self.frame(final, "final"),
            source=self.source,
        )
