"""Tables made from the games' declarations, so the docs cannot fall behind the engine.

* ``search-budgets``: every registered game's search budget (``Game.search_budget``),
  a row a game: playouts, horizon, confidence and why.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import explorer

COLUMNS = ("game", "playouts", "horizon", "confidence", "why")


def budget_rows() -> list[tuple[str, str, str, str, str]]:
    """A row a registered game: its title and its declared search budget, as the table shows them."""
    return [(g.title, str(b.playouts), str(b.horizon), f"{b.confidence:g}", b.why)
            for g in explorer.games() for b in [g.search_budget]]


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> nodes.table:
    table = nodes.table(classes=["budgets"])
    group = nodes.tgroup(cols=len(header))
    table += group
    for _ in header:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    body = nodes.tbody()
    group += head
    group += body
    for cells, part in [(header, head)] + [(row, body) for row in rows]:
        line = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=cell)
            line += entry
        part += line
    return table


class SearchBudgets(SphinxDirective):
    """The search budget every game declares, as a table."""

    def run(self) -> list[nodes.Node]:
        return [_table(COLUMNS, budget_rows())]


def setup(app: Sphinx) -> dict[str, bool]:
    app.add_directive("search-budgets", SearchBudgets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
