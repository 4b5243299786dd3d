"""PETS's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see: a hand's cards appear only in a view that
holds them.  In the HTML every group of a row is a ``span.group`` carrying
``data-row`` (from 1), ``data-group`` (from 0, left to right), ``data-kind``,
``data-count`` and, for the groups a player may take, ``data-end`` (``L``,
``R`` or ``LR`` for a row's only group), so a UI can highlight a take and the
group it would send to the Scoring Zone.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .moves import ANIMALS

EMOJI = {6: "🐦", 9: "🐷", 12: "🐟", 15: "🐰", 18: "🐥", 21: "🐱", 24: "🐶"}
COLOURS = {6: "#e3f2fd", 9: "#fce4ec", 12: "#e0f7fa", 15: "#f3e5f5", 18: "#fffde7", 21: "#fff3e0", 24: "#efebe9"}

CSS = """
<style>
.pets{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.pets table{border-collapse:collapse;margin:4px 0}
.pets td,.pets th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:middle}
.pets .card{display:inline-block;min-width:2.2em;text-align:center;border:1px solid #888;border-radius:4px;
 margin:1px;padding:1px 2px;font-size:13px}
.pets .card small{display:block;font-size:10px;color:#555}
.pets .group{display:inline-block;border:1px dashed #bbb;border-radius:5px;padding:1px;margin:1px 2px}
.pets .group[data-end]{border:2px solid #6a8fd0}
.pets .slot{display:inline-block;width:10px;height:10px;border:1px solid #999;margin:0 1px;border-radius:2px}
.pets .slot.on{background:#d0463b;border-color:#a02a20}
.pets .tomove{font-weight:bold;color:#b00}
.pets .muted{color:#888}
</style>
"""


def _card(kind: int) -> str:
    return (f'<span class="card" data-kind="{kind}" style="background:{COLOURS[kind]}">'
            f'{EMOJI[kind]} {kind}<small>{ANIMALS[kind]}</small></span>')


def _cards(cards: list[int]) -> str:
    return "".join(_card(k) for k in cards)


def _end(index: int, total: int) -> str:
    ends = ("L" if index == 0 else "") + ("R" if index == total - 1 else "")
    return f' data-end="{ends}"' if ends else ""


def status(view: dict[str, Any]) -> str:
    """One sentence: who is to move, or how the game ended."""
    names = view["names"]
    if view["winners"] is not None:
        who = " and ".join(names[p] for p in view["winners"])
        verb = "share the victory" if len(view["winners"]) > 1 else "wins"
        how = "after the third scoring" if view["ended_by"] == "rounds" else "by exhaustion"
        tail = f" ({view['tiebreak']})" if view["tiebreak"] else ""
        return f"Game over {how}: {who} {verb}{tail}."
    return f"{names[view['to_move']]} to move."


def table_html(view: dict[str, Any]) -> str:
    """The whole table: the rows by group, the Scoring Zone, each player's cards and scores."""
    names, kinds = view["names"], view["kinds"]
    rows = []
    for r, groups in enumerate(view["groups"]):
        cells = "".join(
            f'<span class="group" data-row="{r + 1}" data-group="{i}" data-kind="{kind}" data-count="{count}"'
            f'{_end(i, len(groups))}>{_cards([kind] * count)}</span>'
            for i, (kind, count) in enumerate(groups)
        ) or '<i class="muted">empty</i>'
        rows.append(f'<tr data-row="{r + 1}"><th>Row {r + 1}</th><td>{cells}</td>'
                    f"<td>{len(view['rows'][r])} cards</td></tr>")
    trigger = view["trigger"]
    zone = []
    for kind, count in zip(kinds, view["zone"]):
        slots = "".join(f'<span class="slot{" on" if i < count else ""}"></span>' for i in range(trigger))
        zone.append(f'<tr data-kind="{kind}"><td>{_card(kind)}</td><td>{slots}</td><td>{count}/{trigger}</td></tr>')
    players = []
    for p, name in enumerate(names):
        front = "".join(_cards([k] * n) + " " for k, n in zip(kinds, view["fronts"][p]) if n) or \
            '<i class="muted">nothing</i>'
        hand = view["hands"][p]
        size = view["hand_sizes"][p]
        if hand is not None:
            held = f"{size}: {_cards(hand)}" if hand else "0"
        elif view["known"][p]:
            held = f"{size}, known: {_cards(view['known'][p])}"
        else:
            held = str(size)
        cards, nkinds, points = view["score_now"][p]
        rounds = " + ".join(str(r[p]) for r in view["round_scores"]) or "-"
        mark = ' class="tomove"' if p == view["to_move"] else ""
        players.append(f'<tr data-player="{p}"><th{mark}>{escape(name)}{" ▶" if p == view["to_move"] else ""}</th>'
                       f"<td>{front}</td><td>{held}</td><td>{cards} × {nkinds} = {points}</td>"
                       f"<td>{rounds}</td><td><b>{view['totals'][p]}</b></td></tr>")
    draw_known = view.get("draw_known")
    known = " (its cards are known: they were the discard pile)" if draw_known is not None else ""
    return (
        CSS + '<div class="pets">'
        f"<div><b>Round {view['round']} of {view['rounds']}</b> &middot; draw pile: {view['draw']} cards{known}"
        f" &middot; discard pile: {len(view['discard'])} cards</div>"
        f"<div>{escape(status(view))}</div>"
        "<table><tr><th>Row</th><th>Groups (outlined: the end groups a player may take)</th><th></th></tr>"
        + "".join(rows) + "</table>"
        f"<table><tr><th>Scoring Zone</th><th colspan=2>{trigger} of a kind ends the round</th></tr>"
        + "".join(zone) + "</table>"
        "<table><tr><th>Player</th><th>In front</th><th>Hand</th><th>If the round ended now</th>"
        "<th>Rounds</th><th>Total</th></tr>" + "".join(players) + "</table></div>"
    )


def table_text(view: dict[str, Any]) -> str:
    """The table as plain text, for a terminal: groups in brackets, the Scoring Zone against its trigger."""
    names, kinds = view["names"], view["kinds"]
    width = max(len(n) for n in names)
    lines = [f"Round {view['round']} of {view['rounds']}, draw pile {view['draw']}, "
             f"discard pile {len(view['discard'])}. {status(view)}"]
    for r, groups in enumerate(view["groups"]):
        shown = " ".join("[" + " ".join([str(kind)] * count) + "]" for kind, count in groups)
        lines.append(f"  Row {r + 1}: {shown or '(empty)'}")
    zone = " ".join(f"{kind}:{count}" for kind, count in zip(kinds, view["zone"]))
    lines.append(f"  Scoring Zone ({view['trigger']} ends the round): {zone}")
    for p, name in enumerate(names):
        front = " ".join(f"{k}x{n}" for k, n in zip(kinds, view["fronts"][p]) if n) or "-"
        hand = view["hands"][p]
        held = " ".join(map(str, hand)) if hand is not None else (
            "? known " + " ".join(map(str, view["known"][p])) if view["known"][p] else "?")
        cards, nkinds, points = view["score_now"][p]
        mark = ">" if p == view["to_move"] else " "
        lines.append(f" {mark}{name:<{width}}  total {view['totals'][p]:>3}  now {cards}x{nkinds}={points:<3} "
                     f"front {front}  hand {view['hand_sizes'][p]}: {held}")
    return "\n".join(lines)
