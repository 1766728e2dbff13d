"""The doctor's checks of a remote desktop: the token file, the server, the token, its
mode, its index and its pixels, one :class:`~tiny_computer_agent.desktop.Check` each."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from .._errors import ScreenUnavailable
from ..desktop import Check
from ._client import RemoteScreen, _Wire
from ._server import INDEX_NOTE
from ._tokens import TokenFileError, read_token_file

__all__ = ["check_remote"]

_SERVE_FIX = (
    "on that machine run: tiny-computer-agent --serve --live --token-file F (add "
    "--bind HOST to listen beyond loopback), and pass the address it prints"
)


def check_remote(url: str, *, token_file: str | Path, timeout: float = 10.0) -> list[Check]:
    """Every check of the remote at ``url``, in order; never raises for what it finds.

    Required: the token file, the server answering, the token accepted, an index.
    A dry-run server (not armed) and a screen without pixels are warnings."""
    try:
        token = read_token_file(token_file)
    except TokenFileError as exc:
        return [_fail("token file", str(exc), "see the message; e.g. chmod 600 the file")]
    checks = [
        Check(name="token file", status="ok", detail=f"{token_file} (private)", required=True)
    ]
    try:
        wire = _Wire(url=url, token=token, timeout=timeout)
    except ValueError as exc:
        return [*checks, _fail("remote", str(exc), "pass --remote http://HOST:PORT")]
    screen = RemoteScreen(wire.url, token=token, timeout=timeout)
    steps: list[Callable[[], Check]] = [
        lambda: _reach(wire),
        lambda: _token(screen),
        lambda: _observe(screen),
        lambda: _pixels(screen),
    ]
    for step in steps:
        checks.append(step())
        if checks[-1].status == "fail":
            break
    return checks


def _fail(name: str, detail: str, fix: str) -> Check:
    return Check(name=name, status="fail", detail=detail, fix=fix, required=True)


def _reach(wire: _Wire) -> Check:
    t0 = time.perf_counter()
    try:
        data = wire.json(wire.call("GET", "/health", token=False), "GET /health")
    except ScreenUnavailable as exc:
        return _fail("remote", str(exc), _SERVE_FIX)
    if data.get("service") != "tiny-computer-agent":
        return _fail("remote", f"{wire.url} answers, but not as tiny-computer-agent", _SERVE_FIX)
    ms = (time.perf_counter() - t0) * 1000
    return Check(
        name="remote", status="ok", detail=f"{wire.url} answers in {ms:.0f} ms", required=True
    )


def _token(screen: RemoteScreen) -> Check:
    try:
        data = screen.health()
    except ScreenUnavailable as exc:
        return _fail("remote token", str(exc), "copy the token file --serve wrote on that machine")
    detail = f"accepted by tiny-computer-agent {data.get('version', '?')}"
    return Check(name="remote token", status="ok", detail=detail, required=True)


def _observe(screen: RemoteScreen) -> Check:
    t0 = time.perf_counter()
    try:
        health = screen.health()
        obs = screen.capture()
    except ScreenUnavailable as exc:
        return _fail("remote index", str(exc), "run tiny-computer-agent --doctor on that machine")
    took = time.perf_counter() - t0
    detail = (
        f"{len(obs.elements)} elements on a {obs.size[0]}x{obs.size[1]} frame in {took:.2f} s "
        f"({INDEX_NOTE}); the server is "
        + ("ARMED: real input" if health.get("armed") else "a dry run (not armed)")
    )
    return Check(name="remote index", status="ok", detail=detail, required=True)


def _pixels(screen: RemoteScreen) -> Check:
    last = screen.last
    if last is not None and last.image is not None:
        return Check(name="remote pixels", status="ok", detail="GET /screenshot: a PNG that fits")
    try:
        import PIL  # noqa: F401
    except ImportError:
        return Check(
            name="remote pixels",
            status="warn",
            detail="Pillow is not installed here, so the screenshots are not fetched",
            fix="pip install 'tiny-computer-agent[desktop]' (zoom and vision brains need it)",
        )
    return Check(
        name="remote pixels",
        status="warn",
        detail="the remote's frames have no pixels (a scripted screen?)",
        fix="serve a live screen (--serve --live) or images (--serve --image PATH)",
    )
