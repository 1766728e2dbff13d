"""Train the irreversible rules' learned second opinion (issue 37) and measure it.

A logistic regression over a label's character n-grams
(:mod:`tiny_computer_agent._irreversible_learned`: 1-5 letters per word, scored with the
standard library), trained on

- every labelled row of ``tests/data/irreversible_*.json`` the rules were written or tuned
  on: the main set's tune half and every later pass but the newest two (a generic yes or a
  way out read with its dialog's question is left out: the label alone does not say what
  it does, and the policy never asks the learner about one);
- a background of ordinary labels: the short strings (five words or fewer) of the gettext
  catalogs installed on this machine (``/usr/share/locale``: GTK, GLib, WebKit, the
  programs ``make system-deps`` installs), the rules' safe ones, from one half of them
  split by a hash of the string. The other half is where its false alarms on real
  programs' strings are counted.

It is measured on rows it never saw: the main set's held-out half and the newest two
passes, written by people who never saw the rules or the learner. Printed for each: the
rules alone, and the rules or the learner (the learner adds flags, never lifts one).
Labels repeated verbatim between training and a held-out file are counted apart (``new
rows``), a check for leakage.

    pip install scikit-learn   # not a dependency of the project
    python scripts/irreversible_learner.py            # measure; --write to ship the weights
    python scripts/irreversible_learner.py --curve    # how C and the threshold were chosen

``--curve`` holds out one more pass (the third newest) and prints misses and false alarms
at several thresholds for two strengths; the shipped point (``C=16``,
:data:`~tiny_computer_agent._irreversible_learned.THRESHOLD`) was chosen there, on pass
12, before pass 13 or 14 was counted with the learner.
"""

from __future__ import annotations

import argparse
import gettext
import json
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tiny_computer_agent import _irreversible_learned as learned  # noqa: E402
from tiny_computer_agent._irreversible import (  # noqa: E402
    classify,
    classify_in,
    is_assent,
    is_refusal,
)

DATA = ROOT / "tests" / "data"
OUT = ROOT / "tiny_computer_agent" / "data" / "irreversible_learned.json"
LOCALE = Path("/usr/share/locale")
#: The later passes' files, oldest first.
PASSES = sorted(DATA.glob("irreversible_heldout_pass*.json"), key=lambda p: (len(p.name), p.name))
C = 16.0
#: Weights smaller than this are dropped from the shipped file (checked: no held-out
#: row's flag changes, printed).
PRUNE = 0.1
#: Every this many of the held-out catalog strings are counted (the rules are slow on
#: hundreds of thousands).
CATALOG_STEP = 8
Row = dict[str, object]


def _rows(path: Path, half: str) -> list[Row]:
    rows: list[Row] = json.loads(path.read_text("utf-8")).get(half, [])
    return rows


def _label_says(row: Row) -> bool:
    """Whether the label alone says what pressing it does (not a yes or a way out read
    with its dialog's question)."""
    label = str(row["label"])
    return not (row.get("question") and (is_assent(label) or is_refusal(label)))


def catalog_strings(root: Path = LOCALE) -> list[str]:
    """The short strings (msgid and msgstr, five words or fewer, no format codes) of every
    gettext catalog under ``root``, sorted, each once."""
    found: set[str] = set()
    for mo in sorted(root.glob("*/LC_MESSAGES/*.mo")):
        try:
            with mo.open("rb") as handle:
                catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        except (OSError, ValueError, IndexError):  # a broken or non-UTF-8 catalog
            continue
        for key, value in catalog.items():
            for text in (key[0] if isinstance(key, tuple) else key, value):
                if isinstance(text, str) and _short(text):
                    found.add(text.strip())
    return sorted(found)


def _short(text: str) -> bool:
    return 0 < len(text.split()) <= 5 and len(text) <= 48 and not any(c in text for c in "%\n{$")


def _half(text: str) -> int:
    return zlib.crc32(text.encode("utf-8")) % 2


def _fit(train: Sequence[Row], background: Sequence[str], c: float) -> learned.Learned:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    texts = [str(r["label"]) for r in train] + list(background)
    y = [bool(r["irreversible"]) for r in train] + [False] * len(background)
    vectors = DictVectorizer()
    x = vectors.fit_transform([learned.features(t) for t in texts])
    model = LogisticRegression(C=c, max_iter=5000, class_weight="balanced").fit(x, y)
    names = vectors.get_feature_names_out()
    weight = {str(g): float(w) for g, w in zip(names, model.coef_[0], strict=True)}
    return learned.Learned(bias=float(model.intercept_[0]), weight=weight)


def _pruned(model: learned.Learned) -> learned.Learned:
    kept = {g: round(w, 4) for g, w in model.weight.items() if abs(w) >= PRUNE}
    return learned.Learned(bias=round(model.bias, 4), weight=kept)


def _rules(row: Row) -> bool:
    question = str(row.get("question", ""))
    return classify_in(str(row["label"]), [question] if question else []) is not None


def _flags(rows: Sequence[Row], model: learned.Learned, threshold: float) -> list[bool]:
    return [
        _rules(r) or (_label_says(r) and bool(learned.doubt(str(r["label"]), model, threshold)))
        for r in rows
    ]


def _tally(rows: Sequence[Row], flags: Sequence[bool]) -> str:
    irreversible = [f for r, f in zip(rows, flags, strict=True) if r["irreversible"]]
    safe = [f for r, f in zip(rows, flags, strict=True) if not r["irreversible"]]
    return f"{irreversible.count(False)}/{len(irreversible)}, {sum(safe)}/{len(safe)}"


def _split(held_passes: int) -> tuple[list[Row], list[tuple[str, list[Row]]]]:
    main = DATA / "irreversible_labels.json"
    train = _rows(main, "tune") + [
        r for p in PASSES[:-held_passes] for half in ("tune", "heldout") for r in _rows(p, half)
    ]
    held = [(f"{main.name} (heldout)", _rows(main, "heldout"))]
    held += [(p.name, _rows(p, "heldout")) for p in PASSES[-held_passes:]]
    return [r for r in train if _label_says(r)], held


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/irreversible_learner.py")
    parser.add_argument("--write", action="store_true", help=f"write the weights to {OUT}")
    parser.add_argument("--curve", action="store_true", help="hold out a third pass; a curve")
    args = parser.parse_args(argv)
    try:
        import sklearn  # noqa: F401
    except ImportError:
        print("needs scikit-learn: pip install scikit-learn", file=sys.stderr)
        return 2
    strings = catalog_strings()
    if not strings:
        print(f"no gettext catalogs under {LOCALE}: run make system-deps", file=sys.stderr)
        return 2
    background = [s for s in strings if _half(s) == 0 and classify(s) is None]
    catalog_held = [s for s in strings if _half(s) == 1][::CATALOG_STEP]
    train, held = _split(3 if args.curve else 2)
    names = ", ".join(n for n, _ in held)
    print(f"trained on {len(train)} labelled rows and {len(background)} catalog strings; "
          f"held out: {names} and {len(catalog_held)} catalog strings")  # fmt: skip
    if args.curve:
        return _curve(train, background, held[-3:-2] + held[:1])
    model = _fit(train, background, C)
    shipped = _pruned(model)
    _report(train, held, catalog_held, model, shipped)
    if args.write:
        _write(shipped, train, background, held)
    return 0


def _curve(train: list[Row], background: list[str], held: list[tuple[str, list[Row]]]) -> int:
    print("| C | threshold | " + " | ".join(n for n, _ in held) + " |")
    print("|---|---|" + "---:|" * len(held))
    for c in (4.0, 16.0):
        model = _fit(train, background, c)
        for threshold in (0.5, 0.7, 0.8, 0.9):
            cells = [_tally(rows, _flags(rows, model, threshold)) for _, rows in held]
            print(f"| {c:g} | {threshold} | " + " | ".join(cells) + " |")
    return 0


def _report(
    train: list[Row],
    held: list[tuple[str, list[Row]]],
    catalog_held: list[str],
    model: learned.Learned,
    shipped: learned.Learned,
) -> None:
    threshold = learned.THRESHOLD
    seen = {learned.normalise(str(r["label"])) for r in train}
    print("missed / irreversible, flagged / safe")
    print("| held-out file | rules | rules or learner | the same, new rows | pruned flips |")
    print("|---|---:|---:|---:|---:|")
    for name, rows in held:
        either = _flags(rows, shipped, threshold)
        full = _flags(rows, model, threshold)
        new = [(r, f) for r, f in zip(rows, either, strict=True)
               if learned.normalise(str(r["label"])) not in seen]  # fmt: skip
        cells = [
            _tally(rows, [_rules(r) for r in rows]),
            _tally(rows, either),
            _tally([r for r, _ in new], [f for _, f in new]),
            str(sum(a != b for a, b in zip(either, full, strict=True))),
        ]
        print(f"| {name} | " + " | ".join(cells) + " |")
    ruled = sum(classify(s) is not None for s in catalog_held)
    added = [s for s in catalog_held if classify(s) is None and learned.doubt(s, shipped)]
    print(f"\ncatalog strings held out: {len(catalog_held)}; the rules flag {ruled}, "
          f"the learner adds {len(added)} ({100 * len(added) / len(catalog_held):.2f} %), "
          f"e.g. {added[:12]}")  # fmt: skip
    print(f"weights: {len(model.weight)}, shipped {len(shipped.weight)} (|w| >= {PRUNE})")


def _write(
    shipped: learned.Learned, train: list[Row], background: list[str],
    held: list[tuple[str, list[Row]]],
) -> None:  # fmt: skip
    about = (
        f"Written by scripts/irreversible_learner.py --write: logistic regression "
        f"(C={C:g}, balanced) on {len(train)} labelled rows (tests/data/irreversible_*, "
        f"all but the newest two passes) and {len(background)} short gettext catalog "
        f"strings the rules pass; held out: {', '.join(n for n, _ in held)}. "
        f"Weights under {PRUNE} dropped."
    )
    data = {"about": about, "bias": shipped.bias, "weight": dict(sorted(shipped.weight.items()))}
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    sys.exit(main())
