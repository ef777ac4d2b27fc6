"""The rules of a variant as Z3 formulas: the one place that says what a meld,
an opening and a hand *mean*.

Every restriction a rule imposes is written `Implies(lit(rule), constraint)`
and the rule literals are passed to the solver as assumptions: with all of
them on, the formulas are exactly the rules; when a query is unsatisfiable,
the unsat core names the rules responsible, and so the spec lines.

Cards: rank 1..13 (A..K), suit 0..3 (♠ ♥ ♦ ♣); rank 0 is a joker (suit 0).
A run lies on positions `S, S+1, ...`: position p is rank p for p <= 13, and
p - 13 after that, so 14 is the ace after the king and 15 a wrapped-round 2.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import z3

from .. import ir, scoring

ACE_HIGH = 14


def _piecewise(rank: z3.ArithRef, values: list[int]) -> z3.ArithRef:
    """values[r-1] for rank r, as few comparisons as the values allow (`2..9 face` is one)."""
    pieces: list[tuple[int, int, bool, int]] = []  # (first, last, is_face, constant)
    for r, value in enumerate(values, start=1):
        face = value == r
        if pieces and pieces[-1][1] == r - 1 and (
                (face and pieces[-1][2]) or (not face and not pieces[-1][2] and pieces[-1][3] == value)):
            first, _, was_face, constant = pieces[-1]
            pieces[-1] = (first, r, was_face, constant)
        else:
            pieces.append((r, r, face and r > 1, value))
    expr: z3.ArithRef | None = None
    for first, last, face, constant in reversed(pieces):
        piece: z3.ArithRef = rank if face else z3.IntVal(constant, rank.ctx)
        expr = piece if expr is None else z3.If(rank <= last, piece, expr)
        del first
    assert expr is not None
    return expr


@dataclass(frozen=True)
class FirstNatural:
    """The first natural card of a meld: whether there is one, its index, rank and suit."""

    any: z3.BoolRef
    index: z3.ArithRef
    rank: z3.ArithRef
    suit: z3.ArithRef


def _first_natural(cards: Sequence[CardVar], active: Sequence[z3.BoolRef]) -> FirstNatural:
    ctx = cards[0].rank.ctx
    index: z3.ArithRef = z3.IntVal(0, ctx)
    rank: z3.ArithRef = z3.IntVal(1, ctx)
    suit: z3.ArithRef = z3.IntVal(0, ctx)
    for k in range(len(cards) - 1, -1, -1):
        here = z3.And(active[k], cards[k].natural)
        index = z3.If(here, z3.IntVal(k, ctx), index)
        rank = z3.If(here, cards[k].rank, rank)
        suit = z3.If(here, cards[k].suit, suit)
    found = z3.Or(*[z3.And(a, c.natural) for a, c in zip(active, cards, strict=True)])
    return FirstNatural(found, index, rank, suit)


class Tracker:
    """One Boolean literal per rule (or claim); the assumptions of every check."""

    def __init__(self, ctx: z3.Context) -> None:
        self.ctx = ctx
        self.literals: dict[str, z3.BoolRef] = {}

    def lit(self, name: str) -> z3.BoolRef:
        if name not in self.literals:
            self.literals[name] = z3.Bool(f"rule:{name}", self.ctx)
        return self.literals[name]

    def assumptions(self) -> list[z3.BoolRef]:
        return list(self.literals.values())

    def names(self, core: Sequence[z3.ExprRef]) -> list[str]:
        wanted = {str(c) for c in core}
        return [name for name, literal in self.literals.items() if str(literal) in wanted]


@dataclass(frozen=True)
class CardVar:
    rank: z3.ArithRef  # 0 = joker
    suit: z3.ArithRef
    joker: z3.BoolRef  # made once: every formula about the card asks
    natural: z3.BoolRef

    @staticmethod
    def of(rank: z3.ArithRef, suit: z3.ArithRef) -> CardVar:
        joker = rank == 0
        return CardVar(rank, suit, joker, z3.Not(joker))


@dataclass(frozen=True)
class CopyLimit:
    """No card more often than the deck has copies of it.

    Rarely binding, and costly to state for every card at once, so it is not asserted up
    front: `Session.ask` checks each model against it and, for each card the model uses too
    often, adds the limit for that card alone.  Exact either way: only true facts are added."""

    enc: Encoder
    used: tuple[tuple[CardVar, z3.BoolRef], ...]

    def __post_init__(self) -> None:
        # The rule's literal must exist before any question is asked: it is one of the
        # assumptions, and a limit added later under a literal nobody assumes would bind nothing.
        self.enc.lit(self.enc.v.deck.standard)

    def overused(self, model: z3.ModelRef) -> list[tuple[int, int]]:
        seen: dict[tuple[int, int], int] = {}
        for card, active in self.used:
            if not z3.is_true(model.eval(active, model_completion=True)):
                continue
            rank = model.eval(card.rank, model_completion=True).as_long()
            if rank == 0:
                continue
            key = (rank, model.eval(card.suit, model_completion=True).as_long())
            seen[key] = seen.get(key, 0) + 1
        return sorted(key for key, n in seen.items() if n > self.enc.copies)

    def limit(self, rank: int, suit: int) -> z3.BoolRef:
        count = z3.Sum([z3.If(z3.And(a, c.rank == rank, c.suit == suit), 1, 0) for c, a in self.used])
        return z3.Implies(self.enc.lit(self.enc.v.deck.standard), count <= self.enc.copies)

    def whole(self) -> z3.BoolRef:
        """The limit for every card at once, for when it must be part of a formula rather
        than a fact.  With one pack, pairwise: cheaper for the solver than 52 counts."""
        if self.enc.copies != 1:
            return z3.And(*[self.limit(rank, suit) for rank in range(1, 14) for suit in range(4)])
        apart = [z3.Or(z3.Not(a), z3.Not(b), c.joker, d.joker, c.rank != d.rank, c.suit != d.suit)
                 for i, (c, a) in enumerate(self.used) for d, b in self.used[i + 1:]]
        return z3.Implies(self.enc.lit(self.enc.v.deck.standard), z3.And(*apart))


@dataclass(frozen=True)
class Meld:
    """A meld of up to `len(cards)` cards, `length` of them in play."""

    cards: tuple[CardVar, ...]
    length: z3.ArithRef
    run_ok: z3.BoolRef  # the cards read as a valid run
    set_ok: z3.BoolRef  # the cards read as a valid set
    valid: z3.BoolRef  # a valid meld once the `ambiguous` rule has chosen a reading
    is_run: z3.BoolRef  # the reading taken is the run
    points: z3.ArithRef  # of the reading taken
    run_points: z3.ArithRef
    set_points: z3.ArithRef
    jokers: z3.ArithRef
    start: z3.ArithRef  # the run's first position
    rank: z3.ArithRef  # the set's rank

    def active(self, k: int) -> z3.BoolRef:
        return self.length > k


class Encoder:
    """Builds formulas for one variant; names every variable it makes uniquely.

    All of a variant's formulas live in a Z3 context of their own: solver heuristics
    follow the order terms were made in, so sharing one context would make a variant's
    witnesses depend on which variants were checked before it."""

    def __init__(self, variant: ir.Variant, ctx: z3.Context | None = None,
                 tracker: Tracker | None = None) -> None:
        self.v = variant
        self.ctx = ctx or z3.Context()
        self.t = tracker or Tracker(self.ctx)
        self._fresh = itertools.count()
        counts = list(variant.player_counts())
        self.copies = max(variant.deck.standard.value.at(n) for n in counts)
        self.deck_jokers = max(variant.deck.jokers.value.at(n) for n in counts)
        self.domain: list[z3.BoolRef] = []  # card domains, asserted with every query
        self.lazy: list[CopyLimit] = []  # exact but costly limits, added when a model breaks them

    def lit(self, rule: ir.Rule[object] | None) -> z3.BoolRef:
        """The rule's literal, or True for a rule the variant does not have."""
        return self.t.lit(rule.id) if rule is not None else self.boolean(True)

    def integer(self, name: str) -> z3.ArithRef:
        return z3.Int(self.name(name), self.ctx)

    def num(self, value: int) -> z3.ArithRef:
        return z3.IntVal(value, self.ctx)

    def boolean(self, value: bool) -> z3.BoolRef:
        return z3.BoolVal(value, self.ctx)

    def name(self, base: str) -> str:
        return f"{base}!{next(self._fresh)}"

    # --- cards ---------------------------------------------------------------------

    def cards(self, base: str, count: int) -> tuple[CardVar, ...]:
        out = []
        for k in range(count):
            card = CardVar.of(self.integer(f"{base}{k}.rank"), self.integer(f"{base}{k}.suit"))
            self.domain.append(z3.And(card.rank >= 0, card.rank <= 13, card.suit >= 0, card.suit <= 3,
                                      z3.Implies(card.joker, card.suit == 0)))
            out.append(card)
        return tuple(out)

    def value(self, rank: z3.ArithRef, place: ir.Place | z3.BoolRef) -> z3.ArithRef:
        """Points of a natural card of `rank` lying at `place`.

        A run decides the ace's place by position: `place` is then "this is the low ace"."""
        if isinstance(place, ir.Place):
            return _piecewise(rank, [self.v.values.of_rank(r).at(place) for r in range(1, 14)])
        low = self.v.values.of_rank(1).at(ir.Place.LOW_RUN)
        high = self.v.values.of_rank(1).at(ir.Place.HIGH_RUN)
        others = _piecewise(rank, [high] + [self.v.values.of_rank(r).at(ir.Place.HIGH_RUN)
                                            for r in range(2, 14)])
        return others if low == high else z3.If(place, self.num(low), others)

    def value_bounds(self) -> tuple[int, int]:
        """The cheapest and the dearest a card can count in a meld."""
        values = [self.v.values.of_rank(r).at(place) for r in range(1, 14) for place in ir.Place]
        joker = self.v.values.joker
        if joker is not None and not joker.value.as_replaced:
            values.append(joker.value.points or 0)
        return min(values), max(values)

    def joker_points(self, stands_for: z3.ArithRef) -> z3.ArithRef:
        joker = self.v.values.joker
        if joker is None or joker.value.as_replaced:
            return stands_for
        return self.num(joker.value.points or 0)

    def hand_card_value(self, card: CardVar) -> z3.ArithRef:
        """What a card left in hand counts at the end of a round (remikc/scoring.py
        `card_in_hand`: a rank's value in hand, `self.value`, which the verifier reads symbolically)."""
        joker_value = self.num(scoring.joker_in_hand(self.v))
        return z3.If(card.joker, joker_value, self.value(card.rank, ir.Place.HAND))

    # --- melds ---------------------------------------------------------------------

    def meld(self, cards: Sequence[CardVar], length: z3.ArithRef, *, opening: bool) -> Meld:
        v = self.v
        n = len(cards)
        active = [length > k for k in range(n)]
        jokers = z3.Sum([z3.If(z3.And(a, c.joker), 1, 0) for a, c in zip(active, cards, strict=True)])
        common = [length >= 0, length <= n]
        restrictions = []
        joker_rules = v.jokers
        if joker_rules is None:
            restrictions.append(z3.Implies(self.lit(v.deck.jokers), jokers == 0))
        else:
            limit_rule = joker_rules.per_meld
            if opening and joker_rules.per_meld_at_opening is not None:
                limit_rule = joker_rules.per_meld_at_opening
            if limit_rule.value is not None:
                restrictions.append(z3.Implies(self.lit(limit_rule), jokers <= limit_rule.value))
            restrictions.append(z3.Implies(self.lit(joker_rules.min_natural),
                                           length - jokers >= joker_rules.min_natural.value))
        self.lazy.append(CopyLimit(self, tuple(zip(cards, active, strict=True))))
        restrictions.append(self.joker_supply(list(zip(cards, active, strict=True))))

        first = _first_natural(cards, active)
        run_ok, run_points, start = self._run(cards, active, length, first)
        set_ok, set_points, rank = self._set(cards, active, length, first)
        # Implied, not new: no card is worth more than the dearest or less than the cheapest.
        # Said outright, the solver need not dig the bounds out of the value tables.
        low, high = self.value_bounds()
        base = z3.And(*common, *restrictions)
        if joker_rules is not None and joker_rules.only_in is not None:  # the other kind holds none
            barred = z3.Implies(self.lit(joker_rules.only_in), jokers == 0)
            if joker_rules.in_kind("run"):
                set_ok = z3.And(set_ok, barred)
            else:
                run_ok = z3.And(run_ok, barred)
        run_ok = z3.And(base, run_ok, length >= 1, run_points <= high * length, run_points >= low * length)
        set_ok = z3.And(base, set_ok, length >= 1, set_points <= high * length, set_points >= low * length)
        valid, is_run = self._reading(run_ok, set_ok, run_points, set_points)
        points = z3.If(is_run, run_points, set_points)
        return Meld(tuple(cards), length, run_ok, set_ok, valid, is_run, points, run_points,
                    set_points, jokers, start, rank)

    def _reading(self, run_ok: z3.BoolRef, set_ok: z3.BoolRef, run_points: z3.ArithRef,
                 set_points: z3.ArithRef) -> tuple[z3.BoolRef, z3.BoolRef]:
        """(valid, read as a run) once the `ambiguous` rule has chosen between two readings for a
        meld the player does not declare (a declared meld is one reading: `run_ok` or `set_ok`).

        Without the rule, a meld that reads both ways is refused: its meaning would be a choice
        nobody declared (blamed on `jokers.declare`)."""
        jokers = self.v.jokers
        rule = jokers.ambiguous if jokers else None
        choice = rule.value if rule else ir.Ambiguous.REFUSED
        if choice is ir.Ambiguous.RUN:
            return z3.Or(run_ok, set_ok), run_ok
        if choice is ir.Ambiguous.SET:
            return z3.Or(run_ok, set_ok), z3.And(run_ok, z3.Not(set_ok))
        if choice is ir.Ambiguous.HIGHER:
            return z3.Or(run_ok, set_ok), z3.And(run_ok, z3.Or(z3.Not(set_ok), run_points >= set_points))
        both = z3.And(run_ok, set_ok)
        if jokers is not None and jokers.declare.value is ir.Declare.RANK_AND_SUIT:
            # The player names each joker's card, so either reading is a declared one; the
            # validator reads it as a run unless told otherwise.
            named = self.lit(jokers.declare)
            return z3.Or(z3.Xor(run_ok, set_ok), z3.And(both, named)), run_ok
        blame = self.lit(rule or (jokers.declare if jokers else None))
        return z3.Or(z3.Xor(run_ok, set_ok), z3.And(both, z3.Not(blame))), run_ok

    def joker_supply(self, used: Sequence[tuple[CardVar, z3.BoolRef]]) -> z3.BoolRef:
        """No more jokers than the deck has."""
        jokers = z3.Sum([z3.If(z3.And(a, c.joker), 1, 0) for c, a in used])
        return z3.Implies(self.lit(self.v.deck.jokers), jokers <= self.deck_jokers)



    def _run(self, cards: Sequence[CardVar], active: Sequence[z3.BoolRef], length: z3.ArithRef,
             first: FirstNatural) -> tuple[z3.BoolRef, z3.ArithRef, z3.ArithRef]:
        v = self.v
        # The first natural card fixes the start: rank r at index k lies on position r or r + 13,
        # so the run starts at r - k or 13 later, and only one of the two is in 1..13.  Cards
        # decide every reading, so a claim like "this is not a meld" can be negated soundly.
        # Jokers alone fix nothing: they are read from the lowest start the ace rule allows.
        low_start = 2 if v.run is not None and v.run.ace.value is ir.Ace.HIGH else 1
        start = z3.If(first.any, (first.rank - first.index - 1) % 13 + 1, self.num(low_start))
        suit = first.suit
        if v.run is None:
            return self.boolean(False), self.num(0), start
        rules = v.run
        end = start + length - 1
        parts: list[z3.BoolRef] = [
                                   # a run repeats no rank, but for the ace of A..A
                                   length <= 14, z3.Implies(length == 14, start == 1)]
        low, high = rules.size.value.low, rules.size.value.high
        parts.append(z3.Implies(self.lit(rules.size), z3.And(
            length >= low, *( [length <= high] if high is not None else []))))
        if not rules.wrap.value:
            parts.append(z3.Implies(self.lit(rules.wrap), end <= ACE_HIGH))
        if rules.ace.value is ir.Ace.LOW:
            parts.append(z3.Implies(self.lit(rules.ace), end <= 13))
        elif rules.ace.value is ir.Ace.HIGH:
            parts.append(z3.Implies(self.lit(rules.ace), start >= 2))
        if rules.ace_to_ace is None or not rules.ace_to_ace.value:
            parts.append(z3.Implies(self.lit(rules.ace_to_ace or rules.ace),
                                    z3.Not(z3.And(start == 1, length == 14))))
        points = []
        for k, (card, on) in enumerate(zip(cards, active, strict=True)):
            position = start + k
            rank_here = z3.If(position <= 13, position, position - 13)
            # only a first card can be the ace before the 2; any other ace follows a king
            low_ace = start == 1 if k == 0 else self.boolean(False)
            parts.append(z3.Implies(z3.And(on, card.natural), card.rank == rank_here))
            if rules.suit.value is ir.RunSuit.SAME:
                parts.append(z3.Implies(self.lit(rules.suit),
                                        z3.Implies(z3.And(on, card.natural), card.suit == suit)))
            natural = self.value(rank_here, low_ace)
            points.append(z3.If(on, z3.If(card.joker, self.joker_points(natural), natural), 0))
        return z3.And(*parts), z3.Sum(points), start

    def _set(self, cards: Sequence[CardVar], active: Sequence[z3.BoolRef], length: z3.ArithRef,
             first: FirstNatural) -> tuple[z3.BoolRef, z3.ArithRef, z3.ArithRef]:
        v = self.v
        rank = z3.If(first.any, first.rank, self.num(1))  # jokers alone: read as aces
        if v.set is None:
            return self.boolean(False), self.num(0), rank
        rules = v.set
        parts: list[z3.BoolRef] = []
        low, high = rules.size.value.low, rules.size.value.high
        parts.append(z3.Implies(self.lit(rules.size), z3.And(
            length >= low, *([length <= high] if high is not None else []))))
        naturals = [z3.And(on, c.natural) for c, on in zip(cards, active, strict=True)]
        for card, natural in zip(cards, naturals, strict=True):
            parts.append(z3.Implies(natural, card.rank == rank))
        if rules.suits.value is ir.SetSuits.DISTINCT:
            # four suits: a longer set is already refused, so only its first four cards need comparing
            distinct = [length <= 4]
            pairs = itertools.combinations(list(zip(cards, naturals, strict=True))[:4], 2)
            distinct += [z3.Implies(z3.And(na, nb), a.suit != b.suit) for (a, na), (b, nb) in pairs]
            parts.append(z3.Implies(self.lit(rules.suits), z3.And(*distinct)))
        value = self.value(rank, ir.Place.SET)
        points = z3.Sum([z3.If(on, z3.If(c.joker, self.joker_points(value), value), 0)
                         for c, on in zip(cards, active, strict=True)])
        return z3.And(*parts), points, rank

    # --- hands ---------------------------------------------------------------------

    def hand(self, size: int, *, least: int = 1) -> tuple[tuple[CardVar, ...], z3.ArithRef]:
        """Up to `size` cards a player could hold: the deck's jokers and copies are the limit."""
        cards = self.cards("h", size)
        length = self.integer("h.len")
        used = tuple((c, length > k) for k, c in enumerate(cards))
        self.domain.append(z3.And(length >= least, length <= size, self.joker_supply(used)))
        self.lazy.append(CopyLimit(self, used))
        return cards, length

    def hand_value(self, cards: Sequence[CardVar], length: z3.ArithRef,
                   opened: z3.BoolRef | bool = True) -> z3.ArithRef:
        """What the cards left in hand count at the end of a round (before any multiplier):
        remikc/scoring.py `counted` over the cards held."""
        values = [z3.If(length > k, self.hand_card_value(c), 0) for k, c in enumerate(cards)]
        return cast("z3.ArithRef", scoring.counted(self.v, values, opened, Z3Ops(self)))


# --- the scores of a deal ------------------------------------------------------------

class Z3Ops:
    """Z3's arithmetic for the definitions of remikc/scoring.py, in the encoder's context."""

    def __init__(self, enc: Encoder) -> None:
        self.enc = enc

    def num(self, n: int) -> z3.ArithRef:
        return self.enc.num(n)

    def boolean(self, b: bool) -> z3.BoolRef:
        return self.enc.boolean(b)

    def if_(self, cond: z3.BoolRef, then: z3.ArithRef, other: z3.ArithRef) -> z3.ArithRef:
        return cast("z3.ArithRef", z3.If(cond, then, other))

    def and_(self, *parts: z3.BoolRef) -> z3.BoolRef:
        return z3.And(*parts)

    def or_(self, *parts: z3.BoolRef) -> z3.BoolRef:
        return z3.Or(*parts)

    def not_(self, part: z3.BoolRef) -> z3.BoolRef:
        return z3.Not(part)

    def sum(self, parts: Sequence[z3.ArithRef]) -> z3.ArithRef:
        return cast("z3.ArithRef", z3.Sum(list(parts)))


def deal_scores(enc: Encoder, counts: Sequence[z3.ArithRef], ended_by: str, seat: int | None, *,
                cut_card: bool = False) -> list[z3.ArithRef]:
    """Each seat's score for a deal (remikc/scoring.py `deal_scores`) as Z3 terms: `counts` are
    the hands left (`Encoder.hand_value`), `seat` the player who went out, handed or knocked,
    `cut_card` whether a player who handed took the cut card."""
    scored = scoring.deal_scores(enc.v, counts, ended_by, seat, cut_card=cut_card, ops=Z3Ops(enc))
    return [cast("z3.ArithRef", s.total) for s in scored]


@dataclass(frozen=True)
class Opening:
    """A first lay-down in `slots` melds (unused ones have length 0)."""

    melds: tuple[Meld, ...]
    cards: z3.ArithRef
    points: z3.ArithRef
    jokers: z3.ArithRef
    runs: z3.ArithRef
    sets: z3.ArithRef
    clean_runs: z3.ArithRef
    used: z3.ArithRef
    ok: z3.BoolRef


def slot_sizes(max_cards: int, smallest_meld: int) -> list[int]:
    """Slots for any opening of at most `max_cards` cards, melds listed longest first:
    the j-th meld then has at most max_cards / (j+1) cards."""
    count = max(1, min(max_cards // max(smallest_meld, 1), 6))
    return [min(max_cards // (j + 1), 14) for j in range(count)]


def opening(enc: Encoder, sizes: Sequence[int], max_cards: int, hand_rule: ir.Rule[object] | None,
            *, longest_first: bool = True) -> Opening:
    """An opening in melds of at most `sizes` cards, `max_cards` in all (blaming `hand_rule`)."""
    melds = []
    for j, size in enumerate(sizes):
        cards = enc.cards(f"o{j}.", size)
        melds.append(enc.meld(cards, enc.integer(f"o{j}.len"), opening=True))
    return opening_of(enc, melds, max_cards, hand_rule, longest_first=longest_first)


def opening_of(enc: Encoder, melds: Sequence[Meld], max_cards: int, hand_rule: ir.Rule[object] | None,
               *, longest_first: bool = True) -> Opening:
    """The opening rules over melds already made (so two variants can judge the same cards)."""
    v = enc.v
    used_flags = [m.length > 0 for m in melds]
    parts: list[z3.BoolRef] = [z3.Or(m.length == 0, m.valid) for m in melds]
    if longest_first:
        parts += [a.length >= b.length for a, b in itertools.pairwise(melds)]
    used = z3.Sum([z3.If(u, 1, 0) for u in used_flags])
    cards_total = z3.Sum([m.length for m in melds])
    points = z3.Sum([z3.If(m.length > 0, m.points, 0) for m in melds])
    jokers = z3.Sum([m.jokers for m in melds])
    runs = z3.Sum([z3.If(z3.And(m.length > 0, m.is_run), 1, 0) for m in melds])
    clean = z3.Sum([z3.If(z3.And(m.length > 0, m.is_run, m.jokers == 0), 1, 0) for m in melds])
    rules = v.opening
    parts.append(z3.Implies(enc.lit(hand_rule), cards_total <= max_cards))
    if rules is not None:
        parts.append(z3.Implies(enc.lit(rules.min_points), points >= rules.min_points.value))
        parts.append(z3.Implies(enc.lit(rules.min_melds), used >= rules.melds_needed()))
        if rules.needs_clean_run():
            parts.append(z3.Implies(enc.lit(rules.clean_run), clean >= 1))
    else:
        parts.append(used >= 1)
    everything = [(c, m.active(k)) for m in melds for k, c in enumerate(m.cards)]
    parts.append(enc.joker_supply(everything))
    enc.lazy.append(CopyLimit(enc, tuple(everything)))
    return Opening(tuple(melds), cards_total, points, jokers, runs, used - runs, clean, used,
                   z3.And(*parts))
