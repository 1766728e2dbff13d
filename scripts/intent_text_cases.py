"""What the intent brain types, on written cases: its value reader
(``tiny_computer_agent/brains/models/_intent_text.py``) against the text each case
expects, the target given.

Only cases that type, name their text and quote nothing are counted (a quoted value is
the planner's). A value is right when it is the expected text as the scorer compares
them (``normalize_label``: case, spaces and punctuation aside).

Run: ``python scripts/intent_text_cases.py [FOLDER ...]`` (default: the training writers'
cases, where the rules were written, and the hand-written dev cases, which they were not
written from); ``--misses`` lists what was read wrong.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tiny_computer_agent._actions import QUOTED  # noqa: E402
from tiny_computer_agent._elements import normalize_label  # noqa: E402
from tiny_computer_agent.brains.models._intent_cases import CASES_DIR  # noqa: E402
from tiny_computer_agent.brains.models._intent_text import extract_text  # noqa: E402
from tiny_computer_agent.records import read_cases  # noqa: E402

DEV_CASES = ROOT / "benchmarks" / "intent" / "dev"


def score(folder: Path, misses: list[str]) -> tuple[int, int]:
    """``(right, counted)`` for the typing cases under ``folder``; misses appended."""
    right = counted = 0
    for path in sorted(folder.rglob("*.json")):
        for case in read_cases(path):
            if case.verb != "type" or not case.answer or case.text is None or case.history:
                continue
            if QUOTED.search(case.goal):
                continue
            counted += 1
            got = extract_text(case.goal, case.answer[0])
            if normalize_label(got) == normalize_label(case.text):
                right += 1
            else:
                misses.append(f"{case.goal!r} into {case.answer[0]!r}: {got!r}, not {case.text!r}")
    return right, counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--misses", action="store_true", help="list what was read wrong")
    args = parser.parse_args()
    folders = args.folders or [*sorted(p for p in CASES_DIR.iterdir() if p.is_dir()), DEV_CASES]
    print("| cases | typing cases | value right |")
    print("|---|---:|---:|")
    misses: list[str] = []
    total = [0, 0]
    for folder in folders:
        right, counted = score(folder, misses)
        total = [total[0] + right, total[1] + counted]
        share = f"{100 * right / counted:.0f} %" if counted else "-"
        print(f"| {folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder} "
              f"| {counted} | {right} ({share}) |")  # fmt: skip
    print(f"| **all** | {total[1]} | {total[0]} |")
    if args.misses:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
