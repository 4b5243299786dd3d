"""The command line's own ``--help`` texts, shown on the site as they are.

``{cli-help}`` shows what ``python -m explorer --help`` prints;
``{cli-commands}`` gives every command the parser has a section (anchor
``command-<name>``) with its one-line summary and its ``--help``.  The text
comes from the parser when the site is built, so the page cannot drift from
the program, and a command added later (``simulate`` comes with the analysis
package) appears by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

#: The width the help is wrapped to, whatever terminal builds the site.
WIDTH = 88


def parser() -> argparse.ArgumentParser:
    from explorer.cli import build_parser

    return build_parser()


def commands() -> list[tuple[str, str]]:
    """Every command of ``python -m explorer`` and its one-line help, in the parser's order."""
    found = []
    for action in parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.extend((choice.dest, choice.help or "") for choice in action._choices_actions)
    return found


def help_text(*command: str) -> str:
    """What ``python -m explorer COMMAND --help`` prints."""
    out = io.StringIO()
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(WIDTH)  # argparse wraps to the terminal's width
    try:
        with contextlib.redirect_stdout(out):
            try:
                args = parser().parse_args([*command, "--help"])
                # A command that passes its options on (``dashboards``) prints its help when it runs.
                args.run(args)
            except SystemExit:
                pass
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return out.getvalue().rstrip()


def literal(text: str) -> nodes.literal_block:
    return nodes.literal_block(text, text, language="text")


class CliHelp(SphinxDirective):
    """``cli-help``: the top-level ``--help``."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_reread()  # drawn from the program, not from the page's source
        return [literal(help_text())]


class CliCommands(SphinxDirective):
    """``cli-commands``: a section a command, with its summary and its ``--help``."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_reread()
        out: list[nodes.Node] = []
        for name, summary in commands():
            title = f"python -m explorer {name}"
            out.append(nodes.section(
                "",
                nodes.title("", "", nodes.literal(title, title)),
                nodes.paragraph(summary, summary[:1].upper() + summary[1:] + "."),
                literal(help_text(name)),
                ids=[f"command-{name}"],
            ))
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cli-help", CliHelp)
    app.add_directive("cli-commands", CliCommands)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
