"""Irreversible by meaning (issue 37): what pressing a label does, not which label it is.

:func:`classify` reads a target's label and says whether pressing it pays, buys or
orders, sends or transfers money, deletes for good, or publishes or sends to many, in
English, Spanish, French, German, Portuguese, Italian, Dutch, Swedish, Danish, Finnish,
Polish, Turkish, Russian, Chinese, Japanese and Korean, and (issue 37, pass 5) Czech,
Slovak, Hungarian, Romanian, Greek, Ukrainian, Bulgarian, Serbian, Croatian, Slovenian,
Hebrew, Arabic, Persian, Indonesian, Malay, Filipino, Vietnamese, Norwegian, Catalan,
Lithuanian, Latvian, Estonian, Swahili, Thai, Hindi and Bengali, and (pass 6) Icelandic,
Afrikaans, Basque, Welsh, Irish, Galician, Albanian, Esperanto, Kazakh, Mongolian, Uzbek,
Urdu and traditional Chinese. The rules are data
(:mod:`._irreversible_rules`), read by one small matcher here; labels are judged by their
OCR skeleton (:func:`~.perception.ocr_skeleton`), the policy's own normalisation, so
look-alike letters, accents, full-width forms and OCR's misreadings do not dodge it, nor a
word spelt letter by letter (``P-a-y now``, ``B u y  n o w``), and a label is read in its
own case and in lower case (Cyrillic ``Т`` looks like ``T``, ``т`` like nothing). The
policy asks :func:`classify` about every target its list (:data:`~._policy.IRREVERSIBLE`)
did not already name.

**A dialog's yes.** :func:`classify_in` reads a generic yes (``OK``, ``Continue``,
``Confirm``…) with the sentences of its window (:func:`dialog_texts`: the title, the text
near it, the prose): ``OK`` under "Permanently delete 3 files?" deletes for good
(:func:`says` reads the sentence by the same rules as labels, in every language; the
phrases it looks for are rules too; a dialog with no text of its own answers its owner
window's question, "Empty the Trash?" above an untitled box of ``OK``). Any other
short label that is not a way out (:func:`is_refusal`: ``Cancel``, ``Keep``, ``✕``) is
the yes too when the dialog asks, heads or warns (``Apply``, ``✓``, ``Replace`` under
"Replace the existing file?"). :func:`field_submits` says which fields send on Return
with no button (a chat's box, a card's CVC).

**Structural rules (issue 37, pass 6).** A list of languages never ends, so five
rules hold for labels nobody listed:

1. *A script no rule set reads cannot be judged* (:func:`unread`,
   :data:`~._irreversible_rules.UNREAD_SCRIPTS`: Georgian, Armenian, Tamil, Telugu,
   Malayalam, Kannada, Sinhala, Khmer, Lao, Myanmar, Ethiopic, Mongolian script…): a press
   of such a label, or of a yes (any short label that is not a way out) under a dialog
   text in one, is refused like an irreversible press (``does="unread"``) and a person
   says yes (``--allow-irreversible LABEL``). Cost: every press of a label in those
   scripts asks, harmless or not.
2. *An amount alone pays*: a label whose words are all amounts (``$49.99``, ``0.5 BTC``,
   ``➔ $500``), and a payment or cart glyph (:data:`~._irreversible_rules.PAY_GLYPHS`)
   beside anything but a shop's page name or a count (``🛒 1-click`` pays; ``🛒``, ``🛒
   Cart (2)`` pass). A generic yes under a *question* that holds an amount pays
   (``Move 5.000.000 ₫ to account 0123?``), in any language; digits of other scripts
   (Persian, Hindi) are read as digits.
3. *A warning statement, not only a question*, makes the yes under it irreversible: the
   ``warnings`` phrases are read in every clause of the dialog's text (``This will
   permanently erase…``, ``… will be sent to 18,000 recipients.``; ``#`` in a phrase is a
   number). ``Your receipt will be sent to your email.`` says none.
4. *Look-alikes are read as they look, a second time* (:func:`_looks`): a right-to-left
   override's run reversed, bidi controls (U+202A–202E, U+2066–2069, U+200E/F) and
   zero-width characters dropped, letters spaced apart with words two spaces apart joined
   (``D E L E T E  A L L``), one word ending in ``now``, ``all``… split (``Paynow``), and
   in a word that has a letter, digits and symbols written for letters folded
   (:data:`~._irreversible_rules.LOOKALIKES`: ``P4Y N0W``, ``$END``, ``PΛY``, ``Pa¥``;
   ``1`` as ``i`` and as ``l``). This reading can only add a flag: ``Windows 10``,
   ``Room 101`` and ``$49.99`` keep their first reading.
5. *A short label naming an amount pays*, whatever its verb (pass 9,
   :func:`_amount_beside`): ``Chip in $10``, ``Boost post for $20``, ``訂閱 NT$150/月``,
   unless a word beside the amount makes it a price, a balance, a saving or a page
   (``Price: $49.99``, ``Save 20 €``, ``Free shipping over $50``), or it has a colon or
   quotes (a message). The amount needs a currency symbol: ``BTC 9000A`` is a keyboard.
6. *A label that joins acts says each* (:func:`_conjuncts`, pass 15): ``Merge and delete
   branch``, ``Remove and delete data``, ``Guardar y enviar`` are read again from each act
   after the first; and a lead verb split in two is read joined when the join says an
   act (:func:`_joined`: ``Trans fer``, ``Un install``, ``Pur chase``). Both are second
   readings (:func:`_looks`): they only add a flag.

In Thai, Hindi and Bengali a veto or a way out of one consonant (Bengali ``না``, "no",
is ``ন`` once the skeleton drops its vowel sign) would sit inside most words: it vetoes
nothing and is a way out only alone.

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
import itertools
import re
import shlex
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

from ._elements import normalize_label
from ._irreversible_rules import (
    AMOUNT_LABEL_WORDS,
    AMOUNT_PREFIXES,
    AMOUNT_TEXTS,
    AMOUNT_WORDS,
    COMPOSER_WORDS,
    CURRENCY_SYMBOLS,
    GLUED_TAILS,
    GLYPHS,
    LANGUAGES,
    LOOKALIKES,
    MAX_CHARS,
    MAX_WORDS,
    PAGE_GLYPHS,
    PAY_GLYPHS,
    REFUSE_GLYPHS,
    SHOP_NOUNS,
    SYMBOL_PREFIXES,
    UNREAD_SCRIPTS,
    Language,
)
from .perception import ocr_skeleton, skeleton, squeeze, window_at, words

if TYPE_CHECKING:
    from ._elements import Element, Observation, Window

__all__ = [
    "DOES",
    "PRESS_VERBS",
    "Allowed",
    "Meaning",
    "allowance_key",
    "allowance_window",
    "allowances",
    "classify",
    "classify_in",
    "may_answer",
    "dialog_texts",
    "how_to_allow",
    "is_assent",
    "is_refusal",
    "field_submits",
    "parse_allowance",
    "presses_left",
    "says",
]

#: What pressing does, as a refusal says it.
DOES: Final[Mapping[str, str]] = {
    "deletes": "deletes for good",
    "pays": "pays, buys or orders",
    "sends": "sends or transfers",
    "publishes": "publishes or sends to many",
    "warns": "says yes to what its dialog calls irreversible",
    "unread": "is written in a script no rule set reads, so no rule can judge it",
}
#: The word a number becomes where a dialog's warning has ``#`` (``will be sent to #``).
_NUMBERED: Final = "qqnumberqq"
_COUNT: Final = re.compile(r" \d+(?: \d+)* ")
#: The word an amount of money becomes before the words are matched (``$`` in a pattern).
_AMOUNT: Final = "qqamountqq"
_SYMBOLS: Final = re.escape(CURRENCY_SYMBOLS)
_CODES: Final = "|".join(
    re.escape(skeleton(w)) for w in sorted(AMOUNT_WORDS, key=len, reverse=True)
)
_NUMBER: Final = r"\d[\d.,' ]*\d|\d"
#: Codes written before a number (``CHF 10``), letters before a symbol (``US$ 5``).
_BEFORE: Final = "|".join(
    re.escape(skeleton(w)) for w in sorted(AMOUNT_PREFIXES, key=len, reverse=True)
)
_SYMBOL_BEFORE: Final = "|".join(sorted(SYMBOL_PREFIXES, key=len, reverse=True))
_AMOUNT_RE: Final = re.compile(
    rf"(?:(?:(?<![a-z])(?:{_SYMBOL_BEFORE}))?[{_SYMBOLS}]\s?(?:{_NUMBER})"
    rf"|(?<![a-z])(?:{_BEFORE})\.?\s?(?:{_NUMBER})"
    rf"|(?:{_NUMBER})\s?(?:[{_SYMBOLS}]|(?:{_CODES})(?![a-z])))"
)
#: A full stop ending a sentence (not an ellipsis), a question mark, a CJK full stop.
_SENTENCE: Final = re.compile(r"(?<!\.)\.$|[?。]")
_QUESTION: Final = re.compile(r"[?]")
#: Hiragana, katakana, the CJK ideographs, Hangul, Thai, Devanagari and Bengali: a label
#: read by the rules of the languages written without spaces between words or whose words
#: take endings and particles glued on (``cjk`` languages: their triggers are found inside
#: the label's letters).
_CJK_RE: Final = re.compile(
    "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3"
    "\u0e00-\u0e7f\u0900-\u097f\u0980-\u09ff]"
)

#: Thai, Devanagari and Bengali: their labels are read by letters (the skeleton splits a
#: Hindi word where it drops a vowel sign), up to this many.
_SYLLABIC_RE: Final = re.compile("[\u0e00-\u0e7f\u0900-\u097f\u0980-\u09ff]")
_SYLLABIC_CHARS: Final = 32


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Meaning:
    """Why a label is irreversible: what pressing it ``does`` (a key of :data:`DOES`),
    in which ``language``, by which ``rule`` (a pattern, a trigger or a warning);
    ``question``: the dialog's text a generic yes answers (:func:`classify_in`)."""

    label: str
    does: str
    language: str
    rule: str
    question: str = ""

    def describe(self) -> str:
        """``'Pay $5' pays, buys or orders (en: 'pay *')``."""
        asked = f"yes to {self.question!r}: " if self.question else ""
        return f"{self.label!r} {DOES[self.does]} ({self.language}: {asked}{self.rule!r})"


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
        # a veto of one consonant is inside every other word (Bengali না, "no", is ন once
        # the skeleton drops its vowel sign): it vetoes nothing (一 Chinese or Korean
        # syllable, 已 or 된, still does)
        tuple(v for v in (_letters(w) for w in language.never) if not _one_consonant(v)),
        tuple(_letters(w) for w in language.nav),
        tuple(_letters(w) for w in language.spare),
    )


def _one_consonant(letters: str) -> bool:
    """Whether a rule's ``letters`` are one letter of a syllabic alphabet (Thai, Hindi,
    Bengali): a vowel sign the skeleton dropped leaves a consonant inside most words."""
    return len(letters) == 1 and bool(_SYLLABIC_RE.match(letters))


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[_Latin, ...], tuple[_Cjk, ...]]:
    latin = tuple(_latin(c, lang) for c, lang in LANGUAGES.items() if not lang.cjk)
    cjk = tuple(_cjk(c, lang) for c, lang in LANGUAGES.items() if lang.cjk)
    return latin, cjk


# -- reading a label ----------------------------------------------------------------------


def _tokens(label: str) -> list[str]:
    """The label's words, OCR-folded, each amount of money one word ``qqamountqq``, and
    ``&`` read as ``and`` (``Confirm & pay``)."""
    label = label.translate(_DIGITS)  # Persian, Hindi digits: the skeleton drops them
    marked = _AMOUNT_RE.sub(f" {_AMOUNT} ", skeleton(label).replace("&", " and "))
    return _norm(marked).split()


#: Decimal digits of other scripts (Arabic-Indic, Persian, Devanagari, Bengali, Thai…), as
#: ASCII digits.
_DIGITS: Final = {
    ord(c): str(unicodedata.decimal(c))
    for start in (0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6,
                  0xD66, 0xE50, 0xED0, 0xF20, 0x1040, 0x17E0, 0x1810)
    for c in map(chr, range(start, start + 10))
}  # fmt: skip


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


def _match_cjk(label: str, read: str, limit: int = MAX_CHARS) -> Meaning | None:
    letters = _letters(read)
    if len(letters) > limit:
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
    """Why pressing ``label`` cannot be undone, or None when it can (or when it is prose):
    read as drawn (:func:`_classify`), then, when that finds nothing, as it looks
    (:func:`_looks`: bidi controls and invisible characters taken out, digits and
    symbols standing for letters folded); a label in a script no rule set reads
    (:func:`unread`) cannot be judged, and a label that is only an amount, or a payment
    glyph beside anything, pays (:func:`_paying_glyph`).

    >>> classify("Pay $49.99").describe()
    "'Pay $49.99' pays, buys or orders (en: 'pay *')"
    >>> classify("Pay attention") is None
    True
    """
    found = _classify(label) or _paying_glyph(label) or _icon_name(label)
    if found is None:
        for looks in _looks(label):
            found = _classify(looks)
            if found is not None:
                rule = f"read as {looks!r}: {found.rule}"
                return dataclasses.replace(found, label=label, rule=rule)
    if found is None and unread(label):
        return Meaning(label=label, does="unread", language="?", rule="a script no rule reads")
    if found is None and _OVERRIDE.search(label):  # drawn in another order than stored
        return Meaning(label=label, does="unread", language="?", rule="a bidi override")
    return found


#: An icon font's name for a glyph (Material Icons: ``folder_delete``,
#: ``person_remove``), which a page's button shows as its name when it has no other.
_ICON_NAME: Final = re.compile(r"^[a-z]+(?:_[a-z]+)+$")


def _icon_name(label: str) -> Meaning | None:
    """An icon's name (:data:`_ICON_NAME`) says what the icon does by any of its words,
    not only its first (``folder_delete`` deletes, ``person_remove`` removes): each
    word, and the words from each onward, read as a label."""
    if not _ICON_NAME.match(label.strip()):
        return None
    words = label.strip().split("_")
    for i in range(len(words)):
        for phrase in (" ".join(words[i:]), words[i]):
            found = _classify(phrase)
            if found is not None:
                rule = f"an icon's name, read as {phrase!r}: {found.rule}"
                return dataclasses.replace(found, label=label, rule=rule)
    return None


def _classify(label: str) -> Meaning | None:
    """:func:`classify`'s first reading: the label as drawn."""
    read = _drawn(label)
    if _SYLLABIC_RE.search(read) and not _QUESTION.search(read):
        found = _match_cjk(label, read, _SYLLABIC_CHARS)  # words, not a sentence, by letters
        if found is not None:
            return found
    tokens = _tokens(read)
    if not tokens or _is_prose(read, tokens):
        return None
    if all(t == _AMOUNT for t in tokens):  # "$49.99", "0.5 BTC", "➔ $500": pays that
        return Meaning(label=label, does="pays", language="*", rule="an amount alone")
    if _CJK_RE.search(read):
        found = _match_cjk(label, read)
        if found is not None:
            return found
    found = _match_latin(label, tokens)
    lower = _tokens(read.lower())
    if found is None and lower != tokens:
        found = _match_latin(label, lower)
    for joined in _rejoined(tokens) if found is None else ():
        found = _match_latin(label, joined)  # D e l e t e, Del ete, Dele te account
        if found is not None:
            break
    spelt = _SPELT.sub("", read)
    if found is None and spelt != read:  # P-a-y now, P.a.y now, B u y  n o w
        found = _match_latin(label, _tokens(spelt)) or _match_latin(label, _tokens(spelt.lower()))
    return found or _amount_beside(label, read, lower)


def _amount_beside(label: str, read: str, tokens: Sequence[str]) -> Meaning | None:
    """A short label naming an amount of money pays, whatever its verb (``Chip in $10``,
    ``Boost post for $20``, ``訂閱 NT$150/月``), unless a word beside the amount makes it a
    price, a balance, a saving or a page (:data:`~._irreversible_rules.AMOUNT_TEXTS`, and
    every language's ``nav`` and ``never`` words: ``Price: $49.99``, ``Save 20 €``,
    ``Refund history $20``)."""
    if _AMOUNT not in tokens or len(tokens) > AMOUNT_LABEL_WORDS:
        return None
    if not _SYMBOL_AMOUNT.search(read) or _NOT_A_BUTTON.search(read):
        return None  # "BTC 9000A", a keyboard; "$1" in a message; "Total: $5"
    if any(t in _AMOUNT_TEXT_WORDS for t in tokens):
        return None
    letters = _letters(read)
    if any(w in letters for w in _AMOUNT_TEXT_LETTERS):
        return None
    return Meaning(label=label, does="pays", language="*", rule="an amount beside a verb")


def unread(text: str) -> bool:
    """Whether ``text`` holds a letter of a script no rule set reads
    (:data:`~._irreversible_rules.UNREAD_SCRIPTS`: Georgian, Armenian, Tamil, Khmer,
    Ethiopic…): what it says cannot be judged, so a press of it asks a person."""
    return any(
        unicodedata.category(c)[0] in "LM"
        and ord(c) > 0x2FF
        and unicodedata.name(c, "").split(" ")[0] in UNREAD_SCRIPTS
        for c in text
    )


def _paying_glyph(label: str) -> Meaning | None:
    """A payment or cart glyph (:data:`~._irreversible_rules.PAY_GLYPHS`) beside anything
    but a shop's page name or a count (``🛒 1-click``, ``💸 Send``; ``🛒 Cart (2)`` passes)."""
    glyph = next((g for g in PAY_GLYPHS if g in label), None)
    if glyph is None:
        return None
    rest = [t for t in _tokens(label.replace(glyph, " ").lower()) if not t.isdigit()]
    if not rest and glyph not in PAGE_GLYPHS and not any(g in label for g in PAGE_GLYPHS):
        return Meaning(label=label, does="pays", language="*", rule=f"{glyph} alone")
    if not rest or all(t in _SHOP_WORDS for t in rest):
        return None
    return Meaning(label=label, does="pays", language="*", rule=f"{glyph} beside {' '.join(rest)}")


#: What makes an amount a price or a page, as a label's words read: the words of
#: :data:`~._irreversible_rules.AMOUNT_TEXTS` and every language's ``nav`` and ``never``
#: words (Latin-script languages), and the letters of CJK ones, found inside a label.
_AMOUNT_TEXT_WORDS: Final = frozenset(
    _norm(w)
    for w in (
        *AMOUNT_TEXTS,
        *(w for lang in LANGUAGES.values() if not lang.cjk for w in (*lang.nav, *lang.never)),
    )
    if " " not in _norm(w)
)
_AMOUNT_TEXT_LETTERS: Final = tuple(_letters(w) for w in AMOUNT_TEXTS if _CJK_RE.search(w)) + tuple(
    _letters(w)
    for lang in LANGUAGES.values()
    if lang.cjk
    for w in (*lang.nav, *lang.never)
    if len(_letters(w)) > 1
)
#: A currency symbol beside a digit (``$10``, ``20 €``, ``NT$150``): an amount spelt with a
#: code only (``BTC 9000A``) is not read as one by :func:`_amount_beside`.
_SYMBOL_AMOUNT: Final = re.compile(
    f"[{re.escape(CURRENCY_SYMBOLS)}]\\s?\\d|\\d\\s?[{re.escape(CURRENCY_SYMBOLS)}](?![^\\W\\d_])"
)  # not a shell's "X11 $DISPLAY"
#: A colon or quotes around a word: a message or a field's caption, not a button (an
#: apostrophe is not one: ``Tip €5 to Dad's fund`` pays).
_NOT_A_BUTTON: Final = re.compile('[:："`«»“”「」]')
#: :data:`~._irreversible_rules.SHOP_NOUNS` as a label's words read (OCR-folded).
_SHOP_WORDS: Final = frozenset(_norm(w) for w in SHOP_NOUNS)
#: Bidi controls (they reorder what is drawn) and invisible characters.
_BIDI: Final = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")
_INVISIBLE: Final = re.compile("[\u200b-\u200d\u2060-\u2064\ufeff\u00ad\u034f\u180e]")
#: A run of text a right-to-left override draws backwards (to its pop or the end).
_OVERRIDE: Final = re.compile("\u202e([^\u202c\u2069]*)")


def _looks(label: str) -> list[str]:
    """The label as it looks, when that differs from its characters: a right-to-left
    override's run reversed, other bidi controls and invisible characters dropped, and in
    each word that has a letter, the digits and symbols standing for letters folded
    (:data:`~._irreversible_rules.LOOKALIKES`: ``P4Y N0W``, ``$END``, ``PΛY``; ``1`` read
    as ``i`` and as ``l``). A second reading: it can only add a flag (``Windows 10``,
    ``$49.99``: words without a letter stay)."""
    text = _OVERRIDE.sub(lambda m: m[1][::-1], label)
    text = _INVISIBLE.sub("", _BIDI.sub("", text))
    if "  " in text and all(len(w) <= 1 for w in text.split(" ")):  # D E L E T E  A L L
        text = " ".join(w.replace(" ", "") for w in text.split("  "))
    found = [text] if text != label else []
    glued = text.strip().lower()
    for tail in GLUED_TAILS if glued.isalpha() else ():  # Paynow, Deleteall
        if glued.endswith(tail) and len(glued) - len(tail) >= 3:
            found.append(f"{glued[: -len(tail)]} {tail}")
    for one in ("i", "l"):
        folded = " ".join(_fold(word, one) for word in text.split(" "))
        if folded != label and folded not in found:
            found.append(folded)
    return [*found, *(r for r in (*_conjuncts(text), *_joined(text)) if r not in found)]


#: Words (and signs) that join two acts in one label: ``Merge and delete branch``,
#: ``Guardar y enviar``, ``保存并删除``, ``保存して削除``.
_COORDINATED: Final = re.compile(
    r"\s+(?:and(?: then)?|then|&|\+|/|y|e|ed|et|und|en|och|og|ja|i|и|та|és|și|ve|và)\s+"
    r"|(?<=\S)(?:并且|并|して)(?=\S)",
    re.IGNORECASE,
)
#: A label with more words than this is prose, not a control's name.
_LABEL_WORDS: Final = 8


def _conjuncts(text: str) -> list[str]:
    """Each act after the first of a label that joins several (:data:`_COORDINATED`),
    read as a label of its own: the first is the label's own start, which the rules
    read already, but ``Remove and delete data`` deletes by its second."""
    if len(text.split()) > _LABEL_WORDS:
        return []
    parts = [p.strip() for p in _COORDINATED.split(text)]
    return [p for p in parts[1:] if p]


def _joined(text: str) -> list[str]:
    """The label with its first two words joined, for a lead verb OCR or spacing split
    in two (``Trans fer``, ``Un install``, ``Pu blish``, ``Pur chase order``): in a
    label of two to four words, when both are letters only, the join is at least
    :data:`_JOINED_LETTERS` long and the joined word alone says an irreversible act
    (so a guard of the words after it still holds: ``Send test email``)."""
    words = text.split()
    if not 2 <= len(words) <= 4 or not (words[0].isalpha() and words[1].isalpha()):
        return []
    joined = words[0] + words[1]
    if len(joined) < _JOINED_LETTERS or _classify(joined) is None:
        return []
    return [" ".join([joined, *words[2:]])]


#: A word split in two is read joined only when the join is at least this long.
_JOINED_LETTERS: Final = 5


def _fold(word: str, one: str) -> str:
    if not any(c.isalpha() for c in word) or not any(c in LOOKALIKES or c == "1" for c in word):
        return word
    return "".join(one if c == "1" else LOOKALIKES.get(c, c) for c in word)


#: A separator between two letters that each stand alone: a word spelt letter by letter
#: (``P-a-y now``, ``P.a.y``, ``B u y  n o w``: two spaces part its words).
_SPELT: Final = re.compile(r"(?<=\b[^\W\d_])[ .\-_\u00b7*\u2022](?=[^\W\d_]\b)")


def _rejoined(tokens: Sequence[str]) -> Iterator[list[str]]:
    """A label's words with a word split by spaces made whole: all of them when each is
    short (``D e l e t e``), else its first two when both are (``Dele te account``: the
    verb leads). Later words stay as they are: joined, ``Send to back`` would hide the
    ``back`` its guard reads."""
    if len(tokens) > 1 and all(len(t) <= _SPLIT_WORD for t in tokens):
        yield ["".join(tokens)]
    if len(tokens) > 2 and len(tokens[0]) <= _SPLIT_WORD and len(tokens[1]) <= _SPLIT_WORD:
        yield [tokens[0] + tokens[1], *tokens[2:]]


#: A label whose words are all this short may be one word spelt with spaces in it.
_SPLIT_WORD: Final = 4


#: A Qt mnemonic's mark: ``&`` glued to the letter after it, not doubled.
_QT_MNEMONIC: Final = re.compile(r"(?<![&\w])&(?=\w)")


def _drawn(label: str) -> str:
    """``label`` with each icon (:data:`GLYPHS`) as the word it draws: ``🗑`` deletes;
    a Qt mnemonic's mark dropped (``&Delete`` is ``Delete``, ``&&`` stays ``&``)."""
    label = _QT_MNEMONIC.sub("", label)
    for glyph, word in GLYPHS.items():
        label = label.replace(glyph, f" {word} ")
    return label


# -- a dialog's yes ------------------------------------------------------------------------

#: Where a dialog's text splits into clauses: a sentence's end, a semicolon, a colon or a
#: comma followed by a space or the end (``$2,500.00`` and ``notes.txt`` stay whole).
_CLAUSE: Final = re.compile(
    r"[.?!;:,]+(?=\s|$)|[\n\u3002\uff1f\uff01\uff1b\uff0c\u3001\u037e\u060c\u061b\u061f\u06d4\u0964]"
)
#: A dialog's clause longer than this (letters, Chinese, Japanese, Korean) is not read.
_CLAUSE_CHARS: Final = 60
#: How many of the texts nearest a yes count as its dialog's.
DIALOG_TEXTS: Final = 8
#: Kinds that are controls, not a dialog's sentence.
_CONTROLS: Final = frozenset(
    {"button", "field", "check", "radio", "link", "item", "menuitem", "tab", "slider", "icon",
     "key", "cell"}
)  # fmt: skip


@dataclasses.dataclass(frozen=True, slots=True)
class _Dialog:
    assent: tuple[tuple[str, ...], ...]  # Latin, as words, longest first
    cjk_assent: frozenset[str]
    refuse: tuple[tuple[str, ...], ...]  # Latin ways out (refuse and never), as words
    cjk_refuse: tuple[str, ...]
    warnings: tuple[tuple[str, str, str], ...]  # (language, phrase, " words ")
    cjk_warnings: tuple[tuple[str, str, str], ...]  # (language, phrase, letters)
    lead: frozenset[str]


@functools.lru_cache(maxsize=1)
def _dialog() -> _Dialog:
    latin = [lang for lang in LANGUAGES.items() if not lang[1].cjk]
    cjk = [lang for lang in LANGUAGES.items() if lang[1].cjk]
    assent = {tuple(_norm(w).split()) for _, lang in LANGUAGES.items() for w in lang.assent}
    refuse = {tuple(_norm(w).split()) for _, lang in latin for w in (*lang.refuse, *lang.never)}
    return _Dialog(
        assent=tuple(sorted((a for a in assent if a), key=len, reverse=True)),
        cjk_assent=frozenset(_letters(w) for _, lang in cjk for w in lang.assent),
        refuse=tuple(r for r in refuse if r),
        cjk_refuse=tuple(
            r for _, lang in cjk for r in (_letters(w) for w in (*lang.refuse, *lang.never)) if r
        ),
        warnings=tuple(
            (c, w, f" {_norm(w.replace('$', _AMOUNT).replace('#', _NUMBERED))} ")
            for c, lang in latin
            for w in lang.warnings
        ),
        cjk_warnings=tuple((c, w, _letters(w)) for c, lang in cjk for w in lang.warnings),
        lead=frozenset(_norm(w) for _, lang in latin for w in lang.lead),
    )


def is_assent(label: str) -> bool:
    """Whether ``label`` is a generic yes (``OK``, ``Yes, continue``, ``确定``): it means
    what its dialog asks."""
    rules = _dialog()
    if _CJK_RE.search(label) and _letters(label) in rules.cjk_assent:
        return True
    return bool(_tokens(label)) and any(
        _all_assent(tokens, rules.assent) for tokens in (_tokens(label), _tokens(label.lower()))
    )


def is_refusal(label: str) -> bool:
    """Whether ``label`` is a dialog's way out (``Cancel``, ``No``, ``Keep``, ``Don't
    delete``, ``Back``, ``✕``, ``取消``): it holds a word of a way out (a language's
    ``refuse`` or ``never``, any language), or it is a glyph of
    :data:`~._irreversible_rules.REFUSE_GLYPHS`."""
    rules = _dialog()
    if any(g in label for g in REFUSE_GLYPHS if g != "?") or label.strip() == "?":
        return True
    letters = _letters(label) if _CJK_RE.search(label) else ""
    if letters and any(
        w == letters if _one_consonant(w) else w in letters for w in rules.cjk_refuse
    ):
        return True  # a way out of one consonant (Bengali না) is one only alone
    for tokens in (_tokens(label), _tokens(label.lower())):
        for way in rules.refuse:
            if any(tuple(tokens[i : i + len(way)]) == way for i in range(len(tokens))):
                return True
    return False


#: A label of at most this many words (Chinese, Japanese, Korean: letters) may be a
#: dialog's yes by another name (``Apply``, ``Replace``, ``Format``).
_ANSWER_WORDS: Final = 3
_ANSWER_CHARS: Final = 6


def may_answer(label: str) -> bool:
    """Whether pressing ``label`` may say yes to its dialog: a generic yes, or any short
    label (a glyph, ``Apply``, ``Next``, the question's own verb) that is not a way out."""
    if is_assent(label):
        return True
    if not label.strip() or is_refusal(label):
        return False
    if _CJK_RE.search(label):
        return len(_letters(label)) <= _ANSWER_CHARS
    tokens = _tokens(_drawn(label))
    return len(tokens) <= _ANSWER_WORDS


def field_submits(label: str) -> str | None:
    """What Return in a one-line field labelled ``label`` does with no button, when its
    label or placeholder says so (:data:`~._irreversible_rules.COMPOSER_WORDS`): a chat's
    box sends (``"sends"``), a card's security code pays (``"pays"``); None otherwise."""
    spaced = f" {_norm(label)} "
    letters = _letters(label)
    for does, names in COMPOSER_WORDS.items():
        for name in names:
            if (_CJK_RE.search(name) and _letters(name) in letters) or f" {_norm(name)} " in spaced:
                return does
    return None


def _all_assent(tokens: Sequence[str], assent: Sequence[tuple[str, ...]]) -> bool:
    """Whether ``tokens`` are yeses one after another (``Yes, I'm sure``)."""
    rest = tuple(tokens)
    while rest:
        head = next((a for a in assent if rest[: len(a)] == a), None)
        if head is None:
            return False
        rest = rest[len(head) :]
    return True


def says(text: str) -> Meaning | None:
    """What a dialog's ``text`` says that cannot be undone, or None: a clause read by the
    rules from its first word or from a lead word (``want to`` *delete 3 files*), or a
    warning (``This cannot be undone``)."""
    for clause in _CLAUSE.split(text):
        found = _says_clause(clause.strip()) if clause.strip() else None
        if found is not None:
            return found
    return None


def _says_clause(clause: str) -> Meaning | None:
    rules = _dialog()
    if unread(clause):  # a question no rule reads: its yes asks a person
        return Meaning(label=clause, does="unread", language="?", rule="a script no rule reads")
    if _CJK_RE.search(clause):
        letters = _letters(clause)
        for code, phrase, norm in rules.cjk_warnings:
            if norm in letters:
                return Meaning(label=clause, does="warns", language=code, rule=phrase)
        found = _match_cjk(clause, clause, limit=_CLAUSE_CHARS)
        if found is not None:
            return found
    for tokens in dict.fromkeys((tuple(_tokens(clause)), tuple(_tokens(clause.lower())))):
        spaced = f" {' '.join(tokens)} "
        spaced += _COUNT.sub(f" {_NUMBERED} ", spaced)  # "sent to 18,000 recipients"
        for code, phrase, norm in rules.warnings:
            if norm in spaced:
                return Meaning(label=clause, does="warns", language=code, rule=phrase)
        for i in range(len(tokens)):
            if i == 0 or tokens[i - 1] in rules.lead:
                found = _match_latin(clause, tokens[i:])
                if found is not None:
                    return found
    return None


def classify_in(label: str, texts: Iterable[str] = (), *, headings: bool = True) -> Meaning | None:
    """:func:`classify`, and a yes read with its dialog's ``texts`` (:func:`dialog_texts`):
    ``OK`` under "Permanently delete 3 files?" deletes. A generic yes (:func:`is_assent`)
    answers any text that says an act; any other short label that is not a way out
    (:func:`is_refusal`: ``✓``, ``Apply``, ``Replace``) answers a question, a heading or
    a warning that says one; texts next to each other are read joined too (a question
    split over two lines). With ``headings`` false (a program's main window, where a
    short text may be a document's line), a label other than a generic yes answers only
    a question or a warning, not a heading of three words or fewer.

    >>> classify_in("OK", ["Permanently delete 3 files?"]).describe()
    "'OK' deletes for good (en: yes to 'Permanently delete 3 files?': 'delete **')"
    >>> classify_in("OK", ["File saved."]) is None
    True
    """
    found = classify(label)
    if found is not None or not may_answer(label):
        return found
    texts = tuple(texts)
    joined = {f"{a} {b}" for a, b in itertools.pairwise(texts)}  # a split question
    generic = is_assent(label)
    for text in (*texts, *(t.replace("\n", " ") for t in texts if "\n" in t), *joined):
        said = says(text)
        asks = _asks(text) if headings else bool(_ASKS.search(text.strip()))
        if said is not None and (generic or said.does in ("warns", "unread") or asks):
            return dataclasses.replace(said, label=label, question=text)
        money = _ASKS.search(text.strip()) if text in joined else True  # two texts: asked
        if generic and money and _about_money(text):
            rule = "a yes where an amount is shown"
            return Meaning(label=label, does="pays", language="*", rule=rule, question=text)
    return None


def _about_money(text: str) -> bool:
    """Whether a yes under ``text`` may pay: a question about an amount ("Move
    5.000.000 ₫ to account 0123?"), or words about one ("We'll take $49.00 from your
    card.", "Total $1,599.00"), in any language; not an amount alone ("$19.99", a shop's
    grid of prices), nor a receipt ("You paid ₹500", "Payment complete")."""
    tokens = _tokens(text)
    if _AMOUNT not in tokens:
        return False
    if _ASKS.search(text.strip()):
        return True
    return any(t != _AMOUNT for t in tokens) and not _receipt(text)


#: Words that say a payment is done (a receipt), in the languages the rules read best:
#: its OK closes it. Only for a statement with an amount; a question is asked anyway.
_RECEIPT: Final = frozenset(t for word in (
    "paid", "sent", "received", "complete", "completed", "successful", "successfully",
    "refunded", "receipt", "bezahlt", "gesendet", "erhalten", "erfolgreich", "abgeschlossen",
    "paye", "envoye", "recu", "reussi", "termine", "pagado", "enviado", "recibido",
    "completado", "exitoso", "pago", "concluido", "recebido", "pagato", "inviato",
    "ricevuto", "completato", "riuscito",
) for t in _tokens(word))  # fmt: skip


def _receipt(text: str) -> bool:
    """Whether ``text`` says a payment already happened (:data:`_RECEIPT`)."""
    return bool(_RECEIPT & set(_tokens(text)))


#: How a question ends: a question mark, or Chinese, Japanese, Korean endings that ask.
_ASKS: Final = re.compile(
    r"[?\uff1f\u037e\u061f]|[\u5417\u304b\uae4c]\s*[\u3002.]?\s*$|(?<=\w);\s*$"
    r"|(?:\u0e2b\u0e23\u0e37\u0e2d\u0e44\u0e21\u0e48|\u0e44\u0e2b\u0e21)\s*$"
)


def _asks(text: str) -> bool:
    """Whether a dialog's ``text`` asks (a question) or is a heading (three words or
    fewer): a button other than a generic yes answers only these, and a warning
    (``This cannot be undone``). A statement on a page ("Please delete the old files.")
    is not a question its Reply answers."""
    if _ASKS.search(text.strip()):
        return True
    if _CJK_RE.search(text):
        return len(_letters(text)) <= _ANSWER_CHARS + 2
    return len(_tokens(text)) <= _ANSWER_WORDS


def dialog_texts(element: Element, observation: Observation) -> tuple[str, ...]:
    """What a yes at ``element`` answers: its window's title, then the sentences nearest
    it in the same window (text, not controls; a short word is a control's label, so a
    text counts with three words or more, or a sentence's end, or as a heading: a
    ``title``, or text above it in a dialog's window, :func:`_heading`), then the frame's
    prose when that window is in front (or none is known)."""
    own = _window_of(element, observation)
    texts = [own.title] if own is not None and own.title else []
    near = sorted(observation.elements, key=lambda e: _distance(e, element))
    for e in near:
        if len(texts) >= DIALOG_TEXTS:
            break
        if e is element or e.kind in _CONTROLS:
            continue
        if not (_sentence_like(e.label) or _heading(e, element, own)):
            continue
        if own is None or _window_of(e, observation) == own:
            texts.append(e.label)
    texts.extend(_dialog_asks(element, own, near, observation, texts))
    if is_assent(element.label):
        texts.extend(_window_says(element, own, observation, texts))
    if own is not None and own.transient_for and len(texts) <= bool(own.title):
        texts.extend(_owner_asks(own, near, observation))
    front = observation.windows[0] if observation.windows else None
    if own is None or own == front:
        texts.extend(observation.prose)
    return tuple(texts)


def _dialog_asks(
    element: Element,
    own: Window | None,
    near: Sequence[Element],
    observation: Observation,
    read: Sequence[str],
) -> list[str]:
    """In a dialog's window (another's, or a menu's), its first text and every question
    above the yes, past :data:`DIALOG_TEXTS`: a dialog that lists what it deletes (nine
    mail subjects, twelve files) asks at its top, farther from the yes than the list."""
    if own is None or not (own.transient_for or own.override):
        return []
    above = [
        e
        for e in near
        if e is not element
        and e.kind not in _CONTROLS
        and e.box[3] <= element.box[1]
        and e.label not in read
        and _window_of(e, observation) == own
    ]
    above.sort(key=lambda e: (e.box[1], e.box[0]))
    asks = [e.label for e in above[1:] if re.search(r"[?？؟]\s*$", e.label)]
    return ([above[0].label] if above else []) + asks


def _window_says(
    element: Element, own: Window | None, observation: Observation, read: Sequence[str]
) -> list[str]:
    """For a generic yes (``OK``, ``Continue``), past :data:`DIALOG_TEXTS`: every
    question and every amount of money its window shows, however far from it (a web
    page's modal that lists twelve files under "Permanently delete 12 files?", a last
    step of a payment that says "Total due today $1,249.00" at its top). A yes means
    what its window asks, and where money is shown it may pay."""
    found = []
    for e in observation.elements:
        if e is element or e.kind in _CONTROLS or e.label in read:
            continue
        if own is not None and _window_of(e, observation) != own:
            continue
        if _ASKS.search(e.label.strip()) or _about_money(e.label):
            found.append(e.label)
    return found


def _owner_asks(own: Window, near: Sequence[Element], observation: Observation) -> list[str]:
    """The questions of the window a dialog with no text of its own belongs to (X
    ``WM_TRANSIENT_FOR``): an untitled, wordless box of ``OK`` and ``Cancel`` answers the
    question its owner shows ("Empty the Trash?")."""
    owner = next((w for w in observation.windows if w.id == own.transient_for), None)
    if owner is None:
        return []
    asks = [
        e.label
        for e in near
        if e.kind not in _CONTROLS
        and _ASKS.search(e.label.strip())
        and _window_of(e, observation) == owner
    ]
    return asks[:DIALOG_TEXTS]


def _heading(text: Element, element: Element, own: Window | None) -> bool:
    """A dialog's short heading (``Delete account``): a title by the tree or the shapes,
    or, in a dialog's window (one that is another's, or a menu's), text above the yes."""
    if text.kind == "title":
        return True
    dialog = own is not None and (own.transient_for != 0 or own.override)
    return dialog and text.box[3] <= element.box[1]


def _window_of(element: Element, observation: Observation) -> Window | None:
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


def _distance(a: Element, b: Element) -> float:
    return float(abs(a.center[0] - b.center[0]) + abs(a.center[1] - b.center[1]))


def _sentence_like(text: str) -> bool:
    if _CJK_RE.search(text):
        return len(_letters(text)) >= 4
    return len(_tokens(text)) >= 3 or bool(re.search(r"[.?!:]\s*$", text.strip()))


# -- one press at a time ------------------------------------------------------------------

#: The verbs that press what they target: an allowance counts these in the history (a
#: ``type`` aimed at a control clicks it first).
PRESS_VERBS: Final = ("click", "drag", "key", "type")
_TIMES: Final = re.compile(r"^(?P<label>.*?)\s*\*\s*(?P<times>\d+)$", re.DOTALL)


def parse_allowance(given: str) -> tuple[str, int]:
    """``"Send"`` -> ``("Send", 1)``; ``"Send*3"`` -> ``("Send", 3)``;
    ``"Send*3@Thunderbird"`` -> ``("Send", 3)`` (its window: :func:`allowance_window`).
    ValueError names the bad value and the fix."""
    rest, window = _split_window(given)
    match = _TIMES.match(rest.strip())
    label, times = (match["label"], int(match["times"])) if match else (rest, 1)
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
    if window is not None:
        _check_window(given, label, window)
    elif is_assent(label):
        raise ValueError(
            f"--allow-irreversible {given!r}: {label.strip()!r} is a dialog's generic yes, "
            "irreversible only by the question its dialog asks, so alone it would be spent "
            "on any dialog's yes; say whose dialog: --allow-irreversible "
            f"{shlex.quote(given.strip() + '@WINDOW')} (the dialog's title or its program's "
            "class, as --window takes it; @* for any window), or say yes in the console"
        )
    return label, times


def _check_window(given: str, label: str, window: str) -> None:
    if _TRAILING_TIMES.search(window):
        raise ValueError(
            f"--allow-irreversible {given!r}: the count goes before the window "
            f"({label.strip()}*N@WINDOW)"
        )
    if not re.search(r"\w", window) and window.strip() != "*":
        raise ValueError(
            f"--allow-irreversible {given!r} names no window after @; write LABEL@WINDOW "
            "(a window's title or class, as --window takes it), or LABEL@* for any window"
        )


def allowance_window(given: str) -> str | None:
    """The window an allowance is bound to (``Delete@Files``: ``Files``, named as
    ``--window`` names one, its dialogs joining it), or None for any window (no ``@``,
    or ``@*``)."""
    window = _split_window(given)[1]
    return None if window is None or window.strip() == "*" else window.strip()


def _split_window(given: str) -> tuple[str, str | None]:
    """``LABEL[*N]@WINDOW`` split at its last ``@``. A label that holds an ``@`` of its
    own (``Send to ana@example.org``) is written with a window after it, ``@*`` for any:
    read without one, its tail would be taken for a window, which no window matches (the
    press is refused, never allowed wider)."""
    at = given.rfind("@")
    if at < 0:
        return given, None
    return given[:at], given[at + 1 :]


_TRAILING_TIMES: Final = re.compile(r"\*\s*\d+\s*$")


def allowance_key(label: str, *, ocr: bool = False) -> str:
    """What an allowance and a label are compared by: their letters and digits as written
    (case, width and invisible characters aside; not look-alike letters folded, as the
    deny lists fold them: an allowance is for the label a person read, and ``Send to
    Bill`` does not allow ``Send to Віll`` with a Cyrillic В, nor ``Jose`` ``José``; nor
    OCR's confusions: ``Delete Ali`` does not allow ``Delete All``; ``ocr``: both folded,
    for counting presses, where one too many refuses), and each number as written, its
    decimal point or thousands mark kept (``Pay $5.00`` does not allow ``Pay $500``, nor
    ``Pay $10.00`` ``Pay $1,000``), and its symbols: currency (``Pay $5`` does not allow
    ``Pay ₿5``) and every other sign a label may draw its meaning with (``Pay $5 🔁``
    pays every month, ``Pay $5 ∞`` for ever: the seventh attacker pass; Unicode's
    symbol categories, emoji included, their variation selectors aside)."""
    folded = ocr_skeleton(label) if ocr else _as_written(label)
    numbers = _WRITTEN_NUMBER.findall(folded)
    symbols = "".join(sorted({c for c in label if c in CURRENCY_SYMBOLS or _sign(c)}))
    return (
        squeeze(folded)
        + ("#" + "#".join(numbers) if numbers else "")
        + (f"#{symbols}" if symbols else "")
    )


def _sign(char: str) -> bool:
    """Whether ``char`` is a symbol (Unicode's ``S`` categories: ``🔁``, ``∞``, ``✓``)
    that an allowance must repeat."""
    return unicodedata.category(char) in ("Sc", "Sm", "So")


def _as_written(label: str) -> str:
    """``label`` in compatibility form (full-width letters are letters), case folded,
    with its invisible characters dropped; its letters are its own."""
    text = unicodedata.normalize("NFKC", label)
    return "".join(c for c in text if unicodedata.category(c) != "Cf").casefold()


#: A number as a label writes it: digits with the marks between them.
_WRITTEN_NUMBER: Final = re.compile(r"\d+(?:[.,'\u00a0 ]\d+)*")


#: ``--allow-irreversible`` values by label key: ((window or None for any, presses), ...).
Allowed: TypeAlias = Mapping[str, tuple[tuple[str | None, int], ...]]


def allowances(given: Iterable[str]) -> dict[str, tuple[tuple[str | None, int], ...]]:
    """``--allow-irreversible`` values as {label key: ((window, presses), ...)}; a label
    given twice adds up (``Send`` twice is ``Send*2``; ``Send@Mail`` and ``Send`` are two
    allowances, one of them bound to a window)."""
    found: dict[str, dict[str | None, int]] = {}
    for entry in given:
        label, times = parse_allowance(entry)
        by_window = found.setdefault(allowance_key(label), {})
        window = allowance_window(entry)
        by_window[window] = by_window.get(window, 0) + times
    return {key: tuple(by_window.items()) for key, by_window in found.items()}


def _nowhere(window: str) -> bool:
    return False


def presses_left(
    label: str, allowed: Allowed, pressed: Iterable[str], here: Callable[[str], bool] = _nowhere
) -> int:
    """How many more presses of ``label`` are allowed (``allowed``: :func:`allowances`),
    given the labels of the irreversible presses this episode already made; an allowance
    bound to a window counts where ``here(window)`` says the press lands in it. Earlier
    presses count against every allowance of the label, wherever they landed (the
    history keeps no windows: one press too many refuses, one too few would not)."""
    return max(0, _given(label, allowed, here) - _used(label, pressed))


def _given(label: str, allowed: Allowed, here: Callable[[str], bool]) -> int:
    entries = allowed.get(allowance_key(label), ())
    return sum(times for window, times in entries if window is None or here(window))


def _used(label: str, pressed: Iterable[str]) -> int:
    return sum(1 for done in pressed if _same_press(done, label))


def _same_press(done: str, label: str) -> bool:
    """Whether an earlier press (the target the brain wrote) counts against ``label``'s
    allowance: the same allowance key, or the same key a target resolves by
    (``normalize_label``: ``S|end`` clicked the button ``Send``, though the OCR fold
    reads it ``slend``), or the same once OCR's confusions are folded (``Delete AIl``).
    Counting one press too many refuses; one too few would not."""
    if allowance_key(done, ocr=True) == allowance_key(label, ocr=True):
        return True
    core = normalize_label(done)
    return bool(core) and core == normalize_label(label)


def how_to_allow(
    label: str,
    allowed: Allowed,
    pressed: Iterable[str],
    here: Callable[[str], bool] = _nowhere,
    where: str = "",
) -> str:
    """The end of a refusal: the flag that allows this press (``where``: the title or
    class of the window it lands in, named in the flag where the label alone would not
    do)."""
    key = allowance_key(label)
    bound = f"{label}@{where or 'WINDOW'}"
    if key not in allowed:
        flag = bound if is_assent(label) else label
        return f"To allow it, run again with --allow-irreversible {shlex.quote(flag)}"
    given = _given(label, allowed, here)
    if not given:
        names = " or ".join(repr(window) for window, _ in allowed[key])
        return (
            f"--allow-irreversible allowed {label!r} in {names} only, and this press lands "
            f"in another window; to allow it there, run again with --allow-irreversible "
            f"{shlex.quote(bound)}"
        )
    used = _used(label, pressed)
    times = "one press" if given == 1 else f"{given} presses"
    unbound = any(window is None for window, _ in allowed[key]) and not is_assent(label)
    more = shlex.quote(f"{label}*{used + 1}" + ("" if unbound else f"@{where or 'WINDOW'}"))
    return (
        f"--allow-irreversible allowed {times} of {label!r} and this episode made "
        f"{used}; to allow more, run again with --allow-irreversible {more}"
    )
