"""``python -m explorer.dashboards``: it serves the gallery, says where once it works, quietly, and stops cleanly."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

import psutil

from explorer.dashboards import (CULL_IDLE, NOTEBOOKS, ROOT, SHARE, TEMPLATE, VEGA_URL, command, environment,
                                 free_port, game_notebook, lan_address, main, pool_for, pools_for, publish_vega,
                                 sizing, students_address)

pytestmark = pytest.mark.browser


def test_the_command_serves_the_notebooks_with_the_projects_template_and_preheated_kernels():
    args = command(8866)
    assert args[1:4] == ["-c", "import explorer.dashboards as d; d.serve()", str(NOTEBOOKS)]
    assert f"--template={TEMPLATE}" in args and "--preheat_kernel=True" in args and "--no-browser" in args
    assert "--KernelManager.transport=ipc" in args and f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}" in args
    assert "--Voila.ip=127.0.0.1" in args and "--Voila.ip=0.0.0.0" in command(8866, ip="0.0.0.0")
    assert any(a.startswith("--pool_size=") for a in args)
    template = SHARE / "voila" / "templates" / TEMPLATE
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    assert "'hide' not in cell.metadata" in (template / "index.html.j2").read_text()
    assert str(SHARE) in environment()["JUPYTER_PATH"].split(":")


def test_only_the_notebooks_asked_for_get_preheated_kernels():
    """Voila matches a denylist pattern against a notebook's full path, from its start: a bare name never matches."""
    every = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    chosen = ("pet_quartet.ipynb",)
    patterns = [a.split("=", 1)[1] for a in command(8866, preheat_only=chosen) if "preheat_denylist" in a]
    assert len(patterns) == len(every) - 1

    def denied(name: str) -> bool:  # as voila.voila_kernel_manager._notebook_filter decides
        path = str(NOTEBOOKS / name)
        return any(p in path or re.compile(p).match(path) for p in patterns)

    assert [name for name in every if not denied(name)] == list(chosen)
    assert not any("preheat_denylist" in a for a in command(8866))  # the launcher preheats every dashboard


def test_the_charts_library_is_served_by_the_template_once_built():
    published = publish_vega()
    if published is None:
        pytest.skip("vl-convert cannot build the charts' library here")
    root, url = published
    name = url.split("/")[-1].split("?")[0]
    assert (root / "voila" / "templates" / TEMPLATE / "static" / name).stat().st_size > 100_000
    env = environment()
    assert env[VEGA_URL] == "/" + url and url.startswith(f"voila/templates/{TEMPLATE}/static/vega-")
    # Behind a proxy (Binder's Jupyter server) the page finds it under the server's base address.
    assert environment(base_url="/user/x/dashboards/")[VEGA_URL] == "/user/x/dashboards/" + url
    assert "--Voila.base_url=/user/x/dashboards/" in command(8866, base_url="/user/x/dashboards/")
    assert env["JUPYTER_PATH"].split(":")[:2] == [str(SHARE), str(root)]


def test_a_class_gets_a_waiting_kernel_for_every_ten_students_and_the_address_it_can_type():
    assert [pool_for(n) for n in (1, 10, 11, 30, 31)] == [1, 1, 2, 3, 4]
    assert students_address("127.0.0.1") == "127.0.0.1"
    assert students_address("0.0.0.0") == (lan_address() or "127.0.0.1")
    if lan_address() is not None:
        assert not lan_address().startswith("127.")


def test_todays_game_gets_a_waiting_kernel_for_every_student_and_the_other_dashboards_a_few():
    assert pools_for(30, "quartex.ipynb") == {"quartex.ipynb": 30, "default": 3}
    assert pools_for(30, "quartex.ipynb", 0) == {"quartex.ipynb": 30, "default": 0}
    args = command(8866, pool_size=3, pools=pools_for(30, "quartex.ipynb"))
    config = [json.loads(a.split("=", 1)[1]) for a in args if a.startswith("--VoilaKernelManager.kernel_pools_config=")]
    # Voila names a notebook by its path from the folder served, and sizes every other one by "default".
    assert config == [{"default": {"pool_size": 3}, "quartex.ipynb": {"pool_size": 30}}]
    assert (NOTEBOOKS / "quartex.ipynb").exists()
    assert not any("kernel_pools_config" in a for a in command(8866))
    # The class's kernels and every waiting one count towards the memory asked for.
    assert sizing(30, 3, pools={"quartex.ipynb": 10_000, "default": 3}) is not None
    assert sizing(1, 0, pools={"quartex.ipynb": 1, "default": 0}) is None


@pytest.mark.parametrize("name", ["quartex", "Quartex", "Pet Quartet", "pet_quartet", "keistad-kwartet"])
def test_a_game_is_named_by_its_name_or_its_title(name):
    assert game_notebook(name) == name.strip().lower().replace(" ", "_").replace("-", "_") + ".ipynb"


@pytest.mark.parametrize("argv, message", [
    (["--game", "quartex"], "--game names the class's game: say how many students with --class-size too"),
    (["--class-size", "30", "--game", "chess"], "There is no game called 'chess'; the games are: "),
    (["--class-size", "0"], "a class has at least one person"),
    (["--preheat", "chess"], "There is no game called 'chess'; the games are: "),
])
def test_a_wrong_option_gets_one_sentence_and_starts_nothing(argv, message, capsys):
    try:
        code = main(["--no-browser", *argv])
    except SystemExit as exc:  # argparse's own way of refusing
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and "Starting" not in err


def launch(*options: str) -> tuple[subprocess.Popen, list[str], str]:
    """Start the launcher; the lines it printed until it said where to go, and the address it gave."""
    process = subprocess.Popen([sys.executable, "-m", "explorer.dashboards", "--no-browser", *options],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    deadline = time.monotonic() + 400
    for line in process.stdout:
        lines.append(line)
        found = re.search(r"Open:\s+(\S+)", line)
        if found:
            return process, lines, found.group(1)
        assert time.monotonic() < deadline, "the launcher never said where to go"
    raise AssertionError("the launcher stopped without saying where to go:\n" + "".join(lines))


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=60)
    assert code in (0, -signal.SIGTERM)


def test_the_launcher_says_ready_once_the_gallery_and_a_dashboard_work_and_logs_nothing_alarming():
    port = free_port()
    process, lines, url = launch("--port", str(port), "--pool-size", "0")
    try:
        assert url == f"http://127.0.0.1:{port}/voila/render/index.ipynb"
        # Said once a dashboard had really answered: the gallery now answers at once.
        with urllib.request.urlopen(url, timeout=240) as response:
            page = response.read().decode("utf-8", "replace")
        assert response.status == 200 and "gallery-card" in page and "Pet Quartet" in page
        assert re.search(r'target=\\?"_self', page)  # a card opens its dashboard in the same tab
        assert "cdn.jsdelivr.net" not in page  # the template fetches nothing from the internet
        log = "".join(lines)
        for noise in ("WARNING", "Warning", "not trusted", "without encryption", "Traceback"):
            assert noise not in log, f"the launcher's log says {noise!r}:\n{log}"
    finally:
        stop(process)


def test_a_class_is_served_beyond_this_machine_at_the_address_students_type():
    port = free_port("0.0.0.0")
    process, lines, url = launch("--port", str(port), "--class-size", "3", "--game", "pets", "--pool-size", "0")
    try:
        assert url == f"http://{students_address('0.0.0.0')}:{port}/voila/render/index.ipynb"
        assert ("a class of 3 on port" in lines[0]
                and "(3 preheated kernels waiting at the dashboard of PETS (寵物), none at the others)" in lines[0])
        # Ready once today's game has its kernel for every student waiting, and no other dashboard any.
        kernels = [p for p in psutil.Process(process.pid).children(recursive=True)
                   if "ipykernel_launcher" in " ".join(p.cmdline())]
        assert len(kernels) == 3
        # Only this machine's own address is tried here: the server listens on every one.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/index.ipynb", timeout=240) as response:
            assert response.status == 200
    finally:
        stop(process)
