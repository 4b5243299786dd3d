"""Pet Quartet's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see.
"""

from __future__ import annotations

from html import escape
from typing import Any

CSS = """
<style>
.pq{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.pq table{border-collapse:collapse;margin:4px 0}
.pq td,.pq th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
.pq .card{display:inline-block;min-width:1.6em;text-align:center;border:1px solid #888;border-radius:4px;
 margin:1px;padding:1px 3px;background:#fffbe6}
.pq .solo{background:#d9f2d9;border-color:#2a7d2a}
.pq .quartet{background:#d6e6ff;border-color:#1f5fbf;font-weight:bold}
.pq .dead{background:#eee;color:#888}
.pq .taken{opacity:.55}
.pq .tile{font-size:12px;color:#6a4a00}
.pq .tomove{font-weight:bold;color:#b00}
</style>
"""


def _card(n: int, cls: str = "") -> str:
    return f'<span class="card {cls}">{n}</span>'


def _group_class(count: int) -> str:
    return "solo" if count == 1 else "quartet" if count == 4 else "dead"


def table_html(view: dict[str, Any]) -> str:
    """The whole table: Conductors, deck, collections and scores."""
    names = view["names"]
    to_move = view["to_move"]
    rows = []
    for cond in view["conductors"]:
        cards = "".join(_card(n) for n in cond["cards"]) or "<i>empty</i>"
        tile = f'<div class="tile">{escape(cond["tile_title"])}</div>' if cond["tile_title"] else ""
        taken = cond["taken_by"]
        status = f"taken by {escape(names[taken])}" if taken is not None else "on the table"
        cls = ' class="taken"' if taken is not None else ""
        rows.append(f"<tr{cls}><th>Conductor {cond['number']}{tile}</th><td>{cards}</td>"
                    f"<td>{len(cond['cards'])}/{cond['limit']}</td><td>{status}</td></tr>")
    players = []
    for p, name in enumerate(names):
        groups = " ".join(
            "".join(_card(int(n), _group_class(count)) for _ in range(count))
            for n, count in sorted(view["collections"][p].items(), key=lambda kv: int(kv[0]))
        ) or "<i>no cards</i>"
        mark = ' class="tomove"' if p == to_move else ""
        state = "out of the round" if view["out"][p] else "in the round"
        players.append(f"<tr><th{mark}>{escape(name)}{' ▶' if p == to_move else ''}</th><td>{groups}</td>"
                       f"<td>{view['scores'][p]}</td><td>{state}</td></tr>")
    status = _status(view)
    drawn = f" &middot; drawn card: {_card(view['drawn'])}" if view["drawn"] is not None else ""
    discard = (" &middot; discarded: " + "".join(_card(n, "dead") for n in view["discard"])) if view["discard"] else ""
    return (
        CSS + '<div class="pq">'
        f"<div><b>Round {view['round']}</b> &middot; deck: {view['deck']} cards{drawn}{discard}"
        f" &middot; returned to the box: {view['returned']}</div>"
        f"<div>{escape(status)}</div>"
        "<table><tr><th>Conductor</th><th>Cards</th><th>Room</th><th>This round</th></tr>" + "".join(rows) + "</table>"
        f"<table><tr><th>Player</th><th>Collection (green: Soloist, blue: Quartet)</th>"
        f"<th>Score ({escape(view['scoring'])})</th><th></th></tr>" + "".join(players) + "</table></div>"
    )


def _status(view: dict[str, Any]) -> str:
    names = view["names"]
    if view["winners"] is not None:
        who = " and ".join(names[p] for p in view["winners"])
        tail = f" ({view['tiebreak']})" if view["tiebreak"] else ""
        return f"Game over: {who} {'share the victory' if len(view['winners']) > 1 else 'wins'}{tail}."
    final = " Final turns." if view["end_triggered"] else ""
    return f"{names[view['to_move']]} to move.{final}"


def table_text(view: dict[str, Any]) -> str:
    """The table as plain text, for a terminal."""
    names = view["names"]
    width = max(len(n) for n in names)
    lines = [f"Round {view['round']}, deck {view['deck']} cards. {_status(view)}"]
    for cond in view["conductors"]:
        taken = cond["taken_by"]
        tile = f" [{cond['tile_title']}]" if cond["tile_title"] else ""
        who = f" taken by {names[taken]}" if taken is not None else ""
        lines.append(f"  Conductor {cond['number']}{tile}: {' '.join(map(str, cond['cards'])) or '-'}"
                     f" ({len(cond['cards'])}/{cond['limit']}){who}")
    for p, name in enumerate(names):
        groups = " ".join(
            f"{n}x{count}" + ("*" if count in (1, 4) else "")
            for n, count in sorted(view["collections"][p].items(), key=lambda kv: int(kv[0]))
        )
        lines.append(f"  {name:<{width}}  {view['scores'][p]:>3} pts  {groups or '-'}")
    lines.append("  (* scores: a Soloist or a Quartet)")
    return "\n".join(lines)
