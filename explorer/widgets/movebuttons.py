"""The legal moves as buttons: every one of them, grouped by kind, in one widget.

A position may offer a handful of moves or a hundred.  None is ever left
out: the buttons come in groups, one per kind of move (the move's class:
a draw, a take, an ask...), each group headed by its kind and its count when
there is more than one kind.  When there are many, a row of filters shows
one kind at a time; it starts on every kind, so nothing is hidden until the
person asks.

The whole set is one widget whatever its size, so a page with a hundred
legal moves loads as fast as one with three, and a click sends one message.

Each button is ``<button class="ex-move" title="Play <notation>">``: the
tooltip names the move, and a game's table may preview the move a pointer
rests on (``.ex-move[title^="Play take 1L"]:hover``).

The buttons are drawn for one position, named by ``at`` (the page's copy is
``data-at`` on the widget).  A click made on buttons drawn for an earlier
position (the position changed while the page was still catching up) plays
nothing: it is handed to ``on_stale``, so the page can say so, rather than
playing a move the person did not see or silently doing nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import anywidget
import traitlets

#: From this many moves on, a row of filters offers one kind at a time.
FILTER_FROM = 24

_ESM = r"""
function render({ model, el }) {
  el.classList.add("ex-movebuttons");
  const filters = document.createElement("div");
  filters.className = "ex-move-filters";
  const groups = document.createElement("div");
  groups.className = "ex-move-groups";
  el.append(filters, groups);
  let only = "";  // the kind the filters show ("": every kind)
  const draw = () => {
    const items = model.get("items") || [];
    const kinds = [];
    const byKind = new Map();
    for (const item of items) {
      if (!byKind.has(item.kind)) { byKind.set(item.kind, []); kinds.push(item.kind); }
      byKind.get(item.kind).push(item);
    }
    if (!byKind.has(only)) { only = ""; }
    filters.replaceChildren();
    const filtering = kinds.length > 1 && items.length >= model.get("filter_from");
    filters.style.display = filtering ? "" : "none";
    if (filtering) {
      const chip = (kind, label) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "ex-move-filter" + (kind === only ? " ex-on" : "");
        b.dataset.kind = kind;
        b.textContent = label;
        b.addEventListener("click", () => { only = kind; draw(); });
        return b;
      };
      filters.append(chip("", `every kind (${items.length})`));
      for (const kind of kinds) { filters.append(chip(kind, `${kind} (${byKind.get(kind).length})`)); }
    }
    groups.replaceChildren();
    for (const kind of kinds) {
      const group = document.createElement("div");
      group.className = "ex-move-group";
      group.dataset.kind = kind;
      if (only && kind !== only) { group.style.display = "none"; }
      if (kinds.length > 1) {
        const head = document.createElement("span");
        head.className = "ex-move-kind";
        head.textContent = `${kind} (${byKind.get(kind).length})`;
        group.append(head);
      }
      for (const item of byKind.get(kind)) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "ex-move jupyter-button";
        b.title = "Play " + item.notation;
        b.dataset.notation = item.notation;
        b.textContent = item.label;
        group.append(b);
      }
      groups.append(group);
    }
    el.dataset.count = String(items.length);
    el.dataset.at = model.get("at");
  };
  groups.addEventListener("click", (event) => {
    const b = event.target.closest ? event.target.closest("button.ex-move") : null;
    if (!b || b.disabled) { return; }
    model.send({ play: b.dataset.notation, at: el.dataset.at });
  });
  model.on("change:items", draw);
  model.on("change:at", () => { el.dataset.at = model.get("at"); });
  draw();
}
export default { render };
"""

_CSS = r"""
.ex-movebuttons .ex-move-filters { display: flex; flex-wrap: wrap; gap: 4px; margin: 0 0 6px 0; }
.ex-movebuttons .ex-move-filter { font: 12px system-ui, -apple-system, "Segoe UI", sans-serif; border-radius: 12px;
  border: 1px solid #d0d7de; background: #fff; color: #444; padding: 1px 10px; cursor: pointer; }
.ex-movebuttons .ex-move-filter.ex-on { background: #2f6fdb; border-color: #2f6fdb; color: #fff; }
.ex-movebuttons .ex-move-groups { display: flex; flex-direction: column; gap: 6px; }
.ex-movebuttons .ex-move-group { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.ex-movebuttons .ex-move-kind { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em;
  color: #59636e; min-width: 5.5em; }
.ex-movebuttons button.ex-move { width: auto; height: auto; min-height: 30px; padding: 2px 10px; margin: 0;
  border-radius: 6px; background: #eef4ff; border: 1px solid #b9cff7; color: #173a7a; white-space: normal;
  text-align: left; font: 13px system-ui, -apple-system, "Segoe UI", sans-serif; cursor: pointer; }
.ex-movebuttons button.ex-move:hover { background: #dce8ff; }
"""


@dataclass(frozen=True, slots=True)
class MoveButton:
    """One legal move as a button: its notation, the words on it, and its kind (the group it goes in)."""

    notation: str
    label: str
    kind: str


def kind_of(move: Any) -> str:
    """The group a move's button goes in: its class's name, in words (``TakeConductor`` -> ``take conductor``)."""
    name = type(move).__name__
    if name in ("str", "int", "tuple"):
        return "move"
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower()


class MoveButtons(anywidget.AnyWidget):
    """Every legal move as a button; a click plays it through ``on_play`` (given the move's notation)."""

    _esm = _ESM
    _css = _CSS
    items = traitlets.List().tag(sync=True)
    at = traitlets.Unicode("").tag(sync=True)
    filter_from = traitlets.Int(FILTER_FROM).tag(sync=True)

    def __init__(self, on_play: Callable[[str], Any], on_stale: Callable[[], Any] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_play = on_play
        self._on_stale = on_stale
        self.add_class("ex-legal")
        self.on_msg(self._on_msg)

    def show(self, buttons: Sequence[MoveButton], at: str = "") -> None:
        """Offer these moves (an empty list: no buttons), drawn for the position named ``at``."""
        items = [{"notation": b.notation, "label": b.label, "kind": b.kind} for b in buttons]
        with self.hold_sync():
            if items != self.items:
                self.items = items
            self.at = at

    @property
    def notations(self) -> list[str]:
        """The moves offered, in order."""
        return [item["notation"] for item in self.items]

    def click(self, notation: str) -> Any:
        """Do what a click on the button of ``notation`` does (only a move offered can be clicked)."""
        if notation not in self.notations:
            raise ValueError(f"there is no button for {notation!r}; the buttons are: {', '.join(self.notations)}.")
        return self._on_play(notation)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        notation = content.get("play") if isinstance(content, dict) else None
        if not isinstance(notation, str):
            return
        if content.get("at", self.at) == self.at and notation in self.notations:
            self._on_play(notation)
        elif self._on_stale is not None:
            self._on_stale()
