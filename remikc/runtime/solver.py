"""The melds a hand can make, for the exact search (`search`): `Play`, card vectors, the deck's melds."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any, Final

from .cards import (
    CARDS,
    Card,
    SaveError,
    _check_saved,
    _memo,
    _saved_bool,
    _saved_cards,
    _saved_fields,
    _saved_int,
)
from .melds import _read, _show
from .reasons import Reason, _reasons_from
from .rules import (
    ACE_HIGH,
    ACE_LOW,
    COPIES,
    DECK_JOKERS,
    HAS_JOKERS,
    HAS_OPENING,
    HAS_RUN,
    HAS_SET,
    JOKERS_PER_MELD,
    JOKERS_PER_MELD_AT_OPENING,
    OPENING_CLEAN_RUN,
    OPENING_MIN_MELDS,
    OPENING_MIN_POINTS,
    RUN_MAX,
    RUN_MIN,
    RUN_SAME_SUIT,
    RUN_VALUE,
    SET_DISTINCT_SUITS,
    SET_MAX,
    SET_MIN,
    WRAP,
)

# --- the best lay-down ------------------------------------------------------------------------
# An exact search.  Cards are a multiset packed into one int: a field of _W bits for each card
# code (4..55), then the jokers, then one field per meld on the table that may still be added
# to, then counters a lay-down must bring to zero (melds still needed, ...).  The search takes
# the lowest card left and either keeps it in hand or lays it in a meld it starts, and
# remembers every position it has solved.  Each meld it may lay was judged by `_read`, the code
# behind `check_meld`: the solver lays nothing the validator would refuse.
# A game without an opening rule takes any meld as a first lay-down.
_OPEN_POINTS: Final[int] = OPENING_MIN_POINTS if HAS_OPENING else 0
_OPEN_MELDS: Final[int] = OPENING_MIN_MELDS if HAS_OPENING else 1
_OPEN_CLEAN: Final[bool] = HAS_OPENING and OPENING_CLEAN_RUN
# Runs of mixed suits are not among the deck's melds (`_universe`): they are found hand by hand.
_UNIVERSE_ONLY: Final[bool] = not HAS_RUN or RUN_SAME_SUIT
# A field counts a card's copies: as many as the packs have, and every joker standing for it
# (see `best_play`).  Its top bit is a guard: `(state | _CARD_GUARDS) - vector` keeps every
# guard exactly when `vector` fits in `state`.
_W: Final[int] = max(COPIES + DECK_JOKERS, 1).bit_length() + 1
_FIELD: Final[int] = (1 << _W) - 1
_JOKERS: Final[int] = 56  # the jokers' field
_CARD_MASK: Final[int] = sum(_FIELD << (f * _W) for f in range(4, 57))
_CARD_GUARDS: Final[int] = sum(1 << (f * _W + _W - 1) for f in range(4, 57))
_NONE: Final[int] = -(1 << 62)  # no lay-down meets the rules asked for
_LEAVE: Final[int] = -1
_DISCARD: Final[int] = -2
_NOTHING: Final[int] = -3

Meld = tuple[Card, ...]


class Play:
    """A lay-down the rules allow: `melds` (each in table order), `lay_offs` (pairs of a table
    meld's index and the cards added to it), `left` (the cards kept in hand) and `points` (what
    the melds and lay-offs are worth).  `best_play` also gives `table`, the whole new table, and
    `placed`, the cards it takes from hand.  A Play is falsy when no lay-down meets the rules
    asked for; `reasons` then says why."""

    __slots__ = ("lay_offs", "left", "melds", "ok", "placed", "points", "reasons", "table")

    def __init__(
        self,
        ok: bool,
        melds: tuple[Meld, ...] = (),
        left: Meld = (),
        points: int = 0,
        reasons: tuple[Reason, ...] = (),
        lay_offs: tuple[tuple[int, Meld], ...] = (),
        table: tuple[Meld, ...] = (),
        placed: Meld = (),
    ) -> None:
        self.ok = ok
        self.melds = melds
        self.left = left
        self.points = points
        self.reasons = reasons
        self.lay_offs = lay_offs
        self.table = table
        self.placed = placed

    def __bool__(self) -> bool:
        return self.ok

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values: cards as text (`10♥`), melds as lists of cards."""
        def cards(meld: Iterable[int]) -> list[str]:
            return [str(Card(c)) for c in meld]
        return {"ok": self.ok, "melds": [cards(m) for m in self.melds], "left": cards(self.left),
                "points": self.points, "reasons": [r.to_dict() for r in self.reasons],
                "lay_offs": [[i, cards(c)] for i, c in self.lay_offs],
                "table": [cards(m) for m in self.table], "placed": cards(self.placed)}

    @staticmethod
    def from_dict(data: object) -> Play:
        """The Play `to_dict` wrote; SaveError if `data` is not one."""
        _check_saved(data)
        f = _saved_fields(data, "a play", ("ok", "melds", "left", "points", "reasons", "lay_offs", "table",
                                           "placed"))

        def melds(value: object, where: str) -> tuple[Meld, ...]:
            if not isinstance(value, list):
                raise SaveError(f"{where}: a list of melds, not {value!r}")
            return tuple(_saved_cards(m, f"{where}[{i}]") for i, m in enumerate(value))

        lay_offs = f["lay_offs"]
        if not isinstance(lay_offs, list) or not all(isinstance(x, list) and len(x) == 2 for x in lay_offs):
            raise SaveError(f"a play's lay_offs: a list of [meld index, cards], not {lay_offs!r}")
        reasons = _reasons_from(f["reasons"], "a play's reasons")
        return Play(_saved_bool(f["ok"], "a play's ok"), melds(f["melds"], "a play's melds"),
                    _saved_cards(f["left"], "a play's left"), _saved_int(f["points"], "a play's points"),
                    reasons,
                    tuple((_saved_int(i, "a lay-off's meld index"), _saved_cards(c, "a lay-off's cards"))
                          for i, c in lay_offs),
                    melds(f["table"], "a play's table"), _saved_cards(f["placed"], "a play's placed"))

    def __repr__(self) -> str:
        if not self.ok:
            return f"Play(none: {'; '.join(map(str, self.reasons))})"
        shown = [_show(meld) for meld in self.table or self.melds]
        shown += [f"+{_show(cards)} on meld {index + 1}" for index, cards in self.lay_offs]
        return f"Play({' | '.join(shown) or 'no meld'}; {self.points} points; left {_show(self.left) or '-'})"


_UNIT: Final[tuple[int, ...]] = tuple(1 << ((code or _JOKERS) * _W) for code in range(56))


def _vector(cards: Iterable[int]) -> int:
    return sum(map(_UNIT.__getitem__, cards))


def _lowest(cards: tuple[int, ...]) -> int:
    """The field the search reaches a meld by: its lowest natural card, or the jokers."""
    return min((c for c in cards if c), default=_JOKERS)


# --- the melds a hand can make ------------------------------------------------------------------

_Found = dict[tuple[int, ...], tuple[int, tuple[int, ...]]]  # multiset -> (points, table order)


def _found(found: _Found, meld: tuple[int, ...], opening: bool) -> None:
    """Keeps `meld` if the validator accepts it, under its multiset, at its best points."""
    verdict = _read(meld, opening)
    if verdict.ok:
        key = tuple(sorted(meld))
        held = found.get(key)
        if held is None or verdict.points > held[0]:
            found[key] = (verdict.points, meld)


def _run_position(position: int, group: int) -> tuple[int, ...]:
    """The card codes that may stand at a run position (1 = the ace before the 2, 14 = the
    ace after the king, 15.. round the corner): the run's suit, or any suit."""
    rank = (position - 1) % 13 + 1
    if RUN_SAME_SUIT:
        return (rank * 4 + group,)
    return (rank * 4, rank * 4 + 1, rank * 4 + 2, rank * 4 + 3)


def _runs(counts: dict[int, int] | None, jokers: int, opening: bool, found: _Found,
          longest: int = 14) -> None:
    """Every run the cards can make, up to `longest` cards (`counts` None: every run of the
    deck without a joker); with `jokers`, only runs holding at least one."""
    for group in range(4) if RUN_SAME_SUIT else range(1):
        _group_runs(group, counts, jokers, opening, found, longest)


def _group_runs(group: int, counts: dict[int, int] | None, jokers: int, opening: bool, found: _Found,
                longest: int = 14) -> None:
    """`_runs` of one suit (`group`; 0 for all where a run may mix suits): they need only the
    counts of that suit's cards."""
    first = 1 if ACE_LOW else 2
    last = 26 if WRAP else (14 if ACE_HIGH else 13)
    longest = min(RUN_MAX, longest)
    held = [tuple(c for c in _run_position(p, group) if counts is None or c in counts)
            if p <= last else () for p in range(last + 2)]
    for start in range(first, 14):
        if not held[start] and not jokers:
            continue
        missing = 0
        for end in range(start, min(last, start + longest - 1) + 1):
            if not held[end]:
                missing += 1
                if missing > jokers:
                    break
            if end - start + 1 >= RUN_MIN:
                _fill(held[start:end + 1], missing, jokers, counts, opening, found)


def _fill(held: list[tuple[int, ...]], missing: int, jokers: int, counts: dict[int, int] | None,
          opening: bool, found: _Found) -> None:
    """Every way to lay one run: jokers in the `missing` places and, with jokers to spare, in
    places a card is held for."""
    naturals = [i for i, cards in enumerate(held) if cards]
    for spare in range(0 if not jokers else max(0, 1 - missing), jokers - missing + 1):
        for as_joker in itertools.combinations(naturals, spare):
            places = [() if i in as_joker else cards for i, cards in enumerate(held)]
            for meld in itertools.product(*[p or (0,) for p in places]):
                if meld.count(0) == len(meld):
                    continue
                if len(meld) == 14 and meld[0] and meld[0] == meld[-1] and \
                        (COPIES if counts is None else counts[meld[0]]) < 2:
                    continue  # A..A needs both aces of the suit
                if len(meld) >= 2 * RUN_MIN and _halves(meld, opening):
                    continue  # two shorter runs lay the same cards for the same points
                _found(found, meld, opening)


def _halves(meld: tuple[int, ...], opening: bool) -> bool:
    """Whether the run splits into two valid runs worth as much as it."""
    whole = _read(meld, opening)
    for k in range(RUN_MIN, len(meld) - RUN_MIN + 1):
        head, tail = _read(meld[:k], opening), _read(meld[k:], opening)
        if head.ok and tail.ok and head.kind == tail.kind == "run" and \
                head.points + tail.points == whole.points:
            return True
    return False


def _sets(counts: dict[int, int] | None, jokers: int, opening: bool, found: _Found) -> None:
    """Every set the cards can make (`counts` None: every set of the deck without a joker);
    with `jokers`, only sets holding at least one."""
    for cards in _by_rank(counts):
        if len(cards) + jokers >= SET_MIN:
            _rank_sets(cards, jokers, opening, found)


def _by_rank(counts: dict[int, int] | None) -> list[tuple[int, ...]]:
    """The natural cards a set may take, rank by rank (the ranks held, in order): each card
    once where a set's suits differ, else each copy."""
    by_rank: dict[int, list[int]] = {}
    for card in CARDS:
        count = COPIES if counts is None else counts.get(card, 0)
        if count:
            by_rank.setdefault(card >> 2, []).extend([card] * (1 if SET_DISTINCT_SUITS else count))
    return [tuple(by_rank[rank]) for rank in sorted(by_rank)]


def _rank_sets(cards: tuple[int, ...], jokers: int, opening: bool, found: _Found) -> None:
    """`_sets` of one rank's `cards`."""
    for size in range(1, min(len(cards), SET_MAX) + 1):
        for naturals in sorted(set(itertools.combinations(cards, size))):
            for extra in range(max(1 if jokers else 0, SET_MIN - size), min(jokers, SET_MAX - size) + 1):
                _found(found, naturals + (0,) * extra, opening)


def _jokers_per_meld(jokers: int, opening: bool) -> int:
    """The most jokers one meld can hold, out of `jokers`."""
    if HAS_JOKERS:
        limit = JOKERS_PER_MELD_AT_OPENING if opening else JOKERS_PER_MELD
        if limit is not None:
            return min(jokers, limit)
    return jokers


# The deck's melds with jokers, when one meld holds at most two: listed once (by the field of
# its lowest card: vector, multiset, points, table order) and picked for each hand by what it
# holds, which is far quicker than finding them again in every big hand.
_DECK_JOKER_MELDS: dict[bool, dict[int, list[tuple[int, tuple[int, ...], int, tuple[int, ...]]]]] = {}


def _joker_melds(counts: dict[int, int], opening: bool) -> _Found:
    """The melds of a hand that the deck's own melds (`_universe`) leave out: those with jokers,
    and runs of mixed suits where a game has them."""
    if _UNIVERSE_ONLY and 0 < _jokers_per_meld(DECK_JOKERS, opening) <= 2:
        listed = _DECK_JOKER_MELDS.get(opening)
        if listed is None:
            deck = {card: COPIES for card in CARDS} | {0: DECK_JOKERS}
            found = _find(deck, opening)
            listed = _DECK_JOKER_MELDS[opening] = {}
            for multiset, (points, meld) in sorted(found.items()):
                listed.setdefault(_lowest(multiset), []).append((_vector(multiset), multiset, points, meld))
        high = sum(n << ((c or _JOKERS) * _W) for c, n in counts.items()) | _CARD_GUARDS
        # a meld the hand holds starts at one of its cards: only those melds are looked at
        held = sorted((key, (points, meld)) for c in counts
                      for vector, key, points, meld in listed.get(c or _JOKERS, ())
                      if (high - vector) & _CARD_GUARDS == _CARD_GUARDS)
        return dict(held)  # in the order of the deck's list (by multiset), whatever the hand
    # Found in the cards themselves: a game asks again for the same hand (the referee and its
    # bots do, turn after turn), so the answers are kept, a bounded number of them.
    key = (tuple(sorted(counts.items())), opening)
    kept = _FOUND.get(key)
    if kept is None:
        if len(_FOUND) >= 4096:
            _FOUND.clear()
        one = _UNIVERSE_ONLY and counts.get(0) == 1
        kept = _FOUND[key] = _one_joker_melds(counts, opening) if one else _find(counts, opening)
    return kept


# The deck's melds with one joker, as `_find` finds them in a deck of one joker (vector, place in
# that order, multiset, points, table order), listed by the field of their lowest card.
_Listed = tuple[int, int, tuple[int, ...], int, tuple[int, ...]]
_DECK_ONE_JOKER_MELDS: dict[bool, dict[int, list[_Listed]]] = {}


def _one_joker_melds(counts: dict[int, int], opening: bool) -> _Found:
    """`_find` of a hand holding one joker (where no run mixes suits), picked from the deck's list:
    the melds of the hand are those of the deck that it holds, each laid as the deck's (`_find` meets
    a multiset's layings in the same order in both: suit by suit, run by its first and last place,
    then set by rank), and `_find` meets them in the deck's order, which they keep.  Far quicker
    than finding them again in every hand a joker stays in."""
    listed = _DECK_ONE_JOKER_MELDS.get(opening)
    if listed is None:
        found = _find({card: COPIES for card in CARDS} | {0: 1}, opening)
        listed = _DECK_ONE_JOKER_MELDS[opening] = {}
        for place, (multiset, (points, meld)) in enumerate(found.items()):
            entry = (_vector(multiset), place, multiset, points, meld)
            listed.setdefault(_lowest(multiset), []).append(entry)
    high = sum(n << ((c or _JOKERS) * _W) for c, n in counts.items()) | _CARD_GUARDS
    held = sorted((place, multiset, points, meld) for c in counts
                  for vector, place, multiset, points, meld in listed.get(c or _JOKERS, ())
                  if (high - vector) & _CARD_GUARDS == _CARD_GUARDS)
    return {multiset: (points, meld) for _, multiset, points, meld in held}


_FOUND: dict[tuple[tuple[tuple[int, int], ...], bool], _Found] = _memo({})  # read, never changed


def _find(counts: dict[int, int], opening: bool) -> _Found:
    """`_joker_melds`, found in the cards themselves."""
    jokers = _jokers_per_meld(counts.get(0, 0), opening)
    found: _Found = {}
    if jokers:
        # the same melds in the same order as `_runs` and `_sets` find them, suit by suit and
        # rank by rank: a turn's new card changes one suit's runs and one rank's sets, and the
        # others are kept (`_suit_runs`, `_rank_sets_kept`)
        if HAS_RUN:
            for group in range(4) if RUN_SAME_SUIT else range(1):
                held = tuple(item for item in sorted(counts.items())
                             if item[0] and (not RUN_SAME_SUIT or item[0] & 3 == group))
                _merge(found, _suit_runs(group, held, jokers, opening))
        if HAS_SET:
            for cards in _by_rank(counts):
                if len(cards) + jokers >= SET_MIN:
                    _merge(found, _rank_sets_kept(cards, jokers, opening))
        for size in range(1, jokers + 1):  # jokers alone, where a game allows it
            _found(found, (0,) * size, opening)
    if HAS_RUN and not RUN_SAME_SUIT:
        _runs(counts, 0, opening, found)
    return found


# The runs of one suit and the sets of one rank with jokers, kept (read, never changed)
_SUIT_RUNS: dict[tuple[int, tuple[tuple[int, int], ...], int, bool], _Found] = _memo({})
_RANK_SETS: dict[tuple[tuple[int, ...], int, bool], _Found] = _memo({})


def _suit_runs(group: int, held: tuple[tuple[int, int], ...], jokers: int, opening: bool) -> _Found:
    """`_group_runs` for the suit's cards `held` (card, count), kept."""
    key = (group, held, jokers, opening)
    found = _SUIT_RUNS.get(key)
    if found is None:
        if len(_SUIT_RUNS) >= 4096:
            _SUIT_RUNS.clear()
        found = _SUIT_RUNS[key] = {}
        _group_runs(group, dict(held), jokers, opening, found)
    return found


def _rank_sets_kept(cards: tuple[int, ...], jokers: int, opening: bool) -> _Found:
    """`_rank_sets`, kept."""
    key = (cards, jokers, opening)
    found = _RANK_SETS.get(key)
    if found is None:
        if len(_RANK_SETS) >= 4096:
            _RANK_SETS.clear()
        found = _RANK_SETS[key] = {}
        _rank_sets(cards, jokers, opening, found)
    return found


def _merge(found: _Found, part: _Found) -> None:
    """`part`'s melds added to `found` as `_found` would add them one by one: a multiset already
    there keeps its first meld unless the new one is worth more."""
    for key, value in part.items():
        held = found.get(key)
        if held is None or value[0] > held[0]:
            found[key] = value


def _joined(melds: list[tuple[int, ...]], least: int = 0) -> list[tuple[int, ...]]:
    """The melds with each run that goes on where another ends laid as one run, as a player
    lays them (the search keeps runs short), while at least `least` melds remain."""
    out = list(melds)
    joined = True
    while joined and len(out) > least:
        joined = False
        for i, a in enumerate(out):
            for j, b in enumerate(out):
                if i == j or 0 in a or 0 in b or a[-1] & 3 != b[0] & 3 or (a[-1] >> 2) % 13 + 1 != b[0] >> 2:
                    continue
                both = _read(a + b, False)
                if both.ok and both.kind == "run" and \
                        both.points == _read(a, False).points + _read(b, False).points:
                    out[i] = a + b
                    del out[j]
                    joined = True
                    break
            if joined:
                break
    return out


class _Universe:
    """Every meld of the deck without a joker, by the field the search reaches it by: runs as
    chains, each meld holding the one before it (so the first that does not fit ends the chain),
    and sets (skipped whole when too few cards of their rank are left: see `_RANK_MASK`)."""

    def __init__(self, opening: bool) -> None:
        found: _Found = {}
        if HAS_RUN and RUN_SAME_SUIT:
            # A run of 2 * RUN_MIN cards or more without a joker is two shorter runs with the
            # same cards and points, so the search needs only the shorter ones.  (A..A splits
            # too: it needs the ace after the king, so its upper half is a run as well.)  Round
            # the corner, a half past the king reads from the ace before the 2 (J Q K | A 2 3:
            # the ace counts low): a run, worth as much, only where the ace may be low and each
            # card counts the same on both sides of the corner.
            same = not WRAP or (ACE_LOW and all(RUN_VALUE[p] == RUN_VALUE[p + 13] for p in range(1, 14)))
            _runs(None, 0, opening, found, longest=2 * RUN_MIN - 1 if same else 14)
        if HAS_SET:
            _sets(None, 0, opening, found)
        self.melds: list[tuple[int, ...]] = []
        self.points: list[int] = []
        self.vectors: list[int] = []
        self.chains: list[list[list[int]]] = [[] for _ in range(57)]
        self.sets: list[list[int]] = [[] for _ in range(57)]
        runs: set[int] = set()
        chain_of: dict[tuple[int, int], list[int]] = {}
        for key in sorted(found, key=lambda k: (len(k), k)):
            points, meld = found[key]
            ident = len(self.melds)
            self.melds.append(meld)
            self.points.append(points)
            self.vectors.append(_vector(meld))
            low = _lowest(meld)
            if len({c >> 2 for c in meld}) == 1:  # a set
                self.sets[low].append(ident)
            else:  # a run: chained behind the shorter run from the same first card
                runs.add(ident)
                chain = chain_of.setdefault((low, meld[0]), [])
                if not chain:
                    self.chains[low].append(chain)
                chain.append(ident)
        self.runs = frozenset(runs)  # all clean: the universe holds no joker
        self.whole = frozenset(self.vectors)
        # the same, as vectors only, for the search that needs no more
        self.pairs = ([[[self.vectors[i] for i in chain] for chain in chains] for chains in self.chains],
                      [[self.vectors[i] for i in group] for group in self.sets])


_UNIVERSES: dict[bool, _Universe] = {}


def _universe(opening: bool) -> _Universe:
    universe = _UNIVERSES.get(opening)
    if universe is None:
        universe = _UNIVERSES[opening] = _Universe(opening)
    return universe
