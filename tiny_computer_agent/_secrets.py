"""Secrets the brain never sees: placeholders expanded only at the moment of typing.

A goal names a secret by placeholder, ``<secret>NAME</secret>``; the value comes from
the environment variable ``NAME``, and only for names the person listed
(``--secret NAME``). The brain, the menu, the printed steps, the log and the trace all
carry the placeholder; the policy judges, and the real executor types, the expanded
text. So a password typed into a login field is in none of the files a run leaves.

**Where a secret may be typed** (rule ``secret-target``, :func:`secret_refusal`, in a
dry run too). A person who hands over a password expects it to go into the password
field of the form in front, and nowhere it would show on screen or leave the machine
(an address bar, a search box, a chat or mail composer, a document, a terminal). So a
``type`` whose text holds a secret (its placeholder, or its value) passes only when:

    targeted    it names its field: never typed with no target (the keys would go to
                whatever has focus), never pasted (a paste carries no placeholder)
    alone       its text is exactly one placeholder: no other text around it (an
                address, a message, a newline: press Return with a key of its own)
    a secret    the target is a field (or text read by OCR, whose kind is unknown:
    field       a login form seen only in pixels) one line tall
                (:data:`~._wheel.ONE_LINE`: not a text area, a document body or a
                composer), not a drop-down, and a secret's field: its text is masked
                (bullets or stars: what a password field shows), or its label names
                a password, a PIN, a passphrase, a secret, a token, an access or API
                key or a one-time code (:data:`SECRET_LABELS`; a label that also
                says search, address, message, chat, comment or hint does not)

or when the person named the field: ``secret_fields`` (``--secret-field LABEL``, same
letters and digits as the field's label). Never a secret's field, whatever its label: a
cell of a table or sheet (kind ``cell``: a 'Password' column is read by whoever shares
the sheet), a line as wide as its window (:data:`_PROMPT_WIDTH`: a web terminal's
prompt), or one whose label also says it is shown or shared (public, bio, profile,
description, printed, QR, paste...: :data:`_SHOWN_LABELS`), or that it is the secret's
name, a hint (in several languages) or read aloud, or that is a terminal program's
prompt (``[sudo] password for ada``, ``getpass``, ``ada@host's password``:
:data:`_PROMPT_LABELS`, a shell drawn in a page asks). ``--secret-field LABEL`` names
such a field when it is meant.

**Where a secret belongs** (its window). ``--secret NAME@WINDOW`` binds it: the window
is named as ``--window`` names one (:mod:`._scope`: a ``WM_CLASS``, a process, a whole
title compared but for case and white space, or a ``*`` pattern), and the secret is
typed only into that window or a dialog of its own program; ``--secret NAME`` (no
``@``) keeps working, unbound. An unbound secret goes into no dialog helper's window
(:data:`~._scope.DIALOG_HELPERS`: zenity, kdialog, yad, the portal...: an askpass asks
for another program, and X does not say which) and no window whose title says its page
shows or shares what is typed (share, public, paste, gist, ticket, profile, comment,
forum: :data:`_SHOWN_TITLES`). The refusal says how to bind. Decided, not done: an
unbound secret is not tied to the window in front when the run began (the policy judges
one frame at a time); and an unbound secret still goes into the password field of a
look-alike site (a phishing page, another site's one-time code): nothing on the screen
tells the two apart. Bind it (``--secret PW@'*— example.org — Mozilla Firefox'``) where
that matters. The program rules still hold on top: with
real input the field's window must take text (a program on the table of text
programs, or ``--allow-typing-in``; never a terminal).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from ._actions import Action
from ._elements import Element, Observation, Window, normalize_label
from ._errors import ActionError, PolicyRefusal
from ._scope import dialog_helper, in_scope, known_windows, name_problem
from ._wheel import ONE_LINE
from .perception import window_at

__all__ = [
    "SECRET_LABELS",
    "SECRET_PATTERN",
    "expand_secrets",
    "load_secrets",
    "placeholder",
    "redact",
    "secret_field",
    "secret_places",
    "secret_refusal",
]

#: ``<secret>NAME</secret>``; NAME is an environment variable name.
SECRET_PATTERN: Final = re.compile(r"<secret>([A-Za-z_][A-Za-z0-9_]{0,63})</secret>")

#: What a secret's field is called (searched as words in its lower-case label): a
#: password in a few languages, a PIN, a passphrase or passcode, a secret, a token, an
#: access, API, private or secret key, a one-time, verification or security code.
SECRET_LABELS: Final = re.compile(
    r"\b(pass ?words?|pass ?phrase|pass ?code|pins?|secrets?|tokens?|"
    r"(api|access|private|secret|recovery) ?keys?|otp|2fa|totp|"
    r"(one[- ]time|verification|security|authentication|auth|login|sign[- ]in) ?(pass)?codes?|"
    r"passwort|kennwort|mot de passe|contrase[nñ]a|senha|parola|wachtwoord|"
    r"has[lł]o|пароль|密码|密碼|パスワード|비밀번호)\b"
)
#: Words that make a field no secret's, whatever else its label says: it is searched,
#: sent or shown (a password manager's search, a chat about a PIN, a password hint).
_SHOWN_LABELS: Final = re.compile(
    r"\b(search|find|filter|address|url|location|message|chat|comment|reply|post|"
    r"note|notes|subject|hint|reminder|question|answer|username|user ?name|e-?mail|"
    r"public|publicly|bio|biography|description|profile|share|shared|sharing|show|shown|"
    r"visible|display|displayed|print|printed|qr|caption|status|paste|included|"
    r"name|label|title|nickname|alias|aloud|read|spoken|speak|voice|say|"
    r"tipp|hinweis|merkhilfe|indice|aide|pista|sugerencia|suggerimento|promemoria|dica|"
    r"lembrete|geheugensteun|podpowied[zź]|nápověda|подсказка|提示|ヒント|힌트)\b"
)
#: A terminal program's prompt read as a field's label (``[sudo] password for ada``,
#: ``getpass: Password``, ``ada@host's password``, ``Enter passphrase for key``): a
#: shell drawn in a page, or another machine, asks; the secret is not the form's.
_PROMPT_LABELS: Final = re.compile(
    r"\[sudo\]|\bsudo\b|\bgetpass\b|\S@\S+'s password|"
    r"\bpassphrase for (?:key|/)|\bpinentry\b"
)
#: Words of a window title that say its page or dialog shows or sends what is typed
#: (a share dialog, a public paste, a ticket, a profile): no unbound secret goes there.
_SHOWN_TITLES: Final = re.compile(
    r"\b(share|shared|sharing|public|publicly|paste|pastebin|gist|ticket|profile|"
    r"comment|comments|forum)\b"
)
#: A field at least this share of its window's width is a terminal's line (a web
#: terminal's prompt), not a form's field.
_PROMPT_WIDTH: Final = 0.9
#: Element kinds that are never a secret's field: a cell of a table or a sheet (others
#: read a sheet), whatever its column is called.
_NOT_FIELDS: Final = frozenset({"cell", "row", "item", "text", "title"})
#: Characters a masked field shows in place of each typed one.
_MASKS: Final = frozenset("•●*·∙⚫◦⬤")


def placeholder(name: str) -> str:
    """The text a goal (and a brain) writes in place of secret ``name``."""
    return f"<secret>{name}</secret>"


def load_secrets(names: Iterable[str], environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``{name: value}`` for each listed name, read from the environment.

    ActionError when a name is not a valid variable name or the variable is unset or empty
    (a secret that expands to nothing would type nothing, silently).
    """
    env = os.environ if environ is None else environ
    secrets: dict[str, str] = {}
    for given in names:
        name = given.partition(_AT)[0]
        if not SECRET_PATTERN.fullmatch(placeholder(name)):
            raise ActionError(
                f"--secret {name!r} is not an environment variable name (letters, digits "
                "and _, not starting with a digit)"
            )
        value = env.get(name, "")
        if not value:
            raise ActionError(
                f"--secret {name} names the environment variable {name}, which is unset or "
                f"empty; export it first (the goal then says {placeholder(name)})"
            )
        secrets[name] = value
    return secrets


#: What parts a secret's name from the place it is bound to: ``--secret NAME@WINDOW``.
_AT: Final = "@"


def secret_places(names: Iterable[str]) -> tuple[str, ...]:
    """The bindings among ``--secret``'s values, each ``NAME@WINDOW`` (the window named as
    ``--window`` names one: a class, a process, a whole title or a ``*`` pattern).

    ActionError when the window part cannot name a window (blank, a bare ``*``).
    """
    places = []
    for given in names:
        name, at, window = given.partition(_AT)
        if not at:
            continue
        problem = name_problem(window)
        if problem is not None:
            raise ActionError(
                f"--secret {given!r}: the window after @ cannot name a window ({problem}); "
                "write NAME@CLASS, NAME@PROCESS or NAME@'WHOLE TITLE'"
            )
        places.append(f"{name}{_AT}{window.strip()}")
    return tuple(places)


def _bound(name: str, places: Sequence[str]) -> list[str]:
    """The windows secret ``name`` is bound to (none: unbound)."""
    return [p.partition(_AT)[2] for p in places if p.partition(_AT)[0] == name]


def expand_secrets(text: str, secrets: Mapping[str, str], *, keep_unknown: bool = False) -> str:
    """``text`` with every known placeholder replaced by its value.

    ActionError for a placeholder whose name was not listed: typing the placeholder
    itself would put a wrong value in the field. ``keep_unknown`` leaves such a
    placeholder as it is instead (for judging text the executor will refuse anyway).
    """

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in secrets:
            if keep_unknown:
                return match.group(0)
            raise ActionError(
                f"the text names the secret {name!r}, which was not given: pass --secret "
                f"{name} with the value in the environment variable {name}"
            )
        return secrets[name]

    return SECRET_PATTERN.sub(value, text)


def redact(text: str, secrets: Mapping[str, str]) -> str:
    """``text`` with every secret value put back as its placeholder (longest first), for
    anything that is printed or saved and may have seen an expanded value."""
    for name, secret in sorted(secrets.items(), key=lambda kv: -len(kv[1])):
        if secret:
            text = text.replace(secret, placeholder(name))
    return text


#: A value this long or longer counts as its secret where it is typed as is (the brain
#: never sees values, but one may be read off the screen); a shorter one is in any text.
_VALUE_CHARS: Final = 4


def _holds_secret(text: str, secrets: Mapping[str, str]) -> bool:
    """Whether ``text`` holds a known secret: its placeholder or its value."""
    if any(m.group(1) in secrets for m in SECRET_PATTERN.finditer(text)):
        return True
    return any(len(value) >= _VALUE_CHARS and value in text for value in secrets.values())


def secret_field(element: Element, window: Window | None = None) -> bool:
    """Whether ``element`` (in ``window``, when known) is a field a secret goes into (see
    the module docstring)."""
    top, bottom = element.box[1], element.box[3]
    if bottom - top > ONE_LINE or "expandable" in element.state or element.kind in _NOT_FIELDS:
        return False  # many lines; a drop-down; a cell of a table or sheet
    if element.kind not in ("field", "") and "editable" not in element.state:
        return False  # a button, a label the tree names; "": read by OCR, kind unknown
    if window is not None and _prompt_line(element, window):
        return False  # as wide as its window: a terminal's line
    value = (element.value or "").strip()
    if value and set(value) <= _MASKS:
        return True  # masked text: what a password field shows
    label = " ".join(element.label.casefold().split())
    if _PROMPT_LABELS.search(label):
        return False  # a shell's prompt: sudo, ssh, getpass
    return bool(SECRET_LABELS.search(label)) and not _SHOWN_LABELS.search(label)


def _prompt_line(element: Element, window: Window) -> bool:
    """Whether ``element`` spans (nearly) its window's whole width: a terminal's line."""
    wide = window.box[2] - window.box[0]
    return wide > 0 and element.box[2] - element.box[0] >= _PROMPT_WIDTH * wide


def _window_of(element: Element, observation: Observation | None) -> Window | None:
    if observation is None or not observation.windows:
        return None
    own = observation.window(element)
    if own is not None:
        return own
    return window_at(observation.windows, *observation.mapping.to_screen(*element.center))


def _place_problem(
    name: str, places: Sequence[str], window: Window | None, windows: Sequence[Window]
) -> str | None:
    """Why the window a secret would go into is not its place, or None. Bound
    (``--secret NAME@WINDOW``): only that window or a dialog of its own program.
    Unbound: any window but a helper's dialog (it asks for another program) or one
    whose title says it shows or shares what is typed. Unknown window: None."""
    bound = _bound(name, places)
    if window is None:
        return "no window holds its field" if bound else None
    title = window.title or " ".join(window.wm_class) or window.process
    if bound:
        if in_scope(bound, window, windows):
            return None
        return f"{name} is bound to {' or '.join(map(repr, bound))}, and {title!r} is not it"
    if dialog_helper(window):
        return (
            f"{title!r} is a dialog helper's ({window.process or window.wm_class[-1]}): it "
            "asks for another program, and X does not say which"
        )
    if _SHOWN_TITLES.search(" ".join(title.casefold().split())):
        return f"the title of {title!r} says its page shows or shares what is typed"
    return None


def secret_refusal(
    action: Action,
    elements: Sequence[Element],
    secrets: Mapping[str, str],
    allowed: Sequence[str] = (),
    *,
    observation: Observation | None = None,
    places: Sequence[str] = (),
) -> PolicyRefusal | None:
    """Rule ``secret-target``: ``action`` types a secret somewhere it may not go (see the
    module docstring); ``elements``: its resolved targets on ``observation``;
    ``allowed``: field labels the person named (``secret_fields``); ``places``: the
    bindings ``NAME@WINDOW`` (``secret_places``). The message names the placeholder,
    never a value."""
    text = action.text or ""
    if action.verb != "type" or not secrets or not _holds_secret(text, secrets):
        return None
    shown = redact(text, {n: v for n, v in secrets.items() if len(v) >= _VALUE_CHARS})
    where = (
        "A secret goes only into a password, PIN, passphrase, token or key field, "
        "named as the target, as the whole text: type <secret>NAME</secret> into "
        "'PIN'"
    )
    allow = " (or name the field it may go into: --secret-field LABEL)"
    if action.target is None or not elements:
        why = "it names no field, so the keys go to whatever has focus"
    elif (alone := SECRET_PATTERN.fullmatch(shown)) is None or alone.group(1) not in secrets:
        why = "its text is more than one secret's placeholder (other text, a newline)"
    else:
        target, windows = elements[0], () if observation is None else known_windows(observation)
        window = _window_of(target, observation)
        keys = {normalize_label(label) for label in allowed}
        why_not = _place_problem(alone.group(1), places, window, windows)
        if why_not is None and (
            secret_field(target, window) or (target.key and target.key in keys)
        ):
            return None
        why = why_not or (
            f"{target.label!r} is not a password, PIN, passphrase, token or key field "
            "(one line, masked or so labelled; not a cell, a terminal's line or prompt "
            "(sudo, ssh, getpass) nor a field that says it is shown, shared, a name or a "
            "hint): what is typed there may show on screen or leave the machine"
        )
        where = (
            f"Bind the secret to the window it is for: --secret {alone.group(1)}@WINDOW "
            "(a class, process or whole title, as --window names one)"
            if why_not
            else where + allow
        )
    return PolicyRefusal(
        f"{redact(action.describe(), secrets)} is refused: it types a secret, and {why}. {where}",
        rule="secret-target",
    )
