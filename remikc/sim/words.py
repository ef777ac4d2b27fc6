"""Counts in the reports' sentences: "1 game", "2 games"; "seed 1", "seeds 1..4"."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and the noun, singular for exactly one ("1 game", "0 games", "2 games")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def seeds(first: int, games: int) -> str:
    """The seeds of `games` games from `first`: "seed 5" for one, "seeds 5..8" for more."""
    return f"seed {first}" if games == 1 else f"seeds {first}..{first + games - 1}"
