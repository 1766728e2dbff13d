"""Record real runs on a private Xvfb desktop into runs/ (traces: no pixels).

    python scripts/record_runs.py            # every scenario
    python scripts/record_runs.py live-zenity-save --out /tmp/runs

Each scenario starts its own Xvfb (+ openbox), opens a real application, runs the
planner brain through the real loop (real capture, real OCR, real input when the
scenario says so) and saves the trace with its expected answer and
``metadata.source = "live desktop"``. pyautogui binds to one display per process, so
every scenario runs in a child process of this script (``--one NAME``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devsupport.xdesktop import TK_APP  # noqa: E402 - the live tests' Tk app, run as a script
from tiny_computer_agent.desktop import VirtualDesktop  # noqa: E402

NO_TEXT_APP = r"""
import tkinter as tk
root = tk.Tk(); root.overrideredirect(True); root.geometry("1280x800+0+0")
c = tk.Canvas(root, width=1280, height=800, bg="#d8d8d8", highlightthickness=0); c.pack()
c.create_rectangle(430, 350, 530, 450, fill="#2060c0", outline="")
c.create_oval(900, 560, 980, 640, fill="#c03030", outline="")
root.after(300, lambda: print("ready", flush=True)); root.mainloop()
"""


@dataclasses.dataclass(frozen=True)
class Scenario:
    name: str
    goal: str
    expected: tuple[str, ...]
    app: str  # "tk", "zenity" or "no-text"
    buttons: tuple[str, ...] = ()
    refusal: str | None = None
    verify_text: str | None = None
    real_input: bool = True
    window_manager: bool = True
    description: str = ""


SCENARIOS = (
    Scenario("live-tk-save", "click 'Save'", ("Save",), "tk",
             ("Don't Save", "Cancel", "Save"), verify_text="Saved",
             description="a Tk save dialog; the click is verified by the app's own status line"),
    Scenario("live-tk-dont-save", "don't save the changes", ("Don't Save",), "tk",
             ("Don't Save", "Cancel", "Save"),
             description="the same dialog, a paraphrased goal"),
    Scenario("live-tk-distractors", "click 'Save'", ("Save",), "tk",
             ("Save As", "Save Copy", "Autosave", "Save", "Saved Searches", "Cancel"),
             verify_text="Saved notes.txt",
             description="six look-alike buttons around the one to press"),
    Scenario("live-zenity-save", "click 'Save'", ("Save",), "zenity",
             description="a real GTK dialog (zenity --question); Save is its OK button"),
    Scenario("live-denied-terminal", "click 'Open Terminal'", ("Open Terminal",), "tk",
             ("Open Terminal", "Password Manager", "Cancel"), refusal="denied-widget",
             description="a launcher whose target the policy must refuse"),
    # goals that do not name their button: a brain must know what the words mean
    Scenario("live-tk-discard", "discard my changes and close", ("Don't Save",), "tk",
             ("Don't Save", "Cancel", "Save"),
             description="the save dialog; the goal says 'discard', the button 'Don't Save'"),
    Scenario("live-tk-keep-editing", "go back to editing the document", ("Cancel",), "tk",
             ("Don't Save", "Cancel", "Save"),
             description="the save dialog; going back is 'Cancel', which the goal never says"),
    Scenario("live-tk-write-to-disk", "write the file to disk", ("Save",), "tk",
             ("Don't Save", "Cancel", "Save"),
             description="the save dialog; writing to disk is 'Save'"),
    Scenario("live-zenity-dismiss", "dismiss this question", ("Cancel",), "zenity",
             description="a real GTK dialog; dismissing it is its Cancel button"),
    Scenario("live-no-text", "click the blue square", ("cell 6",), "no-text",
             real_input=False, window_manager=False,
             description="no text at all: a numbered grid; the blue square is in cell 6 (dry run)"),
)  # fmt: skip


def _start_app(vd: VirtualDesktop, s: Scenario, tmp: Path, env: dict[str, str]) -> None:
    if s.app == "tk":
        config = {"buttons": list(s.buttons), "title": "Editor - notes.txt", "at": [200, 150],
                  "prompt": "Save changes to notes.txt before closing?", "extras": False,
                  "marker": str(tmp / "events.jsonl")}  # fmt: skip
        proc = vd.spawn([sys.executable, str(TK_APP), "app", json.dumps(config)],
                        stdout=subprocess.PIPE, env=env)  # fmt: skip
    elif s.app == "zenity":
        vd.spawn(["zenity", "--question", "--title", "Editor", "--text", "Save changes?",
                  "--ok-label", "Save", "--cancel-label", "Cancel"], quiet=True)  # fmt: skip
        time.sleep(2.0)
        return
    else:
        proc = vd.spawn([sys.executable, "-c", NO_TEXT_APP], stdout=subprocess.PIPE, env=env)
    if proc.stdout is None or not proc.stdout.readline():
        raise RuntimeError(f"{s.name}: the app did not start")
    time.sleep(0.3)


def record_one(s: Scenario, out: Path) -> str:
    """In the child process (DISPLAY already set): run the loop and save the trace."""
    from tiny_computer_agent import PlannerBrain, Policy, run_episode
    from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor
    from tiny_computer_agent.records import Expected, record

    policy = Policy(max_steps=4)
    screen = DesktopScreen()
    executor = None
    if s.real_input:
        policy = policy.armed(flag=True)
        executor = RealInputExecutor(policy=policy, screen=screen)
    brain = PlannerBrain()
    episode = run_episode(s.goal, screen=screen, brain=brain, executor=executor,
                          policy=policy, verify_text=s.verify_text)  # fmt: skip
    screen.close()
    trace = record(
        episode,
        brain=brain,
        expected=Expected(labels=s.expected, refusal=s.refusal),
        task=s.name,
        metadata={
            "source": "live desktop",
            "screen": f"Xvfb 1280x800, {'openbox, ' if s.window_manager else ''}{s.app} app",
            "detector": "auto (OCR, else grid)",
            "input": "real (pyautogui)" if s.real_input else "dry run",
            "note": s.description,
        },
    )
    path = trace.save(out / f"{s.name}.json")
    return f"{s.name}: {episode.outcome} - {episode.reason} -> {path}"


def run_scenario(s: Scenario, out: Path) -> int:
    with VirtualDesktop(window_manager=s.window_manager) as vd:
        tmp = Path(vd.env["XAUTHORITY"]).parent
        env = {"PYTHONPATH": str(ROOT), "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1",
               "TINY_COMPUTER_AGENT_HOME": str(tmp / "state")}  # fmt: skip
        _start_app(vd, s, tmp, env)
        child = subprocess.run(
            [sys.executable, __file__, "--one", s.name, "--out", str(out)],
            env={**vd.env, **env},
            check=False,
            timeout=300,
        )
        return child.returncode


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument(
        "names", nargs="*", help=f"scenarios (default all): {[s.name for s in SCENARIOS]}"
    )
    p.add_argument("--out", default=str(ROOT / "runs"), help="where to write (default runs/)")
    p.add_argument("--one", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    by_name = {s.name: s for s in SCENARIOS}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.one:
        print(record_one(by_name[args.one], out), flush=True)
        return 0
    unknown = [n for n in args.names if n not in by_name]
    if unknown:
        p.error(f"unknown scenario(s) {unknown}; choose from {list(by_name)}")
    failed = [n for n in (args.names or list(by_name)) if run_scenario(by_name[n], out) != 0]
    if failed:
        print(f"failed: {failed}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
