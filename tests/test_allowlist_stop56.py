"""Causes the fourth fresh attacker pass (stop 56) found open (issue 37), each checked
here on cases written apart from that pass: a document takes text by a type that says
data, not by a list of the files that run later; a scheme of the browser's own is a
scheme whatever follows its colon."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import ARM_ENV, Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._side_doors import code_name, file_named, scheme_refusal

SIZE = (1280, 800)


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def editing(title: str) -> Observation:
    window = Window(title=title, box=(0, 0, *SIZE), id=6, pid=60,
                    wm_class=("mousepad", "Mousepad"), process="mousepad")  # fmt: skip
    doc = Element(label="", box=(0, 60, 1280, 780), kind="field", window=6,
                  state={"focused", "editable"})  # fmt: skip
    return Observation.of([doc], size=SIZE, windows=[window])


def rule_of(policy: Policy, action: Action, obs: Observation) -> str | None:
    try:
        policy.check(action, obs)
    except PolicyRefusal as exc:
        return exc.rule
    return None


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("sitecustomize.py", True),
        ("SConstruct.lua", True),
        ("Earthfile", True),  # a build file's name with no ending
        ("hooks.toml", True),
        ("pipeline.yaml", True),
        ("page.html", True),
        ("minutes.txt", False),
        ("Budget 2027.ods", False),
        ("README.md", False),
        ("photo.JPG", False),
        ("notes", False),  # no ending: a document
        ("v1.2", False),  # a number, not an ending
    ],
)
def test_a_file_is_code_unless_its_type_says_data(name: str, code: bool) -> None:
    assert code_name(name) == code, name


def test_typing_into_code_needs_the_file_named_and_a_pattern_names_many() -> None:
    text = Action.make("type", text="print('hi')")
    assert rule_of(armed(), text, editing("tool.rb (~/bin) - Mousepad")) == "terminal-window"
    assert rule_of(armed(), text, editing("lib.rb (~/src) - Mousepad")) == "terminal-window"
    assert rule_of(armed(typing_in=("lib.rb",)), text, editing("lib.rb (~/src) - Mousepad")) is None
    assert rule_of(armed(typing_in=("*.rb",)), text, editing("lib.rb (~/src) - Mousepad")) is None
    # '*' names programs, not files
    assert rule_of(armed(typing_in=("*",)), text, editing("lib.rb (~/src) - Mousepad")) \
        == "terminal-window"  # fmt: skip
    assert rule_of(armed(), text, editing("shopping.txt (~/notes) - Mousepad")) is None
    assert file_named("LIB.RB", ["lib.rb"]) and not file_named("lib.rb", ["*"])


@pytest.mark.parametrize(
    "text",
    ["javascript:2/alert(1)", "javascript:0?0:alert(1)", "vbscript:1/msgbox", "data:1,hello"],
)
def test_a_browsers_own_scheme_is_a_scheme_whatever_follows(text: str) -> None:
    assert scheme_refusal(Action.make("type", text=text), text, "the bar") is not None


def test_a_host_and_its_port_is_still_an_address() -> None:
    for text in ("intranet:8443/wiki", "printer:631"):
        assert scheme_refusal(Action.make("type", text=text), text, "the bar") is None
