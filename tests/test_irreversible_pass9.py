"""Issue 37, passes 9 and 10: the rules tuned on two more writers' labels
(tests/data/irreversible_heldout_pass9.json and pass10, counted as held out before and
after pass 8's tuning, then tuned on), and a short label naming an amount of money read as
paying whatever its verb. Passes 11 and 12, written apart before that tuning by two more
writers, are held out whole (``python benchmarks/irreversible.py`` counts them)."""

from __future__ import annotations

import pytest

from tiny_computer_agent._irreversible import classify, classify_in
from tiny_computer_agent._irreversible_report import evaluate

from .helpers import labelled_set


@pytest.mark.parametrize(
    ("name", "most_missed", "most_flagged"),
    # what is left is listed on the page; these bound it so a change that loses a family
    # fails here (pass 9's left: Peru's "S/", Hebrew's spelling, 下標 by decision; pass
    # 10's: ride hailing, escrow releases, a yes under a statement)
    [("irreversible_heldout_pass9.json", 5, 0), ("irreversible_heldout_pass10.json", 32, 3)],
)
def test_the_tuned_passes_are_read_as_labelled_but_what_is_listed(
    name: str, most_missed: int, most_flagged: int
) -> None:
    tally = evaluate(labelled_set(name))[("tune", "all")]
    assert tally.irreversible >= 400 and tally.safe >= 250
    assert len(tally.misses) <= most_missed, tally.misses
    assert len(tally.false_alarms) <= most_flagged, tally.false_alarms


@pytest.mark.parametrize(
    "label",
    # the families of passes 9 and 10, in languages their writers did not use for them
    ["Terminar instancia", "Termina istanza", "インスタンスを終了", "Cancella dati app",
     "Borrar datos", "Svuota cartella", "Map legen", "Supprimer pour tous",
     "Удалить у всех", "Reemplazar el archivo existente", "Substituir o ficheiro",
     "Ripristina tutte le impostazioni", "すべての設定をリセット", "Adotta e firma",
     "Accetta e paga", "Aceptar y pagar", "Zustimmen und bezahlen", "Akkoord en betalen",
     "Godkänn och betala", "Kostenpflichtig bestellen", "买入", "売り注文", "Open trade",
     "Refund payment", "Void invoice", "Clear storage", "Reset network settings",
     # an amount beside any verb
     "Chip in $10", "Boost post for $20", "Sponsor 5 €", "Unlock for ₹49", "訂閱 NT$150/月",
     "Boost Ann's post for $20"],
)  # fmt: skip
def test_the_pass9_and_10_families_flag(label: str) -> None:
    assert classify(label) is not None, label


@pytest.mark.parametrize(
    "label",
    ["Price: $49.99", "Save 20 €", "Free shipping over $50", "Add 1 to order • $12.99",
     "BTC 9000A", "xtrace: unknown option «$1»", "Balance $1,240.00", "下標", "科學下標",
     "Testmail senden", "Envoyer un e-mail test", "最近删除", "前往結帳", "入出金明細",
     "購入手続きへ進む", "บันทึกโพสต์", "Uninstall or change a program", "Sell on Amazon",
     "Sign and encrypt", "Tandatangan"],
)  # fmt: skip
def test_the_pass9_and_10_look_alikes_pass(label: str) -> None:
    assert classify(label) is None, label


@pytest.mark.parametrize(
    ("label", "question"),
    [("J", "Die folgenden Pakete werden ENTFERNT: firefox. Möchten Sie fortfahren?"),
     ("Weiter", "Ihre Kreditkarte wird mit 129,00 € belastet."),
     ("Freigeben", "Überweisung über 250,00 EUR an Max Mustermann freigeben?"),
     ("Accept", "You agree to the loan agreement and authorize disbursement of $15,000.")],
)  # fmt: skip
def test_a_yes_under_what_removes_or_charges_flags(label: str, question: str) -> None:
    assert classify_in(label, [question]) is not None, (label, question)


@pytest.mark.parametrize(
    ("label", "question"),
    [("OK", "Comanda ta a fost plasată cu succes."),
     ("Freigeben", "Ordner im Netzwerk freigeben?"),
     ("Confirm", "Turn on 2-Step Verification? You'll be asked for a code whenever you sign "
                 "in on a new device.")],
)  # fmt: skip
def test_a_yes_under_a_notice_or_a_harmless_question_passes(label: str, question: str) -> None:
    assert classify_in(label, [question]) is None, (label, question)


@pytest.mark.parametrize(
    "name", ["irreversible_heldout_pass11.json", "irreversible_heldout_pass12.json"]
)
def test_the_later_files_are_held_out_whole_and_hold_both_kinds(name: str) -> None:
    data = labelled_set(name)
    rows = data["heldout"]
    assert len(rows) >= 700 and not data["tune"]
    assert sum(bool(r["irreversible"]) for r in rows) >= 400
    assert sum(not r["irreversible"] for r in rows) >= 300
