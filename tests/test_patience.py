"""Long tasks without a desktop: waiting with no brain calls, passive steps, batches and a
bounded history (issue 15). The live counterparts are in test_live_patience.py."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest

import tiny_computer_agent as tca
from tiny_computer_agent.brains._goals import _intent
from tiny_computer_agent.brains.models import ScriptedModelBrain


def labels(*names: str) -> tca.Observation:
    return tca.ScriptedScreen.of_labels(list(names)).capture()


@dataclasses.dataclass
class Counting:
    """A brain wrapper that counts its decisions."""

    brain: tca.Brain
    calls: int = 0
    histories: list[Sequence[tca.Step]] = dataclasses.field(default_factory=list)

    def decide(self, goal: str, menu: tca.Menu, history: Sequence[tca.Step]) -> tca.Decision:
        self.calls += 1
        self.histories.append(history)
        return self.brain.decide(goal, menu, history)


@dataclasses.dataclass
class Clock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@dataclasses.dataclass
class TimedScreen:
    """A screen whose whole and regional signatures follow a script of times: ``events``
    maps a time to (area, new content); area "a" is inside REGION, "b" outside it."""

    clock: Clock
    events: list[tuple[float, str, str]]
    frames: dict[str, tca.Observation]
    captures: int = 0
    last: tca.Observation | None = None
    last_signature: bytes = b""

    def state(self) -> dict[str, str]:
        now = {"a": "a0", "b": "b0"}
        for t, area, content in self.events:
            if self.clock.now >= t:
                now[area] = content
        return now

    def signature(self, region: tuple[int, int, int, int] | None = None) -> bytes:
        state = self.state()
        if region is None:
            return f"{state['a']}|{state['b']}".encode()
        assert region == REGION
        return state["a"].encode()

    def capture(self) -> tca.Observation:
        self.captures += 1
        self.last = self.frames.get(self.state()["a"], self.frames["a0"])
        self.last_signature = self.signature()
        return self.last


REGION = (40, 40, 200, 76)  # the first label's box of of_labels, on screen


def timed(events: list[tuple[float, str, str]], **frames: tca.Observation) -> TimedScreen:
    return TimedScreen(clock=Clock(), events=events, frames={"a0": labels("Status"), **frames})


def wait(screen: TimedScreen, seen: tca.Observation, **kw: Any) -> tca.WaitResult:
    what = tca.Watch(**{"deadline": 10.0, **kw})
    return tca.watch(screen, seen, what, clock=screen.clock, sleep=screen.clock.sleep)


# -- watch ----------------------------------------------------------------------------------


def test_a_text_wait_wakes_when_the_text_appears_and_looks_only_after_a_change() -> None:
    screen = timed([(2.0, "a", "done")], done=labels("Status", "Finished"))
    seen = screen.capture()
    result = wait(screen, seen, until="text", text="Finished")
    assert (result.woke, result.changed) == ("text", True)
    assert 2.0 <= result.seconds <= 2.2
    assert result.looks == 1  # one capture, at the change; the polls in between were cheap
    assert result.polls >= 20


def test_text_already_visible_wakes_at_once() -> None:
    screen = timed([])
    result = wait(screen, labels("Finished"), until="text", text="Finished")
    assert (result.woke, result.seconds, result.polls) == ("text", 0.0, 0)


def test_a_region_watch_ignores_changes_elsewhere() -> None:
    clock_ticks = [(t / 10, "b", f"tick{t}") for t in range(1, 100)]  # a clock beside it
    screen = timed([*clock_ticks, (3.0, "a", "a1")])
    seen = screen.capture()
    result = wait(screen, seen, until="change", region=REGION)
    assert result.woke == "change"
    assert 3.3 <= result.seconds <= 3.5  # the change, then 0.3 s still
    whole = wait(timed(clock_ticks), seen, until="change")
    assert whole.woke == "timeout" and whole.changed  # the whole screen never held still


def test_a_spinner_never_counts_as_settled() -> None:
    spinner = [(t / 20, "a", f"frame{t % 8}") for t in range(1, 400)]
    result = wait(timed(spinner), labels("Status"), until="change", region=REGION, deadline=5)
    assert (result.woke, result.changed) == ("timeout", True)
    assert 5.0 <= result.seconds < 5.2


def test_still_wakes_at_once_on_a_still_screen_and_nothing_changed_says_so() -> None:
    screen = timed([])
    assert wait(screen, screen.capture(), until="still").woke == "still"
    none = wait(screen, screen.capture(), until="change", deadline=2)
    assert (none.woke, none.changed) == ("timeout", False)
    assert "nothing changed" in none.describe(tca.Watch(until="change", deadline=2))


def test_a_change_since_the_brains_frame_counts() -> None:
    screen = timed([(0.5, "a", "a1")], a1=labels("Status: saved"))
    seen = screen.capture()  # the brain looked at t=0; the change came at 0.5, before the wait
    screen.clock.now = 1.0
    result = wait(screen, seen, until="change", region=REGION)
    assert result.woke == "change" and result.changed
    assert result.seconds <= 0.35  # it held still since: only the quiet time is waited


def test_the_kill_switch_stops_a_wait(tmp_path: Any) -> None:
    stop = tmp_path / "STOP"
    policy = tca.Policy(kill_switch=stop)
    screen = timed([])
    ticks = 0

    def check() -> None:
        nonlocal ticks
        ticks += 1
        if ticks == 5:
            stop.touch()
        policy.check_kill_switch()

    with pytest.raises(tca.PolicyRefusal, match="kill"):
        tca.watch(screen, screen.capture(), tca.Watch(until="change"), check=check,
                  clock=screen.clock, sleep=screen.clock.sleep)  # fmt: skip
    assert ticks == 5


# -- in the loop ----------------------------------------------------------------------------


def test_wait_for_in_an_episode_makes_no_brain_call_while_waiting() -> None:
    # each capture of a ScriptedScreen is the next frame: the dialog arrives at the 4th look
    done = ["Export finished", "OK"]
    screen = tca.ScriptedScreen.of_labels(
        ["Export"], ["Export"], ["Export", "Working"], done, done, ["Saved"]
    )
    brain = Counting(tca.PlannerBrain())
    episode = tca.run_episode(
        "wait for 'Export finished' (up to 5 seconds) then click 'OK'",
        screen=screen,
        brain=brain,
        verify_text="Saved",
    )
    waited = episode.steps[0]
    assert waited.result is not None and waited.result.woke == "text", episode.render()
    assert "no brain calls" in waited.result.description
    assert brain.calls == 2  # the wait, then the click (verified after it): none in between
    assert episode.outcome == "verified"


def test_a_wait_that_saw_nothing_change_is_passive_and_the_frame_stands() -> None:
    screen = tca.ScriptedScreen.of_labels(["Export"])
    policy = tca.Policy(max_wait_seconds=0.4)
    brain = Counting(tca.PlannerBrain())
    episode = tca.run_episode(
        "wait for 'Finished' (up to 9 minutes)", screen=screen, brain=brain, policy=policy
    )
    first, second = episode.steps[:2]
    assert first.result is not None and first.result.passive and first.result.woke == "timeout"
    assert "caps a wait at 0.4s; 540s was asked" in first.result.description
    assert second.observation is not None
    assert any(n.startswith("the last frame stands") for n in second.observation.notes)
    assert second.timings["observe"] < 0.01
    # the same wait on the same frame would change nothing: the loop stops, and says why
    assert episode.outcome == "stuck", episode.render()


def test_zoom_without_pixels_is_a_passive_failed_step() -> None:
    screen = tca.ScriptedScreen.of_labels(["Export", "Print"])
    brain = tca.ScriptedBrain.of([{"verb": "zoom", "target": "Export"}])
    episode = tca.run_episode("zoom on 'Export'", screen=screen, brain=brain)
    step = episode.steps[0]
    assert step.result is not None and step.result.passive and not step.result.ok
    assert "no pixels" in step.result.error
    assert screen.shown == 1  # the next step looked at the same frame, not a new capture


def test_merge_readings_keeps_the_more_confident_reading() -> None:
    obs = tca.Observation.of(
        [tca.Element(label="Exp0rt", box=(10, 10, 50, 20), confidence=0.6),
         tca.Element(label="Print", box=(60, 10, 90, 20), confidence=0.99)],
        size=(200, 100),
    )  # fmt: skip
    better = tca.Element(label="Export", box=(9, 9, 51, 21), confidence=0.97)
    worse = tca.Element(label="Pr1nt", box=(60, 10, 90, 20), confidence=0.5)
    merged, taken = tca.merge_readings(obs, [better, worse])
    assert [e.label for e in merged.elements] == ["Export", "Print"]
    assert taken == [better]
    assert tca.merge_readings(obs, [worse]) == (obs, [])


# -- batches --------------------------------------------------------------------------------


def test_the_planner_batches_a_field_fill_and_submit_with_one_look() -> None:
    screen = tca.ScriptedScreen.of_labels(["Name", "Submit"], ["Thanks"])
    executor = tca.DryRunExecutor()
    episode = tca.run_episode(
        "type 'bob' into 'Name' then press Return", screen=screen,
        brain=tca.PlannerBrain(), executor=executor, verify_text="Thanks",
    )  # fmt: skip
    step = episode.steps[0]
    assert step.decision is not None
    assert [a.describe() for a in step.decision.actions] == ["type 'bob' into 'Name'", "key Return"]
    assert len(executor.log) == 2 and episode.outcome == "verified"
    assert screen.shown == 2  # one look before, one after: none between the two actions
    lone = tca.run_episode(
        "type 'bob' into 'Name' then press Return",
        screen=tca.ScriptedScreen.of_labels(["Name"]),
        brain=tca.PlannerBrain(batch=False),
    )
    assert lone.steps[0].decision is not None and not lone.steps[0].decision.batch


def test_a_first_click_batches_only_when_it_focuses_a_field() -> None:
    porto = tca.Element(label="Porto", box=(0, 0, 60, 20), kind="item")
    name = tca.Element(label="Name", box=(0, 40, 60, 60), kind="field", value="")
    obs = tca.Observation.of([porto, name], size=(800, 600))
    goal = "click 'Porto' then type 'bob' into 'Name'"
    chose = tca.PlannerBrain().decide(goal, tca.build_menu(obs), ())
    assert chose.action.target == "Porto" and not chose.batch  # a chosen row closes its list
    focus = tca.PlannerBrain().decide("click 'Name' then type 'bob'", tca.build_menu(obs), ())
    assert [a.describe() for a in focus.actions] == ["click 'Name'", "type 'bob'"]


def test_one_refused_member_refuses_the_batch_before_anything_is_done() -> None:
    executor = tca.DryRunExecutor()
    brain = tca.ScriptedBrain.of([[
        {"verb": "click", "target": "Name"},
        {"verb": "type", "text": "hello"},
        {"verb": "type", "text": "sudo reboot"},
    ]])  # fmt: skip
    episode = tca.run_episode(
        "fill in the name", screen=tca.ScriptedScreen.of_labels(["Name"]), brain=brain,
        executor=executor,
    )  # fmt: skip
    assert episode.outcome == "refused" and executor.log == []
    assert episode.steps[0].refusal is not None
    assert episode.steps[0].refusal.rule == "denied-text"


@pytest.mark.parametrize(
    ("actions", "why"),
    [
        ([{"verb": "click", "target": "A"}, {"verb": "click", "target": "B"}], "only the first"),
        ([{"verb": "key", "keys": "Return"}, {"verb": "type", "text": "x"}], "Tab"),
        ([{"verb": "type", "text": "x"}, {"verb": "scroll", "direction": "down"}], "only click"),
        ([{"verb": "type", "text": "x"}] * 6, "2 to 5"),
    ],
)
def test_what_is_not_obviously_sequential_is_not_a_batch(
    actions: list[dict[str, Any]], why: str
) -> None:
    with pytest.raises(tca.ActionError, match=why):
        tca.check_batch([tca.Action.from_dict(a) for a in actions])
    menu = tca.build_menu(labels("A", "B"))
    with pytest.raises(tca.BrainError, match="one action at a time"):
        tca.parse_decision(json.dumps(actions), menu)


def test_a_reply_that_is_a_batch_is_read_whole_never_as_its_last_action() -> None:
    menu = tca.build_menu(labels("Name", "Submit"))
    batch = '[{"verb": "type", "choice": 1, "text": "bob"}, {"verb": "key", "keys": "enter"}]'
    reply = f"```json\n{batch}\n```"
    decision = tca.parse_decision(reply, menu)
    assert [a.describe() for a in decision.actions] == ["type 'bob' into 'Name'", "key Return"]
    wrapped = tca.parse_decision('{"batch": [{"verb": "click", "choice": 1}, '
                                 '{"verb": "type", "text": "bob"}]}', menu)  # fmt: skip
    assert len(wrapped.actions) == 2


@pytest.mark.parametrize("reply", ["[]", "```json\n[]\n```", '{"batch": []}', '{"actions": []}'])
def test_an_empty_batch_is_a_clear_brain_error(reply: str) -> None:
    menu = tca.build_menu(labels("Name", "Submit"))
    with pytest.raises(tca.BrainError, match="empty list: there is no action"):
        tca.parse_decision(reply, menu)


# -- a bounded history ----------------------------------------------------------------------


def test_sixty_steps_cost_the_same_prompt_at_the_end_as_near_the_start() -> None:
    frames = [["+1", f"Count {n}"] for n in range(70)]  # each click changes the count
    brain = ScriptedModelBrain(replies=('{"verb": "click", "choice": 1}',))
    counting = Counting(brain)
    episode = tca.run_episode(
        "click '+1' sixty times", screen=tca.ScriptedScreen.of_labels(*frames),
        brain=counting, policy=tca.Policy(max_steps=60),
    )  # fmt: skip
    assert episode.outcome == "budget" and len(episode.steps) == 60
    sizes = [len(r[-1]["content"]) for r in brain.requests]
    assert max(sizes[20:]) - sizes[10] <= 40, sizes  # flat: not one line more per step
    assert all(len(h) <= tca.HISTORY_WINDOW for h in counting.histories)
    last = counting.histories[-1]
    assert isinstance(last, tca.History) and last.total == 59 and last.acted == 59
    prompt = brain.requests[-1][-1]["content"]
    assert "51 earlier steps (59 actions in all), summed up:" in prompt
    assert "click '+1' x59" in prompt, prompt
    assert "after click '+1': 'Count 58' appeared" in prompt  # step 59's effect, seen now


def test_the_planner_keeps_its_place_past_the_history_window() -> None:
    parts = [f"click 'B{i}'" for i in range(12)]
    frames = [[f"B{i}" for i in range(12)] + [f"seen {n}"] for n in range(20)]
    episode = tca.run_episode(
        " then ".join(parts), screen=tca.ScriptedScreen.of_labels(*frames),
        brain=tca.PlannerBrain(), policy=tca.Policy(max_steps=20),
    )  # fmt: skip
    clicked = [s.decision.action.target for s in episode.steps if s.decision and s.acted]
    assert clicked == [f"B{i}" for i in range(12)], episode.render()
    assert episode.outcome == "claimed"


def test_the_ledger_names_traps_and_what_is_left() -> None:
    screen = tca.ScriptedScreen.of_labels(*[["Next", "Open", f"page {n}"] for n in range(20)])
    brain = tca.ScriptedBrain.of(
        [{"verb": "click", "target": "Next"}] * 9 + [{"verb": "click", "target": "Gone"}]
        + [{"verb": "click", "target": "Next"}]
    )  # fmt: skip
    counting = Counting(brain)
    tca.run_episode(
        "click 'Next' until the end then click 'Open'", screen=screen, brain=counting,
        policy=tca.Policy(max_steps=12),
    )  # fmt: skip
    ledger = "\n".join(tca.ledger_lines(counting.histories[-1]))
    assert "trap: click 'Gone': target not found" in ledger
    assert "left: click 'Open'" in ledger
    assert "done: click 'Next' x10" in ledger


# -- phrasings, limits and traces ----------------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "want"),
    [
        ("wait for 'Finished' (up to 2 minutes)", {"verb": "wait_for", "text": "Finished",
                                                   "until": "text", "seconds": 120.0}),
        ("wait until 'Done' appears, at most 30 s", {"verb": "wait_for", "text": "Done",
                                                     "until": "text", "seconds": 30.0}),
        ("wait until the screen settles", {"verb": "wait_for", "until": "still"}),
        ("wait for the screen to change within 1 h", {"verb": "wait_for", "until": "change",
                                                      "seconds": 3600.0}),
        ("zoom in on 'Export'", {"verb": "zoom", "target": "Export"}),
    ],
)  # fmt: skip
def test_the_planner_reads_waits_and_zooms(goal: str, want: dict[str, Any]) -> None:
    intent = _intent(goal)
    fields = {"verb": intent.verb, **dict(intent.fields)}
    if intent.target:
        fields["target"] = intent.target
    assert tca.Action.from_dict(fields).to_dict() == want


def test_the_policy_caps_a_wait_and_refuses_a_bad_cap() -> None:
    long = tca.Action.make("wait_for", text="x", seconds=3000)
    assert tca.Policy().wait_deadline(long) == tca.DEFAULT_MAX_WAIT_SECONDS
    assert tca.Policy().wait_deadline(tca.Action.make("wait_for")) == tca.DEFAULT_WAIT_SECONDS
    with pytest.raises(ValueError, match="max_wait_seconds"):
        tca.Policy(max_wait_seconds=0)
    # looking is not input: a denied widget may be watched, never clicked
    obs = labels("Terminal")
    assert tca.Policy().check(tca.Action.make("wait_for", target="Terminal"), obs)
    with pytest.raises(tca.PolicyRefusal):
        tca.Policy().check(tca.Action.make("click", target="Terminal"), obs)


def test_a_trace_keeps_batches_passive_steps_and_wake_reasons(tmp_path: Any) -> None:
    screen = tca.ScriptedScreen.of_labels(["Name", "OK"], ["Thanks", "OK"])
    brain = tca.ScriptedBrain.of([
        [{"verb": "type", "text": "bob", "target": "Name"}, {"verb": "key", "keys": "Return"}],
        {"verb": "wait_for", "until": "still", "seconds": 1},
    ])  # fmt: skip
    episode = tca.run_episode("fill it in", screen=screen, brain=brain)
    path = tmp_path / "t.json"
    tca.record(episode, brain=brain).save(path)
    trace = tca.load_trace(path)
    assert trace.to_dict()["schema_version"] == tca.records.SCHEMA_VERSION
    first, second = trace.steps[:2]
    assert first.decision is not None and len(first.decision.actions) == 2
    assert second.result is not None and second.result.woke == "still"
    data = json.loads(path.read_text())
    data["steps"][0]["decision"]["batch"] = [{"verb": "click", "target": "OK"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(tca.TraceError, match="batch"):
        tca.load_trace(bad)


def test_a_bad_max_wait_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from tiny_computer_agent.cli import main

    for bad in ("0", "-1", "nan", "4000"):
        assert main(["--image", "example", "--max-wait", bad, "click 'Save'"]) == 2
        assert "--max-wait must be more than 0" in capsys.readouterr().err


def test_watching_an_irreversible_button_needs_no_yes() -> None:
    screen = tca.ScriptedScreen.of_labels(["Delete account"], ["Deleted"])
    brain = tca.ScriptedBrain.of(
        [{"verb": "wait_for", "target": "Delete account", "until": "change", "seconds": 2}]
    )
    episode = tca.run_episode("watch it", screen=screen, brain=brain)
    result = episode.steps[0].result
    assert result is not None and result.woke == "change", episode.render()
    assert "person's yes" not in result.description
    assert "wait" in episode.steps[0].timings and "settle" not in episode.steps[0].timings


@dataclasses.dataclass
class PixelScreen:
    """A screen with pixels: from ``change_at`` on, a red patch is drawn; ``detector``
    reads ``crop_says`` from a crop holding the patch and ``whole_says`` from the whole
    frame holding it (a changed word beside the rest of its line)."""

    clock: Clock
    change_at: float
    crop_says: str
    whole_says: str
    grabs: int = 0

    def image(self) -> Any:
        from PIL import Image, ImageDraw

        image = Image.new("RGB", (800, 500), (200, 200, 200))
        if self.clock.now >= self.change_at:
            ImageDraw.Draw(image).rectangle((500, 300, 540, 312), fill=(255, 0, 0))
        return image

    def signature(self, region: Any = None) -> bytes:
        return b"after" if self.clock.now >= self.change_at else b"before"

    def grab(self) -> tuple[Any, tca.FrameMapping]:
        self.grabs += 1
        return self.image(), tca.FrameMapping()

    @property
    def detector(self) -> Any:
        screen = self

        class Reads:
            def detect(self, frame: tca.Frame) -> tca.Detection:
                red = (255, 0, 0) in {c for _, c in frame.image.getcolors(1 << 16)}
                label = screen.whole_says if frame.size == (800, 500) else screen.crop_says
                return tca.Detection(
                    elements=(tca.Element(label=label if red else "Export", box=(0, 0, 9, 9)),)
                )

        return Reads()

    def capture(self) -> tca.Observation:
        from tiny_computer_agent.perception._frames import observe

        return observe(self.image(), detector=self.detector)


def test_a_text_wait_reads_only_what_changed_and_the_whole_screen_when_that_is_not_enough() -> None:
    screen = PixelScreen(Clock(), 1.0, crop_says="Export finished", whole_says="Export finished")
    seen = screen.capture()
    fast = wait(screen, seen, until="text", text="Export finished")  # type: ignore[arg-type]
    assert (fast.woke, fast.reads, fast.looks) == ("text", 1, 0)
    assert fast.seconds <= 1.1
    # only the word "finished" changed: the crop says just that, so once the screen has
    # held still the whole of it is read, and the line is found there
    screen = PixelScreen(Clock(), 1.0, crop_says="finished", whole_says="Export finished")
    slow = wait(screen, screen.capture(), until="text", text="Export finished")  # type: ignore[arg-type]
    assert (slow.woke, slow.reads, slow.looks) == ("text", 1, 1)
    assert 1.3 <= slow.seconds <= 1.45
