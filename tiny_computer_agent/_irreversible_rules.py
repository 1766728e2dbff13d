"""The rules of :mod:`._irreversible`, as data: what a label means, per language.

Reviewed like code: a change here changes what the policy asks a person about. Every
word is normalised by the policy's own functions when the rules are compiled (skeleton,
OCR's confusions folded), so write plain words, accents or not.

**Languages with spaces** (en, es, fr, de, pt, it, nl, sv, da, fi, pl, tr, ru, and from
pass 5 cs, sk, hu, ro, el, uk, sh: Bulgarian, Serbian, Croatian, Slovenian; he; ar: Arabic
and Persian; ms: Indonesian, Malay, Filipino; vi, no, ca; lt: Lithuanian, Latvian,
Estonian; sw; from pass 6 is: Icelandic, Afrikaans; eu: Basque, Welsh, Irish, Galician,
Albanian; eo; kk: Kazakh, Mongolian, Uzbek, Urdu; and from pass 6's second round az:
Azerbaijani; lb: Luxembourgish, Maltese, Latin; yo: Yoruba, Hausa, Zulu, Xhosa, Sotho,
Tswana; tg: Tajik, Kyrgyz, Pashto, Kurmanji; ht: Haitian Creole and more Latin-script
languages (see WORLD_LATIN); be: Belarusian, Tatar, Bashkir; each read in its own case and
in lower case): a label's words are matched whole against each pattern of :attr:`Language.flag`,
after leading :attr:`~Language.prefixes` (``Yes,``, ``OK``, ``Jetzt``) are dropped and
:attr:`~Language.skip` words (articles, possessives) are left out. In a pattern:

    word    that word
    @set    one word of the language's set ``set`` (an entry may be several words)
    *       any words, none of them in ``nav`` or ``never``: ``pay *`` is ``Pay now`` and
            ``Pay $5``, not ``Pay attention`` nor ``Pay settings``
    **      any words, none of them in ``never``: ``delete **`` is ``Delete history``
    $       an amount of money (a currency symbol, code or name beside a number)
    #       a number

``nav`` holds the nouns of a page or a section (history, settings, methods): a label
ending in one is a link (``Order history``, ``Transfer settings``). ``never`` holds the
words no irreversible button holds (cancel, undo, not, feedback, help, later).
:attr:`~Language.spare` lists whole labels that are look-alikes, checked first: a label
one language spares passes in all (``Send tilbagemelding`` is Danish feedback, not
English ``send *``).

**Chinese, Japanese and Korean**, and Thai and Hindi with Bengali, Marathi and Nepali
(``cjk`` languages: Thai has no spaces; Hindi's and Bengali's vowel signs, dropped by the
skeleton, split their words) (Korean has spaces, but its verbs take endings:
``삭제하기``, ``삭제된``): a label flags when it holds a trigger of
:attr:`~Language.flag` and what is left once that trigger is taken out holds none of
``never`` (``已删除`` leaves ``已``, done: a folder's name, not a button) and, unless it
deletes, none of ``nav`` (``支付方式``, payment methods; but ``抹掉所有内容和设置`` erases
the settings too). A label holding one of ``spare`` passes (``내보내기``, export, holds
``보내기``, send).

**Dialogs.** A generic yes (:attr:`~Language.assent`: ``OK``, ``Yes``, ``Continue``,
``Confirm``…) means what the dialog asks. It is irreversible when a sentence of the
dialog (its title, its text) says an irreversible act: a clause read by the same
patterns, from its first word or from a word of :attr:`~Language.lead` (``Permanently
delete 3 files?``, ``Are you sure you want to`` *empty the trash*), or a phrase of
:attr:`~Language.warnings` (``This cannot be undone``, ``will be charged``). ``File
saved.`` and ``Review your order before you pay.`` (``pay`` after ``you``) say none.
Chinese, Japanese and Korean sentences are read by their triggers as labels are. Any
other short label (``Apply``, ``✓``, ``Replace``) is the yes too when the dialog asks,
heads or warns, unless it is a way out: a word of :attr:`~Language.refuse` or
:attr:`~Language.never` (``Cancel``, ``Keep``, ``Back``), or :data:`REFUSE_GLYPHS`.

**Glyphs** (:data:`GLYPHS`): an icon-only label is read as the word it draws (``🗑``
deletes). ``✕``, ``✖`` and ``×`` are not among them: on almost every window they close
it, which is the way out.

**Decisions** (see docs/guides/irreversible.md): cancelling is the safe way out and is
never flagged (``Cancel order``, ``Cancel subscription``); ``Send feedback`` opens a form
and passes; ``Discard changes`` passes like ``Don't Save``; ``Submit``, ``Order``,
``Checkout``, ``Format`` and ``Reset`` alone pass (a form, a column, a checkout page, a
text style, a form reset; other languages' verb of formatting is flagged, see pass 8); a
sentence (it ends with a full stop and has 4 or more words, it asks a question, or it has
more than :data:`MAX_WORDS` words) is prose, not a button. Decided after the second
attacker pass (issue 37):

- ``Remove from device`` (this device, phone, computer, disk, cloud, everywhere) is
  flagged: removing a file from a device deletes the copy there, often the only one (a
  download, a photo not backed up); ``Remove from playlist``, ``from cart``, ``from
  list`` still pass (the thing stays where it came from).
- ``Zurücksetzen`` alone passes, like ``Reset`` alone: a form's reset or a field's
  default; ``Auf Werkseinstellungen zurücksetzen``, ``Gerät zurücksetzen`` and ``Alle
  Daten zurücksetzen`` are flagged. Japanese ``初期化`` and Korean ``초기화`` (the same
  word, "initialise") are flagged alone: in both they wipe a device or an app.
- ``Reply all`` passes: it opens a draft, and the ``Send`` pressed after it is flagged.
- ``Procedi al pagamento`` passes like ``Proceed to checkout``: it opens the payment page;
  ``Paga ora`` and ``Conferma il pagamento`` are flagged (Italian's ``spare``).
- Russian ``Перевести`` alone passes: it is "Translate" as often as "Transfer"; with an
  amount or ``деньги`` it is flagged. ``Очистить корзину`` is flagged: ``корзина`` is a
  shop's cart and a desktop's trash, and emptying the trash cannot be undone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final

__all__ = [
    "AMOUNT_LABEL_WORDS", "AMOUNT_PREFIXES", "AMOUNT_TEXTS", "AMOUNT_WORDS", "COMPOSER_WORDS",
    "CURRENCY_SYMBOLS", "GLUED_TAILS", "GLYPHS", "LANGUAGES", "LOOKALIKES", "MAX_CHARS",
    "MAX_WORDS", "PAGE_GLYPHS", "PAY_GLYPHS",
    "REFUSE_GLYPHS", "SHOP_NOUNS", "SYMBOL_PREFIXES", "UNREAD_SCRIPTS", "Language",
]  # fmt: skip

#: A Latin-script label with more words than this is prose.
MAX_WORDS: Final = 8
#: A Chinese or Japanese label with more letters than this is prose.
MAX_CHARS: Final = 16
#: Beside a number, these make it an amount of money.
CURRENCY_SYMBOLS: Final = "$€£¥₹₩₽₿₺₴₪฿¢円元₫₦₱₲₸₼₾₵₡₭₮₨৳៛﷼Ξξ"
AMOUNT_WORDS: Final = (
    "usd", "eur", "gbp", "jpy", "cny", "rmb", "chf", "cad", "aud", "brl", "mxn", "inr", "krw",
    "btc", "eth", "usdt", "usdc", "sol", "xrp", "ltc", "doge", "euro", "euros", "dollar",
    "dollars", "reais", "real", "yuan", "yen", "pesos", "peso", "libras", "pounds", "franken",
    "块", "ドル", "ユーロ", "美元", "欧元", "英镑", "比特币",
    "kr", "sek", "dkk", "nok", "pln", "zł", "rub", "руб", "tl", "lira", "won", "원",
    # pass 6: more currencies by code and name
    "ft", "huf", "kč", "czk", "ron", "lei", "vnd", "dong", "đồng", "idr", "rp", "myr", "php",
    "thb", "baht", "zar", "ngn", "kes", "egp", "sar", "aed", "ils", "twd", "hkd", "sgd", "nzd",
    "uah", "грн", "лв", "kzt", "тг", "rial", "riyal", "dirham", "rupees", "rupiah", "ringgit",
    "دلار", "تومان", "ریال", "درهم", "دولار", "ريال", "جنيه", "روپے", "रुपये", "টাকা", "บาท",
    # pass 6, second round: the currencies of the languages added then, and more codes
    "azn", "manat", "tjs", "somoni", "сомонӣ", "сомони", "kgs", "сом", "uzs", "so m", "сўм",
    "mnt", "төгрөг", "afn", "افغانۍ", "افغانی", "gel", "lari", "amd", "dram", "byn", "mdl",
    "rsd", "mkd", "ден", "денари", "bgn", "isk", "bam", "km", "pkr", "npr", "lkr", "bdt",
    "taka", "naira", "ghs", "cedi", "cedis", "rand", "etb", "birr", "tzs", "ugx", "shilling",
    "shillings", "mad", "tnd", "dzd", "qar", "kwd", "bhd", "omr", "jod", "iqd", "ars", "clp",
    "cop", "pen", "xof", "xaf", "cfa", "fcfa", "chf", "sfr", "rs", "cents", "pence",
)  # fmt: skip
#: Written before a number, these make it an amount (``CHF 10``, ``kr 99``, ``zł 40``):
#: codes, not words, so ``Level 10`` and ``PHP 8`` stay numbers.
AMOUNT_PREFIXES: Final = (
    "usd", "eur", "gbp", "chf", "cad", "aud", "nzd", "jpy", "cny", "rmb", "hkd", "twd", "sgd",
    "sek", "nok", "dkk", "isk", "pln", "czk", "huf", "ron", "bgn", "rsd", "mkd", "uah", "rub",
    "inr", "pkr", "npr", "lkr", "bdt", "idr", "myr", "thb", "vnd", "krw", "zar", "ngn",
    "kes", "egp", "sar", "aed", "ils", "qar", "kwd", "brl", "mxn", "ars", "clp",
    "azn", "kzt", "uzs", "tjs", "kgs", "mnt", "gel", "amd", "byn", "btc", "eth", "usdt",
    "usdc", "kr", "zł", "kč", "rs", "rp", "sfr", "lei", "руб", "грн", "лв", "ден", "сом",
)  # fmt: skip
#: Written just before a currency symbol, these are part of the amount (``US$ 5``,
#: ``A$20``, ``R$ 9``, ``NT$``).
SYMBOL_PREFIXES: Final = ("us", "ca", "au", "nz", "hk", "nt", "mx", "sg", "r", "c", "a", "s")
#: A label of one word that ends in one of these is read again as two words (``Paynow``,
#: ``Deleteall``, ``Sendmoney``): a second reading, so it can only add a flag.
GLUED_TAILS: Final = ("now", "all", "money", "funds", "forever", "account", "permanently")
#: Icon-only labels, read as the word they draw.
GLYPHS: Final[Mapping[str, str]] = {
    "\U0001f5d1": "delete", "\U0001f6ae": "delete",
    # a composer's send arrows and paper planes (``▶`` is left out: a player's Play; in a
    # composer it is judged by the field beside it, see COMPOSER_WORDS)
    "\u27a4": "send", "\u27a2": "send", "\u27a3": "send", "\u27a5": "send",
    "\u27a6": "send", "\u2708": "send", "\U0001f4e4": "send", "\U0001f4e8": "send",
    "\U0001f6eb": "send",
    # a rocket launches a release (``🚀`` alone ships; beside a word it is read as "ship")
    "\U0001f680": "ship",
    # a megaphone announces (``📣 All``)
    "\U0001f4e3": "announce", "\U0001f4e2": "announce",
    # a bank card beside an amount charges it ("card $ *"); alone or beside a word it is read
    # as "card" (``💳 Cards`` passes)
    "\U0001f4b3": "card",
}  # fmt: skip
#: Scripts no rule set reads (the first word of a letter's Unicode name): a label or a
#: dialog's text holding one cannot be judged, so its press asks a person (issue 37, pass 6).
UNREAD_SCRIPTS: Final = frozenset({
    "GEORGIAN", "ARMENIAN", "TAMIL", "TELUGU", "MALAYALAM", "KANNADA", "SINHALA", "KHMER",
    "LAO", "MYANMAR", "ETHIOPIC", "MONGOLIAN", "GUJARATI", "GURMUKHI", "ORIYA", "TIBETAN",
    "SYRIAC", "THAANA", "NKO", "CHEROKEE", "CANADIAN", "TIFINAGH", "JAVANESE", "BALINESE",
    "SUNDANESE", "YI", "VAI", "BAMUM", "BUGINESE", "BATAK", "CHAM", "LEPCHA", "LIMBU", "OL",
    "SAURASHTRA", "MEETEI", "ADLAM", "OGHAM", "RUNIC", "COPTIC", "GLAGOLITIC", "TAGALOG",
    "HANUNOO", "BUHID", "TAGBANWA", "KAYAH", "REJANG", "SAMARITAN", "MANDAIC", "TAI",
    "NEW", "CHAKMA", "SYLOTI", "OSAGE", "OSMANYA", "LISU", "MIAO", "WANCHO",
    "HANIFI", "GARAY", "KAWI", "NAG", "TANGSA", "TOTO", "GUNJALA", "MASARAM", "SORA",
    "TAKRI", "KHOJKI", "MAHAJANI", "SHARADA", "SIDDHAM", "TIRHUTA", "GRANTHA", "MODI",
    "DIVES", "NYIAKENG", "PAHAWH", "BASSA", "MENDE", "KHUDAWADI", "DOGRA", "NANDINAGARI",
})  # fmt: skip
#: A payment or cart glyph: beside anything but a shop's page name or a count it pays
#: (``🛒 1-click``, ``💸 Send``); alone it is a shop's cart.
PAY_GLYPHS: Final = (
    "\U0001f6d2",
    "\U0001f4b8",
    "\U0001f4b0",
    "\U0001f4b5",
    "\U0001f4b6",
    "\U0001f4b7",
    "\U0001f4b4",
    "\U0001fa99",
    "\U0001f4b2",
    "\U0001f911",
    "\U0001f6cd",
    "\U0001f4b3",
)
#: What a payment glyph may stand beside and still name a page (a cart, a wallet).
SHOP_NOUNS: Final = frozenset({
    "cart", "basket", "bag", "wallet", "balance", "cards", "shop", "store", "items", "item",
    "view", "my", "your", "shopping", "open", "go", "to",
    "card", "payment", "payments", "method", "methods", "billing", "manage", "settings",
    "history", "details", "add", "new", "edit", "update", "change",
})  # fmt: skip
#: The payment glyphs that alone name a shop's page (a cart, a bag); any other payment
#: glyph alone (``💸``, ``💰``, ``💳``) is a button that pays (issue 37, pass 6).
PAGE_GLYPHS: Final = ("\U0001f6d2", "\U0001f6cd")
#: Digits and symbols written for letters, and letters of other alphabets no skeleton folds:
#: a second reading of a word that has a letter (``P4Y N0W``, ``$END``, ``PΛY``); ``1`` is
#: read as ``i`` and as ``l``.
LOOKALIKES: Final[Mapping[str, str]] = {
    "4": "a", "@": "a", "3": "e", "0": "o", "5": "s", "$": "s", "7": "t", "8": "b", "6": "g",
    "9": "g", "\u00a5": "y", "\u039b": "A", "\u03bb": "a", "\u20ac": "e", "\u00a3": "e",
    "!": "i", "|": "l", "\u0192": "f", "\u00a2": "c",
}  # fmt: skip
#: A dialog's ways out drawn as a glyph: a close cross, a back arrow, a stop sign.
REFUSE_GLYPHS: Final = (
    "\u2715\u2716\u00d7\u2a2f\u2717\u2718\u274c\U0001f6ab\u2190\u2b05\u21a9\u2139\u24d8?"
)
#: A one-line field whose label or placeholder holds one of these sends what is typed in
#: it on Return, with no button (a chat's box, a comment's): Return there is a press of
#: Send. Per kind of act: a card's fields submit the payment form.
COMPOSER_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    "sends": (
        "message", "messages", "reply", "comment", "chat", "write a", "type a", "say something",
        "mensaje", "respuesta", "comentario", "escribe", "commentaire", "repondre", "ecrire",
        "nachricht", "antwort", "kommentar", "schreiben", "mensagem", "resposta", "comentario",
        "messaggio", "risposta", "commento", "scrivi", "bericht", "reactie", "antwoord",
        "meddelande", "svara", "besked", "viesti", "vastaa", "kommentti", "wiadomosc",
        "odpowiedz", "komentarz", "mesaj", "yanit", "yorum", "сообщение", "ответ",
        "комментарий", "написать", "消息", "回复", "评论", "留言", "メッセージ", "返信",
        "コメント", "메시지", "답글", "댓글", "답장",
    ),
    # the last field of a card's form: Return there submits it (its Pay may be out of
    # sight); the card's number and expiry usually lead on to more fields
    "pays": (
        "cvc", "cvv", "cvv2", "cvc2", "security code", "card code", "codigo de seguridad",
        "cryptogramme", "kartenprufnummer", "codice di sicurezza", "beveiligingscode",
        "安全码", "セキュリティコード", "보안 코드",
    ),
}  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Language:
    """One language's rules (see the module's docstring for the pattern language)."""

    name: str
    #: what pressing does -> patterns (Latin) or triggers (CJK)
    flag: Mapping[str, tuple[str, ...]]
    never: tuple[str, ...] = ()
    nav: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    sets: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    spare: tuple[str, ...] = ()
    cjk: bool = False
    #: a dialog's generic yes (``OK``, ``Continue``): irreversible when the dialog's
    #: text says an irreversible act (see "Dialogs" above)
    assent: tuple[str, ...] = ()
    #: phrases of a dialog's text that say the act cannot be undone or costs money
    warnings: tuple[str, ...] = ()
    #: words after which a dialog's sentence names the act (``want to`` *delete*)
    lead: tuple[str, ...] = ()
    #: a dialog's ways out (``No``, ``Close``, ``Keep``), besides :attr:`never`: under a
    #: dialog that names an irreversible act, any other button is its yes
    refuse: tuple[str, ...] = ()


ENGLISH: Final = Language(
    name="English",
    assent=("ok", "okay", "yes", "yep", "sure", "continue", "confirm", "proceed", "accept",
            "agree", "i agree", "i accept", "do it", "i understand", "understood", "got it",
            "go", "go ahead", "next", "apply", "done", "finish", "allow", "run", "start",
            "execute", "yes please", "i m sure", "im sure", "i am sure", "anyway",
            "continue anyway", "proceed anyway", "and continue", "alright", "all right",
            "let s go", "let s do it", "absolutely"),
    warnings=("cannot be undone", "can not be undone", "can t be undone", "cannot undo",
              "can t undo", "can not undo", "cannot be reversed", "can t be reversed",
              "cannot be recovered", "can t be recovered", "cannot be restored",
              "can t be restored", "no undo", "irreversible", "irreversibly", "is permanent",
              "are permanent", "be permanently", "will be charged", "will be billed",
              "will be debited", "will be deleted", "will be erased", "will be wiped",
              "will be removed", "will be lost", "will be destroyed", "will charge",
              "will bill"),
    lead=("to", "and", "then", "will", "please", "now", "shall", "really"),
    prefixes=("yes", "ok", "okay", "sure", "please", "i understand", "now", "permanently",
              "confirm and", "agree and", "accept and", "review and", "checkout and"),
    skip=("the", "a", "an", "this", "these", "that", "those", "my", "your", "our", "selected",
          "it", "them"),
    nav=("history", "settings", "options", "preferences", "method", "methods", "details",
         "status", "info", "information", "summary", "records", "list", "page", "center",
         "office", "hours", "attention", "respect", "tribute", "visit", "mode", "limits",
         "limit", "rewards"),
    never=("cancel", "cancelled", "undo", "not", "don", "never", "feedback", "help", "guide",
           "policy", "tips", "faq", "later", "automatically", "when", "if", "after", "older",
           "received", "back", "backward", "backwards", "front", "schedule", "draft"),
    sets={
        "serious": ("account", "accounts", "user", "users", "member", "members", "device",
                    "devices", "everything", "all", "file", "files", "folder", "folders",
                    "photo", "photos", "message", "messages", "repository", "project", "data",
                    "app", "application", "contact", "contacts", "permanently", "forever"),
        # what a copy or a restore overwrites ("Replace files"); not "all": an editor's
        # Replace All changes text that ctrl+z brings back
        "replaced": ("file", "files", "folder", "folders", "everything", "data", "disk",
                     "drive", "partition", "database"),
        "bin": ("trash", "bin", "recycle bin", "wastebasket", "deleted items", "junk", "spam"),
        "disk": ("disk", "drive", "volume", "partition", "device", "card", "sd card", "usb",
                 "storage"),
        "device": ("device", "phone", "pc", "computer", "tablet", "everything", "all",
                   "router", "iphone", "ipad", "mac"),
        "data": ("data", "history", "everything", "all data", "browsing data"),
        "account": ("account", "accounts", "profile"),
        "close": ("close", "deactivate", "terminate", "delete"),
        "confirm": ("confirm", "complete", "submit", "place", "finalize", "finish", "make",
                    "authorize", "approve", "send", "process"),
        "money_noun": ("purchase", "payment", "order", "transfer", "transaction", "checkout",
                       "donation", "booking", "swap", "withdrawal", "bid", "bet", "top up",
                       "stake", "pledge"),
        "money_verb": ("subscribe", "donate", "rent", "tip", "checkout", "renew", "upgrade",
                       "order", "confirm", "continue", "get", "book", "withdraw", "swap",
                       "sell"),
        "money": ("money", "funds", "payment", "crypto", "bitcoin", "ownership", "balance"),
        "everyone": ("all", "everyone", "everybody", "all contacts", "all members",
                     "subscribers", "list"),
        "postable": ("comment", "reply", "review", "update", "publicly", "story", "tweet",
                     "page", "site", "website", "article", "app", "release", "changes"),
        "table": ("database", "table", "schema", "collection", "index"),
        "cloud": ("instance", "instances", "cluster", "clusters", "bucket", "buckets", "stack",
                  "stacks", "vm", "vms", "server", "servers", "database", "volume", "volumes",
                  "snapshot", "snapshots", "node", "nodes", "deployment", "environment",
                  "namespace", "ip", "elastic ip", "ip address", "domain", "key", "api key",
                  "keys", "token", "tokens", "secret", "certificate", "project", "workspace"),
        "crypto": ("usdc", "usdt", "eth", "btc", "sol", "tokens", "nft", "crypto"),
        "storage": ("device", "devices", "this device", "all devices", "phone", "this phone",
                    "computer", "this computer", "pc", "mac", "iphone", "ipad", "tablet", "disk",
                    "drive", "storage", "server", "cloud", "icloud", "everywhere"),
    },
    spare=("send to",),
    flag={
        "deletes": (
            "delete **", "erase **", "wipe **", "destroy **", "purge **", "shred **",
            "uninstall **", "revoke **", "remove", "remove @serious **", "remove # **",
            "remove from @storage **",
            "empty @bin", "empty @bin now", "format @disk **", "factory reset **",
            "reset @device **", "reset to factory **", "erase and reset **",
            "discard all **", "discard everything", "discard # **", "clear @data **",
            "@close @account **", "drop @table **",
            "factory data reset **",
            "sign out of all **", "sign out of everything", "sign out everywhere",
            "log out of all **", "log out everywhere",
            # cloud and code: what is torn down is gone
            "terminate **", "deprovision **", "decommission **", "release @cloud **",
            "force push **", "force delete **", "force overwrite **", "overwrite *",
            "replace existing **", "replace @replaced **", "replace all @replaced **",
            "replace and overwrite",
            "expunge **", "obliterate **", "nuke **", "delete and empty **",
            "move to trash and empty", "empty @bin and **",
        ),
        "pays": (
            "pay *", "buy *", "purchase *", "donate *", "order now *", "order * $ *",
            "@confirm @money_noun *", "@money_verb ** $ **", "checkout $ *",
            # topping up, cashing out, bidding, betting: money leaves an account
            "top up *", "topup *", "add funds *", "add money *", "add $ *", "load $ *",
            "reload $ *", "recharge *", "cash out *", "cashout *", "withdraw *",
            "place bid *", "bid $ *", "bid now", "place bet *", "bet $ *", "bet now",
            "pre order *", "preorder *", "pledge *", "contribute $ *", "gift $ *",
            "tip $ *", "settle up *", "redeem # *", "rent $ *", "book now *", "book for $ *",
            "mint *", "stake $ *", "stake # *", "stake now", "swap *", "bridge $ *",
            "bridge # *", "sign @money_noun *", "sign and send *", "approve and sign *",
            "sign and submit", "approve @money_noun *", "authorize @money_noun *",
            "subscribe now *", "renew now *", "upgrade now *", "@confirm pay *",
            "venmo $ *", "zelle $ *", "paypal $ *", "cash app $ *",
            "@confirm and pay *", "@confirm buy *",
        ),
        "sends": (
            "send *", "transfer", "transfer $ *", "transfer # *", "transfer @money *",
            "transfer now", "send $ *", "wire $ *", "wire @money *", "transfer @cloud *",
            "transfer ownership *", "send @crypto *",
        ),
        "publishes": (
            "publish *", "publish @postable **", "post", "post now", "post to *",
            "post @postable *",
            "broadcast *", "tweet", "share publicly", "make public", "send to @everyone *",
        ),
    },
)  # fmt: skip

SPANISH: Final = Language(
    name="Spanish",
    assent=("aceptar", "acepto", "si", "ok", "vale", "continuar", "confirmar", "proceder",
            "de acuerdo", "entendido", "adelante", "siguiente", "aplicar", "hacerlo",
            "estoy seguro", "seguir", "listo"),
    warnings=("no se puede deshacer", "no se puede revertir", "no se podra deshacer",
              "no se puede recuperar", "irreversible", "se cargara", "se cargaran",
              "se cobrara", "se cobraran", "se eliminara", "se eliminaran", "se borrara",
              "se borraran", "se perdera", "se perderan", "de forma permanente",
              "permanentemente"),
    lead=("a", "que", "quieres", "quiere", "desea", "deseas", "va", "vas", "realmente",
          "seguro", "para", "y"),
    prefixes=("si", "ok", "vale", "de acuerdo", "ahora", "definitivamente"),
    skip=("el", "la", "los", "las", "un", "una", "mi", "mis", "tu", "tus", "su", "sus", "este",
          "esta", "estos", "estas", "de", "del", "al", "a", "para"),
    nav=("historial", "metodos", "metodo", "ajustes", "configuracion", "detalles", "opciones",
         "estado", "preferencias", "formas", "forma", "atencion"),
    never=("cancelar", "deshacer", "no", "ayuda", "comentarios", "opinion", "sugerencias",
           "atras", "fondo", "tarde", "despues", "borrador", "eliminados", "enviados"),
    sets={
        "serious": ("cuenta", "cuentas", "usuario", "dispositivo", "todo", "todos", "archivo",
                    "archivos", "carpeta", "fotos", "mensajes", "datos", "aplicacion"),
        "bin": ("papelera", "papelera reciclaje"),
        "disk": ("disco", "unidad", "volumen", "particion", "tarjeta", "memoria"),
        "money_noun": ("pedido", "compra", "pago", "transferencia", "orden", "donacion"),
        "confirm": ("confirmar", "realizar", "hacer", "tramitar", "finalizar", "completar",
                    "efectuar", "enviar", "autorizar"),
        "money": ("dinero", "fondos", "pago", "saldo"),
        "everyone": ("todos", "todo mundo", "todos contactos"),
    },
    flag={
        "deletes": (
            "eliminar **", "elimina **", "borrar **", "borra **", "suprimir **",
            "desinstalar **", "destruir **", "quitar", "quitar @serious **", "vaciar @bin",
            "formatear @disk **", "restablecer ** fabrica **", "restaurar ** fabrica **",
            "cerrar cuenta", "revocar **",
        ),
        "pays": (
            "pagar *", "paga *", "comprar *", "compra ahora", "compra $ *", "donar *",
            "pedir ahora", "@confirm @money_noun *", "suscribirse ** $ **",
        ),
        "sends": (
            "enviar *", "envia *", "transferir", "transferir $ *", "transferir # *",
            "transferir @money *", "transferir ahora",
        ),
        "publishes": ("publicar *", "enviar @everyone"),
    },
)  # fmt: skip

FRENCH: Final = Language(
    name="French",
    assent=("ok", "oui", "continuer", "confirmer", "valider", "accepter", "d accord",
            "poursuivre", "j ai compris", "compris", "suivant", "appliquer", "terminer",
            "je confirme", "oui je suis sur"),
    warnings=("irreversible", "ne peut pas etre annulee", "ne peut pas etre annule",
              "ne pourra pas etre annulee", "ne pourra pas etre annule", "est definitive",
              "est definitif", "sera debite", "seront debites", "sera preleve",
              "sera supprime", "seront supprimes", "sera efface", "seront effaces",
              "sera perdu", "seront perdus", "definitivement"),
    lead=("vraiment", "vous", "veux", "voulez", "souhaitez", "de", "d", "a", "pour", "et",
          "va", "allez", "allons"),
    prefixes=("oui", "ok", "d accord", "maintenant", "definitivement"),
    skip=("le", "la", "les", "l", "un", "une", "mon", "ma", "mes", "ton", "ta", "tes", "votre",
          "vos", "ce", "cet", "cette", "ces", "de", "du", "des", "d", "a", "au", "aux"),
    nav=("historique", "moyens", "moyen", "parametres", "details", "options", "preferences",
         "statut", "mode", "modes", "attention", "suivi"),
    never=("annuler", "ne", "pas", "aide", "commentaires", "avis", "arriere", "plan", "tard",
           "brouillon", "supprimes", "envoyes", "restaurer"),
    sets={
        "bin": ("corbeille",),
        "disk": ("disque", "lecteur", "volume", "partition", "carte"),
        "money_noun": ("commande", "paiement", "achat", "virement", "transfert", "don",
                       "transaction"),
        "confirm": ("confirmer", "valider", "passer", "effectuer", "finaliser", "terminer",
                    "envoyer", "autoriser", "regler"),
        "money": ("argent", "fonds", "paiement", "solde"),
        "everyone": ("tous", "tout monde", "tous contacts"),
    },
    flag={
        "deletes": (
            "supprimer **", "supprime **", "effacer **", "efface **", "desinstaller **",
            "detruire **", "vider @bin", "formater @disk **", "reinitialiser ** usine **",
            "restaurer ** usine **", "revoquer **", "fermer compte",
        ),
        "pays": (
            "payer *", "paie *", "acheter *", "achete *", "commander *", "@confirm @money_noun *",
            "faire don *", "s abonner ** $ **",
        ),
        "sends": (
            "envoyer *", "envoie *", "transferer $ *", "transferer # *", "transferer @money *",
            "virer $ *",
        ),
        "publishes": ("publier *", "poster *", "envoyer @everyone"),
    },
)  # fmt: skip

GERMAN: Final = Language(
    name="German",
    assent=("ok", "ja", "weiter", "fortfahren", "bestatigen", "akzeptieren", "einverstanden",
            "verstanden", "ubernehmen", "anwenden", "fertig", "ausfuhren", "ja bitte",
            "trotzdem fortfahren", "trotzdem", "los"),
    warnings=("nicht ruckgangig", "unwiderruflich", "endgultig", "wird abgebucht",
              "werden abgebucht", "wird belastet", "wird geloscht", "werden geloscht",
              "geht verloren", "gehen verloren", "dauerhaft"),
    lead=("sie", "du", "ihr", "wirklich", "jetzt", "zu", "und", "wollen", "mochten"),
    prefixes=("ja", "ok", "jetzt", "endgultig", "sofort", "bitte", "dauerhaft", "alle"),
    skip=("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "mein", "meine",
          "meinen", "dein", "deine", "ihr", "ihre", "ihren", "diese", "dieses", "diesen", "an",
          "wirklich"),
    nav=("verlauf", "einstellungen", "methoden", "optionen", "details", "ubersicht", "historie",
         "status", "liste"),
    never=("feedback", "ruckgangig", "abbrechen", "nicht", "kein", "keine", "hilfe", "spater",
           "stornieren", "ruckmeldung", "anleitung", "wiederherstellen", "entwurf",
           "geloschte", "gesendete"),
    sets={
        "serious": ("konto", "benutzer", "gerat", "alles", "dateien", "datei", "ordner", "daten"),
        "bin": ("papierkorb",),
        "disk": ("laufwerk", "datentrager", "festplatte", "partition", "karte", "volume"),
        "device": ("gerat", "telefon", "handy", "pc", "computer", "alles"),
        "money_noun": ("zahlung", "bestellung", "kauf", "uberweisung", "spende", "transaktion"),
        "confirm": ("bestatigen", "abschicken", "absenden", "ausfuhren", "abschliessen",
                    "autorisieren", "senden"),
    },
    flag={
        "deletes": (
            "loschen **", "** loschen", "** entfernen", "entfernen", "@serious entfernen",
            "deinstallieren **", "** deinstallieren", "@bin leeren", "@disk formatieren",
            "auf werkseinstellungen zurucksetzen", "** werkseinstellungen zurucksetzen",
            "@device zurucksetzen", "** daten zurucksetzen", "** vernichten", "** widerrufen",
            "konto schliessen",
            "konto deaktivieren",
        ),
        "pays": (
            "bezahlen", "** bezahlen", "bezahlen **", "kaufen", "** kaufen", "kaufen **",
            "bestellen", "** bestellen", "@money_noun @confirm", "** spenden",
            "** kostenpflichtig **", "** zahlungspflichtig **",
        ),
        "sends": (
            "senden", "** senden", "senden **", "absenden", "abschicken", "uberweisen",
            "** uberweisen", "uberweisen **",
        ),
        "publishes": ("veroffentlichen", "** veroffentlichen", "posten", "** posten"),
    },
)  # fmt: skip

PORTUGUESE: Final = Language(
    name="Portuguese",
    assent=("ok", "sim", "continuar", "confirmar", "aceitar", "prosseguir", "concordo",
            "entendi", "avancar", "aplicar", "seguir", "tenho certeza"),
    warnings=("nao pode ser desfeita", "nao pode ser desfeito", "nao podera ser desfeita",
              "irreversivel", "permanentemente", "sera cobrado", "serao cobrados",
              "sera debitado", "sera excluido", "serao excluidos", "sera apagado",
              "serao apagados", "sera perdido", "serao perdidos"),
    lead=("deseja", "quer", "realmente", "de", "a", "para", "e", "vai", "certeza"),
    prefixes=("sim", "ok", "agora", "permanentemente"),
    skip=("o", "a", "os", "as", "um", "uma", "meu", "minha", "meus", "minhas", "seu", "sua",
          "este", "esta", "esse", "essa", "de", "do", "da", "dos", "das", "para", "por"),
    nav=("historico", "formas", "forma", "metodos", "configuracoes", "detalhes", "opcoes",
         "status", "atencao", "preferencias"),
    never=("cancelar", "desfazer", "nao", "ajuda", "comentarios", "feedback", "opiniao",
           "tras", "depois", "rascunho", "excluidos", "enviados"),
    sets={
        "serious": ("conta", "usuario", "dispositivo", "tudo", "todos", "arquivo", "arquivos",
                    "pasta", "fotos", "mensagens", "dados", "aplicativo"),
        "bin": ("lixeira", "lixo"),
        "disk": ("disco", "unidade", "volume", "particao", "cartao"),
        "money_noun": ("pedido", "compra", "pagamento", "transferencia", "doacao", "pix"),
        "confirm": ("confirmar", "finalizar", "fazer", "efetuar", "concluir", "realizar",
                    "enviar", "autorizar"),
        "money": ("dinheiro", "fundos", "pagamento", "saldo", "pix"),
        "everyone": ("todos", "todo mundo", "todos contatos"),
    },
    flag={
        "deletes": (
            "excluir **", "exclua **", "apagar **", "apague **", "eliminar **", "remover",
            "remover @serious **", "remover # **", "desinstalar **", "esvaziar @bin",
            "formatar @disk **",
            "restaurar ** fabrica **", "redefinir ** fabrica **", "encerrar conta",
            "revogar **",
        ),
        "pays": (
            "pagar *", "comprar *", "doar *", "@confirm @money_noun *", "assinar ** $ **",
        ),
        "sends": (
            "enviar *", "transferir", "transferir $ *", "transferir # *",
            "transferir @money *", "transferir agora",
        ),
        "publishes": ("publicar *", "postar *", "enviar @everyone"),
    },
)  # fmt: skip

ITALIAN: Final = Language(
    name="Italian",
    assent=("ok", "si", "continua", "conferma", "accetta", "procedi", "prosegui", "ho capito",
            "avanti", "applica", "va bene", "d accordo", "sono sicuro"),
    warnings=("non puo essere annullata", "non puo essere annullato", "irreversibile",
              "definitivamente", "permanentemente", "verra addebitato", "verranno addebitati",
              "verra eliminato", "verranno eliminati", "verra cancellato",
              "verranno cancellati", "andra perso", "andranno persi"),
    lead=("vuoi", "vuole", "davvero", "di", "a", "per", "e", "sicuro", "sta", "stai"),
    prefixes=("si", "ok", "ora", "adesso", "definitivamente"),
    skip=("il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una", "mio", "mia", "miei",
          "mie", "questo", "questa", "di", "del", "della", "dei", "delle", "a"),
    nav=("cronologia", "metodi", "metodo", "impostazioni", "dettagli", "opzioni", "stato",
         "attenzione", "preferenze"),
    never=("annulla", "annullare", "non", "aiuto", "feedback", "commenti", "indietro", "dietro",
           "dopo", "tardi", "bozza", "eliminati", "inviata", "inviati"),
    sets={
        "serious": ("account", "utente", "dispositivo", "tutto", "tutti", "file", "cartella",
                    "foto", "messaggi", "dati", "app"),
        "bin": ("cestino",),
        "disk": ("disco", "unita", "volume", "partizione", "scheda"),
        "money_noun": ("ordine", "acquisto", "pagamento", "bonifico", "trasferimento",
                       "donazione"),
        "confirm": ("conferma", "confermare", "effettua", "esegui", "completa", "invia",
                    "autorizza", "procedi"),
        "money": ("denaro", "soldi", "fondi", "pagamento", "saldo"),
        "everyone": ("tutti", "tutti contatti"),
    },
    flag={
        "deletes": (
            "elimina **", "eliminare **", "cancella **", "cancellare **", "rimuovi",
            "svuotare @bin", "formattare @disk **", "disinstallare **", "rimuovere @serious **",
            "rimuovi @serious **", "rimuovi # **", "disinstalla **", "svuota @bin",
            "formatta @disk **",
            "ripristina ** fabbrica **", "distruggi **", "revoca **", "chiudi account",
        ),
        "pays": (
            "paga *", "pagare *", "acquista *", "acquistare *", "compra *", "ordina ora",
            "ordina $ *", "@confirm @money_noun *", "dona *", "abbonati ** $ **",
        ),
        "sends": (
            "invia *", "trasferisci", "trasferisci $ *", "trasferisci # *",
            "trasferisci @money *", "trasferisci ora", "bonifico ** $ **",
        ),
        "publishes": ("pubblica *", "pubblicare *", "invia @everyone"),
    },
    spare=("procedi a **", "procedi al **", "procedi all **", "procedi alla **"),
)  # fmt: skip

DUTCH: Final = Language(
    name="Dutch",
    assent=("ok", "ja", "doorgaan", "bevestigen", "akkoord", "accepteren", "ga door",
            "volgende", "toepassen", "begrepen", "ja zeker"),
    warnings=("kan niet ongedaan", "onomkeerbaar", "definitief", "wordt afgeschreven",
              "wordt verwijderd", "worden verwijderd", "gaat verloren", "gaan verloren",
              "permanent"),
    lead=("je", "u", "dat", "wilt", "wil", "echt", "te", "en", "zeker"),
    prefixes=("ja", "ok", "oké", "nu", "definitief", "direct"),
    skip=("het", "een", "mijn", "je", "jouw", "uw", "deze", "dit", "die", "geselecteerde"),
    nav=("geschiedenis", "instellingen", "methoden", "methodes", "opties", "details", "status",
         "overzicht", "lijst"),
    never=("annuleren", "annuleer", "ongedaan", "niet", "geen", "feedback", "help", "later",
           "terug", "concept", "verwijderde", "verzonden"),
    sets={
        "serious": ("account", "gebruiker", "apparaat", "alles", "alle", "bestand", "bestanden",
                    "map", "mappen", "gegevens", "berichten", "app", "definitief"),
        "bin": ("prullenbak", "prullenmand"),
        "disk": ("schijf", "station", "partitie", "kaart", "volume", "usb stick"),
        "money_noun": ("bestelling", "betaling", "aankoop", "overboeking", "overschrijving",
                       "donatie"),
        "confirm": ("bevestigen", "bevestig", "plaatsen", "plaats", "afronden", "rond af",
                    "voltooien", "voltooi", "verzenden", "versturen", "uitvoeren"),
    },
    flag={
        "deletes": (
            "verwijderen", "** verwijderen", "verwijder **", "wissen", "** wissen", "wis **",
            "@bin legen", "leeg @bin", "@disk formatteren", "formatteer @disk **",
            "fabrieksinstellingen herstellen", "** fabrieksinstellingen **",
            "de installeren", "** de installeren", "deinstalleren", "** deinstalleren",
            "account opheffen", "account sluiten",
        ),
        "pays": (
            "betalen", "** betalen", "betaal *", "kopen", "** kopen", "koop *", "bestellen",
            "** bestellen", "bestel *", "@money_noun @confirm", "@confirm @money_noun *",
            "@confirm de @money_noun *", "doneren", "** doneren", "doneer *",
        ),
        "sends": (
            "verzenden", "** verzenden", "verzend *", "versturen", "** versturen", "verstuur *",
            "overmaken", "** overmaken", "maak $ over", "overschrijven", "** overschrijven",
        ),
        "publishes": ("publiceren", "** publiceren", "publiceer *", "posten", "** posten"),
    },
)  # fmt: skip

SWEDISH: Final = Language(
    name="Swedish",
    assent=("ok", "ja", "fortsätt", "bekräfta", "godkänn", "acceptera", "jag förstår",
            "verkställ", "nästa"),
    warnings=("kan inte ångras", "oåterkallelig", "permanent", "kommer att debiteras",
              "raderas permanent", "går förlorad", "går förlorade"),
    lead=("att", "vill", "du", "och", "verkligen"),
    prefixes=("ja", "ok", "nu"),
    skip=("den", "det", "denna", "detta", "valda"),
    nav=("historik", "inställningar", "metoder", "metod", "alternativ", "detaljer", "status",
         "översikt", "lista"),
    never=("avbryt", "ångra", "inte", "feedback", "hjälp", "senare", "tillbaka", "utkast",
           "raderade", "borttagna", "skickade"),
    sets={
        "serious": ("konto", "kontot", "användare", "enhet", "allt", "alla", "fil", "filer",
                    "filen", "mapp", "data", "appen", "permanent", "meddelanden", "bilder"),
        "bin": ("papperskorgen", "papperskorg"),
        "disk": ("disk", "disken", "enhet", "enheten", "partition", "kort", "minneskort", "usb"),
        "money_noun": ("köp", "köpet", "order", "ordern", "beställning", "beställningen",
                       "betalning", "betalningen", "överföring", "överföringen", "donation"),
        "confirm": ("bekräfta", "slutför", "genomför", "lägg", "skicka", "godkänn", "utför"),
        "money": ("pengar", "betalning", "belopp"),
    },
    flag={
        "deletes": (
            "radera **", "ta bort", "ta bort @serious **", "ta bort # **", "töm @bin",
            "formatera @disk **", "återställ till fabriksinställningar",
            "** fabriksinställningar", "avinstallera **", "stäng konto", "stäng kontot",
        ),
        "pays": (
            "betala *", "köp", "köp *", "beställ *", "@confirm @money_noun *", "donera *",
            "prenumerera ** $ **",
        ),
        "sends": (
            "skicka *", "överför $ *", "överför # *", "överför @money *", "skicka @money *",
            "swisha *",
        ),
        "publishes": ("publicera *", "skicka till alla"),
    },
)  # fmt: skip

DANISH: Final = Language(
    name="Danish",
    assent=("ok", "ja", "fortsæt", "bekræft", "godkend", "accepter", "forstået", "anvend",
            "næste"),
    warnings=("kan ikke fortrydes", "uigenkaldelig", "permanent", "vil blive trukket",
              "slettes permanent", "går tabt"),
    lead=("at", "vil", "du", "og", "virkelig"),
    prefixes=("ja", "ok", "nu"),
    skip=("den", "det", "denne", "dette", "valgte"),
    nav=("historik", "indstillinger", "metoder", "metode", "muligheder", "detaljer", "status",
         "oversigt", "liste"),
    never=("annuller", "fortryd", "ikke", "feedback", "tilbagemelding", "hjælp", "senere",
           "tilbage", "kladde", "slettede", "sendte"),
    sets={
        "serious": ("konto", "kontoen", "bruger", "enhed", "alt", "alle", "fil", "filer", "filen",
                    "mappe", "data", "appen", "permanent", "beskeder", "billeder"),
        "bin": ("papirkurven", "papirkurv", "skraldespanden"),
        "disk": ("disk", "disken", "drev", "drevet", "partition", "kort", "hukommelseskort",
                 "usb"),
        "money_noun": ("køb", "købet", "ordre", "ordren", "bestilling", "bestillingen",
                       "betaling", "betalingen", "overførsel", "overførslen", "donation"),
        "confirm": ("bekræft", "gennemfør", "afgiv", "afslut", "godkend", "udfør", "send"),
        "money": ("penge", "beløb", "betaling"),
    },
    spare=("send ** tilbagemelding",),
    flag={
        "deletes": (
            "slet **", "fjern", "fjern @serious **", "fjern # **", "tøm @bin",
            "formater @disk **", "nulstil til fabriksindstillinger", "** fabriksindstillinger",
            "afinstaller **", "luk konto", "luk kontoen",
        ),
        "pays": (
            "betal *", "køb", "køb *", "bestil *", "@confirm @money_noun *",
            "abonner ** $ **",
        ),
        # "send *" is English's, with English's look-alikes (Send to back, Send feedback)
        "sends": ("overfør $ *", "overfør # *", "overfør @money *", "overfør"),
        "publishes": ("udgiv *", "offentliggør *", "send til alle"),
    },
)  # fmt: skip

FINNISH: Final = Language(
    name="Finnish",
    assent=("ok", "kyllä", "jatka", "vahvista", "hyväksy", "selvä", "käytä", "seuraava"),
    warnings=("ei voi kumota", "ei voida kumota", "pysyvästi", "peruuttamaton",
              "peruuttamattomasti", "veloitetaan"),
    lead=("haluatko", "varmasti", "ja"),
    prefixes=("kyllä", "ok"),
    skip=("tämä", "nämä", "valitut", "valittu"),
    nav=("historia", "asetukset", "tavat", "tiedot", "tila", "luettelo", "lista", "yhteenveto"),
    never=("peruuta", "kumoa", "älä", "ei", "palaute", "palautetta", "ohje", "apua",
           "myöhemmin", "takaisin", "luonnos", "poistetut", "lähetetyt"),
    sets={
        "bin": ("roskakori", "roskakorin"),
        "disk": ("levy", "levyn", "asema", "aseman", "osio", "kortti", "muistikortti", "usb"),
        "money_noun": ("tilaus", "tilauksen", "maksu", "maksun", "osto", "oston", "ostos",
                       "siirto", "siirron", "lahjoitus"),
        "confirm": ("vahvista", "hyväksy", "suorita", "tee", "viimeistele", "lähetä"),
        "money": ("rahaa", "rahat", "varoja", "maksu"),
    },
    flag={
        "deletes": (
            "poista **", "pyyhi **", "tyhjennä @bin", "alusta @disk **",
            "palauta tehdasasetukset", "** tehdasasetukset", "palauta ** tehdasasetuksiin",
            "sulje tili",
        ),
        "pays": (
            "maksa *", "osta *", "tilaa $ *", "tilaa nyt", "@confirm @money_noun *",
            "lahjoita *",
        ),
        "sends": ("lähetä *", "siirrä $ *", "siirrä # *", "siirrä @money *"),
        "publishes": ("julkaise *", "lähetä kaikille"),
    },
)  # fmt: skip

POLISH: Final = Language(
    name="Polish",
    assent=("ok", "tak", "kontynuuj", "potwierdź", "akceptuj", "zgadzam się", "dalej",
            "zastosuj", "rozumiem"),
    warnings=("nie można cofnąć", "nie można tego cofnąć", "nieodwracalne", "nieodwracalnie",
              "trwale", "zostanie obciążona", "zostanie obciążone", "zostaną usunięte",
              "zostanie usunięty", "zostanie usunięte"),
    lead=("chcesz", "pewno", "czy", "na", "i"),
    prefixes=("tak", "ok", "teraz"),
    skip=("moje", "mój", "moja", "ten", "to", "te", "wybrane", "swoje"),
    nav=("historia", "historię", "metody", "metoda", "ustawienia", "szczegóły", "opcje",
         "status", "lista", "uwagę", "uwaga"),
    never=("anuluj", "cofnij", "nie", "opinię", "opinia", "pomoc", "później", "wstecz",
           "szkic", "usunięte", "wysłane"),
    sets={
        "bin": ("kosz",),
        "disk": ("dysk", "partycję", "kartę", "pendrive", "nośnik"),
        "money_noun": ("zamówienie", "płatność", "zakup", "przelew", "transakcję", "darowiznę"),
        "confirm": ("potwierdź", "złóż", "zatwierdź", "zrealizuj", "wykonaj", "dokonaj",
                    "wyślij", "sfinalizuj"),
        "money": ("pieniądze", "środki", "przelew", "płatność"),
    },
    flag={
        "deletes": (
            "usuń **", "wymaż **", "skasuj **", "opróżnij @bin", "sformatuj @disk **",
            "formatuj @disk **", "przywróć ustawienia fabryczne", "** ustawienia fabryczne",
            "odinstaluj **", "zamknij konto",
        ),
        "pays": (
            "zapłać *", "kup *", "kupuję *", "zamawiam *", "zamów *",
            "@confirm @money_noun *", "przekaż darowiznę",
        ),
        "sends": ("wyślij *", "przelej *", "przelej", "wyślij @money *"),
        "publishes": ("opublikuj *", "publikuj *", "wyślij do wszystkich"),
    },
)  # fmt: skip

TURKISH: Final = Language(
    name="Turkish",
    assent=("tamam", "evet", "devam", "devam et", "onayla", "kabul et", "uygula", "anladım",
            "ileri"),
    warnings=("geri alınamaz", "kalıcı olarak", "tahsil edilecek", "silinecek", "kaybolacak"),
    lead=("istiyor", "emin", "ve"),
    prefixes=("evet", "tamam", "şimdi", "hemen", "kalıcı olarak"),
    skip=("bu", "şu", "bir", "benim", "seçili", "seçilen"),
    nav=("geçmişi", "geçmiş", "yöntemleri", "yöntemi", "ayarları", "ayarlar", "ayrıntılar",
         "detaylar", "durumu", "listesi", "seçenekleri"),
    never=("iptal", "geri", "değil", "yardım", "sonra", "taslak", "silinen", "silinmiş",
           "gönderilen", "gönderilenler", "vazgeç"),
    sets={
        "serious": ("hesabı", "hesabımı", "hepsini", "tümünü", "dosyaları", "uygulamayı",
                    "cihazı", "verileri"),
        "bin": ("çöp kutusunu", "çöp kutusu", "geri dönüşüm kutusunu"),
        "disk": ("diski", "sürücüyü", "bölümü", "kartı", "belleği"),
    },
    flag={
        "deletes": (
            "sil", "** sil", "@bin boşalt", "@disk biçimlendir", "fabrika ayarlarına sıfırla",
            "** fabrika ayarlarına **", "kaldır", "@serious kaldır", "hesabı kapat",
        ),
        "pays": (
            "öde", "** öde", "satın al", "** satın al", "sipariş ver", "** sipariş ver",
            "siparişi onayla", "siparişi tamamla", "ödemeyi onayla", "ödemeyi tamamla",
            "bağış yap", "** bağış yap",
        ),
        "sends": (
            "gönder", "** gönder", "havale yap", "** havale yap", "eft yap", "** eft yap",
            "** transfer et", "transfer yap", "** transfer yap",
        ),
        "publishes": ("yayınla", "** yayınla"),
    },
)  # fmt: skip

RUSSIAN: Final = Language(
    name="Russian",
    assent=("ок", "да", "продолжить", "подтвердить", "принять", "согласен", "понятно",
            "применить", "далее", "выполнить", "хорошо"),
    warnings=("нельзя отменить", "невозможно отменить", "необратимо", "безвозвратно",
              "без возможности восстановления", "будет списано", "будут списаны",
              "будет удалён", "будет удален", "будут удалены", "навсегда"),
    lead=("хотите", "действительно", "вы", "и", "уверены", "что"),
    prefixes=("да", "ок", "хорошо", "сейчас"),
    skip=("мой", "мою", "мои", "моя", "этот", "эту", "это", "эти", "ваш", "вашу", "ваши",
          "выбранные", "выбранное"),
    nav=("история", "историю", "способы", "способ", "настройки", "параметры", "детали",
         "подробнее", "статус", "список", "методы", "внимание"),
    never=("отмена", "отменить", "не", "отзыв", "помощь", "справка", "позже", "назад",
           "черновик", "удалённые", "отправленные", "восстановить"),
    sets={
        "bin": ("корзину",),
        "disk": ("диск", "накопитель", "карту", "флешку", "раздел"),
        "money_noun": ("заказ", "оплату", "покупку", "платёж", "перевод"),
        "confirm": ("подтвердить", "оформить", "совершить", "завершить", "выполнить",
                    "отправить"),
        "money": ("деньги", "средства", "платёж", "перевод"),
        "everyone": ("всем", "все"),
    },
    flag={
        "deletes": (
            "удалить **", "удали **", "стереть **", "сотри **", "очистить @bin",
            "форматировать @disk **", "отформатировать @disk **", "сбросить ** заводских **",
            "сброс ** заводских **", "закрыть аккаунт",
        ),
        "pays": (
            "оплатить *", "оплати *", "купить *", "купи *", "заказать", "заказать $ *",
            "заказать сейчас", "@confirm @money_noun *", "пожертвовать *",
        ),
        "sends": (
            "отправить *", "отправь *", "перевести $ *", "перевести # *", "перевести @money *",
            "отправить @money *",
        ),
        "publishes": ("опубликовать *", "опубликуй *", "отправить @everyone *"),
    },
)  # fmt: skip

CHINESE: Final = Language(
    name="Chinese",
    assent=("确定", "是", "好", "好的", "继续", "确认", "同意", "接受", "执行", "是的",
            "知道了", "下一步", "应用", "我知道了", "确定继续"),
    warnings=("无法撤销", "不可撤销", "无法恢复", "不可恢复", "无法撤回", "不可逆", "永久删除",
              "将被删除", "将被永久", "扣款", "扣费", "将被清除"),
    cjk=True,
    flag={
        "deletes": ("删除", "清空", "卸载", "格式化", "恢复出厂设置", "出厂设置", "抹掉", "抹除",
                    "注销账", "销毁", "彻底清除", "清除所有数据", "清除全部数据", "移除"),
        "pays": ("支付", "付款", "购买", "下单", "提交订单", "确认订单", "捐款"),
        "sends": ("转账", "汇款", "发送"),
        "publishes": ("发布", "群发", "发表"),
    },
    nav=("记录", "历史", "方式", "方法", "设置", "详情", "时间", "列表"),
    never=("已", "不", "撤销", "取消", "反馈", "帮助", "说明", "未", "可以", "稍后", "草稿"),
)  # fmt: skip

JAPANESE: Final = Language(
    name="Japanese",
    assent=("はい", "ok", "続行", "確認", "実行", "同意", "同意する", "続ける", "了解", "適用",
            "次へ", "承認", "同意して続行"),
    warnings=("元に戻せません", "元に戻すことはできません", "取り消せません",
              "取り消すことはできません", "復元できません", "完全に削除", "請求されます",
              "引き落とされます", "空にし", "削除され"),
    cjk=True,
    flag={
        "deletes": ("削除", "消去", "空にする", "アンインストール", "フォーマット", "初期化",
                    "工場出荷", "退会"),
        "pays": ("支払う", "支払い", "購入", "注文する", "注文を確定", "注文確定", "今すぐ注文",
                 "寄付"),
        "sends": ("送金", "送信", "振り込む", "振込"),
        "publishes": ("投稿", "公開", "一斉送信"),
    },
    nav=("履歴", "方法", "一覧", "詳細", "設定", "時間"),
    never=("済み", "しない", "取り消", "キャンセル", "フィードバック", "ヘルプ", "元に戻", "予約",
           "できます", "非", "下書き", "された"),
)  # fmt: skip

KOREAN: Final = Language(
    name="Korean",
    assent=("예", "네", "확인", "계속", "동의", "적용", "실행", "다음", "승인", "계속하기"),
    warnings=("되돌릴 수 없", "취소할 수 없", "복구할 수 없", "영구적으로", "청구됩니다",
              "결제됩니다", "삭제됩니다"),
    cjk=True,
    flag={
        "deletes": ("삭제", "제거", "휴지통 비우기", "휴지통을 비우기", "초기화", "포맷", "탈퇴"),
        "pays": ("결제", "구매", "구입", "주문하기", "주문 확정", "기부", "후원하기"),
        "sends": ("송금", "이체", "보내기", "전송"),
        "publishes": ("게시", "발행"),
    },
    nav=("내역", "방법", "수단", "설정", "정보", "기록", "목록", "시간", "안내"),
    never=("된", "취소", "안 함", "하지 않", "의견", "피드백", "도움말", "나중에", "임시", "완료"),
    spare=("내보내기", "게시물", "게시판"),
)  # fmt: skip

# -- more families (issue 37, pass 4) --------------------------------------------------------
#
# Subscriptions and authorisations, trades, release acts, clearing and emptying, and the
# replacing a copy does, in every language above; merged into each language's rules by
# :func:`_more` (added to its flag, sets, nav, never and spare). Look-alikes kept safe:
# "Release notes", "Subscription settings", "Market overview", "Clear filter", "Empty
# state" (nav words and spare patterns below). Decisions: ``Subscribe`` alone is flagged
# (behind a paywall it starts paying; a channel's Subscribe is undone by a click, and
# ``Subscribe to newsletter|updates|channel`` passes); ``Deploy`` alone, ``Merge`` alone and
# ``Clear`` alone pass (a staging deploy, a merge tool, a calculator), with a target they
# are flagged (``Deploy to production``, ``Merge to main``, ``Clear chat``); ``Clear
# cache`` passes (a cache fills again).


def _more(language: Language, **more: object) -> Language:
    """``language`` with the rules of ``more`` added (flag and sets merged, tuples appended)."""
    changes: dict[str, object] = {}
    for name, value in more.items():
        old = getattr(language, name)
        if isinstance(value, dict):
            merged = dict(old)
            for key, items in value.items():
                merged[key] = tuple(merged.get(key, ())) + tuple(items)
            changes[name] = merged
        else:
            changes[name] = tuple(old) + tuple(value)  # type: ignore[arg-type]
    return dataclasses.replace(language, **changes)  # type: ignore[arg-type]


_EN = _more(
    ENGLISH,
    sets={
        "plan": ("subscription", "membership", "plan", "premium", "pro", "subscription plan"),
        "start": ("start", "renew", "upgrade", "activate", "begin", "resume", "extend",
                  "confirm", "buy", "purchase", "get"),
        "free": ("newsletter", "newsletters", "updates", "channel", "notifications", "alerts",
                 "emails", "email", "mailing list", "feed", "podcast", "calendar", "blog",
                 "thread", "topic", "comments", "digest"),
        "order_type": ("market", "limit", "stop", "stop limit", "stop loss", "instant"),
        "side": ("buy", "sell", "long", "short"),
        "positions": ("position", "positions", "all positions", "trade", "trades"),
        "prod": ("production", "prod", "live", "main", "master", "mainnet"),
        "ship": ("deploy", "ship", "promote", "push", "release", "publish", "roll out",
                 "rollout", "merge", "migrate"),
        "stream": ("broadcast", "broadcasting", "stream", "streaming", "live stream",
                   "livestream"),
        "chat": ("chat", "chats", "conversation", "conversations", "messages", "message",
                 "history", "all", "everything", "chat history", "conversation history",
                 "log", "logs", "recent", "inbox"),
        "container": ("bucket", "buckets", "trash", "bin", "mailbox", "inbox", "queue",
                      "table", "database", "disk", "storage", "folder"),
        "transient": ("filter", "filters", "selection", "search", "searches", "formatting",
                      "format", "input", "field", "form", "highlights", "sort", "query",
                      "text", "zoom"),
        "money_noun": ("charge", "subscription", "membership", "trade", "deposit", "sale",
                       "sell order", "buy order", "limit order", "market order", "stop order",
                       "renewal"),
        "money_verb": ("next", "proceed", "ok", "go", "done", "finish", "complete", "submit",
                       "start", "join", "unlock", "activate", "enroll", "register", "reserve"),
        "confirm": ("authorise",),
        "disk": ("dev",),
        "replaced": ("existing", "existing file", "existing files"),
    },
    nav=("orders", "overview", "notes", "logs", "log", "fees", "depth", "preview", "chart",
         "charts", "price", "prices", "analysis", "data"),
    spare=("subscribe to @free **", "clear ** @transient **", "empty state **"),
    refuse=("no", "nope", "close", "keep", "keep it", "skip", "dismiss", "stay", "go back",
            "return", "not now", "details", "more", "learn more", "more info", "quit",
            "exit", "leave", "hide", "stop", "abort", "decline", "reject", "deny",
            "disagree", "review", "edit", "change", "show", "view", "open", "rename",
            "archive", "save", "keep both", "skip this file", "previous", "prev"),
    flag={
        "deletes": ("clear @chat **", "empty", "empty now", "empty @container **"),
        "pays": ("subscribe", "subscribe *", "@start @plan *", "approve unlimited **",
                 "approve spending **", "sell *", "@order_type @side *", "stake", "bid",
                 "close @positions **"),
        "publishes": ("go live **", "@ship to @prod **", "@ship into @prod **",
                      "@ship on @prod **", "merge pull request **", "merge request", "ship it",
                      "release", "release *", "start @stream **",
                      "sign and broadcast **"),
    },
)  # fmt: skip
_ES = _more(
    SPANISH,
    sets={
        "start": ("iniciar", "renovar", "activar", "confirmar", "contratar", "comenzar",
                  "mejorar", "comprar"),
        "plan": ("suscripcion", "membresia", "plan", "premium"),
        "clearable": ("chat", "conversacion", "historial", "mensajes", "todo", "papelera",
                      "bandeja"),
        "prod": ("produccion", "prod", "vivo"),
        "free": ("boletin", "novedades", "canal", "notificaciones", "newsletter"),
    },
    nav=("mercado", "notas"),
    spare=("suscribirse a @free **",),
    refuse=("cerrar", "mantener", "conservar", "volver", "omitir", "salir", "atras",
            "ahora no", "detalles", "mas"),
    flag={
        "deletes": ("vaciar", "vaciar @clearable **", "limpiar @clearable **",
                    "reemplazar ** existente **", "sustituir ** existente **"),
        "pays": ("suscribirse", "suscribirme", "suscribete", "suscribirse ahora",
                 "@start @plan *", "vender *", "retirar @money *", "retirar dinero"),
        "publishes": ("desplegar en @prod **", "implementar en @prod **",
                      "publicar en @prod **", "transmitir en vivo", "iniciar transmision",
                      "salir en vivo"),
    },
)  # fmt: skip
_FR = _more(
    FRENCH,
    sets={
        "start": ("demarrer", "commencer", "renouveler", "activer", "confirmer", "souscrire",
                  "prolonger"),
        "plan": ("abonnement", "adhesion", "forfait", "premium"),
        "clearable": ("discussion", "conversation", "historique", "messages", "tout",
                      "corbeille", "chat"),
        "prod": ("production", "prod", "direct"),
        "free": ("newsletter", "lettre", "chaine", "notifications", "actualites"),
        "transient": ("filtre", "filtres", "selection", "recherche", "mise", "champ",
                      "saisie", "formatage"),
    },
    nav=("marche", "notes", "abonnements"),
    spare=("s abonner a @free **", "effacer ** @transient **"),
    refuse=("non", "fermer", "conserver", "garder", "retour", "ignorer", "quitter",
            "plus tard", "details", "passer"),
    flag={
        "deletes": ("vider", "vider @clearable **", "remplacer ** existant **",
                    "remplacer ** existants **", "ecraser **"),
        "pays": ("s abonner", "s abonner *", "souscrire", "souscrire *", "@start @plan *",
                 "vendre *", "retirer @money *"),
        "publishes": ("deployer en @prod **", "mettre en @prod **", "passer en direct",
                      "lancer le direct", "demarrer le direct"),
    },
)  # fmt: skip
_DE = _more(
    GERMAN,
    sets={
        "sub": ("abo", "abonnement", "mitgliedschaft", "premium"),
        "start": ("starten", "abschliessen", "verlangern", "aktivieren", "bestatigen",
                  "buchen", "kaufen"),
        "clearable": ("chat", "unterhaltung", "verlauf", "papierkorb", "postfach", "alles",
                      "nachrichten", "bucket", "konversation"),
        "free": ("newsletter", "kanal", "updates", "benachrichtigungen", "neuigkeiten"),
        "replaced": ("vorhandene", "bestehende", "existierende", "datei", "dateien"),
    },
    nav=("markt", "ubersicht", "hinweise", "versionshinweise"),
    spare=("@free abonnieren",),
    refuse=("nein", "schliessen", "behalten", "zuruck", "uberspringen", "beenden",
            "nicht jetzt", "details", "mehr"),
    flag={
        "deletes": ("leeren", "@clearable leeren", "@replaced ** ersetzen", "** uberschreiben",
                    "uberschreiben"),
        "pays": ("abonnieren", "** abonnieren", "@sub @start", "verkaufen", "** verkaufen",
                 "verkaufen **", "auszahlen", "** auszahlen"),
        "publishes": ("** produktion bereitstellen", "** produktion deployen",
                      "** produktion ausrollen", "live gehen", "** live gehen"),
    },
)  # fmt: skip
_PT = _more(
    PORTUGUESE,
    sets={
        "start": ("iniciar", "renovar", "ativar", "confirmar", "fazer", "contratar"),
        "plan": ("assinatura", "plano", "premium", "associacao"),
        "clearable": ("conversa", "chat", "historico", "mensagens", "tudo", "lixeira"),
        "prod": ("producao", "prod"),
    },
    nav=("mercado", "notas"),
    refuse=("fechar", "manter", "voltar", "pular", "sair", "agora nao", "detalhes"),
    flag={
        "deletes": ("esvaziar", "esvaziar @clearable **", "limpar @clearable **",
                    "substituir ** existente **"),
        "pays": ("assinar", "assinar agora", "assinar @plan *", "@start @plan *", "vender *",
                 "sacar *"),
        "publishes": ("implantar em @prod **", "publicar em @prod **", "entrar ao vivo",
                      "iniciar transmissao"),
    },
)  # fmt: skip
_IT = _more(
    ITALIAN,
    sets={
        "start": ("attiva", "rinnova", "avvia", "inizia", "conferma", "sottoscrivi",
                  "acquista"),
        "plan": ("abbonamento", "iscrizione", "piano", "premium"),
        "clearable": ("chat", "conversazione", "cronologia", "messaggi", "tutto", "cestino"),
        "transient": ("filtri", "filtro", "ricerca", "selezione", "formattazione", "campo"),
        "prod": ("produzione", "prod"),
    },
    nav=("mercato", "note"),
    spare=("cancella ** @transient **",),
    refuse=("chiudi", "mantieni", "conserva", "torna", "salta", "esci", "non ora",
            "dettagli"),
    flag={
        "deletes": ("svuota", "svuota @clearable **", "sostituire ** esistente **",
                    "sostituisci ** esistente **", "sovrascrivi **"),
        "pays": ("abbonati", "abbonati ora", "abbonarsi", "@start @plan *", "vendi *",
                 "vendere *", "preleva *"),
        "publishes": ("distribuisci in @prod **", "rilascia in @prod **",
                      "pubblica in @prod **", "vai in diretta", "avvia diretta"),
    },
)  # fmt: skip
_NL = _more(
    DUTCH,
    sets={
        "sub": ("abonnement", "lidmaatschap"),
        "start": ("starten", "afsluiten", "verlengen", "activeren", "bevestigen", "nemen"),
        "transient": ("filters", "filter", "zoekopdracht", "selectie", "zoekveld",
                      "opmaak"),
    },
    nav=("markt", "notities"),
    spare=("@transient wissen",),
    refuse=("nee", "sluiten", "behouden", "bewaren", "overslaan", "niet nu", "details"),
    flag={
        "deletes": ("leegmaken", "** leegmaken", "bestaande ** vervangen", "** overschrijven"),
        "pays": ("abonneren", "** abonneren", "@sub @start", "verkopen", "** verkopen",
                 "verkoop *", "geld opnemen"),
        "publishes": ("live gaan", "naar productie **", "** naar productie",
                      "in productie nemen"),
    },
)  # fmt: skip
_SV = _more(
    SWEDISH,
    sets={
        "start": ("starta", "förnya", "påbörja", "aktivera", "bekräfta", "teckna"),
        "plan": ("prenumeration", "prenumerationen", "medlemskap", "abonnemang"),
        "clearable": ("chatt", "chatten", "historik", "historiken", "konversation",
                      "konversationen", "allt", "meddelanden"),
    },
    refuse=("nej", "stäng", "behåll", "hoppa över", "inte nu"),
    flag={
        "deletes": ("töm", "töm @clearable **", "rensa @clearable **", "ersätt befintlig **",
                    "skriv över **"),
        "pays": ("prenumerera", "prenumerera *", "@start @plan *", "sälj *",
                 "ta ut @money *"),
        "publishes": ("gå live", "driftsätt **", "publicera till produktion"),
    },
)  # fmt: skip
_DA = _more(
    DANISH,
    sets={
        "start": ("start", "forny", "aktiver", "bekræft", "tegn"),
        "plan": ("abonnement", "abonnementet", "medlemskab"),
        "clearable": ("chat", "chatten", "samtale", "samtalen", "historik", "historikken",
                      "alt", "beskeder"),
    },
    refuse=("nej", "luk", "behold", "spring over", "ikke nu"),
    flag={
        "deletes": ("tøm", "tøm @clearable **", "ryd @clearable **", "erstat eksisterende **",
                    "overskriv **"),
        "pays": ("abonner", "abonner *", "@start @plan *", "sælg *", "hæv @money *"),
        "publishes": ("gå live", "udrul **"),
    },
)  # fmt: skip
_FI = _more(
    FINNISH,
    sets={
        "clearable": ("keskustelu", "keskustelun", "historia", "kaikki", "viestit"),
        "plan": ("tilaus", "jäsenyys", "tilauksen"),
        "start": ("aloita", "uusi", "jatka", "aktivoi", "vahvista"),
    },
    refuse=("sulje", "säilytä", "takaisin", "ohita", "ei nyt"),
    flag={
        "deletes": ("tyhjennä", "tyhjennä @clearable **", "korvaa olemassa oleva **"),
        "pays": ("tilaa", "@start @plan *", "myy *", "nosta rahaa", "nosta @money *"),
        "publishes": ("aloita lähetys", "siirry livenä", "julkaise tuotantoon"),
    },
)  # fmt: skip
_PL = _more(
    POLISH,
    sets={
        "start": ("rozpocznij", "odnów", "aktywuj", "wykup", "potwierdź", "przedłuż"),
        "plan": ("subskrypcję", "subskrypcja", "abonament", "członkostwo", "premium"),
        "clearable": ("czat", "historię", "wszystko", "wiadomości", "rozmowę"),
    },
    refuse=("zamknij", "zachowaj", "pomiń", "wróć", "nie teraz"),
    flag={
        "deletes": ("opróżnij", "opróżnij **", "wyczyść @clearable **", "zastąp istniejący **",
                    "nadpisz **"),
        "pays": ("subskrybuj", "subskrybuj *", "@start @plan *", "sprzedaj *", "wypłać *"),
        "publishes": ("wdróż na produkcję", "wdróż **", "rozpocznij transmisję"),
    },
)  # fmt: skip
_TR = _more(
    TURKISH,
    sets={
        "sub": ("aboneliği", "üyeliği", "aboneliğimi", "üyeliğimi"),
        "start": ("başlat", "yenile", "onayla", "etkinleştir", "satın al"),
        "clearable": ("sohbeti", "geçmişi", "tümünü", "mesajları", "hepsini", "konuşmayı"),
    },
    nav=("özeti", "piyasa"),
    refuse=("hayır", "kapat", "koru", "atla", "şimdi değil"),
    flag={
        "deletes": ("boşalt", "@clearable temizle", "mevcut ** değiştir", "üzerine yaz"),
        "pays": ("abone ol", "** abone ol", "@sub @start", "sat", "** sat", "para çek",
                 "** para çek"),
        "publishes": ("canlı yayına geç", "canlı yayını başlat", "** canlıya al",
                      "üretime dağıt"),
    },
)  # fmt: skip
_RU = _more(
    RUSSIAN,
    sets={
        "start": ("оформить", "продлить", "активировать", "купить", "подключить"),
        "plan": ("подписку", "подписка", "премиум", "тариф"),
        "clearable": ("чат", "историю", "переписку", "всё", "все", "сообщения", "диалог"),
        "prod": ("продакшн", "продакшен", "прод"),
    },
    nav=("обзор", "примечания"),
    refuse=("нет", "закрыть", "оставить", "пропустить", "не сейчас", "подробнее"),
    flag={
        "deletes": ("очистить", "очистить @clearable **", "заменить ** существующий **",
                    "перезаписать **"),
        "pays": ("подписаться", "@start @plan *", "продать *", "вывести @money *"),
        "publishes": ("развернуть в @prod **", "выкатить в @prod **", "выпустить релиз",
                      "начать трансляцию", "выйти в эфир"),
    },
)  # fmt: skip
_ZH = _more(
    CHINESE,
    flag={
        "deletes": ("清除历史", "清除聊天", "清除记录", "清除所有", "清除全部", "清空聊天",
                    "替换现有", "覆盖现有", "覆盖"),
        "pays": ("订阅", "开通会员", "续费", "授权支付", "卖出", "买入", "提现", "质押",
                 "兑换", "市价"),
        "publishes": ("部署到生产", "上线", "开始直播", "开播", "合并到主分支", "合并到"),
    },
    refuse=("否", "关闭", "保留", "返回", "跳过", "以后再说"),
)  # fmt: skip
_JA = _more(
    JAPANESE,
    flag={
        "deletes": ("すべてクリア", "全てクリア", "履歴をクリア", "チャットをクリア",
                    "置き換え", "上書き"),
        "pays": ("購読する", "定期購入", "サブスクリプションを開始", "売却", "売る", "成行",
                 "出金", "ステーク"),
        "publishes": ("デプロイ", "配信を開始", "ライブ配信", "ライブを開始", "本番に反映"),
    },
    refuse=("いいえ", "閉じる", "残す", "戻る", "スキップ", "保持"),
)  # fmt: skip
_KO = _more(
    KOREAN,
    flag={
        "deletes": ("모두 지우기", "대화 내용 지우기", "대화 지우기", "기록 지우기",
                    "내역 지우기", "덮어쓰기", "바꾸기"),
        "pays": ("구독", "매도", "매수", "출금", "스테이킹"),
        "publishes": ("배포", "라이브 시작", "방송 시작"),
    },
    nav=("관리",),
    refuse=("아니요", "닫기", "유지", "뒤로", "건너뛰기"),
)  # fmt: skip

# -- more languages (issue 37, pass 5) ---------------------------------------------------------
#
# Czech, Slovak, Hungarian, Romanian, Greek, Ukrainian, Bulgarian, Serbian (both scripts),
# Croatian, Slovenian, Hebrew, Arabic, Persian, Indonesian, Malay, Filipino, Vietnamese,
# Norwegian, Catalan, Lithuanian, Latvian, Estonian, Swahili (words matched whole, as the
# languages above), and Thai, Hindi and Bengali (triggers found inside the letters, as
# Chinese: Thai has no spaces, and Hindi's and Bengali's vowel signs split a word when the
# skeleton drops them). Each reads a dialog's question by its ``lead`` words (``chcete``,
# ``האם``, ``تريد``, ``muốn``) and says its ways out (``Zrušit``, ``Mégse``,
# ``ביטול``, ``إلغاء``, ``Hủy``). Decisions: Vietnamese ``Mua`` is flagged only with
# ``ngay``, an amount or a number (without its accents it is also ``mùa``, a season);
# Thai ``ส่ง`` (send) and ``ลบ`` (delete) are flagged inside a label unless it holds a
# word they are part of (``กลับ``, back; ``ส่งออก``, export); Greek ``Αποστολή`` alone is
# flagged like ``Send`` (``Αποστολή σχολίων``, feedback, passes).

CZECH: Final = Language(
    name="Czech",
    assent=("ok", "ano", "pokračovat", "potvrdit", "souhlasím", "přijmout", "rozumím",
            "použít", "další", "hotovo"),
    warnings=("nelze vrátit", "nelze vzít zpět", "nevratn", "nevratně", "nevratné", "trvale",
              "bude smazán", "bude smazáno", "budou smazány", "budou odstraněny",
              "bude stržena", "bude účtována", "bude odečtena"),
    lead=("chcete", "opravdu", "skutečně", "a"),
    prefixes=("ano", "ok", "nyní", "trvale", "natrvalo"),
    skip=("tento", "tuto", "toto", "tyto", "můj", "moje", "vybrané", "svůj"),
    nav=("historie", "historii", "metody", "způsoby", "nastavení", "podrobnosti", "stav",
         "přehled", "seznam"),
    never=("zrušit", "zpět", "ne", "nemazat", "zpětnou", "nápověda", "později", "koncept",
           "smazané", "odeslané", "obnovit"),
    sets={
        "bin": ("koš",),
        "disk": ("disk", "jednotku", "oddíl", "kartu"),
        "money_noun": ("objednávku", "platbu", "nákup", "převod", "transakci"),
        "confirm": ("potvrdit", "dokončit", "odeslat", "provést", "zadat"),
        "money": ("peníze", "platbu", "prostředky", "částku"),
    },
    flag={
        "deletes": ("smazat **", "smaž **", "smažte **", "odstranit **", "odstraňte **",
                    "vymazat **", "vysypat @bin", "vyprázdnit @bin", "naformátovat @disk **",
                    "formátovat @disk **", "obnovit tovární **", "zrušit účet"),
        "pays": ("zaplatit *", "zaplaťte *", "zaplať *", "koupit *", "kupte *", "objednat *",
                 "objednat a zaplatit", "@confirm @money_noun *", "darovat *"),
        "sends": ("odeslat *", "odešlete *", "poslat *", "pošlete *", "převést $ *",
                  "převést @money *", "odeslat @money *"),
        "publishes": ("publikovat *", "zveřejnit *", "odeslat všem"),
    },
    refuse=("zrušit", "ne", "zavřít", "ponechat", "zpět", "přeskočit", "nyní ne"),
)  # fmt: skip

SLOVAK: Final = Language(
    name="Slovak",
    assent=("ok", "áno", "pokračovať", "potvrdiť", "súhlasím", "prijať", "rozumiem",
            "použiť", "ďalej", "hotovo"),
    warnings=("nedá sa vrátiť", "nemožno vrátiť", "nevratn", "natrvalo", "trvalo",
              "bude odstránený", "budú odstránené", "bude vymazaný", "budú vymazané",
              "bude strhnutá", "bude účtovaná"),
    lead=("chcete", "naozaj", "skutočne", "a"),
    prefixes=("áno", "ok", "teraz", "natrvalo", "trvalo"),
    skip=("tento", "túto", "toto", "tieto", "môj", "moje", "vybrané", "svoj"),
    nav=("história", "históriu", "spôsoby", "metódy", "nastavenia", "podrobnosti", "stav",
         "prehľad", "zoznam"),
    never=("zrušiť", "späť", "nie", "spätnú", "pomoc", "neskôr", "koncept", "odstránené",
           "vymazané", "odoslané", "obnoviť"),
    sets={
        "bin": ("kôš",),
        "disk": ("disk", "jednotku", "oddiel", "kartu"),
        "money_noun": ("objednávku", "platbu", "nákup", "prevod", "transakciu"),
        "confirm": ("potvrdiť", "dokončiť", "odoslať", "vykonať", "zadať"),
        "money": ("peniaze", "platbu", "prostriedky", "sumu"),
    },
    flag={
        "deletes": ("odstrániť **", "odstráňte **", "vymazať **", "vymažte **", "zmazať **",
                    "vyprázdniť @bin", "naformátovať @disk **", "formátovať @disk **",
                    "zrušiť účet"),
        "pays": ("zaplatiť *", "zaplaťte *", "kúpiť *", "kúpte *", "objednať *",
                 "@confirm @money_noun *"),
        "sends": ("odoslať *", "odošlite *", "poslať *", "pošlite *", "previesť $ *",
                  "previesť @money *", "poslať @money *"),
        "publishes": ("zverejniť *", "publikovať *", "odoslať všetkým"),
    },
    refuse=("zrušiť", "nie", "zavrieť", "ponechať", "späť", "preskočiť", "teraz nie"),
)  # fmt: skip

HUNGARIAN: Final = Language(
    name="Hungarian",
    assent=("ok", "igen", "folytatás", "tovább", "megerősítés", "elfogadom", "elfogad",
            "értem", "alkalmaz", "kész", "jóváhagyás"),
    warnings=("nem vonható vissza", "nem lehet visszavonni", "visszavonhatatlan",
              "véglegesen", "végleges", "törlődik", "törlődnek", "terhelünk", "terhelés"),
    lead=("biztosan", "szeretné", "szeretnéd", "valóban", "és"),
    prefixes=("igen", "ok", "most", "véglegesen", "végleges"),
    skip=("a", "az", "ezt", "ezeket", "kijelölt", "saját"),
    nav=("előzmények", "előzményei", "módok", "mód", "beállítások", "részletek", "állapot",
         "áttekintés", "lista"),
    never=("mégse", "visszavonás", "visszavonása", "nem", "visszajelzés", "súgó", "később",
           "vissza", "piszkozat", "törölt", "elküldött"),
    sets={
        "bin": ("kuka", "kukát", "lomtár", "lomtárat"),
        "money_noun": ("rendelés", "rendelést", "fizetés", "fizetést", "vásárlás",
                       "vásárlást", "átutalás", "átutalást"),
    },
    flag={
        "deletes": ("törlés **", "törlés", "** törlése", "törli **", "törölni **", "törlöd **",
                    "töröl **", "törölje **", "@bin ürítése", "ürítés", "** formázása",
                    "gyári visszaállítás **", "** gyári beállítások **"),
        "pays": ("fizetés", "fizetés *", "fizess *", "fizessen *", "megvásárlás *",
                 "megvásárlás", "vásárlás", "vásárlás $ *", "vásárlás most", "megrendelés *",
                 "megrendelés", "rendelés leadása", "@money_noun megerősítése",
                 "@money_noun jóváhagyása", "adományozás *"),
        "sends": ("küldés", "küldés *", "elküldés *", "elküld", "küldés mindenkinek",
                  "átutalás *", "** átutalása", "pénz küldése", "** küldése"),
        "publishes": ("közzététel *", "közzététel", "közzétesz", "publikálás"),
    },
    refuse=("mégse", "nem", "bezárás", "megtartás", "vissza", "kihagyás", "most nem"),
)  # fmt: skip

ROMANIAN: Final = Language(
    name="Romanian",
    assent=("ok", "da", "continuă", "continuați", "confirmă", "confirmați", "accept",
            "acceptă", "sunt de acord", "am înțeles", "aplică", "înainte", "gata"),
    warnings=("nu poate fi anulat", "nu poate fi anulată", "ireversibil", "definitiv",
              "permanent", "vei plăti", "veți plăti", "va fi debitat", "va fi taxat",
              "vor fi șterse", "va fi șters", "va fi ștearsă"),
    lead=("doriți", "dorești", "sigur", "să", "și"),
    prefixes=("da", "ok", "acum", "definitiv"),
    skip=("acest", "această", "aceste", "acești", "meu", "mea", "mele", "selectate",
          "selectat"),
    nav=("istoricul", "istoric", "metode", "metoda", "setări", "setările", "detalii",
         "starea", "lista", "rezumat"),
    never=("anulează", "anulare", "anulați", "nu", "feedback", "ajutor", "mai târziu",
           "înapoi", "ciornă", "șterse", "trimise", "restaurează"),
    sets={
        "bin": ("coșul de gunoi", "coșul de reciclare", "gunoiul"),
        "money_noun": ("comanda", "plata", "achiziția", "transferul", "tranzacția"),
        "confirm": ("confirmă", "plasează", "finalizează", "trimite", "efectuează",
                    "confirmați", "plasați", "finalizați"),
        "money": ("bani", "banii", "fonduri", "plata"),
    },
    flag={
        "deletes": ("șterge **", "ștergeți **", "ștergi **", "elimină definitiv **",
                    "golește @bin", "goliți @bin", "formatează discul **", "resetare la fabrică **",
                    "închide contul"),
        "pays": ("plătește *", "plătiți *", "plătesc *", "cumpără *", "cumpărați *",
                 "comandă acum", "comandă *", "@confirm @money_noun *", "donează *"),
        "sends": ("trimite *", "trimiteți *", "transferă $ *", "transferă @money *",
                  "transferați *", "trimite @money *"),
        "publishes": ("publică *", "publicați *", "trimite tuturor"),
    },
    refuse=("anulează", "anulați", "nu", "închide", "păstrează", "înapoi", "omite",
            "nu acum"),
)  # fmt: skip

GREEK: Final = Language(
    name="Greek",
    assent=("οκ", "ok", "ναι", "συνέχεια", "συνέχισε", "επιβεβαίωση", "αποδοχή", "αποδέχομαι",
            "συμφωνώ", "κατάλαβα", "εφαρμογή", "επόμενο", "εντάξει"),
    warnings=("δεν μπορεί να αναιρεθεί", "δεν είναι δυνατή η αναίρεση", "μη αναστρέψιμ",
              "οριστικά", "οριστική", "μόνιμα", "θα διαγραφούν", "θα διαγραφεί",
              "θα χρεωθεί", "θα χρεωθείτε"),
    lead=("να", "θέλετε", "θέλεις", "σίγουρα", "και"),
    prefixes=("ναι", "οκ", "ok", "τώρα", "οριστικά", "οριστική", "μόνιμη"),
    skip=("το", "τα", "τον", "την", "τις", "τους", "αυτό", "αυτά", "μου", "επιλεγμένα"),
    nav=("ιστορικό", "τρόποι", "τρόπος", "μέθοδοι", "ρυθμίσεις", "λεπτομέρειες", "κατάσταση",
         "επισκόπηση", "λίστα", "επιστροφές"),
    never=("ακύρωση", "άκυρο", "αναίρεση", "όχι", "σχολίων", "σχόλια", "βοήθεια",
           "αργότερα", "πίσω", "πρόχειρο", "διαγραμμένα", "απεσταλμένα", "επαναφορά"),
    sets={
        "bin": ("κάδου", "κάδο", "κάδου ανακύκλωσης", "απορριμμάτων"),
        "money_noun": ("παραγγελίας", "παραγγελία", "πληρωμής", "πληρωμή", "αγοράς", "αγορά",
                       "μεταφοράς"),
        "money": ("χρημάτων", "χρήματα", "ποσού", "ποσό"),
    },
    flag={
        "deletes": ("διαγραφή **", "διαγραφή", "διάγραψε **", "διαγράψτε **",
                    "διαγράψετε **", "διαγραφούν **", "διαγραφεί **", "άδειασμα @bin",
                    "αδειάστε @bin", "άδειασε @bin", "μορφοποίηση δίσκου **",
                    "επαναφορά εργοστασιακών **"),
        "pays": ("πληρωμή *", "πληρωμή", "πληρώστε *", "πλήρωσε *", "αγορά *", "αγόρασε *",
                 "αγοράστε *", "ολοκλήρωση @money_noun *", "επιβεβαίωση @money_noun *",
                 "υποβολή παραγγελίας", "δωρεά *"),
        "sends": ("αποστολή *", "αποστολή", "στείλε *", "στείλτε *", "μεταφορά @money *",
                  "μεταφορά $ *", "αποστολή @money *"),
        "publishes": ("δημοσίευση *", "δημοσίευση", "δημοσίευσε *", "αποστολή σε όλους"),
    },
    refuse=("άκυρο", "ακύρωση", "όχι", "κλείσιμο", "διατήρηση", "πίσω", "παράλειψη",
            "όχι τώρα"),
)  # fmt: skip

UKRAINIAN: Final = Language(
    name="Ukrainian",
    assent=("ок", "ok", "так", "продовжити", "підтвердити", "прийняти", "погоджуюсь",
            "зрозуміло", "застосувати", "далі", "виконати", "гаразд"),
    warnings=("не можна скасувати", "неможливо скасувати", "незворотно", "безповоротно",
              "назавжди", "буде списано", "будуть списані", "буде видалено",
              "будуть видалені"),
    lead=("хочете", "справді", "дійсно", "впевнені", "що", "і"),
    prefixes=("так", "ок", "зараз", "назавжди"),
    skip=("мій", "мою", "мої", "цей", "цю", "це", "ці", "ваш", "вашу", "ваші", "вибрані"),
    nav=("історія", "історію", "способи", "спосіб", "налаштування", "параметри", "деталі",
         "статус", "список", "методи"),
    never=("скасувати", "скасування", "не", "відгук", "довідка", "допомога", "пізніше",
           "назад", "чернетка", "видалені", "надіслані", "відновити"),
    sets={
        "bin": ("кошик", "смітник"),
        "money_noun": ("замовлення", "оплату", "покупку", "платіж", "переказ"),
        "confirm": ("підтвердити", "оформити", "здійснити", "завершити", "надіслати"),
        "money": ("гроші", "кошти", "платіж", "переказ"),
    },
    flag={
        "deletes": ("видалити **", "видали **", "стерти **", "очистити @bin",
                    "очистити кошик", "форматувати диск **", "скинути ** заводських **",
                    "закрити обліковий запис"),
        "pays": ("оплатити *", "сплатити *", "купити *", "замовити *",
                 "@confirm @money_noun *", "пожертвувати *"),
        "sends": ("надіслати *", "відправити *", "переказати *", "переслати @money *",
                  "надіслати @money *"),
        "publishes": ("опублікувати *", "надіслати всім"),
    },
    refuse=("скасувати", "ні", "закрити", "залишити", "назад", "пропустити", "не зараз"),
)  # fmt: skip

SOUTH_SLAVIC: Final = Language(
    name="Bulgarian, Serbian, Croatian, Bosnian and Slovenian",
    assent=("ok", "ок", "да", "da", "продължи", "потвърди", "настави", "потврди",
            "nastavi", "potvrdi", "nadaljuj", "prihvati", "prihvaćam", "razumem", "razumijem",
            "u redu", "у реду", "primeni", "primijeni", "uporabi", "dalje"),
    warnings=("не може да бъде отменено", "не може да се отмени", "ne može se poništiti",
              "ne može se opozvati", "ni mogoče razveljaviti", "трајно", "trajno",
              "завинаги", "необратимо", "bit će izbrisan", "bit će izbrisani",
              "biće obrisan", "ще бъде изтрит"),
    lead=("желите", "želite", "želiš", "наистина", "сигурни", "li", "ли", "да", "da", "i",
          "и"),
    prefixes=("да", "da", "ok", "ок", "sada", "сега", "сада", "trajno", "трајно", "zdaj"),
    skip=("ovu", "ovaj", "ove", "ovo", "тази", "този", "тези", "ову", "овај", "моя", "moj"),
    nav=("povijest", "istorija", "историја", "история", "načini", "начини", "методи",
         "postavke", "podešavanja", "настройки", "подешавања", "detalji", "детайли", "status",
         "popis", "списък"),
    never=("otkaži", "odustani", "поништи", "откажи", "отказ", "ne", "не", "povratne",
           "обратна", "pomoć", "помощ", "kasnije", "natrag", "nazad", "назад", "nacrt",
           "izbrisane", "obrisane", "обрисане", "изтрити", "poslane", "vrati"),
    sets={
        "bin": ("smeće", "smeća", "koš", "кошчето", "корпу за отпатке", "kantu", "smeti"),
        "money_noun": ("narudžbu", "narudžbinu", "поруџбину", "поръчката", "plaćanje",
                       "плаћање", "плащането", "kupnju", "kupovinu", "плащане"),
        "confirm": ("potvrdi", "потврди", "потвърди", "završi", "заврши", "завърши"),
        "money": ("novac", "новац", "пари", "sredstva", "denar"),
    },
    flag={
        "deletes": ("izbriši **", "obriši **", "обриши **", "изтрий **", "izbrisati **",
                    "obrisati **", "обришете **", "обрисати **", "izbrišite **",
                    "изтриете **", "isprazni @bin", "испразни @bin", "изпразни @bin",
                    "izprazni @bin", "formatiraj disk **", "zatvori račun"),
        "pays": ("plati *", "плати *", "платите *", "platite *", "plačaj *", "kupi *",
                 "купи *", "kupite *", "naruči *", "наручи *", "поръчай *", "naroči *",
                 "@confirm @money_noun *"),
        "sends": ("pošalji *", "пошаљи *", "изпрати *", "pošlji *", "pošaljite *",
                  "prenesi @money *", "пренеси @money *", "преведи @money *",
                  "пошаљи @money *", "prenesi $ *", "pošalji $ *"),
        "publishes": ("objavi *", "објави *", "публикувай *", "pošalji svima",
                      "пошаљи свима", "изпрати на всички"),
    },
    refuse=("otkaži", "odustani", "откажи", "отказ", "ne", "не", "zatvori", "затвори",
            "затвори", "zadrži", "natrag", "nazad", "назад", "prekliči"),
)  # fmt: skip

HEBREW: Final = Language(
    name="Hebrew",
    assent=("אישור", "כן", "אשר", "המשך", "להמשיך", "מאשר", "מאשרת", "מסכים", "מסכימה",
            "הבנתי", "החל", "הבא", "בסדר", "אוקיי"),
    warnings=("לא ניתן לבטל", "לא יהיה ניתן", "לא ניתן לשחזר", "בלתי הפיך", "לצמיתות",
              "יימחקו", "יימחק", "תחויב", "יחויב", "יחויבו"),
    lead=("האם", "רוצה", "ברצונך", "בטוח", "בטוחה"),
    prefixes=("כן", "אישור", "עכשיו", "לצמיתות"),
    skip=("את", "זה", "זו", "אלה", "שלי", "הנבחרים", "הנבחר"),
    nav=("היסטוריית", "היסטוריה", "אמצעי", "שיטות", "הגדרות", "פרטים", "סטטוס", "רשימה",
         "סקירה"),
    never=("ביטול", "בטל", "לבטל", "לא", "משוב", "עזרה", "מאוחר", "חזרה", "טיוטה",
           "שנמחקו", "שנשלחו", "שחזר"),
    sets={
        "bin": ("סל המחזור", "את סל המחזור", "האשפה", "את האשפה", "פח"),
        "money_noun": ("הזמנה", "ההזמנה", "תשלום", "התשלום", "רכישה", "הרכישה", "העברה"),
        "money": ("כסף", "תשלום", "כספים"),
    },
    flag={
        "deletes": ("מחק **", "מחיקה **", "מחיקה", "למחוק **", "מחקו **", "רוקן @bin",
                    "לרוקן @bin", "פרמט **", "אפס להגדרות היצרן", "סגור חשבון"),
        "pays": ("שלם *", "לשלם *", "תשלום $ *", "קנה *", "לקנות *", "קנייה *", "רכוש *",
                 "רכישה $ *", "בצע הזמנה", "הזמן עכשיו", "אשר @money_noun *",
                 "השלם @money_noun *", "תרום *"),
        "sends": ("שלח *", "שליחה", "לשלוח *", "העבר @money *", "העבר $ *", "העברת @money *",
                  "שלח @money *"),
        "publishes": ("פרסם *", "פרסום", "לפרסם *", "שלח לכולם"),
    },
    refuse=("ביטול", "בטל", "לא", "סגור", "השאר", "חזרה", "דלג", "לא עכשיו"),
)  # fmt: skip

ARABIC: Final = Language(
    name="Arabic and Persian",
    assent=("موافق", "نعم", "حسنا", "حسنًا", "متابعة", "استمرار", "تأكيد", "أوافق", "قبول",
            "فهمت", "تطبيق", "التالي", "تنفيذ", "بله", "تایید", "تأیید", "ادامه", "باشه",
            "قبول دارم"),
    warnings=("لا يمكن التراجع", "لا يمكن استرداد", "لا يمكن استعادة", "نهائيا", "نهائيًا",
              "بشكل دائم", "بشكل نهائي", "سيتم حذف", "سيتم خصم", "غير قابل للتراجع",
              "قابل بازگشت نیست", "برای همیشه", "به طور دائم", "حذف خواهد شد"),
    lead=("هل", "تريد", "تود", "ترغب", "متأكد", "أن", "من", "را", "آیا", "می خواهید", "میخواهید",
          "مطمئنید"),
    prefixes=("نعم", "موافق", "الآن", "بله", "اکنون", "همین حالا"),
    skip=("هذا", "هذه", "هذه الملفات", "المحدد", "المحددة", "این", "را"),
    nav=("سجل", "طرق", "طريقة", "إعدادات", "الإعدادات", "تفاصيل", "حالة", "قائمة",
         "تاريخچه", "روش", "روش های", "تنظیمات", "جزئیات", "سابقه"),
    never=("إلغاء", "الغاء", "تراجع", "لا", "ملاحظات", "مساعدة", "لاحقا", "لاحقًا", "رجوع",
           "مسودة", "المحذوفة", "المرسلة", "استعادة", "لغو", "انصراف", "نه", "بازخورد",
           "راهنما", "بعدا", "بازگشت", "حذف شده"),
    sets={
        "bin": ("سلة المهملات", "المهملات", "سطل زباله", "سطل بازیافت"),
        "money_noun": ("الطلب", "الدفع", "الشراء", "التحويل", "سفارش", "پرداخت", "خرید"),
        "money": ("الأموال", "الاموال", "المال", "مبلغ", "المبلغ", "پول", "وجه"),
    },
    flag={
        "deletes": ("حذف **", "احذف **", "امسح **", "مسح @bin", "إفراغ @bin", "افراغ @bin",
                    "تفريغ @bin", "تهيئة القرص **", "إعادة ضبط المصنع **", "إغلاق الحساب",
                    "حذف دائمی", "پاک کردن **", "خالی کردن @bin"),
        "pays": ("ادفع *", "الدفع الآن", "دفع $ *", "اشتر *", "اشتري *", "شراء *",
                 "تأكيد @money_noun *", "إتمام @money_noun *", "اتمام @money_noun *",
                 "تبرع *", "پرداخت *", "خرید *", "بخر *", "ثبت سفارش", "تایید @money_noun *",
                 "تأیید @money_noun *"),
        "sends": ("أرسل *", "ارسل *", "إرسال *", "ارسال *", "تحويل @money *", "تحويل $ *",
                  "حول $ *", "انتقال @money *", "انتقال $ *", "بفرست *", "ارسال @money *"),
        "publishes": ("نشر *", "انشر *", "انتشار *", "منتشر کردن", "إرسال إلى الكل",
                      "ارسال به همه"),
    },
    refuse=("إلغاء", "الغاء", "لا", "إغلاق", "اغلاق", "احتفاظ", "رجوع", "تخطي", "ليس الآن",
            "لغو", "انصراف", "نه", "بستن", "بازگشت"),
)  # fmt: skip

MALAY: Final = Language(
    name="Indonesian, Malay and Filipino",
    assent=("ok", "oke", "ya", "lanjut", "lanjutkan", "teruskan", "konfirmasi", "sahkan",
            "setuju", "terima", "saya setuju", "mengerti", "faham", "terapkan", "berikutnya",
            "seterusnya", "oo", "opo", "sige", "magpatuloy", "kumpirmahin", "sang ayon"),
    warnings=("tidak dapat dibatalkan", "tidak bisa dibatalkan", "tidak boleh dibuat asal",
              "tidak dapat dipulihkan", "secara permanen", "selama lamanya", "akan dihapus",
              "akan dipadam", "akan ditagih", "akan dikenakan", "hindi na maibabalik",
              "permanenteng"),
    lead=("ingin", "mahu", "yakin", "pasti", "dan", "na", "gusto mo bang"),
    prefixes=("ya", "ok", "oke", "sekarang", "permanen", "oo"),
    skip=("ini", "itu", "anda", "saya", "yang dipilih", "terpilih", "ang", "mga"),
    nav=("riwayat", "sejarah", "metode", "kaedah", "pengaturan", "setelan", "tetapan",
         "detail", "butiran", "status", "daftar", "senarai", "kasaysayan", "paraan"),
    never=("batal", "batalkan", "urungkan", "buat asal", "tidak", "jangan", "masukan",
           "maklum balas", "umpan balik", "bantuan", "nanti", "kembali", "draf",
           "dihapus", "dipadam", "terkirim", "dihantar", "pulihkan", "kanselahin", "hindi",
           "puna"),
    sets={
        "bin": ("sampah", "tong sampah", "tempat sampah", "basurahan"),
        "money_noun": ("pesanan", "pembayaran", "pembelian", "transfer", "transaksi",
                       "tempahan", "order", "bayad"),
        "confirm": ("konfirmasi", "selesaikan", "buat", "sahkan", "lakukan", "kumpirmahin"),
        "money": ("uang", "wang", "dana", "pera"),
    },
    flag={
        "deletes": ("hapus **", "padam **", "menghapus **", "memadam **", "kosongkan @bin",
                    "format disk **", "format kartu **",
                    "setel ulang pabrik **", "tutup akun", "burahin **", "tanggalin **",
                    "alisan ng laman @bin"),
        "pays": ("bayar *", "beli *", "membayar *", "membeli *", "@confirm @money_noun *",
                 "pesan sekarang",
                 "checkout sekarang", "donasi *", "derma *", "magbayad *", "bayaran *",
                 "bumili *", "bilhin *", "mag order *"),
        "sends": ("kirim *", "hantar *", "mengirim *", "menghantar *", "kirim @money *",
                  "transfer @money *",
                  "pindahkan @money *", "ipadala *", "ipadala @money *", "magpadala *"),
        "publishes": ("terbitkan *", "publikasikan *", "siarkan *", "kirim ke semua",
                      "hantar kepada semua", "i publish *", "ilathala *"),
    },
    refuse=("batal", "batalkan", "tidak", "tutup", "simpan", "kembali", "lewati", "langkau",
            "nanti saja", "kanselahin", "hindi", "isara"),
)  # fmt: skip

VIETNAMESE: Final = Language(
    name="Vietnamese",
    assent=("ok", "có", "đồng ý", "tiếp tục", "xác nhận", "chấp nhận", "tôi đồng ý",
            "đã hiểu", "áp dụng", "tiếp", "xong", "vâng"),
    warnings=("không thể hoàn tác", "không thể khôi phục", "không thể phục hồi", "vĩnh viễn",
              "sẽ bị xóa", "sẽ bị trừ", "sẽ bị tính phí"),
    lead=("muốn", "chắc", "chắc chắn", "và", "sẽ"),
    prefixes=("có", "ok", "ngay", "bây giờ"),
    skip=("này", "các", "những", "đã chọn", "của tôi", "của bạn"),
    nav=("lịch sử", "phương thức", "cài đặt", "chi tiết", "trạng thái", "danh sách",
         "tổng quan"),
    never=("hủy", "hoàn tác", "phản hồi", "ý kiến", "trợ giúp", "sau", "quay lại",
           "nháp", "khôi phục"),
    sets={
        "bin": ("thùng rác",),
        "money_noun": ("đơn hàng", "thanh toán", "giao dịch", "chuyển khoản"),
        "money": ("tiền",),
    },
    flag={
        "deletes": ("xóa **", "xoá **", "dọn sạch @bin", "làm trống @bin", "định dạng ổ đĩa **",
                    "định dạng thẻ nhớ **",
                    "khôi phục cài đặt gốc", "đóng tài khoản"),
        "pays": ("thanh toán *", "trả tiền *", "mua ngay *", "mua $ *", "mua # *",
                 "mua với $ *", "đặt hàng *", "xác nhận @money_noun *", "quyên góp *",
                 "đặt mua *"),
        "sends": ("gửi *", "chuyển tiền *", "chuyển $ *", "gửi @money *",
                  "chuyển khoản *"),
        "publishes": ("đăng", "đăng bài *", "đăng ngay", "xuất bản *", "gửi cho tất cả", "công khai"
                      ),
    },
    refuse=("hủy", "không", "đóng", "giữ lại", "quay lại", "bỏ qua", "để sau"),
)  # fmt: skip

NORWEGIAN: Final = Language(
    name="Norwegian",
    assent=("ok", "ja", "fortsett", "bekreft", "godta", "godkjenn", "jeg forstår", "bruk",
            "neste", "ferdig"),
    warnings=("kan ikke angres", "kan ikke gjøres om", "permanent", "slettes permanent",
              "blir belastet", "vil bli belastet", "går tapt"),
    lead=("å", "vil", "du", "og", "virkelig"),
    prefixes=("ja", "ok", "nå", "permanent"),
    skip=("den", "det", "denne", "dette", "disse", "valgte", "min", "mitt"),
    nav=("historikk", "innstillinger", "betalingsmåter", "metoder", "detaljer", "status",
         "oversikt", "liste"),
    never=("avbryt", "angre", "ikke", "tilbakemelding", "hjelp", "senere", "tilbake",
           "utkast", "slettede", "sendte", "gjenopprett"),
    sets={
        "bin": ("papirkurven", "papirkurv", "søppelbøtta"),
        "money_noun": ("kjøp", "kjøpet", "bestilling", "bestillingen", "ordre", "betaling",
                       "betalingen", "overføring", "overføringen"),
        "confirm": ("bekreft", "fullfør", "send", "utfør", "godkjenn"),
        "money": ("penger", "beløp", "betaling"),
    },
    spare=("send ** tilbakemelding",),
    flag={
        "deletes": ("slett **", "slette **", "tøm @bin", "tømme @bin", "formater disken **",
                    "tilbakestill til fabrikk **",
                    "avslutt konto", "lukk konto"),
        "pays": ("betal *", "kjøp *", "bestill *", "@confirm @money_noun *", "doner *"),
        "sends": ("overfør $ *", "overfør @money *", "send @money *", "send bestilling"),
        "publishes": ("publiser *", "send til alle"),
    },
    refuse=("avbryt", "nei", "lukk", "behold", "tilbake", "hopp over", "ikke nå"),
)  # fmt: skip

CATALAN: Final = Language(
    name="Catalan",
    assent=("d acord", "sí", "continua", "confirma", "accepta", "accepto", "ho entenc",
            "aplica", "següent", "fet"),
    warnings=("no es pot desfer", "no es pot recuperar", "irreversible", "definitivament",
              "permanentment", "se us cobrarà", "es cobrarà", "se suprimiran",
              "s eliminaran"),
    lead=("voleu", "vols", "segur", "que", "i"),
    prefixes=("sí", "d acord", "ara", "definitivament"),
    skip=("el", "la", "els", "les", "aquest", "aquesta", "aquests", "aquestes", "meu",
          "meva", "seleccionats", "seleccionat"),
    nav=("historial", "mètodes", "configuració", "detalls", "estat", "llista", "resum"),
    never=("cancel la", "cancel·la", "cancel lar", "desfés", "no", "comentaris", "ajuda",
           "més tard", "enrere", "esborrany", "suprimits", "eliminats", "enviats",
           "restaura"),
    sets={
        "bin": ("la paperera", "paperera"),
        "money_noun": ("comanda", "la comanda", "pagament", "el pagament", "compra",
                       "la compra", "transferència"),
        "money": ("diners", "fons", "pagament"),
    },
    flag={
        "deletes": ("elimina **", "suprimeix **", "esborra **",
                    "buida @bin", "formata el disc **", "restableix ** fàbrica **",
                    "tanca el compte" ),
        "pays": ("paga *", "compra *", "fes la comanda",
                 "confirma @money_noun *", "finalitza @money_noun *", "fes una donació"),
        "sends": ("envia *", "transfereix *", "transferir @money *",
                  "envia @money *"),
        "publishes": ("publica *", "envia a tothom"),
    },
    refuse=("cancel la", "cancel·la", "no", "tanca", "conserva", "enrere", "omet", "ara no"),
)  # fmt: skip

BALTIC: Final = Language(
    name="Lithuanian, Latvian and Estonian",
    assent=("gerai", "taip", "tęsti", "patvirtinti", "sutinku", "supratau", "taikyti",
            "toliau", "labi", "jā", "turpināt", "apstiprināt", "piekrītu", "sapratu",
            "lietot", "tālāk", "jah", "jätka", "kinnita", "nõustun", "selge", "rakenda",
            "edasi", "olgu"),
    warnings=("negalima atšaukti", "visam laikui", "negrįžtamai", "nevar atsaukt",
              "neatgriezeniski", "uz visiem laikiem", "ei saa tagasi võtta", "jäädavalt",
              "lõplikult"),
    lead=("norite", "tikrai", "ar", "vai", "vēlaties", "tiešām", "kas", "soovite", "ja",
          "ir", "un"),
    prefixes=("taip", "gerai", "jā", "labi", "jah", "dabar", "tagad", "kohe"),
    skip=("šį", "šiuos", "šo", "šos", "seda", "neid", "pasirinktus", "atlasītos", "valitud"),
    nav=("istorija", "būdai", "nustatymai", "informacija", "vēsture", "veidi", "iestatījumi",
         "ajalugu", "viisid", "seaded", "üksikasjad", "būsena", "statuss", "olek"),
    never=("atšaukti", "ne", "atsiliepimas", "pagalba", "vėliau", "atgal", "ištrinti elementai",
           "atcelt", "nē", "atsauksmes", "palīdzība", "vēlāk", "atpakaļ", "tühista", "ei",
           "tagasiside", "abi", "hiljem", "tagasi", "ištrinta", "dzēstie", "kustutatud"),
    sets={
        "bin": ("šiukšlinę", "šiukšliadėžę", "atkritumu grozu", "atkritni", "prügikast",
                "prügikasti"),
        "money": ("pinigus", "naudu", "raha", "lėšas", "līdzekļus"),
    },
    flag={
        "deletes": ("ištrinti **", "ištrinkite **", "dzēst **", "izdzēst **", "kustuta **",
                    "kustutada **", "ištuštinti @bin", "iztukšot @bin", "tühjenda @bin"),
        "pays": ("mokėti *", "apmokėti *", "sumokėti *", "pirkti *", "nupirkti *",
                 "užsakyti *", "maksāt *", "apmaksāt *", "samaksāt *", "pirkt *", "nopirkt *",
                 "pasūtīt *", "maksa", "maksa kohe", "maksa $ *", "osta *", "telli *"),
        "sends": ("siųsti *", "išsiųsti *", "pervesti *", "sūtīt *", "nosūtīt *",
                  "pārskaitīt *", "saada *", "kanna @money *", "kanna üle *"),
        "publishes": ("paskelbti *", "publikuoti *", "publicēt *", "avaldada *", "avalda *"),
    },
    refuse=("atšaukti", "ne", "uždaryti", "atgal", "atcelt", "nē", "aizvērt", "atpakaļ",
            "tühista", "loobu", "ei", "sulge", "tagasi"),
)  # fmt: skip

SWAHILI: Final = Language(
    name="Swahili",
    assent=("sawa", "ndiyo", "endelea", "thibitisha", "kubali", "nakubali", "nimeelewa",
            "tumia", "inayofuata"),
    warnings=("haiwezi kutenduliwa", "kabisa", "milele", "itafutwa", "zitafutwa",
              "utatozwa"),
    lead=("unataka", "kweli", "una", "hakika", "na"),
    prefixes=("ndiyo", "sawa", "sasa"),
    skip=("hii", "hizi", "yangu", "zilizochaguliwa"),
    nav=("historia", "njia", "mipangilio", "maelezo", "hali", "orodha"),
    never=("ghairi", "tendua", "hapana", "maoni", "msaada", "baadaye", "rudi", "rasimu",
           "zilizofutwa", "zilizotumwa", "rejesha"),
    sets={"money": ("pesa", "fedha")},
    flag={
        "deletes": ("futa **",),
        "pays": ("lipa *", "nunua *", "agiza *", "changia *"),
        "sends": ("tuma *", "hamisha @money *", "tuma @money *"),
        "publishes": ("chapisha *", "tuma kwa wote"),
    },
    refuse=("ghairi", "hapana", "funga", "weka", "rudi", "ruka", "si sasa"),
)  # fmt: skip

THAI: Final = Language(
    name="Thai",
    assent=("ตกลง", "ใช่", "ยืนยัน", "ดำเนินการต่อ", "ต่อไป", "ยอมรับ", "เข้าใจแล้ว", "ใช้",
            "ถัดไป", "เสร็จสิ้น"),
    warnings=("ไม่สามารถยกเลิก", "ไม่สามารถกู้คืน", "ไม่สามารถเรียกคืน", "อย่างถาวร", "ถาวร",
              "จะถูกลบ", "จะถูกเรียกเก็บ", "จะถูกหักเงิน"),
    cjk=True,
    flag={
        "deletes": ("ลบ", "ล้างถังขยะ", "ล้างข้อมูลทั้งหมด", "รีเซ็ตเป็นค่าจากโรงงาน",
                    "ฟอร์แมต", "ปิดบัญชี"),
        "pays": ("ชำระเงิน", "จ่ายเงิน", "ซื้อเลย", "ซื้อทันที", "ซื้อตอนนี้", "ซื้อในราคา",
                 "สั่งซื้อ", "ยืนยันคำสั่งซื้อ",
                 "บริจาค"),
        "sends": ("โอนเงิน", "ส่ง"),
        "publishes": ("เผยแพร่", "โพสต์", "ส่งถึงทุกคน"),
    },
    nav=("ประวัติ", "วิธี", "การตั้งค่า", "รายละเอียด", "สถานะ", "รายการ"),
    never=("ยกเลิก", "เลิกทำ", "แล้ว", "ความคิดเห็น", "ช่วยเหลือ", "ภายหลัง", "ฉบับร่าง",
           "ไม่ต้อง", "อย่า", "กู้คืน", "ตะกร้า", "รถเข็น"),
    spare=("กลับ", "สลับ", "ส่งออก", "สงวน", "ประสงค์", "สงคราม", "สงสัย", "ผลบวก", "หลบ", "ตลับ",
           "จัดส่ง", "ขนส่ง", "ค่าส่ง", "ส่งเสริม" ),
    refuse=("ยกเลิก", "ไม่", "ปิด", "เก็บไว้", "ย้อนกลับ", "ข้าม", "ไม่ใช่ตอนนี้"),
)  # fmt: skip

INDIC: Final = Language(
    name="Hindi and Bengali",
    assent=("ठीक है", "हाँ", "हां", "जारी रखें", "पुष्टि करें", "स्वीकार करें", "सहमत",
            "समझ गया", "लागू करें", "आगे", "ঠিক আছে", "হ্যাঁ", "চালিয়ে যান", "নিশ্চিত করুন",
            "সম্মত", "প্রয়োগ করুন", "পরবর্তী"),
    warnings=("पूर्ववत नहीं", "वापस नहीं", "स्थायी रूप से", "हमेशा के लिए", "हटा दिया जाएगा",
              "हटा दी जाएंगी", "शुल्क लिया जाएगा", "পূর্বাবস্থায় ফেরানো যাবে না",
              "স্থায়ীভাবে", "চিরতরে", "মুছে ফেলা হবে"),
    cjk=True,
    flag={
        "deletes": ("हटाएं", "हटाएँ", "हटाना", "हटा दें", "मिटाएं", "मिटाएँ", "डिलीट करें",
                    "ट्रैश खाली", "कचरा खाली", "रीसायकल बिन खाली", "মুছুন", "মুছে ফেলুন",
                    "মুছে ফেলতে", "ডিলিট করুন" ),
        "pays": ("भुगतान करें", "अभी भुगतान", "खरीदें", "ऑर्डर करें", "ऑर्डर दें", "दान करें",
                 "পেমেন্ট করুন", "অর্থ প্রদান করুন", "কিনুন", "অর্ডার করুন"),
        "sends": ("भेजें", "पैसे भेजें", "ट्रांसफर करें", "পাঠান", "টাকা পাঠান"),
        "publishes": ("प्रकाशित करें", "पोस्ट करें", "সবাইকে পাঠান", "প্রকাশ করুন",
                      "পোস্ট করুন"),
    },
    nav=("इतिहास", "तरीके", "तरीका", "सेटिंग्स", "विवरण", "स्थिति", "सूची", "ইতিহাস",
         "পদ্ধতি", "সেটিংস", "বিবরণ"),
    never=("रद्द", "पूर्ववत", "नहीं", "गए", "गई", "गया", "फ़ीडबैक", "फीडबैक", "प्रतिक्रिया",
           "सहायता", "बाद में", "वापस", "ड्राफ़्ट", "বাতিল", "না", "মতামত", "সাহায্য", "পরে",
           "ফিরে", "হয়েছে"),
    refuse=("रद्द करें", "नहीं", "बंद करें", "रखें", "वापस", "छोड़ें", "अभी नहीं", "বাতিল",
            "না", "বন্ধ করুন", "রাখুন", "ফিরে যান"),
)  # fmt: skip


# English, Spanish and French acts the rules above did not name (issue 37, pass 5): money
# moved by converting, exchanging, depositing, liquidating, approving a token or bridging;
# tokens burnt; a contract signed, a vote cast, a return, an application or a claim filed
# (``sends``: it goes to someone who acts on it); a disk initialised, a factory's defaults
# restored, a message unsent; a campaign sent to a list. Look-alikes kept safe: ``Bridge
# settings``, ``Convert to PDF``, ``Exchange rates``, ``Submit`` alone, ``Sign in``,
# ``Vote results``, ``Restore defaults``, ``Invite a friend``. Decisions: ``Reformat`` and
# ``Deploy`` alone pass like ``Format`` (a code formatter, a staging deploy); ``Burn``
# alone is flagged (tokens burnt, a write-once disc written).
_EN = _more(
    _EN,
    sets={
        "contract": ("contract", "agreement", "lease", "document", "documents", "nda", "offer",
                     "deed", "will", "mortgage", "loan"),
        "filed": ("vote", "votes", "ballot", "application", "claim", "tax return", "return",
                  "returns", "taxes", "resignation", "answers", "final answers", "exam",
                  "appeal", "petition", "filing", "declaration", "bid", "offer", "enrollment",
                  "final", "grades", "timesheet", "expense report"),
        "store": ("app store", "the app store", "play store", "google play", "store",
                  "the store", "marketplace", "registry", "npm", "pypi"),
        "people": ("contacts", "people", "users", "members", "subscribers", "followers",
                   "recipients", "friends", "customers"),
    },
    prefixes=("reserve and", "save and", "validate and", "verify and", "leave and"),
    # a dialog's statement of what the yes does, without the verb a rule reads ("$" is an
    # amount of money)
    warnings=("no longer be available", "will be gone", "be gone forever", "gone forever",
              "is going away", "are going away", "cease to exist", "ceases to exist",
              "no going back", "no way back", "not be able to get it back",
              "not be able to get them back", "won t be able to get", "won t be able to recover",
              "once it s gone", "once they re gone", "can t get it back",
              "leave your account", "leaves your account", "$ will be sent",
              "$ will be transferred", "$ will be withdrawn", "$ will be paid", "receive $",
              "visible to everyone", "visible to the public", "publicly visible",
              "goes out to", "is final", "are final", "is irrevocable", "want to replace it",
              "want to replace them", "replace it", "will be overwritten",
              "repeat any action", "resend the data", "resubmit the form"),
    flag={
        "deletes": ("burn", "burn now", "burn @crypto **", "burn # **", "burn disc",
                    "burn to disc", "burn image", "unsend **", "trash forever",
                    "trash permanently", "trash ** forever", "initialize @disk **",
                    "initialise @disk **", "reformat @disk **", "restore factory **",
                    "restore to factory **", "factory defaults", "reset to defaults and erase"),
        "pays": ("liquidate **", "convert $ **", "exchange now", "exchange $ **",
                 "exchange # @crypto **", "deposit $ *", "deposit now", "accept offer **",
                 "accept bid **", "accept trade **", "approve @crypto **",
                 "approve # @crypto **", "bridge *", "bridge now", "execute trade **",
                 "redeem points", "claim airdrop", "claim rewards now", "unstake **",
                 "donate", "tip creator **", "cash out", "card $ *"),
        "sends": ("sign", "sign now", "sign @contract **", "sign and accept **",
                  "accept and sign **",
                  "e sign **", "esign **", "cast @filed **", "submit @filed **",
                  "file @filed **", "lock in **", "confirm enrollment", "submit and sign **",
                  "send invoice **", "send @contract **"),
        "publishes": ("ship", "submit to @store **", "publish to @store **",
                      "invite # @people **", "invite all **", "invite everyone **",
                      "email everyone **", "email all **", "message everyone **",
                      "message all **", "blast", "send blast **", "announce", "announce to **",
                      "upload and share **", "share with everyone **", "share with all **",
                      "share to everyone **", "deploy to production **", "send campaign **"),
    },
)  # fmt: skip
_ES = _more(
    _ES,
    prefixes=("validar y", "aceptar y", "confirmar y", "revisar y"),
    flag={"pays": ("abonar", "abonar $ *", "abonar ahora", "abonar @money_noun *",
                   "liquidar $ *")},
)  # fmt: skip
_FR = _more(
    _FR,
    prefixes=("valider et", "accepter et", "confirmer et", "verifier et"),
    flag={"pays": ("regler", "regler $ *", "regler maintenant", "regler @money_noun *",
                   "regler ma commande", "regler par carte")},
)  # fmt: skip

# Pass 6 (issue 37): Latin-script languages beyond pass 5 (Icelandic, Basque, Welsh,
# Esperanto, Afrikaans, Irish, Galician, Albanian, Latin), Kazakh and Mongolian (Cyrillic),
# Urdu (with Arabic), traditional Chinese and Cantonese (with Chinese), and English acts no
# earlier rule named (remitting, settling, merging a pull request, flashing firmware,
# blasting to a list, rolling out, rotating keys, making a repository public). Decisions:
# ``Truncate`` alone is flagged (a table's rows go; a text's truncation is a menu item,
# not a button); ``Authorize`` and ``Slide to confirm`` alone pass (a sign-in's consent,
# a lock screen).
NORTHERN: Final = Language(
    name="Icelandic, Afrikaans",
    assent=("já", "í lagi", "halda áfram", "staðfesta", "ja", "gaan voort", "bevestig"),
    warnings=("varanlega", "óafturkræft", "er ekki hægt að afturkalla", "permanent",
              "kan nie ongedaan gemaak word nie"),
    lead=("viltu", "wil u", "en"),
    prefixes=("já", "ja", "nú", "nou", "varanlega", "permanent"),
    skip=("die", "my", "jou"),
    nav=("saga", "stillingar", "geskiedenis", "instellings", "ferill"),
    never=("hætta", "til", "baka", "drög", "kanselleer", "terug", "konsep", "nie"),
    flag={
        "deletes": ("eyða **", "eyða", "tæma **", "skrap **", "skrap", "vee ** uit", "vee uit **"),
        "pays": ("greiða *", "borga *", "kaupa *", "staðfesta greiðslu *", "betaal *", "koop *",
                 "bevestig betaling *", "plaas bestelling *", "bestel nou *"),
        "sends": ("senda greiðslu *", "senda peninga *", "millifæra *", "stuur geld *",
                  "oordrag *"),
        "publishes": ("birta *", "publiseer *"),
    },
    refuse=("nei", "loka", "nee", "sluit"),
)  # fmt: skip
CELTIC_BASQUE: Final = Language(
    name="Basque, Welsh, Irish, Galician",
    assent=("bai", "ados", "jarraitu", "berretsi", "ie", "ydw", "iawn", "parhau", "cadarnhau",
            "tá", "lean ar aghaidh", "si", "aceptar", "continuar", "confirmar"),
    warnings=("betiko", "ezin da desegin", "yn barhaol", "n barhaol", "ni ellir dadwneud",
              "go buan", "definitivamente", "non se pode desfacer"),
    lead=("nahi", "ydych", "eisiau", "ar mhaith", "queres", "e"),
    prefixes=("bai", "ie", "ydw", "agora", "orain", "nawr", "anois"),
    skip=("o", "a", "os", "as", "y", "yr", "r", "an", "na", "do"),
    nav=("historia", "ezarpenak", "hanes", "gosodiadau", "socruithe", "historial",
         "configuracion", "historiku", "cilesimet"),
    never=("utzi", "ezeztatu", "atzera", "zirriborroa", "canslo", "yn ol", "drafft",
           "cealaigh", "siar", "cancelar", "atras", "borrador", "anulo", "kthehu"),
    flag={
        "deletes": ("ezabatu **", "hustu **", "dileu **", "dileu", "gwagio **", "scrios **",
                    "eliminar definitivamente **", "baleirar **", "fshi **", "fshij **"),
        "pays": ("ordaindu *", "erosi *", "berretsi ordainketa *", "egin eskaera *",
                 "talu *", "prynu *", "cadarnhau taliad *", "gosod archeb *", "ioc *",
                 "ceannaigh *", "mercar *", "paguaj *", "bli tani *"),
        "sends": ("bidali dirua *", "bidali ordainketa *", "anfon arian *", "anfon taliad *",
                  "seol airgead *", "enviar dineiro *", "dergo para *", "transferir *",
                  "transferu *"),
        "publishes": ("argitaratu *", "cyhoeddi *", "foilsigh *", "publicar *", "publiko *"),
    },
    refuse=("ez", "na", "nac", "ni hea", "non", "itxi", "cau", "jo"),
)  # fmt: skip
ESPERANTO: Final = Language(
    name="Esperanto",
    assent=("jes", "bone", "daŭrigi", "konfirmi", "akcepti"),
    warnings=("porĉiam", "ne povas esti malfarita", "nemalfarebla", "definitive"),
    lead=("ĉu", "volas", "kaj"),
    prefixes=("jes", "nun", "porĉiam", "definitive"),
    skip=("la", "mian", "vian", "ĉi", "tiun", "tiujn"),
    nav=("historio", "pagohistorio", "agordoj", "detaloj"),
    never=("nuligi", "reen", "malneton", "malneto", "poste", "ne"),
    flag={
        "deletes": ("forigi **", "forviŝi **", "malplenigi **", "forigu **"),
        "pays": ("pagi *", "pagu *", "aĉeti *", "aĉetu *", "mendi *", "mendu *",
                 "konfirmi pagon *"),
        "sends": ("sendi monon *", "sendi pagon *", "transigi *", "sendu monon *"),
        "publishes": ("publikigi *", "publikigu *", "afiŝi *"),
    },
    refuse=("ne", "fermi", "resti"),
)  # fmt: skip
STEPPE: Final = Language(
    name="Kazakh, Mongolian, Kyrgyz, Uzbek, Urdu",
    assent=("иә", "жарайды", "растау", "тийм", "за", "баталгаажуулах", "ооба", "ha", "tasdiqlash",
            "ہاں", "ٹھیک ہے", "جاری رکھیں", "تصدیق کریں"),
    warnings=("біржола", "бүрмөсөн", "qaytarib bo lmaydi", "مستقل طور پر"),
    lead=("ба", "уу", "کیا"),
    prefixes=("қазір", "одоо", "hozir", "ابھی", "مستقل طور پر"),
    never=("болдырмау", "бас тарту", "цуцлах", "артка", "буцах", "bekor", "منسوخ"),
    nav=("тарихы", "тохиргоо", "баптаулар", "tarix", "sozlamalar", "سیٹنگز"),
    flag={
        "deletes": ("** жою", "жою **", "устгах **", "** устгах", "өчүрүү **", "o chirish **",
                    "** o chirish", "حذف کریں", "** حذف کریں", "مٹائیں", "** مٹائیں"),
        "pays": ("төлеу *", "төлөх *", "төлөө *", "сатып алу *", "худалдаж авах *",
                 "to lash *", "to lov *", "sotib olish *", "ادائیگی کریں", "** ادائیگی کریں",
                 "خریدیں", "** خریدیں", "ادا کریں", "** ادا کریں"),
        "sends": ("ақша жіберу *", "мөнгө илгээх *", "аударым *", "pul o tkazish *",
                  "رقم بھیجیں", "** بھیجیں"),
        "publishes": ("жариялау *", "нийтлэх *", "nashr qilish *", "شائع کریں"),
    },
    refuse=("жоқ", "үгүй", "жок", "yo q", "نہیں", "بند کریں"),
)  # fmt: skip
_ZH = _more(
    _ZH,
    # traditional Chinese and Cantonese (the skeleton does not fold them to simplified)
    assent=("確定", "確認", "繼續", "好的", "是"),
    warnings=("無法復原", "無法還原", "永久", "不能復原", "無法撤銷"),
    never=("已刪除", "刪除的", "草稿"),
    nav=("紀錄", "記錄", "設定", "方式"),
    flag={
        "deletes": ("刪除", "永久刪除", "清空", "剷走", "抹除", "刪咗"),
        "pays": ("付款", "購買", "送出訂單", "結帳", "俾錢", "畀錢", "確認付款", "下單"),
        "sends": ("轉帳", "匯款", "轉賬", "過數", "發送"),
        "publishes": ("發佈", "發布", "發表", "公開"),
    },
    refuse=("取消", "關閉", "返回", "否", "保留"),
)  # fmt: skip
_EN = _more(
    _EN,
    sets={
        "list": ("list", "all", "everyone", "subscribers", "audience", "mailing list",
                 "contacts", "segment", "followers", "users", "customers"),
        "shared": ("public", "publicly visible", "visible to everyone", "open source"),
        "owed": ("invoice", "invoices", "balance", "bill", "bills", "debt", "payment", "dues",
                 "account", "trade", "trades", "all"),
        "secrets": ("keys", "all keys", "secrets", "credentials", "tokens", "api keys",
                    "certificates", "passwords"),
    },
    flag={
        "pays": ("remit *", "remit $ *", "settle @owed **", "settle $ *", "settle now",
                 "pay out *", "payout $ *",
                 "disburse *", "gift # **", "gift $ **", "hold to pay *", "hold to buy *",
                 "charge my card **", "charge $ **", "charge card **", "exercise options **",
                 "exercise # **", "capture @money_noun **", "capture $ **", "authorize $ **",
                 "refund $ **", "issue refund **", "refund now"),
        "deletes": ("truncate", "truncate @table **", "truncate all **", "drop @table **",
                    "flash firmware **", "flash @device **", "flash @disk **", "flash image **",
                    "flash rom **", "write image to **", "write to @disk **",
                    "deactivate permanently", "deactivate ** permanently", "disown **",
                    "rotate @secrets **", "rotate all **", "revoke all **", "bulk delete **",
                    "shred **", "purge all **", "squash and merge **", "rebase and merge **",
                    "force push **", "push force **", "shut down all # **",
                    "shut down @prod **"),
        "sends": ("swipe to send **", "swipe to pay **", "slide to send **", "slide to pay **",
                  "lodge @filed **", "lodge **", "certify and submit **", "submit for review **",
                  "wire funds *", "send invoice **", "sign and broadcast **"),
        "publishes": ("blast to @list **", "blast @list **", "email # @list **",
                      "email @list **", "message # @list **", "notify all **",
                      "notify everyone **", "notify # **", "launch campaign **",
                      "send campaign **", "roll out to **", "roll out # **", "rollout to **",
                      "make @shared", "make repository public **", "make ** public",
                      "toot", "mass email **", "merge pull request **", "confirm merge **",
                      "merge now", "broadcast transaction **", "go live **",
                      "release to production **", "deploy to production **",
                      "apply to all # **", "apply to all **", "push to all **",
                      "email ** @list", "announce all **", "announce everyone **"),
    },
    warnings=("will permanently", "deleted forever", "erased forever", "lost forever",
              "will be sent to #", "will be sent to all", "people will be notified",
              "users will be notified",
              "members will be notified", "everyone will be notified", "will be emailed to #",
              "will be moved to external", "will be moved to wallet", "will be moved to another",
              "will be published", "will be posted", "will be shut down", "will be terminated",
              "will be released to", "will renew", "renews at", "renews for", "will be wiped",
              "will be overwritten", "factory settings", "will be made public",
              "will be visible to", "will be revoked", "will be transferred",
              "will be withdrawn", "will be merged"),
    spare=("flash card **", "flash cards **", "flashcard **", "flashcards **"),
    prefixes=("i m sure", "im sure", "i am sure", "yes i m sure", "i understand and"),
)  # fmt: skip

_HU = _more(
    HUNGARIAN,
    assent=("rendben", "jó", "mehet", "igen, folytatás"),
    warnings=("levonásra kerül", "levonjuk", "terheljük", "véglegesen törlődik"),
    flag={"sends": ("utalás *", "utalás indítása")},
)  # fmt: skip
_MS = _more(MALAY, flag={"pays": ("ilagay order *", "ilagay ang order *", "bilhin *",
                                   "bayaran *", "magbayad *")})  # fmt: skip
_INDIC = _more(INDIC, flag={"pays": ("পরিশোধ করুন", "অর্ডার নিশ্চিত", "কিনুন", "অর্থ প্রদান")})
_EO = _more(ESPERANTO, prefixes=("porĉiame",), warnings=("porĉiame",))

# Pass 6, second round (issue 37): whole rule sets for languages no earlier set read
# (Azerbaijani; Luxembourgish; Maltese; Latin; Yoruba, Hausa, Zulu, Xhosa, Sotho and Tswana;
# Tajik and Kyrgyz; Pashto and Kurmanji; Marathi and Nepali) and the acts missing from sets
# that had them (Macedonian, Slovenian, Irish, Albanian, Afrikaans, Esperanto, Filipino,
# Uzbek, Mongolian, Urdu, Cantonese, Ukrainian), each with its harmless look-alikes kept
# (its cancel, feedback, sent and deleted folders, history and settings pages). Decisions:
# a verb that is also a common word elsewhere is flagged only with an amount, ``now`` or
# money (Hausa ``Share`` is English share, Hausa ``saya`` is Malay "I", Latin ``Mitte``
# is German "middle", Irish ``Aistrigh`` is also "translate", Kurmanji ``bide`` is
# "give"); Zulu ``Susa`` alone is flagged like English ``Remove``.
AZERI: Final = Language(
    name="Azerbaijani",
    assent=("bəli", "hə", "oldu", "tamam", "təsdiq et", "təsdiqlə", "davam et", "razıyam",
            "qəbul et", "başa düşdüm"),
    warnings=("geri qaytarıla bilməz", "geri alına bilməz", "bərpa edilə bilməz",
              "birdəfəlik", "həmişəlik", "silinəcək", "tutulacaq", "çıxılacaq",
              # the act as a verbal noun before the question's verb (the verb comes last)
              "silmək", "silinsin", "ödəmək", "ödənilsin", "göndərmək", "göndərilsin",
              "köçürmək", "dərc etmək"),
    lead=("istəyirsiniz", "istədiyinizə", "əminsiniz", "həqiqətən", "və"),
    prefixes=("bəli", "hə", "birdəfəlik", "həmişəlik", "tamamilə"),
    skip=("bu", "seçilmiş", "mənim"),
    nav=("tarixçə", "tarixçəsi", "ayarlar", "ayarları", "parametrlər", "üsullar", "üsulları",
         "detallar", "siyahı", "siyahısı", "status", "vəziyyət"),
    never=("ləğv", "geri", "yox", "xeyr", "rəy", "kömək", "sonra", "qaralama", "silinmiş",
           "silinənlər", "göndərilmiş", "göndərilənlər", "bərpa"),
    sets={"bin": ("zibil qutusunu", "səbəti"), "money": ("pul", "pulu", "vəsait", "məbləği")},
    flag={
        "deletes": ("sil **", "silin **", "** sil", "** silin", "@bin boşalt",
                    "formatla **", "** formatla", "hesabı bağla"),
        "pays": ("ödə *", "ödəyin *", "** ödə", "** ödəyin", "ödəniş et *", "ödənişi təsdiqlə",
                 "satın al *", "** satın al", "indi al", "al indi", "al $ *", "$ al",
                 "sifariş ver *", "** sifariş ver", "sifarişi təsdiqlə", "ianə et *"),
        "sends": ("göndər *", "göndərin *", "** göndər", "** göndərin", "@money köçür *",
                  "köçür $ *", "$ köçür", "köçürməni təsdiqlə"),
        "publishes": ("dərc et *", "** dərc et", "yayımla *", "** yayımla", "hamıya göndər"),
    },
    refuse=("ləğv et", "ləğv", "xeyr", "yox", "bağla", "saxla", "geri", "keç", "indi yox"),
)  # fmt: skip
LUX_MALTESE_LATIN: Final = Language(
    name="Luxembourgish, Maltese, Latin",
    assent=("jo", "weider", "bestätegen", "akzeptéieren", "iva", "kompli", "ikkonferma",
            "naqbel", "ita", "sic", "licet", "perge", "confirma"),
    warnings=("definitiv", "kann net réckgängeg", "għal dejjem", "ma jistax jitreġġa",
              "in perpetuum", "irrevocabile"),
    lead=("wëllt", "wëllst", "trid", "tridx", "vis", "et"),
    prefixes=("jo", "elo", "definitiv", "iva", "issa", "nunc"),
    skip=("den", "de", "d", "dës", "il", "l", "dan"),
    nav=("astellungen", "detailer", "historique", "settings", "storja", "dettalji",
         "historia", "optiones"),
    never=("ofbriechen", "zréck", "annuléieren", "ikkanċella", "lura", "għajnuna",
           "aktar tard", "abroga", "redi", "retro"),
    sets={"money": ("suen", "flus", "pecuniam", "pecunia")},
    flag={
        "deletes": ("läschen **", "läsch **", "** läschen", "ħassar **", "ħassru **",
                    "neħħi għal dejjem", "dele in perpetuum **", "dele omnia **", "dele nunc",
                    "dele omnino"),
        "pays": ("bezuelen *", "bezuel *", "** bezuelen", "kafen *", "** kafen", "ħallas *",
                 "ħallsu *", "ixtri *", "ixtru *", "ordna issa", "solve nunc", "solve $ *",
                 "solve @money", "eme *", "emere *"),
        "sends": ("schécken *", "schéck *", "** schécken", "@money iwwerweisen *",
                  "iwwerweisen $ *", "ibgħat *", "ibagħtu *", "ittrasferixxi *", "mitte @money *",
                  "mitte nunc", "mitte $ *", "transfer @money *"),
        "publishes": ("verëffentlechen *", "publizéieren *", "ippubblika *", "publica nunc"),
    },
    refuse=("ofbriechen", "nee", "zoumaachen", "halen", "zréck", "agħlaq", "żomm",
            "lura", "minime", "claude"),
)  # fmt: skip
AFRICAN: Final = Language(
    name="Yoruba, Hausa, Zulu, Xhosa, Sotho, Tswana",
    assent=("bẹẹni", "beeni", "o dara", "tẹsiwaju", "jẹrisi", "eh", "na amince", "ci gaba",
            "tabbatar", "yebo", "kulungile", "qhubeka", "qinisekisa", "ewe", "ho lokile",
            "tswelapele", "netefatsa"),
    warnings=("patapata", "lailai", "har abada", "ba za a iya", "unomphela", "ngunaphakade",
              "ka ho sa feleng", "ka bosakhutleng"),
    lead=("ṣe", "kana", "ufuna", "ati", "futhi"),
    prefixes=("bẹẹni", "eh", "yebo", "manje", "bayi", "yanzu"),
    nav=("itan", "eto", "tarihi", "saituna", "umlando", "izilungiselelo", "nalane",
         "litlhophiso"),
    never=("fagile", "pada", "rara", "soke", "koma", "a a", "khansela", "emuva", "cha",
           "hayi", "rhoxisa", "buyela"),
    sets={"money": ("owo", "kudi", "imali", "chelete", "madi")},
    flag={
        "deletes": ("paare **", "pa a re **", "share har abada **", "share duka **",
                    "share yanzu", "goge **", "susa", "susa unomphela **", "susa konke **",
                    "cima unomphela **", "cima ngunaphakade **", "hlakola **", "phimola **"),
        "pays": ("san @money *", "san bayi", "san $ *", "sanwo *", "ra bayi", "ra $ *",
                 "ra nisinsinyi", "biya *", "saya yanzu *", "saya $ *", "sayi yanzu",
                 "khokha *", "hlawula *", "thenga *", "lefa *", "reka hona joale",
                 "duela *", "reka jaanong"),
        "sends": ("firanse *", "fi @money ranse *", "gbe @money *", "aika @money *", "aika $ *",
                  "tura @money *", "tura $ *", "thumela *", "dlulisa @money *",
                  "romela *", "fetisetsa @money *"),
        "publishes": ("gbejade *", "tejade *", "te jade *", "wallafa *", "shicilela manje",
                      "phatlalatsa *", "gatisa *"),
    },
    refuse=("fagile", "rara", "soke", "a a", "rufe", "khansela", "cha", "vala",
            "rhoxisa", "hayi", "tlohela"),
)  # fmt: skip
CENTRAL_ASIA: Final = Language(
    name="Tajik, Kyrgyz, Pashto, Kurmanji",
    assent=("ҳа", "бале", "хуб", "тасдиқ", "тасдиқ кунед", "идома", "идома додан", "розӣ",
            "макул", "улантуу", "ырастоо", "هو", "سمه ده", "تایید", "دوام ورکړئ", "منم",
            "erê", "baş e", "temam", "piştrast bike", "bidomîne"),
    warnings=("абадан", "бебозгашт", "биротоло", "түбөлүккө", "د تل لپاره", "bi tevahî",
              "ji bo herdemê", "nayê vegerandin"),
    lead=("оё", "мехоҳед", "каалайсызбы", "ایا", "غواړئ", "dixwazî", "dixwazin", "ва", "жана",
          "û"),
    prefixes=("ҳа", "ҳозир", "абадан", "пурра", "азыр", "биротоло", "اوس", "د تل لپاره",
              "bi tevahî", "bitevahî", "erê"),
    nav=("таърих", "танзимот", "тарых", "жөндөөлөр", "تاریخچه", "امستنې", "dîrok", "mîheng"),
    never=("бекор", "бозгашт", "жокко", "артка", "لغوه", "بیرته", "نه", "betal", "paşve",
           "nexêr", "nerîn", "alîkarî"),
    sets={"money": ("пул", "пулро", "акча", "پیسې", "pere", "peran")},
    # Kurmanji "cancel" (``Betal bike``) is not Danish "pay" (``Betal *``)
    spare=("betal bike", "betal bikin", "betal kirin"),
    flag={
        "deletes": ("нест кардан **", "** нест кардан", "нест кунед", "** нест кунед",
                    "ҳазф кардан **", "ҳазф кунед", "** ҳазф кунед", "өчүрүү **",
                    "** өчүрүү", "ړنګول", "** ړنګول", "ړنګ کړئ", "** ړنګ کړئ", "حذف کړئ",
                    "** حذف کړئ", "jê bibe **", "** jê bibe", "jêbibe **"),
        "pays": ("пардохт кунед", "** пардохт кунед", "пардохт кардан *", "пардохт $ *",
                 "харидан *", "харид кунед", "** харид кунед", "төлөө *", "** төлөө",
                 "сатып алуу *", "** сатып алуу", "تادیه وکړئ", "** تادیه وکړئ",
                 "@money ورکړئ", "واخلئ", "** واخلئ", "niha bide", "bide niha",
                 "@money bide *", "bide $ *", "$ bide", "bikire *", "** bikire"),
        "sends": ("фиристодан *", "фиристед *", "** фиристед", "@money фиристодан *",
                  "жөнөтүү *", "** жөнөтүү", "@money которуу *", "которуу $ *", "لیږل",
                  "** لیږل", "ولیږئ", "** ولیږئ", "واستوئ", "** واستوئ", "bişîne *",
                  "** bişîne", "@money veguhêze *", "veguhêze $ *"),
        "publishes": ("нашр кардан *", "нашр кунед", "жарыялоо *", "** жарыялоо", "خپرول",
                      "** خپرول", "خپور کړئ", "biweşîne *", "** biweşîne"),
    },
    refuse=("не", "бекор кардан", "бекор", "пӯшидан", "бозгашт", "жок", "жокко чыгаруу",
            "жабуу", "لغوه", "بندول", "betal", "nexêr", "bigire"),
)  # fmt: skip
_INDIC = _more(
    _INDIC,
    # Marathi and Nepali (Devanagari, read as Hindi is: by its triggers)
    assent=("होय", "ठीक आहे", "सुरू ठेवा", "पुष्टी करा", "हो", "ठिक छ", "जारी राख्नुहोस्",
            "पुष्टि गर्नुहोस्"),
    warnings=("कायमचे", "कायमस्वरूपी", "पूर्ववत करता येणार नाही", "स्थायी रूपमा",
              "सधैंका लागि", "पूर्ववत गर्न सकिँदैन"),
    flag={
        "deletes": ("हटवा", "कायमचे हटवा", "मिटवा", "मेटाउनुहोस्", "हटाउनुहोस्",
                    "स्थायी रूपमा मेटाउनुहोस्"),
        "pays": ("पैसे भरा", "भरणा करा", "पेमेंट करा", "खरेदी करा", "ऑर्डर करा",
                 "भुक्तानी गर्नुहोस्", "तिर्नुहोस्", "किन्नुहोस्", "अर्डर गर्नुहोस्"),
        "sends": ("पाठवा", "पैसे पाठवा", "पठाउनुहोस्", "पैसा पठाउनुहोस्",
                  "स्थानान्तरण गर्नुहोस्"),
        "publishes": ("प्रकाशित करा", "पोस्ट करा", "प्रकाशित गर्नुहोस्", "पोस्ट गर्नुहोस्"),
    },
    nav=("सेटिंग्ज", "तपशील", "पद्धत", "सेटिङ", "तरिका"),
    never=("पछाडि", "फिर्ता", "मागे", "अभिप्राय"),
    spare=("पाठवलेले", "हटवलेले", "मेटाइएको", "पठाइएको", "हटाइएको"),
    refuse=("रद्द करा", "नाही", "बंद करा", "रद्द गर्नुहोस्", "होइन", "बन्द गर्नुहोस्"),
)  # fmt: skip
_ZH = _more(
    _ZH,
    # Cantonese buying and sending words, and traditional Chinese's "send"
    flag={"pays": ("即刻買", "立即買", "馬上買", "而家買", "埋單", "找數", "立即購買"),
          "sends": ("傳送", "寄出")},
    spare=("傳送門",),
)  # fmt: skip
_SH = _more(
    SOUTH_SLAVIC,
    # Macedonian and more Slovenian
    assent=("во ред", "продолжи", "v redu", "potrdi"),
    warnings=("неповратно", "трајно ќе", "ne more razveljaviti"),
    prefixes=("сега", "трајно", "za vedno", "zauvek", "zauvijek"),
    never=("повратна", "povratne", "izbrisani", "избришани", "испратени", "poslani",
           "prekliči", "откажи"),
    flag={
        "deletes": ("избриши **", "избришете **", "izbriši za vedno", "isprazni koš"),
        "pays": ("нарачај *", "плати сега", "kupi zdaj", "plačaj zdaj"),
        "sends": ("испрати *", "испратете *", "префрли @money *", "префрли $ *",
                  "nakaži *", "nakažite *", "pošlji denar *", "пари испрати"),
    },
    sets={"money": ("пари", "denar", "sredstva")},
)  # fmt: skip
_EU = _more(
    CELTIC_BASQUE,
    # Irish sending and transferring; Albanian sending, transferring, buying, deleting
    never=("aiseolas", "seolta", "komente", "reagime", "fshira", "derguara", "anuloj"),
    nav=("detajet", "metodat", "sonraí", "modhanna"),
    sets={"money": ("airgead", "airgid", "para", "parate", "paratë", "fondet")},
    flag={
        "sends": ("seol *", "aistrigh @money *", "aistrigh $ *", "dërgo *", "dërgoni *",
                  "transfero *", "transferoni *"),
        "pays": ("blej *", "bli $ *", "paguani *", "íoc anois", "ceannaigh anois"),
        "deletes": ("fshini **", "scrios go buan **"),
    },
    assent=("po", "në rregull", "vazhdo", "konfirmo", "ceart go leor", "deimhnigh"),
    refuse=("anulo", "jo", "mbyll", "cealaigh", "dún"),
)  # fmt: skip
_IS = _more(
    NORTHERN,
    # Afrikaans sending and transferring
    never=("terugvoer", "feedback", "terugkoppeling", "gestuur", "gestuurde", "uitgevee"),
    flag={"sends": ("stuur *", "stuur geld *", "dra geld oor *", "dra $ oor *",
                    "oordra $ *", "oorplaas $ *")},
)  # fmt: skip
_EO = _more(_EO, flag={"sends": ("sendi *", "sendu *", "transsendi *")},
            never=("sendita", "senditaj", "forigitaj", "komentoj", "komentojn",
                   "rimarkojn"))  # fmt: skip
_MS = _more(
    _MS,
    # Filipino: permanently erasing, moving money
    prefixes=("permanenteng", "tuluyang", "ngayon"),
    flag={"deletes": ("burahin **", "permanenteng burahin **", "tanggalin nang permanente"),
          "sends": ("maglipat ng @money *", "ilipat ang @money *", "magpadala ng @money *",
                    "ipadala ang @money *", "ilipat $ *")},
)  # fmt: skip
_KK = _more(
    STEPPE,
    # Uzbek and Kazakh sending, Mongolian sending and transferring, Urdu transferring
    prefixes=("бүрмөсөн", "butunlay", "бутунлай", "біржола"),
    sets={"money": ("pul", "мөнгө", "ақша", "رقم", "پیسے", "رقوم")},
    never=("yuborilgan", "илгээсэн", "устгасан", "o chirilgan", "fikr"),
    flag={
        "sends": ("yuborish *", "yuboring *", "** yuborish", "юбориш *", "жіберу *",
                  "** жіберу", "илгээх *", "** илгээх", "@money шилжүүлэх *",
                  "шилжүүлэх $ *", "$ шилжүүлэх", "@money o tkazish *", "@money منتقل کریں",
                  "$ منتقل کریں"),
        "deletes": ("ўчириш **", "өшіру **", "** өшіру", "butunlay o chirish **"),
        "pays": ("тўлаш *", "to lash *", "сатып алу *", "** сатып алу", "тўлов қилиш *"),
        "publishes": ("nashr etish *", "нийтлэх *", "** нийтлэх"),
    },
)  # fmt: skip
_UK = _more(UKRAINIAN, prefixes=("остаточно", "назавжди", "повністю"),
            warnings=("остаточно", "безповоротно"))  # fmt: skip
_RU = _more(_RU, prefixes=("окончательно", "навсегда", "безвозвратно", "полностью"),
            warnings=("безвозвратно",))  # fmt: skip
# English act families no earlier rule named (issue 37, pass 6, second round): paying by a
# wallet's button (``Apple Pay``, ``Checkout with PayPal``), paying as the second act of a
# pair (``Book and pay``, ``Claim and sell``), sponsoring for an amount, opening or closing
# a trade's position, converting to a coin, committing a transaction, reimaging or
# reinstalling a system, tearing down, pruning, a hard reset, a shell's ``rm -rf``,
# deactivating or removing forever, rotating a key, e-filing. Look-alikes kept safe:
# ``Convert to PDF``, ``Open shortcut``, ``Reinstall`` alone (an app), ``Commit`` alone,
# ``Apple Pay settings``, ``Sponsor`` alone (a page), ``Rotate`` alone (an image).
# Decisions: ``Cancel all orders`` still passes (cancelling is the way out); German
# ``Zahlen`` alone is flagged (on a button it is "Pay", rarely the noun "numbers").
_EN = _more(
    _EN,
    sets={
        "wallet": ("apple pay", "google pay", "g pay", "gpay", "paypal", "shop pay",
                   "amazon pay", "samsung pay", "venmo", "klarna", "afterpay",
                   "alipay", "wechat pay", "cash app"),
        # a wallet whose name alone is its pay button (``PayPal`` alone picks a method)
        "pay_button": ("apple pay", "google pay", "g pay", "gpay", "shop pay", "amazon pay",
                       "samsung pay", "wechat pay"),
        "os": ("os", "windows", "macos", "linux", "system", "operating system", "firmware",
               "ubuntu", "android", "ios"),
        "side": ("long", "short"),
        "leverage": ("2x", "3x", "5x", "10x", "20x", "25x", "50x", "75x", "100x", "125x"),
        "secrets": ("key", "master key", "root key", "signing key", "encryption key",
                    "secret", "token", "password", "certificate"),
    },
    flag={
        "pays": ("@pay_button", "@wallet checkout", "checkout with *", "check out with *",
                 "continue with @wallet", "buy with *", "** and pay *", "** and buy *",
                 "claim and sell *", "confirm and sell *", "sign and sell *", "sell now *",
                 "sell all *", "sell # **", "sell $ **",
                 "sponsor $ *", "sponsor for $ *", "sponsor # *", "open short",
                 "open long", "open @side # *", "open @side $ *",
                 "open @side @leverage *", "open @side position *",
                 "go short", "go long", "go @side # *", "go @side @leverage *", "market buy *",
                 "market sell *",
                 "close all positions *", "close position *", "convert ** to @crypto **",
                 "commit transaction *", "commit trade *", "commit @money_noun *",
                 "order # now *", "zahlen", "jetzt zahlen",
                 # an amount makes it a payment whatever page noun follows ("+ fees")
                 "pay $ **", "pay ** $ **", "buy ** $ **"),
        "deletes": ("reimage **", "re image **", "reinstall @os **", "reinstall and erase **",
                    "format and install **", "format and reinstall **", "format and erase **",
                    "format and wipe **", "tear down **", "teardown **", "prune **",
                    "hard reset **",
                    "rm rf **", "rm fr **", "rm r **", "deactivate forever",
                    "deactivate ** forever", "disable ** forever", "disable ** permanently",
                    "remove forever", "remove ** forever", "ban ** permanently",
                    "ban ** forever", "close ** forever", "close ** permanently",
                    "rotate @secrets **", "rotate ** @secrets", "revoke and rotate **",
                    # a draft's "never" guards only the draft: what follows "and" goes too
                    "delete draft and **", "delete drafts and **", "discard draft and **"),
        "sends": ("e file **", "efile **", "send $ **", "transfer $ **", "wire $ **"),
        "publishes": ("blast *",),
    },
    # dialogs' statements: people notified, nothing left, money or ownership gone, a
    # heading that warns
    warnings=("# will be notified", "# will receive", "every member of", "all members of",
              "not recoverable", "unrecoverable", "non recoverable", "irrecoverable",
              "not refundable", "non refundable", "nonrefundable", "no refunds",
              "cannot be cancelled", "cannot be canceled", "can t be cancelled",
              "cannot come back", "can t come back", "won t come back", "never come back",
              "cannot be retrieved", "gone for good", "lost permanently", "permanently lost",
              "no way to recover", "will be pruned", "will be purged", "will be dropped",
              "will be truncated", "will be formatted", "will be emptied",
              "will be discarded", "will be replaced", "is replaced by", "are replaced by",
              "replicas remain", "copies remain", "backups remain", "remain after this",
              "left after this", "the only copy", "leave every device", "leaves every device",
              "from every device", "from all devices", "from all your devices",
              "every device you own", "charging card", "charging your", "charging $",
              "ownership moves", "ownership transfers",
              "ownership will move", "will become the owner", "new owner", "will lose access",
              "you ll lose access",
              "danger zone", "destructive action", "destructive operation", "is destructive",
              "dangerous action", "dangerous operation", "is dangerous", "last chance to keep",
              "last chance to back up", "last chance to download", "last chance to export",
              "last chance to recover", "final warning", "point of no return"),
)  # fmt: skip
# Latin-script languages of Africa, the Pacific, the Caribbean and Europe's smaller ones
# (Somali, Igbo, Malagasy, Kinyarwanda, Shona; Haitian Creole; Javanese, Sundanese,
# Cebuano; Maori, Samoan; Turkmen; Frisian, Faroese, Breton, Occitan, Corsican, Romansh;
# Spanish ``Mandar``), and Belarusian, Tatar and Bashkir (Cyrillic): their verbs of paying,
# buying, deleting, sending and publishing, with their cancel, back, sent and deleted
# words kept safe. Decisions: a verb that is a common word in another language is
# flagged only with money or an amount (Somali ``dir`` is English "dir", Breton ``kas``,
# Samoan ``tape``, Cebuano ``bayad`` is the noun "payment").
WORLD_LATIN: Final = Language(
    name="Somali, Igbo, Malagasy, Kinyarwanda, Shona, Haitian Creole, Javanese, Sundanese, "
    "Cebuano, Maori, Samoan, Turkmen, Frisian, Faroese, Breton, Occitan, Corsican, Romansh",
    assent=("haa", "eny", "wi", "dako", "nggih", "muhun", "ae", "yego", "hongu", "hawa",
            "bolyar", "ya", "mat eo", "òc", "iè", "gea", "dakò", "kontinye", "konfime"),
    warnings=("pou tout tan", "pou toutan", "hemişelik", "selamanya", "weg forever",
              "ad infinitum", "go deo", "da viken", "per sempre", "per adina"),
    lead=("vle", "ou", "wollen", "doriso", "tiana", "ushaka", "unoda", "isteýärsiňizmi"),
    prefixes=("wi", "haa", "eny", "yego", "kounye a", "hozir", "hozirki", "koulye a", "now"),
    nav=("istwa", "paramèt", "taariikh", "dejinta", "tantara", "fikirana", "amateka",
         "igenamiterere", "nhoroondo", "marongero", "riwayat", "setelan", "taariikhda",
         "taryh", "sazlamalar", "skiednis", "ynstellings", "søga", "stillingar",
         "istor", "arventennoù", "istòria", "paramètres", "storia", "parametri"),
    never=("anile", "retounen", "jooji", "dib", "kagbuo", "laghachi", "hanafoana", "hiverina",
           "hagarika", "subira", "kanzura", "dzokera", "batal", "wangsul", "balik", "ý atyr",
           "yza", "ôfbrekke", "werom", "angra", "aftur", "nullañ", "distreiñ", "anullar",
           "tornar", "annullà", "turnà", "interrumper", "enavos", "tounen", "auf",
           "kansele", "comentarios", "opinion", "sugerencias", "despues"),
    sets={"money": ("lajan", "lacag", "lacagta", "ego", "vola", "amafaranga", "mari", "duit",
                    "artos", "kwarta", "moni", "tupe", "pul", "jild", "pengo", "arc'hant",
                    "soldi", "daners")},
    flag={
        "deletes": ("efase **", "tirtir **", "hichapu **", "fafao **", "siba **",
                    "dzima zvachose **", "busak **", "papason **", "muku **", "öçür **",
                    "pozmak **", "wiskje **", "strika **", "dilemel **",
                    "sguassa **", "stizzar **", "bura zvachose **"),
        "pays": ("peye *", "achte *", "bixi *", "@money bixi *", "iibso *", "kwuo ugwo *",
                 "zuta *", "aloavy *", "vidio ity *", "vidio izao *", "vidio $ *", "ishyura *",
                 "gura *", "bhadhara *",
                 "tenga zvino *", "tenga $ *", "tuku sakiki *", "mayar *", "meuli *", "palita *",
                 "palit $ *", "utu *",
                 "hoko *", "totogi *", "tole *", "satyn al *", "betelje *", "keapje *",
                 "gjalda *", "keypa *", "paean *", "prenan *", "crompar *",
                 "cumpra *", "pajar *", "cumprar *"),
        "sends": ("voye *", "dir @money *", "u dir *", "zipu *", "alefaso *", "ohereza *",
                  "tumira *", "tuku @money *", "ngirim *", "kirimkeun *", "iber *",
                  "ugrat *", "ferstjoere *", "stjoere *", "mandar *", "manda *",
                  "trametter *", "kas @money *", "transfere @money *"),
        "publishes": ("pibliye *", "daabac *", "bipụta *", "avoaka *", "tangaza *",
                      "whakaputa *", "publisearje *", "embann *"),
    },
    refuse=("anile", "non", "jooji", "maya", "mba", "tsia", "oya", "kwete",
            "henteu", "dili", "kahore", "leai", "yok", "nee", "nei", "ket", "annulla"),
)  # fmt: skip
CYRILLIC_MORE: Final = Language(
    name="Belarusian, Tatar, Bashkir",
    assent=("так", "добра", "працягнуць", "пацвердзіць", "прыняць", "әйе", "ярый", "дәвам",
            "раслау", "эйе", "ярай"),
    warnings=("назаўсёды", "незваротна", "нельга адмяніць", "мәңгегә", "кире кайтарып булмый",
              "мәңгелеккә"),
    lead=("сапраўды", "хочаце", "жадаеце", "телисезме", "теләйсезме", "і", "һәм"),
    prefixes=("так", "зараз", "назаўсёды", "цяпер", "хәзер", "мәңгегә"),
    nav=("гісторыя", "налады", "спосабы", "падрабязнасці", "тарих", "көйләүләр", "көйләүҙәр"),
    never=("адмяніць", "скасаваць", "назад", "не", "выдаленыя", "адпраўленыя", "водгук",
           "дапамога", "пазней", "чарнавік", "баш тарту", "кире", "юк", "бетерелгән",
           "җибәрелгән"),
    sets={"money": ("грошы", "сродкі", "акча", "аҡса")},
    flag={
        "deletes": ("выдаліць **", "выдаліце **", "сцерці **", "ачысціць кошык",
                    "** бетерү", "бетерү **", "** юйыу", "юйыу **"),
        "pays": ("аплаціць *", "заплаціць *", "аплаціце *", "купіць *", "купіце *",
                 "замовіць *", "** түләү", "түләү *", "** сатып алу", "сатып алу *",
                 "** һатып алыу", "түләргә *"),
        "sends": ("адправіць *", "адпраўце *", "даслаць *", "перавесці @money *",
                  "перавесці $ *", "** җибәрү", "җибәрү *", "** ебәреү", "ебәреү *",
                  "@money күчерү *"),
        "publishes": ("апублікаваць *", "апублікуйце *", "** бастыру", "** баҫтырыу",
                      "** урнаштыру"),
    },
    refuse=("адмена", "адмяніць", "не", "закрыць", "пакінуць", "назад", "юк", "ябу",
            "баш тарту", "кире"),
)  # fmt: skip

# Pass 7 (issue 37): what an independent writer's 671 labels showed the rules missed
# (tests/data/irreversible_heldout_pass7.json, counted once as held out, then tuned on):
# a contract signed and a job offer accepted in every language of the first sets; money
# loaded (recharge, top up, tip) in Italian, Chinese, Japanese and Korean; factory resets
# and erasures worded another way (French, Japanese, Thai, traditional Chinese, English
# "Securely erase"); ``Del``; ``Xfer $500``; a yes whose dialog says what it will
# overwrite, uninstall or charge, in English, Spanish, French, Italian, traditional
# Chinese and Hindi. Look-alikes kept safe: ``Send test email``, ``付款說明`` (payment
# instructions), a yes under a notice that a payment went through (``付款成功``,
# ``お支払いが完了しました``). Decisions: ``Format`` alone stays safe in every language
# (``Formater``, ``Formatieren``: a text style; reversed for the verbs by pass 8 below),
# and a plain ``Push`` passes (a push is undone by another; ``Force push`` is flagged).
_EN = _more(
    _EN,
    prefixes=("securely",),
    warnings=("will overwrite", "will uninstall", "uninstalling will", "authorise a",
              "authorize a", "one time payment", "a payment of $", "you will be charged"),
    flag={"deletes": ("del",), "sends": ("xfer $ *", "xfer @money *", "accept job offer **")},
    spare=("send test **", "send a test **", "send me a test **"),
)  # fmt: skip
_ES = _more(
    _ES,
    assent=("continuar de todos modos", "continuar igualmente", "continuar igual",
            "si continuar"),
    sets={"contract": ("contrato", "acuerdo", "oferta", "oferta de trabajo", "documento")},
    flag={"sends": ("firmar @contract **", "firma @contract **", "firmar y enviar **",
                    "aceptar oferta **")},
    warnings=("se sobrescribira", "se sobrescribiran", "se desinstalara", "se cargara $",
              "se borraran todos"),
)  # fmt: skip
_FR = _more(
    _FR,
    assent=("continuer quand meme", "continuer malgre tout", "poursuivre quand meme"),
    sets={"contract": ("contrat", "accord", "offre", "offre d emploi", "document", "bail")},
    flag={"sends": ("signer @contract **", "signe @contract **", "signer et envoyer **",
                    "accepter offre **"),
          "deletes": ("retablir ** usine **", "retablir configuration usine",
                      "effacer tout contenu **")},
    warnings=("sera debitee", "seront debitees", "sera debitee de", "sera ecrase",
              "seront ecrases", "sera desinstalle"),
)  # fmt: skip
_DE = _more(
    _DE,
    assent=("trotzdem fortfahren", "trotzdem weiter", "dennoch fortfahren"),
    sets={"contract": ("vertrag", "vereinbarung", "angebot", "jobangebot", "dokument",
                       "mietvertrag")},
    flag={"sends": ("@contract unterschreiben", "@contract unterzeichnen",
                    "unterschreiben", "unterzeichnen", "@contract signieren",
                    "angebot annehmen", "jobangebot annehmen")},
    warnings=("wird uberschrieben", "werden uberschrieben", "wird deinstalliert",
              "wird belastet", "werden geloscht"),
)  # fmt: skip
_PT = _more(
    _PT,
    assent=("continuar mesmo assim", "continuar assim mesmo", "prosseguir mesmo assim"),
    sets={"contract": ("contrato", "acordo", "oferta", "oferta de emprego", "documento")},
    flag={"sends": ("assinar @contract **", "assine @contract **", "assinar e enviar **",
                    "aceitar oferta **")},
    warnings=("sera substituido", "serao substituidos", "sera desinstalado", "sera cobrado",
              "serao apagados", "sera debitado"),
)  # fmt: skip
_IT = _more(
    _IT,
    assent=("continua comunque", "procedi comunque", "prosegui comunque"),
    sets={"contract": ("contratto", "accordo", "offerta", "offerta di lavoro", "documento")},
    flag={"sends": ("firma @contract **", "firmare @contract **", "firma e invia **",
                    "accetta offerta **"),
          "pays": ("ricarica $ *", "ricarica ora", "ricaricare $ *", "mancia $ *")},
    warnings=("verra sovrascritto", "verranno sovrascritti", "verra sovrascritta",
              "verra disinstallato", "verra addebitato", "verranno addebitati",
              "verranno cancellati", "verra cancellato"),
)  # fmt: skip
_ZH = _more(
    _ZH,
    assent=("確定繼續",),
    warnings=("將被清除", "將被刪除", "將被永久", "資料將被", "重設為原廠", "原廠設定", "将被覆盖",
              "將被覆蓋"),
    never=("成功", "說明"),
    flag={"deletes": ("重設為原廠設定", "原廠設定", "恢復原廠", "清除所有資料", "清除全部資料"),
          "pays": ("充值", "打赏", "打賞", "提交訂單", "確認訂單"),
          "sends": ("签署合同", "簽署合約", "簽署合同", "签约", "簽約", "接受录用", "接受錄用")},
)  # fmt: skip
_JA = _more(
    _JA,
    warnings=("上書きされます", "アンインストールされます", "消去されます"),
    never=("完了しました", "しました"),
    flag={"deletes": ("すべてのコンテンツと設定を消去", "コンテンツと設定を消去"),
          "pays": ("チャージする", "チャージ $", "投げ銭"),
          "sends": ("契約を確定", "契約する", "契約に署名", "署名する", "内定を承諾")},
)  # fmt: skip
_KO = _more(
    _KO,
    flag={"pays": ("충전하기", "충전", "후원"), "sends": ("계약하기", "서명하기", "계약 체결")},
)  # fmt: skip
_TH = _more(
    THAI,
    warnings=("จะถูกเขียนทับ", "ข้อมูลทั้งหมดจะถูก"),
    flag={"deletes": ("รีเซ็ตเป็นค่าเริ่มต้นจากโรงงาน", "คืนค่าจากโรงงาน", "ค่าเริ่มต้นจากโรงงาน"),
          "pays": ("เติมเงิน",)},
)  # fmt: skip
_INDIC = _more(
    _INDIC,
    warnings=("मिटाना चाहते", "मिटा दिया जाएगा", "मिटा दिए जाएंगे", "डेटा मिटा"),
    flag={"deletes": ("मिटाएं", "फ़ैक्टरी रीसेट", "फैक्टरी रीसेट"),
          "pays": ("ऑर्डर प्लेस करें", "रिचार्ज करें")},
)  # fmt: skip

# Pass 8 (issue 37): the families a second independent writer's 742 labels showed missing
# (tests/data/irreversible_heldout_pass8.json, counted once as held out, then tuned on),
# written out for every language of the sets, not only the labels that writer used:
# uninstalling; formatting by the verb (``Formatieren``, ``Formater``, ``Форматировать``);
# signing alone or with a document; topping up a balance; bidding; filing an application
# or a tax return; withdrawing money; broadcasting to everyone; paying by a named method
# (``Betalen met iDEAL``). Look-alikes kept safe: a signature's settings (``Firma``,
# ``签名``, ``서명``, ``Υπογραφή`` alone are the noun), a page reloaded (``Recargar``,
# ``Recharger``, ``Ricarica``, ``Recarregar``, ``Reîncarcă`` alone), ``Opnemen`` (also
# "record"), ``Vybrat`` (also "choose"), ``Вывести`` (also "show"), ``Alusta`` (also
# "platform"). Decisions: English ``Format`` alone still passes (the text menu of every
# editor), but the verb of other languages is flagged alone: their menus say the noun
# (``Format``, ``Formato``, ``Формат``) and the verb is the disk dialog's button;
# ``Formatieren`` with a text, code or document (``Dokument formatieren``) passes.
_FORMAT_TEXT = (
    "text", "texto", "texte", "testo", "code", "codigo", "codice", "dokument", "document",
    "documento", "absatz", "auswahl", "selection", "seleccion", "selezione", "tabelle",
    "tabla", "tableau", "tabella", "zellen", "celdas",
)  # fmt: skip
_EN = _more(
    _EN,
    prefixes=("i understand the consequences", "i understand the risks"),
    warnings=("will be uninstalled", "will be erased", "will be wiped", "you sign the",
              "you sign this", "you are signing", "you agree to pay"),
    flag={"sends": ("sign electronically", "sign digitally", "e sign", "esign",
                    "sign with bankid", "sign with mitid", "sign with itsme", "sign and send",
                    "sign and submit", "sign and file", "sign and accept", "sign and complete",
                    "sign and finish"),
          "pays": ("bid $ *", "bid @money *", "confirm bid *")},
)  # fmt: skip
_ES = _more(
    _ES,
    flag={"deletes": ("formatear", "formatear @disk **"),
          "sends": ("firmar", "firmar ahora", "firmar documento", "firma ahora",
                    "presentar declaracion **", "presentar solicitud **",
                    "enviar solicitud"),
          "pays": ("recargar saldo *", "recargar $ *", "recargar ahora", "recargar celular *",
                   "recargar movil *", "recargar tarjeta *", "pujar", "pujar $ *",
                   "hacer puja *", "confirmar puja *", "retirar",
                   "retirar fondos *", "retirar dinero *", "retirar $ *")},
    spare=("tramitar pedido", *(f"formatear {w}" for w in _FORMAT_TEXT)),
)  # fmt: skip
_FR = _more(
    _FR,
    warnings=("sera efface", "seront effaces", "sera entierement efface", "sera desinstallee"),
    flag={"deletes": ("formater", "formater @disk **", "desinstaller **"),
          "sends": ("signer", "signer electroniquement", "signer maintenant",
                    "signer document", "deposer candidature",
                    "deposer declaration **", "soumettre declaration **",
                    "envoyer candidature", "diffuser tous **", "envoyer tous **"),
          "pays": ("recharger $ *", "recharger compte *",
                   "recharger maintenant", "encherir", "encherir $ *", "placer enchere *",
                   "confirmer enchere *", "retirer", "retirer $ *", "retirer fonds *",
                   "retirer argent *")},
    spare=tuple(f"formater {w}" for w in _FORMAT_TEXT),
)  # fmt: skip
_DE = _more(
    _DE,
    flag={"deletes": ("formatieren", "@disk formatieren", "jetzt formatieren"),
          "sends": ("jetzt unterschreiben", "elektronisch unterschreiben",
                    "antrag absenden", "antrag einreichen", "antrag stellen",
                    "bewerbung absenden", "bewerbung einreichen", "bewerbung abschicken",
                    "steuererklarung ubermitteln", "steuererklarung absenden",
                    "steuererklarung einreichen", "erklarung ubermitteln",
                    "alle senden"),
          "pays": ("guthaben aufladen *", "aufladen $ *", "konto aufladen *",
                   "gebot abgeben *", "bieten", "bieten $ *", "jetzt bieten", "abheben",
                   "geld abheben *", "abheben $ *", "auszahlen", "auszahlen $ *",
                   "auszahlung beantragen *")},
    spare=tuple(f"{w} formatieren" for w in _FORMAT_TEXT),
)  # fmt: skip
_PT = _more(
    _PT,
    flag={"deletes": ("formatar", "formatar @disk **"),
          "sends": ("assinar agora", "assinar documento", "assinar eletronicamente",
                    "enviar candidatura", "enviar declaracao **", "entregar declaracao **"),
          "pays": ("recarregar celular *", "recarregar saldo *", "recarregar $ *",
                   "recarregar agora", "dar lance *", "fazer lance *",
                   "retirar", "sacar", "sacar $ *", "sacar dinheiro *", "retirar $ *")},
    spare=tuple(f"formatar {w}" for w in _FORMAT_TEXT),
)  # fmt: skip
_IT = _more(
    _IT,
    flag={"deletes": ("formatta", "formattare", "formatta @disk **", "formattare @disk **"),
          "sends": ("firma ora", "firma adesso", "firma documento",
                    "invia candidatura", "invia domanda", "presenta domanda",
                    "invia dichiarazione **"),
          "pays": ("ricarica credito *", "ricarica saldo *", "ricarica conto *",
                   "fai offerta *", "fare offerta *", "conferma offerta *",
                   "punta $ *", "preleva", "preleva $ *", "prelievo $ *")},
    spare=tuple(f"formatta {w}" for w in _FORMAT_TEXT),
)  # fmt: skip
_NL = _more(
    _NL,
    spare=("verder naar bestellen", "verder naar afrekenen", "doorgaan naar bestellen"),
    flag={"deletes": ("formatteren", "de installeren", "deinstalleren"),
          "sends": ("ondertekenen", "nu ondertekenen", "onderteken", "aanvraag indienen",
                    "aanvraag versturen", "aangifte indienen *", "aangifte versturen *",
                    "verzenden naar iedereen", "naar iedereen verzenden"),
          "pays": ("betalen met *", "betaal met *", "opwaarderen", "opwaarderen $ *",
                   "saldo opwaarderen *", "bieden", "bod plaatsen *", "bied $ *",
                   "geld opnemen *", "opnemen $ *")},
)  # fmt: skip
_SV = _more(
    _SV,
    flag={"deletes": ("formatera", "avinstallera"),
          "sends": ("signera", "signera med bankid", "skriv under", "skicka ansokan",
                    "lamna in deklaration *"),
          "pays": ("fyll pa saldo *", "ladda kortet *", "lagg bud *", "ta ut pengar *",
                   "ta ut $ *")},
)  # fmt: skip
_DA = _more(
    _DA,
    flag={"deletes": ("formater drev *", "afinstaller"),
          "sends": ("underskriv", "underskriv med mitid", "send ansogning"),
          "pays": ("optank *", "giv bud *", "haev $ *")},
)  # fmt: skip
_FI = _more(
    _FI,
    flag={"deletes": ("alusta asema *", "alusta levy *", "poista asennus"),
          "sends": ("allekirjoita", "allekirjoita sopimus *", "laheta hakemus"),
          "pays": ("lataa saldoa *", "tee tarjous *", "nosta rahaa *")},
)  # fmt: skip
_PL = _more(
    _PL,
    flag={"deletes": ("formatuj", "sformatuj", "formatuj @disk **", "odinstaluj"),
          "sends": ("podpisz", "podpisz umowe **", "podpisz dokument **", "zloz wniosek *",
                    "wyslij wniosek *", "zloz deklaracje *", "wyslij do wszystkich"),
          "pays": ("doladuj", "doladuj $ *", "doladuj konto *", "doladuj telefon *",
                   "licytuj", "licytuj $ *", "zloz oferte *", "wyplac", "wyplac $ *",
                   "wyplac srodki *")},
)  # fmt: skip
_TR = _more(
    _TR,
    flag={"deletes": ("bicimlendir", "diski bicimlendir", "kaldir uygulamayi"),
          "sends": ("imzala", "sozlesmeyi imzala *", "basvuruyu gonder", "basvur",
                    "beyanname gonder *", "herkese gonder"),
          "pays": ("bakiye yukle *", "yukle $ *", "teklif ver *", "para cek *",
                   "cek $ *")},
)  # fmt: skip
_RU = _more(
    _RU,
    flag={"deletes": ("форматировать", "форматировать @disk **", "удалить приложение"),
          "sends": ("подписать", "подписать договор **", "подписать документ **",
                    "подать заявку", "подать заявление", "отправить заявление",
                    "отправить декларацию *", "отправить всем"),
          "pays": ("пополнить", "пополнить $ *", "пополнить баланс *", "пополнить счет *",
                   "сделать ставку *", "вывести средства *", "вывести деньги *",
                   "вывести $ *", "снять деньги *", "снять $ *")},
)  # fmt: skip
_UK = _more(
    _UK,
    flag={"deletes": ("форматувати", "видалити програму"),
          "sends": ("підписати", "підписати договір **", "подати заявку", "подати заяву"),
          "pays": ("поповнити", "поповнити $ *", "поповнити рахунок *", "вивести кошти *",
                   "зняти готівку *", "зробити ставку *")},
)  # fmt: skip
_CS = _more(
    CZECH,
    flag={"deletes": ("formatovat", "naformatovat", "odinstalovat", "odinstalovat aplikaci"),
          "sends": ("podepsat", "podepsat smlouvu **", "odeslat zadost", "podat zadost",
                    "podat priznani *"),
          "pays": ("dobit kredit *", "dobit $ *", "prihodit *", "vybrat penize *",
                   "vybrat $ *")},
)  # fmt: skip
_RO = _more(
    ROMANIAN,
    flag={"deletes": ("formateaza", "dezinstaleaza", "dezinstalare"),
          "sends": ("semneaza", "semneaza contractul **", "trimite cererea",
                    "depune cererea", "depune declaratia *"),
          "pays": ("reincarca cartela *", "reincarca $ *", "liciteaza *", "retrage bani *",
                   "retrage $ *")},
)  # fmt: skip
_HU = _more(
    _HU,
    flag={"deletes": ("formazas", "formazas inditasa", "eltavolitas"),
          "sends": ("alairom", "szerzodes alairasa *", "kerelem bekuldese",
                    "bevallas bekuldese *"),
          "pays": ("egyenleg feltoltese *", "feltoltes $ *", "licitalok *",
                   "penzfelvetel *")},
)  # fmt: skip
_EL = _more(
    GREEK,
    flag={"deletes": ("απεγκατασταση", "μορφοποιηση δισκου *"),
          "sends": ("υπογραψτε", "υπογραφη συμβασης *", "υποβολη αιτησης", "υποβολη δηλωσης *"),
          "pays": ("φορτιση υπολοιπου *", "αναληψη χρηματων *", "αναληψη $ *",
                   "υποβολη προσφορας *")},
)  # fmt: skip
_HE = _more(
    HEBREW,
    flag={"deletes": ("הסר התקנה", "הסרת התקנה", "פרמוט", "פרמט"),
          "sends": ("חתום", "חתום על החוזה **", "חתמו", "הגש בקשה", "שלח בקשה"),
          "pays": ("טען יתרה *", "הטען $ *", "משוך כסף *", "משיכת כספים *", "הצע הצעה *")},
)  # fmt: skip
_AR = _more(
    ARABIC,
    flag={"deletes": ("الغاء التثبيت", "تهيئة القرص *", "تهيئة الذاكرة *"),
          "sends": ("وقع", "وقع العقد **", "توقيع العقد **", "قدم الطلب", "تقديم الطلب",
                    "ارسل الطلب"),
          "pays": ("اشحن رصيدك *", "اشحن الرصيد *", "شحن الرصيد *", "اشحن $ *",
                   "سحب الاموال *", "اسحب $ *", "قدم عرضا *")},
)  # fmt: skip
_MS = _more(
    _MS,
    flag={"deletes": ("copot pemasangan", "hapus instalan", "nyahpasang"),
          "sends": ("tanda tangani", "tandatangani", "kirim lamaran *",
                    "ajukan permohonan *"),
          "pays": ("isi saldo *", "isi ulang *", "top up saldo *", "tarik dana *",
                   "tarik tunai *", "tarik $ *", "transfer sekarang", "transfer $ *",
                   "pasang tawaran *")},
)  # fmt: skip
_VI = _more(
    VIETNAMESE,
    never=("thanh cong", "da thanh toan"),
    flag={"deletes": ("go cai dat", "go bo cai dat", "dinh dang o dia *"),
          "sends": ("ky hop dong **", "ky ngay", "ky ten", "nop ho so *", "nop don *",
                    "nop to khai *"),
          "pays": ("nap tien *", "rut tien *", "dat gia $ *", "dat gia thau *", "tra gia $ *")},
)  # fmt: skip
_ZH = _more(
    _ZH,
    flag={"deletes": ("解除安裝", "解除安装"),
          "sends": ("签署", "簽署", "提交申请", "提交申請", "递交申请", "遞交申請", "提交申報",
                    "提交申报"),
          "pays": ("儲值", "储值", "出价", "出價", "提现", "提現", "立即开通 $", "開通 $")},
)  # fmt: skip
_JA = _more(
    _JA,
    flag={"deletes": ("フォーマットする", "初期化する"),
          "sends": ("申請する", "申請を送信", "電子署名する"),
          "pays": ("今すぐ買う", "入札する", "出金する", "出金", "月額 $")},
)  # fmt: skip
_KO = _more(
    _KO,
    flag={"deletes": ("포맷하기", "설치 제거"),
          "sends": ("서명하기", "계약서 서명"),
          "pays": ("입찰하기", "출금하기", "출금")},
)  # fmt: skip
_TH = _more(
    _TH,
    never=("สำเร็จ",),
    flag={"deletes": ("ถอนการติดตั้ง",),
          "sends": ("ลงนาม", "ยื่นคำขอ"),
          "pays": ("ถอนเงิน", "ประมูลเลย", "เสนอราคา")},
)  # fmt: skip
_INDIC = _more(
    _INDIC,
    flag={"deletes": ("अनइंस्टॉल", "फ़ॉर्मेट करें", "फॉर्मेट करें"),
          "sends": ("हस्ताक्षर करें", "आवेदन जमा करें"),
          "pays": ("पैसे निकालें", "बोली लगाएं")},
)  # fmt: skip
_NO = _more(
    NORWEGIAN,
    flag={"deletes": ("avinstaller", "formater disken *"),
          "sends": ("signer", "signer na", "signer med bankid", "send soknad"),
          "pays": ("fyll pa *", "legg inn bud *", "ta ut penger *")},
)  # fmt: skip

# Pass 9 and 10 (issue 37): two more writers' labels (tests/data/irreversible_heldout_pass9
# .json and pass10, counted as held out before and after pass 8's tuning, then tuned on);
# pass 10's writer recalled real programs' wordings, program by program. The families,
# for every language of the sets where the English rules had them: terminating a cloud
# instance, clearing an app's data or storage, emptying a folder, deleting a message for
# everyone or recalling it, replacing a file at the destination, resetting all or network
# settings, buying and selling in a trading app, adopting and signing, agreeing and paying,
# finishing a booking, sending to all; a German, Hungarian binding order; a yes under
# apt's "will be REMOVED" and a dialog that charges a card or authorises a disbursement;
# and (in _irreversible.py) a short label naming an amount pays whatever its verb. Kept
# safe: a test e-mail sent in any language, ``Uninstall or change a program`` (a control
# panel's page), ``Sell on Amazon`` (a page), an album of what was recently deleted
# (``最近删除``), a step to a checkout (``前往結帳``, ``購入手続きへ進む``), a statement of
# deposits and withdrawals (``入出金明細``), a notice that an order went through; and
# ``下標`` passes (an auction's bid in Taiwan, but a subscript in every editor).
_EN = _more(
    _EN,
    never=("successfully",),
    warnings=("essential packages", "you are trying to remove", "will reset all",
              "authorize disbursement", "authorise disbursement", "agree to the loan"),
    flag={"deletes": ("clear storage", "clear app storage", "clear app data", "void invoice",
                      "void invoice #", "reset network settings", "reset keyboard dictionary",
                      "reset this pc", "reset this pc **", "factory restore",
                      "deregister ami", "deregister image", "deregister images"),
          "sends": ("adopt and sign", "submit payroll", "start rollout **",
                    "transmit returns **", "transmit return **", "finalize invoice **",
                    "finalise invoice **", "request to book"),
          "pays": ("refund payment *", "issue refund *", "refund $ *", "convert now",
                   "open trade", "submit wire transfer", "submit wire *")},
    spare=("uninstall or change **", "sell on **", "send test **", "send a test **"),
)  # fmt: skip
_ES = _more(
    _ES,
    spare=("enviar correo prueba", "enviar e mail prueba", "enviar email prueba"),
    flag={"deletes": ("terminar instancia *", "borrar datos *", "borrar almacenamiento",
                      "vaciar carpeta *", "eliminar para todos", "reemplazar archivo **",
                      "reemplazar archivos **", "restablecer todos ajustes",
                      "restablecer ajustes red"),
          "sends": ("adoptar y firmar",),
          "pays": ("** y pagar *",)},
)  # fmt: skip
_FR = _more(
    _FR,
    spare=("envoyer e mail test", "envoyer email test", "envoyer mail test"),
    flag={"deletes": ("resilier instance *", "mettre fin instance *", "effacer donnees *",
                      "vider stockage", "vider dossier *", "supprimer pour tout monde",
                      "supprimer pour tous", "remplacer fichier **", "remplacer fichiers **",
                      "reinitialiser tous reglages", "reinitialiser reglages reseau"),
          "sends": ("adopter et signer", "signer declaration **"),
          "pays": ("** et payer *", "finaliser reservation *")},
    warnings=("seront enleves", "seront supprimes"),
)  # fmt: skip
_DE = _more(
    _DE,
    spare=("test ** senden", "testmail senden"),
    assent=("freigeben",),
    flag={"deletes": ("instanz beenden", "instance beenden", "instanz loschen",
                      "speicher leeren", "ordner leeren", "fur alle loschen",
                      "datei ersetzen", "dateien ersetzen", "netzwerkeinstellungen zurucksetzen"),
          "sends": ("ubernehmen und unterschreiben", "erklarung absenden",
                    "erklarung ubermitteln"),
          "pays": ("** und zahlen *", "** und bezahlen *", "verbindlich buchen",
                   "verbindlich bestellen", "kostenpflichtig bestellen",
                   "kostenpflichtig buchen", "gebot bestatigen")},
    warnings=("werden entfernt", "wird entfernt", "mit $ belastet", "wird mit $ belastet"),
)  # fmt: skip
_PT = _more(
    _PT,
    spare=("enviar e mail teste", "enviar email teste"),
    flag={"deletes": ("encerrar instancia *", "limpar dados *", "limpar armazenamento",
                      "esvaziar pasta *", "apagar para todos", "excluir para todos",
                      "substituir arquivo **", "substituir ficheiro **",
                      "redefinir todos ajustes"),
          "sends": ("adotar e assinar",),
          "pays": ("** e pagar *",)},
)  # fmt: skip
_IT = _more(
    _IT,
    spare=("invia e mail prova", "invia email prova", "invia email test"),
    flag={"deletes": ("termina istanza *", "cancella dati *", "svuota memoria",
                      "svuota cartella *", "elimina per tutti", "sostituisci file **",
                      "ripristina tutte impostazioni", "ripristina impostazioni rete"),
          "sends": ("adotta e firma",),
          "pays": ("** e paga *", "** e pagare *", "completa prenotazione *")},
)  # fmt: skip
_NL = _more(
    _NL,
    flag={"deletes": ("verwijderen voor iedereen", "map legen", "gegevens wissen"),
          "sends": ("verzenden naar alle **",),
          "pays": ("** en betalen *",)},
)  # fmt: skip
_SV = _more(
    _SV,
    flag={"deletes": ("tom mappen", "radera for alla", "rensa data"),
          "sends": ("skriv under och skicka **",),
          "pays": ("** och betala *",)},
)  # fmt: skip
_PL = _more(
    _PL,
    flag={"deletes": ("usun dla wszystkich", "wyczysc dane *"),
          "sends": ("podpisz i wyslij *", "akceptuj i wyslij *"),
          "pays": ("** i zaplac *",)},
)  # fmt: skip
_FI = _more(_FI, flag={"pays": ("** ja maksa *",)})
_TR = _more(
    _TR,
    flag={"deletes": ("verileri temizle", "verileri sil", "herkesten sil"),
          "pays": ("transferi onayla", "havaleyi onayla")},
    warnings=("kaldirmak istediginizden", "silmek istediginizden"),
)  # fmt: skip
_RU = _more(
    _RU,
    flag={"deletes": ("очистить данные", "стереть данные", "удалить у всех",
                      "удалить для всех"),
          "pays": ("** и оплатить *",)},
)  # fmt: skip
_UK = _more(_UK, flag={"pays": ("придбати *", "задонатити *")})
_RO = _more(
    _RO,
    never=("cu succes",),
    flag={"deletes": ("resetare la setarile din fabrica", "resetare setari fabrica",
                      "revenire la setarile din fabrica")},
)  # fmt: skip
_HU = _more(_HU, flag={"pays": ("fizetesi kotelezettseggel jaro megrendeles",
                                "megrendeles fizetesi kotelezettseggel")})  # fmt: skip
_HE = _more(
    _HE,
    flag={"deletes": ("מחיקת **",), "pays": ("ביצוע הזמנה",)},
)  # fmt: skip
_AR = _more(
    _AR,
    flag={"deletes": ("افراغ سلة المحذوفات", "مسح البيانات", "محو البيانات", "مسح الدردشة",
                      "مسح كل المحتوى والاعدادات", "حذف لدى الجميع")},
)  # fmt: skip
_MS = _more(_MS, flag={"deletes": ("hapus data", "hapus untuk semua orang")})
_VI = _more(_VI, flag={"deletes": ("thu hoi", "xoa du lieu", "xoa voi moi nguoi")})
_ZH = _more(
    _ZH,
    never=("最近", "前往"),
    flag={"deletes": ("终止实例", "終止執行個體", "终止执行实例", "清除数据", "清除資料",
                      "清理資源回收筒", "清空資源回收筒", "撤回", "替换目标中的文件",
                      "替换文件", "取代檔案", "还原所有设置", "重置所有设置", "還原所有設定",
                      "重置所有設定"),
          "sends": ("送出申請", "投递简历", "投遞履歷"),
          "pays": ("買進", "賣出", "买入", "卖出", "完成预订", "完成預訂")},
)  # fmt: skip
_JA = _more(
    _JA,
    never=("明細", "へ進む"),
    flag={"deletes": ("インスタンスを終了", "データを消去", "ストレージを消去",
                      "すべての設定をリセット"),
          "sends": ("採用して署名", "応募する"),
          "pays": ("注文を発注", "買い注文", "売り注文")},
)  # fmt: skip
_KO = _more(
    _KO,
    flag={"deletes": ("인스턴스 종료", "데이터 삭제", "모든 설정 재설정"),
          "sends": ("전체 발송",)},
    warnings=("을 보낼게요", "를 보낼게요"),
)  # fmt: skip
_TH = _more(
    _TH,
    never=("บันทึก",),
    flag={"deletes": ("ล้างข้อมูล", "ล้างพื้นที่เก็บข้อมูล", "ลบสำหรับทุกคน")},
)  # fmt: skip
_INDIC = _more(_INDIC, flag={"pays": ("ऑर्डर की पुष्टि करें",)})

# Stop 68 (issue 37, the fifth attacker pass's labels): booking and reserving with money,
# in every language of the sets (a room, a flight, a ticket, a stay, "now", a count of
# them; confirming or finishing a booking), the word order "all, erase" (``Tout effacer``),
# resetting a device by name (``Réinitialiser l'appareil``), and Japanese settling
# (``決済する``). Kept safe: a booking's page and its ways round it (``My bookings``,
# ``Booking details``, ``Manage booking``, ``Change booking``), ``Bookmarks``, ``Address
# Book``, ``Book a demo``, ``Book a table`` and ``Book appointment`` (a free slot, not
# money), ``Reset view``, ``Reset filters``; ``Book`` alone (a noun as often as a verb),
# German ``Buchen`` alone is flagged (a verb only: the last step of a booking).
_EN = _more(
    _EN,
    sets={"bookable": ("now", "room", "rooms", "flight", "flights", "ticket", "tickets",
                       "hotel", "stay", "trip", "seat", "seats", "tour", "ride", "cabin",
                       "suite", "package", "vacation", "holiday", "train", "rental", "car",
                       "night", "nights")},
    flag={"pays": ("book @bookable *", "book # @bookable *", "reserve @bookable *",
                   "reserve # @bookable *", "book and pay *", "reserve and pay *",
                   "confirm reservation *", "complete reservation *",
                   "finalize reservation *", "finalise reservation *", "secure @bookable *",
                   # a game's or a stream's own money, spent: the price is a number
                   "spend # **", "spend $ **", "unlock for # **", "unlock for $ **",
                   "cheer # **", "rent now *", "submit offer *", "confirm offer *"),
          # a disk written over: an image flashed, a partition table applied
          "deletes": ("write ** to @disk", "commit ** to @disk", "write image **",
                      "write @disk image **", "apply all operations", "apply pending operations",
                      "replace all # @replaced **", "replace # @replaced **",
                      "dissolve **", "disband **"),
          "publishes": ("post anyway", "publish anyway")},
)  # fmt: skip
_FR = _more(
    _FR,
    sets={"bookable": ("maintenant", "chambre", "chambres", "vol", "vols", "billet", "billets",
                       "sejour", "voyage", "place", "places", "hotel", "nuit", "nuits"),
          "device": ("appareil", "telephone", "tablette", "ordinateur", "pc", "iphone", "ipad",
                     "mac", "smartphone", "mobile")},
    flag={"pays": ("reserver @bookable *", "reserver # @bookable *", "reservez @bookable *",
                   "confirmer reservation *", "valider reservation *",
                   "terminer reservation *"),
          "deletes": ("tout effacer", "tout supprimer", "tout vider",
                      "reinitialiser @device **")},
)  # fmt: skip
_DE = _more(
    _DE,
    sets={"bookable": ("jetzt", "sofort", "zimmer", "flug", "fluge", "reise", "ticket",
                       "tickets", "hotel", "unterkunft", "platz", "platze", "sitzplatz",
                       "mietwagen", "ubernachtung")},
    flag={"pays": ("buchen", "@bookable buchen", "# @bookable buchen", "reservieren",
                   "@bookable reservieren", "buchung bestatigen", "buchung abschliessen",
                   "reservierung bestatigen", "reservierung abschliessen")},
)  # fmt: skip
_ES = _more(
    _ES,
    sets={"bookable": ("ahora", "ya", "habitacion", "vuelo", "vuelos", "billete", "billetes",
                       "boleto", "boletos", "entradas", "hotel", "viaje", "plaza", "plazas",
                       "asiento", "asientos", "estancia"),
          "device": ("dispositivo", "telefono", "movil", "tableta", "equipo", "ordenador", "pc",
                     "iphone", "celular")},
    flag={"pays": ("reservar @bookable *", "reservar # @bookable *", "reserva ahora",
                   "confirmar reserva *", "finalizar reserva *", "completar reserva *"),
          "deletes": ("restablecer @device **",)},
)  # fmt: skip
_IT = _more(
    _IT,
    sets={"bookable": ("ora", "adesso", "subito", "camera", "volo", "voli", "biglietto",
                       "biglietti", "hotel", "viaggio", "posto", "posti", "soggiorno"),
          "device": ("dispositivo", "telefono", "tablet", "computer", "pc", "iphone",
                     "smartphone")},
    flag={"pays": ("prenota @bookable *", "prenota # @bookable *", "prenotare @bookable *",
                   "prenota e paga *", "conferma prenotazione *", "completa prenotazione *"),
          "deletes": ("ripristina @device **", "reimposta @device **")},
)  # fmt: skip
_PT = _more(
    _PT,
    sets={"bookable": ("agora", "ja", "quarto", "voo", "voos", "bilhete", "bilhetes",
                       "passagem", "passagens", "hotel", "viagem", "lugar", "lugares",
                       "estadia"),
          "device": ("dispositivo", "telefone", "celular", "tablet", "computador", "pc",
                     "iphone", "telemovel")},
    flag={"pays": ("reservar @bookable *", "reservar # @bookable *", "reserve agora",
                   "confirmar reserva *", "finalizar reserva *", "concluir reserva *"),
          "deletes": ("redefinir @device **",)},
)  # fmt: skip
_NL = _more(
    _NL,
    flag={
        "pays": (
            "nu boeken",
            "boek nu",
            "direct boeken",
            "boeken en betalen",
            "nu reserveren",
            "reserveer nu",
            "boeking bevestigen",
            "reservering bevestigen",
            "boeking afronden",
        )
    },
)
_SV = _more(
    _SV,
    flag={
        "pays": ("boka nu", "boka och betala", "bekrafta bokning", "slutfor bokning", "boka direkt")
    },
)
_DA = _more(
    _DA,
    flag={
        "pays": ("book nu", "bestil nu", "bekraeft booking", "bekraeft reservation", "reserver nu")
    },
)
_NO = _more(
    _NO,
    flag={
        "pays": (
            "book na",
            "bestill na",
            "bekreft booking",
            "bekreft bestilling",
            "fullfor booking",
        )
    },
)
_FI = _more(
    _FI, flag={"pays": ("varaa nyt", "vahvista varaus", "vahvista tilaus", "viimeistele varaus")}
)
_PL = _more(
    _PL,
    flag={
        "pays": (
            "zarezerwuj teraz",
            "rezerwuj teraz",
            "zarezerwuj",
            "potwierdz rezerwacje",
            "dokoncz rezerwacje",
        )
    },
)
_TR = _more(
    _TR,
    flag={
        "pays": (
            "simdi rezervasyon yap",
            "hemen rezervasyon yap",
            "rezervasyon yap",
            "rezervasyonu onayla",
            "rezervasyonu tamamla",
        )
    },
)
_RU = _more(
    _RU,
    flag={
        "pays": (
            "забронировать",
            "забронировать сейчас",
            "подтвердить бронирование",
            "оформить бронирование",
        )
    },
)
_UK = _more(_UK, flag={"pays": ("забронювати", "забронювати зараз", "підтвердити бронювання")})
_CS = _more(
    _CS,
    flag={
        "pays": (
            "rezervovat nyni",
            "zavazne rezervovat",
            "potvrdit rezervaci",
            "dokoncit rezervaci",
        )
    },
)
_ZH = _more(
    _ZH,
    flag={
        "pays": (
            "立即预订",
            "马上预订",
            "确认预订",
            "预订并支付",
            "立即预定",
            "确认预定",
            "立即預訂",
            "確認預訂",
            "預訂並付款",
        )
    },
)
_JA = _more(
    _JA,
    flag={
        "pays": (
            "今すぐ予約",
            "予約を確定",
            "予約確定",
            "予約して支払",
            "決済する",
            "決済を確定",
            "決済確定",
            "決済を完了",
        )
    },
)
_KO = _more(_KO, flag={"pays": ("지금 예약", "바로 예약", "예약 확정")})

# Stop 68, the seventh attacker pass's labels (tuned on them, after pass 15 was counted):
# money paid out, charged, refunded or voided, a payroll run; a log or table truncated, a
# disk reformatted, repartitioned or zeroed; a key regenerated (the old one stops working).
# Kept safe: ``Payout settings``, ``Charging``, ``Refund policy``, ``Void`` alone,
# ``Truncate text``, ``Reformat code``, ``Regenerate preview``, ``Zero padding``.
_EN = _more(
    _EN,
    flag={"pays": ("commit to buy *", "instant payout *", "payout now *", "payout $ *",
                   "charge customer *", "refund customer *", "void @money_noun *",
                   "approve payroll *", "run payroll *", "tap to pay *"),
          "deletes": ("truncate @table **", "truncate log *", "truncate logs *", "reformat",
                      "reformat @disk **", "repartition", "repartition @disk **",
                      "zero out **", "regenerate @cloud **")},
)  # fmt: skip
_DE = _more(
    _DE,
    flag={"deletes": ("werkseinstellungen wiederherstellen",), "pays": ("abbuchen", "** abbuchen")},
)
_ES = _more(_ES, flag={"deletes": ("resetear @device **",), "pays": ("liquidar deuda *",)})
_IT = _more(_IT, flag={"pays": ("saldare ora", "salda ora", "saldare conto *", "salda conto *")})
_PT = _more(_PT, flag={"pays": ("quitar divida *",)})
_ZH = _more(_ZH, flag={"pays": ("转出", "打款")})
_JA = _more(_JA, flag={"pays": ("払い出す",)})

#: A label this short (in words) that names an amount of money pays, whatever its verb
#: (``Chip in $10``, ``Boost post for $20``, ``訂閱 NT$150/月``), unless it holds a word
#: of :data:`AMOUNT_TEXTS` or a ``nav`` or ``never`` word of any language (pass 9).
AMOUNT_LABEL_WORDS: Final = 7
#: Words beside an amount that make it a price, a balance, a saving or a filter: text or
#: a page, not a payment (``Price: $49.99``, ``Save 20 €``, ``Free shipping over $50``,
#: ``Add 1 to order • $12.99``); Chinese, Japanese and Korean ones are found inside.
AMOUNT_TEXTS: Final = (
    "price", "prices", "priced", "save", "saved", "saving", "savings", "balance", "free",
    "over", "from", "under", "up", "add", "added", "cart", "basket", "bag", "wishlist",
    "compare", "shipping", "delivery", "coupon", "discount", "off", "total", "subtotal",
    "limit", "each", "worth", "value", "earn", "earned", "get", "gift", "credit", "credits",
    "fee", "fees", "starting", "starts", "only", "was", "now only", "estimated", "approx",
    "precio", "ahorra", "saldo", "gratis", "desde", "envio", "descuento", "anadir", "carrito",
    "prix", "economisez", "solde", "gratuit", "des", "livraison", "remise", "ajouter", "panier",
    "preis", "sparen", "spare", "guthaben", "kostenlos", "ab", "versand", "rabatt",
    "hinzufugen", "warenkorb", "preco", "economize", "frete", "desconto", "adicionar",
    "carrinho", "prezzo", "risparmia", "gratuito", "spedizione", "sconto", "aggiungi",
    "carrello", "цена", "баланс", "бесплатно", "скидка", "корзину",
    "价格", "價格", "余额", "餘額", "免运费", "免運費", "起", "价", "価格", "残高", "送料",
    "から", "가격", "잔액", "무료", "부터",
)  # fmt: skip

#: Every language the classifier reads, by code.
LANGUAGES: Final[Mapping[str, Language]] = {
    "en": _EN, "es": _ES, "fr": _FR, "de": _DE, "pt": _PT, "it": _IT, "nl": _NL, "sv": _SV,
    "da": _DA, "fi": _FI, "pl": _PL, "tr": _TR, "ru": _RU, "zh": _ZH, "ja": _JA, "ko": _KO,
    "cs": _CS, "sk": SLOVAK, "hu": _HU, "ro": _RO, "el": _EL, "uk": _UK,
    "sh": _SH, "he": _HE, "ar": _AR, "ms": _MS, "vi": _VI,
    "no": _NO, "ca": CATALAN, "lt": BALTIC, "sw": SWAHILI, "th": _TH, "hi": _INDIC,
    "is": _IS, "eu": _EU, "eo": _EO, "kk": _KK, "az": AZERI, "lb": LUX_MALTESE_LATIN,
    "yo": AFRICAN, "tg": CENTRAL_ASIA, "ht": WORLD_LATIN, "be": CYRILLIC_MORE,
}  # fmt: skip
