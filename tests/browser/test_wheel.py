"""The built wheel, installed as a person installs it: in a fresh environment, outside the repository.

The wheel is built from this working tree (``uv build``) and installed with
uv into a new virtual environment in a temporary folder, first alone (the
core: the engine, the bots and the command line, with no dependencies), then
with the ``dashboards`` extra from the package registry (held to the
versions of ``uv.lock``, so that the cache serves them).  Every command runs
from that temporary folder with the repository out of sight; the dashboards
are served by ``explorer dashboards`` from the installed package and opened
in headless Chromium (the browser tests' shared one, hence this file's folder).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import expect

from explorer.dashboards import ROOT, free_port

from .conftest import TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

UV = shutil.which("uv")
#: Bounds on waiting (installing pulls a few hundred megabytes on a cold cache), not measures of speed.
INSTALL_TIMEOUT = 900
SERVE_TIMEOUT = 300


class Environment:
    """A virtual environment in ``folder / "venv"``; commands run in ``folder`` without the repository."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.venv = folder / "venv"
        self.bin = self.venv / "bin"
        self.env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
        self.env["PATH"] = f"{self.bin}{os.pathsep}{self.env.get('PATH', '')}"
        self.env["JUPYTER_PATH"] = ""  # nothing of the repository's environment leaks in

    @classmethod
    def made(cls, folder: Path) -> "Environment":
        """A new, empty environment in ``folder``, on this Python."""
        env = cls(folder)
        made = subprocess.run([UV, "venv", "--quiet", "--python", sys.executable, str(env.venv)],
                              capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
        assert made.returncode == 0, made.stderr
        return env

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(list(args), cwd=self.folder, env=self.env, capture_output=True, text=True,
                              timeout=timeout)

    def python(self, code: str) -> str:
        done = self.run(str(self.bin / "python"), "-c", code)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    def install(self, requirement: str, *more: str) -> None:
        done = subprocess.run([UV, "pip", "install", "--quiet", "--python", str(self.bin / "python"),
                               requirement, *more], cwd=self.folder, capture_output=True, text=True,
                              timeout=INSTALL_TIMEOUT)
        assert done.returncode == 0, f"uv pip install {requirement} failed:\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if UV is None:
        pytest.fail("building the wheel needs uv (./run installs it)")
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run([UV, "build", "--wheel", "--out-dir", str(out), str(ROOT)], capture_output=True,
                           text=True, timeout=INSTALL_TIMEOUT)
    assert built.returncode == 0, built.stderr[-3000:]
    (found,) = out.glob("quartet_explorer-*.whl")
    return found


@pytest.fixture(scope="module")
def core(tmp_path_factory, wheel) -> Environment:
    """The wheel alone, in a fresh environment."""
    env = Environment.made(tmp_path_factory.mktemp("installed"))
    env.install(str(wheel))
    return env


@pytest.fixture(scope="module")
def dashboards(core, wheel) -> Environment:
    """The same environment with the ``dashboards`` extra added."""
    pins = core.folder / "pins.txt"
    exported = subprocess.run([UV, "export", "--frozen", "--quiet", "--no-hashes", "--no-emit-project",
                               "--extra", "dashboards", "--output-file", str(pins)], cwd=ROOT,
                              capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
    assert exported.returncode == 0, exported.stderr
    core.install(f"{wheel}[dashboards]", "--constraint", str(pins))
    return core


def test_the_core_installs_alone_and_plays_from_outside_the_repository(core):
    where, missing, winners, schema = core.python(
        "import importlib.util, explorer\n"
        "state = explorer.new('quartex', players=3, seed=5)\n"
        "import random\n"
        "pick = random.Random(1).choice\n"
        "while not state.is_over(): state.play(pick(state.legal_moves()))\n"
        "assert explorer.replay(state.to_record()) == state\n"
        "print(explorer.__file__)\n"
        "print([m for m in ('pandas', 'tqdm', 'ipywidgets', 'pysat') if importlib.util.find_spec(m) is None])\n"
        "print(state.result().winners)\n"
        "from explorer.core.schema import shipped_schema\n"
        "print(shipped_schema()['title'])\n").splitlines()
    assert where.startswith(str(core.venv)) and not where.startswith(str(ROOT))
    assert missing == "['pandas', 'tqdm', 'ipywidgets', 'pysat']"
    assert winners.startswith("(") and schema == "A game record of the rule explorer"
    listed = core.run("explorer", "games")
    assert listed.returncode == 0 and len([line for line in listed.stdout.splitlines() if not line.startswith(" ")]) == 5


def test_the_installed_command_line_plays_writes_and_checks_a_record(core):
    played = core.run("explorer", "play", "pets", "--players", "3", "--seed", "4", "--quiet", "--record", "g.json")
    assert played.returncode == 0, played.stderr
    checked = core.run("explorer", "check", "g.json")
    assert checked.returncode == 0 and checked.stdout.startswith("ok: PETS"), checked.stdout + checked.stderr
    assert core.run("explorer", "--version").stdout.strip() == f"explorer {__import__('explorer').__version__}"


@pytest.mark.parametrize("command, extra", [
    (["simulate", "pet-quartet", "--seats", "greedy,random"], "analysis"),
    (["dashboards", "--no-browser"], "dashboards"),
])
def test_a_command_that_needs_an_extra_names_it_in_one_line(core, command, extra):
    done = core.run("explorer", *command)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert f"pip install 'quartet-explorer[{extra}]'" in lines[0]


def test_with_the_dashboards_extra_the_sat_solver_alone_reads_keistad_kwartets_knowledge(dashboards):
    # The search's budget at nothing: every question goes to the room argument and the solver.
    complete, held = dashboards.python(
        "import random, explorer\n"
        "from explorer.games.keistad_kwartet import deals\n"
        "assert deals.SAT\n"
        "deals.WORK = deals.BOUNDS_WORK = 0\n"
        "state = explorer.new('keistad-kwartet', players=4, seed=3)\n"
        "pick = random.Random(3).choice\n"
        "for _ in range(30): state.play(pick(state.legal_moves()))\n"
        "knowledge = state.knowledge(exact=True)\n"
        "print(knowledge.complete)\n"
        "print(knowledge.contradictions(state.hands))\n").splitlines()
    assert complete == "True" and held == "[]"


def test_with_the_analysis_packages_the_installed_command_line_simulates(dashboards):
    done = dashboards.run("explorer", "simulate", "pet-quartet", "--games", "6", "--seats", "greedy,random",
                          "--workers", "2", "--start-method", "spawn", "--csv", "games.csv")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "win rate by bot" in done.stdout
    assert len((dashboards.folder / "games.csv").read_text().splitlines()) == 7


def test_explorer_dashboards_serves_the_installed_gallery_to_chromium(dashboards, browser):
    notebooks = dashboards.python("from explorer.dashboards import NOTEBOOKS, SHARE; print(NOTEBOOKS); print(SHARE)")
    assert all(line.startswith(str(dashboards.venv)) for line in notebooks.splitlines()), notebooks
    port = free_port()
    log = dashboards.folder / "dashboards.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(["explorer", "dashboards", "--no-browser", "--port", str(port), "--pool-size", "0"],
                                  cwd=dashboards.folder, env=dashboards.env, stdout=out, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    try:
        url = _address(server, log)
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        outside: list[str] = []
        page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
            ("http://127.0.0.1", "data:", "blob:")) else None)
        page.goto(url, timeout=TIMEOUT_MS)
        expect(page.locator("a.gallery-card[data-game]")).to_have_count(5, timeout=TIMEOUT_MS)
        page.goto(url.replace("index.ipynb", "pet_quartet.ipynb"), timeout=TIMEOUT_MS)
        ex = page.locator(".ex-explorer")
        expect(ex.locator(".ex-title")).to_have_text("Pet Quartet", timeout=TIMEOUT_MS)
        expect(ex.locator(".ex-table")).not_to_be_empty()
        assert "Traceback" not in page.locator("body").inner_text()
        assert outside == []
        page.close(run_before_unload=True)
        context.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # as a plain kill stops it: the server and its kernels
        deadline = time.monotonic() + 60
        while server.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
    assert server.wait() == 0, log.read_text(errors="replace")[-3000:]


def _address(server: subprocess.Popen, log: Path) -> str:
    """The gallery's address, once ``explorer dashboards`` prints it in ``log``."""
    deadline = time.monotonic() + SERVE_TIMEOUT
    while time.monotonic() < deadline and server.poll() is None:
        for line in log.read_text(errors="replace").splitlines():
            if "Open:" in line:
                return line.split("Open:", 1)[1].strip()
        time.sleep(0.5)
    raise AssertionError("explorer dashboards did not print its address:\n" + log.read_text(errors="replace")[-3000:])


#: Charts and an explorer of every game, in a notebook's way; any warning is an error.
LOWEST_CHECK = """
import warnings
warnings.simplefilter("error")
import explorer
from explorer.analysis import charts, simulate, win_rates
from explorer.widgets.share import linked_explorer

frame = simulate("pet-quartet", ["greedy", "random"], games=12, seed=1, rotate=True)
for chart in (charts.score_distribution(frame), charts.win_rate_chart(win_rates(frame)),
              charts.first_seat_chart(frame), charts.length_chart(frame)):
    charts.widget(chart)
for game in explorer.games():
    linked_explorer(game.name, seed=3)
print("ok")
"""


def lowest(extra: str) -> list[str]:
    """The extra's requirements (and those of the extras it builds on) pinned to their lowest allowed versions."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    pins: list[str] = []
    for requirement in declared[extra]:
        inner = re.fullmatch(r"quartet-explorer\[(\w+)\]", requirement)
        pins += lowest(inner.group(1)) if inner else [requirement.replace(">=", "==")]
    return pins


def test_the_lowest_declared_versions_of_the_widgets_extra_work_without_a_warning(tmp_path_factory, wheel):
    env = Environment.made(tmp_path_factory.mktemp("lowest"))
    pins = lowest("widgets")
    assert "altair==5.5" in pins and all("==" in pin for pin in pins), pins
    env.install(str(wheel), *pins)
    done = env.run(str(env.bin / "python"), "-c", LOWEST_CHECK)
    assert done.returncode == 0 and done.stdout.strip() == "ok", f"with {', '.join(pins)}:\n{done.stderr[-3000:]}"
