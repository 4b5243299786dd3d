"""The examples the code and the README show are run: every module's doctests, the README's Python."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import explorer

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(info.name for info in pkgutil.walk_packages(explorer.__path__, prefix="explorer.")
                 if not info.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_the_module_s_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True)
    assert result.failed == 0, f"{result.failed} of {name}'s examples failed (see the output above)"


def test_the_readme_s_python_runs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    assert blocks, "the README shows no Python"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


RULE_ID = re.compile(r"\b([a-z]+(?:-[a-z]+)*)/([a-z0-9]+(?:-[a-z0-9]+)*)\b")


def test_every_rule_id_cited_in_the_docs_and_notebooks_exists():
    games = {g.name: g for g in explorer.games()}
    cited: list[tuple[str, str]] = []
    for path in [*ROOT.glob("docs/**/*.md"), *ROOT.glob("notebooks/*.ipynb"), ROOT / "README.md"]:
        if "_build" in path.parts or "reference" in path.parts:
            continue
        for game, rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
            if game in games:
                cited.append((path.relative_to(ROOT).as_posix(), f"{game}/{rule}"))
    assert cited, "no rule id is cited anywhere"
    unknown = sorted({f"{where}: {rule}" for where, rule in cited if rule not in games[rule.split("/")[0]].rules})
    assert not unknown, "rule ids cited that no game declares:\n" + "\n".join(unknown)


CITED_IN_CODE = re.compile(r"""f["']\{G\}/([a-z0-9]+(?:-[a-z0-9]+)*)["']""")


def test_every_rule_id_the_games_cite_in_their_code_exists():
    """A rule a game's code cites as ``f"{G}/name"`` is one its rulebook declares."""
    unknown = []
    for game in explorer.games():
        package = Path(importlib.import_module(type(game).__module__).__file__).parent
        if package.name == "games":
            continue
        for path in sorted(package.glob("*.py")):
            for name in CITED_IN_CODE.findall(path.read_text(encoding="utf-8")):
                if f"{game.name}/{name}" not in game.rules:
                    unknown.append(f"{path.relative_to(ROOT).as_posix()}: {game.name}/{name}")
    assert not unknown, "rule ids cited in code that the game does not declare:\n" + "\n".join(unknown)


def test_a_rulebook_checks_the_rules_it_is_asked_for():
    rules = explorer.game("pet-quartet").rules
    assert rules.ref("take") == "pet-quartet/take"
    with pytest.raises(KeyError, match="no rule 'tack'"):
        rules.ref("tack")
