"""Quartex's table as HTML with SVG (notebooks, dashboards) and as text (the command line).

Both read only a view (``state.view(player)``), never the state, so they show
exactly what the viewer may see.  Each tile is drawn as its own small SVG
viewport with a symbol centred on each corner: the viewport clips the symbol
to a quarter, so four tiles meeting at a point draw the whole shape between
them, as the tiles do on a table.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from .tiles import COLOURS, LETTERS, SHAPES, tile

#: The colour each symbol is drawn in, and a darker shade for its outline.
INK = {"purple": ("#8e44c9", "#5b2386"), "blue": ("#2f74d0", "#1b4a8c"), "red": ("#d83a34", "#8f1f1b"),
       "yellow": ("#f3c316", "#a07f00")}
CELL = 46  # pixels a space on the board
MINI = 34  # pixels a tile behind a shield
CORNER_AT = ((0, 0), (1, 0), (1, 1), (0, 1))

CSS = """
<style>
.qx{font-family:system-ui,sans-serif;font-size:14px;color:#222}
.qx table{border-collapse:collapse;margin:4px 0}
.qx td,.qx th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:middle}
.qx .tomove{font-weight:bold;color:#b00}
.qx .out{color:#888;text-decoration:line-through}
.qx .pile{display:inline-flex;align-items:center;gap:3px;margin-right:12px}
.qx svg{vertical-align:middle}
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


def tile_svg(corners: list[str], size: int, x: float = 0, y: float = 0, label: str | None = None,
             outline: str = "#999", width: float = 1) -> str:
    """One tile (corner letters clockwise from the top left) as an SVG viewport at ``(x, y)``."""
    parts = [f'<svg x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
             f'<rect width="{size}" height="{size}" fill="#fbf8ef"/>']
    for letter, (dx, dy) in zip(corners, CORNER_AT):
        parts.append(_symbol(COLOURS[LETTERS.index(letter)], dx * size, dy * size, size))
    if label:
        parts.append(f'<text x="{size / 2}" y="{size / 2 + 4}" font-size="{size * 0.26:.0f}" text-anchor="middle" '
                     f'fill="#555">{escape(label)}</text>')
    parts.append(f'<rect x="{width / 2}" y="{width / 2}" width="{size - width}" height="{size - width}" fill="none" '
                 f'stroke="{outline}" stroke-width="{width}"/></svg>')
    return "".join(parts)


def _hidden_tile(size: int, x: float = 0) -> str:
    return (f'<svg x="{x:.1f}" width="{size}" height="{size}"><rect x="0.5" y="0.5" width="{size - 1}" '
            f'height="{size - 1}" fill="#ddd" stroke="#999"/><text x="{size / 2}" y="{size / 2 + 5}" '
            f'font-size="14" text-anchor="middle" fill="#888">?</text></svg>')


def _row_of_tiles(tiles: list[int], hidden: int, shown: set[int] | None = None) -> str:
    """A row of small tiles (face ``a``, unturned), then ``hidden`` backs of tiles."""
    count = len(tiles) + hidden
    if not count:
        return "<i>none</i>"
    parts = [f'<svg width="{count * (MINI + 4)}" height="{MINI}">']
    for i, t in enumerate(tiles):
        corners = [LETTERS[c] for c in tile(t).corners]
        mark = "#b00" if shown and t in shown else "#999"
        parts.append(tile_svg(corners, MINI, i * (MINI + 4), 0, label=str(t), outline=mark))
    for i in range(len(tiles), count):
        parts.append(_hidden_tile(MINI, i * (MINI + 4)))
    parts.append("</svg>")
    return "".join(parts)


def _corner_colours(view: dict[str, Any]) -> dict[tuple[int, int], str]:
    colours: dict[tuple[int, int], str] = {}
    for cell in view["board"]:
        x, y = cell["cell"]
        for letter, (dx, dy) in zip(cell["corners"], CORNER_AT):
            colours[(x + dx, y + dy)] = letter
    return colours


def board_svg(view: dict[str, Any]) -> str:
    """The table: the tiles, the completed shapes ringed in their token's colour, the last tile and the frame."""
    board = view["board"]
    if not board:
        return "<div><i>The table is empty: the first tile may be any tile, in any orientation.</i></div>"
    x0, y0, x1, y1 = view["bounds"]
    lo_x, lo_y, hi_x, hi_y = x0 - 1, y0 - 1, x1 + 1, y1 + 1
    frame = view["frame"]
    if frame:
        lo_x, lo_y = min(lo_x, x1 - frame + 1), min(lo_y, y1 - frame + 1)
        hi_x, hi_y = max(hi_x, x0 + frame - 1), max(hi_y, y0 + frame - 1)
    width, height = (hi_x - lo_x + 1) * CELL, (hi_y - lo_y + 1) * CELL

    def at(x: float, y: float) -> tuple[float, float]:
        return (x - lo_x) * CELL, (y - lo_y) * CELL

    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="the table">', f'<rect width="{width}" height="{height}" fill="#eef3ea"/>']
    if frame:
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
    for cell in board:
        x, y = cell["cell"]
        px, py = at(x, y)
        parts.append(f'<text x="{px + CELL / 2}" y="{py + CELL / 2 + 4}" font-size="11" text-anchor="middle" '
                     f'fill="#444">{cell["tile"]}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _pile(colour: str, count: int) -> str:
    size = 24
    return (f'<span class="pile" title="{colour} tokens"><svg width="{size}" height="{size}">'
            f'<circle cx="12" cy="12" r="11" fill="#fff" stroke="#bbb"/>{_symbol(colour, 12, 12, 22)}</svg>'
            f'{count}</span>')


def table_html(view: dict[str, Any]) -> str:
    """The whole table: the board, the stock, each shield with its tokens, and what lies aside."""
    names = view["names"]
    to_move = view["to_move"]
    stock = "".join(_pile(c, view["stock"][c]) for c in COLOURS)
    rows = []
    for p, name in enumerate(names):
        shield = view["shields"][p]
        hidden = shield["count"] - len(shield["tiles"])
        tiles = _row_of_tiles(shield["tiles"], hidden, set(shield["shown"]))
        tokens = "".join(_pile(c, view["tokens"][p][c]) for c in COLOURS)
        mark = ' class="tomove"' if p == to_move else (' class="out"' if view["eliminated"][p] else "")
        status = "eliminated" if view["eliminated"][p] else ("to move" if p == to_move else "")
        rows.append(f"<tr><th{mark}>{escape(name)}{' ▶' if p == to_move else ''}</th><td>{tiles}</td>"
                    f"<td>{tokens}</td><td>{view['scores'][p]}</td><td>{status}</td></tr>")
    extra = []
    if view["set_aside"]:
        who = f" by {escape(names[view['turn']])}" if view["turn"] is not None else ""
        extra.append(f"<div>Set aside{who}: "
                     f"{_row_of_tiles(view['set_aside'], 0)}</div>")
    if view["removed_count"]:
        shown = view["removed"]
        extra.append(f"<div>Left out of the game: {_row_of_tiles(shown, view['removed_count'] - len(shown))}</div>")
    frame = f" &middot; frame {view['frame']}×{view['frame']}" if view["frame"] else ""
    return (
        CSS + '<div class="qx">'
        f"<div><b>{escape(_status(view))}</b> &middot; bag: {view['bag']} tiles{frame}</div>"
        f"<div>Stock: {stock}</div>"
        f"{board_svg(view)}"
        "<table><tr><th>Player</th><th>Behind the shield (red outline: shown to all)</th><th>Tokens</th>"
        "<th>Score</th><th></th></tr>" + "".join(rows) + "</table>" + "".join(extra) + "</div>"
    )


def _status(view: dict[str, Any]) -> str:
    names = view["names"]
    if view["winners"] is not None:
        who = " and ".join(names[p] for p in view["winners"])
        tail = f" ({view['tiebreak']})" if view["tiebreak"] else ""
        return f"Game over: {who} {'share the victory' if len(view['winners']) > 1 else 'wins'}{tail}."
    if view["phase"] == "point-out":
        return (f"{names[view['to_move']]} may point out a placement for {names[view['turn']]}'s tiles, "
                f"or pass.")
    return f"{names[view['to_move']]} to move."


def board_text(view: dict[str, Any]) -> list[str]:
    """The board as lines of text: points as colour letters (capitals: completed shapes), spaces as tile numbers.

    The last tile placed carries a ``*``; columns are numbered along the top, rows down the left.
    """
    board = view["board"]
    if not board:
        return ["  (the table is empty)"]
    x0, y0, x1, y1 = view["bounds"]
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


def table_text(view: dict[str, Any]) -> str:
    """The table as plain text, for a terminal."""
    names = view["names"]
    width = max(len(n) for n in names)
    frame = f", frame {view['frame']}x{view['frame']}" if view["frame"] else ""
    lines = [f"Bag {view['bag']} tiles{frame}. {_status(view)}"]
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
