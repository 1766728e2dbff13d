"""glibc's mmap threshold fixed by return_big_buffers: a big block freed goes back to the
system (with the default dynamic threshold, the second one stays on the heap)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tiny_computer_agent._memory import return_big_buffers

# Allocates an 8 MiB block, touches and frees it, twice; prints how much more resident
# memory the process holds than before. With glibc's dynamic threshold the first free
# raises the threshold to 8 MiB, so the second block comes from the heap and stays.
CHILD = """
import ctypes, sys
from tiny_computer_agent._memory import return_big_buffers
if sys.argv[1] == "fixed":
    assert return_big_buffers(4 * 1024 * 1024)
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = (ctypes.c_void_p,)
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])
before = rss()
for _ in range(2):
    block = libc.malloc(8 * 1024 * 1024)
    ctypes.memset(block, 1, 8 * 1024 * 1024)
    libc.free(block)
print(rss() - before)
"""


def _kept_kib(mode: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode], capture_output=True, text=True, check=True
    )
    return int(done.stdout.strip())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt is Linux's")
def test_a_fixed_threshold_gives_big_blocks_back() -> None:
    assert _kept_kib("dynamic") >= 7 * 1024  # the mechanism: glibc's default keeps it
    assert _kept_kib("fixed") < 1024


def test_off_linux_it_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert return_big_buffers() is False
