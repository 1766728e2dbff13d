"""A real browser for the console's tests and the gallery: headless Chromium from the
system (Debian's ``chromium`` and ``chromedriver``) driven by Selenium.

Nothing is downloaded: the binaries are the system's, found on PATH, so Selenium's
driver manager never runs. The browser keeps its profile in the caller's temp folder
and is quit (and its processes reaped) by :func:`chromium`'s ``with`` block.
"""

from __future__ import annotations

import atexit
import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: the programs a browser test needs (see devsupport.xdesktop.require)
BROWSER_PROGRAMS = ("chromium", "chromedriver")


#: A Unix socket's path holds at most 107 bytes. Chromium puts its singleton socket at
#: ``$TMPDIR/.org.chromium.Chromium.XXXXXX/SingletonSocket`` (47 bytes past TMPDIR) and
#: does not start when that is too long, as a test's temp folder under pytest-xdist
#: (``/tmp/pytest-of-root/pytest-NNN/popen-gw0/test_a_long_name0``) is.
_SOCKET_ROOM = 107 - len("/.org.chromium.Chromium.XXXXXX/SingletonSocket")


def socket_dir(tmp_path: Path) -> Path:
    """A folder for a Chromium's TMPDIR, where its singleton socket fits: ``tmp_path``
    itself when its path is short enough, else a new folder in the system's temp folder,
    removed when this process exits. Its own per test, as a killed browser leaves its
    socket behind."""
    if len(str(tmp_path)) <= _SOCKET_ROOM:
        return tmp_path
    made = Path(tempfile.mkdtemp(prefix="tca-cr-", dir="/tmp"))
    atexit.register(shutil.rmtree, made, True)
    return made


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
