"""Scoring: which brain is right, and how often -- a number in a table, offline.

Every scenario (a trace with an expected answer) is replayed through every brain, a
*fresh* brain per task, and its decision on the first frame gets a verdict:

    correct      the choice names an expected label and the policy allows it
    incorrect    a different choice (or one whose target is not on the frame)
    no-decision  the brain gave up or its reply could not be used (a BrainError)
    refused      the harness's policy refuses the choice

Whether the harness allows a choice is a separate axis from whether it was right:
``matched`` says the choice named an expected label, ``allowed``/``rule`` what the
policy said. A refused click is still the choice it was, flagged, and never passes as
a clean success -- unless the scenario expects that refusal (``expected.refusal``).

Each verdict carries a digest of (brain identity and settings, menu, goal, decision),
so :func:`compare_scoreboards` lists exactly which decisions changed between two runs.
Everything here is standard library only.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import json
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from . import __version__
from .actions import Action
from .brains import FirstItemBrain, OracleBrain, PlannerBrain, brain_identity
from .contracts import Brain, Decision
from .errors import BrainError, PolicyRefusal, TargetError, TraceError
from .menu import build_menu
from .perception import Element, Observation
from .policy import Policy
from .trace import (
    Expected,
    FieldReader,
    Trace,
    TraceStep,
    load_traces,
    read_json_file,
    rebuild_menu,
    replay_frames,
    write_atomic,
)

__all__ = [
    "BRAIN_FACTORIES",
    "SCOREBOARD_FORMAT",
    "VERDICTS",
    "BrainFactory",
    "Confusion",
    "DecisionChange",
    "Judgement",
    "Scoreboard",
    "ScoringSpeed",
    "Verdict",
    "benchmark",
    "benchmark_scoring",
    "chosen_text",
    "compare_scoreboards",
    "decision_digest",
    "judge",
    "load_scoreboard",
    "score_path",
    "score_recorded",
    "score_trace",
    "scoring_policy",
    "select_brains",
]

VERDICTS: Final = ("correct", "incorrect", "no-decision", "refused")
SCOREBOARD_FORMAT: Final = "tiny-computer-agent/scoreboard"
_SCHEMA_VERSION: Final = 1

#: Builds a fresh brain for one task (it may read the task, as the oracle does).
BrainFactory = Callable[[Trace], Brain]


def _oracle(trace: Trace) -> Brain:
    return OracleBrain(expected=trace.expected.labels if trace.expected else ())


#: Brains by the names ``--brains`` accepts. Add one with a line here; a factory that
#: needs an optional module imports it inside itself, so this table stays stdlib-only.
BRAIN_FACTORIES: Final[dict[str, BrainFactory]] = {
    "planner": lambda trace: PlannerBrain(),
    "first-item": lambda trace: FirstItemBrain(),
    "oracle": _oracle,
}


def select_brains(
    names: str | Sequence[str], *, extra: Mapping[str, BrainFactory] | None = None
) -> dict[str, BrainFactory]:
    """``"planner,first-item"`` (or a list of names) as a ``{name: factory}`` table drawn
    from :data:`BRAIN_FACTORIES` and ``extra``. ValueError names an unknown brain."""
    table = {**BRAIN_FACTORIES, **(extra or {})}
    wanted = names.split(",") if isinstance(names, str) else list(names)
    picked = [n.strip() for n in wanted if n.strip()]
    if not picked:
        raise ValueError("no brains were named; name one or more, e.g. planner,first-item")
    for name in picked:
        if name not in table:
            raise ValueError(f"unknown brain {name!r}; choose from {', '.join(table)}")
    return {name: table[name] for name in picked}


def scoring_policy() -> Policy:
    """The harness's policy as it judges a decision offline.

    Scoring acts on nothing, so the kill switch (a file meant to stop live runs) does
    not apply: it points at a path that cannot exist. Every other rule is the default.
    """
    return Policy(kill_switch=Path(os.devnull) / "kill-switch-does-not-apply-when-scoring")


def decision_digest(
    identity: Mapping[str, Any],
    menu: Sequence[str],
    goal: str,
    outcome: Decision | BrainError | Mapping[str, Any] | None,
) -> str:
    """A stable sha256 of (brain identity and settings, menu lines, goal, decision).

    ``outcome`` is a Decision (its action counts, not the wording of the reply), a
    BrainError (its kind counts: "no decision"), or an action mapping.
    """
    if isinstance(outcome, Decision):
        decided: object = outcome.action.to_dict()
    elif isinstance(outcome, BrainError):
        decided = {"no-decision": type(outcome).__name__}
    elif outcome is None:
        decided = {"no-decision": "none"}
    else:
        decided = dict(outcome)
    payload = {"brain": dict(identity), "menu": list(menu), "goal": goal, "decision": decided}
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chosen_text(action: Action) -> str:
    """What a decision names, for matching and reports: its target, else its keys,
    text or verb (``done``)."""
    return action.target or action.keys or action.text or action.verb


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Judgement:
    """What one decision was worth: the verdict, whether it passed, and both axes --
    ``matched`` (the choice named an expected label) and ``allowed``/``rule`` (what the
    harness's policy said about it)."""

    verdict: str
    passed: bool
    matched: bool = False
    chose: str | None = None
    action: Mapping[str, Any] | None = None
    expected: tuple[str, ...] = ()
    expected_refusal: str | None = None
    allowed: bool | None = None
    rule: str | None = None
    error: str | None = None

    def describe(self) -> str:
        """``correct: chose 'Save' [pass]``, ``refused: chose 'Save', refused by ...``."""
        wanted = Expected.describe_of(self.expected, self.expected_refusal)
        if self.chose is None:
            head = f"{self.verdict}: {self.error or 'no decision'}"
        else:
            head = f"{self.verdict}: chose {self.chose!r}"
        if self.rule:
            head += f", refused by the policy ({self.rule})"
        if self.verdict == "refused" and self.matched and not self.expected_refusal:
            head += " - the right choice, but the harness would not carry it out"
        elif not self.passed:
            head += f", expected {wanted}"
        return head + (" [pass]" if self.passed else " [FAIL]")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Verdict(Judgement):
    """One brain's judged decision on one task, with its decision digest."""

    task: str
    brain: str
    digest: str
    step: int = 1

    @classmethod
    def of(cls, judgement: Judgement, *, task: str, brain: str, digest: str, step: int) -> Verdict:
        own = {f.name: getattr(judgement, f.name) for f in dataclasses.fields(Judgement)}
        return cls(task=task, brain=brain, digest=digest, step=step, **own)

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "brain": self.brain,
            "step": self.step,
            "verdict": self.verdict,
            "passed": self.passed,
            "matched": self.matched,
            "chose": self.chose,
            "action": None if self.action is None else dict(self.action),
            "expected": list(self.expected),
            "expected_refusal": self.expected_refusal,
            "allowed": self.allowed,
            "rule": self.rule,
            "error": self.error,
            "digest": self.digest,
        }


def _passed(verdict: str, matched: bool, rule: str | None, expected: Expected) -> bool:
    if not expected.refusal:
        return verdict == "correct"
    rule_ok = expected.refusal in ("any", rule)
    return verdict == "refused" and rule_ok and (matched or not expected.labels)


def judge(
    outcome: Decision | BrainError,
    *,
    frame: Observation,
    expected: Expected,
    policy: Policy | None = None,
) -> Judgement:
    """Judge one decision (or BrainError) on ``frame`` against ``expected``. The policy
    checks the decision exactly as the loop would (default: :func:`scoring_policy`)."""
    if isinstance(outcome, BrainError):
        error = f"{type(outcome).__name__}: {outcome}"
        return _judgement("no-decision", expected, error=error)
    action = outcome.action
    chose = chosen_text(action)
    matched = expected.matches(chose)
    try:
        (policy or scoring_policy()).check(action, frame)
    except PolicyRefusal as exc:
        return _judgement(
            "refused",
            expected,
            action=action,
            chose=chose,
            matched=matched,
            allowed=False,
            rule=exc.rule,
        )
    except TargetError as exc:
        error = f"target not found: {exc}"
        return _judgement(
            "incorrect", expected, action=action, chose=chose, matched=matched, error=error
        )
    verdict = "correct" if matched else "incorrect"
    return _judgement(verdict, expected, action=action, chose=chose, matched=matched, allowed=True)


def _judgement(
    verdict: str,
    expected: Expected,
    *,
    action: Action | None = None,
    chose: str | None = None,
    matched: bool = False,
    allowed: bool | None = None,
    rule: str | None = None,
    error: str | None = None,
) -> Judgement:
    return Judgement(
        verdict=verdict,
        passed=_passed(verdict, matched, rule, expected),
        matched=matched,
        chose=chose,
        action=None if action is None else action.to_dict(),
        expected=expected.labels,
        expected_refusal=expected.refusal,
        allowed=allowed,
        rule=rule,
        error=error,
    )


def _scenario(trace: Trace) -> tuple[Expected, TraceStep]:
    """The trace's expected answer and first frame; TraceError if it is not a scenario."""
    if trace.expected is None:
        raise TraceError(
            f"{trace.source}: field 'expected' is missing: a trace without an expected "
            'answer is not a scenario; add e.g. "expected": {"labels": ["Save"]}'
        )
    if not trace.frames:
        raise TraceError(f"{trace.source}: field 'steps' holds no frames to score")
    return trace.expected, trace.frames[0]


def score_trace(
    trace: Trace, brain: Brain, *, name: str | None = None, policy: Policy | None = None
) -> Verdict:
    """Replay ``brain`` on the scenario's first frame and judge its decision."""
    expected, _ = _scenario(trace)
    (frame,) = replay_frames(trace, brain, limit=1)
    identity = brain_identity(brain)
    judgement = judge(frame.outcome, frame=frame.menu.observation, expected=expected, policy=policy)
    return Verdict.of(
        judgement,
        task=trace.task,
        brain=name or str(identity["name"]),
        digest=decision_digest(identity, frame.menu.lines(), trace.goal, frame.outcome),
        step=frame.step.index,
    )


def score_recorded(trace: Trace) -> Verdict:
    """Judge what the *recorded* run did on its first frame, with the refusal the
    harness really made (no replay). TraceError if the trace has no expected answer."""
    expected, step = _scenario(trace)
    if step.decision is None:
        fields = _judgement("no-decision", expected, error=step.error or "no decision")
    else:
        action = step.decision.action
        chose = chosen_text(action)
        matched = expected.matches(chose)
        if step.refusal is not None:
            rule = step.refusal.split(":", 1)[0].strip()
            fields = _judgement(
                "refused",
                expected,
                action=action,
                chose=chose,
                matched=matched,
                allowed=False,
                rule=rule,
            )
        elif step.error and step.error.startswith("target not found"):
            fields = _judgement(
                "incorrect",
                expected,
                action=action,
                chose=chose,
                matched=matched,
                error=step.error,
            )
        else:
            verdict = "correct" if matched else "incorrect"
            fields = _judgement(
                verdict,
                expected,
                action=action,
                chose=chose,
                matched=matched,
                allowed=step.allowed,
            )
    digest = decision_digest(trace.brain, step.menu, trace.goal, fields.action)
    return Verdict.of(
        fields, task=trace.task, brain=trace.brain_name, digest=digest, step=step.index
    )


# -- the scoreboard --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Confusion:
    """A brain chose ``chose`` where ``wanted`` was right, on ``tasks``."""

    brain: str
    chose: str
    wanted: str
    tasks: tuple[str, ...]

    def describe(self) -> str:
        where = ", ".join(self.tasks)
        return f"{self.brain}: chose {self.chose} instead of {self.wanted} ({where})"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Scoreboard:
    """Verdicts of brains (columns) on tasks (rows)."""

    verdicts: tuple[Verdict, ...]
    brains: tuple[str, ...]
    tasks: tuple[str, ...]
    harness_version: str = __version__

    def tally(self, brain: str | None = None) -> tuple[int, int]:
        """(passed, total) for one brain, or over every brain."""
        picked = [v for v in self.verdicts if brain is None or v.brain == brain]
        return sum(1 for v in picked if v.passed), len(picked)

    def accuracy(self, brain: str | None = None) -> float:
        """The fraction of decisions that passed (0.0 when there are none)."""
        passed, total = self.tally(brain)
        return passed / total if total else 0.0

    def cell(self, task: str, brain: str) -> Verdict | None:
        return next((v for v in self.verdicts if v.task == task and v.brain == brain), None)

    def confusions(self) -> tuple[Confusion, ...]:
        """Every failed decision grouped as "chose X instead of Y", per brain."""
        groups: dict[tuple[str, str, str], list[str]] = {}
        for v in self.verdicts:
            if v.passed:
                continue
            chose = repr(v.chose) if v.chose is not None else "nothing (no decision)"
            if v.rule:
                chose += f" (refused: {v.rule})"
            wanted = Expected.describe_of(v.expected, v.expected_refusal)
            groups.setdefault((v.brain, chose, wanted), []).append(v.task)
        found = [
            Confusion(brain=b, chose=c, wanted=w, tasks=tuple(t)) for (b, c, w), t in groups.items()
        ]
        order = {b: i for i, b in enumerate(self.brains)}
        return tuple(sorted(found, key=lambda c: order.get(c.brain, len(order))))

    def render(self) -> str:
        """A text table: one row per task, one column per brain, accuracy, confusions."""
        rows = [["task", *self.brains]]
        for task in self.tasks:
            rows.append([task, *(_cell_text(self.cell(task, b)) for b in self.brains)])
        rows.append(["accuracy", *(_ratio(*self.tally(b)) for b in self.brains)])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = [
            "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows
        ]
        lines.insert(1, "  ".join("-" * w for w in widths))
        lines.append(f"overall: {_ratio(*self.tally())} ({len(self.tasks)} tasks)")
        lines.append("(+ passed, - failed; a refused choice never passes unless expected)")
        confusions = self.confusions()
        if confusions:
            lines.append("confusions:")
            lines.extend(f"  {c.describe()}" for c in confusions)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        passed, total = self.tally()
        return {
            "format": SCOREBOARD_FORMAT,
            "schema_version": _SCHEMA_VERSION,
            "harness_version": self.harness_version,
            "brains": list(self.brains),
            "tasks": list(self.tasks),
            "accuracy": {
                "overall": _summary(passed, total),
                "per_brain": {b: _summary(*self.tally(b)) for b in self.brains},
            },
            "verdicts": [v.to_dict() for v in self.verdicts],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False, allow_nan=False) + "\n"

    def write_json(self, path: str | Path) -> Path:
        """Save :meth:`to_json` atomically (read it back with :func:`load_scoreboard`)."""
        return write_atomic(path, self.to_json())

    def write_csv(self, path: str | Path) -> Path:
        """Save :meth:`to_csv` atomically."""
        return write_atomic(path, self.to_csv())

    def to_csv(self) -> str:
        """One row per decision, in the columns of :meth:`Verdict.to_dict`."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(_CSV_COLUMNS)
        for v in self.verdicts:
            row = v.to_dict()
            writer.writerow([_csv_value(row[c]) for c in _CSV_COLUMNS])
        return buffer.getvalue()

    @classmethod
    def from_dict(cls, data: object, *, source: str = "<memory>") -> Scoreboard:
        """Strictly rebuild a saved scoreboard; TraceError names the file and field."""
        return _ScoreboardReader(source, "scoreboard", "write it again with --scoreboard-json")(
            data
        )


_CSV_COLUMNS: Final = (
    "task", "brain", "step", "verdict", "passed", "matched", "chose", "expected",
    "expected_refusal", "allowed", "rule", "error", "digest",
)  # fmt: skip


def _csv_value(value: object) -> object:
    if isinstance(value, list):
        return " | ".join(str(v) for v in value)
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value).lower()
    return value


def _ratio(passed: int, total: int) -> str:
    percent = round(100 * passed / total) if total else 0
    return f"{passed}/{total} {percent}%"


def _summary(passed: int, total: int) -> dict[str, Any]:
    return {"passed": passed, "total": total, "accuracy": passed / total if total else 0.0}


def _cell_text(v: Verdict | None) -> str:
    if v is None:
        return "(not run)"
    return ("+ " if v.passed else "- ") + v.verdict


class _ScoreboardReader(FieldReader):
    __slots__ = ()

    def __call__(self, value: object) -> Scoreboard:
        data = self.obj(value, "")
        if self.get(data, "format", "") != SCOREBOARD_FORMAT:
            raise self.fail("format", f"is not {SCOREBOARD_FORMAT!r}: not a scoreboard")
        version = self.get(data, "schema_version", "")
        if version != _SCHEMA_VERSION or isinstance(version, bool):
            raise self.fail("schema_version", f"is {version!r}; this harness reads version 1")
        raw = self.array(self.get(data, "verdicts", ""), "verdicts")
        return Scoreboard(
            verdicts=tuple(self.verdict(v, f"verdicts[{i}]") for i, v in enumerate(raw)),
            brains=self.texts(self.get(data, "brains", ""), "brains"),
            tasks=self.texts(self.get(data, "tasks", ""), "tasks"),
            harness_version=self.text(data.get("harness_version", ""), "harness_version"),
        )

    def verdict(self, value: object, where: str) -> Verdict:
        d = self.obj(value, where)

        def field(name: str) -> Any:
            return self.get(d, name, where)

        verdict = self.text(field("verdict"), f"{where}.verdict")
        if verdict not in VERDICTS:
            raise self.fail(f"{where}.verdict", f"is {verdict!r}; allowed: {', '.join(VERDICTS)}")
        allowed, action = field("allowed"), field("action")
        return Verdict(
            task=self.text(field("task"), f"{where}.task", empty=False),
            brain=self.text(field("brain"), f"{where}.brain", empty=False),
            step=self.whole(d.get("step", 1), f"{where}.step", minimum=1),
            verdict=verdict,
            passed=self.flag(field("passed"), f"{where}.passed"),
            matched=self.flag(field("matched"), f"{where}.matched"),
            chose=self.opt_text(field("chose"), f"{where}.chose"),
            action=None if action is None else self.obj(action, f"{where}.action"),
            expected=self.texts(field("expected"), f"{where}.expected"),
            expected_refusal=self.opt_text(field("expected_refusal"), f"{where}.expected_refusal"),
            allowed=None if allowed is None else self.flag(allowed, f"{where}.allowed"),
            rule=self.opt_text(field("rule"), f"{where}.rule"),
            error=self.opt_text(field("error"), f"{where}.error"),
            digest=self.text(field("digest"), f"{where}.digest", empty=False),
        )


def load_scoreboard(path: str | Path) -> Scoreboard:
    """Load a scoreboard written with ``--scoreboard-json``; TraceError when it is bad."""
    return Scoreboard.from_dict(read_json_file(path, what="scoreboard"), source=str(path))


# -- running benchmarks ----------------------------------------------------------------


def _check_scenarios(traces: Sequence[Trace]) -> None:
    """Every trace is a scenario and names a task no other trace names."""
    if not traces:
        raise TraceError("there are no traces to score; pass a directory of trace files")
    seen: dict[str, str] = {}
    for trace in traces:
        _scenario(trace)
        if trace.task in seen:
            raise TraceError(
                f"{trace.source}: field 'task' is {trace.task!r}, already the task of "
                f"{seen[trace.task]}; give every scenario its own task name"
            )
        seen[trace.task] = trace.source


def benchmark(
    traces: Sequence[Trace],
    factories: Mapping[str, BrainFactory],
    *,
    policy: Policy | None = None,
) -> Scoreboard:
    """Every scenario through every brain, each task with a fresh brain from its factory.

    Every trace is checked before any brain runs, so a bad one (no expected answer, a
    task named twice) raises TraceError and no partial scoreboard is made.
    """
    _check_scenarios(traces)
    if not factories:
        raise ValueError("no brains to score; pass at least one brain factory")
    for trace in traces:  # a menu this harness cannot rebuild fails before anything runs
        rebuild_menu(trace, trace.frames[0])
    verdicts = tuple(
        score_trace(trace, factory(trace), name=name, policy=policy)
        for trace in traces
        for name, factory in factories.items()
    )
    return Scoreboard(
        verdicts=verdicts, brains=tuple(factories), tasks=tuple(t.task for t in traces)
    )


def score_path(
    paths: str | Path | Iterable[str | Path],
    factories: Mapping[str, BrainFactory],
    *,
    policy: Policy | None = None,
) -> Scoreboard:
    """Load every trace under ``paths`` (directories of ``*.json`` or files), then
    :func:`benchmark` them. TraceError names the first bad file; nothing is scored."""
    items = [paths] if isinstance(paths, (str, Path)) else list(paths)
    traces = [t for p in items for t in load_traces(p)]
    return benchmark(traces, factories, policy=policy)


# -- regression checks -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class DecisionChange:
    """One decision that differs between two scoreboards (``changed``, ``added`` or
    ``removed``)."""

    task: str
    brain: str
    kind: str
    old: Verdict | None
    new: Verdict | None

    def describe(self) -> str:
        if self.old is None or self.new is None:
            v = self.new or self.old
            return f"{self.kind}: {self.brain} on {self.task}: {v.describe() if v else ''}"
        what = (
            f"chose {self.old.chose!r} -> {self.new.chose!r}"
            if self.old.chose != self.new.chose or self.old.action != self.new.action
            else "same choice, but the brain's settings, menu or goal differ"
        )
        return (
            f"changed: {self.brain} on {self.task}: {what} "
            f"({self.old.verdict} -> {self.new.verdict})"
        )


def compare_scoreboards(old: Scoreboard, new: Scoreboard) -> tuple[DecisionChange, ...]:
    """Exactly the decisions whose digest differs, plus those only one side has."""
    before = {(v.task, v.brain, v.step): v for v in old.verdicts}
    after = {(v.task, v.brain, v.step): v for v in new.verdicts}
    changes = []
    for key in sorted(before.keys() | after.keys()):
        a, b = before.get(key), after.get(key)
        if a is not None and b is not None and a.digest == b.digest:
            continue
        kind = "changed" if a and b else ("added" if b else "removed")
        changes.append(DecisionChange(task=key[0], brain=key[1], kind=kind, old=a, new=b))
    return tuple(changes)


# -- speed -----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ScoringSpeed:
    """How fast decisions are judged and digested."""

    decisions: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else float("inf")

    def describe(self) -> str:
        return (
            f"scored {self.decisions} decisions in {self.seconds:.3f} s "
            f"({self.per_second:,.0f} decisions/s)"
        )


def _synthetic_frame(width: int = 12) -> Observation:
    labels = ["File", "Edit", "Terminal", "Don't Save", "Cancel", "Save", "Help"]
    labels += [f"Item {i}" for i in range(max(0, width - len(labels)))]
    elements = [
        Element(label=label, box=(40 + i * 90, 400, 120 + i * 90, 440), source="ocr")
        for i, label in enumerate(labels)
    ]
    return Observation.of(elements, size=(1280, 800))


def benchmark_scoring(decisions: int = 10_000) -> ScoringSpeed:
    """Judge and digest ``decisions`` synthetic decisions (right, wrong, refused, none)
    against a 12-entry menu, as the benchmark script does; report the speed."""
    if decisions < 1:
        raise ValueError(f"decisions must be at least 1, got {decisions}")
    frame = _synthetic_frame()
    menu = build_menu(frame, "click 'Save'")
    expected = Expected(labels=("Save",))
    policy = scoring_policy()
    identity = {"name": "synthetic", "settings": {}}
    outcomes: list[Decision | BrainError] = [
        Decision(action=Action.make("click", target=e.label, target_id=e.id), choice=n)
        for n, e in enumerate(menu.entries, 1)
    ]
    outcomes.append(BrainError("the reply was empty"))
    lines = menu.lines()
    start = time.perf_counter()
    for i in range(decisions):
        outcome = outcomes[i % len(outcomes)]
        judge(outcome, frame=frame, expected=expected, policy=policy)
        decision_digest(identity, lines, "click 'Save'", outcome)
    return ScoringSpeed(decisions=decisions, seconds=time.perf_counter() - start)
