"""The test suite's own sixth game, registered for every test: generic code must play it unseen.

:mod:`tests.toy` declares High Card and nothing in ``explorer`` names it, so
every test that walks ``explorer.games()`` (random play, records, links, the
command line, bots, simulation, the explorer widget) plays it too.
"""

import asyncio

import pytest

from explorer.core import register

from .toy import GAME

register(GAME)


@pytest.fixture(autouse=True)
def _no_browser_loop(request):
    """Hide the event loop a browser test's Playwright session leaves running in this thread.

    Playwright's synchronous API keeps its asyncio loop marked as running for the whole session, so
    a later test in the same worker would find a running loop that nobody turns: the explorer would
    schedule its bots' answers on it and they would never come.  Tests outside the browser see the
    thread as a notebook-less Python does, with no loop running."""
    loop = asyncio._get_running_loop()
    if loop is None or request.node.get_closest_marker("browser"):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
