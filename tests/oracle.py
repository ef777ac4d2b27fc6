"""The verifier's semantics as fast functions of concrete cards: the tests' oracle.

Each oracle compiles the very Z3 terms the verifier reasons about (see
remikc/verify/evaluate.py); `test_conformance` checks the compiled terms
against Z3's own evaluation before trusting them.
"""

from __future__ import annotations

import contextlib
import functools
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import ParamSpec, TypeVar

import z3

from remikc import ir
from remikc.build import load_module, validator_source
from remikc.spec.workspace import Workspace
from remikc.verify.encode import CopyLimit, Encoder, Meld, opening_of
from remikc.verify.evaluate import compile_terms

Judgement = tuple[bool, "str | None", int]  # valid, kind, points
P = ParamSpec("P")
R = TypeVar("R")


@contextlib.contextmanager
def untraced() -> Iterator[None]:
    """No trace function in this thread meanwhile.  The README's test command measures the
    coverage of remikc/runtime/ alone, and none of it runs in an oracle (the verifier's
    formulas, compiled, and Z3's Python API) or in the modules of `conftest.UNTRACED` (whose
    bulk tests reach no runtime line a traced test does not): under a trace function (Python
    3.11) that code runs 2.5-4x slower for nothing.  The runtime a test holds up against an
    oracle is still traced: only the oracle's own calls are left out."""
    tracer = sys.gettrace()
    if tracer is None:
        yield
        return
    sys.settrace(None)
    try:
        yield
    finally:
        sys.settrace(tracer)


def untraced_call(function: Callable[P, R]) -> Callable[P, R]:
    """`function`, run with no trace function (`untraced`): for an oracle's methods."""

    @functools.wraps(function)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        with untraced():
            return function(*args, **kwargs)
    return call


CODES = [0, *range(4, 56)]  # a joker, then A♠ .. K♣ as rank * 4 + suit


def _copy_formula(enc: Encoder, limits: list[CopyLimit]) -> z3.BoolRef:
    """Every lazy copy limit, over every card identity: what the solver would add on demand."""
    return z3.And(*[limit.limit(rank, suit) for limit in limits
                    for rank in range(1, 14) for suit in range(4)])


def _inputs(length: z3.ArithRef, cards: tuple) -> list[z3.ExprRef]:
    return [length] + [x for c in cards for x in (c.rank, c.suit)]


def _args(codes: tuple[int, ...], size: int) -> list[int]:
    padded = list(codes) + [0] * (size - len(codes))
    return [len(codes)] + [x for c in padded for x in (c >> 2, c & 3)]


class MeldOracle:
    """valid / kind / points of a meld of up to `size` cards, as the verifier defines them."""

    @untraced_call
    def __init__(self, variant: ir.Variant, size: int, *, opening: bool) -> None:
        self.variant = variant
        self.enc = Encoder(variant)
        self.cards = self.enc.cards("m", size)
        self.length = self.enc.integer("m.len")
        self.meld: Meld = self.enc.meld(self.cards, self.length, opening=opening)
        m = self.meld
        copies = _copy_formula(self.enc, list(self.enc.lazy))
        self.terms = [z3.And(m.valid, copies), m.is_run, m.points]
        self.size = size
        self._f = compile_terms(self.terms, _inputs(self.length, self.cards))
        # each reading on its own: what a meld is when the player names its kind
        kinds = [z3.And(m.run_ok, copies), m.run_points, z3.And(m.set_ok, copies), m.set_points]
        self._kinds = compile_terms(kinds, _inputs(self.length, self.cards))
        self._last: tuple[tuple[int, ...] | None, Judgement] = (None, (False, None, 0))

    @untraced_call
    def __call__(self, codes: tuple[int, ...]) -> Judgement:
        # the last answer is kept: `oracle(in_order(oracle, cards))` asks of the same cards twice
        if codes == self._last[0]:
            return self._last[1]
        valid, is_run, points = self._f(*_args(codes, self.size))
        judgement: Judgement = (True, "run" if is_run else "set", int(points)) if valid else (False, None, 0)
        self._last = (codes, judgement)
        return judgement

    def judge_all(self, melds: Iterable[tuple[int, ...]]) -> Iterator[Judgement]:
        """`self(m)` for every meld of `melds`, in order, one by one, without the per-call
        bookkeeping of `__call__`."""
        f, size, invalid = self._f, self.size, (False, None, 0)
        return ((True, "run" if is_run else "set", int(points)) if valid else invalid
                for valid, is_run, points in (f(*_args(codes, size)) for codes in melds))

    def same_function(self, other: MeldOracle) -> bool:
        """Do the two oracles run the same compiled code?  Then they answer every meld alike
        (the code reads nothing but its arguments), so asking both is asking one twice."""
        return self.size == other.size and self._f.__code__ == other._f.__code__

    @untraced_call
    def as_kind(self, codes: tuple[int, ...], kind: str) -> Judgement:
        run_ok, run_points, set_ok, set_points = self._kinds(*_args(codes, self.size))
        ok, points = (run_ok, run_points) if kind == "run" else (set_ok, set_points)
        return (True, kind, int(points)) if ok else (False, None, 0)

    @untraced_call
    def by_z3(self, codes: tuple[int, ...]) -> Judgement:
        """The same judgement asked of Z3 itself (slow; for checking the compiled terms)."""
        solver = z3.Solver(ctx=self.enc.ctx)
        solver.add(*self.enc.domain, *[t == True for t in self.enc.t.assumptions()])  # noqa: E712
        fixed = [self.length == len(codes)]
        for var, code in zip(self.cards, list(codes) + [0] * (self.size - len(codes)), strict=True):
            fixed += [var.rank == code >> 2, var.suit == code & 3]
        solver.add(*fixed)
        assert solver.check() == z3.sat
        model = solver.model()
        valid, is_run, points = (model.eval(t, model_completion=True) for t in self.terms)
        if not z3.is_true(valid):
            return (False, None, 0)
        return (True, "run" if z3.is_true(is_run) else "set", points.as_long())


class OpeningOracle:
    """Is a lay-down of up to `slots` melds a valid opening, and its points."""

    @untraced_call
    def __init__(self, variant: ir.Variant, slots: int = 4, size: int = 14) -> None:
        enc = Encoder(variant)
        self.size, self.slots = size, slots
        melds = []
        self.inputs: list[z3.ExprRef] = []
        for j in range(slots):
            cards = enc.cards(f"o{j}.", size)
            length = enc.integer(f"o{j}.len")
            melds.append(enc.meld(cards, length, opening=True))
            self.inputs += _inputs(length, cards)
        o = opening_of(enc, melds, slots * size, None, longest_first=False)
        whole = z3.And(o.ok, _copy_formula(enc, list(enc.lazy)))
        self._f = compile_terms([whole, o.points], self.inputs)

    @untraced_call
    def __call__(self, melds: list[tuple[int, ...]]) -> tuple[bool, int]:
        args: list[int] = []
        for j in range(self.slots):
            args += _args(melds[j] if j < len(melds) else (), self.size)
        ok, points = self._f(*args)
        return bool(ok), int(points) if ok else 0


# The rules a meld or an opening is judged by: two variants alike in all of them have the
# same formulas, so a second module need only agree with the first, which is held to them.
MELD_RULES = ("deck.", "values.", "set.", "run.", "jokers.", "opening.")


def meld_rules(v: ir.Variant) -> list[tuple[str, str]]:
    return sorted((r.id, repr(r.value)) for r in v.rules if r.id.startswith(MELD_RULES))


def in_order(oracle: MeldOracle, codes: tuple[int, ...], kind: str | None = None) -> tuple[int, ...]:
    """The order the verifier's formulas judge a meld in.  They read cards in table order; a
    player writes cards without jokers in any order (docs/notation.md): such a meld that is
    none as written is the rotation of its cards sorted by rank that makes the run worth most."""
    if 0 in codes or len(codes) < 2 or kind == "set":
        return codes
    if (oracle(codes) if kind is None else oracle.as_kind(codes, kind))[0]:
        return codes
    run = oracle.variant.run
    if run is None or (run.suit.value is ir.RunSuit.SAME and len({c & 3 for c in codes}) > 1):
        return codes  # no order of these cards is a run (most 3-card melds: spare their orders)
    ranked = sorted(codes)
    best, most = codes, -1
    for i in range(len(ranked)):
        turned = tuple(ranked[i:] + ranked[:i])
        ok, _, points = oracle.as_kind(turned, "run")
        if ok and points > most:
            best, most = turned, points
    return best


def validator(variant: ir.Variant, workspace: Workspace):  # type: ignore[no-untyped-def]
    """The generated module of a variant, rendered from its spec now."""
    return load_module(variant.id, validator_source(variant, workspace))


def judge(module, codes: tuple[int, ...], *, opening: bool = False,  # type: ignore[no-untyped-def]
          kind: str | None = None) -> Judgement:
    verdict = module.check_meld(tuple(module.Card(c) for c in codes), opening=opening, kind=kind)
    return (verdict.ok, verdict.kind, verdict.points) if verdict.ok else (False, None, 0)


# --- random plays, biased towards the edge of validity ----------------------------------------

def near_meld(rng: random.Random, v: ir.Variant, spoil: float = 0.5) -> tuple[int, ...]:
    """A meld of 3..14 cards: usually a valid run or set with jokers sprinkled in, then often
    spoiled by one change (a card swapped, moved, added or dropped); sometimes random cards."""
    jokers = max(v.deck.jokers.value.at(n) for n in v.player_counts())
    roll = rng.random()
    if roll < 0.3 * spoil:
        return tuple(rng.choice(CODES) for _ in range(rng.randint(3, 14)))
    if roll < 0.55 and v.run is not None:
        n = rng.randint(3, 14)
        start = rng.randint(1, 13)
        suit = rng.randrange(4)
        cards = []
        for i in range(n):
            position = start + i
            rank = position if position <= 13 else (position - 13 if position <= 26 else 1)
            cards.append(rank * 4 + (suit if rng.random() > 0.1 * spoil else rng.randrange(4)))
    else:
        n = rng.randint(3, 5)
        rank = rng.randint(1, 13)
        suits = rng.sample(range(4), min(n, 4)) + [rng.randrange(4) for _ in range(max(0, n - 4))]
        cards = [rank * 4 + s for s in suits]
    if jokers:
        for i in range(len(cards)):
            if rng.random() < 0.2:
                cards[i] = 0
    if rng.random() < spoil:
        change = rng.randrange(4)
        i = rng.randrange(len(cards))
        if change == 0:
            cards[i] = rng.choice(CODES)
        elif change == 1 and len(cards) > 1:
            j = rng.randrange(len(cards))
            cards[i], cards[j] = cards[j], cards[i]
        elif change == 2 and len(cards) < 14:
            cards.insert(i, rng.choice(CODES))
        elif len(cards) > 3:
            del cards[i]
    return tuple(cards)


def near_opening(rng: random.Random, v: ir.Variant) -> list[tuple[int, ...]]:
    melds = [near_meld(rng, v, spoil=0.1) for _ in range(rng.randint(1, 4))]
    return [m for m in melds if len(m) <= 14]


Oracle = Callable[[tuple[int, ...]], Judgement]
