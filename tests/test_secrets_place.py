"""Where a ``--secret`` belongs (issue 37, rule ``secret-target``): bound to a window
(``--secret NAME@WINDOW``), or unbound and then never into a dialog helper's window, a
window whose title says it shares or shows, a cell of a sheet, a terminal's line or a
field that says it is shown. See :mod:`tiny_computer_agent._secrets`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import armed, rule_of
from tiny_computer_agent import Action, ActionError, Element, Observation, Policy, Window
from tiny_computer_agent._secrets import load_secrets, secret_places

SECRETS = {"PW": "Xy7-correct-horse"}
OPEN = ("Password",)  # a denied widget's label, allowed: the secret's rule is what is judged
PW = Action.make("type", text="<secret>PW</secret>", target="Password")
BROWSER = Window(title="Sign in — example.org — Mozilla Firefox", box=(0, 0, 1600, 1000), id=4,
                 pid=40, wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip
ASKPASS = Window(title="[sudo] password for ada", box=(500, 300, 1100, 600), id=7, pid=70,
                 wm_class=("zenity", "Zenity"), process="zenity")  # fmt: skip


def field(label: str, win: int = 4, box: tuple[int, int, int, int] = (400, 300, 900, 336),
          **kw: Any) -> Element:  # fmt: skip
    return Element(label=label, box=box, kind=kw.pop("kind", "field"), source="a11y",
                   window=win, state=kw.pop("state", frozenset({"editable"})), **kw)  # fmt: skip


def frame(window: Window, *elements: Element) -> Observation:
    return Observation.of(elements, size=(1600, 1000), windows=[window])


def typing(target: str) -> Action:
    return Action.make("type", text="<secret>PW</secret>", target=target)


@pytest.mark.parametrize(
    "policy",
    [
        Policy(secrets=SECRETS, allow_widgets=OPEN),
        armed(secrets=SECRETS, allow_widgets=OPEN, typing_in=("*",)),
    ],
)
def test_an_unbound_secret_goes_into_a_login_form_but_not_a_helpers_dialog(
    policy: Policy,
) -> None:
    assert rule_of(policy, PW, frame(BROWSER, field("Password"))) is None
    ask = frame(ASKPASS, field("Password", win=7, box=(540, 400, 1000, 430)))
    assert rule_of(policy, PW, ask) == "secret-target"


def test_a_bound_secret_goes_only_into_its_window() -> None:
    bound = Policy(secrets=SECRETS, allow_widgets=OPEN, secret_places=("PW@firefox",))
    assert rule_of(bound, PW, frame(BROWSER, field("Password"))) is None
    ask = frame(ASKPASS, field("Password", win=7, box=(540, 400, 1000, 430)))
    assert rule_of(bound, PW, ask) == "secret-target"
    titled = Policy(
        secrets=SECRETS,
        allow_widgets=OPEN,
        secret_places=("PW@sign in — example.org — mozilla firefox",),
    )
    assert rule_of(titled, PW, frame(BROWSER, field("Password"))) is None
    other = Window(title="Sign in — examp1e.org — Mozilla Firefox", box=BROWSER.box, id=4,
                   pid=40, wm_class=BROWSER.wm_class, process="firefox")  # fmt: skip
    assert rule_of(titled, PW, frame(other, field("Password"))) == "secret-target"
    # the person may bind a secret to a helper's dialog on purpose
    to_ask = Policy(secrets=SECRETS, allow_widgets=OPEN, secret_places=("PW@zenity",))
    assert rule_of(to_ask, PW, ask) is None


def test_a_secret_never_goes_into_a_cell_a_terminal_line_or_a_shown_field() -> None:
    policy = Policy(secrets=SECRETS, allow_widgets=OPEN)
    cell = frame(BROWSER, field("Password", kind="cell", box=(300, 400, 500, 420)))
    assert rule_of(policy, PW, cell) == "secret-target"
    line = frame(BROWSER, field("Password", box=(20, 950, 1580, 980)))  # as wide as its window
    assert rule_of(policy, PW, line) == "secret-target"
    for label in ("API key (included in the public paste)", "Token (shown on your profile)",
                  "Passphrase (printed on the QR code)", "Access key for the bio"):  # fmt: skip
        assert rule_of(policy, typing(label), frame(BROWSER, field(label))) == "secret-target"


def test_an_unbound_secret_stays_out_of_a_window_that_shares_and_the_refusal_says_bind() -> None:
    shared = Window(title="Team passwords (shared with anyone) - Sheets", box=BROWSER.box, id=4)
    for win in (shared, Window(title="Support ticket — Mozilla Firefox", box=BROWSER.box, id=4)):
        said = ""
        try:
            Policy(secrets=SECRETS, allow_widgets=OPEN).check(PW, frame(win, field("Password")))
        except Exception as exc:  # the message is what is checked
            said = str(exc)
        assert "--secret PW@WINDOW" in said and "Xy7" not in said, said
    bound = Policy(secrets=SECRETS, allow_widgets=OPEN, secret_places=("PW@*shared with anyone*",))
    assert rule_of(bound, PW, frame(shared, field("Password"))) is None


def test_secret_places_parse_name_at_window_and_keep_a_plain_name() -> None:
    env = {"PW": "v-1234", "KEY": "k-5678"}
    assert load_secrets(["PW@firefox", "KEY"], env) == {"PW": "v-1234", "KEY": "k-5678"}
    assert secret_places(["PW@ firefox ", "KEY"]) == ("PW@firefox",)
    with pytest.raises(ActionError):
        secret_places(["PW@*"])
    with pytest.raises(ActionError):
        secret_places(["PW@"])


def test_the_cli_binds_a_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    from tiny_computer_agent.cli._desktop import make_policy
    from tiny_computer_agent.cli._parser import build_parser

    monkeypatch.setenv("TCA_PW", "x-value")
    args = build_parser().parse_args(["--secret", "TCA_PW@firefox", "go"])
    policy = make_policy(args)
    assert policy.secrets == {"TCA_PW": "x-value"} and policy.secret_places == ("TCA_PW@firefox",)


def test_return_and_tab_after_a_secret_pass_where_the_person_allowed_the_password_field() -> None:
    """A denied widget on screen refuses untargeted keys (they may reach it); one the
    person allowed with --allow-widget does not, and the refusal says how to allow it."""
    focused = field("Password", state=frozenset({"editable", "focused"}))
    sign_in = Element(label="Sign in", box=(400, 360, 520, 396), kind="button", source="a11y",
                      window=4)  # fmt: skip
    login = frame(BROWSER, field("Email", box=(400, 240, 900, 276)), focused, sign_in)
    for keys in ("Return", "Tab"):
        key = Action.make("key", keys=keys)
        assert rule_of(armed(allow_widgets=OPEN), key, login) is None, keys
        assert rule_of(armed(), key, login) == "denied-widget", keys
    said = ""
    try:
        armed().check(Action.make("key", keys="Return"), login)
    except Exception as exc:  # the message is what is checked
        said = str(exc)
    assert "--allow-widget Password" in said, said
