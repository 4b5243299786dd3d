"""Keistad Kwartet's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they
show exactly what the viewer may see: their own hand, everyone's hand size,
the quartets laid down, the pot, the bonus cards played and the table's
knowledge, a matrix of players by quartets.  Names from the deck file are
marked as stand-ins when the view says they are.
"""

from __future__ import annotations

from html import escape
from typing import Any

CSS = """
<style>
.kk{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.kk table{border-collapse:collapse;margin:4px 0}
.kk td,.kk th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
.kk .card{display:inline-block;border:1px solid #888;border-radius:4px;margin:1px;padding:1px 4px;background:#fffbe6}
.kk .card small{color:#666}
.kk .bonus{background:#f3e6ff;border-color:#7a3fbf}
.kk .down{display:inline-block;border:1px solid #1f5fbf;border-radius:4px;margin:1px;padding:1px 4px;
 background:#d6e6ff;font-weight:bold}
.kk .tomove{font-weight:bold;color:#b00}
.kk .out{color:#888}
.kk .in{color:#1a7a1a;font-weight:bold}
.kk .not{color:#999;text-decoration:line-through}
.kk .some{color:#1f5fbf}
.kk .gone{background:#eee;color:#aaa}
.kk .note{font-size:12px;color:#6a4a00}
</style>
"""

BONUS_NAMES = {"BS": "Beeldenstorm", "KF": "Keistadfeesten", "SW": "Stadswandeling", "OM": "Open Monumentendagen"}


def _mark(view: dict[str, Any]) -> str:
    """The mark that follows a stand-in name."""
    return "*" if view["names_stand_in"] else ""


def card_label(view: dict[str, Any], card: str) -> str:
    """A card as text: ``"3.2 Gate tower*"`` (``*``: a stand-in name), or a bonus card's name."""
    if card in BONUS_NAMES:
        return BONUS_NAMES[card]
    q, k = (int(x) for x in card.split("."))
    return f"{card} {view['card_names'][q - 1][k - 1]}{_mark(view)}"


def quartet_label(view: dict[str, Any], q: int) -> str:
    """A quartet as text: ``"Quartet 3 (City walls*)"``."""
    return f"Quartet {q} ({view['quartet_names'][q - 1]}{_mark(view)})"


def _card_html(view: dict[str, Any], card: str) -> str:
    if card in BONUS_NAMES:
        return f'<span class="card bonus" title="bonus card">{escape(BONUS_NAMES[card])}</span>'
    q, k = (int(x) for x in card.split("."))
    name = escape(view["card_names"][q - 1][k - 1] + _mark(view))
    family = escape(view["quartet_names"][q - 1] + _mark(view))
    return f'<span class="card" title="{family}">{card} <small>{name}</small></span>'


def status(view: dict[str, Any]) -> str:
    names = view["names"]
    if view["winners"] is not None:
        who = " and ".join(names[p] for p in view["winners"])
        tail = f" ({view['tiebreak']})" if view["tiebreak"] else ""
        return f"Game over: {who} {'share the victory' if len(view['winners']) > 1 else 'wins'}{tail}."
    return f"{names[view['to_move']]} to move."


def _cell(cell: dict[str, Any]) -> str:
    parts = []
    if cell["in"]:
        parts.append('<span class="in">' + ",".join(map(str, cell["in"])) + "</span>")
    if cell["not"]:
        parts.append('<span class="not">' + ",".join(map(str, cell["not"])) + "</span>")
    if cell["some"] and not cell["in"]:
        parts.append('<span class="some">\u22651</span>')
    return " ".join(parts)


def knowledge_html(view: dict[str, Any]) -> str:
    """The table's knowledge: players by quartets; green: known in the hand, struck: known not, ≥1: holds one."""
    table = view["knowledge"]
    names = view["names"]
    down = set(table["down"])
    head = "".join(
        f'<th title="{escape(view["quartet_names"][q - 1] + _mark(view))}"{" class=gone" if q in down else ""}>'
        f"Q{q}</th>" for q in range(1, len(view["quartet_names"]) + 1))
    rows = []
    for p, row in enumerate(table["players"]):
        cells = "".join(
            f'<td class="gone"></td>' if cell["quartet"] in down else f"<td>{_cell(cell)}</td>"
            for cell in row["quartets"])
        bonus = ""
        if view["bonus"]["in_game"]:
            bits = ([f'<span class="in">{c}</span>' for c in row["bonus_in"]]
                    + [f'<span class="not">{c}</span>' for c in row["bonus_not"]])
            bonus = f"<td>{' '.join(bits)}</td>"
        rows.append(f"<tr><th>{escape(names[p])}</th>{cells}{bonus}<td>{row['unknown']} of {row['cards']}</td></tr>")
    bonus_head = "<th>Bonus</th>" if view["bonus"]["in_game"] else ""
    return ("<table><tr><th>What the table knows</th>" + head + bonus_head + "<th>Unknown cards</th></tr>"
            + "".join(rows) + "</table>"
            '<div class="note">Green: cards known to be in the hand; struck through: known not to be there; '
            "\u22651: known to hold some card of the quartet. Learnt from the asks and answers alone.</div>")


def table_html(view: dict[str, Any]) -> str:
    """The whole table: hands, quartets laid down, the pot, bonus cards and the knowledge matrix."""
    names = view["names"]
    to_move = view["to_move"]
    players = []
    for p, name in enumerate(names):
        hand = view["hands"][p]
        size = view["hand_sizes"][p]
        shown = ("".join(_card_html(view, c) for c in hand) or "<i>no cards</i>") if hand is not None \
            else f"<i>{size} card{'s' if size != 1 else ''}, hidden</i>"
        laid = "".join(f'<span class="down" title="{escape(view["quartet_names"][q - 1] + _mark(view))}">Q{q}</span>'
                       for q in view["laid"][p]) or "\u2013"
        mark = ' class="tomove"' if p == to_move else ""
        state = '<span class="out">out of the game</span>' if view["out"][p] else ""
        arrow = " \u25b6" if p == to_move else ""
        players.append(f"<tr><th{mark}>{escape(name)}{arrow}</th><td>{shown}</td>"
                       f"<td>{size}</td><td>{laid}</td><td>{view['scores'][p]}</td><td>{state}</td></tr>")
    bonus = view["bonus"]
    bonus_line = ""
    if bonus["in_game"]:
        played = ", ".join(f"{BONUS_NAMES[b['card']]} by {escape(names[b['by']])}" for b in bonus["played"]) or "none"
        removed = ", ".join(BONUS_NAMES[c] for c in bonus["removed"])
        removed = f" &middot; taken out at the deal: {escape(removed)}" if removed else ""
        bonus_line = (f"<div>Bonus cards played: {escape(played)}{removed} "
                      f'<span class="note">(what each bonus card does is {escape(bonus["effects"])})</span></div>')
    stand_in = (f'<div class="note">* {escape(view["names_note"] or "stand-in names")}.</div>'
                if view["names_stand_in"] else "")
    asking = "a whole quartet" if view["ask_for"] == "quartet" else "one named card"
    return (
        CSS + '<div class="kk">'
        f"<div><b>{escape(status(view))}</b> &middot; pot: {view['pot']} card{'s' if view['pot'] != 1 else ''} "
        f"face down &middot; players ask for {asking}</div>"
        "<table><tr><th>Player</th><th>Hand</th><th>Cards</th><th>Quartets laid down</th><th>Quartets</th><th></th>"
        "</tr>" + "".join(players) + "</table>"
        + bonus_line + knowledge_html(view) + stand_in + "</div>"
    )


def _cell_text(cell: dict[str, Any]) -> str:
    text = "".join(map(str, cell["in"]))
    if cell["not"]:
        text += "-" + "".join(map(str, cell["not"]))
    if cell["some"] and not cell["in"]:
        text += "+"
    return text or "."


def table_text(view: dict[str, Any]) -> str:
    """The table as plain text, for a terminal."""
    names = view["names"]
    width = max(len(n) for n in names)
    lines = [f"{status(view)} Pot: {view['pot']} cards."]
    for p, name in enumerate(names):
        hand = view["hands"][p]
        size = view["hand_sizes"][p]
        cards = " ".join(hand) if hand is not None else f"({size} card{'s' if size != 1 else ''} hidden)"
        laid = " ".join(f"Q{q}" for q in view["laid"][p]) or "-"
        out = "  [out]" if view["out"][p] else ""
        lines.append(f"  {name:<{width}}  quartets {view['scores'][p]:>2}: {laid:<20} hand: {cards or '-'}{out}")
    bonus = view["bonus"]
    if bonus["in_game"]:
        played = ", ".join(f"{BONUS_NAMES[b['card']]} by {names[b['by']]}" for b in bonus["played"]) or "none"
        lines.append(f"  Bonus cards played: {played} ({bonus['effects']}).")
        if bonus["removed"]:
            lines.append(f"  Taken out at the deal: {', '.join(BONUS_NAMES[c] for c in bonus['removed'])}.")
    table = view["knowledge"]
    down = set(table["down"])
    quartets = range(1, len(view["quartet_names"]) + 1)
    lines.append("  What the table knows (digits: cards known in the hand; -digits: known not; +: holds some;"
                 " #: laid down):")
    lines.append("  " + " " * width + "  " + " ".join(f"Q{q:<5}" for q in quartets) + " unknown")
    for p, row in enumerate(table["players"]):
        cells = " ".join(f"{'#' if c['quartet'] in down else _cell_text(c):<6}" for c in row["quartets"])
        lines.append(f"  {names[p]:<{width}}  {cells} {row['unknown']}/{row['cards']}")
    if view["names_stand_in"]:
        lines.append("  Quartets: " + "; ".join(f"{q} {view['quartet_names'][q - 1]}{_mark(view)}" for q in quartets)
                     + f" (* {view['names_note'] or 'stand-in names'})")
    return "\n".join(lines)
