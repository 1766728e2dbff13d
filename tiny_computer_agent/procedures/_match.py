"""Which procedure a goal asks for, and the values it gives.

Two ways, tried in order:

* **as written**: an example read as a pattern ("save as {name}" takes "save as
  'report.txt'" and "save as report.txt"); a ``text`` parameter is quoted or runs to
  the next fixed word, a ``file name`` or ``label`` is quoted or one word, a ``path``
  the same, starting with ``/`` or ``~`` (so "open {path}" never takes "open the
  File menu");
* **in other words**: a goal none of the patterns takes is compared, word by word, with
  every example (stop words and the values left out); the best example over
  :data:`MIN_OVERLAP` wins when the goal's values fill its parameters by type (a
  quoted value fills any, a word that looks like a file name, ``groceries.txt``, fills a
  file name), every parameter the example names gets one, nothing quoted is left
  over, the goal and the example name the same acts (:data:`_ACTS`: click,
  tick...), and the goal's values sit where the example's do among the words both say
  (:func:`_order`). "keep the list as groceries.txt" is "keep this as {name}"; "tick 'a'
  and click 'OK'" is no procedure's, and neither is "click '1' then click '2' then click
  '+'" (tick-boxes' "tick {item1}, {item2}... and click {button}" ticks), nor "swap 'a
  b' for 'c d' and save" (its values before "save", not after it as in "save
  {document} as {name}").

A goal whose values do not fit (a file name with a folder in it, a path that does not
start with ``/`` or ``~``, an empty text) is not a match; the planner gets it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Final

from ._format import Procedure, placeholders

__all__ = ["MIN_OVERLAP", "Match", "match_goal"]

#: The share of words a goal and an example must have in common (of all the words
#: either has, values and stop words aside) for a match in other words.
MIN_OVERLAP: Final = 0.5
_STOP: Final = frozenset(
    ("a", "an", "the", "this", "that", "it", "its", "my", "our", "your", "to", "of", "on",
     "in", "into", "at", "as", "for", "and", "with", "please", "then", "now")
)  # fmt: skip
_QUOTED: Final = re.compile(r"'([^']*)'|\"([^\"]*)\"")
_FILE_WORD: Final = re.compile(r"^[\w][\w.()-]*\.[A-Za-z0-9]{1,8}$")
_WORD: Final = re.compile(r"[A-Za-z0-9]+(?:'[a-z]+)?")
_VALUE: Final = {
    "text": r"'(?P<{g}q>[^']*)'|\"(?P<{g}d>[^\"]*)\"|(?P<{g}w>.+?)",
    "file name": r"'(?P<{g}q>[^']*)'|\"(?P<{g}d>[^\"]*)\"|(?P<{g}w>[^\s'\"]*[^\s'\".,;:!?])",
    "label": r"'(?P<{g}q>[^']*)'|\"(?P<{g}d>[^\"]*)\"|(?P<{g}w>[^\s'\"]*[^\s'\".,;:!?])",
    "path": r"'(?P<{g}q>[/~][^']*)'|\"(?P<{g}d>[/~][^\"]*)\"|(?P<{g}w>[/~][^\s'\"]*[^\s'\".,;:!?])",
}
_MAX_VALUE: Final = 200
#: Words that lead up to a text value in a goal rather than belong to it: "add a line
#: saying call the dentist", "… that reads pay rent", "… with the words feed the cat".
_TEXT_CUE: Final = re.compile(
    r"(?i)^(?:(?:that|which)\s+(?:says|reads|goes)|saying|reading|called|named"
    r"|with\s+the\s+(?:words?|text))\s*:?\s+(?=\S)"
)
#: Words that name an act of their own: a goal in other words and its example must say
#: the same ones ("tick 'a' and click 'OK'" is not "tick {item1}, {item2}", and "click
#: '1' then click '2'" is not "tick {item1}, {item2} and click {button}").
_ACTS: Final = frozenset(
    ("click", "type", "press", "tick", "untick", "check", "uncheck", "select", "choose",
     "scroll", "drag", "open", "close", "save", "rename", "replace", "fill")
)  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Match:
    """A procedure, the values the goal gives its parameters, how it was matched
    (``pattern`` or ``words``), the example, and the share of words in common."""

    procedure: Procedure
    values: Mapping[str, str]
    how: str
    example: str
    score: float = 1.0


def match_goal(goal: str, procedures: Sequence[Procedure]) -> Match | None:
    """The procedure ``goal`` asks for, or None (see the module's docstring)."""
    text = goal.strip()
    for procedure in procedures:
        for example in procedure.examples:
            values = _as_written(text, example, procedure)
            if values is not None:
                return Match(procedure=procedure, values=values, how="pattern", example=example)
    return _in_other_words(text, procedures)


def _pattern(example: str, procedure: Procedure) -> re.Pattern[str]:
    out, at = [], 0
    for i, m in enumerate(re.finditer(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", example)):
        out.append(_fixed(example[at : m.start()]))
        kind = procedure.parameter(m[1]).type
        out.append("(?:" + _VALUE[kind].format(g=f"p{i}_") + ")")
        at = m.end()
    out.append(_fixed(example[at:]))
    return re.compile(r"^\s*(?:please\s+)?" + "".join(out) + r"\s*[.!]?\s*$", re.I)


def _fixed(words: str) -> str:
    """Fixed words of an example: any run of spaces between them, and "the" optional."""
    parts = [re.escape(w) for w in words.split()]
    body = r"\s+".join(parts)
    lead = r"\s+" if words[:1].isspace() else ""
    tail = r"\s+" if words[-1:].isspace() else ""
    return lead + body + tail if body else (r"\s+" if words.strip() == "" and words else "")


def _as_written(goal: str, example: str, procedure: Procedure) -> dict[str, str] | None:
    m = _pattern(example, procedure).match(goal)
    if m is None:
        return None
    values = {}
    for i, name in enumerate(placeholders(example)):
        got = [m[f"p{i}_{k}"] for k in "qdw" if m[f"p{i}_{k}"] is not None]
        values[name] = got[0].strip() if got else ""
        if m[f"p{i}_w"] is not None and procedure.parameter(name).type == "text":
            values[name] = _TEXT_CUE.sub("", values[name])  # the words, not their cue
    return values if _fits(values, procedure) else None


def _fits(values: Mapping[str, str], procedure: Procedure) -> bool:
    """Whether every value suits its parameter: not empty, not too long, and a file
    name holds no folder and no control character."""
    for name, value in values.items():
        kind = procedure.parameter(name).type
        if not value or len(value) > _MAX_VALUE or not value.isprintable():
            return False
        if kind == "file name" and ("/" in value or "\\" in value or value in (".", "..")):
            return False
        if kind == "path" and not value.startswith(("/", "~")):
            return False
    return True


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _STOP


def _in_other_words(goal: str, procedures: Sequence[Procedure]) -> Match | None:
    quoted = [a if a is not None else b for a, b in _QUOTED.findall(goal)]
    bare = _QUOTED.sub(" ", goal)
    bare_goal = _QUOTED.sub(" {} ", goal)
    files = [w.strip(".,;:!?") for w in bare.split() if _FILE_WORD.match(w.strip(".,;:!?"))]
    words = _words(" ".join(w for w in bare.split() if w.strip(".,;:!?") not in files))
    best: Match | None = None
    for procedure in procedures:
        for example in procedure.examples:
            theirs = _words(re.sub(r"\{[^}]*\}", " ", example))
            if not theirs or not words or (words & _ACTS) != (theirs & _ACTS):
                continue
            score = len(words & theirs) / len(words | theirs)
            if score < MIN_OVERLAP or (best is not None and score <= best.score):
                continue
            shared = words & theirs
            if _order(bare_goal, shared, files) != _order(example, shared, ()):
                continue  # "swap 'a' for 'b' and save" is not "save {document} as {name}"
            values = _fill(placeholders(example), procedure, list(quoted), list(files))
            if values is not None and _fits(values, procedure):
                best = Match(
                    procedure=procedure,
                    values=values,
                    how="words",
                    example=example,
                    score=round(score, 3),
                )
    return best


def _order(text: str, shared: set[str], files: Sequence[str]) -> list[str]:
    """The words of ``text`` in ``shared`` and where its values sit (a placeholder, a
    quoted value read as ``{}``, a word of ``files``), in order, values side by side
    read as one: a goal in other words puts its values where its example does among
    the words both say."""
    out: list[str] = []
    for token in text.split():
        if token.startswith("{") or token.strip(".,;:!?") in files:
            if out[-1:] != ["{}"]:
                out.append("{}")
            continue
        out += [w.lower() for w in _WORD.findall(token) if w.lower() in shared]
    return out


def _fill(
    names: Sequence[str], procedure: Procedure, quoted: list[str], files: list[str]
) -> dict[str, str] | None:
    """The goal's values given to ``names`` in order, by type; None when one is left
    without a value (an optional one too: the example names it) or a quoted value is
    left over."""
    values: dict[str, str] = {}
    for name in names:
        kind = procedure.parameter(name).type
        if quoted:
            values[name] = quoted.pop(0)
        elif kind == "file name" and files:
            values[name] = files.pop(0)
        else:
            return None
    return None if quoted else values
