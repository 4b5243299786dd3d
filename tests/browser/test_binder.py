"""Binder's path to the dashboards, checked here: an environment built from ``binder/`` alone, as Binder builds it.

Binder builds with repo2docker.  This test asks repo2docker's own code (its
release below, installed from the package index into an environment of its
own) which build it picks for this repository and which Python that build
gets, and reads the base environment that build starts from.  It then makes
that environment on that Python (this machine's interpreter of that
version, not the one running the tests), installs ``binder/requirements.txt``
with pip as repo2docker does and checks that nothing conflicts, runs
``binder/postBuild``, and starts the Jupyter server through ``binder/start``.

Binder's badge opens the dashboards under ``/dashboards/voila/render/...``:
the dashboards' own launcher (standalone Voila, with preheated kernels and
the culler, as ``./run start`` serves them), which ``binder/start`` runs and
the Jupyter server proxies with jupyter-server-proxy.  Voila also runs as an
extension of the Jupyter server, under ``/voila/render/...`` (older links).
Chromium opens the gallery, a game's dashboard and a rules page through both
paths, recording every response.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from explorer.dashboards import ROOT, free_port

from .actions import jupyter_server
from .conftest import TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The repo2docker release whose rules this test follows (Binder's own builds use a recent one).
REPO2DOCKER = "jupyter-repo2docker==2026.4.0"

#: Asks repo2docker, in the repository's root, which build pack it picks, which Python that gets,
#: and what the base environment of that Python holds (its packages, from its conda lock file).
ASK_REPO2DOCKER = r"""
import json, re
from pathlib import Path
import repo2docker.buildpacks.conda as conda
from repo2docker.app import Repo2Docker

app = Repo2Docker()
for BuildPack in app.buildpacks:
    pack = BuildPack(base_image=app.base_image)
    if pack.detect():
        break
else:
    pack = app.default_buildpack(base_image=app.base_image)
pack.platform = "linux/amd64"
python = pack.python_version
folder = Path(conda.__file__).parent
wanted = [re.split(r"[=<> #]", line.strip("- ").strip())[0]
          for line in (folder / f"environment.py-{python}.yml").read_text().splitlines() if line.startswith("- ")]
locked = {}
for line in (folder / f"environment.py-{python}-linux-64.lock").read_text().splitlines():
    found = re.match(r"https://\S+/([^/]+)-([^-/]+)-[^-/]+\.(?:conda|tar\.bz2)", line)
    if found:
        locked[found.group(1)] = found.group(2)
print(json.dumps({"buildpack": type(pack).__name__, "python": python,
                  "base": {name: locked[name] for name in wanted if name in locked}}))
"""

#: Conda packages of the base environment that pip knows by another name, or not at all.
PIP_NAMES = {"jupyterhub-singleuser": "jupyterhub", "python": None, "nodejs": None, "pip": None}


def run(args: list[str], **kw) -> subprocess.CompletedProcess:
    result = subprocess.run(args, capture_output=True, text=True, timeout=1200, **kw)
    assert result.returncode == 0, f"{' '.join(args)} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


@pytest.fixture(scope="module")
def binder(tmp_path_factory):
    """What repo2docker decides for this repository: its build pack, its Python and its base environment."""
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("building the Binder environment needs uv, which ./run test installs")
    tools = tmp_path_factory.mktemp("repo2docker") / "env"
    run([uv, "venv", "--quiet", "--python", sys.executable, str(tools)])
    run([uv, "pip", "install", "--quiet", "--python", str(tools / "bin" / "python"), REPO2DOCKER])
    return json.loads(run([str(tools / "bin" / "python"), "-c", ASK_REPO2DOCKER], cwd=ROOT).stdout)


@pytest.fixture(scope="module")
def binder_env(binder, tmp_path_factory):
    """A copy of Binder's base environment on Binder's Python, with binder/requirements.txt installed by pip."""
    python = shutil.which(f"python{binder['python']}")
    if python is None:
        pytest.skip(f"Binder builds this repository on Python {binder['python']}, which this machine lacks")
    home = tmp_path_factory.mktemp("binder")
    env_dir = home / "env"
    run(["uv", "venv", "--seed", "--quiet", "--python", python, str(env_dir)])
    base = [f"{PIP_NAMES.get(name, name)}=={version}" for name, version in binder["base"].items()
            if PIP_NAMES.get(name, name)]
    run(["uv", "pip", "install", "--quiet", "--python", str(env_dir / "bin" / "python"), *base])
    pip = [str(env_dir / "bin" / "python"), "-m", "pip"]
    installed = run([*pip, "install", "--disable-pip-version-check", "-r", str(ROOT / "binder" / "requirements.txt")])
    return {"home": home, "env": env_dir, "base": base, "pip_output": installed.stdout + installed.stderr,
            "check": subprocess.run([*pip, "check"], capture_output=True, text=True, timeout=300)}


def test_binder_builds_on_the_python_runtime_txt_names(binder):
    """Without binder/runtime.txt repo2docker picks its default Python, on which the pins do not install."""
    assert binder["buildpack"] == "PythonBuildPack"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == f"python-{binder['python']}"
    assert binder["python"] == "3.11"
    assert {"jupyterlab", "notebook"} <= set(binder["base"])


def test_the_requirements_install_cleanly_on_binders_base_environment(binder_env):
    output = binder_env["pip_output"]
    assert "dependency conflicts" not in output and "incompatible" not in output, output[-3000:]
    check = binder_env["check"]
    assert check.returncode == 0, check.stdout + check.stderr
    version = subprocess.run([str(binder_env["env"] / "bin" / "python"), "-c",
                              "import sys; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True).stdout.strip()
    assert version == "3.11"


def test_the_requirements_are_the_lock_files_as_their_comment_says():
    text = (ROOT / "binder" / "requirements.txt").read_text()
    command = "uv export --locked --no-hashes --no-header --no-annotate --extra notebooks --no-emit-project " \
              "--no-emit-package jupyterlab"
    assert command in " ".join(line.strip("# \\") for line in text.splitlines() if line.startswith("#"))
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("comparing with uv.lock needs uv, which ./run test installs")
    exported = run([uv, *command.split()[1:], "--quiet"], cwd=ROOT).stdout
    pins = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert pins == exported.splitlines(), "binder/requirements.txt is not uv.lock's: make it again as it says"


@pytest.fixture(scope="module")
def binder_server(binder_env, artifacts):
    home, env_dir = binder_env["home"], binder_env["env"]
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "VIRTUAL_ENV", "PYTHONPATH", "EXPLORER_"))}
    env.update(PATH=f"{env_dir / 'bin'}{os.pathsep}{env['PATH']}", JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               XDG_CACHE_HOME=str(home / "cache"), PIP_DISABLE_PIP_VERSION_CHECK="1",
               EXPLORER_DASHBOARDS_PORT=str(free_port()),
               # the dashboards this test opens get their kernels preheated; sparing the others' spares two cores
               EXPLORER_DASHBOARDS_OPTIONS="--preheat index --preheat pet-quartet")
    run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env)
    start = ["bash", str(ROOT / "binder" / "start"), str(env_dir / "bin" / "jupyter")]
    log = artifacts / "binder-server.log"
    with jupyter_server(start, home=home, env=env, log=log, timeout=180) as url:
        # The dashboards' launcher says it is ready once its gallery and a dashboard answered and
        # its kernels are preheated again.
        deadline = time.monotonic() + 600
        while "The dashboards are ready" not in log.read_text(errors="replace"):
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(1)
        yield url


@pytest.fixture()
def page(browser):
    """A page of its own (no standalone Voila server here) that records every response and websocket frame."""
    context = browser.new_context(viewport={"width": 1300, "height": 2000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.outside_requests = []
    page.responses = []
    page.frames_in = []
    page.on("request", lambda r: page.outside_requests.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    context.on("response", lambda r: page.responses.append((r.status, r.url)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: page.frames_in.append(len(payload))))
    yield page
    context.close()


def kernels(url: str) -> list[dict]:
    with urllib.request.urlopen(f"{url}/api/kernels", timeout=60) as response:
        return json.load(response)


def check_the_rules_link_and_nothing_from_outside(page, explorer) -> None:
    """A rule's "rules page" link opens the game's rules document, and the page fetched nothing from outside."""
    link = explorer.locator("a.ex-rulepage").first
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert "pet-quartet/setup" in rules.content()
    rules.close()
    # Binder is online, and the Jupyter server hands Voila its MathJax address; nothing else
    # (no widget or chart code, no stylesheet) may come from outside.
    outside = [url for url in page.outside_requests if "/mathjax/" not in url]
    assert not outside, f"the dashboard fetched from outside: {outside[:3]}"


def check_nothing_was_refused(page, artifacts) -> None:
    """Every response the page's browser got, and every request the servers logged, was accepted."""
    refused = [(status, url) for status, url in page.responses if status >= 400]
    assert not refused, f"some requests were refused: {refused[:5]}"
    # The requests of pages leaving (beacons, which the browser does not report) were all accepted.
    log = (artifacts / "binder-server.log").read_text(errors="replace")
    assert not re.findall(r" 40\d (?:GET|POST|DELETE|PUT) \S+", log), re.findall(r".* 40\d .*", log)[:5]


def test_binder_opens_the_gallery_a_dashboard_and_a_rules_page(binder_server, page, artifacts):
    # The Voila extension is the one Binder's badge opens: /voila/render/<notebook>.
    page.goto(f"{binder_server}/voila/render/notebooks/index.ipynb", timeout=TIMEOUT_MS)
    card = page.locator("a.gallery-card[data-game='pet-quartet']")
    expect(card).to_be_visible(timeout=TIMEOUT_MS)
    assert "Traceback" not in page.content()
    assert card.get_attribute("href") == "pet_quartet.ipynb"  # relative: the links stay under /voila/render/
    card.click()  # in the same tab
    explorer = page.locator(".ex-explorer").first
    expect(explorer.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    assert "/voila/render/notebooks/pet_quartet.ipynb" in page.url
    expect(explorer.locator("button.ex-move").first).to_be_attached()
    assert "Traceback" not in page.content()
    page.screenshot(path=str(artifacts / "binder-pet-quartet.png"), full_page=True)
    # The charts' library came once, as a file of the template, not inside the chart's widget.
    library = [(status, url) for status, url in page.responses if "/voila/templates/explorer/static/vega-" in url]
    assert library and library[0][0] == 200, library
    assert sum(page.frames_in) < 500_000, f"the page received {sum(page.frames_in):,} bytes through its kernel"
    check_the_rules_link_and_nothing_from_outside(page, explorer)
    # Leaving the dashboards frees their kernels.
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 120
    while kernels(binder_server) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kernels(binder_server) == []
    check_nothing_was_refused(page, artifacts)


def waiting_kernels() -> set[str]:
    """The ids of the kernels the dashboards' launcher runs now, read from their connection files."""
    import psutil

    found = set()
    for process in psutil.process_iter(["cmdline"]):
        line = " ".join(process.info["cmdline"] or [])
        if "ipykernel_launcher" in line and (kernel := re.search(r"kernel-([0-9a-f-]{36})\.json", line)):
            found.add(kernel.group(1))
    return found


def test_binders_badge_opens_the_dashboards_preheated_through_the_launcher(binder_server, page, artifacts):
    # What the badge opens: <base>/dashboards/voila/render/index.ipynb, the launcher behind the proxy.
    page.goto(f"{binder_server}/dashboards/voila/render/index.ipynb", timeout=TIMEOUT_MS)
    card = page.locator("a.gallery-card[data-game='pet-quartet']")
    expect(card).to_be_visible(timeout=TIMEOUT_MS)
    assert "Traceback" not in page.content()
    assert card.get_attribute("href") == "pet_quartet.ipynb"
    time.sleep(5)  # the gallery's kernel is replaced in the pool
    waiting = waiting_kernels()
    card.click()
    explorer = page.locator(".ex-explorer").first
    expect(explorer.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    assert page.url.startswith(f"{binder_server}/dashboards/voila/render/pet_quartet.ipynb")
    expect(explorer.locator("button.ex-move").first).to_be_attached()
    assert "Traceback" not in page.content()
    page.screenshot(path=str(artifacts / "binder-dashboards-pet-quartet.png"), full_page=True)
    # The page got a kernel that was already waiting, its notebook run: a preheated one.
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content())
    assert kernel is not None and kernel.group(1) in waiting, (kernel, waiting)
    # The charts' library came once, as a file of the template under the launcher's path.
    library = [(status, url) for status, url in page.responses
               if "/dashboards/voila/templates/explorer/static/vega-" in url]
    assert library and library[0][0] == 200, library
    assert sum(page.frames_in) < 500_000, f"the page received {sum(page.frames_in):,} bytes through its kernel"
    check_the_rules_link_and_nothing_from_outside(page, explorer)
    # Leaving the dashboard frees its kernel.
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 120
    while kernel.group(1) in waiting_kernels() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kernel.group(1) not in waiting_kernels()
    check_nothing_was_refused(page, artifacts)
