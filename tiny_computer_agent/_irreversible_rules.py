"""The rules of :mod:`._irreversible`, as data: what a label means, per language.

Reviewed like code: a change here changes what the policy asks a person about. Every
word is normalised by the policy's own functions when the rules are compiled (skeleton,
OCR's confusions folded), so write plain words, accents or not.

**Languages with spaces** (en, es, fr, de, pt, it, nl, sv, da, fi, pl, tr, and ru in
Cyrillic, read in its own case and in lower case): a label's words are matched whole
against each pattern of :attr:`Language.flag`, after leading :attr:`~Language.prefixes`
(``Yes,``, ``OK``, ``Jetzt``) are dropped and :attr:`~Language.skip` words (articles,
possessives) are left out. In a pattern:

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

**Chinese, Japanese and Korean** (Korean has spaces, but its verbs take endings:
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
text style, a form reset); a sentence (it ends with a full stop and has 4 or more
words, it asks a question, or it has more than :data:`MAX_WORDS` words) is prose, not a
button. Decided after the second attacker pass (issue 37):

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
    "AMOUNT_WORDS", "COMPOSER_WORDS", "CURRENCY_SYMBOLS", "GLYPHS", "LANGUAGES", "MAX_CHARS",
    "MAX_WORDS", "REFUSE_GLYPHS", "Language",
]  # fmt: skip

#: A Latin-script label with more words than this is prose.
MAX_WORDS: Final = 8
#: A Chinese or Japanese label with more letters than this is prose.
MAX_CHARS: Final = 14
#: Beside a number, these make it an amount of money.
CURRENCY_SYMBOLS: Final = "$€£¥₹₩₽₿₺₴₪฿¢円元"
AMOUNT_WORDS: Final = (
    "usd", "eur", "gbp", "jpy", "cny", "rmb", "chf", "cad", "aud", "brl", "mxn", "inr", "krw",
    "btc", "eth", "usdt", "usdc", "sol", "xrp", "ltc", "doge", "euro", "euros", "dollar",
    "dollars", "reais", "real", "yuan", "yen", "pesos", "peso", "libras", "pounds", "franken",
    "块", "ドル", "ユーロ", "美元", "欧元", "英镑", "比特币",
    "kr", "sek", "dkk", "nok", "pln", "zł", "rub", "руб", "tl", "lira", "won", "원",
)  # fmt: skip
#: Icon-only labels, read as the word they draw.
GLYPHS: Final[Mapping[str, str]] = {
    "\U0001f5d1": "delete", "\U0001f6ae": "delete",
    # a composer's send arrows and paper planes (``▶`` is left out: a player's Play; in a
    # composer it is judged by the field beside it, see COMPOSER_WORDS)
    "\u27a4": "send", "\u27a2": "send", "\u27a3": "send", "\u27a5": "send",
    "\u27a6": "send", "\u2708": "send", "\U0001f4e4": "send", "\U0001f4e8": "send",
    "\U0001f6eb": "send",
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

#: Every language the classifier reads, by code.
LANGUAGES: Final[Mapping[str, Language]] = {
    "en": _EN, "es": _ES, "fr": _FR, "de": _DE, "pt": _PT, "it": _IT, "nl": _NL, "sv": _SV,
    "da": _DA, "fi": _FI, "pl": _PL, "tr": _TR, "ru": _RU, "zh": _ZH, "ja": _JA, "ko": _KO,
}  # fmt: skip
