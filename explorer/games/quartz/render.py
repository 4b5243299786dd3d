"""Quartz's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see: another player's Helper hand or Chest appears
as a count.  The deck's label ("reconstruction") is always shown.
"""

from __future__ import annotations

from html import escape
from typing import Any

CSS = """
<style>
.qz{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.qz table{border-collapse:collapse;margin:4px 0}
.qz td,.qz th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
.qz .label{display:inline-block;background:#fff3cd;border:1px solid #d4a017;border-radius:4px;padding:0 5px;
 font-size:12px;color:#6a4a00}
.qz .line{display:flex;gap:4px;align-items:center;min-height:96px;padding:4px 6px;background:#3b3026;border-radius:6px}
.qz .col{display:inline-flex;flex-direction:column;margin-right:6px;vertical-align:top}
.qz .mini{display:inline-block;min-width:2.3em;text-align:center;border:1px solid #888;border-radius:3px;
 margin:1px 0;padding:0 2px;font-size:12px}
.qz .helper{display:inline-block;border:1px solid #777;border-radius:4px;margin:1px;padding:0 4px;font-size:12px}
.qz .attack{background:#dbe7ff}.qz .defense{background:#eadcff}.qz .exploration{background:#d9f2d9}
.qz .tomove{font-weight:bold;color:#b00}
.qz .meter{background:#f4f4f4;border-left:4px solid #b00;padding:2px 6px;margin:4px 0}
.qz .hidden{color:#777;font-style:italic}
</style>
"""

#: Colours of the crystals (unknown crystals of a custom deck are grey).
CRYSTAL_COLOURS = {"Quartz": "#ececec", "Amethyst": "#b48ede", "Emerald": "#4caf78", "Sapphire": "#4f7fe0",
                   "Ruby": "#d33f49", "Amber": "#f0a830"}
HELPER_KIND = {"beleza": "exploration", "passa": "attack", "para": "attack", "posso": "attack",
               "presente": "attack", "isso": "attack", "semchance": "defense", "cadaver": "defense",
               "saifora": "defense"}
HELPER_TITLES = {"beleza": "Mas Que Beleza!", "passa": "Passa Isso Aqui...", "para": "Para, Para, Para!",
                 "posso": "Posso Ajudar?", "presente": "Um Presentinho Para Você...",
                 "isso": "Isso Não Te Pertence Mais...", "semchance": "Sem Chance!",
                 "cadaver": "Só Por Cima do Meu Cadáver!", "saifora": "Sai Fora!"}
PHASES = {"announce": "announces: explore or protect", "attack": "may attack or pass",
          "defend": "may defend or pass", "cancel": "may cancel the Sai Fora! or pass",
          "choose": "chooses which drawn card to keep", "hire": "may hire a Helper",
          "decide": "decides: \"To work!\" or \"Enough for today!\"", "beleza": "may play Mas Que Beleza!"}
W, H = 64, 92
#: Where each of the six Unstable Crystal positions sits on a card: 1-3 down the left side, 4-6 down the right.
SPOTS = {1: (0, 22), 2: (0, 46), 3: (0, 70), 4: (W, 22), 5: (W, 46), 6: (W, 70)}


def card_svg(card: dict[str, Any], clash: set[int] = frozenset()) -> str:
    """One card of the Exploration Line, its Unstable Crystal positions drawn on its sides.

    An unstable crystal is an orange wedge at its position (red where two cards
    of the line share the position); an empty position is a small grey tick.
    """
    if card["helper_card"]:
        return (f'<svg width="{W}" height="{H}" viewBox="0 0 {W} {H}"><title>{escape(card["title"])}</title>'
                f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="5" fill="#dbe7ff" stroke="#1f4fbf"/>'
                f'<text x="{W / 2}" y="42" font-size="24" text-anchor="middle">&#127873;</text>'
                f'<text x="{W / 2}" y="66" font-size="9" text-anchor="middle">Presentinho</text></svg>')
    fill = CRYSTAL_COLOURS.get(card["crystal"], "#cccccc")
    mid = W / 2
    parts = [f'<svg width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
             f'<title>{escape(card["card"])}: {escape(card["title"])}</title>'
             f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="5" fill="#fffdf6" stroke="#555"/>'
             f'<text x="{mid}" y="15" font-size="13" text-anchor="middle" font-weight="bold">{card["value"]}</text>'
             f'<polygon points="{mid},20 {mid + 13},38 {mid},56 {mid - 13},38" fill="{fill}" stroke="#444"/>'
             f'<text x="{mid}" y="68" font-size="9" text-anchor="middle">{escape(card["crystal"])}</text>'
             f'<text x="{mid}" y="{H - 8}" font-size="9" text-anchor="middle" fill="#555">'
             f'{escape(card["card"])}</text>']
    for p in range(1, 7):
        x, y = SPOTS[p]
        inward = 10 if x == 0 else -10
        if p in card["unstable"]:
            colour = "#d00000" if p in clash else "#ff8c00"
            parts.append(f'<polygon points="{x},{y - 8} {x + inward},{y} {x},{y + 8}" fill="{colour}" stroke="#600">'
                         f'<title>unstable crystal at position {p}</title></polygon>')
        else:
            parts.append(f'<line x1="{x}" y1="{y}" x2="{x + inward // 3}" y2="{y}" stroke="#bbb"/>')
    if card["hire"]:
        parts.append(f'<text x="{mid}" y="80" font-size="9" text-anchor="middle" fill="#1f6f1f" font-weight="bold">'
                     'Hire a Helper</text>')
    parts.append("</svg>")
    return "".join(parts)


def _mini(code: str) -> str:
    return f'<span class="mini">{escape(code)}</span>'


def _helper(key: str) -> str:
    return f'<span class="helper {HELPER_KIND.get(key, "")}">{escape(HELPER_TITLES.get(key, key))}</span>'


def _columns_html(columns: dict[str, list[str]]) -> str:
    if not columns:
        return "<i>none</i>"
    return "".join(f'<span class="col"><b>{escape(col)} &times;{len(cards)}</b>' + "".join(_mini(c) for c in cards)
                   + "</span>" for col, cards in columns.items())


def _line_positions(line: list[dict[str, Any]]) -> set[int]:
    """Positions that appear on more than one card of the line (drawn in red)."""
    seen: set[int] = set()
    twice: set[int] = set()
    for card in line:
        for p in card["unstable"]:
            (twice if p in seen else seen).add(p)
    return twice


def status(view: dict[str, Any]) -> str:
    """One sentence: who decides what now, or how the game ended."""
    names = view["names"]
    if view["over"]:
        who = " and ".join(names[p] for p in view["winners"])
        tail = f" ({view['tiebreak']})" if view["tiebreak"] else ""
        return f"Game over: {who} {'share the victory' if len(view['winners']) > 1 else 'wins'}{tail}."
    text = f"{names[view['turn']]}'s turn. {names[view['to_move']]} {PHASES.get(view['phase'], view['phase'])}."
    if view["window"]:
        text += f" (Chance to attack after the {view['window']}.)"
    attack = view["attack"]
    if attack:
        target = f" on {attack['target']}" if attack["target"] else ""
        text += f" Pending: {names[attack['attacker']]}'s {attack['title']}{target}."
    if view["drawn"]:
        text += f" Drawn by Posso Ajudar?: {', '.join(view['drawn'])}."
    return text


def _meter_text(odds: dict[str, Any]) -> str:
    return (f"Next card: {odds['accident'] * 100:.1f}% chance of an accident ({odds['unseen']} unseen cards); "
            f"stop now: +{odds['stop']} points; one more card: +{odds['reveal']:.2f} points on average "
            f"(advice: {odds['advice']}).")


def table_html(view: dict[str, Any]) -> str:
    """The whole table: the Exploration Line, the decks, and each player's collection, Chest and hand."""
    names = view["names"]
    clash = _line_positions(view["line"])
    line = "".join(card_svg(c, clash) for c in view["line"]) or '<span style="color:#ccc">the line is empty</span>'
    deck = view["deck"]
    head = (f'<div><b>Quartz</b> &middot; deck: {escape(deck["name"])} <span class="label">{escape(view["label"])}'
            f'</span> &middot; Mine deck: {view["mine_deck"]} &middot; Mine discard: {len(view["mine_discard"])}'
            f' &middot; Helper deck: {view["helper_deck"]} &middot; Helper discard: {len(view["helper_discard"])}'
            "</div>")
    meter = f'<div class="meter">{escape(_meter_text(view["odds"]))}</div>' if view["odds"] else ""
    rows = []
    for p, player in enumerate(view["players"]):
        mark = ' class="tomove"' if p == view["to_move"] else ""
        turn = " &#9733;" if p == view["turn"] else ""
        chest = (_columns_html(player["chest"]) if player["chest"] is not None
                 else f'<span class="hidden">{player["chest_count"]} card(s), hidden</span>')
        hand = ("".join(_helper(k) for k in player["hand"]) or "<i>none</i>") if player["hand"] is not None \
            else f'<span class="hidden">{player["hand_count"]} card(s), hidden</span>'
        if player["returned"]:
            hand += f" <span class=\"helper attack\">Presentinho returned &times;{player['returned']}</span>"
        score = player["score"] if player["score"] is not None else f"{player['points_shown']} + Chest"
        rows.append(f"<tr><th{mark}>{escape(names[p])}{turn}</th><td>{_columns_html(player['collection'])}</td>"
                    f"<td>{chest}</td><td>{hand}</td><td>{score}</td></tr>")
    return (CSS + '<div class="qz">' + head + f"<div>{escape(status(view))}</div>"
            f'<div class="line">{line}</div>' + meter +
            "<table><tr><th>Player</th><th>Collection (columns)</th><th>Chest</th><th>Helper hand</th>"
            "<th>Points</th></tr>" + "".join(rows) + "</table></div>")


def table_text(view: dict[str, Any]) -> str:
    """The table as plain text, for a terminal."""
    names = view["names"]
    width = max(len(n) for n in names)
    lines = [f"Quartz [{view['label']}] Mine deck {view['mine_deck']}, Helper deck {view['helper_deck']}. "
             f"{status(view)}"]
    cards = []
    for card in view["line"]:
        cards.append("[Presentinho]" if card["helper_card"] else f"[{card['card']}]")
    lines.append("  Line: " + (" ".join(cards) or "-"))
    if view["odds"]:
        lines.append("  " + _meter_text(view["odds"]))
    for p, player in enumerate(view["players"]):
        cols = " ".join(f"{col}x{len(c)}" for col, c in player["collection"].items()) or "-"
        chest = (" ".join(f"{col}x{len(c)}" for col, c in player["chest"].items()) or "-") \
            if player["chest"] is not None else f"{player['chest_count']} hidden"
        hand = (" ".join(player["hand"]) or "-") if player["hand"] is not None else f"{player['hand_count']} hidden"
        score = player["score"] if player["score"] is not None else f"{player['points_shown']}+?"
        lines.append(f"  {names[p]:<{width}}  {score!s:>6} pts  collection {cols} | chest {chest} | hand {hand}")
    return "\n".join(lines)
