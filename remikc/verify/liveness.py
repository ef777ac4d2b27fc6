"""`turn.live`: in every turn state the game can reach, the player has a legal way to draw.

The states are few and the draw rules are conditions on four facts, so they are enumerated
exactly, without the solver.  A state is what the draw rules and the piles can tell apart:

- the player's first turn of the deal or a later one (`first_round`);
- opened before or not (`opened`; never in a first turn, nothing has been laid yet);
- stock: holding cards, or run out (reachable in a first turn only when the stock left after
  the deal is smaller than the turns before it);
- discard pile: holding a card, or empty (only before anything was discarded: the first
  turn of the deal under `first_discard none`);
- the first player's first turn, which has no draw step when he is dealt an extra card.

A source counts only when it is open to every hand in that state, as the generated referee
(remikc/runtime/draws.py) lets a player draw:

- the stock: while it holds cards, or when it runs out under `stock_empty reshuffle` (the
  discards, which every turn adds to, become the stock); under `stock_empty last_round` a
  run-out stock ends the deal after one more turn each, with no draw, so it blocks nothing;
  a player may draw from it when its condition holds without a promise;
- the top discard: when the pile holds a card and its condition holds without a promise.
  A draw allowed only with a promise (`opens_this_turn`, `handing`) binds the player to open
  or hand in that turn, which only some hands can do: the referee leaves a player who cannot
  keep it without a legal action, so such a draw is no way out for every hand;
- the cut card: never counted; it is one card, there only until somebody takes it.

A reachable state with no source is a deal that stops: the referee ends it with no winner
("blocked"), or, where only a promise opens a source, stops with no legal action; `remikc
simulate` shows both.  That is the violation, with the state
in words and the draw rules that close every source.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import ir
from .base import Check, Probe
from .findings import Finding, Status

holds = ir.holds  # the verifier's checks read it from here


@dataclass(frozen=True)
class TurnState:
    first_round: bool
    opened: bool
    stock: bool  # the stock holds cards
    discards: bool  # the discard pile holds a card

    def words(self) -> str:
        turn = "in his first turn" if self.first_round else "after his first turn"
        opened = "having opened" if self.opened else "not having opened"
        stock = "the stock holding cards" if self.stock else "the stock run out"
        pile = "a card on the discard pile" if self.discards else "the discard pile empty"
        return f"a player {turn}, {opened}, with {stock} and {pile}"


def states(v: ir.Variant) -> list[TurnState]:
    """Every turn state with a draw step that some deal reaches."""
    face_up = v.deal.first_discard.value is ir.FirstDiscard.FACE_UP
    discards = v.turn.discard.value > 0
    extra = v.deal.extra()
    out = []
    for first_round in (True, False):
        for opened in ((False,) if first_round else (False, True)):
            for stock in (True, False):
                if not stock and first_round and not _stock_can_run_out_in_first_round(v):
                    continue
                for pile in (True, False):
                    if not pile and not _pile_can_be_empty(v, first_round, face_up, discards, extra):
                        continue
                    out.append(TurnState(first_round, opened, stock, pile))
    return out


def _stock_can_run_out_in_first_round(v: ir.Variant) -> bool:
    """Each player draws once in his first turn: the stock left after the deal must outlast
    the draws of the players before the last one."""
    turned = 1 if v.deal.first_discard.value is ir.FirstDiscard.FACE_UP else 0
    cut = 1 if v.deal.cut_card is not None and v.deal.cut_card.value else 0
    draws = v.turn.draws.value.count
    for n in v.player_counts():
        left = v.deck.size(n) - n * v.deal.hand.value.at(n) - v.deal.extra() - turned - cut
        if left < (n - 1) * draws + 1:
            return True
    return False


def _pile_can_be_empty(v: ir.Variant, first_round: bool, face_up: bool, discards: bool,
                       extra: int) -> bool:
    if not discards:
        return True  # nothing is ever added: once the turned-up card is taken, or from the start
    if face_up:
        # one turned up, one added by every turn: a player finds it empty only if the card
        # before him was taken and nothing came after; every turn ends with a discard
        return False
    # `first_discard none`: empty for the first player's first turn, unless he skips the draw
    return first_round and extra == 0


def sources(v: ir.Variant, s: TurnState) -> list[str]:
    """The draws open to every hand in state `s`."""
    def flags(opens: bool) -> dict[ir.Flag, bool]:
        return {ir.Flag.FIRST_ROUND: s.first_round, ir.Flag.OPENED: s.opened,
                ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: False}

    out = []
    stock = v.turn.source(ir.DrawSource.STOCK)
    refill = v.stock_empty.value is ir.StockEmpty.RESHUFFLE and v.turn.discard.value > 0
    if stock is not None and (s.stock or refill) and holds(stock.value, flags(False)):
        out.append("stock")
    top = v.turn.source(ir.DrawSource.DISCARD_TOP)
    if top is not None and s.discards and holds(top.value, flags(False)):
        out.append("discard_top")
    return out


def turn_live(probe: object, check: object) -> Finding:
    assert isinstance(probe, Probe) and isinstance(check, Check)
    v = probe.variant
    blocked = []
    checked = 0
    for s in states(v):
        if not s.stock and v.stock_empty.value is ir.StockEmpty.LAST_ROUND:
            continue  # the last turns: no draw, the deal ends when everyone has had one
        checked += 1
        if not sources(v, s):
            blocked.append(s)
    if blocked:
        first = blocked[0]
        # the draw rules that close every source, and the rules that make the state
        rules: list[ir.Rule[object]] = [rule for _, rule in v.turn.draw]
        if not first.discards:
            rules += [r for r in (v.deal.first_discard, v.deal.first_player_extra, v.turn.discard)
                      if r is not None]
        if not first.stock:
            rules.append(v.stock_empty)
        others = len(blocked) - 1
        more = f" (and {others} more such state{'s' if others > 1 else ''})" if others else ""
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"{first.words()} may not draw: no draw rule lets him{more}, and the deal stops",
                       tuple(rules), tuple(f"also: {b.words()}" for b in blocked[1:]))
    return Finding(check.id, check.title, Status.PROVED,
                   f"a legal draw in each of the {checked} turn states with a draw a deal reaches")
