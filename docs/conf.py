"""Sphinx configuration of the explorer's documentation site.

Build the site with one command, from the repository's root::

    .venv/bin/python -m sphinx -W --keep-going -b html docs docs/_build/html

``-W`` turns every warning into an error, so a broken link or a rule id
missing from a page stops the build.  ``tests/test_docs.py`` runs the same
build into a temporary folder and checks every internal link and anchor.

Two folders are written at build time and never edited by hand:
``reference/`` (a rules reference a registered game, see
``_ext/rules_reference.py``) and ``notebooks/`` (the notebooks named in
:data:`explorer_notebooks`, see ``_ext/notebook_pages.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# The site documents the explorer in this working tree, not an installed copy.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

import explorer  # noqa: E402

project = "explorer"
author = "the explorer's authors"
copyright = "the explorer's authors"
release = version = explorer.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx_autodoc_typehints",
    "rules_reference",
    "cli_help",
    "notebook_pages",
]

root_doc = "index"
exclude_patterns = ["_build", "_ext", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]

# -- MyST and notebooks -------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
# Headings down to level 3 get anchors, so ``[fields](records.md#the-fields)`` works.
myst_heading_anchors = 3
# Notebooks are committed without outputs, and the site shows them as written.
nb_execution_mode = "off"
#: Which notebooks of ``notebooks/`` the site renders (glob patterns, e.g.
#: ``["*.ipynb"]``).  Each lands under ``notebooks/`` of the site, listed on its
#: index page.  Empty: the page only says where the notebooks are.
explorer_notebooks: list[str] = []

# -- Python API -------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
typehints_document_rtype = True

# -- HTML -------------------------------------------------------------------------
html_theme = "furo"
html_title = "Rule explorer"
html_static_path = ["_static"]
html_css_files = ["explorer.css"]
html_show_sourcelink = False
html_copy_source = False
