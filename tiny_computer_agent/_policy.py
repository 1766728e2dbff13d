"""The policy: the one home of every limit, allow list and deny list.

Every action passes :meth:`Policy.check` before an executor sees it. A refusal raises
:class:`~tiny_computer_agent._errors.PolicyRefusal` naming the rule:

    kill-switch    the kill-switch file exists (its path is printed at every run start)
    step-budget    the episode has used its hard step budget
    denied-text    typed text contains a denied fragment (sudo, rm -rf, password...)
    denied-widget  a target's label names a denied widget (terminal, wallet, bank...)
    denied-key     a key chord is denied (ctrl+alt+t, ctrl+alt+Delete...)
    blind-click    real input aimed at a numbered grid cell, not at something seen
    arming         real input was asked for without both deliberate acts

Real input needs two deliberate acts: the ``--real-input`` flag (``real_input=True``)
and the environment variable ``TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1``.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from ._actions import Action, normalize_keys
from ._errors import PolicyRefusal
from ._perception import Element, Observation, normalize_label

__all__ = [
    "ARM_ENV",
    "DENIED_CHORDS",
    "DENIED_TEXT",
    "DENIED_WIDGETS",
    "HOME_ENV",
    "Policy",
    "state_dir",
]

ARM_ENV: Final = "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT"
HOME_ENV: Final = "TINY_COMPUTER_AGENT_HOME"

DENIED_TEXT: Final = (
    "sudo", "rm -rf", "rm -fr", "password", "passwd", "mkfs", "dd if=", "chmod 777",
    ":(){", "| sh", "|sh", "| bash", "shutdown", "reboot", "format c:",
)  # fmt: skip
DENIED_WIDGETS: Final = (
    "terminal", "console", "keychain", "keyring", "wallet", "password", "passwd",
    "bank", "keepass", "bitwarden", "1password", "lastpass", "authenticator",
    "seed phrase", "private key",
)  # fmt: skip
DENIED_CHORDS: Final = (
    "ctrl+alt+t", "ctrl+alt+Delete", "ctrl+shift+Escape", "ctrl+alt+BackSpace",
    "super+l", *(f"ctrl+alt+F{n}" for n in range(1, 13)),
)  # fmt: skip
DEFAULT_MAX_STEPS: Final = 8


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where the harness keeps state: ``$TINY_COMPUTER_AGENT_HOME``, else the XDG state dir."""
    env = os.environ if environ is None else environ
    if env.get(HOME_ENV):
        return Path(env[HOME_ENV]).expanduser()
    base = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base).expanduser() / "tiny-computer-agent"


def _squash_text(text: str) -> str:
    return re.sub(r"\s+", " ", text.casefold())


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Policy:
    """Limits that stand in front of every action. Frozen: arm with :meth:`armed`."""

    max_steps: int = DEFAULT_MAX_STEPS
    denied_text: tuple[str, ...] = DENIED_TEXT
    denied_widgets: tuple[str, ...] = DENIED_WIDGETS
    denied_chords: tuple[str, ...] = DENIED_CHORDS
    kill_switch: Path = dataclasses.field(default_factory=lambda: state_dir() / "STOP")
    allow_grid: bool = False
    real_input: bool = False
    _widget_keys: tuple[str, ...] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, got {self.max_steps}")
        object.__setattr__(
            self, "denied_chords", tuple(normalize_keys(c) for c in self.denied_chords)
        )
        # normalised once: check() runs before every action and for every scored decision
        object.__setattr__(
            self, "_widget_keys", tuple(normalize_label(w) for w in self.denied_widgets)
        )

    def armed(self, *, flag: bool, environ: Mapping[str, str] | None = None) -> Policy:
        """A copy allowed to drive real input, if and only if both deliberate acts were made.

        ``flag`` is the ``--real-input`` flag; the environment must also set
        ``TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1``. Otherwise PolicyRefusal (rule ``arming``).
        """
        env = os.environ if environ is None else environ
        if not flag:
            raise PolicyRefusal(
                "real input was not requested: pass --real-input (and set "
                f"{ARM_ENV}=1) to let the harness click and type",
                rule="arming",
            )
        if env.get(ARM_ENV) != "1":
            raise PolicyRefusal(
                f"--real-input was given but {ARM_ENV} is not set to 1; real input takes "
                f"two deliberate acts. Run again with {ARM_ENV}=1 in the environment, or "
                "drop --real-input for a dry run",
                rule="arming",
            )
        return dataclasses.replace(self, real_input=True)

    def check_kill_switch(self) -> None:
        if self.kill_switch.exists():
            raise PolicyRefusal(
                f"the kill-switch file {self.kill_switch} exists, so nothing more is done; "
                "delete it to run again",
                rule="kill-switch",
            )

    def check_budget(self, steps_taken: int) -> None:
        if steps_taken >= self.max_steps:
            raise PolicyRefusal(
                f"the step budget of {self.max_steps} is used up; raise it with --max-steps",
                rule="step-budget",
            )

    def check(self, action: Action, observation: Observation) -> tuple[Element, ...]:
        """Refuse ``action`` if any rule forbids it; return the elements it targets."""
        self.check_kill_switch()
        if action.verb == "type" and action.text:
            self._check_text(action.text)
        if action.verb == "key" and action.keys in self.denied_chords:
            raise PolicyRefusal(
                f"the key chord {action.keys} is denied (it can open a terminal, lock or "
                "leave the session)",
                rule="denied-key",
            )
        for label in action.targets:  # what the brain named, before it is even resolved
            self._check_widget(label)
        elements = self._targets(action, observation)
        for e in elements:
            self._check_widget(e.label)
        if self.real_input and not self.allow_grid:
            for e in elements:
                if e.source == "grid":
                    raise PolicyRefusal(
                        f"{e.label!r} is a numbered grid cell, not something seen on screen; "
                        "a click there is blind. Pass --allow-grid to permit it",
                        rule="blind-click",
                    )
        return elements

    def _check_text(self, text: str) -> None:
        squashed, core = _squash_text(text), normalize_label(text)
        for fragment in self.denied_text:
            frag = _squash_text(fragment)
            frag_core = normalize_label(fragment)
            word_like = frag_core == frag.replace(" ", "")
            if frag in squashed or (word_like and len(frag_core) >= 5 and frag_core in core):
                raise PolicyRefusal(
                    f"typing {text!r} is refused: it contains the denied fragment {fragment!r}",
                    rule="denied-text",
                )

    def _check_widget(self, label: str) -> None:
        key = normalize_label(label)
        for widget, widget_key in zip(self.denied_widgets, self._widget_keys, strict=True):
            if widget_key in key:
                raise PolicyRefusal(
                    f"the target {label!r} is a denied widget (matches {widget!r}); the "
                    "harness never operates it",
                    rule="denied-widget",
                )

    @staticmethod
    def _targets(action: Action, observation: Observation) -> tuple[Element, ...]:
        pairs = ((action.target, action.target_id), (action.to, action.to_id))
        found = []
        for label, element_id in pairs:
            if label is None:
                continue
            found.append(observation.resolve(label, element_id))  # TargetError: a failed step
        return tuple(found)
