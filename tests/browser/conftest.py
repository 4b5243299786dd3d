"""A Voila server for the dashboards and a headless Chromium, shared by the browser tests.

The server runs in a subprocess on a free port, with preheated kernels as
``python -m explorer.dashboards`` serves them; it is stopped (with its
kernels) when the session ends.  Chromium is Debian's (``/usr/bin/chromium``):
Playwright drives it through ``executable_path``.  Screenshots and the
server's log go to ``test-artifacts/``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from explorer.dashboards import ROOT, Server

ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("EXPLORER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
#: Generous: two shared cores may be busy; these bound waiting, they do not measure speed.
TIMEOUT_MS = 240_000


def pytest_configure(config):
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)


def chromium_path() -> str | None:
    return CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


#: Preheated as ``explorer.dashboards`` serves them: Pet Quartet's dashboard, and the generic one.  The
#: others run when opened, which spares two busy cores the work of preheating every notebook.
PREHEATED = ("pet_quartet.ipynb", "explore.ipynb")
#: Seconds before the shared server refills a used preheated kernel.  A preheated dashboard opened a
#: second time waits for its refill (this delay, then the notebook's run), so the delay is short: the
#: refill runs while the test that took the kernel plays, and the next page finds it ready.
REFILL_DELAY = 3.0


@pytest.fixture(scope="session")
def server(artifacts: Path):
    with Server(log=artifacts / "voila.log", preheat_only=PREHEATED, fill_delay=REFILL_DELAY) as running:
        running.settle()  # the preheated kernels have run their notebooks
        yield running


@pytest.fixture(scope="session")
def cold_server(artifacts: Path):
    """A server without preheated kernels, shared by the modules that want one: any dashboard opens any
    number of times, each in a kernel started for its request, as on Binder."""
    with Server(log=artifacts / "voila-cold.log", preheat=False) as running:
        yield running


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        pytest.skip("the browser tests need Chromium (Debian's chromium package); ./run test installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, server):
    """A new page that remembers every request leaving the machine and every page error."""
    context = browser.new_context(viewport={"width": 1300, "height": 2600}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.outside_requests = []
    page.errors = []
    page.on("request", lambda r: page.outside_requests.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    page.close(run_before_unload=True)  # Voila shuts the page's kernel down on unload
    context.close()
