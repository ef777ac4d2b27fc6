"""Claims a spec makes about itself: its `examples` and its `check` properties.

An example is a claim about concrete cards ("Q♥ K♥ A♥ 2♥ is not a meld"); a
property is a claim about every play of a kind ("every opening holds at least
6 cards").  Both are decided under the same encoding as the built-in checks.
When a claimed-valid play is refused, the unsat core says which rules refuse it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import z3

from .. import ir
from ..cards import Card, DeclaredJoker, format_cards
from ..irdump import format_expr
from ..spec import syntax
from ..spec.schema import value_rule_id
from . import declared, decode
from .base import Probe, largest_hand, longest_meld, opening_hands, smallest_meld
from .encode import CardVar, Encoder, Meld, Opening, opening, opening_of, slot_sizes
from .findings import Finding, Status
from .solver import Session


@dataclass(frozen=True)
class ExampleResult:
    example: ir.Example
    status: Status  # PROVED: the rules agree with the example
    says: str  # what the rules make of the cards
    core: tuple[str, ...] = ()  # the rules refusing a play the example calls valid
    wraps: bool = False  # the rules read it as a run round the corner, or from ace to ace

    @property
    def text(self) -> str:
        e = self.example
        melds = ", ".join(format_cards(m) for m in e.melds)
        if e.kind is ir.ExampleKind.LAY_OFF:
            melds = f"{e.card} on {melds}"
        worth = f" worth {e.points}" if e.points is not None else ""
        return f"`{e.kind.value} {melds}{worth}` (line {e.span.line})"


def _fix(cards: tuple[CardVar, ...], real: tuple[Card, ...]) -> list[z3.BoolRef]:
    return [z3.And(v.rank == c.rank, v.suit == max(c.suit, 0)) for v, c in zip(cards, real, strict=False)]


def _meld_of(enc: Encoder, real: tuple[Card, ...]) -> tuple[Meld, list[z3.BoolRef]]:
    cards = enc.cards("x", len(real))
    meld = enc.meld(cards, enc.num(len(real)), opening=False)
    return meld, _fix(cards, real)


def _placed(probe: Probe, real: tuple[Card, ...]) -> tuple[Session, Meld, list[z3.BoolRef]]:
    """These cards as a meld laid after opening: the shared session when they fit in it."""
    session, meld = probe.meld()
    if len(real) <= len(meld.cards):
        return session, meld, [meld.length == len(real), *_fix(meld.cards, real)]
    enc = probe.encoder()
    meld, fixed = _meld_of(enc, real)
    return probe.session(enc), meld, fixed


def _reading(probe: Probe, real: tuple[Card, ...]) -> tuple[str, bool]:
    """What the rules make of these cards: "a run worth 30", "not a meld"; and if it wraps."""
    session, meld, fixed = _placed(probe, real)
    meld = declared.reading(session.enc, meld, real)
    out = session.ask(*fixed, meld.valid)
    if out.model is None:
        return "the rules refuse it" + (" as declared" if declared.declares(real) else ""), False
    model = out.model
    run = decode.true(model, meld.is_run)
    wraps = run and (decode.integer(model, meld.start) + len(real) - 1 >= 15 or len(real) == 14)
    kind = "run" if run else "set"
    said = " (as declared)" if declared.declares(real) else ""
    return f"the rules read it as a {kind}{said} worth {decode.integer(model, meld.points)}", wraps


def _beyond_the_deck(v: ir.Variant, example: ir.Example) -> tuple[str, tuple[str, ...]]:
    """What the example's cards ask of the deck and it has not: a card more times than the deck
    has copies (a declared joker's card counts, as the validator counts it), or more jokers;
    with the rules that say so.  ("", ()) where the deck holds them."""
    cards = [c for meld in example.melds for c in meld] + ([example.card] if example.card else [])
    copies = max(v.deck.standard.value.at(n) for n in v.player_counts())
    jokers = max(v.deck.jokers.value.at(n) for n in v.player_counts())
    named = Counter(str(c.stands if isinstance(c, DeclaredJoker) else c) for c in cards
                    if isinstance(c, DeclaredJoker) or not c.is_joker)  # a bare joker names no card
    over = [f"{card} {times} times, the deck has {copies}" for card, times in named.items() if times > copies]
    rules: tuple[str, ...] = ("deck.standard",) if over else ()
    held = sum(c.is_joker for c in cards)
    if held > jokers:
        over.append(f"{held} jokers, the deck has {jokers}")
        rules += ("deck.jokers",)
    return "; ".join(over), rules


def check_example(probe: Probe, example: ir.Example) -> ExampleResult:
    kind = example.kind
    over, rules = _beyond_the_deck(probe.variant, example)
    if over:  # no play holds more of a card than the deck has, whatever the rules of melds
        refused = kind in (ir.ExampleKind.INVALID, ir.ExampleKind.NOT_OPENING)
        return ExampleResult(example, Status.PROVED if refused else Status.VIOLATED,
                             f"the deck cannot give it: {over}", () if refused else rules)
    if kind in (ir.ExampleKind.RUN, ir.ExampleKind.SET, ir.ExampleKind.INVALID):
        real = declared.table_order(example.melds[0])
        session, meld, fixed = _placed(probe, real)
        meld = declared.reading(session.enc, meld, real)  # a declared joker: the player's reading
        if kind is ir.ExampleKind.INVALID:
            claim = z3.Not(meld.valid)
        else:
            claim = z3.And(meld.valid, meld.is_run if kind is ir.ExampleKind.RUN else z3.Not(meld.is_run))
            if example.points is not None:
                claim = z3.And(claim, meld.points == example.points)
        return _decide(probe, session, example, fixed, claim, real)
    if kind is ir.ExampleKind.LAY_OFF:
        return _lay_off(probe, example)
    return _opening(probe, example)


def _decide(probe: Probe, session: Session, example: ir.Example, fixed: list[z3.BoolRef],
            claim: z3.BoolRef, real: tuple[Card, ...]) -> ExampleResult:
    said = session.enc.t.lit(f"example@{example.span.line}")
    out = session.ask(*fixed, z3.Implies(said, claim))
    says, wraps = _reading(probe, real) if len(example.melds) == 1 else ("", False)
    if out.status == "unknown":
        return ExampleResult(example, Status.UNKNOWN, "the work limit ran out")
    if out.status == "sat":
        return ExampleResult(example, Status.PROVED, says)
    core = tuple(name for name in out.core if not name.startswith("example@"))
    if not core and example.points is not None:
        # The cards are a meld, only not worth what the example says: the values are to blame.
        core = tuple(dict.fromkeys(value_rule_id(c.rank) for meld in example.melds for c in meld))
    return ExampleResult(example, Status.VIOLATED, says, core, wraps)


def _lay_off(probe: Probe, example: ir.Example) -> ExampleResult:
    assert example.card is not None
    v = probe.variant
    base = declared.table_order(example.melds[0])
    session, (target, after, before) = probe.lay_off(len(base))
    # the card at either end; with every joker declared, the one order the cards lie in
    ends = (declared.table_order((*base, example.card)), declared.table_order((example.card, *base)))
    fixed = _fix(target.cards, base) + _fix(after.cards, ends[0]) + _fix(before.cards, ends[1])
    enc = session.enc
    target = declared.reading(enc, target, base)
    after, before = declared.reading(enc, after, ends[0]), declared.reading(enc, before, ends[1])
    parts = [target.valid, z3.Or(*[z3.And(m.valid, m.is_run == target.is_run) for m in (after, before)])]
    if v.set is not None and v.set.closed_at is not None:
        closed = z3.And(z3.Not(target.is_run), len(base) >= v.set.closed_at.value)
        parts.append(z3.Implies(session.enc.lit(v.set.closed_at), z3.Not(closed)))
    return _decide(probe, session, example, fixed, z3.And(*parts), ends[0])


def _opening(probe: Probe, example: ir.Example) -> ExampleResult:
    sizes = [len(m) for m in example.melds]
    enc = probe.encoder()
    melds = []
    fixed: list[z3.BoolRef] = []
    for j, given in enumerate(example.melds):
        real = declared.table_order(given)
        meld = enc.meld(enc.cards(f"o{j}.", len(real)), enc.integer(f"o{j}.len"), opening=True)
        fixed.append(meld.length == len(real))
        fixed += _fix(meld.cards, real)
        melds.append(declared.reading(enc, meld, real))  # a declared joker: the player's reading
    o = opening_of(enc, melds, sum(sizes), None, longest_first=False)
    claim = o.ok
    if example.points is not None:
        claim = z3.And(claim, o.points == example.points)
    if example.kind is ir.ExampleKind.NOT_OPENING:
        claim = z3.Not(o.ok)
    session = probe.session(enc)
    result = _decide(probe, session, example, fixed, claim, ())
    if result.status is Status.VIOLATED:
        out = session.ask(*fixed)
        says = (f"the rules count {decode.integer(out.model, o.points)} points and "
                f"{'accept' if decode.true(out.model, o.ok) else 'refuse'} it") if out.model else ""
        return ExampleResult(example, result.status, says, result.core)
    return result


# --- author properties ---------------------------------------------------------------

@dataclass
class _Bound:
    domain: str
    meld: Meld | None = None
    opening: Opening | None = None
    hand: tuple[tuple[CardVar, ...], z3.ArithRef] | None = None
    place: z3.ArithRef | None = None  # a `position`: 1 for a meld's first card


def check_property(probe: Probe, check: ir.Check, index: int) -> Finding:
    v = probe.variant
    check_id = f"property.{index}"
    title = f'"{check.title}"'
    expr = check.expr
    assert isinstance(expr, (syntax.Quantified, syntax.Name, syntax.Num, syntax.Call, syntax.Not,
                             syntax.BoolOp, syntax.Compare, syntax.Arith))
    kind, binders, body = _prenex(expr)
    enc = probe.encoder()
    env: dict[str, _Bound] = {}
    domain: list[z3.BoolRef] = []
    for binder in binders:
        name = binder.domain.text
        if name in ("meld", "set", "run"):
            meld = enc.meld(enc.cards("m", longest_meld(v)), enc.integer("m.len"), opening=False)
            domain.append(meld.valid)
            if name != "meld":
                domain.append(meld.is_run if name == "run" else z3.Not(meld.is_run))
            env[binder.var.text] = _Bound(name, meld=meld)
        elif name == "opening" and len(binders) == 1:
            session, o = probe.opening(max(opening_hands(v)))  # shared with opening.reachable
            enc = session.enc
            domain.append(o.ok)
            env[binder.var.text] = _Bound(name, opening=o)
        elif name == "opening":
            cards = max(opening_hands(v))
            o = opening(enc, slot_sizes(cards, smallest_meld(v)), cards, v.deal.hand)
            domain.append(o.ok)
            env[binder.var.text] = _Bound(name, opening=o)
        elif name == "position":
            place = enc.integer(f"at.{binder.var.text}")
            domain.append(z3.And(place >= 1, place <= longest_meld(v)))
            env[binder.var.text] = _Bound(name, place=place)
        else:
            cards_vars, length = enc.hand(largest_hand(v))
            env[binder.var.text] = _Bound(name, hand=(cards_vars, length))
    formula = _z3(body, env, enc)
    query = z3.Not(formula) if kind == "forall" else formula
    shared = [b.opening for b in env.values() if b.opening is not None and len(binders) == 1]
    session = probe.opening(max(opening_hands(v)))[0] if shared else probe.session(enc)
    # a short witness first: each meld of at most 3, then 4 cards; a tidy try costs little
    melds = [b.meld for b in env.values() if b.meld is not None]
    prefer = ([[m.length <= 3 for m in melds] + [m.jokers == 0 for m in melds]]
              + [[m.length <= n for m in melds] for n in (3, 4)]) if melds else []
    out = probe.ask(session, *domain, query, prefer=prefer)
    written = format_expr(expr)
    if out.status == "unknown":
        return Finding(check_id, title, Status.UNKNOWN, "the solver's work limit ran out")
    if out.model is None:
        status = Status.PROVED if kind == "forall" else Status.VIOLATED
        summary = f"holds: {written}" if kind == "forall" else f"no play satisfies {written}"
        return Finding(check_id, title, status, summary, _rules_of(check, probe, out.core),
                       _inherited(check, v) if status is Status.VIOLATED else ())
    shown = "; ".join(_describe(out.model, env[b.var.text], b.var.text) for b in binders)
    if kind == "forall":
        return Finding(check_id, title, Status.VIOLATED, f"counterexample: {shown}",
                       _rules_of(check, probe, ()), _inherited(check, v))
    return Finding(check_id, title, Status.PROVED, f"for instance {shown}")


def _inherited(check: ir.Check, v: ir.Variant) -> tuple[str, ...]:
    """A house variant's change that breaks its parent's check: how to drop it, if meant."""
    if check.origin == v.id:
        return ()
    return (f'hint: the check is `{check.origin}`\'s; where your change means it no longer holds, '
            f'write `remove check "{check.title}"` in `{v.id}`',)


def _rules_of(check: ir.Check, probe: Probe, core: tuple[str, ...]) -> tuple[ir.Rule[object], ...]:
    line = ir.Rule("check", check.title, check.span, check.origin)
    return (line, *probe.rules(core))


def _prenex(expr: syntax.Expr) -> tuple[str, list[syntax.Binder], syntax.Expr]:
    """Leading quantifiers of one kind (`forall a: forall b: P` is `forall a, b: P`)."""
    kind = "forall"
    binders: list[syntax.Binder] = []
    while isinstance(expr, syntax.Quantified) and (not binders or expr.kind == kind):
        kind = expr.kind
        binders.extend(expr.binders)
        expr = expr.body
    return kind, binders, expr


def _describe(model: z3.ModelRef, bound: _Bound, var: str) -> str:
    if bound.meld is not None:
        kind = "run" if decode.true(model, bound.meld.is_run) else "set"
        return f"{var} = {kind} {decode.meld_text(model, bound.meld)}"
    if bound.opening is not None:
        return f"{var} = {decode.opening_text(model, bound.opening)}"
    if bound.place is not None:
        return f"{var} = {decode.integer(model, bound.place)}"
    assert bound.hand is not None
    return f"{var} = {format_cards(decode.cards(model, *bound.hand))}"


def _z3(expr: syntax.Expr, env: dict[str, _Bound], enc: Encoder) -> z3.ExprRef:
    if isinstance(expr, syntax.Num):
        return enc.num(expr.value)
    if isinstance(expr, syntax.Not):
        return z3.Not(_z3(expr.operand, env, enc))
    if isinstance(expr, syntax.BoolOp):
        left, right = _z3(expr.left, env, enc), _z3(expr.right, env, enc)
        return {"and": z3.And, "or": z3.Or, "implies": z3.Implies}[expr.op](left, right)
    if isinstance(expr, syntax.Compare):
        a, b = _z3(expr.left, env, enc), _z3(expr.right, env, enc)
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[expr.op]
    if isinstance(expr, syntax.Arith):
        a, b = _z3(expr.left, env, enc), _z3(expr.right, env, enc)
        return a + b if expr.op == "+" else a - b
    if isinstance(expr, syntax.Quantified):
        raise NotImplementedError("quantifiers inside a property are refused when the spec is read")
    if isinstance(expr, syntax.Name):  # a `position`: the only name that is a number
        place = env[expr.text].place
        assert place is not None
        return place
    assert isinstance(expr, syntax.Call) and isinstance(expr.args[0], syntax.Name)
    bound = env[expr.args[0].text]
    if len(expr.args) == 2:
        assert bound.meld is not None
        return _card_at(expr.function, bound.meld, _z3(expr.args[1], env, enc), enc)
    return _function(expr.function, bound, enc)


def _card_at(name: str, m: Meld, place: z3.ExprRef, enc: Encoder) -> z3.ExprRef:
    """`rank`, `suit` or `joker` of the card at `place` (1 = the first card).  Past the meld's
    last card, and for a joker, rank and suit are 0: no natural card is there."""
    if name == "joker":
        return z3.Or(*[z3.And(place == k + 1, m.active(k), c.joker) for k, c in enumerate(m.cards)])
    value: z3.ArithRef = enc.num(0)
    for k, c in reversed(list(enumerate(m.cards))):
        # the encoding numbers suits from 0 (♠); authors count from 1, with 0 for "no card"
        own = c.rank if name == "rank" else c.suit + 1
        value = z3.If(z3.And(place == k + 1, m.active(k), c.natural), own, value)
    return value


def _function(name: str, bound: _Bound, enc: Encoder) -> z3.ExprRef:
    if bound.meld is not None:
        m = bound.meld
        # round the corner: a run whose last position is past the ace after the king (14)
        wraps = z3.And(m.is_run, m.start + m.length - 1 >= 15)
        return {"cards": m.length, "jokers": m.jokers, "points": m.points, "is_run": m.is_run,
                "is_set": z3.Not(m.is_run), "wraps": wraps}[name]
    if bound.opening is not None:
        o = bound.opening
        return {"cards": o.cards, "jokers": o.jokers, "points": o.points, "melds": o.used,
                "runs": o.runs, "sets": o.sets, "clean_runs": o.clean_runs}[name]
    assert bound.hand is not None
    cards, length = bound.hand
    if name == "cards":
        return length
    if name == "jokers":
        return z3.Sum([z3.If(z3.And(length > k, c.joker), 1, 0) for k, c in enumerate(cards)])
    return enc.hand_value(cards, length)
