"""A game's rules file (``rules.toml``): read back exactly, and refused, with the place named, when it is wrong.

Each test writes a small package into a temporary folder on ``sys.path`` and
reads its rules file the way a game's ``rules.py`` does.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from explorer.core import OptionSet, Rulebook

RULES = '''
    game = "tiny"

    [[rule]]
    id = "setup"
    title = "Setup"
    text = """
    Deal two \\
    cards."""

    [[rule]]
    id = "game-end"
    title = "The end"
    kind = "gap"
    text = "It ends."
'''

OPTIONS = '''
    [[option]]
    name = "bonus"
    default = false
    choices = [false, true]
    doc = "A bonus."
    labels = { false = "without", true = "with" }

    [[option]]
    name = "first"
    default = "random"
    choices = ["random", 1, 2]
    kind = "gap"
    title = "First player"
    doc = "Who starts."
    [option.explain]
    random = "The seed draws who starts."
    1 = "Seat 1 starts."
'''

_made = 0


def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toml: str, code: str = "") -> str:
    """A new package holding ``toml`` as its rules file (and ``code`` as its ``__init__``); its name."""
    global _made
    _made += 1
    name = f"rulefile_test_{_made}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text(textwrap.dedent(code), encoding="utf-8")
    (folder / "rules.toml").write_text(textwrap.dedent(toml), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_rules_and_options_come_back_with_their_types(tmp_path, monkeypatch):
    name = package(tmp_path, monkeypatch, RULES + OPTIONS)
    rules, options = Rulebook.load(name), OptionSet.load(name)
    assert rules.game == "tiny" and list(rules) == ["tiny/setup", "tiny/game-end"]
    assert rules["tiny/setup"].text == "Deal two cards." and rules["tiny/setup"].kind == "rule"
    assert rules["tiny/game-end"].kind == "gap"
    bonus, first = options["bonus"], options["first"]
    assert bonus.default is False and bonus.choices == (False, True) and bonus.kind == "variant"
    assert [(type(k), k) for k in bonus.labels] == [(bool, False), (bool, True)]
    assert bonus.label(True) == "with" and bonus.label(False) == "without"
    assert [(type(c), c) for c in first.choices] == [(str, "random"), (int, 1), (int, 2)]
    assert first.explanation(1) == "Seat 1 starts." and first.explanation(2) == "Who starts."
    assert first.heading() == "First player" and first.kind == "gap"


@pytest.mark.parametrize("toml, message", [
    (RULES.replace('title = "Setup"', 'titel = "Setup"'), r"rule 1 \(setup\) has no title"),
    (RULES.replace('kind = "gap"', 'kind = "gap"\n    page = 3'), r"rule 2 \(game-end\) has an unknown key 'page'"),
    (RULES.replace('kind = "gap"', 'kind = "maybe"'), r"rules.toml: rule 'tiny/game-end' has kind 'maybe'"),
    (RULES.replace('id = "game-end"', 'id = "setup"'), r"rule id 'tiny/setup' is declared twice"),
    (RULES.replace('game = "tiny"', ''), r"must name its game"),
    ("version = 3\n" + RULES, r"unknown keys version"),
    (RULES.replace('title = "Setup"', 'title = 3'), r"rule 1 \(setup\): title has the wrong type \(int\)"),
    ("game = [", r"is not valid TOML"),
])
def test_a_wrong_rule_is_refused_with_its_place(tmp_path, monkeypatch, toml, message):
    name = package(tmp_path, monkeypatch, toml)
    with pytest.raises(ValueError, match=message):
        Rulebook.load(name)


@pytest.mark.parametrize("change, message", [
    (("labels = { false", "labels = { no"), r"option 1 \(bonus\), labels: 'no' names none of the choices"),
    (('default = "random"', 'default = "seat"'), r"option 2 \(first\): default of option 'first' is not among"),
    (('choices = ["random", 1, 2]', 'choices = ["random", 1.5]'), r"choices are text, whole numbers or true/false"),
    (('choices = ["random", 1, 2]', 'choices = ["random", 1, "1"]'), r"the choices 1 and '1' are written alike"),
    (('1 = "Seat 1 starts."', '1 = 1'), r"explain are text"),
    (('doc = "A bonus."', ''), r"option 1 \(bonus\) has no doc"),
])
def test_a_wrong_option_is_refused_with_its_place(tmp_path, monkeypatch, change, message):
    name = package(tmp_path, monkeypatch, RULES + OPTIONS.replace(*change))
    with pytest.raises(ValueError, match=message):
        OptionSet.load(name)


def test_a_misspelt_rule_cited_in_code_fails_the_import(tmp_path, monkeypatch):
    code = """
        from explorer.core import Rulebook
        RULES = Rulebook.load(__package__)
        END_RULE = RULES.ref("gmae-end")
    """
    name = package(tmp_path, monkeypatch, RULES, code)
    with pytest.raises(KeyError, match="tiny has no rule 'gmae-end'"):
        importlib.import_module(name)
    sys.modules.pop(name, None)
