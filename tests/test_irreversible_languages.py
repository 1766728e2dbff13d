"""Irreversible by meaning in the languages added in issue 37's pass 5 (see the pass-5 block
of tiny_computer_agent/_irreversible_rules.py): each flags its own acts, passes its own
look-alikes, reads a dialog's question for a generic yes and knows its ways out. The
labels here are not those of tests/data/irreversible_heldout_pass5.json, which is held out
(written before these rules, measured once, never tuned on)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiny_computer_agent import Element, Observation
from tiny_computer_agent._elements import Window
from tiny_computer_agent._irreversible import classify, classify_in, dialog_texts, is_refusal
from tiny_computer_agent._irreversible_report import evaluate
from tiny_computer_agent._irreversible_rules import LANGUAGES

#: The sixteen languages of the passes before; the labelled set covers each of them.
EARLIER = ("en", "es", "fr", "de", "pt", "it", "nl", "sv", "da", "fi", "pl", "tr", "ru", "zh",
           "ja", "ko")  # fmt: skip

#: (language, label): flagged.
FLAGGED = [
    ("az", "Kartla ödə"), ("lb", "Alles läschen"), ("yo", "Thenga ngekhadi"),
    ("tg", "Ҳамаашро нест кардан"), ("ht", "Efase tout fichye yo"), ("be", "Выдаліць файл"),
    ("is", "Borga með korti"), ("is", "Eyða öllu"), ("eu", "Ezabatu dena"),
    ("eu", "Talu gyda cherdyn"),
    ("eo", "Pagi per karto"), ("eo", "Forigi ĉion"), ("kk", "Барлығын жою"), ("kk", "Төлөх товч"),
    ("cs", "Zaplatit kartou"), ("cs", "Smazat vše"), ("cs", "Odeslat zprávu"),
    ("sk", "Zaplatiť kartou"), ("sk", "Vymazať všetko"), ("sk", "Odoslať správu"),
    ("hu", "Fizetés kártyával"), ("hu", "Összes törlése"), ("hu", "Üzenet küldése"),
    ("ro", "Plătește cu cardul"), ("ro", "Șterge tot"), ("ro", "Trimite mesajul"),
    ("el", "Πληρώστε με κάρτα"), ("el", "Διαγραφή όλων"), ("el", "Αποστολή μηνύματος"),
    ("uk", "Оплатити карткою"), ("uk", "Видалити все"), ("uk", "Надіслати повідомлення"),
    ("sh", "Plati karticom"), ("sh", "Obriši sve"), ("sh", "Изтрий всичко"),
    ("he", "שלם בכרטיס"), ("he", "מחק הכל"), ("he", "שלח הודעה"),
    ("ar", "ادفع بالبطاقة"), ("ar", "حذف الكل"), ("ar", "إرسال الرسالة"), ("ar", "پرداخت کنید"),
    ("ms", "Bayar dengan kartu"), ("ms", "Hapus semua"), ("ms", "Kirim pesan"),
    ("ms", "Padam semua"), ("ms", "Magbayad gamit ang card"),
    ("vi", "Thanh toán bằng thẻ"), ("vi", "Xóa tất cả"), ("vi", "Gửi tin nhắn"),
    ("no", "Betal med kort"), ("no", "Slett alt"), ("no", "Tøm papirkurv"),
    ("ca", "Paga amb targeta"), ("ca", "Esborra-ho tot"), ("ca", "Envia el missatge"),
    ("lt", "Mokėti kortele"), ("lt", "Dzēst visu"), ("lt", "Kustuta kõik"),
    ("sw", "Lipa kwa kadi"), ("sw", "Futa zote"), ("sw", "Tuma ujumbe"),
    ("th", "ชำระเงินด้วยบัตร"), ("th", "ลบทั้งหมด"), ("th", "ส่งข้อความ"),
    ("hi", "कार्ड से भुगतान करें"), ("hi", "सभी हटाएं"), ("hi", "संदेश भेजें"),
    ("hi", "সব মুছুন"),
]  # fmt: skip

#: (language, label): passed (a folder, a history, a way out, feedback, a cart).
PASSED = [
    ("az", "Ödəniş tarixçəsi"), ("lb", "Astellungen"), ("yo", "Izilungiselelo"),
    ("tg", "Таърихи пардохт"), ("ht", "Istwa peman"), ("be", "Налады аплаты"),
    ("is", "Greiðslustillingar"), ("eu", "Ordainketa ezarpenak"), ("eo", "Nuligi mendon"),
    ("kk", "Төлем тарихы"),
    ("cs", "Koš"), ("cs", "Odeslané"), ("cs", "Obnovit smazané"),
    ("sk", "Odoslané správy"), ("sk", "Zrušiť platbu"),
    ("hu", "Elküldött üzenetek"), ("hu", "Fizetési beállítások"),
    ("ro", "Mesaje trimise"), ("ro", "Setări de plată"),
    ("el", "Ρυθμίσεις πληρωμής"), ("el", "Ακύρωση αποστολής"),
    ("uk", "Надіслані повідомлення"), ("uk", "Налаштування оплати"),
    ("sh", "Poslane poruke"), ("sh", "Postavke plaćanja"),
    ("he", "הודעות שנשלחו"), ("he", "הגדרות תשלום"),
    ("ar", "الرسائل المرسلة"), ("ar", "إعدادات الدفع"),
    ("ms", "Pesan terkirim"), ("ms", "Pengaturan pembayaran"),
    ("vi", "Cài đặt thanh toán"), ("vi", "Đăng nhập"), ("vi", "Đăng ký"),
    ("no", "Sendte elementer"), ("no", "Betalingsinnstillinger"),
    ("ca", "Configuració del pagament"), ("ca", "Missatges enviats"),
    ("lt", "Mokėjimo istorija"), ("sw", "Historia ya malipo"),
    ("th", "ย้อนกลับ"), ("th", "ส่งออกไฟล์"), ("th", "ที่อยู่จัดส่ง"),
    ("hi", "भुगतान सेटिंग्स"), ("hi", "भेजे गए संदेश"),
    ("en", "Redeem code"), ("en", "💳 Cards"), ("en", "Sign in"), ("en", "Convert to PDF"),
]  # fmt: skip

#: (language, yes, question): the yes says what the question asks.
ASKED = [
    ("cs", "Ano", "Chcete vysypat koš?"),
    ("hu", "Igen", "Biztosan törölni szeretné az összes üzenetet?"),
    ("el", "Ναι", "Να διαγραφεί ο λογαριασμός;"),
    ("he", "כן", "האם למחוק את כל ההודעות?"),
    ("ar", "نعم", "هل أنت متأكد من حذف الحساب؟"),
    ("vi", "Có", "Bạn có muốn xóa tài khoản không?"),
    ("ms", "Ya", "Yakin ingin menghapus semua pesan?"),
    ("no", "Ja", "Vil du tømme papirkurven?"),
    ("th", "ตกลง", "ต้องการลบข้อความทั้งหมดหรือไม่"),
    ("hi", "हाँ", "क्या आप सभी संदेश हटाना चाहते हैं?"),
    ("en", "OK", "Your photos will no longer be available on this phone."),
    ("en", "Sure", "2 ETH will be sent to the address below."),
]  # fmt: skip

#: (language, way out, question): a way out passes under the same questions.
REFUSED = [
    ("cs", "Zrušit"), ("sk", "Zrušiť"), ("hu", "Mégse"), ("ro", "Anulează"), ("el", "Άκυρο"),
    ("uk", "Скасувати"), ("sh", "Odustani"), ("he", "ביטול"), ("ar", "إلغاء"),
    ("ms", "Batal"), ("vi", "Hủy"), ("no", "Avbryt"), ("ca", "Cancel·la"), ("lt", "Atšaukti"),
    ("sw", "Ghairi"), ("th", "ยกเลิก"), ("hi", "रद्द करें"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "label"), FLAGGED)
def test_flags_the_acts_of_the_later_languages(lang: str, label: str) -> None:
    assert classify(label) is not None  # by its rules or a kin language's (sk by cs)


@pytest.mark.parametrize(("lang", "label"), PASSED)
def test_passes_their_look_alikes(lang: str, label: str) -> None:
    assert classify(label) is None, classify(label)


@pytest.mark.parametrize(("lang", "yes", "question"), ASKED)
def test_a_generic_yes_says_what_the_question_asks_in_its_language(
    lang: str, yes: str, question: str
) -> None:
    found = classify_in(yes, [question])
    assert found is not None and found.question == question, found


@pytest.mark.parametrize(("lang", "way_out"), REFUSED)
def test_a_way_out_passes_under_the_question(lang: str, way_out: str) -> None:
    assert is_refusal(way_out)
    assert classify_in(way_out, ["Delete all messages?", "Permanently delete 3 files?"]) is None


def test_a_dialog_without_text_reads_its_owners_question() -> None:
    owner = Window(title="Trash", box=(0, 0, 1000, 800), id=40)
    box = Window(title="", box=(300, 300, 700, 500), id=41, transient_for=40)
    yes = Element(kind="button", label="Ja", box=(600, 450, 680, 480), window=41)
    obs = Observation(
        elements=(yes, Element(kind="", label="Empty the Trash?", box=(10, 10, 300, 40))),
        size=(1000, 800),
        windows=(box, owner),
    )
    texts = dialog_texts(yes, obs)
    assert "Empty the Trash?" in texts
    assert classify_in("Ja", texts) is not None


def test_every_later_language_has_flagged_and_passed_labels_here() -> None:
    later = set(LANGUAGES) - set(EARLIER)
    assert later <= {lang for lang, _ in FLAGGED}
    assert later <= {lang for lang, *_ in PASSED} | {lang for lang, _ in REFUSED}


def test_the_pass5_held_out_file_is_large_and_covers_both_kinds_in_many_languages() -> None:
    path = Path(__file__).parent / "data" / "irreversible_heldout_pass5.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = data["heldout"]
    assert len(rows) >= 250 and not data["tune"]
    assert sum(bool(r["irreversible"]) for r in rows) >= 100
    assert sum(not r["irreversible"] for r in rows) >= 100
    assert len({r["lang"] for r in rows}) >= 15


def test_the_pass5_held_out_file_stays_under_a_loose_bound() -> None:
    """A regression bound, not a target: the rules were not tuned on these rows (measured
    once after they were written; misses and false alarms reported in the pass's notes)."""
    path = Path(__file__).parent / "data" / "irreversible_heldout_pass5.json"
    tally = evaluate(json.loads(path.read_text(encoding="utf-8")))[("heldout", "all")]
    assert len(tally.misses) <= 0.12 * tally.irreversible, tally.misses
    assert len(tally.false_alarms) <= 0.03 * tally.safe, tally.false_alarms
