"""The runs of the sweep over the columns (columns.py): a run still open at a column as the
sweep counts it (its slot), and every way the open runs go on, end and begin there.

A slot counts what a run's future needs: its cards (up to the least a run needs, or exactly
where the rules cap runs or the run lies on the table), its natural cards, its jokers and its
flags.  Round the corner (K-A-2) a run is laid in two parts: its head (the ace, the 2, ...,
swept first) waits once it has ended, and a tail begun at a later column takes it up and runs
on to the king; A..A is a tail that takes up its head at once, both aces at the first column.
`_Runs` holds the moves; `_Sweep` (columns.py) the states they lead to.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, cast

from .melds import _read
from .rules import (
    ACE_HIGH,
    ACE_LOW,
    ACE_TO_ACE,
    HAS_RUN,
    JOKERS_IN_RUNS,
    JOKERS_PER_MELD,
    MIN_NATURAL,
    RUN_MAX,
    RUN_MIN,
    RUN_SAME_SUIT,
    SET_CLOSED_AT,
    SET_DISTINCT_SUITS,
    SET_MAX,
    WRAP,
)

# Runs go round the corner: a run may pass from the king to the ace (the ace high, as `_run` asks).
_CORNER: Final[bool] = HAS_RUN and WRAP and ACE_HIGH
# The jokers a run may hold: none where jokers go in sets only (`only_in sets`).
_RUN_JOKERS_PER_MELD: Final[int | None] = JOKERS_PER_MELD if JOKERS_IN_RUNS else 0
# Round the corner, the 14-card run A..A: it begins and ends at the first column (`_whole_line`).
_WHOLE_LINE: Final[bool] = _CORNER and ACE_LOW and ACE_TO_ACE and RUN_MAX >= 14
# Runs of mixed suits: a run takes a card of any suit at each column.  The cards of each suit
# that go to runs are put aside at their suit's step (worth then the most a run's card of the
# column is), and a step of their own after the four suits of a column (`_RUNS`) lays them on
# the runs, which are one profile for all the suits.
_MIXED: Final[bool] = HAS_RUN and not RUN_SAME_SUIT
_RUNS: Final[int] = -2  # the step of a column at which runs of mixed suits take their cards
_FIRST: Final[int] = 1 if ACE_LOW else 2  # the lowest position a run may begin at
# the highest column: the ace after the king, or the king (round the corner, the ace after the
# king is the ace of column 1, in a head)
_LAST: Final[int] = 14 if ACE_HIGH and not _CORNER else 13
# A run's length is counted up to the least it needs; exactly, where the rules cap it below the
# thirteen ranks (a longer run then cannot be laid as two).
_CAPPED: Final[bool] = RUN_MAX < 13
_LONG: Final[int] = RUN_MAX if _CAPPED else RUN_MIN
# A run begun with the ace before the 2 is told apart only where it may not reach the ace after
# the king (A..A), and its length is not counted exactly anyway.
_ACE_COUNTS: Final[bool] = ACE_HIGH and not _CORNER and not _CAPPED and not (ACE_TO_ACE and RUN_MAX >= 14)
_NATURALS: Final[int] = max(2, MIN_NATURAL)  # a run or set with fewer is judged whole (`_solo`)
# The most cards a set holds: four where its suits differ, as `_set` counts them.
_SET_MOST: Final[int] = min(SET_MAX, 4) if SET_DISTINCT_SUITS else SET_MAX


# A run still open: (cards so far, capped at _LONG unless the run lies on the table; natural
# cards, capped at _NATURALS; jokers, capped at what the rules count; its flags; its table meld:
# 0 for a new run, 2 * i + 1 for cards laid before table meld i, 2 * i + 2 for table meld i
# itself).  A head that has ended (`_WAITS`) keeps its last column in place of a table meld.
_Slot = tuple[int, int, int, int, int]
_ACE_FIRST: Final[int] = 1  # it began with the ace before the 2
_JOKER_LAST: Final[int] = 2  # its last card so far is a joker
_HEAD: Final[int] = 4  # the head of a run round the corner, still open
_TAIL: Final[int] = 8  # the tail of a run round the corner, its head taken up: it ends at the king
_WAITS: Final[int] = 16  # a head that has ended, waiting for its tail

_Profile = tuple[_Slot, ...]  # a suit's open runs, sorted


class _Table:
    """A meld on the table that cards may be laid off on, as the sweep reads it."""

    __slots__ = ("cards", "first", "index", "jokers", "kind", "last", "rank", "room", "suit", "suits")

    def __init__(self, index: int, cards: tuple[int, ...]) -> None:
        verdict = _read(cards, False)
        self.index = index
        self.cards = cards
        self.kind = verdict.kind
        self.jokers = cards.count(0)
        k = next(i for i, c in enumerate(cards) if c)
        self.suit = cards[k] & 3
        self.rank = cards[k] >> 2
        self.first = ((cards[k] >> 2) - k - 1) % 13 + 1  # a run's positions
        self.last = self.first + len(cards) - 1
        self.suits = [0, 0, 0, 0]  # a set's cards of each suit
        for card in cards:
            if card:
                self.suits[card & 3] += 1
        closed_at = SET_CLOSED_AT  # a local, which mypy narrows where a variant gives the rule a number
        closed = closed_at if closed_at is not None else _SET_MOST
        self.room = max(0, min(_SET_MOST, closed) - len(cards)) if len(cards) < closed else 0


def _table_slot(table: _Table, before: _Slot | None) -> _Slot | None:
    """The slot of a table run at its first column, with the cards laid before it (`before`);
    None where they make it longer or hold more jokers than a run may."""
    cards, jokers = len(table.cards), table.jokers
    if before is not None:
        cards, jokers = cards + before[0], jokers + before[2]
    limit = _RUN_JOKERS_PER_MELD
    if cards > RUN_MAX or cards > 14 or (cards == 14 and not ACE_TO_ACE) \
            or (limit is not None and jokers > limit):
        return None
    return (cards, _NATURALS, jokers, 0, 2 * table.index + 2)


class _Runs:
    """How the open runs of a suit (of every suit, where runs mix them) go on at a column: the
    moves of `_Sweep` (columns.py), which sets what they read."""

    limit: int | None  # the jokers a new meld may hold (at opening, as the opening says)
    run_limit: int | None  # of them, in a run: none where jokers go in sets only
    joker_cap: int  # the jokers a run counts (`_Sweep`)
    absorbs: bool  # jokers laid at the end where melds have room (`_Sweep`)
    tables: list[_Table]
    table_runs: list[_Table]
    run_card: list[int]  # what a card is worth at each run position
    run_joker: list[int]
    run_natural: list[int]  # what a natural card laid on a run gains at each position

    def _longer(self, slot: _Slot, by: int) -> int | None:
        """The cards of `slot` with `by` more, as the slot counts them; None where the run may
        not be so long (a run counted exactly: a table's, or where the rules cap runs)."""
        cards, _, _, _, table = slot
        if table or _CAPPED:
            cards += by
            return None if cards > RUN_MAX or cards > 14 or (cards == 14 and not ACE_TO_ACE) else cards
        return min(cards + by, _LONG)

    def _more_jokers(self, slot: _Slot, by: int) -> int | None:
        """The jokers of `slot` with `by` more, as the slot counts them; None past the limit."""
        jokers, table = slot[2] + by, slot[4]
        limit = _RUN_JOKERS_PER_MELD if table else self.run_limit
        if limit is not None:
            return jokers if jokers <= limit else None
        return jokers if table else min(jokers, self.joker_cap)

    def _on(self, slot: _Slot, column: int, joker: bool) -> _Slot | None:
        """`slot` going on at `column` with a natural card, or with a joker that a natural card
        must follow (a joker after a run's last natural card is laid as the run ends, `_endings`;
        one before its first, as it begins); None where it cannot."""
        _, naturals, jokers, flags, table = slot
        if column > _LAST or (flags & _ACE_FIRST and column == 14 and not (ACE_TO_ACE and RUN_MAX >= 14)):
            return None
        cards = self._longer(slot, 1)
        if cards is None:
            return None
        if not joker:
            return (cards, min(naturals + 1, _NATURALS), jokers, flags & ~_JOKER_LAST, table)
        more = self._more_jokers(slot, 1)
        return None if more is None else (cards, naturals, more, flags | _JOKER_LAST, table)

    def _waiting(self, head: _Slot, column: int, after: int) -> _Slot:
        """A head that ends before `column` with `after` jokers after its last card, as it waits
        for its tail (`_endings` has judged the jokers)."""
        return (cast(int, self._longer(head, after)), head[1], cast(int, self._more_jokers(head, after)),
                _WAITS, column - 1 + after)

    def _whole_line(self, naturals: int, jokers: int) -> list[tuple[_Slot, _Slot | None, int, int, int]]:
        """The ways to begin A..A round the corner at the first column, with `naturals` aces and
        `jokers` jokers there: its first card and its last (the ace after the king) both lie
        there, one of them a joker at most.  It is a tail that has taken up its head at once: the
        head (the last card) stands in the plan with no last column (0).  Each (slot, head,
        worth, aces and jokers taken past the one ace `_starts` counts)."""
        out: list[tuple[_Slot, _Slot | None, int, int, int]] = []
        limit = self.run_limit
        for first, last in ((1, 1), (1, 0), (0, 1)):  # 1: a natural ace, 0: a joker
            aces, more = first + last, 2 - first - last
            if naturals < aces or jokers < more or (limit is not None and more > limit):
                continue
            counted = more if limit is not None else min(more, self.joker_cap)
            slot = (min(2, _LONG), aces, counted, _TAIL, 0)
            head = (1, last, 1 - last, _WAITS, 0)
            worth = (self.run_natural if first else self.run_joker)[1] \
                + (self.run_natural if last else self.run_joker)[14]
            out.append((slot, head, worth, aces - 1, more))
        return out

    def _joker_tail(self, head: _Slot, jokers: int) -> int | None:
        """The worth of `jokers` jokers alone as the tail of a waiting `head` (at the columns
        before the king's end), the run then whole; None where it may not be so."""
        if head[4] > _LAST - jokers:  # the jokers would stand for its own cards again
            return None
        head = (*head[:4], 0)  # counted as a new run's (its last column is no table meld)
        cards, more = self._longer(head, jokers), self._more_jokers(head, jokers)
        if cards is None or more is None:
            return None
        if head[1] < _NATURALS or cards < RUN_MIN:
            return None
        return sum(self.run_joker[_LAST - jokers + 1:_LAST + 1])

    def _taken_up(self, head: _Slot, before: int) -> _Slot | None:
        """The tail that takes up a waiting `head` with its first natural card and `before`
        jokers before it: the run counted whole; None where the run may not be so long or
        hold so many jokers."""
        head = (*head[:4], 0)  # counted as a new run's (its last column is no table meld)
        cards = self._longer(head, 1 + before)
        jokers = self._more_jokers(head, before)
        if cards is None or jokers is None:
            return None
        return (cards, min(head[1] + 1, _NATURALS), jokers, _TAIL, 0)

    def _endings(self, slot: _Slot, column: int, spare: int) -> list[tuple[int, int, int]]:
        """The ways `slot` may end before `column`: with `b` jokers after its last card, laid at
        the columns from `column` on: (b, their worth, the room it leaves for jokers laid at the
        end).  Where the sweep `absorbs` jokers, only as many as the run needs to be long enough:
        after it, or before it where the line of columns ends."""
        cards, naturals, _, flags, table = slot
        head = flags & _HEAD
        if (flags & _TAIL and column <= _LAST) or (head and column > _LAST):
            return []  # a tail before the king; a head that reached it (its tail has no room)
        if (flags & _JOKER_LAST and not flags & _TAIL) or table % 2 \
                or (not table and not head and naturals < _NATURALS):
            # a joker last (but at a tail's king: its head follows), cards laid before a table
            # run, or too few natural cards
            return []
        if self.absorbs:
            end = column - 1
            if cards >= RUN_MIN:  # the room before it was counted when it grew long enough
                return [(0, 0, _LAST - end)]
            needed = RUN_MIN - cards
            after = min(needed, _LAST - end)
            start = column - cards - (needed - after)
            if start < _FIRST or needed > spare:
                return []
            return [(needed, 0, start - _FIRST + _LAST - end - after)]
        out = []
        worth = 0
        for after in range(spare + 1):
            end = column + after - 1  # the column of the last joker after
            if after:
                if end > _LAST or self._more_jokers(slot, after) is None \
                        or self._longer(slot, after) is None \
                        or (flags & _ACE_FIRST and end == 14 and not (ACE_TO_ACE and RUN_MAX >= 14)):
                    break
                worth += self.run_joker[end + 13 if head else end]
            if table or head or cards + after >= RUN_MIN:  # a head is judged with its tail
                out.append((after, worth, 0))
        return out

    def _before(self, column: int, jokers: int, limit: int | None) -> Iterator[tuple[int, int, int]]:
        """The ways to lay jokers before a run's first natural card at `column`: (jokers, the
        column the run begins at, their worth)."""
        worth = 0
        for before in range(jokers + 1):
            start = column - before
            if start < _FIRST or (limit is not None and before > limit):
                return
            if before:
                worth += self.run_joker[start]
            yield before, start, worth

    def _arrive(self, profile: _Profile, column: int, suit: int, spare: int
                ) -> list[tuple[_Profile, int, int, tuple[int, ...]]]:
        """The profile with each table run of `suit` that begins at `column` joined, the cards
        laid before it becoming it, or jokers laid before it now: each (profile, jokers laid
        before, their worth, the jokers laid before each table run)."""
        arriving = [t for t in self.table_runs if t.suit == suit and t.first == column]
        out: list[tuple[_Profile, int, int, tuple[int, ...]]] = [(profile, 0, 0, ())]
        for t in arriving:
            grown = []
            for slots, taken, gain, before in out:
                laid = next((s for s in slots if s[4] == 2 * t.index + 1), None)
                rest = tuple(s for s in slots if s is not laid)
                if laid is not None:
                    joined = _table_slot(t, laid)
                    if joined is not None:
                        grown.append((tuple(sorted((*rest, joined))), taken, gain, (*before, 0)))
                    continue
                for jokers, _, worth in self._before(column, spare - taken, _RUN_JOKERS_PER_MELD):
                    joined = _table_slot(t, (jokers, 0, jokers, 0, 0)
                                         if jokers else None)
                    if joined is not None:
                        grown.append((tuple(sorted((*rest, joined))), taken + jokers, gain + worth,
                                      (*before, jokers)))
            out = grown
        return out

    def _run_moves(self, profile: _Profile, naturals: int, jokers: int, column: int, suit: int
                   ) -> list[tuple[tuple[_Slot, ...], int, int, int, int, int, int, tuple[object, ...]]]:
        """Every way the open runs go on at `column` with at most `naturals` natural cards and
        `jokers` jokers, and new runs begin: (slots after, naturals used, jokers used, gain, runs
        ended, clean runs ended, room for jokers laid at the end, the plan: the jokers laid before
        each table run arriving here,
        the move of each open run (1 a natural card, 2 a joker, 3 none: a table run lies as it
        is, 4 none: a head waits for its tail; -1 - b: it ended, with b jokers after it) and the
        runs begun)."""
        out: list[tuple[tuple[_Slot, ...], int, int, int, int, int, int, tuple[object, ...]]] = []
        starts = HAS_RUN and _FIRST <= column <= _LAST
        before_runs = [t for t in self.table_runs if t.suit == suit and _FIRST <= column < t.first]
        for arrived, early, early_gain, prepended in self._arrive(profile, column, suit, jokers):
            present = {s[4] for s in arrived if not s[3] & _WAITS}  # table melds

            def walk(i: int, slots: list[_Slot], used: int, taken: int, gain: int, ended: int, clean: int,
                     room: int, moves: list[int], arrived: _Profile = arrived, present: set[int] = present,
                     prepended: tuple[int, ...] = prepended) -> None:
                if i == len(arrived):
                    waiting = [slot for slot in slots if slot[3] & _WAITS]
                    for new, card_count, joker_count, more in self._starts(
                            naturals - used, jokers - taken, column, starts, before_runs, present, waiting):
                        going = slots
                        if waiting:  # the heads taken up are in their tails
                            going = list(slots)
                            for _, _, taken_up in new:
                                if taken_up is not None and taken_up[4]:
                                    going.remove(taken_up)
                        out.append((tuple(sorted(going + [slot for slot, _, _ in new])), used + card_count,
                                    taken + joker_count, gain + more, ended, clean,
                                    room + (card_count * (column - _FIRST)
                                            if RUN_MIN <= 1 and self.absorbs else 0),
                                    (prepended, tuple(moves), tuple(new))))
                    return
                slot = arrived[i]
                flags, table = slot[3], slot[4]
                if flags & _WAITS:  # a head waits for its tail, which begins before the king
                    if column <= _LAST:
                        walk(i + 1, [*slots, slot], used, taken, gain, ended, clean, room, [*moves, 4])
                        return
                    for before in range(1, jokers - taken + 1):  # past it: a tail of jokers alone
                        worth = self._joker_tail(slot, before)
                        if worth is not None:
                            walk(i + 1, slots, used, taken + before, gain + worth, ended + 1, clean, room,
                                 [*moves, -1 - before])
                    return
                if table and not table % 2 and column <= self.tables[table // 2 - 1].last:
                    # a table run lies as it is
                    walk(i + 1, [*slots, slot], used, taken, gain, ended, clean, room, [*moves, 3])
                    return
                head = flags & _HEAD
                for after, worth, left_room in self._endings(slot, column, jokers - taken):
                    if head:  # its tail makes it a run, and counts it
                        walk(i + 1, [*slots, self._waiting(slot, column, after)], used, taken + after,
                             gain + worth, ended, clean, room, [*moves, -1 - after])
                        continue
                    walk(i + 1, slots, used, taken + after, gain + worth, ended + (not table),
                         clean + (not table and not slot[2] and not after), room + left_room,
                         [*moves, -1 - after])
                # a run that grows long enough leaves room before it for jokers laid at the end
                long_enough = column - RUN_MIN + 1 - _FIRST if self.absorbs and slot[0] == RUN_MIN - 1 else 0
                place = column + 13 if head else column
                if used < naturals:
                    grown = self._on(slot, column, False)
                    if grown is not None:
                        walk(i + 1, [*slots, grown], used + 1, taken, gain + self.run_natural[place], ended,
                             clean,
                             room + long_enough, [*moves, 1])
                if taken < jokers:
                    grown = self._on(slot, column, True)
                    if grown is not None:
                        walk(i + 1, [*slots, grown], used, taken + 1, gain + self.run_joker[place], ended,
                             clean, room + long_enough, [*moves, 2])

            walk(0, [], 0, early, early_gain, 0, 0, 0, [])
        return out

    def _starts(self, naturals: int, jokers: int, column: int, starts: bool, before_runs: list[_Table],
                present: set[int], waiting: list[_Slot]
                ) -> Iterator[tuple[list[tuple[_Slot, int, _Slot | None]], int, int, int]]:
        """Every way to begin runs at `column`, each with a natural card and the jokers laid
        before it, and cards before the table runs of this suit that begin later (which must run
        on up to them); round the corner, heads and tails too (a tail taking up one of the heads
        `waiting`), and at the first column heads of jokers alone: (each run's slot, jokers
        before it and the head it takes up, natural cards, jokers, worth)."""
        Begun = Iterator[tuple[list[tuple[_Slot, int, _Slot | None]], int, int, int]]

        def new_runs(naturals: int, jokers: int, least: int, waiting: list[_Slot]) -> Begun:
            yield [], 0, 0, 0
            if not naturals or column > _LAST:
                return
            worth = 0
            for before in range(jokers + 1):
                start = column - before
                if start < 1:
                    return
                if before:
                    worth += self.run_joker[start]
                if before < least:
                    continue
                # (slot, the head taken up, worth, natural cards and jokers it takes past one card
                # and its jokers before)
                began: list[tuple[_Slot, _Slot | None, int, int, int]] = []
                limit = self.run_limit
                if starts and start >= _FIRST and (limit is None or before <= limit) \
                        and (start <= _LAST - RUN_MIN + 1 or self.absorbs) \
                        and not (before and self.absorbs):
                    slot = (min(1 + before, _LONG) if not _CAPPED else 1 + before, 1,
                            before if limit is not None else min(before, self.joker_cap),
                            _ACE_FIRST if start == 1 and _ACE_COUNTS else 0, 0)
                    if not (_CAPPED and slot[0] > RUN_MAX):
                        began.append((slot, None, worth + self.run_natural[column], 0, 0))
                if _CORNER and start == 1 and (limit is None or before <= limit):
                    # a head: its jokers stand past the king
                    length = self._longer((0, 0, 0, _HEAD, 0), 1 + before)
                    if length is not None:
                        counted = before if limit is not None else min(before, self.joker_cap)
                        slot = (length, 1, counted, _HEAD, 0)
                        began.append((slot, None, sum(self.run_joker[c + 13] for c in range(1, column))
                                      + self.run_natural[column + 13], 0, 0))
                if _CORNER:
                    for waits in sorted(set(waiting)):
                        if waits[4] < start:
                            tail = self._taken_up(waits, before)
                            if tail is not None:
                                began.append((tail, waits, worth + self.run_natural[column], 0, 0))
                if _WHOLE_LINE and column == 1 and not before:
                    began += self._whole_line(naturals, jokers)
                for slot, taken, gain, more_naturals, more_jokers in began:
                    rest = waiting
                    if taken is not None and taken[4]:  # (a whole line's ace after the king waited not)
                        rest = list(waiting)
                        rest.remove(taken)
                    for more, cards, used, more_gain in new_runs(naturals - 1 - more_naturals,
                                                                 jokers - before - more_jokers, before, rest):
                        yield ([(slot, before, taken), *more], cards + 1 + more_naturals,
                               used + before + more_jokers, more_gain + gain)

        def jokers_alone(jokers: int, least: int) -> Begun:
            """Heads of jokers alone, at the first column (before the natural cards' runs)."""
            yield from new_runs(naturals, jokers, 0, waiting)
            worth = 0
            empty = (0, 0, 0, _HEAD, 0)
            for size in range(1, jokers + 1):
                if size > 12 or self._longer(empty, size) is None or self._more_jokers(empty, size) is None:
                    return  # longer than a run may be, or more jokers than it may hold
                worth += self.run_joker[13 + size]
                if size < least:
                    continue
                slot = self._waiting(empty, 1, size)
                for more, cards, used, gain in jokers_alone(jokers - size, size):
                    yield [(slot, size, None), *more], cards, used + size, gain + worth

        def befores(tables: list[_Table], naturals: int, jokers: int) -> Begun:
            if not tables:
                if _CORNER and column == 1:
                    yield from jokers_alone(jokers, 1)
                else:
                    yield from new_runs(naturals, jokers, 0, waiting)
                return
            t, rest = tables[0], tables[1:]
            yield from befores(rest, naturals, jokers)
            if 2 * t.index + 1 in present or 2 * t.index + 2 in present or not naturals:
                return
            limit = _RUN_JOKERS_PER_MELD
            joker_room = None if limit is None else limit - t.jokers
            for before, _, worth in self._before(column, jokers, joker_room):
                slot = (1 + before, 1, before, 0, 2 * t.index + 1)
                for more, cards, used, gain in befores(rest, naturals - 1, jokers - before):
                    yield ([(slot, before, None), *more], cards + 1, used + before,
                           gain + worth + self.run_natural[column])

        yield from befores(before_runs, naturals, jokers)
