"""Binder's path to the dashboards, checked here: an environment built from ``binder/`` alone.

On Binder, Voila runs as an extension of the Jupyter server (not standalone)
and dashboards open under ``/voila/render/...``.  This test builds a fresh
environment from ``binder/requirements.txt`` and ``binder/postBuild`` only,
starts the Jupyter server from it, and opens the gallery and a game's
dashboard through that path in headless Chromium.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from explorer.dashboards import ROOT

from .actions import jupyter_server
from .conftest import TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def run(args: list[str], **kw) -> None:
    result = subprocess.run(args, capture_output=True, text=True, timeout=900, **kw)
    assert result.returncode == 0, f"{' '.join(args)} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory, artifacts):
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("building the Binder environment needs uv, which ./run test installs")
    home = tmp_path_factory.mktemp("binder")
    env_dir = home / "env"
    # A seeded venv has pip, as Binder's environment does; postBuild uses it.
    run([uv, "venv", "--seed", "--quiet", "--python", sys.executable, str(env_dir)])
    run([uv, "pip", "install", "--quiet", "--python", str(env_dir / "bin" / "python"),
         "-r", str(ROOT / "binder" / "requirements.txt")])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "VIRTUAL_ENV", "PYTHONPATH"))}
    env.update(PATH=f"{env_dir / 'bin'}{os.pathsep}{env['PATH']}", JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               PIP_DISABLE_PIP_VERSION_CHECK="1")
    run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env)
    with jupyter_server([str(env_dir / "bin" / "jupyter")], home=home, env=env, log=artifacts / "binder-server.log",
                        timeout=120) as url:
        yield url


@pytest.fixture()
def page(browser):
    """A page of its own: this test needs no standalone Voila server."""
    context = browser.new_context(viewport={"width": 1300, "height": 2000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.outside_requests = []
    page.on("request", lambda r: page.outside_requests.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    yield page
    context.close()


def test_binder_opens_the_gallery_and_a_dashboard(binder_server, page, artifacts):
    # The Voila extension is the one Binder's badge opens: /voila/render/<notebook>.
    page.goto(f"{binder_server}/voila/render/notebooks/index.ipynb", timeout=TIMEOUT_MS)
    card = page.locator("a.gallery-card[data-game='pet-quartet']")
    expect(card).to_be_visible(timeout=TIMEOUT_MS)
    assert "Traceback" not in page.content()
    href = card.get_attribute("href")
    assert href == "pet_quartet.ipynb"  # relative, so the gallery's links stay under /voila/render/
    page.goto(f"{binder_server}/voila/render/notebooks/{href}", timeout=TIMEOUT_MS, wait_until="commit")
    explorer = page.locator(".ex-explorer").first
    expect(explorer.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    assert "/voila/render/notebooks/pet_quartet.ipynb" in page.url
    expect(explorer.locator("button.ex-move").first).to_be_visible()
    assert "Traceback" not in page.content()
    # Binder is online, and the Jupyter server hands Voila its MathJax address; nothing else
    # (no widget or chart code, no stylesheet) may come from outside.
    outside = [url for url in page.outside_requests if "/mathjax/" not in url]
    assert not outside, f"the dashboard fetched from outside: {outside[:3]}"
    page.screenshot(path=str(artifacts / "binder-pet-quartet.png"), full_page=True)
