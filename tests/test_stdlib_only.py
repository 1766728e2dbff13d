"""The core imports and runs a whole episode on the standard library alone."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = r"""
import json, sys
before = set(sys.modules)  # what site/.pth files loaded before us is not ours to judge
import tiny_computer_agent as tca

screen = tca.ScriptedScreen.of_labels(["File", "Save", "Cancel"], ["Saved"])
brain = tca.ScriptedBrain.of([{"verb": "click", "target": "Save"}])
episode = tca.run_episode("click 'Save'", screen=screen, brain=brain, verify_text="Saved")
planner = tca.run_episode(
    "click Save", screen=tca.ScriptedScreen.of_labels(["Save"], ["Saved"]),
    brain=tca.PlannerBrain(), verify_text="Saved",
)
tca.parse_decision('{"choice": 2}', tca.build_menu(screen.frames[0]))
third_party = sorted(
    name for name in {m.split(".")[0] for m in set(sys.modules) - before}
    if name not in sys.stdlib_module_names and name not in ("tiny_computer_agent", "__main__")
)
print(json.dumps({"outcomes": [episode.outcome, planner.outcome], "third_party": third_party}))
"""


def test_core_loads_no_third_party_module() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=True
    )
    report = json.loads(proc.stdout)
    assert report["outcomes"] == ["verified", "verified"]
    assert report["third_party"] == []


BLOCKED_REPLAY = r"""
import importlib.abc, json, os, sys

class Blocked(importlib.abc.MetaPathFinder):
    # this machine has Pillow, RapidOCR and numpy; pretend it has none of them
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"PIL", "rapidocr", "numpy", "onnxruntime", "mss", "pyautogui",
                                  "torch", "transformers"}:
            raise ImportError(f"{name} is blocked for this test")
        return None

sys.meta_path.insert(0, Blocked())
os.environ.pop("DISPLAY", None)
import tiny_computer_agent as tca

try:
    import PIL  # noqa: F401
    blocked = False
except ImportError:
    blocked = True
trace = tca.load_trace(sys.argv[1])
replayed = tca.replay(trace, tca.PlannerBrain())
recorded = [s.decision for s in trace.frames]
print(json.dumps({
    "blocked": blocked,
    "source": trace.metadata.get("source"),
    "same": [r.action.to_dict() for r in replayed] == [d.action.to_dict() for d in recorded],
    "verdict": tca.score_trace(trace, tca.PlannerBrain()).verdict,
}))
"""


def test_a_real_desktop_run_replays_without_pillow_ocr_or_a_display() -> None:
    from pathlib import Path

    trace = Path(__file__).resolve().parent.parent / "runs" / "live-tk-save.json"
    proc = subprocess.run(
        [sys.executable, "-c", BLOCKED_REPLAY, str(trace)],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    report = json.loads(proc.stdout)
    assert report == {
        "blocked": True, "source": "live desktop", "same": True, "verdict": "correct"
    }  # fmt: skip
