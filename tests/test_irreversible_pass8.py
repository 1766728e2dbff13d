"""Issue 37, pass 8: the rules tuned on a second independent writer's 742 labels
(tests/data/irreversible_heldout_pass8.json, counted as held out, then tuned on), written
out for every language of the sets; passes 9 and 10, written apart before that tuning by
two more writers, measured it (tuned on since: see tests/test_irreversible_pass9.py)."""

from __future__ import annotations

import pytest

from tiny_computer_agent._irreversible import classify, classify_in
from tiny_computer_agent._irreversible_report import evaluate

from .helpers import labelled_set

#: pass 8's rows the rules pass by decision (docs in _irreversible_rules.py): English
#: ``Format`` alone is every editor's text menu; ``Firma`` alone is also a signature's
#: settings; ``Перевести`` alone is "Translate" as often as "Transfer"
DECIDED = {"Format", "Firma", "Перевести"}


def test_every_pass8_row_is_read_as_labelled_but_the_decided_ones() -> None:
    tally = evaluate(labelled_set("irreversible_heldout_pass8.json"))[("tune", "all")]
    assert tally.irreversible >= 500 and tally.safe >= 200
    assert set(tally.misses) == DECIDED, sorted(set(tally.misses) ^ DECIDED)
    assert tally.false_alarms == ()


@pytest.mark.parametrize(
    "label",
    # the families pass 8 showed, in languages its writer did not use for them
    ["Odinstaluj", "Avinstallera", "Dezinstalează", "Poista asennus", "Удалить приложение",
     "Formatera", "Formatuj", "Formatează", "Signer", "Podpisz umowę", "Allekirjoita",
     "Semnează", "Underskriv", "Пополнить баланс", "Doładuj konto", "Isi ulang pulsa",
     "Enchérir", "Licytuj", "Сделать ставку", "出价", "Antrag einreichen", "Złóż wniosek",
     "Подать заявление", "Retirar fondos", "Wypłać środki", "Rút tiền", "提现",
     "Betaal met iDEAL", "今すぐ買う"],
)  # fmt: skip
def test_the_pass8_families_flag_in_other_languages(label: str) -> None:
    assert classify(label) is not None, label


@pytest.mark.parametrize(
    ("label", "question"),
    [("Continue anyway", "Your data will be erased."),
     ("OK", "Le fichier sera effacé."),
     ("Accept", "By accepting, you sign the agreement.")],
)  # fmt: skip
def test_a_yes_under_a_dialog_that_erases_or_signs_flags(label: str, question: str) -> None:
    assert classify_in(label, [question]) is not None, (label, question)


@pytest.mark.parametrize(
    "label",
    # a signature's settings, a page reloaded, a value set, a key signed in another
    # sense, a text formatted (found by running the rules over the gettext catalogs
    # of the programs installed here: what they newly flagged)
    ["Firma", "签名", "서명", "Υπογραφή", "Recargar", "Recharger", "Ricarica",
     "Recarregar", "Reîncarcă", "Opnemen", "Vybrat", "Вывести", "Alusta",
     "Đặt giá trị tối đa", "Dokument formatieren", "Formater le texte", "Formatear texto",
     "Tramitar pedido", "Verder naar bestellen", "卸載磁碟(U)",
     "เปลี่ยนแบบอักษรของเครื่องมือแก้ไขข้อความ"],
)  # fmt: skip
def test_the_pass8_look_alikes_pass(label: str) -> None:
    assert classify(label) is None, label


@pytest.mark.parametrize(
    ("label", "question"), [("OK", "Thanh toán thành công"), ("ตกลง", "ชำระเงินสำเร็จ")]
)
def test_a_yes_under_a_payment_done_passes(label: str, question: str) -> None:
    assert classify_in(label, [question]) is None, (label, question)
