"""The checks of the deal: the deck deals every player count with a stock left, and an
opening fits in a dealt hand and one draw."""

from __future__ import annotations

import z3

from .. import ir
from . import canon, decode
from .base import Check, Probe, because, opening_hands, unknown
from .encode import Opening
from .findings import Finding, Status
from .solver import Session

# --- 6. the deck suffices -------------------------------------------------------------

def deck_enough(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    enc = probe.encoder()
    players = enc.integer("players")

    def table(rule: ir.Rule[ir.PerPlayers[int]]) -> z3.ArithRef:
        expr: z3.ArithRef = enc.num(rule.value.cases[-1][1])
        for players_range, value in reversed(rule.value.cases[:-1]):
            inside = players >= players_range.low
            if players_range.high is not None:
                inside = z3.And(inside, players <= players_range.high)
            expr = z3.If(inside, value, expr)
        return expr

    deck = 52 * table(v.deck.standard) + table(v.deck.jokers)
    hand = enc.integer("hand")
    extra = v.deal.extra()
    turned = 1 if v.deal.first_discard.value is ir.FirstDiscard.FACE_UP else 0
    cut = 1 if v.deal.cut_card is not None and v.deal.cut_card.value else 0
    needed = players * hand + extra + turned + cut + 1  # and one card left to draw
    span = v.players.value
    facts = [players >= span.low, players <= (span.high or span.low),
             z3.Implies(enc.lit(v.deal.hand), hand == table(v.deal.hand)),
             needed > deck]
    out = probe.session(enc).ask(*facts)
    if out.status == "unknown":
        return unknown(check)
    parts = [r for r in (v.players, v.deck.standard, v.deck.jokers, v.deal.hand,
                         v.deal.first_player_extra, v.deal.first_discard, v.deal.cut_card) if r is not None]
    if out.model is not None:
        def short(n: int) -> bool:
            return n * v.deal.hand.value.at(n) + extra + turned + cut + 1 > v.deck.size(n)

        n = decode.integer(out.model, players)
        size = v.deck.size(n)
        dealt = n * v.deal.hand.value.at(n) + extra
        shown = (f"{turned} turned up" if turned else "", f"{cut} cut card" if cut else "", "1 to draw")
        more = " + ".join(x for x in shown if x)
        others = [str(m) for m in v.player_counts() if m != n and short(m)]
        also = f" (and for {', '.join(others)} players)" if others else ""
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"{n} players: {n} x {v.deal.hand.value.at(n)}"
                       f"{f' + {extra}' if extra else ''} = {dealt} cards dealt, + {more}, "
                       f"but the deck has {size}{also}", tuple(parts))
    worst = max(v.player_counts(), key=lambda n: n * v.deal.hand.value.at(n) - v.deck.size(n))
    stock = v.deck.size(worst) - worst * v.deal.hand.value.at(worst) - extra - turned - cut
    return Finding(check.id, check.title, Status.PROVED,
                   f"every player count deals; tightest: {worst} players leave a stock of {stock} "
                   f"from {v.deck.size(worst)} cards")



# --- 7. an opening is reachable ---------------------------------------------------------

def opening_reachable(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    if v.opening is None:
        return Finding(check.id, check.title, Status.PROVED, "the game has no opening requirement")
    said: list[str] = []
    for cards in opening_hands(v)[:1]:  # the smallest hand is the hardest
        session, o = probe.opening(cards)
        exact = o.points == v.opening.min_points.value
        out = probe.ask(session, o.ok, prefer=[[exact, o.jokers == 0, o.used <= v.opening.melds_needed() + 1],
                                               [exact, o.jokers == 0], [o.jokers == 0]],
                        keys=canon.opening_keys(o))
        if out.status == "unknown":
            return unknown(check)
        if out.model is None:
            threshold = v.opening.min_points
            rules = because(probe, out, threshold, v.deal.hand)
            best = _highest_threshold(session, o, threshold)
            hint = () if best is None else (
                f"the most an opening of {cards} cards can score is {best} points: "
                f"`min_points {best}` or less can be reached",)
            # the threshold first: it is the line to change
            rules = tuple(sorted(rules, key=lambda r: r is not threshold))
            return Finding(check.id, check.title, Status.VIOLATED,
                           f"no opening fits in {cards} cards (a dealt hand and a draw, less the discard)",
                           rules, hint)
        said.append(f"from {cards} cards: {decode.opening_text(out.model, o)}")
        if decode.integer(out.model, o.jokers) > 0:
            clean = session.least(o.ok, o.jokers == 0, keys=canon.opening_keys(o))
            said.append("only with jokers" if clean.model is None else
                        f"without jokers: {decode.opening_text(clean.model, o)}")
        else:
            said.append("reachable without jokers")
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


def _highest_threshold(session: Session, o: Opening, min_points: ir.Rule[int]) -> int | None:
    """The most points an opening of the session's cards scores under every rule but
    `min_points`: the highest `min_points` an opening can reach.  None when no opening fits
    even so (another rule stands in the way) or the solver's budget ran out."""
    free = (min_points.id,)
    out = session.ask(o.ok, without=free, why=False)
    if out.model is None:
        return None
    low = decode.integer(out.model, o.points)  # reached
    high = max(2 * low, 1)  # not yet known to be out of reach: doubled until it is
    while True:
        above = session.ask(o.ok, o.points >= high, without=free, why=False)
        if above.status == "unknown":
            return None
        if above.model is None:
            break
        low, high = decode.integer(above.model, o.points), 2 * high
    while high - low > 1:  # low is reached, high is not
        middle = (low + high) // 2
        above = session.ask(o.ok, o.points >= middle, without=free, why=False)
        if above.status == "unknown":
            return None
        if above.model is None:
            high = middle
        else:
            low = decode.integer(above.model, o.points)
    return low
