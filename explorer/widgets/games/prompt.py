"""The prompt box of a table played by touch: a question to the player to move, and a large button per choice.

Quartz and Keistad Kwartet ask in it (what to do now; whom, which quartet,
which card); each button is a target of the table (``data-touch``), so a
click on it is a touch like any other (:mod:`explorer.widgets.touch`).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Callable, Sequence

from ...core import State
from ..touch import Picked, Targets, mark

CSS = """<style>
.ex-ask{border:2px solid #1f4fbf;border-radius:8px;background:#f4f8ff;padding:6px 8px;margin:6px 0;
 box-sizing:border-box;max-width:calc(100vw - 56px);position:sticky;left:0;
 font-family:system-ui,sans-serif;color:#222}
.ex-ask .q{font-weight:700;font-size:15px;margin-bottom:4px}
.ex-ask .choices{display:flex;flex-wrap:wrap;gap:6px}
.ex-ask .choice{display:flex;flex-direction:column;align-items:flex-start;min-width:92px;max-width:100%;
 padding:5px 9px;border:1px solid #7a8aa8;border-radius:8px;background:#fff;cursor:pointer;text-align:left;
 font:inherit;font-size:14px;color:#222;box-sizing:border-box}
.ex-ask .choice b{font-size:15px}.ex-ask .choice span{font-size:12px;color:#444}
.ex-ask .choice:hover{background-image:linear-gradient(rgba(0,0,0,.05),rgba(0,0,0,.05))}
.ex-ask .go,.ex-ask .sure{background-color:#e9f7ec;border-color:#2e8b57}
.ex-ask .stop,.ex-ask .bluff{background-color:#fff4e0;border-color:#d48806}
.ex-ask .attack{background-color:#dbe7ff}.ex-ask .defense,.ex-ask .bonus{background-color:#eadcff}
.ex-ask .exploration{background-color:#d9f2d9}.ex-ask .pass{background-color:#f3f3f3}
.ex-ask .not{background-color:#eceef1;color:#59636e}
</style>"""


@dataclass(frozen=True, slots=True)
class Choice:
    """One button of the prompt: what touching it sends, its words, and its look (``kind``, a class)."""

    target: str
    label: str
    detail: str
    kind: str = ""


def choices_html(state: State, asked: str, buttons: Sequence[Choice], offer: Targets) -> str:
    """The question ``asked`` of the player to move, and a button per choice."""
    drawn = "".join(
        f'<button type="button" class="choice {c.kind}"{mark(c.target, offer, f"{c.label}: {c.detail}")}>'
        f"<b>{escape(c.label)}</b>"
        + (f"<span>{escape(c.detail)}</span>" if c.detail.lower() != c.label.lower() else "")  # said once
        + "</button>" for c in buttons)
    return (f'<div class="ex-ask" data-asks="{state.to_move}" data-ply="{state.ply}">'
            f'<div class="q">{escape(asked)}</div>'
            f'<div class="choices">{drawn}</div></div>')


def prompt_html(state: State, offer: Targets | None) -> str:
    """The prompt box of a :class:`Targets` whose ``detail`` is ``(question, choices)``; nothing when the table
    is not being touched."""
    if offer is None or state.is_over() or not offer.detail:
        return ""
    asked, buttons = offer.detail
    return choices_html(state, asked, buttons, offer)


class PureTouch:
    """A ``touch`` slot made of two pure functions of the position: ``targets(state, picked)`` and
    ``pick(state, picked, target)``; a partial choice of another type than ``kind`` counts as none."""

    def __init__(self, targets: Callable[[State, Any], Targets], pick: Callable[[State, Any, str], Picked],
                 kind: type, empty: Any = None) -> None:
        self._targets, self._pick, self.kind, self.empty = targets, pick, kind, empty

    def __call__(self, game: Any = None) -> "PureTouch":  # the views' slot is a maker of touches, given the game
        return self

    def targets(self, state: State, viewer: int | None, picked: Any) -> Targets:
        return self._targets(state, picked if isinstance(picked, self.kind) else None)

    def pick(self, state: State, viewer: int | None, picked: Any, target: str) -> Picked:
        return self._pick(state, picked if isinstance(picked, self.kind) else self.empty, target)
