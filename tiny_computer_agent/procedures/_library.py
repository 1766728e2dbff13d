"""Where procedures come from: built-in files, the user's folder, and plugins.

    built-in   the JSON files in this package's ``builtin/`` folder
    user       ``<state_dir>/procedures/*.json`` (``$TINY_COMPUTER_AGENT_HOME/procedures``)
    plugin     the entry-point group ``tiny_computer_agent.procedures``: each entry point
               loads a :class:`~._format.Procedure`, or the path of a JSON file or of a
               folder of them

A name is taken by the first to claim it, in that order: a user's or a plugin's
procedure that reuses a built-in name is left out, with the reason in ``problems``. A
file that fails to load is left out the same way (:func:`load_library` never raises for
one file; ``--procedures`` shows what was left out and why).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterable
from importlib import resources
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Final

from .._policy import state_dir
from ._format import Procedure, ProcedureError, load, parse

__all__ = ["PROCEDURE_ENTRY_POINTS", "Library", "load_library", "user_folder"]

log = logging.getLogger(__name__)

PROCEDURE_ENTRY_POINTS: Final = "tiny_computer_agent.procedures"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Library:
    """The procedures found, in the order they are matched, and what was left out."""

    procedures: tuple[Procedure, ...] = ()
    problems: tuple[str, ...] = ()

    def named(self, name: str) -> Procedure | None:
        return next((p for p in self.procedures if p.name == name), None)


def user_folder() -> Path:
    """The user's own procedures: ``<state_dir>/procedures``."""
    return state_dir() / "procedures"


def load_library(*, user: Path | None = None, plugins: bool = True) -> Library:
    """Every procedure: built-ins, then the user's folder (``user``, default
    :func:`user_folder`), then plugins."""
    found: list[Procedure] = []
    problems: list[str] = []
    builtin = resources.files(__package__).joinpath("builtin")
    for entry in sorted(builtin.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            with resources.as_file(entry) as path:
                _add(found, problems, lambda p=path: [load(p, source="built-in")])
    folder = user if user is not None else user_folder()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        _add(found, problems, lambda p=path: [load(p, source="user")])
    for point in entry_points(group=PROCEDURE_ENTRY_POINTS) if plugins else ():
        _add(found, problems, lambda pt=point: _from_plugin(pt.name, pt.load()))
    return Library(procedures=tuple(found), problems=tuple(problems))


def _add(found: list[Procedure], problems: list[str], loader: Any) -> None:
    try:
        procedures: Iterable[Procedure] = loader()
    except ProcedureError as exc:
        problems.append(f"left out: {exc}")
        log.warning("procedure left out: %s", exc)
        return
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not break a run
        problems.append(f"left out: a plugin failed to load: {exc}")
        log.warning("procedure plugin left out: %s", exc)
        return
    for procedure in procedures:
        if any(p.name == procedure.name for p in found):
            why = f"left out: {procedure.path or procedure.name}: the name {procedure.name!r} "
            problems.append(why + "is taken already; rename it")
            log.warning("%s", problems[-1])
            continue
        found.append(procedure)


def _from_plugin(name: str, value: Any) -> list[Procedure]:
    source = f"plugin {name}"
    if isinstance(value, Procedure):
        return [dataclasses.replace(value, source=source)]
    if isinstance(value, dict):
        return [parse(value, where=f"plugin {name}", source=source)]
    path = Path(value) if isinstance(value, (str, Path)) else None
    if path is None:
        raise ProcedureError(
            f"plugin {name!r} gave a {type(value).__name__}; give a Procedure, a dict, or "
            "the path of a JSON file or folder"
        )
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    return [load(f, source=source) for f in files]
