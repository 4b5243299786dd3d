"""Pet Quartet's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see.

A dashboard that lets a person play on the table passes ``marks``: a function
giving the attributes that make a part of the table clickable, for a target
named as the dashboard reads it back (``deck``, ``conductor:2``, ``card:2:7``
for a 7 under Conductor 2, ``collection:0:7`` for a 7 in seat 0's collection,
``pass``).  The drawing decides nothing; an empty answer leaves a part as it
is.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ...core.declaration import Marks, no_marks
from ...core.palette import player_color
from ...core.words import status_line
from .view import ConductorView, PetQuartetView, Phase

CSS = """
<style>
.pq{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:14px;color:#1f2328;line-height:1.35}
.pq .pq-bar{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center;margin-bottom:6px}
.pq .pq-round{font-weight:700;font-size:15px}
.pq .pq-pile{display:inline-block;min-width:32px;line-height:32px;text-align:center;font-weight:700;color:#fff;
 background:#6b4f2a;border-radius:4px;padding:0 4px;box-shadow:2px 2px 0 #b8a07a,4px 4px 0 #d8c6a6;margin-right:6px}
.pq .pq-muted{color:#6a737d;font-size:13px}
.pq .pq-viewer{margin-left:auto;font-size:12px;background:#eef1f4;border-radius:10px;padding:2px 8px;color:#444}
.pq .pq-status{margin:2px 0 8px 0;font-size:14px}
.pq .pq-status b{color:#b00}
.pq .pq-conductors{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:10px}
.pq .pq-cond{border:1px solid #d8dde3;border-radius:8px;padding:6px 8px;min-width:150px;background:#fdfcf8}
.pq .pq-cond.taken{background:#f1f2f4;border-style:dashed}
.pq .pq-cond-head{display:flex;justify-content:space-between;gap:8px;font-weight:600}
.pq .pq-room{font-weight:400;color:#6a737d;font-variant-numeric:tabular-nums}
.pq .tile{font-size:11px;color:#6a4a00;background:#fff1c2;border-radius:4px;padding:1px 5px;margin:3px 0;
 display:inline-block}
.pq .pq-slots{display:flex;gap:3px;margin:5px 0;min-height:34px;align-items:center}
.pq .card{display:inline-block;width:22px;height:30px;line-height:30px;text-align:center;border:1px solid #8c7a5b;
 border-radius:4px;background:#fffbe6;font-weight:700;font-size:13px;box-sizing:border-box;
 box-shadow:0 1px 1px rgba(0,0,0,.08)}
.pq .slot{display:inline-block;width:22px;height:30px;border:1px dashed #c8c8c8;border-radius:4px;box-sizing:border-box}
.pq .pq-cond-foot{font-size:12px;color:#6a737d}
.pq .pq-chip{display:inline-block;border-radius:10px;padding:0 7px;color:#fff;font-size:12px;font-weight:600}
.pq table.pq-players{border-collapse:collapse;width:100%}
.pq .pq-players th,.pq .pq-players td{border-bottom:1px solid #eceff2;padding:5px 6px;text-align:left;
 vertical-align:middle}
.pq .pq-players thead th{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#6a737d;font-weight:600}
.pq .pq-name{white-space:nowrap;font-weight:600;border-left:5px solid #999;padding-left:8px}
.pq tr.tomove .pq-name{color:#b00}
.pq tr.viewer{background:#fffaf0}
.pq .pq-you{font-size:10px;background:#333;color:#fff;border-radius:3px;padding:0 4px;margin-left:4px;
 vertical-align:middle}
.pq .pq-group{display:inline-flex;flex-direction:column;align-items:center;margin:0 6px 2px 0;vertical-align:top}
.pq .pq-fan{display:flex}
.pq .pq-fan .card{width:27px;text-align:left;padding-left:3px;box-shadow:-1px 0 0 #fff}
.pq .pq-fan .card+.card{margin-left:-9px}
.pq .pq-pass{display:inline-block;padding:4px 14px;border-radius:6px;border:2px solid #1a7f37;color:#1a7f37;
 background:#fff;font-weight:700;margin-left:8px}
.pq .pq-tag{font-size:10px;color:#6a737d;margin-top:1px}
.pq .solo{background:#d9f2d9;border-color:#2a7d2a}
.pq .quartet{background:#d6e6ff;border-color:#1f5fbf}
.pq .dead{background:#eee;color:#888;border-color:#bbb}
.pq .pq-players td.pq-score{font-weight:700;font-size:16px;font-variant-numeric:tabular-nums;text-align:right}
.pq .pq-state{font-size:12px;color:#6a737d;white-space:nowrap}
.pq .pq-legend{font-size:12px;color:#6a737d;margin-top:6px}
.pq .pq-legend .card{width:16px;height:16px;line-height:16px;font-size:10px;vertical-align:middle}
.pq .taken{opacity:.8}
.pq .tomove{font-weight:bold}
</style>
"""


def _card(n: int, cls: str = "") -> str:
    return f'<span class="card {cls}">{n}</span>'


def _group_class(count: int) -> str:
    return "solo" if count == 1 else "quartet" if count == 4 else "dead"


_color = player_color


def _chip(names: list[str], p: int) -> str:
    return f'<span class="pq-chip" style="background:{_color(p)}">{escape(names[p])}</span>'


def _conductor(cond: ConductorView, names: list[str], marks: Marks = no_marks) -> str:
    number = cond["number"]
    cards = "".join(f'<span class="card"{marks(f"card:{number}:{n}", f"the {n} under Conductor {number}")}>{n}</span>'
                    for n in cond["cards"])
    slots = "".join('<span class="slot"></span>' for _ in range(max(0, cond["limit"] - len(cond["cards"]))))
    tile = f'<div class="tile">{escape(cond["tile_title"])}</div>' if cond["tile_title"] else ""
    taken = cond["taken_by"]
    foot = f"taken by {_chip(names, taken)} this round" if taken is not None else "on the table"
    cls = "pq-cond taken" if taken is not None else "pq-cond"
    return (f'<div class="{cls}" data-conductor="{number}"{marks(f"conductor:{number}", f"Conductor {number}")}>'
            f'<div class="pq-cond-head">'
            f'<span>Conductor {cond["number"]}</span><span class="pq-room">{len(cond["cards"])}/{cond["limit"]}</span>'
            f'</div>{tile}<div class="pq-slots">{cards}{slots}</div><div class="pq-cond-foot">{foot}</div></div>')


def _collection(groups: dict[Any, int], seat: int = 0, marks: Marks = no_marks) -> str:
    shown = []
    for n, count in sorted(((int(n), c) for n, c in groups.items())):
        kind = _group_class(count)
        tag = "Soloist" if count == 1 else "Quartet" if count == 4 else f"{count} cards"
        fan = "".join(_card(n, kind) for _ in range(count))
        mark = marks(f"collection:{seat}:{n}", f"a {n} of this collection")
        shown.append(f'<span class="pq-group" data-number="{n}" data-count="{count}"{mark}><span class="pq-fan">{fan}'
                     f'</span><span class="pq-tag">{tag}</span></span>')
    return "".join(shown) or '<i class="pq-muted">no cards yet</i>'


def table_html(view: PetQuartetView, marks: Marks | None = None) -> str:
    """The whole table: Conductors (cards, room, tile, who took them), the deck, collections and scores.

    With ``marks``, the parts a person may touch to play carry its attributes (see the module's notes).
    """
    marks = marks or no_marks
    names = view["names"]
    to_move = view["to_move"]
    viewer = view.get("viewer")
    took = {cond["taken_by"]: cond["number"] for cond in view["conductors"] if cond["taken_by"] is not None}
    players = []
    for p, name in enumerate(names):
        classes = " ".join(c for c in ("tomove" if p == to_move else "", "viewer" if p == viewer else "") if c)
        you = '<span class="pq-you">seen by</span>' if p == viewer else ""
        arrow = " ▶" if p == to_move else ""
        if p in took:
            state = f"took Conductor {took[p]}"
        elif view["out"][p]:
            state = "out of the round"
        else:
            state = "in the round"
        owned = marks("", f"{name}'s collection")
        players.append(
            f'<tr class="{classes}" data-player="{p}"><th class="pq-name" style="border-left-color:{_color(p)}">'
            f"{escape(name)}{arrow}{you}</th><td{owned}>"
            f"{_collection(view['collections'][p], p, marks)}</td>"
            f'<td class="pq-score">{view["scores"][p]}</td><td class="pq-state">{state}</td></tr>')
    drawn = (f'<span>drawn: {_card(view["drawn"])}</span>' if view["drawn"] is not None else "")
    discard = (f'<span class="pq-muted">discarded: {" ".join(map(str, view["discard"]))}</span>'
               if view["discard"] else "")
    seen = (f'<span class="pq-viewer">seen by {escape(names[viewer])}: the deck\'s order stays hidden</span>'
            if viewer is not None else '<span class="pq-viewer">seen by everyone</span>')
    status = escape(_status(view))
    if to_move is not None and view["winners"] is None:
        status = status.replace(escape(names[to_move]), f"<b>{escape(names[to_move])}</b>", 1)
    words = "Leave it on the table" if view["phase"] == Phase.IMMEDIATE else "Pass"
    touch_pass = marks("pass", words)
    if touch_pass:
        status += f' <span class="pq-pass"{touch_pass}>{words}</span>'
    pile = f'<span class="pq-pile"{marks("deck", "the deck: draw a card")}>{view["deck"]}</span>'
    return (
        CSS + f'<div class="pq" data-round="{view["round"]}" data-deck="{view["deck"]}">'
        f'<div class="pq-bar"><span class="pq-round">Round {view["round"]}</span>'
        f'<span>{pile}cards in the deck</span>{drawn}'
        f'<span class="pq-muted">returned to the box: {view["returned"]}</span>{discard}{seen}</div>'
        f'<div class="pq-status">{status}</div>'
        f'<div class="pq-conductors">{"".join(_conductor(c, names, marks) for c in view["conductors"])}</div>'
        f'<table class="pq-players"><thead><tr><th>Player</th><th>Collection</th>'
        f'<th style="text-align:right">Score ({escape(view["scoring"])})</th><th>This round</th></tr></thead>'
        f'<tbody>{"".join(players)}</tbody></table>'
        f'<div class="pq-legend">{_card(7, "solo")} a Soloist scores &middot; {_card(7, "quartet")} a Quartet '
        f'scores &middot; {_card(7, "dead")} any other count scores nothing</div></div>'
    )


def _status(view: PetQuartetView) -> str:
    final = " Final turns." if view["end_triggered"] and view["winners"] is None else ""
    return status_line(view["names"], view["winners"], view["tiebreak"], view["to_move"]) + final


def table_text(view: PetQuartetView) -> str:
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
