"""When a player may draw: the one definition of every draw condition, read by everyone.

docs/dsl.md (`turn`: `draw`, `draws`; `stock_empty`, `handing`) says what the rules mean; this
module says it once, over the facts of the player to move (`DrawFacts`), in an arithmetic the
caller gives (remikc/scoring.py `Ops`).  The verifier passes Z3's (remikc/verify/draws.py, the
terms `may_draw` gives over named facts); `turn.live` and `deal.ends` (remikc/verify/liveness.py,
remikc/verify/ways_out.py) evaluate it with `PLAIN` over the turn states they enumerate.  No z3
here.  The generated referee (remikc/runtime/draws.py) keeps its own code, held to this by
tests/test_turn_conformance.py (`DRAW_CONDITIONS`, listed in docs/internals.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from . import ir
from .scoring import PLAIN, Ops, Term

# The draw conditions: each thing `may_draw` reads, with whether a variant's rules use it.
# Each is held by a conformance case (docs/internals.md; tests/test_turn_conformance.py checks
# the list, and that its variants use each condition and leave it unused).
DRAW_CONDITIONS: Final[dict[str, Callable[[ir.Variant], bool]]] = {
    "turn.draw.stock": lambda v: _given(v, ir.DrawSource.STOCK),
    "turn.draw.discard_top": lambda v: _given(v, ir.DrawSource.DISCARD_TOP),
    "turn.draw.cut_card": lambda v: _given(v, ir.DrawSource.CUT_CARD),
    "when first_round": lambda v: ir.Flag.FIRST_ROUND in _flags(v),
    "when opened": lambda v: ir.Flag.OPENED in _flags(v),
    "when opens_this_turn": lambda v: ir.Flag.OPENS_THIS_TURN in _flags(v),
    "when handing": lambda v: ir.Flag.HANDING in _flags(v),
    "turn.draws": lambda v: v.turn.draws.value.count > 1,
    "turn.draws until meld": lambda v: v.turn.draws.value.until_meld,
    "stock_empty reshuffle": lambda v: v.stock_empty.value is ir.StockEmpty.RESHUFFLE,
}


def _given(v: ir.Variant, source: ir.DrawSource) -> bool:
    rule = v.turn.source(source)
    return rule is not None and not isinstance(rule.value, ir.Never)


def _flags(v: ir.Variant) -> set[ir.Flag]:
    """The flags the draw rules' conditions read."""
    found: set[ir.Flag] = set()

    def walk(c: ir.Condition) -> None:
        if isinstance(c, ir.Is):
            found.add(c.flag)
        elif isinstance(c, ir.IsNot):
            walk(c.item)
        elif isinstance(c, (ir.AnyOf, ir.AllOf)):
            for item in c.items:
                walk(item)

    for _, rule in v.turn.draw:
        walk(rule.value)
    return found


def holds(rule: ir.Condition, flags: dict[ir.Flag, Term], ops: Ops = PLAIN) -> Term:
    """A `when` condition over the facts of the player to move."""
    if isinstance(rule, ir.Always):
        return ops.boolean(True)
    if isinstance(rule, ir.Never):
        return ops.boolean(False)
    if isinstance(rule, ir.Is):
        return flags[rule.flag]
    if isinstance(rule, ir.IsNot):
        return ops.not_(holds(rule.item, flags, ops))
    assert isinstance(rule, (ir.AnyOf, ir.AllOf))
    items = [holds(item, flags, ops) for item in rule.items]
    return ops.or_(*items) if isinstance(rule, ir.AnyOf) else ops.and_(*items)


@dataclass(frozen=True)
class DrawFacts:
    """The facts a draw depends on, for the player to move (terms of the caller's arithmetic)."""

    first_round: Term  # his first turn of the deal
    opened: Term
    laid: Term  # he laid cards down in an earlier turn of this deal
    drawn: Term  # cards drawn this turn so far
    melded: Term  # he melded this turn
    stock: Term  # cards in the stock, the cut card under it included
    discards: Term  # cards in the discard pile
    cut: Term  # the cut card lies under the stock
    opens_with: dict[ir.DrawSource, Term]  # with the card taken he can open this turn
    hands_with: dict[ir.DrawSource, Term]  # ... he can lay down his whole hand this turn


def may_draw(v: ir.Variant, source: ir.DrawSource, at: DrawFacts, ops: Ops = PLAIN, *,
             promises: bool = True) -> Term:
    """May the player to move draw from `source` now, as docs/dsl.md reads `draw`, `draws`,
    `stock_empty` and `handing`?

    A turn starts with a draw; `draws N` takes N cards before anything else, `draws N until
    meld` takes another only while nothing was melded; either only while a source is open.
    The discard pile and the cut card give only a turn's first card.  A source whose condition
    needs the player to open (`opens_this_turn`) or to hand (`handing`) is open to him only
    when the card would let him keep that promise; the stock's card is unseen, so there the
    promise to open is taken on trust and the promise to hand never.  `promises=False`: only
    what is open without binding him to open or hand (open to every hand)."""
    t = v.turn
    rule = t.source(source)
    if rule is None:
        return ops.boolean(False)
    count = t.draws.value.count
    again = ops.and_(at.drawn >= 1, at.drawn < count)
    if t.draws.value.until_meld:
        again = ops.and_(again, ops.not_(at.melded))
    when = ops.or_(at.drawn == 0, again)
    f, n = ops.boolean(False), ops.boolean(True)

    def allowed(opens: Term, hands: Term) -> Term:
        return holds(rule.value, {ir.Flag.FIRST_ROUND: at.first_round, ir.Flag.OPENED: at.opened,
                                  ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: hands}, ops)

    freely = allowed(f, f)
    promise_open = ops.and_(ops.boolean(v.opening is not None and promises), ops.not_(at.opened),
                            allowed(n, f))
    promise_hand = ops.and_(ops.boolean(v.handing is not None and promises), ops.not_(at.laid),
                            allowed(n, n))
    if source is ir.DrawSource.STOCK:
        reshuffle = v.stock_empty.value is ir.StockEmpty.RESHUFFLE
        # The cut card under the stock is no stock card: only a player who hands takes it.
        left = ops.or_(at.stock > ops.if_(at.cut, ops.num(1), ops.num(0)),
                       ops.and_(ops.boolean(reshuffle), at.discards > 1))
        return ops.and_(when, left, ops.or_(freely, promise_open))
    keeps = ops.or_(freely, ops.and_(promise_open, at.opens_with[source]),
                    ops.and_(promise_hand, at.hands_with[source]))
    if source is ir.DrawSource.DISCARD_TOP:
        return ops.and_(at.drawn == 0, at.discards > 0, keeps)
    return ops.and_(at.drawn == 0, at.cut, at.stock > 0, keeps)
