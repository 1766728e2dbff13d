"""The episode a live test's CLI run printed (``--json``), with a log of its steps.

Shared by the live tests that run the real CLI in a subprocess (``Desk.run_cli``) and
assert on what it did: tests/test_live_procedures*.py and tests/test_live_teach.py.
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

__all__ = ["episode_of"]


def episode_of(run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """The episode ``run`` printed as JSON, with two keys added: ``log``, one line per
    step (its reply, action, result, error and the start of its note) and what the last
    three looks read, for a failure's message; and ``tree``, whether any look read the
    accessibility tree. The log is printed too (shown with a failure, or with -rP).
    No JSON on stdout fails the test with the ends of stdout and stderr."""
    try:
        episode: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        raise AssertionError(
            f"no episode JSON: {run.stdout[-2000:]}\n{run.stderr[-3000:]}"
        ) from None
    lines = [f"{episode['outcome']}: {episode['reason']}"]
    for step in episode["steps"]:
        decision, result = step.get("decision") or {}, step.get("result") or {}
        why = result.get("error") or step.get("error") or ""
        note = str(decision.get("note") or "")[:160]
        lines.append(
            f"  {step['index']}: {decision.get('reply')} {decision.get('action')} -> "
            f"{result.get('description')} {why}" + (f" [{note}]" if note else "")
        )
    seen = [s["observation"] for s in episode["steps"] if s.get("observation")]
    for obs in seen[-3:]:  # what the last looks read, for a check that failed
        lines.append("  look: " + " | ".join(e["label"] for e in obs["elements"]))
    episode["tree"] = any(e.get("source") == "a11y" for o in seen for e in o["elements"])
    episode["log"] = "\n".join(lines)
    print(episode["log"])
    return episode
