"""Render notebooks of the repository's ``notebooks/`` folder as pages of the site.

Sphinx reads only what lies under ``docs/``, and the notebooks live beside it.
When the build starts, the notebooks that ``explorer_notebooks`` (in
``conf.py``) names by glob pattern are copied to ``docs/notebooks/`` and
listed on ``notebooks/index``; MyST-NB (loaded by ``conf.py`` only when
there are notebooks to show) runs them and renders them with their outputs,
keeping those in a cache between builds (``nb_execution_mode = "cache"``).
With no pattern, the index page only says where the notebooks are and how to
open them.

The ``binder-button`` directive writes a link that opens the dashboards (or
one notebook's, given as its argument) on Binder, from the one address
``explorer_binder_url`` in ``conf.py``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from urllib.parse import quote

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

FOLDER = "notebooks"
STAMP = "<!-- Written by docs/_ext/notebook_pages.py at build time: do not edit. -->"

INTRO = """\
# Notebooks

Each game has a literate notebook: the rules in plain words, a small example, then the
live explorer and what its charts teach. They live in the `notebooks/` folder of the
repository. Open them with `./run start` (see [Start here](../index.md)), or run them as
dashboards, with the code hidden; or open them on Binder, with nothing to install:

```{binder-button}
```
"""


def chosen(app: Sphinx) -> list[Path]:
    """The notebooks that the patterns of ``explorer_notebooks`` select, in name order.

    A pattern that starts with ``!`` takes away what it matches from those chosen so far.
    """
    source = Path(app.srcdir).parent / "notebooks"
    found: dict[str, Path] = {}
    for pattern in app.config.explorer_notebooks:
        leave_out = pattern.startswith("!")
        matches = sorted(p for p in source.glob(pattern.removeprefix("!"))
                         if p.suffix == ".ipynb" and ".ipynb_checkpoints" not in p.parts)
        if not matches:
            logger.warning("explorer_notebooks: %r matches no notebook in %s", pattern, source)
        for p in matches:
            if leave_out:
                found.pop(p.name, None)
            else:
                found[p.name] = p
    return [found[name] for name in sorted(found)]


def index_page(notebooks: list[Path]) -> str:
    if not notebooks:
        return f"{STAMP}\n\n{INTRO}"
    entries = "\n".join(p.stem for p in notebooks)
    return (f"{STAMP}\n\n{INTRO}\nThey are shown here as they ran when this site was built: the tables and "
            "charts are real, and each explorer is a picture of its table (the live one needs a notebook "
            "or a dashboard).\n\n"
            f"```{{toctree}}\n:maxdepth: 1\n\n{entries}\n```\n")


def write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_bytes(data)
    os.replace(partial, path)


def has_title(notebook: dict) -> bool:
    """Whether a markdown cell of the notebook starts with a top heading (the page's title)."""
    return any(cell.get("cell_type") == "markdown" and "".join(cell.get("source", [])).lstrip().startswith("# ")
               for cell in notebook.get("cells", []))


def prepared(data: bytes, name: str) -> bytes:
    """The notebook, saying it is Python if it does not say so itself (its cells are then highlighted),
    with its links to the gallery (``index.ipynb``) leading to the notebooks' index, an id for each cell that has none (as the notebook format wants from version 4.5), a
    title made from its name if it has none (``explore.ipynb``: "Explore"), and the code of its
    cells tagged ``hide`` (plumbing, which Voila leaves out) folded away (MyST-NB's ``hide-input``)."""
    notebook = json.loads(data)
    if not has_title(notebook):
        title = name.removesuffix(".ipynb").replace("_", " ").capitalize()
        notebook.setdefault("cells", []).insert(0, {"cell_type": "markdown", "metadata": {}, "source": [f"# {title}"]})
    metadata = notebook.setdefault("metadata", {})
    if "language_info" not in metadata and "language" not in metadata.get("kernelspec", {}):
        metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":  # the gallery's place on the site is the notebooks' index
            source = cell.get("source", "")
            cell["source"] = ("".join(source) if isinstance(source, list) else source).replace("](index.ipynb",
                                                                                               "](index.md")
        tags = cell.get("metadata", {}).get("tags", [])
        if "hide" in tags and "hide-input" not in tags:  # plumbing hidden on a dashboard is folded away here
            cell["metadata"]["tags"] = [*tags, "hide-input"]
    if (notebook.get("nbformat"), notebook.get("nbformat_minor", 0)) >= (4, 5):
        for i, cell in enumerate(notebook.get("cells", [])):
            cell.setdefault("id", f"cell-{i}")
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
        write_if_changed(folder / notebook.name, prepared(notebook.read_bytes(), notebook.name))
    write_if_changed(folder / "index.md", index_page(notebooks).encode("utf-8"))


DASHBOARD_LINK = re.compile(r"""href=(["'])([A-Za-z0-9_-]+)\.ipynb(?:\?[^"']*)?\1""")


def link_pages(app: Sphinx, exception: Exception | None) -> None:
    """In the notebooks' pages, a link to another notebook (``index.ipynb``, as a dashboard links to its
    gallery) leads to that notebook's page of the site (the gallery's place is the notebooks' index)."""
    if exception is not None or app.builder.format != "html":
        return
    folder = Path(app.outdir) / FOLDER
    for page in folder.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        linked = DASHBOARD_LINK.sub(lambda m: f'href="{m.group(2)}.html"' if (folder / f"{m.group(2)}.html").exists()
                                    else m.group(0), text)
        if linked != text:
            page.write_text(linked, encoding="utf-8")


def binder_url(base: str, notebook: str = "index.ipynb") -> str:
    """The address that opens ``notebook``'s dashboard on Binder, from the repository's Binder address."""
    return f"{base}?urlpath={quote(f'dashboards/voila/render/{notebook}', safe='')}"


class BinderButton(SphinxDirective):
    """``binder-button`` [notebook]: a link that launches the dashboards (the gallery, or that notebook) on Binder."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        notebook = self.arguments[0] if self.arguments else "index.ipynb"
        what = "the dashboards" if notebook == "index.ipynb" else "this dashboard"
        link = nodes.reference("", "", nodes.Text(f"Launch {what} on Binder"),
                               refuri=binder_url(self.config.explorer_binder_url, notebook),
                               classes=["binder-button"])
        return [nodes.paragraph("", "", link, classes=["binder-launch"])]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("explorer_notebooks", [], "env", types=[list])
    app.add_config_value("explorer_binder_url", "", "env", types=[str])
    app.add_directive("binder-button", BinderButton)
    app.connect("build-finished", link_pages)
    app.connect("builder-inited", copy_notebooks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
