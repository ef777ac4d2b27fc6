"""Rearranging the table: `best_play`."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, CardsLike, _cards
from .columns import _GaveUp, _many_runs, _swept_table
from .melds import _common_deck, _melds, _read, _show
from .reasons import Reason, _because
from .rules import (
    AMBIGUOUS,
    HAS_RUN,
    HAS_SET,
    HAS_SWAP,
    REARRANGE_MIN_FROM_HAND,
    RUN_SAME_SUIT,
    SET_DISTINCT_SUITS,
)
from .search import (
    _RANK_MASK,
    _SET_NEED,
    _TABLE_SEARCH_FIRST,
    SEARCH_BUDGET,
    _check_budget,
    _counts,
    _given_up,
)
from .solver import (
    _CARD_GUARDS,
    _FIELD,
    _JOKERS,
    _NONE,
    _UNIVERSE_ONLY,
    _W,
    Meld,
    Play,
    _joined,
    _joker_melds,
    _lowest,
    _Universe,
    _universe,
    _vector,
)

# --- rearranging the table ------------------------------------------------------------------------
# Where the table may be rearranged, a turn's question is which hand cards can join it with every
# table card still in a valid meld.  Identical cards are interchangeable, so the search tracks
# two multisets: every card still to place (table and hand) and the hand cards among them that
# may stay in hand.  Laying a meld takes table copies first, so after it the hand may keep no
# more copies of a card than remain.

def best_play(table: Iterable[CardsLike], hand: CardsLike, *, budget: int = SEARCH_BUDGET) -> Play:
    """The new table that takes the most cards from `hand` while every card on the `table` stays
    in a valid meld (`table`: the melds now laid).  The Play's `table` is the new table, `placed`
    the cards it takes from hand, `left` the rest; falsy with the reason when no card from hand
    fits or the game does not allow rearranging.  Where jokers are declared, a table joker keeps
    the card it stands for (it may move, as that card); a set whose joker could stand for more
    than one card, or a meld that reads both as a set and as a run, stays as it is.  `budget`:
    the positions the search may solve, as for `best_melds`; past them a falsy Play that says
    it gave up."""
    _check_budget(budget)
    on_table = tuple(_melds(table, "table"))
    for meld in on_table:
        if not _read(meld, False).ok:
            raise ValueError(f"{_show(meld)} is not a valid meld")
    held = _cards(hand, "hand")
    why: list[Reason] = []
    _common_deck(tuple(c for meld in on_table for c in meld) + held, why)
    if why:
        raise ValueError("; ".join(map(str, why)))
    least = REARRANGE_MIN_FROM_HAND
    if least is None:
        return Play(False, left=_as_cards(held), table=tuple(map(_as_cards, on_table)), reasons=(
            _because("rearrange.not_allowed"),))
    try:
        new_table = _new_table(on_table, held, AMBIGUOUS == "declared", budget=budget)
        if new_table is None:  # a declared joker would end where it may not: keep its meld as it is
            new_table = _new_table(on_table, held, True, keep_jokers=True, budget=budget)
    except _GaveUp:
        return _given_up(budget)
    if new_table is None:
        return Play(False, left=_as_cards(held), table=tuple(map(_as_cards, on_table)),
                    reasons=(_because("solver.table_invalid"),))
    left = list(_as_cards(held))
    laid: list[int] = [c for meld in new_table for c in meld]
    for meld in on_table:
        for card in meld:
            laid.remove(card)
    placed = tuple(sorted((Card(c) for c in laid), key=lambda c: c or _JOKERS))
    for card in placed:
        left.remove(card)
    if len(placed) < least:
        return Play(False, left=_as_cards(held), table=tuple(map(_as_cards, on_table)), reasons=(
            _because("solver.too_few", placed=len(placed), least=least,
                     form="swap" if HAS_SWAP and any(0 in meld for meld in on_table) else "plain"),))
    points = sum(_read(meld, False).points for meld in new_table)
    return Play(True, left=tuple(left), points=points, table=new_table, placed=placed)




def _stands_for(meld: tuple[int, ...]) -> list[int] | None:
    """The cards the jokers of a meld on the table stand for, where the meld shows them."""
    if _read(meld, False, "run").ok and _read(meld, False, "set").ok:
        return None  # declared as either: the table does not say which
    k = next((i for i, c in enumerate(meld) if c), None)
    if k is None:
        return None
    reading = _read(meld, False)
    if HAS_RUN and reading.kind == "run" and RUN_SAME_SUIT:
        start = ((meld[k] >> 2) - k - 1) % 13 + 1
        return [((start + i - 1) % 13 + 1) * 4 + (meld[k] & 3) for i, c in enumerate(meld) if not c]
    if HAS_SET and reading.kind == "set" and SET_DISTINCT_SUITS:
        missing = sorted(set(range(4)) - {c & 3 for c in meld if c})
        if len(missing) == meld.count(0):
            return [(meld[k] >> 2) * 4 + s for s in missing]
    return None


def _new_table(on_table: tuple[tuple[int, ...], ...], held: tuple[int, ...], declared: bool,
               keep_jokers: bool = False, budget: int = SEARCH_BUDGET) -> tuple[Meld, ...] | None:
    """The best new table: every table card placed, the most hand cards.  `declared`: a table
    joker is placed as the card it stands for; `keep_jokers`: a meld holding one stays whole."""
    kept: list[tuple[int, ...]] = []
    loose: list[int] = []
    stand_ins: list[int] = []
    for meld in on_table:
        meaning = _stands_for(meld) if declared and 0 in meld and not keep_jokers else None
        if declared and 0 in meld and meaning is None:
            kept.append(meld)
        else:
            loose += [c for c in meld if c or not declared] + (meaning or [])
            stand_ins += meaning or []
    everything = tuple(loose) + held
    if _many_runs(everything, min(budget, _TABLE_SEARCH_FIRST)):
        chosen = _swept_table(everything, tuple(loose), budget)  # too many melds for the search to list
    else:
        chosen = _chosen_by_search(everything, tuple(loose), held, budget)
    if chosen is None:
        return None
    # each card a table joker stands for is laid as that joker again: where the meld still
    # shows which card it is, if such a place exists (a 3-card set would hide its suit)
    laid = [list(meld) for meld in _joined(chosen)]
    for card in stand_ins:
        places = [(m, i) for m, meld in enumerate(laid) for i, c in enumerate(meld) if c == card]
        shown = [(m, i) for m, i in places
                 if card in (_stands_for((*laid[m][:i], 0, *laid[m][i + 1:])) or ())]
        m, i = (shown or places)[0]
        laid[m][i] = 0
    if not all(_read(tuple(meld), False).ok for meld in laid):
        return None
    return tuple(tuple(map(Card, meld)) for meld in [*kept, *laid])


def _chosen_by_search(everything: tuple[int, ...], loose: tuple[int, ...], held: tuple[int, ...], budget: int
                      ) -> list[tuple[int, ...]] | None:
    """`_chosen` with the melds the search lays: the deck's, and those the cards make with jokers
    (or runs of mixed suits)."""
    universe = _universe(False)
    extra: dict[int, list[tuple[int, int, int]]] = {}  # by field: vector, id, jokers
    found = _joker_melds(_counts(everything), False) if 0 in everything or not _UNIVERSE_ONLY else {}
    melds = [(universe.vectors[i], m) for i, m in enumerate(universe.melds)]
    for key in sorted(found):
        meld = found[key][1]
        extra.setdefault(_lowest(meld), []).append((_vector(meld), len(melds), meld.count(0)))
        melds.append((_vector(meld), meld))
    for group in extra.values():
        group.sort(key=lambda option: option[2])
    return _chosen(everything, loose, held, universe, extra, [meld for _, meld in melds], budget)


def _chosen(everything: tuple[int, ...], loose: tuple[int, ...], held: tuple[int, ...], universe: _Universe,
            extra: dict[int, list[tuple[int, int, int]]], melds: list[tuple[int, ...]], budget: int
            ) -> list[tuple[int, ...]] | None:
    """The melds of the best new table: by the search within `_TABLE_SEARCH_FIRST` positions, else by
    the sweep over the columns (columns.py); None where the table's cards make no valid melds."""
    first = min(budget, _TABLE_SEARCH_FIRST)
    try:
        dropped, chosen = _rearrange(_vector(everything), _vector(held), universe, extra, first)
    except _GaveUp:
        return _swept_table(everything, loose, budget - first)
    return None if dropped is None else [melds[i] for i in chosen]


def _as_cards(cards: tuple[int, ...]) -> Meld:
    return tuple(Card(c) for c in cards)


def _rearrange(start: int, free: int, universe: _Universe,
               extra: dict[int, list[tuple[int, int, int]]], budget: int) -> tuple[int | None, list[int]]:
    """The fewest hand cards left out when every card of `start` is laid in melds but the
    `free` ones (hand cards) may stay out; and the melds of one such table, by id."""
    memo: dict[int, int] = {}
    chains, sets, vectors = universe.chains, universe.sets, universe.vectors
    guards, width, field_mask, shift = _CARD_GUARDS, _W, _FIELD, 57 * _W
    nothing, rank_mask, set_need, joker_shift = _NONE, _RANK_MASK, _SET_NEED, _JOKERS * _W

    def after(rest: int, spare: int, vector: int) -> tuple[int, int]:
        rest -= vector
        over = ~((rest | guards) - spare) & guards  # where the hand may keep more than remain
        if over:
            over = (over >> (width - 1)) * field_mask
            spare = (spare & ~over) | (rest & over)
        return rest, spare

    def fitting(rest: int, field: int) -> list[tuple[int, int]]:
        """The melds the lowest card left can start, as (vector, id)."""
        high = rest | guards
        fits: list[tuple[int, int]] = []
        for chain in chains[field]:
            for ident in chain:
                vector = vectors[ident]
                if (high - vector) & guards != guards:
                    break
                fits.append((vector, ident))
        group = sets[field]
        if group and (rest & rank_mask[field]).bit_count() >= set_need:
            fits += [(vectors[i], i) for i in group if (high - vectors[i]) & guards == guards]
        more = extra.get(field)
        if more:
            jokers = rest >> joker_shift & field_mask
            for vector, ident, needs in more:
                if needs > jokers:
                    break
                if (high - vector) & guards == guards:
                    fits.append((vector, ident))
        return fits

    def best(rest: int, spare: int) -> int:
        key = rest | spare << shift
        got = memo.get(key)
        if got is not None:
            return got
        if not rest:
            memo[key] = 0
            return 0
        field = ((rest & -rest).bit_length() - 1) // width
        value = nothing
        for vector, _ in fitting(rest, field):
            left = rest - vector  # `after`, written out: this loop is the search's hot path
            over = ~((left | guards) - spare) & guards  # where the hand may keep more than remain
            if over:
                over = (over >> (width - 1)) * field_mask
                tried = best(left, (spare & ~over) | (left & over))
            else:
                tried = best(left, spare)
            if tried > value:
                value = tried
                if not value:  # every hand card left is placed: nothing does better
                    break
        # keeping this copy in hand costs one card: worth trying only while no lay beats that
        if value < -1 and spare >> (field * width) & field_mask:
            unit = 1 << (field * width)
            value = max(value, best(rest - unit, spare - unit) - 1)
        memo[key] = value
        if len(memo) > budget:
            raise _GaveUp
        return value

    total = best(start, free)
    if total <= nothing // 2:
        return None, []
    # walk one best way back: at each position, a step whose result the search remembers
    # and that gives the position's value
    chosen: list[int] = []
    rest, spare = start, free
    while rest:
        value = memo[rest | spare << shift]
        field = ((rest & -rest).bit_length() - 1) // width
        for vector, ident in fitting(rest, field):
            nxt = after(rest, spare, vector)
            if memo.get(nxt[0] | nxt[1] << shift) == value:
                chosen.append(ident)
                rest, spare = nxt
                break
        else:
            unit = 1 << (field * width)
            rest, spare = rest - unit, spare - unit
    return -total, chosen
