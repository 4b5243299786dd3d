"""Render notebooks of the repository's ``notebooks/`` folder as pages of the site.

Sphinx reads only what lies under ``docs/``, and the notebooks live beside it.
When the build starts, the notebooks that ``explorer_notebooks`` (in
``conf.py``) names by glob pattern are copied to ``docs/notebooks/`` and
listed on ``notebooks/index``; MyST-NB (loaded by ``conf.py`` only when
there are notebooks to show) renders them as they are committed, without
running them (``nb_execution_mode = "off"``).  With no pattern, the
index page only says where the notebooks are and how to open them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

FOLDER = "notebooks"
STAMP = "<!-- Written by docs/_ext/notebook_pages.py at build time: do not edit. -->"

INTRO = """\
# Notebooks

Each game has a literate notebook: the rules in plain words, a small example, then the
live explorer and what its charts teach. They live in the `notebooks/` folder of the
repository. Open them with `./run start` (see [Start here](../index.md)), or run them as
dashboards, with the code hidden.
"""


def chosen(app: Sphinx) -> list[Path]:
    """The notebooks that the patterns of ``explorer_notebooks`` select, in name order."""
    source = Path(app.srcdir).parent / "notebooks"
    found: dict[str, Path] = {}
    for pattern in app.config.explorer_notebooks:
        matches = sorted(p for p in source.glob(pattern)
                         if p.suffix == ".ipynb" and ".ipynb_checkpoints" not in p.parts)
        if not matches:
            logger.warning("explorer_notebooks: %r matches no notebook in %s", pattern, source)
        found.update((p.name, p) for p in matches)
    return [found[name] for name in sorted(found)]


def index_page(notebooks: list[Path]) -> str:
    if not notebooks:
        return f"{STAMP}\n\n{INTRO}"
    entries = "\n".join(p.stem for p in notebooks)
    return (f"{STAMP}\n\n{INTRO}\nThey are shown here as committed, without running them.\n\n"
            f"```{{toctree}}\n:maxdepth: 1\n\n{entries}\n```\n")


def write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_bytes(data)
    os.replace(partial, path)


def with_language(data: bytes) -> bytes:
    """The notebook, saying it is Python if it does not say so itself (its cells are then highlighted)."""
    notebook = json.loads(data)
    metadata = notebook.setdefault("metadata", {})
    if "language_info" in metadata or "language" in metadata.get("kernelspec", {}):
        return data
    metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
    return json.dumps(notebook, indent=1, ensure_ascii=False).encode("utf-8")


def copy_notebooks(app: Sphinx) -> None:
    folder = Path(app.srcdir) / FOLDER
    folder.mkdir(exist_ok=True)
    notebooks = chosen(app)
    if notebooks and "myst_nb" not in app.extensions:
        logger.warning("explorer_notebooks names notebooks, but MyST-NB is not loaded: set "
                       "explorer_notebooks in conf.py itself, not with -D")
        notebooks = []
    names = {p.name for p in notebooks}
    # Only this extension writes here: whatever it did not choose this time goes.
    for old in folder.glob("*.ipynb"):
        if old.name not in names:
            old.unlink()
    for notebook in notebooks:
        write_if_changed(folder / notebook.name, with_language(notebook.read_bytes()))
    write_if_changed(folder / "index.md", index_page(notebooks).encode("utf-8"))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("explorer_notebooks", [], "env", types=[list])
    app.connect("builder-inited", copy_notebooks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
