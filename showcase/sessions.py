"""Session logs: a run written as it happens, read back, listed, and made a trace."""

from __future__ import annotations

from ._framework import Transcript, capability, namespace


@capability(
    "session-logs",
    "A session log: every event as it happens, and the frames before and after",
    "A SessionLog listens to a run and appends each event to events.jsonl, flushed at once, "
    "with the frame each step saw as a PNG (files 0600, secrets redacted and painted over). "
    "A run killed midway still leaves a log that loads, lists, and converts to a trace.",
    shows=[
        "SessionLog",
        "SessionLog.create",
        "SessionLog.close",
        "SessionLog.frames",
        "Session",
        "Session.steps",
        "Session.started",
        "SessionSummary",
        "SessionSummary.describe",
        "SessionError",
        "default_session_folder",
        "list_sessions",
        "load_session",
        "session_to_trace",
    ],
)
def session_logs() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import json
        folder = tca.default_session_folder("click cell 5")  # under the state dir
        screen = tca.ImageScreen.of(tca.example_frames(), detector=tca.GridDetector())
        brain = tca.ScriptedBrain.of([{"verb": "click", "target": "cell 5"}])
        with tca.SessionLog.create(folder) as log:
            ep = tca.run_episode("click cell 5", screen=screen, brain=brain, listeners=[log])
        print(folder.name, "frames on:", log.frames, "| outcome:", ep.outcome)
        for line in (folder / "events.jsonl").read_text().splitlines():
            e = json.loads(line)
            print(e["seq"], e["kind"].ljust(7), e.get("frame") or "", e.get("summary", "")[:40])
        session = tca.load_session(folder)
        print([f.name for f in session.frames], len(session.steps), session.started > 0)
        """,
        ns,
    )
    t.python(
        """
        def power_cut(event):  # the process dies right after step 1 is logged
            if event.kind == "step":
                raise RuntimeError("power cut")
        crashed = tca.default_session_folder("click cell 5")
        screen = tca.ImageScreen.of(tca.example_frames(), detector=tca.GridDetector())
        with tca.SessionLog.create(crashed, frames=False) as log:
            try:
                tca.run_episode("click cell 5", screen=screen, brain=tca.PlannerBrain(),
                                listeners=[log, power_cut])
            except RuntimeError as exc:
                print("the run died:", exc)
        trace = tca.session_to_trace(crashed, expected="cell 5")
        print(trace.outcome, "-", trace.reason)
        for s in tca.list_sessions():
            print(s.folder.name[17:], s.steps, s.describe())
        try:
            tca.load_session(crashed.parent)
        except tca.SessionError as exc:
            print("SessionError: ...", str(exc).partition(" is ")[2].split(";")[0])
        """,
        ns,
    )
    return t
