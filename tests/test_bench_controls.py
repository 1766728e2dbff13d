"""The recorded controls set (benchmarks/controls) and its scorer (benchmarks/_controls.py).

The set must be well formed (enough shots and targets, each rectangle inside its
screenshot, kinds and states from the element model), and the scorer must be able to
fail: a detector that reports every target exactly scores 100 %, one that reports
nothing, or the right labels in the wrong places, scores 0 %.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image

from benchmarks._controls import LABELS, Shot, load, run
from tiny_computer_agent._perception import KINDS, STATES, Element


@pytest.fixture(scope="module")
def shots() -> list[Shot]:
    return load(LABELS)


def test_the_labels_file_is_well_formed(shots: list[Shot]) -> None:
    data = json.loads(LABELS.read_text(encoding="utf-8"))
    assert "HELD OUT" in data["note"]
    assert len(shots) >= 30
    assert sum(len(s.targets) for s in shots) >= 150
    assert {s.toolkit for s in shots} == {"tk", "gtk", "xt"}
    for shot in shots:
        with Image.open(shot.file) as im:
            width, height = im.size
        assert shot.targets, shot.file
        for t in shot.targets:
            left, top, right, bottom = t.rect
            assert 0 <= left < right <= width and 0 <= top < bottom <= height, (shot.file, t)
            assert t.kind in KINDS and t.kind, (shot.file, t)
            assert t.name.strip(), (shot.file, t)
            assert set(t.state) <= set(STATES), (shot.file, t)


def test_the_set_stays_small_enough_to_commit() -> None:
    total = sum(p.stat().st_size for p in LABELS.parent.glob("*"))
    assert total < 3_000_000


def _replay(shots: list[Shot], make: Any) -> Any:
    """A detector that answers each shot in turn with ``make(shot)`` (nothing for the
    scorer's warm-up image)."""
    queue = list(shots)

    def detect(image: Any) -> Sequence[Element]:
        if image.size == (64, 32):
            return ()
        return make(queue.pop(0))

    return detect


def _perfect(shot: Shot) -> list[Element]:
    return [Element(label=t.name, box=t.rect, kind=t.kind) for t in shot.targets]


def test_a_perfect_detector_scores_everything(shots: list[Shot]) -> None:
    tallies = run(_replay(shots, _perfect), shots)
    total = tallies["all"]
    assert total.targets == sum(len(s.targets) for s in shots)
    assert total.hit_rate == 1.0 and total.kind_accuracy == 1.0 and not total.misses
    assert set(tallies) == {"all", "tk", "gtk", "xt"}


def test_an_empty_detector_scores_nothing(shots: list[Shot]) -> None:
    tallies = run(_replay(shots, lambda shot: []), shots)
    assert tallies["all"].hits == 0 and tallies["all"].hit_rate == 0.0
    assert len(tallies["all"].misses) == tallies["all"].targets


def test_right_labels_in_the_wrong_place_or_of_unknown_kind_do_not_count(
    shots: list[Shot],
) -> None:
    def shifted(shot: Shot) -> list[Element]:  # every box 2000 px right: off every target
        return [
            Element(label=t.name, box=(t.rect[0] + 2000, t.rect[1], t.rect[2] + 2000, t.rect[3]))
            for t in shot.targets
        ]

    assert run(_replay(shots[:3], shifted), shots[:3])["all"].hits == 0
    unknown = [dataclasses.replace(e, kind="") for e in _perfect(shots[0])]
    tally = run(_replay(shots[:1], lambda shot: unknown), shots[:1])["all"]
    assert tally.hit_rate == 1.0 and tally.kind_accuracy == 0.0


def test_real_ocr_finds_plain_buttons_on_one_shot(shots: list[Shot]) -> None:
    pytest.importorskip("rapidocr", reason="the 'ocr' extra is not installed")
    from benchmarks._controls import detect_fn

    shot = next(s for s in shots if s.file.stem == "tk-form-beside")
    tally = run(detect_fn("ocr-full"), [shot])["all"]
    assert "tk-form-beside: button 'Save'" not in tally.misses
    # the fields are named by labels beside them: OCR alone never lands inside them
    assert "tk-form-beside: field 'Street'" in tally.misses
