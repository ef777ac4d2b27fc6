"""Statistics over simulated games: the numbers `remikc simulate` reports.

Pure functions over lists of `GameRecord`, standard library only.  `summarize` turns one
variant's games into a `SpecStats`; `compare` sets two of them side by side and says what the
rule change does to the length of a game.  Every interval is a 95% confidence interval:
Wilson's for a share, mean ± z·sd/√n for a mean, and the delta method for the ratio of two
means (`length_change`).  Seats are 0-based, as in the records; the report shows them from 1.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .record import DealRecord, GameRecord
from .words import count

Z95 = statistics.NormalDist().inv_cdf(0.975)  # 1.959963984540054

# How a deal can end (`DealRecord.ended_by`), in the order the report lists them.
ENDINGS = ("went_out", "handed", "knocked", "stock", "blocked", "stalled")


@dataclass(frozen=True, slots=True)
class Estimate:
    """A number with its 95% confidence interval `low..high`."""

    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Proportion:
    """`count` of `total` (a count may be fractional: tied winners share a win)."""

    count: float
    total: int

    @property
    def share(self) -> float:
        return self.count / self.total if self.total else 0.0

    @property
    def ci(self) -> Estimate:
        low, high = wilson(self.count, self.total)
        return Estimate(self.share, low, high)


@dataclass(frozen=True, slots=True)
class Distribution:
    """Summary of a sample: `sd` is the sample standard deviation (0 for one value), `p90` the
    nearest-rank 90th percentile (a value of the sample)."""

    n: int
    mean: float
    sd: float
    median: float
    p90: float
    minimum: float
    maximum: float
    floor: float = -math.inf  # the least the number can be (0 for a count of turns or deals)

    @property
    def ci(self) -> Estimate:
        """The mean with its normal-approximation interval, mean ± z·sd/√n, cut at `floor`: a
        few games spread widely would otherwise give a count an interval reaching below 0."""
        half = Z95 * self.sd / math.sqrt(self.n)
        return Estimate(self.mean, max(self.mean - half, self.floor), self.mean + half)


@dataclass(frozen=True, slots=True)
class Longest:
    """The longest game: its turns, and the seed that replays it."""

    turns: int
    seed: int


@dataclass(frozen=True, slots=True)
class SeatStats:
    seat: int
    wins: Proportion  # of the finished games (a capped game has no winner); k tied winners get 1/k each
    score: Distribution  # final totals


@dataclass(frozen=True, slots=True)
class Samples:
    """The raw numbers the plots draw: turns per game, and each seat's final totals."""

    turns: tuple[int, ...]
    totals: tuple[tuple[int, ...], ...]  # per seat


@dataclass(frozen=True, slots=True)
class SpecStats:
    """What the games of one variant came to."""

    variant: str
    players: int
    games: int
    seed: int
    bot: str
    finished: Proportion  # games the game-end rule ended (not the simulator's cap on deals)
    turns: Distribution  # per game
    rounds: Distribution  # deals per game
    longest: Longest
    deals: int
    first_open: Distribution | None  # turn of the first lay-down, over deals where someone opened
    no_opening: Proportion  # deals where nobody laid anything down
    stock_out: Proportion  # deals where the stock ran out at least once
    blocked: Proportion  # deals that ended with nobody able to draw
    stalled: Proportion  # deals the simulator's turn cap ended
    ended_by: tuple[tuple[str, int], ...]  # every kind in ENDINGS (zeros too), then any other
    seats: tuple[SeatStats, ...]
    samples: Samples = field(repr=False, compare=False)
    gave_up: int = 0  # searches the solver gave up, over all games


@dataclass(frozen=True, slots=True)
class Change:
    """The mean game length of `b` against `a`, in percent (+12.5 = 12.5% longer)."""

    percent: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return not self.low <= 0.0 <= self.high


@dataclass(frozen=True, slots=True)
class Row:
    """One measure of both variants, side by side: a share (0..1) or a mean."""

    name: str
    a: Estimate
    b: Estimate
    share: bool


@dataclass(frozen=True, slots=True)
class Comparison:
    a: str
    b: str
    length: Change | None  # None when either side has under 2 games or no turns
    rows: tuple[Row, ...]
    verdict: str


# --- the building blocks ---------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share `successes / n`; (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


def distribution(values: Sequence[float], floor: float = -math.inf) -> Distribution:
    """Mean, sd, median, p90 and range of a non-empty sample; `floor` the least a value can be."""
    if not values:
        raise ValueError("no values to summarize")
    ordered = sorted(values)
    n = len(ordered)
    return Distribution(
        n=n,
        mean=statistics.fmean(ordered),
        sd=statistics.stdev(ordered) if n > 1 else 0.0,
        median=float(statistics.median(ordered)),
        p90=float(ordered[math.ceil(0.9 * n) - 1]),  # nearest rank
        minimum=float(ordered[0]),
        maximum=float(ordered[-1]),
        floor=floor,
    )


def length_change(a: Distribution, b: Distribution, z: float = Z95) -> Change | None:
    """How much longer (or shorter) `b`'s mean is than `a`'s, in percent, with a CI.

    The delta method on independent samples, on the log scale: the variance of log(mean) is
    about sd²/(n·mean²), so log(mean_b/mean_a) has variance cv_a²/n_a + cv_b²/n_b; the interval
    log R ± z·se is taken back with exp, so it stays positive and is skewed as a ratio is.
    Both variants play the same seeds, which (if anything) correlates the samples positively:
    treating them as independent then makes the interval wider, not narrower.
    None when a side has fewer than 2 games (no sd) or a mean of 0."""
    if a.n < 2 or b.n < 2 or a.mean <= 0 or b.mean <= 0:
        return None
    log_ratio = math.log(b.mean / a.mean)
    se = math.sqrt((a.sd / a.mean) ** 2 / a.n + (b.sd / b.mean) ** 2 / b.n)
    return Change(percent=100 * math.expm1(log_ratio),
                  low=100 * math.expm1(log_ratio - z * se),
                  high=100 * math.expm1(log_ratio + z * se))


def verdict(change: Change | None, games: tuple[int, int],
            capped: tuple[int, int] = (0, 0)) -> str:
    """One sentence on what the rule change does to the length of a game.  `capped` counts the
    games of each variant that the simulator's deal cap stopped: their length is the cap's, so
    where it stopped them all there is nothing to compare, and where it stopped some the
    sentence says how many."""
    if capped == games and games != (0, 0):
        return ("game length cannot be compared: no game of either variant ended by its rules "
                "(each was stopped at the deal cap, --max-deals)")
    if change is None:
        return ("game length cannot be compared: each variant needs at least 2 games "
                "with some turns")
    return _length_sentence(change, games) + _capped_clause(games, capped)


def _length_sentence(change: Change, games: tuple[int, int]) -> str:
    if change.significant:
        if change.percent > 0:
            return (f"this rule change makes games {change.percent:.1f}% longer "
                    f"(95% CI {change.low:.1f}%..{change.high:.1f}%)")
        return (f"this rule change makes games {-change.percent:.1f}% shorter "
                f"(95% CI {-change.high:.1f}%..{-change.low:.1f}%)")
    size = f"{count(games[0], 'game')} each" if games[0] == games[1] else \
        f"{games[0]} and {count(games[1], 'game')}"
    way = "longer" if change.percent >= 0 else "shorter"
    return (f"games are {abs(change.percent):.1f}% {way} with this rule change "
            f"(95% CI {change.low:+.1f}%..{change.high:+.1f}%), but the difference is not "
            f"significant at this sample size ({size})")


def _capped_clause(games: tuple[int, int], capped: tuple[int, int]) -> str:
    if capped == (0, 0):
        return ""
    return (f"; {capped[0]} of {count(games[0], 'game')} and {capped[1]} of "
            f"{count(games[1], 'game')} were stopped at the deal cap (--max-deals): "
            f"their length is the cap's, not the game's")


# --- one variant ----------------------------------------------------------------------------


def summarize(variant: str, records: Sequence[GameRecord], *, seed: int, bot: str) -> SpecStats:
    """Everything the report says about one variant's games (all played by the same number of
    players)."""
    if not records:
        raise ValueError(f"{variant}: no games to summarize")
    players = records[0].players
    if any(r.players != players for r in records):
        raise ValueError(f"{variant}: the games were not all played by {players} players")
    deals = [d for r in records for d in r.deals]
    longest = max(records, key=lambda r: r.turns)  # the first of equals: the lowest seed
    opened = [d.first_open_turn for d in deals if d.first_open_turn is not None]
    return SpecStats(
        variant=variant, players=players, games=len(records), seed=seed, bot=bot,
        finished=Proportion(sum(r.finished for r in records), len(records)),
        turns=distribution([r.turns for r in records], floor=0),
        rounds=distribution([r.rounds for r in records], floor=0),
        longest=Longest(longest.turns, longest.seed),
        deals=len(deals),
        first_open=distribution(opened, floor=0) if opened else None,
        no_opening=Proportion(len(deals) - len(opened), len(deals)),
        stock_out=Proportion(sum(d.empty_stock for d in deals), len(deals)),
        blocked=_ended(deals, "blocked"),
        stalled=_ended(deals, "stalled"),
        ended_by=_endings(deals),
        seats=_seats(records, players),
        samples=Samples(turns=tuple(r.turns for r in records),
                        totals=tuple(tuple(r.totals[s] for r in records) for s in range(players))),
        gave_up=sum(r.gave_up for r in records),
    )


def _ended(deals: Sequence[DealRecord], how: str) -> Proportion:
    return Proportion(sum(d.ended_by == how for d in deals), len(deals))


def _endings(deals: Sequence[DealRecord]) -> tuple[tuple[str, int], ...]:
    counts = Counter(d.ended_by for d in deals)
    others = sorted(set(counts) - set(ENDINGS))
    return tuple((how, counts[how]) for how in (*ENDINGS, *others))


def _seats(records: Sequence[GameRecord], players: int) -> tuple[SeatStats, ...]:
    # a game stopped at --max-deals has no winner: counted as won by nobody, it would read as
    # every seat losing; the shares are of the games that ended by the rules
    finished = [r for r in records if r.finished]
    wins = [[0.0] * len(finished) for _ in range(players)]
    for i, record in enumerate(finished):
        winners = set(record.winners)
        for seat in winners:
            wins[seat][i] = 1 / len(winners)
    return tuple(SeatStats(seat=s, wins=Proportion(math.fsum(wins[s]), len(finished)),
                           score=distribution([r.totals[s] for r in records]))
                 for s in range(players))


# --- two variants ---------------------------------------------------------------------------


def compare(a: SpecStats, b: SpecStats) -> Comparison:
    """`b` (the house rule) against `a` (the game it changes): the length verdict, and the
    main measures side by side with their intervals."""
    change = length_change(a.turns, b.turns)
    rows = (
        Row("turns per game", a.turns.ci, b.turns.ci, share=False),
        Row("rounds per game", a.rounds.ci, b.rounds.ci, share=False),
        Row("deals where the stock ran out", a.stock_out.ci, b.stock_out.ci, share=True),
        Row("deals blocked", a.blocked.ci, b.blocked.ci, share=True),
        Row("seat 1 win rate", a.seats[0].wins.ci, b.seats[0].wins.ci, share=True),
    )
    return Comparison(a=a.variant, b=b.variant, length=change, rows=rows,
                      verdict=verdict(change, (a.games, b.games), (_capped(a), _capped(b))))


def _capped(s: SpecStats) -> int:
    return s.games - round(s.finished.count)
