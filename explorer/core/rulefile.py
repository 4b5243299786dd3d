"""A game's rules file: its rules and its options as data, ``rules.toml`` in the game's package.

Rule text is prose and option labels are words, so they are written once, in
one file a game, that a person can read and edit without reading Python;
:meth:`Rulebook.load <explorer.core.rules.Rulebook.load>` and
:meth:`OptionSet.load <explorer.core.options.OptionSet.load>` read it.  The
Python side of a game keeps only what is code: the checks, and the rule ids
it cites (``RULES.ref("take")``), checked against this file at import.

The file's shape (every key not marked optional is required, and a key the
reader does not know is an error, so that a misspelt ``titel`` is not lost)::

    game = "high-card"              # the game's name, the first part of every rule id

    [[rule]]                        # one table a rule, in the order the docs show them
    id = "pass"                     # the short name: the rule's id is "high-card/pass"
    title = "Pass"
    text = "Instead of playing, you may pass."
    kind = "gap"                    # optional: "rule" unless said

    [[option]]                      # one table an option, in the order the controls show them
    name = "top"
    default = 9
    choices = [6, 9, 12]            # text, whole numbers or true/false
    doc = "The highest card of the deck."
    kind = "gap"                    # optional: "variant" unless said
    title = "Top card"              # optional
    labels = { 6 = "six" }          # optional: words for values
    explain = { 6 = "A short game." }   # optional: a line on what each value does
    seat = false                    # optional: true when the numbers name seats (none beyond the players)

A TOML key is always text, so a key of ``labels`` or ``explain`` names a
value as the value is written: ``6`` the number 6, ``true`` and ``false`` the
two booleans, any other key the text itself.  The reader turns each key back
into the choice it names and refuses a key that names none.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, Iterator

#: The rules file's name in a game's package.
FILE_NAME = "rules.toml"


def read(package: str) -> tuple[dict[str, Any], str]:
    """The parsed rules file of ``package``, and the name errors give it (``"explorer.games.pets: rules.toml"``)."""
    source = f"{package}: {FILE_NAME}"
    text = resources.files(package).joinpath(FILE_NAME).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{source} is not valid TOML: {error}") from None
    unknown = sorted(set(data) - {"game", "rule", "option"})
    if unknown:
        raise ValueError(f"{source} has unknown keys {', '.join(unknown)}; it holds game, rule and option")
    if not isinstance(data.get("game"), str):
        raise ValueError(f"{source} must name its game: game = \"<name>\"")
    return data, source


def entries(data: dict[str, Any], section: str, source: str,
            fields: dict[str, type | tuple[type, ...]], required: tuple[str, ...]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each ``[[section]]`` table of the file, its keys checked against ``fields`` (key → the type it holds).

    With each table comes the words an error about it starts with
    (``"explorer.games.pets: rules.toml, option 2 (empty_row)"``).
    """
    tables = data.get(section, [])
    if not isinstance(tables, list):
        raise ValueError(f"{source}: {section} must be tables, written [[{section}]]")
    for number, table in enumerate(tables, 1):
        where = f"{source}, {section} {number}"
        if "id" in table or "name" in table:
            where += f" ({table.get('id', table.get('name'))})"
        missing = [key for key in required if key not in table]
        if missing:
            raise ValueError(f"{where} has no {', '.join(missing)}")
        for key, value in table.items():
            if key not in fields:
                raise ValueError(f"{where} has an unknown key {key!r}; keys are {', '.join(fields)}")
            if not isinstance(value, fields[key]):
                raise ValueError(f"{where}: {key} has the wrong type ({type(value).__name__})")
        yield where, table
