"""Brains: what chooses from the numbered menu.

    _goals         a goal in words read into parts and intents (quoted labels, verbs,
                   settings, waits, window scopes)
    _planner       PlannerBrain: rule-based, matches the goal's labels on the menu
    _baselines     FirstItemBrain, OracleBrain, ScriptedBrain: weightless brains for
                   tests, scoring baselines and users' own tests
    models/        model brains (text, vision, embedding, intent, an OpenAI-compatible
                   server); importing it loads the standard library only

Every brain meets the one-method :class:`~tiny_computer_agent.Brain` contract; the
registry (:mod:`tiny_computer_agent.registry`) names them for the command line.
"""

from __future__ import annotations

from ._baselines import FirstItemBrain, OracleBrain, ScriptedBrain, brain_identity
from ._goals import places_quotes, split_goal
from ._planner import PlannerBrain

__all__ = [
    "FirstItemBrain",
    "OracleBrain",
    "PlannerBrain",
    "ScriptedBrain",
    "brain_identity",
    "places_quotes",
    "split_goal",
]
