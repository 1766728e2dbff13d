"""The public API is a promise: every public name is shown working in the gallery, every
name the gallery claims is public, and ``__all__`` is complete, sorted and importable."""

from __future__ import annotations

import importlib
import inspect
import os
import subprocess
import sys
import tempfile
import typing
from pathlib import Path

import pytest

import showcase
from showcase._framework import REGISTRY, private_state

from .public_api import PUBLIC_MODULES, public_names

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def registry() -> list[showcase.Capability]:
    return showcase.load_registry()


def test_every_public_name_is_shown_by_a_capability(registry: list[showcase.Capability]) -> None:
    shown = {name for cap in registry for name in cap.shows}
    missing = sorted(public_names() - shown)
    assert missing == [], f"public names no capability shows: {missing}"


def test_capabilities_name_only_public_things(registry: list[showcase.Capability]) -> None:
    public = public_names()
    for cap in registry:
        unknown = sorted(set(cap.shows) - public)
        assert unknown == [], f"{cap.id} claims to show non-public names: {unknown}"


def test_a_capability_really_uses_what_it_claims_to_show(
    registry: list[showcase.Capability],
) -> None:
    for cap in registry:
        source = inspect.getsource(cap.run)
        for name in cap.shows:
            assert name.rsplit(".", 1)[-1] in source, f"{cap.id} claims {name} but never uses it"


def test_ids_are_unique_and_the_gallery_card_is_current(
    registry: list[showcase.Capability],
) -> None:
    ids = [c.id for c in registry]
    assert len(ids) == len(set(ids))
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    assert showcase.card() in page, "run: python -m showcase --card"
    for cap in registry:
        assert (ROOT / "gallery" / f"{cap.id}.png").is_file(), (
            f"run: python -m showcase --only {cap.id}"
        )


def isort_key(name: str) -> tuple[int, str]:
    """isort's order (ruff RUF022): CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_all_is_complete_sorted_and_importable(module_name: str) -> None:
    module = importlib.import_module(module_name)
    names = list(module.__all__)
    assert names == sorted(names, key=isort_key), f"{module_name}.__all__ is not sorted"
    for name in names:
        assert hasattr(module, name), f"{module_name}.__all__ names missing {name!r}"
    defined = {
        n
        for n, v in vars(module).items()
        if not n.startswith("_")
        and not inspect.ismodule(v)
        and n != "annotations"
        and getattr(typing, n, object()) is not v  # typing helpers are not ours
        and getattr(v, "__module__", "tiny_computer_agent").startswith("tiny_computer_agent")
    }
    assert defined - set(names) == set(), f"public but not in {module_name}.__all__"


def _fresh(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_the_gallery_imports_one_way_and_lists_from_the_command_line() -> None:
    # importing the package loads the framework, not the capability modules (no loop)
    loaded = _fresh("import showcase, sys; print(sorted(m for m in sys.modules if 'show' in m))")
    assert loaded.returncode == 0, loaded.stderr
    assert "'showcase.core'" not in loaded.stdout and "'showcase._framework'" in loaded.stdout
    listed = subprocess.run(
        [sys.executable, "-m", "showcase", "--list"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split() == [c.id for c in showcase.load_registry()]


def test_devsupport_needs_no_pytest_to_import() -> None:
    done = _fresh(
        "import sys; sys.modules['pytest'] = None  # no pytest\n"
        "import devsupport.xdesktop as x; print(x.TK_APP)"
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()) == ROOT / "devsupport" / "xdesktop.py"


def test_a_broken_capability_fails_loudly_and_writes_only_into_out(tmp_path: Path) -> None:
    def broken() -> showcase.Transcript:
        raise RuntimeError("this capability is broken on purpose")

    out = tmp_path / "pictures"
    out.mkdir()
    (out / "broken.png").write_bytes(b"a stale picture")
    showcase.load_registry()
    REGISTRY.append(showcase.Capability("broken", "Broken", "Never works.", (), broken))
    try:
        code = showcase.main(["--only", "broken", "--out", str(out)])
    finally:
        REGISTRY.pop()
    assert code == 1
    assert list(out.iterdir()) == []  # the stale picture is gone, nothing new was kept
    assert not (ROOT / "gallery" / "broken.png").exists()


def test_a_capabilitys_temp_files_go_with_its_private_state() -> None:
    """Snippets call tempfile.mkdtemp() as a user would; a gallery run must not leave
    those folders (or its programs' TMPDIR files) in the system's temp dir."""
    system, before = tempfile.gettempdir(), os.environ.get("TMPDIR")
    with private_state() as home:
        made = Path(tempfile.mkdtemp())
        assert home in made.parents
        assert os.environ["TMPDIR"] == str(made.parent)
    assert not made.exists() and not home.exists()
    assert tempfile.gettempdir() == system and os.environ.get("TMPDIR") == before
