"""The desk behind the tools: one screen, one policy, one executor, one call at a time.

:meth:`McpDesk.call` answers a tool call with a :class:`Reply` and never raises for
what the client or the world caused: a malformed call, a target not on screen, a
policy refusal (with its rule) or a screen that is gone come back as an error reply.
A bug in this library still raises (the SDK answers the call with an MCP error and
goes on serving).

Every call is one log line (time, tool, verb, outcome, milliseconds; never typed
text), and the ``listeners`` (a :class:`~tiny_computer_agent.records.SessionLog`)
hear each ``observe`` and ``act`` as a run's events: ``start`` once, ``observe``
for each menu, and ``decide``, ``verdict``, ``step`` for each action (the verdict
with the person's ``answer`` when the irreversible gate asked one through the client:
:mod:`._asking`). With ``session`` (the log's folder) :meth:`McpDesk.read` serves
those events back as resources.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import logging
import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Final, TextIO

from .._actions import VERB_TABLE, Action, shown
from .._contracts import ActionResult, Decision, Executor, Refusal, Screen, Step, StepError
from .._elements import Element, Observation
from .._errors import (
    ActionError,
    BrainError,
    MissingExtra,
    PolicyRefusal,
    ScreenUnavailable,
    TargetError,
)
from .._events import Listener, RunEvent
from .._executors import DryRunExecutor, carry_out
from .._menu import DEFAULT_MENU_SIZE, Menu, build_menu, entry_text
from .._policy import SEQUENCE_WINDOW, Policy
from .._version import __version__
from .._waiting import Watch, watch
from ..records import load_session
from ._asking import ANSWERS, Ask, PersonGate
from ._tools import (
    ACT_VERBS,
    EVENT_TEMPLATE,
    EVENTS_URI,
    FRAME_ANCHORS,
    MAX_FRAMES,
    RECENT_SECONDS,
    TOOLS,
    TOOLS_VERSION,
    ToolSpec,
    read_arguments,
)

__all__ = ["McpDesk", "Reply"]

log = logging.getLogger(__name__)

#: act's arguments that become Action fields as they are (target and to are resolved).
_PLAIN_FIELDS: Final = ("text", "keys", "direction", "amount", "button", "clicks", "seconds",
                        "window")  # fmt: skip
_NOT_OFFERED: Final = {
    "wait_for": "use the wait_for tool",
    "done": "there is no episode to end: just stop calling tools",
    "zoom": "call observe with image: true and look at the PNG",
    "seek": "scroll, then observe",
}


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Reply:
    """A tool's answer: ``text`` for the model, ``error`` when the call failed or was
    refused, a PNG ``image`` (observe with image: true), ``frames`` as (caption, PNG)
    pairs (the frames tool) and structured ``data``."""

    text: str
    error: bool = False
    image: bytes | None = None
    frames: tuple[tuple[str, bytes], ...] = ()
    data: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _failed(text: str, **data: Any) -> Reply:
    return Reply(text=text, error=True, data={"ok": False, **data})


class McpDesk:
    """What the tools act on. ``doctor`` returns the server's checks as text (the CLI
    passes the desktop doctor, or the remote's); ``log`` gets one line per call.
    ``gate``: the PersonGate the policy's ``approve`` is (None: nobody is asked);
    ``session``: the folder the session log in ``listeners`` writes (the resources)."""

    def __init__(
        self,
        *,
        screen: Screen,
        policy: Policy,
        executor: Executor | None = None,
        menu_size: int = DEFAULT_MENU_SIZE,
        doctor: Callable[[], str] | None = None,
        listeners: Sequence[Listener] = (),
        log: TextIO | None = None,
        gate: PersonGate | None = None,
        session: Path | None = None,
    ) -> None:
        self.screen, self.policy = screen, policy
        self.executor: Executor = executor or DryRunExecutor()
        self.menu_size = menu_size
        self.gate, self.session = gate, session
        self._doctor, self._listeners, self._log = doctor, tuple(listeners), log
        self._lock = threading.Lock()
        self._menu: Menu | None = None
        self._stale = True  # an act may have changed the screen since the menu was made
        self._history: list[Action] = []
        self._looks = 0
        self._acts = 0
        self._seen_at = 0.0  # when the last menu's frame was captured (time.time())
        self._span: tuple[float, float] | None = None  # the last act's start and end
        self._emit(RunEvent(kind="start", goal="MCP server", settings=self.settings()))

    @property
    def armed(self) -> bool:
        return self.policy.real_input

    def settings(self) -> dict[str, Any]:
        return {
            "mcp_tools_version": TOOLS_VERSION,
            "armed": self.armed,
            "screen": type(self.screen).__name__,
            "executor": type(self.executor).__name__,
            "menu_size": self.menu_size,
        }

    def call(self, name: str, arguments: Mapping[str, Any] | None, ask: Ask | None = None) -> Reply:
        """Answer one tool call (one at a time); see the module docstring. ``ask`` puts
        the irreversible gate's question to the person through this call's client
        (None: the client cannot be asked)."""
        t0 = time.perf_counter()
        spec = next((s for s in TOOLS if s.name == name), None)
        asking = self.gate.asking(ask) if self.gate is not None else contextlib.nullcontext()
        with self._lock, asking:
            reply = self._answer(spec, name, arguments)
        self._write(name, arguments, reply, (time.perf_counter() - t0) * 1000)
        return reply

    def _answer(self, spec: ToolSpec | None, name: str, arguments: Any) -> Reply:
        if spec is None:
            tools = ", ".join(s.name for s in TOOLS)
            return _failed(f"there is no tool {shown(name)}; the tools are {tools}")
        if arguments is not None and not isinstance(arguments, Mapping):
            return _failed(f"{name}: the arguments must be a JSON object")
        try:
            return _HANDLERS[spec.name](self, read_arguments(spec, arguments))
        except PolicyRefusal as exc:
            return _failed(f"refused by {exc.rule}: {exc}", rule=exc.rule)
        except (ActionError, BrainError, TargetError) as exc:
            return _failed(f"{name}: {exc}")
        except (ScreenUnavailable, MissingExtra) as exc:
            return _failed(f"no screen: {exc}")

    # -- the tools ----------------------------------------------------------------------

    def observe(self, args: Mapping[str, Any]) -> Reply:
        limit = int(args.get("limit", self.menu_size))
        if not 1 <= limit <= 100:
            raise ActionError(f"observe: limit must be from 1 to 100, got {limit}")
        menu = self._look(str(args.get("goal", "")), limit)
        obs = menu.observation
        mode = "ARMED: act clicks and types" if self.armed else "a dry run: act touches nothing"
        lines = [f"frame {self._looks} ({obs.size[0]}x{obs.size[1]}; {mode})", menu.render()]
        titles = [w.title for w in obs.windows if w.title]
        if titles:
            lines.append("windows, top-most first: " + " | ".join(titles[:8]))
        if obs.prose:
            lines.append("also on screen (not on the menu): " + shown(" | ".join(obs.prose), 300))
        image = None
        if args.get("image"):
            image = _png(obs.image)
            if image is None:
                lines.append("(this screen keeps no pixels: no image)")
        return Reply(text="\n".join(lines), image=image, data=self._menu_data(menu))

    def act(self, args: Mapping[str, Any]) -> Reply:
        verb = args["verb"]
        if verb not in ACT_VERBS:
            why = _NOT_OFFERED.get(verb, "")
            allowed = ", ".join(ACT_VERBS)
            raise ActionError(
                f"{verb} is not offered: {why}"
                if why
                else f"unknown verb {shown(verb)}; one of {allowed}"
            )
        fields: dict[str, Any] = {k: args[k] for k in _PLAIN_FIELDS if k in args}
        choice = None
        if "target" in args:
            choice, element = self._resolve(args["target"])
            fields.update(target=element.label, target_id=element.id)
        if "to" in args:
            _, dropped = self._resolve(args["to"])
            fields.update(to=dropped.label, to_id=dropped.id)
        menu = self._menu if self._menu is not None and not self._stale else self._look("")
        action = Action.from_dict({"verb": verb, **fields})
        return self._do(action, menu, choice, json.dumps(dict(args), ensure_ascii=False))

    def wait_for(self, args: Mapping[str, Any]) -> Reply:
        text = args.get("text")
        until = args.get("until", "text" if text else "change")
        fields: dict[str, Any] = {"until": until, "text": text, "seconds": args.get("seconds")}
        region = None
        if "target" in args:
            _, element = self._resolve(args["target"])
            fields.update(target=element.label, target_id=element.id)
            region = _screen_box(element, self._current())
        action = Action.from_dict({"verb": "wait_for", **{k: v for k, v in fields.items()
                                                          if v is not None}})  # fmt: skip
        # the frame the client saw, or, once an action came since, the screen now (what
        # the action did is not a change to wait for: a text it brought up counts at once)
        seen = self._current() if not self._stale else self.screen.capture()
        self.policy.check(action, seen)  # the kill switch (waiting is not input)
        deadline = self.policy.wait_deadline(action)
        what = Watch(until=until, text=text, region=region, deadline=deadline,
                     quiet=min(0.3, deadline), poll=min(0.1, deadline))  # fmt: skip
        try:
            waited = watch(self.screen, seen, what, check=self.policy.check_kill_switch)
        except ValueError as exc:  # a Watch the arguments cannot make
            raise ActionError(f"wait_for: {exc}") from exc
        if waited.changed:
            self._stale = True
        said = waited.describe(what)
        data = {"ok": waited.woke != "timeout", "woke": waited.woke, "changed": waited.changed,
                "seconds": round(waited.seconds, 3)}  # fmt: skip
        return Reply(text=("woke: " if data["ok"] else "gave up: ") + said, data=data)

    def verify(self, args: Mapping[str, Any]) -> Reply:
        text = str(args["text"])
        obs = self.screen.capture()
        visible = obs.shows(text)
        said = "is visible" if visible else f"is not visible; on screen: {obs.summary()}"
        return Reply(text=f"{text!r} {said}", data={"visible": visible})

    def frames(self, args: Mapping[str, Any]) -> Reply:
        anchor, zero, since, until = self._frame_span(args)
        limit = args.get("limit", MAX_FRAMES)
        if not 1 <= limit <= MAX_FRAMES:
            raise ActionError(f"frames: limit must be from 1 to {MAX_FRAMES}, got {limit}")
        shots, ring = self._shots(zero + since, zero + until)
        picked = _spread(shots, limit)
        frames, listed = [], []
        origin = "the last act began" if anchor == "act" else "this call"
        for i, (t, image) in enumerate(picked, 1):
            offset = round(t - zero, 3)
            frames.append((f"frame {i} of {len(picked)}: {offset:+.3f} s from when {origin} "
                           f"({_utc(t)})", _png(image) or b""))  # fmt: skip
            listed.append({"t": round(t, 6), "seconds": offset})
        if not ring:
            said = "this screen keeps no frame ring (a replay or a remote): the frame last observed"
        else:
            said = (f"{len(picked)} of {len(shots)} frames from {since:+.3f} s to {until:+.3f} s "
                    f"from when {origin}")  # fmt: skip
        data = {"ok": True, "relative_to": anchor, "ring": ring, "kept": len(shots),
                "frames": listed}  # fmt: skip
        return Reply(text=said, frames=tuple(frames), data=data)

    def doctor(self, args: Mapping[str, Any]) -> Reply:
        mode = "ARMED: act clicks and types" if self.armed else "a dry run: act touches nothing"
        lines = [
            f"tiny-computer-agent {__version__}, MCP tools version {TOOLS_VERSION}",
            f"mode: {mode}; this server's policy judges every action",
            f"kill switch: touch {self.policy.kill_switch} to refuse every action",
            f"screen: {type(self.screen).__name__}; executor: {type(self.executor).__name__}",
        ]
        if self._doctor is not None:
            lines.append(self._doctor())
        return Reply(text="\n".join(lines), data={**self.settings(), "ok": True})

    # -- the session's events, as resources ------------------------------------------------

    def resources(self) -> tuple[str, ...]:
        """The URIs :meth:`read` serves: the session's events, when a session is logged."""
        return () if self.session is None else (EVENTS_URI,)

    def read(self, uri: str) -> str:
        """A resource as JSON text: every event of the session (:data:`EVENTS_URI`) or one
        by its ``seq`` (:data:`EVENT_TEMPLATE`). LookupError naming what there is;
        SessionError when the log cannot be read."""
        if self.session is None:
            raise LookupError(
                f"no resource {shown(uri)}: this server logs no session; start it with "
                "--session DIR to read its events as session://current/events"
            )
        prefix = EVENT_TEMPLATE.split("{", 1)[0]
        if uri != EVENTS_URI and not uri.startswith(prefix):
            raise LookupError(f"no resource {shown(uri)}; there are {EVENTS_URI} and "
                              f"{EVENT_TEMPLATE}")  # fmt: skip
        events = load_session(self.session).events
        if uri == EVENTS_URI:
            return json.dumps(list(events), ensure_ascii=False)
        seq = uri[len(prefix) :]
        found = [e for e in events if seq.isdigit() and str(e.get("seq")) == seq]
        if not found:
            raise LookupError(f"no event {shown(seq)} in this session: it holds seq 1 to "
                              f"{len(events)}")  # fmt: skip
        return json.dumps(found[0], ensure_ascii=False)

    # -- frames: the span asked for, and the frames in it -------------------------------------

    def _frame_span(self, args: Mapping[str, Any]) -> tuple[str, float, float, float]:
        """frames' anchor, the time it names (time.time()) and since and until from it."""
        anchor = args.get("relative_to", "act" if self._span is not None else "now")
        if anchor not in FRAME_ANCHORS:
            raise ActionError(f"frames: relative_to must be act or now, got {shown(anchor)}")
        if anchor == "now":
            zero, since, until = time.time(), -RECENT_SECONDS, 0.0
        elif self._span is None:
            raise ActionError("frames: no act was done yet; act first, or pass relative_to: now")
        else:
            zero, since, until = self._span[0], 0.0, self._span[1] - self._span[0]
        try:
            since, until = float(args.get("since", since)), float(args.get("until", until))
        except OverflowError:
            since = until = math.inf
        if not (math.isfinite(since) and math.isfinite(until)):
            raise ActionError("frames: since and until must be seconds a float can hold")
        if since > until:
            raise ActionError(f"frames: since ({since:g}) comes after until ({until:g}); swap them")
        return anchor, zero, since, until

    def _shots(self, t0: float, t1: float) -> tuple[list[tuple[float, Any]], bool]:
        """The frames from ``t0`` to ``t1`` as (time, image), the one showing at ``t0``
        first, and whether they came from a frame ring (else: the frame last observed;
        a DesktopScreen's ``recent`` reads its ring)."""
        recent = getattr(self.screen, "recent", None)
        if not callable(recent):
            image = self._current().image
            return ([] if image is None else [(self._seen_at, image)]), False
        kept = recent(None, t1)  # oldest first
        before = [f for f in kept if f.t <= t0][-1:]
        return [(float(f.t), f.image) for f in [*before, *(f for f in kept if f.t > t0)]], True

    # -- looking, resolving, doing --------------------------------------------------------

    def _look(self, goal: str, limit: int | None = None) -> Menu:
        """Capture a new frame and make its menu: act's numbers refer to it now."""
        obs, seen_at = self.screen.capture(), time.time()
        menu = build_menu(obs, goal, limit or self.menu_size)
        self._menu, self._stale, self._seen_at = menu, False, seen_at
        self._looks += 1
        self._emit(
            RunEvent(kind="observe", index=self._acts + 1, observation=obs, menu=menu.lines())
        )
        return menu

    def _current(self) -> Observation:
        """The frame the client last saw (a new one when it saw none)."""
        return (self._menu or self._look("")).observation

    def _resolve(self, value: object) -> tuple[int | None, Element]:
        """A menu number (on the latest observe's menu, while the screen has not been
        acted on since) or a label (on a fresh menu when an action came since)."""
        if _is_number(value):
            if self._menu is None:
                raise ActionError("there is no menu yet: call observe, then name a number on it")
            if self._stale:
                raise ActionError(
                    "menu numbers refer to the last observe, and an action or a change came "
                    "since: call observe again (or name the element's label)"
                )
            return self._menu.lookup(value)
        menu = self._menu if self._menu is not None and not self._stale else self._look("")
        try:
            return menu.lookup(value)
        except BrainError:  # not among the menu's entries: any element with exactly that label
            return None, menu.observation.find(str(value))

    def _do(self, action: Action, menu: Menu, choice: int | None, reply: str) -> Reply:
        """Judge ``action`` with the policy on ``menu``'s frame, then carry it out."""
        obs, self._acts = menu.observation, self._acts + 1
        decision = Decision(action=action, choice=choice, reply=reply)
        step = Step(index=self._acts, observation=obs, menu=menu.lines(), decision=decision)
        self._emit(RunEvent(kind="decide", index=step.index, decision=decision))
        answer = ""
        try:
            elements = self.policy.check(action, obs, history=self._history)
            answer = self._person_said()
            held = "" if self.armed else (self.policy.irreversible(action, elements, obs) or "")
            self._emit(RunEvent(kind="verdict", index=step.index, decision=decision, held=held,
                                answer=answer))  # fmt: skip
            self.policy.check_kill_switch()
            started = time.time()
            result = carry_out(self.executor, (action,), obs)
            self._span = (started, time.time())
        except PolicyRefusal as exc:
            answer = answer or self._person_said()
            refusal = Refusal(rule=exc.rule, message=str(exc))
            self._emit(RunEvent(kind="verdict", index=step.index, decision=decision,
                                refusal=refusal, answer=answer))  # fmt: skip
            self._emit(RunEvent(kind="step", index=step.index,
                                step=dataclasses.replace(step, refusal=refusal)))  # fmt: skip
            if not answer:
                raise
            return _failed(f"refused by {exc.rule}: {exc} (asked: {ANSWERS[answer]})",
                           rule=exc.rule, answer=answer)  # fmt: skip
        except (TargetError, ScreenUnavailable) as exc:
            error = StepError(
                kind="target-not-found" if isinstance(exc, TargetError) else "no-screen",
                message=str(exc),
            )
            self._emit(RunEvent(kind="step", index=step.index,
                                step=dataclasses.replace(step, error=error)))  # fmt: skip
            raise
        self._emit(RunEvent(kind="step", index=step.index,
                            step=dataclasses.replace(step, result=result)))  # fmt: skip
        return self._done(action, result, held, answer)

    def _person_said(self) -> str:
        """What the person answered the irreversible gate in this call ("": not asked)."""
        return self.gate.answer() if self.gate is not None else ""

    def _done(self, action: Action, result: ActionResult, held: str, answer: str) -> Reply:
        if result.ok:
            self._history = [*self._history, action][-SEQUENCE_WINDOW:]
        if VERB_TABLE[action.verb].settles or not result.passive:
            self._stale = True
        data = {"ok": result.ok, "dry_run": result.dry_run, "result": result.to_dict()}
        if answer:
            data["answer"] = answer
        if not result.ok:
            return _failed(f"{action.describe()} failed: {result.error or result.description}",
                           **data)  # fmt: skip
        mode = "dry run, nothing was clicked or typed" if result.dry_run else "done for real"
        text = f"{mode}: {result.description}"
        if held:
            text += f"; with real input this needs a person's yes (irreversible: {held})"
        if answer:
            text += f" ({ANSWERS[answer]})"
        return Reply(text=text + "\n(call observe for the menu of the screen now)", data=data)

    def _menu_data(self, menu: Menu) -> dict[str, Any]:
        obs = menu.observation
        entries = []
        for number, e in enumerate(menu.entries, 1):
            window = obs.window(e)
            entry: dict[str, Any] = {"number": number, "label": e.label, "kind": e.kind,
                                     "line": entry_text(e)}  # fmt: skip
            if e.value is not None:
                entry["value"] = e.value
            if e.kind in ("check", "radio"):
                entry["checked"] = e.checked
            if window is not None and window.title:
                entry["window"] = window.title
            entries.append(entry)
        return {"ok": True, "tools_version": TOOLS_VERSION, "frame": self._looks,
                "armed": self.armed, "hidden": menu.hidden, "entries": entries}  # fmt: skip

    def _emit(self, event: RunEvent) -> None:
        for listener in self._listeners:
            listener(event)

    def _write(self, name: str, arguments: Any, reply: Reply, ms: float) -> None:
        """One line per call: the tool, the verb, the outcome; never typed text."""
        verb = arguments.get("verb") if isinstance(arguments, Mapping) else None
        what = f"{shown(name, 30)}" + (f" verb={shown(verb, 20)}" if verb is not None else "")
        rule = reply.data.get("rule")
        outcome = f"refused={rule}" if rule else "error" if reply.error else "ok"
        when = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        line = f"{when} mcp {what} {outcome} {ms:.0f}ms"
        if self._log is None:
            log.info("%s", line)
            return
        self._log.write(line + "\n")
        self._log.flush()


_Handler = Callable[[McpDesk, Mapping[str, Any]], Reply]
_HANDLERS: Final[Mapping[str, _Handler]] = {
    "observe": McpDesk.observe,
    "act": McpDesk.act,
    "wait_for": McpDesk.wait_for,
    "verify": McpDesk.verify,
    "frames": McpDesk.frames,
    "doctor": McpDesk.doctor,
}


def _spread(items: Sequence[Any], limit: int) -> list[Any]:
    """At most ``limit`` of ``items``: the first, the last and others evenly between
    (``limit`` 1: the last, the screen as it settled)."""
    if len(items) <= limit:
        return list(items)
    if limit == 1:
        return [items[-1]]
    step = (len(items) - 1) / (limit - 1)
    return [items[round(i * step)] for i in range(limit)]


def _utc(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).strftime("%H:%M:%S.%f")[:-3] + "Z"


def _is_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, str) and value.strip().lstrip("#").isdigit()


def _screen_box(element: Element, obs: Observation) -> tuple[int, int, int, int]:
    x0, y0 = obs.mapping.to_screen(element.box[0], element.box[1])
    x1, y1 = obs.mapping.to_screen(element.box[2], element.box[3])
    return x0, y0, max(x1, x0 + 1), max(y1, y0 + 1)


def _png(image: Any) -> bytes | None:
    if image is None:
        return None
    out = io.BytesIO()
    try:
        image.save(out, format="PNG", compress_level=1)
    except (AttributeError, OSError, ValueError) as exc:
        raise ScreenUnavailable(f"the frame could not be encoded as PNG ({exc})") from exc
    return out.getvalue()
