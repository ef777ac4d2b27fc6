"""What the player to move may draw, and the opening and handing tests behind those choices."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import Card, _memo
from .game import Game
from .melds import check_opening
from .rules import (
    ACE_HIGH,
    ACE_LOW,
    DISCARDS,
    DRAWS,
    DRAWS_UNTIL_MELD,
    GOING_OUT,
    HAND_VALUE,
    HANDING,
    HANDING_OPENING_RULES,
    HAS_OPENING,
    HAS_RUN,
    HAS_SET,
    JOKER_FIXED,
    LAST_CARD_BY_DISCARD_ONLY,
    MELD_AFTER_LAST_DRAW,
    RUN_VALUE,
    SET_DISTINCT_SUITS,
    SET_VALUE,
    STOCK_EMPTY,
    WRAP,
    _may_draw_cut,
    _may_draw_discard,
    _may_draw_stock,
)
from .search import _lay_down, _live, best_opening, gave_up
from .solver import _OPEN_CLEAN, _OPEN_MELDS, _OPEN_POINTS, _UNIVERSE_ONLY, _W, Play, _vector

# Cards a lay-down may not leave in hand (-1: none): where the last card may not be discarded
# (`going_out by table` in a game with a discard), one card left could go only as the discard.
_LEFT_REFUSED: Final[int] = 1 if DISCARDS and GOING_OUT == "table" else -1

# --- draws that bind ------------------------------------------------------------------------------

_OPENINGS: dict[tuple[int, ...], Play] = _memo({})
# the most one card can be worth in a meld
_MOST_A_CARD_MELDS: Final[int] = max(*RUN_VALUE, *SET_VALUE, JOKER_FIXED or 0)
# ... and each card: a meld's points are the sum of what each card is worth at its place (a run
# position 1..26, the ace at 1 and 14; a set by rank), a joker anything.  Summed over the cards
# that can meld, an upper bound on any lay-down's points: most hands fall short of an opening by
# it, and the search for the best opening is not needed to say so.
_MOST_BY_CARD: Final[tuple[int, ...]] = (_MOST_A_CARD_MELDS,) + (0,) * 3 + tuple(
    max(RUN_VALUE[r], RUN_VALUE[r + 13] if r + 13 < len(RUN_VALUE) else 0, SET_VALUE[r])
    for r in (c >> 2 for c in range(4, 56)))


def _hand_points(hand: Iterable[int]) -> int:
    return sum(HAND_VALUE[c] for c in hand)


def _flags(game: Game) -> tuple[bool, bool]:
    return game.first_round, game.opened[game.seat]


def _dead(held: tuple[int, ...]) -> list[int]:
    """Cards of a hand without jokers that no meld of the hand can hold (a quick answer first)."""
    if 0 in held or not _UNIVERSE_ONLY:
        return []
    live = _live(_vector(held))
    return [c for c in held if not live >> (c * _W) & 1]


def _can_open(hand: Iterable[int]) -> bool:
    held = tuple(hand)
    return _might_open(held) and bool(_opening(held))


def _opening(held: tuple[int, ...]) -> Play:
    """`best_opening`, kept for the hands of the last turns: a turn asks more than once."""
    key = tuple(sorted(held))
    play = _OPENINGS.get(key)
    if play is None:
        if len(_OPENINGS) >= 256:
            _OPENINGS.clear()
        play = _OPENINGS[key] = best_opening(tuple(map(Card, key)))
    return play


def _might_open(held: tuple[int, ...]) -> bool:
    """False where even every card that can meld, each at the most it can be worth, would not
    reach the opening: a quick no."""
    if not HAS_OPENING:
        return True
    most = _MOST_BY_CARD
    if _UNIVERSE_ONLY and held.count(0) == 1:
        return _most_with_a_joker(held) >= _OPEN_POINTS
    return sum([most[c] for c in held]) - sum([most[c] for c in _dead(held)]) >= _OPEN_POINTS


# The first suit position of a run, and the last (the ace after the king is 14)
_RUN_FIRST: Final[int] = 1 if ACE_LOW else 2
_RUN_LAST: Final[int] = 14 if ACE_HIGH else 13
_ONE_EACH: Final[tuple[int, ...]] = (0,) * 4 + (1,) * 52  # each natural card counted once


def _most_with_a_joker(held: tuple[int, ...]) -> int:
    """At least the points of any lay-down of `held`, which holds one joker (and no run mixes
    suits): `_might_open`'s sum for such a hand, kept low enough to say no to most of them.

    Why it is a bound: a lay-down is worth what each card laid is worth at its place, each at
    most `_MOST_BY_CARD`.  A natural card that `_live` finds in no meld of the natural cards
    alone ("dead") can only be laid in a meld with the joker, and there is one such meld at
    most; `_joker_meld_holds` says the most its dead cards can be worth.  Every other card laid
    is live."""
    most = _MOST_BY_CARD
    naturals = [c for c in held if c]
    live = _live(_vector(naturals))
    dead = [c for c in naturals if not live >> (c * _W) & 1]
    total = most[0] + sum([most[c] for c in naturals]) - sum([most[c] for c in dead])
    return total + _joker_meld_holds(naturals, dead, most) if dead else total


def _left_with_a_joker(held: tuple[int, ...]) -> int:
    """At most the cards any lay-down of `held`, which holds one joker (and no run mixes suits),
    leaves in hand: the dead cards (see `_most_with_a_joker`) that the one meld with the joker
    cannot hold."""
    naturals = [c for c in held if c]
    live = _live(_vector(naturals))
    dead = [c for c in naturals if not live >> (c * _W) & 1]
    return len(dead) - _joker_meld_holds(naturals, dead, _ONE_EACH) if dead else 0


def _joker_meld_holds(naturals: list[int], dead: list[int], worth: tuple[int, ...]) -> int:
    """At least the `worth` of the `dead` cards that one meld with one joker, of the hand's
    `naturals` and that joker, can hold.  The meld is a set of one rank, one card of a suit
    where a set's suits differ, or a run of one suit whose cards stand at every place from its
    first to its last but the joker's.  So the dead cards it holds are at most those of one
    rank, or those of one suit on a stretch of places the hand has a card for each of (a block),
    or on two blocks with one place between them, the joker's: the joker at a place of the hand's
    card splits a block, at its end it joins the block to the next one, if one place apart."""
    best = 0
    if HAS_SET:
        by_rank: dict[int, int] = {}
        for c in set(dead) if SET_DISTINCT_SUITS else dead:
            by_rank[c >> 2] = by_rank.get(c >> 2, 0) + worth[c]
        best = max(by_rank.values())
    if HAS_RUN:
        if WRAP:  # (places past the king: not worked out, every dead card counts)
            return sum([worth[c] for c in dead])
        lost = set(dead)
        for suit in {c & 3 for c in dead}:
            # the places of the suit's cards the hand holds, and what each holds of dead cards
            places: dict[int, int] = {}
            for c in set(naturals):
                if c & 3 == suit:
                    held = worth[c] if c in lost else 0
                    if c >> 2 >= _RUN_FIRST:
                        places[c >> 2] = held
                    if c >> 2 == 1 and ACE_HIGH:
                        places[14] = held
            last, block, before = -2, 0, 0  # the last place seen, its block's worth, the block before's
            for place in sorted(places):
                if place == last + 1:
                    block += places[place]
                else:
                    before = block if place == last + 2 else 0
                    block = places[place]
                last = place
                best = max(best, before + block)
    return best


# Where handing keeps the opening's rules and keeps at least the cards an opening keeps, a hand
# that cannot open cannot hand: the handing search's lay-downs are among the opening search's (the
# same melds, meld count and clean run, as many cards kept or more), and one `check_opening`
# accepts has the opening's points, so the best opening would have them too.  The referee then
# need not search the hand again to say it may not take the card to hand.
_NO_OPENING_NO_HANDING: Final[bool] = HAS_OPENING and HANDING_OPENING_RULES and \
    (1 if DISCARDS and GOING_OUT == "discard" else 0) >= (1 if LAST_CARD_BY_DISCARD_ONLY else 0)


def _can_hand(hand: Iterable[int]) -> bool:
    """Can these cards all be laid down at once (but the one to discard), as handing needs?"""
    held = tuple(hand)
    keep = 1 if DISCARDS and GOING_OUT == "discard" else 0
    # the one card to discard may be a card no meld takes, also where going out needs no discard
    # (`discard_or_table`): the quick no must allow what the search below allows; where the last
    # card may not be discarded (`table`), every card goes down
    left_at_most = max(keep, 1 if DISCARDS and GOING_OUT != "table" else 0)
    if len(_dead(held)) > left_at_most:
        return False
    if _UNIVERSE_ONLY and held.count(0) == 1 and _left_with_a_joker(held) > left_at_most:
        return False  # the same with the joker: the search would leave as many
    if HANDING_OPENING_RULES and not _might_open(held):
        return False  # no lay-down of these cards reaches the opening's points, which handing needs
    play = _lay_down(held, opening=HANDING_OPENING_RULES and HAS_OPENING, objective="cards", keep=keep,
                     melds_needed=_OPEN_MELDS if HANDING_OPENING_RULES else 0,
                     clean_run=_OPEN_CLEAN and HANDING_OPENING_RULES)
    if not play.ok or len(play.left) > left_at_most:
        return False
    return not (HANDING_OPENING_RULES and HAS_OPENING) or check_opening(list(play.melds)).ok


def _commitment(game: Game, source: str) -> str | None:
    """What taking a card from `source` binds the player to ("" nothing, "open", "hand"), or None
    if the rules do not let him take it (or he could not keep the promise)."""
    first_round, opened = _flags(game)
    rule = {"stock": _may_draw_stock, "discard": _may_draw_discard, "cut": _may_draw_cut}[source]
    if rule(first_round, opened, False, False):
        return ""
    if source == "stock":  # the card is not seen: the promise cannot be weighed before
        return "open" if HAS_OPENING and not opened and rule(first_round, opened, True, False) else None
    card = game.discards[-1] if source == "discard" else game.stock[0]
    hand = (*game.hands[game.seat], card)
    no_opening = False  # the search said the hand cannot open (it did not give up)
    if not opened and HAS_OPENING and rule(first_round, opened, True, False):
        if _might_open(hand):
            play = _opening(hand)
            if play:
                return "open"
            no_opening = not gave_up(play)
        else:
            no_opening = True
    if HANDING and not game.laid[game.seat] and rule(first_round, opened, True, True) and \
            not (no_opening and _NO_OPENING_NO_HANDING) and _can_hand(hand):
        return "hand"
    return None


def _draw_sources(game: Game) -> list[str]:
    if game.sources is not None:
        return game.sources
    out = []
    if (len(game.stock) > game.cut or (STOCK_EMPTY == "reshuffle" and len(game.discards) > 1)) \
            and _commitment(game, "stock") is not None:
        out.append("stock")
    if game.discards and game.draws == 0 and _commitment(game, "discard") is not None:
        out.append("discard")
    if game.cut and game.stock and game.draws == 0 and _commitment(game, "cut") is not None:
        out.append("cut")
    object.__setattr__(game, "sources", out)
    return out


def _may_meld_now(game: Game) -> bool:
    if not DRAWS_UNTIL_MELD:  # `draws N`: all N cards are drawn before anything is laid down
        return not _must_draw_again(game)
    return MELD_AFTER_LAST_DRAW or game.draws < DRAWS


def _must_draw_again(game: Game) -> bool:
    """`draws N`: a player draws N cards a turn; `draws N until meld`: he draws again while he
    has not melded, up to N.  Either way only while there is something he may draw."""
    if not 0 < game.draws < DRAWS or (DRAWS_UNTIL_MELD and game.melded):
        return False
    return bool(_draw_sources(game))
