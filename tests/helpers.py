"""Small builders shared by the tests."""

from __future__ import annotations

from tiny_computer_agent import Element, Observation


def dialog(*labels: str, size: tuple[int, int] = (1280, 800)) -> Observation:
    """A one-row dialog of buttons with known boxes (120 px wide, 40 px apart)."""
    elements = [
        Element(label=label, box=(100 + i * 160, 400, 220 + i * 160, 440), source="ocr")
        for i, label in enumerate(labels)
    ]
    return Observation.of(elements, size=size)
