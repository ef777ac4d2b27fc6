"""Every check that computes scores reads every scoring component it should.

For each (check, component) pair: two house variants of base51 that differ in that one rule
only, one where the check is proved and one where it is violated.  A check that ignored the
component would give both the same verdict.  The verdicts are worked out from base51's rules
(tests/specs/inconsistent/base51.rules: penalties, lowest total wins, going out -40, handing
-80, a joker left in hand 20, a player who never opened 200, handing doubles the others'
points; cards 2..9 at face value, 10 J Q K A 10), never read off the program's output.
`game.reachable` has its own such test in tests/test_verify.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from remikc.driver import check_paths
from remikc.verify import CHECKS, Status
from remikc.verify.base import Probe

INCONSISTENT = Path(__file__).parent / "specs" / "inconsistent"


def _scoring(*lines: str) -> str:
    return "  scoring {\n" + "".join(f"    {line}\n" for line in lines) + "  }\n"


def _values(line: str) -> str:
    return f"  values {{\n    {line}\n  }}\n"


KNOCKING = "  knocking {\n    max_hand 10\n  }\n"
CUT_CARD = ("  deal {\n    cut_card under_stock\n  }\n"
            "  turn {\n    draw {\n      cut_card when handing\n    }\n  }\n")
# The winner takes the others' hands (highest total wins); a joker left in hand counts -20.
COLLECTS = HIGHEST = ("  game_end {\n    override winner highest\n  }\n")


# The winner takes the others' hands; reaching 3000 gives 60, each deal won 25 to the others.
TARGET = ("  game_end {\n    override winner highest\n    override target 3000\n    target_bonus 60\n"
          "    round_win_bonus 25\n  }\n")
TARGET_SCORING = ("override method winner_collects", "remove went_out", "remove handed")


def _collects(*lines: str) -> str:
    return COLLECTS + _scoring("override method winner_collects", "remove went_out", "remove handed",
                               "override joker_in_hand -20", *lines)


# (check, component, body where the check is proved, body where it is violated)
CASES = [
    # going out (-40) beats every hand left (at least 2); at 5 a lone 2 (2) beats it
    ("scoring.winner", "went_out", "", _scoring("override went_out 5")),
    # handing (-80) beats going out (-40); -20 does not
    ("scoring.winner", "handed", "", _scoring("override handed -20")),
    # handing with the cut card (-120) beats handing (-80); -60 does not
    ("scoring.winner", "handed_with_cut_card", CUT_CARD + _scoring("handed_with_cut_card -120"),
     CUT_CARD + _scoring("handed_with_cut_card -60")),
    # going out scoring 1 beats every hand (at least 2), unless a 2 counts 0 in hand
    ("scoring.winner", "values", _scoring("override went_out 1"),
     _scoring("override went_out 1") + _values("override 2 0 in hand, 2 otherwise")),
    # a joker left in hand counting -50 likewise
    ("scoring.winner", "joker_in_hand", "", _scoring("override joker_in_hand -50")),
    # a player who never opened counting -50 likewise
    ("scoring.winner", "not_opened", "", _scoring("override not_opened -50")),
    # winner_collects: a joker held by another counts -20 to the winner's take; doubled by
    # handing (-40 + 100) it is below going out (-20 + 100); without doubling they are equal
    ("scoring.winner", "handing_multiplier",
     _collects("all_out_bonus 100", "override handing_multiplier 1"),
     _collects("all_out_bonus 100")),
    # ... and without the bonus for playing every card, going out takes -20: no better than 0
    ("scoring.winner", "all_out_bonus", _collects("all_out_bonus 100", "override handing_multiplier 1"),
     _collects("override handing_multiplier 1")),
    # a joker counting less than nothing lowers the count of the hand it joins (a card's
    # value is never below 0, so `values` alone cannot break this check)
    ("scoring.monotone", "joker_in_hand", "", _scoring("override joker_in_hand -5")),
    # a joker counting -5 kept lowers its holder's penalty: better kept than laid off
    ("incentives.lay_off", "joker_in_hand", "", _scoring("override joker_in_hand -5")),
    # highest total wins and every card counts 0 in hand: nothing is better kept; a 2 counting
    # 5 in hand is
    ("incentives.lay_off", "values", HIGHEST + _scoring("override joker_in_hand 0")
     + _values("override 2..9 0 in hand, 10 otherwise\n    override 10 J Q K A 0 in hand, 10 otherwise"),
     HIGHEST + _scoring("override joker_in_hand 0")
     + _values("override 2 5 in hand, 10 otherwise\n    override 3..9 0 in hand, 10 otherwise\n"
               "    override 10 J Q K A 0 in hand, 10 otherwise")),
    # the most an opener keeps from a first-turn hand: 8 cards, 4 jokers and 4 aces, 120;
    # against `not_opened 100` opening can be worse
    ("incentives.opening", "not_opened", "", _scoring("override not_opened 100")),
    # jokers counting 50 kept: 200 + 40 = 240 above `not_opened 200`
    ("incentives.opening", "joker_in_hand", "", _scoring("override joker_in_hand 50")),
    # aces counting 50 kept: 80 + 200 = 280 above it
    ("incentives.opening", "values", "", _values("override A 50")),
    # only the winner of a deal moves towards 3000; handing doubles the others' hands (4 x 200):
    # 1600 a deal, two deals won on the way give 50 in round bonuses, below the 60 of reaching
    # it; undoubled, 800 a deal, four deals won give 100
    ("incentives.target", "handing_multiplier", TARGET + _scoring(*TARGET_SCORING),
     TARGET + _scoring(*TARGET_SCORING, "override handing_multiplier 1")),
    # knocking counts as going out (-40); a knocker holding 2..10 points is better off knocking,
    # unless going out scores more than his cards, or his cards count below it
    ("incentives.knock", "went_out", KNOCKING + _scoring("tie_with_knocker others_win"),
     KNOCKING + _scoring("tie_with_knocker others_win", "override went_out 15")),
    ("incentives.knock", "joker_in_hand", KNOCKING + _scoring("tie_with_knocker others_win"),
     KNOCKING + _scoring("tie_with_knocker others_win", "override joker_in_hand -50")),
    ("incentives.knock", "not_opened", KNOCKING + _scoring("tie_with_knocker others_win"),
     KNOCKING + _scoring("tie_with_knocker others_win", "override not_opened -60")),
    # knocking scoring 1 beats every hand that may knock (2 to 10), unless a 2 counts 0
    ("incentives.knock", "values", KNOCKING + _scoring("tie_with_knocker others_win", "override went_out 1"),
     KNOCKING + _scoring("tie_with_knocker others_win", "override went_out 1")
     + _values("override 2 0 in hand, 2 otherwise")),
]


def _finding(tmp_path: Path, check_id: str, body: str, name: str):
    (tmp_path / "base51.rules").write_text((INCONSISTENT / "base51.rules").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    path = tmp_path / f"{name}.rules"
    path.write_text(f'variant {name} extends "base51" {{\n  name pl "x"\n  name hr "x"\n{body}}}\n',
                    encoding="utf-8")
    run = check_paths([str(path)])
    (result,) = run.results
    assert result.ok, result.diagnostics
    (check,) = [c for c in CHECKS if c.id == check_id]
    return check(Probe(result.variant))


@pytest.mark.parametrize(("check", "component", "proved", "violated"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_each_scoring_check_reads_each_component(tmp_path, check, component, proved, violated):
    good = _finding(tmp_path, check, proved, "good")
    assert good.status is Status.PROVED, good.summary
    bad = _finding(tmp_path, check, violated, "bad")
    assert bad.status is Status.VIOLATED, bad.summary
    # the violation names the component's line, when the violated variant has one (without
    # the bonus for playing every card, it is its absence that breaks the check)
    if component == "values":  # a value line is named by its rank: `values.2`, `values.A`
        assert any(r.id.startswith("values.") for r in bad.rules), bad.rules
    elif f"  {component} " in violated or f"override {component} " in violated:
        assert component in {r.id.rsplit(".", 1)[-1] for r in bad.rules}, bad.rules


def test_every_scoring_component_is_read_by_some_check():
    """The list above leaves out no scoring rule a score is made of (`game.reachable` covers
    the bonuses paid at the end of a game, and `undercut_bonus`)."""
    from remikc import ir

    components = {f for f in ir.Scoring.__dataclass_fields__ if f not in ("method", "tie_with_knocker",
                                                                           "undercut_bonus")}
    assert components | {"values"} <= {c[1] for c in CASES}


def test_scoring_winner_names_both_of_two_mistakes_at_once(tmp_path):
    """A family lowers the penalty of a player who never opened to -50 (a lone unopened player
    then counts -50, under going out's -40: lower wins, so going out is not better) and makes
    handing score -20 (not below going out's -40).  Two mistakes, independent: the check said
    only the first, and the second only once the first was mended."""
    bad = _finding(tmp_path, "scoring.winner", _scoring("override not_opened -50", "override handed -20"),
                   "both")
    assert bad.status is Status.VIOLATED
    assert "going out is not better" in bad.summary
    assert "handing (-20) does not score lower than going out (-40)" in bad.summary
    assert {"not_opened", "handed"} <= {r.id.rsplit(".", 1)[-1] for r in bad.rules}, bad.rules
