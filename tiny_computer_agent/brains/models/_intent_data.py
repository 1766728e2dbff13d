"""The intent inventory and the menus generated from it (standard library only).

The inventory (``tiny_computer_agent/brains/models/intent/<domain>.json``, reviewed like code)
names *concepts* -- what a person may want done -- each with the labels real programs
give its control and the ways people ask for it, including negated and indirect ones::

    {"domain": "files", "titles": [...], "prose": [...], "menubar": [...],
     "things": ["the report", ...], "values": ["drafts", ...],
     "concepts": [{"id": "files.delete", "kind": "button", "verb": "click",
                   "labels": ["Delete", "Move to Trash", ...],
                   "phrasings": ["get rid of {thing}", "bin it", ...],
                   "opposite": ["files.restore"]},
                  {"id": "files.rename", "kind": "field", "verb": "type", ...,
                   "values": ["drafts", ...]}, ...],
     "screens": [{"title": "...", "prose": "...", "concepts": [...], "extra": [...]}]}

:func:`generate` turns it into decisions to learn from: a goal (a phrasing with its
``{thing}``/``{text}`` filled), a menu of (label, kind) entries and the index of the
right one, or ``None`` when nothing on the menu fits. Menus are built the way screens
look: the concept's screen-mates, its opposites (hard negatives), a title and prose
that repeat the goal's words, menu bars and unrelated controls. Seeded, so the same
seed gives the same data.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from ..._elements import KINDS, normalize_label

__all__ = [
    "INVENTORY_DIR",
    "Concept",
    "Domain",
    "Example",
    "Inventory",
    "generate",
    "load_inventory",
    "word_jaccard",
]

INVENTORY_DIR: Final = Path(__file__).with_name("intent")
_CONCEPT_KEYS: Final = frozenset(
    {"id", "kind", "verb", "labels", "phrasings", "opposite", "values"}
)
_WORD: Final = re.compile(r"[a-z0-9']+")
#: How often a generated menu lacks the concept (the brain must give up).
NOTHING_FITS: Final = 0.15


@dataclasses.dataclass(frozen=True, slots=True)
class Concept:
    id: str
    domain: str
    kind: str
    verb: str
    labels: tuple[str, ...]
    phrasings: tuple[str, ...]
    opposite: tuple[str, ...]
    #: what a person types into this field ("jane@example.com" for an email), drawn for
    #: its ``{text}`` so that the value's shape tells fields apart (empty: the domain's)
    values: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Screen:
    title: str
    prose: str
    concepts: tuple[str, ...]
    extra: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Domain:
    name: str
    titles: tuple[str, ...]
    prose: tuple[str, ...]
    menubar: tuple[str, ...]
    things: tuple[str, ...]
    values: tuple[str, ...]
    concepts: tuple[Concept, ...]
    screens: tuple[Screen, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Inventory:
    domains: tuple[Domain, ...]

    @property
    def concepts(self) -> tuple[Concept, ...]:
        return tuple(c for d in self.domains for c in d.concepts)

    def concept(self, concept_id: str) -> Concept:
        return self._by_id()[concept_id]

    def _by_id(self) -> dict[str, Concept]:
        return {c.id: c for c in self.concepts}

    def sizes(self) -> dict[str, int]:
        """Counts for the model card: domains, concepts, labels, phrasings, screens."""
        concepts = self.concepts
        return {
            "domains": len(self.domains),
            "concepts": len(concepts),
            "labels": sum(len(c.labels) for c in concepts),
            "phrasings": sum(len(c.phrasings) for c in concepts),
            "screens": sum(len(d.screens) for d in self.domains),
        }


@dataclasses.dataclass(frozen=True, slots=True)
class Example:
    """One decision to learn: ``answer`` indexes ``entries``, None when nothing fits."""

    goal: str
    entries: tuple[tuple[str, str], ...]
    answer: int | None
    concept: str
    verb: str = "click"
    text: str = ""


def words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def word_jaccard(a: str, b: str) -> float:
    """Word-set Jaccard similarity (the held-out overlap check's measure)."""
    x, y = words(a), words(b)
    return len(x & y) / len(x | y) if x | y else 1.0


def load_inventory(folder: Path = INVENTORY_DIR) -> Inventory:
    """Every ``*.json`` domain file in ``folder``; ValueError naming the file and entry."""
    files = sorted(folder.glob("*.json"))
    if not files:
        raise ValueError(f"{folder}: no intent inventory (*.json domain files) found")
    domains = tuple(_domain(f) for f in files)
    inventory = Inventory(domains)
    known = {c.id for c in inventory.concepts}
    if len(known) != len(inventory.concepts):
        raise ValueError(f"{folder}: a concept id is used twice across domain files")
    for d in domains:
        for c in d.concepts:
            for other in c.opposite:
                if other not in known:
                    raise ValueError(f"{d.name}: {c.id} names unknown opposite {other!r}")
        for s in d.screens:
            for cid in s.concepts:
                if cid not in known:
                    raise ValueError(f"{d.name}: a screen names unknown concept {cid!r}")
    return inventory


def _strings(data: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{where}: {key!r} must be a list of non-blank strings")
    return tuple(value)


def _domain(path: Path) -> Domain:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise ValueError(f"{path}: a domain file is an object with a 'concepts' list")
    name = str(data.get("domain") or path.stem)
    concepts = tuple(
        _concept(c, name, f"{path}: concepts[{i}]") for i, c in enumerate(data["concepts"])
    )
    screens = tuple(
        Screen(
            title=str(s.get("title", "")),
            prose=str(s.get("prose", "")),
            concepts=_strings(s, "concepts", f"{path}: screens[{i}]"),
            extra=_strings(s, "extra", f"{path}: screens[{i}]"),
        )
        for i, s in enumerate(data.get("screens", []))
    )
    return Domain(
        name=name,
        titles=_strings(data, "titles", str(path)),
        prose=_strings(data, "prose", str(path)),
        menubar=_strings(data, "menubar", str(path)),
        things=_strings(data, "things", str(path)) or ("it",),
        values=_strings(data, "values", str(path)) or ("hello",),
        concepts=concepts,
        screens=screens,
    )


def _concept(data: object, domain: str, where: str) -> Concept:
    if not isinstance(data, dict) or not {"id", "labels", "phrasings"} <= set(data):
        raise ValueError(f"{where}: a concept needs 'id', 'labels' and 'phrasings'")
    unknown = set(data) - _CONCEPT_KEYS
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)}")
    kind = str(data.get("kind", "button"))
    if kind not in KINDS:
        raise ValueError(f"{where}: kind {kind!r} not in {KINDS[1:]}")
    verb = str(data.get("verb", "click"))
    if verb not in ("click", "type"):
        raise ValueError(f"{where}: verb {verb!r}; use 'click' or 'type'")
    concept = Concept(
        id=str(data["id"]),
        domain=domain,
        kind=kind,
        verb=verb,
        labels=_strings(data, "labels", where),
        phrasings=_strings(data, "phrasings", where),
        opposite=_strings(data, "opposite", where),
        values=_strings(data, "values", where),
    )
    if concept.values and verb != "type":
        raise ValueError(f"{where}: {concept.id} has 'values' but is not a 'type' concept")
    if not concept.labels or not concept.phrasings:
        raise ValueError(f"{where}: {concept.id} needs at least one label and one phrasing")
    return concept


def all_phrasings(inventory: Inventory) -> Iterator[str]:
    """Every phrasing with its slots filled by every thing/value (the overlap check)."""
    for d in inventory.domains:
        for c in d.concepts:
            for p in c.phrasings:
                yield from _fills(p, d, c.values or d.values)


def _fills(phrasing: str, domain: Domain, values: tuple[str, ...]) -> Iterator[str]:
    if "{thing}" in phrasing:
        for thing in domain.things:
            yield from _fills(phrasing.replace("{thing}", thing, 1), domain, values)
    elif "{text}" in phrasing:
        for value in values:
            yield phrasing.replace("{text}", value)
    else:
        yield phrasing


#: How often a generated decision is picking one named thing from a list.
PICK_ONE: Final = 0.08
#: How often it is saying yes to a dialog whose yes is named for its action ("Empty
#: Trash?" with Empty Trash and Cancel): assent goals must pick the button that the
#: question names, where there is no OK or Yes.
ASSENT: Final = 0.04
#: The concepts whose phrasings say yes, and those whose labels say no.
_YES: Final = ("confirm.yes", "confirm.confirm", "confirm.proceed")
_NO: Final = ("confirm.cancel", "confirm.no")
_QUESTIONS: Final = (
    ("{L}?", "title"), ("{L} {thing}?", "title"), ("Are you sure you want to {l}?", "text"),
    ("Do you really want to {l} {thing}?", "text"),
    ("Are you sure you want to {l} {thing}? This cannot be undone.", "text"),
)  # fmt: skip
_PICK_GOALS: Final = (
    "open {}", "choose {}", "select {}", "pick {}", "go with {}", "I want {}",
    "the {} one please", "show me {}", "book {}", "take {}", "use {}", "{} please",
    "let's go with {}", "I'll have {}", "jump to {}", "switch to {}",
)  # fmt: skip

#: Every DEV_EVERY-th phrasing and label of a concept is kept out of training ("dev"):
#: decisions made from them measure wording the model never saw, and calibrate it.
DEV_EVERY: Final = 5


def generate(
    inventory: Inventory,
    count: int,
    seed: int,
    split: str = "all",
    *,
    assent: float = ASSENT,
    question_echoes: bool = False,
) -> list[Example]:
    """``count`` decisions drawn from ``inventory`` with ``random.Random(seed)``, from
    every phrasing and label (``split`` "all"), the training ones ("train") or the dev
    ones ("dev": every :data:`DEV_EVERY`-th phrasing and label of each concept asked
    for; its distractors may be any label). ``assent`` is the share of yes-to-a-dialog
    decisions (0 draws the same decisions as before they were made).
    ``question_echoes``: a distractor that repeats the goal bare is always a title, and
    text or an unknown kind that repeats it is a question ("Remember this computer?"),
    never bare or with an ellipsis: on a real screen, text that reads as the goal is
    most often the control itself, and an ellipsis marks a control ("Save As…"). The
    same draws, only those labels differ. Tried and not shipped (README)."""
    if split not in ("all", "train", "dev"):
        raise ValueError(f"split {split!r}: choose all, train or dev")
    rng = random.Random(seed)  # noqa: S311 -- seeded data, not secrets
    maker = _Maker(inventory, rng, split, assent, question_echoes)
    return [maker.example() for _ in range(count)]


def _part(items: tuple[str, ...], split: str) -> tuple[str, ...]:
    """A concept's phrasings or labels in ``split``: dev holds every DEV_EVERY-th one
    (a concept with fewer has them all in both), train the rest."""
    if split == "all" or len(items) < DEV_EVERY:
        return items
    dev = split == "dev"
    return tuple(x for i, x in enumerate(items) if (i % DEV_EVERY == DEV_EVERY - 1) == dev)


class _Maker:
    #: how often a goal quotes its label, as the planner's goals do
    quote_labels: float = 0.05

    def __init__(
        self,
        inventory: Inventory,
        rng: random.Random,
        split: str = "all",
        assent: float = 0.0,
        question_echoes: bool = False,
    ) -> None:
        self.rng = rng
        self.split = split
        self.assent = assent
        self.question_echoes = question_echoes
        self.concepts = inventory.concepts
        self.by_id = {c.id: c for c in self.concepts}
        self.domains = {d.name: d for d in inventory.domains}
        #: what an assent dialog is made of (made once, not per decision): the actions
        #: it may ask about, the concepts that say yes and those that say no
        self.assent_parts = (
            [c for c in self.concepts
             if c.kind == "button" and c.domain != "confirm" and c.verb == "click"],
            [self.by_id[i] for i in _YES if i in self.by_id],
            [self.by_id[i] for i in _NO if i in self.by_id],
        )  # fmt: skip
        self.screens: dict[str, list[Screen]] = {}
        for d in inventory.domains:
            for s in d.screens:
                for cid in s.concepts:
                    self.screens.setdefault(cid, []).append(s)

    def example(self) -> Example:
        if self.rng.random() < PICK_ONE:
            return self._pick_one()
        if self.assent and self.rng.random() < self.assent:
            return self._assent()
        rng = self.rng
        concept = rng.choice(self.concepts)
        domain = self.domains[concept.domain]
        goal, text = self._goal(concept, domain)
        right = {normalize_label(label) for label in concept.labels}
        screen = rng.choice(self.screens[concept.id]) if concept.id in self.screens else None
        controls = self._controls(concept, domain, screen, right)
        fits = rng.random() >= NOTHING_FITS
        target = (rng.choice(_part(concept.labels, self.split)), self._kind(concept.kind))
        if fits:
            controls.insert(rng.randrange(len(controls) + 1), target)
        entries = self._dress(controls, goal, domain, screen, right)[:16]
        if fits and target not in entries:
            entries[-1] = target
        answer = entries.index(target) if fits else None
        return Example(goal, tuple(entries), answer, concept.id, concept.verb, text)

    def _pick_one(self) -> Example:
        """A list of things (files, contacts, slots...) and a goal that names one of
        them in its own words: the name itself must decide, not what the verb means."""
        rng = self.rng
        domain = rng.choice(list(self.domains.values()))
        pool = sorted({*domain.things, *domain.values} - {"it"})
        if len(pool) < 3:
            return self.example()
        items = rng.sample(pool, min(len(pool), rng.randint(3, 6)))
        chosen = rng.choice(items)
        name = re.sub(r"^(?:the|my|this|that|these|those|a|an)\s+", "", chosen, flags=re.I)
        goal = rng.choice(_PICK_GOALS).format(name)
        kind = rng.choice(("item", "item", "cell", "", "link"))
        entries = [(i[:1].upper() + i[1:], kind) for i in items]
        controls = [(rng.choice(c.labels), c.kind) for c in rng.sample(domain.concepts, 2)]
        entries += [
            c
            for c in controls
            if normalize_label(c[0]) not in {normalize_label(e[0]) for e in entries}
        ]
        answer = items.index(chosen)
        if rng.random() < NOTHING_FITS:  # the thing named is not in the list
            entries.pop(answer)
            return Example(goal, tuple(entries), None, f"{domain.name}.pick")
        return Example(goal, tuple(entries), answer, f"{domain.name}.pick")

    def _assent(self) -> Example:
        """A dialog that asks about an action ("Empty Trash?"), its yes named for the
        action and its no a Cancel or No, and a goal that only says yes ("go ahead")."""
        rng = self.rng
        actions, yes, no = self.assent_parts
        if not actions or not yes or not no:
            return self._pick_one()
        concept = rng.choice(actions)
        label = rng.choice(_part(concept.labels, self.split))
        thing = rng.choice(self.domains[concept.domain].things)
        question, kind = rng.choice(_QUESTIONS)
        question = question.format(L=label, l=label.lower(), thing=thing)
        split = "train" if self.split == "train" else "all"
        refuse = rng.choice(_part(rng.choice(no).labels, split))
        entries = [(question, rng.choice((kind, ""))), (label, self._kind("button")),
                   (refuse, self._kind("button"))]  # fmt: skip
        if rng.random() < 0.5:  # the yes and the no either way round
            entries[1], entries[2] = entries[2], entries[1]
        goal = self._phrasing(rng.choice(yes))
        answer = 1 if entries[1][0] == label else 2
        return Example(goal, tuple(entries), answer, "confirm.assent")

    def _goal(self, concept: Concept, domain: Domain) -> tuple[str, str]:
        rng = self.rng
        if rng.random() < self.quote_labels:
            label = rng.choice(_part(concept.labels, self.split))
            how = rng.choice(("click '{}'", "press the {} button", "{}", "choose {}"))
            return how.format(label), ""
        goal = self._phrasing(concept)
        while "{thing}" in goal:
            goal = goal.replace("{thing}", rng.choice(domain.things), 1)
        text = ""
        if "{text}" in goal:
            text = rng.choice(concept.values or domain.values)
            goal = goal.replace("{text}", text)
        roll = rng.random()
        if roll < 0.15:
            goal = goal.lower()
        elif roll < 0.2:
            goal = f"please {goal}"
        return goal, text

    def _phrasing(self, concept: Concept) -> str:
        """One way to ask for ``concept``, its slots unfilled (one draw).
        :mod:`._intent_wording` overrides it to add writers' phrasings and rewrites."""
        return self.rng.choice(_part(concept.phrasings, self.split))

    def _kind(self, kind: str) -> str:
        return "" if self.rng.random() < 0.2 else kind  # OCR does not know the kind

    def _controls(
        self, concept: Concept, domain: Domain, screen: Screen | None, right: set[str]
    ) -> list[tuple[str, str]]:
        rng = self.rng
        ids: list[str] = [cid for cid in (screen.concepts if screen else ()) if cid != concept.id]
        ids += [o for o in concept.opposite if rng.random() < 0.7]
        mates = [c.id for c in domain.concepts if c.id != concept.id]
        ids += rng.sample(mates, min(len(mates), rng.randint(1, 5)))
        ids += [rng.choice(self.concepts).id for _ in range(rng.randint(0, 3))]
        out: list[tuple[str, str]] = []
        seen = set(right)
        for cid in dict.fromkeys(ids):
            other = self.by_id[cid]
            label = rng.choice(_part(other.labels, "train" if self.split == "train" else "all"))
            if normalize_label(label) not in seen:
                seen.add(normalize_label(label))
                out.append((label, self._kind(other.kind)))
        for label in screen.extra if screen else ():
            if normalize_label(label) not in seen:
                seen.add(normalize_label(label))
                out.append((label, self._kind("button")))
        rng.shuffle(out)
        return out[: rng.randint(2, 10)]

    def _dress(
        self,
        controls: list[tuple[str, str]],
        goal: str,
        domain: Domain,
        screen: Screen | None,
        right: set[str],
    ) -> list[tuple[str, str]]:
        """Title, menu bar and prose around the controls, some repeating the goal."""
        rng = self.rng
        head: list[tuple[str, str]] = []
        tail: list[tuple[str, str]] = []
        if rng.random() < 0.3:  # a title or heading that repeats the goal's words
            echo = goal[:1].upper() + goal[1:]
            end, kind = rng.choice(("?", "", "…")), rng.choice(("title", "text", ""))
            if self.question_echoes and (end == "…" or (end == "" and kind != "title")):
                end = "?"  # see generate()
            head.append((echo + end, kind))
        elif rng.random() < 0.7:
            title = screen.title if screen and screen.title else rng.choice(domain.titles or ("",))
            if title:
                head.append((title, rng.choice(("title", "title", ""))))
        if domain.menubar and rng.random() < 0.3:
            count = rng.randint(2, min(6, len(domain.menubar)))
            head += [(m, rng.choice(("menuitem", ""))) for m in domain.menubar[:count]]
        if rng.random() < 0.5:
            prose = screen.prose if screen and screen.prose else rng.choice(domain.prose or ("",))
            if prose:
                tail.append((prose, rng.choice(("text", ""))))
        entries = [e for e in head if normalize_label(e[0]) not in right]
        return [*entries, *controls, *(e for e in tail if normalize_label(e[0]) not in right)]


#: Words with "and" that lead up to one act: "go ahead and replace it" asks one thing.
_ONE_ACT: Final = re.compile(r"(?i)\b(go\s+ahead|try|be\s+sure)\s+and\s+")


def split_goal_parts(goal: str) -> list[str]:
    """A goal's parts in order: "pick Friday and confirm" -> ["pick Friday", "confirm"];
    a semicolon or a ", please" that starts a new request parts them too ("call it
    roadtrip, please make it"). "go ahead and", "try and" and "be sure and" lead up to
    one act, not two ("yes, go ahead and write over the old one" had typed "write over
    the old one" into a file name field)."""
    goal = _ONE_ACT.sub(lambda m: f"{m[1]}, ", goal)
    parts = re.split(
        r"\s*(?:;|(?:,\s*)?\b(?:and then|then|and|after that|afterwards)\b|,(?=\s*please\b))\s*",
        goal,
    )
    kept = [p.strip(" ,.;") for p in parts if p and len(p.strip(" ,.;")) > 1]
    return kept or [goal]
