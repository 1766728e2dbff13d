"""The console's addresses, one small function each (the handler checked the token).

GET  /                     the live page          GET  /events        the event stream
GET  /frame/N[?box=...]    frame N as JPEG        GET  /state         the buttons' state
GET  /sessions             past sessions page     GET  /session-list  them, as JSON
GET  /session/NAME         one, step by step      GET  /session-frame/NAME/FILE  a PNG
GET  /scoreboard           the trace folder's scoreboard
POST /control/NAME         pause resume step stop take hand-back
POST /answer/TICKET        {"yes": true|false} for a held irreversible action,
                           {"choice": N} for an unsure brain's question (0: none)
"""

from __future__ import annotations

import html
import re
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .._errors import TinyAgentError
from ._feed import boxes
from ._page import LIVE_PAGE, SCOREBOARD_PAGE, SESSIONS_PAGE

if TYPE_CHECKING:
    from ._server import Route, _Handler

_FRAME_FILE: Final = re.compile(r"^(step-\d{3,6}|final)\.png$")
_SESSION_NAME: Final = re.compile(r"^[\w.-]{1,200}$")
#: the brains a trace folder's scoreboard is scored with (no model weights needed)
SCOREBOARD_BRAINS: Final = "planner,first-item,oracle"


def live_page(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    h.html(LIVE_PAGE)


def events(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    h.stream()


def frame(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    try:
        number = int(parts[0]) if parts else 0
        box = [int(v) for v in query["box"].split(",")] if query.get("box") else []
    except ValueError:
        h.text(HTTPStatus.BAD_REQUEST, "400: /frame/NUMBER[?box=x0,y0,x1,y1] takes numbers\n")
        return
    if box and len(box) != 4:
        h.text(HTTPStatus.BAD_REQUEST, f"400: box needs 4 numbers, got {len(box)}\n")
        return
    h.image(h.console.feed.frame(number, box))


def state(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    h.reply_json(h.console.controls.snapshot())


def control(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    name = parts[0] if parts else ""
    try:
        now = h.console.controls.do(name)
    except ValueError as exc:
        h.reply_json({"error": str(exc)}, HTTPStatus.BAD_REQUEST)
        return
    h.reply_json({"state": now})


def answer(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    body = h.body_json()
    try:
        ticket = int(parts[0])
    except (IndexError, ValueError):
        ticket = 0
    given = {} if body is None else body
    yes = given.get("yes") if "yes" in given else given.get("choice")
    well_formed = isinstance(yes, bool) if "yes" in given else type(yes) is int
    if not well_formed or not isinstance(yes, int) or ticket < 1:  # a bool is an int
        h.reply_json(
            {
                "error": 'POST /answer/TICKET with the JSON body {"yes": true} or {"yes": '
                'false}, or {"choice": N} for a question with choices (0: none)'
            },
            HTTPStatus.BAD_REQUEST,
        )
        return
    if not h.console.controls.answer(ticket, yes):
        h.reply_json(
            {
                "error": f"question {ticket} is not waiting for {yes!r} (answered, timed out, "
                "or not a yes/no or a number of its choices)"
            },
            409,
        )
        return
    h.reply_json({"ticket": ticket, "choice" if type(yes) is int else "yes": yes})


# -- past sessions ----------------------------------------------------------------------


def sessions_page(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    h.html(SESSIONS_PAGE)


def _root(h: _Handler) -> Path:
    from .._policy import state_dir

    return h.console.sessions or state_dir() / "sessions"


def session_list(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    from ..records import list_sessions

    root = _root(h)
    try:
        found = list_sessions(root) if root.exists() else ()
    except TinyAgentError as exc:
        h.reply_json({"error": str(exc)}, HTTPStatus.INTERNAL_SERVER_ERROR)
        return
    h.reply_json(
        {
            "root": str(root),
            "sessions": [
                {
                    "name": s.folder.name,
                    "started": s.started,
                    "goal": s.goal,
                    "steps": s.steps,
                    "outcome": s.describe(),
                }
                for s in reversed(found)
            ],
        }
    )


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path``, every link in it followed, is still under ``root``."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def _session_folder(h: _Handler, name: str) -> Path | None:
    """The session folder ``name`` under the root; None (after a 404) when there is
    none, or it is a link that leads out of the root (never followed there)."""
    root = _root(h)
    folder = root / name
    ok = _SESSION_NAME.match(name) and name not in (".", "..") and folder.is_dir()
    if not ok or not _inside(folder, root):
        h.text(HTTPStatus.NOT_FOUND, f"404: no session {name!r} under {root}\n")
        return None
    return folder


def session(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    from ..records import load_session

    folder = _session_folder(h, parts[0] if parts else "")
    if folder is None:
        return
    try:
        loaded = load_session(folder)
    except TinyAgentError as exc:
        h.reply_json({"error": str(exc)}, HTTPStatus.UNPROCESSABLE_ENTITY)
        return
    h.reply_json(
        {
            "name": folder.name,
            "goal": loaded.goal,
            "outcome": loaded.outcome,
            "truncated": loaded.truncated,
            "frames": replay_frames(loaded.events),
        }
    )


def replay_frames(events: Any) -> list[dict[str, Any]]:
    """One entry per step of a session: its frame file, boxes, menu and what happened."""
    frames: list[dict[str, Any]] = []
    by_index: dict[int, dict[str, Any]] = {}
    for event in events:
        index = event.get("index")
        if event.get("kind") == "observe":
            obs = event.get("observation") or {}
            elements = [(str(e.get("label")), e.get("box")) for e in obs.get("elements", [])]
            entry = {
                "index": index,
                "frame": Path(str(event["frame"])).name if event.get("frame") else None,
                "size": obs.get("size"),
                "elements": boxes(event.get("menu") or [], elements),
                "menu": event.get("menu") or [],
                "text": [],
            }
            frames.append(entry)
            by_index[int(index or 0)] = entry
        elif event.get("kind") == "step" and int(index or 0) in by_index:
            by_index[int(index or 0)]["text"] = event.get("text") or []
        elif event.get("kind") == "end":
            frames.append(
                {
                    "index": "end",
                    "frame": Path(str(event["frame"])).name if event.get("frame") else None,
                    "size": (event.get("observation") or {}).get("size"),
                    "elements": [],
                    "menu": [],
                    "text": [f"outcome: {event.get('outcome')} - {event.get('reason')}"],
                }
            )
    return frames


def session_frame(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    folder = _session_folder(h, parts[0] if parts else "")
    if folder is None:
        return
    name = parts[1] if len(parts) == 2 else ""
    path = folder / "frames" / name
    if not _FRAME_FILE.match(name) or not path.is_file() or not _inside(path, folder):
        h.text(HTTPStatus.NOT_FOUND, f"404: no frame {name!r} in session {folder.name!r}\n")
        return
    h.image(path.read_bytes(), "image/png")


# -- the scoreboard ---------------------------------------------------------------------


def scoreboard(h: _Handler, parts: list[str], query: dict[str, str]) -> None:
    folder = h.console.traces
    if folder is None:
        body = (
            "<p>No trace folder was given. Start the console with <code>--console-traces "
            "DIR</code> (a folder of traces made with <code>--trace</code>) to score it here."
        )
    else:
        body = _scored(folder)
    h.html(SCOREBOARD_PAGE.replace("{{body}}", body))


def _scored(folder: Path) -> str:
    from ..records import score_path
    from ..registry import select_brains

    try:
        board = score_path(folder, select_brains(SCOREBOARD_BRAINS))
    except (TinyAgentError, OSError, ValueError) as exc:
        return f"<p class=bad>{html.escape(str(exc))}</p>"
    return (
        f"<p>{len(board.tasks)} traces in <code>{html.escape(str(folder))}</code>, "
        f"scored with {html.escape(SCOREBOARD_BRAINS)}</p>"
        f"<pre>{html.escape(board.render())}</pre>"
    )


GET_ROUTES: Final[dict[str, Route]] = {
    "": live_page,
    "events": events,
    "frame": frame,
    "state": state,
    "sessions": sessions_page,
    "session-list": session_list,
    "session": session,
    "session-frame": session_frame,
    "scoreboard": scoreboard,
}
POST_ROUTES: Final[dict[str, Route]] = {"control": control, "answer": answer}
