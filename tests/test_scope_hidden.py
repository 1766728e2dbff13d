"""What a ``--window`` name names when another program dresses as the named one (issue
37, item 4): a word of a title that is some window's process takes in that process's
windows only, and a class word that two programs set names neither; the windows a
window manager lists but does not show (minimised, on another workspace) count when a
name is judged, so a box dressed as a program whose own window was minimised is not
taken for it. See tiny_computer_agent/_scope.py."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers import rule_of
from tiny_computer_agent import Action, Element, Observation, Policy, PolicyRefusal, Window
from tiny_computer_agent._scope import focus_refusal, known_windows
from tiny_computer_agent.records._schema import TraceReader

SIZE = (1280, 800)
SHEET = Window(title="ledger.gnumeric - Gnumeric", box=(0, 0, 900, 800), id=0x1200004,
               pid=4100, wm_class=("gnumeric", "Gnumeric"), process="gnumeric")  # fmt: skip
#: a program whose process is not a word of its title (GIMP's is ``gimp-2.10``)
IMAGE = Window(title="photo.xcf - GIMP", box=(0, 0, 900, 800), id=0x1400004, pid=4300,
               wm_class=("gimp", "Gimp"), process="gimp-2.10")  # fmt: skip


def box_as(owner: Window, *, wm_class: tuple[str, ...], process: str, pid: int | None,
           attached: bool = True) -> Window:  # fmt: skip
    """A script's box that copies ``owner``'s title and sets a class of its own."""
    return Window(title=owner.title, box=(300, 250, 900, 520), id=0x5d00001, pid=pid,
                  wm_class=wm_class, process=process,
                  transient_for=owner.id if attached else 0)  # fmt: skip


def frame(*windows: Window, hidden: tuple[Window, ...] = ()) -> Observation:
    """An "Allow" button in each window shown, labelled by its X id."""
    elements = [
        Element(label=f"Allow {w.id:x}", box=(w.box[0] + 40, 460, w.box[0] + 200, 500),
                kind="button", window=w.id)
        for w in windows
    ]  # fmt: skip
    seen = Observation.of(elements, size=SIZE, windows=windows)
    return dataclasses.replace(seen, hidden_windows=hidden)


def press(window: Window) -> Action:
    return Action.make("click", target=f"Allow {window.id:x}")


@pytest.mark.parametrize(
    ("wm_class", "process", "pid"),
    [
        (("gnumeric", "Yad"), "yad", 9911),  # yad --name gnumeric --parent-win WID
        (("gnumeric", "Python3"), "python3", 9912),  # tkinter with -class
        (("gnumeric", "Xmessage"), "xmessage", 9913),  # Xt: no _NET_WM_PID, the server's pid
        (("gnumeric", "Gnumeric"), "", None),  # another machine's client: no pid
    ],
)
def test_a_box_that_copies_a_title_and_takes_the_programs_name_as_its_class_is_out(
    wm_class: tuple[str, ...], process: str, pid: int | None
) -> None:
    fake = box_as(SHEET, wm_class=wm_class, process=process, pid=pid)
    scope = Policy(scope=(SHEET.title,))
    assert rule_of(scope, press(fake), frame(fake, SHEET)) == "window-scope"
    assert rule_of(scope, press(SHEET), frame(fake, SHEET)) is None
    # the program's own dialog, from its process, still joins
    own = dataclasses.replace(fake, wm_class=SHEET.wm_class, process="gnumeric", pid=SHEET.pid)
    assert rule_of(scope, press(own), frame(own, SHEET)) is None


def test_a_class_word_two_programs_set_names_neither_when_no_process_is_a_word() -> None:
    fake = box_as(IMAGE, wm_class=("gimp", "Kdialog"), process="kdialog", pid=9911)
    scope = Policy(scope=(IMAGE.title,))
    # both set the class "gimp" and show the whole title: the title names neither
    for target in (fake, IMAGE):
        assert rule_of(scope, press(target), frame(fake, IMAGE)) == "window-scope"
    assert rule_of(scope, press(IMAGE), frame(IMAGE)) is None
    # a box that sets the class but another title leaves the title to GIMP's window
    other = dataclasses.replace(fake, title="Export Image")
    assert rule_of(scope, press(IMAGE), frame(other, IMAGE)) is None
    assert rule_of(scope, press(other), frame(other, IMAGE)) == "window-scope"


@pytest.mark.parametrize(
    "name", ["gnumeric", "Gnumeric", "ledger.gnumeric - Gnumeric", "*Gnumeric"]
)
def test_a_box_dressed_as_a_program_whose_window_was_minimised_is_out(name: str) -> None:
    fake = box_as(SHEET, wm_class=SHEET.wm_class, process="python3", pid=9911, attached=False)
    scope = Policy(scope=(name,))
    # alone on screen, nothing else tells it from the program
    assert rule_of(scope, press(fake), frame(fake)) is None
    # the program's own window, minimised, says which process the name is
    assert rule_of(scope, press(fake), frame(fake, hidden=(SHEET,))) == "window-scope"
    with pytest.raises(PolicyRefusal) as refused:
        scope.check(press(fake), frame(fake, hidden=(SHEET,)))
    said = str(refused.value)
    if name == SHEET.title:  # the whole title of two windows, one of them hidden
        assert "is the whole title of more than one window" in said
    else:
        assert "is not shown (minimised or on another workspace)" in said
        assert "process gnumeric" in said
    # shown again, the program's window is in scope; a hidden copy of it changes nothing
    assert rule_of(scope, press(SHEET), frame(SHEET, hidden=(SHEET,))) is None


def test_keys_just_before_sending_are_judged_with_the_hidden_windows() -> None:
    fake = box_as(SHEET, wm_class=SHEET.wm_class, process="python3", pid=9911, attached=False)
    enter = Action.make("key", keys="Return")
    assert focus_refusal(("gnumeric",), enter, fake.id, (fake,)) is None
    refusal = focus_refusal(("gnumeric",), enter, fake.id, (fake,), (SHEET,))
    assert refusal is not None and refusal.rule == "window-scope"
    assert "is not shown" in str(refusal)


def test_hidden_windows_are_never_targets_and_ride_in_a_trace() -> None:
    seen = frame(SHEET, hidden=(IMAGE,))
    assert [w.id for w in seen.windows] == [SHEET.id]
    assert known_windows(seen) == (SHEET, IMAGE)
    assert Observation.from_dict(seen.to_dict()).hidden_windows == (IMAGE,)
    assert TraceReader("trace.json").frame(seen.to_dict(), "frame").hidden_windows == (IMAGE,)
    bad = {**seen.to_dict(), "hidden_windows": [{"title": "x", "box": [5, 5, 1]}]}
    with pytest.raises(ValueError, match=r"frame\.hidden_windows\[0\]\.box"):
        TraceReader("trace.json").frame(bad, "frame")
    assert "hidden_windows" not in frame(SHEET).to_dict()
