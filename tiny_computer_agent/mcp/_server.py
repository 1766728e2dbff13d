"""The SDK glue: the official ``mcp`` package serves the desk's tools over stdio or HTTP.

The SDK is imported inside the functions that use it (absolute imports: ``mcp`` here is
the SDK, never this package), so the rest of the library never loads it; without it
:func:`require_sdk` raises MissingExtra naming ``pip install 'tiny-computer-agent[mcp]'``.

Tool calls run on one worker thread, one at a time (a screen and an input backend are
used from one thread; the event loop stays free to answer pings meanwhile).
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any, Final

from .._errors import MissingExtra
from .._version import __version__
from ._desk import McpDesk, Reply
from ._tools import TOOLS, TOOLS_VERSION, ToolSpec

if TYPE_CHECKING:
    from mcp import types
    from mcp.server import Server, ServerRequestContext

__all__ = ["INSTRUCTIONS", "build_server", "require_sdk", "serve_http", "serve_stdio"]

#: What the server tells a client about itself when it connects.
INSTRUCTIONS: Final = (
    "Drive this desktop by number: call observe for a numbered menu of what is on the "
    "screen, then act on a number (click, type, key...), then observe again. The server's "
    "policy judges every action and a refusal names its rule; unless the server was armed "
    "where it runs, every act is a dry run that touches nothing. wait_for watches the "
    "screen without acting; verify says whether a text is visible. "
    f"Tools version {TOOLS_VERSION}."
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
    return types.CallToolResult(
        content=content, structured_content=dict(reply.data) or None, is_error=reply.error
    )


def build_server(desk: McpDesk, pool: concurrent.futures.Executor) -> Server[Any]:
    """The SDK's low-level server with the five tools, each call run on ``pool``."""
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
        reply = await loop.run_in_executor(pool, desk.call, params.name, params.arguments)
        return _result(reply)

    return Server(
        "tiny-computer-agent",
        version=__version__,
        title="Tiny Computer Agent",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
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
    ready: Callable[[str], None] | None = None,
) -> None:  # fmt: skip
    """Serve ``desk`` over streamable HTTP at ``http://host:port/mcp`` until Ctrl-C; every
    request needs ``Authorization: Bearer TOKEN`` (401 otherwise). ``ready`` gets the
    URL once the socket is bound. OSError when the address cannot be used."""
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
            _bearer(app, token), log_level="warning", lifespan="on", access_log=False
        )
        if ready is not None:
            shown = f"[{host}]" if ":" in host else host
            ready(f"http://{shown}:{bound}/mcp")
        uvicorn.Server(config).run(sockets=[sock])


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
