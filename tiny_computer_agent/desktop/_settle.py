"""Settle, not sleep: wait until the screen changed and then held still.

After an action, :meth:`Settle.wait` polls a cheap frame signature (a CRC-32 of every
pixel, about 1 ms on a 1280x800 monitor, plus the grab). It returns

* ``changed`` once the screen has changed and then stayed the same for ``quiet``
  seconds (an animation or a slow dialog keeps it waiting, up to ``timeout``); after a
  click, a change only inside the control clicked (its own press redraw) does not end
  the wait before ``answer`` seconds, so a dialog that comes 0.25-0.6 s later is seen;
* ``unchanged`` when nothing moved within ``appear`` seconds (the action changed
  nothing, or not yet: the next observation will tell);
* ``timeout`` when the screen never held still for ``timeout`` seconds.

Peers sleep a fixed 0.8-2 s after every action; this usually returns in a fraction
of that and still waits for a window that takes its time to appear.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Final

__all__ = ["SETTLE_STATES", "Settle", "SettleResult"]

SETTLE_STATES: Final = ("changed", "unchanged", "timeout")


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class SettleResult:
    """How the screen behaved after an action, and how long the wait took."""

    state: str
    seconds: float
    polls: int


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class Settle:
    """The settle rule's limits (seconds): see the module docstring."""

    quiet: float = 0.2
    appear: float = 1.0
    timeout: float = 5.0
    poll: float = 0.02
    #: After a click, a change only inside the control clicked (its own press, hover or
    #: focus redraw, 2-15 ms after the click) is not yet the program's answer: the wait
    #: goes on up to this long from the click for a change elsewhere (a dialog). Measured
    #: with benchmarks/bench.py settle: without it, every dialog that came 250 ms or more
    #: after its click was missed at quiet=0.2 (the still-timer ran from the button's
    #: redraw); a control that only changes itself (a check box) costs this long.
    answer: float = 0.6

    def __post_init__(self) -> None:
        if (
            not 0 < self.poll <= self.quiet <= self.timeout
            or not 0 < self.appear <= self.timeout
            or not 0 <= self.answer <= self.timeout
        ):
            raise ValueError(
                f"settle limits must satisfy 0 < poll <= quiet <= timeout, 0 < appear <= "
                f"timeout and 0 <= answer <= timeout; got {self}"
            )

    def wait(
        self,
        signature: Callable[[], bytes],
        before: bytes,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        on_change: Callable[[], None] | None = None,
        answered: Callable[[], bool] | None = None,
    ) -> SettleResult:
        """Poll ``signature()`` (``before`` is the frame's signature before the action);
        ``on_change()`` is called after each poll that saw the screen change (the desktop
        screen starts indexing that frame while the wait goes on). ``answered()``, asked
        after a change, says whether the screen changed outside the control acted on
        (None: every change counts); until it does, "changed" waits for :attr:`answer`."""
        start = clock()
        last, last_change, polls = before, None, 0
        heard = answered is None
        while True:
            current = signature()
            now = clock()
            polls += 1
            if current != last:
                last, last_change = current, now
                if on_change is not None:
                    on_change()
                if not heard and answered is not None:
                    heard = answered()
            elapsed = now - start
            still = last_change is not None and now - last_change >= self.quiet
            if still and (heard or elapsed >= self.answer):
                return SettleResult(state="changed", seconds=elapsed, polls=polls)
            if last_change is None and elapsed >= self.appear:
                return SettleResult(state="unchanged", seconds=elapsed, polls=polls)
            if elapsed >= self.timeout:
                return SettleResult(state="timeout", seconds=elapsed, polls=polls)
            sleep(self.poll)
