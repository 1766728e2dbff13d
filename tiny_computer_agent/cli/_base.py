"""Exit codes, the usage error, and the brain and detector the flags ask for."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Final, TextIO

from .._actions import Action, is_text, printable, shown
from .._contracts import Brain, Detector
from .._elements import normalize_label
from .._errors import ActionError, BrainError, TinyAgentError
from ..brains import ScriptedBrain
from ..registry import BrainOptions, auto_brain
from ..registry import make_brain as build_brain
from ..registry import make_detector as build_detector

EXIT_OK: Final = 0

EXIT_FAILED: Final = 1

EXIT_USAGE: Final = 2

EXIT_NO_SCREEN: Final = 3

#: Ctrl-C and SIGTERM, the shell's convention (128 + the signal number)
EXIT_INTERRUPTED: Final = 130
EXIT_TERMINATED: Final = 143

#: The largest --script read (a file or inline JSON). A script is a list of small
#: actions (each under 1 KB); a bigger one is a mistake, not a script.
MAX_SCRIPT_BYTES: Final = 1024 * 1024


class UsageError(TinyAgentError):
    """Bad command-line input; exits 2."""


def check_path_chars(flag: str, value: str) -> None:
    """UsageError for a path no file name can hold: a NUL byte, or a lone surrogate that
    is not one of undecodable argv bytes (those come back as they were)."""
    if "\x00" in value:
        raise UsageError(f"{flag} {shown(value)}: a path cannot hold a NUL byte")
    try:
        os.fsencode(value)
    except UnicodeEncodeError:
        raise UsageError(
            f"{flag} {shown(value)}: the path holds a lone surrogate, which no file name "
            "can; give a plain path"
        ) from None


def fail(stream: TextIO, message: str) -> None:
    print(f"tiny-computer-agent: {printable(message)}", file=stream)  # it may quote argv


def brain_options(args: argparse.Namespace) -> BrainOptions:
    """The flags that say how to build a brain, as the registry's options (--script is
    read and validated here)."""
    if args.threads is not None and args.threads < 1:
        raise UsageError(f"--threads must be at least 1, got {args.threads}")
    for label in args.expected or ():
        if not is_text(label) or not normalize_label(label):
            raise UsageError(
                f"--expected {shown(label)}: a blank label matches no target on screen; "
                "name one, e.g. --expected Save (or a key's symbol, --expected '÷')"
            )
    return BrainOptions(
        expected=tuple(args.expected or ()),
        script=load_script(args.script) if args.script else None,
        model=args.model,
        device=args.device,
        threads=args.threads,
        base_url=args.base_url,
        allow_remote=args.allow_remote,
        mode=args.text_mode,
    )


def detector_name(args: argparse.Namespace) -> str:
    """--detector NAME, or --no-ocr (which is --detector grid); default auto."""
    if args.no_ocr and args.detector not in (None, "grid"):
        raise UsageError(f"--no-ocr means --detector grid, not {args.detector!r}; drop one")
    return "grid" if args.no_ocr else (args.detector or "auto")


def make_detector(args: argparse.Namespace) -> Detector:
    """The detector the flags ask for (from the registry)."""
    return build_detector(detector_name(args))


def load_script(value: str) -> tuple[Action | tuple[Action, ...] | str, ...]:
    """Read --script (a file or inline JSON) into validated actions (a list inside the
    list is a batch); UsageError names what is wrong with it (not there, too big, not
    UTF-8, not JSON, a bad action, a batch that cannot go at once)."""
    text, source = _script_text(value)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{source}: bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    except (ValueError, RecursionError) as exc:  # 4,300+ digit numbers; nesting
        raise UsageError(f"{source}: the JSON is not usable: {shown(str(exc), 100)}") from exc
    items = [data] if isinstance(data, dict) else data
    if not isinstance(items, list) or not all(_script_item(i) for i in items):
        raise UsageError(
            f"{source}: expected a JSON list of action objects (a list of them inside it is "
            "a batch)"
        )
    try:
        return ScriptedBrain.of(items).items
    except ActionError as exc:
        raise UsageError(f"{source}: {exc}") from exc


def _script_item(item: object) -> bool:
    return isinstance(item, dict) or (
        isinstance(item, list) and all(isinstance(a, dict) for a in item)
    )


def _script_text(value: str) -> tuple[str, str]:
    """The JSON text of --script ``value`` (inline, or the file it names), and how to
    name it in a message."""
    if len(value) > MAX_SCRIPT_BYTES:
        raise UsageError(f"--script is {len(value):,} characters; at most {MAX_SCRIPT_BYTES:,}")
    if value.lstrip().startswith(("[", "{")):
        return value, f"--script {shown(value)}"
    path, source = Path(value), f"--script file {shown(value)}"
    try:
        is_file = path.is_file()
    except (OSError, ValueError):  # a name too long for the file system; a NUL byte
        is_file = False
    if not is_file:
        raise UsageError(
            f"--script {shown(value)}: no such file, and not inline JSON (which starts with '[')"
        )
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_SCRIPT_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"{source}: cannot read it ({exc.strerror or exc})") from exc
    if len(raw) > MAX_SCRIPT_BYTES:
        raise UsageError(
            f"{source}: larger than {MAX_SCRIPT_BYTES // 1024} KB; a script is a short list "
            "of actions"
        )
    try:
        return raw.decode("utf-8-sig"), source
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{source}: not UTF-8 text (byte {exc.start} is 0x{raw[exc.start]:02x}); "
            "save it as UTF-8"
        ) from exc


def make_brain(args: argparse.Namespace, err: TextIO | None = None) -> Brain:
    """The brain the flags ask for: --script implies the scripted brain; ``auto`` picks
    one for the goal (:func:`~tiny_computer_agent.registry.auto_brain`) and says which on
    ``err``."""
    options = brain_options(args)
    name = "scripted" if options.script is not None else args.brain
    if name == "auto":
        name, why = auto_brain(args.goal or "")
        if err is not None:
            print(f"brain: {name} ({why})", file=err)
    if name == "scripted" and options.script is None:
        raise UsageError("--brain scripted needs --script FILE|JSON")
    if name == "oracle" and not args.expected:
        raise UsageError("--brain oracle needs --expected LABEL (the right answer)")
    try:
        return build_brain(name, options)
    except (BrainError, ValueError) as exc:
        raise UsageError(str(exc)) from exc
