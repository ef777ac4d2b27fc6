"""Card notation: `10♥ Q♠ A♣ JK`, with ASCII `10h Qs Ac` accepted."""

from __future__ import annotations

import pytest

from remikc.cards import JOKER_CARD, Card, CardError, format_cards, parse_card, parse_cards, parse_rank


@pytest.mark.parametrize("token, rank, suit", [
    ("10♥", 10, 1), ("10h", 10, 1), ("Th", 10, 1), ("Q♠", 12, 0), ("Qs", 12, 0), ("qs", 12, 0),
    ("A♣", 1, 3), ("Ac", 1, 3), ("2♦", 2, 2), ("K♦", 13, 2), ("Kd", 13, 2), ("J♣", 11, 3),
])
def test_parse_card(token, rank, suit):
    assert parse_card(token) == Card(rank, suit)


def test_jokers_and_lists():
    assert parse_card("JK") == JOKER_CARD and JOKER_CARD.is_joker
    assert parse_cards("10h, Qs  Ac JK") == (Card(10, 1), Card(12, 0), Card(1, 3), JOKER_CARD)
    assert format_cards(parse_cards("10h Qs Ac JK")) == "10♥ Q♠ A♣ JK"


@pytest.mark.parametrize("token, hint", [
    ("11♥", "did you mean `J♥`?"),
    ("1♥", "did you mean `A♥`?"),
    ("Q♡", "did you mean `Q♥`?"),
    ("Qx", "`x` is not a suit"),
    ("Joker", None),  # accepted, see below
    ("JKR", "did you mean `JK`?"),
])
def test_bad_cards_get_a_hint(token, hint):
    if hint is None:
        assert parse_card(token).is_joker
        return
    with pytest.raises(CardError) as caught:
        parse_card(token)
    assert caught.value.hint is not None and hint in caught.value.hint


def test_ranks():
    assert [parse_rank(r) for r in ("A", "2", "10", "J", "Q", "K")] == [1, 2, 10, 11, 12, 13]
    with pytest.raises(CardError):
        parse_rank("14")
