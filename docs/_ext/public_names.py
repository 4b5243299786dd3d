"""Let references use the names people import: ``explorer.State`` as well as ``explorer.core.game.State``.

The API page documents each class where it is defined, but code and prose
use the shorter names that ``explorer`` and ``explorer.core`` re-export.
When a Python reference finds no target, this looks the name up by importing
it and retries with the object's own module and qualified name.
"""

from __future__ import annotations

import importlib
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment


def defined_name(dotted: str) -> str | None:
    """Where the object ``dotted`` names is defined, if that is elsewhere: ``explorer.core.game.State``."""
    parts = dotted.split(".")
    if parts[0] != "explorer":
        return None
    for split in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for i, part in enumerate(parts[split:], start=split):
            obj = getattr(obj, part, None)
            if obj is None:
                return None
            module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
            if module and qualname and ".".join([module, qualname]) != ".".join(parts[: i + 1]):
                return ".".join([module, qualname, *parts[i + 1:]])
        return None
    return None


def resolve(app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref,
            contnode: nodes.TextElement) -> nodes.reference | None:
    if node.get("refdomain") != "py":
        return None
    target = defined_name(node["reftarget"])
    if target is None:
        return None
    return env.domains.python_domain.resolve_xref(env, node.get("refdoc", env.docname), app.builder,
                                                  node["reftype"], target, node, contnode)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", resolve)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
