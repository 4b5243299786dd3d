"""One module a game, registering its own views with :func:`explorer.widgets.views.register_views`."""
