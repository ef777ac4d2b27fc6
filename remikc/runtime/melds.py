"""Melds, openings, hands, lay-offs and joker swaps judged: every check answers a `Verdict`."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, cast

from .cards import (
    _NOT_CARDS,
    RANKS,
    Card,
    CardsLike,
    SaveError,
    _card,
    _cards,
    _check_saved,
    _declared,
    _flag,
    _memo,
    _saved_bool,
    _saved_fields,
    _saved_int,
    _saved_text,
    _texts_declared,
    parse_cards,
    parse_meld,
)
from .reasons import Reason, _because, _reasons_from
from .rules import (
    _WHY_ACE,
    _WHY_ACE_TO_ACE,
    _WHY_AMBIGUOUS,
    _WHY_COPIES,
    _WHY_DECK_JOKERS,
    _WHY_GOING_OUT,
    _WHY_HANDING_LAY_OFF,
    _WHY_JOKER_LIMIT,
    _WHY_JOKER_LIMIT_OPENING,
    _WHY_JOKERS_ONLY_IN,
    _WHY_LAY_OFF,
    _WHY_MIN_NATURAL,
    _WHY_OPENING_CLEAN_RUN,
    _WHY_OPENING_MIN_MELDS,
    _WHY_OPENING_MIN_POINTS,
    _WHY_RUN,
    _WHY_RUN_ORDER,
    _WHY_RUN_SIZE,
    _WHY_SET_CLOSED_AT,
    _WHY_SET_RANK,
    _WHY_SET_SIZE,
    _WHY_SET_SUITS,
    _WHY_SWAP_ALLOWED,
    _WHY_SWAP_FROM,
    _WHY_WRAP,
    ACE_HIGH,
    ACE_LOW,
    ACE_TO_ACE,
    AMBIGUOUS,
    COMMON_MIN,
    COPIES,
    COPIES_MATTER,
    DECK_JOKERS,
    HAND_VALUE,
    HANDING_FORBIDS_LAY_OFF,
    HAS_JOKERS,
    HAS_OPENING,
    HAS_RUN,
    HAS_SET,
    HAS_SWAP,
    JOKER_FIXED,
    JOKERS_IN_RUNS,
    JOKERS_IN_SETS,
    JOKERS_PER_MELD,
    JOKERS_PER_MELD_AT_OPENING,
    LAST_CARD_BY_DISCARD_ONLY,
    MIN_NATURAL,
    NOT_OPENED,
    OPENING_CLEAN_RUN,
    OPENING_MIN_MELDS,
    OPENING_MIN_POINTS,
    RUN_MAX,
    RUN_MIN,
    RUN_SAME_SUIT,
    RUN_SIZE_OPEN,
    RUN_VALUE,
    SET_CLOSED_AT,
    SET_DISTINCT_SUITS,
    SET_MAX,
    SET_MIN,
    SET_VALUE,
    SWAP_FROM_TABLE,
    WRAP,
    _may_lay_off,
    _may_swap,
)

# --- verdicts ---------------------------------------------------------------------------

class Verdict:
    """What the rules say: `ok`, the meld's `kind` ("set", "run" or None), its `points`,
    and for a refusal the `reasons`: each a `Reason` with a stable code, the rule id, the spec
    line and its parameters, worded by `reason.message(lang)`."""

    __slots__ = ("_meld", "_reasons", "kind", "ok", "points")
    ok: bool
    kind: str | None
    points: int
    _reasons: tuple[Reason, ...]
    _meld: tuple[tuple[int, ...], bool, str | None] | None

    def __init__(
        self,
        ok: bool,
        kind: str | None,
        points: int,
        reasons: tuple[Reason, ...] = (),
        meld: tuple[tuple[int, ...], bool, str | None] | None = None,
    ) -> None:
        # each slot set through its own descriptor, past the __setattr__ that guards it (quicker
        # than object.__setattr__, and every check builds a verdict)
        _PUT_OK(self, ok)
        _PUT_KIND(self, kind)
        _PUT_POINTS(self, points)
        _PUT_REASONS(self, reasons)
        _PUT_MELD(self, meld)  # a refused meld, whether laid when opening, the kind asked for

    def __setattr__(self, name: str, value: object) -> None:
        # one verdict is handed to every caller who asks about the same meld (and to the
        # referee): changed by one, it would be wrong for all of them
        raise AttributeError("a Verdict does not change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Verdict does not change")

    # pickle and copy build a Verdict through these, past the __setattr__ that guards it
    def __getstate__(self) -> tuple[object, ...]:
        return (self.ok, self.kind, self.points, self.reasons, None)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(("ok", "kind", "points", "_reasons", "_meld"), state, strict=True):
            object.__setattr__(self, name, value)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Every rule a refusal breaks.  For a meld they are worked out when first asked for:
        a program that only wants yes or no does not pay for the words."""
        if self._meld is not None:
            object.__setattr__(self, "_reasons", _reasons(*self._meld))
            object.__setattr__(self, "_meld", None)
        return self._reasons

    def __bool__(self) -> bool:
        return self.ok

    def to_dict(self) -> dict[str, Any]:
        """`{"ok", "kind", "points", "reasons"}`: plain JSON values, each reason a dict
        (`Reason.to_dict`)."""
        return {"ok": self.ok, "kind": self.kind, "points": self.points,
                "reasons": [r.to_dict() for r in self.reasons]}

    @staticmethod
    def from_dict(data: object) -> Verdict:
        """The Verdict `to_dict` wrote; SaveError if `data` is not one."""
        _check_saved(data)
        fields = _saved_fields(data, "a verdict", ("ok", "kind", "points", "reasons"))
        reasons = _reasons_from(fields["reasons"], "a verdict's reasons")
        ok = _saved_bool(fields["ok"], "a verdict's ok")
        if ok == bool(reasons):  # a refusal says why; a meld that is one breaks no rule
            wanted = "none when it is ok" if ok else "at least one when refused"
            raise SaveError(f"a verdict's reasons: {wanted}, not {len(reasons)}")
        return Verdict(ok,
                       _saved_text(fields["kind"], "a verdict's kind", ("set", "run", None)),
                       _saved_int(fields["points"], "a verdict's points", -(1 << 31)), reasons)

    def __repr__(self) -> str:
        if self.ok:  # an opening's verdict is of several melds: no kind
            kind = f"{self.kind}, " if self.kind else ""
            return f"Verdict(ok, {kind}{self.points} points)"
        return f"Verdict(refused: {'; '.join(map(str, self.reasons))})"


_PUT_OK, _PUT_KIND, _PUT_POINTS, _PUT_REASONS, _PUT_MELD = (
    vars(Verdict)[name].__set__ for name in ("ok", "kind", "points", "_reasons", "_meld"))


# --- melds ---------------------------------------------------------------------------------

def _common(cards: tuple[int, ...], n: int, opening: bool, why: list[Reason] | None) -> bool:
    """What every meld must satisfy, set or run: jokers and the cards the deck has."""
    jokers = cards.count(0)
    ok = n >= 1
    if not ok and why is not None:
        why.append(_because("meld.empty"))
    if HAS_JOKERS:
        limit = JOKERS_PER_MELD_AT_OPENING if opening else JOKERS_PER_MELD
        if limit is not None and jokers > limit:
            if why is None:
                return False
            ok = False
            if opening:
                why.append(_because("meld.jokers_opening", _WHY_JOKER_LIMIT_OPENING, jokers=jokers,
                                    limit=limit))
            else:
                why.append(_because("meld.jokers", _WHY_JOKER_LIMIT, jokers=jokers, limit=limit))
        if n - jokers < MIN_NATURAL:
            if why is None:
                return False
            ok = False
            why.append(_because("meld.natural", _WHY_MIN_NATURAL, least=MIN_NATURAL))
    if jokers > DECK_JOKERS:
        if why is None:
            return False
        ok = False
        why.append(_because("deck.jokers", _WHY_DECK_JOKERS, jokers=jokers, deck=DECK_JOKERS))
    naturals = n - jokers
    # Within one meld a card can only repeat where a suit rule already refuses it (then it is
    # only a reason, never the deciding test), but for A..A's two aces, which `_run` counts.
    if (COPIES_MATTER or why is not None) and naturals > COPIES \
            and len(set(cards)) - (1 if jokers else 0) < naturals:  # a card repeats
        for card in sorted(set(cards)):
            if card and cards.count(card) > COPIES:
                if why is None:
                    return False
                ok = False
                why.append(_because("deck.copies", _WHY_COPIES, card=str(Card(card)),
                                    times=cards.count(card), copies=COPIES))
    return ok


def _run(cards: tuple[int, ...], n: int, why: list[Reason] | None) -> int:
    """The points of the cards read as a run (listed in order), or below 0 if they are not one
    (-2 where no other order of them is one either: their number, or two suits).

    The first natural card fixes the start: rank r at index k starts the run r - k
    (positions past the king, 14 = the ace, go round to 15 = a 2, only with WRAP)."""
    k = 0
    while k < n and not cards[k]:
        k += 1
    if k < n:
        start = ((cards[k] >> 2) - k - 1) % 13 + 1
        suit = cards[k] & 3
    else:  # jokers alone: read from the lowest start the ace allows
        start = 1 if ACE_LOW else 2
        suit = 0
    end = start + n - 1
    ok = True
    if not JOKERS_IN_RUNS and (k or 0 in cards[k:n]):  # a joker: no other order of the cards helps
        if why is None:
            return -2
        ok = False
        why.append(_because("run.jokers", _WHY_JOKERS_ONLY_IN))
    if not RUN_MIN <= n <= RUN_MAX:
        if why is None:
            return -2
        ok = False
        if RUN_SIZE_OPEN:
            if n < RUN_MIN:  # above RUN_MAX the next reason says why
                why.append(_because("run.size", _WHY_RUN_SIZE, n=n, low=RUN_MIN, high=None, form="open"))
        else:
            why.append(_because("run.size", _WHY_RUN_SIZE, n=n, low=RUN_MIN, high=RUN_MAX, form="range"))
    if n > 14 or (n == 14 and start != 1):
        if why is None:
            return -1
        ok = False
        why.append(_because("run.rank_twice", _WHY_RUN, n=n,
                            form="ace_to_ace" if ACE_TO_ACE else "at_most_13"))
    if not WRAP and end > 14:
        if why is None:
            return -1
        ok = False
        why.append(_because("run.wrap", _WHY_WRAP))
    if not ACE_HIGH and end > 13:
        if why is None:
            return -1
        ok = False
        why.append(_because("run.ace_not_high", _WHY_ACE))
    if not ACE_LOW and start == 1:
        if why is None:
            return -1
        ok = False
        why.append(_because("run.ace_not_low", _WHY_ACE))
    if not ACE_TO_ACE and start == 1 and n == 14:
        if why is None:
            return -1
        ok = False
        why.append(_because("run.ace_to_ace", _WHY_ACE_TO_ACE))
    if n == 14 and COPIES < 2 and cards[0] and cards[0] == cards[13]:
        if why is None:
            return -1
        ok = False
        why.append(_because("deck.copies", _WHY_COPIES, card=str(Card(cards[0])), times=2, copies=COPIES))
    # Walk the run: `wanted` is the code of the card each position holds (rank * 4 + suit),
    # round from the ace after the king (code 52 + suit) to the 2.
    wanted = (start if start <= 13 else start - 13) * 4 + suit
    for card in cards:
        if card and (card != wanted if RUN_SAME_SUIT else card >> 2 != wanted >> 2):
            if why is None:  # -2: two suits, which no other order of the cards mends
                return -2 if RUN_SAME_SUIT and (card ^ wanted) & 3 else -1
            if ok:  # the first card out of place says enough: its suit, or its rank
                belongs = str(Card(wanted)) if RUN_SAME_SUIT else RANKS[(wanted >> 2) - 1]
                rule = _WHY_RUN_ORDER if card >> 2 == wanted >> 2 else _WHY_RUN
                why.append(_because("run.order", rule, card=str(Card(card)), belongs=belongs,
                                    form="card" if RUN_SAME_SUIT else "rank"))
            ok = False
        wanted = wanted + 4 if wanted < 52 else wanted - 48
    if not ok:
        return -1
    # A joker is worth the card of its position, or its fixed value.
    points = sum(RUN_VALUE[start:start + n])
    fixed = JOKER_FIXED
    if fixed is not None:
        for i in range(n):
            if not cards[i]:
                points += fixed - RUN_VALUE[start + i]
    return points
def _set(cards: tuple[int, ...], n: int, why: list[Reason] | None) -> int:
    """The points of the cards read as a set, or -1 if they are not one."""
    k = 0
    while k < n and not cards[k]:
        k += 1
    rank = cards[k] >> 2 if k < n else 1
    ok = True
    if not JOKERS_IN_SETS and (k or 0 in cards[k:n]):
        if why is None:
            return -1
        ok = False
        why.append(_because("set.jokers", _WHY_JOKERS_ONLY_IN))
    if not SET_MIN <= n <= SET_MAX:
        if why is None:
            return -1
        ok = False
        why.append(_because("set.size", _WHY_SET_SIZE, n=n, low=SET_MIN, high=SET_MAX, form="range"))
    suits = 0
    naturals = 0
    for card in cards:
        if card:
            naturals += 1
            if card >> 2 != rank:
                if why is None:
                    return -1
                if ok:
                    why.append(_because("set.rank", _WHY_SET_RANK, card=str(Card(card)),
                                        rank=RANKS[rank - 1]))
                ok = False
            suits |= 1 << (card & 3)
    if SET_DISTINCT_SUITS and (n > 4 or suits.bit_count() < naturals):
        if why is None:
            return -1
        ok = False
        why.append(_because("set.suits", _WHY_SET_SUITS))
    if not ok:
        return -1
    value = SET_VALUE[rank]
    fixed = JOKER_FIXED
    return naturals * value + (n - naturals) * (value if fixed is None else fixed)

_VERDICTS: dict[tuple[object, ...], Verdict] = _memo({})


def _read(cards: tuple[int, ...], opening: bool, kind: str | None = None) -> Verdict:
    """The rules' verdict on a meld.  A meld without jokers is judged quicker than a kept verdict
    is found (`_plain`); others are kept: a game reads the same melds again and again (the
    table's at each lay-down, the hand's at each search), a few thousand at most."""
    if 0 not in cards:
        verdict = _plain(cards, opening, kind)
        if verdict is not None:
            return verdict
    key = (cards, opening, kind)
    verdict = _VERDICTS.get(key)
    if verdict is None:
        if len(_VERDICTS) >= 8192:
            _VERDICTS.clear()  # old melds do not come back
        verdict = _VERDICTS[key] = _worked_out(cards, opening, kind)
    return verdict


# Melds without jokers that `_plain` judges: where a run keeps to one suit and does not go round
# the corner (then one order of the cards at most is a run, and the same whatever order they
# are given in), and a repeated card is refused by a suit rule before it counts.
_PLAIN: Final[bool] = RUN_SAME_SUIT and not WRAP and not COPIES_MATTER


def _verdicts_by_size(kind: str, points: Callable[[int, int], int], ok: Callable[[int, int], bool],
                      firsts: int) -> tuple[tuple[Verdict | None, ...], ...]:
    """The verdict on each valid meld without jokers of `kind`, by its first rank (a set's rank,
    a run's start) and size; None where no such meld is valid.  One verdict for all such melds:
    a verdict does not change."""
    return tuple(tuple(Verdict(True, kind, points(first, n)) if ok(first, n) else None for n in range(15))
                 for first in range(firsts))


_SET_VERDICTS: Final[tuple[tuple[Verdict | None, ...], ...]] = _verdicts_by_size(
    "set", lambda rank, n: n * SET_VALUE[rank], lambda rank, n: HAS_SET and SET_MIN <= n <= SET_MAX, 14)
_RUN_VERDICTS: Final[tuple[tuple[Verdict | None, ...], ...]] = _verdicts_by_size(
    "run", lambda start, n: sum(RUN_VALUE[start:start + n]),
    lambda start, n: HAS_RUN and RUN_MIN <= n <= RUN_MAX and (ACE_LOW or start > 1)
    and (ACE_HIGH or start + n <= 14) and start + n <= 15, 15)


# each card's rank and suit as one bit, looked up: quicker than shifting, on the hottest path
_RANK_BIT: Final[tuple[int, ...]] = tuple(1 << (code >> 2) for code in range(56))
_SUIT_BIT: Final[tuple[int, ...]] = tuple(1 << (code & 3) for code in range(56))


def _plain(cards: tuple[int, ...], opening: bool, kind: str | None) -> Verdict | None:
    """The verdict on cards without jokers, read from their ranks and suits as bit masks (the
    commonest question: a hand's melds, a table's); the same as `_worked_out`'s, which judges
    what this leaves (None): fourteen cards of thirteen ranks (A..A), all thirteen where the ace may be
    high (two orders are runs then), fewer cards than the rules on naturals count."""
    n = len(cards)
    if not _PLAIN or n < 2 or n < COMMON_MIN:
        return None
    ranks = suits = 0
    rank_bit, suit_bit = _RANK_BIT, _SUIT_BIT
    for card in cards:
        ranks |= rank_bit[card]
        suits |= suit_bit[card]
    verdict: Verdict | None
    if ranks & (ranks - 1) == 0:  # one rank: a set or nothing
        if kind == "run":
            return None
        verdict = _SET_VERDICTS[ranks.bit_length() - 1][n]
        if verdict is not None and (not SET_DISTINCT_SUITS or suits.bit_count() == n):
            return verdict
        return Verdict(False, None, 0, (), (cards, opening, kind))
    distinct = ranks.bit_count()
    if n != distinct:
        # a rank held twice among others: no run holds it but A..A (the ace twice, fourteen
        # cards), no set holds two ranks
        if n == 14 and distinct == 13:
            return None
        return Verdict(False, None, 0, (), (cards, opening, kind))
    if n == 13 and ACE_HIGH:
        return None
    if kind != "set" and suits & (suits - 1) == 0:  # one suit: a run if the ranks follow
        start = (ranks & -ranks).bit_length() - 1
        if ranks == ((1 << n) - 1) << start:
            verdict = _RUN_VERDICTS[start][n]
            if verdict is not None:
                return verdict
        if ranks & 2:  # the ace after the king
            ranks ^= 2 | 1 << 14
            start = (ranks & -ranks).bit_length() - 1
            if ranks == ((1 << n) - 1) << start and start > 1:
                verdict = _RUN_VERDICTS[start][n]
                if verdict is not None:
                    return verdict
    return Verdict(False, None, 0, (), (cards, opening, kind))


def _worked_out(cards: tuple[int, ...], opening: bool, kind: str | None) -> Verdict:
    """`_read`, worked out."""
    n = len(cards)
    jokers = 0 in cards
    # Without jokers (and where no suit rule would refuse a repeated card first) the common
    # rules cannot fail: skip them.
    needs_common = jokers or n < COMMON_MIN or (COPIES_MATTER and n > COPIES)
    if needs_common and not _common(cards, n, opening, None):
        return _refuse(cards, opening, kind)
    # Two natural cards of two ranks can only be a run; of one rank, only a set (a run holds
    # a rank twice only in A..A, 13 cards apart).  With fewer naturals, both readings count.
    k = 0
    while k < n and not cards[k]:
        k += 1
    j = k + 1
    while j < n and not cards[j]:
        j += 1
    as_run = kind != "set"
    as_set = kind != "run"
    if j < n:
        if cards[k] >> 2 != cards[j] >> 2:
            as_set = False
        elif j - k < 13:
            as_run = False
    run = _run(cards, n, None) if HAS_RUN and as_run else -1
    if run == -1 and HAS_RUN and kind != "set" and (as_run or n >= 13) and not jokers and (
            WRAP or n >= 13 or _may_reorder(cards, n)):
        # without jokers the order the cards are written in does not matter: K♥ Q♥ J♥ is J♥ Q♥ K♥
        ordered = _in_order(cards)
        if ordered is not None:
            run = _run(ordered, n, None)
    set_ = _set(cards, n, None) if HAS_SET and as_set else -1
    if run >= 0 and set_ >= 0:
        if AMBIGUOUS == "set" or (AMBIGUOUS == "higher" and set_ > run):
            return Verdict(True, "set", set_)
        if AMBIGUOUS == "refused":
            both = _because("meld.ambiguous", _WHY_AMBIGUOUS, cards=_show(cards), set_points=set_,
                            run_points=run)
            return Verdict(False, None, 0, (both,))
        # "run", "higher" (and the run is worth as much), or "declared": the player names the
        # cards; kind="set" or declared jokers (5♠ JK=5♥ JK=5♦) take the other reading
    if run >= 0:
        return Verdict(True, "run", run)
    if set_ >= 0:
        return Verdict(True, "set", set_)
    return Verdict(False, None, 0, (), (cards, opening, kind))  # `_refuse`, without a call: the hot path


def _may_reorder(cards: tuple[int, ...], n: int) -> bool:
    """Could another order of these cards (no jokers, fewer than 13, no corner to turn) be a
    run?  A quick look at the first and last cards, so that a refusal stays quick: two cards of
    a run lie less than n ranks (4 * n in codes) apart, but for the ace after the king, and
    then the cards beside it are of the top n - 1 ranks (codes from 4 * (15 - n))."""
    first = cards[0]
    last = cards[-1]
    if -4 * n < last - first < 4 * n:
        return True
    top = 60 - 4 * n
    return (first < 8 and cards[1] >= top and last >= top) or (last < 8 and first >= top and cards[-2] >= top)


def _in_order(cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """Cards without jokers in the order of the run they make, the one worth most where the ace
    may lie at either end; None if no order makes a run.  A run is a rotation of its cards
    sorted by rank (Q K A 2 of A 2 Q K), so only those that start after a break are tried."""
    n = len(cards)
    ranked = sorted(cards)
    if n < 13 and not WRAP:
        # No corner to turn (a quick pass, as a refused meld is checked here too): the run is the
        # cards sorted, or with the ace moved after the king (Q K A); no other order can be one.
        low = ranked[0] >> 2
        high = ranked[-1] >> 2
        if high - low == n - 1:
            order = tuple(ranked)
        elif low == 1 and high == 13 and n > 1 and ranked[1] >> 2 == 15 - n:
            order = (*ranked[1:], ranked[0])
        else:
            return None
        return order if _run(order, n, None) >= 0 else None
    # in a run the ranks follow one another but where the run starts: one break at most (none
    # when it holds all 13 ranks, then it may start anywhere; a rank held twice is a break too)
    breaks = [i for i in range(n) if ((ranked[i] >> 2) - (ranked[i - 1] >> 2)) % 13 != 1]
    if len(breaks) > 1:
        return None
    best: tuple[int, ...] | None = None
    most = -1
    for i in breaks or range(n):
        order = (*ranked[i:], *ranked[:i])
        points = _run(order, n, None)
        if points > most:
            best, most = order, points
    return best


def _table_order(cards: tuple[int, ...], kind: str | None) -> tuple[int, ...]:
    """The meld as it lies on the table: a run without jokers given out of order, in its order."""
    if kind == "run" and 0 not in cards and _run(cards, len(cards), None) < 0:
        return _in_order(cards) or cards
    return cards


def _written_order(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The order a refusal explains cards without jokers in: sorted by rank, from after the
    widest gap between two ranks (the run they come nearest to)."""
    if 0 in cards or len(cards) < 2:
        return cards
    ranked = sorted(cards)
    n = len(ranked)
    gaps = [((ranked[i] >> 2) - (ranked[i - 1] >> 2)) % 13 for i in range(n)]
    start = max(range(n), key=lambda i: (gaps[i], -i))
    return (*ranked[start:], *ranked[:start])


def _refuse(cards: tuple[int, ...], opening: bool, kind: str | None = None) -> Verdict:
    return Verdict(False, None, 0, meld=(cards, opening, kind))


def _reasons(cards: tuple[int, ...], opening: bool, kind: str | None) -> tuple[Reason, ...]:
    """Every rule the cards break, explained as the meld they look like (a set when the
    natural cards share a rank, a run otherwise) or as the kind the caller named."""
    n = len(cards)
    if not n:  # no cards: that alone, not also "a set of 0 cards" nor the naturals it lacks
        return (_because("meld.empty"),)
    why: list[Reason] = []
    _common(cards, n, opening, why)
    if kind is None:
        kind = "set" if len({c >> 2 for c in cards if c}) <= 1 else "run"
    if HAS_SET and HAS_RUN:
        if kind == "set":
            _set(cards, n, why)
        else:
            _run(_written_order(cards), n, why)
    elif HAS_SET:
        if kind == "run":
            why.append(_because("meld.no_runs"))
        else:
            _set(cards, n, why)
    else:
        if kind == "set":
            why.append(_because("meld.no_sets"))
        _run(_written_order(cards), n, why)
    return tuple(why) or (_because("meld.none", cards=_show(cards)),)


def _show(cards: Iterable[int]) -> str:
    return " ".join(str(Card(c)) for c in cards)


def _show_declared(cards: Iterable[int], declared: Iterable[int]) -> str:
    return " ".join(_texts_declared(cards, declared))


def check_meld(cards: CardsLike, *, opening: bool = False, kind: str | None = None,
               declared: Iterable[Card | str] | None = None) -> Verdict:
    """Is this a valid meld?  Cards without jokers in any order (K♥ Q♥ J♥ is the run J-Q-K);
    with jokers, in the order laid on the table (a run ascending; a joker stands for the card
    at its place) unless they are declared.  `opening` applies the rules for melds laid when
    opening.  `kind` ("run" or "set") judges the cards only as that kind of meld; `declared`
    (or `JK=5♥` in the text: `5♠ JK=5♥ JK=5♦`) names the card each joker stands for, one for
    each joker in order (JK for one not declared).  A meld that reads both ways and is not
    declared is read as the rules say (`jokers.ambiguous`); the verdict's `kind` says how."""
    if kind is not None and kind != "run" and kind != "set":
        raise ValueError(f"kind must be 'run', 'set' or None, not {kind!r}")
    if type(opening) is not bool:
        _flag(opening, "opening")
    codes: tuple[int, ...]
    if declared is None and (type(cards) is not str or "=" not in cards):  # a hot path, kept lean
        codes = _cards(cards)
        if 0 not in codes:
            verdict = _plain(codes, opening, kind)
            if verdict is not None:
                return verdict
        return _read(codes, opening, kind)
    named: tuple[int, ...] = ()
    if isinstance(cards, str) and "=" in cards:
        codes, named = parse_meld(cards)
    else:
        codes = _cards(cards)
    if declared is not None:
        named = _declared(codes, declared)
    if named:
        return _read_declared(codes, named, opening, kind)
    return _read(codes, opening, kind)


def _read_declared(cards: tuple[int, ...], declared: tuple[int, ...], opening: bool,
                   kind: str | None) -> Verdict:
    """A meld whose jokers are declared: judged as the cards they stand for, each joker still a
    joker for the rules on jokers and, where it has a fixed value, for the points."""
    if not declared:
        return _read(cards, opening, kind)
    n = len(cards)
    if not _common(cards, n, opening, None):
        return _refuse(cards, opening, kind)
    meant = iter(declared)
    filled = tuple(c or next(meant) for c in cards)  # a joker not declared stays one (0)
    if kind is None:
        kind = "set" if len({c >> 2 for c in filled if c}) == 1 else "run"
    verdict = _read(filled, opening, kind)
    fixed = JOKER_FIXED
    if not verdict.ok or fixed is None:
        return verdict
    named = [d for d in declared if d]
    if verdict.kind == "set":
        rank = next(c >> 2 for c in filled if c)
        return Verdict(True, "set", verdict.points + (fixed - SET_VALUE[rank]) * len(named))
    # a run: each declared joker is worth the fixed value, not its place's.  Where the cards lie
    # as given, a joker's place is where it was laid: its card may also lie there as a natural
    # card (the ace of A..K with JK=A), so it is not looked up by card
    order = filled if 0 in filled else _table_order(filled, "run")
    k = next(i for i, c in enumerate(order) if c)
    start = ((order[k] >> 2) - k - 1) % 13 + 1
    if order is filled:
        places = [i for i in range(n) if not cards[i] and filled[i]]
    else:
        places = [len(order) - 1 - order[::-1].index(card) for card in named]
    points = verdict.points
    for i in places:
        points += fixed - RUN_VALUE[start + i]
    return Verdict(True, "run", points)


_LAID_AS: dict[tuple[tuple[int, ...], tuple[int, ...], str], tuple[Card, ...]] = _memo({})


def _laid(cards: tuple[int, ...], declared: tuple[int, ...], kind: str) -> tuple[Card, ...]:
    """A meld as it lies on the table once judged: cards without jokers, or with every joker
    declared, in the order of their run (`5♠ JK=7♠ 6♠` lies as 5♠ 6♠ JK).  Kept: where the
    table is rearranged, every meld is laid again at every turn."""
    key = (cards, declared, kind)
    found = _LAID_AS.get(key)
    if found is None:
        if len(_LAID_AS) >= 4096:
            _LAID_AS.clear()
        found = _LAID_AS[key] = _laid_out(cards, declared, kind)
    return found


def _laid_out(cards: tuple[int, ...], declared: tuple[int, ...], kind: str) -> tuple[Card, ...]:
    """`_laid`, worked out."""
    if kind != "run" or (0 in cards and (not declared or 0 in declared)):
        return tuple(map(Card, cards))
    meant = iter(declared)
    filled = tuple(c or next(meant) for c in cards)
    order = list(_table_order(filled, "run"))
    for card in declared:  # each declared card back to the joker it is
        order[order.index(card)] = 0
    return tuple(map(Card, order))


def _jokers_read(cards: tuple[int, ...], kind: str) -> tuple[Card, ...]:
    """The card each joker of a valid meld stands for, in order, read as `kind`: a run's by
    its place, a set's the suits its cards lack (♠ ♥ ♦ ♣ order); what a player declares to
    lay the meld so."""
    k = next((i for i, c in enumerate(cards) if c), None)
    if k is None or 0 not in cards:
        return ()
    if kind == "run":
        start = ((cards[k] >> 2) - k - 1) % 13 + 1
        suit = cards[k] & 3
        return tuple(Card(((start + i - 1) % 13 + 1) * 4 + suit) for i, c in enumerate(cards) if not c)
    rank = cards[k] >> 2
    free = [rank * 4 + s for s in range(4) if rank * 4 + s not in cards] or [rank * 4]
    return tuple(Card(free[i % len(free)]) for i in range(cards.count(0)))


def _kinds(cards: tuple[int, ...], kind: str | None) -> list[str]:
    """The readings a meld on the table may have: `kind` if given, else each valid one."""
    if kind is not None:
        return [kind]
    return [k for k in ("run", "set") if _read(cards, False, k).ok] or ["run"]


def _meld_on_table(meld: CardsLike, kind: str | None) -> tuple[tuple[int, ...], tuple[int, ...], str | None]:
    """A meld on the table as given to `check_lay_off` or `check_joker_swap`: its cards, its
    declared jokers and the kind they make it."""
    if isinstance(meld, str) and "=" in meld:
        cards, declared = parse_meld(meld)
        if declared and kind is None:
            kind = _read_declared(cards, declared, False, None).kind
        return cards, declared, kind
    return _cards(meld, "meld"), (), kind


# --- openings ------------------------------------------------------------------------------

def parse_melds(melds: str | Iterable[CardsLike]) -> list[tuple[Card, ...]]:
    """Melds as card codes: from a list of melds, or one string with melds separated by
    `+`, `|` or `,` ("J♠ J♥ J♦ + 6♦ 7♦ 8♦"), as everywhere melds are written (docs/notation.md).
    A meld with no cards between two separators is a ValueError."""
    return _melds(melds, "melds")


def _meld_texts(melds: str, name: str, between: str = "[+|,]",
                example: str = "\"J♠ J♥ J♦ + 6♦ 7♦ 8♦\"") -> list[str]:
    """The melds of one text, split at `between` (`+`, `|` or `,`), stripped; a text with nothing
    in it is no melds.  An empty meld (`5♠ 5♥ 5♦ + + 7♠ 8♠ 9♠`, or a `+` with nothing after it)
    is a ValueError naming `name`, as a token that is no card is: judging the melds left would
    hide that one went missing (`remikc explain --opening` and `parse_action` refuse it too)."""
    parts = [part.strip() for part in re.split(between, melds)]
    if parts == [""]:
        return []
    for number, part in enumerate(parts, start=1):
        if not part:
            raise ValueError(f"{name}: meld {number} of {len(parts)} has no cards: "
                             f"write melds like {example}")
    return parts


def _melds(melds: str | Iterable[CardsLike], name: str) -> list[tuple[Card, ...]]:
    """`parse_melds`, naming the argument `name` in a TypeError."""
    if isinstance(melds, str):
        return [parse_cards(part) for part in _meld_texts(melds, name)]
    if isinstance(melds, _NOT_CARDS) or not hasattr(melds, "__iter__"):
        raise TypeError(f"{name}: melds as a text (\"5♠ 5♥ 5♦ + 6♣ 7♣ 8♣\") or a list of melds, "
                        f"not {type(melds).__name__}")
    return [_cards(m, name) for m in melds]


def _declared_melds(melds: str | Iterable[CardsLike], name: str = "melds"
                    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Melds with their declared jokers (`5♠ JK=5♥ JK=5♦`), from one text or a list."""
    if isinstance(melds, str):
        return [parse_meld(part) for part in _meld_texts(melds, name)]
    if isinstance(melds, _NOT_CARDS) or not hasattr(melds, "__iter__"):
        raise TypeError(f"{name}: melds as a text (\"5♠ 5♥ 5♦ + 6♣ 7♣ 8♣\") or a list of melds, "
                        f"not {type(melds).__name__}")
    return [parse_meld(m) if isinstance(m, str) else (_cards(m, name), ()) for m in melds]


def check_opening(melds: str | Iterable[CardsLike]) -> Verdict:
    """Is this a valid first lay-down?  `melds`: a list of melds, or one string with melds
    separated by `+`, `|` or `,`; jokers may be declared (`A♣ JK=A♥ JK=A♦`).  `points` is the
    total of the melds.  A string with an empty meld (`+ +`) is a ValueError, as a card that is
    no card is; a list's meld with no cards is refused (`meld.empty`)."""
    return _opening_of(_declared_melds(melds))


def _opening_of(given: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> Verdict:
    """`check_opening` of melds with their declared jokers."""
    laid = [meld for meld, _ in given]
    why: list[Reason] = []
    total = 0
    runs_without_jokers = 0
    for number, (meld, declared) in enumerate(given, start=1):
        verdict = _read_declared(meld, declared, True, None) if declared else _read(meld, True)
        if not verdict.ok:
            why += [r._within("meld", meld_number=number, meld_cards=_show_declared(meld, declared))
                    for r in verdict.reasons]
            continue
        total += verdict.points
        if verdict.kind == "run" and 0 not in meld:
            runs_without_jokers += 1
    everything = tuple(c for meld in laid for c in meld)
    if laid and not why:
        _common_deck(everything, why)
    if HAS_OPENING:
        if len(laid) < OPENING_MIN_MELDS:
            why.append(_because("opening.melds", _WHY_OPENING_MIN_MELDS, melds=len(laid),
                                least=OPENING_MIN_MELDS))
        if not why and total < OPENING_MIN_POINTS:
            why.append(_because("opening.points", _WHY_OPENING_MIN_POINTS, points=total,
                                least=OPENING_MIN_POINTS))
        if not why and OPENING_CLEAN_RUN and not runs_without_jokers:
            why.append(_because("opening.clean_run", _WHY_OPENING_CLEAN_RUN))
    else:
        if not laid:
            why.append(_because("opening.empty"))
    if why:
        return Verdict(False, None, 0, tuple(why))
    return Verdict(True, None, total)


def _common_deck(cards: tuple[int, ...], why: list[Reason]) -> None:
    """The deck's limits over several melds laid together."""
    jokers = cards.count(0)
    if jokers > DECK_JOKERS:
        why.append(_because("deck.jokers", _WHY_DECK_JOKERS, jokers=jokers, deck=DECK_JOKERS))
    for card in sorted(set(cards)):
        if card and cards.count(card) > COPIES:
            why.append(_because("deck.copies", _WHY_COPIES, card=str(Card(card)), times=cards.count(card),
                                copies=COPIES))


# --- hands ---------------------------------------------------------------------------------

def hand_value(cards: CardsLike, *, opened: bool = True) -> int:
    """What the cards left in hand count at the end of a round (before any doubling).
    Cards no deck of this game could deal (a joker where there are none, a card more often
    than the deck has it) raise ValueError."""
    held = _cards(cards)  # read first: cards that are no cards are refused, opened or not
    _flag(opened, "opened")  # "no" is truthy: it counted as opened
    flat = NOT_OPENED
    if not opened and flat is not None:
        return flat
    why: list[Reason] = []
    _common_deck(held, why)
    if why:  # no such hand: a caller's bug, not a count
        raise ValueError("; ".join(map(str, why)))
    return sum(HAND_VALUE[c] for c in held)


# --- laying off and swapping jokers -----------------------------------------------------

# No meld holds more cards than this (a run at most 14, A..A; a set SET_MAX): a lay-off that
# would make a longer one is refused before any reading, so that the work stays linear in
# the cards given however many they are.
_LONGEST_MELD: Final[int] = max(min(RUN_MAX, 14) if HAS_RUN else 0, SET_MAX if HAS_SET else 0)


def check_lay_off(
    meld: CardsLike,
    cards: CardsLike,
    *,
    opened: bool = True,
    first_round: bool = False,
    opens_this_turn: bool = False,
    handing: bool = False,
    empties_hand: bool = False,
    kind: str | None = None,
    declared: Iterable[Card | str] | None = None,
) -> Verdict:
    """May `cards` from hand be added to `meld` on the table?  Cards go at either end of a run
    or anywhere in a set, given in any order.  `empties_hand`: these are the player's last
    cards.  `kind`: what the meld on the table was declared to be, as for `check_meld`.
    A joker laid off may be declared (`JK=9♥` in `cards`, or `declared`, one card for each
    joker in order, JK for one not declared): it goes where that card goes.
    The verdict is for the meld as it would become.  No card to add is a ValueError, as a meld
    of no cards on the table is refused: laying off nothing is no lay-off."""
    if kind is not None and kind != "run" and kind != "set":  # as check_meld
        raise ValueError(f"kind must be 'run', 'set' or None, not {kind!r}")
    for name, flag in (("opened", opened), ("first_round", first_round), ("opens_this_turn", opens_this_turn),
                       ("handing", handing), ("empties_hand", empties_hand)):
        _flag(flag, name)
    on_table, table_named, kind = _meld_on_table(meld, kind)
    added, named = _added(cards, declared)
    if not added:
        raise ValueError("cards: no card to lay off: give the cards from hand added to the meld")
    return _lay_off(on_table, table_named, kind, added, named, opened=opened, first_round=first_round,
                    opens_this_turn=opens_this_turn, handing=handing, empties_hand=empties_hand)[0]


def _added(cards: CardsLike, declared: Iterable[Card | str] | None
           ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cards laid off with their declared jokers (`JK=9♥`), as `check_meld` reads a meld."""
    if isinstance(cards, str) and "=" in cards:
        added, named = parse_meld(cards)
    else:
        added, named = _cards(cards), ()
    if declared is not None:
        named = _declared(added, declared)
    return added, named


# A lay-off as it lies: the verdict for the grown meld, its cards and its declared jokers (one for
# each joker, 0 where not declared), or no meld where it is refused.
_LaidOff = tuple[Verdict, tuple[int, ...] | None, tuple[int, ...]]


def _lay_off(on_table: tuple[int, ...], table_named: tuple[int, ...], kind: str | None,
             added: tuple[int, ...], named: tuple[int, ...], *, opened: bool = True,
             first_round: bool = False, opens_this_turn: bool = False, handing: bool = False,
             empties_hand: bool = False) -> _LaidOff:
    """`check_lay_off`, with the meld it makes: the one way the validator and the referee judge
    a lay-off (the referee lays the cards where this finds them a place)."""
    why: list[Reason] = []
    if not _may_lay_off(first_round, opened, opens_this_turn, handing):
        why.append(_because("lay_off.not_now", _WHY_LAY_OFF))
    if HANDING_FORBIDS_LAY_OFF and handing:
        why.append(_because("lay_off.handing", _WHY_HANDING_LAY_OFF))
    if empties_hand and LAST_CARD_BY_DISCARD_ONLY:
        why.append(_because("going_out.discard", _WHY_GOING_OUT))
    before = _read_declared(on_table, table_named, False, kind)
    if not before.ok:
        why.append(_because("meld.invalid", cards=_show(on_table)))
        return Verdict(False, None, 0, tuple(why)), None, ()
    # a meld on the table nobody declared (5♠ JK JK, kind None) may be either kind it reads as
    kinds = _kinds(on_table, kind) if not table_named else [cast("str", before.kind)]
    closed = SET_CLOSED_AT if HAS_SET else None
    if closed is not None and kinds == ["set"] and len(on_table) >= closed:
        why.append(_because("set.closed", _WHY_SET_CLOSED_AT, n=len(on_table)))
    if why:
        return Verdict(False, None, 0, tuple(why)), None, ()
    # a set closed at its size takes no more cards: only the run reading is tried
    open_kinds = [k for k in kinds if k != "set" or closed is None or len(on_table) < closed]
    found = _fit(on_table, table_named, added, named, open_kinds)
    if found is not None:
        return found
    shown = _show_declared(added, named)
    if named and _fit(on_table, table_named, added, (), open_kinds) is not None:
        # the cards fit, only not as the player says its jokers stand
        return Verdict(False, None, 0, (_because("lay_off.declared", cards=shown,
                                                 meld=_show_declared(on_table, table_named)),)), None, ()
    return Verdict(False, None, 0, (_because("lay_off.no_fit", cards=shown, meld=_show(on_table),
                                             form="either" if len(kinds) > 1 else kinds[0]),)), None, ()


def _fit(on_table: tuple[int, ...], table_named: tuple[int, ...], added: tuple[int, ...],
         named: tuple[int, ...], kinds: list[str]) -> _LaidOff | None:
    """The first place the added cards fit the meld read as one of `kinds`: the player hands them
    over in any order (up to six are tried in every order; more as given, then each at the place
    its rank holds at the run's ends, `_run_places`), and they may go at either end of a run."""
    if len(on_table) + len(added) > _LONGEST_MELD:  # no meld is longer: nothing to try
        return None
    if not table_named and not named:  # no joker declared: the cards alone (a hot path)
        orders = tuple(dict.fromkeys(itertools.permutations(added))) if len(added) <= 6 else (added,)
        for reading in kinds:
            for order in orders:
                for k in range(len(order) + 1):
                    cards = (*order[:k], *on_table, *order[k:])
                    after = _read(cards, False, reading)
                    if after.ok:
                        return after, cards, ()
        for cards, _ in _run_places(on_table, (), added, (), kinds):
            after = _read(cards, False, "run")
            if after.ok:
                return after, cards, ()
        return None
    # each card with the card it stands for (itself, a declared joker its card, 0 a joker not declared)
    table = _paired(on_table, table_named)
    given = _paired(added, named)
    paired = tuple(dict.fromkeys(itertools.permutations(given))) if len(given) <= 6 else (given,)
    for reading in kinds:
        for given_order in paired:
            for k in range(len(given_order) + 1):
                both = (*given_order[:k], *table, *given_order[k:])
                cards = tuple(c for c, _ in both)
                meant = tuple(m for c, m in both if not c)
                after = _read_declared(cards, meant, False, reading)
                if after.ok:
                    return after, cards, meant
    for cards, meant in _run_places(on_table, table_named, added, named, kinds):
        after = _read_declared(cards, meant, False, "run")
        if after.ok:
            return after, cards, meant
    return None


def _run_places(on_table: tuple[int, ...], table_named: tuple[int, ...], added: tuple[int, ...],
                named: tuple[int, ...], kinds: list[str]
                ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The run `on_table` grown by all the `added` cards, each natural card (or joker declared as
    one) at the place its rank holds before or after the run, a joker not declared in any place
    left: every way, as cards and their declared jokers.  Only for more cards than `_fit` tries in
    every order: the order the player gives them in need not be the run's, and the solver lays
    off up to a whole run's worth at once."""
    if not HAS_RUN or "run" not in kinds or len(added) <= 6:
        return
    table = _paired(on_table, table_named)
    given = _paired(added, named)
    k = next((i for i, (_, meant) in enumerate(table) if meant), None)
    if k is None:  # jokers alone: no place is fixed
        return
    natural = table[k][1]
    start, suit = ((natural >> 2) - k - 1) % 13 + 1, natural & 3
    end = start + len(table) - 1
    first, last = (1 if ACE_LOW else 2), (26 if WRAP else (14 if ACE_HIGH else 13))

    def fits(meant: int, place: int) -> bool:
        return meant >> 2 == (place - 1) % 13 + 1 and (not RUN_SAME_SUIT or meant & 3 == suit)

    def filled(places: list[int], left: tuple[tuple[int, int], ...]
               ) -> Iterator[tuple[tuple[int, int], ...]]:
        if not places:
            yield ()
            return
        seen = set()
        for i, (card, meant) in enumerate(left):
            if (card, meant) not in seen and (not meant or fits(meant, places[0])):
                seen.add((card, meant))
                for rest in filled(places[1:], left[:i] + left[i + 1:]):
                    yield ((card, meant), *rest)

    for ahead in range(len(given) + 1):
        behind = len(given) - ahead
        if start - ahead < first or end + behind > last:
            continue
        places = [*range(start - ahead, start), *range(end + 1, end + behind + 1)]
        for order in filled(places, given):
            both = (*order[:ahead], *table, *order[ahead:])
            yield tuple(c for c, _ in both), tuple(m for c, m in both if not c)


def _paired(cards: tuple[int, ...], named: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    meant = iter(named)
    return tuple((c, c or next(meant, 0)) for c in cards)


def check_joker_swap(
    meld: CardsLike,
    card: Card | str,
    *,
    opened: bool = True,
    first_round: bool = False,
    opens_this_turn: bool = False,
    handing: bool = False,
    from_table: bool = False,
    kind: str | None = None,
) -> Verdict:
    """May `card` take the place of a joker in `meld`?  It must be the card the joker stands
    for; the verdict is for the meld with the card in the joker's place.  `kind`: what the
    meld on the table was declared to be, as for `check_meld`."""
    for name, flag in (("opened", opened), ("first_round", first_round), ("opens_this_turn", opens_this_turn),
                       ("handing", handing), ("from_table", from_table)):
        _flag(flag, name)
    on_table, declared, kind = _meld_on_table(meld, kind)
    real = _card(card, "card")
    why: list[Reason] = []
    if real.is_joker:
        why.append(_because("swap.joker"))
    if HAS_SWAP:
        if not _may_swap(first_round, opened, opens_this_turn, handing):
            why.append(_because("swap.not_now", _WHY_SWAP_ALLOWED))
        if from_table and not SWAP_FROM_TABLE:
            why.append(_because("swap.from_hand", _WHY_SWAP_FROM))
    else:
        why.append(_because("swap.none"))
    before = _read_declared(on_table, declared, False, kind)
    if not before.ok:
        why.append(_because("meld.invalid", cards=_show(on_table)))
    if why:
        return Verdict(False, None, 0, tuple(why))
    readings = _kinds(on_table, kind) if not declared else [cast("str", before.kind)]
    # a run's joker is taken by the card of its place (then the cards are in any order no more)
    at_place = _jokers_read(on_table, "run") if "run" in readings else ()
    meant = iter(declared or (0,) * on_table.count(0))
    j = -1
    for i, held in enumerate(on_table):
        if held:
            continue
        j += 1
        named = next(meant)
        if named and named != real:  # a declared joker is taken only by the card it stands for
            continue
        for reading in readings:
            if reading == "run" and not named and at_place and (
                    at_place[j] != real if RUN_SAME_SUIT else at_place[j] >> 2 != real >> 2):
                continue
            after = _read((*on_table[:i], real, *on_table[i + 1:]), False, reading)
            if after.ok:
                return after
    shown = _show_declared(on_table, declared)
    return Verdict(False, None, 0, (_because("swap.no_joker_for", meld=shown, card=str(real)),))
