"""Issue 37: the learned second opinion beside the irreversible rules
(tiny_computer_agent/_irreversible_learned.py, weights written by
scripts/irreversible_learner.py). It only adds flags, reads the label alone, skips a
generic yes or a way out, and the policy, when told to ask it (--irreversible-learner),
asks a person about what it flags."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

import tiny_computer_agent
from tiny_computer_agent import Action, Element, Policy, _policy
from tiny_computer_agent._irreversible import classify
from tiny_computer_agent._irreversible_learned import (
    THRESHOLD,
    Learned,
    doubt,
    features,
    ngrams,
    score,
    weights,
)
from tiny_computer_agent.cli import build_parser
from tiny_computer_agent.cli._desktop import make_policy

DATA = Path(__file__).parent / "data"


def test_ngrams_are_read_word_by_word_with_a_space_each_side() -> None:
    # scikit-learn's char_wb on " pay ": the script trains on these very features
    assert list(ngrams("PAY")) == [
        " ", "p", "a", "y", " ",
        " p", "pa", "ay", "y ",
        " pa", "pay", "ay ",
        " pay", "pay ",
        " pay ",
    ]  # fmt: skip
    assert list(ngrams("a")) == [" ", "a", " ", " a", "a ", " a "]  # a short word once
    assert set(ngrams("Pay $49.99")) == set(ngrams("pay $0"))  # amounts and case fold away


def test_features_have_length_one() -> None:
    values = features("Delete 3 files now")
    assert abs(sum(v * v for v in values.values()) - 1.0) < 1e-9
    assert features("") == {}


def test_the_score_is_the_logistic_of_the_weighted_features() -> None:
    learned = Learned(bias=-1.0, weight={"pay": 4.0})
    x = features("pay")["pay"]
    assert score("pay", learned) == pytest.approx(1 / (1 + 2.718281828459045 ** -(4 * x - 1)))
    assert score("zzz", learned) == pytest.approx(1 / (1 + 2.718281828459045))


def test_the_shipped_weights_say_where_they_came_from_and_what_was_held_out() -> None:
    learned = weights()
    assert len(learned.weight) > 5000
    assert "scripts/irreversible_learner.py" in learned.about
    passes = sorted(
        DATA.glob("irreversible_heldout_pass*.json"), key=lambda p: (len(p.name), p.name)
    )
    # the newest two passes when it was trained were never trained on, and a pass added
    # since is held out too (it did not exist). Training again (scripts/
    # irreversible_learner.py --write) takes in all but the newest two; stop 68 did, and
    # did not ship it: retrained with pass 13 it doubted 'Sign in' (0.87), see below
    held = re.search(r"held out: (.*?)\. ", learned.about)
    assert held is not None
    named = [n for n in held.group(1).split(", ") if "pass" in n]
    names = [p.name for p in passes]
    assert len(named) == 2 and named[0] in names
    start = names.index(named[0])
    assert names[start : start + 2] == named  # two passes in a row, none trained on after
    data = json.loads(
        Path(tiny_computer_agent.__file__).with_name("data").joinpath(
            "irreversible_learned.json").read_text("utf-8")
    )  # fmt: skip
    assert set(data) == {"about", "bias", "weight"}


@pytest.mark.parametrize(
    "label",
    # ordinary labels of real programs: never flagged by it
    ["Save", "Open", "Next", "Settings", "Sekunden", "A4×6", "Print", "Rename", "Search",
     "Add to cart", "Sign in", "View order", "Edit", "Preview", "Help", "Downloads",
     "Deleted items", "Payment methods", "Refresh", "Copy link", "Select all"],
)  # fmt: skip
def test_ordinary_labels_are_not_doubted(label: str) -> None:
    assert doubt(label) is None, score(label)


@pytest.mark.parametrize("label", ["OK", "Yes", "Continue", "Cancel", "No", "Keep"])
def test_a_yes_or_a_way_out_is_left_to_the_rules(label: str) -> None:
    learned = Learned(bias=10.0, weight={})  # scores everything 1.0
    assert doubt(label, learned) is None
    assert doubt("Request ride", learned) is not None


def test_a_sentence_or_a_label_with_no_letter_is_not_scored() -> None:
    learned = Learned(bias=10.0, weight={})
    assert doubt("one two three four five six seven eight nine", learned) is None
    assert doubt("x" * 65, learned) is None
    assert doubt("→ 42", learned) is None


def test_it_finds_labels_the_rules_pass() -> None:
    # the newest two passes were never trained on; the learner must add flags there that
    # the rules miss, or it earns nothing for what it costs
    caught = 0
    for name in ("irreversible_heldout_pass13.json", "irreversible_heldout_pass14.json"):
        for row in json.loads((DATA / name).read_text("utf-8"))["heldout"]:
            label = str(row["label"])
            if row["irreversible"] and not row.get("question") and classify(label) is None:
                caught += doubt(label) is not None
    assert caught >= 20


def test_the_policy_asks_about_what_it_doubts_and_can_be_told_not_to() -> None:
    label = next(
        str(row["label"])
        for row in json.loads((DATA / "irreversible_heldout_pass14.json").read_text("utf-8"))[
            "heldout"
        ]
        if row["irreversible"] and classify(str(row["label"])) is None and doubt(str(row["label"]))
    )
    press = Action(verb="click", target=label)
    why = Policy(irreversible_learner=True).irreversible(press)
    assert why is not None and "learned second opinion" in why and f"{THRESHOLD}" in why
    assert Policy().irreversible(press) is None  # off by default
    assert (
        Policy(irreversible_learner=True).irreversible(Action(verb="click", target="Save")) is None
    )


def test_a_text_or_a_grid_cell_is_not_doubted(monkeypatch: pytest.MonkeyPatch) -> None:
    # a sentence on the page is read, not pressed; "cell 5" is the harness's own name
    monkeypatch.setattr(_policy, "learned_doubt", lambda label: f"{label!r} doubted")
    press = Action(verb="click", target="Zorp")
    policy = Policy(irreversible_learner=True)
    assert policy.irreversible(press) == "'Zorp' doubted"
    button = Element(label="Zorp", box=(0, 0, 80, 20), source="a11y", kind="button")
    assert policy.irreversible(press, [button]) == "'Zorp' doubted"
    for kind, source in (("text", "ocr"), ("title", "a11y"), ("", "grid")):
        seen = Element(label="Zorp", box=(0, 0, 80, 20), source=source, kind=kind)
        assert policy.irreversible(press, [seen]) is None, (kind, source)


class _Stdin(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__("")
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def _learner(monkeypatch: pytest.MonkeyPatch, flags: list[str], *, tty: bool, **hooks) -> bool:
    monkeypatch.setattr(sys, "stdin", _Stdin(tty))
    args = build_parser().parse_args(["--image", "example", *flags, "goal"])
    return make_policy(args, io.StringIO(), **hooks).irreversible_learner


def test_auto_turns_it_on_only_where_a_person_can_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # a script (no terminal) would refuse its few harmless doubts for want of a yes
    assert not _learner(monkeypatch, [], tty=False)
    assert _learner(monkeypatch, [], tty=True)  # a terminal: the person is asked
    assert _learner(monkeypatch, [], tty=False, approve=lambda *_: False)  # the console


def test_the_flags_turn_it_on_or_off_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _learner(monkeypatch, ["--irreversible-learner"], tty=False)
    assert not _learner(monkeypatch, ["--no-irreversible-learner"], tty=True)
    assert not _learner(monkeypatch, ["--no-irreversible-learner"], tty=False, approve=print)
    # the last one given wins, as with any pair of flags
    assert _learner(monkeypatch, ["--no-irreversible-learner", "--irreversible-learner"], tty=False)


def test_a_served_policy_asks_it_only_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    # --serve and --mcp: a client may not be able to answer, so 'auto' is off there
    from tiny_computer_agent.cli._remote import serving_policy

    def served(*flags: str) -> bool:
        args = build_parser().parse_args(["--serve", "127.0.0.1:0", *flags])
        return serving_policy(args, approve=lambda *_: True).irreversible_learner

    monkeypatch.setattr(sys, "stdin", _Stdin(True))
    assert not served() and served("--irreversible-learner")


def test_a_yes_to_a_question_the_rules_cannot_read_asks_where_a_person_can_answer() -> None:
    from tiny_computer_agent import Observation, Window
    from tiny_computer_agent._irreversible_learned import doubt_in

    # the rules read no act in these words; the dialog still asks something
    assert doubt_in("OK", ["Shall the vault forget every entry now?"]) is not None
    assert doubt_in("はい", ["この操作を続けますか？"]) is not None
    assert doubt_in("OK", ["The report was saved."]) is None  # a statement: nothing asked
    assert doubt_in("Rename", ["Rename the file?"]) is None  # not a yes: the rules' own
    asking = Window(title="Vault", box=(300, 200, 900, 500), id=3, pid=30, transient_for=1,
                    wm_class=("vault", "Vault"), process="vault")  # fmt: skip
    owner = Window(title="Vault", box=(0, 0, 1280, 800), id=1, pid=30,
                   wm_class=("vault", "Vault"), process="vault")  # fmt: skip
    said = Element(label="Shall the vault forget every entry now?", box=(320, 240, 880, 262),
                   kind="text", window=3, source="a11y")  # fmt: skip
    yes = Element(label="OK", box=(700, 440, 860, 470), kind="button", window=3, source="a11y")
    frame = Observation.of([said, yes], size=(1280, 800), windows=[asking, owner])
    press = Action(verb="click", target="OK")
    assert Policy(irreversible_learner=True).irreversible(press, [yes], frame) is not None
    assert Policy().irreversible(press, [yes], frame) is None  # off with no person
