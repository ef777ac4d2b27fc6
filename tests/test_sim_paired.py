"""Two variants compared game by game on the same seeds: `remikc.sim.paired`, and the section
`remikc simulate A B` prints from it."""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from remikc import ir
from remikc.cli import main
from remikc.sim.paired import paired, single, t_quantile
from remikc.sim.perdeal import not_ending, per_deal, to_text
from remikc.sim.record import DealRecord, GameRecord

SPECS = Path(__file__).resolve().parents[1] / "specs"


def deal(turns: int, opened: int | None = 3, *, ended: str = "went_out", empty: bool = False) -> DealRecord:
    return DealRecord(turns=turns, first_open_turn=opened, empty_stock=empty, ended_by=ended,
                      winners=(0,), scores=(0, 10))


def game(seed: int, deals: list[DealRecord], totals: tuple[int, int] = (0, 10),
         winners: tuple[int, ...] = (0,), finished: bool = True) -> GameRecord:
    return GameRecord(seed=seed, players=2, deals=tuple(deals), totals=totals,
                      winners=winners if finished else (), actions=1, finished=finished)


@pytest.mark.parametrize("p, df, table", [
    (0.975, 1, 12.706), (0.975, 5, 2.571), (0.975, 30, 2.042), (0.995, 10, 3.169), (0.9995, 3, 12.924)])
def test_t_quantiles_are_the_tables(p: float, df: int, table: float) -> None:
    assert t_quantile(p, df) == pytest.approx(table, abs=0.001)


def test_identical_games_differ_in_nothing() -> None:
    games = [game(1, [deal(10), deal(20, ended="handed")]),
             game(2, [deal(40, None, empty=True)], (25, 5), (1,)), game(3, [deal(30)])]
    result = paired("a", games, "b", list(games))
    # 2 players: 9 metrics of the game, a win share per seat, the final-score spread
    assert len(result.metrics) == 12 and result.level == pytest.approx(1 - 0.05 / 12)
    for m in result.metrics:
        assert (m.difference, m.low, m.high) == (0, 0, 0), m.name
        assert not m.significant
    assert result.correction == "Bonferroni"


def test_paired_differences_by_hand() -> None:
    # B's games are A's with 2 more turns in the one deal, and B's third game has 2 more still:
    # differences 2, 2, 4: mean 8/3, sd sqrt(4/3), so the half-width is
    # t(1 - 0.05/24, 2) * sqrt(4/3) / sqrt(3) = t * 2/3
    a = [game(1, [deal(10)]), game(2, [deal(20)]), game(3, [deal(30)])]
    b = [game(1, [deal(12)]), game(2, [deal(22)]), game(3, [deal(34)])]
    result = paired("a", a, "b", b)
    turns = next(m for m in result.metrics if m.name == "turns per game")
    half = t_quantile(1 - 0.05 / 24, 2) * 2 / 3
    assert turns.difference == pytest.approx(8 / 3)
    assert (turns.low, turns.high) == pytest.approx((8 / 3 - half, 8 / 3 + half))
    assert half > 8 / 3 and not turns.significant  # three games: too few, once corrected
    assert (turns.a, turns.b) == (20, pytest.approx(68 / 3))
    # the same 2 turns in every game: no spread, a sure difference
    c = [game(1, [deal(12)]), game(2, [deal(22)]), game(3, [deal(32)])]
    sure = next(m for m in paired("a", a, "b", c).metrics if m.name == "turns per game")
    assert (sure.difference, sure.low, sure.high) == (2, 2, 2) and sure.significant


def test_undefined_numbers_drop_only_their_pairs() -> None:
    # game 2 opened in no deal of B: it has no first lay-down turn there; 2 pairs remain
    a = [game(1, [deal(10, 3)]), game(2, [deal(20, 5)]), game(3, [deal(30, 4)])]
    b = [game(1, [deal(10, 4)]), game(2, [deal(20, None)]), game(3, [deal(30, 5)])]
    result = {m.name: m for m in paired("a", a, "b", b).metrics}
    assert result["first lay-down, turn"].n == 2 and result["first lay-down, turn"].difference == 1
    assert result["turns per game"].n == 3
    # deals opened: 1, 0, 1 against 1, 1, 1: mean -1/3
    assert result["deals opened"].difference == pytest.approx(-1 / 3)


def test_seeds_must_match() -> None:
    with pytest.raises(ValueError, match="same seeds"):
        paired("a", [game(1, [deal(10)])], "b", [game(2, [deal(10)])])


def test_one_game_says_nothing_of_a_difference() -> None:
    result = {m.name: m for m in paired("a", [game(1, [deal(10)])], "b", [game(1, [deal(12)])]).metrics}
    assert math.isinf(result["turns per game"].high) and not result["turns per game"].significant


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_simulate_same_spec_twice_is_not_significant_anywhere() -> None:
    spec = str(SPECS / "remik_podstawowy.rules")
    code, out, err = run("simulate", spec, spec, "--games", "3", "--players", "2", "--format", "json",
                         "--jobs", "1", "-q")
    assert code == 0, err
    body = json.loads(out)["paired"]
    assert body["correction"] == "bonferroni" and body["metrics"]
    for m in body["metrics"]:
        assert m["difference"] == 0 and m["interval"] == [0, 0] and not m["significant"], m


def test_simulate_a_higher_target_surely_lengthens_games(tmp_path: Path) -> None:
    """remik_podstawowy ends when a total reaches 150; the house rule says 600.  On the same
    seeds the cards fall the same until the first game ends, and totals only grow (the winner
    collects): every game of B has at least as many deals as A's, and with 600 points to reach
    instead of 150 far more of them."""
    (tmp_path / "remik_podstawowy.rules").write_text(
        (SPECS / "remik_podstawowy.rules").read_text(encoding="utf-8"), encoding="utf-8")
    house = tmp_path / "dlugi.rules"
    house.write_text('variant dlugi extends "remik_podstawowy" {\n  name pl "Długi"\n  name hr "Dugi"\n'
                     '  game_end {\n    override target 600\n  }\n}\n', encoding="utf-8")
    code, out, err = run("simulate", str(tmp_path / "remik_podstawowy.rules"), str(house), "--games", "6",
                         "--players", "2", "--jobs", "1", "--check", "none", "-q")
    assert code == 0, err
    line = next(line for line in out.splitlines() if line.strip().startswith("deals per game"))
    assert line.rstrip().endswith(" significant") and "not significant" not in line
    assert "paired by seed: dlugi − remik_podstawowy" in out and "Bonferroni-corrected over 12 metrics" in out


def test_a_capped_game_has_no_win_to_compare() -> None:
    # game 2 is stopped at --max-deals in B: nobody won it there, so the seats' win shares pair
    # games 1 and 3 alone (seat 1 wins both in A and in B: no difference), never "seat 1 lost"
    a = [game(1, [deal(10)]), game(2, [deal(10)]), game(3, [deal(10)])]
    b = [game(1, [deal(10)]), game(2, [deal(10)], finished=False), game(3, [deal(10)])]
    result = {m.name: m for m in paired("a", a, "b", b).metrics}
    assert (result["seat 1 wins"].n, result["seat 1 wins"].difference) == (2, 0)
    assert (result["seat 2 wins"].n, result["seat 2 wins"].difference) == (2, 0)
    assert result["games capped"].n == 3 and result["games capped"].difference == pytest.approx(1 / 3)
    # no game finished in B: no win share to pair, and the correction is over the 10 metrics left
    capped = paired("a", a, "b", [game(r.seed, list(r.deals), finished=False) for r in b])
    assert "seat 1 wins" not in {m.name for m in capped.metrics} and len(capped.metrics) == 10
    assert capped.level == pytest.approx(1 - 0.05 / 10)


def test_share_intervals_stay_within_a_whole() -> None:
    # seat 1 wins games 1 and 2 in A, game 1 only in B: differences 0, -1, 0 over three games;
    # mean -1/3, sd sqrt(1/3), so the half-width t(1 - 0.05/24, 2) * 1/3 is about 5: the
    # t-interval would reach past both -100 pp and +100 pp
    a = [game(1, [deal(10)]), game(2, [deal(10)]), game(3, [deal(10)], winners=(1,))]
    b = [game(1, [deal(10)]), game(2, [deal(10)], winners=(1,)), game(3, [deal(10)], winners=(1,))]
    seat = next(m for m in paired("a", a, "b", b).metrics if m.name == "seat 1 wins")
    assert seat.difference == pytest.approx(-1 / 3)
    assert t_quantile(1 - 0.05 / 24, 2) / 3 > 4 / 3
    assert (seat.low, seat.high) == (-1.0, 1.0) and not seat.significant


def test_one_variants_counts_have_no_interval_below_zero() -> None:
    # games of 10, 10 and 1000 turns (one deal each): mean 340, the half-width t(1 - 0.05/m, 2)
    # * 571.58 / sqrt(3) is thousands of turns, which no game can be below 0 of
    records = [game(1, [deal(10)]), game(2, [deal(10)]), game(3, [deal(1000)])]
    found = {m.name: m for m in single("a", records).metrics}
    turns = found["turns per game"]
    assert turns.difference == pytest.approx(340) and turns.low == 0.0 and turns.high > 1000
    # B - A of two variants may well be below 0
    longer = [game(1, [deal(1000)]), game(2, [deal(10)]), game(3, [deal(10)])]
    assert next(m for m in paired("a", longer, "b", records).metrics if m.name == "turns per game").low < 0


def test_games_that_cannot_end_are_said_so_after_the_first_games(tmp_path: Path) -> None:
    """A house rule of remik_podstawowy played to 100000 points, with games capped at 3 deals:
    the winner of a deal collects a few dozen points, so no total comes near.  After the first
    batch (two games each), before the rest are played, simulate says so, with the totals'
    drift, and compares the deals; the report keeps the per-deal comparison, every game of both
    being capped (the seed's 150 is not reached in 3 deals either)."""
    (tmp_path / "remik_podstawowy.rules").write_text(
        (SPECS / "remik_podstawowy.rules").read_text(encoding="utf-8"), encoding="utf-8")
    house = tmp_path / "nigdy.rules"
    house.write_text('variant nigdy extends "remik_podstawowy" {\n  name pl "Nigdy"\n  name hr "Nikad"\n'
                     '  game_end {\n    override target 100000\n  }\n}\n', encoding="utf-8")
    code, out, err = run("simulate", str(tmp_path / "remik_podstawowy.rules"), str(house), "--games", "3",
                         "--players", "2", "--jobs", "1", "--max-deals", "3")
    assert code == 0, err
    lines = err.splitlines()
    said = next(i for i, line in enumerate(lines) if line.startswith("nigdy: none of the first 2 games"))
    assert "(the target: 100000): at that pace a total reaches it after about" in lines[said]
    deals = int(lines[said].split("after about ")[1].split()[0])
    assert deals > 1000  # a deal's pot is below 100 points: a thousand deals at least
    assert lines[said - 1].startswith("remik_podstawowy: none of the first 2 games")
    assert lines[said + 1].startswith("per deal, over the first 2 games of each")
    # the third game of each comes after: its progress lines follow the note
    rest = [i for i, line in enumerate(lines) if line.startswith(("remik_podstawowy: 3/3", "nigdy: 3/3"))]
    assert len(rest) == 2 and min(rest) > said
    assert "nigdy: none of the 3 games ended by its rules" in out
    table = out[out.index("per deal (95% intervals):"):].splitlines()
    assert table[1].split() == ["remik_podstawowy", "nigdy", "difference"]
    assert [row[2:].split("  ")[0] for row in table[2:7]] == [
        "first lay-down, turn", "deal length, turns", "deals gone out", "deals handed",
        "points per deal, all seats"]


def test_the_drift_of_the_totals_says_where_capped_games_were_going(
        load: Callable[[str], ir.Variant]) -> None:
    """remik_podstawowy ends when a total reaches 150 (`game_end.target 150`).  Two games capped
    after 10 deals with totals (40, 20) and (30, 10): the leading totals grew by 4 and 3 points a
    deal, 3.5 on average (every total: 2.5), so 150 is reached after 150 / 3.5 = 42.9, about 43
    deals.  Totals that fell, (-30, -10): the leader moves away from 150.  All finished: nothing
    to say."""
    variant = load("remik_podstawowy")
    ten = [deal(5)] * 10
    capped = [game(1, ten, (40, 20), finished=False), game(2, ten, (30, 10), finished=False)]
    said = not_ending(variant, capped, 10, first=True)
    assert said == ("remik_podstawowy: none of the first 2 games ended by its rules (stopped at --max-deals "
                    "10: their length is the cap's); the totals drift by +2.5 points a deal, the leading "
                    "total by +3.5 (the target: 150): at that pace a total reaches it after about 43 deals")
    falling = not_ending(variant, [game(1, ten, (-30, -10), finished=False), game(2, ten)], 10)
    assert falling is not None and falling.startswith("remik_podstawowy: 1 of the 2 games did not end")
    assert falling.endswith("the leading total by -1.0 (the target: 150): no total moves towards it, "
                            "so the games may never end")
    assert not_ending(variant, [game(1, ten), game(2, ten)], 10) is None


def test_per_deal_means_take_each_games_deals_together() -> None:
    """Deals of two games: 10 and 20 turns in the first, 30 in the second, opened at turns 2 and
    4 (the third never opened); the means are over deals (20 turns, 3 of them), the first
    lay-down over the two deals opened (3.0)."""
    a = game(1, [deal(10, 2), deal(20, 4)])
    b = game(2, [deal(30, None)])
    found = {m.name: m for m in per_deal([a, b])}
    assert (found["deal length, turns"].n, found["deal length, turns"].mean) == (3, 20.0)
    assert (found["first lay-down, turn"].n, found["first lay-down, turn"].mean) == (2, 3.0)
    assert found["deals gone out"].mean == 1.0 and found["deals handed"].mean == 0.0
    assert found["points per deal, all seats"].mean == 10.0  # each deal scores (0, 10)
    # game 1's deals (30 turns over 2 deals) and game 2's (30 over 1) against the mean 20: the
    # spread of 30 - 40 and 30 - 20 over the 2 games, 100 + 100, times 2/1: half = 1.96 * sqrt(400) / 3
    length = found["deal length, turns"]
    assert length.high - length.mean == pytest.approx(1.959964 * 20 / 3)


def test_a_house_rule_of_knocking_shows_where_the_deals_went() -> None:
    """A seed whose 4 deals all go out, against a house rule of knocking whose deals end 3 by a
    knock and 1 by the stock (2 games of 2 deals): "deals gone out" alone said only that they
    stopped going out.  The knock's and the stock's rows are shown; the blocked and stalled ones,
    which no deal needs, are not."""
    seed = [game(1, [deal(20), deal(22)]), game(2, [deal(24), deal(26)])]
    house = [game(1, [deal(9, ended="knocked"), deal(11, ended="knocked")]),
             game(2, [deal(10, ended="knocked"), deal(30, ended="stock")])]
    text = to_text(["seed", "house"], [per_deal(seed), per_deal(house)], "per deal:")
    rows = {line[2:].split("  ")[0]: line.split() for line in text.splitlines()[2:]}
    assert list(rows) == ["first lay-down, turn", "deal length, turns", "deals gone out", "deals handed",
                          "deals knocked", "deals the stock ended", "points per deal, all seats"]
    assert rows["deals knocked"][2] == "0.0%" and rows["deals knocked"][4] == "75.0%"
    assert rows["deals knocked"][-2:] == ["+75.0", "pp"]
    assert rows["deals the stock ended"][-2:] == ["+25.0", "pp"]
    assert rows["deals gone out"][-2:] == ["-100.0", "pp"]


def test_the_paired_comparison_counts_the_deals_knocked_where_a_variant_knocks() -> None:
    """The same seed and house games, game by game: the house's knocks are the change's effect
    (game 1: both deals knocked, 1.0 against 0; game 2: one of two, 0.5), a mean difference of
    0.75.  The metric joins the count the correction divides by (13 for 2 players); where
    neither variant knocks it is left out and the count stays 12
    (`test_identical_games_differ_in_nothing`)."""
    seed = [game(1, [deal(20), deal(22)]), game(2, [deal(24), deal(26)])]
    house = [game(1, [deal(9, ended="knocked"), deal(11, ended="knocked")]),
             game(2, [deal(10, ended="knocked"), deal(30, ended="stock")])]
    result = paired("seed", seed, "house", house)
    assert result.level == pytest.approx(1 - 0.05 / 13)
    knocked = {m.name: m for m in result.metrics}["deals knocked"]
    assert (knocked.n, knocked.a, knocked.b, knocked.difference) == (2, 0.0, 0.75, pytest.approx(0.75))
    names = [m.name for m in result.metrics]
    assert names.index("deals knocked") == names.index("deals handed") + 1
