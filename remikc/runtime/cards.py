"""Cards: `Card`, the notation `10♥ Q♠ A♣ JK` (or `10h Qs Ac JK`), reading cards from text."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, ClassVar, Final, Protocol, TypeVar, cast

from .rules import VARIANT_ID

# --- memos ----------------------------------------------------------------------------
# A module keeps answers it will be asked for again (a game reads the same melds and hands turn
# after turn): each memo of answers by input is made through `_memo`, which registers it, so that
# `_forget` empties every one.  A benchmark then times the work, not a lookup.  Tables built once
# from the rules alone (the deck's melds, say) are no memos: every call would build them again.

class _Clearable(Protocol):
    def clear(self) -> None: ...


_Memo = TypeVar("_Memo", bound=_Clearable)
_MEMOS: Final[list[_Clearable]] = []


def _memo(answers: _Memo) -> _Memo:
    """`answers` (an empty dict or list), registered as a memo that `_forget` empties."""
    _MEMOS.append(answers)
    return answers


def _forget() -> None:
    """Empties every memo of answers by input: the next calls work their answers out again."""
    for answers in _MEMOS:
        answers.clear()


# --- cards ----------------------------------------------------------------------------

RANKS: Final[tuple[str, ...]] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final[tuple[str, ...]] = ("♠", "♥", "♦", "♣")
_ASCII_SUITS: Final[str] = "shdc"


class Card(int):
    """A card as a small int: rank * 4 + suit for a natural card (rank 1..13 for A..K,
    suit 0..3 for ♠ ♥ ♦ ♣), 0 for a joker.  `Card("10♥")` reads the notation; `Card(41)`
    takes a card's code, and refuses an int that is no card's (ValueError).  Each variant's
    module has its own Card: another module's is refused (TypeError), its text is not."""

    __slots__ = ()
    _VARIANT: ClassVar[str] = VARIANT_ID

    def __new__(cls, card: int | str) -> Card:  # noqa: PYI034, RUF100 (a Card is final)
        if type(card) is int and (card == 0 or 4 <= card <= 55):
            return int.__new__(cls, card)
        if isinstance(card, str):
            return parse_card(card)
        if type(card) is Card:
            return card
        if type(card) is int:
            raise ValueError(_not_a_code(card, "card"))
        raise TypeError(_not_a_card(card, "card"))

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
# The unchecked way to a Card, for the runtime's own codes (hot paths): _CARD[code].
_CARD: Final[tuple[Card, ...]] = tuple(int.__new__(Card, code) for code in range(56))


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
    if not isinstance(token, str):
        raise TypeError(f"a card as text (10♥, 10h, Qs, JK), not {type(token).__name__}")
    card = _BY_NAME.get(token)
    if card is None:
        if "=" in token:
            raise ValueError(f"{token!r} declares a joker: read a meld with its declared jokers "
                             "with parse_meld")
        raise ValueError(f"{token!r} is not a card: write ranks A 2..10 J Q K with a suit "
                         f"♠ ♥ ♦ ♣ (or s h d c), and JK for a joker{_numbered(token)}")
    return card


_NUMBERED: Final = re.compile(r"(1[1-4]?)(\D.*)")  # `11h`: a rank said by its number
_BY_NUMBER: Final = {"1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}


def _numbered(token: str) -> str:
    """" (did you mean J♥?)" for a court card or an ace written as its number (1, 11..14)."""
    found = _NUMBERED.fullmatch(token)
    card = _BY_NAME.get(_BY_NUMBER[found[1]] + found[2]) if found else None
    return f" (did you mean {card}?)" if card is not None else ""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas.  Raises ValueError naming the bad token."""
    if not isinstance(text, str):
        raise TypeError(f"cards as one text (\"5♠ 6♠ 7♠\"), not {type(text).__name__}")
    return tuple(parse_card(token) for token in _SPLIT.split(text.strip()) if token)


def parse_meld(text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A meld with its declared jokers, `5♠ JK=5♥ JK=5♦` (or `5s JK=5h jk=5d`): the cards (a
    declared joker is a JK among them) and, one for each joker in order, the card it stands
    for; JK for a joker not declared, and `()` where no joker is.  Raises ValueError naming
    the bad token."""
    if not isinstance(text, str):
        raise TypeError(f"a meld as one text (\"5♠ JK=5♥ 5♦\"), not {type(text).__name__}")
    cards: list[Card] = []
    declared: list[Card] = []
    for token in _SPLIT.split(text.strip()):
        if not token:
            continue
        joker, equals, stands = token.partition("=")
        if not equals:
            card = parse_card(token)
            cards.append(card)
            if not card:
                declared.append(JOKER)
            continue
        if _BY_NAME.get(joker) != JOKER:
            raise ValueError(f"{token!r}: only a joker is declared, as JK=5♥")
        meant = _BY_NAME.get(stands)
        if not meant:
            raise ValueError(f"{token!r}: a joker stands for a card, as JK=5♥ (JK=5h), "
                             f"and {stands!r} is not one")
        cards.append(JOKER)
        declared.append(meant)
    return tuple(cards), (tuple(declared) if any(declared) else ())


def _declared(cards: tuple[int, ...], declared: Iterable[Card | str]) -> tuple[Card, ...]:
    """The cards `declared` for the jokers of `cards`, checked: one for each joker, each a
    natural card or JK (not declared)."""
    given = _cards(declared, "declared")
    if given and len(given) != cards.count(0):
        raise ValueError(f"{len(given)} declared card(s) for {cards.count(0)} joker(s): name one for "
                         "each joker, JK for one not declared")
    return given if any(given) else ()


def _texts_declared(cards: Iterable[int], declared: Iterable[int]) -> list[str]:
    """Each card as text, a declared joker as `JK=5♥`."""
    meant = iter(declared)
    return [str(Card(c)) if c else _joker_text(next(meant, 0)) for c in cards]


def _joker_text(stands: int) -> str:
    return f"JK={Card(stands)}" if stands else "JK"


CardsLike = str | Iterable[Card | str]

# Not cards, though Python iterates them: bytes give ints, a dict its keys.
_NOT_CARDS: Final = (int, bytes, bytearray, memoryview, dict)
# Cards in no order, each once: a meld's order says where its jokers stand (the same set read two
# ways from one run to the next, as its hashes fall), and two packs deal a card twice
_UNORDERED: Final = (set, frozenset)


def _flag(value: object, name: str) -> bool:
    """A yes-or-no argument at the API's edge: True or False, nothing else ("no" and 1 are
    truthy: a caller's slip would read as yes)."""
    if type(value) is not bool:
        raise TypeError(f"{name}: True or False, not {type(value).__name__} {value!r}"[:200])
    return value


def _cards(cards: CardsLike, name: str = "cards") -> tuple[Card, ...]:
    """`cards` as this module's Cards, at the API's edge: a text (`"10♥ Q♠ JK"`), or an iterable
    of Cards and card texts.  Anything else, an int among them too, is a TypeError naming the
    argument `name` (a card's code becomes a Card only through `Card(code)`, said so); a text
    that is no card a ValueError.  A tuple of Cards, as the runtime passes, is taken as it is."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if type(cards) is tuple:
        given: tuple[object, ...] = cards
    elif isinstance(cards, _NOT_CARDS) or not hasattr(cards, "__iter__"):
        raise TypeError(f"{name}: cards as a text (\"10♥ Q♠ JK\") or an iterable of Cards and card texts, "
                        f"not {type(cards).__name__}")
    elif isinstance(cards, _UNORDERED):
        raise TypeError(f"{name}: cards in order (a text, a list or a tuple), not a {type(cards).__name__}, "
                        "which keeps neither their order (where a joker stands) nor a card twice")
    else:
        given = tuple(cards)
    for card in given:
        if type(card) is not Card:
            return tuple(_card(c, name) for c in given)
    return cast("tuple[Card, ...]", given)


def _card(card: object, name: str = "card") -> Card:
    """`card` as this module's Card, at the API's edge: a Card or a card's text; anything else,
    an int too, a TypeError naming the argument `name`."""
    if type(card) is Card:
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise TypeError(_not_a_card(card, name))


def _not_a_code(code: int, name: str) -> str:
    shown = code if abs(code) < 10**12 else "a number that large"  # str() of a huge int fails
    return (f"{name}: {shown} is no card's code (0 is the joker, rank * 4 + suit from 4 to 55 a "
            "natural card)")


def _not_a_card(card: object, name: str) -> str:
    if isinstance(card, int) and type(card).__name__ == "Card":
        other = getattr(type(card), "_VARIANT", "?")
        return (f"{name}: {card!r} is a Card of another variant's module ({other}), not of "
                f"{VARIANT_ID}'s: give its text {str(card)!r} or this module's Card")
    wanted = f"{name}: a Card or a card's text (\"10♥\", \"JK\"), not {type(card).__name__}"
    if type(card) is int:  # a card's code: say how it becomes a card, without reading it as one
        shown = card if abs(card) < 10**12 else "a number that large"  # str() of a huge int fails
        return f"{wanted} {shown} (Card(code) makes a card of a card's code)"
    return f"{wanted} {card!r}"[:300]


# --- saved states: the limits of what is read back ---------------------------------------------

SAVE_VERSION: Final[int] = 1
"""The version of the saved-game format (docs/saved-game.schema.json) that `to_dict` writes."""
SAVE_MAX_VALUES: Final[int] = 20_000
"""The most values (dict entries, list items) a saved state may hold: a whole game of two packs
holds some 1,500; more is not a saved game, and is refused before it is read."""
_SAVE_MAX_DEPTH: Final[int] = 6
_SAVE_MAX_TEXT: Final[int] = 2_000


class SaveError(ValueError):
    """A saved game, view or action that cannot be restored here; the message says why."""


def _check_saved(data: object) -> None:
    """Refuse what is too big, too deep or not plain JSON, before reading a field of it: walked
    with a stack, so no input ends in a RecursionError."""
    stack: list[tuple[object, int]] = [(data, 0)]
    count = 0
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > SAVE_MAX_VALUES:
            raise SaveError(f"a saved state holds at most {SAVE_MAX_VALUES} values: this one holds more")
        if depth > _SAVE_MAX_DEPTH:
            raise SaveError(f"a saved state is nested at most {_SAVE_MAX_DEPTH} levels deep")
        if isinstance(item, dict):
            for key, value in item.items():
                if not isinstance(key, str):
                    raise SaveError(f"a saved state's keys are strings, not {key!r}")
                stack.append((value, depth + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((value, depth + 1) for value in item)
        elif isinstance(item, str):
            if len(item) > _SAVE_MAX_TEXT:
                raise SaveError(f"a text of {len(item)} characters in a saved state "
                                f"(at most {_SAVE_MAX_TEXT})")
        elif isinstance(item, int):
            if abs(item) >= 1 << 64:
                raise SaveError("a number of more than 64 bits in a saved state")
        elif item is not None:
            raise SaveError(f"a saved state holds only JSON values, not {type(item).__name__}")


def _saved_card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise SaveError(f"{where}: a card is written as text (`10♥`, `10h`, `JK`), not {value!r}")
    try:
        return parse_card(value)
    except ValueError as error:
        raise SaveError(f"{where}: {error}") from None


def _saved_cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise SaveError(f"{where}: a list of cards, not {value!r}")
    return tuple(_saved_card(card, f"{where}[{i}]") for i, card in enumerate(value))


def _saved_fields(data: object, what: str, keys: Iterable[str]) -> dict[str, Any]:
    """`data` as the dict of `what`, holding exactly `keys`."""
    if not isinstance(data, dict):
        raise SaveError(f"{what}: a dict (a JSON object), not {type(data).__name__}")
    wanted = set(keys)
    missing, unknown = sorted(wanted - set(data)), sorted(set(data) - wanted)
    if missing:
        raise SaveError(f"{what}: {', '.join(missing)} missing")
    if unknown:
        raise SaveError(f"{what}: unknown field(s) {', '.join(map(repr, unknown))}")
    return data


def _saved_int(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bounds = f"{low} or more" if high is None else f"{low} to {high}"
        raise SaveError(f"{where}: a whole number {bounds}, not {value!r}")
    return value


def _saved_bool(value: object, where: str) -> bool:
    if type(value) is not bool:
        raise SaveError(f"{where}: true or false, not {value!r}")
    return value


def _saved_text(value: object, where: str, choices: Iterable[str | None]) -> Any:
    allowed = tuple(choices)
    if value not in allowed or (value is not None and not isinstance(value, str)):
        raise SaveError(f"{where}: one of {', '.join(map(repr, allowed))}, not {value!r}")
    return value
