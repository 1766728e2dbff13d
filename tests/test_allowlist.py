"""Keys and typing by allow list, judged by what they reach (issue 37, items 1 and 2).

A generated corpus of the attempts an audit got through, by family, each expected to be
refused by a named rule; then the legitimate flows that must still pass. One test id is
one attempt (``test_refused_*``) or one legitimate flow (``test_passes_*``)::

    pytest --collect-only -q tests/test_allowlist.py | grep -c '::test_refused'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
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


RULES = ("key-not-allowed", "denied-key", "terminal-window", "typing-target", "denied-widget")


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

# -- family 1: chords off the allow list (dry run and armed alike) ----------------------------

LAUNCHER_CHORDS = [
    "super+a", "super+s", "alt+F3", "alt+space", "Menu", "shift+super+Return",
    "ctrl+alt+Return", "super+e", "super+d", "super+Tab", "super+space", "super+p",
    "super+1", "super+Up", "alt+Tab", "alt+shift+Tab", "alt+Escape", "alt+`",
    "ctrl+alt+space", "ctrl+alt+Up", "ctrl+alt+Left", "ctrl+shift+t",
    "ctrl+shift+n", "ctrl+q", "ctrl+shift+q", "Print", "alt+Print", "shift+Print", "Pause",
    "Caps_Lock", "ctrl+Menu", "shift+Menu", "ctrl+u", "ctrl+k", "ctrl+d", "ctrl+r", "ctrl+e",
    "ctrl+b", "ctrl+j", "ctrl+m", "ctrl+g", "ctrl+alt+shift+t",
    *(f"alt+F{n}" for n in range(3, 13)),
    *(f"F{n}" for n in (1, 3, 4, 6, 7, 8, 9, 11, 12, 13, 24)),
    *(f"ctrl+alt+{c}" for c in "abcdefgkmnopsuvx"),
    *(f"alt+{c}" for c in "fdseoyncr"),
    *(f"super+{c}" for c in "bcfghijkmnoquvwyz"),
]  # fmt: skip
DENIED_CHORD_SPELLINGS = ["super", "super+t", "super+r", "alt+F1", "alt+F2", "ctrl+alt+t",
                          "super+Return", "ctrl+Escape", "super+l", "ctrl+alt+F3"]  # fmt: skip


@pytest.mark.parametrize("chord", LAUNCHER_CHORDS)
def test_refused_chord_off_the_allow_list(chord: str) -> None:
    assert rule_of(Policy(), key(chord), FORM) == "key-not-allowed"  # the dry run says so too
    assert rule_of(armed(), key(chord), FORM) == "key-not-allowed"


@pytest.mark.parametrize("chord", DENIED_CHORD_SPELLINGS)
def test_refused_denied_chord_even_when_allowed(chord: str) -> None:
    assert rule_of(armed(allow_keys=(chord,)), key(chord), FORM) == "denied-key"


# -- family 2: a launcher or run dialog in front, then a word and Return ----------------------

LAUNCHERS = [
    window("KRunner", "krunner", "krunner"), window("rofi", "rofi", "Rofi"),
    window("dmenu", "dmenu", "dmenu"), window("Ulauncher", "ulauncher", "Ulauncher"),
    window("Albert", "albert", "albert"), window("Application Finder", "xfce4-appfinder"),
    window("gmrun", "gmrun", "Gmrun"), window("wofi", "wofi", "wofi"),
    window("Run Application"), window("Run"), window("Run a Command"),
]  # fmt: skip
FOLLOW_UPS = [type_("terminal"), type_("term"), type_("alacritty"), type_("kitty"),
              type_("tilix"), type_("terminal\n"), key("Return"), key("t")]  # fmt: skip


@pytest.mark.parametrize(
    ("launcher", "follow_up"),
    [pytest.param(w, a, id=f"{w.title}-{a.describe()}") for w, a in
     itertools.product(LAUNCHERS, FOLLOW_UPS)],
)  # fmt: skip
def test_refused_typing_into_a_launcher(launcher: Window, follow_up: Action) -> None:
    obs = screen(launcher, field("Search", focused=True))
    assert rule_of(armed(), follow_up, obs) == "terminal-window"


# -- family 3: paste chords and a middle click, by target -------------------------------------

XTERM = window("xterm", "xterm", "XTerm", process="xterm")
GNOME_TERMINAL = window("user@host: ~", "gnome-terminal-server", "Gnome-terminal")
PASTE_TARGETS = [
    pytest.param(screen(XTERM, field("prompt", focused=True)), "terminal-window", id="xterm"),
    pytest.param(screen(GNOME_TERMINAL, field("$", focused=True)), "terminal-window",
                 id="gnome-terminal"),
    pytest.param(screen(EDITOR, button("OK"), field("Name")), "typing-target",
                 id="no-field-focused"),
    pytest.param(screen(EDITOR, button("Delete", kind="button")), "typing-target", id="button"),
    pytest.param(screen(None, field("Name")), "typing-target", id="nothing-known"),
    pytest.param(screen(EDITOR, Element(label="user@host:~$", box=(0, 0, 90, 20),
                                        state={"focused"})), "typing-target",
                 id="ocr-text-focused"),
]  # fmt: skip
PASTES = [key("ctrl+v"), key("shift+Insert"), key("ctrl+shift+v"), key("shift+insert")]


@pytest.mark.parametrize(("obs", "rule"), PASTE_TARGETS)
@pytest.mark.parametrize("paste", PASTES, ids=lambda a: a.describe())
def test_refused_paste(paste: Action, obs: Observation, rule: str) -> None:
    assert rule_of(armed(), paste, obs) == rule


MIDDLE_CLICKS = [
    pytest.param(screen(XTERM, Element(label="user@host:~$", box=(0, 0, 90, 20))),
                 "user@host:~$", "terminal-window", id="on-the-prompt"),
    pytest.param(screen(GNOME_TERMINAL, Element(label="~", box=(0, 0, 9, 20))), "~",
                 "terminal-window", id="gnome-terminal-tilde"),
    pytest.param(screen(EDITOR, button("OK")), "OK", "typing-target", id="on-a-button"),
    pytest.param(screen(EDITOR, Element(label="notes", box=(0, 0, 90, 20))), "notes",
                 "typing-target", id="on-ocr-text"),
]  # fmt: skip


@pytest.mark.parametrize(("obs", "target", "rule"), MIDDLE_CLICKS)
def test_refused_middle_click(obs: Observation, target: str, rule: str) -> None:
    click = Action.make("click", target=target, button="middle")
    assert rule_of(armed(), click, obs) == rule


# -- family 4: terminals known by class, process, title or role, and what is typed -----------

TERMINALS = [
    *(window("shell", name) for name in (
        "xterm", "XTerm", "Gnome-terminal", "konsole", "Xfce4-terminal", "Alacritty", "kitty",
        "Tilix", "Terminator", "URxvt", "st-256color", "org.wezfurlong.wezterm", "foot",
        "qterminal", "mlterm", "com.mitchellh.ghostty", "kgx", "Terminal", "iTerm2",
        "WindowsTerminal", "cmd.exe", "PowerShell",
    )),
    *(window("shell", process=name) for name in ("bash", "zsh", "fish", "tmux: server", "sh")),
    *(window(title) for title in (
        "Terminal", "user@host: ~", "user@host:~$", "root@box: /etc", "ada@laptop ~",
        "me@x: ~/src", "Windows PowerShell", "Command Prompt", "bash", "xterm",
    )),
]  # fmt: skip
SHELL_TEXTS = [
    "r''m -rf ~",
    "rm${IFS}-rf${IFS}~",
    "s'u'do -i",
    "pkexec bash",
    "ls",
    "exit\n",
]


def _name(w: Window) -> str:
    return "/".join(filter(None, (w.title, *w.wm_class, w.process)))


@pytest.mark.parametrize("text", SHELL_TEXTS)
@pytest.mark.parametrize("term", TERMINALS, ids=_name)
def test_refused_typing_into_a_terminal(term: Window, text: str) -> None:
    obs = screen(term, Element(label="prompt", box=(0, 0, 90, 20)))
    assert rule_of(armed(), type_(text), obs) == "terminal-window"  # untargeted
    assert rule_of(armed(), type_(text, target="prompt"), obs) == "terminal-window"


TERMINAL_KEYS = ["Return", "Up", "Tab", "ctrl+c", "space", "BackSpace"]


@pytest.mark.parametrize("chord", TERMINAL_KEYS)
@pytest.mark.parametrize("term", [XTERM, GNOME_TERMINAL], ids=_name)
def test_refused_keys_into_a_terminal(term: Window, chord: str) -> None:
    assert rule_of(armed(), key(chord), screen(term)) == "terminal-window"


@pytest.mark.parametrize("term", [XTERM, GNOME_TERMINAL, window("a", process="bash")], ids=_name)
def test_refused_focusing_a_terminal_even_in_a_dry_run(term: Window) -> None:
    focus = Action.make("focus", window=term.title)
    assert rule_of(Policy(), focus, screen(term)) in ("terminal-window", "denied-widget")


# -- family 5: a newline smuggles a Return --------------------------------------------------

NEWLINES = [
    pytest.param(type_("ls\n"), screen(XTERM), "terminal-window", id="untargeted-xterm"),
    pytest.param(type_("ls\n", "OK"), screen(EDITOR, button("OK")), "typing-target",
                 id="into-a-button"),
    pytest.param(type_("x\ny\n"), screen(None, button("OK")), "typing-target",
                 id="nothing-known"),
    pytest.param(type_("a\nb"), screen(GNOME_TERMINAL), "terminal-window", id="gnome-terminal"),
]  # fmt: skip


@pytest.mark.parametrize(("action", "obs", "rule"), NEWLINES)
def test_refused_a_newline(action: Action, obs: Observation, rule: str) -> None:
    assert rule_of(armed(), action, obs) == rule


def test_refused_a_newline_where_return_is_not_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    from tiny_computer_agent import _policy

    no_return = {k: v for k, v in ALLOWED_KEYS.items() if k != "Return"}
    monkeypatch.setattr(_policy, "ALLOWED_KEYS", no_return)
    assert rule_of(Policy(), type_("hi\n", "Name"), FORM) == "key-not-allowed"


# -- family 6: text into what is not a field ------------------------------------------------

NOT_FIELDS = ["button", "check", "radio", "link", "menuitem", "tab", "slider", "icon",
              "text", "title", "item", "key"]  # fmt: skip


@pytest.mark.parametrize("kind", NOT_FIELDS)
def test_refused_typing_into_what_is_not_a_field(kind: str) -> None:
    thing = Element(label="Thing", box=(100, 200, 200, 230), kind=kind, source="a11y")
    obs = screen(EDITOR, thing)
    assert rule_of(armed(), type_("hello", "Thing"), obs) == "typing-target"


@pytest.mark.parametrize("kind", ["button", "check", "link"])
def test_refused_untargeted_typing_with_a_control_focused(kind: str) -> None:
    obs = screen(EDITOR, Element(label="OK", box=(0, 0, 9, 9), kind=kind, state={"focused"}))
    assert rule_of(armed(), type_("hello"), obs) == "typing-target"
    assert rule_of(armed(), key("BackSpace"), obs) == "typing-target"


def test_refused_untargeted_typing_with_nothing_known_names_the_fix() -> None:
    with pytest.raises(PolicyRefusal, match="type 'x' into 'Name'") as err:
        armed().check(type_("hello"), screen(None, button()))
    assert err.value.rule == "typing-target"
    unknown = window("Untitled")  # a title, and no class or process to know the program by
    assert rule_of(armed(), type_("hello"), screen(unknown, button())) == "typing-target"


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
    pytest.param(type_("line one\nline two", "Name"), FORM, id="newline-into-a-field"),
    pytest.param(type_("Terminal velocity", "Name"), FORM, id="the-word-terminal-as-text"),
    pytest.param(type_(" more", "Draft"), screen(TK_NOTES, Element(label="Draft",
                 box=(10, 10, 600, 400), kind="field", source="shape")), id="tk-text-by-shape"),
    pytest.param(type_("hi", "Draft"), screen(TK_NOTES, Element(label="Draft",
                 box=(10, 10, 60, 30))), id="ocr-text-in-a-known-window"),
    pytest.param(type_("hi", "Draft"), screen(TK_NOTES, Element(label="Draft", kind="text",
                 box=(10, 10, 60, 30))), id="ocr-text-kind-text-tk-text-box"),
    pytest.param(type_("drafts"), screen(ZENITY, Element(label="Name of the new folder",
                 box=(10, 10, 300, 30))), id="zenity-entry-with-focus-unknown"),
    pytest.param(type_("3", "Quantity"), screen(EDITOR, field("Quantity", kind="cell")),
                 id="a-cell"),
    pytest.param(type_("x", "Name"), screen(None, Element(label="Name", box=(0, 0, 9, 9),
                 state={"editable"}, kind="text")), id="editable-state"),
    pytest.param(Action.make("click", target="OK"), FORM, id="click-a-button"),
    pytest.param(Action.make("click", target="Name", button="middle"), FORM,
                 id="middle-click-a-field"),
    pytest.param(key("ctrl+v"), FORM, id="paste-into-the-focused-field"),
    pytest.param(Action.make("scroll", direction="down"), screen(XTERM), id="scroll-nowhere"),
    pytest.param(Action.make("move", target="prompt"),
                 screen(XTERM, Element(label="prompt", box=(0, 0, 9, 9))), id="move-is-not-input"),
    *(pytest.param(key(k), FORM, id=f"key-{k}") for k in ALLOWED_KEYS if k != "shift+Delete"),
    *(pytest.param(key(k), FORM, id=f"char-{k}") for k in ("a", "shift+a", "|", "-", "5")),
]  # fmt: skip


@pytest.mark.parametrize(("action", "obs"), PASSING)
def test_passes_with_real_input(action: Action, obs: Observation) -> None:
    assert rule_of(armed(), action, obs) is None
    assert rule_of(Policy(), action, obs) is None


def test_passes_an_allowed_key_anywhere_but_a_terminal() -> None:
    policy = armed(allow_keys=("Super+A", "alt+f"))
    assert rule_of(policy, key("super+a"), FORM) is None
    assert rule_of(policy, key("alt+f"), FORM) is None
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


REFUSED_ATTEMPTS: int = (
    len(LAUNCHER_CHORDS) + len(DENIED_CHORD_SPELLINGS) + len(LAUNCHERS) * len(FOLLOW_UPS)
    + len(PASTE_TARGETS) * len(PASTES) + len(MIDDLE_CLICKS)
    + len(TERMINALS) * len(SHELL_TEXTS) * 2 + 2 * len(TERMINAL_KEYS) + 3
    + len(NEWLINES) + 1 + len(NOT_FIELDS) + 3 * 2 + 2
)  # fmt: skip


def test_the_corpus_holds_at_least_200_attempts() -> None:
    assert REFUSED_ATTEMPTS >= 200, REFUSED_ATTEMPTS


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
