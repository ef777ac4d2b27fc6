"""`rules.dead`: a rule that can never take effect.

A rule is dead when neutralising it (removing it, or giving it the value that makes it
inert) changes no judgement of any meld, opening, hand, lay-off, draw or score.  One table,
`DEAD`, lists for each rule that can be dead the question that decides it: each entry
returns None when some play feels the rule, or the reason none does.  A question that runs
out of work is undecided, never "dead" and never "alive".

The table covers these rules (others are read by every play, or their dead values are
refused when the spec is read):

| rule | dead when |
|---|---|
| `set.closed_at N` | no valid set reaches N cards |
| `jokers.per_meld L` | no valid meld could hold more than L jokers without it |
| `jokers.per_meld_at_opening L` | no meld holds a number of jokers one of L and `per_meld` allows |
|   | and the other refuses |
| `jokers.ambiguous` | no meld reads both as a set and as a run (no meld holds enough jokers: |
|   | one joker per meld leaves two naturals, which fix one reading) |
| `opening.min_melds K` | every opening worth `min_points` has K melds anyway (K above 1: |
|   | `min_melds 1` is how a spec says that one meld may open, against "two or more") |
| `opening.clean_run required` | every opening holds a run without jokers anyway |
| `scoring.joker_in_hand` | the deck has no jokers for any player count |
| `scoring.handing_multiplier 1` | a multiplier of 1 multiplies nothing |
| a bonus of 0 | it adds nothing to any score |
| `turn.draw.<source> when ...` | its condition holds in no turn state a deal reaches |
| `turn.lay_off when ...`, `joker_swap.allowed when ...` | its condition holds in no turn state a |
|   | deal reaches, with every choice a player may make in it |
| `values.<rank> ... N in <place>` | N is what the card counts everywhere else anyway (a place |
|   | no card reaches is refused when the spec is read) |
| `run.ace_to_ace forbidden` | the ace is only low or only high (with `ace low or high` the |
|   | spec must say it, so it is never dead) |
| `knocking.max_hand N` | no hand counts more than N: every hand may knock anyway (where a |
|   | turn draws more than it discards, hands grow: then not even the whole deck does) |
| a score of a deal (`went_out`, `handed`, | no way the variant's deals end has remikc/scoring.py |
|   `handing_multiplier`, `undercut_bonus`, | read it (an undercut bonus, or who wins a tie with the |
|   `tie_with_knocker`, ...) | knocker, under `penalties`) |

and, by the guards on their readers (remikc/verify/guards.py): a face-up first discard or
`discard_taken_card forbidden` where nobody may draw from the discard pile; a card's value in
a set or a run where nothing counts a meld's points; `joker_swap.card_from hand_or_table`
without `rearrange`; the bonuses at a game's end in a game with no target.

`turn.rearrange` has no condition to be dead: its two rules say how much, never when.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from .. import ir, scoring
from ..cards import rank_name
from ..drawing import holds
from .base import Check, Probe, opening_hands
from .findings import Finding, Status
from .guards import endings, judged, unread
from .liveness import states

Undecided = object()  # a question that ran out of work
Answer = str | None | object


def _closed_at(probe: Probe) -> Answer:
    v = probe.variant
    assert v.set is not None and v.set.closed_at is not None
    n = v.set.closed_at.value
    session, m = probe.meld()
    out = session.ask(m.valid, z3.Not(m.is_run), m.length >= n)
    if out.status == "unknown":
        return Undecided
    return None if out.status == "sat" else f"no set reaches {n} cards, so closing at {n} never happens"


def _per_meld(probe: Probe) -> Answer:
    v = probe.variant
    assert v.jokers is not None
    limit = v.jokers.per_meld.value
    if limit is None:
        return None  # `any`: no limit, nothing to be dead
    session, m = probe.meld()
    out = session.ask(m.valid, m.jokers > limit, without=("jokers.per_meld",))
    if out.status == "unknown":
        return Undecided
    return None if out.status == "sat" else (
        f"no meld could hold more than {limit} {'joker' if limit == 1 else 'jokers'} without it")


def _per_meld_at_opening(probe: Probe) -> Answer:
    """Removed, a meld laid when opening is judged by `per_meld`: the rule is dead when no
    meld could hold a number of jokers one limit allows and the other refuses."""
    v = probe.variant
    assert v.jokers is not None and v.jokers.per_meld_at_opening is not None
    at_opening, after = v.jokers.per_meld_at_opening.value, v.jokers.per_meld.value
    low: int
    high: int | None
    if at_opening == after:
        low, high = 0, 0  # the same limit: nothing between them
    else:
        low = min(x for x in (at_opening, after) if x is not None)
        high = max(at_opening, after) if at_opening is not None and after is not None else None
    if (low, high) != (0, 0):
        session, m = probe.meld()
        between = [m.jokers > low] + ([m.jokers <= high] if high is not None else [])
        out = session.ask(m.valid, *between, without=("jokers.per_meld",))
        if out.status == "unknown":
            return Undecided
        if out.status == "sat":
            return None
    def said(x: int | None) -> str:
        return "any" if x is None else str(x)

    return (f"a meld laid when opening is judged as `per_meld {said(after)}` judges it: no meld "
            f"can hold a number of jokers one allows and the other refuses")


def _ambiguous(probe: Probe) -> Answer:
    """Dead when no meld, laid at the opening or later, reads both ways: nothing to choose."""
    v = probe.variant
    for at_opening in ((False, True) if v.opening else (False,)):
        session, m = probe.meld(opening=at_opening)
        out = session.ask(m.run_ok, m.set_ok)
        if out.status == "unknown":
            return Undecided
        if out.status == "sat":
            return None
    j = v.jokers
    if j is not None and j.only_in is not None:
        why = f"jokers stand in {j.only_in.value.value} only (`only_in {j.only_in.value.value}`)"
    else:
        why = "none holds enough jokers"
    return f"no meld reads both as a set and as a run ({why}), so there is nothing to choose"


def _opening_rule(rule_id: str, broken: Callable[[object], z3.BoolRef], reason: str
                  ) -> Callable[[Probe], Answer]:
    def ask(probe: Probe) -> Answer:
        session, o = probe.opening(max(opening_hands(probe.variant)))
        out = session.ask(o.ok, broken(o), without=(rule_id,))
        if out.status == "unknown":
            return Undecided
        return None if out.status == "sat" else reason.format(v=probe.variant)
    return ask


def _joker_in_hand(probe: Probe) -> Answer:
    v = probe.variant
    if any(v.deck.jokers.value.at(n) > 0 for n in v.player_counts()):
        return None
    return "the deck has no jokers, so no joker is ever left in hand"


def _multiplier(probe: Probe) -> Answer:
    rule = probe.variant.scoring.handing_multiplier
    assert rule is not None
    return "a multiplier of 1 multiplies nothing" if rule.value == 1 else None


def _zero_of(rule: ir.Rule[int]) -> Callable[[Probe], Answer]:
    def ask(_probe: Probe) -> Answer:
        return "a bonus of 0 adds nothing to any score" if rule.value == 0 else None
    return ask


def _felt(v: ir.Variant, rule: ir.Rule[ir.Condition]) -> bool:
    """Whether a `when` condition holds in some turn state a deal reaches, with some choice a
    player may make in it (to open this turn, to hand)."""
    if isinstance(rule.value, ir.Never):
        return True  # `never` is the rule's own inert value, said on purpose
    for s in states(v):
        for opens in ((False, True) if v.opening is not None and not s.opened else (False,)):
            for handing in ((False, True) if v.handing is not None and not s.opened else (False,)):
                flags = {ir.Flag.FIRST_ROUND: s.first_round, ir.Flag.OPENED: s.opened,
                         ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: handing}
                if holds(rule.value, flags):
                    return True
    return False


def _conditions(v: ir.Variant) -> list[tuple[ir.Rule[object], str]]:
    """Draw, lay-off and joker-swap conditions no turn state satisfies."""
    dead: list[tuple[ir.Rule[object], str]] = []
    where = {"stock": "the stock", "discard_top": "the discard pile", "cut_card": "the cut card"}
    for source, rule in v.turn.draw:
        if not _felt(v, rule):
            dead.append((rule, f"no turn state lets a player draw from {where[source.value]}"))
    if not _felt(v, v.turn.lay_off):
        dead.append((v.turn.lay_off, "no turn state lets a player lay a card off"))
    if v.joker_swap is not None and not _felt(v, v.joker_swap.allowed):
        dead.append((v.joker_swap.allowed, "no turn state lets a player swap a joker"))
    return dead


def _place_values(v: ir.Variant) -> list[tuple[ir.Rule[object], str]]:
    """`N in <place>` parts of a card's value that change what no card counts.  The verifier
    and the generated modules read a rank's value in a run at `high_run` for every card but
    the ace before the 2 (`low_run`), in a set at `set`, left in hand at `hand`."""
    dead: list[tuple[ir.Rule[object], str]] = []
    for rank, rule in enumerate(v.values.ranks, start=1):
        name = rank_name(rank)
        for place, points in rule.value.by_place:
            said = f"`{points} in {place.value}`"
            if points == rule.value.points:
                article = "an" if name in ("A", "8") else "a"
                dead.append((rule, f"{said}: {article} {name} counts {points} everywhere else too"))
    return dead


def _ace_to_ace(probe: Probe) -> Answer:
    """`ace_to_ace forbidden` is dead when the ace is only low or only high: no run could go
    from ace to ace without it.  With `ace low or high` the spec must say it (the consistency
    pass asks), even where the deck makes such a run impossible anyway, so it is never
    reported there: the author could not drop the line."""
    run = probe.variant.run
    assert run is not None
    if run.ace.value is ir.Ace.LOW_OR_HIGH:
        return None
    return (f"the ace is only {run.ace.value.value}, so no run goes from ace to ace anyway")


def _max_hand(probe: Probe) -> Answer:
    """`knocking.max_hand N` is dead when no hand counts more than N: every hand may knock."""
    v = probe.variant
    assert v.knocking is not None
    limit = v.knocking.max_hand.value
    if v.turn.draws.value.count > v.turn.discard.value:
        # hands grow turn by turn (Karuzela draws up to three and discards none), past the
        # probe's hand: judged against every card of the largest deck held in one hand
        most = max(_whole_deck(v, n) for n in v.player_counts())
        return None if most > limit else (
            f"not even the whole deck counts more than {limit}, so any player may knock anyway")
    session, cards, length = probe.hand()
    out = session.ask(session.enc.hand_value(cards, length) > limit)
    if out.status == "unknown":
        return Undecided
    return None if out.status == "sat" else (
        f"no hand counts more than {limit}, so any player may knock anyway")


# the scores of a deal a variant may give, read only by the one definition of a deal's scores
_SCORED = ("went_out", "handed", "handed_with_cut_card", "handing_multiplier", "undercut_bonus",
           "all_out_bonus", "tie_with_knocker")


def _scored(v: ir.Variant) -> int:
    return sum(getattr(v.scoring, name) is not None for name in _SCORED)


def _unscored(probe: Probe) -> list[tuple[ir.Rule[object], str]]:
    """Scoring rules no deal's scores read, under the variant's other rules: remikc/scoring.py
    scores every way the variant's deals can end (going out; handing, with the cut card where
    a hander may take it; knocking), each with a tie and without, through the recorder, and a
    score it never reads is one no play can give (an undercut bonus under penalty scoring)."""
    v = probe.variant
    with probe.reads.scope() as read:
        for ended, cut_card in endings(v):
            for counts in ((0, 7, 12), (5, 5, 9), (9, 5, 5)):  # a lowest hand, ties either way
                scoring.deal_scores(v, counts, ended, 0, cut_card=cut_card)
    given = [getattr(v.scoring, name) for name in _SCORED]
    return [(rule, "no way a deal ends under these rules scores it") for rule in given
            if rule is not None and rule.id not in read]


def _whole_deck(v: ir.Variant, players: int) -> int:
    """What every card of the deck for `players` counts, held in one hand."""
    naturals = sum(scoring.card_in_hand(v, rank * 4 + suit) for rank in range(1, 14) for suit in range(4))
    return (naturals * v.deck.standard.value.at(players)
            + scoring.joker_in_hand(v) * v.deck.jokers.value.at(players))


def dead_rules(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    asks: list[tuple[ir.Rule[object], Callable[[Probe], Answer]]] = []
    if v.set is not None and v.set.closed_at is not None:
        asks.append((v.set.closed_at, _closed_at))
    if v.jokers is not None:
        asks.append((v.jokers.per_meld, _per_meld))
        if v.jokers.per_meld_at_opening is not None:
            asks.append((v.jokers.per_meld_at_opening, _per_meld_at_opening))
        if v.jokers.ambiguous is not None:
            asks.append((v.jokers.ambiguous, _ambiguous))
    if v.run is not None and v.run.ace_to_ace is not None and not v.run.ace_to_ace.value:
        asks.append((v.run.ace_to_ace, _ace_to_ace))
    if v.knocking is not None:
        asks.append((v.knocking.max_hand, _max_hand))
    if v.opening is not None and v.opening.min_melds is not None and v.opening.min_melds.value > 1:
        # `min_melds 1` neutralises nothing, but says something: that one meld may open, where
        # a text's plural ("grup") could be read as two or more; never reported
        k = v.opening.min_melds.value
        asks.append((v.opening.min_melds, _opening_rule(
            "opening.min_melds", lambda o: o.used < k,  # type: ignore[attr-defined]
            f"every opening worth {{v.opening.min_points.value}} has {k} melds anyway")))
    if v.opening is not None and v.opening.needs_clean_run():
        assert v.opening.clean_run is not None
        asks.append((v.opening.clean_run, _opening_rule(
            "opening.clean_run", lambda o: o.clean_runs == 0,  # type: ignore[attr-defined]
            "every opening holds a run without jokers anyway")))
    s = v.scoring
    if s.joker_in_hand is not None:
        asks.append((s.joker_in_hand, _joker_in_hand))
    if v.handing is not None and s.handing_multiplier is not None:
        asks.append((s.handing_multiplier, _multiplier))
    for bonus in (s.undercut_bonus, s.all_out_bonus, v.game_end.round_win_bonus, v.game_end.target_bonus):
        if bonus is not None:
            asks.append((bonus, _zero_of(bonus)))

    found: list[tuple[ir.Rule[object], str]] = []
    undecided = []
    for rule, ask in asks:
        answer = ask(probe)
        if answer is Undecided:
            undecided.append(rule.id)
        elif isinstance(answer, str):
            found.append((rule, answer))
    table = _conditions(v) + _place_values(v)
    found += table
    said_dead = {rule.id for rule, _ in found}
    found += [(rule, why) for rule, why in _unscored(probe) if rule.id not in said_dead]
    guarded = [(rule, why, causes) for rule, why, causes in unread(v) if rule.id not in said_dead]
    found += [(rule, why) for rule, why, _ in guarded]
    if found:
        said = "; ".join(f"`{rule.id}` ({rule.span.file}:{rule.span.line}) can never take effect: {why}"
                         for rule, why in found)
        causes = [c for _, _, made_so in guarded for c in made_so if c is not None]
        named = tuple(dict.fromkeys([*(r for r, _ in found), *causes]))
        return Finding(check.id, check.title, Status.VIOLATED, said, named,
                       tuple(dict.fromkeys(_fix(v, rule) for rule, _ in found)))
    if undecided:
        return Finding(check.id, check.title, Status.UNKNOWN,
                       "the solver's work limit ran out on " + ", ".join(undecided) + " (raise --rlimit)")
    return Finding(check.id, check.title, Status.PROVED,
                   f"each of the {len(asks) + _table_size(v) + _scored(v)} rules that could be dead takes "
                   "effect in some play")


def _fix(v: ir.Variant, rule: ir.Rule[object]) -> str:
    """The edit in the checked variant that makes `rule` dead no more: drop its own line, or
    remove what a parent gives; or else change the rule that makes it dead."""
    section, _, name = rule.id.rpartition(".")
    if rule.origin == v.id:
        edit = f"delete line {rule.span.line} of {rule.span.file} (`{rule.id}`)"
    else:
        where = f" in `{section}`" if section else ""
        edit = f"write `remove {name}`{where} in `{v.id}`"
    return f"hint: {edit}, or change the rule that makes it dead"


def _table_size(v: ir.Variant) -> int:
    """The rules judged without the solver: conditions and values given by place."""
    return (len(v.turn.draw) + 1 + (1 if v.joker_swap is not None else 0)
            + sum(1 for r in v.values.ranks if r.value.by_place) + judged(v))
