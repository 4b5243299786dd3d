"""The move list: every move of the match, numbered, with its narration; click one to go there."""

from __future__ import annotations

from typing import Any, Sequence

import anywidget
import traitlets

_ESM = r"""
const MAX_NOTATION = 18;  // a longer notation wraps inside its column

function render({ model, el }) {
  el.classList.add("ex-movelist");
  const list = document.createElement("div");
  list.className = "ex-mv-scroll";
  el.appendChild(list);
  const rows = [];
  const key = (item) => [item.player, item.notation, item.text, item.into || "", item.first || ""].join("|");
  const start = document.createElement("div");
  start.className = "ex-mv ex-mv-start";
  start.dataset.k = "0";
  list.appendChild(start);
  rows.push(start);
  const row = (item, colors) => {
    const el = document.createElement("div");
    el.className = "ex-mv";
    el.dataset.k = String(item.k);
    el.dataset.notation = item.notation;
    el.dataset.key = key(item);
    el.title = `${item.text} (typed: ${item.notation})`;
    const n = document.createElement("span"); n.className = "ex-mv-n"; n.textContent = item.k;
    const who = document.createElement("span"); who.className = "ex-mv-who"; who.textContent = item.player;
    who.style.borderColor = colors[item.seat] || "#999";
    const nt = document.createElement("span"); nt.className = "ex-mv-notation"; nt.textContent = item.notation;
    const tx = document.createElement("span"); tx.className = "ex-mv-text"; tx.textContent = item.text;
    el.append(n, who, nt, tx);
    // A run of moves folded into one line: the earlier ones are kept (hidden), the last one reads for all.
    if (item.into) { el.classList.add("ex-folded"); el.dataset.into = String(item.into); }
    if (item.first) {
      el.classList.add("ex-fold");
      el.dataset.first = String(item.first);
      n.textContent = `${item.first}–${item.k}`;  // the moves' numbers take the players' place: the text names them
      who.remove();
    }
    return el;
  };
  // Moves are mostly added at the end, or replaced from some point on: keep the rows that did not
  // change, so the list neither jumps nor flickers.
  const build = (full) => {
    const items = model.get("items") || [];
    const colors = model.get("colors") || [];
    start.textContent = model.get("start_label") || "Start";
    let keep = 0;
    if (!full) {
      while (keep < items.length && keep + 1 < rows.length) {
        const item = items[keep];
        if (rows[keep + 1].dataset.key !== key(item)) { break; }
        keep += 1;
      }
    }
    for (const old of rows.splice(keep + 1)) { old.remove(); }
    for (const item of items.slice(keep)) {
      const el = row(item, colors);
      list.appendChild(el);
      rows.push(el);
    }
    // The notation column fits the longest notation (monospace: one ch a character), up to a bound.
    const longest = items.reduce((n, item) => Math.max(n, item.notation.length), 3);
    list.style.setProperty("--ex-mv-notation", `calc(${Math.min(longest, MAX_NOTATION)}ch + 2px)`);
    mark();
  };
  const mark = () => {
    const k = model.get("position");
    for (const each of rows) {
      const i = Number(each.dataset.k);
      each.classList.toggle("ex-current", i === k);
      each.classList.toggle("ex-future", i > k);
    }
    for (const each of rows) { each.classList.remove("ex-holds-current"); }
    let current = rows[k];
    if (current && current.dataset.into) {  // a folded move: the line it is read in lights up
      current = rows[Number(current.dataset.into)];
      if (current) { current.classList.add("ex-holds-current"); current.classList.remove("ex-future"); }
    }
    if (current) {
      const top = current.offsetTop;  // the list is the rows' offset parent (position: relative)
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
    el.dataset.position = String(k);
    el.dataset.count = String(rows.length - 1);
  };
  list.addEventListener("click", (event) => {
    const row = event.target.closest(".ex-mv");
    if (!row) { return; }
    model.set("position", Number(row.dataset.k));
    model.save_changes();
  });
  model.on("change:items", () => { build(false); requestAnimationFrame(mark); });
  model.on("change:colors", () => build(true));
  model.on("change:start_label", () => build(false));
  model.on("change:position", mark);
  build(true);
  requestAnimationFrame(mark);  // once the list is laid out, its current move is scrolled into view
  // The keyboard: ← → step, Home and End jump; not while typing, and only for the page's first explorer.
  const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
  const onKey = (event) => {
    const key = KEYS[event.key];
    if (!key || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    const mine = el.closest(".ex-explorer");
    if (!mine || mine !== document.querySelector(".ex-explorer")) { return; }
    event.preventDefault();
    model.send({ event: "key", key });
  };
  document.addEventListener("keydown", onKey);
  // A steady page: the table's card keeps the tallest height it has had at this width, so the charts
  // below it do not jump up and down as the table changes from move to move.
  let steady = null;
  let width = window.innerWidth;
  const table = () => { const ex = el.closest(".ex-explorer"); return ex && ex.querySelector(".ex-table-card"); };
  if (typeof ResizeObserver !== "undefined") {
    steady = new ResizeObserver(() => {
      const card = table();
      if (!card) { return; }
      if (window.innerWidth !== width) { width = window.innerWidth; card.style.minHeight = ""; return; }
      const tallest = Math.max(parseFloat(card.style.minHeight) || 0, card.getBoundingClientRect().height);
      card.style.minHeight = `${Math.ceil(tallest / (card.currentCSSZoom || 1))}px`;
    });
    requestAnimationFrame(() => { const card = table(); if (card) { steady.observe(card); } });
  }
  return () => { document.removeEventListener("keydown", onKey); if (steady) { steady.disconnect(); } };
}
export default { render };
"""

_CSS = r"""
.ex-movelist { font: 13px/1.35 system-ui, -apple-system, "Segoe UI", sans-serif; }
.ex-movelist .ex-mv-scroll { max-height: 460px; overflow-y: auto; border: 1px solid #e3e3e3;
  border-radius: 8px; background: #fff; position: relative; }
.ex-movelist .ex-mv { display: grid; gap: 6px;
  grid-template-columns: 2.4em 3.6em var(--ex-mv-notation, 4ch) minmax(0, 1fr);
  padding: 3px 8px; cursor: pointer; border-bottom: 1px solid #f3f3f3; align-items: baseline; }
.ex-movelist .ex-mv:hover { background: #f4f8ff; }
.ex-movelist .ex-mv-start { display: block; color: #666; font-style: italic; }
.ex-movelist .ex-mv-n { color: #999; text-align: right; font-variant-numeric: tabular-nums; }
.ex-movelist .ex-mv-who { border-left: 4px solid #999; padding-left: 4px; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.ex-movelist .ex-mv-notation { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-weight: 600;
  overflow-wrap: anywhere; }
/* The notation column is the typed moves' language: it shows while the move buttons and their box do. */
.ex-explorer:not(.ex-notation-on) .ex-movelist .ex-mv { grid-template-columns: 2.4em 3.6em minmax(0, 1fr); }
.ex-explorer:not(.ex-notation-on) .ex-mv-notation,
.ex-explorer:not(.ex-notation-on) .ex-notation-said { display: none; }
.ex-movelist .ex-mv-text { color: #444; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ex-movelist .ex-future { opacity: .45; }
.ex-movelist .ex-folded { display: none; }
.ex-movelist .ex-fold .ex-mv-n { grid-column: span 2; text-align: left; white-space: nowrap; }
.ex-movelist .ex-current, .ex-movelist .ex-holds-current { background: #fff4cc; box-shadow: inset 3px 0 0 #e0a800;
  opacity: 1; }
.ex-movelist .ex-current:hover { background: #ffefb3; }
"""


def folded(items: list[dict[str, Any]], runs: Sequence[tuple[int, int, str]]) -> list[dict[str, Any]]:
    """The move list's ``items`` with each run ``(first, last, text)`` of them read as one line.

    The run's last item says ``text`` for all of them and names its first
    move (and, in ``who``, its players); the others stay in the list (their
    position can still be shown: the run's line lights up), hidden.

    >>> rows = [{"k": k, "player": p, "notation": "pass", "text": f"{p} passes."} for k, p in ((1, "Bo"), (2, "Cy"))]
    >>> [(r.get("into"), r.get("first"), r["text"]) for r in folded(rows, [(0, 1, "Bo and Cy pass.")])]
    [(2, None, 'Bo passes.'), (None, 1, 'Bo and Cy pass.')]
    """
    out = [dict(item) for item in items]
    for first, last, text in runs:
        end = out[last]
        names = list(dict.fromkeys(item["player"] for item in out[first:last + 1]))
        for item in out[first:last]:
            item["into"] = end["k"]
        end.update(first=out[first]["k"], text=text, who=", ".join(names))
    return out


class MoveList(anywidget.AnyWidget):
    """Every move of the match; ``position`` is the one shown, and clicking a move sets it."""

    _esm = _ESM
    _css = _CSS
    items = traitlets.List().tag(sync=True)
    colors = traitlets.List().tag(sync=True)
    position = traitlets.Int(0).tag(sync=True)
    start_label = traitlets.Unicode("Start").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("ex-moves")
