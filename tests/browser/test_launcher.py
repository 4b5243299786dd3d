"""``python -m explorer.dashboards``: it serves the gallery, says where, and stops cleanly."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from explorer.dashboards import (NOTEBOOKS, ROOT, SHARE, TEMPLATE, VEGA_URL, command, environment, free_port,
                                 publish_vega)

pytestmark = pytest.mark.browser


def test_the_command_serves_the_notebooks_with_the_projects_template_and_preheated_kernels():
    args = command(8866)
    assert args[1:4] == ["-m", "voila", str(NOTEBOOKS)]
    assert f"--template={TEMPLATE}" in args and "--preheat_kernel=True" in args and "--no-browser" in args
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


def test_the_launcher_prints_the_gallery_address_serves_it_and_stops_on_sigterm():
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "explorer.dashboards", "--port", str(port), "--no-browser", "--pool-size", "0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = None
        deadline = time.monotonic() + 240
        for line in process.stdout:
            found = re.search(r"Open:\s+(\S+)", line)
            if found:
                url = found.group(1)
                break
            assert time.monotonic() < deadline, "the launcher never said where to go"
        assert url == f"http://127.0.0.1:{port}/voila/render/index.ipynb"
        with urllib.request.urlopen(url, timeout=240) as response:
            page = response.read().decode("utf-8", "replace")
        assert response.status == 200 and "gallery-card" in page and "Pet Quartet" in page
        assert "cdn.jsdelivr.net" not in page  # the template fetches nothing from the internet
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=60)
    assert code in (0, -signal.SIGTERM)
