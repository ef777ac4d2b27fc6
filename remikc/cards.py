"""Card notation shared by specs, the CLI and messages: `10♥ Q♠ A♣ JK`.

ASCII suits `s h d c` are accepted everywhere the symbols are, and `T` is
accepted for ten.  Cards are always printed with suit symbols; the CLI writes them as
`10h Qs` only to a stream that cannot encode the symbols (see `console`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .diagnostics import RemikcError

RANK_NAMES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Index + 1 is the rank number: A=1, J=11, Q=12, K=13."""

SUIT_SYMBOLS: tuple[str, ...] = ("♠", "♥", "♦", "♣")
SUIT_ASCII: tuple[str, ...] = ("s", "h", "d", "c")
JOKER = "JK"

_RANK_BY_NAME = {name: i + 1 for i, name in enumerate(RANK_NAMES)} | {"T": 10}
_SUIT_BY_NAME = {s: i for i, s in enumerate(SUIT_SYMBOLS)} | {s: i for i, s in enumerate(SUIT_ASCII)}
# Look-alike symbols people paste from word processors: say what they meant.
_SUIT_LOOKALIKES = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A natural card (rank 1..13, suit 0..3) or a joker (rank 0, suit -1)."""

    rank: int
    suit: int

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def __str__(self) -> str:
        if self.is_joker:
            return JOKER
        return RANK_NAMES[self.rank - 1] + SUIT_SYMBOLS[self.suit]


JOKER_CARD = Card(0, -1)


@dataclass(frozen=True, slots=True, order=True)
class DeclaredJoker(Card):
    """A joker its player says stands for `stands`: `JK=5♥` (docs/notation.md)."""

    stands: Card = JOKER_CARD

    def __str__(self) -> str:
        return f"{JOKER}={self.stands}"


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank - 1]


class CardError(RemikcError, ValueError):
    """A token that is not a card; `hint` suggests what may have been meant."""

    def __init__(self, token: str, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.token = token
        self.hint = hint


_CARD_RE = re.compile(r"^(10|[2-9AJQKT])(.)$", re.IGNORECASE)


def parse_rank(token: str) -> int:
    """`A`, `2`..`10`, `J`, `Q`, `K` (and `T`) to 1..13."""
    rank = _RANK_BY_NAME.get(token.upper())
    if rank is None:
        raise CardError(token, f"`{token}` is not a rank", _rank_hint(token))
    return rank


def parse_card(token: str, *, declared: bool = False) -> Card:
    """One card; with `declared`, also a declared joker `JK=5♥`."""
    if "=" in token:
        return _declared_joker(token, declared)
    if token.upper() in (JOKER, "JOKER"):
        return JOKER_CARD
    match = _CARD_RE.match(token)
    if match:
        rank_text, suit_text = match.groups()
        suit = _SUIT_BY_NAME.get(suit_text.lower() if suit_text.isascii() else suit_text)
        if suit is not None:
            return Card(_RANK_BY_NAME[rank_text.upper()], suit)
    raise CardError(token, f"`{token}` is not a card", _card_hint(token))


def parse_cards(text: str, *, declared: bool = False) -> tuple[Card, ...]:
    """Cards separated by spaces or commas; with `declared`, jokers may be declared (`JK=5♥`)."""
    return tuple(parse_card(tok, declared=declared) for tok in re.split(r"[\s,]+", text.strip()) if tok)


def _declared_joker(token: str, declared: bool) -> Card:
    joker, _, stands = token.partition("=")
    if not declared:
        raise CardError(token, f"`{token}` declares a joker, and a joker is not declared here",
                        "write JK; a declared joker (JK=5♥) is for a play judged by a validator")
    if joker.upper() not in (JOKER, "JOKER"):
        raise CardError(token, f"`{token}`: only a joker is declared",
                        "write JK=5♥: a joker and the card it stands for")
    try:
        card = parse_card(stands)
    except CardError as exc:
        raise CardError(token, f"`{token}`: {exc}", exc.hint) from None
    if card.is_joker:
        raise CardError(token, f"`{token}`: a joker stands for a card, not for a joker", "write JK=5♥")
    return DeclaredJoker(0, -1, card)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _rank_hint(token: str) -> str:
    numbered = {"1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}
    if token in numbered:
        return f"did you mean `{numbered[token]}`? ranks are A 2 3 4 5 6 7 8 9 10 J Q K"
    return "ranks are A 2 3 4 5 6 7 8 9 10 J Q K"


def _card_hint(token: str) -> str:
    """Best guess at what a mistyped card meant, or the notation when no guess fits."""
    notation = "cards are written like 10♥ Q♠ A♣ (or 10h Qs Ac) and JK for a joker"
    if token and token[-1] in _SUIT_LOOKALIKES:
        fixed = token[:-1] + _SUIT_LOOKALIKES[token[-1]]
        try:
            return f"did you mean `{parse_card(fixed)}`? suits are ♠ ♥ ♦ ♣"
        except CardError:
            pass
    rank_text, suit_text = token[:-1], token[-1:]
    suits = "suits are ♠ ♥ ♦ ♣ (or s h d c)"
    if rank_text.upper() in _RANK_BY_NAME and suit_text.lower() not in _SUIT_BY_NAME and (
            suit_text not in _SUIT_BY_NAME):
        return f"`{suit_text}` is not a suit; {suits}"
    numbered = {"1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}
    if rank_text in numbered:
        try:
            guess = parse_card(numbered[rank_text] + suit_text)
            return f"did you mean `{guess}`? ranks are A 2 3 4 5 6 7 8 9 10 J Q K"
        except CardError:
            pass
    if token.upper().startswith("J") and token.upper().rstrip("OKER") in ("J", ""):
        return f"did you mean `{JOKER}`? a joker is written JK"
    every = [str(Card(r, s)) for r in range(1, 14) for s in range(4)]
    every += [RANK_NAMES[r - 1] + SUIT_ASCII[s] for r in range(1, 14) for s in range(4)] + [JOKER]
    close = difflib.get_close_matches(token, every, n=1, cutoff=0.5)
    if close:
        return f"did you mean `{parse_card(close[0])}`? {notation}"
    return notation
