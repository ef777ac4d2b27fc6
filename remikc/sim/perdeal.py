"""What a variant's deals are like, and whether its games end: answers that need no finished game.

A game the simulator's deal cap stopped (`--max-deals`) has the cap's length, not the game's,
but each of its deals is a whole deal.  `per_deal(records)` gives, over every deal played, the
turn of the first lay-down, the deal's length, how often a deal ends by going out, by
handing, by a knock, by the stock running out, blocked or stalled, and the points a deal
scores: figures that two variants can be compared by even when no game of either ends.
`not_ending(variant, records, max_deals)` says, from the first games, when games are stopped
at the cap rather than by the rules, and how fast the totals move towards the rules' end (the
drift per deal), so that a user learns it after a few games, not after thousands.

An interval here is a 95% one of a mean over deals, with the deals of one game taken together
(a ratio estimator over games: a game's deals are not independent of each other).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import ir
from .record import DealRecord, GameRecord
from .words import count

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class DealMetric:
    """A mean over deals (`n` of them, in `games` games) and its 95% interval; `kind` is "turns",
    "share" or "points"."""

    name: str
    kind: str
    n: int
    mean: float
    low: float
    high: float


# name, kind, the deals it is taken over, and a deal's number
_METRICS: tuple[tuple[str, str, Callable[[DealRecord], bool], Callable[[DealRecord], float]], ...] = (
    ("first lay-down, turn", "turns", lambda d: d.first_open_turn is not None,
     lambda d: float(d.first_open_turn or 0)),
    ("deal length, turns", "turns", lambda d: True, lambda d: float(d.turns)),
    ("deals gone out", "share", lambda d: True, lambda d: float(d.ended_by == "went_out")),
    ("deals handed", "share", lambda d: True, lambda d: float(d.ended_by == "handed")),
    # the other ways a deal ends: a house rule of knocking, or of a stock that runs out, changes
    # how deals end more than it changes going out (the text shows the rows some deal needs)
    ("deals knocked", "share", lambda d: True, lambda d: float(d.ended_by == "knocked")),
    ("deals the stock ended", "share", lambda d: True, lambda d: float(d.ended_by == "stock")),
    ("deals blocked", "share", lambda d: True, lambda d: float(d.ended_by == "blocked")),
    ("deals stalled", "share", lambda d: True, lambda d: float(d.ended_by == "stalled")),
    ("points per deal, all seats", "points", lambda d: True, lambda d: float(sum(d.scores))),
)


def per_deal(records: Sequence[GameRecord]) -> tuple[DealMetric, ...]:
    """Every per-deal metric some deal defines (the first lay-down needs a deal someone opened)."""
    out = []
    for name, kind, counted, number in _METRICS:
        # per game: the sum of its deals' numbers and how many deals count
        sums = [(sum(number(d) for d in r.deals if counted(d)), sum(1 for d in r.deals if counted(d)))
                for r in records]
        sums = [(y, k) for y, k in sums if k]
        deals = sum(k for _, k in sums)
        if not deals:
            continue
        mean = sum(y for y, _ in sums) / deals
        games = len(sums)
        if games > 1:
            spread = sum((y - mean * k) ** 2 for y, k in sums) * games / (games - 1)
            half = Z95 * math.sqrt(spread) / deals
        else:
            half = math.inf
        low, high = mean - half, mean + half
        if kind == "share":
            low, high = max(low, 0.0), min(high, 1.0)
        elif kind == "turns":
            low = max(low, 0.0)
        out.append(DealMetric(name, kind, deals, mean, low, high))
    return tuple(out)


def not_ending(variant: ir.Variant, records: Sequence[GameRecord], max_deals: int, *,
               first: bool = False) -> str | None:
    """Said when some of these games (`first`: the first games of a run) were stopped at the
    deal cap: how many, and how the totals drift a deal against the rules' end; None when every
    game ended by its rules."""
    capped = [r for r in records if not r.finished]
    if not capped:
        return None
    games = f"{'first ' if first else ''}{count(len(records), 'game')}"
    which = (f"none of the {games} ended by its rules" if len(capped) == len(records)
             else f"{len(capped)} of the {games} did not end by its rules")
    head = f"{variant.id}: {which} (stopped at --max-deals {max_deals}: their length is the cap's)"
    end = variant.game_end
    if end.target is None:
        if end.rounds is not None:
            return f"{head}; its end, deal {end.rounds.value}, lies past the cap"
        return f"{head}; its rules set no end (game_end gives no target nor deals)"
    target = end.target.value
    up = target > 0  # a positive target is reached from below, a negative one from above
    lead = [(max if up else min)(r.totals) / r.rounds for r in capped if r.rounds]
    every = [t / r.rounds for r in capped if r.rounds for t in r.totals]
    if not lead:
        return head
    drift = sum(lead) / len(lead)
    mean = sum(every) / len(every)
    pace = (f"the totals drift by {mean:+.1f} points a deal, the leading total by {drift:+.1f} "
            f"(the target: {target})")
    if (drift > 0) != up or drift == 0:
        return f"{head}; {pace}: no total moves towards it, so the games may never end"
    deals = math.ceil(target / drift)
    return f"{head}; {pace}: at that pace a total reaches it after about {deals} deals"


# endings no deal of a seed's game may have (a knock, a stock run out): a row only where some deal did
_WHEN_SOME = frozenset({"deals knocked", "deals the stock ended", "deals blocked", "deals stalled"})


def to_text(ids: Sequence[str], found: Sequence[Sequence[DealMetric]], title: str) -> str:
    """A table of each variant's per-deal means, side by side, and with two their difference."""
    names = [name for name, *_ in _METRICS
             if any(m.name == name and (name not in _WHEN_SOME or m.mean > 0) for f in found for m in f)]
    header = ("", *ids, *(["difference"] if len(ids) == 2 else []))
    rows = [header]
    for name in names:
        got = [next((m for m in f if m.name == name), None) for f in found]
        cells = [name] + [_cell(m) for m in got]
        if len(got) == 2:
            a, b = got
            cells.append("-" if a is None or b is None else _difference(a, b))
        rows.append(tuple(cells))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [title] + ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                       for r in rows]
    return "\n".join(lines) + "\n"


def _cell(m: DealMetric | None) -> str:
    if m is None:
        return "-"
    if m.kind == "share":
        return f"{100 * m.mean:.1f}% ({100 * m.low:.1f}..{100 * m.high:.1f}%)"
    if math.isinf(m.high):
        return f"{m.mean:.1f}"
    return f"{m.mean:.1f} ({m.low:.1f}..{m.high:.1f})"


def _difference(a: DealMetric, b: DealMetric) -> str:
    if a.kind == "share":
        return f"{100 * (b.mean - a.mean):+.1f} pp"
    return f"{b.mean - a.mean:+.1f}"


def to_json(found: Sequence[DealMetric]) -> list[dict[str, object]]:
    def r(x: float) -> float | None:
        return None if math.isinf(x) else round(x, 4)

    return [{"name": m.name, "kind": m.kind, "deals": m.n, "mean": r(m.mean), "ci95": [r(m.low), r(m.high)]}
            for m in found]
