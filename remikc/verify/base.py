"""What every check is made of: a `Check` (its id, title and function), the `Probe` it asks
(the variant, the solver's budget and the sessions checks share), the sizes of hands and melds
that bound its questions, and the helpers that make a `Finding` (the rules to blame, an
undecided verdict, which total is better).  The checks themselves are listed in checks.py."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

import z3

from .. import ir
from ..spec.registry import RuleId
from . import canon, decode
from .encode import CardVar, Encoder, Meld, Opening, opening, slot_sizes
from .findings import Finding, Status
from .reading import Reads, view
from .solver import DEFAULT_RLIMIT, Outcome, Session

S = TypeVar("S")


class Probe:
    """A variant, the solver budget of every question, and the sessions checks share.

    `variant` is a view that records in `reads` every rule read through it (see reading.py);
    a session built once and shared keeps what building it read, recorded again at each use."""

    def __init__(self, variant: ir.Variant, rlimit: int = DEFAULT_RLIMIT) -> None:
        self.reads = Reads()
        self.variant = view(variant, self.reads)
        self.rlimit = rlimit
        self._melds: dict[bool, tuple[Session, Meld]] = {}
        self._openings: dict[int, tuple[Session, Opening]] = {}
        self._lay_offs: dict[int, tuple[Session, tuple[Meld, Meld, Meld]]] = {}
        self._hands: dict[None, tuple[Session, tuple[CardVar, ...], z3.ArithRef]] = {}
        self._built: dict[tuple[str, object], frozenset[RuleId]] = {}  # what building each read
        self.ctx = z3.Context()
        # the least witnesses of the check running: the parent's (tried first) and its own
        self.guesses: tuple[tuple[int, ...] | None, ...] = ()
        self.found: list[tuple[int, ...] | None] = []

    def _shared(self, memo: dict[object, S], kind: str, key: object, build: Callable[[], S]) -> S:
        """`memo[key]`, built on first use; what building it read is recorded at every use."""
        if key not in memo:
            with self.reads.scope() as found:
                memo[key] = build()
            self._built[kind, key] = frozenset(found)
        else:
            self.reads.replay(self._built[kind, key])
        return memo[key]

    def encoder(self) -> Encoder:
        return Encoder(self.variant, self.ctx)

    def session(self, enc: Encoder, *base: z3.BoolRef) -> Session:
        return Session(enc, *base, rlimit=self.rlimit)

    def meld(self, *, opening: bool = False) -> tuple[Session, Meld]:
        """A session over one meld of up to the longest meld's cards (laid when opening, or later)."""
        jokers = self.variant.jokers
        if opening and (jokers is None or jokers.per_meld_at_opening is None):
            opening = False  # no rule treats melds laid when opening differently

        def build() -> tuple[Session, Meld]:
            enc = self.encoder()
            cards = enc.cards("m", longest_meld(self.variant))
            meld = enc.meld(cards, enc.integer("m.len"), opening=opening)
            return self.session(enc), meld  # after the meld: the session takes its copy limits

        return self._shared(self._melds, "meld", opening, build)  # type: ignore[arg-type]

    def opening(self, cards: int) -> tuple[Session, Opening]:
        """A session over any opening of at most `cards` cards."""
        def build() -> tuple[Session, Opening]:
            enc = self.encoder()
            o = opening(enc, slot_sizes(cards, smallest_meld(self.variant)), cards, self.variant.deal.hand)
            return self.session(enc), o

        return self._shared(self._openings, "opening", cards, build)  # type: ignore[arg-type]

    def lay_off(self, size: int) -> tuple[Session, tuple[Meld, Meld, Meld]]:
        """A session over a meld of `size` cards and the two it becomes with a card laid off
        at either end."""
        def build() -> tuple[Session, tuple[Meld, Meld, Meld]]:
            enc = self.encoder()
            melds = tuple(enc.meld(enc.cards(f"l{j}.", n), enc.num(n), opening=False)
                          for j, n in enumerate((size, size + 1, size + 1)))
            return self.session(enc), melds  # type: ignore[return-value]

        return self._shared(self._lay_offs, "lay_off", size, build)  # type: ignore[arg-type]

    def hand(self) -> tuple[Session, tuple[CardVar, ...], z3.ArithRef]:
        """A session over the cards a player may be left holding."""
        def build() -> tuple[Session, tuple[CardVar, ...], z3.ArithRef]:
            enc = self.encoder()
            cards, length = enc.hand(largest_hand(self.variant) + 1)  # + 1: see `monotone`
            return self.session(enc), cards, length

        return self._shared(self._hands, "hand", None, build)  # type: ignore[arg-type]

    def ask(self, session: Session, *must: z3.BoolRef,
            prefer: Sequence[Sequence[z3.BoolRef]] = (), keys: Sequence[canon.Key] = ()) -> Outcome:
        """Solve `must`, first with each tier of `prefer` (no jokers, fewest cards) for a
        witness a player would write down; with `keys`, the least such witness (see `canon`),
        so the cards printed do not depend on the Z3 release."""
        for tier in prefer:
            tidy = session.ask(*must, *tier, tidy=True)
            if tidy.status == "sat":
                return self._least(session, [*must, *tier], keys, tidy) if keys else tidy
        out = session.ask(*must)
        return self._least(session, must, keys, out) if keys and out.model is not None else out

    def _least(self, session: Session, must: Sequence[z3.BoolRef], keys: Sequence[canon.Key],
               start: Outcome) -> Outcome:
        """The least witness, the parent's answer to the same question of the same check
        (`guesses`, in the order asked) tried first; what it was joins `found`."""
        at = len(self.found)
        out = session.least(*must, keys=keys, start=start,
                            guess=self.guesses[at] if at < len(self.guesses) else None)
        self.found.append(None if out.model is None else tuple(
            k.value(out.model) for k in keys))
        return out

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


def opening_hands(v: ir.Variant) -> list[int]:
    """Cards a player can lay down in his first turn: the dealt hand and one draw, less the
    discard that ends the turn; one figure per distinct hand size."""
    keep = v.turn.discard.value
    return sorted({v.deal.hand.value.at(n) + v.turn.draws.value.count - keep for n in v.player_counts()})


def smallest_meld(v: ir.Variant) -> int:
    return min(r.size.value.low for r in (v.set, v.run) if r is not None)


def kind_text(model: z3.ModelRef, meld: Meld) -> str:
    kind = "run" if decode.true(model, meld.is_run) else "set"
    return f"{kind} {decode.meld_text(model, meld)} ({decode.integer(model, meld.points)} points)"


def because(probe: Probe, out: Outcome, *also: ir.Rule[object] | None) -> tuple[ir.Rule[object], ...]:
    extra = tuple(r for r in also if r is not None)
    return tuple(dict.fromkeys(probe.rules(out.core) + extra))


def unknown(check: Check) -> Finding:
    return Finding(check.id, check.title, Status.UNKNOWN,
                   "the solver's work limit ran out before a verdict (raise --rlimit)")


def better(v: ir.Variant) -> Callable[[z3.ArithRef, z3.ArithRef], z3.BoolRef]:
    if v.game_end.winner.value is ir.Winner.LOWEST:
        return lambda a, b: a < b
    return lambda a, b: a > b


def value_rules(v: ir.Variant) -> tuple[ir.Rule[object], ...]:
    s = v.scoring
    return tuple(r for r in (s.joker_in_hand, s.not_opened) if r is not None)


@dataclass(frozen=True)
class Check:
    """A built-in check.  What it reads of the variant is recorded as it runs: its finding
    keeps the rule ids (`Finding.reads`), so a house variant that changes none of them keeps
    the parent's verdict without asking the solver again."""

    id: str
    title: str
    run: Callable[[Probe, Check], Finding]

    def __call__(self, probe: Probe, parent: Finding | None = None) -> Finding:
        """The finding; `parent`: the same check's on the parent, whose witnesses are tried
        first (they are often this variant's too)."""
        started = time.perf_counter()
        probe.guesses, probe.found = (parent.witnesses if parent is not None else ()), []
        with probe.reads.scope() as reads:
            finding = self.run(probe, self)
        return replace(finding, seconds=time.perf_counter() - started, reads=frozenset(reads),
                       witnesses=tuple(probe.found))
