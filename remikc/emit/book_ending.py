"""How a deal and a game end, in the rulebook: going out and handing, a stock that runs out, the
game's end and its winner (`going_out(w)`, `game_end(w)`).  Split from emit/rulebook.py, which
lays out the book; the referee's own choices where no rule speaks are said here as assumptions."""

from __future__ import annotations

import itertools

from .. import ir
from ..drawing import holds
from .book import Block, Sentence
from .book_words import Writer, discard_rule, one_deal


def going_out(w: Writer) -> tuple[Block, ...]:
    """The section "Koniec rozdania": how a deal ends, then what a stock that runs out does."""
    return _going_out(w) + _stock(w)


def _going_out(w: Writer) -> tuple[Block, ...]:
    v = w.v
    w.add(f"going_out.{v.going_out.by.value.value}", v.going_out.by)
    h = v.handing
    if h is not None:
        # what a remik is, said as going out is: it states the handing section too, whose one
        # required rule stands for it (a house adding handing lists this among its changes)
        if v.going_out.by.value is ir.GoingOutBy.DISCARD_OR_TABLE:  # the last card laid or discarded
            w.add("handing.discard_or_table", v.going_out.by, h.lay_off, marked=False)
        elif v.going_out.by.value is not ir.GoingOutBy.DISCARD:
            w.add("handing", v.going_out.by, h.lay_off, marked=False)
        elif any(o.key == "handing.keep_discard" and o.language == w.lang.code for o in v.wording):
            # the key before it was split, reworded by the spec: its words, whole
            w.add("handing.keep_discard", v.going_out.by, h.lay_off, marked=False)
        else:
            said = w.say("handing.keep_discard.rule", v.going_out.by, h.lay_off, marked=False)
            pile = _discard_when_handing(v)
            taken = discard_rule(v)
            if pile is not None:  # one paragraph, as the key before the split said it
                clause = w.say("handing.any_pile", pile, marked=False)
                said = Sentence(f"{said.text} {clause.text}", said.rules + clause.rules)
            elif taken is not None and not isinstance(taken.value, ir.Never):
                # the discard may be taken, but not by one who hands (he has not opened): said,
                # not left for the reader to work out (and the list of changes says what changed)
                clause = w.say("handing.stock_only", taken, marked=False)
                said = Sentence(f"{said.text} {clause.text}", said.rules + clause.rules)
            w.blocks.append(said)
        w.add(f"handing.lay_off.{'allowed' if h.lay_off.value else 'forbidden'}", h.lay_off)
        if h.opening_rules is not None:
            w.add(f"handing.opening_rules.{'apply' if h.opening_rules.value else 'waived'}",
                  h.opening_rules)
    if v.knocking is not None:
        w.add("knocking", v.knocking.max_hand, n=v.knocking.max_hand.value)
    return w.take()


def _discard_when_handing(v: ir.Variant) -> ir.Rule[ir.Condition] | None:
    """The rule that lets a player who has not opened take the discard in the turn he hands,
    if one does: only then does it not matter which pile a remik drew from."""
    rule = discard_rule(v)
    if rule is None:
        return None
    for first_round in (False, True):
        for opens in (False, True):
            flags = {ir.Flag.FIRST_ROUND: first_round, ir.Flag.OPENED: False,
                     ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: True}
            if holds(rule.value, flags):
                return rule
    return None


def _cut_card_waits_for_handing(v: ir.Variant) -> bool:
    """Whether the cut card may be drawn only by a player who hands (Remik 51's)."""
    rule = next((rule for source, rule in v.turn.draw if source is ir.DrawSource.CUT_CARD), None)
    if v.handing is None or rule is None:
        return False
    return not any(holds(rule.value, {ir.Flag.FIRST_ROUND: first_round, ir.Flag.OPENED: opened,
                                      ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: False})
                   for first_round, opened, opens in itertools.product((False, True), repeat=3))


def _stock(w: Writer) -> tuple[Block, ...]:
    v = w.v
    key = f"stock.{v.stock_empty.value.value}"
    cut = v.deal.cut_card is not None and v.deal.cut_card.value
    if cut and v.stock_empty.value is ir.StockEmpty.RESHUFFLE:
        key += ".cut_card"  # the new stock goes on the cut card, which stays for a hand
        if not _cut_card_waits_for_handing(v):
            key += ".plain"  # "i dalej czeka na remika": a player may draw it another way too
    if cut and v.stock_empty.value is ir.StockEmpty.LAST_ROUND:
        key += ".cut_card"  # the stock is gone when the cut card alone is left (as the referee has it)
    if v.stock_empty.value is ir.StockEmpty.LAST_ROUND and v.knocking is None:
        key += ".plain"  # "a nikt nie zapukał" speaks of a knock the game does not have
    w.add(key, v.stock_empty)
    if v.stock_empty.value is ir.StockEmpty.LAST_ROUND and v.knocking is not None:
        # a knock is a knock in the last turns too (the referee allows it): a table would ask
        w.add("stock.last_round.knock", v.stock_empty, v.knocking.max_hand, marked=False)
    if v.stock_empty.value is ir.StockEmpty.RESHUFFLE:
        # no rule says it; the referee ends such a deal unscored ("blocked"): an assumption
        w.blocks.append(Sentence(w.lang.say("stock.reshuffle.none_left"), (v.stock_empty.id,), True,
                                  referee=True))
    return w.take()


def game_end(w: Writer) -> tuple[Block, ...]:
    """The section "Koniec gry": when the game ends, its bonuses, who wins, a tie."""
    g = w.v.game_end
    w.count("game_end.target", g.target)
    if one_deal(w.v):
        w.add("game_end.one_deal", g.rounds)
    else:
        w.count("game_end.rounds_cap" if g.target is not None else "game_end.rounds", g.rounds)
    w.count("game_end.target_bonus", g.target_bonus)
    w.count("game_end.round_win_bonus", g.round_win_bonus)
    w.add(f"game_end.winner.{g.winner.value.value}", g.winner)
    # no rule says it; the referee names every seat on the best total (`Game.winners`)
    w.blocks.append(Sentence(w.lang.say("game_end.tie"), (g.winner.id,), True, referee=True))
    return w.take()
