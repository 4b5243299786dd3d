"""A class at the dashboards: how long each student waits, measured in real browsers or their protocol.

    .venv/bin/python benchmarks/classroom.py [--students 30] [--arrival 60] [--moves 20] [--back 5]
                                             [--clients browser|websocket]

Starts the dashboards' server as ``./run start --class-size N --game ...``
serves the class's game (a preheated kernel waiting at its dashboard for
every student; only that dashboard is preheated, as every other one would
only sit waiting; ``--pool-size`` sets another pool), then lets N students
arrive at random moments within ``--arrival`` seconds.  Each student opens
the dashboard, plays ``--moves`` moves (the bots answer each), steps back
``--back`` times, and closes the page.  A student is either

* ``--clients browser``: a browser context of its own in one headless
  Chromium (its own cookies, so its own kernel, as on a laptop of its own);
  every page is drawn on this machine, beside the server; or
* ``--clients websocket``: a client that does on the wire what the page
  does (``benchmarks/widget_client.py``: the HTML and the files it names,
  the kernel's websocket, the widgets' handshake, the same clicks as
  messages) and draws nothing, as when every student's own laptop draws
  the page.

Printed:

* **time to interactive**: from asking for the page to move buttons that
  can be clicked and a chart drawn, p50 and p95 over the class;
* **click to updated view**: from a click to the page showing the new
  position (status line and chart), p50 and p95 over every click of the
  class, and the same over the clicks made while every student was in;
* **kernel memory**: each kernel's resident memory once opened and after its
  moves (growth per 100 clicks), and the total of all kernels at the peak;
* **errors**: pages that failed to open or answer, script errors, error
  text on a page, kernels lost (a page told its connection was lost).

Targets on a 2-core machine (issue 19): no errors, no kernel lost; p95 time
to interactive <= 5 s while a class of 30 arrives; p95 click <= 250 ms with
30 active; <= 150 MB a kernel, growing by <= 2 MB per 100 clicks.  The
figures depend on what else the machine runs: the load average is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dashboard import ARGS, CHROMIUM, CLICK  # noqa: E402

from explorer.dashboards import Server  # noqa: E402

#: Many pages share one browser: none may be throttled for being in the background.
UNTHROTTLED = ["--disable-renderer-backgrounding", "--disable-background-timer-throttling",
               "--disable-backgrounding-occluded-windows"]
TIMEOUT_MS = 300_000

ERROR_TEXT = ("Traceback", "There was an error", "Error loading script")

# When the page last received a frame from its kernel's websocket (installed before the page's own scripts).
FRAMES = """
(() => {
  const Native = window.WebSocket;
  const decoder = new TextDecoder();
  window.__frame = 0;
  window.__states = 0;  // when every widget's state arrived (the answer to the widgets' handshake)
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        window.__frame = performance.now();
        if (!window.__states && (typeof event.data === 'string' ? event.data : decoder.decode(event.data))
            .includes('"update_states"')) { window.__states = window.__frame; }
      });
    }
  };
})();
"""
# CLICK, also returning when the new position had arrived: the last frame received before the status line changed.
CLICK_ARRIVED = CLICK.replace("const t0 = performance.now();", "const t0 = performance.now(); let arrived = -1;").replace(
    "const check = () => (", "const check = () => (arrived < 0 && status.innerText !== before"
    " && (arrived = window.__frame - t0), 0) || (").replace(
    "return performance.now() - t0;", "return [performance.now() - t0, arrived];")


@dataclass
class Student:
    number: int
    arrives: float
    interactive: float | None = None
    html: float | None = None  # seconds until the page's HTML had arrived in full
    states: float | None = None  # seconds until every widget's state had arrived
    clicks: list[tuple[float, float]] = field(default_factory=list)  # (when, ms)
    arrived: list[float] = field(default_factory=list)  # ms from a click until its update had arrived
    kernel: str | None = None
    memory: list[float] = field(default_factory=list)  # MB: once open, after the moves
    cpu: list[float] = field(default_factory=list)  # the kernel's CPU seconds: once open, after the moves
    errors: list[str] = field(default_factory=list)
    lost: bool = False


def measure(student: Student, server: Server) -> None:
    """Note the student's kernel's resident memory (MB) and the CPU time it has used (s); NaN if it is gone."""
    import psutil

    for child in server.kernel_processes():
        try:
            if student.kernel and any(student.kernel in part for part in child.cmdline()):
                times = child.cpu_times()
                student.memory.append(child.memory_info().rss / 2**20)
                student.cpu.append(times.user + times.system)
                return
        except psutil.Error:  # a kernel stopping meanwhile
            continue
    student.memory.append(float("nan"))
    student.cpu.append(float("nan"))


def kernels_cpu(server: Server) -> float:
    """The CPU time the server's kernels have used, in seconds."""
    import psutil

    total = 0.0
    for child in server.kernel_processes():
        try:
            times = child.cpu_times()
            total += times.user + times.system
        except psutil.Error:  # a kernel stopping meanwhile
            pass
    return total


def cpu_time(server: Server) -> float:
    """The CPU time the server's own process has used, in seconds."""
    import psutil

    times = psutil.Process(server.process.pid).cpu_times()
    return times.user + times.system


def all_kernels_memory(server: Server) -> tuple[int, float]:
    import psutil

    count, total = 0, 0.0
    for child in server.kernel_processes():
        try:
            total += child.memory_info().rss / 2**20
            count += 1
        except psutil.Error:  # a kernel stopping meanwhile
            pass
    return count, total


async def play(student: Student, move, step_back, args) -> None:
    """A student's clicks: ``--moves`` moves (a step back when no move can be played), then ``--back`` steps back.

    ``move`` and ``step_back`` click and return the milliseconds until the page
    showed the new position (-1: nothing to click).  With ``--pace`` the
    student looks at each position for about that many seconds first.
    """
    rng = random.Random(student.number)
    for i in range(args.moves + args.back):
        if args.pace and student.clicks:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * args.pace)
        ms = await move() if i < args.moves else -1
        if ms < 0:  # the game is over, or it is a bot's turn: step instead
            ms = await step_back()
        student.clicks.append((time.monotonic(), ms))


async def attend(student: Student, browser, server: Server, url: str, start: float, args) -> None:
    await asyncio.sleep(max(0.0, start + student.arrives - time.monotonic()))
    context = await browser.new_context(viewport={"width": 1366, "height": 900})
    page = await context.new_page()
    await page.add_init_script(FRAMES)

    async def click(selector: str) -> float:
        done = await page.evaluate(CLICK_ARRIVED, selector)
        if done == -1:
            return -1
        student.arrived.append(done[1])
        return done[0]
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda error: student.errors.append(f"script error: {error}"))
    page.on("websocket", lambda ws: setattr(student, "kernel", ws.url.split("/api/kernels/")[1].split("/")[0])
            if "/api/kernels/" in ws.url else None)
    try:
        t0 = time.monotonic()
        await page.goto(url, timeout=TIMEOUT_MS)
        await page.wait_for_selector(".ex-explorer button.ex-move", state="visible", timeout=TIMEOUT_MS)
        await page.wait_for_selector(".ex-explorer .ex-vega svg", timeout=TIMEOUT_MS)
        student.interactive = time.monotonic() - t0
        student.html, student.states = await page.evaluate(
            "() => [performance.getEntriesByType('navigation')[0].responseEnd / 1000, window.__states / 1000]")
        measure(student, server)
        await play(student, lambda: click(".ex-explorer button.ex-move"), lambda: click(".ex-explorer button.ex-back"),
                   args)
        measure(student, server)
        body = await page.locator("body").inner_text()
        student.errors += [f"the page shows {word!r}" for word in ERROR_TEXT if word in body]
        student.lost = await page.locator("#ex-lost").count() > 0
    except Exception as exc:  # a timeout, a closed page: counted, the class goes on
        student.errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}")
    finally:
        await page.close(run_before_unload=True)
        await context.close()


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))]


async def attend_websocket(student: Student, server: Server, url: str, start: float, args) -> None:
    """The same student as :func:`attend`, as a websocket client that does the page's widget protocol."""
    from widget_client import Page

    await asyncio.sleep(max(0.0, start + student.arrives - time.monotonic()))
    page = None
    try:
        t0 = time.monotonic()
        page = await Page.open(url, timeout=TIMEOUT_MS / 1000)
        student.kernel = page.kernel
        if not page.interactive():
            raise RuntimeError("the page came without move buttons or a chart")
        student.interactive = time.monotonic() - t0
        student.html, student.states = page.html_at - t0, page.states_at - t0
        measure(student, server)
        await play(student, page.click_move, lambda: page.click("ex-back"), args)
        measure(student, server)
        shown = " ".join(str(m["state"].get("value", "")) for m in page.models.values())
        student.errors += [f"the page shows {word!r}" for word in ERROR_TEXT if word in shown]
    except Exception as exc:  # a timeout, a closed connection: counted, the class goes on
        student.errors.append(f"{type(exc).__name__}: {(str(exc).splitlines() or [''])[0][:120]}")
    finally:
        if page is not None:
            student.lost = page.lost
            try:
                await page.close()
            except Exception as exc:  # the server refused to let its kernel go
                student.errors.append(f"leaving the page: {type(exc).__name__}: {exc}")


async def run_class(args, server: Server) -> tuple[list[Student], float, tuple[int, float]]:
    rng = random.Random(args.seed)
    students = [Student(i, rng.uniform(0, args.arrival)) for i in range(args.students)]
    peak = (0, 0.0)
    url = server.url(args.dashboard)

    async def watch(tasks: list[asyncio.Task]) -> None:
        nonlocal peak
        while not all(t.done() for t in tasks):
            await asyncio.sleep(2)
            peak = max(peak, all_kernels_memory(server), key=lambda c: c[1])
        await asyncio.gather(*tasks)

    if args.clients == "websocket":
        start = time.monotonic()
        await watch([asyncio.create_task(attend_websocket(s, server, url, start, args))
                     for s in students])
        return students, start, peak
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS + UNTHROTTLED)
        start = time.monotonic()
        await watch([asyncio.create_task(attend(s, browser, server, url, start, args))
                     for s in students])
        await browser.close()
    return students, start, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="how many students (default 30)")
    parser.add_argument("--arrival", type=float, default=60, help="seconds within which they all arrive (default 60)")
    parser.add_argument("--moves", type=int, default=20, help="moves each student plays (default 20)")
    parser.add_argument("--back", type=int, default=5, help="steps back each student takes after (default 5)")
    parser.add_argument("--pace", type=float, default=0,
                        help="seconds a student looks at a position before the next click, on average "
                             "(default 0: the next click as soon as the page shows the last one)")
    parser.add_argument("--dashboard", default="pet_quartet.ipynb", help="the dashboard the class opens")
    parser.add_argument("--seed", type=int, default=1, help="seeds the arrival times")
    parser.add_argument("--clients", choices=("browser", "websocket"), default="browser",
                        help="each student a Chromium context (default), or a websocket client doing the "
                             "page's widget protocol (benchmarks/widget_client.py), which draws nothing")
    parser.add_argument("--pool-size", type=int, default=None,
                        help="preheated kernels waiting (default: one per student, as --class-size N --game "
                             "serves the class's game)")
    args = parser.parse_args()

    # As ``--class-size N --game`` serves the class's game: a waiting kernel for every student.
    pool = args.pool_size if args.pool_size is not None else args.students
    log = ROOT / "test-artifacts" / "classroom-voila.log"
    print(f"A class of {args.students} arriving within {args.arrival:.0f} s at {args.dashboard}; "
          f"{pool} preheated kernel{'s' if pool != 1 else ''} waiting (machine: {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f})", flush=True)
    # Thirty kernels starting at once can keep a busy machine's server from answering for a while.
    server = Server(log=log, pool_size=pool, preheat_only=(args.dashboard,))
    try:
        server.start(timeout=600)
        waited = server.settle()
        print(f"(the {pool} preheated kernels had run the notebook {waited:.0f} s after the server answered, "
              f"{kernels_cpu(server) / pool:.1f} s of CPU each)", flush=True)
        serving = cpu_time(server)
        students, start, peak = asyncio.run(run_class(args, server))
        serving = cpu_time(server) - serving
        # The last pages' kernels stop a moment after their pages close; the pool refills after its delay.
        deadline = time.monotonic() + 120
        while server.kernels() != pool and time.monotonic() < deadline:
            time.sleep(1)
        left = server.kernels()
    finally:
        server.stop()

    everyone_in = max(s.arrives for s in students) + start
    tti = [s.interactive for s in students if s.interactive is not None]
    clicks = [ms for s in students for _, ms in s.clicks]
    all_in = [ms for s in students for when, ms in s.clicks if when >= everyone_in]
    opened = [s.memory[0] for s in students if s.memory and s.memory[0] == s.memory[0]]
    grown = [(s.memory[1] - s.memory[0]) / max(1, len(s.clicks)) * 100 for s in students
             if len(s.memory) == 2 and s.memory[0] == s.memory[0] and s.memory[1] == s.memory[1]]
    errors = [f"student {s.number}: {e}" for s in students for e in s.errors]
    lost = sum(s.lost for s in students)
    print(f"(clients: {args.clients}, pace {args.pace:g} s; load average {os.getloadavg()[0]:.1f} at the end)")
    if tti:
        print(f"time to interactive:   p50 {percentile(tti, 50):.2f} s, p95 {percentile(tti, 95):.2f} s, "
              f"max {max(tti):.2f} s over {len(tti)} students   target p95 <= 5 s")
    for what, values in (("the page's HTML in full", [s.html for s in students if s.html]),
                         ("every widget's state arrived", [s.states for s in students if s.states])):
        if values:
            print(f"  of which {what}: p50 {percentile(values, 50):.2f} s, p95 {percentile(values, 95):.2f} s")
    if clicks:
        print(f"click to updated view: p50 {percentile(clicks, 50):.0f} ms, p95 {percentile(clicks, 95):.0f} ms "
              f"over {len(clicks)} clicks   target p95 <= 250 ms")
    arrived = [ms for s in students for ms in s.arrived if ms >= 0]
    if arrived:
        print(f"  of which the update's arrival at the page: p50 {percentile(arrived, 50):.0f} ms, "
              f"p95 {percentile(arrived, 95):.0f} ms (the rest is the page drawing it)")
    if all_in:
        print(f"  with the whole class in: p50 {percentile(all_in, 50):.0f} ms, p95 {percentile(all_in, 95):.0f} ms "
              f"over {len(all_in)} clicks")
    if opened:
        print(f"kernel memory: {statistics.median(opened):.0f} MB each once open (max {max(opened):.0f}), "
              f"growing {statistics.median(grown):+.1f} MB per 100 clicks (max {max(grown):+.1f}); "
              f"{peak[1] / 1024:.2f} GB for {peak[0]} kernels at the peak   target <= 150 MB, <= 2 MB per 100 clicks")
    used = [(s.cpu[1] - s.cpu[0], len(s.clicks)) for s in students
            if len(s.cpu) == 2 and not any(map(math.isnan, s.cpu)) and s.clicks]
    if clicks and used:
        print(f"CPU per click: {sum(c for c, _ in used) / sum(n for _, n in used) * 1000:.1f} ms "
              f"in its kernel (the bots' answers included), {serving / len(clicks) * 1000:.1f} ms in the server "
              f"(its share of opening pages and refilling the pool included)")
    print(f"errors: {len(errors)}; kernels lost: {lost}; kernels running once the class left: {left} "
          f"(the pool holds {pool})")
    for error in errors[:10]:
        print(f"  {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
