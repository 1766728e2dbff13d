"""Irreversible by meaning (issue 37): what pressing a label does, not which label it is.

:func:`classify` reads a target's label and says whether pressing it pays, buys or
orders, sends or transfers money, deletes for good, or publishes or sends to many, in
English, Spanish, French, German, Portuguese, Italian, Dutch, Swedish, Danish, Finnish,
Polish, Turkish, Russian, Chinese, Japanese and Korean. The rules
are data (:mod:`._irreversible_rules`), read by one small matcher here; labels are
judged by their OCR skeleton (:func:`~.perception.ocr_skeleton`), the policy's own
normalisation, so look-alike letters, accents, full-width forms and OCR's misreadings do
not dodge it, and a label is read in its own case and in lower case (Cyrillic ``Т``
looks like ``T``, ``т`` like nothing). The policy asks :func:`classify` about every target its list
(:data:`~._policy.IRREVERSIBLE`) did not already name.

**One press at a time.** ``--allow-irreversible LABEL`` allows one press of ``LABEL``
in an episode, ``LABEL*N`` allows N (:func:`parse_allowance`, :func:`allowances`); the
policy counts the presses in the episode's history (:func:`presses_left`).

**Measured.** ``python -m tiny_computer_agent._irreversible_report
tests/data/irreversible_labels.json`` prints misses and false alarms per language and
half (tune / held-out); ``benchmarks/irreversible.py`` writes the same table as
``docs/benchmarks/irreversible.md``.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import shlex
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from ._irreversible_rules import (
    AMOUNT_WORDS,
    CURRENCY_SYMBOLS,
    LANGUAGES,
    MAX_CHARS,
    MAX_WORDS,
    Language,
)
from .perception import ocr_skeleton, skeleton, squeeze, words

__all__ = [
    "DOES",
    "PRESS_VERBS",
    "Meaning",
    "allowance_key",
    "allowances",
    "classify",
    "how_to_allow",
    "parse_allowance",
    "presses_left",
]

#: What pressing does, as a refusal says it.
DOES: Final[Mapping[str, str]] = {
    "deletes": "deletes for good",
    "pays": "pays, buys or orders",
    "sends": "sends or transfers",
    "publishes": "publishes or sends to many",
}
#: The word an amount of money becomes before the words are matched (``$`` in a pattern).
_AMOUNT: Final = "qqamountqq"
_SYMBOLS: Final = re.escape(CURRENCY_SYMBOLS)
_CODES: Final = "|".join(
    re.escape(skeleton(w)) for w in sorted(AMOUNT_WORDS, key=len, reverse=True)
)
_NUMBER: Final = r"\d[\d.,' ]*\d|\d"
_AMOUNT_RE: Final = re.compile(
    rf"(?:r?[{_SYMBOLS}]\s?(?:{_NUMBER})|(?:{_NUMBER})\s?(?:[{_SYMBOLS}]|(?:{_CODES})(?![a-z])))"
)
#: A full stop ending a sentence (not an ellipsis), a question mark, a CJK full stop.
_SENTENCE: Final = re.compile(r"(?<!\.)\.$|[?。]")
_QUESTION: Final = re.compile(r"[?]")
#: Hiragana, katakana, the CJK ideographs and Hangul: a label read by the Chinese, Japanese
#: and Korean rules.
_CJK_RE: Final = re.compile(
    "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]"
)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Meaning:
    """Why a label is irreversible: what pressing it ``does`` (a key of :data:`DOES`),
    in which ``language``, by which ``rule`` (a pattern or a trigger)."""

    label: str
    does: str
    language: str
    rule: str

    def describe(self) -> str:
        """``'Pay $5' pays, buys or orders (en: 'pay *')``."""
        return f"{self.label!r} {DOES[self.does]} ({self.language}: {self.rule!r})"


# -- compiling the rules ------------------------------------------------------------------


def _norm(text: str) -> str:
    """A rule's or a label's words, as the policy reads labels."""
    return words(ocr_skeleton(text))


def _letters(text: str) -> str:
    """A CJK rule's or label's letters, as the policy reads labels; Hangul recomposed
    into syllables (the skeleton's NFKD splits them into jamo: ``보낸``, sent, would
    hold ``보내``, send)."""
    return unicodedata.normalize("NFC", squeeze(ocr_skeleton(text)))


@dataclasses.dataclass(frozen=True, slots=True)
class _Latin:
    code: str
    prefixes: tuple[tuple[str, ...], ...]  # longest first
    skip: frozenset[str]
    spare: tuple[re.Pattern[str], ...]
    flag: tuple[tuple[str, str, re.Pattern[str]], ...]  # (does, pattern, compiled)


@dataclasses.dataclass(frozen=True, slots=True)
class _Cjk:
    code: str
    flag: tuple[tuple[str, str, str], ...]  # (does, trigger, normalised), longest first
    never: tuple[str, ...]
    nav: tuple[str, ...]  # vetoes all but deleting
    spare: tuple[str, ...]  # a label holding one is passed by this language


def _pattern(rule: str, language: Language) -> re.Pattern[str]:
    """One pattern as a regular expression over ``" word word ..."`` (see the rules)."""
    never = [_norm(w) for w in language.never]
    nav = [_norm(w) for w in language.nav]
    parts = []
    for piece in rule.split():
        if piece in ("*", "**"):
            banned = "|".join(re.escape(w) for w in (never + nav if piece == "*" else never))
            guard = f"(?!(?:{banned})(?= |$))" if banned else ""
            parts.append(f"(?: {guard}\\S+)*")
        elif piece.startswith("@"):
            members = (_norm(w) for w in language.sets[piece[1:]])
            parts.append("(?: (?:" + "|".join(re.escape(m) for m in members if m) + "))")
        elif piece == "$":
            parts.append(f" {_AMOUNT}")
        elif piece == "#":
            parts.append(r" \d+")
        else:
            parts.append(" " + re.escape(_norm(piece)))
    return re.compile("".join(parts))


def _latin(code: str, language: Language) -> _Latin:
    prefixes = sorted((tuple(_norm(p).split()) for p in language.prefixes), key=len, reverse=True)
    return _Latin(
        code=code,
        prefixes=tuple(prefixes),
        skip=frozenset(_norm(w) for w in language.skip),
        spare=tuple(_pattern(rule, language) for rule in language.spare),
        flag=tuple(
            (does, rule, _pattern(rule, language))
            for does, rules in language.flag.items()
            for rule in rules
        ),
    )


def _cjk(code: str, language: Language) -> _Cjk:
    flag = [
        (does, trigger, _letters(trigger))
        for does, triggers in language.flag.items()
        for trigger in triggers
    ]
    flag.sort(key=lambda item: len(item[2]), reverse=True)
    return _Cjk(
        code,
        tuple(flag),
        tuple(_letters(w) for w in language.never),
        tuple(_letters(w) for w in language.nav),
        tuple(_letters(w) for w in language.spare),
    )


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[_Latin, ...], tuple[_Cjk, ...]]:
    latin = tuple(_latin(c, lang) for c, lang in LANGUAGES.items() if not lang.cjk)
    cjk = tuple(_cjk(c, lang) for c, lang in LANGUAGES.items() if lang.cjk)
    return latin, cjk


# -- reading a label ----------------------------------------------------------------------


def _tokens(label: str) -> list[str]:
    """The label's words, OCR-folded, each amount of money one word ``qqamountqq``."""
    marked = _AMOUNT_RE.sub(f" {_AMOUNT} ", skeleton(label))
    return _norm(marked).split()


def _is_prose(label: str, tokens: Sequence[str]) -> bool:
    """A sentence or a long text is read, not pressed."""
    skel = skeleton(label).strip()
    if len(tokens) > MAX_WORDS or (len(tokens) > 1 and _QUESTION.search(skel)):
        return True
    return len(tokens) >= 4 and bool(_SENTENCE.search(skel))


def _strip(tokens: Sequence[str], rules: _Latin) -> str:
    """``" word word"`` without the leading prefixes and the skipped words."""
    rest = list(tokens)
    stripped = True
    while stripped:
        stripped = False
        for prefix in rules.prefixes:
            if len(rest) > len(prefix) and tuple(rest[: len(prefix)]) == prefix:
                rest, stripped = rest[len(prefix) :], True
                break
    kept = [t for t in rest if t not in rules.skip] or rest
    return "".join(f" {t}" for t in kept)


def _match_latin(label: str, tokens: Sequence[str]) -> Meaning | None:
    """The first rule that reads ``tokens``; none when a language spares them (a
    look-alike in one language is spared in all: ``Send tilbagemelding`` is Danish
    feedback, not English ``send *``)."""
    read = [(rules, _strip(tokens, rules)) for rules in _compiled()[0]]
    if any(p.fullmatch(text) for rules, text in read for p in rules.spare):
        return None
    for rules, text in read:
        for does, rule, pattern in rules.flag:
            if pattern.fullmatch(text):
                return Meaning(label=label, does=does, language=rules.code, rule=rule)
    return None


def _match_cjk(label: str) -> Meaning | None:
    letters = _letters(label)
    if len(letters) > MAX_CHARS:
        return None
    for rules in _compiled()[1]:
        if any(w in letters for w in rules.spare):
            continue
        for does, trigger, norm in rules.flag:
            at = letters.find(norm)
            if at < 0:
                continue
            rest = letters[:at] + "\x00" + letters[at + len(norm) :]
            vetoes = rules.never if does == "deletes" else rules.never + rules.nav
            if not any(w in rest for w in vetoes):
                return Meaning(label=label, does=does, language=rules.code, rule=trigger)
    return None


@functools.lru_cache(maxsize=4096)
def classify(label: str) -> Meaning | None:
    """Why pressing ``label`` cannot be undone, or None when it can (or when it is prose).

    >>> classify("Pay $49.99").describe()
    "'Pay $49.99' pays, buys or orders (en: 'pay *')"
    >>> classify("Pay attention") is None
    True
    """
    tokens = _tokens(label)
    if not tokens or _is_prose(label, tokens):
        return None
    if _CJK_RE.search(label):
        found = _match_cjk(label)
        if found is not None:
            return found
    found = _match_latin(label, tokens)
    lower = _tokens(label.lower())
    if found is None and lower != tokens:
        found = _match_latin(label, lower)
    return found


# -- one press at a time ------------------------------------------------------------------

#: The verbs that press what they target: an allowance counts these in the history.
PRESS_VERBS: Final = ("click", "drag", "key")
_TIMES: Final = re.compile(r"^(?P<label>.*?)\s*\*\s*(?P<times>\d+)$", re.DOTALL)


def parse_allowance(given: str) -> tuple[str, int]:
    """``"Send"`` -> ``("Send", 1)``; ``"Send*3"`` -> ``("Send", 3)``. ValueError names
    the bad value and the fix."""
    match = _TIMES.match(given.strip())
    label, times = (match["label"], int(match["times"])) if match else (given, 1)
    if not squeeze(ocr_skeleton(label)):
        raise ValueError(
            f"--allow-irreversible {given!r} names no label; give the label as it reads "
            "(--allow-irreversible 'Delete account', or 'Send*2' for two presses)"
        )
    if times < 1:
        raise ValueError(
            f"--allow-irreversible {given!r} allows no press; write LABEL*N with N at "
            "least 1 (or LABEL alone for one press)"
        )
    return label, times


def allowance_key(label: str) -> str:
    """What an allowance and a label are compared by: their letters and digits, OCR-folded,
    and each number as written, its decimal point or thousands mark kept (``Pay $5.00``
    does not allow ``Pay $500``, nor ``Pay $10.00`` ``Pay $1,000``)."""
    folded = ocr_skeleton(label)
    numbers = _WRITTEN_NUMBER.findall(folded)
    return squeeze(folded) + ("#" + "#".join(numbers) if numbers else "")


#: A number as a label writes it: digits with the marks between them.
_WRITTEN_NUMBER: Final = re.compile(r"\d+(?:[.,'\u00a0 ]\d+)*")


def allowances(given: Iterable[str]) -> dict[str, int]:
    """``--allow-irreversible`` values as {label key: presses}; a label given twice adds
    up (``Send`` twice is ``Send*2``)."""
    found: dict[str, int] = {}
    for entry in given:
        label, times = parse_allowance(entry)
        key = allowance_key(label)
        found[key] = found.get(key, 0) + times
    return found


def presses_left(label: str, allowed: Mapping[str, int], pressed: Iterable[str]) -> int:
    """How many more presses of ``label`` are allowed (``allowed``: :func:`allowances`),
    given the labels of the irreversible presses this episode already made."""
    key = allowance_key(label)
    used = sum(1 for done in pressed if allowance_key(done) == key)
    return max(0, allowed.get(key, 0) - used)


def how_to_allow(label: str, allowed: Mapping[str, int], pressed: Iterable[str]) -> str:
    """The end of a refusal: the flag that allows this press."""
    key = allowance_key(label)
    if key not in allowed:
        return f"To allow it, run again with --allow-irreversible {shlex.quote(label)}"
    given = allowed[key]
    used = sum(1 for done in pressed if allowance_key(done) == key)
    times = "one press" if given == 1 else f"{given} presses"
    more = shlex.quote(f"{label}*{used + 1}")
    return (
        f"--allow-irreversible allowed {times} of {label!r} and this episode made "
        f"{used}; to allow more, run again with --allow-irreversible {more}"
    )
