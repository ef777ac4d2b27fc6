"""Cards in any order (issue 17, docs/notation.md): without jokers a meld is judged whatever order
it is written in; with jokers the order or the declaration decides; a refusal names the rule that
really fails.

Seed 000 (remik51): "Sekwencje to grupy kart ułożonych rosnąco, które muszą mieć ten sam znak";
"Karty 10, 12, 13, 14 i asy liczą się jako 10 punktów, a pozostałe karty według ich wartości";
"As idzie nie za dziesiątką, ale za królem"; "po królu i asie nie możesz ustawić dwójki".
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import pytest


def _said(reason: object) -> str:
    """A structured reason as the author reads it: its words, then its rule and spec line."""
    return f"{reason} ({getattr(reason, 'rule', None)}, {getattr(reason, 'line', None)})"


@pytest.fixture(scope="module")
def r51(seed_modules: Callable[[str], Any]) -> types.ModuleType:
    return seed_modules("remik51")


@pytest.fixture(scope="module")
def karuzela(seed_modules: Callable[[str], Any]) -> types.ModuleType:
    return seed_modules("karuzela")


@pytest.mark.parametrize(("cards", "points"), [
    ("K♥ Q♥ J♥", 30),  # J-Q-K: 10 + 10 + 10
    ("5♥ 3♥ 4♥", 12),  # 3-4-5
    ("A♥ K♥ Q♥", 30),  # Q-K-A, the ace after the king: 10 + 10 + 10
    ("9♣ 7♣ 10♣ 8♣", 34),  # 7-8-9-10
    ("2♦ A♦ 3♦", 15),  # A-2-3: "asy liczą się jako 10 punktów", low or high: 10 + 2 + 3
])
def test_a_meld_without_jokers_in_any_order(r51: types.ModuleType, cards: str, points: int) -> None:
    verdict = r51.check_meld(cards)
    assert verdict.ok and verdict.kind == "run" and verdict.points == points, (cards, verdict)


def test_a_set_in_any_order_and_a_14_card_run(r51: types.ModuleType) -> None:
    assert repr(r51.check_meld("9♦ 9♠ 9♣")) == "Verdict(ok, set, 27 points)"
    # "Takie ... grupy mogą zaczynać się od asa i kończyć na asie": A-2-..-K-A shuffled, two packs
    shuffled = "7♠ A♠ K♠ 2♠ Q♠ 3♠ J♠ 4♠ 10♠ 5♠ 9♠ 6♠ 8♠ A♠"
    in_order = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠"
    assert r51.check_meld(shuffled).ok
    assert r51.check_meld(shuffled).points == r51.check_meld(in_order).points


@pytest.mark.parametrize(("cards", "rule", "not_rule"), [
    # round the corner, whatever the order: K-A-2 is the wrap, not a suit or order fault
    ("2♥ A♥ K♥", "(run.wrap, ", "(run.suit, "),
    ("A♥ 2♥ K♥", "(run.wrap, ", "(run.suit, "),
    # one card of another suit: the suit rule, named once
    ("5♥ 3♠ 4♥", "(run.suit, ", "(run.wrap, "),
    # a gap: the run's own rule (consecutive ranks), not the suit rule
    ("K♥ Q♥ 10♥", "(run, ", "(run.suit, "),
])
def test_each_refusal_names_the_rule_that_fails(r51: types.ModuleType, cards: str, rule: str,
                                                not_rule: str) -> None:
    verdict = r51.check_meld(cards)
    assert not verdict.ok
    assert any(rule in _said(r) for r in verdict.reasons), verdict.reasons
    assert not any(not_rule in _said(r) for r in verdict.reasons), verdict.reasons


def test_with_jokers_the_order_or_the_declaration_decides(r51: types.ModuleType) -> None:
    # 7♥ JK 5♥ as written: the joker is 8♥ and 5♥ stands where 9♥ belongs
    verdict = r51.check_meld("7♥ JK 5♥")
    assert not verdict.ok and any("stands where 9♥ belongs" in _said(r) for r in verdict.reasons), verdict
    # in table order, or declared: 5-6-7, 5 + 6 + 7 = 18
    assert repr(r51.check_meld("5♥ JK 7♥")) == "Verdict(ok, run, 18 points)"
    assert repr(r51.check_meld("7♥ JK=6♥ 5♥")) == "Verdict(ok, run, 18 points)"


def test_the_table_holds_a_run_in_its_order(karuzela: types.ModuleType) -> None:
    kz = karuzela
    g = kz.new_game(2, hands=["8♥ 8♣ 9♥ 10♥ K♠", "2♣ 3♣ 4♣ K♥ Q♥"], stock="5♣ 10♠ 2♦")
    g = kz.apply(kz.apply(g, kz.Draw("stock")), kz.Rearrange(table=["5♣ 3♣ 2♣ 4♣"]))
    assert g, g
    assert g.table[0].cards == kz.parse_cards("2♣ 3♣ 4♣ 5♣")


def test_a_joker_is_taken_only_by_the_card_of_its_place(r51: types.ModuleType) -> None:
    # JK 6♠ 7♠: the joker is 5♠.  8♠ in its place would make 6-7-8 in another order: refused
    assert not r51.check_joker_swap("JK 6♠ 7♠", "8♠")
    assert repr(r51.check_joker_swap("JK 6♠ 7♠", "5♠")) == "Verdict(ok, run, 18 points)"


def test_a_card_laid_off_lies_in_the_run_s_order(r51: types.ModuleType) -> None:
    # seat 1 opens with 10-J-Q-K♦ (40) and 9-9-9 (27), then lays 9♦ off: it goes before the 10
    g = r51.new_game(2, hands=["2♣ 5♥ 3♣ K♠", "10♦ J♦ Q♦ K♦ 9♠ 9♥ 9♣ 9♦ 4♠"], stock="4♦ 5♦")
    g = r51.apply(g, r51.Lay(["K♦ Q♦ J♦ 10♦", "9♠ 9♥ 9♣"]))
    assert g and g.table[0].cards == r51.parse_cards("10♦ J♦ Q♦ K♦"), g
    g = r51.apply(g, r51.Lay(lay_offs=[(0, "9♦")]))
    assert g and g.table[0].cards == r51.parse_cards("9♦ 10♦ J♦ Q♦ K♦"), g
