"""Portable traces: a run recorded without pixels, replayed against any brain offline.

A trace is one JSON object (``schema_version`` 1). It keeps what the harness *saw* and
*did*, never what the screen looked like: each frame's element index (labels, boxes,
sources, confidences, frame size, frame-to-screen mapping, prose), the menu shown, the
brain's decision (its action, menu choice and raw reply), whether the policy allowed it,
the result, the verifier's outcome, timings, and the versions of the harness and brain.
No pixels: :attr:`Observation.image` is never written.

    {"format": "tiny-computer-agent/trace", "schema_version": 1,
     "task": "example-save", "goal": "click 'Save'", "menu_size": 12,
     "harness_version": "0.1.0", "brain": {"name": "planner", "settings": {}},
     "dry_run": true, "verify_text": "Saved", "outcome": "verified", "reason": "...",
     "expected": {"labels": ["Save"], "refusal": null},   # a trace with this is a scenario
     "metadata": {"source": "synthetic", ...},
     "steps": [{"index": 1, "frame": {...}, "menu": ["1. File", ...], "decision": {...},
                "allowed": true, "refusal": null, "result": {...}, "error": null,
                "timings": {"observe": 0.01, "decide": 0.001}}],
     "final": {...}}

A scenario asks one question: what should be done on its first frame. The answer is
``expected.labels`` (any of them, compared on normalised text) or, with
``expected.refusal``, a choice the policy must refuse (a rule name, or ``"any"``).

Loading is strict: a truncated, malformed, oversized or wrong-version file, a missing
or mistyped field, or a trace with no frames raises :class:`TraceError` naming the file
and the field. :func:`replay` runs any brain over a trace's frames -- the frames are the
fixture, the brain is the only variable, and nothing is captured or clicked.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from . import __version__
from .actions import Action
from .brains import brain_identity
from .contracts import ActionResult, Brain, Decision, Step
from .errors import ActionError, BrainError, TraceError
from .loop import Episode, render_step
from .menu import DEFAULT_MENU_SIZE, Menu, build_menu
from .perception import SOURCES, Element, FrameMapping, Observation, normalize_label

__all__ = [
    "MAX_TRACE_BYTES",
    "SCHEMA_VERSION",
    "TRACE_FORMAT",
    "Expected",
    "FieldReader",
    "ReplayedFrame",
    "Trace",
    "TraceStep",
    "decisions_equal",
    "load_trace",
    "load_traces",
    "read_json_file",
    "rebuild_menu",
    "record",
    "replay",
    "replay_frames",
    "write_atomic",
]

SCHEMA_VERSION: Final = 1
TRACE_FORMAT: Final = "tiny-computer-agent/trace"
#: Traces hold no pixels, so a real one is kilobytes; anything bigger is refused unread.
MAX_TRACE_BYTES: Final = 20 * 1024 * 1024

_TOP_FIELDS: Final = frozenset(
    {
        "format", "schema_version", "task", "goal", "menu_size", "harness_version", "brain",
        "dry_run", "verify_text", "outcome", "reason", "expected", "metadata", "steps", "final",
    }
)  # fmt: skip
_STEP_FIELDS: Final = frozenset(
    {"index", "frame", "menu", "decision", "allowed", "refusal", "result", "error", "timings"}
)
_EXPECTED_FIELDS: Final = frozenset({"labels", "refusal"})


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Expected:
    """The right answer on a scenario's first frame.

    ``labels``: the target(s) a correct decision names (any one; normalised text).
    ``refusal``: set when the policy must refuse the choice -- a rule name such as
    ``"denied-widget"``, or ``"any"``; ``labels`` then names the target to be refused.
    """

    labels: tuple[str, ...] = ()
    refusal: str | None = None

    def __post_init__(self) -> None:
        if not self.labels and not self.refusal:
            raise ValueError(
                "an expected answer needs labels (e.g. labels=('Save',)) or a refusal "
                "(e.g. refusal='denied-widget')"
            )
        for label in self.labels:
            if not normalize_label(label):
                raise ValueError(f"expected label {label!r} has no letters or digits to match")

    def matches(self, text: str) -> bool:
        """Whether ``text`` is one of the expected labels, on normalised text."""
        key = normalize_label(text)
        return bool(key) and any(key == normalize_label(label) for label in self.labels)

    def describe(self) -> str:
        """``'Save'``, ``'Save' or 'OK'``, ``a refusal (denied-widget) of 'Terminal'``."""
        return self.describe_of(self.labels, self.refusal)

    @staticmethod
    def describe_of(labels: Sequence[str], refusal: str | None) -> str:
        said = " or ".join(repr(label) for label in labels)
        if not refusal:
            return said or "(nothing)"
        return f"a refusal ({refusal})" + (f" of {said}" if said else "")

    def to_dict(self) -> dict[str, Any]:
        return {"labels": list(self.labels), "refusal": self.refusal}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class TraceStep:
    """One recorded turn of the loop (a :class:`Step` without pixels)."""

    index: int
    frame: Observation | None
    menu: tuple[str, ...] = ()
    decision: Decision | None = None
    refusal: str | None = None
    result: ActionResult | None = None
    error: str | None = None
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
            frame=None if step.observation is None else _without_pixels(step.observation),
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
            "refusal": self.refusal,
            "result": None if self.result is None else self.result.to_dict(),
            "error": self.error,
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
        return FieldReader(source).trace(data)

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


def _without_pixels(observation: Observation) -> Observation:
    return dataclasses.replace(observation, image=None)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:60] or "task"


def _expected_of(expected: Expected | str | Iterable[str] | None) -> Expected | None:
    if expected is None or isinstance(expected, Expected):
        return expected
    labels = (expected,) if isinstance(expected, str) else tuple(expected)
    return Expected(labels=labels) if labels else None


def record(
    episode: Episode,
    *,
    brain: Brain,
    expected: Expected | str | Iterable[str] | None = None,
    menu_size: int = DEFAULT_MENU_SIZE,
    task: str | None = None,
    metadata: Mapping[str, str] | None = None,
) -> Trace:
    """A trace of ``episode`` as run by ``brain`` (its identity is recorded, not its state).

    ``menu_size`` must be the one the episode ran with: every recorded menu is checked
    against the menu this harness rebuilds, so a replay shows the brain the same menu.
    ``expected`` (labels or an :class:`Expected`) makes the trace a scenario. TraceError
    when the episode saw no frame at all (the kill switch or a dead screen stopped it).
    """
    steps = tuple(TraceStep.of(s) for s in episode.steps)
    if not any(s.frame is not None for s in steps):
        raise TraceError(
            f"the episode saw no frame ({episode.outcome}: {episode.reason}), so there is "
            "nothing to record; fix what stopped it and run again"
        )
    for step in steps:
        if step.frame is not None and _menu_of(step.frame, episode.goal, menu_size) != step.menu:
            raise ValueError(
                f"step {step.index}: the recorded menu is not the one build_menu makes with "
                f"menu_size={menu_size}; pass the menu_size the episode ran with"
            )
    trace = Trace(
        task=task or _slug(episode.goal),
        goal=episode.goal,
        steps=steps,
        menu_size=menu_size,
        brain=brain_identity(brain),
        dry_run=episode.dry_run,
        verify_text=episode.verify_text,
        outcome=episode.outcome,
        reason=episode.reason,
        expected=_expected_of(expected),
        metadata=dict(metadata or {}),
        final=None if episode.final is None else _without_pixels(episode.final),
    )
    # what is returned is exactly what load_trace(save(...)) gives back (rounding included)
    return Trace.from_dict(json.loads(trace.to_json()), source="<recording>")


def _menu_of(frame: Observation, goal: str, menu_size: int) -> tuple[str, ...]:
    return build_menu(frame, goal, menu_size).lines()


def write_atomic(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` through a temp file in the same directory and
    ``os.replace``, so a reader never sees half a file. OSError if it cannot."""
    target = Path(path)
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o644  # mkstemp makes 0600
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


# -- loading ---------------------------------------------------------------------------


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def read_json_file(path: str | Path, *, what: str = "trace") -> object:
    """Parse a JSON file of at most MAX_TRACE_BYTES; TraceError names the file and why."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_TRACE_BYTES + 1)
    except OSError as exc:
        raise TraceError(f"{p}: cannot read the {what} file ({exc.strerror or exc})") from exc
    if len(raw) > MAX_TRACE_BYTES:
        raise TraceError(
            f"{p}: the {what} file is larger than {MAX_TRACE_BYTES // (1024 * 1024)} MB; "
            f"a {what} holds no pixels, so this is not one (or it is corrupt)"
        )
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError as exc:
        raise TraceError(f"{p}: the {what} file is not UTF-8 text (byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        cut = " (the file looks truncated)" if exc.pos >= len(raw.rstrip()) else ""
        raise TraceError(
            f"{p}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}{cut}"
        ) from exc
    except (ValueError, RecursionError) as exc:
        raise TraceError(f"{p}: the {what} file is not usable JSON: {exc}") from exc


def load_trace(path: str | Path) -> Trace:
    """Load and validate one trace file; TraceError names the file and the bad field."""
    return Trace.from_dict(read_json_file(path), source=str(path))


def load_traces(path: str | Path) -> tuple[Trace, ...]:
    """Every ``*.json`` trace in directory ``path`` (sorted by name), or the one file.

    TraceError when the path does not exist, a directory holds no traces, or any file
    is bad -- never a partial list.
    """
    p = Path(path)
    if p.is_file():
        return (load_trace(p),)
    if not p.is_dir():
        raise TraceError(f"{p}: no such trace file or directory")
    files = sorted(f for f in p.glob("*.json") if f.is_file())
    if not files:
        raise TraceError(f"{p}: the directory holds no traces (no *.json files)")
    return tuple(load_trace(f) for f in files)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) <= _MAX_FLOAT  # a 400-digit integer is not a float
    return isinstance(value, float) and math.isfinite(value)


_MAX_FLOAT: Final = 1e308


@dataclasses.dataclass(frozen=True, slots=True)
class FieldReader:
    """Strict conversion of parsed JSON into trace values; every failure is a TraceError
    naming the file (``source``), the field, what was found and what was expected."""

    source: str
    what: str = "trace"
    fix: str = "fix the field or record the trace again"

    def fail(self, where: str, problem: str) -> TraceError:
        field = f"field {where!r}" if where else f"the {self.what}"
        return TraceError(f"{self.source}: {field} {problem}; {self.fix}")

    def obj(self, value: object, where: str, known: frozenset[str] | None = None) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a JSON object, got {_short(value)}")
        if known is not None:
            extra = sorted(str(k) for k in value if k not in known)
            if extra:
                raise self.fail(
                    f"{where}.{extra[0]}" if where else extra[0],
                    f"is not a field of this schema (allowed: {', '.join(sorted(known))})",
                )
        return value

    def get(self, data: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in data:
            raise self.fail(f"{where}.{key}" if where else key, "is missing")
        return data[key]

    def text(self, value: object, where: str, *, empty: bool = True) -> str:
        if not isinstance(value, str) or (not empty and not value.strip()):
            want = "a string" if empty else "a non-empty string"
            raise self.fail(where, f"must be {want}, got {_short(value)}")
        return value

    def opt_text(self, value: object, where: str) -> str | None:
        return None if value is None else self.text(value, where)

    def whole(self, value: object, where: str, minimum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"must be a whole number, got {_short(value)}")
        if minimum is not None and value < minimum:
            raise self.fail(where, f"must be at least {minimum}, got {value}")
        return value

    def number(self, value: object, where: str) -> float:
        if not _is_number(value):
            raise self.fail(where, f"must be a finite number, got {_short(value)}")
        return float(value)  # type: ignore[arg-type]

    def flag(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"must be true or false, got {_short(value)}")
        return value

    def array(self, value: object, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a JSON list, got {_short(value)}")
        return value

    def texts(self, value: object, where: str) -> tuple[str, ...]:
        return tuple(self.text(v, f"{where}[{i}]") for i, v in enumerate(self.array(value, where)))

    # -- values of the core --

    def element(self, value: object, where: str) -> Element:
        data = self.obj(value, where)
        box = self.array(self.get(data, "box", where), f"{where}.box")
        nums = [self.whole(v, f"{where}.box[{i}]") for i, v in enumerate(box)]
        if len(nums) != 4 or nums[2] < nums[0] or nums[3] < nums[1]:
            raise self.fail(f"{where}.box", f"must be [left, top, right, bottom], got {box}")
        source = self.text(data.get("source", "ocr"), f"{where}.source")
        if source not in SOURCES:
            raise self.fail(f"{where}.source", f"is {source!r}; allowed: {', '.join(SOURCES)}")
        return Element(
            label=self.text(self.get(data, "label", where), f"{where}.label"),
            box=(nums[0], nums[1], nums[2], nums[3]),
            source=source,
            confidence=self.number(data.get("confidence", 1.0), f"{where}.confidence"),
            id=self.whole(self.get(data, "id", where), f"{where}.id", minimum=1),
        )

    def mapping(self, value: object, where: str) -> FrameMapping:
        data = self.obj(value, where)
        scales = [self.number(data.get(k, 1.0), f"{where}.{k}") for k in ("scale_x", "scale_y")]
        if min(scales) <= 0:
            raise self.fail(where, f"must have positive scales, got {scales}")
        return FrameMapping(
            left=self.whole(data.get("left", 0), f"{where}.left"),
            top=self.whole(data.get("top", 0), f"{where}.top"),
            scale_x=scales[0],
            scale_y=scales[1],
        )

    def frame(self, value: object, where: str) -> Observation:
        data = self.obj(value, where)
        size = self.array(self.get(data, "size", where), f"{where}.size")
        dims = [self.whole(v, f"{where}.size[{i}]", minimum=1) for i, v in enumerate(size)]
        if len(dims) != 2:
            raise self.fail(f"{where}.size", f"must be [width, height], got {size}")
        raw = self.array(self.get(data, "elements", where), f"{where}.elements")
        elements = tuple(self.element(e, f"{where}.elements[{i}]") for i, e in enumerate(raw))
        ids = [e.id for e in elements]
        if len(set(ids)) != len(ids):
            raise self.fail(f"{where}.elements", f"repeats an element id: {ids}")
        return Observation(
            elements=elements,
            size=(dims[0], dims[1]),
            mapping=self.mapping(data.get("mapping", {}), f"{where}.mapping"),
            prose=self.texts(data.get("prose", []), f"{where}.prose"),
            notes=self.texts(data.get("notes", []), f"{where}.notes"),
        )

    def decision(self, value: object, where: str) -> Decision:
        data = self.obj(value, where)
        action_data = self.obj(self.get(data, "action", where), f"{where}.action")
        try:
            action = Action.from_dict(action_data)
        except ActionError as exc:
            raise self.fail(f"{where}.action", f"is not a valid action: {exc}") from exc
        choice = data.get("choice")
        return Decision(
            action=action,
            choice=None if choice is None else self.whole(choice, f"{where}.choice", minimum=1),
            reply=self.text(data.get("reply", ""), f"{where}.reply"),
            note=self.text(data.get("note", ""), f"{where}.note"),
        )

    def point(self, value: object, where: str) -> tuple[int, int]:
        pair = [self.whole(v, f"{where}[{i}]") for i, v in enumerate(self.array(value, where))]
        if len(pair) != 2:
            raise self.fail(where, f"must be [x, y], got {_short(value)}")
        return pair[0], pair[1]

    def result(self, value: object, where: str) -> ActionResult:
        data = self.obj(value, where)
        points = self.array(data.get("points", []), f"{where}.points")
        settle = data.get("settle_seconds")
        return ActionResult(
            ok=self.flag(self.get(data, "ok", where), f"{where}.ok"),
            description=self.text(data.get("description", ""), f"{where}.description"),
            points=tuple(self.point(p, f"{where}.points[{i}]") for i, p in enumerate(points)),
            dry_run=self.flag(data.get("dry_run", True), f"{where}.dry_run"),
            error=self.text(data.get("error", ""), f"{where}.error"),
            settle_seconds=None if settle is None else self.number(settle, f"{where}.settle"),
        )

    # -- values of the trace --

    def expected(self, value: object, where: str) -> Expected | None:
        if value is None:
            return None
        data = self.obj(value, where, _EXPECTED_FIELDS)
        labels = self.texts(data.get("labels", []), f"{where}.labels")
        refusal = self.opt_text(data.get("refusal"), f"{where}.refusal")
        try:
            return Expected(labels=labels, refusal=refusal or None)
        except ValueError as exc:
            raise self.fail(where, f"is not an answer: {exc}") from exc

    def timings(self, value: object, where: str) -> dict[str, float]:
        data = self.obj(value, where)
        return {str(k): self.number(v, f"{where}.{k}") for k, v in data.items()}

    def step(self, value: object, where: str) -> TraceStep:
        data = self.obj(value, where, _STEP_FIELDS)
        frame = data.get("frame")
        decision, result = data.get("decision"), data.get("result")
        step = TraceStep(
            index=self.whole(self.get(data, "index", where), f"{where}.index", minimum=1),
            frame=None if frame is None else self.frame(frame, f"{where}.frame"),
            menu=self.texts(data.get("menu", []), f"{where}.menu"),
            decision=None if decision is None else self.decision(decision, f"{where}.decision"),
            refusal=self.opt_text(data.get("refusal"), f"{where}.refusal"),
            result=None if result is None else self.result(result, f"{where}.result"),
            error=self.opt_text(data.get("error"), f"{where}.error"),
            timings=self.timings(data.get("timings", {}), f"{where}.timings"),
        )
        allowed = data.get("allowed")
        if allowed is not None:
            self.flag(allowed, f"{where}.allowed")
        if allowed != step.allowed:
            raise self.fail(
                f"{where}.allowed",
                f"is {_short(allowed)} but the step's refusal/result say {step.allowed}",
            )
        return step

    def header(self, data: Mapping[str, Any]) -> None:
        fmt = self.get(data, "format", "")
        if fmt != TRACE_FORMAT:
            raise self.fail("format", f"is {_short(fmt)}, not {TRACE_FORMAT!r}: not a trace")
        version = self.get(data, "schema_version", "")
        if version != SCHEMA_VERSION or isinstance(version, bool):
            raise self.fail(
                "schema_version",
                f"is {_short(version)}; this harness reads version {SCHEMA_VERSION} "
                "(upgrade tiny-computer-agent, or record the trace again)",
            )

    def trace(self, value: object) -> Trace:
        data = self.obj(value, "", _TOP_FIELDS)
        self.header(data)
        raw_steps = self.array(self.get(data, "steps", ""), "steps")
        steps = tuple(self.step(s, f"steps[{i}]") for i, s in enumerate(raw_steps))
        if not any(s.frame is not None for s in steps):
            raise self.fail("steps", "holds no frames: there is nothing to replay")
        brain = self.obj(self.get(data, "brain", ""), "brain")
        self.text(self.get(brain, "name", "brain"), "brain.name", empty=False)
        self.obj(self.get(brain, "settings", "brain"), "brain.settings")
        metadata = self.obj(data.get("metadata", {}), "metadata")
        final = data.get("final")
        return Trace(
            task=self.text(self.get(data, "task", ""), "task", empty=False),
            goal=self.text(self.get(data, "goal", ""), "goal", empty=False),
            steps=steps,
            menu_size=self.whole(self.get(data, "menu_size", ""), "menu_size", minimum=1),
            harness_version=self.text(self.get(data, "harness_version", ""), "harness_version"),
            brain=brain,
            dry_run=self.flag(data.get("dry_run", True), "dry_run"),
            verify_text=self.opt_text(data.get("verify_text"), "verify_text"),
            outcome=self.text(data.get("outcome", ""), "outcome"),
            reason=self.text(data.get("reason", ""), "reason"),
            expected=self.expected(data.get("expected"), "expected"),
            metadata={str(k): self.text(v, f"metadata.{k}") for k, v in metadata.items()},
            final=None if final is None else self.frame(final, "final"),
            source=self.source,
        )


# -- replay ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ReplayedFrame:
    """One frame of a replay: the recorded step, the menu rebuilt from it, and what the
    brain made of it (a Decision, or the BrainError it raised)."""

    step: TraceStep
    menu: Menu
    outcome: Decision | BrainError


def rebuild_menu(trace: Trace, step: TraceStep) -> Menu:
    """The menu ``step`` showed, rebuilt with the trace's goal and menu size.

    TraceError when this harness builds a different menu from the recorded one (the
    menu rules changed since it was recorded): the replay would not be the same test.
    """
    if step.frame is None:
        raise TraceError(f"{trace.source}: step {step.index} has no frame to build a menu from")
    menu = build_menu(step.frame, trace.goal, trace.menu_size)
    if menu.lines() != step.menu:
        position = trace.steps.index(step) if step in trace.steps else step.index - 1
        raise TraceError(
            f"{trace.source}: field 'steps[{position}].menu' is not the menu this "
            f"harness builds from that frame (menu size {trace.menu_size}); the menu rules "
            "changed since it was recorded, so record the trace again"
        )
    return menu


def replay_frames(trace: Trace, brain: Brain, *, limit: int | None = None) -> list[ReplayedFrame]:
    """Run ``brain`` over the trace's frames in order (at most ``limit`` of them).

    The brain sees the recorded history (what really happened before each frame), so
    every frame poses the question it posed in the recorded run. BrainError (including
    GoalUnreachable) is an answer and is returned; any other exception is a bug and
    propagates.
    """
    replayed: list[ReplayedFrame] = []
    history: list[Step] = []
    for step in trace.steps:
        if limit is not None and len(replayed) >= limit:
            break
        if step.frame is not None:
            menu = rebuild_menu(trace, step)
            outcome: Decision | BrainError
            try:
                outcome = brain.decide(trace.goal, menu, tuple(history))
            except BrainError as exc:
                outcome = exc
            replayed.append(ReplayedFrame(step=step, menu=menu, outcome=outcome))
        history.append(step.to_step())
    return replayed


def replay(trace: Trace, brain: Brain) -> list[Decision | BrainError]:
    """``brain``'s decision (or BrainError) on every frame of ``trace``; nothing is
    captured or clicked. The same brain on the same trace gives the same decisions."""
    return [r.outcome for r in replay_frames(trace, brain)]


def decisions_equal(a: Sequence[Decision | BrainError], b: Sequence[Decision | BrainError]) -> bool:
    """Whether two replays chose the same actions (errors compare by type and message)."""

    def key(o: Decision | BrainError) -> object:
        if isinstance(o, BrainError):
            return (type(o).__name__, str(o))
        return o.action.to_dict()

    return [key(x) for x in a] == [key(y) for y in b]
