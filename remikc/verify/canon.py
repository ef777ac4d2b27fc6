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

RANK_ORDER = (7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
SUIT_ORDER = (1, 2, 3, 0)  # ♥ ♦ ♣ ♠


class Key:
    """A number every play has, which `Session.least` minimises, and its least possible value
    (`floor`; None: none known).  `Session.least` reads a key's value in a model and asks
    about it only through `at_most` and `equals`, so a key can put those questions in
    whichever terms the solver reads most cheaply."""

    __slots__ = ("floor",)

    def __init__(self, floor: int | None) -> None:
        self.floor = floor

    def value(self, model: z3.ModelRef) -> int:
        raise NotImplementedError

    def at_most(self, bound: int) -> z3.BoolRef:
        raise NotImplementedError

    def equals(self, value: int) -> z3.BoolRef:
        raise NotImplementedError


class Term(Key):
    """A key that is a term of the formulas."""

    __slots__ = ("term",)

    def __init__(self, term: z3.ArithRef, floor: int | None = None) -> None:
        super().__init__(floor)
        self.term = term

    def value(self, model: z3.ModelRef) -> int:
        return int(model.eval(self.term, model_completion=True).as_long())

    def at_most(self, bound: int) -> z3.BoolRef:
        return self.term <= bound

    def equals(self, value: int) -> z3.BoolRef:
        return self.term == value


class CardKey(Key):
    """A card in play: natural before joker, then its rank and suit in reading order, as one
    number (so one question, not three, settles a card already at its least): 5 * the rank's
    place in `RANK_ORDER` + the suit's in `SUIT_ORDER` for a natural card, `JOKER` for a
    joker, 0 for a card not in play.  Never a term: the questions about it are asked of the
    card's rank and suit, which the solver reads far more cheaply than a chain of Ifs."""

    __slots__ = ("active", "card")

    JOKER = 100

    def __init__(self, card: CardVar, active: z3.BoolRef) -> None:
        super().__init__(0)
        self.card = card
        self.active = active

    def value(self, model: z3.ModelRef) -> int:
        if not z3.is_true(model.eval(self.active, model_completion=True)):
            return 0
        rank = model.eval(self.card.rank, model_completion=True).as_long()
        if rank == 0:
            return self.JOKER
        suit = model.eval(self.card.suit, model_completion=True).as_long()
        return RANK_ORDER.index(rank) * 5 + SUIT_ORDER.index(suit)

    def at_most(self, bound: int) -> z3.BoolRef:
        ctx = self.active.ctx
        if bound < 0:
            return z3.BoolVal(False, ctx)
        if bound >= self.JOKER:
            return z3.BoolVal(True, ctx)
        rank, suit = divmod(bound, 5)  # every rank placed before, and this one up to its suit
        card = self.card
        naturals = [card.rank == r for r in RANK_ORDER[:rank]]
        if rank < len(RANK_ORDER):
            naturals.append(z3.And(card.rank == RANK_ORDER[rank],
                                   z3.Or(*[card.suit == s for s in SUIT_ORDER[:suit + 1]])))
        return z3.Or(z3.Not(self.active), z3.And(card.natural, z3.Or(*naturals)))

    def equals(self, value: int) -> z3.BoolRef:
        card = self.card
        if value == 0:
            return z3.Or(z3.Not(self.active), z3.And(card.rank == RANK_ORDER[0], card.suit == SUIT_ORDER[0]))
        if value == self.JOKER:
            return z3.And(self.active, card.joker)
        rank, suit = divmod(value, 5)
        if rank >= len(RANK_ORDER) or suit >= len(SUIT_ORDER):
            return z3.BoolVal(False, self.active.ctx)  # no card has that place
        return z3.And(self.active, card.rank == RANK_ORDER[rank], card.suit == SUIT_ORDER[suit])


def flag(cond: z3.BoolRef) -> Key:
    """Prefer `cond` true."""
    return Term(z3.If(cond, 0, 1), 0)


def near(term: z3.ArithRef, target: int) -> Key:
    return Term(z3.If(term >= target, term - target, target - term), 0)


def least(term: z3.ArithRef, floor: int | None = None) -> Key:
    return Term(term, floor)


def card_keys(card: CardVar, active: z3.BoolRef) -> list[Key]:
    return [CardKey(card, active)]


def cards_keys(cards: Sequence[CardVar], length: z3.ArithRef) -> list[Key]:
    return [Term(length, 0)] + [k for i, c in enumerate(cards) for k in card_keys(c, length > i)]


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
            Term(z3.If(laid, m.points, 0))]


def opening_keys(o: Opening) -> list[Key]:
    keys: list[Key] = [Term(o.used, 0), Term(o.jokers, 0)]
    for m in o.melds:
        keys += meld_keys(m)
    return [*keys, Term(o.points)]


def distinct(cards: Sequence[tuple[CardVar, z3.BoolRef]]) -> z3.BoolRef:
    """No natural card twice among the cards in play (two packs allow it; a reader stumbles)."""
    parts = [z3.Or(z3.Not(a), z3.Not(b), x.joker, y.joker, x.rank != y.rank, x.suit != y.suit)
             for i, (x, a) in enumerate(cards) for (y, b) in cards[i + 1:]]
    return z3.And(*parts) if parts else z3.BoolVal(True, cards[0][1].ctx if cards else None)
