"""A task list over a pool of desktops: one episode per desktop at a time, in parallel.

    Task, load_tasks(path)    a task list (JSON list or JSONL), read strictly: a bad
                              file is a TraceError naming the file, the task (index or
                              line), the field and the fix
    TaskResult                how one task ended: outcome, steps, seconds, desktop, and
                              its trace as text (a worker returns it; the pool writes it)
    RemoteRunner              one task on one ``--serve`` desktop, in a worker: the brain,
                              RemoteScreen, RemoteExecutor and the loop
    run_tasks(...)            the scheduler, returning a PoolReport (the scoreboard)

The scheduler keeps a queue of free desktops and hands each one task at a time to an
*engine*: a local process pool (standard library, one process per desktop) or, with
``cluster="tcp://host:8786"``, an existing Dask.distributed cluster, whose workers run
the brain and drive the desktops (the scheduler only sends tasks and receives traces,
so the workers need no shared file system). Each finished episode's trace is written to
``OUT/<task id>.json`` atomically as it arrives, and ``OUT/scoreboard.json`` at the end.

Resume: a task whose trace in ``OUT`` is valid, for the same goal and verify text, is
not run again; one whose desktop died (outcome ``no-screen``) is. Ctrl-C (or SIGTERM
turned into one) stops the workers, keeps every trace already written (never half of
one) and writes the scoreboard of what finished.

A desktop that dies mid-run fails the task it was running, with the reason, and gets
no more tasks: the rest go to the other desktops. When none is left, the tasks not run
say so (outcome ``not-run``).
"""

from __future__ import annotations

import collections
import dataclasses
import json
import logging
import re
import signal
import threading
import time
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from pathlib import Path
from types import FrameType
from typing import Any, Final, Literal, Protocol

from .._actions import shown
from .._errors import MissingExtra, ScreenUnavailable, TinyAgentError, TraceError
from .._loop import Episode
from ..records import POOL_SCOREBOARD_FORMAT, FieldReader, read_json_file, write_atomic
from ..registry import BrainOptions

if typing.TYPE_CHECKING:
    from .._contracts import Brain
    from ..records import Trace

__all__ = [
    "MAX_TASKS",
    "POOL_OUTCOMES",
    "SCOREBOARD_FILE",
    "PoolReport",
    "RemoteRunner",
    "Runner",
    "Task",
    "TaskResult",
    "load_tasks",
    "run_tasks",
]

log = logging.getLogger(__name__)

#: How a task ended: an episode's outcome, or the pool's own two (the worker raised;
#: no desktop was left to run it).
PoolOutcome = Literal[
    "verified", "claimed", "not-verified", "refused", "stuck", "budget",
    "unreachable", "brain-error", "no-screen", "interrupted", "worker-error", "not-run",
]  # fmt: skip
POOL_OUTCOMES: Final[tuple[PoolOutcome, ...]] = typing.get_args(PoolOutcome)
#: The scoreboard's file name in the output folder (so no task may be called that).
SCOREBOARD_FILE: Final = "scoreboard.json"
SCOREBOARD_FORMAT: Final = POOL_SCOREBOARD_FORMAT
#: A task list longer than this is a mistake, not a benchmark.
MAX_TASKS: Final = 10_000
_MAX_LIST_BYTES: Final = 8 * 1024 * 1024
_MAX_STEPS: Final = 500
_TASK_FIELDS: Final = frozenset({"id", "goal", "verify_text", "expected", "max_steps"})
_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}")
_FIX: Final = (
    'each task is {"id": "save-1", "goal": "click \'Save\'", "verify_text": "Saved", '
    '"expected": ["Save"], "max_steps": 8} (expected and max_steps optional)'
)
#: Outcomes that say nothing about the task (its desktop died, or the run was
#: stopped): a resumed run runs such a task again.
_RERUN: Final = frozenset({"no-screen", "interrupted"})
#: How long a Dask scheduler has to answer (seconds).
_CLUSTER_TIMEOUT: float = 15.0


# -- the task list ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Task:
    """One entry of a task list: what to do, what success shows, the right target."""

    id: str
    goal: str
    verify_text: str
    expected: tuple[str, ...] = ()
    max_steps: int = 8

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "goal": self.goal,
            "verify_text": self.verify_text,
            "expected": list(self.expected),
            "max_steps": self.max_steps,
        }


def load_tasks(path: str | Path, *, max_steps: int = 8) -> tuple[Task, ...]:
    """Read a task list: a JSON list of task objects, or (``*.jsonl``) one object per
    line. ``max_steps`` is the budget of a task that names none.

    Strict: an unknown field, a missing or empty goal or verify text, a bad id (letters,
    digits, ``.``, ``_``, ``-``; at most 80), a repeated id, a label with no letters or
    digits, or an empty list is a TraceError naming the file, the task and the fix."""
    p = Path(path)
    items = _jsonl_items(p) if p.suffix.casefold() == ".jsonl" else _json_items(p)
    if not items:
        raise TraceError(f"{p}: the task list holds no tasks; {_FIX}")
    if len(items) > MAX_TASKS:
        raise TraceError(f"{p}: {len(items):,} tasks; at most {MAX_TASKS:,} in one list")
    tasks: list[Task] = []
    seen: dict[str, str] = {}
    for source, item in items:
        task = _task(FieldReader(source, what="task", fix=_FIX), item, max_steps)
        key = task.id.casefold()  # two ids that differ only in case are one file on macOS
        if key in seen:
            raise TraceError(
                f"{source}: field 'id' {task.id!r} is already the id of {seen[key]}; "
                "each task needs its own id (it names the task's trace file)"
            )
        seen[key] = source
        tasks.append(task)
    return tuple(tasks)


def _json_items(p: Path) -> list[tuple[str, object]]:
    try:
        data = read_json_file(p, what="task list", max_bytes=_MAX_LIST_BYTES)
    except TraceError as exc:
        if "Extra data" in str(exc):
            raise TraceError(
                f"{exc}. One JSON object per line is JSON Lines: name the file *.jsonl"
            ) from exc
        raise
    if not isinstance(data, list):
        raise TraceError(
            f"{p}: a task list is a JSON list of task objects, got {type(data).__name__}; {_FIX}"
        )
    return [(f"{p} task [{i}]", item) for i, item in enumerate(data)]


def _jsonl_items(p: Path) -> list[tuple[str, object]]:
    try:
        with p.open("rb") as fh:
            raw = fh.read(_MAX_LIST_BYTES + 1)
    except OSError as exc:
        raise TraceError(f"{p}: cannot read the task list ({exc.strerror or exc})") from exc
    if len(raw) > _MAX_LIST_BYTES:
        raise TraceError(f"{p}: larger than {_MAX_LIST_BYTES // 2**20} MB; not a task list")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TraceError(f"{p}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from exc
    items: list[tuple[str, object]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append((f"{p} line {number}", json.loads(line)))
        except (ValueError, RecursionError) as exc:
            raise TraceError(
                f"{p} line {number}: not a JSON object ({shown(str(exc), 80)}); JSON Lines "
                f"hold one task object per line: {_FIX}"
            ) from exc
    return items


def _task(read: FieldReader, item: object, max_steps: int) -> Task:
    data = read.obj(item, "", known=_TASK_FIELDS)
    task_id = read.text(read.get(data, "id", ""), "id", empty=False)
    if not _ID.fullmatch(task_id):
        raise read.fail("id", f"is {shown(task_id)}: use letters, digits, '.', '_' and '-' "
                        "(at most 80, starting with a letter or digit), e.g. save-1")  # fmt: skip
    if task_id.casefold() == Path(SCOREBOARD_FILE).stem:
        raise read.fail("id", f"{task_id!r} is taken by the pool's {SCOREBOARD_FILE}; rename it")
    expected = read.texts(data.get("expected", []), "expected")
    for i, label in enumerate(expected):
        if not re.search(r"\w", label):
            raise read.fail(f"expected[{i}]", f"is {shown(label)}: a label needs a letter "
                            "or a digit to match a target on screen, e.g. \"Save\"")  # fmt: skip
    return Task(
        id=task_id,
        goal=read.text(read.get(data, "goal", ""), "goal", empty=False).strip(),
        verify_text=read.text(read.get(data, "verify_text", ""), "verify_text", empty=False),
        expected=expected,
        max_steps=read.whole(data.get("max_steps", max_steps), "max_steps", 1, _MAX_STEPS),
    )


# -- one task's result -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class TaskResult:
    """How one task ended, on which desktop, in how many steps and seconds.

    ``trace`` is the episode's trace as JSON text (None when there is none: the episode
    saw no frame, the worker failed, the task was not run); ``verdict`` the recorded
    first decision judged against the task's ``expected`` labels ("" without them).
    ``desktop_alive`` False: the desktop stopped answering, so it gets no more tasks.
    ``resumed``: read back from an earlier run's trace, not run now."""

    task: str
    desktop: str
    outcome: PoolOutcome
    reason: str
    steps: int = 0
    seconds: float = 0.0
    dry_run: bool = True
    verdict: str = ""
    trace: str | None = dataclasses.field(default=None, repr=False)
    desktop_alive: bool = True
    resumed: bool = False

    @property
    def verified(self) -> bool:
        """True only when the harness saw the verify text after acting."""
        return self.outcome == "verified"

    @classmethod
    def of(
        cls,
        episode: Episode,
        *,
        task: Task,
        desktop: str,
        brain: Brain,
        seconds: float,
        menu_size: int,
        desktop_alive: bool = True,
    ) -> TaskResult:
        """The result of ``episode`` (``task`` run by ``brain`` on ``desktop``), with its
        trace recorded (``expected`` from the task) when it saw a frame."""
        from ..records import record, score_recorded

        metadata = {"source": "remote desktop", "desktop": desktop, "seconds": f"{seconds:.3f}"}
        try:
            trace = record(episode, brain=brain, expected=task.expected or None,
                           menu_size=menu_size, task=task.id, metadata=metadata)  # fmt: skip
        except TraceError:  # no frame at all: a dead desktop, the kill switch
            trace = None
        verdict = score_recorded(trace).describe() if trace and trace.expected else ""
        return cls(
            task=task.id,
            desktop=desktop,
            outcome=episode.outcome,
            reason=episode.reason,
            steps=len(episode.steps),
            seconds=round(seconds, 3),
            dry_run=episode.dry_run,
            verdict=verdict,
            trace=None if trace is None else trace.to_json(),
            desktop_alive=desktop_alive,
        )

    def to_dict(self) -> dict[str, Any]:
        """The scoreboard's row (the trace is its own file)."""
        return {
            "task": self.task,
            "outcome": self.outcome,
            "verified": self.verified,
            "reason": self.reason,
            "steps": self.steps,
            "seconds": self.seconds,
            "desktop": self.desktop,
            "dry_run": self.dry_run,
            "verdict": self.verdict,
            "resumed": self.resumed,
        }


# -- the runner: one task on one desktop, in a worker -----------------------------------


@typing.runtime_checkable
class Runner(Protocol):
    """Runs one task on one desktop, in a worker process (so it must pickle).

    ``probe(desktop)`` says why the desktop cannot be used ("" when it can)."""

    def __call__(self, task: Task, desktop: str) -> TaskResult: ...

    def probe(self, desktop: str) -> str: ...


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class RemoteRunner:
    """One task on one ``--serve`` desktop: the brain is built and run here, in the
    worker; the desktop's own policy decides whether anything is really clicked.

    ``token`` is the desktops' bearer token (it travels to the workers with the task:
    on a cluster across machines, use ``tls://``). ``brain`` is a registry name;
    ``options`` its settings (the task's ``expected`` labels are added per task)."""

    token: str = dataclasses.field(repr=False)
    brain: str = "planner"
    options: BrainOptions = dataclasses.field(default_factory=BrainOptions)
    menu_size: int = 12
    timeout: float = 60.0

    def __call__(self, task: Task, desktop: str) -> TaskResult:
        from .._contracts import sees_pixels
        from .._loop import run_episode
        from .._policy import Policy
        from ..registry import make_brain
        from ._client import RemoteExecutor, RemoteScreen

        started = time.monotonic()
        brain = make_brain(self.brain, dataclasses.replace(self.options, expected=task.expected))
        screen = RemoteScreen(desktop, token=self.token, timeout=self.timeout,
                              images=sees_pixels(brain))  # fmt: skip
        executor = RemoteExecutor(desktop, token=self.token, timeout=self.timeout)
        try:
            episode = run_episode(
                task.goal,
                screen=screen,
                brain=brain,
                executor=executor,
                policy=Policy(max_steps=task.max_steps),
                verify_text=task.verify_text,
                menu_size=self.menu_size,
            )
        finally:
            screen.close()
        if any(s.result is not None and not s.result.dry_run for s in episode.steps):
            episode = dataclasses.replace(episode, dry_run=False)  # the desktop was armed
        alive = episode.outcome != "no-screen" or not self.probe(desktop)
        seconds = time.monotonic() - started
        return TaskResult.of(episode, task=task, desktop=desktop, brain=brain, seconds=seconds,
                             menu_size=self.menu_size, desktop_alive=alive)  # fmt: skip

    def probe(self, desktop: str) -> str:
        """Why ``desktop`` cannot be driven ("" when its /health answers this token)."""
        from ._client import RemoteScreen

        try:
            RemoteScreen(desktop, token=self.token, timeout=min(self.timeout, 10.0)).health()
        except (ScreenUnavailable, ValueError) as exc:  # not there, the token refused, a bad URL
            return str(exc)
        return ""


# -- engines: where the runners run ------------------------------------------------------


class _Engine(Protocol):
    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]: ...

    def close(self, *, abandon: bool) -> None: ...


def _ignore_sigint() -> None:
    """A local worker leaves Ctrl-C to the scheduler, which stops it by its PID."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _LocalEngine:
    """A standard-library process pool, one process per desktop (spawned, so the same
    on every platform)."""

    def __init__(self, workers: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_sigint)

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        return self.pool.submit(fn, *args)

    def close(self, *, abandon: bool) -> None:
        if not abandon:
            self.pool.shutdown(wait=True)
            return
        stop = getattr(self.pool, "terminate_workers", None)  # Python 3.14+
        # before 3.14 the pool offers no way to stop a running task but its processes
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        if callable(stop):
            stop()
            return
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(5)


class _DaskEngine:
    """An existing Dask.distributed cluster; its workers run the runners."""

    def __init__(self, address: str) -> None:
        try:
            import distributed
        except ImportError as exc:
            raise MissingExtra("distributed", "cluster", f"--cluster {address}") from exc
        client: Any = distributed.Client  # untyped
        try:
            self.client: Any = client(address, timeout=_CLUSTER_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ScreenUnavailable(
                f"the Dask scheduler at {address} did not answer ({exc}); start one with "
                "`dask scheduler` and workers with `dask worker ADDRESS`, or drop --cluster "
                "for the local process pool"
            ) from exc
        self.executor: Any = self.client.get_executor(pure=False)

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        future: Future[Any] = self.executor.submit(fn, *args)
        return future

    def close(self, *, abandon: bool) -> None:
        try:  # abandoning cancels what has not started; a running episode ends by itself
            self.executor.shutdown(wait=not abandon)
        finally:
            self.client.close()


def _engine(cluster: str | None, desktops: int) -> _Engine:
    return _DaskEngine(cluster) if cluster else _LocalEngine(desktops)


# -- the report ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class PoolReport:
    """Every task's result (in the list's order), which desktops were lost and why,
    and whether the run got to the end (``complete``; False when it was stopped)."""

    results: tuple[TaskResult, ...]
    desktops: tuple[str, ...]
    lost: Mapping[str, str] = dataclasses.field(default_factory=dict)
    complete: bool = True
    seconds: float = 0.0
    engine: str = "local"

    @property
    def verified(self) -> int:
        return sum(r.verified for r in self.results)

    @property
    def all_verified(self) -> bool:
        return self.complete and all(r.verified for r in self.results)

    @property
    def no_desktop(self) -> bool:
        """Tasks were left unrun because no desktop answered."""
        return any(r.outcome == "not-run" for r in self.results)

    def outcomes(self) -> dict[str, int]:
        return dict(collections.Counter(r.outcome for r in self.results).most_common())

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SCOREBOARD_FORMAT,
            "version": 1,
            "complete": self.complete,
            "engine": self.engine,
            "seconds": round(self.seconds, 3),
            "desktops": [
                {"url": d, "state": "lost" if d in self.lost else "up", "why": self.lost.get(d, "")}
                for d in self.desktops
            ],
            "totals": {
                "tasks": len(self.results),
                "verified": self.verified,
                "outcomes": self.outcomes(),
            },
            "tasks": [r.to_dict() for r in self.results],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def render(self) -> str:
        """A table a person reads: one row per task, then the totals."""
        rows = [("task", "outcome", "verified", "steps", "seconds", "desktop")]
        for r in self.results:
            seconds = "resumed" if r.resumed else f"{r.seconds:.1f}"
            rows.append((r.task, r.outcome, "yes" if r.verified else "no", str(r.steps),
                         seconds, r.desktop or "-"))  # fmt: skip
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)) + "  " + row[-1]
                 for row in rows]  # fmt: skip
        total = len(self.results)
        share = f" ({self.verified / total:.0%})" if total else ""
        counts = ", ".join(f"{k} {v}" for k, v in self.outcomes().items())
        lines.append(f"{self.verified} of {total} verified{share}; {counts}; "
                     f"{len(self.desktops)} desktops, {self.seconds:.1f} s")  # fmt: skip
        lines += [f"lost {d}: {why}" for d, why in self.lost.items()]
        if not self.complete:
            lines.append("stopped before the end: run the same command again to resume")
        return "\n".join(lines)


# -- the scheduler --------------------------------------------------------------------


def run_tasks(
    tasks: Sequence[Task],
    desktops: Sequence[str],
    *,
    runner: Runner,
    out: str | Path,
    cluster: str | None = None,
    notify: Callable[[str], None] | None = None,
) -> PoolReport:
    """Run ``tasks`` over ``desktops`` (one episode per desktop at a time) in worker
    processes -- a local pool, or the Dask cluster at ``cluster`` -- and write each trace
    to ``out/<task id>.json`` as it finishes and the scoreboard to ``out/scoreboard.json``.

    A task with a valid trace in ``out`` is not run again (resume). ``notify`` hears a
    line per event (a resumed or finished task, a lost desktop). Ctrl-C stops the
    workers and returns the report so far (``complete`` False). ScreenUnavailable when
    the cluster does not answer; MissingExtra without Dask.distributed."""
    if not desktops or len(set(desktops)) != len(desktops):
        raise ValueError(f"desktops must be distinct and at least one, got {list(desktops)}")
    say = notify or log.info
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    done, todo = resume(tasks, folder, say)
    pool = _Pool(runner=runner, out=folder, say=say, results=done)
    complete = not todo or _on_engine(pool, _engine(cluster, len(desktops)), desktops, todo)
    report = PoolReport(
        results=tuple(pool.results[t.id] for t in tasks if t.id in pool.results),
        desktops=tuple(desktops),
        lost=dict(pool.lost),
        complete=complete,
        seconds=time.monotonic() - started,
        engine=cluster or "local",
    )
    write_atomic(folder / SCOREBOARD_FILE, report.to_json())
    return report


def _on_engine(pool: _Pool, engine: _Engine, desktops: Sequence[str], todo: list[Task]) -> bool:
    """Run ``todo`` on ``engine``; False when Ctrl-C stopped it (the workers are stopped)."""
    try:
        with _Interrupts() as interrupts:
            pool.open(engine, desktops, interrupts.check)
            pool.run(engine, collections.deque(todo), interrupts.check)
    except KeyboardInterrupt:
        engine.close(abandon=True)
        pool.say("stopped: the traces written so far are kept; run again to resume")
        return False
    except BaseException:
        engine.close(abandon=True)
        raise
    engine.close(abandon=False)
    return True


def resume(
    tasks: Iterable[Task], out: Path, say: Callable[[str], None]
) -> tuple[dict[str, TaskResult], list[Task]]:
    """The tasks already done (their trace in ``out`` is valid and for the same goal),
    as results, and the tasks still to run; says why a trace there is not reused."""
    from ..records import load_trace

    done: dict[str, TaskResult] = {}
    todo: list[Task] = []
    for task in tasks:
        path = out / f"{task.id}.json"
        if not path.exists():
            todo.append(task)
            continue
        try:
            trace = load_trace(path)
        except TinyAgentError as exc:
            say(f"{task.id}: its trace is unreadable, running it again ({exc})")
            todo.append(task)
            continue
        why = _stale(task, trace.goal, trace.verify_text, trace.outcome)
        if why:
            say(f"{task.id}: {why}, running it again")
            todo.append(task)
            continue
        done[task.id] = _resumed(task, trace)
        say(f"{task.id}: done before ({trace.outcome}), not run again")
    return done, todo


def _stale(task: Task, goal: str, verify_text: str | None, outcome: str) -> str:
    if goal != task.goal or verify_text != task.verify_text:
        return "its goal or verify text changed since its trace"
    if outcome in _RERUN:
        return f"its trace ended {outcome} (the desktop or the run stopped, not the task)"
    if outcome not in POOL_OUTCOMES:
        return f"its trace's outcome {outcome!r} is unknown"
    return ""


def _resumed(task: Task, trace: Trace) -> TaskResult:
    from ..records import score_recorded

    try:
        seconds = float(trace.metadata.get("seconds", "0"))
    except ValueError:
        seconds = 0.0
    return TaskResult(
        task=task.id,
        desktop=str(trace.metadata.get("desktop", "")),
        outcome=typing.cast(PoolOutcome, trace.outcome),  # checked by _stale
        reason=trace.reason,
        steps=len(trace.steps),
        seconds=seconds,
        dry_run=trace.dry_run,
        verdict=score_recorded(trace).describe() if trace.expected else "",
        resumed=True,
    )


#: how long the scheduler waits for an episode before it looks for a Ctrl-C (seconds)
_CHECK_EVERY: Final = 0.2


class _Interrupts:
    """Ctrl-C (and any other signal whose handler is Python code, such as the CLI's
    SIGTERM) held until the scheduler is at a safe point, :meth:`check`, where the
    handler is run and its KeyboardInterrupt raised.

    Raised anywhere else, it could land inside the process pool's own code (a submit
    spawning a worker, a wait holding the futures' locks) and leave a worker unknown to
    the pool or a lock never released: a run stopped by SIGTERM was once seen to hang
    at exit after writing its scoreboard. Off the main thread signals cannot be
    handled: it holds nothing and :meth:`check` never raises."""

    _SIGNALS: Final = ("SIGINT", "SIGTERM")

    def __init__(self) -> None:
        self.pending: list[int] = []
        self.previous: dict[int, Callable[[int, FrameType | None], Any]] = {}

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread():
            for name in self._SIGNALS:
                number = getattr(signal, name, None)
                handler = signal.getsignal(number) if number is not None else None
                if number is not None and callable(handler):
                    self.previous[number] = handler
                    signal.signal(number, self._hold)
        return self

    def _hold(self, signum: int, frame: FrameType | None) -> None:
        self.pending.append(signum)

    def check(self) -> None:
        """Run the first held signal's own handler (which raises, for Ctrl-C)."""
        if self.pending:
            signum = self.pending.pop(0)
            self.previous[signum](signum, None)

    def __exit__(self, *exc: object) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)


@dataclasses.dataclass(kw_only=True, slots=True)
class _Pool:
    """The scheduler's state: free desktops, running episodes, results, lost desktops."""

    runner: Runner
    out: Path
    say: Callable[[str], None]
    results: dict[str, TaskResult]
    free: collections.deque[str] = dataclasses.field(default_factory=collections.deque)
    lost: dict[str, str] = dataclasses.field(default_factory=dict)
    running: dict[Future[TaskResult], tuple[Task, str]] = dataclasses.field(default_factory=dict)
    #: why no more tasks can be handed out though desktops are free ("" while they can)
    broken: str = ""

    def open(self, engine: _Engine, desktops: Sequence[str], check: Callable[[], None]) -> None:
        """Probe every desktop (from a worker, which is what must reach it)."""
        probes = {engine.submit(self.runner.probe, d): d for d in desktops}
        while wait(probes, timeout=_CHECK_EVERY).not_done:
            check()
        check()
        for future, desktop in probes.items():
            exc = future.exception()
            why = f"the probe failed: {exc}" if exc else future.result()
            if why:
                self.lose(desktop, why)
            else:
                self.free.append(desktop)

    def lose(self, desktop: str, why: str) -> None:
        self.lost[desktop] = why
        self.say(f"lost {desktop}: {why}; its tasks go to the other desktops")

    def run(
        self, engine: _Engine, todo: collections.deque[Task], check: Callable[[], None]
    ) -> None:
        """Hand out ``todo``, a task per free desktop; ``check`` raises a held Ctrl-C."""
        while todo or self.running:
            while todo and self.free and not self.broken:
                check()
                self.start(engine, todo.popleft(), self.free.popleft())
            if not self.running:
                break
            finished, _ = wait(self.running, timeout=_CHECK_EVERY, return_when=FIRST_COMPLETED)
            for future in finished:
                self.finish(future)
            check()
        why = self.broken or "no desktop was left to run it: " + "; ".join(self.lost.values())
        for task in todo:
            self.results[task.id] = TaskResult(task=task.id, desktop="", outcome="not-run",
                                               reason=why)  # fmt: skip

    def start(self, engine: _Engine, task: Task, desktop: str) -> None:
        try:
            self.running[engine.submit(self.runner, task, desktop)] = (task, desktop)
        except RuntimeError as exc:  # a broken process pool (a worker was killed)
            self.broken = f"the workers cannot take tasks any more: {type(exc).__name__}: {exc}"
            self.results[task.id] = TaskResult(
                task=task.id, desktop=desktop, outcome="worker-error", reason=self.broken
            )
            self.say(f"{task.id}: {self.broken}")

    def finish(self, future: Future[TaskResult]) -> None:
        task, desktop = self.running.pop(future)
        exc = future.exception()
        if exc is not None:
            why = f"the worker failed: {type(exc).__name__}: {exc}"
            result = TaskResult(task=task.id, desktop=desktop, outcome="worker-error", reason=why)
        else:
            result = future.result()
        if result.trace is not None:
            write_atomic(self.out / f"{task.id}.json", result.trace)
        self.results[task.id] = dataclasses.replace(result, trace=None)
        self.say(f"{task.id}: {result.outcome} on {desktop} ({result.steps} steps, "
                 f"{result.seconds:.1f} s)")  # fmt: skip
        if result.desktop_alive:
            self.free.append(desktop)
        else:
            self.lose(desktop, result.reason)
