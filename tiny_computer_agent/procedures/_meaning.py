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
import re
from collections.abc import Callable, Iterable, Sequence, Set
from typing import Any, Final

from ._format import Parameter, Procedure, placeholders
from ._match import _ACTS, _STOP, Match, _fits

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
#: A file name: a word with an extension, not part of a path or of an address
#: ("ada@x.org" names no file).
_FILE: Final = re.compile(r"(?<![\w/.~@-])[\w][\w()-]*(?:\.[\w-]+)*\.[A-Za-z0-9]{1,8}(?![\w/@])")
_WORD: Final = re.compile(r"[\w'’-]+|[,:;=?!.]")
#: The joining words of a field and its value: "Name with Ada", "set Colour to Blue",
#: "Name: Ada"; and of a value and its field: "Ada as the name", "Blue from Colour".
_FIELD_FIRST: Final = ("with", "=", ":", "to", "is")
_VALUE_FIRST: Final = ("as", "in", "into", "for", "from")
#: Words that say what kind a control is, not its label ("the email box").
_KINDS: Final = frozenset(("box", "field", "drop-down", "dropdown", "list", "menu", "button",
                           "entry", "combo", "checkbox", "checkboxes", "boxes"))  # fmt: skip
#: Words after which an act is one a goal ends with, not one it leads with ("... and save").
_JOINED: Final = frozenset(("and", "then"))
_PUNCTUATION: Final = frozenset(",:;=?!.")
#: Words that say a click; the words after one name what is clicked ("then hit OK").
_CLICKS: Final = frozenset(("click", "press", "hit", "push", "tap"))
#: Acts that are another act's: pressing a button is clicking it.
_SAME_ACT: Final = {"press": "click"}
#: Words that may sit inside a value in plain words ("feed the cat").
_ARTICLES: Final = frozenset(("the", "a", "an"))
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
     "in", "form", "field", "fields", "click", "press", "spelling", ":", ",", "?", ".",
     "enter", "pick", "choose", "select", "set", "use", "mark", "hit", "also", "too", "well")
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
        acts, leads = _acts(goal), _acts(goal, leading=True)
        led = {p.name: self._leads(p) for p in self.procedures} if leads else {}
        masked = {p.name: _masked(goal, p, self._said(p)) for p in self.procedures}
        saying = {p.name for p in self.procedures if says_act(goal, p)}
        said = list(dict.fromkeys(masked.values()))
        goals = dict(zip(said, _unit(self.embed(said)), strict=True))
        best: dict[str, tuple[float, Procedure, str]] = {}
        for (procedure, _, text), vector in zip(self._texts, self._vectors, strict=True):
            if acts - {_SAME_ACT.get(w, w) for w in self._said(procedure)}:
                continue  # "click 'Save'" is no procedure's: none of them says click
            if procedure.name not in saying:
                continue  # "trash junk.log" is not save-as's, whatever its file name
            if leads and not leads & led[procedure.name]:
                continue  # "save the changes": append-line only ends "... and save"
            cos = float(vector @ goals[masked[procedure.name]])
            if procedure.name not in best or cos > best[procedure.name][0]:
                best[procedure.name] = (cos, procedure, text)
        return sorted(best.values(), key=lambda r: -r[0])

    def _leads(self, procedure: Procedure) -> set[str]:
        """The acts ``procedure``'s texts lead with (:func:`_acts`, ``leading``)."""
        return {a for p, _, written in self._texts if p is procedure for a in _acts(written, True)}

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
        skip = _passed_over(goal, ranked)
        passed, ranked = [p.name for _, p, _ in ranked[:skip]], ranked[skip:]
        cos, procedure, text = ranked[0]
        margin = cos - (ranked[1][0] if len(ranked) > 1 else 0.0)
        said = f"{procedure.name!r} ({text!r}, {cos:.2f}, {margin:.2f} ahead)"
        if passed:
            said += f", past {', '.join(map(repr, passed))} (the goal gives no value for it)"
        if cos < self.min_similarity or margin < self.min_margin:
            why = f"nearest {said}: under {self.min_similarity:.2f} or {self.min_margin:.2f} ahead"
            return None, why
        values = values_in(goal, procedure)
        if values is None:
            return None, f"nearest {said}, but the goal gives no value for its parameters"
        match = Match(procedure=procedure, values=values, how="meaning", example=text, score=cos)
        return match, f"by meaning: {said}"


def _passed_over(goal: str, ranked: Sequence[tuple[float, Procedure, str]]) -> int:
    """How many of the nearest procedures are passed over: those the goal gives no
    value, when the nearest one it does give values gets them in a shape of their own
    (:func:`_shaped`). "turn every cat into dog and save it" is a little nearer
    ``save-as``, whose file name it does not say, than ``find-and-replace``, whose two
    texts it joins with "into". A value read only as words left over ("save my work":
    "work") passes nothing over."""
    for at, (_, procedure, _) in enumerate(ranked):
        values = values_in(goal, procedure)
        if values is not None:
            return at if at and _shaped(procedure, values) else 0
    return 0


def _shaped(procedure: Procedure, values: dict[str, str]) -> bool:
    """Whether ``values`` have a shape of their own: each a file name with its extension
    or a path; or two texts (either side of a joining word, or quoted). A quoted word
    alone is not one ("open 'Settings'" names no file to save as)."""
    kinds = [procedure.parameter(name).type for name in values]
    if kinds == ["text", "text"] or any(f in values and v in values for f, v in _roles(procedure)):
        return True  # two texts, or a field and its value ("the Title to Dr"), joined
    pairs = zip(kinds, values.values(), strict=True)
    return bool(values) and all(
        k == "path" or (k == "file name" and _FILE.fullmatch(v)) for k, v in pairs
    )


def says_act(goal: str, procedure: Procedure) -> bool:
    """Whether ``goal`` says one of ``procedure``'s acts (its ``acts`` words, an ending
    aside: "stored" says "store", "renaming" "rename"); True for a procedure that names
    none. Matched by meaning, a goal must: the nearest examples share its file name or
    its nouns ("show the properties of photo.png" is near "save this as notes.txt"),
    not its act (issue 35's new-user trials, and 25 of 70 goals by a writer who asked
    for no procedure, chose one without this)."""
    if not procedure.acts:
        return True
    said = {w.lower() for w in _WORD.findall(goal)}
    return any(said & _forms(act) for act in procedure.acts)


def _forms(act: str) -> set[str]:
    """``act`` and its inflected forms: "store", "stores", "stored", "storing";
    "swap", "swapped", "swapping"; "copy", "copies", "copied"."""
    stems = {act, act.removesuffix("e")}
    if act.endswith("y"):
        stems.add(act[:-1] + "i")
    if len(act) > 2 and act[-1] not in "aeiouwxy" and act[-2] in "aeiou":
        stems.add(act + act[-1])  # swap → swapp(ed); harmless where it does not double
    return {act} | {s + e for s in stems for e in ("s", "es", "ed", "d", "ing")}


def _acts(goal: str, leading: bool = False) -> set[str]:
    """The acts ``goal`` names (:data:`._match._ACTS`), pressing a button read as
    clicking it; the word a click names is what is clicked ("click Save" names no
    saving). ``leading``: only those it leads with, not one it ends with after "and" or
    "then" ("add a line ... and save" leads with no act of these; "save the changes"
    with saving). A goal that leads with an act is no procedure's that only ends with it:
    a dialog's "save the changes before closing" is not append-line's "... and save"."""
    words = [w.lower() for w in _WORD.findall(goal)]
    said = [w for w in words if w not in _PUNCTUATION]
    return {
        _SAME_ACT.get(w, w)
        for i, w in enumerate(said)
        if w in _ACTS
        and not (i and said[i - 1] in _CLICKS)
        and not (leading and i and said[i - 1] in _JOINED)
    }


def _texts(procedure: Procedure) -> list[tuple[str, str]]:
    """What a procedure is compared by, and as written: its examples (placeholders read
    as samples of their type) and its description's first sentence."""
    out = {
        re.sub(r"\{(\w+)\}", lambda m: _SAMPLE[procedure.parameter(m[1]).type], e): e
        for e in procedure.examples
    }
    first = procedure.description.split(":")[0].split(". ")[0]
    return [*out.items(), (first, first)]


def _masked(goal: str, procedure: Procedure, said: Set[str] = frozenset()) -> str:
    """``goal`` with the values it gives ``procedure`` that have a shape of their own
    (quoted, a file name, a path) read as samples of their type; and those read by
    their place among labels (a list, a field and its value, the button a click
    names) when the rest of the goal shares a word with the procedure's texts
    (``said``; a click said as "press" or "hit" too): "put Ada in the name box and
    ada@x.org in the email box, then hit OK" is "put words in the Name box and words
    in the Name box, then hit Name" to ``fill-form``, whose examples click. Else a
    value in plain words stays: masked, what is left of any goal ("change the font
    size to 14") looks like any procedure of labels."""
    found = values_in(goal, procedure, partial=True) or {}
    labelled = any(p.type == "label" for p in _wanted(procedure)) and _kin(
        goal, found.values(), said
    )
    for name, value in found.items():
        kind = procedure.parameter(name).type
        quoted = re.compile(r"(['\"])" + re.escape(value) + r"\1")
        if quoted.search(goal):
            goal = quoted.sub(_SAMPLE[kind], goal, count=1)
        elif kind in ("file name", "path") or labelled:
            goal = re.sub(
                r"(?<![\w/~@])" + re.escape(value) + r"(?![\w@])", _SAMPLE[kind], goal, count=1
            )
    return goal


def _kin(goal: str, values: Iterable[str], said: Set[str]) -> bool:
    """Whether ``goal``, its ``values`` aside, says a word of ``said`` other than a stop
    word (plurals, clicks and kinds of control read as one: "boxes" is "box", "hit" is
    "click", "box" is "field")."""
    rest = goal
    for value in values:
        rest = rest.replace(value, " ")
    return bool(_stems(_WORD.findall(rest)) & _stems(said))


def _stems(words: Iterable[str]) -> set[str]:
    out = set()
    for word in words:
        w = word.lower().removesuffix("'s").removesuffix("’s")
        w = "click" if w in _CLICKS else w.removesuffix("es" if w.endswith("xes") else "s")
        w = "field" if w in _KINDS else w
        if w not in _STOP and len(w) > 1:
            out.add(w)
    return out


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
        found = _unquoted(goal, wanted, procedure)
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


def _unquoted(goal: str, wanted: Sequence[Parameter], procedure: Procedure) -> dict[str, str]:
    kinds = [p.type for p in wanted]
    names = [p.name for p in wanted]
    if set(kinds) == {"path"}:
        return dict(zip(names, _PATH.findall(goal), strict=False))
    if set(kinds) == {"file name"}:
        files = [f for f in _FILE.findall(_PATH.sub(" ", goal)) if not f[0].isdigit()]
        return dict(zip(names, _ordered(goal, files), strict=False))
    if "label" in kinds and set(kinds) <= {"label", "text"}:
        return _labelled(goal, procedure, names)
    words = _WORD.findall(goal)
    if kinds == ["text"]:
        acts = frozenset(f for act in procedure.acts for f in _forms(act))
        return dict(zip(names, [_run(words, acts)], strict=False))
    if kinds == ["text", "text"]:
        return dict(zip(names, _joined(words), strict=False))
    return {}


def _ordered(goal: str, files: list[str]) -> list[str]:
    """Two file names as (now, new): "... from X" names the one it is now."""
    if len(files) == 2 and re.search(r"\bfrom\s+" + re.escape(files[1]), goal):
        return [files[1], files[0]]
    return [f.removesuffix("'s").removesuffix("’s") for f in files]


def _runs(words: Sequence[str], *, articles: bool = False) -> list[list[str]]:
    """The runs of words that are not the goal's frame ("call mum", "colour"); with
    ``articles``, an article between two of a run's words stays in it ("feed the
    cat")."""
    runs: list[list[str]] = [[]]
    for i, word in enumerate(words):
        after = words[i + 1].lower() if i + 1 < len(words) else "."
        inner = articles and runs[-1] and word.lower() in _ARTICLES and not _framing(after)
        if _framing(word.lower()) and not inner:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(word)
    return [r for r in runs if r]


def _framing(word: str) -> bool:
    return word in _FRAME or word in _END


def _run(words: Sequence[str], acts: Set[str] = frozenset()) -> str:
    """One value: what follows a word that announces it ("saying", "reading") up to a
    word that ends it; else the run right after the procedure's act (``acts``: its
    forms), when a word of the value follows the act at once ("could you add bread to
    my list": bread, not "could you"); else the longest run of words that are not the
    frame."""
    low = [w.lower() for w in words]
    for i, word in enumerate(low):
        if word in _CUE:
            after = _until_end(words[i + 1 :])
            if after:
                return " ".join(after)
    at = next((i for i, w in enumerate(low) if w in acts), None)
    if at is not None and at + 1 < len(low) and not _framing(low[at + 1]):
        first = _runs(words[at + 1 :], articles=True)
        if first:
            return " ".join(first[0])
    runs: list[list[str]] = _runs(words, articles=True)
    longest: list[str] = max(runs, key=len) if runs else []
    return " ".join(longest)


#: Words of _END that end a value only before a place ("at the end", "on a new line"),
#: not before a word of the value's own ("call Sam on Friday", "remember to call mum").
_PLACE_WORDS: Final = frozenset(("at", "in", "on", "to", "into", "from", "onto", "as"))


def _until_end(words: Sequence[str]) -> list[str]:
    """The words up to the first that ends a value (:data:`_END`); a word of place ends
    it only when the frame follows it."""
    out: list[str] = []
    for i, word in enumerate(words):
        low = word.lower()
        after = words[i + 1].lower() if i + 1 < len(words) else "."
        if low in _END and (low not in _PLACE_WORDS or _framing(after)):
            break
        out.append(word)
    return out


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


def _labelled(goal: str, procedure: Procedure, names: Sequence[str]) -> dict[str, str]:
    """Labels, with texts or not: the button a click at the end names ("..., then hit
    OK"), then pairs when the examples pair two parameters with a joining word
    (:func:`_roles`: a form's "{field1}={value1}", a drop-down's "{option} from
    {control}"), else a list ("Bold and Italic")."""
    found: dict[str, str] = {}
    clicked = [n for n in _clicked(procedure) if n in names]
    m = re.search(r"\b(?:" + "|".join(_CLICKS) + r")\s+(?:on\s+)?(.+?)\s*[.!]?$", goal, re.I)
    if clicked and m:
        button = [w for w in m[1].split() if w.lower() not in ("the", "a", "an", *_KINDS)]
        if 1 <= len(button) <= 3:
            found[clicked[0]], goal = " ".join(button), goal[: m.start()]
    rest = [n for n in names if n not in found]
    roles = [(f, v) for f, v in _roles(procedure) if f in rest and v in rest]
    if roles:
        return found | _paired(goal, roles)
    return found | _listed(_WORD.findall(goal), rest)


def _clicked(procedure: Procedure) -> list[str]:
    """The parameters the examples click ("... and click {button}")."""
    return [m for e in procedure.examples for m in re.findall(r"\bclick\s+\{(\w+)\}", e)]


def _roles(procedure: Procedure) -> list[tuple[str, str]]:
    """The pairs of parameters (field, value) the examples join: "{field1}={value1}" and
    "set the {control} drop-down to {option}" name the field first (:data:`_FIELD_FIRST`),
    "choose {option} from {control}" the value (:data:`_VALUE_FIRST`)."""
    roles: dict[tuple[str, str], None] = {}
    for example in procedure.examples:
        for a, between, b in re.findall(r"(?=\{(\w+)\}([^{}]*)\{(\w+)\})", example):
            joiner = ([w.lower() for w in _WORD.findall(between)] or [""])[-1]
            if joiner in _FIELD_FIRST:
                roles[(a, b)] = None
            elif joiner in _VALUE_FIRST:
                roles[(b, a)] = None
    return list(roles)


def _paired(goal: str, roles: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Pairs, one a clause ("put Ada in the name box and ada@x.org in the email box",
    "Name with Ada, City with London"), given to ``roles`` in order; none when there are
    more pairs than roles (a form's two fields are not one drop-down's)."""
    clauses = re.split(r"\s*[,;]\s+|\s*[,;]$|\s+(?:and|then)\s+", goal.strip().rstrip(".!?"))
    pairs = [p for i, c in enumerate(clauses) if (p := _pair(c, first=i == 0)) is not None]
    out: dict[str, str] = {}
    if len(pairs) > len(roles):
        return out
    for (field, value), (f, v) in zip(pairs, roles, strict=False):
        out[f], out[v] = field, value
    return out


def _pair(clause: str, *, first: bool) -> tuple[str, str] | None:
    """A field and its value, either side of the clause's first joining word with a
    word before it that is not how the goal asks: "the name is Ada", "set Colour to
    Blue" (field first); "Ada as the name", "ada@x.org in the email box" (value first).
    A field is said without its kind ("the colour drop-down" is "colour"). None when
    that word is the goal's first ("go to the next page", "sign in as guest": how it
    asks, unless written ``Name=Ada`` or ``Name: Ada``) or what a click names ("press
    tab to go to the next field")."""
    words = re.sub(r"(=|:(?=\s|$))", r" \1 ", clause).split()
    for i, word in enumerate(w.lower() for w in words):
        if word not in _FIELD_FIRST and word not in _VALUE_FIRST:
            continue
        j = i
        while j and words[j - 1].lower() not in _FRAME and words[j - 1].lower() not in _END:
            j -= 1
        before = [w for w in words[j:i] if w.lower() not in _KINDS]
        if not before:
            continue
        if (first and j == 0 and word not in ("=", ":")) or (j and words[j - 1].lower() in _CLICKS):
            return None
        after = [w for w in words[i + 1 :] if w.lower() not in _KINDS]
        if word in _VALUE_FIRST:
            field = [w for w in after if w.lower() not in _FRAME]
            return (" ".join(field), " ".join(before)) if field else None
        if after[1:] and after[0].lower() in ("the", "a", "an"):
            after = after[1:]
        return (" ".join(before), " ".join(after)) if after else None
    return None


def _listed(words: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """A list ("Bold and Italic", "Monday, Tuesday and Friday") as the first labels:
    the longest run of two items or more with only a comma or "and" between them
    ("show the hidden files" is no list)."""
    lists: list[list[str]] = [[]]
    item: list[str] = []
    for word in [*words, "."]:
        low = word.lower()
        if low in (",", "and", "&") or low in _FRAME or low in _END or low in _KINDS:
            if item:
                lists[-1].append(" ".join(item))
                item = []
            if low not in (",", "and", "&") and lists[-1]:
                lists.append([])
        else:
            item.append(word)
    items = max(lists, key=len)
    labels = [n for n in names if n.startswith("item")] or list(names)
    return dict(zip(labels, items, strict=False)) if len(items) >= 2 else {}
