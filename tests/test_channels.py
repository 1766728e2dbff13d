"""A named program's own command line (issue 37, ``_channels.py``): ``--allow-typing-in``
lets text into a program's documents and forms, not its command line, its meta escape or
its Run once text is typed. Cases written apart from the attacker pass that found it."""

from __future__ import annotations

import pytest

from tests.helpers import armed
from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._channels import command_line

SIZE = (1280, 800)


def window(title: str, name: str, wid: int = 7) -> Window:
    return Window(title=title, box=(0, 0, *SIZE), id=wid, pid=70, wm_class=(name, name.title()),
                  process=name)  # fmt: skip


QUASSEL = window("#rust - Quassel IRC", "quassel")
SPYDER = window("Spyder (Python 3.12)", "spyder")
XEMACS = window("todo.org - XEmacs", "xemacs")
GEDIT = window("notes.txt - gedit", "gedit", wid=8)


def rule_of(actions: list[Action], obs: Observation, policy: Policy | None = None) -> str | None:
    """The rule that refuses the last of ``actions`` (the ones before it are the
    episode's history), or None."""
    policy = policy or armed(typing_in=("quassel", "spyder", "xemacs"))
    *history, last = actions
    try:
        policy.check(last, obs, history=history)
    except PolicyRefusal as exc:
        return exc.rule
    return None


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("/sh id", True),
        ("hello\n/quote PRIVMSG x", True),  # a later line is a command line too
        (">Tasks: Run Task", True),
        (":r !id", True),
        (":!make", True),
        ("!!sort", True),
        ("/home/ada/notes.txt", False),  # a path: a second slash in its first word
        ("// a comment", False),
        ("/* block */", False),
        (":) see you", False),
        ("a > b", False),
        ("plain words", False),
    ],
)
def test_a_command_line_is_known_by_how_its_line_starts(text: str, command: bool) -> None:
    assert (command_line(text) is not None) == command, text


def test_a_named_chat_program_takes_words_but_not_its_command_line() -> None:
    entry = Element(label="Message", box=(0, 760, 1280, 790), kind="field", window=7,
                    state={"focused", "editable"})  # fmt: skip
    obs = Observation.of([entry], size=SIZE, windows=[QUASSEL])
    assert rule_of([Action.make("type", text="/sh id")], obs) == "typing-program"
    assert rule_of([Action.make("type", text="thanks, merged")], obs) is None


def test_a_program_on_the_table_is_not_judged_by_its_lines() -> None:
    doc = Element(label="", box=(0, 60, 1280, 780), kind="field", window=8,
                  state={"focused", "editable"})  # fmt: skip
    obs = Observation.of([doc], size=SIZE, windows=[GEDIT])
    assert rule_of([Action.make("type", text="> a quoted line")], obs) is None


def test_escape_is_refused_where_it_starts_a_command_unless_named() -> None:
    obs = Observation.of(
        [Element(label="- [ ] buy milk", box=(10, 60, 300, 80), window=0, source="ocr")],
        size=SIZE, windows=[XEMACS],
    )  # fmt: skip
    escape = Action.make("key", keys="Escape")
    assert rule_of([escape], obs) == "key-not-allowed"
    allowed = armed(typing_in=("xemacs",), allow_keys=("Escape",))
    assert rule_of([escape], obs, allowed) is None
    # elsewhere Escape only closes a popup
    other = Observation.of([], size=SIZE, windows=[SPYDER])
    assert rule_of([escape], other) is None


def test_a_run_control_after_typing_needs_a_persons_yes() -> None:
    editor = Element(label="Editor", box=(0, 80, 900, 780), kind="field", window=7,
                     state={"editable"})  # fmt: skip
    play = Element(label="\u23f5", box=(10, 40, 40, 70), kind="icon", window=7, source="shape")
    run = Element(label="Debug file", box=(50, 40, 150, 70), kind="button", window=7)
    german = Element(label="Ausführen", box=(300, 40, 400, 70), kind="button", window=7)
    goto = Element(label="Go to line", box=(160, 40, 280, 70), kind="button", window=7)
    obs = Observation.of([editor, play, run, goto, german], size=SIZE, windows=[SPYDER])
    typed = Action.make("type", text="print(1)", target="Editor")
    assert rule_of([typed, Action.make("click", target="\u23f5")], obs) == "irreversible"
    assert rule_of([typed, Action.make("click", target="Debug file")], obs) == "irreversible"
    assert rule_of([typed, Action.make("click", target="Ausführen")], obs) == "irreversible"
    assert rule_of([typed, Action.make("click", target="Go to line")], obs) is None
    # nothing typed in the episode: a click on Debug is the person's program's own
    assert rule_of([Action.make("click", target="Debug file")], obs) is None
    # a person's yes lets it run
    yes = armed(typing_in=("spyder",), approve=lambda *_: True)
    assert rule_of([typed, Action.make("click", target="Debug file")], obs, yes) is None
