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

import hashlib
import os
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
#: (``["*.ipynb"]`` for all).  Each is run when the site is built and shown with
#: its outputs under ``notebooks/`` of the site.  Empty: the notebooks page only
#: says where they are, and MyST-NB is not loaded at all (importing it takes
#: seconds, and plain MyST reads the Markdown pages just the same).
#: The gallery (``index.ipynb``) is the dashboards' front page, its cards leading to dashboards; on
#: the site the notebooks' index page takes its place.
explorer_notebooks: list[str] = ["*.ipynb", "!index.ipynb"]

#: Where Binder builds the repository: ``https://mybinder.org/v2/<provider>/<repository>/<branch>``.
#: The repository has no public address yet, so this placeholder stands in; it is the one place to
#: change, and every "Launch on Binder" button of the site follows it.
explorer_binder_url = "https://mybinder.org/v2/gh/quartet-explorer/quartet-explorer/HEAD"

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
exclude_patterns = ["_build", "_ext", "_ipython", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]

# -- MyST and notebooks -------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
# Headings down to level 3 get anchors, so ``[fields](records.md#the-fields)`` works.
myst_heading_anchors = 3
# Notebooks are committed without outputs: the site runs them, and keeps what they gave in a
# cache that outlives a build (a notebook runs again only when it changes).
# The cache knows a notebook's code only, while its outputs come from the explorer's code too: the
# cache's folder is named after that code (and the kernels' startup file, below), so a change there
# runs the notebooks again.
nb_execution_mode = "cache"
_outputs_from = sorted((ROOT / "explorer").rglob("*.py")) + sorted((DOCS / "_ipython").rglob("*.py"))
_outputs_key = hashlib.sha256(b"".join(p.read_bytes() for p in _outputs_from)).hexdigest()[:16]
nb_execution_cache_path = str(Path(os.environ.get("EXPLORER_DOCS_CACHE") or Path(
    os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "explorer" / "docs-notebooks") / _outputs_key)
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
# The site is static HTML: widgets cannot be drawn without a kernel, so their views are left out
# and the static pictures the kernel adds beside them are shown (see _ipython/.../static_outputs.py).
nb_mime_priority_overrides = [("*", "application/vnd.jupyter.widget-view+json", None),
                              ("*", "application/javascript", None)]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
# The kernels that run the notebooks read that startup file; a chart need not carry the charts'
# library inside its widget (nothing draws the widget here).
os.environ["IPYTHONDIR"] = str(DOCS / "_ipython")
os.environ["EXPLORER_VEGA_URL"] = "_static/no-charts-library.js"

# -- Python API -------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
typehints_document_rtype = True
# A name imported only for type checking (``if TYPE_CHECKING: from ..core import State``) cannot be
# resolved when the docs import the module; such an annotation is shown as written instead.
suppress_warnings = ["sphinx_autodoc_typehints.forward_reference"]
# sphinx-autodoc-typehints still calls an API that Sphinx 10 will drop; that is its
# maintainers' business, and the notice is noise in every build.
warnings.filterwarnings("ignore", message=r".*set_application.* is deprecated", module="sphinx_autodoc_typehints")

# -- HTML -------------------------------------------------------------------------
html_theme = "furo"
html_title = "Rule explorer"
html_static_path = ["_static"]
# The records' JSON Schema is published at the site's root, as the package ships it.
html_extra_path = ["../explorer/core/record.schema.json"]
html_css_files = ["explorer.css"]
html_show_sourcelink = False
html_copy_source = False


def drop_object_base(app, name, obj, options, bases: list) -> None:
    """Leave out "Bases: object" (every class has it, so it says nothing) and private bases (no page
    documents them)."""
    bases[:] = [base for base in bases if base is not object and not base.__name__.startswith("_")]


def setup(app) -> None:
    app.connect("autodoc-process-bases", drop_object_base)
