"""The runtime's names, one table: `NAMES`, in the order remikc/runtime/rules.py declares them.

Each `Name` says how a variant gives the name its value (`value`, a function of the IR), the
rule ids the value comes from (`rules`, cited in a comment above it with their spec lines),
and what the comment says when the game has none of those rules (`absent`).  A name that
belongs to a part of the game (`part`: sets, runs, jokers, an opening) takes, in a game
without that part, the default remikc/runtime/rules.py declares for it; a value function
returns `DEFAULT` where the runtime's default stands.  Defaults are written there only.
`CONDITIONS` gives the runtime's condition functions (`_may_draw_stock`, ...) their bodies.
remikc/emit/rules.py renders both into a generated module's rules block.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TypeVar

from .. import ir
from ..irdump import describe
from .reasons import reason_words
from .safe import Code, identifier

T = TypeVar("T")

POSITIONS = 26  # run positions 1..26: 14 is the ace after the king, 15.. wrap round


class _Default:
    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT = _Default()
"""A value function's answer where the default remikc/runtime/rules.py declares stands."""

DIGEST = "RULES_SHA256"
"""The name whose value is a digest of the others' (`rules.rules_sha256`)."""


@functools.cache
def declared() -> tuple[tuple[str, ast.expr | None, str], ...]:
    """What remikc/runtime/rules.py declares: each name, its default and its annotation."""
    tree = ast.parse(resources.files("remikc.runtime").joinpath("rules.py").read_text(encoding="utf-8"))
    return tuple((node.target.id, node.value, ast.unparse(node.annotation)) for node in tree.body
                 if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name))


def resolved(name: str, value: object) -> object:
    """`value`, or where it is `DEFAULT` the default remikc/runtime/rules.py declares for `name`."""
    if value is not DEFAULT:
        return value
    default = next(node for declared_name, node, _ in declared() if declared_name == name)
    assert default is not None, name
    return ast.literal_eval(default)


@dataclass(frozen=True)
class Cited:
    """A reason's rule, `(label, "specs/remik51.rules:67")` in the module: `rule` None for a
    rule the game does not have (the reason then names `label`, a section, and no line)."""

    label: str
    rule: ir.Rule[object] | None


@dataclass(frozen=True)
class Name:
    """One name of the runtime and how a variant gives it its value."""

    name: str
    value: Callable[[ir.Variant], object]
    rules: tuple[str, ...] | Callable[[ir.Variant], tuple[str, ...]] = ()
    absent: str | Callable[[ir.Variant], str] = ""
    part: str = ""  # "set", "run", "jokers" or "opening": a game without it takes the default
    notes: tuple[str, ...] = ()  # comment lines before the rules it comes from
    card_values: bool = False  # also cite the lines of the `values` section

    def cited(self, v: ir.Variant) -> tuple[ir.Rule[object], ...]:
        ids = self.rules(v) if callable(self.rules) else self.rules
        found = (_rule(v, rule_id) for rule_id in ids)
        return tuple(r for r in found if r is not None)

    def missing(self, v: ir.Variant) -> bool:
        """Whether the game lacks the part this name belongs to."""
        return bool(self.part) and getattr(v, self.part) is None

    def sources(self, v: ir.Variant, show: Mapping[str, str]) -> tuple[str, ...]:
        """The comment lines: notes, the `values` lines, each rule cited, or why there is none."""
        if self.missing(v):
            return (f"{self.part}: not in this game (HAS_{_FLAG[self.part]} is False)",)
        cites = tuple(cite(r, show) for r in self.cited(v))
        absent = self.absent(v) if callable(self.absent) else self.absent
        values = _value_sources(v, show) if self.card_values else ()
        return (*self.notes, *values, *(cites or ((absent,) if absent else ())))


_FLAG = {"set": "SET", "run": "RUN", "jokers": "JOKERS", "opening": "OPENING"}


def cite(rule: ir.Rule[object], show: Mapping[str, str] | None = None) -> str:
    """`run.wrap forbidden (specs/remik51.rules:67)`: `show` maps spec paths to how they are
    written in the output (relative to the project)."""
    where = f"{(show or {}).get(rule.span.file, rule.span.file)}:{rule.span.line}"
    assumed = "; assumed" if rule.assumed else ""
    return f"{rule.id} {describe(rule)} ({where}{assumed})"


def _value_sources(v: ir.Variant, show: Mapping[str, str]) -> tuple[str, ...]:
    rules: list[ir.Rule[object]] = [*v.values.ranks]
    if v.values.joker is not None:
        rules.append(v.values.joker)
    out = []
    for file in sorted({r.span.file for r in rules}):
        lines = sorted({r.span.line for r in rules if r.span.file == file})
        out.append(f"values ({show.get(file, file)}:{', '.join(str(n) for n in lines)})")
    return tuple(out)


def _rule(v: ir.Variant, rule_id: str) -> ir.Rule[object] | None:
    """The rule `rule_id` of `v` read from the IR's typed fields (`turn.rearrange.min_from_hand`
    is `v.turn.rearrange.min_from_hand`), as every consumer of the IR reads it: a variant made
    by `dataclasses.replace` changes those, not the `rules` index.  An id with no such path
    (`values.K`, `turn.draw.stock`) is looked up in the index."""
    found: object = v
    for part in rule_id.split("."):
        if found is None:
            return None
        if not hasattr(found, part):
            return v.rule(rule_id)
        found = getattr(found, part)
    assert found is None or isinstance(found, ir.Rule), rule_id
    return found


def value_of(rule: ir.Rule[T] | None) -> T | _Default:
    return DEFAULT if rule is None else rule.value


def _max_over_players(v: ir.Variant, rule: ir.Rule[ir.PerPlayers[int]]) -> int:
    return max(rule.value.at(n) for n in v.player_counts())


def _per_players(v: ir.Variant, rule: ir.Rule[ir.PerPlayers[int]]) -> dict[int, int]:
    return {n: rule.value.at(n) for n in v.player_counts()}


def _hand_code_values(v: ir.Variant) -> tuple[int, ...]:
    """What each card code (rank * 4 + suit; 0 = joker) counts left in hand."""
    joker_value = 0
    if v.scoring.joker_in_hand is not None:
        joker_value = v.scoring.joker_in_hand.value
    elif v.values.joker is not None and not v.values.joker.value.as_replaced:
        joker_value = v.values.joker.value.points or 0
    table = [joker_value, 0, 0, 0]
    for rank in range(1, 14):
        table += [v.values.of_rank(rank).at(ir.Place.HAND)] * 4
    return tuple(table)


def _run_values(v: ir.Variant) -> tuple[int, ...]:
    """Points of the card on each run position (0 unused; 1 the low ace, 14 the high ace)."""
    table = [0]
    for position in range(1, POSITIONS + 1):
        rank = position if position <= 13 else position - 13
        place = ir.Place.LOW_RUN if position == 1 else ir.Place.HIGH_RUN
        table.append(v.values.of_rank(rank).at(place))
    return tuple(table)


def _declared(v: ir.Variant) -> bool:
    """The player names each joker's card: a meld that reads both ways is valid either way."""
    return v.jokers is not None and v.jokers.declare.value is ir.Declare.RANK_AND_SUIT


def _ambiguous(v: ir.Variant) -> object:
    if v.jokers is not None and v.jokers.ambiguous is not None:
        return v.jokers.ambiguous.value.value
    return "declared" if _declared(v) else DEFAULT


def _handing_lay_off(v: ir.Variant) -> object:
    return value_of(_rule(v, "handing.lay_off"))


def _at(v: ir.Variant, *ids: str, fallback: str | Cited) -> Cited:
    """The first of `ids` the game has, else `fallback` (a section's name, or a `Cited`)."""
    rule = next((r for r in map(v.rule, ids) if r is not None), None)
    if rule is not None:
        return Cited(rule.id, rule)
    return Cited(fallback, None) if isinstance(fallback, str) else fallback


def _section(v: ir.Variant, label: str, rule_id: str) -> Cited:
    """A reason that names a section, at the line of its first rule."""
    return Cited(label, _rule(v, rule_id))


def _why(key: str, *ids: str, fallback: str | Callable[[ir.Variant], Cited]) -> Name:
    """`_WHY_<KEY>`: how a reason names its rule (remikc/runtime/reasons.py)."""
    return Name(f"_WHY_{key.upper()}",
                lambda v: _at(v, *ids, fallback=fallback if isinstance(fallback, str) else fallback(v)))


def _run_section(v: ir.Variant) -> Cited:
    return _section(v, "run", "run.size")


def _set_section(v: ir.Variant) -> Cited:
    return _section(v, "set", "set.size")


def _opening_section(v: ir.Variant) -> Cited:
    return _section(v, "opening", "opening.min_points")


def _run_order(v: ir.Variant) -> Cited:
    if v.run is not None and v.run.suit.value is ir.RunSuit.SAME:
        return _at(v, "run.suit", fallback="run")
    return _run_section(v)


def _given(name: str, rule_id: str, absent: str) -> Name:
    """A name whose value is the rule's own value, where the game has the rule."""
    return Name(name, lambda v: value_of(_rule(v, rule_id)), (rule_id,), absent)


_BOTH_KINDS = "jokers.only_in: not given, jokers stand in sets and runs alike"

NAMES: tuple[Name, ...] = (
    # the variant
    Name("VARIANT_ID", lambda v: v.id),
    Name("VARIANT_NAME", lambda v: v.name("pl")),
    Name("VARIANT_NAMES", lambda v: dict(v.names)),
    Name(DIGEST, lambda v: DEFAULT),  # a digest of the others' values: remikc/emit/rules.py
    # what kinds of play the game has
    Name("HAS_RUN", lambda v: v.run is not None, notes=("the game has runs",)),
    Name("HAS_SET", lambda v: v.set is not None, notes=("the game has sets",)),
    Name("HAS_JOKERS", lambda v: v.jokers is not None, notes=("the game has joker rules",)),
    Name("HAS_OPENING", lambda v: v.opening is not None, notes=("the game has an opening rule",)),
    Name("HAS_SWAP", lambda v: v.joker_swap is not None,
         notes=("a joker on the table may be swapped for its card",)),
    # cards and melds
    Name("COPIES", lambda v: _max_over_players(v, v.deck.standard), ("deck.standard",)),
    Name("DECK_JOKERS", lambda v: _max_over_players(v, v.deck.jokers), ("deck.jokers",)),
    Name("RUN_VALUE", _run_values, card_values=True,
         notes=("points of the card on each run position, 1 = the ace before the 2,",
                "14 = the ace after the king, 15.. round the corner")),
    Name("SET_VALUE", lambda v: tuple([0] + [v.values.of_rank(r).at(ir.Place.SET) for r in range(1, 14)]),
         card_values=True, notes=("points of a card of each rank in a set",)),
    Name("HAND_VALUE", _hand_code_values, ("scoring.joker_in_hand",), card_values=True,
         notes=("what each card counts left in hand, by code (0-3: a joker)",)),
    Name("JOKER_FIXED", lambda v: DEFAULT if v.values.joker is None else
         None if v.values.joker.value.as_replaced else v.values.joker.value.points,
         ("values.joker",), "values.joker: the deck has no jokers"),
    Name("SET_MIN", lambda v: v.set.size.value.low if v.set else DEFAULT, ("set.size",), part="set"),
    Name("SET_MAX", lambda v: (v.set.size.value.high if v.set.size.value.high is not None else 10**6)
         if v.set else DEFAULT, ("set.size",), part="set"),
    Name("SET_DISTINCT_SUITS", lambda v: v.set.suits.value is ir.SetSuits.DISTINCT if v.set else DEFAULT,
         ("set.suits",), part="set"),
    Name("SET_CLOSED_AT", lambda v: value_of(v.set.closed_at) if v.set else DEFAULT, ("set.closed_at",),
         "set.closed_at: not in this game, a set takes cards up to its size", part="set"),
    Name("RUN_MIN", lambda v: v.run.size.value.low if v.run else DEFAULT, ("run.size",), part="run"),
    Name("RUN_MAX", lambda v: (v.run.size.value.high if v.run.size.value.high is not None else 14)
         if v.run else DEFAULT, ("run.size",), part="run"),
    Name("RUN_SAME_SUIT", lambda v: v.run.suit.value is ir.RunSuit.SAME if v.run else DEFAULT,
         ("run.suit",), part="run"),
    Name("ACE_LOW", lambda v: v.run.ace.value is not ir.Ace.HIGH if v.run else DEFAULT, ("run.ace",),
         part="run"),
    Name("ACE_HIGH", lambda v: v.run.ace.value is not ir.Ace.LOW if v.run else DEFAULT, ("run.ace",),
         part="run"),
    Name("WRAP", lambda v: v.run.wrap.value if v.run else DEFAULT, ("run.wrap",), part="run"),
    Name("ACE_TO_ACE", lambda v: bool(v.run.ace_to_ace and v.run.ace_to_ace.value) if v.run else DEFAULT,
         ("run.ace_to_ace",),
         lambda v: "run.ace_to_ace: not in this game, the ace is only "
         + (v.run.ace.value.value if v.run else ""),
         part="run"),
    Name("JOKERS_PER_MELD", lambda v: v.jokers.per_meld.value if v.jokers else DEFAULT, ("jokers.per_meld",),
         part="jokers"),
    Name("JOKERS_PER_MELD_AT_OPENING",
         lambda v: (v.jokers.per_meld_at_opening or v.jokers.per_meld).value if v.jokers else DEFAULT,
         lambda v: (("jokers.per_meld_at_opening",) if _rule(v, "jokers.per_meld_at_opening") is not None
                    else ("jokers.per_meld",)), part="jokers"),
    Name("MIN_NATURAL", lambda v: v.jokers.min_natural.value if v.jokers else DEFAULT,
         ("jokers.min_natural",), part="jokers"),
    Name("AMBIGUOUS", _ambiguous,
         lambda v: ("jokers.ambiguous",) if _rule(v, "jokers.ambiguous") is not None else
         ("jokers.declare",) if _declared(v) else (),
         "jokers.ambiguous: not given, a meld that reads both as a set and as a run is refused"),
    Name("JOKERS_IN_SETS", lambda v: v.jokers.in_kind("set") if v.jokers and v.jokers.only_in else DEFAULT,
         ("jokers.only_in",), _BOTH_KINDS, part="jokers"),
    Name("JOKERS_IN_RUNS", lambda v: v.jokers.in_kind("run") if v.jokers and v.jokers.only_in else DEFAULT,
         ("jokers.only_in",), _BOTH_KINDS, part="jokers"),
    Name("JOKERS_DECLARED", _declared, ("jokers.declare",), "jokers: not in this game"),
    Name("OPENING_MIN_POINTS", lambda v: v.opening.min_points.value if v.opening else DEFAULT,
         ("opening.min_points",), part="opening"),
    Name("OPENING_CLEAN_RUN", lambda v: v.opening.needs_clean_run() if v.opening else DEFAULT,
         ("opening.clean_run",), "opening.clean_run: not given, no clean run needed", part="opening"),
    Name("OPENING_MIN_MELDS", lambda v: v.opening.melds_needed() if v.opening else DEFAULT,
         ("opening.min_melds",), "opening.min_melds: not given, one meld will do", part="opening"),
    _given("NOT_OPENED", "scoring.not_opened",
           "scoring.not_opened: not in this game, every hand counts its cards"),
    Name("LAST_CARD_BY_DISCARD_ONLY", lambda v: v.going_out.by.value is ir.GoingOutBy.DISCARD,
         ("going_out.by",)),
    _given("REARRANGE_MIN_FROM_HAND", "turn.rearrange.min_from_hand",
           "turn.rearrange: not in this game, melds on the table stay as they were laid"),
    Name("SWAP_FROM_TABLE",
         lambda v: bool(v.joker_swap and v.joker_swap.card_from.value is ir.SwapFrom.HAND_OR_TABLE),
         ("joker_swap.card_from",), "joker_swap: not in this game"),
    Name("COMMON_MIN", lambda v: max(1, v.jokers.min_natural.value if v.jokers else 1),
         notes=("fewest cards a meld needs before the joker and natural-card rules can refuse it",)),
    Name("COPIES_MATTER", lambda v: bool((v.set and v.set.suits.value is ir.SetSuits.ANY)
                                         or (v.run and v.run.suit.value is ir.RunSuit.ANY)),
         notes=("a repeated card decides a verdict only where no suit rule refuses it first",)),
    Name("RUN_SIZE_OPEN", lambda v: bool(v.run and v.run.size.value.high is None),
         notes=("`size 3..`: RUN_MAX is then the 14 cards of A..A, a limit of the cards, not of the rule",)),
    # HANDING_LAY_OFF negated: the runtime reads both (melds.py, apply.py), and the rules digest of
    # every generated module (and so of every saved game) names both
    Name("HANDING_FORBIDS_LAY_OFF", lambda v: not resolved("HANDING_LAY_OFF", _handing_lay_off(v)),
         ("handing.lay_off",), "handing.lay_off: not given, a hander may lay off"),
    # the reasons: each names its rule
    _why("ace", "run.ace", fallback="run"),
    _why("ace_to_ace", "run.ace_to_ace", "run.ace", fallback="run"),
    _why("ambiguous", "jokers.ambiguous", "jokers.declare", fallback="jokers"),
    _why("copies", "deck.standard", fallback="deck"),
    _why("deck_jokers", "deck.jokers", fallback="deck"),
    _why("declare", "jokers.declare", fallback="jokers"),
    _why("discards", "turn.discard", fallback="turn"),
    _why("discard_taken", "turn.discard_taken_card", fallback="turn"),
    _why("draws", "turn.draws", fallback="turn"),
    _why("first_player_extra", "deal.first_player_extra", fallback="deal"),
    _why("draw_cut", "turn.draw.cut_card", fallback="turn.draw"),
    _why("draw_discard", "turn.draw.discard_top", fallback="turn.draw"),
    _why("going_out", "going_out.by", fallback="going_out"),
    _why("handing_lay_off", "handing.lay_off", fallback="handing"),
    _why("joker_limit", "jokers.per_meld", fallback="jokers"),
    _why("joker_limit_opening", "jokers.per_meld_at_opening", "jokers.per_meld", fallback="jokers"),
    _why("jokers_only_in", "jokers.only_in", fallback="jokers"),
    _why("knocking", "knocking.max_hand", fallback="knocking"),
    _why("lay_off", "turn.lay_off", fallback="turn"),
    _why("meld_after_last_draw", "turn.meld_after_last_draw", fallback="turn"),
    _why("min_natural", "jokers.min_natural", fallback="jokers"),
    _why("opening_clean_run", "opening.clean_run", fallback=_opening_section),
    _why("opening_min_melds", "opening.min_melds", fallback=_opening_section),
    _why("opening_min_points", "opening.min_points", fallback="opening"),
    _why("rearrange_min", "turn.rearrange.min_from_hand", fallback="turn"),
    _why("rearrange_remove", "turn.rearrange.remove_from_table", fallback="turn"),
    _why("retrieved_joker", "joker_swap.retrieved_joker", fallback="joker_swap"),
    Name("_WHY_RUN", _run_section),
    Name("_WHY_RUN_ORDER", _run_order),
    _why("run_size", "run.size", fallback="run"),
    _why("set_closed_at", "set.closed_at", fallback=_set_section),
    Name("_WHY_SET_RANK", _set_section),
    _why("set_size", "set.size", fallback="set"),
    _why("set_suits", "set.suits", fallback="set"),
    _why("swap_allowed", "joker_swap.allowed", fallback="joker_swap"),
    _why("swap_from", "joker_swap.card_from", fallback="joker_swap"),
    _why("wrap", "run.wrap", fallback="run"),
    # the words of the reasons: laid out by remikc/emit/reasons.py, the same in every module
    Name("_REASONS", lambda v: reason_words()["_REASONS"],
         notes=("the reasons in words (remikc/wording/reasons.py)",)),
    Name("_NOUNS", lambda v: reason_words()["_NOUNS"], notes=("the nouns they count",)),
    Name("_PLURALS", lambda v: reason_words()["_PLURALS"],
         notes=("the plural category of 0..199: zero one two few many other (x)",)),
    Name("_JOKER_WORDS", lambda v: reason_words()["_JOKER_WORDS"],
         notes=("the joker among a reason's cards, as the rulebooks write it",)),
    # the rules of play
    Name("PLAYERS_MIN", lambda v: v.players.value.low, ("players",)),
    Name("PLAYERS_MAX", lambda v: v.player_counts()[-1], ("players",)),
    Name("PACKS_BY_PLAYERS", lambda v: _per_players(v, v.deck.standard), ("deck.standard",)),
    Name("JOKERS_BY_PLAYERS", lambda v: _per_players(v, v.deck.jokers), ("deck.jokers",)),
    Name("HAND_BY_PLAYERS", lambda v: _per_players(v, v.deal.hand), ("deal.hand",)),
    Name("FIRST_PLAYER_EXTRA", lambda v: v.deal.extra(), ("deal.first_player_extra",),
         "deal.first_player_extra: not in this game, everyone is dealt the same"),
    Name("DEALER_PLAYS_FIRST", lambda v: v.deal.first_player.value is ir.FirstPlayer.DEALER,
         ("deal.first_player",)),
    Name("FIRST_DISCARD_FACE_UP", lambda v: v.deal.first_discard.value is ir.FirstDiscard.FACE_UP,
         ("deal.first_discard",)),
    _given("CUT_CARD", "deal.cut_card", "deal.cut_card: not in this game"),
    Name("DRAWS", lambda v: v.turn.draws.value.count, ("turn.draws",)),
    Name("DRAWS_UNTIL_MELD", lambda v: v.turn.draws.value.until_meld, ("turn.draws",)),
    _given("MELD_AFTER_LAST_DRAW", "turn.meld_after_last_draw",
           "turn.meld_after_last_draw: not given, a player may meld after drawing"),
    Name("DISCARDS", lambda v: v.turn.discard.value, ("turn.discard",)),
    _given("DISCARD_TAKEN_CARD", "turn.discard_taken_card",
           "turn.discard_taken_card: not given, any card may be discarded"),
    _given("REMOVE_FROM_TABLE", "turn.rearrange.remove_from_table", "turn.rearrange: not in this game"),
    Name("RETRIEVED_JOKER", lambda v: v.joker_swap.retrieved_joker.value.value if v.joker_swap else DEFAULT,
         ("joker_swap.retrieved_joker",), "joker_swap: not in this game"),
    Name("STOCK_EMPTY", lambda v: v.stock_empty.value.value, ("stock_empty",)),
    Name("GOING_OUT", lambda v: v.going_out.by.value.value, ("going_out.by",)),
    Name("HANDING", lambda v: v.handing is not None, ("handing.lay_off",), "handing: not in this game"),
    _given("HANDING_OPENING_RULES", "handing.opening_rules",
           "handing.opening_rules: not given, handing opens as usual"),
    Name("HANDING_LAY_OFF", _handing_lay_off),
    _given("KNOCK_MAX", "knocking.max_hand", "knocking: not in this game"),
    Name("METHOD", lambda v: v.scoring.method.value.value, ("scoring.method",)),
    _given("WENT_OUT", "scoring.went_out", "scoring.went_out: not in this game"),
    _given("HANDED", "scoring.handed", "scoring.handed: not given, handing scores as going out"),
    _given("HANDED_WITH_CUT_CARD", "scoring.handed_with_cut_card",
           "scoring.handed_with_cut_card: not given, scores as handing"),
    _given("HANDING_MULTIPLIER", "scoring.handing_multiplier", "scoring.handing_multiplier: not given, 1"),
    _given("UNDERCUT_BONUS", "scoring.undercut_bonus", "scoring.undercut_bonus: not in this game"),
    Name("KNOCKER_WINS_TIES", lambda v: DEFAULT if v.scoring.tie_with_knocker is None
         else v.scoring.tie_with_knocker.value is ir.TieWithKnocker.KNOCKER_WINS,
         ("scoring.tie_with_knocker",),
         "scoring.tie_with_knocker: not given, a tie with the knocker goes to the others"),
    _given("ALL_OUT_BONUS", "scoring.all_out_bonus", "scoring.all_out_bonus: not in this game"),
    _given("TARGET", "game_end.target", "game_end.target: not in this game"),
    _given("ROUNDS", "game_end.rounds", "game_end.rounds: not in this game"),
    _given("TARGET_BONUS", "game_end.target_bonus", "game_end.target_bonus: not in this game"),
    _given("ROUND_WIN_BONUS", "game_end.round_win_bonus", "game_end.round_win_bonus: not in this game"),
    Name("LOWEST_WINS", lambda v: v.game_end.winner.value is ir.Winner.LOWEST, ("game_end.winner",)),
)


def condition(c: ir.Condition) -> Code:
    """A `when` condition as a Python expression over the validator's keyword flags."""
    if isinstance(c, ir.Always):
        return Code("True")
    if isinstance(c, ir.Never):
        return Code("False")
    if isinstance(c, ir.Is):
        return identifier(c.flag.value)
    if isinstance(c, ir.IsNot):
        return Code(f"not {condition(c.item)}")
    if isinstance(c, (ir.AnyOf, ir.AllOf)):
        word = " or " if isinstance(c, ir.AnyOf) else " and "
        return Code("(" + word.join(condition(item) for item in c.items) + ")")
    raise TypeError(f"no Python form for the condition {c!r}")


def _draw(source: ir.DrawSource) -> Callable[[ir.Variant], Code]:
    def body(v: ir.Variant) -> Code:
        rule = v.turn.source(source)
        return condition(rule.value) if rule is not None else Code("False")
    return body


CONDITIONS: Sequence[tuple[str, Callable[[ir.Variant], Code]]] = (
    ("_may_draw_stock", _draw(ir.DrawSource.STOCK)),
    ("_may_draw_discard", _draw(ir.DrawSource.DISCARD_TOP)),
    ("_may_draw_cut", _draw(ir.DrawSource.CUT_CARD)),
    ("_may_lay_off", lambda v: condition(v.turn.lay_off.value)),
    ("_may_swap", lambda v: condition(v.joker_swap.allowed.value) if v.joker_swap else Code("False")),
)
"""The body of each condition function the runtime declares, over the flags of the player whose
turn it is (`first_round`, `opened`, `opens_this_turn`, `handing`)."""

CONDITION_RULES: Mapping[str, tuple[str, ...]] = {
    "_may_draw_stock": ("turn.draw.stock",), "_may_draw_discard": ("turn.draw.discard_top",),
    "_may_draw_cut": ("turn.draw.cut_card",), "_may_lay_off": ("turn.lay_off",),
    "_may_swap": ("joker_swap.allowed",),
}
"""The rule each condition function's body comes from."""

# the runtime's modules behind the generated module's validator: check_meld, check_opening,
# check_lay_off, check_joker_swap, hand_value and the cards they read
_VALIDATOR = ("melds.py", "cards.py")


@functools.cache
def _validator_words() -> frozenset[str]:
    trees = (ast.parse(resources.files("remikc.runtime").joinpath(module).read_text(encoding="utf-8"))
             for module in _VALIDATOR)
    return frozenset(node.id for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Name))


def validator_rules(v: ir.Variant) -> frozenset[str]:
    """The rules of `v` its generated validator reads: those the runtime's names and condition
    functions that remikc/runtime/melds.py and cards.py use come from, found in their source, so
    a rule given a new name the validator reads is among them without a list kept by hand."""
    words = _validator_words()
    ids: set[str] = set()
    for name in NAMES:
        if name.name in words:
            ids.update(rule.id for rule in name.cited(v))
            if name.card_values:
                ids.update(rule.id for rule in v.rules if rule.id.startswith("values."))
    for function, rules in CONDITION_RULES.items():
        if function in words:
            ids.update(rule for rule in rules if _rule(v, rule) is not None)
    return frozenset(ids)
