"""The fuzz suite: every boundary an outsider's input crosses, fed random and mutated input.

A *crash* is any exception that is not the project's own (:class:`TinyAgentError`), or a
``SystemExit`` other than argparse's 0 and 2. A project error is the right answer to bad
input; anything else would be a traceback for the person running the harness.

    target      the boundary it calls                          its input
    reply       parse_decision(reply, menu)                    model replies: grammar-made
                                                               JSON and Python dicts, prose,
                                                               mutated real replies, huge
                                                               and deeply nested ones
    reply-hyp   the same, from hypothesis strategies           arbitrary text, JSON values
    action      Action.from_dict / from_json / make            dicts of any values
    action-hyp  Action.from_dict, from hypothesis              dicts of JSON values
    script      cli load_script, then ScriptedBrain plays it   inline JSON, files of any bytes
    trace       load_trace, render, round trip, replay, score  mutated runs/*.json files
    scoreboard  load_scoreboard, render, CSV, compare          mutated scoreboard files
    score       cli.main(["--score", DIR, ...])                folders of mutated traces
    cli         cli.main(argv)                                 random flags from the parser
                                                               (dry runs, --image example)
    image       ImageScreen + GridDetector                     small, truncated, corrupt
                                                               and huge-header image bytes
    image-ocr   ImageScreen + AutoDetector (OCR; slow)         the same, a few

Everything is seeded: the same seed gives the same inputs. :func:`run_suite` runs a
share of ``cases`` per target and returns one :class:`Tally` per target.
``tests/test_fuzz.py`` runs a bounded suite in ``make test``; ``benchmarks/fuzz.py``
(``make fuzz``) runs 100,000 cases or more, prints the table and writes it as
``docs/benchmarks/fuzz.md``.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import io
import json
import os
import random
import reprlib
import struct
import sys
import tempfile
import time
import traceback
import warnings
import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from tiny_computer_agent import Action, Element, Observation, TinyAgentError, build_menu
from tiny_computer_agent._menu import Menu, parse_decision

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "runs"

# -- the verdict on one case --------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Crash:
    """One input that escaped as something other than the project's own error."""

    target: str
    case: str
    error: str
    trace: str
    raw: Any = dataclasses.field(default=None, repr=False, compare=False)  # the input itself

    def describe(self) -> str:
        return f"[{self.target}] {self.error}\n  input: {self.case}\n{self.trace}"


@dataclasses.dataclass
class Tally:
    """What one target's run found."""

    target: str
    cases: int = 0
    crashes: list[Crash] = dataclasses.field(default_factory=list)
    seconds: float = 0.0
    slowest: float = 0.0

    def call(self, call: Callable[[Any], object], case: Any) -> None:
        """Run one case; a crash is recorded, the project's own error is not."""
        self.cases += 1
        start = time.perf_counter()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # as pytest runs (filterwarnings = error)
                call(case)
        except TinyAgentError:
            pass
        except SystemExit as exc:
            if exc.code not in (0, 2):
                self._crash(case, exc)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # every other exception is the finding
            self._crash(case, exc)
        finally:
            took = time.perf_counter() - start
            self.seconds += took
            self.slowest = max(self.slowest, took)

    def _crash(self, case: Any, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-6:])
        error = f"{type(exc).__name__}: {show(str(exc), 200)}"
        self.crashes.append(Crash(self.target, show(case), error, text, raw=case))


def show(value: object, limit: int = 400) -> str:
    """A short repr that never fails (huge integers, deep nesting, odd objects)."""
    if isinstance(value, bytes) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} bytes)"
    shower = reprlib.Repr()
    shower.maxlevel, shower.maxstring, shower.maxother = 6, limit, limit
    shower.maxlist = shower.maxdict = shower.maxtuple = 12
    try:
        text = shower.repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__} too big or too deep to show>"
    return text if len(text) <= limit + 40 else text[: limit + 40] + "..."


# -- random values --------------------------------------------------------------------------

WEIRD_TEXT = (
    "", " ", "\t", "\n", "\x00", "\x1b[31m", "\x08", "\x7f", "\u200b", "\ufeff", "\u202e",
    "\ud800", "\udfff", "²", "F²", "F" + "1" * 5000, "1" * 5000, "٣", "۴", "５", "⑤", "Ⅻ",
    "१२", "0x10", "1_000", "+3", "-0", "3.0", " 3 ", "#3", "no. 3", "3.", "NaN", "Infinity",
    "-Infinity", "1e999", "-1e999", "1e-999", "ctrl+", "ctrl++", "+", "++", "ctrl+shift+s",
    "F25", "F0", "F01", "F1", "F24", "Return", "enter", "Ctrl+Alt+Delete", "super+l",
    "a" * 201, "a" * 501, "Save", "save", " Save ", "Don't Save", "Cancel", "cell 1",
    "💾", "保存", "Sаve", "click", "type", "key", "scroll", "drag", "move", "wait", "done",
    "{", "}", "[", "]", '"', "'", "\\", "{}", "[]", "null", "true", "-", "--help", "~",
    "/", "..", "%s%n", "{0}", "$(reboot)", "A\u0301", "ﬃ", "İ", "ß", "\U0010ffff",
)  # fmt: skip
ALPHABET = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;#'\"{}[]()+-_/\\\n\t"
    "²³¹٠١٢٣۴５⑤Ⅷ\u00a0\u2028\u3000\x00\x1b\x7f\x08\u200b\u200d\ufeff\u0301\u202e💾保存"
)
HUGE_INTS = (*(10**k for k in (19, 20, 64, 308, 309, 400, 1000, 4299)), 2**63, 2**64)
BIGGER_THAN_STR = 10**5000  # over the 4,300-digit conversion limit: str() and repr() fail


def rand_text(rng: random.Random, max_len: int = 30) -> str:
    roll = rng.random()
    if roll < 0.35:
        return rng.choice(WEIRD_TEXT)
    if roll < 0.85:
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, max_len)))
    return "".join(chr(rng.randint(0, 0x10FFFF)) for _ in range(rng.randint(1, 8)))


def rand_number(rng: random.Random, *, json_safe: bool) -> object:
    pool: list[object] = [0, 1, 2, 3, 4, 5, -1, -2, 12, 13, 10000, 1.0, 2.0, 2.5, -0.0, 0.1]
    pool += [1e308, -1e308, 5e-324, 1e300, 7.0000001, float(2**53), *HUGE_INTS]
    pool += [-v for v in HUGE_INTS]
    if not json_safe:
        pool += [float("inf"), float("-inf"), float("nan"), BIGGER_THAN_STR, -BIGGER_THAN_STR]
    return rng.choice(pool)


def rand_value(rng: random.Random, depth: int = 0, *, json_safe: bool = True) -> object:
    """Any JSON value (``json_safe``) or any Python value json could not even write."""
    roll = rng.random()
    if roll < 0.3:
        return rand_text(rng)
    if roll < 0.55:
        return rand_number(rng, json_safe=json_safe)
    if roll < 0.65:
        return rng.choice([None, True, False])
    if depth > 2 or roll < 0.75:
        return rng.choice([[], {}, [1], {"a": 1}, ["Save"], {"verb": "click"}])
    if roll < 0.85:
        return [rand_value(rng, depth + 1, json_safe=json_safe) for _ in range(rng.randint(0, 3))]
    if roll < 0.95 or json_safe:
        keys = [rand_text(rng, 8) for _ in range(rng.randint(0, 3))]
        return {k: rand_value(rng, depth + 1, json_safe=json_safe) for k in keys}
    return rng.choice([deep_list(rng.choice([100, 1000, 3000])), (1, 2), {1, 2}, b"x", object()])


def deep_list(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


# -- mutating text --------------------------------------------------------------------------


def mutate_text(rng: random.Random, text: str, rounds: int | None = None) -> str:
    """``text`` with one to four random edits: insert, delete, duplicate, replace, cut,
    repeat, wrap in brackets (sometimes thousands deep)."""
    for _ in range(rounds if rounds is not None else rng.randint(1, 4)):
        n = len(text)
        i, j = sorted((rng.randint(0, n), rng.randint(0, n)))
        op = rng.randrange(10)
        if op == 0:
            text = text[:i] + rand_text(rng, 5) + text[i:]
        elif op == 1:
            text = text[:i] + text[j:]
        elif op == 2:
            text = text[:j] + text[i:j] + text[j:]
        elif op == 3 and n:
            text = text[:i] + rng.choice(ALPHABET) + text[i + 1 :]
        elif op == 4:
            text = text[:i]
        elif op == 5:
            text = text * rng.choice([2, 3, 10, 100])
        elif op == 6:
            k = rng.choice([1, 2, 10, 100, 1000, 5000])
            opener, closer = rng.choice([("{", "}"), ("[", "]"), ('{"a":', "}"), ("(", ")")])
            text = opener * k + text + closer * rng.choice([0, k])
        elif op == 7:
            text = text[:i] + rng.choice(WEIRD_TEXT) + text[j:]
        elif op == 8:
            text = text.upper() if rng.random() < 0.5 else text.lower()
        else:
            text = (
                text[:i] + rng.choice(["9" * rng.choice([5, 400, 4301, 6000]), "1e999"]) + text[j:]
            )
    return text


# -- replies --------------------------------------------------------------------------------

VERB_KEYS = ("verb", "action", "act", "command", "operation", "do")
TARGET_KEYS = (
    "choice", "target", "element", "id", "number", "index", "item", "option", "label",
    "selection", "select", "answer", "button",
)  # fmt: skip
OTHER_KEYS = (
    "text", "value", "input", "keys", "key", "hotkey", "combo", "direction", "amount",
    "notches", "times", "to", "destination", "drop", "seconds", "duration", "reason",
    "double", "clicks", "target_id", "to_id",
)  # fmt: skip
VERB_WORDS = (
    "click", "type", "key", "scroll", "drag", "move", "wait", "done", "tap", "select",
    "press", "hover", "finish", "sleep", "clik", "cilck", "CLICK", "Click ", "doubleclick",
    "Save", "Cancel", "explode", "", " ",
)  # fmt: skip

REAL_REPLIES = (
    '{"verb": "click", "choice": 5}', '{"choice": 5}', "5", "click 5", "#5", "Save.",
    "click Save", "`Don't Save`", '```json\n{"verb": "click", "choice": "5"}\n```',
    'Sure! To save the document I will click Save.\n{"verb":"click","choice":5.0}',
    '{"verb": "click", "choice": 1}\nActually no:\n{"verb": "click", "choice": 5}',
    "{'verb': 'click', 'choice': 5}", '{"action": "click", "element": "#5"}',
    '{"verb": "Save"}', '{"text": "Save"}', '{"verb": "clik", "choice": 5}',
    '{"verb": "type", "choice": 2, "text": "hello"}', '{"verb": "key", "keys": "ctrl+s"}',
    '{"verb": "scroll", "direction": "down", "amount": 3}',
    '{"verb": "drag", "choice": 1, "to": 5}', '{"verb": "wait", "seconds": 2}',
    '{"verb": "done", "reason": "saved"}', '{"verb": "click", "choice": 5, "double": true}',
    '{"verb": "click", "choice": 5, "button": "right"}', "click 'Save'",
    "1. File\n2. Edit\n3. Don't Save\n4. Cancel\n5. Save", '{"verb": "click", "choice": ',
    "I would not click Save", "don't save the changes", "",
)  # fmt: skip


def reply_object(rng: random.Random) -> dict[str, object]:
    obj: dict[str, object] = {}
    for _ in range(rng.randint(0, 4)):
        key = rng.choice([*VERB_KEYS, *TARGET_KEYS, *OTHER_KEYS, rand_text(rng, 6)])
        if key in VERB_KEYS:
            value: object = rng.choice([*VERB_WORDS, rand_text(rng)])
        elif key in TARGET_KEYS and rng.random() < 0.7:
            value = rng.choice([1, 2, 3, 4, 5, 6, 0, -1, 5.0, 2.5, "5", "#5", "Save", "Save."])
        else:
            value = rand_value(rng)
        obj[key if rng.random() < 0.9 else key.upper()] = value
    return obj


def render_object(rng: random.Random, obj: dict[str, object]) -> str:
    """As JSON, a Python dict, or sloppy hand-written JSON; huge ints written as text."""
    roll = rng.random()
    if roll < 0.55:
        text = json.dumps(obj, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 2]))
    elif roll < 0.85:
        text = repr(obj)
    else:
        parts = [f"{k}: {v!r}" for k, v in obj.items()]
        text = "{" + ", ".join(parts) + rng.choice(["", ",", ", }"]) + "}"
    return text


def structured_reply(rng: random.Random) -> str:
    objects = [render_object(rng, reply_object(rng)) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    prose = ["Sure!", "I will click it.", "Answer:", "```json", "```", "", rand_text(rng)]
    pieces: list[str] = []
    for text in objects:
        pieces += [rng.choice(prose), text, rng.choice(prose)]
    reply = rng.choice(["\n", " ", ""]).join(pieces)
    return mutate_text(rng, reply, rounds=1) if rng.random() < 0.2 else reply


def pathological_reply(rng: random.Random) -> str:
    n = rng.choice([10, 100, 1000, 5000, 8000, 16000, 40000])
    kind = rng.randrange(8)
    if kind == 0:
        return rng.choice(["{", "{ ", "[", "{[", '{"a":', "{'a': "]) * n
    if kind == 1:
        return "[" * n + "]" * n
    if kind == 2:
        return '{"a":' * n + "1" + "}" * n
    if kind == 3:
        return '{"verb": "click", "choice": ' + "9" * rng.choice([4300, 4301, 6000]) + "}"
    if kind == 4:
        words = ["Save", "click", "{", "}", '"', "the", "menu", "5", "1.", "\n"]
        return " ".join(rng.choice(words) for _ in range(n // 4))
    if kind == 5:
        return '{"verb": "click", "choice": 5}' * (n // 30 + 1)
    if kind == 6:
        return "{" + "'a': {" * (n // 7) + "}" * (n // 7) + "}"
    return "{" + ",".join(f"'{i}': [1]" for i in range(n // 10)) + "}"


def make_reply(rng: random.Random) -> tuple[str, int]:
    """(reply, index of the menu it answers)."""
    roll = rng.random()
    if roll < 0.4:
        reply = structured_reply(rng)
    elif roll < 0.8:
        reply = mutate_text(rng, rng.choice(REAL_REPLIES))
    elif roll < 0.95:
        reply = rand_text(rng, 200)
    else:
        reply = pathological_reply(rng)
    return reply, rng.randrange(len(menus()))


@functools.lru_cache(maxsize=1)
def menus() -> tuple[Menu, ...]:
    """The menus replies answer: a dialog, a real recorded frame, odd labels, nothing."""
    from tiny_computer_agent.records import load_trace

    def dialog(*labels: str) -> Observation:
        boxes = [(100 + i * 160, 400, 220 + i * 160, 440) for i in range(len(labels))]
        return Observation.of(
            [Element(label=t, box=b, source="ocr") for t, b in zip(labels, boxes, strict=True)],
            size=(1280, 800),
        )

    real = load_trace(RUNS / "example-save.json")
    odd = ("2", "#3", "click", "Save", "Save", "💾 保存", "a" * 200, "{", "\u200b", "5.0")
    return (
        build_menu(dialog("File", "Edit", "Don't Save", "Cancel", "Save"), "save it"),
        build_menu(real.frames[0].frame or Observation.of([], size=(1, 1)), real.goal),
        build_menu(dialog(*odd), "click Save"),
        build_menu(Observation.of([], size=(1280, 800)), "anything"),
    )


def call_reply(case: tuple[str, int]) -> None:
    reply, which = case
    decision = parse_decision(reply, menus()[which])
    decision.action.describe()
    # as a trace writes it (UTF-8, not ASCII-escaped)
    json.dumps(decision.to_dict(), allow_nan=False, ensure_ascii=False).encode("utf-8")


# -- goals (the planner reads them; they come from the command line and from traces) -------

PLANNER_GOALS = (
    "click 'Save'", "press ctrl+s", "type 'hello' into Name", "type hi", "scroll down 3",
    "scroll up by 2 notches over the list", "drag File to Trash", "move to Help",
    "hover over Edit", "wait 2 seconds", "double-click notes.txt", "right-click Save",
    "click File then click 'Save As' then click 'Save'", "don't save the changes",
    "enter 'x' in Search", "click Save; press Return", "write the file to disk",
)  # fmt: skip


def make_goal(rng: random.Random) -> tuple[str, int]:
    roll = rng.random()
    if roll < 0.6:
        goal = mutate_text(rng, rng.choice(PLANNER_GOALS))
    elif roll < 0.8:
        verb = rng.choice(["scroll down ", "wait ", "press F", "type ", "click ", "drag "])
        goal = verb + rng.choice(["9" * rng.choice([5, 400, 4301, 6000]), "٣", "²", "1e999"])
    elif roll < 0.9:
        n = rng.choice([100, 330, 990, 5000])
        goal = (
            rng.choice(["drag x", "click x", "type 'a"])
            + rng.choice([" ", "'", " to", "\t"]) * n
            + "y"
        )
    else:
        goal = rand_text(rng, 100)
    return goal, rng.randrange(len(menus()))


def call_goal(case: tuple[str, int]) -> None:
    from tiny_computer_agent.brains._planner import PlannerBrain

    goal, which = case
    decision = PlannerBrain().decide(goal, menus()[which], ())
    json.dumps(decision.to_dict(), allow_nan=False, ensure_ascii=False).encode("utf-8")


# -- actions --------------------------------------------------------------------------------

ACTION_FIELDS = (
    "target", "target_id", "button", "clicks", "text", "keys", "direction", "amount", "to",
    "to_id", "seconds", "reason",
)  # fmt: skip


def make_action(rng: random.Random) -> object:
    """An action dict (any Python values), or its JSON text (``str``), maybe mutated."""
    data: dict[object, object] = {}
    if rng.random() < 0.9:
        data[rng.choice(["verb", "verb", "action", "Verb"])] = rng.choice(
            [*VERB_WORDS, rand_text(rng), rand_value(rng)]
        )
    for _ in range(rng.randint(0, 4)):
        key: object = rng.choice([*ACTION_FIELDS, *ACTION_FIELDS, rand_text(rng, 6), 1, None])
        data[key] = rand_value(rng, json_safe=False) if rng.random() < 0.6 else good_value(rng, key)
    if rng.random() < 0.3:
        safe = {str(k): v for k, v in data.items() if is_json_safe(v)}
        text = json.dumps(safe)
        return mutate_text(rng, text) if rng.random() < 0.5 else text
    return data


def good_value(rng: random.Random, field: object) -> object:
    good: dict[object, list[object]] = {
        "target": ["Save", "cell 1"], "button": ["left", "right", "middle", "LEFT"],
        "clicks": [1, 2, "2", 2.0, 3], "text": ["hello", "x" * 500], "keys": ["ctrl+s", "F²"],
        "direction": ["up", "down", "Left", "sideways"], "amount": [1, 20, 21, "3", "³"],
        "to": ["Cancel"], "seconds": [1, 0.5, 10, 10.5, "2", "1e999", 10**400],
        "reason": ["done", "x" * 501], "target_id": [1, "1", 1.0], "to_id": [2, "٢"],
    }  # fmt: skip
    return rng.choice(good.get(field, [None]))


def is_json_safe(value: object, depth: int = 0) -> bool:
    if depth > 50:
        return False
    if isinstance(value, float):
        return value == value and abs(value) != float("inf")
    if isinstance(value, int):
        return abs(value) < 10**4000
    if isinstance(value, list):
        return all(is_json_safe(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_json_safe(v, depth + 1) for k, v in value.items())
    return value is None or isinstance(value, str)


def call_action(case: object) -> None:
    action = Action.from_json(case) if isinstance(case, str) else Action.from_dict(case)  # type: ignore[arg-type]
    action.describe()
    written = json.dumps(action.to_dict(), allow_nan=False, ensure_ascii=False).encode("utf-8")
    again = Action.from_dict(json.loads(written))
    assert again == action, f"round trip changed the action: {action} -> {again}"


# -- scripts --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def scratch() -> Path:
    """A private folder for the files cases are written to (removed at exit)."""
    folder = tempfile.TemporaryDirectory(prefix="tca-fuzz-")
    scratch.keep = folder  # type: ignore[attr-defined]
    return Path(folder.name)


def make_script(rng: random.Random) -> tuple[str, bytes | None]:
    """(--script value, the bytes of the file it names or None for inline JSON)."""
    items: list[object] = []
    for _ in range(rng.choice([0, 1, 1, 2, 3, 5])):
        item = make_action(rng)
        items.append(item if isinstance(item, dict) and rng.random() < 0.95 else rand_value(rng))
    safe = [{str(k): v for k, v in i.items()} if isinstance(i, dict) else i for i in items]
    safe = [i for i in safe if is_json_safe(i)]
    text = json.dumps(safe[0] if len(safe) == 1 and rng.random() < 0.3 else safe)
    if rng.random() < 0.3:
        text = mutate_text(rng, text)
    roll = rng.random()
    if roll < 0.5:
        return ("[" + text if not text.lstrip().startswith(("[", "{")) else text), None
    if roll < 0.9:
        encoding = rng.choice(["utf-8", "utf-8", "utf-16", "latin-1", "utf-8-sig"])
        data = text.encode(encoding, errors="replace")
        if rng.random() < 0.2:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64))) + data
        return str(scratch() / "script.json"), data
    return rng.choice([rand_text(rng), "x" * 5000, "nul\x00byte", "/nonexistent/s.json"]), None


def call_script(case: tuple[str, bytes | None]) -> None:
    from tiny_computer_agent.brains._baselines import ScriptedBrain
    from tiny_computer_agent.cli._base import load_script

    value, data = case
    if data is not None:
        Path(value).write_bytes(data)
    brain = ScriptedBrain(items=load_script(value))
    menu = menus()[0]
    for _ in range(len(brain.items) + 1):
        brain.decide("click Save", menu, ())


# -- traces and scoreboards -----------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def real_traces() -> tuple[tuple[str, object], ...]:
    return tuple(
        (p.name, json.loads(p.read_text(encoding="utf-8"))) for p in sorted(RUNS.glob("*.json"))
    )


_SENTINEL = "\x00sentinel{}\x00"


def mutate_tree(rng: random.Random, data: object, rounds: int | None = None) -> str:
    """The JSON text of ``data`` after one to four structural edits: a field deleted,
    duplicated, retyped, flipped, replaced by a huge number or a deep nest, unicode..."""
    data = copy.deepcopy(data)
    late: dict[str, str] = {}  # written into the text after json.dumps (it cannot write them)
    for _ in range(rounds if rounds is not None else rng.randint(1, 4)):
        nodes = list(walk(data))
        if not nodes:
            break
        parent, key, value = rng.choice(nodes)
        new = tree_edit(rng, parent, key, value, late)
        if new is not _DELETED:
            parent[key] = new
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1]))
    for mark, literal in late.items():
        text = text.replace(json.dumps(mark), literal)
    return text


_DELETED = object()


#: How often each edit is picked: most keep a trace loadable (so replay, policy and
#: scoring see odd values), a few break it outright.
_EDITS = {
    "delete": 1.0, "duplicate": 1.0, "random": 1.0, "retype": 1.0, "flip": 1.0,
    "number": 3.0, "text": 4.0, "deep": 0.4, "bigint": 0.4, "add-key": 1.0, "list": 1.0,
    "empty": 0.5,
}  # fmt: skip
_PLAUSIBLE_NUMBERS = (0, 1, 2, 5, 12, 799, 800, 1279, 1280, 0.5, 0.0, 1.0, 3, -3, 100000)


def tree_edit(
    rng: random.Random, parent: Any, key: Any, value: object, late: dict[str, str]
) -> object:
    op = rng.choices(list(_EDITS), weights=list(_EDITS.values()))[0]
    if op == "delete":
        del parent[key]
        return _DELETED
    if op == "duplicate" and isinstance(parent, list):
        parent.insert(key, copied(value))
        return _DELETED
    if op == "random":
        return rand_value(rng)
    if op == "retype":
        return swap_type(rng, value)
    if op == "flip" and isinstance(value, bool):
        return not value
    if op == "number" and isinstance(value, (int, float)):
        pool = [*_PLAUSIBLE_NUMBERS] * 3 + [-(2**63), 2**64, 1e308, -1e308, 5e-324, *HUGE_INTS]
        return rng.choice(pool)
    if op == "text" and isinstance(value, str):
        return mutate_text(rng, value) if rng.random() < 0.6 else rand_text(rng)
    if op in ("deep", "bigint"):
        mark = _SENTINEL.format(len(late))
        if op == "deep":
            depth = rng.choice([10, 100, 500, 900, 990, 1000, 2000, 50000])
            opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
            late[mark] = opener * depth + "1" + closer * depth
        else:
            sign = rng.choice(["", "-"])
            late[mark] = sign + "9" * rng.choice([400, 4300, 4301, 10000])
        return mark
    if op == "add-key" and isinstance(value, dict):
        value[rand_text(rng, 8)] = rand_value(rng)
        return value
    if op == "list" and isinstance(value, list):
        rng.shuffle(value)
        return value * rng.choice([0, 1, 2, 50])
    if op == "empty":
        return type(value)() if isinstance(value, (list, dict, str)) else None
    return value


def swap_type(rng: random.Random, value: object) -> object:
    if isinstance(value, str):
        return rng.choice([[value], {"value": value}, len(value), None, True])
    if isinstance(value, bool):
        return rng.choice([int(value), str(value).lower(), None])
    if isinstance(value, (int, float)):
        as_text = (
            show(value) if isinstance(value, int) and value.bit_length() > 1000 else str(value)
        )
        as_float = float(value) if abs(value) < 1e308 else 1e308
        return rng.choice([as_text, [value], as_float, None, bool(value)])
    if isinstance(value, list):
        return rng.choice([dict(enumerate(map(show, value))), as_json(value), None])
    if isinstance(value, dict):
        return rng.choice([list(value.values()), list(value), as_json(value), None])
    return rng.choice([0, "", [], {}])


def copied(value: object) -> object:
    """A deep copy, or ``value`` itself when it is nested too deep to copy."""
    try:
        return copy.deepcopy(value)
    except RecursionError:
        return value


def as_json(value: object) -> str:
    """``value`` as JSON text, or as a repr when json cannot write it."""
    try:
        return json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        return show(value)


def walk(value: Any, depth: int = 0) -> Iterator[tuple[Any, Any, object]]:
    """Every (container, key, child) in ``value``, at most 40 levels down."""
    if depth > 40:
        return
    if isinstance(value, dict):
        for key, child in list(value.items()):
            yield value, key, child
            yield from walk(child, depth + 1)
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield value, i, child
            yield from walk(child, depth + 1)


def python_oddity(rng: random.Random) -> object:
    """A value no JSON file can hold, for readers called with Python objects."""
    return rng.choice(
        [deep_list(rng.choice([100, 1000, 5000])), BIGGER_THAN_STR, -BIGGER_THAN_STR,
         float("nan"), float("inf"), (1, 2), {1, 2}, b"x", object(), {1: 2}, {(1,): 2},
         "\ud800", 10**400, 1e308 * 10, [None] * 3]
    )  # fmt: skip


def mutate_object(rng: random.Random, data: object) -> object:
    """``data`` after one to four edits, some of them values only Python can hold (a list
    nested 5,000 deep, a 5,000-digit integer, nan, a tuple, bytes): the readers' public
    ``from_dict`` takes objects, not only parsed files."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 4)):
        nodes = list(walk(data))
        if not nodes:
            break
        parent, key, value = rng.choice(nodes)
        late: dict[str, str] = {}
        new = python_oddity(rng) if rng.random() < 0.4 else tree_edit(rng, parent, key, value, late)
        if late:
            new = python_oddity(rng)
        if new is not _DELETED:
            parent[key] = new
    return data


def mutate_bytes(rng: random.Random, text: str) -> bytes:
    """Text-level damage after the structural edits: a cut, flipped bytes, a BOM, another
    encoding, a duplicated key, NaN where a number was."""
    roll = rng.random()
    if roll < 0.85:
        return text.encode("utf-8", errors="surrogatepass")
    roll = 0.7 + (roll - 0.85) * 2  # the damage below, in the same proportions
    if roll < 0.77:
        return text.encode("utf-8", errors="surrogatepass")[: rng.randint(0, len(text))]
    if roll < 0.84:
        data = bytearray(text.encode("utf-8", errors="surrogatepass"))
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if roll < 0.88:
        return b"\xef\xbb\xbf" + text.encode("utf-8", errors="surrogatepass")
    if roll < 0.92:
        return text.encode("utf-16", errors="surrogatepass")
    if roll < 0.96:
        return text.replace('"label": ', '"label": 7, "label": ', 1).encode("utf-8", "replace")
    for literal in ("1.0", "0.9998", "1280", ": 1,"):
        text = text.replace(literal, rng.choice(["NaN", "Infinity", "-Infinity", "1e400"]), 1)
    return text.encode("utf-8", errors="replace")


def make_trace(rng: random.Random) -> tuple[str, object]:
    """(the trace it came from, the bytes of a mutated file -- or, one time in five, the
    mutated object itself for ``Trace.from_dict``)."""
    name, data = rng.choice(real_traces())
    if rng.random() < 0.2:
        return name, mutate_object(rng, data)
    return name, mutate_bytes(rng, mutate_tree(rng, data))


def call_trace(case: tuple[str, bytes]) -> None:
    """Load the file; then save and load it again (it must not change), render it, judge
    what it recorded, and score the weightless brains on it -- with its menus rebuilt,
    so odd labels reach the brains and the policy instead of stopping at the menu check."""
    from tiny_computer_agent.records import Trace, load_trace, score_recorded, score_trace

    path = scratch() / "trace.json"
    if isinstance(case[1], bytes):
        path.write_bytes(case[1])
        trace = load_trace(path)
    else:
        trace = Trace.from_dict(case[1], source=str(path))
    trace.render()
    again = Trace.from_dict(json.loads(trace.to_json()), source=str(path))
    assert again == trace, "a loaded trace changed when saved and loaded again"
    if trace.expected is None:
        return
    score_recorded(trace)
    steps = tuple(
        s if s.frame is None else dataclasses.replace(s, menu=rebuilt(trace, s.frame))
        for s in trace.steps
    )
    fixed = dataclasses.replace(trace, steps=steps)
    for name, factory in weightless().items():
        score_trace(fixed, factory(fixed), name=name)


def rebuilt(trace: Any, frame: Observation) -> tuple[str, ...]:
    return build_menu(frame, trace.goal, trace.menu_size).lines()


@functools.lru_cache(maxsize=1)
def weightless() -> dict[str, Any]:
    from tiny_computer_agent.registry import select_brains

    return dict(select_brains("planner,first-item,oracle"))


@functools.lru_cache(maxsize=1)
def real_scoreboard() -> dict[str, Any]:
    from tiny_computer_agent.records import score_path
    from tiny_computer_agent.registry import select_brains

    board = score_path(RUNS, select_brains("planner,first-item,oracle"))
    loaded: dict[str, Any] = json.loads(board.to_json())
    return loaded


def make_scoreboard(rng: random.Random) -> object:
    """A mutated scoreboard file's bytes, or (one time in five) the mutated object."""
    if rng.random() < 0.2:
        return mutate_object(rng, real_scoreboard())
    return mutate_bytes(rng, mutate_tree(rng, real_scoreboard()))


def call_scoreboard(case: object) -> None:
    from tiny_computer_agent.records import Scoreboard, compare_scoreboards, load_scoreboard

    path = scratch() / "scoreboard.json"
    if isinstance(case, bytes):
        path.write_bytes(case)
        board = load_scoreboard(path)
    else:
        board = Scoreboard.from_dict(case, source=str(path))
    board.render()
    board.to_csv()
    compare_scoreboards(Scoreboard.from_dict(real_scoreboard()), board)


def make_score(rng: random.Random) -> tuple[list[bytes], list[str]]:
    """A folder's worth of traces (one to three, one of them mutated) and extra flags."""
    picked = rng.sample(real_traces(), rng.randint(1, 3))
    files = [json.dumps(data).encode() for _, data in picked]
    which = rng.randrange(len(files))
    files[which] = mutate_bytes(rng, mutate_tree(rng, picked[which][1]))
    brains = rng.choice(["planner", "planner,first-item,oracle", "oracle", "first-item"])
    flags = ["--brains", brains]
    if rng.random() < 0.3:
        good = ["0.5", "1", "0"] * 3
        flags += ["--min-accuracy", rng.choice([*good, "nan", "-1", "1e999"])]
    if rng.random() < 0.2:
        flags += ["--json"]
    return files, flags


def call_score(case: tuple[list[bytes], list[str]]) -> None:
    folder = scratch() / "score"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    for i, data in enumerate(case[0]):
        (folder / f"t{i}.json").write_bytes(data)
    call_cli(["--score", str(folder), *case[1]])


# -- the command line -----------------------------------------------------------------------

#: Brains that hold no weights and open no connection (model brains are never fuzzed).
SAFE_BRAINS = ("planner", "first-item", "oracle", "scripted")
#: Flags that would touch the real desktop or print to the real terminal, and flags that
#: wait for a person by design (--console-paused until Step is pressed, --console-stay
#: until Ctrl-C, --serve until stopped): a fuzzed run with one of them never returns.
UNSAFE_FLAGS = (
    "--live", "--real-input", "--doctor", "--calibrate", "--help", "-h", "--version",
    "--console-paused", "--console-stay", "--serve", "--mcp", "--mcp-http",
)  # fmt: skip
#: The longest one fuzzed command line may take; a run still going then is a finding.
CLI_DEADLINE = 60.0
NUMBERS = ("0", "1", "2", "-1", "12", "64", "100", "1e999", "nan", "inf", "²", "9" * 5000, "", "x")


@functools.lru_cache(maxsize=1)
def cli_flags() -> tuple[tuple[str, int], ...]:
    """(flag, how many values it takes) for every flag of the real parser, minus the unsafe."""
    from tiny_computer_agent.cli import build_parser

    found = []
    for action in build_parser()._actions:
        takes = 0 if action.nargs == 0 else 1
        for flag in action.option_strings:
            if flag not in UNSAFE_FLAGS:
                found.append((flag, takes))
    return tuple(found)


#: Values a flag takes when a person uses it right (most cases), so runs get past the
#: parser and reach the brain, the loop, the trace and the scoreboard.
GOOD_NUMBERS = {
    "--max-steps": ("1", "2", "3", "8"), "--menu-size": ("1", "3", "12", "40"),
    "--max-width": ("64", "640", "1280", "5000"), "--threads": ("1", "2"),
    "--monitor": ("0", "1"), "--min-accuracy": ("0", "0.5", "1"), "--scale": ("1", "2"),
}  # fmt: skip
#: Flags that name a file, and names the system itself refuses.
PATH_FLAGS = (
    "--image",
    "--script",
    "--trace",
    "--score",
    "--scoreboard-json",
    "--scoreboard-csv",
    "--compare",
)
HOSTILE_PATHS = ("a\x00b", "x" * 5000, "/" + "d" * 300 + "/f.json", "/dev/null", "/", "~", ".")
GOALS = ("click 'Save'", "click Save", "click cell 6", "type hello into cell 1", "press ctrl+s")


def flag_value(rng: random.Random, flag: str) -> str:
    files = scratch() / "cli"
    good = rng.random() < 0.8
    values: dict[str, Sequence[str]] = {
        "--image": ["example"] * 8 + [str(files / "image.png"), "/nonexistent.png", str(files)],
        "--detector": ["grid"] * 20 + ["nope"],
        "--brain": [*SAFE_BRAINS, "nope", ""],
        "--brains": [",".join(rng.sample(SAFE_BRAINS, 2)), "planner", "x,,y", ",", ""],
        "--script": [make_script(rng)[0], '[{"verb": "click", "target": "cell 6"}]', "[]"],
        "--trace": [str(files / "t.json"), "/nonexistent/t.json", str(files), ""],
        "--score": [str(RUNS), str(RUNS / "example-save.json"), "/nonexistent", str(files)],
        "--scoreboard-json": [str(files / "sb.json"), "/nonexistent/sb.json", str(files)],
        "--scoreboard-csv": [str(files / "sb.csv"), "/nonexistent/sb.csv"],
        "--compare": [str(files / "sb.json"), str(RUNS / "example-save.json"), "/nope"],
        "--text-mode": ["generate", "rank", "x"],
        "--expected": ["Save", "cell 6", "", " ", "!!", "Don't Save", "💾"],
        "--verify-text": ["Saved", "cell 6", "", "💾", "x" * 1000],
    }
    if flag in values:
        pool = values[flag]
        if flag in PATH_FLAGS:
            pool = [*pool, *HOSTILE_PATHS]
        return rng.choice(pool[:2] if good else pool)
    if flag in GOOD_NUMBERS:
        return rng.choice(GOOD_NUMBERS[flag] if good else NUMBERS)
    return rand_text(rng)


def make_argv(rng: random.Random) -> list[str]:
    """Mostly a run a person could type (the example, the grid, a goal) plus a few flags
    (right values four times in five); sometimes scoring mode; rarely shuffled."""
    argv: list[str] = []
    for _ in range(rng.randint(0, 4)):
        flag, takes = rng.choice(cli_flags())
        argv.append(flag)
        if takes:
            argv.append(flag_value(rng, flag))
    scoring = "--score" in argv
    if not scoring or rng.random() < 0.05:
        argv += ["--image", "example"]
    if rng.random() > 0.001:  # OCR on the example takes a second: almost always the grid
        argv = [a for a in argv if a not in ("ocr", "auto")] + ["--detector", "grid"]
    if not scoring or rng.random() < 0.05:
        roll = rng.random()
        argv.append(
            rng.choice(GOALS)
            if roll < 0.8
            else rng.choice(["", " ", "-x", "click Save \udcff", rand_text(rng)])
        )
    if rng.random() < 0.03:
        rng.shuffle(argv)
    return argv


def call_cli(argv: list[str]) -> None:
    from tiny_computer_agent import cli

    (scratch() / "cli").mkdir(exist_ok=True)
    out, err = terminal(), terminal()  # a UTF-8 terminal: printing a lone surrogate fails
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        in_folder(scratch()),
        deadline(CLI_DEADLINE),
    ):
        code = cli.main(argv, out=out, err=err)
    assert code in (0, 1, 2, 3), f"exit code {code} is not a documented one"
    err.flush()
    said = err.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    assert "Traceback" not in said, said


class Hung(BaseException):
    """A fuzzed call that did not return in time (recorded as a crash, not waited for).
    Not an Exception, so no handler in the code under test takes it for its own."""


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`Hung` in the block after ``seconds`` (SIGALRM; on the main thread of
    a POSIX process only, elsewhere the block runs unguarded)."""
    import signal
    import threading

    main = threading.current_thread() is threading.main_thread()
    if not hasattr(signal, "setitimer") or not main:
        yield
        return

    def hung(signum: int, frame: Any) -> None:
        raise Hung(f"the call did not return within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def terminal() -> io.TextIOWrapper:
    """A text stream that encodes as a UTF-8 terminal does (strictly)."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)


@contextlib.contextmanager
def in_folder(folder: Path) -> Iterator[None]:
    """Relative paths a case names land in the scratch folder, never in the repository."""
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


# -- images ---------------------------------------------------------------------------------


def png_header(width: int, height: int, *, depth: int = 8, colour: int = 2) -> bytes:
    """A PNG signature and IHDR chunk (with a right CRC) for any size."""
    body = b"IHDR" + struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    chunk = struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body))
    return b"\x89PNG\r\n\x1a\n" + chunk


@functools.lru_cache(maxsize=1)
def base_images() -> tuple[bytes, ...]:
    """Small real images in several formats and modes, made with Pillow."""
    from PIL import Image

    made = []
    for (w, h), mode, fmt in [
        ((1, 1), "RGB", "PNG"), ((2, 2), "L", "PNG"), ((3, 2), "RGBA", "PNG"),
        ((4, 3), "RGB", "PNG"), ((5, 1), "P", "PNG"), ((1, 7), "1", "PNG"),
        ((8, 8), "RGB", "JPEG"), ((3, 3), "RGB", "GIF"), ((4, 4), "RGB", "BMP"),
        ((6, 2), "RGB", "TIFF"), ((2, 5), "I;16", "PNG"), ((64, 48), "RGB", "PNG"),
        ((7, 7), "RGB", "WEBP"), ((16, 16), "RGBA", "ICO"),
    ]:  # fmt: skip
        buffer = io.BytesIO()
        Image.new(mode, (w, h)).save(buffer, fmt)
        made.append(buffer.getvalue())
    return tuple(made)


def make_image(rng: random.Random) -> tuple[bytes | tuple[int, int], int | None]:
    """(image bytes or the size of an in-memory image, --max-width or None)."""
    roll = rng.random()
    if roll < 0.25:
        data = rng.choice(base_images())
    elif roll < 0.6:
        base = bytearray(rng.choice(base_images()))
        for _ in range(rng.randint(1, 6)):
            base[rng.randrange(len(base))] = rng.randrange(256)
        data = bytes(base)
    elif roll < 0.75:
        base_data = rng.choice(base_images())
        data = base_data[: rng.randint(0, len(base_data))]
    elif roll < 0.9:
        side = [0, 1, 3, 4, 20000, 2**16, 2**31 - 1, 2**32 - 1]
        w, h = rng.choice(side), rng.choice(side)
        data = png_header(w, h, colour=rng.choice([0, 2, 3, 6, 7])) + rng.randbytes(
            rng.randint(0, 64)
        )
    elif roll < 0.95:
        data = rng.randbytes(rng.randint(0, 200))
    else:  # a PIL image in memory, as the Python API takes it (0 x 5 has no pixels)
        return (rng.choice([0, 1, 2, 5]), rng.choice([0, 1, 3, 7])), rng.choice([None, 64, 1])
    return data, rng.choice([None, None, 64, 1, 2000])


@functools.lru_cache(maxsize=1)
def text_image() -> bytes:
    """The example desktop's Save dialog, cropped: an image with text for OCR to read."""
    from tiny_computer_agent._example import example_frames

    buffer = io.BytesIO()
    example_frames()[0].crop((380, 300, 800, 500)).save(buffer, "PNG")
    return buffer.getvalue()


def make_ocr_image(rng: random.Random) -> tuple[bytes | tuple[int, int], int | None]:
    """A real image (mostly) for the OCR detector: a corrupt one stops before OCR runs."""
    roll = rng.random()
    if roll < 0.5:
        data = text_image()
        return (data if roll < 0.4 else data[: len(data) // 2]), rng.choice([None, None, 200])
    if roll < 0.8:
        return rng.choice(base_images()), rng.choice([None, 64])
    return make_image(rng)


def call_image(case: tuple[bytes | tuple[int, int], int | None], *, ocr: bool = False) -> None:
    from tiny_computer_agent._screens import ImageScreen
    from tiny_computer_agent.perception._detectors import AutoDetector, GridDetector

    frame: Any = scratch() / "image"
    if isinstance(case[0], bytes):
        frame.write_bytes(case[0])
    else:
        from PIL import Image

        frame = Image.new("RGB", case[0])
    detector = AutoDetector() if ocr else GridDetector()
    observation = ImageScreen.of([frame], detector=detector, max_width=case[1]).capture()
    build_menu(observation, "click cell 1").render()


# -- targets and the suite ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Target:
    """A boundary, how to make one input for it, and its share of the cases."""

    name: str
    make: Callable[[random.Random], Any]
    call: Callable[[Any], object]
    share: float
    at_most: int | None = None  # the slow ones are capped
    strategy: Callable[[], Any] | None = None  # inputs from hypothesis instead of ``make``


def hypothesis_target(
    name: str, strategy: Callable[[], Any], call: Callable[[Any], object], share: float
) -> Target:
    """A target whose inputs come from a hypothesis strategy (see :func:`run_hypothesis`)."""
    return Target(name, lambda rng: None, call, share, strategy=strategy)


def reply_strategy() -> Any:
    from hypothesis import strategies as st

    values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=8,
    )
    keys = st.sampled_from([*VERB_KEYS, *TARGET_KEYS, *OTHER_KEYS]) | st.text(max_size=8)
    objects = st.dictionaries(keys, values | st.sampled_from(VERB_WORDS), max_size=5)
    as_text = st.builds(json.dumps, objects) | st.builds(repr, objects)
    prose = st.text(max_size=40)
    wrapped = st.builds(lambda a, b, c: a + b + c, prose, as_text, prose)
    return st.tuples(st.text() | wrapped | as_text, st.integers(0, len(menus()) - 1))


def action_strategy() -> Any:
    from hypothesis import strategies as st

    values = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
    values = values | st.sampled_from(WEIRD_TEXT) | st.lists(st.integers(), max_size=2)
    keys = st.sampled_from([*ACTION_FIELDS, "verb"]) | st.text(max_size=6)
    verbs = st.sampled_from(VERB_WORDS) | st.text(max_size=8)
    return st.builds(
        lambda v, d: {"verb": v, **d}, verbs, st.dictionaries(keys, values, max_size=4)
    )


TARGETS: tuple[Target, ...] = (
    Target("reply", make_reply, call_reply, 0.30),
    hypothesis_target("reply-hyp", reply_strategy, call_reply, 0.08),
    Target("goal", make_goal, call_goal, 0.04),
    Target("action", make_action, call_action, 0.11),
    hypothesis_target("action-hyp", action_strategy, call_action, 0.05),
    Target("script", make_script, call_script, 0.12),
    Target("trace", make_trace, call_trace, 0.18),
    Target("scoreboard", make_scoreboard, call_scoreboard, 0.04),
    Target("score", make_score, call_score, 0.01, at_most=1000),
    Target("cli", make_argv, call_cli, 0.02, at_most=3000),
    Target("image", make_image, call_image, 0.05),
    Target("image-ocr", make_ocr_image, functools.partial(call_image, ocr=True), 0.0, at_most=20),
)


def plan(total: int, names: Sequence[str] | None = None) -> list[tuple[Target, int]]:
    """How many of ``total`` cases each target gets (its share, within its cap; the slow
    OCR target gets a handful: one per 10,000 cases, at least one, at most 20)."""
    picked = [t for t in TARGETS if names is None or t.name in names]
    weight = sum(t.share for t in picked) or 1.0
    out = []
    for t in picked:
        n = max(1, min(20, total // 10000)) if t.share == 0 else round(total * t.share / weight)
        out.append((t, n if t.at_most is None else min(n, t.at_most)))
    return out


def run_target(target: Target, cases: int, seed: int) -> Tally:
    """``cases`` inputs from ``target`` with ``seed``; every crash kept, none raised."""
    start = time.perf_counter()
    if target.strategy is not None:
        tally = run_hypothesis(target, target.strategy(), cases, seed)
    else:
        tally = Tally(target.name)
        rng = random.Random(f"{seed}:{target.name}")
        for _ in range(cases):
            tally.call(target.call, target.make(rng))
    tally.seconds = time.perf_counter() - start  # wall time, making the inputs included
    return tally


def run_hypothesis(target: Target, strategy: Any, cases: int, seed: int) -> Tally:
    """Hypothesis draws the inputs (no shrinking: a crash is recorded, not raised)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fix_seed

    tally = Tally(target.name)

    @fix_seed(seed)
    @settings(
        max_examples=cases,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def one(case: Any) -> None:
        tally.call(target.call, case)

    one()
    return tally


def run_suite(
    total: int,
    seed: int = 0,
    names: Sequence[str] | None = None,
    on_done: Callable[[Tally], None] | None = None,
) -> list[Tally]:
    """Every target (or those ``names``), ``total`` cases shared out by :func:`plan`."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    tallies = []
    for target, cases in plan(total, names):
        tally = run_target(target, cases, seed)
        tallies.append(tally)
        if on_done is not None:
            on_done(tally)
    return tallies


def table(tallies: Sequence[Tally]) -> str:
    """target | cases | crashes | seconds | slowest case, and a total row."""
    rows = [("target", "cases", "crashes", "seconds", "slowest")]
    for t in tallies:
        rows.append(
            (
                t.target,
                f"{t.cases:,}",
                str(len(t.crashes)),
                f"{t.seconds:.1f}",
                f"{t.slowest * 1000:.0f} ms",
            )
        )
    total_s = sum(t.seconds for t in tallies)
    slowest = max((t.slowest for t in tallies), default=0.0)
    rows.append(
        (
            "total",
            f"{sum(t.cases for t in tallies):,}",
            str(sum(len(t.crashes) for t in tallies)),
            f"{total_s:.1f}",
            f"{slowest * 1000:.0f} ms",
        )
    )
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = [
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.insert(len(lines) - 1, lines[1])
    return "\n".join(lines)
