"""Patience on a real X server: waiting without the brain, waking on time, batching a
field with its Return, and a sixty-step task whose prompts stay the same size.

Each program's own record is the proof: zenity's exit code and stdout, the Tk
programs' files (a counter, the moments their status changed). The brain is counted
for real: the loop runs in a subprocess (:data:`~devsupport.xdesktop.COUNTED_DRIVER`;
pyautogui binds one display per process) around a brain that times every ``decide``
call, and prints the calls with the episode. Waiting is not input, so the wake-up
tests run the loop in this process, dry.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import (
    Desk,
    PatienceApp,
    TimedPlanner,
    WatchSpy,
    desk,
    finish_counted,
    require,
    run_timed,
    start_counted,
    start_patience_app,
)
from tiny_computer_agent import Step
from tiny_computer_agent.desktop import DesktopScreen

pytestmark = pytest.mark.live

#: A region watch wakes within this long of the change (it holds 0.3 s still, polls
#: every 0.1 s): the property asserted, however loaded the machine.
REGION_WAKE = 0.5
#: A text wait wakes within this long: a poll, then a read of the changed box (about
#: 0.1-0.25 s of OCR here); the slack is for a loaded 2-core machine.
TEXT_WAKE = 1.0


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _decided(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in report["episode"]["steps"] if s["decision"]]


# -- 1. a dialog that comes late: the harness waits, the brain is not asked -------------------


def test_a_late_dialog_is_waited_for_with_no_brain_calls_then_answered(desktop: Desk) -> None:
    require("zenity", modules=("rapidocr",))
    driver = start_counted(
        desktop, "wait for 'Export finished' (up to 60 seconds) then click 'OK'", max_steps=6
    )
    # the dialog comes 2.5 s after the driver is ready (its OCR loaded), so the first
    # look cannot see it: only waiting can
    late = "sleep 2.5; exec zenity --info --title Export --text 'Export finished'"
    dialog = desktop.vd.spawn(["sh", "-c", late], quiet=True)
    report = finish_counted(desktop, driver, timeout=240)
    steps = report["episode"]["steps"]
    try:
        code = dialog.wait(15)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the dialog is still open: OK was not clicked\n{steps}") from None
    assert code == 0  # zenity's own word: OK was clicked
    verbs = [s["decision"]["action"]["verb"] for s in _decided(report)]
    assert verbs == ["wait_for", "click", "done"], steps
    wait = steps[0]["result"]
    assert wait["woke"] == "text" and wait["ok"], wait
    assert wait["settle_seconds"] >= 1.5, wait  # it really waited for the late dialog
    # three decisions in all, one per step: none while the harness waited
    calls = report["calls"]
    assert len(calls) == 3, calls
    waited_from, waited_to = calls[0][1], calls[1][0]
    assert waited_to - waited_from >= wait["settle_seconds"], (calls, wait)
    assert steps[1]["decision"]["action"]["target"] == "OK"


# -- 2. waking on time: a region watch ignores the clock; a text wait is as quick as OCR -------


def _change_at_first_signature(app: PatienceApp, after: float) -> Any:
    """At the watch's first signature of the region, tell the app to change ``after``
    seconds later (the app's own timer; the watcher is told nothing). That is the moment
    a watch once spent reading the screen (OCR, a second or two) because the clock had
    moved since the brain's frame, blind to a change meanwhile; it compares the region's
    pixels instead now, and this test holds it to that."""

    def on_poll(n: int) -> None:
        if n == 1:
            app.change("Finished", after)

    return on_poll


def _box(step: Step) -> tuple[int, int, int, int]:
    """The screen box of the element a step's wait watched."""
    obs, action = step.observation, step.decision.action if step.decision else None
    assert obs is not None and action is not None and action.target
    e = obs.resolve(action.target, action.target_id)
    return (*obs.mapping.to_screen(e.box[0], e.box[1]), *obs.mapping.to_screen(e.box[2], e.box[3]))


def _meets(a: Sequence[int], b: Sequence[int]) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


def test_a_region_watch_ignores_the_clock_beside_it_and_wakes_within_half_a_second(
    desktop: Desk,
) -> None:
    require(modules=("rapidocr",))
    app = start_patience_app(desktop.vd, desktop.tmp, env=desktop.env())
    clock = app.rect("clock")
    screen = WatchSpy(desktop.display, on_region_poll=_change_at_first_signature(app, 0.2))
    try:
        ticks = set()
        for _ in range(8):
            ticks.add(DesktopScreen.signature(screen, clock))
            time.sleep(0.06)
        assert len(ticks) >= 3, "the clock did not tick: this test would prove nothing"
        episode, ended = run_timed(
            "wait for 'Working' to change (up to 60 seconds)", screen, TimedPlanner()
        )
    finally:
        screen.close()
    wait = episode.steps[0]
    assert wait.decision is not None and wait.decision.action.verb == "wait_for", episode.render()
    assert wait.result is not None and wait.result.woke == "change", episode.render()
    watched = _box(wait)
    assert _meets(watched, app.rect("status")) and not _meets(watched, clock), (watched, clock)
    changed = app.changed_at("Finished")
    woke = ended[0]  # the wait's step was recorded the moment the wait ended
    # the clock ticked all along; the watch woke only after the program's own change...
    assert woke > changed, (woke, changed)
    assert len(screen.region_polls) >= 3, screen.region_polls  # ...and it watched that long
    # ...and soon after it (one 0.1 s poll, then 0.3 s held still)
    assert woke - changed <= REGION_WAKE, f"woke {woke - changed:.3f}s after the change"
    print(f"region watch: woke {woke - changed:.3f}s after the change")


#: A wait's quiet window (0.3 s in ``_loop._wait_for``), less a poll's jitter.
QUIET = 0.25


def test_the_whole_screen_never_holds_still_beside_a_clock(desktop: Desk) -> None:
    """The contrast: the same clock keeps a whole-screen change wait from ever waking,
    which is why the region watch above is needed (and proves something). On a loaded
    machine the clock itself may stall; then waking is right, and the app's own tick
    log must show the pause."""
    require(modules=("rapidocr",))
    app = start_patience_app(desktop.vd, desktop.tmp, env=desktop.env())
    screen = DesktopScreen(display=desktop.display)
    started = time.time()
    try:
        episode, ended = run_timed(
            "wait for the screen to change (up to 3 seconds)", screen, TimedPlanner()
        )
    finally:
        screen.close()
    result = episode.steps[0].result
    assert result is not None, episode.render()
    if result.woke == "change":  # only honest if the clock itself stood still that long
        pause = app.longest_pause(started, ended[0])
        assert pause >= QUIET, f"woke on a still screen, but the clock never paused {QUIET}s"
        print(f"the loaded machine stalled the clock for {pause:.2f}s, so it held still")
        return
    assert result.woke == "timeout", episode.render()
    assert "it kept changing" in result.description, result.description


def test_a_text_wait_reads_only_what_changed_and_wakes_soon_after_the_text(desktop: Desk) -> None:
    """Beside a clock that moves the screen at every poll, a whole-screen text wait reads
    only the box of pixels that changed (the clock, then the status with it), never the
    whole screen, and wakes soon after the program's own change."""
    require(modules=("rapidocr",))
    app = start_patience_app(desktop.vd, desktop.tmp, env=desktop.env())
    screen = WatchSpy(desktop.display)
    # the change comes well inside the first 2 s (_waiting._WHOLE_EVERY): a wait still
    # changing after that reads the whole screen once by design, which a loaded CI
    # machine reached when the change was due at 1.5 s
    brain = TimedPlanner(on_wait=lambda: app.change("Ready", 0.8))
    try:
        episode, ended = run_timed("wait for 'Ready' (up to 60 seconds)", screen, brain)
    finally:
        screen.close()
    result = episode.steps[0].result
    assert result is not None and result.woke == "text", episode.render()
    assert "0 looks" in result.description, result.description  # no whole-screen read
    changed = app.changed_at("Ready")
    woke = ended[0]
    assert woke > changed, (woke, changed)
    assert woke - changed <= TEXT_WAKE, f"woke {woke - changed:.2f}s after 'Ready' appeared"
    print(f"text wait: woke {woke - changed:.2f}s after 'Ready' appeared; {result.description}")


# -- 3. a field and its Return in one batch, one look after ------------------------------------


def test_a_field_and_its_return_go_as_one_batch_with_one_look_after(desktop: Desk) -> None:
    require("zenity", modules=("rapidocr",))
    dialog = desktop.vd.spawn(
        ["zenity", "--entry", "--title", "New folder", "--text", "Name of the new folder"],
        stdout=subprocess.PIPE,
    )
    desktop.wait_window("New folder")
    # zenity focuses its entry, so a type with no target types into it
    driver = start_counted(desktop, "type 'drafts' then press Return", max_steps=6)
    report = finish_counted(desktop, driver, timeout=240)
    steps = report["episode"]["steps"]
    try:
        out, _ = dialog.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the dialog is still open: Return was not pressed\n{steps}") from None
    assert dialog.returncode == 0 and out.strip() == "drafts", (dialog.returncode, out)
    first = steps[0]["decision"]
    assert first["action"]["verb"] == "type" and first["action"]["text"] == "drafts", first
    assert [a["keys"] for a in first.get("batch", [])] == ["Return"], first
    assert isinstance(steps[0]["result"]["settle_seconds"], float), steps[0]["result"]
    assert steps[0]["result"]["description"].count("screen ") == 1  # one settle, after both
    # two decisions and two looks in all: the batch, then done on the frame after it
    assert len(report["calls"]) == 2 and len(steps) == 2, steps
    assert len(report["captures"]) == 2, report["captures"]


# -- 4. sixty steps: the prompt at step 60 is the size of the prompt at step 5 -----------------

#: A counter: "Add one" adds one, the label says "Count: N", and the count is written
#: to a file on every click (the program's own record).
COUNTER_APP = r"""
import sys, tkinter as tk
from pathlib import Path

out = Path(sys.argv[1])
root = tk.Tk()
root.title("Counter")
root.geometry("+200+150")
font = ("DejaVu Sans", 18)
count = [0]
label = tk.Label(root, text="Count: 0", font=font, width=10)
label.pack(padx=30, pady=(24, 12))

def add():
    count[0] += 1
    label.configure(text=f"Count: {count[0]}")
    out.write_text(str(count[0]))

tk.Button(root, text="Add one", font=font, command=add).pack(padx=30, pady=(0, 24))
root.after(400, lambda: print("ready", flush=True))
root.mainloop()
"""

CLICKS = 60


@pytest.fixture
def small_desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path, size=(800, 500))  # less screen, less OCR per step


def test_sixty_clicks_cost_the_same_prompt_at_the_end_as_at_the_start(small_desktop: Desk) -> None:
    require(modules=("rapidocr",))
    d = small_desktop
    counted = d.tmp / "count.txt"
    script = d.tmp / "counter_app.py"
    script.write_text(COUNTER_APP)
    app = d.vd.spawn([sys.executable, str(script), str(counted)], stdout=subprocess.PIPE)
    assert app.stdout is not None and app.stdout.readline().strip() == "ready"
    time.sleep(0.3)  # mapped is not painted
    replies = [json.dumps({"verb": "click", "target": "Add one"})] * CLICKS
    replies.append(json.dumps({"verb": "done"}))
    driver = start_counted(d, "click 'Add one' sixty times", brain="scripted-model",
                           replies=replies, max_steps=CLICKS + 10)  # fmt: skip
    report = finish_counted(d, driver, timeout=900)
    steps = report["episode"]["steps"]
    errors = [(s["index"], s["error"] or s["refusal"]) for s in steps if s["error"] or s["refusal"]]
    assert errors == [], errors
    time.sleep(0.5)
    assert counted.read_text() == str(CLICKS), report["episode"]["reason"]  # the app's count
    prompts = report["prompts"]
    assert len(prompts) == CLICKS + 1, len(prompts)  # one request per decision, no retries
    at5, at60 = prompts[4], prompts[59]
    # the same screen, a bounded history: the last prompt is the size of an early one
    # (a growing history would add a line per step, about 30 characters each)
    assert abs(at60 - at5) <= 400, (at5, at60)
    late = prompts[20:CLICKS]
    assert max(late) - min(late) <= 40, late  # once the ledger is there, flat
    decide = [s["timings"]["decide"] for s in steps if "decide" in s.get("timings", {})]
    median = statistics.median(decide) * 1000
    print(f"prompt chars: step 5 {at5}, step 60 {at60}; decide median {median:.2f} ms")
