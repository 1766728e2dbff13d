"""The driving side: a remote desktop as a Screen and an Executor (``urllib.request``).

:class:`RemoteScreen` and :class:`RemoteExecutor` plug into
:func:`~tiny_computer_agent.run_episode` like any screen and executor; the loop, the
brain, the harness's own verbs (``wait_for`` polls GET /signature, ``zoom`` reads the
pixels of GET /screenshot) and the local policy run here, while the server checks every
action again with its own policy and does it.

What can go wrong on the wire, and what it becomes:

* the server is not there, drops the connection, answers something that is not HTTP,
  is slower than ``timeout``, sends JSON of the wrong shape or not JSON at all, answers
  401 (a wrong token) or 5xx: :class:`~tiny_computer_agent.ScreenUnavailable` naming
  the URL and what came back (the loop records a ``no-screen`` step and stops);
* 403 from POST /action: :class:`~tiny_computer_agent.PolicyRefusal` with the server's
  rule, its message prefixed so it is clear the remote refused;
* 409 (the target is not on the server's latest frame): TargetError;
* 400 from POST /action (an action this server cannot take): a failed ActionResult
  with the server's reason.

No proxy is consulted and no redirect followed: the token goes only to ``url``.
"""

from __future__ import annotations

import dataclasses
import http.client
import io
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .._actions import Action, shown
from .._contracts import ActionResult
from .._elements import FrameMapping, Observation
from .._errors import PolicyRefusal, ScreenUnavailable, TargetError
from ._wire import FRAME_HEADER, MAPPING_HEADER, MAX_JSON_REPLY, MAX_PNG_REPLY, dumps, region_query

__all__ = ["RemoteExecutor", "RemoteScreen", "check_url"]

#: The longest a client waits on a 429's Retry-After before asking once more.
_MAX_RETRY_WAIT: Final = 5.0
_CHUNK: Final = 64 * 1024


def check_url(url: str) -> str:
    """``url`` without a trailing slash, or ValueError naming the fix: http(s), a host,
    printable ASCII, no ``user@``, no query or fragment."""
    example = "give the address --serve printed, e.g. http://127.0.0.1:8765"
    if not url.isascii() or not url.isprintable() or " " in url:
        raise ValueError(f"--remote {shown(url)} holds spaces or unprintable characters; {example}")
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 (raises for a bad port)
    except ValueError as exc:
        raise ValueError(f"--remote {shown(url)} is not a usable URL ({exc}); {example}") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"--remote {shown(url)} is not an http(s) URL; {example}")
    if "@" in parts.netloc or parts.query or parts.fragment or "?" in url or "#" in url:
        raise ValueError(f"--remote {shown(url)} has a user@, ?query or #fragment; {example}")
    return url.rstrip("/")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class _Answer:
    """An HTTP answer: its status, headers and body."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    def error(self) -> tuple[str, str, dict[str, Any]]:
        """The server's error kind and message (its JSON error body), or a preview."""
        try:
            data = json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            data = None
        if isinstance(data, dict) and isinstance(data.get("message"), str):
            return str(data.get("error", "")), data["message"], data
        return "", f"HTTP {self.status}: {_preview(self.body)}", {}


def _preview(body: bytes) -> str:
    text = body.decode("utf-8", "replace").strip()
    return repr(text if len(text) <= 120 else text[:119] + "…") if text else "an empty body"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a 3xx is answered as it is, never followed


@dataclasses.dataclass(kw_only=True, slots=True)
class _Wire:
    """One server: ``call`` sends a request with the token and reads the answer."""

    url: str
    token: str = dataclasses.field(repr=False)
    timeout: float
    opener: urllib.request.OpenerDirector = dataclasses.field(
        default_factory=lambda: urllib.request.build_opener(
            urllib.request.ProxyHandler({}), _NoRedirect()
        ),
        repr=False,
    )
    #: a Unix socket path: every request goes there, whatever the URL's host
    unix_socket: str = ""

    def __post_init__(self) -> None:
        self.url = check_url(self.url)
        if self.unix_socket:
            from ._unix import UnixHTTPHandler

            self.opener = urllib.request.build_opener(
                urllib.request.ProxyHandler({}), _NoRedirect(), UnixHTTPHandler(self.unix_socket)
            )
        if not self.token:
            raise ValueError("a remote desktop needs its token: read_token_file(PATH)")
        if not self.timeout > 0:
            raise ValueError(f"timeout must be a positive number of seconds, got {self.timeout}")

    def call(
        self, method: str, path: str, body: bytes | None = None, *, limit: int = MAX_JSON_REPLY,
        token: bool = True, after: str = "",
    ) -> _Answer:  # fmt: skip
        """Send ``method path``; ScreenUnavailable when no HTTP answer came (``after``
        is added to a timeout's message). A 429 is waited out once."""
        answer = self._once(method, path, body, limit=limit, token=token, after=after)
        if answer.status == 429:
            wait = _retry_after(answer.headers.get("Retry-After"))
            time.sleep(min(wait, _MAX_RETRY_WAIT, self.timeout))
            answer = self._once(method, path, body, limit=limit, token=token, after=after)
        return answer

    def _once(
        self, method: str, path: str, body: bytes | None, *, limit: int, token: bool, after: str
    ) -> _Answer:
        headers = {"Accept": "application/json, image/png"}
        if token:
            headers["Authorization"] = f"Bearer {self.token}"
        if body is not None:
            headers["Content-Type"] = "application/json"
        # the scheme is http(s): check_url saw to it
        request = urllib.request.Request(  # noqa: S310
            self.url + path, data=body, headers=headers, method=method
        )
        deadline = time.monotonic() + self.timeout
        try:
            try:
                with self.opener.open(request, timeout=self.timeout) as reply:
                    data = self._read(reply, limit, deadline, f"{method} {path}")
                    return _Answer(status=reply.status, headers=dict(reply.headers), body=data)
            except urllib.error.HTTPError as exc:
                data = exc.read(limit) if exc.fp is not None else b""
                return _Answer(status=exc.code, headers=dict(exc.headers or {}), body=data)
        except urllib.error.URLError as exc:
            raise self._unreachable(method, path, exc.reason, after) from exc
        except (TimeoutError, http.client.HTTPException, OSError) as exc:
            raise self._unreachable(method, path, exc, after) from exc

    def _read(self, reply: Any, limit: int, deadline: float, what: str) -> bytes:
        chunks, size = [], 0
        while chunk := reply.read(_CHUNK):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise ScreenUnavailable(
                    f"the remote desktop at {self.url} answered {what} with more than "
                    f"{limit // (1024 * 1024)} MB; that is not what a tiny-computer-agent "
                    "server sends"
                )
            if time.monotonic() > deadline:
                raise TimeoutError(f"the answer took longer than {self.timeout:g} s")
        return b"".join(chunks)

    def _unreachable(self, method: str, path: str, why: object, after: str) -> ScreenUnavailable:
        if isinstance(why, (TimeoutError, socket.timeout)):
            return ScreenUnavailable(
                f"the remote desktop at {self.url} did not answer {method} {path} within "
                f"{self.timeout:g} s{after}; is it overloaded, or stopped?"
            )
        if isinstance(why, http.client.HTTPException):
            what = (
                "closed the connection or answered something that is not HTTP "
                f"({type(why).__name__})"
            )
        else:
            what = f"cannot be reached ({why})"
        return ScreenUnavailable(
            f"the remote desktop at {self.url} {what} on {method} {path}{after}; is "
            "`tiny-computer-agent --serve` running there, on this address and port?"
        )

    def json(self, answer: _Answer, what: str) -> dict[str, Any]:
        """The JSON object of a 200 answer; ScreenUnavailable for anything else."""
        if answer.status != 200:
            raise self.failed(answer, what)
        try:
            data = json.loads(answer.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            raise ScreenUnavailable(
                f"the remote desktop at {self.url} answered {what} with something that is not "
                f"a JSON object: {_preview(answer.body)}; is that address a "
                "tiny-computer-agent --serve?"
            )
        return data

    def failed(self, answer: _Answer, what: str) -> ScreenUnavailable:
        """A non-200 answer as ScreenUnavailable, with the server's own words."""
        _, message, _ = answer.error()
        if answer.status == 401:
            message += "; the token is not this server's: pass the token file --serve wrote"
        return ScreenUnavailable(
            f"the remote desktop at {self.url} answered {what} with {answer.status}: {message}"
        )


def _retry_after(value: str | None) -> float:
    try:
        return max(0.0, float(value or 1))
    except ValueError:
        return 1.0


class RemoteScreen:
    """A Screen on another machine's ``tiny-computer-agent --serve``.

    ``capture()`` is GET /observe (the server's detectors made the index; its mapping
    maps to the server's screen), plus the pixels from GET /screenshot when Pillow is
    importable and ``images`` is true. With ``images`` false (for a brain that reads
    only the menu's text, whose ``sees_pixels`` is False) a look is the index alone,
    and :meth:`pixels` fetches a frame's pixels when a step needs them (a zoom).
    ``signature(region=None)`` is GET /signature, so ``wait_for`` polls the server
    cheaply. :attr:`last` and :attr:`last_signature` are the latest capture and the
    server's signature of it. ``unix_socket``: reach the server through this Unix
    socket path (``serve(unix_socket=...)``); ``url`` then names it only in messages.
    """

    def __init__(
        self, url: str, *, token: str, timeout: float = 30.0, images: bool = True,
        unix_socket: str = "",
    ) -> None:  # fmt: skip
        self._wire = _Wire(url=url, token=token, timeout=timeout, unix_socket=unix_socket)
        self.url = self._wire.url
        self.images = images
        self.last: Observation | None = None
        self.last_signature: bytes = b""
        self.frame = 0
        self._pixels = True  # False once the server said its frames have none

    def __repr__(self) -> str:
        return f"RemoteScreen({self.url!r})"

    def health(self) -> dict[str, Any]:
        """GET /health with the token: the server's version, whether it is armed, its
        screen and limits (ScreenUnavailable when it does not answer or refuses the token)."""
        return self._wire.json(self._wire.call("GET", "/health"), "GET /health")

    def capture(self) -> Observation:
        data = self._wire.json(self._wire.call("GET", "/observe"), "GET /observe")
        try:
            frame = data["frame"]
            if isinstance(frame, bool) or not isinstance(frame, int):
                raise TypeError(f"frame is {shown(frame)}, not a whole number")
            obs = Observation.from_dict(data["observation"])
            signature = bytes.fromhex(data.get("signature") or "")
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ScreenUnavailable(
                f"the remote desktop at {self.url} answered GET /observe with JSON that is not "
                f"an observation ({type(exc).__name__}: {shown(str(exc), 120)})"
            ) from exc
        if self.images and self._pixels:
            obs = self._with_pixels(obs, frame)
        self.last, self.last_signature, self.frame = obs, signature, frame
        return obs

    def pixels(self, obs: Observation) -> Observation:
        """``obs`` with the pixels of the latest frame fetched now, when ``obs`` is that
        frame's look (its mapping the frame's); ``obs`` as it is when it has pixels
        already, the server keeps none, a newer frame stands there, or Pillow is missing
        (a note says why when the pixels came but do not belong to it)."""
        if obs.image is not None or not self._pixels or self.last is None:
            return obs
        return self._with_pixels(obs, self.frame)

    def _with_pixels(self, obs: Observation, frame: int) -> Observation:
        try:
            from PIL import Image
        except ImportError:
            return obs  # the index is enough; zoom and a vision brain say they lack pixels
        answer = self._wire.call("GET", f"/screenshot?frame={frame}", limit=MAX_PNG_REPLY)
        if answer.status in (404, 409):  # no pixels there, or a newer frame already
            self._pixels = answer.status != 404
            return obs
        if answer.status != 200:
            raise self._wire.failed(answer, "GET /screenshot")
        why = _mapping_mismatch(answer, obs, frame)
        image = None if why else _decode_png(Image, answer.body)
        if image is None or image.size != obs.size:
            why = why or f"the PNG is not a {obs.size[0]}x{obs.size[1]} image"
            note = f"the remote's screenshot was not used ({why}); this frame has no pixels here"
            return dataclasses.replace(obs, notes=(*obs.notes, note))
        return dataclasses.replace(obs, image=image)

    def signature(self, region: tuple[int, int, int, int] | None = None) -> bytes:
        """The server's digest of its screen now, or of ``region`` (screen pixels)."""
        path = "/signature" if region is None else f"/signature?{region_query(region)}"
        data = self._wire.json(self._wire.call("GET", path), f"GET {path}")
        try:
            return bytes.fromhex(data["signature"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ScreenUnavailable(
                f"the remote desktop at {self.url} answered GET {path} without a signature"
            ) from exc

    def close(self) -> None:
        """Nothing is held open between requests; forget the last frame."""
        self.last, self.last_signature = None, b""


def _mapping_mismatch(answer: _Answer, obs: Observation, frame: int) -> str:
    """Why the screenshot does not belong to ``obs`` (empty when it does)."""
    if answer.headers.get(FRAME_HEADER) != str(frame):
        return f"it is frame {shown(answer.headers.get(FRAME_HEADER))}, not {frame}"
    try:
        mapping = FrameMapping.from_dict(json.loads(answer.headers.get(MAPPING_HEADER) or ""))
    except (ValueError, TypeError, KeyError, AttributeError):
        return f"its {MAPPING_HEADER} header is not a frame mapping"
    return "" if mapping == obs.mapping else "its frame mapping differs from the observation's"


def _decode_png(image_module: Any, data: bytes) -> Any:
    try:
        with image_module.open(io.BytesIO(data)) as img:
            if img.format != "PNG" or img.width * img.height > 90_000_000:
                return None
            img.load()
            return img.convert("RGB")
    except Exception:  # noqa: BLE001 (whatever Pillow's decoders raise: not a usable PNG)
        return None


class RemoteExecutor:
    """An Executor on another machine's ``tiny-computer-agent --serve``: POST /action.

    The server resolves the targets on its own latest frame, checks them with its own
    policy (which nothing sent from here can loosen) and acts, or, unarmed, does a dry
    run: ``dry_run`` on each result says which. See the module docstring for errors."""

    def __init__(self, url: str, *, token: str, timeout: float = 60.0) -> None:
        self._wire = _Wire(url=url, token=token, timeout=timeout)
        self.url = self._wire.url

    def __repr__(self) -> str:
        return f"RemoteExecutor({self.url!r})"

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        return self._send((action,))

    def execute_batch(self, actions: Sequence[Action], observation: Observation) -> ActionResult:
        return self._send(tuple(actions))

    def _send(self, actions: tuple[Action, ...]) -> ActionResult:
        body = dumps({"actions": [a.to_dict() for a in actions]})
        after = "; the action may or may not have been done there"
        answer = self._wire.call("POST", "/action", body, after=after)
        kind, message, data = answer.error() if answer.status != 200 else ("", "", {})
        where = f"the remote desktop at {self.url}"
        if answer.status == 403 and kind == "refused":
            rule = str(data.get("rule") or "remote-policy")
            raise PolicyRefusal(f"{where} refused it ({rule}): {message}", rule=rule)
        if answer.status == 409 and kind == "target-not-found":
            raise TargetError(f"{where} did not find the target on its screen: {message}")
        if answer.status == 400:
            what = " + ".join(a.describe() for a in actions)
            return ActionResult(
                ok=False, description=what, error=f"{where} would not take it: {message}"
            )
        result = self._wire.json(answer, "POST /action").get("result")
        try:
            return ActionResult.from_dict(result)  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ScreenUnavailable(
                f"{where} answered POST /action with JSON that is not a result "
                f"({type(exc).__name__}){after}"
            ) from exc
