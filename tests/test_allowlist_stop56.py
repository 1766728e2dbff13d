"""Causes the fourth fresh attacker pass (stop 56) found open (issue 37), each checked
here on cases written apart from that pass: a document takes text by a type that says
data, not by a list of the files that run later; a scheme of the browser's own is a
scheme whatever follows its colon."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import armed, rule_of
from tiny_computer_agent import ARM_ENV, Action, Element, Observation, Policy, Window
from tiny_computer_agent._side_doors import code_name, file_named, scheme_refusal

SIZE = (1280, 800)


def editing(title: str) -> Observation:
    window = Window(title=title, box=(0, 0, *SIZE), id=6, pid=60,
                    wm_class=("mousepad", "Mousepad"), process="mousepad")  # fmt: skip
    doc = Element(label="", box=(0, 60, 1280, 780), kind="field", window=6,
                  state={"focused", "editable"})  # fmt: skip
    return Observation.of([doc], size=SIZE, windows=[window])


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


# -- the wheel: what the frame shows at the start of a turn cannot say what comes ----------

DIALOG = Window(title="Preferences", box=(0, 0, 1000, 700), id=6, pid=60,
                wm_class=("mousepad", "Mousepad"), process="mousepad")  # fmt: skip


def _lines(n: int, top: int = 100, left: int = 40) -> list[Element]:
    return [Element(label=f"Option number {i}", box=(left, top + 30 * i, left + 200,
                                                     top + 24 + 30 * i),
                    kind="text", window=6) for i in range(n)]  # fmt: skip


def _wheel_rule(target: str, obs: Observation, notches: int = 2) -> str | None:
    turn = Action.make("scroll", direction="down", amount=notches, target=target)
    return rule_of(armed(), turn, obs)


def test_a_slider_wider_than_the_column_it_stands_in_passes_the_pointer() -> None:
    lines = _lines(6)
    wide = Element(label="Gain", box=(10, 190, 900, 204), kind="slider", window=6)
    obs = Observation.of([*lines, wide], size=(1000, 700), windows=[DIALOG])
    assert _wheel_rule("Option number 0", obs) == "wheel-target"


def test_a_control_a_few_pixels_into_the_columns_foot_comes_with_the_turn() -> None:
    lines = _lines(5)
    foot = Element(label="Copies", box=(40, 240, 200, 270), kind="field", window=6, value="1")
    obs = Observation.of([*lines, foot], size=(1000, 700), windows=[DIALOG])
    assert _wheel_rule("Option number 0", obs) == "wheel-target"


def test_a_text_view_brings_the_controls_below_it_and_turns_clear_of_their_column() -> None:
    from tiny_computer_agent._wheel import wheel_point

    view = Element(label="Notes", box=(40, 80, 900, 300), kind="field", window=6,
                   state={"editable"})  # fmt: skip
    spin = Element(label="Repeat every", box=(40, 350, 240, 380), kind="field", window=6,
                   value="3")  # fmt: skip
    obs = Observation.of([view, spin], size=(1000, 700), windows=[DIALOG])
    point = wheel_point(view, obs, ("down", 2))
    assert point is not None and point[0] > 240  # not over the column the spin box rises in
    assert wheel_point(view, obs, ("down", 2)) != wheel_point(view, obs, None)


# -- a chat program's box sends on Return, whatever it is named ----------------------------


def _chat(label: str, kind: str = "field", *, title: str = "Family - Signal",
          name: str = "signal-desktop", transient_for: int = 0) -> Observation:  # fmt: skip
    window = Window(title=title, box=(0, 0, *SIZE), id=8, pid=80, wm_class=(name, name.title()),
                    process=name, transient_for=transient_for)  # fmt: skip
    box = Element(label=label, box=(200, 720, 1200, 780), kind=kind, window=8,
                  state={"focused", "editable"})  # fmt: skip
    return Observation.of([box], size=SIZE, windows=[window])


def test_return_in_a_chat_programs_box_is_a_send_a_person_says_yes_to() -> None:
    ret = Action.make("key", keys="Return")
    chats = ("signal-desktop", "polari", "neochat")  # off the table: the person names them

    def armed(**fields: Any) -> Policy:
        return Policy(typing_in=chats, **fields).armed(flag=True, environ={ARM_ENV: "1"})

    for obs in (_chat("Message"), _chat("#gnome", "field", title="#gnome - Polari", name="polari"),
                _chat("Send an encrypted message…", title="Room - NeoChat", name="neochat")):
        assert rule_of(armed(), ret, obs) == "irreversible"
        assert rule_of(armed(), Action.make("type", text="see you\n"), obs) == "irreversible"
    # a line with no newline, a search box: no send (shift+Return off the table is a run
    # chord, and Return in a dialog's field with no button shown a blind press: their own
    # rules)
    assert rule_of(armed(), Action.make("type", text="see you"), _chat("Message")) is None
    assert rule_of(armed(), ret, _chat("Search conversations")) is None
