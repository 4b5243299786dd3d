"""The explorer's words: narrations, rules and refusals as small pieces of HTML.

Every rule shown links twice: its id jumps to the rule in the rules
reference on the same page, and "rules page" opens the game's rules document
(``docs/games/<game>.md``) at the rule's anchor.  ``EXPLORER_RULES_URL``
(a template with ``{game}`` and ``{anchor}``) moves that page elsewhere;
set it empty to leave that link out.
"""

from __future__ import annotations

import os
import re
from html import escape
from typing import Any, Sequence

from ..core import Entry, Game, Illegal, Rule, State
from ..core.events import Narrator

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


def in_words(game: Game, text: str) -> str:
    """A rule's text with the game's options named in words: "the final_turns option" reads "the option
    “Final turns”", and "tiebreak=first" reads "“A tie…: first to get there wins”".

    >>> import explorer
    >>> in_words(explorer.game("keistad-kwartet"), "with tiebreak=first, or see the bonus_cards option")
    'with “A tie for the most quartets: first to get there wins”, or see the option “Bonus cards”'
    """
    for option in game.options.values():
        for value in option.choices:
            written = str(value).lower() if isinstance(value, bool) else str(value)
            text = text.replace(f"{option.name}={written}", f"“{option.heading()}: {option.label(value)}”")
        text = text.replace(f"the {option.name} option", f"the option “{option.heading()}”")
        if "_" in option.name:
            text = text.replace(option.name, f"“{option.heading()}”")
    return text


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
        f'<b>{escape(rule.title)}.</b> {escape(in_words(game, rule.text))}{page}</div>'
    )


def teach_html(game: Game, state: State, entry: Entry | None) -> str:
    """What the last move did and the rule behind it (or, at the start, how the game is set up)."""
    if entry is None:
        head = '<div class="ex-teach-head">Before the first move</div>'
        text = f'<div class="ex-narration">{escape(game.summary or game.title)}</div>'
        return f'<div class="ex-teach">{head}{text}{rule_html(game, f"{game.name}/setup")}</div>'
    who = escape(state.names[entry.player])
    # The notation is the typed moves' language: shown with the move buttons and the box to type in.
    head = (f'<div class="ex-teach-head">Move {entry.index + 1} &middot; {who}<span class="ex-notation-said"> '
            f'played <code class="ex-notation-chip">{escape(entry.notation)}</code></span></div>')
    text = f'<div class="ex-narration">{escape(entry.text)}</div>'
    return f'<div class="ex-teach">{head}{text}{rule_html(game, entry.rule)}</div>'


#: Most moves a summary lists one by one (the call-outs are looked for in all of them).
SUMMARY_LINES = 12


def callouts(narrator: Narrator | None, entry: Entry) -> list[str]:
    """What stands out in a move, in words: a round's end, a scoring, an accident...

    Read off the move's events, as the game's narrator names their moments
    (:class:`~explorer.core.events.Moment`); a game without a narrator tells
    no events, and so has nothing called out.

    >>> import explorer
    >>> from explorer.games.quartz.events import Accident, Cause
    >>> say = explorer.game("quartz").narrator(("Ana", "Bo"))
    >>> callouts(say, Entry(3, 1, "continue", say, "quartz/continue", (Accident(Cause.TWO_PRESENTINHOS, 2),)))
    ['accident']
    """
    if narrator is None:
        return []
    return [str(moment) for moment in narrator.moments_of(entry.events)]


def since_html(game: Game, state: State, entries: Sequence[Entry], who: str, again: bool) -> str:
    """What happened since ``who`` last moved (``again``: they have moved before), round ends and
    scorings called out; empty when there is nothing to catch up on."""
    narrator = None if game.narrator is None else game.narrator(state.names)
    marked = [(e, callouts(narrator, e)) for e in entries]
    if len(entries) < 2 and not any(found for _, found in marked):
        return ""
    shown = marked[-SUMMARY_LINES:]
    earlier = len(marked) - len(shown)
    rows = []
    if earlier:
        rows.append(f'<li class="ex-since-more">… {plural(earlier, "earlier move")}, '
                    f'{", ".join(sorted({c for _, found in marked[:earlier] for c in found})) or "nothing to note"}'
                    '</li>')
    for entry, found in shown:
        badges = "".join(f'<span class="ex-callout">{escape(c)}</span> ' for c in found)
        name = state.names[entry.player]
        named = "" if entry.text.startswith(name) else f"<b>{escape(name)}</b>: "  # a narration names its player
        rows.append(f'<li class="ex-since-move{" ex-since-marked" if found else ""}">{badges}{named}'
                    f'{escape(entry.text)}</li>')
    since = "since your last move" if again else "before your first move"
    return (f'<div class="ex-since"><div class="ex-teach-head">{escape(who)}, your turn. '
            f'What happened {since} ({plural(len(entries), "move")}):</div><ul>{"".join(rows)}</ul></div>')


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, in the plural when it is not one.

    >>> plural(1, "move"), plural(3, "earlier move")
    ('1 move', '3 earlier moves')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


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


def status_html(game: Game, state: State, position: int, total: int, seat_titles: list[str],
                at: str = "") -> str:
    """Where we are: the move shown, who is to move (and who plays that seat), or the result.

    ``at`` names the position for the page (``data-at``), as the move buttons name theirs, so a
    page can tell when both show the same position.
    """
    where = f"Move {position} of {total}" if total else "No moves yet"
    if state.is_over():
        result = state.result()
        if result is not None:
            who = " and ".join(escape(state.names[p]) for p in result.winners)
            verb = "share the victory" if result.shared else "wins"
            # The rule's id stays out of the status line: the results panel shows the rule itself.
            tiebreak = result.tiebreak and re.sub(r"\s*\[[^\]]*\]\s*$", "", result.tiebreak)
            tail = f' <span class="ex-tiebreak">({escape(tiebreak)})</span>' if tiebreak else ""
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
    return (f'<div class="ex-status" data-at="{escape(at)}"><span class="ex-where">{where}</span> &middot; '
            f'{now}</div>')


def rules_reference_html(game: Game) -> str:
    """Every rule and option of the game, each rule under its anchor, in a block that folds away."""
    rules = []
    for r in game.rules.values():
        kind = KIND_LABELS.get(r.kind, r.kind)
        badge = f' <span class="ex-kind">{escape(kind)}</span>' if kind else ""
        rules.append(f'<div class="ex-ref-rule" id="{escape(r.anchor)}"><div class="ex-ref-head"><code>{escape(r.id)}</code> '
                     f'<b>{escape(r.title)}</b>{badge}</div>'
                     f'<div class="ex-ref-text">{escape(in_words(game, r.text))}</div></div>')
    options = "".join(
        f'<tr><td><b>{escape(o.heading())}</b></td><td>{escape(o.label(o.default))}</td>'
        f'<td><ul class="ex-choices">{"".join(_choice(o, c) for c in o.choices)}</ul></td></tr>'
        for o in game.options.values()
    )
    table = (f'<table class="ex-options"><tr><th>Option</th><th>Default</th><th>The choices</th></tr>'
             f'{options}</table>' if options else "")
    return (f'<details class="ex-rules-ref"><summary>The rules of {escape(game.title)}: '
            f'{len(game.rules)} rules, {len(game.options)} options</summary>'
            f'<div class="ex-ref-list">{"".join(rules)}</div>{table}</details>')


def _choice(option: Any, value: Any) -> str:
    return f"<li><b>{escape(option.label(value))}</b>: {escape(option.explanation(value))}</li>"


def describe_label(notation: str, description: Any) -> str:
    """A move button's text: its notation, then what it does."""
    return f"{notation} · {description}" if description else notation
