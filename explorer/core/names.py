"""Player names: the one check that a new match and a record both apply.

A name is 1 to :data:`MAX_NAME_CHARS` characters of printable text, not only
spaces; the names of a match are all different.  Control characters (a
terminal's escape codes), invisible formatting characters (a byte-order mark,
a right-to-left override) and lone surrogates (which no file or page can
hold) are refused, so a name prints and saves as it reads.  The joiner of
emoji sequences (U+200D) is the one formatting character allowed.

>>> check_names(["Mia", "Noor"], 2)
('Mia', 'Noor')
>>> check_names(["Mia", "\\ufeff"], 2)
Traceback (most recent call last):
...
explorer.core.errors.OptionError: player 2's name holds an invisible or control character (U+FEFF).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import OptionError, excerpt

MAX_NAME_CHARS = 40
#: Unicode categories a name may not hold: controls, formatting, surrogates, private use, unassigned.
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_ALLOWED = {"\u200d"}


def check_names(names: Any, players: int) -> tuple[str, ...]:
    """``names`` as a tuple if they are ``players`` good, different names; else :class:`OptionError` on ``names``."""
    if not isinstance(names, (list, tuple)) or len(names) != players:
        raise OptionError(f"give {players} player names, one a seat.", "names")
    for seat, name in enumerate(names, 1):
        if not isinstance(name, str):
            raise OptionError(f"player {seat}'s name must be text, not {excerpt(name)}.", "names")
        if not name.strip() or len(name) > MAX_NAME_CHARS:
            raise OptionError(f"player {seat}'s name must be 1 to {MAX_NAME_CHARS} characters, not only spaces.",
                              "names")
        for char in name:
            if unicodedata.category(char) in _REFUSED and char not in _ALLOWED:
                raise OptionError(f"player {seat}'s name holds an invisible or control character "
                                  f"(U+{ord(char):04X}).", "names")
    if len(set(names)) != players:
        raise OptionError(f"give {players} different player names.", "names")
    return tuple(names)
