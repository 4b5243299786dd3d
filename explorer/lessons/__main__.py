"""``python -m explorer.lessons``: make the shipped puzzle files anew (``explorer/lessons/puzzles/``)."""

from ..core import games
from .puzzles import write_shipped

for path in write_shipped([g for g in games() if g.docs_page]):
    print(path.name)
