"""What one deal can add to a total, counted exactly without the solver: the deal's scores by
the one definition (remikc/scoring.py `deal_scores`) for every way the variant's deals end
(`guards.endings`), every player count, and the hands left at their least and their most.

A hand may be far larger than the solver's sessions hold (Karuzela's grow to the deck), so a
hand's count is bounded by sorting what each card of the deck counts: the least a hand of up
to N cards counts is its cheapest cards (every card below zero, or else the single cheapest),
the most its dearest.
"""

from __future__ import annotations

from .. import ir, scoring
from .guards import endings

ENDINGS = {("went_out", False): "going out", ("handed", False): "handing",
           ("handed", True): "handing with the cut card", ("knocked", False): "knocking",
           ("stock", False): "a deal nobody ends"}
"""Each way a deal ends (`guards.endings`, and the stock run out), in words."""


def grown_hand(v: ir.Variant) -> int:
    """The most cards a player may hold: the dealt hand, the first player's extra cards and a
    turn's draws, or the whole deck where a turn draws more than it discards (Karuzela draws
    up to three and discards none)."""
    turn = max(v.deal.hand.value.at(n) for n in v.player_counts()) + v.deal.extra() + v.turn.draws.value.count
    if v.turn.draws.value.count <= v.turn.discard.value:
        return turn
    return max(turn, max(v.deck.size(n) for n in v.player_counts()))


def hand_counts(v: ir.Variant, cards: int, players: int) -> tuple[int, int]:
    """The least and the most a hand of one to `cards` cards counts with `players` at the table
    (a player who opened), the deck's copies and jokers the limit."""
    copies = v.deck.standard.value.at(players)
    each = sorted([scoring.card_in_hand(v, rank * 4 + suit) for rank in range(1, 14) for suit in range(4)
                   for _ in range(copies)] + [scoring.card_in_hand(v, 0)] * v.deck.jokers.value.at(players))
    least = [x for x in each[:cards] if x < 0] or each[:1]
    most = [x for x in each[::-1][:cards] if x > 0] or each[-1:]
    return sum(least), sum(most)


def deal_extremes(v: ir.Variant) -> list[tuple[scoring.SeatScore, str]]:
    """Every seat's score in the deals that bound what a deal gives: each ending, each player
    count, the player who ended it holding nothing (a knocker: his least or up to `max_hand`),
    each other hand at its least or most (or `not_opened`); with the deal in words."""
    found: list[tuple[scoring.SeatScore, str]] = []
    not_opened = v.scoring.not_opened
    for n in v.player_counts():
        lo, hi = hand_counts(v, grown_hand(v), n)
        if not_opened is not None:
            lo, hi = min(lo, not_opened.value), max(hi, not_opened.value)
        for ended_by, cut in [*endings(v), ("stock", False)]:
            if ended_by == "knocked":
                assert v.knocking is not None
                limit = v.knocking.max_hand.value
                own = [lo, min(hi, limit)] if lo <= limit else []
            else:
                own = [lo, hi] if ended_by == "stock" else [0]
            how = f"{ENDINGS[ended_by, cut]}, {n} players, a hand left counting at most {hi}"
            seat = None if ended_by == "stock" else 0
            for mine in own:
                for second in (lo, hi):
                    for rest in (lo, hi):
                        counts = [mine, second, *[rest] * (n - 2)]
                        found += [(score, how) for score in
                                  scoring.deal_scores(v, counts, ended_by, seat, cut_card=cut)]
    return found


def most_a_deal(v: ir.Variant) -> tuple[int, str]:
    """The most a total gains in one deal (`deal_extremes`), with the deal that gives it."""
    return max(((int(score.total), how) for score, how in deal_extremes(v)), key=lambda x: x[0])
