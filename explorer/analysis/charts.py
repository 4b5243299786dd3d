"""Altair charts of a simulation's frame: scores, win rates with intervals, turn order, length.

Each function takes the frame :func:`explorer.analysis.simulate` returns (or
a table drawn from it) and returns an Altair chart with its data inline, so
a chart is one self-contained spec: save it, or show it with :func:`widget`,
which draws it with the Vega that comes bundled (no internet needed).
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from .stats import seat_results, win_rates

WIDTH = 420


def widget(chart: alt.TopLevelMixin):
    """``chart`` as a notebook widget drawn offline; give it the next chart with ``w.spec = c.to_dict()``."""
    from ..widgets.charts import LiveChart

    return LiveChart(chart)


def _seat_label(seats: pd.DataFrame, by: str) -> pd.Series:
    if by == "seat":
        return "seat " + (seats["seat"] + 1).astype(str) + " · " + seats["bot"]
    return seats[by].astype(str)


def score_distribution(frame: pd.DataFrame, by: str = "bot") -> alt.Chart:
    """How often each final score came up, per bot (``by="bot"``) or per seat (``by="seat"``)."""
    seats = seat_results(frame)
    seats["who"] = _seat_label(seats, by)
    counts = seats.groupby(["who", "score"]).size().reset_index(name="games")
    counts["share"] = counts["games"] / counts.groupby("who")["games"].transform("sum")
    return alt.Chart(counts, title="Final scores").mark_bar().encode(
        x=alt.X("score:O", title="final score"),
        xOffset=alt.XOffset("who:N"),
        y=alt.Y("share:Q", title="share of games", axis=alt.Axis(format="%")),
        color=alt.Color("who:N", title=None),
        tooltip=["who:N", "score:O", "games:Q", alt.Tooltip("share:Q", format=".1%")],
    ).properties(width=WIDTH, height=200)


def win_rate_chart(table: pd.DataFrame, title: str = "Win rate with 95% interval") -> alt.LayerChart:
    """A :func:`~explorer.analysis.stats.win_rates` table: each rate, its Wilson interval, and the even rate."""
    data = table.reset_index()
    key = data.columns[0]
    data["group"] = data[key].astype(str)
    base = alt.Chart(data, title=title)
    y = alt.Y("group:N", title=None, sort=list(data["group"]))
    bars = base.mark_rule(strokeWidth=2).encode(
        y=y, x=alt.X("low:Q", title="share of victories", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%")),
        x2="high:Q",
    )
    dots = base.mark_circle(size=90, opacity=1).encode(
        y=y, x="rate:Q",
        tooltip=["group:N", alt.Tooltip("rate:Q", format=".1%"), alt.Tooltip("low:Q", format=".1%"),
                 alt.Tooltip("high:Q", format=".1%"), alt.Tooltip("seats:Q", title="seat-games")],
    )
    even = alt.Chart(pd.DataFrame({"even": [float(data["even"].mean())]})).mark_rule(
        color="#888", strokeDash=[4, 3]).encode(x="even:Q")
    return alt.layer(bars, dots, even).properties(width=WIDTH, height=max(60, 28 * len(data)))


def first_seat_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Win rate by place in the turn order (1 moved first): is there a first-player advantage?"""
    table = win_rates(frame, by="order")
    table.index = [f"moved {n + 1}{'st' if n == 0 else 'nd' if n == 1 else 'rd' if n == 2 else 'th'}"
                   for n in table.index]
    return win_rate_chart(table, title="Win rate by turn order, with 95% interval")


def length_chart(frame: pd.DataFrame) -> alt.Chart:
    """How many moves the games took."""
    return alt.Chart(frame[["length"]], title="Moves a game").mark_bar().encode(
        x=alt.X("length:Q", bin=alt.Bin(maxbins=30), title="moves"),
        y=alt.Y("count():Q", title="games"),
    ).properties(width=WIDTH, height=160)


def variant_chart(table: pd.DataFrame, prefix: str, title: str) -> alt.LayerChart:
    """One rate of a :func:`~explorer.analysis.variants.variant_table` (``bot``, ``first`` or ``shared``) for each value."""
    rates = pd.DataFrame({
        "rate": table[f"{prefix}_rate"], "low": table[f"{prefix}_low"], "high": table[f"{prefix}_high"],
        "seats": table["games"], "even": table["even"] if prefix != "shared" else 0.0,
    })
    rates.index = [f"{table.index.name} = {value}" for value in table.index]
    return win_rate_chart(rates, title=title)
