"""The column sweep: the exact best lay-down by dynamic programming over the ranks.

The cards are a grid, a column for each run position (the ace before the 2, the 2, ... the
king, the ace after the king) and a row for each suit.  The sweep takes the columns in order,
the suits of a column one at a time, and keeps every way the cards so far can lie that may
still end in a valid lay-down, summed up in a state: for each suit, the runs still open at
this column (each by its length so far, up to the least a run needs, its natural cards and
its jokers, up to what the rules count), the cards of this rank put aside for sets, the
jokers used, and the counters a lay-down must bring to its goal.  Two ways to the same state
have the same future, so only the better is kept.  This is the dynamic program of van Rijn,
Takes and Vis ("The Complexity of Rummikub Problems", 2015): its work grows with the number of
states, which is bounded by the suits, the copies and the jokers, not with how many ways the
cards of a dense hand can be split into melds (what the search of `search` counts).

Where runs may mix suits, the runs of all suits are one profile: a column's cards of each suit
that go to runs are put aside at their suit's step and laid on the runs at a step of their own
after the four suits.

Where a run may go round the corner (K-A-2), the line of columns closes into a circle.  A run
that crosses from the king to the ace is laid in two parts: its *head* (the ace, the 2, ...: the
cards after the king, swept first) and its *tail* (..., the queen, the king: swept last).  A head
that ends waits in its suit's profile; a tail begun at a later column takes it up, the two
counted as one run, and runs on to the king.  A tail begins past its head's last column, so the
run holds no rank twice.

What a state cannot tell is settled apart: a meld with one natural card and jokers reads as a
run or a set as the rules on such melds say, so it is judged by `_read` itself in every order
(`_solo`), and a meld of jokers alone likewise.  Every meld the sweep lays is judged by `_read`
before it is answered.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from typing import cast

from .cards import _CARD
from .melds import _read, _show
from .rules import (
    ACE_HIGH,
    ACE_TO_ACE,
    COPIES,
    DECK_JOKERS,
    HAND_VALUE,
    HAS_JOKERS,
    HAS_RUN,
    HAS_SET,
    JOKER_FIXED,
    JOKERS_IN_RUNS,
    JOKERS_IN_SETS,
    JOKERS_PER_MELD,
    JOKERS_PER_MELD_AT_OPENING,
    RUN_MAX,
    RUN_MIN,
    RUN_VALUE,
    SET_DISTINCT_SUITS,
    SET_MIN,
    SET_VALUE,
)
from .runs import (
    _CAPPED,
    _CORNER,
    _FIRST,
    _HEAD,
    _LAST,
    _MIXED,
    _NATURALS,
    _RUNS,
    _SET_MOST,
    _TAIL,
    _WAITS,
    _Profile,
    _Runs,
    _Slot,
    _Table,
    _table_slot,
)
from .solver import _JOKERS, _NONE, Play


class _GaveUp(Exception):
    """The sweep took up the budget (less the positions the search took up first) without an answer."""


def _joker_limit(opening: bool) -> int | None:
    if not HAS_JOKERS:
        return 0
    return JOKERS_PER_MELD_AT_OPENING if opening else JOKERS_PER_MELD


_SOLOS: dict[bool, list[list[tuple[int, tuple[int, ...]] | None]]] = {}  # a table of the rules


def _solo(opening: bool) -> list[list[tuple[int, tuple[int, ...]] | None]]:
    """For each natural card (and 0: jokers alone), the best meld it makes with j jokers and no
    other card, by j: (points, the meld as laid), judged by `_read` in every order; None where
    no order is valid.  A table of the rules, built once."""
    table = _SOLOS.get(opening)
    if table is None:
        table = _SOLOS[opening] = []
        for card in range(56):
            best: list[tuple[int, tuple[int, ...]] | None] = [None]
            for jokers in range(1, DECK_JOKERS + 1):
                found: tuple[int, tuple[int, ...]] | None = None
                if card == 0 or card >= 4:
                    for at in range(jokers + 1 if card else 1):
                        meld = (0,) * at + ((card,) if card else ()) + (0,) * (jokers - at)
                        verdict = _read(meld, opening)
                        if verdict.ok and (found is None or verdict.points > found[0]):
                            found = (verdict.points, meld)
                best.append(found)
            table.append(best)
    return table


def _column_of(place: int) -> int:
    """The column of a run's place: past the king, round the corner, a head's column (the ace
    after the king stays column 14 where runs do not go round)."""
    return place - 13 if place > 14 or (_CORNER and place == 14) else place


def _rank(column: int) -> int:
    return column if column <= 13 else column - 13


# What becomes of a state, one suit's cards at one column laid: the suit's profile, the jokers
# taken, cards put aside for runs of mixed suits, for sets, laid off on each table set, kept for
# the ace after the king and owed there, thrown away, kept in hand, melds and clean runs laid (the
# last four only where a goal counts them), room for jokers laid at the end.
_Outcome = tuple[int, int, int, int, tuple[int, ...], int, int, int, int, int, int, int]
# One way from a state: what it adds to the state's int, its gain, whether that is all (the
# option is plain), then what the caller settles
# (cards aside for sets, kept in hand, melds laid, clean runs laid, card thrown, room for jokers
# laid at the end, cards laid off on each table set of the rank) and the plan `_Sweep.laid`
# replays.
_Option = tuple[int, int, bool, int, int, int, int, int, int, tuple[int, ...], tuple[object, ...]]


class _Sweep(_Runs):
    """One sweep over the columns.  `counts`: the natural cards by code; `must`: of them, those
    that must be laid (the table's, for `best_play`); `jokers` and `jokers_must` likewise.
    `objective`: what the sweep makes the most of, as what each card is worth where it goes:
    "points" (its points in its meld, times 1024, and 1 for the card: the most points, then
    the most cards), "cards" (its points, less 1 << 16 for each card left: the fewest cards
    left, then the most points), "deadwood" (less its hand value for each card left) or "tiles"
    (less 1 for each card left).  The goals: `keep` cards left at least, `melds_needed` melds
    laid at least, a run without a joker among them (`clean_run`), one card thrown away
    (`discard`).  `table`: melds on the table the cards may be laid off on.  `budget`: the
    states the sweep may keep, all columns together, before it gives up (`_GaveUp`)."""

    def __init__(self, counts: list[int], must: list[int], jokers: int, jokers_must: int, *,
                 objective: str, opening: bool, keep: int = 0, melds_needed: int = 0,
                 clean_run: bool = False, discard: bool = False,
                 table: tuple[tuple[int, ...], ...] = (), budget: int) -> None:
        self.counts, self.must = counts, must
        self.jokers, self.jokers_must = jokers, jokers_must
        self.objective, self.opening = objective, opening
        self.keep, self.melds_needed, self.clean_run, self.discard = keep, melds_needed, clean_run, discard
        self.budget = budget
        self.limit = _joker_limit(opening)
        self.run_limit = self.limit if JOKERS_IN_RUNS else 0  # the jokers a new run may hold
        # Where a joker is worth the same wherever it lies (the fewest cards left or the least
        # deadwood wanted), no meld has a limit of jokers and a run may fill the whole line of
        # columns: a meld takes only the jokers it needs, and the others go at the end where any
        # meld has room (`room` counts the places), so that the sweep does not try them at every
        # column, where they all come to the same.
        self.absorbs = objective in ("tiles", "deadwood") and self.limit is None and not table \
            and JOKERS_IN_RUNS \
            and not _CAPPED and not _CORNER and (_LAST - _FIRST < 13 or (ACE_TO_ACE and RUN_MAX >= 14))
        # jokers a run counts: up to its limit, else only whether it holds one (for a clean run)
        self.joker_cap = self.limit if self.limit is not None else (1 if clean_run else 0)
        self.solo = _solo(opening)
        self.alone: list[tuple[int, int, int, tuple[int, ...]]] = []
        self.tables = [_Table(i, meld) for i, meld in enumerate(table)]
        self.table_runs = [t for t in self.tables if t.kind == "run"]
        self.table_sets = [t for t in self.tables if t.kind == "set"]
        # the table sets cards of each column may be laid off on (the ace after the king's: none)
        self.sets_at = [[t for t in self.table_sets if t.rank == column and column <= 13]
                        for column in range(16)]
        self._weights()
        self._layout()
        self.profiles: list[_Profile] = [()]
        self.open_runs = [0]  # by profile id: its runs
        self.profile_ids: dict[_Profile, int] = {(): 0}
        self.cache: dict[tuple[int, ...], list[_Option]] = {}
        self.set_cache: dict[tuple[int, ...], list[tuple[int, int, int, int, tuple[int, ...]]]] = {}
        self._bounds()
        self.alone = self._alone()
        # the best worth found so far of each state before each step, and how it was reached
        self.reached: list[dict[int, int]] = [{} for _ in range(len(self.steps) + 2)]
        self.back: list[dict[int, tuple[int, tuple[object, ...]]]] = [{} for _ in range(len(self.steps) + 2)]
        self.last = 0  # the best lay-down's state at the end
        # at the end: melds of jokers alone, jokers kept, jokers laid where there is room
        self.ends: dict[int, tuple[tuple[int, ...], int, int]] = {}
        self.expanded = 0
        self.grown: dict[int, tuple[int, ...]] = {}  # after `laid`: each table meld laid off on, grown
        self.debts: dict[int, int] = {}  # by profile id, column done and suit
        self.whole_debts: dict[int, int] = {}  # by the four profiles and the step
        # before each step, the last column whose cards each suit has laid (times 4, plus the suit)
        self.done: list[tuple[int, ...]] = []
        for column, at_suit in [*self.steps, (_LAST + 1, -1)]:
            self.done.append(tuple((column if at_suit < 0 or suit < at_suit else column - 1) << 2 | suit
                                   for suit in range(4)))

    def _weights(self) -> None:
        """What a card is worth laid at each column, in a set of each rank, and kept in hand."""
        points = self.objective == "points" or self.objective == "cards"
        scale, each = (1024, 1) if self.objective == "points" else (1, 0)
        fixed = JOKER_FIXED

        def worth(value: int) -> int:
            return value * scale + each if points else 0

        # by position: a head's cards lie past the king, at their column plus 13
        self.run_card = [worth(RUN_VALUE[p]) for p in range(27)]
        # What a natural card laid on a run gains there.  A card put aside for runs of mixed suits
        # gains, when put aside (`_rest`), the most a run's card of its column is worth (`aside`:
        # round the corner, in a head too), and here what its place is worth less that.
        self.run_aside = [max(self.run_card[c], self.run_card[c + 13] if _CORNER and c <= 13 else 0)
                          for c in range(15)]
        self.run_natural = [self.run_card[p] - self.run_aside[_column_of(p)] for p in range(27)] \
            if _MIXED else self.run_card
        self.run_joker = [worth(RUN_VALUE[p] if fixed is None else fixed) for p in range(27)]
        self.set_card = [worth(SET_VALUE[r]) for r in range(14)]
        self.set_joker = [worth(SET_VALUE[r] if fixed is None else fixed) for r in range(14)]
        if self.objective == "cards":
            self.left_card, self.left_joker = [-(1 << 16)] * 56, -(1 << 16)
        elif self.objective == "deadwood":
            self.left_card, self.left_joker = [-HAND_VALUE[c] for c in range(56)], -HAND_VALUE[0]
        elif self.objective == "tiles":
            self.left_card, self.left_joker = [-1] * 56, -1
        else:
            self.left_card, self.left_joker = [0] * 56, 0
        self.solo_scale, self.solo_each = (scale, each) if points else (0, 0)

    def _bounds(self) -> None:
        """The steps of the sweep, in order, and the most the cards of each step and after could
        add (`ahead`): the bound the search is guided by, never below what a lay-down gains."""
        ranks_with_sets = {t.rank for t in self.table_sets}
        # (column, suit), (column, _RUNS): runs of mixed suits, or (rank, -1): the sets of a rank
        self.steps: list[tuple[int, int]] = []
        for column in range(1, _LAST + 2):
            if not _MIXED or column <= _LAST:
                self.steps += [(column, suit) for suit in range(4)]
            if _MIXED:
                self.steps.append((column, _RUNS))
            if column <= 13 and (HAS_SET or column in ranks_with_sets):
                self.steps.append((column, -1))
        self.joker_most = max([self.left_joker, *self.run_joker[_FIRST:_LAST + 1],
                               *(self.run_joker[14:] if _CORNER else []),
                               *(self.set_joker[r] for r in range(1, 14) if HAS_SET or r in ranks_with_sets)])
        self.ace_high_most = max(self.run_card[14], *(self.left_card[4 + s] for s in range(4)))
        self.ace_left_most = max(self.left_card[4 + s] for s in range(4))
        self.ahead = [0] * (len(self.steps) + 1)
        for i in range(len(self.steps) - 1, -1, -1):
            column, suit = self.steps[i]
            most = 0
            if suit >= 0 and column <= 13:
                rank = _rank(column)
                code = rank * 4 + suit
                best = [self.left_card[code]]
                if HAS_RUN and column >= _FIRST:
                    best.append(self.run_card[column])
                if _CORNER:
                    best.append(self.run_card[column + 13])
                if column == 1 and self.carries:
                    best.append(self.run_card[14])
                if HAS_SET or rank in ranks_with_sets:
                    best.append(self.set_card[rank])
                most = self.counts[code] * max(best)
            self.ahead[i] = self.ahead[i + 1] + most
        self._stranded()

    def _stranded(self) -> None:
        """Where a card is worth nothing laid and costs its worth kept (the fewest cards or the
        least deadwood wanted, no table melds to lay off on): the cards no meld without a joker
        could hold, from each step on (`lost`: what they cost past the dearest `m`, by m).  Each
        is kept unless a meld with a joker takes it, and one joker saves at most `saves` of them:
        the natural cards of a run between its jokers, or of a set with one, are fewer than a
        meld needs (else they would make one alone); one more where a card is thrown away, and
        a run still open, which may hold a joker laid already, saves the cards after it."""
        self.saves = max(2 * (RUN_MIN - 1) if HAS_RUN else 0, SET_MIN - 1 if HAS_SET else 0, 1)
        self.lost: list[list[int]] = [[0]] * (len(self.steps) + 1)
        if self.objective not in ("tiles", "deadwood") or self.tables or RUN_MIN <= 1 or SET_MIN <= 1:
            return
        counts = self.counts

        def held(column: int, suit: int) -> int:
            if _MIXED:  # a run takes a card of any suit
                return sum(held_of(column, s) for s in range(4))
            return held_of(column, suit)

        def held_of(column: int, suit: int) -> int:
            if _CORNER:  # the columns go round
                return counts[((column - 1) % 13 + 1) * 4 + suit]
            return counts[_rank(column) * 4 + suit] if _FIRST <= column <= _LAST else 0

        def alone(code: int) -> int:
            """The copies of `code` no meld without a joker could hold: each set holding one
            holds other cards of its rank (of other suits where they must differ), each run a
            card of a column next to it, and no two copies the same such card."""
            rank, suit = code >> 2, code & 3
            most = 0
            if HAS_SET:
                at_rank = [counts[rank * 4 + s] for s in range(4)]
                if SET_DISTINCT_SUITS:
                    if sum(1 for n in at_rank if n) >= SET_MIN:
                        most += (sum(at_rank) - at_rank[suit]) // (SET_MIN - 1)
                elif sum(at_rank) >= SET_MIN:
                    most += counts[code]
            if HAS_RUN:
                for column in ((1, 14) if rank == 1 and ACE_HIGH and not _CORNER else (rank,)):
                    if any(all(held(c, suit) for c in range(start, start + RUN_MIN))
                           for start in range(column - RUN_MIN + 1, column + 1)):
                        most += held(column - 1, suit) + held(column + 1, suit)
            return max(0, counts[code] - most)

        costs: list[int] = []
        for i in range(len(self.steps) - 1, -1, -1):
            column, suit = self.steps[i]
            if suit >= 0 and column <= 13:
                code = _rank(column) * 4 + suit
                stranded = alone(code) if counts[code] else 0
                if stranded:
                    costs += [-self.left_card[code]] * stranded
                    costs.sort(reverse=True)
            lost = [0] * (len(costs) + 1)
            for m in range(len(costs) - 1, -1, -1):
                lost[m] = lost[m + 1] + costs[m]
            self.lost[i] = lost

    def _promise(self, key: int, step: int, debt: int = 0) -> int:
        """The most a state's lay-down can still gain from step `step` on, its open runs owing
        `debt` jokers (`_debt`).  An ace kept for the column after the king goes into a run that
        reaches the king, so where its suit lacks cards there, jokers must stand for them: the
        aces that the jokers left can serve are counted laid there, the others kept in hand."""
        spare = self.jokers - (key >> self.jokers_at & 31)
        promise = self.ahead[step] + spare * self.joker_most
        lost = self.lost[step]
        if len(lost) > 1:
            saved = spare * self.saves + self.discard
            used = self.jokers - spare
            if HAS_RUN and used and saved < len(lost):
                # a joker laid in a run still open saves the cards after it: a run a joker each
                runs = self.open_runs
                open_runs = runs[key & 0xFFFF] + runs[key >> 16 & 0xFFFF] + runs[key >> 32 & 0xFFFF] \
                    + runs[key >> 48 & 0xFFFF]
                # (round the corner, the tail of a head that holds one comes later too)
                saved += (2 if _CORNER else 1) * (RUN_MIN - 1) * min(used, open_runs)
            if saved < len(lost):
                promise -= lost[saved]
        if self.carries:
            carried = key >> self.carried_at[0] & 0xFFFF  # the four suits' fields, side by side
            if carried:
                promise += self._aces(key, carried, spare - debt, step)
        return promise

    def _aces(self, key: int, carried: int, free: int, step: int) -> int:
        """The most the aces kept for the column after the king (`carried`: four fields of 4 bits)
        can gain with `free` jokers to stand for the cards their runs lack (`_promise`).  An ace
        may end any run of its suit still open or a table run; past those, a run begun later at
        a natural card, with jokers on each column above the highest such card."""
        column, at_suit = self.steps[step] if step < len(self.steps) else (_LAST + 1, -1)
        costs = []
        for suit in range(4):
            count = carried >> 4 * suit & 15
            if not count:
                continue
            if _MIXED:  # the runs of every suit, which take a column's cards after its four suits
                done = column if at_suit == -1 else column - 1
                runs = len(self.profiles[key >> self.profile_at[0] & 0xFFFF])
            else:
                done = column if at_suit < 0 or suit < at_suit else column - 1
                runs = len(self.profiles[key >> self.profile_at[suit] & 0xFFFF])
            runs += sum(1 for t in self.table_runs if t.suit == suit and t.first > done)
            highest = max((c for c in range(done + 1, 14)
                           if any(self.counts[c * 4 + s] for s in (range(4) if _MIXED else (suit,)))),
                          default=0)
            for copy in range(count):
                costs.append(0 if copy < runs else 13 - highest if highest else 1 << 20)
        gain = 0
        for cost in sorted(costs):
            if cost <= free:
                free -= cost
                gain += self.ace_high_most
            else:
                gain += self.ace_left_most
        return gain

    def _debt(self, key: int, step: int) -> int:
        """The fewest jokers the open runs of a state before step `step` still need: each run
        shorter than a run may be takes a card at each of the next columns until it is long
        enough (and cards laid before a table run, up to it), and where its suit has fewer
        natural cards there than runs take, jokers make up the rest.  A state that needs more
        jokers than are left leads nowhere."""
        if not HAS_RUN:
            return 0
        if _MIXED:
            return self._mixed_debt(key, step)
        # the four suits' profiles together first: states that differ elsewhere share them
        whole = (key & 0xFFFF_FFFF_FFFF_FFFF) << 8 | step
        debt = self.whole_debts.get(whole)
        if debt is not None:
            return debt
        debts, done = self.debts, self.done[step]
        debt = 0
        for suit in range(4):
            pid = key >> 16 * suit & 0xFFFF
            if pid:
                code = pid << 8 | done[suit]
                owed = debts.get(code)
                if owed is None:
                    owed = debts[code] = self._suit_debt(self.profiles[pid], done[suit] >> 2, suit)
                debt += owed
        self.whole_debts[whole] = debt
        return debt

    def _mixed_debt(self, key: int, step: int) -> int:
        """`_debt` where runs mix suits: one profile, whose runs take a column's cards at the
        step after its four suits (a card of any suit there counts)."""
        pid = key >> self.profile_at[0] & 0xFFFF
        if not pid:
            return 0
        column, at_suit = self.steps[step] if step < len(self.steps) else (_LAST + 1, -1)
        done = column if at_suit == -1 else column - 1
        code = pid << 8 | done
        owed = self.debts.get(code)
        if owed is None:
            owed = self.debts[code] = self._suit_debt(self.profiles[pid], done, -1)
        return owed

    def _suit_debt(self, profile: _Profile, done: int, suit: int) -> int:
        demand: dict[int, int] = {}
        for cards, _, _, flags, table in profile:
            if flags & (_HEAD | _WAITS):
                # a head's length is its tail's business; a head waiting needs a tail, which
                # holds a card at the king
                if flags & _WAITS and done < _LAST:
                    demand[_LAST] = demand.get(_LAST, 0) + 1
                continue
            if table % 2:  # cards laid before table run: up to it
                until = self.tables[table // 2].first - 1
            elif table:
                continue
            else:
                until = done + max(0, RUN_MIN - cards)
                if flags & _TAIL:  # a tail runs on to the king
                    until = max(until, _LAST)
            for column in range(done + 1, until + 1):
                demand[column] = demand.get(column, 0) + 1
        debt = 0
        for column, wanted in demand.items():
            if column > _LAST:  # no room left after the run: jokers before it, if it may have them
                if not self.absorbs:
                    return 1 << 20
                debt += wanted
                continue
            rank = _rank(column) if column <= 13 else 1
            if suit < 0:  # runs of mixed suits: a card of any suit
                have = sum(self.counts[rank * 4 + s] for s in range(4))
            else:
                have = self.counts[rank * 4 + suit]
            debt += max(0, wanted - have)
        return debt

    def _layout(self) -> None:
        """The state as one int: a field of bits for each thing it holds."""
        shift = 0

        def field(width: int) -> int:
            nonlocal shift
            shift += width
            return shift - width

        self.profile_at = [field(16) for _ in range(4)] if HAS_RUN else [0, 0, 0, 0]
        self.jokers_at = field(5)
        self.pool_at, self.most_at = field(8), field(5)
        self.to_runs_at = field(5) if _MIXED else 0  # cards put aside for runs of mixed suits
        self.added_at = {t.index: field(4) for t in self.table_sets}
        self.carries = ACE_HIGH and HAS_RUN and not _CORNER
        self.carried_at = [field(4) for _ in range(4)] if self.carries else [0, 0, 0, 0]
        self.owed_at = [field(4) for _ in range(4)] if self.carries else [0, 0, 0, 0]
        self.left_at = field(8)
        self.room_at = field(5)
        self.melds_at = field(8)
        self.clean_at = field(1)
        self.thrown_at = field(1)

    # --- runs (their moves: runs.py) ---------------------------------------------------------------

    def _id(self, profile: _Profile) -> int:
        found = self.profile_ids.get(profile)
        if found is None:
            found = self.profile_ids[profile] = len(self.profiles)
            if found >= 1 << 16:
                raise _GaveUp
            self.profiles.append(profile)
            self.open_runs.append(len(profile))
        return found

    # --- where a column's cards go ------------------------------------------------------------------

    def _options(self, column: int, suit: int, pid: int, spare: int, carried: int, owed: int
                 ) -> list[_Option]:
        """Every way the cards of `suit` at `column` go, from a state whose suit has the profile
        `pid` and `spare` jokers left (at the ace after the king: `carried` aces kept for it, `owed`
        of them to be laid; at the step of runs of mixed suits, `_RUNS`: `carried` cards put aside
        for them, all to be laid): each (what it adds to the state, gain, cards put aside for sets,
        cards kept, melds laid, clean runs laid, 1 for the card thrown away, the cards laid off on
        each table set of this rank, the plan).  Kept by all that: a column meets the same states
        again."""
        key = (column, suit, pid, spare, carried, owed)
        found = self.cache.get(key)
        if found is not None:
            return found
        found = self.cache[key] = []
        runs_only = suit == _RUNS
        code = 0 if runs_only else _rank(column) * 4 + suit
        if runs_only:
            naturals = must = carried
        elif column > _LAST:
            naturals = must = 0
        elif column == 14:
            naturals, must = carried, owed
        else:
            naturals, must = self.counts[code], self.must[code]
        best: dict[_Outcome, tuple[int, tuple[object, ...]]] = {}
        if _MIXED and not runs_only:  # the runs take their cards at their own step
            moves: list[tuple[tuple[_Slot, ...], int, int, int, int, int, int, tuple[object, ...] | None]] = [
                (self.profiles[pid], 0, 0, 0, 0, 0, 0, None)]
        else:
            moves = [*self._run_moves(self.profiles[pid], naturals, spare, column, max(suit, 0))]
        nothing_else = [(0, 0, (), (), 0, 0, 0, 0)]
        for slots, used, taken, gain, ended, clean, room, runs in moves:
            if runs_only and used < naturals:
                continue  # every card put aside for the runs is laid on them
            pid_after = self._id(slots)
            rest = nothing_else if runs_only else \
                self._rest(naturals - used, spare - taken, column, suit, code)
            for to_runs, pooled, solos, tabled, carry, thrown, left, more_gain in rest:
                placed = used + to_runs + pooled + len(solos) + sum(tabled)
                if placed + carry < must:
                    continue
                jokers = taken + sum(solos)
                melds = ended + len(solos)
                outcome = (pid_after, jokers, to_runs, pooled, tabled, carry,
                           max(0, must - placed) if carry else 0, thrown, left if self.keep else 0,
                           min(melds, self.melds_needed), min(clean, 1) if self.clean_run else 0,
                           min(room, self.jokers))
                value = gain + more_gain
                if outcome not in best or value > best[outcome][0]:
                    best[outcome] = (value, (runs, pooled, solos, tabled, carry, thrown, left, to_runs))
        sets = [] if runs_only else self.sets_at[column]
        at = self.profile_at[max(suit, 0)]
        for outcome, (value, plan) in best.items():
            pid_after, jokers, to_runs, pooled, tabled, carry, owed_after, thrown, left, melds, clean, room \
                = outcome
            delta = ((pid_after - pid) << at) + (jokers << self.jokers_at) + (pooled << self.pool_at) \
                + (to_runs << self.to_runs_at)
            if runs_only:
                delta -= carried << self.to_runs_at
            elif column == 1 and self.carries:
                delta += (carry << self.carried_at[suit]) + (owed_after << self.owed_at[suit])
            elif column == 14 and self.carries:
                delta -= (carried << self.carried_at[suit]) + (owed << self.owed_at[suit])
            for t, added in zip(sets, tabled, strict=True):
                delta += added << self.added_at[t.index]
            plain = not (pooled or (left and self.keep) or (melds and self.melds_needed)
                         or (clean and self.clean_run) or thrown or room or tabled)
            found.append((delta, value, plain, pooled, left, melds, clean, thrown, room, tabled, plan))
        return found

    def _rest(self, naturals: int, spare: int, column: int, suit: int, code: int
              ) -> Iterator[tuple[int, int, tuple[int, ...], tuple[int, ...], int, int, int, int]]:
        """Where the natural cards no run takes go: put aside for runs of mixed suits, put aside
        for sets, each in a meld with jokers judged whole, laid off on a table set, kept for the
        ace after the king, thrown away, or kept in hand: (for runs, aside, the jokers of each
        meld judged whole, laid off on each table set, kept for later, thrown, kept, gain)."""
        if _MIXED and (1 if _CORNER else _FIRST) <= column <= _LAST:  # (a head's ace: column 1)
            for to_runs in range(naturals + 1):
                for rest in self._rest_of(naturals - to_runs, spare, column, suit, code):
                    yield (to_runs, *rest[:-1], rest[-1] + to_runs * self.run_aside[column])
            return
        for rest in self._rest_of(naturals, spare, column, suit, code):
            yield (0, *rest)

    def _rest_of(self, naturals: int, spare: int, column: int, suit: int, code: int
                 ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], int, int, int, int]]:
        rank = _rank(column)
        here = column <= 13
        sets = [t for t in self.table_sets if t.rank == rank and here]
        for pooled in range(naturals + 1 if HAS_SET and here else 1):
            for solos, _, solo_gain in self._solos(naturals - pooled, spare, code if here else 0):
                rest = naturals - pooled - len(solos)
                for tabled in self._lay_offs(sets, suit, rest):
                    after = rest - sum(tabled)
                    for carry in range(after + 1 if column == 1 and self.carries else 1):
                        for thrown in range(min(1, after - carry) + 1 if self.discard else 1):
                            left = after - carry - thrown
                            gain = (pooled + sum(tabled)) * self.set_card[rank] + solo_gain \
                                + left * self.left_card[code]
                            yield pooled, solos, tabled, carry, thrown, left, gain

    def _solos(self, naturals: int, spare: int, code: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
        """Every way to lay some of `naturals` copies of `code` each in a meld with jokers alone
        (judged whole, `_solo`): (the jokers of each, jokers used, gain)."""
        yield (), 0, 0
        if not code or not naturals or not spare:
            return
        options = [(j, found[0]) for j, found in enumerate(self.solo[code])
                   if found is not None and j <= spare]

        def pick(start: int, left: int, jokers: int, chosen: tuple[int, ...], gain: int
                 ) -> Iterator[tuple[tuple[int, ...], int, int]]:
            for i in range(start, len(options)):
                j, points = options[i]
                if j <= jokers:
                    worth = points * self.solo_scale + (1 + j) * self.solo_each
                    yield (*chosen, j), spare - jokers + j, gain + worth
                    if left > 1:
                        yield from pick(i, left - 1, jokers - j, (*chosen, j), gain + worth)

        yield from pick(0, naturals, spare, (), 0)

    def _lay_offs(self, sets: list[_Table], suit: int, naturals: int) -> Iterator[tuple[int, ...]]:
        """How many of `naturals` to lay off on each table set of this rank: a set of distinct
        suits takes a suit it lacks, once; else a card as often as the packs have it."""
        if not sets:
            yield ()
            return
        first, rest = sets[0], sets[1:]
        most = (0 if first.suits[suit] else 1) if SET_DISTINCT_SUITS else max(0, COPIES - first.suits[suit])
        for here in range(min(most, naturals, first.room) + 1):
            for more in self._lay_offs(rest, suit, naturals - here):
                yield (here, *more)

    # --- sets ------------------------------------------------------------------------------------

    def _set_options(self, rank: int, total: int, most: int, spare: int, added: tuple[int, ...]
                     ) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
        """Every way the `total` natural cards put aside at `rank` (at most `most` of one suit)
        make sets, with jokers, and jokers join the table sets of this rank (which got `added`
        cards): (jokers, sets laid, gain, room for jokers laid at the end, the jokers of each
        table set)."""
        key = (rank, total, most, spare, *added)
        out = self.set_cache.get(key)
        if out is None:
            out = self.set_cache[key] = []
            tables = [t for t in self.table_sets if t.rank == rank]
            for jokers, count, room in self._new_sets(total, most, spare):
                for extra in self._table_jokers(tables, added, spare - jokers):
                    used = jokers + sum(extra)
                    out.append((used, count, used * self.set_joker[rank], room, extra))
        return out

    def _new_sets(self, total: int, most: int, spare: int) -> list[tuple[int, int, int]]:
        """(jokers, sets, room for jokers laid at the end) for every number of sets the cards can
        make with some jokers: the cards dealt out evenly (the most even split fits whenever any
        split does: it needs the fewest jokers and takes the most), one card of each suit a set at
        most where suits differ.  Where the sweep `absorbs` jokers, the fewest they need."""
        if not total:
            return [(0, 0, 0)]
        limit = self.limit if JOKERS_IN_SETS else 0  # `only_in runs`: a set takes no joker
        copies = 1 if SET_DISTINCT_SUITS else COPIES

        def room(size: int) -> int:  # the jokers a set of `size` natural cards may take
            return _SET_MOST - size if limit is None else min(limit, _SET_MOST - size)

        out = []
        for count in range(1, total // _NATURALS + 1):
            if most > copies * count:
                continue
            small, big = total // count, -(-total // count)
            if big > _SET_MOST or (limit is not None and SET_MIN - small > limit):
                continue
            bigs = total - small * count
            least = (count - bigs) * max(0, SET_MIN - small) + bigs * max(0, SET_MIN - big)
            most_jokers = (count - bigs) * room(small) + bigs * room(big)
            if self.absorbs and least <= spare:
                out.append((least, count, most_jokers - least))
                continue
            for jokers in range(least, min(most_jokers, spare) + 1):
                out.append((jokers, count, 0))
        if not self.melds_needed:  # the number of sets counts for nothing: one of each joker count
            seen: dict[int, tuple[int, int, int]] = {}
            for jokers, count, left_room in out:
                if jokers not in seen or left_room > seen[jokers][2]:
                    seen[jokers] = (jokers, count, left_room)
            out = list(seen.values())
        return out

    def _table_jokers(self, tables: list[_Table], added: tuple[int, ...], spare: int
                      ) -> Iterator[tuple[int, ...]]:
        if not tables:
            yield ()
            return
        first, rest = tables[0], tables[1:]
        limit = JOKERS_PER_MELD if JOKERS_IN_SETS else 0
        most = first.room - added[0]
        if limit is not None:
            most = min(most, limit - first.jokers)
        for here in range(max(0, min(most, spare)) + 1):
            for more in self._table_jokers(rest, added[1:], spare - here):
                yield (here, *more)

    # --- the search over the states ------------------------------------------------------------------

    def solve(self) -> int:
        """The best worth of a lay-down that meets the goals, or _NONE (`laid` then lays it).
        The states are taken up best first, by their worth so far with the most the cards still to
        come could add (`_promise`, never less than they do add): the first to come out past
        the last step is the best lay-down, and a state that promises less than it is never
        taken up.  `_GaveUp` past `budget` states taken up."""
        last = len(self.steps)
        heap = [(-self._promise(0, 0), 0, 0, 0, 0, 0, 0)]  # (-bound, -step, debt, order, step, state, worth)
        self.reached[0][0] = 0
        order = 0
        pop, push, debt_of, promise = heapq.heappop, heapq.heappush, self._debt, self._promise
        jokers, jokers_at, budget = self.jokers, self.jokers_at, self.budget
        # room for jokers laid at the end counts only up to the jokers not yet laid (they only
        # grow fewer): states that differ above that are one state
        absorbs, room_at = self.absorbs, self.room_at
        while heap:
            _, _, _, _, step, key, value = pop(heap)
            if value < self.reached[step][key]:
                continue  # reached since with more
            if step > last:
                self.last = key
                return value
            self.expanded += 1
            if self.expanded > budget:
                raise _GaveUp
            if step == last:
                ending = self._ending(key, value)
                if ending is not None:
                    worth, self.ends[key] = ending
                    self.reached[last + 1][key] = worth
                    order += 1
                    heapq.heappush(heap, (-worth, -last - 1, 0, order, last + 1, key, worth))
                continue
            column, suit = self.steps[step]
            moves = self._suit_moves(key, column, suit) if suit != -1 else self._set_moves(key, column)
            reached, back = self.reached[step + 1], self.back[step + 1]
            after = step + 1
            for new, gain, plan in moves:
                worth = value + gain
                spare = jokers - (new >> jokers_at & 31)
                if absorbs and (new >> room_at & 31) > spare:
                    new -= ((new >> room_at & 31) - spare) << room_at
                if worth > reached.get(new, _NONE):
                    debt = debt_of(new, after)
                    if debt > spare:
                        continue
                    reached[new] = worth
                    back[new] = (key, plan)
                    order += 1
                    push(heap, (-worth - promise(new, after, debt), -after, debt, order, after, new, worth))
        return _NONE

    def _suit_moves(self, key: int, column: int, suit: int) -> Iterator[tuple[int, int, tuple[object, ...]]]:
        """Every state `key` leads to once the cards of `suit` at `column` are laid: (state,
        gain, plan)."""
        jokers_at, most_at = self.jokers_at, self.most_at
        keep, needed = self.keep, self.melds_needed
        if suit == _RUNS:  # runs of mixed suits take the cards put aside for them
            pid = key >> self.profile_at[0] & 0xFFFF
            carried = owed = key >> self.to_runs_at & 31
            sets = []
        else:
            pid = 0 if _MIXED else key >> self.profile_at[suit] & 0xFFFF  # (mixed: no run moves here)
            ace_high = column == 14 and self.carries
            carried = key >> self.carried_at[suit] & 15 if ace_high else 0
            owed = key >> self.owed_at[suit] & 15 if ace_high else 0
            sets = self.sets_at[column]
        for delta, gain, plain, most, left, melds, clean, thrown, room, tabled, plan in self._options(
                column, suit, pid, self.jokers - (key >> jokers_at & 31), carried, owed):
            new = key + delta
            if plain:
                yield new, gain, plan
                continue
            if most > (new >> most_at & 31):
                new += (most - (new >> most_at & 31)) << most_at
            if tabled and any((new >> self.added_at[t.index] & 15) > t.room for t in sets):
                continue
            if left and keep:
                held = new >> self.left_at & 255
                new += (min(keep, held + left) - held) << self.left_at
            if melds and needed:
                laid = new >> self.melds_at & 255
                new += (min(needed, laid + melds) - laid) << self.melds_at
            if clean and self.clean_run:
                new |= 1 << self.clean_at
            if thrown:
                if new >> self.thrown_at & 1:
                    continue
                new |= 1 << self.thrown_at
            if room:
                held = new >> self.room_at & 31
                new += (min(self.jokers, held + room) - held) << self.room_at
            yield new, gain, plan

    def _set_moves(self, key: int, rank: int) -> Iterator[tuple[int, int, tuple[object, ...]]]:
        """Every state `key` leads to once the cards put aside at `rank` are laid in sets and
        jokers join the sets: (state, gain, plan)."""
        tables = [t for t in self.table_sets if t.rank == rank]
        total, most = key >> self.pool_at & 255, key >> self.most_at & 31
        added = tuple(key >> self.added_at[t.index] & 15 for t in tables)
        base = key - (total << self.pool_at) - (most << self.most_at) \
            - sum(n << self.added_at[t.index] for t, n in zip(tables, added, strict=True))
        spare = self.jokers - (key >> self.jokers_at & 31)
        for jokers, count, gain, room, extra in self._set_options(rank, total, most, spare, added):
            new = base + (jokers << self.jokers_at)
            if count and self.melds_needed:
                laid = new >> self.melds_at & 255
                new += (min(self.melds_needed, laid + count) - laid) << self.melds_at
            if room:
                held = new >> self.room_at & 31
                new += (min(self.jokers, held + room) - held) << self.room_at
            yield new, gain, (jokers - sum(extra), count, extra)

    def _ending(self, key: int, value: int) -> tuple[int, tuple[tuple[int, ...], int, int]] | None:
        """The best worth of a state at the end, every goal met, and how it ends: the jokers not
        laid kept (or thrown away, or laid in melds of jokers alone where the rules allow them, or
        where melds have room for them when the sweep `absorbs` jokers): (worth, (the size of each
        meld of jokers alone, jokers kept, jokers laid where there is room)); None where no way
        meets the goals."""
        spare = self.jokers - (key >> self.jokers_at & 31)
        room = key >> self.room_at & 31
        best: tuple[int, tuple[tuple[int, ...], int, int]] | None = None
        for laid, melds, gain, parts, absorbed in ((*alone, absorbed) for alone in self.alone
                                                   for absorbed in range(min(room, spare) + 1)):
            if laid + absorbed > spare:
                continue
            kept = spare - laid - absorbed
            thrown = key >> self.thrown_at & 1
            worth = value + gain + kept * self.left_joker
            if self.discard and not thrown and kept:
                kept, thrown, worth = kept - 1, 1, worth - self.left_joker
            if self.objective == "tiles" and kept > self.jokers - self.jokers_must:
                continue
            if (key >> self.left_at & 255) + kept < self.keep \
                    or (key >> self.melds_at & 255) + melds < self.melds_needed \
                    or (self.clean_run and not key >> self.clean_at & 1) or thrown != self.discard:
                continue
            if best is None or worth > best[0]:
                best = (worth, (parts, kept, absorbed))
        return best

    def _alone(self) -> list[tuple[int, int, int, tuple[int, ...]]]:
        """Every way to lay jokers in melds of jokers alone (where the rules allow such melds):
        (jokers laid, melds, gain, the size of each meld), the best gain for each."""
        sizes = [(j, found[0] * self.solo_scale + j * self.solo_each)
                 for j, found in enumerate(self.solo[0]) if j and found is not None]
        best: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
        for laid in range(1, self.jokers + 1):
            for size, worth in sizes:
                for (before, melds), (gain, parts) in list(best.items()):
                    key = (laid, min(melds + 1, max(1, self.melds_needed)))
                    if before + size == laid and gain + worth > best.get(key, (_NONE, ()))[0]:
                        best[key] = (gain + worth, (*parts, size))
        return [(laid, melds, gain, parts) for (laid, melds), (gain, parts) in best.items()]

    # --- the lay-down found ------------------------------------------------------------------------

    def laid(self) -> tuple[list[tuple[int, ...]], list[tuple[int, tuple[int, ...]]], list[int]]:
        """The lay-down `solve` found: its new melds (each as laid: a run in order, a joker at
        its place), its lay-offs (a table meld's index and the cards added, sorted) and the
        cards kept (jokers last).  Each step is replayed from the plan kept for it."""
        key = self.last
        parts, kept_jokers, absorbed = self.ends[key]
        plans: list[tuple[object, ...]] = []
        for step in range(len(self.steps), 0, -1):
            key, plan = self.back[step][key]
            plans.append(plan)
        plans.reverse()
        replay = _Replay(self)
        for (column, suit), plan in zip(self.steps, plans, strict=True):
            if suit == -1:
                replay.sets(column, plan)
            else:
                replay.suit(column, suit, plan)
        for size in parts:
            replay.melds.append(self.solo[0][size][1])  # type: ignore[index]
        replay.absorb(absorbed)
        replay.left += [0] * kept_jokers
        lay_offs = replay.lay_offs()
        self.grown = replay.grown
        return replay.melds, lay_offs, replay.left


def _sweeps_table(table: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the sweep can lay off on these table melds: each holds a natural card (a meld of
    jokers alone has no place on the line of columns), and round the corner none is a run (a
    table run's cards may go on past the king, which the sweep does not follow), nor where runs
    mix suits (the sweep's runs of mixed suits are its own)."""
    return all(any(meld) and not ((_CORNER or _MIXED) and _read(meld, False).kind == "run") for meld in table)


def _many_runs(cards: tuple[int, ...], limit: int) -> bool:
    """Whether the runs of mixed suits `cards` can make pass `limit`, counted as the search lists
    them (at each place one of the natural cards there, or a joker, as many as the cards hold and
    a meld may take): past the positions it may take up, the search would spend longer listing
    its melds (their number grows as the suits to the power of a run's length) than the sweep
    takes to answer, so it is not asked."""
    if not _MIXED:
        return False
    cards_at = [0] * 16  # the different natural cards of each place
    for card in set(cards):
        if card:
            cards_at[card >> 2] += 1
    cards_at[14] = cards_at[1] if ACE_HIGH else 0
    if _CORNER:  # round the corner: the king, the ace, the 2 ...
        cards_at = cards_at[:14] + cards_at[1:14]
    jokers = cards.count(0)
    limit_per_meld = JOKERS_PER_MELD
    if limit_per_meld is not None:
        jokers = min(jokers, limit_per_meld)
    listed = 0
    for start in range(_FIRST, _LAST + 1):
        ways = [1] + [0] * jokers  # the runs from `start` so far, by the jokers they hold
        for end in range(start, min(start + 12, len(cards_at) - 1) + 1 if _CORNER else _LAST + 1):
            here = cards_at[end]
            ways = [ways[0] * here] + [ways[k] * here + ways[k - 1] for k in range(1, jokers + 1)]
            if not any(ways):
                break
            if end - start + 1 >= RUN_MIN:
                listed += sum(ways)
                if listed > limit:
                    return True
    return False


def _counted(cards: tuple[int, ...]) -> list[int]:
    counts = [0] * 56
    for card in cards:
        if card:
            counts[card] += 1
    return counts


def _swept_lay_down(hand: tuple[int, ...], *, table: tuple[tuple[int, ...], ...], opening: bool,
                    objective: str, keep: int, melds_needed: int, clean_run: bool, budget: int) -> Play:
    """`_lay_down` (search.py) answered by the sweep: the same question, the same Play."""
    sweep = _Sweep(_counted(hand), [0] * 56, hand.count(0), 0, objective=objective, opening=opening,
                   keep=keep, melds_needed=melds_needed, clean_run=clean_run, table=table, budget=budget)
    if sweep.solve() <= _NONE // 2:
        return Play(False)
    melds, lay_offs, left = sweep.laid()
    points = 0
    for meld in melds:
        verdict = _read(meld, opening)
        if not verdict.ok:
            raise AssertionError(f"the sweep laid {_show(meld)}, which the rules refuse")
        points += verdict.points
    laid_off = []
    for index, added in lay_offs:
        before = _read(table[index], False)
        grown = sweep.grown[index]
        after = _read(grown, False, before.kind)
        if not after.ok:
            raise AssertionError(f"the sweep laid off {_show(added)} on {_show(table[index])}, "
                                 "which the rules refuse")
        points += after.points - before.points
        laid_off.append((index, tuple(_CARD[c] for c in added)))
    return Play(True, tuple(tuple(_CARD[c] for c in meld) for meld in _sorted_melds(melds)),
                tuple(_CARD[c] for c in sorted(left, key=lambda c: c or _JOKERS)), points,
                lay_offs=tuple(laid_off))


def _sorted_melds(melds: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The melds in a fixed order: by their lowest natural card, sets before runs of it."""
    return sorted(melds, key=lambda meld: (min((c for c in meld if c), default=_JOKERS),
                                           len({c >> 2 for c in meld if c}) == 1, meld))


def _swept_deadwood(hand: tuple[int, ...], discard: bool, budget: int) -> int:
    """`min_deadwood` (search.py) answered by the sweep."""
    sweep = _Sweep(_counted(hand), [0] * 56, hand.count(0), 0, objective="deadwood", opening=False,
                   discard=discard, budget=budget)
    return -sweep.solve()


def _swept_table(cards: tuple[int, ...], table: tuple[int, ...], budget: int) -> list[tuple[int, ...]] | None:
    """The melds of a new table that lays every card of `table` (the cards on the table) and
    the most of the rest of `cards` (the hand); None where the table's cards alone make no valid
    melds.  For `best_play` (table.py)."""
    must = _counted(table)
    sweep = _Sweep(_counted(cards), must, cards.count(0), table.count(0), objective="tiles", opening=False,
                   budget=budget)
    if sweep.solve() <= _NONE // 2:
        return None
    return sweep.laid()[0]


class _Replay:
    """A lay-down the sweep found, laid again step by step from the plans it kept."""

    def __init__(self, sweep: _Sweep) -> None:
        self.sweep = sweep
        # each suit's open runs: [slot, cards as laid, its table meld's index or -1, cards laid before it]
        self.runs: list[list[list[object]]] = [[], [], [], []]
        self.pool: list[int] = []
        self.to_runs: list[int] = []  # a column's cards put aside for runs of mixed suits
        self.added: dict[int, list[int]] = {}
        self.melds: list[tuple[int, ...]] = []
        self.left: list[int] = []
        self.grown: dict[int, tuple[int, ...]] = {}  # each table meld laid off on, as it becomes

    def suit(self, column: int, suit: int, plan: tuple[object, ...]) -> None:
        runs_plan, pooled, solos, tabled, _carry, _thrown, left, to_runs = plan
        assert isinstance(pooled, int) and isinstance(tabled, tuple) and isinstance(left, int)
        assert isinstance(to_runs, int)
        if suit == _RUNS:  # runs of mixed suits take the cards put aside for them, in turn
            self._runs(column, 0, runs_plan, self.to_runs.pop)
            return
        sweep = self.sweep
        code = _rank(column) * 4 + suit
        if runs_plan is not None:
            self._runs(column, suit, runs_plan, lambda: code)
        self.to_runs += [code] * to_runs
        self.pool += [code] * pooled
        for jokers in cast("tuple[int, ...]", solos):
            self.melds.append(sweep.solo[code][jokers][1])  # type: ignore[index]
        sets = [t for t in sweep.table_sets if t.rank == _rank(column) and column <= 13]
        for t, count in zip(sets, tabled, strict=True):
            self.added.setdefault(t.index, []).extend([code] * count)
        self.left += [code] * left

    def _runs(self, column: int, suit: int, runs_plan: object, card: Callable[[], int]) -> None:
        """The open runs of `suit` at `column` as the plan says, each natural card laid being
        `card()`."""
        prepended, moves, new = cast(
            "tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[_Slot, int, _Slot | None], ...]]", runs_plan)
        sweep = self.sweep
        runs = self.runs[suit]
        arriving = [t for t in sweep.table_runs if t.suit == suit and t.first == column]
        for t, jokers in zip(arriving, prepended, strict=True):
            laid = next((run for run in runs if cast(_Slot, run[0])[4] == 2 * t.index + 1), None)
            if laid is not None:
                runs.remove(laid)
                before = cast("list[int]", laid[1])
                slot = _table_slot(t, cast(_Slot, laid[0]))
            else:
                before = [0] * jokers
                slot = _table_slot(t, (jokers, 0, jokers, 0, 0) if jokers else None)
            runs.append([slot, [*before, *t.cards], t.index, len(before)])
        runs.sort(key=lambda run: cast(_Slot, run[0]))
        kept = []
        for run, move in zip(runs, moves, strict=True):
            if move < 0:
                cards = cast("list[int]", run[1])
                jokers = -1 - move
                after = min(jokers, _LAST - column + 1) if sweep.absorbs else jokers
                run[1] = [0] * (jokers - after) + cards + [0] * after
                if cast(_Slot, run[0])[3] & _HEAD:  # it waits for its tail
                    run[0] = sweep._waiting(cast(_Slot, run[0]), column, jokers)
                    kept.append(run)
                elif cast(_Slot, run[0])[3] & _WAITS:  # its tail is jokers alone, before the ace
                    run[1] = [0] * jokers + cards
                    self._end(run)
                else:
                    self._end(run)
                continue
            if move < 3:
                run[0] = sweep._on(cast(_Slot, run[0]), column, move == 2)
                cast("list[int]", run[1]).append(card() if move == 1 else 0)
            kept.append(run)
        for slot, jokers, head in new:
            if slot[3] & _WAITS:  # a head of jokers alone
                kept.append([slot, [0] * jokers, -1, 0])
                continue
            if head is not None and not head[4]:  # A..A round the corner: both aces here
                first = [card()] if slot[1] > head[1] else [0]
                kept.append([slot, first, -1, 0, [card()] if head[1] else [0]])
                continue
            run = [slot, [0] * jokers + [card()], slot[4] // 2 if slot[4] else -1, 0]
            if head is not None:  # the tail keeps its head's cards, laid after the king
                waits = next(r for r in kept if r[0] == head)
                kept.remove(waits)
                run.append(waits[1])
            kept.append(run)
        self.runs[suit] = kept

    def _end(self, run: list[object]) -> None:
        cards = cast("list[int]", run[1])
        index = cast(int, run[2])
        if index < 0:
            head = cast("list[int]", run[4]) if len(run) > 4 else []  # a tail's head, round the corner
            self.melds.append(tuple(cards + head))
            return
        before = cast(int, run[3])
        table = self.sweep.tables[index].cards
        if cast(_Slot, run[0])[4] % 2:  # cards laid before a table run that never reached it
            raise AssertionError("a run laid before a table meld ended short of it")
        added = cards[:before] + cards[before + len(table):]
        if added:
            self.added.setdefault(index, []).extend(added)
            self.grown[index] = tuple(cards)

    def sets(self, rank: int, plan: tuple[object, ...]) -> None:
        jokers, count, extra = plan
        assert isinstance(jokers, int) and isinstance(count, int) and isinstance(extra, tuple)
        sweep = self.sweep
        if count:
            groups: list[list[int]] = [[] for _ in range(count)]
            for i, card in enumerate(sorted(self.pool)):  # a suit's copies go to different sets
                groups[i % count].append(card)
            limit = sweep.limit if JOKERS_IN_SETS else 0
            for _ in range(jokers):  # each joker to the set that most lacks one, then the smallest
                open_sets = [g for g in groups
                             if len(g) < _SET_MOST and (limit is None or g.count(0) < limit)]
                target = min(open_sets, key=lambda g: (len(g) >= SET_MIN, len(g)))
                target.append(0)
            self.melds += [tuple(g) for g in groups]
        self.pool = []
        tables = [t for t in sweep.table_sets if t.rank == rank]
        for t, more in zip(tables, extra, strict=True):
            if more:
                self.added.setdefault(t.index, []).extend([0] * more)

    def absorb(self, jokers: int) -> None:
        """`jokers` laid where melds have room for them (`_Sweep.absorbs`): each where the first
        meld that takes one still reads as valid, after a run's last card or before its first."""
        opening = self.sweep.opening
        for _ in range(jokers):
            for i, meld in enumerate(self.melds):
                grown = next((m for m in ((*meld, 0), (0, *meld)) if _read(m, opening).ok), None)
                if grown is not None:
                    self.melds[i] = grown
                    break
            else:
                raise AssertionError("no meld had room for a joker the sweep counted room for")

    def lay_offs(self) -> list[tuple[int, tuple[int, ...]]]:
        for t in self.sweep.table_sets:
            if self.added.get(t.index):
                self.grown[t.index] = (*t.cards, *sorted(self.added[t.index], key=lambda c: c or _JOKERS))
        return [(index, tuple(sorted(cards))) for index, cards in sorted(self.added.items()) if cards]
