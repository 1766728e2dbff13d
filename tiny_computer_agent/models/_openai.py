"""A brain that asks a local OpenAI-compatible server (Ollama, llama.cpp's server, vLLM,
LM Studio) over ``POST {base_url}/chat/completions``, with the standard library only.

Local-first for real: the screen's contents go into the request, so a base URL whose
host is not this machine (loopback) is refused unless ``allow_remote=True``
(``--allow-remote``). With ``vision=True`` the screenshot, with the menu's boxes
numbered on it, is sent as a PNG data URL. A timeout, an HTTP error, a body that is not
the chat-completions shape -- each is a BrainError naming the server and the fix.
"""

from __future__ import annotations

import base64
import dataclasses
import io
import ipaddress
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any, Final

from .._errors import BrainError
from .._menu import Menu
from ._base import Message, ModelBrain

__all__ = ["DEFAULT_BASE_URL", "DEFAULT_OPENAI_MODEL", "OpenAIBrain", "is_loopback"]

DEFAULT_BASE_URL: Final = "http://127.0.0.1:11434/v1"  # Ollama's
DEFAULT_OPENAI_MODEL: Final = "qwen2.5:0.5b"
_BODY_PREVIEW: Final = 200


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine: ``localhost`` or a loopback address. Other names
    are not resolved (a name can point anywhere), so they count as remote."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _check_url(base_url: str, allow_remote: bool) -> str:
    parts = urllib.parse.urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BrainError(
            f"--base-url {base_url!r} is not an http(s) URL; give e.g. {DEFAULT_BASE_URL}"
        )
    if not allow_remote and not is_loopback(parts.hostname):
        raise BrainError(
            f"refusing to send the screen to {base_url!r}: the host {parts.hostname!r} is not "
            "this machine (only localhost and loopback addresses are allowed by default, "
            "because every request carries what is on the screen). If you really mean "
            "a remote server, pass --allow-remote (OpenAIBrain(allow_remote=True))"
        )
    return base_url.rstrip("/")


def _preview(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    return text if len(text) <= _BODY_PREVIEW else text[: _BODY_PREVIEW - 1] + "…"


@dataclasses.dataclass(kw_only=True)
class OpenAIBrain(ModelBrain):
    """Chat completions from a local server. ``api_key`` is sent as a bearer token when
    given (local servers ignore it). ``json_mode`` asks for ``response_format:
    json_object`` (llama.cpp and Ollama constrain the reply to JSON)."""

    model: str = DEFAULT_OPENAI_MODEL
    base_url: str = DEFAULT_BASE_URL
    allow_remote: bool = False
    timeout: float = 60.0
    vision: bool = False
    json_mode: bool = False
    api_key: str | None = dataclasses.field(default=None, repr=False)
    pointer: Callable[[], tuple[int, int] | None] | None = None
    name: str = "openai"

    def __post_init__(self) -> None:
        self.base_url = _check_url(self.base_url, self.allow_remote)
        if self.timeout <= 0:
            raise ValueError(f"timeout must be positive, got {self.timeout}")

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
        url = f"{self.base_url}/chat/completions"
        data = json.dumps(self.request_body(messages, menu)).encode("utf-8")
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        # the scheme was checked to be http(s) in __post_init__
        request = urllib.request.Request(url, data=data, headers=headers, method="POST")  # noqa: S310
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                raw = response.read()
        except urllib.error.HTTPError as exc:
            body = _preview(exc.read() or b"")
            raise BrainError(
                f"the server at {url} answered HTTP {exc.code} {exc.reason}: {body or '(empty)'}"
            ) from exc
        except TimeoutError as exc:
            raise BrainError(
                f"the server at {url} did not answer within {self.timeout:g} s; it may still "
                "be loading the model: raise the timeout or send a warm-up request"
            ) from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise BrainError(
                    f"the server at {url} did not answer within {self.timeout:g} s"
                ) from exc
            raise BrainError(
                f"nothing answered at {url} ({exc.reason}); start a local server (e.g. "
                "`ollama serve`, or `python -m llama_cpp.server --model FILE.gguf`) or fix "
                "--base-url"
            ) from exc
        except OSError as exc:
            raise BrainError(f"the connection to {url} failed: {exc}") from exc
        return _reply_text(raw, url)


def _reply_text(raw: bytes, url: str) -> str:
    """``choices[0].message.content`` of a chat-completions body, or BrainError."""
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
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
        raise BrainError(f"the server at {url} sent a non-text message content: {content!r}")
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
