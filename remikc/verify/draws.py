"""When a player may draw, as formulas: remikc/drawing.py's definition (`may_draw`) compiled to
Z3 over a `DrawPosition`, the facts of the player to move named as Z3 variables
(tests/test_turn_conformance.py holds the referee's `legal_actions` to it)."""

from __future__ import annotations

from typing import cast

import z3

from .. import drawing, ir
from .encode import Encoder, Z3Ops


class DrawPosition(drawing.DrawFacts):
    """The facts a draw depends on, for the player to move, as Z3 terms."""

    @staticmethod
    def named(enc: Encoder) -> DrawPosition:
        def flag(name: str) -> z3.BoolRef:
            return z3.Bool(enc.name(name), enc.ctx)
        return DrawPosition(flag("first_round"), flag("opened"), flag("laid"), enc.integer("drawn"),
                            flag("melded"), enc.integer("stock"), enc.integer("discards"), flag("cut"),
                            {s: flag(f"opens_with_{s.value}") for s in ir.DrawSource},
                            {s: flag(f"hands_with_{s.value}") for s in ir.DrawSource})


def may_draw(enc: Encoder, source: ir.DrawSource, at: drawing.DrawFacts) -> z3.BoolRef:
    """May the player to move draw from `source` now: remikc/drawing.py `may_draw` as a Z3 term."""
    return cast("z3.BoolRef", drawing.may_draw(enc.v, source, at, Z3Ops(enc)))
