"""The SDK glue: the official ``mcp`` package serves the desk's tools over stdio or HTTP.

The SDK is imported inside the functions that use it (absolute imports: ``mcp`` here is
the SDK, never this package), so the rest of the library never loads it; without it
:func:`require_sdk` raises MissingExtra naming ``pip install 'tiny-computer-agent[mcp]'``.

Tool calls run on one worker thread, one at a time (a screen and an input backend are
used from one thread; the event loop stays free to answer pings meanwhile, and to carry
an elicitation: the irreversible gate's question is sent from the worker through the
loop, to the client that made the call, when that client declared form elicitation).
The session's events are resources (``session://current/events``, and one event by its
``seq``); a resource that is not there is an MCP error (-32002).
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import hmac
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any, Final

from .._errors import MissingExtra
from .._serving import ServerLimits
from .._version import __version__
from ..records import SessionError
from ._asking import ASK_SECONDS, PRESS_SCHEMA, Ask, answer_of
from ._desk import McpDesk, Reply
from ._tools import EVENT_TEMPLATE, EVENTS_URI, TOOLS, TOOLS_VERSION, ToolSpec

if TYPE_CHECKING:
    from mcp import types
    from mcp.server import Server, ServerRequestContext

__all__ = ["INSTRUCTIONS", "build_server", "require_sdk", "serve_http", "serve_stdio"]

log = logging.getLogger(__name__)

#: JSON-RPC error codes: MCP's "resource not found", and an internal error.
_NOT_FOUND: Final = -32002
_INTERNAL: Final = -32603
_JSON: Final = "application/json"

#: What the server tells a client about itself when it connects.
INSTRUCTIONS: Final = (
    "Drive this desktop by number: call observe for a numbered menu of what is on the "
    "screen, then act on a number (click, type, key...), then observe again. The server's "
    "policy judges every action and a refusal names its rule; unless the server was armed "
    "where it runs, every act is a dry run that touches nothing. wait_for watches the "
    "screen without acting; verify says whether a text is visible; frames shows what the "
    "screen went through during the last act. An armed server asks the person (MCP "
    "elicitation) before a press that cannot be undone. With a session logged, its events "
    f"are the resource {EVENTS_URI}. Tools version {TOOLS_VERSION}."
)

_Scope = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
_Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
_App = Callable[[_Scope, _Receive, _Send], Awaitable[None]]


def require_sdk() -> None:
    """MissingExtra (naming the install command) when the ``mcp`` SDK is not installed."""
    try:
        import mcp.server.lowlevel  # noqa: F401
    except ImportError as exc:
        raise MissingExtra("mcp", "mcp", "the MCP server (--mcp)") from exc


def _tool(spec: ToolSpec) -> types.Tool:
    from mcp import types

    hints = types.ToolAnnotations(
        title=spec.title, read_only_hint=spec.read_only, destructive_hint=not spec.read_only
    )
    return types.Tool(
        name=spec.name,
        title=spec.title,
        description=spec.description,
        input_schema=dict(spec.schema),
        annotations=hints,
        _meta={"tiny-computer-agent/tools-version": TOOLS_VERSION},
    )


def _result(reply: Reply) -> types.CallToolResult:
    from mcp import types

    content: list[types.ContentBlock] = [types.TextContent(text=reply.text)]
    if reply.image is not None:
        data = base64.b64encode(reply.image).decode("ascii")
        content.append(types.ImageContent(data=data, mime_type="image/png"))
    for caption, png in reply.frames:
        data = base64.b64encode(png).decode("ascii")
        content += [types.TextContent(text=caption),
                    types.ImageContent(data=data, mime_type="image/png")]  # fmt: skip
    return types.CallToolResult(
        content=content, structured_content=dict(reply.data) or None, is_error=reply.error
    )


def _asker(ctx: ServerRequestContext[Any], loop: asyncio.AbstractEventLoop) -> Ask | None:
    """The irreversible gate's question, asked from the worker thread through ``loop`` to
    the client of this call; None when that client declared no form elicitation."""
    import anyio
    from mcp import types
    from mcp.shared.exceptions import MCPError

    gone = (MCPError, OSError, EOFError, anyio.ClosedResourceError, anyio.BrokenResourceError)
    session = ctx.session
    wanted = types.ClientCapabilities(elicitation=types.ElicitationCapability())
    said = session.client_capabilities
    if not session.check_client_capability(wanted) or said is None or said.elicitation is None:
        return None
    if said.elicitation.form is None and said.elicitation.url is not None:
        return None  # URL mode only: it cannot show the box to tick

    def ask(question: str) -> str:
        sent = session.elicit_form(question, dict(PRESS_SCHEMA), related_request_id=ctx.request_id)
        future = asyncio.run_coroutine_threadsafe(sent, loop)
        try:
            result = future.result(timeout=ASK_SECONDS)
        except concurrent.futures.TimeoutError:
            future.cancel()
            return "unanswered"
        except gone as exc:  # the client answered with an error, or the connection closed
            log.warning("the elicitation failed (%s): the press is refused", exc)
            return "unanswered"
        return answer_of(result.action, result.content)

    return ask


def _resources(desk: McpDesk) -> dict[str, Any]:
    """The resource handlers: the session's events, read on a thread of the loop's own."""
    from mcp import types
    from mcp.shared.exceptions import MCPError

    async def list_resources(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        about = "every event of this server's session log, in order (a JSON array)"
        listed = [
            types.Resource(uri=uri, name="session events", mime_type=_JSON, description=about)
            for uri in desk.resources()
        ]
        return types.ListResourcesResult(resources=listed)

    async def list_templates(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        about = "one event of the session log, by its seq"
        one = types.ResourceTemplate(
            uri_template=EVENT_TEMPLATE,
            name="one session event",
            mime_type=_JSON,
            description=about,
        )
        templates = [one] if desk.resources() else []
        return types.ListResourceTemplatesResult(resource_templates=templates)

    async def read_resource(
        ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        try:
            text = await asyncio.get_running_loop().run_in_executor(None, desk.read, uri)
        except LookupError as exc:
            raise MCPError(_NOT_FOUND, str(exc)) from exc
        except SessionError as exc:
            raise MCPError(_INTERNAL, f"the session log cannot be read: {exc}") from exc
        content = types.TextResourceContents(uri=uri, mime_type=_JSON, text=text)
        return types.ReadResourceResult(contents=[content])

    return {"on_list_resources": list_resources, "on_read_resource": read_resource,
            "on_list_resource_templates": list_templates}  # fmt: skip


def build_server(desk: McpDesk, pool: concurrent.futures.Executor) -> Server[Any]:
    """The SDK's low-level server with the six tools, each call run on ``pool``, and the
    session's events as resources."""
    from mcp import types
    from mcp.server import Server

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[_tool(spec) for spec in TOOLS])

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        loop = asyncio.get_running_loop()
        ask = _asker(ctx, loop)
        reply = await loop.run_in_executor(pool, desk.call, params.name, params.arguments, ask)
        return _result(reply)

    return Server(
        "tiny-computer-agent",
        version=__version__,
        title="Tiny Computer Agent",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        **_resources(desk),
    )


def serve_stdio(desk: McpDesk) -> None:
    """Serve ``desk`` on stdin and stdout until the client closes them."""
    require_sdk()
    import anyio
    from mcp.server.stdio import stdio_server

    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="tca-mcp") as pool:
        server = build_server(desk, pool)

        async def main() -> None:
            async with stdio_server() as (read, write):
                await server.run(read, write, server.create_initialization_options())

        anyio.run(main)


def serve_http(
    desk: McpDesk, *, token: str, host: str = "127.0.0.1", port: int = 8766,
    ready: Callable[[str], None] | None = None, limits: ServerLimits | None = None,
) -> None:  # fmt: skip
    """Serve ``desk`` over streamable HTTP at ``http://host:port/mcp`` until Ctrl-C; every
    request needs ``Authorization: Bearer TOKEN`` (401 otherwise). ``ready`` gets the
    URL once the socket is bound. OSError when the address cannot be used.

    ``limits`` (the console's and ``--serve``'s :class:`~.._serving.ServerLimits`): a
    request must arrive whole, its head and its body, within ``request_seconds`` of its
    connection (or of the last reply on a kept-alive one), else the connection is closed
    (:func:`_deadline_protocol`); past ``max_connections`` at once a request is answered
    503. Nothing holds a thread: uvicorn serves every connection on one event loop, and
    tool calls run on one worker thread, one at a time."""
    limits = limits or ServerLimits()
    require_sdk()
    import socket

    import uvicorn

    if not token:
        raise ValueError(
            "an HTTP MCP server needs a token: read_token_file() or write_token_file()"
        )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))  # OSError: the caller says which address
    sock.listen(128)  # connections wait in the backlog until uvicorn accepts them
    bound = sock.getsockname()[1]
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="tca-mcp") as pool:
        app = build_server(desk, pool).streamable_http_app(host=host)
        config = uvicorn.Config(
            _bearer(app, token), log_level="warning", lifespan="on", access_log=False,
            http=_deadline_protocol(limits.request_seconds),
            limit_concurrency=limits.max_connections, timeout_keep_alive=5,
        )  # fmt: skip
        if ready is not None:
            shown = f"[{host}]" if ":" in host else host
            ready(f"http://{shown}:{bound}/mcp")
        uvicorn.Server(config).run(sockets=[sock])


def _deadline_protocol(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol (h11) with a deadline on each request: from its
    connection, or from the reply before it on a kept-alive one, the head and the body
    must arrive within ``seconds``, else the connection is closed. uvicorn has none of its
    own: a client sending a header line now and then held its connection for as long as
    it liked (the sixth attacker pass: twelve such clients, and 300 silent ones, all open
    after 20 s). A reply being streamed (the server's event stream) is not a request
    arriving, and has no such deadline."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    arriving = (h11.IDLE, h11.SEND_BODY)  # the client's side: a head or a body to come

    class DeadlineProtocol(H11Protocol):
        _timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state not in arriving:
                self._disarm()  # the request is whole

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on a kept-alive connection

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._timer = self.loop.call_later(seconds, self._late)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _late(self) -> None:
            self._timer = None
            if self.conn.their_state in arriving and not self.transport.is_closing():
                log.warning("mcp: a request did not arrive whole in %g s; closed", seconds)
                self.transport.close()

    return DeadlineProtocol


def _bearer(app: _App, token: str) -> _App:
    """``app`` behind a bearer token, compared in constant time (401 without it)."""
    want = token.encode("utf-8")

    async def guarded(scope: _Scope, receive: _Receive, send: _Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or [])
            scheme, _, given = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(
                given.strip().encode("latin-1"), want
            ):
                body = b'{"error": "unauthorized: send Authorization: Bearer TOKEN"}'
                await send({"type": "http.response.start", "status": 401, "headers": [
                    (b"content-type", b"application/json"),
                    (b"www-authenticate", b'Bearer realm="tiny-computer-agent"'),
                    (b"content-length", str(len(body)).encode())]})  # fmt: skip
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded
