"""The explorer's words: narrations, rules and refusals as small pieces of HTML.

Every rule shown links twice: its id jumps to the rule in the rules
reference on the same page, and "rules page" opens the game's rules document
(``docs/games/<game>.md``) at the rule's anchor.  ``EXPLORER_RULES_URL``
(a template with ``{game}`` and ``{anchor}``) moves that page elsewhere;
set it empty to leave that link out.
"""

from __future__ import annotations

import os
from html import escape
from typing import Any

from ..core import Entry, Game, Illegal, Rule, State

RULES_URL = "../docs/games/{game}.md#{anchor}"

KIND_LABELS = {
    "rule": "",
    "gap": "house rule (an option)",
    "option": "house rule (an option)",
    "interpretation": "interpretation",
}


def rules_page_url(game: Game, rule: Rule) -> str:
    """Where the rules page shows ``rule`` ('' when there is no rules page to link to)."""
    template = os.environ.get("EXPLORER_RULES_URL", RULES_URL)
    return template.format(game=game.name, anchor=rule.anchor) if template else ""


def rule_html(game: Game, rule_id: str) -> str:
    """A rule as a short box: its id (a link), its title and its sentence."""
    rule = game.rules.get(rule_id)
    if rule is None:  # a rule id the game does not declare: show it as it is
        return f'<div class="ex-rule" data-rule="{escape(rule_id)}"><code>{escape(rule_id)}</code></div>'
    kind = KIND_LABELS.get(rule.kind, rule.kind)
    badge = f' <span class="ex-kind">{escape(kind)}</span>' if kind else ""
    url = rules_page_url(game, rule)
    page = (f' <a class="ex-rulepage" href="{escape(url)}" target="_blank" rel="noopener">rules page&nbsp;↗</a>'
            if url else "")
    return (
        f'<div class="ex-rule" data-rule="{escape(rule.id)}">'
        f'<a class="ex-rule-id" href="#{escape(rule.anchor)}"><code>{escape(rule.id)}</code></a>{badge} '
        f'<b>{escape(rule.title)}.</b> {escape(rule.text)}{page}</div>'
    )


def teach_html(game: Game, state: State, entry: Entry | None) -> str:
    """What the last move did and the rule behind it (or, at the start, how the game is set up)."""
    if entry is None:
        head = '<div class="ex-teach-head">Before the first move</div>'
        text = f'<div class="ex-narration">{escape(game.summary or game.title)}</div>'
        return f'<div class="ex-teach">{head}{text}{rule_html(game, f"{game.name}/setup")}</div>'
    who = escape(state.names[entry.player])
    head = (f'<div class="ex-teach-head">Move {entry.index + 1} &middot; {who} played '
            f'<code class="ex-notation-chip">{escape(entry.notation)}</code></div>')
    text = f'<div class="ex-narration">{escape(entry.text)}</div>'
    return f'<div class="ex-teach">{head}{text}{rule_html(game, entry.rule)}</div>'


def illegal_html(game: Game, notation: str, why: Illegal) -> str:
    """Why a move tried is not allowed, with the rule that says so."""
    return (f'<div class="ex-msg ex-illegal"><div><b>{escape(notation)}</b> is not allowed here: '
            f'{escape(why.reason)}</div>{rule_html(game, why.rule)}'
            f'<div class="ex-unchanged">Nothing changed.</div></div>')


def message_html(text: str, kind: str = "info") -> str:
    """One sentence for the person at the screen; ``kind`` is info, ok or error."""
    return f'<div class="ex-msg ex-{escape(kind)}">{escape(text)}</div>'


def sentence(exc: BaseException) -> str:
    """An error as one sentence, capitalised and ending with a full stop."""
    text = str(exc).strip() or type(exc).__name__
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def status_html(game: Game, state: State, position: int, total: int, seat_titles: list[str]) -> str:
    """Where we are: the move shown, who is to move (and who plays that seat), or the result."""
    where = f"Move {position} of {total}" if total else "No moves yet"
    if state.is_over():
        result = state.result()
        if result is not None:
            who = " and ".join(escape(state.names[p]) for p in result.winners)
            verb = "share the victory" if result.shared else "wins"
            tail = f' <span class="ex-tiebreak">({escape(result.tiebreak)})</span>' if result.tiebreak else ""
            now = f'<span class="ex-over">Game over: {who} {verb}.</span>{tail}'
        else:
            now = '<span class="ex-over">Game over.</span>'
    else:
        p = state.to_move
        seat = seat_titles[p] if p is not None and p < len(seat_titles) else ""
        now = (f'<span class="ex-tomove ex-seat-{p}"><b>{escape(state.names[p])}</b> to move'
               f'{" (" + escape(seat) + ")" if seat else ""}</span>')
        turn = state.turn
        if turn is not None and turn != p:
            now += f' <span class="ex-turn">on {escape(state.names[turn])}\'s turn</span>'
    return f'<div class="ex-status"><span class="ex-where">{where}</span> &middot; {now}</div>'


def rules_reference_html(game: Game) -> str:
    """Every rule and option of the game, each rule under its anchor, in a block that folds away."""
    rules = []
    for r in game.rules.values():
        kind = KIND_LABELS.get(r.kind, r.kind)
        badge = f' <span class="ex-kind">{escape(kind)}</span>' if kind else ""
        rules.append(f'<div class="ex-ref-rule" id="{escape(r.anchor)}"><div class="ex-ref-head"><code>{escape(r.id)}</code> '
                     f'<b>{escape(r.title)}</b>{badge}</div><div class="ex-ref-text">{escape(r.text)}</div></div>')
    options = "".join(
        f'<tr><td><code>{escape(o.name)}</code></td><td>{escape(o.label(o.default))}</td>'
        f'<td>{escape(", ".join(o.label(c) for c in o.choices))}</td><td>{escape(o.doc)}</td></tr>'
        for o in game.options.values()
    )
    table = (f'<table class="ex-options"><tr><th>Option</th><th>Default</th><th>Choices</th><th></th></tr>'
             f'{options}</table>' if options else "")
    return (f'<details class="ex-rules-ref"><summary>The rules of {escape(game.title)}: '
            f'{len(game.rules)} rules, {len(game.options)} options</summary>'
            f'<div class="ex-ref-list">{"".join(rules)}</div>{table}</details>')


def describe_label(notation: str, description: Any) -> str:
    """A move button's text: its notation, then what it does."""
    return f"{notation} · {description}" if description else notation
