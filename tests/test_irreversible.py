"""Irreversible by meaning (issue 37 item 3): the classifier on both kinds of label, its
misses and false alarms on the labelled set, and one press per ``--allow-irreversible``
through the real loop."""

from __future__ import annotations

import collections
import io
import json
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    DryRunExecutor,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    ScriptedBrain,
    ScriptedScreen,
    run_episode,
)
from tiny_computer_agent._irreversible import (
    allowance_window,
    allowances,
    classify,
    parse_allowance,
    presses_left,
)
from tiny_computer_agent._irreversible_report import evaluate, main
from tiny_computer_agent._irreversible_rules import LANGUAGES
from tiny_computer_agent.cli import main as cli_main

from .helpers import dialog

LABELS = Path(__file__).parent / "data" / "irreversible_labels.json"
#: The most misses and false alarms the labelled set may show, per half, as a share of
#: its irreversible (misses) and safe (false alarms) labels.
MAX_MISS_RATE = 0.03
MAX_FALSE_ALARM_RATE = 0.03


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


# -- the classifier -----------------------------------------------------------------------

#: The audit's labels (19 of 24 went through the old list) and more of the same.
IRREVERSIBLE = [
    "Pay $49.99", "Buy for $9.99", "Transfer $500", "Send 0.5 BTC", "Delete 3 files",
    "Yes, delete", "Delete now", "Submit order", "Delete accounts", "Pagar 49,99 €",
    "Supprimer 3 fichiers", "3 Dateien löschen", "Zahlungspflichtig bestellen",
    "Excluir conta", "Svuota cestino", "立即支付", "删除 3 个文件", "ごみ箱を空にする",
    "注文を確定する", "Send to all", "Publish", "Empty Trash", "Wipe device",
    # look-alike letters, full-width forms and OCR's misreadings do not dodge it
    "Pаy $5", "De1ete 3 files", "ＰＡＹ ＄５", "Dele\u200bte now", "Ｐｕｂｌｉｓｈ",
]  # fmt: skip

#: Look-alikes and the decisions (docs/guides/irreversible.md): cancelling is the way
#: out, a feedback form and a history page are not acts, prose is read, not pressed.
SAFE = [
    "Deleted items", "Pay attention", "Cancel order", "Order history", "Send feedback",
    "Payment methods", "Cancel subscription", "Undo delete", "Don't delete", "Sender",
    "Send to back", "Transfer settings", "Purchase history", "Elementos eliminados",
    "Annuler la commande", "Bestellung stornieren", "Feedback senden", "已删除", "取消订单",
    "削除済みアイテム", "フィードバックを送信", "Discard changes", "Submit", "Reset", "Format",
    "Order", "Proceed to checkout", "Add to cart",
    "You can delete these files later from the Trash.", "Delete this file?",
    "Replace All",  # an editor's: ctrl+z brings the text back
]  # fmt: skip


@pytest.mark.parametrize("label", IRREVERSIBLE)
def test_flags_what_cannot_be_undone(label: str) -> None:
    assert classify(label) is not None


@pytest.mark.parametrize("label", SAFE)
def test_passes_look_alikes(label: str) -> None:
    assert classify(label) is None


def test_says_what_pressing_does_in_which_language_by_which_rule() -> None:
    found = classify("Pay $49.99")
    assert found is not None and (found.does, found.language, found.rule) == ("pays", "en", "pay *")
    assert found.describe() == "'Pay $49.99' pays, buys or orders (en: 'pay *')"
    assert classify("Konto löschen") is not None
    assert getattr(classify("Konto löschen"), "language", "") == "de"


def test_covers_sixteen_languages() -> None:
    assert set(LANGUAGES) >= {"en", "es", "fr", "de", "pt", "it", "zh", "ja", "ru", "nl", "pl",
                              "ko", "tr", "sv", "da", "fi"}  # fmt: skip


#: The second attacker pass's labels in the languages added for it, small capitals, and
#: the decisions it prompted (the module docstring of _irreversible_rules.py).
MORE_IRREVERSIBLE = [
    "Оплатить 500 ₽", "Удалить", "УДАЛИТЬ АККАУНТ", "Nu betalen", "Verwijderen", "Zapłać",
    "Usuń", "결제하기", "삭제", "Satın al", "Sil", "Betala", "Radera", "Slet", "Poista",
    "ʙᴜʏ ɴᴏᴡ", "ᴅᴇʟᴇᴛᴇ ᴀᴄᴄᴏᴜɴᴛ", "⒫⒜⒴ $5", "Remove from device", "Remove from this phone",
    "초기화", "Очистить корзину", "Перевести 5000 ₽",
]  # fmt: skip
MORE_SAFE = [
    "Reply all", "Zurücksetzen", "Procedi al pagamento", "Remove from playlist",
    "Remove from cart", "Перевести", "Удалённые", "Verwijderde items", "Usunięte elementy",
    "삭제된 항목", "보낸 편지함", "내보내기", "의견 보내기", "Silinen öğeler",
    "Raderade objekt", "Slettede elementer", "Poistetut kohteet", "Send tilbagemelding",
    "Send to back", "Place marker",
]  # fmt: skip


@pytest.mark.parametrize("label", MORE_IRREVERSIBLE)
def test_flags_the_second_pass_in_more_languages(label: str) -> None:
    assert classify(label) is not None


@pytest.mark.parametrize("label", MORE_SAFE)
def test_passes_their_look_alikes_and_the_decisions(label: str) -> None:
    assert classify(label) is None


def test_the_labelled_set_is_large_split_and_covers_every_language_and_kind() -> None:
    data = json.loads(LABELS.read_text(encoding="utf-8"))
    items = data["tune"] + data["heldout"]
    assert len(items) >= 300
    # the languages added in pass 5 are covered by tests/test_irreversible_languages.py
    # and held out whole in tests/data/irreversible_heldout_pass5.json
    for half in ("tune", "heldout"):
        kinds = collections.Counter((i["lang"], i["irreversible"]) for i in data[half])
        sixteen = list(LANGUAGES)[:16]
        assert {(lang, kind) for lang in sixteen for kind in (True, False)} <= set(kinds)


@pytest.mark.parametrize("half", ["tune", "heldout"])
def test_misses_and_false_alarms_stay_under_the_bound(half: str) -> None:
    tally = evaluate(json.loads(LABELS.read_text(encoding="utf-8")))[(half, "all")]
    assert len(tally.misses) <= MAX_MISS_RATE * tally.irreversible, tally.misses
    assert len(tally.false_alarms) <= MAX_FALSE_ALARM_RATE * tally.safe, tally.false_alarms


def test_the_report_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--report", str(LABELS), "Pay $5", "Pay attention"]) == 0
    out = capsys.readouterr().out
    assert "| heldout | **all** |" in out and "| tune | de |" in out
    assert "'Pay $5' pays, buys or orders" in out and "'Pay attention': passes" in out


# -- the policy asks it -------------------------------------------------------------------


def test_the_policy_refuses_a_label_by_its_meaning_and_names_it() -> None:
    obs = dialog("Cancel", "Pay $49.99")
    click = Action.make("click", target="Pay $49.99")
    assert "pays, buys or orders" in (Policy().irreversible(click) or "")
    Policy().check(click, obs)  # a dry run only reports it
    with pytest.raises(PolicyRefusal, match=r"--allow-irreversible 'Pay \$49.99'") as err:
        armed().check(click, obs)
    assert err.value.rule == "irreversible"


def test_the_list_still_answers_first() -> None:
    click = Action.make("click", target="Delete account")
    assert Policy().irreversible(click) == "'Delete account' matches 'delete account'"


# -- one press at a time ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "parsed"),
    [("Send", ("Send", 1)), ("Send*3", ("Send", 3)), ("Pay $5 * 2", ("Pay $5", 2)),
     ("Delete account", ("Delete account", 1))],
)  # fmt: skip
def test_parse_allowance(given: str, parsed: tuple[str, int]) -> None:
    assert parse_allowance(given) == parsed


@pytest.mark.parametrize("given", ["Send*0", "*2", "  ", "…"])
def test_a_bad_allowance_names_the_fix(given: str) -> None:
    with pytest.raises(ValueError, match="--allow-irreversible"):
        parse_allowance(given)
    with pytest.raises(ValueError, match="--allow-irreversible"):
        Policy(allow_irreversible=(given,))


@pytest.mark.parametrize(
    ("given", "parsed", "window"),
    [("Send@Thunderbird", ("Send", 1), "Thunderbird"), ("Send*2@*mail*", ("Send", 2), "*mail*"),
     ("OK@Files", ("OK", 1), "Files"), ("OK@*", ("OK", 1), None), ("Send", ("Send", 1), None),
     ("Send to ana@example.org@*", ("Send to ana@example.org", 1), None)],
)  # fmt: skip
def test_an_allowance_may_name_its_window(
    given: str, parsed: tuple[str, int], window: str | None
) -> None:
    assert parse_allowance(given) == parsed
    assert allowance_window(given) == window


def test_an_allowance_bound_to_a_window_counts_only_there() -> None:
    allowed = allowances(["Send@Mail", "Send*2@Chat", "Delete"])
    in_mail, in_chat = (lambda w: w == "Mail"), (lambda w: w == "Chat")
    assert presses_left("Send", allowed, [], in_mail) == 1
    assert presses_left("Send", allowed, [], in_chat) == 2
    assert presses_left("Send", allowed, []) == 0  # a window no allowance names
    assert presses_left("Send", allowed, ["Send"], in_chat) == 1  # a press anywhere counts
    assert presses_left("Delete", allowed, []) == 1  # unbound: any window


def test_allowances_add_up_and_presses_are_counted_by_label() -> None:
    allowed = allowances(["Send", "SEND", "Delete account*2"])
    assert presses_left("Send", allowed, []) == 2
    assert presses_left("send", allowed, ["Send"]) == 1
    assert presses_left("Delete account", allowed, ["Send", "Delete  account"]) == 1
    assert presses_left("Pay", allowed, []) == 0


def test_an_allowance_is_for_the_letters_a_person_read_not_their_look_alikes() -> None:
    """A fresh attacker pass (stop 62): look-alike letters folded as the deny lists fold
    them let ``Send to Bill`` allow a button reading ``Send to Віll`` (a Cyrillic В)."""
    allowed = allowances(["Send to Bill", "Pay AcmeCorp", "Send to Jose"])
    for shown in ("Send to Віll", "Pay ΑcmeCorp", "Send to José", "Send to BiII"):
        assert presses_left(shown, allowed, []) == 0, shown
    for same in ("SEND TO BILL", "Send  to\u200bBill", "Ｐａｙ AcmeCorp", "send to jose"):
        assert presses_left(same, allowed, []) == 1, same
    # counting presses still folds both: one too many refuses
    assert presses_left("Send to Bill", allowed, ["Send to Віll"]) == 0


def test_an_allowance_is_for_the_symbols_a_label_draws_too() -> None:
    """The seventh attacker pass: ``Pay $5`` allowed ``Pay $5 🔁`` (every month) and
    ``Pay $5 ∞``: only letters, digits and currency signs were compared."""
    allowed = allowances(["Pay $5", "Renew 🔁"])
    for other in ("Pay $5 🔁", "Pay $5 ∞", "Pay $5 ×12", "Renew"):
        assert presses_left(other, allowed, []) == 0, other
    for same in ("Pay $5", "PAY $5", "Renew 🔁", "Renew\u00a0🔁"):
        assert presses_left(same, allowed, []) == 1, same


def test_an_allowance_for_an_amount_is_for_its_currency_too() -> None:
    allowed = allowances(["Pay $5", "Transfer €100"])
    assert presses_left("Pay $5", allowed, []) == 1
    assert presses_left("Pay 5 $", allowed, []) == 1
    for other in ("Pay ₿5", "Pay 5 ₿", "Transfer ₿100", "Pay ¥5"):
        assert presses_left(other, allowed, []) == 0, other


def test_one_allowance_is_one_press_in_the_history() -> None:
    obs = dialog("Cancel", "Send")
    click = Action.make("click", target="Send")
    policy = armed(allow_irreversible=("Send",))
    policy.check(click, obs)
    policy.check(click, obs, history=[Action.make("click", target="Save")])
    with pytest.raises(PolicyRefusal, match=r"--allow-irreversible 'Send\*2'") as err:
        policy.check(click, obs, history=[click])
    assert err.value.rule == "irreversible" and "allowed one press" in str(err.value)
    armed(allow_irreversible=("Send*2",)).check(click, obs, history=[click])
    # a zoom or a wait on the label is looking, not pressing
    look = Action.make("zoom", target="Send")
    policy.check(click, obs, history=[look])


def test_past_the_allowance_the_person_is_asked() -> None:
    asked: list[str] = []

    def approve(action: Action, element: Element | None, seen: Observation) -> bool:
        asked.append(action.describe())
        return True

    obs = dialog("Cancel", "Send")
    click = Action.make("click", target="Send")
    policy = armed(allow_irreversible=("Send",), approve=approve)
    policy.check(click, obs)
    assert asked == []
    policy.check(click, obs, history=[click])
    assert asked == [click.describe()]


def _send_twice() -> tuple[ScriptedScreen, ScriptedBrain]:
    screen = ScriptedScreen.of_labels(("Message", "Send"), ("Message sent", "Send"))
    brain = ScriptedBrain.of(
        [{"verb": "click", "target": "Send"}, {"verb": "click", "target": "Send"}]
    )
    return screen, brain


def test_the_loop_allows_one_press_and_refuses_the_second() -> None:
    screen, brain = _send_twice()
    policy = armed(allow_irreversible=("Send",))
    ep = run_episode(
        "send it", screen=screen, brain=brain, policy=policy, executor=DryRunExecutor()
    )
    assert ep.outcome == "refused"
    assert ep.steps[0].acted and ep.steps[0].refusal is None
    refusal = ep.steps[1].refusal
    assert refusal is not None and refusal.rule == "irreversible"
    assert "--allow-irreversible 'Send*2'" in refusal.message


def test_the_loop_allows_as_many_presses_as_given() -> None:
    screen, brain = _send_twice()
    policy = armed(allow_irreversible=("Send*2",))
    ep = run_episode(
        "send it", screen=screen, brain=brain, policy=policy, executor=DryRunExecutor()
    )
    assert [s.refusal for s in ep.steps] == [None] * len(ep.steps)
    assert sum(1 for s in ep.steps if s.acted) == 2


def test_the_cli_refuses_a_bad_allowance_as_bad_usage() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = cli_main(
        ["--image", "example", "--allow-irreversible", "Send*0", "click 'Save'"], out=out, err=err
    )
    assert code == 2 and "LABEL*N" in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    code = cli_main(
        ["--image", "example", "--allow-irreversible", "OK", "click 'Save'"], out=out, err=err
    )
    assert code == 2 and "generic yes" in err.getvalue() and "OK@WINDOW" in err.getvalue()


@pytest.mark.parametrize(
    ("label", "does"),
    [
        ("Merge and delete branch", "deletes"),  # a second act, after a harmless first
        ("Remove and delete data", "deletes"),
        ("Archive & delete", "deletes"),
        ("Copy, then delete", "deletes"),
        ("Guardar y enviar", "sends"),
        ("Enregistrer et supprimer", "deletes"),
        ("Trans fer", "sends"),  # a lead verb split in two by OCR or spacing
        ("Un install", "deletes"),
        ("Pur chase", "pays"),
        ("Pu blish", "publishes"),
    ],
)
def test_a_label_is_read_by_each_act_it_joins_and_a_split_lead_verb_joined(
    label: str, does: str | None
) -> None:
    found = classify(label)
    assert (found.does if found else None) == does, found


@pytest.mark.parametrize(
    "label",
    [
        "Copy and paste", "Save and close", "Search and replace", "Drag and drop",
        "Terms and conditions", "Orders & returns", "Sent and received",
        "Start a post",  # Czech 'a' joins acts, English 'a' is an article: not read
        "Send test email",  # joining words would lose the guard the words after keep
        "Löschen rückgängig machen", "Subscribe to updates", "Sell on Amazon",
        "Log out", "Back up", "Up date",
    ],
)
def test_harmless_joins_and_splits_stay_harmless(label: str) -> None:
    assert classify(label) is None, classify(label)
