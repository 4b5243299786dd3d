"""The small pieces of English every game's narration and tables are made of.

One place for plurals, articles and lists of names, so that no page says
"1 tiles" or "a E3" in one game while another gets it right.

>>> count(1, "tile"), count(3, "tile"), count(2, "cross", "crosses")
('1 tile', '3 tiles', '2 crosses')
>>> article("owl"), article("8"), article("E3"), article("11"), article("7"), article("U-turn")
('an owl', 'an 8', 'an E3', 'an 11', 'a 7', 'a U-turn')
>>> names_list(["Ana"]), names_list(["Ana", "Bo"]), names_list(["Ana", "Bo", "Cy"])
('Ana', 'Ana and Bo', 'Ana, Bo and Cy')
"""

from __future__ import annotations

from typing import Iterable, Sequence

#: Letters whose name, read aloud, begins with a vowel sound ("an F", "an M3"; but "a U", "a B").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
#: Words that begin with a vowel letter but a consonant sound, and the reverse.
_CONSONANT_SOUND = ("uni", "use", "usu", "one", "once", "eu")
_VOWEL_SOUND = ("hour", "honest", "honour", "heir")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` as it goes with ``n`` things: ``word`` for one, else ``many`` (default: ``word + "s"``)."""
    return word if n == 1 else (many if many is not None else word + "s")


def count(n: int, word: str, many: str | None = None) -> str:
    """``"1 tile"``, ``"3 tiles"``: a number and its noun, in agreement."""
    return f"{n} {plural(n, word, many)}"


def _vowel_sound(word: str) -> bool:
    if not word:
        return False
    if word[0].isdigit():
        # Numbers are read aloud: "an 8", "an 80", "an 11", "an 18", "an 11,000"; "a 1", "a 7", "a 110".
        digits = word[:len(word) - len(word.lstrip("0123456789"))]
        return digits.startswith("8") or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))
    lower = word.lower()
    if word[0].isupper() and (len(word) == 1 or not word[1].islower()):
        return word[0] in _VOWEL_LETTERS  # a letter read by its name: "an E3", "a B2", "an S"
    if lower.startswith(_VOWEL_SOUND):
        return True
    if lower.startswith(_CONSONANT_SOUND):
        return False
    return lower[0] in "aeiou"


def article(word: str) -> str:
    """``word`` with the indefinite article its sound asks for: ``"an owl"``, ``"an 8"``, ``"a 7"``."""
    return ("an " if _vowel_sound(word) else "a ") + word


def names_list(names: Iterable[str], conjunction: str = "and") -> str:
    """``"Ana, Bo and Cy"``: names (or any words) as a list is said."""
    items = list(names)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def game_over(names: Sequence[str], winners: Sequence[int], tiebreak: str | None = None, how: str = "") -> str:
    """The sentence a finished game's status says: who won, how a tie was broken, and ``how`` the game ended.

    >>> game_over(["Ana", "Bo", "Cy"], [0, 2], "most cards")
    'Game over: Ana and Cy share the victory (most cards).'
    >>> game_over(["Ana", "Bo"], [1], how="by exhaustion")
    'Game over by exhaustion: Bo wins.'
    """
    tail = f" ({tiebreak})" if tiebreak else ""
    verb = "share the victory" if len(winners) > 1 else "wins"
    ended = f" {how}" if how else ""
    return f"Game over{ended}: {names_list(names[p] for p in winners)} {verb}{tail}."


def status_line(names: Sequence[str], winners: Sequence[int] | None, tiebreak: str | None, to_move: int | None,
                how: str = "") -> str:
    """A table's status line: how the game ended (:func:`game_over`), or whose move it is.

    >>> status_line(["Ana", "Bo"], None, None, 1), status_line(["Ana", "Bo"], [0], None, None)
    ('Bo to move.', 'Game over: Ana wins.')
    """
    if winners is not None:
        return game_over(names, winners, tiebreak, how)
    assert to_move is not None  # the game is not over
    return f"{names[to_move]} to move."


def possessive(name: str) -> str:
    """``"Ana's"``, ``"Mars'"``."""
    return name + ("'" if name.endswith("s") else "'s")
