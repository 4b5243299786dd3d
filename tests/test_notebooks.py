"""Every notebook runs from top to bottom (nbval, lax), and is committed without outputs.

nbval runs in a child pytest so that each notebook is one test here; it uses
this environment's kernel (``--nbval-current-env``), the one ``.venv`` holds.
Outputs are not compared: widgets and charts differ from run to run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_there_are_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert {"index.ipynb", "pet_quartet.ipynb", "explore.ipynb"} <= names


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(notebook: Path):
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env", "--nbval-cell-timeout=300",
         "-p", "no:cacheprovider", "-q", "--no-header", str(notebook)],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, f"{notebook.name} failed under nbval:\n{result.stdout[-4000:]}{result.stderr[-2000:]}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(notebook: Path):
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, (
                f"{notebook.name}: cell {i} keeps its outputs; clear them before committing")
