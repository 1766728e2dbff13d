"""Irreversible by meaning, the fourth pass (issue 37): more families of labels, any yes
under a dangerous question, a button the shapes took for a field, a dialog's mnemonic
(alt+LETTER, F10 then a letter) and Return in a field that sends with no button.

The labelled rows of this pass: tests/data/irreversible_labels.json (tune, rows marked
``issue 37, pass 4``) and tests/data/irreversible_heldout_pass4.json (held out)."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import (
    Action,
    Element,
    Observation,
    PolicyRefusal,
    Window,
)
from tiny_computer_agent._irreversible import classify, classify_in, field_submits, is_refusal
from tiny_computer_agent._irreversible_report import evaluate
from tiny_computer_agent._presses import has_mnemonic

from .helpers import armed

SIZE = (1280, 800)
DATA = Path(__file__).parent / "data"
DIALOG = Window(title="Confirm", box=(300, 200, 900, 500), id=9, wm_class=("nautilus", "Nautilus"))


def el(label: str, x: int, kind: str = "button", *state: str, source: str = "ocr") -> Element:
    box = (x, 400, x + 120, 430)
    return Element(label=label, box=box, kind=kind, state=frozenset(state), window=9, source=source)


def screen(*elements: Element) -> Observation:
    return Observation.of(list(elements), size=SIZE, windows=[DIALOG])


def key(chord: str) -> Action:
    return Action.make("key", keys=chord)


def refused(action: Action, obs: Observation, batch: Sequence[Action] = (), **policy: Any) -> str:
    """The irreversible refusal's text; '' when the action passes."""
    try:
        armed(**policy).check(action, obs, history=batch, batch=batch)
    except PolicyRefusal as exc:
        assert exc.rule == "irreversible", exc
        return str(exc)
    return ""


# -- the families ---------------------------------------------------------------------------

FLAGGED = [
    "Start subscription", "Subscribe now", "Approve unlimited", "Authorise payment",
    "Abonnieren", "Оформить подписку", "订阅", "구독하기",  # subscriptions
    "Market sell", "Limit sell", "Sell now", "Place trade", "Stake", "Bid", "Vender",
    "Verkopen", "Продать", "卖出", "売却", "매도",  # trades
    "Go live", "Deploy to production", "Promote to production", "Merge to main", "Release",
    "Sign and broadcast", "Déployer en production", "部署到生产环境", "프로덕션에 배포",  # release
    "Clear chat", "Clear all", "Empty", "Empty bucket", "Vider", "Leeren", "Очистить чат",
    "清除历史记录", "모두 지우기",  # clearing
    "➤", "➢", "✈", "📤", "&Delete", "_Delete",  # glyphs, a mnemonic's marks
    "Pay 12.00 USD¹", "Continue with $4.99/mo²", "Confirm 0.25 ETH",  # amounts
]  # fmt: skip
SAFE = [
    "Release notes", "Subscription settings", "Market overview", "Clear filter",
    "Clear filters", "Empty state help", "Subscribe to newsletter", "Trade history",
    "Withdrawal history", "Deploy preview", "Clear cache", "Effacer les filtres",
    "Cancella filtri", "Filters wissen", "发布说明", "フィルターをクリア", "필터 지우기",
    "▶", "▶ Play", "Price $49.99", "Save && Close",
]  # fmt: skip


@pytest.mark.parametrize("label", FLAGGED)
def test_flags_the_new_families(label: str) -> None:
    assert classify(label) is not None, label


@pytest.mark.parametrize("label", SAFE)
def test_passes_their_look_alikes(label: str) -> None:
    assert classify(label) is None, classify(label)


# -- any yes under a dangerous question ---------------------------------------------------


@pytest.mark.parametrize(
    ("label", "question"),
    [("✓", "Delete 3 files permanently?"), ("Apply", "All data on the disk will be erased."),
     ("Replace", "Replace the existing file?"), ("Format", "Format /dev/sdb?"),
     ("Next", "Your card will be charged $49.99"), ("Remplacer", "Remplacer le fichier existant ?"),
     ("次へ", "このファイルを完全に削除しますか?")],
)  # fmt: skip
def test_any_button_but_a_way_out_says_yes_to_a_dangerous_question(
    label: str, question: str
) -> None:
    found = classify_in(label, [question])
    assert found is not None and found.question, (label, question)
    for way_out in ("Cancel", "No", "Keep", "Don't delete", "Back", "✕", "Help", "取消", "Annuler"):
        assert is_refusal(way_out) and classify_in(way_out, [question]) is None, way_out


def test_a_yes_under_a_harmless_question_passes() -> None:
    for label, question in (("Apply", "Change the theme?"), ("✓", "Save changes?"),
                            ("Next", "Choose a folder")):  # fmt: skip
        assert classify_in(label, [question]) is None, label
    assert classify_in("Apply and restart the whole system now", ["Delete 3 files?"]) is None
    # a statement on a page is no question its Reply answers; a generic yes still reads it
    assert classify_in("Reply", ["Please delete the old files from the share."]) is None
    assert classify_in("OK", ["Please delete the old files from the share."]) is not None


def test_a_question_split_over_two_lines_is_read_whole() -> None:
    lines = ["Are you sure you want to permanently", "erase the volume Backup?"]
    assert classify_in("Proceed", lines[:1]) is None
    found = classify_in("Proceed", lines)
    assert found is not None and "erase" in found.question


def test_the_policy_reads_a_short_heading_of_a_dialog() -> None:
    heading = Element(label="Delete workspace", box=(320, 250, 600, 270), window=9)
    dialog = Window(title="", box=DIALOG.box, id=9, transient_for=3)
    obs = Observation.of([heading, el("Continue", 500)], size=SIZE, windows=[dialog])
    assert "yes to 'Delete workspace'" in refused(Action.make("click", target="Continue"), obs)
    title = dataclasses.replace(heading, kind="title")
    obs = screen(title, el("Continue", 500))
    assert refused(Action.make("click", target="Continue"), obs)
    assert not refused(
        Action.make("click", target="Continue"), screen(heading, el("Continue", 500))
    )


def test_the_policy_reads_a_heading_and_the_question_of_a_dialog() -> None:
    question = Element(label="Replace the existing file?", box=(320, 250, 800, 270), window=9)
    obs = screen(question, el("Skip", 320), el("Replace", 500))
    said = refused(Action.make("click", target="Replace"), obs)
    assert "yes to 'Replace the existing file?'" in said, said
    assert not refused(Action.make("click", target="Skip"), obs)


# -- a button the shapes took for a field or a check box -----------------------------------


@pytest.mark.parametrize("kind", ["field", "check", "radio"])
def test_a_button_guessed_as_another_kind_is_judged_by_its_label(kind: str) -> None:
    obs = screen(el("Pay $49.99", 500, kind, source="shape"))
    assert "pays, buys or orders" in refused(Action.make("click", target="Pay $49.99"), obs)
    tree = screen(el("Delete old files", 500, kind, source="a11y"))  # the tree's word holds
    assert not refused(Action.make("click", target="Delete old files"), tree)


def test_a_tick_box_the_size_of_one_stays_a_tick_box() -> None:
    box = Element(label="Subscribe", box=(320, 400, 334, 414), kind="check", window=9)
    assert not refused(Action.make("click", target="Subscribe"), screen(box))
    wide = dataclasses.replace(box, box=(320, 400, 440, 430))  # a button's size
    assert refused(Action.make("click", target="Subscribe"), screen(wide))


def test_a_key_on_a_button_guessed_as_a_field_is_judged_by_its_label() -> None:
    obs = screen(el("Pay $49.99", 500, "field", "focused", source="shape"))
    assert refused(key("Return"), obs) and refused(key("space"), obs)


# -- a dialog's mnemonic --------------------------------------------------------------------


def test_has_mnemonic_reads_the_marks_and_else_any_letter() -> None:
    assert has_mnemonic("_Delete", "d") and not has_mnemonic("_Delete", "e")
    assert has_mnemonic("&Delete", "d") and has_mnemonic("削除(D)", "d")
    assert has_mnemonic("Delete", "l") and not has_mnemonic("Keep", "d")
    assert has_mnemonic("削除", "x")  # no Latin letter: its mnemonic is not drawn


def test_an_allowed_alt_letter_is_a_press_of_the_buttons_it_may_name() -> None:
    obs = screen(el("Keep", 320), el("_Delete", 500))
    said = refused(key("alt+d"), obs, allow_keys=("alt+d",))
    assert "mnemonic is 'd'" in said and "'_Delete'" in said, said
    assert not refused(key("alt+k"), obs, allow_keys=("alt+k",))
    assert refused(key("alt+shift+d"), obs, allow_keys=("alt+shift+d",))


def test_a_letter_after_f10_is_a_press_of_the_menu_items_it_may_name() -> None:
    obs = screen(el("Empty Trash", 320, "menuitem"), el("Open", 500, "menuitem"))
    said = refused(key("e"), obs, [key("F10")])
    assert "mnemonic is 'e'" in said and "Empty Trash" in said, said
    assert not refused(key("o"), obs, [key("F10")])


# -- Return in a field that sends with no button -------------------------------------------


def test_field_submits_reads_the_label() -> None:
    assert field_submits("Write a message…") == "sends"
    assert field_submits("Nachricht an #general") == "sends"
    assert field_submits("CVC") == "pays"
    assert field_submits("Search") is None and field_submits("Card number") is None


def test_return_in_a_chat_box_is_a_press_of_send() -> None:
    box = el("Write a message…", 320, "field", "focused", source="a11y")
    obs = screen(box)
    said = refused(key("Return"), obs)
    assert "'Send'" in said and "with no button" in said, said
    assert refused(key("ctrl+Return"), obs, allow_keys=("ctrl+Return",))
    assert refused(Action.make("type", text="hi\n", target="Write a message…"), obs)
    assert not refused(key("Return"), screen(el("Search", 320, "field", "focused")))


def test_a_chat_composer_sends_on_return_and_shift_return_is_a_new_line() -> None:
    tall = Element(label="Message #general", box=(320, 300, 800, 420), kind="field",
                   state=frozenset({"focused"}), window=9, source="a11y")  # fmt: skip
    obs = screen(tall)
    assert refused(key("Return"), obs)
    assert refused(Action.make("type", text="line\n"), obs)
    assert not refused(key("shift+Return"), obs)
    assert not refused(Action.make("type", text="no newline"), obs)


def test_a_mail_programs_message_body_takes_return_as_a_new_line() -> None:
    """Thunderbird's body is labelled "Message body" and its window shows Send, yet a
    newline there is a new line (Send is its button, or ctrl+Return); the same box in a
    chat in a browser sends."""
    body = Element(label="Message body", box=(320, 300, 800, 600), kind="field",
                   state=frozenset({"focused", "editable"}), window=9, source="a11y")  # fmt: skip
    send = el("Send", 320)
    letter = Action.make("type", text="See you at noon.\nAda", target="Message body")
    for klass, process, sends in (
        (("Mail", "thunderbird"), "thunderbird", False),
        (("evolution", "Evolution"), "evolution", False),
        (("chromium", "Chromium"), "chromium", True),
    ):
        window = dataclasses.replace(DIALOG, wm_class=klass, process=process)
        obs = Observation.of([body, send], size=SIZE, windows=[window])
        assert bool(refused(letter, obs)) is sends, klass
        assert bool(refused(key("Return"), obs)) is sends, klass
        assert refused(key("ctrl+Return"), obs, allow_keys=("ctrl+Return",)), klass  # sends


def test_return_in_a_card_code_pays_with_its_button_out_of_sight() -> None:
    obs = screen(el("CVC", 320, "field", "focused", source="a11y"))
    assert "'Pay'" in refused(key("Return"), obs)


# -- the labelled rows of this pass ---------------------------------------------------------


def test_the_pass4_held_out_file_is_large_and_covers_both_kinds_in_many_languages() -> None:
    data = json.loads((DATA / "irreversible_heldout_pass4.json").read_text(encoding="utf-8"))
    rows = data["heldout"]
    assert len(rows) >= 80 and not data["tune"]
    kinds = Counter(bool(r["irreversible"]) for r in rows)
    assert kinds[True] >= 40 and kinds[False] >= 30
    assert len({r["lang"] for r in rows}) >= 10


def test_the_pass4_held_out_file_stays_under_a_loose_bound() -> None:
    """A regression bound, not a target: the rules were not tuned on these rows
    (their misses and false alarms are reported, see docs/guides/irreversible.md)."""
    data = json.loads((DATA / "irreversible_heldout_pass4.json").read_text(encoding="utf-8"))
    tally = evaluate(data)[("heldout", "all")]
    assert len(tally.misses) <= 0.12 * tally.irreversible, tally.misses
    assert len(tally.false_alarms) <= 0.03 * tally.safe, tally.false_alarms
