"""Keistad Kwartet's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they
show exactly what the viewer may see: their own hand, everyone's hand size,
the quartets laid down, the pot, the bonus cards played and the table's
knowledge, a matrix of players by quartets.  Names from the deck file are
marked as stand-ins when the view says they are.

In the HTML a hand the viewer may see is sorted into its quartets; a hidden
hand shows what the whole table knows of it (cards seen handed over, the
quartets it is known to hold a card of that nobody has placed) next to its
count of unknown cards.  The knowledge matrix draws each quartet's four
cards as four pips: known in the hand, known not there, or unknown, with a
dashed frame round a quartet of which the player is known to hold a card
nobody has placed.  Rows, cells and cards carry ``data-`` attributes
(``data-player``, ``data-quartet``, ``data-card``, ``data-state``) so that
pages and tests can find them.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from ...core.declaration import Marks, no_marks
from ...core.words import count, status_line
from .cards import parse_card
from .view import KeistadKwartetView, QuartetCell

CSS = """
<style>
.kk{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.kk table{border-collapse:collapse;margin:4px 0}
.kk td,.kk th{border:1px solid #d6d9de;padding:3px 6px;text-align:left;vertical-align:top}
.kk .players tr:first-child th{white-space:nowrap}
.kk .kk-head{margin-bottom:4px}
.kk .kk-seen{color:#59636e}
.kk .card{display:inline-block;border:1px solid #888;border-radius:4px;margin:1px;padding:1px 4px;background:#fffbe6;
 white-space:nowrap}
.kk .card small{color:#666}
.kk .out.won{color:#1a7f37;font-weight:700}
.kk .bonus{background:#f3e6ff;border-color:#7a3fbf}
.kk .known{background:#effaf1;border:1px dashed #1a7a1a}
.kk .some{background:#eef4ff;border:1px dashed #1f5fbf;color:#1f5fbf}
.kk .back{display:inline-block;width:14px;height:20px;margin:1px;border-radius:3px;vertical-align:middle;
 background:repeating-linear-gradient(45deg,#6d8fc9,#6d8fc9 3px,#8fb0e3 3px,#8fb0e3 6px);border:1px solid #4a6aa3}
.kk .grp{display:inline-block;border:1px solid #e1e4e8;border-radius:6px;padding:1px 3px;margin:1px 3px 1px 0;
 background:#fafbfc;white-space:nowrap}
.kk .grp .gq{font-size:11px;font-weight:700;color:#59636e;margin:0 3px 0 1px}
.kk .grp.three{border-color:#e0a800;background:#fff8e0}
.kk .down{display:inline-block;border:1px solid #1f5fbf;border-radius:4px;margin:1px;padding:1px 4px;
 background:#d6e6ff;font-weight:bold}
.kk .tomove{font-weight:bold;color:#b00}
.kk .out{color:#888}
.kk .hidden-note{color:#59636e;font-style:italic}
.kk .know td.kq{padding:2px 2px;white-space:nowrap}
.kk .know td,.kk .know th{padding:2px 4px}
.kk .know th.qh{text-align:center;padding:2px 3px;font-size:12px}
.kk .pip{display:inline-block;width:10px;height:15px;line-height:15px;margin:0;border-radius:2px;
 font-size:9px;text-align:center;border:1px solid #9aa3ad;color:#4a525c;background:#fff;box-sizing:border-box}
.kk .pip.in{background:#2e9e4f;border-color:#1a7a1a;color:#fff;font-weight:700}
.kk .pip.not{background:#e4e6ea;border-color:#e4e6ea;color:#a9b0b9;text-decoration:line-through}
.kk td.kq.some{outline:2px dashed #1f5fbf;outline-offset:-3px;background:#eef4ff}
.kk td.gone,.kk th.gone{background:#eceef1;color:#9aa1aa;text-align:center;font-size:12px}
.kk td.gone.mine{background:#d6e6ff;color:#1f5fbf;font-weight:700}
.kk .legend{font-size:12px;color:#444;margin-top:2px}
.kk .legend .pip,.kk .legend .swatch{vertical-align:middle}
.kk .legend .swatch{display:inline-block;width:20px;height:14px;border-radius:2px;outline:2px dashed #1f5fbf;
 outline-offset:-3px;background:#eef4ff}
.kk .note{font-size:12px;color:#6a4a00}
.kk .said-box{margin:6px 0;font-size:13px}
.kk .said-note{color:#59636e;font-size:12px}
.kk .said-list{list-style:none;margin:3px 0 0 0;padding:0}
.kk li.said{padding:2px 6px;border-left:3px solid #d6d9de;margin:2px 0;color:#444}
.kk li.said.latest{border-left-color:#2f6fdb;background:#f0f6ff;color:#1f2328}
.kk .said-k{color:#59636e;font-variant-numeric:tabular-nums}
.kk .said-none{color:#59636e;font-style:italic}
</style>
"""

BONUS_NAMES = {"BS": "Beeldenstorm", "KF": "Keistadfeesten", "SW": "Stadswandeling", "OM": "Open Monumentendagen"}
PER_QUARTET = 4


def _mark(view: KeistadKwartetView) -> str:
    """The mark that follows a stand-in name."""
    return "*" if view["names_stand_in"] else ""


def card_label(view: KeistadKwartetView, card: str) -> str:
    """A card as text: ``"3.2 Gate tower*"`` (``*``: a stand-in name), or a bonus card's name."""
    if card in BONUS_NAMES:
        return BONUS_NAMES[card]
    q, k = (int(x) for x in card.split("."))
    return f"{card} {view['card_names'][q - 1][k - 1]}{_mark(view)}"


def quartet_label(view: KeistadKwartetView, q: int) -> str:
    """A quartet as text: ``"Quartet 3 (City walls*)"``."""
    return f"Quartet {q} ({view['quartet_names'][q - 1]}{_mark(view)})"


def _family(view: KeistadKwartetView, q: int) -> str:
    return escape(view["quartet_names"][q - 1] + _mark(view))


def _card_html(view: KeistadKwartetView, card: str, extra: str = "", marks: Marks = no_marks) -> str:
    if card in BONUS_NAMES:
        return (f'<span class="card bonus{extra}" data-card="{card}"{marks(f"bonus:{card}", BONUS_NAMES[card])} '
                'title="bonus card">'
                f"{escape(BONUS_NAMES[card])}</span>")
    q, k = (int(x) for x in card.split("."))
    name = escape(view["card_names"][q - 1][k - 1] + _mark(view))
    return (f'<span class="card{extra}" data-card="{card}" title="{_family(view, q)}">{card} '
            f"<small>{name}</small></span>")


def status(view: KeistadKwartetView) -> str:
    return status_line(view["names"], view["winners"], view["tiebreak"], view["to_move"])


def _shown_hand(view: KeistadKwartetView, hand: list[str], marks: Marks = no_marks) -> str:
    """A hand the viewer may see, sorted into its quartets (a quartet three cards strong is marked); ``marks``
    makes each quartet's group (``quartet:<q>``) and each bonus card (``bonus:<card>``) a target."""
    if not hand:
        return "<i>no cards</i>"
    groups: dict[int, list[str]] = {}
    bonus = []
    for card in hand:
        if card in BONUS_NAMES:
            bonus.append(card)
        else:
            groups.setdefault(int(card.split(".")[0]), []).append(card)
    parts = []
    for q, cards in groups.items():
        three = " three" if len(cards) == PER_QUARTET - 1 else ""
        words = f"Quartet {q} ({view['quartet_names'][q - 1]}{_mark(view)})"
        parts.append(f'<span class="grp{three}" data-quartet="{q}"{marks(f"quartet:{q}", words)} '
                     f'title="{_family(view, q)}: '
                     f'{len(cards)} of {PER_QUARTET}"><span class="gq">Q{q}</span>'
                     + "".join(_card_html(view, c) for c in cards) + "</span>")
    parts += [_card_html(view, c, marks=marks) for c in bonus]
    return "".join(parts)


def _hidden_hand(view: KeistadKwartetView, p: int) -> str:
    """A hand the viewer may not see: its size, and what the whole table knows of it."""
    size = view["hand_sizes"][p]
    row = view["knowledge"]["players"][p]
    known = [f"{cell['quartet']}.{k}" for cell in row["quartets"] for k in cell["in"]] + list(row["bonus_in"])
    some = [cell["quartet"] for cell in row["quartets"] if cell["more"]]
    text = f'<span class="hidden-note">{count(size, "card")}, hidden</span>'
    if not known and not some:
        return text
    chips = "".join(_card_html(view, c, " known") for c in known)
    chips += "".join(f'<span class="card some" data-some="{q}" title="some card of {_family(view, q)}">'
                     f"Q{q}.?</span>" for q in some)
    unknown = row["unknown"]
    return (f'{text}<br><span class="hidden-note">the table knows:</span> {chips} '
            f'<span class="hidden-note">+ {unknown} unknown</span>')


def _pips(cell: QuartetCell) -> str:
    pips = []
    for k in range(1, PER_QUARTET + 1):
        state = "in" if k in cell["in"] else "not" if k in cell["not"] else "unknown"
        pips.append(f'<span class="pip {state}" data-card="{cell["quartet"]}.{k}" data-state="{state}">{k}</span>')
    return "".join(pips)


def _cell_title(view: KeistadKwartetView, name: str, cell: QuartetCell) -> str:
    q = cell["quartet"]
    facts = []
    if cell["in"]:
        facts.append("holds " + ", ".join(f"{q}.{k}" for k in cell["in"])
                     + (" and another card of it" if cell["more"] else ""))
    elif cell["some"]:
        facts.append("holds some card of it")
    if cell["not"]:
        facts.append("lacks " + ", ".join(f"{q}.{k}" for k in cell["not"]))
    known = "; ".join(facts) or "nothing known"
    return f"{name}, Quartet {q} ({view['quartet_names'][q - 1]}{_mark(view)}): {known}"


def knowledge_html(view: KeistadKwartetView) -> str:
    """The table's knowledge, players by quartets: four pips a quartet, one per card.

    A green pip is a card known to be in the hand, a struck grey one a card
    known not to be there, a white one a card nobody can place yet; a dashed
    frame says the player is known to hold a card of that quartet that
    nobody has placed.
    """
    table = view["knowledge"]
    names = view["names"]
    down = set(table["down"])
    owner = {q: p for p, laid in enumerate(view["laid"]) for q in laid}
    count = len(view["quartet_names"])
    head = "".join(
        f'<th class="qh{" gone" if q in down else ""}" data-quartet="{q}" title="{_family(view, q)}">Q{q}</th>'
        for q in range(1, count + 1))
    bonus_in_game = view["bonus"]["in_game"]
    rows = []
    for p, row in enumerate(table["players"]):
        cells = []
        for cell in row["quartets"]:
            q = cell["quartet"]
            if q in down:
                mine = owner.get(q) == p
                by = escape(names[owner[q]]) if q in owner else "a player"
                cells.append(f'<td class="kq gone{" mine" if mine else ""}" data-quartet="{q}" data-state="down"'
                             f' title="Quartet {q} laid down by {by}">{"laid" if mine else ""}</td>')
                continue
            some = " some" if cell["more"] else ""
            cells.append(f'<td class="kq{some}" data-quartet="{q}" data-in="{len(cell["in"])}" '
                         f'data-not="{len(cell["not"])}" title="{escape(_cell_title(view, names[p], cell))}">'
                         f"{_pips(cell)}</td>")
        bonus = ""
        if bonus_in_game:
            bits = ([f'<span class="pip in" data-card="{c}">{c}</span>' for c in row["bonus_in"]]
                    + [f'<span class="pip not" data-card="{c}">{c}</span>' for c in row["bonus_not"]])
            bonus = f'<td class="kb">{"".join(bits)}</td>'
        known = row["cards"] - row["unknown"]
        rows.append(f'<tr data-player="{p}" data-known="{known}" data-unknown="{row["unknown"]}">'
                    f"<th>{escape(names[p])}</th>{''.join(cells)}{bonus}"
                    f'<td class="unk">{row["unknown"]} of {row["cards"]}</td></tr>')
    bonus_head = '<th title="bonus cards known in the hand (green) or not there (struck)">Bonus</th>' \
        if bonus_in_game else ""
    legend = ('<div class="legend"><span class="pip in">2</span> known in the hand &nbsp; '
              '<span class="pip not">2</span> known not there &nbsp; <span class="pip">2</span> unknown &nbsp; '
              '<span class="swatch"></span> holds a card of it nobody has placed &nbsp; grey: laid down. '
              "Learnt from the asks and answers alone.</div>")
    return ('<div class="know-box"><b>What the table knows</b> (from the public asks and answers; the same for '
            'every player)<table class="know"><tr><th>Player</th>' + head + bonus_head
            + '<th title="cards the table cannot place, of the hand\'s size">Unknown</th></tr>' + "".join(rows)
            + "</table>" + legend + "</div>")


def _seen(view: KeistadKwartetView) -> str:
    viewer = view["viewer"]
    return "everyone" if viewer is None else view["names"][viewer]


def said_html(view: KeistadKwartetView, said: Sequence[tuple[int, str]]) -> str:
    """What was said at the table lately: ``said`` holds (move number, narration) pairs, oldest first.

    Each narration is an ask and its answer (``"Ana asks Bo for Quartet 3,
    card 2 — Bo has it and hands it over."``); the ask is set in bold and the
    latest line is marked.
    """
    if not said:
        who = view["names"][view["to_move"]] if view["to_move"] is not None else "nobody"
        return (f'<div class="said-box"><b>At the table</b> <span class="said-none">nothing said yet: '
                f"{escape(who)} asks first.</span></div>")
    items = []
    for i, (number, text) in enumerate(said):
        ask, dash, answer = text.partition(" \u2014 ")
        body = f"<b>{escape(ask)}</b> \u2014 {escape(answer)}" if dash else escape(text)
        latest = " latest" if i == len(said) - 1 else ""
        items.append(f'<li class="said{latest}" data-move="{number}"><span class="said-k">{number}.</span> '
                     f"{body}</li>")
    return ('<div class="said-box"><b>At the table</b> <span class="said-note">(the last moves as they were '
            'said: every ask and every answer is public)</span><ol class="said-list">' + "".join(items)
            + "</ol></div>")


def table_html(view: KeistadKwartetView, said: Sequence[tuple[int, str]] | None = None,
               marks: Marks | None = None, ask: str = "") -> str:
    """The whole table: hands, quartets laid down, the pot, bonus cards and the knowledge matrix.

    ``said`` (move number, narration) pairs, when given, are shown between
    the hands and the matrix as what was said at the table lately.
    ``marks`` makes targets of the players' names (``player:<p>``) and of
    the mover's quartets and bonus cards, for a page played on the table;
    ``ask`` (HTML) is drawn under the players.
    """
    marks = marks or no_marks
    winners = view["winners"]
    names = view["names"]
    to_move = view["to_move"]
    players = []
    for p, name in enumerate(names):
        hand = view["hands"][p]
        size = view["hand_sizes"][p]
        shown = (_shown_hand(view, hand, marks if p == to_move else no_marks) if hand is not None
                 else _hidden_hand(view, p))
        laid = view["laid"][p]
        chips = "".join(f'<span class="down" data-quartet="{q}" title="{_family(view, q)}">Q{q}</span>'
                        for q in laid)
        laid_html = f"<b>{len(laid)}</b> {chips}" if laid else "0"
        mark = ' class="tomove"' if p == to_move else ""
        arrow = " \u25b6" if p == to_move else ""
        out = ""
        if view["out"][p]:  # at the end, a player without cards has won, or just has no cards left
            out = ('<br><span class="out">out of the game</span>' if winners is None else
                   '<br><span class="out won">winner</span>' if p in winners else
                   '<br><span class="out">no cards left</span>')
        held = marks("", f"{name}'s hand")
        players.append(f'<tr data-player="{p}"><th{marks(f"player:{p}", f"ask {name}")}{mark}>'
                       f'{escape(name)}{arrow}{out}</th>'
                       f'<td class="hand" data-shown="{"yes" if hand is not None else "no"}" data-cards="{size}"'
                       f'{held}>'
                       f'{shown}</td><td class="size">{size}</td><td class="laid">{laid_html}</td></tr>')
    bonus = view["bonus"]
    bonus_line = ""
    if bonus["in_game"]:
        played = ", ".join(f"{BONUS_NAMES[b['card']]} by {escape(names[b['by']])}" for b in bonus["played"]) or "none"
        removed = ", ".join(BONUS_NAMES[c] for c in bonus["removed"])
        removed = f" &middot; taken out at the deal: {escape(removed)}" if removed else ""
        bonus_line = (f'<div class="bonus-line">Bonus cards played: {played}{removed} '
                      f'<span class="note">(what each bonus card does is {escape(bonus["effects"])})</span></div>')
    stand_in = (f'<div class="note">* {escape(view["names_note"] or "stand-in names")}.</div>'
                if view["names_stand_in"] else "")
    asking = "a whole quartet" if view["ask_for"] == "quartet" else "one named card"
    pot = view["pot"]
    return (
        CSS + f'<div class="kk" data-viewer="{"everyone" if view["viewer"] is None else view["viewer"]}">'
        f'<div class="kk-head"><b>{escape(status(view))}</b> <span class="kk-seen">(seen by '
        f'{escape(_seen(view))})</span> &middot; <span class="pot" data-pot="{pot}"{marks("", "the pot")}>pot: '
        f'{count(pot, "card")} face down</span> &middot; players ask for {asking}</div>'
        '<table class="players"><tr><th>Player</th><th>Hand</th><th>Cards</th><th>Laid down</th></tr>'
        + "".join(players) + "</table>" + ask
        + bonus_line + ("" if said is None else said_html(view, said)) + knowledge_html(view) + stand_in + "</div>"
    )


def _cell_text(cell: QuartetCell) -> str:
    text = "".join(map(str, cell["in"]))
    if cell["not"]:
        text += "-" + "".join(map(str, cell["not"]))
    if cell["more"]:
        text += "+"
    return text or "."


def table_text(view: KeistadKwartetView) -> str:
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
    lines.append("  What the table knows (digits: cards known in the hand; -digits: known not; +: holds another;"
                 " #: laid down):")
    lines.append("  " + " " * width + "  " + " ".join(f"Q{q:<5}" for q in quartets) + " unknown")
    for p, row in enumerate(table["players"]):
        cells = " ".join(f"{'#' if c['quartet'] in down else _cell_text(c):<6}" for c in row["quartets"])
        lines.append(f"  {names[p]:<{width}}  {cells} {row['unknown']}/{row['cards']}")
    if view["names_stand_in"]:
        lines.append("  Quartets: " + "; ".join(f"{q} {view['quartet_names'][q - 1]}{_mark(view)}" for q in quartets)
                     + f" (* {view['names_note'] or 'stand-in names'})")
    return "\n".join(lines)
