"""What to type: the value an unquoted goal asks to put into a field.

``extract_text("call the new folder drafts", "Folder name")`` is ``"drafts"``. The
intent brain chooses *where* to type; this module reads *what*, with rules (no model),
in this order, the first that finds a value winning:

1. a quoted string;
2. find and replace ("replace teh with the": the find field gets ``teh``, the replace
   field ``the``);
3. a value with a shape of its own (an e-mail, a URL, a path, a date, a time, an IBAN,
   a version, a sum, a dial code, a comparison);
4. a message, read whole ("tell mom I landed safe", "let everyone know I'm out sick",
   "comment that this saved my thesis");
5. a name ("call the new folder drafts", "name the source Facecam", "rename it to x");
6. what follows a strong cue ("is", "called", "actually", "'s", ":", "find", "search
   youtube for"), read as a search query after a search cue ("find anything with
   invoice in the name" -> ``invoice``);
7. a code ("SPRING15");
8. the goal's one number ("I need 4 copies of this");
9. what follows a weak cue ("to", "enter", "use", "in");
10. the words that end the goal.

A value loses what says where ("on the map", "in this cell"), a unit after a number
("1200 pixels wide" -> ``1200``) and the field's own words. ``""`` when none is found:
the brain then clicks the field instead of typing.

The rules were written from the training writers' cases (``intent/cases/wa``..``wf``)
and are measured on other writers' cases: ``python scripts/intent_text_cases.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from ..._actions import QUOTED

__all__ = ["extract_text"]

#: Values with a shape of their own, in the order they are tried at each place: an
#: e-mail, a URL of any scheme, a Windows or Unix path, an IBAN, a version ("v2.1.0"),
#: coordinates, a date, a time, a spreadsheet formula, a sum ("365*24"), a comparison
#: ("i > 100"), a dial code ("*#06#"), a phone number.
_SHAPED: Final = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[a-z][a-z\d+.-]*://\S+|\bwww\.\S+|\b[A-Za-z]:\\\S*"
    r"|(?<![\w/])~?/[\w.-]+(?:/[\w.-]*)+"
    r"|\b[A-Z]{2}\d{2}(?:\s?[A-Z\d]{4}){2,7}(?:\s?[A-Z\d]{1,3})?\b"
    r"|\bv\d+(?:\.\d+)+\b"
    r"|-?\b\d{1,3}\.\d{3,},\s*-?\d{1,3}\.\d{3,}\b"
    r"|\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b"
    r"|\b\d{1,2}:\d{2}(?::\d{2})?\b"
    r"|(?<!\S)=[A-Za-z]+\([^)\s]*\)"
    r"|\b\d+(?:\.\d+)?(?:\s*[*/+^×÷]\s*\d+(?:\.\d+)?)+\b"
    r"|\b[A-Za-z_]\w*\s*(?:[<>]=?|==|!=)\s*\d+\b"
    r"|(?<![\w*#])[*#][\d*#]{2,}"
    r"|\+?\d[\d\s().-]{3,}\d"
)
#: A contraction is not a possessive: "what's 10 miles", "who's doing this".
_NOT_POSSESSIVE: Final = "".join(
    rf"(?<!\b{w})" for w in ("who", "there", "here", "he", "she", "let", "where", "how")
)  # fmt: skip
#: Words that start a search query: "find", "search youtube for", "look up", "only show".
_SEARCH: Final = (
    r"search for|search(?:\s+(?!for\b)\w+){1,2}\s+for|search|look up|look for|look inside"
    r"|look in|find|only show|show only|filter(?: by| for| on)?"
)
#: Words after which the value comes: "call it drafts", "my pin's 4071", "actually Nina".
_STRONG: Final = re.compile(
    rf"(?:\b(?:called|named|name it|call it|call this|rename it to|to be|should be|will be"
    rf"|is|are|was|as|actually|really|(?P<search>{_SEARCH})|with the text|reads?|says?)\s+"
    rf"|{_NOT_POSSESSIVE}(?<=\w)['’]s\s+|:\s+)",
    re.IGNORECASE,
)
#: A word that may be a code ("SPRING15", "X7K2-99"): see :func:`_code`.
_CODE: Final = re.compile(r"\b[A-Za-z\d][A-Za-z\d-]{3,}\b")
_WEAK: Final = re.compile(
    r"\b(?:to|enter|type|write|put|use|in|into|with|at|from|need)\s+", re.IGNORECASE
)
_FILLER: Final = re.compile(r"\s*(?:,?\s*please|for me|thanks|thank you)\.?$", re.IGNORECASE)
#: Where a clause ends: a semicolon, a question or exclamation mark, or a comma (or
#: "but", "when", "so"...) before words that start another clause ("dana@x.org, use that
#: to log in", "Q3 summary when you save"); a comma before other words stays ("12 Main
#: St, Springfield").
_CLAUSE: Final = re.compile(
    r"\s*;\s*|(?<=[?!])\s+|\s*,\s*(?=(?:please|then|and|but|so|use|unlock|get|that|that's|"
    r"thats|which|it|it's|i|i'm|we|let|log|sign|save|go|open|call|name|make|put|set|fill|"
    r"type|enter|thanks|ok|okay|because|since|just|now|where|when)\b)|\s+(?=(?:but|when|"
    r"so that|so (?:it|they|that|i|we|you)|because|before|after|and then|then|once)\b)",
    re.IGNORECASE,
)
#: A clause that explains rather than asks ("that's where the chapter starts").
_ASIDE: Final = re.compile(
    r"^(?:that's|thats|that is|which|where|because|since|so)\b", re.IGNORECASE
)
_GLUE: Final = frozenset(
    ("a", "an", "the", "my", "our", "your", "this", "that", "it", "its", "new", "field",
     "box", "in", "into", "to", "for", "of", "please", "as", "on", "at")
)  # fmt: skip
_DETERMINER: Final = r"(?:the|this|that|my|her|his|their|our|your)"
_HERE_WORDS: Final = r"(?:on\s+|in\s+)?(?:here|there)"
#: A trailing place that says where, not what ("221B Baker Street on the map", "on her
#: wall", "for the heading", "here"); :data:`_HERE` only the last kind.
_WHERE: Final = re.compile(
    rf"\s+(?:(?:on|in|into|at|for)\s+{_DETERMINER}(?:\s+\w+){{1,2}}|{_HERE_WORDS})$",
    re.IGNORECASE,
)
_HERE: Final = re.compile(rf"\s+{_HERE_WORDS}$", re.IGNORECASE)
#: A message read whole: "tell the rider to ring the buzzer", "tell mom I landed safe",
#: "ask everybody can you see my slides?", "let everyone know I'm out", "comment that...".
_MESSAGE: Final = re.compile(
    r"^(?:(?:just|please|can you|could you)\s+)?(?:"
    r"(?:tell|ask|message|text|remind)\s+(?!for\b).+?\s+(?:that\s+|to\s+(?=\w)|(?=(?:i|i'm|"
    r"i've|i'll|i'd|im|we|we're|we'll|you|you're|he|she|they|it's|can|could|will|would|"
    r"do|does|did|is|are|what|when|where|who|how|why|please|thanks|thank|sorry|happy|"
    r"congrats|congratulations|good|see|running|on)\b))"
    r"|let\s+.+?\s+know\s+(?:that\s+)?"
    r"|(?:ask|request)\s+for\s+"
    r"|(?:say|reply|respond|tweet|post|comment|write)\s+(?:(?:that|saying|with)\s+)?"
    r"|(?:leave|add|post|write)\s+(?:a\s+)?(?:comment|reply|note|message)\s+"
    r"(?:(?:that|saying|with)\s+)?"
    r")(?P<message>.+)$",
    re.IGNORECASE,
)
#: A name given: "call the new folder Invoices 2025", "name it x", "call me Dana",
#: "rename notes.txt to todo.txt", "give it a title Trip to Lisbon".
_NAMING: Final = re.compile(
    r"\b(?:(?:call|name|title|label|rename)\s+(?:(?:the|this|that|my|a|our|your)\s+(?:new\s+)?"
    r"\w+|it|them|this|that|me|us)\s+(?:to\s+|as\s+)?"
    r"|rename\s+.+?\s+to\s+"
    r"|give\s+(?:it|this|them|the\s+\w+)\s+(?:a|the)\s+(?:new\s+)?(?:title|name|subject|caption"
    r"|label)\s+(?:of\s+)?)(?P<name>.+)$",
    re.IGNORECASE,
)
#: Find and replace: "replace teh with the", "swap every colour for color".
_REPLACE: Final = re.compile(
    r"\b(?:replace|swap|change|substitute)\s+(?:(?:every|all|each|the)\s+)?(?:word\s+)?"
    r"(?P<old>.+?)\s+(?:with|for|to|by|into)\s+(?P<new>.+?)"
    r"(?:\s+(?:in|throughout|everywhere|across)\b.*)?$",
    re.IGNORECASE,
)
_SEARCH_LEAD: Final = re.compile(
    r"^(?:(?:me|my|the|a|an|any|all|every|each|that|those|some)\s+)*(?:(?:word|term|phrase|me)\s+"
    r"|(?:anything|everything|everyone|anyone|something|someone|files?|e-?mails?|mails?"
    r"|messages?|packages?|orders?|results?|bookmarks?|payments?|posts?|videos?|songs?"
    r"|people|contacts?|docs?|documents?|items?|rows?|entries|settings?|options?|apps?"
    r"|where it)\s+(?:with|mentioning|about|containing|that (?:mentions?|contains?|ha(?:ve|s))"
    r"|mentions|named|called|to|at|from|by|for|on)\s+)",
    re.IGNORECASE,
)
_SEARCH_TAIL: Final = re.compile(
    r"\s+(?:in (?:the|its|their) (?:name|title|file ?name)s?|in (?:them|it)|someone sent(?: me)?"
    r"|settings?|extension|option|folder|on the map)$",
    re.IGNORECASE,
)
#: Units, and the words that follow a count: "1200 pixels wide", "4 copies", "3 of these".
_UNIT: Final = re.compile(
    r"^(?P<n>\d+(?:[.,]\d+)?)\s*(?:px|pixels?|pt|points?|%|percent|s|secs?|seconds?|mins?"
    r"|minutes?|hours?|hrs?|days?|weeks?|months?|years?|copies|copy|pages?|groups?|people"
    r"|persons?|rooms?|items?|times|miles?|mi|km|kilomet(?:er|re)s?|met(?:er|re)s?|m|cm|mm"
    r"|inch(?:es)?|in|ft|feet|kg|kilos?|lbs?|pounds?|stones?|degrees?|°\w?|fahrenheit"
    r"|celsius|dollars?|euros?|usd|eur|gbp|bucks|quid|rows?|columns?|tall|wide|high|long"
    r"|of|on|each|per|x)\b",
    re.IGNORECASE,
)
_LEAD_NOUN: Final = re.compile(
    r"^(?:cell|page|line|row|column|slide|chapter|track|frame|step)\s+(?=\S+$)", re.IGNORECASE
)
_NUMBER: Final = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w.,]*\w)")


def _value(text: str, own: set[str]) -> str:
    """A value as it follows its cue: without a place that says where, the field's own
    words ("6 rows tall" -> "6" for Rows) and glue at either end."""
    words = _WHERE.sub("", _FILLER.sub("", text)).strip(" .,!?").split()
    at = [i for i, w in enumerate(words) if w.lower().strip(".,!?:") in own]
    if at:  # the field's own words are not the value: what stands before them, or after
        words = words[: at[0]] or words[at[-1] + 1 :]
    skip = own | _GLUE
    while words and words[-1].lower().strip(".,!?") in skip:
        words.pop()
    while words and words[0].lower().strip(".,!?") in skip:
        words.pop(0)
    return _tidy(" ".join(words))


def _tidy(value: str) -> str:
    """A number without its unit ("1200 pixels wide" -> "1200"), a reference without its
    kind ("cell Z500" -> "Z500")."""
    unit = _UNIT.match(value)
    if unit:
        return unit.group("n")
    return _LEAD_NOUN.sub("", value)


def _query(value: str) -> str:
    """A search query without the words around it: "anything with invoice in the name"
    -> "invoice", "the font size setting" -> "font size", "me noise cancelling headphones"
    -> "noise cancelling headphones"."""
    value = _SEARCH_LEAD.sub("", _FILLER.sub("", value).strip(" .,!?"))
    return _SEARCH_TAIL.sub("", value)


def _after(cue: re.Pattern[str], clauses: Sequence[str], own: set[str]) -> str:
    """The value after the last ``cue`` that leaves one, in the last clause that has it."""
    for clause in reversed(clauses):
        for match in reversed(list(cue.finditer(clause))):
            rest = clause[match.end() :]
            if match.group(0).startswith(":") and rest.strip(" .!"):
                return rest.strip(" .!")  # "the message is: please send me the list"
            if "search" in cue.groupindex and match.group("search"):
                rest = _query(rest)
            if found := _value(rest, own):
                return found
    return ""


def _code(word: str) -> bool:
    """A code has two letters and two digits at least ("SPRING15"; not "221B", "Q3")."""
    return sum(c.isalpha() for c in word) >= 2 and sum(c.isdigit() for c in word) >= 2


def _replacing(goal: str, label: str) -> str:
    """Find and replace: the old words for a find field, the new ones for another."""
    match = _REPLACE.search(goal)
    if not match:
        return ""
    finds = re.search(r"\b(?:find|search|what|look)\b", label, re.IGNORECASE)
    replaces = re.search(r"\b(?:replace|with|by|new)\b", label, re.IGNORECASE)
    part = "old" if finds and not replaces else "new"
    return match.group(part).strip(" .,!?")


def _message(goal: str) -> str:
    """A message to send, whole ("tell mom I landed safe" -> "I landed safe")."""
    match = _MESSAGE.match(goal.strip())
    return _WHERE.sub("", match.group("message")).strip() if match else ""


def _named(clauses: Sequence[str]) -> str:
    """A name given ("call the new folder Invoices 2025" -> "Invoices 2025")."""
    for clause in reversed(clauses):
        match = _NAMING.search(clause)
        if match:
            return _WHERE.sub("", _FILLER.sub("", match.group("name"))).strip(" .,!?")
    return ""


def _one_number(goal: str) -> str:
    """The goal's number, when it says exactly one and no name follows it ("I need 4
    copies of this", "convert 250 USD"; not the house number of "ship it to 221 Baker
    Street")."""
    numbers = list(_NUMBER.finditer(goal))
    if len(numbers) != 1:
        return ""
    rest = goal[numbers[0].end() :].strip()
    if rest[:1].isupper() and not _UNIT.match(f"{numbers[0].group()} {rest}"):
        return ""
    return numbers[0].group()


def _tail(goal: str, own: set[str]) -> str:
    """The words that end the goal, up to the field's own words or glue."""
    tail: list[str] = []
    for word in reversed(_HERE.sub("", _FILLER.sub("", goal)).strip(" .,!").split()):
        if word.lower().strip(".,!") in own | _GLUE:
            break
        tail.insert(0, word)
    return " ".join(tail) if 0 < len(tail) < len(goal.split()) - 1 else ""


def extract_text(goal: str, label: str = "") -> str:
    """The value ``goal`` asks to type into the field ``label`` (see the module's
    docstring for the order of the rules); never the field's own words; "" when none."""
    quoted = QUOTED.search(goal)
    if quoted:
        return quoted.group(1).strip()
    if found := _replacing(goal, label):
        return found
    shaped = list(_SHAPED.finditer(goal))
    if shaped:
        return shaped[-1].group(0).strip().rstrip(".,;:!?)")
    own = {w.lower() for w in re.findall(r"\w+", label)}
    clauses = [c for c in _CLAUSE.split(goal) if c.strip() and not _ASIDE.match(c.strip())]
    finders: tuple[Callable[[], str], ...] = (
        lambda: _message(goal),
        lambda: _named(clauses),
        lambda: _after(_STRONG, clauses, own),
        lambda: ([""] + [w for c in clauses for w in _CODE.findall(c) if _code(w)])[-1],
        lambda: _one_number(goal),
        lambda: _after(_WEAK, clauses, own),
        lambda: _tail(goal, own),
    )
    for finder in finders:
        if found := finder():
            return found
    return ""
