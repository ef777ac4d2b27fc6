"""Witnesses that do not depend on which model Z3 returns.

A solver may answer a satisfiable question with any of its models, and another
Z3 release often picks another.  Every play remikc prints is therefore the
*least* one under a fixed order: `Session.least` fixes the first key at its
smallest possible value, then the next, and so on, each step a yes/no question
whose answer any correct solver gives alike.  The keys end with every printed
card, so the cards (and what they are worth) are fixed by the rules alone.

The order puts first what a reader takes in at a glance: natural cards before
jokers, middle ranks before the edges (7, 8, 6, 9, 5, 10, ...), hearts first.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence

import z3

from .encode import CardVar, Meld, Opening

# (term, its least possible value or None): `Session.least` minimises each in turn.
Key = tuple[z3.ArithRef, int | None]

RANK_ORDER = (7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
SUIT_ORDER = (1, 2, 3, 0)  # ♥ ♦ ♣ ♠


def _place(term: z3.ArithRef, order: Sequence[int]) -> z3.ArithRef:
    """The position of `term`'s value in `order` (values not listed come last)."""
    expr: z3.ArithRef = z3.IntVal(len(order), term.ctx)
    for at, value in reversed(list(enumerate(order))):
        expr = z3.If(term == value, at, expr)
    return expr


def flag(cond: z3.BoolRef) -> Key:
    """Prefer `cond` true."""
    return z3.If(cond, 0, 1), 0


def near(term: z3.ArithRef, target: int) -> Key:
    return z3.If(term >= target, term - target, target - term), 0


def least(term: z3.ArithRef, floor: int | None = None) -> Key:
    return term, floor


def card_keys(card: CardVar, active: z3.BoolRef) -> list[Key]:
    """A card in play: natural before joker, then its rank and suit in reading order, as one
    number (so one question, not three, settles a card already at its least)."""
    natural = z3.And(active, card.natural)
    place = _place(card.rank, RANK_ORDER) * 5 + _place(card.suit, SUIT_ORDER)
    return [(z3.If(natural, place, z3.If(active, 100, 0)), 0)]


def cards_keys(cards: Sequence[CardVar], length: z3.ArithRef) -> list[Key]:
    return [(length, 0)] + [k for i, c in enumerate(cards) for k in card_keys(c, length > i)]


_made: dict[int, list[Key]] = {}


def _once(build: Callable[[Meld], list[Key]]) -> Callable[[Meld], list[Key]]:
    """Keys made once per meld: building the terms costs more than most questions."""
    def keys(m: Meld) -> list[Key]:
        if id(m) not in _made:
            _made[id(m)] = build(m)
            weakref.finalize(m, _made.pop, id(m), None)
        return _made[id(m)]
    return keys


@_once
def meld_keys(m: Meld) -> list[Key]:
    """Every card of the meld, then the reading taken and its points (fixed by then, but
    a meld that reads both ways is asked which)."""
    laid = m.length > 0
    return [*cards_keys(m.cards, m.length), flag(z3.Or(z3.Not(laid), m.is_run)),
            (z3.If(laid, m.points, 0), None)]


def opening_keys(o: Opening) -> list[Key]:
    keys: list[Key] = [(o.used, 0), (o.jokers, 0)]
    for m in o.melds:
        keys += meld_keys(m)
    return [*keys, (o.points, None)]


def distinct(cards: Sequence[tuple[CardVar, z3.BoolRef]]) -> z3.BoolRef:
    """No natural card twice among the cards in play (two packs allow it; a reader stumbles)."""
    parts = [z3.Or(z3.Not(a), z3.Not(b), x.joker, y.joker, x.rank != y.rank, x.suit != y.suit)
             for i, (x, a) in enumerate(cards) for (y, b) in cards[i + 1:]]
    return z3.And(*parts) if parts else z3.BoolVal(True, cards[0][1].ctx if cards else None)
