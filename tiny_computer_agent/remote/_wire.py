"""What travels between a driver and a server, in one place: the endpoints, the
headers, the error kinds and HTTP statuses, and the strict readers both sides use."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from .._actions import shown

__all__ = [
    "ACTION_FIELDS",
    "ERROR_STATUS",
    "FRAME_HEADER",
    "MAPPING_HEADER",
    "MAX_JSON_REPLY",
    "MAX_PNG_REPLY",
    "dumps",
    "parse_region",
    "region_query",
]

#: The response header that carries a screenshot's FrameMapping (JSON), so a pixel of
#: the PNG maps to the server's screen exactly as the observation's elements do.
MAPPING_HEADER: Final = "X-Frame-Mapping"
#: The response header that says which observation (``frame``) a screenshot belongs to.
FRAME_HEADER: Final = "X-Frame-Id"
#: The only fields a POST /action body may have: the actions, nothing about the policy.
ACTION_FIELDS: Final = frozenset({"actions"})
#: The most a client reads of a JSON answer, and of a PNG (a 4K screenshot is ~10 MB).
MAX_JSON_REPLY: Final = 8 * 1024 * 1024
MAX_PNG_REPLY: Final = 64 * 1024 * 1024

#: The error kinds a server answers with (``{"error": KIND, "message": ...}``) and
#: their HTTP statuses.
ERROR_STATUS: Final[Mapping[str, int]] = {
    "bad-request": 400,
    "unauthorized": 401,
    "refused": 403,
    "not-found": 404,
    "method-not-allowed": 405,
    "target-not-found": 409,
    "stale-frame": 409,
    "length-required": 411,
    "too-large": 413,
    "rate-limited": 429,
    "server-error": 500,
    "no-screen": 503,
}


def dumps(data: object) -> bytes:
    """Compact UTF-8 JSON (NaN and infinities refused: they are not JSON)."""
    return json.dumps(data, separators=(",", ":"), allow_nan=False).encode("utf-8")


def region_query(region: tuple[int, int, int, int]) -> str:
    """``region=l,t,r,b`` for GET /signature."""
    return "region=" + ",".join(str(int(v)) for v in region)


def parse_region(value: str) -> tuple[int, int, int, int]:
    """``"l,t,r,b"`` as four whole numbers (ValueError naming what was given)."""
    parts = value.split(",")
    if len(parts) != 4 or not all(_whole(p) for p in parts):
        raise ValueError(
            f"region must be four whole numbers left,top,right,bottom, got {shown(value)}"
        )
    left, top, right, bottom = (int(p) for p in parts)
    return left, top, right, bottom


def _whole(text: str) -> bool:
    digits = text[1:] if text.startswith("-") else text
    return 0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()


def error_body(kind: str, message: str, **extra: Any) -> bytes:
    return dumps({"error": kind, "message": message, **extra})
