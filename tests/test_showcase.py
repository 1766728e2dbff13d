"""The public API is a promise: every public name is shown working in the gallery, every
name the gallery claims is public, and ``__all__`` is complete, sorted and importable."""

from __future__ import annotations

import importlib
import inspect
import sys
import typing
from pathlib import Path

import pytest

from .public_api import PUBLIC_MODULES, public_names

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import showcase  # noqa: E402


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


def test_ids_are_unique_and_the_readme_card_is_current(
    registry: list[showcase.Capability],
) -> None:
    ids = [c.id for c in registry]
    assert len(ids) == len(set(ids))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert showcase.card() in readme, "run: python showcase.py --card"
    assert showcase.help_block() in readme, "--help changed; run: python showcase.py --card"
    for cap in registry:
        assert (ROOT / "gallery" / f"{cap.id}.png").is_file(), (
            f"run: python showcase.py --only {cap.id}"
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
