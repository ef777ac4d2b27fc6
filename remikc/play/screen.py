"""The table in words, as the human seat sees it: `table(seen, ...) -> str`, the end of a deal
`deal_end(result, ...)`, a lay-down of the solver as the command that plays it `as_command(play)`.

Only what the seat's `View` holds is shown: the own hand, the others' hand sizes, the table,
the discard pile's top, the stock's size and the cut card, the totals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..runtime.cards import Card
from ..runtime.game import DealResult, View
from ..runtime.solver import Play

_SUITS = 4
_ENDED_BY = {"went_out": "went out", "handed": "went out at once (handed)", "knocked": "knocked",
             "stock": "the stock ran out", "blocked": "nobody could draw (blocked)",
             "stalled": "abandoned: it went on too long"}


def hand_groups(hand: Iterable[Card]) -> list[list[Card]]:
    """The hand by suit (♠ ♥ ♦ ♣), each from the ace up, then the jokers; no empty group."""
    groups: list[list[Card]] = [[] for _ in range(_SUITS + 1)]
    for card in hand:
        groups[_SUITS if card.suit is None else card.suit].append(card)
    for group in groups:
        group.sort(key=lambda c: c.rank or 0)
    return [g for g in groups if g]


def hand_line(hand: Iterable[Card]) -> str:
    """`2♠ 3♠ J♠   3♥ Q♥   JK`: the groups three spaces apart."""
    return "   ".join(" ".join(map(str, g)) for g in hand_groups(hand))


def seat_label(seat: int) -> str:
    """A seat as people count them, from 1 (as the rulebooks, `simulate` and the reasons' words
    do); the module's seats count from 0."""
    return f"seat {seat + 1}"


def seat_name(seat: int, human: int, bot: str) -> str:
    return f"{seat_label(seat)} (you)" if seat == human else f"{seat_label(seat)} ({bot})"


def table(seen: View, *, title: str, bot: str, owners: Sequence[int] = (), discards: bool = True) -> str:
    """The whole table as `seen` by its seat, under `title` (the variant's name); `discards`:
    the game has a discard pile (a turn ends with a discard)."""
    me = seen.seat
    lines = [f"== {title} · deal {seen.deal}, turn {seen.turn} " + "=" * 20]
    lines.append("scores    " + " · ".join(
        f"{seat_name(s, me, bot)} {t}" for s, t in enumerate(seen.totals)))
    lines.append("others    " + " · ".join(
        f"{seat_label(s)}: {n} cards" + (", opened" if seen.opened[s] else "")
        for s, n in enumerate(seen.hand_sizes) if s != me))
    if seen.table:
        for i, meld in enumerate(seen.table):
            owner = f"  ({seat_label(owners[i])})" if i < len(owners) else ""
            lines.append(f"{'table' if i == 0 else '':<10}{i + 1:>2}. {' '.join(map(str, meld))}{owner}")
    else:
        lines.append("table     nothing yet")
    pile = f"{seen.discard_top} ({seen.discard_count} in the pile)" if seen.discard_top is not None \
        else "empty"
    extra = f" · cut card {seen.cut_card}" if seen.cut_card is not None else ""
    lines.append(f"discard   {pile} · stock {seen.stock_count}{extra}" if discards
                 else f"stock     {seen.stock_count}{extra}")
    opened = ", opened" if seen.opened[me] else ""
    lines.append(f"your hand {hand_line(seen.hand)}  ({len(seen.hand)} cards{opened})")
    lines.append(state(seen, bot, discards=discards))
    return "\n".join(lines)


def state(seen: View, bot: str, *, discards: bool = True) -> str:
    """Whose turn it is, and for the player what the turn wants now."""
    if seen.phase == "dealt":
        return "the deal is over: `next` deals the next round"
    if seen.to_move != seen.seat:
        return f"waiting for {seat_label(seen.to_move)} ({bot})"
    if seen.phase == "draw":
        return "your turn: draw (" + ("`draw stock`, `draw discard`)" if discards else "`draw stock`)")
    taken = f"; you took {seen.taken}" if seen.taken is not None else ""
    must = f"; you must {seen.must} this turn" if seen.must else ""
    then = "then discard (`lay ...`, `discard ...`)" if discards else "then end the turn (`lay ...`, `end`)"
    return f"your turn: lay down, {then}{taken}{must}"


def deal_end(result: DealResult, *, deal: int, totals: Sequence[int], human: int, bot: str) -> str:
    """How deal `deal` ended and what each seat scored."""
    who = "" if result.seat is None else f"{seat_name(result.seat, human, bot)} "
    lines = [f"-- deal {deal} is over: {who}{_ENDED_BY.get(result.ended_by, result.ended_by)}"]
    for s, score in enumerate(result.scores):
        left = hand_line(result.hands[s]) or "-"
        lines.append(f"   {seat_name(s, human, bot):<18} {score:>+5}   total {totals[s]:>5}   left: {left}")
    return "\n".join(lines)


def game_end(winners: Sequence[int], totals: Sequence[int], *, human: int, bot: str) -> str:
    names = " and ".join(seat_name(s, human, bot) for s in winners)
    return f"== the game is over: {names} won (totals {', '.join(map(str, totals))})"


def _text(cards: Iterable[int]) -> str:
    """Cards of any variant's module as text (`int`: a module's Card is not this Card)."""
    return " ".join(str(Card(int(c))) for c in cards)


def as_command(play: Play) -> str:
    """The `lay` command that plays the solver's `play` (melds in table order; lay-offs by the
    table's numbers, from 1)."""
    parts = [_text(meld) for meld in play.melds]
    parts += [f"{_text(cards)} on {index + 1}" for index, cards in play.lay_offs]
    return "lay " + " | ".join(parts)


def as_rearrange(play: Play) -> str:
    """The `rearrange:` command that lays the whole table `play` gives (Karuzela's kind of game)."""
    return "rearrange: " + " | ".join(_text(meld) for meld in play.table)


def as_rearrange_with(table: Iterable[Iterable[int]], play: Play) -> str:
    """The `rearrange:` command that lays `play`'s melds beside the table's, which stay as they lie
    (an opening where the table is rearranged)."""
    return "rearrange: " + " | ".join(_text(meld) for meld in (*table, *play.melds))
