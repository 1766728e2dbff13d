"""Written cases as training decisions for the intent brain (``train_intent --cases``,
:mod:`tiny_computer_agent.brains.models._intent_cases`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent._errors import TraceError
from tiny_computer_agent.brains.models._intent_cases import (
    CASES_DIR,
    case_examples,
    case_files,
    mixed,
)
from tiny_computer_agent.brains.models._intent_data import Example

SCREEN = [["Untitled - Notes", "title"], ["Save changes?", "text"], ["Save", "button"],
          ["Don't Save", "button"], ["Cancel", "button"]]  # fmt: skip


def case(id_: str, goal: str, answer: list[str], **more: Any) -> dict[str, Any]:
    return {"id": id_, "goal": goal, "screen": more.pop("screen", SCREEN), "answer": answer,
            **more}  # fmt: skip


def write(folder: Path, name: str, *cases: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"domain": name, "cases": list(cases)}))
    return path


def test_a_case_becomes_a_decision_with_its_screen_and_one_answer(tmp_path: Path) -> None:
    both = [*SCREEN, ["Save", "menuitem"]]
    write(tmp_path / "w", "close",
          case("c1", "keep my edits", ["Save"], screen=both),
          case("c2", "never mind, leave it open", ["Cancel"]),
          case("c3", "print it", []),
          case("c4", "name it draft", ["Save"], history=["File"]),
          case("c5", "call it draft-7", ["Name"], verb="type", text="draft-7",
               screen=[["Name", "field"], ["OK", "button"]]))  # fmt: skip
    examples, about = case_examples(case_files([tmp_path / "w"]), menu=16)
    assert about == {"files": 1, "cases": 4, "nothing_fits": 1, "with_history": 1,
                     "answer_past_menu": 0}  # fmt: skip
    first, second, nothing, typed = examples
    assert first.entries[first.answer or 0] == ("Save", "button")
    assert ("Save", "menuitem") not in first.entries  # a second right answer is not a wrong one
    assert second.entries[second.answer or 0] == ("Cancel", "button")
    assert nothing.answer is None and nothing.concept == "case:close:c3"
    assert (typed.verb, typed.text, typed.answer) == ("type", "draft-7", 0)


def test_an_answer_past_the_menu_is_left_out(tmp_path: Path) -> None:
    screen = [[f"Item {i}", "item"] for i in range(20)]
    path = write(tmp_path, "long", case("l1", "open the last one", ["Item 19"], screen=screen))
    examples, about = case_examples([path], menu=16)
    assert examples == [] and about["answer_past_menu"] == 1


def test_a_bad_case_file_names_the_case_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, "bad", case("b1", "save", ["Save it"]))
    with pytest.raises(TraceError, match=r"cases\[0\]\.answer.*not on the screen"):
        case_examples([path], menu=16)
    with pytest.raises(ValueError, match="no such file or folder"):
        case_files([tmp_path / "missing"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match=r"no \*\.json"):
        case_files([tmp_path / "empty"])


def test_mixed_gives_cases_their_share_of_the_menus() -> None:
    generated = [Example(f"g{i}", (("A", "button"),), 0, "x") for i in range(900)]
    cases = [Example(f"c{i}", (("B", "button"),), 0, "case") for i in range(30)]
    out = mixed(generated, cases, 0.25)
    assert len(out) - len(generated) == 300  # 300 of 1,200: a quarter
    assert out[len(generated):] == cases * 10
    assert mixed(generated, cases, 0.0) == generated
    assert len(mixed(generated[:3], cases, 0.1)) == 33  # every case at least once


def test_a_case_goal_near_a_held_out_goal_stops_the_run(tmp_path: Path) -> None:
    """Before any training: exit 3 for a leak, 2 for a bad file or share."""
    from tiny_computer_agent.brains.models.train_intent import main

    heldout = tmp_path / "heldout"
    write(heldout, "close", case("h1", "please close without saving my edits", ["Don't Save"]))
    toy = ["--out", str(tmp_path / "no"), "--examples", "40", "--dev", "30", "--no-eval",
           "--heldout", str(heldout)]  # fmt: skip
    leaky = write(tmp_path / "cases", "close", case("t1", "close without saving my edits please",
                                                    ["Don't Save"]))  # fmt: skip
    assert main([*toy, "--cases", str(leaky)]) == 3
    bad = write(tmp_path / "bad", "bad", case("t2", "save", ["Nowhere"]))
    assert main([*toy, "--cases", str(bad)]) == 2
    fine = write(tmp_path / "fine", "close", case("t3", "keep my edits", ["Save"]))
    assert main([*toy, "--cases", str(fine), "--case-share", "1"]) == 2
    assert main([*toy, "--cases", str(tmp_path / "fine"), "--case-dev",
                 str(tmp_path / "fine")]) == 2  # fmt: skip
    assert not (tmp_path / "no").exists()


@pytest.mark.model
def test_a_toy_training_run_takes_them_and_scores_a_case_dev_set(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="training needs the 'intent' extra (make test)")
    pytest.importorskip("peft", reason="training needs the 'intent' extra (make test)")
    from tiny_computer_agent.brains.models.train_intent import main

    write(tmp_path / "cases", "close", case("t1", "keep my edits", ["Save"]),
          case("t2", "print it", []))  # fmt: skip
    write(tmp_path / "dev", "close", case("d1", "throw the edits away", ["Don't Save"]))
    out = tmp_path / "adapter"
    toy = ["--out", str(out), "--steps", "2", "--batch", "4", "--examples", "40"]
    toy += ["--dev", "30", "--threads", "1", "--no-eval"]
    assert main([*toy, "--cases", str(tmp_path / "cases"), "--case-share", "0.5",
                 "--case-dev", str(tmp_path / "dev")]) == 0  # fmt: skip
    card = json.loads((out / "card.json").read_text())
    assert card["cases"]["cases"] == 2 and card["cases"]["nothing_fits"] == 1
    assert card["cases"]["menus_from_cases"] == 40  # half of 80
    assert card["case_dev"]["overall"]["cases"] == 1


def test_the_shipped_cases_load_and_hold_no_goal_near_an_evaluation_goal() -> None:
    """The written cases ``make train-intent`` trains on: six writers who never saw the
    held-out or dev sets; a near copy of one of their goals would be trained on (exit 3
    for the held-out sets; the dev cases would reward memory). Counted, never shown."""
    from tiny_computer_agent.brains.models.train_intent import HELDOUT_DIR, heldout_goals, leaks

    files = case_files([CASES_DIR])
    examples, about = case_examples(files, menu=16)
    assert about["cases"] >= 2000 and about["nothing_fits"] >= 250
    assert len({f.parent.name for f in files}) == 6
    goals = [e.goal for e in examples]
    dev = heldout_goals(HELDOUT_DIR.parent / "dev")
    assert len(dev) >= 150
    for name, evaluation in (("held-out", heldout_goals(HELDOUT_DIR)), ("dev", dev)):
        near = len(leaks(evaluation, goals))
        assert near == 0, f"{near} {name} goals have a near copy among the training cases"
