"""Every rule of every game is exercised by at least one test marked ``@covers``."""

from __future__ import annotations

import importlib
import pkgutil

import explorer
import tests


def covered_rule_ids() -> set[str]:
    ids: set[str] = set()
    for info in pkgutil.walk_packages(tests.__path__, prefix="tests."):
        if not info.name.rsplit(".", 1)[-1].startswith("test_"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            ids.update(getattr(value, "rule_ids", ()))
            if isinstance(value, type):  # test classes
                for member in vars(value).values():
                    ids.update(getattr(member, "rule_ids", ()))
    return ids


def test_every_rule_has_a_scenario_test():
    covered = covered_rule_ids()
    missing = [rule for g in explorer.games() for rule in g.rules if rule not in covered]
    assert not missing, f"rules no test marks with @covers: {', '.join(missing)}"


def test_covers_names_only_real_rules():
    known = {rule for g in explorer.games() for rule in g.rules}
    unknown = sorted(covered_rule_ids() - known)
    assert not unknown, f"@covers names rules no game declares: {', '.join(unknown)}"
