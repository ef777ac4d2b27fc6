"""Every solver remikc makes: fixed seeds, a work limit, and lazy deck limits.

Seeds are fixed so the same spec gives the same witnesses on every run and
machine.  Work is bounded by Z3's `rlimit` (a count of solver steps), not by
wall-clock time, so a verdict does not depend on how busy the machine is;
running out of it is `unknown`, never "proved".
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from .encode import Encoder
from .findings import DEFAULT_RLIMIT as DEFAULT_RLIMIT  # re-exported: callers import it from here

# A try for a tidier witness is worth little: it gets a small share of the budget.
TIDY_SHARE = 40


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
        self.enc = enc
        self.solver = z3.Solver(ctx=enc.ctx)
        self.solver.set("random_seed", 0)
        self.rlimit = rlimit
        self.solver.set("core.minimize", True)
        self.solver.add(*enc.domain, *base)
        self.pending = list(enc.lazy)  # limits checked on every model, refined on demand

    def ask(self, *constraints: z3.BoolRef, tidy: bool = False, without: tuple[str, ...] = ()
            ) -> Outcome:
        """Is there a play satisfying `constraints` under the variant's rules?

        `tidy`: only a preference between witnesses; give up early.  `without`: rules left out
        (a play only they forbid is how a rulebook shows what they forbid)."""
        self.solver.set("rlimit", share(self.rlimit, TIDY_SHARE) if tidy else max(1, self.rlimit))
        while True:
            assumptions = [lit for name, lit in self.enc.t.literals.items() if name not in without]
            self.solver.push()
            self.solver.add(*constraints)
            result = self.solver.check(*assumptions)
            if result == z3.unsat:
                core = tuple(self.enc.t.names(self.solver.unsat_core()))
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
                self.solver.add(limit.limit(rank, suit))


def solve(enc: Encoder, *constraints: z3.BoolRef, rlimit: int = DEFAULT_RLIMIT) -> Outcome:
    """A one-off question."""
    return Session(enc, rlimit=rlimit).ask(*constraints)
