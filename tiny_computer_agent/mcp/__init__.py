"""An MCP server: the screen as tools for a Model Context Protocol client.

``tiny-computer-agent --mcp --live`` (or ``--image PATH|example``, or ``--remote URL``)
serves these tools on stdin/stdout with the official ``mcp`` SDK (``pip install
'tiny-computer-agent[mcp]'``); ``--mcp-http`` serves them over streamable HTTP on
127.0.0.1 with a bearer token (``--token-file``, as ``--serve`` uses it). Tools
version :data:`TOOLS_VERSION` = "2"; every schema has ``additionalProperties: false``:

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
              Armed, a press that cannot be undone is put to the person through the
              client's elicitation (a form with one box, "press"); only an accept with
              the box ticked lets it through, else "refused by irreversible".
              structuredContent: {ok, dry_run, result, answer?}
    wait_for  {until?: text|change|still, text?, seconds?, target?}
              watch without acting (no brain); structuredContent: {ok, woke, changed,
              seconds}; a timeout is not an error (ok: false, woke: timeout)
    verify    {text: str}   structuredContent: {visible}
    frames    {since?: number, until?: number, relative_to?: act|now, limit?: int 1..8}
              the frames the screen ring kept between two times, in seconds from the
              last act's start (act: default since 0, until when it settled) or from
              now (now: default -10 to 0); the frame showing at since first; each a
              caption line then a PNG. A replay or a remote: the frame last observed.
              structuredContent: {ok, relative_to, ring, kept, frames: [{t, seconds}]}
    doctor    {}            the checks of the machine (or the remote) and the mode

Resources (with ``--session DIR``): ``session://current/events``, the session's
events as one JSON array, and ``session://current/events/{seq}``, one of them (a
template). The verdict of an act the person was asked about carries ``answer``
(:data:`ANSWERS`: accept, decline, cancel, unticked, unanswered, unsupported).

A call the client got wrong (an unknown tool, argument or verb, a number not on the
menu, a label not on screen), a refusal (``refused by RULE: why``, structuredContent
``{ok: false, rule}``) and a screen that is gone are tool results with ``isError``;
the server goes on serving. Nothing a client sends can widen the policy: the tools
take actions and looks, never a setting.

    _tools.py   TOOLS_VERSION, the ToolSpec of each tool, read_arguments (stdlib)
    _asking.py  PersonGate: the irreversible gate's question, through the client (stdlib)
    _desk.py    McpDesk: screen, policy, executor, a call at a time, the log (stdlib)
    _server.py  the SDK glue: tools/list, tools/call, stdio and HTTP (imports mcp lazily)
"""

from __future__ import annotations

from ._asking import ANSWERS, PersonGate
from ._desk import McpDesk, Reply
from ._server import INSTRUCTIONS, build_server, require_sdk, serve_http, serve_stdio
from ._tools import ACT_VERBS, EVENTS_URI, TOOLS, TOOLS_VERSION, ToolSpec, read_arguments

__all__ = [
    "ACT_VERBS",
    "ANSWERS",
    "EVENTS_URI",
    "INSTRUCTIONS",
    "TOOLS",
    "TOOLS_VERSION",
    "McpDesk",
    "PersonGate",
    "Reply",
    "ToolSpec",
    "build_server",
    "read_arguments",
    "require_sdk",
    "serve_http",
    "serve_stdio",
]
