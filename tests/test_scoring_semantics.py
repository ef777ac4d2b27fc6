"""One reading of `all_out_bonus`, `handing_multiplier` and `draws N`: the referee,
the simulator's scorer and the verifier's scoring terms each follow docs/dsl.md.

Every expected score is worked out by hand from the documented meaning (the arithmetic is in
the comment next to it), on house variants of the seed specs made through `extends`.
"""

from __future__ import annotations

import pytest
import z3
from house import house_variant

from remikc.sim.play import deal_scores
from remikc.verify.base import opening_hands
from remikc.verify.encode import Encoder
from remikc.verify.encode import deal_scores as verifier_scores

# seat 0's ten cards: K♥ K♦ Q♣ = 30, 9♦ 8♣ 7♥ 6♦ 5♣ 4♥ 3♦ = 42: 72 in all
OTHER = "K♥ K♦ Q♣ 9♦ 8♣ 7♥ 6♦ 5♣ 4♥ 3♦"
SPADES = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"


@pytest.fixture(scope="module")
def basic_bonus(tmp_path_factory):
    """Remik podstawowy (`winner_collects`, `handing_multiplier 2`) with `all_out_bonus 25`."""
    return house_variant(tmp_path_factory.mktemp("bb"), "podstawowy_premia", "remik_podstawowy",
                         "  scoring {\n    all_out_bonus 25\n  }")


@pytest.fixture(scope="module")
def karuzela_handing(tmp_path_factory):
    """Karuzela (`differences`, `all_out_bonus 25`) with handing, doubled."""
    return house_variant(tmp_path_factory.mktemp("kh"), "karuzela_reka", "karuzela",
                         "  handing {\n    lay_off allowed\n  }\n"
                         "  scoring {\n    handing_multiplier 2\n  }")


@pytest.fixture(scope="module")
def two_draws(tmp_path_factory):
    """Remik podstawowy drawing two cards a turn (`draws 2`, no `until meld`)."""
    return house_variant(tmp_path_factory.mktemp("td"), "podstawowy_dwie", "remik_podstawowy",
                         "  turn {\n    override draws 2\n  }")


def _both_scorers(v, m, game):
    """The deal's scores from the referee, the simulator's scorer and the verifier's terms."""
    r = game.result
    referee = r.scores
    sim, _ = deal_scores(v, r.ended_by, r.seat, tuple(tuple(h) for h in r.hands), r.opened,
                         with_cut_card=r.with_cut_card)
    enc = Encoder(v)
    counts = [enc.num(m.hand_value(h, opened=o)) for h, o in zip(r.hands, r.opened, strict=True)]
    terms = verifier_scores(enc, counts, r.ended_by, r.seat, cut_card=r.with_cut_card)
    verifier = tuple(z3.simplify(t).as_long() for t in terms)
    return referee, sim, verifier


def _going_out(m):
    """Seat 1 lays A..9♠ in one turn (so he does not hand), and goes out in the next."""
    g = m.new_game(2, hands=[OTHER, "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ J♣"], stock="2♥ Q♠ 10♠")
    for action in (m.Draw("stock"), m.Lay(melds=["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"]), m.Discard("2♥"),
                   m.Draw("stock"), m.Discard("Q♠"),  # seat 0 draws the Q♠ and lets it go
                   m.Draw("stock"), m.Lay(lay_offs=[(0, "10♠")]), m.Discard("J♣")):
        g = m.apply(g, action)
        assert g, (action, g)
    return g


def test_going_out_collects_the_hands_and_the_bonus(basic_bonus):
    v, m = basic_bonus
    g = _going_out(m)
    assert g.result.ended_by == "went_out" and g.result.seat == 1
    # seat 0 still holds his ten cards, 72; "Wszystkie karty pozostające w rękach innych graczy
    # są przyznawane zwycięzcy": 72, and 25 for playing every card: 97
    for scores in _both_scorers(v, m, g):
        assert scores == (0, 97)


def test_handing_doubles_the_hands_but_not_the_bonus_under_winner_collects(basic_bonus):
    v, m = basic_bonus
    g = m.new_game(2, hands=[OTHER, SPADES], stock="J♠")
    g = m.apply(g, m.Draw("stock"))
    g = m.apply(g, m.Lay(melds=["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠"]))
    assert g and g.result.ended_by == "handed" and g.result.seat == 1
    # "Kiedy gracz przechodzi remika, wszystkie punkty w tym rozdaniu są podwajane": 72 * 2 = 144,
    # and the bonus for playing every card, not doubled: 144 + 25 = 169
    for scores in _both_scorers(v, m, g):
        assert scores == (0, 169)


def test_handing_doubles_the_differences_and_pays_the_bonus_under_differences(karuzela_handing):
    v, m = karuzela_handing
    g = m.new_game(2, hands=["K♠ 9♥", "2♣ 3♣ 4♣ 8♠ 8♥ 8♦"], stock="5♣ 10♠ 10♥")
    g = m.apply(g, m.Draw("stock"))
    g = m.apply(g, m.Rearrange(table=["2♣ 3♣ 4♣ 5♣", "8♠ 8♥ 8♦"]))
    assert g and g.result.ended_by == "handed" and g.result.winners == (1,)
    # K♠ 9♥ = 19, less his 0: 19, doubled for handing: 38; plus 25 for playing every card: 63
    for scores in _both_scorers(v, m, g):
        assert scores == (0, 63)


def test_a_knock_earns_no_all_out_bonus(karuzela_handing):
    v, m = karuzela_handing
    g = m.new_game(2, hands=["K♠ 9♥", "2♣ 3♣ 4♣ A♠ 3♦"], stock="5♣ 10♠ 10♥")
    g = m.apply(g, m.Draw("stock"))
    g = m.apply(g, m.Rearrange(table=["2♣ 3♣ 4♣ 5♣"]))
    g = m.apply(g, m.EndTurn(knock=True))
    assert g and g.result.ended_by == "knocked"
    # knocker A♠ 3♦ = 4, other 19: 19 - 4 = 15, no bonus, no multiplier
    for scores in _both_scorers(v, m, g):
        assert scores == (0, 15)


def test_two_draws_a_turn_are_both_drawn_before_melding(two_draws):
    _, m = two_draws
    g = m.new_game(2, hands=[OTHER, "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ J♣"], stock="10♠ 2♥ 2♣ Q♦")
    first = m.apply(g, m.Draw("stock"))
    assert first
    # the second card: from the stock only (the discard pile is for a turn's first card)
    assert m.legal_actions(first) == [m.Draw("stock")]
    assert not m.apply(first, m.Lay(melds=["A♠ 2♠ 3♠"]))
    assert not m.apply(first, m.Discard("J♣"))
    assert not m.apply(first, m.Draw("discard"))
    second = m.apply(first, m.Draw("stock"))
    assert second and len(second.hands[1]) == 12  # ten dealt, two drawn
    assert not m.apply(second, m.Draw("stock"))  # two a turn, no more
    after = m.apply(second, m.Lay(melds=["A♠ 2♠ 3♠"]))
    assert after and m.apply(after, m.Discard("J♣"))


def test_two_draws_count_in_the_opening_hand(tmp_path):
    # Remik 51 deals 14 cards (15 to the first player, who does not draw); the others draw two
    # and discard one: 14 + 2 - 1 = 15 cards to open from, as the referee lets them
    v, _ = house_variant(tmp_path, "remik51_dwie", "remik51", "  turn {\n    override draws 2\n  }")
    assert opening_hands(v)[0] == 15
