"""bench.py's ``engine`` section: a one-shot command's first step with and without the
warm engine (``--warm``; tiny_computer_agent/cli/_engine.py), against a warm step.

On a private 1280x800 Xvfb with a real Tk program (``_firststep.PROGRAM``: a new
program with words never shown before for every run, drawn :data:`_firststep.PAUSE`
seconds before the command), the real command line runs as a subprocess, armed
(``--live --real-input`` and the environment variable), with a four-click goal, and
each step's timings come from its ``--trace``. Two modes, interleaved (their order
reversed every other round):

    no engine    ``--no-engine``: the run builds the OCR engine (on its warm-up thread)
                 and reads the whole screen in its first step, as before the engine
    warm engine  the engine started once with ``--warm`` for the whole section, and the
                 same command without the flag: it finds the engine and looks through
                 it (``engine: warm, pid N``); acting stays in the command

Rows are medians over the rounds: step 1 (observe, and whole: observe + decide + act
with its settle), the warm steps (2-4, the ones that act), the process's wall time,
and step 1 over the in-process warm step (the issue's goal: at most 1.2x).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks._firststep import GOAL, MAX_STEPS, PAUSE, ROOT, _Programs, _whole

#: (metric, value, unit, note): one row of bench.py's table.
Result = tuple[str, float, str, str]
MODES = ("no engine", "warm engine")


def _cli(argv: list[str], env: dict[str, str], timeout: float = 300) -> tuple[int, str]:
    argv = [sys.executable, "-m", "tiny_computer_agent", *argv]
    done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=timeout, check=False)  # fmt: skip
    return done.returncode, done.stderr


def _run(mode: str, env: dict[str, str], tmp: Path) -> dict[str, Any]:
    """One armed one-shot run; its steps' timings and its wall time."""
    trace = tmp / f"trace-{time.monotonic_ns()}.json"
    flags = ["--no-engine"] if mode == "no engine" else []
    argv = ["--live", "--real-input", *flags, "--max-steps", str(MAX_STEPS),
            "--trace", str(trace), GOAL]  # fmt: skip
    t0 = time.perf_counter()
    code, err = _cli(argv, env)
    wall = time.perf_counter() - t0
    used = "engine: warm, pid" in err
    if (mode == "warm engine") != used or not trace.is_file():
        raise RuntimeError(f"{mode}: exit {code}, the engine {'was' if used else 'was not'} "
                           f"used: {err[-1500:]}")  # fmt: skip
    steps = [s["timings"] for s in json.loads(trace.read_text())["steps"]]
    if len([s for s in steps if "act" in s]) != 4:
        raise RuntimeError(f"{mode}: expected 4 clicks: {err[-1500:]}")
    return {"steps": steps, "wall": wall}


def _medians(runs: list[dict[str, Any]]) -> dict[str, float]:
    med = statistics.median
    warm = [[s for s in r["steps"][1:] if "act" in s] for r in runs]
    return {
        "first observe": med(r["steps"][0]["observe"] for r in runs),
        "first step": med(_whole(r["steps"][0]) for r in runs),
        "warm observe": med(med(s["observe"] for s in w) for w in warm),
        "warm step": med(med(_whole(s) for s in w) for w in warm),
        "wall": med(r["wall"] for r in runs),
    }


def _rows(runs: dict[str, list[dict[str, Any]]]) -> list[Result]:
    got = {mode: _medians(runs[mode]) for mode in MODES}
    rows: list[Result] = []
    for key, label in (("first observe", "step 1 observe"), ("first step", "step 1 whole"),
                       ("warm observe", "steps 2-4 observe"), ("warm step", "steps 2-4 whole"),
                       ("wall", "process wall, launch to exit")):  # fmt: skip
        for mode in MODES:
            rows.append((f"{label}: {mode}", got[mode][key], "s", ""))
    reference = got["no engine"]["warm step"]
    for mode in MODES:
        ratio = round(got[mode]["first step"] / reference, 2)
        rows.append((f"step 1 / in-process warm step: {mode}", ratio, "x", "goal: at most 1.2"))
    return rows


def engine_rows(repeat: int) -> list[Result]:
    """Every row of the section."""
    from tiny_computer_agent import ARM_ENV
    from tiny_computer_agent.desktop import VirtualDesktop

    runs: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
    home = Path(tempfile.mkdtemp(prefix="tca-"))  # short: a socket path holds ~100 bytes
    with (
        VirtualDesktop(size=(1280, 800), window_manager=True) as vd,
        tempfile.TemporaryDirectory(prefix="tca-bench-engine-") as name,
    ):
        env = {**os.environ, **vd.env, "DISPLAY": vd.display, ARM_ENV: "1",
               "TINY_COMPUTER_AGENT_HOME": str(home), "PYTHONPATH": str(ROOT)}  # fmt: skip
        programs = _Programs(vd)
        try:
            programs.open()
            code, err = _cli(["--warm", "--engine-idle", "3600"], env)
            if code != 0:
                raise RuntimeError(f"--warm failed ({code}): {err[-1500:]}")
            for round_ in range(repeat):
                for mode in MODES if round_ % 2 == 0 else MODES[::-1]:
                    programs.open()
                    time.sleep(PAUSE)
                    runs[mode].append(_run(mode, env, Path(name)))
        finally:
            _cli(["--engine-stop"], env, timeout=60)
            shutil.rmtree(home, ignore_errors=True)
    return _rows(runs)
