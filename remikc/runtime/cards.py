"""Cards: `Card`, the notation `10♥ Q♠ A♣ JK` (or `10h Qs Ac JK`), reading cards from text."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, cast

# --- cards ----------------------------------------------------------------------------

RANKS: Final[tuple[str, ...]] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final[tuple[str, ...]] = ("♠", "♥", "♦", "♣")
_ASCII_SUITS: Final[str] = "shdc"


class Card(int):
    """A card as a small int: rank * 4 + suit for a natural card (rank 1..13 for A..K,
    suit 0..3 for ♠ ♥ ♦ ♣), 0 for a joker."""

    __slots__ = ()

    @property
    def rank(self) -> int | None:
        return int(self) >> 2 if self else None

    @property
    def suit(self) -> int | None:
        return int(self) & 3 if self else None

    @property
    def is_joker(self) -> bool:
        return not self

    def __str__(self) -> str:
        return RANKS[(int(self) >> 2) - 1] + SUITS[int(self) & 3] if self else "JK"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


JOKER: Final[Card] = Card(0)
CARDS: Final[tuple[Card, ...]] = tuple(
    Card(rank * 4 + suit) for rank in range(1, 14) for suit in range(4)
)


def _names() -> dict[str, Card]:
    names = {"JK": JOKER, "jk": JOKER, "Jk": JOKER, "JOKER": JOKER, "joker": JOKER, "Joker": JOKER}
    for card in CARDS:
        rank, suit = RANKS[(card >> 2) - 1], card & 3
        for r in {rank, rank.lower(), "T" if rank == "10" else rank, "t" if rank == "10" else rank}:
            for s in (SUITS[suit], _ASCII_SUITS[suit], _ASCII_SUITS[suit].upper()):
                names[r + s] = card
    return names


_BY_NAME: Final[dict[str, Card]] = _names()
_SPLIT: Final = re.compile(r"[\s,]+")


def parse_card(token: str) -> Card:
    """One card: `10♥`, `10h`, `Qs`, `JK`.  Raises ValueError naming the token."""
    card = _BY_NAME.get(token)
    if card is None:
        raise ValueError(f"{token!r} is not a card: write ranks A 2..10 J Q K with a suit "
                         "♠ ♥ ♦ ♣ (or s h d c), and JK for a joker")
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas.  Raises ValueError naming the bad token."""
    return tuple(parse_card(token) for token in _SPLIT.split(text.strip()) if token)


CardsLike = str | Iterable[Card | str]


def _cards(cards: CardsLike) -> tuple[int, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    given = cards if type(cards) is tuple else tuple(cards)
    for card in given:
        if type(card) is not Card:
            return tuple(_card(c) for c in given)
    return cast("tuple[Card, ...]", given)


def _card(card: object) -> Card:
    if type(card) is Card:
        return card
    if isinstance(card, str):
        return parse_card(card)
    if isinstance(card, int) and (card == 0 or 4 <= card <= 55):
        return Card(card)
    raise ValueError(f"{card!r} is not a card")
