"""The capability gallery: each capability run for real, its output rendered to a picture.

    python -m showcase                   run every capability, write gallery/<id>.png
    python -m showcase --out DIR         ... into DIR (make test: build/gallery)
    python -m showcase --list            the capability ids
    python -m showcase --only ID ...     run only these
    python -m showcase --card            rewrite the README's gallery section from the registry

Not part of the library (it is not installed). The imports flow one way:
``_framework`` (what a capability makes, the registry, rendering) <- the capability
modules, one per area (``core``, ``desktop``, ``models``, ``traces``) <- ``_gallery``
(running, the README card, the command line), which imports the capability modules
only when :func:`load_registry` is called.
"""

from __future__ import annotations

from ._framework import Block, Capability, Screenshot, Skipped, Transcript, capability
from ._gallery import card, help_block, load_registry, main, run_capability, write_card

__all__ = [
    "Block",
    "Capability",
    "Screenshot",
    "Skipped",
    "Transcript",
    "capability",
    "card",
    "help_block",
    "load_registry",
    "main",
    "run_capability",
    "write_card",
]
