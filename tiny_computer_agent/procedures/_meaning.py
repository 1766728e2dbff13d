"""Which procedure a goal in plain words asks for: by meaning, for a brain that embeds.

"give holiday.jpg the name beach.jpg" is matched by pattern (:mod:`._match`); "the file
draft.txt should be called final.txt" by no pattern and by too few shared words. Here
the goal and every procedure's example goals and description are embedded (sentence
vectors: the intent brain's stock MiniLM); the procedure of the nearest text is chosen
when it is near enough (:data:`MIN_SIMILARITY`) and nearer than any other procedure's
by :data:`MIN_MARGIN` (both fitted on ``benchmarks/procedures/tuning.json``, scored on
``heldout.json`` by ``benchmarks/procedures_scoreboard.py``), no procedure being
considered whose texts do not say an act the goal names ("click 'Save'" is none's), and
the goal gives a value that fits its type for each of its required parameters
(:func:`values_in`). Otherwise no procedure is chosen and the brain decides one step at
a time.

The values, by the parameters' types (quoted values first, in order):

    path        a word from ``/`` or ``~`` ("/tmp/work/notes.txt")
    file name   a word with an extension ("report.txt"), in the order the goal says them
    label       a list ("Bold and Italic", "Email, SMS"), or pairs with texts
                ("Name with Ada and City with London": a form's fields)
    text        one: the words the procedure's own wording leaves ("add buy eggs as a
                new last line" -> "buy eggs"); two: split at a joining word ("colour
                for color", "recieve to receive")
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from ._format import Parameter, Procedure, placeholders
from ._match import _ACTS, Match, _fits

__all__ = ["MIN_MARGIN", "MIN_SIMILARITY", "Embed", "Meaning", "values_in"]

#: Embeds texts: ``[len(texts), dim]`` vectors (an array that supports ``@`` and ``.T``).
Embed = Callable[[Sequence[str]], Any]

#: The least cosine between the goal and a procedure's nearest text for it to be chosen.
MIN_SIMILARITY: Final = 0.30
#: How much nearer than the next procedure's nearest text the chosen one must be.
MIN_MARGIN: Final = 0.0
#: What an example's placeholder reads as when it is embedded, by type.
_SAMPLE: Final = {"path": "/home/me/notes.txt", "file name": "notes.txt", "text": "words",
                  "label": "Name"}  # fmt: skip
_QUOTED: Final = re.compile(r"'([^']*)'|\"([^\"]*)\"")
_PATH: Final = re.compile(r"(?<![\w/])~?/[\w.~+-]+(?:/[\w.~+-]*)*")
_FILE: Final = re.compile(r"(?<![\w/.~-])[\w][\w()-]*(?:\.[\w-]+)*\.[A-Za-z0-9]{1,8}(?![\w/])")
_WORD: Final = re.compile(r"[\w'’-]+|[,:;=?!.]")
#: Words that join two values ("colour for color", "Name with Ada").
_JOIN: Final = ("with", "for", "to", "into", "by", "=")
#: Words after which a value comes, up to a word that ends it ("a line saying see you soon").
_CUE: Final = frozenset(("saying", "reading", "says", "reads", "called", "named"))
#: Words that end a value ("... at the end", "... and save", "..., then save").
_END: Final = frozenset(("and", "then", "at", "in", "on", "everywhere", "throughout", ",", ";",
                         ".", "!", "?", "as", "to", "into", "from", "onto"))  # fmt: skip
#: Words of how a goal asks, not of what it gives (fitted on the tuning goals).
_FRAME: Final = frozenset(
    ("a", "an", "the", "this", "that", "it", "its", "my", "our", "your", "of", "please", "now",
     "every", "each", "all", "whole", "any", "both", "one", "more", "new", "last", "final",
     "line", "lines", "word", "words", "text", "document", "file", "page", "bottom", "end",
     "top", "saying", "reading", "says", "say", "reads", "that", "where", "wherever", "for",
     "with", "to", "and", "save", "saved", "then", "put", "add", "append", "write", "find",
     "look", "search", "up", "mention", "mentions", "does", "talks", "about", "is", "are",
     "make", "replace", "change", "swap", "switch", "trade", "substitute", "correct", "fix",
     "occurrence", "occurrences", "occurence", "tick", "check", "boxes", "box", "fill",
     "in", "form", "field", "fields", "click", "press", "spelling", ":", ",", "?", ".")
)  # fmt: skip


@dataclasses.dataclass(kw_only=True, slots=True)
class Meaning:
    """Chooses a procedure for a goal by meaning (see the module's docstring); the
    texts' vectors are read once, through ``embed``."""

    embed: Embed
    procedures: Sequence[Procedure]
    min_similarity: float = MIN_SIMILARITY
    min_margin: float = MIN_MARGIN
    _texts: list[tuple[Procedure, str, str]] = dataclasses.field(default_factory=list, init=False)
    _vectors: Any = dataclasses.field(default=None, init=False)

    def ranked(self, goal: str) -> list[tuple[float, Procedure, str]]:
        """Each procedure's nearest text to ``goal`` (as written: an example with its
        placeholders, or the description) and its cosine, nearest first. The goal is
        read as each procedure would take it: its file names, paths and quoted values
        read as samples, as the examples' placeholders are ("the file draft.txt should
        be called final.txt" is "... notes.txt ... notes.txt" to rename-file). A
        procedure none of whose texts says an act the goal names (:data:`._match._ACTS`:
        click, type...) is left out."""
        if self._vectors is None:
            self._texts = [(p, t, said) for p in self.procedures for t, said in _texts(p)]
            self._vectors = _unit(self.embed([t for _, t, _ in self._texts]))
        if not self._texts:
            return []
        acts = {w.lower() for w in _WORD.findall(goal)} & _ACTS
        masked = {p.name: _masked(goal, p) for p in self.procedures}
        said = list(dict.fromkeys(masked.values()))
        goals = dict(zip(said, _unit(self.embed(said)), strict=True))
        best: dict[str, tuple[float, Procedure, str]] = {}
        for (procedure, _, text), vector in zip(self._texts, self._vectors, strict=True):
            if acts - self._said(procedure):
                continue  # "click 'Save'" is no procedure's: none of them says click
            cos = float(vector @ goals[masked[procedure.name]])
            if procedure.name not in best or cos > best[procedure.name][0]:
                best[procedure.name] = (cos, procedure, text)
        return sorted(best.values(), key=lambda r: -r[0])

    def _said(self, procedure: Procedure) -> set[str]:
        """The words of ``procedure``'s examples and description, lower-cased."""
        texts = [written for p, _, written in self._texts if p is procedure]
        return {w.lower() for text in texts for w in _WORD.findall(text)}

    def choose(self, goal: str) -> tuple[Match | None, str]:
        """The procedure ``goal`` asks for with its values (None when none fits well
        enough or a required value is missing), and why, in words."""
        ranked = self.ranked(goal)
        if not ranked:
            return None, "no procedure's examples say every act the goal says"
        cos, procedure, text = ranked[0]
        margin = cos - (ranked[1][0] if len(ranked) > 1 else 0.0)
        said = f"{procedure.name!r} ({text!r}, {cos:.2f}, {margin:.2f} ahead)"
        if cos < self.min_similarity or margin < self.min_margin:
            why = f"nearest {said}: under {self.min_similarity:.2f} or {self.min_margin:.2f} ahead"
            return None, why
        values = values_in(goal, procedure)
        if values is None:
            return None, f"nearest {said}, but the goal gives no value for its parameters"
        match = Match(procedure=procedure, values=values, how="meaning", example=text, score=cos)
        return match, f"by meaning: {said}"


def _texts(procedure: Procedure) -> list[tuple[str, str]]:
    """What a procedure is compared by, and as written: its examples (placeholders read
    as samples of their type) and its description's first sentence."""
    out = {
        re.sub(r"\{(\w+)\}", lambda m: _SAMPLE[procedure.parameter(m[1]).type], e): e
        for e in procedure.examples
    }
    first = procedure.description.split(":")[0].split(". ")[0]
    return [*out.items(), (first, first)]


def _masked(goal: str, procedure: Procedure) -> str:
    """``goal`` with the values it gives ``procedure`` that have a shape of their own
    (quoted, a file name, a path) read as samples of their type; a value in plain
    words stays (masking it would make any goal look like any procedure)."""
    found = values_in(goal, procedure, partial=True) or {}
    for name, value in found.items():
        kind = procedure.parameter(name).type
        quoted = re.compile(r"(['\"])" + re.escape(value) + r"\1")
        if quoted.search(goal):
            goal = quoted.sub(_SAMPLE[kind], goal, count=1)
        elif kind in ("file name", "path"):
            goal = re.sub(
                r"(?<![\w/~])" + re.escape(value) + r"(?!\w)", _SAMPLE[kind], goal, count=1
            )
    return goal


def _unit(vectors: Any) -> Any:
    norms = (vectors * vectors).sum(axis=-1, keepdims=True) ** 0.5
    return vectors / (norms + 1e-12)


def values_in(goal: str, procedure: Procedure, *, partial: bool = False) -> dict[str, str] | None:
    """The values ``goal`` gives ``procedure``'s parameters (see the module's docstring),
    or None when a required one gets none (``partial``: those it gives)."""
    wanted = _wanted(procedure)
    quoted = [a if a is not None else b for a, b in _QUOTED.findall(goal)]
    if quoted:
        found = dict(zip((p.name for p in wanted), quoted, strict=False))
    else:
        found = _unquoted(goal, wanted)
    found = {k: v.strip() for k, v in found.items() if v and v.strip()}
    missing = [p.name for p in wanted if p.required and p.name not in found]
    if partial:
        return found
    if missing or len(quoted) > len(wanted) or not _fits(found, procedure):
        return None
    return found


def _wanted(procedure: Procedure) -> list[Parameter]:
    """The parameters a goal gives values to: those some step uses, in their order."""
    used = {name for step in procedure.steps for name in step.uses()}
    named = {n for e in procedure.examples for n in placeholders(e)}
    return [p for p in procedure.parameters if p.name in used and p.name in named]


def _unquoted(goal: str, wanted: Sequence[Parameter]) -> dict[str, str]:
    kinds = [p.type for p in wanted]
    names = [p.name for p in wanted]
    if set(kinds) == {"path"}:
        return dict(zip(names, _PATH.findall(goal), strict=False))
    if set(kinds) == {"file name"}:
        files = [f for f in _FILE.findall(_PATH.sub(" ", goal)) if not f[0].isdigit()]
        return dict(zip(names, _ordered(goal, files), strict=False))
    words = _WORD.findall(goal)
    if kinds and kinds[0] == "label" and "text" in kinds:
        return _pairs(words, names)
    if set(kinds) == {"label"}:
        return _listed(words, names)
    if kinds == ["text"]:
        return dict(zip(names, [_run(words)], strict=False))
    if kinds == ["text", "text"]:
        return dict(zip(names, _joined(words), strict=False))
    return {}


def _ordered(goal: str, files: list[str]) -> list[str]:
    """Two file names as (now, new): "... from X" names the one it is now."""
    if len(files) == 2 and re.search(r"\bfrom\s+" + re.escape(files[1]), goal):
        return [files[1], files[0]]
    return [f.removesuffix("'s").removesuffix("’s") for f in files]


def _runs(words: Sequence[str]) -> list[list[str]]:
    """The runs of words that are not the goal's frame ("call mum", "colour")."""
    runs: list[list[str]] = [[]]
    for word in words:
        if word.lower() in _FRAME or word.lower() in _END:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(word)
    return [r for r in runs if r]


def _run(words: Sequence[str]) -> str:
    """One value: what follows a word that announces it ("saying", "reading") up to a
    word that ends it; else the longest run of words that are not the frame."""
    low = [w.lower() for w in words]
    for i, word in enumerate(low):
        if word in _CUE:
            after = list(itertools.takewhile(lambda w: w.lower() not in _END, words[i + 1 :]))
            if after:
                return " ".join(after)
    runs: list[list[str]] = _runs(words)
    longest: list[str] = max(runs, key=len) if runs else []
    return " ".join(longest)


def _joined(words: Sequence[str]) -> list[str]:
    """Two values either side of a joining word: the run right before it, and what
    follows it up to a word that ends a value ("teh with the everywhere" -> teh, the)."""
    low = [w.lower() for w in words]
    for i, word in enumerate(low):
        if word not in _JOIN or i == 0 or low[i - 1] in _FRAME or low[i - 1] in _END:
            continue
        before = _runs(words[:i])
        after: list[str] = []
        for w in words[i + 1 :]:
            if w.lower() in _END and after:
                break
            if w.lower() not in _END:
                after.append(w)
        if before and after:
            return [" ".join(before[-1]), " ".join(after)]
    return []


def _listed(words: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """A list ("Bold and Italic", "Monday, Tuesday and Friday") as the first labels."""
    items = [" ".join(r) for r in _runs(words)]
    items = [i for i in items if i.lower() not in ("button",)]
    labels = [n for n in names if n.startswith("item")] or list(names)
    return dict(zip(labels, items, strict=False)) if len(items) >= 2 else {}


def _pairs(words: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """Pairs ("Name with Ada and City with London") as field, value, field, value..."""
    text = " ".join(words)
    text = re.sub(r"^.*?\b(?:fill|set)\b(?:\s+(?:in|out))?(?:\s+the\s+form)?\s*:?\s*", "", text)
    out: list[str] = []
    for part in re.split(r"\s*,\s*|\s+and\s+", text):
        m = re.match(r"^(?:the\s+)?(.+?)\s*(?:\bwith\b|=|\bto\b|:)\s*(.+)$", part)
        if m:
            out += [m[1], m[2]]
    pairs = [n for n in names if n != "button"]
    return dict(zip(pairs, out, strict=False))
