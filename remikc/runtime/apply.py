"""`apply`: each action judged and played, the end of a deal and of the game."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import cast

from .cards import _CARD, _NOT_CARDS, CARDS, Card, CardsLike, _card, _cards, _memo
from .draws import (
    _LEFT_REFUSED,
    _can_open,
    _commitment,
    _draw_sources,
    _flags,
    _hand_points,
    _may_meld_now,
    _must_draw_again,
)
from .game import (
    _REARRANGE,
    _SEED_LEAST,
    _SEED_MOST,
    Action,
    DealResult,
    Discard,
    Draw,
    EndTurn,
    Game,
    Lay,
    NextDeal,
    Rearrange,
    Refusal,
    TableMeld,
    _check_pack,
    _own_game,
    parse_action,
)
from .melds import (
    Verdict,
    _fit,
    _laid,
    _lay_off,
    _opening_of,
    _read,
    _read_declared,
    _show,
    _show_declared,
    check_joker_swap,
    hand_value,
)
from .reasons import Reason, _because
from .rules import (
    _WHY_DECLARE,
    _WHY_DISCARD_TAKEN,
    _WHY_DISCARDS,
    _WHY_DRAW_CUT,
    _WHY_DRAW_DISCARD,
    _WHY_DRAWS,
    _WHY_FIRST_PLAYER_EXTRA,
    _WHY_GOING_OUT,
    _WHY_KNOCKING,
    _WHY_LAY_OFF,
    _WHY_MELD_AFTER_LAST_DRAW,
    _WHY_OPENING_MIN_POINTS,
    _WHY_REARRANGE_MIN,
    _WHY_REARRANGE_REMOVE,
    _WHY_RETRIEVED_JOKER,
    _WHY_SWAP_ALLOWED,
    _WHY_SWAP_FROM,
    ALL_OUT_BONUS,
    AMBIGUOUS,
    CUT_CARD,
    DEALER_PLAYS_FIRST,
    DISCARD_TAKEN_CARD,
    DISCARDS,
    DRAWS,
    DRAWS_UNTIL_MELD,
    FIRST_DISCARD_FACE_UP,
    FIRST_PLAYER_EXTRA,
    GOING_OUT,
    HAND_BY_PLAYERS,
    HANDED,
    HANDED_WITH_CUT_CARD,
    HANDING,
    HANDING_LAY_OFF,
    HANDING_MULTIPLIER,
    HANDING_OPENING_RULES,
    HAS_OPENING,
    JOKERS_BY_PLAYERS,
    JOKERS_DECLARED,
    KNOCK_MAX,
    KNOCKER_WINS_TIES,
    METHOD,
    PACKS_BY_PLAYERS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    REARRANGE_MIN_FROM_HAND,
    REMOVE_FROM_TABLE,
    RETRIEVED_JOKER,
    ROUND_WIN_BONUS,
    ROUNDS,
    STOCK_EMPTY,
    SWAP_FROM_TABLE,
    TARGET,
    TARGET_BONUS,
    UNDERCUT_BONUS,
    VARIANT_ID,
    VARIANT_NAME,
    WENT_OUT,
    _may_lay_off,
    _may_swap,
)
from .search import _counts, _kept
from .solver import Meld

# --- applying an action ---------------------------------------------------------------------------

def apply(game: Game, action: Action | str, seat: int | None = None) -> Game | Refusal:
    """The game after `action` by the player to move, or a Refusal naming each rule it breaks.
    `action`: an Action, or its text as `str(action)` writes it (`"discard 2♥"`), read by
    `parse_action` (a ValueError for a text that is no action).  `seat`: who acts, for a server
    that takes actions from every seat: an action of a player whose turn it is not is refused
    (`NextDeal` may come from any seat).  A game of another variant's module, or an action that
    is neither an Action nor a text, is a TypeError."""
    _own_game(game)
    if isinstance(action, str):
        action = parse_action(action)
    elif not isinstance(action, Action):
        kind = type(action).__name__
        if kind in ("Draw", "Lay", "Rearrange", "Discard", "EndTurn", "NextDeal"):
            # another variant's module: its text says the same move here
            where = type(action).__module__
            raise TypeError(f"action: {action!r} is a {kind} of another module ({where}), not of "
                            f"{VARIANT_ID}'s: give its text {str(action)!r} or this module's {kind}"[:300])
        raise TypeError(f"action: an Action (Draw, Lay, Rearrange, Discard, EndTurn, NextDeal) or its "
                        f"text, as parse_action reads it ('discard 5♠'), not {kind} {action!r}"[:300])
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        # as `view` checks it: a seat "1" was refused as not seat 1's turn, a seat 99 let deal
        raise ValueError(f"seat: 0 to {game.players - 1} in a game of {game.players} players, or None, "
                         f"not {_number(seat) if type(seat) is int else repr(seat)}"[:300])
    if game.over:
        return Refusal(_because("game.over"))
    if seat is not None and not isinstance(action, NextDeal) and not game.deal_over and seat != game.seat:
        return Refusal(_because("turn.not_yours", to_move=game.seat, seat=seat))
    if isinstance(action, NextDeal):
        if not game.deal_over:
            return Refusal(_because("deal.not_over"))
        return _deal(game)
    if game.deal_over:
        return Refusal(_because("deal.over"))
    if isinstance(action, Draw):
        return _draw(game, action.source)
    if isinstance(action, (Lay, Rearrange)):
        kept = _JUDGED[0] if _JUDGED else None
        if kept is not None and kept[0] is game and kept[1] == action:
            return kept[2]  # judged a moment ago, for the bot that chose it
        return _lay(game, action) if isinstance(action, Lay) else _rearranged(game, action)
    if isinstance(action, Discard):
        return _discard(game, action.card, action.knock)
    if isinstance(action, EndTurn):
        return _end_turn(game, action.knock)
    return Refusal(_because("action.unknown", action=repr(action)))


# the last lay-down `_judged`, with its verdict
_JUDGED: list[tuple[Game, Action, Game | Refusal]] = _memo([])


def _judged(game: Game, action: Lay | Rearrange) -> Game | Refusal:
    """`apply`'s verdict on a lay-down, kept for the `apply` that follows: a bot judges the
    lay-down it chooses before it plays it.  (A Game never changes, and the kept action is
    compared by value: a kept verdict is the one `apply` would give.)"""
    verdict = _rearranged(game, action) if isinstance(action, Rearrange) else _lay(game, action)
    _JUDGED[:] = [(game, action, verdict)]
    return verdict


def _draw(game: Game, source: str) -> Game | Refusal:
    if game.phase == "play" and not _must_draw_again(game):
        if game.draws == 0 and game.first_round and game.turn == 1 and FIRST_PLAYER_EXTRA:
            return Refusal(_because("draw.first_player", _WHY_FIRST_PLAYER_EXTRA, extra=FIRST_PLAYER_EXTRA))
        if game.draws == 0:
            return Refusal(_because("draw.nothing_left"))
        if game.draws >= DRAWS or not DRAWS_UNTIL_MELD:
            return Refusal(_because("draw.enough", _WHY_DRAWS, draws=DRAWS))
        return Refusal(_because("draw.after_meld", _WHY_DRAWS))
    if source not in _draw_sources(game):
        return Refusal(_why_not_draw(game, source))
    must = _commitment(game, source) or ""
    stock: list[int] = list(game.stock)
    discards: list[int] = list(game.discards)
    empty = game.empty_stock
    cut = game.cut
    if source == "stock":
        # the cut card (stock[0]) is no stock card: only a player who hands may take it, and it
        # stays under the stock when the discards but the top card become the new stock
        under = 1 if cut else 0
        if len(stock) == under:
            stock = stock[:under] + _shuffled(discards[:-1], game.seed, game.deal, game.turn)
            discards = discards[-1:]
        card = stock.pop()
    elif source == "discard":
        card = discards.pop()
    else:
        card = stock.pop(0)
        cut = False
    last_turns = game.last_turns
    if len(stock) == (1 if cut else 0):
        empty = True
        if STOCK_EMPTY == "last_round" and last_turns is None:
            last_turns = game.players  # everyone, this player too, has one more turn
    hands = list(game.hands)
    hands[game.seat] = _sorted((*hands[game.seat], card))
    after = game._copy(
        hands=tuple(hands), stock=tuple(stock), discards=tuple(discards), cut=cut, empty_stock=empty,
        last_turns=last_turns, phase="play", draws=game.draws + 1, must=game.must or must,
        taken=card if source == "discard" else game.taken, cut_taken=game.cut_taken or source == "cut")
    if must == "open" and source == "stock" and not _must_draw_again(after) and \
            not _can_open(hands[game.seat]):
        # the stock drawn on a promise to open, unseen, and the hand cannot keep it: no action
        # is left to him, so the deal ends as one nobody can play on
        return _end_deal(after, "blocked", None)
    return after


def _why_not_draw(game: Game, source: str) -> Reason:
    if source == "stock":
        return _because("draw.stock_empty")
    if source == "discard":
        if not game.discards:
            return _because("draw.discard_empty")
        if game.draws:
            return _because("draw.discard_second")
        return _because("draw.discard_not_now", _WHY_DRAW_DISCARD)
    return _because("draw.cut_not_now", _WHY_DRAW_CUT)


def _take(hand: list[int], cards: Iterable[int], why: list[Reason]) -> None:
    """Takes `cards` from `hand`; a card it lacks is a reason, said once however often it is
    missing (two jokers laid from a hand without: one reason, `times` 2)."""
    for card in cards:
        if card in hand:
            hand.remove(card)
            continue
        text = str(Card(card))
        for i, said in enumerate(why):
            if said.code == "hand.missing" and said._params.get("card") == text:
                times = cast("int", said._params.get("times") or 1) + 1
                why[i] = _because("hand.missing", card=text, times=times, form="times")
                break
        else:
            why.append(_because("hand.missing", card=text))


def _lay(game: Game, action: Lay) -> Game | Refusal:
    if _REARRANGE:
        return Refusal(_because("lay.use_rearrange"))
    why: list[Reason] = []
    if game.phase != "play":
        return Refusal(_because("turn.draw_first"))
    if not _may_meld_now(game):
        if not DRAWS_UNTIL_MELD:
            return Refusal(_because("turn.draw_more", _WHY_DRAWS, draws=DRAWS))
        return Refusal(_because("turn.meld_after_last_draw", _WHY_MELD_AFTER_LAST_DRAW))
    if not (action.melds or action.lay_offs or action.swaps):
        return Refusal(_because("lay.empty"))
    seat = game.seat
    first_round, opened = _flags(game)
    handing = game.must == "hand"
    hand: list[int] = list(game.hands[seat])
    table = list(game.table)
    owed = game.owed
    # joker swaps: the card from hand takes the joker's place, the joker comes to hand
    for index, card in action.swaps:
        if not 0 <= index < len(table):
            why.append(_because("table.no_meld", number=index + 1))
            continue
        m = table[index]
        verdict = check_joker_swap(m.cards, Card(card), opened=opened, first_round=first_round,
                                   handing=handing, kind=m.kind)
        if not verdict.ok:
            why += [r._within("swap", meld_number=index + 1) for r in verdict.reasons]
            continue
        if JOKERS_DECLARED and m.stands and card not in m.stands:
            # the table keeps what the player said its jokers are: only that card takes one
            why.append(_because("swap.no_joker_for", meld=_show(m.cards), card=str(Card(card)))
                       ._within("swap", meld_number=index + 1))
            continue
        _take(hand, (card,), why)
        cards = list(m.cards)
        for i, held in enumerate(cards):
            if not held and _read((*cards[:i], card, *cards[i + 1:]), False, m.kind).ok:
                cards[i] = card
                break
        stands = list(m.stands)
        if card in stands:  # the card takes its joker's place: that joker stands for nothing now
            stands.remove(card)
        table[index] = TableMeld(tuple(map(Card, cards)), m.kind, m.owner, tuple(stands))
        hand.append(0)
        if RETRIEVED_JOKER != "keep":
            owed += 1
    # new melds
    opening = not opened and HAS_OPENING
    laid_now = tuple(c for meld in action.melds for c in meld)
    _take(hand, laid_now, why)
    # the lay-down that opens meets the opening rules, unless handing is exempt from them
    emptied = len(hand) - sum(len(c) for _, c in action.lay_offs) <= DISCARDS
    exempt = not HANDING_OPENING_RULES and HANDING and not game.laid[seat] and emptied
    # the opening's check names each meld that is no meld, by its number: said once, not again below
    said = opening and bool(action.melds) and not exempt
    if said:
        why += list(_opening_of(list(zip(action.melds, action.declared, strict=True))).reasons)
    new_melds = []
    for meld, declared in zip(action.melds, action.declared, strict=True):
        verdict = _read_declared(meld, declared, opening, None)
        if not verdict.ok:
            if not said:
                why += [r._within("new_meld", meld_cards=_show_declared(meld, declared))
                        for r in verdict.reasons]
        else:
            kind = cast("str", verdict.kind)
            # the meld lies in table order; where the rules keep what jokers are declared, so does the table
            kept = tuple(sorted(d for d in declared if d)) if JOKERS_DECLARED else ()
            new_melds.append(TableMeld(_laid(meld, declared, kind), kind, seat, kept))
    if RETRIEVED_JOKER == "new_meld_now" or RETRIEVED_JOKER == "play_now":
        owed = max(0, owed - laid_now.count(0))
    now_opened = opened or bool(action.melds)
    # lay-offs onto the melds as they were
    laid_off = tuple(c for _, cards in action.lay_offs for c in cards)
    _take(hand, laid_off, why)
    if RETRIEVED_JOKER == "play_now":
        owed = max(0, owed - laid_off.count(0))
    for (index, added), named in zip(action.lay_offs, action.lay_offs_declared, strict=True):
        if not 0 <= index < len(table):
            why.append(_because("table.no_meld", number=index + 1))
            continue
        m = table[index]
        verdict, grown, meant = _lay_off(m.cards, _declared_on(m), m.kind, added, named, opened=now_opened,
                                         first_round=first_round, handing=handing,
                                         empties_hand=not hand and DISCARDS > 0)
        if grown is None:
            why += [r._within("lay_off", meld_number=index + 1) for r in verdict.reasons]
            continue
        # the meld lies in table order; where the rules keep what jokers are declared, so does the table
        keeps = _table_keeps(grown, meant, m.kind) if JOKERS_DECLARED else ()
        table[index] = TableMeld(_laid(grown, meant, m.kind), m.kind, m.owner, keeps)
    wrong = _left_wrong(len(hand))
    if wrong:
        why.append(wrong)
    if hand and DISCARDS and not DISCARD_TAKEN_CARD and all(c == game.taken for c in hand):
        why.append(_because("discard.taken_only", _WHY_DISCARD_TAKEN, cards=_show(hand)))
    if handing and len(hand) > DISCARDS:
        why.append(_because("handing.all_at_once", _WHY_DRAW_CUT))
    if owed and RETRIEVED_JOKER == "new_meld_now" and action.swaps and not why:
        why.append(_because("joker.new_meld_now", _WHY_RETRIEVED_JOKER))
    if why:
        return Refusal(why)
    hands = list(game.hands)
    hands[seat] = _sorted(hand)
    first_open = game.first_open_turn
    if (laid_now or laid_off) and first_open is None:
        first_open = game.turn
    after = game._copy(
        hands=tuple(hands), table=(*table, *new_melds), owed=owed, melded=True,
        opened=(*game.opened[:seat], now_opened, *game.opened[seat + 1:]),
        opened_now=game.opened_now or (now_opened and not opened),
        laid_off_now=game.laid_off_now or any(game.table[i].owner != seat for i, _ in action.lay_offs)
        or any(game.table[i].owner != seat for i, _ in action.swaps), first_open_turn=first_open,
        must="" if game.must == "open" and now_opened else game.must)
    if not hand:
        return _went_out(after)
    return after


def _left_wrong(left: int) -> Reason | None:
    """Why a lay-down that leaves `left` cards in hand breaks the rules of going out, or None."""
    if DISCARDS and GOING_OUT == "discard" and left == 0:
        return _because("going_out.discard", _WHY_GOING_OUT)
    if left == _LEFT_REFUSED:
        # the one card left could leave the hand only as the turn's discard
        return _because("going_out.one_left", _WHY_GOING_OUT)
    return None


def _grown(meld: Meld, added: Meld, kind: str) -> Meld:
    """The meld with `added` in the places `check_lay_off` finds for them."""
    found = _fit(meld, (), added, (), [kind])
    if found is None or found[1] is None:
        raise AssertionError("check_lay_off accepted it")
    return _laid(found[1], found[2], kind)


def _declared_on(m: TableMeld) -> tuple[int, ...]:
    """What the jokers of a table meld stand for, one for each joker in order, where the table
    keeps it and it is not their place's card: a set's (a run's joker is the card of its place)."""
    if m.kind != "set" or len(m.stands) != m.cards.count(0):
        return ()
    return m.stands


def _table_keeps(cards: tuple[int, ...], meant: tuple[int, ...], kind: str) -> tuple[int, ...]:
    """The cards every joker of a meld stands for, as the table keeps them: the declared ones,
    and for the others their place's card (a run) or the suits the set lacks."""
    named = [c for c in meant if c]
    rest = iter(meant)
    filled = tuple(Card(c or next(rest, 0)) for c in cards)
    return tuple(sorted((*named, *(_stands(filled, kind, []) or ()))))


def _stands(meld: Meld, kind: str, wanted: list[int]) -> tuple[int, ...] | None:
    """The cards a meld's jokers stand for, taking from `wanted` those a set's jokers may declare;
    None where a run's jokers do not follow from their places."""
    if 0 not in meld:
        return ()
    k = next((i for i, c in enumerate(meld) if c), None)
    if k is None:
        return None
    if kind == "run":
        start = ((meld[k] >> 2) - k - 1) % 13 + 1
        suit = meld[k] & 3
        # as Cards: the table shows them (`TableMeld.stands`), and a bare code prints as a number
        return tuple(sorted(_CARD[((start + i - 1) % 13 + 1) * 4 + suit]
                            for i, c in enumerate(meld) if not c))
    rank = meld[k] >> 2
    free = [rank * 4 + s for s in range(4) if rank * 4 + s not in meld]
    stands: list[int] = []
    for card in list(wanted):
        if card in free and len(stands) < meld.count(0):
            stands.append(card)
            free.remove(card)
            wanted.remove(card)
    while len(stands) < meld.count(0) and free:
        stands.append(free.pop(0))
    return tuple(sorted(_CARD[c] for c in stands))


def _rearranged(game: Game, action: Rearrange) -> Game | Refusal:
    if not _REARRANGE:
        return Refusal(_because("rearrange.not_allowed"))
    if game.phase != "play":
        return Refusal(_because("turn.draw_first"))
    if not _may_meld_now(game):
        if not DRAWS_UNTIL_MELD:
            return Refusal(_because("turn.draw_more", _WHY_DRAWS, draws=DRAWS))
        return Refusal(_because("turn.meld_after_last_draw", _WHY_MELD_AFTER_LAST_DRAW))
    seat = game.seat
    first_round, opened = _flags(game)
    why: list[Reason] = []
    old = [c for m in game.table for c in m.cards] if action.swaps else []
    hand: list[int] = list(game.hands[seat])
    declared = sorted(c for m in game.table for c in m.stands)
    for card, where in action.swaps:
        if not _may_swap(first_round, opened, False, False):
            why.append(_because("swap.not_now", _WHY_SWAP_ALLOWED))
        if card not in declared:
            why.append(_because("swap.no_joker_on_table", card=str(Card(card))))
            continue
        declared.remove(card)
        if where == "table" and not SWAP_FROM_TABLE:
            why.append(_because("swap.from_hand", _WHY_SWAP_FROM))
        elif where == "table" and card not in old:
            why.append(_because("swap.not_on_table", card=str(Card(card))))
        elif not _takes_place(game.table, card, action.table):
            why.append(_because("swap.place", card=str(Card(card))))
    # the table's cards stay (unless the rules let them go); the rest comes from hand.  Counted
    # meld by meld first (most melds are as they were); where a card left the table or is not in
    # the hand, counted again card by card, in the order of the table the reasons name them in
    rest, gone = _moved_melds(game.table, action.table)
    if gone or not _holds(hand, rest):
        rest, gone = _moved([c for m in game.table for c in m.cards], [c for m in action.table for c in m])
    if gone and not REMOVE_FROM_TABLE:
        why.append(_because("rearrange.remove", _WHY_REARRANGE_REMOVE, cards=_show(gone)))
    _take(hand, rest, why)
    hand += gone
    wrong = _left_wrong(len(hand))
    if wrong:
        why.append(wrong)
    least = cast("int", REARRANGE_MIN_FROM_HAND)
    if len(rest) < least:
        why.append(_because("rearrange.min", _WHY_REARRANGE_MIN, given=len(rest), least=least))
    # a player who has not opened leaves the table's melds as they lie and opens with melds of his
    # own (`_before_opening`): where they lie in the new table, and which are his new melds
    stayed: dict[int, int] = {}
    opening = HAS_OPENING and not opened
    if opening:
        stayed, refused = _before_opening(game, action, first_round)
        why += refused
    melds = []
    plain: dict[int, TableMeld] = {}  # by place in the new table: melds without jokers, laid at once
    for place, (meld, named) in enumerate(zip(action.table, action.declared, strict=True)):
        if not named and 0 not in meld:
            known = _plain_laid(meld, seat)
            if known is not None:
                plain[place] = known
                continue
        verdict = _joker_meld(meld, named)[0]
        if not verdict.ok:
            if opening and place not in stayed and len(stayed) == len(game.table):
                continue  # the opening's check named it, by its number among the new melds
            why += [r._within("new_meld", meld_cards=_show_declared(meld, named)) for r in verdict.reasons]
        else:
            melds.append((meld, cast("str", verdict.kind), named))
    if why:
        return Refusal(why)
    # a table joker keeps the card it stands for: the declared ones, the run jokers, then the sets'
    wanted = list(declared)
    placed: list[tuple[Meld, str, Meld, Meld, tuple[int, ...] | None]] = []
    for meld, kind, named in melds:
        _, filled, as_run, as_set = _joker_meld(meld, named)
        if not named:
            kind = _reading(meld, kind, wanted, as_set)
        for card in named:
            if card in wanted:
                wanted.remove(card)
        stands = as_run if kind == "run" else None
        for code in stands or ():
            if code in wanted:
                wanted.remove(code)
        placed.append((meld, kind, named, filled, stands))
    table = []
    others = iter(placed)
    for place in range(len(action.table)):
        known = plain.get(place)
        if known is not None:
            table.append(known)
            continue
        meld, kind, named, filled, stands = next(others)
        if kind == "set":
            stands = _stands(filled, kind, wanted)
        kept = tuple(sorted((*(c for c in named if c), *(stands or ()))))
        table.append(TableMeld(_laid(meld, named, kind), kind, seat, kept))
    # the card a joker stands for, laid from hand, takes its place: the joker is free again
    laid = [c for c in rest if c]
    for card, where in action.swaps:
        if card in laid and where == "hand":
            laid.remove(card)
        elif where == "hand":
            return Refusal(_because("swap.not_laid", card=str(Card(card))))
    for card in laid:
        if card in wanted and _takes_place(game.table, card, action.table):
            wanted.remove(card)
    if wanted:
        return Refusal(_because("joker.keeps_card", _WHY_DECLARE, cards=_show(wanted)))
    now_opened = True
    if opening:
        # the table's melds keep who laid them; he opens only by melds of his own
        for place, was in stayed.items():
            m = table[place]
            table[place] = TableMeld(m.cards, m.kind, game.table[was].owner, m.stands)
        now_opened = len(stayed) < len(action.table)
    hands = list(game.hands)
    hands[seat] = tuple(sorted(cast("list[Card]", hand)))  # (Cards: the hand's and the table's)
    after = game._copy(hands=tuple(hands), table=tuple(table), melded=True,
                       opened=(*game.opened[:seat], now_opened, *game.opened[seat + 1:]),
                       opened_now=game.opened_now or (opening and now_opened),
                       must="" if game.must == "open" and now_opened else game.must,
                       first_open_turn=game.turn if game.first_open_turn is None else game.first_open_turn)
    if not hand:
        return _went_out(after)
    return after


def _before_opening(game: Game, action: Rearrange, first_round: bool) -> tuple[dict[int, int], list[Reason]]:
    """Where a player who has not opened leaves the table's melds: for each place of the new table
    holding one, the table meld's index; and why the rest is refused.  Until he opens, each meld
    on the table stays as it lies, in a meld of its own, grown only by lay-offs where the rules
    allow them now (the card a swap from hand lays takes its joker's place; the joker goes with
    the hand's cards), and the melds holding none are his opening, held to the opening's rules:
    a first lay-down that rearranges the table would open with the table's cards."""
    why: list[Reason] = []
    lying = [_counts(m.cards) for m in game.table]
    for card, where in action.swaps:
        holder = next((i for i, m in enumerate(game.table) if card in m.stands and lying[i].get(0)), None)
        if where == "table":
            if not why:
                why.append(_because("rearrange.before_opening", _WHY_OPENING_MIN_POINTS))
        elif holder is not None:  # (a swap no table joker stands for is refused by `_rearranged`)
            lying[holder][0] -= 1
            lying[holder][card] = lying[holder].get(card, 0) + 1
    new = [_counts(meld) for meld in action.table]
    holds = [[place for place in sorted(range(len(new)), key=lambda p: p != i)
              if all(new[place].get(card, 0) >= n for card, n in was.items())] for i, was in enumerate(lying)]
    stayed = _matched(holds)
    if len(stayed) < len(lying):
        if not why:  # (a card from another meld took a joker's place: said already)
            why.append(_because("rearrange.before_opening", _WHY_OPENING_MIN_POINTS))
        return stayed, why
    mine = [place for place in range(len(new)) if place not in stayed]
    grown = [was for place, was in stayed.items() if len(action.table[place]) > len(game.table[was].cards)]
    if grown and not _may_lay_off(first_round, bool(mine), False, False):
        why += [_because("lay_off.not_now", _WHY_LAY_OFF)._within("lay_off", meld_number=was + 1)
                for was in sorted(grown)]
    if mine:
        why += _opening_of([(action.table[p], tuple(action.declared[p])) for p in mine]).reasons
    return stayed, why


def _matched(holds: list[list[int]]) -> dict[int, int]:
    """A place of the new table for each table meld, each place for one meld (`holds[i]`: the
    places that hold meld i, its own first), as many as can be: by new place, the meld's index.
    Augmenting paths (Kuhn): a table holds a few dozen melds."""
    owner: dict[int, int] = {}

    def place(i: int, tried: set[int]) -> bool:
        for p in holds[i]:
            if p in tried:
                continue
            tried.add(p)
            if p not in owner or place(owner[p], tried):
                owner[p] = i
                return True
        return False

    for i in range(len(holds)):
        place(i, set())
    return owner


def _moved_melds(table: tuple[TableMeld, ...], new: tuple[Meld, ...]) -> tuple[list[Card], list[Card]]:
    """`_moved`'s cards, the same but maybe in another order: the melds that stay as they were
    are set aside first."""
    stay: dict[Meld, int] = {}
    for on_table in table:
        stay[on_table.cards] = stay.get(on_table.cards, 0) + 1
    added: list[Card] = []
    for meld in new:
        left = stay.get(meld, 0)
        if left:
            stay[meld] = left - 1
        else:
            added += meld
    return _moved([c for meld, n in stay.items() for _ in range(n) for c in meld], added)


def _moved(old: list[Card], new: list[Card]) -> tuple[list[Card], list[Card]]:
    """The cards of the new table that the old one lacks (`new`'s order, the first of a card's
    copies taken as the old table's) and the old table's cards the new one lacks (`old`'s order,
    the last of a card's copies): counted, not searched for (a table holds fifty cards)."""
    on_old: dict[Card, int] = {}
    for card in old:
        on_old[card] = on_old.get(card, 0) + 1
    rest = []
    for card in new:
        left = on_old.get(card, 0)
        if left:
            on_old[card] = left - 1
        else:
            rest.append(card)
    gone = []
    if len(new) - len(rest) < len(old):  # some card of the old table is not on the new one
        on_new: dict[Card, int] = {}
        for card in new:
            on_new[card] = on_new.get(card, 0) + 1
        for card in old:
            left = on_new.get(card, 0)
            if left:
                on_new[card] = left - 1
            else:
                gone.append(card)
    return rest, gone


# a meld without jokers as `_rearranged` lays it for a seat (None: not valid), by its cards and seat:
# where the table is rearranged, every meld is laid again at every turn
_PLAIN_LAID: dict[tuple[Meld, int], TableMeld | None] = _memo({})


def _plain_laid(meld: Meld, seat: int) -> TableMeld | None:
    """A meld without jokers laid by `seat`, as `_rearranged` lays it, or None where the rules
    refuse it (then `_rearranged` says why)."""
    key = (meld, seat)
    try:
        return _PLAIN_LAID[key]
    except KeyError:
        verdict = _read(meld, False)
        kind = cast("str", verdict.kind)
        return _kept(_PLAIN_LAID, key, TableMeld(_laid(meld, (), kind), kind, seat) if verdict.ok else None)


def _takes_place(table: tuple[TableMeld, ...], card: int, new: tuple[Meld, ...]) -> bool:
    """Does `card` stand in the new table where a table joker standing for it stood: in a meld
    holding the rest of that joker's meld?"""
    for m in table:
        if card in m.stands:
            rest: list[int] = list(m.cards)
            rest.remove(0)
            rest.append(card)
            if any(_holds(meld, rest) for meld in new):
                return True
    return False


def _holds(meld: Sequence[int], cards: Sequence[int]) -> bool:
    """Does `meld` hold all of `cards` (as a multiset)?"""
    left: list[int] = list(meld)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True


# what `_rearranged` reads of a meld it is given with its declared jokers, whatever the table and
# the seat (the rules' verdict, its cards with the declared jokers as them, the cards its jokers
# stand for as a run, and as a run where it also reads as a set: `_reading`), by meld and declared
# jokers: where the table is rearranged, every meld is laid again at every turn
_JokerMeld = tuple[Verdict, Meld, tuple[int, ...] | None, tuple[int, ...] | None]
_JOKER_MELDS: dict[tuple[Meld, Meld], _JokerMeld] = _memo({})


def _joker_meld(meld: Meld, named: Meld) -> _JokerMeld:
    """`_JOKER_MELDS`' entry for a meld: the same calls `_rearranged` and `_reading` made at each
    lay-down, on the same arguments (none of them reads the table, the hand or the seat), made once."""
    key = (meld, named)
    try:
        return _JOKER_MELDS[key]
    except KeyError:
        pass
    verdict = _read_declared(meld, named, False, None)
    filled: Meld = ()
    as_run = as_set = None
    if verdict.ok:
        meant = iter(named)
        # declared jokers as their cards (`_CARD`: these are Cards already, checked by Rearrange)
        filled = tuple([_CARD[c or next(meant, 0)] for c in meld])
        as_run = _stands(filled, "run", [])
        if AMBIGUOUS == "declared" and 0 in meld and _read(meld, False, "set").ok:
            as_set = _stands(meld, "run", []) or ()
    return _kept(_JOKER_MELDS, key, (verdict, filled, as_run, as_set))


def _reading(meld: Meld, kind: str, wanted: list[int], run: tuple[int, ...] | None) -> str:
    """How a meld that reads both as a run and as a set (5♠ JK JK) is laid, where the player
    declares its jokers: as the set when that keeps more table jokers standing for their cards.
    `run`: the cards its jokers stand for as a run where it reads as both, else None
    (`_joker_meld`)."""
    if run is None:
        return kind
    as_run = sum(min(run.count(c), wanted.count(c)) for c in set(run))
    as_set = _set_matches(meld, wanted)
    return "set" if as_set > as_run else kind


def _set_matches(meld: Meld, wanted: list[int]) -> int:
    """How many of the `wanted` cards the jokers of a set could stand for."""
    rank = next(c >> 2 for c in meld if c)
    free = {rank * 4 + s for s in range(4)} - set(meld)
    return min(meld.count(0), sum(1 for c in set(wanted) if c in free))


def _turn_can_end(game: Game) -> Reason | None:
    """Why the turn may not end yet, or None."""
    if game.phase != "play":
        return _because("turn.draw_first")
    if _must_draw_again(game):
        if not DRAWS_UNTIL_MELD:
            return _because("turn.draw_again", _WHY_DRAWS, draws=DRAWS)
        return _because("turn.draw_until_meld", _WHY_DRAWS)
    if game.owed:
        return _because("joker.play_now", _WHY_RETRIEVED_JOKER)
    if game.must == "open" and not game.opened[game.seat]:
        return _because("turn.must_open", _WHY_DRAW_DISCARD)
    if game.must == "hand" and len(game.hands[game.seat]) > DISCARDS:
        return _because("turn.must_hand", _WHY_DRAW_CUT)
    return None


def _discard(game: Game, card: int, knock: bool = False) -> Game | Refusal:
    if not DISCARDS:
        return Refusal(_because("discard.none"))
    why = []
    blocked = _turn_can_end(game)
    if blocked:
        why.append(blocked)
    hand: list[int] = list(game.hands[game.seat])
    if card not in hand:
        why.append(_because("hand.missing", card=str(Card(card))))
    elif GOING_OUT == "table" and len(hand) == 1:
        why.append(_because("going_out.table", _WHY_GOING_OUT))
    if not DISCARD_TAKEN_CARD and card == game.taken:
        why.append(_because("discard.just_taken", _WHY_DISCARD_TAKEN, card=str(Card(card))))
    if card in hand:
        hand.remove(card)
    # a knock comes after the turn, so it counts the cards kept; an empty hand goes out instead
    knocked = _knock_refused(hand) if knock and hand else None
    if knocked:
        why.append(knocked)
    if why:
        return Refusal(why)
    hands = list(game.hands)
    hands[game.seat] = _sorted(hand)
    after = game._copy(hands=tuple(hands), discards=(*game.discards, card))
    if not hand:
        return _went_out(after)
    if knock:
        return _end_deal(after, "knocked", game.seat)
    return _next_turn(after)


def _knock_refused(hand: Iterable[int]) -> Reason | None:
    """Why a player holding `hand` after his turn may not knock, or None."""
    most = KNOCK_MAX
    if most is None:
        return _because("knock.none")
    points = _hand_points(hand)
    if points > most:
        return _because("knock.too_many", _WHY_KNOCKING, points=points, most=most)
    return None


def _end_turn(game: Game, knock: bool) -> Game | Refusal:
    if DISCARDS:
        return Refusal(_because("turn.ends_with_discard", _WHY_DISCARDS))
    blocked = _turn_can_end(game)
    if blocked:
        return Refusal(blocked)
    if knock:
        refused = _knock_refused(game.hands[game.seat])
        if refused:
            return Refusal(refused)
        return _end_deal(game, "knocked", game.seat)
    return _next_turn(game)


def _next_turn(game: Game) -> Game:
    last = game.last_turns
    if last is not None:
        if last <= 0:
            return _end_deal(game, "stock", None)
        game = game._copy(last_turns=last - 1)
    seat = game.seat
    if game.melded and not game.laid[seat]:
        game = game._copy(laid=(*game.laid[:seat], True, *game.laid[seat + 1:]))
    return _begin(game, (seat + 1) % game.players)


def _went_out(game: Game) -> Game:
    seat = game.seat
    # handing: all his cards in one turn, none laid before; where there is no opening rule a
    # turn of lay-offs alone counts too
    handed = HANDING and not game.laid[seat] and (game.opened_now or not HAS_OPENING) and not (
        game.laid_off_now and not HANDING_LAY_OFF)
    return _end_deal(game, "handed" if handed else "went_out", seat)




# --- dealing -------------------------------------------------------------------------------------

def _sorted(cards: Iterable[int]) -> Meld:
    """The cards (codes the referee has checked, or Cards), as a sorted hand of Cards: looked up,
    not made again (a hot path, at every draw and discard)."""
    return tuple(sorted(map(_CARD.__getitem__, cards)))


def _shuffled(cards: list[int], seed: int, deal: int, round_: int) -> list[int]:
    random.Random(f"{VARIANT_ID}/{seed}/{deal}/{round_}").shuffle(cards)
    return cards


def new_game(players: int, seed: int | None = None, *, hands: Iterable[CardsLike] | None = None,
             stock: CardsLike = (), first_discard: Card | str | None = None,
             cut_card: Card | str | None = None) -> Game:
    """A new game for `players` players, dealt from a pack shuffled by `seed`: the same seed deals
    the same game.  Without a seed each game is shuffled afresh, by a seed drawn from the system's
    randomness and kept in `game.seed` (and in its save), so the game can still be replayed.  For
    a game set up by hand (a stacked deck, as in a rulebook's example): `hands` by seat (seat 0
    deals first, so the first player is seat 1, or 0 where the dealer plays first), `stock` from
    the top, the `first_discard` turned up and the `cut_card` under the stock; later deals are
    shuffled."""
    # checked here, at the API's edge: a text "3" met `<=` deep inside, and a seed of another
    # type (True, 1.0) shuffled a game whose save could not be restored
    if type(players) is not int:
        raise TypeError(f"players: a whole number, {PLAYERS_MIN} to {PLAYERS_MAX}, not "
                        f"{type(players).__name__} {players!r}"[:300])
    if not PLAYERS_MIN <= players <= PLAYERS_MAX:
        raise ValueError(f"players: {VARIANT_NAME} is for {PLAYERS_MIN} to {PLAYERS_MAX} players, "
                         f"not {_number(players)}")
    if seed is None:
        # a concrete number, not None: the stock's renewals and the later deals shuffle by it,
        # and a saved game restored from it goes on as it would have
        seed = secrets.randbits(63)
    elif type(seed) is not int:
        raise TypeError(f"seed: a whole number, or None for a fresh shuffle, not "
                        f"{type(seed).__name__} {seed!r}"[:300])
    elif not _SEED_LEAST <= seed <= _SEED_MOST:
        raise ValueError(f"seed: -2**63 to 2**64 - 1, what a saved game holds, not {_number(seed)}")
    if hands is not None:
        if isinstance(hands, (str, *_NOT_CARDS)) or not hasattr(hands, "__iter__"):
            raise TypeError(f"hands: one hand (cards) for each seat, not {type(hands).__name__}")
        dealt = [_sorted(_cards(h, "hands")) for h in hands]
        if len(dealt) != players:
            raise ValueError(f"{len(dealt)} hands for {players} players")
        pile = list(reversed(_cards(stock, "stock")))
        cut = cut_card is not None
        if cut:
            pile.insert(0, _card(cut_card, "cut_card"))
        turned = (_card(first_discard, "first_discard"),) if first_discard is not None else ()
        game = new_game(players, seed)
        game = game._copy(deal=1, dealer=0, totals=(0,) * players, round_wins=(0,) * players, results=(),
                          hands=tuple(dealt), stock=tuple(pile), cut=cut, discards=turned)
        # a stacked deck is still this game's deck: no card more often than its packs hold it
        _check_pack(game, "the stacked deck", ValueError)
        first = 0 if DEALER_PLAYS_FIRST else 1 % players
        return _begin(game._copy(turn=0, started=(False,) * players), first,
                      skip_draw=FIRST_PLAYER_EXTRA > 0)
    game = Game.__new__(Game)
    values: dict[str, object] = dict.fromkeys(Game.__slots__)
    values.update(players=players, seed=seed, deal=0, dealer=players - 1, totals=(0,) * players,
                  round_wins=(0,) * players, results=(), deal_over=True, over=False)
    for name, value in values.items():
        object.__setattr__(game, name, value)
    return _deal(game)


def _number(n: int) -> int | str:
    """`n` as an error message shows it: str() of a huge int fails."""
    return n if abs(n) < 10**12 else "a number that large"


def _deal(game: Game) -> Game:
    """The next deal: shuffle, cut, deal, turn up the first discard."""
    n = game.players
    deal = game.deal + 1
    dealer = (game.dealer + 1) % n
    pack = [c for c in CARDS for _ in range(PACKS_BY_PLAYERS[n])] + [0] * JOKERS_BY_PLAYERS[n]
    stock = _shuffled(pack, game.seed, deal, 0)
    # the cut card: the cutter takes a card, whatever it is (a joker too), and lays it under the
    # stock, where it stays (stock[0]) until a player who hands takes it
    cut = CUT_CARD
    if cut:
        stock.insert(0, stock.pop())
    first = dealer if DEALER_PLAYS_FIRST else (dealer + 1) % n
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(n):
        seat = (first + k) % n
        count = HAND_BY_PLAYERS[n] + (FIRST_PLAYER_EXTRA if k == 0 else 0)
        hands[seat] = [stock.pop() for _ in range(count)]
    discards = [stock.pop()] if FIRST_DISCARD_FACE_UP else []
    game = game._copy(
        deal=deal, dealer=dealer, hands=tuple(_sorted(h) for h in hands), stock=tuple(stock),
        discards=tuple(discards), cut=cut, table=(), opened=(False,) * n, laid=(False,) * n,
        started=(False,) * n, empty_stock=False, last_turns=None, first_open_turn=None, deal_over=False,
        turn=0,
    )
    return _begin(game, first, skip_draw=FIRST_PLAYER_EXTRA > 0)


def _begin(game: Game, seat: int, skip_draw: bool = False) -> Game:
    """The start of `seat`'s turn."""
    started = game.started
    first_round = not started[seat]
    if first_round:
        started = (*started[:seat], True, *started[seat + 1:])
    game = game._copy(seat=seat, phase="play" if skip_draw else "draw", turn=game.turn + 1,
                      first_round=first_round, started=started, draws=0, melded=False, opened_now=False,
                      laid_off_now=False, taken=None, cut_taken=False, must="", owed=0)
    if game.phase == "draw" and not _draw_sources(game) and STOCK_EMPTY == "last_round" \
            and game.last_turns is not None:
        return game._copy(phase="play")  # the last turns: nothing left to draw
    if game.phase == "draw" and not _draw_sources(game):
        return _end_deal(game, "blocked", None)
    return game


# --- the end of a deal and of the game ------------------------------------------------------------

def _end_deal(game: Game, ended_by: str, seat: int | None) -> Game:
    scores, winners = _scores(game, ended_by, seat)
    result = DealResult(ended_by, seat, winners, scores, game.hands, game.opened,
                        with_cut_card=ended_by == "handed" and game.cut_taken)
    totals = tuple(t + s for t, s in zip(game.totals, scores, strict=True))
    wins = tuple(w + (i in winners) for i, w in enumerate(game.round_wins))
    after = game._copy(totals=totals, round_wins=wins, results=(*game.results, result), deal_over=True,
                       phase="dealt")
    return _game_end(after)


def abandon_deal(game: Game) -> Game:
    """End the deal unscored ("stalled"): for a simulator that caps the turns of a deal."""
    if game.deal_over:
        return game
    return _end_deal(game, "stalled", None)


def _scores(game: Game, ended_by: str, seat: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's score for the deal, and the seats that won it."""
    n = game.players
    if ended_by in ("blocked", "stalled"):
        return (0,) * n, ()
    hands = [hand_value(h, opened=o) for h, o in zip(game.hands, game.opened, strict=True)]
    handed = ended_by == "handed"
    times = HANDING_MULTIPLIER if handed else 1
    if seat is None:  # counted when the stock ran out: the lowest hand wins
        low = min(hands)
        tied = tuple(i for i in range(n) if hands[i] == low)
        if METHOD == "penalties":
            return tuple(hands), tied
        if METHOD == "winner_collects":
            won = sum(hands) - low * len(tied)
            return tuple(won if i in tied else 0 for i in range(n)), tied
    if METHOD == "penalties":
        assert seat is not None
        mine = WENT_OUT
        if handed:
            handed_score, with_cut = HANDED, HANDED_WITH_CUT_CARD
            mine = handed_score if handed_score is not None else WENT_OUT
            if game.cut_taken and with_cut is not None:
                mine = with_cut
        return tuple(mine if i == seat else hands[i] * times for i in range(n)), (seat,)
    # the bonus for playing every card: for going out and for handing alike, never multiplied
    all_out = ALL_OUT_BONUS if ended_by in ("went_out", "handed") else 0
    if METHOD == "winner_collects":
        assert seat is not None
        won = sum(hands[i] for i in range(n) if i != seat) * times + all_out
        return tuple(won if i == seat else 0 for i in range(n)), (seat,)
    # differences: the lowest hand wins the differences to every other hand
    low = min(hands)
    winners: list[int] = [i for i in range(n) if hands[i] == low]
    bonus = 0
    if ended_by == "knocked":
        assert seat is not None
        if seat not in winners:
            bonus = UNDERCUT_BONUS
        elif len(winners) > 1 and not KNOCKER_WINS_TIES:
            winners.remove(seat)
            bonus = UNDERCUT_BONUS
    scores = [0] * n
    for w in winners:
        scores[w] = sum(hands[i] - hands[w] for i in range(n)) * times + bonus
        if w == seat:
            scores[w] += all_out
    return tuple(scores), tuple(winners)


def _game_end(game: Game) -> Game:
    totals = game.totals
    target, rounds = TARGET, ROUNDS
    reached: list[int] = []
    if target is not None:
        reached = [i for i, t in enumerate(totals) if (t >= target if target > 0 else t <= target)]
    if not reached and not (rounds is not None and game.deal >= rounds):
        return game
    if reached and (TARGET_BONUS or ROUND_WIN_BONUS):
        totals = tuple(t + (TARGET_BONUS if i in reached else ROUND_WIN_BONUS * game.round_wins[i])
                       for i, t in enumerate(totals))
    return game._copy(totals=totals, over=True)
