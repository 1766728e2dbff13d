"""Count the irreversible classifier's misses and false alarms on the labelled set.

    python benchmarks/irreversible.py [--labels tests/data/irreversible_labels.json] [--out DIR]

Prints the table of ``python -m tiny_computer_agent._irreversible_report --report FILE`` (per
half and language: irreversible labels, misses, safe labels, false alarms, then each
miss and false alarm) and writes it as the page ``docs/benchmarks/irreversible.md``
(``--out DIR`` elsewhere), with the date, the machine, the command and the commit above
it. The set was written before the rules, split up front by a hash of each label into a
tuning half (the rules may follow it) and a held-out half (they may not). Exits 1 when
the held-out half is above the bounds the tests hold (tests/test_irreversible.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import _pages  # noqa: E402
from tiny_computer_agent._irreversible_report import evaluate, report  # noqa: E402
from tiny_computer_agent._irreversible_rules import LANGUAGES  # noqa: E402

LABELS = Path("tests") / "data" / "irreversible_labels.json"
#: The bounds the tests hold, as shares of the half's irreversible and safe labels.
MAX_MISS_RATE = 0.03
MAX_FALSE_ALARM_RATE = 0.03


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--labels", type=Path, default=LABELS, help=f"default: {LABELS}")
    _pages.add_out_argument(parser)
    args = parser.parse_args(argv)
    started = time.time()
    command = _pages.command_line("benchmarks/irreversible.py", argv)
    path = args.labels if args.labels.is_absolute() else ROOT / args.labels
    data = json.loads(path.read_text(encoding="utf-8"))
    table = report(data)
    print(table)
    held = evaluate(data)[("heldout", "all")]
    ok = (
        len(held.misses) <= MAX_MISS_RATE * held.irreversible
        and len(held.false_alarms) <= MAX_FALSE_ALARM_RATE * held.safe
    )
    count = sum(len(data[half]) for half in ("tune", "heldout"))
    body = [
        f"The labelled set `{args.labels.as_posix()}`: {count} labels in "
        f"{len(LANGUAGES)} languages ({', '.join(LANGUAGES)}). A **miss** is an "
        "irreversible label the classifier passed; a **false alarm** a safe one it flagged. "
        "A row with a question is a dialog's generic yes (`OK`, `Continue`), read with the "
        "dialog's text (listed as `label [question]`). "
        f"Bounds (tests/test_irreversible.py): at most {MAX_MISS_RATE:.0%} misses and "
        f"{MAX_FALSE_ALARM_RATE:.0%} false alarms per half. The held-out half was written "
        "before the rules, by the same hand that wrote them: it measures what the rules "
        "were not adjusted to, not labels no one had in mind.",
        table,
        f"Held-out within the bounds: {'yes' if ok else '**no**'}.",
        "What is flagged and why: [the guide](../guides/irreversible.md).",
    ]
    title = "irreversible: misses and false alarms of the classifier by meaning"
    _pages.write_page(
        args.out, "irreversible.md", title, command, "\n\n".join(body), started=started
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
