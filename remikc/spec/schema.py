"""Which sections and rules a spec may contain, and how each value is read.

The grammar only knows "a section holds settings"; this table knows that
`deal` holds `hand`, that `hand` is a card count that may depend on the number
of players, and that it must be there.  Adding a rule dimension means adding a
`Key` here, a field in `ir.py`, and a line in `lower.py` that puts one into the
other.  docs/dsl.md documents every key; a test keeps the two in step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .. import ir
from .value_readers import Reader, Switch, choice, condition, draws, limit, number, per_players, range_of

T = TypeVar("T", covariant=True)


@dataclass(frozen=True, slots=True)
class Key(Generic[T]):
    """A rule: its dotted id, how its value is read, and whether a base spec must give it."""

    id: str
    read: Reader[T]
    required: bool = True
    example: str = ""

    @property
    def name(self) -> str:
        return self.id.rsplit(".", 1)[-1]


@dataclass(frozen=True, slots=True)
class Section:
    """A `name { ... }` block; `optional` sections may be left out of a game entirely."""

    id: str
    entries: tuple[Entry, ...]
    optional: bool = False
    kind: str = "rules"  # "rules" | "values" | "examples" | "not_modelled" | "wording"

    @property
    def name(self) -> str:
        return self.id.rsplit(".", 1)[-1]


Entry = Key[object] | Section

_SWITCH = Switch("allowed", "forbidden")

# --- the rules -----------------------------------------------------------------------

PLAYERS = Key("players", range_of(2, 20, open_ok=False, what="a range of players like 2..6"),
              example="players 2..6")

DECK_STANDARD = Key("deck.standard", per_players(1, 8, "a number of 52-card packs from 1 to 8"),
                    example="standard 2")
DECK_JOKERS = Key("deck.jokers", per_players(0, 16, "a number of jokers from 0 to 16"),
                  example="jokers 4")

DEAL_HAND = Key("deal.hand", per_players(1, 60, "a number of cards from 1 to 60"),
                example="hand 10 for 2 players, 7 for 3..4 players")
DEAL_FIRST_PLAYER = Key("deal.first_player", choice(ir.FirstPlayer),
                        example="first_player left_of_dealer")
DEAL_FIRST_PLAYER_EXTRA = Key("deal.first_player_extra", number(0, 5), required=False,
                              example="first_player_extra 1")
DEAL_FIRST_DISCARD = Key("deal.first_discard", choice(ir.FirstDiscard), example="first_discard face_up")
DEAL_CUT_CARD = Key("deal.cut_card", Switch("under_stock", "none"), required=False,
                    example="cut_card under_stock")

SET_SIZE = Key("set.size", range_of(1, 60, open_ok=True, what="a number of cards like 3..4"),
               example="size 3..4")
SET_SUITS = Key("set.suits", choice(ir.SetSuits), example="suits distinct")
SET_CLOSED_AT = Key("set.closed_at", number(1, 60), required=False, example="closed_at 4")

RUN_SIZE = Key("run.size", range_of(1, 60, open_ok=True, what="a number of cards like 3.."),
               example="size 3..")
RUN_SUIT = Key("run.suit", choice(ir.RunSuit), example="suit same")
RUN_ACE = Key("run.ace", choice(ir.Ace), example="ace low or high")
RUN_WRAP = Key("run.wrap", _SWITCH, example="wrap forbidden")
RUN_ACE_TO_ACE = Key("run.ace_to_ace", _SWITCH, required=False, example="ace_to_ace allowed")

JOKERS_PER_MELD = Key("jokers.per_meld", limit(0, 60), example="per_meld any")
JOKERS_PER_MELD_AT_OPENING = Key("jokers.per_meld_at_opening", limit(0, 60), required=False,
                                 example="per_meld_at_opening 1")
JOKERS_MIN_NATURAL = Key("jokers.min_natural", number(0, 60), example="min_natural 1")
JOKERS_DECLARE = Key("jokers.declare", choice(ir.Declare), example="declare position")
JOKERS_ONLY_IN = Key("jokers.only_in", choice(ir.JokersOnlyIn), required=False, example="only_in runs")
JOKERS_AMBIGUOUS = Key("jokers.ambiguous", choice(ir.Ambiguous), required=False,
                       example="ambiguous run")

SWAP_ALLOWED = Key("joker_swap.allowed", condition, example="allowed when opened")
SWAP_CARD_FROM = Key("joker_swap.card_from", choice(ir.SwapFrom), example="card_from hand")
SWAP_RETRIEVED = Key("joker_swap.retrieved_joker", choice(ir.RetrievedJoker),
                     example="retrieved_joker keep")

OPENING_MIN_POINTS = Key("opening.min_points", number(0, 1000), example="min_points 51")
OPENING_CLEAN_RUN = Key("opening.clean_run", Switch("required", "not_required"), required=False,
                        example="clean_run required")
OPENING_MIN_MELDS = Key("opening.min_melds", number(1, 20), required=False, example="min_melds 1")

DRAW_STOCK = Key("turn.draw.stock", condition, required=False, example="stock always")
DRAW_DISCARD_TOP = Key("turn.draw.discard_top", condition, required=False,
                       example="discard_top when first_round or opened")
DRAW_CUT_CARD = Key("turn.draw.cut_card", condition, required=False,
                    example="cut_card when handing")
TURN_DRAWS = Key("turn.draws", draws, example="draws 1")
TURN_MELD_AFTER_LAST_DRAW = Key("turn.meld_after_last_draw", _SWITCH, required=False,
                                example="meld_after_last_draw forbidden")
TURN_LAY_OFF = Key("turn.lay_off", condition, example="lay_off when opened")
REARRANGE_MIN_FROM_HAND = Key("turn.rearrange.min_from_hand", number(0, 60),
                              example="min_from_hand 1")
REARRANGE_REMOVE = Key("turn.rearrange.remove_from_table", _SWITCH,
                       example="remove_from_table forbidden")
TURN_DISCARD = Key("turn.discard", number(0, 1, "1, or 0 for no discard"), example="discard 1")
TURN_DISCARD_TAKEN_CARD = Key("turn.discard_taken_card", _SWITCH, required=False,
                              example="discard_taken_card forbidden")

TURN_DIRECTION = Key("turn.direction", choice(ir.Direction), required=False,
                     example="direction clockwise")

STOCK_EMPTY = Key("stock_empty", choice(ir.StockEmpty), example="stock_empty reshuffle")

GOING_OUT_BY = Key("going_out.by", choice(ir.GoingOutBy), example="by discard")

HANDING_LAY_OFF = Key("handing.lay_off", _SWITCH, example="lay_off forbidden")
HANDING_OPENING_RULES = Key("handing.opening_rules", Switch("apply", "waived"), required=False,
                            example="opening_rules apply")

KNOCKING_MAX_HAND = Key("knocking.max_hand", number(0, 1000), example="max_hand 5")

_SCORE = number(-10000, 10000, "a number of points")
SCORING_METHOD = Key("scoring.method", choice(ir.Method), example="method penalties")
SCORING_WENT_OUT = Key("scoring.went_out", _SCORE, required=False, example="went_out -40")
SCORING_HANDED = Key("scoring.handed", _SCORE, required=False, example="handed -80")
SCORING_HANDED_CUT = Key("scoring.handed_with_cut_card", _SCORE, required=False,
                         example="handed_with_cut_card -120")
SCORING_JOKER_IN_HAND = Key("scoring.joker_in_hand", _SCORE, required=False,
                            example="joker_in_hand 20")
SCORING_NOT_OPENED = Key("scoring.not_opened", _SCORE, required=False, example="not_opened 100")
SCORING_HANDING_MULTIPLIER = Key("scoring.handing_multiplier", number(1, 10), required=False,
                                 example="handing_multiplier 2")
SCORING_UNDERCUT = Key("scoring.undercut_bonus", _SCORE, required=False, example="undercut_bonus 10")
SCORING_TIE = Key("scoring.tie_with_knocker", choice(ir.TieWithKnocker), required=False,
                  example="tie_with_knocker others_win")
SCORING_ALL_OUT = Key("scoring.all_out_bonus", _SCORE, required=False, example="all_out_bonus 25")

GAME_END_WINNER = Key("game_end.winner", choice(ir.Winner), example="winner highest")
GAME_END_TARGET = Key("game_end.target", number(1, 100000), required=False, example="target 150")
GAME_END_ROUNDS = Key("game_end.rounds", number(1, 1000), required=False, example="rounds 10")
GAME_END_TARGET_BONUS = Key("game_end.target_bonus", _SCORE, required=False,
                            example="target_bonus 100")
GAME_END_ROUND_WIN_BONUS = Key("game_end.round_win_bonus", _SCORE, required=False,
                               example="round_win_bonus 25")


def _section(id: str, *entries: Entry, optional: bool = False, kind: str = "rules") -> Section:
    return Section(id, tuple(entries), optional, kind)


SCHEMA = _section(
    "",
    PLAYERS,
    _section("deck", DECK_STANDARD, DECK_JOKERS),
    _section("deal", DEAL_HAND, DEAL_FIRST_PLAYER, DEAL_FIRST_PLAYER_EXTRA, DEAL_FIRST_DISCARD,
             DEAL_CUT_CARD),
    _section("values", kind="values"),
    _section("set", SET_SIZE, SET_SUITS, SET_CLOSED_AT, optional=True),
    _section("run", RUN_SIZE, RUN_SUIT, RUN_ACE, RUN_WRAP, RUN_ACE_TO_ACE, optional=True),
    _section("jokers", JOKERS_PER_MELD, JOKERS_PER_MELD_AT_OPENING, JOKERS_MIN_NATURAL,
             JOKERS_ONLY_IN, JOKERS_DECLARE, JOKERS_AMBIGUOUS, optional=True),
    _section("joker_swap", SWAP_ALLOWED, SWAP_CARD_FROM, SWAP_RETRIEVED, optional=True),
    _section("opening", OPENING_MIN_POINTS, OPENING_CLEAN_RUN, OPENING_MIN_MELDS, optional=True),
    _section(
        "turn",
        _section("turn.draw", DRAW_STOCK, DRAW_DISCARD_TOP, DRAW_CUT_CARD),
        TURN_DRAWS,
        TURN_MELD_AFTER_LAST_DRAW,
        TURN_LAY_OFF,
        _section("turn.rearrange", REARRANGE_MIN_FROM_HAND, REARRANGE_REMOVE, optional=True),
        TURN_DISCARD,
        TURN_DISCARD_TAKEN_CARD,
        TURN_DIRECTION,
    ),
    STOCK_EMPTY,
    _section("going_out", GOING_OUT_BY),
    _section("handing", HANDING_LAY_OFF, HANDING_OPENING_RULES, optional=True),
    _section("knocking", KNOCKING_MAX_HAND, optional=True),
    _section("scoring", SCORING_METHOD, SCORING_WENT_OUT, SCORING_HANDED, SCORING_HANDED_CUT,
             SCORING_JOKER_IN_HAND, SCORING_NOT_OPENED, SCORING_HANDING_MULTIPLIER,
             SCORING_UNDERCUT, SCORING_TIE, SCORING_ALL_OUT),
    _section("game_end", GAME_END_WINNER, GAME_END_TARGET, GAME_END_ROUNDS, GAME_END_TARGET_BONUS,
             GAME_END_ROUND_WIN_BONUS),
    _section("wording", kind="wording", optional=True),
    _section("examples", kind="examples", optional=True),
    _section("not_modelled", kind="not_modelled", optional=True),
)

LANGUAGES = ("pl", "hr")
RANK_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def value_rule_id(rank: int) -> str:
    """`values.A`, `values.10`, `values.joker`: one rule per rank."""
    return "values.joker" if rank == 0 else f"values.{RANK_KEYS[rank - 1]}"


def rule_order(rule_id: str) -> tuple[int, int]:
    """Where a rule stands in the schema: the order a rulebook or a dump lists rules in."""
    return _ORDER.get(rule_id, (len(_ORDER), 0))


def all_keys(section: Section = SCHEMA) -> list[Key[object]]:
    out: list[Key[object]] = []
    for entry in section.entries:
        out.extend(all_keys(entry) if isinstance(entry, Section) else [entry])
    return out


def all_sections(section: Section = SCHEMA) -> list[Section]:
    out: list[Section] = []
    for entry in section.entries:
        if isinstance(entry, Section):
            out.append(entry)
            out.extend(all_sections(entry))
    return out


@dataclass(frozen=True, slots=True)
class Lookup:
    """Quick access to the schema by section id."""

    sections: dict[str, Section] = field(default_factory=dict)

    @staticmethod
    def build() -> Lookup:
        found = {"": SCHEMA} | {s.id: s for s in all_sections()}
        return Lookup(found)


LOOKUP = Lookup.build()


def _order() -> dict[str, tuple[int, int]]:
    order: dict[str, tuple[int, int]] = {}

    def walk(section: Section) -> None:
        for entry in section.entries:
            if isinstance(entry, Section):
                if entry.kind == "values":
                    for i, rank in enumerate((*RANK_KEYS, "joker")):
                        order[f"values.{rank}"] = (len(order), i)
                walk(entry)
            else:
                order[entry.id] = (len(order), 0)

    walk(SCHEMA)
    return order


_ORDER = _order()
