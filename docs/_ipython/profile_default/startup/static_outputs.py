"""When the docs site runs the notebooks, widgets also leave a static picture of themselves.

The site is plain HTML: no kernel behind it to draw a widget.  So, in the
kernels that run the notebooks for the site (``conf.py`` points
``IPYTHONDIR`` here), a chart widget is also given as an SVG drawn by
vl-convert, an explorer (or a dashboard's page of one) as its game's table as it
stands, and the simulation panel as a sentence saying what it does; the page shows
those (``nb_mime_priority_overrides`` in ``conf.py`` leaves the widget views
out).  Nothing here runs in a notebook or a dashboard of the explorer itself.
"""

import json


def _chart_svg(chart) -> str:
    import vl_convert

    spec = dict(chart.spec)
    if chart.data:  # the named datasets travel beside the spec; a picture needs them inside it
        spec["datasets"] = {**spec.get("datasets", {}), **{k: json.loads(v) for k, v in chart.data.items()}}
    return vl_convert.vegalite_to_svg(spec)


def _explorer_html(explorer) -> str:
    return ('<div class="nb-static-explorer">' + explorer.state._repr_html_()
            + "<p><em>In a notebook or a dashboard this is the live explorer: step through the game, "
              "play it, or let the bots play.</em></p></div>")


def _page_html(page) -> str:
    return _explorer_html(page.explorer)


def _panel_html(panel) -> str:
    return ("<p><em>In a notebook or a dashboard this is the simulation panel: choose a game, its options "
            "and its seats, and see the figures of the games played.</em></p>")


def _install(shell) -> None:
    formatters = shell.display_formatter.formatters
    # By the class itself, not its name: anywidget makes a subclass of the same name for each chart, and
    # a printer registered by name would be bound to the first of them only.
    from explorer.widgets.charts import LiveChart

    formatters["image/svg+xml"].for_type(LiveChart, _chart_svg)
    formatters["text/html"].for_type_by_name("explorer.widgets.stepper", "Explorer", _explorer_html)
    formatters["text/html"].for_type_by_name("explorer.widgets.share", "LinkedPage", _page_html)
    formatters["text/html"].for_type_by_name("explorer.analysis.panel", "SimulationPanel", _panel_html)


_install(get_ipython())  # noqa: F821  (IPython runs startup files with get_ipython defined)
