"""Quartex's table as HTML with SVG (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see.  Each tile is drawn as its own small SVG
viewport with a symbol centred on each corner: the viewport clips the symbol
to a quarter, so four tiles meeting at a point draw the whole shape between
them, as the tiles do on a table.

A dashboard that lets a person place tiles by clicking passes a
:class:`Highlight`: the tiles of the hand become clickable, the spaces where
the chosen tile fits light up, and the ways it can lie on the chosen space
are drawn above the board; the other empty spaces beside the tiles may be
clicked too, to hear why the tile does not fit there.  Whatever can be
clicked carries a ``data-touch`` attribute (``tile:12``, ``space:3,-2``,
``move:12a1@3,-2``, ``move:show``, ``clear``); the drawing decides nothing,
the dashboard reads the attribute back.  The board's columns and rows are
numbered along its top and left edges, as moves write them (column,row).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any

from ...core import words
from ...core.declaration import Marks, no_marks
from .view import Phase, QuartexView

from .tiles import COLOURS, LETTERS, SHAPES, tile

#: The colour each symbol is drawn in, and a darker shade for its outline.
INK = {"purple": ("#8e44c9", "#5b2386"), "blue": ("#2f74d0", "#1b4a8c"), "red": ("#d83a34", "#8f1f1b"),
       "yellow": ("#f3c316", "#a07f00")}
#: A pale rim around a tile's number, so it reads over the symbols drawn beneath it.
HALO = ' stroke="#fbf8ef" stroke-width="3" stroke-linejoin="round" paint-order="stroke"'
CELL = 60  # pixels a space on the board: a tile's number reads from the back of a classroom
EDGE = 30  # pixels of the board's edges, where its columns and rows are numbered (room for "-10")
MINI = 34  # pixels a tile behind a shield
CORNER_AT = ((0, 0), (1, 0), (1, 1), (0, 1))
#: What makes a part of the table a button for the keyboard and a screen reader, as well as for the pointer.
BUTTON = ' tabindex="0" role="button"'
#: The colour of what a person may click while choosing a placement.
PICK = "#1a7f37"
PICK_FILL = "#2da44e"

Space = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Way:
    """One way to lay the chosen tile on the chosen space: its notation, its orientation in words (``"turned over,
    ¼ turn"``), its corners and the shapes it completes."""

    move: str
    orientation: str
    corners: str
    completes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Highlight:
    """What to light up while a person chooses a placement for ``player``'s tiles (drawing only).

    ``fitting`` are the tiles of the hand that fit somewhere now; ``tile`` is
    the one picked, ``spaces`` where it fits (space, number of ways) and
    ``space`` the space picked, whose ``ways`` are drawn to be clicked;
    ``unlit`` the other empty spaces beside the tiles (clicked, they say why
    the tile does not fit there).  ``others`` are the moves other than a
    placement that may be made, as (notation, words) to draw as buttons.
    ``prompt`` says in a sentence what to click next.
    """

    player: int
    fitting: frozenset[int] = frozenset()
    tile: int | None = None
    spaces: tuple[tuple[Space, int], ...] = ()
    space: Space | None = None
    ways: tuple[Way, ...] = ()
    prompt: str = ""
    unlit: tuple[Space, ...] = ()
    others: tuple[tuple[str, str], ...] = ()

CSS = """
<style>
.qx{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.qx table{border-collapse:collapse;margin:4px 0}
.qx td,.qx th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:middle}
.qx .tomove{font-weight:bold;color:#b00}
.qx .out{color:#888;text-decoration:line-through}
.qx .pile{display:inline-flex;align-items:center;gap:3px;margin-right:12px}
.qx svg{vertical-align:middle}
.qx .qx-board{height:auto}
@media (max-width:700px){.qx .qx-board{max-width:100%;min-width:var(--qx-least)}}
.qx .qx-board-box{overflow-x:auto}
.qx [data-touch]{cursor:pointer}
.qx g[data-touch]:hover .qx-lit{fill-opacity:.42}
.qx .qx-pick{background:#f3faf4;border:1px solid #b7e4c0;border-radius:8px;padding:6px 9px;margin:6px 0;
 display:flex;flex-direction:column;gap:5px}
.qx .qx-prompt{font-size:14px;color:#1f2328}
.qx .qx-ways{display:flex;flex-wrap:wrap;gap:6px}
.qx .qx-way{display:inline-flex;flex-direction:column;align-items:center;gap:2px;padding:4px 6px;background:#fff;
 border:1px solid #b7e4c0;border-radius:6px;font-size:13px;color:#333;min-width:56px}
.qx .qx-way:hover{border-color:#1a7f37;background:#e9f7ec}
.qx .qx-clear{font-size:13px;color:#2f6fdb;text-decoration:underline}
.qx .qx-other{align-self:flex-start;padding:5px 12px;border-radius:6px;background:#fff;border:2px solid #1a7f37;
 font-size:14px;color:#1a7f37;font-weight:600}
.qx g.qx-unlit:hover rect{stroke:#b42318;fill-opacity:.06}
.qx .qx-tokens{white-space:nowrap}
.qx .qx-row{display:inline-flex;flex-wrap:wrap;gap:4px;vertical-align:middle}
.qx .qx-row>span{display:inline-flex}
.qx .qx-key{font-size:12px;color:#59636e;margin:2px 0 6px 0}
</style>
"""


def _symbol(colour: str, cx: float, cy: float, size: float) -> str:
    """The symbol of ``colour`` centred on ``(cx, cy)``, about ``size`` across."""
    fill, line = INK[colour]
    r = size * 0.36
    if colour == "purple":  # an X
        w = size * 0.15
        return (f'<path d="M{cx - r:.1f},{cy - r:.1f}L{cx + r:.1f},{cy + r:.1f}M{cx + r:.1f},{cy - r:.1f}'
                f'L{cx - r:.1f},{cy + r:.1f}" stroke="{fill}" stroke-width="{w:.1f}" stroke-linecap="round"/>')
    if colour == "blue":  # a star of eight points
        points = []
        for k in range(16):
            radius = r * (1.05 if k % 2 == 0 else 0.45)
            angle = math.pi * k / 8
            points.append(f"{cx + radius * math.sin(angle):.1f},{cy - radius * math.cos(angle):.1f}")
        return f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="{line}" stroke-width="1"/>'
    if colour == "red":  # a diamond
        return (f'<polygon points="{cx:.1f},{cy - r:.1f} {cx + r:.1f},{cy:.1f} {cx:.1f},{cy + r:.1f} '
                f'{cx - r:.1f},{cy:.1f}" fill="{fill}" stroke="{line}" stroke-width="1"/>')
    return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.85:.1f}" fill="{fill}" stroke="{line}" stroke-width="1"/>'


def tile_svg(corners: list[str] | str, size: int, x: float = 0, y: float = 0, label: str | None = None,
             outline: str = "#999", width: float = 1) -> str:
    """One tile (corner letters clockwise from the top left) as an SVG viewport at ``(x, y)``."""
    parts = [f'<svg x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
             f'<rect width="{size}" height="{size}" fill="#fbf8ef"/>']
    for letter, (dx, dy) in zip(corners, CORNER_AT):
        parts.append(_symbol(COLOURS[LETTERS.index(letter)], dx * size, dy * size, size))
    if label:
        parts.append(f'<text x="{size / 2}" y="{size / 2 + 4}" font-size="{size * 0.26:.0f}" text-anchor="middle" '
                     f'fill="#333" font-weight="600"{HALO}>{escape(label)}</text>')
    parts.append(f'<rect x="{width / 2}" y="{width / 2}" width="{size - width}" height="{size - width}" fill="none" '
                 f'stroke="{outline}" stroke-width="{width}"/></svg>')
    return "".join(parts)


def _hidden_tile(size: int, x: float = 0) -> str:
    return (f'<svg x="{x:.1f}" width="{size}" height="{size}"><rect x="0.5" y="0.5" width="{size - 1}" '
            f'height="{size - 1}" fill="#ddd" stroke="#999"/><text x="{size / 2}" y="{size / 2 + 5}" '
            f'font-size="14" text-anchor="middle" fill="#888">?</text></svg>')


def _face_a(t: int) -> list[str]:
    return [LETTERS[c] for c in tile(t).corners]


def _row_of_tiles(tiles: list[int], hidden: int, shown: set[int] | None = None, pick: Highlight | None = None,
                  size: int = MINI) -> str:
    """A row of small tiles (face ``a``, unturned), then ``hidden`` backs of tiles; a long row wraps.

    With ``pick``, each tile is a button (``data-touch="tile:12"``): the picked
    one is outlined, those that fit nowhere now are faded.
    """
    if not tiles and not hidden:
        return "<i>none</i>"
    parts = ['<span class="qx-row">']
    for t in tiles:
        mark, width = ("#b00", 1.0) if shown and t in shown else ("#999", 1.0)
        if pick is None:
            parts.append(tile_svg(_face_a(t), size, label=str(t), outline=mark))
            continue
        fits = t in pick.fitting
        if t == pick.tile:
            mark, width = PICK, 4.0
        elif fits:
            mark, width = PICK, 1.5
        tip = f"tile {t}: click to see where it fits" if fits else f"tile {t} fits nowhere on the table now"
        style = "" if fits else ' style="opacity:.4"'
        classes = "qx-tile" + (" qx-fits" if fits else "") + (" qx-picked" if t == pick.tile else "")
        parts.append(f'<span data-touch="tile:{t}" class="{classes}"{BUTTON} '
                     f'title="{tip}"{style}>'
                     + tile_svg(_face_a(t), size, label=str(t), outline=mark, width=width) + "</span>")
    parts.extend(_hidden_tile(size) for _ in range(hidden))
    parts.append("</span>")
    return "".join(parts)


def _corner_colours(view: QuartexView) -> dict[tuple[int, int], str]:
    colours: dict[tuple[int, int], str] = {}
    for cell in view["board"]:
        x, y = cell["cell"]
        for letter, (dx, dy) in zip(cell["corners"], CORNER_AT):
            colours[(x + dx, y + dy)] = letter
    return colours


def board_svg(view: QuartexView, pick: Highlight | None = None, marks: Marks = no_marks) -> str:
    """The table: the tiles, the completed shapes ringed in their token's colour, the last tile and the frame.

    With ``pick``, the spaces where the picked tile fits are lit
    (``data-touch="space:3,-2"``), each with the number of ways it fits there.
    A space ``marks`` names ("the space 1,1", or "the tile on 1,1") is ringed with dashes.
    """
    board = view["board"]
    lit = dict(pick.spaces) if pick is not None else {}
    if not board and not lit:
        return "<div><i>The table is empty: the first tile may be any tile, in any orientation.</i></div>"
    x0, y0, x1, y1 = view["bounds"] or (0, 0, 0, 0)  # None only while the table is empty
    lo_x, lo_y, hi_x, hi_y = x0 - 1, y0 - 1, x1 + 1, y1 + 1
    frame = view["frame"]
    if frame and board:
        lo_x, lo_y = min(lo_x, x1 - frame + 1), min(lo_y, y1 - frame + 1)
        hi_x, hi_y = max(hi_x, x0 + frame - 1), max(hi_y, y0 + frame - 1)
    width, height = (hi_x - lo_x + 1) * CELL + EDGE, (hi_y - lo_y + 1) * CELL + EDGE

    def at(x: float, y: float) -> tuple[float, float]:
        return (x - lo_x) * CELL + EDGE, (y - lo_y) * CELL + EDGE

    # A phone draws the board smaller, but no smaller than 12/13 of full size, where the 13 px row and
    # column numbers read at 12 px; a wider screen draws it at full size.  A board wider than its frame scrolls inside it, and
    # the page does not.
    parts = [f'<div class="qx-board-box"><svg class="qx-board" width="{width}" height="{height}" '
             f'style="--qx-least:{-(-width * 12 // 13)}px" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="the table">', f'<rect width="{width}" height="{height}" fill="#eef3ea"/>']
    for x in range(lo_x, hi_x + 1):
        parts.append(f'<text class="qx-coord" x="{at(x, 0)[0] + CELL / 2}" y="{EDGE - 6}" font-size="13" '
                     f'text-anchor="middle" fill="#59636e">{x}</text>')
    for y in range(lo_y, hi_y + 1):
        parts.append(f'<text class="qx-coord" x="{EDGE - 4}" y="{at(0, y)[1] + CELL / 2 + 4}" font-size="13" '
                     f'text-anchor="end" fill="#59636e">{y}</text>')
    if frame and board:
        fx, fy = at(x1 - frame + 1, y1 - frame + 1)
        fw = (x0 + frame - 1 - (x1 - frame + 1) + 1) * CELL
        fh = (y0 + frame - 1 - (y1 - frame + 1) + 1) * CELL
        parts.append(f'<rect x="{fx}" y="{fy}" width="{fw}" height="{fh}" fill="#fff" fill-opacity="0.5" '
                     f'stroke="#6a6a6a" stroke-width="2" stroke-dasharray="6 4"><title>room left inside the '
                     f'{frame}×{frame} frame</title></rect>')
    last = view["last"]
    for cell in board:
        x, y = cell["cell"]
        px, py = at(x, y)
        parts.append(tile_svg(cell["corners"], CELL, px, py))
    for done in view["completed"]:
        px, py = at(*done["point"])
        token = done["token"]
        if token:
            parts.append(f'<circle cx="{px}" cy="{py}" r="{CELL * 0.42:.1f}" fill="none" stroke="{INK[token][1]}" '
                         f'stroke-width="3"><title>{done["colour"]} shape: a {token} token taken</title></circle>')
        else:
            parts.append(f'<circle cx="{px}" cy="{py}" r="{CELL * 0.42:.1f}" fill="none" stroke="#777" '
                         f'stroke-width="2" stroke-dasharray="3 3"><title>{done["colour"]} shape: no token '
                         f'left</title></circle>')
    if last is not None:
        px, py = at(*last)
        parts.append(f'<rect x="{px + 1.5}" y="{py + 1.5}" width="{CELL - 3}" height="{CELL - 3}" fill="none" '
                     f'stroke="#111" stroke-width="3"><title>the last tile placed</title></rect>')
    tiled = {tuple(cell["cell"]) for cell in board}
    for x in range(lo_x, hi_x + 1):
        for y in range(lo_y, hi_y + 1):
            looked = marks("", f"the {'tile on' if (x, y) in tiled else 'space'} {x},{y}")
            if looked:
                px, py = at(x, y)
                parts.append(f'<rect x="{px - 3}" y="{py - 3}" width="{CELL + 6}" height="{CELL + 6}" fill="none" '
                             f'stroke="#b34700" stroke-width="4" stroke-dasharray="8 5"{looked}/>')
    for cell in board:
        x, y = cell["cell"]
        px, py = at(x, y)
        parts.append(f'<text class="qx-label" x="{px + CELL / 2}" y="{py + CELL / 2 + 6}" font-size="17" '
                     f'font-weight="600" text-anchor="middle" fill="#333"{HALO}>{cell["tile"]}</text>')
    unlit = pick.unlit if pick is not None else ()
    tile = pick.tile if pick is not None else None
    for x, y in unlit:
        px, py = at(x, y)
        parts.append(f'<g data-touch="space:{x},{y}" class="qx-unlit"{BUTTON}><title>tile {tile} does not fit on '
                     f'{x},{y}: click to see why</title><rect x="{px + 3}" y="{py + 3}" width="{CELL - 6}" '
                     f'height="{CELL - 6}" rx="6" fill="#fff" fill-opacity="0" stroke="#c9ccd1" '
                     f'stroke-width="1" stroke-dasharray="2 4"/></g>')
    for (x, y), ways in sorted(lit.items(), key=lambda item: (item[0][1], item[0][0])):
        px, py = at(x, y)
        chosen = pick is not None and pick.space == (x, y)
        tip = f"tile {pick.tile} fits on {x},{y} in {ways} way{'s' if ways > 1 else ''}" if pick else ""
        tip += ": click to see them" if ways > 1 and not chosen else (": click to place it" if ways == 1 else "")
        dash = "" if chosen else ' stroke-dasharray="4 3"'
        parts.append(
            f'<g data-touch="space:{x},{y}" class="qx-space{" qx-chosen" if chosen else ""}"{BUTTON}>'
            f'<title>{tip}</title>'
            f'<rect class="qx-lit" x="{px + 3}" y="{py + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6" '
            f'fill="{PICK_FILL}" fill-opacity="{0.38 if chosen else 0.18}" stroke="{PICK}" '
            f'stroke-width="{3 if chosen else 1.5}"{dash}/>'
            f'<text x="{px + CELL / 2}" y="{py + CELL / 2 + 6}" font-size="17" font-weight="bold" '
            f'text-anchor="middle" fill="{PICK}">{"×" + str(ways) if ways > 1 else "+"}</text></g>')
    parts.append("</svg></div>")
    return "".join(parts)


def _pile(colour: str, count: int) -> str:
    size = 24
    return (f'<span class="pile" title="{words.count(count, colour + " token")}"><svg width="{size}" height="{size}">'
            f'<circle cx="12" cy="12" r="11" fill="#fff" stroke="#bbb"/>{_symbol(colour, 12, 12, 22)}</svg>'
            f'{count}</span>')


def _stock_pile(colour: str, count: int) -> str:
    """A pile of the stock: its tokens, and so what each token of its colour is worth now."""
    size = 24
    tokens = words.count(count, colour + " token")
    return (f'<span class="pile qx-stock-{colour}" title="{tokens} left in the stock: a {colour} '
            f'token is worth {count} now"><svg width="{size}" height="{size}"><circle cx="12" cy="12" r="11" '
            f'fill="#fff" stroke="#bbb"/>{_symbol(colour, 12, 12, 22)}</svg>{count}</span>')


def _ways_html(pick: Highlight) -> str:
    ways = []
    for way in pick.ways:
        done = ", ".join(way.completes)
        caption = f"{way.orientation}" + (f" · completes {done}" if done else "")
        ways.append(f'<span class="qx-way" data-touch="move:{escape(way.move)}"{BUTTON} '
                    f'title="place {escape(way.move)}">'
                    f'{tile_svg(way.corners, 56, outline=PICK, width=1.5)}<span>{escape(caption)}</span></span>')
    return f'<div class="qx-ways">{"".join(ways)}</div>' if ways else ""


def pick_html(view: QuartexView, pick: Highlight) -> str:
    """The bar above the board while a person chooses: what to click, the tiles in hand, the ways to lay one."""
    shield = view["shields"][pick.player]
    clear = f' <span class="qx-clear" data-touch="clear"{BUTTON}>start again</span>' if pick.tile is not None else ""
    others = "".join(f'<span class="qx-other" data-touch="move:{escape(move)}"{BUTTON}>'
                     f'{escape(words)}</span>' for move, words in pick.others)
    hand = (f'<div class="qx-hand">{_row_of_tiles(shield["tiles"], 0, pick=pick, size=56)}</div>'
            if shield["tiles"] else "")
    return (f'<div class="qx-pick" data-player="{pick.player}"><div class="qx-prompt">{escape(pick.prompt)}{clear}'
            f"</div>{hand}{_ways_html(pick)}{others}</div>")


_KEY = ('<div class="qx-key">Rings: completed shapes, in the colour of the token taken (dashed grey: the stock '
        'had none left). Black square: the last tile placed.</div>')


def table_html(view: QuartexView, pick: Highlight | None = None, marks: Marks | None = None) -> str:
    """The whole table: the stock, the board, each shield with its tokens, and what lies aside.

    With ``pick`` (a dashboard letting a person place a tile by clicking),
    the tiles of ``pick.player`` become buttons and the board lights up
    where the picked tile fits.  ``marks`` is given the parts a lesson may
    name: the stock, each player's tiles and tokens, the spaces of the board.
    """
    marks = marks or no_marks
    names = view["names"]
    to_move = view["to_move"]
    stock = "".join(_stock_pile(c, view["stock"][c]) for c in COLOURS)
    rows = []
    for p, name in enumerate(names):
        shield = view["shields"][p]
        hidden = shield["count"] - len(shield["tiles"])
        mine = pick if pick is not None and pick.player == p else None
        tiles = _row_of_tiles(shield["tiles"], hidden, set(shield["shown"]), pick=mine)
        tokens = "".join(_pile(c, view["tokens"][p][c]) for c in COLOURS)
        out = view["eliminated"][p]
        mark = ' class="tomove"' if p == to_move else (' class="out"' if out else "")
        status = "eliminated" if out else ("to move" if p == to_move else "")
        if out and shield["count"]:
            status += f": {shield['count']} tile{'s' if shield['count'] > 1 else ''} left, −{shield['count']}"
        behind, held = marks("", f"{name}'s tiles"), marks("", f"{name}'s tokens")
        rows.append(f'<tr class="qx-player" data-seat="{p}"><th{mark}>{escape(name)}{" ▶" if p == to_move else ""}'
                    f'</th><td class="qx-shield"{behind}>{tiles}</td><td class="qx-tokens"{held}>{tokens}</td>'
                    f'<td>{view["scores"][p]}</td>'
                    f"<td>{status}</td></tr>")
    extra = []
    if view["set_aside"]:
        who = f" by {escape(names[view['turn']])}" if view["turn"] is not None else ""
        extra.append(f"<div>Set aside{who}: "
                     f"{_row_of_tiles(view['set_aside'], 0)}</div>")
    if view["removed_count"]:
        shown = view["removed"]
        extra.append(f"<div>Left out of the game: {_row_of_tiles(shown, view['removed_count'] - len(shown))}</div>")
    frame = f" &middot; frame {view['frame']}×{view['frame']}" if view["frame"] else ""
    seen = "everyone" if view["viewer"] is None else escape(names[view["viewer"]])
    return (
        CSS + f'<div class="qx" data-viewer="{"all" if view["viewer"] is None else view["viewer"]}">'
        f"<div><b>{escape(_status(view))}</b> &middot; bag: {words.count(view['bag'], 'tile')}{frame} "
        f"&middot; seen by {seen}</div>"
        f'<div class="qx-stock"{marks("", "the stock")}>Stock (a token is worth what its pile holds): {stock}</div>'
        + (pick_html(view, pick) if pick is not None else "")
        + board_svg(view, pick, marks)
        + (_KEY if view["board"] else "")
        + "<table><tr><th>Player</th><th>Behind the shield (red outline: shown to all)</th><th>Tokens</th>"
        "<th>Score now</th><th></th></tr>" + "".join(rows) + "</table>" + "".join(extra) + "</div>"
    )


def _status(view: QuartexView) -> str:
    names, mover, turn = view["names"], view["to_move"], view["turn"]
    if view["winners"] is None and view["phase"] == Phase.POINT_OUT:
        assert mover is not None and turn is not None  # the game is not over
        return f"{names[mover]} may point out a placement for {names[turn]}'s tiles, or pass."
    return words.status_line(names, view["winners"], view["tiebreak"], mover)


def board_text(view: QuartexView) -> list[str]:
    """The board as lines of text: points as colour letters (capitals: completed shapes), spaces as tile numbers.

    The last tile placed carries a ``*``; columns are numbered along the top, rows down the left.
    """
    board = view["board"]
    bounds = view["bounds"]
    if not board or bounds is None:
        return ["  (the table is empty)"]
    x0, y0, x1, y1 = bounds
    tiles = {tuple(c["cell"]): c["tile"] for c in board}
    colours = _corner_colours(view)
    completed = {tuple(d["point"]) for d in view["completed"]}
    last = tuple(view["last"]) if view["last"] is not None else None
    lines = ["     " + "".join(f"{x:>3} " for x in range(x0, x1 + 1))]

    def points(y: int) -> str:
        out = []
        for x in range(x0, x1 + 2):
            letter = colours.get((x, y), ".")
            out.append(letter if (x, y) in completed else letter.lower())
            if x <= x1:
                out.append("---" if (x, y - 1) in tiles or (x, y) in tiles else "   ")
        return "    " + "".join(out)

    for y in range(y0, y1 + 1):
        lines.append(points(y))
        row = [f"{y:>3} "]
        for x in range(x0, x1 + 2):
            row.append("|" if (x - 1, y) in tiles or (x, y) in tiles else " ")
            if x <= x1:
                t = tiles.get((x, y))
                row.append("   " if t is None else f"{t:>2}{'*' if (x, y) == last else ' '}")
        lines.append("".join(row))
    lines.append(points(y1 + 1))
    return [line.rstrip() for line in lines]


def table_text(view: QuartexView) -> str:
    """The table as plain text, for a terminal."""
    names = view["names"]
    width = max(len(n) for n in names)
    frame = f", frame {view['frame']}x{view['frame']}" if view["frame"] else ""
    lines = [f"Bag {words.count(view['bag'], 'tile')}{frame}. {_status(view)}"]
    lines += board_text(view)
    lines.append("  Stock: " + ", ".join(f"{view['stock'][c]} {c} {s}" for c, s in zip(COLOURS, SHAPES)))
    for p, name in enumerate(names):
        shield = view["shields"][p]
        hidden = shield["count"] - len(shield["tiles"])
        tiles = " ".join(f"{t}{'!' if t in shield['shown'] else ''}" for t in shield["tiles"])
        tiles = (tiles + " " + " ".join("?" * hidden)).strip() if hidden else tiles
        tokens = " ".join(f"{LETTERS[i]}{view['tokens'][p][c]}" for i, c in enumerate(COLOURS))
        out = "  eliminated" if view["eliminated"][p] else ""
        lines.append(f"  {name:<{width}}  {view['scores'][p]:>3} pts  tokens {tokens}  tiles [{tiles or '-'}]{out}")
    if view["set_aside"]:
        lines.append(f"  Set aside: {' '.join(map(str, view['set_aside']))}")
    if view["removed_count"]:
        shown = view["removed"]
        lines.append(f"  Left out: {' '.join(map(str, shown)) if shown else str(view['removed_count']) + ' face down'}")
    lines.append("  (points: P purple X, B blue star, R red diamond, Y yellow circle; capitals: completed shapes;"
                 " ! a tile shown to all)")
    return "\n".join(lines)
