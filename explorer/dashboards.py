"""Serve the notebooks as dashboards: ``python -m explorer.dashboards [--port P] [--no-browser]``.

Voila runs every notebook of ``notebooks/`` with its code hidden, using the
project's own template (``share/jupyter/voila/templates/explorer``: it also
leaves out cells tagged ``hide``, and fetches nothing from the internet).
Kernels are preheated: each dashboard's notebook has already run in a
waiting kernel when someone opens it, so it appears at once.  One waiting
kernel per notebook suits a small machine; ``--pool-size`` changes it.

:class:`Server` starts the same server from Python, for the browser tests
and the benchmark.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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


def environment() -> dict[str, str]:
    """The server's environment: the project's template and kernel found first."""
    env = dict(os.environ)
    paths = [str(SHARE), str(Path(sys.prefix) / "share" / "jupyter")]
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
            args += [f"--VoilaKernelManager.preheat_denylist={re.escape(p.name)}"
                     for p in sorted(notebooks.glob("*.ipynb")) if p.name not in preheat_only]
    return args


class Server:
    """A Voila server for the dashboards, in a subprocess: ``with Server() as server: server.url(...)``."""

    def __init__(self, port: int | None = None, *, preheat: bool = True, pool_size: int = POOL_SIZE,
                 fill_delay: float = FILL_DELAY, log: Path | None = None,
                 preheat_only: tuple[str, ...] | None = None) -> None:
        self.port = port or free_port()
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
                    preheat_only=self.preheat_only),
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
