"""The IR of every seed variant holds the values its seed text states.

Each expected value below is read off the seed (quoted), not off remikc's
output: if the spec or the compiler drifts from the text, these fail.
"""

from __future__ import annotations

import pytest

from remikc import ir
from remikc.ir import Ace, Flag

ALL = ("remik51", "remik51_domowy", "remik_klasyczny", "remik_podstawowy",
       "remik_podstawowy_as", "karuzela")


def points(v: ir.Variant, rank: int, place: ir.Place = ir.Place.HAND) -> int:
    return v.values.of_rank(rank).at(place)


# --- remik51: seeds 000 and 004 -------------------------------------------------------

def test_remik51_deal_and_opening(load):
    v = load("remik51")
    # "Gracz, który zagra jako pierwszy, zaczyna z 15 kartami"
    assert v.deal.hand.value.at(4) + v.deal.extra() == 15
    # "których suma musi wynosić 51 lub więcej"
    assert v.opening.min_points.value == 51
    assert v.opening.min_points.assumed is None
    # "Ta karta ... umieszcza pod wszystkimi innymi kartami"
    assert v.deal.cut_card.value is True
    # the seeds give neither players nor deck: both must be marked as assumptions
    assert v.players.assumed and v.deck.standard.assumed and v.deck.jokers.assumed


def test_remik51_card_values(load):
    v = load("remik51")
    # "Karty 10, 12, 13, 14 i asy liczą się jako 10 punktów, a pozostałe karty według ich wartości"
    assert [points(v, r) for r in range(1, 14)] == [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    # an ace counts 10 wherever it lies, low run included (1♥ 2♥ 3♥ is 15)
    assert points(v, 1, ir.Place.LOW_RUN) == 10
    # "ich wartość jest obliczana w zależności od tego, którą kartę zastąpią"
    assert v.values.joker.value.as_replaced


def test_remik51_melds(load):
    v = load("remik51")
    # "może mieć 3 lub co najwyżej 4 karty"; "nie może mieć dwóch kart z tym samym znakiem"
    assert v.set.size.value == ir.Range(3, 4)
    assert v.set.suits.value is ir.SetSuits.DISTINCT
    # "Talia 4 kart nazywana jest talią zamkniętą"
    assert v.set.closed_at.value == 4
    # "co najmniej 3 karty i nie ma ograniczeń"
    assert v.run.size.value == ir.Range(3, None)
    # "1♣ 2♣ 3♣ 4♣ lub 13♥ 14♥ 1♥"; "Q♥ K♥ 1♥ 2♥ jest nieprawidłowa"; "zaczynać się od asa i kończyć na asie"
    assert v.run.ace.value is Ace.LOW_OR_HIGH
    assert v.run.wrap.value is False
    assert v.run.ace_to_ace.value is True
    # "Na początku grupa może mieć tylko jednego jokera."
    assert v.jokers.limit(opening=True) == 1


def test_remik51_turn(load):
    v = load("remik51")
    # first round free; later only if opening this turn; free after opening
    assert v.turn.source(ir.DrawSource.DISCARD_TOP).value == ir.AnyOf(
        (ir.Is(Flag.FIRST_ROUND), ir.Is(Flag.OPENED), ir.Is(Flag.OPENS_THIS_TURN)))
    # the cut card may be taken "tylko wtedy, gdy zaczyna rozdawać" (004: "ako kreće u handiranje")
    assert v.turn.source(ir.DrawSource.CUT_CARD).value == ir.Is(Flag.HANDING)
    assert v.turn.lay_off.value == ir.Is(Flag.OPENED)
    assert v.turn.draws.value == ir.Draws(1, until_meld=False)
    assert v.turn.discard.value == 1
    # "musisz odrzucić ostatnią kartę"
    assert v.going_out.by.value is ir.GoingOutBy.DISCARD
    # 004: "ne smije dodati nijednu svoju kartu u izloženu grupu drugog igrača"
    assert v.handing.lay_off.value is False


def test_remik51_scoring(load):
    s = load("remik51").scoring
    assert s.method.value is ir.Method.PENALTIES
    assert s.went_out.value == -40  # "Ten gracz otrzymuje -40 punktów."
    assert s.handed.value == -80  # 004: "handirao onda dobija -80 bodova"
    assert s.handed_with_cut_card.value == -120  # "otrzymuje -120 punktów"
    assert s.joker_in_hand.value == 20  # "liczy się +20"
    assert s.not_opened.value == 100  # "zostanie mu zapisane +100"
    assert s.handing_multiplier.value == 2  # "podwajane ... tj. +200"
    assert s.not_opened.value * s.handing_multiplier.value == 200


def test_remik51_domowy_changes_only_the_agreed_values(load):
    base, house = load("remik51"), load("remik51_domowy")
    # "Gdzieś na to zwycięstwo wyliczone jest -140"; "niektórzy nawet liczą +50"
    assert house.scoring.handed_with_cut_card.value == -140
    assert house.scoring.joker_in_hand.value == 50
    assert house.scoring.handed_with_cut_card.origin == "remik51_domowy"
    changed = {r.id for r in house.rules} ^ {r.id for r in base.rules}
    assert changed == set()
    differing = {r.id for r in house.rules if r != base.rule(r.id)}
    assert differing == {"scoring.handed_with_cut_card", "scoring.joker_in_hand"}
    assert house.scoring.went_out.origin == "remik51"
    assert house.parent == "remik51" and house.lineage == ("remik51_domowy", "remik51")


# --- remik_klasyczny: seed 001 ------------------------------------------------------

def test_remik_klasyczny(load):
    v = load("remik_klasyczny")
    # "Każdy z graczy otrzymuje po 13 kart, rozdający otrzymuje kart 14."
    assert v.deal.hand.value.at(3) == 13
    assert v.deal.first_player.value is ir.FirstPlayer.DEALER
    assert v.deal.hand.value.at(3) + v.deal.extra() == 14
    # "co najmniej jeden "czysty" sekwens ... oraz co najmniej 49 punktów"
    assert v.opening.min_points.value == 49
    assert v.opening.needs_clean_run()
    # "w sekwensie typu as-2-3 as ma 1 pkt, w innych zestawach (A-A-A lub D-K-A) 10 pkt"
    assert points(v, 1, ir.Place.LOW_RUN) == 1
    assert points(v, 1, ir.Place.HIGH_RUN) == 10
    assert points(v, 1, ir.Place.SET) == 10
    # "...-D-K-A-2-3-... nie dopuszczalne"; "Wyjątek stanowi 14 kartowy sekwens"
    assert v.run.wrap.value is False and v.run.ace_to_ace.value is True
    # "sekwensy oparte na kilku jokerach np. 10-Joker-Joker-K"
    assert v.jokers.limit(opening=False) is None
    # "Podmienionego jokera można zatrzymać w ręce lub dołożyć"
    assert v.joker_swap.retrieved_joker.value is ir.RetrievedJoker.KEEP
    # "potasować karty stosu odkrytego pozostawiając ostatnio rzuconą kartę"
    assert v.stock_empty.value is ir.StockEmpty.RESHUFFLE
    # the seed breaks off before scoring: every scoring rule is an assumption
    for rule in (v.scoring.method, v.scoring.went_out, v.game_end.target, v.game_end.winner):
        assert rule.assumed


# --- remik_podstawowy and its ace option: seed 002 ------------------------------------

def test_remik_podstawowy(load):
    v = load("remik_podstawowy")
    assert v.players.value == ir.Range(2, 6)  # "z dwoma do sześciu graczy"
    assert v.deck.size(4) == 52 and v.jokers is None  # "standardowej talii 52 kart"
    # 10 cards for two, seven for three or four, six for five or six
    assert [v.deal.hand.value.at(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]
    assert v.deal.first_discard.value is ir.FirstDiscard.FACE_UP
    assert v.opening is None
    # "Asy są warte jeden punkt ... Każda figura jest warta 10 punktów."
    assert [points(v, r) for r in (1, 7, 10, 11, 12, 13)] == [1, 7, 10, 10, 10, 10]
    assert v.run.ace.value is Ace.LOW and v.run.wrap.value is False
    assert v.set.size.value == ir.Range(3, 4)
    # "nie może odrzucić tej karty w tej samej turze"
    assert v.turn.discard_taken_card.value is False
    assert v.scoring.method.value is ir.Method.WINNER_COLLECTS
    assert v.scoring.handing_multiplier.value == 2  # "wszystkie punkty ... są podwajane"
    assert v.game_end.target.value == 150 and v.game_end.target.assumed  # "np. 150"
    assert v.going_out.by.value is ir.GoingOutBy.DISCARD_OR_TABLE


def test_remik_podstawowy_as(load):
    base, v = load("remik_podstawowy"), load("remik_podstawowy_as")
    # "as może być albo niską kartą ... lub wysoką kartą"; "15 punktów każdy"
    assert v.run.ace.value is Ace.LOW_OR_HIGH
    assert points(v, 1) == 15
    assert v.run.ace_to_ace.value is False and v.run.wrap.value is False
    differing = {r.id for r in v.rules if r != base.rule(r.id)}
    assert differing == {"run.ace", "run.ace_to_ace", "values.A"}


# --- karuzela: seed 003 -------------------------------------------------------------

def test_karuzela_players_deck_deal(load):
    v = load("karuzela")
    assert v.players.value == ir.Range(2, 5)
    # "dwóch graczy, standardowa talia 53 kart (z jednym jokerem); trzech lub więcej graczy, dwie"
    assert v.deck.size(2) == 53
    assert [v.deck.size(n) for n in (3, 4, 5)] == [106, 106, 106]
    assert v.deal.hand.value.at(5) == 10  # "każdy gracz otrzymuje 10 kart"
    assert v.deal.first_player.value is ir.FirstPlayer.LEFT_OF_DEALER


def test_karuzela_values_and_turn(load):
    v = load("karuzela")
    # "Karty mają następujące wartości: Jokery: 25 punktów każdy; Walet, dama, król: po 10
    # punktów; ... Asy: po jednym punkcie": one list, the joker priced as the other cards
    assert v.values.joker.value == ir.JokerValue(as_replaced=False, points=25)
    assert v.scoring.joker_in_hand is None
    assert [points(v, r) for r in (1, 5, 11, 12, 13)] == [1, 5, 10, 10, 10]
    # draw one, then a second and a third while nothing is melded; no meld after the third
    assert v.turn.draws.value == ir.Draws(3, until_meld=True)
    assert v.turn.meld_after_last_draw.value is False
    assert v.turn.discard.value == 0
    assert v.turn.rearrange.min_from_hand.value == 1
    assert v.turn.rearrange.remove_from_table.value is False
    assert v.knocking.max_hand.value == 5  # "z pięcioma lub mniej punktami"
    assert v.stock_empty.value is ir.StockEmpty.LAST_ROUND
    assert v.jokers.declare.value is ir.Declare.RANK_AND_SUIT
    assert v.joker_swap.card_from.value is ir.SwapFrom.HAND_OR_TABLE
    assert v.joker_swap.retrieved_joker.value is ir.RetrievedJoker.PLAY_NOW


def test_karuzela_scoring(load):
    v = load("karuzela")
    s, g = v.scoring, v.game_end
    assert s.method.value is ir.Method.DIFFERENCES
    assert s.undercut_bonus.value == 10 and s.all_out_bonus.value == 25
    assert s.tie_with_knocker.value is ir.TieWithKnocker.OTHERS_WIN
    assert (g.target.value, g.target_bonus.value, g.round_win_bonus.value) == (150, 100, 25)
    assert g.winner.value is ir.Winner.HIGHEST


# --- properties every variant has ------------------------------------------------------

@pytest.mark.parametrize("variant_id", ALL)
def test_every_rule_points_at_its_spec_line(load, variant_id):
    v = load(variant_id)
    for rule in v.rules:
        origin_file = f"specs/{rule.origin}.rules"
        assert rule.span.file.endswith(origin_file)
        assert rule.origin in v.lineage


@pytest.mark.parametrize("variant_id", ALL)
def test_ir_is_immutable(load, variant_id):
    v = load(variant_id)
    with pytest.raises(AttributeError):
        v.players = v.players  # type: ignore[misc]
    with pytest.raises(AttributeError):
        v.players.value.low = 1  # type: ignore[misc]
