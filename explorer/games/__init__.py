"""One package a game; each registers itself with :func:`explorer.core.register`.

``explorer.games`` is this package and also the function that lists the
games: ``explorer.games()``.  Python binds a package's name to the package
whenever it is imported, so the function could not keep that name on its
own; making the package callable serves both uses, including
``import explorer.games.pet_quartet``.
"""

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.game import Game


class _CallablePackage(types.ModuleType):
    def __call__(self) -> "list[Game]":
        """Every registered game, in alphabetical order of name."""
        from ..core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
games_package = sys.modules[__name__]
