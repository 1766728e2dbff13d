"""Teaching by showing once (issue 36, item 3), without a display: what a person did
(scripted events over scripted screens) becomes a procedure by label, which loads, is
matched by a goal with another value, and plays through the real loop. The recording
itself is tested live in tests/test_live_teach.py."""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from tiny_computer_agent import Element, Observation, ScriptedScreen, Window, run_episode
from tiny_computer_agent.cli import main
from tiny_computer_agent.procedures import (
    Library,
    ProcedureBrain,
    ProcedureError,
    Shown,
    load_library,
    match_goal,
    save,
    teach,
)

FORM = Window(title="Guest list", box=(100, 100, 600, 400), id=7, wm_class=("tk", "Tk"))
DIALOG = Window(title="Confirm guest", box=(200, 200, 500, 350), id=9)


def screen(*extra: Element, windows: tuple[Window, ...] = (FORM,)) -> Observation:
    """The form: a label, its field, a button (boxes in screen pixels, mapping 1:1)."""
    elements = [
        Element(label="Guest name", box=(120, 140, 240, 170), kind="text", window=7),
        Element(label="Guest name", box=(260, 138, 480, 172), kind="field", window=7),
        Element(label="Add guest", box=(380, 200, 480, 236), kind="button", window=7),
        *extra,
    ]
    return Observation.of(elements, size=(1280, 800), windows=windows)


def typed(text: str, before: Observation, at: float = 2.0) -> list[Shown]:
    return [Shown(what="char", text=c, before=before, at=at + i * 0.1) for i, c in enumerate(text)]


def guest_demo() -> tuple[list[Shown], Observation]:
    """Click the field, type Alice, click Add guest; after it the form says so."""
    empty = screen()
    filled = screen(Element(label="Alice", box=(262, 140, 320, 170), kind="text", window=7))
    done = screen(Element(label="Added Alice", box=(120, 260, 300, 290), window=7))
    shown = [
        Shown(what="click", point=(300, 150), before=empty, at=1.0),
        *typed("Alice", empty),
        Shown(what="click", point=(430, 218), before=filled, at=4.0),
    ]
    return shown, done


def test_clicks_and_typing_become_steps_by_label_with_the_typed_name_a_parameter() -> None:
    shown, after = guest_demo()
    taught = teach(shown, after, name="add-guest", example_goal="add 'Alice' to the guest list")
    data = taught.data
    assert data["examples"] == ["add {guest_name} to the guest list"]
    assert data["parameters"] == {
        "guest_name": {"type": "text", "description": "taught with 'Alice'"}
    }
    assert data["preconditions"] == [{"window": "Guest list"}]
    first, second = data["steps"]
    assert first["do"] == "type" and first["text"] == "{guest_name}"
    assert first["target"] == {"label": "Guest name", "kind": "field"}
    assert first["check"] == {"shows": "{guest_name}"}
    assert second["do"] == "click" and second["target"] == {"label": "Add guest", "kind": "button"}
    assert second["check"] == {"shows": "Added {guest_name}"}  # what appeared, generalised
    assert "(tk/Tk)" in second["note"] and "Guest list" in second["note"]
    assert "Alice" not in json.dumps(data["steps"])
    assert taught.procedure.source == "user" and taught.warnings == ()


def test_the_taught_procedure_is_asked_for_with_another_value_and_plays_in_the_loop() -> None:
    shown, after = guest_demo()
    taught = teach(shown, after, name="add-guest", example_goal="add 'Alice' to the guest list")
    found = match_goal("add 'Bob' to the guest list", [taught.procedure])
    assert found is not None and found.values == {"guest_name": "Bob"}
    brain = ProcedureBrain(library=Library(procedures=(taught.procedure,)))
    episode = run_episode(
        "add 'Bob' to the guest list", screen=ScriptedScreen(frames=(screen(),)), brain=brain
    )
    actions = [s.decision.action.to_dict() for s in episode.steps if s.decision is not None]
    assert actions[0]["verb"] == "type" and actions[0]["text"] == "Bob"
    assert actions[0]["target"] == "Guest name"
    assert actions[1]["verb"] == "click" and actions[1]["target"] == "Add guest"
    assert episode.dry_run and "all 2 steps done" in episode.reason


def test_backspace_takes_a_character_back_and_keys_are_chords_of_the_vocabulary() -> None:
    obs = screen()
    shown = [
        *typed("Alicx", obs),
        Shown(what="key", keys="BackSpace", before=obs, at=3.0),
        *typed("e", obs, at=3.1),
        Shown(what="key", keys="ctrl+s", before=obs, at=4.0),
        Shown(what="key", keys="Return", before=obs, at=5.0),
    ]
    data = teach(shown, obs, name="typing", example_goal="write Alice").data
    assert [(s["do"], s.get("text"), s.get("keys")) for s in data["steps"]] == [
        ("type", "{text}", None),  # no field was clicked: named "text", no target
        ("key", None, "ctrl+s"),
        ("key", None, "Return"),
    ]
    assert data["examples"] == ["write {text}"]


def test_a_double_click_and_scrolls_in_a_row_are_one_step_each() -> None:
    obs = screen()
    shown = [
        Shown(what="click", point=(430, 218), before=obs, at=1.0),
        Shown(what="click", point=(431, 219), before=obs, at=1.2),
        *[Shown(what="scroll", direction="down", point=(300, 150), before=obs, at=2 + i / 10)
          for i in range(3)],
    ]  # fmt: skip
    steps = teach(shown, obs, name="twice").data["steps"]
    assert steps[0]["clicks"] == 2 and steps[0]["target"]["label"] == "Add guest"
    assert (steps[1]["do"], steps[1]["direction"], steps[1]["amount"]) == ("scroll", "down", 3)


def test_a_step_in_a_new_window_needs_it_and_the_click_that_opened_it_checks_for_it() -> None:
    ok = Element(label="OK", box=(300, 300, 360, 330), kind="button", window=9)
    form, both = screen(), screen(ok, windows=(DIALOG, FORM))
    shown = [
        Shown(what="click", point=(430, 218), before=form, at=1.0),
        Shown(what="click", point=(330, 315), before=both, at=2.0),
    ]
    steps = teach(shown, form, name="confirm").data["steps"]
    assert steps[0]["check"] == {"window": "Confirm guest"}
    assert steps[1]["needs"] == [{"window": "Confirm guest"}]


def test_a_click_on_nothing_named_is_not_guessed() -> None:
    obs = screen()
    with pytest.raises(ProcedureError, match=r"click at \(900, 700\).*nearest: 'Add guest'"):
        teach([Shown(what="click", point=(900, 700), before=obs)], obs, name="nowhere")


@pytest.mark.parametrize(
    ("event", "said"),
    [
        (Shown(what="drag", point=(10, 10), before=screen()), "drag"),
        (Shown(what="unknown", keys="XF86AudioMute", before=screen()), "XF86AudioMute"),
    ],
)
def test_a_drag_or_an_unnamed_key_ends_teaching(event: Shown, said: str) -> None:
    with pytest.raises(ProcedureError, match=said):
        teach([event], screen(), name="cannot")


def test_nothing_done_and_a_goal_without_the_typed_text_are_said() -> None:
    with pytest.raises(ProcedureError, match="nothing was done"):
        teach([], screen(), name="idle")
    taught = teach(typed("Alice", screen()), screen(), name="plain", example_goal="add a guest")
    assert taught.data["parameters"] == {} and taught.data["steps"][0]["text"] == "Alice"
    assert "no text typed appears in the example goal" in taught.warnings[0]
    assert teach(typed("x", screen()), screen(), name="no-goal").data["examples"] == ["no goal"]


def test_a_saved_procedure_is_text_in_the_user_folder_that_the_library_loads(
    tmp_path: Path,
) -> None:
    shown, after = guest_demo()
    taught = teach(shown, after, name="add-guest", example_goal="add 'Alice' to the guest list")
    path = save(taught, tmp_path / "procedures")
    assert path.name == "add-guest.json" and path.read_text(encoding="utf-8").endswith("}\n")
    assert json.loads(path.read_text(encoding="utf-8")) == dict(taught.data)
    with pytest.raises(FileExistsError):
        save(taught, tmp_path / "procedures")
    edited = json.loads(path.read_text(encoding="utf-8"))
    edited["examples"].append("invite {guest_name}")  # a person edits it as text
    path.write_text(json.dumps(edited), encoding="utf-8")
    library = load_library(user=tmp_path / "procedures", plugins=False)
    mine = library.named("add-guest")
    assert mine is not None and mine.source == "user" and not library.problems
    found = match_goal("invite Carol", library.procedures)
    assert found is not None and found.procedure.name == "add-guest"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--teach", "Add Guest"], "lower-case letters"),
        (["--teach", "save-as"], "that name is taken (built-in"),
        (["--teach", "x", "click 'OK'"], "--teach takes no GOAL"),
        (["--teach", "x", "--teach-seconds", "0"], "--teach-seconds must be more than 0"),
        (["--example-goal", "add 'Alice'", "click 'OK'"], "--example-goal belongs to --teach"),
    ],
)
def test_the_command_line_refuses_bad_teaching_before_recording(argv: list[str], said: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out=out, err=err) == 2
    assert said in err.getvalue() and out.getvalue() == ""


def test_the_recorder_names_keys_and_characters_as_the_vocabulary_does() -> None:
    pytest.importorskip("Xlib")
    from Xlib import XK, X

    from tiny_computer_agent.desktop import InputRecorder

    codes = {37: "Control_L", 50: "Shift_L", 38: "a", 36: "Return", 96: "F12", 23: "Tab"}
    shifted = {38: "A", 23: "ISO_Left_Tab"}

    class Keyboard:
        def keycode_to_keysym(self, code: int, index: int) -> int:
            name = shifted.get(code, codes[code]) if index == 1 else codes[code]
            return int(XK.string_to_keysym(name))

    recorder = InputRecorder(":0")
    recorder._control, recorder._names = (
        Keyboard(),
        {XK.string_to_keysym(n): n for n in [*codes.values(), *shifted.values()]},
    )

    def key(code: int, pressed: bool = True) -> None:
        kind = X.KeyPress if pressed else X.KeyRelease
        recorder._on_event(SimpleNamespace(type=kind, detail=code, root_x=0, root_y=0))

    key(38)  # a
    key(50), key(38), key(50, False)  # shift+a: "A"
    key(37), key(38), key(37, False)  # ctrl+a: a chord
    key(50), key(23), key(50, False)  # shift+Tab
    key(36)  # Return
    key(37), key(50), key(96)  # the stop chord: not recorded, it ends the recording
    got = [(e.what, e.text or e.keys) for e in recorder.drain()]
    assert got == [("char", "a"), ("char", "A"), ("key", "ctrl+a"), ("key", "shift+Tab"),
                   ("key", "Return")]  # fmt: skip
    assert recorder.chord_seen.is_set()
    for button, release in ((1, 2), (1, 40)):
        press = SimpleNamespace(type=X.ButtonPress, detail=button, root_x=0, root_y=0)
        recorder._on_event(press)
        recorder._on_event(
            SimpleNamespace(type=X.ButtonRelease, detail=button, root_x=release, root_y=0)
        )
    assert [e.what for e in recorder.drain()] == ["click", "drag"]
