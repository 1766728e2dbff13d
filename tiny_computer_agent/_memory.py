"""Give the OCR engine's big buffers back to the system when it frees them.

Each whole-frame read makes onnxruntime allocate and free tens of MiB of activations
(detection of a 960x608 frame is most of it). glibc serves a request above its
*mmap threshold* with its own mapping, returned on free; but the threshold is dynamic:
freeing such a mapping raises it (up to 32 MiB), so the next reads' buffers come from
the heap, which fragments and is not returned. The process's peak memory then climbs
read by read. Fixing the threshold (``mallopt(M_MMAP_THRESHOLD, ...)``, which also
turns off the dynamic adjustment) keeps big buffers in mappings of their own.

Measured side by side in fresh processes, interleaved (2026-12-02): the keypad task of
``make bench`` run by the CLI peaks at 346 MiB (336-361) against 394 MiB (380-409) with
glibc's default, 4 rounds (``scripts/time_cli_peak.py``); 14 whole reads in one
process peak at 322 against 402 MiB, one read 450 against 441 ms, 5 rounds
(``scripts/time_malloc.py --thresholds dynamic,8``; both scripts since deleted, in git
history; ``make bench`` reports a CLI run's peak). 4 MiB held a little less
(326 MiB in the CLI run) and read up to 1.2x slower in one run; 16 MiB held more. The
command line calls :func:`return_big_buffers` as it starts; a program embedding the
library may call it too. It changes nothing but where glibc puts large blocks;
elsewhere (musl, macOS, Windows) it does nothing. Standard library only.
"""

from __future__ import annotations

import ctypes
import logging
import sys
from typing import Final

__all__ = ["MMAP_THRESHOLD", "return_big_buffers"]

_log = logging.getLogger(__name__)

#: Blocks of this size or more get mappings of their own (glibc's M_MMAP_THRESHOLD).
MMAP_THRESHOLD: Final = 8 * 1024 * 1024
_M_MMAP_THRESHOLD: Final = -3  # from glibc's malloc.h


def return_big_buffers(threshold: int = MMAP_THRESHOLD) -> bool:
    """Fix glibc's mmap threshold at ``threshold`` bytes for this process; True when set
    (False off glibc, or when glibc refused it)."""
    if not sys.platform.startswith("linux"):
        return False
    try:  # the process's own symbols: libc's, without find_library's ldconfig run
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(_M_MMAP_THRESHOLD, threshold))
    _log.info("glibc mmap threshold %s at %d bytes", "fixed" if done else "not set", threshold)
    return done
