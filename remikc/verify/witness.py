"""Plays that show a rule at work, found by the solver, for the rulebooks.

`examples(variant) -> Examples`: a run, a set, a meld with a joker, a run that
goes round the corner (refused unless the rules allow it), an opening worth
exactly the threshold, a lay-off, a joker swap and the hands of a scored round.
The build checks each of them with the generated validator before printing it.

Each is the least play under the order of `canon` among those the rules allow
(with preferences tried first: a clean run of the shortest length, ...), so it
depends on the rules alone, not on the model a given Z3 release returns first.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from .. import ir
from ..cards import SUIT_SYMBOLS, Card
from . import canon, decode
from .base import Probe, opening_hands
from .encode import Meld, opening
from .solver import Session, frees_contexts

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Play:
    cards: Cards
    points: int
    kind: str | None = None  # "run" / "set" for a meld


@dataclass(frozen=True)
class Examples:
    run: Play | None = None
    set: Play | None = None
    joker: Play | None = None  # a meld holding a joker
    corner: Cards | None = None  # a run through K-A-2, refused unless wrap is allowed
    ace_to_ace: Play | None = None
    opening: tuple[tuple[Cards, ...], int] | None = None  # melds, total points
    lay_off: tuple[Cards, Card, Play] | None = None  # meld on the table, card, the meld after
    swap: tuple[Cards, Card, Play] | None = None  # meld with a joker, the real card, after
    ambiguous: tuple[Cards, Cards] | None = None  # a meld read both ways, and the run it reads as
    hands: tuple[Play, ...] = ()  # cards left in hand by the others, `points` what they count


def _meld(model: z3.ModelRef, m: Meld) -> Play:
    return Play(decode.meld(model, m), decode.integer(model, m.points),
                "run" if decode.true(model, m.is_run) else "set")


@frees_contexts
def examples(v: ir.Variant) -> Examples:
    probe = Probe(v)
    session, m = probe.meld()
    clean = m.jokers == 0

    def find(*must: z3.BoolRef, prefer: tuple[list[z3.BoolRef], ...] = (),
             without: tuple[str, ...] = (), first: tuple[canon.Key, ...] = ()) -> z3.ModelRef | None:
        for tier in [*prefer, []]:
            out = session.least(*must, *tier, keys=[*first, *canon.meld_keys(m)], without=without)
            if out.model is not None:
                return out.model
        return None

    found: dict[str, object] = {}
    if v.run is not None:
        low = v.run.size.value.low
        # a run up to the high ace where the ace may stand there: it shows the ace rule
        short = ([clean, m.length == low, m.start + low - 1 == 14], [clean, m.length == low])
        model = find(m.valid, m.is_run, prefer=short)
        found["run"] = _meld(model, m) if model else None
        wraps = m.start + m.length - 1 >= 15
        # Q K A 2, the seeds' own example, where it can be
        model = find(m.run_ok, wraps, prefer=([clean, m.length == 4], [clean, m.length == 3]),
                     without=("run.wrap", "run.ace"), first=(canon.near(m.start, 12),))
        found["corner"] = decode.meld(model, m) if model else None
        if v.run.ace_to_ace is not None and v.run.ace_to_ace.value:
            model = find(m.valid, m.is_run, m.length == 14, prefer=([clean],))
            found["ace_to_ace"] = _meld(model, m) if model else None
    if v.set is not None:
        low = v.set.size.value.low
        distinct = canon.distinct([(c, m.active(k)) for k, c in enumerate(m.cards)])
        model = find(m.valid, z3.Not(m.is_run), prefer=([clean, m.length == low, distinct],
                                                         [clean, m.length == low]))
        found["set"] = _meld(model, m) if model else None
    if v.jokers is not None:
        model = find(m.valid, m.jokers == 1, prefer=([m.is_run, m.length == 4], [m.length == 3]))
        found["joker"] = _meld(model, m) if model else None
    if v.jokers is not None and v.run is not None and v.set is not None:
        # a meld that reads both as a set and as a run, near the seeds' own 5♠ JK JK
        shortest = max(v.run.size.value.low, v.set.size.value.low)
        first = m.cards[0]
        seeds = z3.And(z3.Not(first.joker), first.rank == 5, first.suit == SUIT_SYMBOLS.index("♠"))
        model = find(m.run_ok, m.set_ok, prefer=([m.length == shortest, seeds], [m.length == shortest]),
                     first=(canon.near(m.rank, 5),))
        found["ambiguous"] = _read_both_ways(model, m) if model else None
    found["opening"] = _opening(probe)
    found["lay_off"] = _lay_off(probe)
    found["swap"] = _swap(probe) if v.jokers is not None and v.joker_swap is not None else None
    found["hands"] = _hands(probe)
    return Examples(**found)  # type: ignore[arg-type]


def _read_both_ways(model: z3.ModelRef, m: Meld) -> tuple[Cards, Cards]:
    """The meld, and the run it reads as: its natural card's suit from the run's first place."""
    cards = decode.meld(model, m)
    suit = next(c.suit for c in cards if not c.is_joker)
    start = decode.integer(model, m.start)
    run = tuple(Card((place - 1) % 13 + 1, suit) for place in range(start, start + len(cards)))
    return cards, run


def _opening(probe: Probe) -> tuple[tuple[Cards, ...], int] | None:
    v = probe.variant
    if v.opening is None:
        return None
    cards = opening_hands(v)[0]
    # Two melds of at most 5 cards first: a small formula, so the search for the least one
    # is quick; then any opening the hand holds.
    enc = probe.encoder()
    two = opening(enc, [min(5, cards)] * 2, cards, v.deal.hand)
    small = (probe.session(enc), two)  # the session after the formulas: it asserts their domain
    for session, o in (small, probe.opening(cards)):
        exact = o.points == v.opening.min_points.value
        distinct = canon.distinct([(c, m.active(k)) for m in o.melds for k, c in enumerate(m.cards)])
        clean = [exact, o.jokers == 0, o.used <= 2]
        # a run and a set, no card twice, like the seeds' "6♠ 7♠ 8♠ i 10♦ 10♣ 10♥"
        for tier in ([*clean, distinct, o.runs >= 1, o.sets >= 1], [*clean, distinct], clean,
                     [exact, o.jokers == 0], [exact], []):
            out = session.least(o.ok, *tier, keys=canon.opening_keys(o))
            if out.model is not None:
                model = out.model
                melds = tuple(decode.meld(model, x) for x in o.melds if decode.integer(model, x.length))
                return melds, decode.integer(model, o.points)
    return None


def _lay_off(probe: Probe) -> tuple[Cards, Card, Play] | None:
    session, (target, after, _) = probe.lay_off(3)
    same = [a.rank == b.rank for a, b in zip(target.cards, after.cards, strict=False)]
    same += [a.suit == b.suit for a, b in zip(target.cards, after.cards, strict=False)]
    clean = [target.jokers == 0, after.jokers == 0]
    distinct = canon.distinct([(c, after.active(k)) for k, c in enumerate(after.cards)])
    for tier in ([*clean, target.is_run], [*clean, distinct], clean, []):
        out = session.least(target.valid, after.valid, target.is_run == after.is_run, *same, *tier,
                            keys=canon.meld_keys(after))
        if out.model is not None:
            laid = decode.meld(out.model, after)
            return laid[:3], laid[3], _meld(out.model, after)
    return None


def _swap(probe: Probe) -> tuple[Cards, Card, Play] | None:
    """A 3-card meld with one joker, and the same meld with the joker's card in its place."""
    enc = probe.encoder()
    first, second = enc.cards("s0.", 3), enc.cards("s1.", 3)
    before = enc.meld(first, enc.num(3), opening=False)
    after = enc.meld(second, enc.num(3), opening=False)
    hole = enc.integer("swap.at")
    parts = [hole >= 0, hole <= 2, before.jokers == 1, before.valid, after.valid,
             before.is_run == after.is_run]
    for k in range(3):
        a, b = first[k], second[k]
        parts.append(z3.If(hole == k, z3.And(a.joker, b.natural), z3.And(a.rank == b.rank, a.suit == b.suit)))
    session = probe.session(enc)
    # the joker in the middle where it can be: 7♥ JK 9♥ <- 8♥
    keys = [canon.near(hole, 1), *canon.meld_keys(before), *canon.meld_keys(after)]
    distinct = canon.distinct([(c, z3.BoolVal(True, enc.ctx)) for c in second])
    for tier in ([before.is_run], [distinct], []):
        out = session.least(*parts, *tier, keys=keys)
        if out.model is not None:
            at = decode.integer(out.model, hole)
            laid = decode.cards(out.model, second, enc.num(3))
            return decode.cards(out.model, first, enc.num(3)), laid[at], _meld(out.model, after)
    return None


def _hands(probe: Probe) -> tuple[Play, ...]:
    """The cards two other players are left with when a round ends: one with a few cards
    that make no meld (one joker among them, where the game has jokers), one with a single
    low card that is not among the first hand's."""
    v = probe.variant
    session, cards, length = probe.hand()
    value = session.enc.hand_value(cards, length)
    three = cards[:3]
    apart = [z3.Or(a.joker, b.joker, z3.And(a.suit != b.suit, z3.Abs(a.rank - b.rank) >= 3))
             for i, a in enumerate(three) for b in three[i + 1:]]
    jokers = z3.Sum(*[z3.If(c.joker, 1, 0) for c in three])
    joker = jokers == 1 if v.jokers is not None else jokers == 0
    keys = [*canon.cards_keys(cards, length), canon.least(value)]
    out = _first(session, keys, [[length == 3, joker, *apart, *[z3.Or(c.joker, c.rank >= 5) for c in three]],
                                 [length == 3, joker, *apart], [length == 3]])
    if out is None:
        return ()
    first = Play(decode.cards(out, cards, length), decode.integer(out, value))
    single = cards[0]
    # one deck may hold a card once: the second hand does not repeat the first
    elsewhere = [z3.Or(single.rank != c.rank, single.suit != c.suit)
                 for c in first.cards if not c.is_joker]
    out = _first(session, keys, [[length == 1, single.natural, single.rank <= 5, single.rank >= 2,
                                  *elsewhere], [length == 1, single.natural, *elsewhere]])
    if out is None:
        return (first,)
    return first, Play(decode.cards(out, cards, length), decode.integer(out, value))


def _first(session: Session, keys: list[canon.Key], tiers: list[list[z3.BoolRef]]) -> z3.ModelRef | None:
    """The least model for the first tier of wishes that can all be met."""
    for tier in tiers:
        out = session.least(*tier, keys=keys)
        if out.model is not None:
            return out.model
    return None
