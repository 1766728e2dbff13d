"""Peak memory of a live CLI run with glibc's mmap threshold fixed at 8 MiB (as the CLI
starts: tiny_computer_agent._memory) and left dynamic (glibc's default), side by side
(issue 14).

The run is ``make bench``'s: the CLI drives the Tk keypad on a private Xvfb desktop with
real input, OCR only, in a fresh process whose peak resident memory comes from
``os.wait4`` (benchmarks._steps.cli_live_run). Each round runs both, interleaved (the
order reversed every other round); each run is checked against what the keypad printed.
Run: ``python scripts/time_cli_peak.py [--rounds 4]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: The CLI as installed, but with the threshold left to glibc.
DYNAMIC = (
    "import sys; import tiny_computer_agent.cli._run as run; "
    "run.return_big_buffers = lambda: False; sys.exit(run.main())"
)


def main() -> None:
    from benchmarks._steps import _SCENARIOS, cli_live_run
    from tiny_computer_agent import ARM_ENV
    from tiny_computer_agent.desktop import VirtualDesktop

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    modes = {
        "fixed 8 MiB (as shipped)": (),
        "dynamic (glibc default)": (sys.executable, "-c", DYNAMIC),
    }
    peaks: dict[str, list[float]] = {m: [] for m in modes}
    failed: list[str] = []
    os.environ[ARM_ENV] = "1"
    with (
        tempfile.TemporaryDirectory(prefix="tca-cli-peak-") as tmp,
        VirtualDesktop(window_manager=True) as vd,
    ):
        for round_ in range(args.rounds):
            order = list(modes) if round_ % 2 == 0 else list(modes)[::-1]
            for mode in order:
                run = cli_live_run(
                    vd,
                    _SCENARIOS["keypad"],
                    Path(tmp, f"home-{round_}-{len(peaks[mode])}"),
                    modes[mode],
                )
                peaks[mode].append(run.peak_mib)
                if run.code != 0 or run.effect != _SCENARIOS["keypad"].expected:
                    failed.append(f"{mode} round {round_ + 1}: exit {run.code}, {run.effect!r}")
                print(f"  round {round_ + 1} {mode}: {run.peak_mib:.0f} MiB", file=sys.stderr)
    print(f"{args.rounds} rounds, the keypad task, peak RSS of the CLI process (os.wait4)")
    print("| mmap threshold | median MiB | min | max |")
    print("|---|---|---|---|")
    for mode, values in peaks.items():
        print(
            f"| {mode} | {statistics.median(values):.0f} | {min(values):.0f} | {max(values):.0f} |"
        )
    print("every run did what it should" if not failed else "FAILED: " + "; ".join(failed))


if __name__ == "__main__":
    main()
