"""Traces: recorded from the real loop, saved without pixels, loaded strictly, replayed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiny_computer_agent import (
    Action,
    BrainError,
    Decision,
    Element,
    FirstItemBrain,
    GoalUnreachable,
    Observation,
    PlannerBrain,
    ScriptedBrain,
    ScriptedScreen,
    TraceError,
    Window,
    __version__,
    run_episode,
)
from tiny_computer_agent.records import (
    MAX_TRACE_BYTES,
    SCHEMA_VERSION,
    Expected,
    Trace,
    benchmark,
    decisions_equal,
    load_trace,
    load_traces,
    record,
    replay,
)
from tiny_computer_agent.registry import select_brains

from .helpers import dialog

#: The weightless brains, which replay exactly (model brains need their weights).
WEIGHTLESS = select_brains("planner,first-item,oracle")

RUNS = Path(__file__).resolve().parent.parent / "runs"


def save_episode(screen: ScriptedScreen | None = None) -> Trace:
    screen = screen or ScriptedScreen(
        frames=(dialog("File", "Edit", "Don't Save", "Cancel", "Save"), dialog("File", "Saved"))
    )
    brain = PlannerBrain()
    episode = run_episode("click 'Save'", screen=screen, brain=brain, verify_text="Saved")
    return record(episode, brain=brain, expected="Save", task="save-dialog")


def keys_anywhere(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_anywhere(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_anywhere(v)}
    return set()


# -- recording and round trips -----------------------------------------------------------


def test_a_recorded_run_keeps_the_index_menu_decision_and_verifier(tmp_path: Path) -> None:
    trace = save_episode()
    assert trace.goal == "click 'Save'" and trace.task == "save-dialog"
    assert trace.harness_version == __version__
    assert trace.brain == {"name": "planner", "settings": {}}
    assert trace.outcome == "verified" and trace.verify_text == "Saved"
    assert trace.expected == Expected(labels=("Save",))
    (step,) = trace.steps
    assert step.frame is not None and [e.label for e in step.frame.elements][-1] == "Save"
    assert step.menu[-1] == "5. Save"
    assert step.decision is not None and step.decision.action.target == "Save"
    assert step.allowed is True and step.result is not None and step.result.dry_run
    assert set(step.timings) >= {"observe", "decide", "act"}
    assert trace.final is not None and trace.final.shows("Saved")


def test_save_then_load_gives_back_the_same_trace(tmp_path: Path) -> None:
    trace = save_episode()
    path = trace.save(tmp_path / "run.json")
    again = load_trace(path)
    assert again == trace
    assert again.source == str(path)
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]  # no temp file left behind
    data = json.loads(path.read_text())
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["steps"][0]["allowed"] is True


def test_no_pixels_are_ever_written(tmp_path: Path) -> None:
    pixels = object()  # stands in for a PIL image: it must never be serialised
    frame = dataclasses.replace(dialog("Cancel", "Save"), image=pixels)
    after = dataclasses.replace(dialog("Saved"), image=pixels)
    trace = save_episode(ScriptedScreen(frames=(frame, after)))
    assert all(s.frame is not None and s.frame.image is None for s in trace.steps)
    assert trace.final is not None and trace.final.image is None
    text = trace.save(tmp_path / "t.json").read_text()
    assert "image" not in keys_anywhere(json.loads(text))
    assert "object at 0x" not in text


def test_render_reads_like_the_episode() -> None:
    text = save_episode().render()
    for part in ("trace: save-dialog", "goal: click 'Save'", "expected: 'Save'", "step 1:",
                 "decided: click 'Save'", "policy: allowed", "verifier: verified"):  # fmt: skip
        assert part in text


def test_a_refused_and_a_failed_step_are_recorded_as_such() -> None:
    screen = ScriptedScreen(frames=(dialog("Files", "Terminal"),))
    brain = PlannerBrain()
    episode = run_episode("open the Terminal", screen=screen, brain=brain)
    trace = record(episode, brain=brain, expected=Expected(labels=("Terminal",), refusal="any"))
    (step,) = trace.steps
    assert step.allowed is False and step.refusal is not None
    assert step.refusal.rule == "denied-widget"
    assert "policy: refused" in trace.render()
    garbled = ScriptedBrain.of(["I think maybe the second one?"])
    episode = run_episode("click Save", screen=ScriptedScreen.of_labels(["Save"]), brain=garbled)
    (step,) = record(episode, brain=garbled).steps
    assert step.decision is None and step.allowed is None
    assert step.error is not None and step.error.kind == "brain-error"


def test_record_refuses_a_menu_size_the_episode_did_not_use() -> None:
    screen = ScriptedScreen.of_labels([f"Item {i}" for i in range(20)])
    brain = FirstItemBrain()
    episode = run_episode("click Item 3", screen=screen, brain=brain, menu_size=5)
    with pytest.raises(ValueError, match="menu_size=12"):
        record(episode, brain=brain)
    assert record(episode, brain=brain, menu_size=5).menu_size == 5


def test_an_expected_answer_needs_labels_or_a_refusal() -> None:
    with pytest.raises(ValueError, match="labels"):
        Expected()
    with pytest.raises(ValueError, match="blank"):
        Expected(labels=(" \t",))
    assert Expected(labels=("Don't Save",)).matches("DontSave")  # OCR's lost spacing
    assert Expected(labels=("−",)).matches("-")  # a keypad's minus, however it is drawn
    assert not Expected(labels=("÷",)).matches("×")


# -- strict loading ----------------------------------------------------------------------


def good_data() -> dict[str, Any]:
    return save_episode().to_dict()


def write(tmp_path: Path, data: object, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def mutate(change: Any) -> dict[str, Any]:
    data = good_data()
    change(data)
    return data


BAD = [
    pytest.param(lambda d: d.update(schema_version=99), "schema_version", id="wrong-version"),
    pytest.param(lambda d: d.update(schema_version=True), "schema_version", id="bool-version"),
    pytest.param(lambda d: d.update(format="something"), "format", id="not-a-trace"),
    pytest.param(lambda d: d.pop("goal"), "goal", id="missing-goal"),
    pytest.param(lambda d: d.update(menu_size="12"), "menu_size", id="mistyped-menu-size"),
    pytest.param(lambda d: d.update(steps=[]), "steps", id="no-steps"),
    pytest.param(lambda d: d["steps"][0].update(frame=None), "steps", id="no-frames"),
    pytest.param(lambda d: d.update(expect={"labels": ["Save"]}), "expect", id="unknown-field"),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][1].update(box=[5, 5, 1, 1]),
        "steps[0].frame.elements[1].box",
        id="negative-box",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(source="psychic"),
        "steps[0].frame.elements[0].source",
        id="unknown-source",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(kind="gizmo"),
        "steps[0].frame.elements[0].kind",
        id="unknown-kind",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(state="checked"),
        "steps[0].frame.elements[0].state",
        id="state-not-a-list",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(state=["ticked"]),
        "steps[0].frame.elements[0].state[0]",
        id="unknown-state",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"].update(windows=[{"title": "x", "box": [9, 9, 1, 1]}]),
        "steps[0].frame.windows[0].box",
        id="negative-window",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"].update(
            windows=[{"title": "x", "box": [0, 0, 9, 9], "title_bar": [0, 0, 9]}]
        ),
        "steps[0].frame.windows[0].title_bar",
        id="short-title-bar",
    ),
    pytest.param(
        lambda d: d["steps"][0]["decision"]["action"].update(verb="teleport"),
        "steps[0].decision.action",
        id="bad-action",
    ),
    pytest.param(lambda d: d["steps"][0].update(allowed=False), "allowed", id="allowed-lies"),
    pytest.param(lambda d: d.update(expected={"labels": []}), "expected", id="empty-expected"),
    pytest.param(lambda d: d["metadata"].update(n=3), "metadata.n", id="non-text-metadata"),
]


@pytest.mark.parametrize(("change", "field"), BAD)
def test_a_bad_field_is_named_with_the_file(tmp_path: Path, change: Any, field: str) -> None:
    path = write(tmp_path, mutate(change))
    with pytest.raises(TraceError) as caught:
        load_trace(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and field in message


def test_truncated_malformed_and_non_json_files_are_refused(tmp_path: Path) -> None:
    text = json.dumps(good_data())
    cases = {
        "truncated": (text[: len(text) // 2], "truncated"),
        "malformed": ("{'goal': 'x'}", "malformed JSON at line 1"),
        "nan": (text.replace('"menu_size": 12', '"menu_size": NaN'), "NaN"),
        "list": ("[1, 2]", "must be a JSON object"),
    }
    for name, (content, words) in cases.items():
        path = write(tmp_path, content, f"{name}.json")
        with pytest.raises(TraceError, match=words):
            load_trace(path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(TraceError, match="not UTF-8"):
        load_trace(binary)
    with pytest.raises(TraceError, match="cannot read"):
        load_trace(tmp_path / "missing.json")


def test_an_oversized_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.truncate(MAX_TRACE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(TraceError, match="larger than 20 MB"):
        load_trace(path)


def test_a_directory_loads_all_or_nothing(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="holds no traces"):
        load_traces(tmp_path)
    with pytest.raises(TraceError, match="no such trace"):
        load_traces(tmp_path / "nope")
    save_episode().save(tmp_path / "a.json")
    assert len(load_traces(tmp_path)) == 1
    bad = write(tmp_path, mutate(lambda d: d.pop("task")), "b.json")
    with pytest.raises(TraceError, match=f"{bad}: field 'task' is missing"):
        load_traces(tmp_path)


def test_a_scoreboard_beside_the_traces_is_skipped_but_any_other_json_is_not(
    tmp_path: Path,
) -> None:
    """A task pool writes OUT/scoreboard.json beside its traces, and --scoreboard-json
    may land there too; ``--score OUT`` must still read the folder."""
    save_episode().save(tmp_path / "a.json")
    for name, fmt in (("scoreboard.json", "pool-scoreboard"), ("board.json", "scoreboard")):
        (tmp_path / name).write_text(json.dumps({"format": f"tiny-computer-agent/{fmt}"}))
    assert [t.task for t in load_traces(tmp_path)] == [load_trace(tmp_path / "a.json").task]
    (tmp_path / "z.json").write_text(json.dumps({"format": "tiny-computer-agent/other"}))
    with pytest.raises(TraceError, match=r"z\.json"):
        load_traces(tmp_path)
    (tmp_path / "z.json").write_text(json.dumps({"format": {"not": "text"}}))
    with pytest.raises(TraceError, match=r"z\.json"):  # not a TypeError from the skip test
        load_traces(tmp_path)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**308, max_value=10**400)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found.extend(paths_of(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.extend(paths_of(v, (*prefix, i)))
    return found


GOOD = good_data()
GOOD_PATHS = paths_of(GOOD)[1:]


def load_or_trace_error(data: object) -> None:
    try:
        Trace.from_dict(data, source="fuzz.json")
    except TraceError as exc:
        assert str(exc).startswith("fuzz.json: ")


@settings(max_examples=300, deadline=None)
@given(data=JSON)
def test_fuzz_any_json_value_loads_or_raises_trace_error(data: object) -> None:
    load_or_trace_error(data)


@settings(max_examples=600, deadline=None)
@given(where=st.sampled_from(GOOD_PATHS), value=JSON, delete=st.booleans())
def test_fuzz_a_trace_with_one_field_changed(
    where: tuple[Any, ...], value: Any, delete: bool
) -> None:
    data = json.loads(json.dumps(GOOD))
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    if delete:
        del parent[where[-1]]
    else:
        parent[where[-1]] = value
    load_or_trace_error(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_fuzz_any_bytes_on_disk(raw: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "t.json"
    path.write_bytes(raw)
    with pytest.raises(TraceError, match=str(path)):
        load_trace(path)


# -- replay ----------------------------------------------------------------------------


def multi_step_trace() -> Trace:
    screen = ScriptedScreen.of_labels(
        ["File", "Edit", "View"], ["New", "Open", "Save As"], ["Name", "Cancel", "Save"], ["Saved"]
    )
    brain = PlannerBrain()
    goal = "click File then click 'Save As' then click 'Save'"
    episode = run_episode(goal, screen=screen, brain=brain, verify_text="Saved")
    assert episode.outcome == "verified"
    return record(episode, brain=brain, expected="File")


def recorded(trace: Trace) -> list[Decision | BrainError]:
    """The decisions a trace recorded, with failed steps as the error the brain raised
    (the loop records them with kind "goal-unreachable" or "brain-error")."""
    out: list[Decision | BrainError] = []
    for step in trace.frames:
        if step.decision is not None:
            out.append(step.decision)
            continue
        assert step.error is not None, f"step {step.index} has neither decision nor error"
        cls = GoalUnreachable if step.error.kind == "goal-unreachable" else BrainError
        out.append(cls(step.error.message))
    return out


def test_replay_is_deterministic_and_reproduces_the_recorded_decisions(tmp_path: Path) -> None:
    trace = load_trace(multi_step_trace().save(tmp_path / "t.json"))
    first, second = replay(trace, PlannerBrain()), replay(trace, PlannerBrain())
    assert decisions_equal(first, second)
    assert decisions_equal(first, recorded(trace))
    assert [d.action.describe() for d in first if isinstance(d, Decision)] == [
        "click 'File'", "click 'Save As'", "click 'Save'",
    ]  # fmt: skip


def test_replay_makes_the_brain_the_only_variable() -> None:
    trace = multi_step_trace()
    decisions = replay(trace, FirstItemBrain())
    assert [d.action.describe() for d in decisions if isinstance(d, Decision)] == [
        "click 'File'", "done (clicked the first item)", "done (clicked the first item)",
    ]  # fmt: skip
    script = ScriptedBrain.of(["what is this?", '{"verb": "click", "choice": 2}'])
    errors, chosen, _ = replay(trace, script)
    assert isinstance(errors, BrainError)
    assert isinstance(chosen, Decision) and chosen.action == Action.make(
        "click", target="Open", target_id=2
    )


def test_replay_refuses_a_menu_this_harness_would_not_show(tmp_path: Path) -> None:
    data = multi_step_trace().to_dict()
    data["steps"][1]["menu"] = ["1. Open", "2. New"]
    trace = load_trace(write(tmp_path, data))
    with pytest.raises(TraceError, match=r"steps\[1\]\.menu"):
        replay(trace, PlannerBrain())


def test_a_version_1_trace_migrates_its_refusal_and_error_text_into_fields() -> None:
    data = json.loads(json.dumps(good_data()))
    data["schema_version"] = 1
    first = data["steps"][0]
    first.update(decision=None, result=None, allowed=None, error="goal unreachable: no 'Print'")
    second = {**first, "index": 2, "error": "the window refused focus"}
    third = {**first, "index": 3, "error": None, "refusal": "denied-widget: 'Terminal' is denied"}
    data["steps"] = [first, second, {**third, "decision": good_data()["steps"][0]["decision"],
                                     "allowed": False}]  # fmt: skip
    trace = Trace.from_dict(data)
    errors = [(s.error.kind, s.error.message) if s.error else None for s in trace.steps]
    assert errors == [
        ("goal-unreachable", "no 'Print'"), ("action-failed", "the window refused focus"), None,
    ]  # fmt: skip
    refusal = trace.steps[2].refusal
    assert refusal is not None and (refusal.rule, refusal.message) == (
        "denied-widget", "'Terminal' is denied",
    )  # fmt: skip
    assert trace.to_dict()["schema_version"] == SCHEMA_VERSION == 4
    assert trace.to_dict()["steps"][2]["refusal"] == {
        "rule": "denied-widget", "message": "'Terminal' is denied",
    }  # fmt: skip
    assert Trace.from_dict(json.loads(trace.to_json())) == trace


def test_a_version_2_step_error_of_an_unknown_kind_is_named() -> None:
    data = good_data()
    data["steps"][0]["error"] = {"kind": "gremlins", "message": "?"}
    with pytest.raises(TraceError, match=r"'steps\[0\]\.error\.kind' is 'gremlins'; allowed"):
        Trace.from_dict(data)


# -- runs/: the shipped scenarios ----------------------------------------------------------


def test_every_trace_in_runs_replays_to_its_recorded_decisions() -> None:
    traces = load_traces(RUNS)
    for trace in traces:
        assert trace.expected is not None, f"{trace.source} has no expected answer"
        assert trace.metadata.get("source"), f"{trace.source} does not say where it came from"
        factory = WEIGHTLESS.get(trace.brain_name)
        if factory is not None:  # model brains need their weights; the others replay exactly
            assert decisions_equal(replay(trace, factory(trace)), recorded(trace)), trace.source
    board = benchmark(traces, WEIGHTLESS)
    assert len(board.verdicts) == len(traces) * len(WEIGHTLESS)
    assert board.accuracy("oracle") == 1.0


def test_extreme_json_is_a_trace_error_not_a_crash(tmp_path: Path) -> None:
    text = json.dumps(good_data())
    huge = text.replace('"confidence": 1.0', '"confidence": ' + "9" * 400, 1)
    deep = "[" * 100_000 + "]" * 100_000
    digits = text.replace('"menu_size": 12', '"menu_size": ' + "1" * 5000)
    for name, content in {"huge": huge, "deep": deep, "digits": digits}.items():
        with pytest.raises(TraceError):
            load_trace(write(tmp_path, content, f"{name}.json"))


# -- secrets: a trace never holds a value (issue 12, item 12) -------------------------------


def secret_episode() -> tuple[Trace, str]:
    """A run that types a secret into a field that then shows it in plain text (the
    worst case: the value is on the recorded screen), recorded with the run's secrets."""
    screen = ScriptedScreen(
        frames=(dialog("Token", "Log in"), dialog("hunter2", "Log in"), dialog("Welcome"))
    )
    brain = ScriptedBrain.of(
        [
            {"verb": "type", "text": "<secret>PW</secret>", "target": "Token"},
            {"verb": "click", "target": "Log in"},
        ]
    )
    episode = run_episode("log in with <secret>PW</secret>", screen=screen, brain=brain)
    trace = record(episode, brain=brain, secrets={"PW": "hunter2"})
    return trace, trace.to_json()


def test_a_recorded_trace_holds_the_placeholder_never_the_value(tmp_path: Path) -> None:
    trace, text = secret_episode()
    assert "hunter2" not in text
    assert text.count("<secret>PW</secret>") >= 3  # the goal, the typed text, the screen
    saved = load_trace(trace.save(tmp_path / "t.json"))
    assert saved == trace and "hunter2" not in (tmp_path / "t.json").read_text()
    assert (tmp_path / "t.json").stat().st_mode & 0o777 == 0o600


def test_a_redacted_trace_still_replays() -> None:
    trace, _ = secret_episode()
    replayed = replay(trace, ScriptedBrain.of([{"verb": "click", "target": "Log in"}] * 3))
    assert len(replayed) == len(trace.steps)


# -- hostile traces: a TraceError naming the field, never another exception (issue 12) ----


def deep(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = [
    # repr() of a list nested ~1,000 deep raised RecursionError inside the error message
    pytest.param(lambda d: d["steps"][0].update(frame=deep(5000)), "steps[0].frame", id="deep"),
    pytest.param(lambda d: d["brain"]["settings"].update(x=deep(900)), "brain", id="deep-settings"),
    pytest.param(
        lambda d: d["steps"][0]["decision"]["action"].update(target=deep(900)),
        "steps[0].decision.action",
        id="deep-action",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(box=[0, 0, 10**4000, 10**4000]),
        "steps[0].frame.elements[0].box[2]",
        id="huge-box",  # (x0 + x1) / 2 overflowed a float in replay
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(id=-(10**5000)),
        "steps[0].frame.elements[0].id",
        id="unprintable-id",  # str() of it raised ValueError in the message
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["mapping"].update(scale_x=1e308),
        "steps[0].frame.mapping",
        id="huge-scale",  # round(x * 1e308) is round(inf)
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(confidence=7.5),
        "steps[0].frame.elements[0].confidence",
        id="confidence-over-1",
    ),
    pytest.param(
        lambda d: d["steps"][0]["frame"]["elements"][0].update(label="\ud800"),
        "steps[0].frame.elements[0].label",
        id="lone-surrogate",  # the decision digest's UTF-8 encode raised
    ),
    pytest.param(
        lambda d: d["brain"]["settings"].update(model="\udfff"), "brain.settings", id="surrogate"
    ),
    pytest.param(lambda d: d["steps"][0].update(index=10**30), "steps[0].index", id="huge-index"),
]


@pytest.mark.parametrize(("change", "field"), HOSTILE)
def test_hostile_values_are_trace_errors(change: Any, field: str) -> None:
    with pytest.raises(TraceError) as caught:
        Trace.from_dict(mutate(change), source="hostile.json")
    message = str(caught.value)
    assert message.startswith("hostile.json: ") and field in message and len(message) < 500


def test_hostile_files_are_trace_errors(tmp_path: Path) -> None:
    text = json.dumps(good_data())
    cases = {
        "surrogate": text.replace('"label": "Save"', '"label": "\\udfff"', 1),
        "deep-900": text.replace(
            '"settings": {}', '"settings": {"a": ' + "[" * 900 + "]" * 900 + "}"
        ),
        "digits": text.replace('"index": 1', '"index": ' + "7" * 4301, 1),
    }
    for name, content in cases.items():
        with pytest.raises(TraceError):
            load_trace(write(tmp_path, content, f"{name}.json"))


def test_a_loaded_trace_saves_unchanged(tmp_path: Path) -> None:
    # confidences are saved to 4 places; one read with more is rounded as it is read
    data = mutate(lambda d: d["steps"][0]["frame"]["elements"][0].update(confidence=5e-324))
    trace = Trace.from_dict(data)
    assert Trace.from_dict(json.loads(trace.to_json())) == trace


def test_a_trace_keeps_what_each_element_is_and_its_windows(tmp_path: Path) -> None:
    dialog = Window(title="Replace file?", box=(100, 100, 400, 250), id=0x1A00003,
                    title_bar=(100, 100, 400, 122))  # fmt: skip
    elements = [
        Element(label="Replace", box=(120, 200, 190, 230), kind="button", window=dialog.id),
        Element(label="Street", box=(10, 10, 60, 30), kind="field", value="", uid="a11y:7"),
        Element(label="Subscribe", box=(10, 40, 30, 60), kind="check", state={"checked"}),
        Element(label="Notes", box=(10, 70, 60, 90)),
    ]
    obs = Observation.of(elements, size=(640, 480), windows=[dialog])
    screen = ScriptedScreen(frames=(obs,))
    brain = ScriptedBrain.of([{"verb": "click", "target": "Replace"}])
    path = tmp_path / "kinds.json"
    record(run_episode("replace it", screen=screen, brain=brain), brain=brain).save(path)
    frame = load_trace(path).steps[0].frame
    assert frame.windows == (dialog,)
    by_label = {e.label: e for e in frame.elements}
    assert (by_label["Replace"].kind, by_label["Replace"].window) == ("button", dialog.id)
    assert (by_label["Street"].value, by_label["Street"].uid) == ("", "a11y:7")
    assert by_label["Subscribe"].state == frozenset({"checked"})
    assert by_label["Notes"].kind == "" and by_label["Notes"].value is None
    saved = json.loads(path.read_text())["steps"][0]["frame"]["elements"]
    notes = next(e for e in saved if e["label"] == "Notes")
    assert not {"kind", "window", "state", "value"} & notes.keys()  # unset stays unwritten


def test_a_version_3_trace_loads_with_elements_of_unknown_kind(tmp_path: Path) -> None:
    data = good_data()
    data["schema_version"] = 3
    for step in data["steps"]:
        for e in step["frame"]["elements"]:
            for field in ("kind", "window", "state", "value", "uid"):
                e.pop(field, None)
    trace = load_trace(write(tmp_path, data))
    assert trace.to_dict()["schema_version"] == SCHEMA_VERSION
    assert all(e.kind == "" and not e.state for s in trace.steps for e in s.frame.elements)
