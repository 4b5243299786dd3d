"""The game's page names every rule id and every option, and its example runs."""

from __future__ import annotations

from pathlib import Path

import explorer

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "quartex.md"


def test_every_rule_and_option_is_documented():
    text = DOC.read_text(encoding="utf-8")
    game = explorer.game("quartex")
    missing = [rule for rule in game.rules if f"`{rule}`" not in text]
    missing += [name for name in game.options if f"`{name}`" not in text]
    assert not missing, f"docs/games/quartex.md does not mention: {', '.join(missing)}"


def test_the_rule_kinds_are_known():
    game = explorer.game("quartex")
    assert {r.kind for r in game.rules.values()} <= {"rule", "gap", "interpretation"}
    assert all(o.kind in ("variant", "gap") for o in game.options.values())
