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
