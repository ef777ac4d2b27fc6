"""`rules_block(variant, show) -> Code`: the rules section of a generated module.

remikc/runtime/rules.py declares, once and typed, every name the runtime reads; this
module gives each its value for one variant, with the rule ids and spec lines it comes
from, and renders them in the declared order (remikc/templates/rules.py.j2).  A name the
runtime declares and no emitter gives, or the other way round, stops the build.
"""

from __future__ import annotations

import ast
import functools
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

from .. import ir
from .constants import Constant, condition, constants
from .reasons import reason_words
from .referee import referee_conditions, referee_constants
from .render import environment
from .safe import Code, identifier, literal


@dataclass(frozen=True)
class Declarations:
    constants: tuple[tuple[str, str], ...]  # (name, annotation), in order
    conditions: tuple[tuple[str, str], ...]  # (function name, parameters)


@functools.cache
def declarations() -> Declarations:
    """What remikc/runtime/rules.py declares."""
    tree = ast.parse(resources.files("remikc.runtime").joinpath("rules.py").read_text(encoding="utf-8"))
    names = tuple((node.target.id, ast.unparse(node.annotation)) for node in tree.body
                  if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name))
    functions = tuple((node.name, ast.unparse(node.args)) for node in tree.body
                      if isinstance(node, ast.FunctionDef))
    return Declarations(names, functions)


def _why(v: ir.Variant, show: Mapping[str, str]) -> dict[str, tuple[str, str | None]]:
    """How each reason names its rule: `("run.wrap", "specs/remik51.rules:67")`, the rule id and
    the spec line; a rule the game does not have names its section and no line (the runtime
    never gives that reason)."""

    def line(rule: ir.Rule[object]) -> str:
        return f"{show.get(rule.span.file, rule.span.file)}:{rule.span.line}"

    def at(rule: ir.Rule[object] | None,
           fallback: str | tuple[str, str | None]) -> tuple[str, str | None]:
        if rule is None:
            return (fallback, None) if isinstance(fallback, str) else fallback
        return (rule.id, line(rule))

    def section(name: str, rule: ir.Rule[object] | None) -> tuple[str, str | None]:
        return (name, None) if rule is None else (name, line(rule))

    jokers, run, set_, opening = v.jokers, v.run, v.set, v.opening
    swap, t = v.joker_swap, v.turn
    run_section = section("run", run.size if run else None)
    set_section = section("set", set_.size if set_ else None)
    opening_section = section("opening", opening.min_points if opening else None)
    return {
        "deck_jokers": at(v.deck.jokers, "deck"),
        "copies": at(v.deck.standard, "deck"),
        "joker_limit": at(jokers.per_meld if jokers else None, "jokers"),
        "joker_limit_opening": at((jokers.per_meld_at_opening or jokers.per_meld) if jokers else None,
                                  "jokers"),
        "min_natural": at(jokers.min_natural if jokers else None, "jokers"),
        "ambiguous": at(jokers.ambiguous or jokers.declare if jokers else None,
                        "jokers"),
        "lay_off": at(t.lay_off, "turn"),
        "going_out": at(v.going_out.by, "going_out"),
        "handing_lay_off": at(v.handing.lay_off if v.handing else None, "handing"),
        "run_size": at(run.size if run else None, "run"),
        "wrap": at(run.wrap if run else None, "run"),
        "ace": at(run.ace if run else None, "run"),
        "run": run_section,
        "ace_to_ace": at((run.ace_to_ace or run.ace) if run else None, "run"),
        "run_order": at(run.suit, "run") if run and run.suit.value is ir.RunSuit.SAME else run_section,
        "set_size": at(set_.size if set_ else None, "set"),
        "set_rank": set_section,
        "set_suits": at(set_.suits if set_ else None, "set"),
        "set_closed_at": at(set_.closed_at if set_ else None, set_section),
        "opening_min_points": at(opening.min_points if opening else None, "opening"),
        "opening_min_melds": at(opening.min_melds if opening else None, opening_section),
        "opening_clean_run": at(opening.clean_run if opening else None, opening_section),
        "swap_allowed": at(swap.allowed if swap else None, "joker_swap"),
        "swap_from": at(swap.card_from if swap else None, "joker_swap"),
        "retrieved_joker": at(swap.retrieved_joker if swap else None, "joker_swap"),
        "draws": at(t.draws, "turn"),
        "first_player_extra": at(v.deal.first_player_extra, "deal"),
        "discards": at(t.discard, "turn"),
        "meld_after_last_draw": at(t.meld_after_last_draw, "turn"),
        "draw_discard": at(t.source(ir.DrawSource.DISCARD_TOP), "turn.draw"),
        "draw_cut": at(t.source(ir.DrawSource.CUT_CARD), "turn.draw"),
        "discard_taken": at(t.discard_taken_card, "turn"),
        "rearrange_remove": at(t.rearrange.remove_from_table if t.rearrange else None, "turn"),
        "rearrange_min": at(t.rearrange.min_from_hand if t.rearrange else None, "turn"),
        "declare": at(jokers.declare if jokers else None, "jokers"),
        "knocking": at(v.knocking.max_hand if v.knocking else None, "knocking"),
    }


def _values(v: ir.Variant, show: Mapping[str, str]) -> dict[str, Constant]:
    """Every constant of the rules block, by name."""
    out: dict[str, Constant] = {}

    def add(name: str, value: object, *notes: str) -> None:
        out[name] = Constant(name, literal(value), notes)

    add("VARIANT_ID", v.id)
    add("VARIANT_NAME", v.name("pl"))
    add("VARIANT_NAMES", dict(v.names))
    add("HAS_RUN", v.run is not None, "the game has runs")
    add("HAS_SET", v.set is not None, "the game has sets")
    add("HAS_JOKERS", v.jokers is not None, "the game has joker rules")
    add("HAS_OPENING", v.opening is not None, "the game has an opening rule")
    add("HAS_SWAP", v.joker_swap is not None, "a joker on the table may be swapped for its card")
    for constant in (*constants(v, show), *referee_constants(v, show)):
        out[constant.name] = constant
    swap = v.joker_swap
    add("SWAP_FROM_TABLE", bool(swap and swap.card_from.value is ir.SwapFrom.HAND_OR_TABLE))
    add("COMMON_MIN", max(1, v.jokers.min_natural.value if v.jokers else 1),
        "fewest cards a meld needs before the joker and natural-card rules can refuse it")
    add("COPIES_MATTER", bool((v.set and v.set.suits.value is ir.SetSuits.ANY)
                              or (v.run and v.run.suit.value is ir.RunSuit.ANY)),
        "a repeated card decides a verdict only where no suit rule refuses it first")
    add("RUN_SIZE_OPEN", bool(v.run and v.run.size.value.high is None),
        "`size 3..`: RUN_MAX is then the 14 cards of A..A, a limit of the cards, not of the rule")
    add("HANDING_FORBIDS_LAY_OFF", bool(v.handing and not v.handing.lay_off.value))
    add("HANDING_LAY_OFF", bool(v.handing is None or v.handing.lay_off.value))
    for key, text in _why(v, show).items():
        add(f"_WHY_{key.upper()}", text)
    out.update(reason_words())
    return out


# What does not change the game: names and the words of reasons (which cite spec lines).
_NOT_RULES = frozenset({"RULES_SHA256", "VARIANT_NAME", "VARIANT_NAMES", "_REASONS", "_NOUNS", "_PLURALS"})


def rules_sha256(values: Mapping[str, Constant], conditions: Mapping[str, Code]) -> str:
    """`sha256:...` of every rule's value and condition, by name: the same for two builds whose
    rules are the same, whatever their comments, spec lines or remikc release."""
    digest = hashlib.sha256()
    for name in sorted(values):
        if name not in _NOT_RULES and not name.startswith("_WHY_"):
            digest.update(f"{name}={values[name].value}\n".encode())
    for name in sorted(conditions):
        digest.update(f"{name}:{conditions[name]}\n".encode())
    return "sha256:" + digest.hexdigest()


def _conditions(v: ir.Variant) -> dict[str, Code]:
    draws = referee_conditions(v)
    swap = v.joker_swap
    return {
        "_may_draw_stock": draws["stock"],
        "_may_draw_discard": draws["discard_top"],
        "_may_draw_cut": draws["cut_card"],
        "_may_lay_off": condition(v.turn.lay_off.value),
        "_may_swap": condition(swap.allowed.value) if swap else Code("False"),
    }


def rules_block(v: ir.Variant, show: Mapping[str, str]) -> Code:
    """The rules section: every declared constant with its value, then the conditions."""
    declared = declarations()
    values = _values(v, show)
    conditions = _conditions(v)
    values["RULES_SHA256"] = Constant("RULES_SHA256", literal(rules_sha256(values, conditions)), ())
    wanted = [name for name, _ in declared.constants]
    if set(values) != set(wanted) or set(conditions) != {name for name, _ in declared.conditions}:
        raise AssertionError("remikc/runtime/rules.py and remikc/emit/rules.py disagree on the rules: "
                             f"{sorted(set(values) ^ set(wanted))}")
    rendered = [values[name].render(annotation) for name, annotation in declared.constants]
    functions = [(identifier(name), Code(params), conditions[name]) for name, params in declared.conditions]
    return Code(environment().get_template("rules.py.j2").render(constants=rendered, functions=functions))
