"""Playing by touching the table: the cards, rows, Conductors and tiles are the move chooser.

A game opts in through the ``touch`` slot of its views
(:mod:`explorer.widgets.views`): ``touch(game) -> Touch``, an object with two
methods, both pure functions of the position::

    targets(state, viewer, picked) -> Targets
        what the table offers now: the targets that do something when
        touched, a sentence saying what to touch next, and whatever else
        the game's table needs to draw the choice made so far;
    pick(state, viewer, picked, target) -> Choose | Play | Refuse
        what touching ``target`` does: a new partial choice (``Choose``), a
        whole move to play (``Play``), or a refusal in the rule's words
        (``Refuse``, see :func:`refusal`).

``picked`` is the game's own partial choice (``None`` at first: nothing
touched yet), kept by the explorer for the position shown only.  A target
is a short string the game chooses (``"tile:12"``, ``"take:2"``), written
on the table's HTML as ``data-touch="tile:12"`` (:func:`mark`); the table
slot receives the :class:`Targets` as its third argument to draw them.

The explorer holds one :class:`TouchRelay`, which passes the clicks (and
Enter or Space on a focused target) on the table's ``data-touch`` elements
to Python, and decides who may touch: only a person's seat (not a bot's)
that is to move, seen through that person's eyes or everyone's, at a
position where nobody is covering the table.  Whatever the game answers, a
move is played only if the engine's ``why_illegal`` finds nothing against
it, and a refusal is shown in place, in a note under the target touched, with its rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Protocol, Union

import anywidget

from ..core import Illegal, InvalidMove, State


@dataclass(frozen=True, slots=True)
class Targets:
    """What the table offers to be touched now.

    ``allowed`` are the targets that do something (the table lights them
    up); any other target on the table may be touched too, and is answered
    with a refusal.  ``prompt`` says in one sentence what to touch next.
    ``picked`` is the partial choice the targets were worked out for, and
    ``detail`` anything more the game's table needs to draw it.  ``at``
    names the position they were drawn for (the explorer fills it in, as it
    names the move buttons'), so that a touch made on a table the page has
    not yet redrawn is told apart.
    """

    allowed: frozenset[str] = frozenset()
    prompt: str = ""
    picked: Any = None
    detail: Any = None
    at: str = ""

    def __contains__(self, target: object) -> bool:
        return target in self.allowed


@dataclass(frozen=True, slots=True)
class Choose:
    """A touch that changes the partial choice (``None``: start again), and plays nothing yet."""

    picked: Any = None


@dataclass(frozen=True, slots=True)
class Play:
    """A touch that completes a move: the explorer plays it (a move value or its notation)."""

    move: Any


@dataclass(frozen=True, slots=True)
class Refuse:
    """A touch that is not allowed: the rule's sentence and id (``rule`` empty when no rule is at stake),
    and ``what`` was touched, in a few words ("Conductor 2"; empty: "That")."""

    reason: str
    rule: str = ""
    what: str = ""

    @classmethod
    def of(cls, why: Illegal, what: str = "") -> "Refuse":
        return cls(why.reason, why.rule, what)


Picked = Union[Choose, Play, Refuse]


class Touch(Protocol):
    """A game's way to be played on its table (see the module's notes)."""

    def targets(self, state: State, viewer: int | None, picked: Any) -> Targets: ...

    def pick(self, state: State, viewer: int | None, picked: Any, target: str) -> Picked: ...


def refusal(state: State, move: Any, what: str = "") -> Refuse | None:
    """Why the engine will not play ``move`` now, as a :class:`Refuse` (of ``what``); ``None`` if it is legal.

    >>> import explorer
    >>> refusal(explorer.new("pet-quartet", players=3, seed=7), "T1").rule
    'pet-quartet/take-nonempty'
    """
    try:
        why = state.why_illegal(move)
    except InvalidMove as exc:  # a target that names no move: say so, in one sentence
        return Refuse(str(exc), "", what)
    return None if why is None else Refuse.of(why, what)


def play_or_refuse(state: State, move: Any, what: str = "") -> Play | Refuse:
    """``Play(move)`` if the engine allows it now, else its refusal (of ``what``)."""
    return refusal(state, move, what) or Play(move)


def mark(target: str, targets: Targets | None, label: str = "") -> str:
    """The attributes that make an element of the table a target: `` data-touch="…"`` and, when touching it
    does something, `` data-touch-ok``; a keyboard reaches it too (``tabindex``, ``role``).  ``label``
    (a few words) is what a screen reader says of it.  Nothing when the table is not being touched.

    >>> mark("take:1", Targets(frozenset({"take:1"})), "take Conductor 2")
    ' data-touch="take:1" data-touch-ok tabindex="0" role="button" aria-label="take Conductor 2"'
    >>> mark("take:1", None)
    ''
    """
    if targets is None or not target:
        return ""
    ok = " data-touch-ok" if target in targets.allowed else ""
    aria = f' aria-label="{escape(label)}"' if label else ""
    at = f' data-at="{escape(targets.at)}"' if targets.at else ""
    return f' data-touch="{escape(target)}"{ok}{at} tabindex="0" role="button"{aria}'


def named(words: str) -> str:
    """The words that name a part of the table, as a note's ``highlight`` and a renderer both say them:
    without case, a leading "the", or what follows a colon ("the deck: draw a card" names "deck").

    >>> named("The deck: draw a card"), named("  Ana's   hand ")
    ('deck', "ana's hand")
    """
    words = " ".join(words.partition(":")[0].lower().split())
    return words[4:] if words.startswith("the ") else words


def looks_of(highlight: Any) -> frozenset[str]:
    """A note's ``highlight`` (a list of words) as the looks a table is drawn with: the parts it names."""
    return frozenset(named(str(h)) for h in highlight if named(str(h)))


def look(words: str, looks: frozenset[str]) -> str:
    """`` data-look`` when ``looks`` name the part of the table described in ``words``: the explorer's style
    outlines it.  A renderer's ``marks(target, words)`` is given every part a note may name; ``target`` is
    '' for a part nobody touches to play (the Scoring Zone, a player's hand).

    >>> look("Conductor 2", looks_of(["conductor 2"])), look("Conductor 1", looks_of(["conductor 2"]))
    (' data-look', '')
    """
    return " data-look" if looks and named(words) in looks else ""


def marks_for(targets: Targets | None, looks: frozenset[str], touch: Any = None) -> Any:
    """A renderer's ``marks``: the touch targets (through ``touch(target, words)``, default :func:`mark`) and
    the parts looked at; ``None`` when there is neither."""
    if targets is None and not looks:
        return None
    touched = touch or (lambda target, words: mark(target, targets, words))
    return lambda target, words: (touched(target, words) if targets is not None else "") + look(words, looks)


class TouchRelay(anywidget.AnyWidget):
    """Passes touches of the table's ``data-touch`` elements to Python, for the explorer it sits in.

    It listens on the page and keeps the touches made inside its own
    explorer (another explorer on the page has its own relay): a click, or
    Enter or Space on a target that has the focus.  Each arrives as a
    message ``{"touch": "tile:12", "at": "3.7"}``, ``at`` the position the
    target was drawn for (see :class:`Targets`).

    It also pins a refusal (``.ex-refusal``, naming its target in
    ``data-target``) under the target refused, as a note over the table,
    and fades it (``ex-faded``) after a few seconds or at the next
    pointer-down, so it never hides a target for long.
    """

    _esm = r"""
    function render({ model, el }) {
      el.classList.add("ex-touch-relay");
      const target = (event) => {
        const found = event.target.closest ? event.target.closest("[data-touch]") : null;
        if (!found) { return null; }
        const mine = el.closest(".ex-explorer");
        return mine && found.closest(".ex-explorer") === mine ? found : null;
      };
      // A note read once must not hide the targets below it: it fades after a few seconds and at the next
      // pointer-down, and a note drawn again with the same words stays faded until the next touch is sent.
      const gone = new Set();
      const key = (note) => `${note.getAttribute("data-target")}|${note.textContent}`;
      const fade = (note) => { if (note && note.isConnected) { gone.add(key(note)); note.classList.add("ex-faded"); } };
      const shown = (mine) => mine && mine.querySelector(".ex-touch-line .ex-refusal.ex-pinned:not(.ex-faded)");
      const onDown = () => fade(shown(el.closest(".ex-explorer")));
      const send = (found, event) => {
        event.preventDefault();
        gone.clear();
        model.send({ touch: found.getAttribute("data-touch"), at: found.getAttribute("data-at") });
      };
      const onClick = (event) => { const found = target(event); if (found) { send(found, event); } };
      const onKey = (event) => {
        if (event.key !== "Enter" && event.key !== " ") { return; }
        const found = target(event);
        if (found) { send(found, event); }
      };
      // A refusal is pinned under the target refused, inside the table's card (drawn over the table, so
      // nothing below it moves; clicks pass through it).  Without its target it stays where it is drawn.
      let queued = false;
      const pin = () => {
        queued = false;
        const mine = el.closest(".ex-explorer");
        const note = mine && mine.querySelector(".ex-touch-line .ex-refusal[data-target]");
        if (!note) { return; }
        const card = note.closest(".ex-table-card");
        const wanted = note.getAttribute("data-target");
        const found = [...mine.querySelectorAll(".ex-table [data-touch]")]
          .find((t) => t.getAttribute("data-touch") === wanted);
        if (!card || !found) { note.classList.remove("ex-pinned"); return; }
        note.classList.add("ex-pinned");
        if (gone.has(key(note))) { note.classList.add("ex-faded"); }
        if (!note.dataset.fading) { note.dataset.fading = "1"; setTimeout(() => fade(note), 6000); }
        const zoom = card.currentCSSZoom || 1;  // boxes are measured zoomed, styles set unzoomed
        const home = note.offsetParent || card;  // what the note's place is measured from
        const b = home.getBoundingClientRect(), c = card.getBoundingClientRect(), t = found.getBoundingClientRect();
        const x = (at) => (at - b.left) / zoom - home.clientLeft;
        const left = Math.max(x(c.left) + 4, Math.min(x(t.left), x(c.right) - note.offsetWidth - 4));
        note.style.left = `${left}px`;
        note.style.top = `${(t.bottom - b.top) / zoom - home.clientTop + 8}px`;
        const middle = x(t.left + t.width / 2) - left;
        note.style.setProperty("--ex-arrow", `${Math.max(8, Math.min(middle, note.offsetWidth - 16))}px`);
      };
      const later = () => { if (!queued) { queued = true; requestAnimationFrame(pin); } };
      const watch = new MutationObserver(later);
      watch.observe(document.body, { childList: true, subtree: true });
      document.addEventListener("pointerdown", onDown, true);
      document.addEventListener("click", onClick);
      document.addEventListener("keydown", onKey);
      window.addEventListener("resize", later);
      el.dataset.ready = "1";
      return () => {
        document.removeEventListener("pointerdown", onDown, true);
        document.removeEventListener("click", onClick);
        document.removeEventListener("keydown", onKey);
        window.removeEventListener("resize", later);
        watch.disconnect();
      };
    }
    export default { render };
    """
