"""The checks of scoring: going out beats every hand left (and handing beats going out), a
card added to a hand never lowers its count, and knocking, the target and the bonuses can
happen and reward the player they are meant for."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import z3

from .. import ir
from ..cards import format_cards
from . import canon, decode
from .base import Check, Probe, better, largest_hand, unknown, value_rules
from .encode import CardVar, Encoder, deal_scores
from .findings import Finding, Status, edit_for
from .solver import Session

# --- 8. the winner scores best -----------------------------------------------------------

def winner_scores_best(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    s = v.scoring
    beats = better(v)
    direction = "lower" if v.game_end.winner.value is ir.Winner.LOWEST else "higher"
    session, cards, length = probe.hand()
    opened = z3.Bool("opened", session.enc.ctx)
    other = session.enc.hand_value(cards, length, opened)
    method = s.method.value
    # the score of the player who went out, against one other player left holding `other`
    winner = deal_scores(session.enc, [session.enc.num(0), other], "went_out", 0)[0]
    if method is ir.Method.PENALTIES:
        out = probe.ask(session, z3.Not(beats(winner, other)), prefer=[[length == 1]],
                        keys=[*canon.cards_keys(cards, length), canon.flag(opened)])
        assert s.went_out is not None
        blame: tuple[ir.Rule[object], ...] = (s.went_out, v.game_end.winner)
    else:  # the others' cards go to the winner
        out = probe.ask(session, z3.Not(beats(winner, session.enc.num(0))), prefer=[[length == 1]],
                        keys=[*canon.cards_keys(cards, length), canon.flag(opened)])
        blame = tuple(r for r in (s.method, s.all_out_bonus, v.game_end.winner) if r is not None)
    if out.status == "unknown":
        return unknown(check)
    said = [f"going out always scores {direction} than any hand left"]
    wrong: list[str] = []
    rules: list[ir.Rule[object]] = []
    hints: tuple[str, ...] = ()
    if out.model is not None:
        shown = decode.cards(out.model, cards, length)
        held = format_cards(shown)
        value = decode.integer(out.model, other)
        # the lines saying what the cards held count
        ranks = tuple(dict.fromkeys(v.values.ranks[c.rank - 1] for c in shown if c.rank > 0))
        wrong.append(f"going out is not better: a player left holding {held} counts {value}, and "
                     f"the player who went out scores {decode.integer(out.model, winner)} ({direction} wins)")
        rules.extend(blame + ranks + value_rules(v))
        hints = _turned_round(v)
    # handing against going out is asked too: a family who got both wrong hears of both at once
    if v.handing is not None:
        multiplier = s.handing_multiplier.value if s.handing_multiplier else 1
        steps = [("going out", s.went_out), ("handing", s.handed),
                 ("handing with the cut card", s.handed_with_cut_card)]
        present = [(name, rule) for name, rule in steps if rule is not None]
        lowest = v.game_end.winner.value is ir.Winner.LOWEST
        for (low_name, low), (high_name, high) in itertools.pairwise(present):
            # handing at the going-out score still pays better where the others pay the
            # multiplier (scoring.py: their counts times `handing_multiplier`)
            doubled = (low is s.went_out and high is s.handed and high.value == low.value
                       and multiplier > 1 and method is ir.Method.PENALTIES)
            if not (high.value < low.value if lowest else high.value > low.value) and not doubled:
                wrong.append(f"{high_name} ({high.value}) does not score {direction} than "
                             f"{low_name} ({low.value})")
                rules.extend([low, high])
        if method is not ir.Method.PENALTIES:
            worse = _handing_worse(probe, session, cards, length, opened)
            if worse is None:
                return unknown(check)
            if worse:
                wrong.append(worse)
                rules.extend(r for r in (s.handing_multiplier, s.method, s.joker_in_hand, s.not_opened)
                             if r is not None)
        if method is not ir.Method.PENALTIES and multiplier <= 1 and s.handed is None:
            said.append("handing scores the same as going out")
        elif len(present) > 1 or multiplier > 1:
            said.append("handing scores better still")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(dict.fromkeys(rules)),
                       hints)
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


def _turned_round(v: ir.Variant) -> tuple[str, ...]:
    """The hint where the game's winner points the other way from its scoring: a family that
    switches Remik 51 to `winner_collects` keeps its `winner lowest`, and the player who takes
    the others' cards then loses by them (and the other way round under `penalties`)."""
    rule = v.game_end.winner
    collects = v.scoring.method.value is not ir.Method.PENALTIES
    wanted = "highest" if collects else "lowest"
    if rule.value.value == wanted:
        return ()
    why = "the winner of a deal takes points" if collects else \
        "every card left in hand counts against its holder"
    return (f"hint: {why} (`method {v.scoring.method.value.value}`): {edit_for(v, rule, wanted)}",)


def _handing_worse(probe: Probe, session: Session, cards: tuple[CardVar, ...], length: z3.ArithRef,
                   opened: z3.BoolRef) -> str | None:
    """Where the player who lays all his cards down takes the others' points, handing against
    going out as the deal's scores give them (`deal_scores`, every component): "" when handing
    is never worse, what makes it worse, or None when the solver ran out of work."""
    v = probe.variant
    enc = session.enc
    other = enc.hand_value(cards, length, opened)
    went = deal_scores(enc, [enc.num(0), other], "went_out", 0)[0]
    handed = deal_scores(enc, [enc.num(0), other], "handed", 0)[0]
    out = probe.ask(session, better(v)(went, handed), prefer=[[length == 1]],
                    keys=[*canon.cards_keys(cards, length), canon.flag(opened)])
    if out.status == "unknown":
        return None
    if out.model is None:
        return ""
    m = out.model
    held = format_cards(decode.cards(m, cards, length))
    return (f"handing is worse than going out when another player is left holding {held} "
            f"(counting {decode.integer(m, other)}): handing scores {decode.integer(m, handed)}, "
            f"going out {decode.integer(m, went)}")



# --- 9. penalties are monotone -------------------------------------------------------------

def monotone(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    session, cards, grown = probe.hand()
    length = grown - 1
    opened = z3.Bool("opened", session.enc.ctx)
    before = session.enc.hand_value(cards, length, opened)
    after = session.enc.hand_value(cards, grown, opened)
    out = probe.ask(session, after < before, prefer=[[length == 1]],
                    keys=[*canon.cards_keys(cards, grown), canon.flag(opened)])
    if out.status == "unknown":
        return unknown(check)
    if out.model is not None:
        n = decode.integer(out.model, length)
        held = format_cards(decode.cards(out.model, cards, length)) or "nothing"
        added = str(decode.card(out.model, cards[n]))
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"adding {added} to {held} lowers the count from "
                       f"{decode.integer(out.model, before)} to {decode.integer(out.model, after)}",
                       value_rules(v) + tuple(r for r in v.values.ranks if r.value.at(ir.Place.HAND) < 0))
    return Finding(check.id, check.title, Status.PROVED, "every card left in hand adds to the count")


# --- 10. knocking, the target and bonuses ---------------------------------------------------

Moves = list[tuple[str, ir.Rule[object] | None, z3.ArithRef]]


def _short_of_target(probe: Probe, session: Session, moves: Moves, target: ir.Rule[int]) -> str | None:
    """Why `rounds` deals cannot bring a total from 0 to the target ("" where they can; None:
    undecided).  Each deal is given more than it can pay: every fixed score and bonus at once,
    and the largest amount taken from a hand once from every other player, so a target out of
    this reach is out of reach for certain."""
    v = probe.variant
    rounds = v.game_end.rounds
    if rounds is None:
        return ""
    sign = 1 if target.value > 0 else -1
    s = v.scoring
    fixed = sum(max(0, sign * r.value) for r in (s.went_out, s.handed, s.handed_with_cut_card,
                                                 s.all_out_bonus, s.undercut_bonus) if r is not None)
    takers = 1 if s.method.value is ir.Method.PENALTIES else max(v.player_counts()) - 1
    needed = -(-(abs(target.value) - rounds.value * fixed) // (rounds.value * takers))  # ceiling
    if needed <= 0:
        return ""
    out = session.ask(z3.Or(*[sign * d >= needed for _, _, d in moves]), why=False)
    if out.status == "unknown":
        return None
    if out.model is not None:
        return ""
    return (f"the target {target.value} cannot be reached in {rounds.value} "
            f"{'deal' if rounds.value == 1 else 'deals'}: no amount a deal pays reaches {needed} "
            f"(the fixed scores and bonuses at most {fixed} a deal)")


def round_moves(v: ir.Variant, enc: Encoder, cards: Sequence[CardVar], length: z3.ArithRef
                ) -> list[tuple[str, ir.Rule[object] | None, z3.ArithRef]]:
    """Every amount a round can add to some player's total, by the scoring components the
    spec has: (what it is, `{hand}` standing for the cards held; the rule; the amount).

    The cards left in hand count their `values` (`joker_in_hand` for a joker), or `not_opened`
    for a player who never opened; `handing_multiplier` multiplies them when somebody hands.
    `method` says whose total they go to (the holder's penalty, or the winner's takings); the
    fixed scores (`went_out`, `handed`, `handed_with_cut_card`) and the bonuses won in a round
    (`all_out_bonus`, `undercut_bonus`) go to one player.  `target_bonus` and `round_win_bonus`
    are paid when the game ends, so they move no total towards the target."""
    s = v.scoring
    hand = enc.hand_value(cards, length)  # a player who opened; one who never did is below
    method = s.method.value
    whose = ("a player left holding {hand} counts" if method is ir.Method.PENALTIES
             else "the winner takes, from a player left holding {hand},")
    moves: list[tuple[str, ir.Rule[object] | None, z3.ArithRef]] = [
        (f"{whose} {{points}}", s.method, hand)]
    if s.not_opened is not None:
        moves.append((f"a player who never opened counts {s.not_opened.value} (`not_opened`)",
                      s.not_opened, enc.num(s.not_opened.value)))
    if v.handing is not None and s.handing_multiplier is not None:
        multiplier = s.handing_multiplier.value
        moves.append((f"{whose} {{points}}, times {multiplier} when somebody hands", s.handing_multiplier,
                      hand * multiplier))
    for rule in (s.went_out, s.handed, s.handed_with_cut_card, s.all_out_bonus, s.undercut_bonus):
        if rule is not None:
            moves.append((f"`{rule.id.split('.')[-1]} {rule.value}`", rule, enc.num(rule.value)))
    return moves


def game_reachable(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    said: list[str] = []
    wrong: list[str] = []
    rules: list[ir.Rule[object]] = []
    highest = v.game_end.winner.value is ir.Winner.HIGHEST
    if v.knocking is not None:
        session, cards, length = probe.hand()
        value = session.enc.hand_value(cards, length)
        limit = v.knocking.max_hand.value
        out = probe.ask(session, value <= limit, prefer=[[length == 1]], keys=canon.cards_keys(cards, length))
        if out.status == "unknown":
            return unknown(check)
        if out.model is None:
            wrong.append(f"no hand counts {limit} or less: nobody can ever knock")
            rules.append(v.knocking.max_hand)
        else:
            held = format_cards(decode.cards(out.model, cards, length))
            said.append(f"a player holding {held} ({decode.integer(out.model, value)}) may knock")
    target = v.game_end.target
    if target is not None:
        # a session of its own, and the least hand (every move is a function of its cards):
        # the witness must not depend on which questions the solver was asked before
        enc = probe.encoder()
        cards, length = enc.hand(largest_hand(v))
        session = probe.session(enc)
        moves = round_moves(v, session.enc, cards, length)
        toward = [(label, rule, d > 0 if target.value > 0 else d < 0) for label, rule, d in moves]
        out = probe.ask(session, z3.Or(*[t for _, _, t in toward]), prefer=[[length == 1]],
                        keys=canon.cards_keys(cards, length))
        if out.status == "unknown":
            return unknown(check)
        if out.model is None:
            wrong.append(f"no round score moves a total towards the target {target.value}")
            rules.append(target)
            rules.extend(rule for _, rule, _ in moves if rule is not None)
        else:
            model = out.model
            label, amount = next((label, d) for (label, _, t), (_, _, d) in zip(toward, moves, strict=True)
                                 if decode.true(model, t))
            held = format_cards(decode.cards(model, cards, length))
            shown = label.format(hand=held, points=decode.integer(model, amount))
            # a round that moves a total towards it: the target can be reached, not that it is
            # (two players' penalty totals may hover below it for ever)
            said.append(f"the target {target.value} can be reached round by round (e.g. {shown})")
            short = _short_of_target(probe, session, moves, target)
            if short is None:
                return unknown(check)
            if short:
                wrong.append(short)
                rules.extend(r for r in (target, v.game_end.rounds) if r is not None)
    rounds = v.game_end.rounds
    if rounds is not None:
        said.append(f"the game ends after {rounds.value} {'deal' if rounds.value == 1 else 'deals'}")
    rewards = [r for r in (v.scoring.undercut_bonus, v.scoring.all_out_bonus, v.game_end.round_win_bonus)
               if r is not None]
    hints: list[str] = []
    for rule in rewards:
        good = rule.value > 0 if highest else rule.value < 0
        if not good:
            wrong.append(f"`{rule.id} {rule.value}` works against the player it rewards "
                         f"({'highest' if highest else 'lowest'} total wins)")
            rules.extend([rule, v.game_end.winner])
            # a house variant that turned the winner round keeps the parent's bonus; where the
            # winner points against the scoring, `scoring.winner`'s hint turns it back, mending both
            if rule.value and not _turned_round(v):
                name = rule.id.rpartition(".")[2]
                # (its own line changed; the parent's overridden or removed)
                drop = "" if rule.origin == v.id else f", or `remove {name}`"
                mend = edit_for(v, rule, -rule.value)
                hints.append(f"hint: where the {'highest' if highest else 'lowest'} total wins a bonus "
                             f"is {'added' if highest else 'taken off'}: {mend}{drop}")
    bonus = v.game_end.target_bonus
    if bonus is not None and bonus.value < 0:
        wrong.append(f"`{bonus.id} {bonus.value}` takes points from a player for reaching the target")
        rules.append(bonus)
    elif bonus is not None:
        said.append(f"reaching the target gives {bonus.value}")
    if rewards and not wrong:
        said.append("every bonus rewards its winner")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(dict.fromkeys(rules)),
                       tuple(hints))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said) or "nothing to reach")
