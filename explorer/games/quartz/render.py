"""Quartz's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see: another player's Helper hand or Chest appears
as a count.  The deck's label ("reconstruction") is always shown.
"""

from __future__ import annotations

from html import escape
from typing import AbstractSet, Any

from ...core.declaration import Marks, no_marks
from ...core.words import article, game_over, names_list
from .deck import CARD_CODE, HELPERS, MineCard
from .view import LineCard, OddsView, Phase, QuartzView

CSS = """
<style>
.qz{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.qz .head{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px}
.qz .label{display:inline-block;background:#fff3cd;border:1px solid #d4a017;border-radius:4px;padding:0 5px;
 font-size:12px;color:#6a4a00}
.qz .piles{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0}
.qz .pile{background:#f3f1ec;border:1px solid #ddd6c8;border-radius:4px;padding:0 6px;font-size:12px;color:#444}
.qz .seen{font-size:12px;color:#59636e;margin:2px 0}
.qz .decision{background:#fff7e6;border:1px solid #f0c36d;border-left:5px solid #d48806;border-radius:6px;
 padding:4px 8px;margin:4px 0}
.qz .decision[data-phase=attack],.qz .decision[data-phase=cancel],.qz .decision[data-phase=choose]{
 background:#eef4ff;border-color:#9dbaf0;border-left-color:#1f4fbf}
.qz .decision[data-phase=defend]{background:#f5eeff;border-color:#c7a8ef;border-left-color:#6b2fbf}
.qz .decision[data-phase=over]{background:#effaf1;border-color:#b7e4c0;border-left-color:#1a7f37}
.qz .decision .detail{display:block;font-size:12px;color:#444}
.qz table.players{border-collapse:collapse;margin:4px 0;border:none}
.qz table.players td,.qz table.players th{border:1px solid #ccc;padding:3px 6px;text-align:left;
 vertical-align:top;background:#fff;color:#222;font-size:14px;line-height:1.4}
.qz .line{display:flex;flex-wrap:wrap;gap:4px;align-items:center;min-height:96px;padding:4px 6px;
 background:#3b3026;border-radius:6px}
.qz .line .empty{color:#cbbfa8}
.qz .line .card{display:inline-flex;flex-direction:column;align-items:center;align-self:flex-start;width:64px}
.qz .line .hire{font-size:12px;line-height:1.15;font-weight:700;color:#b7ecb7;text-align:center;margin-top:2px}
.qz .positions{display:flex;flex-wrap:wrap;align-items:center;gap:3px;margin:3px 0;font-size:12px}
.qz .poslabel{color:#59636e;margin-right:3px}
.qz .pos{display:inline-block;width:18px;text-align:center;border:1px solid #bbb;border-radius:3px;color:#999}
.qz .pos.taken{background:#ff8c00;border-color:#a05a00;color:#fff;font-weight:bold}
.qz .pos.clash{background:#d00000;border-color:#600;color:#fff;font-weight:bold}
.qz .posnote{color:#59636e;margin-left:4px}.qz .posnote.armed{color:#b00;font-weight:bold}
.qz .col{display:inline-flex;flex-direction:column;margin-right:6px;vertical-align:top}.qz .col>b{white-space:nowrap}
.qz .mini{display:inline-block;min-width:2.3em;text-align:center;border:1px solid #888;border-radius:3px;
 margin:1px 0;padding:0 3px;font-size:12px;background:#fff}
.qz .mini.hire{border-bottom:3px solid #1f6f1f}.qz .mini .unst{color:#b35900}
.qz .helper{display:inline-block;border:1px solid #777;border-radius:4px;margin:1px;padding:0 4px;font-size:12px}
.qz span.helper{display:inline-flex;flex-direction:column;align-items:flex-start;line-height:1.2;padding:2px 6px;
 vertical-align:top}
.qz span.helper .gloss{font-size:12px;color:#444;font-style:italic}
.qz .attack{background:#dbe7ff}.qz .defense{background:#eadcff}.qz .exploration{background:#d9f2d9}
.qz table.players tr.tomove th{color:#b00}.qz tr.active th .star{color:#d48806}
.qz tr.viewer th{text-decoration:underline dotted}
.qz .meter{background:#f4f4f4;border-left:4px solid #b00;padding:2px 6px;margin:4px 0}
.qz .hidden{color:#777;font-style:italic}
</style>
"""

#: Colours of the crystals (unknown crystals of a custom deck are grey).
CRYSTAL_COLOURS = {"Quartz": "#ececec", "Amethyst": "#b48ede", "Emerald": "#4caf78", "Sapphire": "#4f7fe0",
                   "Ruby": "#d33f49", "Amber": "#f0a830"}
#: The reconstruction's crystal letters (``deck.toml``), to colour a column named only by its code.
LETTER_CRYSTALS = {"Q": "Quartz", "A": "Amethyst", "E": "Emerald", "S": "Sapphire", "R": "Ruby", "B": "Amber"}
PHASES = {"announce": "announces: explore or protect", "attack": "may attack or pass",
          "defend": "may defend or pass", "cancel": "may cancel the Sai Fora! or pass",
          "choose": "chooses which drawn card to keep", "hire": "may hire a Helper",
          "decide": "decides: \"To work!\" or \"Enough for today!\"", "beleza": "may play Mas Que Beleza!"}
W, H = 64, 92
#: Where each of the six Unstable Crystal positions sits on a card: 1-3 down the left side, 4-6 down the right.
SPOTS = {1: (0, 22), 2: (0, 46), 3: (0, 70), 4: (W, 22), 5: (W, 46), 6: (W, 70)}


def card_svg(card: LineCard, clash: AbstractSet[int] = frozenset()) -> str:
    """One card of the Exploration Line, its Unstable Crystal positions drawn on its sides.

    An unstable crystal is an orange wedge at its position (red where two cards
    of the line share the position); an empty position is a small grey tick.
    """
    if card["helper_card"]:
        return (f'<svg width="{W}" height="{H}" viewBox="0 0 {W} {H}"><title>{escape(card["title"])}</title>'
                f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="5" fill="#dbe7ff" stroke="#1f4fbf"/>'
                f'<text x="{W / 2}" y="42" font-size="24" text-anchor="middle">&#127873;</text>'
                f'<text x="{W / 2}" y="66" font-size="9" text-anchor="middle">Presentinho</text></svg>')
    crystal = card["crystal"] or ""  # a Mine card always has one
    fill = CRYSTAL_COLOURS.get(crystal, "#cccccc")
    mid = W / 2
    parts = [f'<svg width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
             f'<title>{escape(card_words(card["card"], crystal))}</title>'
             f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="5" fill="#fffdf6" stroke="#555"/>'
             f'<text x="{mid}" y="15" font-size="13" text-anchor="middle" font-weight="bold">{card["value"]}</text>'
             f'<polygon points="{mid},20 {mid + 13},38 {mid},56 {mid - 13},38" fill="{fill}" stroke="#444"/>'
             f'<text x="{mid}" y="72" font-size="12" text-anchor="middle">{escape(crystal)}</text>']
    for p in range(1, 7):
        x, y = SPOTS[p]
        inward = 10 if x == 0 else -10
        if p in card["unstable"]:
            colour = "#d00000" if p in clash else "#ff8c00"
            parts.append(f'<polygon points="{x},{y - 8} {x + inward},{y} {x},{y + 8}" fill="{colour}" stroke="#600">'
                         f'<title>unstable crystal at position {p}</title></polygon>')
        else:
            parts.append(f'<line x1="{x}" y1="{y}" x2="{x + inward // 3}" y2="{y}" stroke="#bbb"/>')
    if card["hire"]:  # its words go under the card (see _line_card): a card's width holds no readable line of them
        parts.append(f'<rect x="3" y="{H - 5}" width="{W - 6}" height="3" rx="1.5" fill="#1f6f1f"/>')
    parts.append("</svg>")
    return "".join(parts)


def _line_card(card: LineCard, clash: AbstractSet[int]) -> str:
    """A card of the Exploration Line, with "Hire a Helper" under it when it lets its player hire one."""
    hire = '<span class="hire">Hire a Helper</span>' if card["hire"] else ""
    return f'<span class="card" data-card="{escape(card["card"])}">{card_svg(card, clash)}{hire}</span>'


def _mine_card(code: str, crystal: str | None) -> MineCard | None:
    """The Mine card a code names (its crystal named ``crystal``, else its letter), or None for another code."""
    match = CARD_CODE.match(code)
    if match is None:
        return None
    letter, value, hire, unstable = match.groups()
    return MineCard.make(crystal or letter, letter, int(value), bool(hire), tuple(int(p) for p in unstable or ""))


def card_words(code: str, crystal: str | None = None) -> str:
    """A Mine card as a player names it, from its code: ``"R6u14"`` of a Ruby is ``"Ruby 6 (unstable at 1
    and 4)"`` (:attr:`MineCard.label`); without its crystal, the card is named by its column's code, and a
    code that is not a card's stays as it is."""
    card = _mine_card(code, crystal)
    if card is None:
        return code
    return card.label if crystal else card.column + card.label[len(card.name):]


def _mini(code: str, crystal: str | None = None) -> str:
    """A card of a collection or Chest: its value, its unstable positions (&#9888;) and Helper icon (a green
    bar), its whole name on hover; its crystal is the column's."""
    colour = CRYSTAL_COLOURS.get(crystal or "", "#ffffff")
    card = _mine_card(code, crystal)
    if card is None:
        return f'<span class="mini" style="border-left:6px solid {colour}">{escape(code)}</span>'
    marks = f' <span class="unst">&#9888;{" ".join(map(str, card.unstable))}</span>' if card.unstable else ""
    words = escape(card_words(code, crystal))
    return (f'<span class="mini{" hire" if card.helper else ""}" data-card="{escape(code)}" title="{words}" '
            f'aria-label="{words}" style="border-left:6px solid {colour}">{card.value}{marks}</span>')


def helper_html(key: str, marks: Marks = no_marks, target: str = "") -> str:
    """A Helper card: its printed name, its English name under it, what it does on hover (``target``: what
    touching it is called, marked by ``marks``)."""
    helper = HELPERS.get(key)
    if helper is None:
        return f'<span class="helper">{escape(key)}</span>'
    attrs = marks(target, f"{helper.gloss}: {helper.does}") if target else ""
    return (f'<span class="helper {helper.kind}" data-helper="{key}" title="{escape(f"{helper.label}: {helper.does}")}"'
            f'{attrs}>{escape(helper.title)}<small class="gloss">{escape(helper.gloss)}</small></span>')


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _columns_html(columns: dict[str, list[str]], crystals: dict[str, str], marks: Marks = no_marks,
                  seat: int | None = None) -> str:
    """A collection (or Chest) laid out in columns, one column per crystal, its cards below its name
    (``seat``'s collection: each column a target ``column:<seat>:<column>`` for ``marks``)."""
    if not columns:
        return "<i>none</i>"
    return "".join(f'<span class="col" data-column="{escape(col)}"'
                   f'{"" if seat is None else marks(f"column:{seat}:{col}", _column_words(col, crystals))}>'
                   f'<b>{escape(_column_name(col, crystals))} &times;{len(cards)}</b>'
                   + "".join(_mini(c, crystals.get(col)) for c in cards) + "</span>"
                   for col, cards in columns.items())


def _column_name(column: str, crystals: dict[str, str]) -> str:
    """A column's crystal and value, ``"Ruby 6"`` (its code, for a crystal not named)."""
    crystal = crystals.get(column)
    return column if crystal is None else f"{crystal} {column[1:]}"


def _column_words(column: str, crystals: dict[str, str]) -> str:
    """A column as a player reads it: ``"the Ruby 6 column"``."""
    return f"the {_column_name(column, crystals)} column"


def _letter_crystals(view: QuartzView) -> dict[str, str]:
    """Each column on the table and its crystal, read from the reconstruction's letters."""
    columns = {col for player in view["players"] for part in (player["collection"], player["chest"] or {})
               for col in part}
    return {col: LETTER_CRYSTALS[col[0]] for col in columns if col[0] in LETTER_CRYSTALS}


def _line_positions(line: list[LineCard]) -> set[int]:
    """Positions that appear on more than one card of the line (drawn in red)."""
    seen: set[int] = set()
    twice: set[int] = set()
    for card in line:
        for p in card["unstable"]:
            (twice if p in seen else seen).add(p)
    return twice


def _drawn(view: QuartzView) -> str:
    """The cards Posso Ajudar? drew, in words: ``"a Ruby 6 (unstable at 1) and a Quartz 1"``."""
    return names_list(article(name) for name in view["drawn_names"])


def status(view: QuartzView) -> str:
    """One sentence: who decides what now, or how the game ended."""
    names = view["names"]
    winners, turn, mover = view["winners"], view["turn"], view["to_move"]
    if view["over"] and winners is not None:
        return game_over(names, winners, view["tiebreak"])
    assert turn is not None and mover is not None  # the game is not over
    text = f"{names[turn]}'s turn. {names[mover]} {PHASES.get(view['phase'], view['phase'])}."
    if view["window"]:
        text += f" (Chance to attack after the {view['window']}.)"
    attack = view["attack"]
    if attack:
        target = f" on {attack['aim']}" if attack["aim"] else ""
        text += f" Pending: {names[attack['attacker']]}'s {attack['title']}{target}."
    if view["drawn"]:
        text += f" Drawn by Posso Ajudar?: {_drawn(view)}."
    return text


#: A reaction window, in words: what the opponents may answer.
WINDOWS = {"announce": "after the announcement", "reveal": "after the reveal", "stop": "after the stop"}


def decision(view: QuartzView) -> tuple[str, str]:
    """Who decides now and between what, as (headline, detail): the table's banner."""
    names = view["names"]
    if view["over"]:
        return status(view), "Every Chest is open; the points below are final."
    turn, to_move, phase = view["turn"], view["to_move"], view["phase"]
    assert turn is not None and to_move is not None  # the game is not over
    active, mover = names[turn], names[to_move]
    attack = view["attack"]
    if phase == Phase.ATTACK:
        later = [names[p] for p in view["asked"][1:]]
        detail = f"Chance to attack {WINDOWS.get(view['window'] or '', '')}: each opponent in turn from {active}'s left."
        if later:
            detail += f" Then {names_list(later)}."
        return f"{mover} decides: attack {active} or pass", detail
    if phase == Phase.DEFEND and attack is not None:
        target = f" ({attack['aim']})" if attack["aim"] else ""
        return (f"{active} decides: defend or no defense",
                f"{names[attack['attacker']]} attacks with {attack['title']}{target}.")
    if phase == Phase.CANCEL:
        return (f"{mover} decides: Sai Fora! back, or pass",
                f"{active} answered the Presentinho with Sai Fora!: it goes back to {mover} unless cancelled.")
    if phase == Phase.CHOOSE:
        return (f"{mover} decides which drawn card to keep",
                f"Posso Ajudar? drew {_drawn(view)}: one is kept, the other joins {active}'s line.")
    if phase == Phase.DECIDE:
        return (f"{active} decides: \u201cTo work!\u201d or \u201cEnough for today!\u201d",
                "Reveal one more card, or stop and collect the line.")
    if phase == Phase.HIRE:
        last = f"the {view['line'][-1]['title']}" if view["line"] else "the card"
        return f"{active} decides: hire a Helper or keep {last}", "Hiring discards the card from the line."
    if phase == Phase.BELEZA:
        return f"{active} decides: Mas Que Beleza! or end the turn", "Protect one column as well as having explored."
    return f"{active} decides: explore or protect", "Announce the turn: explore the mine, or protect a column."


def _meter_text(odds: OddsView) -> str:
    return (f"Next card: {odds['accident'] * 100:.1f}% chance of an accident ({odds['unseen']} unseen cards); "
            f"stop now: +{odds['stop']} points; one more card: +{odds['reveal']:.2f} points on average "
            f"(advice: {odds['advice']}).")


def positions_html(line: list[LineCard]) -> str:
    """The six Unstable Crystal positions: which the line has taken (a second one there is an accident)."""
    taken: dict[int, list[str]] = {}
    armed = False
    for card in line:
        if card["helper_card"]:
            armed = True
        for p in card["unstable"]:
            taken.setdefault(p, []).append(card["card"])
    cells = []
    for p in range(1, 7):
        cards = taken.get(p, [])
        kind = "clash" if len(cards) > 1 else "taken" if cards else "free"
        tip = f"position {p}: " + (", ".join(cards) if cards else "free")
        cells.append(f'<span class="pos {kind}" data-position="{p}" title="{escape(tip)}">{p}</span>')
    note = ("a Presentinho is in the line: any Unstable Crystal is an accident" if armed
            else "an Unstable Crystal at a taken position is an accident" if taken else "no position taken yet")
    return (f'<div class="positions" data-taken="{",".join(map(str, sorted(taken)))}">'
            f'<span class="poslabel">Unstable positions</span>{"".join(cells)}'
            f'<span class="posnote{" armed" if armed else ""}">{escape(note)}</span></div>')


def table_html(view: QuartzView, crystals: dict[str, str] | None = None, marks: Marks | None = None,
               ask: str = "") -> str:
    """The whole table: who decides what, the Exploration Line, the decks, each player's collection, Chest and hand.

    ``crystals`` names the crystal of each column (``{"R6": "Ruby"}``) to
    colour the cards of collections (``deck.columns()``); without it the
    reconstruction's letters are read, and a deck of one's own is drawn plain.
    ``marks`` makes targets of the mover's Helper cards (``helper:<key>``)
    and of every collection's columns (``column:<seat>:<column>``), for a
    page played on the table; ``ask`` (HTML) is drawn just above the line.
    """
    marks = marks or no_marks
    names = view["names"]
    if crystals is None:
        crystals = {} if view["deck"]["custom"] else _letter_crystals(view)
    clash = _line_positions(view["line"])
    line = ("".join(_line_card(c, clash) for c in view["line"])
            or '<span class="empty">the line is empty</span>')
    deck = view["deck"]
    head = (f'<div class="head"><b>Quartz</b> &middot; deck: {escape(deck["name"])} '
            f'<span class="label" title="The rule book does not publish the deck: these cards are reconstructed">'
            f'{escape(view["label"])}</span></div>'
            f'<div class="piles"><span class="pile" data-pile="mine">Mine deck <b>{view["mine_deck"]}</b></span>'
            f'<span class="pile" data-pile="mine-discard">Mine discard <b>{len(view["mine_discard"])}</b></span>'
            f'<span class="pile" data-pile="helper">Helper deck <b>{view["helper_deck"]}</b></span>'
            f'<span class="pile" data-pile="helper-discard">Helper discard <b>{len(view["helper_discard"])}</b>'
            "</span></div>")
    viewer = view["viewer"]
    seen = (f'<div class="seen">seen by {escape(names[viewer])}: other hands and Chests show only their size</div>'
            if viewer is not None else '<div class="seen">seen by everyone: every hand and Chest is shown</div>')
    headline, detail = decision(view)
    banner = (f'<div class="decision" data-phase="{escape(view["phase"])}" data-to-move="'
              f'{"" if view["to_move"] is None else view["to_move"]}"><b>{escape(headline)}</b>'
              f'<span class="detail">{escape(detail)}</span></div>')
    # The explorer hides what it marks ex-gives-away while a lesson's question waits: the meter's advice is
    # the answer to a stop-or-go question.
    meter = f'<div class="meter ex-gives-away">{escape(_meter_text(view["odds"]))}</div>' if view["odds"] else ""
    rows = []
    for p, player in enumerate(view["players"]):
        classes = " ".join(c for c, on in (("tomove", p == view["to_move"]), ("active", p == view["turn"]),
                                            ("viewer", p == viewer)) if on)
        turn = ' <span class="star" title="whose turn it is">&#9733;</span>' if p == view["turn"] else ""
        chest = (_columns_html(player["chest"], crystals) if player["chest"] is not None
                 else f'<span class="hidden">{_cards(player["chest_count"])}, hidden</span>')
        mine = p == view["to_move"]
        hand = ("".join(helper_html(k, marks, f"helper:{k}" if mine else "") for k in player["hand"])
                or "<i>none</i>") if player["hand"] is not None \
            else f'<span class="hidden">{_cards(player["hand_count"])}, hidden</span>'
        if player["returned"]:
            hand += f" <span class=\"helper attack\">Presentinho returned &times;{player['returned']}</span>"
        score = (f"<b>{player['score']}</b>" if player["score"] is not None
                 else f"<b>{player['points_shown']}</b> + Chest")
        owned, held = marks("", f"{names[p]}'s collection"), marks("", f"{names[p]}'s hand")
        rows.append(f'<tr data-player="{p}" class="{classes}"><th>{escape(names[p])}{turn}</th>'
                    f'<td class="collection"{owned}>{_columns_html(player["collection"], crystals, marks, p)}</td>'
                    f'<td class="chest">{chest}</td><td class="hand"{held}>{hand}</td>'
                    f'<td class="points">{score}</td></tr>')
    return (CSS + '<div class="qz">' + head + seen + banner + ask +
            f'<div class="line" data-cards="{len(view["line"])}"{marks("", "the Exploration Line")}>{line}</div>'
            + positions_html(view["line"])
            + meter + '<table class="players"><tr><th>Player</th><th>Collection (columns)</th><th>Chest</th>'
            "<th>Helper hand</th><th>Points</th></tr>" + "".join(rows) + "</table>" + "</div>")


def table_text(view: QuartzView) -> str:
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
