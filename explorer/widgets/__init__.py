"""Widgets for notebooks and dashboards: one explorer for every game, and each game's own views.

>>> from explorer.widgets import Explorer
>>> Explorer("pet-quartet", seed=7)   # doctest: +SKIP

The engine never imports this package; it imports the engine.
"""

from .seats import HUMAN, Seat, register_seat
from .stepper import Explorer, explore
from .timeline import Timeline
from .views import Views, register_views, views_for

__all__ = [
    "Explorer", "HUMAN", "Seat", "Timeline", "Views", "explore", "register_seat", "register_views", "views_for",
]
