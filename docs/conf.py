"""Sphinx configuration of the explorer's documentation site.

Build the site with one command, from the repository's root::

    .venv/bin/python -m sphinx -W --keep-going -b html docs docs/_build/html

``-W`` turns every warning into an error, so a broken link or a rule id
missing from a page stops the build.  ``tests/test_docs.py`` runs the same
build into a temporary folder and checks every internal link and anchor.

Two folders are written at build time and never edited by hand:
``reference/`` (a rules reference a registered game, see
``_ext/rules_reference.py``) and ``notebooks/`` (the notebooks named in
``explorer_notebooks``, see ``_ext/notebook_pages.py``).
"""

from __future__ import annotations

import sys
import warnings
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

#: Which notebooks of ``notebooks/`` the site renders, as glob patterns
#: (``["*.ipynb"]`` for all).  Each is shown as committed, without running it,
#: under ``notebooks/`` of the site.  Empty: the notebooks page only says where
#: they are, and MyST-NB is not loaded at all (importing it takes seconds, and
#: plain MyST reads the Markdown pages just the same).
explorer_notebooks: list[str] = []

extensions = [
    "myst_nb" if explorer_notebooks else "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_autodoc_typehints",
    "public_names",
    "rules_reference",
    "cli_help",
    "notebook_pages",
    "declarations",
]

root_doc = "index"
# A reference to the explorer's own code that leads nowhere is a mistake; names from
# elsewhere (``Mapping``, ``Counter``) have no page here to lead to.
nitpicky = True
nitpick_ignore_regex = [(r"py:.*", r"(?!explorer\.).*")]
exclude_patterns = ["_build", "_ext", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]

# -- MyST and notebooks -------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
# Headings down to level 3 get anchors, so ``[fields](records.md#the-fields)`` works.
myst_heading_anchors = 3
# Notebooks are committed without outputs, and the site shows them as written.
nb_execution_mode = "off"

# -- Python API -------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
typehints_document_rtype = True
# sphinx-autodoc-typehints still calls an API that Sphinx 10 will drop; that is its
# maintainers' business, and the notice is noise in every build.
warnings.filterwarnings("ignore", message=r".*set_application.* is deprecated", module="sphinx_autodoc_typehints")

# -- HTML -------------------------------------------------------------------------
html_theme = "furo"
html_title = "Rule explorer"
html_static_path = ["_static"]
html_css_files = ["explorer.css"]
html_show_sourcelink = False
html_copy_source = False


def drop_object_base(app, name, obj, options, bases: list) -> None:
    """Leave out "Bases: object": every class has it, so it says nothing."""
    bases[:] = [base for base in bases if base is not object]


def setup(app) -> None:
    app.connect("autodoc-process-bases", drop_object_base)
