"""Hand-written decision cases: a goal, a screen as (label, kind) pairs, the right answer.

A case file is the compact, reviewable form of many one-decision scenarios (the intent
brain's held-out sets in ``benchmarks/intent/heldout/`` are such files)::

    {"domain": "files", "provenance": "...", "cases": [
      {"id": "files-01", "goal": "get rid of the old draft",
       "screen": [["Documents - Files", "title"], ["Move to Trash", "button"], ...],
       "prose": [], "history": [], "answer": ["Move to Trash"],
       "verb": "click", "text": null, "why": "getting rid of a file is trashing it"}]}

``answer`` ``[]`` means nothing on the screen fits: only a brain that gives up
(``GoalUnreachable``) is right. ``history`` lists labels already clicked earlier in the
task (a two-step goal's second step). A ``type`` case's ``text`` must be typed exactly.
:func:`traces_of` turns each case into a :class:`Trace` scenario, so ``--score`` judges
case files like recorded traces. Standard library only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from .._actions import Action
from .._contracts import ActionResult, Decision
from .._elements import KINDS, Element, Observation
from .._errors import TraceError
from .._menu import DEFAULT_MENU_SIZE, build_menu
from ._jsonio import FieldReader
from ._schema import Expected, Trace, TraceStep

__all__ = ["Case", "cases_of", "is_case_file", "read_cases", "traces_of"]

_FILE_FIELDS: Final = frozenset({"domain", "provenance", "cases"})
_CASE_FIELDS: Final = frozenset(
    {"id", "goal", "title", "screen", "prose", "history", "answer", "verb", "text", "why"}
)
_SIZE: Final = (1280, 800)
_ROW: Final = 40


class Case:
    """One hand-written decision, as read from a case file."""

    __slots__ = ("answer", "domain", "goal", "history", "id", "prose", "screen", "text", "verb")

    def __init__(self, data: dict[str, Any], domain: str) -> None:
        self.id: str = data["id"]
        self.domain = domain
        self.goal: str = data["goal"]
        self.screen: tuple[tuple[str, str], ...] = tuple(data["screen"])
        self.prose: tuple[str, ...] = tuple(data.get("prose") or ())
        self.history: tuple[str, ...] = tuple(data.get("history") or ())
        self.answer: tuple[str, ...] = tuple(data["answer"])
        self.verb: str = data.get("verb") or "click"
        self.text: str | None = data.get("text")

    def expected(self) -> Expected:
        if not self.answer:
            return Expected(give_up=True)
        return Expected(labels=self.answer, text=self.text if self.verb == "type" else None)

    def trace(self, source: str) -> Trace:
        """The case as a scenario: one frame after a frameless step per earlier click."""
        elements = [
            Element(
                label=label,
                box=(100, 20 + _ROW * i, 100 + 12 * len(label), 44 + _ROW * i),
                source="scripted",
                kind=kind,
            )
            for i, (label, kind) in enumerate(self.screen)
        ]
        frame = Observation.of(elements, size=_SIZE, prose=self.prose)
        earlier = [_clicked(i + 1, label) for i, label in enumerate(self.history)]
        # every element on the menu: a case tests the brain, not the menu's cut
        size = max(DEFAULT_MENU_SIZE, len(elements))
        menu = build_menu(frame, self.goal, size).lines()
        step = TraceStep(index=len(earlier) + 1, frame=frame, menu=menu)
        return Trace(
            task=self.id,
            goal=self.goal,
            steps=(*earlier, step),
            menu_size=size,
            expected=self.expected(),
            metadata={"domain": self.domain},
            source=f"{source}#{self.id}",
        )


def _clicked(index: int, label: str) -> TraceStep:
    action = Action.make("click", target=label)
    return TraceStep(
        index=index,
        frame=None,
        decision=Decision(action=action),
        result=ActionResult(ok=True, description=f"clicked {label!r} (earlier in the task)"),
    )


def is_case_file(data: object) -> bool:
    """Whether parsed JSON is a case file (an object with a ``cases`` list)."""
    return isinstance(data, dict) and isinstance(data.get("cases"), list)


def read_cases(path: str | Path) -> list[Case]:
    """The cases of one file; TraceError naming the file, case and field on bad input."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TraceError(f"{path}: cannot read the case file: {exc}") from exc
    return cases_of(data, str(path))


def cases_of(data: object, source: str) -> list[Case]:
    """The cases of parsed case-file JSON (``source`` names it in errors)."""
    reader = FieldReader(source, "case file", "fix the case and score again")
    top = reader.obj(data, "", _FILE_FIELDS)
    domain = reader.text(top.get("domain", Path(source).stem), "domain")
    items = reader.get(top, "cases", "")
    if not isinstance(items, list) or not items:
        raise reader.fail("cases", "must be a non-empty list of cases")
    cases = [_read_case(reader, item, f"cases[{i}]", domain) for i, item in enumerate(items)]
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise reader.fail("cases", f"case id {dup!r} is used twice")
    return cases


def _read_case(reader: FieldReader, value: object, where: str, domain: str) -> Case:
    data = reader.obj(value, where, _CASE_FIELDS)
    for name in ("id", "goal"):
        if not reader.text(reader.get(data, name, where), f"{where}.{name}").strip():
            raise reader.fail(f"{where}.{name}", "is blank")
    screen = reader.get(data, "screen", where)
    if not isinstance(screen, list) or not screen:
        raise reader.fail(f"{where}.screen", "must be a non-empty list of [label, kind]")
    for i, pair in enumerate(screen):
        ok = isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)
        if not ok or pair[1] not in KINDS or not pair[0].strip():
            raise reader.fail(
                f"{where}.screen[{i}]", f"must be [label, kind] with kind one of {KINDS}"
            )
    labels = {pair[0] for pair in screen}
    answer = reader.texts(reader.get(data, "answer", where), f"{where}.answer")
    missing = [a for a in answer if a not in labels]
    if missing:
        raise reader.fail(f"{where}.answer", f"names {missing[0]!r}, which is not on the screen")
    reader.texts(data.get("history", []), f"{where}.history")
    reader.texts(data.get("prose", []), f"{where}.prose")
    verb = data.get("verb") or "click"
    if verb not in ("click", "type"):
        raise reader.fail(f"{where}.verb", f"is {verb!r}; use 'click' or 'type'")
    if verb == "type" and not isinstance(data.get("text"), str):
        raise reader.fail(f"{where}.text", "a 'type' case needs the text to type")
    return Case(data, domain)


def traces_of(data: object, source: str) -> list[Trace]:
    """Parsed JSON as traces: a case file's cases, or the one trace it is."""
    if is_case_file(data):
        return [case.trace(source) for case in cases_of(data, source)]
    return [Trace.from_dict(data, source=source)]
