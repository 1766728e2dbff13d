"""The live desktop flags: --live, --real-input, --doctor, --calibrate."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .._actions import Action, normalize_keys
from .._contracts import Detector, Screen
from .._elements import Element, Observation, normalize_label
from .._errors import ActionError
from .._policy import Approve, Policy, asked_once, text_around
from .._scope import name_problem
from .._secrets import load_secrets, secret_places
from ._base import EXIT_FAILED, EXIT_OK, UsageError, make_detector


def check_desktop_args(args: argparse.Namespace) -> None:
    if not args.live:
        for flag in ("real_input", "allow_grid", "monitor", "scale"):
            if getattr(args, flag) not in (None, False):
                name = "--" + flag.replace("_", "-")
                raise UsageError(f"{name} belongs to a live run; add --live")
    if args.live and args.image:
        raise UsageError("--live looks at the real screen; drop --image (or drop --live)")
    if args.monitor is not None and args.monitor < 0:
        raise UsageError(f"--monitor must be 0 or more, got {args.monitor}")
    if args.scale is not None and not 0.25 <= args.scale <= 8:
        raise UsageError(f"--scale is a HiDPI factor from 0.25 to 8 (e.g. 2), got {args.scale:g}")


def live_description(args: argparse.Namespace) -> str:
    import os

    monitor = "the primary monitor" if args.monitor is None else f"monitor {args.monitor}"
    return f"X display {os.environ.get('DISPLAY', '?')}, {monitor}"


def make_policy(
    args: argparse.Namespace,
    err: TextIO = sys.stderr,
    *,
    approve: Callable[[Action, Element | None, Observation], bool] | None = None,
    halt: Callable[[], str | None] | None = None,
) -> Policy:
    """The run's policy; armed only by --real-input *and* the environment variable.

    Irreversible targets pass with --allow-irreversible LABEL; otherwise, with real input,
    the person is asked (``approve``: the console's page; else an interactive terminal),
    and without either they are refused. ``halt``: a second kill switch (Stop).
    """
    at_terminal = sys.stdin is not None and sys.stdin.isatty()
    person = approve is not None or at_terminal  # someone to answer the learner's questions
    if approve is None and at_terminal and args.real_input:
        approve = terminal_approval(sys.stdin, err)
    policy = Policy(
        max_steps=args.max_steps,
        max_wait_seconds=args.max_wait,
        allow_grid=args.allow_grid,
        allow_irreversible=tuple(args.allow_irreversible or ()),
        irreversible_learner=learner_on(args, person=person),
        allow_keys=allowed_keys(args),
        allow_global_keys=allowed_keys(args, "allow_global_key"),
        allow_widgets=tuple(getattr(args, "allow_widget", None) or ()),
        scope=window_scope(args),
        typing_in=typing_programs(args),
        approve=approve,
        halt=halt,
        secrets=load_secrets(args.secret or ()),
        secret_fields=tuple(getattr(args, "secret_field", None) or ()),
        secret_places=secret_places(args.secret or ()),
    )
    return policy.armed(flag=True) if args.real_input else policy


def learner_on(args: argparse.Namespace, *, person: bool) -> bool:
    """Whether the policy asks the learned second opinion (--irreversible-learner): 'on',
    'off', or 'auto' (the default), on only when a ``person`` can answer its questions:
    it asks about a few harmless labels, which a script or a remote client would have
    refused for want of a yes."""
    chosen = getattr(args, "irreversible_learner", "auto")
    return chosen == "on" or (chosen == "auto" and person)


def allowed_keys(args: argparse.Namespace, flag: str = "allow_key") -> tuple[str, ...]:
    """--allow-key's chords (``flag``: --allow-global-key's), normalised; a name no
    keyboard has is a usage error."""
    chords = []
    for given in getattr(args, flag, None) or ():
        try:
            chords.append(normalize_keys(given))
        except ActionError as exc:
            raise UsageError(f"--{flag.replace('_', '-')} {given!r}: {exc}") from None
    return tuple(chords)


def window_scope(args: argparse.Namespace) -> tuple[str, ...]:
    """--window's names (the scope every action is confined to); a blank one is a usage
    error."""
    names = tuple(getattr(args, "window", None) or ())
    for given in names:
        if (why := name_problem(given)) is not None:
            raise UsageError(
                f"--window {given!r} names no window ({why}): give a WM_CLASS, a process "
                "name, a whole title or a title pattern with * ('*notes.txt*'), e.g. "
                "--window gedit"
            )
    return names


def typing_programs(args: argparse.Namespace) -> tuple[str, ...]:
    """--allow-typing-in's names (programs that may take text beyond the table); '*' any
    program; a blank one is a usage error."""
    names = tuple(getattr(args, "allow_typing_in", None) or ())
    for given in names:
        if given.strip() != "*" and not normalize_label(given):
            raise UsageError(
                f"--allow-typing-in {given!r} names no program: give a WM_CLASS, process "
                "name or title (e.g. --allow-typing-in gedit), or '*' for any program"
            )
    return tuple("*" if n.strip() == "*" else n for n in names)


def terminal_approval(stdin: TextIO, err: TextIO) -> Approve:
    """The question a person answers before an irreversible action: True only for
    'yes'; asked once per action (:func:`~tiny_computer_agent._policy.asked_once`)."""

    def ask(action: Action, element: Element | None, observation: Observation) -> bool:
        print(f"\nthis action cannot be undone: {action.describe()}", file=err)
        if element is not None:
            print("screen text around it:", file=err)
            near = sorted(text_around(element, observation), key=lambda e: (e.box[1], e.box[0]))
            for e in near:
                print(f"  {'>' if e.label == element.label else ' '} {e.label}", file=err)
        print("type yes to do it, anything else refuses it: ", end="", file=err, flush=True)
        return stdin.readline().strip().casefold() == "yes"

    return asked_once(ask)


def make_desktop_screen(args: argparse.Namespace, detector: Detector | None = None) -> Screen:
    """The real screen (opened now, so a missing display fails before anything runs);
    ``detector`` None: the one the flags name."""
    from ..desktop import DesktopScreen

    screen = DesktopScreen(
        monitor=args.monitor,
        max_width=args.max_width,
        scale=args.scale,
        detector=detector if detector is not None else make_detector(args),
    )
    screen.open()
    return screen


def make_executor(args: argparse.Namespace, policy: Policy, screen: Screen) -> Any:
    """A real executor for an armed policy on the live screen, else None (the dry run)."""
    if not policy.real_input:
        return None
    from ..desktop import DesktopScreen, RealInputExecutor

    return RealInputExecutor(
        policy=policy,
        screen=screen if isinstance(screen, DesktopScreen) else None,
    )


def run_desktop_tool(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """--doctor or --calibrate; the exit code is documented in the module docstring."""
    if args.goal:
        raise UsageError("--doctor and --calibrate take no GOAL")
    if args.doctor and getattr(args, "remote", None):
        from ._remote import run_remote_doctor

        return run_remote_doctor(args, out)
    if args.doctor:
        from ..desktop import doctor, ready, render_doctor

        checks = doctor(policy=Policy(max_steps=args.max_steps))
        print(render_doctor(checks), file=out)
        return EXIT_OK if ready(checks) else EXIT_FAILED
    check_desktop_args(argparse.Namespace(**{**vars(args), "live": True}))
    from ..desktop import calibrate

    monitors = None if args.monitor is None else [args.monitor]
    result = calibrate(monitors=monitors, max_width=args.max_width, scale=args.scale)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.render(), file=out)
    return EXIT_OK if result.ok else EXIT_FAILED
