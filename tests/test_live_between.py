"""Between windows, on a real X server under openbox (issue 36, item 5).

* Chained dialogs: a shell chain of three real ``zenity --question`` dialogs, each
  opened only when the one before it closed, answered by the planner with real input.
  After each click the screen shows no dialog for a moment; the loop waits for the next
  one (no brain calls) instead of deciding on the empty screen. The file the chain
  writes after its third "Yes" is the proof.
* Stacked look-alikes: two identical zenity info dialogs at one place, read through a
  real AT-SPI tree, whose elements for the two dialogs differ; the goal names the
  lower one, the harness raises it and clicks its OK. Which zenity exited (0, its OK)
  and which is still running is the proof.

Each test runs the loop in a subprocess (:func:`~devsupport.xdesktop.start_counted`),
which counts the brain's calls.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devsupport.xdesktop import Desk, desk, eventually, finish_counted, require, start_counted

pytestmark = pytest.mark.live

BUS_NAMES = ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS")
LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    yield from desk(tmp_path)


def _log(report: dict[str, Any]) -> str:
    lines = []
    for s in report["episode"]["steps"]:
        obs = s["observation"] or {}
        seen = [(e["label"], e.get("window")) for e in obs.get("elements", [])]
        titles = [w["title"] for w in obs.get("windows", [])]
        lines.append(f"{s['index']}: saw {seen} in {titles} notes {obs.get('notes')}")
        lines.append(f"   decided {s['decision'] and s['decision']['action']}")
        result = s["result"] and s["result"]["description"]
        lines.append(f"   result {result} {s['error']} {s['refusal']}")
    lines.append(f"{report['episode']['outcome']}: {report['episode']['reason']}")
    return "\n".join(lines)


# -- chained dialogs ----------------------------------------------------------------------


def test_three_chained_dialogs_are_each_answered_not_the_gap_between_them(desktop: Desk) -> None:
    require("zenity", modules=("rapidocr",))
    proof = desktop.tmp / "chain-done.txt"
    chain = (
        "zenity --question --title A --text 'First question?' "
        "&& zenity --question --title B --text 'Second question?' "
        "&& zenity --question --title C --text 'Third question?' "
        f"&& echo done > '{proof}'"
    )
    shell = desktop.vd.spawn(["sh", "-c", chain], quiet=True)
    desktop.wait_window("A")
    driver = start_counted(desktop, "click 'Yes', then click 'Yes', then click 'Yes'", max_steps=8)
    report = finish_counted(desktop, driver, timeout=300)
    try:
        shell.wait(15)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"a dialog of the chain is still open\n{_log(report)}") from None
    assert shell.returncode == 0 and proof.read_text() == "done\n", _log(report)
    steps = report["episode"]["steps"]
    clicks = [s for s in steps if s["decision"] and s["decision"]["action"]["verb"] == "click"]
    assert [c["decision"]["action"]["target"] for c in clicks] == ["Yes"] * 3, _log(report)
    assert all(not s["error"] and not s["refusal"] for s in steps), _log(report)
    # never a decision on the empty screen between two dialogs: each click's frame
    # shows the dialog it answers, and no step scrolled or sought
    for click in clicks:
        assert click["observation"]["windows"], _log(report)
    verbs = {s["decision"]["action"]["verb"] for s in steps if s["decision"]}
    assert verbs <= {"click", "done"}, _log(report)


# -- stacked look-alikes --------------------------------------------------------------------


def _xid(desktop: Desk, title: str) -> int:
    found = desktop.vd.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"])
    return int(found.stdout.split()[0])


def test_ok_is_clicked_in_the_lower_of_two_stacked_look_alike_dialogs(tmp_path: Path) -> None:
    require("Xvfb", "xdotool", "zenity", "dbus-daemon", modules=("rapidocr",))
    if not LAUNCHER.exists():
        pytest.skip(f"the tree needs {LAUNCHER}; apt-get install at-spi2-core")
    steps = desk(tmp_path)
    d = next(steps)
    try:
        for name in (*BUS_NAMES, "NO_AT_BRIDGE", "GTK_MODULES"):
            d.vd.env.pop(name, None)
        d.accessibility_registry(LAUNCHER)
        # one size, one text; only the titles differ. "Backup" opens first; "Restore"
        # opens over it; then "Backup" is raised, so "Restore" is the lower one
        backup = d.zenity("--info", "--title", "Backup", "--text", "Disk is full")
        restore = d.zenity("--info", "--title", "Restore", "--text", "Disk is full")
        ids = {title: _xid(d, title) for title in ("Backup", "Restore")}
        for wid in ids.values():
            d.vd.run(["xdotool", "windowmove", "--sync", str(wid), "300", "200"])
        d.vd.run(["xdotool", "windowactivate", "--sync", str(ids["Backup"])])
        time.sleep(0.5)
        driver = start_counted(d, "click 'OK' in the 'Restore' dialog", max_steps=6)
        report = finish_counted(d, driver, timeout=240)
        closed = f"the Restore dialog closed\n{_log(report)}"
        eventually(lambda: restore.poll() is not None, closed, timeout=10)
        assert restore.returncode == 0, _log(report)  # zenity's own word: its OK
        assert backup.poll() is None, _log(report)  # the look-alike above was left alone
        done = [s for s in report["episode"]["steps"] if s["decision"]]
        verbs = [s["decision"]["action"]["verb"] for s in done]
        assert verbs[:2] == ["focus", "click"], _log(report)
        clicked = done[1]
        ok = next(
            e
            for e in clicked["observation"]["elements"]
            if e["id"] == clicked["decision"]["action"]["target_id"]
        )
        assert ok["label"] == "OK" and ok["window"] == ids["Restore"], _log(report)
    finally:
        steps.close()
