"""The console: a standard-library HTTP server on 127.0.0.1 that streams a run to a
browser (server-sent events) and takes the person's pause, step, stop, take-control
and approve answers back.

Every request needs the token of the URL :attr:`Console.url` (``?token=``, then the
cookie the first page sets, or the ``X-Console-Token`` header); a button press (POST)
needs the query or the header, never the cookie alone, so no other page can press one.
A wrong or missing token, or a request for another host name, is a 403 that says so.

The server cannot be held (:mod:`tiny_computer_agent._serving`): a request must arrive
within ``request_seconds`` of its connection (a slow one is dropped, its thread freed),
at most ``max_connections`` are served at once (one more is a 503 at once), a body's
Content-Length is checked before a byte is read (400, 411, 413), a query with too many
fields is a 400 and a JSON body nested past 400 levels a 400, never a traceback.
"""

from __future__ import annotations

import hmac
import html
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote, urlsplit

from .._events import RunEvent
from .._policy import asked_once, state_dir, text_around
from .._serving import (
    BoundedHTTPServer,
    DeadlineHandler,
    RequestRefused,
    ServerLimits,
    parse_query,
)
from ..brains.models import is_loopback
from ._controls import Controls, Question
from ._feed import Feed, observe_payload, payload

if TYPE_CHECKING:
    from .._actions import Action
    from .._elements import Element, Observation

log = logging.getLogger(__name__)

#: the cookie is named per port: cookies ignore ports, and two consoles may run at once
COOKIE: Final = "tca_console_{port}"
#: a server-sent-events comment this often keeps an idle stream open
_KEEPALIVE_SECONDS: Final = 10.0
FORBIDDEN: Final = (
    "forbidden: this console needs its token. Open the exact URL the run printed "
    "(http://127.0.0.1:PORT/?token=...); a wrong or missing token is refused.\n"
)

Route = Callable[["_Handler", list[str], dict[str, str]], None]


class Console:
    """A live view of one run in a browser, and the buttons to steer it; also the run's
    ``asker`` (:meth:`choose`: an unsure brain's question, answered in the page).

    Wire it into a run (a policy built *with* ``approve`` and ``halt``, then armed)::

        with Console() as console:
            policy = Policy(approve=console.approve, halt=console.halt)
            run_episode(goal, ..., policy=policy, listeners=[console.hear],
                        gate=console.gate)

    ``host`` must be a loopback address unless ``allow_remote`` (the page then travels
    unencrypted; prefer an SSH tunnel). ``port`` 0 picks a free one. ``sessions``: the
    folder of session logs the past-sessions page lists (default: the state
    directory's). ``traces``: a trace folder whose scoreboard the console shows.
    ``max_connections`` and ``request_seconds``: see :class:`ServerLimits` (the browser
    needs a few connections; the event stream holds one while the page is open).
    """

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        paused: bool = False,
        approve_timeout: float = 120.0,
        kill_switch: Path | None = None,
        sessions: Path | None = None,
        traces: Path | None = None,
        allow_remote: bool = False,
        max_connections: int = 32,
        request_seconds: float = 15.0,
    ) -> None:
        if not is_loopback(host) and not allow_remote:
            raise ValueError(
                f"the console serves {host!r}, which is not this machine's loopback; use "
                "127.0.0.1 (reach it from elsewhere through an SSH tunnel), or pass "
                "allow_remote=True to serve other addresses on purpose"
            )
        if not 0 <= port <= 65535:
            raise ValueError(f"port must be 0 (any free port) to 65535, got {port}")
        self.host, self.port = host, port
        self.allow_remote = allow_remote
        self.limits = ServerLimits(
            max_connections=max_connections,
            request_seconds=request_seconds,
        )
        self.token = token or secrets.token_urlsafe(24)
        self.sessions = sessions
        self.traces = traces
        self.feed = Feed()
        self.controls = Controls(
            paused=paused,
            approve_timeout=approve_timeout,
            kill_switch=kill_switch if kill_switch is not None else state_dir() / "STOP",
            on_change=self._control_changed,
        )
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._ask_once = asked_once(self._ask)

    def _control_changed(self, snapshot: Mapping[str, Any]) -> None:
        self.feed.publish("control", dict(snapshot))

    # -- serving -----------------------------------------------------------------------

    def start(self) -> Console:
        """Bind and serve in a background thread; returns self (see :attr:`url`)."""
        if self._server is not None:
            return self
        server = _Server((self.host, self.port), _Handler, self.limits)
        server.console = self
        self.port = server.server_address[1]
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True
        )
        self._thread.name = f"tca-console:{self.port}"
        self._thread.start()
        self.feed.publish("control", self.controls.snapshot())
        return self

    @property
    def url(self) -> str:
        """The page's address with the token (give it only to the person at the run)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/?token={quote(self.token)}"

    def close(self) -> None:
        """Stop serving; a run still held by this console's gate is stopped, not hung."""
        self.controls.stop("the console was closed")
        self.feed.close()
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> Console:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the run's hooks ---------------------------------------------------------------

    def hear(self, event: RunEvent) -> None:
        """The run's listener: the event goes on the feed (quick; nothing is encoded)."""
        if event.kind == "observe" and event.observation is not None:
            obs = event.observation
            frame = None if obs.image is None else self.feed.add_frame(obs.image)
            self.feed.publish("observe", observe_payload(event, obs, frame))
        else:
            self.feed.publish(event.kind, payload(event))

    def gate(self, index: int) -> bool:
        """The run's gate: held while paused or taken over (see :class:`Controls`)."""
        return self.controls.gate(index)

    def halt(self) -> str | None:
        """Policy.halt: the Stop button's reason, or None."""
        return self.controls.halt()

    def approve(self, action: Action, element: Element | None, observation: Observation) -> bool:
        """Policy.approve: ask in the page, with the label and the screen around it.

        Blocks until the person answers, the console's ``approve_timeout`` passes (a
        refusal) or the run is stopped. Asked once per action (a yes also answers the
        executor's second check: :func:`~tiny_computer_agent._policy.asked_once`).
        """
        return self._ask_once(action, element, observation)

    #: the asker's name in a trace (:class:`~tiny_computer_agent._asking.Asker`)
    who = "console"

    def choose(self, question: str, options: Sequence[str]) -> int | None:
        """The run's asker: put an unsure brain's ``question`` and numbered ``options``
        in the page and return the number the person picks; None when they pick none,
        or as :meth:`approve` refuses (time out, stop)."""
        asked = Question(
            ticket=self.controls.ticket(),
            action="which did you mean?",
            label="",
            why=question,
            deadline=time.time() + self.controls.approve_timeout,
            choices=tuple(options),
        )
        found = self.controls.pick(asked)
        chosen = options[found - 1] if found else "none of them"
        self.feed.publish("answer", {"ticket": asked.ticket, "yes": bool(found), "label": chosen})
        return found

    def _ask(self, action: Action, element: Element | None, observation: Observation) -> bool:
        label = element.label if element is not None else (action.keys or action.describe())
        frame = 0 if observation.image is None else self.feed.add_frame(observation.image)
        question = Question(
            ticket=self.controls.ticket(),
            action=action.describe(),
            label=label,
            why=f"{label!r} may not be undone (the irreversible rules or the learned second "
            "opinion): nothing is done until you answer",
            around=_around(element, observation),
            box=None if element is None else element.box,
            frame=frame,
            deadline=time.time() + self.controls.approve_timeout,
        )
        yes = self.controls.ask(question)
        self.feed.publish("answer", {"ticket": question.ticket, "yes": yes, "label": label})
        return yes


def _around(element: Element | None, observation: Observation) -> tuple[str, ...]:
    """The labels nearest ``element`` (itself first), the screen text around it."""
    return () if element is None else tuple(e.label for e in text_around(element, observation))


class _Server(BoundedHTTPServer):
    console: Console


class _Handler(DeadlineHandler):
    server: _Server
    server_version = "tiny-computer-agent-console"
    _fields: dict[str, str] | None = None
    body: bytes = b""  # a POST's body, read (checked and capped) before its route runs

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("console %s: " + format, self.client_address[0], *args)

    @property
    def console(self) -> Console:
        return self.server.console

    # -- the token, the host -----------------------------------------------------------

    def _query(self) -> dict[str, str]:
        """The query's fields, the last of each name (RequestRefused: too many)."""
        if self._fields is None:
            found = parse_query(self.path, self.limits.max_query_fields)
            self._fields = {k: v[-1] for k, v in found.items()}
        return self._fields

    def _given_token(self, *, cookie: bool) -> str:
        query = self._query().get("token")
        if query:
            return query
        header = self.headers.get("X-Console-Token")
        if header:
            return header
        if cookie:
            for part in (self.headers.get("Cookie") or "").split(";"):
                name, _, value = part.strip().partition("=")
                if name == COOKIE.format(port=self.console.port):
                    return value
        return ""

    def _allowed(self, *, cookie: bool) -> bool:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]")
        remote = self.console.allow_remote  # then the Host is whatever name reached us
        if not remote and host != self.console.host and not is_loopback(host):
            why = f"forbidden: unknown host {host!r}; open the console at 127.0.0.1\n"
            self.text(HTTPStatus.FORBIDDEN, why)
            return False
        given = self._given_token(cookie=cookie).encode()
        if not hmac.compare_digest(given, self.console.token.encode()):
            self.text(HTTPStatus.FORBIDDEN, FORBIDDEN)
            return False
        return True

    # -- responses ---------------------------------------------------------------------

    def _send(self, status: int, body: bytes, kind: str, headers: dict[str, str]) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def text(self, status: int, text: str) -> None:
        self._send(status, text.encode(), "text/plain; charset=utf-8", {})

    def reply_json(self, data: object, status: int = HTTPStatus.OK) -> None:
        body = json.dumps(data, default=str).encode()
        self._send(status, body, "application/json", {"Cache-Control": "no-store"})

    def html(self, text: str) -> None:
        headers = {
            "Cache-Control": "no-store",
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
            "style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; "
            "frame-ancestors 'none'",
            "X-Frame-Options": "DENY",
        }
        if self._query().get("token"):  # the first load: later requests carry the cookie
            headers["Set-Cookie"] = (
                f"{COOKIE.format(port=self.console.port)}={self.console.token}; Path=/; "
                "HttpOnly; SameSite=Strict"
            )
        page = text.replace("{{token}}", html.escape(self.console.token))
        self._send(HTTPStatus.OK, page.encode(), "text/html; charset=utf-8", headers)

    def image(self, data: bytes | None, kind: str = "image/jpeg") -> None:
        if data is None:
            self.text(HTTPStatus.NOT_FOUND, "404: that frame is no longer kept\n")
            return
        self._send(HTTPStatus.OK, data, kind, {"Cache-Control": "private, max-age=600"})

    # -- routing -----------------------------------------------------------------------

    def do_GET(self) -> None:
        from ._routes import GET_ROUTES

        self._route(GET_ROUTES, cookie=True)

    def do_POST(self) -> None:
        from ._routes import POST_ROUTES

        self._route(POST_ROUTES, cookie=False)

    def _route(self, table: dict[str, Route], *, cookie: bool) -> None:
        try:
            self._answer(table, cookie=cookie)
        except OSError as exc:  # the browser went away, stopped reading, or was too slow
            self.close_connection = True
            log.debug("console: the connection ended (%s)", exc)

    def _answer(self, table: dict[str, Route], *, cookie: bool) -> None:
        """The query and the body checked (400, 411, 413), the token, then the route."""
        self._fields = None
        try:
            self._query()
            self.body = self.read_body() if self.command == "POST" else b""
        except RequestRefused as refused:
            self.close_connection = True
            self.text(refused.status, f"{refused.status.value}: {refused.message}\n")
            return
        if not self._allowed(cookie=cookie):
            return
        parts = [p for p in urlsplit(self.path).path.split("/") if p]
        route = table.get(parts[0] if parts else "")
        if route is None:
            self.text(HTTPStatus.NOT_FOUND, f"404: nothing at {urlsplit(self.path).path}\n")
            return
        route(self, parts[1:], self._query())

    def body_json(self) -> dict[str, Any] | None:
        """The POST body as a JSON object ({} when empty); None when it is not JSON, or
        nests past :data:`MAX_JSON_DEPTH` levels (checked before it is parsed)."""
        from ..records import loads_json

        if not self.body.strip():
            return {}
        try:
            data = loads_json(self.body)
        except ValueError:  # not JSON, not UTF-8, nested too deep, 4,300+ digits
            return None
        return data if isinstance(data, dict) else None

    def stream(self) -> None:
        """Server-sent events: the ring from Last-Event-ID on, then as they come."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        given = self.headers.get("Last-Event-ID") or "0"
        last = int(given) if given.isdigit() else 0
        feed = self.console.feed
        while True:
            items = feed.since(last, _KEEPALIVE_SECONDS)
            if not items:
                if feed.closed:
                    return
                self.wfile.write(b": keep-alive\n\n")
            for seq, kind, data in items:
                self.wfile.write(f"id: {seq}\nevent: {kind}\ndata: {data}\n\n".encode())
                last = seq
            self.wfile.flush()
