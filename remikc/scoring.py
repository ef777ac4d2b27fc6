"""How a deal is scored: the one definition of every score component, read by everyone.

docs/dsl.md (`scoring`) says what each rule means; this module says it once, as plain functions
of the IR over an arithmetic given by the caller (`Ops`).  With `PLAIN` the terms are Python ints
and bools: the simulator checks the referee's scores against it (remikc/sim/play.py) and the
rulebook works its examples with it (remikc/emit/book_scoring.py).  The verifier passes Z3's
arithmetic (remikc/verify/encode.py `Z3Ops`) and gets the same definition as Z3 terms
(`encode.deal_scores`).  Nothing here imports z3: `simulate` and its workers import this.

The generated referee (remikc/runtime/apply.py `_scores`) is standalone, so it keeps its own
code; tests/test_turn_conformance.py (deal scores) and tests/test_sim_play.py (a game's final
totals) hold it to this definition, component by component (`COMPONENTS`, listed with their
cases in docs/internals.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from . import ir

# A term of the caller's arithmetic: an int or a bool with `PLAIN`, a Z3 term with `Z3Ops`.
# Both take Python's `+ - * < ==` as they are; `Ops` gives the rest.
Term = Any

# The score components: each rule this definition reads (and what it reads of the card values),
# with whether a variant's scoring uses it.  Each is held by a conformance case, listed in
# docs/internals.md; tests/test_turn_conformance.py checks the list against this one, and that
# its variants play each component both used and not.
COMPONENTS: Final[dict[str, Callable[[ir.Variant], bool]]] = {
    "values": lambda v: True,
    "values.joker": lambda v: v.values.joker is not None and v.scoring.joker_in_hand is None,
    "scoring.joker_in_hand": lambda v: v.scoring.joker_in_hand is not None,
    "scoring.not_opened": lambda v: v.scoring.not_opened is not None,
    "scoring.method.penalties": lambda v: v.scoring.method.value is ir.Method.PENALTIES,
    "scoring.method.winner_collects": lambda v: v.scoring.method.value is ir.Method.WINNER_COLLECTS,
    "scoring.method.differences": lambda v: v.scoring.method.value is ir.Method.DIFFERENCES,
    "scoring.went_out": lambda v: v.scoring.went_out is not None,
    "scoring.handed": lambda v: v.scoring.handed is not None,
    "scoring.handed_with_cut_card": lambda v: v.scoring.handed_with_cut_card is not None,
    "scoring.handing_multiplier": lambda v: v.scoring.handing_multiplier is not None,
    "scoring.undercut_bonus": lambda v: v.scoring.undercut_bonus is not None,
    "scoring.tie_with_knocker.knocker_wins": lambda v: v.scoring.tie_with_knocker is not None
    and v.scoring.tie_with_knocker.value is ir.TieWithKnocker.KNOCKER_WINS,
    "scoring.all_out_bonus": lambda v: v.scoring.all_out_bonus is not None,
    "game_end.target_bonus": lambda v: v.game_end.target_bonus is not None,
    "game_end.round_win_bonus": lambda v: v.game_end.round_win_bonus is not None,
}

# How a deal ends: a player goes out, hands, knocks; or nobody does (the stock ran out: `stock`;
# nobody could draw: `blocked`; a simulator gave up: `stalled`).
ENDINGS: Final[tuple[str, ...]] = ("went_out", "handed", "knocked", "stock", "blocked", "stalled")


class Ops(Protocol):
    """The arithmetic a definition is evaluated in, beyond Python's operators."""

    def num(self, n: int) -> Term: ...
    def boolean(self, b: bool) -> Term: ...
    def if_(self, cond: Term, then: Term, other: Term) -> Term: ...
    def and_(self, *parts: Term) -> Term: ...
    def or_(self, *parts: Term) -> Term: ...
    def not_(self, part: Term) -> Term: ...
    def sum(self, parts: Sequence[Term]) -> Term: ...


class _Plain:
    """Python's own ints and bools."""

    def num(self, n: int) -> Term:
        return n

    def boolean(self, b: bool) -> Term:
        return b

    def if_(self, cond: Term, then: Term, other: Term) -> Term:
        return then if cond else other

    def and_(self, *parts: Term) -> Term:
        return all(parts)

    def or_(self, *parts: Term) -> Term:
        return any(parts)

    def not_(self, part: Term) -> Term:
        return not part

    def sum(self, parts: Sequence[Term]) -> Term:
        return sum(parts)


PLAIN: Final[Ops] = _Plain()


# --- a hand's count -----------------------------------------------------------------------------

def joker_in_hand(v: ir.Variant) -> int:
    """What a joker left in hand counts: `joker_in_hand`, else the joker's fixed value, else 0."""
    if v.scoring.joker_in_hand is not None:
        return v.scoring.joker_in_hand.value
    joker = v.values.joker
    if joker is not None and not joker.value.as_replaced:
        return joker.value.points or 0
    return 0


def card_in_hand(v: ir.Variant, card: int) -> int:
    """What a card (its code: 0 the joker, rank * 4 + suit) left in hand counts."""
    return joker_in_hand(v) if card == 0 else v.values.of_rank(card >> 2).at(ir.Place.HAND)


def counted(v: ir.Variant, values: Sequence[Term], opened: Term, ops: Ops = PLAIN) -> Term:
    """A hand's count from what each of its cards counts: their sum, or `not_opened` instead for
    a player who never opened."""
    total = ops.sum(list(values)) if values else ops.num(0)
    not_opened = v.scoring.not_opened
    if not_opened is None or opened is True:
        return total
    return ops.if_(opened, total, ops.num(not_opened.value))


def hand_count(v: ir.Variant, cards: Sequence[int], opened: bool) -> int:
    """What the cards left in a hand count at the end of a deal (before any multiplier)."""
    return int(counted(v, [card_in_hand(v, c) for c in cards], opened))


# --- the scores of a deal -----------------------------------------------------------------------

@dataclass(frozen=True)
class SeatScore:
    """One seat's score and how it comes about: `total` is `taken` summed, times `times`, plus
    `bonus`, where the seat scores by what it takes; a fixed score (`fixed`, the rule giving it)
    otherwise.  `taken`: its own count (penalties), the others' counts (the winner under
    `winner_collects`), the differences to them (the winner under `differences`)."""

    total: Term
    won: Term
    taken: tuple[Term, ...] = ()
    times: int = 1
    bonus: Term = 0
    fixed: str | None = None


def deal_scores(v: ir.Variant, counts: Sequence[Term], ended_by: str, seat: int | None, *,
                cut_card: bool = False, ops: Ops = PLAIN) -> tuple[SeatScore, ...]:
    """Each seat's score for a deal, as docs/dsl.md defines `scoring`: `counts` the hands left
    (`counted`), `seat` the player who went out, handed or knocked, `cut_card` whether a player
    who handed took the cut card.

    `handing_multiplier` multiplies the points taken from the others (their hands, or the
    differences to them); `all_out_bonus` is added, unmultiplied, to the score of the player who
    played every card, by going out or by handing (penalty scoring refuses it: `went_out` is a
    fixed score)."""
    s = v.scoring
    n = len(counts)
    zero = ops.num(0)
    if ended_by in ("blocked", "stalled"):
        return tuple(SeatScore(zero, ops.boolean(False)) for _ in range(n))
    method = s.method.value
    handed = ended_by == "handed"
    times = s.handing_multiplier.value if handed and s.handing_multiplier else 1
    all_out = s.all_out_bonus.value if s.all_out_bonus and ended_by in ("went_out", "handed") else 0
    low = counts[0]
    for c in counts[1:]:
        low = ops.if_(c < low, c, low)
    tied = [c == low for c in counts]
    if seat is None and method is ir.Method.PENALTIES:
        return tuple(SeatScore(c, t, (c,)) for c, t in zip(counts, tied, strict=True))
    if seat is None and method is ir.Method.WINNER_COLLECTS:  # the lowest hands share the pot
        pot = [ops.if_(t, zero, c) for c, t in zip(counts, tied, strict=True)]
        return tuple(SeatScore(ops.if_(t, ops.sum(pot), zero), t, tuple(pot)) for t in tied)
    if method is ir.Method.PENALTIES:
        assert s.went_out is not None
        fixed, own = "went_out", s.went_out.value
        if handed and s.handed is not None:
            fixed, own = "handed", s.handed.value
        if handed and cut_card and s.handed_with_cut_card is not None:
            fixed, own = "handed_with_cut_card", s.handed_with_cut_card.value
        return tuple(SeatScore(ops.num(own), ops.boolean(True), fixed=fixed) if i == seat
                     else SeatScore(c * ops.num(times), ops.boolean(False), (c,), times)
                     for i, c in enumerate(counts))
    if method is ir.Method.WINNER_COLLECTS:
        others = tuple(c for i, c in enumerate(counts) if i != seat)
        pot = ops.sum(list(others)) * ops.num(times) + ops.num(all_out)
        return tuple(SeatScore(pot, ops.boolean(True), others, times, ops.num(all_out)) if i == seat
                     else SeatScore(zero, ops.boolean(False)) for i in range(n))
    # differences: the lowest hand wins the differences to every other hand
    wins = list(tied)
    bonus: Term = zero
    if ended_by == "knocked":
        assert seat is not None
        undercut = ops.num(s.undercut_bonus.value if s.undercut_bonus else 0)
        knocker_wins_ties = (s.tie_with_knocker is not None
                             and s.tie_with_knocker.value is ir.TieWithKnocker.KNOCKER_WINS)
        others_tied = ops.or_(*[t for i, t in enumerate(tied) if i != seat]) if n > 1 else ops.boolean(False)
        undercut_now = ops.or_(ops.not_(tied[seat]),
                               ops.and_(others_tied, ops.boolean(not knocker_wins_ties)))
        wins[seat] = ops.and_(tied[seat], ops.not_(undercut_now))
        bonus = ops.if_(undercut_now, undercut, zero)
    out = []
    for w in range(n):
        taken = tuple(counts[i] - counts[w] for i in range(n) if i != w)
        extra = bonus + ops.num(all_out) if w == seat else bonus
        collected = (ops.sum(list(taken)) if taken else zero) * ops.num(times) + extra
        out.append(SeatScore(ops.if_(wins[w], collected, zero), wins[w], taken, times, extra))
    return tuple(out)


def totals(scores: Sequence[SeatScore]) -> list[Term]:
    return [s.total for s in scores]


def winners(scores: Sequence[SeatScore]) -> tuple[int, ...]:
    """The seats that won a deal scored with `PLAIN`."""
    return tuple(i for i, s in enumerate(scores) if s.won)


def final_totals(v: ir.Variant, totals: Sequence[int], wins: Sequence[int]) -> tuple[int, ...]:
    """The totals at the end of a game from each seat's deal scores summed (`totals`) and deals
    won (`wins`): whoever reached the target gets `target_bonus`, every other player
    `round_win_bonus` for each deal he won."""
    g = v.game_end
    if g.target is None:
        return tuple(totals)
    target = g.target.value
    reached = [i for i, t in enumerate(totals) if (t >= target if target > 0 else t <= target)]
    if not reached:
        return tuple(totals)
    bonus = g.target_bonus.value if g.target_bonus else 0
    per_round = g.round_win_bonus.value if g.round_win_bonus else 0
    return tuple(t + (bonus if i in reached else per_round * wins[i]) for i, t in enumerate(totals))
