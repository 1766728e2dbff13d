"""The registry: one table of names for --brain, --brains and --detector, and plugins."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from tiny_computer_agent import (
    BrainOptions,
    BrainSpec,
    DetectorSpec,
    Expected,
    FirstItemBrain,
    GridDetector,
    OracleBrain,
    ScriptedBrain,
    Trace,
    brain_specs,
    detector_specs,
    make_brain,
    make_detector,
    register_brain,
    register_detector,
    select_brains,
)
from tiny_computer_agent import registry as registry_module
from tiny_computer_agent.cli import build_parser


@pytest.fixture(autouse=True)
def _fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts from the built-ins; what it registers or plugs in is undone."""
    monkeypatch.setattr(registry_module, "_registered_brains", {})
    monkeypatch.setattr(registry_module, "_registered_detectors", {})
    registry_module._brain_plugins.cache_clear()
    registry_module._detector_plugins.cache_clear()
    yield
    registry_module._brain_plugins.cache_clear()
    registry_module._detector_plugins.cache_clear()


def _choices(flag: str) -> tuple[str, ...]:
    action = next(a for a in build_parser()._actions if flag in a.option_strings)
    return tuple(action.choices or ())


def test_brain_and_brains_accept_exactly_the_registry_names() -> None:
    names = tuple(brain_specs())
    assert _choices("--brain") == ("auto", *names)  # auto picks one of them per goal
    assert "smollm2" in names and "scripted" in names  # once only in one of the two
    script = BrainOptions(script=({"verb": "done"},))
    assert list(select_brains(",".join(names), options=script)) == list(names)
    assert _choices("--detector") == tuple(detector_specs()) == (
        "auto", "ocr", "ocr-full", "shapes", "a11y", "grid",
    )  # fmt: skip


def test_names_build_the_brains_and_detectors_they_say() -> None:
    assert isinstance(make_brain("first-item"), FirstItemBrain)
    oracle = make_brain("oracle", BrainOptions(expected=("Save",)))
    assert isinstance(oracle, OracleBrain) and oracle.expected == ("Save",)
    scripted = make_brain("scripted", BrainOptions(script=({"verb": "done"},)))
    assert isinstance(scripted, ScriptedBrain)
    assert isinstance(make_detector("grid"), GridDetector)
    with pytest.raises(ValueError, match="unknown brain 'gpt'; choose from planner, first-item"):
        make_brain("gpt")
    choices = "auto, ocr, ocr-full, shapes, a11y, grid"
    with pytest.raises(ValueError, match=f"unknown detector 'eyes'; choose from {choices}"):
        make_detector("eyes")


def test_scoring_builds_a_fresh_weightless_brain_per_task_and_a_model_brain_once() -> None:
    table = select_brains("planner,oracle,text", options=BrainOptions(model="some/model"))
    task = Trace(task="t", goal="g", steps=(), expected=Expected(labels=("Save",)))
    assert table["planner"](task) is not table["planner"](task)
    assert table["oracle"](task).settings() == {"expected": ["Save"]}  # the task's answer
    assert table["text"](task) is table["text"](task)  # weights load once


def test_a_registered_brain_and_detector_join_the_tables() -> None:
    register_brain(BrainSpec(name="toy", summary="a toy", build=lambda o: FirstItemBrain()))
    register_detector(DetectorSpec(name="toy-grid", summary="2x1", build=GridDetector))
    assert list(brain_specs())[-1] == "toy" and "toy" in _choices("--brain")
    assert isinstance(make_detector("toy-grid"), GridDetector)
    assert "toy-grid" in build_parser().format_help()


def _plug(monkeypatch: pytest.MonkeyPatch, group: str, *points: EntryPoint) -> None:
    real = registry_module.entry_points

    def fake(*, group: str) -> tuple[EntryPoint, ...]:
        return tuple(p for p in points if p.group == group) or tuple(real(group=group))

    monkeypatch.setattr(registry_module, "entry_points", fake)


BROKEN = EntryPoint("broken", "tca_no_such_plugin_module:BRAIN", "tiny_computer_agent.brains")
WRONG = EntryPoint("wrong", "tiny_computer_agent:GridDetector", "tiny_computer_agent.brains")
CLASH = EntryPoint("clash", "tests.test_registry:PLANNER_AGAIN", "tiny_computer_agent.brains")
PLANNER_AGAIN = BrainSpec(name="planner", summary="impostor", build=lambda o: FirstItemBrain())


def test_a_broken_plugin_is_left_out_with_a_warning_that_names_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _plug(monkeypatch, "tiny_computer_agent.brains", BROKEN, WRONG, CLASH)
    with caplog.at_level(logging.WARNING, logger="tiny_computer_agent.registry"):
        specs = brain_specs()
    assert specs["planner"].summary != "impostor"
    assert "broken" not in specs and "wrong" not in specs
    said = caplog.text
    assert "plugin 'broken'" in said and "failed to load" in said
    assert "plugin 'wrong'" in said and "not a BrainSpec" in said
    assert "'planner' reuses a built-in name" in said
