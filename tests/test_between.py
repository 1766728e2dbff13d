"""Between windows (issue 36, item 5), without a desktop: after an action that closed its
program's window, the loop waits for the next one (no brain calls) instead of deciding
on the gap; the wheel never turns over a grid cell; a tree element another window
covers never stands for the pixels of the window over it. The live counterparts are in
test_live_between.py."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence

import pytest

import tiny_computer_agent as tca
from tiny_computer_agent import Element, Frame, FusedDetector, Observation, Window
from tiny_computer_agent._elements import FrameMapping
from tiny_computer_agent._waiting import gap
from tiny_computer_agent._wheel import scroll_spot, scrollable
from tiny_computer_agent.perception._windows import assign_windows, uncovered

from .test_fused import Reads

SCREEN = (0, 0, 1280, 800)


def zenity(title: str, wid: int, pid: int) -> Window:
    return Window(title=title, box=(400, 300, 800, 500), id=wid, pid=pid, process="zenity")


def dialog(title: str, wid: int, pid: int, *labels: str) -> Observation:
    """A question dialog with its text and buttons, each element in its window."""
    elements = [Element(label=title, box=(400, 300, 800, 320), window=wid, source="window")]
    for i, label in enumerate(labels):
        x = 420 + 120 * i
        elements.append(Element(label=label, box=(x, 440, x + 100, 476), window=wid))
    return Observation.of(elements, size=(1280, 800), windows=(zenity(title, wid, pid),))


def blank() -> Observation:
    """The desktop between two dialogs: no window, nothing read."""
    return Observation.of([], size=(1280, 800))


def grid() -> Observation:
    """What the grid gives for a screen where nothing was read: cells in columns."""
    cells = [
        Element(label=f"cell {n}", box=(x, y, x + 320, y + 200), source="grid", id=n)
        for n, (x, y) in enumerate(((x, y) for y in (0, 200, 400, 600) for x in (0, 320, 640)), 1)
    ]
    return Observation.of(cells, size=(1280, 800))


A = dialog("A", 1, 11, "First question?", "No", "Yes")
B = dialog("B", 2, 12, "Second question?", "No", "Yes")
C = dialog("C", 3, 13, "Third question?", "No", "Yes")


@dataclasses.dataclass
class Pressing:
    """Real input as far as the loop can tell: every action done, none a dry run."""

    done: list[str] = dataclasses.field(default_factory=list)

    def execute(self, action: tca.Action, observation: Observation) -> tca.ActionResult:
        self.done.append(action.describe())
        return tca.ActionResult(ok=True, description=action.describe(), dry_run=False)


@dataclasses.dataclass
class Chain:
    """A chain of dialogs, each opened after the one before closed: after a click, the
    next ``gap`` captures show ``between`` (the desktop), then the next dialog stands."""

    dialogs: list[Observation]
    between: Observation
    gap: int = 2
    left: int = 0
    captures: int = 0

    def capture(self) -> Observation:
        self.captures += 1
        if self.left:
            self.left -= 1
            return self.between
        return self.dialogs[0] if self.dialogs else self.between

    def clicked(self) -> None:
        self.dialogs.pop(0)
        self.left = self.gap


@dataclasses.dataclass
class Answering(Pressing):
    screen: Chain | None = None

    def execute(self, action: tca.Action, observation: Observation) -> tca.ActionResult:
        if self.screen is not None and action.verb == "click":
            self.screen.clicked()
        return super().execute(action, observation)


@dataclasses.dataclass
class Counting:
    brain: tca.Brain
    calls: int = 0

    def decide(self, goal: str, menu: tca.Menu, history: Sequence[tca.Step]) -> tca.Decision:
        self.calls += 1
        return self.brain.decide(goal, menu, history)


def run(screen: Chain, goal: str, **policy: float) -> tuple[tca.Episode, int]:
    brain = Counting(tca.PlannerBrain())
    episode = tca.run_episode(
        goal,
        screen=screen,
        brain=brain,
        executor=Answering(screen=screen),
        policy=tca.Policy(max_steps=8, **policy),
    )
    return episode, brain.calls


def _notes(step: tca.Step) -> str:
    return " ".join(step.observation.notes) if step.observation is not None else ""


# -- what a gap is ---------------------------------------------------------------------------


def test_a_gap_is_no_window_of_the_program_acted_on() -> None:
    assert gap(A, blank()) == "no window is on screen (one was before the action)"
    assert gap(A, B) == ""  # the next dialog is up (a new window, zenity's too)
    assert gap(A, A) == ""
    other = Window(title="xterm", box=SCREEN, id=9, pid=99, process="xterm")
    prompt = Element(label="user@host", box=(0, 0, 90, 20), window=9)
    terminal = Observation.of([prompt], size=(1280, 800), windows=(other,))
    both = dataclasses.replace(terminal, windows=(zenity("A", 1, 11), other))
    assert gap(both, terminal) == "no window of 'zenity' (acted on) is on screen"
    assert gap(both, both) == ""
    unpainted = dataclasses.replace(grid(), windows=B.windows)  # B is mapped, not painted
    assert gap(A, unpainted) == "nothing on screen can be read (it could before)"
    assert gap(grid(), grid()) == ""  # nothing was read before either: no gap to bridge


# -- the loop ---------------------------------------------------------------------------------


def test_chained_dialogs_each_get_their_click_and_the_gaps_get_no_decision() -> None:
    screen = Chain(dialogs=[A, B, C], between=blank(), gap=3)
    episode, calls = run(screen, "click 'Yes', then click 'Yes', then click 'Yes'")
    decided = [s for s in episode.steps if s.decision is not None]
    verbs = [s.decision.action.verb for s in decided if s.decision is not None]
    assert verbs == ["click", "click", "click", "done"], episode.render()
    titles = [s.observation.windows[0].title for s in decided[:3] if s.observation is not None]
    assert titles == ["A", "B", "C"], episode.render()  # each click saw its own dialog
    assert "between windows (no window is on screen" in _notes(decided[1])
    assert "a window came" in _notes(decided[1])
    assert "a window came" in _notes(decided[2])
    assert calls == 4  # one per decision: none while the harness waited


def test_a_window_listed_before_it_is_painted_is_waited_for_too() -> None:
    unpainted = dataclasses.replace(grid(), windows=B.windows)
    screen = Chain(dialogs=[A, B], between=unpainted, gap=2)
    episode, calls = run(screen, "click 'Yes', then click 'Yes'")
    verbs = [s.decision.action.verb for s in episode.steps if s.decision is not None]
    assert verbs == ["click", "click", "done"], episode.render()
    assert "between windows (nothing on screen can be read" in _notes(episode.steps[1])
    assert calls == 3


def test_after_the_last_window_closes_the_wait_is_bounded_and_the_brain_decides() -> None:
    start = time.monotonic()
    screen = Chain(dialogs=[A], between=blank())
    episode, calls = run(screen, "click 'Yes', then click 'Yes'", max_wait_seconds=0.5)
    assert time.monotonic() - start < 3, episode.render()
    second = episode.steps[1]
    assert "between windows" in _notes(second) and "none came" in _notes(second)
    assert second.observation is not None and not second.observation.windows
    assert calls >= 2  # the brain was asked about the empty screen, once the wait ended


def test_a_dry_run_changes_nothing_so_it_never_waits_between_windows() -> None:
    episode = tca.run_episode(
        "click 'Yes', then click 'Yes'",
        screen=tca.ScriptedScreen(frames=(A, blank(), B)),
        brain=tca.PlannerBrain(),
        policy=tca.Policy(max_steps=3),
    )
    assert not any("between windows" in _notes(s) for s in episode.steps), episode.render()


def test_the_kill_switch_stops_a_wait_between_windows(tmp_path: pytest.TempPathFactory) -> None:
    stop = tmp_path / "STOP"  # type: ignore[operator]

    @dataclasses.dataclass
    class Stopping(Pressing):
        def execute(self, action: tca.Action, observation: Observation) -> tca.ActionResult:
            stop.touch()  # the person pressed Stop while the dialog closed
            return super().execute(action, observation)

    # the switch is read before each step and at each poll of the wait: the first
    # poll after the click finds it
    policy = tca.Policy(max_steps=4, kill_switch=stop)
    seen: list[str] = []

    def on_step(step: tca.Step) -> None:
        seen.append(step.refusal.rule if step.refusal else "")

    episode = tca.run_episode(
        "click 'Yes', then click 'Yes'",
        screen=tca.ScriptedScreen(frames=(A, blank(), B)),
        brain=tca.PlannerBrain(),
        executor=Stopping(),
        policy=policy,
        on_step=on_step,
    )
    assert episode.outcome == "refused", episode.render()
    assert len(episode.steps) == 2 and episode.steps[1].observation is None


# -- the wheel over the grid ------------------------------------------------------------------


def test_the_wheel_never_turns_over_a_grid_cell() -> None:
    blind = grid()
    assert not any(scrollable(e, blind) for e in blind.elements)
    assert scroll_spot(blind) is None
    with pytest.raises(tca.PolicyRefusal) as refused:
        tca.Policy().check(tca.Action.make("scroll", direction="down", target="cell 5"), blind)
    assert refused.value.rule == "wheel-target"


# -- stacked look-alikes ----------------------------------------------------------------------

# Two dialogs of one size at one place: "Restore" (id 2) was raised over "Backup" (id 1).
BACKUP = Window(title="Backup", box=(300, 200, 466, 341), id=1, pid=11)
RESTORE = Window(title="Restore", box=(300, 200, 466, 341), id=2, pid=12)
OK_BOX = (373, 299, 458, 333)


def test_a_covered_tree_element_is_left_out_and_a_shown_one_kept() -> None:
    under = Element(label="OK", box=OK_BOX, source="a11y", kind="button", window=BACKUP.id)
    over = dataclasses.replace(under, window=RESTORE.id)
    stray = dataclasses.replace(under, window=77)  # a window that is not listed
    stack = (RESTORE, BACKUP)
    assert uncovered([under, over, stray], stack, FrameMapping()) == (over, stray)


def test_ok_whose_pixels_did_not_change_belongs_to_the_window_now_on_top() -> None:
    """The tree knows only the lower dialog's OK (GTK told it for one of the two); the
    pixels show an OK at the same place, the upper dialog's. Before, the lower one's
    covered OK took the pixels' OK away (the tree "names it better") and was then
    dropped as covered: the upper dialog had no OK at all."""
    pil = pytest.importorskip("PIL.Image")
    tree = (Element(label="OK", box=OK_BOX, source="a11y", kind="button", window=BACKUP.id),)
    frame = Frame.of(pil.new("RGB", (1280, 800), "white"))
    frame = dataclasses.replace(frame, accessible=tree, windows=(RESTORE, BACKUP))
    pixels = Reads((Element(label="OK", box=(400, 306, 430, 326)),))
    found = FusedDetector(ocr=pixels, shapes=False, window_titles=False).detect(frame)
    placed = assign_windows(found.elements, frame.windows, frame.mapping)
    assert [(e.label, e.source, e.window) for e in placed] == [("OK", "ocr", RESTORE.id)]
    # raised again: the tree's OK is the one shown, and it names its window
    frame = dataclasses.replace(frame, windows=(BACKUP, RESTORE))
    found = FusedDetector(ocr=pixels, shapes=False, window_titles=False).detect(frame)
    placed = assign_windows(found.elements, frame.windows, frame.mapping)
    assert [(e.label, e.source, e.window) for e in placed] == [("OK", "a11y", BACKUP.id)]
