"""One package a game; each registers itself with :func:`explorer.core.register`."""
