"""How fast the Pet Quartet dashboard answers, measured in a real browser.

    .venv/bin/python benchmarks/dashboard.py [--loads 3] [--clicks 20]

Starts the dashboards' Voila server (preheated kernels, as
``python -m explorer.dashboards`` runs it) and headless Chromium, then measures:

* **time to interactive**: from asking for the page to a page whose move
  buttons can be clicked and whose chart is drawn (each load waits for the
  pool to hold a preheated kernel again), with where that time went: the
  page's HTML in full (the preheated kernel has run every cell before the
  request, unless a cell waits for it), the explorer's widgets on screen,
  the chart drawn;
* **click to updated view**: from a click to the moment the page shows the
  new position (status line changed and chart redrawn), for a step (▶ and ◀
  in turn) and for a played move (a legal-move button; the bots answer).

With ``--link`` each load opens a shared link instead (a game of three
players, twenty moves in, shown at its ninth move): the preheated kernel
made the default game's explorer before the request, and opens the link in
it when the request comes.

With ``--binder`` the dashboard opens the way Binder's badge opens it: the
dashboards' server (preheated kernels, under ``/dashboards/``) behind a
Jupyter server that proxies it with ``binder/jupyter_server_config.py``, at
``/dashboards/voila/render/...``.  With ``--binder-extension`` it opens on
Binder's other path: Voila as an extension of the Jupyter server, under
``/voila/render/notebooks/...``, with the environment ``binder/start`` gives
it (the charts' library served as the template's file).  No kernel is
preheated there.  Both run on this machine's ``.venv``.

Targets: interactive within 3 s with a preheated kernel, a median click
within 150 ms.  The figures depend on the machine and on what else it runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from explorer.dashboards import GALLERY, Server, environment  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
POOL_FILLED = "Kernel pool of pet_quartet.ipynb is filled"

# Click, then wait until the status line shows another position and the chart has redrawn, then one frame.
CLICK = """
async (selector) => {
  const status = document.querySelector('.ex-explorer .ex-status-line');
  const chart = document.querySelector('.ex-explorer .ex-vega');
  const before = status.innerText, stamp = chart.dataset.stamp;
  const button = document.querySelector(selector);
  if (!button || button.disabled) { return -1; }
  const t0 = performance.now();
  button.click();
  await new Promise((resolve, reject) => {
    const check = () => (status.innerText !== before && chart.dataset.stamp !== stamp)
      ? resolve() : (performance.now() - t0 > 60000 ? reject(new Error('no update within 60 s'))
      : requestAnimationFrame(check));
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - t0;
}
"""

# Where the load's time went, in ms from the request: set by MARKS as the page builds itself.
MARKS = """
window.__marks = {};
new MutationObserver(() => {
  const m = window.__marks;
  if (!m.widgets && document.querySelector('.ex-explorer .ex-status-line')) { m.widgets = performance.now(); }
  if (!m.buttons && document.querySelector('.ex-explorer button.ex-move')) { m.buttons = performance.now(); }
  if (!m.chart && document.querySelector('.ex-explorer .ex-vega svg')) { m.chart = performance.now(); }
}).observe(document, { subtree: true, childList: true });
"""
MILESTONES = """
() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const m = window.__marks;
  return [['HTML in full', nav.responseEnd], ['page loaded', nav.loadEventEnd], ['widgets shown', m.widgets],
          ['move buttons', m.buttons], ['chart drawn', m.chart]];
}
"""


class BinderPath(Server):
    """Voila inside a Jupyter server, as on Binder (binder/postBuild and binder/start), on this environment."""

    def url(self, notebook: str = GALLERY, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}/voila/render/notebooks/{notebook}"

    options: list[str] = []

    def start(self, timeout: float = 120) -> "BinderPath":
        import subprocess
        import urllib.request

        env = environment()  # the template and the charts' library where Voila finds them
        env["EXPLORER_RULES_URL"] = "/files/docs/games/{game}.md"
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self._log_file = open(self.log, "wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={self.port}",
             "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
             f"--ServerApp.root_dir={ROOT}", "--ServerApp.port_retries=0", "--allow-root",
             "--VoilaConfiguration.template=explorer", "--VoilaConfiguration.show_tracebacks=False", *self.options],
            cwd=ROOT, env=env, stdout=self._log_file, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/status", timeout=5)
                return self
            except OSError:
                time.sleep(0.5)
        raise RuntimeError("the Jupyter server did not start")


class BinderBadge(Server):
    """The dashboards' server under /dashboards/, behind a Jupyter server proxying it as on Binder."""

    def __init__(self, **kw) -> None:
        super().__init__(base_url="/dashboards/", **kw)
        self.jupyter = BinderPath(log=self.log.with_name("benchmark-binder-proxy.log"))

    def url(self, notebook: str = GALLERY, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.jupyter.port}/dashboards/voila/render/{notebook}"

    def start(self, timeout: float = 120) -> "BinderBadge":
        super().start(timeout)
        os.environ["EXPLORER_DASHBOARDS_PORT"] = str(self.port)  # read by the proxy's configuration
        self.jupyter.options = [f"--config={ROOT / 'binder' / 'jupyter_server_config.py'}"]
        self.jupyter.start(timeout)
        return self

    def stop(self) -> None:
        self.jupyter.stop()
        super().stop()


def wait_for_pool(server: Server, log: Path, count: int, timeout: float = 600) -> float:
    """Wait until the Pet Quartet pool was filled ``count`` times and its kernel has run the notebook."""
    start = time.monotonic()
    while log.read_text(errors="replace").count(POOL_FILLED) < count:
        if time.monotonic() - start > timeout:
            raise RuntimeError("the preheated kernel pool did not fill in time")
        time.sleep(0.2)
    server.settle(timeout)
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="page loads to time")
    parser.add_argument("--clicks", type=int, default=20, help="clicks of each kind to time")
    parser.add_argument("--notebooks", type=Path, default=None,
                        help="serve the notebooks of this folder instead of the project's (to compare variants)")
    parser.add_argument("--link", action="store_true", help="open a shared link to a game at a move, not the default")
    parser.add_argument("--binder", action="store_true",
                        help="serve as Binder's badge does: the dashboards' server behind a Jupyter server's "
                             "proxy, under /dashboards/voila/render/")
    parser.add_argument("--binder-extension", action="store_true",
                        help="serve as Binder's other path does: Voila inside a Jupyter server, "
                             "under /voila/render/notebooks/")
    args = parser.parse_args()
    query = ""
    if args.link:
        import random

        import explorer
        from explorer.core.links import to_query

        state = explorer.new("pet-quartet", players=3, seed=11)
        choose = random.Random(11).choice
        for _ in range(20):
            state.play(choose(state.legal_moves()))
        query = "?" + to_query(state, at=9)

    from playwright.sync_api import sync_playwright

    started = os.getloadavg()[0]

    log = ROOT / "test-artifacts" / "benchmark-voila.log"
    loads: list[tuple[str, float]] = []
    steps: list[float] = []
    moves: list[float] = []
    folder = {"notebooks": args.notebooks.resolve()} if args.notebooks else {}
    if args.binder_extension:
        log = log.with_name("benchmark-binder-server.log")
        serving = BinderPath(log=log)
    elif args.binder:
        serving = BinderBadge(log=log, preheat_only=("pet_quartet.ipynb",), **folder)
    else:
        serving = Server(log=log, preheat_only=("pet_quartet.ipynb",), **folder)
    with serving as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = None
        page = None
        for i in range(args.loads):
            if args.binder_extension:
                waited = server.settle()
                print(f"load {i + 1}: the server sat idle after {waited:.0f} s (no preheated kernel)", flush=True)
            else:
                waited = wait_for_pool(server, log, i + 1)
                print(f"load {i + 1}: the preheated kernel was ready after {waited:.0f} s", flush=True)
            if page is not None:
                page.close(run_before_unload=True)
            # The first load is a first visit; the next ones come back with the browser's cache.
            context = context or browser.new_context(viewport={"width": 1300, "height": 1600})
            page = context.new_page()
            page.add_init_script(MARKS)
            start = time.perf_counter()
            page.goto(server.url("pet_quartet.ipynb") + query, timeout=240_000)
            page.wait_for_selector(".ex-explorer button.ex-move", state="attached", timeout=240_000)
            page.wait_for_selector(".ex-explorer .ex-vega svg", timeout=240_000)
            loads.append(("first visit" if i == 0 else "cached", time.perf_counter() - start))
            print(f"load {i + 1}: " + ", ".join(f"{what} {ms / 1000:.2f} s" for what, ms in page.evaluate(MILESTONES))
                  + f" (load average {os.getloadavg()[0]:.1f})", flush=True)
        assert page is not None
        time.sleep(1.0)
        for _ in range(args.clicks):
            moves.append(page.evaluate(CLICK, ".ex-explorer button.ex-move"))
        for i in range(args.clicks):
            steps.append(page.evaluate(CLICK, ".ex-explorer button.ex-back" if i % 2 == 0
                                       else ".ex-explorer button.ex-forward"))
        page.close(run_before_unload=True)
        browser.close()

    load = os.getloadavg()[0]
    print(f"(machine: {os.cpu_count()} cores, load average {started:.1f} at the start, {load:.1f} at the end"
          + ("; each load opened a shared link" if query else "") + ")")
    for kind in ("first visit", "cached"):
        times = [t for k, t in loads if k == kind]
        if times:
            kernel = ("Binder's extension path, a new kernel" if args.binder_extension
                      else "Binder's badge path, preheated kernel" if args.binder else "preheated kernel")
            print(f"time to interactive, {kind:<11} ({kernel}): median {statistics.median(times):.2f} s "
                  f"over {len(times)} loads ({', '.join(f'{t:.2f}' for t in times)})   target <= 3 s")
    moves = [m for m in moves if m >= 0]
    print(f"click to updated view, step:        median {statistics.median(steps):.0f} ms "
          f"over {len(steps)} clicks (max {max(steps):.0f})   target <= 150 ms")
    if moves:
        print(f"click to updated view, played move: median {statistics.median(moves):.0f} ms "
              f"over {len(moves)} clicks (max {max(moves):.0f})   target <= 150 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
