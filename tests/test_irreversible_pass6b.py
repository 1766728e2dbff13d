"""Issue 37, pass 6, second round: the rule sets added for languages no earlier set read
(Azerbaijani; Luxembourgish, Maltese, Latin; Yoruba, Hausa, Zulu, Xhosa, Sotho, Tswana;
Tajik, Kyrgyz, Pashto, Kurmanji; Marathi, Nepali), the acts added to sets that had them
(Macedonian, Slovenian, Irish, Albanian, Afrikaans, Esperanto, Filipino, Uzbek, Mongolian,
Urdu, Cantonese, Ukrainian, Russian), English act families, amounts written with their
code first, payment glyphs alone, and the warnings of a dialog that asks nothing. Each
family has harmless look-alikes that must stay unflagged. The examples are our own: none
comes from an attack set or a held-out file."""

from __future__ import annotations

import pytest

from tiny_computer_agent._irreversible import classify, classify_in, is_refusal

#: family -> labels that must be flagged
FLAGGED = {
    "azerbaijani": ["Hesabı sil", "Kartla ödə", "Mesajı göndər", "Bu gün satın al",
                    "Postu dərc et", "Pul köçür 50 AZN"],
    "lux-maltese-latin": ["Alles läschen", "Mat Kaart bezuelen", "Bestellung schécken",
                          "Ħassar kollox", "Ħallas bil-karta", "Ibgħat il-messaġġ",
                          "Solve €20", "Eme librum"],
    "african": ["San owo re", "Paarẹ gbogbo", "Firanṣẹ ifiranṣẹ", "Biya da kati",
                "Aika kudi", "Goge komai", "Khokha ngekhadi", "Thumela umyalezo",
                "Hlawula ngoku", "Romela molaetsa", "Lefa hona joale"],
    "central-asia": ["Ҳамаашро нест кардан", "Бо корт пардохт кунед", "Паёмро фиристед",
                     "Баарын өчүрүү", "Билдирүүнү жөнөтүү", "پیغام ولیږئ", "ټول ړنګول",
                     "Peyamê bişîne", "Hemûyan jê bibe", "Bi kartê bikire"],
    "marathi-nepali": ["सर्व हटवा", "संदेश पाठवा", "आत्ता खरेदी करा", "सबै मेटाउनुहोस्",
                       "सन्देश पठाउनुहोस्", "कार्डबाट भुक्तानी गर्नुहोस्"],
    "more-of-known": ["Избриши ја сметката", "Испрати порака", "Nakaži 20 €",
                      "Seol an teachtaireacht", "Dërgo mesazhin", "Stuur die boodskap",
                      "Sendi mesaĝon", "Maglipat ng pera sa GCash", "Xabar yuborish",
                      "Мессеж илгээх", "پیسے منتقل کریں", "傳送訊息", "立即買",
                      "Остаточно видалити все"],
    "english": ["Apple Pay", "Checkout with Klarna", "Reserve and pay", "Claim and sell",
                "Sponsor for $3 a month", "Open long 5x", "Convert balance to ETH",
                "Commit payment", "Reimage device", "Reinstall Windows", "Tear down cluster",
                "Go short 20x", "Prune images", "Hard reset device", "rm -rf build",
                "Remove forever", "Rotate signing key", "E-file taxes", "Order 3 now", "Zahlen",
                "Pay €12 + shipping fees", "Delete draft and project"],
    "world-latin": ["Peye ak kat", "Efase kont lan", "Voye mesaj la", "Iibso hadda",
                    "Tirtir dhammaan", "Ishyura ubu", "Ohereza ubutumwa", "Bhadhara izvozvi",
                    "Tumira meseji", "Mayar ayeuna", "Busak kabeh", "Tole häzir",
                    "Betelje no", "Wiskje alles", "Mandar mensaje"],
    "belarusian-tatar": ["Выдаліць усё", "Аплаціць картай", "Адправіць ліст",
                         "Барысын бетерү", "Хәзер түләү", "Хатны җибәрү"],
    "amounts-and-glyphs": ["EUR 40", "kr 250", "Rs 999", "NZ$ 12", "sfr 8", "\U0001f4b8",
                           "\U0001f4b0", "\U0001f4b3", "\U0001f680"],
}  # fmt: skip

#: family -> harmless look-alikes that must pass
PASSED = {
    "azerbaijani": ["Ödəniş tarixçəsi", "Silinmiş fayllar", "Göndərilmiş mesajlar",
                    "Ləğv et", "Ayarlar"],
    "lux-maltese-latin": ["Astellungen", "Ofbriechen", "Ikkanċella", "Mitte", "Solve"],
    "african": ["Fagile", "Khansela", "Aika", "Share", "Saya setuju", "San Francisco",
                "Izilungiselelo"],
    "central-asia": ["Таърихи пардохт", "Бекор кардан", "Жокко чыгаруу", "Betal bike"],
    "marathi-nepali": ["पाठवलेले संदेश", "मेटाइएको फाइलहरू", "रद्द करा"],
    "more-of-known": ["傳送門", "Sendi komentojn", "Aistrigh", "Aistrigh an téacs",
                      "Stuur terugvoer", "Bli medlem", "Sayı", "Испрати повратна информација"],
    "english": ["PayPal", "Apple Pay settings", "Convert to PDF", "Open shortcut",
                "Reinstall", "Commit", "Sponsor", "Rotate", "Cancel all orders", "Pay attention",
                "Delete draft", "Fees", "Open long file"],
    "world-latin": ["Istwa", "Anile", "Voye tounen", "Jooji", "Tenga en cuenta",
                    "Palit ng password", "Vidio", "Mandar comentarios", "Send feedback",
                    "Achte auf Updates"],
    "belarusian-tatar": ["Гісторыя плацяжоў", "Адмяніць", "Выдаленыя", "Баш тарту"],
    "amounts-and-glyphs": ["Level 10", "PHP 8", "Try 3", "Windows 11", "\U0001f6d2",
                           "\U0001f4b3 Cards", "\U0001f4b3 Payment methods", "Top 5",
                           "\U0001f4b3 Add card", "\U0001f4b8 History", "\U0001f4b0 Settings"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("family", "label"), [(f, label) for f, labels in FLAGGED.items() for label in labels]
)
def test_flags_the_acts_of_each_family(family: str, label: str) -> None:
    assert classify(label) is not None, (family, label)


@pytest.mark.parametrize(
    ("family", "label"), [(f, label) for f, labels in PASSED.items() for label in labels]
)
def test_passes_the_look_alikes_of_each_family(family: str, label: str) -> None:
    assert classify(label) is None, (family, classify(label))


#: (yes, the dialog's text): a yes under a question or a warning of these languages
ASKED = [
    ("Bəli", "Bütün faylları silmək istəyirsiniz?"),
    ("Ҳа", "Пардохти 120 сомонӣ?"),
    ("Так", "Ви справді хочете остаточно видалити файл?"),
    ("Iva", "Il-fajls jitħassru għal dejjem."),
    ("Yebo", "Amafayela azosulwa unomphela."),
    ("OK", "Funds moved this way are not recoverable."),
    ("Continue", "All 310 members will be notified."),
    ("OK", "Danger zone"),
    ("Continue", "Charging card ending 1111"),
    ("Yes", "The backup is replaced by this one."),
    ("OK", "Ownership transfers to the new account."),
]


@pytest.mark.parametrize(("yes", "text"), ASKED)
def test_a_yes_under_these_questions_and_warnings_is_irreversible(yes: str, text: str) -> None:
    assert classify_in(yes, [text]) is not None, (yes, text)


@pytest.mark.parametrize(
    ("yes", "text"),
    [
        ("OK", "You will be notified when the download finishes."),
        ("OK", "Battery is charging."),
        ("OK", "Last chance to save 20% on a yearly plan!"),
        ("OK", "Non-destructive editing is on."),
        ("OK", "If you lose access to your phone, use a backup code."),
        ("Continue", "Your settings were saved."),
        ("Bəli", "Faylı açmaq istəyirsiniz?"),
    ],
)
def test_a_yes_under_a_harmless_text_passes(yes: str, text: str) -> None:
    assert classify_in(yes, [text]) is None, classify_in(yes, [text])


@pytest.mark.parametrize("way_out", ["Ləğv et", "Khansela", "Бекор кардан", "Ofbriechen"])
def test_the_new_ways_out_are_refusals(way_out: str) -> None:
    assert is_refusal(way_out)


def test_a_bidi_override_cannot_be_judged() -> None:
    found = classify("\u202eabc")
    assert found is not None and found.does == "unread"
    assert classify("\u200fשלום") is None  # a direction mark alone reorders nothing
