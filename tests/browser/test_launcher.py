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

from explorer.dashboards import (CULL_IDLE, NOTEBOOKS, ROOT, SHARE, TEMPLATE, VEGA_URL, command, environment,
                                 free_port, lan_address, pool_for, publish_vega, students_address)

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
    assert env[VEGA_URL] == url and url.startswith(f"/voila/templates/{TEMPLATE}/static/vega-")
    assert env["JUPYTER_PATH"].split(":")[:2] == [str(SHARE), str(root)]


def test_a_class_gets_a_waiting_kernel_for_every_ten_students_and_the_address_it_can_type():
    assert [pool_for(n) for n in (1, 10, 11, 30, 31)] == [1, 1, 2, 3, 4]
    assert students_address("127.0.0.1") == "127.0.0.1"
    assert students_address("0.0.0.0") == (lan_address() or "127.0.0.1")
    if lan_address() is not None:
        assert not lan_address().startswith("127.")


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
    process, lines, url = launch("--port", str(port), "--class-size", "3", "--pool-size", "0")
    try:
        assert url == f"http://{students_address('0.0.0.0')}:{port}/voila/render/index.ipynb"
        assert "a class of 3" in "".join(lines)
        # Only this machine's own address is tried here: the server listens on every one.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/index.ipynb", timeout=240) as response:
            assert response.status == 200
    finally:
        stop(process)
