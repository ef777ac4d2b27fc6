"""Rules dead under the variant's other rules: the part of `rules.dead` that needs no solver.

A rule takes effect only where something reads it, and its readers are guarded by other rules:
the referee reads a card turned up to start the discard pile, or a rule on the card taken from
it, only where some player may take the pile's top card (remikc/drawing.py `may_draw`); a
card's value in a set or a run only where some rule counts a meld's points; a swap's card from
the table only in a turn that rearranges the table; the bonuses at a game's end only when a
player reaches its target.  A rule is dead when every guard of its readers is false.

Scores are judged by the one definition itself: remikc/scoring.py's deal scores over every
way the variant's deals end (`endings`), through the recorder (`rules.dead`'s `_unscored`).
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import ir
from ..drawing import DrawFacts, holds, may_draw
from .liveness import states

Dead = tuple[ir.Rule[object], str, tuple[ir.Rule[object] | None, ...]]
"""A dead rule, why, and the other rules that make it so (named beside it in the finding)."""


def endings(v: ir.Variant) -> Iterator[tuple[str, bool]]:
    """Every way a deal of the variant can end, as remikc/scoring.py names it, with whether
    the player who hands took the cut card."""
    yield "went_out", False
    if v.handing is not None:
        yield "handed", False
        if hander_takes_cut_card(v):
            yield "handed", True
    if v.knocking is not None:
        yield "knocked", False


def hander_takes_cut_card(v: ir.Variant) -> bool:
    """Whether a player who hands may take the cut card in that turn (remikc/drawing.py: the
    cut card's condition holds for him, not having opened, opening by handing)."""
    cut = v.turn.source(ir.DrawSource.CUT_CARD)
    return cut is not None and v.deal.cut_card is not None and bool(v.deal.cut_card.value) and any(
        holds(cut.value, {ir.Flag.FIRST_ROUND: first, ir.Flag.OPENED: False,
                          ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: True})
        for first in (False, True) for opens in (False, True))


def unread(v: ir.Variant) -> list[Dead]:
    """The rules no reader reaches under the variant's other rules."""
    return [*_discard_pile(v), *_meld_points(v), *_swap_source(v), *_game_end_bonuses(v)]


def judged(v: ir.Variant) -> int:
    """How many rules `unread` judges in this variant (for the proved finding's count)."""
    count = 1 if v.deal.first_discard.value is ir.FirstDiscard.FACE_UP else 0
    count += 1 if v.turn.discard_taken_card is not None and not v.turn.discard_taken_card.value else 0
    count += sum(1 for r in v.values.ranks for place, _ in r.value.by_place if place is not ir.Place.HAND)
    swap = v.joker_swap
    count += 1 if swap is not None and swap.card_from.value is ir.SwapFrom.HAND_OR_TABLE else 0
    g = v.game_end
    return count + sum(1 for r in (g.round_win_bonus, g.target_bonus) if r is not None)


def pile_drawn(v: ir.Variant) -> bool:
    """Whether some turn state a deal reaches lets a player take the discard pile's top card,
    with any promise he may make (to open or to hand with it)."""
    yes = dict.fromkeys(ir.DrawSource, True)
    for s in states(v):
        if not s.discards:
            continue
        facts = DrawFacts(s.first_round, s.opened, s.opened, 0, False, 1 if s.stock else 0, 1, False,
                          yes, yes)
        if may_draw(v, ir.DrawSource.DISCARD_TOP, facts):
            return True
    return False


def _discard_pile(v: ir.Variant) -> list[Dead]:
    """A card turned up to start the discard pile, and `discard_taken_card forbidden`, are read
    only where some player may take the pile's top card; the second also only where a turn
    ends with a discard."""
    face_up = v.deal.first_discard if v.deal.first_discard.value is ir.FirstDiscard.FACE_UP else None
    taken = v.turn.discard_taken_card
    taken = taken if taken is not None and not taken.value else None
    if face_up is None and taken is None:
        return []
    source = v.turn.source(ir.DrawSource.DISCARD_TOP)
    if not pile_drawn(v):
        said = ("the game has no `discard_top` draw" if source is None
                else f"`{source.id}` lets nobody draw from it in any turn state a deal reaches")
        dead: list[Dead] = []
        if face_up is not None:
            dead.append((face_up, f"nobody ever takes the card turned up: {said}", (source,)))
        if taken is not None:
            dead.append((taken, f"nobody ever takes a card from the discard pile: {said}", (source,)))
        return dead
    if taken is not None and v.turn.discard.value == 0:
        return [(taken, "a turn ends with no discard (`discard 0`), so no card taken is discarded again",
                 (v.turn.discard,))]
    return []


def _meld_points(v: ir.Variant) -> list[Dead]:
    """A card's value in a set or a run is read only where a meld's points count: an opening
    worth some points, or `ambiguous higher` choosing the reading worth more."""
    opening = v.opening
    counted = opening is not None and opening.min_points.value > 0
    ambiguous = v.jokers.ambiguous if v.jokers is not None else None
    if counted or (ambiguous is not None and ambiguous.value is ir.Ambiguous.HIGHER):
        return []
    why = ("no rule counts the points of a meld (no `opening` worth points, no `ambiguous "
           "higher`): only what a card counts in hand is ever read")
    cause = opening.min_points if opening is not None else None
    return [(rule, f"`{points} in {place.value}`: {why}", (cause,))
            for rule in v.values.ranks for place, points in rule.value.by_place if place is not ir.Place.HAND]


def _swap_source(v: ir.Variant) -> list[Dead]:
    """A swap's card comes off the table only in a turn that rearranges it."""
    swap = v.joker_swap
    if swap is None or swap.card_from.value is not ir.SwapFrom.HAND_OR_TABLE or v.turn.rearrange is not None:
        return []
    return [(swap.card_from, "a card comes off the table only in a turn that rearranges it, and the "
             "game has no `rearrange`: every swap's card comes from hand", ())]


def _game_end_bonuses(v: ir.Variant) -> list[Dead]:
    """`target_bonus` and `round_win_bonus` are paid when a player reaches the target
    (remikc/scoring.py `final_totals`): a game with none ends after its `rounds` and pays
    neither."""
    g = v.game_end
    if g.target is not None:
        return []
    return [(rule, "a game without a `target` ends after its `rounds`, and the bonuses at the end are "
             "paid only when a player reaches the target", (g.rounds,))
            for rule in (g.round_win_bonus, g.target_bonus) if rule is not None]
