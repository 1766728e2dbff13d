"""The model brains' first address, kept for code that imports them from here.

They live in :mod:`tiny_computer_agent.brains.models` (the brains' room); this module only
re-exports that package's public names, so ``from tiny_computer_agent.models import
IntentBrain`` keeps working.
"""

from __future__ import annotations

from .brains.models import *  # noqa: F403
from .brains.models import __all__  # noqa: F401
