"""A brain that asks a local OpenAI-compatible server (Ollama, llama.cpp's server, vLLM,
LM Studio) over ``POST {base_url}/chat/completions``, with the standard library only.

Local-first for real: the screen's contents go into the request, so a base URL whose
host is not this machine (loopback) is refused unless ``allow_remote=True``
(``--allow-remote``, the only way past it). With ``vision=True`` the screenshot, with the
menu's boxes numbered on it, is sent as a PNG data URL.

What the transport guarantees (``http.client`` over a socket this module opens itself;
``urllib`` is not used):

- **The base URL is checked before anything is sent**: http(s) only; printable ASCII only
  (no whitespace, control or non-ASCII characters, no backslash); no ``user@`` part, no
  ``?query`` or ``#fragment``; a port, when given, is an integer 1..65535. A refused URL
  is a BrainError naming the fix, never a traceback.
- **Loopback means loopback**: without ``allow_remote`` the host must be ``localhost``
  exactly or a loopback IP literal (:func:`is_loopback` resolves nothing, so
  ``*.localhost`` counts as remote), and every address the host resolves to must be a
  loopback address too. The socket is connected to one of those checked addresses
  itself: there is no second lookup, so a name cannot resolve one way for the check and
  another for the connection.
- **No proxy**: ``http_proxy``, ``https_proxy``, ``all_proxy`` and ``no_proxy`` are never
  consulted; the request goes straight to the checked host.
- **No redirect**: a 3xx answer is a BrainError naming its ``Location``; it is never
  followed, so neither the screen nor the ``Authorization`` header goes anywhere else.
- **A total deadline**: ``timeout`` is the budget of the whole call (connect, TLS, send,
  the status line, the headers and the complete body). Every socket operation is given
  only the time that is left, so a server that drips a byte at a time cannot hold the
  call longer. (Resolving a name is the system resolver's and is not bounded by it; a
  loopback host resolves locally.)
- **A body cap**: the reply is read in chunks and refused past ``max_reply_bytes`` (a
  ``Content-Length`` above it is refused before reading); the body of an HTTP error is
  read only as far as its preview.
- **One error type**: a timeout, an unreachable server, an HTTP error, a malformed HTTP
  response (bad status line, too-long line, too many headers, a connection closed or
  reset mid-reply, bad chunked encoding), a body that is not the chat-completions shape:
  each is a BrainError naming the URL and, where there is one, the fix.
"""

from __future__ import annotations

import base64
import dataclasses
import http.client
import io
import ipaddress
import json
import math
import re
import socket
import ssl
import time
import urllib.parse
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from ..._errors import BrainError
from ..._menu import Menu
from ._base import Message, ModelBrain

__all__ = ["DEFAULT_BASE_URL", "DEFAULT_OPENAI_MODEL", "OpenAIBrain", "is_loopback"]

DEFAULT_BASE_URL: Final = "http://127.0.0.1:11434/v1"  # Ollama's
DEFAULT_OPENAI_MODEL: Final = "qwen2.5:0.5b"
DEFAULT_MAX_REPLY_BYTES: Final = 4 * 1024 * 1024
_BODY_PREVIEW: Final = 200  # characters of a body shown in an error
_PREVIEW_BYTES: Final = 4096  # bytes of an HTTP error's body read for that preview
_READ_CHUNK: Final = 64 * 1024
_HOST_NAME: Final = re.compile(r"[a-z0-9._-]+")


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine without asking a resolver: exactly
    ``localhost``, or a loopback IP literal (``127.0.0.0/8``, ``::1``, ``::ffff:127.x``).

    Any other name counts as remote, ``*.localhost`` included: a name can be made to
    point anywhere, and such a name offers nothing ``127.0.0.1`` does not. (Even
    ``localhost`` is checked again when it is resolved: see :class:`OpenAIBrain`.)"""
    name = host.lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    if name == "localhost":
        return True
    try:
        return _is_loopback_address(ipaddress.ip_address(name))
    except ValueError:
        return False


def _is_loopback_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


@dataclasses.dataclass(frozen=True, slots=True)
class _Endpoint:
    """A checked base URL: ``host`` is what is resolved and connected to, nothing else."""

    url: str  # without a trailing slash
    scheme: str
    host: str  # lower case, IPv6 without brackets
    port: int
    path: str  # without a trailing slash


def _bad_character(text: str) -> str | None:
    """What makes ``text`` unusable in a base URL, or None: only printable ASCII is
    taken (a space, a control character, a backslash or a look-alike letter can make two
    URL parsers disagree about the host)."""
    for char in text:
        if char == "\\":
            return "a backslash"
        if char.isspace():
            return f"whitespace (U+{ord(char):04X})"
        if not char.isprintable():
            return f"a control character (U+{ord(char):04X})"
        if not char.isascii():
            return f"a non-ASCII character {char!r} (write a name in its xn-- form)"
    return None


def _check_url(base_url: str, allow_remote: bool) -> _Endpoint:
    """``base_url`` checked (see the module's docstring), or BrainError naming the fix."""
    example = f"give e.g. {DEFAULT_BASE_URL}"
    bad = _bad_character(base_url)
    if bad is not None:
        raise BrainError(f"--base-url {base_url!r} contains {bad}; {example}")
    try:
        parts = urllib.parse.urlsplit(base_url)
        port = parts.port
    except ValueError as exc:  # a bad port, or brackets that are not an IPv6 address
        raise BrainError(
            f"--base-url {base_url!r} is not a usable URL ({exc}); the port must be a "
            f"number from 1 to 65535; {example}"
        ) from exc
    host = parts.hostname
    if parts.scheme not in ("http", "https") or not host:
        raise BrainError(f"--base-url {base_url!r} is not an http(s) URL; {example}")
    if "@" in parts.netloc:
        raise BrainError(
            f"--base-url {base_url!r} has a user@ part; it is refused (it hides which host "
            f"is meant): give the API key with api_key, and {example}"
        )
    if "?" in base_url or "#" in base_url:
        raise BrainError(f"--base-url {base_url!r} has a ?query or #fragment; {example}")
    if port == 0:
        raise BrainError(f"--base-url {base_url!r}: the port must be from 1 to 65535")
    if _HOST_NAME.fullmatch(host) is None and not _is_ipv6(host):
        raise BrainError(f"--base-url {base_url!r} has an unusable host {host!r}; {example}")
    if not allow_remote and not is_loopback(host):
        raise BrainError(_remote_refusal(base_url, f"the host {host!r} is not this machine"))
    default = 443 if parts.scheme == "https" else 80
    url = base_url.rstrip("/")
    return _Endpoint(url, parts.scheme, host, port or default, parts.path.rstrip("/"))


def _is_ipv6(host: str) -> bool:
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        return False
    return True


def _remote_refusal(base_url: str, why: str) -> str:
    return (
        f"refusing to send the screen to {base_url!r}: {why} (only localhost and "
        "loopback addresses are allowed by default, because every request carries what "
        "is on the screen). If you really mean a remote server, pass --allow-remote "
        "(OpenAIBrain(allow_remote=True))"
    )


def _preview(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    return text if len(text) <= _BODY_PREVIEW else text[: _BODY_PREVIEW - 1] + "…"


@dataclasses.dataclass(kw_only=True)
class OpenAIBrain(ModelBrain):
    """Chat completions from a local server. ``api_key`` is sent as a bearer token when
    given (local servers ignore it). ``json_mode`` asks for ``response_format:
    json_object`` (llama.cpp and Ollama constrain the reply to JSON). ``timeout`` is the
    budget in seconds of a whole call; ``max_reply_bytes`` caps the reply's body."""

    model: str = DEFAULT_OPENAI_MODEL
    base_url: str = DEFAULT_BASE_URL
    allow_remote: bool = False
    timeout: float = 60.0
    max_reply_bytes: int = DEFAULT_MAX_REPLY_BYTES
    vision: bool = False
    json_mode: bool = False
    api_key: str | None = dataclasses.field(default=None, repr=False)
    pointer: Callable[[], tuple[int, int] | None] | None = None
    name: str = "openai"

    def __post_init__(self) -> None:
        self.base_url = _check_url(self.base_url, self.allow_remote).url
        if not (math.isfinite(self.timeout) and self.timeout > 0):
            raise ValueError(f"timeout must be a positive number of seconds, got {self.timeout}")
        if self.max_reply_bytes < 1:
            raise ValueError(f"max_reply_bytes must be positive, got {self.max_reply_bytes}")

    @property
    def sees_pixels(self) -> bool:
        """With ``vision`` only: then every request carries the annotated screenshot."""
        return self.vision

    def settings(self) -> dict[str, Any]:
        return {
            **ModelBrain.settings(self),
            "base_url": self.base_url,
            "vision": self.vision,
            "json_mode": self.json_mode,
        }

    def request_body(self, messages: Sequence[Message], menu: Menu) -> dict[str, Any]:
        """The JSON body sent: the messages (the first user turn carries the annotated
        screenshot as a data URL when ``vision``), greedy, at most ``max_new_tokens``."""
        sent: list[dict[str, Any]] = [dict(m) for m in messages]
        if self.vision:
            image = _data_url(menu, self.pointer)
            first_user = next(m for m in sent if m["role"] == "user")
            first_user["content"] = [
                {"type": "image_url", "image_url": {"url": image}},
                {"type": "text", "text": first_user["content"]},
            ]
        body: dict[str, Any] = {
            "model": self.model,
            "messages": sent,
            "temperature": 0,
            "max_tokens": self.max_new_tokens,
            "stream": False,
        }
        if self.json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    def complete(self, messages: Sequence[Message], menu: Menu) -> str:
        endpoint = _check_url(self.base_url, self.allow_remote)  # again: fields can change
        url = f"{endpoint.url}/chat/completions"
        data = json.dumps(self.request_body(messages, menu)).encode("utf-8")
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Connection": "close",
        }
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        try:
            raw = _post(endpoint, data, headers, brain=self)
        except (_Unreachable, http.client.HTTPException, OSError, ValueError) as exc:
            raise _transport_error(exc, url, self.timeout) from exc
        return _reply_text(raw, url)


def _transport_error(exc: Exception, url: str, timeout: float) -> BrainError:
    """What went wrong between here and ``url``, said as a BrainError."""
    detail = f"{type(exc).__name__}: {str(exc)[:_BODY_PREVIEW]}"
    if isinstance(exc, TimeoutError):
        return BrainError(
            f"the server at {url} did not answer within {timeout:g} s (the budget of the "
            "whole call: connecting, sending and the complete reply); it may still be "
            "loading the model: raise the timeout or send a warm-up request"
        )
    if isinstance(exc, _Unreachable):
        return BrainError(
            f"nothing answered at {url} ({exc}); start a local server (e.g. `ollama "
            "serve`, or `python -m llama_cpp.server --model FILE.gguf`) or fix --base-url"
        )
    if isinstance(exc, http.client.RemoteDisconnected):
        return BrainError(f"the server at {url} closed the connection without answering")
    if isinstance(exc, http.client.HTTPException):
        return BrainError(f"the server at {url} sent a malformed HTTP response ({detail})")
    if isinstance(exc, OSError):
        return BrainError(f"the connection to {url} failed ({detail})")
    return BrainError(f"the exchange with {url} failed ({detail})")


# -- the transport: http.client over a socket opened, checked and timed here -------------


class _Deadline:
    """The end of a call's budget; :meth:`left` is the time remaining, or TimeoutError."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        remaining = self.end - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the call's time budget is spent")
        return remaining


class _DeadlineReader(io.RawIOBase):
    """The socket's receiving side; every read waits only for the time that is left."""

    def __init__(self, sock: socket.socket, deadline: _Deadline) -> None:
        super().__init__()
        self._sock, self._deadline = sock, deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        self._sock.settimeout(self._deadline.left())
        return self._sock.recv_into(buffer)


class _DeadlineSocket:
    """What http.client uses of a socket (``sendall``, ``makefile``, ``close``), each
    bounded by the call's deadline. Closing is left to the owner of the real socket."""

    def __init__(self, sock: socket.socket, deadline: _Deadline) -> None:
        self._sock, self._deadline = sock, deadline

    def sendall(self, data: bytes) -> None:
        self._sock.settimeout(self._deadline.left())  # since 3.5 a total for sendall
        self._sock.sendall(data)

    def makefile(self, mode: str) -> io.BufferedReader:  # http.client asks for "rb" only
        return io.BufferedReader(_DeadlineReader(self._sock, self._deadline), _READ_CHUNK)

    def close(self) -> None:
        """http.client closes its socket when a reply ends; the real one is ours."""


class _Connection(http.client.HTTPConnection):
    """http.client's request writing (with its header checks) and response parsing over
    a socket opened by :func:`_open_socket`: it never resolves, connects or consults a
    proxy itself, and it follows nothing."""

    def __init__(self, endpoint: _Endpoint, sock: _DeadlineSocket) -> None:
        super().__init__(endpoint.host, endpoint.port)
        self.default_port = 443 if endpoint.scheme == "https" else 80  # for the Host header
        self._opened = sock

    def connect(self) -> None:
        self.sock = cast(socket.socket, self._opened)


class _Unreachable(Exception):
    """Nothing could be connected to (the cause is chained)."""


def _open_socket(endpoint: _Endpoint, deadline: _Deadline, allow_remote: bool) -> socket.socket:
    """A socket connected to an address of ``endpoint.host``. Without ``allow_remote``
    every address the host resolves to must be loopback (BrainError otherwise), and the
    socket goes to one of exactly those addresses: nothing is resolved twice."""
    try:
        found = socket.getaddrinfo(endpoint.host, endpoint.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise _Unreachable(f"the host {endpoint.host!r} could not be resolved: {exc}") from exc
    if not allow_remote:
        for *_, address in found:
            if not _is_loopback_address(ipaddress.ip_address(address[0])):
                why = f"{endpoint.host!r} resolves to {address[0]}, which is not this machine"
                raise BrainError(_remote_refusal(endpoint.url, why))
    failure: OSError | None = None
    for family, kind, proto, _, address in found:
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(deadline.left())
            sock.connect(address)
        except TimeoutError:
            sock.close()
            raise
        except OSError as exc:
            sock.close()
            failure = exc
            continue
        if endpoint.scheme == "https":
            return _tls(sock, endpoint.host, deadline)
        return sock
    raise _Unreachable(str(failure or "no address")) from failure


def _tls(sock: socket.socket, host: str, deadline: _Deadline) -> socket.socket:
    """``sock`` wrapped in TLS (certificate and name verified), the handshake timed."""
    try:
        sock.settimeout(deadline.left())
        return ssl.create_default_context().wrap_socket(sock, server_hostname=host)
    except BaseException:
        sock.close()
        raise


def _post(
    endpoint: _Endpoint, body: bytes, headers: dict[str, str], *, brain: OpenAIBrain
) -> bytes:
    """The body of a 2xx answer to ``POST {base}/chat/completions``, within the brain's
    deadline and cap. BrainError for a redirect, an HTTP error or an oversized body;
    http.client's and the socket's own exceptions for the rest (see ``complete``)."""
    deadline = _Deadline(brain.timeout)
    url = f"{endpoint.url}/chat/completions"
    sock = _open_socket(endpoint, deadline, brain.allow_remote)
    try:
        connection = _Connection(endpoint, _DeadlineSocket(sock, deadline))
        connection.request("POST", f"{endpoint.path}/chat/completions", body, headers)
        response = connection.getresponse()
        if 300 <= response.status < 400:
            location = response.getheader("Location") or "(no Location given)"
            raise BrainError(
                f"the server at {url} answered with a redirect (HTTP {response.status}) to "
                f"{location[:_BODY_PREVIEW]!r}; redirects are never followed (the screen and "
                "any API key would go to another address): set --base-url to the address "
                "that answers"
            )
        if not 200 <= response.status < 300:
            preview = _preview(_read_preview(response))
            reason = response.reason[:_BODY_PREVIEW]
            raise BrainError(
                f"the server at {url} answered HTTP {response.status} {reason}: "
                f"{preview or '(empty)'}"
            )
        return _read_body(response, url, brain.max_reply_bytes)
    finally:
        sock.close()


def _read_body(response: http.client.HTTPResponse, url: str, cap: int) -> bytes:
    """The whole body, read in chunks: BrainError past ``cap`` bytes (at once for a
    larger ``Content-Length``), or when the connection ends before the declared length."""
    declared = response.length  # None when chunked or ended by closing
    too_big = (
        f"the server at {url} sent a reply larger than {cap} bytes (max_reply_bytes); "
        "a chat completion is far smaller: is --base-url the right server?"
    )
    if declared is not None and declared > cap:
        raise BrainError(f"{too_big} (it declared {declared} bytes)")
    data = bytearray()
    while chunk := response.read(min(_READ_CHUNK, cap + 1 - len(data))):
        data += chunk
        if len(data) > cap:
            raise BrainError(too_big)
    if declared is not None and len(data) < declared:
        raise BrainError(
            f"the server at {url} closed the connection mid-reply: {len(data)} of the "
            f"{declared} bytes it declared arrived"
        )
    return bytes(data)


def _read_preview(response: http.client.HTTPResponse) -> bytes:
    """The start of an error's body (at most ``_PREVIEW_BYTES``), whatever arrives in
    time: the error is the status, the body only illustrates it."""
    data = bytearray()
    try:
        while len(data) < _PREVIEW_BYTES and (chunk := response.read(_PREVIEW_BYTES - len(data))):
            data += chunk
    except (OSError, http.client.HTTPException, ValueError):
        pass  # a preview cut short is still a preview
    return bytes(data)


def _reply_text(raw: bytes, url: str) -> str:
    """``choices[0].message.content`` of a chat-completions body, or BrainError (a body
    nested past :data:`~tiny_computer_agent.records.MAX_JSON_DEPTH` levels is refused
    before it is parsed: the parser would recurse out of stack)."""
    from ...records import JSONTooDeep, loads_json

    try:
        data = loads_json(raw)
    except JSONTooDeep as exc:
        raise BrainError(
            f"the server at {url} sent a body that is refused unparsed ({exc}); is "
            "--base-url a chat-completions server?"
        ) from exc
    except ValueError as exc:  # not JSON, not UTF-8, a number of 4,300+ digits
        raise BrainError(
            f"the server at {url} sent a body that is not JSON: {_preview(raw)!r}"
        ) from exc
    try:
        content = data["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError) as exc:
        raise BrainError(
            f"the server at {url} sent JSON without choices[0].message.content "
            f"(not the chat-completions shape): {_preview(raw)!r}"
        ) from exc
    if content is None:
        content = ""
    if not isinstance(content, str):
        shown = _preview(repr(content).encode("utf-8", "replace"))
        raise BrainError(f"the server at {url} sent a non-text message content: {shown}")
    return content


def _data_url(menu: Menu, pointer: Callable[[], tuple[int, int] | None] | None) -> str:
    from ._vision import annotate

    image = menu.observation.image
    if image is None:
        raise BrainError(
            "the vision request needs the screenshot, but this observation has no image "
            "(a scripted screen or a replayed trace); use a text model, or --image/--live"
        )
    buffer = io.BytesIO()
    annotate(image, menu, pointer=pointer).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
