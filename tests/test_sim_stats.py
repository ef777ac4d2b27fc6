"""`remikc simulate`'s statistics, report and command, on hand-made game records.

The expected numbers are worked out by hand in the comments; none of these tests plays a real
game (a fake `remikc.sim.play` stands in for the engine), except the one end-to-end test at
the end, which is skipped while the engine is missing.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from remikc import ir
from remikc.cli import main
from remikc.sim import parallel, report
from remikc.sim.record import DealRecord, GameRecord
from remikc.sim.stats import (
    Change,
    SpecStats,
    compare,
    distribution,
    length_change,
    summarize,
    verdict,
    wilson,
)

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"


def deal(turns: int, opened: int | None = 3, *, empty: bool = False, ended: str = "went_out",
         winners: tuple[int, ...] = (0,), scores: tuple[int, ...] = (0, 10)) -> DealRecord:
    return DealRecord(turns=turns, first_open_turn=opened, empty_stock=empty, ended_by=ended,
                      winners=winners, scores=scores)


def game(seed: int, deals: Sequence[DealRecord], *, totals: tuple[int, ...] = (0, 10),
         winners: tuple[int, ...] = (0,), finished: bool = True) -> GameRecord:
    return GameRecord(seed=seed, players=len(totals), deals=tuple(deals), totals=totals,
                      winners=winners, actions=3 * sum(d.turns for d in deals), finished=finished)


def games_of_length(lengths: Sequence[int], seed: int = 1) -> list[GameRecord]:
    """One single-deal game per length, seeds `seed`, `seed + 1`, ..."""
    return [game(seed + i, [deal(n)]) for i, n in enumerate(lengths)]


def four_games() -> list[GameRecord]:
    """Two players, seeds 1..4:
    seed 1: deals of 10 and 20 turns (opened at 3 and 5), seat 1 wins; totals 0 / 30
    seed 2: one deal of 40 turns, stock ran out, nobody opened, blocked; seat 2 wins; 25 / 5
    seed 3: deals of 12, 8, 10 turns (opened at 4, 2, 6), the last one stalled; a tie; 10 / 10
    seed 4: one deal of 30 turns, stock ran out (opened at 9), ended by stock; seat 1 wins, but
            the simulator's cap stopped the game: unfinished; 5 / 20
    """
    return [
        game(1, [deal(10, 3), deal(20, 5)], totals=(0, 30), winners=(0,)),
        game(2, [deal(40, None, empty=True, ended="blocked", winners=())], totals=(25, 5), winners=(1,)),
        game(3, [deal(12, 4), deal(8, 2), deal(10, 6, ended="stalled", winners=())],
             totals=(10, 10), winners=(0, 1)),
        game(4, [deal(30, 9, empty=True, ended="stock")], totals=(5, 20), winners=(0,), finished=False),
    ]


# --- the building blocks ---------------------------------------------------------------------


def test_wilson_interval_for_30_of_100():
    # p = 0.3, n = 100, z = 1.959964, z² = 3.841459
    # denominator 1 + z²/n = 1.0384146; centre (0.3 + z²/200) / 1.0384146 = 0.3192073 / 1.0384146
    # = 0.3073990; half z·√(0.3·0.7/100 + z²/40000) / 1.0384146 = 1.959964 · √0.0021960 / 1.0384146
    # = 0.0884498: 0.2189..0.3958
    low, high = wilson(30, 100)
    assert low == pytest.approx(0.21894, abs=1e-5) and high == pytest.approx(0.39585, abs=1e-5)


def test_wilson_edges():
    # 0 of 10: centre = half = (z²/20)/(1 + z²/10) = 0.19208/1.38415: 0..0.2775
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27754, abs=1e-5)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_distribution():
    # sorted 1 1 2 3 3 4 5 5 6 9: mean 39/10 = 3.9; median (3 + 4)/2 = 3.5;
    # p90 nearest rank: the ceil(0.9·10) = 9th value, 6; squared deviations from 3.9:
    # 2·8.41 + 3.61 + 2·0.81 + 0.01 + 2·1.21 + 4.41 + 26.01 = 54.9, sd = √(54.9/9) = 2.46982
    d = distribution([3, 1, 4, 1, 5, 9, 2, 6, 5, 3])
    assert (d.n, d.mean, d.median, d.p90, d.minimum, d.maximum) == (10, 3.9, 3.5, 6, 1, 9)
    assert d.sd == pytest.approx(2.46982, abs=1e-5)
    # the mean's CI: 3.9 ± 1.959964 · 2.46982/√10 = 3.9 ± 1.53078
    assert (d.ci.low, d.ci.high) == pytest.approx((2.36922, 5.43078), abs=1e-5)
    one = distribution([7])
    assert (one.sd, one.median, one.p90, one.ci.low, one.ci.high) == (0.0, 7, 7, 7, 7)
    with pytest.raises(ValueError):
        distribution([])


def test_a_count_has_no_interval_below_zero():
    # turns 10, 10, 1000: mean 340, sd = sqrt(2 * 330² + 660²) / sqrt(2) = 571.58, half-width
    # 1.96 * 571.58 / sqrt(3) = 646.8: the interval would start at -306.8 turns
    turns = distribution([10, 10, 1000], floor=0)
    assert (turns.ci.low, turns.ci.high) == pytest.approx((0.0, 986.78), abs=0.01)
    # a score can be below 0: no floor
    assert distribution([10, 10, 1000]).ci.low == pytest.approx(-306.78, abs=0.01)


def test_length_change_by_the_delta_method():
    # a = 10 12 14: mean 12, sd 2; b = 15 18 21: mean 18, sd 3; ratio 1.5, +50%
    # cv² = (2/12)² = (3/18)² = 1/36 on both sides: var(log R) = 1/108 + 1/108 = 1/54,
    # se = 0.136083; log 1.5 = 0.405465 ± 1.959964 · 0.136083 = ± 0.266719
    # → exp(0.138746) = 1.148833, exp(0.672184) = 1.958510: +14.88% .. +95.85%
    change = length_change(distribution([10, 12, 14]), distribution([15, 18, 21]))
    assert change is not None
    assert change.percent == pytest.approx(50.0)
    assert (change.low, change.high) == pytest.approx((14.8833, 95.8510), abs=1e-3)
    assert change.significant
    # the other way round: ratio 2/3, CI 1/1.958510 .. 1/1.148833 = 0.510593 .. 0.870448
    back = length_change(distribution([15, 18, 21]), distribution([10, 12, 14]))
    assert back is not None
    assert back.percent == pytest.approx(-33.3333, abs=1e-3)
    assert (back.low, back.high) == pytest.approx((-48.9407, -12.9552), abs=1e-3)


def test_length_change_needs_two_games_and_some_turns():
    assert length_change(distribution([10]), distribution([10, 12])) is None
    assert length_change(distribution([0, 0]), distribution([10, 12])) is None


def test_verdict_wording():
    assert verdict(Change(50.0, 14.8833, 95.8510), (3, 3)) == \
        "this rule change makes games 50.0% longer (95% CI 14.9%..95.9%)"
    assert verdict(Change(-33.3333, -48.9407, -12.9552), (3, 3)) == \
        "this rule change makes games 33.3% shorter (95% CI 13.0%..48.9%)"
    # a = 10 20 30 (mean 20, sd 10), b = 11 21 31 (mean 21, sd 10): +5%, but
    # var(log R) = 0.25/3 + (10/21)²/3 = 0.158919, se 0.398646, 0.048790 ± 0.781332:
    # exp(-0.732542) = 0.480685 .. exp(0.830122) = 2.293601: -51.93% .. +129.36%, spanning 0
    change = length_change(distribution([10, 20, 30]), distribution([11, 21, 31]))
    assert change is not None and not change.significant
    assert (change.low, change.high) == pytest.approx((-51.931, 129.360), abs=1e-2)
    assert verdict(change, (3, 3)) == (
        "games are 5.0% longer with this rule change (95% CI -51.9%..+129.4%), "
        "but the difference is not significant at this sample size (3 games each)")
    assert "not significant at this sample size (3 and 5 games)" in verdict(Change(-1, -2, 1), (3, 5))
    assert "shorter with this rule change" in verdict(Change(-1, -2, 1), (3, 5))
    assert verdict(None, (1, 1)).startswith("game length cannot be compared")


def test_verdict_with_games_the_deal_cap_stopped():
    # Remik 51 with two players: no game ends by its rules, every one stops at the cap, so the
    # lengths are the cap's and there is nothing to compare (a 2.2% "difference" was printed).
    assert verdict(Change(2.2, 1.0, 3.4), (500, 500), (500, 500)) == (
        "game length cannot be compared: no game of either variant ended by its rules "
        "(each was stopped at the deal cap, --max-deals)")
    # some capped: the verdict stands, and says how many games it is not about
    assert verdict(Change(50.0, 14.8833, 95.8510), (3, 4), (1, 0)) == (
        "this rule change makes games 50.0% longer (95% CI 14.9%..95.9%); 1 of 3 games and "
        "0 of 4 games were stopped at the deal cap (--max-deals): their length is the cap's, "
        "not the game's")
    assert verdict(Change(50.0, 14.8833, 95.8510), (3, 3), (0, 0)) == \
        "this rule change makes games 50.0% longer (95% CI 14.9%..95.9%)"


# --- one variant ----------------------------------------------------------------------------


def test_summarize_by_hand():
    s = summarize("remik51", four_games(), seed=1, bot="greedy")
    assert (s.variant, s.players, s.games, s.seed, s.bot) == ("remik51", 2, 4, 1, "greedy")
    # turns per game 30, 40, 30, 30: mean 32.5, median 30, p90 (4th of 4) 40; the longest is seed 2
    assert (s.turns.mean, s.turns.median, s.turns.p90, s.turns.maximum) == (32.5, 30, 40, 40)
    assert (s.longest.turns, s.longest.seed) == (40, 2)
    # rounds 2, 1, 3, 1: mean 1.75, median 1.5
    assert (s.rounds.mean, s.rounds.median, s.rounds.maximum) == (1.75, 1.5, 3)
    assert s.deals == 7
    # first lay-down in 6 of 7 deals, at 3 5 4 2 6 9: mean 29/6
    assert s.first_open is not None and s.first_open.mean == pytest.approx(29 / 6)
    assert (s.no_opening.count, s.no_opening.total) == (1, 7)
    assert (s.stock_out.count, s.blocked.count, s.stalled.count) == (2, 1, 1)
    assert dict(s.ended_by) == {"went_out": 4, "handed": 0, "knocked": 0, "stock": 1,
                                "blocked": 1, "stalled": 1}
    # wins, of the 3 finished games (seed 4 was capped: nobody won it, whatever its record says):
    # seat 1 takes seed 1 and half of seed 3, 1.5 of 3; seat 2 seed 2 and the other half, 1.5
    assert [(seat.wins.count, seat.wins.total) for seat in s.seats] == [(1.5, 3), (1.5, 3)]
    assert s.seats[0].wins.share == 0.5
    # final totals: seat 1 0 25 10 5, mean 10; seat 2 30 5 10 20, mean 16.25
    assert [seat.score.mean for seat in s.seats] == [10, 16.25]
    # sd of 0 25 10 5: squared deviations 100 + 225 + 0 + 25 = 350, /3, √ = 10.8012
    assert s.seats[0].score.sd == pytest.approx(10.8012, abs=1e-4)
    assert (s.finished.count, s.finished.total) == (3, 4)


def test_summarize_a_deal_nobody_opened_and_unknown_endings():
    s = summarize("x", [game(5, [deal(4, None, ended="timeout", winners=())], winners=())],
                  seed=5, bot="random")
    assert s.first_open is None and s.no_opening.share == 1.0
    assert s.ended_by[-1] == ("timeout", 1)
    assert [seat.wins.count for seat in s.seats] == [0, 0]
    with pytest.raises(ValueError):
        summarize("x", [], seed=1, bot="greedy")
    three = GameRecord(seed=2, players=3, deals=(deal(3),), totals=(0, 0, 0), winners=(0,),
                       actions=1, finished=True)
    with pytest.raises(ValueError, match="not all played by 2 players"):
        summarize("x", [game(1, [deal(3)]), three], seed=1, bot="greedy")


def test_compare_rows_and_verdict():
    a = summarize("a", games_of_length([10, 12, 14]), seed=1, bot="greedy")
    b = summarize("b", games_of_length([15, 18, 21]), seed=1, bot="greedy")
    c = compare(a, b)
    assert (c.a, c.b) == ("a", "b")
    assert c.verdict.startswith("this rule change makes games 50.0% longer")
    assert [row.name for row in c.rows] == ["turns per game", "rounds per game",
                                             "deals where the stock ran out", "deals blocked",
                                             "seat 1 win rate"]
    assert (c.rows[0].a.value, c.rows[0].b.value) == (12, 18)
    # seat 1 won all 3 games: 3 of 3, Wilson 0.4385..1
    assert c.rows[-1].a.value == 1.0 and c.rows[-1].a.low == pytest.approx(0.43850, abs=1e-5)
    # four_games' seed 4 was stopped by the cap; against the same games the cap stopped all:
    capped = [dataclasses.replace(r, finished=False) for r in four_games()]
    c = compare(summarize("a", four_games(), seed=1, bot="greedy"),
                summarize("b", capped, seed=1, bot="greedy"))
    assert c.verdict.endswith("; 1 of 4 games and 4 of 4 games were stopped at the deal cap "
                              "(--max-deals): their length is the cap's, not the game's")
    c = compare(summarize("a", capped, seed=1, bot="greedy"),
                summarize("b", capped, seed=1, bot="greedy"))
    assert c.verdict.startswith("game length cannot be compared: no game of either variant")


# --- the report ------------------------------------------------------------------------------


def two_specs() -> list[SpecStats]:
    return [summarize("remik51", four_games(), seed=1, bot="greedy"),
            summarize("remik51_domowy", games_of_length([31, 35, 44, 38]), seed=1, bot="greedy")]


def test_text_report_one_variant():
    text = report.to_text(two_specs()[:1])
    assert text.startswith("4 games, 2 players, seed 1 (seeds 1..4), greedy bot\n")
    lines = text.splitlines()
    assert lines[2].strip() == "remik51"
    assert "longest game" in text and "40 turns (seed 2)" in text
    assert "turns per game" in text and "32.5 (95% CI" in text
    assert "deals ended by blocked" in text and "deals ended by handed" not in text
    assert "seat 1 wins (fair 50.0%, of finished games)" in text and "50.0% (95% CI" in text
    assert "3/4 (75.0%)" in text
    assert "rule change" not in text


def test_text_report_two_variants_side_by_side():
    text = report.to_text(two_specs())
    header = text.splitlines()[2]
    assert header.split() == ["remik51", "remik51_domowy"]
    row = next(line for line in text.splitlines() if line.startswith("longest game"))
    assert row.index("40 turns (seed 2)") == header.index("remik51")
    assert row.index("44 turns (seed 3)") == header.index("remik51_domowy")
    assert text.rstrip().splitlines()[-1].startswith("games are ")
    assert "not significant at this sample size (4 games each)" in text


def test_json_report_round_trip_and_determinism():
    results = two_specs()
    body = report.to_json(results)
    text = json.dumps(body, ensure_ascii=False, indent=2)
    assert text == json.dumps(report.to_json(two_specs()), ensure_ascii=False, indent=2)  # deterministic
    assert json.loads(text) == body  # nothing a JSON reader would not give back
    assert list(body) == ["format", "variants", "players", "games", "seed", "bot", "check", "results",
                          "comparison"]
    assert body["format"] == "remikc-simulate/3"
    assert (body["variants"], body["players"], body["games"], body["seed"], body["bot"]) == \
        (["remik51", "remik51_domowy"], 2, 4, 1, "greedy")
    first = body["results"][0]
    assert first["longest_game"] == {"turns": 40, "seed": 2}
    assert first["turns"]["mean"] == 32.5 and first["turns"]["max"] == 40
    assert first["ended_by"]["blocked"] == 1
    # of the 3 finished games
    assert first["seats"][0]["seat"] == 1 and first["seats"][0]["wins"]["count"] == 1.5
    assert first["first_open_turn"]["mean"] == 4.83  # 29/6 to 2 places
    comparison = body["comparison"]
    assert (comparison["from"], comparison["to"]) == ("remik51", "remik51_domowy")
    assert comparison["length_change"]["significant"] is False
    assert comparison["verdict"] == compare(*results).verdict
    # no float printed with spurious precision
    numbers = [float(n) for n in re.findall(r"-?\d+\.\d+", text)]
    assert all(round(n, 4) == n for n in numbers)
    one = report.to_json(results[:1])
    assert one["comparison"] is None and one["variants"] == ["remik51"]


def test_report_refuses_results_simulated_differently():
    a = summarize("a", games_of_length([10, 12]), seed=1, bot="greedy")
    b = summarize("b", games_of_length([10, 12]), seed=1, bot="random")
    with pytest.raises(ValueError):
        report.to_text([a, b])


# --- the command ------------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


class FakeBreach(Exception):
    def render(self) -> str:
        return "invariant broken: the deck lost a card\nseed 3\nreplay: draw, discard 7♠"


class FakePlay:
    """A stand-in for `remikc.sim.play`: one-deal games of 10 + (seed % 7) turns, won by seat
    seed % players; `runs` records each call as (module, games, players, seed, bot)."""

    InvariantBreach = FakeBreach

    def __init__(self) -> None:
        self.runs: list[tuple[object, int, int, int, str]] = []
        self.max_deals: list[int] = []
        self.breach = False
        self.first_deal: GameRecord | None = None  # what `play_game` plays (default: a one-deal game)

    def load_variant_module(self, variant: ir.Variant, workspace: object) -> str:
        return f"module of {variant.id}"

    def play_game(self, module: object, *, players: int, seed: int, bot: str = "greedy", max_deals: int = 200,
                  check: str = "all") -> GameRecord:
        if self.first_deal is not None:
            return self.first_deal
        return GameRecord(seed=seed, players=players, deals=(deal(10, scores=(0,) * players),),
                          totals=(0,) * players, winners=(0,), actions=30, finished=True)

    def run_games(self, module: object, *, games: int, players: int, seed: int, bot: str = "greedy",
                  progress: Callable[[int], None] | None = None, max_turns: int = 1000,
                  max_deals: int = 200, check: str = "all", first: int | None = None) -> list[GameRecord]:
        self.runs.append((module, games, players, seed, bot))
        self.max_deals.append(max_deals)
        if self.breach:
            raise FakeBreach()
        records = []
        for i in range(games):
            records.append(GameRecord(seed=seed + i, players=players,
                                      deals=(deal(10 + (seed + i) % 7, scores=(0,) * players),),
                                      totals=tuple(range(players)), winners=((seed + i) % players,),
                                      actions=30, finished=True))
            if progress is not None:
                progress(i + 1)
        return records


@pytest.fixture
def fake_play(monkeypatch: pytest.MonkeyPatch) -> FakePlay:
    """`from remikc.sim.play import ...` in the command finds a `FakePlay`."""
    fake = FakePlay()
    monkeypatch.setitem(sys.modules, "remikc.sim.play", fake)
    # in this process, where the fake is: worker processes would import the real engine
    monkeypatch.setattr(parallel, "default_jobs", lambda: 1)
    return fake


def test_simulate_text_and_defaults(fake_play):
    code, out, err = run("simulate", str(SPECS / "remik51.rules"))
    assert code == 0
    # not a terminal: a plain line each tenth of the way, 100 games apart
    assert [line.split("  ")[0] for line in err.splitlines()] == [
        f"remik51: {n}/1000 games ({n // 10}%)" for n in range(100, 1001, 100)]
    # defaults: 1000 games, the lowest player count, seed 1, the greedy bot
    # (the first two games first, looked at, then the rest: the same seeds)
    assert fake_play.runs == [("module of remik51", 2, 2, 1, "greedy"),
                              ("module of remik51", 998, 2, 3, "greedy")]
    assert out.startswith("1000 games, 2 players, seed 1 (seeds 1..1000), greedy bot")


def test_one_game_is_one_game(fake_play):
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "1")
    assert code == 0
    assert out.startswith("1 game, 2 players, seed 1, greedy bot\n")
    assert err.splitlines()[-1].startswith("remik51: 1/1 game (100%)")


def test_the_report_says_when_the_solver_gave_up(fake_play, monkeypatch):
    real = fake_play.run_games

    def giving_up(*args, **kwargs):  # type: ignore[no-untyped-def]
        return [dataclasses.replace(r, gave_up=r.seed % 2) for r in real(*args, **kwargs)]

    monkeypatch.setattr(fake_play, "run_games", giving_up)
    code, out, _ = run("simulate", str(SPECS / "remik51.rules"), "--games", "4", "-q")
    assert code == 0
    # seeds 1..4: two odd ones, one search given up in each
    assert "remik51: the solver gave up 2 searches (its budget of positions spent)" in out
    code, out, _ = run("simulate", str(SPECS / "remik51.rules"), "--games", "1", "-q")
    assert "the solver gave up 1 search (" in out


def test_simulate_max_deals_reaches_the_simulator(fake_play):
    assert run("simulate", str(SPECS / "remik51.rules"), "--games", "2")[0] == 0
    assert run("simulate", str(SPECS / "remik51.rules"), "--games", "2", "--max-deals", "7")[0] == 0
    assert fake_play.max_deals == [200, 7]
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--max-deals", "0")
    assert code == 2 and "--max-deals" in err


def test_a_capped_game_is_not_finished():
    """Remik klasyczny ends when a total reaches 500.  Two deals of two players, each gone out
    by one of them (0 for going out, a few cards for the other), leave both totals far below it:
    the cap stops the game, and the report counts it as not finished."""
    code, out, err = run("simulate", str(SPECS / "remik_klasyczny.rules"), "--games", "1", "--players",
                         "2", "--max-deals", "2")
    assert code == 0, err
    assert re.search(r"^games finished +0/1 \(0\.0%\)$", out, re.M)
    assert re.search(r"^games capped \(--max-deals\) +1/1 \(100\.0%\)$", out, re.M)
    assert re.search(r"^deals played +2$", out, re.M)
    assert "deals ended by handed" not in out


def test_simulate_two_specs_json(fake_play):
    code, out, _ = run("simulate", str(SPECS / "remik51.rules"), str(SPECS / "remik51_domowy.rules"),
                       "--games", "20", "--players", "3", "--seed", "7", "--bot", "random",
                       "--format", "json")
    assert code == 0
    body = json.loads(out)
    assert body["variants"] == ["remik51", "remik51_domowy"]
    assert (body["players"], body["games"], body["seed"], body["bot"]) == (3, 20, 7, "random")
    # the same games on both sides: no difference
    assert body["comparison"]["length_change"]["percent"] == 0
    assert "not significant" in body["comparison"]["verdict"]
    assert [run[3] for run in fake_play.runs] == [7, 7, 9, 9]  # the first two games of each, then the rest


def test_simulate_default_players_is_the_lowest_both_allow(fake_play, tmp_path):
    (tmp_path / "remik51.rules").write_text((SPECS / "remik51.rules").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    house = tmp_path / "czworo.rules"
    house.write_text('variant czworo extends "remik51" {\n  name pl "Czworo"\n  name hr "Četvero"\n'
                     '  override players 4..5\n}\n', encoding="utf-8")
    code, _, err = run("simulate", str(SPECS / "remik_podstawowy.rules"), str(house), "--games", "2")
    assert code == 0, err
    assert [run[2] for run in fake_play.runs] == [4, 4]
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), str(house), "--players", "3")
    assert code == 2
    assert "--players 3" in err and "remik51 allows 2..5 and czworo allows 4..5" in err


def test_simulate_bad_player_count_names_the_range(fake_play):
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--players", "7", "--games", "5")
    assert code == 2 and out == ""
    assert "--players 7" in err and "2..5" in err
    assert fake_play.runs == []
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "0")
    assert code == 2 and "must be above 0" in err
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--jobs", "0")
    assert code == 2 and "--jobs: must be above 0" in err and "Traceback" not in err
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--jobs", "two")
    assert code == 2 and "`two` is not a number" in err


def test_simulate_usage_errors(fake_play):
    code, _, err = run("simulate", str(SPECS), "--games", "5")
    assert code == 2 and "takes one or two .rules files" in err
    code, _, err = run("simulate", str(SPECS / "nope.rules"))
    assert code == 2 and "no such file" in err
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--bot", "clever")
    assert code == 2 and "invalid choice" in err


def test_simulate_spec_errors_like_other_commands(fake_play):
    bad = ROOT / "tests" / "specs" / "malformed" / "unknown_rule.rules"
    code, _, err = run("simulate", str(bad), "--games", "2")
    assert code == 1 and "error[E011]" in err
    code, out, _ = run("simulate", str(bad), "--games", "2", "--format", "json")
    assert code == 1 and json.loads(out)["ok"] is False
    assert fake_play.runs == []


def test_simulate_invariant_breach(fake_play):
    fake_play.breach = True
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "5")
    assert code == 1 and out == ""
    assert "invariant broken" in err and "seed 3" in err


def test_simulate_progress_bar_on_a_terminal(fake_play):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out, err = io.StringIO(), Terminal()
    assert main(["simulate", str(SPECS / "remik51.rules"), "--games", "10"], out, err) == 0
    shown = err.getvalue()
    # before any game: how long the first deal took, and the first game of one deal with it
    assert re.match(r"\rremik51  first deal [0-9]+\.[0-9]{2} s: first game in about [0-9]+s\x1b\[K", shown)
    assert "\rremik51  [##########..........]  5/10 games" in shown
    assert re.search(r"\rremik51  \[####################\]  10/10 games(  [0-9.]+ games/s)?\x1b\[K\n$",
                     shown)


def test_simulate_quiet_shows_no_progress(fake_play):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for err in (io.StringIO(), Terminal()):
        argv = ["simulate", str(SPECS / "remik51.rules"), "--games", "10", "-q"]
        assert main(argv, io.StringIO(), err) == 0
        assert err.getvalue() == ""


class Clock:
    """A clock the test moves: `now` seconds."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_bar_rate_and_time_left():
    from remikc.sim.runner import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err, clock = Terminal(), Clock()
    progress = Progress("remik51", 1000, err, clock=clock)
    clock.now += 50  # 250 games in 50 s: 5 games/s, 750 left take 150 s
    progress(250)
    assert err.getvalue() == \
        "\rremik51  [#####...............]  250/1000 games  5.0 games/s  2m30s left\x1b[K"
    clock.now += 150
    progress(1000)
    progress.close()
    assert err.getvalue().endswith("\rremik51  [####################]  1000/1000 games  5.0 games/s\x1b[K\n")


def test_progress_lines_off_a_terminal():
    from remikc.sim.runner import Progress

    err, clock = io.StringIO(), Clock()
    progress = Progress("karuzela", 40, err, clock=clock)
    for done in range(1, 41):
        clock.now += 2  # 0.5 games/s
        progress(done)
    progress.close()
    lines = err.getvalue().splitlines()
    # 4 games are a tenth: a line at 4, 8, ... 40, and none between
    assert lines[0] == "karuzela: 4/40 games (10%)  0.5 games/s  1m12s left"  # 36 games at 2 s
    assert lines[-1] == "karuzela: 40/40 games (100%)  0.5 games/s"
    assert len(lines) == 10


def test_progress_lines_when_chunks_jump():
    """Parallel games come back a chunk at a time: one line for a jump over several tenths."""
    from remikc.sim.runner import Progress

    err, clock = io.StringIO(), Clock()
    progress = Progress("remik51", 100, err, clock=clock)
    clock.now += 1
    for done in (25, 50, 100):
        progress(done)
    assert [line.split("  ")[0] for line in err.getvalue().splitlines()] == [
        "remik51: 25/100 games (25%)", "remik51: 50/100 games (50%)", "remik51: 100/100 games (100%)"]


def test_plot_without_matplotlib(fake_play, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib...` now fails
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "5",
                         "--plot", str(tmp_path / "games.png"))
    assert code == 2 and out == ""
    assert "--plot needs matplotlib: pip install 'remikc[plot]'" in err
    assert fake_play.runs == []  # said before any game is played
    assert not (tmp_path / "games.png").exists()


def test_plot_with_matplotlib(fake_play, tmp_path):
    pytest.importorskip("matplotlib")
    target = tmp_path / "out" / "games.png"
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), str(SPECS / "remik51_domowy.rules"),
                       "--games", "30", "--plot", str(target))
    assert code == 0, err
    assert target.read_bytes().startswith(b"\x89PNG") and f"wrote {target}" in err
    assert [p.name for p in target.parent.iterdir()] == ["games.png"]  # no temporary file left


@pytest.mark.parametrize("name, magic", [("games.jpg", b"\xff\xd8\xff"), ("games.SVG", b"<?xml"),
                                         ("games.pdf", b"%PDF-")])
def test_plot_format_follows_the_extension(fake_play, tmp_path, name, magic):
    pytest.importorskip("matplotlib")
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "10",
                       "--plot", str(tmp_path / name))
    assert code == 0, err
    assert (tmp_path / name).read_bytes().startswith(magic)  # not PNG bytes under any name


@pytest.mark.parametrize("name, what", [("games.xyz", "`.xyz`"), ("games", "no extension"),
                                        ("games.pgf", "`.pgf`")])
def test_plot_extension_it_cannot_write_is_refused_before_playing(fake_play, tmp_path, name, what):
    pytest.importorskip("matplotlib")
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "5",
                         "--plot", str(tmp_path / name))
    assert code == 2 and out == ""
    assert f"remikc: --plot {tmp_path / name}: {what} is not a picture format remikc can write" in err
    assert ".png" in err and ".svg" in err and "(e.g. games.png)" in err
    assert fake_play.runs == [] and list(tmp_path.iterdir()) == []


def test_plot_extension_is_checked_without_drawing(fake_play, tmp_path, monkeypatch):
    """The same refusal where matplotlib is not installed for the suite: the formats it would
    offer stand in for it."""
    from remikc.sim import plot

    monkeypatch.setattr(plot, "formats", lambda: ["pdf", "png", "svg"])
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "5",
                       "--plot", str(tmp_path / "games.jpg"))
    assert code == 2
    assert (f"remikc: --plot {tmp_path / 'games.jpg'}: `.jpg` is not a picture format remikc can "
            "write; the extension picks the format: .pdf, .png, .svg (e.g. games.png)") in err
    assert fake_play.runs == []


def test_plot_into_a_file_fails_before_playing(fake_play, tmp_path):
    pytest.importorskip("matplotlib")
    (tmp_path / "taken").write_text("", encoding="utf-8")
    code, _, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "5",
                       "--plot", str(tmp_path / "taken" / "games.png"))
    assert code == 2 and "cannot write" in err and "is a file, not a folder" in err
    assert fake_play.runs == []


# --- end to end --------------------------------------------------------------------------------


def test_simulate_end_to_end_real_games():
    """Five real games of the basic game, through the real engine (skipped until it exists)."""
    play = pytest.importorskip("remikc.sim.play")
    if not hasattr(play, "run_games"):
        pytest.skip("remikc.sim.play has no run_games yet")
    code, out, err = run("simulate", str(SPECS / "remik_podstawowy.rules"), "--games", "5",
                         "--players", "2", "--seed", "1", "--format", "json")
    assert code == 0, err
    body = json.loads(out)
    assert (body["variants"], body["players"], body["games"], body["seed"], body["bot"]) == \
        (["remik_podstawowy"], 2, 5, 1, "greedy")
    (result,) = body["results"]
    assert result["turns"]["max"] == result["longest_game"]["turns"] > 0
    assert 1 <= result["longest_game"]["seed"] <= 5
    assert len(result["seats"]) == 2
    # every finished game has its winners (a tie shares one win); a game the deal cap stopped, none
    wins = sum(seat["wins"]["count"] for seat in result["seats"])
    assert wins == pytest.approx(result["finished"]["count"])
    assert {seat["wins"]["total"] for seat in result["seats"]} == {result["finished"]["count"]}
    assert body["comparison"] is None


# --- --games auto ------------------------------------------------------------------------------
# FakePlay's games: 10 + seed % 7 turns in one deal (sd about 2), opened at turn 3, won by seat
# seed % 2, totals 0 and 1.  Only the seats' shares of the wins spread much: over 50 games 25
# of each, sd sqrt(50 * 0.25 / 49) = 0.505, so the corrected interval (t(1 - 0.05/24, 49), about
# 3.0) is 2 * 3.0 * 0.505 / sqrt(50) = 0.43 wide; over 100 games 2 * 2.9 * 0.503 / 10 = 0.29.


def test_games_auto_stops_once_every_interval_is_narrow_enough(fake_play):
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "auto", "--width-share", "50")
    assert code == 0, err
    # the first two games, looked at, then the rest of the first batch
    assert fake_play.runs == [("module of remik51", 2, 2, 1, "greedy"),
                              ("module of remik51", 48, 2, 3, "greedy")]
    assert out.startswith("50 games, 2 players")
    assert out.rstrip().endswith("--games auto: stopped after 50 games, every interval narrower than asked "
                                 "(turns 10, shares 50 pp, points 50)")


def test_games_auto_doubles_the_games_until_narrow(fake_play):
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "auto", "--width-share", "35",
                       "--format", "json")
    assert code == 0
    # 0.43 > 0.35 after 50 games; 50 more (seeds 51..100) bring it to 0.29
    assert fake_play.runs == [("module of remik51", 2, 2, 1, "greedy"),
                              ("module of remik51", 48, 2, 3, "greedy"),
                              ("module of remik51", 50, 2, 51, "greedy")]
    body = json.loads(out)
    assert body["games"] == 100 and body["auto"].startswith("--games auto: stopped after 100 games")
    # between the batches, what comes next: 50 * (0.43 / 0.35) ** 2, about 75 games, would do
    assert ("--games auto: after 50 games, wider than asked: seat 1 wins (42.9 pp, about 75 games); "
            "seat 2 wins (42.9 pp, about 75 games); next 50 (about ") in err
    assert "then on to" not in err and "--max-games" not in err


def test_games_auto_says_which_intervals_are_still_wide_at_the_cap(fake_play):
    code, out, _ = run("simulate", str(SPECS / "remik51.rules"), "--games", "auto", "--max-games", "40")
    assert code == 0
    assert fake_play.runs == [("module of remik51", 2, 2, 1, "greedy"),
                              ("module of remik51", 38, 2, 3, "greedy")]
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("--games auto: stopped at --max-games 40; still wider than asked: seat 1 wins (")
    assert "seat 2 wins (" in last and "turns per game" not in last


def test_games_auto_stops_where_the_cap_cannot_narrow_enough(fake_play):
    """FakePlay's turns spread by about 2 a game: over 50 games the corrected interval of turns
    per game is about 2 * 3.0 * 2 / sqrt(50) = 1.7 wide, so 0.1 needs 50 * 17 ** 2, some 14,500
    games: more than `--max-games 200`, which the line after the first batch says.  After the
    second (100 games, 2 * 2.93 * 2 / 10 = 1.2 wide, about 14,000 games needed, well over the
    cap) the run stops rather than play to 200, and says what would reach the width: at 200
    games the interval would be 1.2 / sqrt(2), about 0.84 wide."""
    code, out, err = run("simulate", str(SPECS / "remik51.rules"), "--games", "auto", "--width-turns", "0.1",
                         "--width-share", "50", "--max-games", "200")
    assert code == 0
    lines = [line for line in err.splitlines() if line.startswith("--games auto: after")]
    assert len(lines) == 1
    first = re.fullmatch(r"--games auto: after 50 games, wider than asked: turns per game \(1\.7, about "
                         r"(\d+) games\); turns per deal \(1\.7, about \1 games\); next 50 \(about \d+s\), "
                         r"then on to about 200 games \(about \d+s more\); --max-games 200 stops it first",
                         lines[0])
    assert first and 13000 <= int(first[1]) <= 16000, lines[0]
    assert [r[1] for r in fake_play.runs] == [2, 48, 50]  # 100 games, not 200
    last = re.fullmatch(r"--games auto: stopped after 100 games: what is still wider than asked would not "
                        r"be narrow enough by --max-games 200: turns per game \(1\.2, about (\d+) games\); "
                        r"turns per deal \(1\.2, about \1 games\); --width-turns (0\.\d+), or --max-games "
                        r"\1, would reach them", out.rstrip().splitlines()[-1])
    assert last and 12000 <= int(last[1]) <= 16000 and 0.8 <= float(last[2]) <= 0.9, out


def test_games_auto_plays_on_where_the_cap_may_narrow_enough(fake_play):
    """Asked 0.6 wide: after 100 games (1.2 wide) turns per game needs about 100 * 2 ** 2 = 400
    games, within the cap of 400, and after 200 (2 * 2.9 * 2 / sqrt(200) = 0.82) about as many:
    the run goes on, and at 400 games (2 * 2.88 * 2 / 20 = 0.58) the interval is narrow enough."""
    code, out, _ = run("simulate", str(SPECS / "remik51.rules"), "--games", "auto", "--width-turns", "0.6",
                       "--width-share", "50", "--max-games", "400", "-q")
    assert code == 0
    assert sum(r[1] for r in fake_play.runs) == 400
    assert out.rstrip().endswith("--games auto: stopped after 400 games, every interval narrower than asked "
                                 "(turns 0.6, shares 50 pp, points 50)")


def test_games_auto_says_an_interval_one_game_defines_is_unknown():
    """A metric only one game defines so far (the first lay-down where one game had one) has an
    unbounded interval: no count of games follows from it, so the line says so and counts the
    games from the others: 50 * (0.40 / 0.10) ** 2 = 800 for a share 40 pp wide, asked 10."""
    from remikc.sim.paired import Paired, PairedMetric
    from remikc.sim.runner import Widths, ahead

    unbounded = PairedMetric("first lay-down, turn", "turns", 1, 3.0, 4.0, 1.0, -float("inf"), float("inf"))
    found = Paired("a", "b", (unbounded, PairedMetric("seat 1 wins", "share", 50, 0.5, 0.5, 0.0, -0.2, 0.2)),
                   0.99)
    assert ahead(found, Widths(10, 10, 50), 50, 100, 2000, 10.0) == (
        "--games auto: after 50 games, wider than asked: seat 1 wins (40.0 pp, about 800 games); first "
        "lay-down, turn (too few games to tell); next 50 (about 10s), then on to about 800 games (about "
        "2m30s more)")


def test_games_auto_bad_arguments(fake_play):
    for argv, said in ((["--games", "autox"], "`autox` is not a number"),
                       (["--games", "auto", "--width-share", "0"], "must be a number above 0"),
                       (["--games", "auto", "--width-turns", "nan"], "must be a number above 0"),
                       (["--games", "auto", "--max-games", "0"], "must be above 0")):
        code, out, err = run("simulate", str(SPECS / "remik51.rules"), *argv)
        assert code == 2 and out == "" and said in err and "Traceback" not in err, argv
    assert fake_play.runs == []


def test_two_specs_play_as_many_games_as_the_comparison_needs(fake_play):
    """With two specs `--games` defaults to `auto`: the first batch of 50 (the first two games of
    each looked at first), and the fake's games, the same on both sides, give every paired
    interval 0..0, narrow enough at once."""
    code, out, _ = run("simulate", str(SPECS / "remik51.rules"), str(SPECS / "remik51_domowy.rules"), "-q")
    assert code == 0
    assert [(r[1], r[3]) for r in fake_play.runs] == [(2, 1), (2, 1), (48, 3), (48, 3)]
    assert out.rstrip().endswith("--games auto: stopped after 50 games, every interval narrower than asked "
                                 "(turns 10, shares 10 pp, points 50)")


def test_the_first_game_is_guessed_from_the_first_deal(fake_play, load):
    """remik_podstawowy plays to 150 points: a first deal of 30 points to the winner, timed at
    1 s, makes a game of 150 / 30 = 5 deals, 5 s; a deal that scored nothing leaves the cap (200
    deals); a first deal that ended the game is the game."""
    from remikc.sim.runner import Games, Where

    games = Games(load("remik_podstawowy"), None, Where(None, 1), players=2, bot="greedy",  # type: ignore[arg-type]
                  max_deals=200)
    clock = Clock()

    def timed() -> float:  # each call 1 s later: started, then done
        clock.now += 1
        return clock.now

    fake_play.first_deal = game(1, [deal(12, scores=(30, 0))], totals=(30, 0), finished=False)
    assert games.first_game_in(1, timed) == "first deal 1.00 s: first game in about 5s"
    fake_play.first_deal = game(1, [deal(12, scores=(0, 0))], totals=(0, 0), finished=False)
    assert games.first_game_in(1, timed) == "first deal 1.00 s: first game in about 3m20s"
    fake_play.first_deal = None
    assert games.first_game_in(1, timed) == "first deal 1.00 s: first game in about 1s"
