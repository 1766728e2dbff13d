"""Four designs for a press in a dialog, measured on the same rows (issue 37, stop 56).

    python scripts/dialog_designs.py

The rows are every held-out label file's rows that carry a dialog's question
(``tests/data/irreversible_heldout_*.json``, half ``heldout``). A design flags a row
(a press that needs a person's yes) or passes it; a miss is an irreversible row passed,
a false alarm a safe row flagged. Prints a markdown table.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tiny_computer_agent._irreversible import classify_in, is_assent, is_refusal  # noqa: E402

#: A question mark in any script (Latin, full-width, Arabic, Greek's).
QUESTION = re.compile("[?\uff1f\u061f\u037e]")
Row = dict[str, object]
DESIGNS: dict[str, Callable[[Row, bool], bool]] = {
    "the rules alone": lambda row, rules: rules,
    "any press but a way out asks": lambda row, rules: rules or not is_refusal(str(row["label"])),
    "a generic yes under any text asks": lambda row, rules: rules or is_assent(str(row["label"])),
    "a generic yes under a question asks": lambda row, rules: rules
    or (is_assent(str(row["label"])) and bool(QUESTION.search(str(row["question"])))),
}


def main() -> int:
    harmful = safe = 0
    counts = {name: [0, 0] for name in DESIGNS}
    for path in sorted((ROOT / "tests" / "data").glob("irreversible_heldout_*.json")):
        for row in json.loads(path.read_text("utf-8"))["heldout"]:
            if not row.get("question"):
                continue
            rules = classify_in(str(row["label"]), [str(row["question"])]) is not None
            bad = bool(row["irreversible"])
            harmful, safe = harmful + bad, safe + (not bad)
            for name, design in DESIGNS.items():
                flagged = design(row, rules)
                counts[name][0] += bad and not flagged
                counts[name][1] += flagged and not bad
    print(f"dialog rows of the held-out files: {harmful} irreversible, {safe} safe\n")
    print("| design | missed | safe ones asked |\n|---|---:|---:|")
    for name, (missed, asked) in counts.items():
        print(f"| {name} | {missed} ({100 * missed / harmful:.1f} %) "
              f"| {asked} ({100 * asked / safe:.1f} %) |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
