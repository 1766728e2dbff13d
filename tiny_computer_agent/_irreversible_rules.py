"""The rules of :mod:`._irreversible`, as data: what a label means, per language.

Reviewed like code: a change here changes what the policy asks a person about. Every
word is normalised by the policy's own functions when the rules are compiled (skeleton,
OCR's confusions folded), so write plain words, accents or not.

**Latin-script languages** (en, es, fr, de, pt, it): a label's words are matched whole
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
:attr:`~Language.spare` lists whole labels that are look-alikes, checked first.

**Chinese and Japanese** (no spaces): a label flags when it holds a trigger of
:attr:`~Language.flag` and what is left once that trigger is taken out holds none of
``never`` (``已删除`` leaves ``已``, done: a folder's name, not a button) and, unless it
deletes, none of ``nav`` (``支付方式``, payment methods; but ``抹掉所有内容和设置`` erases
the settings too).

**Decisions** (see docs/guides/irreversible.md): cancelling is the safe way out and is
never flagged (``Cancel order``, ``Cancel subscription``); ``Send feedback`` opens a form
and passes; ``Discard changes`` passes like ``Don't Save``; ``Submit``, ``Order``,
``Checkout``, ``Format`` and ``Reset`` alone pass (a form, a column, a checkout page, a
text style, a form reset); a sentence (it ends with a full stop and has 4 or more
words, it asks a question, or it has more than :data:`MAX_WORDS` words) is prose, not a
button.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final

__all__ = ["AMOUNT_WORDS", "CURRENCY_SYMBOLS", "LANGUAGES", "MAX_CHARS", "MAX_WORDS", "Language"]

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
)  # fmt: skip


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


ENGLISH: Final = Language(
    name="English",
    prefixes=("yes", "ok", "okay", "sure", "please", "i understand", "now", "permanently",
              "confirm and", "agree and", "accept and"),
    skip=("the", "a", "an", "this", "these", "that", "those", "my", "your", "our", "selected"),
    nav=("history", "settings", "options", "preferences", "method", "methods", "details",
         "status", "info", "information", "summary", "records", "list", "page", "center",
         "office", "hours", "attention", "respect", "tribute", "visit"),
    never=("cancel", "cancelled", "undo", "not", "don", "never", "feedback", "help", "guide",
           "policy", "tips", "faq", "later", "automatically", "when", "if", "after", "older",
           "received", "back", "backward", "backwards", "front", "schedule", "draft"),
    sets={
        "serious": ("account", "accounts", "user", "users", "member", "members", "device",
                    "devices", "everything", "all", "file", "files", "folder", "folders",
                    "photo", "photos", "message", "messages", "repository", "project", "data",
                    "app", "application", "contact", "contacts", "permanently", "forever"),
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
                       "donation", "booking"),
        "money_verb": ("subscribe", "donate", "rent", "tip", "checkout", "renew", "upgrade",
                       "order", "confirm", "continue", "get", "book", "withdraw", "swap",
                       "sell"),
        "money": ("money", "funds", "payment", "crypto", "bitcoin", "ownership", "balance"),
        "everyone": ("all", "everyone", "everybody", "all contacts", "all members",
                     "subscribers", "list"),
        "postable": ("comment", "reply", "review", "update", "publicly", "story", "tweet"),
    },
    spare=("send to", "remove from **"),
    flag={
        "deletes": (
            "delete **", "erase **", "wipe **", "destroy **", "purge **", "shred **",
            "uninstall **", "revoke **", "remove", "remove @serious **", "remove # **",
            "empty @bin", "empty @bin now", "format @disk **", "factory reset **",
            "reset @device **", "reset to factory **", "erase and reset **",
            "discard all **", "discard everything", "clear @data **", "@close @account **",
            "factory data reset **",
            "sign out of all **", "sign out of everything", "sign out everywhere",
            "log out of all **", "log out everywhere",
        ),
        "pays": (
            "pay *", "buy *", "purchase *", "donate *", "order now *", "order * $ *",
            "@confirm @money_noun *", "@money_verb ** $ **", "checkout $ *",
        ),
        "sends": (
            "send *", "transfer", "transfer $ *", "transfer # *", "transfer @money *",
            "transfer now", "send $ *",
        ),
        "publishes": (
            "publish *", "post", "post now", "post to *", "post @postable *",
            "broadcast *", "tweet", "share publicly", "make public", "send to @everyone *",
        ),
    },
)  # fmt: skip

SPANISH: Final = Language(
    name="Spanish",
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
    prefixes=("ja", "ok", "jetzt", "endgultig", "sofort", "bitte", "dauerhaft", "alle"),
    skip=("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "mein", "meine",
          "meinen", "dein", "deine", "ihr", "ihre", "ihren", "diese", "dieses", "diesen", "an"),
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
            "@device zurucksetzen", "** vernichten", "** widerrufen", "konto schliessen",
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
            "remover @serious **", "desinstalar **", "esvaziar @bin", "formatar @disk **",
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
            "rimuovi @serious **", "disinstalla **", "svuota @bin", "formatta @disk **",
            "ripristina ** fabbrica **", "distruggi **", "revoca **", "chiudi account",
        ),
        "pays": (
            "paga *", "pagare *", "acquista *", "acquistare *", "compra *", "ordina ora",
            "ordina $ *", "@confirm @money_noun *", "dona *", "abbonati ** $ **",
        ),
        "sends": (
            "invia *", "trasferisci", "trasferisci $ *", "trasferisci # *",
            "trasferisci @money *", "trasferisci ora",
        ),
        "publishes": ("pubblica *", "pubblicare *", "invia @everyone"),
    },
)  # fmt: skip

CHINESE: Final = Language(
    name="Chinese",
    cjk=True,
    flag={
        "deletes": ("删除", "清空", "卸载", "格式化", "恢复出厂设置", "出厂设置", "抹掉", "抹除",
                    "注销账", "销毁", "彻底清除", "清除所有数据", "清除全部数据"),
        "pays": ("支付", "付款", "购买", "下单", "提交订单", "确认订单", "捐款"),
        "sends": ("转账", "汇款", "发送"),
        "publishes": ("发布", "群发", "发表"),
    },
    nav=("记录", "历史", "方式", "方法", "设置", "详情", "时间", "列表"),
    never=("已", "不", "撤销", "取消", "反馈", "帮助", "说明", "未", "可以", "稍后", "草稿"),
)  # fmt: skip

JAPANESE: Final = Language(
    name="Japanese",
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

#: Every language the classifier reads, by code.
LANGUAGES: Final[Mapping[str, Language]] = {
    "en": ENGLISH, "es": SPANISH, "fr": FRENCH, "de": GERMAN, "pt": PORTUGUESE,
    "it": ITALIAN, "zh": CHINESE, "ja": JAPANESE,
}  # fmt: skip
