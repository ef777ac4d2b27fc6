"""`remikc simulate`'s report: a table to read (`to_text`) or JSON for tools (`to_json`).

Both take the statistics of one variant, or of two (the game, then the house rule that
changes it), which then stand side by side, each column named by its variant id, followed by
the verdict on game length.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .stats import Comparison, Distribution, Estimate, Proportion, SpecStats, compare
from .words import count, seeds

# --- text ------------------------------------------------------------------------------------

Cell = Callable[[SpecStats], str]


def to_text(results: Sequence[SpecStats]) -> str:
    """The report as a table: one column per variant, then (for two) the verdict line."""
    first = _check(results)
    lines = [_title(first, " per variant" if len(results) == 2 else ""), ""]
    lines += _table([("", *(s.variant for s in results))] +
                    [(label, *(cell(s) for s in results)) for label, cell in _rows(results)])
    if len(results) == 2:
        lines += ["", compare(results[0], results[1]).verdict]
    for s in results:
        if s.gave_up:  # the solver's budget of positions spent: the bots played without it there
            lines.append(f"{s.variant}: the solver gave up {count(s.gave_up, 'search', 'searches')} "
                         f"(its budget of positions spent); the greedy bots played on without its answer")
    return "\n".join(lines) + "\n"


def _title(s: SpecStats, per: str) -> str:
    which = f"seed {s.seed}" if s.games == 1 else f"seed {s.seed} ({seeds(s.seed, s.games)})"
    return f"{count(s.games, 'game')}{per}, {count(s.players, 'player')}, {which}, {s.bot} bot"


def _rows(results: Sequence[SpecStats]) -> list[tuple[str, Cell]]:
    rows: list[tuple[str, Cell]] = [
        ("games finished", lambda s: _count(s.finished)),
        ("games capped (--max-deals)", lambda s: _count(Proportion(s.finished.total - s.finished.count,
                                                                    s.finished.total))),
        ("turns per game", lambda s: _mean(s.turns)),
        ("  median / p90", lambda s: f"{_num(s.turns.median)} / {_num(s.turns.p90)}"),
        ("longest game", lambda s: f"{s.longest.turns} turns (seed {s.longest.seed})"),
        ("rounds per game", lambda s: _mean(s.rounds)),
        ("  median / p90 / max", lambda s: " / ".join(
            _num(x) for x in (s.rounds.median, s.rounds.p90, s.rounds.maximum))),
        ("deals played", lambda s: str(s.deals)),
        ("first lay-down, turn", _first_open),
        ("deals nobody opened", lambda s: _share(s.no_opening)),
        ("deals the stock ran out", lambda s: _share(s.stock_out)),
        ("deals blocked", lambda s: _share(s.blocked)),
        ("deals stalled (turn cap)", lambda s: _share(s.stalled)),
    ]
    seen = {how for s in results for how, n in s.ended_by if n}
    for how, _ in results[0].ended_by:
        if how in seen:
            rows.append((f"deals ended by {how}", _ending(how)))
    fair = f"{100 / results[0].players:.1f}%"
    for seat in range(results[0].players):
        rows.append((f"seat {seat + 1} wins (fair {fair}, of finished games)" if seat == 0
                     else f"seat {seat + 1} wins",
                     _wins(seat)))
    for seat in range(results[0].players):
        rows.append((f"seat {seat + 1} final score", _score(seat)))
    return rows


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]


def _num(x: float) -> str:
    """A whole number as such, anything else to one decimal."""
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def _mean(d: Distribution) -> str:
    ci = d.ci
    return f"{d.mean:.1f} (95% CI {ci.low:.1f}..{ci.high:.1f})"


def _share(p: Proportion) -> str:
    ci = p.ci
    return f"{100 * ci.value:.1f}% (95% CI {100 * ci.low:.1f}..{100 * ci.high:.1f}%)"


def _count(p: Proportion) -> str:
    return f"{_num(p.count)}/{p.total} ({100 * p.share:.1f}%)"


def _first_open(s: SpecStats) -> str:
    d = s.first_open
    return "nobody opened" if d is None else f"mean {d.mean:.1f}, median {_num(d.median)}"


def _ending(how: str) -> Cell:
    def cell(s: SpecStats) -> str:
        n = dict(s.ended_by).get(how, 0)
        return f"{n} ({100 * n / s.deals:.1f}%)" if s.deals else "0"
    return cell


def _wins(seat: int) -> Cell:
    return lambda s: _share(s.seats[seat].wins) if s.seats[seat].wins.total else "no game finished"


def _score(seat: int) -> Cell:
    def cell(s: SpecStats) -> str:
        d = s.seats[seat].score
        return f"mean {d.mean:.1f}, sd {d.sd:.1f}"
    return cell


def _check(results: Sequence[SpecStats]) -> SpecStats:
    if len(results) not in (1, 2):
        raise ValueError("a report covers one variant or two")
    first = results[0]
    if any((s.players, s.games, s.seed, s.bot) != (first.players, first.games, first.seed, first.bot)
           for s in results):
        raise ValueError("the variants were not simulated alike")
    return first


# --- JSON ------------------------------------------------------------------------------------

Json = dict[str, object]

FORMAT = "remikc-simulate/3"
"""The layout's name and version (docs/cli.md#json-output); docs/schemas/simulate.json."""


def to_json(results: Sequence[SpecStats], check: str = "all") -> Json:
    """The report as JSON: keys in a fixed order, numbers rounded to what they can tell; `check`:
    the invariants checked (`--check`)."""
    first = _check(results)
    body: Json = {
        "format": FORMAT,
        "variants": [s.variant for s in results],
        "players": first.players,
        "games": first.games,
        "seed": first.seed,
        "bot": first.bot,
        "check": check,
        "results": [_spec_json(s) for s in results],
        "comparison": _comparison_json(compare(results[0], results[1])) if len(results) == 2 else None,
    }
    return body


def _spec_json(s: SpecStats) -> Json:
    return {
        "variant": s.variant,
        "finished": _proportion_json(s.finished),
        "capped": _proportion_json(Proportion(s.finished.total - s.finished.count, s.finished.total)),
        "turns": _distribution_json(s.turns),
        "longest_game": {"turns": s.longest.turns, "seed": s.longest.seed},
        "rounds": _distribution_json(s.rounds),
        "deals": s.deals,
        "first_open_turn": None if s.first_open is None else _distribution_json(s.first_open),
        "no_opening": _proportion_json(s.no_opening),
        "stock_ran_out": _proportion_json(s.stock_out),
        "blocked": _proportion_json(s.blocked),
        "stalled": _proportion_json(s.stalled),
        "ended_by": dict(s.ended_by),
        "seats": [{"seat": seat.seat + 1, "wins": _proportion_json(seat.wins),
                   "final_score": {"mean": _r(seat.score.mean, 2), "sd": _r(seat.score.sd, 2)}}
                  for seat in s.seats],
    }


def _comparison_json(c: Comparison) -> Json:
    length = None if c.length is None else {
        "percent": _r(c.length.percent, 2), "ci95": [_r(c.length.low, 2), _r(c.length.high, 2)],
        "significant": c.length.significant}
    return {
        "from": c.a,
        "to": c.b,
        "length_change": length,
        "rows": [{"name": row.name, "kind": "share" if row.share else "mean",
                  "from": _estimate_json(row.a, row.share), "to": _estimate_json(row.b, row.share)}
                 for row in c.rows],
        "verdict": c.verdict,
    }


def _distribution_json(d: Distribution) -> Json:
    ci = d.ci
    return {"mean": _r(d.mean, 2), "ci95": [_r(ci.low, 2), _r(ci.high, 2)], "sd": _r(d.sd, 2),
            "median": _r(d.median, 1), "p90": _r(d.p90, 1), "max": _r(d.maximum, 1)}


def _proportion_json(p: Proportion) -> Json:
    ci = p.ci
    return {"count": _r(p.count, 3), "total": p.total, "share": _r(ci.value, 4),
            "ci95": [_r(ci.low, 4), _r(ci.high, 4)]}


def _estimate_json(e: Estimate, share: bool) -> Json:
    digits = 4 if share else 2
    return {"value": _r(e.value, digits), "ci95": [_r(e.low, digits), _r(e.high, digits)]}


def _r(x: float, digits: int) -> int | float:
    """`x` rounded; a whole number as an int (no `12.0`)."""
    rounded = round(x, digits)
    return int(rounded) if rounded == int(rounded) else rounded
