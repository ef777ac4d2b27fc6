"""Every solver remikc makes: fixed seeds, a work limit, and lazy deck limits.

Seeds are fixed so the same spec gives the same witnesses on every run and
machine.  Work is bounded by Z3's `rlimit` (a count of solver steps), not by
wall-clock time, so a verdict does not depend on how busy the machine is;
running out of it is `unknown`, never "proved".
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import z3

from ..interrupt import on_interrupt, pressed, stop
from .canon import Key
from .collector import frees_contexts as frees_contexts  # re-exported: callers import it from here
from .encode import Encoder
from .findings import DEFAULT_RLIMIT as DEFAULT_RLIMIT  # re-exported: callers import it from here
from .findings import MAX_RLIMIT

# A try for a tidier witness is worth little: it gets a small share of the budget.
TIDY_SHARE = 40

# Ctrl-C: Z3's own handler would cancel the running question and answer "undecided", and
# Python would never hear of it; instead remikc.interrupt interrupts the questions running
# (`_stop`) and the session raises KeyboardInterrupt (`stop`) rather than answer.
_running: set[z3.Context] = set()
_lock = threading.Lock()


def _stop() -> None:
    with _lock:
        for ctx in _running:
            ctx.interrupt()


on_interrupt(_stop)

def share(rlimit: int, part: int) -> int:
    """`rlimit // part`, never below 1: Z3 reads an rlimit of 0 as no limit at all, so a
    small `--rlimit` would otherwise hand the share more work than the whole."""
    return max(1, rlimit // part)

z3.set_param("smt.random_seed", 0)
z3.set_param("sat.random_seed", 0)


@dataclass(frozen=True)
class Outcome:
    status: str  # "sat" | "unsat" | "unknown"
    model: z3.ModelRef | None
    core: tuple[str, ...]  # rule ids (and claims) in the unsat core


class Session:
    """One solver over one encoding, asked many questions in turn (push, ask, pop).

    Building the formulas for a meld costs more than most questions about it,
    so checks share a session per shape of play."""

    def __init__(self, enc: Encoder, *base: z3.BoolRef, rlimit: int = DEFAULT_RLIMIT) -> None:
        if not 1 <= rlimit <= MAX_RLIMIT:
            raise ValueError(f"rlimit must be 1 to {MAX_RLIMIT} (Z3's range), not {rlimit}")
        self.enc = enc
        self.solver = z3.Solver(ctx=enc.ctx)
        self.solver.set("random_seed", 0)
        self.rlimit = rlimit
        self.solver.set("core.minimize", True)
        self.solver.add(*enc.domain, *base)
        self.pending = list(enc.lazy)  # limits checked on every model, refined on demand
        self.learned: list[z3.BoolRef] = []  # the limits refined so far

    def ask(self, *constraints: z3.BoolRef, tidy: bool = False, without: tuple[str, ...] = (),
            why: bool = True) -> Outcome:
        """Is there a play satisfying `constraints` under the variant's rules?

        `tidy`: only a preference between witnesses; give up early.  `without`: rules left out
        (a play only they forbid is how a rulebook shows what they forbid).  `why`: name the
        rules behind a "no" (a minimised unsat core, which can cost more than the question);
        the search for the least witness only needs the "no"."""
        self.solver.set("rlimit", share(self.rlimit, TIDY_SHARE) if tidy else max(1, self.rlimit))
        while True:
            assumptions = [lit for name, lit in self.enc.t.literals.items() if name not in without]
            self.solver.push()
            self.solver.add(*constraints)
            result = self._check(assumptions)
            if result == z3.unsat:
                core = tuple(self.enc.t.names(self.solver.unsat_core())) if why else ()
                self.solver.pop()
                return Outcome("unsat", None, core)
            if result != z3.sat:
                self.solver.pop()
                return Outcome("unknown", None, ())
            model = self.solver.model()
            self.solver.pop()
            broken = [(limit, card) for limit in self.pending for card in limit.overused(model)]
            if not broken:
                return Outcome("sat", model, ())
            for limit, (rank, suit) in broken:  # true of every play: kept for later questions
                self.learned.append(limit.limit(rank, suit))
                self.solver.add(self.learned[-1])

    def least(self, *constraints: z3.BoolRef, keys: Sequence[Key],
              without: tuple[str, ...] = (), start: Outcome | None = None,
              guess: Sequence[int] | None = None) -> Outcome:
        """The model of `constraints` whose `keys` are lexicographically least: each key in
        turn fixed at its smallest value (binary search down from the model at hand, below
        its floor where one is given).  Unlike a plain `ask`, the answer depends only on the
        rules and the keys, not on which model this Z3 release happens to find first.
        `start`: an answer to the same question already at hand, to descend from.  `guess`:
        the keys' values of a likely answer (a similar question's), tried first: if a play
        has them and none is below it, it is the least, whatever the guess came from."""
        if guess is not None and len(guess) == len(keys):
            fits = self.ask(*constraints, *(k.equals(value) for k, value in zip(keys, guess, strict=True)),
                            without=without, why=False)
            if fits.model is not None:
                lower = self.ask(*constraints, _below(keys, fits.model), without=without, why=False)
                if lower.status == "unsat":
                    return Outcome("sat", fits.model, ())
                start = lower if lower.model is not None else fits
        out = start if start is not None and start.model is not None else self.ask(
            *constraints, without=without)
        if out.model is None:
            return out
        model = out.model
        # One question first: is any play lexicographically below this one?  Usually the
        # model at hand is already least, and a single "no" proves it, where the descent key
        # by key below asks at least once per key.  A "yes" or a question too hard for the
        # budget leaves the answer to the descent, so the result is the same either way.
        below = self.ask(*constraints, _below(keys, model), without=without, why=False)
        if below.status == "unsat":
            return Outcome("sat", model, ())
        if below.model is not None:
            model = below.model
        # The descent asks many questions under the same constraints and the keys fixed so
        # far: asserted once, in a scope of their own, rather than again with every question.
        learned = len(self.learned)
        self.solver.push()
        try:
            self.solver.add(*constraints)
            return self._descend(keys, model, without)
        finally:
            self.solver.pop()
            self.solver.add(*self.learned[learned:])  # limits found meanwhile hold of every play

    def _descend(self, keys: Sequence[Key], model: z3.ModelRef, without: tuple[str, ...]) -> Outcome:
        """Each key in turn at its least, from `model`, the constraints asserted."""
        for key in keys:
            value = key.value(model)
            low, tried = key.floor, False
            while low is None or low < value:
                # first just below the model's value: often the model is already least
                bound = value - 1 if low is None or not tried else (low + value - 1) // 2
                tried = True
                lower = self.ask(key.at_most(bound), without=without, why=False)
                if lower.status == "unknown":
                    return lower
                if lower.model is None:
                    if low is None:
                        break
                    low = bound + 1
                else:
                    model = lower.model
                    value = key.value(model)
            self.solver.add(key.equals(value))
        return Outcome("sat", model, ())


    def _check(self, assumptions: list[z3.BoolRef]) -> z3.CheckSatResult:
        """`check`, interruptible by Ctrl-C (see `_stop`): never an answer cut short."""
        self.solver.set("ctrl_c", False)
        ctx = self.solver.ctx
        with _lock:
            if pressed():
                stop()
            _running.add(ctx)
        try:
            result = self.solver.check(*assumptions)
        finally:
            with _lock:
                _running.discard(ctx)
        if pressed():
            stop()
        return result


def solve(enc: Encoder, *constraints: z3.BoolRef, rlimit: int = DEFAULT_RLIMIT) -> Outcome:
    """A one-off question."""
    return Session(enc, rlimit=rlimit).ask(*constraints)


def _below(keys: Sequence[Key], model: z3.ModelRef) -> z3.BoolRef:
    """The keys lexicographically less than their values in `model`."""
    less: z3.BoolRef = z3.BoolVal(False, ctx=model.ctx)
    for key in reversed(keys):
        value = key.value(model)
        less = z3.Or(key.at_most(value - 1), z3.And(key.equals(value), less))
    return less
