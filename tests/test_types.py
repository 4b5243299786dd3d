"""The core, the games and the bots pass the type checker, as ``[tool.mypy]`` in pyproject.toml configures it.

All three with every flag of ``mypy --strict`` but one, for the strategies
(the configuration says why).  The test runs mypy in this process through its
API, on the packages the configuration names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_core_games_and_bots():
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (it comes with the test extra)")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental",
                                "--cache-dir=/dev/null", str(ROOT / "explorer" / "core"),
                                str(ROOT / "explorer" / "games"), str(ROOT / "explorer" / "bots")])
    assert status == 0, f"mypy reports:\n{out}{err}"
    assert "Success: no issues found" in out
