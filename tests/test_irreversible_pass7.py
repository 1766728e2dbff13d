"""Issue 37, pass 7: the rules tuned on an independent writer's 671 labels
(tests/data/irreversible_heldout_pass7.json, counted once as held out, then tuned on),
measured on pass 8's file, written apart by another writer (tuned on since: see
tests/test_irreversible_pass8.py)."""

from __future__ import annotations

import pytest

from tiny_computer_agent._irreversible import classify, classify_in
from tiny_computer_agent._irreversible_report import evaluate

from .helpers import labelled_set

#: pass 7's rows the rules pass by decision (docs in _irreversible_rules.py): a plain push
#: is undone by another (``Formater``, ``Formatieren``, ``Formatta`` are flagged since
#: pass 8: the verb is a disk dialog's button, the text menu says the noun; ``Procedi con
#: il pagamento di 19,99 €`` since pass 9: a short label naming an amount pays)
DECIDED = {"Push to origin/main"}


def test_every_pass7_row_is_read_as_labelled_but_the_decided_ones() -> None:
    tally = evaluate(labelled_set("irreversible_heldout_pass7.json"))[("tune", "all")]
    assert tally.irreversible >= 300 and tally.safe >= 300
    assert set(tally.misses) == DECIDED, sorted(set(tally.misses) ^ DECIDED)
    assert tally.false_alarms == ()


@pytest.mark.parametrize(
    "label",
    ["Sign the lease", "Firmar el contrato", "Signer le contrat", "Vertrag unterzeichnen",
     "Assinar o contrato", "Firma il contratto", "Ricarica 50 €", "充值 50 元", "チャージする",
     "충전하기", "Xfer $20 to savings", "Del", "Securely erase", "Accept job offer"],
)  # fmt: skip
def test_signing_loading_money_and_short_forms_flag(label: str) -> None:
    assert classify(label) is not None, label


@pytest.mark.parametrize(
    ("label", "question"),
    [("Continue", "This will overwrite the staging database."),
     ("Continuer", "Votre compte sera débitée de 9,00 €."),
     ("Continua comunque", "Il file verrà sovrascritto."),
     ("Continuar de todos modos", "Se borrarán todos los datos.")],
)  # fmt: skip
def test_a_yes_whose_dialog_says_what_it_overwrites_or_charges_flags(
    label: str, question: str
) -> None:
    assert classify_in(label, [question]) is not None, (label, question)


@pytest.mark.parametrize(
    ("label", "question"),
    [("Send test email", ""), ("付款說明", ""), ("确定", "支付成功"),
     ("OK", "ご注文が完了しました。"), ("Sign in", ""), ("Contract details", "")],
)  # fmt: skip
def test_look_alikes_and_notices_of_what_is_done_pass(label: str, question: str) -> None:
    assert classify_in(label, [question] if question else []) is None, (label, question)
