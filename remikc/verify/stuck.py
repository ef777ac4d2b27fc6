"""The words of `deal.ends` over every state: how a deal can always end, or the state it
cannot end from, with the spec lines that keep it there (see `ways_out`)."""

from __future__ import annotations

from .. import ir
from . import canon, decode
from .base import Check, Probe
from .findings import Finding, Status
from .ways_out import Lays, Node, Verdict, caps, draws_stock, grows, may_lay_off, starts


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _condition(rule: ir.Rule[ir.Condition]) -> str:
    from ..irdump import condition_text

    text = condition_text(rule.value)
    return f"`lay_off {text if text in ('always', 'never') else 'when ' + text}`"


def how(v: ir.Variant) -> str:
    """The ways out the proof leans on, in words."""
    said = []
    if v.stock_empty.value is ir.StockEmpty.LAST_ROUND:
        drawers = [opened for opened in (False, True) if draws_stock(v, opened, generous=False)]
        who = {2: "every player", 1: "a player who has opened" if drawers == [True] else
               "a player who has not opened"}.get(len(drawers))
        if who is not None:
            said.append(f"{who} may draw the stock after his first turn, and `stock_empty last_round` ends "
                        "the deal when it runs dry")
    if may_lay_off(v, False, True):
        said.append(f"a player who has opened lays a card off each turn ({_condition(v.turn.lay_off)}) "
                    "until he goes out")
    else:
        said.append("a player who has opened lays the rest of his hand down in melds, where its size "
                    "allows")
    if v.opening is not None:
        said.append("a player who has not opened may open and go on from there")
    return "; ".join(said)


def _lengths(found: frozenset[int]) -> str:
    """Meld lengths as a reader says them: "3 to 14", "3", "3, 5 to 7"."""
    runs: list[list[int]] = []
    for n in sorted(found):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]} to {r[-1]}" for r in runs) or "never"


def _why(v: ir.Variant, lays: Lays, node: Node) -> str:
    """Why a player in `node` never goes out."""
    count = v.turn.draws.value.count
    held = _cards(node.cards + count)
    less = ", less the card he discards," if v.turn.discard.value else ""
    lengths = _lengths(lays.lengths())
    if node.opened:
        lay_off = ("no meld on the table can grow" if not grows(v) else
                   f"{_condition(v.turn.lay_off)} lets him lay nothing off")
        return (f"he draws {count} and holds {held}; melds are {lengths} cards long, and what he holds"
                f"{less} never makes melds of his whole hand; {lay_off}")
    return (f"he draws {count} and holds {held}; melds are {lengths} cards long, and no opening he can "
            "make leaves a hand that ever goes out")


def _reached(probe: object, v: ir.Variant, lays: Lays, start: Node, node: Node) -> str:
    """How a player gets from his first turn to `node`, with an opening in card notation."""
    assert isinstance(probe, Probe)
    held = start.cards + (v.turn.draws.value.count if start.draws else 0)
    laid = held - node.cards - v.turn.discard.value
    if not node.opened or laid <= 0:
        return ""
    session, o = probe.opening(max(laid, lays.top))
    out = probe.ask(session, o.ok, o.cards == laid, prefer=[[o.jokers == 0]], keys=canon.opening_keys(o))
    shown = f" ({decode.opening_text(out.model, o)})" if out.model is not None else ""
    return f"; he gets there in his first turn: holding {_cards(held)}, he opens with {laid}{shown}"


def violation(probe: object, check: object, verdict: Verdict) -> Finding:
    assert isinstance(probe, Probe) and isinstance(check, Check)
    v = probe.variant
    lays = Lays(probe, *caps(v))
    first, other = verdict.stuck
    seats = starts(v, verdict.players)
    states = [f"the first player, {first.words()}"] if first != other else []
    states.append(f"every {'other ' if states else ''}player {other.words()}")
    last_round = v.stock_empty.value is ir.StockEmpty.LAST_ROUND
    stock = ("the stock reshuffles for ever" if not last_round else
             "nobody in that state may draw the stock, so it never runs dry")
    summary = (f"{verdict.players} players: a deal can reach a state nobody can end: "
               f"{' and '.join(states)}; {_why(v, lays, other)}{_reached(probe, v, lays, seats[1], other)}; "
               f"{stock}")
    rules = [v.turn.lay_off, v.turn.draws, v.turn.discard, v.going_out.by, v.stock_empty,
             *(r.size for r in (v.set, v.run) if r is not None),
             v.opening.min_points if v.opening is not None else None,
             v.turn.source(ir.DrawSource.STOCK) if last_round else None]
    return Finding(check.id, check.title, Status.VIOLATED, summary,
                   tuple(dict.fromkeys(r for r in rules if r is not None)))
