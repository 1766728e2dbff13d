"""Shared fixtures. Every test gets its own state directory, so no test can see a real
kill-switch file or leave one behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiny_computer_agent import ScriptedScreen

from .helpers import dialog


@pytest.fixture(autouse=True)
def _state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "state"
    monkeypatch.setenv("TINY_COMPUTER_AGENT_HOME", str(home))
    monkeypatch.delenv("TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT", raising=False)
    return home


@pytest.fixture
def save_dialog() -> ScriptedScreen:
    """Before: a Save dialog. After: the dialog gone and "Saved" in the status bar."""
    return ScriptedScreen(
        frames=(dialog("File", "Edit", "Don't Save", "Cancel", "Save"), dialog("File", "Saved"))
    )
