"""Token files: the shared secret of one server and its drivers, one line, mode 0600.

:func:`write_token_file` makes a new random token in a file no one else can read and
never overwrites one; :func:`read_token_file` refuses a file that the group or others
can read (the fix is ``chmod 600 FILE``), an empty file, and a token too short or with
characters an HTTP header cannot carry. On Windows the mode bits mean nothing and are
not checked.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path
from typing import Final

from .._errors import TokenFileError

__all__ = ["MIN_TOKEN_LENGTH", "TokenFileError", "read_token_file", "write_token_file"]

#: A token shorter than this could be guessed; written tokens have 43 characters.
MIN_TOKEN_LENGTH: Final = 16
#: A token file holds one line; a bigger file is not one.
_MAX_TOKEN_FILE: Final = 4096


def write_token_file(path: str | Path) -> str:
    """Create ``path`` holding a new random token (mode 0600) and return the token.

    Refuses to overwrite anything at ``path`` (TokenFileError naming it)."""
    target = Path(path)
    token = secrets.token_urlsafe(32)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError as exc:
        raise TokenFileError(
            f"the token file {str(target)!r} already exists and is never overwritten; read "
            "it with --token-file, or delete it to make a new token"
        ) from exc
    except OSError as exc:
        raise TokenFileError(
            f"cannot create the token file {str(target)!r} ({exc.strerror or exc}); "
            "choose a path in a folder you can write"
        ) from exc
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(token + "\n")
    return token


def read_token_file(path: str | Path) -> str:
    """The token in ``path`` (one line; surrounding whitespace ignored).

    TokenFileError when the file is missing, not a regular file, readable or writable
    by the group or others (fix: ``chmod 600``), empty, or not a token (fewer than
    :data:`MIN_TOKEN_LENGTH` characters, or characters other than visible ASCII)."""
    source = Path(path)
    try:
        info = os.stat(source)
    except FileNotFoundError as exc:
        raise TokenFileError(
            f"the token file {str(source)!r} does not exist; copy it from the machine that "
            "runs --serve (which creates it), or pass the right path"
        ) from exc
    except (OSError, ValueError) as exc:
        raise TokenFileError(f"cannot read the token file {str(source)!r} ({exc})") from exc
    if not stat.S_ISREG(info.st_mode):
        raise TokenFileError(f"the token file {str(source)!r} is not a regular file")
    loose = stat.S_IMODE(info.st_mode) & 0o077
    if loose and os.name != "nt":
        raise TokenFileError(
            f"the token file {str(source)!r} has mode {stat.S_IMODE(info.st_mode):04o}: the "
            f"group or others can read it, and a token is a password. Fix: chmod 600 {source}"
        )
    return _token_in(source)


def _token_in(source: Path) -> str:
    try:
        with source.open("rb") as fh:
            raw = fh.read(_MAX_TOKEN_FILE + 1)
    except OSError as exc:
        raise TokenFileError(
            f"cannot read the token file {str(source)!r} ({exc.strerror or exc})"
        ) from exc
    if len(raw) > _MAX_TOKEN_FILE:
        raise TokenFileError(
            f"the token file {str(source)!r} is larger than {_MAX_TOKEN_FILE} bytes; it "
            "should hold one line, the token"
        )
    token = raw.decode("ascii", "replace").strip()
    if not token:
        raise TokenFileError(
            f"the token file {str(source)!r} is empty; delete it and let --serve write a new one"
        )
    if any(not 0x21 <= ord(ch) <= 0x7E for ch in token):
        raise TokenFileError(
            f"the token file {str(source)!r} holds characters other than visible ASCII "
            "(spaces, control or non-ASCII characters); a token is one printable word"
        )
    if len(token) < MIN_TOKEN_LENGTH:
        raise TokenFileError(
            f"the token in {str(source)!r} has {len(token)} characters; at least "
            f"{MIN_TOKEN_LENGTH} are needed, or it can be guessed. Delete the file and let "
            "--serve write a new one"
        )
    return token
