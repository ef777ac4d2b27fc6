"""Examples whose jokers say what they stand for (`set A♣ JK=A♥ JK=A♦`, docs/notation.md).

A declared meld has one reading, the player's: a set where its cards and declared cards are of
one rank, else a run.  Its jokers stay jokers for the rules on jokers (how many, how many
natural cards beside them) and for a fixed joker value; each declared card must be the one its
place stands for: in a run the card of its position, in a set a card of the set's rank (of a
suit no other card of it has, where the suits must differ).  The validator judges them so
(remikc/runtime/melds.py `_read_declared`).
"""

from __future__ import annotations

import dataclasses
import itertools

import z3

from .. import ir
from ..cards import Card, DeclaredJoker
from .encode import Encoder, Meld


def declares(cards: tuple[Card, ...]) -> bool:
    """Does any joker of these cards say what it stands for?"""
    return any(isinstance(c, DeclaredJoker) for c in cards)


def _filled(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(c.stands if isinstance(c, DeclaredJoker) else c for c in cards)


def kind_of(cards: tuple[Card, ...]) -> str:
    """The reading a declared meld takes: a set where every card it names is of one rank."""
    ranks = {c.rank for c in _filled(cards) if not c.is_joker}
    return "set" if len(ranks) == 1 else "run"


def table_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards as they lie: with every joker declared, a run in the order of its ranks
    (`5♠ JK=7♠ 6♠` lies as 5♠ 6♠ JK=7♠, `A♥ JK=Q♥ K♥` as JK=Q♥ K♥ A♥); otherwise as written, an
    undeclared joker standing for the card of its place."""
    if not declares(cards) or kind_of(cards) != "run" or any(type(c) is Card and c.is_joker for c in cards):
        return cards
    ranked = sorted(cards, key=lambda c: _filled((c,))[0].rank)
    ranks = [_filled((c,))[0].rank for c in ranked]
    if all(b - a == 1 for a, b in itertools.pairwise(ranks)):
        return tuple(ranked)
    if ranks[0] == 1 and ranks[-1] == 13 and all(b - a == 1 for a, b in itertools.pairwise(ranks[1:])):
        return (*ranked[1:], ranked[0])  # the ace after the king
    return cards  # no order is a run: the rules refuse it as written


def reading(enc: Encoder, meld: Meld, cards: tuple[Card, ...]) -> Meld:
    """`meld`, whose cards are fixed to `cards` (in table order), read as its player declares it."""
    if not declares(cards):
        return meld
    v = enc.v
    named = [(k, c.stands) for k, c in enumerate(cards) if isinstance(c, DeclaredJoker)]
    naturals = [c for c in cards if not c.is_joker]
    if kind_of(cards) == "run":
        suit = (naturals or [s for _, s in named])[0].suit
        parts = [meld.run_ok]
        for k, stands in named:
            position = meld.start + k
            parts.append(z3.If(position <= 13, position, position - 13) == stands.rank)
            if v.run is not None and v.run.suit.value is ir.RunSuit.SAME:
                parts.append(z3.Implies(enc.lit(v.run.suit), enc.boolean(stands.suit == suit)))
        return dataclasses.replace(meld, valid=z3.And(*parts), is_run=enc.boolean(True),
                                   points=meld.run_points)
    parts = [meld.set_ok, *[meld.rank == stands.rank for _, stands in named]]
    if v.set is not None and v.set.suits.value is ir.SetSuits.DISTINCT:
        suits = [c.suit for c in naturals] + [s.suit for _, s in named]
        parts.append(z3.Implies(enc.lit(v.set.suits), enc.boolean(len(set(suits)) == len(suits))))
    return dataclasses.replace(meld, valid=z3.And(*parts), is_run=enc.boolean(False), points=meld.set_points)
