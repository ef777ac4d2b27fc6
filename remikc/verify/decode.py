"""Z3 models back into cards: the one place that reads a model."""

from __future__ import annotations

import z3

from ..cards import JOKER_CARD, Card, format_cards
from .encode import CardVar, Meld, Opening


def _int(model: z3.ModelRef, expr: z3.ArithRef) -> int:
    return model.eval(expr, model_completion=True).as_long()  # type: ignore[no-any-return]


def card(model: z3.ModelRef, var: CardVar) -> Card:
    rank = _int(model, var.rank)
    return JOKER_CARD if rank == 0 else Card(rank, _int(model, var.suit))


def cards(model: z3.ModelRef, variables: tuple[CardVar, ...], length: z3.ArithRef) -> tuple[Card, ...]:
    return tuple(card(model, c) for c in variables[: _int(model, length)])


def meld(model: z3.ModelRef, m: Meld) -> tuple[Card, ...]:
    return cards(model, m.cards, m.length)


def meld_text(model: z3.ModelRef, m: Meld) -> str:
    return format_cards(meld(model, m))


def opening_text(model: z3.ModelRef, o: Opening) -> str:
    shown = [meld_text(model, m) for m in o.melds if _int(model, m.length) > 0]
    return " + ".join(shown) + f" ({_int(model, o.points)} points)"


def integer(model: z3.ModelRef, expr: z3.ArithRef) -> int:
    return _int(model, expr)


def true(model: z3.ModelRef, expr: z3.BoolRef) -> bool:
    return bool(z3.is_true(model.eval(expr, model_completion=True)))
