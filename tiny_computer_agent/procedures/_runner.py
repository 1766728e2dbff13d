"""ProcedureBrain: a procedure's steps played as the loop's decisions.

When the goal asks for a procedure (:func:`~._match.match_goal`), each call to
``decide`` returns the next step as a :class:`~tiny_computer_agent.Decision`, its
target resolved on the current menu by label and kind; otherwise the brain it wraps
(the planner) decides. The loop, the policy, the dry run, the verifier, the session log
and the trace see a procedure's steps as they see any brain's decisions.

Where it is in the procedure is read back from the steps it decided (their ``reply``
says ``procedure NAME step N``), so it keeps no state between calls and a history of
the last few steps is enough at step 60. Before a step:

* the step it did last is checked (its ``check`` against the screen now; a dry run,
  which pressed nothing, is not checked);
* when the screen shows no window although one was open before (between a dialog
  closing and the next window), or what the step needs (the procedure's preconditions
  for step 1, its ``needs``, its target) is not there, it waits once, with the loop's
  own ``wait_for`` (no brain calls, bounded by the step's ``wait`` and the policy);
* when it is still not there, or a check fails after its wait, the run ends with
  GoalUnreachable naming the step and why: never a blind action.

A key step with a ``menu`` route (:class:`~._format.MenuRoute`) takes its command from
the window's menu bar when the bar shows one of its menus: it opens that menu (marked
``menu``), looks once more a moment later when the item is not there yet (``look``),
clicks the item (``item``: checked as the key would have been), or opens the next of its
menus; when none holds the item, Escape closes the last (``close``) and the key is
pressed. A dry run opens no menu, so there the route ends the run before the item.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .._actions import VERB_TABLE, Action
from .._contracts import Brain, Decision, Step, sees_pixels
from .._elements import Element, Observation, Window, match_score, normalize_label
from .._errors import ActionError, BrainError, GoalUnreachable
from .._menu import Menu
from .._menu_bar import menu_bar
from .._waiting import BETWEEN
from ..brains import PlannerBrain
from ._format import Condition, MenuRoute, ProcedureStep, Target, fill
from ._library import Library, load_library
from ._match import Match, match_goal
from ._meaning import MIN_MARGIN, MIN_SIMILARITY, Embed, Meaning

__all__ = ["ProcedureBrain"]

#: How close a run of the screen's text must be to count as the text a check wants.
_CLOSE: Final = 0.8
_MARK: Final = re.compile(r"^procedure (?P<name>[a-z0-9-]+) step (?P<n>\d+)(?: (?P<what>\w+))?$")
#: The marks of a menu route's moves before its item (see the module's docstring).
_ROUTE: Final = ("menu", "look", "close")
#: How long a menu just opened is given before it is read again, when its item is not
#: there yet (a toolkit may fill a menu's tree seconds after drawing it: Caja's).
_MENU_LOOK: Final = 3.0
#: A shortcut shown beside a menu item's label ("Save As...  Shift+Ctrl+S").
_SHORTCUT: Final = re.compile(
    r"\s+(?:(?:shift|ctrl|control|alt|super|meta|cmd)\s*[+-]\s*)+\S+\s*$", re.IGNORECASE
)


@dataclasses.dataclass(kw_only=True, slots=True)
class ProcedureBrain:
    """Plays the procedure a goal asks for; any other goal goes to ``fallback``.

    ``library``: the procedures to match (default: :func:`~._library.load_library`,
    read on the first decision). ``embed``: sentence vectors (the intent brain's), with
    which a goal no pattern takes is matched by meaning (:class:`~._meaning.Meaning`,
    ``min_similarity`` and ``min_margin`` its thresholds); a procedure chosen so starts
    only on a screen where its preconditions hold, else ``fallback`` decides."""

    name: str = "planner"
    fallback: Brain = dataclasses.field(default_factory=PlannerBrain)
    library: Library | None = None
    embed: Embed | None = None
    min_similarity: float = MIN_SIMILARITY
    min_margin: float = MIN_MARGIN
    _meaning: Meaning | None = dataclasses.field(default=None, init=False, repr=False)

    @property
    def sees_pixels(self) -> bool:
        return sees_pixels(self.fallback)

    def settings(self) -> dict[str, Any]:
        own = getattr(self.fallback, "settings", None)
        return dict(own()) if callable(own) else {}

    def procedures(self) -> Library:
        if self.library is None:
            self.library = load_library()
        return self.library

    def matches(self, goal: str) -> Match | None:
        """The procedure ``goal`` asks for, with its values, or None."""
        return self.choose(goal)[0]

    def choose(self, goal: str) -> tuple[Match | None, str]:
        """:meth:`matches`, and why in words when it was by meaning (or none was)."""
        found = match_goal(goal, self.procedures().procedures)
        if found is not None or self.embed is None:
            return found, ""
        if self._meaning is None:
            self._meaning = Meaning(
                embed=self.embed,
                procedures=self.procedures().procedures,
                min_similarity=self.min_similarity,
                min_margin=self.min_margin,
            )
        return self._meaning.choose(goal)

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        found, why = self.choose(goal)
        play = _Play(found, menu, tuple(history)) if found is not None else None
        meant = play is not None and found is not None and found.how == "meaning"
        if play is not None and meant and not play.marks() and (unmet := play.unmet()):
            why, play = f"{why}; not started: {unmet}", None
        if play is None:
            decision = self.fallback.decide(goal, menu, history)
            said = f"no procedure ({why})" if why else ""
            note = "; ".join(n for n in (said, decision.note) if n)
            return dataclasses.replace(decision, note=note) if said else decision
        return play.next()


@dataclasses.dataclass(frozen=True, slots=True)
class _Mark:
    """A step this procedure decided: step ``n``'s action (``what`` ""), a wait before
    it (``wait``) or a wait for its check (``check``)."""

    n: int
    what: str
    step: Step


@dataclasses.dataclass(slots=True)
class _Play:
    found: Match
    menu: Menu
    history: tuple[Step, ...]

    @property
    def obs(self) -> Observation:
        return self.menu.observation

    @property
    def steps(self) -> tuple[ProcedureStep, ...]:
        return self.found.procedure.steps

    def marks(self) -> list[_Mark]:
        out = []
        for step in self.history:
            reply = step.decision.reply if step.decision is not None else ""
            m = _MARK.match(reply)
            if m and m["name"] == self.found.procedure.name:
                out.append(_Mark(int(m["n"]), m["what"] or "", step))
        return out

    def next(self) -> Decision:
        marks = self.marks()
        if not marks:
            return self.start(1, waited=False)
        last = marks[-1]
        if last.what in _ROUTE:
            return self.route(last)
        if last.what == "wait":
            return self.start(last.n, waited=True)
        if last.what == "check":
            result = last.step.result
            self.confirm(last.n, waited=True, seen=result is not None and result.woke == "text")
            return self.start(last.n + 1, waited=False)
        _failed(last, self.steps[last.n - 1])
        waiting = self.confirm(last.n, waited=False)
        return waiting if waiting is not None else self.start(last.n + 1, waited=False)

    def acted(self, n: int) -> Step | None:
        """The step that carried out step ``n``'s action, or its menu route's item (None
        when it is not shown)."""
        done = (m.step for m in reversed(self.marks()) if m.n == n and m.what in ("", "item"))
        return next(done, None)

    def dry(self) -> bool:
        """Whether the actions so far were a dry run (nothing was pressed)."""
        done = [
            s
            for s in self.history
            if s.result is not None
            and s.decision is not None
            and not VERB_TABLE[s.decision.action.verb].harness  # a wait is no dry run
        ]
        return bool(done) and done[-1].result is not None and done[-1].result.dry_run

    def confirm(self, n: int, *, waited: bool, seen: bool = False) -> Decision | None:
        """Step ``n``'s check on the screen now: None when it holds (or cannot be judged:
        a dry run), a wait for it the first time it does not, GoalUnreachable after. A
        text its own wait woke on (``seen``) holds: that wait read the changed region
        afresh, where the next index may keep a partial read of it ("k" for "buy milk")."""
        step, acted = self.steps[n - 1], self.acted(n)
        if step.check.what == "unchecked" or self.dry() or (seen and step.check.what == "shows"):
            return None
        before = acted.observation if acted is not None else None
        if self.holds(step.check, before):
            return None
        why = f"its check failed: after it, not so that {self.said(step.check)}"
        if waited:
            raise GoalUnreachable(f"{self.where(step)}: {why}, within {step.wait:g}s")
        return self.wait(step, step.check, "check", why)

    def start(self, n: int, *, waited: bool) -> Decision:
        skipped = []
        if not waited and (gap := self.gap()):
            anchor = self.steps[min(n, len(self.steps)) - 1]
            return self.wait(anchor, Condition(what="changed"), "wait", gap, n=n)
        while n <= len(self.steps) and (why := self.unneeded(self.steps[n - 1])):
            skipped.append(f"step {n} is not needed: {why}")
            n += 1
        if n > len(self.steps):
            return self.finish(skipped)
        step = self.steps[n - 1]
        missing = self.missing(step)
        if missing is not None:
            why = f"it needs that {self.said(missing)}, and that is not so"
            if self.dry():
                why += (
                    " (a dry run pressed nothing, so what the steps before it would "
                    "have opened is not there; arm the run to go further)"
                )
                raise GoalUnreachable(f"{self.where(step)}: {why}")
            if waited:
                raise GoalUnreachable(f"{self.where(step)}: {why}, within {step.wait:g}s")
            return self.wait(step, missing, "wait", why)
        if step.menu is not None and (opening := self.open_menu(step, ())) is not None:
            note = "; ".join([*skipped, opening.note])
            return dataclasses.replace(opening, note=note)
        return self.act(step, skipped)

    def route(self, last: _Mark) -> Decision:
        """The next move of step ``last.n``'s menu route, after a menu was opened
        (``menu``), read again (``look``) or closed (``close``): click the item, read the
        menu again once, open the next menu, close the last, or press the key."""
        step = self.steps[last.n - 1]
        route = step.menu
        assert route is not None  # only a step with a menu route is marked so
        if last.what != "close":
            _failed(last, step)
            if self.dry():
                raise GoalUnreachable(
                    f"{self.where(step)}: a dry run opened no menu, so {route.describe()} "
                    "cannot be read there; arm the run to go further"
                )
            if (item := _menu_item(self.obs, route)) is not None:
                action = Action.make("click", target=item.label, target_id=item.id)
                note = f"{self.where(step)}: {item.label!r} from the menu, not the shortcut"
                return self.decision(step, action, "item", note, item)
            if last.what == "menu":
                note = f"{self.where(step)}: the menu shows no {route.describe()} yet"
                return self.decision(step, Action.make("wait", seconds=_MENU_LOOK), "look", note)
        opened = tuple(
            m.step.decision.action.target or ""
            for m in self.marks()
            if m.n == last.n and m.what == "menu" and m.step.decision is not None
        )
        if (opening := self.open_menu(step, opened)) is not None:
            return opening
        if last.what != "close":
            note = f"{self.where(step)}: no menu holds {route.describe()}: closing the last"
            return self.decision(step, Action.make("key", keys="Escape"), "close", note)
        looked = ", ".join(repr(o) for o in opened)
        return self.act(step, [f"no menu holds {route.describe()} (looked in {looked})"])

    def open_menu(self, step: ProcedureStep, opened: Sequence[str]) -> Decision | None:
        """A click on the first of step's route's menus the window's menu bar shows and
        ``opened`` does not name (None: no such menu)."""
        assert step.menu is not None
        bar = menu_bar(self.obs.elements)
        done = {normalize_label(o) for o in opened}
        for name in step.menu.menus:
            want = normalize_label(name)
            entry = next((e for e in bar if _one_slip(e.key, want)), None)
            if entry is not None and want not in done and entry.key not in done:
                action = Action.make("click", target=entry.label, target_id=entry.id)
                note = (
                    f"{self.where(step)}: opening the {entry.label!r} menu for "
                    f"{step.menu.describe()} (a menu's words are the same from program to "
                    "program; shortcuts are not)"
                )
                return self.decision(step, action, "menu", note, entry)
        return None

    def decision(
        self, step: ProcedureStep, action: Action, what: str, note: str, on: Element | None = None
    ) -> Decision:
        """A move of step's menu route, marked ``what``."""
        numbers = {e.id: i for i, e in enumerate(self.menu.entries, 1)}
        reply = f"procedure {self.found.procedure.name} step {step.number} {what}"
        choice = numbers.get(on.id) if on is not None else None
        return Decision(action=action, choice=choice, reply=reply, note=note)

    def unneeded(self, step: ProcedureStep) -> str:
        """Why ``step`` is skipped ("" when it is not): it names an optional parameter the
        goal gave no value (a form's third field, when the goal names two), or its
        ``unless`` holds."""
        absent = [name for name in step.uses() if not self.found.values.get(name)]
        if absent:
            return f"the goal gives no {{{absent[0]}}}"
        if step.unless is not None and self.holds(step.unless, None):
            return self.said(step.unless)
        return ""

    def gap(self) -> str:
        """Why to wait before looking: no window is on screen, though one was before,
        and the loop did not already wait for the next (:func:`~.._waiting.between`)."""
        if self.obs.windows or any(n.startswith(BETWEEN) for n in self.obs.notes):
            return ""
        had = any(s.observation is not None and s.observation.windows for s in self.history)
        return "no window is on screen (one was before): waiting for the next" if had else ""

    def unmet(self) -> str:
        """The procedure's first precondition the screen does not show ("" when all hold)."""
        for condition in self.found.procedure.preconditions:
            if not self.holds(condition, None):
                return f"its precondition that {self.said(condition)} does not hold"
        return ""

    def missing(self, step: ProcedureStep) -> Condition | None:
        """What step needs and the screen does not show, or None."""
        first = self.found.procedure.preconditions if step.number == 1 else ()
        for condition in (*first, *step.needs):
            if not self.holds(condition, None):
                return condition
        if step.target is None or self.find(step.target) is not None:
            return None
        if step.otherwise is not None and (
            step.otherwise.target is None or self.find(step.otherwise.target) is not None
        ):
            return None
        return Condition(what="element", texts=step.target.labels, kind=step.target.kind)

    def holds(self, condition: Condition, before: Observation | None) -> bool:
        texts = [fill(t, self.found.values) for t in condition.texts]
        obs = self.obs
        if condition.what == "shows":
            return any(_visible(obs, t) for t in texts)
        if condition.what == "gone":
            return not any(obs.shows(t) for t in texts)
        if condition.what == "window":
            titles = [normalize_label(w.title) for w in obs.windows]
            return (
                bool(titles)
                if not texts
                else any(normalize_label(t) in title for t in texts for title in titles)
            )
        if condition.what == "element":
            return self.find(Target(labels=condition.texts, kind=condition.kind)) is not None
        if condition.what == "none":
            return not any(e.kind == condition.kind for e in obs.elements)
        if condition.what == "ticked":
            wants = {normalize_label(t) for t in texts}
            boxes = [e for e in obs.elements if e.kind in ("check", "radio") and e.key in wants]
            return any(e.checked for e in boxes)
        if condition.what == "changed":
            return before is not None and _changed(before, obs)
        return True  # unchecked

    def find(self, target: Target) -> Element | None:
        return find_target(self.obs, target, self.found.values)

    def said(self, condition: Condition) -> str:
        texts = tuple(fill(t, self.found.values) for t in condition.texts)
        return dataclasses.replace(condition, texts=texts).describe()

    def where(self, step: ProcedureStep) -> str:
        name, total = self.found.procedure.name, len(self.steps)
        said = fill(step.describe(), self.found.values)
        return f"procedure {name!r}, step {step.number} of {total} ({said})"

    def wait(
        self, step: ProcedureStep, condition: Condition, what: str, why: str, n: int = 0
    ) -> Decision:
        texts = [fill(t, self.found.values) for t in condition.texts]
        fields: dict[str, Any] = {"seconds": step.wait}
        if condition.what in ("shows", "element") and len(texts) == 1:
            fields.update(text=texts[0], until="text")
        else:
            fields["until"] = "change"
        action = Action.make("wait_for", **fields)
        reply = f"procedure {self.found.procedure.name} step {n or step.number} {what}"
        note = f"{self.where(step)}: {why}; waiting up to {step.wait:g}s, no brain calls"
        return Decision(action=action, reply=reply, note=note)

    def act(self, step: ProcedureStep, skipped: Sequence[str]) -> Decision:
        chosen, element = step, None
        if step.target is not None:
            element = self.find(step.target)
            if element is None and step.otherwise is not None:
                chosen = step.otherwise
                element = self.find(chosen.target) if chosen.target is not None else None
        fields = {
            k: fill(v, self.found.values) if isinstance(v, str) else v for k, v in chosen.fields
        }
        if element is not None:
            fields.update(target=element.label, target_id=element.id)
        try:
            action = Action.make(chosen.verb, **fields)
        except ActionError as exc:
            raise BrainError(f"{self.where(step)}: the step is not a valid action: {exc}") from exc
        numbers = {e.id: i for i, e in enumerate(self.menu.entries, 1)}
        instead = (
            " (its target is not on screen: doing what it says instead)"
            if chosen is not step
            else ""
        )
        note = "; ".join([*skipped, f"{self.where(step)}{instead}", self.how()])
        reply = f"procedure {self.found.procedure.name} step {step.number}"
        choice = numbers.get(element.id) if element is not None else None
        return Decision(action=action, choice=choice, reply=reply, note=note)

    def how(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in self.found.values.items())
        return f"matched {self.found.example!r} ({self.found.how}; {values})"

    def finish(self, skipped: Sequence[str]) -> Decision:
        name, total = self.found.procedure.name, len(self.steps)
        if not self.dry() and (asks := self.dialog_left()) is not None:
            said = " | ".join(e.label for e in self.obs.elements if e.window == asks.id)[:160]
            raise GoalUnreachable(
                f"procedure {name!r}: all {total} steps done, but its last step opened a "
                f"dialog it does not know, {asks.title!r} ({said}), so it is not done: "
                "a person should answer it"
            )
        checked = " (a dry run: nothing was checked)" if self.dry() else ", each checked"
        reason = f"procedure {name!r}: all {total} steps done{checked}"
        note = "; ".join([*skipped, self.how()])
        return Decision(action=Action.make("done", reason=reason), note=note)

    def dialog_left(self) -> Window | None:
        """A dialog (a window for another) that the last step's action opened and that is
        still on screen: AbiWord's "use this name anyway?" after Save As's Return."""
        last = max((m.n for m in self.marks() if m.what in ("", "item")), default=0)
        acted = self.acted(last) if last else None
        if acted is None or acted.observation is None:
            return None
        before = {w.id for w in acted.observation.windows}
        return next((w for w in self.obs.windows if w.transient_for and w.id not in before), None)


def _failed(last: _Mark, step: ProcedureStep) -> None:
    """GoalUnreachable when step ``last.n``'s action failed, was refused or missed. A
    ``wait_for`` step whose check is ``unchecked`` may end either way (it gives a list
    time to open; the next step's ``unless`` says what to do when none did)."""
    done = last.step
    if done.error is None and done.refusal is None and done.result is not None and done.result.ok:
        return
    timed_out = done.refusal is None and done.result is not None and done.result.woke == "timeout"
    if timed_out and step.verb == "wait_for" and step.check.what == "unchecked":
        return  # the next step's ``unless`` says what to do
    why = done.error or done.refusal or (done.result.error if done.result else "") or "failed"
    raise GoalUnreachable(f"step {last.n} of the procedure ({step.describe()}) failed: {why}")


def _one_slip(seen: str, want: str) -> bool:
    """Whether a menu bar's entry ``seen`` is the menu ``want`` (both normalised), or it
    with OCR's slip of one letter in a word of four or more ("Eile" for File)."""
    if seen == want:
        return True
    return len(want) >= 4 and len(seen) == len(want) and sum(map(str.__ne__, seen, want)) == 1


def _menu_item(obs: Observation, route: MenuRoute) -> Element | None:
    """The item of an open menu labelled one of the route's items, with its dots and
    the shortcut beside it left off; not the bar's entries, not a disabled one. Of
    several, the tree's menu items first, then the top-most window's."""
    wants = {normalize_label(i) for i in route.items}
    bar = {e.id for e in menu_bar(obs.elements)}
    hits = [
        e
        for e in obs.elements
        if e.id not in bar
        and "disabled" not in e.state
        and e.kind not in ("field", "title")
        and normalize_label(_SHORTCUT.sub("", e.label).strip().rstrip(".…")) in wants
    ]
    order = {w.id: i for i, w in enumerate(obs.windows)}
    ranked = sorted(hits, key=lambda e: (e.kind != "menuitem", order.get(e.window, len(order))))
    return ranked[0] if ranked else None


def _visible(obs: Observation, text: str) -> bool:
    """Whether ``text`` is visible, allowing OCR's slips: a run of the screen's text as
    long as it that is a close match (xedit's "buy milk" reads "buy nilk")."""
    if obs.shows(text):
        return True
    want = normalize_label(text)
    seen = [e.key for e in obs.elements] + [normalize_label(e.value or "") for e in obs.elements]
    seen += [normalize_label(p) for p in obs.prose]
    width = len(want)
    return width >= 4 and any(
        match_score(want, have[i : i + width]) >= _CLOSE
        for have in seen
        for i in range(max(1, len(have) - width + 1))
    )


def _changed(before: Observation, after: Observation) -> bool:
    """Whether the index or a window's title changed (a saved file's title loses its
    "*"; the index does not read title bars)."""
    titles = [w.title for w in before.windows], [w.title for w in after.windows]
    return before.signature() != after.signature() or titles[0] != titles[1]


def find_target(obs: Observation, target: Target, values: Mapping[str, str]) -> Element | None:
    """The element ``target`` names: one of its labels (normalised; see :func:`_listed`
    for a label with a "*") and its kind; for a field, also the field a text label names
    (left of it or above it). Of several, the one in the top-most window, then the one
    whose label the target lists first ("Replace All" before "Replace")."""
    if target.pick:
        return _picked(obs, target)
    wants = [fill(label, values) for label in target.labels]
    patterns = _patterns(wants)
    kind = target.kind
    listed = {id(e): _listed(e.key, patterns) for e in obs.elements}
    hits = [e for e in obs.elements if listed[id(e)] is not None and (not kind or e.kind == kind)]
    if not hits and kind == "field":
        plain = [normalize_label(w) for w in wants if "*" not in w]
        texts = [e for e in obs.elements if e.kind in ("", "text")]
        named = [e for e in texts if listed[id(e)] is not None] or [
            e for e in texts if _misread(e.key, plain)
        ]
        hits = [f for t in named if (f := _field_beside(t, obs.elements)) is not None]
    order = {w.id: i for i, w in enumerate(obs.windows)}
    ranked = sorted(
        hits, key=lambda e: (order.get(e.window, len(order)), listed.get(id(e)) or 0, e.id)
    )
    return ranked[0] if ranked else None


def _patterns(labels: Sequence[str]) -> list[tuple[str, bool, bool]]:
    """Each label normalised, with whether it begins and ends with "*"."""
    return [(normalize_label(x.strip("*")), x.startswith("*"), x.endswith("*")) for x in labels]


def _listed(key: str, patterns: Sequence[tuple[str, bool, bool]]) -> int | None:
    """Which of the labels (:func:`_patterns`; the first) ``key``, a normalised label,
    is: the same label normalised; for one that ends with "*", any label that begins
    with the rest ("Replace all*" is "Replace all at once" and "Replace all in:"); one
    that begins with "*", any that ends with it; "*...*", any that holds it. None: none
    of them."""
    for i, (core, head, tail) in enumerate(patterns):
        if not core:
            continue
        if key == core or (
            (tail and not head and key.startswith(core))
            or (head and not tail and key.endswith(core))
            or (head and tail and core in key)
        ):
            return i
    return None


def _picked(obs: Observation, target: Target) -> Element | None:
    """The first or last element (reading order) of the target's kind in the top-most
    window that has one."""
    of_kind = [e for e in obs.elements if e.kind == target.kind]
    for window in obs.windows:
        mine = [e for e in of_kind if e.window == window.id]
        if mine:
            return mine[0] if target.pick == "first" else mine[-1]
    if not of_kind:
        return None
    return of_kind[0] if target.pick == "first" else of_kind[-1]


def _field_beside(label: Element, elements: Sequence[Element]) -> Element | None:
    """The field right of ``label`` on its row (within 12 of its heights), else the one
    right under it. A drop-down showing its choice counts: it is drawn as a button with
    an arrow (``expandable``), named by the choice ("Red"), not by its label."""
    x0, y0, x1, y1 = label.box
    h, mid = max(1, y1 - y0), (y0 + y1) / 2
    fields = [e for e in elements if _field_like(e) and e.window == label.window]
    right = [e for e in fields if e.box[1] <= mid <= e.box[3] and x1 - h <= e.box[0] <= x1 + 12 * h]
    if right:
        return min(right, key=lambda e: e.box[0])
    below = [e for e in fields if y1 - 2 <= e.box[1] <= y1 + 2 * h and abs(e.box[0] - x0) <= 3 * h]
    return min(below, key=lambda e: e.box[1]) if below else None


def _misread(key: str, wants: Sequence[str]) -> bool:
    """Whether OCR's ``key`` is one of ``wants`` (4 letters or more) with a slip of about
    one letter in five, one letter more or less at most (Chromium's "Colour" reads
    "Colou")."""
    near = [w for w in wants if len(w) >= 4 and abs(len(w) - len(key)) <= 1]
    return any(match_score(w, key) >= _CLOSE for w in near)


def _field_like(e: Element) -> bool:
    """A field, or a drop-down drawn as a button (``expandable``) showing its choice."""
    return e.kind == "field" or (e.kind == "button" and "expandable" in e.state)
