"""docs/notation.md: melds are separated by `+`, `|` or `,` wherever melds are read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
