"""The random and the greedy player."""

from __future__ import annotations

import random
from typing import Final, cast

from .apply import _grown, _judged
from .draws import _LEFT_REFUSED, _dead, _draw_sources
from .game import _REARRANGE, Action, Discard, Draw, EndTurn, Game, Lay, NextDeal, Rearrange, Refusal, View
from .melds import _read
from .moves import _after_plays, _might_lay, _plays, _rearrangements_offered
from .rules import DISCARD_TAKEN_CARD, DISCARDS, GOING_OUT, HAND_VALUE, HAS_OPENING
from .search import _lay_down, _remember_deadwood, _takes_lower, best_melds, min_deadwood
from .solver import Meld, Play
from .table import best_play

# --- players --------------------------------------------------------------------------------------

def random_bot(seen: View, actions: list[Action], rng: random.Random) -> Action:
    """A player who picks any legal action."""
    return rng.choice(actions)


def greedy_bot(seen: View, actions: list[Action], rng: random.Random) -> Action:
    """A player who lays down what the solver finds best, takes the discard only when it lowers
    his deadwood, throws away the dearest card his least-deadwood lay-down leaves out, and knocks
    when he may."""
    if len(actions) == 1:
        return actions[0]
    plays = [a for a in actions if isinstance(a, (Lay, Rearrange))]
    play: Action | None = plays[0] if plays else None
    if play is not None and not _whole_first(seen):
        best = _greedy_play(seen)
        play = best if best is not None else play
    return _greedy(seen, play, [a.source for a in actions if isinstance(a, Draw)],
                   [a for a in actions if isinstance(a, (Discard, EndTurn))], rng)


def _whole_first(seen: View) -> bool:
    """Whether the first lay-down listed is the one to play: the whole lay-down of a player bound
    to hand, or the best opening."""
    return bool(seen.must) or (not seen.opened[seen.seat] and HAS_OPENING)


def _greedy_turn(game: Game, rng: random.Random) -> Action | None:
    """`greedy_bot`'s action for the player to move, as
    `greedy_bot(view(game, game.seat), legal_actions(game), rng)` picks it (None where that list
    is empty), without the list, whose lay-downs are its costly part: where the bot plays the
    solver's lay-down it asks only whether any is offered, and has the referee judge the one it
    plays (`apply` then gives the kept verdict); else it looks at the first listed alone.  (One
    difference: where every lay-down offered is refused and the solver's is not, it plays that.)"""
    if game.over:
        return None
    if game.deal_over:
        return NextDeal()
    if game.phase == "draw":
        sources = _draw_sources(game)
        if len(sources) <= 1:
            return Draw(sources[0]) if sources else None
        return _greedy(View(game, game.seat), None, sources, [], rng)
    rest = _after_plays(game)
    draws = [a.source for a in rest if isinstance(a, Draw)]
    ends = [a for a in rest if not isinstance(a, Draw)]
    seen = View(game, game.seat)
    plays = _plays(game)
    if rest and not _whole_first(seen):
        play: Action | None = None
        if _might_lay(game):  # something may be laid
            # (the solver's melds and lay-offs come with a lay-down `legal_actions` would list; a
            # whole table rearranged does not, and is tried, as by `greedy_bot`, only where one is)
            best = _greedy_play(seen, rearranging=False, own=True)
            # where the table's rearrangements offer nothing, `plays` (those the referee accepts of
            # them: `_might_lay` said a lay-down may be made now) lists nothing: not asked again
            offered = True
            if best is None and _REARRANGE:
                offered = next(_rearrangements_offered(game), None) is not None
                if offered:
                    best = _greedy_play(seen, own=True)
            if best is not None and not isinstance(_judged(game, cast("Lay | Rearrange", best)), Refusal):
                play = best
            elif offered:
                play = next(plays, None)
        if play is None and len(rest) == 1:
            return rest[0]
        return _greedy(seen, play, draws, ends, rng)
    first = next(plays, None)
    if first is None and len(rest) <= 1:
        return rest[0] if rest else None
    if first is not None and not rest and next(plays, None) is None:
        return first  # the one action listed
    return _greedy(seen, first, draws, ends, rng)


def _greedy(seen: View, play: Action | None, sources: list[str], ends: list[Action],
            rng: random.Random) -> Action:
    """`greedy_bot`'s choice among more than one action: `play` the lay-down it chose (None if it
    lays nothing), `sources` where the player may draw from, `ends` the discards or ends of the
    turn."""
    hand = seen.hand
    if play is not None:
        return play
    if sources:
        if "cut" in sources:
            return Draw("cut")
        if "discard" in sources and seen.discard_top is not None:
            top = seen.discard_top
            lower = _takes_lower(hand, top, DISCARDS > 0)
            if lower is None:
                lower = min_deadwood((*hand, top), discard=DISCARDS > 0) < min_deadwood(hand)
            if lower:
                return Draw("discard")
        return Draw("stock") if "stock" in sources else Draw(sources[0])
    turn_ends = [a for a in ends if isinstance(a, EndTurn)]
    if turn_ends:
        return next((a for a in turn_ends if a.knock), turn_ends[0])
    discards = [a for a in ends if isinstance(a, Discard)]
    if discards and seen.stock_renewed and rng.random() < 0.25:
        # the stock has gone round: the hands may be waiting for each other's cards; let one go
        return rng.choice(discards)
    if discards:
        # the dearest card the least-deadwood lay-down of the hand leaves out
        held = tuple(hand)
        dead = _dead(held)
        dearest = max((a for a in discards if not a.knock), key=lambda a: (HAND_VALUE[a.card], a.card))
        if dearest.card in dead:
            # the dearest card he may throw is one no meld holds: every lay-down leaves it in hand,
            # so it is the one the search's would choose (nothing is remembered: the next turn's
            # draw asks for the hand's deadwood only where its quick answer does not say)
            return _knocking(discards, dearest)
        # a card no meld can hold stays in hand anyway: then keeping one costs the search nothing,
        # and the quicker search without that condition finds a lay-down as good; where no card
        # can meld (most hands, once their melds are down) every card stays, as the search says
        kept = held if len(dead) == len(held) else \
            _lay_down(held, opening=False, objective="deadwood", keep=0 if dead else 1).left
        left = set(kept)
        chosen = max((a for a in discards if not a.knock),
                     key=lambda a: (a.card in left, HAND_VALUE[a.card], a.card))
        chosen = _knocking(discards, chosen)
        if chosen.card in left:
            # what the hand keeps, less the card thrown, is the least deadwood of the hand left:
            # the next turn's draw asks for it (any lay-down of that hand, with the card thrown
            # kept, is one of this hand's keeping a card)
            rest = list(hand)
            rest.remove(chosen.card)
            _remember_deadwood(rest, sum(HAND_VALUE[c] for c in kept) - HAND_VALUE[chosen.card])
        return chosen
    return play or ends[0]


def _knocking(discards: list[Discard], chosen: Discard) -> Discard:
    """The discard of `chosen`'s card with a knock where one is offered: the bot knocks where it
    may, as it does where the turn ends without a discard."""
    return next((a for a in discards if a.knock and a.card == chosen.card), chosen)


_QUICK_TABLE: Final[int] = 24  # table cards up to which the greedy bot tries `best_play`


def _greedy_play(seen: View, rearranging: bool = True, own: bool = False) -> Action | None:
    """The lay-down of the most points the solver finds, or None if it lays nothing.
    `rearranging=False`: not the whole table rearranged (`best_play`), only melds and lay-offs.
    `own`: `seen` is the view of a live Game (`_greedy_turn`), whose cards one deck holds."""
    hand = seen.hand
    if _REARRANGE:
        # lay-offs and new melds first (quick); rearranging the whole table only when they find
        # nothing and the table is small enough for `best_play` to be quick too
        play = _melds_of(hand, seen.table, 0, own)
        if play and (play.melds or play.lay_offs):
            table = list(seen.table)
            for index, added in play.lay_offs:
                table[index] = _grown(table[index], added, _read(table[index], False).kind or "run")
            return Rearrange([*table, *play.melds])
        if not rearranging or sum(map(len, seen.table)) > _QUICK_TABLE:
            return None
        play = best_play(seen.table, hand)
        return Rearrange(play.table) if play else None
    keep = 1 if DISCARDS and GOING_OUT == "discard" else 0
    play = _melds_of(hand, seen.table, keep, own)
    if len(play.left) == _LEFT_REFUSED:
        # one card left could go only as the discard, which may not take the last card
        play = _melds_of(hand, seen.table, 2, own)
    if not DISCARD_TAKEN_CARD and seen.taken is not None and play.left and \
            all(c == seen.taken for c in play.left):
        play = _melds_of(hand, seen.table, len(play.left) + 1, own)
    if not play or not (play.melds or play.lay_offs):
        return None
    return Lay(play.melds, play.lay_offs)


def _melds_of(hand: Meld, table: tuple[Meld, ...], keep: int, own: bool) -> Play:
    """`best_melds(hand, table=table, keep=keep)`; for the hand and table of a live Game (`own`),
    which one deck holds, without the checks `best_melds` makes of what a caller gives (a hot
    path: the same key, the same answer).  A View given to `greedy_bot` is checked as before."""
    if own:
        return _lay_down(hand, table=table, opening=False, objective="points", keep=keep)
    return best_melds(hand, table=table, keep=keep)


BOTS: Final = {"random": random_bot, "greedy": greedy_bot}
