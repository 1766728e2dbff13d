"""A goal in words, read into parts and intents for the planner.

:func:`split_goal` cuts a goal at ``then``, ``and`` and commas before a step's verb,
respecting quotes; ``_intent`` reads one part into a verb, a target (quoted or not) and
its fields (text to type, keys, a wait's deadline, a tick's state); ``_window_scope``
takes off a trailing window clause ("in the 'Save' dialog"). Nothing here looks at the
screen: ranking what is on the menu is :mod:`._planner`'s job.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .._actions import (
    QUOTED,
    normalize_keys,
)
from .._elements import normalize_label
from .._errors import ActionError

__all__ = ["places_quotes", "split_goal"]

_STOP_WORDS: Final = frozenset(
    [
        "the",
        "a",
        "an",
        "to",
        "of",
        "on",
        "in",
        "into",
        "at",
        "for",
        "please",
        "button",
        "link",
        "menu",
        "tab",
        "field",
        "box",
        "icon",
        "item",
        "option",
        "window",
        "dialog",
        "it",
        "this",
        "that",
        "my",
    ]
)
#: The longest goal the planner reads: a goal is a sentence or a few steps joined by
#: "then" (the longest in runs/ is under 60 characters).
MAX_GOAL_CHARS: Final = 1000

#: A word after a target that says what kind of control it is ("the 'Street' field").
_KIND_WORD: Final = r"(?:button|link|tab|icon|field|box|option|item|menu item)"
_FILLER_TAIL: Final = re.compile(
    rf"\s+(?:to|so|in order to|so that|for|because)\s+.*$|\s+{_KIND_WORD}$", re.I
)
#: "'Name of the server you want to connect to' field": a quoted label and a kind word,
#: whose label is not cut at its own "to" as a purpose clause would be.
_QUOTED_KIND: Final = re.compile(rf"^(?P<q>['\"])(?P<label>.+)(?P=q)\s+{_KIND_WORD}$", re.I)


#: Words that say a named control is a list to choose from ("the 'City' drop-down").
_LIST_WORD: Final = r"(?:list|drop-?down(?:\s+list)?|menu|combo\s*box|combo|selector|picker)"
#: "select 'Porto' from the 'City' list", "choose Faro in the City drop-down": a choice
#: made in a named list or drop-down (the list word, or both labels quoted, say so).
_CHOOSE: Final = re.compile(
    r"^(?:select|choose|pick)\s+(?P<x>'[^']+'|\"[^\"]+\"|.+?)\s+(?:from|in|on)\s+(?:the\s+)?"
    rf"(?P<y>'[^']+'|\"[^\"]+\"|.+?)(?P<kind>\s+{_LIST_WORD})?$",
    re.I,
)
#: The first of the two parts a choice becomes: open the list, unless the choice shows.
_OPEN_TO_CHOOSE: Final = re.compile(
    rf"^open\s+(?:the\s+)?(?P<y>.+?)\s+{_LIST_WORD}\s+to\s+choose\s+(?P<x>.+)$", re.I
)


#: "set the Colour to Blue", "choose Blue as the Colour", "fill in Name with Ann", "enter
#: 3 in Quantity": a control given a value, whatever kind it turns out to be (a field is
#: typed into, a drop-down opened and its choice clicked, a check box ticked or cleared).
#: ``y`` names the control, ``x`` the value.
_SETS: Final = (
    re.compile(r"^(?:set|change|make|update)\s+(?:the\s+)?(?P<y>.+?)\s+to\s+(?P<x>.+)$", re.I),
    re.compile(r"^replace\s+(?:the\s+)?(?P<y>.+?)\s+with\s+(?P<x>.+)$", re.I),
    re.compile(r"^(?:choose|select|pick)\s+(?P<x>.+?)\s+(?:as|for)\s+(?:the\s+)?(?P<y>.+)$", re.I),
    re.compile(r"^fill\s+(?:in\s+|out\s+)?(?:the\s+)?(?P<y>.+?)\s+with\s+(?P<x>.+)$", re.I),
    # unquoted only: "enter 'x' into y" is typing (see _PATTERNS)
    re.compile(
        r"^(?:enter|put|write|input)\s+(?P<x>[^'\"].*?)\s+(?:in|into)\s+(?:the\s+)?(?P<y>.+)$",
        re.I,
    ),
)
#: The second part a setting becomes: the choice, clicked once the first part opened a
#: list (nothing to do when it typed the value or ticked a box).
_CHOICE_AFTER: Final = re.compile(r"^choose (?P<x>.+) if (?P<y>.+) opened a list$")
#: What a check box or radio may be set to.
_TRUTH: Final = {
    **dict.fromkeys(("on", "yes", "true", "checked", "ticked", "enabled", "selected"), True),
    **dict.fromkeys(
        ("off", "no", "false", "unchecked", "unticked", "cleared", "disabled", "deselected"),
        False,
    ),
}


def _setting(phrase: str) -> tuple[str, str] | None:
    """(value, control) when ``phrase`` gives a control a value (:data:`_SETS`), else
    None. A quote is never split: "choose 'Save as PDF'" is a click."""
    for pattern in _SETS:
        m = pattern.match(phrase.strip())
        if m and all(_whole_or_unquoted(m[g]) for g in ("x", "y")):
            return m["x"], m["y"]
    return None


def _whole_or_unquoted(text: str) -> bool:
    """Whether ``text`` holds no quote, or is one quoted label end to end."""
    t = text.strip()
    if not any(q in t for q in "'\""):
        return True
    inner, quoted = _unquote(t)
    return quoted and t[0] not in inner


#: Words that start a step of a goal: after a comma outside quotes, one of them begins
#: the next part ("type 3 into Quantity, tick Gift wrap, then click OK").
_STEP_VERBS: Final = frozenset(
    (
        "click", "double-click", "doubleclick", "right-click", "rightclick", "press", "hit",
        "tap", "push", "type", "enter", "write", "input", "put", "fill", "select", "choose",
        "pick", "open", "close", "tick", "untick", "check", "uncheck", "clear", "enable",
        "disable", "switch", "turn", "set", "change", "update", "replace", "make", "ensure",
        "scroll", "drag", "move", "hover", "wait", "zoom", "magnify",
    )
)  # fmt: skip


def split_goal(goal: str) -> list[str]:
    """Split a multi-step goal on ``then``/``and``/``;`` outside quotes, on a menu
    path's ``>`` ("open File > Save As": open File, then Save As), and on a comma
    outside quotes that a step's verb follows (:data:`_STEP_VERBS`)."""
    parts: list[str] = []
    current: list[str] = []
    quote: str | None = None
    tokens = re.split(r"(\s+|[;,'\"])", goal)
    for i, tok in enumerate(tokens):
        if quote:
            current.append(tok)
            if tok == quote:
                quote = None
            continue
        if tok in ("'", '"'):
            # an apostrophe inside a word (Don't) is not a quote
            prev = "".join(current)[-1:]
            if tok == "'" and prev.isalnum():
                current.append(tok)
                continue
            quote = tok
            current.append(tok)
        elif tok.strip().lower() in ("then", "and", ";", "and then", ">", "->", "→") or (
            tok == "," and _next_word(tokens, i).lower() in _STEP_VERBS
        ):
            parts.append("".join(current))
            current = []
        else:
            current.append(tok)
    parts.append("".join(current))
    return [p.strip(" ,.") for p in parts if p.strip(" ,.")]


def _next_word(tokens: Sequence[str], i: int) -> str:
    """The first word among ``tokens`` after index ``i`` ("" when none)."""
    return next((t for t in tokens[i + 1 :] if t.strip()), "")


def _parts(goal: str) -> list[str]:
    """The goal's parts as the planner does them (:func:`split_goal`), with a choice in a
    named list made two: "select 'Porto' from the 'City' list" is "open the 'City' list
    to choose 'Porto'" (a drop-down shows its choices only once clicked), then "choose
    'Porto'". A setting ("set Colour to Blue", :data:`_SETS`) is two as well: itself,
    then "choose Blue if Colour opened a list" (a field takes the value typed, and the
    second part has nothing to do)."""
    out = []
    for sub in split_goal(goal):
        rest, _ = _window_scope(sub)
        if setting := _setting(rest):
            value, control = setting
            out += [sub, f"choose {value} if {control} opened a list"]
            continue
        m = _CHOOSE.match(rest)
        named = m is not None and (
            m["kind"] is not None or (_unquote(m["x"])[1] and _unquote(m["y"])[1])
        )
        if m is None or not named:
            out.append(sub)
            continue
        # the window clause names the list's window; the choices may open in their own
        scope = sub[len(rest) :]
        out += [f"open the {m['y']} list to choose {m['x']}{scope}", f"choose {m['x']}"]
    return out


def _unquote(text: str) -> tuple[str, bool]:
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"":
        return t[1:-1], True
    return t, False


@dataclasses.dataclass(frozen=True, slots=True)
class _Intent:
    verb: str
    target: str | None = None
    exact: bool = False
    fields: tuple[tuple[str, Any], ...] = ()
    #: for "tick"/"untick": the state the check box or radio should end in
    tick: bool | None = None


_Groups = Mapping[str, Any]


def _key_intent(g: _Groups) -> _Intent | None:
    try:
        return _Intent("key", fields=(("keys", normalize_keys(g["keys"])),))
    except ActionError:
        return None  # "press Save": a click, below


def _type_intent(g: _Groups) -> _Intent:
    target, exact = _unquote(g["target"] or "")
    text, _ = _unquote(g["text"] or g["quoted"])
    return _Intent("type", target or None, exact, (("text", text),))


def _scroll_intent(g: _Groups) -> _Intent:
    target, exact = _unquote(g["target"] or "")
    # the digits as written: Action reads them (ASCII only; "9" * 5000 is refused there)
    fields = (("direction", g["dir"].lower()), ("amount", g["n"] or 3))
    return _Intent("scroll", target or None, exact, fields)


def _drag_intent(g: _Groups) -> _Intent:
    target, exact = _unquote(g["target"])
    to, _ = _unquote(g["to"])
    return _Intent("drag", target, exact, (("to", to),))


def _move_intent(g: _Groups) -> _Intent:
    target, exact = _unquote(g["target"])
    return _Intent("move", target, exact)


def _wait_intent(g: _Groups) -> _Intent:
    return _Intent("wait", fields=(("seconds", g["s"]),))


#: Seconds in a unit, by its first letter (s, secs, seconds; m, min, minutes; h, hours).
_UNITS: Final = {"s": 1, "m": 60, "h": 3600}


def _deadline(g: _Groups) -> tuple[tuple[str, Any], ...]:
    if not g.get("n"):
        return ()
    return (("seconds", float(g["n"]) * _UNITS[g["unit"][0].lower()]),)


def _wait_text_intent(g: _Groups) -> _Intent:
    text, _ = _unquote(g["text"])
    return _Intent("wait_for", fields=(("text", text), *_deadline(g)))


def _wait_screen_intent(g: _Groups) -> _Intent:
    until = "change" if g["how"].lower().startswith("change") else "still"
    target, exact = _unquote(g.get("target") or "")
    return _Intent("wait_for", target or None, exact, (("until", until), *_deadline(g)))


def _zoom_intent(g: _Groups) -> _Intent:
    target, exact = _unquote(g["target"])
    return _Intent("zoom", target, exact)


def _tick_intent(g: _Groups) -> _Intent:
    target, exact = _unquote(g["target"])
    verb = g["verb"].lower()
    want = not (verb.startswith(("un", "clear", "disable")) or verb.endswith("off"))
    return _Intent("click", target, exact, tick=want)


def _click_intent(g: _Groups) -> _Intent:
    target, exact = _unquote(g["target"])
    kind = normalize_label(g["kind"])
    extra = {"doubleclick": (("clicks", 2),), "rightclick": (("button", "right"),)}
    return _Intent("click", target, exact, extra.get(kind, ()))


#: "(up to 2 minutes)", ", at most 30 s", "within 90 seconds": a wait's deadline.
_DEADLINE: Final = (
    r"(?:\s*[(,]?\s*(?:for\s+)?(?:up\s+to|at\s+most|within|max(?:imum)?)\s+"
    r"(?P<n>\d{1,6}(?:\.\d{1,3})?)\s*(?P<unit>s|secs?|seconds?|m|mins?|minutes?|h|hours?)"
    r"\s*\)?)?"
)
#: How a watched area should behave: change (and hold still) or hold still.
_HOW: Final = r"(?P<how>changes?|settles?|is\s+still|stops?\s+changing|holds?\s+still)"

#: Goal phrasings, tried in order; a builder may return None to let later ones try.
#: A verb with no pattern here is never planned from a goal (a bare phrase is a click).
_PATTERNS: Final[tuple[tuple[re.Pattern[str], Callable[[_Groups], _Intent | None]], ...]] = (
    (re.compile(r"^(?:press|hit|key)\s+(?P<keys>\S+)(?:\s+key)?$", re.I), _key_intent),
    (re.compile(
        # "type hello" may leave the text unquoted; "write the file to disk" is no typing:
        # enter/write/input count only with quoted text
        r"^(?:type\s+(?P<text>'[^']*'|\"[^\"]*\"|\S+)|(?:enter|write|input)\s+"
        r"(?P<quoted>'[^']*'|\"[^\"]*\"))"
        r"(?:\s+(?:into|in|on)\s+(?:the\s+)?(?P<target>.+?))?$", re.I), _type_intent),
    (re.compile(
        r"^scroll\s+(?P<dir>up|down|left|right)(?:\s+(?:by\s+)?(?P<n>\d+)"
        r"(?:\s+(?:notches|times|clicks))?)?(?:\s+(?:in|on|over)\s+(?P<target>.+))?$", re.I),
     _scroll_intent),
    (re.compile(r"^drag\s+(?P<target>.+?)\s+(?:to|onto|into)\s+(?P<to>.+)$", re.I),
     _drag_intent),
    (re.compile(
        r"^(?:move|hover)(?:\s+(?:the\s+)?(?:mouse|pointer))?\s+(?:to|over)\s+(?P<target>.+)$",
        re.I), _move_intent),
    (re.compile(
        rf"^wait\s+(?:for|until)\s+(?P<text>'[^']+'|\"[^\"]+\")(?:\s+(?:to\s+appear|appears|"
        rf"is\s+(?:shown|visible)|shows))?{_DEADLINE}$", re.I), _wait_text_intent),
    (re.compile(
        rf"^wait\s+(?:for|until)\s+the\s+screen\s+(?:to\s+)?{_HOW}{_DEADLINE}$", re.I),
     _wait_screen_intent),
    (re.compile(
        rf"^wait\s+(?:for|until)\s+(?:the\s+)?(?P<target>.+?)\s+(?:to\s+)?{_HOW}{_DEADLINE}$",
        re.I), _wait_screen_intent),
    (re.compile(
        r"^(?:zoom\s+(?:in\s+)?(?:on|into|to)|magnify)\s+(?:the\s+)?(?P<target>.+)$", re.I),
     _zoom_intent),
    (re.compile(r"^wait\s+(?P<s>\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)?$", re.I), _wait_intent),
    (re.compile(
        r"^(?:turn|switch)\s+(?:the\s+)?(?P<target>.+?)\s+(?P<verb>on|off)$", re.I),
     _tick_intent),
    (re.compile(
        # "make sure the Subscribe box is ticked": a state asked for, not a click
        r"^(?:make\s+sure|ensure)\s+(?:that\s+)?(?:the\s+)?(?P<target>.+?)\s+(?:is|are)\s+"
        r"(?P<verb>enabled|on|checked|ticked|selected|disabled|off|unchecked|unticked|cleared)$",
        re.I), _tick_intent),
    (re.compile(
        r"^(?P<verb>tick|untick|check|uncheck|clear|enable|disable|switch\s+(?:on|off)|"
        r"turn\s+(?:on|off))\s+(?:the\s+)?(?P<target>.+?)(?:\s+(?:box|checkbox|check\s+box|"
        r"option|toggle|switch))?$", re.I), _tick_intent),
    (re.compile(
        r"^(?P<kind>double[- ]?click|right[- ]?click|click|press|tap|select|choose|open|hit|"
        r"push)\s+(?:on\s+)?(?:the\s+)?(?P<target>.+)$", re.I), _click_intent),
)  # fmt: skip


def _intent(sub: str) -> _Intent:
    for pattern, build in _PATTERNS:
        m = pattern.match(sub)
        intent = build(m.groupdict()) if m else None
        if intent is not None:
            return intent
    target, exact = _unquote(sub)
    return _Intent("click", target, exact)


def _phrases(phrase: str) -> list[tuple[str, int]]:
    """Normalised runs of 1-4 consecutive words (not starting or ending on a stop word),
    with their length in words: "don't save the changes" -> dontsave (2), save (1)..."""
    words = [w for w in re.split(r"\s+", phrase) if w]
    runs = []
    for n in range(1, min(4, len(words)) + 1):
        for i in range(len(words) - n + 1):
            run = words[i : i + n]
            if run[0].lower() in _STOP_WORDS or run[-1].lower() in _STOP_WORDS:
                continue
            core = normalize_label("".join(run))
            if len(core) >= 3:
                runs.append((core, n))
    return runs


#: "… in the 'Save as' dialog", "… of the 'Editor' window": the window a target is in.
#: "in the Save dialog", "in the 'Export' box": a window's title. A "box" is a window
#: only when its title is quoted: "type 'cats' in the search box" names a field.
_WINDOW_SCOPE: Final = re.compile(
    r"^(?P<rest>.+?)\s+(?:in|on|of|from|inside)\s+(?:the\s+)?(?:(?P<title>'[^']+'|\"[^\"]+\"|"
    r"[^'\"]+?)\s+(?:dialog(?:\s+box)?|window|popup|pop-up|prompt)|"
    r"(?P<boxed>'[^']+'|\"[^\"]+\")\s+box)$",
    re.I,
)


def _window_scope(sub: str) -> tuple[str, str | None]:
    """``sub`` without a trailing window clause, and the window's title it named."""
    m = _WINDOW_SCOPE.match(sub.strip())
    if not m:
        return sub, None
    title, _ = _unquote(m.group("title") or m.group("boxed"))
    return m.group("rest"), title


#: Words around a quoted label that name nothing else: "click the 'OK' button", "hit
#: 'Delete' twice", the planner's own "set 'Colour' to 'Blue'", "scroll down to 'Terms'".
_AROUND_LABEL: Final = frozenset(
    ("the", "a", "an", "button", "tab", "menu", "link", "field", "box", "checkbox", "check",
     "option", "item", "icon", "entry", "twice", "again", "once", "on", "in", "it", "please",
     "scroll", "down", "up", "to", "set", "if", "opened", "list")
)  # fmt: skip


def places_quotes(goal: str) -> bool:
    """Whether the planner places every quoted string of ``goal``: False when a part it
    would only search for as a whole phrase holds a quote among words that say more
    than where the label is, a value the planner cannot read ("reply with the message
    "call me back", and send it"; "name the folder "Q3" and create it"), for the intent
    brain. A quoted label it acts on, text it types or a setting's value ("click the 'OK'
    button", "type 'draft-7' into the text box") is placed."""
    for part in _parts(goal):
        found = _intent(_window_scope(part)[0])
        if found.verb != "click" or found.exact or not QUOTED.search(found.target or ""):
            continue
        around = re.findall(r"\w+", QUOTED.sub(" ", found.target or "").lower())
        if not set(around) <= _AROUND_LABEL:
            return False
    return True
