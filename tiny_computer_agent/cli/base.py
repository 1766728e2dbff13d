"""Exit codes, the usage error, and the brain the flags ask for."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Final, TextIO

from ..brains import FirstItemBrain, OracleBrain, PlannerBrain, ScriptedBrain
from ..contracts import Brain
from ..errors import ActionError, TinyAgentError

EXIT_OK: Final = 0

EXIT_FAILED: Final = 1

EXIT_USAGE: Final = 2

EXIT_NO_SCREEN: Final = 3

#: Brains selectable with --brain (weightless ones; model brains are added by name).
BRAIN_CHOICES: Final = ("planner", "first-item", "oracle", "scripted")

#: Model brains (tiny_computer_agent.models; weights load on the first decision).
MODEL_BRAIN_CHOICES: Final = ("text", "vlm", "embed", "openai")


class UsageError(TinyAgentError):
    """Bad command-line input; exits 2."""


def fail(stream: TextIO, message: str) -> None:
    print(f"tiny-computer-agent: {message}", file=stream)


def model_settings(args: argparse.Namespace) -> dict[str, Any]:
    if args.threads is not None and args.threads < 1:
        raise UsageError(f"--threads must be at least 1, got {args.threads}")
    return {
        "model": args.model,
        "device": args.device,
        "threads": args.threads,
        "base_url": args.base_url,
        "allow_remote": args.allow_remote,
        "mode": args.text_mode,
    }


def load_script(value: str) -> ScriptedBrain:
    """Read --script (a file or inline JSON) into a validated ScriptedBrain."""
    path = Path(value)
    source = f"--script {value!r}"
    text = value
    if not value.lstrip().startswith(("[", "{")):
        if not path.is_file():
            raise UsageError(f"{source}: no such file, and not inline JSON (which starts with '[')")
        text, source = path.read_text(encoding="utf-8"), f"--script file {str(path)!r}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{source}: bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    items = [data] if isinstance(data, dict) else data
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise UsageError(f"{source}: expected a JSON list of action objects")
    try:
        return ScriptedBrain.of(items)
    except ActionError as exc:
        raise UsageError(f"{source}: {exc}") from exc


def make_brain(args: argparse.Namespace) -> Brain:
    """The brain the flags ask for."""
    if args.script:
        return load_script(args.script)
    if args.brain == "scripted":
        raise UsageError("--brain scripted needs --script FILE|JSON")
    if args.brain == "oracle":
        if not args.expected:
            raise UsageError("--brain oracle needs --expected LABEL (the right answer)")
        return OracleBrain(expected=tuple(args.expected))
    if args.brain == "first-item":
        return FirstItemBrain()
    if args.brain in MODEL_BRAIN_CHOICES:
        from ..errors import BrainError
        from ..models import make_model_brain

        try:
            brain: Brain = make_model_brain(args.brain, **model_settings(args))
        except (BrainError, ValueError) as exc:
            raise UsageError(str(exc)) from exc
        return brain
    return PlannerBrain()
