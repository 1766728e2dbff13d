"""What menus call a terminal, read from Debian's own packages: the data behind the
policy's terminal entries (``tiny_computer_agent/data/terminal_names.json``).

A desktop's menu, a dock and a file manager's context menu name a terminal with what
its package ships: the ``.desktop`` entry's ``Name`` and ``GenericName`` (with
``Categories=TerminalEmulator``) in every language it is translated into, and a file
manager's "Open Terminal Here" in its catalogs' languages. This downloads the packages
(``apt-get download``: nothing is installed), unpacks them (``dpkg-deb -x``) and writes:

    labels   every such string, mnemonics taken out ("终端模拟器", "Open Terminal Here",
             "Terminal hier öffnen", "MATE Terminal"): a menu entry that is one of them
             opens a terminal
    words    the word for a terminal in each language: what the entries that English
             calls "Terminal" or "Console" are called there ("Pääte", "终端", "端末")
    sources  the packages and versions read

Run it on a Debian machine with the package lists fetched (``apt-get update``)::

    python scripts/terminal_names.py --out tiny_computer_agent/data/terminal_names.json
    python scripts/terminal_names.py --false-alarms   # what they flag in this machine's
                                                      # programs' translations

The strings are the packages' own; nothing is written by hand but the list of packages,
the catalog strings that open a terminal and the few words left out (:data:`NOT_WORDS`,
each with its reason).
"""

from __future__ import annotations

import argparse
import gettext
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's package
from tiny_computer_agent._terminal_names import desktop_entry, names_terminal

#: Debian's terminal emulators, and the file managers and extensions whose menus open one.
PACKAGES = (
    "alacritty", "cool-retro-term", "deepin-terminal", "eterm", "foot", "gnome-console",
    "gnome-terminal", "gnome-terminal-data", "guake", "kitty", "konsole", "lxterminal",
    "mate-terminal", "mate-terminal-common", "mlterm", "pterm", "qterminal",
    "qterminal-l10n", "rxvt-unicode", "sakura", "stterm", "terminator", "terminology",
    "termit", "tilda", "tilix", "xfce4-terminal", "xterm", "yakuake",
    "nautilus-extension-gnome-terminal", "caja-open-terminal", "thunar-data", "pcmanfm",
)  # fmt: skip
#: Catalog strings (msgids, mnemonics out, case-folded) that are a file manager's entry
#: opening a terminal; their translations are labels. Not "Open Terminal": in a
#: terminal's own menu it opens another window of it, and Polish says "Nowe okno".
OPENS_TERMINAL = (
    "open terminal here", "open in terminal", "open in local terminal",
    "open current folder in terminal", "open in a terminal", "open terminal in this folder",
    "open folder in terminal", "open a terminal here",
)  # fmt: skip
#: What English calls the terminal itself; an entry's translations of it are words.
GENERIC = ("terminal", "console")
#: Words the packages give a terminal that say something else in a language: left out,
#: as words and as labels. Each says why.
NOT_WORDS = {
    "Terminå": "read without its accent, 'termina' is 'it ends' in Spanish and Portuguese "
    "and 'finish' (termină) in Romanian",
    "Isixhumanisi": "Zulu for 'link'",
    "終端": "Japanese for 'end' (終端のバックスラッシュ); Chinese says 终端 and 終端機",
}
_MNEMONIC = re.compile(r"[_&](?=\w)")
#: a mnemonic written after the label, in the languages that keep Latin ones: 打开终端(_T)
_MNEMONIC_AFTER = re.compile(r"\s*\(_?\w\)$|^\(_?\w\)\s*")


def _plain(text: str) -> str:
    return " ".join(_MNEMONIC.sub("", _MNEMONIC_AFTER.sub("", text), count=1).split())


def download(packages: Iterable[str], into: Path) -> list[Path]:
    """The packages' ``.deb`` files, fetched into ``into`` (one that cannot be is named
    on stderr and left out)."""
    for name in packages:
        done = subprocess.run(
            ["apt-get", "download", name], cwd=into, capture_output=True, text=True, check=False
        )
        if done.returncode:
            print(f"skipped {name}: {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
    return sorted(into.glob("*.deb"))


def unpack(debs: Iterable[Path], into: Path) -> dict[str, str]:
    """Each package unpacked into ``into``; its name -> version."""
    versions = {}
    for deb in debs:
        subprocess.run(["dpkg-deb", "-x", str(deb), str(into)], check=True)
        fields = subprocess.run(
            ["dpkg-deb", "-f", str(deb), "Package", "Version"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        found = dict(line.split(": ", 1) for line in fields.splitlines() if ": " in line)
        versions[found["Package"]] = found["Version"]
    return dict(sorted(versions.items()))


def terminal_entries(root: Path) -> Iterator[dict[str, str]]:
    for path in sorted(root.glob("usr/share/applications/**/*.desktop")):
        entry = desktop_entry(path)
        if "TerminalEmulator" in entry.get("Categories", "").split(";"):
            yield entry


def _names(entry: dict[str, str]) -> Iterator[tuple[str, str, str]]:
    """(key, locale, value) for the entry's Name, GenericName and X-GNOME-FullName."""
    for key, value in entry.items():
        m = re.fullmatch(r"(Name|GenericName|X-GNOME-FullName)(?:\[([^\]]+)\])?", key)
        if m and value.strip():
            yield m[1], m[2] or "", _plain(value)


def catalog_labels(root: Path) -> Iterator[str]:
    """The translations of :data:`OPENS_TERMINAL` in every ``.mo`` under ``root``, and
    Thunar's custom action names (``uca.xml``: "Open Terminal Here" and its languages)."""
    for mo in sorted(root.glob("usr/share/locale/*/LC_MESSAGES/*.mo")):
        with mo.open("rb") as fp:
            catalog = gettext.GNUTranslations(fp)._catalog  # type: ignore[attr-defined]
        for key, value in catalog.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if value and isinstance(msgid, str) and _plain(msgid).casefold() in OPENS_TERMINAL:
                yield _plain(value)
    for uca in sorted(root.glob("etc/xdg/Thunar/uca.xml")):
        for m in re.finditer(r"<action>(.*?)</action>", uca.read_text("utf-8"), re.S):
            names = re.findall(r"<name(?: xml:lang=\"[^\"]+\")?>([^<]+)</name>", m[1])
            if names and _plain(names[0]).casefold() in OPENS_TERMINAL:
                yield from (_plain(n) for n in names)


def harvest(root: Path, versions: dict[str, str]) -> dict[str, object]:
    """The data file's content. An entry's name that holds no word for a terminal (a
    brand: Tilix, Sakura, Foot) is left out: it opens a terminal only where that one is
    installed, which the policy reads on the machine itself."""
    labels: set[str] = set(catalog_labels(root))
    words: set[str] = set()
    names: set[str] = set()
    for entry in terminal_entries(root):
        english = {k: v for k, loc, v in _names(entry) if not loc}
        for key, locale, value in _names(entry):
            names.add(value)
            if english.get(key, "").casefold() in GENERIC and locale and value not in NOT_WORDS:
                words.add(value)
    folded = [w.casefold() for w in words | set(GENERIC)]
    labels |= {n for n in names if any(w in n.casefold() for w in folded)}
    return {
        "about": "Written by scripts/terminal_names.py from the packages in 'sources' "
        "(their .desktop entries with Categories=TerminalEmulator and their catalogs' "
        "'Open Terminal Here'); regenerate, never edit by hand.",
        "sources": versions,
        "labels": sorted(labels, key=lambda s: (s.casefold(), s)),
        "words": sorted(words, key=lambda s: (s.casefold(), s)),
    }


#: A catalog string that speaks of a terminal itself (its English, the msgid)
_ABOUT_TERMINALS = re.compile(r"(?i)termin|console|konsol|shell|tty|\bvte?\b|\bterm\b|command")


def false_alarms(locale: Path = Path("/usr/share/locale")) -> int:
    """Count, over this machine's translated catalog strings (40 characters or fewer),
    those the shipped names flag, and those among them whose English speaks of no
    terminal, console, shell or command (false alarms); print them by word."""
    strings = flagged = 0
    alarms: dict[str, list[str]] = {}
    for mo in sorted(locale.glob("*/LC_MESSAGES/*.mo")):
        try:
            with mo.open("rb") as fp:
                catalog = gettext.GNUTranslations(fp)._catalog  # type: ignore[attr-defined]
        except (OSError, ValueError, UnicodeError, IndexError):  # a catalog gettext misreads
            continue
        for key, value in catalog.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if not isinstance(value, str) or not value or len(value) > 40 or "\n" in value:
                continue
            strings += 1
            if (found := names_terminal(value, ())) is None:
                continue
            flagged += 1
            if not _ABOUT_TERMINALS.search(msgid):
                alarms.setdefault(found, []).append(f"{value!r} ({mo.stem}: {msgid!r})")
    count = sum(len(v) for v in alarms.values())
    print(f"{strings} translated strings, {flagged} flagged, {count} false alarms")
    for found, said in sorted(alarms.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(said):4d} {found}: {'; '.join(said[:2])}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="the JSON file to write")
    ap.add_argument("--debs", type=Path, help="a folder of .deb files (default: download them)")
    ap.add_argument(
        "--false-alarms",
        action="store_true",
        help="count the shipped names' false alarms on this machine's catalogs",
    )
    args = ap.parse_args(argv)
    if args.false_alarms:
        return false_alarms()
    if args.out is None:
        ap.error("--out FILE is needed (or --false-alarms)")
    with tempfile.TemporaryDirectory() as tmp:
        debs = sorted(args.debs.glob("*.deb")) if args.debs else download(PACKAGES, Path(tmp))
        if not debs:
            print("no .deb files: run apt-get update, or pass --debs DIR", file=sys.stderr)
            return 2
        root = Path(tmp) / "root"
        found = harvest(root, unpack(debs, root))
    args.out.write_text(json.dumps(found, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    counts = {k: len(v) for k, v in found.items() if isinstance(v, (list, dict))}
    print(f"{args.out}: {counts['labels']} labels, {counts['words']} words "
          f"from {counts['sources']} packages")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
