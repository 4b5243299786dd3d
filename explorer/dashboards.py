"""Serve the notebooks as dashboards: ``python -m explorer.dashboards [--port P] [--no-browser]``.

Voila runs every notebook of ``notebooks/`` with its code hidden, using the
project's own template (``share/jupyter/voila/templates/explorer``: it also
leaves out cells tagged ``hide``, and fetches nothing from the internet).
Kernels are preheated: each dashboard's notebook has already run in a
waiting kernel when someone opens it, so it appears at once.  One waiting
kernel per notebook suits a small machine; ``--pool-size`` changes it.

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
import urllib.request
from pathlib import Path



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
#: Tells a kernel where the page finds the charts' library (a path on the server); unset, the
#: library travels inside the chart widget itself.
VEGA_URL = "EXPLORER_VEGA_URL"
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
    """Put the charts' library among the template's static files; a Jupyter data folder and the file's address.

    The folder goes first on ``JUPYTER_PATH`` (Voila serves
    ``voila/templates/<template>/static/`` from every such folder); ``None``
    when the library cannot be built or written, and the charts then carry it.
    """
    try:
        name, text = vega_library()
    except Exception:  # no vl-convert, or it failed: the charts still work, carrying the library
        return None
    root = cache_dir() / "jupyter"
    path = root / "voila" / "templates" / TEMPLATE / "static" / name
    try:
        if not path.exists() or path.stat().st_size != len(text.encode("utf-8")):
            _write(path, text)
    except OSError:
        return None
    # ?v= makes the server let the browser keep the file: its name changes with its content.
    return root, f"/voila/templates/{TEMPLATE}/static/{name}?v={name[5:-3]}"


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def environment(*, vega: bool = True) -> dict[str, str]:
    """The server's environment: the project's template and kernel found first, the charts' library served."""
    env = dict(os.environ)
    paths = [str(SHARE), str(Path(sys.prefix) / "share" / "jupyter")]
    published = publish_vega() if vega else None
    if published is not None:
        paths.insert(1, str(published[0]))
        env[VEGA_URL] = published[1]
    if env.get("JUPYTER_PATH"):
        paths.append(env["JUPYTER_PATH"])
    env["JUPYTER_PATH"] = os.pathsep.join(paths)
    env.setdefault("PYTHONUNBUFFERED", "1")
    # The rules pages are not served with the dashboards: a rule's id links to the rules
    # reference on the dashboard itself instead (see explorer.widgets.explain).
    env.setdefault("EXPLORER_RULES_URL", "")
    return env


def command(port: int, *, preheat: bool = True, pool_size: int = POOL_SIZE, fill_delay: float = FILL_DELAY,
            notebooks: Path = NOTEBOOKS, preheat_only: tuple[str, ...] | None = None) -> list[str]:
    """The Voila command line that serves ``notebooks`` on ``port``.

    ``preheat_only`` names the notebooks that get preheated kernels (default: all).
    """
    # Voila matches each pattern against the notebook's full path, from its start.
    args = [
        sys.executable, "-m", "voila", str(notebooks),
        f"--port={port}", "--no-browser", f"--template={TEMPLATE}",
        "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
        "--show_tracebacks=False",
    ]
    if preheat:
        args += ["--preheat_kernel=True", f"--pool_size={pool_size}",
                 f"--VoilaKernelManager.fill_delay={fill_delay}"]
        if preheat_only is not None:
            args += [f"--VoilaKernelManager.preheat_denylist=.*[/\\\\]{re.escape(p.name)}$"
                     for p in sorted(notebooks.glob("*.ipynb")) if p.name not in preheat_only]
    return args


class Server:
    """A Voila server for the dashboards, in a subprocess: ``with Server() as server: server.url(...)``."""

    def __init__(self, port: int | None = None, *, preheat: bool = True, pool_size: int = POOL_SIZE,
                 fill_delay: float = FILL_DELAY, log: Path | None = None,
                 preheat_only: tuple[str, ...] | None = None, notebooks: Path = NOTEBOOKS) -> None:
        self.port = port or free_port()
        self.notebooks = notebooks
        self.preheat = preheat
        self.preheat_only = preheat_only
        self.pool_size = pool_size
        self.fill_delay = fill_delay
        self.log = log
        self.process: subprocess.Popen | None = None
        self._log_file = None

    def url(self, notebook: str = GALLERY) -> str:
        """The address of a dashboard (a notebook's name, optionally with a query string)."""
        return f"http://127.0.0.1:{self.port}/voila/render/{notebook}"

    def start(self, timeout: float = 60) -> "Server":
        """Start Voila and wait until it answers (raise RuntimeError if it does not)."""
        out = None  # the server's log goes where ours goes, unless a file is given
        if self.log is not None:
            self.log.parent.mkdir(parents=True, exist_ok=True)
            self._log_file = open(self.log, "wb")
            out = self._log_file
        self.process = subprocess.Popen(
            command(self.port, preheat=self.preheat, pool_size=self.pool_size, fill_delay=self.fill_delay,
                    notebooks=self.notebooks, preheat_only=self.preheat_only),
            cwd=ROOT, env=environment(), stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voila stopped at once (exit code {self.process.returncode})"
                                   + (f"; see {self.log}." if self.log else "."))
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/voila/tree", timeout=2):
                    return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"Voila did not answer on port {self.port} within {timeout:.0f} s.")

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer.dashboards", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=None, help="the port to serve on (default: 8866, or a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--pool-size", type=int, default=POOL_SIZE,
                        help=f"preheated kernels waiting per notebook (default {POOL_SIZE}; 0: none)")
    args = parser.parse_args(argv)
    port = args.port
    if port is None:
        port = 8866 if port_is_free(8866) else free_port()
    elif not port_is_free(port):
        print(f"Port {port} is in use; choose another with --port.", file=sys.stderr)
        return 2
    server = Server(port, preheat=args.pool_size > 0, pool_size=max(args.pool_size, 1))

    def stop(signum: int, frame: object) -> None:  # a plain kill stops the server and its kernels too
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"Starting the dashboards on port {port} ...", flush=True)
    try:
        server.start(timeout=120)
        url = server.url()
        print(f"\n  The dashboards are ready. Open:  {url}\n\n  (Ctrl-C stops the server.)\n", flush=True)
        if not args.no_browser:
            import webbrowser

            webbrowser.open(url)
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
