"""Real programs' own labels, read from their gettext catalogs, as training distractors
for the intent brain (``train_intent --distractors FILE``).

A program translated with gettext ships ``/usr/share/locale/<lang>/LC_MESSAGES/<domain>.mo``
catalogs whose keys (msgids) are its English strings: button and menu labels, titles,
messages. This reads the catalogs of graphical programs and toolkits (``--domains``), keeps
strings that read as a label (one to four words, a capital first, no format slots, no
markup, no trailing colon) with mnemonics taken out (``_Save`` -> ``Save``), and writes
them as JSON: ``{"source": ..., "domains": {...counts}, "strings": [...]}``.

Nothing here sees the evaluation sets: the strings are other programs' labels, and
training only ever puts them beside a goal as a wrong answer (the trainer leaves out
any that reads too close to one of the goal's own labels)::

    python scripts/ui_strings.py --out /tmp/ui-strings.json
"""

from __future__ import annotations

import argparse
import gettext
import json
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

#: gettext domains of graphical programs and toolkits on a Debian desktop (the live
#: tests' programs among them); widget property descriptions (gtk30-properties) are not
#: labels, and command-line tools print messages, not labels.
DOMAINS = (
    "gtk20", "gtk30", "gtk40", "WebKitGTK-4.1", "mousepad", "libfm", "pcmanfm",
    "gtksourceview-4", "gspell-1", "xfe", "PackageKit", "appstream", "zenity", "yad",
    "gst-plugins-base-1.0", "glib20", "gdk-pixbuf",
)  # fmt: skip
LOCALE = Path("/usr/share/locale")
_LABEL = re.compile(r"^[A-Z][\w' .,…&!?/+-]*$")
_MNEMONIC = re.compile(r"_(?=\w)")


def label_like(text: str) -> str | None:
    """``text`` as a label (its mnemonic underscore out), or None when it does not read
    as one."""
    text = _MNEMONIC.sub("", text.rsplit("\x04", maxsplit=1)[-1], count=1).strip()
    if not text or len(text) > 32 or any(c in text for c in "%{}<>\n\t"):
        return None
    if text.endswith(":") or not _LABEL.match(text) or text.isupper():
        return None
    return text if 1 <= len(text.split()) <= 4 else None


def msgids(path: Path) -> Iterable[str]:
    with path.open("rb") as fp:
        catalog = gettext.GNUTranslations(fp)._catalog  # type: ignore[attr-defined]
    for key in catalog:
        yield key[0] if isinstance(key, tuple) else key


def _size(path: Path) -> tuple[int, str]:
    return path.stat().st_size, str(path)


def collect(locale: Path, domains: Sequence[str]) -> tuple[list[str], dict[str, int]]:
    """The label-like strings of ``domains`` (each read from its largest catalog: a
    language's catalog holds only the strings translated into it), sorted, and how many
    each domain gave."""
    found: set[str] = set()
    counts: dict[str, int] = {}
    for domain in domains:
        catalogs = sorted(locale.glob(f"*/LC_MESSAGES/{domain}.mo"), key=_size)
        if not catalogs:
            continue
        labels = {t for key in msgids(catalogs[-1]) if (t := label_like(key))}
        counts[domain] = len(labels)
        found |= labels
    return sorted(found), counts


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, required=True, help="the JSON file to write")
    p.add_argument("--locale", type=Path, default=LOCALE, help=f"catalogs ({LOCALE})")
    p.add_argument("--domains", default=",".join(DOMAINS), help="gettext domains to read")
    args = p.parse_args(argv)
    strings, counts = collect(args.locale, [d for d in args.domains.split(",") if d])
    if not strings:
        print(f"ui_strings: no catalog of {args.domains} under {args.locale}", file=sys.stderr)
        return 2
    data = {"source": f"gettext msgids under {args.locale}", "domains": counts, "strings": strings}
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(strings)} strings from {len(counts)} domains -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
