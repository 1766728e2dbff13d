"""A procedure taught by showing once: what a person did, turned into steps by label.

:func:`teach` takes what was recorded (:class:`Shown`: a click, a key chord, a typed
character, a scroll, each with the index of the screen just before it) and writes the
procedure's JSON (the format of :mod:`._format`), which :func:`save` puts in the user's
folder, where the library finds it:

* a click becomes a step on the element under the pointer, named by its label and kind
  (never its pixels), with the window it was in; a click on a field followed by typing
  becomes one ``type`` step into that field (the replay selects what the field holds
  and types over it);
* characters typed one after another become one ``type`` step (a BackSpace among them
  takes the last one back); any other key or chord is a ``key`` step in the harness's
  vocabulary; a double click is ``clicks: 2``; scrolls in a row are one ``scroll``;
* typed text that appears in the example goal becomes a parameter (named after the
  field it went into), and the example, with that text replaced, is how a goal asks
  for the procedure ("send 'Alice' to the order form" teaches "send {customer} to the
  order form");
* each step's check is what the index saw change when it was taught: the typed text
  visible, a new window, a new label; else ``unchecked``, with the reason;
* a step in another window than the one before it ``needs`` that window first.

What cannot be named is not guessed: a click on nothing the index names, a drag, or a
key the vocabulary has no name for ends teaching with a ProcedureError saying which
and what to do.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from .._elements import Element, Observation, normalize_label
from ._format import FORMAT, Procedure, ProcedureError, parse

__all__ = ["Shown", "Taught", "save", "teach"]

#: Two clicks closer in time (seconds) and space (pixels) than these are a double click.
DOUBLE_CLICK: Final = (0.5, 6)
#: How far (frame pixels) a click may land outside an element's box and still be on it.
NEAR: Final = 6
_CONTROLS: Final = ("button", "field", "check", "radio", "link", "item", "menuitem", "tab",
                    "slider", "icon", "key", "cell")  # fmt: skip
_FILE_WORD: Final = re.compile(r"^[\w][\w.()-]*\.[A-Za-z0-9]{1,8}$")
_DUPLICATE: Final = re.compile(r"\(\d+\)$")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Shown:
    """One thing the person did, and the index of the screen just before it.

    ``what``: ``click`` (``button``, at ``point``, screen pixels), ``key`` (``keys``, a
    chord), ``char`` (``text``), ``scroll`` (``direction``, at ``point``), ``drag`` or
    ``unknown`` (which cannot be taught); ``at``: when (seconds)."""

    what: str
    before: Observation
    at: float = 0.0
    point: tuple[int, int] = (0, 0)
    button: str = "left"
    keys: str = ""
    text: str = ""
    direction: str = ""


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Taught:
    """The procedure taught: its JSON (``data``, as it is written), the procedure read
    back from it, and what the person should look at before using it."""

    data: Mapping[str, Any]
    procedure: Procedure
    warnings: tuple[str, ...] = ()


@dataclasses.dataclass(slots=True)
class _Move:
    """A step in the making: one or more events of one kind."""

    what: str
    first: Shown
    text: str = ""
    clicks: int = 1
    amount: int = 1
    element: Element | None = None
    into: Element | None = None  # a type move: the field clicked just before it


def teach(
    shown: Sequence[Shown], after: Observation, *, name: str, example_goal: str = ""
) -> Taught:
    """The procedure ``name`` from what was ``shown`` (``after``: the screen after the
    last event); see the module's docstring. ProcedureError when something cannot be
    taught, or the result does not load."""
    moves = _moves(shown)
    if not moves:
        raise ProcedureError(
            f"teaching {name!r}: nothing was done (no click, key or typing was seen); "
            "do the task while it records"
        )
    afters = [m.first.before for m in moves[1:]] + [after]
    for i, move in enumerate(moves, 1):
        _name_element(move, i)
    moves = _merged(moves, afters)
    afters = [m.first.before for m in moves[1:]] + [after]
    builder = _Builder(name=name, goal=example_goal.strip())
    builder.find_parameters(moves)
    steps = [builder.step(m, a) for m, a in zip(moves, afters, strict=True)]
    data = builder.document(steps)
    where = f"taught {name!r}"
    procedure = parse(data, where=where, source="user")
    data["description"] = _description(procedure, builder.first_title)
    return Taught(
        data=data,
        procedure=parse(data, where=where, source="user"),
        warnings=tuple(builder.warnings),
    )


def _moves(shown: Sequence[Shown]) -> list[_Move]:
    """Events joined into moves: characters into text, double clicks, scrolls in a row."""
    moves: list[_Move] = []
    for event in shown:
        last = moves[-1] if moves else None
        if event.what == "char":
            if last is not None and last.what == "type":
                last.text += event.text
            else:
                moves.append(_Move(what="type", first=event, text=event.text))
        elif event.what == "key" and event.keys == "BackSpace" and last and last.what == "type":
            last.text = last.text[:-1]
            if not last.text:
                moves.pop()
        elif event.what == "click" and last is not None and _double(last, event):
            last.clicks = 2
        elif (
            event.what == "scroll"
            and last is not None
            and last.what == "scroll"
            and (last.first.direction == event.direction)
        ):
            last.amount += 1
        else:
            moves.append(_Move(what=event.what, first=event))
    return moves


def _double(last: _Move, event: Shown) -> bool:
    seconds, pixels = DOUBLE_CLICK
    a, b = last.first, event
    return (
        last.what == "click"
        and last.clicks == 1
        and a.button == b.button
        and b.at - a.at <= seconds
        and max(abs(a.point[0] - b.point[0]), abs(a.point[1] - b.point[1])) <= pixels
    )


def _name_element(move: _Move, number: int) -> None:
    """The element under a click or scroll; ProcedureError for what cannot be taught."""
    event = move.first
    if move.what == "drag":
        raise ProcedureError(
            f"action {number} was a drag from {event.point}: a taught procedure does not "
            "drag (it cannot be checked by label); do it with clicks or keys, or leave it out"
        )
    if move.what == "unknown":
        raise ProcedureError(
            f"action {number} pressed {event.keys!r}, a key the harness has no name for; "
            "teach it again without that key"
        )
    if move.what not in ("click", "scroll"):
        return
    move.element = element_at(event.before, event.point)
    if move.element is None and move.what == "click":
        near = _nearest(event.before, event.point)
        raise ProcedureError(
            f"action {number}, a {event.button} click at {event.point} (screen pixels), "
            "was on nothing the screen's index names"
            + (f" (nearest: {', '.join(repr(e.label) for e in near)})" if near else "")
            + "; teach it again clicking on a label or control, or add the step by hand"
        )


def element_at(obs: Observation, point: tuple[int, int]) -> Element | None:
    """The element under ``point`` (screen pixels): a control before plain text, the
    smallest of several; one within :data:`NEAR` pixels when none is right under it.
    Grid cells are not elements a person meant."""
    x, y = obs.mapping.to_frame(*point)
    named = [e for e in obs.elements if e.source != "grid" and e.label.strip()]
    for margin in (0, NEAR):
        hits = [
            e
            for e in named
            if e.box[0] - margin <= x <= e.box[2] + margin
            and e.box[1] - margin <= y <= e.box[3] + margin
        ]
        if hits:
            return min(hits, key=lambda e: (e.kind not in _CONTROLS, _area(e)))
    return None


def _area(e: Element) -> int:
    return (e.box[2] - e.box[0]) * (e.box[3] - e.box[1])


def _nearest(obs: Observation, point: tuple[int, int], n: int = 3) -> list[Element]:
    x, y = obs.mapping.to_frame(*point)

    def distance(e: Element) -> float:
        cx, cy = e.center
        return float((cx - x) ** 2 + (cy - y) ** 2)

    return sorted((e for e in obs.elements if e.source != "grid"), key=distance)[:n]


def _merged(moves: list[_Move], afters: list[Observation]) -> list[_Move]:
    """A single left click on a field right before typing becomes the type's target."""
    out: list[_Move] = []
    for move in moves:
        last = out[-1] if out else None
        if (
            move.what == "type"
            and last is not None
            and last.what == "click"
            and last.clicks == 1
            and last.first.button == "left"
            and last.element is not None
            and last.element.kind == "field"
        ):
            move.into, move.first = (
                last.element,
                dataclasses.replace(move.first, before=last.first.before),
            )
            out[-1] = move
        else:
            out.append(move)
    return out


@dataclasses.dataclass(slots=True)
class _Builder:
    name: str
    goal: str
    values: dict[str, str] = dataclasses.field(default_factory=dict)  # value -> parameter
    types: dict[str, str] = dataclasses.field(default_factory=dict)
    example: str = ""
    first_title: str = ""
    last_title: str = ""
    warnings: list[str] = dataclasses.field(default_factory=list)

    def find_parameters(self, moves: Sequence[_Move]) -> None:
        """Typed text the example goal holds becomes a parameter; the example is the goal
        with it replaced."""
        example = self.goal
        for move in moves:
            text = move.text.strip()
            if move.what != "type" or not text or text in self.values:
                continue
            found = _occurrence(example, text)
            if found is None:
                continue
            param = self.parameter_name(move)
            self.values[text] = param
            self.types[param] = "file name" if _FILE_WORD.match(text) else "text"
            example = example[: found[0]] + "{" + param + "}" + example[found[1] :]
        if self.goal and not self.values:
            self.warnings.append(
                f"no text typed appears in the example goal {self.goal!r}: the procedure has "
                "no parameters, and types what was typed"
            )
        self.example = example or self.name.replace("-", " ")

    def parameter_name(self, move: _Move) -> str:
        label = move.into.label if move.into is not None else ""
        base = re.sub(r"[^a-z0-9]+", "_", _DUPLICATE.sub("", label).lower()).strip("_")[:30]
        base = base if re.match(r"^[a-z_][a-z0-9_]*$", base) else "text"
        name, n = base, 2
        while name in self.types:
            name, n = f"{base}_{n}", n + 1
        return name

    def sub(self, text: str) -> str:
        """``text`` with each parameter's value (as typed) replaced by its placeholder."""
        for value, param in sorted(self.values.items(), key=lambda kv: -len(kv[0])):
            if len(value) >= 2:
                text = text.replace(value, "{" + param + "}")
        return text

    def step(self, move: _Move, after: Observation) -> dict[str, Any]:
        before = move.first.before
        element = move.into or move.element
        step: dict[str, Any] = {"do": "click" if move.what == "click" else move.what}
        if move.what == "click":
            step.update({"button": move.first.button} if move.first.button != "left" else {})
            step.update({"clicks": move.clicks} if move.clicks != 1 else {})
        elif move.what == "type":
            step["text"] = self.sub(move.text)
        elif move.what == "key":
            step["keys"] = move.first.keys
        elif move.what == "scroll":
            step.update(direction=move.first.direction, amount=move.amount)
        if element is not None:
            step["target"] = self.target(element, before)
        step["check"] = self.check(move, before, after)
        window = before.window(element) if element is not None else None
        title = window.title if window is not None else ""
        if title and self.last_title and title != self.last_title:
            step["needs"] = [{"window": self.sub(title)}]
        self.first_title = self.first_title or title
        self.last_title = title or self.last_title
        step["note"] = _note(move, element, before)
        return step

    def target(self, element: Element, obs: Observation) -> dict[str, Any]:
        label = _DUPLICATE.sub("", element.label).strip() or element.label
        twins = [e for e in obs.elements if e.key == normalize_label(label) and e is not element]
        if any(e.kind == element.kind for e in twins):
            self.warnings.append(
                f"{label!r} ({element.kind or 'text'}) is on screen more than once: a replay "
                "takes the one in the top-most window, first in reading order"
            )
        return {"label": self.sub(label), **({"kind": element.kind} if element.kind else {})}

    def check(self, move: _Move, before: Observation, after: Observation) -> Any:
        """What the index saw change after the move, as a check."""
        typed = move.text.strip()
        if move.what == "type" and typed and after.shows(typed):
            return {"shows": self.sub(typed)}
        titles = {w.title for w in before.windows}
        new = [w.title for w in after.windows if w.title and w.title not in titles]
        if new:
            return {"window": self.sub(new[0])}
        seen = {e.key for e in before.elements}
        fresh = [
            e.label
            for e in after.elements
            if e.key not in seen
            and e.source in ("ocr", "a11y", "window")
            and len(e.key) >= 4
            and not _DUPLICATE.search(e.label)
            and any(c.isalpha() for c in e.label)
        ]
        if fresh:
            return {"shows": self.sub(max(fresh, key=len))}
        return {"unchecked": "when it was taught, nothing the index names changed after it"}

    def document(self, steps: list[dict[str, Any]]) -> dict[str, Any]:
        parameters = {
            p: {"type": self.types[p], "description": f"taught with {v!r}"}
            for v, p in self.values.items()
        }
        return {
            "format": FORMAT,
            "name": self.name,
            "description": "taught by showing",
            "examples": [self.example],
            "parameters": parameters,
            "preconditions": [
                {"window": self.sub(self.first_title) if self.first_title else "any"}
            ],
            "steps": steps,
        }


def _occurrence(goal: str, text: str) -> tuple[int, int] | None:
    """Where ``text`` stands in ``goal`` (with its quotes, when quoted), ignoring case."""
    quoted = re.search(r"(['\"])" + re.escape(text) + r"\1", goal, re.I)
    if quoted:
        return quoted.span()
    bare = re.search(r"(?<!\w)" + re.escape(text) + r"(?!\w)", goal, re.I)
    return bare.span() if bare else None


def _note(move: _Move, element: Element | None, obs: Observation) -> str:
    what = {
        "click": "clicked on",
        "type": "typed into",
        "key": "pressed",
        "scroll": "scrolled over",
    }
    said = f"taught: {what.get(move.what, move.what)}"
    if element is None:
        return said + (f" {move.first.keys}" if move.what == "key" else "")
    window = obs.window(element)
    where = f" in the window {window.title!r}" if window is not None and window.title else ""
    program = f" ({'/'.join(window.wm_class)})" if window is not None and window.wm_class else ""
    return f"{said} {element.label!r}{where}{program}"


def _description(procedure: Procedure, title: str) -> str:
    steps = "; ".join(s.describe() for s in procedure.steps)
    where = f" in the window {title!r}" if title else ""
    return f"Taught by showing{where}: {steps}."


def save(taught: Taught, folder: Path, *, replace: bool = False) -> Path:
    """Write ``taught`` to ``folder/<name>.json`` (made when missing) as indented JSON a
    person can edit, atomically; FileExistsError when the file is there and not
    ``replace``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{taught.procedure.name}.json"
    if path.exists() and not replace:
        raise FileExistsError(f"{path} exists already")
    text = json.dumps(dict(taught.data), indent=2, ensure_ascii=False) + "\n"
    fd, part = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(part, 0o644)
        os.replace(part, path)
    except BaseException:
        Path(part).unlink(missing_ok=True)
        raise
    return path
