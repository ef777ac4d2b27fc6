"""The exact search for the best lay-down: `best_melds`, `best_opening`, `min_deadwood`.

The search takes the lowest card first and lays it in each meld it can start: quick on the hands
a game deals, but its work grows with the ways a hand splits into melds, which explode on a dense
hand.  Past `_SEARCH_FIRST` positions the sweep over the columns (columns.py) answers instead.
Both are bounded: together they take up at most `budget` positions (`SEARCH_BUDGET` unless asked
otherwise), counted, never timed, so that a build, a bot and a report give the same answer on
any machine.  Past it the solver gives up: `best_melds` and `best_opening` answer a falsy Play
whose reason has the code `solver.gave_up`; `min_deadwood` answers the hand's whole count, the most
it can be.  Every hand a game deals (13 to 15 cards) is solved far within the default.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Final, TypeVar, cast

from .cards import _CARD, Card, CardsLike, _cards, _flag, _memo
from .columns import _GaveUp, _many_runs, _sweeps_table, _swept_deadwood, _swept_lay_down
from .melds import _common_deck, _melds, _read, _show
from .reasons import Reason, _because
from .rules import (
    ACE_HIGH,
    ACE_LOW,
    COPIES,
    HAND_VALUE,
    HAS_RUN,
    HAS_SET,
    LAST_CARD_BY_DISCARD_ONLY,
    RUN_MIN,
    RUN_SAME_SUIT,
    SET_CLOSED_AT,
    SET_DISTINCT_SUITS,
    SET_MAX,
    SET_MIN,
    WRAP,
)
from .solver import (
    _CARD_GUARDS,
    _CARD_MASK,
    _DISCARD,
    _FIELD,
    _JOKERS,
    _LEAVE,
    _NONE,
    _NOTHING,
    _OPEN_CLEAN,
    _OPEN_MELDS,
    _OPEN_POINTS,
    _UNIVERSE_ONLY,
    _UNIVERSES,
    _W,
    Meld,
    Play,
    _Found,
    _joined,
    _joker_melds,
    _lowest,
    _run_position,
    _Universe,
    _universe,
    _vector,
)

# --- the search ---------------------------------------------------------------------------------

SEARCH_BUDGET: Final[int] = 500_000
"""The positions one answer may take up before it gives up: those the search solves, then the
states the sweep over the columns takes up.  A hand a game deals needs a few thousand at most; the
densest Rummikub table of the benchmarks (30 tiles on the rack) about 200,000, a few seconds."""
GAVE_UP: Final[str] = "solver.gave_up"  # the code of the reason of a search that gave up
# The positions the search (quick on the hands a game deals) tries before the sweep over the
# columns (columns.py) takes over: the search's work grows with the ways a hand splits into
# melds, which explode on a dense hand; the sweep's with the states of its columns.  A table to
# rearrange gets more: there the search is the quicker on most positions (Rummikub racks of 20
# and 30 tiles: medians 4.4 and 20 ms with 5,000 or 20,000, 90th percentiles 54 and 28 ms at 20
# tiles, 235 and 183 ms at 30).
_SEARCH_FIRST: Final[int] = 5_000
_TABLE_SEARCH_FIRST: Final[int] = 20_000


_GIVE_UPS: list[int] = [0]  # searches given up in this process, for `remikc simulate` to report


def gave_up(play: Play) -> bool:
    """Whether `play` is falsy because the search gave up (not because no lay-down exists)."""
    return not play.ok and any(reason.code == GAVE_UP for reason in play.reasons)


def _given_up(budget: int) -> Play:
    _GIVE_UPS[0] += 1
    return Play(False, reasons=(_because("solver.gave_up", budget=budget),))

# The fields of the cards of each field's rank: a set can only start at a card whose rank has
# enough kinds of card left.
_RANK_MASK: Final[tuple[int, ...]] = tuple(
    sum(_FIELD << ((f & ~3) + s) * _W for s in range(4)) if 4 <= f < 56 else 0 for f in range(57)
)
_SET_NEED: Final[int] = SET_MIN if HAS_SET and SET_DISTINCT_SUITS else 1
# What keeping a card costs: nothing when the most points are wanted, its value in hand when
# the least deadwood is.
_KEEP_FREE: Final[tuple[int, ...]] = (0,) * 57
_KEEP_VALUE: Final[tuple[int, ...]] = tuple(
    -HAND_VALUE[f] if 4 <= f < 56 else -HAND_VALUE[0] if f == _JOKERS else 0 for f in range(57)
)
# ... and one for each card when the fewest cards left are wanted (can a hand be laid down whole?)
# (a card kept outweighs any points, which then break the tie)
_KEEP_ONE: Final[tuple[int, ...]] = tuple(-(1 << 16) if 4 <= f < 57 else 0 for f in range(57))

# --- cards no meld can hold ---------------------------------------------------------------------
# Found for the whole hand at once with shifts: a card is live if the hand holds the run
# around it or enough of its rank for a set.  Only a superset matters: the search decides.
_LOW: Final[int] = sum(1 << (f * _W) for f in range(4, 56))
_ACES: Final[int] = sum(1 << (f * _W) for f in range(4, 8))
_STEP: Final[int] = 4 * _W  # from a card to the next rank of its suit
_BASES: Final[int] = sum(1 << (4 * r * _W) for r in range(1, 14))
_SPREAD: Final[int] = sum(1 << (s * _W) for s in range(4))
_ROUND: Final[int] = 13 * _STEP  # from a card to the same card one round higher
_RUN_SHIFTS: Final[tuple[int, ...]] = tuple(i * _STEP for i in range(1, RUN_MIN))


# a turn asks about the same hand several times (may the player lay, which cards are dead, the
# searches): the answers are kept by the hand's vector, a few thousand at most
_LIVE: dict[int, int] = _memo({})


def _live(state: int) -> int:
    """The fields of the cards in `state` (no jokers) that some meld could hold."""
    live = _LIVE.get(state)
    return _kept(_LIVE, state, _live_worked_out(state)) if live is None else live


def _live_worked_out(state: int) -> int:
    """`_live`, worked out."""
    present = state
    if _W > 2:  # a field may count more than one copy
        for i in range(1, _W - 1):
            present |= state >> i
    present &= _LOW
    live = 0
    if HAS_RUN:
        line = present if ACE_LOW else present & ~_ACES
        if WRAP:
            line |= present << _ROUND
        elif ACE_HIGH:
            line |= (present & _ACES) << _ROUND
        starts = line
        for shift in _RUN_SHIFTS:
            starts &= line >> shift
        covered = starts
        for shift in _RUN_SHIFTS:
            covered |= starts << shift
        live |= covered | (covered >> _ROUND)
    if HAS_SET:
        if not SET_DISTINCT_SUITS and COPIES > 1:
            live = present  # a set may repeat a card: count them in the search
        elif SET_MIN <= 4:
            kinds = (present & _BASES) + (present >> _W & _BASES) + (present >> 2 * _W & _BASES) \
                + (present >> 3 * _W & _BASES)
            enough = (kinds + (8 - SET_MIN) * _BASES) & (_BASES << 3)
            live |= (enough >> 3) * _SPREAD
    return (live & present) * _FIELD


_T = TypeVar("_T")
_K = TypeVar("_K")
_Extra = tuple[int, int, int]  # the vector, the id and the weight of a meld or lay-off
_Counter = tuple[int, int]  # a counter's mask and unit


_WEIGHTS: dict[tuple[bool, str], list[int]] = {}


def _weights(universe: _Universe, opening: bool, objective: str) -> list[int]:
    """What laying each meld of the universe is worth: its points first, then its cards, when the
    most points are wanted; nothing when the least deadwood is (keeping cards costs then)."""
    weights = _WEIGHTS.get((opening, objective))
    if weights is None:
        if objective == "points":
            weights = [p * 1024 + len(m) for p, m in zip(universe.points, universe.melds, strict=True)]
        elif objective == "cards":  # the fewest cards left first (see _KEEP_ONE), then the points
            weights = list(universe.points)
        else:
            weights = [0] * len(universe.melds)
        _WEIGHTS[(opening, objective)] = weights
    return weights


def _search(
    start: int,
    universe: _Universe,
    weights: list[int],
    extra: dict[int, list[_Extra]],
    leave: tuple[int, ...],
    guards: int,
    keep: _Counter | None = None,
    discard: _Counter | None = None,
    per_meld: _Counter | None = None,
    clean: _Counter | None = None,
    clean_runs: frozenset[int] = frozenset(),
    need: int = 0,
    path: bool = True,
    budget: int = SEARCH_BUDGET,
) -> tuple[int, list[int]]:
    """The best total weight over every way to lay the cards of `start`, and one best way as
    steps, a step for each card taken lowest first: _LEAVE (kept in hand), _DISCARD (thrown
    away) or the id of the meld laid.  `keep` counts down on each card kept, `discard` on the
    card thrown away, `per_meld` on each meld laid, `clean` on each meld in `clean_runs`; the
    counters in `need` must end at zero.  `_GaveUp` past `budget` positions."""
    memo: dict[int, tuple[int, int]] = {}
    chains, sets, vectors = universe.chains, universe.sets, universe.vectors
    counted = per_meld is not None or clean is not None

    def lowered(state: int, ident: int) -> int:  # (`best` calls it only when `counted`: a hot path)
        if per_meld is not None and state & per_meld[0]:
            state -= per_meld[1]
        if clean is not None and ident in clean_runs and state & clean[0]:
            state -= clean[1]
        return state

    skip = keep is None and discard is None  # a card no meld fits is kept, without a branch

    def best(state: int) -> int:
        got = memo.get(state)
        if got is not None:
            return got[0]
        first = state
        kept = 0
        while True:
            cards = state & _CARD_MASK
            if not cards:
                value, choice = (_NONE if state & need else 0), _LEAVE
                break
            field = ((cards & -cards).bit_length() - 1) // _W
            unit = 1 << (field * _W)
            value, choice = 2 * _NONE, _NOTHING
            high = state | guards
            for chain in chains[field]:
                for ident in chain:
                    vector = vectors[ident]
                    if (high - vector) & guards != guards:
                        break
                    rest = state - vector
                    tried = weights[ident] + best(lowered(rest, ident) if counted else rest)
                    if tried > value:
                        value, choice = tried, ident
            group = sets[field]
            if group and (state & _RANK_MASK[field]).bit_count() >= _SET_NEED:
                for ident in group:
                    vector = vectors[ident]
                    if (high - vector) & guards == guards:
                        rest = state - vector
                        tried = weights[ident] + best(lowered(rest, ident) if counted else rest)
                        if tried > value:
                            value, choice = tried, ident
            more = extra.get(field) if extra else None
            if more:
                for vector, ident, weight in more:
                    if (high - vector) & guards == guards:
                        rest = state - vector
                        tried = weight + best(lowered(rest, ident) if counted else rest)
                        if tried > value:
                            value, choice = tried, ident
            if choice == _NOTHING and skip:
                kept += leave[field]
                state -= unit
                continue
            after = state - unit
            if keep is not None and after & keep[0]:
                after -= keep[1]
            tried = leave[field] + best(after)
            if tried > value:
                value, choice = tried, _LEAVE
            if discard is not None and state & discard[0]:
                tried = best(state - unit - discard[1])
                if tried > value:
                    value, choice = tried, _DISCARD
            break
        memo[state] = (value, choice)
        if state != first:
            memo[first] = (kept + value, _LEAVE)
        if len(memo) > budget:
            raise _GaveUp
        return kept + value

    total = best(start)
    if not path:
        return total, []
    vector_of = {ident: vector for group in extra.values() for vector, ident, _ in group}
    steps: list[int] = []
    state = start
    while state & _CARD_MASK:
        choice = memo.get(state, (0, _LEAVE))[1]  # a state the search passed by keeps its card
        steps.append(choice)
        cards = state & _CARD_MASK
        unit = 1 << (((cards & -cards).bit_length() - 1) // _W * _W)
        if choice == _LEAVE:
            state -= unit
            if keep is not None and state & keep[0]:
                state -= keep[1]
        elif choice == _DISCARD:
            assert discard is not None
            state -= unit + discard[1]
        else:
            vector = vectors[choice] if choice < len(vectors) else vector_of[choice]
            state = lowered(state - vector, choice)
    return total, steps


def _least_kept(start: int, universe: _Universe, budget: int) -> int:
    """`_search` for the commonest question, the least deadwood of a hand without jokers: the
    same walk with nothing else to track, so it runs at the speed a game's bots need."""
    memo: dict[int, int] = {}
    chains, sets = universe.pairs
    leave, guards, width, rank_mask, set_need, nothing = (
        _KEEP_VALUE, _CARD_GUARDS, _W, _RANK_MASK, _SET_NEED, _NONE)

    def best(state: int) -> int:
        got = memo.get(state)
        if got is not None:
            return got
        first = state
        kept = 0
        while state:
            field = ((state & -state).bit_length() - 1) // width
            value = nothing
            high = state | guards
            for chain in chains[field]:
                for vector in chain:
                    if (high - vector) & guards != guards:
                        break
                    tried = best(state - vector)
                    value = max(value, tried)
            group = sets[field]
            if group and (state & rank_mask[field]).bit_count() >= set_need:
                for vector in group:
                    if (high - vector) & guards == guards:
                        tried = best(state - vector)
                        value = max(value, tried)
            if value == nothing:  # no meld holds this card: it stays in hand
                kept += leave[field]
                state -= 1 << (field * width)
                continue
            tried = leave[field] + best(state - (1 << (field * width)))
            value = max(value, tried)
            memo[state] = value
            break
        else:
            value = 0
        memo[first] = kept + value
        if len(memo) > budget:
            raise _GaveUp
        return kept + value

    return best(start)


def _counts(cards: tuple[int, ...]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _hand(cards: CardsLike) -> tuple[int, ...]:
    """The cards, or ValueError where no deck of this game could deal them."""
    held = _cards(cards, "hand")
    if 0 in held or len(set(held)) < len(held):
        why: list[Reason] = []
        _common_deck(held, why)
        if why:
            raise ValueError("; ".join(map(str, why)))
    return held


# A turn asks the same question several times (what may be laid, what the bot lays, what the
# referee accepts), and a hand changes by a card or two a turn: answers are kept, a few thousand
# at most (the keys hold every argument, so a kept answer is the one the search would give).
_MEMO_SIZE: Final[int] = 4096
_LAID: dict[tuple[object, ...], Play] = _memo({})
_GROWN: dict[tuple[object, ...], _Found] = _memo({})
_DEADWOOD: dict[tuple[object, ...], int] = _memo({})


def _kept(memo: dict[_K, _T], key: _K, value: _T) -> _T:
    """`value`, kept under `key` in `memo` (emptied when full: old hands do not come back)."""
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = value
    return value


def _lay_down(
    hand: tuple[int, ...],
    *,
    table: tuple[tuple[int, ...], ...] = (),
    opening: bool,
    objective: str,
    keep: int = 0,
    melds_needed: int = 0,
    clean_run: bool = False,
    budget: int = SEARCH_BUDGET,
) -> Play:
    """The best lay-down of `hand`, with lay-offs on `table`: objective "points" (the most
    points, then the most cards) or "deadwood" (the least left in hand).  `keep`: cards that must
    stay in hand; `melds_needed`, `clean_run`: what the lay-down must hold.  The referee asks
    for "cards" (the fewest cards left), to know whether a hand can be laid down whole.  A falsy
    Play that says it gave up past `budget` positions."""
    key = (tuple(sorted(hand)), table, opening, objective, keep, melds_needed, clean_run, budget)
    found = _LAID.get(key)
    if found is None:
        try:
            found = _kept(_LAID, key, _laid_down(hand, table=table, opening=opening, objective=objective,
                                                  keep=keep, melds_needed=melds_needed, clean_run=clean_run,
                                                  budget=budget))
        except _GaveUp:  # not kept: each give-up is counted, whichever games a process plays
            found = _given_up(budget)
    return found


def _laid_down(hand: tuple[int, ...], *, table: tuple[tuple[int, ...], ...], opening: bool, objective: str,
               keep: int, melds_needed: int, clean_run: bool, budget: int) -> Play:
    """`_lay_down`, worked out: by the search where it answers within `_SEARCH_FIRST` positions
    (a hand a game deals), else by the sweep over the columns (columns.py), whose work does not
    grow with the ways a dense hand splits into melds."""
    if not _sweeps_table(table):
        return _searched(hand, table=table, opening=opening, objective=objective, keep=keep,
                         melds_needed=melds_needed, clean_run=clean_run, budget=budget)
    first = min(budget, _SEARCH_FIRST)
    if _many_runs(hand, first):
        first = 0
    else:
        try:
            return _searched(hand, table=table, opening=opening, objective=objective, keep=keep,
                             melds_needed=melds_needed, clean_run=clean_run, budget=first)
        except _GaveUp:
            pass
    return _swept_lay_down(hand, table=table, opening=opening, objective=objective, keep=keep,
                           melds_needed=melds_needed, clean_run=clean_run, budget=budget - first)


def _searched(
    hand: tuple[int, ...],
    *,
    table: tuple[tuple[int, ...], ...],
    opening: bool,
    objective: str,
    keep: int,
    melds_needed: int,
    clean_run: bool,
    budget: int,
) -> Play:
    """`_lay_down`, worked out."""
    universe = _universe(opening)
    weights = _weights(universe, opening, objective)
    start = _vector(hand)
    left: list[Card] = []
    counts = _counts(hand)
    if 0 not in counts and _UNIVERSE_ONLY and not table and not (keep or melds_needed or clean_run):
        live = _live(start)
        left = [_CARD[c] for c in sorted(hand) if not live >> (c * _W) & 1]
        start &= live
        if not start:  # no meld holds any card (a hand after its melds are laid): all are kept
            return Play(True, left=tuple(left))
        hand = tuple(c for c in hand if live >> (c * _W) & 1)
    guards = _CARD_GUARDS
    extra: dict[int, list[_Extra]] = {}
    laid: dict[int, tuple[int | None, tuple[int, ...], int]] = {}  # id -> (table meld, cards, points)
    if 0 in counts or not _UNIVERSE_ONLY:
        found = _joker_melds(counts, opening)
        for key in sorted(found):
            points, meld = found[key]
            ident = len(universe.melds) + len(laid)
            laid[ident] = (None, meld, points)
            weight = points * 1024 + len(meld) if objective == "points" else \
                points if objective == "cards" else 0
            extra.setdefault(_lowest(meld), []).append((_vector(meld), ident, weight))
    bits, high = _slot_fields(len(table))
    start += bits
    guards |= high
    # a table meld none of the hand's cards can go on first is passed by (most of them, at most
    # turns: a quick look, not a call, for each)
    firsts = _table_firsts(table) if table and 0 not in counts else ()
    for slot, on_table in enumerate(table):
        if firsts:
            first = firsts[slot]
            if first is not None and first.isdisjoint(counts):
                continue
        bit = 1 << ((57 + slot) * _W)
        for added, (points, _grown) in sorted(_extensions(on_table, counts).items()):
            ident = len(universe.melds) + len(laid)
            laid[ident] = (slot, added, points)
            weight = points * 1024 + len(added) if objective == "points" else \
                points if objective == "cards" else 0
            extra.setdefault(_lowest(added), []).append((_vector(added) + bit, ident, weight))
    fields, need = _counter_fields(len(table))
    counters = (min(keep, len(hand) + len(left)), melds_needed, 1 if clean_run else 0)
    for (_, unit), value in zip(fields, counters, strict=True):
        start += value * unit
    clean_runs = universe.runs | {ident for ident, (_, meld, _) in laid.items()
                                  if 0 not in meld and _read(meld, opening).kind == "run"} \
        if clean_run else frozenset()
    total, steps = _search(
        start, universe, weights, extra,
        _KEEP_FREE if objective == "points" else _KEEP_ONE if objective == "cards" else _KEEP_VALUE, guards,
        keep=fields[0] if keep else None, per_meld=fields[1] if melds_needed else None,
        clean=fields[2] if clean_run else None, clean_runs=clean_runs,
        need=need, budget=budget,
    )
    if total <= _NONE // 2:
        return Play(False)
    melds: list[Meld] = []
    lay_offs: list[tuple[int, Meld]] = []
    points = 0
    remaining = sorted(hand, key=lambda c: c or _JOKERS)
    for step in steps:
        low = remaining[0]
        if step == _LEAVE:
            left.append(_CARD[low])
            remaining.remove(low)
        else:
            target, cards, gained = laid[step] if step in laid else (
                None, universe.melds[step], universe.points[step])
            for card in cards:
                remaining.remove(card)
            points += gained
            if target is None:
                melds.append(tuple([_CARD[c] for c in cards]))
            else:
                lay_offs.append((target, tuple([_CARD[c] for c in cards])))
    left.sort(key=lambda c: c or _JOKERS)
    melds = cast("list[Meld]", _joined(cast("list[tuple[int, ...]]", melds), melds_needed))  # Cards joined
    return Play(True, tuple(melds), tuple(left), points, lay_offs=tuple(lay_offs))


_SLOT_FIELDS: dict[int, tuple[int, int]] = {}


def _slot_fields(melds_on_table: int) -> tuple[int, int]:
    """One in the field of each table meld (a meld takes one lay-off a lay-down) and their guard
    bits: what a search with a table adds to its start and to its guards; kept by table size."""
    found = _SLOT_FIELDS.get(melds_on_table)
    if found is None:
        bits = sum(1 << ((57 + slot) * _W) for slot in range(melds_on_table))
        found = _SLOT_FIELDS[melds_on_table] = (bits, bits << (_W - 1))
    return found


_TABLE_FIRSTS: dict[tuple[object, ...], tuple[frozenset[int] | None, ...]] = _memo({})


def _table_firsts(table: tuple[tuple[int, ...], ...]) -> tuple[frozenset[int] | None, ...]:
    """`_first_cards` of each meld of the table, kept by table: each player asks about the
    same table at his turn and the next."""
    try:
        return _TABLE_FIRSTS[table]
    except KeyError:
        return _kept(_TABLE_FIRSTS, table, tuple(map(_first_cards, table)))


_COUNTER_FIELDS: dict[int, tuple[list[_Counter], int]] = {}


def _counter_fields(melds_on_table: int) -> tuple[list[_Counter], int]:
    """The search's three counters of 8 bits (no hand has 256 cards) past the fields of the cards
    and of the table's melds: (mask, unit) each, and the masks together; kept by table size."""
    found = _COUNTER_FIELDS.get(melds_on_table)
    if found is None:
        base = (57 + melds_on_table) * _W
        fields = [(255 << (base + 8 * i), 1 << (base + 8 * i)) for i in range(3)]
        found = _COUNTER_FIELDS[melds_on_table] = (fields, sum(mask for mask, _ in fields))
    return found


def _extensions(meld: tuple[int, ...], counts: dict[int, int], most: int = 14) -> _Found:
    """Every way to add cards from hand to a meld on the table: by the multiset added, the points
    it adds and the meld as it becomes (cards at either end of a run, anywhere in a set); `most`
    cards at a time (1: the single lay-offs `legal_actions` lists, in the same order).
    Only the hand's jokers and cards of the meld's rank (a set) or suit (a run of one suit) can
    go on it: the answer is kept under those, so a turn's new card rarely asks again."""
    if 0 not in counts:
        first = _first_cards(meld)
        if first is not None and first.isdisjoint(counts):  # no card of the hand can go on first
            return {}
    natural = next((c for c in meld if c), None)
    if natural is None or not (RUN_SAME_SUIT or (HAS_SET and not HAS_RUN)):
        fits = tuple(sorted(counts.items()))
    else:
        rank, suit = natural >> 2, natural & 3
        fits = tuple(sorted((c, n) for c, n in counts.items()
                            if not c or (HAS_SET and c >> 2 == rank) or (HAS_RUN and c & 3 == suit)))
    key = (meld, fits, most)
    found = _GROWN.get(key)
    if found is None:
        found = _kept(_GROWN, key, _grown_by(meld, dict(fits), most))
    return found


_FIRST_ADDED: dict[tuple[object, ...], frozenset[int] | None] = _memo({})


def _first_cards(meld: tuple[int, ...]) -> frozenset[int] | None:
    """`_first_added`, kept: a table meld is asked about turn after turn."""
    try:
        return _FIRST_ADDED[meld]
    except KeyError:
        return _kept(_FIRST_ADDED, meld, _first_added(meld))


def _first_added(meld: tuple[int, ...]) -> frozenset[int] | None:
    """The natural cards of which one must be among any cards added to `meld` but jokers alone (as
    `_grown_by` grows it): a card of its rank of a suit it lacks for a set with room, one at an
    end it may grow at for a run of one suit (none where it cannot grow); None where that is not
    known (any card may be)."""
    before = _read(meld, False)
    natural = next((c for c in meld if c), None)
    if natural is None or not before.ok:
        return None
    if before.kind == "set":
        closed = SET_CLOSED_AT
        if len(meld) >= (SET_MAX if closed is None else min(SET_MAX, closed)):
            return frozenset()
        rank = natural >> 2
        taken = {c & 3 for c in meld if c} if SET_DISTINCT_SUITS else set()
        return frozenset(rank * 4 + s for s in range(4) if s not in taken)
    if before.kind == "run" and RUN_SAME_SUIT:
        k = meld.index(natural)
        start, group = ((natural >> 2) - k - 1) % 13 + 1, natural & 3
        end = start + len(meld) - 1
        if len(meld) >= 14:
            return frozenset()
        ends = [p for p in (start - 1, end + 1)
                if (1 if ACE_LOW else 2) <= p <= (26 if WRAP else (14 if ACE_HIGH else 13))]
        return frozenset(c for p in ends for c in _run_position(p, group))
    return None


def _grown_by(meld: tuple[int, ...], counts: dict[int, int], most: int) -> _Found:
    """`_extensions`, worked out."""
    before = _read(meld, False)
    if not before.ok:
        raise ValueError(f"{_show(meld)} is not a valid meld")
    out: _Found = {}
    jokers = counts.get(0, 0)
    grown: list[tuple[tuple[int, ...], tuple[int, ...]]] = []  # (the cards added, the meld they make)
    if HAS_SET:
        closed = SET_CLOSED_AT
        if before.kind == "set" and closed is not None and len(meld) >= closed:
            return out
        if before.kind == "set":
            rank = next((c >> 2 for c in meld if c), None)
            cards = [c for c in sorted(counts) if c and (rank is None or c >> 2 == rank)
                     for _ in range(counts[c])] + [0] * jokers
            room = (SET_MAX if closed is None else min(SET_MAX, closed)) - len(meld)
            for size in range(1, min(room, len(cards), most) + 1):
                grown += [(added, (*meld, *added))
                          for added in sorted(set(itertools.combinations(cards, size)))]
    if HAS_RUN and before.kind == "run":
        # a run grows at its ends: each new place takes the card it needs, or a joker
        k = next((i for i, c in enumerate(meld) if c), None)
        start, group = ((1 if ACE_LOW else 2), 0) if k is None else (
            ((meld[k] >> 2) - k - 1) % 13 + 1, meld[k] & 3)
        first = 1 if ACE_LOW else 2
        last = 26 if WRAP else (14 if ACE_HIGH else 13)
        end = start + len(meld) - 1

        def place(p: int) -> tuple[int, ...]:
            return tuple(c for c in _run_position(p, group) if c in counts) + ((0,) if jokers else ())

        # the places before the run (nearest first) and after it, up to the first nothing fills;
        # a place only a joker can take needs one of the hand's (`forced`, counted from the run)
        before_run = min(max(0, start - first), most)
        after_run = min(max(0, last - end), most)
        below = list(itertools.takewhile(bool, map(place, range(start - 1, start - before_run - 1, -1))))
        above = list(itertools.takewhile(bool, map(place, range(end + 1, end + after_run + 1))))
        forced_below = list(itertools.accumulate((p == (0,) for p in below), initial=0))
        forced_above = list(itertools.accumulate((p == (0,) for p in above), initial=0))
        for ahead in range(len(below) + 1):
            if forced_below[ahead] > jokers:
                break
            head = below[ahead - 1::-1] if ahead else []
            for behind in range(min(after_run, most - ahead) + 1):
                if ahead + behind == 0 or len(meld) + ahead + behind > 14:
                    continue
                if behind > len(above) or forced_below[ahead] + forced_above[behind] > jokers:
                    break
                tail = above[:behind]
                for added in itertools.product(*head, *tail):
                    grown.append((added, (*added[:ahead], *meld, *added[ahead:])))
    for laid, new in grown:
        added = tuple(sorted(laid))
        if any(added.count(c) > counts.get(c, 0) for c in set(added)):
            continue
        verdict = _read(new, False, before.kind)
        if verdict.ok:
            held = out.get(added)
            gain = verdict.points - before.points
            if held is None or gain > held[0]:
                out[added] = (gain, new)
    return out


# --- what the solver offers ------------------------------------------------------------------------

def best_melds(hand: CardsLike, *, table: Iterable[CardsLike] | None = None, opening: bool = False,
               keep: int = 0, budget: int = SEARCH_BUDGET) -> Play:
    """The melds (and, given the melds on the `table`, the lay-offs) that lay down the most
    points from `hand`; ties go to the lay-down leaving the fewest cards, then to a fixed order.
    `opening` judges each meld by the rules for melds laid when opening; `keep`: cards that must
    stay in hand (1 for a player who still has to discard).  `budget`: the positions the search
    may solve; past them a falsy Play whose reason says it gave up (`gave_up`)."""
    _flag(opening, "opening")
    if isinstance(keep, bool) or not isinstance(keep, int):
        raise TypeError(f"keep: a number of cards, not {type(keep).__name__} {keep!r}"[:200])
    if keep < 0:
        raise ValueError(f"keep must be 0 or more, not {keep}")
    _check_budget(budget)
    on_table = tuple(_melds(table or (), "table"))
    held = _hand(hand)
    why: list[Reason] = []
    _common_deck(held + tuple(c for meld in on_table for c in meld), why)  # one deck holds them all
    if why:
        raise ValueError("; ".join(map(str, why)))
    return _lay_down(held, table=on_table, opening=opening, objective="points", keep=keep, budget=budget)


def _check_budget(budget: int) -> None:
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be a number of positions, 1 or more, not {budget!r}")


def best_opening(hand: CardsLike, *, budget: int = SEARCH_BUDGET) -> Play:
    """The first lay-down worth the most points that the opening rule allows (points, melds,
    a clean run, joker limits at opening), keeping a card to discard where the last card must be
    discarded.  A falsy Play with the reason when `hand` cannot open, or when the search gave up
    past `budget` positions (`gave_up`)."""
    _check_budget(budget)
    held = _hand(hand)
    keep = 1 if LAST_CARD_BY_DISCARD_ONLY else 0
    play = _lay_down(held, opening=True, objective="points", keep=keep, melds_needed=_OPEN_MELDS,
                     clean_run=_OPEN_CLEAN, budget=budget)
    if gave_up(play):
        return play
    left = tuple(sorted((Card(c) for c in held), key=lambda c: c or _JOKERS))
    if not play.ok or not play.melds:
        form = "_".join(["clean"] * bool(_OPEN_CLEAN) + ["keep"] * bool(keep)) or "plain"
        return Play(False, left=left, reasons=(_because("solver.no_opening", melds=_OPEN_MELDS, form=form),))
    if play.points < _OPEN_POINTS:
        if keep:  # said: check_opening of the same cards, every one laid, counts more than this
            why = _because("solver.opening_points", points=play.points, least=_OPEN_POINTS, form="keep")
        else:
            why = _because("solver.opening_points", points=play.points, least=_OPEN_POINTS)
        return Play(False, left=left, reasons=(why,))
    return play


def min_deadwood(hand: CardsLike, *, discard: bool = False, budget: int = SEARCH_BUDGET) -> int:
    """The least the cards left in hand can count once the best melds are laid, each card at its
    `hand_value`.  `discard`: one card of the hand is thrown away first, the best one to lose.
    Where the search gives up past `budget` positions: the hand's whole count (less the dearest
    card with `discard`), the most it can be; `best_melds` with the same budget says so."""
    _flag(discard, "discard")
    _check_budget(budget)
    held = _hand(hand)
    if discard and not held:
        raise ValueError("no card to discard")
    if _UNIVERSE_ONLY and 0 not in held:
        # the commonest hand melds nothing, or all its cards that can meld make one meld: said
        # at once, without the memo's key (a sort) or a search
        quick = _plain_deadwood(held, discard)
        if quick is not None:
            return quick
    key = (tuple(sorted(held)), discard, budget)
    found = _DEADWOOD.get(key)
    if found is None:
        try:
            found = _kept(_DEADWOOD, key, _least_deadwood(held, discard, budget))
        except _GaveUp:
            _given_up(budget)
            whole = [HAND_VALUE[c] for c in held]
            found = sum(whole) - (max(whole) if discard else 0)
    return found


def _plain_deadwood(held: tuple[int, ...], discard: bool = False) -> int | None:
    """`min_deadwood` of a hand without jokers where no search is needed: no card of it can meld
    (then the dearest is the one to throw away), or, with no card thrown, the cards that can
    make one meld; else None."""
    start = _vector(held)
    live = _live(start)
    if not live:
        values = list(map(HAND_VALUE.__getitem__, held))
        return sum(values) - max(values) if discard else sum(values)
    if discard:
        return None
    if start & live in (_UNIVERSES.get(False) or _universe(False)).whole:
        return sum([HAND_VALUE[c] for c in held if not live >> (c * _W) & 1])
    return None


def _takes_lower(hand: tuple[int, ...], top: int, discard: bool) -> bool | None:
    """Whether `min_deadwood((*hand, top), discard=discard) < min_deadwood(hand)`, where the cards
    alone say it (no search); else None.  Where `top` is a card no meld of `hand` and it can hold
    (`_live`; no jokers), keeping it costs its value: with no discard that never lowers; with one,
    only throwing a card dearer than `top` can, which a card no meld holds (its value all saved)
    surely does, and no card dearer than `top` never."""
    if not _UNIVERSE_ONLY or 0 in hand or top == 0:
        return None
    live = _live(_vector((*hand, top)))
    if live >> (top * _W) & 1:
        return None  # it may make a meld: the search says whether it is worth it
    if not discard:
        return False
    value = HAND_VALUE[top]
    if max(map(HAND_VALUE.__getitem__, hand), default=0) <= value:
        return False
    if any(HAND_VALUE[c] > value for c in hand if not live >> (c * _W) & 1):
        return True
    return None


def _remember_deadwood(hand: Iterable[int], deadwood: int) -> None:
    """Keeps `min_deadwood(hand)`, found another way (see `greedy_bot`'s discard)."""
    _kept(_DEADWOOD, (tuple(sorted(hand)), False, SEARCH_BUDGET), deadwood)


def _least_deadwood(held: tuple[int, ...], discard: bool, budget: int) -> int:
    """`min_deadwood`, worked out: by the search within `_SEARCH_FIRST` positions, else by the
    sweep over the columns (as `_laid_down`)."""
    first = min(budget, _SEARCH_FIRST)
    if _many_runs(held, first):
        return _swept_deadwood(held, discard, budget)
    try:
        return _searched_deadwood(held, discard, first)
    except _GaveUp:
        return _swept_deadwood(held, discard, budget - first)


def _searched_deadwood(held: tuple[int, ...], discard: bool, budget: int) -> int:
    """`_least_deadwood` by the search."""
    universe = _UNIVERSES.get(False) or _universe(False)
    start = _vector(held)
    if not discard and 0 not in held and _UNIVERSE_ONLY:  # the commonest question, kept quick
        # (a hand that melds nothing or one meld `min_deadwood` answered before: `_plain_deadwood`)
        live = _live(start)
        kept = sum([HAND_VALUE[c] for c in held if not live >> (c * _W) & 1])
        return kept - _least_kept(start & live, universe, budget)
    weights = _weights(universe, False, "deadwood")
    extra: dict[int, list[_Extra]] = {}
    dead: list[int] = []
    dearest_live = 0
    if 0 in held or not _UNIVERSE_ONLY:
        for _points, meld in _joker_melds(_counts(held), False).values():
            extra.setdefault(_lowest(meld), []).append((_vector(meld), 0, 0))
    else:  # cards no meld can hold are kept for sure: the search need not try them
        live = _live(start)
        dead = [HAND_VALUE[c] for c in held if not live >> (c * _W) & 1]
        dearest_live = max([HAND_VALUE[c] for c in held if live >> (c * _W) & 1], default=0)
        start &= live
    kept = sum(dead)
    if not discard:
        return kept - _search(start, universe, weights, extra, _KEEP_VALUE, _CARD_GUARDS, path=False,
                              budget=budget)[0]
    thrown = (15 << (57 * _W), 1 << (57 * _W))  # the one card thrown away, counted down
    best = []
    if dead:  # throw away the dearest card no meld can hold (a hand without jokers: `_least_kept`, the
        # same walk as `_search` with nothing else to track, its positions among the search's)
        best.append(kept - max(dead) - _least_kept(start, universe, budget))
        if max(dead) >= dearest_live:
            # throwing a card a meld could hold instead lowers the deadwood of the cards left by
            # at most that card's value (put it back, kept, in their least-deadwood lay-down: a
            # lay-down of the whole hand), which is no more than the dearest dead card saves
            return best[0]
    if start:  # or one the search chooses
        best.append(kept - _search(start + thrown[1], universe, weights, extra, _KEEP_VALUE, _CARD_GUARDS,
                                   discard=thrown, need=thrown[0], path=False, budget=budget)[0])
    return min(best)
