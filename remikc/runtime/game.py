"""The referee's actions and game state.

Whole games: `new_game(players, seed)` deals; `legal_actions(game)` lists what the player to move
may do; `apply(game, action)` returns the next `Game` or a falsy `Refusal` naming each broken rule.
A Game is never changed: `apply` returns a new one.  `view(game, seat)` is what one player sees.

A turn: draw (`Draw`), then any number of lay-downs (`Lay`: new melds, lay-offs, joker swaps; or,
where the table may be rearranged, `Rearrange`: the whole new table), then `Discard` or, in a game
without a discard, `EndTurn`; either with `knock=True` ends the deal where the rules allow a knock.
When a deal ends, `NextDeal` deals the next one, until the game ends (`game.over`).

Choices the rules leave to the referee, made here: the first dealer is seat 0 and the deal passes
to the left; the first player, dealt the extra card, does not draw on his first turn; the cut card
lies face up under the stock; a deal no player can draw in ends with no winner and no scores; the
first of a player's cards may go out only as the rules of going out allow.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, cast

from .cards import (
    _CARD,
    _NOT_CARDS,
    SAVE_VERSION,
    Card,
    CardsLike,
    SaveError,
    _card,
    _cards,
    _check_saved,
    _declared,
    _saved_bool,
    _saved_card,
    _saved_cards,
    _saved_fields,
    _saved_int,
    _saved_text,
    _texts_declared,
    parse_card,
    parse_meld,
)
from .melds import _meld_texts, _read_declared, _show
from .reasons import Reason, _reasons_from
from .rules import (
    HANDING,
    HAS_OPENING,
    JOKERS_BY_PLAYERS,
    LOWEST_WINS,
    PACKS_BY_PLAYERS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    REARRANGE_MIN_FROM_HAND,
    RULES_SHA256,
    VARIANT_ID,
)
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

    def __str__(self) -> str:
        # each action writes itself as parse_action reads it; a class of the caller's may not
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        """`{"action": "discard", "card": "5♠"}` and the like: plain JSON values (docs/validator.md)."""
        return {"action": _ACTION_NAMES[type(self)], **self._fields()}

    def _fields(self) -> dict[str, Any]:
        return {}

    @staticmethod
    def from_dict(data: object) -> Action:
        """The action `to_dict` wrote; SaveError if `data` is not one."""
        _check_saved(data)
        if not isinstance(data, dict) or data.get("action") not in _ACTIONS:
            raise SaveError(f"an action is a dict whose \"action\" is one of {', '.join(_ACTIONS)}, "
                            f"not {data!r}")
        keys, reader = _ACTIONS[data["action"]]
        if data["action"] == "discard" and "knock" in data:
            keys = (*keys, "knock")  # written only for a knock: saves without it stay as they were
        fields = _saved_fields(data, f"a {data['action']} action", ("action", *keys))
        try:
            return reader(*(fields[k] for k in keys))
        except SaveError:
            raise
        except (ValueError, TypeError) as error:
            raise SaveError(f"a {data['action']} action: {error}") from None


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

    def _fields(self) -> dict[str, Any]:
        return {"source": self.source}

    def __str__(self) -> str:
        return f"draw from the {self.source if self.source != 'cut' else 'cut card'}"


def _meld(cards: CardsLike, name: str) -> Meld:
    return _cards(cards, name)  # Cards already: a meld of them is taken as it is (a hot path)


_NOT_LISTS: Final = (str, *_NOT_CARDS)


def _given_list(values: object, name: str, what: str) -> Sequence[Any]:
    """`values` as a sequence, for an argument that holds melds or pairs: no text, number or
    dict.  A tuple or list (the runtime's own actions) is taken as it is: actions are made in
    every `legal_actions`."""
    if type(values) is tuple or type(values) is list:
        return values
    if isinstance(values, _NOT_LISTS) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name}: {what}, not {type(values).__name__}")
    return list(cast("Iterable[Any]", values))


def _new_melds(melds: Iterable[CardsLike], declared: Iterable[Iterable[Card | str]] | None, name: str,
               what: str = "meld") -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
    """New melds and, one for each, the cards its jokers are declared to stand for (`()` where
    none is): from `JK=5♥` in a meld's text, or from `declared`, one list for each meld."""
    cards: list[Meld] = []
    named: list[Meld] = []
    for meld in _given_list(melds, name, "a list of melds, each a text or a list of cards"):
        if isinstance(meld, str):
            codes, meant = parse_meld(meld)
        else:
            codes, meant = _meld(meld, name), ()
        cards.append(codes)
        named.append(meant)
    if declared is not None:
        given = _given_list(declared, "declared" if what == "meld" else f"{name}_declared",
                            f"one list of declared cards for each {what}")
        if len(given) != len(cards):
            raise ValueError(f"declared jokers for {len(given)} {what}(s), and {len(cards)} are laid: "
                             f"give one list for each {what}, () for one that declares none")
        named = [_declared(c, d) for c, d in zip(cards, given, strict=True)]
    return tuple(cards), tuple(named)


def _indexed(values: object, name: str, what: str) -> list[tuple[int, Any]]:
    """(meld index, what goes there) pairs: each index a whole number from 0 (a table meld's
    place), as a save holds it.  `int()` took 1.7, "1" and True for meld 1."""
    pairs = []
    for pair in _given_list(values, name, what):
        if type(pair) not in (tuple, list) or len(pair) != 2:
            raise TypeError(f"{name}: {what}, not {pair!r}"[:300])
        index, given = pair
        if type(index) is not int:
            raise TypeError(f"{name}: a meld's index is a whole number from 0, not "
                            f"{type(index).__name__} {index!r}"[:300])
        if index < 0:
            raise ValueError(f"{name}: a meld's index is a whole number from 0, not {index}")
        pairs.append((index, given))
    return pairs


class Lay(Action):
    """Lay cards from hand: new `melds` (each in table order), `lay_offs` (a table meld's index and
    the cards added to it) and joker `swaps` (a table meld's index and the card from hand that takes
    its joker's place).  Swaps come first, so a retrieved joker can go into the new melds.
    `declared`: for each new meld, the card each of its jokers stands for (`()` for none), also
    written in a meld's text as `5♠ JK=5♥ JK=5♦` (docs/notation.md): a meld that reads both as a
    set and as a run is laid as declared.  A joker laid off may be declared the same way: `JK=9♥` in
    the cards of a lay-off, or `lay_offs_declared`, one list for each lay-off; it goes where that
    card goes."""

    __slots__ = ("declared", "lay_offs", "lay_offs_declared", "melds", "swaps")

    def __init__(self, melds: Iterable[CardsLike] = (), lay_offs: Iterable[tuple[int, CardsLike]] = (),
                 swaps: Iterable[tuple[int, Card | str]] = (),
                 declared: Iterable[Iterable[Card | str]] | None = None,
                 lay_offs_declared: Iterable[Iterable[Card | str]] | None = None) -> None:
        self.melds: tuple[Meld, ...]
        self.declared: tuple[Meld, ...]
        self.melds, self.declared = _new_melds(melds, declared, "melds")
        self.lay_offs: tuple[tuple[int, Meld], ...] = ()
        self.lay_offs_declared: tuple[Meld, ...] = ()
        # most lay-downs lay nothing off (the default): no work for them
        if not (type(lay_offs) is tuple and not lay_offs) or lay_offs_declared is not None:
            pairs = _indexed(lay_offs, "lay_offs", "(meld index, cards) pairs")
            added, self.lay_offs_declared = _new_melds([c for _, c in pairs], lay_offs_declared, "lay_offs",
                                                       "lay-off")
            self.lay_offs = tuple((i, c) for (i, _), c in zip(pairs, added, strict=True))
        self.swaps: tuple[tuple[int, Card], ...] = tuple(
            (i, _card(c, "swaps")) for i, c in _indexed(swaps, "swaps", "(meld index, card) pairs"))

    def _key(self) -> tuple[object, ...]:
        return (self.melds, self.declared, self.lay_offs, self.lay_offs_declared, self.swaps)

    def _fields(self) -> dict[str, Any]:
        return {"melds": [_texts_declared(m, d) for m, d in zip(self.melds, self.declared, strict=True)],
                "lay_offs": [[i, _texts_declared(c, d)]
                             for (i, c), d in zip(self.lay_offs, self.lay_offs_declared, strict=True)],
                "swaps": [[i, str(Card(c))] for i, c in self.swaps]}

    def __str__(self) -> str:
        parts = [f"{Card(c)} for the joker in meld {i + 1}" for i, c in self.swaps]
        parts += [" ".join(_texts_declared(m, d)) for m, d in zip(self.melds, self.declared, strict=True)]
        parts += [f"{' '.join(_texts_declared(c, d))} on meld {i + 1}"
                  for (i, c), d in zip(self.lay_offs, self.lay_offs_declared, strict=True)]
        return "lay " + " | ".join(parts) if parts else "lay"


class Rearrange(Action):
    """Where the table may be rearranged: the whole new `table`.  Every card on the table must be in
    it, each meld valid, and at least the rule's number of cards from hand added.  `swaps`: the
    cards that take the place of a declared joker, each with where it comes from ("hand" or
    "table"); the freed joker may then stand for another card.  `declared`: for each meld, the
    card each of its jokers stands for (`()` for none), or `JK=8♥` in a meld's text; where the rules
    have the player declare jokers (`jokers.declare rank_and_suit`) the table keeps it."""

    __slots__ = ("declared", "swaps", "table")

    def __init__(self, table: Iterable[CardsLike], swaps: Iterable[tuple[Card | str, str]] = (),
                 declared: Iterable[Iterable[Card | str]] | None = None) -> None:
        self.table: tuple[Meld, ...]
        self.declared: tuple[Meld, ...]
        self.table, self.declared = _new_melds(table, declared, "table")
        self.swaps: tuple[tuple[Card, str], ...] = tuple(
            (_card(c, "swaps"), w) for c, w in _given_list(swaps, "swaps", "(card, 'hand' or 'table') pairs"))
        for _, where in self.swaps:
            if where not in ("hand", "table"):
                raise ValueError(f"a swapped card comes from 'hand' or 'table', not {where!r}")

    def _key(self) -> tuple[object, ...]:
        return (self.table, self.declared, self.swaps)

    def _fields(self) -> dict[str, Any]:
        return {"table": [_texts_declared(m, d) for m, d in zip(self.table, self.declared, strict=True)],
                "swaps": [[str(Card(c)), w] for c, w in self.swaps]}

    def __str__(self) -> str:
        swaps = "".join(f"{Card(c)} (from {w}) for its joker; " for c, w in self.swaps)
        table = " | ".join(" ".join(_texts_declared(m, d))
                           for m, d in zip(self.table, self.declared, strict=True))
        return f"rearrange: {swaps}{table}".rstrip()  # no trailing blank where the table is empty


class Discard(Action):
    """Throw a card from hand onto the discard pile, ending the turn; `knock=True` (where the game
    has knocking) ends the deal too, the cards kept counting `KNOCK_MAX` or less."""

    __slots__ = ("card", "knock")

    def __init__(self, card: Card | str, knock: bool = False) -> None:
        self.card = _card(card)
        if type(knock) is not bool:
            raise TypeError(f"knock: True or False, not {type(knock).__name__} {knock!r}"[:300])
        self.knock = knock

    def _key(self) -> tuple[object, ...]:
        return (self.card, self.knock)

    def _fields(self) -> dict[str, Any]:
        # a discard without a knock is saved as before knocking with a discard was read
        return {"card": str(self.card), "knock": True} if self.knock else {"card": str(self.card)}

    def __str__(self) -> str:
        return f"discard {self.card} and knock" if self.knock else f"discard {self.card}"


class EndTurn(Action):
    """End the turn in a game without a discard; `knock=True` ends the deal (see `KNOCK_MAX`)."""

    __slots__ = ("knock",)

    def __init__(self, knock: bool = False) -> None:
        if type(knock) is not bool:  # "yes" printed as a knock and saved as what no save reads
            raise TypeError(f"knock: True or False, not {type(knock).__name__} {knock!r}"[:300])
        self.knock = knock

    def _key(self) -> tuple[object, ...]:
        return (self.knock,)

    def _fields(self) -> dict[str, Any]:
        return {"knock": self.knock}

    def __str__(self) -> str:
        return "knock" if self.knock else "end the turn"


class NextDeal(Action):
    """Deal the next round, once a deal is over and the game is not."""

    __slots__ = ()

    def __str__(self) -> str:
        return "deal the next round"


class Refusal:
    """`apply`'s answer to an action the rules do not allow: falsy, with `reasons`, each a
    `Reason` (a stable code, the rule id, the spec line, its parameters; `message(lang)`)."""

    __slots__ = ("reasons",)
    ok: Final = False

    def __init__(self, reasons: Reason | Iterable[Reason]) -> None:
        self.reasons: tuple[Reason, ...] = (reasons,) if isinstance(reasons, Reason) else tuple(reasons)

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"Refusal({'; '.join(map(str, self.reasons))})"

    def to_dict(self) -> dict[str, Any]:
        """`{"ok": false, "reasons": [...]}`, each reason a dict (`Reason.to_dict`)."""
        return {"ok": False, "reasons": [r.to_dict() for r in self.reasons]}

    @staticmethod
    def from_dict(data: object) -> Refusal:
        """The Refusal `to_dict` wrote; SaveError if `data` is not one."""
        _check_saved(data)
        fields = _saved_fields(data, "a refusal", ("ok", "reasons"))
        if fields["ok"] is not False:
            raise SaveError(f"a refusal: ok false, not {fields['ok']!r}")
        reasons = _reasons_from(fields["reasons"], "a refusal's reasons")
        if not reasons:  # apply never refuses without saying why
            raise SaveError("a refusal's reasons: at least one, not none")
        return Refusal(reasons)


# --- the game -------------------------------------------------------------------------------------

class _Record:
    """A record of a game that does not change and compares by value: equal fields (its
    `__slots__`), equal records, and the same hash; pickle and copy.deepcopy give an equal one."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} does not change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} does not change")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _slots(self))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    # pickle and copy build a record through these, past the __setattr__ that guards it
    def __getstate__(self) -> tuple[object, ...]:
        return self._values()

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(_slots(self), state, strict=True):
            object.__setattr__(self, name, value)


def _slots(record: _Record) -> tuple[str, ...]:
    return cast("tuple[str, ...]", type(record).__slots__)


class TableMeld(_Record):
    """A meld on the table: its `cards` in table order, its `kind` ("set" or "run"), the seat that
    laid it (`owner`) and, where jokers are declared, the cards its jokers stand for (`stands`)."""

    __slots__ = ("cards", "kind", "owner", "stands")
    cards: Meld
    kind: str
    owner: int
    stands: tuple[int, ...]

    def __init__(self, cards: Meld, kind: str, owner: int, stands: tuple[int, ...] = ()) -> None:
        put = object.__setattr__
        put(self, "cards", cards)
        put(self, "kind", kind)
        put(self, "owner", owner)
        put(self, "stands", stands)

    def __repr__(self) -> str:
        return f"TableMeld({_show(self.cards)})"


class DealResult(_Record):
    """How a deal ended: `ended_by` ("went_out", "handed", "knocked", "stock", "blocked" (nobody
    could draw, or a player bound by the stock drawn to open could not) or "stalled"), the `seat`
    that went out or knocked (None otherwise), the `winners`, each seat's `scores` for the deal,
    and the `hands` and `opened` flags it was scored from."""

    __slots__ = ("ended_by", "hands", "opened", "scores", "seat", "winners", "with_cut_card")
    ended_by: str
    seat: int | None
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[Meld, ...]
    opened: tuple[bool, ...]
    with_cut_card: bool

    def __init__(self, ended_by: str, seat: int | None, winners: tuple[int, ...], scores: tuple[int, ...],
                 hands: tuple[Meld, ...], opened: tuple[bool, ...], with_cut_card: bool = False) -> None:
        for name, value in (("ended_by", ended_by), ("seat", seat), ("winners", winners), ("scores", scores),
                            ("hands", hands), ("opened", opened), ("with_cut_card", with_cut_card)):
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"DealResult({self.ended_by}, seat {self.seat}, winners {self.winners}, scores {self.scores})"


class Game:
    """The whole state of a game.  Nothing in it changes: `apply` returns a new Game.  `hands` and
    `stock` are hidden information: give a player `view(game, seat)`, not the Game.  Two games
    are equal when every field is (a game restored by `from_dict`, pickle or copy.deepcopy equals
    the one saved), and equal games hash alike: a Game may key a dict."""

    __slots__ = (
        "cut", "cut_taken", "deal", "deal_over", "dealer", "discards", "draws", "empty_stock",
        "first_open_turn", "first_round", "hands", "laid", "laid_off_now", "last_turns", "melded", "must",
        "opened", "opened_now", "over", "owed", "phase", "players", "results", "round_wins", "seat",
        "seed", "sources", "started", "stock", "table", "taken", "totals", "turn",
    )
    _VARIANT: ClassVar[str] = VARIANT_ID

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
        # every field read at once and set through its slot's setter, past the guard (a hot path:
        # a turn makes a few copies; 2.8 µs for the fields, where setting them by name took 4.4),
        # then the changes
        for put_field, value in zip(_SET_FIELD, _FIELDS_OF(self), strict=True):
            put_field(new, value)
        put = object.__setattr__
        put(new, "sources", None)
        for name, value in changes.items():
            put(new, name, value)
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Game does not change: apply() returns a new one")

    # pickle and copy.deepcopy build a Game through these, past the __setattr__ that guards it
    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in Game.__slots__ if name != "sources"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name in Game.__slots__:
            object.__setattr__(self, name, state.get(name))

    # by value, the cache `sources` left out; a game of another variant's module is another class
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and _VALUES_OF(self) == _VALUES_OF(other)

    def __hash__(self) -> int:
        return hash(_VALUES_OF(self))

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain JSON values, to save it: the format's version, the variant, the
        hash of its rules, then every field (docs/saved-game.schema.json).  It holds every hand
        and the stock: a server keeps it; a player gets `view(game, seat).to_dict()`."""
        out = _header("game")
        for name, kind in _GAME_FIELDS.items():
            out[name] = _encode(kind, getattr(self, name))
        return out

    @staticmethod
    def from_dict(data: object) -> Game:
        """The Game `to_dict` wrote.  Refused with a SaveError saying why: a game of another
        variant or of other rules, another format version, a missing or unknown field, a value of
        the wrong type or out of range, more copies of a card than the pack holds, a table meld
        the rules refuse or laid by a seat that has not opened, what the draw bound the player
        to or the jokers he owes where no turn could leave them, or more than SAVE_MAX_VALUES
        values."""
        fields = _opened(data, "game", _GAME_FIELDS)
        players = _saved_int(fields["players"], "a game's players", PLAYERS_MIN, PLAYERS_MAX)
        game = Game.__new__(Game)
        for name, kind in _GAME_FIELDS.items():
            object.__setattr__(game, name, _decode(kind, fields[name], f"a game's {name}", players))
        object.__setattr__(game, "sources", None)
        object.__setattr__(game, "hands", tuple(tuple(sorted(h)) for h in game.hands))
        for name in ("dealer", "seat"):
            _saved_int(getattr(game, name), f"a game's {name}", 0, players - 1)
        for meld in game.table:
            _saved_int(meld.owner, "a table meld's owner", 0, players - 1)
        # a live deal is someone's turn to draw or play; "dealt" is a deal that is over ("wait" is
        # a view's): else the referee would offer no action in a live deal
        if (game.phase == "dealt") != game.deal_over or game.phase == "wait":
            raise SaveError(f"a game's phase: {game.phase!r} in a deal that is "
                            f"{'over' if game.deal_over else 'going on'}")
        _check_pack(game)
        _check_table(game)
        _check_turn(game)
        return game

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


_FIELDS_OF: Final = operator.attrgetter(*Game.__slots__)  # a Game's fields, as a tuple
_SET_FIELD: Final = tuple(getattr(Game, name).__set__ for name in Game.__slots__)  # each slot's setter
_VALUES_OF: Final = operator.attrgetter(*(name for name in Game.__slots__ if name != "sources"))


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
        self.hand_sizes = tuple(map(len, game.hands))
        self.table: tuple[Meld, ...] = tuple([m.cards for m in game.table])
        # the game's own codes: `_CARD`, not the checking `Card` (a view is made every turn)
        self.discard_top: Card | None = _CARD[game.discards[-1]] if game.discards else None
        self.discard_count = len(game.discards)
        self.stock_count = len(game.stock)
        self.stock_renewed = game.empty_stock  # the stock has run out this deal
        self.turn = game.turn
        self.cut_card: Card | None = _CARD[game.stock[0]] if game.cut and game.stock else None
        self.opened = game.opened
        self.totals = game.totals
        self.deal = game.deal
        self.to_move = game.seat
        mine = game.seat == seat
        self.phase = game.phase if mine else "wait"
        self.draws = game.draws if mine else 0
        self.melded = game.melded if mine else False
        self.taken: Card | None = _CARD[game.taken] if mine and game.taken is not None else None
        self.must = game.must if mine else ""
        self.owed = game.owed if mine else 0

    def __repr__(self) -> str:
        state = f"to {self.phase}" if self.to_move == self.seat else f"seat {self.to_move} to move"
        return (f"<View {VARIANT_ID} seat {self.seat}: hand {_show(self.hand) or '-'}; "
                f"{len(self.table)} meld(s) on the table; discard {self.discard_top or '-'}; "
                f"deal {self.deal}, turn {self.turn}, {state}>")

    def to_dict(self) -> dict[str, Any]:
        """What the seat sees as plain JSON values, with the same header as a saved game: nothing
        in it is hidden from that seat (no other hand, no card of the stock)."""
        out = _header("view")
        for name, kind in _VIEW_FIELDS.items():
            out[name] = _encode(kind, getattr(self, name))
        return out

    @staticmethod
    def from_dict(data: object) -> View:
        """The View `to_dict` wrote; SaveError as for `Game.from_dict`."""
        fields = _opened(data, "view", _VIEW_FIELDS)
        players = _saved_int(fields["players"], "a view's players", PLAYERS_MIN, PLAYERS_MAX)
        seen = View.__new__(View)
        for name, kind in _VIEW_FIELDS.items():
            setattr(seen, name, _decode(kind, fields[name], f"a view's {name}", players))
        for name in ("seat", "to_move"):
            _saved_int(getattr(seen, name), f"a view's {name}", 0, players - 1)
        return seen


def view(game: Game, seat: int) -> View:
    """What the player at `seat` (0 to players - 1) may know of the game; another seat is a
    ValueError, a game of another variant's module a TypeError."""
    _own_game(game)
    if type(seat) is not int or not 0 <= seat < game.players:
        raise ValueError(f"seat: 0 to {game.players - 1} in a game of {game.players} players, not {seat!r}")
    return View(game, seat)


def _own_game(game: object) -> None:
    """Refuse what is not a Game of this module: another variant's game, or no game at all."""
    if type(game) is not Game:
        if type(game).__name__ == "Game":
            other = getattr(type(game), "_VARIANT", "?")
            raise TypeError(f"game: a game of {other}, not of {VARIANT_ID}: play it with {other}'s module")
        raise TypeError(f"game: a Game, not {type(game).__name__}")


# --- saved games, views and actions as plain JSON values ------------------------------------------
# Each field has a kind saying how it is written: cards as text (`10♥`, `JK`), a pile from the
# bottom, the stock's top card last (as in the Game).  docs/saved-game.schema.json is the format.

_GAME_FIELDS: Final[dict[str, str]] = {
    "players": "int", "seed": "seed", "deal": "int", "dealer": "int", "seat": "int", "turn": "int",
    "totals": "scores", "round_wins": "counts", "results": "results",
    "hands": "hands", "stock": "cards", "discards": "cards", "cut": "bool", "table": "table",
    "opened": "flags", "laid": "flags", "started": "flags",
    "phase": "phase", "first_round": "bool", "draws": "int", "melded": "bool", "opened_now": "bool",
    "laid_off_now": "bool", "taken": "card?", "cut_taken": "bool", "must": "must", "owed": "int",
    "empty_stock": "bool", "last_turns": "int?", "first_open_turn": "int?", "deal_over": "bool",
    "over": "bool",
}
_VIEW_FIELDS: Final[dict[str, str]] = {
    "seat": "int", "players": "int", "hand": "cards", "hand_sizes": "counts", "table": "melds",
    "discard_top": "card?", "discard_count": "int", "stock_count": "int", "stock_renewed": "bool",
    "turn": "int", "cut_card": "card?", "opened": "flags", "totals": "scores", "deal": "int",
    "to_move": "int", "phase": "phase", "draws": "int", "melded": "bool", "taken": "card?", "must": "must",
    "owed": "int",
}
_RESULT_FIELDS: Final[tuple[str, ...]] = ("ended_by", "seat", "winners", "scores", "hands", "opened",
                                          "with_cut_card")
_ENDED_BY: Final[tuple[str, ...]] = ("went_out", "handed", "knocked", "stock", "blocked", "stalled")
_SCORE_LIMIT: Final[int] = 1 << 40
# the seeds a save holds, and so new_game takes: a saved state's numbers fit in 64 bits
_SEED_LEAST: Final[int] = -(1 << 63)
_SEED_MOST: Final[int] = (1 << 64) - 1


def _texts(cards: Iterable[int]) -> list[str]:
    return [str(Card(c)) for c in cards]


def _encode(kind: str, value: Any) -> Any:
    if kind in ("scores", "counts", "flags"):
        return list(value)
    if kind == "card?":
        return None if value is None else str(Card(value))
    if kind == "cards":
        return _texts(value)
    if kind in ("hands", "melds"):
        return [_texts(h) for h in value]
    if kind == "table":
        return [{"cards": _texts(m.cards), "kind": m.kind, "owner": m.owner, "stands": _texts(m.stands)}
                for m in value]
    if kind == "results":
        return [{"ended_by": r.ended_by, "seat": r.seat, "winners": list(r.winners), "scores": list(r.scores),
                 "hands": [_texts(h) for h in r.hands], "opened": list(r.opened),
                 "with_cut_card": r.with_cut_card} for r in value]
    return value


def _listed(value: object, where: str, players: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise SaveError(f"{where}: a list, not {value!r}")
    if players is not None and len(value) != players:
        raise SaveError(f"{where}: one for each of the {players} players, not {len(value)}")
    return value


def _decode(kind: str, value: object, where: str, players: int) -> Any:
    if kind == "int":
        return _saved_int(value, where)
    if kind == "seed":
        return _saved_int(value, where, _SEED_LEAST, _SEED_MOST)
    if kind == "int?":
        return None if value is None else _saved_int(value, where)
    if kind == "bool":
        return _saved_bool(value, where)
    if kind == "scores":
        limit = _SCORE_LIMIT
        return tuple(_saved_int(v, where, -limit, limit) for v in _listed(value, where, players))
    if kind == "counts":
        return tuple(_saved_int(v, where) for v in _listed(value, where, players))
    if kind == "flags":
        return tuple(_saved_bool(v, where) for v in _listed(value, where, players))
    if kind == "phase":
        return _saved_text(value, where, ("draw", "play", "dealt", "wait"))
    if kind == "must":
        return _saved_text(value, where, ("", "open", "hand"))
    if kind == "card?":
        return None if value is None else _saved_card(value, where)
    if kind == "cards":
        return _saved_cards(value, where)
    if kind in ("hands", "melds"):  # a hand for each player; a view's table, its melds' cards
        given = _listed(value, where, players if kind == "hands" else None)
        return tuple(_saved_cards(h, f"{where}[{i}]") for i, h in enumerate(given))
    if kind == "table":
        return tuple(_table_meld(m, f"{where}[{i}]") for i, m in enumerate(_listed(value, where)))
    if kind == "results":
        return tuple(_result(r, f"{where}[{i}]", players) for i, r in enumerate(_listed(value, where)))
    raise AssertionError(kind)


def _table_meld(value: object, where: str) -> TableMeld:
    f = _saved_fields(value, where, ("cards", "kind", "owner", "stands"))
    return TableMeld(_saved_cards(f["cards"], f"{where}.cards"), _saved_text(f["kind"], f"{where}.kind",
                     ("set", "run")), _saved_int(f["owner"], f"{where}.owner"),
                     _saved_cards(f["stands"], f"{where}.stands"))


def _result(value: object, where: str, players: int) -> DealResult:
    f = _saved_fields(value, where, _RESULT_FIELDS)
    seat = None if f["seat"] is None else _saved_int(f["seat"], f"{where}.seat", 0, players - 1)
    return DealResult(
        _saved_text(f["ended_by"], f"{where}.ended_by", _ENDED_BY), seat,
        tuple(_saved_int(s, f"{where}.winners", 0, players - 1) for s in _listed(f["winners"], where)),
        _decode("scores", f["scores"], f"{where}.scores", players),
        tuple(_saved_cards(h, f"{where}.hands") for h in _listed(f["hands"], f"{where}.hands", players)),
        _decode("flags", f["opened"], f"{where}.opened", players),
        _saved_bool(f["with_cut_card"], f"{where}.with_cut_card"))


def _header(kind: str) -> dict[str, Any]:
    return {"format": f"remikc {kind}", "version": SAVE_VERSION, "variant": VARIANT_ID, "rules": RULES_SHA256}


def _opened(data: object, kind: str, fields: Mapping[str, str]) -> dict[str, Any]:
    """A saved `kind`'s fields, once its size, format, version, variant and rules are this module's."""
    _check_saved(data)
    if not isinstance(data, dict):
        raise SaveError(f"a saved {kind} is a dict (a JSON object), not {type(data).__name__}")
    if data.get("format") != f"remikc {kind}":
        raise SaveError(f"not a saved {kind}: its \"format\" is {data.get('format')!r}, "
                        f"not 'remikc {kind}'")
    if type(data.get("version")) is not int or data.get("version") != SAVE_VERSION:  # True == 1
        raise SaveError(f"a saved {kind} of format version {data.get('version')!r}: this module reads "
                        f"version {SAVE_VERSION}")
    if data.get("variant") != VARIANT_ID:
        raise SaveError(f"a {kind} of the variant {data.get('variant')!r}, not {VARIANT_ID!r}: restore it "
                        "with that variant's module")
    if data.get("rules") != RULES_SHA256:
        raise SaveError(f"a {kind} of {VARIANT_ID} played under other rules ({data.get('rules')!r}, not "
                        f"{RULES_SHA256!r}): it cannot be played on under these")
    return _saved_fields(data, f"a saved {kind}", ("format", "version", "variant", "rules", *fields))


def _check_pack(game: Game, what: str = "the saved game", error: type[ValueError] = SaveError) -> None:
    """No card more often than the pack for this many players holds it."""
    counts: dict[int, int] = {}
    piles = (*game.hands, game.stock, game.discards, *(m.cards for m in game.table))
    for pile in piles:
        for card in pile:
            counts[card] = counts.get(card, 0) + 1
    for code, count in sorted(counts.items()):
        card = Card(code)
        held = JOKERS_BY_PLAYERS[game.players] if card == 0 else PACKS_BY_PLAYERS[game.players]
        if count > held:
            raise error(f"{count} × {Card(card)} in {what}: the pack for {game.players} players "
                        f"holds {held}")


def _check_table(game: Game) -> None:
    """Every table meld one `apply` could have left there: cards that make a meld of its kind
    under these rules (its jokers as the table keeps them), laid by a seat that has opened."""
    for i, meld in enumerate(game.table):
        where = f"a game's table[{i}]"
        if not meld.cards:
            raise SaveError(f"{where}: a meld with no cards")
        if not game.opened[meld.owner]:
            raise SaveError(f"{where}: laid by seat {meld.owner}, who has not opened")
        jokers = meld.cards.count(0)
        if len(meld.stands) > jokers or 0 in meld.stands:
            raise SaveError(f"{where}: its jokers stand for {_show(meld.stands)!r}, more cards than its "
                            f"{jokers} joker(s), or a joker")
        declared = meld.stands if meld.kind == "set" and len(meld.stands) == jokers else ()
        if not _read_declared(meld.cards, declared, False, meld.kind).ok:
            raise SaveError(f"{where}: {_show(meld.cards)} is not a {meld.kind} under these rules")


def _check_turn(game: Game) -> None:
    """What the draw bound the player to (`must`) and the retrieved jokers he still owes
    (`owed`), as a turn can leave them: both nothing before the draw, `open` only for a player
    who has not opened, `hand` only for one who has laid nothing yet, and no more jokers owed
    than he holds."""
    seat = game.seat
    if game.phase == "draw" and (game.must or game.owed):
        raise SaveError(f"a game's must and owed: {game.must!r} and {game.owed} before the player has drawn")
    if game.must == "open" and (not HAS_OPENING or game.opened[seat]):
        raise SaveError("a game's must: 'open' for a player who has opened, or in a game with no opening")
    if game.must == "hand" and (not HANDING or game.laid[seat]):
        raise SaveError("a game's must: 'hand' for a player who has laid cards, or in a game with no handing")
    if game.owed > game.hands[seat].count(0):
        raise SaveError(f"a game's owed: {game.owed} retrieved joker(s) to play, and seat {seat} holds "
                        f"{game.hands[seat].count(0)}")


_ACTION_NAMES: Final[dict[type[Action], str]] = {
    Draw: "draw", Lay: "lay", Rearrange: "rearrange", Discard: "discard", EndTurn: "end_turn",
    NextDeal: "next_deal",
}


def _read_lay(melds: object, lay_offs: object, swaps: object) -> Action:
    offs = [_listed(p, "a lay-off") for p in _listed(lay_offs, "lay_offs")]
    swapped = [_listed(p, "a swap") for p in _listed(swaps, "swaps")]
    if any(len(p) != 2 for p in (*offs, *swapped)):
        raise SaveError("a lay-off or a swap is a pair: [meld index, cards]")
    return Lay([_saved_meld(m, "a meld") for m in _listed(melds, "melds")],
               [(_saved_int(i, "a meld index"), _saved_meld(c, "a lay-off")) for i, c in offs],
               [(_saved_int(i, "a meld index"), _saved_card(c, "a swap")) for i, c in swapped])


def _read_rearrange(table: object, swaps: object) -> Action:
    pairs = [_listed(p, "a swap") for p in _listed(swaps, "swaps")]
    if any(len(p) != 2 for p in pairs):
        raise SaveError("a swap is a pair: [card, 'hand' or 'table']")
    return Rearrange([_saved_meld(m, "a meld") for m in _listed(table, "table")],
                     [(_saved_card(c, "a swap"), _saved_text(w, "a swap's source", ("hand", "table")))
                      for c, w in pairs])


def _saved_meld(value: object, where: str) -> str:
    """A meld of a saved action, as text for `parse_meld`: cards, and declared jokers `JK=5♥`."""
    cards = _listed(value, where)
    for i, card in enumerate(cards):
        if not isinstance(card, str):
            raise SaveError(f"{where}[{i}]: a card is written as text (`10♥`, `JK`, `JK=5♥`), not {card!r}")
        if "=" not in card:
            _saved_card(card, f"{where}[{i}]")
        elif any(c.isspace() for c in card):
            raise SaveError(f"{where}[{i}]: one card, not {card!r}")
    return " ".join(cards)


def _read_draw(source: object) -> Action:
    return Draw(_saved_text(source, "a draw's source", ("stock", "discard", "cut")))


def _read_discard(card: object, knock: object = False) -> Action:
    return Discard(_saved_card(card, "a discard"), _saved_bool(knock, "knock"))


def _read_end_turn(knock: object) -> Action:
    return EndTurn(_saved_bool(knock, "knock"))


def _read_next_deal() -> Action:
    return NextDeal()


# each action's fields, in the order its reader takes them
_ACTIONS: Final[dict[str, tuple[tuple[str, ...], Callable[..., Action]]]] = {
    "draw": (("source",), _read_draw), "lay": (("melds", "lay_offs", "swaps"), _read_lay),
    "rearrange": (("table", "swaps"), _read_rearrange), "discard": (("card",), _read_discard),
    "end_turn": (("knock",), _read_end_turn), "next_deal": ((), _read_next_deal),
}

# melds are numbered from 1, in ASCII digits (`\d` would take other scripts' digits too)
_ON_MELD: Final = re.compile(r"(.+) on meld ([1-9][0-9]*)")
_FOR_JOKER: Final = re.compile(r"(\S+) for the joker in meld ([1-9][0-9]*)")
_ANY_MELD: Final = re.compile(r".+ (?:on|for the joker in) meld (\S+)")
_SWAPPED: Final = re.compile(r"(\S+) \(from (hand|table)\) for its joker")


def parse_action(text: str) -> Action:
    """The action written as `str(action)` writes it: `draw from the stock`, `discard 5♠`,
    `lay 8♥ for the joker in meld 2 | 5♠ 5♥ 5♦ | 6♣ on meld 1`, `rearrange: 8♣ (from hand) for its
    joker; 5♠ 5♥ 5♦ | 6♣ 7♣ 8♣`, `discard 5♠ and knock`, `end the turn`, `knock`, `deal the next
    round`.  Raises
    ValueError naming what it could not read, or a part of a lay-down with no cards."""
    if not isinstance(text, str):
        raise TypeError(f"text: an action as str() writes it, not {type(text).__name__}")
    text = " ".join(text.split())
    simple: dict[str, Action] = {
        "draw from the stock": Draw("stock"), "draw from the discard": Draw("discard"),
        "draw from the cut card": Draw("cut"), "end the turn": EndTurn(), "knock": EndTurn(knock=True),
        "deal the next round": NextDeal(),
    }
    if text in simple:
        return simple[text]
    if text.startswith("discard ") and text.endswith(" and knock"):
        return Discard(parse_card(text[len("discard "):-len(" and knock")]), knock=True)
    if text.startswith("discard "):
        return Discard(parse_card(text[len("discard "):]))
    if text == "lay" or text.startswith("lay "):
        melds: list[str] = []
        lay_offs: list[tuple[int, str]] = []
        swaps: list[tuple[int, Card]] = []
        for part in _meld_texts(text[3:], repr(text), r"\|", "`lay 5♠ 5♥ 5♦ | 6♣ on meld 1`"):
            if m := _FOR_JOKER.fullmatch(part):
                swaps.append((int(m[2]) - 1, parse_card(m[1])))
            elif m := _ON_MELD.fullmatch(part):
                lay_offs.append((int(m[2]) - 1, m[1]))  # its jokers may be declared: JK=9♥
            elif m := _ANY_MELD.fullmatch(part):
                raise ValueError(f"{text!r}: melds are numbered from 1, as on the table, not {m[1]!r}")
            else:
                melds.append(part)
        return Lay(melds, lay_offs, swaps)
    if text.startswith("rearrange:"):
        rest = text[len("rearrange:"):].strip()
        pairs: list[tuple[Card | str, str]] = []
        while m := _SWAPPED.match(rest):
            pairs.append((parse_card(m[1]), m[2]))
            rest = rest[m.end():].lstrip("; ").strip()
        return Rearrange(_meld_texts(rest, repr(text), r"\|", "`rearrange: 5♠ 5♥ 5♦ | 6♣ 7♣ 8♣`"), pairs)
    raise ValueError(f"{text!r} is not an action: write e.g. `draw from the stock`, `lay 5♠ 5♥ 5♦`, "
                     "`discard 5♠` (see str() of an action)")
