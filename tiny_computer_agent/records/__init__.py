"""The records wing: traces, replay, judging and the scoreboard -- standard library only.

    _jsonio.py      write_atomic, read_json_file (size-capped), FieldReader (strict fields),
                    loads_json (json.loads with a nesting cap, for anything read from outside)
    _schema.py      Expected, TraceStep, Trace and their reader; version-1 traces migrate
    _recording.py   record() an Episode; load_trace(s) from files
    _replay.py      replay a trace's frames through any brain, offline
    _judging.py     a verdict per decision: judge, score_trace, score_recorded, digests
    _scoreboard.py  Scoreboard (table, JSON, CSV), benchmark, score_path, compare
    _session.py     SessionLog (a run listener: events.jsonl + PNG frames), load_session,
                    list_sessions, session_to_trace

Data flows one way: an Episode is recorded as a Trace; a Trace is replayed through a
brain; each replayed decision is judged into a Verdict; verdicts make a Scoreboard.
Everything here is importable from this package (or the top-level package).
"""

from __future__ import annotations

# For the package's other rooms (not public API: not in __all__).
from ._cases import read_cases as read_cases
from ._jsonio import MAX_JSON_BYTES, FieldReader, read_json_file, write_atomic
from ._jsonio import MAX_JSON_DEPTH as MAX_JSON_DEPTH
from ._jsonio import JSONTooDeep as JSONTooDeep
from ._jsonio import check_save_target as check_save_target
from ._jsonio import json_depth as json_depth
from ._jsonio import loads_json as loads_json
from ._judging import (
    VERDICTS,
    BrainFactory,
    Judgement,
    Verdict,
    VerdictKind,
    chosen_text,
    decision_digest,
    judge,
    score_recorded,
    score_trace,
    scoring_policy,
)
from ._recording import load_trace, load_traces, record
from ._replay import ReplayedFrame, decisions_equal, rebuild_menu, replay, replay_frames
from ._schema import POOL_SCOREBOARD_FORMAT as POOL_SCOREBOARD_FORMAT
from ._schema import (
    SCHEMA_VERSION,
    TRACE_FORMAT,
    Expected,
    Trace,
    TraceReader,
    TraceStep,
)
from ._scoreboard import (
    SCOREBOARD_FORMAT,
    Confusion,
    DecisionChange,
    Scoreboard,
    benchmark,
    compare_scoreboards,
    load_scoreboard,
    score_path,
)
from ._session import (
    Session,
    SessionError,
    SessionLog,
    SessionSummary,
    default_session_folder,
    list_sessions,
    load_session,
    session_to_trace,
)

#: Traces hold no pixels, so a real one is kilobytes; anything bigger is refused unread.
MAX_TRACE_BYTES = MAX_JSON_BYTES

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_TRACE_BYTES",
    "SCHEMA_VERSION",
    "SCOREBOARD_FORMAT",
    "TRACE_FORMAT",
    "VERDICTS",
    "BrainFactory",
    "Confusion",
    "DecisionChange",
    "Expected",
    "FieldReader",
    "Judgement",
    "ReplayedFrame",
    "Scoreboard",
    "Session",
    "SessionError",
    "SessionLog",
    "SessionSummary",
    "Trace",
    "TraceReader",
    "TraceStep",
    "Verdict",
    "VerdictKind",
    "benchmark",
    "chosen_text",
    "compare_scoreboards",
    "decision_digest",
    "decisions_equal",
    "default_session_folder",
    "judge",
    "list_sessions",
    "load_scoreboard",
    "load_session",
    "load_trace",
    "load_traces",
    "read_json_file",
    "rebuild_menu",
    "record",
    "replay",
    "replay_frames",
    "score_path",
    "score_recorded",
    "score_trace",
    "scoring_policy",
    "session_to_trace",
    "write_atomic",
]
