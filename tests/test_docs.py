"""The documentation site: it builds with warnings as errors, and every link in it leads somewhere.

The site is built once, into a temporary folder, with the same command a
person uses (``python -m sphinx -W --keep-going -b html docs <out>``).  Then
every page's local links and anchors are followed; each game's rules
reference is checked to hold an anchor for every rule the engine declares; and
each game's page, ``docs/games/<game>.md``, must name every rule id and every
option of its game, so a rule or option added to the engine cannot go
undocumented.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import explorer

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
#: The games that declare a docs page (the test suite's own toy game has none).
GAMES = [g for g in explorer.games() if g.docs_page]


# -- building -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built with warnings as errors; its HTML folder."""
    out = tmp_path_factory.mktemp("docs")
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
               "-d", str(out / "doctrees"), str(DOCS), str(out / "html")]
    built = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert built.returncode == 0, "the docs do not build without warnings:\n" + built.stderr[-6000:]
    return out / "html"


# -- reading the built HTML ---------------------------------------------------------------

class Page(HTMLParser):
    """The anchors a page defines and the links it makes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.anchors: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (name == "name" and tag == "a"):
                self.anchors.add(value)
            elif (name == "href" and tag in ("a", "link", "area")) or (name == "src" and tag in ("img", "script")):
                self.links.append(value)


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken_links(html: Path) -> list[str]:
    """Every local link under ``html`` whose file or anchor does not exist, as ``page: link``."""
    html = html.resolve()
    pages = {path: read(path) for path in sorted(html.rglob("*.html"))}
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("//"):
                continue  # leaves the site: not ours to check offline
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(html)}: {link}"
            if not target.is_file():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                anchors = pages[target].anchors if target in pages else read(target).anchors
                if unquote(parts.fragment) not in anchors:
                    broken.append(f"{where} (no such anchor)")
    return broken


def test_the_link_checker_finds_a_broken_file_and_a_broken_anchor(tmp_path):
    (tmp_path / "a.html").write_text('<p id="here"><a href="b.html#there">b</a> <a href="#here">self</a>'
                                     '<a href="c.html">c</a> <a href="https://example.org/x">out</a></p>')
    (tmp_path / "b.html").write_text('<h1 id="elsewhere">B</h1><a href="a.html#here">back</a>')
    assert broken_links(tmp_path) == ["a.html: b.html#there (no such anchor)", "a.html: c.html (no such file)"]


def test_every_internal_link_and_anchor_resolves(site):
    broken = broken_links(site)
    assert not broken, "broken links in the built site:\n" + "\n".join(broken)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_rules_reference_has_an_anchor_for_every_rule_and_option(site, game):
    page = site / "reference" / f"{game.name}.html"
    assert page.is_file(), f"no rules reference was built for {game.name}"
    anchors = read(page).anchors
    missing = [rule.id for rule in game.rules.values() if rule.anchor not in anchors]
    missing += [f"option {name}" for name in game.options if f"{game.name}-option-{name}" not in anchors]
    assert not missing, f"reference/{game.name}.html has no anchor for: {', '.join(missing)}"


def test_the_rules_reference_index_lists_every_game(site):
    links = read(site / "reference" / "index.html").links
    for game in GAMES:
        assert f"{game.name}.html" in links, f"reference/index.html does not link to {game.name}'s reference"


# -- what the pages say -------------------------------------------------------------------

CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
TOKEN = re.compile(r"[\w][\w/.-]*[\w]|\w")


def code_tokens(markdown: str) -> set[str]:
    """The words written in code spans: `pet-quartet/draw`, {rule}`Draw <pet-quartet/draw>`, `scoring=advanced`."""
    return {token for _, span in CODE_SPAN.findall(markdown) for token in TOKEN.findall(span)}


def test_code_tokens_reads_code_spans_only():
    text = "The `scoring` option, {rule}`Draw <pet-quartet/draw>`, `` `x` `` and plain first_player."
    assert code_tokens(text) == {"scoring", "Draw", "pet-quartet/draw", "x"}


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_each_game_page_names_every_rule_id_and_option(game):
    page = DOCS / f"{game.docs_page}.md"
    assert page.is_file(), (
        f"{game.title} is registered but has no page: write docs/games/{game.name}.md "
        "(the rules in the project's words, each rule id and option name in backticks)"
    )
    written = code_tokens(page.read_text(encoding="utf-8"))
    rules = [rule_id for rule_id in game.rules if rule_id not in written]
    options = [name for name in game.options if name not in written]
    example = f"`{game.name}/setup`" + "".join(f" or `{name}`" for name in list(game.options)[:1])
    assert not rules and not options, (
        f"docs/games/{game.name}.md must name every rule id and option of {game.title} in backticks "
        f"(like {example}); missing: " + ", ".join(rules + options)
    )


def test_the_api_page_documents_every_core_module():
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    modules = sorted(p.stem for p in (ROOT / "explorer" / "core").glob("*.py") if p.stem != "__init__")
    missing = [m for m in modules if f".. automodule:: explorer.core.{m}\n" not in page]
    assert not missing, "docs/api.md has no automodule for: " + ", ".join(f"explorer.core.{m}" for m in missing)


def public_modules() -> list[str]:
    """Every public module: those of the core, the bots, analysis and the widgets (not each game's views),
    each game's package (what it exports), and the package's own modules."""
    package = ROOT / "explorer"
    found = [f"explorer.{p.stem}" for p in package.glob("*.py") if not p.stem.startswith("_")]
    for part in ("core", "bots", "analysis", "widgets", "lessons"):
        found += [f"explorer.{part}" if p.stem == "__init__" else f"explorer.{part}.{p.stem}"
                  for p in (package / part).glob("*.py") if p.stem == "__init__" or not p.stem.startswith("_")]
    found += [f"explorer.games.{p.parent.name}" for p in (package / "games").glob("*/__init__.py")]
    return sorted(set(found) - {"explorer.cli"})  # the command line has its own page, from its --help


def test_the_api_pages_document_every_public_module():
    pages = "".join(p.read_text(encoding="utf-8") for p in sorted(DOCS.glob("api*.md")))
    documented = set(re.findall(r"^\.\. automodule:: (\S+)$", pages, re.MULTILINE))
    missing = [m for m in public_modules() if m not in documented]
    assert not missing, "no page docs/api*.md has an automodule for: " + ", ".join(missing)
    for name in ("api-games", "api-bots", "api-analysis", "api-widgets"):
        assert f"\n{name}\n" in (DOCS / "index.md").read_text(encoding="utf-8"), f"{name} is in no table of contents"


def test_the_api_pages_show_each_public_module(site):
    modules = read(site / "py-modindex.html").links
    missing = [m for m in public_modules() if not any(link.endswith(f"#module-{m}") for link in modules)]
    assert not missing, "the module index of the built site lacks: " + ", ".join(missing)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_rule_id_on_a_game_page_links_to_its_rule(site, game):
    text = (DOCS / f"{game.docs_page}.md").read_text(encoding="utf-8")
    plain = sorted({span for span in re.findall(r"(?<![`}])`([a-z0-9-]+/[a-z0-9-]+)`", text) if span in game.rules})
    assert not plain, f"docs/{game.docs_page}.md writes rule ids as plain code, not {{rule}}`id`: {plain[:5]}"
    page = site / f"{game.docs_page}.html"
    links = {os.path.normpath(page.parent / unquote(link)) for link in read(page).links if "#" in link}
    unlinked = [rule.id for rule in game.rules.values()
                if os.path.normpath(site / "reference" / f"{game.name}.html#{rule.anchor}") not in links]
    assert not unlinked, f"{game.docs_page}.html does not link these rule ids to their rule: {unlinked[:5]}"


NOTEBOOK_PAGES = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb") if p.stem != "index")


@pytest.mark.parametrize("notebook", NOTEBOOK_PAGES)
def test_each_notebook_is_a_page_with_the_outputs_it_gave_at_build(site, notebook):
    html = (site / "notebooks" / f"{notebook}.html").read_text(encoding="utf-8")
    assert 'class="cell_output' in html, f"notebooks/{notebook}.html shows no output"
    assert "Traceback" not in html and "widget-view+json" not in html
    assert f'href="{notebook}.html"' in (site / "notebooks" / "index.html").read_text(encoding="utf-8")
    if notebook == "analysis":  # tables and charts, the charts as pictures
        assert html.count('class="dataframe"') >= 3
        charts = [src for src in read(site / "notebooks" / f"{notebook}.html").links if src.endswith(".svg")]
        assert len(charts) >= 5, f"the analysis page shows {len(charts)} charts"
    elif notebook != "explore":  # each game's notebook pictures its explorer
        assert 'class="nb-static-explorer"' in html


def test_the_site_loads_nothing_from_elsewhere(site):
    """Pages may link out, but every script, style sheet and image is the site's own."""
    loaded = []
    for path in sorted(site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        loaded += [f"{path.relative_to(site)}: {m}" for m in re.findall(r'(?:src|href)="((?:https?:)?//[^"]+\.(?:js|css|svg|png))"', text)]
    assert not loaded, loaded[:5]


def test_binder_buttons_launch_the_dashboards_from_one_configured_address(site):
    config = (DOCS / "conf.py").read_text(encoding="utf-8")
    (address,) = re.findall(r'^explorer_binder_url = "([^"]+)"$', config, re.MULTILINE)
    for page in ("index.html", "notebooks/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        buttons = re.findall(r'<a class="binder-button reference external" href="([^"]+)"', html)
        assert buttons == [f"{address}?urlpath=dashboards%2Fvoila%2Frender%2Findex.ipynb"], (page, buttons)


def test_the_install_page_and_the_changelog_are_published(site):
    install = (site / "install.html").read_text(encoding="utf-8")
    for extra in ("analysis", "widgets", "dashboards"):
        assert f"quartet-explorer[{extra}]" in install
    changelog = (site / "changelog.html").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert headings and all(h in changelog for h in headings)
    assert json.loads((site / "record.schema.json").read_text(encoding="utf-8"))["required"][0] == "game"


def fenced_blocks(markdown: str) -> list[tuple[str, str]]:
    """The fenced code blocks of a Markdown text: ``(language, body)`` pairs, in order."""
    return [(m.group(2).strip(), m.group(3))
            for m in re.finditer(r"^(```+)([^\n`]*)\n(.*?)^\1\s*$", markdown, re.MULTILINE | re.DOTALL)]


def test_the_example_records_replay_or_fail_as_shown():
    """Each JSON record on the records page replays; one that cannot is followed by its exact error."""
    blocks = fenced_blocks((DOCS / "records.md").read_text(encoding="utf-8"))
    records = [(i, body) for i, (language, body) in enumerate(blocks) if language == "json"]
    assert len(records) >= 3
    failures = 0
    for i, body in records:
        try:
            state = explorer.replay(body)
        except explorer.RecordError as exc:
            failures += 1
            language, shown = blocks[i + 1]
            assert language == "text" and shown.strip() == str(exc), f"records.md shows a different error: {exc}"
        else:  # notes are the record's own, beside the game that dumps writes
            if '"notes"' not in body:
                assert explorer.dumps(state) == body, "records.md shows a record unlike what explorer.dumps writes"
    assert failures == 1


@pytest.mark.parametrize("page", sorted((DOCS / "games").glob("*.md")), ids=lambda p: p.stem)
def test_the_example_records_of_a_game_page_replay(page):
    """Each JSON record on a game's page (its setups, at the start and part-way) replays."""
    records = [body for language, body in fenced_blocks(page.read_text(encoding="utf-8")) if language == "json"]
    assert records, f"{page.name} shows no example record"
    for body in records:
        state = explorer.replay(body)
        assert state.game.name == page.stem and state.ply == len(json.loads(body)["moves"])
