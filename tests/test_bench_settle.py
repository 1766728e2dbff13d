"""The pieces of bench.py's ``settle`` section that can break without a desktop: the
replay of a recorded timeline (its misses are half the table), the timeline's shape,
the signature that leaves the clicked control out, and the verdict."""

from __future__ import annotations

import pytest

from benchmarks import _settle_bench as sb
from benchmarks import bench
from tiny_computer_agent.desktop._capture import _sampled_digest

A, B, C = b"a", b"b", b"c"


def timeline(changes: dict[float, bytes], until: float, every: float = 0.02) -> list:
    """Polls every ``every`` s from 0 (the first entry is before the click, at -0.01)."""
    polls, sig, t = [(-0.01, A, A)], A, 0.0
    while t <= until:
        sig = next((s for at, s in sorted(changes.items(), reverse=True) if at <= t), A)
        polls.append((t, sig, sig))
        t = round(t + every, 6)
    return polls


def test_a_late_dialog_is_missed_by_a_quiet_window_shorter_than_its_gap() -> None:
    hover_then_dialog = timeline({0.02: B, 0.3: C}, until=2.0)
    missed, seconds = sb.replay(hover_then_dialog, 0.2)
    assert missed and 0.2 <= seconds < 0.3
    missed, seconds = sb.replay(hover_then_dialog, 0.3)
    assert not missed and seconds >= 0.6
    assert sb.shape(hover_then_dialog) == pytest.approx((0.02, 0.3, 0.28))


def test_the_control_column_ignores_what_only_the_control_redrew() -> None:
    polls = [(t, sig, A if sig == B else sig) for t, sig, _ in timeline({0.02: B, 0.5: C}, 2.0)]
    assert sb.replay(polls, 0.1)[0]  # the settle's own signature: the hover ends the wait
    assert not sb.replay(polls, 0.1, column=2)[0]  # waits for the dialog (appear: 1 s)


def test_the_outside_digest_is_the_settle_grid_when_the_box_is_empty() -> None:
    width, height = 64, 32
    data = bytearray(range(256)) * (width * height * 4 // 256)
    assert sb.outside_digest(data, width, height, (0, 0, 0, 0)) == _sampled_digest(
        data, width, height
    )
    changed = bytearray(data)
    changed[(8 * width + 16) * 4] ^= 0xFF  # a sampled pixel at (16, 8)
    assert sb.outside_digest(changed, width, height, (12, 4, 20, 12)) == sb.outside_digest(
        data, width, height, (12, 4, 20, 12)
    )
    assert sb.outside_digest(changed, width, height, (24, 4, 40, 12)) != sb.outside_digest(
        data, width, height, (24, 4, 40, 12)
    )


def test_the_verdict_shrinks_only_to_a_window_with_no_miss() -> None:
    names = [name for name, _ in sb.SCENARIOS]
    none = {name: 0 for name in names}
    late = {**none, names[2]: 3}
    assert sb.verdict(dict.fromkeys(sb.QUIETS, none))[1] == min(sb.QUIETS)
    kept = sb.verdict({**dict.fromkeys(sb.QUIETS, late), 0.05: {**late, names[1]: 1}})
    assert kept[1] == sb.KEEP and "0.1 s missed nothing 0.2 s caught" in kept[3]
    assert bench.SECTIONS["settle"].repeat == 2
