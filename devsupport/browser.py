"""A real browser for the console's tests and the gallery: headless Chromium from the
system (Debian's ``chromium`` and ``chromedriver``) driven by Selenium.

Nothing is downloaded: the binaries are the system's, found on PATH, so Selenium's
driver manager never runs. The browser keeps its profile in the caller's temp folder
and is quit (and its processes reaped) by :func:`chromium`'s ``with`` block.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: the programs a browser test needs (see devsupport.xdesktop.require)
BROWSER_PROGRAMS = ("chromium", "chromedriver")


def _binary(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(
            f"{name} is not installed; install it with: sudo apt-get install chromium "
            "chromium-driver (or sudo bash scripts/install-system-deps.sh)"
        )
    return found


@contextlib.contextmanager
def chromium(profile: Path, *, size: tuple[int, int] = (1400, 900)) -> Iterator[Any]:
    """A headless Chromium WebDriver with its profile under ``profile``; quit on exit."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = _binary("chromium")
    for flag in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root in a container
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
        "--password-store=basic",  # no keyring prompt
        f"--window-size={size[0]},{size[1]}",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(_binary("chromedriver")), options=options)
    try:
        yield driver
    finally:
        driver.quit()
