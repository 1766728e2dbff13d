"""Elements learn their window; a goal's window is found by title or id."""

from __future__ import annotations

import pytest

from tiny_computer_agent._elements import Element, FrameMapping, Observation, Window
from tiny_computer_agent._errors import AmbiguousTarget, TargetError
from tiny_computer_agent.perception._windows import (
    assign_windows,
    find_window,
    window_at,
    window_of,
)

# Two dialogs on a 1280x800 screen: "Second" lies over the right half of "First".
FIRST = Window(title="First", box=(100, 100, 500, 400), id=0x400008, pid=11)
SECOND = Window(title="Replace file?", box=(300, 150, 700, 450), id=0xC00008, pid=12)
EDITOR = Window(title="notes.txt - Editor", box=(0, 0, 1280, 800), id=0x200003)
STACK = (SECOND, FIRST, EDITOR)  # top-most first


def el(label: str, box: tuple[int, int, int, int], window: int = 0) -> Element:
    return Element(label=label, box=box, window=window)


def test_an_element_gets_the_top_most_window_at_its_centre() -> None:
    found = assign_windows(
        [
            el("OK", (150, 300, 190, 320)),  # only First
            el("OK", (450, 300, 490, 320)),  # First and Second overlap here: Second is on top
            el("File", (10, 10, 40, 30)),  # the editor behind both
            el("Clock", (1250, 790, 1279, 799)),  # the editor's last pixel row and column
        ],
        STACK,
        FrameMapping(),
    )
    assert [e.window for e in found] == [FIRST.id, SECOND.id, EDITOR.id, EDITOR.id]
    assert [e.label for e in found] == ["OK", "OK", "File", "Clock"]


def test_frame_pixels_are_mapped_to_the_screen_before_the_windows_are_asked() -> None:
    # a half-size frame of a monitor whose corner is at (1280, 0)
    mapping = FrameMapping(left=1280, top=0, scale_x=2.0, scale_y=2.0)
    right = Window(title="Right", box=(1280, 0, 1680, 300), id=5)
    left = Window(title="Left", box=(0, 0, 1280, 800), id=6)
    found = assign_windows(
        [el("a", (90, 90, 110, 110)), el("b", (290, 90, 310, 110))], (right, left), mapping
    )
    # a's centre is screen (1480, 200): in Right; b's is (1880, 200): in no window
    assert [e.window for e in found] == [5, 0]


def test_an_element_whose_own_window_is_covered_is_dropped() -> None:
    hidden = el("Cancel", (450, 300, 490, 320), window=FIRST.id)  # under Second
    shown = el("Apply", (150, 300, 190, 320), window=FIRST.id)
    found = assign_windows([hidden, shown], STACK, FrameMapping())
    assert found == (shown,)


def test_an_element_keeps_a_window_that_is_not_listed_or_where_no_window_is() -> None:
    stray = el("Tooltip", (450, 300, 490, 320), window=0x999)  # e.g. a popup, not listed
    outside = el("Desk", (900, 500, 920, 520), window=FIRST.id)  # on no listed window
    found = assign_windows([stray, outside], (SECOND, FIRST), FrameMapping())
    assert found == (stray, outside)


def test_without_windows_the_elements_come_back_unchanged() -> None:
    given = [el("OK", (1, 1, 5, 5)), el("No", (10, 1, 15, 5), window=3)]
    assert assign_windows(given, (), FrameMapping()) == tuple(given)


def test_window_at_treats_the_right_and_bottom_edges_as_outside() -> None:
    assert window_at(STACK, 699.5, 449.5) is SECOND
    assert window_at(STACK, 700, 200) is EDITOR
    assert window_at((FIRST,), 500, 200) is None
    assert window_at((), 1, 1) is None


def observation() -> Observation:
    return Observation.of(
        [el("OK", (150, 300, 190, 320), FIRST.id), el("OK", (450, 300, 490, 320), SECOND.id)],
        size=(1280, 800),
        windows=STACK,
    )


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("Replace file?", SECOND),
        ("replace  FILE", SECOND),  # compared like labels: case, spaces, punctuation
        ("Replace", SECOND),  # a part of a title
        ("first", FIRST),
        ("Editor", EDITOR),
        (0xC00008, SECOND),
        ("0x400008", FIRST),
        (str(0x200003), EDITOR),
    ],
)
def test_window_of_finds_a_window_by_title_or_id(name: str | int, want: Window) -> None:
    assert window_of(observation(), name) == want


def test_a_whole_title_beats_a_part_of_another() -> None:
    files = Window(title="Files", box=(0, 0, 10, 10), id=1)
    saving = Window(title="Files - saving", box=(0, 0, 10, 10), id=2)
    assert find_window((saving, files), "files") is files
    assert find_window((saving, files), "saving") is saving


def test_window_of_says_what_windows_there_are_when_none_fits() -> None:
    with pytest.raises(TargetError, match=r"no window is titled 'Save as'.*'First'"):
        window_of(observation(), "Save as")
    with pytest.raises(TargetError, match="no window has the id 7"):
        window_of(observation(), 7)
    with pytest.raises(TargetError, match="names no window"):
        window_of(observation(), "   ")
    with pytest.raises(TargetError, match="no windows are known"):
        find_window((), "First")


def test_short_queries_must_name_a_whole_title() -> None:
    assert find_window((Window(title="OK", box=(0, 0, 1, 1), id=1),), "ok").id == 1
    with pytest.raises(TargetError):
        find_window((FIRST,), "fi")  # "fi" is in "first" by chance, not a name


def test_two_windows_with_one_title_are_ambiguous_and_named_by_id() -> None:
    twins = (
        Window(title="Question", box=(0, 0, 10, 10), id=0xA),
        Window(title="Question", box=(20, 0, 30, 10), id=0xB),
    )
    with pytest.raises(AmbiguousTarget, match=r"2 windows equally: 0xa .*0xb"):
        find_window(twins, "Question")
    assert find_window(twins, "0xb") is twins[1]
