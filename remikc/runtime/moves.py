"""What the player to move may do: `legal_actions`."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import cast

from .apply import _declared_on, _judged, _sorted, _turn_can_end
from .cards import Card, _memo
from .draws import (
    _LEFT_REFUSED,
    _draw_sources,
    _flags,
    _hand_points,
    _may_meld_now,
    _might_open,
    _must_draw_again,
    _opening,
)
from .game import (
    _REARRANGE,
    Action,
    Discard,
    Draw,
    EndTurn,
    Game,
    Lay,
    NextDeal,
    Rearrange,
    Refusal,
    TableMeld,
    _own_game,
)
from .melds import _fit, _jokers_read, _read, check_joker_swap, check_opening
from .rules import (
    DISCARD_TAKEN_CARD,
    DISCARDS,
    GOING_OUT,
    HAND_VALUE,
    HANDING_OPENING_RULES,
    HAS_OPENING,
    HAS_RUN,
    HAS_SET,
    KNOCK_MAX,
    RETRIEVED_JOKER,
    RUN_MIN,
    RUN_SAME_SUIT,
    SET_CLOSED_AT,
    SET_MAX,
    SET_MIN,
    _may_lay_off,
    _may_swap,
)
from .search import _counts, _extensions, _first_cards, _lay_down, _live
from .solver import _OPEN_CLEAN, _OPEN_MELDS, _OPEN_POINTS, _UNIVERSE_ONLY, Meld, _joker_melds, _vector

# --- what may be done -----------------------------------------------------------------------------

def legal_actions(game: Game) -> list[Action]:
    """What the player to move may do.  Draws, discards and ending the turn are listed in full.
    Lay-downs are many; listed are: before opening, the best opening (`best_opening`) and each meld
    that opens alone; when bound to hand, the whole lay-down; after opening (or where the table may
    be rearranged), each single meld from hand, each single card laid off and each joker swap (with a
    meld for the joker where it must be played at once).  `apply` judges any other lay-down as well:
    `greedy_bot` plays the solver's (`best_melds`, `best_play`)."""
    _own_game(game)
    if game.over:
        return []
    if game.deal_over:
        return [NextDeal()]
    if game.phase == "draw":
        return [Draw(s) for s in _draw_sources(game)]
    return [*_plays(game), *_after_plays(game)]


def _plays(game: Game) -> Iterator[Action]:
    """The lay-downs `legal_actions` lists, in its order, each worked out only when asked for: the
    greedy bot asks for the first alone (`bots._greedy_turn`)."""
    if not _may_lay_now(game):
        return iter(())
    return _accepted(game, _rearrangements_offered(game)) if _REARRANGE else _lay_downs(game)


def _may_lay_now(game: Game) -> bool:
    return game.phase == "play" and not game.owed and _may_meld_now(game)


def _might_lay(game: Game) -> bool:
    """False only where `_plays` offers nothing, said quickly for a hand without jokers: no meld
    of its own cards (`_live`), no card of it that could go first on a table meld where the rules
    let cards go on one, none that could take a table joker's place where they let it be taken.
    The greedy bot asks the solver only where this is True."""
    if not _may_lay_now(game):
        return False
    hand = game.hands[game.seat]
    if 0 in hand or not _UNIVERSE_ONLY or _live(_vector(hand)):
        return True
    cards = set(hand)
    first_round, opened = _flags(game)
    must_keep = 1 if DISCARDS and GOING_OUT == "discard" else 0
    # where the table is rearranged a meld may always grow; else as lay-offs, where they may (a
    # lay-off of one card from two, where the last may not be discarded, is refused)
    grow = _REARRANGE or (_may_lay_off(first_round, opened, False, False) and len(hand) > must_keep
                          and len(hand) - 1 != _LEFT_REFUSED)
    swap = RETRIEVED_JOKER is not None and _may_swap(first_round, opened, False, False)
    for meld in game.table:
        if grow:
            first = _first_cards(meld.cards)
            if first is None or not first.isdisjoint(cards):
                return True
        if swap and 0 in meld.cards:
            if _REARRANGE:  # the card the joker stands for, as the table keeps it
                if not cards.isdisjoint(meld.stands):
                    return True
                continue
            natural = next((c for c in meld.cards if c), None)
            if natural is None:
                return True
            if meld.kind == "set":  # a set's joker is taken by a card of its rank, a run's of its suit
                alike = [c for c in cards if c >> 2 == natural >> 2]
            else:
                alike = [c for c in cards if c & 3 == natural & 3]
            if any(_may_take_joker(meld.cards, c, meld.kind) for c in alike):
                return True
    return False


_TAKES_JOKER: dict[tuple[Meld, int, str | None], bool] = _memo({})


def _may_take_joker(meld: Meld, card: int, kind: str | None) -> bool:
    """Whether `card` may take a joker's place in a table meld (`check_joker_swap` for an opened
    player), kept: the same melds and hands are asked about turn after turn."""
    key = (meld, card, kind)
    may = _TAKES_JOKER.get(key)
    if may is None:
        if len(_TAKES_JOKER) >= 4096:
            _TAKES_JOKER.clear()
        may = _TAKES_JOKER[key] = bool(check_joker_swap(meld, Card(card), kind=kind))
    return may


def _after_plays(game: Game) -> list[Action]:
    """The draws, discards and ends of the turn that `legal_actions` lists after the lay-downs."""
    if _must_draw_again(game):
        return [Draw(s) for s in _draw_sources(game)]
    out: list[Action] = []
    if _turn_can_end(game) is None:
        most = KNOCK_MAX
        hand = game.hands[game.seat]
        if DISCARDS:
            if GOING_OUT == "table" and len(hand) == 1:
                return out  # the last card may not be discarded (`_lay_downs` leaves no such hand)
            points = _hand_points(hand)
            for c in dict.fromkeys(hand):
                if DISCARD_TAKEN_CARD or c != game.taken:
                    out.append(Discard(c))
                    # a knock counts the cards kept; an empty hand goes out instead
                    if most is not None and len(hand) > 1 and points - HAND_VALUE[c] <= most:
                        out.append(Discard(c, knock=True))
        else:
            out.append(EndTurn())
            if most is not None and _hand_points(hand) <= most:
                out.append(EndTurn(knock=True))
    return out


def _hand_melds(hand: Meld, opening: bool) -> list[Meld]:
    """Every meld the hand can make on its own (runs of every length, sets, melds with jokers)."""
    counts = _counts(hand)
    found: dict[tuple[int, ...], Meld] = {}
    naturals = sorted(c for c in counts if c)
    if HAS_SET:
        ranks: dict[int, list[int]] = {}
        for c in naturals:
            ranks.setdefault(c >> 2, []).append(c)
        for cards in ranks.values():
            for size in range(SET_MIN, min(SET_MAX, len(cards)) + 1):
                for meld in itertools.combinations(cards, size):
                    if _read(meld, opening, "set").ok:
                        found[tuple(sorted(meld))] = tuple(map(Card, meld))
    if HAS_RUN and RUN_SAME_SUIT:
        for c in naturals:
            run = [c]
            while len(run) < 14:
                nxt = run[-1] + 4 if run[-1] < 52 else run[-1] - 48
                if nxt not in counts or (nxt == c and (len(run) < 13 or counts[c] < 2)):
                    break
                run.append(nxt)
                if len(run) >= RUN_MIN and _read(tuple(run), opening, "run").ok:
                    found[tuple(sorted(run))] = tuple(map(Card, run))
    if 0 in counts or not _UNIVERSE_ONLY:
        for key, (_points, meld) in _joker_melds(counts, opening).items():
            found.setdefault(key, tuple(map(Card, meld)))
    return list(found.values())


def _lay_downs(game: Game) -> Iterator[Action]:
    seat = game.seat
    hand = game.hands[seat]
    first_round, opened = _flags(game)
    must_keep = 1 if DISCARDS and GOING_OUT == "discard" else 0
    handing = game.must == "hand"
    if handing or (not opened and HAS_OPENING):
        # whole lay-downs, judged in full: the opening, or everything at once when handing
        yield from _accepted(game, _whole_lay_downs(hand, handing, must_keep))
        return
    # one meld, one lay-off or one swap at a time: built so that the rules allow them
    left_ok = DISCARD_TAKEN_CARD or game.taken is None or not DISCARDS
    for meld in _hand_melds(hand, False):
        rest = len(hand) - len(meld)
        if rest < must_keep or rest == _LEFT_REFUSED or (
                rest and not left_ok and _only_taken(hand, meld, game.taken)):
            continue
        yield _said((meld,), False)
    if _may_lay_off(first_round, opened, False, False) and len(hand) > must_keep:
        for index, m in enumerate(game.table):
            for card in _lay_off_cards(m, hand):
                if len(hand) - 1 == _LEFT_REFUSED or (
                        len(hand) > 1 and not left_ok and _only_taken(hand, (card,), game.taken)):
                    continue
                yield _laid_off(m, index, card)
    if RETRIEVED_JOKER is not None and _may_swap(first_round, opened, False, False):
        yield from _accepted(game, _swaps(game))  # (no two swaps are the same: none is dropped)


def _whole_lay_downs(hand: Meld, handing: bool, must_keep: int) -> Iterator[Action]:
    """The whole lay-down when handing; else the best opening, then each meld that opens alone."""
    if handing:
        whole = _lay_down(hand, opening=HAS_OPENING and HANDING_OPENING_RULES, objective="cards",
                          keep=must_keep, melds_needed=_OPEN_MELDS if HANDING_OPENING_RULES else 0,
                          clean_run=_OPEN_CLEAN and HANDING_OPENING_RULES)
        if whole:
            yield _said(whole.melds, False, whole.lay_offs)
    elif _might_open(hand):
        best = _opening(hand)
        if best:  # and the melds that open alone, if any does (only where some opening is)
            yield _said(best.melds, True)
            yield from (_said((meld,), True) for meld in _hand_melds(hand, True)
                        if len(meld) + must_keep <= len(hand) and len(hand) - len(meld) != _LEFT_REFUSED
                        and _read(meld, True).points >= _OPEN_POINTS
                        and check_opening([meld]).ok)


def _accepted(game: Game, offered: Iterable[Action]) -> Iterator[Action]:
    """Each action offered once (the first time), if the referee accepts it."""
    seen: set[Action] = set()
    for action in offered:
        if action in seen:
            continue
        seen.add(action)
        if not isinstance(_judged(game, cast("Lay | Rearrange", action)), Refusal):
            yield action


def _said(melds: Iterable[Meld], opening: bool, lay_offs: Iterable[tuple[int, Meld]] = (),
          swaps: Iterable[tuple[int, int]] = ()) -> Lay:
    """A listed lay-down, saying how the jokers of each new meld are read (docs/notation.md)."""
    laid = tuple(melds)
    return Lay(laid, lay_offs, [(i, Card(c)) for i, c in swaps],
               declared=[_declare(m, opening) for m in laid])


def _laid_off(m: TableMeld, index: int, card: int) -> Lay:
    """A listed lay-off of one card; a joker declared as the card of the place the meld takes it
    at (a run's end, or the first suit a set lacks), where that declaration is allowed."""
    if card:
        return Lay(lay_offs=((index, (Card(card),)),))
    table_named = _declared_on(m)
    found = _fit(m.cards, table_named, (0,), (), [m.kind])
    if found is not None and found[1] is not None:
        grown, meant = found[1], found[2]
        at = 0 if grown == (0, *m.cards) else len(m.cards)  # the front, or the end
        rest = iter(meant)
        filled = tuple(c or next(rest, 0) for c in grown)
        read = _jokers_read(filled, m.kind)
        named = (read[filled[:at].count(0)],) if read else ()
        if named and _fit(m.cards, table_named, (0,), named, [m.kind]) is not None:
            return Lay(lay_offs=((index, (Card(0),)),), lay_offs_declared=[named])
    return Lay(lay_offs=((index, (Card(0),)),))


def _declare(meld: Meld, opening: bool) -> tuple[Card, ...]:
    """The cards the jokers of a meld stand for, as the rules read it undeclared."""
    if 0 not in meld:
        return ()
    kind = _read(meld, opening).kind
    return _jokers_read(meld, kind) if kind is not None else ()


def _only_taken(hand: Meld, laid: Iterable[int], taken: int | None) -> bool:
    rest: list[int] = list(hand)
    for card in laid:
        rest.remove(card)
    return all(c == taken for c in rest)


def _lay_off_cards(m: TableMeld, hand: Meld) -> list[int]:
    """The cards of `hand` that can be laid off, one alone, on the table meld `m`."""
    cards = m.cards
    out: list[int] = []
    if HAS_SET and m.kind == "set":
        closed = SET_CLOSED_AT
        if len(cards) >= SET_MAX or (closed is not None and len(cards) >= closed):
            return out
        rank = next((c >> 2 for c in cards if c), None)
        for card in dict.fromkeys(hand):
            if (not card or card >> 2 == rank) and _read((*cards, card), False, "set").ok:
                out.append(card)
        return out
    wanted = _run_ends(cards) if m.kind == "run" else None
    for card in dict.fromkeys(hand):
        if wanted is not None and card and card not in wanted:
            continue
        if _read((card, *cards), False, m.kind).ok or _read((*cards, card), False, m.kind).ok:
            out.append(card)
    return out


def _run_ends(cards: Meld) -> set[int] | None:
    """The cards that would go on either end of a run of one suit (None: any may)."""
    if HAS_RUN:
        k = next((i for i, c in enumerate(cards) if c), None)
        if k is None or not RUN_SAME_SUIT:
            return None
        start = (cards[k] >> 2) - k  # the position of the first card: 1 the low ace, 14 the high one
        suit = cards[k] & 3
        ends = set()
        for position in (start - 1, start + len(cards)):
            rank = (position - 1) % 13 + 1
            ends.add(rank * 4 + suit)
        return ends
    else:
        return None


def _swaps(game: Game) -> list[Action]:
    hand = game.hands[game.seat]
    out: list[Action] = []
    for index, m in enumerate(game.table):
        if 0 not in m.cards:
            continue
        natural = next(c for c in m.cards if c)
        for card in dict.fromkeys(hand):
            other = card >> 2 != natural >> 2 if m.kind == "set" else card & 3 != natural & 3
            if not card or other or not check_joker_swap(m.cards, Card(card), kind=m.kind):
                continue
            if RETRIEVED_JOKER == "keep":
                out.append(Lay(swaps=((index, card),)))
                continue
            rest: list[int] = list(hand)
            rest.remove(card)
            rest.append(0)
            for meld in _hand_melds(_sorted(rest), False):
                if 0 in meld:
                    out.append(_said((meld,), False, swaps=((index, card),)))
                    break
    return out


def _rearrangements_offered(game: Game) -> Iterator[Action]:
    hand = game.hands[game.seat]
    table = tuple(m.cards for m in game.table)
    first_round, opened = _flags(game)
    if HAS_OPENING and not opened:
        # the table stays as it lies until he opens (`apply._before_opening`): the best opening
        # first, then each meld that opens alone, as where the table is not rearranged
        must_keep = 1 if DISCARDS and GOING_OUT == "discard" else 0
        for lay in cast("Iterator[Lay]", _whole_lay_downs(hand, False, must_keep)):
            yield Rearrange((*table, *lay.melds), declared=[*([()] * len(table)), *lay.declared])
    else:
        for meld in _hand_melds(hand, False):
            yield Rearrange((*table, meld), declared=[*([()] * len(table)), _declare(meld, False)])
    counts = _counts(hand)
    for index, m in enumerate(game.table):
        for _gain, grown in _extensions(m.cards, counts, most=1).values():
            yield Rearrange((*table[:index], tuple(map(Card, grown)), *table[index + 1:]))
    if RETRIEVED_JOKER is not None and _may_swap(first_round, opened, False, False):
        yield from _table_swaps(game)


def _table_swaps(game: Game) -> list[Action]:
    """Each card of the hand a table joker stands for, laid in its place, the freed joker put at
    an end of the same meld (where it fits there)."""
    hand = game.hands[game.seat]
    table = [m.cards for m in game.table]
    out: list[Action] = []
    for index, m in enumerate(game.table):
        for card in sorted(set(m.stands) & set(hand)):
            cards: list[int] = list(m.cards)
            for i, held in enumerate(cards):
                if not held and _read((*cards[:i], card, *cards[i + 1:]), False, m.kind).ok:
                    cards[i] = card
                    break
            for grown in ((0, *cards), (*cards, 0)):
                if _read(grown, False, m.kind).ok:
                    new = (*table[:index], tuple(map(Card, grown)), *table[index + 1:])
                    out.append(Rearrange(new, swaps=((Card(card), "hand"),)))
                    break
    return out
