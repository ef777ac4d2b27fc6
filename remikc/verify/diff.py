"""`remikc diff A B`: what a change of rules changes, with cards to show it.

Both variants are encoded over the same card variables in one Z3 context, so
"accepted by A and refused by B" is a single question.  For each predicate
(melds, melds at opening, openings, hands, knocks) the answer is a witness in card
notation, or a proof that the two variants judge every play the same.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from .. import ir
from ..cards import format_cards
from ..irdump import describe
from . import canon, decode
from .base import largest_hand, longest_meld, opening_hands, smallest_meld
from .encode import Encoder, Meld, opening, opening_of, slot_sizes
from .solver import DEFAULT_RLIMIT, Outcome, Session


@dataclass(frozen=True)
class RuleChange:
    rule: str
    before: str | None  # None: the first variant has no such rule
    after: str | None
    where: ir.Rule[object]


@dataclass(frozen=True)
class Change:
    topic: str  # "melds", "melds when opening", "openings", "hands", "knocks"
    same: bool  # proved: both variants judge every play of this kind alike
    witnesses: tuple[str, ...]


@dataclass(frozen=True)
class Diff:
    a: ir.Variant
    b: ir.Variant
    rules: tuple[RuleChange, ...]
    changes: tuple[Change, ...]


def rule_changes(a: ir.Variant, b: ir.Variant) -> tuple[RuleChange, ...]:
    mine = {r.id: r for r in a.rules}
    theirs = {r.id: r for r in b.rules}
    out = []
    for rule_id in sorted(mine.keys() | theirs.keys(), key=_order):
        old, new = mine.get(rule_id), theirs.get(rule_id)
        if old is not None and new is not None and old.value == new.value:
            continue
        where = new or old
        assert where is not None
        out.append(RuleChange(rule_id, describe(old) if old else None, describe(new) if new else None, where))
    return tuple(out)


def _order(rule_id: str) -> tuple[int, int]:
    from ..spec.schema import rule_order

    return rule_order(rule_id)


class _Pair:
    """Two variants, one context, one tracker: a question about both at once."""

    def __init__(self, a: ir.Variant, b: ir.Variant, rlimit: int) -> None:
        self.ctx = z3.Context()
        self.ea = Encoder(a, self.ctx)
        self.eb = Encoder(b, self.ctx, tracker=self.ea.t)
        self.rlimit = rlimit

    def session(self) -> Session:
        """One session over both.  Deck limits the two variants share (a hand must be possible
        in both) stay lazy; `own_deck` has taken out those that belong to one side's verdict."""
        self.ea.domain.extend(self.eb.domain)
        self.ea.lazy.extend(self.eb.lazy)
        self.eb.domain.clear()
        self.eb.lazy.clear()
        return Session(self.ea, rlimit=self.rlimit)

    @staticmethod
    def own_deck(enc: Encoder, other: Encoder) -> z3.BoolRef:
        """The copy limit of `enc`'s variant as part of its verdict, where it is the stricter.

        Lazily, a limit found to bind is added as a fact about the cards, for both variants:
        with one pack against two, A♠ A♠ A♥ would be ruled out of the question "a set in one,
        not in the other" instead of answering it.  The laxer limit may stay a fact: every play
        either variant accepts keeps it."""
        if enc.copies >= other.copies or not enc.lazy:
            return z3.BoolVal(True, enc.ctx)
        widest = max(enc.lazy, key=lambda limit: len(limit.used))  # the others are parts of it
        enc.lazy.clear()
        return widest.whole()


def _settled(outcomes: list[Outcome]) -> bool:
    """Proved the same: every question had no answer, none ran out of work."""
    return all(o.status == "unsat" for o in outcomes)


def _ask(session: Session, *must: z3.BoolRef, prefer: list[list[z3.BoolRef]],
         keys: list[canon.Key]) -> Outcome:
    """The least witness (see `canon`) of the first tier of `prefer` that has one."""
    for tier in prefer:
        tidy = session.ask(*must, *tier, tidy=True)
        if tidy.status == "sat":
            return session.least(*must, *tier, keys=keys, start=tidy)
    out = session.ask(*must)
    return session.least(*must, keys=keys, start=out) if out.model is not None else out


def _melds(a: ir.Variant, b: ir.Variant, rlimit: int, *, at_opening: bool) -> Change:
    pair = _Pair(a, b, rlimit)
    size = max(longest_meld(a), longest_meld(b))
    cards = pair.ea.cards("m", size)
    length = pair.ea.integer("m.len")
    ma = pair.ea.meld(cards, length, opening=at_opening)
    mb = pair.eb.meld(cards, length, opening=at_opening)
    valid = {id(ma): z3.And(ma.valid, pair.own_deck(pair.ea, pair.eb)),
             id(mb): z3.And(mb.valid, pair.own_deck(pair.eb, pair.ea))}
    session = pair.session()
    tidy = [[ma.jokers + mb.jokers == 0, length == 3], [ma.jokers + mb.jokers == 0, length <= 4]]
    said = []
    asked: list[Outcome] = []
    keys = [*canon.cards_keys(cards, length), canon.flag(ma.is_run), canon.flag(mb.is_run),
            canon.least(ma.points), canon.least(mb.points)]

    def show(model: z3.ModelRef, meld: Meld) -> str:
        return decode.meld_text(model, meld)

    def kind(model: z3.ModelRef, meld: Meld) -> str:
        return "a run" if decode.true(model, meld.is_run) else "a set"

    for first, second, va, vb in ((ma, mb, a, b), (mb, ma, b, a)):
        out = _ask(session, valid[id(first)], z3.Not(valid[id(second)]), prefer=tidy, keys=keys)
        asked.append(out)
        if out.model is not None:
            said.append(f"{show(out.model, first)}: {kind(out.model, first)} in {va.id}, "
                        f"not a meld in {vb.id}")
    both = list(valid.values())
    out = _ask(session, *both, ma.is_run != mb.is_run, prefer=tidy, keys=keys)
    asked.append(out)
    if out.model is not None:
        said.append(f"{show(out.model, ma)}: {kind(out.model, ma)} in {a.id}, "
                    f"{kind(out.model, mb)} in {b.id}")
    out = _ask(session, *both, ma.is_run == mb.is_run, ma.points != mb.points, prefer=tidy, keys=keys)
    asked.append(out)
    if out.model is not None:
        said.append(f"{show(out.model, ma)}: worth {decode.integer(out.model, ma.points)} in {a.id}, "
                    f"{decode.integer(out.model, mb.points)} in {b.id}")
    topic = "melds when opening" if at_opening else "melds"
    return Change(topic, _settled(asked), tuple(said))


def _openings(a: ir.Variant, b: ir.Variant, rlimit: int) -> Change:
    pair = _Pair(a, b, rlimit)
    cards = max(max(opening_hands(a)), max(opening_hands(b)))
    sizes = slot_sizes(cards, min(smallest_meld(a), smallest_meld(b)))
    oa = opening(pair.ea, sizes, cards, a.deal.hand)
    mb = [pair.eb.meld(m.cards, m.length, opening=True) for m in oa.melds]
    ob = opening_of(pair.eb, mb, cards, b.deal.hand)
    ok = {id(oa): z3.And(oa.ok, pair.own_deck(pair.ea, pair.eb)),
          id(ob): z3.And(ob.ok, pair.own_deck(pair.eb, pair.ea))}
    session = pair.session()
    said = []
    asked: list[Outcome] = []
    for first, second, va, vb in ((oa, ob, a, b), (ob, oa, b, a)):
        out = _ask(session, ok[id(first)], z3.Not(ok[id(second)]),
                   prefer=[[oa.jokers == 0, oa.used <= 2]],
                   keys=[*canon.opening_keys(first), canon.least(first.points)])
        asked.append(out)
        if out.model is not None:
            laid = " + ".join(decode.meld_text(out.model, m) for m in first.melds
                              if decode.integer(out.model, m.length) > 0)
            # the refusing side's points mean nothing: they are whatever the model left there
            said.append(f"{laid}: opens in {va.id} ({decode.integer(out.model, first.points)} points), "
                        f"not in {vb.id}")
    return Change("openings", _settled(asked), tuple(said))


def _hands(a: ir.Variant, b: ir.Variant, rlimit: int) -> Change:
    pair = _Pair(a, b, rlimit)
    cards, length = pair.ea.hand(max(largest_hand(a), largest_hand(b)))
    used = tuple((c, length > k) for k, c in enumerate(cards))
    pair.ea.domain.append(pair.eb.joker_supply(used))
    opened = z3.Bool("opened", pair.ctx)
    ha, hb = pair.ea.hand_value(cards, length, opened), pair.eb.hand_value(cards, length, opened)
    session = pair.session()
    out = _ask(session, ha != hb, prefer=[[length == 1, opened], [length == 1]],
               keys=[*canon.cards_keys(cards, length), canon.flag(opened), canon.least(ha), canon.least(hb)])
    if out.model is None:
        return Change("hands", out.status == "unsat", ())
    held = format_cards(decode.cards(out.model, cards, length))
    state = "" if decode.true(out.model, opened) else " by a player who never opened"
    return Change("hands", False, (f"{held} left in hand{state}: counts {decode.integer(out.model, ha)} "
                                   f"in {a.id}, {decode.integer(out.model, hb)} in {b.id}",))


def _knocks(a: ir.Variant, b: ir.Variant, rlimit: int) -> Change:
    """A hand kept after a turn that may knock in one variant and not in the other: the
    referee's test (its cards' count, `not_opened` aside, at most `max_hand`), with a card
    kept (a player whose hand is empty has gone out)."""
    pair = _Pair(a, b, rlimit)
    cards, length = pair.ea.hand(max(largest_hand(a), largest_hand(b)))
    used = tuple((c, length > k) for k, c in enumerate(cards))
    pair.ea.domain.append(pair.eb.joker_supply(used))
    counted = z3.BoolVal(True, pair.ctx)  # the cards themselves, as `_knock_refused` counts them

    def may(v: ir.Variant, enc: Encoder) -> z3.BoolRef:
        if v.knocking is None:
            return z3.BoolVal(False, pair.ctx)
        return z3.And(length >= 1, enc.hand_value(cards, length, counted) <= v.knocking.max_hand.value)

    ka, kb = may(a, pair.ea), may(b, pair.eb)
    session = pair.session()
    said = []
    asked: list[Outcome] = []
    for first, second, va, vb in ((ka, kb, a, b), (kb, ka, b, a)):
        out = _ask(session, first, z3.Not(second), prefer=[[length == 1]],
                   keys=canon.cards_keys(cards, length))
        asked.append(out)
        if out.model is not None:
            held = format_cards(decode.cards(out.model, cards, length))
            said.append(f"{held} kept after a turn: may knock in {va.id}, not in {vb.id}")
    return Change("knocks", _settled(asked), tuple(said))


def diff(a: ir.Variant, b: ir.Variant, *, rlimit: int = DEFAULT_RLIMIT) -> Diff:
    changes = [_melds(a, b, rlimit, at_opening=False)]
    if a.opening is not None or b.opening is not None:
        changes.append(_melds(a, b, rlimit, at_opening=True))
        changes.append(_openings(a, b, rlimit))
    changes.append(_hands(a, b, rlimit))
    if a.knocking is not None or b.knocking is not None:
        changes.append(_knocks(a, b, rlimit))
    return Diff(a, b, rule_changes(a, b), tuple(changes))


def to_text(d: Diff) -> str:
    lines = [f"{d.a.id} -> {d.b.id}"]
    if not d.rules:
        lines.append("  the rules are the same")
    else:
        lines.append("  rules that differ:")
        width = max(len(c.rule) for c in d.rules)
        for c in d.rules:
            before = c.before if c.before is not None else f"(not in {d.a.id})"
            after = c.after if c.after is not None else f"(not in {d.b.id})"
            lines.append(f"    {c.rule:<{width}}  {before} -> {after}    "
                         f"{c.where.span.file}:{c.where.span.line}")
    lines.append("  what that changes:")
    for change in d.changes:
        if change.same:
            lines.append(f"    {change.topic}: judged the same in both (proved)")
        elif not change.witnesses:
            lines.append(f"    {change.topic}: undecided (the solver's work limit ran out)")
        for witness in change.witnesses:
            lines.append(f"    {change.topic}: {witness}")
    return "\n".join(lines) + "\n"


def to_json(d: Diff) -> dict[str, object]:
    return {
        "from": d.a.id,
        "to": d.b.id,
        "rules": [{"rule": c.rule, "before": c.before, "after": c.after,
                   "file": c.where.span.file, "line": c.where.span.line} for c in d.rules],
        "changes": [{"topic": c.topic, "same": c.same, "witnesses": list(c.witnesses)} for c in d.changes],
    }
