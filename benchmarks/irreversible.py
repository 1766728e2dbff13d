"""Count the irreversible classifier's misses and false alarms on the labelled set.

    python benchmarks/irreversible.py [--labels FILE ...] [--out DIR]

Prints the table of ``python -m tiny_computer_agent._irreversible_report --report FILE`` (per
half and language: irreversible labels, misses, safe labels, false alarms, then each
miss and false alarm) and writes it as the page ``docs/benchmarks/irreversible.md``
(``--out DIR`` elsewhere), with the date, the machine, the command and the commit above
it. The set was written before the rules, split up front by a hash of each label into a
tuning half (the rules may follow it) and a held-out half (they may not). Exits 1 when
the held-out half is above the bounds the tests hold (tests/test_irreversible.py).

Later passes wrote held-out files of their own before their rules
(``tests/data/irreversible_heldout_*.json``, held out whole): the page counts each of
them in a section after the main set, and says whether it is within the same bounds;
only the main set decides the exit code, as only it is bounded by the tests. A last
table counts every file again with the learned second opinion beside the rules.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import _pages  # noqa: E402
from tiny_computer_agent._irreversible_learned import weights  # noqa: E402
from tiny_computer_agent._irreversible_report import Tally, evaluate, report  # noqa: E402
from tiny_computer_agent._irreversible_rules import LANGUAGES  # noqa: E402

LABELS = Path("tests") / "data" / "irreversible_labels.json"
LATER = "irreversible_heldout_*.json"  # a later pass's held-out file, beside LABELS
#: The bounds the tests hold, as shares of the half's irreversible and safe labels.
MAX_MISS_RATE = 0.03
MAX_FALSE_ALARM_RATE = 0.03


def _within(data: dict[str, list[dict[str, object]]]) -> bool:
    held = evaluate(data)[("heldout", "all")]
    return (
        len(held.misses) <= MAX_MISS_RATE * held.irreversible
        and len(held.false_alarms) <= MAX_FALSE_ALARM_RATE * held.safe
    )


def _halves(data: dict[str, list[dict[str, object]]]) -> str:
    """How a later pass's file was used: held out whole, or tuned on after its count."""
    if not data.get("tune"):
        return "all held out"
    return "tuned on after one count as held out" if not data.get("heldout") else "in two halves"


def _section(name: Path, data: dict[str, list[dict[str, object]]], first: bool) -> list[str]:
    """The page's part for one labelled file: what it is, its table, in bounds or not."""
    count = sum(len(data.get(half, ())) for half in ("tune", "heldout"))
    table = report(data)
    print(f"{name.as_posix()}\n{table}")
    about = (
        f"The labelled set `{name.as_posix()}`: {count} labels in {len(LANGUAGES)} languages "
        f"({', '.join(LANGUAGES)}). A **miss** is an irreversible label the classifier "
        "passed; a **false alarm** a safe one it flagged. A row with a question is a "
        "dialog's generic yes (`OK`, `Continue`), read with the dialog's text (listed as "
        "`label [question]`). Bounds (tests/test_irreversible.py): at most "
        f"{MAX_MISS_RATE:.0%} misses and {MAX_FALSE_ALARM_RATE:.0%} false alarms per half. "
        "The held-out half was written before the rules, by the same hand that wrote them: "
        "it measures what the rules were not adjusted to, not labels no one had in mind."
        if first
        else f"## A later pass's file: `{name.as_posix()}`\n\n{count} labels, "
        f"{_halves(data)}: {data.get('about', '')}"
    )
    if not data.get("heldout"):
        return [about, table]
    verdict = "yes" if _within(data) else "**no**"
    return [about, table, f"Held-out within the bounds: {verdict}."]


def _pass(name: str) -> int:
    found = re.search(r"_pass(\d+)\.json$", name)
    return int(found[1]) if found else 0


def _unseen(name: str, held: str) -> bool:
    """Whether the learner never trained on ``name``: its card names it held out, or it
    is a later pass than every file the card names (written after the learner was)."""
    newest = max((_pass(n) for n in re.findall(r"irreversible_heldout_pass\d+\.json", held)),
                 default=0)  # fmt: skip
    return name in held or (newest > 0 and _pass(name) > newest)


def _with_learner(files: list[tuple[Path, dict[str, list[dict[str, object]]]]]) -> list[str]:
    """The table of the rules alone beside the rules or the learned second opinion
    (:mod:`tiny_computer_agent._irreversible_learned`), per file: its held-out half, or
    the tuned-on half of a file with none."""
    held = weights().about.split("held out: ", 1)[-1]
    lines = [
        "## The rules, and the rules or the learned second opinion",
        "",
        "Each cell: irreversible labels missed, then safe labels flagged. The learned "
        "second opinion only adds flags (on where a person can answer, a terminal or "
        "`--console`, or with `--irreversible-learner`: the policy asks a person about "
        "them). **Learner held out**: the learner "
        "never trained on these rows (`python scripts/irreversible_learner.py` says "
        "which); the rules were tuned on every file but the newest ones.",
        "",
        "| file | rows | learner held out | the rules | the rules or the learner |",
        "|---|---:|---|---:|---:|",
    ]
    for name, data in files:
        half = "heldout" if data.get("heldout") else "tune"
        cells = []
        for learner in (False, True):
            t = evaluate(data, learner=learner).get((half, "all"), Tally())
            cells.append(f"{len(t.misses)}/{t.irreversible}, {len(t.false_alarms)}/{t.safe}")
        unseen = "yes" if _unseen(name.name, held) and half == "heldout" else "no"
        row = f"| `{name.name}` ({half}) | {len(data.get(half, ()))} | {unseen} | "
        lines.append(row + " | ".join(cells) + " |")
    return ["\n".join(lines)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--labels",
        type=Path,
        action="append",
        help=f"a labelled file, repeatable (default: {LABELS} and {LABELS.parent / LATER})",
    )
    _pages.add_out_argument(parser)
    args = parser.parse_args(argv)
    started = time.time()
    command = _pages.command_line("benchmarks/irreversible.py", argv)
    names = args.labels or [
        LABELS,
        *sorted(
            (p.relative_to(ROOT) for p in (ROOT / LABELS.parent).glob(LATER)),
            key=lambda p: (len(p.name), p.name),  # pass 10 after pass 9
        ),
    ]
    body: list[str] = []
    ok = True
    files = []
    for i, name in enumerate(names):
        path = name if name.is_absolute() else ROOT / name
        data = json.loads(path.read_text(encoding="utf-8"))
        files.append((name, data))
        body += _section(name, data, first=i == 0)
        ok = ok and (i > 0 or _within(data))
    body += _with_learner(files)
    body.append("What is flagged and why: [the guide](../guides/irreversible.md).")
    title = "irreversible: misses and false alarms of the classifier by meaning"
    _pages.write_page(
        args.out, "irreversible.md", title, command, "\n\n".join(body), started=started
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
