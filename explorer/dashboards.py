"""Serve the notebooks as dashboards: ``python -m explorer.dashboards [--ip A] [--port P] [--class-size N [--game G]]``.

Behind another server (Binder's Jupyter server, through jupyter-server-proxy)
``--base-url /prefix/`` serves everything under that path instead of ``/``.

Voila runs every notebook of ``notebooks/`` with its code hidden, using the
project's own template (``share/jupyter/voila/templates/explorer``: it also
leaves out cells tagged ``hide``, and fetches nothing from the internet).
Kernels are preheated: each dashboard's notebook has already run in a
waiting kernel when someone opens it, so it appears at once.  One waiting
kernel per notebook suits a small machine; ``--pool-size`` changes it, and
``--class-size N --game G`` has one waiting at G's dashboard for each of N
students (see :func:`pools_for`).

A dashboard's kernel lives as long as its page: leaving or closing the page
shuts it down, and a kernel whose page went away without saying so (a laptop
closed, a network lost) is culled once it has sat idle and unconnected for
:data:`CULL_IDLE` seconds.  Kernels talk to the server over local sockets
(IPC) in a folder only the server's user can read, never over TCP.

Nothing on a page can run code of its own: Voila lets a page's websocket
carry only the widgets' messages to its kernel (comm messages, kernel info,
shutdown), never an execute request, and serves no API that starts a kernel
or writes a file.  See ``docs/serving.md``.

The charts' library (Vega, built by vl-convert) is served as one static file
of the template, named after its version: the browser loads it once and
keeps it, instead of receiving a megabyte of JavaScript inside every chart
widget (see :mod:`explorer.widgets.charts`).

:class:`Server` starts the same server from Python, for the browser tests
and the benchmark.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any



def _root() -> Path:
    """The folder holding ``notebooks/`` and ``share/``: the source tree this package sits in, or else the
    installed package itself (the wheel carries both inside ``explorer/``)."""
    package = Path(__file__).resolve().parent
    source = package.parent
    if (source / "notebooks").is_dir() and (source / "share" / "jupyter").is_dir():
        return source
    return package


ROOT = _root()
NOTEBOOKS = ROOT / "notebooks"
SHARE = ROOT / "share" / "jupyter"
TEMPLATE = "explorer"
GALLERY = "index.ipynb"
#: One waiting kernel per notebook: each costs a Python process with the notebook run in it,
#: and two cores refill a pool of one quickly enough for a person opening dashboards.
POOL_SIZE = 1
#: Seconds before a used kernel's place in the pool is refilled (refilling takes the CPU
#: that the dashboard just opened wants for its first clicks).
FILL_DELAY = 4.0
#: Seconds a cell's outputs are awaited once it has run: under a class's load a kernel may
#: send them late, and a page missing them would lack its widgets.
IOPUB_TIMEOUT = 60
#: Seconds a kernel may sit idle with no page connected before it is shut down (its page went
#: away without saying so); a page left open keeps its kernel however long it waits.
CULL_IDLE = 600
#: Seconds between two looks for such kernels.
CULL_INTERVAL = 60
#: The longest request head the server reads.  Chromium sends addresses of up to 2 MB: a link
#: longer than any game needs still reaches its dashboard, which refuses it in a sentence,
#: instead of a connection closed without a word.
MAX_REQUEST_HEAD = 3 * 1024 * 1024
#: Students for whom one more kernel waits preheated at every dashboard (see :func:`pool_for`).
STUDENTS_PER_WAITING_KERNEL = 10
#: Memory a dashboard's kernel takes once opened and played, in MB (``benchmarks/classroom.py``
#: measures it): what a class is sized by.
KERNEL_MB = 150
#: Tells a kernel where the page finds the charts' library (a path on the server); unset, the
#: library travels inside the chart widget itself.
VEGA_URL = "EXPLORER_VEGA_URL"
#: The JupyterLab extensions a dashboard loads: Voila's widget manager and the widgets' own.  Any
#: other one installed beside them (Binder's base environment holds several) is meant for
#: JupyterLab, and may ask a server extension that the dashboards' server lacks for its settings
#: (and be refused).
WIDGET_EXTENSIONS = ("@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager", "anywidget")
#: What the charts' library module exports (vl-convert bundles Vega, Vega-Lite and vega-embed behind it).
_VEGA_SNIPPET = "export { vegaEmbed };"


def cache_dir() -> Path:
    """The user's cache folder for what the explorer builds once (``$XDG_CACHE_HOME/explorer``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "explorer"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False) as tmp:
        tmp.write(text)
    os.replace(tmp.name, path)


@functools.cache
def vega_library() -> tuple[str, str]:
    """The charts' library as an ES module exporting ``vegaEmbed``: its file name and its text.

    vl-convert builds it (which takes a while) the first time; the result is
    kept in :func:`cache_dir`, named after vl-convert's version.
    """
    import vl_convert

    key = hashlib.sha256(f"{vl_convert.__version__}\n{_VEGA_SNIPPET}".encode()).hexdigest()[:16]
    name = f"vega-{key}.js"
    path = cache_dir() / name
    try:
        return name, path.read_text(encoding="utf-8")
    except OSError:
        pass
    text = vl_convert.javascript_bundle(_VEGA_SNIPPET)
    try:  # a cache we cannot write only costs time
        _write(path, text)
    except OSError:
        pass
    return name, text


def publish_vega() -> tuple[Path, str] | None:
    """Put the charts' library among the template's static files; a Jupyter data folder and the file's path
    from the server's base address.

    The folder goes first on ``JUPYTER_PATH`` (Voila serves
    ``voila/templates/<template>/static/`` from every such folder); ``None``
    when the library cannot be built or written, and the charts then carry it.
    """
    try:
        vega_library()
    except Exception:  # no vl-convert, or it failed: the charts still work, carrying the library
        return None
    root = cache_dir() / "jupyter"
    try:
        install_vega(root / "voila" / "templates" / TEMPLATE / "static")
    except OSError:
        return None
    return root, vega_path()


def install_vega(static: Path) -> Path:
    """Write the charts' library into a template's ``static`` folder (unless it is there); its path."""
    name, text = vega_library()
    path = static / name
    if not path.exists() or path.stat().st_size != len(text.encode("utf-8")):
        _write(path, text)
    return path


def vega_path() -> str:
    """Where a server offers the charts' library, from its base address (:func:`install_vega` put it there)."""
    name = vega_library()[0]
    # ?v= makes the server let the browser keep the file: its name changes with its content.
    return f"voila/templates/{TEMPLATE}/static/{name}?v={name[5:-3]}"


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
        return True


def lan_address() -> str | None:
    """This machine's address on its local network (what other machines type), or ``None`` without one.

    Read from the network interfaces that are up; nothing is sent.
    """
    import ipaddress

    import psutil

    up = {name for name, stats in psutil.net_if_stats().items() if stats.isup}
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        for address in addresses:
            if name in up and address.family == socket.AF_INET:
                ip = ipaddress.ip_address(address.address)
                if not (ip.is_loopback or ip.is_link_local):
                    found.append(ip)
    # A private address (a school's network) before a public one.
    found.sort(key=lambda ip: (not ip.is_private, int(ip)))
    return str(found[0]) if found else None


def students_address(ip: str) -> str:
    """The host others type to reach a server listening on ``ip``: the LAN address for "every network"."""
    if ip in ("0.0.0.0", "::", ""):
        return lan_address() or "127.0.0.1"
    return "127.0.0.1" if ip in ("localhost", "::1") else ip


def pool_for(class_size: int) -> int:
    """Preheated kernels waiting at each dashboard for a class: one for every ten students, at least one.

    A class arrives within a minute or so; the pool takes the first rush, and
    refills (a kernel runs its notebook in a second or two of CPU) while the
    rest of the class trickles in.
    """
    return max(1, -(-class_size // STUDENTS_PER_WAITING_KERNEL))


def pools_for(class_size: int, notebook: str, others: int | None = None) -> dict[str, int]:
    """Today's game for a class: a preheated kernel for every student at its dashboard, a few at every other.

    Maps ``notebook`` to ``class_size`` waiting kernels and ``"default"`` (every
    other dashboard) to ``others`` (:func:`pool_for` the class, unless given).
    The whole class then finds its notebooks already run however fast it
    arrives, and the pool refills as the pages open.
    """
    return {notebook: class_size, "default": pool_for(class_size) if others is None else others}


def game_notebook(name: str, notebooks: Path = NOTEBOOKS) -> str:
    """The dashboard of a game named by its name or title (``quartex``, ``Pet Quartet``); ValueError if none."""
    import explorer

    wanted = re.sub(r"[\s_-]+", "-", name.strip().lower())
    games = [g for g in explorer.games() if g.notebook and (notebooks / g.notebook).exists()]
    for game in games:
        if wanted in (game.name, re.sub(r"\s+", "-", game.title.lower())):
            return game.notebook
    raise ValueError(f"There is no game called {name!r}; the games are: "
                     f"{', '.join(g.name for g in games)}.")


def environment(*, vega: bool = True, base_url: str = "/") -> dict[str, str]:
    """The server's environment: the project's template and kernel found first, the charts' library served
    (under ``base_url``, where the server answers)."""
    env = dict(os.environ)
    paths = [str(SHARE), str(Path(sys.prefix) / "share" / "jupyter")]
    published = publish_vega() if vega else None
    if published is not None:
        paths.insert(1, str(published[0]))
        env[VEGA_URL] = base_url + published[1]
    if env.get("JUPYTER_PATH"):
        paths.append(env["JUPYTER_PATH"])
    env["JUPYTER_PATH"] = os.pathsep.join(paths)
    env.setdefault("PYTHONUNBUFFERED", "1")
    # The rules pages are not served with the dashboards: a rule's id links to the rules
    # reference on the dashboard itself instead (see explorer.widgets.explain).
    env.setdefault("EXPLORER_RULES_URL", "")
    return env


def command(port: int, *, ip: str = "127.0.0.1", preheat: bool = True, pool_size: int = POOL_SIZE,
            fill_delay: float = FILL_DELAY, notebooks: Path = NOTEBOOKS, preheat_only: tuple[str, ...] | None = None,
            cull_idle: float = CULL_IDLE, log_level: str = "INFO", pools: dict[str, int] | None = None,
            base_url: str = "/") -> list[str]:
    """The command line that serves ``notebooks`` on ``ip:port`` under ``base_url``: Voila, as :func:`serve` runs it.

    ``preheat_only`` names the notebooks that get preheated kernels (default: all);
    ``pools`` sizes the pool of each notebook named in it (``"default"``: every
    other one; see :func:`pools_for`), instead of ``pool_size`` for all.
    """
    args = [
        sys.executable, "-c", "import explorer.dashboards as d; d.serve()", str(notebooks),
        f"--port={port}", "--no-browser", f"--template={TEMPLATE}",
        f"--Voila.ip={ip}", "--Voila.port_retries=0", f"--Voila.log_level={log_level}", f"--Voila.base_url={base_url}",
        "--show_tracebacks=False", f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in WIDGET_EXTENSIONS),
        # Local sockets in the server's private folder: no other user of the machine can reach a kernel.
        "--KernelManager.transport=ipc",
        # A login cookie of its own: behind another server on the same address (Binder's), the
        # default name, made from the address, is that server's, and each would clear the other's.
        f"--IdentityProvider.cookie_name=explorer-dashboards-{port}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle:g}",
        f"--MappingKernelManager.cull_interval={min(CULL_INTERVAL, cull_idle):g}",
    ]
    if preheat:
        args += ["--preheat_kernel=True", f"--pool_size={pool_size}",
                 f"--VoilaKernelManager.fill_delay={fill_delay}"]
        if pools:
            import json

            config = {name: {"pool_size": size} for name, size in {"default": pool_size, **pools}.items()}
            args.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(config)}")
        if preheat_only is not None:
            # Voila matches each pattern against the notebook's full path, from its start.
            args += [f"--VoilaKernelManager.preheat_denylist=.*[/\\\\]{re.escape(p.name)}$"
                     for p in sorted(notebooks.glob("*.ipynb")) if p.name not in preheat_only]
    return args


#: What Voila logs for every notebook it reads: trust is for outputs saved in a notebook, and a
#: dashboard shows none (its kernel makes every output afresh), so the warning says nothing.
_UNTRUSTED = "Notebook %s is not trusted"


def serve(argv: list[str] | None = None) -> None:
    """Run Voila in this process as the dashboards need it (:func:`command` starts it so).

    Four things differ from plain Voila: a page's request sets the cookie that
    the page sends back when it leaves, so the request that shuts its kernel
    down is accepted (Voila renders a preheated page before its request, and
    then nothing else sets it); a request head may be as long as a browser
    sends, and a query longer than a link can be reaches the dashboard cut to
    just over that bound, so the dashboard says it is too long; a preheated
    kernel's idle time counts from when a page takes it; and the trust warning
    above is left out of the log.
    """
    import logging

    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    from .core.links import MAX_QUERY_CHARS

    class DashboardHandler(TornadoVoilaHandler):
        async def get(self, path=None):
            self.xsrf_token  # noqa: B018 -- reading it sets the _xsrf cookie
            if len(self.request.query) > MAX_QUERY_CHARS:  # no kernel's environment could hold it whole
                self.request.query = self.request.query[: MAX_QUERY_CHARS + 1]
                self.request.uri = f"{self.request.path}?{self.request.query}"
            await super().get(path)

    from jupyter_server._tz import utcnow
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    class Kernels(AsyncMappingKernelManager):
        """Kernels whose idle time counts from when they leave the preheated pool.

        A preheated kernel has been quiet since its notebook ran, perhaps for
        longer than the idle limit.  Counted from then, the culler could stop
        it in the seconds between the page it was handed to and that page's
        connection, on a busy machine; so the first time the culler meets a
        kernel outside the pool, its idle time starts again.
        """

        async def cull_kernel_if_idle(self, kernel_id):
            met = self.__dict__.setdefault("_met", set())
            met.intersection_update(self._kernels)  # forget the kernels that have stopped
            if kernel_id not in met:
                met.add(kernel_id)
                self._kernels[kernel_id].last_activity = utcnow()
                return
            await super().cull_kernel_if_idle(kernel_id)

    class Quiet(logging.Filter):
        def filter(self, record: logging.LogRecord) -> bool:
            return record.msg != _UNTRUSTED

    class Dashboards(Voila):
        def initialize(self, argv=None):
            super().initialize(argv)
            self.log.addFilter(Quiet())

        def init_settings(self):
            self.voila_configuration.multi_kernel_manager_class = Kernels
            return super().init_settings()

        def init_handlers(self):
            return [(h[0], DashboardHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
                    for h in super().init_handlers()]

        def listen(self):
            listen = self.app.listen
            self.app.listen = functools.partial(listen, max_header_size=MAX_REQUEST_HEAD)
            super().listen()

    Dashboards.launch_instance(argv)


class Server:
    """A Voila server for the dashboards, in a subprocess: ``with Server() as server: server.url(...)``."""

    def __init__(self, port: int | None = None, *, ip: str = "127.0.0.1", preheat: bool = True,
                 pool_size: int = POOL_SIZE, fill_delay: float = FILL_DELAY, log: Path | None = None,
                 preheat_only: tuple[str, ...] | None = None, notebooks: Path = NOTEBOOKS,
                 cull_idle: float = CULL_IDLE, log_level: str = "INFO", pools: dict[str, int] | None = None,
                 base_url: str = "/") -> None:
        self.ip = ip
        self.base_url = base_url
        self.pools = pools
        self.port = port or free_port()
        self.notebooks = notebooks
        self.preheat = preheat
        self.preheat_only = preheat_only
        self.pool_size = pool_size
        self.fill_delay = fill_delay
        self.cull_idle = cull_idle
        self.log_level = log_level
        self.log = log
        self.process: subprocess.Popen | None = None
        self._log_file = None

    def url(self, notebook: str = GALLERY, host: str = "127.0.0.1") -> str:
        """The address of a dashboard (a notebook's name, optionally with a query string) as ``host`` reaches it."""
        return f"http://{host}:{self.port}{self.base_url}voila/render/{notebook}"

    def start(self, timeout: float = 60) -> "Server":
        """Start Voila and wait until it answers (raise RuntimeError if it does not)."""
        out = None  # the server's log goes where ours goes, unless a file is given
        if self.log is not None:
            self.log.parent.mkdir(parents=True, exist_ok=True)
            self._log_file = open(self.log, "wb")
            out = self._log_file
        self.process = subprocess.Popen(
            command(self.port, ip=self.ip, preheat=self.preheat, pool_size=self.pool_size,
                    fill_delay=self.fill_delay, notebooks=self.notebooks, preheat_only=self.preheat_only,
                    cull_idle=self.cull_idle, log_level=self.log_level, pools=self.pools, base_url=self.base_url),
            cwd=ROOT, env=environment(base_url=self.base_url), stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voila stopped at once (exit code {self.process.returncode})"
                                   + (f"; see {self.log}." if self.log else "."))
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{self.base_url}voila/tree", timeout=2):
                    return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"Voila did not answer on port {self.port} within {timeout:.0f} s.")

    def open(self, notebook: str, timeout: float = 300) -> str:
        """Ask for a dashboard as a browser does, then let its kernel go as a page leaving does; return the page.

        Raises RuntimeError unless the page came whole, with its kernel.
        """
        import http.cookiejar

        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        try:
            with opener.open(self.url(notebook), timeout=timeout) as response:
                page = response.read().decode("utf-8", "replace")
        except OSError as exc:
            raise RuntimeError(f"{notebook} did not answer: {exc}.") from None
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
        if kernel is None or "Traceback" in page:
            raise RuntimeError(f"{notebook} answered without a working kernel.")
        self.release(kernel.group(1), opener, jar)
        return page

    def release(self, kernel_id: str, opener, jar) -> None:
        """Shut a page's kernel down as the page does when it leaves (its cookie and its ``_xsrf`` field)."""
        xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
        data = urllib.parse.urlencode({"_xsrf": xsrf}).encode()
        with opener.open(f"http://127.0.0.1:{self.port}{self.base_url}voila/api/shutdown/{kernel_id}", data=data, timeout=60):
            pass

    def kernel_processes(self) -> list[Any]:
        """The processes of the kernels the server runs now (preheated ones included), as ``psutil`` sees them.

        A kernel that has just stopped (gone, or a zombie not yet reaped) is not one.
        """
        import psutil

        assert self.process is not None, "start the server first"
        running = []
        for child in psutil.Process(self.process.pid).children():
            try:
                if child.status() != psutil.STATUS_ZOMBIE and "ipykernel_launcher" in " ".join(child.cmdline()):
                    running.append(child)
            except psutil.Error:  # it stopped meanwhile
                continue
        return running

    def kernels(self) -> int:
        """How many kernels the server runs now (preheated ones included)."""
        return len(self.kernel_processes())

    def settle(self, timeout: float = 600, quiet: float = 1.5) -> float:
        """Wait until the server and its kernels sit idle (the preheated notebooks have run); return the wait.

        Voila reports a pool as filled when its kernel starts; the kernel then
        runs the notebook, which takes a while on a busy machine.
        """
        import psutil

        assert self.process is not None, "start the server first"
        start = time.monotonic()
        voila = psutil.Process(self.process.pid)

        def cpu() -> float:
            total = 0.0
            for process in [voila, *voila.children(recursive=True)]:
                try:
                    times = process.cpu_times()
                except psutil.Error:
                    continue
                total += times.user + times.system
            return total

        still = 0.0
        while still < quiet:
            if time.monotonic() - start > timeout:
                raise RuntimeError(f"the dashboards' kernels were still busy after {timeout:.0f} s.")
            before = cpu()
            time.sleep(0.5)
            still = still + 0.5 if cpu() - before < 0.05 else 0.0
        return time.monotonic() - start

    def stop(self) -> None:
        """Stop Voila and the kernels it started."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
                process.wait(timeout=5)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def first_dashboard(notebooks: Path = NOTEBOOKS) -> str:
    """A game's dashboard to try before saying the server is ready: the first game's own, else the shared one."""
    import explorer

    for game in explorer.games():
        if game.notebook and (notebooks / game.notebook).exists():
            return game.notebook
    return "explore.ipynb"


def sizing(class_size: int, pool_size: int, notebooks: Path = NOTEBOOKS, pools: dict[str, int] | None = None
           ) -> str | None:
    """A sentence if this machine lacks the memory a class's kernels need, else ``None``."""
    import psutil

    sizes = {p.name: pool_size for p in notebooks.glob("*.ipynb")}
    if pools:
        sizes = {name: pools.get(name, pools.get("default", pool_size)) for name in sizes}
    kernels = class_size + sum(sizes.values())
    needed = kernels * KERNEL_MB / 1024
    available = psutil.virtual_memory().available / 1024**3
    if needed <= available:
        return None
    return (f"A class of {class_size} needs about {needed:.1f} GB of memory for its kernels, "
            f"and this machine has {available:.1f} GB free: expect it to slow down or refuse pages.")


def dashboard_title(notebook: str) -> str:
    """A dashboard as a teacher names it: "the gallery", or its game's title."""
    import explorer

    if notebook == GALLERY:
        return "the gallery"
    return next((g.title for g in explorer.games() if g.notebook == notebook), notebook)


def kernels(n: int) -> str:
    """``n`` preheated kernels, in words."""
    return f"{n} preheated kernel{'s' if n != 1 else ''}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer.dashboards", description=__doc__.splitlines()[0])
    parser.add_argument("--ip", default=None,
                        help="the address to listen on: 127.0.0.1 serves this machine only (the default), "
                             "0.0.0.0 every network it is on (the default with --class-size)")
    parser.add_argument("--port", type=int, default=None, help="the port to serve on (default: 8866, or a free one)")
    parser.add_argument("--class-size", type=int, default=None, metavar="N",
                        help=f"serve a class of N people: one preheated kernel waits at every dashboard for "
                             f"every {STUDENTS_PER_WAITING_KERNEL} of them, and the server listens beyond "
                             f"this machine unless --ip says otherwise")
    parser.add_argument("--game", default=None, metavar="GAME",
                        help="today's game (with --class-size): a preheated kernel waits at its dashboard for "
                             "every student, and a few at every other dashboard")
    parser.add_argument("--pool-size", type=int, default=None,
                        help=f"preheated kernels waiting per notebook (default {POOL_SIZE}, or as the class "
                             f"needs; 0: none); with --game, at every other dashboard")
    parser.add_argument("--preheat", action="append", default=None, metavar="DASHBOARD",
                        help="preheat kernels at this dashboard only: a game's name or title, or the gallery "
                             "(index); repeat it for more (default: every dashboard), to spare memory")
    parser.add_argument("--base-url", default="/", metavar="PATH",
                        help="the path everything is served under, behind another server "
                             "(Binder's: /user/.../dashboards/); default /")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    args = parser.parse_args(argv)
    base_url = "/" + args.base_url.strip("/") + "/" if args.base_url.strip("/") else "/"
    if args.class_size is not None and args.class_size < 1:
        parser.error("a class has at least one person (--class-size 1 or more)")
    if args.pool_size is not None and args.pool_size < 0:
        parser.error("--pool-size is 0 or more")
    if args.game is not None and args.class_size is None:
        parser.error("--game names the class's game: say how many students with --class-size too")
    ip = args.ip or ("0.0.0.0" if args.class_size else "127.0.0.1")
    pool_size = args.pool_size if args.pool_size is not None else (
        pool_for(args.class_size) if args.class_size else POOL_SIZE)
    pools = dashboard = preheat_only = None
    try:
        if args.game is not None:
            dashboard = game_notebook(args.game)
            pools = pools_for(args.class_size, dashboard, pool_size)
        if args.preheat:
            preheat_only = tuple(GALLERY if name.strip().lower() in ("index", GALLERY) else game_notebook(name)
                                 for name in args.preheat)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    port = args.port
    try:
        if port is None:
            port = 8866 if port_is_free(8866, ip) else free_port(ip)
        elif not port_is_free(port, ip):
            print(f"Port {port} is in use; choose another with --port.", file=sys.stderr)
            return 2
    except OSError:
        print(f"This machine has no address {ip} to listen on; try 0.0.0.0 or 127.0.0.1.", file=sys.stderr)
        return 2
    preheat = pool_size > 0 or pools is not None
    server = Server(port, ip=ip, preheat=preheat, pool_size=pool_size if pools else max(pool_size, 1),
                    log_level="WARN", pools=pools, base_url=base_url, preheat_only=preheat_only)

    def stop(signum: int, frame: object) -> None:  # a plain kill stops the server and its kernels too
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    who = f"a class of {args.class_size}" if args.class_size else "you"
    if pools is not None and dashboard is not None:
        title = dashboard_title(dashboard)
        others = f"{pool_size} at each of the others" if pool_size else "none at the others"
        waiting = f"{kernels(pools[dashboard])} waiting at the dashboard of {title}, {others}"
    elif preheat_only is not None:
        from .core.words import names_list

        waiting = f"{kernels(pool_size)} waiting at {names_list(map(dashboard_title, preheat_only))} each"
    else:
        waiting = f"{kernels(pool_size)} waiting at each dashboard"
    print(f"Starting the dashboards for {who} on port {port} ({waiting}) ...", flush=True)
    if args.class_size and (warning := sizing(args.class_size, pool_size, pools=pools)):
        print(warning, flush=True)
    try:
        server.start(timeout=120)
        # Ready means a person gets a page that works: the gallery and a game's dashboard have
        # answered whole, with their kernels, and the kernels they used are waiting again.
        server.open(GALLERY)
        server.open(dashboard or first_dashboard())
        if preheat:
            time.sleep(FILL_DELAY)
            server.settle(timeout=900)
        local = server.url()
        shown = server.url(host=students_address(ip))
        print(f"\n  The dashboards are ready. Open:  {shown}", flush=True)
        if shown != local:
            print(f"  (Every machine on this network can open that address; on this machine also {local}.)",
                  flush=True)
        print(f"\n  A page's kernel stops when the page is closed, or after {CULL_IDLE // 60} minutes "
              f"without its page. Ctrl-C stops the server.\n", flush=True)
        if not args.no_browser:
            import webbrowser

            webbrowser.open(local)
        assert server.process is not None
        return server.process.wait()
    except KeyboardInterrupt:
        return 0
    except RuntimeError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
