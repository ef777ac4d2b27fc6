"""The built-in checks: each a function `(Probe) -> Finding`, listed in `CHECKS`.

A check asks Z3 for a play that would break a property of the rules.  None
found (unsat) proves the property; one found is the witness, in card
notation.  When the rules themselves cannot be satisfied together, the
unsat core names the spec lines responsible.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import z3

from .. import ir
from ..cards import format_cards
from . import canon, decode
from .encode import CardVar, Encoder, Meld, Opening, deal_scores, opening, slot_sizes
from .findings import BUILT_IN_CHECKS, Finding, Status
from .solver import DEFAULT_RLIMIT, Outcome, Session


class Probe:
    """A variant, the solver budget of every question, and the sessions checks share."""

    def __init__(self, variant: ir.Variant, rlimit: int = DEFAULT_RLIMIT) -> None:
        self.variant = variant
        self.rlimit = rlimit
        self._melds: dict[bool, tuple[Session, Meld]] = {}
        self._openings: dict[int, tuple[Session, Opening]] = {}
        self._lay_offs: dict[int, tuple[Session, tuple[Meld, Meld, Meld]]] = {}
        self._hand: tuple[Session, tuple[CardVar, ...], z3.ArithRef] | None = None
        self.ctx = z3.Context()

    def encoder(self) -> Encoder:
        return Encoder(self.variant, self.ctx)

    def session(self, enc: Encoder, *base: z3.BoolRef) -> Session:
        return Session(enc, *base, rlimit=self.rlimit)

    def meld(self, *, opening: bool = False) -> tuple[Session, Meld]:
        """A session over one meld of up to the longest meld's cards (laid when opening, or later)."""
        jokers = self.variant.jokers
        if opening and (jokers is None or jokers.per_meld_at_opening is None):
            opening = False  # no rule treats melds laid when opening differently
        if opening not in self._melds:
            enc = self.encoder()
            cards = enc.cards("m", longest_meld(self.variant))
            meld = enc.meld(cards, enc.integer("m.len"), opening=opening)
            self._melds[opening] = (self.session(enc), meld)
        return self._melds[opening]

    def opening(self, cards: int) -> tuple[Session, Opening]:
        """A session over any opening of at most `cards` cards."""
        if cards not in self._openings:
            enc = self.encoder()
            o = opening(enc, slot_sizes(cards, smallest_meld(self.variant)), cards, self.variant.deal.hand)
            self._openings[cards] = (self.session(enc), o)
        return self._openings[cards]

    def lay_off(self, size: int) -> tuple[Session, tuple[Meld, Meld, Meld]]:
        """A session over a meld of `size` cards and the two it becomes with a card laid off
        at either end."""
        if size not in self._lay_offs:
            enc = self.encoder()
            melds = tuple(enc.meld(enc.cards(f"l{j}.", n), enc.num(n), opening=False)
                          for j, n in enumerate((size, size + 1, size + 1)))
            self._lay_offs[size] = (self.session(enc), melds)  # type: ignore[assignment]
        return self._lay_offs[size]

    def hand(self) -> tuple[Session, tuple[CardVar, ...], z3.ArithRef]:
        """A session over the cards a player may be left holding."""
        if self._hand is None:
            enc = self.encoder()
            cards, length = enc.hand(largest_hand(self.variant) + 1)  # + 1: see `monotone`
            self._hand = (self.session(enc), cards, length)
        return self._hand

    def ask(self, session: Session, *must: z3.BoolRef,
            prefer: Sequence[Sequence[z3.BoolRef]] = (), keys: Sequence[canon.Key] = ()) -> Outcome:
        """Solve `must`, first with each tier of `prefer` (no jokers, fewest cards) for a
        witness a player would write down; with `keys`, the least such witness (see `canon`),
        so the cards printed do not depend on the Z3 release."""
        for tier in prefer:
            tidy = session.ask(*must, *tier, tidy=True)
            if tidy.status == "sat":
                return session.least(*must, *tier, keys=keys, start=tidy) if keys else tidy
        out = session.ask(*must)
        return session.least(*must, keys=keys, start=out) if keys and out.model is not None else out

    def rules(self, core: Sequence[str]) -> tuple[ir.Rule[object], ...]:
        found = (self.variant.rule(name) for name in core)
        return tuple(r for r in found if r is not None)


def longest_meld(v: ir.Variant) -> int:
    longest = 14 if v.run is not None else 0
    if v.set is not None:
        if v.set.suits.value is ir.SetSuits.DISTINCT:
            longest = max(longest, 4)
        else:
            copies = max(v.deck.standard.value.at(n) for n in v.player_counts())
            jokers = max(v.deck.jokers.value.at(n) for n in v.player_counts())
            high = v.set.size.value.high
            longest = max(longest, min(4 * copies + jokers, high if high is not None else 60))
    return longest


def largest_hand(v: ir.Variant) -> int:
    return max(v.deal.hand.value.at(n) for n in v.player_counts()) + v.deal.extra() + 1


def _kind_text(model: z3.ModelRef, meld: Meld) -> str:
    kind = "run" if decode.true(model, meld.is_run) else "set"
    return f"{kind} {decode.meld_text(model, meld)} ({decode.integer(model, meld.points)} points)"


def _because(probe: Probe, out: Outcome, *also: ir.Rule[object] | None) -> tuple[ir.Rule[object], ...]:
    extra = tuple(r for r in also if r is not None)
    return tuple(dict.fromkeys(probe.rules(out.core) + extra))


def _unknown(check: Check) -> Finding:
    return Finding(check.id, check.title, Status.UNKNOWN,
                   "the solver's work limit ran out before a verdict (raise --rlimit)")


# --- 1. every meld kind admits a meld ------------------------------------------------

def melds_alive(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    shown: list[str] = []
    dead: list[str] = []
    rules: list[ir.Rule[object]] = []
    notes: list[str] = []
    for kind, present in (("set", v.set), ("run", v.run)):
        if present is None:
            continue
        for at_opening in ((False, True) if v.opening else (False,)):
            session, m = probe.meld(opening=at_opening)
            reading = m.is_run if kind == "run" else z3.Not(m.is_run)
            out = probe.ask(session, m.valid, reading,
                            prefer=[[m.jokers == 0, m.length == present.size.value.low]],
                            keys=canon.meld_keys(m) if not at_opening else ())
            if out.status == "unknown":
                return _unknown(check)
            if out.status == "sat" and out.model is not None:
                if not at_opening:
                    shown.append(_kind_text(out.model, m))
                continue
            if at_opening:
                notes.append(f"no {kind} can be laid when opening")
            else:
                dead.append(kind)
                rules.extend(_because(probe, out, present.size))
    if dead:
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"no valid {' or '.join(dead)} exists: the rule can never be used",
                       tuple(dict.fromkeys(rules)), tuple(notes))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(shown), (), tuple(notes))


# --- 2. wrap-around and the ace-to-ace run ----------------------------------------------

def runs_wrap(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    if v.run is None:
        return Finding(check.id, check.title, Status.PROVED, "the variant has no runs")
    rules = v.run
    said: list[str] = []
    wrong: list[str] = []
    blame: list[ir.Rule[object]] = []

    session, m = probe.meld()
    wraps = m.start + m.length - 1 >= 15
    out = probe.ask(session, m.valid, m.is_run, wraps, prefer=[[m.jokers == 0, m.length == 3]],
                    keys=canon.meld_keys(m))
    if out.status == "unknown":
        return _unknown(check)
    if rules.wrap.value:
        if out.model is not None:
            said.append(f"{decode.meld_text(out.model, m)} wraps round, as `wrap allowed` says")
        else:
            wrong.append("`wrap allowed`, but no run can go round the corner")
            blame.extend(_because(probe, out, rules.wrap))
    elif out.model is not None:
        wrong.append(f"{decode.meld_text(out.model, m)} is a run that wraps round, "
                     "though `wrap forbidden`")
        blame.append(rules.wrap)
    else:
        said.append("no run goes round the corner (K-A-2)")

    out = probe.ask(session, m.valid, m.is_run, m.start == 1, m.length == 14, prefer=[[m.jokers == 0]])
    if out.status == "unknown":
        return _unknown(check)
    declared = rules.ace_to_ace is not None and rules.ace_to_ace.value
    if declared and out.model is None:
        wrong.append("`ace_to_ace allowed`, but no 14-card run from ace to ace is valid")
        blame.extend(_because(probe, out, rules.ace_to_ace))
    elif not declared and out.model is not None:
        wrong.append(f"{decode.meld_text(out.model, m)} runs from ace to ace, which no rule allows")
        blame.extend(r for r in (rules.ace_to_ace, rules.ace) if r is not None)
    elif declared:
        said.append("the 14-card run from ace to ace is valid, as declared")
    else:
        said.append("no run goes from ace to ace")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong),
                       tuple(dict.fromkeys(blame)))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


# --- 3. joker limits ------------------------------------------------------------------

def joker_limits(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    jokers = v.jokers
    if jokers is None:
        return Finding(check.id, check.title, Status.PROVED, "the deck has no jokers")
    said: list[str] = []
    wrong: list[str] = []
    blame: list[ir.Rule[object]] = []
    phases = [(False, jokers.per_meld)]
    if v.opening is not None and jokers.per_meld_at_opening is not None:
        phases.append((True, jokers.per_meld_at_opening))
    for at_opening, rule in phases:
        when = "when opening" if at_opening else "after opening" if v.opening else "in a meld"
        limit = rule.value
        if limit is None:
            said.append(f"any number of jokers {when}")
            continue
        session, m = probe.meld(opening=at_opening)
        over = probe.ask(session, m.valid, m.jokers > limit, keys=canon.meld_keys(m))
        m2 = m
        reach = probe.ask(session, m.valid, m.jokers == limit, prefer=[[m.length <= limit + 2]],
                          keys=canon.meld_keys(m))
        if "unknown" in (over.status, reach.status):
            return _unknown(check)
        if over.model is not None:
            wrong.append(f"{_kind_text(over.model, m)} holds more than {limit} jokers {when}")
            blame.append(rule)
        if reach.model is None:
            wrong.append(f"`{rule.id} {limit}` can never be reached {when}: no valid meld holds "
                         f"{limit} jokers")
            blame.extend(_because(probe, reach, rule))
        else:
            said.append(f"at most {limit} {'joker' if limit == 1 else 'jokers'} {when} "
                        f"(e.g. {_kind_text(reach.model, m2)})")
    session, m = probe.meld()
    alone = probe.ask(session, m.valid, m.jokers == m.length, keys=canon.meld_keys(m))
    if alone.status == "unknown":
        return _unknown(check)
    allowed = jokers.min_natural.value == 0
    if alone.model is not None and not allowed:
        wrong.append(f"{decode.meld_text(alone.model, m)} is a meld of jokers alone")
        blame.append(jokers.min_natural)
    elif alone.model is not None:
        said.append(f"jokers alone make a meld ({decode.meld_text(alone.model, m)}), as "
                    "`min_natural 0` allows")
    else:
        said.append("no meld is jokers alone")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(dict.fromkeys(blame)))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


# --- 4. what a joker stands for ----------------------------------------------------

def joker_meaning(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    jokers = v.jokers
    if jokers is None:
        return Finding(check.id, check.title, Status.PROVED, "the deck has no jokers")
    if jokers.declare.value is ir.Declare.RANK_AND_SUIT:
        return Finding(check.id, check.title, Status.PROVED,
                       "the player names the card each joker stands for (`declare rank_and_suit`)")
    for at_opening in ((False, True) if v.opening else (False,)):
        session, m = probe.meld(opening=at_opening)
        both = probe.ask(session, m.run_ok, m.set_ok, prefer=[[m.length <= 3]],
                         keys=[*canon.meld_keys(m), (m.set_points, None), (m.run_points, None)])
        if both.status == "unknown":
            return _unknown(check)
        if both.model is not None:
            model = both.model
            witness = (f"{decode.meld_text(model, m)} reads as a set ({decode.integer(model, m.set_points)}"
                       f" points) and as a run ({decode.integer(model, m.run_points)} points)")
            if jokers.ambiguous is None:
                return Finding(check.id, check.title, Status.VIOLATED,
                               witness + "; no rule says which", (jokers.declare,))
            return Finding(check.id, check.title, Status.PROVED,
                           f"{witness}: `ambiguous {jokers.ambiguous.value.value}` decides")
    return Finding(check.id, check.title, Status.PROVED,
                   "every joker stands for one card, fixed by its place in the meld")


# --- 5. size bounds -----------------------------------------------------------------

def meld_sizes(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    said: list[str] = []
    wrong: list[str] = []
    blame: list[ir.Rule[object]] = []
    for kind, rules in (("set", v.set), ("run", v.run)):
        if rules is None:
            continue
        size = rules.size.value
        bounds = [size.low] + ([size.high] if size.high is not None and size.high != size.low else [])
        for bound in bounds:
            session, m = probe.meld()
            reading = m.is_run if kind == "run" else z3.Not(m.is_run)
            out = probe.ask(session, m.valid, reading, m.length == bound, prefer=[[m.jokers == 0]],
                            keys=canon.meld_keys(m))
            if out.status == "unknown":
                return _unknown(check)
            if out.model is None:
                wrong.append(f"no {kind} of {bound} cards is possible, though `{rules.size.id} {size}`")
                blame.extend(_because(probe, out, rules.size))
            else:
                said.append(f"{kind} of {bound}: {decode.meld_text(out.model, m)}")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(dict.fromkeys(blame)))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


# --- 6. the deck suffices -------------------------------------------------------------

def deck_enough(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    enc = probe.encoder()
    players = enc.integer("players")

    def table(rule: ir.Rule[ir.PerPlayers[int]]) -> z3.ArithRef:
        expr: z3.ArithRef = enc.num(rule.value.cases[-1][1])
        for players_range, value in reversed(rule.value.cases[:-1]):
            inside = players >= players_range.low
            if players_range.high is not None:
                inside = z3.And(inside, players <= players_range.high)
            expr = z3.If(inside, value, expr)
        return expr

    deck = 52 * table(v.deck.standard) + table(v.deck.jokers)
    hand = enc.integer("hand")
    extra = v.deal.extra()
    turned = 1 if v.deal.first_discard.value is ir.FirstDiscard.FACE_UP else 0
    cut = 1 if v.deal.cut_card is not None and v.deal.cut_card.value else 0
    needed = players * hand + extra + turned + cut + 1  # and one card left to draw
    span = v.players.value
    facts = [players >= span.low, players <= (span.high or span.low),
             z3.Implies(enc.lit(v.deal.hand), hand == table(v.deal.hand)),
             needed > deck]
    out = probe.session(enc).ask(*facts)
    if out.status == "unknown":
        return _unknown(check)
    parts = [r for r in (v.players, v.deck.standard, v.deck.jokers, v.deal.hand,
                         v.deal.first_player_extra, v.deal.first_discard, v.deal.cut_card) if r is not None]
    if out.model is not None:
        def short(n: int) -> bool:
            return n * v.deal.hand.value.at(n) + extra + turned + cut + 1 > v.deck.size(n)

        n = decode.integer(out.model, players)
        size = v.deck.size(n)
        dealt = n * v.deal.hand.value.at(n) + extra
        shown = (f"{turned} turned up" if turned else "", f"{cut} cut card" if cut else "", "1 to draw")
        more = " + ".join(x for x in shown if x)
        others = [str(m) for m in v.player_counts() if m != n and short(m)]
        also = f" (and for {', '.join(others)} players)" if others else ""
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"{n} players: {n} x {v.deal.hand.value.at(n)}"
                       f"{f' + {extra}' if extra else ''} = {dealt} cards dealt, + {more}, "
                       f"but the deck has {size}{also}", tuple(parts))
    worst = max(v.player_counts(), key=lambda n: n * v.deal.hand.value.at(n) - v.deck.size(n))
    stock = v.deck.size(worst) - worst * v.deal.hand.value.at(worst) - extra - turned - cut
    return Finding(check.id, check.title, Status.PROVED,
                   f"every player count deals; tightest: {worst} players leave a stock of {stock} "
                   f"from {v.deck.size(worst)} cards")


# --- 7. an opening is reachable ---------------------------------------------------------

def opening_hands(v: ir.Variant) -> list[int]:
    """Cards a player can lay down in his first turn: the dealt hand and one draw, less the
    discard that ends the turn; one figure per distinct hand size."""
    keep = v.turn.discard.value
    return sorted({v.deal.hand.value.at(n) + v.turn.draws.value.count - keep for n in v.player_counts()})


def smallest_meld(v: ir.Variant) -> int:
    return min(r.size.value.low for r in (v.set, v.run) if r is not None)


def opening_reachable(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    if v.opening is None:
        return Finding(check.id, check.title, Status.PROVED, "the game has no opening requirement")
    said: list[str] = []
    for cards in opening_hands(v)[:1]:  # the smallest hand is the hardest
        session, o = probe.opening(cards)
        exact = o.points == v.opening.min_points.value
        out = probe.ask(session, o.ok, prefer=[[exact, o.jokers == 0, o.used <= v.opening.melds_needed() + 1],
                                               [exact, o.jokers == 0], [o.jokers == 0]],
                        keys=canon.opening_keys(o))
        if out.status == "unknown":
            return _unknown(check)
        if out.model is None:
            return Finding(check.id, check.title, Status.VIOLATED,
                           f"no opening fits in {cards} cards (a dealt hand and a draw, less the discard)",
                           _because(probe, out, v.opening.min_points, v.deal.hand))
        said.append(f"from {cards} cards: {decode.opening_text(out.model, o)}")
        if decode.integer(out.model, o.jokers) > 0:
            clean = session.least(o.ok, o.jokers == 0, keys=canon.opening_keys(o))
            said.append("only with jokers" if clean.model is None else
                        f"without jokers: {decode.opening_text(clean.model, o)}")
        else:
            said.append("reachable without jokers")
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


# --- 8. the winner scores best -----------------------------------------------------------

def _better(v: ir.Variant) -> Callable[[z3.ArithRef, z3.ArithRef], z3.BoolRef]:
    if v.game_end.winner.value is ir.Winner.LOWEST:
        return lambda a, b: a < b
    return lambda a, b: a > b


def winner_scores_best(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    s = v.scoring
    better = _better(v)
    direction = "lower" if v.game_end.winner.value is ir.Winner.LOWEST else "higher"
    session, cards, length = probe.hand()
    opened = z3.Bool("opened", session.enc.ctx)
    other = session.enc.hand_value(cards, length, opened)
    method = s.method.value
    # the score of the player who went out, against one other player left holding `other`
    winner = deal_scores(session.enc, [session.enc.num(0), other], "went_out", 0)[0]
    if method is ir.Method.PENALTIES:
        out = probe.ask(session, z3.Not(better(winner, other)), prefer=[[length == 1]],
                        keys=[*canon.cards_keys(cards, length), canon.flag(opened)])
        assert s.went_out is not None
        blame: tuple[ir.Rule[object], ...] = (s.went_out, v.game_end.winner)
    else:  # the others' cards go to the winner
        out = probe.ask(session, z3.Not(better(winner, session.enc.num(0))), prefer=[[length == 1]],
                        keys=[*canon.cards_keys(cards, length), canon.flag(opened)])
        blame = tuple(r for r in (s.method, s.all_out_bonus, v.game_end.winner) if r is not None)
    if out.status == "unknown":
        return _unknown(check)
    if out.model is not None:
        shown = decode.cards(out.model, cards, length)
        held = format_cards(shown)
        value = decode.integer(out.model, other)
        # the lines saying what the cards held count
        ranks = tuple(dict.fromkeys(v.values.ranks[c.rank - 1] for c in shown if c.rank > 0))
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"going out is not better: a player left holding {held} counts {value}, and "
                       f"the player who went out scores {decode.integer(out.model, winner)}"
                       f" ({direction} wins)", blame + ranks + _value_rules(v))
    said = [f"going out always scores {direction} than any hand left"]
    wrong: list[str] = []
    rules: list[ir.Rule[object]] = []
    if v.handing is not None:
        multiplier = s.handing_multiplier.value if s.handing_multiplier else 1
        steps = [("going out", s.went_out), ("handing", s.handed),
                 ("handing with the cut card", s.handed_with_cut_card)]
        present = [(name, rule) for name, rule in steps if rule is not None]
        lowest = v.game_end.winner.value is ir.Winner.LOWEST
        for (low_name, low), (high_name, high) in itertools.pairwise(present):
            if not (high.value < low.value if lowest else high.value > low.value):
                wrong.append(f"{high_name} ({high.value}) does not score {direction} than "
                             f"{low_name} ({low.value})")
                rules.extend([low, high])
        if method is not ir.Method.PENALTIES:
            worse = _handing_worse(probe, session, cards, length, opened)
            if worse is None:
                return _unknown(check)
            if worse:
                wrong.append(worse)
                rules.extend(r for r in (s.handing_multiplier, s.method, s.joker_in_hand, s.not_opened)
                             if r is not None)
        if method is not ir.Method.PENALTIES and multiplier <= 1 and s.handed is None:
            said.append("handing scores the same as going out")
        elif len(present) > 1 or multiplier > 1:
            said.append("handing scores better still")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(rules))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


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
    out = probe.ask(session, _better(v)(went, handed), prefer=[[length == 1]],
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


def _value_rules(v: ir.Variant) -> tuple[ir.Rule[object], ...]:
    s = v.scoring
    return tuple(r for r in (s.joker_in_hand, s.not_opened) if r is not None)


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
        return _unknown(check)
    if out.model is not None:
        n = decode.integer(out.model, length)
        held = format_cards(decode.cards(out.model, cards, length)) or "nothing"
        added = str(decode.card(out.model, cards[n]))
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"adding {added} to {held} lowers the count from "
                       f"{decode.integer(out.model, before)} to {decode.integer(out.model, after)}",
                       _value_rules(v) + tuple(r for r in v.values.ranks if r.value.at(ir.Place.HAND) < 0))
    return Finding(check.id, check.title, Status.PROVED, "every card left in hand adds to the count")


# --- 10. knocking, the target and bonuses ---------------------------------------------------

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
            return _unknown(check)
        if out.model is None:
            wrong.append(f"no hand counts {limit} or less: nobody can ever knock")
            rules.append(v.knocking.max_hand)
        else:
            held = format_cards(decode.cards(out.model, cards, length))
            said.append(f"a player holding {held} ({decode.integer(out.model, value)}) may knock")
    target = v.game_end.target
    if target is not None:
        # a session of its own: the witness must not depend on which checks asked the shared
        # hand session before (a house variant reuses some of its parent's verdicts)
        enc = probe.encoder()
        cards, length = enc.hand(largest_hand(v))
        session = probe.session(enc)
        moves = round_moves(v, session.enc, cards, length)
        toward = [(label, rule, d > 0 if target.value > 0 else d < 0) for label, rule, d in moves]
        out = probe.ask(session, z3.Or(*[t for _, _, t in toward]), prefer=[[length == 1]])
        if out.status == "unknown":
            return _unknown(check)
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
    rounds = v.game_end.rounds
    if rounds is not None:
        said.append(f"the game ends after {rounds.value} {'deal' if rounds.value == 1 else 'deals'}")
    rewards = [r for r in (v.scoring.undercut_bonus, v.scoring.all_out_bonus, v.game_end.round_win_bonus)
               if r is not None]
    for rule in rewards:
        good = rule.value > 0 if highest else rule.value < 0
        if not good:
            wrong.append(f"`{rule.id} {rule.value}` works against the player it rewards "
                         f"({'highest' if highest else 'lowest'} total wins)")
            rules.extend([rule, v.game_end.winner])
    bonus = v.game_end.target_bonus
    if bonus is not None and bonus.value < 0:
        wrong.append(f"`{bonus.id} {bonus.value}` takes points from a player for reaching the target")
        rules.append(bonus)
    elif bonus is not None:
        said.append(f"reaching the target gives {bonus.value}")
    if rewards and not wrong:
        said.append("every bonus rewards its winner")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(dict.fromkeys(rules)))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said) or "nothing to reach")


def _incentive_lay_off(probe: Probe, check: Check) -> Finding:
    from .incentives import lay_off

    return lay_off(probe, check)


def _incentive_opening(probe: Probe, check: Check) -> Finding:
    from .incentives import opening_pays

    return opening_pays(probe, check)


def _incentive_knock(probe: Probe, check: Check) -> Finding:
    from .incentives import knock

    return knock(probe, check)


def _dead_rules(probe: Probe, check: Check) -> Finding:
    from .dead import dead_rules

    return dead_rules(probe, check)


def _deal_ends(probe: Probe, check: Check) -> Finding:
    from .ending import deal_ends

    return deal_ends(probe, check)


def _turn_live(probe: Probe, check: Check) -> Finding:
    from .liveness import turn_live

    return turn_live(probe, check)


@dataclass(frozen=True)
class Check:
    """A built-in check.  `ignores`: rule-id prefixes it never reads, so a house variant that
    changes only those keeps its parent's verdict without asking the solver again."""

    id: str
    title: str
    run: Callable[[Probe, Check], Finding]
    ignores: tuple[str, ...] = ()

    def reads_any(self, rule_ids: set[str]) -> bool:
        return any(not r.startswith(self.ignores) for r in rule_ids)

    def __call__(self, probe: Probe) -> Finding:
        started = time.perf_counter()
        finding = self.run(probe, self)
        return Finding(finding.check, finding.title, finding.status, finding.summary, finding.rules,
                       finding.details, time.perf_counter() - started)


# What the meld checks never read: how a turn goes, how a round ends and scores.
_PLAY = ("turn.", "stock_empty", "going_out.", "handing.", "knocking.", "scoring.", "game_end.",
         "joker_swap.", "deal.")
# What the scoring checks never read: what makes a meld or an opening.
_MELDS = ("set.", "run.", "opening.", "joker_swap.", "turn.draw.", "turn.lay_off", "turn.rearrange.",
          "turn.discard", "turn.meld_after_last_draw", "stock_empty", "going_out.")

CHECKS: tuple[Check, ...] = (
    Check("melds.alive", "every meld kind admits some meld", melds_alive, _PLAY),
    Check("runs.wrap", "no run wraps round unless allowed; A..A exactly when declared", runs_wrap,
          (*_PLAY, "opening.")),
    Check("jokers.limits", "joker limits hold and can be reached; jokers alone only if allowed",
          joker_limits, _PLAY),
    Check("jokers.meaning", "what a joker stands for is never an undeclared choice", joker_meaning,
          _PLAY),
    Check("melds.sizes", "set and run size bounds are achievable", meld_sizes, (*_PLAY, "opening.")),
    Check("deck.enough", "the deck deals every player count with a stock left", deck_enough,
          ("values.", "set.", "run.", "jokers.", "joker_swap.", "opening.", "turn.", "stock_empty",
           "going_out.", "handing.", "knocking.", "scoring.", "game_end.")),
    Check("opening.reachable", "an opening fits in a dealt hand plus one draw", opening_reachable,
          ("stock_empty", "going_out.", "handing.", "knocking.", "scoring.", "game_end.", "joker_swap.",
           "turn.draw.", "turn.lay_off", "turn.rearrange.", "turn.discard_taken_card")),
    Check("scoring.winner", "going out beats every hand left; handing beats going out",
          winner_scores_best, _MELDS),
    Check("scoring.monotone", "adding a card to a hand never lowers its count", monotone,
          (*_MELDS, "game_end.", "handing.", "knocking.")),
    Check("game.reachable", "knocking, the target and the bonuses can happen and reward the winner",
          game_reachable, (*_MELDS, "handing.")),
    Check("turn.live", "in every turn state a deal reaches, the player has a legal draw", _turn_live,
          ("values.", "set.", "run.", "jokers.", "joker_swap.", "scoring.", "game_end.", "knocking.",
           "going_out.", "handing.", "turn.lay_off", "turn.rearrange.", "turn.meld_after_last_draw",
           "turn.discard_taken_card")),
    Check("deal.ends", "every deal can end: the stock runs out, or a hand goes out or knocks", _deal_ends,
          ("scoring.method", "scoring.went_out", "scoring.handed", "scoring.not_opened",
           "scoring.handing_multiplier", "scoring.undercut_bonus", "scoring.tie_with_knocker",
           "scoring.all_out_bonus", "game_end.", "joker_swap.", "turn.discard_taken_card")),
    Check("incentives.lay_off", "laying a card off never leaves its holder worse off than keeping it",
          _incentive_lay_off, ("deal.", "stock_empty", "going_out.", "knocking.", "joker_swap.",
                               "turn.draw.", "turn.draws", "turn.discard", "turn.rearrange.",
                               "turn.meld_after_last_draw", "handing.", "opening.", "game_end.target",
                               "game_end.rounds", "game_end.target_bonus", "game_end.round_win_bonus")),
    Check("incentives.opening", "opening never leaves a player worse off than not opening",
          _incentive_opening, ("stock_empty", "going_out.", "knocking.", "joker_swap.", "turn.draw.",
                               "turn.lay_off", "turn.rearrange.", "turn.meld_after_last_draw",
                               "handing.", "game_end.target", "game_end.rounds", "game_end.target_bonus",
                               "game_end.round_win_bonus")),
    Check("incentives.knock", "knocking never leaves the knocker worse off than playing on",
          _incentive_knock, (*_MELDS, "jokers.", "handing.", "game_end.target", "game_end.rounds",
                             "game_end.target_bonus", "game_end.round_win_bonus")),
    Check("rules.dead", "every rule can take effect in some play", _dead_rules,
          ("going_out.", "game_end.winner", "game_end.rounds", "turn.rearrange.", "turn.meld_after_last_draw",
           "turn.discard_taken_card")),
)
assert tuple(c.id for c in CHECKS) == BUILT_IN_CHECKS, "findings.BUILT_IN_CHECKS lists the checks"
