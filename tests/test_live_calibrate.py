"""The coordinate self-test and the doctor on a real X server (two logical monitors)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, desk

pytestmark = pytest.mark.live


@pytest.fixture
def two_monitors(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(
        tmp_path, size=(2560, 800), monitors=[(1280, 800, 0, 0), (1280, 600, 1280, 200)]
    )


def test_calibration_passes_on_every_monitor_and_the_doctor_says_ready(two_monitors: Desk) -> None:
    # a pointer resting in a corner is not pyautogui's fail-safe (issue 12, item 13)
    subprocess.run(["xdotool", "mousemove", "0", "0"], env=two_monitors.env(), check=True)
    run = two_monitors.run_agent(["--calibrate", "--json"])
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(run.stdout)
    assert result["ok"] is True
    by_index = {m["monitor"]: m for m in result["monitors"]}
    assert sorted(by_index) == [1, 2]
    second = by_index[2]
    assert second["measured"]["left"] == pytest.approx(1280, abs=4)
    assert second["measured"]["top"] == pytest.approx(200, abs=4)
    assert second["measured"]["scale_x"] == pytest.approx(1.0, rel=0.03)
    assert second["pointer_error"] == 0
    doctor = two_monitors.run_agent(["--doctor"])
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert "READY" in doctor.stdout
    assert "calibration" in doctor.stdout and "passed" in doctor.stdout


def test_calibration_fails_loudly_on_a_wrong_scale(two_monitors: Desk) -> None:
    run = two_monitors.run_agent(["--calibrate", "--monitor", "2", "--scale", "1.5"])
    assert run.returncode == 1, run.stdout + run.stderr
    assert "calibration: FAIL" in run.stdout
    assert "scale in use is 0.667 but the screen measures 1.000" in run.stdout
    downscaled = two_monitors.run_agent(["--calibrate", "--monitor", "1", "--max-width", "960"])
    assert downscaled.returncode == 0, downscaled.stdout + downscaled.stderr
