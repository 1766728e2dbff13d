"""Shared fixtures. Every test gets its own state directory, so no test can see a real
kill-switch file or leave one behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiny_computer_agent import Element, Observation, ScriptedScreen


@pytest.fixture(autouse=True)
def _state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "state"
    monkeypatch.setenv("TINY_COMPUTER_AGENT_HOME", str(home))
    monkeypatch.delenv("TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT", raising=False)
    return home


def dialog(*labels: str, size: tuple[int, int] = (1280, 800)) -> Observation:
    """A one-row dialog of buttons with known boxes (120 px wide, 40 px apart)."""
    elements = [
        Element(label=label, box=(100 + i * 160, 400, 220 + i * 160, 440), source="ocr")
        for i, label in enumerate(labels)
    ]
    return Observation.of(elements, size=size)


@pytest.fixture
def save_dialog() -> ScriptedScreen:
    """Before: a Save dialog. After: the dialog gone and "Saved" in the status bar."""
    return ScriptedScreen(
        frames=(dialog("File", "Edit", "Don't Save", "Cancel", "Save"), dialog("File", "Saved"))
    )
