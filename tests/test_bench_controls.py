"""The recorded controls set (benchmarks/controls) and its scorer (benchmarks/_controls.py).

The set must be well formed (enough shots and targets, each rectangle inside its
screenshot, kinds and states from the element model), and the scorer must be able to
fail: a detector that reports every target exactly scores 100 %, one that reports
nothing, or the right labels in the wrong places, scores 0 %. Each shot carries the
context the live screen gave (windows, and our own accessibility reader's elements):
it must load back as it was written, reach the detector inside the frame, and be
enough for the ``a11y`` detector to find a GTK dialog's buttons.
"""

from __future__ import annotations

import dataclasses
import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from benchmarks import bench
from benchmarks._controls import LABELS, VARIANTS, Shot, detect_fn, load, run
from tiny_computer_agent._elements import KINDS, STATES, Element, Window

from .helpers import assert_generated_page


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

    def detect(frame: Any) -> Sequence[Element]:
        if frame.image.size == (64, 32):
            return ()
        return make(queue.pop(0))

    return lambda: detect


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
    shot = next(s for s in shots if s.file.stem == "tk-form-beside")
    tally = run(detect_fn("ocr-full"), [shot])["all"]
    assert "tk-form-beside: button 'Save'" not in tally.misses
    # the fields are named by labels beside them: OCR alone never lands inside them
    assert "tk-form-beside: field 'Street'" in tally.misses


def test_each_shot_keeps_the_context_the_live_screen_gave(shots: list[Shot]) -> None:
    data = json.loads(LABELS.read_text(encoding="utf-8"))
    by_file = {s["file"]: s for s in data["shots"]}
    for shot in shots:
        raw = by_file[shot.file.name]["context"]
        # round trip: what was written loads back to the same dicts (defaults dropped)
        assert [w.to_dict() for w in shot.windows] == raw["windows"], shot.file
        for element, written in zip(shot.accessible, raw["accessible"], strict=True):
            full = element.to_dict()
            assert {k: full[k] for k in written} == written, shot.file
            assert {k for k in full if k not in written} <= {"id", "confidence"}, shot.file
        assert shot.windows, f"{shot.file}: no window listed"
        if shot.toolkit in ("tk", "xt"):  # no accessibility tree in these toolkits
            assert not shot.accessible, shot.file
        else:
            assert shot.accessible and all(e.source == "a11y" for e in shot.accessible)
            assert {e.window for e in shot.accessible} <= {w.id for w in shot.windows}


def test_the_context_reaches_the_detector_inside_the_frame(shots: list[Shot]) -> None:
    shot = next(s for s in shots if s.file.stem == "gtk-zenity-two-dialogs")
    seen: list[Any] = []

    def spy(frame: Any) -> Sequence[Element]:
        if frame.image.size != (64, 32):
            seen.append(frame)
        return ()

    run(lambda: spy, [shot])
    (frame,) = seen
    assert frame.windows == shot.windows and len(frame.windows) >= 2
    assert isinstance(frame.windows[0], Window)
    # one monitor at 0,0: the tree's screen pixels are the frame's
    assert [e.box for e in frame.accessible] == [e.box for e in shot.accessible]


def test_the_a11y_detector_finds_a_gtk_dialogs_buttons_from_the_recorded_tree(
    shots: list[Shot],
) -> None:
    shot = next(s for s in shots if s.file.stem == "gtk-zenity-question")
    buttons = [t for t in shot.targets if t.kind == "button"]
    assert {t.name for t in buttons} >= {"Yes", "No"}
    tally = run(detect_fn("a11y"), [shot])["all"]
    for t in buttons:
        assert f"gtk-zenity-question: button {t.name!r}" not in tally.misses
    # without the recorded tree the same detector sees no buttons at all (a grid)
    bare = dataclasses.replace(shot, accessible=())
    tally = run(detect_fn("a11y"), [bare])["all"]
    assert all(f"gtk-zenity-question: button {t.name!r}" in tally.misses for t in buttons)


def test_a_fresh_detector_is_built_for_every_shot(shots: list[Shot]) -> None:
    made: list[int] = []

    def make() -> Any:
        made.append(1)
        return lambda frame: ()

    run(make, shots[:3])
    assert len(made) == 1 + 3  # the warm-up, then one per shot


def test_labels_recorded_before_the_context_still_load_and_score(
    shots: list[Shot], tmp_path: Any
) -> None:
    data = json.loads(LABELS.read_text(encoding="utf-8"))
    entry = next(s for s in data["shots"] if s["file"] == "gtk-zenity-question.png")
    del entry["context"]
    (tmp_path / "labels.json").write_text(json.dumps({"shots": [entry]}))
    with Image.open(LABELS.parent / entry["file"]) as im:
        im.save(tmp_path / entry["file"])
    (old,) = load(tmp_path / "labels.json")
    assert old.windows == () and old.accessible == ()
    tally = run(_replay([old], _perfect), [old])["all"]
    assert tally.hit_rate == 1.0


def test_the_controls_page_holds_the_table_per_detector_and_toolkit(
    shots: list[Shot], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(VARIANTS, "nothing", lambda: lambda frame: ())
    monkeypatch.setitem(bench.OPTIONS, "detectors", ())
    argv = ["controls", "--detector", "nothing", "--out", str(tmp_path)]
    assert bench.main(argv) == 0
    page = tmp_path / "controls.md"
    text = assert_generated_page(page, shlex.join(["python", "benchmarks/bench.py", *argv]))
    targets = sum(len(s.targets) for s in shots)
    assert f"| nothing | all | {len(shots)} | {targets} | 0/{targets} = 0.0% |" in text
    assert all(f"| nothing | {kit} | " in text for kit in ("gtk", "tk", "xt"))
    assert "HELD OUT" in text  # what it measures, and that nobody tunes on it
