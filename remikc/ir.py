"""The typed, immutable IR of a variant: what the rules *are*, after `extends`.

Every rule is a `Rule[T]`: its value plus the span that wrote it, the variant
whose file wrote it, the seed sentences it encodes (`sources`) and, when the seed
text did not state it, the reason the spec author gave for the chosen value
(`assumed`); `mark` is what those make of it in a rulebook.  A section or rule that is
`None` is not part of the game (a variant without knocking has
`knocking=None`).  Passes read the IR; none of them changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

from .cards import Card
from .diagnostics import Span

T = TypeVar("T")
ASSUMED = "*"  # the mark of a value no quoted sentence states
READING = "†"  # the mark of a value that reads a quoted sentence one of two ways
V = TypeVar("V", covariant=True)


@dataclass(frozen=True, slots=True)
class Rule(Generic[V]):
    """One rule: `id` is its dotted name (`deal.hand`), stable across versions."""

    id: str
    value: V
    span: Span
    origin: str
    assumed: str | None = None
    # for a value that reads an ambiguous seed sentence one way (`assumed "..." other "..."`):
    # the reading the spec did not take
    other: str | None = None
    # the seed sentences this rule encodes, quoted (`source "..."`), in the order written
    sources: tuple[str, ...] = ()

    @property
    def mark(self) -> str:
        """How a rulebook marks the rule: `†` a quoted sentence read one of two ways (a source
        and an `other` reading), `*` a value no quoted sentence states (`assumed`, and no
        source it reads two ways), "" a rule the seed states (or that states nothing new)."""
        if self.sources and self.other:
            return READING
        return ASSUMED if self.assumed else ""


@dataclass(frozen=True, slots=True)
class Range:
    """`low..high`, both inclusive; `high=None` means no upper limit (`3..`)."""

    low: int
    high: int | None

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and n >= self.low and (self.high is None or n <= self.high)

    def __str__(self) -> str:
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}..{'' if self.high is None else self.high}"


@dataclass(frozen=True, slots=True)
class PerPlayers(Generic[T]):
    """A value that may depend on the number of players, e.g. hand size."""

    cases: tuple[tuple[Range, T], ...]

    def at(self, players: int) -> T:
        for players_range, value in self.cases:
            if players in players_range:
                return value
        raise KeyError(players)

    @property
    def uniform(self) -> bool:
        return len({v for _, v in self.cases}) == 1


class Ace(str, Enum):
    LOW = "low"
    HIGH = "high"
    LOW_OR_HIGH = "low or high"


class FirstPlayer(str, Enum):
    DEALER = "dealer"
    LEFT_OF_DEALER = "left_of_dealer"


class Direction(str, Enum):
    """Which way the turn passes round the table.  Seats are numbered in the order of play,
    so the referee plays both alike; the rulebook says which way the players sit."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class FirstDiscard(str, Enum):
    FACE_UP = "face_up"
    NONE = "none"


class SetSuits(str, Enum):
    DISTINCT = "distinct"
    ANY = "any"


class RunSuit(str, Enum):
    SAME = "same"
    ANY = "any"


class Declare(str, Enum):
    """What fixes the card a joker stands for."""

    POSITION = "position"  # its place in the meld (a set's rank, a run's next card)
    RANK_AND_SUIT = "rank_and_suit"  # the player names it, and it stays so


class JokersOnlyIn(str, Enum):
    """The one kind of meld jokers may stand in (`only_in runs`); without the rule, both."""

    RUNS = "runs"
    SETS = "sets"


class Ambiguous(str, Enum):
    """How a meld that reads both as a set and as a run (`5♠ JK JK`) is taken when the player
    does not declare it (a kind, or the card each joker stands for: `5♠ JK=5♥ JK=5♦`)."""

    RUN = "run"
    SET = "set"
    HIGHER = "higher"  # the reading worth more points; the run where both are worth the same
    REFUSED = "refused"


class SwapFrom(str, Enum):
    HAND = "hand"
    HAND_OR_TABLE = "hand_or_table"


class RetrievedJoker(str, Enum):
    KEEP = "keep"  # to hand, or onto the table, as the player likes
    NEW_MELD_NOW = "new_meld_now"  # into a new meld in the same turn
    PLAY_NOW = "play_now"  # back onto the table in the same turn


class StockEmpty(str, Enum):
    RESHUFFLE = "reshuffle"  # the discards but the top one become the stock
    LAST_ROUND = "last_round"  # everyone has one more turn, then hands are counted


class GoingOutBy(str, Enum):
    DISCARD = "discard"
    TABLE = "table"
    DISCARD_OR_TABLE = "discard_or_table"


class Method(str, Enum):
    PENALTIES = "penalties"  # everyone scores own hand; the winner a fixed score
    WINNER_COLLECTS = "winner_collects"  # the winner scores the others' hands
    DIFFERENCES = "differences"  # the lowest hand scores its differences to the others


class Winner(str, Enum):
    LOWEST = "lowest"
    HIGHEST = "highest"


class TieWithKnocker(str, Enum):
    OTHERS_WIN = "others_win"
    KNOCKER_WINS = "knocker_wins"


class DrawSource(str, Enum):
    STOCK = "stock"
    DISCARD_TOP = "discard_top"
    CUT_CARD = "cut_card"


class Place(str, Enum):
    """Where a card's points are counted, for values that depend on it."""

    LOW_RUN = "low_run"  # the ace before the 2
    HIGH_RUN = "high_run"  # the ace after the king
    SET = "set"
    HAND = "hand"  # left in hand at the end of a round


class Flag(str, Enum):
    """Facts a `when` condition can test, about the player whose turn it is."""

    FIRST_ROUND = "first_round"  # it is the player's first turn of the deal
    OPENED = "opened"  # the player has opened (earlier, or already this turn)
    OPENS_THIS_TURN = "opens_this_turn"  # the player must open in this turn
    HANDING = "handing"  # the player must hand in this turn (all melds at once)


# --- conditions --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Always:
    pass


@dataclass(frozen=True, slots=True)
class Never:
    pass


@dataclass(frozen=True, slots=True)
class Is:
    flag: Flag


@dataclass(frozen=True, slots=True)
class AnyOf:
    items: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class AllOf:
    items: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class IsNot:
    item: Condition


Condition = Always | Never | Is | AnyOf | AllOf | IsNot


# --- card values -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardValue:
    """Points of a rank; `by_place` overrides `points` where the card lies."""

    points: int
    by_place: tuple[tuple[Place, int], ...] = ()
    # Written as `face`: how the value was said, not what it is (`10 10` equals `10 face`).
    face: bool = field(default=False, compare=False)

    def at(self, place: Place) -> int:
        return next((v for p, v in self.by_place if p is place), self.points)


@dataclass(frozen=True, slots=True)
class JokerValue:
    """`as_replaced`: worth the card it stands for; otherwise a fixed `points`."""

    as_replaced: bool
    points: int | None = None


# --- sections ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Deck:
    standard: Rule[PerPlayers[int]]  # 52-card packs
    jokers: Rule[PerPlayers[int]]

    def size(self, players: int) -> int:
        return 52 * self.standard.value.at(players) + self.jokers.value.at(players)


@dataclass(frozen=True, slots=True)
class Deal:
    hand: Rule[PerPlayers[int]]
    first_player: Rule[FirstPlayer]
    first_discard: Rule[FirstDiscard]
    first_player_extra: Rule[int] | None = None  # cards more for the first player
    cut_card: Rule[bool] | None = None  # the cutter's card goes under the stock

    def extra(self) -> int:
        return self.first_player_extra.value if self.first_player_extra else 0


@dataclass(frozen=True, slots=True)
class Values:
    ranks: tuple[Rule[CardValue], ...]  # index rank-1: A, 2, ..., K
    joker: Rule[JokerValue] | None

    def of_rank(self, rank: int) -> CardValue:
        return self.ranks[rank - 1].value


@dataclass(frozen=True, slots=True)
class SetRules:
    size: Rule[Range]
    suits: Rule[SetSuits]
    closed_at: Rule[int] | None = None  # a set this big takes no more cards


@dataclass(frozen=True, slots=True)
class RunRules:
    size: Rule[Range]
    suit: Rule[RunSuit]
    ace: Rule[Ace]
    wrap: Rule[bool]  # K-A-2 allowed
    ace_to_ace: Rule[bool] | None = None  # the 14-card run A 2 ... K A


@dataclass(frozen=True, slots=True)
class Jokers:
    per_meld: Rule[int | None]  # None: any number
    min_natural: Rule[int]
    declare: Rule[Declare]
    per_meld_at_opening: Rule[int | None] | None = None
    ambiguous: Rule[Ambiguous] | None = None
    only_in: Rule[JokersOnlyIn] | None = None

    def in_kind(self, kind: str) -> bool:
        """Whether a joker may stand in a meld of `kind` ("run" or "set")."""
        return self.only_in is None or self.only_in.value.value == kind + "s"

    def limit(self, opening: bool) -> int | None:
        if opening and self.per_meld_at_opening is not None:
            return self.per_meld_at_opening.value
        return self.per_meld.value


@dataclass(frozen=True, slots=True)
class JokerSwap:
    allowed: Rule[Condition]
    card_from: Rule[SwapFrom]
    retrieved_joker: Rule[RetrievedJoker]


@dataclass(frozen=True, slots=True)
class Opening:
    min_points: Rule[int]
    clean_run: Rule[bool] | None = None
    min_melds: Rule[int] | None = None

    def needs_clean_run(self) -> bool:
        return bool(self.clean_run and self.clean_run.value)

    def melds_needed(self) -> int:
        return self.min_melds.value if self.min_melds else 1


@dataclass(frozen=True, slots=True)
class Draws:
    count: int
    until_meld: bool  # draw again only while nothing was melded this turn


@dataclass(frozen=True, slots=True)
class Rearrange:
    min_from_hand: Rule[int]
    remove_from_table: Rule[bool]


@dataclass(frozen=True, slots=True)
class Turn:
    draw: tuple[tuple[DrawSource, Rule[Condition]], ...]
    draws: Rule[Draws]
    lay_off: Rule[Condition]
    discard: Rule[int]
    meld_after_last_draw: Rule[bool] | None = None
    rearrange: Rearrange | None = None
    discard_taken_card: Rule[bool] | None = None  # None: no restriction
    direction: Rule[Direction] | None = None  # None: the seed does not say

    def source(self, source: DrawSource) -> Rule[Condition] | None:
        return next((r for s, r in self.draw if s is source), None)


@dataclass(frozen=True, slots=True)
class GoingOut:
    by: Rule[GoingOutBy]


@dataclass(frozen=True, slots=True)
class Handing:
    """Going out in one turn without having laid anything down before."""

    lay_off: Rule[bool]
    opening_rules: Rule[bool] | None = None  # the lay-down must satisfy `opening`


@dataclass(frozen=True, slots=True)
class Knocking:
    max_hand: Rule[int]


@dataclass(frozen=True, slots=True)
class Scoring:
    method: Rule[Method]
    went_out: Rule[int] | None = None
    handed: Rule[int] | None = None
    handed_with_cut_card: Rule[int] | None = None
    joker_in_hand: Rule[int] | None = None
    not_opened: Rule[int] | None = None
    handing_multiplier: Rule[int] | None = None
    undercut_bonus: Rule[int] | None = None
    tie_with_knocker: Rule[TieWithKnocker] | None = None
    all_out_bonus: Rule[int] | None = None


@dataclass(frozen=True, slots=True)
class GameEnd:
    winner: Rule[Winner]
    target: Rule[int] | None = None
    rounds: Rule[int] | None = None
    target_bonus: Rule[int] | None = None
    round_win_bonus: Rule[int] | None = None


# --- examples, properties, what is left out ----------------------------------------

class ExampleKind(str, Enum):
    RUN = "run"
    SET = "set"
    INVALID = "invalid"
    OPENING = "opening"
    NOT_OPENING = "not_opening"
    LAY_OFF = "lay_off"


@dataclass(frozen=True, slots=True)
class Example:
    """A play the seed text gives as an example; the verifier confirms it."""

    kind: ExampleKind
    melds: tuple[tuple[Card, ...], ...]
    span: Span
    origin: str
    points: int | None = None
    card: Card | None = None  # the card laid off, for LAY_OFF
    sources: tuple[str, ...] = ()  # the seed's words for the example (`source "..."`)


@dataclass(frozen=True, slots=True)
class Check:
    """An author-written property (`check "title": expr`), kept as checked syntax."""

    title: str
    expr: object  # a validated remikc.spec.syntax expression; see remikc.spec.author_checks
    span: Span
    origin: str
    # its place among every check of the variant's files, base first: `property.<number>`
    # stays the same in a house variant that removes another check
    number: int = 0


@dataclass(frozen=True, slots=True)
class DroppedCheck:
    """`remove check "<id>" because "<reason>"`: a built-in check this game does not want,
    e.g. a variant that rewards holding cards on purpose drops `incentives.going_out`."""

    check: str
    reason: str
    span: Span
    origin: str
    # `on scoring.not_opened ...`: the rules the reason rests on; a house variant that changes
    # one of them does not inherit the removal.  None named: every rule the check reads.
    rests_on: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NotModelled:
    quote: str
    reason: str
    span: Span
    origin: str
    # `option pl "..." because "..."`: a choice the seed offers (a value "by agreement"), in
    # that language's words; the rulebook of that language names it under its variations
    language: str | None = None
    # `option pl "..." hr "..."`: the author's translations, by language, so the books in the
    # other languages name the option too (beside the seed's own words)
    translations: tuple[tuple[str, str], ...] = ()

    def translated(self, code: str) -> str | None:
        return next((text for lang, text in self.translations if lang == code), None)


@dataclass(frozen=True, slots=True)
class HouseNote:
    """`note pl "..."`: a house's own words in one language, printed where `place` is said:
    "" the whole game, a section id (`scoring`, `turn.draw`) or a rule id
    (`scoring.joker_in_hand`)."""

    language: str
    place: str
    text: str
    span: Span
    origin: str


@dataclass(frozen=True, slots=True)
class Wording:
    """`wording { pl "scoring.went_out" "..." }`: a catalogue sentence in a spec's own words;
    `forms` holds one text per plural category of `n` where the spec gives them."""

    language: str
    key: str
    text: str
    span: Span
    origin: str
    forms: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Variant:
    """A whole game, its parent's rules already merged in."""

    id: str
    names: tuple[tuple[str, str], ...]  # (language, name), sorted
    parent: str | None
    lineage: tuple[str, ...]  # this variant, its parent, grandparent, ...
    source: str
    players: Rule[Range]
    deck: Deck
    deal: Deal
    values: Values
    set: SetRules | None
    run: RunRules | None
    jokers: Jokers | None
    joker_swap: JokerSwap | None
    opening: Opening | None
    turn: Turn
    stock_empty: Rule[StockEmpty]
    going_out: GoingOut
    handing: Handing | None
    knocking: Knocking | None
    scoring: Scoring
    game_end: GameEnd
    examples: tuple[Example, ...] = ()
    checks: tuple[Check, ...] = ()
    not_modelled: tuple[NotModelled, ...] = ()
    dropped_checks: tuple[DroppedCheck, ...] = ()  # built-in checks removed, by check id
    notes: tuple[HouseNote, ...] = ()  # inherited unless a house variant overrides them
    wording: tuple[Wording, ...] = ()  # likewise
    rules: tuple[Rule[object], ...] = field(default=(), repr=False)  # every rule, by id

    def name(self, language: str) -> str:
        return dict(self.names)[language]

    def rule(self, rule_id: str) -> Rule[object] | None:
        return next((r for r in self.rules if r.id == rule_id), None)

    def player_counts(self) -> range:
        high = self.players.value.high
        assert high is not None
        return range(self.players.value.low, high + 1)
