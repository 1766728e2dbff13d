"""What an idle ``--serve`` costs while it keeps its index current (issue 14, item 3):
the server's own CPU time over a quiet spell, with and without ``--no-idle-index``, on a
private 1280x800 Xvfb with openbox, on two screens:

    still       an analog xclock (it redraws once a minute): nothing changes
    ticking     xclock -digital -update 1: the seconds change every second, and each
                settled change is read again (only the clock's own few words)

Each server is started, given ``--warm`` seconds to build its engine and read the
screen once, then measured for ``--seconds`` (user + system time from /proc, and the
idle looks /health reports); the modes are interleaved, their order reversed every
other round. Run: ``python scripts/time_idle_server.py [--rounds 2] [--seconds 20]``
(needs Xvfb, openbox and xclock: Debian's x11-apps).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._firststep import Server  # noqa: E402
from tiny_computer_agent.desktop import VirtualDesktop  # noqa: E402

SCREENS = {"still": ["xclock"], "ticking": ["xclock", "-digital", "-update", "1"]}
MODES = {"keeps its index": [], "--no-idle-index": ["--no-idle-index"]}


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _health(url: str, token: Path) -> dict[str, Any]:
    if not url.startswith("http://127.0.0.1:"):
        raise ValueError(f"not the loopback server this script started: {url}")
    ask = urllib.request.Request(  # noqa: S310 -- checked above: our own loopback server
        url + "/health", headers={"Authorization": f"Bearer {token.read_text().strip()}"}
    )
    with urllib.request.urlopen(ask, timeout=60) as reply:  # noqa: S310 -- as above
        answer: dict[str, Any] = json.loads(reply.read())
    return answer


def _measure(
    vd: VirtualDesktop, tmp: Path, flags: list[str], warm: float, seconds: float
) -> tuple[float, int]:
    env = {**os.environ, **vd.env, "DISPLAY": vd.display, "PYTHONPATH": str(ROOT),
           "TINY_COMPUTER_AGENT_HOME": str(tmp / "home")}  # fmt: skip
    server = Server.start(env, tmp, *flags, armed=False)
    try:
        time.sleep(warm)
        pid = server.proc.pid
        cpu0, looks0 = _cpu_seconds(pid), int(_health(server.url, server.token)["idle_looks"])
        time.sleep(seconds)
        cpu1, looks1 = _cpu_seconds(pid), int(_health(server.url, server.token)["idle_looks"])
    finally:
        server.stop()
    return (cpu1 - cpu0) / seconds, looks1 - looks0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warm", type=float, default=8.0)
    args = parser.parse_args()
    got: dict[tuple[str, str], list[tuple[float, int]]] = {}
    with (
        VirtualDesktop(size=(1280, 800), window_manager=True) as vd,
        tempfile.TemporaryDirectory(prefix="tca-idle-") as name,
    ):
        for screen, program in SCREENS.items():
            app = vd.spawn(program, quiet=True)
            time.sleep(2)
            modes = list(MODES.items())
            for round_ in range(args.rounds):
                for mode, flags in modes if round_ % 2 == 0 else modes[::-1]:
                    got.setdefault((screen, mode), []).append(
                        _measure(vd, Path(name), flags, args.warm, args.seconds)
                    )
            vd.stop(app)
    share = f"CPU, share of one core (median of {args.rounds})"
    print(f"| screen | server | {share} | idle looks a minute |")
    print("| --- | --- | ---: | ---: |")
    for (screen, mode), values in got.items():
        cpu = statistics.median(v[0] for v in values)
        looks = statistics.median(v[1] for v in values) * 60 / args.seconds
        print(f"| {screen} | {mode} | {100 * cpu:.1f} % | {looks:.0f} |")


if __name__ == "__main__":
    main()
