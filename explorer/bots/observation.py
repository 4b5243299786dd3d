"""What a bot is handed when it must decide: one player's sight of the table, nothing more.

A bot never holds the true state.  It gets an :class:`Observation`: the
player's view (``state.view(player)``), the legal moves, and a way to deal
*determinizations*, copies of the match in which everything the player cannot
see has been dealt anew consistently with what they can see.  A search bot
plays its imagined futures on those copies.  Asking an observation for
anything else (``observation.state``, say) raises :class:`HiddenInformation`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..core import ExplorerError, Game, State
from ..core.game import Move


#: What an observation reads from the state besides the view: facts every player knows.
PUBLIC = {"game": "game", "players": "players", "options": "options", "ply": "ply"}


class HiddenInformation(ExplorerError, AttributeError):
    """A bot asked its observation for something its player may not see."""


class Observation:
    """One player's sight of a match at the moment they decide.

    ``player``
        the seat deciding (``state.to_move``);
    ``view``
        ``state.view(player)``: plain data, exactly what that player sees
        (built when first asked for: a bot that does not read it does not pay for it);
    ``legal``
        the moves open to them, as values;
    ``game``, ``players``, ``options``, ``ply``
        the public facts of the match: the game's declaration, the player
        count, the options in force and how many moves have been played;
    ``determinize(seed)``
        a fresh :class:`State` in which the player's hidden information is
        dealt anew from ``seed``; the bot may play on it as it likes.

    An observation is good for the decision it was made for: the match
    moves on once the bot has answered.
    """

    __slots__ = ("player", "legal", "_look", "_deal", "_view")

    def __init__(self, state: State, player: int) -> None:
        if state.to_move != player:
            raise ExplorerError(f"player {player} is not the one to move, so there is nothing to decide.")
        self.player = player
        self.legal: tuple[Move, ...] = tuple(state.legal_moves())
        if not self.legal:
            raise ExplorerError(f"{state.game.title} gives the player to move no legal move, yet the game is not over.")
        # The state is reachable only through these two functions, which hand out
        # the player's view and determinized copies, never the state itself.
        # The public facts below are read through them too, when first asked for:
        # a bot that needs only the legal moves pays for nothing else.
        self._look: Callable[[str], Any] = lambda fact: state.view(player) if fact == "view" else getattr(state, PUBLIC[fact])
        self._deal: Callable[[int], State] = lambda seed: state.determinize(player, seed)
        self._view: dict[str, Any] | None = None

    @property
    def game(self) -> Game:
        """The game's declaration (its rules, options and title)."""
        game: Game = self._look("game")
        return game

    @property
    def players(self) -> int:
        """How many players the match has."""
        players: int = self._look("players")
        return players

    @property
    def options(self) -> Mapping[str, Any]:
        """The options in force."""
        options: Mapping[str, Any] = self._look("options")
        return options

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        ply: int = self._look("ply")
        return ply

    @property
    def view(self) -> dict[str, Any]:
        """What :attr:`player` sees: ``state.view(player)``."""
        if self._view is None:
            self._view = self._look("view")
        return self._view

    def determinize(self, seed: int) -> State:
        """A copy of the match with what :attr:`player` cannot see dealt anew from ``seed``."""
        return self._deal(seed)

    def __getattr__(self, name: str) -> Any:
        raise HiddenInformation(
            f"a bot sees only its player's view, the legal moves and determinizations, so {name!r} is not available."
        )

    def __repr__(self) -> str:
        return f"<Observation {self.game.name} player={self.player} ply={self.ply}: {len(self.legal)} legal moves>"
