"""docs/notation.md: melds are separated by `+`, `|` or `,` wherever melds are read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from remikc.build import load_module, validator_source
from remikc.spec.workspace import Workspace


def test_a_comma_separates_melds_as_plus_and_bar_do(workspace: Workspace, load: Callable[[str], Any]) -> None:
    m = load_module("remik51", validator_source(load("remik51"), workspace))
    # seed 000: 6 + 7 + 8 = 21 for the run, 3 x 10 for the tens: 51, the opening's minimum
    for text in ("6♠ 7♠ 8♠, 10♦ 10♣ 10♥", "6♠ 7♠ 8♠ + 10♦ 10♣ 10♥", "6♠ 7♠ 8♠ | 10♦ 10♣ 10♥"):
        verdict = m.check_opening(text)
        assert verdict.ok and verdict.points == 51, (text, verdict)
    assert m.parse_melds("6s 7s 8s, Td Tc Th") == [m.parse_cards("6♠ 7♠ 8♠"), m.parse_cards("10♦ 10♣ 10♥")]
    # one meld: commas between its cards are read as spaces
    assert m.check_meld("7♥, 8♥, 9♥").points == 24


def test_an_empty_meld_between_separators_is_refused_not_skipped(workspace: Workspace,
                                                                 load: Callable[[str], Any]) -> None:
    # was: check_opening("5♠ 5♥ 5♦ + + 7♠ 8♠ 9♠") judged two melds (39 points), the empty one
    # skipped, where `remikc explain --opening` says the meld has no cards
    m = load_module("remik51", validator_source(load("remik51"), workspace))
    for text, number, parts in (("5♠ 5♥ 5♦ + + 7♠ 8♠ 9♠", 2, 3), ("5♠ 5♥ 5♦ | 7♠ 8♠ 9♠ |", 3, 3),
                                (", 5♠ 5♥ 5♦", 1, 2), ("5♠ 5♥ 5♦ +   + 7♠ 8♠ 9♠", 2, 3)):
        wanted = rf"^melds: meld {number} of {parts} has no cards: write melds like"
        with pytest.raises(ValueError, match=wanted):
            m.check_opening(text)
        with pytest.raises(ValueError, match=wanted):
            m.parse_melds(text)
    with pytest.raises(ValueError, match=r"^table: meld 2 of 2 has no cards"):
        m.best_melds("10♠ J♠", table="7♠ 8♠ 9♠ +")
    # no cards at all is no melds, as an empty list is; a list's empty meld is a meld refused
    assert m.parse_melds("  ") == [] and m.check_opening("").reasons == m.check_opening([]).reasons
    assert next(r.code for r in m.check_opening(["5♠ 5♥ 5♦", [], "7♠ 8♠ 9♠"]).reasons) == "meld.empty"
    # a court card or an ace by its number (the seeds write 1♥ for the ace): the card it would be
    for written, meant in (("11h", "J♥"), ("12♠", "Q♠"), ("13d", "K♦"), ("1c", "A♣"), ("14♥", "A♥")):
        with pytest.raises(ValueError, match=rf"^'{written}' is not a card: .* \(did you mean {meant}\?\)$"):
            m.check_meld(f"{written} 5♠ 5♥")
    with pytest.raises(ValueError, match=r"for a joker$"):  # no card of that number: no guess
        m.check_meld("15h 5♠ 5♥")
    # a meld of no cards is refused for that alone (not also "a set of 0 cards")
    assert [r.code for r in m.check_meld("").reasons] == ["meld.empty"]
