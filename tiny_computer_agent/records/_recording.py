"""Recording and loading: an episode becomes a trace; trace files become traces."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final

from .._contracts import Brain
from .._errors import TraceError
from .._loop import Episode
from .._menu import DEFAULT_MENU_SIZE, build_menu
from .._secrets import redact
from ..brains import brain_identity
from ._cases import traces_of
from ._jsonio import read_json_file
from ._schema import (
    POOL_SCOREBOARD_FORMAT,
    SCOREBOARD_FORMAT,
    Expected,
    Trace,
    TraceStep,
    without_pixels,
)

__all__ = ["load_trace", "load_traces", "record"]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:60] or "task"


def _redacted(value: object, secrets: Mapping[str, str]) -> object:
    """``value`` (parsed JSON) with every secret value in every string, keys included,
    put back as its placeholder."""
    if isinstance(value, str):
        return redact(value, secrets)
    if isinstance(value, list):
        return [_redacted(v, secrets) for v in value]
    if isinstance(value, dict):
        return {redact(str(k), secrets): _redacted(v, secrets) for k, v in value.items()}
    return value


def _expected_of(expected: Expected | str | Iterable[str] | None) -> Expected | None:
    if expected is None or isinstance(expected, Expected):
        return expected
    labels = (expected,) if isinstance(expected, str) else tuple(expected)
    return Expected(labels=labels) if labels else None


def record(
    episode: Episode,
    *,
    brain: Brain,
    expected: Expected | str | Iterable[str] | None = None,
    menu_size: int = DEFAULT_MENU_SIZE,
    task: str | None = None,
    metadata: Mapping[str, str] | None = None,
    secrets: Mapping[str, str] | None = None,
) -> Trace:
    """A trace of ``episode`` as run by ``brain`` (its identity is recorded, not its state).

    ``menu_size`` must be the one the episode ran with: every recorded menu is checked
    against the menu this harness rebuilds, so a replay shows the brain the same menu.
    ``expected`` (labels or an :class:`Expected`) makes the trace a scenario. TraceError
    when the episode saw no frame at all (the kill switch or a dead screen stopped it).

    ``secrets`` (``{name: value}``, the run's ``--secret`` values) are redacted from
    every string of the trace: a value read off the screen, echoed in an error or a
    reply becomes ``<secret>NAME</secret>``, so a saved trace never holds one.
    """
    steps = tuple(TraceStep.of(s) for s in episode.steps)
    if not any(s.frame is not None for s in steps):
        why = redact(f"{episode.outcome}: {episode.reason}", secrets or {})
        raise TraceError(
            f"the episode saw no frame ({why}), so there is nothing to record; fix what "
            "stopped it and run again"
        )
    for step in steps:
        if step.frame is None:
            continue
        if build_menu(step.frame, episode.goal, menu_size).lines() != step.menu:
            raise ValueError(
                f"step {step.index}: the recorded menu is not the one build_menu makes with "
                f"menu_size={menu_size}; pass the menu_size the episode ran with"
            )
    trace = Trace(
        task=task or _slug(episode.goal),
        goal=episode.goal,
        steps=steps,
        menu_size=menu_size,
        brain=brain_identity(brain),
        dry_run=episode.dry_run,
        verify_text=episode.verify_text,
        outcome=episode.outcome,
        reason=episode.reason,
        expected=_expected_of(expected),
        metadata=dict(metadata or {}),
        final=None if episode.final is None else without_pixels(episode.final),
    )
    # what is returned is exactly what load_trace(save(...)) gives back (rounding included)
    data = _redacted(json.loads(trace.to_json()), secrets or {})
    return Trace.from_dict(data, source="<recording>")


def load_trace(path: str | Path) -> Trace:
    """Load and validate one trace file; TraceError names the file and the bad field."""
    return Trace.from_dict(read_json_file(path), source=str(path))


def load_traces(path: str | Path) -> tuple[Trace, ...]:
    """Every ``*.json`` trace in directory ``path`` (sorted by name), or the one file;
    a case file (:mod:`._cases`) gives one scenario per case.

    In a directory, this harness's own scoreboards (``--scoreboard-json``, a task
    pool's ``scoreboard.json``) are skipped: they sit beside the traces they score.
    TraceError when the path does not exist, a directory holds no traces, or any file
    is bad -- never a partial list.
    """
    p = Path(path)
    if p.is_file():
        return tuple(traces_of(read_json_file(p), str(p)))
    if not p.is_dir():
        raise TraceError(f"{p}: no such trace file or directory")
    files = sorted(f for f in p.glob("*.json") if f.is_file())
    found = [(f, read_json_file(f)) for f in files]
    traces = [
        trace
        for f, data in found
        if not (isinstance(data, dict) and _format_of(data) in _NOT_TRACES)
        for trace in traces_of(data, str(f))
    ]
    if not traces:
        raise TraceError(f"{p}: the directory holds no traces (no *.json trace files)")
    return tuple(traces)


#: JSON this harness writes beside traces, which a folder of traces may hold.
_NOT_TRACES: Final = frozenset({SCOREBOARD_FORMAT, POOL_SCOREBOARD_FORMAT})


def _format_of(data: dict[str, object]) -> str | None:
    """A file's "format" when it is text; anything else is left for the trace reader to
    refuse with its reason."""
    value = data.get("format")
    return value if isinstance(value, str) else None
