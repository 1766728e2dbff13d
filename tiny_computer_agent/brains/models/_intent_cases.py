"""Written cases as training decisions: screens a person wrote, not ones generated.

The generator builds every training menu from the inventory's labels, titles and prose,
so the brain has only ever seen screens of its own making; the held-out sets' screens
(other writers' labels, titles and questions) are where it is weakest. A case file
(``records.read_cases``, the held-out sets' own format) holds whole decisions a writer
composed: a goal, the screen as ``[label, kind]`` entries, the right label(s) or none.
:func:`case_examples` turns them into :class:`Example` decisions and :func:`mixed` puts
them beside the generated ones at a share of the training menus.

Cases that are training data must be written apart from the evaluation sets (the
writer never sees them); ``train_intent`` also checks their goals for near copies of
held-out goals, as it does for every training phrasing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ._intent_data import INVENTORY_DIR, Example

__all__ = ["CASES_DIR", "case_files", "case_examples", "mixed"]

#: the written training cases, one folder per writer (``make train-intent`` trains on them)
CASES_DIR = INVENTORY_DIR / "cases"


def case_files(paths: Iterable[Path]) -> list[Path]:
    """Each path a case file, or a folder searched for ``*.json`` (sorted, recursively);
    ValueError for a path that is neither."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.rglob("*.json")))
        elif path.is_file():
            found.append(path)
        else:
            raise ValueError(f"--cases {path}: no such file or folder of case files")
    if not found:
        raise ValueError("--cases: the folders hold no *.json case files")
    return found


def case_examples(files: Sequence[Path], menu: int) -> tuple[list[Example], dict[str, Any]]:
    """The decisions of the cases in ``files`` (TraceError on a bad file), and what was
    kept. A case with earlier clicks (its history) is left out: a training menu has no
    history. Only the first right entry stays on the menu (the softmax has one answer);
    a case whose answer is past the menu's ``menu`` entries is left out."""
    from ...records import read_cases

    examples: list[Example] = []
    skipped = {"with_history": 0, "answer_past_menu": 0}
    for path in files:
        for case in read_cases(path):
            if case.history:
                skipped["with_history"] += 1
                continue
            example = _example(case, menu)
            if example is None:
                skipped["answer_past_menu"] += 1
                continue
            examples.append(example)
    nothing = sum(e.answer is None for e in examples)
    about = {"files": len(files), "cases": len(examples), "nothing_fits": nothing, **skipped}
    return examples, about


def _example(case: Any, menu: int) -> Example | None:
    right = set(case.answer)
    entries: list[tuple[str, str]] = []
    answer: int | None = None
    for label, kind in case.screen:
        if label in right:
            if answer is not None:
                continue  # another right entry: a second answer the softmax would punish
            answer = len(entries)
        entries.append((label, kind))
    if right and (answer is None or answer >= menu):
        return None
    verb = case.verb if right else "click"
    text = case.text or "" if verb == "type" else ""
    concept = f"case:{case.domain}:{case.id}"
    return Example(case.goal, tuple(entries[:menu]), answer, concept, verb, text)


def mixed(generated: list[Example], cases: list[Example], share: float) -> list[Example]:
    """``generated`` with each case repeated so that cases are about ``share`` of the
    training menus (each case at least once); the trainer samples uniformly."""
    if not cases or share <= 0:
        return list(generated)
    wanted = share / (1 - share) * len(generated)
    copies = max(1, round(wanted / len(cases)))
    return [*generated, *(cases * copies)]
