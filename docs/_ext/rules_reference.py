"""A rules reference page for every registered game, built from its declaration.

The engine's errors and narration cite rule ids such as ``pet-quartet/draw``;
each id is looked up on ``reference/<game>.html#<anchor>``, where the anchor
is :attr:`explorer.Rule.anchor` (``pet-quartet-draw``).  Those pages are made
here, from ``game.rules`` and ``game.options``, so they can never fall behind
the engine:

* when the build starts, ``reference/<game>.md`` is written for every
  registered game (and ``reference/index.md`` listing them); each holds a
  title and the ``rules-reference`` directive, and nothing else;
* the directive ``rules-reference <game>`` turns the game's declaration into
  the page: what it is, the rule document it follows, its options table and
  every rule as a section whose id is the rule's anchor;
* the role ``{rule}`pet-quartet/draw``` links any page to a rule.

A rule of an unknown kind is reported as a warning, so a strict (``-W``)
build fails on it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import explorer

logger = logging.getLogger(__name__)

FOLDER = "reference"
#: Marks a file as written by this extension, so stale pages may be removed safely.
STAMP = "<!-- Written by docs/_ext/rules_reference.py at build time: do not edit. -->"

#: What each kind of rule means, as the reference shows it.
RULE_KINDS = {
    "rule": "rule of the document",
    "gap": "open question, settled by an option",
    "option": "open question, settled by an option",
    "interpretation": "interpretation",
}
OPTION_KINDS = {
    "variant": "variant",
    "gap": "open question",
}


def show(value: Any) -> str:
    """A value as a person types it (``--option name=value``): booleans in lower case."""
    return str(value).lower() if isinstance(value, bool) else str(value)


# -- the pages ------------------------------------------------------------------------

def page(game: explorer.Game) -> str:
    return f"{STAMP}\n\n# {game.title}: rules reference\n\n```{{rules-reference}} {game.name}\n```\n"


def index_page(games: list[explorer.Game]) -> str:
    entries = "\n".join(game.name for game in games)
    return (
        f"{STAMP}\n\n# Rules reference\n\n"
        "Every rule the engine checks, game by game, as the engine declares it. An error, a narrated move "
        "or a test names a rule by its id, such as `pet-quartet/draw`; the rule is found on its game's page "
        "at the anchor that replaces the slash with a hyphen: `reference/pet-quartet.html#pet-quartet-draw`.\n\n"
        "Each rule says what kind it is: a *rule of the document* the game's rule document states; "
        "an *open question, settled by an option* is a gap in the document that a named option decides; "
        "an *interpretation* is a gap the engine fills one way, for the reason its game page gives.\n\n"
        f"```{{toctree}}\n:maxdepth: 1\n\n{entries}\n```\n"
    )


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` unless ``path`` holds it already, so unchanged pages are not read again."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def write_pages(app: Sphinx) -> None:
    """Write ``reference/<game>.md`` for every registered game; remove those of games now gone."""
    folder = Path(app.srcdir) / FOLDER
    folder.mkdir(exist_ok=True)
    games = explorer.games()
    wanted = {f"{game.name}.md": page(game) for game in games}
    wanted["index.md"] = index_page(games)
    for old in folder.glob("*.md"):
        if old.name not in wanted and old.read_text(encoding="utf-8").startswith(STAMP):
            old.unlink()
    for name, text in wanted.items():
        write_if_changed(folder / name, text)


# -- the directive ----------------------------------------------------------------------

def paragraph(*children: nodes.Node | str) -> nodes.paragraph:
    return nodes.paragraph("", "", *(nodes.Text(c) if isinstance(c, str) else c for c in children))


def section(ids: list[str], title: str, *body: nodes.Node) -> nodes.section:
    return nodes.section("", nodes.title(title, title), *body, ids=ids)


def table(header: list[str], rows: list[tuple[list[str], list[nodes.Node]]], widths: list[int]) -> nodes.table:
    """A table; each row is ``(ids, cells)`` and the ids land on the row itself."""
    group = nodes.tgroup(cols=len(header))
    group += [nodes.colspec(colwidth=w) for w in widths]
    head = nodes.row()
    head += [nodes.entry("", paragraph(h)) for h in header]
    group += nodes.thead("", head)
    body = nodes.tbody()
    for ids, cells in rows:
        row = nodes.row(ids=ids)
        row += [nodes.entry("", cell) for cell in cells]
        body += row
    group += body
    return nodes.table("", group)


def doc_link(here: str, docname: str, text: str) -> addnodes.pending_xref:
    """A link from the page ``here`` to the page ``docname``, reading ``text``."""
    return addnodes.pending_xref("", nodes.inline(text, text), refdomain="std", reftype="doc",
                                 reftarget=f"/{docname}", refexplicit=True, refdoc=here)


def option_anchor(game: explorer.Game, name: str) -> str:
    """The anchor of an option's row: ``pet-quartet-option-first_player``."""
    return f"{game.name}-option-{name}"


class RulesReference(SphinxDirective):
    """``rules-reference <game>``: the game's summary, options table and every rule."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        # The page is drawn from code, not from its source file: read it again every build.
        self.env.note_reread()
        try:
            game = explorer.game(self.arguments[0])
        except explorer.UnknownGame as exc:
            raise self.error(str(exc)) from None
        return [*self.about(game), self.options_section(game), self.rules_section(game)]

    def about(self, game: explorer.Game) -> list[nodes.Node]:
        players = (f"{game.min_players} players" if game.min_players == game.max_players
                   else f"{game.min_players} to {game.max_players} players")
        out: list[nodes.Node] = []
        if game.summary:
            out.append(paragraph(game.summary))
        out.append(paragraph(
            f"For {players} ({game.default_players} unless told otherwise). Its name in code, records "
            "and on the command line: ", nodes.literal(game.name, game.name), "."
        ))
        if game.source:
            out.append(paragraph("The rule document it follows: ", nodes.emphasis(game.source, game.source), "."))
        prose = f"games/{game.name}"
        if prose in self.env.found_docs:
            link = doc_link(self.env.docname, prose, game.title)
            out.append(paragraph("The rules in the project's words, with the reason for each option and "
                                 "interpretation: ", link, "."))
        return out

    def options_section(self, game: explorer.Game) -> nodes.section:
        if not game.options:
            return section(["options"], "Options", paragraph("This game has no options."))
        rows = []
        for name, option in game.options.items():
            values = nodes.paragraph()
            for i, value in enumerate(option.choices):
                if i:
                    values += nodes.Text(", ")
                values += nodes.literal(show(value), show(value))
                label = option.label(value)
                if label != str(value):
                    values += nodes.Text(f" ({label})")
            kind = OPTION_KINDS.get(option.kind)
            if kind is None:
                logger.warning("option %r of %s has an unknown kind %r (known: %s)", name, game.name,
                               option.kind, ", ".join(OPTION_KINDS), location=self.get_location())
                kind = option.kind
            rows.append(([option_anchor(game, name)], [
                paragraph(nodes.literal(name, name)),
                values,
                paragraph(nodes.literal(show(option.default), show(option.default))),
                paragraph(kind),
                paragraph(option.doc),
            ]))
        intro = paragraph(
            "Choose them with ", nodes.literal("--option name=value", "--option name=value"),
            " on the command line, ", nodes.literal("options={...}", "options={...}"),
            " in Python, or the controls of a dashboard. A record stores every option's value."
        )
        options = table(["Option", "Values", "Default", "Kind", "What it does"], rows, [14, 22, 10, 10, 44])
        for row in options.findall(nodes.row):
            if row["ids"]:
                self.name_target(row)
        return section(["options"], "Options", intro, options)

    def name_target(self, node: nodes.Element) -> None:
        """Make ``node``'s id a label, so ``{ref}`` and Markdown links ``page.md#id`` reach it."""
        node["names"].append(node["ids"][0])
        self.state.document.note_explicit_target(node)

    def rules_section(self, game: explorer.Game) -> nodes.section:
        std = self.env.domains.standard_domain
        count = paragraph(f"{len(game.rules)} rules, in the order the engine declares them.")
        out = section(["rules"], "Rules", count)
        for rule in game.rules.values():
            kind = RULE_KINDS.get(rule.kind)
            if kind is None:
                logger.warning("rule %r has an unknown kind %r (known: rule, gap, interpretation)", rule.id,
                               rule.kind, location=self.get_location())
                kind = rule.kind
            badge = nodes.inline(kind, kind, classes=["rule-kind", f"rule-kind-{rule.kind}"])
            node = section([rule.anchor], rule.title,
                           paragraph(nodes.literal(rule.id, rule.id, classes=["rule-id"]), " · ", badge),
                           paragraph(rule.text))
            node["classes"].append("rule")
            self.name_target(node)
            std.note_object("rule", rule.id, rule.anchor, location=node)
            out += node
        return out


class GamesTable(SphinxDirective):
    """``games-table``: every registered game, its players and its pages."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_reread()
        rows = []
        for game in explorer.games():
            players = (str(game.min_players) if game.min_players == game.max_players
                       else f"{game.min_players}–{game.max_players}")
            prose = f"games/{game.name}"
            title = doc_link(self.env.docname, prose, game.title) if prose in self.env.found_docs else game.title
            rows.append(([], [
                paragraph(title),
                paragraph(players),
                paragraph(game.summary),
                paragraph(doc_link(self.env.docname, f"{FOLDER}/{game.name}",
                                   f"{len(game.rules)} rules, {len(game.options)} options")),
            ]))
        return [table(["Game", "Players", "In a line", "Reference"], rows, [16, 8, 52, 24])]


def setup(app: Sphinx) -> dict[str, Any]:
    # {rule}`pet-quartet/draw` links to the rule; the reference pages register every id.
    app.add_crossref_type("rule", "rule")
    app.add_directive("rules-reference", RulesReference)
    app.add_directive("games-table", GamesTable)
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
