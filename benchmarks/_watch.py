"""The task-pool runner of bench.py's ``watch`` section.

It lives in a module of its own because the local pool spawns its workers, which must
import the runner by name: bench.py puts the repository root on ``sys.path`` (spawn
hands ``sys.path`` to every worker), so this is ``benchmarks._watch`` there too.
"""

from __future__ import annotations

import dataclasses
import time

from tiny_computer_agent import PlannerBrain, Policy, ScriptedScreen, run_episode
from tiny_computer_agent.remote import Task, TaskResult


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class SleepyRunner:
    """A scripted episode (click 'Save' on a scripted dialog, which then shows the
    task's verify text) padded with sleep to ``hold`` seconds: a desktop is busy for
    ``hold`` seconds a task, and only the scheduling is left to measure."""

    hold: float = 1.0

    def __call__(self, task: Task, desktop: str) -> TaskResult:
        started = time.monotonic()
        screen = ScriptedScreen.of_labels(["File", "Save", "Open", "Cancel"], [task.verify_text])
        brain = PlannerBrain()
        episode = run_episode(
            task.goal,
            screen=screen,
            brain=brain,
            policy=Policy(max_steps=task.max_steps),
            verify_text=task.verify_text,
        )
        time.sleep(max(0.0, self.hold - (time.monotonic() - started)))
        return TaskResult.of(
            episode,
            task=task,
            desktop=desktop,
            brain=brain,
            seconds=time.monotonic() - started,
            menu_size=12,
        )

    def probe(self, desktop: str) -> str:
        return ""
