"""An MCP server: the screen as tools for a Model Context Protocol client.

``tiny-computer-agent --mcp --live`` (or ``--image PATH|example``, or ``--remote URL``)
serves these tools on stdin/stdout with the official ``mcp`` SDK (``pip install
'tiny-computer-agent[mcp]'``); ``--mcp-http`` serves them over streamable HTTP on
127.0.0.1 with a bearer token (``--token-file``, as ``--serve`` uses it). Tools
version :data:`TOOLS_VERSION` = "1"; every schema has ``additionalProperties: false``:

    observe   {image?: bool, goal?: str, limit?: int 1..100}
              the numbered menu: "3. [button] Save", "7. [field] Name = \"\"", a window's
              title when several show, then the windows and the prose; image: true adds
              the frame as PNG image content. structuredContent: {frame, armed, hidden,
              entries: [{number, label, kind, line, value?, checked?, window?}]}
    act       {verb: click|type|key|scroll|drag|move|wait|focus, target?: int|str,
               text?, keys?, direction?, amount?, to?: int|str, button?, clicks?,
               seconds?, window?}
              one action; target is a number on the latest observe's menu (refused once
              an action came since: observe again) or a label. Judged by the server's
              Policy, then done by its executor: a dry run unless the server was armed
              (--real-input and TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1 where it runs).
              structuredContent: {ok, dry_run, result}
    wait_for  {until?: text|change|still, text?, seconds?, target?}
              watch without acting (no brain); structuredContent: {ok, woke, changed,
              seconds}; a timeout is not an error (ok: false, woke: timeout)
    verify    {text: str}   structuredContent: {visible}
    doctor    {}            the checks of the machine (or the remote) and the mode

A call the client got wrong (an unknown tool, argument or verb, a number not on the
menu, a label not on screen), a refusal (``refused by RULE: why``, structuredContent
``{ok: false, rule}``) and a screen that is gone are tool results with ``isError``;
the server goes on serving. Nothing a client sends can widen the policy: the tools
take actions and looks, never a setting.

    _tools.py   TOOLS_VERSION, the ToolSpec of each tool, read_arguments (stdlib)
    _desk.py    McpDesk: screen, policy, executor, a call at a time, the log (stdlib)
    _server.py  the SDK glue: tools/list, tools/call, stdio and HTTP (imports mcp lazily)
"""

from __future__ import annotations

from ._desk import McpDesk, Reply
from ._server import INSTRUCTIONS, build_server, require_sdk, serve_http, serve_stdio
from ._tools import ACT_VERBS, TOOLS, TOOLS_VERSION, ToolSpec, read_arguments

__all__ = [
    "ACT_VERBS",
    "INSTRUCTIONS",
    "TOOLS",
    "TOOLS_VERSION",
    "McpDesk",
    "Reply",
    "ToolSpec",
    "build_server",
    "read_arguments",
    "require_sdk",
    "serve_http",
    "serve_stdio",
]
