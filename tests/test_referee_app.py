"""The referee as a server uses it: who may act (`apply(..., seat=)`), the first player's draw, and
remik51's cut card, which only a player who hands may take (seeds 000 and 004).

Seat 0 deals; the first player is seat 1, dealt the extra card.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture(scope="module")
def r51(seed_modules: Callable[[str], Any]) -> types.ModuleType:
    return seed_modules("remik51")


def _deal(r51: types.ModuleType, stock: str = "4♥ 2♥ 3♥ 4♠") -> Any:
    return r51.new_game(2, hands=["2♣ 5♥ 9♣ K♦", "6♠ 7♠ 10♦ 10♣ 10♥ 3♥ K♣ 9♥"], stock=stock, cut_card="A♣")


def test_an_action_out_of_turn_is_refused(r51: types.ModuleType) -> None:
    g = _deal(r51)
    answer = r51.apply(g, r51.Discard("9♥"), seat=0)
    assert not answer and [(r.code, r.params) for r in answer.reasons] == [
        ("turn.not_yours", {"to_move": 1, "seat": 0})]
    assert str(answer.reasons[0]) == "it is seat 2's turn, not seat 1's"  # words count from 1
    g = r51.apply(g, r51.Discard("9♥"), seat=1)
    assert g and g.seat == 0
    assert not r51.apply(g, r51.Draw("stock"), seat=1)
    assert r51.apply(g, r51.Draw("stock"), seat=0)
    assert r51.apply(g, r51.Draw("stock"))  # without a seat: the player to move, as before


def test_the_first_players_draw_is_refused_saying_why(r51: types.ModuleType) -> None:
    # 000: "Gracz, który zagra jako pierwszy, zaczyna z 15 kartami i musi odrzucić jedną kartę"
    g = _deal(r51)
    answer = r51.apply(g, r51.Draw("stock"))
    assert not answer
    (why,) = answer.reasons
    assert (why.code, why.rule, why.params) == ("draw.first_player", "deal.first_player_extra", {"extra": 1})
    assert why.line == "specs/remik51.rules:24"
    assert str(why) == ("the first player, dealt 1 card more, does not draw on his first turn: he lays down "
                        "or discards")
    # a second draw later in a turn is still told so
    g = r51.apply(r51.apply(g, r51.Discard("9♥")), r51.Draw("stock"))
    again = r51.apply(g, r51.Draw("stock")).reasons[0]
    assert (again.code, again.rule, str(again)) == (
        "draw.enough", "turn.draws", "a turn draws 1 card, and they have been drawn")


def test_the_cut_card_is_never_dealt_as_a_stock_card(r51: types.ModuleType) -> None:
    """000: the cut card may be taken "tylko wtedy, gdy zaczyna rozdawać" (only by a player who
    hands).  When the cards above it are gone, the discards but the top one become the stock and
    the cut card stays under it (`stock_empty reshuffle`)."""
    g = _deal(r51, stock="4♠")
    g = r51.apply(g, r51.Discard("9♥"))  # seat 1, the first player
    g = r51.apply(g, r51.Draw("stock"))  # seat 0 takes 4♠, the last card above the cut card
    assert g.hands[0] == tuple(sorted(r51.parse_cards("2♣ 4♠ 5♥ 9♣ K♦")))
    g = r51.apply(g, r51.Discard("K♦"))
    assert g.seat == 1 and g.cut and r51.view(g, 1).cut_card == r51.Card(r51.parse_card("A♣"))
    # seat 1 (6♠ 7♠ 10♦ 10♣ 10♥ 3♥ K♣) cannot hand with A♣: the cut card is not his to take
    assert r51.Draw("cut") not in r51.legal_actions(g)
    assert r51.Draw("stock") in r51.legal_actions(g)
    g = r51.apply(g, r51.Draw("stock"))
    # he gets 9♥, the discard pile's card under K♦, not A♣
    assert r51.parse_card("9♥") in g.hands[1] and r51.parse_card("A♣") not in g.hands[1]
    assert g.cut and g.stock == (r51.parse_card("A♣"),) and g.discards == (r51.parse_card("K♦"),)
