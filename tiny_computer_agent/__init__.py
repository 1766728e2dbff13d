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
from .scoring import (
    BRAIN_FACTORIES,
    VERDICTS,
    DecisionChange,
    Judgement,
    Scoreboard,
    Verdict,
    benchmark,
    benchmark_scoring,
    compare_scoreboards,
    decision_digest,
    load_scoreboard,
    score_path,
    score_recorded,
    score_trace,
    select_brains,
)
from .screens import ImageScreen, ScriptedScreen
from .trace import (
    Expected,
    ReplayedFrame,
    Trace,
    TraceStep,
    load_trace,
    load_traces,
    record,
    replay,
    replay_frames,
)

__all__ = [
    "ARM_ENV",
    "BRAIN_FACTORIES",
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
    "VERDICTS",
    "Action",
    "ActionError",
    "ActionResult",
    "AmbiguousTarget",
    "AutoDetector",
    "Brain",
    "BrainError",
    "Decision",
    "DecisionChange",
    "Detection",
    "Detector",
    "DryRunExecutor",
    "Element",
    "Episode",
    "Executor",
    "Expected",
    "FirstItemBrain",
    "FrameMapping",
    "GoalUnreachable",
    "GridDetector",
    "ImageScreen",
    "Judgement",
    "Menu",
    "MissingExtra",
    "Observation",
    "OcrDetector",
    "OracleBrain",
    "PlannerBrain",
    "Policy",
    "PolicyRefusal",
    "ReplayedFrame",
    "Scoreboard",
    "Screen",
    "ScreenUnavailable",
    "ScriptedBrain",
    "ScriptedScreen",
    "Step",
    "TargetError",
    "TinyAgentError",
    "Trace",
    "TraceError",
    "TraceStep",
    "Verdict",
    "__version__",
    "benchmark",
    "benchmark_scoring",
    "brain_identity",
    "build_menu",
    "choose_detector",
    "compare_scoreboards",
    "decision_digest",
    "example_frames",
    "history_feedback",
    "load_scoreboard",
    "load_trace",
    "load_traces",
    "normalize_keys",
    "normalize_label",
    "parse_decision",
    "reading_order",
    "record",
    "replay",
    "replay_frames",
    "run_episode",
    "save_example",
    "score_path",
    "score_recorded",
    "score_trace",
    "screen_points",
    "select_brains",
    "split_goal",
    "state_dir",
]
