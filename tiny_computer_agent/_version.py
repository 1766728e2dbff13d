"""The package's version, in a module of its own so nothing imports the package upward."""

from __future__ import annotations

__version__ = "0.1.0"
