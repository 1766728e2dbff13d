"""Looking in the menus (:mod:`tiny_computer_agent.brains.models._intent_menus`): when
nothing on screen fits, the intent brain opens a window's menus one at a time, clicks
the item that fits, and says it looked everywhere when none does; a tab strip or a row
of buttons is no menu bar."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from tests.test_procedures import Done
from tiny_computer_agent import Observation, Policy, build_menu, run_episode
from tiny_computer_agent._actions import Action
from tiny_computer_agent._asking import Guess
from tiny_computer_agent._elements import Element
from tiny_computer_agent.brains.models._intent_menus import (
    MARK,
    Look,
    looking,
    menu_bar,
    reply_for,
)

BAR = ("File", "Edit", "View", "Help")


def _bar(kind: str = "menuitem", labels: tuple[str, ...] = BAR, y: int = 30) -> list[Element]:
    return [
        Element(label=t, box=(10 + 70 * i, y, 60 + 70 * i, y + 20), kind=kind, window=7)
        for i, t in enumerate(labels)
    ]


def _frame(*extra: Element, bar: list[Element] | None = None) -> Observation:
    title = Element(label="notes.txt - Editor", box=(0, 0, 400, 20), kind="title", window=7)
    text = Element(label="Meeting notes", box=(10, 80, 300, 100), kind="text", window=7)
    return Observation.of([title, *(_bar() if bar is None else bar), text, *extra], size=(800, 600))


def _items(*labels: str, x: int = 150) -> list[Element]:
    return [
        Element(label=t, box=(x, 55 + 25 * i, x + 160, 75 + 25 * i), kind="menuitem", window=9)
        for i, t in enumerate(labels)
    ]


@pytest.fixture(scope="module")
def brain() -> Iterator[object]:
    from tiny_computer_agent.brains.models import IntentBrain

    found = IntentBrain(threads=1)
    yield found
    found.unload()


def test_a_menu_bar_is_a_top_row_of_menus_and_not_a_row_of_buttons_or_tabs() -> None:
    frame = _frame()
    assert [e.label for e in menu_bar(build_menu(frame).entries)] == list(BAR)
    # read by OCR alone (no kinds): a row of menu bar words, one of them misread
    plain = _bar(kind="", labels=("Eile", "Edit", "Options", "Help"))
    assert len(menu_bar(build_menu(_frame(bar=plain)).entries)) == 4
    # TEA's File, the top-most word of its window, taken for its title
    import dataclasses

    titled = [dataclasses.replace(plain[0], label="File", kind="title"), *plain[1:]]
    found = [e.label for e in menu_bar(build_menu(_frame(bar=titled)).entries)]
    assert found == ["File", "Edit", "Options", "Help"]
    # plain words that are not a menu bar's, buttons, or a row with a toolbar above it
    words = _bar(kind="", labels=("Inbox", "Drafts", "Sent", "Spam"))
    assert menu_bar(build_menu(_frame(bar=words)).entries) == []
    buttons = _bar(kind="button", labels=("Yes", "No", "Cancel"))
    assert menu_bar(build_menu(_frame(bar=buttons)).entries) == []
    tool = Element(label="Bold", box=(10, 22, 40, 28), kind="button", window=7)
    assert menu_bar(build_menu(_frame(tool)).entries) == []
    # a page's links read as plain words, under a browser's tab: not a menu bar; a
    # title bar's text read by OCR above a real one does not hide it
    links = _bar(kind="text", labels=("Home", "Search", "Help", "Settings"), y=120)
    tab = Element(label="Docs", box=(10, 40, 120, 60), kind="tab", window=7)
    assert menu_bar(build_menu(_frame(tab, bar=links)).entries) == []
    above = Element(label="notes.txt - Editor", box=(100, 5, 300, 25), kind="text", window=7)
    assert len(menu_bar(build_menu(_frame(above, bar=_bar(kind="text", y=30))).entries)) == 4


@pytest.mark.model
def test_nothing_on_screen_fits_so_it_opens_the_menus_and_clicks_the_item(brain: object) -> None:
    """ "wrap long lines": not on the window; its menus are opened until one holds Word
    Wrap, which is clicked; the menus opened to look are not parts of the goal done."""
    edit = _frame(*_items("Undo", "Redo", "Cut", "Copy", "Paste", x=80))
    view = _frame(*_items("Zoom In", "Zoom Out", "Word Wrap", "Line Numbers", x=150))
    thin = _frame(*_items("Select Font...", x=150))  # the tree's first read of it
    other = _frame(*_items("About", "Contents", x=220))
    frames = {"Edit": edit, "View": view, "Help": other, "File": _frame(*_items("New", "Open"))}
    executor = Done()

    class Screen:
        def capture(self) -> Observation:
            clicked = [a.target for a in executor.actions if a.verb == "click"]
            if clicked and clicked[-1] == "View" and executor.actions[-1].verb == "click":
                return thin  # View's items come in after a moment
            return frames.get(clicked[-1] or "", _frame()) if clicked else _frame()

    episode = run_episode("wrap long lines please", screen=Screen(), brain=brain, executor=executor)
    clicks = [a.target for a in executor.actions if a.verb == "click"]
    assert clicks[-1] == "Word Wrap", (clicks, episode.reason)
    assert set(clicks[:-1]) <= set(BAR) and "View" in clicks, clicks
    assert Action.make("wait", seconds=1.0) in executor.actions, clicks
    looked = [s.decision.reply for s in episode.steps if s.decision is not None]
    assert all(r.startswith(MARK) for r in looked[: len(clicks) - 1]), looked


@pytest.mark.model
def test_when_no_menu_holds_it_the_last_is_closed_and_it_says_where_it_looked(
    brain: object,
) -> None:
    executor = Done()
    menus = {t: _frame(*_items(f"{t} one", f"{t} two", x=10 + 70 * i)) for i, t in enumerate(BAR)}

    class Screen:
        def capture(self) -> Observation:
            acts = [a for a in executor.actions if a.verb != "wait"]  # a wait shows the same
            last = acts[-1] if acts else None
            if last is None or last.verb != "click" or last.target not in menus:
                return _frame()
            return menus[last.target]

    episode = run_episode(
        "turn on the spell checker for Welsh", screen=Screen(), brain=brain, executor=executor,
        policy=Policy(max_steps=12),
    )  # fmt: skip
    said = [a.describe() for a in executor.actions]
    clicks = [a.target for a in executor.actions if a.verb == "click"]
    assert sorted(clicks) == sorted(BAR), "; ".join(said)
    # each menu shows two items: fewer than a menu just read in full, so it is looked at
    # again once, after a wait, before the next is opened
    assert [a.verb for a in executor.actions].count("wait") == len(BAR), said
    assert said[-1] == "key Escape", said
    assert episode.outcome == "unreachable", episode.reason
    assert "looked in the menus" in episode.reason and "'Help'" in episode.reason


@pytest.mark.model
def test_a_menu_opened_to_look_is_read_whole_not_cut_to_the_goals_words(brain: object) -> None:
    """A menu of more items than the menu a brain is shown: the item the goal means is
    weighed though the goal shares no word with it (the menu keeps the likeliest twelve
    by the goal's words, and Mousepad's "Line Numbers" was cut for "I'd like the lines
    numbered")."""
    many = ("Select Font...", "Color Scheme", "Menubar", "Toolbar", "Statusbar",
            "Fullscreen", "Previous Tab", "Next Tab", "Split View", "Tab Size", "Filetype",
            "Line Ending", "Write Unicode BOM", "Viewer Mode", "Show Whitespace")  # fmt: skip
    view = _frame(*_items(*many[:8], "Line Numbers", *many[8:], x=150))
    executor = Done()

    class Screen:
        def capture(self) -> Observation:
            clicked = [a.target for a in executor.actions if a.verb == "click"]
            return view if clicked and clicked[-1] == "View" else _frame()

    goal = "I'd like the lines numbered"
    assert "Line Numbers" not in [e.label for e in build_menu(view, goal).entries]
    episode = run_episode(goal, screen=Screen(), brain=brain, executor=executor, asker=Guess())
    clicks = [a.target for a in executor.actions if a.verb == "click"]
    assert clicks[-1] == "Line Numbers", (clicks, episode.reason)


def test_after_every_menu_was_read_a_near_fit_on_the_window_is_no_answer() -> None:
    """A look ends on its own rule: when no menu held a clear fit, an entry of the
    window under :data:`SEARCH_MARGIN` over nothing fits is not asked about (nor
    guessed): on pluma, "show line numbers next to the text" had a line of the document,
    "buy bread", 1.0 over nothing fits, clicked by --unsure guess once the look ended."""
    from tiny_computer_agent.brains.models import IntentBrain

    class Scored(IntentBrain):
        def scores(self, goal: str, entries: Sequence[Element]) -> tuple[list[float], float]:
            return [6.0 + 1.0 * (e.label == "buy bread") for e in entries], 6.0

    line = Element(label="buy bread", box=(10, 120, 300, 140), kind="text", window=7)
    menus = {t: _frame(line, *_items(f"{t} one", f"{t} two", f"{t} three", x=10)) for t in BAR}
    executor = Done()

    class Screen:
        def capture(self) -> Observation:
            acts = [a for a in executor.actions if a.verb != "wait"]
            last = acts[-1] if acts else None
            if last is None or last.verb != "click" or last.target not in menus:
                return _frame(line)
            return menus[last.target]

    episode = run_episode(
        "show line numbers next to the text", screen=Screen(), brain=Scored(threads=1),
        executor=executor, policy=Policy(max_steps=12), asker=Guess(),
    )  # fmt: skip
    clicks = [a.target for a in executor.actions if a.verb == "click"]
    assert sorted(clicks) == sorted(BAR), clicks  # every menu, and nothing else
    assert episode.outcome == "unreachable", episode.reason
    assert "too close to the nothing-fits score" in episode.reason, episode.reason
    assert "looked in the menus" in episode.reason, episode.reason


def test_every_look_carries_the_menus_opened_so_far() -> None:
    """A look longer than the history a brain is shown (eight steps) still knows every
    menu it opened, names with a space among them: each look's reply carries them; a
    step that is not a look ends it, and a broken reply is no look."""
    from tiny_computer_agent._contracts import Decision, Step

    def step(reply: str) -> Step:
        escape = Action.make("key", keys="Escape")
        return Step(index=1, observation=None, decision=Decision(action=escape, reply=reply))

    look = Look("wrap, then save", ("Edit", "Go To", 'Line "Wrap"'))
    assert looking([step(reply_for(look))]) == look
    assert looking([step(reply_for(Look("wrap", ("Edit",)))), step("wrap")]) == Look()
    assert looking([step(MARK + "wrap [broken")]) == Look()
    assert looking([step(MARK + 'wrap {"opened":"Edit"}')]) == Look()
    assert looking([step(MARK + 'wrap {"opened":[1]}')]) == Look()
    assert looking([]) == Look()
