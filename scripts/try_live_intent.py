"""Two-part free-form goals on a real GTK entry, run by the command line with real input
(issue 11: "a live two-step goal"): which phrasings work, and what the others did.

A private 1280x800 Xvfb with openbox; for each goal, a new ``zenity --entry`` ("Playlist
name:", Cancel, Create) and one CLI run (``--live --real-input --brain auto``). A goal
works when zenity itself prints ``roadtrip`` and exits 0 (Create was pressed with the
name in the entry). Prints a table: the goal, whether it worked, and the run's actions.
The phrasings that work are also in tests/test_live_intent.py. Run:
``python scripts/try_live_intent.py`` (needs Xvfb, openbox and zenity).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devsupport.xdesktop import Desk  # noqa: E402
from tiny_computer_agent.desktop import VirtualDesktop  # noqa: E402

GOALS = (
    "call the new playlist roadtrip and create it",
    "name the playlist roadtrip, then create it",
    "make a playlist named roadtrip and create it",
    "enter roadtrip as the playlist name and press create",
    "the playlist should be called roadtrip; then confirm",
    "I'd like a new playlist called roadtrip, please make it",
    "type roadtrip as the name; create the playlist",
    "the name is roadtrip, please create it",
)


def _try(desk: Desk, goal: str) -> tuple[bool, str]:
    argv = ["zenity", "--entry", "--title", "New Playlist", "--text", "Playlist name:",
            "--ok-label", "Create"]  # fmt: skip
    dialog = desk.vd.spawn(argv, stdout=subprocess.PIPE)
    desk.wait_window("New Playlist")
    run = desk.run_agent(
        ["--live", "--real-input", "--brain", "auto", "--max-steps", "4", goal], armed=True
    )
    try:
        out, _ = dialog.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        dialog.kill()
        out, _ = dialog.communicate()
    did = re.findall(r"(?:result: did |decided: done)([^;\n]*)", run.stdout + run.stderr)
    steps = "; ".join(d.split(" at (")[0].strip() or "done" for d in did)
    return (dialog.returncode, out) == (0, "roadtrip\n"), steps


def main() -> None:
    rows = []
    with VirtualDesktop(window_manager=True) as vd, tempfile.TemporaryDirectory() as tmp:
        desk = Desk(vd=vd, tmp=Path(tmp))
        rows = [(goal, *_try(desk, goal)) for goal in GOALS]
    print("| goal | zenity got roadtrip from Create | what the run did |")
    print("|---|---|---|")
    for goal, worked, steps in rows:
        print(f"| {goal} | {'yes' if worked else 'no'} | {steps} |")


if __name__ == "__main__":
    main()
