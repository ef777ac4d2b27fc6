"""Two variants played on the same seeds, compared game by game.

Game i of each variant is dealt from the same seed, so the difference B − A of a per-game
number is the effect of the rule change on that deal of the cards, with the luck of the deal
largely cancelled.  For every metric the mean difference gets a Student t-interval (right at
small n: the t quantile is worked out from its density, not the normal approximation), and
the intervals are corrected for looking at many metrics at once by Bonferroni: each is a
1 − 0.05/m interval for m metrics, so that all of them hold together with 95% confidence.  A
metric is "significant" when its corrected interval leaves out 0.

A game where a metric is undefined in either variant (no deal opened: no first lay-down
turn) drops out of that metric's pairs only.
The share of deals knocked is compared only where some deal of either variant ended by a knock.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .record import DealRecord, GameRecord

ALPHA = 0.05
CORRECTION = "Bonferroni"
# compared only where some deal of either variant has it: a game without knocking would add a
# metric that is 0 on both sides and widen every other interval for nothing
_WHEN_SOME = frozenset({"deals knocked"})


@dataclass(frozen=True, slots=True)
class PairedMetric:
    """B − A for one metric over `n` paired games: the mean difference and its corrected
    interval `low..high`; `kind` is "turns", "share" or "points" (what the unit is)."""

    name: str
    kind: str
    n: int
    a: float  # A's mean
    b: float  # B's mean
    difference: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return not self.low <= 0.0 <= self.high

    @property
    def width(self) -> float:
        return self.high - self.low


@dataclass(frozen=True, slots=True)
class Paired:
    """Every metric of B against A, the confidence each interval was taken at, and the correction."""

    a: str
    b: str
    metrics: tuple[PairedMetric, ...]
    level: float  # 1 - ALPHA / len(metrics)
    correction: str = CORRECTION


def _share(deals: Sequence[DealRecord], test: Callable[[DealRecord], bool]) -> float:
    return sum(map(test, deals)) / len(deals)


def _first_open(r: GameRecord) -> float | None:
    turns = [d.first_open_turn for d in r.deals if d.first_open_turn is not None]
    return statistics.fmean(turns) if turns else None


def _metrics(players: int) -> list[tuple[str, str, Callable[[GameRecord], float | None]]]:
    """The per-game numbers compared: name, kind, and the number of a game (None: undefined)."""
    out: list[tuple[str, str, Callable[[GameRecord], float | None]]] = [
        ("turns per game", "turns", lambda r: float(r.turns)),
        ("deals per game", "turns", lambda r: float(r.rounds)),
        ("turns per deal", "turns", lambda r: r.turns / r.rounds if r.rounds else None),
        ("first lay-down, turn", "turns", _first_open),
        ("deals opened", "share", lambda r: _share(r.deals, lambda d: d.first_open_turn is not None)
            if r.deals else None),
        ("deals handed", "share", lambda r: _share(r.deals, lambda d: d.ended_by == "handed")
            if r.deals else None),
        ("deals knocked", "share", lambda r: _share(r.deals, lambda d: d.ended_by == "knocked")
            if r.deals else None),
        ("deals stalled", "share", lambda r: _share(r.deals, lambda d: d.ended_by == "stalled")
            if r.deals else None),
        ("deals the stock ran out", "share", lambda r: _share(r.deals, lambda d: d.empty_stock)
            if r.deals else None),
        ("games capped", "share", lambda r: 0.0 if r.finished else 1.0),
    ]
    for seat in range(players):
        out.append((f"seat {seat + 1} wins", "share", _wins(seat)))
    out.append(("final-score spread", "points", lambda r: float(max(r.totals) - min(r.totals))))
    return out


def metric_names(players: int) -> list[str]:
    """The names of the metrics compared, in the report's order (a Paired lists those its games
    define, in this order)."""
    return [name for name, _, _ in _metrics(players)]


def _wins(seat: int) -> Callable[[GameRecord], float | None]:
    """A seat's share of a game's win (tied winners share it); none for a game stopped at
    --max-deals, which nobody won."""
    return lambda r: None if not r.finished else 1 / len(r.winners) if seat in r.winners else 0.0


def paired(a_id: str, a: Sequence[GameRecord], b_id: str, b: Sequence[GameRecord]) -> Paired:
    """B − A, game by game, for every metric; the games must be the same seeds."""
    if [r.seed for r in a] != [r.seed for r in b]:
        raise ValueError("paired comparison needs the same seeds in both variants")
    return _intervals(a_id, a, b_id, b)


def single(a_id: str, a: Sequence[GameRecord]) -> Paired:
    """Every metric's mean over one variant's games, with the same corrected intervals (what
    `--games auto` narrows for a single spec); `difference` is the mean."""
    return _intervals(a_id, a, None, None)


def _intervals(a_id: str, a: Sequence[GameRecord], b_id: str | None,
               b: Sequence[GameRecord] | None) -> Paired:
    players = a[0].players if a else 2
    found = []
    for name, kind, number in _metrics(players):
        if name in _WHEN_SOME and not any(number(r) for r in (*a, *(b or ()))):
            continue
        if b is None:
            pairs = [(0.0, x) for x in map(number, a) if x is not None]
        else:
            pairs = [(x, y) for x, y in ((number(ra), number(rb)) for ra, rb in zip(a, b, strict=True))
                     if x is not None and y is not None]
        if pairs:  # a metric no game defines (the win shares when none finished) is not compared
            found.append((name, kind, pairs))
    # corrected over the metrics compared, the count the report names
    level = 1 - ALPHA / max(len(found), 1)
    out = []
    for name, kind, pairs in found:
        diffs = [y - x for x, y in pairs]
        mean = statistics.fmean(diffs)
        if len(diffs) > 1:
            spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
            half = t_quantile(1 - (1 - level) / 2, len(diffs) - 1) * spread
        else:
            half = math.inf if any(diffs) or b is None else 0.0  # one game says nothing of the spread
        low, high = mean - half, mean + half
        if kind == "share":  # a share lies within 0..1, a difference of shares within -1..1
            low, high = max(low, -1.0 if b is not None else 0.0), min(high, 1.0)
        elif b is None:  # one variant's mean of a count (turns, deals, a spread of points) is not below 0
            low = max(low, 0.0)
        out.append(PairedMetric(name, kind, len(diffs), statistics.fmean(x for x, _ in pairs),
                                statistics.fmean(y for _, y in pairs), mean, low, high))
    return Paired(a_id, b_id or a_id, tuple(out), level)


def t_quantile(p: float, df: int) -> float:
    """The p-quantile (p > 0.5) of Student's t with `df` degrees of freedom: its distribution
    function worked out by Simpson's rule on the density, inverted by bisection."""
    if df > 400:  # as good as normal here
        return statistics.NormalDist().inv_cdf(p)
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)

    def density(x: float) -> float:
        return math.exp(log_c - (df + 1) / 2 * math.log1p(x * x / df))

    def cdf(t: float) -> float:  # for t >= 0
        steps = 400
        h = t / steps
        total = density(0.0) + density(t)
        for i in range(1, steps):
            total += (4 if i % 2 else 2) * density(i * h)
        return 0.5 + total * h / 3

    low, high = 0.0, 1.0
    while cdf(high) < p:
        low, high = high, high * 2
    for _ in range(60):
        mid = (low + high) / 2
        if cdf(mid) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


# --- the report ------------------------------------------------------------------------------

def _number(kind: str, x: float) -> str:
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return f"{100 * x:+.1f} pp" if kind == "share" else f"{x:+.2f}"


def to_text(p: Paired) -> str:
    """The paired section of the text report."""
    lines = [f"paired by seed: {p.b} − {p.a}, game by game; {100 * p.level:.2f}% t-intervals "
             f"({p.correction}-corrected over {len(p.metrics)} metrics: 95% for all at once)"]
    rows = [(m.name, _number(m.kind, m.difference), f"{_number(m.kind, m.low)} .. {_number(m.kind, m.high)}",
             "significant" if m.significant else "not significant") for m in p.metrics]
    widths = [max(len(r[i]) for r in rows) for i in range(4)] if rows else [0] * 4
    for row in rows:
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines) + "\n"


def to_json(p: Paired) -> dict[str, object]:
    def r(x: float) -> float | None:
        return None if math.isinf(x) else round(x, 4)

    return {"a": p.a, "b": p.b, "correction": p.correction.lower(), "level": round(p.level, 6),
            "metrics": [{"name": m.name, "kind": m.kind, "n": m.n, "a": r(m.a), "b": r(m.b),
                         "difference": r(m.difference), "interval": [r(m.low), r(m.high)],
                         "significant": m.significant} for m in p.metrics]}
