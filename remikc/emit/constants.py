"""The rules of a variant as Python constants for a generated module.

`constants(variant) -> list[Constant]`: each constant is one rule (or a table
built from several), rendered as a typed assignment with a comment naming the
rule ids and spec lines it comes from.  The template decides where they go;
this module decides what they say.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass

from .. import ir
from ..cards import RANK_NAMES
from ..irdump import describe
from .safe import Code, comment, identifier, literal

POSITIONS = 26  # run positions 1..26: 14 is the ace after the king, 15.. wrap round


@dataclass(frozen=True)
class Constant:
    name: str
    value: Code
    sources: tuple[str, ...]  # "run.wrap forbidden (specs/remik51.rules:67)": spec text, escaped

    def render(self, annotation: str) -> Code:
        """`NAME: annotation = value`, after a comment line for each source."""
        # comments wrapped to fit the line length the modules are linted at, whatever the
        # length of a spec's path
        notes = "".join(f"# {line}\n" for s in self.sources
                        for line in textwrap.wrap(comment(s), 96, break_on_hyphens=False))
        head = f"{identifier(self.name)}: {annotation} = "
        if "\n" in self.value:  # laid out by its emitter (remikc/emit/reasons.py)
            return Code(f"{notes}{head}{self.value}\n")
        if len(head) + len(self.value) <= 100:
            return Code(f"{notes}{head}{self.value}\n")
        # too long for a line: a tuple's items packed, a dict's one to a line
        node = ast.parse(self.value, mode="eval").body
        if isinstance(node, ast.Dict):
            items = [f"    {ast.get_source_segment(self.value, k)}: {ast.get_source_segment(self.value, v)},"
                     for k, v in zip(node.keys, node.values, strict=True) if k is not None]
            return Code(f"{notes}{head}{{\n" + "\n".join(items) + "\n}\n")
        if not isinstance(node, ast.Tuple):
            return Code(f"{notes}{head}{self.value}\n")
        lines, line = [], "   "
        for element in node.elts:
            item = ast.get_source_segment(self.value, element) or ""
            if len(line) + len(item) + 2 > 96:
                lines.append(line)
                line = "   "
            line += f" {item},"
        lines.append(line)
        return Code(f"{notes}{head}(\n" + "\n".join(lines) + "\n)\n")


def cite(rule: ir.Rule[object], show: Mapping[str, str] | None = None) -> str:
    """`run.wrap forbidden (specs/remik51.rules:67)`: `show` maps spec paths to how they are
    written in the output (relative to the project)."""
    where = f"{(show or {}).get(rule.span.file, rule.span.file)}:{rule.span.line}"
    assumed = "; assumed" if rule.assumed else ""
    return f"{rule.id} {describe(rule)} ({where}{assumed})"


def where(rule: ir.Rule[object], show: Mapping[str, str] | None = None) -> str:
    """`run.wrap, specs/remik51.rules:67`: how a reason names its rule."""
    return f"{rule.id}, {(show or {}).get(rule.span.file, rule.span.file)}:{rule.span.line}"


def _max_over_players(v: ir.Variant, rule: ir.Rule[ir.PerPlayers[int]]) -> int:
    return max(rule.value.at(n) for n in v.player_counts())


def _hand_code_values(v: ir.Variant) -> list[int]:
    """What each card code (rank * 4 + suit; 0 = joker) counts left in hand."""
    joker_value = 0
    if v.scoring.joker_in_hand is not None:
        joker_value = v.scoring.joker_in_hand.value
    elif v.values.joker is not None and not v.values.joker.value.as_replaced:
        joker_value = v.values.joker.value.points or 0
    table = [joker_value, 0, 0, 0]
    for rank in range(1, 14):
        table += [v.values.of_rank(rank).at(ir.Place.HAND)] * 4
    return table


def _run_values(v: ir.Variant) -> list[int]:
    """Points of the card on each run position (0 unused; 1 the low ace, 14 the high ace)."""
    table = [0]
    for position in range(1, POSITIONS + 1):
        rank = position if position <= 13 else position - 13
        place = ir.Place.LOW_RUN if position == 1 else ir.Place.HIGH_RUN
        table.append(v.values.of_rank(rank).at(place))
    return table




def _value_sources(v: ir.Variant, show: Mapping[str, str]) -> tuple[str, ...]:
    rules: list[ir.Rule[object]] = [*v.values.ranks]
    if v.values.joker is not None:
        rules.append(v.values.joker)
    out = []
    for file in sorted({r.span.file for r in rules}):
        lines = sorted({r.span.line for r in rules if r.span.file == file})
        out.append(f"values ({show.get(file, file)}:{', '.join(str(n) for n in lines)})")
    return tuple(out)


def constants(v: ir.Variant, show: Mapping[str, str]) -> list[Constant]:
    """Every rule the validator reads, in the order of the rulebook."""
    out: list[Constant] = []

    def add(name: str, value: object, *rules: ir.Rule[object] | None, absent: str = "") -> None:
        sources = tuple(cite(r, show) for r in rules if r is not None) or ((absent,) if absent else ())
        out.append(Constant(name, literal(value), sources))

    add("COPIES", _max_over_players(v, v.deck.standard), v.deck.standard)
    add("DECK_JOKERS", _max_over_players(v, v.deck.jokers), v.deck.jokers)
    out.append(Constant("RUN_VALUE", literal(tuple(_run_values(v))),
                        ("points of the card on each run position, 1 = the ace before the 2,",
                         "14 = the ace after the king, 15.. round the corner", *_value_sources(v, show))))
    set_values = [0] + [v.values.of_rank(r).at(ir.Place.SET) for r in range(1, 14)]
    out.append(Constant("SET_VALUE", literal(tuple(set_values)),
                        ("points of a card of each rank in a set", *_value_sources(v, show))))
    out.append(Constant("HAND_VALUE", literal(tuple(_hand_code_values(v))),
                        ("what each card counts left in hand, by code (0-3: a joker)",
                         *_value_sources(v, show),
                         *(cite(r, show) for r in (v.scoring.joker_in_hand,) if r is not None))))
    joker = v.values.joker
    add("JOKER_FIXED", None if joker is None or joker.value.as_replaced else joker.value.points, joker,
        absent="values.joker: the deck has no jokers")

    if v.set is not None:
        s = v.set
        add("SET_MIN", s.size.value.low, s.size)
        add("SET_MAX", s.size.value.high if s.size.value.high is not None else 10**6, s.size)
        add("SET_DISTINCT_SUITS", s.suits.value is ir.SetSuits.DISTINCT, s.suits)
        add("SET_CLOSED_AT", s.closed_at.value if s.closed_at else None, s.closed_at,
            absent="set.closed_at: not in this game, a set takes cards up to its size")
    else:
        for name, value in (("SET_MIN", 3), ("SET_MAX", 4),
                            ("SET_DISTINCT_SUITS", True), ("SET_CLOSED_AT", None)):
            add(name, value, absent="set: not in this game (HAS_SET is False)")
    if v.run is not None:
        r = v.run
        add("RUN_MIN", r.size.value.low, r.size)
        add("RUN_MAX", r.size.value.high if r.size.value.high is not None else 14, r.size)
        add("RUN_SAME_SUIT", r.suit.value is ir.RunSuit.SAME, r.suit)
        add("ACE_LOW", r.ace.value is not ir.Ace.HIGH, r.ace)
        add("ACE_HIGH", r.ace.value is not ir.Ace.LOW, r.ace)
        add("WRAP", r.wrap.value, r.wrap)
        add("ACE_TO_ACE", bool(r.ace_to_ace and r.ace_to_ace.value), r.ace_to_ace,
            absent="run.ace_to_ace: not in this game, the ace is only " + r.ace.value.value)
    else:
        for name, value in (("RUN_MIN", 3), ("RUN_MAX", 14), ("RUN_SAME_SUIT", True),
                            ("ACE_LOW", True), ("ACE_HIGH", False),
                            ("WRAP", False), ("ACE_TO_ACE", False)):
            add(name, value, absent="run: not in this game (HAS_RUN is False)")
    if v.jokers is not None:
        j = v.jokers
        add("JOKERS_PER_MELD", j.per_meld.value, j.per_meld)
        at_opening = j.per_meld_at_opening
        add("JOKERS_PER_MELD_AT_OPENING", at_opening.value if at_opening is not None else j.per_meld.value,
            at_opening or j.per_meld)
        add("MIN_NATURAL", j.min_natural.value, j.min_natural)
    else:
        for name, value in (("JOKERS_PER_MELD", None),
                            ("JOKERS_PER_MELD_AT_OPENING", None), ("MIN_NATURAL", 1)):
            add(name, value, absent="jokers: not in this game (HAS_JOKERS is False)")
    ambiguous = v.jokers.ambiguous if v.jokers else None
    if ambiguous is not None:
        add("AMBIGUOUS", ambiguous.value.value, ambiguous)
    elif v.jokers is not None and v.jokers.declare.value is ir.Declare.RANK_AND_SUIT:
        # the player names each joker's card: a meld that reads both ways is valid either way
        add("AMBIGUOUS", "declared", v.jokers.declare)
    else:
        add("AMBIGUOUS", "refused",
            absent="jokers.ambiguous: not given, a meld that reads both as a set and as a run is refused")
    declared = v.jokers is not None and v.jokers.declare.value is ir.Declare.RANK_AND_SUIT
    add("JOKERS_DECLARED", declared, v.jokers.declare if v.jokers else None,
        absent="jokers: not in this game")
    if v.opening is not None:
        o = v.opening
        add("OPENING_MIN_POINTS", o.min_points.value, o.min_points)
        add("OPENING_CLEAN_RUN", o.needs_clean_run(), o.clean_run,
            absent="opening.clean_run: not given, no clean run needed")
        add("OPENING_MIN_MELDS", o.melds_needed(), o.min_melds,
            absent="opening.min_melds: not given, one meld will do")
    else:
        for name, value in (("OPENING_MIN_POINTS", 0), ("OPENING_CLEAN_RUN", False),
                            ("OPENING_MIN_MELDS", 1)):
            add(name, value, absent="opening: not in this game (HAS_OPENING is False)")
    not_opened = v.scoring.not_opened
    add("NOT_OPENED", not_opened.value if not_opened else None, not_opened,
        absent="scoring.not_opened: not in this game, every hand counts its cards")
    add("LAST_CARD_BY_DISCARD_ONLY", v.going_out.by.value is ir.GoingOutBy.DISCARD, v.going_out.by)
    rearrange = v.turn.rearrange
    add("REARRANGE_MIN_FROM_HAND", rearrange.min_from_hand.value if rearrange else None,
        rearrange.min_from_hand if rearrange else None,
        absent="turn.rearrange: not in this game, melds on the table stay as they were laid")
    return out


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


RANKS = RANK_NAMES
