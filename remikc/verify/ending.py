"""`deal.ends`: every deal can end: from its start, some play ends it by the rules; then
from every state it reaches (`ways_out.every_state`: each player's hand turn by turn, which
finds, e.g., a player who opened and kept one card no meld takes, under `lay_off never`,
waiting for ever).  This module is the first part, from the start.

A deal ends three ways in the generated referee: the stock runs out under `stock_empty
last_round`; a player knocks (`knocking`, after his turn's discard if it has one); or a player lays his
last card down (going out, or handing).  The check looks for one of them, for every hand
size the deal gives (one figure per player count), and decides each way as follows.

- The stock.  Under `last_round` the deal ends once the stock is drawn dry: nothing refills
  it, so it drains when a player who never opened may draw from it in a turn state that
  recurs every round (after his first turn; the states of `turn.live`, `liveness.states`).
  Exact for the plays where nobody opens; a stock drawn only after opening is left to the
  other ways.
- Laying the last card (sound under-approximation).  In his first turn a player lays his
  whole hand down: the dealt hand and the turn's draws (one fewer under `meld_after_last_draw
  forbidden`), less the card kept to discard (`going_out.by discard` keeps one; `table` none;
  `discard_or_table` either), all in legal melds meeting the opening rules (waived only for
  handing under `opening_rules waived`), within the deck's copies and jokers.  Counted only
  where every first-turn state gives him a draw, from the stock when he draws more than one
  card.  Going out over several turns, with lay-offs, is not searched.
- Knocking (sound under-approximation).  A player who draws in his first turn and lays
  nothing holds his dealt hand and his draws, less the card he discards; a hand of exactly
  that many cards counting `max_hand` or less may knock.

A deal that ends none of these ways is not yet a violation.  It is one only under this sound
over-approximation, each part a necessary condition of every way out: the stock never runs
dry (`reshuffle`, or under `last_round` no turn after the first lets a player draw from it
and the first turns cannot empty it); nobody can knock (no `knocking` at
all); the hand stays the same size (draws equal the discard: a hand that shrinks goes out
by discards alone, one that grows has no bound), so no turn holds more than the largest
dealt hand and its draws, or the first player's extra cards; the game has an opening rule
and no handing waives it; and no opening fits in that many cards, less the card kept, with
enough solver slots for any opening of that size.  Then nobody ever lays a card (the first
lay-down is the opening, and nothing lies on the table to lay off on), and the deal goes on
for ever: the violation, in words, with the spec lines that cause it.  Between the two (an
opening fits, but no hand goes out in one turn and the stock never runs dry) the check says
unknown (`?`), never read as proved.
"""

from __future__ import annotations

import itertools

import z3

from .. import ir
from . import canon, decode
from .base import Check, Probe, because, longest_meld, smallest_meld
from .encode import CopyLimit, Meld, slot_sizes
from .findings import Finding, Status
from .liveness import TurnState, _stock_can_run_out_in_first_round, sources, states


def _stock_drains(v: ir.Variant) -> TurnState | None:
    """A recurring turn state in which a player may draw from a stock holding cards."""
    if v.stock_empty.value is not ir.StockEmpty.LAST_ROUND:
        return None
    for s in states(v):
        if s.stock and not s.first_round and not s.opened and "stock" in sources(v, s):
            return s
    return None


def _keeps(v: ir.Variant) -> list[int]:
    """Cards a player may keep back to discard when he lays his last ones down."""
    if v.turn.discard.value == 0:
        return [0]
    by = v.going_out.by.value
    return {ir.GoingOutBy.DISCARD: [1], ir.GoingOutBy.TABLE: [0]}.get(by, [0, 1])


def _drawn(v: ir.Variant) -> int | None:
    """Cards a player surely draws in his first turn, before laying down; None when some
    first-turn state leaves him no draw (`turn.live` says which), or more than one card from
    a source other than the stock, whose cards are not any he likes."""
    draws = v.turn.draws.value
    late = v.turn.meld_after_last_draw
    count = draws.count
    if draws.until_meld and late is not None and not late.value:
        count -= 1  # he must stop drawing to meld
    for s in states(v):
        if s.first_round and s.stock:
            open_to_all = sources(v, s)
            if not open_to_all or (count > 1 and "stock" not in open_to_all):
                return None
    return count


def _exempt(v: ir.Variant) -> bool:
    h = v.handing
    return h is not None and h.opening_rules is not None and not h.opening_rules.value


def _whole_hand(probe: object, cards: int) -> str | None:
    """Melds of exactly `cards` cards laid in one turn (with the opening rules unless handing
    waives them), in card notation, or None when there are none or the solver gave up."""
    assert isinstance(probe, Probe)
    v = probe.variant
    if cards <= 0:
        return None
    if v.opening is not None and not _exempt(v):
        session, o = probe.opening(cards)
        out = probe.ask(session, o.ok, o.cards == cards, prefer=[[o.jokers == 0]],
                        keys=canon.opening_keys(o))
        return decode.opening_text(out.model, o) if out.model is not None else None
    enc = probe.encoder()
    melds: list[Meld] = []
    for j, size in enumerate(slot_sizes(cards, smallest_meld(v))):
        slot = enc.cards(f"w{j}.", size)
        melds.append(enc.meld(slot, enc.integer(f"w{j}.len"), opening=False))
    everything = tuple((c, m.active(k)) for m in melds for k, c in enumerate(m.cards))
    enc.lazy.append(CopyLimit(enc, everything))  # no more copies of a card than the deck holds
    session = probe.session(enc)
    must = [*[z3.Or(m.length == 0, m.valid) for m in melds],
            *[a.length >= b.length for a, b in itertools.pairwise(melds)],
            z3.Sum([m.length for m in melds]) == cards, enc.joker_supply(everything)]
    jokers = z3.Sum([m.jokers for m in melds])
    out = probe.ask(session, *must, prefer=[[jokers == 0]],
                    keys=[canon.least(jokers, 0), *[k for m in melds for k in canon.meld_keys(m)]])
    if out.model is None:
        return None
    laid = [m for m in melds if decode.integer(out.model, m.length) > 0]
    return " | ".join(decode.meld_text(out.model, m) for m in laid)


def _knock(probe: object, cards: int) -> str | None:
    assert isinstance(probe, Probe)
    v = probe.variant
    if v.knocking is None or cards <= 0:
        return None
    enc = probe.encoder()
    held, length = enc.hand(cards, least=cards)
    session = probe.session(enc)
    out = probe.ask(session, enc.hand_value(held, length) <= v.knocking.max_hand.value)
    if out.model is None:
        return None
    from ..cards import format_cards

    return format_cards(decode.cards(out.model, held, length))


def deal_ends(probe: object, check: object) -> Finding:
    """From the start (below), then from every state a deal reaches (`ways_out`)."""
    from .stuck import how, violation
    from .ways_out import every_state

    assert isinstance(probe, Probe) and isinstance(check, Check)
    start = _from_the_start(probe, check)
    if start.status is Status.VIOLATED:
        return start  # the start is a state every deal reaches
    later = every_state(probe)
    if later.status == "violated":
        return violation(probe, check, later)
    if later.status == "proved":
        said = start.summary if start.status is Status.PROVED else "every deal can end"
        counted = (f" ({later.nodes} hands enumerated, opened or not, first turn or later)"
                   if later.nodes else "")
        return Finding(check.id, check.title, Status.PROVED,
                       f"{said}; and from every state a deal reaches{counted} some player can still end "
                       f"it: {how(probe.variant)}")
    if start.status is Status.UNKNOWN:
        return start
    if not later.stuck:
        return Finding(check.id, check.title, Status.UNKNOWN,
                       f"undecided: from the start, {start.summary}; a later state was not decided (the "
                       "solver's work limit ran out)")
    first, other = later.stuck
    v = probe.variant
    blocked = any(not sources(v, TurnState(False, n.opened, True, True)) for n in later.stuck)
    see = "; a turn there has no draw open to every hand (see `turn.live`)" if blocked else ""
    return Finding(check.id, check.title, Status.UNKNOWN,
                   f"undecided: from the start, {start.summary}; but with {later.players} players, in a "
                   f"state where the first player is one {first.words()} and every other player one "
                   f"{other.words()}, no way to end the deal was found, nor a proof that there is none{see}")


def _from_the_start(probe: object, check: object) -> Finding:
    assert isinstance(probe, Probe) and isinstance(check, Check)
    v = probe.variant
    drains = _stock_drains(v)
    if drains is not None:
        return Finding(check.id, check.title, Status.PROVED,
                       f"the stock runs out: {drains.words()} may draw from it, nothing refills it, "
                       "and `stock_empty last_round` ends the deal")
    said: list[str] = []
    undecided: list[int] = []
    drawn = _drawn(v)
    for dealt in sorted({v.deal.hand.value.at(n) for n in v.player_counts()}):
        if drawn is None:
            undecided.append(dealt)
            continue
        held = dealt + drawn
        way = next(((keep, shown) for keep in _keeps(v)
                    if (shown := _whole_hand(probe, held - keep)) is not None), None)
        if way is not None:
            keep, shown = way
            kept = ", keeping one to discard" if keep else ""
            said.append(f"a hand of {dealt} and {drawn} drawn goes out in one turn{kept}: {shown}")
            continue
        knock = _knock(probe, held - v.turn.discard.value)  # a knock counts what the discard leaves
        if knock is not None:
            said.append(f"a player holding {knock} may knock")
            continue
        undecided.append(dealt)
    if not undecided:
        return Finding(check.id, check.title, Status.PROVED, "; ".join(said))
    return _no_way_out(probe, check, max(undecided))


def _no_way_out(probe: object, check: object, dealt: int) -> Finding:
    """The over-approximation: can anybody ever lay a card down?"""
    assert isinstance(probe, Probe) and isinstance(check, Check)
    v = probe.variant
    draws = v.turn.draws.value.count
    unknown = Finding(check.id, check.title, Status.UNKNOWN,
                      f"undecided: no hand of {dealt} was found to go out in one turn, the stock never "
                      "runs dry, and a deal may still end in ways not searched (going out over several "
                      "turns, with lay-offs)")
    # each a way out this over-approximation cannot rule out: a hand that grows without
    # bound, or shrinks by discards alone; knocking; a stock that may run dry in the first
    # turns; no opening rule, or handing without one
    steady = draws == v.turn.discard.value and not v.turn.draws.value.until_meld
    knocks = v.knocking is not None
    dry = v.stock_empty.value is ir.StockEmpty.LAST_ROUND and _stock_can_run_out_in_first_round(v)
    if v.opening is None or _exempt(v) or not steady or knocks or dry:
        return unknown
    # the most cards a player holds: a drawer his hand and draws, the first player his extra
    # ones (he skips his first draw and, his hand steady, keeps them)
    most = max(v.deal.hand.value.at(n) for n in v.player_counts()) + max(draws, v.deal.extra())
    keep = 1 if v.turn.discard.value > 0 and v.going_out.by.value is ir.GoingOutBy.DISCARD else 0
    room = most - keep  # every lay-down keeps that card back (remikc/runtime/moves.py)
    if room >= 7 * smallest_meld(v) or longest_meld(v) > 14:
        return unknown  # an opening the solver's slots (`slot_sizes`) could not hold
    session, o = probe.opening(room)
    out = probe.ask(session, o.ok)
    if out.status == "unknown" or out.model is not None:
        return unknown
    o_rules = v.opening
    last_round = v.stock_empty.value is ir.StockEmpty.LAST_ROUND
    rules = [o_rules.min_points, o_rules.min_melds, o_rules.clean_run, v.deal.hand, v.turn.draws,
             v.turn.discard, v.going_out.by if keep else None, v.stock_empty,
             v.turn.source(ir.DrawSource.STOCK) if last_round else None,
             v.handing.opening_rules if v.handing else None]
    blame = because(probe, out, *rules)
    stock = ("no turn after the first lets a player draw the stock dry" if last_round
             else "the stock reshuffles for ever")
    return Finding(check.id, check.title, Status.VIOLATED,
                   f"no deal can end: no opening fits in {room} cards (the most a player holds in a turn"
                   f"{', less the card kept to discard' if room < most else ''}), so nobody ever lays a "
                   f"card down, nobody can knock, and {stock}", blame)
