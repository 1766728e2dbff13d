"""``--procedures``: the procedures a goal can ask for, and where each comes from."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..procedures import Procedure, load_library, user_folder
from ._base import EXIT_OK, EXIT_USAGE


def run_procedures_list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List every procedure (built-in, the user's folder, plugins) on ``out``, and what
    was left out, and why, on ``err``: exit 0, or 2 when a file was left out."""
    library = load_library()
    if args.json:
        listed = {
            "procedures": [_as_dict(p) for p in library.procedures],
            "user_folder": str(user_folder()),
            "problems": list(library.problems),
        }
        print(json.dumps(listed, indent=2), file=out)
    else:
        for procedure in library.procedures:
            print(_as_text(procedure), file=out)
        folder = user_folder()
        state = "" if folder.is_dir() else " (none yet: put a procedure's .json file there)"
        print(f"your own procedures: {folder}{state}", file=out)
    for problem in library.problems:
        print(problem, file=err)
    return EXIT_USAGE if library.problems else EXIT_OK


def _as_dict(procedure: Procedure) -> dict[str, Any]:
    return {
        "name": procedure.name,
        "source": procedure.source,
        "path": procedure.path,
        "description": procedure.description,
        "examples": list(procedure.examples),
        "parameters": {
            p.name: {"type": p.type, "required": p.required} for p in procedure.parameters
        },
        "steps": [s.describe() for s in procedure.steps],
    }


def _as_text(procedure: Procedure) -> str:
    params = ", ".join(
        f"{{{p.name}}} ({p.type}{'' if p.required else ', optional'})" for p in procedure.parameters
    )
    steps = "; ".join(f"{s.number}. {s.describe()}" for s in procedure.steps)
    examples = ", ".join(repr(e) for e in procedure.examples[:3])
    return (
        f"{procedure.name}  [{procedure.source}: {procedure.path}]\n"
        f"  {procedure.description}\n"
        f"  parameters: {params or 'none'}\n"
        f"  e.g. {examples}\n"
        f"  steps: {steps}\n"
    )
