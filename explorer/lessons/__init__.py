"""Lessons and puzzles: records with notes that teach a game and check what a learner understood."""

from .puzzles import Puzzle, find_puzzles, solve

__all__ = ["Puzzle", "find_puzzles", "solve"]
