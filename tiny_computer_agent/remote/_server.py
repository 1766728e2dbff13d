"""The server: the machine being driven answers over HTTP (standard library only).

    GET  /health      {"ok": true, ...}; without a token only {"ok", "service"}; with
                      it, ``scope``: the windows ``--window`` pinned every action to
    GET  /observe     the element index from this machine's detectors, as JSON; it
                      becomes the frame later actions are checked and resolved on
    GET  /screenshot  that frame's pixels (image/png); X-Frame-Mapping says how a
                      pixel maps to this screen, X-Frame-Id which observation it is
    GET  /signature   a cheap digest of the screen, or of ?region=l,t,r,b (waiting)
    POST /action      {"actions": [ACTION, ...]}: checked by this machine's own policy
                      on its own latest frame, then done (or, unarmed, a dry run)

Every request but the minimal /health needs ``Authorization: Bearer TOKEN`` (compared
in constant time; 401 without it). A body over ``max_body`` bytes is refused (413)
before it is read, and a Content-Length that is not one whole number (400) or a chunked
body (411) at once. More than ``rate`` requests a second with the token get 429 with
``Retry-After``; requests without it (or with a wrong one) have a budget of their own
per address, so they never spend the driver's. A request must arrive within
``request_seconds`` of its connection (a slow one is dropped, its thread freed); at
most ``max_connections`` are answered at once (one more gets 503 at once, see
:mod:`tiny_computer_agent._serving`); a query of more than 8 fields is a 400. Every
request is logged on one line (time, client, method, path,
status, milliseconds; for /action the verbs and any refusal's rule, never typed text
and never the token). The request carries actions only: a body with any other field
(a policy, an allow list) is refused (400), so a client can never loosen this
machine's policy; refusals come back as 403 with the rule. One request at a time
touches the screen and the executor.

With ``keep_current`` (the command line's ``--serve`` default), the server also reads
the screen each time it settles while no request is using it, so a driver that
connects later finds the index ready: its first look costs what a warm step's does.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import io
import json
import logging
import math
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime, timezone
from typing import Any, Final, TextIO, cast

from .._actions import MAX_BATCH, VERB_TABLE, Action, check_batch
from .._contracts import ActionResult, Executor, Screen
from .._elements import Observation
from .._errors import (
    ActionError,
    MissingExtra,
    PolicyRefusal,
    ScreenUnavailable,
    TargetError,
    TraceError,
)
from .._executors import DryRunExecutor, carry_out
from .._policy import SEQUENCE_WINDOW, Policy
from .._serving import (
    BoundedHTTPServer,
    DeadlineHandler,
    RequestRefused,
    ServerLimits,
    parse_query,
)
from .._version import __version__
from .._waiting import elements_in_region
from ..brains.models import is_loopback
from ..records import FieldReader, loads_json
from ._wire import (
    ACTION_FIELDS,
    ERROR_STATUS,
    FRAME_HEADER,
    MAPPING_HEADER,
    dumps,
    error_body,
    parse_region,
)

__all__ = ["DEFAULT_MAX_BODY", "INDEX_NOTE", "RemoteServer", "serve"]

log = logging.getLogger(__name__)

DEFAULT_MAX_BODY: Final = 64 * 1024
#: What GET /observe returns, said plainly (in /health and the docs).
INDEX_NOTE: Final = (
    "the element index from this machine's detectors (OCR, or a numbered grid); "
    "there is no accessibility tree yet"
)
#: The longest rest, in seconds, between two looks of a server keeping its index current
#: (a first look that also built the OCR engine would otherwise rest for a minute).
_MAX_REST: Final = 5.0
#: A server keeping its index current leaves the screen alone for this many seconds
#: after a request: a driver mid-episode reads each settled screen itself.
_DRIVEN: Final = 1.0
#: The server keeps the actions it performed for the sequence rule, this many at most.
_HISTORY: Final = SEQUENCE_WINDOW


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class _Reply:
    status: int
    body: bytes
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()
    note: str = ""  # for the log line only


def _error(kind: str, message: str, *, note: str = "", **extra: Any) -> _Reply:
    headers: tuple[tuple[str, str], ...] = ()
    if kind == "rate-limited":
        headers = (("Retry-After", str(extra.pop("retry_after"))),)
    elif kind == "unauthorized":
        headers = (("WWW-Authenticate", 'Bearer realm="tiny-computer-agent"'),)
    return _Reply(
        status=ERROR_STATUS[kind],
        body=error_body(kind, message, **extra),
        headers=headers,
        note=note,
    )


@dataclasses.dataclass(slots=True)
class _Limiter:
    """A token bucket per key (the token, or an address without it): ``rate`` requests
    a second, a second's worth of burst."""

    rate: float
    buckets: dict[str, tuple[float, float]] = dataclasses.field(default_factory=dict)
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def take(self, client: str) -> int:
        """0 when the request may go on, else the whole seconds to wait."""
        now = time.monotonic()
        with self.lock:
            tokens, at = self.buckets.get(client, (self.rate, now))
            tokens = min(self.rate, tokens + (now - at) * self.rate)
            if tokens >= 1:
                self.buckets[client] = (tokens - 1, now)
                return 0
            self.buckets[client] = (tokens, now)
            if len(self.buckets) > 1024:  # forget the quietest addresses
                self.buckets = dict(list(self.buckets.items())[-512:])
            return max(1, math.ceil((1 - tokens) / self.rate))


@dataclasses.dataclass(kw_only=True, slots=True)
class _Desk:
    """The screen, policy and executor behind the endpoints, one request at a time."""

    screen: Screen
    policy: Policy
    executor: Executor
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)
    latest: Observation | None = None
    frame: int = 0
    history: list[Action] = dataclasses.field(default_factory=list)
    #: the actions carried out since ``latest`` was captured: the focus it shows may no
    #: longer hold (a Tab among them), so the policy is told (``Policy.check(batch=)``)
    since_look: list[Action] = dataclasses.field(default_factory=list)
    #: when a request last let go of the screen (time.monotonic())
    touched: float = 0.0

    @contextlib.contextmanager
    def _using(self) -> Iterator[None]:
        """The screen to this request alone; the time it let go is noted."""
        with self.lock:
            try:
                yield
            finally:
                self.touched = time.monotonic()

    def observe(self) -> tuple[int, Observation, bytes]:
        """Capture, index and remember a new frame; its id and the screen's signature of
        it (empty when the screen keeps none)."""
        with self._using():
            obs = self.screen.capture()
            self.latest, self.frame, self.since_look = obs, self.frame + 1, []
            own = getattr(self.screen, "last_signature", b"")
            mine = getattr(self.screen, "last", None) is obs and isinstance(own, bytes)
            return self.frame, obs, own if mine else b""

    def current(self) -> tuple[int, Observation]:
        """The latest frame (captured now if there is none yet)."""
        if self.latest is None:
            frame, obs, _ = self.observe()
            return frame, obs
        return self.frame, self.latest

    def signature(self, region: tuple[int, int, int, int] | None) -> bytes:
        """The screen's own signature; a screen without one is captured (that capture
        becomes the latest frame) and its index in the region is digested."""
        own = getattr(self.screen, "signature", None)
        if callable(own):
            with self._using():
                return bytes(own() if region is None else own(region=region))
        _, obs, _ = self.observe()
        inside = repr(elements_in_region(obs, region)).encode()
        return hashlib.blake2b(inside, digest_size=16).digest()

    def act(self, actions: tuple[Action, ...]) -> ActionResult:
        """Check every action with this machine's policy on its latest frame (a batch as
        a whole, with the actions it performed before), then carry them out."""
        with self._using():
            obs = self.latest if self.latest is not None else self.screen.capture()
            self.latest = obs
            history = list(self.history)
            for action in actions:
                batch = [*self.since_look, *history[len(self.history) :]]  # after obs
                self.policy.check(action, obs, history=history, batch=batch)
                history.append(action)
            self.since_look = [*self.since_look, *actions][-_HISTORY:]
            result = carry_out(self.executor, actions, obs)
            if result.ok:
                self.history = [*self.history, *actions][-_HISTORY:]
            return result


class _Keeper:
    """Keeps the desk's index current while no request is using the screen, so the
    first look of a driver that connects later costs what a warm step's look costs.

    Every ``poll`` seconds it takes the screen's cheap whole-monitor signature (a grab
    and a CRC, a few ms); once a changed screen has held still for ``still`` seconds it
    captures it, which indexes only what changed since the last look (the screen keeps
    its last index; an identical frame is not read again). After a look that took
    ``t`` seconds it rests ``t * (1 / duty - 1)``, at most :data:`_MAX_REST`, so a
    screen that changes every second (a clock) costs little more than ``duty`` of
    the time; what changed meanwhile is read by the next look, or by the request that
    comes first. It never waits for the desk's lock (a request that holds it has the
    screen to itself), stays away for :data:`_DRIVEN` seconds after any request (a
    driver mid-episode reads each settled screen itself), and never touches the frame a
    driver's actions are checked on (:attr:`_Desk.latest`): only the screen's own
    cache. A screen that keeps changing (a video) is never indexed. A failure (the
    display gone) is logged and retried a second later; the request that follows
    reports it as usual."""

    def __init__(
        self, desk: _Desk, *, poll: float = 0.2, still: float = 0.2, duty: float = 0.05
    ) -> None:
        self.desk, self.poll, self.still, self.duty = desk, poll, still, duty
        self.looks = 0  # indexes made while idle (for /health)
        self._stop = threading.Event()
        self._moving, self._since, self._indexed, self._rest = b"", 0.0, b"", 0.0
        self._thread = threading.Thread(target=self._run, name="tca-keep-index", daemon=True)

    def start(self) -> _Keeper:
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30)

    def _run(self) -> None:
        while not self._stop.wait(max(self.poll, self._rest - time.monotonic())):
            if time.monotonic() - self.desk.touched < _DRIVEN:
                continue  # a driver is at work: it reads each settled screen itself
            if not self.desk.lock.acquire(blocking=False):
                continue  # a request has the screen
            try:
                self._tick()
            except Exception:  # the display gone: the next request says so
                log.debug("keeping the index current failed; retrying", exc_info=True)
                self._stop.wait(1.0)
            finally:
                self.desk.lock.release()

    def _tick(self) -> None:
        signature = bytes(self.desk.screen.signature())  # type: ignore[attr-defined]
        now = time.monotonic()
        if signature != self._moving:
            self._moving, self._since = signature, now
        elif now - self._since >= self.still and signature != self._indexed:
            self.desk.screen.capture()
            self._indexed = signature
            self.looks += 1
            done = time.monotonic()
            self._rest = done + min((done - now) * (1 / self.duty - 1), _MAX_REST)


@dataclasses.dataclass(kw_only=True, slots=True)
class _App:
    """Everything a request handler needs: the desk, the token, the limits, the log."""

    desk: _Desk
    token: str
    max_body: int
    limiter: _Limiter  # requests with the token
    strangers: _Limiter  # requests without it, per address
    log: TextIO | None
    limits: ServerLimits = dataclasses.field(default_factory=ServerLimits)
    keeper: _Keeper | None = None
    log_lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def authorized(self, header: str | None) -> bool:
        scheme, _, given = (header or "").partition(" ")
        if scheme.lower() != "bearer":
            return False
        return hmac.compare_digest(given.strip().encode("utf-8"), self.token.encode("utf-8"))

    def write(
        self, client: str, *, method: str, path: str, status: int, ms: float, note: str = ""
    ) -> None:
        when = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        line = f"{when} {client} {method} {path} {status} {ms:.0f}ms" + (f" {note}" if note else "")
        if self.log is None:
            log.info("%s", line)
            return
        with self.log_lock:
            self.log.write(line + "\n")
            self.log.flush()

    def health(self, full: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "service": "tiny-computer-agent"}
        if full:
            out.update(
                version=__version__,
                armed=self.desk.policy.real_input,
                scope=list(self.desk.policy.scope),
                typing_in=list(self.desk.policy.typing_in),
                screen=type(self.desk.screen).__name__,
                executor=type(self.desk.executor).__name__,
                index=INDEX_NOTE,
                max_body=self.max_body,
                rate=self.limiter.rate,
                max_connections=self.limits.max_connections,
                request_seconds=self.limits.request_seconds,
                keeps_index_current=self.keeper is not None,
                idle_looks=0 if self.keeper is None else self.keeper.looks,
            )
        return out


# -- the endpoints -----------------------------------------------------------------------


def _health(app: _App, query: Mapping[str, list[str]], body: bytes) -> _Reply:
    return _Reply(status=200, body=dumps(app.health(True)))


def _observe(app: _App, query: Mapping[str, list[str]], body: bytes) -> _Reply:
    frame, obs, signature = app.desk.observe()
    data = {"frame": frame, "observation": obs.to_dict(), "signature": signature.hex()}
    return _Reply(status=200, body=dumps(data), note=f"frame={frame}")


def _screenshot(app: _App, query: Mapping[str, list[str]], body: bytes) -> _Reply:
    frame, obs = app.desk.current()
    asked = query.get("frame", [""])[-1]
    if asked and asked != str(frame):
        return _error(
            "stale-frame",
            f"frame {asked} is gone; the latest is {frame} (GET /observe for a new one)",
            frame=frame,
        )
    if obs.image is None:
        return _error("not-found", "this screen's frames have no pixels (a scripted screen)")
    return _Reply(
        status=200,
        body=_png(obs.image),
        content_type="image/png",
        headers=((MAPPING_HEADER, json.dumps(obs.mapping.to_dict())), (FRAME_HEADER, str(frame))),
        note=f"frame={frame}",
    )


def _png(image: Any) -> bytes:
    out = io.BytesIO()
    try:
        image.save(out, format="PNG", compress_level=1)
    except (AttributeError, OSError, ValueError) as exc:
        raise ScreenUnavailable(f"the frame could not be encoded as PNG ({exc})") from exc
    return out.getvalue()


def _signature(app: _App, query: Mapping[str, list[str]], body: bytes) -> _Reply:
    given = query.get("region", [""])[-1]
    try:
        region = parse_region(given) if given else None
        digest = app.desk.signature(region)
    except ValueError as exc:  # a malformed region, or one off the screen
        return _error("bad-request", str(exc))
    return _Reply(status=200, body=dumps({"signature": digest.hex()}))


def _action(app: _App, query: Mapping[str, list[str]], body: bytes) -> _Reply:
    actions = read_actions(body)
    verbs = "verbs=" + ",".join(a.verb for a in actions)
    try:
        result = app.desk.act(actions)
    except PolicyRefusal as exc:
        return _error("refused", str(exc), rule=exc.rule, note=f"{verbs} refused={exc.rule}")
    except TargetError as exc:
        return _error("target-not-found", str(exc), note=f"{verbs} target-not-found")
    return _Reply(status=200, body=dumps({"result": result.to_dict()}), note=verbs)


_READER: Final = FieldReader(
    source="POST /action", what="request", fix='send {"actions": [ACTION, ...]} and nothing else'
)


def read_actions(body: bytes) -> tuple[Action, ...]:
    """The actions of a POST /action body, validated (ActionError or TraceError say
    what is wrong: not JSON, a field other than ``actions``, a bad action, a batch that
    cannot go at once, a harness verb)."""
    try:
        data = loads_json(body.decode("utf-8"), parse_constant=_not_json)
    except (UnicodeDecodeError, ValueError) as exc:  # nested too deep is a ValueError
        raise ActionError(f"POST /action: the body is not JSON ({str(exc)[:120]})") from exc
    obj = _READER.obj(data, "", ACTION_FIELDS)
    items = _READER.array(_READER.get(obj, "actions", ""), "actions")
    if not 1 <= len(items) <= MAX_BATCH:
        raise _READER.fail("actions", f"holds {len(items)} actions; send 1 to {MAX_BATCH}")
    actions = tuple(
        Action.from_dict(_READER.obj(item, f"actions[{i}]")) for i, item in enumerate(items)
    )
    for action in actions:
        if VERB_TABLE[action.verb].harness:
            raise ActionError(
                f"{action.verb} is the driving side's own verb (it looks, it does not press): "
                "the loop runs it against RemoteScreen, it is never sent to /action"
            )
    return check_batch(actions) if len(actions) > 1 else actions


def _not_json(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


_Route = Callable[[_App, Mapping[str, list[str]], bytes], _Reply]
_ROUTES: Final[Mapping[str, tuple[str, _Route]]] = {
    "/health": ("GET", _health),
    "/observe": ("GET", _observe),
    "/screenshot": ("GET", _screenshot),
    "/signature": ("GET", _signature),
    "/action": ("POST", _action),
}


def _failure(exc: Exception) -> _Reply:
    """A request's failure as an answer: bad input 400, no screen 503, a bug 500."""
    if isinstance(exc, (ActionError, TraceError)):
        return _error("bad-request", str(exc))
    if isinstance(exc, (ScreenUnavailable, MissingExtra)):
        return _error("no-screen", str(exc))
    log.exception("the remote server failed on a request")
    return _error("server-error", f"the server failed ({type(exc).__name__}); see its log")


class _Handler(DeadlineHandler):
    """One request: token, rate, route, size, then the endpoint; one log line."""

    server_version = "tiny-computer-agent"
    sys_version = ""

    @property
    def app(self) -> _App:
        return cast(_Server, self.server).app

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_PUT(self) -> None:
        self._handle("PUT")

    def do_DELETE(self) -> None:
        self._handle("DELETE")

    def _handle(self, method: str) -> None:
        t0 = time.perf_counter()
        path = self.path.partition("?")[0]
        try:
            reply = self._reply(method, path)
        except TimeoutError as exc:  # the body did not arrive in time: dropped unanswered
            self.close_connection = True
            reply = _Reply(status=408, body=b"", note=f"dropped: {exc}")
        except Exception as exc:  # noqa: BLE001 (a request must not kill the server)
            reply = _failure(exc)
        ms = (time.perf_counter() - t0) * 1000
        self.app.write(
            self.client_address[0],
            method=method,
            path=path[:80],
            status=reply.status,
            ms=ms,
            note=reply.note,
        )  # before the answer goes out: whoever reads the answer can read its line
        if reply.status != 408:
            self._send(reply)

    def _reply(self, method: str, path: str) -> _Reply:
        app = self.app
        header = self.headers.get("Authorization")
        known = app.authorized(header)
        limiter = app.limiter if known else app.strangers
        wait = limiter.take("token" if known else str(self.client_address[0]))
        if wait:
            return _error(
                "rate-limited",
                f"more than {app.limiter.rate:g} requests a second; retry after {wait} s",
                retry_after=wait,
            )
        want, route = _ROUTES.get(path, ("", None))
        if route is None:
            return _error("not-found", f"no endpoint {path[:80]!r}; see GET /health")
        if path == "/health" and header is None and method == "GET":
            return _Reply(status=200, body=dumps(app.health(False)))
        if not known:
            why = "no token was sent" if header is None else "the token is wrong"
            return _error("unauthorized", f"{why}: send Authorization: Bearer TOKEN")
        if method != want:
            return _error("method-not-allowed", f"{path} takes {want}, not {method}")
        try:
            query = parse_query(self.path, self.limits.max_query_fields)
            body = self.read_body(app.max_body)
        except RequestRefused as refused:  # the body's length, the query's fields
            return _error(refused.kind, refused.message)
        return route(app, query, body)

    def _send(self, reply: _Reply) -> None:
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(reply.body)))
            self.send_header("Cache-Control", "no-store")
            for name, value in reply.headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(reply.body)
        except OSError:  # the client went away, or stopped reading (write_seconds)
            self.close_connection = True  # nothing to tell it

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Silenced: :meth:`_handle` writes the one line per request."""

    def log_error(self, format: str, *args: Any) -> None:
        """A request too malformed to reach an endpoint (bad request line, timeout)."""
        note = (format % args)[:120]
        self.app.write(self.client_address[0], method="-", path="-", status=400, ms=0, note=note)


class _Server(BoundedHTTPServer):
    app: _App


class _Server6(_Server):
    address_family = socket.AF_INET6


class RemoteServer:
    """A running server: :attr:`url`, then :meth:`serve_forever` (this thread) or
    :meth:`start` (a background thread), and :meth:`close`. A context manager."""

    def __init__(self, server: _Server) -> None:
        self._server = server
        self._thread: threading.Thread | None = None
        self._serving = False
        address: object = server.server_address
        if isinstance(address, str):  # a Unix socket (serve(unix_socket=...))
            self.url = f"unix:{address}"
            return
        host, port = str(server.server_address[0]), int(server.server_address[1])
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{port}"

    def serve_forever(self) -> None:
        """Answer requests until :meth:`close` (from another thread) or Ctrl-C."""
        self._serving = True
        self._server.serve_forever(poll_interval=0.2)

    def start(self) -> RemoteServer:
        """Serve in a background (daemon) thread; returns self."""
        self._serving = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True
        )
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop answering and release the port (the screen is the caller's to close)."""
        if self._serving:
            self._server.shutdown()
            self._serving = False
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._server.server_close()
        if self._server.app.keeper is not None:
            self._server.app.keeper.close()

    def __enter__(self) -> RemoteServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def serve(
    *,
    screen: Screen,
    policy: Policy,
    executor: Executor | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    token: str,
    log: TextIO | None = None,
    max_body: int = DEFAULT_MAX_BODY,
    rate: float = 20.0,
    keep_current: bool = False,
    unix_socket: str | None = None,
    max_connections: int = 32,
    request_seconds: float = 15.0,
) -> RemoteServer:
    """Bind a server for ``screen`` on ``host:port`` (0: any free port), or on the Unix
    socket path ``unix_socket`` (created mode 0600, removed by :meth:`RemoteServer.close`;
    ``host`` and ``port`` are then unused), and return it, not yet serving. ``executor``
    None is a dry run; real input needs an executor built on an armed ``policy``
    (RealInputExecutor). ``keep_current``: index the screen each time it settles between
    requests (:class:`_Keeper`; a screen without a ``signature`` is not watched), from
    now until :meth:`RemoteServer.close`. ``max_connections``: requests answered at
    once (one more gets 503 at once); ``request_seconds``: the time a request (line,
    headers, body) has to arrive once its connection is accepted. OSError when the
    address cannot be bound; ValueError for an empty token, a limit that is not
    positive, or a socket path that is too long."""
    if not token:
        raise ValueError("a server needs a token: read_token_file() or write_token_file()")
    if max_body < 1 or not (math.isfinite(rate) and rate > 0):
        raise ValueError(f"max_body and rate must be positive, got {max_body} and {rate}")
    limits = ServerLimits(
        max_connections=max_connections,
        request_seconds=request_seconds,
        max_body=max_body,
    )
    if unix_socket is None and not is_loopback(host):
        log_line = f"serving on {host}, which is not loopback: other machines can reach it"
        logging.getLogger(__name__).warning("%s", log_line)
    desk = _Desk(screen=screen, policy=policy, executor=executor or DryRunExecutor())
    if unix_socket is not None:
        from ._unix import bind_unix

        server: _Server = bind_unix(unix_socket)
    else:
        server = (_Server6 if ":" in host else _Server)((host, port), _Handler)
    server.apply(limits)
    watched = keep_current and callable(getattr(screen, "signature", None))
    server.app = _App(
        desk=desk, token=token, max_body=max_body, limiter=_Limiter(rate=rate),
        strangers=_Limiter(rate=rate), log=log, limits=limits,
        keeper=_Keeper(desk).start() if watched else None,
    )  # fmt: skip
    return RemoteServer(server)
