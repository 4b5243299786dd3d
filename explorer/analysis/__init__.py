"""Many games at once: simulations into pandas, and the figures drawn from them.

>>> from explorer.analysis import simulate, win_rates
>>> frame = simulate("pet-quartet", ["greedy", "random"], games=20, seed=3, rotate=True)
>>> sorted(win_rates(frame).index)
['greedy', 'random']

pandas is imported only when a frame is built, so importing this package
(as every worker process of a simulation does) stays light.
"""

from .simulate import simulate, split_seats, to_csv
from .stats import seat_results, wilson, win_rates

__all__ = ["seat_results", "simulate", "split_seats", "to_csv", "wilson", "win_rates"]
