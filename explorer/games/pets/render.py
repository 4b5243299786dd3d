"""PETS's table as HTML (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see: a hand's cards appear only in a view that
holds them.  In the HTML every group of a row is a ``span.group`` carrying
``data-row`` (from 1), ``data-group`` (from 0, left to right), ``data-kind``,
``data-count`` and, for the groups a player may take, ``data-end`` (``L``,
``R`` or ``LR`` for a row's only group), so a UI can highlight a take and the
group it would send to the Scoring Zone.

The HTML previews a take where the pointer rests: over a row's end group,
that group lights up blue (it goes to the hand), the next group inward
orange (it goes to the Scoring Zone), and the Scoring Zone shows what that
kind would reach.  A page with move buttons can ask for the same preview
when a button is hovered (``move_hover``), and can mark the last move
(``last``): both are pure presentation, read from public information.  The
group pointed at also says, beside the pointer, what the take would do.

A page that lets a person play on the table passes ``marks``: a function
giving the attributes that make a part of the table clickable, for a target
named as the page reads it back: ``hand:21`` (a cat of the hand of the
player to move), ``play:21x3`` (play three of them: drawn as a button only
when marked), ``end:2R`` (the right end of row 2, to add a card to: drawn
only when marked), ``take:2R`` (the group at that end) and ``group:2:1``
(a group inside a row).  The drawing decides nothing.
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from typing import Any

from ...core.declaration import Marks, no_marks
from ...core.palette import player_color
from ...core.words import status_line
from .moves import ANIMALS, PLURALS
from .view import PetsView

EMOJI = {6: "🐦", 9: "🐷", 12: "🐟", 15: "🐰", 18: "🐥", 21: "🐱", 24: "🐶"}
COLOURS = {6: "#e3f2fd", 9: "#fce4ec", 12: "#e0f7fa", 15: "#f3e5f5", 18: "#fffde7", 21: "#fff3e0", 24: "#efebe9"}
#: What a take's two groups become, in the preview and the legend.
TAKEN, MOVING = "#2f6fdb", "#e8710a"

CSS = """
<style>
.pets{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:14px;color:#1f2328;line-height:1.35}
.pets table{border-collapse:collapse;margin:2px 0}
.pets th,.pets td{padding:3px 6px;text-align:left;vertical-align:middle;border-bottom:1px solid #eceff2}
.pets thead th{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#6a737d;font-weight:600}
.pets .pets-bar{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center;margin-bottom:4px}
.pets .pets-round{font-weight:700;font-size:15px}
.pets .pets-pile{display:inline-block;min-width:1.9em;text-align:center;font-weight:700;color:#fff;
 background:#6b4f2a;border-radius:4px;padding:1px 4px;box-shadow:2px 2px 0 #b8a07a,4px 4px 0 #d8c6a6;margin-right:6px}
.pets .pets-pile.discard{background:#8a8f98;box-shadow:2px 2px 0 #c4c8ce}
.pets .pets-viewer{margin-left:auto;font-size:12px;background:#eef1f4;border-radius:10px;padding:2px 8px;color:#444}
.pets .pets-status{margin:2px 0 6px 0}
.pets .pets-last{font-size:13px;background:#f6f8fa;border-radius:8px;padding:4px 8px;margin:0 0 6px 0}
.pets .pets-last .card{transform:scale(.85)}
.pets .muted{color:#6a737d;font-size:13px}
.pets .card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;width:32px;height:38px;
 border:1px solid #9a8f80;border-radius:5px;margin:1px;font-size:13px;font-weight:700;box-sizing:border-box;
 line-height:1.05;box-shadow:0 1px 1px rgba(0,0,0,.08);vertical-align:middle}
.pets .card small{font-size:9px;font-weight:400;color:#444;letter-spacing:-.02em}
.pets .card.fresh{outline:3px solid #1a7f37;outline-offset:1px}
.pets .group{display:inline-flex;border:1px dashed #c3c8cf;border-radius:7px;padding:1px;margin:1px 2px;
 vertical-align:middle;transition:background .1s}
.pets .group[data-end]{border:2px solid #9db5e3;cursor:help;position:relative}
.pets .group[data-end]:hover::after{position:absolute;left:0;bottom:100%;margin-bottom:4px;z-index:3;
 white-space:nowrap;font-size:13px;font-weight:600;line-height:1.3;padding:3px 7px;border-radius:6px;background:#fff;
 border:1px solid #e7a46b;box-shadow:0 1px 4px rgba(0,0,0,.18);color:#1f2328}
.pets .ghost.open{display:inline-flex;cursor:pointer}
.pets .ghost.open::before{content:"+"}
.pets .pets-counts{display:inline-flex;gap:4px;margin-left:6px;vertical-align:middle}
.pets .pets-count{padding:3px 9px;border-radius:6px;border:2px solid #1a7f37;background:#fff;color:#1a7f37;
 font-weight:700;font-size:13px;white-space:nowrap}
.pets .pets-count:not([data-touch-ok]){border-color:#c9ccd1;color:#6a737d}
.pets .ghost{display:none;width:32px;height:38px;border:2px dashed #1a7f37;border-radius:5px;vertical-align:middle;
 margin:1px 4px;box-sizing:border-box;background:#effaf1;align-items:center;justify-content:center;font-weight:700;
 color:#1a7f37}
.pets .pets-rows td.cards{line-height:0}
.pets .pets-rows td.cards > *{line-height:1.35}
.pets .pets-rows th{white-space:nowrap}
.pets .pets-rows td.size{color:#6a737d;font-size:12px;white-space:nowrap}
.pets .zone{margin:8px 0 4px 0}
.pets .zone-head{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#6a737d;font-weight:600;
 margin-bottom:3px}
.pets .zone-kinds{display:flex;flex-wrap:wrap;gap:4px}
.pets .zone-kind{display:flex;flex-direction:column;align-items:center;gap:3px;width:78px;padding:4px 2px;
 border:1px solid #eceff2;border-radius:8px;background:#fff}
.pets .zone-kind.fresh{background:#effaf1;border-color:#b7e4c0}
.pets .slots{display:flex;gap:1px}
.pets .slot{display:inline-block;width:9px;height:12px;border:1px solid #aab;border-radius:2px;box-sizing:border-box}
.pets .slot.on{background:#d0463b;border-color:#a02a20}
.pets .zone-count{font-variant-numeric:tabular-nums;white-space:pre-line;font-size:12px;text-align:center;
 line-height:1.2}
.pets .zone-kind{position:relative}
.pets .zone-count::after{position:absolute;left:-1px;right:-1px;top:100%;margin-top:2px;padding:2px;z-index:2;
 background:#fff;border:1px solid #e7a46b;border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.pets .zone-kind .chip,.pets .zone-kind .muted{font-size:11px}
.pets table.players{margin-top:8px}
.pets .chip{display:inline-block;border-radius:10px;padding:0 7px;color:#fff;font-size:12px;font-weight:600}
.pets .name{white-space:nowrap;font-weight:600;border-left:5px solid #999;padding-left:8px}
.pets tr.tomove .name{color:#b00}
.pets tr.viewer{background:#fffaf0}
.pets .you{font-size:10px;background:#333;color:#fff;border-radius:3px;padding:0 4px;margin-left:4px;
 vertical-align:middle;font-weight:400}
.pets td.hand .card,.pets td.front .card{width:30px;height:32px;font-size:12px}
.pets td.hand .card small,.pets td.front .card small{font-size:8px}
.pets td.hand .known{opacity:.75}
.pets td.now,.pets td.total{font-variant-numeric:tabular-nums;white-space:nowrap}
.pets td.total{font-weight:700;font-size:16px;text-align:right}
.pets .legend{font-size:12px;color:#6a737d;margin-top:6px}
.pets .legend i{display:inline-block;width:12px;height:12px;border-radius:3px;vertical-align:middle;margin:0 3px}
</style>
"""


def _card(kind: int, cls: str = "", mark: str = "") -> str:
    extra = f" {cls}" if cls else ""
    return (f'<span class="card{extra}" data-kind="{kind}" style="background:{COLOURS[kind]}" '
            f'title="{EMOJI[kind]} {ANIMALS[kind]} ({kind})"{mark}>{kind}<small>{ANIMALS[kind]}</small></span>')


def _cards(cards: list[int], cls: str = "") -> str:
    return "".join(_card(k, cls) for k in cards)


_color = player_color


def _chip(names: list[str], p: int) -> str:
    return f'<span class="chip" style="background:{_color(p)}">{escape(names[p])}</span>'


def count_text(count: int, kind: int) -> str:
    """``"3 rabbits"``, ``"a dog"``."""
    return f"a {ANIMALS[kind]}" if count == 1 else f"{count} {PLURALS[kind]}"


def _end(index: int, total: int) -> str:
    return ("L" if index == 0 else "") + ("R" if index == total - 1 else "")


def take_of(groups: list[list[int]], end: str) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """What taking from one end of a row (its groups, left to right) does: the group taken, the group moved.

    >>> take_of([[24, 2], [15, 3], [6, 1]], "L")
    ((24, 2), (15, 3))
    >>> take_of([[12, 1]], "R")
    ((12, 1), None)
    """
    order = groups if end == "L" else groups[::-1]
    taken = (order[0][0], order[0][1])
    moved = (order[1][0], order[1][1]) if len(order) > 1 else None
    return taken, moved


def won_text(won: list[tuple[int, int]]) -> str:
    """A round's score written out: the cards won of each kind, times the kinds won.

    >>> won_text([(12, 1), (24, 3)])
    '(1 + 3) × 2 = 8'
    >>> won_text([(15, 3)]), won_text([])
    ('3 × 1 = 3', '0')
    """
    if not won:
        return "0"
    cards = " + ".join(str(n) for _, n in won)
    if len(won) > 1:
        cards = f"({cards})"
    return f"{cards} × {len(won)} = {sum(n for _, n in won) * len(won)}"


def won_by(view: PetsView, player: int) -> list[tuple[int, int]]:
    """The ``(kind, cards)`` ``player`` would win if the round ended now: the zone's cards of the kinds they show."""
    return [(k, z) for k, f, z in zip(view["kinds"], view["fronts"][player], view["zone"]) if f and z]


def status(view: PetsView) -> str:
    """One sentence: who is to move, or how the game ended."""
    how = "after the third scoring" if view["ended_by"] == "rounds" else "by exhaustion"
    return status_line(view["names"], view["winners"], view["tiebreak"], view["to_move"], how)


def _key(view: PetsView) -> str:
    """A short name for this table, so its preview rules touch no other table on the page."""
    text = json.dumps([view["groups"], view["zone"], view["fronts"], view["viewer"], view["to_move"]])
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def _rule(selectors: list[str], body: str) -> str:
    return ",".join(selectors) + "{" + body + "}"


def _preview_css(view: PetsView, key: str, move_hover: str | None) -> str:
    """The rules that light up a take (and, for move buttons, an add or a play) while it is hovered."""
    me = f'.pets[data-key="{key}"]'
    css = []
    for r, groups in enumerate(view["groups"], start=1):
        for end in "LR":
            if not groups or view["over"]:
                continue
            triggers = [f'{me}:has(.group[data-row="{r}"][data-end*="{end}"]:hover)']
            if move_hover:
                triggers.append(move_hover.format(prefix=f"take {r}{end}") + " " + me)
            moved = take_of(groups, end)[1]
            first = 0 if end == "L" else len(groups) - 1
            step = 1 if end == "L" else -1
            css.append(_rule([f'{t} .group[data-row="{r}"][data-group="{first}"]' for t in triggers],
                             f"background:{TAKEN}33;border:2px solid {TAKEN}"))
            if moved is None:
                taken = take_of(groups, end)[0]
                css.append(_rule([f'{me} .group[data-row="{r}"][data-group="{first}"]:hover::after'],
                                 f'content:"{count_text(taken[1], taken[0])} to the hand · nothing to the Scoring '
                                 'Zone"'))
                continue
            kind, count = moved
            # The group moving inward keeps its border's width (an outline thickens it): nothing shifts.
            css.append(_rule([f'{t} .group[data-row="{r}"][data-group="{first + step}"]' for t in triggers],
                             f"background:{MOVING}33;border-color:{MOVING};border-style:solid;"
                             f"outline:1px solid {MOVING}"))
            now = view["zone"][view["kinds"].index(kind)] + count
            ends = ": the round ends" if now >= view["trigger"] else ""
            taken = take_of(groups, end)[0]
            css.append(_rule([f'{me} .group[data-row="{r}"][data-group="{first}"][data-end*="{end}"]:hover::after'],
                             f'content:"{count_text(taken[1], taken[0])} to the hand · {count_text(count, kind)} '
                             f'to the Scoring Zone ({now} of {view["trigger"]}{ends})"'))
            css.append(_rule([f'{t} .zone-kind[data-kind="{kind}"]' for t in triggers],
                             f"background:{MOVING}22;border-color:{MOVING}"))
            # Drawn over what lies below the kind (see the CSS), so that pointing at a move button never
            # moves the buttons away from the pointer.
            css.append(_rule([f'{t} .zone-kind[data-kind="{kind}"] .zone-count::after' for t in triggers],
                             f'content:"+{count} → {now}{ends}";color:{MOVING};font-weight:700'))
    if move_hover:
        for r in range(1, len(view["groups"]) + 1):
            for end in "LR":
                ghost = f'{me} tr[data-row="{r}"] .ghost[data-end="{end}"]'
                css.append(_rule([move_hover.format(prefix=f"add {r}{end} ") + " " + ghost], "display:inline-flex"))
                for kind in view["kinds"]:
                    css.append(_rule([move_hover.format(prefix=f"add {r}{end} {kind}") + f" {ghost}::before"],
                                     f'content:"{kind}"'))
        for kind in view["kinds"]:
            trigger = move_hover.format(prefix=f"play {kind}x") + " " + me
            css.append(_rule([f'{trigger} tr.tomove td.hand .card[data-kind="{kind}"]'],
                             "outline:3px solid #1a7f37;outline-offset:1px"))
            css.append(_rule([f'{trigger} tr:not(.tomove) td.front .card[data-kind="{kind}"]'],
                             "outline:3px solid #b42318;outline-offset:1px;opacity:.6"))
    return "<style>" + "\n".join(css) + "</style>"


def last_html(view: PetsView, last: dict[str, Any]) -> str:
    """The last move in pictures: what went where."""
    names = view["names"]
    who = _chip(names, last["player"])
    if last["kind"] == "take":
        taken_kind, taken_count = last["taken"]
        side = "left" if last["end"] == "L" else "right"
        text = (f"{who} took {_cards([taken_kind] * taken_count)} from the {side} end of row {last['row']}")
        if last["moved"]:
            kind, count = last["moved"]
            text += f" &middot; {_cards([kind] * count)} went to the Scoring Zone"
            if last.get("scored"):
                text += f" and ended round {last['round']}"
        else:
            text += " &middot; nothing went to the Scoring Zone (the row's last group)"
    elif last["kind"] == "add":
        side = "left" if last["end"] == "L" else "right"
        text = f"{who} added {_card(last['card'])} to the {side} end of row {last['row']}"
    else:
        text = f"{who} played {_cards([last['card']] * last['count'])} in front of them"
        if last.get("beaten"):
            loser, lost = last["beaten"]
            text += f", beating {_chip(names, loser)}'s {count_text(lost, last['card'])} (discarded)"
    return (f'<div class="pets-last" data-last="{escape(last["move"])}"><span class="muted">Last move:</span> '
            f"{text}</div>")


def table_html(view: PetsView, last: dict[str, Any] | None = None, move_hover: str | None = None,
               marks: Marks | None = None) -> str:
    """The whole table: the rows by group, the Scoring Zone, each player's cards and scores.

    ``last`` (optional) describes the move that led here, to mark it: the
    keys ``kind`` (``"take"``, ``"add"`` or ``"play"``), ``move`` (its
    notation), ``player``, and for a take ``row`` (from 1), ``end``,
    ``taken`` and ``moved`` (``[kind, count]``, ``moved`` may be ``None``),
    ``scored`` and ``round``; for an add ``row``, ``end`` and ``card``; for a
    play ``card``, ``count`` and ``beaten`` (``[player, count]`` or
    ``None``).  ``move_hover`` (optional) is a CSS selector with a
    ``{prefix}`` slot: whatever it matches for a move's notation prefix
    (``"take 1L"``, ``"add 2R "``, ``"play 21x"``) also previews that move.
    ``marks`` (optional) makes parts of the table targets to play on (see the module's notes).
    """
    marks = marks or no_marks
    names, kinds = view["names"], view["kinds"]
    key = _key(view)
    last = last or None
    fresh_row = (last["row"], last["end"]) if last and last["kind"] == "add" else None
    rows = []
    for r, groups in enumerate(view["groups"], start=1):
        spans = []
        for i, (kind, count) in enumerate(groups):
            end = _end(i, len(groups))
            attrs = f'data-row="{r}" data-group="{i}" data-kind="{kind}" data-count="{count}"'
            cards = [_card(kind) for _ in range(count)]
            if fresh_row == (r, "L") and i == 0:
                cards[0] = _card(kind, "fresh")
            if fresh_row == (r, "R") and i == len(groups) - 1:
                cards[-1] = _card(kind, "fresh")
            words = f"take the group at the {'left' if end.startswith('L') else 'right'} end of row {r}"
            mark = (marks(f"take:{r}{end[0]}", words) if end else
                    marks(f"group:{r}:{i}", f"the group of {count_text(count, kind)} inside row {r}"))
            if end:
                tips = []
                for e in end:
                    taken, moved = take_of(groups, e)
                    into = (f"{count_text(moved[1], moved[0])} to the Scoring Zone" if moved
                            else "nothing to the Scoring Zone")
                    tips.append(f"take {r}{e}: {count_text(taken[1], taken[0])} into the hand, {into}")
                attrs += f' data-end="{end}" title="{escape("; ".join(tips))}"'
            spans.append(f'<span class="group" {attrs}{mark}>{"".join(cards)}</span>')
        body = "".join(spans) or '<i class="muted">empty</i>'
        ghosts = tuple(_ghost(r, e, marks) for e in "LR")
        size = len(view["rows"][r - 1])
        rows.append(f'<tr data-row="{r}"><th>Row {r}</th>'
                    f'<td class="cards"{marks("", f"row {r}")}>{ghosts[0]}{body}{ghosts[1]}</td>'
                    f'<td class="size">{size} card{"" if size == 1 else "s"}</td></tr>')
    trigger = view["trigger"]
    moved_kind = last["moved"][0] if last and last["kind"] == "take" and last["moved"] else None
    owners = {k: p for p, front in enumerate(view["fronts"]) for k, n in zip(kinds, front) if n}
    zone = []
    for kind, count in zip(kinds, view["zone"]):
        slots = "".join(f'<span class="slot{" on" if i < count else ""}"></span>' for i in range(max(trigger, count)))
        owner = _chip(names, owners[kind]) if kind in owners else '<span class="muted">nobody</span>'
        cls = "zone-kind fresh" if kind == moved_kind else "zone-kind"
        zone.append(f'<div class="{cls}" data-kind="{kind}" title="{count} {PLURALS[kind]} in the Scoring Zone; '
                    f'{trigger} end the round">{_card(kind)}<span class="slots">{slots}</span>'
                    f'<span class="zone-count">{count}/{trigger}</span>{owner}</div>')
    viewer, to_move = view.get("viewer"), view["to_move"]
    played = (last["player"], last["card"]) if last and last["kind"] == "play" else None
    players = []
    for p, name in enumerate(names):
        front = "".join(_cards([k] * n, "fresh" if (p, k) == played else "")
                        for k, n in zip(kinds, view["fronts"][p]) if n) or '<i class="muted">nothing</i>'
        hand = view["hands"][p]
        size = view["hand_sizes"][p]
        if hand is not None and p == to_move:
            held = f'<b>{size}</b> {_hand(hand, marks)}' if hand else "<b>0</b>"
        elif hand is not None:
            held = f'<b>{size}</b> {_cards(hand)}' if hand else "<b>0</b>"
        elif view["known"][p]:
            held = (f'<b>{size}</b> <span class="muted">hidden; known to hold</span> '
                    f'<span class="known">{_cards(view["known"][p])}</span>')
        else:
            held = f'<b>{size}</b> <span class="muted">hidden</span>'
        rounds = " + ".join(str(r[p]) for r in view["round_scores"]) or "–"
        classes = " ".join(c for c in ("tomove" if p == to_move else "", "viewer" if p == viewer else "") if c)
        you = '<span class="you">seen by</span>' if p == viewer else ""
        shown = marks("", f"{name}'s cards in front")
        players.append(
            f'<tr class="{classes}" data-player="{p}"><th class="name" style="border-left-color:{_color(p)}">'
            f'{escape(name)}{" ▶" if p == to_move else ""}{you}</th>'
            f'<td class="front"{shown}>{front}</td><td class="hand">{held}</td>'
            f'<td class="now">{won_text(won_by(view, p))}</td><td>{rounds}</td>'
            f'<td class="total">{view["totals"][p]}</td></tr>')
    draw_known = view.get("draw_known")
    known = ' <span class="muted">(its cards are known: they were the discard pile)</span>' if draw_known is not None \
        else ""
    seen = (f'<span class="pets-viewer">seen by {escape(names[viewer])}: other hands show only their size</span>'
            if viewer is not None else '<span class="pets-viewer">seen by everyone: every hand is shown</span>')
    state = escape(status(view))
    if to_move is not None and view["winners"] is None:
        state = state.replace(escape(names[to_move]), f"<b>{escape(names[to_move])}</b>", 1)
    return (
        CSS + _preview_css(view, key, move_hover)
        + f'<div class="pets" data-key="{key}" data-round="{view["round"]}" data-draw="{view["draw"]}">'
        f'<div class="pets-bar"><span class="pets-round">Round {view["round"]} of {view["rounds"]}</span>'
        f'<span><span class="pets-pile">{view["draw"]}</span>draw pile{known}</span>'
        f'<span><span class="pets-pile discard">{len(view["discard"])}</span>discard pile</span>{seen}</div>'
        f'<div class="pets-status">{state}</div>'
        + (last_html(view, last) if last else "")
        + '<table class="pets-rows"><tbody>' + "".join(rows) + "</tbody></table>"
        '<div class="legend">Point at a row\'s outlined end group to see a take: '
        f'<i style="background:{TAKEN}55"></i>into the hand, <i style="background:{MOVING}55"></i>'
        "the next group inward, to the Scoring Zone.</div>"
        f'<div class="zone"{marks("", "the Scoring Zone")}><div class="zone-head">Scoring Zone: {trigger} of a kind '
        'end the round '
        '&middot; under each kind, who shows it</div><div class="zone-kinds">' + "".join(zone) + "</div></div>"
        '<table class="players"><thead><tr><th>Player</th><th>In front</th><th>Hand</th>'
        "<th>If the round ended now</th><th>Rounds</th><th>Total</th></tr></thead><tbody>"
        + "".join(players) + "</tbody></table></div>"
    )


def _ghost(row: int, end: str, marks: Marks) -> str:
    """The place at one end of a row where an added card would go (shown while it may be clicked)."""
    side = "left" if end == "L" else "right"
    mark = marks(f"end:{row}{end}", f"add the card to the {side} end of row {row}")
    return f'<span class="ghost{" open" if mark else ""}" data-end="{end}"{mark}></span>'


def _hand(hand: list[int], marks: Marks) -> str:
    """The hand of the player to move: each kind a target, then the counts of it that may be played."""
    shown = []
    for kind in sorted(set(hand), key=hand.index):
        held = hand.count(kind)
        mark = marks(f"hand:{kind}", f"{count_text(held, kind)} in the hand")
        shown.append("".join(_card(kind, mark=mark) for _ in range(held)))
        counts = []
        for n in range(1, held + 1):
            play = marks(f"play:{kind}x{n}", f"play {count_text(n, kind)} in front of you")
            if play:
                counts.append(f'<span class="pets-count"{play}>play {n}</span>')
        if counts:
            shown.append(f'<span class="pets-counts">{"".join(counts)}</span>')
    return "".join(shown)


def table_text(view: PetsView) -> str:
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
