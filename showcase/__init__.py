"""The capability gallery: each capability run for real, its output rendered to a picture.

    python -m showcase                   run every capability, write gallery/<id>.png
    python -m showcase --out DIR         ... into DIR (make test: build/gallery)
    python -m showcase --list            the capability ids
    python -m showcase --only ID ...     run only these
    python -m showcase --card            rewrite docs/gallery.md (the gallery page) from the registry

Not part of the library (it is not installed). The imports flow one way:
``_framework`` (what a capability makes, the registry, rendering) <- the capability
modules, one per area (``core``, ``desktop``, ``models``, ``traces``) <- ``_gallery``
(running, the gallery page, the command line), which imports the capability modules
only when :func:`load_registry` is called.
"""

from __future__ import annotations

from ._framework import Block, Capability, Screenshot, Skipped, Transcript, capability
from ._gallery import card, load_registry, main, run_capability, write_card

__all__ = [
    "Block",
    "Capability",
    "Screenshot",
    "Skipped",
    "Transcript",
    "capability",
    "card",
    "load_registry",
    "main",
    "run_capability",
    "write_card",
]
