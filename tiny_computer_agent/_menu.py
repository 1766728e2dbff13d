"""The numbered menu a brain chooses from, and the lenient reader of its replies.

A brain never emits coordinates: it is shown a short numbered list of what is on
screen and answers with a number (or a label) and a verb. :func:`parse_decision`
reads what small models really send -- bare numbers, ``"#3"``, ``2.0``, labels with
punctuation, JSON wrapped in prose or code fences, Python-style dicts, a label in the
wrong field, a misspelt verb -- and refuses what cannot be used safely: an empty
reply, an echo of the prompt, a number or label that is not on the menu.

Whatever a reply holds, reading it ends in a :class:`Decision` or a
:class:`BrainError`, never another exception, and takes time linear in its length:

* a reply longer than :data:`MAX_REPLY_CHARS` is refused unread (a BrainError that
  says so), rather than read in part: cutting it could drop the object that decides;
* JSON numbers of more than 4,300 digits, nesting a thousand deep, Python literals that
  are not dicts (``{[1]: 2}``) are simply not objects to read;
* the search for objects spends a bounded budget on text that only looks like one
  (``{"a":{"a":...`` repeated); past it the reply is refused as too tangled.
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from ._actions import BUTTONS, VERB_TABLE, Action, ascii_whole, is_text, printable, shown
from ._contracts import Decision
from ._elements import Element, Observation, match_score, normalize_label
from ._errors import ActionError, BrainError

__all__ = ["DEFAULT_MENU_SIZE", "MAX_REPLY_CHARS", "Menu", "build_menu", "parse_decision"]

DEFAULT_MENU_SIZE: Final = 12

#: The longest reply read. A decision is one small JSON object (under 200 characters);
#: small models asked for one send well under 2,000 characters even with prose.
MAX_REPLY_CHARS: Final = 8000

#: Characters of failed object parses a reply may cost, per character of the reply.
_PARSE_BUDGET_PER_CHAR: Final = 8
#: The longest ``{...}`` read as a Python dict.
_MAX_LITERAL_CHARS: Final = 4000

_VERB_FIELDS: Final = ("verb", "action", "act", "command", "operation", "do")
_TARGET_FIELDS: Final = (
    "choice", "target", "element", "id", "number", "index", "item", "option",
    "label", "selection", "select", "answer", "button",
)  # fmt: skip
_SYNONYMS: Final[Mapping[str, str]] = {
    "tap": "click", "select": "click", "choose": "click", "open": "click",
    "hit": "click", "pick": "click", "doubleclick": "click", "rightclick": "click",
    "input": "type", "write": "type", "typetext": "type", "entertext": "type",
    "press": "key", "hotkey": "key", "keypress": "key", "shortcut": "key",
    "hover": "move", "moveto": "move", "mousemove": "move",
    "finish": "done", "stop": "done", "complete": "done", "finished": "done",
    "sleep": "wait", "pause": "wait",
    "waitfor": "wait_for", "waituntil": "wait_for", "watch": "wait_for",
    "magnify": "zoom", "zoomin": "zoom", "enlarge": "zoom",
}  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Menu:
    """Numbered entries (1..N) drawn from an observation, in reading order."""

    observation: Observation
    entries: tuple[Element, ...]
    hidden: int = 0

    def lines(self) -> tuple[str, ...]:
        """The entries as a small model sees them: ``"3. Save"``, and where the detector
        knew more, ``"4. [button] No · Replace file?"``, ``"7. [field] Street = \"\""``,
        ``"9. [check] Subscribe ☐"`` (see :func:`entry_text`)."""
        titled = len({e.window for e in self.entries}) > 1
        return tuple(
            f"{n}. {entry_text(e, self.observation if titled else None)}"
            for n, e in enumerate(self.entries, 1)
        )

    def render(self) -> str:
        """The menu text shown to a brain, with a note when entries were left out."""
        text = "\n".join(self.lines()) or "(nothing was found on screen)"
        if self.hidden:
            text += f"\n({self.hidden} less relevant items not shown)"
        return text

    def entry(self, number: int) -> Element:
        """Entry ``number`` (1-based); BrainError when it is not on the menu."""
        if not 1 <= number <= len(self.entries):
            raise BrainError(
                f"choice {shown(number)} is not on the menu; choose a number from 1 to "
                f"{len(self.entries)}"
                if self.entries
                else f"choice {shown(number)} is not on the menu; the menu is empty"
            )
        return self.entries[number - 1]

    def lookup(self, value: object) -> tuple[int, Element]:
        """Resolve what a model sent -- ``1``, ``"2"``, ``2.0``, ``"#3"``, ``"Save."`` --
        to ``(number, element)``. Raises BrainError naming the value when it cannot."""
        number = _as_number(value)
        if number is not None:
            return number, self.entry(number)
        if isinstance(value, str):  # "[button] No", copied from the menu with its kind
            value = _KIND_TAG.sub("", value, count=1)
        if not isinstance(value, str) or not normalize_label(value):
            raise BrainError(f"{shown(value)} is neither a menu number nor a label on the menu")
        want = normalize_label(value)
        scored = [(match_score(want, e.key), n, e) for n, e in enumerate(self.entries, 1)]
        scored = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))
        if not scored:
            names = ", ".join(repr(e.label) for e in self.entries) or "nothing"
            raise BrainError(f"{shown(value)} is not on the menu; the menu has {names}")
        ties = [s for s in scored if s[0] == scored[0][0]]
        if len(ties) > 1:
            nums = ", ".join(f"{n} ({e.label!r})" for _, n, e in ties)
            raise BrainError(f"{shown(value)} matches several menu entries equally: {nums}")
        return scored[0][1], scored[0][2]


_BOXES: Final = {True: "☑", False: "☐"}
_KIND_TAG: Final = re.compile(r"^\s*\[[a-z]+\]\s*")
#: For a capped menu, among labels that match the goal equally: controls first, then
#: plain OCR text (which may be a control), then titles and static text.
_KIND_RANK: Final = {"": 1, "title": 2, "text": 2}


def entry_text(element: Element, titles: Observation | None = None) -> str:
    """One menu entry without its number: the label, with the kind in brackets when it
    is known and not plain ``text`` (most lines on a screen are; untagged they cost a
    model's prompt nothing), a field's value, a drop-down's arrow (▾), a check box's or
    radio's state, and the window's title when ``titles`` (the observation) is given and
    knows it."""
    text = element.label
    if element.kind and element.kind != "text":
        text = f"[{element.kind}] {text}"
    if element.kind == "field" or (element.value is not None and element.kind == "slider"):
        text += f" = {json.dumps(element.value or '', ensure_ascii=False)}"
    elif element.kind in ("check", "radio"):
        text += f" {_BOXES[element.checked]}"
    if "expandable" in element.state:
        text += " ▾"
    if "disabled" in element.state:
        text += " (disabled)"
    window = titles.window(element) if titles is not None else None
    if window is not None and window.title:
        text += f" · {window.title}"
    return text


def build_menu(observation: Observation, goal: str = "", limit: int = DEFAULT_MENU_SIZE) -> Menu:
    """The numbered menu for ``observation``: at most ``limit`` entries in reading order.

    When the frame has more elements than ``limit``, a dialog in front keeps its own
    first (a window transient for another one the frame lists: "Save changes before
    closing?" over its document, whose toolbar and menu bar would otherwise fill the
    menu while the dialog's third button is left out); then the ones whose labels best
    match the goal's words are kept -- among equals, named ones before nameless ones (a
    browser's toolbar icons read as unnamed radios filled its menu), known controls
    before plain text and titles, short labels (controls are named in a word or two)
    before long ones, then reading order -- and shown in reading order.
    """
    if limit < 1:
        raise ValueError(f"menu limit must be at least 1, got {limit}")
    elements = list(observation.elements)
    if len(elements) <= limit:
        return Menu(observation=observation, entries=tuple(elements))
    words = [normalize_label(w) for w in re.split(r"[\s,;:]+", goal)]
    words = [w for w in words if len(w) >= 2]
    whole = normalize_label(goal)

    def relevance(e: Element) -> float:
        best = max((match_score(w, e.key) for w in words), default=0.0)
        return max(best, match_score(whole, e.key) if whole else 0.0)

    dialog = _dialog_in_front(observation)
    keep = sorted(
        elements,
        key=lambda e: (
            dialog is not None and e.window != dialog,
            -relevance(e),
            not e.key,
            _KIND_RANK.get(e.kind, 0),
            len(e.label.split()),
            e.id,
        ),
    )[:limit]
    keep.sort(key=lambda e: e.id)
    return Menu(observation=observation, entries=tuple(keep), hidden=len(elements) - limit)


def _dialog_in_front(observation: Observation) -> int | None:
    """The X id of the window in front when it is a dialog of another window the frame
    lists (``transient_for``), else None."""
    front = observation.windows[0] if observation.windows else None
    if front is None or not front.id or not front.transient_for or front.override:
        return None
    owners = {w.id for w in observation.windows[1:]}
    return front.id if front.transient_for in owners else None


def _as_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if isinstance(value, str) and len(value) <= 40:
        m = re.fullmatch(
            r"\s*(?:#|no\.?\s*|number\s*|item\s*)?(\d{1,4})(?:\.0+)?\.?\s*", value, re.I
        )
        return ascii_whole(m.group(1)) if m else None  # \d matches "٣" too
    return None


def _json_objects(text: str, reply: str) -> list[dict[str, Any]]:
    """Every top-level ``{...}`` object in ``text`` that parses as JSON or a Python dict.

    Each ``{`` is tried once; a failed try costs what it read, from a budget linear in
    the text's length (BrainError when it runs out), so the search stays linear.
    """
    found: list[dict[str, Any]] = []
    decoder = json.JSONDecoder()
    closers = _closing_braces(text)
    budget = _PARSE_BUDGET_PER_CHAR * len(text) + _MAX_LITERAL_CHARS
    pos = 0
    while (start := text.find("{", pos)) != -1:
        obj, end, cost = _json_at(decoder, text, start)
        if not isinstance(obj, dict):
            obj, end, literal_cost = _literal_dict(text, start, closers.get(start))
            cost += literal_cost
        if isinstance(obj, dict):
            found.append(obj)
            pos = end
            continue
        budget -= cost
        if budget < 0:
            raise BrainError(
                "the reply has too many braces that open no readable object; answer with "
                'one JSON object such as {"verb": "click", "choice": <number>}',
                reply=reply,
            )
        pos = start + 1
    return found


def _json_at(decoder: json.JSONDecoder, text: str, start: int) -> tuple[object, int, int]:
    """(the JSON value at ``start`` or None, where it ends, characters a failure read)."""
    try:
        obj, end = decoder.raw_decode(text, start)
    except json.JSONDecodeError as exc:
        return None, start + 1, exc.pos - start + 1
    except (ValueError, RecursionError):  # a 4,300+ digit number; nesting ~1,000 deep
        return None, start + 1, len(text) - start
    return obj, end, 0


def _closing_braces(text: str) -> dict[int, int]:
    """For each ``{`` the index of the ``}`` that closes it (braces counted, strings not
    parsed), found in one pass."""
    opened: list[int] = []
    closers: dict[int, int] = {}
    for i, ch in enumerate(text):
        if ch == "{":
            opened.append(i)
        elif ch == "}" and opened:
            closers[opened.pop()] = i
    return closers


def _literal_dict(text: str, start: int, close: int | None) -> tuple[object, int, int]:
    """(the Python literal ``text[start:close + 1]`` or None, its end, the cost)."""
    if close is None or close - start >= _MAX_LITERAL_CHARS:
        return None, start + 1, 0
    try:
        value = ast.literal_eval(text[start : close + 1])
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        # TypeError: {[1]: 2} (a list cannot be a key); ValueError: not a literal, or
        # a 4,300+ digit number; SyntaxError: not Python; the last two: nesting
        return None, start + 1, close - start + 1
    return value, close + 1, close - start + 1


def _is_echo(reply: str, menu: Menu) -> bool:
    """A reply that repeats the menu back (most entries named, or numbered lines)."""
    n = len(menu.entries)
    if n == 0:
        return False
    numbered: set[int] = set()
    shown_lines = [line.partition(". ")[2].strip() for line in menu.lines()]
    for line in reply.split("\n"):  # one pass: a regex per entry over all lines is quadratic
        m = _MENU_LINE.match(line)
        number = ascii_whole(m.group(1)) if m else None
        label = m.group(2).strip() if m else None
        if (
            number is not None
            and 1 <= number <= n
            and label in (menu.entries[number - 1].label.strip(), shown_lines[number - 1])
        ):
            numbered.add(number)
    if len(numbered) >= 2:
        return True
    if n < 4:
        return False
    flat = normalize_label(reply)
    named = sum(1 for e in menu.entries if e.key and e.key in flat)
    return named >= max(3, math.ceil(0.6 * n))


_MENU_LINE: Final = re.compile(r"\s*(\d{1,4})[.)](.*)")


def _read_verb(
    obj: Mapping[str, Any], menu: Menu, notes: list[str], reply: str
) -> tuple[str | None, Any]:
    """The verb the reply meant, and a label found in the verb field instead, if any."""
    for field in _VERB_FIELDS:
        raw = obj.get(field)
        if not isinstance(raw, str) or not raw.strip():
            continue
        word = raw.strip().lower()
        if word in VERB_TABLE:
            return word, None
        squashed = normalize_label(word)
        if squashed in _SYNONYMS:
            verb = _SYNONYMS[squashed]
            if verb == "key" and _keys_of(obj) is None and _on_menu(_read_target(obj), menu):
                # "press" a menu entry presses that control: the key of the same name
                # (Delete, Return) would act on whatever has focus instead
                notes.append(f"verb {shown(raw)} with a menu entry as its target read as 'click'")
                return "click", None
            notes.append(f"verb {shown(raw)} read as {verb!r}")
            return verb, None
        try:
            menu.lookup(raw)
        except BrainError:
            pass
        else:
            notes.append(f"label {shown(raw)} was in the {field!r} field; read as the target")
            return None, raw
        close = difflib.get_close_matches(squashed, list(VERB_TABLE), n=2, cutoff=0.6)
        if len(close) == 1:
            notes.append(f"garbled verb {shown(raw)} read as {close[0]!r}")
            return close[0], None
        raise BrainError(
            f"unknown verb {shown(raw)}; allowed: {', '.join(VERB_TABLE)}", reply=reply
        )
    return None, None


def _on_menu(target: Any, menu: Menu) -> bool:
    """Whether ``target`` names an entry of ``menu`` (a number or a label)."""
    if target is None or isinstance(target, bool):
        return False
    try:
        menu.lookup(target)
    except BrainError:
        return False
    return True


def _read_target(obj: Mapping[str, Any]) -> Any:
    """The first target-like field's value (``choice``, ``target``, ``id``...), or None."""
    for field in _TARGET_FIELDS:
        value = obj.get(field)
        if value is None or value == "":
            continue
        if field == "button" and isinstance(value, str) and value.lower() in BUTTONS:
            continue
        return value
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class _Reply:
    """One reply object, with the values several fields are read from."""

    obj: Mapping[str, Any]
    menu: Menu
    reply: str
    verb: str
    target: Any
    text: Any
    keys: Any


def _text_of(obj: Mapping[str, Any]) -> Any:
    return obj.get("text", obj.get("value", obj.get("input")))


def _keys_of(obj: Mapping[str, Any]) -> Any:
    return obj.get("keys", obj.get("key", obj.get("hotkey", obj.get("combo"))))


def _infer_verb(
    obj: Mapping[str, Any], menu: Menu, notes: list[str], target: Any, text: Any
) -> tuple[str, Any, Any]:
    """``(verb, target, text)`` for a reply that named no verb: typing when it has text
    and a target, a key when it has keys and no target, otherwise a click."""
    if isinstance(text, str) and text and target is not None:
        return "type", target, text
    if _keys_of(obj) is not None and target is None:
        return "key", target, text
    if target is None:
        # a right label in the wrong field ({"text": "Save"}) is still a choice
        for field, value in obj.items():
            if isinstance(value, str | int | float) and field not in _VERB_FIELDS:
                try:
                    menu.lookup(value)
                except BrainError:
                    continue
                notes.append(f"label {shown(value)} was in the {field!r} field")
                return "click", value, None
    return "click", target, text


def _read_button(r: _Reply) -> dict[str, Any]:
    button = r.obj.get("button")
    if isinstance(button, str) and button.lower() in BUTTONS:
        return {"button": button.lower()}
    return {}


def _read_clicks(r: _Reply) -> dict[str, Any]:
    return {"clicks": 2} if r.obj.get("double") is True or r.obj.get("clicks") in (2, "2") else {}


def _read_amount(r: _Reply) -> dict[str, Any]:
    amount = r.obj.get("amount", r.obj.get("notches", r.obj.get("times")))
    return {} if amount is None else {"amount": amount}


def _read_to(r: _Reply) -> dict[str, Any]:
    to = r.obj.get("to", r.obj.get("destination", r.obj.get("drop")))
    if to is None:
        raise BrainError(f"{r.verb} needs a 'to' menu number", reply=r.reply)
    _, dest = r.menu.lookup(to)
    return {"to": dest.label, "to_id": dest.id}


def _read_seconds(r: _Reply) -> dict[str, Any]:
    if r.verb == "wait_for":  # a deadline: none given is the policy's default
        deadline = r.obj.get("seconds", r.obj.get("timeout", r.obj.get("deadline")))
        return {} if deadline is None else {"seconds": deadline}
    return {"seconds": r.obj.get("seconds", r.obj.get("duration", 1))}


def _read_reason(r: _Reply) -> dict[str, Any]:
    reason = r.obj.get("reason")
    return {"reason": reason[:200]} if isinstance(reason, str) and reason else {}


#: How each action field is read from a reply object. ``target`` (and the ids) are read
#: for every verb that takes one, by :func:`_read_choice`.
_FIELD_READERS: Final[Mapping[str, Callable[[_Reply], dict[str, Any]]]] = {
    "button": _read_button,
    "clicks": _read_clicks,
    "text": lambda r: {"text": r.text},
    "keys": lambda r: {"keys": r.keys if r.keys is not None else r.target},
    "direction": lambda r: {"direction": r.obj.get("direction", "down")},
    "amount": _read_amount,
    "to": _read_to,
    "seconds": _read_seconds,
    "until": lambda r: {"until": r.obj.get("until")},
    "window": lambda r: {"window": r.obj.get("window")},
    "reason": _read_reason,
}


def _read_choice(r: _Reply) -> tuple[int | None, dict[str, Any]]:
    """The menu number the reply chose (None when the verb needs none), with the
    entry's label and id as action fields."""
    spec = VERB_TABLE[r.verb]
    if r.target is not None and spec.takes_target:
        choice, element = r.menu.lookup(r.target)
        return choice, {"target": element.label, "target_id": element.id}
    if spec.needs_target:
        raise BrainError(
            f"{r.verb} needs a menu number; the reply named none "
            f'(expected e.g. {{"verb": "{r.verb}", "choice": <number>}})',
            reply=r.reply,
        )
    return None, {}


def _decision_from_object(obj: Mapping[str, Any], menu: Menu, reply: str) -> Decision:
    obj = {str(k).strip().lower(): v for k, v in obj.items()}
    notes: list[str] = []
    verb, label_in_verb = _read_verb(obj, menu, notes, reply)
    target = _read_target(obj)
    if label_in_verb is not None and target is None:
        target = label_in_verb
    text = _text_of(obj)
    if verb is None:
        verb, target, text = _infer_verb(obj, menu, notes, target, text)
    r = _Reply(obj, menu, reply, verb, target, text, _keys_of(obj))
    choice, chosen = _read_choice(r)
    fields: dict[str, Any] = {"verb": verb, **chosen}
    for name in VERB_TABLE[verb].fields:
        reader = _FIELD_READERS.get(name)
        if reader is not None:
            fields.update(reader(r))
    try:
        action = Action.from_dict(fields)
    except ActionError as exc:
        raise BrainError(f"the reply's action is invalid: {exc}", reply=reply) from exc
    return Decision(action=action, choice=choice, reply=reply, note="; ".join(notes))


#: The fields a reply may hold a batch in: ``{"batch": [{...}, {...}]}``.
_BATCH_FIELDS: Final = ("batch", "actions", "steps", "sequence")


def _batch_of(reply: str) -> list[Any] | None:
    """The list of action objects when the whole reply (maybe in a code fence) is a JSON
    list, or one object holding a list in a batch field; else None. Only a reply that *is*
    a batch is one: reading the last object of a list would do its last action alone."""
    core = reply.strip()
    if core.startswith("```"):
        core = core.strip("`").strip()
        core = core[4:].lstrip() if core[:4].lower() == "json" else core
    if core[:1] not in ("[", "{"):
        return None
    try:
        data = json.loads(core)
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict):
        data = next((data[k] for k in _BATCH_FIELDS if isinstance(data.get(k), list)), None)
    if not isinstance(data, list):
        return None
    return data


def _batch_decision(items: list[Any], menu: Menu, reply: str) -> Decision:
    if not items:
        raise BrainError(
            "the reply is an empty list: there is no action in it; answer with one JSON "
            'object such as {"verb": "click", "choice": <number>}, or a list of them',
            reply=reply,
        )
    if len(items) == 1 and isinstance(items[0], Mapping):
        return _decision_from_object(items[0], menu, reply)
    if not all(isinstance(item, Mapping) for item in items):
        raise BrainError(
            "a batch must be a list of action objects, e.g. "
            '[{"verb": "type", "choice": <number>, "text": "..."}, {"verb": "key", "keys": '
            '"Return"}]',
            reply=reply,
        )
    decisions = [_decision_from_object(item, menu, reply) for item in items]
    first, rest = decisions[0], decisions[1:]
    try:
        return Decision(
            action=first.action,
            choice=first.choice,
            reply=reply,
            note="; ".join(d.note for d in decisions if d.note),
            batch=tuple(d.action for d in rest),
        )
    except ActionError as exc:
        raise BrainError(
            f"the reply's batch cannot go at once: {exc}; send one action at a time",
            reply=reply,
        ) from exc


_LEADING_VERBS: Final = frozenset({"click", "press", "select", "choose", "tap", "open", "pick"})


def _bare_label(reply: str, menu: Menu) -> tuple[int, Element] | None:
    """A reply with no JSON is a choice only when it *is* one menu label (give or take
    case, punctuation, quotes and one leading verb): "Save." or "click Save", never a
    sentence that mentions a label ("I would not click Save") or noise around one."""
    words = reply.strip().strip("`'\".").split()
    if len(words) > 1 and normalize_label(words[0]) in _LEADING_VERBS:
        words = words[1:]
    core = normalize_label(" ".join(words))
    hits = [(n, e) for n, e in enumerate(menu.entries, 1) if core and e.key == core]
    return hits[0] if len(hits) == 1 else None


_BARE: Final = re.compile(
    r"\s*(?:(?P<verb>[a-z_\-]+)\s*[:\s]\s*)?(?:#|no\.?\s*)?(?P<num>\d{1,4})\.?\s*", re.I
)


def parse_decision(reply: str, menu: Menu) -> Decision:
    """Read a brain's reply into a validated :class:`Decision`, or raise BrainError.

    The last JSON object in the reply wins; a bare number (``"3"``, ``"click 3"``) or a
    bare menu label (``"Save."``) is read as a click. An echo of the prompt, an empty
    reply, JSON cut off mid-object, anything off the menu, and a reply longer than
    :data:`MAX_REPLY_CHARS` are refused.
    """
    if not isinstance(reply, str) or not reply.strip():
        raise BrainError("the reply was empty; answer with one JSON object", reply=shown(reply))
    if len(reply) > MAX_REPLY_CHARS:
        raise BrainError(
            f"the reply is {len(reply):,} characters; at most {MAX_REPLY_CHARS:,} are read. "
            'Answer with one short JSON object such as {"verb": "click", "choice": <number>}',
            reply=reply[:MAX_REPLY_CHARS],
        )
    if not is_text(reply):
        raise BrainError(
            "the reply is not valid text (it holds a lone surrogate, half of a UTF-16 "
            "pair); answer with one JSON object",
            reply=printable(reply),
        )
    if _is_echo(reply, menu):
        raise BrainError(
            "the reply repeats the menu instead of choosing from it; answer with one "
            'JSON object such as {"verb": "click", "choice": <number>}',
            reply=reply,
        )
    batch = _batch_of(reply)
    if batch is not None:
        return _batch_decision(batch, menu, reply)
    objects = _json_objects(reply, reply)
    if objects:
        return _decision_from_object(objects[-1], menu, reply)
    core = reply.strip().strip("`").strip()
    bare = _BARE.fullmatch(core) if len(core) <= 40 else None  # "click: #12." is 11
    if bare:
        verb = (bare.group("verb") or "click").lower()
        obj = {"verb": verb, "choice": ascii_whole(bare.group("num"))}
        return _decision_from_object(obj, menu, reply)
    bare_label = _bare_label(reply, menu)
    if bare_label is not None:
        number, element = bare_label
        action = Action.make("click", target=element.label, target_id=element.id)
        return Decision(action=action, choice=number, reply=reply, note="bare label")
    if "{" in reply:
        raise BrainError(
            "the reply's JSON object is cut off or malformed; answer with one complete JSON object",
            reply=reply,
        )
    raise BrainError(
        'the reply has no JSON object; answer with e.g. {"verb": "click", "choice": <number>}',
        reply=reply,
    )
