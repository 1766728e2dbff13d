"""What menus call a terminal: an entry that opens one, in any language (issue 37).

A desktop's right-click menu, a dock, an application menu and a file manager's context
menu open a terminal with one click, and each names it with what the terminal's package
ships: its ``.desktop`` entry's ``Name`` and ``GenericName`` in every language it is
translated into, or a file manager's "Open Terminal Here" in its catalog's. The deny
list's English words (``terminal``, ``konsole``...) miss "终端模拟器", "Pääte", "Konsola"
and "Open in Kitty". So the policy also reads those names where they come from:

    shipped    ``data/terminal_names.json``, which ``scripts/terminal_names.py`` reads
               from Debian's terminal and file-manager packages (never by hand): every
               label they give a terminal's entry ("ここで端末を開く", "Terminal hier
               öffnen") and the word for a terminal in each language ("Pääte", "终端")
    installed  the terminals installed on this machine: every ``.desktop`` entry in the
               XDG data folders' ``applications`` (``Categories=TerminalEmulator``, or
               one that starts a terminal emulator, :data:`EMULATORS`), by
               its names in every language; a brand (Kitty, WezTerm, Ptyxis) opens a
               terminal only where it is installed

A label names a terminal (:func:`names_terminal`) when it is one of those labels, or
holds one of the words or an installed terminal's name of four letters or more as a
word of its own (in a script written without spaces, Chinese or Japanese, anywhere in
it). Compared as the policy compares labels (their skeleton, OCR's confusions folded).
The policy refuses a press on such an entry outside a browser's page (rule
``denied-widget``; a page cannot start a program, and Japanese pages say 端末 for a
phone), unless the person allows that label (``--allow-widget``).

Not covered: a terminal installed outside the XDG folders (a binary in ``~/bin`` with
no menu entry: then no menu names it either), and a name a menu makes up itself.
"""

from __future__ import annotations

import configparser
import functools
import json
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Final

from .perception import ocr_skeleton, words

__all__ = ["EMULATORS", "desktop_entry", "installed_terminal_names", "names_terminal"]

#: An installed terminal's name of fewer letters names nothing on its own (``st``).
MIN_NAME: Final = 4
#: Terminal emulators by the program an entry starts, for entries that do not say
#: ``Categories=TerminalEmulator`` (a Flatpak's ``Exec=flatpak run ...`` starts flatpak:
#: its category says it).
EMULATORS: Final = frozenset({
    "xterm", "uxterm", "gnome-terminal", "konsole", "xfce4-terminal", "alacritty", "kitty",
    "tilix", "terminator", "urxvt", "urxvtc", "rxvt", "st", "wezterm", "wezterm-gui", "foot",
    "footclient", "lxterminal", "mate-terminal", "sakura", "terminology", "guake", "tilda",
    "yakuake", "ghostty", "kgx", "ptyxis", "blackbox", "contour", "rio", "tabby", "warp",
    "hyper", "cool-retro-term", "qterminal", "deepin-terminal", "termit", "pterm", "mlterm",
    "eterm", "xfce4-terminal.wrapper", "x-terminal-emulator", "stterm", "lilyterm", "roxterm",
    "terminus", "extraterm", "cosmic-term", "termius", "zutty", "wayst", "havoc",
})  # fmt: skip
#: Scripts written without spaces between words: a word of theirs is found anywhere.
_UNSPACED: Final = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI", "LAO", "KHMER", "MYANMAR")
_NAME_KEY: Final = re.compile(r"(?:Name|GenericName|X-GNOME-FullName)(?:\[[^\]]+\])?")


def _key(text: str) -> str:
    return words(ocr_skeleton(text))


def _spellings(text: str) -> set[str]:
    """``text``'s keys as written and in each case: a skeleton depends on case (a capital
    Cyrillic ``В`` looks like ``B``), and a label may be written in any."""
    return {k for t in (text, text.lower(), text.upper(), text.capitalize()) if (k := _key(t))}


def _unspaced(word: str) -> bool:
    return any(unicodedata.name(ch, "").startswith(_UNSPACED) for ch in word)


def _marked(word: str) -> bool:
    """Whether ``word`` is written with combining marks (Devanagari, Tamil, Tibetan...):
    its skeleton drops them and splits the word, so "कन्सोल" (console) would be found in
    "कन्सोलिडेसन" (consolidation). Such a word is a label only, never a word."""
    return any(unicodedata.category(ch).startswith("M") for ch in word)


class _Names:
    """Labels (whole) and words (within a label): key -> as the package writes it."""

    def __init__(self, labels: Iterable[str], words_: Iterable[str]) -> None:
        self.labels = {k: label for label in labels for k in _spellings(label)}
        spaced: dict[str, str] = {}
        self.unspaced: dict[str, str] = {}
        for word in words_:
            if _marked(word):
                self.labels.update(dict.fromkeys(_spellings(word), word))
                continue
            for k in _spellings(word):
                (self.unspaced if _unspaced(word) else spaced)[k] = word
        self.spaced = spaced
        pattern = "|".join(map(re.escape, sorted(spaced, key=len, reverse=True)))
        self.pattern = re.compile(rf"(?<!\S)(?:{pattern})(?!\S)") if spaced else None

    def find(self, label: str) -> str | None:
        key = _key(label)
        if not key:
            return None
        if key in self.labels:
            return self.labels[key]
        if self.pattern is not None and (m := self.pattern.search(key)):
            return self.spaced[m[0]]
        return next((w for k, w in self.unspaced.items() if k in key), None)


@functools.cache
def _shipped() -> _Names:
    path = resources.files(__package__).joinpath("data").joinpath("terminal_names.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return _Names(data["labels"], data["words"])


@functools.lru_cache(maxsize=8)
def _installed(names: tuple[str, ...]) -> _Names:
    return _Names(names, (n for n in names if sum(c.isalpha() for c in n) >= MIN_NAME))


def names_terminal(label: str, installed: Sequence[str]) -> str | None:
    """What in ``label`` names a terminal (the shipped labels and words, or the names of
    the terminals ``installed``), or None."""
    return _shipped().find(label) or _installed(tuple(installed)).find(label)


def _data_dirs(environ: Mapping[str, str]) -> list[Path]:
    home = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    dirs = environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    extra = ("/var/lib/flatpak/exports/share", "/var/lib/snapd/desktop")
    return [Path(d) for d in (home, *dirs.split(":"), *extra) if d]


def desktop_entry(path: Path) -> dict[str, str]:
    """The ``[Desktop Entry]`` group of a ``.desktop`` file (keys with their locale:
    ``Name[fi]``), or {} when it has none or cannot be read."""
    parser = configparser.RawConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read_string(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, configparser.Error, UnicodeError):
        return {}
    return dict(parser["Desktop Entry"]) if parser.has_section("Desktop Entry") else {}


def _program(entry: dict[str, str]) -> str:
    """The program an entry's ``Exec`` starts (its first word, without a folder)."""
    command = entry.get("Exec", "").split()
    first = next((w for w in command if "=" not in w and w != "env"), "")
    return first.rsplit("/", 1)[-1]


def _terminal_entries(dirs: Iterable[Path]) -> Iterator[dict[str, str]]:
    for folder in dirs:
        try:
            found = sorted((folder / "applications").glob("**/*.desktop"))
        except OSError:
            continue
        for path in found:
            entry = desktop_entry(path)
            categories = entry.get("Categories", "").split(";")
            if "TerminalEmulator" in categories or (
                (program := _program(entry).casefold()) in EMULATORS
                or program.rsplit(".", 1)[-1] in EMULATORS
            ):
                yield entry


@functools.lru_cache(maxsize=4)
def _read(dirs: tuple[Path, ...]) -> tuple[str, ...]:
    names = {
        value.strip()
        for entry in _terminal_entries(dirs)
        for key, value in entry.items()
        if _NAME_KEY.fullmatch(key) and value.strip()
    }
    return tuple(sorted(names))


def installed_terminal_names(environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The names (every language's) of the terminals this machine's menus list: its
    ``.desktop`` entries under ``$XDG_DATA_HOME`` and ``$XDG_DATA_DIRS`` (and Flatpak's
    and Snap's exports) whose category is ``TerminalEmulator`` or whose program is a
    terminal's. Read once per set of folders."""
    return _read(tuple(_data_dirs(os.environ if environ is None else environ)))
