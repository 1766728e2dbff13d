"""Issue 37, pass 6: the structural rules of :mod:`tiny_computer_agent._irreversible`.

A script no rule set reads asks a person; an amount alone, or a payment glyph beside
anything, pays; a warning statement (not only a question) makes a yes irreversible; and
look-alike spellings are read a second time as they look. The labels here differ from
tests/data/irreversible_heldout_pass6.json (held out, never tuned on)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiny_computer_agent._irreversible import classify, classify_in, unread

UNREAD = ["ფულის გადარიცხვა", "Ջնջել բոլորը", "அனுப்பு", "ಖರೀದಿಸಿ", "ផ្ញើ", "ላክ", "ပို့ပါ"]


@pytest.mark.parametrize("label", UNREAD)
def test_a_script_no_rule_reads_asks(label: str) -> None:
    found = classify(label)
    assert found is not None and found.does == "unread" and unread(label)


def test_a_yes_under_an_unread_question_asks_but_not_under_a_read_one() -> None:
    found = classify_in("Yes", ["ნამდვილად გსურთ გაგრძელება?"])
    assert found is not None and found.does == "unread"
    assert classify_in("Yes", ["Do you want to continue?"]) is None


@pytest.mark.parametrize("label", ["$7", "€ 12,50", "3.2 ETH", "¥ 980", "💵 Now", "🛒 Buy it"])
def test_an_amount_or_a_payment_glyph_with_anything_pays(label: str) -> None:
    found = classify(label)
    assert found is not None and found.does == "pays", found


@pytest.mark.parametrize(
    "label", ["Windows 11", "Chapter 7", "🛒 Basket", "🛒 3", "Level 10", "x86_64", "Top 5"]
)
def test_numbers_and_a_cart_name_pass(label: str) -> None:
    assert classify(label) is None, classify(label)


@pytest.mark.parametrize(
    "label",
    [
        "\u202ellA eteleD",
        "PURCH4SE",
        "WIR3 $50",
        "D\u200bE\u200bL\u200bETE",
        "ΒUY",
        "Ρ4Y",
        "E R A S E  D I S K",
    ],
)
def test_look_alike_spellings_are_read_as_they_look(label: str) -> None:
    assert classify(label) is not None, label


@pytest.mark.parametrize(
    ("yes", "warning"),
    [
        ("Continue", "Every photo in the album will be deleted forever."),
        ("Agree", "This will permanently delete your workspace."),
        ("Go ahead", "The newsletter will be sent to all 9,000 readers."),
    ],
)
def test_a_warning_statement_makes_its_yes_irreversible(yes: str, warning: str) -> None:
    assert classify_in(yes, [warning]) is not None


@pytest.mark.parametrize(
    "label", ["Settle in", "Merge cells", "Flash card", "Drop shadow", "Rotate image"]
)
def test_new_english_acts_keep_their_look_alikes_harmless(label: str) -> None:
    assert classify(label) is None, classify(label)


@pytest.mark.parametrize(
    "label",
    [
        "Remit $80",
        "Settle balance now",
        "Rebase and merge",
        "Flash firmware now",
        "Blast to subscribers",
        "Truncate table users",
        "Rotate all secrets",
    ],
)
def test_new_english_acts_flag(label: str) -> None:
    assert classify(label) is not None, label


def test_the_pass6_held_out_file_is_large_and_holds_both_kinds() -> None:
    path = Path(__file__).parent / "data" / "irreversible_heldout_pass6.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = data["heldout"]
    assert len(rows) >= 200 and not data["tune"]
    assert sum(bool(r["irreversible"]) for r in rows) >= 100
    assert sum(not r["irreversible"] for r in rows) >= 80
    assert sum("question" in r for r in rows) >= 40
