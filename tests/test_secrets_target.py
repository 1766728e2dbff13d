"""Where a ``--secret`` may be typed (issue 37, rule ``secret-target``): alone, by name,
into a password, PIN, passphrase, token or key field; never with no target, with other
text, or into an address bar, a search box, a composer or a document. See
:mod:`tiny_computer_agent._secrets`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import armed, rule_of
from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._secrets import secret_field

SECRETS = {"PW": "Xy7-correct-horse", "KEY": "sk_live_abc123"}
WIN = Window(title="Sign in — Mozilla Firefox", box=(0, 0, 1600, 1000), id=4,
             wm_class=("Navigator", "firefox"), process="firefox")  # fmt: skip


def field(label: str, y: int, tall: int = 36, **kw: Any) -> Element:
    return Element(label=label, box=(400, y, 900, y + tall), kind="field", source="a11y",
                   window=4, state=frozenset({"editable"}), **kw)  # fmt: skip


FORM = (
    field("Search or enter address", 10),
    field("Email", 200),
    field("PIN", 260),
    field("API key", 320),
    field("Search", 380),
    field("Message", 440, tall=200),  # a composer: many lines
    field("Verify", 700, value="••••••"),  # masked: its label says nothing
    field("Search tokens", 760),
    field("Display name", 820),
)


def obs() -> Observation:
    return Observation.of(FORM, size=(1600, 1000), windows=[WIN])


def typing(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


@pytest.mark.parametrize(
    "policy", [Policy(secrets=SECRETS), armed(secrets=SECRETS, typing_in=("*",))]
)
@pytest.mark.parametrize("target", ["PIN", "API key"])
def test_a_secret_alone_goes_into_its_field(policy: Policy, target: str) -> None:
    assert rule_of(policy, typing("<secret>PW</secret>", target), obs()) is None


def test_a_masked_field_takes_a_secret_whatever_its_label() -> None:
    masked = obs().elements[6]
    assert secret_field(masked)
    assert rule_of(Policy(secrets=SECRETS), typing("<secret>PW</secret>", "Verify"), obs()) is None
    unmasked = field("Verify", 700)
    assert not secret_field(unmasked)


@pytest.mark.parametrize(
    "target",
    ["Search or enter address", "Email", "Search", "Message", "Search tokens", "Display name"],
)
def test_a_secret_never_goes_where_it_shows_or_leaves(target: str) -> None:
    for policy in (Policy(secrets=SECRETS), armed(secrets=SECRETS, typing_in=("*",))):
        with pytest.raises(PolicyRefusal) as info:
            policy.check(typing("<secret>PW</secret>", target), obs())
        said = str(info.value)
        assert info.value.rule == "secret-target", said
        assert SECRETS["PW"] not in said and "<secret>PW</secret>" in said
        assert "password, PIN" in said and "--secret-field" in said


@pytest.mark.parametrize(
    "text",
    [
        "<secret>PW</secret>\n",  # Return is a key of its own
        "pin: <secret>PW</secret>",
        "https://example.test/?p=<secret>PW</secret>",
        "<secret>PW</secret><secret>KEY</secret>",
    ],
)
def test_a_secret_is_never_typed_with_other_text_even_into_its_field(text: str) -> None:
    assert rule_of(Policy(secrets=SECRETS), typing(text, "PIN"), obs()) == "secret-target"


def test_a_secret_is_never_typed_with_no_target() -> None:
    for policy in (Policy(secrets=SECRETS), armed(secrets=SECRETS, typing_in=("*",))):
        assert rule_of(policy, typing("<secret>PW</secret>"), obs()) == "secret-target"


def test_a_secret_value_the_brain_somehow_knows_is_judged_as_the_secret() -> None:
    said = typing(SECRETS["KEY"], "Search")
    with pytest.raises(PolicyRefusal) as info:
        Policy(secrets=SECRETS).check(said, obs())
    assert info.value.rule == "secret-target" and SECRETS["KEY"] not in str(info.value)


def test_the_person_may_name_another_field_for_a_secret() -> None:
    policy = Policy(secrets=SECRETS, secret_fields=("Email",))
    assert rule_of(policy, typing("<secret>PW</secret>", "Email"), obs()) is None
    assert rule_of(policy, typing("<secret>PW</secret>", "Search"), obs()) == "secret-target"
    assert rule_of(policy, typing("<secret>PW</secret>"), obs()) == "secret-target"


def test_text_without_a_secret_is_not_judged_by_the_rule() -> None:
    assert rule_of(Policy(secrets=SECRETS), typing("hello", "Search"), obs()) is None
    unknown = typing("<secret>OTHER</secret>", "Search")  # not given: the executor refuses it
    assert rule_of(Policy(secrets=SECRETS), unknown, obs()) is None


def test_an_ocr_only_login_form_takes_a_secret_by_its_label() -> None:
    read = [Element(label="Passphrase", box=(400, 300, 700, 330)),
            Element(label="Comment", box=(400, 360, 700, 390))]  # fmt: skip
    seen = Observation.of(read, size=(1600, 1000))
    policy = Policy(secrets=SECRETS)
    assert rule_of(policy, typing("<secret>PW</secret>", "Passphrase"), seen) is None
    assert rule_of(policy, typing("<secret>PW</secret>", "Comment"), seen) == "secret-target"


def test_the_cli_passes_secret_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    from tiny_computer_agent.cli._desktop import make_policy
    from tiny_computer_agent.cli._parser import build_parser

    monkeypatch.setenv("TCA_PW", "x-value")
    args = build_parser().parse_args(
        ["--secret", "TCA_PW", "--secret-field", "Email", "--secret-field", "Login", "go"]
    )
    assert make_policy(args).secret_fields == ("Email", "Login")
