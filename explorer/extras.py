"""The optional parts of the explorer and the packages each needs: the extras of its distribution.

The engine, the bots and the command line need nothing beyond Python.  The
rest comes with an extra, installed as ``pip install 'quartet-explorer[analysis]'``:

``analysis``
    simulations into pandas, with a progress bar (``explorer simulate``);
``widgets``
    the explorer widget and the charts in a notebook;
``exact``
    a SAT solver for the questions of Keistad Kwartet's knowledge that its
    own search leaves open (:mod:`explorer.games.keistad_kwartet.satisfiability`);
``dashboards``
    the gallery of dashboards, served by Voila (``explorer dashboards``),
    with the two above.

:func:`require` checks before a part starts that its packages are there, so
that a missing one is a sentence naming the extra, not a traceback.
"""

from __future__ import annotations

import importlib.util

from .core.errors import MissingExtra

#: The distribution's name, as installers know it (the package is imported as ``explorer``).
DISTRIBUTION = "quartet-explorer"

#: The modules each extra brings, as imported (an extra also brings those of the extras it builds on).
MODULES: dict[str, tuple[str, ...]] = {
    "analysis": ("pandas", "tqdm"),
    "widgets": ("pandas", "tqdm", "ipywidgets", "anywidget", "altair", "vl_convert"),
    "exact": ("pysat",),
    "dashboards": ("pandas", "tqdm", "ipywidgets", "anywidget", "altair", "vl_convert", "pysat", "voila",
                   "ipykernel"),
}


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here."""
    return [name for name in MODULES[extra] if importlib.util.find_spec(name) is None]


def require(extra: str, what: str) -> None:
    """Raise :class:`~explorer.core.errors.MissingExtra` if ``what`` (``"explorer simulate"``) cannot run
    for want of the packages of ``extra``."""
    absent = missing(extra)
    if absent:
        names = ", ".join(absent)
        raise MissingExtra(f"{what} needs the {extra} extra ({names} not installed): "
                           f"pip install '{DISTRIBUTION}[{extra}]'.", extra)
