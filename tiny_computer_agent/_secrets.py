"""Secrets the brain never sees: placeholders expanded only at the moment of typing.

A goal names a secret by placeholder, ``<secret>NAME</secret>``; the value comes from
the environment variable ``NAME``, and only for names the person listed
(``--secret NAME``). The brain, the menu, the printed steps, the log and the trace all
carry the placeholder; the policy judges, and the real executor types, the expanded
text. So a password typed into a login field is in none of the files a run leaves.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import Final

from ._errors import ActionError

__all__ = ["SECRET_PATTERN", "expand_secrets", "load_secrets", "placeholder", "redact"]

#: ``<secret>NAME</secret>``; NAME is an environment variable name.
SECRET_PATTERN: Final = re.compile(r"<secret>([A-Za-z_][A-Za-z0-9_]{0,63})</secret>")


def placeholder(name: str) -> str:
    """The text a goal (and a brain) writes in place of secret ``name``."""
    return f"<secret>{name}</secret>"


def load_secrets(names: Iterable[str], environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``{name: value}`` for each listed name, read from the environment.

    ActionError when a name is not a valid variable name or the variable is unset or empty
    (a secret that expands to nothing would type nothing, silently).
    """
    env = os.environ if environ is None else environ
    secrets: dict[str, str] = {}
    for name in names:
        if not SECRET_PATTERN.fullmatch(placeholder(name)):
            raise ActionError(
                f"--secret {name!r} is not an environment variable name (letters, digits "
                "and _, not starting with a digit)"
            )
        value = env.get(name, "")
        if not value:
            raise ActionError(
                f"--secret {name} names the environment variable {name}, which is unset or "
                f"empty; export it first (the goal then says {placeholder(name)})"
            )
        secrets[name] = value
    return secrets


def expand_secrets(text: str, secrets: Mapping[str, str], *, keep_unknown: bool = False) -> str:
    """``text`` with every known placeholder replaced by its value.

    ActionError for a placeholder whose name was not listed: typing the placeholder
    itself would put a wrong value in the field. ``keep_unknown`` leaves such a
    placeholder as it is instead (for judging text the executor will refuse anyway).
    """

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in secrets:
            if keep_unknown:
                return match.group(0)
            raise ActionError(
                f"the text names the secret {name!r}, which was not given: pass --secret "
                f"{name} with the value in the environment variable {name}"
            )
        return secrets[name]

    return SECRET_PATTERN.sub(value, text)


def redact(text: str, secrets: Mapping[str, str]) -> str:
    """``text`` with every secret value put back as its placeholder (longest first), for
    anything that is printed or saved and may have seen an expanded value."""
    for name, secret in sorted(secrets.items(), key=lambda kv: -len(kv[1])):
        if secret:
            text = text.replace(secret, placeholder(name))
    return text
