"""The desk behind the tools: one screen, one policy, one executor, one call at a time.

:meth:`McpDesk.call` answers a tool call with a :class:`Reply` and never raises for
what the client or the world caused: a malformed call, a target not on screen, a
policy refusal (with its rule) or a screen that is gone come back as an error reply.
A bug in this library still raises (the SDK answers the call with an MCP error and
goes on serving).

Every call is one log line (time, tool, verb, outcome, milliseconds; never typed
text), and the ``listeners`` (a :class:`~tiny_computer_agent.records.SessionLog`)
hear each ``observe`` and ``act`` as a run's events: ``start`` once, ``observe``
for each menu, and ``decide``, ``verdict``, ``step`` for each action.
"""

from __future__ import annotations

import dataclasses
import io
import json
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
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
from ._tools import ACT_VERBS, TOOLS, TOOLS_VERSION, ToolSpec, read_arguments

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
    refused, a PNG ``image`` (observe with image: true) and structured ``data``."""

    text: str
    error: bool = False
    image: bytes | None = None
    data: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _failed(text: str, **data: Any) -> Reply:
    return Reply(text=text, error=True, data={"ok": False, **data})


class McpDesk:
    """What the tools act on. ``doctor`` returns the server's checks as text (the CLI
    passes the desktop doctor, or the remote's); ``log`` gets one line per call."""

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
    ) -> None:
        self.screen, self.policy = screen, policy
        self.executor: Executor = executor or DryRunExecutor()
        self.menu_size = menu_size
        self._doctor, self._listeners, self._log = doctor, tuple(listeners), log
        self._lock = threading.Lock()
        self._menu: Menu | None = None
        self._stale = True  # an act may have changed the screen since the menu was made
        self._history: list[Action] = []
        self._looks = 0
        self._acts = 0
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

    def call(self, name: str, arguments: Mapping[str, Any] | None) -> Reply:
        """Answer one tool call (one at a time); see the module docstring."""
        t0 = time.perf_counter()
        spec = next((s for s in TOOLS if s.name == name), None)
        with self._lock:
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

    # -- looking, resolving, doing --------------------------------------------------------

    def _look(self, goal: str, limit: int | None = None) -> Menu:
        """Capture a new frame and make its menu: act's numbers refer to it now."""
        obs = self.screen.capture()
        menu = build_menu(obs, goal, limit or self.menu_size)
        self._menu, self._stale = menu, False
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
        try:
            elements = self.policy.check(action, obs, history=self._history)
            held = "" if self.armed else (self.policy.irreversible(action, elements) or "")
            self._emit(RunEvent(kind="verdict", index=step.index, decision=decision, held=held))
            self.policy.check_kill_switch()
            result = carry_out(self.executor, (action,), obs)
        except PolicyRefusal as exc:
            refusal = Refusal(rule=exc.rule, message=str(exc))
            self._emit(
                RunEvent(kind="verdict", index=step.index, decision=decision, refusal=refusal)
            )
            self._emit(RunEvent(kind="step", index=step.index,
                                step=dataclasses.replace(step, refusal=refusal)))  # fmt: skip
            raise
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
        return self._done(action, result, held)

    def _done(self, action: Action, result: ActionResult, held: str) -> Reply:
        if result.ok:
            self._history = [*self._history, action][-SEQUENCE_WINDOW:]
        if VERB_TABLE[action.verb].settles or not result.passive:
            self._stale = True
        data = {"ok": result.ok, "dry_run": result.dry_run, "result": result.to_dict()}
        if not result.ok:
            return _failed(f"{action.describe()} failed: {result.error or result.description}",
                           **data)  # fmt: skip
        mode = "dry run, nothing was clicked or typed" if result.dry_run else "done for real"
        text = f"{mode}: {result.description}"
        if held:
            text += f"; with real input this needs a person's yes (irreversible: {held})"
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
    "doctor": McpDesk.doctor,
}


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
