"""`emit_validator(variant, sources) -> str`: the standalone validator module of a variant.

The Jinja template (remikc/templates/validator.py.j2) lays out the module and
holds the algorithm; `constants` renders the rules.  The output depends on the
IR and the spec texts only: no dates, no absolute paths, the same bytes on
every run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from .. import __version__, ir
from .constants import condition, constants, where
from .referee import referee_conditions, referee_constants
from .render import environment
from .safe import Code


def source_hash(lineage_texts: Mapping[str, str]) -> str:
    """sha256 over the spec files a variant is built from, base game first."""
    digest = hashlib.sha256()
    for path, text in lineage_texts.items():
        digest.update(path.encode("utf-8") + b"\0" + text.encode("utf-8") + b"\0")
    return "sha256:" + digest.hexdigest()


def _size_text(size: ir.Range) -> str:
    if size.high is None:
        return f"{size.low} or more cards"
    if size.high == size.low:
        return f"{size.low} cards"
    return f"{size.low} to {size.high} cards"


def _why(v: ir.Variant, show: Mapping[str, str]) -> dict[str, str]:
    """How each reason names its rule: `run.wrap, specs/remik51.rules:67`."""

    def at(rule: ir.Rule[object] | None, fallback: str = "") -> str:
        if rule is None:
            return fallback
        return where(rule, show)

    jokers = v.jokers
    why = {
        "deck_jokers": at(v.deck.jokers),
        "copies": at(v.deck.standard),
        "joker_limit": at(jokers.per_meld if jokers else None, "jokers"),
        "joker_limit_opening": at((jokers.per_meld_at_opening or jokers.per_meld) if jokers else None,
                                  "jokers"),
        "min_natural": at(jokers.min_natural if jokers else None, "jokers"),
        "ambiguous": at(jokers.ambiguous or jokers.declare if jokers else None,
                        "a meld that reads both ways"),
        "lay_off": at(v.turn.lay_off),
        "going_out": at(v.going_out.by),
        "handing_lay_off": at(v.handing.lay_off if v.handing else None, "handing"),
    }
    if v.run is not None:
        r = v.run
        section = f"run, {show.get(r.size.span.file, r.size.span.file)}:{r.size.span.line}"
        why |= {"run_size": at(r.size), "wrap": at(r.wrap), "ace": at(r.ace), "run": section,
                "ace_to_ace": at(r.ace_to_ace or r.ace),
                "run_order": at(r.suit) if r.suit.value is ir.RunSuit.SAME else section}
    if v.set is not None:
        s = v.set
        section = f"set, {show.get(s.size.span.file, s.size.span.file)}:{s.size.span.line}"
        why |= {"set_size": at(s.size), "set_rank": section, "set_suits": at(s.suits),
                "set_closed_at": at(s.closed_at, section)}
    if v.opening is not None:
        o = v.opening
        span = o.min_points.span
        section = f"opening, {show.get(span.file, span.file)}:{span.line}"
        why |= {"opening_min_points": at(o.min_points), "opening_min_melds": at(o.min_melds, section),
                "opening_clean_run": at(o.clean_run, section)}
    swap, t = v.joker_swap, v.turn
    why |= {"swap_allowed": at(swap.allowed if swap else None, "joker_swap"),
            "swap_from": at(swap.card_from if swap else None, "joker_swap"),
            "retrieved_joker": at(swap.retrieved_joker if swap else None, "joker_swap"),
            "draws": at(t.draws), "discards": at(t.discard),
            "meld_after_last_draw": at(t.meld_after_last_draw, "turn"),
            "draw_discard": at(t.source(ir.DrawSource.DISCARD_TOP), "turn.draw"),
            "draw_cut": at(t.source(ir.DrawSource.CUT_CARD), "turn.draw"),
            "discard_taken": at(t.discard_taken_card, "turn"),
            "rearrange_remove": at(t.rearrange.remove_from_table if t.rearrange else None, "turn"),
            "rearrange_min": at(t.rearrange.min_from_hand if t.rearrange else None, "turn"),
            "declare": at(jokers.declare if jokers else None, "jokers"),
            "knocking": at(v.knocking.max_hand if v.knocking else None, "knocking")}
    return why


def emit_validator(variant: ir.Variant, lineage_texts: Mapping[str, str], show: Mapping[str, str]) -> str:
    """The module's source.  `lineage_texts`: each spec file's text, base first; `show`: how
    each spec path is written in the output (relative to the project)."""
    v = variant
    sizes = []
    if v.run is not None:
        sizes.append(("RUN_SIZE_TEXT", _size_text(v.run.size.value)))
    if v.set is not None:
        sizes.append(("SET_SIZE_TEXT", _size_text(v.set.size.value)))
    swap = v.joker_swap
    context = {
        "variant_id": v.id,
        "name": v.name("pl"),
        "names": dict(v.names),
        "version": __version__,
        "source": " <- ".join(show.get(p, p) for p in reversed(list(lineage_texts))),
        "sha256": source_hash({show.get(p, p): t for p, t in lineage_texts.items()}),
        "constants": constants(v, show),
        "size_texts": sizes,
        "why": _why(v, show),
        "has_jokers": v.jokers is not None,
        "has_run": v.run is not None,
        "has_set": v.set is not None,
        "has_opening": v.opening is not None,
        "has_swap": swap is not None,
        "swap_condition": condition(swap.allowed.value) if swap else Code("False"),
        "swap_from_table": bool(swap and swap.card_from.value is ir.SwapFrom.HAND_OR_TABLE),
        "lay_off_condition": condition(v.turn.lay_off.value),
        "handing_forbids_lay_off": bool(v.handing and not v.handing.lay_off.value),
        # a repeated card can decide a verdict only where no suit rule refuses it first
        "copies_matter": bool((v.set and v.set.suits.value is ir.SetSuits.ANY)
                              or (v.run and v.run.suit.value is ir.RunSuit.ANY)),
        "common_min": max(1, v.jokers.min_natural.value if v.jokers else 1),
        # `size 3..`: RUN_MAX is then the 14 cards of A..A, a limit of the cards, not of the rule
        "run_size_open": bool(v.run and v.run.size.value.high is None),
        "referee_constants": referee_constants(v, show),
        "draw_conditions": referee_conditions(v),
        "handing_lay_off": bool(v.handing is None or v.handing.lay_off.value),
    }
    return environment().get_template("validator.py.j2").render(context)
