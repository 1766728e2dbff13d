"""Another design for issue 37, measured and not shipped: a learned second opinion beside
the irreversible rules.

A character n-gram logistic regression (1-5 grams of the label, 2-5 of a dialog's
question) is trained on every labelled row the rules were written or tuned on (the main
set's tune half and every later pass but the newest two) and measured on the rows neither
saw: the main set's held-out half and the newest two passes, written before the rules'
last tuning by people who never saw the rules. Printed for each: the rules alone, the
learner alone, and either of them flagging (the learner as a second line that asks). Two
points of the learner's curve are fixed in advance (``C=4`` at 0.7, ``C=16`` at 0.8,
chosen on pass 8 before it was trained on); nothing is chosen on the held-out files::

    pip install scikit-learn   # not a dependency of the project
    python scripts/irreversible_learner.py

Labels repeated verbatim between training and a held-out file are left out of the last
column (``new rows``), as a check for leakage.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tiny_computer_agent._irreversible import classify_in  # noqa: E402

DATA = ROOT / "tests" / "data"
#: The later passes' files, oldest first; the newest two are held out from the learner.
PASSES = sorted(DATA.glob("irreversible_heldout_pass*.json"), key=lambda p: (len(p.name), p.name))
TRAIN = [("irreversible_labels.json", "tune")] + [
    (p.name, half) for p in PASSES[:-2] for half in ("tune", "heldout")
]
HELD = [("irreversible_labels.json", "heldout")] + [(p.name, "heldout") for p in PASSES[-2:]]
POINTS = ((4.0, 0.7), (16.0, 0.8))


def _rows(name: str, half: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = json.loads((DATA / name).read_text("utf-8")).get(half, [])
    return rows


def _norm(text: str) -> str:
    return re.sub(r"\d+([.,]\d+)*", "0", unicodedata.normalize("NFKC", text).casefold())


def _rules(row: dict[str, object]) -> bool:
    question = str(row.get("question", ""))
    return classify_in(str(row["label"]), [question] if question else []) is not None


def main() -> int:
    try:
        from scipy.sparse import hstack
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        print("needs scikit-learn: pip install scikit-learn", file=sys.stderr)
        return 2
    train = [row for name, half in TRAIN for row in _rows(name, half)]
    labels = TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 5), sublinear_tf=True,
                             preprocessor=_norm)  # fmt: skip
    questions = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True,
                                preprocessor=_norm)  # fmt: skip

    def features(rows: list[dict[str, object]], fit: bool = False) -> object:
        texts = [str(r["label"]) for r in rows], [str(r.get("question", "")) for r in rows]
        if fit:
            return hstack([labels.fit_transform(texts[0]), questions.fit_transform(texts[1])])
        return hstack([labels.transform(texts[0]), questions.transform(texts[1])]).tocsr()

    x = features(train, fit=True)
    y = [bool(r["irreversible"]) for r in train]
    seen = {(_norm(str(r["label"])), _norm(str(r.get("question", "")))) for r in train}
    print(f"trained on {len(train)} rows; missed / irreversible, flagged / safe")
    print("| held-out file | learner | rules | learner | rules or learner | the same, new rows |")
    print("|---|---|---:|---:|---:|---:|")
    for c, threshold in POINTS:
        model = LogisticRegression(C=c, max_iter=3000, class_weight="balanced").fit(x, y)
        for name, half in HELD:
            rows = _rows(name, half)
            learned = list(model.predict_proba(features(rows))[:, 1] >= threshold)
            ruled = [_rules(r) for r in rows]
            either = [a or b for a, b in zip(ruled, learned, strict=True)]
            new = [(_norm(str(r["label"])), _norm(str(r.get("question", "")))) not in seen
                   for r in rows]  # fmt: skip
            fresh = [(r, f) for r, f, n in zip(rows, either, new, strict=True) if n]
            cells = [_tally(rows, flags) for flags in (ruled, learned, either)]
            cells.append(_tally([r for r, _ in fresh], [f for _, f in fresh]))
            print(f"| {name} ({half}) | C={c:g} at {threshold} | " + " | ".join(cells) + " |")
    return 0


def _tally(rows: list[dict[str, object]], flags: list[bool]) -> str:
    irreversible = [f for r, f in zip(rows, flags, strict=True) if r["irreversible"]]
    safe = [f for r, f in zip(rows, flags, strict=True) if not r["irreversible"]]
    return f"{irreversible.count(False)}/{len(irreversible)}, {sum(safe)}/{len(safe)}"


if __name__ == "__main__":
    sys.exit(main())
