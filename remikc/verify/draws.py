"""When a player may draw, as formulas: `may_draw(enc, source, at)` over a `DrawPosition`, the
facts of the player to move (tests/test_turn_conformance.py holds the referee's `legal_actions`
to it)."""

from __future__ import annotations

from dataclasses import dataclass

import z3

from .. import ir
from .encode import Encoder


def condition(enc: Encoder, rule: ir.Condition, flags: dict[ir.Flag, z3.BoolRef]) -> z3.BoolRef:
    """A `when` condition over the facts of the player to move."""
    if isinstance(rule, ir.Always):
        return enc.boolean(True)
    if isinstance(rule, ir.Never):
        return enc.boolean(False)
    if isinstance(rule, ir.Is):
        return flags[rule.flag]
    if isinstance(rule, ir.IsNot):
        return z3.Not(condition(enc, rule.item, flags))
    items = [condition(enc, item, flags) for item in rule.items]
    return z3.Or(*items) if isinstance(rule, ir.AnyOf) else z3.And(*items)


@dataclass(frozen=True)
class DrawPosition:
    """The facts a draw depends on, for the player to move."""

    first_round: z3.BoolRef  # his first turn of the deal
    opened: z3.BoolRef
    laid: z3.BoolRef  # he laid cards down in an earlier turn of this deal
    drawn: z3.ArithRef  # cards drawn this turn so far
    melded: z3.BoolRef  # he melded this turn
    stock: z3.ArithRef  # cards in the stock, the cut card under it included
    discards: z3.ArithRef  # cards in the discard pile
    cut: z3.BoolRef  # the cut card lies under the stock
    opens_with: dict[ir.DrawSource, z3.BoolRef]  # with the card taken he can open this turn
    hands_with: dict[ir.DrawSource, z3.BoolRef]  # ... he can lay down his whole hand this turn

    @staticmethod
    def named(enc: Encoder) -> DrawPosition:
        def flag(name: str) -> z3.BoolRef:
            return z3.Bool(enc.name(name), enc.ctx)
        return DrawPosition(flag("first_round"), flag("opened"), flag("laid"), enc.integer("drawn"),
                            flag("melded"), enc.integer("stock"), enc.integer("discards"), flag("cut"),
                            {s: flag(f"opens_with_{s.value}") for s in ir.DrawSource},
                            {s: flag(f"hands_with_{s.value}") for s in ir.DrawSource})


def may_draw(enc: Encoder, source: ir.DrawSource, at: DrawPosition) -> z3.BoolRef:
    """May the player to move draw from `source` now, as docs/dsl.md reads `draw`, `draws`,
    `stock_empty` and `handing`?

    A turn starts with a draw; `draws N` takes N cards before anything else, `draws N until
    meld` takes another only while nothing was melded; either only while a source is open.
    The discard pile and the cut card give only a turn's first card.  A source whose condition
    needs the player to open (`opens_this_turn`) or to hand (`handing`) is open to him only
    when the card would let him keep that promise; the stock's card is unseen, so there the
    promise to open is taken on trust and the promise to hand never."""
    v = enc.v
    t = v.turn
    rule = t.source(source)
    if rule is None:
        return enc.boolean(False)
    count = t.draws.value.count
    again = z3.And(at.drawn >= 1, at.drawn < count)
    if t.draws.value.until_meld:
        again = z3.And(again, z3.Not(at.melded))
    when = z3.Or(at.drawn == 0, again)
    f, n = enc.boolean(False), enc.boolean(True)

    def allowed(opens: z3.BoolRef, hands: z3.BoolRef) -> z3.BoolRef:
        return condition(enc, rule.value, {ir.Flag.FIRST_ROUND: at.first_round, ir.Flag.OPENED: at.opened,
                                           ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: hands})

    freely = allowed(f, f)
    promise_open = enc.boolean(v.opening is not None)
    promise_open = z3.And(promise_open, z3.Not(at.opened), allowed(n, f))
    promise_hand = z3.And(enc.boolean(v.handing is not None), z3.Not(at.laid), allowed(n, n))
    if source is ir.DrawSource.STOCK:
        reshuffle = v.stock_empty.value is ir.StockEmpty.RESHUFFLE
        # The cut card under the stock is no stock card: only a player who hands takes it.
        left = z3.Or(at.stock > z3.If(at.cut, 1, 0), z3.And(enc.boolean(reshuffle), at.discards > 1))
        return z3.And(when, left, z3.Or(freely, promise_open))
    keeps = z3.Or(freely, z3.And(promise_open, at.opens_with[source]),
                  z3.And(promise_hand, at.hands_with[source]))
    if source is ir.DrawSource.DISCARD_TOP:
        return z3.And(at.drawn == 0, at.discards > 0, keeps)
    return z3.And(at.drawn == 0, at.cut, at.stock > 0, keeps)
