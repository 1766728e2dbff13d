"""What the console streams: run events as small JSON payloads in a bounded ring, and
the latest frames, encoded only when a page asks for one.

The loop's thread only appends (a dict and a reference to the frame it already has);
JPEG encoding and every socket write happen on the server's threads, so a slow or
absent browser never slows the run. A page that joins late reads the ring from the
start; one that falls more than :data:`RING_EVENTS` behind skips what was dropped
(the session log, not the console, is the record that keeps everything).
"""

from __future__ import annotations

import collections
import io
import json
import re
import threading
import time
from collections.abc import Sequence
from typing import Any, Final

from .._elements import Observation
from .._errors import MissingExtra
from .._events import RunEvent
from .._loop import render_step

#: events a page can catch up on
RING_EVENTS: Final = 2000
#: frames kept for /frame (the page only ever asks for the newest few)
KEPT_FRAMES: Final = 6
#: pixels of screen shown around an irreversible target
CROP_MARGIN: Final = 160
_MENU_LINE: Final = re.compile(r"^(\d+)\. (.*)$", re.DOTALL)


class Feed:
    """A ring of (sequence, kind, JSON text) and the newest frames, thread-safe."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._ring: collections.deque[tuple[int, str, str]] = collections.deque(maxlen=RING_EVENTS)
        self._seq = 0
        self._frames: collections.OrderedDict[int, Any] = collections.OrderedDict()
        self._encoded: dict[tuple[int, tuple[int, ...]], bytes] = {}
        self._frame_count = 0
        self.closed = False

    def publish(self, kind: str, payload: dict[str, Any]) -> int:
        text = json.dumps(payload, default=str)
        with self._cond:
            self._seq += 1
            self._ring.append((self._seq, kind, text))
            self._cond.notify_all()
            return self._seq

    def since(self, seq: int, timeout: float) -> list[tuple[int, str, str]]:
        """Events after ``seq``, waiting up to ``timeout`` for one (empty: none came)."""
        with self._cond:
            if self._seq <= seq and not self.closed:
                self._cond.wait(timeout)
            return [item for item in self._ring if item[0] > seq]

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()

    def add_frame(self, image: Any) -> int:
        """Keep ``image`` (a PIL image, not encoded yet); its frame number."""
        with self._cond:
            self._frame_count += 1
            self._frames[self._frame_count] = image
            while len(self._frames) > KEPT_FRAMES:
                old, _ = self._frames.popitem(last=False)
                self._encoded = {k: v for k, v in self._encoded.items() if k[0] != old}
            return self._frame_count

    def frame(self, number: int, box: Sequence[int] = ()) -> bytes | None:
        """Frame ``number`` as JPEG (cropped around ``box`` when given); None if gone."""
        key = (number, tuple(box))
        with self._cond:
            image = self._frames.get(number)
            cached = self._encoded.get(key)
        if image is None or cached is not None:
            return cached
        data = encode_jpeg(crop_around(image, box) if box else image)
        with self._cond:
            if number in self._frames:
                self._encoded[key] = data
        return data


def encode_jpeg(image: Any) -> bytes:
    try:
        import PIL.Image  # noqa: F401  (the image is one; saving needs the plugin)
    except ImportError as exc:  # pragma: no cover - an image exists only with Pillow
        raise MissingExtra("PIL", "desktop", "showing frames in the console") from exc
    out = io.BytesIO()
    image.convert("RGB").save(out, format="JPEG", quality=82)
    return out.getvalue()


def crop_around(image: Any, box: Sequence[int]) -> Any:
    """The screen around ``box``, with the box outlined (the target the page asks about)."""
    from PIL import ImageDraw

    x0, y0, x1, y1 = box
    w, h = image.size
    left, top = max(0, x0 - CROP_MARGIN), max(0, y0 - CROP_MARGIN // 2)
    crop = image.convert("RGB").crop(
        (left, top, min(w, x1 + CROP_MARGIN), min(h, y1 + CROP_MARGIN // 2))
    )
    ImageDraw.Draw(crop).rectangle(
        (x0 - left - 3, y0 - top - 3, x1 - left + 3, y1 - top + 3), outline=(255, 170, 0), width=3
    )
    return crop


#: What a menu line may add after a label: a field's value, a box's tick, a disabled
#: control's note, the window's title (see ``_menu.entry_text``).
_AFTER_LABEL: Final = (" = ", " ☐", " ☑", " (disabled)", " · ")
_KIND_TAG: Final = re.compile(r"^\[[a-z]+\] ")


def _names(text: str, label: str) -> bool:
    """Whether a menu line's text (its kind tag removed) is ``label`` as the menu shows
    it: the label alone, or followed by what the menu adds ("Save" is not "Save As")."""
    return text == label or (text.startswith(label) and text[len(label) :].startswith(_AFTER_LABEL))


def menu_numbers(menu: Sequence[str], labels: Sequence[str]) -> dict[int, int]:
    """{position in ``labels``: menu number}: each menu line's label matched to the first
    element (in reading order, the menu's own order) with that label not matched yet; a
    line may carry the element's kind, value, tick or window (``3. [button] OK · Second``)."""
    free = list(range(len(labels)))
    numbers: dict[int, int] = {}
    for line in menu:
        found = _MENU_LINE.match(line)
        if found is None:
            continue
        text = _KIND_TAG.sub("", found.group(2), count=1)
        match = next((i for i in free if _names(text, labels[i])), None)
        if match is not None:
            free.remove(match)
            numbers[match] = int(found.group(1))
    return numbers


def boxes(menu: Sequence[str], elements: Sequence[tuple[str, Sequence[int]]]) -> list[Any]:
    """The elements as the page draws them: label, box and menu number (or None)."""
    numbers = menu_numbers(menu, [label for label, _ in elements])
    return [
        {"label": label, "box": list(box), "n": numbers.get(i)}
        for i, (label, box) in enumerate(elements)
    ]


def observe_payload(event: RunEvent, obs: Observation, frame: int | None) -> dict[str, Any]:
    return {
        "index": event.index,
        "frame": frame,
        "size": list(obs.size),
        "elements": boxes(event.menu, [(e.label, e.box) for e in obs.elements]),
        "menu": list(event.menu),
        "notes": list(obs.notes),
    }


def payload(event: RunEvent) -> dict[str, Any]:
    """The JSON an event becomes (observe is built by :func:`observe_payload`)."""
    out: dict[str, Any] = {"index": event.index, "time": time.time()}
    if event.kind == "start":
        out.update(goal=event.goal, settings=dict(event.settings))
    elif event.kind in ("decide", "verdict") and event.decision is not None:
        decision = event.decision
        said = "; then ".join(a.describe() for a in decision.actions)
        target = decision.action.target
        out.update(action=said, choice=decision.choice, target=target, note=decision.note)
        if event.kind == "verdict":
            out.update(
                refusal=None if event.refusal is None else event.refusal.to_dict(),
                held=event.held,
            )
    elif event.kind == "step" and event.step is not None:
        step = event.step
        out.update(
            lines=render_step(step)[1:],
            error=None if step.error is None else step.error.to_dict(),
            refusal=None if step.refusal is None else step.refusal.to_dict(),
            result=None if step.result is None else step.result.description,
        )
    elif event.kind == "end" and event.episode is not None:
        episode = event.episode
        out.update(
            outcome=episode.outcome,
            reason=episode.reason,
            steps=len(episode.steps),
            dry_run=episode.dry_run,
        )
    return out
