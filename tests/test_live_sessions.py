"""Session logs of real runs on a private X server, with real input.

The program's own record is the proof of what happened (the Tk app's marker file); the
session is then held to it: its events say the same, and its PNG frames show the
program before and after, read back with OCR. A secret typed for real is in no event
and is painted over in the frame that shows it.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, require
from tiny_computer_agent import OcrDetector, observe
from tiny_computer_agent.records import load_session, session_to_trace

pytestmark = pytest.mark.live

SECRET_NAME = "TCA_LIVE_SECRET"
SECRET = "Marigold"


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _events(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]


def _read(path: Path) -> Any:
    """What OCR reads on a saved frame (the same detector a run uses)."""
    from PIL import Image

    return observe(Image.open(path).convert("RGB"), detector=OcrDetector())


def test_a_real_click_is_logged_as_it_happened_and_the_frames_show_before_and_after(
    desktop: Desk,
) -> None:
    require(modules=("rapidocr",))
    app = desktop.app()
    folder = desktop.tmp / "session"
    argv = ["--live", "--real-input", "--verify-text", "Saved", "--session", str(folder),
            "click 'Save'"]  # fmt: skip
    run = desktop.run_agent(argv, armed=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert app.events() == [{"event": "click", "button": "Save"}]  # the app's own word
    events = _events(folder)
    assert [e["kind"] for e in events] == ["start", "observe", "decide", "verdict", "step", "end"]
    step = events[4]["step"]
    assert step["result"]["dry_run"] is False and step["result"]["description"].startswith(
        "did click 'Save'"
    )
    assert isinstance(step["result"]["settle_seconds"], float)  # it waited for the app
    end = events[-1]
    assert end["outcome"] == "verified" and end["frame"] == "frames/final.png"
    before, after = folder / events[1]["frame"], folder / end["frame"]
    for path in (before, after):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    seen_before, seen_after = _read(before), _read(after)
    assert seen_before.shows("Modified") and not seen_before.shows("Saved notes.txt")
    assert seen_after.shows("Saved notes.txt"), seen_after.summary()  # the app's new text
    session = load_session(folder)
    assert session.outcome == "verified" and session.frames == (before, after)
    trace = session_to_trace(folder, expected="Save")
    assert trace.outcome == "verified" and not trace.dry_run and len(trace.frames) == 1


def test_a_secret_typed_for_real_is_in_no_event_and_painted_over_in_its_frame(
    desktop: Desk,
) -> None:
    require(modules=("rapidocr",))
    app = desktop.app(("Save",), extras=True, title="Verbs")
    folder = desktop.tmp / "session"
    batch = [[{"verb": "type", "target": "Notes", "text": f"<secret>{SECRET_NAME}</secret>"},
              {"verb": "key", "keys": "Return"}]]  # fmt: skip
    argv = ["--live", "--real-input", "--secret", SECRET_NAME, "--session", str(folder),
            "--script", json.dumps(batch), "--allow-typing-in", app.program,
            "--secret-field", "Notes",  # a field that shows it: named on purpose
            "type the password into Notes"]  # fmt: skip
    run = desktop.run_cli(argv, armed=True, env={SECRET_NAME: SECRET})
    assert run.returncode == 1 and "outcome: claimed" in run.stdout, run.stdout + run.stderr
    typed = [e["text"] for e in app.events() if e["event"] == "entry"]
    assert typed and SECRET in typed[0]  # the app really got the secret
    for name in ("events.jsonl", "session.json"):
        assert SECRET.encode() not in (folder / name).read_bytes(), name
    # the run read the secret off the screen after typing it: the entry, redacted
    after = next(e for e in _events(folder) if e["kind"] == "observe" and e["index"] == 2)
    placeholder = f"<secret>{SECRET_NAME}</secret>"
    field = [el for el in after["observation"]["elements"] if placeholder in el["label"]]
    assert field, after["summary"]
    from PIL import Image

    frame = Image.open(folder / after["frame"]).convert("RGB")
    x0, y0, x1, y1 = field[0]["box"]
    assert frame.crop((x0, y0, x1, y1)).getcolors() == [((x1 - x0) * (y1 - y0), (0, 0, 0))]
    assert not _read(folder / after["frame"]).shows(SECRET)  # OCR finds it nowhere else
