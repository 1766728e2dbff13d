"""Brains without weights: a rule-based planner, a first-item baseline, an oracle and
a scripted brain. Model brains live in :mod:`tiny_computer_agent.brains.models`.

Every brain answers ``decide(goal, menu, history) -> Decision`` and chooses only from
the menu; none of them ever produces a coordinate.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from .._actions import (
    MAX_BATCH,
    VERB_TABLE,
    Action,
    check_batch,
    is_text,
    printable,
)
from .._contracts import Decision, Step
from .._elements import Element, Window, match_score, normalize_label, without_shortcut
from .._errors import ActionError, BrainError, GoalUnreachable
from .._executors import held_text
from .._history import actions_done
from .._menu import Menu
from ._goals import (
    _CHOICE_AFTER,
    _FILLER_TAIL,
    _OPEN_TO_CHOOSE,
    _QUOTED_KIND,
    _TRUTH,
    MAX_GOAL_CHARS,
    _Intent,
    _intent,
    _parts,
    _phrases,
    _setting,
    _unquote,
    _window_scope,
)
from ._references import Unclear, refer

__all__ = ["PlannerBrain"]

#: Kinds a click goal means before plain text, and the ones it means last.
_CONTROL_BONUS: Final = 0.05
_PROSE_KINDS: Final = frozenset({"title", "text"})
#: Among equal labels of one kind, the one spelled exactly as the goal quotes it.
_LITERAL_BONUS: Final = 0.02
_NUMBER: Final = re.compile(r"\d+")
#: The kinds each verb prefers when labels tie: a field to type into, a box to tick.
_PREFERRED: Final = {
    "type": frozenset({"field"}),
    "open": frozenset({"field"}),  # a drop-down, not the label beside it
    "tick": frozenset({"check", "radio"}),
    "set": frozenset({"field", "check", "radio"}),
}


class _NoSuchWindow(GoalUnreachable):
    """The goal named a window that is not on screen: scrolling will not bring it."""


class _Disabled(GoalUnreachable):
    """The goal's target is on screen and disabled (the accessibility tree says so):
    clicking it does nothing, and scrolling will not find another."""


def _covered(menu: Menu, title: str | None) -> Window | None:
    """The window titled ``title`` when it is on screen but not the top-most one (what
    the goal wants in it may be hidden under another window), else None."""
    windows = menu.observation.windows
    want = normalize_label(title or "")
    named = [w for w in windows if want and want in normalize_label(w.title)]
    return named[0] if named and windows and named[0] is not windows[0] else None


def _kind_weight(e: Element, verb: str) -> float:
    """A small nudge among equal labels: the kind the verb wants first, known controls
    next, text of unknown kind, static text, then window titles (a goal's words
    repeated in a sentence or a title are not its button; of the two, text in a window
    may be a control drawn with no border, a title never is)."""
    if e.kind in _PREFERRED.get(verb, ()):
        return 2 * _CONTROL_BONUS
    if e.kind == "title":
        return -2 * _CONTROL_BONUS
    if e.kind in _PROSE_KINDS:
        return -_CONTROL_BONUS
    return _CONTROL_BONUS if e.kind else 0.0


def _spelled(text: str) -> str:
    """``text`` as written, marks kept, case and spaces not: normalised labels lose
    the marks, so xcalc's "1/x" key and its "1" key are both "1" until this tells
    them apart."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def _other_number(want: str, label: str, nth: bool = False) -> bool:
    """Whether the goal and the label both hold numbers, and not the same ones: "Row
    3" is not a looser "Row 33" (a seek that did not find row 33 had the planner click
    row 3 and call the goal done), nor "Page 2" a "Page 12". With ``nth`` (the goal
    said "the fourth Address field"), a label with no number is the first, no match."""
    wanted, have = _NUMBER.findall(want), _NUMBER.findall(label)
    if nth and wanted and not have:
        return True
    return bool(wanted and have) and wanted != have


#: "the second Address field": which of the fields one label names (see _field_names
#: in _shapes: "Address:", "Address: (2)", ...).
_ORDINAL: Final = re.compile(
    r"^(?P<nth>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+(?P<rest>.+)$", re.I
)
_NTH: Final = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def _core(phrase: str, exact: bool) -> str:
    """The label a goal's target phrase names: a quoted one as it is, else without a
    trailing kind word or purpose clause ("Save to keep my work" -> "Save"), and an
    ordinal before it read as the number after a repeated label ("second Address
    field" -> "Address (2)"; "first Address" -> "Address")."""
    if exact:
        return phrase
    if quoted := _QUOTED_KIND.match(phrase):  # an ordinal inside quotes is the label's
        return quoted["label"]
    core = _FILLER_TAIL.sub("", phrase)
    if not (nth := _ORDINAL.match(core)):
        return core
    word = nth["nth"].lower()
    n = _NTH.get(word) or int(word[0])
    rest, _ = _unquote(nth["rest"])
    return rest if n == 1 else f"{rest} ({n})"


def _others(targets: Sequence[str], i: int) -> list[str]:
    """The labels the goal's parts other than part ``i`` name."""
    return [t for j, t in enumerate(targets) if j != i]


def _targets(subgoals: Sequence[str]) -> list[str]:
    """The label each part of a goal names ("" for a part that names none)."""
    out = []
    for sub in subgoals:
        if opening := _OPEN_TO_CHOOSE.match(_window_scope(sub)[0]):
            out.append(_unquote(opening["y"])[0])
            continue
        if setting := _setting(_window_scope(sub)[0]):
            out.append(_unquote(setting[1])[0])
            continue
        if _CHOICE_AFTER.match(sub):
            out.append("")
            continue
        try:
            intent = _intent(_window_scope(sub)[0])
        except (ActionError, BrainError):  # that part says so on its own turn
            out.append("")
            continue
        out.append(_core(intent.target, intent.exact) if intent.target else "")
    return out


def _rank(
    phrase: str, exact: bool, menu: Menu, verb: str = "click", window: str | None = None
) -> list[tuple[float, int | None, Element]]:
    """Elements scored against the phrase, best first, with their menu number (None for
    one the capped menu left out: the planner searches the whole index)."""
    core = _core(phrase, exact)
    want = normalize_label(core)
    quoted = exact or _QUOTED_KIND.match(phrase) is not None
    nth = not quoted and _ORDINAL.match(_FILLER_TAIL.sub("", phrase)) is not None
    runs = [] if exact else _phrases(phrase)
    numbers = {e.id: n for n, e in enumerate(menu.entries, 1)}
    scored = []
    for e in _in_window(menu, window):
        if verb == "type" and e.kind in ("check", "radio"):
            continue  # text is never typed into a box that only ticks
        score = match_score(want, e.key)
        if 1.0 < score < 3.0 and _whole_words(want, e.label):
            score = 2.0 + (score - 1.0) / 2  # a word of the label beats part of a word
        if e.kind == "field" and e.value:  # a field also goes by its text (a placeholder)
            score = max(score, 0.95 * match_score(want, normalize_label(e.value)))
        if not exact:
            # a run of words from a longer goal counts a little less than the whole phrase,
            # and a longer run beats a shorter one ("don't save" beats "save")
            parts = ((match_score(r, e.key), n) for r, n in runs)
            score = max(score, max((m * 0.9 + 0.01 * n for m, n in parts if m > 0), default=0))
        if (exact and score < 1.0) or _other_number(core, e.label, nth):
            score = 0.0
        if e.kind == "title" and e.key != want:
            # "Save report" is the window, not a looser Save to click, quoted or not
            score = 0.0
        if score > 0:
            literal = _LITERAL_BONUS if _spelled(core) == _spelled(e.label) else 0.0
            scored.append((score + _kind_weight(e, verb) + literal, numbers.get(e.id), e))
    return sorted(scored, key=lambda s: (-s[0], s[1] is None, s[2].id))


def _whole_words(want: str, label: str) -> bool:
    """Whether normalised ``want`` is a run of whole words of ``label``: "Add" is a
    word of Tk's "Add   Ctrl+A" button, and only the start of the "Address:" beside it."""
    words = [k for w in label.split() if (k := normalize_label(w))]
    return any(
        "".join(words[i:j]) == want for i in range(len(words)) for j in range(i + 1, len(words) + 1)
    )


def _named_control(label: Element, elements: Sequence[Element]) -> Element | None:
    """The button or field a text ``label`` names as a form lays it out: the nearest on
    its row starting right of its middle, within 8 of its heights past its end, else
    the nearest right under it, starting near where it starts (a web page's drop-down
    shows its choice, "Lisbon", as a button; "City" beside it is the name the goal
    knows it by)."""
    x0, y0, x1, y1 = label.box
    h = max(1, y1 - y0)
    mid = (y0 + y1) / 2
    controls = [
        e
        for e in elements
        if e.kind in ("button", "field") and e.window == label.window and e is not label
    ]
    # OCR's box of a word runs a few pixels past its ink, even into the control's wall
    right = [
        e
        for e in controls
        if e.box[1] <= mid <= e.box[3] and (x0 + x1) / 2 <= e.box[0] <= x1 + 8 * h
    ]
    if right:
        return min(right, key=lambda e: e.box[0])
    below = [
        e for e in controls if y1 - 2 <= e.box[1] <= y1 + 1.5 * h and abs(e.box[0] - x0) <= 2 * h
    ]
    return min(below, key=lambda e: e.box[1]) if below else None


def _in_window(menu: Menu, title: str | None) -> tuple[Element, ...]:
    """The whole index, or the elements of the window titled ``title``; GoalUnreachable
    naming the windows on screen when none has that title."""
    obs = menu.observation
    if title is None:
        return obs.elements
    want = normalize_label(title)
    ids = {w.id for w in obs.windows if want and want in normalize_label(w.title)}
    if not ids:
        known = ", ".join(repr(w.title) for w in obs.windows if w.title) or "none are known"
        raise _NoSuchWindow(f"no window is titled {title!r}; the windows on screen: {known}")
    return tuple(e for e in obs.elements if e.window in ids)


@dataclasses.dataclass(kw_only=True, slots=True)
class PlannerBrain:
    """Reads goals like ``click 'Save'``, ``press ctrl+s``, ``type 'hi' into Name``,
    ``scroll down``, ``wait for 'Finished' (up to 2 minutes)``, ``zoom on 'Export'``,
    ``tick 'Subscribe'``, ``click 'OK' in the 'Save as' dialog``, joined by
    ``then``/``and``; ranks elements by normalised and fuzzy match, and gives up
    honestly (GoalUnreachable) when nothing fits.

    It searches the whole index, not only the capped menu (a keypad has more keys than
    the menu has lines); a pick the menu left out has no ``choice``. Where detectors
    know kinds, equal labels are told apart by them: a field for typing, a check box
    for ticking, any control before plain text, and titles and sentences last. A box
    that already shows the state asked for is not clicked (that would undo it): a
    0.1 s wait stands in, with a note that says so.

    With ``batch`` (the default), parts of the goal that are obviously sequential and
    all on screen now ("type 'bob' into 'Name' then press Return") go as one batch
    (:func:`~tiny_computer_agent._actions.check_batch`), with one look afterwards.
    """

    #: decides from the menu's text: a remote screen need not fetch every frame's pixels
    sees_pixels: ClassVar[bool] = False

    name: str = "planner"
    batch: bool = True

    def settings(self) -> dict[str, Any]:
        return {} if self.batch else {"batch": False}

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        if len(goal) > MAX_GOAL_CHARS:  # the phrasings' regexes are quadratic on long runs
            raise BrainError(
                f"the goal is {len(goal):,} characters; the planner reads goals of at most "
                f"{MAX_GOAL_CHARS:,} (say what to do in a sentence or a few steps)",
                reply=goal[:200],
            )
        if not is_text(goal):
            raise BrainError(
                "the goal is not valid text: it holds a lone surrogate (bytes that were not "
                "UTF-8, or a broken escape); say it again in plain text",
                reply=printable(goal)[:200],
            )
        subgoals = _parts(goal)
        missed = _did_not_take(history, menu)
        if missed:
            raise GoalUnreachable(missed)
        progress = actions_done(history)
        if progress >= len(subgoals):
            return Decision(action=Action.make("done", reason="every part of the goal was done"))
        sub = subgoals[progress]
        if (after := _CHOICE_AFTER.match(sub)) and not _opened(history):
            why = f"{after['y']} took {after['x']} without a list to choose from"
            note = f"part {progress + 1} of {len(subgoals)}: nothing to choose: {why}"
            return Decision(action=_made("wait", {"seconds": 0.1}, sub), reply=sub, note=note)
        if after:
            sub = f"choose {after['x']}"
        targets = _targets(subgoals)
        action, choice, said = self._plan_or_seek(sub, menu, history, _others(targets, progress))
        if action.verb == "seek":
            return Decision(action=action, reply=sub, note=said)
        batch = self._batch(action, subgoals, progress, targets, menu) if self.batch else ()
        parts = len(batch) + 1
        note = ""
        if len(subgoals) > 1:
            which = f"{progress + 1}" if parts == 1 else f"{progress + 1}-{progress + parts}"
            note = f"part {which} of {len(subgoals)}: " + " then ".join(
                repr(s) for s in subgoals[progress : progress + parts]
            )
        note = "; ".join(n for n in (note, said) if n)
        return Decision(action=action, choice=choice, reply=sub, note=note, batch=batch)

    def _plan_or_seek(
        self, sub: str, menu: Menu, history: Sequence[Step], others: Sequence[str]
    ) -> tuple[Action, int | None, str]:
        """:meth:`_plan`, or a ``seek`` when the label the part quotes is on no element
        (see :func:`_seek_for`)."""
        try:
            action, choice, said = self._plan(sub, menu, others)
        except (_NoSuchWindow, _Disabled):
            raise
        except GoalUnreachable:
            if not (seek := _seek_for(sub, menu, history, None)):
                raise
            return seek, None, f"{seek.text!r} is not on screen; scrolling to look for it"
        if action.verb in _SEEKABLE and (seek := _seek_for(sub, menu, history, action.target)):
            why = f"{seek.text!r} is not on screen (only {action.target!r}); scrolling for it"
            return seek, None, why
        return action, choice, said

    def _plan(
        self, sub: str, menu: Menu, others: Sequence[str] = ()
    ) -> tuple[Action, int | None, str]:
        """The action for one part of the goal, its menu number (None when the capped
        menu left the element out) and a note for the decision; ``others`` are the
        labels the goal's other parts name (see :meth:`_choose`)."""
        phrase, window = _window_scope(sub)
        if opening := _OPEN_TO_CHOOSE.match(phrase):
            return self._open_for(opening, menu, sub, window, others)
        if _CHOICE_AFTER.match(phrase):  # only after a look: what the setting did
            raise BrainError(f"{sub!r} depends on what the step before it did", reply=sub)
        if setting := _setting(phrase):
            return self._set(setting, menu, sub, window, others)
        intent = _intent(phrase)
        if intent.tick is not None:
            try:
                return self._tick(intent, menu, sub, window, others)
            except (_Disabled, Unclear):
                raise
            except GoalUnreachable:  # "check for updates" is a click, not a check box
                intent = _Intent("click", *_unquote(phrase))
        fields = dict(intent.fields)
        choice = None
        if intent.target is not None and VERB_TABLE[intent.verb].takes_target:
            try:
                choice, element = self._choose(
                    intent.target, intent.exact, menu, sub, verb=intent.verb, window=window,
                    others=others,
                )  # fmt: skip
            except GoalUnreachable as exc:
                if isinstance(exc, _Disabled) or (covered := _covered(menu, window)) is None:
                    raise
                why = f"the {covered.title!r} window is under another one: raising it first"
                return _made("focus", {"window": covered.title}, sub), None, why
            fields["target"], fields["target_id"] = element.label, element.id
        if "to" in fields:
            _, dest = self._choose(str(fields["to"]), False, menu, sub)
            fields["to"], fields["to_id"] = dest.label, dest.id
        return _made(intent.verb, fields, sub), choice, ""

    def _open_for(
        self, m: re.Match[str], menu: Menu, sub: str, window: str | None, others: Sequence[str]
    ) -> tuple[Action, int | None, str]:
        """Click the list or drop-down named ``m["y"]`` (a field before its label), so its
        choices show; a 0.1 s wait instead when the choice ``m["x"]`` is on screen already
        (a list's row, a drop-down that is open)."""
        choice_label, _ = _unquote(m["x"])
        want = normalize_label(choice_label)
        shown = [
            e
            for e in _in_window(menu, window)
            if e.key == want and e.kind not in ("title", "field")
        ]
        if shown:
            note = f"{choice_label!r} is on screen already: no list to open"
            return _made("wait", {"seconds": 0.1}, sub), None, note
        y, exact = _unquote(m["y"])
        choice, e = self._choose(y, exact, menu, sub, verb="open", window=window, others=others)
        note = f"opening {e.label!r} to show {choice_label!r}"
        if e.kind in _PROSE_KINDS and (beside := _named_control(e, menu.observation.elements)):
            note = (
                f"opening the {beside.label!r} box that {e.label!r} names, to show {choice_label!r}"
            )
            numbers = {el.id: n for n, el in enumerate(menu.entries, 1)}
            choice, e = numbers.get(beside.id), beside
        return _made("click", {"target": e.label, "target_id": e.id}, sub), choice, note

    def _set(
        self,
        setting: tuple[str, str],
        menu: Menu,
        sub: str,
        window: str | None,
        others: Sequence[str],
    ) -> tuple[Action, int | None, str]:
        """Give the control ``setting[1]`` names the value ``setting[0]``, by its kind: a
        check box or radio is ticked or cleared (on/off, yes/no...), a drop-down
        (``expandable`` and not ``editable``) or a button is clicked to show its choices
        (the next part clicks the value), anything else is typed into. A label names
        the control beside it (:func:`_named_control`)."""
        value, _ = _unquote(setting[0])
        target, exact = _unquote(setting[1])
        choice, e = self._choose(target, exact, menu, sub, verb="set", window=window, others=others)
        if e.kind in _PROSE_KINDS:
            beside = _named_control(e, menu.observation.elements)
            if beside is None:
                raise GoalUnreachable(
                    f"{e.label!r} (from {sub!r}) is text, and no field, box or drop-down "
                    f"beside it or under it takes a value (a slider is not set yet)"
                )
            numbers = {el.id: n for n, el in enumerate(menu.entries, 1)}
            choice, e = numbers.get(beside.id), beside
        if e.kind in ("check", "radio"):
            want = _TRUTH.get(value.lower())
            if want is None:
                what = "check box" if e.kind == "check" else "radio"
                raise GoalUnreachable(
                    f"{e.label!r} (from {sub!r}) is a {what}: it is set on or off, not to {value!r}"
                )
            if e.checked == want:
                state = "ticked" if want else "not ticked"
                note = f"{e.label!r} is already {state}: nothing to click"
                return _made("wait", {"seconds": 0.1}, sub), choice, note
            return _made("click", {"target": e.label, "target_id": e.id}, sub), choice, ""
        if "disabled" in e.state:
            raise _Disabled(f"{e.label!r} (from {sub!r}) is disabled: it cannot be set now")
        drop_down = "expandable" in e.state and "editable" not in e.state
        if drop_down or e.kind == "button":
            note = f"opening {e.label!r} to choose {value!r}"
            return _made("click", {"target": e.label, "target_id": e.id}, sub), choice, note
        fields = {"text": value, "target": e.label, "target_id": e.id}
        return _made("type", fields, sub), choice, ""

    def _tick(
        self, intent: _Intent, menu: Menu, sub: str, window: str | None, others: Sequence[str]
    ) -> tuple[Action, int | None, str]:
        """Click the check box (or radio) named by the goal, unless it already shows the
        state wanted: then a short wait stands in for the click, which would undo it."""
        try:
            choice, e = self._choose(
                intent.target or "", intent.exact, menu, sub, verb="tick", window=window,
                others=others,
            )  # fmt: skip
        except GoalUnreachable:  # "tick the second checkbox": the box by kind and order
            meant = refer(_TICK_VERB.sub("", _window_scope(sub)[0]), _in_window(menu, window))
            if meant is None:
                raise
            choice, e = _number(menu, meant), meant
        if e.kind in ("check", "radio") and e.checked == intent.tick:
            state = "ticked" if intent.tick else "not ticked"
            note = f"{e.label!r} is already {state}: nothing to click"
            return _made("wait", {"seconds": 0.1}, sub), choice, note
        if "disabled" in e.state:
            raise _Disabled(
                f"{e.label!r} (from {sub!r}) is disabled: the program says a click on it "
                f"would do nothing now; what enables it has not happened"
            )
        return _made("click", {"target": e.label, "target_id": e.id}, sub), choice, ""

    def _batch(
        self,
        first: Action,
        subgoals: Sequence[str],
        progress: int,
        targets: Sequence[str],
        menu: Menu,
    ) -> tuple[Action, ...]:
        """The parts after ``first`` (part ``progress``) that go with it without a look
        in between: as many as keep :func:`check_batch` happy and name only what is on
        the menu now. A first click on anything but a field (or text of unknown kind)
        goes alone: choosing a list's row closes the list, and what comes next must be
        looked for again."""
        if first.verb == "click" and not _focuses(first, menu):
            return ()
        chosen: list[Action] = []
        for i in range(progress + 1, min(len(subgoals), progress + MAX_BATCH)):
            try:
                action, _, said = self._plan(subgoals[i], menu, _others(targets, i))
                if said:  # a step the planner explains is not batched out of sight
                    break
                check_batch([first, *chosen, action])
            except (ActionError, BrainError, GoalUnreachable):
                break
            chosen.append(action)
        return tuple(chosen)

    @staticmethod
    def _choose(
        phrase: str,
        exact: bool,
        menu: Menu,
        sub: str,
        *,
        verb: str = "click",
        window: str | None = None,
        others: Sequence[str] = (),
    ) -> tuple[int | None, Element]:
        """The best element for ``phrase``. One it names only in part ("First name" for
        a field named "Name") is refused when another part of the goal names it too
        ("Last name"): two labels the goal tells apart are two controls, and typing both
        into one field is not what was asked."""
        ranked = _rank(phrase, exact, menu, verb, window)
        if not ranked and not exact and (meant := refer(phrase, _in_window(menu, window))):
            return _number(menu, meant), meant
        if not ranked:
            where = f" in the {window!r} window" if window else ""
            seen = ", ".join(repr(e.label) for e in menu.entries) or "nothing"
            boxes = _rank(phrase, exact, menu, "click", window) if verb == "type" else []
            if boxes:  # only a check box or radio bears the label
                raise GoalUnreachable(
                    f"{phrase!r} (from {sub!r}) is a {boxes[0][2].kind} box: it only ticks, "
                    f"and text is never typed into one"
                )
            raise GoalUnreachable(
                f"looked for {phrase!r}{where} (from {sub!r}) and found nothing like it; "
                f"the menu showed {seen}"
            )
        best = [r for r in ranked if r[0] == ranked[0][0]]
        if len(best) > 1 and len({e.key for _, _, e in best}) < len(best):
            where = ", ".join(f"{n}. {e.label!r}" for _, n, e in best)
            raise BrainError(f"{phrase!r} matches several entries equally ({where}); not guessing")
        element = best[0][2]
        want = normalize_label(_core(phrase, exact))
        named = {element.key, normalize_label(element.value or "")}
        rival = next(
            (
                o
                for o in others
                if normalize_label(o) not in ("", want)
                and match_score(normalize_label(o), element.key) >= 1.0
            ),
            None,
        )
        if "disabled" in element.state and verb in ("click", "type", "open"):
            raise _Disabled(
                f"{element.label!r} (from {sub!r}) is disabled: the program says a "
                f"{verb} on it would do nothing now; what enables it has not happened"
            )
        if want not in named and rival is not None:
            raise GoalUnreachable(
                f"{phrase!r} (from {sub!r}) matches {element.label!r} only in part, and "
                f"another part of the goal names it too ({rival!r}): they cannot both be "
                f"it; quote each label as the screen shows it"
            )
        return best[0][1], element


_TICK_VERB: Final = re.compile(
    r"^\s*(?:tick|untick|check|uncheck|clear|enable|disable|select|switch\s+(?:on|off)|"
    r"turn\s+(?:on|off))\s+",
    re.I,
)


def _number(menu: Menu, element: Element) -> int | None:
    """``element``'s number on the menu (None: the capped menu left it out)."""
    return next((n for n, e in enumerate(menu.entries, 1) if e.id == element.id), None)


def _focuses(click: Action, menu: Menu) -> bool:
    """Whether ``click`` lands on a field, or on text whose kind is unknown (OCR alone):
    a click that only puts the keyboard there."""
    target = next((e for e in menu.observation.elements if e.id == click.target_id), None)
    return target is not None and target.kind in ("field", "")


def _opened(history: Sequence[Step]) -> bool:
    """Whether the last action carried out was a click that may have opened a list: on
    a control that is no check box or radio (a setting's first part clicks a drop-down
    or a button; it types into a field and ticks a box)."""
    last = next((s for s in reversed(history) if s.performed), None)
    if last is None:
        return False
    action = last.performed[-1]
    if action.verb != "click":
        return False
    seen = last.observation.elements if last.observation is not None else ()
    clicked = next((e for e in seen if e.id == action.target_id), None)
    return clicked is None or clicked.kind not in ("check", "radio")


def _did_not_take(history: Sequence[Step], menu: Menu) -> str:
    """Why the last action visibly did not do what it was for, or "": text typed into a
    field that the field (the same control, found by its ``uid``) does not show, or a
    click on a check box or radio whose tick did not change. A control that is gone, or
    whose value could not be read, proves nothing either way; nor does a dry run, which
    typed and clicked nothing."""
    last = history[-1] if history else None
    if last is None or not last.acted or last.decision is None or last.observation is None:
        return ""
    if last.result is not None and last.result.dry_run:
        return ""
    action = last.decision.action
    before = next((e for e in last.observation.elements if e.id == action.target_id), None)
    if before is None or action.target_id is None:
        return ""
    now = next((e for e in menu.observation.elements if e.uid == before.uid), None)
    if now is None:
        return ""
    if action.verb == "type" and before.kind == "field" and now.value is not None:
        typed = normalize_label(action.text or "")
        secret = "<secret>" in (action.text or "")  # the field shows what it expands to
        shown = normalize_label(now.value)
        if typed and not secret and not _holds(shown, typed):
            return (
                f"typed {action.text!r} into the {before.label!r} field, but it shows "
                f"{now.value!r}: the text did not arrive"
            )
        old = normalize_label(held_text(before))
        # "draft-7" over "draft-6" took: an OCR slip's tolerance must not call it the old
        replaced = shown == typed or (typed in shown and old not in shown)
        if (
            typed
            and not secret
            and old
            and old not in typed
            and not replaced
            and _holds(shown, old)
        ):
            return (
                f"typed {action.text!r} into the {before.label!r} field in place of "
                f"{before.value!r}, but it shows {now.value!r}: the old text stayed (this "
                f"program does not replace selected text as it is typed over)"
            )
    flips = before.kind == "check" or (before.kind == "radio" and not before.checked)
    if action.verb == "click" and flips and now.checked == before.checked:
        state = "ticked" if now.checked else "not ticked"
        return f"clicked the {before.label!r} box, but it is still {state}"
    return ""


def _holds(shown: str, typed: str) -> bool:
    """Whether a field's text (normalised) holds what was typed, allowing OCR's slips."""
    if typed in shown:
        return True
    width = len(typed)
    return any(
        match_score(typed, shown[i : i + width]) >= 0.8
        for i in range(max(1, len(shown) - width + 1))
    )


#: The verbs whose target may lie below the fold: worth a ``seek`` before giving up.
_SEEKABLE: Final = frozenset({"click", "type"})


def _seek_for(sub: str, menu: Menu, history: Sequence[Step], chosen: str | None) -> Action | None:
    """A ``seek`` for the label ``sub`` quotes when no element bears it exactly (none
    matched, or only a looser one, ``chosen``: 'Row 1' for 'Row 13'), or None: the goal
    quotes no label (a description such as "the blue square" is not scrolled for), it
    is not a click, a tick or a typing, or a seek for it already ran in the steps shown
    (then the planner gives up, or takes the looser match, as it did before seeking)."""
    phrase, _ = _window_scope(sub)
    if _OPEN_TO_CHOOSE.match(phrase):  # the list is on screen; its choice comes next
        return None
    intent = _intent(phrase)
    if not intent.exact or (intent.verb not in _SEEKABLE and intent.tick is None):
        return None
    want = normalize_label(intent.target or "")
    bears = (normalize_label(chosen or ""), normalize_label(without_shortcut(chosen or "")))
    if not want or want in bears or not menu.observation.elements:
        return None
    for step in history:
        done = step.decision.action if step.decision is not None else None
        if done is not None and done.verb == "seek" and normalize_label(done.text or "") == want:
            return None
    return _made("seek", {"text": intent.target}, sub)


def _made(verb: str, fields: Mapping[str, Any], sub: str) -> Action:
    """The planned action; BrainError when it is not a valid one (e.g. a label too long
    to be a target: the brain's fault, not the user's)."""
    try:
        return Action.make(verb, **fields)
    except ActionError as exc:
        raise BrainError(f"the planned action is invalid: {exc}", reply=sub) from exc
