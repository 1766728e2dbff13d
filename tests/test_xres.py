"""Which process owns a window: the X server's word (X-Resource), and the fallback.

The live half (a Tk window with no ``_NET_WM_PID``, and a window claiming another
process's pid, both listed with the process that holds their connection) is in
``tests/test_live_transient.py``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tiny_computer_agent.desktop._windows import XWindows, _kernel_thread
from tiny_computer_agent.desktop._xres import _LOCAL_CLIENT_PID, ClientPids, _pid_of


def test_the_pid_is_read_from_the_replys_words() -> None:
    assert _pid_of([0x400000, _LOCAL_CLIENT_PID, 4, 4321]) == 4321
    # an id of another kind first (the client's XID mask, no value), then the pid
    assert _pid_of([0x400000, 1, 0, 0x400000, _LOCAL_CLIENT_PID, 4, 77]) == 77
    assert _pid_of([]) is None  # the server could not identify the client
    assert _pid_of([0x400000, _LOCAL_CLIENT_PID, 4]) is None  # cut short
    assert _pid_of([0x400000, _LOCAL_CLIENT_PID, 4, 0]) is None


class _NoExtension:
    def query_extension(self, name: str) -> Any:
        assert name == "X-Resource"
        return None


def test_without_the_extension_nothing_is_vouched_for() -> None:
    pids = ClientPids(_NoExtension())
    assert not pids.present
    assert pids.pid(0x400000) is None


def _fallback() -> XWindows:
    listing = XWindows(":0")
    listing._pids = ClientPids(_NoExtension())
    return listing


def test_without_the_extension_the_clients_own_pid_is_taken_unless_a_kernel_threads() -> None:
    listing = _fallback()
    assert listing._owner(0x400000, [os.getpid()]) == os.getpid()
    assert listing._owner(0x400000, []) is None
    assert not _kernel_thread(os.getpid())
    comm = Path("/proc/2/comm")
    if not comm.exists() or comm.read_text().strip() != "kthreadd":
        pytest.skip("no kthreadd at pid 2 here (a pid namespace): nothing to compare with")
    # a Flatpak program writes its pid inside the sandbox: 2, the host's kthreadd
    assert _kernel_thread(2)
    assert listing._owner(0x400000, [2]) is None
