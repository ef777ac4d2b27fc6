"""Play whole games between bots under a compiled variant, checking the referee as they go.

`run_games(module, games=, players=, seed=, bot=) -> list[GameRecord]`: game i is dealt
with seed `seed + i`.  After every action the invariants are checked (`check_step`): no
card created or lost, every meld on the table valid, no hand empty in a live deal, the
table never shrinks where cards may not leave it; and at the end of each deal the scores
are worked out again from the rules' one definition (remikc/scoring.py, which the verifier
compiles to Z3), independently of the generated module.
A breach raises `InvariantBreach` with the seed and the actions that lead to it.

The checks are a testing tool and cost a good part of a game: `check` "all" runs them on every
game (tests, soaks); "sample" on game 0 of the run and every 16th after it (so a fixed subset
the seeds decide, the same whatever the workers), and on the others only counts every card
against the pack at each deal's end; "none" runs none.  What the bots and the referee do is
the same in every mode: the records are too.
"""

from __future__ import annotations

import operator
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from .. import ir, scoring
from ..diagnostics import RemikcError
from ..emit.source import validator_source
from ..module import VariantModule, load_module
from ..runtime.game import Action, DealResult, Draw, Game, Lay, Refusal, TableMeld, View
from ..spec.workspace import Workspace
from .checking import CHECKS, SAMPLE_EVERY
from .record import DealRecord, GameRecord


class InvariantBreach(RemikcError):
    """A rule of the game broken during a simulated game: what, and how to get there again."""

    def __init__(self, variant: str, seed: int, players: int, bot: str, trace: list[str],
                 message: str) -> None:
        super().__init__(message)
        self.variant = variant
        self.seed = seed
        self.players = players
        self.bot = bot
        self.trace = tuple(trace)
        self.message = message

    def render(self) -> str:
        shown = self.trace[-40:]
        skipped = len(self.trace) - len(shown)
        lines = [f"invariant broken in {self.variant}: {self.message}",
                 f"  reproduce: new_game({self.players}, seed={self.seed}), bots `{self.bot}` "
                 f"with random.Random({self.seed}); {len(self.trace)} action(s):"]
        if skipped:
            lines.append(f"    ... {skipped} earlier action(s)")
        lines += [f"    {line}" for line in shown]
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Compiled:
    """A variant's generated module, compiled in memory, with its IR for the checks."""

    variant: ir.Variant
    module: VariantModule


def load_variant_module(variant: ir.Variant, workspace: Workspace) -> Compiled:
    return Compiled(variant, load_module(f"remikc_sim_{variant.id}", validator_source(variant, workspace)))


def run_games(compiled: Compiled, *, games: int, players: int, seed: int, bot: str = "greedy",
              progress: Callable[[int], None] | None = None, max_turns: int = 1000,
              max_deals: int = 200, check: str = "all", first: int | None = None) -> list[GameRecord]:
    """Play `games` games; see the module docstring.  `first`: the seed of the run's game 0, which
    `check="sample"` counts from (this call's `seed` when None: a chunk or a batch of a longer
    run gives the run's)."""
    out = []
    start = seed if first is None else first
    for i in range(games):
        out.append(play_game(compiled, players=players, seed=seed + i, bot=bot, max_turns=max_turns,
                             max_deals=max_deals, check=game_checks(check, seed + i - start)))
        if progress is not None:
            progress(i + 1)
    return out


def game_checks(check: str, index: int) -> str:
    """What a run's game `index` (from 0) is checked with: "all", "ends" (the cards counted at
    each deal's end) or "none"."""
    if check == "sample":
        return "all" if index % SAMPLE_EVERY == 0 else "ends"
    if check not in CHECKS:
        raise ValueError(f"check must be one of {', '.join(CHECKS)}, not {check!r}")
    return check


def play_game(compiled: Compiled, *, players: int, seed: int, bot: str = "greedy",
              max_turns: int = 1000, max_deals: int = 200, try_all: bool = False,
              check: str = "all") -> GameRecord:
    """One game.  `try_all`: also apply every action `legal_actions` lists (slow), each must be
    accepted.  `check`: "all" the invariants, "ends" only every card counted at each deal's end,
    or "none"."""
    variant, m = compiled.variant, compiled.module
    choose = m.BOTS[bot]
    # the greedy bot's turn as the bot alone works it out (a module older than it has none)
    turn: Callable[[Game, random.Random], Action | None] | None = \
        getattr(m, "_greedy_turn", None) if bot == "greedy" else None
    rng = random.Random(seed)
    game = m.new_game(players, seed)
    pack = _pack(m, players)
    # the actions so far, put in words only for a breach (a Rearrange's words cost more than its turn)
    trace: list[tuple[str, object]] = [("deal 1: ", _Dealt(m, game))]
    deals: list[DealRecord] = []
    actions = 0
    turns = _Turns(players)
    checked: Game | None = None  # the game whose cards the last check counted
    searches = getattr(m, "_GIVE_UPS", [0])  # (a module older than the budget has none)
    gave_up = searches[0]
    full = check == "all"

    def breach(message: str) -> InvariantBreach:
        return InvariantBreach(m.VARIANT_ID, seed, players, bot, [f"{a}{b}" for a, b in trace], message)

    try:
        while True:
            if game.deal_over:
                deals.append(_deal_record(m, game, variant if full else None, breach))
                problem = _check_game_end(variant, deals, game) if full else \
                    _count(m, game, pack) if check == "ends" else None
                if problem:
                    raise breach(problem)
                if game.over or len(deals) >= max_deals:
                    break
                game = _played(m.apply(game, m.NextDeal()))
                turns = _Turns(players)
                trace.append((f"deal {game.deal}: ", _Dealt(m, game)))
                checked = None
                continue
            if game.turn > max_turns:
                game = m.abandon_deal(game)
                trace.append((f"deal {game.deal} abandoned after {max_turns} turns", ""))
                checked = None
                continue
            if turn is not None and not try_all:
                chosen = turn(game, rng)  # the greedy bot's action, without listing every legal one
                if chosen is None:
                    raise breach(f"seat {game.seat} has no legal action in a live deal ({game.phase})")
                action = chosen
            else:
                legal = m.legal_actions(game)
                if not legal:
                    raise breach(f"seat {game.seat} has no legal action in a live deal ({game.phase})")
                for other in legal if try_all else ():
                    tried = m.apply(game, other)
                    if isinstance(tried, Refusal) or not tried:
                        raise breach(f"legal_actions lists {other}, and apply refuses it: "
                                     f"{'; '.join(map(str, cast(Refusal, tried).reasons))}")
                action = choose(m.view(game, game.seat), legal, rng)
            trace.append((f"seat {game.seat}: ", action))
            applied = m.apply(game, action)
            if not applied:
                raise breach(f"the referee refused the bot's {action}: "
                             f"{'; '.join(map(str, cast(Refusal, applied).reasons))}")
            after = _played(applied)
            actions += 1
            if full:
                turns.saw(game, action)
                # every card counted once a deal (and at its end), then only the parts an action changed
                whole = checked is not game or after.deal_over
                problem = check_step(m, game, action, after, pack, whole=whole) or \
                    _check_end(m, variant, game, action, after, turns)
                checked = after
                if problem:
                    raise breach(problem)
            game = after
    except InvariantBreach:
        raise
    except Exception as error:  # the generated module failed: a breach, with the way to it
        raise breach(f"the module raised {type(error).__name__}: {error}") from error
    finished = bool(game.over)
    winners = tuple(game.winners()) if finished else ()
    if finished and variant is not None and full:
        expected = _final_totals(variant, deals, game)
        if expected != tuple(game.totals):
            raise breach(f"final totals {game.totals}, the rules give {expected}")
        best = (min if variant.game_end.winner.value is ir.Winner.LOWEST else max)(expected)
        if winners != tuple(i for i, t in enumerate(expected) if t == best):
            raise breach(f"the game's winners are {winners}; the totals {expected} say otherwise")
    return GameRecord(seed=seed, players=players, deals=tuple(deals), totals=tuple(game.totals),
                      winners=winners, actions=actions, finished=finished, gave_up=searches[0] - gave_up)


def _played(after: Game | Refusal) -> Game:
    """The game after an action the referee accepted (a Refusal is falsy; the module's own
    class, not remikc.runtime's, so it is told by truth, not by type)."""
    return cast(Game, after)


def _result(game: Game) -> DealResult:
    """The result of a deal that is over."""
    assert game.result is not None, "a deal that is over has a result"
    return game.result


def _pack(m: VariantModule, players: int) -> list[int]:
    """Every card of the deck for `players`, sorted."""
    packs = m.PACKS_BY_PLAYERS[players]
    return sorted([0] * m.JOKERS_BY_PLAYERS[players] + [int(c) for c in m.CARDS for _ in range(packs)])


class _Dealt:
    """The hands and discard pile of a deal as dealt, put in words when a breach shows them."""

    def __init__(self, m: VariantModule, game: Game) -> None:
        self.m, self.game = m, game

    def __str__(self) -> str:
        m, game = self.m, self.game
        hands = "; ".join(f"seat {i}: {m._show(h)}" for i, h in enumerate(game.hands))
        return f"{hands}; discard {m._show(game.discards) or '-'}"


def _count(m: VariantModule, game: Game, pack: list[int]) -> str | None:
    """Whether every card of the game is there, once: the check every game gets at each deal's end."""
    held = _cards(game)
    if held == pack:
        return None
    counted, full = Counter(held), Counter(pack)
    gained, lost = +(counted - full), +(full - counted)
    return (f"cards created or lost: {m._show(sorted(gained.elements())) or 'none'} too many, "
            f"{m._show(sorted(lost.elements())) or 'none'} missing")


def check_step(m: VariantModule, before: Game, action: Action, after: Game, pack: list[int], *,
               whole: bool = True) -> str | None:
    """What `after` breaks, or None: the invariants that hold after every action.  `whole`: count
    every card of `after` against the pack; else only the cards of the parts the action changed,
    against the same parts of `before` (whose cards were counted: the caller's induction)."""
    if before.deal != after.deal:
        return None
    if whole or not _same_cards(before, after):
        problem = _count(m, after, pack)
        if problem:
            return problem
    if after.table is not before.table:
        # a meld laid again as it lay (Karuzela lays the whole table anew) was read before
        known = {(meld.cards, meld.kind) for meld in before.table}
        for number, meld in enumerate(after.table, start=1):
            if (meld.cards, meld.kind) not in known and not m._read(meld.cards, False, meld.kind).ok:
                return f"meld {number} on the table is not valid: {m._show(meld.cards)}"
    for seat, hand in enumerate(after.hands):
        if hand is before.hands[seat] and not whole:
            continue  # looked at when it last changed
        if not hand and not after.deal_over:
            return f"seat {seat} holds no cards, yet the deal goes on"
        if tuple(sorted(hand)) != tuple(hand):
            return f"seat {seat}'s hand is not kept sorted"
    if before.deal == after.deal and after.table is not before.table and not m.REMOVE_FROM_TABLE:
        # the melds the action left alone are the same objects: only the others are counted
        was = Counter(_laid_anew(before.table, after.table))
        gone = +(was - Counter(_laid_anew(after.table, before.table)))
        swaps = len(getattr(action, "swaps", ())) if m.RETRIEVED_JOKER == "keep" else 0
        if gone and not (set(gone) == {0} and gone[0] <= swaps):  # a swapped joker may go to hand
            return f"cards left the table: {m._show(sorted(gone.elements()))}"
    lost_open = any(b and not a for b, a in zip(before.opened, after.opened, strict=True))
    if before.deal == after.deal and lost_open:
        return "a player who had opened is no longer open"
    # the player to move and, turn by turn, each of the others
    for seat in {after.seat, after.turn % after.players}:
        seen = m.view(after, seat)
        if tuple(seen.hand) != tuple(after.hands[seat]):
            return f"seat {seat}'s view does not show his hand"
        # another hand or the stock itself, handed over (two packs may deal equal hands: not a leak)
        hidden = {id(h) for i, h in enumerate(after.hands) if i != seat and h}
        if after.stock:
            hidden.add(id(after.stock))
        # the object itself: hidden holds live objects only (every field read at once, by name
        # only for a breach)
        if not hidden.isdisjoint(map(id, _fields(seen))):
            name = next(n for n in type(seen).__slots__ if id(getattr(seen, n)) in hidden)
            return f"seat {seat}'s view shows hidden cards in `{name}`"
    return None


_FIELD_GETTERS: dict[type, Callable[[View], tuple[object, ...]]] = {}


def _fields(seen: View) -> tuple[object, ...]:
    """Every field of a View (of whichever module), as a tuple."""
    kind = type(seen)
    getter = _FIELD_GETTERS.get(kind)
    if getter is None:
        getter = _FIELD_GETTERS[kind] = operator.attrgetter(*kind.__slots__)
    return getter(seen)


def _cards(game: Game) -> list[int]:
    """Every card of the game, sorted."""
    held: list[int] = [c for meld in game.table for c in meld.cards]
    for hand in game.hands:
        held += hand
    held += game.stock
    held += game.discards
    held.sort()
    return held


def _same_cards(before: Game, after: Game) -> bool:
    """Whether the parts of the game an action changed (a hand, the stock, the discards, table
    melds) hold, together, the cards they held before.  A Game shares what an action leaves
    alone, so a part that is the same object is the same cards and is not counted: a step costs
    the cards it moved, not the pack.  (A part changed in place would escape this; the whole
    count at each deal's end catches it.)"""
    was: list[int] = []
    now: list[int] = []
    if after.table is not before.table:
        was += _laid_anew(before.table, after.table)
        now += _laid_anew(after.table, before.table)
    for hand, held in zip(before.hands, after.hands, strict=True):
        if held is not hand:
            was += hand
            now += held
    for pile, kept in ((before.stock, after.stock), (before.discards, after.discards)):
        if kept is not pile:
            _pile_moved(pile, kept, was, now)
    was.sort()
    now.sort()
    return was == now


def _laid_anew(table: tuple[TableMeld, ...], other: tuple[TableMeld, ...]) -> list[int]:
    """The cards of the melds of `table` that `other` does not hold as the same object.  An
    object is matched as often as it lies in both: the referee may lay one meld object at two
    places (two runs 8♠ 9♠ 10♠ J♠ of two packs, laid from one kept TableMeld)."""
    there = Counter(id(meld) for meld in other)
    cards: list[int] = []
    for meld in table:
        if there[id(meld)]:
            there[id(meld)] -= 1
        else:
            cards += meld.cards
    return cards


def _pile_moved(pile: tuple[int, ...], kept: tuple[int, ...], was: list[int], now: list[int]) -> None:
    """Adds to `was` and `now` what a pile (the stock, the discards) lost and gained: where the
    action took cards from one end or put them on one, only those cards (the rest is the same
    cards on both sides, and counting them proves nothing: a draw from a stock of 70 cards costs
    the card drawn, not 140 cards sorted); else the whole pile, before and after."""
    n, k = len(pile), len(kept)
    if k <= n:
        if pile[n - k:] == kept:
            was += pile[:n - k]
            return
        if pile[:k] == kept:
            was += pile[k:]
            return
    else:
        if kept[k - n:] == pile:
            now += kept[:k - n]
            return
        if kept[:n] == pile:
            now += kept[n:]
            return
    was += pile
    now += kept


class _Turns:
    """What the simulator sees of each turn, to say for itself whether going out was handing."""

    def __init__(self, players: int) -> None:
        self.laid_before = [False] * players  # put cards on the table in an earlier turn
        self.seat = -1
        self.laid_now = False
        self.others_now = False  # laid off on, or swapped from, another player's meld
        self.cut_now = False

    def saw(self, game: Game, action: Action) -> None:
        if game.seat != self.seat or (game.phase == "draw" and not game.draws):
            if self.seat >= 0 and self.laid_now:
                self.laid_before[self.seat] = True
            self.seat, self.laid_now, self.others_now, self.cut_now = game.seat, False, False, False
        name = type(action).__name__
        if name == "Draw" and cast(Draw, action).source == "cut":
            self.cut_now = True
        if name in ("Lay", "Rearrange"):
            self.laid_now = True
        if name == "Lay":
            lay = cast(Lay, action)
            touched = [i for i, _ in lay.lay_offs] + [i for i, _ in lay.swaps]
            self.others_now |= any(game.table[i].owner != game.seat for i in touched)


def _check_end(m: VariantModule, v: ir.Variant | None, before: Game, action: Action, after: Game,
               turns: _Turns) -> str | None:
    """The action that ends a deal: going out, handing and knocking as the spec says."""
    if not after.deal_over or before.deal_over or v is None:
        return None
    result = _result(after)
    seat = result.seat
    name = type(action).__name__
    if seat is None:  # the stock ran out, or no one could draw: nobody to check
        return f"the deal ended as `{result.ended_by}` with no player" \
            if result.ended_by in ("went_out", "handed", "knocked") else None
    if result.ended_by in ("went_out", "handed"):
        if after.hands[seat]:
            return f"seat {seat} went out holding {m._show(after.hands[seat])}"
        by = v.going_out.by.value
        if by is ir.GoingOutBy.DISCARD and name != "Discard":
            return f"seat {seat} went out by `{action}`; the last card must be discarded"
        if by is ir.GoingOutBy.TABLE and name == "Discard":
            return f"seat {seat} went out by a discard; this game goes out on the table"
        h = v.handing
        handed = h is not None and not turns.laid_before[seat] and turns.laid_now and \
            not (turns.others_now and not h.lay_off.value)
        if handed != (result.ended_by == "handed"):
            return (f"seat {seat} went out as `{result.ended_by}`; by the turn's actions it was "
                    f"{'handing' if handed else 'going out'}")
        if result.with_cut_card != (handed and turns.cut_now):
            return f"seat {seat}'s cut card is counted wrong ({result.with_cut_card})"
    if result.ended_by == "knocked":
        if v.knocking is None or name not in ("EndTurn", "Discard"):
            return f"seat {seat} knocked by `{action}`, in a game without knocking"
        held = scoring.hand_count(v, tuple(after.hands[seat]), True)
        if held > v.knocking.max_hand.value:
            return f"seat {seat} knocked holding {held} points; the most is {v.knocking.max_hand.value}"
    return None


def _check_game_end(v: ir.Variant | None, deals: list[DealRecord], game: Game) -> str | None:
    """The game ends exactly when the target or the number of deals is first reached."""
    if v is None:
        return None
    totals = [sum(d.scores[i] for d in deals) for i in range(game.players)]
    g = v.game_end
    reached = g.target is not None and any(
        t >= g.target.value if g.target.value > 0 else t <= g.target.value for t in totals)
    if g.rounds is not None and len(deals) >= g.rounds.value:
        reached = True
    if reached != bool(game.over):
        return (f"after deal {len(deals)} with totals {tuple(totals)} the game "
                f"{'goes on' if reached else 'is over'}; the rules say it "
                f"{'is over' if reached else 'goes on'}")
    return None


def _deal_record(m: VariantModule, game: Game, variant: ir.Variant | None,
                 breach: Callable[[str], InvariantBreach]) -> DealRecord:
    result = _result(game)
    if variant is not None:
        expected = deal_scores(variant, result.ended_by, result.seat, result.hands, result.opened,
                               with_cut_card=result.with_cut_card)
        if expected != (tuple(result.scores), tuple(result.winners)):
            raise breach(f"deal {game.deal} ({result.ended_by}) scored {result.scores} for winners "
                         f"{result.winners}; the rules give {expected[0]} for {expected[1]}")
    return DealRecord(turns=game.turn, first_open_turn=game.first_open_turn, empty_stock=game.empty_stock,
                      ended_by=result.ended_by, winners=tuple(result.winners), scores=tuple(result.scores))


# --- the scores, worked out from the rules' one definition -------------------------------------

def deal_scores(v: ir.Variant, ended_by: str, seat: int | None, hands: tuple[tuple[int, ...], ...],
                opened: tuple[bool, ...], *,
                with_cut_card: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's score for a deal and its winners, as remikc/scoring.py defines them."""
    counts = [scoring.hand_count(v, h, o) for h, o in zip(hands, opened, strict=True)]
    scored = scoring.deal_scores(v, counts, ended_by, seat, cut_card=with_cut_card)
    return tuple(int(x) for x in scoring.totals(scored)), scoring.winners(scored)


def _final_totals(v: ir.Variant, deals: list[DealRecord], game: Game) -> tuple[int, ...]:
    n = game.players
    totals = [sum(d.scores[i] for d in deals) for i in range(n)]
    wins = [sum(i in d.winners for d in deals) for i in range(n)]
    return scoring.final_totals(v, totals, wins)
