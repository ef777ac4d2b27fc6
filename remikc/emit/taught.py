"""The examples that teach, checked by the variant's own generated module:
`taught(variant, ids, module) -> (Taught, what it refused)`.

- the seed's own examples (the spec's `examples`): each meld judged by `check_meld`, each
  opening by `check_opening`, each lay-off by `check_lay_off`, the points the module gives;
  a lay-off onto the meld the one before it made is shown as one (002: "sześć i siedem trefli");
- the scripted deals of `scenes`, played and scored by the referee;
- where the table may be rearranged, the new table `best_play` finds for a hand that fits only
  by moving a card from one meld to another.

A spec example the module does not confirm is returned in words: the build stops with E040.
A scripted deal it refuses is returned too: the build warns (W004) and the book shows the
solver's scored round instead.
"""

from __future__ import annotations

from .. import ir
from ..cards import SUIT_SYMBOLS, Card, format_cards, rank_name
from ..module import VariantModule
from .book import Taught
from .scenes import scored_deals

# The ranks a rearranging example is looked for at, middle ones first (small numbers to add up)
_RANKS = (7, 6, 8, 5, 9, 4, 3, 2)


def taught(v: ir.Variant, ids: tuple[str, ...], module: VariantModule
           ) -> tuple[Taught, list[str], list[str]]:
    """The lessons, the spec's own examples the module refuses (errors: the spec must change),
    and the scripted deals it refuses (shipped with remikc for the seed variants: a spec that
    changes those rules loses the deal, and the book shows the solver's example instead)."""
    wrong: list[str] = []
    melds: list[tuple[str, str, int | None, bool]] = []
    openings: list[tuple[tuple[str, ...], int]] = []
    lay_offs: list[tuple[str, str, str, int]] = []
    for e in v.examples:
        cards = [format_cards(m) for m in e.melds]
        ok, shown = _judge(e, cards, module)
        if not ok:
            if e.origin == v.id:  # an inherited example the house rules change is left out
                wrong.append(shown)
            continue
        if e.kind in (ir.ExampleKind.RUN, ir.ExampleKind.SET):
            points = module.check_meld(cards[0], kind=e.kind.value).points
            melds.append((e.kind.value, cards[0], points, True))
        elif e.kind is ir.ExampleKind.INVALID:
            melds.append(("invalid", cards[0], None, False))
        elif e.kind is ir.ExampleKind.OPENING:
            openings.append((tuple(cards), module.check_opening(cards).points))
        elif e.kind is ir.ExampleKind.LAY_OFF and e.card is not None:
            points = module.check_lay_off(cards[0], str(e.card), opened=True).points
            grown = _grown(e.melds[0], e.card)
            if lay_offs and lay_offs[-1][2] == cards[0]:  # the next card on the same meld
                meld, laid, _, _ = lay_offs.pop()
                lay_offs.append((meld, f"{laid} {e.card}", grown, points))
            else:
                lay_offs.append((cards[0], str(e.card), grown, points))
    deals, refused = scored_deals(ids, module)
    rearrange = _rearranging(module) if getattr(module, "REARRANGE_MIN_FROM_HAND", None) is not None else None
    return Taught(tuple(melds), tuple(openings), tuple(lay_offs), deals, rearrange), wrong, refused


def _rearranging(module: VariantModule) -> tuple[tuple[str, ...], str, tuple[str, ...]] | None:
    """A table, a hand and the new table `best_play` makes of them, where the hand fits only
    by moving cards between melds: a run of four and a set of three of its first rank lie on
    the table; the hand holds the next two cards in one of the set's suits, which make a run
    with the set's card of that suit only once the run's first card takes its place in the
    set.  Looked for rank by rank, each candidate judged by the module: the
    table's melds valid, the hand no meld and no card of it laid off as the table lies."""
    own, run_suit, *others = SUIT_SYMBOLS  # ♠ for the hand, ♥ for the run, ♦ ♣ beside ♠ in the set
    for rank in _RANKS:
        run = " ".join(f"{rank_name(r)}{run_suit}" for r in range(rank, rank + 4))
        group = " ".join(f"{rank_name(rank)}{suit}" for suit in (own, *others))
        hand = " ".join(f"{rank_name(r)}{own}" for r in (rank + 1, rank + 2))
        table = (run, group)
        if not all(module.check_meld(m).ok for m in table) or module.check_meld(hand).ok:
            continue
        if any(module.check_lay_off(m, card, opened=True).ok for m in table for card in hand.split()):
            continue
        play = module.best_play(table, hand)
        if play.ok and not play.left:
            return table, hand, tuple(" ".join(str(c) for c in m) for m in play.table)
    return None


def _judge(e: ir.Example, cards: list[str], module: VariantModule) -> tuple[bool, str]:
    """Whether the module says what the example says, and the example in words."""
    if e.kind in (ir.ExampleKind.RUN, ir.ExampleKind.SET):
        verdict = module.check_meld(cards[0], kind=e.kind.value)
        ok = verdict.ok and (e.points is None or verdict.points == e.points)
        return ok, f"{cards[0]} ({e.kind.value})"
    if e.kind is ir.ExampleKind.INVALID:
        return not module.check_meld(cards[0]).ok, f"{cards[0]} (invalid)"
    if e.kind in (ir.ExampleKind.OPENING, ir.ExampleKind.NOT_OPENING):
        verdict = module.check_opening(cards)
        ok = verdict.ok and (e.points is None or verdict.points == e.points)
        return ok == (e.kind is ir.ExampleKind.OPENING), " + ".join(cards) + f" ({e.kind.value})"
    verdict = module.check_lay_off(cards[0], str(e.card), opened=True)
    return verdict.ok, f"{e.card} laid off on {cards[0]}"


def _grown(meld: tuple[Card, ...], card: Card) -> str:
    """The meld with `card` laid off, in table order: a run's lower end before it, a set's
    card (or a run's upper end) after."""
    run = len({c.suit for c in meld if not c.is_joker}) == 1 and len({c.rank for c in meld}) > 1
    first = next(c for c in meld if not c.is_joker)
    if run and not card.is_joker and card.rank < first.rank and not (card.rank == 1 and meld[-1].rank == 13):
        return format_cards((card, *meld))
    return format_cards((*meld, card))
