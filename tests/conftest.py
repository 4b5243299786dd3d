"""The test suite's own sixth game, registered for every test: generic code must play it unseen.

:mod:`tests.toy` declares High Card and nothing in ``explorer`` names it, so
every test that walks ``explorer.games()`` (random play, records, links, the
command line, bots, simulation, the explorer widget) plays it too.
"""

from explorer.core import register

from .toy import GAME

register(GAME)
