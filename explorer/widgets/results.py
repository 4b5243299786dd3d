"""The end of a game, as a person reads it: the ranking, each score with its breakdown, the tiebreak in words.

Everything comes from the engine's own result (:meth:`State.result`): the
winners, every player's :class:`~explorer.core.Score` with its ``parts``,
and the tiebreak's sentence, whose closing ``[rule id]`` becomes the rule's
box (its title and its sentence) rather than an id in the text.

>>> split_rule("tie on 4 points broken by the highest Soloist (7) [pet-quartet/tiebreak-soloist]")
('tie on 4 points broken by the highest Soloist (7)', 'pet-quartet/tiebreak-soloist')
>>> split_rule("no tie")
('no tie', '')
"""

from __future__ import annotations

import re
from html import escape

from ..core import Game, Result, State
from .explain import rule_html

_RULE = re.compile(r"\s*\[([A-Za-z0-9_./-]+)\]\s*$")


def split_rule(text: str) -> tuple[str, str]:
    """A sentence that may end with ``[rule id]``: the sentence alone, and the id ('' when there is none)."""
    found = _RULE.search(text)
    if found is None:
        return text.strip(), ""
    return text[: found.start()].strip(), found.group(1)


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    tail = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{tail}"


def ranking(result: Result) -> list[tuple[int, int]]:
    """``(place, player)`` from first to last: the winners first, then by total; equal totals share a place."""
    winners = set(result.winners)
    order = sorted(result.scores, key=lambda s: (s.player not in winners, -s.total, s.player))
    places: list[tuple[int, int]] = []
    for i, score in enumerate(order):
        same = i > 0 and (score.player in winners) == (order[i - 1].player in winners) \
            and score.total == order[i - 1].total
        places.append((places[-1][0] if same else i + 1, score.player))
    return places


def winners_sentence(state: State, result: Result) -> str:
    """"Bo wins." or "Ana and Bo share the victory."."""
    who = " and ".join(state.names[p] for p in result.winners)
    return f"{who} {'share the victory' if result.shared else 'wins'}."


def results_html(game: Game, state: State) -> str:
    """The results of a finished game ('' while it goes on)."""
    result = state.result() if state.is_over() else None
    if result is None:
        return ""
    scores = {s.player: s for s in result.scores}
    winners = set(result.winners)
    rows = []
    for place, p in ranking(result):
        score = scores[p]
        parts = " ".join(f'<span class="ex-part">{escape(label)}: <b>{points}</b></span>'
                         for label, points in score.parts) or '<span class="ex-part">nothing scored</span>'
        mark = ' class="ex-winner"' if p in winners else ""
        rows.append(f'<tr{mark} data-player="{p}"><td class="ex-place">{ordinal(place)}</td>'
                    f'<th>{escape(state.names[p])}</th><td class="ex-total">{score.total}</td>'
                    f'<td class="ex-parts">{parts}</td></tr>')
    tiebreak = ""
    if result.tiebreak:
        words, rule = split_rule(result.tiebreak)
        words = words[:1].upper() + words[1:]
        words += "" if words.endswith((".", "!", "?")) else "."
        tiebreak = (f'<div class="ex-tiebreak-words"><b>How the tie was settled:</b> {escape(words)}</div>'
                    f'{rule_html(game, rule) if rule else ""}')
    return (f'<div class="ex-results"><div class="ex-results-head">Game over: {escape(winners_sentence(state, result))}'
            f'</div><table class="ex-ranking"><tr><th>Place</th><th>Player</th><th>Total</th><th>How it was scored</th>'
            f'</tr>{"".join(rows)}</table>{tiebreak}</div>')
