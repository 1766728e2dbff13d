"""The procedure format: a task of many steps as data, read and checked by :func:`load`.

A procedure is one JSON file, versioned and reviewed like code::

    {
      "format": 1,
      "name": "save-as",
      "description": "Save the open document under a new name: Save As, the name, Return.",
      "examples": ["save as {name}", "save the document as {name}", "keep this as {name}"],
      "parameters": {"name": {"type": "file name", "description": "the new file's name"}},
      "preconditions": [{"window": "any"}],
      "steps": [
        {"do": "key", "keys": "ctrl+shift+s",
         "unless": {"element": ["File name", "Name"], "kind": "field"},
         "check": {"shows": ["File name", "Name"]}},
        {"do": "type", "text": "{name}",
         "target": {"label": ["File name", "Name"], "kind": "field"}, "check": "changed"},
        {"do": "key", "keys": "Return", "check": "changed"}
      ]
    }

``acts`` (optional) are the words a goal says this procedure's act with ("save", "store",
"keep" for save-as): a goal matched only by meaning, not by an example's pattern, must
say one of them (or the same word with an ending: "stored"), so a goal that shares a
file name or a word with the examples but asks for another act ("trash junk.log", "wrap
long lines") starts no procedure. Without ``acts`` meaning alone decides.

A step is one of the harness's own verbs (:data:`STEP_VERBS`) with that verb's fields
from :data:`~tiny_computer_agent._actions.VERB_TABLE`; its ``target`` names an element
by label (alternatives in a list, the likeliest first; a label that ends with "*" takes
any label that begins with the rest: "Replace all*" is "Replace all at once") and kind,
never by pixels. ``{name}`` in a string is
a parameter's value. Every step says how its effect is seen (``check``, one of
:data:`CHECKS`); ``needs`` are conditions that must hold before it, ``unless`` one that
makes it unneeded (the dialog is open already), ``otherwise`` the step to do instead
when its target is not on screen (a Save button, else ctrl+s), ``wait`` the seconds to
wait, with no brain calls, for what it needs or its check. A step that names an
optional parameter the goal gives no value is skipped: a form of up to four fields
filled from a goal that names two.

A key step may also say where its command is in a menu bar (``menu``: the menus it may
be ``in``, likeliest first, and the ``item``'s labels): when the window shows a menu bar
holding one of those menus, the item is taken from it and the key is pressed only when
no menu holds the item. Shortcuts differ from program to program (Replace is ctrl+r in
one editor, ctrl+h in another, and ctrl+r reloads the file in a third); the words of a
menu bar do not::

    {"do": "key", "keys": "ctrl+h", "menu": {"in": ["Search", "Edit"], "item": "Replace"},
     "check": {"shows": "Replace with"}}

An item matches a label with its dots ("Replace...", "Save As…") and the shortcut shown
beside it ("Save As...  Shift+Ctrl+S") left off.
"""

from __future__ import annotations

import dataclasses
import difflib
import itertools
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

from .._actions import VERB_TABLE, Action
from .._elements import KINDS
from .._errors import ActionError, TinyAgentError

__all__ = [
    "CHECKS",
    "FORMAT",
    "PARAMETER_TYPES",
    "STEP_VERBS",
    "Condition",
    "MenuRoute",
    "Parameter",
    "Procedure",
    "ProcedureError",
    "ProcedureStep",
    "Target",
    "load",
    "parse",
]

#: The format version this code reads.
FORMAT: Final = 1
#: What a parameter may be: any text, a file's name (no folder), a label on screen, a
#: file's full path (from ``/`` or ``~``).
PARAMETER_TYPES: Final = ("text", "file name", "label", "path")
#: The verbs a step may use: the harness's own vocabulary, less what a recorded
#: sequence of steps should never do blind (drag, move) or cannot check (zoom, wait).
STEP_VERBS: Final = ("click", "type", "key", "scroll", "seek", "wait_for", "focus")
#: How a condition is written (one key of an object, or the word "changed"):
#: shows: one of the texts is visible; gone: none is; window: a window whose title holds
#: one ("any": some window is open); element: an element with one of the labels (and
#: ``kind``); none: no element of the kind it names is on screen (a document with no
#: line seen as a row); ticked: a check box (or radio) with one of the labels shows a tick;
#: changed: the index or a window's title changed since before the step; unchecked:
#: the step has no effect the index can see, and the reason says why.
CHECKS: Final = ("shows", "gone", "window", "element", "none", "ticked", "changed", "unchecked")
#: Which element a target with no label means, of those of its kind.
PICKS: Final = ("first", "last")
#: The longest a step may wait for what it needs or for its check (the policy caps it too).
MAX_STEP_WAIT: Final = 120.0
DEFAULT_STEP_WAIT: Final = 10.0
MAX_FILE_BYTES: Final = 256 * 1024
_PLACEHOLDER: Final = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_NAME: Final = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")
_SAMPLE: Final = {
    "text": "sample text",
    "file name": "sample.txt",
    "label": "Sample",
    "path": "/home/sample/sample.txt",
}
_TOP_KEYS: Final = (
    "format",
    "name",
    "description",
    "examples",
    "acts",
    "parameters",
    "preconditions",
    "steps",
)
_ACT: Final = re.compile(r"[a-z]+")
_STEP_KEYS: Final = (
    "do", "target", "check", "needs", "unless", "otherwise", "menu", "wait", "note"
)  # fmt: skip


class ProcedureError(TinyAgentError):
    """A procedure file cannot be used: the file, the step, what is wrong and the fix."""


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Parameter:
    """A value the goal gives: ``type`` is one of :data:`PARAMETER_TYPES`; an optional
    one (``required`` false) may be named by an example and used by no step."""

    name: str
    type: str
    description: str = ""
    required: bool = True


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Target:
    """An element by what it says and what it is: one of ``labels`` (placeholders
    allowed) and, when given, its ``kind`` (one of the index's kinds); or, with no
    label, the ``pick`` (``first`` or ``last`` in reading order) of the elements of its
    kind in the top-most window that has any (a document's last line)."""

    labels: tuple[str, ...]
    kind: str = ""
    pick: str = ""

    def describe(self) -> str:
        if self.pick:
            return f"the {self.pick} {self.kind}"
        said = " or ".join(repr(label) for label in self.labels)
        return f"the {self.kind} {said}" if self.kind else said


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Condition:
    """One of :data:`CHECKS` with its texts (labels, titles) and, for ``element``, a kind."""

    what: str
    texts: tuple[str, ...] = ()
    kind: str = ""
    reason: str = ""

    def describe(self) -> str:
        said = " or ".join(repr(t) for t in self.texts)
        return {
            "shows": f"{said} is visible",
            "gone": f"{said} is no longer visible",
            "window": "a window is open" if not self.texts else f"a window titled {said}",
            "element": f"{Target(labels=self.texts, kind=self.kind).describe()} is on screen",
            "none": f"no {self.kind} is on screen",
            "ticked": f"the box {said} is ticked",
            "changed": "the screen changed",
            "unchecked": f"nothing to check ({self.reason})",
        }[self.what]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class MenuRoute:
    """Where a key step's command is in a menu bar: one of the ``menus`` (likeliest
    first), the item labelled one of ``items``."""

    menus: tuple[str, ...]
    items: tuple[str, ...]

    def describe(self) -> str:
        """``'Replace' in the 'Search' or 'Edit' menu``: the first item, every menu."""
        where = " or ".join(repr(m) for m in self.menus)
        more = f" (or {len(self.items) - 1} other labels)" if len(self.items) > 1 else ""
        return f"{self.items[0]!r}{more} in the {where} menu"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class ProcedureStep:
    """One step: a verb and its fields (placeholders in strings), a target, its check,
    what it needs first, what makes it unneeded, what to do when its target is not on
    screen, and how long it may wait."""

    number: int
    verb: str
    fields: tuple[tuple[str, Any], ...] = ()
    target: Target | None = None
    check: Condition = dataclasses.field(default_factory=lambda: Condition(what="changed"))
    needs: tuple[Condition, ...] = ()
    unless: Condition | None = None
    otherwise: ProcedureStep | None = None
    menu: MenuRoute | None = None
    wait: float = DEFAULT_STEP_WAIT
    note: str = ""

    def describe(self) -> str:
        """``press ctrl+shift+s``, ``type '{name}' into the field 'File name'``."""
        f = dict(self.fields)
        where = f" into {self.target.describe()}" if self.target else ""
        said = {
            "key": f"press {f.get('keys')}",
            "type": f"type {f.get('text')!r}{where}",
            "click": f"click {self.target.describe() if self.target else ''}",
            "focus": f"bring the window {f.get('window')!r} to the front",
        }.get(self.verb, f"{self.verb} {f}")
        instead = f" (else {self.otherwise.describe()})" if self.otherwise else ""
        menu = f" (or {self.menu.describe()})" if self.menu else ""
        return said.strip() + instead + menu

    def uses(self) -> list[str]:
        """The parameters the step names anywhere (fields, target, conditions, what it
        does instead), in order."""
        return _placeholders_of(self)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Procedure:
    """A task of many steps from one goal; ``source`` says where it was found
    (``built-in``, ``user``, ``plugin NAME``) and ``path`` its file."""

    name: str
    description: str
    examples: tuple[str, ...]
    parameters: tuple[Parameter, ...]
    preconditions: tuple[Condition, ...]
    steps: tuple[ProcedureStep, ...]
    source: str = ""
    path: str = ""
    acts: tuple[str, ...] = ()

    def parameter(self, name: str) -> Parameter:
        return next(p for p in self.parameters if p.name == name)


def load(path: str | Path, *, source: str = "") -> Procedure:
    """Read and check one procedure file; ProcedureError names the file, the step, what
    is wrong and what to do."""
    where = str(path)
    try:
        raw = Path(path).read_bytes()[: MAX_FILE_BYTES + 1]
    except OSError as exc:
        raise ProcedureError(f"{where}: cannot read it ({exc.strerror or exc})") from exc
    if len(raw) > MAX_FILE_BYTES:
        raise ProcedureError(f"{where}: larger than {MAX_FILE_BYTES // 1024} KB; split it")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ProcedureError(f"{where}: not UTF-8 text; save it as UTF-8") from exc
    except json.JSONDecodeError as exc:
        raise ProcedureError(
            f"{where}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            "check the commas and quotes there"
        ) from exc
    return parse(data, where=where, source=source)


def parse(data: Any, *, where: str = "<procedure>", source: str = "") -> Procedure:
    """A procedure from its JSON value (see the module's docstring)."""
    _Reader(where).expect_object(data, "the file", _TOP_KEYS)
    read = _Reader(where)
    if data.get("format") != FORMAT:
        read.fail(f"'format' is {data.get('format')!r}", f'write "format": {FORMAT}')
    name = read.text(data.get("name"), "'name'")
    if not _NAME.match(name):
        read.fail(f"'name' is {name!r}", "use lower-case letters, digits and dashes (save-as)")
    read = _Reader(f"{where} ({name})")
    description = read.text(data.get("description"), "'description'")
    parameters = read.parameters(data.get("parameters", {}))
    known = {p.name: p for p in parameters}
    examples = tuple(read.texts(data.get("examples"), "'examples'"))
    for i, example in enumerate(examples, 1):
        read.example(example, i, known)
    acts = tuple(read.texts(data["acts"], "'acts'")) if "acts" in data else ()
    if bad := [a for a in acts if not _ACT.fullmatch(a)]:
        read.fail(f"'acts' holds {bad[0]!r}", 'give single lower-case words ("save", "store")')
    pre = tuple(
        read.condition(c, "precondition", known)
        for c in read.items(data.get("preconditions", []), "'preconditions'")
    )
    raw_steps = read.items(data.get("steps"), "'steps'")
    if not raw_steps:
        read.fail("'steps' is empty", "give at least one step")
    steps = tuple(read.step(s, n, known) for n, s in enumerate(raw_steps, 1))
    used = {p for s in steps for p in _placeholders_of(s)}
    for p in parameters:
        if p.required and p.name not in used:
            read.fail(
                f"parameter {p.name!r} is used by no step", 'use it, or say "required": false'
            )
    return Procedure(
        name=name,
        description=description,
        examples=examples,
        parameters=parameters,
        preconditions=pre,
        steps=steps,
        source=source,
        path=where,
        acts=acts,
    )


def placeholders(text: str) -> list[str]:
    """The parameter names ``text`` refers to, in order."""
    return _PLACEHOLDER.findall(text)


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each ``{name}`` replaced by its value ("" when not given)."""
    return _PLACEHOLDER.sub(lambda m: values.get(m[1], ""), text)


def _placeholders_of(step: ProcedureStep) -> list[str]:
    texts = [str(v) for _, v in step.fields if isinstance(v, str)]
    texts += list(step.target.labels) if step.target else []
    for c in (step.check, *step.needs, *([step.unless] if step.unless else [])):
        texts += list(c.texts)
    found = [p for t in texts for p in placeholders(t)]
    return found + (_placeholders_of(step.otherwise) if step.otherwise else [])


@dataclasses.dataclass(slots=True)
class _Reader:
    """Reads parts of one file; every failure names the file (and the step)."""

    where: str

    def fail(self, what: str, fix: str) -> NoReturn:
        raise ProcedureError(f"{self.where}: {what}; {fix}")

    def expect_object(self, value: Any, what: str, keys: Sequence[str]) -> None:
        if not isinstance(value, dict):
            self.fail(f"{what} is a {type(value).__name__}", "write a JSON object {...}")
        for key in value:
            if key not in keys:
                near = difflib.get_close_matches(str(key), keys, n=1)
                hint = f"did you mean {near[0]!r}?" if near else f"use {', '.join(keys)}"
                self.fail(f"{what} has an unknown key {key!r}", hint)

    def text(self, value: Any, what: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{what} is {value!r}", "give a non-empty string")
        return str(value).strip()

    def texts(self, value: Any, what: str) -> list[str]:
        """A string or a non-empty list of strings."""
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not items:
            self.fail(f"{what} is {value!r}", "give a string or a non-empty list of strings")
        return [self.text(v, what) for v in items]

    def items(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(f"{what} is {value!r}", "give a JSON list [...]")
        return list(value)

    def parameters(self, value: Any) -> tuple[Parameter, ...]:
        if not isinstance(value, dict):
            self.fail(f"'parameters' is {value!r}", 'give an object {"name": {"type": ...}}')
        out = []
        for name, spec in value.items():
            if not _PLACEHOLDER.fullmatch("{" + name + "}"):
                self.fail(f"parameter name {name!r}", "use letters, digits and _ (file_name)")
            self.expect_object(spec, f"parameter {name!r}", ("type", "description", "required"))
            kind = spec.get("type")
            if kind not in PARAMETER_TYPES:
                self.fail(
                    f"parameter {name!r} has type {kind!r}",
                    f"use one of {', '.join(PARAMETER_TYPES)}",
                )
            required = spec.get("required", True)
            if not isinstance(required, bool):
                self.fail(f"parameter {name!r}: 'required' is {required!r}", "use true or false")
            said = spec.get("description", "")
            out.append(Parameter(name=name, type=kind, description=str(said), required=required))
        return tuple(out)

    def example(self, example: str, index: int, known: Mapping[str, Parameter]) -> None:
        names = placeholders(example)
        for name in names:
            if name not in known:
                self.fail(
                    f"example {index} ({example!r}) names {{{name}}}",
                    f"declare it under 'parameters' (known: {', '.join(known) or 'none'})",
                )
        missing = [p.name for p in known.values() if p.required and p.name not in names]
        if missing:
            self.fail(
                f"example {index} ({example!r}) leaves out {{{missing[0]}}}",
                "every example must give every required parameter",
            )
        if any(a + 1 == b for a, b in _spans(example)):
            self.fail(
                f"example {index} ({example!r}) has two parameters side by side",
                "put a word between them, or the goal cannot be read",
            )

    def condition(self, value: Any, what: str, known: Mapping[str, Parameter]) -> Condition:
        if value == "changed":
            return Condition(what="changed")
        if not isinstance(value, dict) or not (set(value) - {"kind"}):
            self.fail(
                f"{what} is {value!r}",
                f'write "changed" or an object with one of {", ".join(CHECKS)}',
            )
        self.expect_object(value, what, (*CHECKS, "kind"))
        whats = [k for k in value if k != "kind"]
        if len(whats) > 1:
            self.fail(f"{what} says {' and '.join(whats)}", "give one condition per object")
        key = whats[0]
        if "kind" in value and key != "element":
            self.fail(f"{what}: 'kind' goes with 'element' only", "remove it")
        if key == "changed":
            self.fail(f"{what}: 'changed' takes no value", 'write "changed"')
        if key == "unchecked":
            return Condition(what=key, reason=self.text(value[key], f"{what}'s reason"))
        if key == "window" and value[key] == "any":
            return Condition(what=key)
        if key == "none":
            if not value[key]:
                self.fail(f"{what}: 'none' names no kind", f"use one of {', '.join(KINDS[1:])}")
            return Condition(what=key, kind=self.kind(value[key], what))
        texts = tuple(self.texts(value[key], f"{what}'s {key!r}"))
        self.known_placeholders(texts, what, known)
        return Condition(what=key, texts=texts, kind=self.kind(value.get("kind", ""), what))

    def kind(self, kind: Any, what: str) -> str:
        if kind not in KINDS:
            self.fail(f"{what}: kind {kind!r}", f"use one of {', '.join(KINDS[1:])}")
        return str(kind)

    def known_placeholders(self, texts: Sequence[str], what: str, known: Mapping[str, Any]) -> None:
        for text in texts:
            for name in placeholders(text):
                if name not in known:
                    self.fail(f"{what} uses {{{name}}}", "declare it under 'parameters'")

    def step(self, value: Any, number: int, known: Mapping[str, Parameter]) -> ProcedureStep:
        return _StepReader(_Reader(f"{self.where}: step {number}"), number, known).read(value)


def _spans(example: str) -> list[tuple[int, int]]:
    """Pairs (end of one placeholder, start of the next) with only a space between."""
    matches = list(_PLACEHOLDER.finditer(example))
    return [
        (a.end() - 1, b.start() - 1)
        for a, b in itertools.pairwise(matches)
        if not example[a.end() : b.start()].strip()
    ]


@dataclasses.dataclass(slots=True)
class _StepReader:
    reader: _Reader
    number: int
    known: Mapping[str, Parameter]

    def read_step(self, value: Any, *, nested: bool) -> ProcedureStep:
        r = self.reader
        if not isinstance(value, dict):
            r.fail(f"is a {type(value).__name__}", 'write an object {"do": "click", ...}')
        verb = value.get("do")
        if verb not in STEP_VERBS:
            r.fail(f"'do' is {verb!r}", f"use one of {', '.join(STEP_VERBS)}")
        spec = VERB_TABLE[verb]
        fields = {k: v for k, v in value.items() if k not in _STEP_KEYS}
        for key in fields:
            if key not in spec.fields or key.endswith("_id") or key == "target":
                r.fail(
                    f"{verb} takes no field {key!r}",
                    f"a {verb} step takes {', '.join(_own_fields(verb)) or 'no fields'}",
                )
        r.known_placeholders([v for v in fields.values() if isinstance(v, str)], "it", self.known)
        target = self.target(value.get("target"), verb)
        self.validate(verb, fields, target)
        if nested and {"check", "otherwise", "unless", "needs"} & set(value):
            r.fail(
                "its 'otherwise' has its own check, needs, unless or otherwise",
                "the step's own check and needs apply to what it does instead",
            )
        check = Condition(what="changed")
        if not nested:
            if "check" not in value:
                r.fail("has no 'check'", 'say how its effect is seen: "changed", {"shows": ...}')
            check = r.condition(value["check"], "its check", self.known)
        return ProcedureStep(
            number=self.number,
            verb=verb,
            fields=tuple(fields.items()),
            target=target,
            check=check,
            wait=self.wait(value.get("wait")),
            note=str(value.get("note", "")),
        )

    def read(self, value: Any) -> ProcedureStep:
        self.reader.expect_object(value, "it", (*_STEP_KEYS, *_all_fields()))
        step = self.read_step(value, nested=False)
        r = self.reader
        needs = tuple(
            r.condition(c, "a 'needs'", self.known)
            for c in r.items(value.get("needs", []), "'needs'")
        )
        unless = (
            None if "unless" not in value else r.condition(value["unless"], "'unless'", self.known)
        )
        otherwise = None
        if "otherwise" in value:
            if step.target is None:
                r.fail("has 'otherwise' but no target", "'otherwise' is for a target not on screen")
            otherwise = self.read_step(value["otherwise"], nested=True)
        menu = self.menu(value["menu"], step.verb) if "menu" in value else None
        return dataclasses.replace(step, needs=needs, unless=unless, otherwise=otherwise, menu=menu)

    def menu(self, value: Any, verb: str) -> MenuRoute:
        r = self.reader
        if verb != "key":
            r.fail(f"a {verb} step has a 'menu'", "a menu route stands for a key's shortcut")
        r.expect_object(value, "its 'menu'", ("in", "item"))
        if "in" not in value or "item" not in value:
            r.fail("its 'menu' lacks 'in' or 'item'", 'write {"in": "File", "item": "Save As"}')
        menus = tuple(r.texts(value["in"], "its menu's 'in'"))
        items = tuple(r.texts(value["item"], "its menu's 'item'"))
        if any(placeholders(t) for t in (*menus, *items)):
            r.fail("its 'menu' names a parameter", "menus and items are a program's own words")
        return MenuRoute(menus=menus, items=items)

    def target(self, value: Any, verb: str) -> Target | None:
        r, spec = self.reader, VERB_TABLE[verb]
        if value is None:
            if "target" in spec.required:
                r.fail(f"a {verb} needs a 'target'", 'add "target": {"label": "OK"}')
            return None
        if "target" not in spec.fields:
            r.fail(f"a {verb} takes no target", "remove 'target'")
        r.expect_object(value, "its target", ("label", "kind", "pick"))
        kind = r.kind(value.get("kind", ""), "its target")
        pick = value.get("pick", "")
        if pick not in ("", *PICKS) or (pick and (not kind or "label" in value)):
            r.fail(
                f"its target's 'pick' is {pick!r}",
                f"give one of {', '.join(PICKS)} with a 'kind' and no 'label'",
            )
        if pick:
            return Target(labels=(), kind=kind, pick=pick)
        labels = tuple(r.texts(value.get("label"), "its target's 'label'"))
        r.known_placeholders(labels, "its target", self.known)
        return Target(labels=labels, kind=kind)

    def validate(self, verb: str, fields: Mapping[str, Any], target: Target | None) -> None:
        """Build the action with sample values, so a bad value is found on loading."""
        sample = {n: _SAMPLE[p.type] for n, p in self.known.items()}
        filled = {k: fill(v, sample) if isinstance(v, str) else v for k, v in fields.items()}
        if target is not None:
            filled["target"] = fill(target.labels[0], sample) if target.labels else "Sample"
        try:
            Action.make(verb, **filled)
        except ActionError as exc:
            self.reader.fail(str(exc), "mend the field it names")

    def wait(self, value: Any) -> float:
        if value is None:
            return DEFAULT_STEP_WAIT
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not ok or not 0 < value <= MAX_STEP_WAIT:
            self.reader.fail(
                f"'wait' is {value!r}", f"give seconds, more than 0, at most {MAX_STEP_WAIT:g}"
            )
        return float(value)


def _own_fields(verb: str) -> list[str]:
    spec = VERB_TABLE[verb]
    return [f for f in spec.fields if not f.endswith("_id")]


def _all_fields() -> tuple[str, ...]:
    return tuple(sorted({f for v in STEP_VERBS for f in _own_fields(v) if f != "target"}))
