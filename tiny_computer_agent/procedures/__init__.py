"""Procedures: a task of many steps from one goal, written as data.

    _format    the JSON format (name, description, example goals, typed parameters,
               preconditions, steps in the harness's own verbs, each with its check)
               and the loader, whose errors name the file, the step and the fix
    _match     which procedure a goal asks for: an example read as a pattern, or the
               same words in another order (a lexical match over the examples)
    _meaning   which procedure a goal in plain words asks for, by meaning (sentence
               vectors from the intent brain), and the values its words give
    _library   where procedures come from: built-in (``builtin/*.json``), the user's
               folder (``<state_dir>/procedures``), the ``tiny_computer_agent.procedures``
               entry-point group
    _runner    ProcedureBrain: the steps played as decisions through the one loop
    _teach     teach(): what a person did once (recorded by ``--teach``), as a
               procedure whose steps name the elements used; save() writes it

The registry's ``planner`` is a :class:`ProcedureBrain` around the rule-based
:class:`~tiny_computer_agent.PlannerBrain`: a goal that asks for a procedure plays it,
any other goes to the planner as before. See ``docs/guides/procedures.md``.
"""

from __future__ import annotations

from ._format import (
    CHECKS,
    FORMAT,
    PARAMETER_TYPES,
    STEP_VERBS,
    Condition,
    MenuRoute,
    Parameter,
    Procedure,
    ProcedureError,
    ProcedureStep,
    Target,
    load,
    parse,
)
from ._library import PROCEDURE_ENTRY_POINTS, Library, load_library, user_folder
from ._match import Match, match_goal
from ._runner import ProcedureBrain
from ._teach import Shown, Taught, save, teach

__all__ = [
    "CHECKS",
    "FORMAT",
    "PARAMETER_TYPES",
    "PROCEDURE_ENTRY_POINTS",
    "STEP_VERBS",
    "Condition",
    "Library",
    "Match",
    "MenuRoute",
    "Parameter",
    "Procedure",
    "ProcedureBrain",
    "ProcedureError",
    "ProcedureStep",
    "Shown",
    "Target",
    "Taught",
    "load",
    "load_library",
    "match_goal",
    "parse",
    "save",
    "teach",
    "user_folder",
]
