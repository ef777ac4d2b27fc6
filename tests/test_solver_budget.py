"""Bounded work: the solver's budget counted in positions (of the search, then of the sweep over
the columns), a falsy "gave up" answer past it, and `check_lay_off` linear in the cards given."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

SPECS = Path(__file__).resolve().parent.parent / "specs"
# Two packs and four jokers (Remik 51): every card A..10 of every suit and the four jokers,
# 44 cards: 85 s and 1.8 GB for the search before it had a budget, a give-up since, until the
# sweep over the columns.
DENSE = " ".join([f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10") for s in "♠♥♦♣"]
                 + ["JK"] * 4)
HANG_GUARD = 120.0  # seconds: not a timing claim, only so a search without a bound fails, not hangs


@pytest.fixture(scope="module")
def remik51(seed_modules):  # type: ignore[no-untyped-def]
    return seed_modules("remik51")


@pytest.fixture(scope="module")
def podstawowy(seed_modules):  # type: ignore[no-untyped-def]
    return seed_modules("remik_podstawowy")


def test_a_dense_two_pack_hand_is_answered_exactly(remik51) -> None:  # type: ignore[no-untyped-def]
    """The search alone gave up on this hand (its ways to split into melds explode); the sweep
    over the columns answers it.  Worked out by hand: each suit's A..10 is a run, so every card
    can be laid; the natural cards count 4 x (10 + 2 + 3 + ... + 9 + 10) = 256 (the ace counts
    10, low or high), and a joker at most 10 (the J, Q or K after a 10, the ace after the king,
    or a ten or ace in a set): 296 points, nothing left, and no deadwood."""
    started = time.monotonic()
    before = remik51._GIVE_UPS[0]
    play = remik51.best_melds(DENSE)
    assert play and play.points == 296 and play.left == ()
    assert sorted(c for meld in play.melds for c in meld) == sorted(remik51.parse_cards(DENSE))
    assert sum(remik51.check_meld(meld).points for meld in play.melds) == 296
    assert remik51.min_deadwood(DENSE) == 0
    assert remik51._GIVE_UPS[0] == before
    assert time.monotonic() - started < HANG_GUARD


def test_a_search_past_its_budget_gives_up_and_says_so(remik51) -> None:  # type: ignore[no-untyped-def]
    before = remik51._GIVE_UPS[0]
    play = remik51.best_melds(DENSE, budget=50)
    assert not play and remik51.gave_up(play)
    assert play.reasons[0].code == "solver.gave_up"
    assert str(play.reasons[0]).startswith(
        "gave up: the solver's budget of work (50: positions searched, then states swept")
    # what was counted, in each language: the search's positions, then the sweep's states
    assert "limit pracy solvera (50: pozycje przeszukania, potem stany" in play.reasons[0].message("pl")
    assert "granica rada solvera (50: pozicije pretraživanja, zatim stanja" in play.reasons[0].message("hr")
    assert remik51.SEARCH_BUDGET == 500_000  # the documented default (docs/solver.md)
    opening = remik51.best_opening(DENSE, budget=50)
    assert not opening and remik51.gave_up(opening)
    assert remik51._GIVE_UPS[0] - before == 2  # each search counted once


def test_a_give_up_is_not_a_missing_lay_down(remik51) -> None:  # type: ignore[no-untyped-def]
    # 2♠ 7♥ K♦ lay nothing: falsy for another reason, and not "gave up"
    assert not remik51.best_opening("2♠ 7♥ K♦") and not remik51.gave_up(remik51.best_opening("2♠ 7♥ K♦"))
    # a budget of one position: the search of any hand that needs a second gives up
    tiny = remik51.best_melds("3♠ 4♠ 5♠ 7♥ 7♦ 7♣ JK", budget=1)
    assert remik51.gave_up(tiny)


def test_a_dealt_hand_needs_far_less_than_the_budget(remik51) -> None:  # type: ignore[no-untyped-def]
    """The budget changes no answer a game asks for: a 15-card hand with two jokers is answered
    the same with a budget of 2,000 positions (A♠ 2♠ 3♠, 7♥ 7♦ 7♣, 10♠ J♠ Q♠ K♠, and the
    jokers with the 9♦ for 30 points, where with the 4♥ 5♥ they would make 15)."""
    hand = "A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 10♠ J♠ Q♠ K♠ 4♥ 5♥ JK JK 9♦"
    small, default = remik51.best_melds(hand, budget=2_000), remik51.best_melds(hand)
    assert small and default and (small.melds, small.points) == (default.melds, default.points)
    assert small.left == default.left == remik51.parse_cards("4♥ 5♥")


def test_min_deadwood_past_the_budget_is_the_whole_count(remik51) -> None:  # type: ignore[no-untyped-def]
    hand = "3♠ 4♠ 5♠ 6♠ 6♥ 6♦ 9♦"  # two ways to lay the 6♠: a search, not a single meld
    assert remik51.min_deadwood(hand) == 9  # 3♠ 4♠ 5♠ 6♠ and nothing else, or 3♠-5♠ and the sixes
    assert remik51.min_deadwood(hand, budget=1) == 3 + 4 + 5 + 6 * 3 + 9
    assert remik51.min_deadwood(hand, discard=True, budget=1) == 3 + 4 + 5 + 6 * 3


@pytest.mark.parametrize("budget", [0, -5, 1.5, True, "100"])
def test_a_budget_that_is_not_a_count_is_refused(remik51, budget) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="budget must be a number of positions"):
        remik51.best_melds("3♠ 4♠ 5♠", budget=budget)


def test_best_play_gives_up_too(seed_modules) -> None:  # type: ignore[no-untyped-def]
    karuzela = seed_modules("karuzela")
    play = karuzela.best_play(["5♠ 6♠ 7♠", "9♥ 9♦ 9♣"], "8♠ 9♠ 4♠", budget=1)
    assert not play and karuzela.gave_up(play)
    assert karuzela.best_play(["5♠ 6♠ 7♠", "9♥ 9♦ 9♣"], "8♠ 9♠ 4♠")  # within the default: found


def test_explain_hand_says_the_solver_gave_up(remik51) -> None:  # type: ignore[no-untyped-def]
    """`explain --hand` shows the advice for up to 20 cards, which the default budget always
    answers (a 20-card hand of four ranks and four jokers needs well under it): the module is
    asked here with a budget of one position, as a bigger hand would need."""
    from types import SimpleNamespace

    from remikc.explain import _advice

    tight = SimpleNamespace(best_melds=lambda cards: remik51.best_melds(cards, budget=1),
                            best_opening=lambda cards: remik51.best_opening(cards, budget=1),
                            min_deadwood=lambda cards: remik51.min_deadwood(cards, budget=1),
                            gave_up=remik51.gave_up, _show=remik51._show)
    advice = _advice(tight, "3♠ 4♠ 5♠ 7♥ 7♦ 7♣ JK", "en")  # type: ignore[arg-type]
    shown = advice.to_json()
    assert shown["gave_up"].startswith(
        "gave up: the solver's budget of work (1: positions searched, then states swept")
    assert (shown["deadwood"], shown["best_melds"], shown["opening"]["ok"]) == (None, [], False)
    assert shown["opening"]["reasons"][0].startswith("gave up")
    assert advice.text()[0] == f"  best lay-down: none found: the solver {shown['gave_up']}"
    # and with the default budget, the same hand is answered
    answered = _advice(remik51, "3♠ 4♠ 5♠ 7♥ 7♦ 7♣ JK", "en").to_json()
    assert answered["gave_up"] is None and answered["deadwood"] == 0


def test_check_lay_off_reads_a_long_lay_off_a_bounded_number_of_times(podstawowy, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """20,000 cards cannot extend a meld (no meld holds more than 14 cards): refused after
    reading the meld on the table alone, where every split of the cards given was read before,
    each reading as long as the whole (quadratic: 8.9 s)."""
    reads: list[int] = []
    real = podstawowy._read

    def counted(cards, opening, kind=None):  # type: ignore[no-untyped-def]
        reads.append(len(cards))
        return real(cards, opening, kind)

    monkeypatch.setattr(podstawowy, "_read", counted)
    started = time.monotonic()
    verdict = podstawowy.check_lay_off("5♠ 6♠ 7♠", " ".join(["8♠", "9♠"] * 10_000))
    assert not verdict and str(verdict.reasons[-1]).endswith("does not extend 5♠ 6♠ 7♠ as a run")
    # only the meld on the table: once as it is, once more for each reading it may have (run, set)
    assert 1 <= len(reads) <= 3 and set(reads) == {3}
    assert time.monotonic() - started < HANG_GUARD


def test_a_long_lay_off_that_fits_is_still_accepted(podstawowy) -> None:  # type: ignore[no-untyped-def]
    # eight cards, more than are tried in every order: as given, the 2♠ ahead and 6♠..K♠ behind
    verdict = podstawowy.check_lay_off("3♠ 4♠ 5♠", "2♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")
    assert verdict and verdict.kind == "run"
    # fifteen cards: longer than any run
    assert not podstawowy.check_lay_off("3♠ 4♠ 5♠", "2♠ 2♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ A♠")
