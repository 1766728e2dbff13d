"""The local web console: watch a run live in a browser and steer it (issue 13).

    _controls.py  Controls: pause, step, resume, stop, take control, approvals (a
                  thread-safe state machine the run's gate, halt and approve read)
    _feed.py      run events as JSON in a bounded ring, and frames encoded on demand
    _server.py    Console: the http.server on 127.0.0.1, its token, the run's hooks
    _routes.py    one small function per address (the page, events, frames, buttons,
                  past sessions, the scoreboard)
    _page.py      the pages' HTML, CSS and JavaScript as strings (no build step, no CDN)

Standard library only; Pillow is imported when a frame is first shown.
"""

from __future__ import annotations

from ._controls import CONTROL_ACTIONS, Controls, ControlState, Question
from ._server import Console

__all__ = ["CONTROL_ACTIONS", "Console", "ControlState", "Controls", "Question"]
