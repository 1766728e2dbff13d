"""The scoreboard: verdicts of brains (columns) on tasks (rows), as a table, JSON or CSV,
and the decisions that changed between two of them."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from .._policy import Policy
from .._version import __version__
from ._jsonio import FieldReader, read_json_file, short, write_atomic
from ._judging import VERDICTS, BrainFactory, Verdict, scored_verdicts
from ._recording import load_traces
from ._schema import SCOREBOARD_FORMAT, Expected, Trace

__all__ = [
    "SCOREBOARD_FORMAT",
    "Confusion",
    "DecisionChange",
    "Scoreboard",
    "benchmark",
    "compare_scoreboards",
    "load_scoreboard",
    "score_path",
]

_SCHEMA_VERSION: Final = 1


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
            raise self.fail("schema_version", f"is {short(version)}; this harness reads version 1")
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

        verdict = self.choice(field("verdict"), f"{where}.verdict", VERDICTS)
        allowed, action = field("allowed"), field("action")
        return Verdict(
            task=self.text(field("task"), f"{where}.task", empty=False),
            brain=self.text(field("brain"), f"{where}.brain", empty=False),
            step=self.whole(d.get("step", 1), f"{where}.step", minimum=1),
            verdict=verdict,  # type: ignore[arg-type]
            passed=self.flag(field("passed"), f"{where}.passed"),
            matched=self.flag(field("matched"), f"{where}.matched"),
            chose=self.opt_text(field("chose"), f"{where}.chose"),
            action=None
            if action is None
            else self.plain(self.obj(action, f"{where}.action"), f"{where}.action"),
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
    verdicts = scored_verdicts(traces, factories, policy=policy)
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
