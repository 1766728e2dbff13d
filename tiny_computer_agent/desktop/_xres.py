"""Which process owns a window, as the X server knows it (the X-Resource extension).

Why: ``_NET_WM_PID`` is a property the client writes about itself. Any program may write
another's pid there, leave it out (Tk, Xt and many scripts set none), or write the pid it
has inside a sandbox's pid namespace (a Flatpak program says 2, which on the host is the
kernel's ``kthreadd``, so two sandboxed programs look like one). The scope rule
(:mod:`tiny_computer_agent._scope`) tells a program's own dialog from another program's
window by its process, so it needs the process that really holds the connection.

The X server knows it: for a client on this machine it reads the peer's credentials of
the socket (``SO_PEERCRED``, in the server's own pid namespace), and X-Resource 1.2's
``QueryClientIds`` with the mask ``LocalClientPID`` returns it for the client that owns
any resource id, a window included. For a client it cannot vouch for (over TCP, or a
forwarded ``ssh -X`` client, which the server sees as ``sshd`` or not at all) it returns
nothing. Xorg, Xvfb and Xephyr carry the extension; python-xlib has no binding for it
before 0.29, so the one request is written here in its ``rq`` terms (any version).
"""

from __future__ import annotations

import logging
from typing import Any, Final

log = logging.getLogger(__name__)

#: The extension's name as the server lists it.
EXTENSION: Final = "X-Resource"
#: ``XResQueryClientIds``'s minor opcode, and the mask asking for the local client's pid.
_QUERY_CLIENT_IDS: Final = 4
_LOCAL_CLIENT_PID: Final = 1 << 1


def _request_class() -> Any:
    """The ``QueryClientIds`` request, built on first use (python-xlib is the desktop
    extra's, imported lazily): one client spec in, the reply's words out (a client the
    server identified comes back as its spec, the value's length in bytes, the pid)."""
    from Xlib.protocol import rq

    class QueryClientIds(rq.ReplyRequest):  # type: ignore[misc]
        _request = rq.Struct(
            rq.Card8("opcode"),
            rq.Opcode(_QUERY_CLIENT_IDS),
            rq.RequestLength(),
            rq.Card32("count"),
            rq.Card32("client"),
            rq.Card32("mask"),
        )
        _reply = rq.Struct(
            rq.ReplyCode(),
            rq.Pad(1),
            rq.Card16("sequence_number"),
            rq.ReplyLength(),
            rq.Card32("count"),
            rq.Pad(20),
            rq.List("words", rq.Card32Obj),  # no length field: the rest of the reply
        )

    return QueryClientIds


class ClientPids:
    """The pid of the client owning a window, asked of the X server on ``conn``.

    :attr:`present` says whether the server answers at all (its X-Resource is 1.2 or
    newer); where it does not, callers fall back to the client's own ``_NET_WM_PID``.
    """

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self._opcode = 0
        self._request: Any = None
        try:
            info = conn.query_extension(EXTENSION)
        except Exception:  # an old or odd server: no answer is "not present"
            log.debug("asking for %s failed", EXTENSION, exc_info=True)
            info = None
        opcode = int(getattr(info, "major_opcode", 0) or 0) if info is not None else 0
        if opcode:
            self._opcode = opcode
            self._request = _request_class()

    @property
    def present(self) -> bool:
        return self._request is not None

    def pid(self, window_id: int) -> int | None:
        """The pid of the process whose connection owns ``window_id``, or None when the
        server cannot say (not a local client, no such window, or no extension)."""
        if self._request is None:
            return None
        from Xlib import error as xerror

        try:
            reply = self._request(
                display=self._conn.display,
                opcode=self._opcode,
                count=1,
                client=int(window_id),
                mask=_LOCAL_CLIENT_PID,
            )
            words = [int(w) for w in reply.words]
        except xerror.XError as exc:  # BadValue: the window closed, or an old X-Resource
            log.debug("X-Resource could not name window 0x%x's client: %s", window_id, exc)
            return None
        return _pid_of(words)


def _pid_of(words: list[int]) -> int | None:
    """The pid in a ``QueryClientIds`` reply's words: per id its client, its mask, the
    value's length in bytes and the value; the first id whose mask is the pid's."""
    at = 0
    while at + 3 <= len(words):
        mask, length = words[at + 1], words[at + 2]
        value = words[at + 3 : at + 3 + length // 4]
        if mask == _LOCAL_CLIENT_PID and len(value) == 1 and value[0] > 0:
            return value[0]
        at += 3 + length // 4
    return None
