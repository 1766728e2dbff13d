"""Tiny Computer Agent: drive a computer by looking at the screen, with a tiny local brain.

One loop -- observe, think, act, verify. The screen becomes an element index (labels
at real pixels), a brain picks a number from a short menu, a policy-gated executor
acts (a dry run unless armed twice), and success is what the harness can see.

Importing this package loads the standard library only.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .actions import (
    BUTTONS,
    KEY_ALIASES,
    MAX_SCROLL,
    MAX_TEXT_LENGTH,
    MAX_WAIT_SECONDS,
    MODIFIERS,
    SCROLL_DIRECTIONS,
    VERBS,
    Action,
    normalize_keys,
)
from .brains import (
    FirstItemBrain,
    OracleBrain,
    PlannerBrain,
    ScriptedBrain,
    brain_identity,
    split_goal,
)
from .contracts import ActionResult, Brain, Decision, Detection, Detector, Executor, Screen, Step
from .detectors import DETECTORS, AutoDetector, GridDetector, OcrDetector, choose_detector
from .errors import (
    ActionError,
    AmbiguousTarget,
    BrainError,
    GoalUnreachable,
    MissingExtra,
    PolicyRefusal,
    ScreenUnavailable,
    TargetError,
    TinyAgentError,
    TraceError,
)
from .example import EXAMPLE_BUTTONS, EXAMPLE_GOAL, example_frames, save_example
from .executors import DryRunExecutor, screen_points
from .loop import OUTCOMES, Episode, history_feedback, run_episode
from .menu import DEFAULT_MENU_SIZE, Menu, build_menu, parse_decision
from .perception import Element, FrameMapping, Observation, normalize_label, reading_order
from .policy import ARM_ENV, DENIED_CHORDS, DENIED_TEXT, DENIED_WIDGETS, HOME_ENV, Policy, state_dir
from .screens import ImageScreen, ScriptedScreen

__all__ = [
    "ARM_ENV",
    "BUTTONS",
    "DEFAULT_MENU_SIZE",
    "DENIED_CHORDS",
    "DENIED_TEXT",
    "DENIED_WIDGETS",
    "DETECTORS",
    "EXAMPLE_BUTTONS",
    "EXAMPLE_GOAL",
    "HOME_ENV",
    "KEY_ALIASES",
    "MAX_SCROLL",
    "MAX_TEXT_LENGTH",
    "MAX_WAIT_SECONDS",
    "MODIFIERS",
    "OUTCOMES",
    "SCROLL_DIRECTIONS",
    "VERBS",
    "Action",
    "ActionError",
    "ActionResult",
    "AmbiguousTarget",
    "AutoDetector",
    "Brain",
    "BrainError",
    "Decision",
    "Detection",
    "Detector",
    "DryRunExecutor",
    "Element",
    "Episode",
    "Executor",
    "FirstItemBrain",
    "FrameMapping",
    "GoalUnreachable",
    "GridDetector",
    "ImageScreen",
    "Menu",
    "MissingExtra",
    "Observation",
    "OcrDetector",
    "OracleBrain",
    "PlannerBrain",
    "Policy",
    "PolicyRefusal",
    "Screen",
    "ScreenUnavailable",
    "ScriptedBrain",
    "ScriptedScreen",
    "Step",
    "TargetError",
    "TinyAgentError",
    "TraceError",
    "__version__",
    "brain_identity",
    "build_menu",
    "choose_detector",
    "example_frames",
    "history_feedback",
    "normalize_keys",
    "normalize_label",
    "parse_decision",
    "reading_order",
    "run_episode",
    "save_example",
    "screen_points",
    "split_goal",
    "state_dir",
]
