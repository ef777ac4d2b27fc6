"""The referee's actions and game state.

Whole games: `new_game(players, seed)` deals; `legal_actions(game)` lists what the player to move
may do; `apply(game, action)` returns the next `Game` or a falsy `Refusal` naming each broken rule.
A Game is never changed: `apply` returns a new one.  `view(game, seat)` is what one player sees.

A turn: draw (`Draw`), then any number of lay-downs (`Lay`: new melds, lay-offs, joker swaps; or,
where the table may be rearranged, `Rearrange`: the whole new table), then `Discard` or, in a game
without a discard, `EndTurn` (with `knock=True` to end the deal).  When a deal ends, `NextDeal`
deals the next one, until the game ends (`game.over`).

Choices the rules leave to the referee, made here: the first dealer is seat 0 and the deal passes
to the left; the first player, dealt the extra card, does not draw on his first turn; the cut card
lies face up under the stock; a deal no player can draw in ends with no winner and no scores; the
first of a player's cards may go out only as the rules of going out allow.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import Card, CardsLike, _card, _cards
from .melds import _show
from .rules import LOWEST_WINS, REARRANGE_MIN_FROM_HAND, VARIANT_ID
from .solver import Meld

# Where the table may be rearranged, a turn lays a whole new table (`Rearrange`).
_REARRANGE: Final[bool] = REARRANGE_MIN_FROM_HAND is not None


# --- actions --------------------------------------------------------------------------------------

class Action:
    """A move of the player whose turn it is (or `NextDeal`, which deals the next round)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def _key(self) -> tuple[object, ...]:
        return ()

    def __repr__(self) -> str:
        return f"<{self}>"


class Draw(Action):
    """Take a card: `source` "stock", "discard" (the top of the discard pile) or "cut" (the cut card
    under the stock)."""

    __slots__ = ("source",)

    def __init__(self, source: str) -> None:
        if source not in ("stock", "discard", "cut"):
            raise ValueError(f"a card is drawn from 'stock', 'discard' or 'cut', not {source!r}")
        self.source = source

    def _key(self) -> tuple[object, ...]:
        return (self.source,)

    def __str__(self) -> str:
        return f"draw from the {self.source if self.source != 'cut' else 'cut card'}"


def _meld(cards: CardsLike) -> Meld:
    return tuple(map(Card, _cards(cards)))


class Lay(Action):
    """Lay cards from hand: new `melds` (each in table order), `lay_offs` (a table meld's index and
    the cards added to it) and joker `swaps` (a table meld's index and the card from hand that takes
    its joker's place).  Swaps come first, so a retrieved joker can go into the new melds."""

    __slots__ = ("lay_offs", "melds", "swaps")

    def __init__(self, melds: Iterable[CardsLike] = (), lay_offs: Iterable[tuple[int, CardsLike]] = (),
                 swaps: Iterable[tuple[int, Card | str]] = ()) -> None:
        self.melds: tuple[Meld, ...] = tuple(_meld(m) for m in melds)
        self.lay_offs: tuple[tuple[int, Meld], ...] = tuple((int(i), _meld(c)) for i, c in lay_offs)
        self.swaps: tuple[tuple[int, Card], ...] = tuple((int(i), _card(c)) for i, c in swaps)

    def _key(self) -> tuple[object, ...]:
        return (self.melds, self.lay_offs, self.swaps)

    def __str__(self) -> str:
        parts = [f"{Card(c)} for the joker in meld {i + 1}" for i, c in self.swaps]
        parts += [_show(m) for m in self.melds]
        parts += [f"{_show(c)} on meld {i + 1}" for i, c in self.lay_offs]
        return "lay " + " | ".join(parts)


class Rearrange(Action):
    """Where the table may be rearranged: the whole new `table`.  Every card on the table must be in
    it, each meld valid, and at least the rule's number of cards from hand added.  `swaps`: the
    cards that take the place of a declared joker, each with where it comes from ("hand" or
    "table"); the freed joker may then stand for another card."""

    __slots__ = ("swaps", "table")

    def __init__(self, table: Iterable[CardsLike], swaps: Iterable[tuple[Card | str, str]] = ()) -> None:
        self.table: tuple[Meld, ...] = tuple(_meld(m) for m in table)
        self.swaps: tuple[tuple[Card, str], ...] = tuple((_card(c), w) for c, w in swaps)
        for _, where in self.swaps:
            if where not in ("hand", "table"):
                raise ValueError(f"a swapped card comes from 'hand' or 'table', not {where!r}")

    def _key(self) -> tuple[object, ...]:
        return (self.table, self.swaps)

    def __str__(self) -> str:
        swaps = "".join(f"{Card(c)} (from {w}) for its joker; " for c, w in self.swaps)
        return f"rearrange: {swaps}" + " | ".join(_show(m) for m in self.table)


class Discard(Action):
    """Throw a card from hand onto the discard pile, ending the turn."""

    __slots__ = ("card",)

    def __init__(self, card: Card | str) -> None:
        self.card = _card(card)

    def _key(self) -> tuple[object, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"discard {self.card}"


class EndTurn(Action):
    """End the turn in a game without a discard; `knock=True` ends the deal (see `KNOCK_MAX`)."""

    __slots__ = ("knock",)

    def __init__(self, knock: bool = False) -> None:
        self.knock = knock

    def _key(self) -> tuple[object, ...]:
        return (self.knock,)

    def __str__(self) -> str:
        return "knock" if self.knock else "end the turn"


class NextDeal(Action):
    """Deal the next round, once a deal is over and the game is not."""

    __slots__ = ()

    def __str__(self) -> str:
        return "deal the next round"


class Refusal:
    """`apply`'s answer to an action the rules do not allow: falsy, with `reasons`."""

    __slots__ = ("reasons",)
    ok: Final = False

    def __init__(self, reasons: str | Iterable[str]) -> None:
        self.reasons = (reasons,) if isinstance(reasons, str) else tuple(reasons)

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"Refusal({'; '.join(self.reasons)})"


# --- the game -------------------------------------------------------------------------------------

class TableMeld:
    """A meld on the table: its `cards` in table order, its `kind` ("set" or "run"), the seat that
    laid it (`owner`) and, where jokers are declared, the cards its jokers stand for (`stands`)."""

    __slots__ = ("cards", "kind", "owner", "stands")

    def __init__(self, cards: Meld, kind: str, owner: int, stands: tuple[int, ...] = ()) -> None:
        self.cards = cards
        self.kind = kind
        self.owner = owner
        self.stands = stands

    def __repr__(self) -> str:
        return f"TableMeld({_show(self.cards)})"


class DealResult:
    """How a deal ended: `ended_by` ("went_out", "handed", "knocked", "stock", "blocked" or
    "stalled"), the `seat` that went out or knocked (None otherwise), the `winners`, each seat's
    `scores` for the deal, and the `hands` and `opened` flags it was scored from."""

    __slots__ = ("ended_by", "hands", "opened", "scores", "seat", "winners", "with_cut_card")

    def __init__(self, ended_by: str, seat: int | None, winners: tuple[int, ...], scores: tuple[int, ...],
                 hands: tuple[Meld, ...], opened: tuple[bool, ...], with_cut_card: bool = False) -> None:
        self.ended_by = ended_by
        self.seat = seat
        self.winners = winners
        self.scores = scores
        self.hands = hands
        self.opened = opened
        self.with_cut_card = with_cut_card

    def __repr__(self) -> str:
        return f"DealResult({self.ended_by}, seat {self.seat}, winners {self.winners}, scores {self.scores})"


class Game:
    """The whole state of a game.  Nothing in it changes: `apply` returns a new Game.  `hands` and
    `stock` are hidden information: give a player `view(game, seat)`, not the Game."""

    __slots__ = (
        "cut", "cut_taken", "deal", "deal_over", "dealer", "discards", "draws", "empty_stock",
        "first_open_turn", "first_round", "hands", "laid", "laid_off_now", "last_turns", "melded", "must",
        "opened", "opened_now", "over", "owed", "phase", "players", "results", "round_wins", "seat",
        "seed", "sources", "started", "stock", "table", "taken", "totals", "turn",
    )

    players: int
    seed: int
    deal: int  # the number of the deal, from 1
    dealer: int
    totals: tuple[int, ...]
    round_wins: tuple[int, ...]
    results: tuple[DealResult, ...]
    hands: tuple[Meld, ...]  # each sorted
    stock: Meld  # the top card last
    discards: Meld  # the top card last
    cut: bool  # the cut card still lies under the stock (stock[0])
    table: tuple[TableMeld, ...]
    opened: tuple[bool, ...]
    laid: tuple[bool, ...]  # has put a card on the table this deal (before this turn, for handing)
    started: tuple[bool, ...]  # has had a turn this deal
    seat: int  # whose turn it is
    phase: str  # "draw", "play" (lay down, then discard or end the turn), "dealt" (deal over)
    turn: int  # turns begun this deal
    first_round: bool  # this is the player's first turn of the deal
    draws: int  # cards drawn this turn
    melded: bool  # the player laid cards this turn
    opened_now: bool  # the player opened this turn
    laid_off_now: bool
    taken: int | None  # the card taken from the discard pile this turn
    cut_taken: bool
    must: str  # "" or what the draw bound the player to: "open", "hand"
    owed: int  # retrieved jokers still to be played this turn
    empty_stock: bool  # the stock ran out this deal
    last_turns: int | None  # turns left once the stock is gone (`stock_empty last_round`)
    first_open_turn: int | None
    deal_over: bool
    over: bool
    sources: list[str] | None  # where the player may draw from, once asked (a cache)

    def _copy(self, **changes: object) -> Game:
        new = Game.__new__(Game)
        changes.setdefault("sources", None)
        for name in Game.__slots__:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Game does not change: apply() returns a new one")

    @property
    def result(self) -> DealResult | None:
        """The last deal's result, once it is over."""
        return self.results[-1] if self.deal_over and self.results else None

    def winners(self) -> tuple[int, ...]:
        """The seats that won the game (more than one on a tie), once it is over."""
        if not self.over:
            return ()
        best = (min if LOWEST_WINS else max)(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == best)

    def __repr__(self) -> str:
        state = "over" if self.over else "deal over" if self.deal_over else \
            f"seat {self.seat} to {self.phase}"
        return f"<Game {VARIANT_ID} deal {self.deal}, turn {self.turn}, {state}; totals {self.totals}>"


class View:
    """What the player at `seat` sees: his own `hand`, how many cards the others hold, the table,
    the discard pile's top, the size of the stock, the cut card (it lies face up), who has opened,
    the totals, and the state of his turn."""

    __slots__ = ("cut_card", "deal", "discard_count", "discard_top", "draws", "hand", "hand_sizes",
                 "melded", "must", "opened", "owed", "phase", "players", "seat", "stock_count",
                 "stock_renewed", "table", "taken", "to_move", "totals", "turn")

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        self.players = game.players
        self.hand: Meld = game.hands[seat]
        self.hand_sizes = tuple(len(h) for h in game.hands)
        self.table: tuple[Meld, ...] = tuple(m.cards for m in game.table)
        self.discard_top: Card | None = Card(game.discards[-1]) if game.discards else None
        self.discard_count = len(game.discards)
        self.stock_count = len(game.stock)
        self.stock_renewed = game.empty_stock  # the stock has run out this deal
        self.turn = game.turn
        self.cut_card: Card | None = Card(game.stock[0]) if game.cut and game.stock else None
        self.opened = game.opened
        self.totals = game.totals
        self.deal = game.deal
        self.to_move = game.seat
        mine = game.seat == seat
        self.phase = game.phase if mine else "wait"
        self.draws = game.draws if mine else 0
        self.melded = game.melded if mine else False
        self.taken: Card | None = Card(game.taken) if mine and game.taken is not None else None
        self.must = game.must if mine else ""
        self.owed = game.owed if mine else 0


def view(game: Game, seat: int) -> View:
    """What the player at `seat` may know of the game."""
    return View(game, seat)
