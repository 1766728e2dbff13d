r"""Keys and typing by allow list, judged by what they reach (issue 37, items 1, 2 and 7).

The bypass corpus (``tests/bypass_corpus.py``, generated from families, ``make audit``)
runs here one attempt per test, each expected to be refused by a named rule with nothing
reaching the input library; then the legitimate flows that must still pass::

    pytest --collect-only -q tests/test_allowlist.py | grep -c '::test_refused\['
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent import (
    ALLOWED_KEYS,
    ARM_ENV,
    Action,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    ScriptedBrain,
    ScriptedScreen,
    Window,
    run_episode,
)
from tiny_computer_agent._policy import TERMINAL_PROGRAMS, key_context, terminal_reason

from . import bypass_corpus
from .bypass_corpus import XTERM, Attempt, corpus, run

SIZE = (1280, 800)


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


def rule_of(
    policy: Policy, action: Action, obs: Observation, history: Sequence[Action] = ()
) -> str | None:
    try:
        policy.check(action, obs, history=history)
    except PolicyRefusal as exc:
        assert exc.rule in str(RULES), exc.rule
        return exc.rule
    return None


RULES = ("key-not-allowed", "denied-key", "terminal-window", "typing-target", "denied-widget",
         "typing-program")


def window(title: str, *wm_class: str, process: str = "", wid: int = 7) -> Window:
    return Window(title=title, box=(0, 0, *SIZE), id=wid, wm_class=wm_class, process=process)


def screen(win: Window | None, *elements: Element) -> Observation:
    return Observation.of(elements, size=SIZE, windows=[win] if win else [])


def field(label: str = "Name", *, focused: bool = False, kind: str = "field") -> Element:
    state = {"focused"} if focused else set()
    return Element(label=label, box=(100, 100, 400, 130), kind=kind, state=state)


def button(label: str = "OK", kind: str = "button") -> Element:
    return Element(label=label, box=(100, 200, 200, 230), kind=kind)


def type_(text: str, target: str | None = None) -> Action:
    return Action.make("type", text=text, target=target)


def key(chord: str) -> Action:
    return Action.make("key", keys=chord)


EDITOR = window("notes.txt - gedit", "gedit", "Gedit", process="gedit")
FORM = screen(EDITOR, field("Name", focused=True), button("OK"))

# -- the bypass corpus (tests/bypass_corpus.py), one test per attempt ----------------------

CORPUS = corpus()


@pytest.mark.parametrize("attempt", CORPUS, ids=lambda a: a.id)
def test_refused(attempt: Attempt, tmp_path: Path) -> None:
    """Through run_episode, an armed policy and a RealInputExecutor on a recording
    stand-in for pyautogui: refused at the attack by the rule named, nothing sent."""
    outcome = run(attempt, kill_switch=tmp_path / "STOP")
    assert outcome.held, outcome.describe()


def test_the_corpus_holds_at_least_500_attempts_in_every_family() -> None:
    families = {a.family.split("-")[0] for a in CORPUS}
    assert len(CORPUS) >= 500, len(CORPUS)
    assert {"chords", "launchers", "paste", "terminals", "shells", "irreversible",
            "allow", "fresh"} <= families, families  # fmt: skip
    languages = {a.family.rsplit("-", 1)[1] for a in CORPUS if "irreversible-" in a.family}
    assert {"en", "es", "fr", "de", "pt", "it", "zh", "ja"} <= languages


def test_the_audit_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert bypass_corpus.main(["--family", "allow-irreversible"]) == 0
    out = capsys.readouterr().out
    assert "| allow-irreversible | 16 | 0 | 0 |" in out


def test_an_attempt_that_gets_through_fails_the_audit() -> None:
    # the runner is honest: an action every rule allows is reported as got through
    harmless = bypass_corpus.one("probe", "ok", "typing-target", FORM, type_("hello", "Name"))
    outcome = run(harmless)
    assert outcome.rule is None and outcome.through and not outcome.held
    assert [c[0] for c in outcome.reached] == ["click", "write"]


def test_refused_a_newline_where_return_is_not_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    from tiny_computer_agent import _policy

    no_return = {k: v for k, v in ALLOWED_KEYS.items() if k != "Return"}
    monkeypatch.setattr(_policy, "ALLOWED_KEYS", no_return)
    assert rule_of(Policy(), type_("hi\n", "Name"), FORM) == "key-not-allowed"


def test_refusals_name_the_fix() -> None:
    with pytest.raises(PolicyRefusal, match="--allow-key super\\+a") as err:
        Policy().check(key("super+a"), FORM)
    assert err.value.rule == "key-not-allowed"
    with pytest.raises(PolicyRefusal, match="class 'xterm' is a terminal's") as err:
        armed().check(type_("ls"), screen(XTERM))
    assert err.value.rule == "terminal-window"


# -- what must still pass -------------------------------------------------------------------

TK_NOTES = window("Notes", "notes", "Tk", process="python3")
ZENITY = window("New folder", "zenity", "Zenity", process="zenity")
PASSING = [
    pytest.param(type_("hello", "Name"), FORM, id="type-into-a-field"),
    pytest.param(type_("hello"), FORM, id="type-into-the-focused-field"),
    pytest.param(type_("Ada Lovelace\n", "Name"), FORM, id="newline-into-a-field"),
    pytest.param(type_("line one\nline two\tand a tab", "Notes"), screen(EDITOR, Element(
                 label="Notes", box=(10, 10, 600, 400), kind="field")), id="text-view-lines"),
    pytest.param(type_("Terminal velocity", "Name"), FORM, id="the-word-terminal-as-text"),
    pytest.param(type_("drafts"), screen(ZENITY, Element(label="Name of the new folder",
                 box=(10, 10, 300, 30))), id="zenity-entry-with-focus-unknown"),
    pytest.param(type_("3", "Quantity"), screen(EDITOR, field("Quantity", kind="cell")),
                 id="a-cell"),
    pytest.param(Action.make("click", target="OK"), FORM, id="click-a-button"),
    pytest.param(Action.make("click", target="Name", button="middle"), FORM,
                 id="middle-click-a-field"),
    pytest.param(key("ctrl+v"), FORM, id="paste-into-the-focused-field"),
    pytest.param(Action.make("scroll", direction="down"), screen(EDITOR, *(Element(
                 label=f"Line {n}", box=(10, 10 + 30 * n, 200, 30 + 30 * n)) for n in range(4))),
                 id="untargeted-scroll-over-the-page"),
    pytest.param(Action.make("move", target="prompt"),
                 screen(XTERM, Element(label="prompt", box=(0, 0, 9, 9))), id="move-is-not-input"),
    *(pytest.param(key(k), FORM, id=f"key-{k}") for k in ALLOWED_KEYS if k != "shift+Delete"),
    *(pytest.param(key(k), FORM, id=f"char-{k}") for k in ("a", "shift+a", "|", "-", "5")),
]  # fmt: skip


@pytest.mark.parametrize(("action", "obs"), PASSING)
def test_passes_with_real_input(action: Action, obs: Observation) -> None:
    assert rule_of(armed(), action, obs) is None
    assert rule_of(Policy(), action, obs) is None


#: Typing into a program off the table of text programs (a Tk notes program), or where no
#: window is listed: refused (rule typing-program) until the person allows the program
#: (--allow-typing-in NAME, or '*' for any), and then judged as before.
PASSING_WHEN_ALLOWED = [
    pytest.param(type_(" more", "Draft"), screen(TK_NOTES, Element(label="Draft",
                 box=(10, 10, 600, 400), kind="field", source="shape")), "notes",
                 id="tk-text-by-shape"),
    pytest.param(type_("hi", "Draft"), screen(TK_NOTES, Element(label="Draft",
                 box=(10, 10, 60, 30))), "Notes", id="ocr-text-in-a-known-window"),
    pytest.param(type_("hi", "Draft"), screen(TK_NOTES, Element(label="Draft", kind="text",
                 box=(10, 10, 60, 30))), "notes", id="ocr-text-kind-text-tk-text-box"),
    pytest.param(type_("x", "Name"), screen(None, Element(label="Name", box=(0, 0, 9, 9),
                 state={"editable"}, kind="text")), "*", id="editable-state"),
]  # fmt: skip


@pytest.mark.parametrize(("action", "obs", "program"), PASSING_WHEN_ALLOWED)
def test_passes_once_the_program_is_allowed(action: Action, obs: Observation, program: str) -> None:
    assert rule_of(armed(), action, obs) == "typing-program"
    assert rule_of(armed(typing_in=(program,)), action, obs) is None
    assert rule_of(Policy(), action, obs) is None  # a dry run types nowhere


def test_refused_an_untargeted_scroll_where_nothing_scrolls() -> None:
    # it used to pass ("scroll-nowhere"): the wheel turned wherever the pointer was, over
    # an xterm here (whose wheel can send Up keys to the shell), a slider or a map; now
    # an untargeted scroll turns only over the top-most window's list, and with none it
    # is refused, in a dry run too
    for policy in (Policy(), armed()):
        with pytest.raises(PolicyRefusal, match="nothing on screen scrolls") as err:
            policy.check(Action.make("scroll", direction="down"), screen(XTERM))
        assert err.value.rule == "wheel-target"


def test_passes_an_allowed_key_anywhere_but_a_terminal() -> None:
    policy = armed(allow_keys=("Super+A", "alt+f"))
    assert rule_of(policy, key("super+a"), FORM) is None
    menu = Element(label="File", box=(0, 0, 40, 20), kind="menuitem")
    assert rule_of(policy, key("alt+f"), screen(EDITOR, field("Name", focused=True), menu)) is None
    # with no control on the frame whose mnemonic f may be, no label can judge the press
    with pytest.raises(PolicyRefusal, match="the frame shows none") as err:
        policy.check(key("alt+f"), FORM)
    assert err.value.rule == "irreversible"
    assert rule_of(policy, key("alt+f"), screen(XTERM)) == "terminal-window"


def test_passes_the_dry_run_for_context_rules() -> None:
    # a dry run types nowhere: only the key list (no context needed) refuses there
    assert rule_of(Policy(), type_("ls"), screen(XTERM)) is None
    assert rule_of(Policy(), key("ctrl+v"), screen(None)) is None


def test_key_context_and_terminal_reason() -> None:
    assert key_context("Return") == "window" and key_context("BackSpace") == "field"
    assert key_context("ctrl+v") == "paste" and key_context("shift+q") == "field"
    assert key_context("super+a") is None and key_context("super+a", ("super+a",)) == "window"
    assert terminal_reason(EDITOR) is None and terminal_reason(ZENITY) is None
    assert terminal_reason(window("Terminal velocity.odt - LibreOffice", "libreoffice"))
    assert all(terminal_reason(window("x", name)) for name in TERMINAL_PROGRAMS)
    for title in ("Inbox - ada@example.com", "Determine", "Settings", "Run tests"):
        assert terminal_reason(window(title, "thunderbird")) is None, title


PLANNED = [
    ("press ctrl+s", "key ctrl+s"), ("press Enter", "key Return"), ("press Escape",
    "key Escape"), ("press Tab", "key Tab"), ("press ctrl+End", "key ctrl+End"),
]  # fmt: skip


@pytest.mark.parametrize(("goal", "described"), PLANNED)
def test_passes_the_planners_keys_in_a_dry_run(goal: str, described: str) -> None:
    from tiny_computer_agent.brains import PlannerBrain

    ep = run_episode(goal, screen=ScriptedScreen.of_labels(("Name", "OK")), brain=PlannerBrain())
    assert ep.steps and ep.steps[0].refusal is None, ep.render()
    assert ep.steps[0].decision is not None
    assert ep.steps[0].decision.actions[0].describe() == described


def test_passes_a_scripted_form_run_in_a_dry_run() -> None:
    brain = ScriptedBrain.of([
        {"verb": "type", "text": "Ada", "target": "Name"}, {"verb": "key", "keys": "Tab"},
        {"verb": "key", "keys": "Return"}, {"verb": "key", "keys": "ctrl+s"},
    ])  # fmt: skip
    ep = run_episode("fill", screen=ScriptedScreen.of_labels(("Name", "OK")), brain=brain)
    assert all(s.refusal is None for s in ep.steps) and len(ep.steps) == 5, ep.render()


def test_passes_allow_key_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tiny_computer_agent.cli import main

    script = '[{"verb": "key", "keys": "super+a"}]'
    base = ["--image", "example", "--brain", "scripted", "--script", script, "--json", "go"]
    main(base)
    assert '"rule": "key-not-allowed"' in capsys.readouterr().out
    main(["--allow-key", "Super+A", *base])
    assert "key-not-allowed" not in capsys.readouterr().out
    assert main(["--allow-key", "hyper+x", *base]) == 2
    assert "--allow-key 'hyper+x'" in capsys.readouterr().err


def test_an_editing_key_on_a_selected_file_says_how_to_allow_it() -> None:
    """Delete on a file selected in a file manager is no typing: the refusal names the
    key to allow, and --allow-key lets it reach the file."""
    files = Window(title="Documents - Files", box=(0, 0, 1200, 800), id=5,
                   wm_class=("nautilus", "Nautilus"), process="nautilus")  # fmt: skip
    item = Element(label="draft-old.odt", box=(200, 200, 400, 230), kind="item", source="a11y",
                   window=5, state=frozenset({"focused", "selected"}))  # fmt: skip
    shown = Observation.of([item], size=(1280, 800), windows=[files])
    delete = Action.make("key", keys="Delete")
    with pytest.raises(PolicyRefusal) as refused:
        armed().check(delete, shown)
    assert refused.value.rule == "typing-target"
    assert "--allow-key Delete" in str(refused.value), refused.value
    assert rule_of(armed(allow_keys=("Delete",)), delete, shown) is None
