"""The intent brain's wording at training time: writers, rewrites, WordNet synonyms and the
cross-writer dev split (:mod:`tiny_computer_agent.brains.models._intent_wording`).

The toy training run that uses all of it is in tests/test_intent.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.wording_fixtures import WRITERS, write_wordnet, write_writers
from tiny_computer_agent._errors import MissingExtra
from tiny_computer_agent.brains.models import _intent_wording as wording
from tiny_computer_agent.brains.models._intent_data import (
    generate,
    load_inventory,
    split_goal_parts,
)

INVENTORY = load_inventory()


def test_writer_files_load_and_a_bad_one_says_where_and_what(tmp_path: Path) -> None:
    folder = write_writers(tmp_path / "writers")
    found = wording.load_writers(folder, known={c.id for c in INVENTORY.concepts})
    assert sorted(found) == ["wa", "wb"]
    assert found["wa"].phrasings["files.delete"] == tuple(WRITERS["wa"]["files.delete"])
    assert found["wb"].count() == 4
    assert wording.load_writers(tmp_path / "none", known=()) == {}
    bad = [
        ({"writer": "wc", "phrasings": {"files.nope": ["x"]}}, r"no concept 'files\.nope'"),
        ({"writer": "wc", "phrasings": {"files.delete": ["bin {item}"]}}, r"\{item\}"),
        ({"writer": "wc", "phrasings": {"files.delete": [" "]}}, "non-blank"),
        ({"writer": "wa", "phrasings": {}}, "'wa' is taken"),
        ({"writer": "w1", "phrasings": {}}, "'w1' is taken"),  # the inventory's
        ({"writer": "a b", "phrasings": {}}, "'writer' must be a name"),
        ([], "a writer file is"),
    ]
    for data, error in bad:
        (folder / "zz.json").write_text(json.dumps(data))
        with pytest.raises(ValueError, match=error) as raised:
            wording.load_writers(folder, known={c.id for c in INVENTORY.concepts})
        assert "zz.json" in str(raised.value)


def test_the_writers_files_load_and_hold_no_heldout_goal_or_near_copy() -> None:
    from tiny_computer_agent.brains.models.train_intent import HELDOUT_DIR, heldout_goals, leaks

    heldout = heldout_goals(HELDOUT_DIR)
    assert len(heldout) >= 200  # the default folder is the held-out sets, not a void
    found = wording.load_writers(known={c.id for c in INVENTORY.concepts})
    assert found  # the writers who never saw the evaluation sets
    for writer in found.values():  # the inventory is w1; writers name no new concepts
        assert writer.name != wording.INVENTORY_WRITER and writer.count() > 0
        # what training would refuse (exit 3): counted, so that no held-out goal is shown
        goals = list(wording.filled(INVENTORY, writer.phrasings))
        near = len(leaks(heldout, goals))
        assert near == 0, f"{writer.name}: {near} phrasings are near copies of held-out goals"


def test_wordnet_synonyms_come_from_its_database_files(tmp_path: Path) -> None:
    folder = write_wordnet(tmp_path / "wordnet")
    found = wording.wordnet_synonyms(folder, ["discard", "delete", "report", "it"])
    assert found.lead == {"discard": ("toss out", "throw away"), "delete": ("cancel",)}
    assert found.rest == {"report": ("study",)}  # its noun sense: tagged more often
    assert wording.wordnet_dir(folder) == folder
    with pytest.raises(ValueError, match="no WordNet"):
        wording.wordnet_dir(tmp_path)


def test_without_the_wordnet_extra_the_error_names_the_install_command_and_exits_4(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tiny_computer_agent.brains.models.train_intent import main

    monkeypatch.setattr(wording.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(MissingExtra, match=r"tiny-computer-agent\[wordnet\]"):
        wording.wordnet_dir()
    assert main(["--out", "unused", "--expand", "synonyms"]) == 4  # before any training


def test_a_synonym_never_names_another_concepts_control(tmp_path: Path) -> None:
    synonyms = wording.wordnet_synonyms(write_wordnet(tmp_path), ["discard", "delete"])
    rewriter = wording.Rewriter.build(INVENTORY, ["synonyms"], synonyms)
    delete, rng = INVENTORY.concept("files.delete"), random.Random(0)
    # "cancel" is the Cancel button's: "delete it" is never rewritten as "cancel it"
    assert {rewriter.rewrite("delete {thing}", delete, rng) for _ in range(20)} == {
        "delete {thing}"
    }
    found = {rewriter.rewrite("discard {thing}", delete, rng) for _ in range(40)}
    assert found == {"toss out {thing}", "throw away {thing}"}


def test_each_style_rewrites_as_it_says_and_keeps_a_goal_in_one_part() -> None:
    rewriter = wording.Rewriter.build(INVENTORY, wording.STYLES, wording.Synonyms())
    close, rng = INVENTORY.concept("save-close.dont_save"), random.Random(3)
    seen: dict[str, set[str]] = {}
    for kind in wording.STYLES:
        for phrasing in close.phrasings:
            out = wording._REWRITES[kind](rewriter, phrasing, close, rng)
            if out is not None:
                seen.setdefault(kind, set()).add(out)
                # templates add no "and", "then" or ", please": the brain splits goals there
                assert len(split_goal_parts(out)) <= len(split_goal_parts(phrasing)), out
    assert set(seen) == set(wording.STYLES)
    assert any(
        s.startswith(("I want to ", "I need to ", "I'd like to ")) for s in seen["first_person"]
    )
    assert all("don't" in s or "not" in s for s in seen["negation"])
    assert any(
        s.startswith(("yes", "ok", "yeah", "yep", "sure", "alright")) for s in seen["assent"]
    )
    # a phrasing that is not a command is not wrapped as one
    assert wording._REWRITES["first_person"](rewriter, "my keyboard is odd", close, rng) is None


def test_worded_generation_is_seeded_and_adds_nothing_unless_asked(tmp_path: Path) -> None:
    assert wording.generate_worded(INVENTORY, 300, 4, wording=wording.Wording()) == generate(
        INVENTORY, 300, 4, split="train"
    )  # the shipped recipe: the same decisions
    plan = wording.plan_wording(
        INVENTORY, writers="all", holdout="wb", expand="styles", folder=write_writers(tmp_path)
    )
    assert plan.about["writers_trained"] == ["w1", "wa"]
    assert plan.wording.writers["files.delete"] == tuple(WRITERS["wa"]["files.delete"])
    first = wording.generate_worded(INVENTORY, 3000, 4, wording=plan.wording)
    assert first == wording.generate_worded(INVENTORY, 3000, 4, wording=plan.wording)
    goals = {e.goal for e in first}
    plain = {e.goal for e in generate(INVENTORY, 3000, 4, split="train")}
    assert len(goals - plain) > 600  # rewrites and a writer's phrasings
    assert not [g for g in goals if "{" in g]  # every slot filled, a dialog's yes too
    held = {p for items in WRITERS["wb"].values() for p in items}
    assert not [g for g in goals if g in held or g.replace("the report", "{thing}") in held]


def test_the_cross_writer_split_asks_only_in_the_held_out_writers_new_words(
    tmp_path: Path,
) -> None:
    plan = wording.plan_wording(
        INVENTORY, writers="wa", holdout="wb", folder=write_writers(tmp_path)
    )
    fresh, dropped = wording.fresh(plan.holdout.phrasings, plan.others)  # type: ignore[union-attr]
    assert dropped >= 1 and "delete {thing}" not in fresh["files.delete"]  # w1 has it
    dev = wording.cross_writer_dev(INVENTORY, fresh, 200, 5)
    assert dev == wording.cross_writer_dev(INVENTORY, fresh, 200, 5)
    assert {e.concept for e in dev} == set(fresh)
    assert 0.05 < sum(e.answer is None for e in dev) / len(dev) < 0.3  # nothing fits, too
    for e in dev:
        label = e.entries[e.answer][0] if e.answer is not None else None
        assert label is None or label in INVENTORY.concept(e.concept).labels
    (tmp_path / "zz.json").write_text("{")  # writer files are read only when asked for
    assert not wording.plan_wording(INVENTORY, folder=tmp_path).wording.active()
    (tmp_path / "zz.json").unlink()
    for bad, error in (
        ({"writers": "wb", "holdout": "wb"}, "held-out writer"),
        ({"writers": "wz"}, "not in"),
        ({"holdout": "wz"}, "writers in"),
        ({"expand": "shouting"}, "choose from"),
        ({"expand": "typo", "share": 2.0}, "between 0 and 1"),
    ):
        with pytest.raises(ValueError, match=error):
            wording.plan_wording(INVENTORY, folder=tmp_path, **bad)  # type: ignore[arg-type]
