"""Every capability of the gallery, one module per area; importing registers them."""

from . import core, desktop, models, traces  # noqa: F401
