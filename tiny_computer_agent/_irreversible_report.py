"""The irreversible classifier, measured: misses and false alarms on a labelled set.

    python -m tiny_computer_agent._irreversible_report --report tests/data/irreversible_labels.json
    python -m tiny_computer_agent._irreversible_report 'Pay $5' 'Pay attention'

Not imported by the package (a command and the benchmark's helper only);
``benchmarks/irreversible.py`` writes the same table as a page.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from ._irreversible import classify, classify_in
from ._irreversible_learned import doubt, doubt_in

__all__ = ["Tally", "evaluate", "main", "report"]


# -- measuring it -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Tally:
    """Misses (irreversible, not flagged) and false alarms (safe, flagged) of one group."""

    irreversible: int = 0
    safe: int = 0
    misses: tuple[str, ...] = ()
    false_alarms: tuple[str, ...] = ()

    def add(
        self, label: str, irreversible: bool, question: str = "", *, learner: bool = False
    ) -> Tally:
        """Count ``label`` (with ``question``, the dialog's text it answers, if any);
        ``learner``: the learned second opinion too, as the policy asks it."""
        flagged = classify_in(label, [question] if question else []) is not None
        texts = [question] if question else []
        flagged = flagged or (learner and (doubt(label) or doubt_in(label, texts)) is not None)
        if question:
            label = f"{label} [{question}]"
        return dataclasses.replace(
            self,
            irreversible=self.irreversible + irreversible,
            safe=self.safe + (not irreversible),
            misses=self.misses + ((label,) if irreversible and not flagged else ()),
            false_alarms=self.false_alarms + ((label,) if flagged and not irreversible else ()),
        )


def evaluate(
    data: Mapping[str, Sequence[Mapping[str, object]]], *, learner: bool = False
) -> dict[tuple[str, str], Tally]:
    """Tallies by (half, language) and by (half, "all") of a labelled set (the shape of
    tests/data/irreversible_labels.json: ``{"tune": [...], "heldout": [...]}``; a row with
    a ``question`` is a dialog's button read with the dialog's text). ``learner``: the
    rules or the learned second opinion (:mod:`._irreversible_learned`)."""
    tallies: dict[tuple[str, str], Tally] = {}
    for half in ("tune", "heldout"):
        for item in data.get(half, ()):
            label, lang = str(item["label"]), str(item["lang"])
            question = str(item.get("question", ""))
            for key in ((half, lang), (half, "all")):
                tally = tallies.get(key, Tally())
                tallies[key] = tally.add(
                    label, bool(item["irreversible"]), question, learner=learner
                )
    return tallies


def report(data: Mapping[str, Sequence[Mapping[str, object]]]) -> str:
    """The table of misses and false alarms per half and language, then each one listed."""
    tallies = evaluate(data)
    lines = [
        "| half | language | irreversible | missed | safe | false alarms |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for (half, lang), t in sorted(tallies.items(), key=lambda kv: (kv[0][0] != "heldout", kv[0])):
        name = "**all**" if lang == "all" else lang
        lines.append(
            f"| {half} | {name} | {t.irreversible} | {len(t.misses)} | {t.safe} "
            f"| {len(t.false_alarms)} |"
        )
    for half in ("heldout", "tune"):
        whole = tallies.get((half, "all"), Tally())
        lines += ["", f"{half}: missed {list(whole.misses)}"]
        lines += [f"{half}: false alarms {list(whole.false_alarms)}"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tiny_computer_agent._irreversible_report --report FILE``, or labels."""
    parser = argparse.ArgumentParser(prog="python -m tiny_computer_agent._irreversible_report")
    parser.add_argument("--report", type=Path, metavar="FILE", help="a labelled set to count")
    parser.add_argument("labels", nargs="*", help="labels to judge, one line each")
    args = parser.parse_args(argv)
    if args.report is not None:
        print(report(json.loads(args.report.read_text(encoding="utf-8"))))
    for label in args.labels:
        found = classify(label)
        print(f"{label!r}: " + (found.describe() if found else "passes"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
