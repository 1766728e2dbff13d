"""Small, strict JSON I/O: one atomic writer, one capped reader, one field reader.

    write_atomic(path, text)           a temp file in the same folder, fsync, os.replace
    read_json_file(path, max_bytes=)   parse at most ``max_bytes``; TraceError says why not
    loads_json(data)                   json.loads, after the nesting is checked (at most
                                       MAX_JSON_DEPTH levels; ValueError past them)
    FieldReader(source)                parsed JSON -> typed values, every failure a
                                       TraceError naming the file, the field and the fix

Everything that saves or loads a file (traces, scoreboards, calibrations) goes through
here, so a reader never sees half a file and a bad file is never a traceback.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import os
import re
import secrets
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from .._actions import is_text, shown
from .._errors import TraceError

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "FieldReader",
    "JSONTooDeep",
    "json_depth",
    "loads_json",
    "read_json_file",
    "write_atomic",
]

#: Traces and scoreboards hold no pixels, so a real one is kilobytes; anything bigger
#: is refused unread.
MAX_JSON_BYTES: Final = 20 * 1024 * 1024
_MAX_FLOAT: Final = 1e308
#: The largest whole number a field holds (2**53: a float holds it exactly). A count,
#: an id or a pixel is far smaller; a bigger one would overflow float arithmetic.
MAX_WHOLE: Final = 2**53
#: How deep free-form data (a brain's settings, an action) may nest.
_MAX_DEPTH: Final = 32
#: The deepest nesting of lists and objects any JSON read from outside may have: well
#: under the parser's recursion (about 1,000 frames), far over any real document.
MAX_JSON_DEPTH: Final = 400
#: A string from its opening quote to its closing one, or to the end of the text when
#: it has none (possessive, so an unclosed string costs one pass, not one per quote).
_JSON_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.?)*+"?', re.DOTALL)
_NOT_A_BRACKET: Final = re.compile(r"[^\[\]{}]++")
#: An opening bracket counts +1 (0x01), a closing one -1 (0xff as a signed byte).
_DEPTH_STEP: Final = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


class NotARegularFile(OSError):
    """A save was refused: the path exists and is not a regular file (a symlink, a device
    node, a FIFO, a socket, a directory), so replacing it could destroy something."""


def _kind(st_mode: int) -> str:
    kinds = (
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(st_mode)), "not a regular file")


def _existing_mode(target: Path) -> int | None:
    """The permissions of the regular file at ``target`` (None: nothing there).

    NotARegularFile when something else is there: a symlink is never followed (its
    target is not replaced either), and a device node such as /dev/null is never
    swapped for a regular file (as root, ``os.replace`` would do exactly that).
    """
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        raise NotARegularFile(
            f"{target} is {_kind(st.st_mode)}, not a regular file; saving there would "
            "replace it, so nothing was written. Choose a regular file path"
        )
    return st.st_mode & 0o777


def check_save_target(path: str | Path) -> None:
    """NotARegularFile now if :func:`write_atomic` would refuse ``path`` later: for a
    command line that should say so before a run, not after it."""
    _existing_mode(Path(path))


def write_atomic(path: str | Path, text: str, *, mode: int | None = None) -> Path:
    """Write ``text`` to ``path`` through a temp file in the same directory and
    ``os.replace``, so a reader never sees half a file. OSError if it cannot.

    ``mode`` sets the file's permissions; by default an existing file keeps its own and
    a new one gets 0600 (traces and scoreboards hold what was on a screen: private
    unless the person opens them up). :class:`NotARegularFile` (an OSError) when
    ``path`` exists and is not a regular file: nothing is written.
    """
    target = Path(path)
    existing = _existing_mode(target)
    if mode is None:  # the temp file is made 0600
        mode = 0o600 if existing is None else existing
    # the temp file is named before it is made, so a Ctrl-C at any point after (even
    # inside the call that makes it) finds it to remove: with tempfile.mkstemp outside
    # the try, a KeyboardInterrupt raised as it returned left ".name.xxx.tmp" behind
    tmp = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        _existing_mode(target)  # again, just before: it may have appeared meanwhile
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


class JSONTooDeep(ValueError):
    """JSON refused unparsed: it nests lists or objects past the limit."""


def json_depth(data: str | bytes | bytearray) -> int:
    """How deeply ``data`` nests lists and objects, counted without parsing (brackets in
    strings are skipped): in linear time and constant stack, whatever the text. Bytes
    are decoded as :func:`json.loads` decodes them (UnicodeDecodeError if they are not
    UTF-8, -16 or -32)."""
    if isinstance(data, str):
        text = data
    else:
        text = bytes(data).decode(json.detect_encoding(data), "surrogatepass")
    brackets = _NOT_A_BRACKET.sub("", _JSON_STRING.sub("", text))
    steps = memoryview(brackets.encode("ascii").translate(_DEPTH_STEP)).cast("b")
    return max(itertools.accumulate(steps), default=0)


def loads_json(
    data: str | bytes | bytearray,
    *,
    max_depth: int = MAX_JSON_DEPTH,
    parse_constant: Callable[[str], Any] | None = None,
) -> Any:
    """:func:`json.loads`, once :func:`json_depth` says ``data`` nests at most
    ``max_depth`` levels, so the parser's recursion is never reached. ValueError for
    anything that is not usable JSON: :class:`JSONTooDeep` past the depth,
    json.JSONDecodeError, UnicodeDecodeError, a number of over 4,300 digits, or what
    ``parse_constant`` raises for NaN and Infinity."""
    depth = json_depth(data)
    if depth > max_depth:
        raise JSONTooDeep(
            f"the JSON nests lists or objects {depth} levels deep; at most {max_depth} "
            "are read (a real document nests a few)"
        )
    return json.loads(data, parse_constant=parse_constant)


def read_json_file(
    path: str | Path, *, what: str = "trace", max_bytes: int = MAX_JSON_BYTES
) -> object:
    """Parse a JSON file of at most ``max_bytes``; TraceError names the file and why."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            raw = fh.read(max_bytes + 1)
    except OSError as exc:
        raise TraceError(f"{p}: cannot read the {what} file ({exc.strerror or exc})") from exc
    except ValueError as exc:  # a NUL byte in the path
        raise TraceError(f"{short(str(p))}: not a path the system accepts ({exc})") from exc
    if len(raw) > max_bytes:
        raise TraceError(
            f"{p}: the {what} file is larger than {max_bytes // (1024 * 1024)} MB; "
            f"a {what} holds no pixels, so this is not one (or it is corrupt)"
        )
    try:
        return loads_json(raw.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError as exc:
        raise TraceError(f"{p}: the {what} file is not UTF-8 text (byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        cut = " (the file looks truncated)" if exc.pos >= len(raw.rstrip()) else ""
        raise TraceError(
            f"{p}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}{cut}"
        ) from exc
    except (JSONTooDeep, RecursionError) as exc:
        raise TraceError(
            f"{p}: the {what} file nests lists or objects too deeply to read "
            f"(a {what} nests a few levels)"
        ) from exc
    except ValueError as exc:  # a number of over 4,300 digits
        raise TraceError(f"{p}: the {what} file is not usable JSON: {exc}") from exc


def short(value: object) -> str:
    """``repr(value)``, cut to 60 characters for an error message (never an exception,
    even for a list nested 1,000 deep)."""
    return shown(value, 60)


def _is_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) <= _MAX_FLOAT  # a 400-digit integer is not a float
    return isinstance(value, float) and math.isfinite(value)


@dataclasses.dataclass(frozen=True, slots=True)
class FieldReader:
    """Strict conversion of parsed JSON into typed values; every failure is a TraceError
    naming the file (``source``), the field, what was found and what was expected."""

    source: str
    what: str = "trace"
    fix: str = "fix the field or record the trace again"

    def fail(self, where: str, problem: str) -> TraceError:
        field = f"field {where!r}" if where else f"the {self.what}"
        return TraceError(f"{self.source}: {field} {problem}; {self.fix}")

    def obj(self, value: object, where: str, known: frozenset[str] | None = None) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a JSON object, got {short(value)}")
        if known is not None:
            extra = sorted(k if isinstance(k, str) else short(k) for k in value if k not in known)
            if extra:
                raise self.fail(
                    f"{where}.{extra[0]}" if where else extra[0],
                    f"is not a field of this schema (allowed: {', '.join(sorted(known))})",
                )
        return value

    def get(self, data: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in data:
            raise self.fail(f"{where}.{key}" if where else key, "is missing")
        return data[key]

    def text(self, value: object, where: str, *, empty: bool = True) -> str:
        if not isinstance(value, str) or (not empty and not value.strip()):
            want = "a string" if empty else "a non-empty string"
            raise self.fail(where, f"must be {want}, got {short(value)}")
        if not is_text(value):
            raise self.fail(where, "is not valid text (it holds a lone surrogate, \\udXXX)")
        return value

    def opt_text(self, value: object, where: str) -> str | None:
        return None if value is None else self.text(value, where)

    def choice(self, value: object, where: str, allowed: tuple[str, ...]) -> str:
        text = self.text(value, where)
        if text not in allowed:
            raise self.fail(where, f"is {short(text)}; allowed: {', '.join(allowed)}")
        return text

    def whole(
        self, value: object, where: str, minimum: int | None = None, maximum: int = MAX_WHOLE
    ) -> int:
        """A whole number from ``minimum`` (if given) to ``maximum`` (by size)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"must be a whole number, got {short(value)}")
        if minimum is not None and value < minimum:
            raise self.fail(where, f"must be at least {minimum}, got {short(value)}")
        if abs(value) > maximum:
            raise self.fail(where, f"is {short(value)}; it can be at most {maximum:,}")
        return value

    def number(self, value: object, where: str) -> float:
        if not _is_number(value):
            raise self.fail(where, f"must be a finite number, got {short(value)}")
        return float(value)  # type: ignore[arg-type]

    def flag(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"must be true or false, got {short(value)}")
        return value

    def array(self, value: object, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a JSON list, got {short(value)}")
        return value

    def texts(self, value: object, where: str) -> tuple[str, ...]:
        return tuple(self.text(v, f"{where}[{i}]") for i, v in enumerate(self.array(value, where)))

    def plain(self, value: object, where: str) -> Any:
        """``value`` when it is plain JSON data that can be written back as it was read:
        objects with text keys, lists, real text, finite numbers, true/false/null, at
        most :data:`_MAX_DEPTH` deep (free-form fields: a brain's settings)."""
        todo: list[tuple[object, str, int]] = [(value, where, 0)]
        while todo:
            item, at, depth = todo.pop()
            if depth > _MAX_DEPTH:
                raise self.fail(at, f"nests more than {_MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                for key, child in item.items():
                    todo.append((child, f"{at}.{self.text(key, at)}", depth + 1))
            elif isinstance(item, list):
                todo.extend((child, f"{at}[{i}]", depth + 1) for i, child in enumerate(item))
            elif isinstance(item, str):
                self.text(item, at)
            elif not (item is None or isinstance(item, bool)):
                self.number(item, at)
        return value
